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
