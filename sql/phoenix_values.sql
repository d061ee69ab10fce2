-- Values as Apache Phoenix 5.2.1 reads and writes them (issue 24 §3), Phoenix's own SELECT
-- through its JDBC driver being the oracle: schema FDWPV, made by Phoenix's DDL and UPSERTs
-- (tests/fixtures_phoenix_values.py), imported here.  Phoenix's answers to the same queries
-- come first (one JVM for all: "phoenix> query", then its rows), then the foreign tables'
-- answers; then rows written here, read back by Phoenix.
-- - CHAR(n): Phoenix pads to n bytes with spaces and strips them when it reads;
-- - '' is Phoenix's NULL (no cell; a nullable last key column left out of the key);
-- - DOUBLE and FLOAT key columns: the sortable bits plus one (DESC: inverted), the unsigned
--   types the plain IEEE bits.
SET extra_float_digits = 0;
CREATE SCHEMA pv;
IMPORT FOREIGN SCHEMA "FDWPV" EXCEPT (mark) FROM SERVER hbase INTO pv OPTIONS (phoenix 'true');
SELECT c.relname, ft.ftoptions FROM pg_foreign_table ft JOIN pg_class c ON c.oid = ft.ftrelid
  WHERE c.relnamespace = 'pv'::regnamespace ORDER BY 1;
SELECT attrelid::regclass, attname, format_type(atttypid, atttypmod), attfdwoptions
  FROM pg_attribute WHERE attrelid::regclass::text LIKE 'pv.%' AND attnum > 0 ORDER BY 1, attnum;

-- Phoenix's answers (NUMSD: Phoenix 5.2.1 itself counts every row for F >= 0 on its FLOAT
-- DESC key column, so that count is asked of NUMS)
\! printf '%s\n' "SELECT D, F, V FROM FDWPV.NUMS WHERE D BETWEEN -1 AND 1 ORDER BY D;" "SELECT V FROM FDWPV.NUMS WHERE D = 1.5 AND F = 1.5;" "SELECT V FROM FDWPV.NUMS WHERE D = -3.75;" "SELECT V FROM FDWPV.NUMS WHERE D = 0;" "SELECT V FROM FDWPV.NUMS WHERE D = 1e300 AND F = CAST(3e38 AS FLOAT);" "SELECT COUNT(*) FROM FDWPV.NUMS WHERE D > 0;" "SELECT COUNT(*) FROM FDWPV.NUMS WHERE D >= 0;" "SELECT COUNT(*) FROM FDWPV.NUMS WHERE D < 0;" "SELECT COUNT(*) FROM FDWPV.NUMS WHERE D > -3.75 AND D <= 1.5;" "SELECT COUNT(*) FROM FDWPV.NUMS WHERE F >= CAST(0 AS FLOAT);" "SELECT COUNT(*), SUM(D), SUM(F) FROM FDWPV.NUMS WHERE D BETWEEN -5 AND 5;" "SELECT D, V FROM FDWPV.NUMS ORDER BY D LIMIT 3;" "SELECT D, V FROM FDWPV.NUMS ORDER BY D DESC LIMIT 3;" "SELECT D, F, V FROM FDWPV.NUMSD WHERE D BETWEEN -1 AND 1 ORDER BY D DESC;" "SELECT V FROM FDWPV.NUMSD WHERE D = 1.5 AND F = 1.5;" "SELECT V FROM FDWPV.NUMSD WHERE D = -3.75 AND F > CAST(-4 AS FLOAT);" "SELECT COUNT(*) FROM FDWPV.NUMSD WHERE D > 0;" "SELECT D, V FROM FDWPV.NUMSD ORDER BY D DESC LIMIT 3;" "SELECT D, V FROM FDWPV.NUMSD ORDER BY D LIMIT 3;" "SELECT D, F, V FROM FDWPV.UNUMS WHERE D <= CAST(1 AS UNSIGNED_DOUBLE) ORDER BY D;" "SELECT V FROM FDWPV.UNUMS WHERE D = CAST(1.5 AS UNSIGNED_DOUBLE) AND F = CAST(1.5 AS UNSIGNED_FLOAT);" "SELECT COUNT(*) FROM FDWPV.UNUMS WHERE D > CAST(0 AS UNSIGNED_DOUBLE);" "SELECT COUNT(*) FROM FDWPV.CHARS WHERE STATUS = 'P';" "SELECT COUNT(*) FROM FDWPV.CHARS WHERE STATUS = 'PX';" "SELECT STATUS, COUNT(*) FROM FDWPV.CHARS GROUP BY STATUS ORDER BY STATUS;" "SELECT K, STATUS, C FROM FDWPV.CHARS WHERE K < 'r06' ORDER BY K;" "SELECT K, D, V FROM FDWPV.CK ORDER BY K, D;" "SELECT V FROM FDWPV.CK WHERE K = 'a' AND D = 'b';" "SELECT V FROM FDWPV.CK WHERE K = 'a' ORDER BY D DESC;" "SELECT K, K2, V, C, K2 IS NULL, V IS NULL, C IS NULL FROM FDWPV.STRS ORDER BY K;" | python3 tests/fixtures_phoenix_values.py sql

