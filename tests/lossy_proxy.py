#!/usr/bin/env python3
"""A proxy in front of the real REST gateway that loses answers, for sql/resume.sql.

Usage: tests/lossy_proxy.py PORT UPSTREAM_URL [EVERY [POSTS]]
Binds 127.0.0.1:PORT, then goes to the background (the command returns once it listens) and
exits by itself after 30 s without a request, or at GET /quit. Every request is passed to
UPSTREAM_URL (the real gateway) over HTTP/1.1 keep-alive, except that the 2nd, then every
EVERY-th (default 3: the 2nd, 5th, 8th ...; 0: none) scanner page read (GET /table/scanner/id) is
passed on and answered by the gateway, which so moves its scanner past that page, but its
answer is dropped: the client connection is closed without a byte, as a gateway that dies, or a
network that fails, after doing a request does. An HTTP client that sends such a request again
on a fresh connection (libcurl does, when a reused connection closes before any answer) gets
the page after the lost one. The answers to the first POSTS (default 0) scanner creations
(POST /table/scanner) that follow a dropped read are dropped too: the gateway made a scanner
whose id the client never learns. GET /stats answers "reads N dropped N posts dropped N".
"""
import re
import sys
import urllib.parse

import background_server
from background_server import make_server, serve_in_background

SCANNER_READ = re.compile(r"^/[^/]+/scanner/[^/?]+(\?|$)")
SCANNER_CREATE = re.compile(r"^/[^/]+/scanner/?(\?|$)")


class Handler(background_server.ProxyHandler):
    def proxy(self, body):
        srv = self.server
        drop = False
        if self.command == "GET" and SCANNER_READ.match(self.path):
            with srv.lock:
                srv.reads += 1
                drop = srv.every > 0 and srv.reads >= 2 and (srv.reads - 2) % srv.every == 0
                if drop:
                    srv.dropped += 1
                    srv.post_pending = srv.posts_dropped < srv.posts
        elif self.command == "POST" and SCANNER_CREATE.match(self.path):
            with srv.lock:
                drop = srv.post_pending
                if drop:
                    srv.post_pending = False
                    srv.posts_dropped += 1
        answer = self.forward_upstream(body)
        if answer is None:
            return
        if drop:
            # the gateway did the request; its answer never reaches the client
            self.close_connection = True
            return
        self.relay(answer)


def stats_line(srv):
    return "reads %d dropped %d posts dropped %d\n" % (srv.reads, srv.dropped, srv.posts_dropped)


def main():
    srv = make_server(int(sys.argv[1]), Handler)
    srv.upstream = urllib.parse.urlsplit(sys.argv[2])
    srv.every = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    srv.posts = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    srv.reads = srv.dropped = srv.posts_dropped = 0
    srv.post_pending = False
    srv.stats_line = lambda: stats_line(srv)
    serve_in_background(srv)


if __name__ == "__main__":
    main()
