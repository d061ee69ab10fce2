-- INSERT, COPY, UPDATE and DELETE compute the full rowkey (hash, salt, optional parts) and write one cell per
-- non-NULL column, batch_size rows per PUT. tests/check_writes.py then reads the rows back
-- through REST and compares raw keys and cells with values computed in Python.
SET timezone = 'UTC';
\! python3 tests/hbase_rest.py create w_s2 d >/dev/null
\! python3 tests/hbase_rest.py create w_s7 d >/dev/null
\! python3 tests/hbase_rest.py create w_rnd cf >/dev/null
\! python3 tests/hbase_rest.py create w_types t,b >/dev/null
\! python3 tests/hbase_rest.py create w_wide data,idx >/dev/null

-- S2: hash prefix and an optional trailing part; RETURNING
CREATE FOREIGN TABLE w_s2 (company_id int, stat_date date, campaign_id int, cost numeric,
  clicks bigint OPTIONS (encoding 'binary'))
  SERVER hbase OPTIONS (table 'w_s2', family 'd',
  rowkey 'left(md5(company_id + stat_date), 5) + lpad(company_id, 6) + date(stat_date, "yyyyMMdd") + [lpad(campaign_id, 6)]');
INSERT INTO w_s2 VALUES (42, '2024-02-29', NULL, 12.75, 130), (42, '2024-02-29', 1, 10.50, 100)
  RETURNING *;
-- 250 rows in batches of 100 (3 PUTs)
INSERT INTO w_s2 SELECT 7, '2024-03-01', g, g * 1.5, g FROM generate_series(1, 250) g;
-- COPY into the foreign table
COPY w_s2 FROM STDIN;
9	2024-01-02	3	1.25	5
9	2024-01-02	\N	2.50	\N
\.
\! python3 tests/check_writes.py w_s2
SELECT count(*), sum(cost), sum(clicks) FROM w_s2;
SELECT * FROM w_s2 WHERE company_id = 9 AND stat_date = '2024-01-02' ORDER BY campaign_id NULLS FIRST;

-- S7: a salt computed from the timestamp; negative numbers and epoch zero
CREATE FOREIGN TABLE w_s7 (uid text, ts timestamptz, seq int, event text) SERVER hbase
  OPTIONS (table 'w_s7', family 'd',
  rowkey 'salt(5, javahash(epoch_ms(ts))) + lpad(uid, 8) + long(epoch_ms(ts)) + int(seq)');
INSERT INTO w_s7 VALUES ('alice', '2024-02-29 13:45:01.5+00', 1, 'login'),
  ('bob', '2024-07-04 23:06:42.448+00', 3, 'x'), ('42', '1970-01-01 00:00:00+00', -1, 'epoch');
\! python3 tests/check_writes.py w_s7
SELECT uid, ts, seq, event FROM w_s7 WHERE uid = 'bob';

-- a random salt: the writer picks a bucket; readers find the row in any of them
CREATE FOREIGN TABLE w_rnd (name text, n text) SERVER hbase
  OPTIONS (table 'w_rnd', family 'cf', rowkey 'letter(salt(4, random)) + "-" + name');
INSERT INTO w_rnd SELECT 'name' || g, 'N' || g FROM generate_series(1, 6) g;
\! python3 tests/check_writes.py w_rnd
SELECT n FROM w_rnd WHERE name = 'name4';

-- every type: binary (Java Bytes.toBytes) and text cells, bytea raw; a raw :key column
CREATE FOREIGN TABLE w_types (
  k text OPTIONS (column ':key'),
  i2 int2 OPTIONS (column 'b:i2', encoding 'binary'), i4 int4 OPTIONS (column 'b:i4', encoding 'binary'),
  i8 int8 OPTIONS (column 'b:i8', encoding 'binary'), f4 float4 OPTIONS (column 'b:f4', encoding 'binary'),
  f8 float8 OPTIONS (column 'b:f8', encoding 'binary'), bool bool OPTIONS (column 'b:bool', encoding 'binary'),
  num numeric OPTIONS (column 'b:num', encoding 'binary'), ts timestamptz OPTIONS (column 'b:ts', encoding 'binary'),
  txt text OPTIONS (column 't:txt'), js jsonb OPTIONS (column 't:js'), raw bytea OPTIONS (column 't:raw')
) SERVER hbase OPTIONS (table 'w_types');
INSERT INTO w_types VALUES ('r1', -2, 123456, -9223372036854775808, 1.5, -2.25e10, true,
  -12345678901234567890.123, '2024-02-29 13:45:01.5+00', 'héllo ✓', '{"a": [1, 2]}', '\x00ff');
