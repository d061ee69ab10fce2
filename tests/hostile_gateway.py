#!/usr/bin/env python3
"""A gateway that answers what a real HBase or Phoenix never would, and records what it is
sent, for the tests of names and credentials (sql/import_names.sql, sql/kerberos.sql).

Usage: tests/hostile_gateway.py PORT
Binds 127.0.0.1:PORT and goes to the background like tests/fake_gateway.py (exits after 30 s
without a request, or at GET /quit).
  GET /seen                        the requests received so far, one a line:
                                   "METHOD PATH[?QUERY] AUTH" (%-decoded; AUTH: the
                                   Authorization header's scheme, or "none"); not itself
                                   recorded
  GET /namespaces/rn_hostile       200 (the namespace exists)
  GET /namespaces/rn_hostile/tables  tables "..", "rn_ok", "rn bad", "rn\\u0001ctl"
  GET /namespaces/rn_gone[/tables] table "gone", whose schema is 404 (deleted since)
  GET /namespaces/rn_many[/tables] 10000 tables, t0000 to t9999, each of family "cf"
  GET /rn_hostile:rn_ok/schema     families "cf", "a:b", "\\u0007", ""
  GET /namespaces/default[/tables] 16 tables: SYSTEM.CATALOG, SYSTEM.SEQUENCE, SYSTEM.STATS
                                   (Phoenix's own), "rn bad" (no HBase name), t01 to t12
                                   (family "cf"; t02 also "a:b"; t03 family "0")
  GET /t01/*?...                   500 (a sample that fails)
  GET /t03/*?...                   one row with Phoenix's empty cell "0:_0" and "0:V" (a streamed
                                   protobuf page, or JSON as Accept says)
  GET /SYSTEM.CATALOG/exists       200
  POST /SYSTEM.CATALOG/scanner     a scanner whose one page is the Phoenix catalog below
                                   (schema FDWRN), in key order, protobuf; then 204
  POST /SYSTEM.CATALOG/scanner     for schema FDWBIG (its startRow): a scanner of 3 full
                                   pages (1000 rows), tables T0000 to T2999 whose header rows
                                   hold a VIEW_STATEMENT of 400 bytes (about 420 kB a page,
                                   1.3 MB in all); then 204
  GET /rn_gzip_N/KEY?e=b64...      (a Get) and GET /rn_gzip_N/multiget?e=b64&row=KEY...: the
                                   row of the (first) key asked for, one cell "cf:v" of N MiB of
                                   zero bytes (1 MiB when the key is k0001), protobuf,
                                   gzip-compressed when asked for (N MiB inflate from about N
                                   kB: answers small on the wire that inflate large, for
                                   sql/gzip_budget.sql and bench/gzip_rss.sh)
anything else: 404.

The catalog's rows (family "0", values in Phoenix's encodings: INTEGER 4 bytes and SMALLINT
2 bytes big-endian with the sign bit flipped, CHAR as its bytes):
  GOOD    ID VARCHAR key; V VARCHAR; "W\\xff" VARCHAR (name not UTF-8); X VARCHAR in
          family "F\\xfe" (family not UTF-8)
  B\\xffAD ID VARCHAR key (table name not UTF-8)
  KEYBAD  "K\\xff" VARCHAR key (key column name not UTF-8); V VARCHAR
  SP ACE  ID VARCHAR key (the HBase table FDWRN.SP ACE is no HBase name)
  DEFBAD  DEFAULT_COLUMN_FAMILY "a:b"; ID VARCHAR key
  SALTY   SALT_BUCKETS 1000000 (Phoenix allows 256); ID VARCHAR key
  WIDE    ID CHAR(2147483647) key
"""
import base64
import json
import struct
import sys
import urllib.parse

import background_server
from background_server import field, make_server, serve_in_background, varint


def phx_int(v):
    return struct.pack(">I", (v + 2**31) % 2**32)


def phx_short(v):
    return struct.pack(">H", (v + 2**15) % 2**16)


def row(key, cells):
    """CellSet.Row { key = 1; values = 2: Cell { column = 2; timestamp = 3; data = 4 } }"""
    body = field(0x0A, key)
    for q, v in cells:
        body += field(0x12, field(0x12, b"0:" + q) + b"\x18" + varint(1) + field(0x22, v))
    return field(0x0A, body)


