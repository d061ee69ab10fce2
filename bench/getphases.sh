#!/usr/bin/env bash
# bench/getphases.sh - where the wall-clock time of a Get or a keyset page goes, phase by
# phase, from the backend's own system calls (issue 41): the timings bench/getfloor.sh
# compares, taken apart.
#
# Runs pgbench (one client, prepared) on bench/getfloor.sh's Get or page for a few seconds
# and records its backend's sendto/recvfrom calls with perf's syscall tracepoints (a few
# microseconds each, so every phase reads a little long). Each statement splits into:
#   pre      the client's message received -> the HTTP request sent (PostgreSQL's Bind and
#            executor start, hbase_fdw's key derivation and request, libcurl's request)
#   gateway  the request sent -> the last bytes of the answer received (the gateway and
#            HBase, plus the backend's wake-up when it slept in poll)
#   post     the answer received -> the result sent to the client (decoding, tuples, the
#            executor's end)
#   client   the result sent -> the next message received (pgbench's round trip, including
#            its wake-up after idling through the whole statement)
# Then the raw client's same requests (bench/rawclient.c): gateway, and client (the answer
# received -> the next request sent: its own decoding and libcurl's bookkeeping).
# The gateway's socket is told from the client's by the flags of its sends (libcurl sends
# with MSG_NOSIGNAL, PostgreSQL without).
# Usage: bench/getphases.sh [get|page] [SECONDS]  (after bench/getfloor.sh has made its
# table and files; needs perf and root for the tracepoints)
set -euo pipefail
cd "$(dirname "$0")/.."
W=${1:-get}
S=${2:-3}
N=100000
T=${BENCH_TABLE:-bench_ab_$N}
. bench/rawclient.sh
[[ -f $work/getfloor.$W.sql ]] || { echo "getphases: run bench/getfloor.sh first ($work/getfloor.$W.sql)" >&2; exit 1; }
command -v perf >/dev/null || { echo "getphases: needs perf" >&2; exit 1; }
PGBENCH=/usr/lib/postgresql/15/bin/pgbench
[[ -n ${PG_CONFIG:-} ]] && PGBENCH=$(dirname "$PG_CONFIG")/pgbench
EV=syscalls:sys_enter_sendto,syscalls:sys_enter_recvfrom,syscalls:sys_exit_recvfrom

"$PGBENCH" -n -M prepared -T $((S + 2)) -f "$work/getfloor.$W.sql" "$DB" >"$work/getphases.pgbench" 2>&1 &
bench=$!
sleep 1
pid=$(psql -X -At -d "$DB" -c "SELECT pid FROM pg_stat_activity WHERE application_name = 'pgbench' AND pid <> pg_backend_pid() LIMIT 1")
perf record -q -e "$EV" -p "$pid" -o "$work/getphases.fdw.data" -- sleep "$S" 2>/dev/null
wait "$bench"
perf script -i "$work/getphases.fdw.data" -F time,event,trace 2>/dev/null >"$work/getphases.fdw.txt"
if [[ $W == get ]]; then
	set -- env RAW_GET_B64=1 "$work/rawclient" "$URL" "$T" get row 4000 "$N"
else
	set -- "$work/rawclient" "$URL" "$T" page row 3000 $((N - 20)) 10
fi
perf record -q -e "$EV" -o "$work/getphases.raw.data" -- "$@" >/dev/null 2>&1
perf script -i "$work/getphases.raw.data" -F time,event,trace 2>/dev/null >"$work/getphases.raw.txt"

echo "$W: $(grep 'latency average' "$work/getphases.pgbench") (pgbench, traced)"
python3 - "$work/getphases.fdw.txt" "$work/getphases.raw.txt" <<'PY'
import re, statistics, sys

def events(path):
    """(time in us, 'send'|'recv', fd, flags) of the sends and the recvs that got bytes"""
    out, fd = [], None
    for line in open(path):
        m = re.match(r'\s*([\d.]+):\s+syscalls:(\w+): (.*)', line)
        if not m:
            continue
        t, ev, args = float(m.group(1)) * 1e6, m.group(2), m.group(3)
        if ev == 'sys_enter_sendto':
            f = re.search(r'fd: (0x[0-9a-f]+).*flags: (0x[0-9a-f]+)', args)
            out.append((t, 'send', int(f.group(1), 16), int(f.group(2), 16)))
        elif ev == 'sys_enter_recvfrom':
            fd = int(re.search(r'fd: (0x[0-9a-f]+)', args).group(1), 16)
        elif ev == 'sys_exit_recvfrom' and 0 < int(args, 16) < 2 ** 63:
            out.append((t, 'recv', fd, 0))
    return out

def show(name, v):
    v = sorted(v)
    print(f"  {name:8s} median {statistics.median(v):6.0f} us  mean {statistics.mean(v):6.0f}"
          f"  p10 {v[len(v) // 10]:6.0f}  p90 {v[len(v) * 9 // 10]:6.0f}  ({len(v)})")

ev = events(sys.argv[1])
gw = {fd for _, k, fd, fl in ev if k == 'send' and fl & 0x4000}
ph = {'pre': [], 'gateway': [], 'post': [], 'client': []}
state, t0, sent, got = None, 0, 0, 0
for t, k, fd, _ in ev:
    if k == 'recv' and fd not in gw:
        if state == 'result':
            ph['client'].append(t - t0)
        state, t0 = 'message', t
    elif k == 'send' and fd in gw and state == 'message':
        ph['pre'].append(t - t0)
        state, sent = 'request', t
    elif k == 'recv' and fd in gw and state in ('request', 'answer'):
        state, got = 'answer', t
    elif k == 'send' and fd not in gw and state == 'answer':
        ph['gateway'].append(got - sent)
        ph['post'].append(t - got)
        state, t0 = 'result', t
print("hbase_fdw's backend, per statement:")
for k in ('pre', 'gateway', 'post', 'client'):
    if ph[k]:
        show(k, ph[k])

ev = events(sys.argv[2])
g, c, sent, got = [], [], None, None
for t, k, fd, _ in ev:
    if k == 'send':
        if got is not None:
            g.append(got - sent)
            c.append(t - got)
        sent, got = t, None
    elif sent is not None:
        got = t
print("the raw client, per request:")
show('gateway', g)
show('client', c)
PY
