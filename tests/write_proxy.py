#!/usr/bin/env python3
"""A proxy in front of a real REST gateway that counts the writes it receives, and can answer
writes itself as no real gateway does on demand, for sql/writes.sql.

Usage: tests/write_proxy.py PORT UPSTREAM_URL [--fail-puts-after N] [--fail-deletes]
                             [--status S] [--body TEXT] [--after-forward]
Binds 127.0.0.1:PORT, then goes to the background (the command returns once it listens) and
exits by itself after 30 s without a request, or at GET /quit. Every request is passed to
UPSTREAM_URL (the real gateway), except that with --fail-puts-after N every PUT after the
N-th is answered here with status S (default 500) and body TEXT (default "Internal Server
Error"; \\r and \\n escapes are read), never reaching the gateway: a gateway that fails every
write from some point on, or a proxy that answers 503 without forwarding (no live upstream).
With --fail-deletes every DELETE is answered so too, and with --fail-gets TEXT every GET whose
path holds TEXT (a table's stateless scan: "/t/*"). With --after-forward, those PUTs are passed
to the gateway first and its answer dropped: a service mesh or load balancer that answers 503
after it forwarded the request (Envoy's "upstream connect error or disconnect/reset before
headers"), so the write was done though the client sees a 503.
GET /stats answers one line: "puts N forwarded N answered N deletes N max_same_body N", where
max_same_body is how many times the most frequent PUT body arrived here.
"""
import argparse
import collections
import hashlib
import urllib.parse

import background_server
from background_server import make_server, serve_in_background


class Handler(background_server.ProxyHandler):
    keep_alive_upstream = False
    upstream_timeout = 120

    def proxy(self, body):
        srv = self.server
        answer_here = False
        if self.command == "PUT":
            with srv.lock:
                srv.puts += 1
                srv.bodies[hashlib.sha1(body or b"").hexdigest()] += 1
                answer_here = srv.fail_after is not None and srv.puts > srv.fail_after
                if answer_here:
                    srv.answered += 1
                else:
                    srv.forwarded += 1
        elif self.command == "DELETE":
            with srv.lock:
                srv.deletes += 1
                answer_here = srv.fail_deletes
        elif self.command == "GET" and srv.fail_gets is not None:
            answer_here = srv.fail_gets in self.path
        if answer_here and srv.after_forward:
            self.forward_upstream(body)
        if answer_here:
            self.reply(srv.status, srv.body, [("Content-Type", "text/plain")])
            return
        super().proxy(body)


def stats_line(srv):
    with srv.lock:
        same = max(srv.bodies.values()) if srv.bodies else 0
        return "puts %d forwarded %d answered %d deletes %d max_same_body %d\n" % (
            srv.puts, srv.forwarded, srv.answered, srv.deletes, same)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("port", type=int)
    ap.add_argument("upstream")
    ap.add_argument("--fail-puts-after", type=int, default=None)
    ap.add_argument("--fail-deletes", action="store_true")
    ap.add_argument("--fail-gets", default=None)
    ap.add_argument("--status", type=int, default=500)
    ap.add_argument("--body", default="Internal Server Error")
    ap.add_argument("--after-forward", action="store_true")
    args = ap.parse_args()
    srv = make_server(args.port, Handler)
    srv.upstream = urllib.parse.urlsplit(args.upstream)
    srv.fail_after = args.fail_puts_after
    srv.fail_deletes = args.fail_deletes
    srv.fail_gets = args.fail_gets
    srv.status = args.status
    srv.after_forward = args.after_forward
    srv.body = args.body.replace("\\r", "\r").replace("\\n", "\n").encode()
    srv.puts = srv.forwarded = srv.answered = srv.deletes = 0
    srv.bodies = collections.Counter()
    srv.stats_line = lambda: stats_line(srv)
    serve_in_background(srv)


if __name__ == "__main__":
    main()
