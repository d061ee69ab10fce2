-- No query fails or changes for its size (issue 52). Stateless pages (a small LIMIT), reversed
-- scans, Gets and multigets put their keys, bounds and value filters in the URL; nginx's
-- default takes a request line of 8 KiB (then 414), the gateways 64 KiB of request line and
-- headers (then 431 or 414). A read whose URL would pass 6,000 bytes is chosen another way
-- before it is sent: a scanner's POST body, several smaller multigets, or the filter checked
-- here; EXPLAIN ANALYZE says which (HBase URL Too Long). Constants of 10 KB, 50 KB and 200 KB
-- in =, IN, LIKE, ranges and keyset pages both ways, and key lists of 100 to 1,000 keys of
-- 300 bytes, through the 2.6, 2.4.17 and 2.5.8 gateways and through the suite's nginx (Basic
-- auth, scripts/gateway-proxy): the same rows as pushdown off. Keys longer than HBase's
-- longest (32,767 bytes) read no row and bound a scan exactly. (docs/scans.md, "Long values")
\getenv hbase_url HBASE_URL
\getenv gw24_url HBASE_GW24_URL
\getenv gw25_url HBASE_GW25_URL
\getenv auth_url PROXY_AUTH_URL
CREATE SERVER lv_gw26 FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'hbase_url');
CREATE SERVER lv_gw24 FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'gw24_url');
CREATE SERVER lv_gw25 FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'gw25_url');
CREATE SERVER lv_nginx FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'auth_url');
CREATE USER MAPPING FOR CURRENT_USER SERVER lv_nginx OPTIONS (user 'report', password 's3cr3t-pw');
-- tests/long_values.py: 120 rows r000..r119 (five of them with values of 10 KB to 200 KB),
-- 6 keys of 10 KB and 30 KB, 1,000 keys of 300 bytes
\! python3 tests/hbase_rest.py create fdw_long cf >/dev/null
\! python3 tests/long_values.py | python3 tests/hbase_rest.py put fdw_long
CREATE FOREIGN TABLE lv_26 (k text OPTIONS (column ':key') COLLATE "C", v text OPTIONS (column 'cf:v'),
  n int OPTIONS (column 'cf:n')) SERVER lv_gw26 OPTIONS (table 'fdw_long');
CREATE FOREIGN TABLE lv_24 (k text OPTIONS (column ':key') COLLATE "C", v text OPTIONS (column 'cf:v'),
  n int OPTIONS (column 'cf:n')) SERVER lv_gw24 OPTIONS (table 'fdw_long');
CREATE FOREIGN TABLE lv_25 (k text OPTIONS (column ':key') COLLATE "C", v text OPTIONS (column 'cf:v'),
  n int OPTIONS (column 'cf:n')) SERVER lv_gw25 OPTIONS (table 'fdw_long');
CREATE FOREIGN TABLE lv_nginx (k text OPTIONS (column ':key') COLLATE "C", v text OPTIONS (column 'cf:v'),
  n int OPTIONS (column 'cf:n')) SERVER lv_nginx OPTIONS (table 'fdw_long');
SELECT count(*), sum(length(k)), sum(length(v)) FROM lv_26;

