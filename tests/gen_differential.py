#!/usr/bin/env python3
"""tests/gen_differential.py - writes the differential pushdown test sql/differential.sql.

    python3 tests/gen_differential.py > sql/differential.sql

The generated file is committed, so the regression test does not need Python. It:

  * creates LOCAL temp tables (loc_*) holding the same rows as the lay_* HBase fixtures. The
    rows come from the fixture DEFINITIONS in tests/fixtures_layouts.py (the key column values
    from its lists, the cells and the rowkeys from its row functions), never from the FDW;
    It also makes a few foreign tables WITHOUT a layout (diff_raw_*: the raw ':key' column,
    bytea, text or varchar, is then the whole key) over the same HBase tables, dropped at the end;
  * lists about 600 SELECTs over the foreign tables of sql/layouts.sql (same names, same
    columns) and those: per table the whole table once, every edge value of every key column
    (Table.extra: -0, a negated NaN, infinity, sub-millisecond times, empty strings, values
    wider than their part, ...) once in an equality and once in a range under equalities on
    the key columns before it, then random queries with predicates on key columns at every
    depth (=, IN with duplicates and NULLs, ranges, BETWEEN [SYMMETRIC], LIKE prefixes and
    suffixes, IS [NOT] NULL, NULL constants, cross-type values, casts and expressions that
    must not be pushed, <>, ORs, non-key columns, ORDER BY the raw key with LIMIT, IN lists
    over the 1000-key limit, joins whose keys are computed at execution), and per table
    JOIN_QUERIES joins on the whole key (batched key joins: inner, left, semi, anti, with
    duplicate, NULL, missing and edge key values);
  * runs each query three ways: on the foreign table with pushdown on, with
    SET LOCAL hbase_fdw.enable_pushdown = off, and on the local table, and compares the
    results as multisets; every difference (or an error in one of the runs) is reported with
    the query text, and the summary rows give the number of queries, of queries whose EXPLAIN
    (pushdown on) shows an HBase operation other than a full scan, and of mismatches.

Output is deterministic: a fixed seed, no set iteration, no time-dependent values.
"""
import datetime
import math
import os
import random
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fixtures_layouts as F  # noqa: E402

SEED = 20250611
UTC = F.UTC

# ------------------------------------------------------------------ literals

INT_KINDS = ("int", "bigint")
PGTYPE = {"int": "int", "bigint": "bigint", "text": "text", "numeric": "numeric",
          "date": "date", "ts": "timestamptz", "tsl": "timestamp", "float": "float8",
          "bytea": "bytea", "varchar": "varchar"}


def q(text):
    return "'" + text.replace("'", "''") + "'"


def fmt_ts(dt):
    """naive UTC datetime -> '2024-06-24 23:45:31.123' (microseconds when needed)"""
    text = "%04d-%02d-%02d %02d:%02d:%02d" % (dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second)
    if dt.microsecond:
        text += (".%06d" % dt.microsecond).rstrip("0")
    return text


NEG_NAN = -float("nan")  # the sign bit set, like -('NaN'::float8) in PostgreSQL


def fmt_float(d):
    if math.isnan(d):
        return "NaN"
    if math.isinf(d):
        return "Infinity" if d > 0 else "-Infinity"
    if d == 0 and math.copysign(1, d) < 0:
        return "-0"
    return repr(d)


def lit(kind, v):
    """an exact literal of a column's own type (used for the local rows too)"""
    if v is None:
        return "NULL"
    if kind in INT_KINDS:
        return str(v)
    if kind in ("text", "varchar"):
        return q(v)
    if kind == "numeric":
        return v
    if kind == "date":
        if isinstance(v, str):
            return q(v)
        return q(v.isoformat())
    if kind == "ts":
        if isinstance(v, str):  # 'infinity'
            return q(v)
        return q(fmt_ts(v) + "+00")
    if kind == "tsl":
        if isinstance(v, str):
            return q(v)
        return q(fmt_ts(v))
    if kind == "float":
        if math.isnan(v) and math.copysign(1, v) < 0:
            return "(-'NaN'::float8)"  # PostgreSQL keeps the sign bit of a negated NaN
        return q(fmt_float(v))
    if kind == "bytea":
        return q("\\x" + v.hex())
    raise ValueError(kind)


def special(kind, v):
    """'infinity' and friends: a value of a date or timestamp column held as text"""
    return kind in ("date", "ts", "tsl") and isinstance(v, str)


def typed(kind, v):
    """the literal with an explicit type"""
    if v is None:
        return "NULL::" + PGTYPE[kind]
    if kind == "float" and math.isnan(v) and math.copysign(1, v) < 0:
        return lit(kind, v)
    text = lit(kind, v)
    if text.startswith("-"):
        text = "(" + text + ")"
    return text + "::" + PGTYPE[kind]


# ------------------------------------------------------------------ the local rows

def naive(text):
    return datetime.datetime.fromisoformat(text)


def dec_long(b):
    return struct.unpack(">q", b)[0]


def dec_int(b):
    return struct.unpack(">i", b)[0]


def dec_text(b):
    return b.decode("utf-8")


class Table:
    def __init__(self, name, cols, keys, optional=(), extra=None, create=None):
        """cols: [(name, kind)] in the foreign table's order (the raw key first); keys: the
        key columns in layout order; optional: key columns that may be NULL; extra: per key
        column, values that do not exist (or are odd) to mix into the predicates; create:
        the foreign table's DDL when this test makes it (else it is one of sql/layouts.sql)"""
        self.name = name
        self.local = "loc_" + name.split("_", 1)[1]
        self.create = create
        self.rawkey = cols[0][0]  # unique: ORDER BY it is deterministic
        self.cols = cols
        self.kind = dict(cols)
        self.keys = keys
        self.optional = set(optional)
        self.extra = extra or {}
        self.rows = []  # dicts

    def add(self, rk, keyvals, cells, cellmap):
        """cellmap: column -> (cell name, decoder)"""
        row = {self.rawkey: rk}
        row.update(keyvals)
        for col, (cell, dec) in cellmap.items():
            row[col] = dec(cells[cell.encode()])
        assert set(row) == set(c for c, _ in self.cols), (self.name, row)
        self.rows.append(row)

    def values(self, col):
        """the column's distinct values, in row order"""
        out = []
        for r in self.rows:
            if r[col] not in out and not (isinstance(r[col], float) and math.isnan(r[col])):
                out.append(r[col])
        return out


def cells_of(rows):
    return [(k, {(c.encode() if isinstance(c, str) else c): v for c, v in cells.items()})
            for k, cells in rows]


