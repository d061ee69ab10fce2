#!/usr/bin/env python3
"""A proxy in front of the real REST gateway whose region listings lie, for sql/regions.sql.

Usage: tests/regions_proxy.py PORT UPSTREAM_URL
Binds 127.0.0.1:PORT, then goes to the background (the command returns once it listens) and
exits by itself after 30 s without a request, or at GET /quit. Every request is passed to
UPSTREAM_URL (the real gateway), except GET /TABLE/regions, whose real answer is changed as
the mode says (GET /_mode/NAME sets it; the answer is the listing's region count):
  real      unchanged
  twice     each region listed twice, as read replicas are (the real gateway does that too)
  reversed  the regions in reverse order
  gap       the second region left out (a gap: its rows are in no region)
  overlap   the first region reaching to the third one's start (it overlaps the second)
  nostart   the first region left out (nothing starts at the table's start)
  noend     the last region left out (nothing reaches the table's end)
  backwards the second region ending before it starts (its start and end swapped)
  many      5000 regions: the table's keys r0000 .. r4999 are each a region of their own
  notjson   200 with a body that is not JSON
  error     500
  stale     once, the second and third regions as one (the listing before they split); then
            real again (for sql/phoenix_index_local.sql: a split between a listing and a read)
  flapping  every other listing stale, the others real: the regions never hold still
  stalefirst once, the first and second regions as one (the listing before the first region
            split); then real again
  stalethird the next two listings real, the third as stale's; then real again (a split seen
            after a read returned rows)
A real gateway lists what the cluster says; these are the answers of a broken or hostile one.
"""
import base64
import json
import sys
import urllib.parse

import background_server
from background_server import make_server, serve_in_background


def b64(data):
    return base64.b64encode(data).decode()


def region(start, end):
    return {"startKey": b64(start), "endKey": b64(end), "id": 1, "name": "x", "location": "x:1"}


def change(mode, regions):
    if mode == "twice":
        return [r for r in regions for _ in (0, 1)]
    if mode == "reversed":
        return regions[::-1]
    if mode == "gap":
        return regions[:1] + regions[2:]
    if mode == "overlap":
        first = dict(regions[0])
        first["endKey"] = regions[2]["startKey"]
        return [first] + regions[1:]
    if mode == "nostart":
        return regions[1:]
    if mode == "noend":
        return regions[:-1]
    if mode == "backwards":
        second = dict(regions[1])
        second["startKey"], second["endKey"] = second["endKey"], second["startKey"]
        return regions[:1] + [second] + regions[2:]
    if mode in ("stale", "flapping") and len(regions) >= 3:
        merged = dict(regions[1])
        merged["endKey"] = regions[2]["endKey"]
        return regions[:1] + [merged] + regions[3:]
    if mode == "stalefirst" and len(regions) >= 2:
        merged = dict(regions[0])
        merged["endKey"] = regions[1]["endKey"]
        return [merged] + regions[2:]
    if mode == "many":
        bounds = [b""] + [b"r%04d" % i for i in range(1, 5000)] + [b""]
        return [region(bounds[i], bounds[i + 1]) for i in range(5000)]
    return regions


class Handler(background_server.ProxyHandler):
    def proxy(self, body):
        srv = self.server
        parts = self.path.split("/")
        if self.command == "GET" and len(parts) == 3 and parts[1] == "_mode":
            srv.mode = parts[2]
            self.reply(200, b"mode %s\n" % srv.mode.encode())
            return
        if not (self.command == "GET" and len(parts) == 3 and parts[2] == "regions"
                and srv.mode != "real"):
            super().proxy(body)
            return
        if srv.mode == "error":
            self.reply(500, b"no")
            return
        if srv.mode == "notjson":
            self.reply(200, b"regions!", [("Content-Type", "application/json")])
            return
        conn = self.upstream()
        conn.request("GET", self.path, headers={"Accept": "application/json"})
        resp = conn.getresponse()
        doc = json.loads(resp.read())
        mode = srv.mode
        if srv.mode in ("stale", "stalefirst"):
            srv.mode = "real"
        elif srv.mode == "flapping":
            srv.mode = "flapped"
        elif srv.mode == "flapped":
            srv.mode, mode = "flapping", "real"
        elif srv.mode == "stalethird":
            srv.mode, mode = "stalethird.1", "real"
        elif srv.mode == "stalethird.1":
            srv.mode, mode = "stale", "real"
        doc["Region"] = change(mode, doc.get("Region", []))
        self.reply(200, json.dumps(doc).encode(), [("Content-Type", "application/json")])


def main():
    srv = make_server(int(sys.argv[1]), Handler)
    srv.upstream = urllib.parse.urlsplit(sys.argv[2])
    srv.mode = "real"
    serve_in_background(srv)


if __name__ == "__main__":
    main()
