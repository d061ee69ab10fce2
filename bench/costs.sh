#!/usr/bin/env bash
# bench/costs.sh - the planner's choice against the best plan the settings force, in one run
# (issue 56: costs that match the requests).
#
# Loads (when missing) tests/fixtures_costs.py's table into HBase table bench_costs (salt(8) +
# lpad(shop_id, 5) + date(day, "yyyyMMdd"), 100 shops x 30 days: 3,000 rows), then for each
# join shape of sql/costs.sql and each state of the table's row count -- never counted (the
# default estimated_rows), counted by a full scan in the session, ANALYZEd -- runs the chosen
# plan and each plan the settings force (batched join, hash join, nested loop), ROUNDS times
# each, and prints per plan its requests, rows received and median execution time (EXPLAIN
# ANALYZE's), and chosen / best by time and by the cost model's weight (25 per request, 0.1
# per row). Ratios, not timings, are the result: the machine's speed cancels out.
# Usage: bench/costs.sh [ROUNDS]   (HBase + PostgreSQL up; BENCH_DB, BENCH_TABLE as the others)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-5}
T=${BENCH_TABLE:-bench_costs}
[[ -n ${PGHOST:-} ]] || eval "$(scripts/pg-local env)"
URL=${HBASE_URL:-http://127.0.0.1:${HBASE_REST_PORT:-18080}}
DB=${BENCH_DB:-postgres}

python3 - "$T" "$URL" <<'PY'
import sys
sys.path.insert(0, "tests")
import hbase_rest
import fixtures_costs
t, url = sys.argv[1], sys.argv[2]
hb = hbase_rest.Client(url)
rows = fixtures_costs.phx_rows()
if not hb.table_exists(t) or hb.get_row(t, rows[-1][0]) is None:
    hb.create_table(t, ["cf"])
    hb.put_pairs(t, fixtures_costs.phx_rows())
    print("loaded 3000 rows into %s" % t)
PY

psql -X -q -d "$DB" -v url="$URL" -v t="$T" -v rounds="$ROUNDS" <<'SQL'
SET client_min_messages = warning;
SET timezone = 'UTC';
CREATE EXTENSION IF NOT EXISTS hbase_fdw;
DROP SERVER IF EXISTS bench_costs CASCADE;
CREATE SERVER bench_costs FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url');
CREATE USER MAPPING FOR CURRENT_USER SERVER bench_costs;
CREATE TEMP TABLE cs_d AS SELECT g * 7 AS shop_id, 'shop ' || g AS name FROM generate_series(1, 6) g;
CREATE TEMP TABLE cs_big AS SELECT 1 + g % 100 AS shop_id FROM generate_series(1, 2500) g;
ANALYZE cs_d;
ANALYZE cs_big;
CREATE TEMP TABLE runs (state text, shape text, plan text, node text, requests int, received int,
                        ms float8);
-- one plan of q: its join node, requests, rows received and median execution time
CREATE FUNCTION pg_temp.run(state text, shape text, plan text, q text, rounds int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  line text;
  n text;
  req int;
  rcv int;
  times float8[] := '{}';
BEGIN
  FOR i IN 1 .. rounds LOOP
    req := 0;
    rcv := 0;
    FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ' || q LOOP
      IF n IS NULL AND line ~ 'Join|Nested Loop' THEN
        n := regexp_replace(btrim(line, ' ->'), '  \(actual.*', '');
      END IF;
      IF line ~ 'HBase Requests: ' THEN
        req := req + substring(line from 'HBase Requests: (\d+)')::int;
      ELSIF line ~ 'HBase Rows Received: ' THEN
        rcv := rcv + substring(line from 'HBase Rows Received: (\d+)')::int;
      ELSIF line ~ 'Execution Time: ' THEN
        times := times || substring(line from 'Execution Time: ([0-9.]+)')::float8;
      END IF;
    END LOOP;
  END LOOP;
  INSERT INTO runs SELECT state, shape, plan, n, req, rcv,
    (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY x) FROM unnest(times) x);
END $$;
CREATE FUNCTION pg_temp.shapes(state text, t text, rounds int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s record;
  m record;
BEGIN
  FOR s IN SELECT * FROM (VALUES
      ('day >=', format('SELECT d.name, s.day, s.n FROM cs_d d JOIN %s s ON s.shop_id = d.shop_id WHERE s.day >= ''2026-02-01''', t)),
      ('BETWEEN', format('SELECT d.name, s.n FROM cs_d d JOIN %s s ON s.shop_id = d.shop_id WHERE s.day BETWEEN ''2026-01-10'' AND ''2026-01-20''', t)),
      ('whole row', format('SELECT d.name, s FROM cs_d d JOIN %s s ON s.shop_id = d.shop_id WHERE s.day >= ''2026-02-01''', t)),
      ('prefix', format('SELECT d.name, s.n FROM cs_d d JOIN %s s ON s.shop_id = d.shop_id', t)),
      ('2,500 outer', format('SELECT count(*), sum(s.n) FROM cs_big b JOIN %s s ON s.shop_id = b.shop_id', t))
    ) v(shape, q) LOOP
    PERFORM pg_temp.run(state, s.shape, 'chosen', s.q, rounds);
    FOR m IN SELECT * FROM (VALUES
        ('batched', 'enable_hashjoin enable_mergejoin enable_nestloop'),
        ('hash', 'hbase_fdw.enable_batched_join enable_mergejoin enable_nestloop'),
        ('nestloop', 'hbase_fdw.enable_batched_join enable_mergejoin enable_hashjoin enable_material')) v(p, g) LOOP
      PERFORM set_config(x, 'off', true) FROM regexp_split_to_table(m.g, ' ') x;
      PERFORM pg_temp.run(state, s.shape, m.p, s.q, rounds);
      PERFORM set_config(x, 'on', true) FROM regexp_split_to_table(m.g, ' ') x;
    END LOOP;
  END LOOP;
END $$;
-- never counted: a table made now (a new relation: no count of its own)
CREATE FOREIGN TABLE bench_costs_t (shop_id int, day timestamp, n int OPTIONS (column 'cf:n'))
  SERVER bench_costs OPTIONS (table :'t', rowkey 'salt(8) + lpad(shop_id, 5) + date(day, "yyyyMMdd")');
SELECT pg_temp.shapes('default', 'bench_costs_t', :rounds);
SELECT count(*) AS counted FROM bench_costs_t;
SELECT pg_temp.shapes('counted', 'bench_costs_t', :rounds);
ANALYZE bench_costs_t;
SELECT pg_temp.shapes('analyzed', 'bench_costs_t', :rounds);
\pset footer off
SELECT state, shape, plan, node, requests, received, round(ms::numeric, 2) AS ms
  FROM runs ORDER BY array_position(ARRAY['default', 'counted', 'analyzed'], state), shape,
    array_position(ARRAY['chosen', 'batched', 'hash', 'nestloop'], plan);
-- chosen / best forced plan, by time and by the model's weight
SELECT c.state, c.shape, c.node AS chosen,
       round((c.ms / min(f.ms))::numeric, 2) AS time_ratio,
       round(((25 * c.requests + 0.1 * c.received) / min(25 * f.requests + 0.1 * f.received))::numeric, 2)
         AS weight_ratio
  FROM runs c JOIN runs f ON f.state = c.state AND f.shape = c.shape AND f.plan <> 'chosen'
 WHERE c.plan = 'chosen'
 GROUP BY c.state, c.shape, c.node, c.ms, c.requests, c.received
 ORDER BY array_position(ARRAY['default', 'counted', 'analyzed'], c.state), c.shape;
DROP SERVER bench_costs CASCADE;
SQL
