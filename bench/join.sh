#!/usr/bin/env bash
# bench/join.sh - batched key joins against the wire, in one run (issue 28).
#
# Loads two tables through REST when missing (bench/load_rows.py: key row%09d, cf:n, cf:pad of
# 40 bytes): N rows (default 100,000) and 10 N rows. A local table holds K keys (default 5,000:
# (i * 7919) % N, distinct, all present in both tables). Then ROUNDS rounds (default 3) of:
#   raw      bench/rawclient.c reading the same K keys by sequential multigets of 100 keys on one
#            kept-alive connection (protobuf, no PostgreSQL): the wire's pace
#   join     SELECT count(*), sum(n) of the local keys joined with the N-row table: the
#            planner's choice (ANALYZEd tables), a batched key join
#   join10   the same against the 10 N-row table
#   join1    the N-row table with concurrency 1 (sequential multigets, as the raw client)
#   any      WHERE id = ANY(ARRAY(SELECT id FROM keys)) on the N-row table, concurrency 8 and 1
#   noan     the join against the 10 N-row table through a foreign table created afresh and
#            never ANALYZEd (issue 36: estimated at 1,000 rows it was a hash join over a full
#            scan), and the raw client's multigets of the same keys from that table (raw10)
# and once: the same join with hbase_fdw.enable_batched_join off (the planner's other choice).
# Then a keyset next page (id > x ORDER BY id LIMIT 10) against a Get (pgbench, prepared), and
# the same two requests from the raw client (what the gateway itself takes), round by round.
# Prints medians and the ratios join/raw (target <= 1.0) and join10/join (target <= 1.2).
# Ratios, not timings, are the result: the machine's speed cancels out.
# Usage: bench/join.sh [N] [K] [ROUNDS]   (HBase + PostgreSQL up: scripts/setup --no-demo);
# BENCH_PREFIX names the HBase tables (default bench_join_).
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-100000}
K=${2:-5000}
ROUNDS=${3:-3}
PREFIX=${BENCH_PREFIX:-bench_join_}
T1=${PREFIX}$N
T10=${PREFIX}$((N * 10))
# PostgreSQL's environment, URL, work, DB; $work/rawclient built
. bench/rawclient.sh

for spec in "$T1 $N" "$T10 $((N * 10))"; do
	set -- $spec
	last=$(printf 'row%09d' $(($2 - 1)))
	if [[ $(curl -s -o /dev/null -w '%{http_code}' -H 'Accept: application/json' "$URL/$1/$last") != 200 ]]; then
		t0=$(date +%s)
		python3 bench/load_rows.py "$1" "$2" 4
		echo "loaded $2 rows into $1 through REST in $(($(date +%s) - t0)) s"
	fi
done

psql -X -q -d "$DB" -v url="$URL" -v t1="$T1" -v t10="$T10" -v n="$N" -v k="$K" >/dev/null <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS hbase_fdw;
DROP SERVER IF EXISTS bench_join CASCADE;
CREATE SERVER bench_join FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url');
CREATE USER MAPPING FOR CURRENT_USER SERVER bench_join;
CREATE FOREIGN TABLE bench_join_t1 (id bigint, n bigint, pad text) SERVER bench_join
  OPTIONS (table :'t1', family 'cf', rowkey '"row" + lpad(id, 9)');
CREATE FOREIGN TABLE bench_join_t10 (id bigint, n bigint, pad text) SERVER bench_join
  OPTIONS (table :'t10', family 'cf', rowkey '"row" + lpad(id, 9)');
CREATE FOREIGN TABLE bench_join_c1 (id bigint, n bigint, pad text) SERVER bench_join
  OPTIONS (table :'t1', family 'cf', rowkey '"row" + lpad(id, 9)', concurrency '1');
-- never ANALYZEd, never scanned (a new table: no row count of an earlier full scan either)
CREATE FOREIGN TABLE bench_join_noan (id bigint, n bigint, pad text) SERVER bench_join
  OPTIONS (table :'t10', family 'cf', rowkey '"row" + lpad(id, 9)');
