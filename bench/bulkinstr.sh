#!/usr/bin/env bash
# bench/bulkinstr.sh - instructions per row of a COPY into HBase, counted (issue 55): where the
# backend's time goes when it writes, against the raw client's work for the same rows and bytes.
#
# Runs a single-user backend of a scratch cluster ($work/bulkinstr, initdb'd on first use) under
# valgrind's callgrind with a COPY of N1 and then N2 rows of bench/bulk.sh's layout (S2 keys: md5
# prefix, a numeric and a Java-long cell, batches of 100, write_concurrency W), and the raw client
# (bench/rawclient.c put, one process) with the same rows; the difference of the two runs over
# N2 - N1 rows is the cost of one, start-up excluded. Prints instructions per row: the COPY's
# total, its parts (PostgreSQL's COPY parsing, encode_row and what it calls: the rowkey, the
# cells; the JSON CellSet; libcurl; hbase_fdw's code outside those), and the raw client's, with
# its libcurl and JSON parts. Callgrind counts instructions, not waits: the gateway's speed does
# not enter. The extension is the one installed for $PG_CONFIG.
# Usage: bench/bulkinstr.sh [N1 [N2 [W]]]   (default 2000 12000 4)
set -euo pipefail
cd "$(dirname "$0")/.."
N1=${1:-2000}
N2=${2:-12000}
W=${3:-4}
T=${BENCH_TABLE:-bench_bulkinstr}
. bench/rawclient.sh
. bench/lib.sh
callgrind_cluster bulkinstr "CREATE EXTENSION hbase_fdw;
CREATE SERVER s FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url '$URL');
CREATE USER MAPPING FOR CURRENT_USER SERVER s;"
# rows g = 1..n of company 1 + g / 1000 + offset, as bench/bulk.sh and rawclient put write them
for n in "$N1" "$N2"; do
	awk -v n="$n" 'BEGIN { for (g = 1; g <= n; g++)
		printf "%d\t2024-01-%02d\t%d\t%d.%02d\t%d\n", 1 + int(g / 1000), 1 + g % 30, g, int(g / 100), g % 100, g }' >"$cg/rows$n.tsv"
	# single-user mode: one statement a line
	cat >"$cg/copy$n.sql" <<SQL
DROP FOREIGN TABLE IF EXISTS t;
CREATE FOREIGN TABLE t (company_id int, stat_date date, campaign_id int, cost numeric, clicks bigint OPTIONS (encoding 'binary')) SERVER s OPTIONS (table '$T', family 'd', batch_size '100', write_concurrency '$W', rowkey 'left(md5(company_id + stat_date), 5) + lpad(company_id, 6) + date(stat_date, "yyyyMMdd") + [lpad(campaign_id, 6)]');
COPY t FROM '$cg/rows$n.tsv';
SQL
done
chmod a+r "$cg"/*.sql "$cg"/*.tsv
python3 tests/hbase_rest.py drop "$T" >/dev/null 2>&1 || true
python3 tests/hbase_rest.py create "$T" d >/dev/null
"$work/rawclient" "$URL" "$T" put 2000 900000 >/dev/null
run() { # what n -> file
	local out=$cg/cg.$1.$2.out
	rm -f "$out"
	if [[ $1 == raw ]]; then
		valgrind --tool=callgrind --callgrind-out-file="$out" "$work/rawclient" "$URL" "$T" put "$2" 0 100 1 >/dev/null 2>&1
	else
		callgrind_single "$out" "$cg/copy$2.sql" "$cg/run.$1.$2.log"
	fi
}
per() { # what function -> instructions per row
	echo $((($(incl "$cg/cg.$1.$N2.out" "$2") - $(incl "$cg/cg.$1.$N1.out" "$2")) / (N2 - N1)))
}
for w in copy raw; do run "$w" "$N1"; run "$w" "$N2"; done
grep -qi 'error' "$cg/run.copy.$N2.log" && { echo "bulkinstr: the COPY failed (see $cg/run.copy.$N2.log)" >&2; exit 1; }
printf '%-56s %8d\n' "hbase_fdw COPY, instructions per row" "$(per copy "")" \
	"  PostgreSQL's COPY reading a line (NextCopyFrom)" "$(per copy NextCopyFrom)" \
	"  encode_row (key, cells, their checks)" "$(per copy encode_row)" \
	"    the rowkey (hbase_encode_key)" "$(per copy hbase_encode_key)" \
	"    the cells (hbase_datum_to_cell)" "$(per copy hbase_datum_to_cell)" \
	"  the JSON CellSet (hbase_json_cellset)" "$(per copy hbase_json_cellset)" \
	"  libcurl (curl_multi_perform)" "$(per copy curl_multi_perform)" \
	"  the rows' keys counted (hbase_written_add)" "$(per copy hbase_written_add)" \
	"  the batches' key check (put_batches, exclusive of send_wave)" "$(($(per copy put_batches) - $(per copy send_wave)))" \
	"raw client, instructions per row" "$(per raw "")" \
	"  libcurl (curl_easy_perform)" "$(per raw curl_easy_perform)" \
	"  jansson (json_pack, json_dumps)" "$(($(per raw json_pack) + $(per raw json_dumps)))" \
	"  the key's md5 (EVP_Digest)" "$(per raw EVP_Digest)"
