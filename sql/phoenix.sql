-- encoding 'phoenix': cells in Apache Phoenix's type encodings, read and written. Fixture
-- (tests/fixtures_phoenix.py): fdw_phoenix, rows r1..r11 whose cells Phoenix 5.2.1's own
-- PDataType classes encoded (tests/PhoenixOracle.java): 0, 1.5, -1.5, the extremes of each
-- type, -0.0, Double.MIN_VALUE, DECIMALs from 38 nines to 1E-30, dates and timestamps before
-- and after 1970 with microseconds, UTF-8 text; absent cells (NULL) from r6 on.
SET timezone = 'UTC';
SET extra_float_digits = 0;
CREATE FOREIGN TABLE phx (
  k text OPTIONS (column ':key'),
  i int OPTIONS (column 'p:int'),
  s smallint OPTIONS (column 'p:smallint'),
  l bigint OPTIONS (column 'p:bigint'),
  f real OPTIONS (column 'p:float'),
  d float8 OPTIONS (column 'p:double'),
  b boolean OPTIONS (column 'p:bool'),
  dec numeric OPTIONS (column 'p:dec'),
  dt date OPTIONS (column 'p:date'),
  ts timestamp OPTIONS (column 'p:ts'),
  v varchar OPTIONS (column 'p:varchar')
) SERVER hbase OPTIONS (table 'fdw_phoenix', encoding 'phoenix');
SELECT k, i, s, l, b, v FROM phx WHERE k LIKE 'r%' ORDER BY length(k), k;
SELECT k, f, d, dec FROM phx WHERE k LIKE 'r%' ORDER BY length(k), k;
SELECT k, dt, ts FROM phx WHERE k LIKE 'r%' ORDER BY length(k), k;
-- -0.0 stays negative zero
SELECT k, d::text, f::text FROM phx WHERE k = 'r5';
-- the same values written by hbase_fdw are Phoenix's bytes: copy every row to w1..w11 and
-- compare the raw cells with the oracle's (all but r1's: its empty VARCHAR cell is Phoenix's
-- NULL, which is written as no cell, as Phoenix's UPSERT of '' does)
INSERT INTO phx SELECT 'w' || substr(k, 2), i, s, l, f, d, b, dec, dt, ts, v FROM phx WHERE k LIKE 'r%';
CREATE FOREIGN TABLE phx_raw (
  k text OPTIONS (column ':key'),
  i bytea OPTIONS (column 'p:int'), s bytea OPTIONS (column 'p:smallint'),
  l bytea OPTIONS (column 'p:bigint'), f bytea OPTIONS (column 'p:float'),
  d bytea OPTIONS (column 'p:double'), b bytea OPTIONS (column 'p:bool'),
  dec bytea OPTIONS (column 'p:dec'), dt bytea OPTIONS (column 'p:date'),
  ts bytea OPTIONS (column 'p:ts'), v bytea OPTIONS (column 'p:varchar')
) SERVER hbase OPTIONS (table 'fdw_phoenix');
SELECT count(*) AS rows_compared,
       count(*) FILTER (WHERE (r.i, r.s, r.l, r.f, r.d, r.b, r.dec, r.dt, r.ts, r.v)
                        IS NOT DISTINCT FROM (w.i, w.s, w.l, w.f, w.d, w.b, w.dec, w.dt, w.ts, w.v)) AS same_bytes
  FROM phx_raw r JOIN phx_raw w ON w.k = 'w' || substr(r.k, 2)
 WHERE r.k LIKE 'r%';
SELECT r.k, r.dec AS phoenix, w.dec AS ours FROM phx_raw r JOIN phx_raw w ON w.k = 'w' || substr(r.k, 2)
 WHERE r.k LIKE 'r%' AND r.dec IS DISTINCT FROM w.dec;
DELETE FROM phx WHERE k LIKE 'w%';

-- types the column names (phoenix_type) where its PostgreSQL type leaves a choice: TINYINT,
-- the UNSIGNED_* types (no sign flip; non-negative), DATE/TIME of a timestamp (8 bytes of
-- milliseconds), UNSIGNED_DATE/UNSIGNED_TIMESTAMP. Rows n1..n3 of the oracle.
CREATE FOREIGN TABLE phx_named (
  k text OPTIONS (column ':key'),
  tiny smallint OPTIONS (column 'p:tiny', phoenix_type 'TINYINT'),
  utiny smallint OPTIONS (column 'p:utiny', phoenix_type 'UNSIGNED_TINYINT'),
  usmall int OPTIONS (column 'p:usmall', phoenix_type 'unsigned_smallint'),
  uint bigint OPTIONS (column 'p:uint', phoenix_type 'UNSIGNED_INT'),
  ulong bigint OPTIONS (column 'p:ulong', phoenix_type 'UNSIGNED_LONG'),
  ufloat real OPTIONS (column 'p:ufloat', phoenix_type 'UNSIGNED_FLOAT'),
  udouble float8 OPTIONS (column 'p:udouble', phoenix_type 'UNSIGNED_DOUBLE'),
  tm timestamp OPTIONS (column 'p:time', phoenix_type 'TIME'),
  udate date OPTIONS (column 'p:udate', phoenix_type 'UNSIGNED_DATE'),
  uts timestamptz OPTIONS (column 'p:uts', phoenix_type 'UNSIGNED_TIMESTAMP')
) SERVER hbase OPTIONS (table 'fdw_phoenix', encoding 'phoenix');
SELECT k, tiny, utiny, usmall, uint, ulong FROM phx_named WHERE k LIKE 'n%' ORDER BY k;
SELECT k, ufloat, udouble, tm, udate, uts FROM phx_named WHERE k LIKE 'n%' ORDER BY k;
-- written back: Phoenix's bytes again
INSERT INTO phx_named SELECT 'm' || substr(k, 2), tiny, utiny, usmall, uint, ulong, ufloat, udouble, tm, udate, uts
  FROM phx_named WHERE k LIKE 'n%';
