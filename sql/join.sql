-- Batched key joins (issue 28): a join whose clauses give an HBase table's whole rowkey from
-- the other side is a Custom Scan "HBase Batched Join": the outer rows in batches, their keys
-- computed as a scan computes them, the distinct keys read by multigets (the table's
-- concurrency at once), every qual checked here.  Inner, left, semi and anti joins; NULL
-- outer keys, duplicate keys, keys that do not exist and keys that do not encode (wider than
-- their lpad) match nothing, as = gives.  Each result is compared with the same query under
-- hbase_fdw.enable_pushdown = off (full scans, every qual local: no batched join either).
-- And IN / = ANY of any number of keys are multigets (5,000 keys).
-- Fixtures: tests/fixtures_join.py (jn_join: keys "row" + 6 digits, ids 1..6000 but the
-- multiples of 7; cf:n = id % 10, absent for multiples of 11).
SET timezone = 'UTC';
CREATE FOREIGN TABLE jt (id int, v text OPTIONS (column 'cf:v'), n int OPTIONS (column 'cf:n'))
  SERVER hbase OPTIONS (table 'jn_join', rowkey '"row" + lpad(id, 6)');
CREATE TEMP TABLE o (oid int, id int);
-- 1 twice (duplicate), 7 and 4200 (no such row), NULL, 1234567 (wider than lpad(id, 6): no
-- key), -5, 22 (n is NULL), 6000 (the last row)
INSERT INTO o VALUES (1, 1), (2, 7), (3, NULL), (4, 1), (5, 1234567), (6, 22), (7, -5),
  (8, 6000), (9, 4200), (10, 13);
ANALYZE o;

-- regress.compare(q): types.sql's helper (the batched join planned? rows, rows that differ)

-- the lines of EXPLAIN ANALYZE that are the join's (requests of scans are scan.c's business),
-- or those matching pat
CREATE FUNCTION pg_temp.scans(q text,
  pat text DEFAULT 'Batched Join|Operation|Batches|per Batch|Multigets|Rows Received|Key Ranges|Seq Scan')
RETURNS TABLE (item text) LANGUAGE plpgsql AS $$
DECLARE
  line text;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || q LOOP
    IF line ~ pat THEN
      item := btrim(line);
      RETURN NEXT;
    END IF;
  END LOOP;
END $$;

-- inner join: 1 (twice), 13, 22, 6000
EXPLAIN (COSTS OFF) SELECT o.oid, jt.* FROM o JOIN jt ON jt.id = o.id;
SELECT o.oid, jt.* FROM o JOIN jt ON jt.id = o.id ORDER BY o.oid;
-- the keys read: 1, 7, 13, 22, 4200, 6000 (-5 has none: lpad takes no negative number): one
-- multiget, 4 rows
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT o.oid, jt.* FROM o JOIN jt ON jt.id = o.id;
SELECT * FROM regress.compare('SELECT o.oid, jt.* FROM o JOIN jt ON jt.id = o.id');

-- the inner row as a whole (jt, count(jt.*)): batched too, the row built from every column
-- (the build before: a nested loop of Gets); NULL where a left join matches nothing
EXPLAIN (COSTS OFF) SELECT o.oid, jt FROM o JOIN jt ON jt.id = o.id;
SELECT o.oid, jt FROM o LEFT JOIN jt ON jt.id = o.id ORDER BY o.oid;
SELECT * FROM pg_temp.scans('SELECT count(jt.*), count(*) FROM o LEFT JOIN jt ON jt.id = o.id');
SELECT count(jt.*), count(*) FROM o LEFT JOIN jt ON jt.id = o.id;
SELECT * FROM regress.compare('SELECT o.oid, jt::text AS r, (jt).n FROM o LEFT JOIN jt ON jt.id = o.id');
SELECT * FROM regress.compare('SELECT o.oid, row_to_json(jt)::text AS j FROM o JOIN jt ON jt.id = o.id');

