-- Each write statement means what PostgreSQL means (issue 34): a row is changed once per
-- statement however often a join of UPDATE ... FROM or DELETE ... USING matches it (and
-- counted, returned and seen by AFTER ROW triggers once); SET is evaluated once per row, and
-- RETURNING returns what was written; WHERE CURRENT OF and MERGE are refused, saying why.
-- Each statement runs on the foreign table and on a local table of the same rows (wl), which
-- gives PostgreSQL's own answer; the HBase cells are read back through raw REST too.
SELECT current_database() AS db \gset
\setenv PGDATABASE :db
\! python3 tests/hbase_rest.py create wf_once cf >/dev/null
-- n: Java's Bytes.toBytes(long) (8 bytes, big-endian); t: text
\! printf '%s' '[{"key":"r1","cells":{"cf:n":{"hex":"0000000000000001"},"cf:t":"a"}},{"key":"r2","cells":{"cf:n":{"hex":"0000000000000002"},"cf:t":"b"}},{"key":"r3","cells":{"cf:n":{"hex":"0000000000000003"},"cf:t":"c"}},{"key":"big","cells":{"cf:n":{"hex":"7ffffffffffffff8"},"cf:t":"m"}}]' | python3 tests/hbase_rest.py put wf_once
CREATE FOREIGN TABLE wf (k text OPTIONS (column ':key'), n bigint OPTIONS (column 'cf:n', encoding 'binary'),
  t text OPTIONS (column 'cf:t')) SERVER hbase OPTIONS (table 'wf_once');
CREATE TEMP TABLE wl (k text, n bigint, t text);
INSERT INTO wl VALUES ('r1', 1, 'a'), ('r2', 2, 'b'), ('r3', 3, 'c'), ('big', 9223372036854775800, 'm');
-- the two tables hold the same rows
CREATE FUNCTION pg_temp.same() RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN (SELECT array_agg(x ORDER BY x) FROM (SELECT wf::text x FROM wf) a) IS NOT DISTINCT FROM
                   (SELECT array_agg(x ORDER BY x) FROM (SELECT wl::text x FROM wl) b)
         THEN 'same rows' ELSE 'DIFFERENT ROWS' END $$;
SELECT pg_temp.same();

-- UPDATE ... FROM whose join matches r1 twice: r1 is updated once (n 1 -> 101), UPDATE 2.
-- A hash join reads the table once (the second match of r1 carries the old row); a nested
-- loop reads it again for each match (by a Get, which sees the row written)
SET enable_nestloop = off;
SET enable_mergejoin = off;
EXPLAIN (COSTS OFF) UPDATE wf SET n = n + 100 FROM (VALUES ('r1'), ('r1'), ('r2')) v(x) WHERE k = v.x;
UPDATE wf SET n = n + 100 FROM (VALUES ('r1'), ('r1'), ('r2')) v(x) WHERE k = v.x;
\echo rows: :ROW_COUNT
UPDATE wl SET n = n + 100 FROM (VALUES ('r1'), ('r1'), ('r2')) v(x) WHERE k = v.x;
\echo rows: :ROW_COUNT
SELECT k, n FROM wf WHERE k IN ('r1', 'r2') ORDER BY k;
RESET enable_nestloop;
SET enable_hashjoin = off;
EXPLAIN (COSTS OFF) UPDATE wf SET n = n + 100 FROM (VALUES ('r1'), ('r1'), ('r2')) v(x) WHERE k = v.x;
UPDATE wf SET n = n + 100 FROM (VALUES ('r1'), ('r1'), ('r2')) v(x) WHERE k = v.x;
\echo rows: :ROW_COUNT
UPDATE wl SET n = n + 100 FROM (VALUES ('r1'), ('r1'), ('r2')) v(x) WHERE k = v.x;
\echo rows: :ROW_COUNT
RESET enable_hashjoin;
\! python3 tests/raw_longs.py wf_once cf:n
SELECT pg_temp.same();
-- RETURNING returns each row once; a SET of constants (a blind PUT) counts each row once too
SET enable_nestloop = off;
UPDATE wf SET t = t || 'x' FROM (VALUES ('r1'), ('r1'), ('r2')) v(x) WHERE k = v.x RETURNING wf.*;
\echo rows: :ROW_COUNT
UPDATE wl SET t = t || 'x' FROM (VALUES ('r1'), ('r1'), ('r2')) v(x) WHERE k = v.x RETURNING wl.*;
\echo rows: :ROW_COUNT
UPDATE wf SET t = 'const' FROM (VALUES ('r3'), ('r3')) v(x) WHERE k = v.x;
\echo rows: :ROW_COUNT
UPDATE wl SET t = 'const' FROM (VALUES ('r3'), ('r3')) v(x) WHERE k = v.x;
\echo rows: :ROW_COUNT
RESET enable_nestloop;
SELECT pg_temp.same();

