"""tests/fixtures_phoenix.py - Apache Phoenix as the oracle of sql/phoenix.sql and
sql/phoenix_import.sql.

- fdw_phoenix, fdw_phxdeckey: rows whose cells and keys Phoenix's own type classes encoded
  (tests/PhoenixOracle.java, phoenix-core-client 5.2.1 from Maven Central), written through REST.
  The jars are fetched into the local Maven repository on first use.
- the tables of Phoenix schema FDWPHX, made by Phoenix itself: real DDL and UPSERTs through its
  JDBC driver (tests/PhoenixServe.java --script-server) against the local HBase, whose master carries Phoenix's
  server side (scripts/hbase-local, HBASE_PHOENIX=1).

    python3 tests/fixtures_phoenix.py sql < statements.sql   runs SQL through Phoenix, prints rows
"""
import hashlib
import json
import re
import struct
import os
import fcntl
import random
import socket
import subprocess
import sys
import time

import hbase_rest

HERE = os.path.dirname(os.path.abspath(__file__))
M2 = os.path.expanduser("~/.m2/repository")
# the oracle's classes and what they load: Phoenix's shaded Guava, Joda-Time (dates); the rest
# (hbase-common's Bytes ...) comes from the local HBase's lib/
ARTIFACTS = [
    ("org.apache.phoenix", "phoenix-core-client", "5.2.1"),
    ("org.apache.phoenix.thirdparty", "phoenix-shaded-guava", "1.0.0"),
    ("joda-time", "joda-time", "2.10.10"),
]


def jar(group, artifact, version):
    return os.path.join(M2, group.replace(".", "/"), artifact, version,
                        "%s-%s.jar" % (artifact, version))


def classpath():
    jars = []
    for g, a, v in ARTIFACTS:
        path = jar(g, a, v)
        if not os.path.isfile(path):
            res = subprocess.run(["mvn", "-q", "-B", "dependency:get", "-Dtransitive=false",
                                  "-Dartifact=%s:%s:%s" % (g, a, v)],
                                 stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, timeout=600)
            if res.returncode != 0 or not os.path.isfile(path):
                raise RuntimeError("could not fetch %s:%s:%s from Maven Central: %s" % (
                    g, a, v, res.stdout.decode("utf-8", "replace")[-2000:]))
        jars.append(path)
    jars.append(os.path.join(hbase_rest.state_dir(), "lib", "*"))
    return ":".join(jars)


def oracle_rows():
    java = os.path.join(os.environ["JAVA_HOME"], "bin", "java") \
        if os.environ.get("JAVA_HOME") else "java"
    res = subprocess.run([java, "-Xmx256m", "-cp", classpath(),
                          os.path.join(HERE, "PhoenixOracle.java")],
                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         timeout=300)
    if res.returncode != 0:
        raise RuntimeError("PhoenixOracle.java failed (%d): %s" % (
            res.returncode, res.stderr.decode("utf-8", "replace")[-3000:]))
    rows = []
    for line in res.stdout.decode().splitlines():
        r = json.loads(line)
        key = bytes.fromhex(r["key"][4:]) if r["key"].startswith("hex:") else r["key"].encode()
        rows.append((key, {c: bytes.fromhex(h) for c, h in r["cells"].items()}))
    return rows


def java_bin():
    return os.path.join(os.environ["JAVA_HOME"], "bin", "java") \
        if os.environ.get("JAVA_HOME") else "java"


