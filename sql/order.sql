-- needs: scan layouts (the foreign tables they make; scripts/test --only runs them first)
-- ORDER BY in rowkey order needs no Sort: scans return rows in key order, so the foreign scan
-- declares it (pathkeys) when the key parts preserve order and any salt or hash prefix is fixed.
-- Uses the lay_* foreign tables of layouts.sql.
SET timezone = 'UTC';

-- tall mailbox table: a user's mails by id (a prefix scan already in order)
EXPLAIN (COSTS OFF) SELECT mail_id, subject FROM lay_s9 WHERE user_id = 1 ORDER BY mail_id;
SELECT mail_id, subject FROM lay_s9 WHERE user_id = 1 ORDER BY mail_id;
EXPLAIN (COSTS OFF) SELECT mail_id FROM lay_s9 WHERE user_id = 1 ORDER BY mail_id DESC;
-- the whole table in key order, and a LIMIT on top of it
EXPLAIN (COSTS OFF) SELECT user_id, mail_id FROM lay_s9 ORDER BY user_id, mail_id LIMIT 3;
SELECT user_id, mail_id FROM lay_s9 ORDER BY user_id, mail_id LIMIT 3;
-- the LIMIT sizes the first page: 3 rows received, not the table
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT user_id, mail_id FROM lay_s9 ORDER BY user_id, mail_id LIMIT 3;
-- LIMIT with OFFSET: about offset + limit rows
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k FROM split_t ORDER BY k COLLATE "C" LIMIT 5 OFFSET 20;
SELECT k FROM split_t ORDER BY k COLLATE "C" LIMIT 5 OFFSET 20;
-- without a LIMIT, pages grow from 100 rows to fetch_size (1000): 1000 rows in 3 pages
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM split_t;
-- IN on the first part: several ranges, still in key order
EXPLAIN (COSTS OFF) SELECT user_id, mail_id FROM lay_s9 WHERE user_id IN (42, 1) ORDER BY user_id, mail_id;
SELECT user_id, mail_id FROM lay_s9 WHERE user_id IN (42, 1) ORDER BY user_id, mail_id;
-- but not in the order of the second part alone
EXPLAIN (COSTS OFF) SELECT user_id, mail_id FROM lay_s9 WHERE user_id IN (42, 1) ORDER BY mail_id;

-- newest first: the inverted time part gives DESC order
EXPLAIN (COSTS OFF) SELECT ts, action FROM lay_s6 WHERE user_id = 1 ORDER BY ts DESC;
SELECT ts, action FROM lay_s6 WHERE user_id = 1 ORDER BY ts DESC;
EXPLAIN (COSTS OFF) SELECT ts, action FROM lay_s6 WHERE user_id = 1 ORDER BY ts DESC LIMIT 1;
SELECT ts, action FROM lay_s6 WHERE user_id = 1 ORDER BY ts DESC LIMIT 1;
-- ascending time on an inverted part needs a Sort
EXPLAIN (COSTS OFF) SELECT ts FROM lay_s6 WHERE user_id = 1 ORDER BY ts;
-- the binary variant, long(Long.MAX_VALUE - epoch_ms(ts)): the inverted value is never
-- negative (x < 0 is refused), so its bytes sort exactly: "the latest 10" without a Sort,
-- and ascending time as a reversed scan
EXPLAIN (COSTS OFF) SELECT ts, action FROM lay_s6b WHERE user_id = 1 ORDER BY ts DESC LIMIT 10;
SELECT ts, action FROM lay_s6b WHERE user_id = 1 ORDER BY ts DESC LIMIT 10;
EXPLAIN (COSTS OFF) SELECT ts, action FROM lay_s6b WHERE user_id = 1 ORDER BY ts;
SELECT ts, action FROM lay_s6b WHERE user_id = 1 ORDER BY ts;
SELECT ts, action FROM lay_s6b WHERE user_id = 1 AND ts >= '2024-06-24 23:45:31.124' ORDER BY ts DESC LIMIT 2;
SELECT ts, action FROM lay_s6b WHERE user_id = 42 AND ts < '2024-02-29 13:45:01.5' ORDER BY ts;
-- a bound on one side is a key range too (before, only a lower bound >= 0 was); bounds in
-- microseconds round to the key's milliseconds without losing or adding a row; a bound before
-- 1970 has no inverted bytes, so it is dropped and the rows are filtered locally
EXPLAIN (COSTS OFF) SELECT ts FROM lay_s6b
  WHERE user_id = 1 AND ts < '2024-06-24 23:45:31.124' ORDER BY ts DESC;