-- AFTER ROW triggers see each row once; BEFORE ROW triggers run for every match of the join
-- (PostgreSQL calls them before the foreign table is asked, as with postgres_fdw)
CREATE FUNCTION pg_temp.wf_trig() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE NOTICE '% % %: %', TG_WHEN, TG_OP, TG_TABLE_NAME, OLD;
    RETURN OLD;
  END IF;
  RAISE NOTICE '% % %: % -> %', TG_WHEN, TG_OP, TG_TABLE_NAME, OLD, NEW;
  RETURN NEW;
END $$;
CREATE TRIGGER wf_after AFTER UPDATE OR DELETE ON wf FOR EACH ROW EXECUTE FUNCTION pg_temp.wf_trig();
CREATE TRIGGER wf_before BEFORE UPDATE OR DELETE ON wf FOR EACH ROW EXECUTE FUNCTION pg_temp.wf_trig();
SET enable_nestloop = off;
UPDATE wf SET n = n + 1 FROM (VALUES ('r1'), ('r1'), ('r2')) v(x) WHERE k = v.x;
\echo rows: :ROW_COUNT
UPDATE wl SET n = n + 1 FROM (VALUES ('r1'), ('r1'), ('r2')) v(x) WHERE k = v.x;
\echo rows: :ROW_COUNT
RESET enable_nestloop;
DROP TRIGGER wf_before ON wf;
-- with a row trigger, an UPDATE by key is no direct one: the trigger sees the row
UPDATE wf SET n = n + 1 WHERE k = 'r3';
\echo rows: :ROW_COUNT
UPDATE wl SET n = n + 1 WHERE k = 'r3';
\echo rows: :ROW_COUNT
DROP TRIGGER wf_after ON wf;
SELECT pg_temp.same();

-- SET is evaluated once per row; RETURNING returns what was written. Through a direct
-- UPDATE (check-and-put), where RETURNING used to evaluate SET again on the row written:
-- n + 7 reaches the bigint maximum, written and returned (the second evaluation overflowed)
EXPLAIN (COSTS OFF) UPDATE wf SET n = n + 7 WHERE k = 'big' RETURNING n;
UPDATE wf SET n = n + 7 WHERE k = 'big' RETURNING k, n;
\echo rows: :ROW_COUNT
UPDATE wl SET n = n + 7 WHERE k = 'big' RETURNING k, n;
\echo rows: :ROW_COUNT
\! python3 tests/raw_longs.py wf_once cf:n
-- one sequence value per row (two rows: two values), and the values written are returned
CREATE SEQUENCE wf_seq;
UPDATE wf SET t = 's' || nextval('wf_seq') WHERE k IN ('r1', 'r2') RETURNING k, t;
\echo rows: :ROW_COUNT
SELECT last_value FROM wf_seq;
SELECT k, t FROM wf WHERE k IN ('r1', 'r2') ORDER BY k;
-- a function with a side effect in SET runs once per row
CREATE FUNCTION pg_temp.wf_note(v text) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE NOTICE 'SET evaluated on %', v;
  RETURN v || '!';
END $$;
UPDATE wf SET t = pg_temp.wf_note(t) WHERE k = 'r3' RETURNING k, t;
\echo rows: :ROW_COUNT
UPDATE wf SET t = pg_temp.wf_note(t) WHERE k IN ('r1', 'r2', 'none') RETURNING k, t;
\echo rows: :ROW_COUNT
-- a SET of constants (a direct Put) and one without RETURNING (a direct check-and-put)
UPDATE wf SET t = pg_temp.wf_note('c') WHERE k = 'r3';
\echo rows: :ROW_COUNT
UPDATE wf SET t = pg_temp.wf_note(t) WHERE k = 'r3';
\echo rows: :ROW_COUNT
SELECT k, t FROM wf WHERE k = 'r3';

-- DELETE ... USING whose join matches r1 twice: r1 is deleted once, counted and returned once
-- (with its values: RETURNING of a DELETE through a scan returned NULLs)
UPDATE wl SET t = x.t FROM wf x WHERE wl.k = x.k;
SELECT pg_temp.same();
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) DELETE FROM wf USING (VALUES ('r1'), ('r1'), ('r2')) v(x) WHERE k = v.x RETURNING wf.*, v.x;
DELETE FROM wf USING (VALUES ('r1'), ('r1'), ('r2')) v(x) WHERE k = v.x RETURNING wf.*, v.x;
\echo rows: :ROW_COUNT
DELETE FROM wl USING (VALUES ('r1'), ('r1'), ('r2')) v(x) WHERE k = v.x RETURNING wl.*, v.x;
\echo rows: :ROW_COUNT
RESET enable_nestloop;
SELECT pg_temp.same();
-- through a scan (a condition on a cell): the row deleted is returned
DELETE FROM wf WHERE t = 'c!!' RETURNING *;
\echo rows: :ROW_COUNT
DELETE FROM wl WHERE t = 'c!!' RETURNING *;
\echo rows: :ROW_COUNT
SELECT pg_temp.same();
\! python3 tests/hbase_rest.py scan wf_once

