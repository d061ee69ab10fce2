-- Options: validation at CREATE/ALTER time, hints, required options, privileges.
\getenv hbase_url HBASE_URL
\set VERBOSITY default

-- a server needs a url, and a good one
CREATE SERVER bad_srv FOREIGN DATA WRAPPER hbase_fdw;
\echo :SQLSTATE
CREATE SERVER bad_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'ftp://example.org');
CREATE SERVER bad_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://');
CREATE SERVER bad_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://u:secret@127.0.0.1:1');
CREATE SERVER bad_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1/x?y=1');
-- misspelt option names get a hint
CREATE SERVER bad_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (uri 'http://127.0.0.1:1');
\echo :SQLSTATE
CREATE SERVER bad_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1', conect_timeout '1');
CREATE SERVER bad_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1', zzzzzz '1');
-- timeouts and sizes
CREATE SERVER bad_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1', connect_timeout '-1');
\echo :SQLSTATE
CREATE SERVER bad_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1', request_timeout 'soon');
CREATE SERVER bad_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1', fetch_size '0');
CREATE SERVER bad_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1', tls_verify 'maybe');
\echo :SQLSTATE
-- booleans as PostgreSQL reads them: 'no' is false, and a bad one is a bad value (HV024)
CREATE SERVER bool_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1', pushdown 'no', keep_connections 'yes');
DROP SERVER bool_srv;
CREATE SERVER bad_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1', pushdown 'nope');
\echo :SQLSTATE
CREATE SERVER bad_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'https://127.0.0.1:1', ca_file 'relative.pem');
-- max_response_size: a size with a unit (MB when none), 1 kB to 1 GB; misspelt: a hint
CREATE SERVER bad_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1', max_response_size '10 parsecs');
CREATE SERVER bad_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1', max_response_size '2GB');
CREATE SERVER bad_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1', max_response_size '100B');
CREATE SERVER bad_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1', max_respons_size '1');
-- how CellSets travel: protobuf (the default) or json
CREATE SERVER bad_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1', transport 'xml');
CREATE SERVER bad_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1', transprot 'json');
CREATE SERVER size_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1', max_response_size '1kB');
ALTER SERVER size_srv OPTIONS (SET max_response_size '256');
ALTER SERVER size_srv OPTIONS (SET max_response_size '1GB');
DROP SERVER size_srv;

CREATE SERVER opt_srv FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'https://127.0.0.1:1/', connect_timeout '2.5', request_timeout '0', fetch_size '500', tls_verify 'true');
-- the url cannot be dropped
ALTER SERVER opt_srv OPTIONS (DROP url);
ALTER SERVER opt_srv OPTIONS (SET fetch_size '-5');
ALTER SERVER opt_srv OPTIONS (ADD ca_file '/etc/ssl/certs/ca-certificates.crt');

-- user mapping: user and password only
CREATE USER MAPPING FOR CURRENT_USER SERVER opt_srv OPTIONS (usr 'alice');
-- a password without a user would be ignored: refused
CREATE USER MAPPING FOR CURRENT_USER SERVER opt_srv OPTIONS (password 'topsecret');
CREATE USER MAPPING FOR CURRENT_USER SERVER opt_srv OPTIONS (user 'alice', password 'topsecret');
ALTER USER MAPPING FOR CURRENT_USER SERVER opt_srv OPTIONS (DROP user);

-- foreign table and column options
CREATE FOREIGN TABLE opt_t1 (a int) SERVER opt_srv OPTIONS (tabel 'x');
CREATE FOREIGN TABLE opt_t1 (a int) SERVER opt_srv OPTIONS (table 'a:b:c');
CREATE FOREIGN TABLE opt_t1 (a int) SERVER opt_srv OPTIONS (table 'bad name');
CREATE FOREIGN TABLE opt_t1 (a int) SERVER opt_srv OPTIONS (table 'ns:', family 'cf');
-- HBase's own rules: nothing that could leave the table's place in the URL path
CREATE FOREIGN TABLE opt_t1 (a int) SERVER opt_srv OPTIONS (table '..', family 'cf');
CREATE FOREIGN TABLE opt_t1 (a int) SERVER opt_srv OPTIONS (table '.', family 'cf');
CREATE FOREIGN TABLE opt_t1 (a int) SERVER opt_srv OPTIONS (table 'ns:..', family 'cf');
CREATE FOREIGN TABLE opt_t1 (a int) SERVER opt_srv OPTIONS (table '-t', family 'cf');
CREATE FOREIGN TABLE opt_t1 (a int) SERVER opt_srv OPTIONS (table 'a/b', family 'cf');
CREATE FOREIGN TABLE opt_t1 (a int) SERVER opt_srv OPTIONS (table 'ns.x:t', family 'cf');
CREATE FOREIGN TABLE opt_t1 (a int) SERVER opt_srv OPTIONS (table 'zookeeper', family 'cf');
-- without the option the relation's name is the table name, checked as well
CREATE FOREIGN TABLE ".." (a int) SERVER opt_srv OPTIONS (family 'cf');
CREATE FOREIGN TABLE "a/../b" (a int) SERVER opt_srv OPTIONS (family 'cf');
CREATE FOREIGN TABLE "a/../b" (a int) SERVER opt_srv OPTIONS (table 'ab', family 'cf');
DROP FOREIGN TABLE "a/../b";
-- legal: a namespace, '-', '.' and '_' inside the qualifier
CREATE FOREIGN TABLE opt_t0 (a int) SERVER opt_srv OPTIONS (table 'ns_1:t.x-y_z', family 'cf');
DROP FOREIGN TABLE opt_t0;
CREATE FOREIGN TABLE opt_t1 (a int) SERVER opt_srv OPTIONS (table 't', family 'c:f');
CREATE FOREIGN TABLE opt_t1 (a int) SERVER opt_srv OPTIONS (table 't', encoding 'utf16');
CREATE FOREIGN TABLE opt_t1 (a int OPTIONS (colum 'cf:a')) SERVER opt_srv OPTIONS (table 't');
CREATE FOREIGN TABLE opt_t1 (a int OPTIONS (column 'cfa')) SERVER opt_srv OPTIONS (table 't');
CREATE FOREIGN TABLE opt_t1 (a int OPTIONS (column ':a')) SERVER opt_srv OPTIONS (table 't');
CREATE FOREIGN TABLE opt_t1 (a int OPTIONS (column 'cf:a', encoding 'hex')) SERVER opt_srv OPTIONS (table 't');
CREATE FOREIGN TABLE opt_t1 (
  k text OPTIONS (column ':key'),
  a int OPTIONS (column 'cf:a', encoding 'binary'),
  b text OPTIONS (column 'cf:')
) SERVER opt_srv OPTIONS (table 'ns:t1', family 'cf', fetch_size '10');
ALTER FOREIGN TABLE opt_t1 ALTER COLUMN b OPTIONS (SET column 'nocolon');
ALTER FOREIGN TABLE opt_t1 OPTIONS (SET fetch_size 'lots');

