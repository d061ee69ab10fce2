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
