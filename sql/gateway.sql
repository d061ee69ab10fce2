-- The gateway unreachable, going away and coming back; connection cache invalidation;
-- credentials never shown.
\getenv hbase_url HBASE_URL

-- nothing listens there: HV00N
CREATE SERVER nowhere FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:9', connect_timeout '2');
CREATE FOREIGN TABLE nowhere_t (k text OPTIONS (column ':key')) SERVER nowhere OPTIONS (table 'fdw_split');
SELECT * FROM nowhere_t;
\echo :SQLSTATE
DROP SERVER nowhere CASCADE;

-- the real gateway stops: a clear error; it comes back: the same session works again
SELECT count(*) FROM split_t;
\! scripts/hbase-local stop-rest >/dev/null
\set VERBOSITY sqlstate
SELECT count(*) FROM split_t;
\set VERBOSITY default
SELECT :'LAST_ERROR_MESSAGE' LIKE 'could not connect to HBase REST gateway at http%' AS clear_message;
\! scripts/hbase-local start-rest >/dev/null
SELECT count(*) FROM split_t;

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
