-- Integers stored as fixed-width zero-padded text (issue 39): a column option text_width 'N'
-- (1 to 19) says the application writes the column's cells as exactly N decimal digits
-- ('000042'), whose bytes sort like their values. Reading stays lenient ('42', '-7', ' 0042'
-- still read as their values), so a comparison travels to the region server as (cell not of
-- exactly N ASCII digits: a RegexStringComparator) OR (cell op the value's padded digits as
-- bytes): a superset, every qual still checked here, every result below equal to the one with
-- pushdown off. Writes pad to N digits, and refuse a value without N digits (22003).
-- Fixtures: tests/fixtures_textwidth.py (tw_main: 1,000 rows; about 100 cells of a, 50 of b
-- and 66 of c in other forms).
\set VERBOSITY default
-- regress.plan(q) and regress.same(table, qual): types.sql's helpers
CREATE FOREIGN TABLE tw_main (k text OPTIONS (column ':key'),
  a bigint OPTIONS (column 'd:a', text_width '6'),
  b int OPTIONS (column 'd:b', text_width '4'),
  c smallint OPTIONS (column 'd:c', text_width '3'))
  SERVER hbase OPTIONS (table 'tw_main');
CREATE FOREIGN TABLE tw_main_off (k text OPTIONS (column ':key'),
  a bigint OPTIONS (column 'd:a', text_width '6'),
  b int OPTIONS (column 'd:b', text_width '4'),
  c smallint OPTIONS (column 'd:c', text_width '3'))
  SERVER hbase OPTIONS (table 'tw_main', pushdown 'false');
-- the same cells without text_width: free-width text stays local (no HBase Filter)
CREATE FOREIGN TABLE tw_main_free (k text OPTIONS (column ':key'),
  a bigint OPTIONS (column 'd:a'))
  SERVER hbase OPTIONS (table 'tw_main');
SELECT regress.plan($$SELECT k FROM tw_main_free WHERE a >= 990000$$);

-- the cells in other forms read as their values
SELECT k, a, b, c FROM tw_main WHERE k IN ('r0001', 'r0002', 'r0003', 'r0004', 'r0005', 'r0006',
  'r0007', 'r0008', 'r0000', 'r0010') ORDER BY k;

-- comparisons: the padded digits as bytes, ORed with the cells of another form
SELECT regress.plan($$SELECT k FROM tw_main WHERE a >= 990000$$);
SELECT k, a FROM tw_main WHERE a >= 990000 ORDER BY k;
SELECT regress.same('tw_main', 'a >= 990000');
SELECT regress.same('tw_main', 'a > 990000');
SELECT regress.same('tw_main', 'a < 10000');
SELECT regress.same('tw_main', 'a <= 7919');
SELECT regress.same('tw_main', 'a = 7919');
SELECT regress.same('tw_main', 'a = 15838');
SELECT regress.same('tw_main', 'a <> 15838');
SELECT regress.same('tw_main', 'a = 0');
SELECT regress.same('tw_main', 'a <= 0');
SELECT regress.same('tw_main', 'a >= 999999');
SELECT regress.same('tw_main', '500000 < a');
SELECT regress.plan($$SELECT k FROM tw_main WHERE a <> 15838$$);
SELECT regress.plan($$SELECT k FROM tw_main WHERE a BETWEEN 100000 AND 120000$$);
SELECT regress.same('tw_main', 'a BETWEEN 100000 AND 120000');
SELECT regress.same('tw_main', 'a NOT BETWEEN 1000 AND 999000');
-- int4 and int2 columns, constants of other integer types
SELECT regress.plan($$SELECT k FROM tw_main WHERE b < 100$$);
SELECT regress.same('tw_main', 'b < 100');
SELECT regress.same('tw_main', 'b >= 9900::int8');
SELECT regress.same('tw_main', 'b = 37::int2');
SELECT regress.same('tw_main', 'c > 990');
SELECT regress.same('tw_main', 'c = 7::int8');
SELECT regress.same('tw_main', 'c <= 5::int4');
SELECT regress.same('tw_main', 'a > 990000::int4');
SELECT regress.same('tw_main', 'a < 300::int2');
-- constants out of the width's range: every padded cell matches (no filter), or none (only
-- the cells of another form travel)
SELECT regress.plan($$SELECT k FROM tw_main WHERE a >= -5$$);
SELECT regress.same('tw_main', 'a >= -5');
SELECT regress.same('tw_main', 'a > -1');
SELECT regress.same('tw_main', 'a <> -5');
SELECT regress.plan($$SELECT k, a FROM tw_main WHERE a < -5$$);
SELECT k, a FROM tw_main WHERE a < -5 ORDER BY k LIMIT 5;
SELECT regress.same('tw_main', 'a < -5');
SELECT regress.same('tw_main', 'a <= -1');
SELECT regress.same('tw_main', 'a = -2');
SELECT regress.plan($$SELECT k FROM tw_main WHERE a > 999999$$);
SELECT regress.same('tw_main', 'a > 999999');
SELECT regress.same('tw_main', 'a >= 1000000');
SELECT regress.same('tw_main', 'a = 1000000');
SELECT regress.same('tw_main', 'a < 1000000');
SELECT regress.same('tw_main', 'a <= 9223372036854775807');
SELECT regress.same('tw_main', 'a > 9223372036854775807');
SELECT regress.same('tw_main', 'a < -9223372036854775808');
SELECT regress.same('tw_main', 'b > 10000');
SELECT regress.same('tw_main', 'c < 100000');
SELECT regress.same('tw_main', 'c = -1');
SELECT regress.same('tw_main', 'c = NULL::int');
-- IN and NOT IN: ORs of equalities (one test of the other forms), ANDs of inequalities
SELECT regress.plan($$SELECT k FROM tw_main WHERE a IN (7919, 15838, -3, 2000000, NULL)$$);
SELECT k, a FROM tw_main WHERE a IN (7919, 15838, -3, 2000000, NULL) ORDER BY k;
SELECT regress.same('tw_main', 'a IN (7919, 15838, -3, 2000000, NULL)');
SELECT regress.same('tw_main', 'a IN (-3, 2000000)');
SELECT regress.same('tw_main', 'b IN (37, 74, 111)');
SELECT regress.plan($$SELECT k FROM tw_main WHERE b NOT IN (37, 74, -5, 10000)$$);
SELECT regress.same('tw_main', 'b NOT IN (37, 74, -5, 10000)');
SELECT regress.same('tw_main', 'c NOT IN (1, 2, 3)');
-- AND / OR trees
SELECT regress.plan($$SELECT k FROM tw_main WHERE a < 5000 OR c > 995$$);
SELECT regress.same('tw_main', 'a < 5000 OR c > 995');
SELECT regress.same('tw_main', 'a < 500000 AND b > 5000 AND c < 10');
SELECT regress.same('tw_main', 'NOT (a >= 100)');
SELECT regress.same('tw_main', 'a IS NULL');

