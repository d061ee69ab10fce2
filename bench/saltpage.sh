#!/usr/bin/env bash
# bench/saltpage.sh - a keyset next page on a salted table against the raw client, in one run
# (issue 36).
#
# Loads (when missing) USERS x 10 rows under an 8-bucket salt (bench/load_saltpage.py: key
# letter(salt(8)) + lpad(u, 6) + lpad(seq, 4), pre-split per bucket). Then ROUNDS rounds of:
#   fdw   pgbench, prepared: SELECT ... WHERE (u, seq) > (:r, 5) ORDER BY u, seq LIMIT 10 (each
#         bucket's range cut at the bound, the buckets' first pages asked for together, merged)
#   raw   bench/rawclient.c saltpage: the same page as a plain client reads it, one stateless
#         GET of 10 rows per bucket from the bucket's letter + the bound, one after the other on
#         one kept-alive connection (no PostgreSQL, no merge)
# Prints the page's EXPLAIN ANALYZE (requests, rows received), the medians and fdw / raw.
# Ratios, not timings, are the result: the machine's speed cancels out.
# Usage: bench/saltpage.sh [USERS] [ROUNDS]   (HBase + PostgreSQL up); BENCH_TABLE names the
# HBase table (default bench_saltpage).
set -euo pipefail
cd "$(dirname "$0")/.."
USERS=${1:-20000}
ROUNDS=${2:-3}
T=${BENCH_TABLE:-bench_saltpage}
# PostgreSQL's environment, URL, work, DB; $work/rawclient built
. bench/rawclient.sh

# the last user's last row, in bucket 'a' + its salt: present when the table is loaded
last=$(python3 -c "
import sys; sys.path.insert(0, 'tests')
from fixtures_layouts import phoenix_salt
rest = b'%06d0010' % ($USERS - 1)
print(chr(ord('a') + phoenix_salt(rest, 8)[0]) + rest.decode())")
if [[ $(curl -s -o /dev/null -w '%{http_code}' -H 'Accept: application/json' "$URL/$T/$last") != 200 ]]; then
	t0=$(date +%s)
	python3 bench/load_saltpage.py "$T" "$USERS"
	echo "loaded $((USERS * 10)) rows into $T through REST in $(($(date +%s) - t0)) s"
fi

psql -X -q -d "$DB" -v url="$URL" -v t="$T" >/dev/null <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS hbase_fdw;
DROP SERVER IF EXISTS bench_saltpage CASCADE;
CREATE SERVER bench_saltpage FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url');
CREATE USER MAPPING FOR CURRENT_USER SERVER bench_saltpage;
CREATE FOREIGN TABLE bench_saltpage_t (u int, seq int, n bigint, pad text) SERVER bench_saltpage
  OPTIONS (table :'t', family 'cf', rowkey 'letter(salt(8)) + lpad(u, 6) + lpad(seq, 4)');
SQL

echo "a keyset next page (10 rows after (u, 5)):"
psql -X -q -d "$DB" -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT u, seq, n FROM bench_saltpage_t WHERE (u, seq) > ($((USERS / 2)), 5) ORDER BY u, seq LIMIT 10" |
	grep -E 'Sort|HBase (Operation|Requests|Rows)'
printf '\\set r random(0, %d)\nSELECT u, seq, n FROM bench_saltpage_t WHERE (u, seq) > (:r, 5) ORDER BY u, seq LIMIT 10;\n' \
	$((USERS - 2)) >"$work/saltpage.sql"
PGBENCH=$(dirname "$(command -v pg_config || echo /usr/lib/postgresql/15/bin/pg_config)")/pgbench
[[ -x $PGBENCH ]] || PGBENCH=/usr/lib/postgresql/15/bin/pgbench
lat() { "$PGBENCH" -n -M prepared -t "$1" -f "$work/saltpage.sql" "$DB" 2>&1 | awk '/latency average/{print $4}'; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
lat 50 >/dev/null  # warm: connections, the table's regions
: >"$work/saltpage.rounds"
for ((r = 1; r <= ROUNDS; r++)); do
	f=$(lat 500)
	w=$("$work/rawclient" "$URL" "$T" saltpage 500 8 $((USERS - 1)) 10 | sed 's/.*avg_ms=//')
	echo "$f $w" >>"$work/saltpage.rounds"
	echo "round $r: fdw $f ms, raw $w ms"
done
col() { awk -v c="$1" '{print $c}' "$work/saltpage.rounds" | median; }
printf 'hbase_fdw: keyset next page of a salted table %s ms (pgbench, prepared, medians of %d x 500)\n' "$(col 1)" "$ROUNDS"
printf 'raw client: 8 stateless GETs of 10 rows, one per bucket, %s ms (medians of %d x 500)\n' "$(col 2)" "$ROUNDS"
printf 'fdw / raw  %.2f  (median of the rounds'"'"' ratios)\n' "$(awk '{print $1 / $2}' "$work/saltpage.rounds" | median)"
