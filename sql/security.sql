-- needs: scan (the foreign tables they make; scripts/test --only runs them first)
-- Security: TLS peer verification on by default, a CA file for private CAs, HTTP Basic auth
-- from the user mapping, and no secret in errors or EXPLAIN. The gateways are real nginx
-- reverse proxies in front of the real HBase REST (scripts/gateway-proxy), as in production.
\getenv tls_url PROXY_TLS_URL
\getenv ca_file PROXY_CA
\getenv auth_url PROXY_AUTH_URL
\set VERBOSITY default

-- https with the system CA bundle: the test CA is not trusted, the request is refused (HV00N)
CREATE SERVER tls_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'tls_url');
CREATE FOREIGN TABLE tls_t (k text OPTIONS (column ':key')) SERVER tls_srv OPTIONS (table 'fdw_split');
\set VERBOSITY sqlstate
SELECT count(*) FROM tls_t;
\set VERBOSITY default
SELECT :'LAST_ERROR_MESSAGE' LIKE 'could not connect to HBase REST gateway at https://%' AS refused;
-- with the CA that signed the gateway's certificate: it works, through a stateful scanner
ALTER SERVER tls_srv OPTIONS (ADD ca_file :'ca_file');
SELECT count(*), min(k), max(k) FROM tls_t;
SELECT k FROM tls_t WHERE k >= 'c' ORDER BY k LIMIT 2;
-- verification can be turned off explicitly (not the default)
ALTER SERVER tls_srv OPTIONS (DROP ca_file, ADD tls_verify 'false');
SELECT count(*) FROM tls_t;
DROP SERVER tls_srv CASCADE;

-- Basic auth: without a user mapping the gateway answers 401
CREATE SERVER auth_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'auth_url');
CREATE FOREIGN TABLE auth_t (k text OPTIONS (column ':key')) SERVER auth_srv OPTIONS (table 'fdw_split');
SELECT count(*) FROM auth_t;
\echo :SQLSTATE
-- a wrong password: the same error, and the password appears nowhere
CREATE USER MAPPING FOR CURRENT_USER SERVER auth_srv OPTIONS (user 'report', password 'wrong-pw-123');
SELECT count(*) FROM auth_t;
SELECT :'LAST_ERROR_MESSAGE' NOT LIKE '%wrong-pw-123%' AS no_secret_in_message;
-- the right one: the user mapping change is picked up by the cached connection
ALTER USER MAPPING FOR CURRENT_USER SERVER auth_srv OPTIONS (SET password 's3cr3t-pw');
SELECT count(*) FROM auth_t;
SELECT count(*) FROM auth_t WHERE k IN ('a001', 'b002', 'zzz');
EXPLAIN (VERBOSE, COSTS OFF) SELECT k FROM auth_t WHERE k = 'a001';
-- PUBLIC mappings apply to every role
DROP USER MAPPING FOR CURRENT_USER SERVER auth_srv;
CREATE USER MAPPING FOR PUBLIC SERVER auth_srv OPTIONS (user 'report', password 's3cr3t-pw');
SELECT count(*) FROM auth_t;
-- the password is not readable by a role that does not own the mapping
CREATE ROLE hbase_fdw_reader;
SET ROLE hbase_fdw_reader;
SELECT srvname, umoptions FROM pg_user_mappings WHERE srvname = 'auth_srv';
RESET ROLE;
DROP ROLE hbase_fdw_reader;
DROP SERVER auth_srv CASCADE;

-- A gateway's answers are checked before use (a stand-in gateway, tests/fake_gateway.py):
-- a scanner id from the Location header goes into the next path only when it is letters and
-- digits, and a 200 that is not a CellSet is an error (HV00M), never an empty table
\! python3 tests/fake_gateway.py 18097
CREATE SERVER fake_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:18097');
CREATE FOREIGN TABLE fake_badloc (k text OPTIONS (column ':key')) SERVER fake_srv OPTIONS (table 'badloc');
SELECT * FROM fake_badloc;
CREATE FOREIGN TABLE fake_noloc (k text OPTIONS (column ':key')) SERVER fake_srv OPTIONS (table 'noloc');
SELECT * FROM fake_noloc;
CREATE FOREIGN TABLE fake_norow (k text OPTIONS (column ':key'), v text OPTIONS (column 'cf:v'))
  SERVER fake_srv OPTIONS (table 'norow');
