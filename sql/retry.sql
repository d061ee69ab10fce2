-- A write statement's errors say what PostgreSQL's would, and what HBase kept (issue 34).
-- An UPDATE through a scan that meets a concurrent write of a row reads the row again, checks
-- its WHERE again and applies its SET again (READ COMMITTED, as PostgreSQL's EvalPlanQual);
-- 40001 only while nothing of the transaction was written to HBase, else another error whose
-- DETAIL names the rows written. Conflicts are made by a SET that writes the row through REST
-- (COPY TO PROGRAM) when it sees the value 'x'; clients that retry on 40001 check the totals.
SELECT current_database() AS db \gset
\setenv PGDATABASE :db
\getenv hbase_url HBASE_URL
-- the server's OS user runs the sneak's program: its own copy of the REST client, since the
-- checkout may be unreadable to it (as sql/atomic.sql)
\! install -m 644 tests/hbase_rest.py /tmp/wr_retry_rest.py
\! python3 tests/hbase_rest.py create wr_retry cf >/dev/null
-- one check-and-put at a time (write_concurrency 1: the order of the rows decides what a
-- conflict finds written); several at once: sql/bulk_writes.sql, and the clients below
CREATE FOREIGN TABLE wr (k text OPTIONS (column ':key'), n bigint OPTIONS (column 'cf:n', encoding 'binary'),
  t text OPTIONS (column 'cf:t')) SERVER hbase OPTIONS (table 'wr_retry', write_concurrency '1');
-- sneak(v): when v is 'x', row r2 is written through REST with the cells of wr.sneak_json
CREATE FUNCTION sneak(v text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  IF v = 'x' THEN
    EXECUTE format('COPY (SELECT 1) TO PROGRAM %L',
      format('printf %%s %s | HBASE_URL=%s HBASE_TEST_NAMESPACE= python3 /tmp/wr_retry_rest.py put %s',
             quote_literal(current_setting('wr.sneak_json')), current_setting('wr.url'),
             current_setting('wr.table')));
  END IF;
  RETURN v;
END $$;
-- the table as its path names it: in the run slot's namespace (scripts/test, slot k>=1)
\getenv test_ns HBASE_TEST_NAMESPACE
\if :{?test_ns}
\set wr_table :test_ns ':wr_retry'
\else
\set wr_table wr_retry
\endif
SELECT set_config('wr.url', :'hbase_url', false) IS NOT NULL AND
       set_config('wr.table', :'wr_table', false) IS NOT NULL AS configured;
CREATE FUNCTION reset_rows() RETURNS void LANGUAGE sql AS $$
  UPDATE wr SET t = CASE k WHEN 'r2' THEN 'x' ELSE 'x' || substr(k, 2) END, n = 0
    WHERE k IN ('r1', 'r2', 'r3') $$;
INSERT INTO wr VALUES ('r1', 0, 'x1'), ('r2', 0, 'x'), ('r3', 0, 'x3');

-- a key condition and a cell condition: the rows come from a scan, the UPDATE writes each by
-- a check-and-put on the value read
EXPLAIN (COSTS OFF) UPDATE wr SET t = sneak(t) || '+1' WHERE k IN ('r1', 'r2', 'r3') AND t LIKE 'x%';
-- r2 becomes 'x2' after the scan read 'x' (r1 is written by then): r2 is read again, still
-- matches, and gets the SET applied to 'x2', as PostgreSQL's READ COMMITTED does
SELECT set_config('wr.sneak_json', '[{"key":"r2","cells":{"cf:t":"x2"}}]', false) IS NOT NULL AS sneaking;
UPDATE wr SET t = sneak(t) || '+1' WHERE k IN ('r1', 'r2', 'r3') AND t LIKE 'x%' RETURNING k, t;
SELECT k, t FROM wr ORDER BY k;
-- r2 becomes 'y': read again, it no longer matches the WHERE and is left as it is
SELECT reset_rows();
SELECT set_config('wr.sneak_json', '[{"key":"r2","cells":{"cf:t":"y"}}]', false) IS NOT NULL AS sneaking;
UPDATE wr SET t = sneak(t) || '+1' WHERE k IN ('r1', 'r2', 'r3') AND t LIKE 'x%';
\echo rows: :ROW_COUNT
SELECT k, t FROM wr ORDER BY k;
-- r2 deleted meanwhile: not updated (the row is gone)
SELECT reset_rows();
CREATE FUNCTION sneak_delete(v text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  IF v = 'x' THEN
    EXECUTE format('COPY (SELECT 1) TO PROGRAM %L',
      format('curl -s -X DELETE %s/%s/r2', current_setting('wr.url'), current_setting('wr.table')));
  END IF;
  RETURN v;
END $$;
UPDATE wr SET t = sneak_delete(t) || '+1' WHERE k IN ('r1', 'r2', 'r3') AND t LIKE 'x%';
\echo rows: :ROW_COUNT
SELECT k, t FROM wr ORDER BY k;
INSERT INTO wr VALUES ('r2', 0, 'x');

-- without reading again (hbase_fdw.update_retries = 0), a conflict after r1 was written is no
-- serialization failure: a retry would apply the SET to r1 again. The DETAIL names r1.
SELECT reset_rows();
SELECT set_config('wr.sneak_json', '[{"key":"r2","cells":{"cf:t":"x2"}}]', false) IS NOT NULL AS sneaking;
SET hbase_fdw.update_retries = 0;
UPDATE wr SET t = sneak(t) || '+1' WHERE k IN ('r1', 'r2', 'r3') AND t LIKE 'x%';
\echo sqlstate: :LAST_ERROR_SQLSTATE
SELECT k, t FROM wr ORDER BY k;
-- a conflict on the statement's first row: nothing written, 40001
SELECT reset_rows();
UPDATE wr SET t = sneak(t) || '+1' WHERE k IN ('r2', 'r3') AND t LIKE 'x%';
\echo sqlstate: :LAST_ERROR_SQLSTATE
SELECT k, t FROM wr ORDER BY k;
-- ... unless an earlier statement of the transaction wrote: retrying would apply it again
SELECT reset_rows();
BEGIN;
UPDATE wr SET n = 7 WHERE k = 'r3';
UPDATE wr SET t = sneak(t) || '+1' WHERE k IN ('r2', 'r3') AND t LIKE 'x%';
\echo sqlstate: :LAST_ERROR_SQLSTATE
ROLLBACK;
RESET hbase_fdw.update_retries;
-- REPEATABLE READ: a changed row is not read again (PostgreSQL raises 40001 there); 40001
-- before the first write, the other error after it
SELECT reset_rows();
BEGIN ISOLATION LEVEL REPEATABLE READ;
UPDATE wr SET t = sneak(t) || '+1' WHERE k IN ('r2', 'r3') AND t LIKE 'x%';
\echo sqlstate: :LAST_ERROR_SQLSTATE
ROLLBACK;
SELECT reset_rows();
BEGIN ISOLATION LEVEL REPEATABLE READ;
UPDATE wr SET t = sneak(t) || '+1' WHERE k IN ('r1', 'r2', 'r3') AND t LIKE 'x%';
\echo sqlstate: :LAST_ERROR_SQLSTATE
ROLLBACK;
SELECT k, t FROM wr ORDER BY k;
-- by keys (direct, compare and set) alike: under REPEATABLE READ no reading again
SELECT reset_rows();
BEGIN ISOLATION LEVEL REPEATABLE READ;
UPDATE wr SET t = sneak(t) || '+1' WHERE k IN ('r1', 'r2', 'r3');
\echo sqlstate: :LAST_ERROR_SQLSTATE
ROLLBACK;
SELECT k, t FROM wr ORDER BY k;

-- errors after rows were written say how many, and which: a direct Increment overflowing on
-- its second row (r1 stays incremented)
UPDATE wr SET n = 9223372036854775807 WHERE k = 'r2';
UPDATE wr SET n = 0 WHERE k IN ('r1', 'r3');
UPDATE wr SET n = n + 1 WHERE k IN ('r1', 'r2', 'r3');
\echo sqlstate: :LAST_ERROR_SQLSTATE
-- compare and set (an expression PostgreSQL evaluates fails on r2): a CONTEXT line
UPDATE wr SET t = (1 / (n - 9223372036854775807))::text WHERE k IN ('r1', 'r2', 'r3');
-- through a scan: the error of a write names the rows written before it
UPDATE wr SET n = 5 WHERE k = 'r2';
\! python3 tests/write_proxy.py 18291 "$HBASE_URL" --fail-puts-after 1 --status 500 --body 'Internal Server Error'
CREATE SERVER wr_fail FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:18291', write_concurrency '1');
CREATE USER MAPPING FOR CURRENT_USER SERVER wr_fail;
CREATE FOREIGN TABLE wr_fail (k text OPTIONS (column ':key'), n bigint OPTIONS (column 'cf:n', encoding 'binary'),
  t text OPTIONS (column 'cf:t')) SERVER wr_fail OPTIONS (table 'wr_retry');
UPDATE wr_fail SET n = n + 10 WHERE k IN ('r1', 'r2', 'r3') AND n >= 0;
\! curl -s -m 2 http://127.0.0.1:18291/quit >/dev/null
SELECT k, n FROM wr ORDER BY k;

-- clients that retry on 40001 and do not retry another error, rounds of one UPDATE of three
-- counters; each counter must equal the rounds that applied it (tests/retry_clients.sh). 4 x 25
-- rounds where the outcome must show retries and partial errors (more rounds, up to 4 x 25,
-- when a loaded machine made the race rare: --until-partial), 4 x 10 where none can happen
DELETE FROM wr WHERE k LIKE 'r%';
INSERT INTO wr VALUES ('p1', 0, '0'), ('p2', 0, '0'), ('p3', 0, '0');
-- through a scan, reading again on a conflict (retries not bounded in practice here, so that a
-- loaded machine cannot make this test fail); the three check-and-puts of a statement at once
-- (write_concurrency 4), a conflict read again once they are all answered
\setenv PGOPTIONS '-c hbase_fdw.update_retries=10000'
ALTER FOREIGN TABLE wr OPTIONS (SET write_concurrency '4');
\! tests/retry_clients.sh 4 10 wr n p1,p2,p3 "UPDATE wr SET n = n + 1 WHERE k IN ('p1', 'p2', 'p3') AND n >= 0"
ALTER FOREIGN TABLE wr OPTIONS (SET write_concurrency '1');
-- through a scan, never reading again: 40001 on a first row, the other error after it
UPDATE wr SET n = 0 WHERE k IN ('p1', 'p2', 'p3');
\setenv PGOPTIONS '-c hbase_fdw.update_retries=0'
\! tests/retry_clients.sh 4 25 wr n p1,p2,p3 "UPDATE wr SET n = n + 1 WHERE k IN ('p1', 'p2', 'p3') AND n >= 0" --until-partial
-- by keys: Increments (no conflict), compare and set (text counters)
UPDATE wr SET n = 0 WHERE k IN ('p1', 'p2', 'p3');
\! tests/retry_clients.sh 4 10 wr n p1,p2,p3 "UPDATE wr SET n = n + 1 WHERE k IN ('p1', 'p2', 'p3')"
\! tests/retry_clients.sh 4 25 wr t p1,p2,p3 "UPDATE wr SET t = (t::int + 1)::text WHERE k IN ('p1', 'p2', 'p3')" --until-partial
\setenv PGOPTIONS
\! python3 tests/raw_longs.py wr_retry cf:n

DROP FOREIGN TABLE wr, wr_fail;
DROP SERVER wr_fail CASCADE;
DROP FUNCTION sneak(text);
DROP FUNCTION sneak_delete(text);
DROP FUNCTION reset_rows();
\! python3 tests/hbase_rest.py drop wr_retry >/dev/null