SELECT ts FROM lay_s6b WHERE user_id = 1 AND ts < '2024-06-24 23:45:31.124' ORDER BY ts DESC;
SELECT ts FROM lay_s6b WHERE user_id = 1 AND ts > '2024-06-24 23:45:31.1231' ORDER BY ts;
SELECT ts FROM lay_s6b WHERE user_id = 1 AND ts <= '2024-06-24 23:45:31.1239' ORDER BY ts DESC;
SELECT ts FROM lay_s6b WHERE user_id = 1 AND ts >= '1969-12-31 23:59:59' ORDER BY ts DESC;
SELECT ts FROM lay_s6b WHERE user_id = 1 AND ts < '1969-12-31 23:59:59' ORDER BY ts DESC;
-- long(epoch_ms(ts)) without the inversion is negative before 1970: still a Sort
EXPLAIN (COSTS OFF) SELECT ts FROM lay_s8 WHERE id = 1 ORDER BY ts;

-- hash prefix: ordered only once the hashed columns are fixed (S3: one company/day by campaign);
-- the total row (no campaign part) is the shortest key, so it comes first: NULLS FIRST
EXPLAIN (COSTS OFF) SELECT campaign_id, cost FROM lay_s2
  WHERE company_id = 42 AND stat_date = '2024-02-29' ORDER BY campaign_id NULLS FIRST;
SELECT campaign_id, cost FROM lay_s2
  WHERE company_id = 42 AND stat_date = '2024-02-29' ORDER BY campaign_id NULLS FIRST;
EXPLAIN (COSTS OFF) SELECT campaign_id FROM lay_s2
  WHERE company_id = 42 AND stat_date = '2024-02-29' ORDER BY campaign_id;
EXPLAIN (COSTS OFF) SELECT company_id FROM lay_s2 ORDER BY company_id;

-- sortable binary numbers, negatives included; a double orders its key by IEEE bits (-0
-- below 0, NaNs with the sign bit first), not as SQL does: ORDER BY ... d sorts locally
EXPLAIN (COSTS OFF) SELECT v, d FROM lay_bin ORDER BY v, d;
SELECT v, d FROM lay_bin ORDER BY v, d;
-- plain binary longs sort right only when non-negative: Sort
EXPLAIN (COSTS OFF) SELECT ts FROM lay_s8 WHERE id = 1 ORDER BY ts;

