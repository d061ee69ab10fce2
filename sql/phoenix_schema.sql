-- IMPORT FOREIGN SCHEMA ... OPTIONS (phoenix 'true') of Phoenix tables shaped as users make
-- them, and writes to them, with Apache Phoenix 5.2.1 as the oracle: schema FDWPS made by
-- Phoenix's own DDL and UPSERTs through its JDBC driver (tests/fixtures_phoenix_schema.py);
-- Phoenix's SELECT reads the rows written here, and the raw cells (REST) are compared with
-- those Phoenix writes.
-- 1. tables without the default family: the empty key value cell goes where Phoenix puts it
--    (SchemaUtil.getEmptyColumnFamily: the family of the first non-key column, or
--    DEFAULT_COLUMN_FAMILY, or "0"), so INSERT and UPDATE work and Phoenix sees the rows;
-- 2. a column name in several families: each imported under a family-qualified name;
-- 3. secondary indexes (the table's own and those of views over it): recorded in option
--    phoenix_indexes, every write refused naming them, reads allowed;
-- 4. quoted key and cell column names: the layout names key columns in backticks.
SET timezone = 'UTC';
SET extra_float_digits = 0;
CREATE SCHEMA ps;
-- the whole schema in one IMPORT: no table aborts it
IMPORT FOREIGN SCHEMA "FDWPS" FROM SERVER hbase INTO ps OPTIONS (phoenix 'true');
SELECT c.relname, ft.ftoptions FROM pg_foreign_table ft JOIN pg_class c ON c.oid = ft.ftrelid
  WHERE c.relnamespace = 'ps'::regnamespace ORDER BY 1;
SELECT attrelid::regclass, attname, format_type(atttypid, atttypmod), attfdwoptions
  FROM pg_attribute WHERE attrelid IN (SELECT ftrelid FROM pg_foreign_table) AND
  attrelid::regclass::text LIKE 'ps.%' AND attnum > 0 ORDER BY 1, attnum;

-- 1. families B, A, C in that column order (empty cell in B); not column-encoded (C:_0);
-- DEFAULT_COLUMN_FAMILY 'D'; key columns only (D)
SELECT * FROM ps.nodef ORDER BY k;
INSERT INTO ps.nodef VALUES ('pg1', 5, 'x5', 50);
INSERT INTO ps.nodef (k) VALUES ('pg2');
UPDATE ps.nodef SET x = 'updated', y = NULL WHERE k = 'pg1';
INSERT INTO ps.nodef0 (k) VALUES (3);
INSERT INTO ps.nodef0 VALUES (4, 'x4', 'y4');
INSERT INTO ps.deffam (k) VALUES ('pg2');
INSERT INTO ps.keyonly VALUES ('pg', 2);
SELECT * FROM ps.keyonly ORDER BY k;
-- the cells of a row Phoenix wrote with its key alone, and of ours: the same empty cell
\! python3 tests/hbase_rest.py get FDWPS.NODEF p2; python3 tests/hbase_rest.py get FDWPS.NODEF pg2
\! python3 tests/hbase_rest.py get FDWPS.NODEF0 '\x80\x00\x00\x02'; python3 tests/hbase_rest.py get FDWPS.NODEF0 '\x80\x00\x00\x03'
\! python3 tests/hbase_rest.py get FDWPS.DEFFAM p2; python3 tests/hbase_rest.py get FDWPS.DEFFAM pg2
\! python3 tests/hbase_rest.py get FDWPS.KEYONLY 'p1\x00\x80\x00\x00\x01'; python3 tests/hbase_rest.py get FDWPS.KEYONLY 'pg\x00\x80\x00\x00\x02'

-- 2. A.VAL, B.VAL and VAL are "a.val", "b.val", "0.val"; "val" (its case kept by Phoenix)
-- then "0.VAL" and "0.val"; A.ID beside the key column ID is "a.id"
SELECT * FROM ps.twoval ORDER BY id;
INSERT INTO ps.twoval VALUES ('pg', 'aa', 22, 33, 'low', 44);
UPDATE ps.twoval SET "b.val" = 23, "0.val" = NULL WHERE id = 'pg';
SELECT * FROM ps.twoval WHERE "a.val" = 'aa';
-- alone too
CREATE SCHEMA ps2;
IMPORT FOREIGN SCHEMA "FDWPS" LIMIT TO (twoval) FROM SERVER hbase INTO ps2 OPTIONS (phoenix 'true');
SELECT "a.val", "b.val", "0.VAL", "0.val", "a.id" FROM ps2.twoval WHERE id = 'p1';

-- 4. key columns "MyId" and "b c" (INTEGER DESC), cells "Val", "x-y", LOWER; the key computed
-- from both: a Get; a range of the DESC column
SELECT * FROM ps."Quoted";
EXPLAIN (COSTS OFF) SELECT "Val" FROM ps."Quoted" WHERE "MyId" = 'id1' AND "b c" = 2;
SELECT "Val" FROM ps."Quoted" WHERE "MyId" = 'id1' AND "b c" = 2;
SELECT "b c", "Val" FROM ps."Quoted" WHERE "MyId" = 'id1' AND "b c" < 2;
SELECT "MyId", "b c" FROM ps."Quoted" ORDER BY "MyId" DESC, "b c" LIMIT 2;
INSERT INTO ps."Quoted" VALUES ('pg', 7, 'pgv', 8, 'low'), ('pg', -7, NULL, NULL, NULL);
UPDATE ps."Quoted" SET "x-y" = 9 WHERE "MyId" = 'pg' AND "b c" = 7;
-- a key column named with a backtick; cells named "Val", "a:b", "größe", "back\slash", "sp ace"
-- in a table without column encoding (the names are the qualifiers)
SELECT * FROM ps.qplain;
INSERT INTO ps.qplain VALUES ('pg', 'V', 'a:b', -4, 'b\s', 's p');
SELECT * FROM ps.qplain WHERE "Id`1" = 'pg';

-- Phoenix reads the rows written here (and the rows it wrote are those read above)
\! printf '%s\n' "SELECT * FROM FDWPS.NODEF ORDER BY K;" "SELECT * FROM FDWPS.NODEF0 ORDER BY K;" "SELECT * FROM FDWPS.DEFFAM ORDER BY K;" "SELECT * FROM FDWPS.KEYONLY;" "SELECT ID, A.VAL, B.VAL, \"0\".VAL, \"0\".\"val\", A.ID FROM FDWPS.TWOVAL;" "SELECT * FROM FDWPS.\"Quoted\";" "SELECT * FROM FDWPS.QPLAIN;" | python3 tests/fixtures_phoenix.py sql

-- 3. secondary indexes: reads work, every write is refused naming the indexes (COPY too); the
-- index of a view of a view of VBASE counts; a view without one does not stop writes
SELECT * FROM ps.idx ORDER BY k;
SELECT k, v FROM ps.idx WHERE v = 'one';
-- the local index's rows (family L#0, keys \x00\x00... in the same HBase table) are not rows:
-- neither the first page of a small LIMIT (a stateless scan) nor a reversed one shows them
SELECT * FROM ps.idx ORDER BY k COLLATE "C" LIMIT 2;
EXPLAIN (COSTS OFF) SELECT * FROM ps.idx ORDER BY k COLLATE "C" DESC LIMIT 2;
SELECT * FROM ps.idx ORDER BY k COLLATE "C" DESC LIMIT 3;
SELECT count(*) FROM (SELECT * FROM ps.idx ORDER BY k COLLATE "C" DESC LIMIT 100) s;
\! python3 tests/hbase_rest.py scan FDWPS.IDX | grep -o '"L#0:' | wc -l
INSERT INTO ps.idx VALUES ('pg', 'x', 1);
UPDATE ps.idx SET v = 'changed' WHERE k = 'p1';
DELETE FROM ps.idx WHERE k = 'p1';
COPY ps.idx FROM stdin;
pg	x	1
\.
DELETE FROM ps.vbase;
INSERT INTO ps.plainv VALUES ('pg', 'x');
-- IMPORT leaves views out; naming one in LIMIT TO says so
IMPORT FOREIGN SCHEMA "FDWPS" LIMIT TO (plainv_view, idx) FROM SERVER hbase INTO ps2 OPTIONS (phoenix 'true');
SELECT relname FROM pg_class WHERE relnamespace = 'ps2'::regnamespace ORDER BY 1;
-- the option is the user's to drop (once the index is gone); a blank one means none
ALTER FOREIGN TABLE ps2.idx OPTIONS (SET phoenix_indexes ' ');
EXPLAIN (COSTS OFF) DELETE FROM ps2.idx WHERE k = 'nothing';
DELETE FROM ps2.idx WHERE k = 'nothing';

-- hbase_fdw's rows deleted; Phoenix's own remain, its index still finds them
DELETE FROM ps.nodef WHERE k LIKE 'pg%';
DELETE FROM ps.nodef0 WHERE k > 2;
DELETE FROM ps.deffam WHERE k = 'pg2';
DELETE FROM ps.keyonly WHERE k = 'pg';
DELETE FROM ps.twoval WHERE id = 'pg';
DELETE FROM ps."Quoted" WHERE "MyId" = 'pg';
DELETE FROM ps.qplain WHERE "Id`1" = 'pg';
DELETE FROM ps.plainv WHERE k = 'pg';
\! printf '%s\n' "SELECT COUNT(*) FROM FDWPS.NODEF;" "SELECT COUNT(*) FROM FDWPS.NODEF0;" "SELECT COUNT(*) FROM FDWPS.DEFFAM;" "SELECT COUNT(*) FROM FDWPS.KEYONLY;" "SELECT COUNT(*) FROM FDWPS.TWOVAL;" "SELECT COUNT(*) FROM FDWPS.\"Quoted\";" "SELECT COUNT(*) FROM FDWPS.QPLAIN;" "SELECT COUNT(*) FROM FDWPS.PLAINV;" "SELECT K, V, N FROM FDWPS.IDX ORDER BY K;" "SELECT V, N FROM FDWPS.IDX WHERE V = 'one';" | python3 tests/fixtures_phoenix.py sql
DROP SCHEMA ps, ps2 CASCADE;