-- left join: every outer row, NULLs where nothing matches
EXPLAIN (COSTS OFF) SELECT o.oid, o.id, jt.v, jt.n FROM o LEFT JOIN jt ON jt.id = o.id;
SELECT o.oid, o.id, jt.v, jt.n FROM o LEFT JOIN jt ON jt.id = o.id ORDER BY o.oid;
SELECT * FROM regress.compare('SELECT o.oid, o.id, jt.v, jt.n FROM o LEFT JOIN jt ON jt.id = o.id');
-- a condition in ON decides the match; one in WHERE filters the joined rows
SELECT o.oid, jt.v, jt.n FROM o LEFT JOIN jt ON jt.id = o.id AND jt.n > 2 ORDER BY o.oid;
SELECT * FROM regress.compare('SELECT o.oid, jt.v, jt.n FROM o LEFT JOIN jt ON jt.id = o.id AND jt.n > 2');
EXPLAIN (COSTS OFF) SELECT o.oid, jt.v FROM o LEFT JOIN jt ON jt.id = o.id WHERE jt.n IS NULL;
SELECT o.oid, jt.v FROM o LEFT JOIN jt ON jt.id = o.id WHERE jt.n IS NULL ORDER BY o.oid;
SELECT * FROM regress.compare('SELECT o.oid, jt.v FROM o LEFT JOIN jt ON jt.id = o.id WHERE jt.n IS NULL');
SELECT * FROM regress.compare('SELECT o.oid, jt.v FROM o LEFT JOIN jt ON jt.id = o.id WHERE coalesce(jt.n, o.oid) > 3');

-- semi joins: EXISTS and IN (subquery), the table's own quals checked here
EXPLAIN (COSTS OFF) SELECT * FROM o WHERE EXISTS (SELECT 1 FROM jt WHERE jt.id = o.id);
SELECT * FROM o WHERE EXISTS (SELECT 1 FROM jt WHERE jt.id = o.id) ORDER BY oid;
SELECT * FROM regress.compare('SELECT * FROM o WHERE EXISTS (SELECT 1 FROM jt WHERE jt.id = o.id)');
EXPLAIN (COSTS OFF) SELECT * FROM o WHERE id IN (SELECT id FROM jt WHERE n > 0);
SELECT * FROM o WHERE id IN (SELECT id FROM jt WHERE n > 0) ORDER BY oid;
SELECT * FROM regress.compare('SELECT * FROM o WHERE id IN (SELECT id FROM jt WHERE n > 0)');

-- the HBase table's rows whose key is IN (a subquery): the subquery's distinct rows, then an
-- inner join
EXPLAIN (COSTS OFF) SELECT * FROM jt WHERE id IN (SELECT id FROM o);
SELECT * FROM jt WHERE id IN (SELECT id FROM o) ORDER BY id;
SELECT * FROM regress.compare('SELECT * FROM jt WHERE id IN (SELECT id FROM o)');

-- anti join: NOT EXISTS keeps the NULL key, the missing and the unencodable ones
EXPLAIN (COSTS OFF) SELECT * FROM o WHERE NOT EXISTS (SELECT 1 FROM jt WHERE jt.id = o.id);
SELECT * FROM o WHERE NOT EXISTS (SELECT 1 FROM jt WHERE jt.id = o.id) ORDER BY oid;
SELECT * FROM regress.compare('SELECT * FROM o WHERE NOT EXISTS (SELECT 1 FROM jt WHERE jt.id = o.id)');
SELECT * FROM regress.compare('SELECT * FROM o WHERE NOT EXISTS (SELECT 1 FROM jt WHERE jt.id = o.id AND jt.v LIKE ''v1%'')');

-- run again for each value of a parameter (a subquery per outer row): rescans
EXPLAIN (COSTS OFF)
  SELECT g, (SELECT count(*) FROM o JOIN jt ON jt.id = o.id + g WHERE o.oid <= g) FROM generate_series(0, 10, 5) g;