def phoenix_sql(statements):
    """runs statements (each ending with ';' at the end of a line) through Phoenix's JDBC
    driver; returns the rows of the queries, one list per row.  They go to a long-lived
    tests/PhoenixServe.java --script-server (started here when none answers; it exits after
    10 idle minutes): a JVM and Phoenix's first connection cost seconds per script otherwise,
    and the suite runs dozens of scripts"""
    sock = script_server()
    for attempt in (1, 2):
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as c:
                c.settimeout(600)
                c.connect(sock)
                c.sendall(statements.encode())
                c.shutdown(socket.SHUT_WR)
                answer = b"".join(iter(lambda: c.recv(65536), b""))
            break
        except (ConnectionRefusedError, FileNotFoundError):
            # a server that exited idle between our check and our connect: once more
            if attempt == 2:
                raise
            sock = script_server()
    lines = answer.decode().splitlines()
    status = json.loads(lines[-1]) if lines and lines[-1].startswith("{") else {}
    if status.get("status") != "ok":
        raise RuntimeError("PhoenixServe.java --script-server: the script failed: %s" % (
            status.get("message") or answer.decode("utf-8", "replace")[-3000:]))
    return [json.loads(line) for line in lines if line.startswith("[")]


def script_server():
    """the Unix socket of a running tests/PhoenixServe.java --script-server for this HBase and
    this PhoenixServe.java (a changed file gets a server of its own), started if none answers"""
    state = hbase_rest.state_dir()
    zk = "127.0.0.1:%s" % os.environ.get("HBASE_ZK_PORT", "12181")
    src = os.path.join(HERE, "PhoenixServe.java")
    with open(src, "rb") as f:
        tag = hashlib.sha1(f.read() + zk.encode()).hexdigest()[:12]
    # a Unix socket's path is short (108 bytes): under /tmp, not the state dir
    sock = os.path.join("/tmp", "hbase_fdw-phoenix-%s.sock" % tag)
    with open(os.path.join(state, "phoenix-script-server.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if answers(sock):
            return sock
        cp = "%s:%s" % (os.path.join(state, "phoenix-lib", "*"), os.path.join(state, "lib", "*"))
        log = open(os.path.join(state, "phoenix-script-server.log"), "ab")
        proc = subprocess.Popen([java_bin(), "-Xmx384m", "-cp", cp, src, "--script-server", sock, zk],
                                stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                start_new_session=True)
        for _ in range(1200):
            if answers(sock):
                return sock
            if proc.poll() is not None:
                break
            time.sleep(0.1)
        proc.kill()
        raise RuntimeError("PhoenixServe.java --script-server did not start (log: %s)" % log.name)


def answers(sock):
    """is a server listening on the Unix socket sock"""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as c:
            c.connect(sock)
            c.shutdown(socket.SHUT_WR)
            c.settimeout(600)
            # an empty script: the answer is the status line alone
            return c.recv(4096).startswith(b'{"status": "ok"}')
    except OSError:
        return False


# Phoenix schema FDWPHX of sql/phoenix_import.sql: tables as Phoenix's DDL makes them (a salted
# table with a DESC key and column-encoded qualifiers, one without encoding, DESC VARCHAR and
# DECIMAL key columns, TIMESTAMP, UNSIGNED_TIMESTAMP, BOOLEAN, TINYINT, UNSIGNED_TINYINT and DECIMAL DESC key
# columns, two column families, one-byte qualifiers, three- and four-byte qualifiers in
# SINGLE_CELL_ARRAY_WITH_OFFSETS cells and as cells of their own) and rows written by Phoenix's UPSERT.
PHOENIX_DDL = """
CREATE TABLE IF NOT EXISTS FDWPHX.ORDERS (ID BIGINT NOT NULL, CODE VARCHAR NOT NULL,
  NAME VARCHAR, AMT DECIMAL(10,2), QTY INTEGER, CREATED DATE, PRICE DOUBLE, OK BOOLEAN,
  CONSTRAINT PK PRIMARY KEY (ID DESC, CODE)) SALT_BUCKETS=4;
UPSERT INTO FDWPHX.ORDERS VALUES (42, 'ab', 'answer', 12.50, 3, TO_DATE('2024-03-01 10:11:12.345'), 1.5, TRUE);
UPSERT INTO FDWPHX.ORDERS VALUES (42, 'b', 'answer b', 0.01, -1, TO_DATE('1969-12-31 23:59:59.999'), -0.25, FALSE);
UPSERT INTO FDWPHX.ORDERS VALUES (-5, 'zz', NULL, -1.25, NULL, NULL, NULL, NULL);
UPSERT INTO FDWPHX.ORDERS VALUES (0, 'e', 'zero', 99999999.99, 2147483647, NULL, 1e300, TRUE);
UPSERT INTO FDWPHX.ORDERS VALUES (-9223372036854775808, 'min', 'héllo 日本', -99999999.99, -2147483648, NULL, NULL, NULL);
UPSERT INTO FDWPHX.ORDERS VALUES (9223372036854775807, 'max', NULL, NULL, NULL, NULL, NULL, NULL);
CREATE TABLE IF NOT EXISTS FDWPHX.PLAIN (K VARCHAR PRIMARY KEY, V VARCHAR, N INTEGER)
  COLUMN_ENCODED_BYTES=0;
UPSERT INTO FDWPHX.PLAIN VALUES ('k1', 'v1', 1);
UPSERT INTO FDWPHX.PLAIN (K) VALUES ('k2');
UPSERT INTO FDWPHX.PLAIN VALUES ('k3', 'three', -3);
CREATE TABLE IF NOT EXISTS FDWPHX.KEYS (NAME VARCHAR NOT NULL, D DECIMAL NOT NULL,
  ID INTEGER NOT NULL, T TINYINT, V VARCHAR, CONSTRAINT PK PRIMARY KEY (NAME DESC, D, ID));
UPSERT INTO FDWPHX.KEYS VALUES ('ab', 1.5, 7, -128, 'x');
UPSERT INTO FDWPHX.KEYS VALUES ('a', -2.5, 8, 127, NULL);
UPSERT INTO FDWPHX.KEYS VALUES ('abc', 0, -1, 0, 'y');
UPSERT INTO FDWPHX.KEYS VALUES ('ab', 1.505, 9, NULL, 'z');
UPSERT INTO FDWPHX.KEYS VALUES ('b', 100, 10, 1, 'w');
CREATE TABLE IF NOT EXISTS FDWPHX.TSKEY (TS TIMESTAMP NOT NULL PRIMARY KEY, V VARCHAR);
UPSERT INTO FDWPHX.TSKEY VALUES (TO_TIMESTAMP('2024-03-01 10:11:12.345'), 'ts');
UPSERT INTO FDWPHX.TSKEY VALUES (TO_TIMESTAMP('1969-12-31 23:59:59.999'), 'before 1970');
CREATE TABLE IF NOT EXISTS FDWPHX.UTSKEY (TS UNSIGNED_TIMESTAMP NOT NULL PRIMARY KEY, V VARCHAR);
UPSERT INTO FDWPHX.UTSKEY VALUES (CAST(TO_TIMESTAMP('2024-03-01 10:11:12.345') AS UNSIGNED_TIMESTAMP), 'u');
UPSERT INTO FDWPHX.UTSKEY VALUES (CAST(TO_TIMESTAMP('1970-01-01 00:00:00.001') AS UNSIGNED_TIMESTAMP), 'first ms');
CREATE TABLE IF NOT EXISTS FDWPHX.MIXKEY (B BOOLEAN NOT NULL, T TINYINT NOT NULL,
  U UNSIGNED_TINYINT NOT NULL, D DECIMAL NOT NULL, TS TIMESTAMP NOT NULL, V VARCHAR
  CONSTRAINT PK PRIMARY KEY (B, T DESC, U, D DESC, TS DESC));
UPSERT INTO FDWPHX.MIXKEY VALUES (TRUE, 5, 127, 1.5, TO_TIMESTAMP('2024-03-01 10:11:12.345'), 'a');
UPSERT INTO FDWPHX.MIXKEY VALUES (TRUE, 5, 127, 1.505, TO_TIMESTAMP('2024-03-01 10:11:12.345'), 'b');
UPSERT INTO FDWPHX.MIXKEY VALUES (TRUE, 5, 127, 1.5, TO_TIMESTAMP('2024-03-01 10:11:12.346'), 'c');
UPSERT INTO FDWPHX.MIXKEY VALUES (TRUE, -128, 0, -2.5, TO_TIMESTAMP('1969-12-31 23:59:59.999'), 'd');
UPSERT INTO FDWPHX.MIXKEY VALUES (FALSE, 127, 1, 0, TO_TIMESTAMP('2000-01-01 00:00:00'), 'e');
UPSERT INTO FDWPHX.MIXKEY VALUES (FALSE, 5, 0, -0.001, TO_TIMESTAMP('2000-01-01 00:00:00'), NULL);
CREATE TABLE IF NOT EXISTS FDWPHX.FAMS (K INTEGER NOT NULL PRIMARY KEY, A.X VARCHAR, B.Y BIGINT);
UPSERT INTO FDWPHX.FAMS VALUES (1, 'one', 10);
UPSERT INTO FDWPHX.FAMS VALUES (2, NULL, 20);
CREATE TABLE IF NOT EXISTS FDWPHX.ONEBYTE (K CHAR(3) NOT NULL PRIMARY KEY, V VARCHAR)
  COLUMN_ENCODED_BYTES=1;
UPSERT INTO FDWPHX.ONEBYTE VALUES ('ab', 'padded');
UPSERT INTO FDWPHX.ONEBYTE VALUES ('xyz', 'full');
CREATE VIEW IF NOT EXISTS FDWPHX.PLAIN_VIEW AS SELECT * FROM FDWPHX.PLAIN;
CREATE TABLE IF NOT EXISTS FDWPHX.IMM (K VARCHAR PRIMARY KEY, A INTEGER, B VARCHAR,
  C DECIMAL, D DATE, E DOUBLE, X.G VARCHAR, X.H BIGINT) IMMUTABLE_ROWS=true;
UPSERT INTO FDWPHX.IMM VALUES ('r1', 7, 'hello', 1.5, TO_DATE('2024-03-01 10:11:12.345'), 1.25, 'gee', -9);
UPSERT INTO FDWPHX.IMM (K, B) VALUES ('r2', 'only b');
UPSERT INTO FDWPHX.IMM (K, A, E, H) VALUES ('r3', -1, -0.5, 42);
UPSERT INTO FDWPHX.IMM (K, B, G) VALUES ('r4', LPAD('y', 40000, 'x'), 'int offsets');
ALTER TABLE FDWPHX.IMM ADD IF NOT EXISTS F VARCHAR;
UPSERT INTO FDWPHX.IMM (K, A, F) VALUES ('r5', 5, 'added later');
CREATE TABLE IF NOT EXISTS FDWPHX.IMM3 (K VARCHAR PRIMARY KEY, A INTEGER, B VARCHAR, X.G BIGINT)
  IMMUTABLE_ROWS=true, COLUMN_ENCODED_BYTES=3;
UPSERT INTO FDWPHX.IMM3 VALUES ('r1', 7, 'three', -9);
UPSERT INTO FDWPHX.IMM3 (K, B) VALUES ('r2', 'only b');
CREATE TABLE IF NOT EXISTS FDWPHX.IMM4 (K VARCHAR PRIMARY KEY, A INTEGER, B VARCHAR, X.G BIGINT)
  IMMUTABLE_ROWS=true, COLUMN_ENCODED_BYTES=4;
UPSERT INTO FDWPHX.IMM4 VALUES ('r1', 8, 'four', 2147483648);
UPSERT INTO FDWPHX.IMM4 (K, G) VALUES ('r2', -1);
CREATE TABLE IF NOT EXISTS FDWPHX.ENC4 (K VARCHAR PRIMARY KEY, A INTEGER, B VARCHAR)
  COLUMN_ENCODED_BYTES=4;
UPSERT INTO FDWPHX.ENC4 VALUES ('r1', 9, 'cell each');
CREATE TABLE IF NOT EXISTS FDWPHX.DECS (K VARCHAR PRIMARY KEY, D DECIMAL);
UPSERT INTO FDWPHX.DECS VALUES ('phoenix', 0.000000000000000000000000000000000000001);
"""


def main(hb):
    hb.create_table("fdw_phoenix", ["p"])
    rows = oracle_rows()
    hb.put_pairs("fdw_phoenix", [r for r in rows if "p:text" not in r[1]])
    # keys of PRIMARY KEY (d DECIMAL, id INTEGER), Phoenix's bytes (PhoenixOracle.decimalKey)
    hb.create_table("fdw_phxdeckey", ["p"])
    hb.put_pairs("fdw_phxdeckey", [r for r in rows if "p:text" in r[1]])
    phoenix_sql(phoenix_reset() + PHOENIX_DDL + record_hashes())
    # a DECIMAL cell of 1e-128 in the format (exponent byte 0x81, digit pair 01 + 1), which
    # Phoenix's reader, casting the scale to a byte, reads as another number
    hb.put_pairs("FDWPHX.DECS", [(b"wrapped", {b"0:\x00\x00\x00\x00": b"x",
                                               b"0:\x80\x0b": b"\x81\x02"})])
    # cells of Phoenix's SINGLE_CELL_ARRAY_WITH_OFFSETS form, built here from its format
    hb.create_table("fdw_phxcell", ["0"])
    hb.put_pairs("fdw_phxcell", [
        (b"short", {"0:1": single_cell([b"x", b"\x80\x00\x00\x07", None, b"abc", b""])}),
        (b"int", {"0:1": single_cell([b"x", None, b"\x80\x00\x00\x08", b"z" * 10], wide=True)}),
        (b"fewer", {"0:1": single_cell([b"x", b"\x80\x00\x00\x09"])}),
        (b"old", {"0:1": b"x\x80\x00\x00\x07\x00\x00\x00\x01\x00\x00\x00\x01\x00\x00\x00\x02\x02"}),
        (b"bad", {"0:1": b"\x00\x00\x00\x00\x7f\xff\xff\xff\x00\x00\x00\x01\x03"}),
    ])
    hb.put_pairs("fdw_phxcell", [(b"fuzz%03d" % i, {"0:1": c}) for i, c in enumerate(fuzz_cells())])


def fuzz_cells(n=400):
    """cells near the format: valid ones, then bytes of every kind in the offsets and trailer"""
    rng = random.Random(7)
    out = []
    for i in range(n):
        vals = [bytes(rng.randrange(256) for _ in range(rng.choice([0, 1, 2, 5])))
                if rng.random() < 0.8 else None for _ in range(rng.randint(1, 5))]
        b = bytearray(single_cell(vals, wide=rng.random() < 0.3))
        for _ in range(rng.choice([0, 0, 1, 2, 3])):
            b[rng.randrange(len(b))] = rng.choice([0, 1, 0x7f, 0x80, 0xff, rng.randrange(256)])
        if rng.random() < 0.1:
            b = b[:rng.randrange(len(b) + 1)]
        out.append(bytes(b))
    return out


def element(cell, i):
    """element i of a SINGLE_CELL_ARRAY_WITH_OFFSETS cell, written here from the format
    independently of phoenix.c: bytes, None (null, empty or absent) or "bad" """
    if len(cell) < 9 or cell[-1] != 3:
        return "bad"
    at_idx, count = struct.unpack(">ii", cell[-9:-1])
    w = 4 if count < 0 else 2
    count = abs(count)
    if at_idx < 0 or at_idx > len(cell) - 9 or count * w != len(cell) - 9 - at_idx:
        return "bad"
    offs = [struct.unpack(">i" if w == 4 else ">h", cell[at_idx + w * k:at_idx + w * k + w])[0]
            for k in range(count)]
    if i >= count:
        return None
    if offs[i] < 0:
        return None
    nxt = abs(offs[i + 1]) if i + 1 < count else at_idx
    if offs[i] > nxt or nxt > at_idx:
        return "bad"
    return cell[offs[i]:nxt] or None


def fuzz_summary():
    """what sql/phoenix_import.sql's fuzz check must print: rows read, rows refused, and the
    md5 of the elements 1-4 of the rows read (hex, '-' for NULL, ',' between, ';' after)"""
    ok, bad, text = 0, 0, ""
    for i, c in enumerate(fuzz_cells()):
        els = [element(c, k) for k in range(1, 5)]
        if "bad" in els:
            bad += 1
            continue
        ok += 1
        text += ",".join("-" if e is None else e.hex() for e in els) + ";"
    return ok, bad, hashlib.md5(text.encode()).hexdigest()


def single_cell(values, wide=False):
    """Phoenix's SINGLE_CELL_ARRAY_WITH_OFFSETS cell (array serialization version 3): the
    values' bytes, one offset per value (shorts, or ints with a negated count; a null's offset
    negated), the offsets' offset, the count, the version byte"""
    data, offsets = b"", []
    for v in values:
        offsets.append(-len(data) if v is None else len(data))
        data += v or b""
    fmt = ">i" if wide else ">h"
    tail = b"".join(struct.pack(fmt, o) for o in offsets)
    count = -len(values) if wide else len(values)
    return data + tail + struct.pack(">ii", len(data), count) + b"\x03"


def ddl_statements():
    """PHOENIX_DDL's statements, each ending with ';' at the end of a line"""
    out, cur = [], []
    for line in PHOENIX_DDL.strip().splitlines():
        cur.append(line)
        if line.rstrip().endswith(";"):
            out.append("\n".join(cur))
            cur = []
    return out


def table_hashes():
    """table -> a hash of the CREATE TABLE that makes it"""
    out = {}
    for st in ddl_statements():
        m = re.match(r"CREATE TABLE IF NOT EXISTS FDWPHX\.(\w+)", st)
        if m:
            out[m.group(1)] = hashlib.sha1(st.encode()).hexdigest()[:16]
    return out


def phoenix_reset():
    """statements that make schema FDWPHX hold only what PHOENIX_DDL writes, however this
    HBase was left by another checkout's tests: a table or view it does not make is dropped,
    a table made by another CREATE TABLE (FDWPHX_META.DDL keeps a hash of the one that made
    it) is dropped to be made again, and the others are emptied before the UPSERTs"""
    made = set(re.findall(r"CREATE (?:TABLE|VIEW) IF NOT EXISTS FDWPHX\.(\w+)", PHOENIX_DDL))
    want = table_hashes()
    rows = phoenix_sql("CREATE TABLE IF NOT EXISTS FDWPHX_META.DDL (K VARCHAR PRIMARY KEY, "
                       "H VARCHAR);\nSELECT 'hash', K, H FROM FDWPHX_META.DDL;\n"
                       "SELECT DISTINCT 'table', TABLE_NAME, TABLE_TYPE FROM SYSTEM.CATALOG "
                       "WHERE TABLE_SCHEM = 'FDWPHX' AND COLUMN_NAME IS NULL "
                       "AND COLUMN_FAMILY IS NULL;\n")
    found = [(n, t) for what, n, t in rows if what == "table"]
    have = {n: h for what, n, h in rows if what == "hash"}
    stale = [n for n, t in found if t == "u" and (n not in made or have.get(n) != want.get(n))]
    stmts = ["DROP VIEW FDWPHX.%s;" % n for n, t in found if t == "v" and n not in made]
    stmts += ["DROP TABLE FDWPHX.%s CASCADE;" % n for n in stale]
    stmts += ["DELETE FROM FDWPHX.%s;" % n for n, t in found if t == "u" and n not in stale]
    return "".join(s + "\n" for s in stmts)


def record_hashes():
    return "".join("UPSERT INTO FDWPHX_META.DDL VALUES ('%s', '%s');\n" % kv
                   for kv in sorted(table_hashes().items()))


if __name__ == "__main__":
    if sys.argv[1:] == ["sql"]:
        for r in phoenix_sql(sys.stdin.read()):
            print(" | ".join("NULL" if v is None else v for v in r))
    else:
        raise SystemExit(__doc__)
