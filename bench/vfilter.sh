#!/usr/bin/env bash
# bench/vfilter.sh - value filters at the region server (issue 39): a selective report over a
# table of N rows (default 1,000,000; bench/load_vfilter.py) with its filter sent to HBase,
# against the same report with pushdown off (every row comes over the wire) and against
# bench/rawclient.c (no PostgreSQL), in one run: once for whole rows with the filter a
# hand-written client would send (raw), once sending hbase_fdw's own request, built by hand
# (rawsame: the cells it names, its filter, exact for any cell the reader takes).
#
#   bench/vfilter.sh [N]        ROUNDS (3) interleaved rounds; prints medians and ratios
#
# Reports: 1% and 0.01% of the rows, by a text range (s < 's010000', one
# SingleColumnValueFilter) and by a binary long range (v < 10000: hbase_fdw sends a byte range
# per sign, ORed with one test passing cells of another width; the raw client the one range of
# 8-byte longs a hand-written client would send). The goal (issue 39): filtered hbase_fdw / raw filtered <= 1.1.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000000}
ROUNDS=${ROUNDS:-3}
TABLE=bench_vfilter_$N
source bench/rawclient.sh

last=$(printf 'row%09d' $((N - 1)))
if [[ $(curl -s -o /dev/null -w '%{http_code}' -H 'Accept: application/json' "$URL/$TABLE/$last") != 200 ]]; then
	python3 bench/load_vfilter.py "$TABLE" "$N"
fi
psql -X -q -d "$DB" -v url="$URL" -v tbl="$TABLE" >/dev/null <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS hbase_fdw;
DROP SERVER IF EXISTS bench_vfilter CASCADE;
CREATE SERVER bench_vfilter FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url');
CREATE USER MAPPING FOR CURRENT_USER SERVER bench_vfilter;
CREATE FOREIGN TABLE vf_bench (k text OPTIONS (column ':key'), n bigint, pad text,
  s text COLLATE "C", v bigint OPTIONS (encoding 'binary'))
  SERVER bench_vfilter OPTIONS (table :'tbl', family 'cf');
SQL

b64() { printf '%s' "$1" | base64 -w0; }
hexb64() { printf '%s' "$1" | xxd -r -p | base64 -w0; }
# the scanner spec of the raw client: one SingleColumnValueFilter (or two), as JSON
scvf() { # qualifier op comparator-value-base64
	printf '{"type":"SingleColumnValueFilter","op":"%s","family":"%s","qualifier":"%s","ifMissing":true,"latestVersion":true,"comparator":{"type":"BinaryComparator","value":"%s"}}' \
		"$2" "$(b64 cf)" "$(b64 "$1")" "$3"
}
spec() { # filter JSON [cells...] -> ScannerModel JSON (the filter is a string inside it)
	python3 -c 'import base64,json,sys
m = {"maxVersions": 1, "filter": sys.argv[1]}
if sys.argv[2:]:
    m["column"] = [base64.b64encode(c.encode()).decode() for c in sys.argv[2:]]
print(json.dumps(m))' "$@"
}
declare -A SQLQ RAW RAWC
SQLQ[s1]="SELECT count(*), sum(n) FROM vf_bench WHERE s < 's010000'"
SQLQ[s001]="SELECT count(*), sum(n) FROM vf_bench WHERE s < 's000100'"
SQLQ[v1]="SELECT count(*), sum(n) FROM vf_bench WHERE v < 10000"
SQLQ[v001]="SELECT count(*), sum(n) FROM vf_bench WHERE v < 100"
RAW[s1]=$(spec "$(scvf s LESS "$(b64 s010000)")")
RAW[s001]=$(spec "$(scvf s LESS "$(b64 s000100)")")
RAW[v1]=$(spec "{\"type\":\"FilterList\",\"op\":\"MUST_PASS_ALL\",\"filters\":[$(scvf v GREATER_OR_EQUAL "$(hexb64 0000000000000000)"),$(scvf v LESS "$(hexb64 0000000000002710)")]}")
RAW[v001]=$(spec "{\"type\":\"FilterList\",\"op\":\"MUST_PASS_ALL\",\"filters\":[$(scvf v GREATER_OR_EQUAL "$(hexb64 0000000000000000)"),$(scvf v LESS "$(hexb64 0000000000000064)")]}")
# hbase_fdw's own request, built here by hand: the cells it names (the query's n, the filter's
# column) and its filter. For s the raw client's; for v < C (exact for any cell the reader takes)
# an OR of a cell not 8 bytes long (BitComparator fails other lengths), a non-negative long up
# to C - 1 and any negative long (two's complement sorts them after the positives)
bitcmp() { # qualifier op bitcomparator-value-base64
	printf '{"type":"SingleColumnValueFilter","op":"%s","family":"%s","qualifier":"%s","ifMissing":true,"latestVersion":true,"comparator":{"type":"BitComparator","op":"OR","value":"%s"}}' \
		"$2" "$(b64 cf)" "$(b64 "$1")" "$3"
}
vexact() { # C-1 as 16 hex digits -> hbase_fdw's filter of v < C
	printf '{"type":"FilterList","op":"MUST_PASS_ONE","filters":[%s,%s,%s]}' \
		"$(bitcmp v NOT_EQUAL "$(hexb64 ffffffffffffffff)")" "$(scvf v LESS_OR_EQUAL "$(hexb64 "$1")")" \
		"$(scvf v GREATER_OR_EQUAL "$(hexb64 8000000000000000)")"
}
for w in s1 s001; do
	RAWC[$w]=$(spec "$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["filter"])' "${RAW[$w]}")" cf:n cf:s)