SELECT g, (SELECT count(*) FROM o JOIN jt ON jt.id = o.id + g WHERE o.oid <= g) FROM generate_series(0, 10, 5) g;
SELECT * FROM regress.compare('SELECT g, (SELECT count(*) FROM o JOIN jt ON jt.id = o.id + g WHERE o.oid <= g) FROM generate_series(0, 10, 5) g');

-- join keys of another type (bigint, numeric), and a key computed from the outer row
SELECT * FROM regress.compare('SELECT o.oid, jt.v FROM o JOIN jt ON jt.id = o.id::bigint * 2');
-- a numeric value: an int key takes it exactly (x.5 equals no key: no row, batched anyway)
SELECT * FROM regress.compare('SELECT o.oid, jt.v FROM o JOIN jt ON jt.id = o.id::numeric + 0.5');
SELECT * FROM regress.compare('SELECT o.oid, jt.v FROM o LEFT JOIN jt ON jt.id = o.id + 1 AND jt.v <> o.oid::text');

-- float keys (fdw_floatkey of tests/fixtures.py: sortable(double(d)) + lpad(n, 4)): 0 reads
-- both of its key forms (-0 and +0), NaN has no key bytes (that outer row reads a scan of its
-- own: NaN = NaN in SQL, and two NaN rows exist), infinity and a missing value
CREATE FOREIGN TABLE jf (d float8, n int, v text) SERVER hbase
  OPTIONS (table 'fdw_floatkey', family 'd', rowkey 'sortable(double(d)) + lpad(n, 4)');
CREATE TEMP TABLE fo (d float8, n int);
INSERT INTO fo VALUES (0, 1), ('-0', 10), (-1.5, 3), ('NaN', 4), ('NaN', 5), ('Infinity', 8),
  (2, 2), (NULL, 1), (7.25, 6);
ANALYZE fo;
SELECT * FROM pg_temp.scans('SELECT fo.*, jf.v FROM fo JOIN jf ON jf.d = fo.d AND jf.n = fo.n');
SELECT fo.*, jf.v FROM fo LEFT JOIN jf ON jf.d = fo.d AND jf.n = fo.n ORDER BY fo.n, fo.d;
SELECT * FROM regress.compare('SELECT fo.*, jf.v FROM fo LEFT JOIN jf ON jf.d = fo.d AND jf.n = fo.n');
SELECT * FROM regress.compare('SELECT * FROM fo WHERE NOT EXISTS (SELECT FROM jf WHERE jf.d = fo.d AND jf.n = fo.n)');

-- 5,000 keys, each twice in a row, with 714 that do not exist and NULLs: 11 batches (the first
-- of 100 outer rows, one multiget's worth before the rows' width is known, then 1,000), each
-- batch's distinct keys read once, by multigets of 100 (hash and merge joins off: without
-- ANALYZE of jt the planner prices a full scan of a small table)
CREATE TEMP TABLE many AS
  SELECT (g + 1) / 2 AS id, g % 3 AS tag FROM generate_series(1, 10000) g
  UNION ALL SELECT NULL, 8 FROM generate_series(1, 10) g;
