UPDATE :tbl SET n = n + 1 WHERE k = :key;
