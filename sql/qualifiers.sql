-- Binary qualifiers: a column option spells any byte of a qualifier as \xNN and a backslash as
-- \\ (the spelling rowkeys are shown in). Phoenix's column-encoded tables have such qualifiers
-- (TWO_BYTE counters: 11 is \x80\x0b, 256 is \x81\x00; the empty key value column \x00\x00\x00\x00).
-- Fixture fdw_binqual (tests/fixtures.py): rows r1..r3 written by the harness.
CREATE FOREIGN TABLE binq (
  k text OPTIONS (column ':key'),
  zero text OPTIONS (column 'q:\x00\x00\x00\x00'),
  c11 text OPTIONS (column 'q:\x80\x0b'),
  c256 text OPTIONS (column 'q:\x81\x00'),
  ff text OPTIONS (column 'q:\xFF'),
  x text OPTIONS (column 'q:x'),
  x0 text OPTIONS (column 'q:x\x00'),
  colon text OPTIONS (column 'q:a:b'),
  bs text OPTIONS (column 'q:a\\x41'),
  aa text OPTIONS (column 'q:a\x41'),
  empty text OPTIONS (column 'q:')
) SERVER hbase OPTIONS (table 'fdw_binqual');
SELECT * FROM binq ORDER BY k;
-- only some columns: the scan's filter names the binary qualifiers
EXPLAIN (VERBOSE, COSTS OFF) SELECT k, c11, x0 FROM binq;
SELECT k, c11, x0 FROM binq ORDER BY k;
SELECT k, c256 FROM binq WHERE c256 IS NOT NULL ORDER BY k;
-- a value filter on a binary qualifier (SingleColumnValueFilter)
EXPLAIN (VERBOSE, COSTS OFF) SELECT k FROM binq WHERE c11 = 'twelve';
SELECT k FROM binq WHERE c11 = 'twelve';
SELECT k, x FROM binq WHERE x0 = 'only x-nul';
-- Gets
SELECT k, zero, c11, c256, x0 FROM binq WHERE k IN ('r2', 'r3') ORDER BY k;
-- writes: cells under the binary qualifiers, read back raw through REST by the harness
INSERT INTO binq (k, zero, c11, c256, x0, bs, empty) VALUES ('w1', 'x', 'new 11', 'new 256', 'nul', 'bs', '');
\! python3 tests/hbase_rest.py get fdw_binqual w1
-- a cell set to NULL is deleted (DELETE of the cell's path, base64)
UPDATE binq SET c256 = NULL, x = 'plain' WHERE k = 'w1';
\! python3 tests/hbase_rest.py get fdw_binqual w1
SELECT k, c11, c256, x, x0 FROM binq WHERE k = 'w1';
DELETE FROM binq WHERE k = 'w1';
-- bad escapes are refused when the option is given
ALTER FOREIGN TABLE binq ALTER COLUMN x OPTIONS (SET column 'q:\x4');
ALTER FOREIGN TABLE binq ALTER COLUMN x OPTIONS (SET column 'q:a\b');
ALTER FOREIGN TABLE binq ALTER COLUMN x OPTIONS (SET column 'q:\');
-- empty_column: the cell every written row gets (Phoenix's empty key value column, value 'x'),
-- so a row whose other cells are all NULL can be written, and Phoenix sees every row
CREATE FOREIGN TABLE binq_e (
  k text OPTIONS (column ':key'),
  c11 text OPTIONS (column 'q:\x80\x0b'),
  c256 text OPTIONS (column 'q:\x81\x00')
) SERVER hbase OPTIONS (table 'fdw_binqual', empty_column 'q:\x00\x00\x00\x00');
INSERT INTO binq_e VALUES ('e1', NULL, NULL), ('e2', 'a', NULL);
\! python3 tests/hbase_rest.py get fdw_binqual e1
\! python3 tests/hbase_rest.py get fdw_binqual e2
-- without it, a row of NULL cells cannot be written
INSERT INTO binq (k, c11) VALUES ('e3', NULL);
UPDATE binq_e SET c256 = 'b' WHERE k = 'e1';
SELECT b.k, b.zero, b.c11, b.c256 FROM binq b WHERE k LIKE 'e%' ORDER BY k;
DELETE FROM binq_e WHERE k LIKE 'e%';
SELECT count(*) FROM binq WHERE k LIKE 'e%';
ALTER FOREIGN TABLE binq_e OPTIONS (SET empty_column 'q');
ALTER FOREIGN TABLE binq_e OPTIONS (SET empty_column 'q:\xZZ');
ALTER FOREIGN TABLE binq_e OPTIONS (ADD empty_colum 'q:_0');

-- A family the HBase table does not have: an error naming the families it has (HBase answers a
-- read of a missing family with no cells, NULLs that would pass for data). The families are
-- read once per table and connection (GET /table/schema), at the first query that reads a cell
-- column, never while planning; a family missing from them is read again once before the
-- error, so one added since is found. A qualifier cannot be checked: HBase keeps no list of
-- them, and an unknown one reads as NULL. Table msg_fam (families a, b): made here.
\! python3 tests/hbase_rest.py create msg_fam a,b >/dev/null
\! echo '[{"key": "k1", "cells": {"a:x": "ax1", "b:y": "by1"}}]' | python3 tests/hbase_rest.py put msg_fam
CREATE FOREIGN TABLE msg_fam (
  k text OPTIONS (column ':key'),
  x text OPTIONS (column 'a:x'),
  nosuch text OPTIONS (column 'a:nosuch'),
  y text OPTIONS (column 'c:y'),
  cf jsonb OPTIONS (column 'c')
) SERVER hbase OPTIONS (table 'msg_fam');
-- planning sends nothing: EXPLAIN without ANALYZE works
EXPLAIN (COSTS OFF) SELECT k, y FROM msg_fam WHERE k = 'k1';
-- a column of a family the table has, and an unknown qualifier of it (NULL): fine
SELECT k, x, nosuch FROM msg_fam WHERE k = 'k1';
-- the family "c" is missing: the column, the mapping and the families in the message
SELECT k, y FROM msg_fam WHERE k = 'k1';
\echo :SQLSTATE
SELECT cf FROM msg_fam;
-- a join that reads the table by its keys: checked too
SET enable_hashjoin = off; SET enable_mergejoin = off;
SELECT m.k, m.y FROM (VALUES ('k1')) v(k) JOIN msg_fam m ON m.k = v.k;
RESET enable_hashjoin; RESET enable_mergejoin;
-- a table's default family
CREATE FOREIGN TABLE msg_fam2 (k text OPTIONS (column ':key'), y text)
  SERVER hbase OPTIONS (table 'msg_fam', family 'B');
SELECT k, y FROM msg_fam2;
-- the family added since (the table made again with a, b, c): read again, found
\! python3 tests/hbase_rest.py create msg_fam a,b,c >/dev/null
\! echo '[{"key": "k1", "cells": {"a:x": "ax1", "c:y": "cy1"}}]' | python3 tests/hbase_rest.py put msg_fam
SELECT k, y, cf FROM msg_fam WHERE k = 'k1';
-- once per table and connection: a new session reads the schema at its first query only
-- (its first request, of the key only, reads no family)
\c
SELECT k FROM msg_fam WHERE k = 'k1';
SELECT requests AS gets FROM hbase_fdw_requests() WHERE method = 'GET' \gset
SELECT k, x FROM msg_fam WHERE k = 'k1';
SELECT k, x FROM msg_fam WHERE k = 'k1';
SELECT k, y FROM msg_fam WHERE k = 'k1';
-- 4: the schema once, then a Get per query
SELECT requests - :gets AS gets FROM hbase_fdw_requests() WHERE method = 'GET';
DROP FOREIGN TABLE msg_fam, msg_fam2;
\! python3 tests/hbase_rest.py drop msg_fam
