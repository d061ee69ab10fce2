-- Value filters at the region server (issue 39): comparisons, BETWEEN, <>, IN, IS [NOT] NULL,
-- LIKE and AND / OR / NOT trees of them on cell columns travel as SingleColumnValueFilters in
-- FilterLists, wherever the cell's bytes answer them: text under a byte-order collation (the
-- database's C.UTF-8), bytea, binary integers (a range split at zero into two byte ranges in
-- the width of the column's type; a cell of another width the reader accepts comes when that
-- width can hold a match), Phoenix integers. EXPLAIN shows them as "HBase Filter", EXPLAIN
-- ANALYZE the rows received. Every qual is still checked locally: each result below equals
-- the one of the same table with pushdown off. Fixtures: tests/fixtures_vfilter.py (vf_main).
SET timezone = 'UTC';
-- regress.plan(q) and regress.same(table, qual): types.sql's helpers
CREATE FOREIGN TABLE vf_main (k text OPTIONS (column ':key'),
  v bigint OPTIONS (column 'd:v', encoding 'binary'),
  s text OPTIONS (column 'd:s'), t text OPTIONS (column 'd:t'),
  b bytea OPTIONS (column 'd:b'),
  p int OPTIONS (column 'd:p', encoding 'phoenix'),
  w text OPTIONS (column 'e:w'))
  SERVER hbase OPTIONS (table 'vf_main');
CREATE FOREIGN TABLE vf_main_off (k text OPTIONS (column ':key'),
  v bigint OPTIONS (column 'd:v', encoding 'binary'),
  s text OPTIONS (column 'd:s'), t text OPTIONS (column 'd:t'),
  b bytea OPTIONS (column 'd:b'),
  p int OPTIONS (column 'd:p', encoding 'phoenix'),
  w text OPTIONS (column 'e:w'))
  SERVER hbase OPTIONS (table 'vf_main', pushdown 'false');

