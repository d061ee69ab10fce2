UPDATE :tbl SET t = (t::int + 1)::text WHERE k = :key;
