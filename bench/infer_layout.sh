#!/usr/bin/env bash
# bench/infer_layout.sh - what finding a table's rowkey layout costs (issue 53): the time of
# hbase_infer_layout() and the bytes and requests of its sample, over tables of 1, 16 and 64
# regions, for samples of 100, 1,000 and 10,000 keys.
#
# Writes (when missing) namespace infbench, tables r1, r16, r64 of ROWS rows each (default
# 10000): a Phoenix salt over 64 buckets + the id zero-padded to 10 digits + yyyyMMddHHmmss,
# one cell d:v of 100 bytes; r16 split every 4 buckets, r64 at every bucket. Then, in one
# backend, each (table, sample) runs ROUNDS times (default 3): the median time, the bytes of
# the CellSets decoded (hbase_fdw_cellsets) and the requests sent (hbase_fdw_requests) per run.
# Usage: bench/infer_layout.sh   (HBase up; the scripts/pg-local environment of a cluster with
# the build installed, e.g. PG_LOCAL_PRIVATE=1 PG_LOCAL_DIR=... PG_LOCAL_PORT=...)
#   REGIONS="1 16": only those tables (a 64-region table's memstores weigh on a small HBase
#   shared with others: 64 regions written at once take their MSLAB chunks each)
set -euo pipefail
cd "$(dirname "$0")/.."
eval "$(scripts/pg-local env)"
export HBASE_URL=${HBASE_URL:-http://127.0.0.1:${HBASE_REST_PORT:-18080}}
ROWS=${ROWS:-10000}
ROUNDS=${ROUNDS:-3}
REGIONS=${REGIONS:-1 16 64}
NS=infbench

HBASE_TEST_NAMESPACE= python3 - "$NS" "$ROWS" $REGIONS <<'PY'
import datetime, sys
sys.path.insert(0, "tests")
from hbase_rest import Client
from fixtures_layouts import phoenix_salt
ns, rows, wanted = sys.argv[1], int(sys.argv[2]), ["r" + r for r in sys.argv[3:]]
c = Client()
t0 = datetime.datetime(2024, 3, 1)
def key(i):
    body = b"%010d" % (i * 7) + (t0 + datetime.timedelta(seconds=i * 37)).strftime("%Y%m%d%H%M%S").encode()
    return phoenix_salt(body, 64) + body
specs = []
for name, splits in (("r1", None), ("r16", [bytes([b]) for b in range(4, 64, 4)]),
                     ("r64", [bytes([b]) for b in range(1, 64)])):
    if name not in wanted:
        continue
    table = "%s:%s" % (ns, name)
    if c.table_exists(table) and c.get_row(table, key(rows - 1)) and not c.get_row(table, key(rows)):
        continue
    if splits:
        specs.append((table, ["d"], splits, 1, 1))
    else:
        c.create_table(table, ["d"])
if specs:
    c.create_split_tables(specs)
for name in wanted:
    table = "%s:%s" % (ns, name)
    if c.get_row(table, key(rows - 1)):
        continue
    c.put_pairs(table, ((key(i), {"d:v": b"x" * 100}) for i in range(rows)), chunk=1000)
    print("wrote", table, file=sys.stderr)
PY

db=infer_bench
psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
psql -X -q -d "$db" <<SQL
CREATE EXTENSION hbase_fdw;
CREATE SERVER hbase FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url '$HBASE_URL', namespace '$NS');
CREATE FUNCTION bench(t text, n int, rounds int,
                      OUT regions int, OUT keys int, OUT ms numeric, OUT kb numeric,
                      OUT requests numeric, OUT layout text) AS \$\$
DECLARE
  t0 timestamptz; times numeric[] := '{}'; b0 bigint; r0 bigint; b1 bigint; r1 bigint;
BEGIN
  SELECT coalesce(sum(c.bytes), 0) INTO b0 FROM hbase_fdw_cellsets() c;
  SELECT coalesce(sum(q.requests), 0) INTO r0 FROM hbase_fdw_requests() q;
  FOR i IN 1..rounds LOOP
    t0 := clock_timestamp();
    SELECT i.regions, i.keys_sampled, i.layout INTO regions, keys, layout
      FROM hbase_infer_layout('hbase', t, n) i WHERE i.rank = 1;
    times := times || extract(epoch FROM clock_timestamp() - t0) * 1000;
  END LOOP;
  SELECT coalesce(sum(c.bytes), 0) INTO b1 FROM hbase_fdw_cellsets() c;
  SELECT coalesce(sum(q.requests), 0) INTO r1 FROM hbase_fdw_requests() q;
  SELECT round(percentile_disc(0.5) WITHIN GROUP (ORDER BY x), 1) INTO ms FROM unnest(times) x;
  kb := round((b1 - b0) / rounds / 1024.0, 1);
  requests := round((r1 - r0)::numeric / rounds, 1);
END \$\$ LANGUAGE plpgsql;

\pset footer off
SELECT t AS hbase_table, b.* FROM unnest(string_to_array('r' || replace('$REGIONS', ' ', ' r'), ' ')) t,
       unnest(array[100, 1000, 10000]) n, LATERAL bench(t, n, $ROUNDS) b
 ORDER BY length(t), t, n;
SQL
psql -X -q -d postgres -c "DROP DATABASE $db"