SELECT * FROM fake_norow WHERE k = 'a';
SELECT * FROM fake_norow WHERE k IN ('a', 'b');
\echo :SQLSTATE
CREATE FOREIGN TABLE fake_notjson (k text OPTIONS (column ':key')) SERVER fake_srv OPTIONS (table 'notjson');
SELECT * FROM fake_notjson WHERE k = 'a';
CREATE FOREIGN TABLE fake_rownokey (k text OPTIONS (column ':key')) SERVER fake_srv OPTIONS (table 'rownokey');
SELECT * FROM fake_rownokey WHERE k = 'a';
-- protobuf answers (the default transport): a well-formed CellSet is read (an absent value
-- is the empty string), a truncated one, a row without its required key, or a length
-- beyond the body are protocol errors
CREATE FOREIGN TABLE fake_pbgood (k text OPTIONS (column ':key'), v text OPTIONS (column 'cf:v'),
  w text OPTIONS (column 'cf:w'), ts bigint OPTIONS (column ':timestamp'))
  SERVER fake_srv OPTIONS (table 'pbgood');
SELECT k, v, w, w IS NULL AS w_null, ts FROM fake_pbgood WHERE k = 'a';
CREATE FOREIGN TABLE fake_pbtrunc (k text OPTIONS (column ':key')) SERVER fake_srv OPTIONS (table 'pbtrunc');
SELECT * FROM fake_pbtrunc WHERE k = 'a';
\echo :SQLSTATE
CREATE FOREIGN TABLE fake_pbnokey (k text OPTIONS (column ':key')) SERVER fake_srv OPTIONS (table 'pbnokey');
SELECT * FROM fake_pbnokey WHERE k = 'a';
CREATE FOREIGN TABLE fake_pbhuge (k text OPTIONS (column ':key')) SERVER fake_srv OPTIONS (table 'pbhuge');
SELECT * FROM fake_pbhuge WHERE k IN ('a', 'b');
-- an empty protobuf 200 is no empty table either (a gateway answers an empty result with 204
-- or 404)
CREATE FOREIGN TABLE fake_pbempty (k text OPTIONS (column ':key')) SERVER fake_srv OPTIONS (table 'pbempty');
SELECT * FROM fake_pbempty WHERE k = 'a';
\echo :SQLSTATE
-- An answer decodes into no more than its request can return and at most 8 times its own
-- size, checked before anything is allocated (issue 26: a 16 MiB page of empty cells took
-- 2.3 GB): one row of 2^20 empty cells (2 bytes each on the wire) is refused (54000), a Get of
-- one key answered with 2^18 rows and a scanner page of 3 rows for a fetch_size of 2 are
-- protocol errors (HV00M)
CREATE FOREIGN TABLE fake_pbcells (k text OPTIONS (column ':key'), v text OPTIONS (column 'cf:v'))
  SERVER fake_srv OPTIONS (table 'pbcells');
SELECT * FROM fake_pbcells WHERE k = 'a';
\echo :SQLSTATE
CREATE FOREIGN TABLE fake_pbmany (k text OPTIONS (column ':key'), v text OPTIONS (column 'cf:v'))
  SERVER fake_srv OPTIONS (table 'pbmany', fetch_size '2');
SELECT * FROM fake_pbmany;
\echo :SQLSTATE
CREATE SERVER fake_json FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18097', transport 'json');
CREATE FOREIGN TABLE fake_jsonrows (k text OPTIONS (column ':key')) SERVER fake_json
  OPTIONS (table 'jsonrows');
SELECT count(*) FROM fake_jsonrows WHERE k = 'a';
\echo :SQLSTATE
DROP SERVER fake_json CASCADE;
\! curl -s http://127.0.0.1:18097/quit >/dev/null
DROP SERVER fake_srv CASCADE;
-- the real gateway's empty answers stay empty results: a multiget of missing rows (404),
-- an empty scanner (204)
SELECT count(*) FROM split_t WHERE k IN ('nope1', 'nope2');
SELECT count(*) FROM split_t WHERE k > 'zzz';
