#!/usr/bin/env bash
# bench/saltjoin.sh - a batched prefix join of 3,000 outer rows on a salted table (issue 36
# item 7): the build before (a request per prefix and bucket) against this one (a batch's
# ranges of one bucket read by one scanner through a MultiRowRangeFilter) and a raw client,
# in one run.
#
# Loads (when missing) USERS x 2 rows under a 16-bucket Phoenix salt (bench/load_saltjoin.py:
# key salt(16) + lpad(u, 7) + lpad(seq, 2), pre-split per bucket). The outer side: OUTER users
# u = 7 * i (no two prefixes touch), so each outer row's prefix is read in all 16 buckets:
# OUTER x 16 ranges. The join is the batched one for both builds (hash, merge and nested loop
# joins off: the same plan, so the builds are compared on it). ROUNDS rounds of:
#   old   REV's hbase_fdw.so (default: the merge base with main), a fresh psql runs the join
#   new   the working tree's hbase_fdw.so, the same
#   raw   bench/rawclient.c scan, once per bucket, one after the other: a scanner from the
#         bucket's first prefix to its last with a MultiRowRangeFilter of the OUTER prefixes
#         (what the new build sends for a batch, no PostgreSQL), pages of 1,000 rows decoded
# Prints each build's EXPLAIN ANALYZE counts, the medians and the ratios old / new and
# new / raw. Ratios, not timings, are the result: the machine's speed cancels out.
# Usage: bench/saltjoin.sh [USERS] [OUTER] [ROUNDS] [REV]   (HBase + a private PostgreSQL up:
# PG_LOCAL_PRIVATE=1, as it installs both builds' hbase_fdw.so into it in turn; the working
# tree's is left installed). BENCH_TABLE names the HBase table (default bench_saltjoin).
set -euo pipefail
cd "$(dirname "$0")/.."
USERS=${1:-30000}
OUTER=${2:-3000}
ROUNDS=${3:-3}
REV=${4:-$(git merge-base HEAD main)}
T=${BENCH_TABLE:-bench_saltjoin}
((OUTER * 7 <= USERS)) || { echo "saltjoin.sh: OUTER x 7 must be at most USERS" >&2; exit 2; }
[[ ${PG_LOCAL_PRIVATE:-} == 1 ]] || { echo "saltjoin.sh: needs PG_LOCAL_PRIVATE=1 (it swaps hbase_fdw.so)" >&2; exit 2; }
# PostgreSQL's environment, URL, work, DB; $work/rawclient built
. bench/rawclient.sh
LIBDIR=$("$PG_CONFIG" --pkglibdir)

# the two builds: REV from git archive (no worktree), the working tree
old_dir=$work/saltjoin-src-$(git rev-parse --short "$REV")
if [[ ! -f $old_dir/hbase_fdw.so ]]; then
	rm -rf "$old_dir" && mkdir -p "$old_dir"
	git archive "$REV" | tar -x -C "$old_dir"
	make -s -C "$old_dir" PG_CONFIG="$PG_CONFIG" >/dev/null 2>&1 || { echo "saltjoin.sh: the build of $REV failed" >&2; exit 1; }
fi
make -s PG_CONFIG="$PG_CONFIG" >/dev/null 2>&1
make -s PG_CONFIG="$PG_CONFIG" install >/dev/null 2>&1
new_so=$work/saltjoin-new.so
cp hbase_fdw.so "$new_so"
use() { install -m 755 "$1" "$LIBDIR/hbase_fdw.so"; }

