#!/usr/bin/env python3
"""tests/hbase_rest.py - owns the test harness's own HBase REST client.

It writes and reads fixtures through the HBase REST gateway INDEPENDENTLY of hbase_fdw's C
code (stdlib only: urllib, base64, json). Pre-split tables need the Java Admin API, which REST
lacks: that part runs tests/HBaseAdmin.java with the JDK's single-file source launcher against
the jars and conf of scripts/hbase-local's state directory.

CLI (base URL from $HBASE_HARNESS_URL or $HBASE_URL, default http://127.0.0.1:${HBASE_REST_PORT:-18080}):
  hbase_rest.py create TABLE FAM[,FAM...] [--splits K1,K2,...] [--versions N]
        (re)create TABLE (dropped first when it exists); ns:table creates the namespace too.
        Split keys: text with \\xNN escapes (\\x2c for a comma, \\\\ for a backslash), or
        b64:BASE64 for one key; --splits-b64 B1,B2 takes base64 keys only.
  hbase_rest.py drop TABLE                      (no error when missing)
  hbase_rest.py put TABLE < rows.json           one request with every row
        rows: [{"key": "text" | {"b64": ".."} | {"hex": ".."},
                "cells": {"cf:q": "text" | {"b64": ".."} | {"hex": ".."},
                          "cf:t": {"value": "text", "timestamp": 123}}}]
  hbase_rest.py get TABLE KEY [--b64] [--timestamps]     prints the row as JSON (exit 1 if none)
  hbase_rest.py scan TABLE [--start K] [--end K] [--column cf[:q]]... [--b64] [--batch N]
                [--timestamps]                            prints every row as a JSON list
  hbase_rest.py regions TABLE [--json]         number of regions (or the region list)
  hbase_rest.py split TABLE KEY[,KEY...]       split TABLE at each key (tests/HBaseAdmin.java:
        REST cannot), waiting until the new regions serve; keys as for create --splits
  hbase_rest.py exists TABLE                   exit 0 when the table exists
  hbase_rest.py families TABLE                 its families and their main attributes
  hbase_rest.py tables                         table names, one a line
  KEY / --start / --end are written like split keys (\\xNN escapes, b64:BASE64), or plain
  base64 with --b64.
There is no REST endpoint listing open scanners, so there is no "scanners" command.

Output keys and values are JSON strings when they are valid UTF-8, else {"b64": "..."}; a
column whose name is not UTF-8 is printed as "b64:<base64 of family:qualifier>".

As a module:
  c = Client(); c.create_table("t", ["cf"], splits=[b"1", b"2"]); c.put_rows("t", rows)
  c.scan("t") -> [{"key": bytes, "cells": {b"cf:q": bytes}}]   (raw bytes, see to_json_rows)
"""

import base64
import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))


def qualify(table):
    """TABLE in the run's namespace: scripts/test's slot k>=1 sets HBASE_TEST_NAMESPACE (e.g.
    fdwrun1) so that two runs on one HBase write their fixtures into different namespaces; a
    name with an explicit namespace ("ns:t", "default:t") is left as written."""
    ns = os.environ.get("HBASE_TEST_NAMESPACE")
    if not ns or ":" in table:
        return table
    # Phoenix's tables (SCHEMA.TABLE, upper case) are Phoenix's: one per schema, not per run
    if "." in table or (table.upper() == table and any(c.isalpha() for c in table)):
        return table
    return ns + ":" + table


def default_url():
    # HBASE_HARNESS_URL: the harness's own gateway when the tests point hbase_fdw at another
    # (scripts/test runs the suite again through older gateways, checking through 2.6)
    url = os.environ.get("HBASE_HARNESS_URL") or os.environ.get("HBASE_URL")
    if url:
        return url.rstrip("/")
    return "http://127.0.0.1:%s" % os.environ.get("HBASE_REST_PORT", "18080")


class HBaseRestError(Exception):
    def __init__(self, method, url, status, body):
        self.method, self.url, self.status, self.body = method, url, status, body
        text = body.decode("utf-8", "replace") if isinstance(body, bytes) else str(body)
        super().__init__("%s %s -> %s: %s" % (method, url, status, text[:500]))


# ------------------------------------------------------------------ encodings

def b64e(data):
    return base64.b64encode(data).decode("ascii")


def b64d(text):
    return base64.b64decode(text) if text else b""


