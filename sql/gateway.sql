-- needs: scan (the foreign tables they make; scripts/test --only runs them first)
-- The gateway unreachable, going away and coming back; connection cache invalidation;
-- credentials never shown.
\getenv hbase_url HBASE_URL

-- nothing listens there: HV00N
CREATE SERVER nowhere FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:9', connect_timeout '2');
CREATE FOREIGN TABLE nowhere_t (k text OPTIONS (column ':key')) SERVER nowhere OPTIONS (table 'fdw_split');
SELECT * FROM nowhere_t;
\echo :SQLSTATE
-- the DETAIL names the request that could not be sent, as a sentence
SELECT * FROM nowhere_t ORDER BY k LIMIT 1;
DROP SERVER nowhere CASCADE;

-- the real gateway stops: a clear error; it comes back: the same session works again (the
-- run's own gateway, tests/own_gateway.sh, not the one the other tests and runs share)
\set own_url `tests/own_gateway.sh url`
ALTER SERVER hbase OPTIONS (SET url :'own_url');
SELECT count(*) FROM split_t;
\! tests/own_gateway.sh stop
\set VERBOSITY sqlstate
SELECT count(*) FROM split_t;
\set VERBOSITY default
SELECT :'LAST_ERROR_MESSAGE' LIKE 'could not connect to HBase REST gateway at http%' AS clear_message;
\! tests/own_gateway.sh start
SELECT count(*) FROM split_t;
ALTER SERVER hbase OPTIONS (SET url :'hbase_url');

-- ALTER SERVER drops the cached connection
ALTER SERVER hbase OPTIONS (SET url 'http://127.0.0.1:9');
SELECT count(*) FROM split_t;
ALTER SERVER hbase OPTIONS (SET url :'hbase_url');
SELECT count(*) FROM split_t;

-- credentials go to the gateway as HTTP Basic auth, and nowhere else
CREATE USER MAPPING FOR CURRENT_USER SERVER hbase OPTIONS (user 'report', password 's3cr3t-pw');
SELECT count(*) FROM split_t;
EXPLAIN (VERBOSE, COSTS OFF) SELECT k FROM split_t;
ALTER SERVER hbase OPTIONS (SET url 'http://127.0.0.1:9');
SELECT count(*) FROM split_t;
ALTER SERVER hbase OPTIONS (SET url :'hbase_url');
DROP USER MAPPING FOR CURRENT_USER SERVER hbase;
SELECT count(*) FROM split_t;

-- a read-only gateway (RESTServer -ro, hbase.rest.readonly): Gets and multigets work; a scan
-- needs a scanner (a PUT), refused; writes are refused with 42501 and nothing is written
\getenv ro_url HBASE_RO_URL
CREATE SERVER hbase_ro FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'ro_url');
CREATE FOREIGN TABLE ro_t (k text OPTIONS (column ':key'), n int, p text) SERVER hbase_ro
  OPTIONS (table 'fdw_split', family 'cf');
SELECT k, n FROM ro_t WHERE k = 'a000';
EXPLAIN (COSTS OFF) SELECT k, n FROM ro_t WHERE k IN ('a001', 'b002', 'zzz');
SELECT k, n FROM ro_t WHERE k IN ('a001', 'b002', 'zzz') ORDER BY k;
SELECT count(*) FROM ro_t;
\echo :SQLSTATE
INSERT INTO ro_t VALUES ('ro-new', 1, 'x');
\echo :SQLSTATE
DELETE FROM ro_t WHERE k = 'a000';
\echo :SQLSTATE
UPDATE ro_t SET n = 0 WHERE k = 'a000';
\echo :SQLSTATE
SELECT k, n FROM split_t WHERE k IN ('ro-new', 'a000');
DROP SERVER hbase_ro CASCADE;

-- max_response_size caps one answer of the gateway: the transfer stops (54000) and the error
-- names the request; below the cap everything works
\! python3 tests/hbase_rest.py create w_cap cf >/dev/null
CREATE FOREIGN TABLE w_cap (k text OPTIONS (column ':key'), v text OPTIONS (column 'cf:v'))
  SERVER hbase OPTIONS (table 'w_cap');
INSERT INTO w_cap VALUES ('small', 'x'), ('big', repeat('y', 5000));
CREATE SERVER capped FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'hbase_url', max_response_size '2kB');
CREATE FOREIGN TABLE cap_split (k text OPTIONS (column ':key'), n int OPTIONS (column 'cf:n'))
  SERVER capped OPTIONS (table 'fdw_split');
CREATE FOREIGN TABLE cap_t (k text OPTIONS (column ':key'), v text OPTIONS (column 'cf:v'))
  SERVER capped OPTIONS (table 'w_cap');
-- a scanner page over 2 kB (terse: the detail shows the scanner's path, which varies)
\set VERBOSITY terse
SELECT count(*) FROM cap_split;
\set VERBOSITY default
\echo :SQLSTATE
-- a Get of a cell over 2 kB
SELECT k, length(v) FROM cap_t WHERE k = 'big';
\echo :SQLSTATE
-- small answers pass: a Get, and pages of 10 rows read one at a time (the cap bounds the answers
-- held at once too: region pages read concurrently would not fit together)
SELECT k, v FROM cap_t WHERE k = 'small';
ALTER FOREIGN TABLE cap_split OPTIONS (ADD fetch_size '10', ADD concurrency '1');
SELECT count(*), sum(n) FROM cap_split;
SELECT k, length(v) FROM w_cap ORDER BY k;
DROP SERVER capped CASCADE;
