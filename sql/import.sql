-- IMPORT FOREIGN SCHEMA: an HBase namespace ("default" for tables without one) becomes one
-- foreign table per HBase table: the raw rowkey and one jsonb column per column family,
-- with the options filled in, to be refined by ALTER.  LIMIT TO / EXCEPT pick tables.
-- sample_rows '0': no sample of the rows (the typed columns one gives: sql/import_sample.sql).
-- Fixtures (tests/fixtures.py): fdw_ns:ns_table (family cf, row x), fdw_sparse (families
-- cf, d, e; rows r1-r4).
CREATE SCHEMA imported;
IMPORT FOREIGN SCHEMA fdw_ns FROM SERVER hbase INTO imported OPTIONS (sample_rows '0');
SELECT c.relname, ft.ftoptions FROM pg_foreign_table ft JOIN pg_class c ON c.oid = ft.ftrelid
  WHERE c.relnamespace = 'imported'::regnamespace ORDER BY 1;
SELECT attname, format_type(atttypid, atttypmod), attfdwoptions FROM pg_attribute
  WHERE attrelid = 'imported.ns_table'::regclass AND attnum > 0 ORDER BY attnum;
SELECT * FROM imported.ns_table;

-- the default namespace, LIMIT TO two tables (one does not exist: nothing for it)
IMPORT FOREIGN SCHEMA "default" LIMIT TO (fdw_sparse, fdw_nosuch) FROM SERVER hbase INTO imported
  OPTIONS (sample_rows '0');
SELECT attname, format_type(atttypid, atttypmod), attfdwoptions FROM pg_attribute
  WHERE attrelid = 'imported.fdw_sparse'::regclass AND attnum > 0 ORDER BY attnum;
SELECT rowkey, cf, d, e FROM imported.fdw_sparse ORDER BY rowkey;
-- refined by ALTER: a typed column out of a family
ALTER FOREIGN TABLE imported.fdw_sparse ADD COLUMN a int OPTIONS (column 'cf:a');
SELECT convert_from(rowkey, 'UTF8') AS k, a FROM imported.fdw_sparse WHERE a > 10;

-- text keys; EXCEPT
CREATE SCHEMA imported2;
IMPORT FOREIGN SCHEMA fdw_ns FROM SERVER hbase INTO imported2
  OPTIONS (key_type 'text', sample_rows '0');
SELECT rowkey, cf ->> 'v' AS v FROM imported2.ns_table;
-- a text key is declared COLLATE "C" (it sorts as its bytes): ranges and ORDER BY use the key
SELECT a.attname, c.collname FROM pg_attribute a JOIN pg_collation c ON c.oid = a.attcollation
  WHERE a.attrelid = 'imported2.ns_table'::regclass AND a.attnum > 0 ORDER BY a.attnum;
EXPLAIN (COSTS OFF) SELECT rowkey FROM imported2.ns_table WHERE rowkey >= 'a' AND rowkey < 'y' ORDER BY rowkey;
CREATE SCHEMA imported3;
IMPORT FOREIGN SCHEMA fdw_ns EXCEPT (ns_table) FROM SERVER hbase INTO imported3;
SELECT count(*) FROM pg_class WHERE relnamespace = 'imported3'::regnamespace;

-- errors
IMPORT FOREIGN SCHEMA no_such_ns FROM SERVER hbase INTO imported3;
\echo :SQLSTATE
IMPORT FOREIGN SCHEMA fdw_ns FROM SERVER hbase INTO imported3 OPTIONS (key_typ 'text');
IMPORT FOREIGN SCHEMA fdw_ns FROM SERVER hbase INTO imported3 OPTIONS (keys 'text');
IMPORT FOREIGN SCHEMA fdw_ns FROM SERVER hbase INTO imported3 OPTIONS (key_type 'int');
-- tables already there are an error, as for any CREATE
IMPORT FOREIGN SCHEMA fdw_ns FROM SERVER hbase INTO imported OPTIONS (sample_rows '0');
DROP SCHEMA imported, imported2, imported3 CASCADE;
