#!/usr/bin/env bash
# tests/retry_clients.sh CLIENTS ROUNDS TABLE COLUMN KEYS SQL [--until-partial]
#
# Clients that do what an UPDATE's errors tell them, and a check that nothing was applied twice
# or lost (sql/retry.sql). CLIENTS clients run ROUNDS rounds of SQL each, concurrently, one psql
# per statement. A 40001 is retried (the error says nothing was written); any other error
# ends the round, and the rows its DETAIL names as written ("... stay written ("k1", "k2")")
# count as applied once. At the end each KEY's COLUMN (read with psql, KEYS a comma-separated
# list, TABLE a foreign table of them, set to 0 before) must be the number of rounds that
# applied it. Prints the outcome without the counts that vary from run to run:
#   rounds done: all, retried after 40001: some|none, partial errors: some|none, exact: yes|no (...)
# --until-partial: when the rounds showed no partial error (a race that a loaded machine can
# make rare), CLIENTS x ROUNDS more rounds, at most 4 times in all, so that the outcome that
# must show one does not hang on the machine's pace.
# The PostgreSQL connection comes from the environment (PGHOST, PGPORT, PGDATABASE...), as
# for psql; PGOPTIONS passes settings (hbase_fdw.update_retries).
set -euo pipefail
clients=$1 rounds=$2 table=$3 column=$4 keys=$5 sql=$6 until_partial=${7:-}
. "$(dirname "$0")/clients.sh"

# another error: the round is over; its DETAIL names the rows written
failed_round() {
	echo "partial $(sed -n 's/.*stay written (\([^)]*\)).*/\1/p' <<<"$1" |
		sed 's/ and /,/g; s/[" ]//g')"
	grep -q 'stay written\|No row of this statement' <<<"$1" ||
		{ echo "unexpected error: $1" >&2; exit 1; }
}

run_clients "$clients" "$rounds" "$sql" verbose
batches=1
while [[ $until_partial == --until-partial ]] && ((batches < 4)) && ! grep -q '^partial' "$dir/all"; do
	run_clients "$clients" "$rounds" "$sql" verbose
	batches=$((batches + 1))
done
ok=$(grep -c '^ok$' "$dir/all" || true)
retried=$(grep -c '^retried$' "$dir/all" || true)
partial=$(grep -c '^partial' "$dir/all" || true)
mismatch=""
IFS=, read -ra ks <<<"$keys"
for k in "${ks[@]}"; do
	want=$((ok + $(sed -n 's/^partial //p' "$dir/all" | tr , '\n' | grep -cx "$k" || true)))
	got=$(psql -X -At -c "SELECT $column FROM $table WHERE k = '$k'")
	[[ "$got" == "$want" ]] || mismatch+=" $k=$got (applied $want)"
done
total=$((clients * rounds * batches))
echo "rounds done: $( ((ok + partial == total)) && echo all || echo "$((ok + partial)) of $total"), retried after 40001: $([[ $retried -gt 0 ]] && echo some || echo none)," \
	"partial errors: $([[ $partial -gt 0 ]] && echo some || echo none), exact: $([[ -z $mismatch ]] && echo yes || echo "no:$mismatch")"