-- WHERE CURRENT OF: an HBase row has no ctid for a cursor to point at; refused at once (it
-- failed on the first row read, and an empty table said UPDATE 0)
BEGIN;
DECLARE wf_cur CURSOR FOR SELECT * FROM wf;
FETCH 1 FROM wf_cur;
UPDATE wf SET n = 0 WHERE CURRENT OF wf_cur;
ROLLBACK;
BEGIN;
DECLARE wf_cur CURSOR FOR SELECT * FROM wf WHERE k = 'none';
DELETE FROM wf WHERE CURRENT OF wf_cur;
ROLLBACK;
-- MERGE: PostgreSQL 15 refuses it on foreign tables
MERGE INTO wf USING (VALUES ('big')) v(x) ON k = v.x WHEN MATCHED THEN UPDATE SET n = 0;
SELECT * FROM wf ORDER BY k;

-- a cell without a qualifier ('cf:'): HBase's REST check-and-put cannot compare it (HTTP 400
-- "Column incorrectly specified"), so an UPDATE whose SET reads the row needs another cell
-- written with it; one of constants writes without a check
CREATE FOREIGN TABLE wfu (k text OPTIONS (column ':key'), u text OPTIONS (column 'cf:'),
  n bigint OPTIONS (column 'cf:n', encoding 'binary')) SERVER hbase OPTIONS (table 'wf_once');
UPDATE wfu SET u = u || 'x' WHERE k = 'big';
UPDATE wfu SET u = u || 'x' WHERE n > 0;
UPDATE wfu SET u = 'c' WHERE n > 0;
\echo rows: :ROW_COUNT
UPDATE wfu SET u = 'd' WHERE k = 'big' RETURNING *;
UPDATE wfu SET u = u || 'x', n = n - 1 WHERE k = 'big' RETURNING *;
UPDATE wfu SET u = u || 'x', n = n - 1 WHERE n > 0;
\echo rows: :ROW_COUNT
SELECT * FROM wfu;
\! python3 tests/hbase_rest.py get wf_once big

-- A direct UPDATE whose DELETE of a cell set to NULL fails after the row's PUT was done (a
-- stand-in that refuses every DELETE with 400): the error names the row whose cells were
-- written, as an UPDATE through a scan does (its context line); HBase shows a's v written
\! python3 tests/hbase_rest.py create wf_nulled cf >/dev/null
\! printf '%s' '[{"key":"a","cells":{"cf:v":"1","cf:w":"1"}},{"key":"b","cells":{"cf:v":"1","cf:w":"1"}}]' | python3 tests/hbase_rest.py put wf_nulled
\! curl -s -m 1 http://127.0.0.1:18186/quit >/dev/null; sleep 0.3
\! python3 tests/write_proxy.py 18186 "$HBASE_URL" --fail-deletes --status 400 --body 'Bad request'
CREATE SERVER wf_nulled FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:18186');
CREATE USER MAPPING FOR CURRENT_USER SERVER wf_nulled;
CREATE FOREIGN TABLE wfn (k text OPTIONS (column ':key'), v text OPTIONS (column 'cf:v'),
  w text OPTIONS (column 'cf:w')) SERVER wf_nulled OPTIONS (table 'wf_nulled');
EXPLAIN (COSTS OFF) UPDATE wfn SET v = '2', w = NULL WHERE k IN ('a', 'b');
\set VERBOSITY default
UPDATE wfn SET v = '2', w = NULL WHERE k IN ('a', 'b');
UPDATE wfn SET v = '3', w = NULL WHERE v = '2';
\set VERBOSITY terse
\! echo "$(curl -s http://127.0.0.1:18186/stats)"
\! python3 tests/hbase_rest.py scan wf_nulled
\! curl -s -m 2 http://127.0.0.1:18186/quit >/dev/null
DROP SERVER wf_nulled CASCADE;
\! python3 tests/hbase_rest.py drop wf_nulled

DROP SEQUENCE wf_seq;
DROP FOREIGN TABLE wf, wfu;
\! python3 tests/hbase_rest.py drop wf_once
