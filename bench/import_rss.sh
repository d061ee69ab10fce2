#!/usr/bin/env bash
# bench/import_rss.sh - peak RSS (VmHWM) of a backend that runs IMPORT FOREIGN SCHEMA over 1
# and over 12 wide tables (issue 37.3: every table's sample was kept until the statement
# ended, 12 tables peaked at 163 MB against 37 MB for 1). With a memory context per table,
# reset after it, the 12-table import peaks near the 1-table one.
#
# Writes (when missing) namespace imprss, tables t01..t12, each ROWS rows (default 100, the
# default sample_rows) of QUALS qualifiers (default 60, under the 100 that leave a family to
# jsonb, so every qualifier is inferred) of VALUE bytes of text each (default 1000), through
# REST. Then, each from a fresh backend, imports LIMIT TO (t01) and the whole namespace, and
# prints both peaks and their ratio.
# Usage: bench/import_rss.sh [BASELINE_SO]   (HBase + PG up, the build installed)
#   BASELINE_SO: another build's hbase_fdw.so (e.g. of the commit before the fix, 7d0c9eb)
#   measured first in the same run: it is installed for that round, then the installed one is
#   put back. ROWS, QUALS, VALUE: the table shape (tables are rewritten when ROWS differs).
set -euo pipefail
cd "$(dirname "$0")/.."
eval "$(scripts/pg-local env)"
export HBASE_URL=${HBASE_URL:-http://127.0.0.1:${HBASE_REST_PORT:-18080}}
. bench/baseline_so.sh
ROWS=${ROWS:-100}
QUALS=${QUALS:-60}
VALUE=${VALUE:-1000}
NS=imprss

# each table's rows (keys r0000..), written when the table's last row is missing
python3 - "$NS" "$ROWS" "$QUALS" "$VALUE" <<'PY'
import sys; sys.path.insert(0, "tests")
from hbase_rest import Client
ns, rows, quals, size = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
c = Client()
for t in range(1, 13):
    table = "%s:t%02d" % (ns, t)
    last = b"r%04d" % (rows - 1)
    if c.table_exists(table) and c.get_row(table, last) and not c.get_row(table, b"r%04d" % rows):
        continue
    c.create_table(table, ["d"])
    for lo in range(0, rows, 10):
        c.put_rows(table, [{"key": b"r%04d" % r,
                            "cells": [(b"d:q%03d" % q, (b"%c" % (97 + (r + q) % 26)) * size)
                                      for q in range(quals)]}
                           for r in range(lo, min(rows, lo + 10))])
PY

psql -X -q -d postgres -v url="$HBASE_URL" <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS hbase_fdw;
DROP SERVER IF EXISTS import_rss CASCADE;
CREATE SERVER import_rss FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url');
CREATE USER MAPPING FOR CURRENT_USER SERVER import_rss;
DROP SCHEMA IF EXISTS import_rss CASCADE;
CREATE SCHEMA import_rss;
SQL

peak() { # LIMIT TO clause or "" -> "VmHWM kB" of a fresh backend that imported (tables checked)
	local out
	out=$(psql -X -q -d postgres -t -A -v ON_ERROR_STOP=1 -v lim="$1" <<'SQL'
SET client_min_messages = warning;
DROP SCHEMA import_rss CASCADE;
CREATE SCHEMA import_rss;
SELECT pg_backend_pid() AS pid \gset
IMPORT FOREIGN SCHEMA imprss :lim FROM SERVER import_rss INTO import_rss;
\setenv BPID :pid
\! grep VmHWM /proc/$BPID/status
SELECT 'tables ' || count(*) || ' columns ' || sum((SELECT count(*) FROM pg_attribute a
  WHERE a.attrelid = c.oid AND a.attnum > 0))
  FROM pg_class c WHERE c.relnamespace = 'import_rss'::regnamespace;
SQL
)
	echo "$(awk '/^tables/{print $2 " tables, " $4 " columns"}' <<<"$out"): peak_rss_kb=$(awk '/VmHWM/{print $2}' <<<"$out")"
}
round() {
	local one twelve
	one=$(peak "LIMIT TO (t01)")
	twelve=$(peak "")
	echo "$1: IMPORT of $one"
	echo "$1: IMPORT of $twelve"
	awk -v a="${one##*=}" -v b="${twelve##*=}" -v w="$1" \
		'BEGIN{printf "%s: peak RSS 12 tables / 1 table: %.2f (%d MB / %d MB)\n", w, b / a, b / 1024, a / 1024}'
}
[[ -z ${1:-} ]] || with_baseline "$1" round baseline
round current
psql -X -q -d postgres -c "SET client_min_messages = warning" -c "DROP SCHEMA import_rss CASCADE" -c "DROP SERVER import_rss CASCADE"
