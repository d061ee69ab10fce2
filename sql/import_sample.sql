-- IMPORT FOREIGN SCHEMA samples each table (option sample_rows, default 100 rows) and gives
-- each qualifier seen a column of the type every sampled value fits (8 bytes: bigint binary,
-- 4: integer binary, text as bigint / numeric / date / timestamp / timestamptz / jsonb / text,
-- the rest bytea), the rowkey a type too, and keeps a jsonb column per family for the rest.
-- A jsonb family column reads bytes that are not UTF-8 text as "\x" + hex, and writes them back.
-- Tables (tests/fixtures_import_sample.py, values packed by Python's struct): smp_ns:types,
-- names, intkey, wide, binfam, empty, phx; and the demo's ad_report (demo/load.py).
\! python3 tests/fixtures_import_sample.py
\! python3 tests/hbase_rest.py exists ad_report || python3 demo/load.py
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
CREATE SCHEMA smp;

-- one qualifier per type; the mixed ones (mix: a long and a text, w: 8 and 4 bytes) are bytea,
-- mixnum (12, abc) and zip (01234: a leading zero) text; baddate holds 2023-02-29: text;
-- doubles (dbl), floats (flt) and a long of 2^60 (big) are no numbers within +-2^60 (+-2^28
-- for 4 bytes) as a Java long (int) would hold: bytea, not misread
IMPORT FOREIGN SCHEMA smp_ns LIMIT TO (types) FROM SERVER hbase INTO smp;
SELECT attname, format_type(atttypid, atttypmod), attfdwoptions FROM pg_attribute
  WHERE attrelid = 'smp.types'::regclass AND attnum > 0 ORDER BY attnum;
SELECT ftoptions FROM pg_foreign_table WHERE ftrelid = 'smp.types'::regclass;
SELECT rowkey, l, i, n, d, dt, ts, tz, js, txt, zip FROM smp.types ORDER BY rowkey;
SELECT rowkey, mix, mixnum, b, w, baddate, dbl, flt, big FROM smp.types ORDER BY rowkey;
-- the family column holds every cell: binary ones as "\x" + hex
SELECT rowkey, f FROM smp.types ORDER BY rowkey;
-- the key is a layout column: pushed down as a Get of the long's 8 bytes
EXPLAIN (COSTS OFF) SELECT l FROM smp.types WHERE rowkey = 300;
SELECT l FROM smp.types WHERE rowkey = 300;

-- a sample of 1 row sees only the first row in key order (key 1: the long 0x00...01): mix
-- (abc) is text there, w (4 bytes) integer, zip (12345) bigint, and a row the sample did not
-- see can fail to read as such (the NOTICE says how many rows decided)
CREATE SCHEMA smp1;
IMPORT FOREIGN SCHEMA smp_ns LIMIT TO (types) FROM SERVER hbase INTO smp1 OPTIONS (sample_rows '1');
SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute
  WHERE attrelid = 'smp1.types'::regclass AND attname IN ('mix', 'w', 'zip') ORDER BY attnum;
SELECT mix, w, zip FROM smp1.types WHERE rowkey = 1;
SELECT mix FROM smp1.types WHERE rowkey = -2;

-- sample_rows 0: no sample, the import as before (bytea key, one jsonb column per family),
-- which reads binary cells as "\x" + hex; key_type still applies
CREATE SCHEMA smp0;
IMPORT FOREIGN SCHEMA smp_ns LIMIT TO (types, binfam) FROM SERVER hbase INTO smp0
  OPTIONS (sample_rows '0');
SELECT attname, format_type(atttypid, atttypmod), attfdwoptions FROM pg_attribute
  WHERE attrelid = 'smp0.types'::regclass AND attnum > 0 ORDER BY attnum;
SELECT rowkey, f -> 'l' AS l, f -> 'txt' AS txt FROM smp0.types ORDER BY rowkey;
SELECT (f ->> 'l')::bytea AS l_bytes FROM smp0.types ORDER BY rowkey;
-- key_type names the key's type: the sample types the cells only
IMPORT FOREIGN SCHEMA smp_ns LIMIT TO (intkey) FROM SERVER hbase INTO smp0
  OPTIONS (key_type 'bytea');
SELECT attname, format_type(atttypid, atttypmod), attfdwoptions FROM pg_attribute
  WHERE attrelid = 'smp0.intkey'::regclass AND attnum > 0 ORDER BY attnum;

-- names that are no plain identifiers are quoted; a qualifier whose name is taken (by the
-- family cf, the key column rowkey_: a family is named rowkey) or empty or no text is
-- "family:qualifier", escaped as option column spells it; a long one is clipped to 63 bytes
IMPORT FOREIGN SCHEMA smp_ns LIMIT TO (names) FROM SERVER hbase INTO smp;
SELECT attname, format_type(atttypid, atttypmod), attfdwoptions FROM pg_attribute
  WHERE attrelid = 'smp.names'::regclass AND attnum > 0 ORDER BY attnum;
SELECT ftoptions FROM pg_foreign_table WHERE ftrelid = 'smp.names'::regclass;
SELECT rowkey_, "Hello World", "select", "a""b", "cf:", "cf:\x80\x0b", "cf:cf", "cf:rowkey",
       "größe", "a\b", v, k FROM smp.names ORDER BY rowkey_;
SELECT rowkey_, "My Fam", rowkey FROM smp.names ORDER BY rowkey_;
-- the key (text integers) is a layout column too
SELECT v FROM smp.names WHERE rowkey_ = -3;

-- 4-byte keys: integer, rowkey 'int(rowkey)'; a family of more than 100 qualifiers in the
-- sample stays jsonb only; a table without rows gets no inferred column
IMPORT FOREIGN SCHEMA smp_ns LIMIT TO (intkey, wide, empty) FROM SERVER hbase INTO smp;
SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attfdwoptions
  FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
  WHERE c.relnamespace = 'smp'::regnamespace AND c.relname IN ('intkey', 'wide', 'empty')
    AND a.attnum > 0 ORDER BY 1, a.attnum;
SELECT * FROM smp.intkey ORDER BY rowkey;
-- written through the inferred key: the key is the int's 4 bytes (read raw through REST)
INSERT INTO smp.intkey (rowkey, v) VALUES (7, 'seven');
\! python3 tests/fixtures_import_sample.py raw intkey
SELECT rowkey, cf ->> 'q100' AS q100 FROM smp.wide;
SELECT count(*) FROM smp.empty;

-- a table Apache Phoenix made (its empty column 0:_0 = x): N (a Phoenix INTEGER, sign bit
-- flipped) is no Java int of the range above: bytea; the NOTICE hints at phoenix 'true'
IMPORT FOREIGN SCHEMA smp_ns LIMIT TO (phx) FROM SERVER hbase INTO smp;
SELECT "N", "V" FROM smp.phx;

-- jsonb family columns, both ways: a qualifier or value that is not UTF-8 text, or a text
-- that starts with \x (the path value "\xff is no hex here"), is "\x" + hex of its bytes
SELECT rowkey, cf FROM smp0.binfam;
SELECT convert_from((cf ->> 'path')::bytea, 'UTF8') AS path FROM smp0.binfam;
-- written back: the same bytes (read raw through REST, values in hex)
INSERT INTO smp0.binfam (rowkey, cf) SELECT 'r2', cf FROM smp0.binfam WHERE rowkey = 'r1';
INSERT INTO smp0.binfam (rowkey, cf)
  VALUES ('r3', '{"\\x80": "\\x000000000000000a", "t": "\\x5c78", "u": "plain", "e": "\\x"}');
\! python3 tests/fixtures_import_sample.py raw binfam
SELECT rowkey, cf FROM smp0.binfam ORDER BY rowkey;
-- a string starting with \x that is not hex pairs is refused, nothing written
INSERT INTO smp0.binfam (rowkey, cf) VALUES ('r4', '{"v": "\\xff is text"}');
INSERT INTO smp0.binfam (rowkey, cf) VALUES ('r4', '{"\\x0": "v"}');
SELECT count(*) FROM smp0.binfam WHERE rowkey = 'r4';
-- an UPDATE of a whole-family column is refused (as before)
UPDATE smp0.binfam SET cf = '{"a": "\\x01"}' WHERE rowkey = 'r1';

-- the demo's table (scripts/setup): the clicks cell is a Java long
CREATE SCHEMA imp;
IMPORT FOREIGN SCHEMA "default" LIMIT TO (ad_report) FROM SERVER hbase INTO imp;
SELECT * FROM imp.ad_report ORDER BY rowkey LIMIT 2;
SELECT sum(clicks) AS clicks, sum(cost) AS cost FROM imp.ad_report;

-- a sample the gateway refuses (a proxy answers 500 to the stateless scan, forwards the
-- rest): a NOTICE, and the table without inferred columns; the import goes on
\! python3 tests/write_proxy.py 18277 "$HBASE_URL" --fail-gets 'types/*' --body 'region in transition'
CREATE SERVER smp_proxy FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:18277');
CREATE SCHEMA smpx;
IMPORT FOREIGN SCHEMA smp_ns LIMIT TO (types, intkey) FROM SERVER smp_proxy INTO smpx;
SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod)
  FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
  WHERE c.relnamespace = 'smpx'::regnamespace AND a.attnum > 0 ORDER BY 1, a.attnum;
