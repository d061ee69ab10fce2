-- needs: scan layouts (the foreign tables they make; scripts/test --only runs them first)
-- Pushdown: quals on key columns become Gets, multigets and bounded scans; EXPLAIN shows the
-- HBase operation and EXPLAIN ANALYZE what it cost. Every qual is also checked locally, so the
-- results below are the same with pushdown off (see differential.sql for the systematic check).
-- Uses the lay_* foreign tables of layouts.sql.
SET timezone = 'UTC';

-- S1: the key is computed, hash prefix included: a Get
EXPLAIN (COSTS OFF) SELECT name, price FROM lay_s1 WHERE item_id = '42';
SELECT name, price FROM lay_s1 WHERE item_id = '42';
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT name FROM lay_s1 WHERE item_id = '42';
-- a missing key: one request, no row
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT name FROM lay_s1 WHERE item_id = 'nope';
-- IN: a multiget, duplicates fetched once
EXPLAIN (COSTS OFF) SELECT item_id FROM lay_s1 WHERE item_id IN ('42', '1', '42', 'nope');
SELECT item_id, name FROM lay_s1 WHERE item_id IN ('42', '1', '42', 'nope') ORDER BY item_id;
-- a range on a hashed column cannot be narrowed: full scan
EXPLAIN (COSTS OFF) SELECT item_id FROM lay_s1 WHERE item_id > '4';

-- S2: the company/day total is a Get of the key without campaign part
EXPLAIN (COSTS OFF) SELECT cost FROM lay_s2
  WHERE company_id = 42 AND stat_date = '2024-02-29' AND campaign_id IS NULL;
SELECT cost FROM lay_s2 WHERE company_id = 42 AND stat_date = '2024-02-29' AND campaign_id IS NULL;
-- S3: the day's detail is one bounded scan over prefix + company + day
EXPLAIN (COSTS OFF) SELECT campaign_id, cost FROM lay_s2
  WHERE company_id = 42 AND stat_date = '2024-02-29' AND campaign_id IS NOT NULL;
SELECT campaign_id, cost FROM lay_s2
  WHERE company_id = 42 AND stat_date = '2024-02-29' AND campaign_id IS NOT NULL ORDER BY 1;
-- known campaigns: a multiget
EXPLAIN (COSTS OFF) SELECT campaign_id, cost FROM lay_s2
  WHERE company_id = 42 AND stat_date = '2024-02-29' AND campaign_id IN (1, 7, 8);
SELECT campaign_id, cost FROM lay_s2
  WHERE company_id = 42 AND stat_date = '2024-02-29' AND campaign_id IN (1, 7, 8) ORDER BY 1;
-- a range of campaigns within the day
EXPLAIN (COSTS OFF) SELECT campaign_id FROM lay_s2
  WHERE company_id = 42 AND stat_date = '2024-02-29' AND campaign_id BETWEEN 2 AND 1000;
SELECT campaign_id FROM lay_s2
  WHERE company_id = 42 AND stat_date = '2024-02-29' AND campaign_id BETWEEN 2 AND 1000;
-- the hash needs company and day: a company alone is a skip scan over the fixed bytes
-- after the hash (FuzzyRowFilter)
EXPLAIN (COSTS OFF) SELECT stat_date FROM lay_s2 WHERE company_id = 42;
SELECT stat_date, campaign_id FROM lay_s2 WHERE company_id = 42 ORDER BY 1, 2 NULLS FIRST;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT stat_date FROM lay_s2 WHERE company_id IN (1, 7);
SELECT stat_date, campaign_id FROM lay_s2 WHERE company_id IN (1, 7) ORDER BY 1, 2 NULLS FIRST;
-- several days of a company: one scan per day
EXPLAIN (COSTS OFF) SELECT stat_date, cost FROM lay_s2
  WHERE company_id = 42 AND stat_date IN ('2024-02-29', '2024-03-01') AND campaign_id IS NULL;

-- S4: a phone's records for a day: a bounded scan on prefix + phone + the day's times
EXPLAIN (COSTS OFF) SELECT start_time FROM lay_s4
  WHERE phone = '18601134210' AND start_time >= '2014-06-24' AND start_time < '2014-06-25';
SELECT start_time FROM lay_s4
  WHERE phone = '18601134210' AND start_time >= '2014-06-24' AND start_time < '2014-06-25' ORDER BY 1;