-- every query below: its rows with pushdown off (through 2.6, the reference), then with
-- pushdown through each gateway; the result says how many rows and which gateways differ
CREATE FUNCTION lv_rows(q text, t text, OUT n bigint, OUT digest text) LANGUAGE plpgsql AS $$
BEGIN
  -- in the query's order when it has one, else sorted
  EXECUTE 'SELECT count(*), md5(coalesce(string_agg(s::text, E''\n''' ||
          CASE WHEN q ~* 'order by' THEN '' ELSE ' ORDER BY s::text' END ||
          '), '''')) FROM (' || replace(q, '$T', t) || ') s' INTO n, digest;
END $$;
CREATE FUNCTION lv_check(q text, OUT nrows bigint, OUT differ text) LANGUAGE plpgsql AS $$
DECLARE
  ref text;
  r record;
  g text;
BEGIN
  PERFORM set_config('hbase_fdw.enable_pushdown', 'off', true);
  SELECT * INTO r FROM lv_rows(q, 'lv_26');
  nrows := r.n;
  ref := r.digest;
  PERFORM set_config('hbase_fdw.enable_pushdown', 'on', true);
  differ := '';
  FOREACH g IN ARRAY ARRAY['26', '24', '25', 'nginx'] LOOP
    SELECT * INTO r FROM lv_rows(q, 'lv_' || g);
    IF r.digest <> ref THEN
      differ := differ || ' ' || g || ' (' || r.n || ' rows)';
    END IF;
  END LOOP;
  differ := CASE WHEN differ = '' THEN 'none' ELSE differ END;
END $$;
-- what EXPLAIN ANALYZE says of the HBase side (the Filter lines hold the long constants)
CREATE FUNCTION lv_explain(q text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
  line text;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || replace(q, '$T', 'lv_26') LOOP
    IF line ~ '^\s*(->\s*)?(HBase (Operation|Requests|Rows Received|URL Too Long|Gateway Fallback|Multigets)|Foreign Scan|Limit|Custom)' THEN
      RETURN NEXT regexp_replace(line, '\(actual rows=\d+ loops=\d+\)', '');
    END IF;
  END LOOP;
END $$;
CREATE TABLE lv_sizes (s int);
INSERT INTO lv_sizes VALUES (10000), (50000), (200000);
-- each form with each size: %s is the size; $T the table
CREATE TABLE lv_queries (id int, q text);
INSERT INTO lv_queries VALUES
 (1,  $$SELECT k, n FROM $T WHERE v = repeat('a', %s)$$),
 (2,  $$SELECT k, n FROM $T WHERE v = repeat('a', %s) LIMIT 3$$),
 (3,  $$SELECT n FROM $T WHERE v IN (repeat('a', %s), repeat('b', %s), 'v7', 'v8') ORDER BY k LIMIT 3$$),
 (4,  $$SELECT n FROM $T WHERE v LIKE repeat('a', %s) || '%%' ORDER BY k LIMIT 5$$),
 (5,  $$SELECT n FROM $T WHERE v >= repeat('a', %s) AND v < repeat('b', %s) || 'b' ORDER BY k LIMIT 5$$),
 (6,  $$SELECT n FROM $T WHERE v >= repeat('a', %s) ORDER BY k DESC LIMIT 4$$),
 (7,  $$SELECT n FROM $T WHERE v = repeat('a', %s) ORDER BY k DESC$$),
 (8,  $$SELECT n FROM $T WHERE k IN ('r010', 'r011', 'r012', 'r013', 'r014') AND v LIKE repeat('a', %s) || '%%'$$),
 (9,  $$SELECT n FROM $T WHERE k = 'K' || repeat('x', %s) || '1'$$),
 (10, $$SELECT n FROM $T WHERE k IN ('K' || repeat('x', %s), 'K' || repeat('x', %s) || '2', 'r001')$$),
 (11, $$SELECT n FROM $T WHERE k > 'K' || repeat('x', %s) ORDER BY k LIMIT 2$$),
 (12, $$SELECT n FROM $T WHERE k < 'K' || repeat('x', %s) || '2' ORDER BY k DESC LIMIT 2$$),
 (13, $$SELECT n FROM $T WHERE k >= 'K' || repeat('x', %s) AND k < 'K' || repeat('x', %s) || '2' ORDER BY k DESC$$),
 (14, $$SELECT n FROM $T WHERE k LIKE 'K' || repeat('x', %s) || '%%' ORDER BY k LIMIT 3$$),
 (15, $$SELECT n FROM $T WHERE k >= 'K' || repeat('x', %s) ORDER BY k LIMIT 3$$),
 (16, $$SELECT n FROM $T WHERE k <= 'K' || repeat('x', %s) || '1' ORDER BY k DESC LIMIT 3$$);
SELECT id, s, (lv_check(format(q, s, s))).*
  FROM lv_queries, lv_sizes ORDER BY id, s;
-- key lists of 100 to 1,000 keys of 300 bytes (at most 14 of them fit a URL); a list of 100
-- with a value filter of 20 KB; the 1,000 keys through a batched join
SELECT n, (lv_check(format($$SELECT n FROM $T WHERE k = ANY (ARRAY(SELECT 'M' || lpad(i::text, 4, '0') || repeat('y', 295) FROM generate_series(1, %s) i))$$, n))).*
  FROM (VALUES (100), (500), (1000)) v(n);
SELECT (lv_check($$SELECT n FROM $T WHERE k = ANY (ARRAY(SELECT 'M' || lpad(i::text, 4, '0') || repeat('y', 295) FROM generate_series(1, 100) i)) AND v <> repeat('m', 20000)$$)).*;
CREATE TABLE lv_local_keys AS SELECT 'M' || lpad(i::text, 4, '0') || repeat('y', 295) AS k FROM generate_series(1, 1000) i;
ANALYZE lv_local_keys;
-- (a batched join: no hash or merge join over a full scan)
SET enable_hashjoin = off;
SET enable_mergejoin = off;
SELECT (lv_check($$SELECT l.k, h.n FROM lv_local_keys l JOIN $T h ON h.k = l.k$$)).*;

-- what each form did instead (through 2.6; the other gateways the same, but 2.4 and 2.5.8
-- read keys by a scanner where 2.6 has ?e=b64, and check reversed bounds here)
-- a small LIMIT's first page: a scanner, not the stateless page
SELECT lv_explain($$SELECT k FROM $T WHERE v = repeat('a', 50000) LIMIT 3$$);
-- a reversed scan: its value filter checked here, its bounds still at the region server
SELECT lv_explain($$SELECT n FROM $T WHERE v = repeat('a', 50000) ORDER BY k DESC LIMIT 3$$);
-- a reversed scan bounded by a long key: the bounds checked here too
SELECT lv_explain($$SELECT n FROM $T WHERE k < 'K' || repeat('x', 10000) || '2' ORDER BY k DESC LIMIT 2$$);
-- keys with a value filter too long to go with them: the filter checked here
SELECT lv_explain($$SELECT n FROM $T WHERE k IN ('r010', 'r011', 'r014') AND v LIKE repeat('a', 10000) || '%'$$);
-- a Get of a key too long for a URL: a scanner of that key; one longer than HBase's
-- longest: no request at all
SELECT lv_explain($$SELECT n FROM $T WHERE k = 'K' || repeat('x', 10000) || '1'$$);
SELECT lv_explain($$SELECT n FROM $T WHERE k = 'K' || repeat('x', 50000) || '1'$$);
-- 1,000 keys of 300 bytes: 8 multigets per 100 keys, 80 in all
SELECT lv_explain($$SELECT n FROM $T WHERE k = ANY (ARRAY(SELECT 'M' || lpad(i::text, 4, '0') || repeat('y', 295) FROM generate_series(1, 1000) i))$$);
-- the batched join of the 1,000 keys: 10 multigets of 100 keys, each split in 8
SELECT lv_explain($$SELECT l.k, h.n FROM lv_local_keys l JOIN $T h ON h.k = l.k$$);
RESET enable_hashjoin;
RESET enable_mergejoin;
-- short ones are as they were: one multiget, one stateless page
SELECT lv_explain($$SELECT n FROM $T WHERE k IN ('r001', 'r002')$$);
SELECT lv_explain($$SELECT n FROM $T WHERE v = 'v7' LIMIT 1$$);
DROP SERVER lv_gw26, lv_gw24, lv_gw25, lv_nginx CASCADE;
\! python3 tests/hbase_rest.py drop fdw_long
