#!/usr/bin/env bash
# bench/concurrency.sh [N] - a scan of an 8-bucket salted table (N rows, default 400000, table
# pre-split per bucket) with concurrency 1 (one scanner at a time) versus 8 (the buckets read in
# parallel over curl multi), in one run; median of 3 runs each. SKIP_LOAD=1 reuses the table.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-400000}
eval "$(scripts/pg-local env)"
export HBASE_URL=${HBASE_URL:-http://127.0.0.1:${HBASE_REST_PORT:-18080}}
[[ -n ${SKIP_LOAD:-} ]] || python3 bench/load_salted.py bench_salted "$N"
psql -X -q -d postgres -v url="$HBASE_URL" <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS hbase_fdw;
DROP SERVER IF EXISTS bench_cc CASCADE;
CREATE SERVER bench_cc FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url');
CREATE FOREIGN TABLE bench_cc_t (name text, n int8, pad text) SERVER bench_cc
  OPTIONS (table 'bench_salted', family 'cf', rowkey 'letter(salt(8, random)) + "-" + name');
SQL
run() { # label concurrency sql
	local t
	psql -X -q -d postgres -c "ALTER FOREIGN TABLE bench_cc_t OPTIONS (ADD concurrency '$2')" 2>/dev/null ||
		psql -X -q -d postgres -c "ALTER FOREIGN TABLE bench_cc_t OPTIONS (SET concurrency '$2')"
	t=$(for i in 1 2 3; do
		psql -X -q -d postgres -c "\\timing on" -c "$3" 2>&1 | awk '/^Time:/{print $2}'
	done | sort -n | sed -n 2p)
	printf '%-44s %10s ms\n' "$1" "$t"
	echo "$t"
}
a=$(run "full scan, concurrency 1" 1 "SELECT count(*), sum(n) FROM bench_cc_t" | tee /dev/stderr | tail -1)
b=$(run "full scan, concurrency 8" 8 "SELECT count(*), sum(n) FROM bench_cc_t" | tee /dev/stderr | tail -1)
c=$(run "ORDER BY name LIMIT 10 (merge), concurrency 1" 1 "SELECT name FROM bench_cc_t ORDER BY name COLLATE \"C\" LIMIT 10" | tee /dev/stderr | tail -1)
d=$(run "ORDER BY name LIMIT 10 (merge), concurrency 8" 8 "SELECT name FROM bench_cc_t ORDER BY name COLLATE \"C\" LIMIT 10" | tee /dev/stderr | tail -1)
awk -v a="$a" -v b="$b" -v c="$c" -v d="$d" 'BEGIN{printf "speedup 8 vs 1: full scan %.2fx, ordered LIMIT %.2fx\n", a / b, c / d}'
psql -X -q -d postgres -c "DROP SERVER bench_cc CASCADE" 2>/dev/null
