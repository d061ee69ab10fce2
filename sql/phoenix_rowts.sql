-- Phoenix's ROW_TIMESTAMP key columns (PRIMARY KEY (HOST, T ROW_TIMESTAMP)): Phoenix stamps
-- every cell of such a row with the column's value (UpsertCompiler, MutationState
-- .generateMutations) and reads a range on the column as the scan's time range (ScanRanges
-- .getRowTimestampColumnRange). IMPORT marks the column row_timestamp 'true'; every write made
-- here stamps the row's cells (the empty key value's too) with its value, and a DELETE (of a
-- row, or of a cell set to NULL) is at that timestamp: one at the current time would miss the
-- rows stamped later, and Phoenix's time range would leave its marker out. Phoenix 5.2.1 (its
-- JDBC driver) is the oracle of what was written. Tables of schema PXRT, made here by
-- Phoenix's own DDL and UPSERTs.
SET timezone = 'UTC';
\! printf '%s\n' "DROP TABLE IF EXISTS PXRT.EVENTS;" "DROP TABLE IF EXISTS PXRT.EVD;" "CREATE TABLE PXRT.EVENTS (HOST VARCHAR NOT NULL, T DATE NOT NULL, V INTEGER CONSTRAINT PK PRIMARY KEY (HOST, T ROW_TIMESTAMP));" "CREATE TABLE PXRT.EVD (K INTEGER NOT NULL, E BIGINT NOT NULL, V VARCHAR CONSTRAINT PK PRIMARY KEY (K, E DESC ROW_TIMESTAMP)) COLUMN_ENCODED_BYTES=0;" "UPSERT INTO PXRT.EVENTS VALUES ('h1', TO_DATE('2001-02-03 04:05:06.789'), 1);" "UPSERT INTO PXRT.EVENTS VALUES ('h1', TO_DATE('2015-01-01 00:00:00'), 2);" "UPSERT INTO PXRT.EVENTS VALUES ('h2', TO_DATE('1985-06-01 00:00:00'), 3);" "UPSERT INTO PXRT.EVD VALUES (1, 1000, 'past');" "UPSERT INTO PXRT.EVD VALUES (1, 4102444800000, 'in 2100');" "UPSERT INTO PXRT.EVD VALUES (2, 4102444800001, 'also 2100');" | python3 tests/fixtures_phoenix.py sql
CREATE SCHEMA prt;
IMPORT FOREIGN SCHEMA "PXRT" FROM SERVER hbase INTO prt OPTIONS (phoenix 'true');
SELECT attrelid::regclass, attname, format_type(atttypid, atttypmod), attfdwoptions
  FROM pg_attribute WHERE attrelid IN ('prt.events'::regclass, 'prt.evd'::regclass) AND attnum > 0
  ORDER BY 1, attnum;
SELECT * FROM prt.events ORDER BY host, t;
SELECT * FROM prt.evd ORDER BY k, e DESC;

-- writes: two rows inside Phoenix's range query below, an UPDATE of a Phoenix row, a cell set
-- to NULL, DELETEs of a row stamped in the past and of one stamped in 2100 (after now)
INSERT INTO prt.events VALUES ('h3', '1990-05-05 10:00:00', 30), ('h3', '2010-12-31 23:59:59.999', 31);
UPDATE prt.events SET v = 20 WHERE host = 'h1' AND t = '2015-01-01 00:00:00';
UPDATE prt.events SET v = NULL WHERE host = 'h1' AND t = '2001-02-03 04:05:06.789';
INSERT INTO prt.evd VALUES (3, 4102444800002, 'ours in 2100'), (3, 5, 'ours early');
UPDATE prt.evd SET v = 'changed' WHERE k = 2;
DELETE FROM prt.evd WHERE k = 1;
-- the UPDATE and DELETE that go row by row (a scan, no Get)
UPDATE prt.evd SET v = v || '!' WHERE v LIKE 'ours%';
DELETE FROM prt.events WHERE v = 3;
-- each cell at the row's timestamp: 2010-12-31 23:59:59.999 is 1293839999999 ms, 2100 4102444800002
\! python3 tests/hbase_rest.py get PXRT.EVENTS 'h3\x00\x80\x00\x01\x2d\x3e\xdf\xa3\xff' --timestamps
\! python3 tests/hbase_rest.py get PXRT.EVD '\x80\x00\x00\x03\x7f\xff\xfc\x44\xd3\x3c\x27\xfd' --timestamps
-- Phoenix sees every write: its range on T is a time range, its point query a one-millisecond one
\! printf '%s\n' "SELECT HOST, TO_CHAR(T, 'yyyy-MM-dd HH:mm:ss.SSS'), V FROM PXRT.EVENTS WHERE T >= TO_DATE('1990-01-01') AND T < TO_DATE('2011-01-01') ORDER BY HOST, T;" "SELECT V FROM PXRT.EVENTS WHERE HOST = 'h1' AND T = TO_DATE('2015-01-01 00:00:00');" "SELECT HOST, V FROM PXRT.EVENTS ORDER BY HOST, T;" "SELECT K, E, V FROM PXRT.EVD ORDER BY K, E DESC;" "SELECT K, V FROM PXRT.EVD WHERE E > 4102444800000 ORDER BY K;" | python3 tests/fixtures_phoenix.py sql
SELECT * FROM prt.events ORDER BY host, t;
SELECT * FROM prt.evd ORDER BY k, e DESC;

