-- ANALYZE reads an HBase table (every row, or a random fraction through a RandomRowFilter)
-- and gives PostgreSQL the row count (pg_class.reltuples) and column statistics (pg_stats),
-- so a join weighs one Get per outer row against one scan of the table. Fixture
-- (tests/fixtures.py): fdw_sortlong, 1,504 rows with keys sortable(long(k)) and a cell d:v.
SET timezone = 'UTC';
CREATE FOREIGN TABLE big (k bigint, v text) SERVER hbase
  OPTIONS (table 'fdw_sortlong', family 'd', rowkey 'sortable(long(k))');
-- never analyzed: no count
SELECT reltuples FROM pg_class WHERE oid = 'big'::regclass;
ANALYZE big;
SELECT reltuples FROM pg_class WHERE oid = 'big'::regclass;
SELECT attname, null_frac, n_distinct, histogram_bounds IS NOT NULL AS histogram
  FROM pg_stats WHERE tablename = 'big' ORDER BY attname;
-- the estimates follow: a Get is one row, a range the histogram's share, a scan the count
EXPLAIN SELECT * FROM big WHERE k = 1000;
EXPLAIN SELECT * FROM big;
SELECT (SELECT count(*) FROM big WHERE k > 1000) AS actual;
EXPLAIN SELECT * FROM big WHERE k > 1000;

-- a few outer rows: a batched key join (one multiget); many: one scan into a hash join
CREATE TEMP TABLE few AS SELECT k FROM big WHERE k > 1000 ORDER BY k LIMIT 3;
CREATE TEMP TABLE many AS SELECT g::bigint AS k FROM generate_series(1, 20000) g;
ANALYZE few;
ANALYZE many;
EXPLAIN (COSTS OFF) SELECT count(*) FROM few JOIN big ON big.k = few.k;
EXPLAIN (COSTS OFF) SELECT count(*) FROM many JOIN big ON big.k = many.k;
SELECT count(*) FROM few JOIN big ON big.k = few.k;
SELECT count(*) FROM many JOIN big ON big.k = many.k;

-- a fraction of the rows: about half read, the count scaled back (1,504 +- a few %)
ALTER FOREIGN TABLE big OPTIONS (ADD analyze_sample_fraction '0.5');
ANALYZE big;
SELECT reltuples BETWEEN 1300 AND 1700 AS about_1504 FROM pg_class WHERE oid = 'big'::regclass;
ALTER FOREIGN TABLE big OPTIONS (SET analyze_sample_fraction '0');
ALTER FOREIGN TABLE big OPTIONS (SET analyze_sample_fraction '1.5');
ALTER FOREIGN TABLE big OPTIONS (SET analyze_sample_fraction 'auto');
ANALYZE big;
SELECT reltuples FROM pg_class WHERE oid = 'big'::regclass;

-- a missing HBase table is an error naming it
CREATE FOREIGN TABLE gone (k text OPTIONS (column ':key')) SERVER hbase
  OPTIONS (table 'fdw_missing');
ANALYZE gone;
DROP FOREIGN TABLE gone;
DROP FOREIGN TABLE big;
