-- Every type and both value encodings, NULLs (missing cells) and bad values.
-- Fixtures: tests/fixtures.py (fdw_types, fdw_bad), written through REST.
-- The server's transport (protobuf, the default, or json) comes from HBASE_TRANSPORT:
-- scripts/test runs the read tests under both, with the same expected output.
-- scripts/test's slot k>=1 (two runs on one HBase) sets HBASE_TEST_NAMESPACE: every hbase_fdw
-- server made in this database from here on gets that namespace (unless it names one), as the
-- harness's fixtures (tests/hbase_rest.py) land there; slot 0 sets none and makes nothing
\getenv test_ns HBASE_TEST_NAMESPACE
\if :{?test_ns}
SET hbase_test.namespace = :'test_ns';
ALTER DATABASE :"DBNAME" SET hbase_test.namespace = :'test_ns';
CREATE FUNCTION hbase_test_ns() RETURNS event_trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT s.srvname FROM pg_event_trigger_ddl_commands() c
             JOIN pg_foreign_server s ON s.oid = c.objid
             JOIN pg_foreign_data_wrapper w ON w.oid = s.srvfdw
            WHERE c.command_tag = 'CREATE SERVER' AND w.fdwname = 'hbase_fdw'
              AND NOT EXISTS (SELECT 1 FROM unnest(s.srvoptions) o WHERE o LIKE 'namespace=%')
  LOOP
    EXECUTE format('ALTER SERVER %I OPTIONS (ADD namespace %L)', r.srvname,
                   current_setting('hbase_test.namespace'));
  END LOOP;
END $$;
CREATE EVENT TRIGGER hbase_test_ns ON ddl_command_end WHEN TAG IN ('CREATE SERVER')
  EXECUTE FUNCTION hbase_test_ns();
\endif
\getenv hbase_url HBASE_URL
\getenv hbase_transport HBASE_TRANSPORT
CREATE SERVER hbase FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url :'hbase_url', transport :'hbase_transport');
SET timezone = 'UTC';
SET extra_float_digits = 0;

-- text encoding (the default): the type's input function reads the UTF-8 text
CREATE FOREIGN TABLE types_text (
  k bytea OPTIONS (column ':key'),
  i2 int2, i4 int4, i8 int8, num numeric, f4 float4, f8 float8, bool bool,
  txt text, vc varchar(5), date date, ts timestamp, tstz timestamptz,
  raw bytea, js jsonb
) SERVER hbase OPTIONS (table 'fdw_types', family 't');
SELECT * FROM types_text ORDER BY k;
SELECT k, pg_typeof(num), num + 1 AS num_plus_1, txt IS NULL AS txt_null, length(txt) AS txt_len,
       js -> 'b' AS js_b, octet_length(raw) AS raw_len
  FROM types_text ORDER BY k;

-- binary encoding: Java Bytes.toBytes, big-endian
CREATE FOREIGN TABLE types_bin (
  k text OPTIONS (column ':key'),
  i2 int2, i4 int4, i8 int8, f4 float4, f8 float8, bool bool, num numeric, ts timestamp,
  i4long int4 OPTIONS (column 'b:i4long'),  -- a Java long read into an int
  f8float float8 OPTIONS (column 'b:f8float')  -- a Java float read into a double
) SERVER hbase OPTIONS (table 'fdw_types', family 'b', encoding 'binary');
SELECT * FROM types_bin ORDER BY k;
SELECT k, num, scale(num) FROM types_bin ORDER BY k;

-- column-level encoding overrides the table's
CREATE FOREIGN TABLE types_mixed (
  k text OPTIONS (column ':key'),
  t_i8 int8 OPTIONS (column 't:i8'),
  b_i8 int8 OPTIONS (column 'b:i8', encoding 'binary'),
  tstz_bin timestamptz OPTIONS (column 'b:ts', encoding 'binary')
) SERVER hbase OPTIONS (table 'fdw_types');
SELECT * FROM types_mixed ORDER BY k;
SELECT count(*) FROM types_mixed WHERE t_i8 = b_i8;

-- bad values: an error naming the column, the foreign table and the rowkey
\set VERBOSITY default
CREATE FOREIGN TABLE bad_int (k text OPTIONS (column ':key'), v int OPTIONS (column 't:int'))
  SERVER hbase OPTIONS (table 'fdw_bad');
SELECT * FROM bad_int;
\echo :SQLSTATE
CREATE FOREIGN TABLE bad_bin (k bytea OPTIONS (column ':key'), v int OPTIONS (column 'b:i4', encoding 'binary'))
  SERVER hbase OPTIONS (table 'fdw_bad');
SELECT * FROM bad_bin;
\echo :SQLSTATE
CREATE FOREIGN TABLE bad_utf8 (v text OPTIONS (column 't:txt'))
  SERVER hbase OPTIONS (table 'fdw_bad');
SELECT * FROM bad_utf8;
\echo :SQLSTATE
-- a Java long read as text: its 8 bytes are no UTF-8 text, and the hint names the encoding
CREATE FOREIGN TABLE long_as_text (k text OPTIONS (column ':key'), v text OPTIONS (column 'b:i8'))
  SERVER hbase OPTIONS (table 'fdw_types');
