#!/usr/bin/env bash
# tests/overflow_clients.sh CLIENTS ROUNDS SQL
#
# Clients that run one UPDATE near the limit of bigint concurrently (sql/incr_limit.sql):
# CLIENTS clients run SQL ROUNDS times each, one psql per statement; a 40001 is retried (nothing
# was written), a 22003 (bigint out of range) ends the round, any other error is printed.
# Prints "applied: N, out of range: M": with an exact overflow check, N is what the counter
# had room for and N + M is CLIENTS * ROUNDS, whatever the interleaving.
# The PostgreSQL connection comes from the environment, as for psql (tests/retry_clients.sh).
set -euo pipefail
clients=$1 rounds=$2 sql=$3
. "$(dirname "$0")/clients.sh"

failed_round() {
	if grep -q '^ERROR:  22003' <<<"$1"; then
		echo range
	else
		echo "unexpected error: $1" >&2
	fi
}

run_clients "$clients" "$rounds" "$sql" sqlstate
echo "applied: $(grep -c '^ok$' "$dir/all" || true), out of range: $(grep -c '^range$' "$dir/all" || true)"
