-- Rowkey layouts (the `rowkey` table option): key columns decoded from composite rowkeys,
-- hbase_rowkey() computing keys from values, hbase_rowkey_parts() taking a key apart.
-- Fixtures: tests/fixtures_layouts.py, one HBase table per scenario of the rowkey-layouts
-- design note, keys computed in Python the way the Java writers compute them (cross-checked
-- with Java and HBase's Bytes), independently of src/rowkey.c. Where PostgreSQL can compute a
-- key itself (md5, lpad, to_char, int8send) the stored keys are checked against that too.
SET timezone = 'UTC';

-- S1 item dimension: left(md5(item_id), 5) + item_id; lookups by item_id
CREATE FOREIGN TABLE lay_s1 (
  rk bytea OPTIONS (column ':key'),
  item_id text,
  name text,
  price numeric
) SERVER hbase OPTIONS (table 'lay_s1', family 'd',
  rowkey 'left(md5(item_id), 5) + item_id');
SELECT item_id, item_id IS NULL AS null_id, name, price, convert_from(rk, 'UTF8') AS key
  FROM lay_s1 ORDER BY rk;
SELECT name, price FROM lay_s1 WHERE item_id = '42';
SELECT name FROM lay_s1 WHERE item_id = 'ключ-日本';
SELECT name FROM lay_s1 WHERE item_id = '';
SELECT count(*) FROM lay_s1 WHERE item_id = 'no such item';
-- the keys are what PostgreSQL's md5() gives too, and what hbase_rowkey() computes
SELECT count(*) AS n,
       count(*) FILTER (WHERE rk = convert_to(left(md5(item_id), 5) || item_id, 'UTF8')) AS pg_md5,
       count(*) FILTER (WHERE rk = hbase_rowkey('lay_s1', jsonb_build_object('item_id', item_id))) AS fdw
  FROM lay_s1;
SELECT convert_from(hbase_rowkey('lay_s1', '{"item_id": "42"}'), 'UTF8') AS key;
SELECT * FROM hbase_rowkey_parts('lay_s1', convert_to('c01a8item-0001', 'UTF8'));

-- S2/S3 ad-report cube: company/day totals (no campaign part) and per-campaign detail rows
CREATE FOREIGN TABLE lay_s2 (
  rk bytea OPTIONS (column ':key'),
  company_id int,
  stat_date date,
  campaign_id int,
  cost numeric,
  clicks bigint OPTIONS (encoding 'binary'),
  impressions bigint OPTIONS (encoding 'binary')
) SERVER hbase OPTIONS (table 'lay_s2', family 'd',
  rowkey 'left(md5(company_id + stat_date), 5) + lpad(company_id, 6) + date(stat_date, "yyyyMMdd") + [lpad(campaign_id, 6)]');
SELECT company_id, stat_date, campaign_id, cost, clicks, impressions, convert_from(rk, 'UTF8') AS key
  FROM lay_s2 ORDER BY company_id, stat_date, campaign_id NULLS FIRST;
-- a company's day total: the key without a campaign part
SELECT cost, clicks, impressions FROM lay_s2
  WHERE company_id = 42 AND stat_date = '2024-02-29' AND campaign_id IS NULL;
-- its per-campaign detail that day: prefix + company + day
SELECT campaign_id, cost, clicks FROM lay_s2
  WHERE company_id = 42 AND stat_date = '2024-02-29' AND campaign_id IS NOT NULL
  ORDER BY campaign_id;
-- a few days (or companies) between bounds stand for their values: one prefix scan per
-- day instead of a skip scan through the table; a month is 31 scans, over 1000 values a skip scan
EXPLAIN (COSTS OFF) SELECT campaign_id, stat_date FROM lay_s2
  WHERE company_id = 42 AND stat_date BETWEEN '2024-02-28' AND '2024-03-02';
SELECT company_id, stat_date, campaign_id, cost FROM lay_s2
  WHERE company_id = 42 AND stat_date BETWEEN '2024-02-28' AND '2024-03-02' ORDER BY 2, 3;
EXPLAIN (COSTS OFF) SELECT campaign_id FROM lay_s2
  WHERE company_id = 42 AND stat_date > '2024-02-28' AND stat_date < '2024-03-01';
EXPLAIN (COSTS OFF) SELECT campaign_id FROM lay_s2
  WHERE company_id = 42 AND stat_date > '2024-02-29' AND stat_date < '2024-03-01';
EXPLAIN (COSTS OFF) SELECT campaign_id FROM lay_s2
  WHERE company_id IN (1, 42) AND stat_date BETWEEN '2024-02-29' AND '2024-03-01';
SELECT company_id, stat_date, campaign_id FROM lay_s2
  WHERE company_id IN (1, 42) AND stat_date BETWEEN '2024-02-29' AND '2024-03-01' ORDER BY 1, 2, 3;
EXPLAIN (COSTS OFF) SELECT campaign_id FROM lay_s2
  WHERE company_id BETWEEN 41 AND 43 AND stat_date = '2024-02-29';
SELECT company_id, campaign_id FROM lay_s2
  WHERE company_id BETWEEN 41 AND 43 AND stat_date = '2024-02-29' ORDER BY 1, 2;
EXPLAIN (COSTS OFF) SELECT campaign_id FROM lay_s2
  WHERE company_id = 42 AND stat_date BETWEEN '2020-01-01' AND '2024-12-31';
-- the whole key: Gets
EXPLAIN (COSTS OFF) SELECT campaign_id FROM lay_s2
  WHERE company_id = 42 AND stat_date BETWEEN '2024-02-28' AND '2024-03-02' AND campaign_id = 7;
SELECT stat_date, cost FROM lay_s2
  WHERE company_id = 42 AND stat_date BETWEEN '2024-02-28' AND '2024-03-02' AND campaign_id = 7 ORDER BY 1;
-- with parameters: the days are counted at execution; each day's first page is one stateless
-- GET, sent together (and one request asks for the table's regions: fewer ranges than streams
-- are cut at region boundaries)
PREPARE days(int, date, date) AS SELECT stat_date, campaign_id FROM lay_s2
  WHERE company_id = $1 AND stat_date BETWEEN $2 AND $3 ORDER BY 1, 2;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE days(42, '2024-03-01', '2024-03-02');
EXECUTE days(42, '2024-03-01', '2024-03-02');
RESET plan_cache_mode;
DEALLOCATE days;
-- a row comparison on columns the hash prefix covers, which = fixes to other values: its
-- bound lies under another prefix (md5 order, not value order) and must not cut the range.
-- md5 prefixes: 42/2024-02-28 2ba2c, 42/2024-02-29 29940, 42/2024-03-01 6a5ba, 42/2024-03-02 3d1fb
SELECT campaign_id, cost FROM lay_s2
  WHERE company_id = 42 AND stat_date = '2024-03-01'
    AND (company_id, stat_date) < (42, '2024-03-02') ORDER BY campaign_id;
SELECT campaign_id, cost FROM lay_s2
  WHERE company_id = 42 AND stat_date = '2024-02-29'
    AND (company_id, stat_date) > (42, '2024-02-28') ORDER BY campaign_id;
SELECT count(*) FROM lay_s2
  WHERE company_id = 42 AND stat_date = '2024-03-01'
    AND (company_id, stat_date) < (42, '2024-02-29');
EXPLAIN (COSTS OFF) SELECT campaign_id FROM lay_s2
  WHERE company_id = 42 AND stat_date = '2024-03-01'
    AND (company_id, stat_date) < (42, '2024-03-02');
-- a keyset next page within one day: = fixes the row's leading columns to its own values, so
-- the range starts right after campaign 1 (29940 + 000042 + 20240229 + 000002), not at the
-- day's prefix (the day total and campaign 1 are not received: 2 rows)
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT campaign_id FROM lay_s2
  WHERE company_id = 42 AND stat_date = '2024-02-29'
    AND (company_id, stat_date, campaign_id) > (42, '2024-02-29', 1);
SELECT campaign_id FROM lay_s2
  WHERE company_id = 42 AND stat_date = '2024-02-29'
    AND (company_id, stat_date, campaign_id) > (42, '2024-02-29', 1) ORDER BY 1;
-- = fixes only the first to its value: the rest of the row, (stat_date, campaign_id), bounds
-- nothing under the hash prefix, which covers stat_date; the day's prefix is scanned whole
EXPLAIN (COSTS OFF) SELECT campaign_id FROM lay_s2
  WHERE company_id = 42 AND stat_date = '2024-02-29'
    AND (company_id, stat_date, campaign_id) > (42, '2024-02-28', 1);
SELECT count(*) FROM lay_s2
  WHERE company_id = 42 AND stat_date = '2024-02-29'
    AND (company_id, stat_date, campaign_id) > (42, '2024-02-28', 1);
-- every total row is the sum of its detail rows
SELECT t.company_id, t.stat_date, t.cost = sum(d.cost) AS cost_ok, t.clicks = sum(d.clicks) AS clicks_ok,
       t.impressions = sum(d.impressions) AS impressions_ok, count(*) AS campaigns
  FROM lay_s2 t JOIN lay_s2 d ON d.company_id = t.company_id AND d.stat_date = t.stat_date
                             AND d.campaign_id IS NOT NULL
  WHERE t.campaign_id IS NULL
  GROUP BY t.company_id, t.stat_date, t.cost, t.clicks, t.impressions
  ORDER BY t.company_id, t.stat_date;
-- S11: campaign ids from a relational table (batched lookups), names from there
CREATE TEMP TABLE campaigns (campaign_id int PRIMARY KEY, name text);
INSERT INTO campaigns VALUES (1, 'spring sale'), (7, 'brand'), (123456, 'long tail'), (555, 'no stats');
SELECT c.name, r.cost, r.clicks
  FROM campaigns c JOIN lay_s2 r ON r.campaign_id = c.campaign_id
  WHERE r.company_id = 42 AND r.stat_date = '2024-02-29'
  ORDER BY c.name;
SELECT c.name, coalesce(sum(r.cost), 0) AS cost
  FROM campaigns c LEFT JOIN lay_s2 r ON r.campaign_id = c.campaign_id AND r.company_id = 42
  GROUP BY c.name ORDER BY c.name;
-- keys: PostgreSQL's md5 over the 6-digit company and yyyyMMdd text, and hbase_rowkey()
SELECT count(*) AS n,
       count(*) FILTER (WHERE rk = convert_to(
           left(md5(lpad(company_id::text, 6, '0') || to_char(stat_date, 'YYYYMMDD')), 5)
           || lpad(company_id::text, 6, '0') || to_char(stat_date, 'YYYYMMDD')
           || coalesce(lpad(campaign_id::text, 6, '0'), ''), 'UTF8')) AS pg_md5,
       count(*) FILTER (WHERE rk = hbase_rowkey('lay_s2'::regclass, jsonb_build_object(
           'company_id', company_id, 'stat_date', stat_date, 'campaign_id', campaign_id))) AS fdw
  FROM lay_s2;
SELECT rk = hbase_rowkey('lay_s2'::regclass, jsonb_build_object('company_id', company_id,
            'stat_date', stat_date, 'campaign_id', campaign_id)) AS same, campaign_id
  FROM lay_s2 WHERE company_id = 42 ORDER BY rk;
-- a NULL or absent optional column: the total row's key
SELECT convert_from(hbase_rowkey('lay_s2', '{"company_id": 42, "stat_date": "2024-02-29", "campaign_id": null}'), 'UTF8') AS total_key,
       convert_from(hbase_rowkey('lay_s2', '{"company_id": 42, "stat_date": "2024-02-29"}'), 'UTF8') AS absent,
       convert_from(hbase_rowkey('lay_s2', '{"company_id": 42, "stat_date": "2024-02-29", "campaign_id": 7}'), 'UTF8') AS detail_key;
SELECT p.* FROM lay_s2 s, hbase_rowkey_parts('lay_s2'::regclass, s.rk) p
  WHERE s.company_id = 42 AND s.stat_date = '2024-02-29' AND s.campaign_id = 7 ORDER BY p.part;
SELECT p.* FROM lay_s2 s, hbase_rowkey_parts('lay_s2'::regclass, s.rk) p
  WHERE s.company_id = 1 AND s.campaign_id IS NULL ORDER BY p.part;

-- S4 data-usage log: left(md5(phone), 3) + phone + yyyyMMddHHmmss + 16-hex-char id
CREATE FOREIGN TABLE lay_s4 (
  rk bytea OPTIONS (column ':key'),
  phone text,
  start_time timestamp,
  uid text,
  up_bytes bigint OPTIONS (encoding 'binary'),
  down_bytes bigint OPTIONS (encoding 'binary'),
  apn text
) SERVER hbase OPTIONS (table 'lay_s4', family 'cf',
  rowkey 'left(md5(phone), 3) + fixed(phone, 11) + date(start_time, "yyyyMMddHHmmss") + uid');
SELECT phone, start_time, uid, up_bytes, down_bytes, apn, convert_from(rk, 'UTF8') AS key
  FROM lay_s4 ORDER BY rk;
-- the design note's seed row (its prefix is md5's f15, not the note's f9a)
SELECT convert_from(rk, 'UTF8') AS key FROM lay_s4 WHERE uid = 'f059b84aba2e6095';
-- a phone's records for one day: 00:00:00 is in, the next day's 00:00:00 is not
SELECT start_time, uid, up_bytes + down_bytes AS bytes FROM lay_s4
  WHERE phone = '18601134210' AND start_time >= '2014-06-24' AND start_time < '2014-06-25'
  ORDER BY start_time;
SELECT phone, count(*), sum(up_bytes) AS up FROM lay_s4 GROUP BY phone ORDER BY phone;
SELECT count(*) AS n,
       count(*) FILTER (WHERE rk = convert_to(left(md5(phone), 3) || phone
           || to_char(start_time, 'YYYYMMDDHH24MISS') || uid, 'UTF8')) AS pg_md5,
       count(*) FILTER (WHERE rk = hbase_rowkey('lay_s4', jsonb_build_object(
           'phone', phone, 'start_time', start_time, 'uid', uid))) AS fdw
  FROM lay_s4;
SELECT convert_from(hbase_rowkey('lay_s4', '{"phone": "18601134210", "start_time": "2014-06-24 23:45:31", "uid": "f059b84aba2e6095"}'), 'UTF8') AS seed_key;
SELECT * FROM hbase_rowkey_parts('lay_s4', convert_to('f151860113421020140624234531f059b84aba2e6095', 'UTF8'));

-- S5 phone number reversed
CREATE FOREIGN TABLE lay_s5 (
  rk bytea OPTIONS (column ':key'),
  phone text,
  owner text
) SERVER hbase OPTIONS (table 'lay_s5', family 'cf', rowkey 'reverse(phone)');
SELECT phone, owner, convert_from(rk, 'UTF8') AS key FROM lay_s5 ORDER BY rk;
SELECT owner FROM lay_s5 WHERE phone = '18601134210';
-- a suffix of the phone is a prefix of the key
SELECT phone, owner FROM lay_s5 WHERE phone LIKE '%4210' ORDER BY phone;
SELECT count(*) AS n,
       count(*) FILTER (WHERE rk = convert_to(reverse(phone), 'UTF8')) AS pg_reverse,
       count(*) FILTER (WHERE rk = hbase_rowkey('lay_s5', jsonb_build_object('phone', phone))) AS fdw
  FROM lay_s5;
SELECT convert_from(hbase_rowkey('lay_s5', '{"phone": "18601134210"}'), 'UTF8') AS key;

-- S6 user activity newest first: reverse(lpad(user, 10)) + (Long.MAX_VALUE - epoch ms),
-- the inverted time as 19 digits (lay_s6) or as an 8-byte long (lay_s6b)
CREATE FOREIGN TABLE lay_s6 (
  rk bytea OPTIONS (column ':key'),
  user_id bigint,
  ts timestamptz,
  action text
) SERVER hbase OPTIONS (table 'lay_s6', family 'd',
  rowkey 'reverse(lpad(user_id, 10)) + (Long.MAX_VALUE - epoch_ms(ts))');
CREATE FOREIGN TABLE lay_s6b (
  rk bytea OPTIONS (column ':key'),
  user_id bigint,
  ts timestamptz,
  action text
) SERVER hbase OPTIONS (table 'lay_s6b', family 'd',
  rowkey 'reverse(lpad(user_id, 10)) + long(Long.MAX_VALUE - epoch_ms(ts))');
-- in key order a user's rows come newest first
SELECT user_id, ts, action, convert_from(rk, 'UTF8') AS key FROM lay_s6 ORDER BY rk;
SELECT user_id, ts, action, encode(rk, 'hex') AS key FROM lay_s6b ORDER BY rk;
-- both tables decode to the same rows
SELECT count(*) AS rows_s6, (SELECT count(*) FROM lay_s6b) AS rows_s6b,
       count(*) FILTER (WHERE b.action IS NOT DISTINCT FROM a.action) AS same
  FROM lay_s6 a FULL JOIN lay_s6b b USING (user_id, ts);
-- all of a user's records; the first one of the key range is the newest
SELECT ts, action FROM lay_s6 WHERE user_id = 1 ORDER BY ts DESC;
SELECT ts, action FROM lay_s6 WHERE user_id = 1 LIMIT 1;
-- between t1 and t2: the key bounds swap, the rows do not
SELECT ts, action FROM lay_s6
  WHERE user_id = 1 AND ts BETWEEN '2024-06-24 23:45:31.123' AND '2024-06-25' ORDER BY ts;
SELECT ts, action FROM lay_s6b
  WHERE user_id = 1 AND ts > '2024-06-24 23:45:31.123' AND ts <= '2024-06-25' ORDER BY ts;
SELECT count(*) AS n,
       count(*) FILTER (WHERE rk = convert_to(reverse(lpad(user_id::text, 10, '0'))
           || lpad((9223372036854775807 - (extract(epoch FROM ts) * 1000)::bigint)::text, 19, '0'),
           'UTF8')) AS pg,
       count(*) FILTER (WHERE rk = hbase_rowkey('lay_s6', jsonb_build_object('user_id', user_id, 'ts', ts))) AS fdw
  FROM lay_s6;
SELECT count(*) AS n,
       count(*) FILTER (WHERE rk = convert_to(reverse(lpad(user_id::text, 10, '0')), 'UTF8')
           || int8send(9223372036854775807 - (extract(epoch FROM ts) * 1000)::bigint)) AS pg,
       count(*) FILTER (WHERE rk = hbase_rowkey('lay_s6b', jsonb_build_object('user_id', user_id, 'ts', ts))) AS fdw
  FROM lay_s6b;
SELECT convert_from(hbase_rowkey('lay_s6', '{"user_id": 1, "ts": "1970-01-01T00:00:00Z"}'), 'UTF8') AS epoch_zero,
       encode(hbase_rowkey('lay_s6b', '{"user_id": 1, "ts": "1970-01-01T00:00:00Z"}'), 'hex') AS epoch_zero_bin;
SELECT p.* FROM lay_s6 s, hbase_rowkey_parts('lay_s6', s.rk) p
  WHERE s.user_id = 42 AND s.ts = '2024-02-29 13:45:01.5' ORDER BY p.part;

-- S7 salted events: (byte)(Math.abs(Long.hashCode(ms)) % 5) + lpad(uid, 8) + long(ms) + int(seq);
-- Long.hashCode is negative for several of these times, Integer.MIN_VALUE for bob's (salt 0xfd)
CREATE FOREIGN TABLE lay_s7 (
  rk bytea OPTIONS (column ':key'),
  uid text,
  ts timestamptz,
  seq int,
  event text,
  value bigint OPTIONS (encoding 'binary')
) SERVER hbase OPTIONS (table 'lay_s7', family 'd',
  rowkey 'salt(5, javahash(epoch_ms(ts))) + lpad(uid, 8) + long(epoch_ms(ts)) + int(seq)');
SELECT get_byte(rk, 0) AS salt, uid, ts, seq, event, value FROM lay_s7 ORDER BY rk;
SELECT uid, ts, seq FROM lay_s7 ORDER BY uid, ts, seq;
SELECT uid, seq, event FROM lay_s7 WHERE ts = '2024-06-24 23:45:31.123' ORDER BY uid, seq;
SELECT ts, seq FROM lay_s7 WHERE uid = 'alice' ORDER BY ts;
-- the salt in SQL: h = (int)(ms ^ (ms >>> 32)); Math.abs(h) % 5 with Java's abs and %
SELECT count(*) AS n, count(*) FILTER (WHERE rk = set_byte(convert_to(' ' || lpad(uid, 8, '0'), 'UTF8')
           || int8send(ms) || int4send(seq), 0, ((salt + 256) % 256)::int)) AS pg,
       count(*) FILTER (WHERE rk = hbase_rowkey('lay_s7', jsonb_build_object('uid', uid, 'ts', ts, 'seq', seq))) AS fdw
  FROM (SELECT *, (CASE WHEN h = -2147483648 THEN h ELSE abs(h) END) % 5 AS salt
          FROM (SELECT *, CASE WHEN x >= 2147483648 THEN x - 4294967296 ELSE x END AS h
                  FROM (SELECT *, (ms # (ms >> 32)) & 4294967295 AS x
                          FROM (SELECT *, (extract(epoch FROM ts) * 1000)::bigint AS ms
                                  FROM lay_s7) a) b) c) d;
SELECT encode(hbase_rowkey('lay_s7', '{"uid": "bob", "ts": "2024-07-04T23:06:42.448Z", "seq": 3}'), 'hex') AS min_hash_key;
SELECT p.* FROM lay_s7 s, hbase_rowkey_parts('lay_s7', s.rk) p WHERE s.uid = 'bob' ORDER BY p.part;

-- S8 bit-reversed sequential ids over 4 pre-split regions, then the time
CREATE FOREIGN TABLE lay_s8 (
  rk bytea OPTIONS (column ':key'),
  id bigint,
  ts timestamptz,
  payload text
) SERVER hbase OPTIONS (table 'lay_s8', family 'd',
  rowkey 'long(bitreverse(id)) + long(epoch_ms(ts))');
SELECT encode(substr(rk, 1, 8), 'hex') AS reversed_id, id, ts, payload FROM lay_s8 ORDER BY rk;
-- ids 1..7 land in every one of the regions [,40) [40,80) [80,c0) [c0,)
SELECT get_byte(rk, 0) >> 6 AS region, array_agg(id ORDER BY id) AS ids
  FROM lay_s8 WHERE id BETWEEN 1 AND 7 GROUP BY 1 ORDER BY 1;
SELECT ts, payload FROM lay_s8 WHERE id = 1 ORDER BY ts;
SELECT count(*) AS n,
       count(*) FILTER (WHERE substr(rk, 9) = int8send((extract(epoch FROM ts) * 1000)::bigint)) AS pg_ts,
       count(*) FILTER (WHERE rk = hbase_rowkey('lay_s8', jsonb_build_object('id', id, 'ts', ts))) AS fdw
  FROM lay_s8;
SELECT encode(hbase_rowkey('lay_s8', '{"id": 1, "ts": "2024-01-01T00:00:00Z"}'), 'hex') AS id_1,
       encode(hbase_rowkey('lay_s8', '{"id": 9223372036854775807, "ts": "2024-01-01T00:00:00Z"}'), 'hex') AS id_max;

-- S9 tall: one mail a row
CREATE FOREIGN TABLE lay_s9 (
  rk bytea OPTIONS (column ':key'),
  user_id bigint,
  mail_id bigint,
  sender text OPTIONS (column 'd:from'),
  subject text
) SERVER hbase OPTIONS (table 'lay_s9', family 'd', rowkey 'lpad(user_id, 8) + lpad(mail_id, 10)');
SELECT user_id, mail_id, sender, subject, convert_from(rk, 'UTF8') AS key FROM lay_s9 ORDER BY rk;
SELECT mail_id, subject FROM lay_s9 WHERE user_id = 1 ORDER BY mail_id;
SELECT sender FROM lay_s9 WHERE user_id = 42 AND mail_id = 1000;
SELECT count(*) AS n,
       count(*) FILTER (WHERE rk = convert_to(lpad(user_id::text, 8, '0') || lpad(mail_id::text, 10, '0'), 'UTF8')) AS pg,
       count(*) FILTER (WHERE rk = hbase_rowkey('lay_s9', jsonb_build_object('user_id', user_id, 'mail_id', mail_id))) AS fdw
  FROM lay_s9;
-- S9 wide: one mailbox a row, a whole family as jsonb {"qualifier": "value"}
CREATE FOREIGN TABLE lay_s9w (
  rk bytea OPTIONS (column ':key'),
  user_id text,
  data jsonb OPTIONS (column 'data'),
  idx jsonb OPTIONS (column 'idx')
) SERVER hbase OPTIONS (table 'lay_s9w', rowkey 'user_id');
SELECT user_id, data, idx FROM lay_s9w ORDER BY rk;
-- user 7 has index entries and no mail
SELECT user_id, data IS NULL AS no_data, idx ->> 'unread' AS unread FROM lay_s9w ORDER BY user_id::bigint;
SELECT w.user_id, m.key AS mail_id, m.value AS subject
  FROM lay_s9w w, jsonb_each_text(w.data) m ORDER BY w.user_id::bigint, m.key::bigint;
-- tall and wide hold the same mails
SELECT (SELECT count(*) FROM (
          SELECT user_id, mail_id, subject FROM lay_s9
          EXCEPT SELECT w.user_id::bigint, m.key::bigint, m.value FROM lay_s9w w, jsonb_each_text(w.data) m) x) AS only_tall,
       (SELECT count(*) FROM (
          SELECT w.user_id::bigint, m.key::bigint, m.value FROM lay_s9w w, jsonb_each_text(w.data) m
          EXCEPT SELECT user_id, mail_id, subject FROM lay_s9) x) AS only_wide;
SELECT data -> '2' AS mail_2 FROM lay_s9w WHERE user_id = '1';
SELECT rk = hbase_rowkey('lay_s9w', jsonb_build_object('user_id', user_id)) AS same FROM lay_s9w ORDER BY rk;

-- Phoenix SALT_BUCKETS = 4: the salt byte over the 8 key bytes after it, regions per bucket
CREATE FOREIGN TABLE lay_phx (
  rk bytea OPTIONS (column ':key'),
  id int,
  v text
) SERVER hbase OPTIONS (table 'lay_phx', family 'cf', rowkey 'salt(4) + lpad(id, 8)');
SELECT get_byte(rk, 0) AS salt, id, v FROM lay_phx ORDER BY rk;
SELECT id, v FROM lay_phx ORDER BY id;
SELECT v FROM lay_phx WHERE id = 12345678;
SELECT count(*) AS n,
       count(*) FILTER (WHERE substr(rk, 2) = convert_to(lpad(id::text, 8, '0'), 'UTF8')) AS pg_body,
       count(*) FILTER (WHERE rk = hbase_rowkey('lay_phx', jsonb_build_object('id', id))) AS fdw
  FROM lay_phx;
SELECT * FROM hbase_rowkey_parts('lay_phx', '\x033939393939393939'::bytea);
-- salt(3) over a variable-width UTF-8 name: bytes >= 0x80 count as negative (Java bytes)
CREATE FOREIGN TABLE lay_phx2 (
  rk bytea OPTIONS (column ':key'),
  name text,
  v text
) SERVER hbase OPTIONS (table 'lay_phx2', family 'cf', rowkey 'salt(3) + name');
SELECT get_byte(rk, 0) AS salt, name, v FROM lay_phx2 ORDER BY rk;
SELECT count(*) AS n,
       count(*) FILTER (WHERE rk = hbase_rowkey('lay_phx2', jsonb_build_object('name', name))) AS fdw
  FROM lay_phx2;
SELECT v FROM lay_phx2 WHERE name = 'Zürich';

-- a decimal salt from String.hashCode (UTF-16 code units): lpad(Math.abs(h) % 10, 2) + uid;
-- "polygenelubricants".hashCode() is Integer.MIN_VALUE, so a Java writer wrote "-8"
CREATE FOREIGN TABLE lay_strsalt (
  rk bytea OPTIONS (column ':key'),
  uid text,
  len int OPTIONS (encoding 'binary')
) SERVER hbase OPTIONS (table 'lay_strsalt', family 'd',
  rowkey 'lpad(salt(10, javahash(uid)), 2) + uid');
SELECT convert_from(substr(rk, 1, 2), 'UTF8') AS salt, uid, len, length(uid) = len AS len_ok
  FROM lay_strsalt ORDER BY rk;
SELECT count(*) AS n,
       count(*) FILTER (WHERE rk = hbase_rowkey('lay_strsalt', jsonb_build_object('uid', uid))) AS fdw
  FROM lay_strsalt;
SELECT convert_from(hbase_rowkey('lay_strsalt', '{"uid": "\ud834\udd1e surrogate pair"}'), 'UTF8') AS surrogate,
       convert_from(hbase_rowkey('lay_strsalt', '{"uid": "polygenelubricants"}'), 'UTF8') AS min_value;

-- random salt: the writer picked a bucket a..d; a lookup by name must look in every bucket
CREATE FOREIGN TABLE lay_rnd (
  rk bytea OPTIONS (column ':key'),
  name text,
  n text
) SERVER hbase OPTIONS (table 'lay_rnd', family 'cf', rowkey 'letter(salt(4, random)) + "-" + name');
SELECT convert_from(rk, 'UTF8') AS key, name, n FROM lay_rnd ORDER BY rk;
SELECT name, n FROM lay_rnd ORDER BY name;
SELECT convert_from(rk, 'UTF8') AS key, n FROM lay_rnd WHERE name = 'foo0003';
SELECT convert_from(rk, 'UTF8') AS key FROM lay_rnd WHERE name = 'bar-with-dash';
SELECT count(*) FROM lay_rnd WHERE name = 'foo0099';
SELECT * FROM hbase_rowkey_parts('lay_rnd', convert_to('c-foo0006', 'UTF8'));

-- sortable binary (Phoenix style): the key order is the (v, d) order
CREATE FOREIGN TABLE lay_bin (
  rk bytea OPTIONS (column ':key'),
  v bigint,
  d float8,
  label text
) SERVER hbase OPTIONS (table 'lay_bin', family 'd', rowkey 'sortable(long(v)) + sortable(double(d))');
SELECT encode(rk, 'hex') AS key, v, d, label FROM lay_bin ORDER BY rk;
SELECT array_agg(label ORDER BY rk) = array_agg(label ORDER BY v, d) AS key_order_is_value_order FROM lay_bin;
SELECT count(*) AS n,
       count(*) FILTER (WHERE substr(rk, 1, 8) = int8send(v # (-9223372036854775807 - 1))) AS pg_long,
       count(*) FILTER (WHERE rk = hbase_rowkey('lay_bin', jsonb_build_object('v', v, 'd', d))) AS fdw
  FROM lay_bin;
SELECT label FROM lay_bin WHERE v = -1 AND d = '-Infinity';
SELECT v, d FROM lay_bin WHERE v = 0 ORDER BY d;
SELECT encode(hbase_rowkey('lay_bin', '{"v": -1, "d": -1.5}'), 'hex') AS minus_ones,
       encode(hbase_rowkey('lay_bin', '{"v": 0, "d": 0}'), 'hex') AS zeros;

-- delimited: region + '|' + lpad(shop, 5) + ['|' + sku]: variable-width region before a
-- delimiter, an optional trailing sku (absent: no '|'; empty: a trailing '|')
CREATE FOREIGN TABLE lay_delim (
  rk bytea OPTIONS (column ':key'),
  region text,
  shop_id int,
  sku text,
  what text
) SERVER hbase OPTIONS (table 'lay_delim', family 'cf',
  rowkey 'region + "|" + lpad(shop_id, 5) + ["|" + sku]');
SELECT convert_from(rk, 'UTF8') AS key, region, shop_id, sku, sku IS NULL AS no_sku, what
  FROM lay_delim ORDER BY rk;
SELECT shop_id, sku, what FROM lay_delim WHERE region = 'north' ORDER BY shop_id, sku NULLS FIRST;
SELECT what FROM lay_delim WHERE region = 'north' AND shop_id = 1 AND sku IS NULL;
SELECT what FROM lay_delim WHERE region = 'north' AND shop_id = 1 AND sku = '';
SELECT count(*) AS n,
       count(*) FILTER (WHERE rk = convert_to(region || '|' || lpad(shop_id::text, 5, '0')
           || coalesce('|' || sku, ''), 'UTF8')) AS pg,
       count(*) FILTER (WHERE rk = hbase_rowkey('lay_delim', jsonb_build_object(
           'region', region, 'shop_id', shop_id, 'sku', sku))) AS fdw
  FROM lay_delim;
SELECT p.* FROM lay_delim s, hbase_rowkey_parts('lay_delim', s.rk) p
  WHERE s.sku = 'kit|2pack' ORDER BY p.part;

-- a layout over a table written without one (tests/fixtures.py fdw_split: keys a000..d249,
-- cells cf:p and cf:n hold the same letter and number)
CREATE FOREIGN TABLE lay_split (
  ch text,
  num int,
  p text,
  n int
) SERVER hbase OPTIONS (table 'fdw_split', family 'cf', rowkey 'rpad(ch, 1) + lpad(num, 3)');
SELECT count(*), count(*) FILTER (WHERE ch = p AND num = n) AS same FROM lay_split;
SELECT ch, num, n FROM lay_split WHERE ch = 'c' AND num = 7;

-- ALTER ... SET rowkey takes effect at the next query
ALTER FOREIGN TABLE lay_s5 OPTIONS (SET rowkey 'phone');
SELECT phone FROM lay_s5 ORDER BY phone;
ALTER FOREIGN TABLE lay_s5 OPTIONS (SET rowkey 'reverse(phone)');
SELECT phone FROM lay_s5 ORDER BY phone;

-- OpenTSDB-style: uint(x, n) is unsigned big-endian of n bytes (3-byte UIDs, 4-byte seconds);
-- keys written by tests/fixtures_layouts.py with int.to_bytes. Byte order is value order, so
-- ranges push down exactly and ORDER BY the key columns needs no Sort
CREATE FOREIGN TABLE lay_tsdb (
  rk bytea OPTIONS (column ':key'),
  metric int,
  ts timestamptz,
  tagk bigint,
  tagv bigint,
  v text
) SERVER hbase OPTIONS (table 'lay_tsdb', family 't',
  rowkey 'uint(metric, 3) + uint(epoch(ts), 4) + uint(tagk, 3) + uint(tagv, 3)');
SELECT encode(rk, 'hex') AS key, metric, ts, tagk, tagv, v FROM lay_tsdb ORDER BY rk;
SELECT array_agg(v ORDER BY rk) = array_agg(v ORDER BY metric, ts, tagk, tagv) AS key_order_is_value_order,
       count(*) FILTER (WHERE rk = hbase_rowkey('lay_tsdb', jsonb_build_object(
           'metric', metric, 'ts', ts, 'tagk', tagk, 'tagv', tagv))) AS fdw,
       count(*) FILTER (WHERE substr(rk, 1, 3) = substr(int4send(metric), 2, 3)) AS pg_metric
  FROM lay_tsdb;
-- one metric (high bit set), a time range: one scanner range, no Sort for ORDER BY ts
EXPLAIN (COSTS OFF) SELECT ts, v FROM lay_tsdb
  WHERE metric = 8388608 AND ts >= '2024-01-01' AND ts < '2107-01-01' ORDER BY ts;
SELECT ts, tagk, tagv, v FROM lay_tsdb
  WHERE metric = 8388608 AND ts >= '2024-01-01' AND ts < '2107-01-01' ORDER BY ts;
EXPLAIN (COSTS OFF) SELECT metric, v FROM lay_tsdb WHERE metric BETWEEN 2 AND 8388608 ORDER BY metric DESC, ts DESC;
SELECT metric, v FROM lay_tsdb WHERE metric BETWEEN 2 AND 8388608 ORDER BY metric DESC, ts DESC;
SELECT metric, v FROM lay_tsdb WHERE metric > 8388607 AND ts > '2038-01-19 03:14:07' ORDER BY metric, ts;
-- values no key can hold: no rows (negative, too wide), and refused on write
SELECT count(*) FROM lay_tsdb WHERE metric = -1 OR metric = 16777216;
SELECT count(*) FROM lay_tsdb WHERE metric < 0;
SELECT hbase_rowkey('lay_tsdb', '{"metric": 16777216, "ts": "2024-03-01 10:00:00+00", "tagk": 1, "tagv": 1}');
SELECT hbase_rowkey('lay_tsdb', '{"metric": 1, "ts": "1969-12-31 23:59:59+00", "tagk": 1, "tagv": 1}');
SELECT hbase_rowkey('lay_tsdb', '{"metric": 1, "ts": "2106-02-07 06:28:16+00", "tagk": 1, "tagv": 1}');
SELECT encode(hbase_rowkey('lay_tsdb', '{"metric": 16777215, "ts": "2106-02-07 06:28:15+00", "tagk": 0, "tagv": 255}'), 'hex') AS widest;
INSERT INTO lay_tsdb (metric, ts, tagk, tagv, v) VALUES (1, '2024-03-01 10:00:00+00', -5, 1, 'x');
SELECT * FROM hbase_rowkey_parts('lay_tsdb', '\x800000fffff960ffffffffffff'::bytea);

-- OpenTSDB salted: salt(N, arrays_hash(parts)) is Java's Arrays.hashCode of those parts' key
-- bytes (metric and tags, not the time) % N, as OpenTSDB's RowKey.prefixKeyWithSalt computes it
-- (tests/fixtures_layouts.py opentsdb_salt). The salt is computed when = fixes the metric and
-- the tags; otherwise one scan per bucket
CREATE FOREIGN TABLE lay_tsdbs (
  rk bytea OPTIONS (column ':key'),
  metric int,
  ts timestamptz,
  tagk bigint,
  tagv bigint,
  v text
) SERVER hbase OPTIONS (table 'lay_tsdbs', family 't',
  rowkey 'salt(4, arrays_hash(metric + tagk + tagv)) + uint(metric, 3) + uint(epoch(ts), 4) + uint(tagk, 3) + uint(tagv, 3)');
SELECT get_byte(rk, 0) AS salt, metric, ts, tagk, tagv, v FROM lay_tsdbs ORDER BY rk;
SELECT count(*) AS n,
       count(*) FILTER (WHERE s.rk = hbase_rowkey('lay_tsdbs', jsonb_build_object(
           'metric', s.metric, 'ts', s.ts, 'tagk', s.tagk, 'tagv', s.tagv))) AS fdw,
       count(*) FILTER (WHERE substr(s.rk, 2) = u.rk) AS unsalted_is_lay_tsdb
  FROM lay_tsdbs s JOIN lay_tsdb u USING (v);
-- one series: the bucket is computed, a Get
EXPLAIN (COSTS OFF) SELECT v FROM lay_tsdbs
  WHERE metric = 1 AND tagk = 1 AND tagv = 2 AND ts = '2024-03-01 11:00:00+00';
SELECT v FROM lay_tsdbs WHERE metric = 1 AND tagk = 1 AND tagv = 2 AND ts = '2024-03-01 11:00:00+00';
-- one series over a time range: the bucket is computed, one scan
EXPLAIN (COSTS OFF) SELECT ts, v FROM lay_tsdbs
  WHERE metric = 1 AND tagk = 1 AND tagv = 1 AND ts >= '2024-03-01 10:30:00+00' ORDER BY ts;
SELECT ts, v FROM lay_tsdbs
  WHERE metric = 1 AND tagk = 1 AND tagv = 1 AND ts >= '2024-03-01 10:30:00+00' ORDER BY ts;
-- one metric over a time range, tags open: a scan per bucket
EXPLAIN (COSTS OFF) SELECT ts, tagk, tagv, v FROM lay_tsdbs
  WHERE metric = 8388608 AND ts >= '2024-01-01' ORDER BY ts;
SELECT ts, tagk, tagv, v FROM lay_tsdbs WHERE metric = 8388608 AND ts >= '2024-01-01' ORDER BY ts;
SELECT * FROM hbase_rowkey_parts('lay_tsdbs', '\x0100000265e1a720000001000001'::bytea);
-- a key whose salt is not the one its parts give is refused
SELECT * FROM hbase_rowkey_parts('lay_tsdbs', '\x0300000265e1a720000001000001'::bytea);