def build_tables():
    T = {}

    t = Table("lay_s1", [("rk", "bytea"), ("item_id", "text"), ("name", "text"),
                         ("price", "numeric")], ["item_id"],
              extra={"item_id": ["4", "item-000", "no such item", "X" * 40]})
    for (item, _, _), (k, c) in zip(F.S1_ITEMS, cells_of(F.s1_rows())):
        t.add(k, {"item_id": item}, c, {"name": ("d:name", dec_text), "price": ("d:price", dec_text)})
    T[t.name] = t

    t = Table("lay_s2", [("rk", "bytea"), ("company_id", "int"), ("stat_date", "date"),
                         ("campaign_id", "int"), ("cost", "numeric"), ("clicks", "bigint"),
                         ("impressions", "bigint")],
              ["company_id", "stat_date", "campaign_id"], optional=["campaign_id"],
              extra={"company_id": [2, 43, 1000000, -42],
                     "stat_date": [datetime.date(2024, 2, 28), datetime.date(2024, 3, 2),
                                   datetime.date(1, 1, 1), "infinity"],
                     "campaign_id": [0, 8, 1000000, -7]})
    keys = [(c, d, camp) for c, d, camp, _, _, _ in F.S2_DETAIL]
    for comp, day, _, _, _, _ in F.S2_DETAIL:  # the total rows, in s2_rows()'s order
        if (comp, day, None) not in keys:
            keys.append((comp, day, None))
    rows = cells_of(F.s2_rows())
    assert len(rows) == len(keys)
    for (comp, day, camp), (k, c) in zip(keys, rows):
        t.add(k, {"company_id": comp, "stat_date": day, "campaign_id": camp}, c,
              {"cost": ("d:cost", dec_text), "clicks": ("d:clicks", dec_long),
               "impressions": ("d:impressions", dec_long)})
    T[t.name] = t

    t = Table("lay_s4", [("rk", "bytea"), ("phone", "text"), ("start_time", "tsl"), ("uid", "text"),
                         ("up_bytes", "bigint"), ("down_bytes", "bigint"), ("apn", "text")],
              ["phone", "start_time", "uid"],
              extra={"phone": ["1860113421", "186011342100", "10086"],
                     "start_time": [naive("2014-06-24 00:00:00.5"), naive("0900-01-01 00:00:00"),
                                    naive("9999-12-31 23:59:59"), "infinity"],
                     "uid": ["f059b84aba2e609", "g000000000000000", "0000000000000001", ""]})
    for (phone, start, uid, _, _, _), (k, c) in zip(F.S4_RECS, cells_of(F.s4_rows())):
        t.add(k, {"phone": phone, "start_time": naive(start), "uid": uid}, c,
              {"up_bytes": ("cf:up_bytes", dec_long), "down_bytes": ("cf:down_bytes", dec_long),
               "apn": ("cf:apn", dec_text)})
    T[t.name] = t

    t = Table("lay_s5", [("rk", "bytea"), ("phone", "text"), ("owner", "text")], ["phone"],
              extra={"phone": ["4210", "1860113421", "01243110681", "+49", "0", ""]})
    for (phone, _), (k, c) in zip(F.S5_PHONES, cells_of(F.s5_rows())):
        t.add(k, {"phone": phone}, c, {"owner": ("cf:owner", dec_text)})
    T[t.name] = t

    for name, binary in (("lay_s6", False), ("lay_s6b", True)):
        t = Table(name, [("rk", "bytea"), ("user_id", "bigint"), ("ts", "ts"), ("action", "text")],
                  ["user_id", "ts"],
                  extra={"user_id": [2, 100, 12345678901, 0, -1],
                         "ts": [naive("1969-12-31 23:59:59.999"), naive("1969-12-31 23:59:59.9995"),
                                naive("1900-01-01 00:00:00"), naive("3000-01-01 00:00:00"),
                                naive("2024-06-24 23:45:31.1235"), "infinity", "-infinity"]})
        for (user, when, _), (k, c) in zip(F.S6_EVENTS, cells_of(F.s6_rows(binary))):
            t.add(k, {"user_id": user, "ts": naive(when)}, c, {"action": ("d:action", dec_text)})
        T[t.name] = t

    t = Table("lay_s7", [("rk", "bytea"), ("uid", "text"), ("ts", "ts"), ("seq", "int"),
                         ("event", "text"), ("value", "bigint")],
              ["uid", "ts", "seq"],
              extra={"uid": ["2", "alic", "123456789", "0", ""],
                     "ts": [naive("1969-12-31 23:59:59.998"), naive("1970-01-01 00:00:00.001"),
                            naive("1970-01-01 00:00:00.0005"), naive("2024-06-24 23:45:31.1235"),
                            "infinity"],
                     "seq": [2, -2, -2147483648, 10]})
    for (uid, when, seq), (k, c) in zip(F.s7_times()[1], cells_of(F.s7_rows())):
        t.add(k, {"uid": uid, "ts": naive(when), "seq": seq}, c,
              {"event": ("d:event", dec_text), "value": ("d:value", dec_long)})
    T[t.name] = t

    t = Table("lay_s8", [("rk", "bytea"), ("id", "bigint"), ("ts", "ts"), ("payload", "text")],
              ["id", "ts"], extra={"id": [8, 9, -2, -9223372036854775808, 12345678900],
                                   "ts": [naive("1969-12-31 23:59:59"), naive("2023-12-31 23:59:59.9995"),
                                          naive("2024-01-01 00:00:00.0005"), "-infinity"]})
    for (i, when), (k, c) in zip(F.S8_IDS, cells_of(F.s8_rows())):
        t.add(k, {"id": i, "ts": naive(when)}, c, {"payload": ("d:payload", dec_text)})
    T[t.name] = t

    t = Table("lay_s9", [("rk", "bytea"), ("user_id", "bigint"), ("mail_id", "bigint"),
                         ("sender", "text"), ("subject", "text")], ["user_id", "mail_id"],
              extra={"user_id": [2, 41, 100000000, -1], "mail_id": [3, 999, 10000000000, -5]})
    for (u, m, _, _), (k, c) in zip(F.S9_MAILS, cells_of(F.s9_rows())):
        t.add(k, {"user_id": u, "mail_id": m}, c,
              {"sender": ("d:from", dec_text), "subject": ("d:subject", dec_text)})
    T[t.name] = t

    t = Table("lay_strsalt", [("rk", "bytea"), ("uid", "text"), ("len", "int")], ["uid"],
              extra={"uid": ["carol", "polygene", "polygenelubricant", "x" * 99]})
    for uid, (k, c) in zip(F.STRSALT_UIDS, cells_of(F.strsalt_rows())):
        t.add(k, {"uid": uid}, c, {"len": ("d:len", dec_int)})
    T[t.name] = t

    t = Table("lay_phx", [("rk", "bytea"), ("id", "int"), ("v", "text")], ["id"],
              extra={"id": [9, 11, 100000000, -1, 99999998]})
    for i, (k, c) in zip(F.PHX_IDS, cells_of(F.phx_rows())):
        t.add(k, {"id": i}, c, {"v": ("cf:v", dec_text)})
    T[t.name] = t

    t = Table("lay_phx2", [("rk", "bytea"), ("name", "text"), ("v", "text")], ["name"],
              extra={"name": ["ab", "Zürch", "ÿ", "z" * 19, "c"]})
    for name, (k, c) in zip(F.PHX2_NAMES, cells_of(F.phx2_rows())):
        t.add(k, {"name": name}, c, {"v": ("cf:v", dec_text)})
    T[t.name] = t

    t = Table("lay_rnd", [("rk", "bytea"), ("name", "text"), ("n", "text")], ["name"],
              extra={"name": ["foo0099", "foo", "bar", "a-foo0001", "-"]})
    for name, (k, c) in zip(F.RND_NAMES, cells_of(F.rnd_rows())):
        t.add(k, {"name": name}, c, {"n": ("cf:n", dec_text)})
    T[t.name] = t

    t = Table("lay_bin", [("rk", "bytea"), ("v", "bigint"), ("d", "float"), ("label", "text")],
              ["v", "d"],
              extra={"v": [2, -2, 999, -9223372036854775807],
                     "d": [-0.0, -0.0, float("nan"), NEG_NAN, 2.5, -1e-300, 1.7976931348623157e308,
                           5e-324 * 2, float("inf"), float("-inf")]})
    for (v, d), (k, c) in zip(F.BIN_VALUES, cells_of(F.bin_rows())):
        t.add(k, {"v": v, "d": d}, c, {"label": ("d:label", dec_text)})
    T[t.name] = t

    t = Table("lay_delim", [("rk", "bytea"), ("region", "text"), ("shop_id", "int"), ("sku", "text"),
                            ("what", "text")], ["region", "shop_id", "sku"], optional=["sku"],
              extra={"region": ["nort", "north-", "south", "north|", "Z"],
                     "shop_id": [2, 100000, -1, 0],
                     "sku": ["A", "A-1000", "kit", "kit|", "|"]})
    for (region, shop, sku, _), (k, c) in zip(F.DELIM_RECS, cells_of(F.delim_rows())):
        t.add(k, {"region": region, "shop_id": shop, "sku": sku}, c, {"what": ("cf:what", dec_text)})
    T[t.name] = t

    # tables without a layout: the raw ':key' column is the whole key (the trivial layout),
    # bytea, text and varchar; made by this test over the same HBase tables
    def raw(name, lay, family, keykind, cols):
        """cols: [(column, kind, binary)]: cells of lay's rows, their values as decoded there"""
        ddl = ("CREATE FOREIGN TABLE %s (k %s OPTIONS (column ':key'), %s)\n"
               "  SERVER hbase OPTIONS (table '%s', family '%s');"
               % (name, PGTYPE[keykind],
                  ", ".join("%s %s%s" % (c, PGTYPE[kind], " OPTIONS (encoding 'binary')" if binary else "")
                            for c, kind, binary in cols), lay, family))
        t = Table(name, [("k", keykind)] + [(c, kind) for c, kind, _ in cols], ["k"], create=ddl)
        for r in T[lay].rows:
            row = {"k": r["rk"] if keykind == "bytea" else r["rk"].decode("utf-8")}
            row.update((c, r[c]) for c, _, _ in cols)
            t.rows.append(row)
        near = sorted(row["k"] for row in t.rows)[len(t.rows) // 2]
        if keykind == "bytea":
            t.extra["k"] = [b"", b"\x00", b"\xff", b"\xff" * 20, near[:1], near[:8], near + b"\x00",
                            near[:-1] + bytes([(near[-1] + 1) % 256])]
        else:
            t.extra["k"] = ["", near[:1], near[:-1], near + "0", "~", "\u00ff", near[:1] + "\U0001F600"]
        T[name] = t

    raw("diff_raw_bin", "lay_bin", "d", "bytea", [("label", "text", False)])
    raw("diff_raw_s7", "lay_s7", "d", "bytea", [("event", "text", False), ("value", "bigint", True)])
    raw("diff_raw_delim", "lay_delim", "cf", "text", [("what", "text", False)])
    raw("diff_raw_s5", "lay_s5", "cf", "varchar", [("owner", "text", False)])

    for t in T.values():
        assert len(set(r[t.rawkey] for r in t.rows)) == len(t.rows), t.name
        assert t.create or F.LAYOUTS[t.name]  # a fixture table of sql/layouts.sql
    return T


# ------------------------------------------------------------------ predicates

class Gen:
    def __init__(self, rng):
        self.r = rng

    def chance(self, p):
        return self.r.random() < p

    def pick(self, seq):
        return seq[self.r.randrange(len(seq))]

    # ---- values

    def perturb(self, kind, v):
        r = self.r
        if v is None or special(kind, v):
            return v
        if kind in INT_KINDS:
            lim = 2**31 if kind == "int" else 2**63
            w = v + self.pick([-1, 1, -2, 2, 10, -10, 1000])
            return max(-lim, min(lim - 1, w))
        if kind == "bytea":
            return self.pick([v + b"\x00", v[:-1], v + b"\xff", v[:1],
                              v[:-1] + bytes([(v[-1] + 1) % 256]) if v else b"\x01"])
        if kind in ("text", "varchar"):
            choice = r.randrange(6)
            if choice == 0:
                return v + "0"
            if choice == 1:
                return v[:-1]
            if choice == 2:
                return v + "~"
            if choice == 3:
                return v[:1]
            if choice == 4:
                return v.upper() if v.upper() != v else v + "A"
            return v + "\u00e9"
        if kind == "date":
            return v + datetime.timedelta(days=self.pick([-1, 1, 2]))
        if kind in ("ts", "tsl"):
            deltas = [datetime.timedelta(microseconds=us) for us in
                      (1, -1, 500, -500, 999, 1000, -1000, 1500)] + \
                     [datetime.timedelta(seconds=1), datetime.timedelta(seconds=-1),
                      datetime.timedelta(days=1), datetime.timedelta(days=-1)]
            if kind == "tsl":
                deltas += [datetime.timedelta(microseconds=500000)]
            return v + self.pick(deltas)
        if kind == "float":
            if math.isinf(v) or math.isnan(v):
                return self.pick([0.0, -0.0, 1e300, float("nan"), NEG_NAN])
            return self.pick([v + 1, v - 1, math.nextafter(v, math.inf), math.nextafter(v, -math.inf),
                              -v, v * 2])
        return v

    def value(self, t, col, existing=0.55):
        """a value for col: mostly one that exists, else an edge value (extra) or a
        perturbed existing one"""
        kind = t.kind[col]
        vals = [v for v in t.values(col) if v is not None]
        if self.chance(existing) or not vals:
            return self.pick(vals) if vals else None
        if t.extra.get(col) and self.chance(0.6):
            return self.pick(t.extra[col])
        return self.perturb(kind, self.pick(vals))

    def render(self, kind, v, cross=True):
        """a literal for v, sometimes with another (compatible) type"""
        if v is None:
            return self.pick(["NULL", typed(kind, None)])
        if not cross or not self.chance(0.35):
            return lit(kind, v)
        if kind in INT_KINDS and self.chance(0.2):
            # a numeric bound: rounded to an exact integer bound
            return "(%d%s)::numeric" % (v, self.pick([".5", ".0", ".001"]))
        if kind == "int":
            return self.pick([typed("bigint", v), "%s::smallint" % ("(%d)" % v if v < 0 else v)
                              if -32768 <= v <= 32767 else typed("bigint", v),
                              "%s" % v, q(str(v))])
        if kind == "bigint":
            return self.pick([typed("int", v) if -2**31 <= v < 2**31 else typed("bigint", v),
                              typed("bigint", v), q(str(v))])
        if kind in ("text", "varchar"):
            return self.pick([typed("text", v), q(v) + "::varchar", q(v) + "::varchar(200)",
                              "(" + q(v) + " COLLATE \"C\")"])
        if kind == "bytea":
            return typed("bytea", v)
        if special(kind, v):
            return self.pick([q(v), typed(kind, v)])
        if kind == "date":
            # and bounds of the other date/time types: midnight or within the day, a
            # timestamptz in some zone, a stable expression evaluated at execution
            return self.pick([typed("date", v), "DATE " + q(v.isoformat()),
                              "timestamp " + q(v.isoformat() + self.pick([" 00:00", " 12:00"])),
                              "timestamptz " + q(v.isoformat() + self.pick([" 00:00+00", " 03:00+05:30",
                                                                            " 23:00-04"])),
                              "(timestamptz %s - interval '1 hour')" % q(v.isoformat() + " 01:00+00")])
        if kind in ("ts", "tsl") and not special(kind, v) and self.chance(0.2):
            return self.pick(["date " + q(v.date().isoformat()),
                              "(date %s + 1)" % q(v.date().isoformat())])
        if kind in ("ts", "tsl"):
            if kind == "ts" and self.chance(0.4):
                # the same instant in another time zone
                hours = self.pick([-8, 3, 14])
                try:
                    return q(fmt_ts(v + datetime.timedelta(hours=hours)) + "%+03d" % hours)
                except OverflowError:
                    return typed(kind, v)
            return self.pick([typed(kind, v), typed("tsl" if kind == "ts" else "ts", v),
                              q(fmt_ts(v) + "Z") if kind == "ts" else q(fmt_ts(v).replace(" ", "T"))])
        if kind == "float":
            if math.isnan(v) or math.isinf(v) or v == 0:
                return typed("float", v)
            return self.pick([typed("float", v), repr(v), "%s::float4" % ("(" + repr(v) + ")" if v < 0 else repr(v))
                              if abs(v) < 1e30 and abs(v) > 1e-30 else repr(v)])
        return lit(kind, v)

    # ---- atoms

    def like_pattern(self, v):
        r = self.r
        if v == "":
            return self.pick(["%", "", "_%"])
        n = r.randint(1, max(1, len(v)))
        choice = r.randrange(9)
        if choice <= 2:
            return v[:n].replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        if choice <= 4:
            return "%" + v[-n:].replace("%", "").replace("_", "").replace("\\", "")
        if choice == 5:
            return v
        if choice == 6:
            return v[:n] + "_%"
        if choice == 7:
            return v[:1] + "%" + v[-1:]
        return self.pick(["%", "%%", "_%", "%-%", "%|%", "\\%%", "a%", "%0", "north%", "f%"])

    def key_atom(self, t, col, v=None, kinds=None):
        """a condition on one key column"""
        kind = t.kind[col]
        if v is None:
            v = self.value(t, col)
        ops = kinds or ["eq", "eq", "in", "in", "range", "range", "range", "between", "null",
                        "like", "ne", "nullconst", "commuted", "any"]
        op = self.pick(ops)
        if op == "like" and kind not in ("text", "varchar"):
            op = "range"
        if op == "null" and col not in t.optional and self.chance(0.7):
            op = "eq"
        if special(kind, v) and op == "like":
            op = "eq"
        colref = col
        if kind in ("text", "varchar") and op in ("range", "between") and self.chance(0.6):
            # only comparisons in the C collation narrow a text key
            colref = col + ' COLLATE "C"'
        if op == "eq":
            return "%s = %s" % (col, self.render(kind, v))
        if op == "commuted":
            return "%s %s %s" % (self.render(kind, v), self.pick(["=", "<", "<=", ">", ">="]), colref)
        if op == "in" or op == "any":
            vals = [v] + [self.value(t, col, 0.5) for _ in range(self.r.randint(0, 3))]
            if self.chance(0.3):
                vals.append(v)  # a duplicate
            if self.chance(0.1):
                vals.append(None)
            self.r.shuffle(vals)
            if op == "in":
                return "%s IN (%s)" % (col, ", ".join(self.render(kind, x, cross=False) if x is not None
                                                      else "NULL" for x in vals))
            return "%s = ANY (ARRAY[%s]::%s[])" % (col, ", ".join(lit(kind, x) for x in vals),
                                                  PGTYPE[kind])
        if op == "range":
            return "%s %s %s" % (colref, self.pick(["<", "<=", ">", ">="]), self.render(kind, v))
        if op == "between":
            w = self.value(t, col)
            if special(kind, w) != special(kind, v):
                w = v
            sym = " SYMMETRIC" if self.chance(0.15) else ""
            return "%s BETWEEN%s %s AND %s" % (colref, sym, self.render(kind, v), self.render(kind, w))
        if op == "null":
            return "%s IS %sNULL" % (col, self.pick(["", "", "NOT "]))
        if op == "like":
            pat = self.like_pattern(v)
            return "%s %s %s" % (col, self.pick(["LIKE", "LIKE", "LIKE", "NOT LIKE", "ILIKE"]), q(pat))
        if op == "ne":
            return self.pick(["%s <> %s", "NOT (%s = %s)", "%s IS DISTINCT FROM %s"]) % (col, self.render(kind, v))
        if op == "nullconst":
            form = self.pick(["=", "<", ">=", "in", "any"])
            if form == "in":
                return "%s IN (NULL, NULL)" % col
            if form == "any":
                return "%s = ANY (NULL::%s[])" % (col, PGTYPE[kind])
            return "%s %s %s" % (col, form, typed(kind, None) if self.chance(0.5) else "NULL")
        raise AssertionError(op)

    def unpushable_atom(self, t, col):
        """the same column behind an expression, a cast or a function: never a key condition"""
        kind = t.kind[col]
        v = self.value(t, col, 0.7)
        if v is None or special(kind, v):
            return "%s IS NOT NULL" % col
        if kind in INT_KINDS:
            # no arithmetic that overflows on the extreme values of the fixtures
            return self.pick(["%s + 0 = %s" % (col, lit(kind, v)),
                              "%s = %s" % (col, "(%d.0)" % v if v < 0 else "%d.0" % v),
                              "%s::numeric = %s" % (col, lit(kind, v)),
                              "%s::text = %s" % (col, q(str(v))),
                              "-(%s::numeric) = %s" % (col, "(%d)" % -v if -v < 0 else -v),
                              "abs(%s::numeric) >= %s" % (col, abs(v)),
                              "coalesce(%s, 0) = %s" % (col, lit(kind, v)),
                              "%s IN (%s, %s::numeric + 1)" % (col, lit(kind, v), col)])
        if kind == "bytea":
            return self.pick(["length(%s) = %d" % (col, len(v)),
                              "substr(%s, 1, 1) = %s" % (col, lit(kind, v[:1])),
                              "%s || ''::bytea = %s" % (col, lit(kind, v)),
                              "encode(%s, 'hex') LIKE %s" % (col, q(v[:2].hex() + "%")),
                              "%s::text = %s" % (col, q("\\x" + v.hex()))])
        if kind in ("text", "varchar"):
            return self.pick(["%s || '' = %s" % (col, q(v)),
                              "lower(%s) = lower(%s)" % (col, q(v)),
                              "%s::varchar = %s" % (col, q(v)),
                              "left(%s, %d) = %s" % (col, max(1, len(v) // 2), q(v[:max(1, len(v) // 2)])),
                              "%s = %s COLLATE \"C\"" % (col, q(v)),
                              "%s::bytea = %s::bytea" % (col, q(v)),
                              "coalesce(%s, '?') <> %s" % (col, q(v)),
                              "%s > %s" % (col, q(v))])
        if kind == "date":
            return self.pick(["%s = %s::timestamp" % (col, q(v.isoformat())),
                              "%s + 1 = %s" % (col, q((v + datetime.timedelta(days=1)).isoformat())),
                              "%s < %s::timestamptz" % (col, q(v.isoformat() + " 12:00+00")),
                              "extract(year FROM %s) = %d" % (col, v.year)])
        if kind in ("ts", "tsl"):
            return self.pick(["%s::date = %s" % (col, q(v.date().isoformat())),
                              "%s + interval '0' = %s" % (col, lit(kind, v)),
                              "date_trunc('second', %s) = date_trunc('second', %s)" % (col, typed(kind, v)),
                              "extract(epoch FROM %s) * 1000 >= %d" % (col, F.epoch_ms(v.replace(tzinfo=UTC))),
                              "%s::text LIKE %s" % (col, q(v.date().isoformat() + "%"))])
        if kind == "float":
            return self.pick(["%s + 0 = %s" % (col, typed(kind, v)),
                              "%s::numeric >= 0" % col if not (math.isinf(v) or math.isnan(v)) else "%s <> 'NaN'" % col,
                              "%s::text = %s" % (col, q(fmt_float(v) if fmt_float(v) != "-0" else "-0")),
                              "sign(%s) = sign(%s)" % (col, typed(kind, v))])
        return "%s IS NOT NULL" % col

    def nonkey_atom(self, t):
        cols = [c for c, _ in t.cols if c not in t.keys]
        col = self.pick(cols)
        kind = t.kind[col]
        if kind == "bytea":
            v = self.pick(t.rows)[col]
            return self.pick(["%s >= %s" % (col, lit("bytea", v)), "%s < %s" % (col, lit("bytea", v)),
                              "length(%s) > 8" % col, "%s = %s" % (col, lit("bytea", v))])
        vals = t.values(col)
        v = self.pick(vals)
        if kind == "text":
            return self.pick(["%s = %s" % (col, q(v)), "%s LIKE %s" % (col, q("%" + v[-2:] + "%")),
                              "%s <> %s" % (col, q(v)), "%s IS NULL" % col, "%s IS NOT NULL" % col,
                              "%s IN (%s, 'none')" % (col, q(v))])
        if kind == "numeric":
            return self.pick(["%s = %s" % (col, v), "%s > %s" % (col, v), "%s <= %s" % (col, v)])
        return self.pick(["%s = %s" % (col, v), "%s > %s" % (col, v), "%s <= %s" % (col, v),
                          "%s IS NOT NULL" % col])

    # ---- whole predicates

    def prefix_chain(self, t):
        """equalities on the first k key columns (an existing row's values, mostly), then a
        range, LIKE or NULL test on the next one"""
        row = self.pick(t.rows)
        k = self.r.randint(0, len(t.keys))
        atoms = []
        for col in t.keys[:k]:
            v = row[col] if self.chance(0.85) else self.value(t, col, 0.3)
            if v is None:
                atoms.append("%s IS NULL" % col if self.chance(0.8) else "%s = NULL" % col)
            elif self.chance(0.2):
                atoms.append(self.key_atom(t, col, v, ["in", "any"]))
            elif self.chance(0.1):
                atoms.append("%s = %s" % (self.render(t.kind[col], v), col))
            else:
                atoms.append("%s = %s" % (col, self.render(t.kind[col], v)))
        if k < len(t.keys) and self.chance(0.8):
            col = t.keys[k]
            v = row[col] if self.chance(0.5) else None
            kinds = ["range", "range", "range", "between", "like", "like", "null", "in", "range"]
            if v is None and col in t.optional:
                atoms.append(self.pick(["%s IS NULL", "%s IS NOT NULL"]) % col)
            else:
                atoms.append(self.key_atom(t, col, v, kinds))
                if self.chance(0.4):  # the other end of the range
                    atoms.append(self.key_atom(t, col, None, ["range"]))
        if self.chance(0.25):
            atoms.append(self.nonkey_atom(t))
        if self.chance(0.15):
            atoms.append(self.key_atom(t, self.pick(t.keys)))
        if self.chance(0.1):
            atoms.append(self.unpushable_atom(t, self.pick(t.keys)))
        return atoms

    def random_conj(self, t):
        atoms = []
        for _ in range(self.r.randint(1, 3)):
            x = self.r.random()
            if x < 0.65:
                atoms.append(self.key_atom(t, self.pick(t.keys)))
            elif x < 0.8:
                atoms.append(self.unpushable_atom(t, self.pick(t.keys)))
            else:
                atoms.append(self.nonkey_atom(t))
        return atoms

    def where(self, t):
        x = self.r.random()
        if x < 0.5:
            atoms = self.prefix_chain(t)
        elif x < 0.75:
            atoms = self.random_conj(t)
        elif x < 0.87:
            a = " AND ".join(self.prefix_chain(t)) or "true"
            b = " AND ".join(self.random_conj(t))
            atoms = ["((%s) OR (%s))" % (a, b)]
            if self.chance(0.5):
                atoms.append(self.key_atom(t, self.pick(t.keys)))
        elif x < 0.95:
            atoms = [self.unpushable_atom(t, self.pick(t.keys)) for _ in range(self.r.randint(1, 2))]
            if self.chance(0.5):
                atoms.append(self.key_atom(t, self.pick(t.keys)))
        else:
            atoms = [self.pick(["true", "false", "NULL::boolean", "1 = 1"])] if self.chance(0.5) else []
        return atoms

    def select_list(self, t):
        x = self.r.random()
        if x < 0.55:
            return "*", True
        if x < 0.7:
            return ", ".join(t.keys), True
        if x < 0.8:
            return "count(*)", False
        others = [c for c, _ in t.cols if c not in t.keys and c != t.rawkey]
        return ", ".join([self.pick(t.keys), self.pick(others)]), True

    def query(self, t):
        """(foreign sql, local sql) of one query"""
        if self.chance(0.06):
            return self.join_query(t)
        if self.chance(0.02):
            return self.big_in(t)
        sel, rows = self.select_list(t)
        atoms = self.where(t)
        sql = "SELECT %s FROM {T}" % sel
        if atoms:
            sql += " WHERE " + " AND ".join(atoms)
        if rows and self.chance(0.1):
            sql += " ORDER BY %s LIMIT %d" % (t.rawkey, self.r.randint(1, 4))
        elif rows and self.chance(0.05):
            sql += " ORDER BY %s" % ", ".join(t.keys)
        return sql.format(T=t.name), sql.format(T=t.local)

    def many_values(self, t, col, n):
        """n distinct values of col: the existing ones, then made-up ones"""
        kind = t.kind[col]
        out = [v for v in t.values(col) if v is not None and not special(kind, v)][:n]
        i = 0
        while len(out) < n:
            i += 1
            if kind in INT_KINDS:
                v = i * self.pick([1, 7])
            elif kind == "float":
                v = i * 0.25
            elif kind in ("text", "varchar"):
                v = "v%04d" % i
            elif kind == "bytea":
                v = bytes([i % 256, i // 256])
            elif kind == "date":
                v = datetime.date(2024, 1, 1) + datetime.timedelta(days=i)
            else:
                v = datetime.datetime(2024, 6, 24) + datetime.timedelta(seconds=i)
            if v not in out:
                out.append(v)
        self.r.shuffle(out)
        return out

    def big_in(self, t):
        """more keys than one operation takes (HBASE_MAX_KEYS, 1000): it narrows less"""
        if len(t.keys) >= 2 and self.chance(0.5):
            a, b = t.keys[0], t.keys[1]
            conds = ["%s IN (%s)" % (a, ", ".join(lit(t.kind[a], v) for v in self.many_values(t, a, 40))),
                     "%s IN (%s)" % (b, ", ".join(lit(t.kind[b], v) for v in self.many_values(t, b, 30)))]
        else:
            a = t.keys[0]
            conds = ["%s = ANY (ARRAY[%s]::%s[])" % (a, ", ".join(lit(t.kind[a], v)
                                                                    for v in self.many_values(t, a, 1001)),
                                                    PGTYPE[t.kind[a]])]
        sql = "SELECT * FROM {T} WHERE " + " AND ".join(conds)
        return sql.format(T=t.name), sql.format(T=t.local)

    def distance(self, kind, a, b):
        """how far an existing value a is from the value b (to pick a row near an edge value)"""
        if a is None or b is None or special(kind, a) or special(kind, b):
            return 0
        if kind in INT_KINDS:
            return abs(a - b)
        if kind == "float":
            if math.isnan(a) or math.isnan(b):
                return math.inf if math.isnan(a) != math.isnan(b) else 0
            if a == b:
                return 0
            return abs(a - b)
        if kind in ("text", "varchar", "bytea"):
            n = 0
            while n < min(len(a), len(b)) and a[n] == b[n]:
                n += 1
            return -n
        if kind == "date":
            return abs((a - b).days)
        return abs((a - b).total_seconds())

    def probe(self, t, col, v, ops):
        """an edge value of a key column (tests that are easy to get wrong: -0, a negated NaN,
        infinity, sub-millisecond times, an empty string, a value wider than its part ...)
        under equalities on the key columns before it, taken from the row nearest to it"""
        kind = t.kind[col]
        best = min(self.distance(kind, r[col], v) for r in t.rows)
        row = self.pick([r for r in t.rows if self.distance(kind, r[col], v) == best])
        k = t.keys.index(col)
        atoms = ["%s = %s" % (c, self.render(t.kind[c], row[c])) if row[c] is not None
                 else "%s IS NULL" % c for c in t.keys[:k]]
        atoms.append(self.key_atom(t, col, v, ops + (["like"] if kind in ("text", "varchar") else [])))
        sel, rows = self.select_list(t)
        sql = "SELECT %s FROM {T} WHERE %s" % (sel, " AND ".join(atoms))
        return sql.format(T=t.name), sql.format(T=t.local)

    def join_query(self, t):
        """key values from another relation: a parameterized scan or a semi-join, the key
        computed at execution"""
        n = self.r.randint(1, min(3, len(t.keys)))
        cols = t.keys[:n]
        tuples = []
        for _ in range(self.r.randint(1, 4)):
            row = self.pick(t.rows)
            tuples.append([row[c] if self.chance(0.8) else self.value(t, c, 0.2) for c in cols])
        values = ", ".join("(%s)" % ", ".join(typed(t.kind[c], v) for c, v in zip(cols, tup))
                           for tup in tuples)
        names = ", ".join("k%d" % i for i in range(n))
        on = " AND ".join("t.%s = v.k%d" % (c, i) for i, c in enumerate(cols))
        if self.chance(0.5):
            sql = "SELECT t.* FROM (VALUES %s) v(%s) JOIN {T} t ON %s" % (values, names, on)
        elif n == 1:
            sql = "SELECT * FROM {T} t WHERE %s IN (SELECT k0 FROM (VALUES %s) v(k0))" % (cols[0], values)
        else:
            sql = "SELECT * FROM {T} t WHERE EXISTS (SELECT FROM (VALUES %s) v(%s) WHERE %s)" % (values, names, on)
        return sql.format(T=t.name), sql.format(T=t.local)

    def batched_join(self, t):
        """the whole key (or a leading part) from another relation, as a batched key join
        (src/exec/join.c) reads it: outer rows with existing keys, some twice, NULLs, keys that do not exist and
        edge values (wider than their part, NaN, ...); inner, left (a condition in ON or
        in WHERE), semi and anti joins, sometimes with a condition on a non-key column"""
        cols = t.keys if self.chance(0.7) else t.keys[:self.r.randint(1, len(t.keys))]
        tuples = []
        for _ in range(self.r.randint(2, 8)):
            row = self.pick(t.rows)
            tup = [row[c] if self.chance(0.8) else self.value(t, c, 0.2) for c in cols]
            tuples.append(tup)
            if self.chance(0.3):
                tuples.append(list(tup))
        if self.chance(0.4):
            tup = list(self.pick(tuples))
            tup[self.r.randrange(len(cols))] = None
            tuples.append(tup)
        values = ", ".join("(%s)" % ", ".join(typed(t.kind[c], v) for c, v in zip(cols, tup))
                           for tup in tuples)
        names = ", ".join("k%d" % i for i in range(len(cols)))
        on = " AND ".join("t.%s = v.k%d" % (c, i) for i, c in enumerate(cols))
        extra = (" AND " + self.nonkey_atom(t)) if self.chance(0.35) else ""
        v = "(VALUES %s) v(%s)" % (values, names)
        kind = self.pick(["inner", "left", "left-where", "semi", "anti"])
        if kind == "inner":
            sql = "SELECT v.*, t.* FROM %s JOIN {T} t ON %s%s" % (v, on, extra)
        elif kind == "left":
            sql = "SELECT v.*, t.* FROM %s LEFT JOIN {T} t ON %s%s" % (v, on, extra)
        elif kind == "left-where":
            sql = "SELECT v.*, t.%s FROM %s LEFT JOIN {T} t ON %s WHERE t.%s IS NULL%s" % (
                t.rawkey, v, on, t.rawkey, extra.replace(" AND ", " OR ", 1))
        elif kind == "semi":
            sql = "SELECT * FROM %s WHERE EXISTS (SELECT FROM {T} t WHERE %s%s)" % (v, on, extra)
        else:
            sql = "SELECT * FROM %s WHERE NOT EXISTS (SELECT FROM {T} t WHERE %s%s)" % (v, on, extra)
        return sql.format(T=t.name), sql.format(T=t.local)


# ------------------------------------------------------------------ output

# queries per table (the tables the brief names first get the most)
WEIGHTS = [("lay_s2", 50), ("lay_s6", 45), ("lay_s6b", 45), ("lay_s7", 50), ("lay_phx", 30),
           ("lay_bin", 55), ("lay_delim", 50), ("lay_s5", 30), ("lay_rnd", 25), ("lay_s8", 40),
           ("lay_s1", 15), ("lay_s4", 35), ("lay_s9", 25), ("lay_strsalt", 15), ("lay_phx2", 15),
           ("diff_raw_bin", 20), ("diff_raw_s7", 15), ("diff_raw_delim", 20), ("diff_raw_s5", 15)]

# batched key join queries per table
JOIN_QUERIES = 8

FUNCTION = r"""
-- runs every query three ways and compares the results as multisets:
--   (a) the foreign table, pushdown on;  (b) the foreign table, SET LOCAL
--   hbase_fdw.enable_pushdown = off;  (c) the local table.
-- An error in one run counts as a mismatch.  diff_results keeps per query the HBase
-- operation EXPLAIN shows (pushdown on, and off), the row count and the differences.
CREATE TEMP TABLE diff_results (id int PRIMARY KEY, tbl text, op text, op_off text,
                                nrows bigint, diff_on bigint, diff_off bigint, err text);
CREATE FUNCTION pg_temp.diff_run() RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  q record;
  line text;
  op text;
  op_off text;
  n bigint;
  d_on bigint;
  d_off bigint;
  err text;
  only_f text;
  only_l text;
  cmp constant text := 'WITH a AS MATERIALIZED (%s), c AS MATERIALIZED (%s) '
    'SELECT (SELECT count(*) FROM c), (SELECT count(*) FROM ((TABLE a EXCEPT ALL TABLE c) '
    'UNION ALL (TABLE c EXCEPT ALL TABLE a)) x)';
  cmp_rows constant text := 'WITH a AS MATERIALIZED (%s), c AS MATERIALIZED (%s) '
    'SELECT (SELECT string_agg(x::text, '' '') FROM (TABLE a EXCEPT ALL TABLE c) x), '
    '(SELECT string_agg(x::text, '' '') FROM (TABLE c EXCEPT ALL TABLE a) x)';
BEGIN
  FOR q IN SELECT * FROM diff_queries ORDER BY id LOOP
    op := NULL; op_off := NULL; n := NULL; d_on := NULL; d_off := NULL; err := NULL;
    BEGIN
      SET LOCAL hbase_fdw.enable_pushdown = on;
      FOR line IN EXECUTE 'EXPLAIN ' || q.fq LOOP
        IF line ~ 'HBase Operation: ' THEN
          op := concat_ws('; ', op, substring(line FROM 'HBase Operation: (.*)$'));
        END IF;
      END LOOP;
      EXECUTE format(cmp, q.fq, q.lq) INTO n, d_on;
      IF d_on > 0 THEN
        EXECUTE format(cmp_rows, q.fq, q.lq) INTO only_f, only_l;
        RAISE NOTICE 'mismatch, query %, pushdown on (HBase Operation: %): %', q.id, op, q.fq
          USING DETAIL = format('only in the foreign result: %s; only in the local one: %s',
                                coalesce(only_f, '-'), coalesce(only_l, '-'));
      END IF;
    EXCEPTION WHEN OTHERS THEN
      err := 'pushdown on: ' || SQLERRM;
    END;
    BEGIN
      SET LOCAL hbase_fdw.enable_pushdown = off;
      FOR line IN EXECUTE 'EXPLAIN ' || q.fq LOOP
        IF line ~ 'HBase Operation: ' THEN
          op_off := concat_ws('; ', op_off, substring(line FROM 'HBase Operation: (.*)$'));
        END IF;
      END LOOP;
      EXECUTE format(cmp, q.fq, q.lq) INTO n, d_off;
      IF d_off > 0 THEN
        EXECUTE format(cmp_rows, q.fq, q.lq) INTO only_f, only_l;
        RAISE NOTICE 'mismatch, query %, pushdown off: %', q.id, q.fq
          USING DETAIL = format('only in the foreign result: %s; only in the local one: %s',
                                coalesce(only_f, '-'), coalesce(only_l, '-'));
      END IF;
      SET LOCAL hbase_fdw.enable_pushdown = on;
    EXCEPTION WHEN OTHERS THEN
      err := concat_ws('; ', err, 'pushdown off: ' || SQLERRM);
    END;
    IF err IS NOT NULL THEN
      RAISE NOTICE 'error, query % (HBase Operation: %): %', q.id, op, q.fq USING DETAIL = err;
    END IF;
    INSERT INTO diff_results VALUES (q.id, q.tbl, op, op_off, n, d_on, d_off, err);
  END LOOP;
END
$fn$;
"""

SUMMARY = r"""
SELECT pg_temp.diff_run();
-- mismatches: a difference with pushdown on or off, or an error in either run
SELECT count(*) AS queries,
       count(*) FILTER (WHERE op <> 'full scan') AS pushed,
       count(*) FILTER (WHERE diff_on <> 0 OR diff_off <> 0 OR err IS NOT NULL
                          OR diff_on IS NULL OR diff_off IS NULL) AS mismatches
  FROM diff_results;
-- per table; rows: the rows all the queries returned (not a vacuous test)
SELECT tbl, count(*) AS queries,
       count(*) FILTER (WHERE op <> 'full scan') AS pushed,
       count(*) FILTER (WHERE diff_on <> 0 OR diff_off <> 0 OR err IS NOT NULL
                          OR diff_on IS NULL OR diff_off IS NULL) AS mismatches,
       count(*) FILTER (WHERE nrows > 0) AS nonempty, sum(nrows) AS rows
  FROM diff_results GROUP BY tbl ORDER BY tbl;
-- the operations the queries became (pushdown on); with it off, always a full scan
SELECT CASE WHEN op IS NOT NULL
            THEN regexp_replace(regexp_replace(op, '[0-9]+', 'N', 'g'), 'bounded scan\M', 'bounded scans')
            WHEN err IS NOT NULL THEN '(error)' ELSE '(no foreign scan)' END AS operation,
       count(*) AS queries
  FROM diff_results GROUP BY 1 ORDER BY 1;
SELECT count(*) FILTER (WHERE op_off <> 'full scan') AS not_full_scan_without_pushdown
  FROM diff_results;
"""


def add_unique(queries, seen, name, count, make):
    """count more queries of table name from make() (a (foreign, local) pair), each one new"""
    while count > 0:
        fq, lq = make()
        if fq in seen:
            continue
        seen.add(fq)
        assert "$q$" not in fq and "$q$" not in lq
        queries.append((name, fq, lq))
        count -= 1


def main():
    rng = random.Random(SEED)
    tables = build_tables()
    gen = Gen(rng)
    out = []
    w = out.append
    w("-- needs: layouts (the foreign tables they make; scripts/test --only runs them first)")
    w("-- Differential test of key pushdown: every query gives the same rows with")
    w("-- hbase_fdw.enable_pushdown on, off, and on a local copy of the fixture rows.")
    w("-- GENERATED by `python3 tests/gen_differential.py > sql/differential.sql` (seed %d);" % SEED)
    w("-- do not edit by hand. The local rows come from the fixture definitions in")
    w("-- tests/fixtures_layouts.py, not through the FDW; the foreign tables are the lay_* ones")
    w("-- of sql/layouts.sql (run before this test), plus diff_raw_* made here without a layout")
    w("-- (the raw :key column is the whole key) and dropped at the end.")
    w("SET timezone = 'UTC';")
    w("SET datestyle = 'ISO, YMD';")
    w("SET extra_float_digits = 3;")
    w("")
    w("-- tables without a rowkey layout: the raw key column alone is the key")
    for name, _ in WEIGHTS:
        if tables[name].create:
            w(tables[name].create)
    w("")
    for name, _ in WEIGHTS:
        t = tables[name]
        w("CREATE TEMP TABLE %s (%s);" % (t.local, ", ".join("%s %s" % (c, PGTYPE[k]) for c, k in t.cols)))
        w("INSERT INTO %s VALUES" % t.local)
        w(",\n".join("  (%s)" % ", ".join(lit(t.kind[c], r[c]) for c, _ in t.cols) for r in t.rows) + ";")
    w("")
    w("CREATE TEMP TABLE diff_queries (id int PRIMARY KEY, tbl text NOT NULL, fq text NOT NULL, lq text NOT NULL);")
    w("INSERT INTO diff_queries VALUES")
    queries = []
    seen = set()
    for name, n in WEIGHTS:
        t = tables[name]
        # first the whole table: the local copy holds the same rows
        sql = "SELECT * FROM {T}"
        queries.append((name, sql.format(T=t.name), sql.format(T=t.local)))
        seen.add(sql.format(T=t.name))
        made = 1
        # every edge value of every key column: once in an equality, once in a range;
        # then random queries
        for col in t.keys:
            for v in t.extra.get(col, []):
                for ops in (["eq", "eq", "in", "any"], ["range", "range", "between", "commuted"]):
                    fq, lq = gen.probe(t, col, v, ops)
                    if fq not in seen:
                        seen.add(fq)
                        queries.append((name, fq, lq))
                        made += 1
        add_unique(queries, seen, name, n - made, lambda: gen.query(t))
    # batched key joins (issue 28), from a generator of their own: the queries above stay
    jgen = Gen(random.Random(SEED + 28))
    for name, _ in WEIGHTS:
        t = tables[name]
        add_unique(queries, seen, name, JOIN_QUERIES, lambda: jgen.batched_join(t))
    w(",\n".join("  (%d, '%s',\n   $q$%s$q$,\n   $q$%s$q$)" % (i + 1, name, fq, lq)
                 for i, (name, fq, lq) in enumerate(queries)) + ";")
    w(FUNCTION.rstrip("\n"))
    w(SUMMARY.rstrip("\n"))
    w("DROP FOREIGN TABLE %s;" % ", ".join(name for name, _ in WEIGHTS if tables[name].create))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