-- the whole mapping is checked at the end of CREATE/ALTER FOREIGN TABLE (event trigger):
-- a column without mapping and no default family
CREATE FOREIGN TABLE opt_t2 (a int) SERVER opt_srv;
\echo :SQLSTATE
-- binary encoding of an unsupported type, and a rowkey column of a wrong type
CREATE FOREIGN TABLE opt_t3 (d date OPTIONS (column 'cf:d', encoding 'binary')) SERVER opt_srv;
CREATE FOREIGN TABLE opt_t4 (k int OPTIONS (column ':key')) SERVER opt_srv;
-- a type change that breaks the mapping is refused too, by ALTER FOREIGN TABLE or ALTER TABLE
CREATE FOREIGN TABLE opt_t6 (k text OPTIONS (column ':key'), j jsonb OPTIONS (column 'fam')) SERVER opt_srv;
ALTER FOREIGN TABLE opt_t6 ALTER COLUMN k TYPE int;
ALTER TABLE opt_t6 ALTER COLUMN j TYPE text;
ALTER TABLE opt_t6 ALTER COLUMN j OPTIONS (ADD encoding 'binary');
DROP FOREIGN TABLE opt_t6;
-- the table name defaults to the foreign table's name
CREATE FOREIGN TABLE opt_t5 (a int) SERVER opt_srv OPTIONS (family 'cf');
EXPLAIN (COSTS OFF) SELECT * FROM opt_t5;

-- secrets stay out of EXPLAIN and out of errors
EXPLAIN (VERBOSE, COSTS OFF) SELECT * FROM opt_t1;
SELECT * FROM opt_t1;
\echo :SQLSTATE

-- ca_file names a server file: superusers only
CREATE ROLE hbase_fdw_plain;
GRANT USAGE ON FOREIGN DATA WRAPPER hbase_fdw TO hbase_fdw_plain;
SET ROLE hbase_fdw_plain;
CREATE SERVER plain_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'https://127.0.0.1:1', ca_file '/tmp/ca.pem');
\echo :SQLSTATE
CREATE SERVER plain_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'https://127.0.0.1:1');
DROP SERVER plain_srv;
RESET ROLE;
REVOKE USAGE ON FOREIGN DATA WRAPPER hbase_fdw FROM hbase_fdw_plain;
DROP ROLE hbase_fdw_plain;

-- updatable (server, then table), as postgres_fdw's: false refuses writes before any request
CREATE SERVER upd_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1', updatable 'false');
CREATE FOREIGN TABLE upd_t (k text OPTIONS (column ':key'), v text) SERVER upd_srv OPTIONS (table 'upd_t', family 'cf');
INSERT INTO upd_t VALUES ('a', 'b');
\echo :SQLSTATE
UPDATE upd_t SET v = 'x' WHERE k = 'a';
DELETE FROM upd_t WHERE k = 'a';
COPY upd_t FROM STDIN;
a	b
\.
-- the table's option wins over the server's: nothing to delete, nothing refused
ALTER FOREIGN TABLE upd_t OPTIONS (ADD updatable 'true');
DELETE FROM upd_t WHERE false;
ALTER FOREIGN TABLE upd_t OPTIONS (SET updatable 'maybe');
\echo :SQLSTATE
-- TRUNCATE is refused, saying what to do instead
TRUNCATE upd_t;
\echo :SQLSTATE
DROP SERVER upd_srv CASCADE;

DROP SERVER opt_srv CASCADE;
