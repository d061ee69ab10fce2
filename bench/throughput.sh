#!/usr/bin/env bash
# bench/throughput.sh - read throughput of hbase_fdw against a plain C client, in one run.
#
# Loads N rows (default 1,000,000: key row%09d, cf:n, cf:pad of 40 bytes) through REST if the
# table is missing, builds bench/rawclient.c (curl + protobuf-c, no PostgreSQL), then 3 rounds
# of: the FDW's SELECT count(*), sum(n), sum(length(pad)) with transport protobuf and json, the
# raw client decoding every protobuf page, and the gateway drained (pages read, not decoded).
# Prints medians and ratios; then, in interleaved rounds, Get p50 (pgbench, prepared
# WHERE k = $1) vs the raw client's kept-alive GETs and vs PostgreSQL's own one-row statement,
# with and without hbase_fdw.busy_wait, Gets per second of 1 and 8 clients with and without it,
# the same Gets from a loop inside the server, a LIMIT 10 vs a Get, and the wire bytes of the
# scan in JSON, protobuf, gzip.
# Ratios, not timings, are the result: the machine's speed cancels out.
# Usage: bench/throughput.sh [N]   (HBase + PostgreSQL up: scripts/setup --no-demo)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000000}
TABLE=bench_tp_$N
[[ -n ${PGHOST:-} ]] || eval "$(scripts/pg-local env)"
URL=${HBASE_URL:-http://127.0.0.1:${HBASE_REST_PORT:-18080}}
PGBIN=$(pg_config --bindir 2>/dev/null || echo /usr/lib/postgresql/15/bin)
work=${BENCH_DIR:-/var/tmp/hbase_fdw/bench}
mkdir -p "$work"

# the raw client, from our own .proto
make -s src/wire/cellset.pb-c.c >/dev/null
gcc -O2 -Wall -Isrc/wire -o "$work/rawclient" bench/rawclient.c src/wire/cellset.pb-c.c -lcurl -lprotobuf-c -ljansson -lcrypto
raw() { "$work/rawclient" "$URL" "$TABLE" "$@"; }

last=$(printf 'row%09d' $((N - 1)))
if [[ $(curl -s -o /dev/null -w '%{http_code}' -H 'Accept: application/json' "$URL/$TABLE/$last") != 200 ]]; then
	t0=$(date +%s)
	python3 bench/load_rows.py "$TABLE" "$N"
	echo "loaded $N rows through REST in $(($(date +%s) - t0)) s"
fi

psql -X -q -d postgres -v url="$URL" -v tbl="$TABLE" >/dev/null <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS hbase_fdw;
DROP SERVER IF EXISTS bench_pb CASCADE;
DROP SERVER IF EXISTS bench_js CASCADE;
DROP SERVER IF EXISTS bench_gz CASCADE;
CREATE SERVER bench_pb FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url', transport 'protobuf');
CREATE SERVER bench_js FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url', transport 'json');
CREATE USER MAPPING FOR CURRENT_USER SERVER bench_pb;
CREATE SERVER bench_gz FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url', compression 'gzip');
CREATE USER MAPPING FOR CURRENT_USER SERVER bench_js;
CREATE USER MAPPING FOR CURRENT_USER SERVER bench_gz;
CREATE FOREIGN TABLE bench_gz_t (k text OPTIONS (column ':key'), n int8, pad text)
  SERVER bench_gz OPTIONS (table :'tbl', family 'cf');
CREATE FOREIGN TABLE bench_pb_t (k text OPTIONS (column ':key'), n int8, pad text)
  SERVER bench_pb OPTIONS (table :'tbl', family 'cf');
CREATE FOREIGN TABLE bench_js_t (k text OPTIONS (column ':key'), n int8, pad text)
  SERVER bench_js OPTIONS (table :'tbl', family 'cf');
SQL

fdw_scan() { # foreign table [PGOPTIONS] -> seconds
	PGOPTIONS=${2:-} psql -X -q -d postgres -At -v t="$1" <<'SQL' | awk '/^elapsed/{printf "%.3f\n", $3 - $2}'
\set t0 `date +%s.%N`
SELECT count(*), sum(n), sum(length(pad)) FROM :t \g /dev/null
\set t1 `date +%s.%N`
\echo elapsed :t0 :t1
SQL
}
secs() { sed -nE 's/.*seconds=([0-9.]+).*/\1/p'; }
median() { sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }

: >"$work/pb" ; : >"$work/js" ; : >"$work/gz" ; : >"$work/raw" ; : >"$work/drain" ; : >"$work/pb1"
for round in 1 2 3; do
	fdw_scan bench_pb_t >>"$work/pb"
	fdw_scan bench_pb_t "-c hbase_fdw.read_ahead=off" >>"$work/pb1"
	fdw_scan bench_js_t >>"$work/js"
	fdw_scan bench_gz_t >>"$work/gz"
	raw scan 1000 decode | secs >>"$work/raw"
	raw scan 1000 drain | secs >>"$work/drain"
done
pb=$(median <"$work/pb"); js=$(median <"$work/js"); gz=$(median <"$work/gz"); pb1=$(median <"$work/pb1")
rw=$(median <"$work/raw"); dr=$(median <"$work/drain")
echo "full scan of $N rows, median of 3 (s): gateway drain $dr | raw protobuf client $rw | FDW protobuf $pb | FDW protobuf, no read-ahead $pb1 | FDW json $js | FDW protobuf+gzip $gz"
awk -v pb="$pb" -v js="$js" -v gz="$gz" -v rw="$rw" -v dr="$dr" -v pb1="$pb1" 'BEGIN{
	printf "  ratios: FDW protobuf / raw client %.2f (target <= 1.25) | without read-ahead %.2f | FDW json / raw client %.2f | FDW gzip / FDW protobuf %.2f | raw client / drain %.2f\n", pb / rw, pb1 / rw, js / rw, gz / pb, rw / dr }'

