#!/usr/bin/env bash
# bench/phoenix_local_index.sh - a selective query by a column of a Phoenix LOCAL index on a table
# of several regions, in one run of interleaved rounds: through the local index, by the full scan
# (the same table imported again without the option phoenix_index_layouts: the whole table read,
# the condition an HBase filter), and through Phoenix's own JDBC (issue 54).
#
# Loads (when missing) BENCH_PHX_LOCAL_TABLE (default BENCH.PHXLOC) of ROWS rows SPLIT ON into
# REGIONS regions of equal ID ranges, with a LOCAL index on EMAIL (bench/load_phoenix_index.py
# --local: rows through REST in Phoenix's encodings, the index built by Phoenix's CREATE LOCAL
# INDEX into the data table's own regions). A table of another size or region count is loaded
# again. Then ROUNDS rounds, each writer's order rotated per round, each query an equality on one
# random email:
#   local    pgbench, prepared, QUERIES queries of ID, NAME (NAME is not in the index): the
#            regions listed, the index's range read in each region (one scanner per region), the
#            data row by a multiget, the regions listed again
#   covered  the same selecting ID only (the index key holds it): the index read alone
#   full     pgbench, FULL_QUERIES queries: the whole table scanned, filtered by HBase
#   jdbc     QUERIES queries of ID, NAME in one script to tests/PhoenixServe.java --script-server
#            (a warm JVM and connection): Phoenix's own plan, a range scan of the local index in
#            each region with the data row merged on the region server (SERVER MERGE)
# Prints each plan's EXPLAIN ANALYZE lines, then per writer the median of its rounds' mean
# latency per query and the medians of the rounds' ratios (bench/lib.sh ratios; its "rows/s"
# column is queries/s here). Ratios, not timings, are the result.
# Usage: bench/phoenix_local_index.sh [ROWS] [REGIONS] [ROUNDS] [QUERIES] [FULL_QUERIES]
#   default 200000 4 5 100 2; 1000000 for the 1M table (HBase with Phoenix + PostgreSQL up)
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${1:-200000}
REGIONS=${2:-4}
ROUNDS=${3:-5}
QUERIES=${4:-100}
FULL_QUERIES=${5:-2}
T=${BENCH_PHX_LOCAL_TABLE:-BENCH.PHXLOC}
[[ -n ${PGHOST:-} ]] || eval "$(scripts/pg-local env)"
URL=${HBASE_URL:-http://127.0.0.1:${HBASE_REST_PORT:-18080}}
DB=${BENCH_DB:-postgres}
work=${BENCH_DIR:-/var/tmp/hbase_fdw/bench}
mkdir -p "$work"
source bench/lib.sh
lname=$(tr 'A-Z' 'a-z' <<<"${T#*.}")

# loaded when its last row is there and it has REGIONS regions (the local index is built with it)
lastkey=$(python3 -c "import struct,sys; sys.stdout.write(''.join('\\\\x%02x' % b for b in struct.pack('>Q', $ROWS - 1 + (1 << 63))))")
if ! python3 tests/hbase_rest.py get "$T" "$lastkey" >/dev/null 2>&1 ||
	[[ $(python3 tests/hbase_rest.py regions "$T" 2>/dev/null) != "$REGIONS" ]]; then
	t0=$(date +%s)
	python3 bench/load_phoenix_index.py "$T" "$ROWS" --local "$REGIONS"
	echo "loaded $ROWS rows into $T (REST, $REGIONS regions) and built its local index (Phoenix) in $(($(date +%s) - t0)) s"
fi

phoenix_imports bench_phxl "$T" bench_phxl_i bench_phxl_f

email=$(printf 'u%07d@example.org' $((ROWS / 2)))
for q in "i:SELECT id, name" "i:SELECT id" "f:SELECT id, name"; do
	s=${q%%:*}
	echo "plan (${q#*:}, $([[ $s == i ]] && echo 'through the local index' || echo 'full scan')):"
	psql -X -q -d "$DB" -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
	  ${q#*:} FROM bench_phxl_$s.$lname WHERE email = '$email'" |
		grep -E 'actual|HBase (Phoenix Index|Data Rows|Operation|Index Requests|Index Rows|Index Regions|Index Region Listings|Requests|Rows)'
done
echo "Phoenix's plan:"
printf "EXPLAIN SELECT ID, NAME FROM %s WHERE EMAIL = '%s';\n" "$T" "$email" | python3 tests/fixtures_phoenix.py sql |
	sed 's/ | NULL//g'

printf '\\set r random(0, %d)\nSELECT id, name FROM bench_phxl_i.%s WHERE email = '"'"'u'"'"' || lpad(:r::text, 7, '"'"'0'"'"') || '"'"'@example.org'"'"';\n' \
	$((ROWS - 1)) "$lname" >"$work/phxl_local.sql"
sed "s/SELECT id, name/SELECT id/" "$work/phxl_local.sql" >"$work/phxl_covered.sql"
sed "s/bench_phxl_i/bench_phxl_f/" "$work/phxl_local.sql" >"$work/phxl_full.sql"

# seconds per query of one writer, mean over its queries of this round
per_query() {
	case $1 in
	local | covered | full)
		local f=$work/phxl_$1.sql n=$QUERIES
		[[ $1 == full ]] && n=$FULL_QUERIES
		pgbench -n -M prepared -f "$f" -t "$n" -d "$DB" 2>/dev/null |
			sed -n 's/^latency average = \([0-9.]*\) ms/\1/p' | awk '{printf "%.6f\n", $1 / 1000}'
		;;
	jdbc)
		python3 - "$T" "$ROWS" "$QUERIES" <<'PY'
import random, sys, time
sys.path.insert(0, "tests")
from fixtures_phoenix import phoenix_sql
t, rows, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
q = lambda: "SELECT ID, NAME FROM %s WHERE EMAIL = 'u%07d@example.org';\n" % (t, random.randrange(rows))
phoenix_sql("".join(q() for _ in range(3)))   # warm: the server, its connection, the plan cache
t0 = time.monotonic()
phoenix_sql("".join(q() for _ in range(n)))
print("%.6f" % ((time.monotonic() - t0) / n))
PY
		;;
	esac
}

out=$work/phxl_rounds.txt
: >"$out"
writers=(local covered full jdbc)
for ((r = 1; r <= ROUNDS; r++)); do
	for ((k = 0; k < ${#writers[@]}; k++)); do
		w=${writers[$(((k + r) % ${#writers[@]}))]}
		echo "$r $w $(per_query "$w")" >>"$out"
	done
done
ratios "$out" 1 "an equality on a local-indexed column, $ROWS rows in $REGIONS regions, $ROUNDS rounds (seconds per query; rows/s: queries/s)" \
	full/local full/covered local/jdbc covered/jdbc
