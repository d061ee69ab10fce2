#!/usr/bin/env python3
"""tests/write_difftest.py - a differential test of hbase_fdw's WRITES, HBase read back raw.

    python3 tests/write_difftest.py [--seed N] [--statements N] [--tables N] [--long]
                                    [--db DB] [--prefix P] [--out DIR] [--json FILE] [--quiet]

Where tests/difftest.py compares thousands of reads and checks its writes through hbase_fdw
itself, this test is about which rows a write touches (issue 51), and checks every statement
against HBase as the REST gateway returns it, decoded here:

  * tables: rowkey layouts of tests/difftest.py's generator (gen_table: every kind of part,
    salts, hashes, optional groups, a raw :key column on some), its rows and keys computed by
    its Python encoder (never the C codec), plus cells of this test's own: id (a row's number,
    never written), n (int4, the target of overflows), vc (varchar(6): too-long values), c (a
    counter every statement with an injected error increments), tg (what triggers write);
    a local PostgreSQL copy of each table, and a local table of join keys (PREFIX_N_src);
  * statements, drawn from --seed: UPDATE / DELETE by the read generator's WHERE (direct by
    Get and multiget, or row by row through a scan), UPDATE ... FROM / DELETE ... USING a
    VALUES list, a local table or (UPDATE) a subquery of the foreign table's keys, joined on
    key columns with rows that match twice, each in a plan shape forced by enable_hashjoin /
    mergejoin / nestloop / memoize / material (hash, merge, nested loops with the foreign table
    inner (parameterized scans), inner under Memoize or Material, outer (an index on the local
    table), hbase_fdw's batched join), pushdown on or off; re-INSERTs of deleted rows;
    BEFORE ROW UPDATE triggers that change NEW columns not in SET, BEFORE ROW DELETE triggers
    that skip rows, BEFORE ROW INSERT triggers (the same plpgsql functions on both tables);
    references to ctid (must be refused with 0A000 and change nothing); and statements with an
    error injected for one row the statement selects (1/(id - K), a cast of bad text, a value
    too long for varchar(6), an int4 overflow; in SET or WHERE);
  * after each statement the HBase table is read back RAW through REST (tests/hbase_rest.py)
    and decoded here (the key must be one the table was written with; each cell decoded from
    its own bytes) and compared with the local table: the same rows, the same values; the
    statement's count and RETURNING rows must be the local one's;
  * an injected error must fail the statement on both sides; HBase may then hold some of the
    statement's rows written: each row that changed must be one the statement selects (the
    statement without the error, run on the local copy and rolled back, says which and how)
    and hold exactly the values it would have been given (deleted, for a DELETE), and the
    error must say how many rows stand ("N rows of this statement had been written") when
    some do. The local copy is then made what HBase holds (from the raw read, not through
    hbase_fdw). An error of both sides that nobody injected (a natural overflow) is checked
    the same way, without the expected set.

Why a file of its own, not more of tests/difftest.py's WriteGen: difftest runs its writes as
batches in psql sessions and compares them inside PostgreSQL through hbase_fdw; this test
needs a raw HBase read (Python) between statements, plans forced per statement, per-row error
injection chosen from what the local copy selects, and resynchronisation from HBase. It
imports difftest.py's table, layout, row and value code unchanged.

A short mode (default: 600 statements on 12 tables, about a minute: scripts/test runs it) and
--long (2,400 statements on 40 tables, about 5 minutes). It prints a summary line

    write-difftest seed S: N statements (R refused, E errors injected, X natural errors), M mismatches, ...

and each mismatch with its class, statement, plan, settings and differences. Exit 1 on any
mismatch. Kinds of statement can be left out while their class is being fixed (never in CI):
WRITE_DIFFTEST_SKIP=ctid,trigger,inject,dup (ctid references, trigger modes, injected errors,
rows matching twice).
"""
import argparse
import json
import os
import random
import re
import select
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import difftest as D  # noqa: E402
import hbase_rest  # noqa: E402

SKIP = set(s for s in os.environ.get("WRITE_DIFFTEST_SKIP", "").split(",") if s)

# cells of this test's own, after difftest's v1 (text) and v2 (int8, binary or text)
EXTRA = [("id", "int4", "integer"), ("n", "int4", "integer"), ("vc", "varchar", "varchar(6)"),
         ("c", "int4", "integer"), ("tg", "text", "text")]
INT4_MAX = 2**31 - 1

# plan shapes of a join, by the planner's switches (set per statement)
OFF3 = {"enable_hashjoin": "off", "enable_mergejoin": "off", "enable_nestloop": "off"}
SHAPES = [
    ("default", {}),
    ("hash", {"enable_hashjoin": "on", "enable_mergejoin": "off", "enable_nestloop": "off"}),
    ("merge", {"enable_hashjoin": "off", "enable_mergejoin": "on", "enable_nestloop": "off"}),
    ("nestloop", {"enable_hashjoin": "off", "enable_mergejoin": "off", "enable_nestloop": "on",
                  "enable_memoize": "off", "enable_material": "off"}),
    ("nestloop+memoize", {"enable_hashjoin": "off", "enable_mergejoin": "off",
                          "enable_nestloop": "on", "enable_memoize": "on",
                          "enable_material": "off"}),
    ("nestloop+material", {"enable_hashjoin": "off", "enable_mergejoin": "off",
                           "enable_nestloop": "on", "enable_memoize": "off",
                           "enable_material": "on"}),
    # with the local table as source: its index makes it the inner side, the foreign table outer
    ("nestloop-foreign-outer", {"enable_hashjoin": "off", "enable_mergejoin": "off",
                                "enable_nestloop": "on", "enable_memoize": "off",
                                "enable_material": "off", "enable_seqscan": "off",
                                "enable_bitmapscan": "off"}),
    # a nested loop only, joined on the whole key: the foreign table inner, a Get by the
    # outer row's key (parameterized), read again for a row that matches twice
    ("nestloop-param-get", {"enable_hashjoin": "off", "enable_mergejoin": "off",
                            "enable_nestloop": "on", "enable_memoize": "off",
                            "enable_material": "off"}),
    # every join switch off: the planner takes the least disabled plan (no batched join under
    # UPDATE/DELETE, docs/joins.md)
    ("joins-off", dict(OFF3)),
]

# SET expressions of this test's cells (and difftest's v1, v2): they read the row
SETS = {
    "v1": ["v1 || 'x'", "upper(v1)", "'w'", "NULL", "coalesce(v1, '') || 'y'", "left(v1, 3)"],
    "v2": ["v2 + 1", "v2 - 2", "7", "NULL", "coalesce(v2, 0) - 1", "length(coalesce(v1, ''))"],
    # n * 1000, vc || 'abc': fine once on most rows, an error when evaluated twice on a row
    "n": ["n + 1", "n * 2", "(n % 1000) + 3", "NULL", "7", "coalesce(n, 0) - 5", "-n",
          "n * 1000"],
    "vc": ["left(coalesce(vc, '') || 'ab', 6)", "'q'", "NULL", "upper(vc)", "''",
           "coalesce(vc, '') || 'abc'"],
    "tg": ["'s'", "NULL", "coalesce(tg, '') || 's'"],
}