-- a width that holds more than the column's type: a cell of its digits beyond the type's
-- largest value comes with every filter, and reading it fails as it does without the filter
\! python3 tests/hbase_rest.py create tw_range d >/dev/null
\! printf '%s' '[{"key":"k1","cells":{"d:e":"00007","d:f":"0000000000000000007"}},{"key":"k2","cells":{"d:e":"40000"}},{"key":"k3","cells":{"d:f":"9999999999999999999"}}]' | python3 tests/hbase_rest.py put tw_range
CREATE FOREIGN TABLE tw_range (k text OPTIONS (column ':key'),
  e smallint OPTIONS (column 'd:e', text_width '5'),
  f bigint OPTIONS (column 'd:f', text_width '19'))
  SERVER hbase OPTIONS (table 'tw_range');
EXPLAIN (COSTS OFF) SELECT k FROM tw_range WHERE e < 10;
SELECT k, e FROM tw_range WHERE e < 10;
SELECT k, f FROM tw_range WHERE f < 10;
SELECT k, e FROM tw_range WHERE e < 10 AND k < 'k2';

-- writes: the value's digits zero-padded to the width (the raw cells read back through REST
-- and as text); a negative value or one of more digits is refused, nothing written
\! python3 tests/hbase_rest.py create tw_write d >/dev/null
CREATE FOREIGN TABLE tw_write (k text OPTIONS (column ':key'),
  a bigint OPTIONS (column 'd:a', text_width '6'),
  b int OPTIONS (column 'd:b', text_width '4'),
  c smallint OPTIONS (column 'd:c', text_width '1'))
  SERVER hbase OPTIONS (table 'tw_write');
CREATE FOREIGN TABLE tw_write_raw (k text OPTIONS (column ':key'),
  a text OPTIONS (column 'd:a'), b text OPTIONS (column 'd:b'), c text OPTIONS (column 'd:c'))
  SERVER hbase OPTIONS (table 'tw_write');
INSERT INTO tw_write VALUES ('k1', 42, 7, 5), ('k2', 0, 0, 0), ('k3', 999999, 9999, 9),
  ('k4', NULL, 123, NULL);
