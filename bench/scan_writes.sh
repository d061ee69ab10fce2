#!/usr/bin/env bash
# bench/scan_writes.sh [N] [ROUNDS] [CONCURRENCY] - UPDATE and DELETE through a scan (the
# row-by-row writes, EXPLAIN: Foreign Scan under Update/Delete), with a round of writes in
# flight (write_concurrency CONCURRENCY, default 8) against one at a time (write_concurrency 1),
# in one run. Each round loads N rows (default 20,000; bench/rawclient.c put, the S2 layout of
# bench/bulk.sh) into a fresh table, then in turn, the order rotated every round:
#   update    UPDATE t SET cost = 1 WHERE clicks % 2 = 0 (half the rows: batches of 100 PUTs)
#   update1   the same, write_concurrency 1 (the other half: clicks % 2 = 1)
# then reloads and, in turn:
#   cupdate   UPDATE t SET cost = cost + 1 WHERE clicks % 2 = 0 (the SET reads the row: a
#             check-and-put a row, CONCURRENCY at once)
#   cupdate1  the same, write_concurrency 1 (one check-and-put at a time, as before issue 55's
#             third pass)
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
source bench/lib.sh
TABLE=${BENCH_TABLE:-bench_scanw}
out=$work/scanw_$$.times
trap 'rm -f "$out"' EXIT
s2_table bench_scanw "$URL" bench_scanw_t "$TABLE"

: >"$out"
for ((r = 1; r <= ROUNDS; r++)); do
	line="round $r:"
	for kind in update cupdate delete; do
		s2_load "$TABLE" "$N"
		first=$((r % 2))
		for half in $first $((1 - first)); do
			if ((half == 0)); then w=$kind c=$CONC; else w=${kind}1 c=1; fi
			case $kind in
			update) sql="UPDATE bench_scanw_t SET cost = 1 WHERE clicks % 2 = $half" ;;
			cupdate) sql="UPDATE bench_scanw_t SET cost = cost + 1 WHERE clicks % 2 = $half" ;;
			delete) sql="DELETE FROM bench_scanw_t WHERE clicks % 2 = $half" ;;
			esac
			s=$(timed_sql bench_scanw_t $c "$sql")
			echo "$r $w $s" >>"$out"
			line+=" $w $s"
		done
	done
	echo "$line"
done
python3 tests/hbase_rest.py drop "$TABLE" >/dev/null 2>&1 || true
psql -X -q -d "$DB" -c "DROP SERVER bench_scanw CASCADE" 2>/dev/null
ratios "$out" $((N / 2)) "$((N / 2)) rows changed a statement, $ROUNDS rounds, write_concurrency $CONC against 1" \
	update/update1 cupdate/cupdate1 delete/delete1