DROP TABLE IF EXISTS bench_join_keys;
CREATE TABLE bench_join_keys AS SELECT (i::bigint * 7919) % :n AS id FROM generate_series(0, :k - 1) i;
ANALYZE bench_join_keys;
ANALYZE bench_join_t1;
ANALYZE bench_join_t10;
ANALYZE bench_join_c1;
SQL

fdw() { # foreign table [PGOPTIONS [any]] -> seconds; any: = ANY of the keys instead of a join
	PGOPTIONS=${2:-} psql -X -q -d "$DB" -At -v t="$1" -v any="${3:-}" <<'SQL' | awk '/^elapsed/{printf "%.3f\n", $3 - $2}'
\set t0 `date +%s.%N`
SELECT :'any' = 'any' AS any \gset
\if :any
SELECT count(*), sum(t.n) FROM :t t WHERE t.id = ANY(ARRAY(SELECT id FROM bench_join_keys)) \g /dev/null
\else
SELECT count(*), sum(t.n) FROM bench_join_keys k JOIN :t t ON t.id = k.id \g /dev/null
\endif
\set t1 `date +%s.%N`
\echo elapsed :t0 :t1
SQL
}
raw() { "$work/rawclient" "$URL" "${1:-$T1}" multiget row "$K" 7919 "$N" 100 | sed 's/.*seconds=//'; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

echo "plan of the join:"
psql -X -q -d "$DB" -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*), sum(t.n) FROM bench_join_keys k JOIN bench_join_t1 t ON t.id = k.id"
psql -X -q -d "$DB" -At -c "SELECT count(*), sum(t.n) FROM bench_join_keys k JOIN bench_join_t10 t ON t.id = k.id" |
	sed 's/^/10x table: rows, sum: /'
"$work/rawclient" "$URL" "$T1" multiget row "$K" 7919 "$N" 100 | sed 's/^/raw client: /'
echo "plan of the join with the table nobody ANALYZEd:"
psql -X -q -d "$DB" -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*), sum(t.n) FROM bench_join_keys k JOIN bench_join_noan t ON t.id = k.id"

: >"$work/join.raw"; : >"$work/join.j1"; : >"$work/join.j10"; : >"$work/join.c1"
: >"$work/join.any"; : >"$work/join.any1"; : >"$work/join.noan"; : >"$work/join.raw10"
fdw bench_join_t1 >/dev/null  # warm: connections, the table's cache
for ((r = 1; r <= ROUNDS; r++)); do
	raw >>"$work/join.raw"
	fdw bench_join_t1 >>"$work/join.j1"
	fdw bench_join_t10 >>"$work/join.j10"
	fdw bench_join_c1 >>"$work/join.c1"
	fdw bench_join_t1 "" any >>"$work/join.any"
	fdw bench_join_c1 "" any >>"$work/join.any1"
	raw "$T10" >>"$work/join.raw10"
	fdw bench_join_noan >>"$work/join.noan"
done
off=$(fdw bench_join_t1 "-c hbase_fdw.enable_batched_join=off")
raw_s=$(median <"$work/join.raw")
j1=$(median <"$work/join.j1")
j10=$(median <"$work/join.j10")
c1=$(median <"$work/join.c1")
any=$(median <"$work/join.any")
any1=$(median <"$work/join.any1")
noan=$(median <"$work/join.noan")
raw10=$(median <"$work/join.raw10")
echo "tables: $N and $((N * 10)) rows; $K keys; medians of $ROUNDS rounds (s)"
printf 'raw client, sequential multigets of 100   %s\n' "$raw_s"
printf 'batched join, %d-row table               %s\n' "$N" "$j1"
printf 'batched join, %d-row table              %s\n' $((N * 10)) "$j10"
printf 'batched join, concurrency 1              %s\n' "$c1"
printf 'batched join off (planner'"'"'s other plan)   %s (one run)\n' "$off"
printf '= ANY of the keys, concurrency 8         %s\n' "$any"
printf '= ANY of the keys, concurrency 1         %s\n' "$any1"
printf 'raw client, the %d-row table             %s\n' $((N * 10)) "$raw10"
printf 'join, %d-row table never ANALYZEd       %s\n' $((N * 10)) "$noan"
awk -v r="$raw_s" -v a="$j1" -v b="$j10" -v c="$c1" -v o="$off" 'BEGIN {
	printf "join / raw          %.2f  (target <= 1.0)\n", a / r
	printf "join 10x / join     %.2f  (target <= 1.2)\n", b / a
	printf "join conc. 1 / raw  %.2f\n", c / r
	printf "off / join          %.2f\n", o / a }'
