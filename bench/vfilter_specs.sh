#!/usr/bin/env bash
# bench/vfilter_specs.sh - what a value-filtered scan's projection costs the region server
# (issue 39's text 1% report): bench/rawclient.c scans bench_vfilter_N (bench/load_vfilter.py;
# bench/vfilter.sh loads it) with the filter s < 's010000' and four ways of asking for the cells
# n and s, in interleaved rounds:
#   whole    the rows' every cell (what the raw client of bench/vfilter.sh sends)
#   named    the cells by name, "column": ["cf:n", "cf:s"] (Scan.addColumn; hbase_fdw today)
#   famproj  the family, and the projection as a filter after the value filter:
#            FilterList(ALL, [SCVF, FilterList(ONE, [QualifierFilter(=n), QualifierFilter(=s)])])
#   mcpf     the family, and MultipleColumnPrefixFilter([n, s]) after the value filter
#
#   bench/vfilter_specs.sh [N] [THRESHOLD]     ROUNDS (5); prints medians
#
# CPU is the JVMs' ticks (utime + stime of /proc/PID/stat, 1/100 s) around each scan: HBASE_PID
# the region server's (default: the JVM logging to master.log or regionserver*.log, standalone
# or not), GATEWAY_PID the gateway's (default: the process listening on URL's port).  The ticks
# are the measure on a loaded machine; seconds are noisy.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000000}
THRESHOLD=${2:-s010000}
ROUNDS=${ROUNDS:-5}
TABLE=bench_vfilter_$N
source bench/rawclient.sh

jvm_pid() { # log-file pattern -> the pid of the JVM whose -Dhbase.log.file matches it
	for p in /proc/[0-9]*; do
		tr '\0' ' ' <"$p/cmdline" 2>/dev/null | grep -Eq -- "-Dhbase.log.file=($1)" &&
			{ basename "$p"; return; }
	done
	return 0
}
HBASE_PID=${HBASE_PID:-$(jvm_pid 'regionserver[^ ]*\.log|master\.log')}
port=${URL##*:}
port=${port%%/*}
GATEWAY_PID=${GATEWAY_PID:-$(ss -ltnpH "sport = :$port" | sed -n 's/.*pid=\([0-9]*\).*/\1/p' | head -1)}
[[ -n $HBASE_PID && -n $GATEWAY_PID ]] || { echo "vfilter_specs.sh: set HBASE_PID and GATEWAY_PID" >&2; exit 1; }
last=$(printf 'row%09d' $((N - 1)))
if [[ $(curl -s -o /dev/null -w '%{http_code}' -H 'Accept: application/json' "$URL/$TABLE/$last") != 200 ]]; then
	python3 bench/load_vfilter.py "$TABLE" "$N"
fi

python3 - "$work" "$THRESHOLD" <<'PY'
import base64, json, sys
work, thr = sys.argv[1], sys.argv[2]
b = lambda s: base64.b64encode(s.encode()).decode()
scvf = {"type": "SingleColumnValueFilter", "op": "LESS", "family": b("cf"), "qualifier": b("s"),
        "ifMissing": True, "latestVersion": True,
        "comparator": {"type": "BinaryComparator", "value": b(thr)}}
qual = lambda q: {"type": "QualifierFilter", "op": "EQUAL",
                  "comparator": {"type": "BinaryComparator", "value": b(q)}}
both = lambda proj: json.dumps({"type": "FilterList", "op": "MUST_PASS_ALL", "filters": [scvf, proj]})
specs = {
    "whole": {"filter": json.dumps(scvf)},
    "named": {"column": [b("cf:n"), b("cf:s")], "filter": json.dumps(scvf)},
    "famproj": {"column": [b("cf")], "filter": both(
        {"type": "FilterList", "op": "MUST_PASS_ONE", "filters": [qual("n"), qual("s")]})},
    "mcpf": {"column": [b("cf")], "filter": both(
        {"type": "MultipleColumnPrefixFilter", "prefixes": [b("n"), b("s")]})},
}
for name, spec in specs.items():
    with open(f"{work}/vfspec.{name}.json", "w") as f:
        json.dump(dict({"maxVersions": 1}, **spec), f)
PY

ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
VARIANTS="whole named famproj mcpf"
: >"$work/vfilter_specs.results"
for ((i = 1; i <= ROUNDS; i++)); do
	for v in $VARIANTS; do
		h0=$(ticks "$HBASE_PID") g0=$(ticks "$GATEWAY_PID")
		out=$(RAW_SPEC_FILE=$work/vfspec.$v.json "$work/rawclient" "$URL" "$TABLE" scan 1000 decode)
		h1=$(ticks "$HBASE_PID") g1=$(ticks "$GATEWAY_PID")
		# variant hbase-ticks gateway-ticks rows bytes seconds
		echo "$v $((h1 - h0)) $((g1 - g0)) $(sed 's/[a-z]*=//g; s/ [0-9]* / /' <<<"$out")" >>"$work/vfilter_specs.results"
	done
done
echo "bench/vfilter_specs.sh: $N rows, s < '$THRESHOLD', medians of $ROUNDS interleaved rounds"
printf '%-8s %8s %8s %8s %10s %8s %9s\n' spec hbase gateway rows bytes seconds hb/whole
med() { awk -v v="$1" -v c="$2" '$1 == v {print $c}' "$work/vfilter_specs.results" | sort -g |
	awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
base=$(med whole 2)
for v in $VARIANTS; do
	h=$(med "$v" 2)
	printf '%-8s %8s %8s %8s %10s %8s %9.2f\n' "$v" "$h" "$(med "$v" 3)" "$(med "$v" 4)" \
		"$(med "$v" 5)" "$(med "$v" 6)" "$(echo "$h / $base" | bc -l)"
done