def catalog():
    S = b"\0FDWRN\0"
    rows = []

    def table(name, extra=()):
        rows.append((S + name, [(b"TABLE_TYPE", b"u")] + list(extra)))

    def column(tname, cname, family=None, dtype=12, key_seq=None, ordinal=1, size=None):
        key = S + tname + b"\0" + cname + (b"\0" + family if family is not None else b"")
        cells = [(b"DATA_TYPE", phx_int(dtype)), (b"ORDINAL_POSITION", phx_int(ordinal))]
        if key_seq is not None:
            cells.append((b"KEY_SEQ", phx_short(key_seq)))
        if size is not None:
            cells.append((b"COLUMN_SIZE", phx_int(size)))
        rows.append((key, cells))

    table(b"GOOD")
    column(b"GOOD", b"ID", key_seq=1, ordinal=1)
    column(b"GOOD", b"V", family=b"0", ordinal=2)
    column(b"GOOD", b"W\xff", family=b"0", ordinal=3)
    column(b"GOOD", b"X", family=b"F\xfe", ordinal=4)
    table(b"B\xffAD")
    column(b"B\xffAD", b"ID", key_seq=1)
    table(b"KEYBAD")
    column(b"KEYBAD", b"K\xff", key_seq=1)
    column(b"KEYBAD", b"V", family=b"0", ordinal=2)
    table(b"SP ACE")
    column(b"SP ACE", b"ID", key_seq=1)
    table(b"DEFBAD", [(b"DEFAULT_COLUMN_FAMILY", b"a:b")])
    column(b"DEFBAD", b"ID", key_seq=1)
    table(b"SALTY", [(b"SALT_BUCKETS", phx_int(1000000))])
    column(b"SALTY", b"ID", key_seq=1)
    table(b"WIDE")
    column(b"WIDE", b"ID", dtype=1, key_seq=1, size=2147483647)
    return b"".join(row(k, c) for k, c in sorted(rows))


JSON = [("Content-Type", "application/json")]
PROTOBUF = [("Content-Type", "application/x-protobuf")]