-- S5: reversed phone: = is a Get, LIKE '%suffix' a prefix scan on the reversed key
EXPLAIN (COSTS OFF) SELECT owner FROM lay_s5 WHERE phone = '18601134210';
EXPLAIN (COSTS OFF) SELECT phone FROM lay_s5 WHERE phone LIKE '%4210';
SELECT phone FROM lay_s5 WHERE phone LIKE '%4210' ORDER BY 1;
-- LIKE 'prefix%' on a reversed column cannot use the key
EXPLAIN (COSTS OFF) SELECT phone FROM lay_s5 WHERE phone LIKE '186%';

-- S6: inverted time: the bounds swap
EXPLAIN (COSTS OFF) SELECT ts, action FROM lay_s6
  WHERE user_id = 1 AND ts BETWEEN '2024-06-24 23:45:31.123' AND '2024-06-25';
SELECT ts, action FROM lay_s6
  WHERE user_id = 1 AND ts BETWEEN '2024-06-24 23:45:31.123' AND '2024-06-25' ORDER BY ts;
EXPLAIN (COSTS OFF) SELECT ts, action FROM lay_s6b
  WHERE user_id = 1 AND ts > '2024-06-24 23:45:31.123' AND ts <= '2024-06-25';
SELECT ts, action FROM lay_s6b
  WHERE user_id = 1 AND ts > '2024-06-24 23:45:31.123' AND ts <= '2024-06-25' ORDER BY ts;
-- all of a user's records: a prefix scan
EXPLAIN (COSTS OFF) SELECT count(*) FROM lay_s6 WHERE user_id = 1;
SELECT count(*) FROM lay_s6 WHERE user_id = 1;

-- S7: the salt comes from ts: known ts -> one scan; unknown -> one scan per bucket, plus the
-- bucket Java writes for Math.abs(Integer.MIN_VALUE)
EXPLAIN (COSTS OFF) SELECT uid, seq FROM lay_s7 WHERE ts = '2024-06-24 23:45:31.123' AND uid = '1';
EXPLAIN (COSTS OFF) SELECT ts FROM lay_s7 WHERE uid = 'bob';
SELECT ts, seq FROM lay_s7 WHERE uid = 'bob';
EXPLAIN (COSTS OFF) SELECT event FROM lay_s7 WHERE uid = '1' AND ts = '2024-06-24 23:45:31.123' AND seq = 1;
SELECT event FROM lay_s7 WHERE uid = '1' AND ts = '2024-06-24 23:45:31.123' AND seq = 1;

-- S8: one id: a prefix scan in one region
EXPLAIN (COSTS OFF) SELECT ts FROM lay_s8 WHERE id = 1;
SELECT ts FROM lay_s8 WHERE id = 1 ORDER BY ts;
-- a range of ids is not ordered in bit-reversed keys: full scan
EXPLAIN (COSTS OFF) SELECT id FROM lay_s8 WHERE id BETWEEN 1 AND 3;

-- Phoenix salt: the full key gives the salt (Get); a partial key fans out
EXPLAIN (COSTS OFF) SELECT v FROM lay_phx WHERE id = 12345678;
SELECT v FROM lay_phx WHERE id = 12345678;
-- EXPLAIN shows a key as bytea's escape format does (\ooo a byte that is no printable ASCII,
-- \\ a backslash): hbase_rowkey() gives that text under bytea_output 'escape', and pasted into
-- a bytea literal it is the key
SET bytea_output = 'escape';
SELECT hbase_rowkey('lay_phx', '{"id": 12345678}');
RESET bytea_output;
SELECT hbase_rowkey('lay_phx', '{"id": 12345678}') = '\00112345678'::bytea AS same_key;
EXPLAIN (COSTS OFF) SELECT v FROM lay_phx WHERE id IN (1, 2, 3);
SELECT v FROM lay_phx WHERE id IN (1, 2, 3) ORDER BY v;

-- random salt: every bucket, always
EXPLAIN (COSTS OFF) SELECT n FROM lay_rnd WHERE name = 'foo0003';
SELECT n FROM lay_rnd WHERE name = 'foo0003';

