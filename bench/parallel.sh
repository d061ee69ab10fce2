#!/usr/bin/env bash
# bench/parallel.sh [N] [REGIONS] - a full scan of a table pre-split into REGIONS regions
# (default 1,000,000 rows, 8 regions): one scanner (concurrency 1), region scans over curl
# multi (concurrency 8, one backend), and Parallel Foreign Scan with 1 and 2 workers (each
# process reading one region at a time). SELECT count(*), sum(n), sum(length(pad)); median of
# 3 each, alternated; ratios to the single scanner. SKIP_LOAD=1 reuses the table.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000000}
R=${2:-8}
TABLE=bench_par_${N}_$R
[[ -n ${PGHOST:-} ]] || eval "$(scripts/pg-local env)"
URL=${HBASE_URL:-http://127.0.0.1:${HBASE_REST_PORT:-18080}}
work=${BENCH_DIR:-/var/tmp/hbase_fdw/bench}
mkdir -p "$work"
last=$(printf 'row%09d' $((N - 1)))
if [[ -z ${SKIP_LOAD:-} && $(curl -s -o /dev/null -w '%{http_code}' -H 'Accept: application/json' "$URL/$TABLE/$last") != 200 ]]; then
	python3 bench/load_rows.py "$TABLE" "$N" "$R"
fi
psql -X -q -d postgres -v url="$URL" -v tbl="$TABLE" >/dev/null <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS hbase_fdw;
DROP SERVER IF EXISTS bench_par CASCADE;
CREATE SERVER bench_par FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url');
CREATE USER MAPPING FOR CURRENT_USER SERVER bench_par;
CREATE FOREIGN TABLE bench_par_one (k text OPTIONS (column ':key'), n int8, pad text)
  SERVER bench_par OPTIONS (table :'tbl', family 'cf', concurrency '1', parallel_workers '0');
CREATE FOREIGN TABLE bench_par_regions (k text OPTIONS (column ':key'), n int8, pad text)
  SERVER bench_par OPTIONS (table :'tbl', family 'cf', concurrency '8', parallel_workers '0');
CREATE FOREIGN TABLE bench_par_w (k text OPTIONS (column ':key'), n int8, pad text)
  SERVER bench_par OPTIONS (table :'tbl', family 'cf', parallel_workers '2');
SQL
scan() { # table workers -> seconds
	PGOPTIONS="-c max_parallel_workers_per_gather=$2 -c parallel_setup_cost=0 -c parallel_tuple_cost=0" \
		psql -X -q -d postgres -At -v t="$1" <<'SQL' | awk '/^elapsed/{printf "%.3f\n", $3 - $2}'
\set t0 `date +%s.%N`
SELECT count(*), sum(n), sum(length(pad)) FROM :t \g /dev/null
\set t1 `date +%s.%N`
\echo elapsed :t0 :t1
SQL
}
median() { sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
: >"$work/p1"; : >"$work/pr"; : >"$work/pw1"; : >"$work/pw2"
for round in 1 2 3; do
	scan bench_par_one 0 >>"$work/p1"
	scan bench_par_regions 0 >>"$work/pr"
	scan bench_par_w 1 >>"$work/pw1"
	scan bench_par_w 2 >>"$work/pw2"
done
one=$(median <"$work/p1"); reg=$(median <"$work/pr"); w1=$(median <"$work/pw1"); w2=$(median <"$work/pw2")
echo "full scan of $N rows in $R regions, median of 3 (s): one scanner $one | region scans (one backend, concurrency 8) $reg | Parallel Foreign Scan, 1 worker + leader $w1 | 2 workers + leader $w2"
awk -v a="$one" -v b="$reg" -v c="$w1" -v d="$w2" -v cores="$(nproc)" 'BEGIN{
	printf "  speedup over one scanner: region scans %.2f | 1 worker %.2f | 2 workers %.2f (on %d cores shared with HBase and its gateway)\n", a / b, a / c, a / d, cores }'
