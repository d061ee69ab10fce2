#!/usr/bin/env bash
# bench/scan_rss.sh - memory and speed of a full scan: peak RSS (VmHWM) of the backend that
# scans N rows (default 1,000,000) versus one that scans N/100 rows, in the same run.
# A bounded scan keeps the ratio near 1. Usage: bench/scan_rss.sh [N]   (HBase + PG up)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000000}
SMALL=$((N / 100))
eval "$(scripts/pg-local env)"
export HBASE_URL=${HBASE_URL:-http://127.0.0.1:${HBASE_REST_PORT:-18080}}

t0=$(date +%s.%N)
if [[ -z ${SKIP_LOAD:-} ]]; then
	python3 bench/load_rows.py bench_big "$N"
	python3 bench/load_rows.py bench_small "$SMALL"
fi
t1=$(date +%s.%N)
awk -v a="$t0" -v b="$t1" -v n="$N" -v s="$SMALL" 'BEGIN{printf "loaded %d + %d rows through REST in %.1f s\n", n, s, b - a}'

measure() { # table -> "rows rss_kb seconds"
	psql -X -q -d postgres -v tbl="$1" -v url="$HBASE_URL" <<'SQL'
\pset tuples_only on
\pset format unaligned
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS hbase_fdw;
DROP SERVER IF EXISTS bench_srv CASCADE;
CREATE SERVER bench_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url');
CREATE FOREIGN TABLE bench_t (k text OPTIONS (column ':key'), n int8, pad text)
  SERVER bench_srv OPTIONS (table :'tbl', family 'cf');
SELECT pg_backend_pid() AS pid \gset
\set t0 `date +%s.%N`
SELECT count(*), sum(n), sum(length(pad)) FROM bench_t;
\set t1 `date +%s.%N`
\setenv BPID :pid
\! grep VmHWM /proc/$BPID/status
\echo elapsed :t0 :t1
DROP SERVER bench_srv CASCADE;
SQL
}

for t in bench_small bench_big; do
	out=$(measure $t)
	rows=$(echo "$out" | awk -F'|' 'NR==1{print $1}')
	hwm=$(echo "$out" | awk '/VmHWM/{print $2}')
	el=$(echo "$out" | awk '/^elapsed/{printf "%.2f", $3 - $2}')
	echo "$t: rows=$rows peak_rss_kb=$hwm seconds=$el rows_per_s=$(awk -v r="$rows" -v e="$el" 'BEGIN{printf "%d", r / e}')"
	eval "hwm_$t=$hwm"
done
awk -v b="$hwm_bench_big" -v s="$hwm_bench_small" 'BEGIN{printf "peak RSS ratio big/small: %.2f\n", b / s}'