-- sortable binary: ranges with negatives
EXPLAIN (COSTS OFF) SELECT v, d FROM lay_bin WHERE v >= -1000 AND v < 1;
SELECT v, d FROM lay_bin WHERE v >= -1000 AND v < 1 ORDER BY v, d;
EXPLAIN (COSTS OFF) SELECT d FROM lay_bin WHERE v = 0 AND d > -1;
SELECT d FROM lay_bin WHERE v = 0 AND d > -1 ORDER BY d;

-- delimited layout with an optional trailing part
EXPLAIN (COSTS OFF) SELECT what FROM lay_delim WHERE region = 'north' AND shop_id = 1 AND sku IS NULL;
SELECT what FROM lay_delim WHERE region = 'north' AND shop_id = 1 AND sku IS NULL;
EXPLAIN (COSTS OFF) SELECT what FROM lay_delim WHERE region = 'north' AND shop_id = 1;
SELECT what FROM lay_delim WHERE region = 'north' AND shop_id = 1 ORDER BY what;
EXPLAIN (COSTS OFF) SELECT sku FROM lay_delim WHERE region = 'north' AND shop_id = 1 AND sku LIKE 'A%';

-- S9 tall: a user's mails
EXPLAIN (COSTS OFF) SELECT mail_id FROM lay_s9 WHERE user_id = 1 AND mail_id > 1;
SELECT mail_id FROM lay_s9 WHERE user_id = 1 AND mail_id > 1 ORDER BY 1;

-- S10: the next page within a prefix starts right after the last key seen
EXPLAIN (COSTS OFF) SELECT mail_id, subject FROM lay_s9 WHERE user_id = 1 AND mail_id > 1
  ORDER BY mail_id LIMIT 2;
SELECT mail_id, subject FROM lay_s9 WHERE user_id = 1 AND mail_id > 1 ORDER BY mail_id LIMIT 2;

-- not pushed, still correct: <>, OR across parts, volatile functions, non-C collation ranges,
-- type mismatches
EXPLAIN (COSTS OFF) SELECT item_id FROM lay_s1 WHERE item_id <> '42';
EXPLAIN (COSTS OFF) SELECT campaign_id FROM lay_s2 WHERE company_id = 42 OR stat_date = '2024-02-29';
SELECT count(*) FROM lay_s2 WHERE company_id = 42 OR stat_date = '2024-02-29';
EXPLAIN (COSTS OFF) SELECT v FROM lay_phx WHERE id = (random() * 0)::int;
EXPLAIN (COSTS OFF) SELECT region FROM lay_delim WHERE region > 'n' COLLATE "en-x-icu";
EXPLAIN (COSTS OFF) SELECT id FROM lay_phx WHERE id = 12345678.0;
SELECT id FROM lay_phx WHERE id = 12345678.0;
-- a key condition the layout cannot use: EXPLAIN names the part before it that is not fixed
-- (issue 57: a condition on a trailing part alone, a range under a hash), or the part's order
EXPLAIN (COSTS OFF) SELECT cost FROM lay_s2 WHERE campaign_id = 300022;
EXPLAIN (COSTS OFF) SELECT cost FROM lay_s2 WHERE company_id = 42 AND campaign_id = 300022;
-- fixed leading parts: the trailing one narrows the Get or range, nothing is named
EXPLAIN (COSTS OFF) SELECT cost FROM lay_s2 WHERE company_id = 42 AND stat_date = '2024-02-29' AND campaign_id = 300022;
-- <> where the read is a range names it; with a Get it costs nothing and is not named
EXPLAIN (COSTS OFF) SELECT cost FROM lay_s2 WHERE company_id = 42 AND campaign_id <> 300022;
EXPLAIN (COSTS OFF) SELECT name FROM lay_s1 WHERE item_id = '42' AND item_id <> '43';
EXPLAIN (COSTS OFF) SELECT name FROM lay_s1 WHERE item_id NOT IN ('42', '43');
-- cross-type integers are fine
EXPLAIN (COSTS OFF) SELECT v FROM lay_phx WHERE id = 12345678::bigint;
-- = NULL and contradictions: nothing to fetch
EXPLAIN (COSTS OFF) SELECT v FROM lay_phx WHERE id = NULL::int;
EXPLAIN (COSTS OFF) SELECT v FROM lay_phx WHERE id = 99999999999;
SELECT v FROM lay_phx WHERE id = 99999999999;