ANALYZE many;
SET enable_hashjoin = off;
SET enable_mergejoin = off;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT count(*), sum(jt.n) FROM many JOIN jt ON jt.id = many.id;
SELECT count(*), count(DISTINCT jt.id), sum(jt.n), sum(many.tag) FROM many JOIN jt ON jt.id = many.id;
SELECT * FROM regress.compare('SELECT many.id, many.tag, jt.v, jt.n FROM many LEFT JOIN jt ON jt.id = many.id');
SELECT * FROM regress.compare('SELECT * FROM many WHERE NOT EXISTS (SELECT 1 FROM jt WHERE jt.id = many.id)');
SELECT * FROM regress.compare('SELECT * FROM many WHERE id IN (SELECT id FROM jt WHERE n < 5)');
-- smaller batches: more of them, the same rows
SET hbase_fdw.join_batch_size = 7;
SELECT * FROM regress.compare('SELECT many.id, many.tag, jt.v, jt.n FROM many LEFT JOIN jt ON jt.id = many.id');
-- the largest batch size: the 300 rows in two batches, one multiget's worth first, then the
-- other 200 (its arrays grow with the batch; sized for 100,000 rows up front they alone passed
-- work_mem: a batch, and a multiget, per row)
SET hbase_fdw.join_batch_size = 100000;
SELECT * FROM pg_temp.scans('SELECT count(*), sum(jt.n) FROM (SELECT * FROM many ORDER BY id LIMIT 300) m JOIN jt ON jt.id = m.id');
SELECT * FROM regress.compare('SELECT m.id, m.tag, jt.v FROM (SELECT * FROM many ORDER BY id LIMIT 300) m LEFT JOIN jt ON jt.id = m.id');
-- a cached plan takes the batch size set when it runs: 3 batches of 100, then 6 of 50
PREPARE jb AS SELECT count(*) FROM (SELECT * FROM many ORDER BY id LIMIT 300) m JOIN jt ON jt.id = m.id;
SET plan_cache_mode = force_generic_plan;
SET hbase_fdw.join_batch_size = 100;
SELECT * FROM pg_temp.scans('EXECUTE jb');
SET hbase_fdw.join_batch_size = 50;
SELECT * FROM pg_temp.scans('EXECUTE jb');
RESET plan_cache_mode;
DEALLOCATE jb;
RESET hbase_fdw.join_batch_size;
RESET enable_hashjoin;
RESET enable_mergejoin;

-- a join on a leading part of the key: the batch's prefixes read by one scan of their ranges
-- (a prefix twice read once), each outer row joined with the rows of its own prefix.
-- jn_comp: keys lpad(a, 4) + lpad(b, 4), a 1..50 but the multiples of 5, b 1..20
CREATE FOREIGN TABLE jc (a int, b int, w text OPTIONS (column 'cf:w')) SERVER hbase
  OPTIONS (table 'jn_comp', rowkey 'lpad(a, 4) + lpad(b, 4)');