-- salted tables: one scan per bucket, merged on the key after the salt (Phoenix does the same)
EXPLAIN (COSTS OFF) SELECT id, v FROM lay_phx ORDER BY id;
SELECT id, v FROM lay_phx ORDER BY id;
-- ORDER BY ... LIMIT on a salted table: a small first page from every bucket, not the table;
-- one stateless GET per bucket (bucket \x00's bound goes as %00, a string the gateway decodes to 0x00)
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT id FROM lay_phx ORDER BY id LIMIT 3;
SELECT id FROM lay_phx ORDER BY id LIMIT 3;
SELECT id FROM lay_phx WHERE id > 4 ORDER BY id LIMIT 3;
-- backwards with a value filter: each bucket's reversed page sends it, so the 4 requests
-- receive only the 3 rows that pass
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, v FROM lay_phx WHERE v LIKE 'row 1%' ORDER BY id DESC LIMIT 2;
SELECT id, v FROM lay_phx WHERE v LIKE 'row 1%' ORDER BY id DESC LIMIT 2;
-- a random salt too (text in the C collation)
EXPLAIN (COSTS OFF) SELECT name FROM lay_rnd ORDER BY name COLLATE "C";
SELECT name FROM lay_rnd ORDER BY name COLLATE "C";
-- a salted key whose next part does not keep order (a binary long), or IN lists: Sort
EXPLAIN (COSTS OFF) SELECT ts FROM lay_s7 WHERE uid = 'bob' ORDER BY ts;
EXPLAIN (COSTS OFF) SELECT id FROM lay_phx WHERE id IN (1, 2) ORDER BY id;
-- with pushdown off, a salted table is one full scan: Sort
SET hbase_fdw.enable_pushdown = off;
EXPLAIN (COSTS OFF) SELECT id FROM lay_phx ORDER BY id;
RESET hbase_fdw.enable_pushdown;

-- text parts sort as bytes only under the C collation
EXPLAIN (COSTS OFF) SELECT item_id FROM lay_s1 ORDER BY item_id;
EXPLAIN (COSTS OFF) SELECT shop_id, sku FROM lay_delim WHERE region = 'north'
  ORDER BY shop_id, sku COLLATE "C" NULLS FIRST;
SELECT shop_id, sku FROM lay_delim WHERE region = 'north' ORDER BY shop_id, sku COLLATE "C" NULLS FIRST;
-- an absent optional part comes first, so NULLS LAST needs a Sort
EXPLAIN (COSTS OFF) SELECT shop_id, sku FROM lay_delim WHERE region = 'north'
  ORDER BY shop_id, sku COLLATE "C";
EXPLAIN (COSTS OFF) SELECT shop_id, sku FROM lay_delim WHERE region = 'north'
  ORDER BY shop_id, sku NULLS FIRST;
EXPLAIN (COSTS OFF) SELECT phone FROM lay_s5 ORDER BY phone COLLATE "C";

-- S10 keyset pagination: the next page starts just after the last key seen (its successor:
-- the bound row is not read), whatever the depth: one stateless request for a small LIMIT
EXPLAIN (COSTS OFF) SELECT user_id, mail_id FROM lay_s9
  WHERE (user_id, mail_id) > (1, 2) ORDER BY user_id, mail_id LIMIT 2;
SELECT user_id, mail_id FROM lay_s9 WHERE (user_id, mail_id) > (1, 2) ORDER BY user_id, mail_id LIMIT 2;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT user_id, mail_id FROM lay_s9
  WHERE (user_id, mail_id) > (1, 2) ORDER BY user_id, mail_id LIMIT 2;
-- with a fixed prefix, and on a raw text key under the C collation
EXPLAIN (COSTS OFF) SELECT mail_id FROM lay_s9 WHERE user_id = 42 AND (mail_id) > (1) ORDER BY mail_id LIMIT 1;
EXPLAIN (COSTS OFF) SELECT k FROM split_t WHERE (k COLLATE "C") > 'b247' ORDER BY k COLLATE "C" LIMIT 5;
SELECT k FROM split_t WHERE (k COLLATE "C") > 'b247' ORDER BY k COLLATE "C" LIMIT 5;
-- walking the whole table page by page gives every row once, in order: compared with a
-- local copy sorted by PostgreSQL (read with pushdown off: one full scan, then a Sort)
SET hbase_fdw.enable_pushdown = off;
CREATE TEMP TABLE local_s9 AS SELECT user_id, mail_id FROM lay_s9;
RESET hbase_fdw.enable_pushdown;
CREATE FUNCTION pg_temp.walk(page int) RETURNS TABLE (n bigint, distinct_keys bigint, ordered bool, pages int)
LANGUAGE plpgsql AS $$
DECLARE
  last_u bigint := -1; last_m bigint := -1; r record; got int; keys text[] := '{}';
BEGIN
  pages := 0;
  LOOP
    got := 0;
    FOR r IN SELECT user_id, mail_id FROM lay_s9 WHERE (user_id, mail_id) > (last_u, last_m)
             ORDER BY user_id, mail_id LIMIT page LOOP
      keys := keys || (r.user_id || '/' || r.mail_id);
      last_u := r.user_id; last_m := r.mail_id; got := got + 1;
    END LOOP;
    EXIT WHEN got = 0;
    pages := pages + 1;
  END LOOP;
  n := cardinality(keys);
  distinct_keys := (SELECT count(DISTINCT x) FROM unnest(keys) x);
  ordered := keys = (SELECT array_agg(user_id || '/' || mail_id ORDER BY user_id, mail_id) FROM local_s9);
  RETURN NEXT;
END $$;
SELECT * FROM pg_temp.walk(2);
-- the previous page: a reverse scan from the first key of the current page
EXPLAIN (COSTS OFF) SELECT user_id, mail_id FROM lay_s9
  WHERE (user_id, mail_id) < (42, 1) ORDER BY user_id DESC, mail_id DESC LIMIT 2;
SELECT user_id, mail_id FROM lay_s9
  WHERE (user_id, mail_id) < (42, 1) ORDER BY user_id DESC, mail_id DESC LIMIT 2;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT user_id, mail_id FROM lay_s9
  WHERE (user_id, mail_id) < (42, 1) ORDER BY user_id DESC, mail_id DESC LIMIT 2;
-- walking backwards from the end, page by page: every row once, in reverse order
CREATE FUNCTION pg_temp.walk_back(page int) RETURNS TABLE (n bigint, distinct_keys bigint, ordered bool, pages int)
LANGUAGE plpgsql AS $$
DECLARE
  last_u bigint := 9223372036854775807; last_m bigint := 9223372036854775807; r record; got int;
  keys text[] := '{}';
BEGIN
  pages := 0;
  LOOP
    got := 0;
    FOR r IN SELECT user_id, mail_id FROM lay_s9 WHERE (user_id, mail_id) < (last_u, last_m)
             ORDER BY user_id DESC, mail_id DESC LIMIT page LOOP
      keys := keys || (r.user_id || '/' || r.mail_id);
      last_u := r.user_id; last_m := r.mail_id; got := got + 1;
    END LOOP;
    EXIT WHEN got = 0;
    pages := pages + 1;
  END LOOP;
  n := cardinality(keys);
  distinct_keys := (SELECT count(DISTINCT x) FROM unnest(keys) x);
  ordered := keys = (SELECT array_agg(user_id || '/' || mail_id ORDER BY user_id DESC, mail_id DESC) FROM local_s9);
  RETURN NEXT;
END $$;
SELECT * FROM pg_temp.walk_back(2);
-- DESC on ascending parts, ASC on an inverted part, NULLS LAST on an optional part:
-- reverse scans, no Sort; binary keys too (the reversed scan then runs from the table's end)
EXPLAIN (COSTS OFF) SELECT mail_id FROM lay_s9 WHERE user_id = 1 ORDER BY mail_id DESC;
SELECT mail_id FROM lay_s9 WHERE user_id = 1 ORDER BY mail_id DESC;
EXPLAIN (COSTS OFF) SELECT ts FROM lay_s6 WHERE user_id = 1 ORDER BY ts;
SELECT ts FROM lay_s6 WHERE user_id = 1 ORDER BY ts;
SELECT campaign_id FROM lay_s2 WHERE company_id = 42 AND stat_date = '2024-02-29'
  ORDER BY campaign_id DESC NULLS LAST;
SELECT v, d FROM lay_bin ORDER BY v DESC, d DESC LIMIT 4;
SELECT count(*), count(DISTINCT k), min(k), max(k) FROM (SELECT k FROM split_t ORDER BY k COLLATE "C" DESC) s;
SELECT k FROM split_t ORDER BY k COLLATE "C" DESC LIMIT 3;
-- the row comparison is not pushed where the key is not in its order (salted, hashed)
EXPLAIN (COSTS OFF) SELECT uid FROM lay_s7 WHERE (uid, ts) > ('1', '2024-01-01') ORDER BY uid LIMIT 1;

-- A small LIMIT's first page is one request, the gateway's stateless scan, where that is
-- exact: bounds that are valid UTF-8 (it takes them as strings), value filters in HBase's
-- filter language (filter_b64, a 2.6 gateway here; the limit counts the rows that pass).
-- Binary bounds keep the scanner (a POST, then pages).  A full page that is not enough goes
-- on with a scanner started right after its last row.
CREATE FOREIGN TABLE sortlong2 (k bigint, v text) SERVER hbase
  OPTIONS (table 'fdw_sortlong', family 'd', rowkey 'sortable(long(k))');
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT k FROM sortlong2 ORDER BY k LIMIT 3;
SELECT k FROM sortlong2 ORDER BY k LIMIT 3;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k FROM sortlong2 WHERE k > 5 ORDER BY k LIMIT 3;
SELECT k FROM sortlong2 WHERE k > 5 ORDER BY k LIMIT 3;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k FROM sortlong2 WHERE v = '-20000' LIMIT 1;
-- few rows pass the filter (the first comes after hundreds that do not): the gateway's limit
-- counts the rows that pass, so the page of 3 is still one request
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k, v FROM sortlong2 WHERE v LIKE '1%' ORDER BY k LIMIT 3;
SELECT k, v FROM sortlong2 WHERE v LIKE '1%' ORDER BY k LIMIT 3;
-- the value filter is wider than the qual (a substring; LIKE '%7' needs a suffix): local
-- filters drop the first page's rows, and the scanner takes over after them
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k FROM sortlong2 WHERE v LIKE '%7' ORDER BY k LIMIT 2;
SELECT k FROM sortlong2 WHERE v LIKE '%7' ORDER BY k LIMIT 2;
-- backwards (reversed pages) the value filters travel with the bounds: the page of 3 is
-- one request that receives 3 rows, with a bound too
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k, v FROM sortlong2 WHERE v LIKE '1%' ORDER BY k DESC LIMIT 3;
SELECT k, v FROM sortlong2 WHERE v LIKE '1%' ORDER BY k DESC LIMIT 3;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k, v FROM sortlong2 WHERE v LIKE '1%' AND k < 1000 ORDER BY k DESC LIMIT 3;
SELECT k, v FROM sortlong2 WHERE v LIKE '1%' AND k < 1000 ORDER BY k DESC LIMIT 3;
SELECT k FROM sortlong2 WHERE v LIKE '%7' ORDER BY k DESC LIMIT 2;
SET hbase_fdw.enable_pushdown = off;
SELECT k FROM sortlong2 WHERE v LIKE '%7' ORDER BY k LIMIT 2;
SELECT k, v FROM sortlong2 WHERE v LIKE '1%' ORDER BY k DESC LIMIT 3;
SELECT k, v FROM sortlong2 WHERE v LIKE '1%' AND k < 1000 ORDER BY k DESC LIMIT 3;
SELECT k FROM sortlong2 WHERE v LIKE '%7' ORDER BY k DESC LIMIT 2;
RESET hbase_fdw.enable_pushdown;
DROP FOREIGN TABLE sortlong2;
-- a keyset next page on a text key starts at the key + 0x00, a bound the stateless scan takes
-- as %00: one request (a scanner's POST, GET and DELETE before), forward and backward
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k FROM split_t WHERE k > 'a020' ORDER BY k LIMIT 3;
SELECT k FROM split_t WHERE k > 'a020' ORDER BY k LIMIT 3;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k FROM split_t WHERE k < 'a020' ORDER BY k DESC LIMIT 3;
SELECT k FROM split_t WHERE k < 'a020' ORDER BY k DESC LIMIT 3;
-- a page's end travels as PageFilter(limit) after its other filters: the region server stops
-- at the page's last row. It counts per region and only rows the other filters passed, so a
-- page that crosses regions (split_t: [,b) [b,c) [c,d) [d,)), or skips a whole region whose
-- rows the value filter rejects, still gets every row it needs in one request, forward and
-- backward; the same pages with pushdown off, below, give the same rows. split_tt reads n as
-- text, whose LIKE travels: a PageFilter counting the rows its filter drops would stop region
-- a's scanner before a248 (and region c's reversed one before b237, c007 being its third row)
CREATE FOREIGN TABLE split_tt (k text OPTIONS (column ':key'), n text, p text) SERVER hbase
  OPTIONS (table 'fdw_split', family 'cf');
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k FROM split_t WHERE k > 'a246' ORDER BY k LIMIT 6;
SELECT k FROM split_t WHERE k > 'a246' ORDER BY k LIMIT 6;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k, n FROM split_t WHERE k > 'a240' AND p = 'c' ORDER BY k LIMIT 3;
SELECT k, n FROM split_t WHERE k > 'a240' AND p = 'c' ORDER BY k LIMIT 3;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k, n FROM split_t WHERE k < 'd005' AND p = 'b' ORDER BY k DESC LIMIT 3;
SELECT k, n FROM split_t WHERE k < 'd005' AND p = 'b' ORDER BY k DESC LIMIT 3;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k, n FROM split_tt WHERE k > 'a240' AND n LIKE '%8' ORDER BY k LIMIT 3;
SELECT k, n FROM split_tt WHERE k > 'a240' AND n LIKE '%8' ORDER BY k LIMIT 3;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k, n FROM split_tt WHERE k < 'c010' AND n LIKE '%7' ORDER BY k DESC LIMIT 3;
SELECT k, n FROM split_tt WHERE k < 'c010' AND n LIKE '%7' ORDER BY k DESC LIMIT 3;
SET hbase_fdw.enable_pushdown = off;
SELECT k, n FROM split_tt WHERE k > 'a240' AND n LIKE '%8' ORDER BY k LIMIT 3;
SELECT k, n FROM split_tt WHERE k < 'c010' AND n LIKE '%7' ORDER BY k DESC LIMIT 3;
SELECT k FROM split_t WHERE k > 'a246' ORDER BY k LIMIT 6;
SELECT k, n FROM split_t WHERE k > 'a240' AND p = 'c' ORDER BY k LIMIT 3;
SELECT k, n FROM split_t WHERE k < 'd005' AND p = 'b' ORDER BY k DESC LIMIT 3;
RESET hbase_fdw.enable_pushdown;
DROP FOREIGN TABLE split_tt;
