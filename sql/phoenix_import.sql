-- IMPORT FOREIGN SCHEMA ... OPTIONS (phoenix 'true'): the tables Apache Phoenix created, read
-- from Phoenix's own catalog (SYSTEM.CATALOG), with their real columns, types, key layout,
-- salt buckets, DESC columns and (column-encoded) qualifiers. The oracle is Phoenix itself:
-- tests/fixtures_phoenix.py made schema FDWPHX with Phoenix's DDL and UPSERTs through its JDBC
-- driver, against the local HBase whose master runs Phoenix 5.2.1's server side; what the
-- foreign tables read is compared with Phoenix's own SELECT, and what they write is read back
-- by Phoenix.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
SET extra_float_digits = 0;
CREATE SCHEMA phx;
-- the view is left out
IMPORT FOREIGN SCHEMA "FDWPHX" FROM SERVER hbase INTO phx OPTIONS (phoenix 'true');
SELECT c.relname, ft.ftoptions FROM pg_foreign_table ft JOIN pg_class c ON c.oid = ft.ftrelid
  WHERE c.relnamespace = 'phx'::regnamespace ORDER BY 1;
SELECT attrelid::regclass, attname, format_type(atttypid, atttypmod), attfdwoptions
  FROM pg_attribute WHERE attrelid IN (SELECT ftrelid FROM pg_foreign_table) AND
  attrelid::regclass::text LIKE 'phx.%' AND attnum > 0 ORDER BY 1, attnum;

-- a salted table with a BIGINT DESC key, DECIMAL, DATE, DOUBLE, BOOLEAN cells under TWO_BYTE
-- column-encoded qualifiers; DESC VARCHAR and DECIMAL key columns (TINYINT cells): the same
-- rows as Phoenix's SELECT
SELECT * FROM phx.orders ORDER BY id, code;
SELECT * FROM phx.keys;
-- Phoenix's own SELECT of the same two tables
\! printf '%s\n' "SELECT * FROM FDWPHX.ORDERS ORDER BY ID, CODE;" "SELECT * FROM FDWPHX.KEYS;" | python3 tests/fixtures_phoenix.py sql
-- the key is computed, salt and all: a Get
EXPLAIN (COSTS OFF) SELECT name FROM phx.orders WHERE id = 42 AND code = 'ab';
SELECT name, amt FROM phx.orders WHERE id = 42 AND code = 'ab';
-- a key prefix: one scan per salt bucket, merged in key order (id descending)
EXPLAIN (COSTS OFF) SELECT code FROM phx.orders WHERE id = 42;
SELECT id, code FROM phx.orders WHERE id BETWEEN -5 AND 42 ORDER BY id DESC, code LIMIT 3;

-- no column encoding; two column families; one-byte qualifiers and a CHAR key
SELECT * FROM phx.plain ORDER BY k;
SELECT name, d, id FROM phx.keys WHERE name = 'ab' AND d > 1.5;
SELECT * FROM phx.fams ORDER BY k;
SELECT k, length(k), v FROM phx.onebyte ORDER BY k;
-- a TIMESTAMP key (12 bytes: milliseconds and nanoseconds), before 1970 too
SELECT * FROM phx.tskey ORDER BY ts;
EXPLAIN (COSTS OFF) SELECT v FROM phx.tskey WHERE ts = '1969-12-31 23:59:59.999';
SELECT v FROM phx.tskey WHERE ts = '1969-12-31 23:59:59.999';
SELECT v FROM phx.tskey WHERE ts > '1969-12-31 23:59:59.999';
-- UNSIGNED_TIMESTAMP: the milliseconds without the sign flip
SELECT * FROM phx.utskey ORDER BY ts;
\! echo "SELECT * FROM FDWPHX.UTSKEY;" | python3 tests/fixtures_phoenix.py sql
SELECT v FROM phx.utskey WHERE ts = '2024-03-01 10:11:12.345';

-- BOOLEAN, TINYINT DESC, UNSIGNED_TINYINT, DECIMAL DESC (bytes inverted, then "\xff") and
-- TIMESTAMP DESC key columns: the same rows, in the same order, as Phoenix's SELECT
SELECT * FROM phx.mixkey;
\! echo "SELECT * FROM FDWPHX.MIXKEY;" | python3 tests/fixtures_phoenix.py sql
-- pushed down: the key prefix of b, t, u and d, then the DESC range of ts; the DESC order
EXPLAIN (COSTS OFF) SELECT v FROM phx.mixkey WHERE b AND t = 5 AND u = 127 AND d = 1.5
  AND ts < '2024-03-01 10:11:12.346';
