#!/usr/bin/env bash
# bench/getinstr.sh - instructions per statement of a prepared Get, counted (issue 41): the
# reliable proxy for bench/getfloor.sh's ratio where timings are noisy or the machine has no
# hardware counters (perf stat -e instructions unsupported in a VM).
#
# Runs a single-user backend of a scratch cluster ($work/getinstr, initdb'd on first use) under
# valgrind's callgrind with 50 and then 250 prepared Gets of the same table as bench/getfloor.sh
# (SELECT n, pad FROM t WHERE id = $1, rowkey '"row" + lpad(id, 9)', hbase_fdw.busy_wait = 0 so
# that no instruction depends on the gateway's speed), and the same with a prepared SELECT 1; the
# difference of the two runs over 200 statements is the cost of one, start-up excluded. Then
# the raw client's Gets (bench/rawclient.c) the same way, and a prepared Get of a local table of
# the same rows by primary key (PostgreSQL's own one-row statement on a relation). Prints
# instructions per statement: the Get's total, its libcurl part (curl_multi_perform),
# hbase_fdw's own part outside libcurl, SELECT 1, the local Get, the raw client's Get, and the
# ratios get / (raw get + select 1) and get / (raw get + local get).
# Single-user mode prints each row (its debugtup, ~16,000 instructions a Get, ~5,000 a SELECT 1):
# the ratio counts them on both sides. The extension is the one installed for $PG_CONFIG.
# Usage: bench/getinstr.sh [N]  (N as bench/getfloor.sh's, default 100000; the table must exist)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-100000}
T=${BENCH_TABLE:-bench_ab_$N}
. bench/rawclient.sh
. bench/lib.sh
callgrind_cluster getinstr "CREATE EXTENSION hbase_fdw;
CREATE SERVER s FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url '$URL');
CREATE USER MAPPING FOR CURRENT_USER SERVER s;
CREATE FOREIGN TABLE t (id bigint, n bigint, pad text) SERVER s OPTIONS (table '$T', family 'cf', rowkey '\"row\" + lpad(id, 9)');
CREATE TABLE loc (id bigint PRIMARY KEY, n bigint, pad text);
INSERT INTO loc SELECT g, g, repeat('x', 40) FROM generate_series(0, $N - 1) g;
VACUUM ANALYZE loc;"
for n in 50 250; do
	{
		echo 'SET hbase_fdw.busy_wait = 0;'
		echo 'PREPARE p(bigint) AS SELECT n, pad FROM t WHERE id = $1;'
		for ((i = 0; i < n; i++)); do echo "EXECUTE p($(((i * 7919) % N)));"; done
	} >"$cg/get$n.sql"
	{
		echo 'PREPARE p(bigint) AS SELECT n, pad FROM loc WHERE id = $1;'
		for ((i = 0; i < n; i++)); do echo "EXECUTE p($(((i * 7919) % N)));"; done
	} >"$cg/local$n.sql"
	{
		echo 'SET hbase_fdw.busy_wait = 0;'
		echo 'PREPARE p(bigint) AS SELECT sum(n) FROM (SELECT id, n FROM t WHERE id > $1 ORDER BY id LIMIT 10) s;'
		for ((i = 0; i < n; i++)); do echo "EXECUTE p($(((i * 7919) % (N - 20))));"; done
	} >"$cg/page$n.sql"
	{
		echo 'PREPARE p AS SELECT 1;'
		for ((i = 0; i < n; i++)); do echo 'EXECUTE p;'; done
	} >"$cg/select1$n.sql"
done
chmod a+r "$cg"/*.sql
# callgrind a run: its output file
run() { # what n -> file
	local out=$cg/cg.$1.$2.out
	rm -f "$out"
	if [[ $1 == raw ]]; then
		RAW_GET_B64=1 valgrind --tool=callgrind --callgrind-out-file="$out" "$work/rawclient" "$URL" "$T" get row "$2" "$N" >/dev/null 2>&1
	elif [[ $1 == rawpage ]]; then
		valgrind --tool=callgrind --callgrind-out-file="$out" "$work/rawclient" "$URL" "$T" page row "$2" $((N - 20)) 10 >/dev/null 2>&1
	else
		callgrind_single "$out" "$cg/$1$2.sql" "$cg/run.$1.$2.log"
	fi
	echo "$out"
}
per() { # what function -> instructions per statement
	echo $((($(incl "$cg/cg.$1.250.out" "$2") - $(incl "$cg/cg.$1.50.out" "$2")) / 200))
}
for w in get select1 local raw page rawpage; do run "$w" 50 >/dev/null; run "$w" 250 >/dev/null; done
grep -q 'n = ' "$cg/run.get.250.log" || { echo "getinstr: the Gets returned no rows (see $cg/run.get.250.log)" >&2; exit 1; }
get=$(per get "")
curl=$(per get curl_multi_perform)
http=$(per get hbase_http_perform)
fdw=$(($(per get hbaseIterateForeignScan) + $(per get hbaseBeginForeignScan) + $(per get hbaseEndForeignScan) - http))
s1=$(per select1 "")
lo=$(per local "")
raw=$(per raw "")
page=$(per page "")
pcurl=$(per page curl_multi_perform)
phttp=$(per page hbase_http_perform)
pfdw=$(($(per page hbaseIterateForeignScan) + $(per page hbaseBeginForeignScan) + $(per page hbaseEndForeignScan) - phttp))
pjson=$(per page hbase_cellset_json_decode)
rawpage=$(per rawpage "")
printf '%-52s %8d\n' "hbase_fdw Get, instructions per statement" "$get" \
	"  of which libcurl (curl_multi_perform)" "$curl" \
	"  of which hbase_fdw's own code outside http.c" "$fdw" \
	"SELECT 1 (prepared, single-user backend)" "$s1" \
	"local Get by primary key (prepared, single-user)" "$lo" \
	"raw client Get" "$raw" \
	"hbase_fdw keyset page of 10 rows (summed)" "$page" \
	"  of which libcurl (curl_multi_perform)" "$pcurl" \
	"  of which hbase_fdw's own code outside http.c" "$pfdw" \
	"    of which the JSON decoder" "$pjson" \
	"raw client page of 10 rows" "$rawpage"
awk -v g="$get" -v r="$raw" -v s="$s1" -v l="$lo" 'BEGIN {
	printf "get / (raw get + select 1)   %.3f (instructions)\n", g / (r + s)
	printf "get / (raw get + local get)  %.3f (instructions)\n", g / (r + l)}'
awk -v p="$page" -v r="$rawpage" -v s="$s1" 'BEGIN {
	printf "page / (raw page + select 1) %.3f (instructions)\n", p / (r + s)}'
