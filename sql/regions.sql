-- needs: scan (split_t, which it reads; scripts/test --only runs it first)
-- Region scans: a scan that needs no order and no small LIMIT, once it has read two full
-- pages, goes on as one scanner per region (the table's regions read from the gateway once
-- per scan), `concurrency` of them at a time; the pieces partition the rest of its key
-- ranges exactly. Salt buckets read in parallel are cut at once. EXPLAIN ANALYZE shows
-- "HBase Region Scans". fdw_regions: 5000 rows r0000..r4999 in 13 regions (split at r0400,
-- r0800 ... r4800).
CREATE FOREIGN TABLE reg_t (k text OPTIONS (column ':key') COLLATE "C", n int, g int) SERVER hbase
  OPTIONS (table 'fdw_regions', family 'cf', fetch_size '100');
CREATE FOREIGN TABLE reg_one (k text OPTIONS (column ':key') COLLATE "C", n int, g int) SERVER hbase
  OPTIONS (table 'fdw_regions', family 'cf', fetch_size '100', concurrency '1');
CREATE FUNCTION pg_temp.hb(q text) RETURNS TABLE (item text) LANGUAGE plpgsql AS $$
DECLARE
  line text;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || q LOOP
    IF line ~ 'HBase (Operation|Region Scans|Rows Received)|Sort' THEN
      item := btrim(line);
      RETURN NEXT;
    END IF;
  END LOOP;
END $$;
-- the whole table: 200 rows in two pages, then the 13 pieces [r0200, r0400), [r0400, r0800) ...
SELECT * FROM pg_temp.hb('SELECT count(*), sum(n) FROM reg_t');
SELECT count(*), count(DISTINCT k), sum(n), min(k), max(k) FROM reg_t;
-- exactly the rows one scanner reads (concurrency 1: not split)
SELECT * FROM pg_temp.hb('SELECT count(*) FROM reg_one');
SELECT (SELECT count(*) FROM (SELECT k, n, g FROM reg_t EXCEPT SELECT k, n, g FROM reg_one) a) AS only_split,
       (SELECT count(*) FROM (SELECT k, n, g FROM reg_one EXCEPT SELECT k, n, g FROM reg_t) b) AS only_one;
-- a range over four regions ([r1000, r2300\x00): the key bound is widened, then rechecked):
-- after its first 200 rows, [r1199\x00, r1200) [r1200, r1600) [r1600, r2000) [r2000, r2300\x00)
SELECT * FROM pg_temp.hb($$SELECT k FROM reg_t WHERE k >= 'r1000' AND k < 'r2300'$$);
SELECT count(*), min(k), max(k), sum(n) FROM reg_t WHERE k >= 'r1000' AND k < 'r2300';
-- a local filter: the same rows
SELECT count(*), sum(n) FROM reg_t WHERE g = 3;
SELECT count(*), sum(n) FROM reg_one WHERE g = 3;
-- an order to keep: one scanner in key order, not split (no Sort either)
SELECT * FROM pg_temp.hb('SELECT k FROM reg_t ORDER BY k');
SELECT bool_and(k > prev) AS ascending, count(*) FROM (SELECT k, lag(k, 1, '') OVER () AS prev FROM (SELECT k FROM reg_t ORDER BY k) o) s;
-- a small LIMIT: one page, not split
SELECT * FROM pg_temp.hb('SELECT k FROM reg_t LIMIT 10');
-- a LIMIT above the scan that the planner does not see: split, and exactly that many rows
SELECT count(*), count(DISTINCT k) FROM (SELECT k FROM (SELECT k, n FROM reg_t OFFSET 0) s WHERE n >= 0 LIMIT 3000) l;
-- a small table: no region request, no split (one region)
SELECT * FROM pg_temp.hb('SELECT count(*) FROM split_t');

