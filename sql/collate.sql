-- Text keys under collations, and report windows with cross-type bounds (issue 36, items 2
-- and 3). A text key sorts as its UTF-8 bytes: a range or ORDER BY on it uses the key under
-- every collation whose order is that one ("C", "POSIX", ucs_basic, glibc's C.UTF-8, and
-- the database's default when it is one of these: this database's is C.UTF-8). Any other
-- collation leaves the qual local, and EXPLAIN says why (HBase Not Pushed). date, timestamp
-- and timestamptz bounds become exact bounds of the column's type at execution (stable
-- expressions evaluated then, timestamptz in the TimeZone in force); a numeric bound on an
-- integer column too. Fixtures: tests/fixtures_collate.py (coll_*), written through REST.
CREATE FUNCTION pg_temp.plan(q text, keep text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE l text;
BEGIN
  FOR l IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || q LOOP
    IF l ~ keep THEN RETURN NEXT l; END IF;
  END LOOP;
END $$;
SELECT datcollate FROM pg_database WHERE datname = current_database();

-- text keys: the database's default collation (C.UTF-8), declared ones, and one that does
-- not sort as bytes
CREATE FOREIGN TABLE coll_text (k text OPTIONS (column ':key'), v text)
  SERVER hbase OPTIONS (table 'coll_text', family 'cf');
CREATE FOREIGN TABLE coll_text_c (k text OPTIONS (column ':key') COLLATE "C", v text)
  SERVER hbase OPTIONS (table 'coll_text', family 'cf');
CREATE FOREIGN TABLE coll_text_utf8 (k text OPTIONS (column ':key') COLLATE "C.utf8", v text)
  SERVER hbase OPTIONS (table 'coll_text', family 'cf');
CREATE COLLATION coll_cutf8 (provider = libc, locale = 'C.UTF-8');
CREATE FOREIGN TABLE coll_text_made (k text OPTIONS (column ':key') COLLATE coll_cutf8, v text)
  SERVER hbase OPTIONS (table 'coll_text', family 'cf');
CREATE FOREIGN TABLE coll_text_ucs (k varchar OPTIONS (column ':key') COLLATE ucs_basic, v text)
  SERVER hbase OPTIONS (table 'coll_text', family 'cf');
CREATE FOREIGN TABLE coll_text_icu (k text OPTIONS (column ':key') COLLATE "und-x-icu", v text)
  SERVER hbase OPTIONS (table 'coll_text', family 'cf');
-- the spelling PostgreSQL's grammar wants: OPTIONS before COLLATE
CREATE FOREIGN TABLE coll_bad (k text COLLATE "C" OPTIONS (column ':key'))
  SERVER hbase OPTIONS (table 'coll_text', family 'cf');
-- 10 rows of 5,000: one bounded scan receiving 10 rows, in key order (no Sort)
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k FROM coll_text WHERE k >= 'key01000' AND k < 'key01010' ORDER BY k;
SELECT k FROM coll_text WHERE k >= 'key01000' AND k < 'key01010' ORDER BY k;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k FROM coll_text_c WHERE k > 'key01000' AND k <= 'key01010' ORDER BY k;
SELECT pg_temp.plan($$SELECT k FROM coll_text_utf8 WHERE k >= 'key01000' AND k < 'key01010' ORDER BY k$$,
                    'Sort|Operation|Ranges|Received');
SELECT pg_temp.plan($$SELECT k FROM coll_text_made WHERE k BETWEEN 'key04995' AND 'key09' ORDER BY k$$,
                    'Sort|Operation|Ranges|Received');
SELECT pg_temp.plan($$SELECT k FROM coll_text_ucs WHERE k < 'key00003' ORDER BY k$$,
                    'Sort|Operation|Ranges|Received');
SELECT pg_temp.plan($$SELECT k FROM coll_text WHERE k LIKE 'key0100%'$$, 'Operation|Ranges|Received');
-- a collation that does not sort as bytes: the range is checked locally over a full scan,
-- and EXPLAIN says why; equality still makes a Get (a deterministic collation)
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k FROM coll_text_icu WHERE k >= 'key01000' AND k < 'key01010' ORDER BY k;
SELECT count(*) FROM coll_text_icu WHERE k >= 'key01000' AND k < 'key01010';
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT v FROM coll_text_icu WHERE k = 'key01000';
-- a collation given in the query overrides the column's, either way
SELECT pg_temp.plan($$SELECT k FROM coll_text_icu WHERE k >= 'key01000' COLLATE "C" AND k < 'key01002' COLLATE "C"$$,
                    'Operation|Ranges|Received|Not Pushed');
SELECT pg_temp.plan($$SELECT k FROM coll_text WHERE k >= 'key04998' COLLATE "und-x-icu"$$,
                    'Operation|Received|Not Pushed');
-- other quals on key columns that the key cannot use, and why
EXPLAIN (COSTS OFF) SELECT k FROM coll_text WHERE lower(k) = 'key01000';
EXPLAIN (COSTS OFF) SELECT k FROM coll_text WHERE k = md5(random()::text);
-- JSON: a list
EXPLAIN (COSTS OFF, FORMAT JSON) SELECT k FROM coll_text_icu WHERE k > 'key04998';

-- cross-type bounds. coll_calls: one phone's 120 calls every 6 hours from 2014-06-01 00:00
-- (the rowkey layout of the data-usage log; a timestamp column)
CREATE FOREIGN TABLE coll_calls (phone text, start_time timestamp, seq int, n text)
  SERVER hbase OPTIONS (table 'coll_calls', family 'cf',
    rowkey 'left(md5(phone), 3) + lpad(phone, 11) + date(start_time, "yyyyMMddHHmmss") + lpad(seq, 4)');
-- every combination of operator and bound type, in UTC and in Asia/Kolkata (+05:30):
-- bounds at an exact midnight and between two calls. The rows received equal the rows
-- returned: the bounds are exact.
CREATE TEMP TABLE coll_ops (op text);
INSERT INTO coll_ops VALUES ('<'), ('<='), ('='), ('>='), ('>');
-- bounds around day d: its midnight as a date, a timestamp and a timestamptz in UTC and in
-- +05:30, and 03:00 (between two calls, not a midnight)
CREATE FUNCTION pg_temp.window_check(tab text, col text, extra text, d date)
  RETURNS TABLE (cond text, rows bigint, received text) LANGUAGE plpgsql AS $$
DECLARE o text; v text; q text; l text;
BEGIN
  FOREACH v IN ARRAY ARRAY[format('date %L', d), format('timestamp %L', d),
                           format('timestamp %L', d + time '03:00'),
                           format('timestamptz %L', d || ' 00:00+00'),
                           format('timestamptz %L', d || ' 00:00+05:30')] LOOP
    FOR o IN SELECT op FROM coll_ops LOOP
      q := format('SELECT * FROM %s WHERE %s %s %s %s', tab, col, o, v, extra);
      received := NULL;
      FOR l IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || q LOOP
        IF l ~ 'Rows Received' THEN received := substring(l from '\d+$'); END IF;
      END LOOP;
      EXECUTE 'SELECT count(*) FROM (' || q || ') s' INTO rows;
      cond := col || ' ' || o || ' ' || v;
      RETURN NEXT;
    END LOOP;
  END LOOP;
END $$;
SET timezone = 'UTC';
SELECT * FROM pg_temp.window_check('coll_calls', 'start_time', 'AND phone = ''18601134210''', '2014-06-20');
SET timezone = 'Asia/Kolkata';
SELECT * FROM pg_temp.window_check('coll_calls', 'start_time', 'AND phone = ''18601134210''', '2014-06-20');
-- the issue's report windows: a timestamptz bound and a date bound on the timestamp part
SET timezone = 'UTC';
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM coll_calls
  WHERE phone = '18601134210' AND start_time >= timestamptz '2014-06-30 00:00+00' - interval '10 days';
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM coll_calls
  WHERE phone = '18601134210' AND start_time >= date '2014-06-24';
-- now(): evaluated at execution (no call is that recent: an empty range)
SELECT pg_temp.plan($$SELECT * FROM coll_calls WHERE phone = '18601134210' AND start_time >= now() - interval '30 days'$$,
                    'Operation|Received');
-- a generic plan: the value of a parameter, converted in the TimeZone at execution
PREPARE coll_since(timestamptz) AS SELECT count(*) FROM coll_calls
  WHERE phone = '18601134210' AND start_time >= $1;
SET plan_cache_mode = force_generic_plan;
SET timezone = 'UTC';
EXECUTE coll_since('2014-06-30 00:00+00');
SET timezone = 'America/New_York';
EXECUTE coll_since('2014-06-30 00:00+00');
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE coll_since('2014-06-30 00:00+00');
RESET plan_cache_mode;

-- coll_daily: a date hashed into the prefix, 60 days from 2024-02-01, 3 shops a day.
-- A week written with timestamptz bounds is 7 prefix scans, as a date range is.
CREATE FOREIGN TABLE coll_daily (stat_date date, shop int, n text)
  SERVER hbase OPTIONS (table 'coll_daily', family 'cf',
    rowkey 'left(md5(date(stat_date, "yyyyMMdd")), 2) + date(stat_date, "yyyyMMdd") + lpad(shop, 3)');
SET timezone = 'UTC';
SELECT pg_temp.plan($$SELECT * FROM coll_daily WHERE stat_date > timestamptz '2024-03-10 12:00+00' - interval '7 days'
                      AND stat_date <= timestamptz '2024-03-10 12:00+00'$$, 'Operation|Received|Actual Rows|rows=');
SELECT pg_temp.plan($$SELECT * FROM coll_daily WHERE stat_date >= '2024-03-10'::timestamp - interval '2 days'
                      AND stat_date < '2024-03-10'::timestamp$$, 'Operation|Received|rows=');
SELECT pg_temp.plan($$SELECT * FROM coll_daily WHERE stat_date > date '2024-03-03' AND stat_date <= date '2024-03-10'$$,
                    'Operation|Received|rows=');
-- every operator and bound type against the hashed date, the other side a date
SELECT * FROM pg_temp.window_check('coll_daily', 'stat_date',
  'AND stat_date > date ''2024-03-05'' AND stat_date < date ''2024-03-15''', '2024-03-10');
SET timezone = 'Asia/Kolkata';
SELECT * FROM pg_temp.window_check('coll_daily', 'stat_date',
  'AND stat_date > date ''2024-03-05'' AND stat_date < date ''2024-03-15''', '2024-03-10');

-- an integer key and numeric bounds
CREATE FOREIGN TABLE coll_nums (n int OPTIONS (column ':key'), v text)
  SERVER hbase OPTIONS (table 'coll_nums', family 'cf', rowkey 'lpad(n, 4)');
CREATE TEMP TABLE coll_nbounds (v text);
INSERT INTO coll_nbounds VALUES ('2.5'), ('3.0'), ('-0.5'), ('99.99'), ('1e30'), ('''NaN''::numeric');
CREATE FUNCTION pg_temp.num_check() RETURNS TABLE (cond text, rows bigint, received text) LANGUAGE plpgsql AS $$
DECLARE b record; q text; l text; r text;
BEGIN
  FOR b IN SELECT op, v FROM coll_ops, coll_nbounds ORDER BY v, op LOOP
    q := format('SELECT * FROM coll_nums WHERE n %s %s', b.op, b.v);
    r := NULL;
    FOR l IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || q LOOP
      IF l ~ 'Rows Received' THEN r := substring(l from '\d+$'); END IF;
    END LOOP;
    EXECUTE 'SELECT count(*) FROM (' || q || ') s' INTO rows;
    cond := 'n ' || b.op || ' ' || b.v;
    received := r;
    RETURN NEXT;
  END LOOP;
END $$;
SELECT * FROM pg_temp.num_check();
EXPLAIN (COSTS OFF) SELECT * FROM coll_nums WHERE n > 2.5 AND n < 5.5;
EXPLAIN (COSTS OFF) SELECT * FROM coll_nums WHERE n IN (2.5, 3, 4.0);
-- a float bound is not exact: not pushed, and EXPLAIN says so
EXPLAIN (COSTS OFF) SELECT * FROM coll_nums WHERE n > 2.5::float8;
RESET timezone;
