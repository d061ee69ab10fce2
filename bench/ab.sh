#!/usr/bin/env bash
# bench/ab.sh - two builds of hbase_fdw against each other, in one run: did a change make
# reads slower?  For refactorings that must keep speed "the same within noise".
#
#   bench/ab.sh REV_A [REV_B] [N]     (REV_B default: the working tree; N rows, default 100000)
#
# Builds REV_A in a temporary worktree and REV_B (or the working tree), then runs ROUNDS
# (default 5) interleaved rounds: install A's hbase_fdw.so, run every workload with pgbench
# (a fresh connection per workload, so the .so is loaded anew), install B's, run them again.
# Workloads on a table of N rows (key row%09d, cf:n, cf:pad; bench/load_rows.py, 4 regions):
# point Get, = ANY of 100 keys (a multiget), a bounded scan of 1,000 rows, a keyset next page,
# a reversed page, a count over the whole table. Prints per workload the median latency of
# each build and the ratio B/A; ratios near 1.00 (within the spread printed) mean no change.
# Runs its own private PostgreSQL (scripts/pg-local with PG_LOCAL_PRIVATE=1, port 55460), so
# the installed extension and the suite's cluster are left alone.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
REV_A=${1:?usage: bench/ab.sh REV_A [REV_B] [N]}
REV_B=${2:-}
N=${3:-100000}
ROUNDS=${ROUNDS:-5}
TABLE=bench_ab_$N
work=${BENCH_DIR:-/var/tmp/hbase_fdw/bench}/ab
mkdir -p "$work"
export PG_LOCAL_PRIVATE=1 PG_LOCAL_DIR=${AB_PG_DIR:-/var/tmp/hbase_fdw/pg-ab} PG_LOCAL_PORT=${AB_PG_PORT:-55460}
scripts/pg-local start >/dev/null
eval "$(scripts/pg-local env)"
LIBDIR=$("$PG_CONFIG" --pkglibdir)
URL=${HBASE_URL:-http://127.0.0.1:${HBASE_REST_PORT:-18080}}

# the two .so files; the extension's SQL objects come from the newer build (B)
build() { # rev-or-empty -> path of its hbase_fdw.so
	local dir=$ROOT
	if [[ -n $1 ]]; then
		dir=$work/src-$(git rev-parse --short "$1")
		[[ -d $dir ]] || git worktree add -q --detach "$dir" "$1"
	fi
	make -s -C "$dir" PG_CONFIG="$PG_CONFIG" >/dev/null 2>&1 || { echo "ab: build of ${1:-the working tree} failed" >&2; exit 1; }
	echo "$dir/hbase_fdw.so"
}
so_a=$(build "$REV_A")
so_b=$(build "$REV_B")
make -s -C "$( [[ -n $REV_B ]] && dirname "$so_b" || echo "$ROOT")" PG_CONFIG="$PG_CONFIG" install >/dev/null 2>&1

last=$(printf 'row%09d' $((N - 1)))
if [[ $(curl -s -o /dev/null -w '%{http_code}' -H 'Accept: application/json' "$URL/$TABLE/$last") != 200 ]]; then
	python3 bench/load_rows.py "$TABLE" "$N" 4
fi
psql -X -q -d postgres -v url="$URL" -v tbl="$TABLE" >/dev/null <<'SQL'
SET client_min_messages = warning;
DROP EXTENSION IF EXISTS hbase_fdw CASCADE;
CREATE EXTENSION hbase_fdw;
CREATE SERVER bench_ab FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url');
CREATE USER MAPPING FOR CURRENT_USER SERVER bench_ab;
CREATE FOREIGN TABLE ab_t (k text OPTIONS (column ':key') COLLATE "C", n int8, pad text)
  SERVER bench_ab OPTIONS (table :'tbl', family 'cf');
SQL

# workload name, transactions per round, pgbench script (:r a random row number)
declare -A TX=([get]=400 [multiget100]=60 [range1000]=40 [keyset]=200 [reversed]=200 [count]=3)
declare -A SQL=(
	[get]="SELECT n FROM ab_t WHERE k = 'row' || lpad(:r::text, 9, '0');"
	[multiget100]="SELECT count(*) FROM ab_t WHERE k = ANY(ARRAY(SELECT 'row' || lpad(g::text, 9, '0') FROM generate_series(:r, :r + 99) g));"
	[range1000]="SELECT count(*), sum(n) FROM ab_t WHERE k >= 'row' || lpad(:r::text, 9, '0') AND k < 'row' || lpad((:r + 1000)::text, 9, '0');"
	[keyset]="SELECT k FROM ab_t WHERE k > 'row' || lpad(:r::text, 9, '0') ORDER BY k LIMIT 10;"
	[reversed]="SELECT k FROM ab_t WHERE k < 'row' || lpad(:r::text, 9, '0') ORDER BY k DESC LIMIT 10;"
	[count]="SELECT count(*), sum(n) FROM ab_t;"
)
NAMES="get multiget100 range1000 keyset reversed count"
for w in $NAMES; do
	printf '\\set r random(0, %d)\n%s\n' $((N - 1100)) "${SQL[$w]}" >"$work/$w.sql"
done

# a new file renamed over the old one: a backend of the last workload still exiting keeps
# the mapping of the old file (copied over in place, it crashed with SIGSEGV)
install_so() { cp "$1" "$LIBDIR/hbase_fdw.so.ab" && mv -f "$LIBDIR/hbase_fdw.so.ab" "$LIBDIR/hbase_fdw.so"; }
run() { # build-label .so
	install_so "$2"
	for w in $NAMES; do
		"$(dirname "$PG_CONFIG")/pgbench" -n -M prepared -t "${TX[$w]}" -f "$work/$w.sql" postgres 2>&1 |
			awk -v w="$w" -v b="$1" '/latency average/{print w, b, $4}' >>"$work/results"
	done
}
: >"$work/results"
for ((i = 1; i <= ROUNDS; i++)); do
	run A "$so_a"
	run B "$so_b"
done
install_so "$so_b"

echo "bench/ab.sh: A = $(git rev-parse --short "$REV_A"), B = ${REV_B:-working tree}, $N rows, medians of $ROUNDS interleaved rounds (ms per statement)"
printf '%-12s %10s %10s %7s %s\n' workload A B B/A "spread of A (min-max)"
med() { sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)], a[1], a[NR]}'; }
for w in $NAMES; do
	read -r ma mina maxa < <(awk -v w="$w" '$1 == w && $2 == "A" {print $3}' "$work/results" | med)
	read -r mb _ _ < <(awk -v w="$w" '$1 == w && $2 == "B" {print $3}' "$work/results" | med)
	awk -v w="$w" -v ma="$ma" -v mb="$mb" -v lo="$mina" -v hi="$maxa" \
		'BEGIN {printf "%-12s %10.2f %10.2f %7.2f %.2f-%.2f\n", w, ma, mb, mb / ma, lo, hi}'
done
