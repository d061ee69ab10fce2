-- Batched prefix joins on salted tables (issue 36 item 7): a join that gives the key's first
-- column after a salt reads each outer row's prefix in every salt bucket (a Phoenix salt
-- covers the whole key: the bucket is unknown), or in the one bucket its value hashes to (a
-- salt over that column).  A batch's ranges, sorted and merged, are read by one scanner per
-- bucket, which the gateway restricts to them with a MultiRowRangeFilter (seeking from each to
-- the next); the buckets' scanners run concurrently.  So a batch of N outer rows over B buckets
-- costs B scanners (a few requests each), where the build before sent a request per range:
-- N x B.  Each result is compared with the same query under hbase_fdw.enable_pushdown = off
-- (full scans, every qual local, no batched join), and read through the gateways of HBase 2.6,
-- 2.5.8 and 2.4.17 alike.
-- Fixtures: tests/fixtures_saltjoin.py (sj_phx: salt(8) + lpad(uid, 6) + lpad(seq, 4), users
-- 1..300 with 1 + uid % 5 rows each, 900 rows, pre-split per bucket; sj_jh:
-- salt(8, javahash(usr)) + usr + "|" + lpad(n, 3), users u1..u200, 401 rows).
\getenv gw24_url HBASE_GW24_URL
\getenv gw25_url HBASE_GW25_URL
SET timezone = 'UTC';
CREATE FOREIGN TABLE sj_p (uid int, seq int, v text OPTIONS (column 'cf:v'))
  SERVER hbase OPTIONS (table 'sj_phx', rowkey 'salt(8) + lpad(uid, 6) + lpad(seq, 4)');
CREATE FOREIGN TABLE sj_j (usr text COLLATE "C", n int, v text OPTIONS (column 'cf:v'))
  SERVER hbase OPTIONS (table 'sj_jh', rowkey 'salt(8, javahash(usr)) + usr + "|" + lpad(n, 3)');
-- outer rows: every third user (3 .. 330: 301 to 330 have no rows), 3 twice, NULL, and a value
-- wider than lpad(uid, 6) (no key: matches nothing, as = gives)
CREATE TEMP TABLE ou (oid int, uid int);
INSERT INTO ou SELECT g, g * 3 FROM generate_series(1, 110) g;
INSERT INTO ou VALUES (111, 3), (112, NULL), (113, 1234567);
ANALYZE ou;
-- the batched join whatever the table's size (a full scan of these small tables costs about
-- as much: the planner may take a hash join over it otherwise)
SET enable_hashjoin = off;
SET enable_mergejoin = off;
SET enable_nestloop = off;

-- regress.compare(q): types.sql's helper (the batched join planned? rows, rows that differ)

-- the join's lines of EXPLAIN ANALYZE: batches, requests, rows, ranges and the scans that
-- read them
CREATE FUNCTION pg_temp.scans(q text)
RETURNS TABLE (item text) LANGUAGE plpgsql AS $$
DECLARE
  line text;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || q LOOP
    IF line ~ 'Batched Join|Batches|per Batch|Requests|Rows Received|Key Ranges|Range Scans' THEN
      item := btrim(line);
      RETURN NEXT;
    END IF;
  END LOOP;
END $$;

-- a Phoenix salt: each outer row's prefix in each of the 8 buckets
EXPLAIN (COSTS OFF) SELECT ou.oid, sj_p.* FROM ou JOIN sj_p ON sj_p.uid = ou.uid;
-- 110 distinct encodable users x 8 buckets = 880 ranges (none touches another), read by 8
-- scanners, one per bucket: 3 requests each (create, a page, delete): 24 requests, where the
-- build before sent one per range (880).  The rows received are exactly those of the 100
-- users that have rows (3 .. 300): 300 rows (user 3 joins twice: 304 rows)
SELECT * FROM pg_temp.scans('SELECT ou.oid, sj_p.* FROM ou JOIN sj_p ON sj_p.uid = ou.uid');
SELECT count(*), count(DISTINCT sj_p.uid), sum(seq), min(v), max(v)
  FROM ou JOIN sj_p ON sj_p.uid = ou.uid;
-- every join type gives what pushdown off gives
SELECT * FROM regress.compare('SELECT ou.oid, sj_p.* FROM ou JOIN sj_p ON sj_p.uid = ou.uid');
SELECT * FROM regress.compare('SELECT ou.oid, sj_p.seq, sj_p.v FROM ou LEFT JOIN sj_p ON sj_p.uid = ou.uid');
SELECT * FROM regress.compare('SELECT ou.oid FROM ou WHERE EXISTS (SELECT 1 FROM sj_p WHERE sj_p.uid = ou.uid)');
SELECT * FROM regress.compare('SELECT ou.oid FROM ou WHERE NOT EXISTS (SELECT 1 FROM sj_p WHERE sj_p.uid = ou.uid)');
-- with the table's own quals and a join qual on another key column
SELECT * FROM regress.compare('SELECT ou.oid, sj_p.v FROM ou JOIN sj_p ON sj_p.uid = ou.uid AND sj_p.seq = ou.oid % 3 + 1 WHERE sj_p.v LIKE ''%/2''');
SELECT * FROM regress.compare('SELECT ou.oid, sj_p.v FROM ou LEFT JOIN sj_p ON sj_p.uid = ou.uid AND sj_p.seq > 2');

