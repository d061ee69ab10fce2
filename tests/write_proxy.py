#!/usr/bin/env python3
"""A proxy in front of a real REST gateway that counts the writes it receives, and can answer
writes itself as no real gateway does on demand, for sql/writes.sql.

Usage: tests/write_proxy.py PORT UPSTREAM_URL [--fail-puts-after N] [--fail-deletes]
                             [--fail-puts-holding TEXT] [--status S] [--body TEXT]
                             [--after-forward] [--reset] [--hold SECONDS]
                             [--delay-puts-holding TEXT --delay SECONDS]
                             [--fail-deletes-holding TEXT]
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
With --fail-puts-holding TEXT[,TEXT...], only the PUTs whose body holds one of the TEXTs are
answered here (a key's base64, as the JSON CellSet of a batch carries it: that batch fails
whenever it arrives, whatever the order of the PUTs sent at once), every time one holds it. With --reset,
those PUTs get no answer: the connection is reset (RST) once the request was read (and, with
--after-forward, done by the gateway).
With --fail-deletes-holding TEXT[,TEXT...], the DELETEs whose path holds one of the TEXTs (a
row key's base64url, as a DELETE's path carries it with ?e=b64) are answered so too (or reset,
after forwarding with --after-forward), and every DELETE is held --hold seconds, counted in
max_in_flight, and its path in max_same_body (a DELETE of a row sent once or twice).
GET /stats answers one line: "puts N forwarded N answered N deletes N max_same_body N", where
max_same_body is how many times the most frequent PUT body arrived here. With --delay-puts-holding TEXT, a PUT whose body holds TEXT waits --delay seconds before it
is passed on (a PUT sent with it, if any, then reaches HBase first). With --hold S, each
PUT passed to the gateway is held S seconds before its answer goes back (so that PUTs sent
together overlap here whatever the machine's load), and the line ends with "max_in_flight N":
the most PUTs this proxy held at once.
"""
import argparse
import collections
import hashlib
import socket
import struct
import time
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
            data = body or b""
            self.held_write(body, "puts", data, lambda: (
                any(t in data for t in srv.holding) if srv.holding is not None
                else srv.fail_after is not None and srv.puts > srv.fail_after))
            return
        elif self.command == "DELETE" and srv.del_holding is not None:
            path = self.path.encode()
            self.held_write(body, "deletes", path, lambda: any(t in path for t in srv.del_holding))
            return
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

    def held_write(self, body, counter, same, answer_here):
        """A PUT, or a DELETE with --fail-deletes-holding: counted (counter: "puts" or
        "deletes"), in flight here until answered (max_in_flight), same (its body, or a
        DELETE's path) counted for max_same_body, then answered here when answer_here() says
        so (asked under the lock, after the count), else passed on (put)."""
        srv = self.server
        with srv.lock:
            setattr(srv, counter, getattr(srv, counter) + 1)
            srv.in_flight += 1
            srv.max_in_flight = max(srv.max_in_flight, srv.in_flight)
            srv.bodies[hashlib.sha1(same).hexdigest()] += 1
            here = answer_here()
            if here:
                srv.answered += 1
            else:
                srv.forwarded += 1
        try:
            self.put(body, here)
        finally:
            with srv.lock:
                srv.in_flight -= 1

    def put(self, body, answer_here):
        srv = self.server
        if not answer_here:
            if srv.delay_holding is not None and srv.delay_holding in (body or b""):
                time.sleep(srv.delay)
            answer = self.forward_upstream(body)
            if srv.hold:
                time.sleep(srv.hold)
            if answer is not None:
                self.relay(answer)
            return
        if srv.after_forward:
            self.forward_upstream(body)
        if srv.reset:
            # no answer: the request was read (and maybe done); RST instead of an answer
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            return
        self.reply(srv.status, srv.body, [("Content-Type", "text/plain")])


def stats_line(srv):
    with srv.lock:
        same = max(srv.bodies.values()) if srv.bodies else 0
        line = "puts %d forwarded %d answered %d deletes %d max_same_body %d" % (
            srv.puts, srv.forwarded, srv.answered, srv.deletes, same)
        if srv.hold:
            line += " max_in_flight %d" % srv.max_in_flight
        return line + "\n"


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
    ap.add_argument("--fail-puts-holding", default=None)
    ap.add_argument("--reset", action="store_true")
    ap.add_argument("--hold", type=float, default=0)
    ap.add_argument("--delay-puts-holding", default=None)
    ap.add_argument("--delay", type=float, default=0.5)
    ap.add_argument("--fail-deletes-holding", default=None)
    args = ap.parse_args()
    srv = make_server(args.port, Handler)
    srv.upstream = urllib.parse.urlsplit(args.upstream)
    srv.fail_after = args.fail_puts_after
    srv.fail_deletes = args.fail_deletes
    srv.fail_gets = args.fail_gets
    srv.status = args.status
    srv.after_forward = args.after_forward
    srv.body = args.body.replace("\\r", "\r").replace("\\n", "\n").encode()
    srv.holding = ([t.encode() for t in args.fail_puts_holding.split(",")]
                   if args.fail_puts_holding is not None else None)
    srv.reset = args.reset
    srv.hold = args.hold
    srv.delay_holding = args.delay_puts_holding.encode() if args.delay_puts_holding is not None else None
    srv.delay = args.delay
    srv.del_holding = ([t.encode() for t in args.fail_deletes_holding.split(",")]
                       if args.fail_deletes_holding is not None else None)
    srv.puts = srv.forwarded = srv.answered = srv.deletes = 0
    srv.in_flight = srv.max_in_flight = 0
    srv.bodies = collections.Counter()
    srv.stats_line = lambda: stats_line(srv)
    serve_in_background(srv)


if __name__ == "__main__":
    main()
