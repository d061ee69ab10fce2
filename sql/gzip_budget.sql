-- One budget for the answers a backend holds at once (issue 37.2): max_response_size bounds
-- each inflated answer and also all the answers held or being received together (concurrent
-- multigets of a key list, the batched join, parallel pages, a read ahead); an answer is never
-- copied.  A stand-in gateway (tests/hostile_gateway.py) answers Gets and multigets of table
-- rn_gzip_N with one row of N MiB of zero bytes, gzip-compressed to about N kB.
\set VERBOSITY terse
\! python3 tests/hostile_gateway.py 18187
CREATE SERVER gzb FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:18187',
  compression 'gzip', gateway_version '2.6.1', max_response_size '64MB');
CREATE FOREIGN TABLE gzb_get (k text OPTIONS (column ':key'), v bytea)
  SERVER gzb OPTIONS (table 'rn_gzip_60', family 'cf');
CREATE FOREIGN TABLE gzb_keys (k text OPTIONS (column ':key'), v bytea)
  SERVER gzb OPTIONS (table 'rn_gzip_20', family 'cf', concurrency '4');
CREATE FOREIGN TABLE gzb_big (k text OPTIONS (column ':key'), v bytea)
  SERVER gzb OPTIONS (table 'rn_gzip_70', family 'cf');

-- one answer of 60 MiB (61 kB on the wire) fits
SELECT k, length(v) FROM gzb_get WHERE k = 'a';
-- one of 70 MiB does not
SELECT k, length(v) FROM gzb_big WHERE k = 'a';
\echo :LAST_ERROR_SQLSTATE

-- 500 keys: a multiget of 100 alone, then 4 at once, each answered with 20 MiB: 80 MiB held
-- at once is over the budget of 64 MiB, though each answer fits (before: 5 rows, and the
-- backend held the 4 answers plus a copy of each)
SELECT k, length(v) FROM gzb_keys
 WHERE k = ANY (ARRAY(SELECT 'k' || lpad(i::text, 4, '0') FROM generate_series(1, 500) i))
 ORDER BY k;
\echo :LAST_ERROR_SQLSTATE
-- 2 at once (40 MiB) fit; answers decoded are out of the budget, and the failed statement
-- left nothing counted in it
ALTER FOREIGN TABLE gzb_keys OPTIONS (SET concurrency '2');
SELECT k, length(v) FROM gzb_keys
 WHERE k = ANY (ARRAY(SELECT 'k' || lpad(i::text, 4, '0') FROM generate_series(1, 500) i))
 ORDER BY k;


-- IMPORT keeps the Phoenix catalog rows of the schema until its tables are made: they count
-- against max_response_size too (issue 37.14).  Schema FDWBIG: 3 pages of about 420 kB
-- (each fits 1MB), 1.3 MB in all (before: kept, whatever their size)
CREATE SCHEMA gzb_import;
ALTER SERVER gzb OPTIONS (SET max_response_size '1MB');
IMPORT FOREIGN SCHEMA "FDWBIG" FROM SERVER gzb INTO gzb_import OPTIONS (phoenix 'true');
\echo :LAST_ERROR_SQLSTATE
-- with room for them, the import reads them all
ALTER SERVER gzb OPTIONS (SET max_response_size '4MB');
IMPORT FOREIGN SCHEMA "FDWBIG" LIMIT TO (t0000) FROM SERVER gzb INTO gzb_import
  OPTIONS (phoenix 'true');
SELECT count(*) FROM pg_foreign_table ft JOIN pg_class c ON c.oid = ft.ftrelid
 WHERE c.relnamespace = 'gzb_import'::regnamespace;

\! curl -s http://127.0.0.1:18187/quit >/dev/null
DROP SCHEMA gzb_import CASCADE;
DROP SERVER gzb CASCADE;