-- salted: 4 buckets read in parallel, each cut at once where a region boundary falls in it
-- (fdw_regions_salted: a salt byte 0..3 then r%04d, 2000 rows, split at each bucket's r1000)
CREATE FOREIGN TABLE reg_salted (id text COLLATE "C", n int) SERVER hbase
  OPTIONS (table 'fdw_regions_salted', family 'cf', rowkey 'salt(4, random) + id');
SELECT * FROM pg_temp.hb('SELECT count(*), sum(n) FROM reg_salted');
SELECT count(*), count(DISTINCT id), sum(n), min(id), max(id) FROM reg_salted;
-- a bounded scan per bucket: r0500 <= id < r1500 crosses each bucket's boundary
SELECT * FROM pg_temp.hb($$SELECT count(*) FROM reg_salted WHERE id >= 'r0500' AND id < 'r1500'$$);
SELECT count(*), sum(n) FROM reg_salted WHERE id >= 'r0500' AND id < 'r1500';
ALTER FOREIGN TABLE reg_salted OPTIONS (ADD concurrency '1');
SELECT count(*), sum(n) FROM reg_salted WHERE id >= 'r0500' AND id < 'r1500';
DROP FOREIGN TABLE reg_t, reg_one, reg_salted;

-- Region listings are hints, not facts: a scan is split only along a listing that, sorted and
-- with each key range taken once, covers the table from its start to its end without a gap or
-- an overlap; otherwise it is not split (EXPLAIN ANALYZE says why) and one scanner reads every
-- row. Beyond 64 regions, neighbours are merged: each piece costs a scanner's requests.
-- Read replicas (REGION_REPLICATION 2) are listed once per replica, same start and end key, by
-- the real gateway: fdw_replicas1 holds 3000 rows r0000..r2999 in one region (listed twice),
-- fdw_replicas the same rows in three regions split at r1000 and r2000 (six entries). Before,
-- rep1 counted 5800 rows and rep3 6000.
CREATE FOREIGN TABLE rep1 (k text OPTIONS (column ':key') COLLATE "C", n int) SERVER hbase
  OPTIONS (table 'fdw_replicas1', family 'cf', fetch_size '100');
CREATE FOREIGN TABLE rep3 (k text OPTIONS (column ':key') COLLATE "C", n int) SERVER hbase
  OPTIONS (table 'fdw_replicas', family 'cf', fetch_size '100');
SELECT * FROM pg_temp.hb('SELECT count(*) FROM rep1');
SELECT count(*), count(DISTINCT k), sum(n), min(k), max(k) FROM rep1;
SELECT * FROM pg_temp.hb('SELECT count(*) FROM rep3');
SELECT count(*), count(DISTINCT k), sum(n), min(k), max(k) FROM rep3;
SELECT count(*), sum(n) FROM rep3 WHERE k >= 'r0500' AND k < 'r2500';
-- a Parallel Foreign Scan shares out the same pieces
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET max_parallel_workers_per_gather = 2;
ALTER FOREIGN TABLE rep3 OPTIONS (ADD parallel_workers '2');
EXPLAIN (COSTS OFF) SELECT count(*) FROM rep3;
SELECT * FROM pg_temp.hb('SELECT count(*) FROM rep3');
SELECT count(*), count(DISTINCT k), sum(n) FROM rep3;

-- A gateway whose listings lie (tests/regions_proxy.py, in front of the real one): every row
-- exactly once whatever it says. fdw_regions: 5000 rows, sum of n 12497500.
\! python3 tests/regions_proxy.py 18099 "$HBASE_URL"
\getenv hbase_transport HBASE_TRANSPORT
CREATE SERVER hbase_lying FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18099', transport :'hbase_transport');
CREATE FOREIGN TABLE lie_t (k text OPTIONS (column ':key') COLLATE "C", n int) SERVER hbase_lying
  OPTIONS (table 'fdw_regions', family 'cf', fetch_size '100');
-- the requests and region scans of a count, then what a second count read
CREATE FUNCTION pg_temp.lie(mode text) RETURNS TABLE (item text) LANGUAGE plpgsql AS $$
DECLARE
  line text;
BEGIN
  FOR line IN EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM lie_t LOOP
    IF line ~ 'HBase (Requests|Region Scans)' THEN
      item := btrim(line);
      RETURN NEXT;
    END IF;
  END LOOP;
  SELECT format('%s rows, %s keys, sum %s', count(*), count(DISTINCT k), sum(n)) INTO item FROM lie_t;
  RETURN NEXT;
END $$;
\! curl -s http://127.0.0.1:18099/_mode/twice
SELECT * FROM pg_temp.lie('twice');
\! curl -s http://127.0.0.1:18099/_mode/reversed
SELECT * FROM pg_temp.lie('reversed');
\! curl -s http://127.0.0.1:18099/_mode/gap
SELECT * FROM pg_temp.lie('gap');
\! curl -s http://127.0.0.1:18099/_mode/overlap
SELECT * FROM pg_temp.lie('overlap');
\! curl -s http://127.0.0.1:18099/_mode/nostart
SELECT * FROM pg_temp.lie('nostart');
\! curl -s http://127.0.0.1:18099/_mode/noend
SELECT * FROM pg_temp.lie('noend');
\! curl -s http://127.0.0.1:18099/_mode/backwards
SELECT * FROM pg_temp.lie('backwards');
\! curl -s http://127.0.0.1:18099/_mode/notjson
SELECT * FROM pg_temp.lie('notjson');
\! curl -s http://127.0.0.1:18099/_mode/error
SELECT * FROM pg_temp.lie('error');
-- 5000 one-row regions: merged into 64 pieces (before: a scanner each, 15,000 requests)
\! curl -s http://127.0.0.1:18099/_mode/many
SELECT * FROM pg_temp.lie('many');
-- the parallel pieces come from the same check
ALTER FOREIGN TABLE lie_t OPTIONS (ADD parallel_workers '2');
EXPLAIN (COSTS OFF) SELECT count(*) FROM lie_t;
\! curl -s http://127.0.0.1:18099/_mode/gap
SELECT * FROM pg_temp.lie('gap');
\! curl -s http://127.0.0.1:18099/_mode/twice
SELECT * FROM pg_temp.lie('twice');
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET max_parallel_workers_per_gather;
\! curl -s http://127.0.0.1:18099/quit
DROP SERVER hbase_lying CASCADE;
DROP FOREIGN TABLE rep1, rep3;
