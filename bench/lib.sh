# bench/lib.sh - sourced by the benches after bench/rawclient.sh ($DB, $URL, $work): what several
# of them share, so that each states only what it measures.
#   s2_table SERVER URLS FTABLE HBASE_TABLE   the S2 layout's foreign table (bulk.sh, scan_writes.sh)
#   s2_load HBASE_TABLE N                     that table made afresh with N rows (rawclient put)
#   timed_sql FTABLE CONCURRENCY SQL          SQL's seconds at that write_concurrency
#   ratios FILE ROWS TITLE PAIR...            medians and ratios of interleaved rounds
#   callgrind_cluster NAME SETUP              a cluster for single-user callgrind runs (*instr.sh)
#   callgrind_single OUT INPUT LOG            callgrind of a single-user backend running INPUT
#   incl CALLGRIND_FILE FUNCTION              inclusive instructions of FUNCTION ("" the total)
#   phoenix_imports SERVER TABLE SI SF        a Phoenix table imported twice: with its indexes, and
#                                             without (phoenix_index_layouts dropped: full scans)

# The server (url URLS: one gateway or a list) and its foreign table of the S2 layout, as
# bench/rawclient.c put writes it: md5 prefix, cost a text cell, clicks a Java long, batches of
# 100 rows, write_concurrency 1 (timed_sql sets it).
s2_table() {
	psql -X -q -d "$DB" -v srv="$1" -v urls="$2" -v ft="$3" -v tbl="$4" <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS hbase_fdw;
DROP SERVER IF EXISTS :srv CASCADE;
CREATE SERVER :srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'urls');
CREATE FOREIGN TABLE :ft (company_id int, stat_date date, campaign_id int, cost numeric,
  clicks bigint OPTIONS (encoding 'binary')) SERVER :srv OPTIONS (table :'tbl', family 'd',
  batch_size '100', write_concurrency '1',
  rowkey 'left(md5(company_id + stat_date), 5) + lpad(company_id, 6) + date(stat_date, "yyyyMMdd") + [lpad(campaign_id, 6)]');
SQL
}

# HBase table $1 made afresh, with N rows written by the raw client (4 processes)
s2_load() {
	python3 tests/hbase_rest.py drop "$1" >/dev/null 2>&1 || true
	python3 tests/hbase_rest.py create "$1" d >/dev/null
	"$work/rawclient" "$URL" "$1" put "$2" 0 100 4 >/dev/null
}

# The seconds of one statement (psql's \timing), the foreign table's write_concurrency set
# first; an error stops the bench
timed_sql() {
	psql -X -q -d "$DB" -c "ALTER FOREIGN TABLE $1 OPTIONS (SET write_concurrency '$2')"
	psql -X -q -d "$DB" -c "\\timing on" -c "$3" 2>&1 |
		awk '/^Time:/{t=$2} /ERROR/{print > "/dev/stderr"; exit 1} END{printf "%.3f\n", t / 1000}'
}

# ratios FILE ROWS TITLE A/B...: FILE holds lines "round writer seconds" of interleaved rounds;
# prints TITLE, each writer's median seconds and ROWS/median rows/s (in the order the pairs
# name them), then for each pair A/B the median of the rounds' own ratios A/B and their range.
ratios() {
	python3 - "$@" <<'PY'
import statistics, sys
path, rows, title, pairs = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
times = {}
for line in open(path):
    r, w, s = line.split()
    times.setdefault(w, {})[int(r)] = float(s)
print("\n" + title)
order = [w for p in pairs for w in p.split("/")] + list(times)
for w in dict.fromkeys(w for w in order if w in times):
    med = statistics.median(times[w].values())
    print("%-8s median %7.3f s  %8.0f rows/s" % (w, med, rows / med))
print("ratio (seconds / seconds; median of the rounds' ratios, [min-max])")
for pair in pairs:
    a, b = pair.split("/")
    if a not in times or b not in times:
        continue
    rs = [times[a][r] / times[b][r] for r in times[a]]
    print("%-8s / %-8s %5.2f  [%.2f-%.2f]" % (a, b, statistics.median(rs), min(rs), max(rs)))
PY
}

# as the postgres user when run as root (a cluster's files and single-user backend)
as_pg() { if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi; }

# callgrind_cluster NAME SETUP: $cg=$work/NAME, a cluster in $cg/data made once (initdb, then
# SETUP, one statement a line, in single-user mode), $BIN the server's binaries
callgrind_cluster() {
	command -v valgrind >/dev/null || { echo "$1: needs valgrind" >&2; exit 1; }
	BIN=$("${PG_CONFIG:-pg_config}" --bindir)
	cg=$work/$1
	mkdir -p "$cg"
	[[ $(id -u) -eq 0 ]] && chown postgres "$cg"
	if [[ ! -f $cg/data/PG_VERSION ]]; then
		as_pg "$BIN/initdb" -D "$cg/data" -A trust >/dev/null
		as_pg "$BIN/postgres" --single -D "$cg/data" postgres >/dev/null 2>&1 <<<"$2"
	fi
}

# callgrind_single OUT INPUT LOG: a single-user backend of $cg/data runs the statements of
# INPUT under callgrind, its counts in OUT, its output in LOG
callgrind_single() {
	local tmp=/tmp/callgrind.$$.out
	as_pg valgrind --tool=callgrind --callgrind-out-file="$tmp" "$BIN/postgres" --single -D "$cg/data" postgres \
		<"$2" >"$3" 2>&1
	mv "$tmp" "$1"
}

# inclusive instructions of a function in a callgrind file, its clones (.constprop.0) summed;
# 0 when absent; the program's total for ""
incl() {
	callgrind_annotate --inclusive=yes --threshold=100 --auto=no "$1" 2>/dev/null |
		awk -v f="$2" '
			f == "" && /PROGRAM TOTALS/ {gsub(",", "", $1); print $1; exit}
			f != "" && $0 ~ (":" f "(\\.[a-z]+\\.[0-9]+)* \\[") {gsub(",", "", $1); s += $1}
			END {if (f != "") print s + 0}'
}

# phoenix_imports SERVER SCHEMA.TABLE SI SF: server SERVER (url $URL) made afresh, the Phoenix
# table imported into schema SI as IMPORT makes it (its indexes read) and into SF without option
# phoenix_index_layouts (the full scan hbase_fdw did before reading indexes), both schemas
# made afresh (bench/phoenix_index.sh, bench/phoenix_local_index.sh)
phoenix_imports() {
	psql -X -q -d "$DB" -v srv="$1" -v url="$URL" -v schema="${2%%.*}" -v name="${2#*.}" \
		-v si="$3" -v sf="$4" >/dev/null <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS hbase_fdw;
DROP SERVER IF EXISTS :srv CASCADE;
CREATE SERVER :srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'url');
CREATE USER MAPPING FOR CURRENT_USER SERVER :srv;
DROP SCHEMA IF EXISTS :si CASCADE;
DROP SCHEMA IF EXISTS :sf CASCADE;
CREATE SCHEMA :si;
CREATE SCHEMA :sf;
IMPORT FOREIGN SCHEMA :"schema" LIMIT TO (:name) FROM SERVER :srv INTO :si OPTIONS (phoenix 'true');
IMPORT FOREIGN SCHEMA :"schema" LIMIT TO (:name) FROM SERVER :srv INTO :sf OPTIONS (phoenix 'true');
SQL
	psql -X -q -d "$DB" -c "ALTER FOREIGN TABLE $4.$(tr 'A-Z' 'a-z' <<<"${2#*.}") OPTIONS (DROP phoenix_index_layouts)"
}