def to_bytes(value):
    """str (UTF-8), bytes, or {"b64": ..} / {"hex": ..} / {"value": ..} -> bytes."""
    if isinstance(value, (bytes, bytearray)):
        return bytes(value)
    if isinstance(value, str):
        return value.encode("utf-8")
    if isinstance(value, dict):
        if "b64" in value:
            return b64d(value["b64"])
        if "hex" in value:
            return bytes.fromhex(value["hex"])
        if "value" in value:
            return to_bytes(value["value"])
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value).encode("ascii")
    raise ValueError("cannot turn %r into bytes" % (value,))


def from_bytes(data):
    """bytes -> str when valid UTF-8, else {"b64": ..} (JSON friendly)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return {"b64": b64e(data)}


def column_name(data):
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return "b64:" + b64e(data)


def parse_column_name(name):
    if name.startswith("b64:"):
        return b64d(name[4:])
    return name.encode("utf-8")


def unescape_key(text):
    """"b64:BASE64" -> bytes; otherwise text with \\xNN and \\\\ escapes (UTF-8 for the rest)."""
    if text.startswith("b64:"):
        return b64d(text[4:])
    out = bytearray()
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            nxt = text[i + 1]
            if nxt == "x" and re.match(r"[0-9a-fA-F]{2}", text[i + 2:i + 4]):
                out.append(int(text[i + 2:i + 4], 16))
                i += 4
                continue
            if nxt == "\\":
                out.append(0x5C)
                i += 2
                continue
        out += ch.encode("utf-8")
        i += 1
    return bytes(out)


# ------------------------------------------------------------------ client

class Client:
    def __init__(self, base_url=None, timeout=60):
        self.base = (base_url or default_url()).rstrip("/")
        self.timeout = timeout
        # pre-split tables create_split_tables just made, empty: table -> their definition
        self._fresh = {}

    # -- HTTP
    def request(self, method, path, body=None, ok=(200,), headers=None):
        """-> (status, headers, body bytes). path is relative to the base URL, or absolute."""
        url = path if path.startswith("http") else self.base + path
        data = None
        hdrs = {"Accept": "application/json", "X-XSRF-HEADER": "hbase_rest.py"}
        if body is not None:
            data = body if isinstance(body, bytes) else json.dumps(body).encode("utf-8")
            hdrs["Content-Type"] = "application/json"
        hdrs.update(headers or {})
        req = urllib.request.Request(url, data=data, method=method, headers=hdrs)
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                status, rh, rb = resp.status, resp.headers, resp.read()
        except urllib.error.HTTPError as e:
            status, rh, rb = e.code, e.headers, e.read()
        if status not in ok:
            raise HBaseRestError(method, url, status, rb)
        return status, rh, rb

    def get_json(self, path, ok=(200,)):
        status, _, body = self.request("GET", path, ok=ok)
        return status, (json.loads(body) if status == 200 and body else None)

    # -- tables
    @staticmethod
    def _t(table):
        return "/" + urllib.parse.quote(qualify(table), safe=":")

    def tables(self):
        _, doc = self.get_json("/")
        return [t["name"] for t in (doc or {}).get("table", [])]

    def table_exists(self, table):
        status, _, _ = self.request("GET", self._t(table) + "/schema", ok=(200, 404))
        return status == 200

    def namespaces(self):
        _, doc = self.get_json("/namespaces")
        return list((doc or {}).get("Namespace", []))

    def create_namespace(self, ns):
        if ns in self.namespaces():
            return
        self.request("POST", "/namespaces/" + urllib.parse.quote(ns), ok=(200, 201))

    def drop_table(self, table):
        """Disable and delete; no error when missing."""
        self.request("DELETE", self._t(table) + "/schema", ok=(200, 404))

    def create_table(self, table, families, splits=None, versions=1, replicas=1):
        """(Re)create TABLE with column FAMILIES; SPLITS: list of bytes split keys;
        REPLICAS: read replicas of each region (REGION_REPLICATION)."""
        families = [f for f in families if f]
        if not families:
            raise ValueError("need at least one column family")
        table = qualify(table)
        if ":" in table:
            self.create_namespace(table.split(":", 1)[0])
        if splits:
            if self._fresh.pop(table, None) == _split_def(families, splits, versions, replicas):
                return
            run_admin(_admin_create(table, families, splits, versions, replicas))
            return
        self.drop_table(table)
        schema = {"name": table, "REGION_REPLICATION": str(replicas),
                  "ColumnSchema": [{"name": f, "VERSIONS": str(versions)} for f in families]}
        self.request("PUT", self._t(table) + "/schema", schema, ok=(200, 201))

    def create_split_tables(self, specs):
        """(Re)create several pre-split tables in one JVM of tests/HBaseAdmin.java (each JVM
        start costs seconds: tests/fixtures.py made eight, one by one). SPECS: [(table,
        families, splits, versions, replicas)]. The next create_table of one of them with the
        same definition finds it made and empty, and does nothing."""
        args = []
        specs = [(qualify(s[0]),) + tuple(s[1:]) for s in specs]
        for table, families, splits, versions, replicas in specs:
            if ":" in table:
                self.create_namespace(table.split(":", 1)[0])
            args += (["+"] if args else []) + _admin_create(table, families, splits, versions,
                                                             replicas)
        if args:
            run_admin(args)
        for table, families, splits, versions, replicas in specs:
            self._fresh[table] = _split_def(families, splits, versions, replicas)

    def regions(self, table):
        """-> [{"name", "startKey": bytes, "endKey": bytes, "location", "id"}]"""
        _, doc = self.get_json(self._t(table) + "/regions")
        out = []
        for r in (doc or {}).get("Region", []):
            r = dict(r)
            r["startKey"] = b64d(r.get("startKey", ""))
            r["endKey"] = b64d(r.get("endKey", ""))
            out.append(r)
        return out

    # -- data
    @staticmethod
    def cellset(rows):
        """rows: [{"key": .., "cells": {"cf:q": value}}] (values as in to_bytes; a dict value
        may carry "timestamp") -> REST CellSet JSON."""
        out = []
        for row in rows:
            cells = []
            items = row["cells"].items() if isinstance(row["cells"], dict) else row["cells"]
            for col, val in items:
                colb = col if isinstance(col, bytes) else parse_column_name(col)
                cell = {"column": b64e(colb), "$": b64e(to_bytes(val))}
                if isinstance(val, dict) and "timestamp" in val:
                    cell["timestamp"] = int(val["timestamp"])
                cells.append(cell)
            out.append({"key": b64e(to_bytes(row["key"])), "Cell": cells})
        return {"Row": out}

    def put_rows(self, table, rows):
        """One PUT of every row (the body's keys count; the path's row is a placeholder)."""
        if not rows:
            return
        self.request("PUT", self._t(table) + "/fakerow", self.cellset(rows), ok=(200,))

    def put_pairs(self, table, rows, chunk=20000):
        """put_rows for rows given as an iterable of (key, {"cf:q": value}), chunk rows per PUT
        (so a generator of a million rows never sits in memory whole)."""
        batch = []
        for k, c in rows:
            batch.append({"key": k, "cells": c})
            if len(batch) == chunk:
                self.put_rows(table, batch)
                batch = []
        if batch:
            self.put_rows(table, batch)

    def write_table(self, table, families, rows):
        """(Re)creates TABLE with FAMILIES and writes ROWS, a list of (key, {"cf:q": value});
        exits when a scan does not read back as many rows (a fixture written short)."""
        self.create_table(table, families)
        self.put_pairs(table, rows)
        if len(self.scan(table)) != len(rows):
            sys.exit("%s: the rows read back differ from the rows written" % table)

    def delete_row(self, table, key):
        self.request("DELETE", "%s/%s?e=b64" % (self._t(table), self._b64path(to_bytes(key))),
                     ok=(200, 404))

    @staticmethod
    def _b64path(key):
        # URL-safe base64 in the path with ?e=b64 (HBase 2.5.9 / 2.6.0+): binary safe
        return base64.urlsafe_b64encode(key).decode("ascii").rstrip("=") or "="

    @staticmethod
    def _rows_from_cellset(doc, timestamps=False):
        rows = []
        for r in (doc or {}).get("Row", []):
            cells = {}
            for c in r.get("Cell", []):
                val = b64d(c.get("$", ""))
                col = b64d(c.get("column", ""))
                cells[col] = (val, c.get("timestamp")) if timestamps else val
            rows.append({"key": b64d(r.get("key", "")), "cells": cells})
        return rows

    def get_row(self, table, key, timestamps=False):
        """-> {"key": bytes, "cells": {bytes: bytes}} or None."""
        key = to_bytes(key)
        if not key:
            raise ValueError("empty row key")
        status, doc = self.get_json("%s/%s?e=b64" % (self._t(table), self._b64path(key)),
                                    ok=(200, 404))
        if status == 404:
            return None
        rows = self._rows_from_cellset(doc, timestamps)
        return rows[0] if rows else None

    def scan(self, table, start=None, end=None, columns=None, batch=1000, timestamps=False):
        """Every row between START (inclusive) and END (exclusive) through a stateful scanner
        (maxVersions 1; BATCH cells a response). -> [{"key": bytes, "cells": {bytes: ..}}]"""
        spec = {"batch": int(batch), "maxVersions": 1}
        if start:
            spec["startRow"] = b64e(to_bytes(start))
        if end:
            spec["endRow"] = b64e(to_bytes(end))
        if columns:
            spec["column"] = [b64e(to_bytes(c)) for c in columns]
        _, hdrs, _ = self.request("POST", self._t(table) + "/scanner", spec, ok=(201,))
        location = hdrs.get("Location")
        if not location:
            raise HBaseRestError("POST", self._t(table) + "/scanner", 201, b"no Location header")
        rows = []
        try:
            while True:
                status, doc = self.get_json(location, ok=(200, 204))
                if status == 204:
                    break
                for row in self._rows_from_cellset(doc, timestamps):
                    # a batch limit can cut a row in two: the next chunk repeats its key
                    if rows and rows[-1]["key"] == row["key"]:
                        rows[-1]["cells"].update(row["cells"])
                    else:
                        rows.append(row)
        finally:
            try:
                self.request("DELETE", location, ok=(200, 404))
            except (HBaseRestError, OSError):
                pass
        return rows


# ------------------------------------------------------------------ Java Admin helper

def state_dir():
    return os.environ.get("HBASE_LOCAL_DIR", "/var/tmp/hbase_fdw/hbase")


def _admin_create(table, families, splits, versions, replicas):
    """tests/HBaseAdmin.java's arguments that (re)create a pre-split table"""
    return ["create", table, ",".join(f for f in families if f),
            ",".join("b64:" + b64e(s) for s in splits), "--versions", str(versions),
            "--replicas", str(replicas)]


