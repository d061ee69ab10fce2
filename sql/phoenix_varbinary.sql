-- IMPORT FOREIGN SCHEMA ... OPTIONS (phoenix 'true') of a Phoenix table whose last key column
-- is a VARBINARY (found by tests/phoenix_difftest.py): the key is decoded, bytes(k2) taking the
-- rest of the key after K1's "\x00", instead of being imported raw as a "rowkey" column with a
-- NOTICE calling the last column "not last". The table is made by Phoenix's own DDL and UPSERT
-- (tests/fixtures_phoenix.py sql, Phoenix 5.2.1's JDBC); rows written here are read by Phoenix.
SET bytea_output = 'hex';
\! printf '%s\n' "DROP TABLE IF EXISTS FDWPD_REG.VB;" "CREATE TABLE FDWPD_REG.VB (K1 VARCHAR NOT NULL, K2 VARBINARY NOT NULL, V VARCHAR CONSTRAINT PK PRIMARY KEY (K1, K2));" "UPSERT INTO FDWPD_REG.VB VALUES ('a', X'00ff', 'x');" "UPSERT INTO FDWPD_REG.VB VALUES ('a', X'01', 'y');" "UPSERT INTO FDWPD_REG.VB VALUES ('ab', X'00', 'z');" | python3 tests/fixtures_phoenix.py sql
CREATE SCHEMA phxvb;
IMPORT FOREIGN SCHEMA "FDWPD_REG" LIMIT TO (vb) FROM SERVER hbase INTO phxvb OPTIONS (phoenix 'true');
SELECT ftoptions FROM pg_foreign_table WHERE ftrelid = 'phxvb.vb'::regclass;
SELECT * FROM phxvb.vb ORDER BY k1, k2;
SELECT v FROM phxvb.vb WHERE k1 = 'a' AND k2 = '\x00ff';
SELECT k1, k2 FROM phxvb.vb WHERE k1 = 'a' AND k2 > '\x00ff';
-- a row written here: Phoenix finds it by its key
INSERT INTO phxvb.vb VALUES ('c', '\x0000ff00', 'from pg');
\! printf '%s\n' "SELECT K1, V FROM FDWPD_REG.VB WHERE K2 = X'0000ff00';" "SELECT COUNT(*) FROM FDWPD_REG.VB;" "DROP TABLE FDWPD_REG.VB;" | python3 tests/fixtures_phoenix.py sql
DROP SCHEMA phxvb CASCADE;