# Point Gets, in interleaved rounds: on a small shared machine the latency of everything drifts
# by a third from one minute to the next, so each round measures every side back to back and
# the ratios are medians of the rounds' ratios. Per round: pgbench with a prepared
# WHERE k = $1 over the keys the raw client GETs (row0..row<gets-1>), the same pgbench on a
# local table with a primary key (PostgreSQL's own cost of a one-row statement, its floor),
# the raw client's kept-alive GETs, a LIMIT 10, and the Gets again with hbase_fdw.busy_wait = 0
# (the backend sleeps while the gateway answers instead of polling).
rounds=${ROUNDS:-7}
gets=${GETS:-1000}
cat >"$work/get.sql" <<SQL
\\set i random(0, $((gets - 1)))
SELECT n FROM bench_pb_t WHERE k = 'row' || lpad(:i::text, 9, '0');
SQL
cat >"$work/local.sql" <<SQL
\\set i random(0, $((gets - 1)))
SELECT n FROM bench_local_keys WHERE k = 'row' || lpad(:i::text, 9, '0');
SQL
cat >"$work/limit.sql" <<SQL
SELECT n FROM bench_pb_t LIMIT 10;
SQL
psql -X -q -d postgres -v gets="$gets" >/dev/null <<'SQL'
SET client_min_messages = warning;
DROP TABLE IF EXISTS bench_local_keys;
CREATE TABLE bench_local_keys (k text PRIMARY KEY, n int8);
INSERT INTO bench_local_keys SELECT 'row' || lpad(i::text, 9, '0'), i FROM generate_series(0, :gets - 1) i;
VACUUM ANALYZE bench_local_keys;
SQL
pgb() { # script transactions [settings] -> p50 ms of its transactions
	rm -f "$work"/pgbench_log.*
	(cd "$work" && PGOPTIONS="${3:-}" "$PGBIN/pgbench" -n -M prepared -t "$2" -f "$1" -l --log-prefix=pgbench_log postgres >/dev/null 2>&1)
	cat "$work"/pgbench_log.* | awk '{print $3 / 1000}' | median
}
for _ in $(seq "$rounds"); do
	echo "$(pgb "$work/get.sql" "$gets") $(raw get row "$gets" | sed -nE 's/.*p50_ms=([0-9.]+).*/\1/p') $(pgb "$work/local.sql" "$gets") $(pgb "$work/limit.sql" $((gets / 5))) $(pgb "$work/get.sql" "$gets" "-c hbase_fdw.busy_wait=0")"
done >"$work/getrounds"
col() { awk -v c="$1" '{print $c}' "$work/getrounds" | median; }
ratio() { awk "{print $1}" "$work/getrounds" | median; }
echo "Get p50 (ms), medians of $rounds interleaved rounds of $gets: FDW $(col 1) | raw GET $(col 2) | local table by primary key (PostgreSQL's floor) $(col 3) | FDW LIMIT 10 $(col 4) | FDW without busy wait $(col 5)"
printf "  ratios (medians of the rounds' ratios): FDW Get / raw GET %.2f (target <= 1.2) | without busy wait %.2f | FDW Get / (raw GET + local lookup) %.2f | LIMIT 10 / Get %.2f (target <= 2)\n" \
	"$(ratio '$1 / $2')" "$(ratio '$5 / $2')" "$(ratio '$1 / ($2 + $3)')" "$(ratio '$4 / $1')"