-- reads: the conditions on the row timestamp are also the scanners' time range, as Phoenix's
-- (ScanRanges.getRowTimestampColumnRange: > and <= one past the value, the end exclusive, the
-- same for a DESC column); a timestamp's microseconds floor to its stamp's millisecond
EXPLAIN (COSTS OFF) SELECT * FROM prt.events WHERE t >= '1990-01-01' AND t < '2011-01-01';
SELECT * FROM prt.events WHERE t >= '1990-01-01' AND t < '2011-01-01' ORDER BY host, t;
EXPLAIN (COSTS OFF) SELECT * FROM prt.events WHERE t > '2001-02-03 04:05:06.7885' AND t <= '2001-02-03 04:05:06.789';
SELECT * FROM prt.events WHERE t > '2001-02-03 04:05:06.7885' AND t <= '2001-02-03 04:05:06.789';
SELECT * FROM prt.events WHERE t > '2001-02-03 04:05:06.789' OR t < '1990-05-05 10:00:00';
EXPLAIN (COSTS OFF) SELECT * FROM prt.evd WHERE e > 5 AND e <= 4102444800001;
SELECT * FROM prt.evd WHERE e > 5 AND e <= 4102444800001 ORDER BY k;
EXPLAIN (COSTS OFF) SELECT * FROM prt.evd WHERE 4102444800002 <= e;
-- a Get reads its row whole: no time range
EXPLAIN (COSTS OFF) SELECT * FROM prt.evd WHERE k = 2 AND e = 4102444800001;
-- a parameter's range is computed at execution
PREPARE evd_after(bigint) AS SELECT k, v FROM prt.evd WHERE e > $1 ORDER BY k;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE evd_after(4102444800001);
EXECUTE evd_after(4102444800001);
RESET plan_cache_mode;
DEALLOCATE evd_after;
-- the time range is HBase's: a row whose cells are not at its key's timestamp (here written
-- through REST at the current time, as neither Phoenix nor hbase_fdw writes one) is left out
-- by a range on t, by Phoenix as here, and read without one
\! printf '%s\n' '[{"key": {"hex": "683500800000df79964c00"}, "cells": {"0:\u0000\u0000\u0000\u0000": "x"}}]' | python3 tests/hbase_rest.py put PXRT.EVENTS
SELECT * FROM prt.events WHERE host = 'h5';
SELECT * FROM prt.events WHERE t >= '2000-01-01' AND t < '2001-01-01';
\! printf '%s\n' "SELECT HOST, TO_CHAR(T, 'yyyy-MM-dd') FROM PXRT.EVENTS WHERE HOST = 'h5';" "SELECT HOST FROM PXRT.EVENTS WHERE T >= TO_DATE('2000-01-01') AND T < TO_DATE('2001-01-01');" | python3 tests/fixtures_phoenix.py sql

-- a row timestamp is after 1970 (Phoenix refuses one below zero; 0 asks HBase for its time)
INSERT INTO prt.evd VALUES (4, 0, 'zero');
INSERT INTO prt.evd VALUES (4, -1, 'negative');
INSERT INTO prt.events VALUES ('h4', '1969-12-31 23:59:59', 1);
-- the option: a key part of a time or bigint type, one per table
CREATE FOREIGN TABLE prt.bad1 (k text, v bigint OPTIONS (column 'f:v', row_timestamp 'true'))
  SERVER hbase OPTIONS (table 'PXRT.EVD', rowkey 'k');
CREATE FOREIGN TABLE prt.bad2 (k text OPTIONS (row_timestamp 'true'), v bigint OPTIONS (column 'f:v'))
  SERVER hbase OPTIONS (table 'PXRT.EVD', rowkey 'k');
CREATE FOREIGN TABLE prt.bad3 (a bigint OPTIONS (row_timestamp 'true'), b bigint OPTIONS (row_timestamp 'true'))
  SERVER hbase OPTIONS (table 'PXRT.EVD', rowkey 'long(a) + long(b)');
CREATE FOREIGN TABLE prt.bad4 (a bigint OPTIONS (row_timestamp 'maybe')) SERVER hbase OPTIONS (table 'PXRT.EVD', rowkey 'long(a)');
DROP SCHEMA prt CASCADE;
