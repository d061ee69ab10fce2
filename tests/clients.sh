# tests/clients.sh - sourced by tests/retry_clients.sh and tests/overflow_clients.sh: clients
# that run one statement concurrently, one psql per statement (the PostgreSQL connection from
# the environment, as for psql).
#
#   run_clients CLIENTS ROUNDS SQL VERBOSITY
#     CLIENTS clients run SQL ROUNDS times each. A success logs "ok"; a 40001 logs "retried" and
#     runs the statement again (the error says nothing was written); any other error ends the
#     round: the caller's function `failed_round OUT` prints what to log (OUT: psql's output,
#     with \set VERBOSITY VERBOSITY). Afterwards "$dir/all" holds every client's log lines.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

run_clients() {
	local clients=$1 rounds=$2 sql=$3 verbosity=$4 c p pids=()
	for ((c = 0; c < clients; c++)); do
		(
			for ((r = 0; r < rounds; r++)); do
				while :; do
					if out=$(psql -X -q -v ON_ERROR_STOP=1 -v VERBOSITY="$verbosity" -c "$sql" 2>&1); then
						echo ok
					elif grep -q '^ERROR:  40001' <<<"$out"; then
						echo retried
						continue
					else
						failed_round "$out"
					fi
					break
				done
			done >>"$dir/$c"
		) &
		pids+=($!)
	done
	for p in "${pids[@]}"; do wait "$p"; done
	cat "$dir"/[0-9]* >"$dir/all"
}
