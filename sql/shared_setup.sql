-- The tests that take turns on one HBase (scripts/test's shared phase, under its lock: Phoenix's
-- schemas and catalog, and the namespaces server_namespace makes, are one per HBase, not per run
-- slot) run after the others, in a database of their own, in HBase's default namespace. This
-- gives them what types.sql gives the others: the server hbase.
\getenv hbase_url HBASE_URL
\getenv hbase_transport HBASE_TRANSPORT
CREATE SERVER hbase FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url :'hbase_url', transport :'hbase_transport');
SELECT srvname, array_length(srvoptions, 1) AS options FROM pg_foreign_server;
