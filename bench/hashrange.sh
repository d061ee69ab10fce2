#!/usr/bin/env bash
# bench/hashrange.sh - a company's days under a hash prefix (docs S2:
# left(md5(company_id + stat_date), 5) + company_id + stat_date + [campaign_id]), in one run:
# the days between two bounds as one prefix scan per day (the bounds stand for their values)
# vs the skip scan the same query gets when the day bound is not usable on the key
# (stat_date + 0: every key of the company, all days, read and filtered).
# Loads 50 companies x 366 days x 18 rows (329,400) through REST if the table is missing.
# Prints medians of 7 interleaved rounds and the ratios; ratios, not timings, are the result.
# Usage: bench/hashrange.sh   (HBase + PostgreSQL up: scripts/setup --no-demo; KEEP_TABLE=1 keeps
# the table, dropped at the end otherwise)
set -euo pipefail
cd "$(dirname "$0")/.."
eval "$(scripts/pg-local env)"
export HBASE_URL=${HBASE_URL:-http://127.0.0.1:${HBASE_REST_PORT:-18080}}
TABLE=bench_s2
# the last row written marks a complete load
last=$(printf '%06d20241231' 50)
last=$(python3 -c "import hashlib,sys; print(hashlib.md5(sys.argv[1].encode()).hexdigest()[:5] + sys.argv[1] + '000017')" "$last")
if [[ $(curl -s -o /dev/null -w '%{http_code}' "$HBASE_URL/$TABLE/$last") != 200 ]]; then
	start=$(date +%s)
	python3 bench/load_s2.py "$TABLE" 50
	echo "loaded 329400 rows through REST in $(($(date +%s) - start)) s"
fi
psql -X -q -d postgres -v url="$HBASE_URL" <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS hbase_fdw;
DROP SERVER IF EXISTS bench_hr CASCADE;
CREATE SERVER bench_hr FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url');
CREATE FOREIGN TABLE bench_hr_s2 (company_id int, stat_date date, campaign_id int, cost numeric,
  clicks bigint OPTIONS (encoding 'binary'))
  SERVER bench_hr OPTIONS (table 'bench_s2', family 'd',
  rowkey 'left(md5(company_id + stat_date), 5) + lpad(company_id, 6) + date(stat_date, "yyyyMMdd") + [lpad(campaign_id, 6)]');
SQL
declare -A Q
Q[month]="company_id = 42 AND stat_date BETWEEN '2024-03-01' AND '2024-03-31'"
Q[month_skip]="company_id = 42 AND stat_date + 0 BETWEEN '2024-03-01' AND '2024-03-31'"
Q[week]="company_id = 42 AND stat_date BETWEEN '2024-06-10' AND '2024-06-16'"
Q[week_skip]="company_id = 42 AND stat_date + 0 BETWEEN '2024-06-10' AND '2024-06-16'"
ORDER="month month_skip week week_skip"
sel() { echo "SELECT count(*), sum(cost), sum(clicks) FROM bench_hr_s2 WHERE ${Q[$1]}"; }
for q in $ORDER; do
	op=$(psql -X -q -At -d postgres -c "EXPLAIN $(sel "$q")" | sed -n 's/.*HBase Operation: //p')
	res=$(psql -X -q -At -d postgres -c "$(sel "$q")")
	printf '%-11s %-60s -> %s\n' "$q" "$op" "$res"
done
# a round: each query once, in one session, timed by psql
declare -A T
for round in 1 2 3 4 5 6 7; do
	out=$(for q in $ORDER; do echo "\\echo $q"; echo "$(sel "$q");"; done |
		psql -X -q -d postgres -c '\timing on' -f - 2>&1)
	while read -r q t; do T[$q]+="$t "; done < <(awk '/^[a-z_]+$/{q=$1} /^Time:/{print q, $2}' <<<"$out")
done
median() { tr ' ' '\n' <<<"$1" | grep . | sort -n | sed -n 4p; }
for q in $ORDER; do printf '%-11s median %8.1f ms\n' "$q" "$(median "${T[$q]}")"; done
for base in month week; do
	awk -v a="$(median "${T[$base]}")" -v b="$(median "${T[${base}_skip]}")" -v n="$base" \
		'BEGIN { printf "  %s: skip scan / prefix scans per day %.1fx\n", n, b / a }'
done
psql -X -q -d postgres -c "DROP SERVER bench_hr CASCADE" 2>/dev/null
# the table goes too: its unflushed rows weigh on a small local HBase's heap (reloaded in seconds)
[[ -n ${KEEP_TABLE:-} ]] || python3 -c "import sys; sys.path.insert(0, 'tests'); import hbase_rest; hbase_rest.Client().drop_table('$TABLE')"
