#!/usr/bin/env bash
# bench/keyset.sh - a page of 10 rows at the start and at 90% depth of a 1M-row table (made by
# bench/scan_rss.sh): keyset pagination vs OFFSET, in one run. Times are medians of 3 runs.
set -euo pipefail
cd "$(dirname "$0")/.."
eval "$(scripts/pg-local env)"
export HBASE_URL=${HBASE_URL:-http://127.0.0.1:${HBASE_REST_PORT:-18080}}
run() { # label sql
	local t
	t=$(for i in 1 2 3; do
		psql -X -q -d postgres -v url="$HBASE_URL" -c "\\timing on" -c "$2" 2>&1 | awk '/^Time:/{print $2}'
	done | sort -n | sed -n 2p)
	printf '%-28s %10s ms\n' "$1" "$t"
}
psql -X -q -d postgres -v url="$HBASE_URL" <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS hbase_fdw;
DROP SERVER IF EXISTS bench_ks CASCADE;
CREATE SERVER bench_ks FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url');
CREATE FOREIGN TABLE bench_ks_t (k text OPTIONS (column ':key') COLLATE "C", n int8)
  SERVER bench_ks OPTIONS (table 'bench_big', family 'cf');
SQL
run "page 1"                 "SELECT k FROM bench_ks_t ORDER BY k LIMIT 10"
run "90% keyset"             "SELECT k FROM bench_ks_t WHERE k > 'row000900000' ORDER BY k LIMIT 10"
run "90% OFFSET"             "SELECT k FROM bench_ks_t ORDER BY k LIMIT 10 OFFSET 900000"
psql -X -q -d postgres -c "DROP SERVER bench_ks CASCADE" 2>/dev/null