\! curl -s http://127.0.0.1:18277/quit >/dev/null
DROP SERVER smp_proxy CASCADE;
DROP SCHEMA smpx;

-- names PostgreSQL reserves, and names that clash, cost a column its name, never the import:
-- families "rowkey" and "rowkey_" (the key column takes the next free name), "ctid" (a system
-- column), two that share their first 63 bytes; qualifiers "xmin" and "ctid" (their columns
-- are named "d:xmin", "d:ctid"). Values PostgreSQL's input functions refuse are no evidence
-- of a type: 100,000 '[' (deeper than the JSON check goes), "0." and 17,000 digits (past
-- numeric's 16,383 after the point), [1e1000000] (jsonb's numbers are numeric): all text
\! python3 tests/hbase_rest.py create smp_ns:odd "rowkey,rowkey_,ctid,f$(printf 'x%.0s' $(seq 70))1,f$(printf 'x%.0s' $(seq 70))2,d" >/dev/null
\! python3 -c 'import json; print(json.dumps([{"key": "r1", "cells": {"d:xmin": "1", "d:ctid": "2", "d:deep": "[" * 100000, "d:bignum": "0." + "1" * 17000, "d:bigjson": "[1e1000000]", "d:okjson": "[1e10, {\"a\": 0.5}]", "d:okbig": "1" * 1000, "ctid:q": "x"}}]))' | python3 tests/hbase_rest.py put smp_ns:odd
CREATE SCHEMA smpodd;
IMPORT FOREIGN SCHEMA smp_ns LIMIT TO (odd) FROM SERVER hbase INTO smpodd;
SELECT a.attname, format_type(a.atttypid, a.atttypmod), a.attfdwoptions
  FROM pg_attribute a WHERE a.attrelid = 'smpodd.odd'::regclass AND a.attnum > 0 ORDER BY a.attnum;
SELECT rowkey__2, "d:xmin", "d:ctid", length(deep) AS deep, length(bignum) AS bignum, bigjson,
       okjson, length(okbig::text) AS okbig, ctid_2 FROM smpodd.odd;
DROP SCHEMA smpodd CASCADE;
\! python3 tests/hbase_rest.py drop smp_ns:odd

-- bad values of the option
IMPORT FOREIGN SCHEMA smp_ns FROM SERVER hbase INTO smp OPTIONS (sample_rows '-1');
IMPORT FOREIGN SCHEMA smp_ns FROM SERVER hbase INTO smp OPTIONS (sample_rows 'many');
IMPORT FOREIGN SCHEMA smp_ns FROM SERVER hbase INTO smp OPTIONS (sample_rows '10001');
IMPORT FOREIGN SCHEMA smp_ns FROM SERVER hbase INTO smp OPTIONS (sample_row '10');
DROP SCHEMA smp, smp1, smp0, imp CASCADE;
