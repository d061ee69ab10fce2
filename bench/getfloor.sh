#!/usr/bin/env bash
# bench/getfloor.sh - what a point lookup and a keyset next page cost against their floor, in
# one run (issue 41; issue 36 item 5).
#
# The floor of a statement through hbase_fdw is what the gateway takes for the same request
# (a plain client's kept-alive request, bench/rawclient.c, no PostgreSQL) plus what PostgreSQL
# takes for any statement (pgbench's prepared SELECT 1: parse-free execution, one round trip).
# Loads, when missing, a table of N rows (default 100,000) through REST (bench/load_rows.py:
# key row%09d, cf:n, cf:pad of 40 bytes, 4 regions; the same table as bench/ab.sh's). Then
# ROUNDS interleaved rounds (default 7) of, each on one client, prepared (pgbench -M prepared):
#   get      SELECT n, pad FROM t WHERE id = :id     (rowkey '"row" + lpad(id, 9)')
#   rawget   the raw client's Gets of the same keys, as hbase_fdw sends them (?e=b64&v=1,
#            Accept protobuf, decoded)
#   select1  SELECT 1
#   local    SELECT n, pad FROM getfloor_local WHERE id = :id   (a local table of the same rows by
#            primary key: PostgreSQL's own one-row statement on a relation, which costs it more
#            than SELECT 1 does: locks, the relation's cache, a scan node, two columns out)
#   page     SELECT id, n FROM t WHERE id > :r ORDER BY id LIMIT 10
#   rawpage  the raw client's stateless page of 10 rows from the same place
#            (GET /t/*?limit=10&startrow=..., Accept JSON as hbase_fdw asks for it, only
#            read, not decoded: a lower bound no client that uses the rows attains;
#            RAW_PAGE_ACCEPT=application/x-protobuf for the protobuf form, cheaper for the
#            gateway only because its protobuf stream never closes the page's scanner, which
#            then stays open on the region server for its 60 s lease)
#   rawpf    the same page as hbase_fdw asks for it: with filter=PageFilter(10), so that the
#            region server closes the page's scanner at its last row instead of the gateway
#            closing it with one more RPC afterwards (src/wire/rest.c, append_page_filter)
#   rawjson  rawpf decoded as a C client might: jansson, base64 by OpenSSL (about
#            400,000 instructions a page, bench/getinstr.sh: more than hbase_fdw's statement)
#   relayget, relaypage  rawget and rawpf relayed (RAW_RELAY=1): timed by a second process
#            that asks for each over a Unix socket and waits, as pgbench waits for a backend.
#            The same processes and wake-ups as a statement through PostgreSQL, without
#            PostgreSQL: a client idle while the gateway works is woken once more per
#            statement, which SELECT 1 in a tight loop never is (on this 2-vCPU VM, guest
#            halt polling off, such a wake-up costs tens of microseconds).
# Prints medians (ms per statement), each with the spread of its rounds (min-max), and the
# ratios get / (rawget + select1) (issue 41: target <= 1.1), get / (rawget + local),
# page / (rawpage + select1) (issue 36's target <= 1.15: against the gateway's plain page),
# page / (rawpf + select1) (the same request) and page / (rawjson + select1), get / relayget and
# page / relaypage (what PostgreSQL and hbase_fdw add to a bare relay of the same request), and
# relayget / (rawget + select1) and relaypage / (rawpf + select1) (what the relay alone costs
# against that floor), each the
# median of the rounds' ratios. The ratios are the result: the machine's speed, and much of
# its load, cancel out within a round.
# Usage: bench/getfloor.sh [N] [ROUNDS] [TX]   (TX statements per workload and round, 1000)
# BENCH_TABLE names the HBase table (default bench_ab_N). PERF=get|page: instead, record the
# backend of that workload with perf (call graphs) into $work/getfloor.perf.data.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-100000}
ROUNDS=${2:-7}
TX=${3:-1000}
T=${BENCH_TABLE:-bench_ab_$N}
# PostgreSQL's environment, URL, work, DB; $work/rawclient built
. bench/rawclient.sh

last=$(printf 'row%09d' $((N - 1)))
if [[ $(curl -s -o /dev/null -w '%{http_code}' -H 'Accept: application/json' "$URL/$T/$last") != 200 ]]; then
	t0=$(date +%s)
	python3 bench/load_rows.py "$T" "$N" 4
	echo "loaded $N rows into $T through REST in $(($(date +%s) - t0)) s"
fi

