#!/usr/bin/env bash
# bench/gzip_rss.sh - peak RSS (VmHWM) of a backend reading gzip answers that inflate large:
# answers of about 60 kB on the wire that inflate to 60 MiB (one Get) or 15 or 20 MiB each (a
# key list read by 4 multigets at once; 4 x 20 MiB do not fit the budget of answers held at
# once: some are asked again alone), from the stand-in gateway tests/hostile_gateway.py, with
# compression 'gzip' and max_response_size 64MB.  Each figure from a fresh backend.
# Usage: bench/gzip_rss.sh [BASELINE_SO]   (PG up, the build installed)
#   BASELINE_SO: another build's hbase_fdw.so (e.g. of main) measured first in the same run:
#   it is installed for the first round, then the installed one is put back.
set -euo pipefail
cd "$(dirname "$0")/.."
eval "$(scripts/pg-local env)"
PORT=${GZIP_RSS_PORT:-18148}
. bench/baseline_so.sh
python3 tests/hostile_gateway.py "$PORT"
trap 'curl -s "http://127.0.0.1:$PORT/quit" >/dev/null || true' EXIT

psql -X -q -d postgres -v url="http://127.0.0.1:$PORT" <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS hbase_fdw;
DROP SERVER IF EXISTS gzip_rss CASCADE;
CREATE SERVER gzip_rss FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url :'url', compression 'gzip', gateway_version '2.6.1', max_response_size '64MB');
CREATE FOREIGN TABLE gzip_rss_get (k text OPTIONS (column ':key'), v bytea)
  SERVER gzip_rss OPTIONS (table 'rn_gzip_60', family 'cf');
CREATE FOREIGN TABLE gzip_rss_keys (k text OPTIONS (column ':key'), v bytea)
  SERVER gzip_rss OPTIONS (table 'rn_gzip_15', family 'cf', concurrency '4');
CREATE FOREIGN TABLE gzip_rss_over (k text OPTIONS (column ':key'), v bytea)
  SERVER gzip_rss OPTIONS (table 'rn_gzip_20', family 'cf', concurrency '4');
SQL

peak() { # query -> "VmHWM kB" of a fresh backend that ran it
	psql -X -q -d postgres -t -A -v q="$1" <<'SQL' | awk '/VmHWM/{print $2}'
SELECT pg_backend_pid() AS pid \gset
:q
\setenv BPID :pid
\! grep VmHWM /proc/$BPID/status
SQL
}
GET="SELECT k, length(v) FROM gzip_rss_get WHERE k = 'a';"
# 500 keys: a multiget of 100 alone, then 4 of 100 at once (each answers its first key's row)
KEYS="SELECT k, length(v) FROM gzip_rss_keys WHERE k = ANY (ARRAY(SELECT 'k' || lpad(i::text, 4, '0') FROM generate_series(1, 500) i));"
OVER=${KEYS//gzip_rss_keys/gzip_rss_over}

round() {
	echo "$1: one Get (60 MiB inflated): peak_rss_kb=$(peak "$GET")"
	echo "$1: 4 multigets at once (15 MiB each): peak_rss_kb=$(peak "$KEYS")"
	echo "$1: 4 multigets at once (20 MiB each, 80 MiB over the budget): peak_rss_kb=$(peak "$OVER")"
}
[[ -z ${1:-} ]] || with_baseline "$1" round baseline
round current
psql -X -q -d postgres -c "DROP SERVER gzip_rss CASCADE"