-- smaller batches: one scanner per bucket per batch (3 batches of at most 40 rows: 24 scans,
-- 72 requests)
SET hbase_fdw.join_batch_size = 40;
SELECT * FROM pg_temp.scans('SELECT ou.oid, sj_p.* FROM ou JOIN sj_p ON sj_p.uid = ou.uid');
SELECT * FROM regress.compare('SELECT ou.oid, sj_p.* FROM ou JOIN sj_p ON sj_p.uid = ou.uid');
SELECT * FROM regress.compare('SELECT ou.oid, sj_p.seq FROM ou LEFT JOIN sj_p ON sj_p.uid = ou.uid');
RESET hbase_fdw.join_batch_size;

-- adjacent users' prefixes touch and are merged (users 100 .. 139, lpad(uid, 6): 100 .. 109 is
-- one range, its end "00010:" the next ten's start "000110" no longer: 4 ranges per bucket,
-- 32), then read by one scanner per bucket
CREATE TEMP TABLE run AS SELECT g AS uid FROM generate_series(100, 139) g;
ANALYZE run;
SELECT * FROM pg_temp.scans('SELECT run.uid, sj_p.seq FROM run JOIN sj_p ON sj_p.uid = run.uid');
SELECT * FROM regress.compare('SELECT run.uid, sj_p.seq FROM run JOIN sj_p ON sj_p.uid = run.uid');

-- a salt over the joined column (Java's String.hashCode): each outer row's prefix in its own
-- bucket only, the batch's prefixes of a bucket by one scanner
CREATE TEMP TABLE ju (oid int, usr text COLLATE "C");
INSERT INTO ju SELECT g, 'u' || (g * 2) FROM generate_series(1, 120) g;
INSERT INTO ju VALUES (121, 'u1'), (122, NULL), (123, 'nobody');
ANALYZE ju;
SELECT * FROM pg_temp.scans('SELECT ju.oid, sj_j.* FROM ju JOIN sj_j ON sj_j.usr = ju.usr');
SELECT * FROM regress.compare('SELECT ju.oid, sj_j.* FROM ju JOIN sj_j ON sj_j.usr = ju.usr');
SELECT * FROM regress.compare('SELECT ju.oid, sj_j.n FROM ju LEFT JOIN sj_j ON sj_j.usr = ju.usr');
SELECT * FROM regress.compare('SELECT ju.oid FROM ju WHERE NOT EXISTS (SELECT 1 FROM sj_j WHERE sj_j.usr = ju.usr)');

-- the gateways of HBase 2.5.8 and 2.4.17 take the MultiRowRangeFilter of the scanner alike:
-- the same scans, the same rows
CREATE SERVER sj_gw24 FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'gw24_url');
CREATE SERVER sj_gw25 FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'gw25_url');
CREATE USER MAPPING FOR CURRENT_USER SERVER sj_gw24;
CREATE USER MAPPING FOR CURRENT_USER SERVER sj_gw25;
CREATE FOREIGN TABLE sj_p24 (uid int, seq int, v text OPTIONS (column 'cf:v'))
  SERVER sj_gw24 OPTIONS (table 'sj_phx', rowkey 'salt(8) + lpad(uid, 6) + lpad(seq, 4)');
CREATE FOREIGN TABLE sj_p25 (uid int, seq int, v text OPTIONS (column 'cf:v'))
  SERVER sj_gw25 OPTIONS (table 'sj_phx', rowkey 'salt(8) + lpad(uid, 6) + lpad(seq, 4)');
SELECT * FROM pg_temp.scans('SELECT ou.oid, sj_p24.* FROM ou JOIN sj_p24 ON sj_p24.uid = ou.uid');
SELECT * FROM pg_temp.scans('SELECT ou.oid, sj_p25.* FROM ou JOIN sj_p25 ON sj_p25.uid = ou.uid');
CREATE TEMP TABLE via26 AS SELECT ou.oid, sj_p.* FROM ou JOIN sj_p ON sj_p.uid = ou.uid;
SELECT count(*) AS rows_24,
  (SELECT count(*) FROM (SELECT ou.oid, sj_p24.* FROM ou JOIN sj_p24 ON sj_p24.uid = ou.uid
                         EXCEPT ALL TABLE via26) d) AS differ_24
  FROM ou JOIN sj_p24 ON sj_p24.uid = ou.uid;
SELECT count(*) AS rows_25,
  (SELECT count(*) FROM (SELECT ou.oid, sj_p25.* FROM ou JOIN sj_p25 ON sj_p25.uid = ou.uid
                         EXCEPT ALL TABLE via26) d) AS differ_25
  FROM ou JOIN sj_p25 ON sj_p25.uid = ou.uid;
DROP SERVER sj_gw24 CASCADE;
DROP SERVER sj_gw25 CASCADE;
