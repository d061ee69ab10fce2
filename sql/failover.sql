-- Several gateways: the server option url lists REST gateways of one cluster. Requests are
-- spread over them in turn; a scanner stays on the gateway that made it; a gateway that gives
-- no answer (or says 503) is left out for 30 s and the request goes to the next one: reads and
-- scanner POSTs always, writes (PUT, DELETE) only when they surely did not reach it (see
-- sql/writes.sql for a write that got no answer). A scan whose gateway goes away resumes on
-- another after the last row it returned. Here: three real gateways on the local HBase (the
-- main one and two more started by the test), one killed in the middle of a scan, one before
-- a batch INSERT.
\getenv hbase_url HBASE_URL
\getenv port_b HBASE_GW_B_PORT
\getenv port_c HBASE_GW_C_PORT
\! scripts/hbase-local start-rest-extra $HBASE_GW_B_PORT >/dev/null
\! scripts/hbase-local start-rest-extra $HBASE_GW_C_PORT >/dev/null
SELECT 'http://127.0.0.1:' || :'port_b' || ', ' || :'hbase_url' || ' , http://127.0.0.1:' || :'port_c' || '/' AS urls \gset
CREATE SERVER hb3 FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'urls');
CREATE USER MAPPING FOR CURRENT_USER SERVER hb3;
CREATE FOREIGN TABLE f3_split (k text OPTIONS (column ':key') COLLATE "C", n int) SERVER hb3
  OPTIONS (table 'fdw_split', family 'cf', fetch_size '10');
-- every URL of the list is checked
CREATE SERVER bad3 FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1, ftp://127.0.0.1:2');
CREATE SERVER bad3 FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1,,http://127.0.0.1:2');
CREATE SERVER bad3 FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1, http://u:p@127.0.0.1:2');

-- all up: the scanners of a scan (by region) are spread over the three
SELECT count(*), count(DISTINCT k), sum(n) FROM f3_split;
SELECT count(DISTINCT substring(path FROM '^http://127.0.0.1:([0-9]+)/')) AS gateways_used,
       bool_or(open) AS any_open
  FROM hbase_fdw_scanners() WHERE path LIKE 'http://%';
-- Gets and multigets, spread too
SELECT k, n FROM f3_split WHERE k IN ('a001', 'b002', 'c003', 'd004') ORDER BY k;
SELECT k, n FROM f3_split WHERE k = 'd249';

-- gateway B goes away 0.3 s into a 2 s scan: its scanners are lost, the scan resumes them on
-- the others, and the rows are exactly the table's
CREATE FUNCTION pg_temp.resumed(q text) RETURNS TABLE (item text) LANGUAGE plpgsql AS $$
DECLARE
  line text;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || q LOOP
    IF line ~ 'HBase Scans Resumed' THEN
      item := 'resumed at least once: ' || (substring(line FROM '\d+$')::int >= 1);
      RETURN NEXT;
    END IF;
  END LOOP;
END $$;
CREATE TEMP TABLE seen AS SELECT k, n FROM f3_split WHERE false;
\! (sleep 0.3; scripts/hbase-local stop-rest-extra $HBASE_GW_B_PORT) >/dev/null 2>&1 &
SELECT * FROM pg_temp.resumed('INSERT INTO seen SELECT k, n FROM (SELECT k, n, pg_sleep(0.002) FROM f3_split) s');
SELECT count(*), count(DISTINCT k), sum(n), min(k), max(k) FROM seen;
-- B is down: scans and Gets go to the others at once
SELECT count(*), count(DISTINCT k), sum(n) FROM f3_split;
SELECT k, n FROM f3_split WHERE k IN ('a001', 'b002', 'c003', 'd004') ORDER BY k;

-- a batch INSERT (PUTs of 10 rows) after gateway C went away: the PUTs its turn sends there
-- cannot connect, so they surely were not done, and go to the main gateway: every row written
-- once (a gateway going away while it holds a PUT leaves the PUT's outcome unknown: an error)
\! python3 tests/hbase_rest.py create fdw_failover_ins cf >/dev/null
CREATE FOREIGN TABLE f3_ins (id text OPTIONS (column ':key'), v int) SERVER hb3
  OPTIONS (table 'fdw_failover_ins', family 'cf', batch_size '10');
\! scripts/hbase-local stop-rest-extra $HBASE_GW_C_PORT >/dev/null 2>&1; sleep 1
INSERT INTO f3_ins SELECT lpad(i::text, 4, '0'), i FROM generate_series(1, 1000) i;
-- read back through the main gateway alone, and by the harness
CREATE FOREIGN TABLE f1_ins (id text OPTIONS (column ':key'), v int) SERVER hbase
  OPTIONS (table 'fdw_failover_ins', family 'cf');
SELECT count(*), count(DISTINCT id), sum(v), min(id), max(id) FROM f1_ins;
SELECT count(*) FILTER (WHERE v <> id::int) AS wrong FROM f1_ins;
\! python3 tests/hbase_rest.py scan fdw_failover_ins | python3 -c 'import json,sys; rows=json.load(sys.stdin); print(len(rows), "rows through REST")'

-- only the main gateway is left: still served; when none answers, a clear error
SELECT count(*) FROM f3_split;
CREATE SERVER dead3 FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:1, http://127.0.0.1:2, http://127.0.0.1:3');
CREATE USER MAPPING FOR CURRENT_USER SERVER dead3;
CREATE FOREIGN TABLE dead3_t (k text OPTIONS (column ':key')) SERVER dead3 OPTIONS (table 'fdw_split');
SELECT k FROM dead3_t WHERE k = 'a001';

-- the gateways come back for the next runs
\! scripts/hbase-local start-rest-extra $HBASE_GW_B_PORT >/dev/null
\! scripts/hbase-local start-rest-extra $HBASE_GW_C_PORT >/dev/null
DROP SERVER hb3 CASCADE;
DROP SERVER dead3 CASCADE;
DROP FOREIGN TABLE f1_ins;