CREATE TEMP TABLE pa (pid int, a int);
-- 3 twice, 5 (no such prefix), NULL, 12345 (wider than lpad(a, 4)), 49 (the last), 0
INSERT INTO pa VALUES (1, 3), (2, 3), (3, 5), (4, NULL), (5, 12345), (6, 49), (7, 0);
ANALYZE pa;
EXPLAIN (COSTS OFF) SELECT pa.pid, jc.* FROM pa JOIN jc ON jc.a = pa.a;
-- 2 distinct prefixes that exist, 2 more asked for: one scan, 40 rows (its requests are
-- scan.c's business: not shown)
SELECT * FROM pg_temp.scans('SELECT pa.pid, jc.* FROM pa JOIN jc ON jc.a = pa.a');
SELECT pa.pid, pa.a, count(jc.b), sum(jc.b), min(jc.w), max(jc.w)
  FROM pa LEFT JOIN jc ON jc.a = pa.a GROUP BY pa.pid, pa.a ORDER BY pa.pid;
SELECT * FROM regress.compare('SELECT pa.pid, jc.* FROM pa JOIN jc ON jc.a = pa.a');
-- (the full scans of that comparison counted jn_comp's 900 rows: a request or two, so a join
-- over a full scan of it is now the cheaper plan; the batched join is what these compare)
SET enable_hashjoin = off;
SET enable_mergejoin = off;
SET enable_nestloop = off;
SELECT * FROM regress.compare('SELECT pa.pid, jc.* FROM pa LEFT JOIN jc ON jc.a = pa.a AND jc.b > pa.pid * 3');
SELECT * FROM regress.compare('SELECT pa.pid, jc.w FROM pa JOIN jc ON jc.a = pa.a AND jc.b > 17');
SELECT * FROM regress.compare('SELECT * FROM pa WHERE EXISTS (SELECT FROM jc WHERE jc.a = pa.a AND jc.w LIKE ''%.2'')');
SELECT * FROM regress.compare('SELECT * FROM pa WHERE NOT EXISTS (SELECT FROM jc WHERE jc.a = pa.a AND jc.b = pa.pid)');
RESET enable_hashjoin;
RESET enable_mergejoin;
RESET enable_nestloop;
-- 1,000 outer rows on one prefix of 857 rows (jn_join keyed as "row" + lpad(a, 3) + lpad(b, 3):
-- a = id / 1000, b = id % 1000): the 857 rows are held once for the batch and each outer row
-- keeps where its rows are among them: a peak of 655 kB here (a list of its rows per outer row
-- held 857,000 pointers: 16,496 kB)
CREATE FOREIGN TABLE jp (a int, b int, v text OPTIONS (column 'cf:v')) SERVER hbase
  OPTIONS (table 'jn_join', rowkey '"row" + lpad(a, 3) + lpad(b, 3)');
CREATE TEMP TABLE pp AS SELECT g AS pid, 1 AS a FROM generate_series(1, 1000) g;
ANALYZE pp;
CREATE FUNCTION pg_temp.peak_kb(q text) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  line text;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (ANALYZE, VERBOSE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || q LOOP
    IF line ~ 'Peak Batch Memory' THEN
      RETURN substring(line FROM 'Peak Batch Memory: (\d+) kB')::int;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
SET enable_hashjoin = off;
SET enable_mergejoin = off;
SET enable_nestloop = off;
SELECT * FROM pg_temp.scans('SELECT count(*) FROM pp JOIN jp ON jp.a = pp.a');
SELECT pg_temp.peak_kb('SELECT count(*), max(jp.v) FROM pp JOIN jp ON jp.a = pp.a') < 1024 AS under_1mb;
SELECT count(*), count(DISTINCT jp.b), min(jp.v), max(jp.v) FROM pp JOIN jp ON jp.a = pp.a;
-- past work_mem: prefixes 0 to 6 (1 twice) hold 5,143 rows (ids 1 to 6,000 but the multiples
-- of 7), more than 64 kB: the batch's scan stops there, drops
-- what it read, and each outer row reads its own prefix when it is joined, a row at a time
-- (prefix 1 then twice): the same rows, within work_mem (the build before held all of them)
CREATE TEMP TABLE p7 AS SELECT g AS pid, g - 1 AS a FROM generate_series(1, 7) g;
INSERT INTO p7 VALUES (8, 1), (9, NULL), (10, 1000);
ANALYZE p7;
SET work_mem = '64kB';
SELECT * FROM pg_temp.scans('SELECT count(*) FROM p7 JOIN jp ON jp.a = p7.a');
SELECT pg_temp.peak_kb('SELECT count(*), max(jp.v) FROM p7 JOIN jp ON jp.a = p7.a') < 160 AS within_work_mem;
SELECT p7.pid, p7.a, count(jp.b), count(DISTINCT jp.b), min(jp.v), max(jp.v)
  FROM p7 LEFT JOIN jp ON jp.a = p7.a GROUP BY p7.pid, p7.a ORDER BY p7.pid;
SELECT * FROM regress.compare('SELECT p7.pid, jp.* FROM p7 LEFT JOIN jp ON jp.a = p7.a AND jp.b % 100 <> p7.pid');
-- each row's scan ends at its first match (semi, anti), the rest unread
SELECT * FROM regress.compare('SELECT * FROM p7 WHERE EXISTS (SELECT FROM jp WHERE jp.a = p7.a AND jp.b > 990)');
SELECT * FROM regress.compare('SELECT * FROM p7 WHERE NOT EXISTS (SELECT FROM jp WHERE jp.a = p7.a AND jp.b < 5)');
-- wide inner rows (jn_wide: 300 rows of 2 kB): the first batch is one multiget's worth (100
-- outer rows), the next ones as many outer rows as keep their inner rows within half of
-- work_mem (the build before took outer rows up to work_mem: 300 distinct rows, 1,069 kB)
CREATE FOREIGN TABLE jw (id int, blob text OPTIONS (column 'cf:blob')) SERVER hbase
  OPTIONS (table 'jn_wide', rowkey '"w" + lpad(id, 4)');
CREATE TEMP TABLE wo AS SELECT g AS pid, g % 301 AS id FROM generate_series(1, 1000) g;
ANALYZE wo;
SET enable_nestloop = on;
SELECT pg_temp.peak_kb('SELECT count(*), sum(length(jw.blob)) FROM wo JOIN jw ON jw.id = wo.id') < 400 AS within_work_mem;
SELECT count(*), count(DISTINCT jw.id), sum(length(jw.blob)), min(jw.id), max(jw.id)
  FROM wo JOIN jw ON jw.id = wo.id;
SELECT * FROM regress.compare('SELECT wo.pid, jw.id, md5(jw.blob) FROM wo LEFT JOIN jw ON jw.id = wo.id');
RESET work_mem;
RESET enable_hashjoin;
RESET enable_mergejoin;
RESET enable_nestloop;
-- with the whole key (both parts): multigets again
EXPLAIN (COSTS OFF) SELECT pa.pid, jc.w FROM pa JOIN jc ON jc.a = pa.a AND jc.b = pa.pid;
SELECT * FROM regress.compare('SELECT pa.pid, jc.w FROM pa JOIN jc ON jc.a = pa.a AND jc.b = pa.pid');

-- off: the same join is a hash join or a nested loop of Gets
SET hbase_fdw.enable_batched_join = off;
EXPLAIN (COSTS OFF) SELECT o.oid, jt.* FROM o JOIN jt ON jt.id = o.id;
RESET hbase_fdw.enable_batched_join;
-- not on a column that is no key, nor on a second key part alone
EXPLAIN (COSTS OFF) SELECT o.oid, jt.v FROM o JOIN jt ON jt.n = o.id;
EXPLAIN (COSTS OFF) SELECT pa.pid, jc.w FROM pa JOIN jc ON jc.b = pa.a;

-- any number of keys: = ANY of 5,000 values is one multiget plan (50 requests), not a full scan
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT count(*) FROM jt WHERE id = ANY(ARRAY(SELECT generate_series(1, 5000)));
SELECT count(*), sum(n), min(id), max(id) FROM jt WHERE id = ANY(ARRAY(SELECT generate_series(1, 5000)));
SET hbase_fdw.enable_pushdown = off;
SELECT count(*), sum(n), min(id), max(id) FROM jt WHERE id = ANY(ARRAY(SELECT generate_series(1, 5000)));
RESET hbase_fdw.enable_pushdown;
-- a parameter array: the same (a generic plan: its values come at execution)
SELECT array_agg(g)::text AS even_keys FROM generate_series(2, 6000, 2) g \gset
PREPARE many_keys(int[]) AS SELECT count(*), sum(n) FROM jt WHERE id = ANY($1);
SET plan_cache_mode = force_generic_plan;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE many_keys(:'even_keys');
EXECUTE many_keys(:'even_keys');
RESET plan_cache_mode;
SELECT count(*), sum(n) FROM jt WHERE id % 2 = 0;

-- concurrency, seen on the wire: tests/inflight_proxy.py holds each multiget 150 ms and counts
-- those in flight at once. A long = ANY reads its first multiget alone (a LIMIT may want no
-- more), then `concurrency` (8) at once: 2,000 keys are 1, 8, 8 and 3 multigets. A batched
-- join's multigets go 8 at a time too (3,000 keys: a first batch of 100, then 1,000, 1,000,
-- 900). With concurrency '2', 2.
\! python3 tests/inflight_proxy.py 18089 "$HBASE_URL"
CREATE SERVER hbase_inflight FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:18089');
CREATE USER MAPPING FOR CURRENT_USER SERVER hbase_inflight;
CREATE FOREIGN TABLE jt_if (id int, n int OPTIONS (column 'cf:n')) SERVER hbase_inflight
  OPTIONS (table 'jn_join', rowkey '"row" + lpad(id, 6)');
