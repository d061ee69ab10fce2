#!/usr/bin/env bash
# bench/bulk.sh [N] [ROUNDS] [CONCURRENCY] - bulk writes against the raw client, in one run:
# each round writes N fresh rows (default 50,000) of the S2 layout (md5 prefix, a text and a
# Java-long cell, batches of 100) with each writer in turn, the order rotated every round:
#   copy      hbase_fdw COPY ... FROM a file, write_concurrency CONCURRENCY (default 8)
#   insert    hbase_fdw INSERT ... SELECT from generate_series, the same
#   copy1     COPY with write_concurrency 1 (one PUT at a time, as before)
#   insert1   INSERT ... SELECT with write_concurrency 1
#   raw1      bench/rawclient.c put: the same rows and keys, one PUT at a time (libcurl+jansson)
#   raw4      the same raw client, 4 processes at once (a quarter of the rows each)
# With BULK_URL2 (a second REST gateway of the same cluster, e.g. one started by
# scripts/hbase-local start-rest-extra PORT), two more:
#   copy2     COPY through a server whose url lists both gateways (its PUTs spread over them)
#   raw4x2    the raw client's 4 processes, two through each gateway
# ROUNDS (default 5) rounds; the HBase table is made afresh each round. Prints each round's
# seconds, then per writer the median seconds and rows/s, and the ratios of the FDW's writers
# to the raw clients as the median (and range) of the rounds' own ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-50000}
ROUNDS=${2:-5}
CONC=${3:-8}
source bench/rawclient.sh
source bench/lib.sh
export HBASE_URL=$URL
TABLE=${BENCH_TABLE:-bench_bulk}
f=/tmp/bench_bulk_$$.tsv
out=$work/bulk_$$.times
trap 'rm -f "$f" "$out"' EXIT

s2_table bench_bulk "$URL" bench_bulk_t "$TABLE"
URL2=${BULK_URL2:-}
[[ -z $URL2 ]] || s2_table bench_bulk2 "$URL, $URL2" bench_bulk_t2 "$TABLE"

# rows g = 1..N of company 1 + g / 1000 + OFFSET: what rawclient put writes
rows_sql() { echo "SELECT 1 + g / 1000 + $1, date '2024-01-01' + g % 30, g, g * 0.01, g FROM generate_series(1, $N) g"; }

fdw() { # concurrency sql [table]: the statement's seconds
	timed_sql "${3:-bench_bulk_t}" "$1" "$2"
}

raw() { # procs offset [urls]
	"$work/rawclient" "${3:-$URL}" "$TABLE" put "$N" "$2" 100 "$1" | sed -n 's/.*seconds=//p'
}

writers=(copy insert copy1 insert1 raw1 raw4)
[[ -z $URL2 ]] || writers+=(copy2 raw4x2)
: >"$out"
for ((r = 1; r <= ROUNDS; r++)); do
	python3 tests/hbase_rest.py drop "$TABLE" >/dev/null 2>&1 || true
	python3 tests/hbase_rest.py create "$TABLE" d >/dev/null
	# a new table's first writes pay for its region coming up: not any writer's
	"$work/rawclient" "$URL" "$TABLE" put 2000 900000 >/dev/null
	line="round $r:"
	for ((i = 0; i < ${#writers[@]}; i++)); do
		w=${writers[$(((i + r) % ${#writers[@]}))]}
		off=$(((r * ${#writers[@]} + i) * 1000))
		case $w in
		copy | copy1)
			psql -X -q -d "$DB" -c "COPY ($(rows_sql $off)) TO '$f'"
			chmod a+r "$f" 2>/dev/null || true
			s=$(fdw "$([[ $w == copy ]] && echo "$CONC" || echo 1)" "COPY bench_bulk_t FROM '$f'")
			;;
		insert | insert1)
			s=$(fdw "$([[ $w == insert ]] && echo "$CONC" || echo 1)" "INSERT INTO bench_bulk_t $(rows_sql $off)")
			;;
		copy2)
			psql -X -q -d "$DB" -c "COPY ($(rows_sql $off)) TO '$f'"
			chmod a+r "$f" 2>/dev/null || true
			s=$(fdw "$CONC" "COPY bench_bulk_t2 FROM '$f'" bench_bulk_t2)
			;;
		raw1) s=$(raw 1 $off) ;;
		raw4) s=$(raw 4 $off) ;;
		raw4x2) s=$(raw 4 $off "$URL,$URL2") ;;
		esac
		echo "$r $w $s" >>"$out"
		line+=" $w $s"
	done
	echo "$line"
done
python3 tests/hbase_rest.py drop "$TABLE" >/dev/null 2>&1 || true
psql -X -q -d "$DB" -c "DROP SERVER bench_bulk CASCADE" 2>/dev/null
[[ -z $URL2 ]] || psql -X -q -d "$DB" -c "DROP SERVER bench_bulk2 CASCADE" 2>/dev/null

ratios "$out" "$N" "$N rows a writer, $ROUNDS rounds, write_concurrency $CONC" \
	copy/raw1 copy/raw4 insert/raw1 insert/raw4 copy1/raw1 copy1/raw4 insert1/raw1 insert1/raw4 \
	copy/copy1 insert/insert1 copy2/raw4 copy2/raw4x2 copy2/copy raw4x2/raw4
