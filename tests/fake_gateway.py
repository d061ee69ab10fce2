#!/usr/bin/env python3
"""A gateway that misbehaves, for the protocol-error tests (sql/security.sql).

Usage: tests/fake_gateway.py PORT
Binds 127.0.0.1:PORT, then goes to the background (the command returns once it
listens) and exits by itself after 30 s without a request, or at GET /quit.
  GET  /norow/...       200 {"NotRow": []}        (JSON, but no CellSet)
  GET  /notjson/...     200 hello                 (not JSON)
  GET  /rownokey/...    200 {"Row": [{"Cell": []}]}
  POST /badloc/scanner  201, Location .../scanner/..   (an id that is a path)
  POST /noloc/scanner   201 without a Location
anything else: 404.
"""
import sys
import threading

import background_server
from background_server import make_server, serve_in_background


class Handler(background_server.Handler):
    def do_GET(self):
        table = self.path.split("/")[1]
        if table == "quit":
            self.reply(200)
            threading.Thread(target=self.server.shutdown).start()
        elif table == "norow":
            self.reply(200, b'{"NotRow":[]}', [("Content-Type", "application/json")])
        elif table == "notjson":
            self.reply(200, b"hello", [("Content-Type", "application/json")])
        elif table == "rownokey":
            self.reply(200, b'{"Row":[{"Cell":[]}]}', [("Content-Type", "application/json")])
        else:
            self.reply(404, b"Not found")

    def do_POST(self):
        n = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(n)
        table = self.path.split("/")[1]
        port = self.server.server_address[1]
        if table == "badloc":
            self.reply(201, b"", [("Location", "http://127.0.0.1:%d/badloc/scanner/.." % port)])
        elif table == "noloc":
            self.reply(201)
        else:
            self.reply(404, b"Not found")

    do_PUT = do_POST

    def do_DELETE(self):
        self.reply(200)


def main():
    srv = make_server(int(sys.argv[1]), Handler)
    serve_in_background(srv)


if __name__ == "__main__":
    main()
