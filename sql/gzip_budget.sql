-- One budget for the answers a backend holds at once (issue 37.2): max_response_size bounds
-- each inflated answer and also all the answers held or being received together (concurrent
-- multigets of a key list, the batched join, parallel pages, a read ahead); an answer is never
-- copied.  A stand-in gateway (tests/hostile_gateway.py) answers Gets and multigets of table
-- rn_gzip_N with one row of N MiB of zero bytes (1 MiB for key k0001), gzip-compressed to about
-- N kB.
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
-- at once would be over the budget of 64 MiB, though each answer fits.  The answers that did
-- not fit are asked again alone once the others are decoded: the same 5 rows, more GETs than
-- the 5 multigets (before: exactly 5, the backend holding the 4 answers plus a copy of each),
-- and the backend's peak memory stays under 4 answers and their copies (before: above)
SELECT pg_backend_pid() AS pid \gset
SELECT sum(requests) FILTER (WHERE method = 'GET') AS gets FROM hbase_fdw_requests() \gset before_
SELECT k, length(v) FROM gzb_keys
 WHERE k = ANY (ARRAY(SELECT 'k' || lpad(i::text, 4, '0') FROM generate_series(1, 500) i))
 ORDER BY k;
SELECT sum(requests) FILTER (WHERE method = 'GET') - :before_gets > 5 AS asked_again
  FROM hbase_fdw_requests();
\setenv BPID :pid
\! awk '/VmHWM/ { print ($2 < 160 * 1024) ? "peak under 160 MiB" : "peak " $2 " kB" }' /proc/$BPID/status
-- an answer too large alone is reported when asked again alone, the same whatever the timing
-- of the others (here the 4 of 70 MiB each after the first multiget of 1 MiB)
ALTER FOREIGN TABLE gzb_keys OPTIONS (SET table 'rn_gzip_70');
SELECT k, length(v) FROM gzb_keys
 WHERE k = ANY (ARRAY(SELECT 'k' || lpad(i::text, 4, '0') FROM generate_series(1, 500) i))
 ORDER BY k;
\echo :LAST_ERROR_SQLSTATE

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