SELECT count(*), sum(n) FROM jt_if WHERE id = ANY(ARRAY(SELECT generate_series(1, 2000)));
\! curl -s http://127.0.0.1:18089/stats
CREATE TEMP TABLE k3 AS SELECT generate_series(1, 3000) AS id;
ANALYZE k3;
SET enable_hashjoin = off;
SET enable_mergejoin = off;
SELECT * FROM pg_temp.scans('SELECT count(*), sum(jt_if.n) FROM k3 JOIN jt_if ON jt_if.id = k3.id');
\! curl -s http://127.0.0.1:18089/stats
ALTER FOREIGN TABLE jt_if OPTIONS (ADD concurrency '2');
SELECT count(*), sum(n) FROM jt_if WHERE id = ANY(ARRAY(SELECT generate_series(1, 2000)));
\! curl -s http://127.0.0.1:18089/stats
RESET enable_hashjoin;
RESET enable_mergejoin;
\! curl -s -o /dev/null http://127.0.0.1:18089/quit
-- a multiget of a round answered 503 (the proxy's 4th, in front of the real gateway as the first
-- of a server's two) is asked again alone, and goes to the next gateway: no error, every row.
-- Gateways take requests in turn (the first, the read of the table's families, went to the
-- proxy): the proxy gets multigets of both statements, its rounds of 8 at once, the 4th a 503
\getenv hbase_url HBASE_URL
\! python3 tests/inflight_proxy.py 18183 "$HBASE_URL" 150 4
SELECT 'http://127.0.0.1:18183, ' || :'hbase_url' AS urls503 \gset
CREATE SERVER hbase_503 FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'urls503');
CREATE USER MAPPING FOR CURRENT_USER SERVER hbase_503;
CREATE FOREIGN TABLE jt_503 (id int, n int OPTIONS (column 'cf:n')) SERVER hbase_503
  OPTIONS (table 'jn_join', rowkey '"row" + lpad(id, 6)');