SQL_FUNCTIONS = r"""
-- one statement: its count, its RETURNING rows (sorted), or its error with detail and context
CREATE FUNCTION dt.run(q text, ret bool) RETURNS jsonb LANGUAGE plpgsql AS $f$
DECLARE
  rec record;
  n bigint := 0;
  r text[] := '{}';
  st text; msg text; det text; ctx text;
BEGIN
  IF ret THEN
    FOR rec IN EXECUTE q LOOP
      r := r || to_jsonb(rec)::text;
      n := n + 1;
    END LOOP;
  ELSE
    EXECUTE q;
    GET DIAGNOSTICS n = ROW_COUNT;
  END IF;
  RETURN jsonb_build_object('n', n, 'r', (SELECT coalesce(array_agg(x ORDER BY x COLLATE "C"), '{}') FROM unnest(r) x));
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL,
                          ctx = PG_EXCEPTION_CONTEXT;
  RETURN jsonb_build_object('e', jsonb_build_object('state', st, 'msg', msg, 'detail', det,
                                                    'context', ctx));
END $f$;

-- the rows a statement (with RETURNING the target's whole row, as j) gives, then undone
CREATE FUNCTION dt.expect(q text) RETURNS jsonb LANGUAGE plpgsql AS $f$
DECLARE
  out jsonb := '[]';
  rec record;
BEGIN
  BEGIN
    FOR rec IN EXECUTE q LOOP
      out := out || jsonb_build_array(rec.j);
    END LOOP;
    RAISE EXCEPTION USING ERRCODE = 'P0100', MESSAGE = 'undo';
  EXCEPTION WHEN SQLSTATE 'P0100' THEN
    RETURN out;
  END;
EXCEPTION WHEN OTHERS THEN
  RETURN jsonb_build_object('error', SQLSTATE || ': ' || SQLERRM);
END $f$;

CREATE FUNCTION dt.plan(q text) RETURNS jsonb LANGUAGE plpgsql AS $f$
DECLARE
  p json;
BEGIN
  EXECUTE 'EXPLAIN (COSTS OFF, VERBOSE, FORMAT JSON) ' || q INTO p;
  RETURN p::jsonb;
EXCEPTION WHEN OTHERS THEN
  RETURN jsonb_build_object('error', SQLSTATE || ': ' || SQLERRM);
END $f$;

-- a statement on the foreign table and on the local one, under the same settings (planner
-- switches, trigger mode wd.trg), after the prelude pre (the join keys' local table); clean:
-- the statement without its injected error, on the local table, undone: what it would do
CREATE FUNCTION dt.step(tab text, pre text, fq text, lq text, ret bool, gucs text[],
                        trg text, clean text) RETURNS jsonb LANGUAGE plpgsql AS $f$
DECLARE
  i int;
  res jsonb := '{}';
BEGIN
  IF pre IS NOT NULL THEN
    EXECUTE pre;
  END IF;
  FOR i IN 1 .. coalesce(array_length(gucs, 1), 0) / 2 LOOP
    PERFORM set_config(gucs[2 * i - 1], gucs[2 * i], true);
  END LOOP;
  PERFORM set_config('wd.trg', trg, true);
  IF fq IS NOT NULL THEN
    res := res || jsonb_build_object('plan', dt.plan(fq));
    res := res || jsonb_build_object('f', dt.run(fq, ret));
  END IF;
  IF clean IS NOT NULL THEN
    res := res || jsonb_build_object('expect', dt.expect(clean));
  END IF;
  IF lq IS NOT NULL THEN
    res := res || jsonb_build_object('l', dt.run(lq, ret));
  END IF;
  RETURN res;
END $f$;

CREATE FUNCTION dt.local_rows(tab text) RETURNS jsonb LANGUAGE plpgsql AS $f$
DECLARE
  r jsonb;
BEGIN
  EXECUTE format('SELECT coalesce(jsonb_agg(to_jsonb(x)), ''[]'') FROM dt.%I x', tab || '_l') INTO r;
  RETURN r;
END $f$;

-- triggers, the same on the foreign table and its local copy, each doing something only when
-- the statement's mode (wd.trg) names it
CREATE FUNCTION dt.trg_u() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  m text := coalesce(current_setting('wd.trg', true), '');
BEGIN
  IF m LIKE '%u%' THEN
    NEW.tg := right(coalesce(OLD.tg, '') || 'u', 10);
  END IF;
  IF m LIKE '%n%' THEN
    NEW.n := coalesce(NEW.n, 0) % 100000 + 1;
  END IF;
  RETURN NEW;
END $f$;

CREATE FUNCTION dt.trg_d() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  IF coalesce(current_setting('wd.trg', true), '') LIKE '%d%' AND OLD.id % 3 = 0 THEN
    RETURN NULL;
  END IF;
  RETURN OLD;
END $f$;

CREATE FUNCTION dt.trg_i() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  IF coalesce(current_setting('wd.trg', true), '') LIKE '%i%' THEN
    NEW.tg := 'i';
  END IF;
  RETURN NEW;
END $f$;
"""


# ------------------------------------------------------------------ a psql session

