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
SELECT k, i, s, l, b, v FROM phx ORDER BY length(k), k;
SELECT k, f, d, dec FROM phx ORDER BY length(k), k;
SELECT k, dt, ts FROM phx ORDER BY length(k), k;
-- -0.0 stays negative zero
SELECT k, d::text, f::text FROM phx WHERE k = 'r5';
-- the same values written by hbase_fdw are Phoenix's bytes: copy every row to w1..w11 and
-- compare the raw cells with the oracle's
INSERT INTO phx SELECT 'w' || substr(k, 2), i, s, l, f, d, b, dec, dt, ts, v FROM phx;
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

-- values Phoenix's forms cannot hold, and bytes that are not Phoenix's
INSERT INTO phx (k, dec) VALUES ('bad1', 'NaN');
INSERT INTO phx (k, dec) VALUES ('bad2', 1e-200);
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
