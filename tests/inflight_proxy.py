#!/usr/bin/env python3
"""A proxy in front of the real REST gateway that counts the multigets in flight at once, for
sql/join.sql.

Usage: tests/inflight_proxy.py PORT UPSTREAM_URL [HOLD_MS [FAIL]]
Binds 127.0.0.1:PORT, then goes to the background (the command returns once it listens) and
exits by itself after 30 s without a request, or at GET /quit. Every request is passed to
UPSTREAM_URL (the real gateway) unchanged; a multiget (GET /table/multiget?...) is held HOLD_MS
(default 150) before it is passed on, so that requests sent together are surely in flight
together; the FAIL-th multiget (none by default) is not passed on but answered 503, as a
gateway that cannot serve it. GET /stats answers "multigets N most at once M" (and "503 K"
with FAIL) and starts the counts again.
"""
import sys
import time
import urllib.parse

import background_server
from background_server import make_server, serve_in_background


class Handler(background_server.ProxyHandler):
    def proxy(self, body):
        srv = self.server
        multiget = self.command == "GET" and "/multiget?" in self.path
        if multiget:
            with srv.lock:
                srv.multigets += 1
                srv.now += 1
                srv.most = max(srv.most, srv.now)
                fail = srv.multigets == srv.fail
            time.sleep(srv.hold)
            if fail:
                with srv.lock:
                    srv.now -= 1
                    srv.failed += 1
                self.reply(503, b"Service Unavailable")
                return
        try:
            answer = self.forward_upstream(body)
        finally:
            if multiget:
                with srv.lock:
                    srv.now -= 1
        if answer is not None:
            self.relay(answer)


def stats_line(srv):
    with srv.lock:
        line = "multigets %d most at once %d%s\n" % (
            srv.multigets, srv.most, " 503 %d" % srv.failed if srv.fail else "")
        srv.multigets = srv.most = srv.failed = 0
    return line


def main():
    srv = make_server(int(sys.argv[1]), Handler)
    srv.upstream = urllib.parse.urlsplit(sys.argv[2])
    srv.hold = (int(sys.argv[3]) if len(sys.argv) > 3 else 150) / 1000.0
    srv.fail = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    srv.multigets = srv.now = srv.most = srv.failed = 0
    srv.stats_line = lambda: stats_line(srv)
    serve_in_background(srv)


if __name__ == "__main__":
    main()
