-- Writes that hold under concurrency (issue 25). An UPDATE or DELETE whose conditions are key
-- conditions of a Get or multiget runs as HBase operations (direct modification): SET c = c + k
-- on a binary bigint cell is an HBase Increment, SET c = constant a PUT, DELETE a DELETE, any
-- other SET a check-and-put on the value read, read again and applied again on a conflict.
-- An UPDATE through a scan writes by check-and-put too and applies its SET again on a conflict.
-- pgbench runs 8 clients against each; every counter is read back through raw REST too.
\getenv gw24_url HBASE_GW24_URL
\getenv gw25_url HBASE_GW25_URL
SELECT current_database() AS db \gset
\setenv PGDATABASE :db
\! python3 tests/hbase_rest.py create wa_atomic cf >/dev/null
-- n: Java's Bytes.toBytes(long) (8 bytes, big-endian); t: a counter as text
\! printf '%s' '[{"key":"counter1","cells":{"cf:n":{"hex":"0000000000000000"},"cf:t":"0"}},{"key":"c2","cells":{"cf:n":{"hex":"000000000000000a"},"cf:t":"007"}},{"key":"nonum","cells":{"cf:t":"x"}},{"key":"g24","cells":{"cf:n":{"hex":"0000000000000000"}}},{"key":"g25","cells":{"cf:n":{"hex":"0000000000000000"}}}]' | python3 tests/hbase_rest.py put wa_atomic
CREATE FOREIGN TABLE ctr (k text OPTIONS (column ':key'), n bigint OPTIONS (column 'cf:n', encoding 'binary'),
  t text OPTIONS (column 'cf:t')) SERVER hbase OPTIONS (table 'wa_atomic');

-- the operations EXPLAIN shows: the Get (or multiget) that finds the rows, then the write
EXPLAIN (VERBOSE, COSTS OFF) UPDATE ctr SET n = n + 1 WHERE k = 'counter1';
EXPLAIN (COSTS OFF) UPDATE ctr SET n = n - 2 WHERE k IN ('counter1', 'c2', 'nope');
EXPLAIN (COSTS OFF) UPDATE ctr SET n = 5, t = 'five' WHERE k = 'c2';
EXPLAIN (COSTS OFF) DELETE FROM ctr WHERE k = 'c2';
-- a text counter, an expression over another column, RETURNING: compare and set
EXPLAIN (COSTS OFF) UPDATE ctr SET t = (t::int + 1)::text WHERE k = 'counter1';
EXPLAIN (COSTS OFF) UPDATE ctr SET n = length(t) WHERE k = 'counter1';
EXPLAIN (COSTS OFF) UPDATE ctr SET n = n + 1 WHERE k = 'counter1' RETURNING n;
-- a condition on a cell, or no key condition: the rows come from a scan, as before
EXPLAIN (COSTS OFF) UPDATE ctr SET n = n + 1 WHERE k = 'counter1' AND t = '0';
EXPLAIN (COSTS OFF) UPDATE ctr SET n = n + 1 WHERE t = '0';

