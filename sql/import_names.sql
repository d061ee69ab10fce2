-- IMPORT FOREIGN SCHEMA from a listing or a Phoenix catalog that no real HBase or Phoenix
-- gives (a stand-in gateway, tests/hostile_gateway.py, which also records the requests it
-- receives): every name that comes from HBase is checked before it is used, in a request
-- path or in the catalog here, and a bad one is skipped with a NOTICE naming it, escaped;
-- the definitions an import generates get the checks of CREATE FOREIGN TABLE; an import
-- of more tables than one transaction can lock fails before its requests.
\set VERBOSITY default
\! python3 tests/hostile_gateway.py 18093
CREATE SERVER hostile FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:18093');
CREATE SCHEMA rn_import;

-- the namespace lists "..", "rn bad" and "rn\u0001ctl": no request for their schema (".."
-- would be GET /../schema); "rn_ok" has families "cf", "a:b", "\u0007" and "": only cf
IMPORT FOREIGN SCHEMA rn_hostile FROM SERVER hostile INTO rn_import;
SELECT c.relname, a.attname, a.attfdwoptions FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
  WHERE c.relnamespace = 'rn_import'::regnamespace AND a.attnum > 0 ORDER BY 1, a.attnum;
\! curl -s http://127.0.0.1:18093/seen | grep schema
-- nor for a namespace that cannot be one (the name the user gives goes into a path too)
IMPORT FOREIGN SCHEMA ".." FROM SERVER hostile INTO rn_import;
\! curl -s http://127.0.0.1:18093/seen | grep -cF 'namespaces/..'

-- a listed table that is gone when its schema is read: an error that names it
IMPORT FOREIGN SCHEMA rn_gone FROM SERVER hostile INTO rn_import;

-- Phoenix's catalog (schema FDWRN) with names that are not UTF-8: a table "B\xffAD" does not
-- stop an import whose LIMIT TO names another table; a column "W\xff" and a family "F\xfe"
-- are left out of GOOD
IMPORT FOREIGN SCHEMA "FDWRN" LIMIT TO (good) FROM SERVER hostile INTO rn_import
  OPTIONS (phoenix 'true');
SELECT attname, format_type(atttypid, atttypmod), attfdwoptions FROM pg_attribute
  WHERE attrelid = 'rn_import.good'::regclass AND attnum > 0 ORDER BY attnum;
-- without LIMIT TO the bad table name is named in a NOTICE; so are a table whose HBase name
-- HBase would not allow ("FDWRN.SP ACE") and one whose default family ("a:b") is no family
IMPORT FOREIGN SCHEMA "FDWRN" EXCEPT (good, keybad, salty, wide) FROM SERVER hostile
  INTO rn_import OPTIONS (phoenix 'true');
-- a key column "K\xff": left out, so the key is imported raw
IMPORT FOREIGN SCHEMA "FDWRN" LIMIT TO (keybad) FROM SERVER hostile INTO rn_import
  OPTIONS (phoenix 'true');
SELECT attname, format_type(atttypid, atttypmod), attfdwoptions FROM pg_attribute
  WHERE attrelid = 'rn_import.keybad'::regclass AND attnum > 0 ORDER BY attnum;
-- layouts CREATE FOREIGN TABLE refuses are refused in an import too: salt(1000000) (Phoenix
-- allows 256 buckets) and rpad(id, 2147483647, ' ') (a CHAR(2147483647) key)
CREATE FOREIGN TABLE rn_import.typed_salty (id text) SERVER hostile
  OPTIONS (table 'FDWRN.SALTY', rowkey 'salt(1000000) + id');
IMPORT FOREIGN SCHEMA "FDWRN" LIMIT TO (salty) FROM SERVER hostile INTO rn_import
  OPTIONS (phoenix 'true');
CREATE FOREIGN TABLE rn_import.typed_wide (id text) SERVER hostile
  OPTIONS (table 'FDWRN.WIDE', rowkey 'rpad(id, 2147483647, '' '')');
IMPORT FOREIGN SCHEMA "FDWRN" LIMIT TO (wide) FROM SERVER hostile INTO rn_import
  OPTIONS (phoenix 'true');
SELECT count(*) FROM pg_class WHERE relname IN ('salty', 'wide', 'typed_salty', 'typed_wide');

-- a namespace of many tables ("default" of 16 here: Phoenix's SYSTEM.CATALOG, SYSTEM.SEQUENCE
-- and SYSTEM.STATS, "rn bad", t01 to t12): one NOTICE sums up what was imported and what was
-- not, and why, instead of each table's notices (at DEBUG1 now); t01's sample fails, t03 is
-- Phoenix's (its row has the empty cell "0:_0"), t02's family "a:b" is left out
CREATE SCHEMA rn_default;
IMPORT FOREIGN SCHEMA "default" FROM SERVER hostile INTO rn_default;
SELECT count(*) FROM pg_class WHERE relnamespace = 'rn_default'::regnamespace;
SELECT attname, format_type(atttypid, atttypmod), attfdwoptions FROM pg_attribute
  WHERE attrelid = 'rn_default.t03'::regclass AND attnum > 0 ORDER BY attnum;
\set VERBOSITY terse
DROP SCHEMA rn_default CASCADE;
\set VERBOSITY default
-- a few of them: each table's notices, no summary
CREATE SCHEMA rn_default;
IMPORT FOREIGN SCHEMA "default" LIMIT TO (t01, t02) FROM SERVER hostile INTO rn_default;
DROP SCHEMA rn_default CASCADE;

-- 10,000 tables: more than the lock table holds for one transaction (each new table keeps two
-- locks; max_locks_per_transaction 64, max_connections 50 here, 100 by default): refused after
-- the listing, before any table's request
\set VERBOSITY terse
IMPORT FOREIGN SCHEMA rn_many FROM SERVER hostile INTO rn_import;
\echo :SQLSTATE
\set VERBOSITY default
\! curl -s http://127.0.0.1:18093/seen | grep -c 'rn_many:.*/schema'
\! curl -s http://127.0.0.1:18093/quit >/dev/null
DROP SCHEMA rn_import CASCADE;
DROP SERVER hostile CASCADE;
