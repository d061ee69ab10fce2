-- A local HBase shaped like a cluster: a second instance of scripts/hbase-local with three
-- region servers (HBASE_LOCAL_REGIONSERVERS=3), which scripts/test starts (healthy, all servers
-- up) for this test only. Tables with read replicas, regions spread over the servers, regions
-- split and moved while a scan, a keyset walk and Parallel Foreign Scans run, a region server
-- stopped in the middle of a scan, a region nothing serves. Every result is checked whole:
-- the row count, the distinct keys, the sum, the smallest and largest key and that each key
-- carries its own value (k00042 holds 42), so every key is there exactly once.
\getenv cluster_url HBASE_CLUSTER_URL
\getenv cluster_dir HBASE_CLUSTER_DIR
-- the harness (tests/hbase_rest.py, scripts/hbase-local admin) works on that instance
\setenv HBASE_URL :cluster_url
\setenv HBASE_HARNESS_URL :cluster_url
\setenv HBASE_LOCAL_DIR :cluster_dir
\set check 'count(*) AS n, count(DISTINCT k) AS keys, sum(v) AS total, min(k), max(k), bool_and(k = ''k'' || lpad(v::text, 5, ''0'')) AS own_values'
CREATE SERVER hbc FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'cluster_url');
CREATE USER MAPPING FOR CURRENT_USER SERVER hbc;

-- 1. read replicas: 6 regions, REGION_REPLICATION 2, the primaries over the three servers and
-- each replica on another server than its primary; the gateway lists every region twice.
-- (admin commands joined by + run in one JVM; cl_mv is for part 2)
\! scripts/hbase-local admin servers + create cl_rep cf k00500,k01000,k01500,k02000,k02500 --replicas 2 + spread cl_rep + create cl_mv cf k01000,k02000
\! python3 -c 'import json; print(json.dumps([{"key": "k%05d" % i, "cells": {"cf:v": str(i), "cf:g": str(i % 7)}} for i in range(3000)]))' | python3 tests/hbase_rest.py put cl_rep
\! python3 tests/hbase_rest.py regions cl_rep
CREATE FOREIGN TABLE cl_rep_t (k text OPTIONS (column ':key') COLLATE "C", v int, g int) SERVER hbc
  OPTIONS (table 'cl_rep', family 'cf', fetch_size '100');
-- a scan by region (after two pages), a bounded one, the key order, Gets
SELECT :check FROM cl_rep_t;
SELECT :check FROM cl_rep_t WHERE k >= 'k00450' AND k < 'k02550';
SELECT count(*), sum(v) FROM (SELECT k, v FROM cl_rep_t ORDER BY k) s;
SELECT k, v FROM cl_rep_t WHERE k IN ('k00000', 'k00500', 'k02999') ORDER BY k;
-- Parallel Foreign Scan over the replicated regions
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET max_parallel_workers_per_gather = 2;
ALTER FOREIGN TABLE cl_rep_t OPTIONS (ADD parallel_workers '2');
EXPLAIN (COSTS OFF) SELECT count(*), sum(v) FROM cl_rep_t;
SELECT :check FROM cl_rep_t;
SELECT g, count(*), sum(v) FROM cl_rep_t GROUP BY g ORDER BY g;
-- the primaries moved to other servers: the same rows
\! scripts/hbase-local admin move-all cl_rep
SELECT :check FROM cl_rep_t;
ALTER FOREIGN TABLE cl_rep_t OPTIONS (DROP parallel_workers);

-- 2. regions split and moved in the middle of a scan, of a keyset walk, of parallel scans
\! python3 -c 'import json; print(json.dumps([{"key": "k%05d" % i, "cells": {"cf:v": str(i), "cf:g": str(i % 7)}} for i in range(3000)]))' | python3 tests/hbase_rest.py put cl_mv
CREATE FOREIGN TABLE cl_mv_t (k text OPTIONS (column ':key') COLLATE "C", v int, g int) SERVER hbc
  OPTIONS (table 'cl_mv', family 'cf', fetch_size '100');
CREATE TEMP TABLE got (k text, v int);
-- the next n rows of a cursor into got
CREATE FUNCTION cl_fetch(c refcursor, n int) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  r record;
  i int := 0;
BEGIN
  WHILE i < n LOOP
    FETCH c INTO r;
    EXIT WHEN NOT FOUND;
    INSERT INTO got VALUES (r.k, r.v);
    i := i + 1;
  END LOOP;
  RETURN i;
END $$;
-- a keyset walk: up to steps pages of page rows after the last key in got
CREATE FUNCTION cl_walk(steps int, page int) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  last text;
  n int;
  total int := 0;
BEGIN
  FOR s IN 1..steps LOOP
    SELECT max(k) INTO last FROM got;
    INSERT INTO got SELECT k, v FROM cl_mv_t WHERE k > coalesce(last, '') ORDER BY k LIMIT page;
    GET DIAGNOSTICS n = ROW_COUNT;
    total := total + n;
    EXIT WHEN n < page;
  END LOOP;
  RETURN total;
