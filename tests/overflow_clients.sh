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
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

client() {
	local c=$1 r out
	for ((r = 0; r < rounds; r++)); do
		while :; do
			if out=$(psql -X -q -v ON_ERROR_STOP=1 -v VERBOSITY=sqlstate -c "$sql" 2>&1); then
				echo ok >>"$dir/$c"
			elif grep -q '^ERROR:  40001' <<<"$out"; then
				continue
			elif grep -q '^ERROR:  22003' <<<"$out"; then
				echo range >>"$dir/$c"
			else
				echo "unexpected error: $out" >&2
			fi
			break
		done
	done
}

pids=()
for ((c = 0; c < clients; c++)); do
	client "$c" & pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
cat "$dir"/* >"$dir/all"
echo "applied: $(grep -c '^ok$' "$dir/all" || true), out of range: $(grep -c '^range$' "$dir/all" || true)"
