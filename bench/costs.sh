#!/usr/bin/env bash
# bench/costs.sh - the planner's choice against the best plan the settings force, in one run
# (issue 56: costs that match the requests).
#
# Loads (when missing) tests/fixtures_costs.py's rows into HBase table bench_costs (salt(8) +
# lpad(shop_id, 5) + date(day, "yyyyMMdd"), 100 shops x 30 days: 3,000 rows), then for each
# join shape of sql/costs.sql and each state of the table's row count -- never counted (the
# default estimated_rows; the foreign table is made anew before each execution), counted by a
# full scan in the session, ANALYZEd -- runs the chosen plan and each plan the settings force
# (batched join, hash join, nested loop) in ROUNDS interleaved rounds, and prints per plan its
# requests, rows received and median execution time (EXPLAIN ANALYZE's), then the chosen plan
# (its runs pooled with those of the forced plan it is) against the best other plan, by median
# time and by the cost model's weight (25 per request, 0.1 per row).
# Ratios, not timings, are the result: the machine's speed cancels out.
# Usage: bench/costs.sh [ROUNDS]   (HBase + PostgreSQL up; BENCH_DB, BENCH_TABLE as the others)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-9}
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
    hb.put_pairs(t, rows)
    print("loaded %d rows into %s" % (len(rows), t))
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
-- the foreign table, made anew (a new relation: no count of its own)
CREATE FUNCTION pg_temp.fresh(t text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DROP FOREIGN TABLE IF EXISTS bench_costs_t;
  EXECUTE format($f$CREATE FOREIGN TABLE bench_costs_t (shop_id int, day timestamp, n int OPTIONS (column 'cf:n'))
    SERVER bench_costs OPTIONS (table %L, rowkey 'salt(8) + lpad(shop_id, 5) + date(day, "yyyyMMdd")')$f$, t);
END $$;
-- one execution of q: its join node, requests, rows received and execution time
CREATE FUNCTION pg_temp.run(state text, shape text, plan text, q text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  line text;
  n text;
  req int := 0;
  rcv int := 0;
  ms float8;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ' || q LOOP
    IF n IS NULL AND line ~ 'Join|Nested Loop' THEN
      n := regexp_replace(btrim(line, ' ->'), '  \(actual.*', '');
    END IF;
    IF line ~ 'HBase Requests: ' THEN
      req := req + substring(line from 'HBase Requests: (\d+)')::int;
    ELSIF line ~ 'HBase Rows Received: ' THEN
      rcv := rcv + substring(line from 'HBase Rows Received: (\d+)')::int;
    ELSIF line ~ 'Execution Time: ' THEN
      ms := substring(line from 'Execution Time: ([0-9.]+)')::float8;
    END IF;
  END LOOP;
  INSERT INTO runs VALUES (state, shape, plan, n, req, rcv, ms);
END $$;
-- each shape's chosen plan and the plans the settings force, in interleaved rounds (the
-- machine's load weighs on each alike)
CREATE FUNCTION pg_temp.shapes(state text, t text, rounds int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s record;
  m record;
BEGIN
  FOR s IN SELECT * FROM (VALUES
      ('day >=', 'SELECT d.name, s.day, s.n FROM cs_d d JOIN bench_costs_t s ON s.shop_id = d.shop_id WHERE s.day >= ''2026-02-01'''),
      ('BETWEEN', 'SELECT d.name, s.n FROM cs_d d JOIN bench_costs_t s ON s.shop_id = d.shop_id WHERE s.day BETWEEN ''2026-01-10'' AND ''2026-01-20'''),
      ('whole row', 'SELECT d.name, s FROM cs_d d JOIN bench_costs_t s ON s.shop_id = d.shop_id WHERE s.day >= ''2026-02-01'''),
      ('prefix', 'SELECT d.name, s.n FROM cs_d d JOIN bench_costs_t s ON s.shop_id = d.shop_id'),
      ('2,500 outer', 'SELECT count(*), sum(s.n) FROM cs_big b JOIN bench_costs_t s ON s.shop_id = b.shop_id')
    ) v(shape, q) LOOP
    FOR r IN 1 .. rounds LOOP
      FOR m IN SELECT * FROM (VALUES
          ('chosen', ''),
          ('batched', 'enable_hashjoin enable_mergejoin enable_nestloop'),
          ('hash', 'hbase_fdw.enable_batched_join enable_mergejoin enable_nestloop'),
          ('nestloop', 'hbase_fdw.enable_batched_join enable_mergejoin enable_hashjoin enable_material')) v(p, g) LOOP
        IF state = 'default' THEN
          PERFORM pg_temp.fresh(t);
        END IF;
        PERFORM set_config(x, 'off', true) FROM regexp_split_to_table(m.g, ' ') x WHERE x <> '';
        PERFORM pg_temp.run(state, s.shape, m.p, s.q);
        PERFORM set_config(x, 'on', true) FROM regexp_split_to_table(m.g, ' ') x WHERE x <> '';
      END LOOP;
    END LOOP;
  END LOOP;
END $$;
SELECT pg_temp.shapes('default', :'t', :rounds);
SELECT pg_temp.fresh(:'t');
SELECT count(*) AS counted FROM bench_costs_t;
SELECT pg_temp.shapes('counted', :'t', :rounds);
ANALYZE bench_costs_t;
SELECT pg_temp.shapes('analyzed', :'t', :rounds);
\pset footer off
CREATE TEMP VIEW med AS
  SELECT state, shape, plan, min(node) AS node, max(requests) AS requests, max(received) AS received,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS ms
    FROM runs GROUP BY state, shape, plan;
SELECT state, shape, plan, node, requests, received, round(ms::numeric, 2) AS ms
  FROM med ORDER BY array_position(ARRAY['default', 'counted', 'analyzed'], state), shape,
    array_position(ARRAY['chosen', 'batched', 'hash', 'nestloop'], plan);
-- the chosen plan is one of the forced ones (the same join, requests and rows): its runs and
-- that plan's are pooled; chosen / best: its median time against the best of the other plans
-- (1.00 when it is the fastest), and by the model's weight (25 per request, 0.1 per row)
CREATE TEMP VIEW pooled AS
  SELECT r.state, r.shape, c.node, percentile_cont(0.5) WITHIN GROUP (ORDER BY r.ms) AS ms,
         min(c.requests) AS requests, min(c.received) AS received,
         string_agg(DISTINCT r.plan, '+') AS plans
    FROM med c JOIN med f ON f.state = c.state AND f.shape = c.shape
      AND f.node = c.node AND f.requests = c.requests AND f.received = c.received
    JOIN runs r ON r.state = f.state AND r.shape = f.shape AND r.plan = f.plan
   WHERE c.plan = 'chosen' GROUP BY r.state, r.shape, c.node;
SELECT p.state, p.shape, regexp_replace(p.node, ' \(actual.*', '') AS chosen, p.plans,
       round(p.ms::numeric, 2) AS ms,
       round((min(o.ms) FILTER (WHERE NOT (o.node = p.node AND o.requests = p.requests)))::numeric, 2)
         AS best_other_ms,
       round((p.ms / least(p.ms, min(o.ms) FILTER (WHERE NOT (o.node = p.node AND o.requests = p.requests))))::numeric, 2)
         AS time_ratio,
       round(((25 * p.requests + 0.1 * p.received) / min(25 * o.requests + 0.1 * o.received))::numeric, 2)
         AS weight_ratio
  FROM pooled p JOIN med o ON o.state = p.state AND o.shape = p.shape AND o.plan <> 'chosen'
 GROUP BY p.state, p.shape, p.node, p.plans, p.ms, p.requests, p.received
 ORDER BY array_position(ARRAY['default', 'counted', 'analyzed'], p.state), p.shape;
DROP SERVER bench_costs CASCADE;
SQL
