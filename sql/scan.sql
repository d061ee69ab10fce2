-- Scans: empty and missing tables, namespaces, projection, sparse rows,
-- multi-region tables, paging, rowkeys that are hard to put in URLs.
\getenv hbase_url HBASE_URL
SET timezone = 'UTC';

-- empty table
CREATE FOREIGN TABLE empty_t (k text OPTIONS (column ':key'), v text) SERVER hbase
  OPTIONS (table 'fdw_empty', family 'cf');
SELECT * FROM empty_t;
SELECT count(*) FROM empty_t;

-- missing table: HV00R
CREATE FOREIGN TABLE missing_t (k text OPTIONS (column ':key')) SERVER hbase
  OPTIONS (table 'fdw_missing');
EXPLAIN (COSTS OFF) SELECT * FROM missing_t;
SELECT * FROM missing_t;
\echo :SQLSTATE
-- a small LIMIT reads its first page statelessly: the gateway answers 500 there
SELECT * FROM missing_t LIMIT 1;
\echo :SQLSTATE
-- backwards (stateless reversed pages) the same 500: the table is checked as forward
SELECT * FROM missing_t ORDER BY k COLLATE "C" DESC LIMIT 1;
\echo :SQLSTATE

-- a table in a namespace
CREATE FOREIGN TABLE ns_t (k text OPTIONS (column ':key'), v text) SERVER hbase
  OPTIONS (table 'fdw_ns:ns_table', family 'cf');
SELECT * FROM ns_t;

-- projection: only the needed columns are requested, and rows lacking them still come back
CREATE FOREIGN TABLE sparse (
  k text OPTIONS (column ':key'),
  a int OPTIONS (column 'cf:a'),
  x text OPTIONS (column 'd:x'),
  z text OPTIONS (column 'e:z')
) SERVER hbase OPTIONS (table 'fdw_sparse');
EXPLAIN (VERBOSE, COSTS OFF) SELECT a FROM sparse;
EXPLAIN (VERBOSE, COSTS OFF) SELECT k, x FROM sparse WHERE a > 1;
EXPLAIN (VERBOSE, COSTS OFF) SELECT count(*) FROM sparse;
EXPLAIN (VERBOSE, COSTS OFF) SELECT s FROM sparse s;
SELECT * FROM sparse ORDER BY k;
SELECT a FROM sparse ORDER BY a NULLS FIRST;
SELECT k, x FROM sparse ORDER BY k;
SELECT count(*), count(a), count(x), count(z) FROM sparse;
SELECT k FROM sparse WHERE a > 10;
-- EXPLAIN ANALYZE counts requests (create, one short page that ends the scan, delete) and rows
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT a FROM sparse;
-- a small LIMIT reads its first page in one stateless request: the rows lacking the
-- columns still come (r3 and r4 have no cf:a)
SELECT k, a FROM sparse ORDER BY k COLLATE "C" LIMIT 4;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT k, a FROM sparse LIMIT 4;

-- a table pre-split into 4 regions: every row exactly once, in key order
CREATE FOREIGN TABLE split_t (k text OPTIONS (column ':key'), n int, p text) SERVER hbase
  OPTIONS (table 'fdw_split', family 'cf');
SELECT count(*), count(DISTINCT k), min(k), max(k) FROM split_t;
SELECT p, count(*), sum(n) FROM split_t GROUP BY p ORDER BY p;
-- rows arrive in rowkey order across regions
SELECT bool_and(k > prev) FROM (SELECT k, lag(k, 1, '') OVER () AS prev FROM split_t) s;
-- small pages: many requests, same rows
ALTER FOREIGN TABLE split_t OPTIONS (ADD fetch_size '7');
SELECT count(*), count(DISTINCT k), sum(n) FROM split_t;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM split_t;
ALTER FOREIGN TABLE split_t OPTIONS (DROP fetch_size);
-- rescans (inner side of a nested loop) start over
SET enable_hashjoin = off; SET enable_mergejoin = off; SET enable_material = off;
SELECT count(*) FROM (VALUES (1), (2), (3)) v(i) JOIN sparse s ON s.a IS NOT NULL OR s.k = 'r3';
RESET enable_hashjoin; RESET enable_mergejoin; RESET enable_material;
-- a LIMIT ends the scan early; the next query is fine
SELECT k FROM split_t LIMIT 3;
SELECT count(*) FROM split_t;

-- rowkeys with URL-special characters, multibyte UTF-8 and non-UTF-8 bytes round-trip
CREATE FOREIGN TABLE keys_t (k bytea OPTIONS (column ':key'), hex text OPTIONS (column 'cf:hex'))
  SERVER hbase OPTIONS (table 'fdw_keys');
SELECT k, encode(k, 'hex') = hex AS same FROM keys_t ORDER BY k;
SELECT count(*) FROM keys_t;
CREATE FOREIGN TABLE keys_text (k text OPTIONS (column ':key')) SERVER hbase OPTIONS (table 'fdw_keys');
-- as text, the non-UTF-8 key is an error naming it
SELECT k FROM keys_text;
