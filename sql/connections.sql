-- Connections you can see and close, named as postgres_fdw names them:
-- hbase_fdw_get_connections() lists this backend's connections (one per server and user
-- mapping: server, the mapping's role, gateway URL and version, used by the current
-- transaction, open scanners, requests sent, valid); hbase_fdw_disconnect(server) and
-- hbase_fdw_disconnect_all() close them, except one the current transaction uses (a warning).
-- Server option keep_connections 'false' closes a server's connections at each transaction's
-- end. The User-Agent of every request names the extension and application_name.
\getenv hbase_url HBASE_URL
CREATE SERVER conn_a FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'hbase_url');
CREATE SERVER conn_b FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'hbase_url', keep_connections 'false');
CREATE USER MAPPING FOR CURRENT_USER SERVER conn_a;
CREATE FOREIGN TABLE conn_ta (k text OPTIONS (column ':key'), v text) SERVER conn_a
  OPTIONS (table 'fdw_ns:ns_table', family 'cf');
CREATE FOREIGN TABLE conn_tb (k text OPTIONS (column ':key'), v text) SERVER conn_b
  OPTIONS (table 'fdw_ns:ns_table', family 'cf');
CREATE VIEW conns AS
  SELECT server_name, user_name = CURRENT_USER AS mine, url = :'hbase_url' AS url_ok,
         gateway_version, in_transaction, open_scanners, requests > 0 AS sent, valid
  FROM hbase_fdw_get_connections() WHERE server_name LIKE 'conn_%' ORDER BY server_name;
SELECT hbase_fdw_disconnect_all() IS NOT NULL;
SELECT * FROM conns;
SELECT * FROM conn_ta;
SELECT * FROM conn_tb;
-- conn_a stays open between transactions; conn_b (keep_connections 'false') was closed
SELECT * FROM conns;
-- a connection the current transaction used stays open
BEGIN;
SELECT * FROM conn_ta;
SELECT * FROM conns;
SELECT hbase_fdw_disconnect('conn_a');
COMMIT;
SELECT hbase_fdw_disconnect('conn_a');
SELECT * FROM conns;
SELECT hbase_fdw_disconnect('conn_a');
-- a server that does not exist
SELECT hbase_fdw_disconnect('conn_nosuch');
-- a changed server: the connection is marked invalid, and opened anew at the next use
SELECT * FROM conn_ta;
BEGIN;
ALTER SERVER conn_a OPTIONS (ADD fetch_size '10');
SELECT server_name, valid FROM hbase_fdw_get_connections() WHERE server_name = 'conn_a';
COMMIT;
SELECT * FROM conn_ta;
SELECT server_name, valid FROM hbase_fdw_get_connections() WHERE server_name = 'conn_a';
SELECT hbase_fdw_disconnect_all();
SELECT count(*) FROM conns;
-- keep_connections takes a boolean
ALTER SERVER conn_b OPTIONS (SET keep_connections 'sometimes');
-- the User-Agent, seen by a stand-in gateway (tests/fake_gateway.py records it)
\! python3 tests/fake_gateway.py 18096
CREATE SERVER conn_fake FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18096', gateway_version '2.6.1');
CREATE FOREIGN TABLE conn_fake_t (k text OPTIONS (column ':key')) SERVER conn_fake
  OPTIONS (table 'norow');
SET application_name = 'weekly report';
SELECT * FROM conn_fake_t WHERE k = 'a';
\! curl -s http://127.0.0.1:18096/lastua
-- no user mapping (user_name NULL), the declared gateway version
SELECT server_name, user_name, url, gateway_version, requests FROM hbase_fdw_get_connections()
  WHERE server_name = 'conn_fake';
-- a new application_name is taken at the next transaction
SET application_name = 'pg_regress';
SELECT * FROM conn_fake_t WHERE k = 'a';
\! curl -s http://127.0.0.1:18096/lastua
\! curl -s http://127.0.0.1:18096/quit
DROP VIEW conns;
DROP SERVER conn_a, conn_b, conn_fake CASCADE;
