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
  GET  /pbempty/...     200 protobuf with an empty body (an empty result is 204 or 404)
  GET  /pbcells/...     200 protobuf: row "a" with 2^20 empty cells (2 MiB: 2 bytes a cell)
  GET  /pbcells8m/...   the same with 2^23 cells (16 MiB), for measuring
  GET  /jsonrows/...    200 JSON: 2^18 rows "a" (4 MiB), for a Get of one key
  GET  /jsonempty/...   200 JSON {"Row":[{},{},...]}: 5.6M empty rows (16 MiB), for measuring
  POST /pbmany/scanner  201, a scanner whose first page holds 3 rows (then 204), for fetch_size 2
  POST /badloc/scanner  201, Location .../scanner/..   (an id that is a path)
  POST /noloc/scanner   201 without a Location
  GET  /lastua          200 the User-Agent header of the request before
  GET  /status500/...   500 boom                  (a gateway that failed)
  GET  /status500bare/... 500, no body            (what a refused doAs gives a protobuf Get)
  GET  /status503/...   503 Service Unavailable   (a proxy without a live gateway)
  GET  /hang/...        nothing for 5 s, then 404 (for request_timeout)
anything else: 404.
"""
import sys
import time

import background_server
from background_server import field, make_server, serve_in_background, varint


# CellSet { rows = 1: Row { key = 1; values = 2: Cell { column = 2; timestamp = 3; data = 4 } } }
CELL_V = field(0x12, b"cf:v") + b"\x18" + varint(5) + field(0x22, b"x")
CELL_W = field(0x12, b"cf:w")
PB_GOOD = field(0x0A, field(0x0A, b"a") + field(0x12, CELL_V) + field(0x12, CELL_W))
PB_NOKEY = field(0x0A, field(0x12, CELL_V))
PB_HUGE = field(0x0A, b"\x0a" + varint(4 * 2**30) + b"abc")
PROTOBUF = [("Content-Type", "application/x-protobuf")]
JSON = [("Content-Type", "application/json")]


def pb_cells(n):
    """a row "a" with n empty cells: 2 bytes each on the wire"""
    return field(0x0A, field(0x0A, b"a") + b"\x12\x00" * n)


def pb_rows(n):
    return b"".join(field(0x0A, field(0x0A, b"r%d" % i) + field(0x12, CELL_V)) for i in range(n))


HOSTILE = {
    "pbcells": lambda: (pb_cells(2**20), PROTOBUF),
    "pbcells8m": lambda: (pb_cells(2**23), PROTOBUF),
    "jsonrows": lambda: (b'{"Row":[' + b",".join([b'{"key":"YQ=="}'] * 2**18) + b"]}", JSON),
    "jsonempty": lambda: (b'{"Row":[' + b",".join([b"{}"] * (2**24 // 3)) + b"]}", JSON),
}
_built = {}


class Handler(background_server.Handler):
    standin = True

    def do_GET(self):
        table = self.path.split("/")[1]
        if table == "lastua":
            self.reply(200, (getattr(self.server, "last_ua", "") + "\n").encode())
            return
        self.server.last_ua = self.headers.get("User-Agent", "")
        if self.control():
            return
        if table == "norow":
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
        elif table == "status500":
            self.reply(500, b"boom")
        elif table == "status500bare":
            self.reply(500, b"")
        elif table == "status503":
            self.reply(503, b"Service Unavailable")
        elif table == "hang":
            time.sleep(5)
            self.reply(404, b"Not found")
        elif table == "pbempty":
            self.reply(200, b"", PROTOBUF)
        elif table in HOSTILE:
            if table not in _built:
                _built[table] = HOSTILE[table]()
            self.reply(200, *_built[table])
        elif table == "pbmany" and "/scanner/" in self.path:
            # the first read of the scanner: 3 rows; then the scanner is done
            first = not getattr(self.server, "pbmany_read", False)
            self.server.pbmany_read = True
            if first:
                self.reply(200, pb_rows(3), PROTOBUF)
            else:
                self.reply(204)
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
        elif table == "pbmany":
            self.reply(201, b"", [("Location", "http://127.0.0.1:%d/pbmany/scanner/s1" % port)])
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