SELECT v FROM phx.mixkey WHERE b AND t = 5 AND u = 127 AND d = 1.5
  AND ts < '2024-03-01 10:11:12.346';
EXPLAIN (COSTS OFF) SELECT v FROM phx.mixkey WHERE b = true AND t = 5 AND u = 127 AND d > 1.4
  ORDER BY t DESC, u, d DESC LIMIT 2;
SELECT v FROM phx.mixkey WHERE b = true AND t = 5 AND u = 127 AND d > 1.4
  ORDER BY t DESC, u, d DESC LIMIT 2;
SELECT v FROM phx.mixkey WHERE NOT b AND t = 127;
SELECT v FROM phx.mixkey WHERE t = 200 OR u = -1;

-- a table stored as SINGLE_CELL_ARRAY_WITH_OFFSETS (Phoenix's default for IMMUTABLE_ROWS):
-- each value an element of the one cell of its family (phoenix_element); a column added
-- later is NULL in older rows; a value past 32767 bytes makes the offsets ints
SELECT k, a, b, c, d, e, g, h, f FROM phx.imm WHERE k <> 'r4' ORDER BY k;
\! echo "SELECT K, A, B, C, D, E, G, H, F FROM FDWPHX.IMM WHERE K <> 'r4' ORDER BY K;" | python3 tests/fixtures_phoenix.py sql
SELECT k, length(b), left(b, 3), right(b, 2), g FROM phx.imm WHERE k = 'r4';
-- three- and four-byte column qualifiers (COLUMN_ENCODED_BYTES=3, 4) are plain big-endian
-- numbers (one and two bytes have the top bit flipped): the element each names, in a
-- SINGLE_CELL_ARRAY_WITH_OFFSETS cell, and the cell of its own in a mutable table
SELECT * FROM phx.imm3 ORDER BY k;
SELECT * FROM phx.imm4 ORDER BY k;
SELECT * FROM phx.enc4 ORDER BY k;
\! printf '%s\n' "SELECT * FROM FDWPHX.IMM3 ORDER BY K;" "SELECT * FROM FDWPHX.IMM4 ORDER BY K;" "SELECT * FROM FDWPHX.ENC4 ORDER BY K;" | python3 tests/fixtures_phoenix.py sql
INSERT INTO phx.enc4 VALUES ('pg', -4, 'from postgres');
\! echo "SELECT * FROM FDWPHX.ENC4 WHERE K = 'pg';" | python3 tests/fixtures_phoenix.py sql
DELETE FROM phx.enc4 WHERE k = 'pg';
\! echo "SELECT COUNT(*) FROM FDWPHX.ENC4 WHERE K = 'pg';" | python3 tests/fixtures_phoenix.py sql
-- a DECIMAL cell Phoenix reads back: down to 1e-126; below, its reader (which casts the
-- scale to a byte) reads another number (row 'wrapped', 1e-128 written by the harness), so
-- hbase_fdw does not write it
SELECT k, d FROM phx.decs WHERE k = 'wrapped';
INSERT INTO phx.decs VALUES ('tiny', 1e-126), ('tinyneg', -1.5e-126), ('big', -9.9e125);
INSERT INTO phx.decs VALUES ('tinier', 1e-127);
\! echo "SELECT K, D FROM FDWPHX.DECS ORDER BY K;" | python3 tests/fixtures_phoenix.py sql
SELECT k, d FROM phx.decs WHERE k = 'phoenix';
DELETE FROM phx.decs WHERE k NOT IN ('phoenix', 'wrapped');
-- an element's value is not the cell's: no HBase value filter for it
EXPLAIN (VERBOSE, COSTS OFF) SELECT k FROM phx.imm WHERE b = 'hello';
SELECT k FROM phx.imm WHERE b = 'hello';
-- read only (DELETE aside)
INSERT INTO phx.imm (k, b) VALUES ('new', 'x');
UPDATE phx.imm SET b = 'y' WHERE k = 'r1';
-- cells of the format written by the harness: short and int offsets, nulls, an empty value
-- (NULL, as Phoenix reads it), fewer elements than columns; Phoenix's older serialization
-- (version 2) and bytes that are no such cell are errors naming the row
CREATE FOREIGN TABLE phxcell (k text OPTIONS (column ':key'),
  a integer OPTIONS (column '0:1', phoenix_element '1'),
  b integer OPTIONS (column '0:1', phoenix_element '2'),
  c text OPTIONS (column '0:1', phoenix_element '3'),
  d text OPTIONS (column '0:1', phoenix_element '4'))
  SERVER hbase OPTIONS (table 'fdw_phxcell', encoding 'phoenix');
SELECT * FROM phxcell WHERE k IN ('short', 'int', 'fewer') ORDER BY k;
SELECT * FROM phxcell WHERE k = 'old';
SELECT * FROM phxcell WHERE k = 'bad';
SELECT k FROM phxcell WHERE k = 'bad';
ALTER FOREIGN TABLE phxcell ALTER COLUMN a OPTIONS (SET phoenix_element '0');
ALTER FOREIGN TABLE phxcell ALTER COLUMN a OPTIONS (SET phoenix_element 'x1');
-- an element of the key, or of a cell not in Phoenix's encoding: refused, the table unchanged
ALTER FOREIGN TABLE phxcell ALTER COLUMN k OPTIONS (ADD phoenix_element '1');
ALTER FOREIGN TABLE phxcell ALTER COLUMN c OPTIONS (ADD encoding 'text');
SELECT k, c FROM phxcell WHERE k = 'short';
DROP FOREIGN TABLE phxcell;
-- 400 cells near the format, with bytes of every kind in offsets and trailer
-- (tests/fixtures_phoenix.py fuzz_cells): each row reads or is refused, never more; the
-- counts and the md5 of what was read are those of the fixture's own decoder
-- (fuzz_summary(): 201 read, 199 refused, 339b4f5d9c9cc3ad628bca5050059034)
CREATE FOREIGN TABLE phxfuzz (k text OPTIONS (column ':key'),
  e1 bytea OPTIONS (column '0:1', phoenix_element '1'),
  e2 bytea OPTIONS (column '0:1', phoenix_element '2'),
  e3 bytea OPTIONS (column '0:1', phoenix_element '3'),
  e4 bytea OPTIONS (column '0:1', phoenix_element '4'))
  SERVER hbase OPTIONS (table 'fdw_phxcell', encoding 'phoenix');
DO $$
DECLARE
  ok int := 0;
  bad int := 0;
  txt text := '';
  r record;
  v record;
BEGIN
  FOR r IN SELECT k FROM phxfuzz WHERE k LIKE 'fuzz%' ORDER BY k LOOP
    BEGIN
      SELECT e1, e2, e3, e4 INTO v FROM phxfuzz WHERE k = r.k;
      txt := txt || concat_ws(',', coalesce(encode(v.e1, 'hex'), '-'), coalesce(encode(v.e2, 'hex'), '-'),
                              coalesce(encode(v.e3, 'hex'), '-'), coalesce(encode(v.e4, 'hex'), '-')) || ';';
      ok := ok + 1;
    EXCEPTION WHEN OTHERS THEN
      bad := bad + 1;
    END;
  END LOOP;
  RAISE NOTICE 'fuzz cells: % read, % refused, md5 %', ok, bad, md5(txt);
END $$;
DROP FOREIGN TABLE phxfuzz;

-- writes: Phoenix reads rows hbase_fdw wrote (the empty key value column, the salt, the DESC
-- key, the encoded qualifiers and values), and hbase_fdw deletes them
INSERT INTO phx.orders (id, code, name, amt, qty, created, price, ok)
  VALUES (7, 'new', 'from postgres', 1234.56, -7, '2024-02-29 23:59:59.999', -1e-10, false),
         (7, 'nul', NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO phx.keys (name, d, id, t, v) VALUES ('zz', -0.001, 1, -5, 'pg');
INSERT INTO phx.plain (k) VALUES ('k9');
INSERT INTO phx.mixkey VALUES (false, -1, 3, -12345.678, '1900-01-01 00:00:00.001', 'pg'),
  (true, 0, 0, 0.5, '2024-03-01 10:11:12.345678', 'pg');
INSERT INTO phx.mixkey VALUES (false, 200, 3, 1, '2000-01-01', 'too big');
\! printf '%s\n' "SELECT * FROM FDWPHX.ORDERS WHERE ID = 7 ORDER BY CODE;" "SELECT * FROM FDWPHX.KEYS WHERE NAME = 'zz';" "SELECT * FROM FDWPHX.PLAIN WHERE K = 'k9';" "SELECT * FROM FDWPHX.MIXKEY WHERE V = 'pg';" | python3 tests/fixtures_phoenix.py sql
UPDATE phx.orders SET qty = 8, name = NULL WHERE id = 7 AND code = 'new';
\! echo "SELECT ID, CODE, NAME, QTY FROM FDWPHX.ORDERS WHERE ID = 7 ORDER BY CODE;" | python3 tests/fixtures_phoenix.py sql
DELETE FROM phx.orders WHERE id = 7;
DELETE FROM phx.keys WHERE name = 'zz';
DELETE FROM phx.plain WHERE k = 'k9';
DELETE FROM phx.mixkey WHERE v = 'pg';
\! printf '%s\n' "SELECT COUNT(*) FROM FDWPHX.ORDERS WHERE ID = 7;" "SELECT COUNT(*) FROM FDWPHX.KEYS WHERE NAME = 'zz';" "SELECT COUNT(*) FROM FDWPHX.MIXKEY WHERE V = 'pg';" | python3 tests/fixtures_phoenix.py sql

-- LIMIT TO / EXCEPT name the local (lower-case) names; a schema Phoenix does not have: nothing
CREATE SCHEMA phx2;
IMPORT FOREIGN SCHEMA "FDWPHX" LIMIT TO (orders, plain) FROM SERVER hbase INTO phx2 OPTIONS (phoenix 'true');
IMPORT FOREIGN SCHEMA "FDWPHX" EXCEPT (orders, plain, tskey, utskey, mixkey, imm, imm3, imm4, enc4, decs) FROM SERVER hbase INTO phx2 OPTIONS (phoenix 'on');
SELECT relname FROM pg_class WHERE relnamespace = 'phx2'::regnamespace ORDER BY 1;
-- a schema Phoenix does not have, or one spelt in lower case: an error that says so (HV00Q);
-- LIMIT TO naming tables the schema lacks: a NOTICE naming them
IMPORT FOREIGN SCHEMA "NOSUCHSCHEMA" FROM SERVER hbase INTO phx2 OPTIONS (phoenix 'true');
\echo :SQLSTATE
IMPORT FOREIGN SCHEMA fdwphx FROM SERVER hbase INTO phx2 OPTIONS (phoenix 'true');
IMPORT FOREIGN SCHEMA "FDWPHX" LIMIT TO (nosuch, "PLAIN") FROM SERVER hbase INTO phx2 OPTIONS (phoenix 'true');
IMPORT FOREIGN SCHEMA "FDWPHX" FROM SERVER hbase INTO phx2 OPTIONS (phoenix 'maybe');
\echo :SQLSTATE
-- Phoenix columns named like PostgreSQL's system columns (XMIN, CTID) are renamed, with a
-- NOTICE, not an aborted import: a key column keeps Phoenix's spelling, a cell its family's
\! printf '%s\n' "CREATE TABLE IF NOT EXISTS FDWPHXN.SYSNAMES (CTID VARCHAR PRIMARY KEY, XMIN VARCHAR, CMAX INTEGER) COLUMN_ENCODED_BYTES=0;" "UPSERT INTO FDWPHXN.SYSNAMES VALUES ('k', 'geo', 7);" | python3 tests/fixtures_phoenix.py sql
IMPORT FOREIGN SCHEMA "FDWPHXN" LIMIT TO (sysnames) FROM SERVER hbase INTO phx2 OPTIONS (phoenix 'true');
SELECT attname, attfdwoptions FROM pg_attribute
  WHERE attrelid = 'phx2.sysnames'::regclass AND attnum > 0 ORDER BY attnum;
SELECT * FROM phx2.sysnames;
\! echo "DROP TABLE FDWPHXN.SYSNAMES;" | python3 tests/fixtures_phoenix.py sql
DROP SCHEMA phx, phx2 CASCADE;