CREATE FOREIGN TABLE phx_named_raw (k text OPTIONS (column ':key'),
  tiny bytea OPTIONS (column 'p:tiny'), utiny bytea OPTIONS (column 'p:utiny'),
  usmall bytea OPTIONS (column 'p:usmall'), uint bytea OPTIONS (column 'p:uint'),
  ulong bytea OPTIONS (column 'p:ulong'), ufloat bytea OPTIONS (column 'p:ufloat'),
  udouble bytea OPTIONS (column 'p:udouble'), tm bytea OPTIONS (column 'p:time'),
  udate bytea OPTIONS (column 'p:udate'), uts bytea OPTIONS (column 'p:uts'))
  SERVER hbase OPTIONS (table 'fdw_phoenix');
SELECT count(*) AS rows_compared,
       count(*) FILTER (WHERE (n.tiny, n.utiny, n.usmall, n.uint, n.ulong, n.ufloat, n.udouble, n.tm, n.udate, n.uts)
                        = (m.tiny, m.utiny, m.usmall, m.uint, m.ulong, m.ufloat, m.udouble, m.tm, m.udate, m.uts)) AS same_bytes
  FROM phx_named_raw n JOIN phx_named_raw m ON m.k = 'm' || substr(n.k, 2) WHERE n.k LIKE 'n%';
DELETE FROM phx_named WHERE k LIKE 'm%';
INSERT INTO phx_named (k, uint) VALUES ('bad5', -1);
INSERT INTO phx_named (k, tiny) VALUES ('bad6', 128);
INSERT INTO phx_named (k, tm) VALUES ('bad7', '2024-03-01 10:00:00.0001');
INSERT INTO phx_named (k, udate) VALUES ('bad8', '1969-12-31');
SELECT k, uint FROM phx_named WHERE k = 'r2';
ALTER FOREIGN TABLE phx_named ALTER COLUMN uint OPTIONS (SET phoenix_type 'UNSIGNED_INTEGER');
CREATE FOREIGN TABLE phx_badtype (k text OPTIONS (column ':key'), u int OPTIONS (column 'p:ulong', phoenix_type 'UNSIGNED_LONG'))
  SERVER hbase OPTIONS (table 'fdw_phoenix', encoding 'phoenix');
CREATE FOREIGN TABLE phx_notphx (k text OPTIONS (column ':key'), u bigint OPTIONS (column 'p:uint', phoenix_type 'UNSIGNED_INT'))
  SERVER hbase OPTIONS (table 'fdw_phoenix');
DROP FOREIGN TABLE phx_named, phx_named_raw;

-- values Phoenix's forms cannot hold, and bytes that are not Phoenix's
INSERT INTO phx (k, dec) VALUES ('bad1', 'NaN');
INSERT INTO phx (k, dec) VALUES ('bad2', 1e-200);
-- the format goes down to 1e-130, but Phoenix reads exponents below 1e-126 as other numbers
-- (its reader casts the scale to a byte): such a cell is not written; 1e-126 is
INSERT INTO phx (k, dec) VALUES ('bad3', 1e-127);
INSERT INTO phx (k, dec) VALUES ('bad3', -9.9e-127);
INSERT INTO phx (k, dec) VALUES ('edge', 1e-126), ('edgeneg', -1e-126);
CREATE FOREIGN TABLE phx_decraw (k text OPTIONS (column ':key'), raw bytea OPTIONS (column 'p:dec'))
  SERVER hbase OPTIONS (table 'fdw_phoenix');
SELECT p.k, p.dec, encode(r.raw, 'hex') FROM phx p JOIN phx_decraw r USING (k)
  WHERE k IN ('edge', 'edgeneg') ORDER BY k;