done
RAWC[v1]=$(spec "$(vexact 000000000000270f)" cf:n cf:v)
RAWC[v001]=$(spec "$(vexact 0000000000000063)" cf:n cf:v)
NAMES="s1 s001 v1 v001"

secs() { # SQL [pushdown on|off] -> seconds of the statement (psql \timing)
	psql -X -q -d "$DB" -c "SET hbase_fdw.enable_pushdown = $2" -c '\timing on' -c "$1" |
		awk '/^Time:/{printf "%.3f\n", $2 / 1000}'
}
: >"$work/vfilter.results"
for ((i = 1; i <= ROUNDS; i++)); do
	for w in $NAMES; do
		echo "$w fdw $(secs "${SQLQ[$w]}" on)" >>"$work/vfilter.results"
		echo "$w off $(secs "${SQLQ[$w]}" off)" >>"$work/vfilter.results"
		RAW_SPEC=${RAW[$w]} "$work/rawclient" "$URL" "$TABLE" scan 1000 decode |
			sed -n 's/.*seconds=\([0-9.]*\).*/\1/p' | awk -v w="$w" '{print w, "raw", $1}' >>"$work/vfilter.results"
		RAW_SPEC=${RAWC[$w]} "$work/rawclient" "$URL" "$TABLE" scan 1000 decode |
			sed -n 's/.*seconds=\([0-9.]*\).*/\1/p' | awk -v w="$w" '{print w, "rawc", $1}' >>"$work/vfilter.results"
	done
done
# the rows each receives, once (EXPLAIN ANALYZE)
echo "bench/vfilter.sh: $N rows, medians of $ROUNDS interleaved rounds (seconds)"
printf '%-6s %-34s %8s %8s %8s %8s %9s %10s %9s %s\n' report query filtered unfilt raw rawsame filt/raw filt/rawsam unf/filt \
	"rows received (filtered)"
for w in $NAMES; do
	med() { awk -v w="$w" -v m="$1" '$1 == w && $2 == m {print $3}' "$work/vfilter.results" | sort -g |
		awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
	f=$(med fdw); o=$(med off); r=$(med raw); rc=$(med rawc)
	rows=$(psql -X -q -At -d "$DB" -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${SQLQ[$w]}" |
		awk '/Rows Received/{print $NF}')
	printf '%-6s %-34s %8s %8s %8s %8s %9.2f %10.2f %9.2f %s\n' "$w" "${SQLQ[$w]#*WHERE }" "$f" "$o" "$r" "$rc" \
		"$(echo "$f / $r" | bc -l)" "$(echo "$f / $rc" | bc -l)" "$(echo "$o / $f" | bc -l)" "$rows"
done