-- DOUBLE and FLOAT key columns: the values Phoenix wrote, exactly
SELECT d, f, v FROM pv.nums WHERE d BETWEEN -1 AND 1 ORDER BY d;
-- a point: the range of the one key Phoenix wrote
EXPLAIN (COSTS OFF) SELECT v FROM pv.nums WHERE d = 1.5 AND f = 1.5;
SELECT v FROM pv.nums WHERE d = 1.5 AND f = 1.5;
SELECT v FROM pv.nums WHERE d = -3.75;
SELECT v FROM pv.nums WHERE d = 0;
SELECT v FROM pv.nums WHERE d = 1e300 AND f = 3e38::real;
-- ranges and counts (0 is not above 0)
SELECT count(*) FROM pv.nums WHERE d > 0;
SELECT count(*) FROM pv.nums WHERE d >= 0;
SELECT count(*) FROM pv.nums WHERE d < 0;
SELECT count(*) FROM pv.nums WHERE d > -3.75 AND d <= 1.5;
SELECT count(*) FROM pv.nums WHERE f >= 0;
SELECT count(*), sum(d), sum(f) FROM pv.nums WHERE d BETWEEN -5 AND 5;
SELECT d, v FROM pv.nums ORDER BY d LIMIT 3;
SELECT d, v FROM pv.nums ORDER BY d DESC LIMIT 3;
-- the same key columns DESC
SELECT d, f, v FROM pv.numsd WHERE d BETWEEN -1 AND 1 ORDER BY d DESC;
SELECT v FROM pv.numsd WHERE d = 1.5 AND f = 1.5;
SELECT v FROM pv.numsd WHERE d = -3.75 AND f > -4;
SELECT count(*) FROM pv.numsd WHERE d > 0;
SELECT count(*) FROM pv.numsd WHERE f >= 0;
SELECT d, v FROM pv.numsd ORDER BY d DESC LIMIT 3;
SELECT d, v FROM pv.numsd ORDER BY d LIMIT 3;
-- UNSIGNED_DOUBLE, UNSIGNED_FLOAT DESC: the IEEE bits (equality pushed down, ranges not)
SELECT d, f, v FROM pv.unums WHERE d <= 1 ORDER BY d;
EXPLAIN (COSTS OFF) SELECT v FROM pv.unums WHERE d = 1.5 AND f = 1.5;
SELECT v FROM pv.unums WHERE d = 1.5 AND f = 1.5;
SELECT count(*) FROM pv.unums WHERE d > 0;

-- CHAR(n) cells: read without Phoenix's padding, so = 'P' finds the padded 'P '
SELECT count(*) FROM pv.chars WHERE status = 'P';
SELECT count(*) FROM pv.chars WHERE status = 'PX';
SELECT status, count(*) FROM pv.chars GROUP BY status ORDER BY status;
SELECT k, status, c, length(c) FROM pv.chars WHERE k < 'r06' ORDER BY k;
-- CHAR key columns (the second DESC: padded, then inverted)
SELECT k, d, v FROM pv.ck ORDER BY k, d;
EXPLAIN (COSTS OFF) SELECT v FROM pv.ck WHERE k = 'a' AND d = 'b';
SELECT v FROM pv.ck WHERE k = 'a' AND d = 'b';
SELECT v FROM pv.ck WHERE k = 'a' ORDER BY d DESC;
-- '' is Phoenix's NULL: no cell, and a nullable last key column left out of the key
SELECT k, k2, v, c, k2 IS NULL AS k2_null, v IS NULL AS v_null, c IS NULL AS c_null
  FROM pv.strs ORDER BY k;

-- rows written here: DOUBLE/FLOAT keys (NaN and the infinities too) found by Phoenix
INSERT INTO pv.nums VALUES (0.1, 0.1, 'pg1'), (-2.5e-10, -7.25, 'pg2'),
  ('Infinity', '-Infinity', 'pg3'), ('-Infinity', 'Infinity', 'pg4'), ('NaN', 'NaN', 'pg5');