psql -X -q -d "$DB" -v url="$URL" -v t="$T" >/dev/null <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS hbase_fdw;
DROP SERVER IF EXISTS bench_getfloor CASCADE;
CREATE SERVER bench_getfloor FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url');
CREATE USER MAPPING FOR CURRENT_USER SERVER bench_getfloor;
CREATE FOREIGN TABLE bench_getfloor_t (id bigint, n bigint, pad text) SERVER bench_getfloor
  OPTIONS (table :'t', family 'cf', rowkey '"row" + lpad(id, 9)');
SQL
if [[ $(psql -X -At -d "$DB" -c "SELECT count(*) FROM pg_class WHERE relname = 'getfloor_local'") == 0 ||
	$(psql -X -At -d "$DB" -c "SELECT count(*) FROM getfloor_local") != "$N" ]]; then
	psql -X -q -d "$DB" -v n="$N" >/dev/null <<'SQL'
DROP TABLE IF EXISTS getfloor_local;
CREATE TABLE getfloor_local (id bigint PRIMARY KEY, n bigint, pad text);
INSERT INTO getfloor_local SELECT g, g, repeat('x', 40) FROM generate_series(0, :n - 1) g;
VACUUM ANALYZE getfloor_local;
SQL
fi

PGBENCH=$(dirname "$(command -v pg_config || echo /usr/lib/postgresql/15/bin/pg_config)")/pgbench
[[ -n ${PG_CONFIG:-} ]] && PGBENCH=$(dirname "$PG_CONFIG")/pgbench
[[ -x $PGBENCH ]] || PGBENCH=/usr/lib/postgresql/15/bin/pgbench
printf '\\set id random(0, %d)\nSELECT n, pad FROM bench_getfloor_t WHERE id = :id;\n' $((N - 1)) >"$work/getfloor.get.sql"
printf '\\set r random(0, %d)\nSELECT id, n FROM bench_getfloor_t WHERE id > :r ORDER BY id LIMIT 10;\n' $((N - 20)) >"$work/getfloor.page.sql"
printf 'SELECT 1;\n' >"$work/getfloor.select1.sql"
printf '\\set id random(0, %d)\nSELECT n, pad FROM getfloor_local WHERE id = :id;\n' $((N - 1)) >"$work/getfloor.local.sql"
lat() { "$PGBENCH" -n -M prepared -t "$2" -f "$work/getfloor.$1.sql" "$DB" 2>&1 | awk '/latency average/{print $4}'; }

echo "the Get and the page, as planned and run:"
psql -X -q -d "$DB" -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT n, pad FROM bench_getfloor_t WHERE id = 4242" |
	grep -E 'HBase (Operation|Requests|Rows)'
psql -X -q -d "$DB" -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT id, n FROM bench_getfloor_t WHERE id > 4242 ORDER BY id LIMIT 10" |
	grep -E 'Sort|HBase (Operation|Requests|Rows)'

if [[ -n ${PERF:-} ]]; then
	# one pgbench session of the workload, its backend recorded (the first statement finds it)
	"$PGBENCH" -n -M prepared -t $((TX * 5)) -f "$work/getfloor.$PERF.sql" "$DB" >"$work/getfloor.perf.out" 2>&1 &
	bench=$!
	sleep 0.5
	pid=$(psql -X -At -d "$DB" -c "SELECT pid FROM pg_stat_activity WHERE application_name = 'pgbench' AND pid <> pg_backend_pid() LIMIT 1")
	perf record --call-graph "${PERF_CALLGRAPH:-dwarf,16384}" -p "$pid" -o "$work/getfloor.perf.data" -- sleep "${PERF_SECONDS:-8}" 2>/dev/null
	wait "$bench"
	grep 'latency average' "$work/getfloor.perf.out"
	echo "perf data: $work/getfloor.perf.data (perf report -i ... --no-children)"
	exit 0
fi