\! python3 tests/check_writes.py w_types
SELECT * FROM w_types;

-- a whole family from a jsonb object
CREATE FOREIGN TABLE w_wide (user_id text OPTIONS (column ':key'), data jsonb OPTIONS (column 'data'),
  idx jsonb OPTIONS (column 'idx')) SERVER hbase OPTIONS (table 'w_wide');
INSERT INTO w_wide VALUES ('u1', '{"1": "hello", "2": "grüße"}', '{"unread": "1,2"}');
\! python3 tests/check_writes.py w_wide
SELECT * FROM w_wide;

-- the other seed layouts, each checked through REST
\! for t in w_s1 w_s4 w_s5 w_s6 w_s8 w_s9; do python3 tests/hbase_rest.py create $t d >/dev/null; done
CREATE FOREIGN TABLE w_s1 (item_id text, name text) SERVER hbase
  OPTIONS (table 'w_s1', family 'd', rowkey 'left(md5(item_id), 5) + item_id');
INSERT INTO w_s1 VALUES ('42', 'answer'), ('ключ', 'ключ');
CREATE FOREIGN TABLE w_s4 (phone text, start_time timestamp, uid text, apn text) SERVER hbase
  OPTIONS (table 'w_s4', family 'd',
  rowkey 'left(md5(phone), 3) + fixed(phone, 11) + date(start_time, "yyyyMMddHHmmss") + uid');
INSERT INTO w_s4 VALUES ('18601134210', '2014-06-24 23:45:31', 'f059b84aba2e6095', 'cmnet');
CREATE FOREIGN TABLE w_s5 (phone text, owner text) SERVER hbase
  OPTIONS (table 'w_s5', family 'd', rowkey 'reverse(phone)');
INSERT INTO w_s5 VALUES ('18601134210', 'seed');
CREATE FOREIGN TABLE w_s6 (user_id bigint, ts timestamptz, action text) SERVER hbase
  OPTIONS (table 'w_s6', family 'd', rowkey 'reverse(lpad(user_id, 10)) + (Long.MAX_VALUE - epoch_ms(ts))');
INSERT INTO w_s6 VALUES (1, '2024-06-24 23:45:31.123+00', 'login');
CREATE FOREIGN TABLE w_s8 (id bigint, ts timestamptz, payload text) SERVER hbase
  OPTIONS (table 'w_s8', family 'd', rowkey 'long(bitreverse(id)) + long(epoch_ms(ts))');
INSERT INTO w_s8 VALUES (3, '2024-01-01 00:00:00+00', 'three');
CREATE FOREIGN TABLE w_s9 (user_id bigint, mail_id bigint, subject text) SERVER hbase
  OPTIONS (table 'w_s9', family 'd', rowkey 'lpad(user_id, 8) + lpad(mail_id, 10)');
INSERT INTO w_s9 VALUES (42, 1000, 'hi');
\! for t in w_s1 w_s4 w_s5 w_s6 w_s8 w_s9; do python3 tests/check_writes.py $t; done
SELECT * FROM w_s6;
SELECT * FROM w_s8;

-- a column mapped to the cell timestamp: written with the cells, read back as the newest one
\! python3 tests/hbase_rest.py create w_ts d >/dev/null
CREATE FOREIGN TABLE w_ts (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'),
  w text OPTIONS (column 'd:w'), at timestamptz OPTIONS (column ':timestamp'),
  at_ms bigint OPTIONS (column ':timestamp')) SERVER hbase OPTIONS (table 'w_ts');
INSERT INTO w_ts (k, v, at) VALUES ('a', 'x', '2020-01-02 03:04:05.678+00'), ('b', 'y', NULL);
SELECT k, v, at, at_ms FROM w_ts WHERE k = 'a';
-- without one, the server's time
SELECT k, at > now() - interval '1 hour' AS recent FROM w_ts WHERE k = 'b';
UPDATE w_ts SET w = 'z', at = '2021-01-01 00:00:00+00' WHERE k = 'a';
\! python3 tests/hbase_rest.py get w_ts a --timestamps
SELECT k, v, w, at FROM w_ts WHERE k = 'a';
INSERT INTO w_ts (k, v, at) VALUES ('c', 'x', '1969-01-01');
INSERT INTO w_ts (k, v, at_ms) VALUES ('c', 'x', 0);
SELECT count(*) FROM w_ts WHERE k = 'c';
CREATE FOREIGN TABLE w_ts_bad (k text OPTIONS (column ':key'), at date OPTIONS (column ':timestamp'))
  SERVER hbase OPTIONS (table 'w_ts');