INSERT INTO pv.numsd VALUES (0.1, 0.1, 'pg1'), (-2.5e-10, -7.25, 'pg2');
INSERT INTO pv.unums VALUES (0.1, 0.1, 'pg1'), ('Infinity', 2.5, 'pg2');
-- what Phoenix refuses: a negative UNSIGNED_DOUBLE or UNSIGNED_FLOAT
INSERT INTO pv.unums VALUES (-1, 1, 'negative');
INSERT INTO pv.unums VALUES (1, -0.5, 'negative');
SELECT d, f, v FROM pv.nums WHERE v LIKE 'pg%' ORDER BY d;
SELECT v FROM pv.nums WHERE d = 0.1 AND f = 0.1::real;
-- CHAR(n) written padded to n (Phoenix refuses a shorter cell); longer values and
-- characters of more than one byte refused, as Phoenix does
INSERT INTO pv.chars VALUES ('pg1', 'Q', 'ab', 'one'), ('pg2', 'QQ', 'abcde', 'two');
INSERT INTO pv.chars VALUES ('pg3', 'QQQ', NULL, 'three');
INSERT INTO pv.chars VALUES ('pg3', 'é', NULL, 'three');
UPDATE pv.chars SET c = 'z' WHERE k = 'pg2';
SELECT k, status, c, length(c) FROM pv.chars WHERE k LIKE 'pg%' ORDER BY k;
INSERT INTO pv.ck VALUES ('pg', 'q', 'written here');
INSERT INTO pv.ck VALUES ('é', 'q', 'refused');
SELECT k, d, v FROM pv.ck WHERE k = 'pg' AND d = 'q';
-- '' written as Phoenix writes it: NULL, no cell; the nullable last key column left out;
-- refused in a key column that cannot be NULL
INSERT INTO pv.strs VALUES ('pg', '', '', '');
INSERT INTO pv.strs VALUES ('pg2', 'z', 'with k2', 'c');
-- a direct UPDATE by key (one Get, then a PUT or a check-and-put) writes '' as NULL too
EXPLAIN (COSTS OFF) UPDATE pv.strs SET v = '' WHERE k = 'c' AND k2 = 'c2';
UPDATE pv.strs SET v = '' WHERE k = 'c' AND k2 = 'c2';
SELECT v IS NULL AS v_null FROM pv.strs WHERE k = 'c' AND k2 = 'c2';
\! python3 tests/hbase_rest.py get FDWPV.STRS 'c\x00c2'
UPDATE pv.strs SET v = 'full' WHERE k = 'c' AND k2 = 'c2';
UPDATE pv.strs SET v = v || '' WHERE k = 'c' AND k2 = 'c2';
UPDATE pv.strs SET v = substr(v, 9) WHERE k = 'c' AND k2 = 'c2' RETURNING v IS NULL AS v_null;
SELECT v IS NULL AS v_null FROM pv.strs WHERE k = 'c' AND k2 = 'c2';
\! python3 tests/hbase_rest.py get FDWPV.STRS 'c\x00c2'
UPDATE pv.strs SET v = '', c = '' WHERE k = 'c';
INSERT INTO pv.strs VALUES ('', 'x', 'v', 'c');
SELECT k, k2, v, c, k2 IS NULL AS k2_null, v IS NULL AS v_null, c IS NULL AS c_null
  FROM pv.strs ORDER BY k;
SELECT k FROM pv.strs WHERE k = 'pg' AND k2 IS NULL;
-- Phoenix reads them
\! printf '%s\n' "SELECT D, F, V FROM FDWPV.NUMS WHERE V LIKE 'pg%' ORDER BY D;" "SELECT V FROM FDWPV.NUMS WHERE D = 0.1 AND F = CAST(0.1 AS FLOAT);" "SELECT V FROM FDWPV.NUMS WHERE D = -2.5E-10 AND F = -7.25;" "SELECT D, F, V FROM FDWPV.NUMSD WHERE V LIKE 'pg%' ORDER BY D DESC;" "SELECT V FROM FDWPV.NUMSD WHERE D = -2.5E-10 AND F = -7.25;" "SELECT D, F, V FROM FDWPV.UNUMS WHERE V LIKE 'pg%' ORDER BY D;" "SELECT V FROM FDWPV.UNUMS WHERE D = CAST(0.1 AS UNSIGNED_DOUBLE);" "SELECT K, STATUS, C, LENGTH(STATUS), LENGTH(C) FROM FDWPV.CHARS WHERE K LIKE 'pg%' ORDER BY K;" "SELECT K FROM FDWPV.CHARS WHERE STATUS = 'Q';" "SELECT K, D, LENGTH(K), LENGTH(D), V FROM FDWPV.CK WHERE K = 'pg';" "SELECT V FROM FDWPV.CK WHERE K = 'pg' AND D = 'q';" "SELECT K, K2, V, C, K2 IS NULL, V IS NULL, C IS NULL FROM FDWPV.STRS ORDER BY K;" "SELECT K FROM FDWPV.STRS WHERE K = 'pg' AND K2 IS NULL;" | python3 tests/fixtures_phoenix_values.py sql
DELETE FROM pv.nums WHERE v LIKE 'pg%';
DELETE FROM pv.numsd WHERE v LIKE 'pg%';
DELETE FROM pv.unums WHERE v LIKE 'pg%';
DELETE FROM pv.chars WHERE k LIKE 'pg%';
DELETE FROM pv.ck WHERE k = 'pg';
DELETE FROM pv.strs WHERE k LIKE 'pg%';
UPDATE pv.strs SET v = 'full', c = 'xyz' WHERE k = 'c';
SELECT (SELECT count(*) FROM pv.nums) AS nums, (SELECT count(*) FROM pv.numsd) AS numsd,
  (SELECT count(*) FROM pv.unums) AS unums, (SELECT count(*) FROM pv.chars) AS chars,
  (SELECT count(*) FROM pv.ck) AS ck, (SELECT count(*) FROM pv.strs) AS strs;

DROP SCHEMA pv CASCADE;
