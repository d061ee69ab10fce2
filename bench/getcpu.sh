#!/usr/bin/env bash
# bench/getcpu.sh - where a point lookup's time goes, per statement, as the kernel counts it
# (issue 41; issue 36 item 5): the backend's CPU time (task-clock, user and kernel: what
# callgrind's instruction counts of bench/getinstr.sh leave out), its system calls and its
# context switches, for a prepared Get, a keyset page of 10 rows and SELECT 1 through pgbench,
# and the same for the raw client's Gets (bench/rawclient.c). Unlike bench/getfloor.sh's
# timings these barely depend on the machine's load (a switch or a syscall counts once however
# long it waits), so they tell CPU spent from time waited: backend CPU well over raw + SELECT 1
# is work (or cache misses) in the backend; a wall-clock gap beyond it is waiting (wake-ups,
# run queues). pgbench's own CPU per statement is shown too: it does the same work for a Get
# as for SELECT 1, so its difference is what a long sleep between statements costs the same
# code (cold caches, the idle CPU's wake-up), which SELECT 1's hot ping-pong never pays; the
# same SELECT 1 paced by a 0.5 ms pause (about the gateway's time for a Get) shows that cost
# without HBase.
# Statements are counted by the backend's sendto() calls (one to the gateway and one to the
# client per Get or page, one per SELECT 1). Needs perf with the syscalls tracepoints.
# Usage: bench/getcpu.sh [N] [ROUNDS] [TX]  (N as bench/getfloor.sh's; its table and foreign
# table must exist: run bench/getfloor.sh once first). BUSY_WAIT sets hbase_fdw.busy_wait.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-100000}
ROUNDS=${2:-2}
TX=${3:-3000}
T=${BENCH_TABLE:-bench_ab_$N}
. bench/rawclient.sh
[[ -f $work/getfloor.get.sql ]] || { echo "getcpu: run bench/getfloor.sh first" >&2; exit 1; }
PGBENCH=/usr/lib/postgresql/15/bin/pgbench
[[ -n ${PG_CONFIG:-} ]] && PGBENCH=$(dirname "$PG_CONFIG")/pgbench
# SELECT 1 after a pause as long as the gateway takes to answer a Get: the same statement,
# cold (its CPU, and pgbench's, minus SELECT 1's hot ones is what the pace alone costs)
printf '\\sleep 500 us\nSELECT 1;\n' >"$work/getfloor.select1paced.sql"
EV=task-clock,context-switches,raw_syscalls:sys_enter,syscalls:sys_enter_sendto

# perf stat's CSV of one workload's backend, for its whole life (it ends with pgbench's session)
backend() {
	local wl=$1 tx=$2 pid="" i b
	PGOPTIONS="-c hbase_fdw.busy_wait=${BUSY_WAIT:-2}" "$PGBENCH" -n -M prepared -t "$tx" \
		-f "$work/getfloor.$wl.sql" "$DB" >"$work/getcpu.$wl.out" 2>&1 &
	b=$!
	for ((i = 0; i < 50; i++)); do
		[[ -z $pid ]] || break
		sleep 0.05
		pid=$(psql -X -At -d "$DB" -c "SELECT pid FROM pg_stat_activity WHERE application_name = 'pgbench' AND pid <> pg_backend_pid() LIMIT 1")
	done
	perf stat -x, -e task-clock -p "$b" 2>"$work/getcpu.$wl.client.csv" &
	perf stat -x, -e "$EV" -p "$pid" 2>"$work/getcpu.$wl.csv" || true
	wait "$b" || true
	wait
	# the client's CPU joins the backend's file as "client-clock"
	awk -F, '$3 == "task-clock" {print $1 ",,client-clock"}' "$work/getcpu.$wl.client.csv" >>"$work/getcpu.$wl.csv"
}
# one line: us of CPU, syscalls and context switches per statement (per = sendto / $2)
report() {
	awk -F, -v w="$1" -v per="$2" -v fixed="${3:-0}" '{v[$3] = $1}
		END {n = fixed ? fixed : v["syscalls:sys_enter_sendto"] / per
			printf "%-24s %6d stmts  cpu %6.1f us  syscalls %5.1f  switches %4.2f", w, n,
				v["task-clock"] * 1000 / n, v["raw_syscalls:sys_enter"] / n, v["context-switches"] / n
			if ("client-clock" in v) printf "  pgbench cpu %5.1f us", v["client-clock"] * 1000 / n
			printf "\n"}' "$4"
}
echo "per statement (backend of pgbench -M prepared, or the raw client's process), busy_wait ${BUSY_WAIT:-2} ms"

for ((r = 1; r <= ROUNDS; r++)); do
	backend get "$TX"; report "hbase_fdw Get" 2 0 "$work/getcpu.get.csv"
	backend page "$TX"; report "hbase_fdw page of 10" 2 0 "$work/getcpu.page.csv"
	backend select1 $((TX * 10)); report "SELECT 1" 1 0 "$work/getcpu.select1.csv"
	backend select1paced "$TX"; report "SELECT 1 paced (0.5 ms)" 1 0 "$work/getcpu.select1paced.csv"
	RAW_GET_B64=1 perf stat -x, -e "$EV" "$work/rawclient" "$URL" "$T" get row "$TX" "$N" \
		>/dev/null 2>"$work/getcpu.raw.csv"
	report "raw client Get" 1 "$TX" "$work/getcpu.raw.csv"
	RAW_ACCEPT=application/json perf stat -x, -e "$EV" "$work/rawclient" "$URL" "$T" page row \
		"$TX" $((N - 20)) 10 >/dev/null 2>"$work/getcpu.rawpage.csv"
	report "raw client page of 10" 1 "$TX" "$work/getcpu.rawpage.csv"
done