END $$;
-- a scan: 500 rows read, three regions split and all of them moved, the rest read
BEGIN;
DECLARE c CURSOR FOR SELECT k, v FROM cl_mv_t;
SELECT cl_fetch('c', 500);
\! scripts/hbase-local admin split cl_mv k00700,k01300,k02600
SELECT cl_fetch('c', 700);
\! scripts/hbase-local admin move-all cl_mv
SELECT cl_fetch('c', 5000);
COMMIT;
SELECT :check FROM got;
-- a keyset walk (pages of 250 in key order): after 4 pages a region split and all moved
TRUNCATE got;
SELECT cl_walk(4, 250);
\! scripts/hbase-local admin split cl_mv k02300 + move-all cl_mv
SELECT cl_walk(100, 250);
SELECT :check FROM got;
-- Parallel Foreign Scans while regions are moved and split in the background
ALTER FOREIGN TABLE cl_mv_t OPTIONS (ADD parallel_workers '2', SET fetch_size '20');
EXPLAIN (COSTS OFF) SELECT count(*), sum(v) FROM cl_mv_t;
\! (scripts/hbase-local admin chaos cl_mv 25 k00200,k00400,k01150,k01600,k01800,k02800 >results/cluster-chaos.log 2>&1 &)
\! for i in $(seq 240); do grep -qs started results/cluster-chaos.log && break; sleep 0.5; done
SELECT :check FROM cl_mv_t;
SELECT :check FROM cl_mv_t;
SELECT :check FROM cl_mv_t;
SELECT :check FROM cl_mv_t;
SELECT :check FROM cl_mv_t;
SELECT :check FROM cl_mv_t;
SELECT :check FROM cl_mv_t WHERE k >= 'k00100' AND k < 'k02900';
SELECT :check FROM cl_mv_t WHERE k >= 'k00100' AND k < 'k02900';
\! for i in $(seq 240); do grep -qs moves results/cluster-chaos.log && break; sleep 0.5; done; grep -Eq 'chaos: [1-9][0-9]* moves, [1-9][0-9]* splits' results/cluster-chaos.log && echo 'regions moved and split meanwhile' || cat results/cluster-chaos.log
SELECT :check FROM cl_mv_t;
ALTER FOREIGN TABLE cl_mv_t OPTIONS (DROP parallel_workers, SET fetch_size '100');
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET max_parallel_workers_per_gather;

-- 3. the region server of a region not read yet stopped in the middle of a scan: the master
-- reassigns its regions to the two others, the scan goes on there
TRUNCATE got;
BEGIN;
DECLARE c CURSOR FOR SELECT k, v FROM cl_mv_t;
SELECT cl_fetch('c', 1000);
\! scripts/hbase-local admin stop-server cl_mv k02950 + servers
SELECT cl_fetch('c', 5000);
COMMIT;
SELECT :check FROM got;
-- the next queries work: the replicated table too (some of its regions were on that server)
SELECT :check FROM cl_mv_t;
SELECT :check FROM cl_rep_t;

-- 4. a region nothing serves: HBase cannot answer; request_timeout ends the wait with an
-- error naming the request, and once the region is served again the next query works
CREATE SERVER hbc_short FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url :'cluster_url', request_timeout '4');
CREATE USER MAPPING FOR CURRENT_USER SERVER hbc_short;
CREATE FOREIGN TABLE cl_short_t (k text OPTIONS (column ':key') COLLATE "C", v int, g int)
  SERVER hbc_short OPTIONS (table 'cl_mv', family 'cf', fetch_size '100');
\! scripts/hbase-local admin unassign cl_mv k01500
-- the error as the user sees it (SQLSTATE, message, detail; the gateway's URL shown as URL)
CREATE FUNCTION cl_error(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  st text;
  msg text;
  det text;
BEGIN
  EXECUTE q;
  RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL;
  RETURN st || ': ' || msg || E'\n' || replace(det, current_setting('cl.url'), 'URL');
END $$;
SELECT set_config('cl.url', :'cluster_url', false) IS NOT NULL AS url_set;
SELECT cl_error('SELECT count(*) FROM cl_short_t');
SELECT cl_error($$SELECT v FROM cl_short_t WHERE k = 'k01500'$$);
\! scripts/hbase-local admin assign cl_mv k01500
SELECT :check FROM cl_short_t;
SELECT v FROM cl_short_t WHERE k = 'k01500';

DROP FUNCTION cl_fetch(refcursor, int);
DROP FUNCTION cl_walk(int, int);
DROP FUNCTION cl_error(text);
DROP SERVER hbc, hbc_short CASCADE;
\! python3 tests/hbase_rest.py drop cl_rep cl_mv