-- row counts: an Increment would create a missing row or cell; the Get before it says which
-- rows exist and hold a value. A missing row is not updated, a NULL cell stays NULL (NULL + 1)
UPDATE ctr SET n = n + 1 WHERE k = 'counter1';
\echo rows: :ROW_COUNT
UPDATE ctr SET n = n + 1 WHERE k = 'missing';
\echo rows: :ROW_COUNT
UPDATE ctr SET n = n + 1 WHERE k = 'nonum';
\echo rows: :ROW_COUNT
UPDATE ctr SET n = n + 10 WHERE k IN ('counter1', 'c2', 'nonum', 'missing');
\echo rows: :ROW_COUNT
UPDATE ctr SET n = n - 3 WHERE k = 'c2';
\echo rows: :ROW_COUNT
SELECT * FROM ctr ORDER BY k;
\! python3 tests/raw_longs.py wa_atomic cf:n
-- RETURNING gives the new value (compare and set: the gateways' Increment answers echo the
-- request, not the result)
UPDATE ctr SET n = n + 1 WHERE k = 'counter1' RETURNING k, n;
UPDATE ctr SET n = 1 + n WHERE k IN ('counter1', 'c2', 'missing') RETURNING k, n;
-- text counters by compare and set; "007" is compared as stored
UPDATE ctr SET t = (t::int + 1)::text WHERE k IN ('counter1', 'c2') RETURNING k, t;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) UPDATE ctr SET t = (t::int + 1)::text WHERE k = 'c2';
-- a constant: a PUT of a row that exists; a missing row is not created
UPDATE ctr SET t = 'const' WHERE k IN ('nonum', 'missing');
\echo rows: :ROW_COUNT
SELECT * FROM ctr WHERE k IN ('nonum', 'missing');
-- NULL: the cell deleted
UPDATE ctr SET n = NULL WHERE k = 'c2';
\echo rows: :ROW_COUNT
SELECT * FROM ctr WHERE k = 'c2';
-- an overflow fails as in PostgreSQL, and nothing is written
UPDATE ctr SET n = 9223372036854775806 WHERE k = 'c2';
UPDATE ctr SET n = n + 2 WHERE k = 'c2';
UPDATE ctr SET n = n - (-9223372036854775807 - 1) WHERE k = 'c2';
-- c - (-9223372036854775808): near bigint's limits the row is written by compare-and-set with
-- PostgreSQL's own arithmetic (an Increment would have to add 9223372036854775808, no long)
UPDATE ctr SET n = -1 WHERE k = 'c2';
UPDATE ctr SET n = n - (-9223372036854775807 - 1) WHERE k = 'c2';
SELECT n FROM ctr WHERE k = 'c2';
-- DELETE: a row that exists counts, a missing one does not
DELETE FROM ctr WHERE k = 'c2' RETURNING k, t;
DELETE FROM ctr WHERE k = 'c2';
\echo rows: :ROW_COUNT
DELETE FROM ctr WHERE k IN ('nonum', 'missing');
\echo rows: :ROW_COUNT
SELECT k FROM ctr ORDER BY k;
-- a prepared statement (a parameter key, planned generically)
PREPARE inc(text, int) AS UPDATE ctr SET n = n + $2 WHERE k = $1;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE inc('counter1', 1);
EXECUTE inc('counter1', 100);
\echo rows: :ROW_COUNT
EXECUTE inc('counter1', -100);
\echo rows: :ROW_COUNT
RESET plan_cache_mode;
-- an UPDATE through a scan compares and sets as well ("007" counts as 7)
\! printf '%s' '[{"key":"c3","cells":{"cf:t":"007"}}]' | python3 tests/hbase_rest.py put wa_atomic
UPDATE ctr SET t = (t::int + 1)::text WHERE t = '007' RETURNING k, t;

-- a rowkey layout: the key computed from its parts ("0001" + code); every part fixed gives the
-- Get, a part left open a scan (the ordinary path, here with a check-and-put)
\! python3 tests/hbase_rest.py create wa_atomic_lay cf >/dev/null
\! printf '%s' '[{"key":"0001a","cells":{"cf:n":{"hex":"0000000000000005"}}},{"key":"0001b","cells":{"cf:n":{"hex":"0000000000000007"}}}]' | python3 tests/hbase_rest.py put wa_atomic_lay
CREATE FOREIGN TABLE lay (id int, code text, n bigint OPTIONS (column 'cf:n', encoding 'binary'))
  SERVER hbase OPTIONS (table 'wa_atomic_lay', rowkey 'lpad(id, 4) + code');
EXPLAIN (COSTS OFF) UPDATE lay SET n = n + 1 WHERE id = 1 AND code = 'a';
UPDATE lay SET n = n + 1 WHERE id = 1 AND code = 'a';
UPDATE lay SET n = n + 1 WHERE id = 1 AND code IN ('b', 'zz');
\echo rows: :ROW_COUNT
EXPLAIN (COSTS OFF) UPDATE lay SET n = n * 2 WHERE id = 1;
UPDATE lay SET n = n * 2 WHERE id = 1;
\echo rows: :ROW_COUNT
DELETE FROM lay WHERE id = 1 AND code = 'b';
\echo rows: :ROW_COUNT
\! python3 tests/raw_longs.py wa_atomic_lay cf:n
DROP FOREIGN TABLE lay;
\! python3 tests/hbase_rest.py drop wa_atomic_lay >/dev/null

