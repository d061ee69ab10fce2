#!/usr/bin/env bash
# bench/scan_writes.sh [N] [ROUNDS] [CONCURRENCY] - UPDATE and DELETE through a scan (the
# row-by-row writes, EXPLAIN: Foreign Scan under Update/Delete), with a round of writes in
# flight (write_concurrency CONCURRENCY, default 8) against one at a time (write_concurrency 1),
# in one run. Each round loads N rows (default 20,000; bench/rawclient.c put, the S2 layout of
# bench/bulk.sh) into a fresh table, then in turn, the order rotated every round:
#   update    UPDATE t SET cost = 1 WHERE clicks % 2 = 0 (half the rows: batches of 100 PUTs)
#   update1   the same, write_concurrency 1 (the other half: clicks % 2 = 1)
# then reloads and, in turn:
#   delete    DELETE FROM t WHERE clicks % 2 = 0 (half the rows, row DELETEs)
#   delete1   the same, write_concurrency 1 (the other half)
# Prints each round's seconds, then the medians and the ratios (median of the rounds' ratios,
# [min-max]). The scan's cost is in both sides of each ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-20000}
ROUNDS=${2:-3}
CONC=${3:-8}
source bench/rawclient.sh
TABLE=${BENCH_TABLE:-bench_scanw}
out=$work/scanw_$$.times
trap 'rm -f "$out"' EXIT

psql -X -q -d "$DB" -v url="$URL" -v tbl="$TABLE" <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS hbase_fdw;
DROP SERVER IF EXISTS bench_scanw CASCADE;
CREATE SERVER bench_scanw FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url');
CREATE FOREIGN TABLE bench_scanw_t (company_id int, stat_date date, campaign_id int, cost numeric,
  clicks bigint OPTIONS (encoding 'binary')) SERVER bench_scanw OPTIONS (table :'tbl', family 'd',
  batch_size '100', write_concurrency '1',
  rowkey 'left(md5(company_id + stat_date), 5) + lpad(company_id, 6) + date(stat_date, "yyyyMMdd") + [lpad(campaign_id, 6)]');
SQL

load() {
	python3 tests/hbase_rest.py drop "$TABLE" >/dev/null 2>&1 || true
	python3 tests/hbase_rest.py create "$TABLE" d >/dev/null
	"$work/rawclient" "$URL" "$TABLE" put "$N" 0 100 4 >/dev/null
}

run() { # concurrency sql: the statement's seconds
	psql -X -q -d "$DB" -c "ALTER FOREIGN TABLE bench_scanw_t OPTIONS (SET write_concurrency '$1')"
	psql -X -q -d "$DB" -c "\\timing on" -c "$2" 2>&1 |
		awk '/^Time:/{t=$2} /ERROR/{print > "/dev/stderr"; exit 1} END{printf "%.3f\n", t / 1000}'
}

: >"$out"
for ((r = 1; r <= ROUNDS; r++)); do
	line="round $r:"
	for kind in update delete; do
		load
		first=$((r % 2))
		for half in $first $((1 - first)); do
			if ((half == 0)); then w=$kind c=$CONC; else w=${kind}1 c=1; fi
			if [[ $kind == update ]]; then
				s=$(run $c "UPDATE bench_scanw_t SET cost = 1 WHERE clicks % 2 = $half")
			else
				s=$(run $c "DELETE FROM bench_scanw_t WHERE clicks % 2 = $half")
			fi
			echo "$r $w $s" >>"$out"
			line+=" $w $s"
		done
	done
	echo "$line"
done
python3 tests/hbase_rest.py drop "$TABLE" >/dev/null 2>&1 || true
psql -X -q -d "$DB" -c "DROP SERVER bench_scanw CASCADE" 2>/dev/null

python3 - "$out" "$N" "$CONC" <<'PY'
import statistics, sys
times = {}
for line in open(sys.argv[1]):
    r, w, s = line.split()
    times.setdefault(w, {})[int(r)] = float(s)
n = int(sys.argv[2]) // 2
print("\n%d rows changed a statement, %d rounds, write_concurrency %s against 1" % (n, len(times["update"]), sys.argv[3]))
for w in ("update", "update1", "delete", "delete1"):
    med = statistics.median(times[w].values())
    print("%-8s median %7.3f s  %8.0f rows/s" % (w, med, n / med))
for a, b in (("update", "update1"), ("delete", "delete1")):
    rs = [times[a][r] / times[b][r] for r in times[a]]
    print("%-7s / %-8s %5.2f  [%.2f-%.2f]" % (a, b, statistics.median(rs), min(rs), max(rs)))
PY