DROP FOREIGN TABLE phx_decraw;
DELETE FROM phx WHERE k IN ('edge', 'edgeneg');
INSERT INTO phx (k, dec) VALUES ('bad4', 1e130);
SELECT count(*) FROM phx WHERE k LIKE 'bad%';
INSERT INTO phx (k, ts) VALUES ('bad3', 'infinity');
CREATE FOREIGN TABLE phx_wrong (k text OPTIONS (column ':key'), i bigint OPTIONS (column 'p:int'))
  SERVER hbase OPTIONS (table 'fdw_phoenix', encoding 'phoenix');
SELECT * FROM phx_wrong WHERE k = 'r2';
CREATE FOREIGN TABLE phx_date (k text OPTIONS (column ':key'), t date OPTIONS (column 'p:ts'))
  SERVER hbase OPTIONS (table 'fdw_phoenix', encoding 'phoenix');
SELECT * FROM phx_date WHERE k = 'r2';
SELECT * FROM phx_date WHERE k = 'r1';
CREATE FOREIGN TABLE phx_json (k text OPTIONS (column ':key'), j json OPTIONS (column 'p:int'))
  SERVER hbase OPTIONS (table 'fdw_phoenix', encoding 'phoenix');
ALTER FOREIGN TABLE phx OPTIONS (SET encoding 'phoenx');
DROP FOREIGN TABLE phx, phx_raw, phx_wrong, phx_date;

-- DECIMAL key columns: phoenix_decimal(d), Phoenix's sortable DECIMAL bytes, variable width
-- (followed by "\x00" when not last). fdw_phxdeckey: keys of PRIMARY KEY (d DECIMAL,
-- id INTEGER) that Phoenix's own classes encoded (PhoenixOracle.decimalKey), the value also as
-- text (p:text) and as a DECIMAL cell (p:dec).
CREATE FOREIGN TABLE phx_deckey (
  d numeric, id int,
  dtext text OPTIONS (column 'p:text'),
  dcell numeric OPTIONS (column 'p:dec', encoding 'phoenix'),
  rk bytea OPTIONS (column ':key')
) SERVER hbase OPTIONS (table 'fdw_phxdeckey', rowkey 'phoenix_decimal(d) + "\x00" + sortable(int(id))');
-- every key decodes to the value Phoenix encoded, and key order is numeric order
SELECT count(*) AS rows, count(*) FILTER (WHERE d = dtext::numeric AND d = dcell) AS same_value
  FROM phx_deckey;
SELECT d, id, dtext FROM phx_deckey;
-- equality (1.50 = 1.5: the same bytes), ranges, ORDER BY without a Sort
EXPLAIN (COSTS OFF) SELECT id FROM phx_deckey WHERE d = 1.50;
SELECT d, id FROM phx_deckey WHERE d = 1.50;
SELECT d, id FROM phx_deckey WHERE d IN (0.1, -0.5, 7);
EXPLAIN (COSTS OFF) SELECT d FROM phx_deckey WHERE d > -2 AND d <= 2;
SELECT d FROM phx_deckey WHERE d > -2 AND d <= 2;
SELECT d FROM phx_deckey WHERE d >= 99 AND d < 100;
SELECT d FROM phx_deckey WHERE d < -1e30;
EXPLAIN (COSTS OFF) SELECT d FROM phx_deckey ORDER BY d DESC LIMIT 3;
SELECT d FROM phx_deckey ORDER BY d DESC LIMIT 3;
SET hbase_fdw.enable_pushdown = off;
SELECT count(*), sum(id) FROM phx_deckey WHERE d > -2 AND d <= 2;
RESET hbase_fdw.enable_pushdown;
SELECT count(*), sum(id) FROM phx_deckey WHERE d > -2 AND d <= 2;
-- NaN is no key value: nothing equals it, and a range with it is read whole
SELECT count(*) FROM phx_deckey WHERE d = 'NaN';
SELECT count(*) FROM phx_deckey WHERE d < 'NaN';
-- INSERT writes Phoenix's key bytes: the same as the oracle's for the same values
INSERT INTO phx_deckey (d, id, dtext) SELECT d, id + 1000, 'copy' FROM phx_deckey;
SELECT count(*) AS copies,
       count(*) FILTER (WHERE substr(c.rk, 1, length(c.rk) - 4) = substr(o.rk, 1, length(o.rk) - 4)) AS same_bytes
  FROM phx_deckey c JOIN phx_deckey o ON c.id = o.id + 1000;
DELETE FROM phx_deckey WHERE id >= 1000;
INSERT INTO phx_deckey (d, id, dtext) VALUES ('NaN', 1, 'x');
INSERT INTO phx_deckey (d, id, dtext) VALUES (1e130, 1, 'x');
CREATE FOREIGN TABLE phx_deckey_bad (d numeric) SERVER hbase
  OPTIONS (table 'fdw_phxdeckey', rowkey 'd');
CREATE FOREIGN TABLE phx_deckey_bad2 (d text) SERVER hbase
  OPTIONS (table 'fdw_phxdeckey', rowkey 'phoenix_decimal(d)');
DROP FOREIGN TABLE phx_deckey;
