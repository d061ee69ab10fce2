# bench/rawclient.sh - sourced by the benches that compare hbase_fdw with bench/rawclient.c:
# the PostgreSQL environment (scripts/pg-local env unless PGHOST is set), URL (the gateway),
# work (BENCH_DIR: the benches' files), DB (BENCH_DB, postgres), and $work/rawclient built.
[[ -n ${PGHOST:-} ]] || eval "$(scripts/pg-local env)"
URL=${HBASE_URL:-http://127.0.0.1:${HBASE_REST_PORT:-18080}}
work=${BENCH_DIR:-/var/tmp/hbase_fdw/bench}
mkdir -p "$work"
DB=${BENCH_DB:-postgres}

make -s src/wire/cellset.pb-c.c >/dev/null
gcc -O2 -Wall -Isrc/wire -o "$work/rawclient" bench/rawclient.c src/wire/cellset.pb-c.c -lcurl -lprotobuf-c -ljansson -lcrypto