-- prepared statements: the key is computed from the parameter at execution
PREPARE get_item(text) AS SELECT name FROM lay_s1 WHERE item_id = $1;
EXPLAIN (COSTS OFF) EXECUTE get_item('42');
EXECUTE get_item('42');
EXECUTE get_item('item-0001');
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE get_item('42');
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE get_item('42');
EXECUTE get_item('1');
RESET plan_cache_mode;
DEALLOCATE get_item;

-- S11: a join with a relational table drives Gets by key (nested loop, parameterized path,
-- with the batched key join off), or reads the keys by multigets (a batched key join: join.sql)
CREATE TEMP TABLE wanted (company_id int, stat_date date, campaign_id int);
INSERT INTO wanted VALUES (42, '2024-02-29', 1), (42, '2024-02-29', 7), (7, '1970-01-01', 42), (1, '2024-02-29', 5);
ANALYZE wanted;
-- (a foreign table of its own on lay_s2: the full scans above counted lay_s2's 12 rows, which
-- one request reads, and the planner would read them so)
CREATE FOREIGN TABLE s11_report (company_id int, stat_date date, campaign_id int, cost numeric)
  SERVER hbase OPTIONS (table 'lay_s2', family 'd',
  rowkey 'left(md5(company_id + stat_date), 5) + lpad(company_id, 6) + date(stat_date, "yyyyMMdd") + [lpad(campaign_id, 6)]');
SET hbase_fdw.enable_batched_join = off;
EXPLAIN (COSTS OFF) SELECT w.*, r.cost FROM wanted w JOIN s11_report r USING (company_id, stat_date, campaign_id);
SELECT w.*, r.cost FROM wanted w JOIN s11_report r USING (company_id, stat_date, campaign_id) ORDER BY 1, 2, 3;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT r.cost FROM wanted w JOIN s11_report r USING (company_id, stat_date, campaign_id);
RESET hbase_fdw.enable_batched_join;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT r.cost FROM wanted w JOIN s11_report r USING (company_id, stat_date, campaign_id);
SELECT w.*, r.cost FROM wanted w JOIN s11_report r USING (company_id, stat_date, campaign_id) ORDER BY 1, 2, 3;

-- non-key quals that HBase can check exactly become SingleColumnValueFilters (rows without
-- the cell are skipped, as = skips NULLs); they are still checked locally too
EXPLAIN (COSTS OFF) SELECT k, a FROM sparse WHERE x = 'hello';
SELECT k, a FROM sparse WHERE x = 'hello';
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT k FROM sparse WHERE x = 'only-d';
SELECT k, x, z FROM sparse WHERE z = 'other family only';
-- binary integers match in every width a writer may have used (an 8-byte long read as int)
EXPLAIN (COSTS OFF) SELECT k FROM types_bin WHERE i4long = 123456;
SELECT k FROM types_bin WHERE i4long = 123456;
SELECT k FROM types_bin WHERE i8 = -9223372036854775808;
-- with a key range
EXPLAIN (COSTS OFF) SELECT mail_id FROM lay_s9 WHERE user_id = 1 AND sender = 'bob@example.org';
SELECT mail_id FROM lay_s9 WHERE user_id = 1 AND sender = 'bob@example.org';
-- not exact as bytes, so local only: text-encoded numbers ('007' = 7), floats; a text range
-- travels, its collation (the database's C.UTF-8) sorting as bytes (more in vfilter.sql)
EXPLAIN (COSTS OFF) SELECT k FROM sparse WHERE a = 42;
EXPLAIN (COSTS OFF) SELECT k FROM sparse WHERE x > 'a';
EXPLAIN (COSTS OFF) SELECT k FROM types_bin WHERE f8 = 1.5;

-- the switch: pushdown off reads everything and filters locally, same rows
SET hbase_fdw.enable_pushdown = off;
EXPLAIN (COSTS OFF) SELECT name FROM lay_s1 WHERE item_id = '42';
SELECT name FROM lay_s1 WHERE item_id = '42';
RESET hbase_fdw.enable_pushdown;
ALTER FOREIGN TABLE lay_s1 OPTIONS (ADD pushdown 'false');
EXPLAIN (COSTS OFF) SELECT name FROM lay_s1 WHERE item_id = '42';
ALTER FOREIGN TABLE lay_s1 OPTIONS (DROP pushdown);
EXPLAIN (COSTS OFF) SELECT name FROM lay_s1 WHERE item_id = '42';
