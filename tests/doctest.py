#!/usr/bin/env python3
"""tests/doctest.py - the documentation tested like code, as a reader would run it.

Runs every ```sql block of README.md and of each docs/*.md file it links (in the order of their
first link), in order, each file in a fresh database, as a reader would: what a page needs, its
own visible blocks make (the extension, the server, its HBase tables by hbase_create_table, their
rows by INSERT). A block whose next fenced block (only blank lines between) is a plain ``` or
```text block is compared with it: psql's output (results, then NOTICEs and errors without
psql's "psql:file:N:" prefix), whitespace normalized (runs of blanks as one, blank lines and
trailing blanks dropped).

Before each file, what an earlier run of it left is removed, so that the file starts as it
would on a fresh HBase: the HBase tables its blocks make (hbase_create_table('server', 'NAME'
...)) are dropped through REST, and the roles they make (CREATE ROLE NAME) are dropped.

Markers, an HTML comment on the lines before a block (several may stand there):
  <!-- doctest: setup NAME -->     run the named setup step first (SETUPS below), for a fact a
                                   reader cannot make from the page (the demo's table that
                                   scripts/setup wrote): the marker must stand on a line of
                                   visible text saying what the block needs, so the rendered
                                   page shows it (a marker alone on its line fails the block)
  <!-- doctest: run -->            a ```sh block: run it (bash -e, from the repository's root)
                                   as the reader would; it fails when the commands do
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
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import hbase_rest  # noqa: E402

DOC_URL = "http://127.0.0.1:18080"
MARKER = re.compile(r"<!--\s*doctest:\s*(setup|run|error|output varies|skip|ignore)\b:?\s*(.*?)\s*-->")
COMMENT = re.compile(r"<!--.*?-->")
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
                kind = mk.group(1)
                if kind == "setup" and not COMMENT.sub("", lines[i]).strip():
                    kind = "hidden setup"  # what it needs would not show in the rendered page
                markers.append((kind, mk.group(2)))
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
        elif lang == "sql" or (lang == "sh" and any(k == "run" for k, _ in markers)):
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
# Only for facts a reader cannot make from the page itself: a page makes its own HBase tables
# (hbase_create_table), rows (INSERT), Phoenix tables (a ```sh block it shows) and roles.

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


SETUPS = {"demo": setup_demo}

CREATED_TABLE = re.compile(r"hbase_create_table\(\s*'[^']*'\s*,\s*'([^']+)'")
CREATED_ROLE = re.compile(r"\bCREATE\s+ROLE\s+([a-z_][a-z0-9_]*)", re.I)


def clean_slate(blocks):
    """what an earlier run of the file left, gone: the HBase tables its blocks make and the
    roles they create, so that it runs as it would on a fresh HBase and cluster"""
    sql = "".join(b.text for b in blocks if b.lang == "sql" and not b.marker("skip") and not b.marker("ignore"))
    for table in sorted(set(CREATED_TABLE.findall(sql))):
        # the pages' servers have no namespace option: a bare name is HBase's default namespace,
        # whatever HBASE_TEST_NAMESPACE would make of it
        hb().drop_table(table if ":" in table else "default:" + table)
    for role in sorted(set(r.lower() for r in CREATED_ROLE.findall(sql))):
        rc, out = psql("postgres", "DROP ROLE IF EXISTS %s;\n" % role)
        if rc != 0:
            raise RuntimeError(out)


def shell(script):
    """runs a ```sh block as a reader would, from the repository's root; -> (rc, output)"""
    env = dict(os.environ)
    url = env.get("HBASE_URL", DOC_URL)
    if url != DOC_URL:
        script = script.replace(DOC_URL, url)
    res = subprocess.run(["bash", "-e", "-c", script], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, timeout=900)
    return res.returncode, res.stdout.decode("utf-8", "replace")


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
    blocks = parse(path)
    try:
        clean_slate(blocks)
    except Exception as e:  # noqa: BLE001 - the file cannot start clean: one failure, named
        print("%s: could not remove what an earlier run left: %s" % (rel, e))
        counts["failed"] += 1
        return
    for b in blocks:
        where = "%s:%d" % (rel, b.line)
        if b.marker("ignore"):
            continue
        if b.marker("hidden setup"):
            counts["failed"] += 1
            print("%s: FAILED: setup %s is hidden: its marker must share a line with visible "
                  "text that says what the block needs" % (where, b.marker("hidden setup")[0]))
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
        if b.lang == "sh":
            rc, out = shell(b.text)
        else:
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
