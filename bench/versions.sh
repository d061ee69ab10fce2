#!/usr/bin/env bash
# bench/versions.sh - reading a row of many cell versions grows linearly with their count
# (issue 37.10: it grew with the square, 80,000 versions took 18-26 s).
#
# Writes (when missing) one row per count in SMALL and LARGE (defaults 20,000 and 80,000) of
# one cell with that many versions (explicit timestamps 1..N, through REST, a family keeping
# 1,000,000 versions), then reads each row ROUNDS times (default 3) through a foreign table with
# versions 'all' (count(*) of its versions) and prints the medians and the ratio large / small,
# against the ratio of the counts: linear work gives about LARGE / SMALL (4), work growing
# with the square about (LARGE / SMALL)^2 (16).
# Usage: bench/versions.sh [SMALL] [LARGE] [ROUNDS]   (HBase + PostgreSQL up); BENCH_TABLE names
# the HBase table (default bench_versions).
set -euo pipefail
cd "$(dirname "$0")/.."
SMALL=${1:-20000}
LARGE=${2:-80000}
ROUNDS=${3:-3}
T=${BENCH_TABLE:-bench_versions}
# PostgreSQL's environment, URL, work, DB
. bench/rawclient.sh

# one row of n versions of v:a, key "n<count>", written in puts of 10,000 cells
load() {
	python3 - "$T" "$1" <<'PY'
import sys; sys.path.insert(0, "tests")
from hbase_rest import Client
t, n = sys.argv[1], int(sys.argv[2])
c = Client()
for lo in range(1, n + 1, 10000):
    hi = min(n, lo + 9999)
    c.put_rows(t, [{"key": b"n%d" % n,
                    "cells": [(b"v:a", {"value": "x%d" % ts, "timestamp": ts})
                              for ts in range(lo, hi + 1)]}])
PY
}
have() { [[ $(curl -s -o /dev/null -w '%{http_code}' -H 'Accept: application/json' "$URL/$T/n$1/v:a?v=1") == 200 ]]; }
if ! have "$SMALL" || ! have "$LARGE"; then
	python3 tests/hbase_rest.py create "$T" v --versions 1000000 >/dev/null
	load "$SMALL"
	load "$LARGE"
fi

psql -X -q -d "$DB" -v url="$URL" -v t="$T" >/dev/null <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS hbase_fdw;
DROP SERVER IF EXISTS bench_versions CASCADE;
CREATE SERVER bench_versions FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url');
CREATE USER MAPPING FOR CURRENT_USER SERVER bench_versions;
CREATE FOREIGN TABLE bench_versions_t (k text OPTIONS (column ':key') COLLATE "C",
  ts bigint OPTIONS (column ':timestamp'), a text OPTIONS (column 'v:a'))
  SERVER bench_versions OPTIONS (table :'t', versions 'all');
SQL

# seconds of one read of row n<count>'s versions (the count checked)
secs() {
	local out
	out=$(psql -X -At -d "$DB" -c '\timing on' -c "SELECT count(*) FROM bench_versions_t WHERE k = 'n$1'")
	n=$(grep -xE '[0-9]+' <<<"$out" || true)
	[[ $n == "$1" ]] || { echo "bench/versions.sh: row n$1 read ${n:-no} versions: $out" >&2; exit 1; }
	sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' <<<"$out" | awk '{printf "%.4f\n", $1 / 1000}'
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
secs "$SMALL" >/dev/null  # warm
: >"$work/versions.small"
: >"$work/versions.large"
for ((r = 1; r <= ROUNDS; r++)); do
	secs "$SMALL" >>"$work/versions.small"
	secs "$LARGE" >>"$work/versions.large"
done
s=$(median <"$work/versions.small")
l=$(median <"$work/versions.large")
awk -v s="$s" -v l="$l" -v ns="$SMALL" -v nl="$LARGE" 'BEGIN {
	printf "versions %d: %.3f s, %d: %.3f s (medians of the rounds)\n", ns, s, nl, l
	printf "ratio %.2f for %.0fx the versions (linear: %.0f, square: %.0f)\n", l / s, nl / ns, nl / ns, (nl / ns) ^ 2 }'
