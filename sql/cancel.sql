-- needs: scan (the foreign tables they make; scripts/test --only runs them first)
-- Cancel: a hung gateway (the real one, frozen with SIGSTOP) does not hang the backend:
-- statement_timeout stops the HTTP transfer and raises the usual 57014. The gateway frozen is
-- the run's own (tests/own_gateway.sh), not the one the other tests and runs share
\getenv hbase_url HBASE_URL
\set own_url `tests/own_gateway.sh url`
ALTER SERVER hbase OPTIONS (SET url :'own_url');
SELECT count(*) FROM split_t;
\! tests/own_gateway.sh pause
SET statement_timeout = '1s';
SELECT count(*) FROM split_t;
\echo :SQLSTATE
RESET statement_timeout;
\! tests/own_gateway.sh resume
-- the backend and the connection cache are fine afterwards
SELECT count(*) FROM split_t;
-- cancel in the middle of a multi-page scan, between two requests
SET statement_timeout = '300ms';
ALTER FOREIGN TABLE split_t OPTIONS (ADD fetch_size '1');
SELECT count(*) FROM split_t a JOIN split_t b USING (k);
\echo :SQLSTATE
RESET statement_timeout;
ALTER FOREIGN TABLE split_t OPTIONS (DROP fetch_size);
SELECT count(*) FROM split_t;
SELECT bool_or(open) AS any_still_open FROM hbase_fdw_scanners();

-- nothing is left open on the gateway: after a LIMIT that ends a scan early and after the
-- cancels above, every scanner this backend opened is closed, and the gateway answers 404
-- for each of them
SELECT k FROM split_t LIMIT 1;
SELECT count(*) > 0 AS opened_some, bool_or(open) AS any_still_open FROM hbase_fdw_scanners();
SELECT string_agg(path, ' ') AS scanner_paths FROM hbase_fdw_scanners() \gset
\setenv SCANNER_PATHS :scanner_paths
\! for p in $SCANNER_PATHS; do curl -s -o /dev/null -w '%{http_code}\n' -H 'Accept: application/json' "$(tests/own_gateway.sh url)$p"; done | sort -u

-- the scanner DELETEs at transaction end have a short time limit of their own (2 s in all):
-- a query cancelled on a hung gateway with a scanner open returns, the session goes on, and
-- the scanner is deleted at a later transaction end, once the gateway answers
ALTER FOREIGN TABLE split_t OPTIONS (ADD fetch_size '1');
BEGIN;
DECLARE c CURSOR FOR SELECT k FROM split_t;
FETCH 2 FROM c;
\! tests/own_gateway.sh pause
SET statement_timeout = '1s';
FETCH 5 FROM c;
\echo :SQLSTATE
ROLLBACK;
\! tests/own_gateway.sh resume
SELECT 'the session goes on' AS after_cleanup;
ALTER FOREIGN TABLE split_t OPTIONS (DROP fetch_size);
SELECT count(*) FROM split_t;
SELECT bool_or(open) AS any_still_open FROM hbase_fdw_scanners();

-- a busy wait (hbase_fdw.busy_wait: the request polls for its answer instead of sleeping) is
-- interrupted as a sleeping one is: on the frozen gateway, a Get with a budget of 1 s is
-- cancelled by statement_timeout long before the budget is spent (setting it starts afresh)
SELECT k, n FROM split_t WHERE k = 'a000';
\! tests/own_gateway.sh pause
SET hbase_fdw.busy_wait = '1s';
SET statement_timeout = '100ms';
SELECT clock_timestamp() AS t0 \gset
SELECT k, n FROM split_t WHERE k = 'a001';
\echo :SQLSTATE
RESET statement_timeout;
SELECT clock_timestamp() - :'t0'::timestamptz < interval '900ms' AS cancelled_while_polling;
\! tests/own_gateway.sh resume
SELECT k, n FROM split_t WHERE k = 'a001';
RESET hbase_fdw.busy_wait;
-- its bounds, in the units of time PostgreSQL knows
SET hbase_fdw.busy_wait = '500us';
SHOW hbase_fdw.busy_wait;
SET hbase_fdw.busy_wait = '2s';
SET hbase_fdw.busy_wait = -1;
SET hbase_fdw.busy_wait = 0;
SHOW hbase_fdw.busy_wait;
RESET hbase_fdw.busy_wait;
SHOW hbase_fdw.busy_wait;
ALTER SERVER hbase OPTIONS (SET url :'hbase_url');
