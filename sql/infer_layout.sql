-- Rowkey layouts found from the keys alone: hbase_infer_layout(server, table [, sample]) lists
-- every layout that explains all sampled keys (each key decodes under it and encodes back to
-- its own bytes, hash and salt prefixes recomputed), the most specific first; IMPORT FOREIGN
-- SCHEMA ... OPTIONS (infer_layout 'true') declares the first; hbase_check_layout(table)
-- says what a declared layout makes of the keys.
-- Fixtures (tests/fixtures_infer.py): real-world layouts whose keys Python computes the way
-- the Java writers do (never hbase_fdw's codec); each row also holds the writer's values of
-- the key's fields as text cells d:w_<column>, named as the inferred key columns are.
\! python3 tests/fixtures_infer.py
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
\getenv test_ns HBASE_TEST_NAMESPACE
\if :{?test_ns}
\else
\set test_ns default
\endif

-- the first layout of each table, with its evidence; random bytes and uuids get none
SELECT t.t AS hbase_table, i.layout, i.columns, i.keys_sampled AS sampled,
       i.keys_explained AS explained, i.prefix, i.prefix_verified AS verified, i.regions
  FROM unnest(array['inf_adreport', 'inf_salt5', 'inf_phone', 'inf_inv8', 'inf_tsdb',
                    'inf_pinpoint', 'inf_phx', 'inf_delim', 'inf_device', 'inf_s4',
                    'inf_item', 'inf_bitrev', 'inf_hbasewd', 'inf_pinpoint0', 'inf_nuldelim',
                    'inf_strsalt', 'inf_rndletter', 'inf_logdate', 'inf_random', 'inf_uuid'])
                    WITH ORDINALITY t(t, o)
  LEFT JOIN LATERAL hbase_infer_layout('hbase', t.t) i ON i.rank = 1
 ORDER BY t.o;

-- the others that also fit, less specific
SELECT rank, layout, columns FROM hbase_infer_layout('hbase', 'inf_adreport');

-- a sample smaller than the table, spread over its 4 regions (one per bucket): 3 keys of each
-- region still find the salt and its 4 buckets
SELECT rank, layout, keys_sampled, prefix_verified, regions
  FROM hbase_infer_layout('hbase', 'inf_tsdb', 12) WHERE rank = 1;

-- what is not a table, or no sample
SELECT * FROM hbase_infer_layout('hbase', 'inf_nosuch');
SELECT * FROM hbase_infer_layout('hbase', 'inf_adreport', 0);

-- IMPORT declares them: key columns first, the raw key kept as column rowkey
CREATE SCHEMA inf;
SET client_min_messages = warning;  -- the notices name the run's namespace
IMPORT FOREIGN SCHEMA :"test_ns"
  LIMIT TO (inf_adreport, inf_salt5, inf_phone, inf_inv8, inf_tsdb, inf_pinpoint, inf_phx,
            inf_delim, inf_device, inf_s4, inf_item, inf_bitrev, inf_hbasewd, inf_pinpoint0,
            inf_nuldelim, inf_strsalt, inf_rndletter, inf_logdate, inf_random, inf_uuid)
  FROM SERVER hbase INTO inf OPTIONS (infer_layout 'true', sample_rows '1000');
RESET client_min_messages;
SELECT c.relname, ft.ftoptions FROM pg_foreign_table ft JOIN pg_class c ON c.oid = ft.ftrelid
 WHERE c.relnamespace = 'inf'::regnamespace ORDER BY 1;
\d inf.inf_tsdb
\d inf.inf_uuid
-- a family named like a key column yields it its name
\d inf.inf_item

-- every field of every key as the writer wrote it
SELECT 'inf_adreport' AS t, count(*) AS keys,
       count(*) FILTER (WHERE id = w_id AND day = w_day AND id2 IS NOT DISTINCT FROM w_id2) AS equal
  FROM inf.inf_adreport
UNION ALL
SELECT 'inf_salt5', count(*), count(*) FILTER (WHERE id = w_id AND ts = w_ts AND id2 = w_id2)
  FROM inf.inf_salt5
UNION ALL
SELECT 'inf_phone', count(*), count(*) FILTER (WHERE id = w_id AND ts = w_ts) FROM inf.inf_phone
UNION ALL
SELECT 'inf_inv8', count(*), count(*) FILTER (WHERE id = w_id AND ts = w_ts) FROM inf.inf_inv8
UNION ALL
SELECT 'inf_tsdb', count(*), count(*) FILTER (WHERE id = w_id AND ts = w_ts AND id2 = w_id2 AND id3 = w_id3)
  FROM inf.inf_tsdb
UNION ALL
SELECT 'inf_pinpoint', count(*), count(*) FILTER (WHERE id = w_id AND ts = w_ts) FROM inf.inf_pinpoint
UNION ALL
SELECT 'inf_phx', count(*), count(*) FILTER (WHERE id = w_id AND k1 = w_k1) FROM inf.inf_phx
UNION ALL
SELECT 'inf_delim', count(*), count(*) FILTER (WHERE k1 = w_k1 AND id = w_id AND k2 IS NOT DISTINCT FROM w_k2)
  FROM inf.inf_delim
UNION ALL
SELECT 'inf_device', count(*), count(*) FILTER (WHERE id = w_id AND ts = w_ts) FROM inf.inf_device
UNION ALL
SELECT 'inf_s4', count(*), count(*) FILTER (WHERE id = w_id AND ts = w_ts AND k1 = w_k1) FROM inf.inf_s4
UNION ALL
SELECT 'inf_item', count(*), count(*) FILTER (WHERE id = w_id) FROM inf.inf_item
UNION ALL
SELECT 'inf_bitrev', count(*), count(*) FILTER (WHERE id = w_id AND ts = w_ts) FROM inf.inf_bitrev
UNION ALL
SELECT 'inf_hbasewd', count(*), count(*) FILTER (WHERE id = w_id AND ts = w_ts) FROM inf.inf_hbasewd
UNION ALL
SELECT 'inf_pinpoint0', count(*), count(*) FILTER (WHERE k1 = w_k1 AND ts = w_ts) FROM inf.inf_pinpoint0
UNION ALL
SELECT 'inf_nuldelim', count(*), count(*) FILTER (WHERE k1 = w_k1 AND day = w_day AND k2 = w_k2)
  FROM inf.inf_nuldelim
UNION ALL
SELECT 'inf_strsalt', count(*), count(*) FILTER (WHERE k1 = w_k1) FROM inf.inf_strsalt
UNION ALL
SELECT 'inf_rndletter', count(*), count(*) FILTER (WHERE k1 = w_k1) FROM inf.inf_rndletter
UNION ALL
SELECT 'inf_logdate', count(*), count(*) FILTER (WHERE k1 = w_k1 AND ts = w_ts AND id = w_id)
  FROM inf.inf_logdate
ORDER BY 1;

-- a point query on the key's fields is a Get, hash and salt computed
EXPLAIN (COSTS OFF)
SELECT * FROM inf.inf_adreport WHERE id = 100002 AND day = '2024-03-02' AND id2 IS NULL;
SELECT id, day, id2, rowkey FROM inf.inf_adreport WHERE id = 100002 AND day = '2024-03-02' AND id2 = 300022;
EXPLAIN (COSTS OFF)
SELECT * FROM inf.inf_salt5 WHERE id = 4711 AND ts = '2024-03-01 00:00:17.007' AND id2 = 1;
SELECT id, ts, id2, w_ts FROM inf.inf_salt5 WHERE id = 4711 AND ts = '2024-03-01 00:00:17.007' AND id2 = 1;
EXPLAIN (COSTS OFF)
SELECT * FROM inf.inf_tsdb WHERE id = 2 AND ts = '2024-03-01 01:00:00' AND id2 = 1 AND id3 = 3;
SELECT id, ts, id2, id3 FROM inf.inf_tsdb WHERE id = 2 AND ts = '2024-03-01 01:00:00' AND id2 = 1 AND id3 = 3;
EXPLAIN (COSTS OFF)
SELECT * FROM inf.inf_phone WHERE id = 13012345678 AND ts = '2024-03-01 00:01:00.123';
SELECT id, ts FROM inf.inf_phone WHERE id = 13012345678 AND ts = '2024-03-01 00:01:00.123';
-- a date printed with separators inside the key
EXPLAIN (COSTS OFF)
SELECT * FROM inf.inf_logdate WHERE k1 = 'search' AND ts = '2024-03-01 00:32:34' AND id = 74;
SELECT k1, ts, id, rowkey FROM inf.inf_logdate WHERE k1 = 'search' AND ts = '2024-03-01 00:32:34' AND id = 74;
EXPLAIN (COSTS OFF) SELECT * FROM inf.inf_phx WHERE id = 74 AND k1 = 'cache';
SELECT id, k1 FROM inf.inf_phx WHERE id = 74 AND k1 = 'cache';
EXPLAIN (COSTS OFF) SELECT * FROM inf.inf_device WHERE id = 14 AND ts = '2024-03-01 01:00:07';
SELECT id, ts FROM inf.inf_device WHERE id = 14 AND ts = '2024-03-01 01:00:07';
EXPLAIN (COSTS OFF) SELECT * FROM inf.inf_item WHERE id = 44;
SELECT id, rowkey FROM inf.inf_item WHERE id = 44;
EXPLAIN (COSTS OFF) SELECT * FROM inf.inf_bitrev WHERE id = 5 AND ts = '2024-03-01 00:08:21.005';
SELECT id, ts FROM inf.inf_bitrev WHERE id = 5 AND ts = '2024-03-01 00:08:21.005';
EXPLAIN (COSTS OFF) SELECT * FROM inf.inf_pinpoint0 WHERE k1 = 'batch' AND ts = '2024-03-01 00:07:00.005';
SELECT k1, ts FROM inf.inf_pinpoint0 WHERE k1 = 'batch' AND ts = '2024-03-01 00:07:00.005';
EXPLAIN (COSTS OFF) SELECT * FROM inf.inf_strsalt WHERE k1 = 'user7919';
SELECT k1, rowkey FROM inf.inf_strsalt WHERE k1 = 'user7919';
-- a bucket the writer picked: one key per bucket
EXPLAIN (COSTS OFF) SELECT * FROM inf.inf_hbasewd WHERE id = 103 AND ts = '2024-03-01 00:03:00';
SELECT id, ts FROM inf.inf_hbasewd WHERE id = 103 AND ts = '2024-03-01 00:03:00';
-- the raw key reads as before
SELECT rowkey FROM inf.inf_uuid ORDER BY rowkey LIMIT 2;

-- hbase_check_layout: the imported layouts read every key and write it back the same
SELECT c.relname, k.keys_sampled, k.unreadable, k.written_otherwise, k.implausible
  FROM pg_class c, hbase_check_layout(c.oid) k
 WHERE c.relnamespace = 'inf'::regnamespace AND c.relname NOT IN ('inf_random', 'inf_uuid')
 ORDER BY 1;
-- epoch written for a key of milliseconds: every time far beyond 2200
CREATE FOREIGN TABLE inf.check_epoch (id bigint, ts timestamp) SERVER hbase
  OPTIONS (table 'inf_check', rowkey 'lpad(id, 5) + lpad(epoch(ts), 13)');
SELECT * FROM hbase_check_layout('inf.check_epoch');
SELECT * FROM hbase_infer_layout('hbase', 'inf_check') WHERE rank = 1;
-- a forgotten delimiter: no key reads
CREATE FOREIGN TABLE inf.check_delim (id bigint, ts timestamp) SERVER hbase
  OPTIONS (table 'inf_checkd', rowkey 'lpad(id, 5) + lpad(epoch_ms(ts), 13)');
SELECT * FROM hbase_check_layout('inf.check_delim', 5);
SELECT * FROM hbase_infer_layout('hbase', 'inf_checkd') WHERE rank = 1;
-- a bare decimal part over numbers written with zeros: a key this layout would write otherwise
-- ("00000" for 0) is refused when read
CREATE FOREIGN TABLE inf.check_zeros (id bigint, ts bigint) SERVER hbase
  OPTIONS (table 'inf_checkd', rowkey 'id + "|" + ts');
SELECT * FROM hbase_check_layout('inf.check_zeros');
-- no layout to check
SELECT * FROM hbase_check_layout('inf.inf_uuid');

-- the keys are read as a foreign table of the server would read them: USAGE on the server,
-- SELECT on the foreign table
CREATE ROLE inf_nobody;
GRANT USAGE ON SCHEMA inf TO inf_nobody;
SET ROLE inf_nobody;
SELECT * FROM hbase_infer_layout('hbase', 'inf_adreport');
SELECT * FROM hbase_check_layout('inf.check_epoch');
RESET ROLE;
REVOKE USAGE ON SCHEMA inf FROM inf_nobody;
DROP ROLE inf_nobody;
-- key_names 'cells': a qualifier whose cells hold a key column's values in every row names it
-- (the writer's d:w_id and d:w_id2 here; times are not matched); the layout is proven again
CREATE SCHEMA inf3;
SET client_min_messages = warning;
IMPORT FOREIGN SCHEMA :"test_ns" LIMIT TO (inf_adreport, inf_delim) FROM SERVER hbase INTO inf3
  OPTIONS (infer_layout 'true', key_names 'cells');
RESET client_min_messages;
SELECT c.relname, ft.ftoptions FROM pg_foreign_table ft JOIN pg_class c ON c.oid = ft.ftrelid
 WHERE c.relnamespace = 'inf3'::regnamespace ORDER BY 1;
SELECT attname, format_type(atttypid, atttypmod), attfdwoptions FROM pg_attribute
 WHERE attrelid = 'inf3.inf_adreport'::regclass AND attnum > 0 ORDER BY attnum;
SELECT count(*) FILTER (WHERE w_id = "d:w_id" AND w_id2 IS NOT DISTINCT FROM "d:w_id2") AS equal, count(*)
  FROM inf3.inf_adreport;
IMPORT FOREIGN SCHEMA :"test_ns" LIMIT TO (inf_adreport) FROM SERVER hbase INTO inf3
  OPTIONS (infer_layout 'true', key_names 'qualifiers');
DROP SCHEMA inf3 CASCADE;
-- inference is IMPORT's default: without the option the key columns come first (the NOTICE
-- saying the layout names the run's namespace); infer_layout 'false' types the raw key alone
CREATE SCHEMA inf2;
SET client_min_messages = warning;
IMPORT FOREIGN SCHEMA :"test_ns" LIMIT TO (inf_adreport) FROM SERVER hbase INTO inf2;
RESET client_min_messages;
SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute
 WHERE attrelid = 'inf2.inf_adreport'::regclass AND attnum > 0 ORDER BY attnum;
SELECT ftoptions FROM pg_foreign_table WHERE ftrelid = 'inf2.inf_adreport'::regclass;
DROP FOREIGN TABLE inf2.inf_adreport;
SET client_min_messages = warning;
IMPORT FOREIGN SCHEMA :"test_ns" LIMIT TO (inf_adreport) FROM SERVER hbase INTO inf2
  OPTIONS (infer_layout 'false');
RESET client_min_messages;
SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute
 WHERE attrelid = 'inf2.inf_adreport'::regclass AND attnum > 0 ORDER BY attnum;
SELECT ftoptions FROM pg_foreign_table WHERE ftrelid = 'inf2.inf_adreport'::regclass;
-- a misspelt option says which it is close to
IMPORT FOREIGN SCHEMA :"test_ns" LIMIT TO (inf_adreport) FROM SERVER hbase INTO inf2
  OPTIONS (infer_layuot 'true');
DROP SCHEMA inf, inf2 CASCADE;