def _split_def(families, splits, versions, replicas):
    return ([f for f in families if f], [bytes(s) for s in splits], versions, replicas)


def run_admin(args):
    """Run tests/HBaseAdmin.java (single-file source launcher) with scripts/hbase-local's
    jars and conf (conf/hbase-site.xml names the ZooKeeper port)."""
    state = state_dir()
    conf, lib, logs = (os.path.join(state, d) for d in ("conf", "lib", "logs"))
    if not os.path.isfile(os.path.join(conf, "hbase-site.xml")):
        raise RuntimeError("no %s/hbase-site.xml: run scripts/hbase-local start" % conf)
    java = os.path.join(os.environ["JAVA_HOME"], "bin", "java") \
        if os.environ.get("JAVA_HOME") else "java"
    cmd = [java, "-Xmx256m",
           "--add-opens", "java.base/java.lang=ALL-UNNAMED",
           "--add-opens", "java.base/java.nio=ALL-UNNAMED",
           "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
           "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
           "-Dorg.apache.hbase.thirdparty.io.netty.tryReflectionSetAccessible=true",
           "-Dhbase.log.dir=" + logs, "-Dhbase.log.file=admin.log",
           "-Dlog4j2.configurationFile=file:" + os.path.join(conf, "log4j2.properties"),
           "-cp", "%s:%s/*" % (conf, lib),
           os.path.join(HERE, "HBaseAdmin.java")] + list(args)
    res = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, timeout=300)
    if res.returncode != 0:
        raise RuntimeError("HBaseAdmin.java %s failed (%d): %s%s" % (
            " ".join(args), res.returncode, res.stdout.decode("utf-8", "replace"),
            res.stderr.decode("utf-8", "replace")[-3000:]))
    return res.stdout.decode("utf-8", "replace")