SELECT count(*), sum(n) FROM jt_503 WHERE id = ANY(ARRAY(SELECT generate_series(1, 2000)));
SELECT count(*), sum(n) FROM jt_503 WHERE id = ANY(ARRAY(SELECT generate_series(1, 2000)));
\! curl -s http://127.0.0.1:18183/stats
\! curl -s -o /dev/null http://127.0.0.1:18183/quit
DROP SERVER hbase_503 CASCADE;

-- parallel: each worker joins its share of the outer rows by batches of its own (a Parallel
-- Custom Scan under the Gather); EXPLAIN ANALYZE counts every process's rows and requests
-- (the leader takes no part here: the build before counted its own, none). 6,000 keys, 5,143
-- of them rows (the multiples of 7 missing)
CREATE TABLE jpar AS SELECT g AS id FROM generate_series(1, 6000) g;
ANALYZE jpar;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
SET enable_hashjoin = off;
SET enable_mergejoin = off;
EXPLAIN (COSTS OFF) SELECT count(*), sum(jt.n) FROM jpar JOIN jt ON jt.id = jpar.id;
-- (the rows only: how the workers shared the batches varies)
SELECT * FROM pg_temp.scans('SELECT count(*), sum(jt.n) FROM jpar JOIN jt ON jt.id = jpar.id', 'Rows Received');
SELECT count(*), sum(jt.n) FROM jpar JOIN jt ON jt.id = jpar.id;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
RESET parallel_leader_participation;
SELECT count(*), sum(jt.n) FROM jpar JOIN jt ON jt.id = jpar.id;
RESET enable_hashjoin;
RESET enable_mergejoin;
DROP TABLE jpar;

-- A table nobody ANALYZEd (issue 36) is not taken for 1,000 rows: without statistics the
-- planner uses the rows the table's last full scan counted, else the option estimated_rows
-- (1,000,000 by default).  5,000 keys joined on the key to a table never analyzed (nor scanned)
-- are a batched join of 50 multigets (the build before: a hash join over a full scan of it)
CREATE FOREIGN TABLE jt_fresh (id int, v text OPTIONS (column 'cf:v'), n int OPTIONS (column 'cf:n'))
  SERVER hbase OPTIONS (table 'jn_join', rowkey '"row" + lpad(id, 6)');
