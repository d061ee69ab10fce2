-- Server option namespace: the HBase namespace of the server's foreign tables whose option
-- table names none (without it: HBase's "default").  One ALTER SERVER points the same foreign
-- tables at another namespace (a staging copy, a test run's own tables).  Messages and
-- EXPLAIN name the HBase table as declared; the server's options say which namespace that is.
-- Tables: rns_t in "default" and in namespace rns_stage, told apart by their cells.
\getenv hbase_url HBASE_URL
\! python3 tests/hbase_rest.py create rns_t cf >/dev/null
\! python3 tests/hbase_rest.py create rns_stage:rns_t cf >/dev/null
\! python3 tests/hbase_rest.py create rns_stage:rns_u cf >/dev/null
\! printf '%s' '[{"key":"k1","cells":{"cf:v":"in default"}}]' | python3 tests/hbase_rest.py put rns_t
\! printf '%s' '[{"key":"k1","cells":{"cf:v":"in rns_stage"}}]' | python3 tests/hbase_rest.py put rns_stage:rns_t
\! printf '%s' '[{"key":"u1","cells":{"cf:v":"u in rns_stage"}}]' | python3 tests/hbase_rest.py put rns_stage:rns_u

-- bad values: a namespace is letters, digits and '_'
CREATE SERVER rns_bad FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'hbase_url', namespace '');
CREATE SERVER rns_bad FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'hbase_url', namespace 'a-b');
CREATE SERVER rns_bad FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'hbase_url', namespace 'a:b');
CREATE SERVER rns_bad FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'hbase_url', namespace 'ns_été');
CREATE SERVER rns_bad FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'hbase_url', namespace '../x');
-- a foreign table cannot have it
CREATE SERVER rns_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'hbase_url', namespace 'rns_stage');
CREATE FOREIGN TABLE rns_bad (k text OPTIONS (column ':key'), v text) SERVER rns_srv
  OPTIONS (table 'rns_t', family 'cf', namespace 'x');

-- a table named without a namespace is the server's namespace's; one with a namespace keeps it
CREATE FOREIGN TABLE rns_t (k text OPTIONS (column ':key'), v text) SERVER rns_srv
  OPTIONS (family 'cf');
CREATE FOREIGN TABLE rns_default (k text OPTIONS (column ':key'), v text) SERVER rns_srv
  OPTIONS (table 'default:rns_t', family 'cf');
SELECT * FROM rns_t;
SELECT * FROM rns_default;
EXPLAIN (COSTS OFF) SELECT * FROM rns_t WHERE k = 'k1';
EXPLAIN (COSTS OFF) SELECT * FROM rns_default WHERE k = 'k1';
-- writes go there too
INSERT INTO rns_t VALUES ('k2', 'written');
\! python3 tests/hbase_rest.py get rns_stage:rns_t k2
\! python3 tests/hbase_rest.py get rns_t k2 || echo 'no k2 in default'
-- a family the table lacks: the message names the table as declared
CREATE FOREIGN TABLE rns_nofam (k text OPTIONS (column ':key'), v text) SERVER rns_srv
  OPTIONS (table 'rns_t', family 'nosuch');
SELECT * FROM rns_nofam;
-- a table missing from the namespace
CREATE FOREIGN TABLE rns_missing (k text OPTIONS (column ':key'), v text) SERVER rns_srv
  OPTIONS (family 'cf');
SELECT * FROM rns_missing;

-- one ALTER SERVER moves every table without a namespace; 'default' is HBase's default
ALTER SERVER rns_srv OPTIONS (SET namespace 'default');
SELECT * FROM rns_t;
ALTER SERVER rns_srv OPTIONS (DROP namespace);
SELECT * FROM rns_t;
ALTER SERVER rns_srv OPTIONS (ADD namespace 'rns_stage');
SELECT * FROM rns_t;

-- IMPORT FOREIGN SCHEMA declares the server's namespace's tables without it, others' with it
CREATE SCHEMA rns_imp;
IMPORT FOREIGN SCHEMA rns_stage LIMIT TO (rns_u) FROM SERVER rns_srv INTO rns_imp
  OPTIONS (sample_rows '0');
IMPORT FOREIGN SCHEMA "default" LIMIT TO (rns_t) FROM SERVER rns_srv INTO rns_imp
  OPTIONS (sample_rows '0');
SELECT c.relname, ft.ftoptions FROM pg_foreign_table ft JOIN pg_class c ON c.oid = ft.ftrelid
  WHERE c.relnamespace = 'rns_imp'::regnamespace ORDER BY 1;
SELECT convert_from(rowkey, 'UTF8') AS k, cf FROM rns_imp.rns_u;
SELECT convert_from(rowkey, 'UTF8') AS k, cf FROM rns_imp.rns_t ORDER BY 1;

DROP SCHEMA rns_imp CASCADE;
DROP SERVER rns_srv CASCADE;
\! python3 tests/hbase_rest.py drop rns_t
\! python3 tests/hbase_rest.py drop rns_stage:rns_t
\! python3 tests/hbase_rest.py drop rns_stage:rns_u
