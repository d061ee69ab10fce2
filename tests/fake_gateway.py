#!/usr/bin/env python3
"""A gateway that misbehaves, for the protocol-error tests (sql/security.sql).

Usage: tests/fake_gateway.py PORT
Binds 127.0.0.1:PORT, then goes to the background (the command returns once it
listens) and exits by itself after 30 s without a request, or at GET /quit.
  GET  /norow/...       200 {"NotRow": []}        (JSON, but no CellSet)
  GET  /notjson/...     200 hello                 (not JSON)
  GET  /rownokey/...    200 {"Row": [{"Cell": []}]}
  GET  /pbgood/...      200 protobuf CellSet: row "a", cells cf:v = "x" (timestamp 5), cf:w empty
  GET  /pbtrunc/...     200 protobuf: that CellSet without its last 3 bytes
  GET  /pbnokey/...     200 protobuf: a row without its (required) key
  GET  /pbhuge/...      200 protobuf: a key whose length says 4 GB in a 20-byte body
  POST /badloc/scanner  201, Location .../scanner/..   (an id that is a path)
  POST /noloc/scanner   201 without a Location
  GET  /lastua          200 the User-Agent header of the request before
anything else: 404.
"""
import sys
import threading

import background_server
from background_server import make_server, serve_in_background


def varint(n):
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def field(tag, data):
    """a length-delimited protobuf field (tag = field number << 3 | 2)"""
    return bytes([tag]) + varint(len(data)) + data


# CellSet { rows = 1: Row { key = 1; values = 2: Cell { column = 2; timestamp = 3; data = 4 } } }
CELL_V = field(0x12, b"cf:v") + b"\x18" + varint(5) + field(0x22, b"x")
CELL_W = field(0x12, b"cf:w")
PB_GOOD = field(0x0A, field(0x0A, b"a") + field(0x12, CELL_V) + field(0x12, CELL_W))
PB_NOKEY = field(0x0A, field(0x12, CELL_V))
PB_HUGE = field(0x0A, b"\x0a" + varint(4 * 2**30) + b"abc")
PROTOBUF = [("Content-Type", "application/x-protobuf")]


class Handler(background_server.Handler):
    def do_GET(self):
        table = self.path.split("/")[1]
        if table == "lastua":
            self.reply(200, (getattr(self.server, "last_ua", "") + "\n").encode())
            return
        self.server.last_ua = self.headers.get("User-Agent", "")
        if table == "quit":
            self.reply(200)
            threading.Thread(target=self.server.shutdown).start()
        elif table == "norow":
            self.reply(200, b'{"NotRow":[]}', [("Content-Type", "application/json")])
        elif table == "notjson":
            self.reply(200, b"hello", [("Content-Type", "application/json")])
        elif table == "rownokey":
            self.reply(200, b'{"Row":[{"Cell":[]}]}', [("Content-Type", "application/json")])
        elif table == "pbgood":
            self.reply(200, PB_GOOD, PROTOBUF)
        elif table == "pbtrunc":
            self.reply(200, PB_GOOD[:-3], PROTOBUF)
        elif table == "pbnokey":
            self.reply(200, PB_NOKEY, PROTOBUF)
        elif table == "pbhuge":
            self.reply(200, PB_HUGE, PROTOBUF)
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
