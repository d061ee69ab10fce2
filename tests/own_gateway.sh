#!/usr/bin/env bash
# tests/own_gateway.sh - owns the run's own REST gateway, the one the tests that stop, pause or
# restart a gateway (sql/gateway.sql, cancel.sql, resume.sql) do it to, so that the shared
# gateway (HBASE_URL), which other tests and other runs use at the same time, is never touched.
#
# It is an extra gateway of the cluster's own version (scripts/hbase-local start-rest-extra) on
# HBASE_OWN_GW_PORT (default 18090; scripts/test exports it), started when first asked for and
# left running for the next test and the next run, as the other gateways are.
#   tests/own_gateway.sh url            start it if it is not up; print its base URL
#   tests/own_gateway.sh stop | start | pause | resume
#   tests/own_gateway.sh restart-while-scanning
#                                       in the background: 0.5 s after the backend $SCAN_PID first
#                                       waits in pg_sleep(), i.e. once its scan returns rows, stop
#                                       the gateway and start it again (the scan loses its
#                                       scanner). Not a fixed delay: a loaded machine may take
#                                       over 0.5 s to open the scanner, and a gateway down at that
#                                       first request is an error, not a lost scan
#   tests/own_gateway.sh wait-restart   wait until that restart is over
set -euo pipefail
cd "$(dirname "$0")/.."
port=${HBASE_OWN_GW_PORT:-18090}
# the restart in progress: this file exists until it is over
mark=${TMPDIR:-/tmp}/hbase_fdw-own-gw-$port.restarting
case ${1:-} in
url)
	scripts/hbase-local start-rest-extra "$port" >/dev/null
	echo "http://127.0.0.1:$port"
	;;
start) scripts/hbase-local start-rest-extra "$port" >/dev/null ;;
stop) scripts/hbase-local stop-rest-extra "$port" >/dev/null ;;
pause) scripts/hbase-local pause-rest-extra "$port" >/dev/null ;;
resume) scripts/hbase-local resume-rest-extra "$port" >/dev/null ;;
restart-while-scanning)
	: "${SCAN_PID:?set SCAN_PID to the backend that will scan (\\setenv SCAN_PID)}"
	touch "$mark"
	(
		for ((i = 0; i < 1200; i++)); do
			w=$(psql -X -At -c "SELECT wait_event FROM pg_stat_activity WHERE pid = $SCAN_PID" 2>/dev/null || true)
			[[ $w == PgSleep ]] && break
			sleep 0.1
		done
		sleep 0.5
		scripts/hbase-local stop-rest-extra "$port" || true
		scripts/hbase-local start-rest-extra "$port" || true
		rm -f "$mark"
	) >/dev/null 2>&1 </dev/null &
	;;
wait-restart)
	for ((i = 0; i < 1200; i++)); do
		[[ -e $mark ]] || exit 0
		sleep 0.2
	done
	echo "own_gateway.sh: the restart of the gateway on port $port is not over after 240 s" >&2
	exit 1
	;;
*)
	echo "usage: tests/own_gateway.sh url|start|stop|pause|resume|restart-while-scanning|wait-restart" >&2
	exit 2
	;;
esac