class Session:
    """one long psql session: statements in, their one-line answers out"""
    MARK = "__write_difftest_end__"

    def __init__(self, db, stall):
        self.stall = stall
        self.p = subprocess.Popen(["psql", "-X", "-q", "-At", "-d", db, "-v", "ON_ERROR_STOP=0"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT)
        self.buf = b""
        self.run("SET client_min_messages = warning; SET timezone = 'UTC'; "
                 "SET datestyle = 'ISO, YMD'; SET extra_float_digits = 1; "
                 "SET statement_timeout = '120s';")

    def run(self, sql):
        """-> the lines the session printed (results and errors)"""
        self.p.stdin.write(sql.encode() + b"\n\\echo " + self.MARK.encode() + b"\n")
        self.p.stdin.flush()
        lines = []
        deadline = time.time() + self.stall
        while True:
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                text = line.decode("utf-8", "replace")
                if text == self.MARK:
                    return lines
                lines.append(text)
            r, _, _ = select.select([self.p.stdout], [], [], max(1, deadline - time.time()))
            if not r:
                if time.time() > deadline:
                    self.p.kill()
                    raise SystemExit("write-difftest: no answer from psql within %d s (stopped)%s"
                                     % (self.stall, D.hbase_health()))
                continue
            chunk = os.read(self.p.stdout.fileno(), 1 << 20)
            if not chunk:
                raise SystemExit("write-difftest: psql ended: %s" % "\n".join(lines)[-2000:])
            self.buf += chunk

    def json(self, sql):
        lines = self.run(sql)
        for line in lines:
            if line.startswith("{") or line.startswith("["):
                return json.loads(line)
        raise RuntimeError("no JSON answer to %s: %s" % (sql[:300], "\n".join(lines)[-2000:]))

    def close(self):
        try:
            self.p.stdin.close()
            self.p.wait(30)
        except (OSError, subprocess.TimeoutExpired):
            self.p.kill()


# ------------------------------------------------------------------ tables

def make_table(seed, idx):
    """difftest's generated layout and rows, with this test's cells; None when unsuitable"""
    t = D.gen_table(seed, idx)
    if t.expect != "ok" or not D.writable(t) or "s1" in t.kinds:
        return None
    for c in ("v3", "v4", "v5", "v6", "v7"):
        if c in t.kinds:
            del t.kinds[c]
            t.decl.pop(c, None)
            t.quals.pop(c, None)
    t.cells = [x for x in t.cells if x[0] in t.kinds]
    if t.quals.get("v1") == b"":
        del t.quals["v1"]       # d: (no qualifier): an UPDATE reading the row is refused there
    if not D.gen_rows(t):
        return None
    rng = random.Random("%s/%d/writediff" % (seed, idx))
    for c, kind, decl in EXTRA:
        t.kinds[c] = kind
        t.decl[c] = decl
        t.collate_c[c] = True
        t.cells.append((c, kind, "text"))
    for i, row in enumerate(t.rows):
        row["id"] = i
        row["n"] = rng.choice([None, 0, 1, 5, -3, rng.randint(0, 999), rng.randint(0, 999),
                               INT4_MAX - 500, rng.randint(2148, 2147483)])
        row["vc"] = rng.choice([None, "", "ab", "abcdef", "é日", "x"])
        row["c"] = 0
        row["tg"] = None
    t.keymap = {k: i for i, k in enumerate(t.keys)}
    # BEFORE ROW triggers on half the tables: a table with one never takes a direct
    # modification (PostgreSQL plans row by row then), so the others do
    t.triggers = rng.random() < 0.5
    return t


def cell_cols(t):
    return [c for c, _, _ in t.cells]


def qualifier(t, c):
    return b"d:" + t.quals.get(c, c.encode())


class Undecodable(Exception):
    pass


def decode_cell(kind, enc, b):
    """a cell's bytes as the value PostgreSQL would show (this test's own decoder)"""
    cls = D.TYPES[kind][1]
    if cls == "int":
        if enc == "binary":
            if len(b) != 8:
                raise Undecodable("%d bytes for a binary bigint" % len(b))
            return struct.unpack(">q", b)[0]
        try:
            return int(b.decode("ascii"))
        except (UnicodeDecodeError, ValueError):
            raise Undecodable("not an integer: %r" % b)
    try:
        return b.decode("utf-8")
    except UnicodeDecodeError:
        raise Undecodable("not UTF-8: %r" % b)


def raw_state(hb, t):
    """the HBase table read through REST, decoded here -> ({id: {col: value}}, problems)"""
    rows = D.retry(hb.scan, t.name)
    out, problems = {}, []
    quals = {qualifier(t, c): (c, kind, enc) for c, kind, enc in t.cells}
    for r in rows:
        i = t.keymap.get(r["key"])
        if i is None:
            problems.append(("unknown key", r["key"], r["cells"]))
            continue
        vals = {c: None for c in cell_cols(t)}
        for qual, b in r["cells"].items():
            if qual == b"d:m":
                continue
            if qual not in quals:
                problems.append(("unknown cell %r" % qual, r["key"], r["cells"]))
                continue
            c, kind, enc = quals[qual]
            try:
                vals[c] = decode_cell(kind, enc, b)
            except Undecodable as e:
                problems.append(("undecodable %s: %s" % (c, e), r["key"], r["cells"]))
        out[i] = vals
    return out, problems


def local_state(t, rows):
    out = {}
    for r in rows:
        out[r["id"]] = {c: r.get(c) for c in cell_cols(t)}
    return out


def resync_sql(t, state):
    """the local copy made what HBase holds (state: the raw read, decoded here)"""
    cols = t.all_cols()
    vals = []
    for i in sorted(state):
        row = t.rows[i]
        v = []
        for c in cols:
            if c == "rk":
                v.append("'\\x%s'::bytea" % t.keys[i].hex())
            elif c in t.keycols:
                v.append(D.lit(t.kinds[c], row[c]))
            elif c == "vc":
                x = state[i][c]
                v.append("NULL" if x is None else D.q(x) + "::varchar(6)")
            else:
                v.append(D.lit(t.kinds[c], state[i][c]))
        vals.append("(" + ", ".join(v) + ")")
    sql = "DELETE FROM dt.%s_l;" % t.name
    if vals:
        sql += " INSERT INTO dt.%s_l (%s) VALUES %s;" % (t.name, ", ".join(cols), ", ".join(vals))
    return sql


def row_diffs(raw, local, before, limit=8):
    """{id: {column: [HBase, local, before]}} of the rows that differ (MISSING: no row)"""
    out = {}
    for i in sorted(set(raw) | set(local)):
        a, b = raw.get(i), local.get(i)
        if a == b:
            continue
        p = before.get(i)
        if a is None or b is None:
            out[i] = "HBase %s, local %s, before %s" % (
                "MISSING" if a is None else "present", "MISSING" if b is None else "present",
                "MISSING" if p is None else "present")
        else:
            out[i] = {c: [a[c], b[c], p[c] if p else "MISSING"] for c in a if a[c] != b[c]}
        if len(out) >= limit:
            out["..."] = "%d rows in all" % sum(1 for j in set(raw) | set(local) if raw.get(j) != local.get(j))
            break
    return out


def diff_rows(a, b):
    """rows of a that b does not hold as they are, and the other way"""
    only_a = {i: a[i] for i in a if a[i] != b.get(i)}
    only_b = {i: b[i] for i in b if b[i] != a.get(i)}
    return only_a, only_b


# ------------------------------------------------------------------ statements

class Stmt:
    def __init__(self, **kw):
        self.kind = kw.pop("kind")
        self.fq = kw.pop("fq")
        self.lq = kw.pop("lq", None)
        self.clean = kw.pop("clean", None)     # the local statement without its error
        self.ret = kw.pop("ret", False)
        self.shape = kw.pop("shape", "default")
        self.gucs = kw.pop("gucs", {})
        self.trg = kw.pop("trg", "")
        self.pre = kw.pop("pre", None)
        self.dup = kw.pop("dup", False)        # rows may match twice
        self.inject = kw.pop("inject", None)   # (how, K)
        self.op = kw.pop("op", "")             # UPDATE / DELETE / INSERT / ctid
        assert not kw, kw


class Gen:
    def __init__(self, t, rng):
        self.t = t
        self.rng = rng
        self.g = D.QueryGen(t, rng)
        self.setcols = [c for c in ("v1", "v2", "n", "vc", "tg") if c in t.kinds]

    def ft(self):
        return "dt." + self.t.name

    def both(self, sql):
        t = self.t
        return sql.replace("{T}", "dt." + t.name), sql.replace("{T}", "dt.%s_l" % t.name)

    def sets(self, avoid=()):
        rng = self.rng
        cols = [c for c in self.setcols if c not in avoid]
        chosen = rng.sample(cols, rng.randint(1, min(3, len(cols))))
        return [(c, rng.choice(SETS[c])) for c in chosen]

    def key_source(self, state, allow_self=True, whole=False):
        """-> (FROM item with alias v, join condition, prelude, kind, rows may match twice)"""
        rng = self.rng
        t = self.t
        n = len(t.keycols) if whole else rng.randint(1, len(t.keycols))
        cols = t.keycols[:n] if rng.random() < 0.8 else rng.sample(t.keycols, n)
        live = [t.rows[i] for i in state] or t.rows
        rows = []
        for _ in range(rng.randint(1, 5)):
            r = rng.choice(live)
            rows.append([r[c] if rng.random() < 0.9 else self.g.value(c) for c in cols])
        for _ in range(rng.choice([0, 1, 1, 2, 3]) if "dup" not in SKIP else 0):
            rows.insert(rng.randrange(len(rows) + 1), rng.choice(rows))   # a match twice
        dup = len(set(map(repr, rows))) < len(rows)     # a target row may match twice
        # the live rows the source matches (Python's equality: near enough to choose a SET)
        self.matched = [i for i in state if any(
            all(x is not None and t.rows[i][c] == x for c, x in zip(cols, row)) for row in rows)]
        on = " AND ".join("f.%s = v.w_%s" % (c, c) for c in cols)
        how = rng.choice(["values", "values", "table", "table", "self"] if allow_self and "dup" not in SKIP
                         else ["values", "table", "table"])
        if how == "values":
            src = "(VALUES %s) v(%s)" % (", ".join(
                "(%s)" % ", ".join(D.lit(t.kinds[c], x) for c, x in zip(cols, row)) for row in rows),
                ", ".join("w_" + c for c in cols))
            return src, on, None, how, dup
        if how == "table":
            allc = t.keycols
            vals = []
            for row in rows:
                full = dict(zip(cols, row))
                vals.append("(%s)" % ", ".join(D.lit(t.kinds[c], full.get(c)) for c in allc))
            # sometimes many rows that match nothing (NULL keys): the planner then hashes or
            # sorts the foreign table's side, or makes it the outer one
            pad = rng.choice([0, 0, 0, 300, 3000])
            pre = "DELETE FROM dt.%s_src; INSERT INTO dt.%s_src VALUES %s;%s ANALYZE dt.%s_src;" % (
                t.name, t.name, ", ".join(vals),
                " INSERT INTO dt.%s_src SELECT FROM generate_series(1, %d);" % (t.name, pad)
                if pad else "", t.name)
            return "dt.%s_src v" % t.name, on, pre, how, dup
        # a subquery of the foreign table's (or the local copy's) own keys, by key conditions
        # only: HBase has no snapshot, so a subquery rescanned after this statement changed
        # cells would see the new values where PostgreSQL sees the old (not what is tested)
        w = "WHERE " + self.g.atom(rng.choice(t.keycols)) if rng.random() < 0.7 else ""
        src = "(SELECT %s FROM {T} %s) v" % (", ".join("%s AS w_%s" % (c, c) for c in cols), w)
        self.matched = None
        return src, on, None, how, True

    def by_key(self, state):
        """WHERE every key column of some live rows (a direct modification by Get or
        multiget unless a trigger or a SET reading another table forbids it)"""
        rng = self.rng
        t = self.t
        rows = [t.rows[i] for i in rng.sample(sorted(state), min(len(state), rng.choice([1, 1, 2, 3])))]
        if not rows:
            return ""

        def one(r):
            return " AND ".join("%s IS NULL" % c if r[c] is None else
                                "%s = %s" % (c, D.lit(t.kinds[c], r[c])) for c in t.keycols)
        if len(t.keycols) == 1 and all(r[t.keycols[0]] is not None for r in rows):
            c = t.keycols[0]
            return "WHERE %s IN (%s)" % (c, ", ".join(D.lit(t.kinds[c], r[c]) for r in rows))
        return "WHERE " + " OR ".join("(%s)" % one(r) for r in rows)

    def where_extra(self):
        w = self.g.where() if self.rng.random() < 0.35 else ""
        return " AND (%s)" % w[6:] if w else ""

    def trigger_mode(self, op):
        rng = self.rng
        if not self.t.triggers or rng.random() > 0.6 or "trigger" in SKIP:
            return ""
        if op == "UPDATE":
            return rng.choice(["u", "u", "un"])
        if op == "DELETE":
            return "d"
        return "i"

    def statement(self, state):
        rng = self.rng
        r = rng.random()
        if r < 0.10 and "ctid" not in SKIP:
            return self.ctid_stmt(state)
        if 0.10 <= r < 0.28 and "inject" not in SKIP:
            return self.injected(state)
        if r < 0.32 and len(state) < len(self.t.rows):
            return self.reinsert(state)
        return self.plain(state)

    def build(self, op, state, sets=None, allow_self=True, twice=False):
        """-> (statement text with {T}, shape, gucs, pre, dup)"""
        rng = self.rng
        ret = rng.random() < 0.35
        join = rng.random() < 0.65
        shape, gucs, pre, dup = "default", {}, None, False
        if join:
            shape, gucs = rng.choice(SHAPES)
            gucs = dict(gucs)
            src, on, pre, how, dup = self.key_source(state, allow_self=allow_self and op == "UPDATE",
                                                     whole=shape == "nestloop-param-get")
            if twice and op == "UPDATE" and dup and self.matched and rng.random() < 0.5:
                # a SET that fails when evaluated again on the row as this statement wrote it
                # (a nested loop reading the foreign table again for its second match), fine
                # on the row as first read: PostgreSQL evaluates it on that one only
                ns = [state[i]["n"] for i in self.matched]
                vs = [state[i]["vc"] for i in self.matched]
                if all(x is not None and 2148 <= abs(x) <= 2147483 for x in ns):
                    sets = [x for x in sets if x[0] != "n"] + [("n", "n * 1000")]
                elif all(x is not None and 1 <= len(x) <= 3 for x in vs):
                    sets = [x for x in sets if x[0] != "vc"] + [("vc", "vc || 'abc'")]
            if op == "UPDATE":
                sql = "UPDATE {T} f SET %s FROM %s WHERE %s%s" % (
                    ", ".join("%s = %s" % s for s in sets), src, on, self.where_extra())
            else:
                sql = "DELETE FROM {T} f USING %s WHERE %s%s" % (src, on, self.where_extra())
            shape += " [%s]" % how
            tail = " RETURNING f.*"
        else:
            w = self.by_key(state) if rng.random() < 0.45 else self.g.where()
            w = "WHERE (%s)" % w[6:] if w else ""
            if op == "UPDATE":
                sql = "UPDATE {T} f SET %s %s" % (", ".join("%s = %s" % s for s in sets), w)
            else:
                sql = "DELETE FROM {T} f %s" % w
            tail = " RETURNING *"
        if rng.random() < 0.3:
            gucs["hbase_fdw.enable_pushdown"] = "off"
        return sql, tail if ret else "", ret, shape, gucs, pre, dup

    def plain(self, state):
        op = "UPDATE" if self.rng.random() < 0.7 else "DELETE"
        sets = self.sets() if op == "UPDATE" else None
        sql, tail, ret, shape, gucs, pre, dup = self.build(op, state, sets, twice=True)
        fq, lq = self.both(sql + tail)
        return Stmt(kind="plain", op=op, fq=fq, lq=lq, ret=ret, shape=shape, gucs=gucs,
                    trg=self.trigger_mode(op), pre=pre, dup=dup)

    def reinsert(self, state):
        t = self.t
        gone = [i for i in range(len(t.rows)) if i not in state]
        ids = self.rng.sample(gone, min(len(gone), self.rng.randint(1, 3)))
        cols = t.all_cols()
        vals = []
        for i in ids:
            row = t.rows[i]
            vals.append("(%s)" % ", ".join(
                "'\\x%s'::bytea" % t.keys[i].hex() if c == "rk" else D.lit(t.kinds[c], row[c])
                for c in cols))
        ret = self.rng.random() < 0.3
        fq, lq = self.both("INSERT INTO {T} (%s) VALUES %s%s" % (
            ", ".join(cols), ", ".join(vals), " RETURNING *" if ret else ""))
        return Stmt(kind="insert", op="INSERT", fq=fq, lq=lq, ret=ret, trg=self.trigger_mode("INSERT"))

    def ctid_stmt(self, state):
        rng = self.rng
        t = self.t
        kc = t.keycols
        n = rng.randint(1, 3)
        w = self.g.where()
        forms = [
            "DELETE FROM {T} WHERE ctid IN (SELECT ctid FROM {T} ORDER BY %s LIMIT %d)" % (
                ", ".join(kc), n),
            "UPDATE {T} SET c = c + 1 WHERE ctid = ANY(ARRAY(SELECT ctid FROM {T} %s LIMIT %d))" % (w, n),
            "DELETE FROM {T} a USING {T} b WHERE a.%s = b.%s AND a.ctid < b.ctid" % (kc[0], kc[0]),
            "UPDATE {T} a SET n = 0 FROM {T} b WHERE a.%s = b.%s AND a.ctid <> b.ctid" % (kc[0], kc[0]),
            "SELECT ctid, * FROM {T} %s" % w,
            "SELECT count(DISTINCT ctid) FROM {T}",
            "DELETE FROM {T} %s RETURNING ctid" % w,
            "UPDATE {T} SET c = c + 1 WHERE ctid = '(0,1)'",
            "DELETE FROM {T} WHERE ctid = (SELECT min(ctid) FROM {T})",
        ]
        sql = rng.choice(forms)
        fq, _ = self.both(sql)
        return Stmt(kind="ctid", op="ctid", fq=fq, ret=sql.startswith("SELECT") or "RETURNING" in sql)

    def injected(self, state):
        """a statement with an error for one row it selects (K chosen later, from the local
        copy): -> Stmt whose fq/lq hold {K}, clean the statement without the error"""
        rng = self.rng
        op = "UPDATE" if rng.random() < 0.75 else "DELETE"
        how = rng.choice(["div", "cast", "varchar", "overflow"] if op == "UPDATE"
                         else ["div", "cast"])
        sets = None
        if op == "UPDATE":
            sets = self.sets(avoid=("n", "vc")) + [("c", "c + 1")]
            if how == "div":
                sets.append(("n", "n + 1 + 0 / (id - {K})") if rng.random() < 0.5 else
                            ("n", "n + 1"))
            elif how == "cast":
                sets.append(("n", "n + ('0' || CASE WHEN id = {K} THEN 'x' ELSE '' END)::int"))
            elif how == "varchar":
                sets.append(("vc", "'v' || CASE WHEN id = {K} THEN 'toolong!' ELSE '' END"))
            else:
                sets.append(("n", "coalesce(n, 1) + CASE WHEN id = {K} THEN 2147483647 ELSE 1 END"))
        sql, tail, ret, shape, gucs, pre, dup = self.build(op, state, sets)
        clean = sql
        if op == "UPDATE" and how == "div" and "0 / (id - {K})" not in sql:
            # the error in WHERE instead of SET
            sql += " AND 1 / (id - {K}) IS NOT NULL" if " WHERE " in sql else " WHERE 1 / (id - {K}) IS NOT NULL"
        elif op == "DELETE":
            cond = "1 / (id - {K}) IS NOT NULL" if how == "div" else \
                "('0' || CASE WHEN id = {K} THEN 'x' ELSE '' END)::int = 0"
            sql += (" AND " if " WHERE " in sql else " WHERE ") + cond
        # the same statement without the error (the local copy, rolled back): what it does
        clean = clean.replace(" + 0 / (id - {K})", "")
        clean = clean.replace("('0' || CASE WHEN id = {K} THEN 'x' ELSE '' END)::int", "0")
        clean = clean.replace("'v' || CASE WHEN id = {K} THEN 'toolong!' ELSE '' END", "'v'")
        clean = clean.replace("CASE WHEN id = {K} THEN 2147483647 ELSE 1 END", "1")
        clean_l = clean.replace("{T}", "dt.%s_l" % self.t.name) + " RETURNING to_jsonb(f) AS j"
        fq, lq = self.both(sql + tail)
        return Stmt(kind="inject", op=op, fq=fq, lq=lq, clean=clean_l, ret=ret, shape=shape,
                    gucs=gucs, trg=self.trigger_mode(op), pre=pre, dup=dup, inject=(how, None))


# ------------------------------------------------------------------ plans

def plan_shape(plan, tname):
    """how the plan reaches the target foreign table: the joins above its scan, each with the
    side it is on, Memoize/Material between, and its HBase operation"""
    if not isinstance(plan, list):
        return "(no plan: %s)" % (plan or {}).get("error", "?")
    path = []

    def walk(node, trail):
        nt = node.get("Node Type")
        if nt == "Foreign Scan" and node.get("Relation Name") == tname and \
                node.get("Operation") in (None, "Select"):
            path.extend(trail + [("scan", node.get("HBase Operation", ""), node.get("Parent Relationship"))])
            return True
        if nt == "Custom Scan" and node.get("Custom Plan Provider", "").startswith("HBase"):
            if tname in json.dumps(node.get("HBase Table", "")) or tname in json.dumps(node):
                path.extend(trail + [("batched", node.get("HBase Operation", ""), None)])
                return True
        for ch in node.get("Plans", []):
            if walk(ch, trail + [(nt, ch.get("Parent Relationship"))]):
                return True
        if nt == "Foreign Update" or nt == "Foreign Delete":
            return False
        return False

    top = plan[0]["Plan"]
    if top.get("Operation") == "Insert":
        return "insert"
    if top.get("Node Type") in ("ModifyTable",) and top.get("Operation") and \
            "Foreign" in json.dumps(top.get("Plans", [{}])[0].get("Node Type", "")) and \
            top["Plans"][0].get("Operation") in ("Update", "Delete"):
        return "direct (%s)" % re.sub(r" of .*| \(.*", "", top["Plans"][0].get("HBase Write", "?"))
    if not walk(top, []):
        return "(target not found)"
    parts = []
    for step in path:
        if step[0] in ("Hash Join", "Merge Join", "Nested Loop"):
            parts.append("%s/%s" % (step[0], "foreign " + (step[1] or "?").lower()))
        elif step[0] in ("Memoize", "Material", "Hash", "Sort"):
            parts.append(step[0])
        elif step[0] == "scan":
            op = step[1] or ""
            parts.append("scan " + re.sub(r"[0-9]+", "N", op.split(" (")[0]))
        elif step[0] == "batched":
            parts.append("HBase Batched Join")
    return " > ".join(parts) or "?"


# ------------------------------------------------------------------ running

WRITTEN_RE = re.compile(r"(\d+) rows? of this statement had been written")


def stated_count(e):
    text = " ".join(x or "" for x in (e.get("msg"), e.get("detail"), e.get("context")))
    m = WRITTEN_RE.search(text)
    if m:
        return int(m.group(1))
    return None


def err_text(e):
    if not e:
        return None
    return "%s: %s%s%s" % (e["state"], e["msg"], " DETAIL: " + e["detail"] if e.get("detail") else "",
                           " CONTEXT: " + e["context"].replace("\n", " | ") if e.get("context") else "")


class Runner:
    def __init__(self, args, hb, sess, log):
        self.args = args
        self.hb = hb
        self.s = sess
        self.log = log
        self.mismatches = []
        self.counts = {"statements": 0, "refused": 0, "injected": 0, "natural errors": 0,
                       "restocks": 0, "ok": 0, "injected rows standing": 0,
                       "ctid proven empty": 0}
        self.shapes = {}
        self.kinds = {}

    def mismatch(self, t, st, cls, detail):
        self.mismatches.append({"table": t.name, "layout": t.layout_text, "class": cls,
                                "kind": st.kind, "statement": st.fq, "local": st.lq,
                                "shape": st.shape, "gucs": st.gucs, "trigger": st.trg,
                                "pre": st.pre, "detail": detail})

    def resync(self, t, state):
        self.s.run(resync_sql(t, state))

    def run_table(self, t, n):
        rng = random.Random("%s/%d/wstmts" % (self.args.seed, t.idx))
        gen = Gen(t, rng)
        state = {i: {c: t.rows[i][c] for c in cell_cols(t)} for i in range(len(t.rows))}
        done = tries = 0
        while done < n and tries < n * 4:
            tries += 1
            if len(state) < max(2, 0.4 * len(t.rows)):
                self.restock(t, state)
                state = self.current(t)
            st = gen.statement(state)
            if st.kind == "inject":
                # K: a row the statement selects; another statement when it selects none
                st = self.pick_k(t, st, state, rng)
                if st is None:
                    continue
            state = self.one(t, st, state)
            done += 1
            self.counts["statements"] += 1
            self.kinds[st.kind + " " + st.op] = self.kinds.get(st.kind + " " + st.op, 0) + 1

    def current(self, t):
        raw, problems = raw_state(self.hb, t)
        return raw

    def restock(self, t, state):
        """the rows deleted so far written again (their first values), raw, and the copy"""
        missing = [i for i in range(len(t.rows)) if i not in state]
        rows = D.hbase_rows(t)
        D.retry(self.hb.put_rows, t.name, [rows[i] for i in missing])
        raw, _ = raw_state(self.hb, t)
        self.resync(t, raw)
        self.counts["restocks"] += 1

    def pick_k(self, t, st, state, rng):
        """K: a row the statement (without its error) selects, that the error hits"""
        how = st.inject[0]
        clean = st.clean.replace("{K}", "-1")
        res = self.s.json("SELECT dt.step(%s, %s, NULL, NULL, false, %s, %s, %s);" % (
            D.q(t.name), D.dollar(st.pre) if st.pre else "NULL", gucs_array(st.gucs),
            D.q(st.trg), D.dollar(clean)))
        exp = res.get("expect")
        if not isinstance(exp, list) or not exp:
            return None
        ids = [j["id"] for j in exp]
        if how == "overflow":
            # the row's n must make coalesce(n, 1) + 2147483647 overflow
            ids = [i for i in ids if i in state and (state[i]["n"] is None or state[i]["n"] >= 1)]
        if not ids:
            return None
        k = rng.choice(ids)
        st.inject = (how, k)
        st.fq = st.fq.replace("{K}", str(k))
        st.lq = st.lq.replace("{K}", str(k))
        st.clean = st.clean.replace("{K}", str(k))
        return st

    def one(self, t, st, before):
        """runs a statement both ways, reads HBase raw, compares; -> the state after"""
        res = self.s.json("SELECT dt.step(%s, %s, %s, %s, %s, %s, %s, %s);" % (
            D.q(t.name), D.dollar(st.pre) if st.pre else "NULL", D.dollar(st.fq),
            D.dollar(st.lq) if st.lq else "NULL", "true" if st.ret else "false",
            gucs_array(st.gucs), D.q(st.trg), D.dollar(st.clean) if st.clean else "NULL"))
        local = local_state(t, self.s.json("SELECT dt.local_rows(%s);" % D.q(t.name)))
        raw, problems = raw_state(self.hb, t)
        shape = plan_shape(res.get("plan"), t.name)
        if st.kind != "ctid":
            key = "%s %s: %s" % (st.op, st.shape.split(" [")[0], shape)
            self.shapes[key] = self.shapes.get(key, 0) + 1
        st.plan_shape = shape
        f = res.get("f", {})
        loc = res.get("l", {})
        fe, le = f.get("e"), loc.get("e")
        detail = {"plan": shape, "foreign error": err_text(fe), "local error": err_text(le)}
        if problems:
            detail["raw problems"] = [(p, D.hexkey(k), {D.qual_text(q): D.hexkey(v) for q, v in c.items()})
                                      for p, k, c in problems[:5]]
            for p, k, _ in problems:
                if p == "unknown key":
                    D.retry(self.hb.delete_row, t.name, k)
            self.mismatch(t, st, "raw: " + problems[0][0].split(":")[0], detail)
            self.resync(t, raw)
            return raw

        if st.kind == "ctid":
            changed_a, changed_b = diff_rows(raw, before)
            if fe and fe["state"] == "0A000" and not changed_a and not changed_b:
                self.counts["refused"] += 1
                return before
            # a statement the planner proved empty (WHERE false, n = NULL) never reaches
            # hbase_fdw: it reads and changes nothing, and its plan scans no HBase table
            if not fe and not changed_a and not changed_b and not (f.get("n") or f.get("r")) \
                    and "Foreign" not in json.dumps(res.get("plan")) \
                    and "HBase" not in json.dumps(res.get("plan")):
                self.counts["ctid proven empty"] += 1
                return before
            detail["rows changed in HBase"] = {"now": changed_a, "before": {
                i: before[i] for i in changed_b}}
            detail["foreign result"] = {"n": f.get("n"), "rows": (f.get("r") or [])[:5]}
            cls = "ctid accepted" if not fe else "ctid refused with %s" % fe["state"]
            if changed_a or changed_b:
                cls += ", rows changed"
            self.mismatch(t, st, cls, detail)
            self.resync(t, raw)
            return raw

        if st.kind == "inject":
            self.counts["injected"] += 1
            return self.check_error(t, st, before, raw, local, fe, le, res.get("expect"), detail)

        if fe and le:
            self.counts["natural errors"] += 1
            return self.check_error(t, st, before, raw, local, fe, le, None, detail)
        if fe or le:
            self.mismatch(t, st, "%s error on one side only (%s)%s" % (
                st.op, "foreign %s" % fe["state"] if fe else "local %s" % le["state"],
                " (rows matched twice, %s)" % st.plan_shape if st.dup and fe and
                fe["state"] in ("22003", "22001") else ""), detail)
            self.resync(t, raw)
            return raw
        bad = []
        if f.get("n") != loc.get("n"):
            bad.append("count")
            detail["count"] = {"foreign": f.get("n"), "local": loc.get("n")}
        if st.ret and f.get("r") != loc.get("r"):
            bad.append("RETURNING")
            detail["returning only foreign"] = [x for x in f.get("r", []) if x not in loc.get("r", [])][:5]
            detail["returning only local"] = [x for x in loc.get("r", []) if x not in f.get("r", [])][:5]
        if raw != local:
            bad.append("rows in HBase")
            detail["rows that differ (column: HBase, local copy, before)"] = row_diffs(raw, local, before)
        if bad:
            self.mismatch(t, st, self.classify(st, bad, raw, local, before), detail)
            self.resync(t, raw)
            return raw
        self.counts["ok"] += 1
        return raw

    def classify(self, st, bad, raw, local, before):
        cls = "wrong " + "+".join(bad)
        a, b = diff_rows(raw, local)
        cols = set()
        for i in set(a) | set(b):
            if i in a and i in b:
                cols |= {c for c in a[i] if a[i][c] != b[i][c]}
        if st.trg and cols and cols <= {"tg", "n"} and st.op == "UPDATE":
            cls += " (trigger's NEW." + "/".join(sorted(cols)) + " not written)"
        elif st.dup and st.op == "UPDATE":
            cls += " (rows matched twice, %s)" % st.shape
        return "%s %s" % (st.op, cls)

    def check_error(self, t, st, before, raw, local, fe, le, expect, detail):
        """an error midway: HBase holds a part of what the statement selects, each row as the
        statement would have written it, and the error says how many"""
        bad = []
        if not fe:
            bad.append("injected error not raised on the foreign table")
        if not le:
            bad.append("the local copy did not fail (generator)")
        changed = {}
        for i in set(before) | set(raw):
            if before.get(i) != raw.get(i):
                changed[i] = raw.get(i)
        detail["rows changed in HBase"] = {i: {"before": before.get(i), "now": changed[i]}
                                           for i in list(changed)[:6]}
        if isinstance(expect, list):
            exp = {j["id"]: {c: j.get(c) for c in cell_cols(t)} for j in expect}
            other = set()
            for i, now in changed.items():
                if i not in exp:
                    bad.append("row id %d changed, not selected" % i)
                elif st.op == "DELETE" and now is not None:
                    bad.append("row id %d changed, not deleted" % i)
                elif st.op == "UPDATE" and now != exp[i]:
                    other |= {c for c in exp[i] if now is None or now[c] != exp[i][c]}
                    detail.setdefault("expected", {})[i] = exp[i]
            if other and st.trg and other <= {"tg", "n"}:
                bad.append("rows written without the trigger's NEW.%s" % "/".join(sorted(other)))
            elif other:
                bad.append("rows written with other values (%s)%s" % (
                    ", ".join(sorted(other)), " (rows matched twice)" if st.dup else ""))
            if st.inject and st.inject[1] in changed:
                bad.append("the failing row was written")
        elif expect is not None:
            detail["expect"] = expect
        if fe and changed:
            stated = stated_count(fe)
            if stated is None:
                bad.append("the error does not say rows stand")
            elif stated < len(changed) or (stated > len(changed) and st.kind == "inject"):
                # a natural error's statement may have written rows the values they had: then
                # more rows stand than changed (an injected one always changes c)
                bad.append("the error says %d rows stand, %d changed%s" % (
                    stated, len(changed), " (rows matched twice)" if st.dup else ""))
            if st.kind == "inject":
                self.counts["injected rows standing"] += len(changed)
        elif fe and not changed:
            stated = stated_count(fe)
            # as above: a natural error's rows may stand with the values they had (seed 4:
            # SET n = n * 1000, vc = upper(vc) rewrote n = 0, vc = '' before an overflow)
            if stated and st.kind == "inject":
                bad.append("the error says %d rows stand, none changed" % stated)
        if bad:
            cls = "%s error midway: %s" % (st.op, "; ".join(sorted(set(
                re.sub(r"id \d+", "id N", re.sub(r"\d+ rows", "N rows", re.sub(r"\d+ changed", "N changed", b)))
                for b in bad))))
            detail["problems"] = bad
            self.mismatch(t, st, cls, detail)
        if raw != local:
            self.resync(t, raw)
        return raw


def gucs_array(g):
    items = []
    for k, v in g.items():
        items += [k, v]
    return D.sql_array(items) if items else "NULL::text[]"


def report(m):
    lines = ["=" * 78, "MISMATCH [%s] on %s (%s)" % (m["class"], m["table"], m["kind"]),
             "layout:    %s" % m["layout"],
             "statement: %s" % m["statement"]]
    if m["pre"]:
        lines.append("prelude:   %s" % m["pre"])
    lines.append("settings:  %s%s; plan: %s" % (
        ", ".join("%s=%s" % kv for kv in m["gucs"].items()) or "(defaults)",
        ", trigger mode %r" % m["trigger"] if m["trigger"] else "", m["detail"].get("plan")))
    for k, v in m["detail"].items():
        if k == "plan" or v is None:
            continue
        lines.append("%s: %s" % (k, json.dumps(v, ensure_ascii=False, default=str)[:1500]))
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--statements", type=int, help="write statements in all (default 600, "
                    "--long 2400)")
    ap.add_argument("--tables", type=int, help="tables (default 12, --long 40)")
    ap.add_argument("--long", action="store_true", help="the long mode: 2,400 statements")
    ap.add_argument("--db", default="hbase_write_difftest")
    ap.add_argument("--prefix", default="wd", help="HBase tables PREFIX_N (dropped first)")
    ap.add_argument("--out", help="directory for the mismatch reports")
    ap.add_argument("--json", help="write the summary and mismatches here")
    ap.add_argument("--stall", type=int, default=180, help="fail when psql gives no answer "
                    "within this many seconds")
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    nstmt = args.statements or (2400 if args.long else 600)
    ntables = args.tables or (40 if args.long else 12)
    D.DB, D.PREFIX = args.db, args.prefix
    # hbase_fdw's server has no namespace: the harness writes into the default one too
    os.environ.pop("HBASE_TEST_NAMESPACE", None)
    log = (lambda *a: None) if args.quiet else (lambda *a: print(*a, file=sys.stderr, flush=True))
    t0 = time.time()
    url = hbase_rest.default_url()
    hb = hbase_rest.Client(url)

    # tables: draw layouts until ntables usable ones
    tables, idx = [], 0
    while len(tables) < ntables and idx < ntables * 6:
        t = make_table(args.seed, idx)
        idx += 1
        if t is not None:
            tables.append(t)
    D.ensure_db()
    setup = ["SET client_min_messages = warning;",
             "DROP EXTENSION IF EXISTS hbase_fdw CASCADE;", "CREATE EXTENSION hbase_fdw;",
             "DROP SCHEMA IF EXISTS dt CASCADE;", "CREATE SCHEMA dt;",
             # re-INSERTs of several rows go as concurrent PUTs of one row each
             # (write_concurrency: several batches in flight)
             "CREATE SERVER dt_hbase FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url %s, "
             "batch_size '1', write_concurrency '4');" % D.q(url),
             "CREATE TABLE dt.accepted (idx int, err text);"]
    for t in tables:
        setup.append("DO $do$ BEGIN EXECUTE %s; INSERT INTO dt.accepted VALUES (%d, NULL); "
                     "EXCEPTION WHEN OTHERS THEN INSERT INTO dt.accepted VALUES (%d, SQLERRM); "
                     "END $do$;" % (D.dollar(t.create_foreign()), t.idx, t.idx))
    setup.append("\\pset format unaligned\n\\pset tuples_only on\n"
                 "SELECT row_to_json(a) FROM dt.accepted a;")
    res = D.psql(["-v", "ON_ERROR_STOP=1"], "\n".join(setup))
    verdict = {}
    for line in res.stdout.decode().splitlines():
        if line.startswith("{"):
            a = json.loads(line)
            verdict[a["idx"]] = a["err"]
    usable = [t for t in tables if verdict.get(t.idx, "x") is None]
    if not usable:
        raise SystemExit("write-difftest: no table accepted: %s" % verdict)
    old = [n for n in D.retry(hb.tables) if n.startswith(args.prefix + "_")]
    for n in old:
        D.retry(hb.drop_table, n)
    for t in usable:
        D.retry(hb.create_table, t.name, ["d"])
        D.retry(hb.put_rows, t.name, D.hbase_rows(t))
    setup = ["SET client_min_messages = warning;", "SET timezone = 'UTC';",
             "SET datestyle = 'ISO, YMD';", SQL_FUNCTIONS]
    for t in tables:
        if t not in usable and verdict.get(t.idx, "x") is None:
            setup.append("DROP FOREIGN TABLE dt.%s;" % t.name)
    for t in usable:
        setup.append(t.create_local())
        setup.append(D.local_insert(t))
        setup.append("CREATE TABLE dt.%s_src (%s);" % (t.name, ", ".join(
            "w_%s %s" % (c, t.decl[c]) for c in t.keycols)))
        setup.append("CREATE INDEX ON dt.%s_src (%s);" % (t.name, ", ".join(
            "w_" + c for c in t.keycols)))
        for tab in ("dt." + t.name, "dt.%s_l" % t.name) if t.triggers else ():
            setup.append("CREATE TRIGGER wd_u BEFORE UPDATE ON %s FOR EACH ROW EXECUTE FUNCTION dt.trg_u();" % tab)
            setup.append("CREATE TRIGGER wd_d BEFORE DELETE ON %s FOR EACH ROW EXECUTE FUNCTION dt.trg_d();" % tab)
            setup.append("CREATE TRIGGER wd_i BEFORE INSERT ON %s FOR EACH ROW EXECUTE FUNCTION dt.trg_i();" % tab)
    D.psql(["-v", "ON_ERROR_STOP=1"], "\n".join(setup))
    log("write-difftest seed %d: %d tables (%d layouts drawn, %d rejected), %d rows; %.1fs to set up"
        % (args.seed, len(usable), idx, len(tables) - len(usable),
           sum(len(t.rows) for t in usable), time.time() - t0))

    sess = Session(args.db, args.stall)
    runner = Runner(args, hb, sess, log)
    per = [nstmt // len(usable) + (1 if i < nstmt % len(usable) else 0) for i in range(len(usable))]
    for t, n in zip(usable, per):
        before = len(runner.mismatches)
        runner.run_table(t, n)
        log("  %s: %d statements, %d mismatches (%s)" % (t.name, n, len(runner.mismatches) - before,
                                                         t.layout_text))
    sess.close()

    # report
    out_dir = args.out or tempfile.mkdtemp(prefix="write_difftest-%d-" % args.seed)
    os.makedirs(out_dir, exist_ok=True)
    classes = {}
    for m in runner.mismatches:
        classes.setdefault(m["class"], []).append(m)
    with open(os.path.join(out_dir, "mismatches.txt"), "w", encoding="utf-8") as f:
        for m in runner.mismatches:
            f.write(report(m) + "\n")
    shown = 0
    for cls, ms in sorted(classes.items(), key=lambda kv: -len(kv[1])):
        # the shortest statement of each class
        m = min(ms, key=lambda x: len(x["statement"]) + len(x["pre"] or ""))
        print(report(m))
        shown += 1
    print("extension: " + D.build_identity())
    print("plan shapes (statement kind, forced shape: how the plan reached the foreign table):")
    for k, v in sorted(runner.shapes.items()):
        print("  %4d  %s" % (v, k))
    print("statements: " + ", ".join("%s %d" % kv for kv in sorted(runner.kinds.items())))
    if classes:
        print("mismatch classes:")
        for cls, ms in sorted(classes.items(), key=lambda kv: -len(kv[1])):
            print("  %4d  %s" % (len(ms), cls))
    c = runner.counts
    print("write-difftest seed %d: %d statements (%d refused, %d ctid proven empty by the planner, "
          "%d errors injected, %d natural errors, %d rows standing after injected errors, %d "
          "restocks), %d mismatches in %d classes, %d tables; %.0fs%s" % (
              args.seed, c["statements"], c["refused"], c["ctid proven empty"], c["injected"],
              c["natural errors"], c["injected rows standing"], c["restocks"],
              len(runner.mismatches), len(classes),
              len(usable), time.time() - t0,
              "; reports in " + out_dir if runner.mismatches else ""))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"seed": args.seed, "counts": c, "shapes": runner.shapes,
                       "classes": {k: len(v) for k, v in classes.items()},
                       "mismatches": runner.mismatches, "build": D.build_identity()}, f,
                      indent=1, default=str)
    if not args.keep:
        for t in usable:
            D.retry(hb.drop_table, t.name)
        D.psql(["-c", "DROP SCHEMA dt CASCADE"], check=False)
    return 1 if runner.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
