-- Parallel Foreign Scan: a scan that needs no order is shared out between parallel workers
-- and the leader by pieces (its key ranges cut at region boundaries, computed once by the
-- leader from the table's regions and put in dynamic shared memory); each process claims the
-- next piece and reads it whole, so no row is read twice or missed. Partial aggregates run
-- in the workers. Table option parallel_workers: 'auto' (by ANALYZE's row count: none under
-- 100,000 rows) or a number. fdw_regions: 5000 rows in 13 regions.
CREATE FOREIGN TABLE par_t (k text OPTIONS (column ':key') COLLATE "C", n int, g int) SERVER hbase
  OPTIONS (table 'fdw_regions', family 'cf', fetch_size '100', parallel_workers '2');
CREATE FOREIGN TABLE par_serial (k text OPTIONS (column ':key') COLLATE "C", n int, g int) SERVER hbase
  OPTIONS (table 'fdw_regions', family 'cf', fetch_size '100', parallel_workers '0');
-- make parallel plans cheap enough for a small table
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT count(*), sum(n) FROM par_t;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*), sum(n) FROM par_t;
SELECT count(*), count(DISTINCT k), sum(n), min(k), max(k) FROM par_t;
SELECT count(*), count(DISTINCT k), sum(n), min(k), max(k) FROM par_serial;
-- every row exactly once, grouped in the workers
SELECT g, count(*), sum(n) FROM par_t GROUP BY g ORDER BY g;
SELECT g, count(*), sum(n) FROM par_serial GROUP BY g ORDER BY g;
-- a bounded scan cut at region boundaries, shared out
EXPLAIN (COSTS OFF) SELECT count(*) FROM par_t WHERE k >= 'r1000' AND k < 'r2300';
SELECT count(*), sum(n) FROM par_t WHERE k >= 'r1000' AND k < 'r2300';
-- a filter the workers apply
SELECT count(*), sum(n) FROM par_t WHERE g = 3 AND n > 100;
SELECT count(*), sum(n) FROM par_serial WHERE g = 3 AND n > 100;
-- the leader reads nothing, the workers all
SET parallel_leader_participation = off;
SELECT count(*), count(DISTINCT k), sum(n) FROM par_t;
RESET parallel_leader_participation;
-- no worker free: the leader reads every piece
SET max_parallel_workers = 0;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM par_t;
SELECT count(*), count(DISTINCT k), sum(n) FROM par_t;
RESET max_parallel_workers;
-- an order to keep, a Get: not shared out
EXPLAIN (COSTS OFF) SELECT k FROM par_t ORDER BY k LIMIT 5;
EXPLAIN (COSTS OFF) SELECT n FROM par_t WHERE k = 'r0042';
SELECT n FROM par_t WHERE k = 'r0042';
-- parallel_workers 'auto' needs a row count: none before ANALYZE
ALTER FOREIGN TABLE par_t OPTIONS (SET parallel_workers 'auto');
EXPLAIN (COSTS OFF) SELECT count(*) FROM par_t;
ALTER FOREIGN TABLE par_t OPTIONS (SET parallel_workers 'many');
ALTER FOREIGN TABLE par_t OPTIONS (SET parallel_workers '65');
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET max_parallel_workers_per_gather;
DROP FOREIGN TABLE par_t, par_serial;