# ------------------------------------------------------------------ CLI

def to_json_rows(rows):
    out = []
    for r in rows:
        cells = {}
        for col, val in r["cells"].items():
            if isinstance(val, tuple):
                cells[column_name(col)] = {"value": from_bytes(val[0]), "timestamp": val[1]}
            else:
                cells[column_name(col)] = from_bytes(val)
        out.append({"key": from_bytes(r["key"]), "cells": cells})
    return out


def _opt(args, name, default=None, many=False):
    vals = []
    while name in args:
        i = args.index(name)
        if i + 1 >= len(args):
            raise SystemExit("hbase_rest.py: %s needs a value" % name)
        vals.append(args[i + 1])
        del args[i:i + 2]
    if many:
        return vals
    return vals[-1] if vals else default


def _flag(args, name):
    if name in args:
        args.remove(name)
        return True
    return False


def _split_list(text):
    return [s for s in text.split(",") if s != ""] if text else []


def main(argv=None):
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        print(__doc__.split("\nAs a module:")[0], file=sys.stderr)
        return 2
    cmd, args = args[0], args[1:]
    c = Client()
    b64keys = _flag(args, "--b64")
    timestamps = _flag(args, "--timestamps")

    def key_arg(text):
        return b64d(text) if b64keys else unescape_key(text)

    if cmd == "create":
        splits_txt = _opt(args, "--splits")
        splits_b64 = _opt(args, "--splits-b64")
        versions = int(_opt(args, "--versions", "1"))
        if len(args) != 2:
            raise SystemExit("usage: hbase_rest.py create TABLE FAM[,FAM...] [--splits K1,K2]")
        splits = [unescape_key(s) for s in _split_list(splits_txt)]
        splits += [b64d(s) for s in _split_list(splits_b64)]
        c.create_table(args[0], _split_list(args[1]), splits=splits or None, versions=versions)
    elif cmd == "drop":
        for t in args:
            c.drop_table(t)
    elif cmd == "put":
        if len(args) != 1:
            raise SystemExit("usage: hbase_rest.py put TABLE < rows.json")
        rows = json.load(sys.stdin)
        if isinstance(rows, dict):
            rows = [rows]
        c.put_rows(args[0], rows)
    elif cmd == "get":
        if len(args) != 2:
            raise SystemExit("usage: hbase_rest.py get TABLE KEY [--b64]")
        row = c.get_row(args[0], key_arg(args[1]), timestamps=timestamps)
        if row is None:
            return 1
        print(json.dumps(to_json_rows([row])[0], ensure_ascii=False))
    elif cmd == "scan":
        start = _opt(args, "--start")
        end = _opt(args, "--end")
        cols = _opt(args, "--column", many=True)
        batch = int(_opt(args, "--batch", "1000"))
        if len(args) != 1:
            raise SystemExit("usage: hbase_rest.py scan TABLE [--start K] [--end K] ...")
        rows = c.scan(args[0], start=key_arg(start) if start else None,
                      end=key_arg(end) if end else None,
                      columns=[parse_column_name(x) for x in cols] or None,
                      batch=batch, timestamps=timestamps)
        print(json.dumps(to_json_rows(rows), ensure_ascii=False))
    elif cmd == "regions":
        as_json = _flag(args, "--json")
        if len(args) != 1:
            raise SystemExit("usage: hbase_rest.py regions TABLE [--json]")
        regs = c.regions(args[0])
        if as_json:
            for r in regs:
                r["startKey"], r["endKey"] = from_bytes(r["startKey"]), from_bytes(r["endKey"])
            print(json.dumps(regs, ensure_ascii=False))
        else:
            print(len(regs))
    elif cmd == "split":
        if len(args) != 2:
            raise SystemExit("usage: hbase_rest.py split TABLE KEY[,KEY...]")
        run_admin(["split", qualify(args[0]), args[1]])
    elif cmd == "exists":
        return 0 if c.table_exists(args[0]) else 1
    elif cmd == "families":
        # each family and the attributes asked of it, as the gateway's schema says them
        _, doc = c.get_json(c._t(args[0]) + "/schema")
        keep = ("VERSIONS", "TTL", "COMPRESSION", "BLOOMFILTER", "IN_MEMORY", "MIN_VERSIONS")
        for cs in sorted((doc or {}).get("ColumnSchema", []), key=lambda x: x["name"]):
            print(cs["name"], " ".join("%s=%s" % (k, cs[k]) for k in keep if k in cs))
    elif cmd == "tables":
        for t in c.tables():
            print(t)
    else:
        raise SystemExit("hbase_rest.py: unknown command %r (try --help)" % cmd)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (HBaseRestError, RuntimeError, OSError, ValueError) as e:
        print("hbase_rest.py: %s" % e, file=sys.stderr)
        sys.exit(1)
