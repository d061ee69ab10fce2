#!/usr/bin/env python3
"""tests/doctest.py - the documentation tested like code.

Runs every ```sql block of README.md and of each docs/*.md file it links (in the order of their
first link), in order, each file in a fresh database, against what `scripts/setup` made (the
demo's HBase table ad_report, written by demo/load.py when missing) or what an earlier block of
the same file made. A block whose next fenced block (only blank lines between) is a plain ```
or ```text block is compared with it: psql's output (results, then NOTICEs and errors without
psql's "psql:file:N:" prefix), whitespace normalized (runs of blanks as one, blank lines and
trailing blanks dropped).

Markers, an HTML comment on the lines before a block (several may stand there):
  <!-- doctest: setup NAME -->     run the named setup step first (SETUPS below: HBase tables
                                   written through tests/hbase_rest.py with keys computed here,
                                   Phoenix tables made by Phoenix's own DDL, roles)
  <!-- doctest: error -->          the block must fail (its output block shows the error)
  <!-- doctest: output varies: WHY -->   run it, but do not compare its output
  <!-- doctest: skip WHY -->       do not run it (counted as skipped, WHY printed)
  <!-- doctest: ignore -->         not SQL to run at all (a fragment), not counted

Why one psql per block: an error stops only its block and names it; session settings (SET) do
not carry over, so a block that needs one says so itself.

Ends with "N passed, N failed, N skipped" (scripts/test adds the first two to the suite's).
  python3 tests/doctest.py [--verbose] [--show] [FILE...]
    --show   print each block's actual output (to write an expected block)
    --update write the actual output into the output blocks that differ (read them after)
Needs the scripts/pg-local environment (PGHOST, PGPORT, PGUSER) and HBASE_URL.
"""
import hashlib
import os
import re
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import hbase_rest  # noqa: E402

DOC_URL = "http://127.0.0.1:18080"
MARKER = re.compile(r"<!--\s*doctest:\s*(setup|error|output varies|skip|ignore)\b:?\s*(.*?)\s*-->")
FENCE = re.compile(r"^(\s*)```\s*([A-Za-z0-9_-]*)\s*$")
PSQL_PREFIX = re.compile(r"^psql:[^:]*:\d+: ")


class Block:
    """one fenced block: its language, text, first line, markers and the output block after it"""

    def __init__(self, lang, text, line, markers):
        self.lang, self.text, self.line, self.markers = lang, text, line, markers
        self.expected = None
        self.expected_lines = None  # (first, end) line indices of the output block's body

    def marker(self, kind):
        return [arg for k, arg in self.markers if k == kind]


def parse(path):
    """-> the file's ```sql blocks, each with its markers and its expected output block"""
    lines = open(path, encoding="utf-8").read().split("\n")
    blocks, markers, i, prev_sql, gap_ok = [], [], 0, None, False
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            for mk in MARKER.finditer(lines[i]):
                markers.append((mk.group(1), mk.group(2)))
            if lines[i].strip():
                gap_ok = False
            i += 1
            continue
        indent, lang, start = m.group(1), m.group(2), i
        body = []
        i += 1
        while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
            body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
            i += 1
        i += 1
        text = "\n".join(body) + "\n"
        if lang in ("", "text") and prev_sql is not None and gap_ok:
            prev_sql.expected = text
            prev_sql.expected_lines = (start + 1, i - 1)
            prev_sql = None
        elif lang == "sql":
            b = Block(lang, text, start + 1, markers)
            blocks.append(b)
            prev_sql, gap_ok = b, True
            markers = []
            continue
        else:
            prev_sql = None
        markers = []
        gap_ok = False
    return blocks


def linked_docs(readme):
    """docs/*.md files README.md links, in the order of their first link"""
    out = []
    for m in re.finditer(r"\]\((docs/[A-Za-z0-9_.-]+\.md)(#[^)]*)?\)", open(readme, encoding="utf-8").read()):
        p = os.path.join(ROOT, m.group(1))
        if p not in out:
            out.append(p)
    return out


def normalize(text):
    out = []
    for line in text.split("\n"):
        line = PSQL_PREFIX.sub("", line)
        if line.startswith("LOCATION:"):
            continue  # \\set VERBOSITY verbose's source file and line: not the document's business
        line = re.sub(r"\s+", " ", line).strip()
        if re.fullmatch(r"-[-+]*", line):
            line = "---"  # a table's rule: its width follows the widest value
        if line:
            out.append(line)
    return out