SELECT * FROM long_as_text ORDER BY k;
-- mix-ups one cell cannot show: a Java long read as float8 or numeric binary reads without an
-- error (1709214301500 as the double 8.445e-312, as a BigDecimal of scale 397);
-- hbase_check_values flags them over the sampled cells, and names the fix
CREATE FOREIGN TABLE mixed_up (k text OPTIONS (column ':key'),
  ts_as_double float8 OPTIONS (column 'b:ts', encoding 'binary'),
  ts_as_decimal numeric OPTIONS (column 'b:ts', encoding 'binary'),
  i4_as_float real OPTIONS (column 'b:i4', encoding 'binary'),
  long_as_text text OPTIONS (column 'b:i8'),
  f8 float8 OPTIONS (column 'b:f8', encoding 'binary'),
  num numeric OPTIONS (column 'b:num', encoding 'binary'),
  txt text OPTIONS (column 't:txt'),
  i2 int2 OPTIONS (column 'b:i2', encoding 'binary'))
  SERVER hbase OPTIONS (table 'fdw_types');
SELECT k, ts_as_double, ts_as_decimal, i4_as_float FROM mixed_up ORDER BY k;
\x on
SELECT * FROM hbase_check_values('mixed_up');
\x off
SELECT column_name, cells_sampled, implausible FROM hbase_check_values('mixed_up', 1);
SELECT * FROM hbase_check_values('mixed_up', 0);
-- the cells are read as a SELECT of the table would: without SELECT on it, refused
CREATE ROLE cv_user;
SET ROLE cv_user;
SELECT * FROM hbase_check_values('mixed_up');
RESET ROLE;
DROP ROLE cv_user;
CREATE FOREIGN TABLE bad_range (v int2 OPTIONS (column 'b:i8', encoding 'binary'))
  SERVER hbase OPTIONS (table 'fdw_bad');
SELECT * FROM bad_range;
\echo :SQLSTATE
CREATE FOREIGN TABLE bad_float (v float4 OPTIONS (column 'b:f4', encoding 'binary'))
  SERVER hbase OPTIONS (table 'fdw_bad');
SELECT * FROM bad_float;
CREATE FOREIGN TABLE bad_json (v jsonb OPTIONS (column 't:js'))
  SERVER hbase OPTIONS (table 'fdw_bad');
SELECT * FROM bad_json;
-- a text rowkey column must hold UTF-8; bytea takes anything
CREATE FOREIGN TABLE bad_key (k text OPTIONS (column ':key')) SERVER hbase OPTIONS (table 'fdw_bad');
SELECT * FROM bad_key;
CREATE FOREIGN TABLE any_key (k bytea OPTIONS (column ':key')) SERVER hbase OPTIONS (table 'fdw_bad');
SELECT * FROM any_key ORDER BY k;
-- an error leaves the session usable
SELECT count(*) FROM types_text;

-- helpers of later tests, in schema regress (the tests' database lives for one run):
-- regress.compare(q) runs q with the batched join (was it planned?) and with pushdown off:
-- rows, and rows that differ either way (EXCEPT ALL both ways); join.sql, saltjoin.sql.
-- regress.plan(q): the lines of q's EXPLAIN ANALYZE about HBase's filter, rows received and
-- operation; regress.same(tab, qual): the rows of tab and of tab_off (the same table with
-- pushdown off) WHERE qual, their difference and the rows received; vfilter.sql, vfilter2.sql
CREATE SCHEMA regress;
CREATE FUNCTION regress.compare(q text, OUT batched bool, OUT nrows bigint, OUT differ bigint)
LANGUAGE plpgsql AS $$
DECLARE
  line text;
BEGIN
  batched := false;
  FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
    IF line LIKE '%HBase Batched Join%' THEN
      batched := true;
    END IF;
  END LOOP;
  EXECUTE 'CREATE TEMP TABLE cmp_on AS ' || q;
  PERFORM set_config('hbase_fdw.enable_pushdown', 'off', true);
  EXECUTE 'CREATE TEMP TABLE cmp_off AS ' || q;
  PERFORM set_config('hbase_fdw.enable_pushdown', 'on', true);
  SELECT count(*) INTO nrows FROM cmp_on;
  SELECT (SELECT count(*) FROM (TABLE cmp_on EXCEPT ALL TABLE cmp_off) a) +
         (SELECT count(*) FROM (TABLE cmp_off EXCEPT ALL TABLE cmp_on) b) INTO differ;
  DROP TABLE cmp_on;
  DROP TABLE cmp_off;
END $$;
CREATE FUNCTION regress.plan(q text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE l text;
BEGIN
  FOR l IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || q LOOP
    IF l ~ 'HBase (Filter|Rows Received|Operation)' THEN RETURN NEXT l; END IF;
  END LOOP;
END $$;
CREATE FUNCTION regress.same(tab text, qual text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE n_on bigint; n_off bigint; diff bigint; recv text; off text := tab || '_off';
BEGIN
  EXECUTE format('SELECT count(*) FROM %I WHERE ', tab) || qual INTO n_on;
  EXECUTE format('SELECT count(*) FROM %I WHERE ', off) || qual INTO n_off;
  EXECUTE format('SELECT count(*) FROM ((SELECT * FROM %I WHERE ', tab) || qual
    || format(' EXCEPT ALL SELECT * FROM %I WHERE ', off) || qual
    || format(') UNION ALL (SELECT * FROM %I WHERE ', off) || qual
    || format(' EXCEPT ALL SELECT * FROM %I WHERE ', tab) || qual || ')) d' INTO diff;
  SELECT string_agg(l, ' ') INTO recv FROM regress.plan(format('SELECT * FROM %I WHERE ', tab) || qual) l
    WHERE l ~ 'Received';
  RETURN format('%s rows, pushdown off %s, differing %s, %s', n_on, n_off, diff, trim(recv));
END $$;