class Handler(background_server.Handler):
    standin = True

    def record(self):
        auth = self.headers.get("Authorization")
        with self.server.lock:
            self.server.seen.append("%s %s %s" % (self.command, urllib.parse.unquote(self.path),
                                                  auth.split()[0] if auth else "none"))

    def do_GET(self):
        path = urllib.parse.unquote(self.path.split("?")[0])
        if self.control():
            return
        if path == "/seen":
            with self.server.lock:
                self.reply(200, "".join(s + "\n" for s in self.server.seen).encode())
            return
        self.record()
        if path == "/namespaces/rn_hostile":
            self.reply(200, b'{}', JSON)
        elif path == "/namespaces/rn_hostile/tables":
            self.reply(200, b'{"table":[{"name":".."},{"name":"rn_ok"},{"name":"rn bad"},'
                       b'{"name":"rn\\u0001ctl"}]}', JSON)
        elif path == "/namespaces/rn_gone":
            self.reply(200, b'{}', JSON)
        elif path == "/namespaces/rn_gone/tables":
            self.reply(200, b'{"table":[{"name":"gone"}]}', JSON)
        elif path == "/namespaces/rn_many":
            self.reply(200, b'{}', JSON)
        elif path == "/namespaces/rn_many/tables":
            names = ",".join('{"name":"t%04d"}' % i for i in range(10000))
            self.reply(200, ('{"table":[%s]}' % names).encode(), JSON)
        elif (path.startswith("/rn_many:") or path.startswith("/rn_gzip_")) and path.endswith("/schema"):
            self.reply(200, b'{"ColumnSchema":[{"name":"cf"}]}', JSON)
        elif path == "/rn_hostile:rn_ok/schema":
            self.reply(200, b'{"name":"rn_hostile:rn_ok","ColumnSchema":[{"name":"cf"},'
                       b'{"name":"a:b"},{"name":"\\u0007"},{"name":""}]}', JSON)
        elif path == "/namespaces/default":
            self.reply(200, b'{}', JSON)
        elif path == "/namespaces/default/tables":
            names = ["SYSTEM.CATALOG", "SYSTEM.SEQUENCE", "SYSTEM.STATS", "rn bad"] + \
                ["t%02d" % i for i in range(1, 13)]
            self.reply(200, ('{"table":[%s]}' % ",".join('{"name":"%s"}' % n for n in names))
                       .encode(), JSON)
        elif path == "/t02/schema":
            self.reply(200, b'{"ColumnSchema":[{"name":"cf"},{"name":"a:b"}]}', JSON)
        elif path == "/t03/schema":
            self.reply(200, b'{"ColumnSchema":[{"name":"0"}]}', JSON)
        elif path.startswith("/t") and path.endswith("/schema"):
            self.reply(200, b'{"ColumnSchema":[{"name":"cf"}]}', JSON)
        elif path == "/t01/*":
            self.reply(500, b"sample refused")
        elif path == "/t03/*":
            # a stateless scan, as the gateway answers it: protobuf streamed as CellSets behind
            # 2-byte lengths (a short page, which hbase_fdw asks for again as JSON), or JSON
            cells = [(b"_0", b"x"), (b"V", b"hello")]
            if "protobuf" in (self.headers.get("Accept") or ""):
                msg = row(b"r1", cells)
                self.reply(200, len(msg).to_bytes(2, "big") + msg, PROTOBUF)
            else:
                b64 = lambda b: base64.b64encode(b).decode()
                self.reply(200, json.dumps({"Row": [{"key": b64(b"r1"), "Cell": [
                    {"column": b64(b"0:" + q), "timestamp": 1, "$": b64(v)} for q, v in cells]}]})
                    .encode(), JSON)
        elif path == "/SYSTEM.CATALOG/exists":
            self.reply(200)
        elif path.startswith("/SYSTEM.CATALOG/scanner/"):
            sid = path.rsplit("/", 1)[1]
            with self.server.lock:
                first = sid not in self.server.read
                self.server.read.add(sid)
                page = self.server.big.get(sid)
                if page is not None:
                    self.server.big[sid] = page + 1
            if page is not None:
                if page < 3:
                    self.reply(200, big_catalog_page(page), PROTOBUF)
                else:
                    self.reply(204)
            elif first:
                self.reply(200, catalog(), PROTOBUF)
            else:
                self.reply(204)
        elif path.startswith("/rn_gzip_"):
            table, rest = path[1:].split("/", 1)
            query = urllib.parse.parse_qs(self.path.split("?", 1)[1] if "?" in self.path else "")
            key64 = query["row"][0] if rest == "multiget" else rest
            key = base64.urlsafe_b64decode(key64 + "=" * (-len(key64) % 4))
            body = row_gz(key, 1 if key == b"k0001" else int(table[len("rn_gzip_"):]))
            if "gzip" in (self.headers.get("Accept-Encoding") or ""):
                self.reply(200, body, PROTOBUF + [("Content-Encoding", "gzip")])
            else:
                import gzip
                self.reply(200, gzip.decompress(body), PROTOBUF)
        else:
            self.reply(404, b"Not found")

    def do_POST(self):
        self.record()
        n = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(n)
        path = self.path.split("?")[0]
        if path == "/SYSTEM.CATALOG/scanner":
            start = base64.b64decode(json.loads(body).get("startRow", "")) if body else b""
            with self.server.lock:
                self.server.scanners += 1
                sid = "s%d" % self.server.scanners
                if start.startswith(b"\0FDWBIG\0"):
                    self.server.big[sid] = 0
            self.reply(201, b"", [("Location", "http://127.0.0.1:%d/SYSTEM.CATALOG/scanner/%s"
                                   % (self.server.server_address[1], sid))])
        else:
            self.reply(404, b"Not found")

    do_PUT = do_POST

    def do_DELETE(self):
        self.record()
        self.reply(200)


GZIPPED = {}


def row_gz(key, mib):
    """the whole answer as one gzip stream (libcurl reads one member), cached by key and size"""
    import zlib
    if (key, mib) not in GZIPPED:
        cell = field(0x12, b"cf:v") + b"\x18" + varint(1) + field(0x22, b"\0" * (mib << 20))
        z = zlib.compressobj(6, zlib.DEFLATED, 31)
        GZIPPED[(key, mib)] = z.compress(field(0x0A, field(0x0A, key) + field(0x12, cell))) + z.flush()
    return GZIPPED[(key, mib)]


def big_catalog_page(page):
    """page (0 to 2) of schema FDWBIG: 1000 tables' header rows of about 420 bytes (a full
    page: fewer rows than asked for would be the last)"""
    return b"".join(row(b"\0FDWBIG\0T%04d" % t, [(b"TABLE_TYPE", b"u"),
                                                    (b"VIEW_STATEMENT", b"x" * 400)])
                    for t in range(page * 1000, page * 1000 + 1000))


def main():
    srv = make_server(int(sys.argv[1]), Handler)
    srv.seen = []
    srv.read = set()
    srv.scanners = 0
    srv.big = {}
    serve_in_background(srv)


if __name__ == "__main__":
    main()
