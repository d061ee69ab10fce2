#!/usr/bin/env bash
# tests/pgbench_run.sh CLIENTS TRANSACTIONS SCRIPT TABLE KEY [pgbench options...]
#
# Runs a pgbench script of tests/pgbench/ with CLIENTS concurrent clients of TRANSACTIONS
# each (variables :tbl and :key), and prints what a regression test can compare: the
# transactions done and failed, and whether some were retried after a serialization failure
# (40001; pgbench retries them with --max-tries). The PostgreSQL connection comes from the
# environment (PGHOST, PGPORT, PGDATABASE...), as for psql.
set -euo pipefail
cd "$(dirname "$0")"
clients=$1 txs=$2 script=$3 table=$4 key=$5
shift 5
out=$(pgbench -n -c "$clients" -j "$clients" -t "$txs" -D tbl="$table" -D key="'$key'" \
	-f "pgbench/$script.sql" "$@" 2>&1) || { echo "$out" >&2; exit 1; }
processed=$(sed -n 's/^number of transactions actually processed: //p' <<<"$out")
failed=$(sed -n 's/^number of failed transactions: \([0-9]*\).*/\1/p' <<<"$out")
retried=$(sed -n 's/^number of transactions retried: \([0-9]*\).*/\1/p' <<<"$out")
echo "processed $processed, failed ${failed:-0}, retried after 40001: $([[ ${retried:-0} -gt 0 ]] && echo some || echo none)"