# the last user's last row: present when the table is loaded
last_key=$(python3 -c "
import sys, base64; sys.path.insert(0, 'tests')
from fixtures_layouts import phoenix_salt
rest = b'%07d02' % ($USERS - 1)
print(base64.urlsafe_b64encode(phoenix_salt(rest, 16) + rest).decode().rstrip('='))")
if [[ $(curl -s -o /dev/null -w '%{http_code}' -H 'Accept: application/json' "$URL/$T/$last_key?e=b64") != 200 ]]; then
	t0=$(date +%s)
	python3 bench/load_saltjoin.py "$T" "$USERS"
	echo "loaded $((USERS * 2)) rows into $T through REST in $(($(date +%s) - t0)) s"
fi

psql -X -q -d "$DB" -v url="$URL" -v t="$T" -v outer="$OUTER" >/dev/null <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS hbase_fdw;
DROP SERVER IF EXISTS bench_saltjoin CASCADE;
CREATE SERVER bench_saltjoin FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url');
CREATE USER MAPPING FOR CURRENT_USER SERVER bench_saltjoin;
CREATE FOREIGN TABLE bench_saltjoin_t (u int, seq int, n bigint, pad text) SERVER bench_saltjoin
  OPTIONS (table :'t', family 'cf', rowkey 'salt(16) + lpad(u, 7) + lpad(seq, 2)');
DROP TABLE IF EXISTS bench_saltjoin_o;
CREATE TABLE bench_saltjoin_o AS SELECT g AS oid, g * 7 AS u FROM generate_series(0, :outer - 1) g;
ANALYZE bench_saltjoin_o;
SQL

Q="SELECT count(*), sum(t.n) FROM bench_saltjoin_o o JOIN bench_saltjoin_t t ON t.u = o.u"
OFF="SET enable_hashjoin = off; SET enable_mergejoin = off; SET enable_nestloop = off;"
# the gateway is shared: another test may restart it (resume.sql); a run it broke goes again
again() {
	local i
	for ((i = 1; i <= 5; i++)); do
		"$@" >"$work/saltjoin.out" 2>"$work/saltjoin.err" && { cat "$work/saltjoin.out"; return 0; }
		echo "  (failed: $(head -1 "$work/saltjoin.err"); again in 15 s)" >&2
		sleep 15
	done
	return 1
}
# the join's seconds through the installed build (a fresh backend loads it), and its result
run1() { psql -X -q -At -v ON_ERROR_STOP=1 -d "$DB" -c "$OFF" -c '\timing on' -c "$Q"; }
run() { again run1 | awk '/^Time:/ {printf "%.3f", $2 / 1000; next} {res = $0} END {print " " res}'; }
counts1() { psql -X -q -v ON_ERROR_STOP=1 -d "$DB" -c "$OFF" -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) $Q"; }
counts() {
	again counts1 | grep -E 'HBase (Operation|Requests|Rows Received|Key Ranges|Range Scans)|Batches:' | sed 's/^ */  /'
}
echo "the plan the planner picks by default (this build):"
use "$new_so"
psql -X -q -d "$DB" -c "EXPLAIN (COSTS OFF) $Q" | grep -E 'Join|Scan|HBase Operation' | sed 's/^ */  /'
echo "old build ($(git rev-parse --short "$REV")), the batched join:"
use "$old_dir/hbase_fdw.so"
counts
echo "new build, the batched join:"
use "$new_so"
counts

# the raw client's scanner specs, one per bucket: the bucket's OUTER prefixes as row ranges
python3 - "$OUTER" "$work/saltjoin-specs" <<'PY'
import base64, json, os, sys
n, out = int(sys.argv[1]), sys.argv[2]
os.makedirs(out, exist_ok=True)
b64 = lambda b: base64.b64encode(b).decode()
for bucket in range(16):
    ranges = []
    for i in range(n):
        p = bytes([bucket]) + b"%07d" % (7 * i)
        stop = p[:-1] + bytes([p[-1] + 1])
        ranges.append({"startRow": b64(p), "startRowInclusive": True,
                       "stopRow": b64(stop), "stopRowInclusive": False})
    filt = {"type": "MultiRowRangeFilter", "ranges": ranges}
    spec = {"startRow": ranges[0]["startRow"], "endRow": ranges[-1]["stopRow"], "maxVersions": 1,
            "caching": 1000, "filter": json.dumps(filt, separators=(",", ":"))}
    with open("%s/%d.json" % (out, bucket), "w") as f:
        json.dump(spec, f, separators=(",", ":"))
PY
raw() {
	local b total=0 rows=0 out
	for ((b = 0; b < 16; b++)); do
		out=$(again env RAW_SPEC_FILE="$work/saltjoin-specs/$b.json" "$work/rawclient" "$URL" "$T" scan 1000 decode)
		total=$(awk -v t="$total" -v o="$out" 'BEGIN {split(o, a, "seconds="); printf "%.3f", t + a[2]}')
		rows=$((rows + $(sed 's/rows=\([0-9]*\).*/\1/' <<<"$out")))
	done
	echo "$total $rows"
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
: >"$work/saltjoin.rounds"
for ((r = 1; r <= ROUNDS; r++)); do
	use "$old_dir/hbase_fdw.so"
	read -r o ores < <(run)
	use "$new_so"
	read -r n nres < <(run)
	read -r w wrows < <(raw)
	[[ $ores == "$nres" ]] || { echo "saltjoin.sh: the builds disagree: $ores against $nres" >&2; exit 1; }
	echo "$o $n $w" >>"$work/saltjoin.rounds"
	echo "round $r: old $o s, new $n s, raw $w s ($nres; raw rows $wrows)"
done
col() { awk -v c="$1" '{print $c}' "$work/saltjoin.rounds" | median; }
printf 'old build: the batched prefix join of %d rows %s s (median of %d)\n' "$OUTER" "$(col 1)" "$ROUNDS"
printf 'new build: %s s\n' "$(col 2)"
printf 'raw client: 16 scanners with a MultiRowRangeFilter of the %d prefixes, one after the other: %s s\n' "$OUTER" "$(col 3)"
printf 'old / new  %.1f   new / raw  %.2f  (medians of the rounds'"'"' ratios)\n' \
	"$(awk '{print $1 / $2}' "$work/saltjoin.rounds" | median)" \
	"$(awk '{print $2 / $3}' "$work/saltjoin.rounds" | median)"