awk -v r="$raw_s" -v a="$any" -v b="$any1" 'BEGIN {
	printf "any / raw           %.2f\n", a / r
	printf "any / any conc. 1   %.2f\n", a / b }'
awk -v r="$raw10" -v a="$noan" 'BEGIN {
	printf "un-ANALYZEd / raw   %.2f  (issue 36: 11x before; target <= 1.0)\n", a / r }'

# a keyset next page (10 rows after a bound) against a Get of one row: one request each
echo "a keyset next page:"
psql -X -q -d "$DB" -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT id, n FROM bench_join_t1 WHERE id > 90000 ORDER BY id LIMIT 10" |
	grep -E 'HBase (Operation|Requests)'
printf '\\set r random(0, %d)\nSELECT id, n FROM bench_join_t1 WHERE id > :r ORDER BY id LIMIT 10;\n' $((N - 20)) >"$work/join.page.sql"
printf '\\set r random(0, %d)\nSELECT n FROM bench_join_t1 WHERE id = :r;\n' $((N - 1)) >"$work/join.get.sql"
PGBENCH=$(dirname "$(command -v pg_config || echo /usr/lib/postgresql/15/bin/pg_config)")/pgbench
[[ -x $PGBENCH ]] || PGBENCH=/usr/lib/postgresql/15/bin/pgbench
lat() { "$PGBENCH" -n -M prepared -t 1000 -f "$1" "$DB" 2>&1 | awk '/latency average/{print $4}'; }
: >"$work/join.page"; : >"$work/join.gwpage"
for ((r = 1; r <= ROUNDS; r++)); do
	# the FDW's Get and page, then the raw client's (the gateway's own floor), interleaved
	g=$(lat "$work/join.get.sql"); p=$(lat "$work/join.page.sql")
	echo "$g $p" >>"$work/join.page"
	rg=$(RAW_GET_B64=1 "$work/rawclient" "$URL" "$T1" get row 2000 | sed 's/.*avg_ms=//')
	rp=$("$work/rawclient" "$URL" "$T1" page row 2000 $((N - 20)) 10 | sed 's/.*avg_ms=//')
	echo "$rg $rp" >>"$work/join.gwpage"
done
ratio() { awk '{print $2 / $1}' "$1" | median; }
col() { awk -v c="$2" '{print $c}' "$1" | median; }
printf 'hbase_fdw: Get %s ms, keyset next page of 10 rows %s ms (pgbench, prepared, medians of %d x 1000)\n' \
	"$(col "$work/join.page" 1)" "$(col "$work/join.page" 2)" "$ROUNDS"
printf 'gateway alone (rawclient, kept alive): Get %s ms, stateless page of 10 rows %s ms (medians of %d x 2000)\n' \
	"$(col "$work/join.gwpage" 1)" "$(col "$work/join.gwpage" 2)" "$ROUNDS"
printf 'page / Get          %.2f  (target <= 1.5; median of the rounds'"'"' ratios)\n' "$(ratio "$work/join.page")"
printf 'gateway page / Get  %.2f  (the same requests from a plain client: the floor)\n' "$(ratio "$work/join.gwpage")"