-- binary integers (8-byte longs, and some ints, shorts and bytes): ranges split at zero; the
-- 2-, 4- and 1-byte cells (about 70 rows) come with every range their width can match
SELECT regress.plan($$SELECT k, v FROM vf_main WHERE v BETWEEN 1000 AND 1010$$);
SELECT k, v FROM vf_main WHERE v BETWEEN 1000 AND 1010 ORDER BY k;
SELECT regress.plan($$SELECT k, v FROM vf_main WHERE v < -1990$$);
SELECT k, v FROM vf_main WHERE v < -1990 ORDER BY k;
SELECT regress.same('vf_main', 'v BETWEEN 1000 AND 1999');
SELECT regress.same('vf_main', 'v BETWEEN -5 AND 5');
SELECT regress.same('vf_main', 'v > 1990');
SELECT regress.same('vf_main', 'v >= -3 AND v <= 3');
SELECT regress.same('vf_main', 'v < 0');
SELECT regress.same('vf_main', 'v >= 0');
SELECT regress.same('vf_main', 'v <> 0');
SELECT regress.same('vf_main', 'v > -100 AND v < 100');
SELECT regress.same('vf_main', '10 > v AND -10 < v');
SELECT regress.same('vf_main', 'v = 38');
SELECT regress.same('vf_main', 'v < -9223372036854775807');
SELECT regress.same('vf_main', 'v > 9223372036854775806');
SELECT regress.same('vf_main', 'v::int4 > 5');
-- cells of other widths: r00073 a short (-57), r00051 an int (1769), r00893 one byte (-100):
-- they come (their width can hold a match) and are checked here; = is exact in every width
SELECT regress.plan($$SELECT k, v FROM vf_main WHERE v BETWEEN -100 AND -57$$);
SELECT k, v FROM vf_main WHERE v BETWEEN -100 AND -57 ORDER BY k;
SELECT k, v FROM vf_main WHERE v > 1768 AND v < 1770;
SELECT k, v FROM vf_main WHERE v IN (-100, -57, 1769) ORDER BY k;
SELECT regress.same('vf_main', 'v BETWEEN -100 AND -57');
-- IN lists: an OR of equalities (100 values at most; longer lists stay local)
SELECT regress.plan($$SELECT k FROM vf_main WHERE v IN (17, -17, 1586, 999999)$$);
SELECT k, v FROM vf_main WHERE v IN (17, -17, 1586, 999999) ORDER BY k;
SELECT regress.same('vf_main', 'v IN (17, -17, 1586, 999999, NULL)');
SELECT regress.same('vf_main', 'v NOT IN (17, -17, 1586)');
SELECT regress.same('vf_main', 'v = ANY (ARRAY(SELECT g FROM generate_series(1, 150) g))');
SELECT regress.plan($$SELECT k FROM vf_main WHERE v = ANY (ARRAY(SELECT g FROM generate_series(1, 150) g))$$);
-- text under the database's collation (C.UTF-8 sorts as bytes)
SELECT regress.plan($$SELECT k FROM vf_main WHERE s >= 's01990'$$);
SELECT regress.same('vf_main', 's >= ''s01990''');
SELECT regress.same('vf_main', 's < ''s00010''');
SELECT regress.same('vf_main', 's BETWEEN ''s00100'' AND ''s00120''');
SELECT regress.same('vf_main', 's > ''É''');
SELECT regress.same('vf_main', 's <> ''s00037''');
SELECT regress.same('vf_main', 's = ''''');
SELECT regress.same('vf_main', 's < ''a''');
-- a collation that does not sort as bytes: only equality travels
SELECT regress.plan($$SELECT k FROM vf_main WHERE s >= 's01990' COLLATE "und-x-icu"$$);
SELECT regress.same('vf_main', 's >= ''s01990'' COLLATE "und-x-icu"');
SELECT regress.plan($$SELECT k FROM vf_main WHERE s = 's01990' COLLATE "und-x-icu"$$);
-- LIKE: a literal prefix (BinaryPrefixComparator), or an inner ASCII literal
-- (SubstringComparator, case-insensitive: a superset, rechecked here)
SELECT regress.plan($$SELECT k, s FROM vf_main WHERE s LIKE 's0012%'$$);
SELECT regress.same('vf_main', 's LIKE ''s0012%''');
SELECT regress.same('vf_main', 's LIKE ''s001_5''');
SELECT regress.plan($$SELECT k, s FROM vf_main WHERE s LIKE '%abc%'$$);
SELECT k, s FROM vf_main WHERE s LIKE '%abc%' ORDER BY k;
SELECT regress.same('vf_main', 's LIKE ''%abc%''');
SELECT regress.same('vf_main', 's LIKE ''%ABC%''');
SELECT regress.same('vf_main', 's LIKE ''%Σ%''');
SELECT regress.same('vf_main', 's LIKE ''a\%b\_c%''');
SELECT regress.same('vf_main', 's LIKE ''a#%b%'' ESCAPE ''#''');
SELECT regress.same('vf_main', 's NOT LIKE ''s%''');
SELECT regress.plan($$SELECT k FROM vf_main WHERE s NOT LIKE 's%'$$);
-- IS NULL / IS NOT NULL by the cell's presence; a row without any cell of family d
SELECT regress.plan($$SELECT k, t FROM vf_main WHERE t IS NOT NULL$$);
SELECT regress.same('vf_main', 't IS NOT NULL');
SELECT regress.plan($$SELECT k FROM vf_main WHERE v IS NULL$$);
SELECT k, w FROM vf_main WHERE v IS NULL AND k > 'r0190' ORDER BY k;
SELECT k FROM vf_main WHERE s IS NULL;
SELECT regress.same('vf_main', 'v IS NULL');
SELECT regress.same('vf_main', 'NOT (v IS NOT NULL)');
-- bytea and Phoenix integers sort as their bytes
SELECT regress.same('vf_main', 'b < ''\x0500''::bytea');
SELECT regress.same('vf_main', 'b BETWEEN ''\x10'' AND ''\x20''');
SELECT regress.plan($$SELECT k, p FROM vf_main WHERE p BETWEEN -3 AND 2$$);
SELECT k, p FROM vf_main WHERE p BETWEEN -3 AND 2 ORDER BY k;
SELECT regress.same('vf_main', 'p < -990');
SELECT regress.same('vf_main', 'p > 995');
SELECT regress.same('vf_main', 'p <> 0');
SELECT regress.same('vf_main', 'p > 3000000000');
SELECT regress.same('vf_main', 'p IN (-1000, 0, 999, 5000000000)');
-- AND / OR / NOT trees; a branch that cannot travel keeps its OR here, and only that OR
SELECT regress.plan($$SELECT k FROM vf_main WHERE t = 'tag3' OR v > 1990$$);
SELECT regress.same('vf_main', 't = ''tag3'' OR v > 1990');
SELECT regress.plan($$SELECT k FROM vf_main WHERE v > 0 AND s < 's00050'$$);
SELECT regress.same('vf_main', 'v > 0 AND s < ''s00050''');
SELECT regress.plan($$SELECT k FROM vf_main WHERE (v > 1990 OR length(s) = 2) AND s < 's00050'$$);
SELECT regress.same('vf_main', '(v > 1990 OR length(s) = 2) AND s < ''s00050''');
SELECT regress.plan($$SELECT k FROM vf_main WHERE NOT (v > -1990 AND t IS NULL)$$);
SELECT regress.same('vf_main', 'NOT (v > -1990 AND t IS NULL)');
SELECT regress.same('vf_main', 'NOT (v <= 1990 OR s IS NULL)');
SELECT regress.same('vf_main', 'NOT (v > 5)');
SELECT regress.same('vf_main', 'NOT (v IN (1, 2, 3)) AND v < 10 AND v > -10');
SELECT regress.same('vf_main', '(t IS NULL OR v < -1995) AND (w IS NOT NULL OR s LIKE ''s000%'')');
SELECT regress.same('vf_main', '((v > 0 AND (s < ''s005'' OR t = ''tag1'')) OR p < -900) AND NOT (b > ''\xf0'')');
-- key ranges and value filters together
SELECT regress.plan($$SELECT k FROM vf_main WHERE k >= 'r01000' AND k < 'r01500' AND v > 1500$$);
SELECT regress.same('vf_main', 'k >= ''r01000'' AND k < ''r01500'' AND v > 1500');
-- values known at execution: a parameter, in a generic plan
PREPARE vq(bigint) AS SELECT count(*) FROM vf_main WHERE v > $1;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE vq(1990);
SELECT regress.plan('EXECUTE vq(1990)');
EXECUTE vq(1990);
EXECUTE vq(NULL);
RESET plan_cache_mode;
SELECT count(*) FROM vf_main_off WHERE v > 1990;
-- a table of versions keeps its value quals local (HBase's filters see the newest version)
CREATE FOREIGN TABLE vf_versions (k text OPTIONS (column ':key'),
  v bigint OPTIONS (column 'd:v', encoding 'binary'))
  SERVER hbase OPTIONS (table 'vf_main', versions '2');
SELECT regress.plan($$SELECT k FROM vf_versions WHERE v > 1990$$);