def psql(db, sql, quiet=True):
    """runs sql in db (ON_ERROR_STOP); -> (returncode, output with stdout and stderr in the
    order psql wrote them: stdbuf makes stdout unbuffered)"""
    cmd = ["psql", "-X", "-v", "ON_ERROR_STOP=1", "-d", db, "-f", "-"]
    if quiet:
        cmd.insert(2, "-q")
    if subprocess.run(["sh", "-c", "command -v stdbuf"], stdout=subprocess.DEVNULL).returncode == 0:
        cmd = ["stdbuf", "-o0", "-e0"] + cmd
    res = subprocess.run(cmd, input=sql.encode(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         timeout=600)
    return res.returncode, res.stdout.decode("utf-8", "replace")


# ------------------------------------------------------------------ setup steps
# Each writes what a doc's examples read; HBase tables are named docs_* (no test uses them), keys
# computed here, independently of the C codec.

HB = None


def hb():
    global HB
    if HB is None:
        HB = hbase_rest.Client()
    return HB


def setup_demo(db):
    """the demo's table, as scripts/setup wrote it (demo/load.py)"""
    if not hb().table_exists("ad_report"):
        subprocess.run([sys.executable, os.path.join(ROOT, "demo", "load.py")], check=True)


def setup_server(db):
    """the extension and the server "hbase" of the README's first block"""
    rc, out = psql(db, "CREATE EXTENSION IF NOT EXISTS hbase_fdw;\n"
                   "CREATE SERVER hbase FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url '%s');\n"
                   % os.environ.get("HBASE_URL", DOC_URL))
    if rc != 0:
        raise RuntimeError(out)


def setup_drop_my_events(db):
    """import.md's own table, made by its first block: gone before it runs again"""
    hb().drop_table("my_events")


def setup_mails(db):
    """docs_mails: a tall table, rowkey lpad(user_id, 8) + lpad(mail_id, 10), subjects in m:s"""
    hb().create_table("docs_mails", ["m"])
    rows = []
    for user in (41, 42, 43):
        for mail in range(990, 1011):
            rows.append(("%08d%010d" % (user, mail), {"m:subject": "mail %d of user %d" % (mail, user)}))
    hb().put_pairs("docs_mails", rows)


def java_string_hash_salt(key, n):
    """Phoenix's salt byte: h = 1; h = 31*h + b over the signed bytes (32-bit), abs(h % n)"""
    h = 1
    for b in key:
        h = (31 * h + (b - 256 if b > 127 else b)) & 0xFFFFFFFF
    h = h - (1 << 32) if h & 0x80000000 else h
    r = abs(h) % n  # Java's % keeps the sign of h; abs of it
    return r


def setup_visits(db):
    """docs_visits: Phoenix-salted, rowkey salt(4) + lpad(shop_id, 5) + date(day, "yyyyMMdd"),
    visit counts in cf:n as text; shops 10..30, the first 10 days of 2026"""
    hb().create_table("docs_visits", ["cf"])
    rows = []
    for shop in range(10, 31):
        for day in range(1, 11):
            rest = b"%05d202601%02d" % (shop, day)
            rows.append((bytes([java_string_hash_salt(rest, 4)]) + rest, {"cf:n": str(shop * 100 + day)}))
    hb().put_pairs("docs_visits", rows)


def setup_prices(db):
    """docs_prices: cell versions, family p keeps 10; item A-42's price at three times"""
    hb().create_table("docs_prices", ["p"], versions=10)
    ts = [1704067200000, 1704931200000, 1706745600000]  # 2024-01-01, 01-11, 02-01 UTC
    for t, price, stock in zip(ts, ("9.90", "8.50", "9.20"), ("100", "80", "75")):
        hb().put_rows("docs_prices", [{"key": "A-42", "cells": {
            "p:price": {"value": price, "timestamp": t}, "p:stock": {"value": stock, "timestamp": t}}}])


def setup_analytics(db):
    """namespace docs_ns with table events: text keys, a text and a Java long cell"""
    hb().create_table("docs_ns:events", ["e"])
    hb().put_pairs("docs_ns:events", [
        ("ev%03d" % i, {"e:kind": ("click", "view")[i % 2], "e:n": struct.pack(">q", i * 10)})
        for i in range(1, 21)])


def setup_phoenix(db):
    """Phoenix schema DOCS, table ORDERS, by Phoenix's own DDL and UPSERT"""
    import fixtures_phoenix
    fixtures_phoenix.phoenix_sql(
        "DROP TABLE IF EXISTS DOCS.ORDERS;\n"
        "CREATE TABLE DOCS.ORDERS (ID BIGINT NOT NULL, CODE CHAR(4) NOT NULL, NAME VARCHAR, "
        "AMOUNT DECIMAL(10,2) CONSTRAINT PK PRIMARY KEY (ID DESC, CODE)) SALT_BUCKETS = 4;\n"
        "UPSERT INTO DOCS.ORDERS VALUES (1, 'AB12', 'first', 10.50);\n"
        "UPSERT INTO DOCS.ORDERS VALUES (2, 'CD34', 'second', 20.00);\n"
        "UPSERT INTO DOCS.ORDERS VALUES (3, 'EF56', 'third', 7.25);\n")


def setup_phoenix_index(db):
    """Phoenix table DOCS.CUSTOMERS with a global index on EMAIL, by Phoenix's own DDL"""
    import fixtures_phoenix
    fixtures_phoenix.phoenix_sql(
        "DROP TABLE IF EXISTS DOCS.CUSTOMERS;\n"
        "CREATE TABLE DOCS.CUSTOMERS (ID BIGINT NOT NULL PRIMARY KEY, EMAIL VARCHAR, "
        "NAME VARCHAR);\n"
        "CREATE INDEX CUSTOMERS_EMAIL ON DOCS.CUSTOMERS (EMAIL);\n"
        "UPSERT INTO DOCS.CUSTOMERS VALUES (1, 'ann@example.org', 'Ann');\n"
        "UPSERT INTO DOCS.CUSTOMERS VALUES (2, 'bob@example.org', 'Bob');\n"
        "UPSERT INTO DOCS.CUSTOMERS VALUES (3, 'cy@example.org', 'Cy');\n")


def setup_analyst(db):
    """the role analyst of the Kerberos example (roles are the cluster's, not the database's)"""
    rc, out = psql(db, "DO $$BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'analyst') "
                   "THEN CREATE ROLE analyst; END IF; END$$;\n")
    if rc != 0:
        raise RuntimeError(out)


SETUPS = {"demo": setup_demo, "server": setup_server, "drop_my_events": setup_drop_my_events,
          "mails": setup_mails, "visits": setup_visits, "prices": setup_prices, "analytics": setup_analytics,
          "phoenix": setup_phoenix, "phoenix_index": setup_phoenix_index,
          "analyst": setup_analyst}


# ------------------------------------------------------------------ running

def run_file(path, counts, show, verbose, update=False):
    """runs one file's blocks in a fresh database; adds to counts; update: writes the actual
    output into the output blocks that differ (to be read and believed before committing)"""
    rel = os.path.relpath(path, ROOT)
    db = "hbase_doctest"
    for sql in ("DROP DATABASE IF EXISTS %s WITH (FORCE)" % db, "CREATE DATABASE %s" % db):
        rc, out = psql("postgres", sql + ";\n")
        if rc != 0:
            print("%s: could not make a fresh database: %s" % (rel, out.strip()))
            counts["failed"] += 1
            return
    done = set()
    updates = []
    for b in parse(path):
        where = "%s:%d" % (rel, b.line)
        if b.marker("ignore"):
            continue
        if b.marker("skip"):
            counts["skipped"] += 1
            print("%s: skipped: %s" % (where, b.marker("skip")[0]))
            continue
        try:
            for name in b.marker("setup"):
                for n in name.split():
                    if n not in SETUPS:
                        raise RuntimeError("no setup step %r (steps: %s)" % (n, ", ".join(SETUPS)))
                    if n not in done:
                        SETUPS[n](db)
                        done.add(n)
        except Exception as e:  # noqa: BLE001 - a setup failure fails its block, named
            counts["failed"] += 1
            print("%s: setup failed: %s" % (where, e))
            continue
        sql = b.text
        url = os.environ.get("HBASE_URL", DOC_URL)
        if url != DOC_URL:
            sql = sql.replace(DOC_URL, url)
        rc, out = psql(db, sql)
        if show:
            print("=== %s (rc %d)\n%s" % (where, rc, out))
        problem = None
        if b.marker("error"):
            if rc == 0:
                problem = "the block was expected to fail and did not"
        elif rc != 0:
            problem = "the block failed"
        if problem is None and b.expected is not None and not b.marker("output varies"):
            if normalize(out) != normalize(b.expected):
                problem = "its output differs from the document's"
        if problem and update and b.expected_lines and rc == 0 or (problem and update and b.marker("error")):
            updates.append((b.expected_lines, out))
        if problem:
            counts["failed"] += 1
            print("%s: FAILED: %s" % (where, problem))
            print("  the block:\n" + "".join("    " + l + "\n" for l in b.text.rstrip().split("\n")))
            print("  its output:\n" + "".join("    " + l + "\n" for l in out.rstrip().split("\n")))
            if b.expected is not None:
                print("  the document's:\n" + "".join("    " + l + "\n" for l in b.expected.rstrip().split("\n")))
        else:
            counts["passed"] += 1
            if verbose:
                print("%s: ok" % where)
    if updates:
        lines = open(path, encoding="utf-8").read().split("\n")
        for (first, end), out in sorted(updates, reverse=True):
            body = [PSQL_PREFIX.sub("", l).rstrip() for l in out.rstrip("\n").split("\n")]
            body = [l for l in body if not l.startswith("LOCATION:")]
            lines[first:end] = body
        open(path, "w", encoding="utf-8").write("\n".join(lines))
        print("%s: %d output blocks updated" % (rel, len(updates)))


def main(argv):
    # what scripts/test exports for the Kerberos examples, when run alone
    os.environ.setdefault("HBASE_KRB_URL", "http://localhost:18087")
    os.environ.setdefault("HBASE_KDC_DIR", "/var/tmp/hbase_fdw/kdc")
    show = "--show" in argv
    update = "--update" in argv
    verbose = "--verbose" in argv or show
    files = [a for a in argv if not a.startswith("--")]
    if not files:
        readme = os.path.join(ROOT, "README.md")
        files = [readme] + linked_docs(readme)
    files = [os.path.abspath(f) for f in files]
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    for f in files:
        run_file(f, counts, show, verbose, update)
    print("doctest: %d passed, %d failed, %d skipped" % (counts["passed"], counts["failed"], counts["skipped"]))
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