# what the busy wait costs others: Gets per second of 1 and 8 clients, busy_wait on and off
# alternately, twice; the busy waits pause themselves when the CPUs are wanted
tps() { # clients settings -> transactions per second
	(cd "$work" && PGOPTIONS="$2" "$PGBIN/pgbench" -n -M prepared -c "$1" -j "$(( $1 < 2 ? 1 : 2 ))" -T "${TPS_SECONDS:-15}" \
		-f get.sql postgres 2>/dev/null | sed -nE 's/^tps = ([0-9.]+).*/\1/p')
}
for _ in 1 2; do
	echo "$(tps 1 "") $(tps 1 "-c hbase_fdw.busy_wait=0") $(tps 8 "") $(tps 8 "-c hbase_fdw.busy_wait=0")"
done >"$work/tpsrounds"
awk '{a1 += $1; b1 += $2; a8 += $3; b8 += $4} END {
	printf "Gets per second (means of 2 alternating runs): 1 client %.0f, without busy wait %.0f (%.2fx) | 8 clients %.0f, without busy wait %.0f (%.2fx)\n",
		a1 / NR, b1 / NR, a1 / b1, a8 / NR, b8 / NR, a8 / b8 }' "$work/tpsrounds"

# the FDW's own cost without any client round trip: one session alternates a loop of Gets
# (the raw client's keys, in its order) with the raw client itself (COPY FROM PROGRAM), means
psql -X -q -At -d postgres -v gets="$gets" -v rounds="$rounds" -v prog="$work/rawclient $URL $TABLE get row $gets" <<'SQL'
CREATE TEMP TABLE raw_out (line text);
CREATE TEMP TABLE inloop (fdw float8, raw float8);
SET bench.prog = :'prog';
SET bench.gets = :gets;
SET bench.rounds = :rounds;
DO $$
DECLARE x int8; t0 timestamptz; gets int := current_setting('bench.gets'); r text;
BEGIN
	FOR round IN 1..current_setting('bench.rounds')::int LOOP
		t0 := clock_timestamp();
		FOR i IN 0..gets - 1 LOOP
			SELECT n INTO x FROM bench_pb_t WHERE k = 'row' || lpad((i::int8 * 7919 % gets)::text, 9, '0');
		END LOOP;
		INSERT INTO inloop (fdw) VALUES (extract(epoch FROM clock_timestamp() - t0) * 1000 / gets);
		TRUNCATE raw_out;
		EXECUTE format('COPY raw_out FROM PROGRAM %L', current_setting('bench.prog'));
		SELECT substring(line FROM 'avg_ms=([0-9.]+)') INTO r FROM raw_out;
		UPDATE inloop SET raw = r::float8 WHERE raw IS NULL;
	END LOOP;
END $$;
SELECT format('Get from a loop in the server, means (ms): FDW %s | raw GET %s' || chr(10) ||
			  '  ratio (median of the rounds): in-server Get / raw GET %s',
			  round(percentile_cont(0.5) WITHIN GROUP (ORDER BY fdw)::numeric, 3),
			  round(percentile_cont(0.5) WITHIN GROUP (ORDER BY raw)::numeric, 3),
			  round(percentile_cont(0.5) WITHIN GROUP (ORDER BY fdw / raw)::numeric, 2))
FROM inloop;
SQL

# wire bytes of the same scan
pbb=$(raw scan 1000 drain | sed -nE 's/.*bytes=([0-9]+).*/\1/p')
jsb=$(raw scan 1000 json | sed -nE 's/.*bytes=([0-9]+).*/\1/p')
gzb=$(raw gzip 1000 | sed -nE 's/.*bytes=([0-9]+).*/\1/p')
awk -v p="$pbb" -v j="$jsb" -v g="$gzb" 'BEGIN{
	printf "wire bytes of the scan: json %.1f MB | protobuf %.1f MB | protobuf+gzip %.1f MB\n", j / 1e6, p / 1e6, g / 1e6 }'
# the table goes (KEEP_TABLE=1 keeps it): a million unflushed rows weigh on a small local HBase's
# heap, which the test suite shares (reloaded in about 20 s)
[[ -n ${KEEP_TABLE:-} ]] || python3 -c "import sys; sys.path.insert(0, 'tests'); import hbase_rest; hbase_rest.Client().drop_table('$TABLE')"