SELECT reltuples FROM pg_class WHERE oid = 'jt_fresh'::regclass;
CREATE TEMP TABLE k5 AS SELECT generate_series(1, 5000) AS id;
ANALYZE k5;
-- a scan's row estimate, from EXPLAIN's first line
CREATE FUNCTION pg_temp.est(q text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  line text;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN ' || q LOOP
    RETURN substring(line FROM 'rows=(\d+)')::bigint;
  END LOOP;
END $$;
SELECT pg_temp.est('SELECT * FROM jt_fresh');
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT count(*), sum(jt_fresh.n) FROM k5 JOIN jt_fresh ON jt_fresh.id = k5.id;
SELECT count(*), sum(jt_fresh.n) FROM k5 JOIN jt_fresh ON jt_fresh.id = k5.id;
-- a full scan counts the table's rows (5,143) and the planner takes them: the table is read
-- in a few requests (a page of 1,000 rows each), fewer than the join's 50 multigets, so now a
-- hash join over it
SELECT count(*) FROM jt_fresh;
SELECT pg_temp.est('SELECT * FROM jt_fresh');
EXPLAIN (COSTS OFF) SELECT count(*), sum(jt_fresh.n) FROM k5 JOIN jt_fresh ON jt_fresh.id = k5.id;
-- a scan that did not read every row counts nothing (a LIMIT, a key condition)
CREATE FOREIGN TABLE jt_part (id int, n int OPTIONS (column 'cf:n'))
  SERVER hbase OPTIONS (table 'jn_join', rowkey '"row" + lpad(id, 6)');
SELECT count(*) FROM (SELECT * FROM jt_part LIMIT 10) l;
SELECT count(*) FROM jt_part WHERE id < 100;
SELECT pg_temp.est('SELECT * FROM jt_part');
-- ANALYZE's count comes first (a sample of 30,000 rows reads all 5,143)
ANALYZE jt_part;
SELECT pg_temp.est('SELECT * FROM jt_part');
-- the option estimated_rows, of the table or of its server
CREATE FOREIGN TABLE jt_opt (id int) SERVER hbase
  OPTIONS (table 'jn_join', rowkey '"row" + lpad(id, 6)', estimated_rows '2500');
SELECT pg_temp.est('SELECT * FROM jt_opt');
CREATE SERVER hbase_costs FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:1', estimated_rows '42', fdw_startup_cost '100', fdw_tuple_cost '1');
CREATE FOREIGN TABLE jt_costs (id int) SERVER hbase_costs
  OPTIONS (table 'jn_join', rowkey '"row" + lpad(id, 6)');
SELECT pg_temp.est('SELECT * FROM jt_costs');
-- fdw_startup_cost is a request's cost, fdw_tuple_cost a row's: a Get costs 100 + 1 (+ 0.01
-- of cpu_tuple_cost)
EXPLAIN SELECT * FROM jt_costs WHERE id = 1;
ALTER SERVER hbase_costs OPTIONS (SET fdw_startup_cost '0', SET fdw_tuple_cost '0');
EXPLAIN SELECT * FROM jt_costs WHERE id = 1;
-- bad values
ALTER FOREIGN TABLE jt_opt OPTIONS (SET estimated_rows '0');
ALTER FOREIGN TABLE jt_opt OPTIONS (SET estimated_rows 'many');
ALTER SERVER hbase_costs OPTIONS (SET fdw_startup_cost '-1');
ALTER SERVER hbase_costs OPTIONS (SET fdw_tuple_cost 'NaN');
ALTER FOREIGN TABLE jt_opt OPTIONS (ADD fdw_tuple_cost '1');
DROP SERVER hbase_costs CASCADE;

-- EXPLAIN ANALYZE's counts: the batch size is a limit (10 outer rows make one batch of 10)
SELECT * FROM pg_temp.scans('SELECT o.oid, jt_fresh.v FROM o JOIN jt_fresh ON jt_fresh.id = o.id',
  'Batched Join|Batch|Multigets|Requests');
