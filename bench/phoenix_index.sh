#!/usr/bin/env bash
# bench/phoenix_index.sh - a selective query by a Phoenix-indexed column, in one run: through the
# index, by the full scan hbase_fdw did before (the same table imported again without the
# option phoenix_index_layouts: a full scan with the condition as an HBase filter), and through
# Phoenix's own JDBC (issue 54).
#
# Loads (when missing) BENCH_PHX_TABLE (default BENCH.PHXIDX) of ROWS rows with a global index
# on EMAIL (bench/load_phoenix_index.py: rows through REST in Phoenix's encodings, the index
# built by Phoenix's CREATE INDEX). Then, each query an equality on one random email:
#   index  pgbench, prepared, ROUNDS queries: the index's range, the data row by a multiget
#   covered  the same selecting ID only (the index's key holds it): the index read alone
#   full   pgbench, FULL_ROUNDS queries: the whole table scanned, filtered by HBase
#   jdbc   ROUNDS queries in one script to tests/PhoenixServe.java --script-server (a warm JVM
#          and connection) with the hint /*+ INDEX(SCHEMA.T T_EMAIL) */: Phoenix's range scan of the
#          index and its data rows (NAME is not in the index)
#   jdbc-plain  FULL_ROUNDS queries without the hint: Phoenix's own choice, a full scan (an
#          uncovered global index is used only when hinted)
# Prints each plan's EXPLAIN ANALYZE lines, the mean latencies and the ratios full / index and
# index / jdbc; then ORDER BY email DESC NULLS LAST LIMIT 10 along the index (covered and
# uncovered) against the full scan and Sort and Phoenix's JDBC; then a join from an analysed
# local table of JOIN_ROWS random emails (default 2000) on EMAIL: the batched join through the
# index (the planner's choice once the foreign table is analysed), the nested loop over the
# index's parameterized path, and the hash join over the full scan, each forced by settings.
# Ratios, not timings, are the result.
# Usage: bench/phoenix_index.sh [ROWS] [ROUNDS] [FULL_ROUNDS]   (HBase with Phoenix + PostgreSQL up)
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${1:-200000}
ROUNDS=${2:-200}
FULL_ROUNDS=${3:-3}
T=${BENCH_PHX_TABLE:-BENCH.PHXIDX}
[[ -n ${PGHOST:-} ]] || eval "$(scripts/pg-local env)"
URL=${HBASE_URL:-http://127.0.0.1:${HBASE_REST_PORT:-18080}}
DB=${BENCH_DB:-postgres}
work=${BENCH_DIR:-/var/tmp/hbase_fdw/bench}
mkdir -p "$work"
name=${T#*.}

# the last row and the index: present when loaded
lastkey=$(python3 -c "import struct,sys; sys.stdout.write(''.join('\\\\x%02x' % b for b in struct.pack('>Q', $ROWS - 1 + (1 << 63))))")
if ! python3 tests/hbase_rest.py get "$T" "$lastkey" >/dev/null 2>&1 ||
	[[ $(curl -s -o /dev/null -w '%{http_code}' -H 'Accept: application/json' "$URL/${T}_EMAIL/schema") != 200 ]]; then
	t0=$(date +%s)
	python3 bench/load_phoenix_index.py "$T" "$ROWS"
	echo "loaded $ROWS rows into $T (REST) and built its index (Phoenix) in $(($(date +%s) - t0)) s"
fi

source bench/lib.sh
phoenix_imports bench_phx "$T" bench_phx_i bench_phx_f
lname=$(tr 'A-Z' 'a-z' <<<"$name")

email=$(printf 'u%07d@example.org' $((ROWS / 2)))
for s in i f; do
	echo "plan ($([[ $s == i ]] && echo 'through the index' || echo 'full scan')):"
	psql -X -q -d "$DB" -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
	  SELECT id, name FROM bench_phx_$s.$lname WHERE email = '$email'" |
		grep -E 'actual|HBase (Phoenix Index|Operation|Index Requests|Index Rows|Requests|Rows)'
done

latency() {   # latency FILE ROUNDS -> mean ms
	pgbench -n -M prepared -f "$1" -t "$2" -d "$DB" 2>/dev/null | sed -n 's/^latency average = \([0-9.]*\) ms/\1/p'
}
printf '\\set r random(0, %d)\nSELECT id, name FROM bench_phx_i.%s WHERE email = '"'"'u'"'"' || lpad(:r::text, 7, '"'"'0'"'"') || '"'"'@example.org'"'"';\n' \
	$((ROWS - 1)) "$lname" >"$work/phx_index.sql"
sed "s/bench_phx_i/bench_phx_f/" "$work/phx_index.sql" >"$work/phx_full.sql"
sed "s/SELECT id, name/SELECT id/" "$work/phx_index.sql" >"$work/phx_covered.sql"
index_ms=$(latency "$work/phx_index.sql" "$ROUNDS")
covered_ms=$(latency "$work/phx_covered.sql" "$ROUNDS")
full_ms=$(latency "$work/phx_full.sql" "$FULL_ROUNDS")
jdbc() {   # jdbc HINT ROUNDS -> mean ms of the query through Phoenix's JDBC
	python3 - "$T" "$ROWS" "$1" "$2" <<'PY'
import random, sys, time
sys.path.insert(0, "tests")
from fixtures_phoenix import phoenix_sql
t, rows, hint, rounds = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
q = lambda: "SELECT %s ID, NAME FROM %s WHERE EMAIL = 'u%07d@example.org';\n" % (
    hint, t, random.randrange(rows))
phoenix_sql("".join(q() for _ in range(3)))   # warm: the server, its connection, the plan cache
t0 = time.monotonic()
phoenix_sql("".join(q() for _ in range(rounds)))
print("%.3f" % ((time.monotonic() - t0) * 1000 / rounds))
PY
}
jdbc_ms=$(jdbc "/*+ INDEX($T ${name}_EMAIL) */" "$ROUNDS")
plain_ms=$(jdbc "" "$FULL_ROUNDS")
echo "mean latency: index $index_ms ms, covered (index alone) $covered_ms ms, full scan $full_ms ms ($ROWS rows); Phoenix JDBC through the index $jdbc_ms ms, Phoenix's own plan (full scan) $plain_ms ms"
python3 -c "print('full scan / index = %.1f, index / Phoenix JDBC through the index = %.2f, Phoenix full scan / index = %.1f' % ($full_ms / $index_ms, $index_ms / $jdbc_ms, $plain_ms / $index_ms))"

# ORDER BY ... LIMIT 10 along the index (its last emails, a reversed read): covered (ID, EMAIL:
# the index alone), uncovered (ID, NAME: a Get per index row, in order), against the full scan
# and Sort of the table without the index option, and Phoenix's JDBC on the covered query
printf 'SELECT id, email FROM bench_phx_i.%s ORDER BY email DESC NULLS LAST LIMIT 10;\n' "$lname" >"$work/phx_order.sql"
sed "s/SELECT id, email/SELECT id, name/" "$work/phx_order.sql" >"$work/phx_order_unc.sql"
sed "s/bench_phx_i/bench_phx_f/" "$work/phx_order.sql" >"$work/phx_order_full.sql"
for f in phx_order phx_order_unc phx_order_full; do
	echo "plan ($f):"
	psql -X -q -d "$DB" -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) $(cat "$work/$f.sql")" |
		grep -E 'Sort|actual|HBase (Phoenix Index|Data Rows|Operation|Index Requests|Index Rows|Requests|Rows)'
done
order_ms=$(latency "$work/phx_order.sql" "$ROUNDS")
order_unc_ms=$(latency "$work/phx_order_unc.sql" "$ROUNDS")
order_full_ms=$(latency "$work/phx_order_full.sql" "$FULL_ROUNDS")
order_jdbc_ms=$(python3 - "$T" "$ROUNDS" <<'PY'
import sys, time
sys.path.insert(0, "tests")
from fixtures_phoenix import phoenix_sql
t, rounds = sys.argv[1], int(sys.argv[2])
q = "SELECT ID, EMAIL FROM %s ORDER BY EMAIL DESC NULLS LAST LIMIT 10;\n" % t
phoenix_sql(q * 3)
t0 = time.monotonic()
phoenix_sql(q * rounds)
print("%.3f" % ((time.monotonic() - t0) * 1000 / rounds))
PY
)
echo "ORDER BY email DESC LIMIT 10, mean latency: covered index $order_ms ms, uncovered index $order_unc_ms ms, full scan and Sort $order_full_ms ms; Phoenix JDBC $order_jdbc_ms ms"
python3 -c "print('full scan and Sort / covered index = %.1f, / uncovered index = %.1f; covered index / Phoenix JDBC = %.2f' % ($order_full_ms / $order_ms, $order_full_ms / $order_unc_ms, $order_ms / $order_jdbc_ms))"

# a join from a local table on the indexed column: the batched join through the index (the
# batch's index ranges, its data rows by multigets), against the nested loop of one index range
# per outer row and the hash join over the full scan (JOIN_ROWS outer rows, each an email of
# the table or, by chance, a duplicate)
JOIN_ROWS=${JOIN_ROWS:-2000}
psql -X -q -d "$DB" >/dev/null <<SQL
DROP TABLE IF EXISTS bench_phx_probes;
CREATE TABLE bench_phx_probes AS SELECT format('u%s@example.org', lpad((random() * ($ROWS - 1))::int::text, 7, '0')) AS e
  FROM generate_series(1, $JOIN_ROWS);
ANALYZE bench_phx_probes;
ANALYZE bench_phx_i.$lname;
SQL
q="SELECT count(*), count(x.name) FROM bench_phx_probes p JOIN bench_phx_i.$lname x ON x.email = p.e;"
printf 'SET max_parallel_workers_per_gather = 0;\n%s\n' "$q" >"$work/phx_join.sql"
printf 'SET max_parallel_workers_per_gather = 0;\nSET hbase_fdw.enable_batched_join = off;\nSET enable_hashjoin = off;\nSET enable_mergejoin = off;\n%s\n' "$q" >"$work/phx_join_nl.sql"
printf 'SET max_parallel_workers_per_gather = 0;\nSET hbase_fdw.enable_batched_join = off;\nSET enable_nestloop = off;\n%s\n' "$q" >"$work/phx_join_hash.sql"
for f in phx_join phx_join_nl phx_join_hash; do
	echo "plan ($f):"
	psql -X -q -d "$DB" -f <(sed '$d' "$work/$f.sql"; echo "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) $q") |
		grep -E 'Join|Loop|actual|HBase (Phoenix Index|Data Rows|Operation|Index Requests|Index Rows|Requests|Rows)'
done
join_ms=$(latency "$work/phx_join.sql" "$FULL_ROUNDS")
join_nl_ms=$(latency "$work/phx_join_nl.sql" 1)
join_hash_ms=$(latency "$work/phx_join_hash.sql" "$FULL_ROUNDS")
echo "join of $JOIN_ROWS local rows on email, mean latency: batched through the index $join_ms ms, nested loop through the index $join_nl_ms ms, hash join over the full scan $join_hash_ms ms"
python3 -c "print('hash join over the full scan / batched join through the index = %.1f, nested loop / batched = %.1f' % ($join_hash_ms / $join_ms, $join_nl_ms / $join_ms))"