-- bad rows: the batch is checked before anything of it is sent
SELECT count(*) FROM w_s2;
INSERT INTO w_s2 SELECT 8, date '2024-03-01', g, 1, 1 FROM generate_series(1, 5) g
  UNION ALL SELECT 1234567, date '2024-03-01', 1, 1, 1;
\echo :SQLSTATE
SELECT count(*) FROM w_s2;
INSERT INTO w_s2 VALUES (1, '2024-02-29', NULL, NULL, NULL);
\echo :SQLSTATE
INSERT INTO w_s2 VALUES (1, NULL, NULL, 1, 1);
INSERT INTO w_rnd VALUES ('a-b', NULL);
INSERT INTO w_wide VALUES ('u2', '{"x": 1}', NULL);
INSERT INTO w_types (k, num) VALUES ('r2', 'NaN');
INSERT INTO w_types (k, ts) VALUES ('r2', '2024-01-01 00:00:00.0001+00');
-- a column family the HBase table does not have: a clear error, and nothing written
CREATE FOREIGN TABLE w_badfam (k text OPTIONS (column ':key'), v text OPTIONS (column 'nofam:v'))
  SERVER hbase OPTIONS (table 'w_s2');
INSERT INTO w_badfam VALUES ('x', 'y');
\echo :SQLSTATE
SELECT count(*) FROM w_badfam WHERE k = 'x';
DROP FOREIGN TABLE w_badfam;
-- batch_size is validated
ALTER FOREIGN TABLE w_s2 OPTIONS (ADD batch_size '0');
ALTER FOREIGN TABLE w_s2 OPTIONS (ADD batch_size '1');
INSERT INTO w_s2 VALUES (5, '2024-03-01', NULL, 5, 5);
SELECT cost FROM w_s2 WHERE company_id = 5 AND stat_date = '2024-03-01' AND campaign_id IS NULL;

-- UPDATE puts the set cells (and deletes the ones set to NULL); DELETE removes rows; both find
-- the row by its key: computed from the key columns, or the stored one from a ':key' column
UPDATE w_s2 SET cost = 99.5 WHERE company_id = 42 AND stat_date = '2024-02-29' AND campaign_id = 1;
UPDATE w_s2 SET clicks = NULL WHERE company_id = 42 AND stat_date = '2024-02-29' AND campaign_id IS NULL
  RETURNING company_id, campaign_id, cost, clicks;
\! python3 tests/hbase_rest.py get w_s2 2994000004220240229000001
\! python3 tests/hbase_rest.py get w_s2 2994000004220240229
SELECT * FROM w_s2 WHERE company_id = 42 AND stat_date = '2024-02-29' ORDER BY campaign_id NULLS FIRST;
EXPLAIN (VERBOSE, COSTS OFF) DELETE FROM w_s2 WHERE company_id = 7 AND stat_date = '2024-03-01' AND campaign_id > 200;
DELETE FROM w_s2 WHERE company_id = 7 AND stat_date = '2024-03-01' AND campaign_id > 200;
SELECT count(*), max(campaign_id) FROM w_s2 WHERE company_id = 7;
\! python3 tests/hbase_rest.py get w_s2 4e36a00000720240301000250 || echo "row gone"
-- a key column cannot change: that is a new HBase row
UPDATE w_s2 SET campaign_id = 5 WHERE company_id = 42;
\echo :SQLSTATE
-- a random salt: without a ':key' column the stored key is unknown
DELETE FROM w_rnd WHERE name = 'name4';
ALTER FOREIGN TABLE w_rnd ADD COLUMN rk bytea OPTIONS (column ':key');
DELETE FROM w_rnd WHERE name = 'name4';
UPDATE w_rnd SET n = 'five' WHERE name = 'name5';
SELECT name, n FROM w_rnd ORDER BY name;

-- a batch that HBase refuses (a cell over hbase.client.keyvalue.maxsize, 10 MiB: the gateway
-- rejects the whole PUT before writing): re-sent row by row, the error names the row not written
INSERT INTO w_ts (k, v) VALUES ('big1', 'y'), ('big2', repeat('x', 11 * 1024 * 1024)), ('big3', 'y');
SELECT k, length(v) FROM w_ts WHERE k IN ('big1', 'big2', 'big3') ORDER BY k;
\! python3 tests/hbase_rest.py get w_ts big2 || echo 'big2: no such row in HBase'