\! python3 tests/hbase_rest.py get tw_write k1
SELECT * FROM tw_write_raw ORDER BY k;
SELECT * FROM tw_write ORDER BY k;
INSERT INTO tw_write VALUES ('k5', -1, 1, 1);
\echo :SQLSTATE
INSERT INTO tw_write VALUES ('k5', 1000000, 1, 1);
INSERT INTO tw_write VALUES ('k5', 1, 10000, 1);
INSERT INTO tw_write VALUES ('k5', 1, 1, 10);
INSERT INTO tw_write VALUES ('k5', 1, 1, -3);
SELECT count(*) FROM tw_write_raw WHERE k = 'k5';
-- UPDATE (by key, and through a scan of a filter) and COPY pad too
UPDATE tw_write SET a = a + 1, c = 3 WHERE k = 'k1';
UPDATE tw_write SET b = b * 2 WHERE b > 100 AND b < 1000;
-- a statement refused at its second row: the first row, sent in the same batch, is not written
INSERT INTO tw_write VALUES ('k10', 1, 1, 1), ('k11', -1, 1, 1);
UPDATE tw_write SET b = b * 2 WHERE b > 100;
SELECT * FROM tw_write_raw WHERE k IN ('k3', 'k4', 'k10', 'k11') ORDER BY k;
COPY tw_write FROM stdin;
k6	7	77	7
k7	\N	8	\N
\.
SELECT * FROM tw_write_raw ORDER BY k;
UPDATE tw_write SET a = -a WHERE k = 'k1';
\echo :SQLSTATE
COPY tw_write FROM stdin;
k8	123456789	1	1
\.
SELECT * FROM tw_write_raw WHERE k IN ('k1', 'k8') ORDER BY k;
-- a cell written elsewhere in another form ('-7', '42') is read, and rewritten padded; an
-- UPDATE of another column of that row leaves it as it is
\! printf '%s' '[{"key":"k9","cells":{"d:a":"-7","d:b":"42","d:c":"8"}}]' | python3 tests/hbase_rest.py put tw_write
SELECT * FROM tw_write WHERE k = 'k9';
UPDATE tw_write SET b = 43 WHERE a < 0;
SELECT * FROM tw_write_raw WHERE k = 'k9';
UPDATE tw_write SET a = 5 WHERE a < 0 AND b = 43;
SELECT * FROM tw_write_raw WHERE k = 'k9';

-- option errors: a width from 1 to 19, on an integer column of a cell in text
CREATE FOREIGN TABLE tw_bad (k text OPTIONS (column ':key'),
  a int OPTIONS (column 'd:a', text_width 'six')) SERVER hbase OPTIONS (table 'tw_main');
\echo :SQLSTATE
CREATE FOREIGN TABLE tw_bad (k text OPTIONS (column ':key'),
  a int OPTIONS (column 'd:a', text_width '0')) SERVER hbase OPTIONS (table 'tw_main');
CREATE FOREIGN TABLE tw_bad (k text OPTIONS (column ':key'),
  a bigint OPTIONS (column 'd:a', text_width '20')) SERVER hbase OPTIONS (table 'tw_main');
CREATE FOREIGN TABLE tw_bad (k text OPTIONS (column ':key'),
  a text OPTIONS (column 'd:a', text_width '6')) SERVER hbase OPTIONS (table 'tw_main');
\echo :SQLSTATE
CREATE FOREIGN TABLE tw_bad (k text OPTIONS (column ':key'),
  a numeric OPTIONS (column 'd:a', text_width '6')) SERVER hbase OPTIONS (table 'tw_main');
CREATE FOREIGN TABLE tw_bad (k text OPTIONS (column ':key'),
  a int OPTIONS (column 'd:a', encoding 'binary', text_width '6')) SERVER hbase OPTIONS (table 'tw_main');
\echo :SQLSTATE
CREATE FOREIGN TABLE tw_bad (k text OPTIONS (column ':key'),
  a int OPTIONS (column 'd:a', text_width '6')) SERVER hbase OPTIONS (table 'tw_main', encoding 'phoenix');
CREATE FOREIGN TABLE tw_bad (id int OPTIONS (text_width '4'), a int OPTIONS (column 'd:a'))
  SERVER hbase OPTIONS (table 'tw_main', rowkey 'id');
CREATE FOREIGN TABLE tw_bad (k text OPTIONS (column ':key'), a int OPTIONS (column 'd:a'))
  SERVER hbase OPTIONS (table 'tw_main', text_width '6');
-- ALTER: a bad width is refused, a good one taken
ALTER FOREIGN TABLE tw_main_free ALTER COLUMN a OPTIONS (ADD text_width '-1');
\echo :SQLSTATE
ALTER FOREIGN TABLE tw_main_free ALTER COLUMN a OPTIONS (ADD text_width '6');
SELECT regress.plan($$SELECT k FROM tw_main_free WHERE a >= 990000$$);
SELECT (SELECT count(*) FROM tw_main_free WHERE a >= 990000) AS n_on,
  (SELECT count(*) FROM tw_main_off WHERE a >= 990000) AS n_off;
