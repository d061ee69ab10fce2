#!/usr/bin/env bash
# bench/increments.sh [SECONDS] - increments per second of one HBase counter, in one run:
#   direct      UPDATE ... SET n = n + 1 WHERE k = '...' on a binary bigint cell: a Get, then an
#               HBase Increment (direct modification)
#   cas         the same on a text counter (SET t = (t::int + 1)::text): a Get, then a
#               check-and-put, read again on a conflict
#   scan path   the binary counter with hbase_fdw.enable_pushdown off: the executor's
#               read-modify-write through a full scan, a check-and-put, the row read again
#               and the SET applied again on a conflict (40001 after update_retries of them:
#               pgbench retries those, --max-tries)
#   raw client  PUT ?check=increment from Python threads with kept-alive connections (no
#               PostgreSQL, no Get): what the gateway alone does
# each with 1 and with CLIENTS (default 8) concurrent clients, SECONDS (default 5) each; the
# counters are checked afterwards: the final value must equal the transactions pgbench counted.
# Table bench_increments (dropped at the end; KEEP_TABLE=1 keeps it).
set -euo pipefail
cd "$(dirname "$0")/.."
SECS=${1:-5}
CLIENTS=${CLIENTS:-8}
eval "$(scripts/pg-local env)"
export HBASE_URL=${HBASE_URL:-http://127.0.0.1:${HBASE_REST_PORT:-18080}}
T=bench_increments
python3 tests/hbase_rest.py create $T cf >/dev/null
printf '%s' '[{"key":"c","cells":{"cf:n":{"hex":"0000000000000000"},"cf:t":"0"}},{"key":"raw","cells":{"cf:n":{"hex":"0000000000000000"}}}]' |
	python3 tests/hbase_rest.py put $T
export PGDATABASE=postgres
psql -X -q -v url="$HBASE_URL" <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS hbase_fdw;
DROP SERVER IF EXISTS bench_inc CASCADE;
CREATE SERVER bench_inc FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url');
CREATE FOREIGN TABLE bench_inc_t (k text OPTIONS (column ':key'),
  n bigint OPTIONS (column 'cf:n', encoding 'binary'), t text OPTIONS (column 'cf:t'))
  SERVER bench_inc OPTIONS (table 'bench_increments');
SQL
total=0
ttotal=0
declare -A rate
bench() { # label clients script [PGOPTIONS]
	local out tps n
	out=$(PGOPTIONS=${4:-} pgbench -n -c "$2" -j "$2" -T "$SECS" --max-tries=1000000 \
		-D tbl=bench_inc_t -D key="'c'" -f "tests/pgbench/$3.sql" 2>&1) || { echo "$out" >&2; exit 1; }
	tps=$(sed -n 's/^tps = \([0-9.]*\) .*/\1/p' <<<"$out")
	n=$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' <<<"$out")
	retried=$(sed -n 's/^number of transactions retried: \([0-9]*\).*/\1/p' <<<"$out")
	printf '%-34s %3s clients %9.1f /s  (%s done, %s retried after 40001)\n' "$1" "$2" "$tps" "$n" "${retried:-0}"
	rate["$1/$2"]=$tps
	if [[ $3 == cas ]]; then ttotal=$((ttotal + n)); else total=$((total + n)); fi
}
for c in 1 "$CLIENTS"; do
	bench "direct (Get + Increment)" "$c" increment
	bench "cas (Get + check-and-put)" "$c" cas
	bench "scan path (pushdown off)" "$c" increment "-c hbase_fdw.enable_pushdown=off"
done
raw() { # clients
	python3 - "$1" "$SECS" <<'PY'
import base64, http.client, json, os, sys, threading, time, urllib.parse
clients, secs = int(sys.argv[1]), float(sys.argv[2])
u = urllib.parse.urlparse(os.environ["HBASE_URL"])
body = json.dumps({"Row": [{"key": base64.b64encode(b"raw").decode(),
                            "Cell": [{"column": base64.b64encode(b"cf:n").decode(),
                                      "$": base64.b64encode(b"1").decode()}]}]})
counts = [0] * clients
def run(i):
    c = http.client.HTTPConnection(u.hostname, u.port)
    end = time.time() + secs
    while time.time() < end:
        c.request("PUT", "/bench_increments/raw?check=increment", body,
                  {"Content-Type": "application/json", "Accept": "application/json"})
        r = c.getresponse(); r.read()
        assert r.status == 200, r.status
        counts[i] += 1
ts = [threading.Thread(target=run, args=(i,)) for i in range(clients)]
t0 = time.time()
for t in ts: t.start()
for t in ts: t.join()
print(sum(counts), sum(counts) / (time.time() - t0))
PY
}
rawtotal=0
for c in 1 "$CLIENTS"; do
	read -r n r < <(raw "$c")
	printf '%-34s %3s clients %9.1f /s  (%s done)\n' "raw client (Increment only)" "$c" "$r" "$n"
	rate["raw/$c"]=$r
	rawtotal=$((rawtotal + n))
done
got=$(psql -X -A -t -c "SELECT n || ' ' || t FROM bench_inc_t WHERE k = 'c'")
gotraw=$(python3 tests/raw_longs.py $T cf:n)
echo "counter n: $got (expected $total $ttotal: transactions of the increment and cas runs); $gotraw (raw expected $rawtotal)"
awk -v d="${rate["direct (Get + Increment)/$CLIENTS"]}" -v c="${rate["cas (Get + check-and-put)/$CLIENTS"]}" \
	-v s="${rate["scan path (pushdown off)/$CLIENTS"]}" -v r="${rate["raw/$CLIENTS"]}" \
	-v d1="${rate["direct (Get + Increment)/1"]}" -v c1="${rate["cas (Get + check-and-put)/1"]}" \
	-v s1="${rate["scan path (pushdown off)/1"]}" -v r1="${rate["raw/1"]}" -v n="$CLIENTS" 'BEGIN{
	printf "%s clients: direct/cas %.2fx, direct/scan path %.2fx, direct/raw %.2fx\n", n, d / c, d / s, d / r
	printf "1 client:  direct/cas %.2fx, direct/scan path %.2fx, direct/raw %.2fx\n", d1 / c1, d1 / s1, d1 / r1 }'
psql -X -q -c "DROP SERVER bench_inc CASCADE"
[[ -n ${KEEP_TABLE:-} ]] || python3 tests/hbase_rest.py drop $T >/dev/null