-- real concurrency: 8 clients, 100 increments each, all through Increments
UPDATE ctr SET n = 0, t = '0' WHERE k = 'counter1';
\! tests/pgbench_run.sh 8 100 increment ctr counter1
SELECT n FROM ctr WHERE k = 'counter1';
\! python3 tests/raw_longs.py wa_atomic cf:n
-- through the 2.4.17 and 2.5.8 gateways (no ?e=b64) alike
CREATE SERVER wa_gw24 FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'gw24_url');
CREATE SERVER wa_gw25 FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'gw25_url');
CREATE FOREIGN TABLE ctr24 (k text OPTIONS (column ':key'), n bigint OPTIONS (column 'cf:n', encoding 'binary'),
  t text OPTIONS (column 'cf:t')) SERVER wa_gw24 OPTIONS (table 'wa_atomic');
CREATE FOREIGN TABLE ctr25 (k text OPTIONS (column ':key'), n bigint OPTIONS (column 'cf:n', encoding 'binary'),
  t text OPTIONS (column 'cf:t')) SERVER wa_gw25 OPTIONS (table 'wa_atomic');
EXPLAIN (COSTS OFF) UPDATE ctr24 SET n = n + 1 WHERE k = 'g24';
\! tests/pgbench_run.sh 8 50 increment ctr24 g24
\! tests/pgbench_run.sh 8 50 increment ctr25 g25
SELECT k, n FROM ctr WHERE k IN ('g24', 'g25') ORDER BY k;
-- a Put, a compare and set and a Delete through them
UPDATE ctr24 SET t = '41' WHERE k = 'g24';
UPDATE ctr24 SET t = (t::int + 1)::text WHERE k = 'g24' RETURNING k, n, t;
UPDATE ctr25 SET t = (coalesce(t, '0')::int + 1)::text WHERE k IN ('g24', 'g25') RETURNING k, n, t;
-- g25's cf:n was stamped by 400 Increments in a burst: HBase stamps each at max(now, last + 1),
-- ahead of the clock; the DELETE goes up to the newest stamp it read, or the row would stand
DELETE FROM ctr25 WHERE k IN ('g25', 'nope');
\echo rows: :ROW_COUNT
SELECT k, n, t FROM ctr24 WHERE k IN ('g24', 'g25') ORDER BY k;
\! python3 tests/raw_longs.py wa_atomic cf:n
-- the same for every DELETE, the row-by-row ones too (the newest stamp read travels from the
-- scan to the DELETE in the row's ctid) and for cells set to NULL; and an UPDATE's new cells
-- are stamped after the newest cell read (HBase's rule for an Increment), or they would sort
-- under the old ones: cells stamped an hour ahead of the clock (written through REST) are
-- deleted and replaced, not left standing
SELECT (extract(epoch FROM now() + interval '1 hour') * 1000)::bigint AS ahead \gset
\setenv AHEAD :ahead
\! for i in 1 2 3 4 5 6 7 8; do printf '{"key":"fut%s","cells":{"cf:t":{"value":"a","timestamp":%s},"cf:n":{"hex":"0000000000000001"}}}\n' $i "$AHEAD"; done | python3 -c 'import json,sys; print(json.dumps([json.loads(l) for l in sys.stdin]))' | python3 tests/hbase_rest.py put wa_atomic
SET hbase_fdw.enable_pushdown = off;
EXPLAIN (COSTS OFF) DELETE FROM ctr WHERE k = 'fut1';
DELETE FROM ctr WHERE k = 'fut1';
UPDATE ctr SET t = NULL WHERE k = 'fut2';
UPDATE ctr SET t = 'c' WHERE k = 'fut5';
UPDATE ctr SET t = t || 'd' WHERE k = 'fut6';
RESET hbase_fdw.enable_pushdown;
CREATE TEMP TABLE fut_keys AS SELECT 'fut3'::text AS k;
ANALYZE fut_keys;
DELETE FROM ctr USING fut_keys f WHERE ctr.k = f.k;
EXPLAIN (COSTS OFF) UPDATE ctr SET t = NULL WHERE k = 'fut4';
UPDATE ctr SET t = NULL WHERE k = 'fut4';
UPDATE ctr SET t = 'e' WHERE k = 'fut7';
UPDATE ctr SET t = t || 'f' WHERE k = 'fut8';
SELECT k, n, t FROM ctr WHERE k LIKE 'fut%' ORDER BY k;
\! python3 tests/hbase_rest.py scan wa_atomic --start fut --end fuu --column cf:t
DELETE FROM ctr WHERE k LIKE 'fut%';

-- compare and set under contention: a text counter, 8 clients of 50; conflicts are read
-- again and applied again, none is lost and none fails (retries not bounded in practice here,
-- so that a loaded machine cannot make this test fail)
\setenv PGOPTIONS '-c hbase_fdw.update_retries=10000'
\! tests/pgbench_run.sh 8 50 cas ctr counter1
\setenv PGOPTIONS
SELECT t FROM ctr WHERE k = 'counter1';
-- the same without re-reads (hbase_fdw.update_retries = 0): each conflict is a 40001 that
-- pgbench counts and retries; still exactly one more per transaction
\setenv PGOPTIONS '-c hbase_fdw.update_retries=0'
\! tests/pgbench_run.sh 8 50 cas ctr counter1 --max-tries=100000
SELECT t FROM ctr WHERE k = 'counter1';
-- the UPDATE through a scan (pushdown off: the row-by-row path) reads a row changed under it
-- again and applies its SET again, as PostgreSQL's READ COMMITTED (sql/retry.sql: 40001)
\setenv PGOPTIONS '-c hbase_fdw.enable_pushdown=off -c hbase_fdw.update_retries=10000'
\! tests/pgbench_run.sh 8 25 increment ctr counter1 --max-tries=100000
\setenv PGOPTIONS
SELECT n FROM ctr WHERE k = 'counter1';
\! python3 tests/raw_longs.py wa_atomic cf:n

-- conflicts made deterministic: the SET calls a function that writes the row through REST
-- (COPY TO PROGRAM) between the read and the check-and-put, when it sees the value 'x'
-- The server's OS user runs the program: it gets its own copy of the REST client, since the
-- checkout may be unreadable to it (a clone under root's home, mode 700)
\getenv hbase_url HBASE_URL
\! install -m 644 tests/hbase_rest.py /tmp/wa_atomic_rest.py
\! printf '%s' '[{"key":"sneak","cells":{"cf:t":"y"}}]' > /tmp/wa_atomic_sneak.json
SELECT set_config('wa.sneak', format('HBASE_URL=%s python3 /tmp/wa_atomic_rest.py put wa_atomic < /tmp/wa_atomic_sneak.json',
  :'hbase_url'), false) IS NOT NULL AS configured;
CREATE FUNCTION sneak(v text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  IF v = 'x' THEN
    EXECUTE format('COPY (SELECT 1) TO PROGRAM %L', current_setting('wa.sneak'));
  END IF;
  RETURN v;
END $$;
\! printf '%s' '[{"key":"sneak","cells":{"cf:t":"x"}}]' | python3 tests/hbase_rest.py put wa_atomic
-- by key: the check-and-put finds 'y', the row is read again and the SET applied to 'y'
-- (as PostgreSQL's READ COMMITTED applies it to the row a concurrent UPDATE left)
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  UPDATE ctr SET t = sneak(t) || '+1' WHERE k = 'sneak';
SELECT t FROM ctr WHERE k = 'sneak';
-- by key, without re-reads: 40001
\! printf '%s' '[{"key":"sneak","cells":{"cf:t":"x"}}]' | python3 tests/hbase_rest.py put wa_atomic
SET hbase_fdw.update_retries = 0;
UPDATE ctr SET t = sneak(t) || '+1' WHERE k = 'sneak';
RESET hbase_fdw.update_retries;
SELECT t FROM ctr WHERE k = 'sneak';
-- through a scan: read again, 'y' no longer matches t = 'x': not updated, the concurrent
-- write stands (as PostgreSQL's READ COMMITTED)
\! printf '%s' '[{"key":"sneak","cells":{"cf:t":"x"}}]' | python3 tests/hbase_rest.py put wa_atomic
UPDATE ctr SET t = sneak(t) || '+1' WHERE t = 'x';
\echo rows: :ROW_COUNT
SELECT t FROM ctr WHERE k = 'sneak';

DROP SERVER wa_gw24, wa_gw25 CASCADE;
DROP FOREIGN TABLE ctr;
DROP FUNCTION sneak(text);
\! python3 tests/hbase_rest.py drop wa_atomic >/dev/null
