#!/usr/bin/env bash
# bench/insert.sh [N] - INSERT ... SELECT of N rows (default 100000) into an S2-layout table with
# batch_size 100 (the default) and, on N/10 rows, batch_size 1, in one run; then COPY ... FROM a
# file the same way (batch_size 1 is how COPY wrote before it was buffered: a PUT per row);
# prints rows/s.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-100000}
SMALL=$((N / 10))
eval "$(scripts/pg-local env)"
export HBASE_URL=${HBASE_URL:-http://127.0.0.1:${HBASE_REST_PORT:-18080}}
python3 tests/hbase_rest.py create bench_ins d >/dev/null
psql -X -q -d postgres -v url="$HBASE_URL" <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS hbase_fdw;
DROP SERVER IF EXISTS bench_ins CASCADE;
CREATE SERVER bench_ins FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url');
CREATE FOREIGN TABLE bench_ins_t (company_id int, stat_date date, campaign_id int, cost numeric,
  clicks bigint OPTIONS (encoding 'binary')) SERVER bench_ins OPTIONS (table 'bench_ins', family 'd',
  rowkey 'left(md5(company_id + stat_date), 5) + lpad(company_id, 6) + date(stat_date, "yyyyMMdd") + [lpad(campaign_id, 6)]');
SQL
run() { # batch_size rows offset
	local t
	psql -X -q -d postgres -c "ALTER FOREIGN TABLE bench_ins_t OPTIONS (ADD batch_size '$1')" 2>/dev/null ||
		psql -X -q -d postgres -c "ALTER FOREIGN TABLE bench_ins_t OPTIONS (SET batch_size '$1')"
	t=$(psql -X -q -d postgres -c "\\timing on" -c "INSERT INTO bench_ins_t SELECT 1 + g / 1000 + $3, date '2024-01-01' + g % 30, g, g * 0.01, g FROM generate_series(1, $2) g" 2>&1 | awk '/^Time:/{print $2}')
	awk -v b="$1" -v n="$2" -v t="$t" 'BEGIN{printf "batch_size %-4s %7d rows in %8.0f ms: %7.0f rows/s\n", b, n, t, n / (t / 1000)}'
}
copy_run() { # batch_size rows offset
	local t f=/tmp/bench_ins_copy.$$.tsv
	psql -X -q -d postgres -c "ALTER FOREIGN TABLE bench_ins_t OPTIONS (SET batch_size '$1')"
	psql -X -q -d postgres -c "COPY (SELECT 1 + g / 1000 + $3, date '2024-01-01' + g % 30, g, g * 0.01, g FROM generate_series(1, $2) g) TO '$f'"
	t=$(psql -X -q -d postgres -c "\\timing on" -c "COPY bench_ins_t FROM '$f'" 2>&1 | awk '/^Time:/{print $2}')
	rm -f "$f"
	awk -v b="$1" -v n="$2" -v t="$t" 'BEGIN{printf "COPY batch_size %-4s %7d rows in %8.0f ms: %7.0f rows/s\n", b, n, t, n / (t / 1000)}'
}
run 100 "$N" 0
run 1 "$SMALL" 500000
copy_run 100 "$N" 200000
copy_run 1 "$SMALL" 700000
psql -X -q -d postgres -c "SELECT count(*) AS rows_in_hbase FROM bench_ins_t"
psql -X -q -d postgres -c "DROP SERVER bench_ins CASCADE" 2>/dev/null