# the page's end as hbase_fdw asks for it (src/wire/rest.c, append_page_filter): the region
# server closes the page's scanner itself, where the gateway closes it with one more RPC
PF='&filter=PageFilter%2810%29'
lat get 100 >/dev/null		# warm: connections, the table's cache
lat page 100 >/dev/null
: >"$work/getfloor.rounds"
for ((r = 1; r <= ROUNDS; r++)); do
	g=$(lat get "$TX")
	rg=$(RAW_GET_B64=1 "$work/rawclient" "$URL" "$T" get row "$TX" "$N" | sed 's/.*avg_ms=//')
	s1=$(lat select1 "$TX")
	p=$(lat page "$TX")
	rp=$(RAW_ACCEPT=${RAW_PAGE_ACCEPT:-application/json} "$work/rawclient" "$URL" "$T" page row "$TX" $((N - 20)) 10 |
		sed 's/.*avg_ms=//')
	rf=$(RAW_PAGE_QUERY=$PF RAW_ACCEPT=${RAW_PAGE_ACCEPT:-application/json} "$work/rawclient" "$URL" "$T" page row "$TX" $((N - 20)) 10 |
		sed 's/.*avg_ms=//')
	rr=$(RAW_PAGE_QUERY=$PF RAW_PAGE_DECODE=1 RAW_ACCEPT=${RAW_PAGE_ACCEPT:-application/json} "$work/rawclient" "$URL" "$T" page row "$TX" $((N - 20)) 10 |
		sed 's/.*avg_ms=//')
	lo=$(lat local "$TX")
	lg=$(RAW_RELAY=1 RAW_GET_B64=1 "$work/rawclient" "$URL" "$T" get row "$TX" "$N" | sed 's/.*avg_ms=//')
	lp=$(RAW_PAGE_QUERY=$PF RAW_RELAY=1 RAW_ACCEPT=${RAW_PAGE_ACCEPT:-application/json} "$work/rawclient" "$URL" "$T" page row "$TX" $((N - 20)) 10 |
		sed 's/.*avg_ms=//')
	echo "$g $rg $s1 $p $rp $lo $rr $lg $lp $rf" >>"$work/getfloor.rounds"
	echo "round $r: get $g raw get $rg select 1 $s1 page $p raw page $rp (with PageFilter $rf, decoded by jansson $rr) local get $lo relayed get $lg page $lp (ms)"
done
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
col() { awk -v c="$1" '{print $c}' "$work/getfloor.rounds" | median; }
spread() { awk -v c="$1" '{print $c}' "$work/getfloor.rounds" | sort -g | awk 'NR == 1 {lo = $1} {hi = $1} END {printf "%s-%s", lo, hi}'; }
echo "$N rows; medians of $ROUNDS interleaved rounds of $TX statements each, ms per statement (spread of the rounds)"
printf '%-44s %8s  (%s)\n' "hbase_fdw Get (pgbench, prepared)" "$(col 1)" "$(spread 1)"
printf '%-44s %8s  (%s)\n' "raw client Get (kept alive, protobuf)" "$(col 2)" "$(spread 2)"
printf '%-44s %8s  (%s)\n' "PostgreSQL SELECT 1 (pgbench, prepared)" "$(col 3)" "$(spread 3)"
printf '%-44s %8s  (%s)\n' "PostgreSQL local Get by primary key" "$(col 6)" "$(spread 6)"
printf '%-44s %8s  (%s)\n' "hbase_fdw keyset next page of 10 rows" "$(col 4)" "$(spread 4)"
printf '%-44s %8s  (%s)\n' "raw client stateless page of 10 rows (JSON)" "$(col 5)" "$(spread 5)"
printf '%-44s %8s  (%s)\n' "  the same with PageFilter, as hbase_fdw asks" "$(col 10)" "$(spread 10)"
printf '%-44s %8s  (%s)\n' "  the same, decoded by jansson" "$(col 7)" "$(spread 7)"
printf '%-44s %8s  (%s)\n' "raw client Get, relayed" "$(col 8)" "$(spread 8)"
printf '%-44s %8s  (%s)\n' "raw client page, relayed" "$(col 9)" "$(spread 9)"
# a ratio of the rounds' columns (an awk expression): its median, the rounds' spread
ratio() { # label expression [note]
	local r
	r=$(awk "{print $2}" "$work/getfloor.rounds")
	printf '%-48s %.3f  (rounds %s%s)\n' "$1" "$(median <<<"$r")" \
		"$(sort -g <<<"$r" | awk 'NR == 1 {lo = $1} {hi = $1} END {printf "%.3f-%.3f", lo, hi}')" "${3:+; $3}"
}
ratio 'get / (raw get + select 1)' '$1 / ($2 + $3)' 'target <= 1.1'
ratio 'get / (raw get + local get)' '$1 / ($2 + $6)'
ratio 'page / (raw page + select 1)' '$4 / ($5 + $3)' 'target <= 1.15 (issue 36)'
ratio 'page / (raw page with PageFilter + select 1)' '$4 / ($10 + $3)' 'the same request'
ratio 'page / (raw page decoded by jansson + select 1)' '$4 / ($7 + $3)'
ratio 'get / relayed raw get' '$1 / $8'
ratio 'page / relayed raw page' '$4 / $9'
ratio 'relayed raw get / (raw get + select 1)' '$8 / ($2 + $3)' 'the floor without PostgreSQL'
ratio 'relayed raw page / (raw page with PageFilter + select 1)' '$9 / ($10 + $3)' 'the same'
