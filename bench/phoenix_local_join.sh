#!/usr/bin/env bash
# bench/phoenix_local_join.sh - a join from a local table on a column of a Phoenix LOCAL index
# (issue 54), three ways in one run, interleaved round by round:
#   batched  the batched join through the local index: the regions listed once, then after each
#            batch's read; each batch one scan per region with the batch's index ranges as the
#            parts of a MultiRowRangeFilter, then the data rows by multigets (NAME is not in the
#            index)
#   hash     a hash join over the full scan of the table (hbase_fdw.enable_batched_join off,
#            nested loops off)
#   nl       a nested loop over the local index's parameterized path: each outer row's range
#            read in every region, the regions listed after each (batched join, hash and merge
#            joins off)
# Loads (when missing) BENCH_PHX_LOCAL_TABLE (default BENCH.PHXLOCJ): ID BIGINT PRIMARY KEY,
# EMAIL, NAME, made by Phoenix's DDL with SPLIT ON at the quarters (four regions), ROWS rows
# written through REST in Phoenix's encodings (bench/load_phoenix_index.py's rows), then CREATE
# LOCAL INDEX ..._EMAIL ON (EMAIL) by Phoenix, which writes the index rows into the table's
# regions. The outer side: an analysed local table of JOIN_ROWS random emails of the table.
# Prints each plan's EXPLAIN ANALYZE lines, the mean latencies and the ratios hash / batched and
# nl / batched. Ratios, not timings, are the result. Kept short (a shared machine of 2 cores).
# Usage: bench/phoenix_local_join.sh [ROWS] [JOIN_ROWS] [ROUNDS]   (HBase with Phoenix + PostgreSQL up)
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${1:-100000}
JOIN_ROWS=${2:-500}
ROUNDS=${3:-3}
T=${BENCH_PHX_LOCAL_TABLE:-BENCH.PHXLOCJ}
[[ -n ${PGHOST:-} ]] || eval "$(scripts/pg-local env)"
URL=${HBASE_URL:-http://127.0.0.1:${HBASE_REST_PORT:-18080}}
DB=${BENCH_DB:-postgres}
schema=${T%%.*}
name=${T#*.}
lname=$(tr 'A-Z' 'a-z' <<<"$name")

# loaded when its last row is there, no row after it, and Phoenix lists its local index
key() { python3 -c "import struct,sys; sys.stdout.write(''.join('\\\\x%02x' % b for b in struct.pack('>Q', $1 + (1 << 63))))"; }
lastkey=$(key $((ROWS - 1)))
pastkey=$(key "$ROWS")
have_index=$(python3 - "$schema" "${name}_EMAIL" <<'PY'
import sys
sys.path.insert(0, "tests")
from fixtures_phoenix import phoenix_sql
rows = phoenix_sql("SELECT COUNT(*) FROM SYSTEM.CATALOG WHERE TABLE_SCHEM = '%s' AND "
                   "TABLE_NAME = '%s' AND INDEX_TYPE = 2;\n" % (sys.argv[1], sys.argv[2]))
print(rows[0][0] if rows else 0)
PY
)
if ! python3 tests/hbase_rest.py get "$T" "$lastkey" >/dev/null 2>&1 ||
	python3 tests/hbase_rest.py get "$T" "$pastkey" >/dev/null 2>&1 || [[ $have_index == 0 ]]; then
	t0=$(date +%s)
	python3 bench/load_phoenix_index.py "$T" "$ROWS" --local 4
	echo "loaded $ROWS rows into $T (REST, four regions) and built its local index (Phoenix) in $(($(date +%s) - t0)) s"
fi

psql -X -q -d "$DB" -v url="$URL" -v schema="$schema" -v name="$name" >/dev/null <<SQL
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS hbase_fdw;
DROP SERVER IF EXISTS bench_phl CASCADE;
CREATE SERVER bench_phl FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url');
CREATE USER MAPPING FOR CURRENT_USER SERVER bench_phl;
DROP SCHEMA IF EXISTS bench_phl CASCADE;
CREATE SCHEMA bench_phl;
IMPORT FOREIGN SCHEMA :"schema" LIMIT TO (:name) FROM SERVER bench_phl INTO bench_phl OPTIONS (phoenix 'true');
DROP TABLE IF EXISTS bench_phl_probes;
CREATE TABLE bench_phl_probes AS SELECT format('u%s@example.org', lpad((random() * ($ROWS - 1))::int::text, 7, '0')) AS e
  FROM generate_series(1, $JOIN_ROWS);
ANALYZE bench_phl_probes;
ANALYZE bench_phl.$lname;
SQL

q="SELECT count(*), count(x.name) FROM bench_phl_probes p JOIN bench_phl.$lname x ON x.email = p.e;"
set_batched="SET max_parallel_workers_per_gather = 0; SET enable_hashjoin = off; SET enable_mergejoin = off; SET enable_nestloop = off;"
set_hash="SET max_parallel_workers_per_gather = 0; SET hbase_fdw.enable_batched_join = off; SET enable_nestloop = off;"
set_nl="SET max_parallel_workers_per_gather = 0; SET hbase_fdw.enable_batched_join = off; SET enable_hashjoin = off; SET enable_mergejoin = off;"
for w in batched hash nl; do
	v=set_$w
	echo "plan ($w):"
	psql -X -q -d "$DB" -c "${!v}" -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) $q" |
		grep -E 'Join|Loop|actual|HBase (Phoenix Index|Data Rows|Operation|Index|Requests|Rows)'
done

# interleaved: each round runs the three once, each in a session of its own (its settings, then
# the query timed by psql's \timing)
declare -A total=([batched]=0 [hash]=0 [nl]=0)
for ((r = 1; r <= ROUNDS; r++)); do
	for w in batched hash nl; do
		v=set_$w
		ms=$(psql -X -q -d "$DB" -c "${!v}" -c '\timing on' -c "$q" | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | tail -1)
		total[$w]=$(python3 -c "print(${total[$w]} + $ms)")
	done
done
b=$(python3 -c "print('%.1f' % (${total[batched]} / $ROUNDS))")
h=$(python3 -c "print('%.1f' % (${total[hash]} / $ROUNDS))")
n=$(python3 -c "print('%.1f' % (${total[nl]} / $ROUNDS))")
echo "join of $JOIN_ROWS local rows on email through local index ${name}_EMAIL ($ROWS rows, four regions), mean of $ROUNDS interleaved rounds: batched $b ms, hash join over the full scan $h ms, nested loop over the parameterized path $n ms"
python3 -c "print('hash / batched = %.1f, nested loop / batched = %.1f' % ($h / $b, $n / $b))"
