-- HBase tables made and dropped from SQL (issue 57): hbase_create_table through the server's
-- gateway (PUT /table/schema), its families and their attributes read back raw from the
-- gateway (tests/hbase_rest.py families); rows written and read through a foreign table on
-- it; refusals before any request; hbase_drop_table by the owner of a foreign table on it or a
-- superuser only.
SELECT current_database() AS db \gset
\setenv PGDATABASE :db
\getenv ro_url HBASE_RO_URL
\! for t in tb_made tb_made2 tb_made3 tb_x tb_events; do python3 tests/hbase_rest.py drop $t; done >/dev/null
-- (each returns the table as HBase names it: the namespace, here the test's, then the name)
SELECT hbase_create_table('hbase', 'tb_made', '{d,x}', '{"VERSIONS": 3, "ttl": 86400}') ~ ':tb_made$' AS made;
\! python3 tests/hbase_rest.py families tb_made
CREATE FOREIGN TABLE tb (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'),
  n int OPTIONS (column 'x:n')) SERVER hbase OPTIONS (table 'tb_made');
INSERT INTO tb VALUES ('a', 'one', 1), ('b', 'two', 2);
UPDATE tb SET n = n + 10 WHERE k = 'b';
SELECT * FROM tb ORDER BY k;
\! python3 tests/hbase_rest.py scan tb_made
-- the default: one family "cf"
SELECT hbase_create_table('hbase', 'tb_made2') ~ ':tb_made2$' AS made;
\! python3 tests/hbase_rest.py families tb_made2

-- refused before the table is made: an existing table (the gateway's PUT would change its
-- families), names HBase refuses, a family twice, none, an unknown attribute, not an object
SELECT hbase_create_table('hbase', 'tb_made', '{d}');
SELECT hbase_create_table('hbase', 'bad name', '{d}');
SELECT hbase_create_table('hbase', 'tb_x', '{"d:q"}');
SELECT hbase_create_table('hbase', 'tb_x', '{d,d}');
SELECT hbase_create_table('hbase', 'tb_x', '{}');
SELECT hbase_create_table('hbase', 'tb_x', '{d}', '{"VERSION": 3}');
SELECT hbase_create_table('hbase', 'tb_x', '{d}', '[1]');
SELECT hbase_create_table('hbase', 'tb_x', '{d}', '{"TTL": null}');
SELECT hbase_create_table('nosuch', 'tb_x', '{d}');
-- a namespace that does not exist: the hint says how to make one
SELECT hbase_create_table('hbase', 'tb_no_such_ns:tb_x', '{d}');
-- a read-only gateway (hbase.rest.readonly) refuses the PUT
CREATE SERVER hbase_ro FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'ro_url');
SELECT hbase_create_table('hbase_ro', 'tb_x', '{d}');
\! python3 tests/hbase_rest.py exists tb_x || echo "tb_x was not made"

-- USAGE on the server suffices to create; dropping takes a superuser, or the owner of a
-- foreign table of the server on that HBase table (USAGE is no license to destroy others' data)
CREATE ROLE tb_user;
GRANT USAGE ON FOREIGN SERVER hbase TO tb_user;
CREATE USER MAPPING FOR tb_user SERVER hbase;
GRANT CREATE ON SCHEMA public TO tb_user;
SET ROLE tb_user;
SELECT hbase_drop_table('hbase', 'tb_made2');
SELECT hbase_create_table('hbase', 'tb_made3') ~ ':tb_made3$' AS made;
CREATE FOREIGN TABLE tb3 (k text OPTIONS (column ':key'), v text OPTIONS (column 'cf:v'))
  SERVER hbase OPTIONS (table 'tb_made3');
INSERT INTO tb3 VALUES ('r', 'mine');
SELECT hbase_drop_table('hbase', 'tb_made3') ~ ':tb_made3$' AS dropped;
RESET ROLE;
\! python3 tests/hbase_rest.py exists tb_made3 || echo "tb_made3 dropped"
\! python3 tests/hbase_rest.py exists tb_made2 && echo "tb_made2 stays"
-- a superuser drops any; a table that is not there is an error
SELECT hbase_drop_table('hbase', 'tb_made2') ~ ':tb_made2$' AS dropped;
SELECT hbase_drop_table('hbase', 'tb_made2');
-- the foreign table outlives its HBase table: reading it says the table is gone
DROP FOREIGN TABLE tb3;
SELECT hbase_drop_table('hbase', 'tb_made') ~ ':tb_made$' AS dropped;
SELECT * FROM tb;
DROP FOREIGN TABLE tb;
DROP SERVER hbase_ro;
DROP USER MAPPING FOR tb_user SERVER hbase;
REVOKE CREATE ON SCHEMA public FROM tb_user;
REVOKE USAGE ON FOREIGN SERVER hbase FROM tb_user;
DROP ROLE tb_user;
-- a missing table's error names the tables of its namespace with a similar name (the
-- namespace is listed only after the gateway's 404, never on the way to a row)
SELECT hbase_create_table('hbase', 'tb_events') ~ ':tb_events$' AS made;
CREATE FOREIGN TABLE tb_dym (k text OPTIONS (column ':key'), v text OPTIONS (column 'cf:v'))
  SERVER hbase OPTIONS (table 'tb_event');
SELECT * FROM tb_dym;
\echo :SQLSTATE
SELECT * FROM tb_dym WHERE k = 'a';
INSERT INTO tb_dym VALUES ('a', 'one');
-- nothing close: no hint
ALTER FOREIGN TABLE tb_dym OPTIONS (SET table 'tb_qqqqqqqq');
SELECT * FROM tb_dym;
DROP FOREIGN TABLE tb_dym;
SELECT hbase_drop_table('hbase', 'tb_events') ~ ':tb_events$' AS dropped;
