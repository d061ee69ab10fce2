#!/usr/bin/env python3
"""tests/difftest.py - differential test of hbase_fdw over GENERATED rowkey layouts.

    python3 tests/difftest.py [--seed N] [--queries N] [--tables N] [--writes N] [--jobs N] [--keep]
                              [--out DIR] [--json FILE] [--db DB] [--prefix P] [--quiet]

Unlike sql/differential.sql (fixed hand-picked layouts), every run draws its own layouts from
the whole rowkey grammar of docs/layouts.md (text/bytea parts with delimiters such as \\x00 and \\xff,
lpad/rpad/fixed, date patterns, epoch/epoch_ms, reverse, Long.MAX_VALUE - x as text and as
long(...), long/int/short/byte, uint(x, n), sortable(...), bitreverse, double/float, bytes(col[, n]),
desc(...) of fixed-width parts and of text (Phoenix's VARCHAR DESC, mostly before "\\xff"),
phoenix_double/float(x) and their unsigned forms (Phoenix's DOUBLE, FLOAT keys),
phoenix_decimal(numeric) (Phoenix's DECIMAL, encoded here by phx_decimal from its format), every
kind of salt and hash prefix, optional trailing groups [...]; 30% of the tables keep a text cell
under a binary qualifier such as "\\x80\\x0b" or "v1\\x00\\xff"; 15% are tables of cell versions
(option versions N or 'all', a :timestamp column, 1-4 versions per key written with explicit
timestamps, a row per version in the local copy, quals on the timestamp)); about 10% of the
others have a :timestamp column, their cells written with timestamps of their own), then:

  1. tries each layout with CREATE FOREIGN TABLE (a rejected layout is skipped and counted; the
     generator also makes a few layouts it expects to be rejected, and reports any layout whose
     fate differs from what it expected);
  2. draws rows with edge values (empty strings, values that are prefixes of each other, 0x00 /
     0xff bytes, invalid UTF-8 in bytea, min/max integers, negatives, -0.0, NaN, infinities,
     dates at the extremes a part can hold, multibyte UTF-8; a cell column of option text_width
     on 30% of the tables, some of its cells spelled other than zero-padded), computes their keys with a Python
     encoder of the grammar written here from docs/layouts.md -- never with the C codec -- and
     writes them (and a few cells, text and binary) into HBase tables dt_* through REST;
  3. writes the same rows into local PostgreSQL tables and runs random queries (=, IN with
     duplicates and NULLs, every range operator, BETWEEN [SYMMETRIC], LIKE 'x%' / '%x', IS
     [NOT] NULL, row comparisons (date/time values of another type now and then), ORDER BY in
     key and reverse order with and without LIMIT (a key whose trailing part keeps no order:
     the leading parts' order and an Incremental Sort),
     keyset walks forwards and backwards through whole tables read in small pages, joins with
     VALUES lists, prefix joins of many VALUES rows on a leading part of the key as batched
     joins only (inner, left, semi, anti; batches of 7, 50 or 1000 rows), either join with half
     the time a random tree of cell predicates in its ON (value filters), IN lists of more
     than 1000 keys; now and then a text or bytea constant of 10 KB, 50 KB or 200 KB, too
     long for a URL and for an HBase key) three ways:
     the foreign table with pushdown on, with hbase_fdw.enable_pushdown off, and the local
     table. Ordered queries (ORDER BY every key column) are compared as ordered lists (rows
     that tie under the ORDER BY, -0.0 and 0.0, may come in either order), the others as
     multisets; an error in some of the runs only is a mismatch too; every other session
     first reads each table whole, so that its queries are planned on the counted rows rather
     than estimated_rows (issue 56);
  4. then --writes random UPDATE and DELETE statements (WriteGen) on the tables that take them
     (no versions, no :timestamp column, no random salt without a raw key column), each
     table's in order in one session: WHERE conditions of the queries' generator (direct
     modification by Get or multiget, or row by row through a scan), FROM / USING a VALUES
     list joined on key columns that matches rows twice (a nested loop or a hash join),
     RETURNING, SET expressions reading the row, constants, NULLs and nextval of a sequence
     (volatile); each runs on the foreign table (pushdown on or off) and on the local one,
     compared by count (or RETURNING rows), the sequence's calls and the table's rows after
     (a volatile column as the sorted list of its values: which row gets which value depends
     on the order rows come in). After an error on both sides (an overflow), or volatile
     values, the local table is made a copy of the foreign one again. A write that a gateway
     before HBase 2.5.9 cannot do exactly (a binary key in a path: 0A000) counts as refused.

It prints the operations EXPLAIN showed, a summary line

    difftest seed S: Q queries (K keyset walks), W writes (...), M mismatches, L/C layouts accepted ...

and every mismatch with what is needed to replay it (seed, layout, CREATE FOREIGN TABLE, rows as
SQL and as hex keys, query, expected vs got); each mismatch also goes to OUT/mismatch-N.txt with a
rows.json for `tests/hbase_rest.py put`. Exit status 1 when there is a mismatch.

Everything derives from --seed (each table from its own generator seeded by (seed, index)), so a
run is reproducible against the same C code (the summary names the hbase_fdw.so it used). The
database is --db (hbase_difftest; created when missing; the extension, the schema dt and the
server dt_hbase, url $HBASE_URL, are recreated each run), on the PG* environment of
`scripts/pg-local env`. HBase tables PREFIX_* (dt_*) are dropped at the start of a run and at
its end (unless --keep); runs at the same time need their own --db and --prefix.
scripts/difftest-long loops over seeds.

DIFFTEST_SKIP (comma-separated) skips known bug classes while they are being fixed (never in CI):
  reverse-binary   reverse-order queries and backward walks on tables with binary key parts
  date-epoch-overflow  no date beyond year 294276 in epoch()/epoch_ms() parts (bug fixed in fd5a99f)
  maxminus-text-zeros  no Long.MAX_VALUE - x as text below 10^18 (leading zeros; fixed in fd5a99f)
"""
import argparse
import base64
import hashlib
import json
import math
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal, getcontext

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import hbase_rest  # noqa: E402

LONG_MIN, LONG_MAX = -2**63, 2**63 - 1
INT_MIN, INT_MAX = -2**31, 2**31 - 1
USEC_DAY = 86400 * 10**6
SKIP = set(s for s in os.environ.get("DIFFTEST_SKIP", "").split(",") if s)


class Bad(Exception):
    """A value that its key part cannot hold (the writer would refuse it)."""


class BadLayout(Exception):
    """The generator built a layout it knows is invalid."""


# ------------------------------------------------------------------ Java arithmetic

def int32(x):
    x &= 0xFFFFFFFF
    return x - 0x100000000 if x & 0x80000000 else x


def int64(x):
    x &= 0xFFFFFFFFFFFFFFFF
    return x - 0x10000000000000000 if x & 0x8000000000000000 else x


def java_rem(a, n):
    r = abs(a) % abs(n)
    return -r if a < 0 else r


def java_abs(i):
    return int32(-i) if i < 0 else i


def string_hash(text):
    """String.hashCode over UTF-16 code units"""
    u = text.encode("utf-16-be")
    h = 0
    for i in range(0, len(u), 2):
        h = int32(31 * h + ((u[i] << 8) | u[i + 1]))
    return h


def long_hash(v):
    u = v & 0xFFFFFFFFFFFFFFFF
    return int32(u ^ (u >> 32))


def long_reverse(v):
    return int64(int("{:064b}".format(v & 0xFFFFFFFFFFFFFFFF)[::-1], 2))


def phoenix_bucket(rest, n):
    """Phoenix SaltingUtil: h = 1; h = 31*h + (signed byte); Math.abs(h % n)"""
    h = 1
    for b in rest:
        h = int32(31 * h + (b - 256 if b > 127 else b))
    return java_abs(java_rem(h, n))


def f32(x):
    """x rounded to a float32 (what a real column holds)"""
    return struct.unpack(">f", struct.pack(">f", x))[0]


# ------------------------------------------------------------------ calendar (proleptic Gregorian)

def days_from_civil(y, m, d):
    y -= m <= 2
    era = y // 400     # Python's // floors already
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def civil_from_days(z):
    z += 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    return y + (m <= 2), m, d


def fmt_date(days):
    y, m, d = civil_from_days(days)
    if y <= 0:
        return "%04d-%02d-%02d BC" % (1 - y, m, d)
    return "%04d-%02d-%02d" % (y, m, d)


def fmt_ts(us):
    days, rem = divmod(us, USEC_DAY)
    y, m, d = civil_from_days(days)
    secs, frac = divmod(rem, 10**6)
    text = "%04d-%02d-%02d %02d:%02d:%02d" % (1 - y if y <= 0 else y, m, d, secs // 3600,
                                              secs // 60 % 60, secs % 60)
    if frac:
        text += (".%06d" % frac).rstrip("0")
    return text + (" BC" if y <= 0 else "")


# PostgreSQL's limits (date: 4713-11-24 BC .. 5874897-12-31; timestamp: .. 294276-12-31)
PG_DATE_MIN = days_from_civil(-4713, 11, 24)
PG_DATE_MAX = days_from_civil(5874897, 12, 31)
PG_TS_MIN = PG_DATE_MIN * USEC_DAY
# (a rowkey holds timestamps as 64-bit microseconds since 1970: up to 294247-01-10, docs/layouts.md)
PG_TS_MAX = min(days_from_civil(294276, 12, 31) * USEC_DAY + USEC_DAY - 1, 2**63 - 1)

# ------------------------------------------------------------------ column types

# kind -> (SQL type, value class)
TYPES = {
    "int2": ("smallint", "int"), "int4": ("integer", "int"), "int8": ("bigint", "int"),
    "float4": ("real", "float"), "float8": ("double precision", "float"),
    "text": ("text", "text"), "varchar": ("varchar", "text"),
    "date": ("date", "date"), "ts": ("timestamp", "ts"), "tstz": ("timestamptz", "ts"),
    "bytea": ("bytea", "bytes"),
    "numeric": ("numeric", "num"),   # only as phoenix_decimal(x), drawn by its own generator
    "bool": ("boolean", "bool"),     # only as boolean(x), drawn by its own generator
}
INT_RANGE = {"int2": (-2**15, 2**15 - 1), "int4": (INT_MIN, INT_MAX), "int8": (LONG_MIN, LONG_MAX)}
INT_WIDTH = {"int2": 2, "int4": 4, "int8": 8}


def q(text):
    return "'" + text.replace("'", "''") + "'"


def cross_datetime(rng, kind, v):
    """a bound of another date/time type near v (days since 1970 for a date column, else
    microseconds): its midnight or a time within the day, as a date, a timestamp, a
    timestamptz in some zone, or a stable expression evaluated at execution"""
    if not isinstance(v, int):
        return lit(kind, v)
    day = v if kind == "date" else v // USEC_DAY
    stamp = v if kind != "date" and rng.random() < 0.5 else day * USEC_DAY
    if rng.random() < 0.4:
        stamp += rng.choice([-24, -1, 3, 12, 23]) * 3600 * 10**6 + rng.choice([0, 0, 1, -1])
    if not (days_from_civil(1, 1, 3) * USEC_DAY <= stamp <= PG_TS_MAX - 3 * USEC_DAY):
        return lit(kind, v)
    text = fmt_ts(stamp)
    form = rng.randrange(6)
    if form == 0:
        return "date " + q(fmt_date(day))
    if form == 1:
        return "timestamp " + q(text)
    if form == 2:
        return "timestamptz " + q(text + rng.choice(["+00", "+05:30", "-04", "-08"]))
    if form == 3:
        # stable: timestamptz - interval is evaluated at execution, in the session's zone
        return "(timestamptz %s - interval '%d hours')" % (q(text + "+00"), rng.choice([0, 1, 24]))
    if form == 4:
        return "(%s::timestamp + interval '1 day')" % q(text)
    return "(date %s - 1)" % q(fmt_date(day))


getcontext().prec = 400


def fmt_num(v):
    """a numeric's text PostgreSQL reads back exactly (plain digits, no exponent)"""
    return format(v, "f")


def fmt_float(v, kind):
    if math.isnan(v):
        return "NaN"
    if math.isinf(v):
        return "Infinity" if v > 0 else "-Infinity"
    if v == 0:
        return "-0" if math.copysign(1, v) < 0 else "0"
    if kind == "float4":
        return "%.9g" % v
    return repr(v)


def lit(kind, v, typed=True):
    """an exact SQL literal of value v of a column of this kind"""
    sqlt = TYPES[kind][0]
    if v is None:
        return "NULL::" + sqlt
    cls = TYPES[kind][1]
    if cls == "int":
        if not typed:
            return str(v) if v >= 0 else "(%d)" % v
        return "%s::%s" % (q(str(v)), sqlt)
    if cls == "float":
        if math.isnan(v) and math.copysign(1, v) < 0:
            return "(-'NaN'::%s)" % sqlt   # PostgreSQL keeps the sign bit of a negated NaN
        return "%s::%s" % (q(fmt_float(v, kind)), sqlt)
    if cls == "text":
        return q(v) + ("::" + sqlt if typed else "")
    if cls == "num":
        if not typed:
            return fmt_num(v) if v >= 0 else "(%s)" % fmt_num(v)
        return "%s::numeric" % q(fmt_num(v))
    if cls == "bytes":
        return "'\\x%s'::bytea" % v.hex()
    if cls == "bool":
        return "true" if v else "false"
    if cls == "date":
        return "%s::date" % q(fmt_date(v))
    if kind == "ts":
        return "%s::timestamp" % q(fmt_ts(v))
    return "%s::timestamptz" % q(fmt_ts(v) + "+00" if not fmt_ts(v).endswith("BC")
                                 else fmt_ts(v)[:-3] + "+00 BC")


def sort_value(kind, v):
    """a Python sort key that follows PostgreSQL's order of the column's values"""
    cls = TYPES[kind][1]
    if cls == "float":
        return (1, 0) if math.isnan(v) else (0, v)
    if cls == "text":
        return v.encode("utf-8")
    return v


# ------------------------------------------------------------------ the layout model

class Node:
    """One expression of a column part. ev(row) -> a Python value of kind .vk:
    'int' (with .vw bytes of value), 'float', 'text' (bytes, UTF-8), 'bytes', 'date' (days),
    'ts' (microseconds), 'bin' (bytes). .order: 'asc', 'desc' or None (how the final bytes
    sort against the column's values); .nonneg: the order holds for numbers >= 0 only."""
    width = None
    order = None
    nonneg = False
    inv = False        # the value is Long.MAX_VALUE - x (decimal: 19 digits)
    padded_dec = False


def to_text(node, v):
    """the text form of a value (integers: decimal), as bytes"""
    if node.vk == "int":
        return (("%019d" % v) if node.inv else str(v)).encode()
    if node.vk == "text":
        return v
    raise Bad("not text")


class Col(Node):
    def __init__(self, t, name):
        self.col = name
        self.kind = t.kinds[name]
        self.vk = TYPES[self.kind][1]
        self.vw = INT_WIDTH.get(self.kind, 8 if self.kind == "float8" else 4)
        self.order = "asc"

    def text(self):
        return self.col

    def ev(self, row):
        v = row[self.col]
        if self.vk == "text":
            return v.encode("utf-8")
        return v


class Epoch(Node):
    def __init__(self, child, ms):
        if child.vk not in ("date", "ts"):
            raise BadLayout("epoch of a non-date")
        self.child, self.ms, self.col = child, ms, child.col
        self.vk, self.vw, self.order = "int", 8, "asc"

    def text(self):
        return "%s(%s)" % ("epoch_ms" if self.ms else "epoch", self.child.text())

    def ev(self, row):
        v = self.child.ev(row)
        us = v * USEC_DAY if self.child.vk == "date" else v
        unit = 1000 if self.ms else 10**6
        if us % unit:
            raise Bad("precision")
        return us // unit


class MaxMinus(Node):
    def __init__(self, child):
        if child.vk != "int":
            raise BadLayout("Long.MAX_VALUE - non-integer")
        self.child, self.col, self.vk, self.vw, self.inv = child, child.col, "int", 8, True
        self.order = {"asc": "desc", "desc": "asc"}.get(child.order)

    def text(self):
        return "Long.MAX_VALUE - %s" % self.child.text()

    def ev(self, row):
        v = self.child.ev(row)
        if v < 0:
            raise Bad("negative under Long.MAX_VALUE - x")
        return LONG_MAX - v


class BitRev(Node):
    def __init__(self, child):
        if child.vk != "int":
            raise BadLayout("bitreverse of a non-integer")
        self.child, self.col, self.vk, self.vw = child, child.col, "int", 8

    def text(self):
        return "bitreverse(%s)" % self.child.text()

    def ev(self, row):
        return long_reverse(self.child.ev(row))


class Pad(Node):
    def __init__(self, child, n, pad, left, explicit):
        if child.vk not in ("int", "text"):
            raise BadLayout("pad of a non-text")
        self.child, self.n, self.pad, self.left, self.explicit = child, n, pad, left, explicit
        self.col, self.vk, self.width = child.col, "text", n
        self.padded_dec = child.vk == "int"
        self.order = child.order if (left and self.padded_dec and pad == "0") else None
        self.nonneg = self.order is not None

    def text(self):
        args = "%s, %d" % (self.child.text(), self.n)
        if self.explicit:
            args += ", " + sq(self.pad.encode())
        return "%s(%s)" % ("lpad" if self.left else "rpad", args)

    def ev(self, row):
        v = self.child.ev(row)
        if self.padded_dec and v < 0:
            raise Bad("negative padded number")
        s = to_text(self.child, v)
        p = self.pad.encode()
        if len(s) > self.n:
            raise Bad("too wide")
        if s and ((self.left and s[:1] == p and not (self.padded_dec and len(s) == 1)) or
                  (not self.left and s[-1:] == p)):
            raise Bad("starts/ends with the pad")
        return p * (self.n - len(s)) + s if self.left else s + p * (self.n - len(s))


class Fixed(Node):
    def __init__(self, child, n):
        if child.vk not in ("int", "text"):
            raise BadLayout("fixed of a non-text")
        self.child, self.n, self.col, self.vk, self.width = child, n, child.col, "text", n
        self.order = child.order if child.vk == "text" else None

    def text(self):
        return "fixed(%s, %d)" % (self.child.text(), self.n)

    def ev(self, row):
        s = to_text(self.child, self.child.ev(row))
        if len(s) != self.n:
            raise Bad("not exactly n bytes")
        return s


class Reverse(Node):
    def __init__(self, child):
        if child.vk not in ("int", "text"):
            raise BadLayout("reverse of a non-text")
        self.child, self.col, self.vk, self.width = child, child.col, "text", child.width

    def text(self):
        return "reverse(%s)" % self.child.text()

    def ev(self, row):
        s = to_text(self.child, self.child.ev(row))
        return s.decode("utf-8")[::-1].encode("utf-8")


FIELDS = [("yyyy", 4), ("MM", 2), ("dd", 2), ("HH", 2), ("mm", 2), ("ss", 2), ("SSS", 3)]


class DateFmt(Node):
    def __init__(self, child, pattern):
        if child.vk not in ("date", "ts"):
            raise BadLayout("date() of a non-date")
        self.child, self.pattern, self.col, self.vk = child, pattern, child.col, "text"
        fields, p, w = [], pattern, 0
        while p:
            for f, n in FIELDS:
                if p.startswith(f):
                    fields.append(f)
                    p, w = p[n:], w + n
                    break
            else:
                if p[0].isalpha():
                    raise BadLayout("unknown pattern field")
                p, w = p[1:], w + 1
        self.fields = fields
        self.width = w
        names = [f for f, _ in FIELDS]
        self.order = "asc" if fields == names[:len(fields)] else None
        # the finest field kept: values must not be finer
        self.res = USEC_DAY
        for f, r in (("HH", 3600 * 10**6), ("mm", 60 * 10**6), ("ss", 10**6), ("SSS", 1000)):
            if f in fields:
                self.res = r
        self.has_day = "dd" in fields and "MM" in fields and "yyyy" in fields

    def text(self):
        return "date(%s, %s)" % (self.child.text(), dq(self.pattern))

    def ev(self, row):
        v = self.child.ev(row)
        us = v * USEC_DAY if self.child.vk == "date" else v
        if us % self.res:
            raise Bad("finer than the pattern")
        days, rem = divmod(us, USEC_DAY)
        y, m, d = civil_from_days(days)
        if not 0 <= y <= 9999:
            raise Bad("year outside 0000-9999")
        # a pattern without year, month or day reads back the 1970-01-01 defaults
        if ("yyyy" not in self.fields and y != 1970) or ("MM" not in self.fields and m != 1) or \
                ("dd" not in self.fields and d != 1):
            raise Bad("the pattern does not keep the date")
        vals = {"yyyy": "%04d" % y, "MM": "%02d" % m, "dd": "%02d" % d,
                "HH": "%02d" % (rem // (3600 * 10**6)), "mm": "%02d" % (rem // (60 * 10**6) % 60),
                "ss": "%02d" % (rem // 10**6 % 60), "SSS": "%03d" % (rem // 1000 % 1000)}
        out, p = "", self.pattern
        while p:
            for f, n in FIELDS:
                if p.startswith(f):
                    out += vals[f]
                    p = p[n:]
                    break
            else:
                out += p[0]
                p = p[1:]
        return out.encode()


class Bin(Node):
    NAMES = {8: "long", 4: "int", 2: "short", 1: "byte"}

    def __init__(self, child, w):
        if child.vk != "int":
            raise BadLayout("binary integer of a non-integer")
        # a column wider than its part (Phoenix's TINYINT: byte(smallint)): its values out of
        # the part's range cannot be written and match no key
        self.child, self.w, self.col, self.vk, self.width = child, w, child.col, "bin", w
        # Long.MAX_VALUE - x refuses x < 0: never negative, the order is exact
        self.order, self.nonneg = child.order, not isinstance(child, MaxMinus)

    def text(self):
        return "%s(%s)" % (self.NAMES[self.w], self.child.text())

    def ev(self, row):
        v = self.child.ev(row)
        lo, hi = -2**(8 * self.w - 1), 2**(8 * self.w - 1) - 1
        if not lo <= v <= hi:
            raise Bad("does not fit")
        return (v & (2**(8 * self.w) - 1)).to_bytes(self.w, "big")


class UInt(Node):
    """uint(x, n): unsigned big-endian of n bytes (OpenTSDB UIDs and seconds); a value below 0
    or at 2^(8n) and above cannot be written, so the order is exact"""
    def __init__(self, child, w):
        if child.vk != "int":
            raise BadLayout("uint of a non-integer")
        self.child, self.w, self.col, self.vk, self.width = child, w, child.col, "bin", w
        self.order = child.order

    def text(self):
        return "uint(%s, %d)" % (self.child.text(), self.w)

    def ev(self, row):
        v = self.child.ev(row)
        if not 0 <= v < 2**(8 * self.w) or v > LONG_MAX:
            raise Bad("does not fit")
        return v.to_bytes(self.w, "big")


class Flt(Node):
    def __init__(self, child, w):
        if child.vk != "float":
            raise BadLayout("double/float of a non-float")
        if child.vw > w:
            raise BadLayout("float(double precision)")
        self.child, self.w, self.col, self.vk, self.width = child, w, child.col, "bin", w
        self.isfloat = True

    def text(self):
        return "%s(%s)" % ("double" if self.w == 8 else "float", self.child.text())

    def ev(self, row):
        return struct.pack(">d" if self.w == 8 else ">f", self.child.ev(row))


class Sortable(Node):
    def __init__(self, child):
        if not isinstance(child, (Bin, Flt)):
            raise BadLayout("sortable of something else")
        self.child, self.col, self.vk, self.width = child, child.col, "bin", child.width
        self.isfloat = isinstance(child, Flt)
        self.order = "asc" if self.isfloat else child.order

    def text(self):
        return "sortable(%s)" % self.child.text()

    def ev(self, row):
        b = bytearray(self.child.ev(row))
        if self.isfloat and b[0] & 0x80:
            return bytes(x ^ 0xFF for x in b)
        b[0] ^= 0x80
        return bytes(b)


class PhxFloat(Node):
    """phoenix_double(x), phoenix_float(x): Phoenix's DOUBLE/FLOAT key column (PDouble, PFloat):
    the IEEE bits, sign bit flipped (all bits of a negative number), plus one as a 64/32-bit
    number; phoenix_unsigned_double/float(x): UNSIGNED_DOUBLE/FLOAT, the plain bits, no
    negative number (-0 written as 0), no order claimed"""
    def __init__(self, child, w, unsigned=False):
        if not isinstance(child, Col) or child.vk != "float" or child.vw > w:
            raise BadLayout("phoenix float of something else")
        self.child, self.w, self.col, self.vk, self.width = child, w, child.col, "bin", w
        self.unsigned = unsigned
        self.isfloat = not unsigned
        self.order = None if unsigned else "asc"

    def text(self):
        return "phoenix_%s%s(%s)" % ("unsigned_" if self.unsigned else "",
                                    "double" if self.w == 8 else "float", self.child.text())

    def ev(self, row):
        v = self.child.ev(row)
        if self.unsigned:
            # -0 is written as 0 (and would read back so): not drawn
            if v < 0 or (v == 0 and math.copysign(1, v) < 0):
                raise Bad("negative")
            return struct.pack(">d" if self.w == 8 else ">f", v)
        # Java's doubleToLongBits / floatToIntBits: one NaN
        if v != v:
            v = float("nan")
        bits = 64 if self.w == 8 else 32
        u = int.from_bytes(struct.pack(">d" if self.w == 8 else ">f", v), "big")
        u = (~u if u >> (bits - 1) else u | (1 << (bits - 1))) & ((1 << bits) - 1)
        return ((u + 1) & ((1 << bits) - 1)).to_bytes(self.w, "big")


class Desc(Node):
    """desc(part): Phoenix's DESC, every byte of a fixed-width part (or of a text column or
    a phoenix_decimal: Phoenix's VARCHAR and DECIMAL DESC, followed by "\\xff") inverted,
    order reversed"""
    def __init__(self, child):
        if child.vk not in ("bin", "text", "bytes") or \
                (child.width is None and not (isinstance(child, Col) and child.vk == "text")
                 and not isinstance(child, PhxDec)):
            raise BadLayout("desc of a variable-width part")
        self.child, self.col, self.vk, self.width = child, child.col, "bin", child.width
        self.order = {"asc": "desc", "desc": "asc"}.get(child.order)
        self.nonneg = child.nonneg
        self.isfloat = getattr(child, "isfloat", False)

    def text(self):
        return "desc(%s)" % self.child.text()

    def ev(self, row):
        return bytes(x ^ 0xFF for x in self.child.ev(row))


class BytesOf(Node):
    def __init__(self, child, n):
        if not isinstance(child, Col) or child.vk not in ("bytes", "text"):
            raise BadLayout("bytes() of a non-bytea")
        self.child, self.n, self.col, self.vk, self.width = child, n, child.col, "bytes", n
        self.order = "asc"

    def text(self):
        return "bytes(%s%s)" % (self.child.text(), ", %d" % self.n if self.n else "")

    def ev(self, row):
        v = self.child.ev(row)
        if self.n is not None and len(v) != self.n:
            raise Bad("not n bytes")
        return v


def phx_decimal(v):
    """Apache Phoenix's DECIMAL bytes (PDecimal), written here from its format: an exponent
    byte E + 65 (sign bit set when positive) and base-100 digit pairs d of the magnitude
    sum d * 100^(E - i): d + 1 when positive; negative: every byte complemented (101 - d)
    and a 102 after the digits when there are fewer than 20"""
    if v == 0:
        return b"\x80"
    sign, digits, exp = v.normalize().as_tuple()
    ds = "".join(map(str, digits))
    point = len(ds) + exp       # digits before the decimal point (may be <= 0)
    if point % 2:
        ds, point = "0" + ds, point + 1
    if point < 0:
        pass
    if len(ds) % 2:
        ds += "0"
    pairs = [int(ds[i:i + 2]) for i in range(0, len(ds), 2)]
    while pairs and pairs[-1] == 0:
        pairs.pop()
    e = point // 2 - 1
    if len(pairs) > 20 or not 0 <= e + 65 <= 127:
        raise Bad("beyond a Phoenix DECIMAL")
    if not sign:
        return bytes([0x80 | (e + 65)] + [d + 1 for d in pairs])
    out = bytes([~(0x80 | (e + 65)) & 0xFF] + [101 - d for d in pairs])
    return out + b"\x66" if len(out) < 21 else out


class PhxDec(Node):
    """phoenix_decimal(x): a numeric as Phoenix's DECIMAL key column, variable width"""
    def __init__(self, child):
        if not isinstance(child, Col) or child.vk != "num":
            raise BadLayout("phoenix_decimal of a non-numeric")
        self.child, self.col, self.vk, self.width = child, child.col, "bin", None
        self.order, self.nonneg = "asc", False

    def text(self):
        return "phoenix_decimal(%s)" % self.child.text()

    def ev(self, row):
        return phx_decimal(row[self.col])


class PhxTs(Node):
    """phoenix_timestamp(x): Phoenix's TIMESTAMP key column, the milliseconds as a sign-flipped
    long, then the nanoseconds within the millisecond (Java's Timestamp: floor) as an int;
    phoenix_unsigned_timestamp(x): UNSIGNED_TIMESTAMP, no flip, nothing before 1970"""
    def __init__(self, child, unsigned=False):
        if not isinstance(child, Col) or child.vk != "ts":
            raise BadLayout("phoenix_timestamp of a non-timestamp")
        self.child, self.col, self.vk, self.width = child, child.col, "bin", 12
        self.order, self.nonneg, self.unsigned = "asc", False, unsigned

    def text(self):
        return "phoenix_%stimestamp(%s)" % ("unsigned_" if self.unsigned else "",
                                           self.child.text())

    def ev(self, row):
        us = self.child.ev(row)
        ms, rest = divmod(us, 1000)
        if self.unsigned and us < 0:
            raise Bad("before 1970")
        return ((ms if self.unsigned else ms ^ LONG_MIN) & 0xFFFFFFFFFFFFFFFF).to_bytes(8, "big") + \
            (rest * 1000).to_bytes(4, "big")


class BoolPart(Node):
    """boolean(x): Phoenix's BOOLEAN key column, one byte 0x00 / 0x01"""
    def __init__(self, child):
        if not isinstance(child, Col) or child.vk != "bool":
            raise BadLayout("boolean of a non-boolean")
        self.child, self.col, self.vk, self.width = child, child.col, "bin", 1
        self.order, self.nonneg = "asc", False

    def text(self):
        return "boolean(%s)" % self.child.text()

    def ev(self, row):
        return b"\x01" if self.child.ev(row) else b"\x00"


def sq(b):
    """a layout string literal in '...' with \\xNN escapes for anything not plain"""
    out = ""
    for c in b:
        ch = chr(c)
        if 0x20 < c < 0x7F and ch not in "'\\\"":
            out += ch
        else:
            out += "\\x%02x" % c
    return "'" + out + "'"


def qual_text(b):
    """a qualifier as a column option spells it: \\xNN for bytes that are not plain, \\\\ a
    backslash"""
    out = ""
    for c in b:
        if c == 0x5C:
            out += "\\\\"
        elif 0x20 <= c < 0x7F:
            out += chr(c)
        else:
            out += "\\x%02x" % c
    return out


def dq(text):
    return '"' + text + '"'


class ColumnPart:
    """a column part of the key: the expression's final bytes"""
    kind = "col"

    def __init__(self, node):
        self.node = node
        self.col = node.col
        self.optional = False
        # a bare integer, date or float at the top: decimal text of variable width
        if node.vk == "int":
            self.width = 19 if node.inv else None
            self.order = node.order if node.inv else None
            self.nonneg = False
        elif node.vk in ("float", "date", "ts"):
            raise BadLayout("bare float/date/timestamp part")
        else:
            self.width = node.width
            self.order = node.order
            self.nonneg = node.nonneg

    def text(self):
        return self.node.text()

    def enc(self, row):
        v = self.node.ev(row)
        if self.node.vk == "int":
            return to_text(self.node, v)
        return v


class Literal:
    kind = "lit"

    def __init__(self, b, double_quoted=False):
        self.b = b
        self.width = len(b)
        self.optional = False
        self.col = None
        self.double_quoted = double_quoted   # "..." spares doubling quotes in SQL

    def text(self):
        if self.double_quoted and all(0x20 < c < 0x7F and c not in b"'\\\"" for c in self.b):
            return dq(self.b.decode())
        return sq(self.b)


class Salt:
    kind = "salt"
    col = None
    optional = False

    def __init__(self, n, how, src, fmt, w):
        """how: 'phoenix', 'javahash' (src: a Node), 'arrays' (OpenTSDB: Arrays.hashCode of
        .items, set like a Hash's), 'random'; fmt: byte, dec, hex, letter"""
        self.n, self.how, self.src, self.fmt, self.w = n, how, src, fmt, w
        self.items = []
        self.width = 1 if fmt in ("byte", "letter") else w

    def text(self):
        inner = "salt(%d%s)" % (self.n, "" if self.how == "phoenix" else
                                ", random" if self.how == "random" else
                                ", arrays_hash(%s)" % Hash.items_text(self.items)
                                if self.how == "arrays" else
                                ", javahash(%s)" % self.src.text())
        if self.fmt == "byte":
            return inner
        if self.fmt == "letter":
            return "letter(%s)" % inner
        return "%s(%s, %d)" % ("lpad" if self.fmt == "dec" else "hex", inner, self.w)

    def bucket(self, row, rest, rng, layout=None):
        if self.how == "random":
            return rng.randrange(self.n)
        if self.how == "phoenix":
            return phoenix_bucket(rest, self.n)
        if self.how == "arrays":
            # OpenTSDB: Arrays.hashCode(bytes) % N, negated when negative
            return phoenix_bucket(Hash.items_bytes(self.items, row, layout), self.n)
        v = self.src.ev(row)
        if self.src.vk == "text":
            h = string_hash(v.decode("utf-8"))
        elif self.src.vw == 8:
            h = long_hash(v)
        else:
            h = int32(v)
        return java_rem(java_abs(h), self.n)

    def render(self, b):
        if self.fmt == "byte":
            return bytes([b & 0xFF])
        if self.fmt == "letter":
            if not 0 <= b < 26:
                raise Bad("letter of a negative bucket")
            return bytes([0x61 + b])
        s = ("%0*d" % (self.w, b)) if self.fmt == "dec" else ("%0*x" % (self.w, b & 0xFFFFFFFF if b < 0 else b))
        if len(s) != self.w:
            raise Bad("bucket wider than its part")
        return s.encode()


class Hash:
    kind = "hash"
    col = None
    optional = False

    def __init__(self, algo, raw, k, items, form):
        """items: [('col', name) | ('lit', bytes) | ('expr', ColumnPart)]"""
        self.algo, self.raw, self.k, self.items, self.form = algo, raw, k, items, form
        self.width = k

    @staticmethod
    def items_text(items):
        return " + ".join(it[1] if it[0] == "col" else sq(it[1]) if it[0] == "lit" else
                          it[1].text() for it in items)

    @staticmethod
    def items_bytes(items, row, layout):
        data = b""
        for it in items:
            if it[0] == "lit":
                data += it[1]
            elif it[0] == "col":
                part = layout.part_of(it[1])
                if row[it[1]] is None:
                    raise Bad("NULL under the hash")
                data += part.enc(row)
            else:
                data += it[1].enc(row)
        return data

    def text(self):
        inner = "%s%s(%s)" % (self.algo, "_raw" if self.raw else "", Hash.items_text(self.items))
        if self.form == "substr":
            return "substr(%s, 0, %d)" % (inner, self.k)
        return "left(%s, %d)" % (inner, self.k)

    def columns(self):
        return [it[1] if it[0] == "col" else it[1].col for it in self.items if it[0] != "lit"]

    def digest(self, row, layout):
        data = Hash.items_bytes(self.items, row, layout)
        d = hashlib.new(self.algo, data).digest()
        return d[:self.k] if self.raw else d.hex()[:self.k].encode()


class Layout:
    def __init__(self, parts, groups):
        """parts: flat list; groups: for each part, the depth of optional group it starts (0: not
        optional) -- kept as the list of part indexes where optional groups start"""
        self.parts = parts
        self.groups = groups   # indexes of parts that start an optional group

    def part_of(self, col):
        for p in self.parts:
            if p.kind == "col" and p.col == col:
                return p
        raise KeyError(col)

    def key_columns(self):
        return [p.col for p in self.parts if p.kind == "col"]

    def text(self):
        out = []
        depth = 0
        for i, p in enumerate(self.parts):
            s = p.text()
            if i in self.groups:
                s = "[" + s
                depth += 1
            out.append(s)
        return " + ".join(out) + "]" * depth

    def optional_columns(self):
        """column -> index of its group (0-based in self.groups order)"""
        out = {}
        g = -1
        for i, p in enumerate(self.parts):
            if i in self.groups:
                g += 1
            if p.kind == "col" and g >= 0:
                out[p.col] = g
        return out

    def encode(self, row, rng):
        """the key of a row (dict column -> value, NULL = None), or Bad"""
        # where the key stops: after the last optional group holding a value, as Phoenix leaves
        # trailing NULL key columns out; before it a NULL is allowed in a variable-width part
        # of a group before the last one (no bytes: a nullable part), not elsewhere
        first = self.groups[0] if self.groups else len(self.parts)
        lastg = self.groups[-1] if self.groups else 0
        stop = len(self.parts)
        if self.groups:
            stop = first
            for i in range(first, len(self.parts)):
                p = self.parts[i]
                if p.kind == "col" and row[p.col] is not None:
                    later = [g for g in self.groups if g > i]
                    stop = later[0] if later else len(self.parts)
        for i, p in enumerate(self.parts[:stop]):
            if p.kind == "col" and row[p.col] is None and not (first <= i < lastg and
                                                                p.width is None):
                raise Bad("NULL key column")
        out = b""
        salt_at = hash_at = None
        gstart = None
        null_sep = False
        for i, p in enumerate(self.parts[:stop]):
            if i in self.groups:
                # a group writes nothing before a later one only by a NULL (nullable part)
                gstart = len(out)
            if null_sep:
                # the "\xff" after a NULL nullable part is "\x00" (SchemaUtil.getSeparatorByte)
                null_sep = False
                out += b"\x00"
                continue
            if p.kind == "lit":
                out += p.b
            elif p.kind == "col" and row[p.col] is None:
                nxt = self.parts[i + 1] if i + 1 < len(self.parts) else None
                null_sep = nxt is not None and nxt.kind == "lit" and nxt.b == b"\xff"
            elif p.kind == "col":
                b = p.enc(row)
                if first <= i < lastg and p.width is None and b == b"":
                    raise Bad("an empty nullable part reads back as NULL")
                if p.width is not None and len(b) != p.width:
                    raise Bad("width")
                nxt = self.parts[i + 1] if i + 1 < len(self.parts) else None
                if p.width is None and nxt is not None:
                    # the reader takes the first delimiter after the part's start
                    if (b + nxt.b).find(nxt.b) != len(b):
                        raise Bad("delimiter inside a delimited part")
                out += b
            elif p.kind == "salt":
                salt_at = len(out)
                out += b"\0" * p.width
            else:
                hash_at = len(out)
                out += b"\0" * p.width
        if gstart is not None and len(out) == gstart:
            raise Bad("empty optional group")
        if hash_at is not None:
            h = self.parts[0]
            out = out[:hash_at] + h.digest(row, self) + out[hash_at + h.width:]
        if salt_at is not None:
            s = self.parts[0]
            b = s.bucket(row, out[salt_at + s.width:], rng, self)
            out = out[:salt_at] + s.render(b) + out[salt_at + s.width:]
        if not out:
            raise Bad("empty key")
        return out


# ------------------------------------------------------------------ generating tables

DELIMS = [b"-", b"|", b"\x00", b"\xff", b"#", b"::", b"\x00\x00", b"/", b"_"]
PATTERNS_DATE = ["yyyyMMdd", "yyyy-MM-dd", "yyyyMM", "ddMMyyyy", "yyyy/MM/dd", "MMddyyyy"]
PATTERNS_TS = ["yyyyMMddHHmmss", "yyyyMMddHHmmssSSS", "yyyy-MM-dd HH:mm:ss.SSS", "yyyyMMddHH",
               "yyyyMMdd", "HHmmssddMMyyyy", "yyyyMMddHHmm"]
TEXT_EDGES = ["", "a", "ab", "abc", "abcd", "b", "A", "Z", "z", "~", "0", "00", "1", "a b",
              "é", "ü", "日本", "日本語", "😀", "a😀", "ключ", "\x7f", "\x01", "polygenelubricants",
              "-", "|", "#", "x" * 20, "ab-cd", "ab|cd", "_", "%", "a%b", "a_b", "\\", "'", "aa",
              "aaa", "zz"]
BYTEA_EDGES = [b"", b"\x00", b"\x00\x00", b"\xff", b"\xff\xff", b"\x00\xff", b"\xff\x00", b"\x01",
               b"\x7f", b"\x80", b"\xc3\x28", b"\xe2\x82", b"\xf0\x9f\x98", b"a", b"ab", b"abc",
               b"\xfe\xff", b"\x00a", b"a\x00", b"\xc3\xa9", b"-", b"|"]
FLOAT_EDGES = [0.0, -0.0, 1.0, -1.0, 1.5, -1.5, 0.1, -0.1, float("inf"), float("-inf"),
               float("nan"), 1e308, -1e308, 5e-324, -5e-324, 2.2250738585072014e-308, 1e-300,
               3.4028234663852886e+38, -3.4028234663852886e+38, 1.401298464324817e-45, 100.0,
               123456.789, -123456.789, 2.0 ** 53, 42.0]
NUM_EDGES = ["0", "1", "-1", "1.5", "-1.5", "1.505", "1.55", "2", "-2", "-2.5", "0.5", "-0.5",
             "0.001", "-0.001", "0.1", "10", "99", "99.5", "100", "-100", "101", "1E-30", "-1E-30",
             "1E-130", "-1E-130", "1E-131", "12345678901234567890.123456789",
             "-12345678901234567890.123456789", "9" * 38, "-" + "9" * 38, "9" * 40, "1" + "0" * 39,
             "1E+100", "-1E+100", "9.9E+125", "1E+126", "-9.9E+125", "123456", "-123456",
             "0.01", "0.011", "0.0101", "1234567890123456789012345678901234567890.5"]
ALPHA = "abcdefghijklmnopqrstuvwxyz"
ALPHA2 = "abAB01 -_é日😀|#~"


class Table:
    def __init__(self, seed, idx):
        self.idx = idx
        self.seed = seed
        self.name = "%s_%d" % (PREFIX, idx)
        self.rng = random.Random("%s/%d" % (seed, idx))
        self.kinds = {}
        self.decl = {}          # column -> declared SQL type (with COLLATE)
        self.collate_c = {}
        self.expect = "ok"      # or the reason the generator expects a rejection
        self.rk = False
        self.cells = []         # (column, kind, encoding)
        self.quals = {}         # column -> its cell's qualifier bytes, when not its name
        self.versions = None    # a table of cell versions: N or "all" (option versions)
        self.hrows = None       # a versions table's HBase rows (several versions per key)
        self.latest = False     # one row per key with a :timestamp column (cells' own times)
        self.rows = []
        self.keys = []
        self.accepted = None
        self.error = None
        self.fetch_size = None
        self.concurrency = None
        self.big = False
        self.parallel = False   # parallel_workers '2': Parallel Foreign Scan plans
        self.splits = None      # region boundaries the HBase table is created with

    # -- columns
    def add_col(self, name, kind):
        rng = self.rng
        self.kinds[name] = kind
        decl = TYPES[kind][0]
        if kind == "varchar" and rng.random() < 0.3:
            decl = "varchar(40)"
        if TYPES[kind][1] == "text":
            # collate_c: the column's collation sorts as bytes (the key's order); the
            # database's default (C.UTF-8 here) is one too, "und-x-icu" is not
            coll = rng.choice(['"C"', '"C"', '"C"', '"POSIX"', "ucs_basic", '"C.utf8"',
                               None, '"und-x-icu"'])
            self.collate_c[name] = coll != '"und-x-icu"'
            if coll:
                decl += " COLLATE " + coll
        self.decl[name] = decl

    def ddl_cols(self, foreign):
        cols = []
        if self.rk:
            cols.append("rk bytea" + (" OPTIONS (column ':key')" if foreign else ""))
        for c in self.kinds:
            opts = []
            for cc, _, e in self.cells:
                if cc == c and e == "binary" and foreign:
                    opts.append("encoding 'binary'")
                if cc == c and e.startswith("tw") and foreign:
                    opts.append("text_width '%s'" % e[2:])
            if c in self.quals and foreign:
                opts.append("column %s" % q("d:" + qual_text(self.quals[c])))
            if c == "ts" and (self.versions or self.latest) and foreign:
                opts.append("column ':timestamp'")
            # OPTIONS go before COLLATE in a foreign table's column
            decl, coll = (self.decl[c].split(" COLLATE ", 1) + [None])[:2]
            cols.append("%s %s%s%s" % (c, decl, " OPTIONS (%s)" % ", ".join(opts) if opts else "",
                                       " COLLATE " + coll if coll else ""))
        return cols

    def create_foreign(self):
        opts = ["table %s" % q(self.name), "family 'd'", "rowkey %s" % q(self.layout_text)]
        if self.fetch_size:
            opts.append("fetch_size '%d'" % self.fetch_size)
        if self.concurrency:
            opts.append("concurrency '%d'" % self.concurrency)
        if self.parallel:
            opts.append("parallel_workers '2'")
        if self.versions:
            opts.append("versions '%s'" % self.versions)
        return "CREATE FOREIGN TABLE dt.%s (\n  %s\n) SERVER dt_hbase OPTIONS (%s);" % (
            self.name, ",\n  ".join(self.ddl_cols(True)), ", ".join(opts))

    def create_local(self):
        return "CREATE TABLE dt.%s_l (%s);" % (self.name, ", ".join(self.ddl_cols(False)))

    def all_cols(self):
        return (["rk"] if self.rk else []) + list(self.kinds)


def gen_node(t, col, kind, rng, need_fixed):
    """a random expression for a key column of this kind; need_fixed: no variable width"""
    c = Col(t, col)
    cls = TYPES[kind][1]
    r = rng.random()
    if cls == "num":
        return PhxDec(c)
    if cls == "bool":
        return BoolPart(c)
    prng = random.Random("%s/%d/%s/phxts" % (t.seed, t.idx, col))
    if cls == "ts" and prng.random() < 0.25:
        return PhxTs(c, unsigned=prng.random() < 0.3)
    if t.ordered:
        return ordered_node(t, c, kind, rng)
    if cls == "int":
        w = INT_WIDTH[kind]
        choices = [
            (3, lambda: Pad(c, rng.choice([w * 2 + 1, 5, 10, 19, 20]), "0", True, False)),
            (1, lambda: Pad(c, rng.choice([6, 12]), rng.choice(["0", " ", "x"]), True, True)),
            (1, lambda: Pad(c, 8, " ", False, False)),
            (1, lambda: Fixed(c, rng.choice([1, 2, 3, 5]))),
            (1, lambda: Reverse(Pad(c, 10, "0", True, False))),
            (3, lambda: Bin(c, rng.choice([bw for bw in (8, 4, 2) if bw >= w]))),
            (3, lambda: Sortable(Bin(c, rng.choice([bw for bw in (8, 4, 2) if bw >= w])))),
            (2, lambda: Bin(BitRev(c), 8)),
            (2, lambda: MaxMinus(c)),
            (2, lambda: Bin(MaxMinus(c), 8)),
            (1, lambda: Sortable(Bin(MaxMinus(c), 8))),
            (2, lambda: UInt(c, rng.choice([1, 2, 3, 4, 5, 8]))),
            (1, lambda: UInt(MaxMinus(c), 8)),
        ]
        if not need_fixed:
            choices += [(2, lambda: c), (1, lambda: Reverse(c)), (1, lambda: BitRev(c))]
        if rng.random() < 0.03 and w > 1:
            # a part narrower than its column (Phoenix's TINYINT is byte(smallint)): values
            # out of its range are neither written nor matched
            nb = rng.choice([b for b in (1, 2, 4) if b < w])
            return Sortable(Bin(c, nb)) if rng.random() < 0.5 else Bin(c, nb)
    elif cls == "float":
        w = 8 if kind == "float8" else 4
        choices = [(3, lambda: Flt(c, 8)), (4, lambda: Sortable(Flt(c, 8)))]
        if w == 4:
            choices += [(2, lambda: Flt(c, 4)), (3, lambda: Sortable(Flt(c, 4)))]
        elif rng.random() < 0.04:
            t.expect = "float(x) of a double precision column"
            return Narrow(c, 4, "float")
    elif cls == "text":
        choices = [
            (2, lambda: Pad(c, rng.choice([4, 8, 12]), "0", True, False)),
            (1, lambda: Pad(c, rng.choice([6, 10]), rng.choice(["_", "*", "0"]), True, True)),
            (2, lambda: Pad(c, rng.choice([6, 10]), " ", False, rng.random() < 0.3)),
            (1, lambda: Fixed(c, rng.choice([1, 2, 3, 4]))),
            (1, lambda: BytesOf(c, rng.choice([2, 3]))),
            (1, lambda: Reverse(Pad(c, 8, "0", True, False))),
        ]
        if not need_fixed:
            choices += [(8, lambda: c), (2, lambda: Reverse(c)), (1, lambda: BytesOf(c, None))]
    elif cls == "bytes":
        choices = [(2, lambda: BytesOf(c, rng.choice([1, 2, 4])))]
        if not need_fixed:
            choices += [(4, lambda: c), (2, lambda: BytesOf(c, None))]
    else:
        pats = PATTERNS_DATE if cls == "date" else PATTERNS_TS
        choices = [
            (5, lambda: DateFmt(c, rng.choice(pats))),
            (2, lambda: Pad(Epoch(c, rng.random() < 0.5), rng.choice([12, 15, 19]), "0", True, False)),
            (2, lambda: Bin(Epoch(c, True), 8)),
            (1, lambda: Bin(Epoch(c, False), rng.choice([8, 4]))),
            (2, lambda: Sortable(Bin(Epoch(c, True), 8))),
            (2, lambda: MaxMinus(Epoch(c, True))),
            (2, lambda: Bin(MaxMinus(Epoch(c, True)), 8)),
            (1, lambda: Reverse(DateFmt(c, "yyyyMMdd"))),
            (1, lambda: UInt(Epoch(c, False), rng.choice([4, 5]))),
            (1, lambda: UInt(Epoch(c, True), rng.choice([6, 8]))),
        ]
        if not need_fixed:
            choices += [(1, lambda: Epoch(c, rng.random() < 0.5))]
    total = sum(w for w, _ in choices)
    x = r * total
    for wgt, f in choices:
        x -= wgt
        if x <= 0:
            return f()
    return choices[-1][1]()


def ordered_node(t, c, kind, rng):
    """an expression whose bytes follow the column's order (ascending or, inverted,
    descending): these are the layouts whose ORDER BY needs no Sort and whose reverse order
    is a reversed scan"""
    cls = TYPES[kind][1]
    if cls == "int":
        w = INT_WIDTH[kind]
        return rng.choice([
            lambda: Pad(c, rng.choice([w * 2 + 1, 10, 20]), "0", True, False),
            lambda: Sortable(Bin(c, rng.choice([bw for bw in (8, 4, 2) if bw >= w]))),
            lambda: Bin(c, 8), lambda: MaxMinus(c), lambda: Sortable(Bin(MaxMinus(c), 8)),
            lambda: UInt(c, rng.choice([2, 3, 4, 8])), lambda: UInt(MaxMinus(c), 8),
            lambda: Bin(MaxMinus(c), 8)])()
    if cls == "float":
        return Sortable(Flt(c, rng.choice([8, 4] if kind == "float4" else [8])))
    if cls == "text":
        return rng.choice([lambda: c, lambda: c, lambda: Fixed(c, rng.choice([1, 2, 3]))])()
    if cls == "bytes":
        return rng.choice([lambda: c, lambda: BytesOf(c, rng.choice([1, 2, 4])),
                           lambda: BytesOf(c, None)])()
    return rng.choice([
        lambda: DateFmt(c, rng.choice(["yyyyMMdd", "yyyy-MM-dd"] if cls == "date" else
                                      ["yyyyMMddHHmmss", "yyyyMMddHHmmssSSS",
                                       "yyyy-MM-dd HH:mm:ss.SSS"])),
        lambda: Pad(Epoch(c, True), 19, "0", True, False),
        lambda: Bin(Epoch(c, True), 8), lambda: Sortable(Bin(Epoch(c, True), 8)),
        lambda: MaxMinus(Epoch(c, True)), lambda: Bin(MaxMinus(Epoch(c, True)), 8),
        lambda: UInt(Epoch(c, False), 4), lambda: UInt(MaxMinus(Epoch(c, True)), 8)])()


class Narrow(Node):
    """a binary integer or float part narrower than its column: CREATE must refuse it"""
    def __init__(self, child, w, what="int"):
        self.child, self.w, self.col, self.vk, self.width = child, w, child.col, "bin", w
        self.what = what

    def text(self):
        if self.what == "float":
            return "float(%s)" % self.child.text()
        return "%s(%s)" % (Bin.NAMES[self.w], self.child.text())

    def ev(self, row):
        raise Bad("invalid layout")


def gen_table(seed, idx, big=False):
    t = Table(seed, idx)
    rng = t.rng
    t.big = big
    # a third of the layouts keep the key order of every part (ORDER BY without a Sort,
    # reversed scans for the reverse order), with "\x00" after variable-width parts
    t.ordered = rng.random() < 0.33

    def delim():
        return b"\x00" if t.ordered and rng.random() < 0.8 else rng.choice(DELIMS)
    nkeys = rng.choice([1, 2, 2, 2, 3, 3, 3, 4])
    if big:
        nkeys = rng.choice([2, 3])
    kinds = []
    for i in range(nkeys):
        kinds.append(rng.choice(["int2", "int4", "int8", "int8", "int4", "int2", "text", "text",
                                 "text", "varchar", "date", "ts", "tstz", "float8", "float4",
                                 "bytea", "bytea"]))
    # Phoenix DECIMAL key columns: an integer column becomes numeric, drawn from its own
    # generator (the table's layout and rows then change; the seed's other tables do not)
    nrng = random.Random("%s/%d/numeric" % (seed, idx))
    ints = [i for i, k in enumerate(kinds) if k in ("int2", "int4", "int8")]
    if ints and nrng.random() < 0.25:
        kinds[nrng.choice(ints)] = "numeric"
    # Phoenix BOOLEAN key columns, the same way (never the only key column: two rows at most)
    brng = random.Random("%s/%d/bool" % (seed, idx))
    ints = [i for i, k in enumerate(kinds) if k in ("int2", "int4", "int8")]
    if ints and len(kinds) > 1 and brng.random() < 0.15:
        kinds[brng.choice(ints)] = "bool"
    keycols = ["k%d" % (i + 1) for i in range(nkeys)]
    for c, k in zip(keycols, kinds):
        t.add_col(c, k)
    # optional trailing groups: the last one or two key columns
    nopt = 0
    if nkeys >= 2 and rng.random() < 0.3:
        nopt = 1 if nkeys == 2 or rng.random() < 0.6 else 2
    parts, groups = [], []
    # prefix
    r = rng.random()
    if t.ordered:
        r = rng.choice([0.1, 0.3, 0.45, 0.9, 0.9, 0.9])
        # more ordered layouts under a salt (keyset pages cut per bucket, merged forwards and
        # backwards), drawn from their own generator (the seed's other tables do not change)
        if random.Random("%s/%d/saltorder" % (seed, idx)).random() < 0.3:
            r = 0.1
    prefix = None
    if r < 0.22:
        how = rng.choice(["phoenix", "javahash", "javahash", "random", "arrays", "arrays"])
        # many buckets make every fan-out query slow: rarely more than 31
        n = rng.choice([1, 2, 3, 4, 5, 7, 8, 10, 16, 20, 26, 31] * 6 + [64, 256])
        fmt = rng.choice(["byte", "byte", "dec", "hex", "letter"])
        w = 1
        if fmt == "letter" and n > 26:
            n = rng.choice([2, 4, 5, 26])
        if fmt == "dec":
            w = len(str(n - 1)) + rng.choice([0, 0, 1])
        if fmt == "hex":
            w = len("%x" % (n - 1)) + rng.choice([0, 0, 1])
        src = None
        if how == "javahash":
            nonopt = keycols[:nkeys - nopt]
            sc = rng.choice(nonopt)
            if rng.random() < 0.1:
                # the salt hashes a column that only a cell holds
                sc = "s1"
                t.add_col("s1", rng.choice(["int8", "int4", "text"]))
                t.cells.append(("s1", t.kinds["s1"], rng.choice(["text", "binary"])
                                if TYPES[t.kinds["s1"]][1] == "int" else "text"))
            k = t.kinds[sc]
            base = Col(t, sc)
            if TYPES[k][1] in ("date", "ts"):
                src = Epoch(base, rng.random() < 0.7)
            elif TYPES[k][1] == "int" and rng.random() < 0.2:
                src = Pad(base, 20, "0", True, False)
            elif TYPES[k][1] in ("int", "text"):
                src = base
            else:
                src = base   # float / bytea: javahash refuses them
                t.expect = "javahash() of a %s column" % k
        prefix = Salt(n, how, src, fmt, w)
        if rng.random() < 0.02:
            prefix = Salt(rng.choice([100, 300]), how, src, "dec", 1)
            t.expect = "lpad(salt(N), w) too narrow"
            prefix.fmt = "dec"
        parts.append(prefix)
    elif r < 0.42:
        algo = rng.choice(["md5", "md5", "sha1", "sha256"])
        raw = rng.random() < 0.25
        size = {"md5": 16, "sha1": 20, "sha256": 32}[algo]
        k = rng.choice([1, 2, 3, 4, 5, 8]) if not raw else rng.choice([1, 2, 4])
        if rng.random() < 0.02:
            k = 2 * size + 1 if not raw else size + 1
            t.expect = "hash prefix longer than the digest"
        prefix = Hash(algo, raw, k, None, rng.choice(["left", "left", "substr"]))
        parts.append(prefix)
    elif r < 0.5:
        parts.append(Literal(rng.choice([b"u", b"x:", b"\xff", b"\x00", b"ab"])))
    # column parts
    for i, c in enumerate(keycols):
        last = i == nkeys - 1
        if nopt and i == nkeys - nopt:
            # an optional group starts here: with a literal first when the part before is
            # variable (it needs a delimiter after it)
            prev = parts[-1] if parts else None
            if prev is not None and prev.kind == "col" and prev.width is None:
                lit = Literal(delim(), rng.random() < 0.5)
                groups.append(len(parts))
                parts.append(lit)
            else:
                groups.append(len(parts))
                if rng.random() < 0.4:
                    parts.append(Literal(delim(), rng.random() < 0.5))
        elif nopt == 2 and i == nkeys - 1:
            prev = parts[-1]
            groups.append(len(parts))
            if prev.kind == "col" and prev.width is None or rng.random() < 0.4:
                parts.append(Literal(delim(), rng.random() < 0.5))
        node = gen_node(t, c, t.kinds[c], rng, need_fixed=False)
        # Phoenix DOUBLE/FLOAT key columns in place of sortable(double(x)) and the like,
        # drawn from their own generator too
        frng = random.Random("%s/%d/%s/phxfloat" % (t.seed, t.idx, c))
        if isinstance(node, Sortable) and node.isfloat and isinstance(node.child.child, Col) \
                and frng.random() < 0.5:
            node = PhxFloat(node.child.child, node.child.w, unsigned=frng.random() < 0.3)
        # Phoenix DESC columns, drawn from their own generator (a seed's other draws stay)
        drng = random.Random("%s/%d/%s/desc" % (t.seed, t.idx, c))
        desc_text = False
        if node.width is not None and node.vk in ("bin", "text", "bytes") and drng.random() < 0.15:
            node = Desc(node)
        elif isinstance(node, PhxDec) and \
                random.Random("%s/%d/%s/descdec" % (t.seed, t.idx, c)).random() < 0.4:
            # a DECIMAL DESC: "\xff" after it (mostly), as Phoenix writes it
            node = Desc(node)
            desc_text = True
        elif isinstance(node, Col) and node.vk == "text" and \
                random.Random("%s/%d/%s/desctext" % (t.seed, t.idx, c)).random() < 0.4:
            # a VARCHAR DESC: "\xff" after it (mostly), so it keeps the reverse order
            node = Desc(node)
            desc_text = True
        part = ColumnPart(node)
        parts.append(part)
        if not last:
            nxt_optional = nopt and (i + 1 == nkeys - nopt or (nopt == 2 and i + 1 == nkeys - 1))
            if part.width is None and not nxt_optional:
                if rng.random() < 0.03 and t.expect == "ok":
                    t.expect = "a variable-width part without a delimiter"
                else:
                    lit = Literal(delim(), rng.random() < 0.5)
                    if desc_text and random.Random("%s/%d/%s/descdelim" % (
                            t.seed, t.idx, c)).random() < 0.8:
                        lit = Literal(b"\xff", lit.double_quoted)
                    parts.append(lit)
            elif part.width is not None and not nxt_optional and rng.random() < 0.2:
                parts.append(Literal(delim(), rng.random() < 0.5))
    if isinstance(prefix, Hash) or (isinstance(prefix, Salt) and prefix.how == "arrays"):
        nonopt = keycols[:nkeys - nopt]
        cols = nonopt[:rng.randint(1, len(nonopt))]
        if rng.random() < 0.25 and len(nonopt) > 1:
            cols = rng.sample(nonopt, rng.randint(1, len(nonopt)))
        items = []
        for c in cols:
            if items and rng.random() < 0.2:
                items.append(("lit", rng.choice([b"-", b"|", b"\x00"])))
            cls = TYPES[t.kinds[c]][1]
            if rng.random() < 0.2 and cls in ("int", "text", "date", "ts"):
                # an expression: hashed in its own encoding, not the key part's
                base = Col(t, c)
                node = Pad(base, 20, "0", True, False) if cls == "int" and rng.random() < 0.5 \
                    else Bin(base, 8) if cls == "int" else Reverse(base) if cls == "text" \
                    else DateFmt(base, "yyyyMMddHHmmssSSS") if cls == "ts" \
                    else DateFmt(base, "yyyyMMdd")
                items.append(("expr", ColumnPart(node)))
            else:
                items.append(("col", c))
        prefix.items = items
    if rng.random() < 0.02 and t.expect == "ok" and len(keycols) >= 2:
        # the same column twice
        parts.append(Literal(b"-"))
        parts.append(ColumnPart(Pad(Col(t, keycols[0]), 30, "0", True, False))
                     if TYPES[t.kinds[keycols[0]]][1] == "int" else ColumnPart(Col(t, keycols[0]))
                     if TYPES[t.kinds[keycols[0]]][1] in ("text", "bytes")
                     else ColumnPart(DateFmt(Col(t, keycols[0]), "yyyyMMdd"))
                     if TYPES[t.kinds[keycols[0]]][1] in ("date", "ts")
                     else ColumnPart(Flt(Col(t, keycols[0]), 8))
                     if TYPES[t.kinds[keycols[0]]][1] == "float"
                     else ColumnPart(Col(t, keycols[0])))
        t.expect = "a column twice in the key"
    t.layout = Layout(parts, groups)
    t.layout_text = t.layout.text()
    t.keycols = keycols
    t.optional = t.layout.optional_columns()
    # cells: a text one, a binary integer, sometimes a float and a bytea
    t.add_col("v1", "text")
    t.cells.append(("v1", "text", "text"))
    # binary qualifiers (Phoenix's column-encoded ones hold 0x00 and 0x80..0xff), from their
    # own generator
    qrng = random.Random("%s/%d/binqual" % (seed, idx))
    if qrng.random() < 0.3:
        t.quals["v1"] = qrng.choice([b"v1\x00\xff", b"\x80\x0b", b"\x00\x00\x00\x00", b"v\\1",
                                     b"a:b", b""])
    t.add_col("v2", "int8")
    t.cells.append(("v2", "int8", rng.choice(["binary", "binary", "text"])))
    if rng.random() < 0.3:
        t.add_col("v3", "float8")
        t.cells.append(("v3", "float8", rng.choice(["binary", "text"])))
    if rng.random() < 0.3:
        t.add_col("v4", "bytea")
        t.cells.append(("v4", "bytea", "text"))
    # a date and a timestamp as text, some spelled other than ISO (cell_bytes): value filters
    # compare the ISO spelling as bytes and let the others through; from their own generator
    t.drng = random.Random("%s/%d/datecells" % (seed, idx))
    if t.drng.random() < 0.3:
        t.add_col("v5", "date")
        t.cells.append(("v5", "date", "text"))
    if t.drng.random() < 0.3:
        t.add_col("v6", "ts")
        t.cells.append(("v6", "ts", "text"))
        if t.drng.random() < 0.4:
            t.decl["v6"] = "timestamp(%d)" % t.drng.randint(0, 5)
    # an integer as zero-padded text of a fixed width (option text_width 'N', encoding
    # "twN"), some cells in another form the reader takes (cell_bytes): value filters compare
    # the padded digits as bytes and let the others through; from its own generator
    t.twrng = random.Random("%s/%d/textwidth" % (seed, idx))
    if t.twrng.random() < 0.3:
        kind = t.twrng.choice(["int2", "int4", "int8"])
        t.add_col("v7", kind)
        t.cells.append(("v7", kind, "tw%d" % t.twrng.choice([1, 2, 3, 4, 5, 6, 9, 10, 12, 18,
                                                              19])))
    # a table of cell versions (a row per version), from its own generator; not with a salt
    # computed from a cell (s1: a version without it would have another key)
    vrng = random.Random("%s/%d/versions" % (seed, idx))
    if vrng.random() < 0.15 and "s1" not in t.kinds:
        t.versions = vrng.choice([1, 2, 3, "all", "all"])
        t.add_col("ts", vrng.choice(["tstz", "tstz", "int8"]))
    # else, a :timestamp column on a table of one row per key: the newest timestamp of the
    # row's mapped cells, whatever a query reads (from its own generator)
    lrng = random.Random("%s/%d/latest" % (seed, idx))
    if not t.versions and lrng.random() < 0.12:
        t.latest = True
        t.add_col("ts", lrng.choice(["tstz", "int8"]))
    t.rk = rng.random() < 0.6
    if big:
        t.fetch_size = rng.choice([7, 5, 11])
    else:
        t.fetch_size = rng.choice([None, None, 7, 3, 20])
    t.concurrency = rng.choice([None, None, 1, 2])
    # drawn from their own generator: the layouts, rows and queries of a seed stay as they were
    ex = random.Random("%s/%d/exec" % (seed, idx))
    t.parallel = ex.random() < 0.3
    t.split_draw = ex.random()
    return t


# ------------------------------------------------------------------ generating rows

def node_hints(node):
    """(exact byte lengths, time resolution in microseconds) a part asks of its values"""
    exact, res = [], 1000
    n = node
    while n is not None:
        if isinstance(n, (Fixed, BytesOf)) and n.n:
            exact.append(n.n)
        if isinstance(n, DateFmt):
            res = n.res
        if isinstance(n, Epoch):
            res = 1000 if n.ms else 10**6
        if isinstance(n, PhxTs):
            res = 1
        n = getattr(n, "child", None)
    return exact, res


def candidates(t, col, node, rng):
    """values to try for a key column (edge values first), before its part filters them"""
    kind = t.kinds[col]
    cls = TYPES[kind][1]
    exact, res = node_hints(node) if node is not None else ([], 1000)
    out = []
    if cls == "int":
        lo, hi = INT_RANGE[kind]
        edges = [0, 1, -1, 2, 9, 10, 11, 12, 99, 100, 123, 1234, 12345, 123456, lo, hi, lo + 1,
                 hi - 1, 127, 128, -128, 255, 256, 32767, -32768, INT_MAX, INT_MIN, 2**31, 2**32,
                 LONG_MAX, LONG_MIN, 999999, 10**18, 10**9, -42]
        out += [v for v in edges if lo <= v <= hi]
        for _ in range(30):
            d = rng.randint(1, 19)
            v = rng.randint(0, 10**d)
            if rng.random() < 0.25:
                v = -v
            if lo <= v <= hi:
                out.append(v)
        for n in exact:
            for _ in range(6):
                out.append(rng.randint(10**(n - 1) if n > 1 else 0, 10**n - 1))
            out.append(-rng.randint(10**(n - 2) if n > 2 else 0, 10**(n - 1) - 1) if n > 1 else 0)
        out = [v for v in out if lo <= v <= hi]
    elif cls == "float":
        out += list(FLOAT_EDGES)
        for _ in range(20):
            v = rng.uniform(-1, 1) * 10**rng.randint(-6, 12)
            out.append(round(v, rng.randint(0, 4)) if rng.random() < 0.5 else v)
        if rng.random() < 0.2:
            out.append(-float("nan"))
        if kind == "float4":
            out = [f32(v) if not math.isnan(v) else v for v in out
                   if math.isnan(v) or math.isinf(v) or abs(v) <= 3.4028234663852886e+38]
    elif cls == "text":
        out += list(TEXT_EDGES)
        for _ in range(25):
            alpha = ALPHA if rng.random() < 0.7 else ALPHA2
            out.append("".join(rng.choice(alpha) for _ in range(rng.randint(0, 10))))
        for n in exact:
            for _ in range(8):
                s = "".join(rng.choice(ALPHA + "0123456789") for _ in range(n))
                out.append(s)
            if n >= 2:
                out.append("é" + "a" * (n - 2))
    elif cls == "bool":
        out += [False, True]
    elif cls == "num":
        out += [Decimal(x) for x in NUM_EDGES]
        for _ in range(25):
            d = Decimal(rng.randint(0, 10**rng.randint(1, 40))).scaleb(-rng.randint(0, 45))
            out.append(-d if rng.random() < 0.3 else d)
        out = [v.normalize() for v in out]
    elif cls == "bytes":
        out += list(BYTEA_EDGES)
        for _ in range(25):
            out.append(bytes(rng.choice([0, 1, 0x41, 0x7f, 0x80, 0xc3, 0xfe, 0xff, rng.randrange(256)])
                             for _ in range(rng.randint(0, 6))))
        for n in exact:
            for _ in range(8):
                out.append(bytes(rng.randrange(256) for _ in range(n)))
            out.append(b"\x00" * n)
            out.append(b"\xff" * n)
    else:
        ymd = [(1970, 1, 1), (1969, 12, 31), (2000, 2, 29), (2000, 1, 1), (1999, 12, 31),
               (2024, 2, 29), (2024, 3, 1), (0, 1, 1), (1, 1, 1), (9999, 12, 31), (1901, 12, 14),
               (2038, 1, 19), (2262, 4, 11), (1677, 9, 22), (2100, 2, 28), (1900, 3, 1)]
        days = [days_from_civil(*d) for d in ymd] + [PG_DATE_MIN, PG_DATE_MAX, 0, -1, 1]
        for _ in range(15):
            days.append(rng.randint(days_from_civil(1960, 1, 1), days_from_civil(2040, 1, 1)))
        for _ in range(5):
            days.append(rng.randint(days_from_civil(0, 1, 1), days_from_civil(9999, 12, 31)))
        # first days of months (patterns without the day)
        for d in list(days[:12]):
            y, m, _ = civil_from_days(d)
            days.append(days_from_civil(y, m, 1))
        if cls == "date":
            out += [d for d in days if PG_DATE_MIN <= d <= PG_DATE_MAX]
        else:
            for d in days:
                if PG_TS_MIN <= d * USEC_DAY <= PG_TS_MAX:
                    out.append(d * USEC_DAY)
                    us = d * USEC_DAY + rng.randrange(USEC_DAY // res) * res
                    if us <= PG_TS_MAX:
                        out.append(us)
            out += [PG_TS_MIN, PG_TS_MAX - PG_TS_MAX % res, -1000, -10**6, 1000, res]
    return out


def has_epoch(t, col):
    for p in t.layout.parts:
        n = p.node if p.kind == "col" else p.src if p.kind == "salt" else None
        while n is not None:
            if isinstance(n, Epoch) and n.col == col:
                return True
            n = getattr(n, "child", None)
    return False


def value_ok(t, col, v):
    """can the key hold this value of col? (its part, the delimiter after it, a salt or hash
    computed from it)"""
    row = {c: None for c in t.kinds}
    row[col] = v
    parts = t.layout.parts
    try:
        for i, p in enumerate(parts):
            if p.kind == "col" and p.col == col:
                b = p.enc(row)
                if p.width is not None and len(b) != p.width:
                    return False
                nxt = parts[i + 1] if i + 1 < len(parts) else None
                if p.width is None and nxt is not None and (b + nxt.b).find(nxt.b) != len(b):
                    return False
            if p.kind == "salt" and p.how == "javahash" and p.src.col == col:
                p.render(p.bucket(row, b"", t.rng))
                p.src.ev(row)
        if TYPES[t.kinds[col]][1] == "text" and "\x00" in v:
            return False
        if "maxminus-text-zeros" in SKIP and any(
                p.kind == "col" and p.col == col and isinstance(p.node, MaxMinus) and
                p.node.ev(row) < 10**18 for p in parts):
            return False
        if "date-epoch-overflow" in SKIP and t.kinds[col] == "date" and \
                abs(v * USEC_DAY) > LONG_MAX and has_epoch(t, col):
            return False
    except Bad:
        return False
    return True


def cell_value(kind, rng):
    cls = TYPES[kind][1]
    if cls == "int":
        return rng.choice([0, 1, -1, 42, LONG_MAX, LONG_MIN, rng.randint(-10**6, 10**6),
                           rng.randint(LONG_MIN, LONG_MAX)])
    if cls == "float":
        return rng.choice([0.0, -0.0, 1.5, float("inf"), float("nan"), rng.uniform(-1e6, 1e6)])
    if cls == "bytes":
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 5)))
    if cls in ("date", "ts"):
        day = rng.choice([0, -1, days_from_civil(1, 1, 1), days_from_civil(9999, 12, 31),
                          days_from_civil(10000, 1, 1), days_from_civil(-44, 3, 15)] +
                         [rng.randint(days_from_civil(1999, 1, 1), days_from_civil(2001, 1, 1))] * 4)
        if cls == "date":
            return day
        return day * USEC_DAY + rng.choice([0, 0, 10**6, 500000, 250000, 123456, 100000, 10,
                                            rng.randrange(USEC_DAY)])
    return rng.choice(["", "x", "hello", "é日本", "😀", "a'b", "line\nbreak",
                       "".join(rng.choice(ALPHA) for _ in range(rng.randint(1, 12)))])


def tw_value(kind, width, rng):
    """a value of a text_width column: mostly in the width's digits, some out of them"""
    lo, hi = INT_RANGE[kind]
    top = min(10 ** width - 1, hi)
    return rng.choice([0, 1, top, top // 2, rng.randint(0, top), rng.randint(0, top),
                       rng.randint(0, top), -1, -rng.randint(1, 1000), min(10 ** width, hi), lo])


def column_value(t, col, rng):
    """a value of the cell column col"""
    enc = enc_of(t, col)
    if enc.startswith("tw"):
        return tw_value(t.kinds[col], int(enc[2:]), rng)
    return cell_value(t.kinds[col], rng)


def cell_bytes(kind, enc, v):
    cls = TYPES[kind][1]
    if cls == "bytes":
        return v
    if enc.startswith("tw"):
        # text_width N: N zero-padded digits, or (v % 7 == 3, and values without N digits)
        # another spelling PostgreSQL reads: a leading space, one digit more, no padding
        n = int(enc[2:])
        if 0 <= v < 10 ** n and v % 7 != 3:
            return b"%0*d" % (n, v)
        if 0 <= v < 10 ** n:
            return (b" %0*d" % (n, v)) if v % 2 else (b"%0*d" % (n + 1, v))
        return b"%d" % v
    if enc == "binary":
        return struct.pack(">q", v) if cls == "int" else struct.pack(">d", v)
    if cls == "float":
        return fmt_float(v, kind).encode()
    if cls == "date":
        y, m, d = civil_from_days(v)
        # other spellings PostgreSQL reads: no zero padding, or YYYYMMDD
        if 1 <= y <= 9999 and v % 5 == 0:
            return ("%d-%d-%d" % (y, m, d)).encode()
        if 1 <= y <= 9999 and v % 7 == 1:
            return ("%04d%02d%02d" % (y, m, d)).encode()
        return fmt_date(v).encode()
    if cls == "ts" and kind == "ts":
        text = fmt_ts(v)
        # other spellings: a 'T' between date and time, six fraction digits
        if text[4] == "-" and not text.endswith("BC"):   # years 1 to 9999
            if v % 3 == 0:
                text = text[:19] + ".%06d" % (v % 10**6)
            elif v % 11 == 1:
                text = text[:10] + "T" + text[11:]
        return text.encode()
    return str(v).encode("utf-8")


def gen_rows(t):
    rng = t.rng
    pools = {}
    cols = list(t.keycols) + (["s1"] if "s1" in t.kinds else [])
    n_rows = rng.randint(200, 400) if t.big else rng.choice([6, 12, 20, 30, 40, 60])
    for i, c in enumerate(cols):
        node = t.layout.part_of(c).node if c in t.keycols else None
        cands = [v for v in candidates(t, c, node, rng) if value_ok(t, c, v)]
        # dedupe (keeping -0.0 next to 0.0 and NaN payloads apart)
        seen, uniq = set(), []
        for v in cands:
            key = struct.pack(">d", v) if isinstance(v, float) else v
            if key not in seen:
                seen.add(key)
                uniq.append(v)
        if not uniq:
            return False
        size = rng.randint(2, 6) if i == 0 and not t.big else rng.randint(4, 14)
        if t.big:
            size = rng.randint(5, 30)
        # edge values first in the candidates: take some of them and some random ones
        nedge = min(len(uniq), size // 2 + 1)
        pool = rng.sample(uniq[:max(nedge * 3, 1)], min(nedge, len(uniq)))
        rest = [v for v in uniq if v not in pool or isinstance(v, float)]
        pool += rng.sample(rest, min(size - len(pool), len(rest))) if size > len(pool) else []
        pools[c] = pool
    t.pools = pools
    seen_keys, seen_tuples = set(), set()
    tries = 0
    mrng = random.Random("%s/%d/midnull" % (t.seed, t.idx))
    while len(t.rows) < n_rows and tries < n_rows * 8:
        tries += 1
        row = {c: None for c in t.kinds}
        for c in cols:
            row[c] = rng.choice(pools[c])
        # optional groups absent now and then (a later group needs the one before it)
        ngroups = len(t.layout.groups)
        if ngroups:
            cut = rng.choice(list(range(ngroups + 1)) + [ngroups] * 3)
            for c, g in t.optional.items():
                if g >= cut:
                    row[c] = None
            # a NULL before a later group's value (a nullable part: no bytes), drawn from a
            # generator of its own so that a seed's other draws stay
            if ngroups > 1 and mrng.random() < 0.25:
                for c, g in t.optional.items():
                    if g == 0:
                        row[c] = None
        # the key columns name a row (a salt hashing a cell column must not make two rows
        # of one key: ORDER BY the key columns would not be determined)
        tup = tuple((struct.pack(">d", row[c]) if isinstance(row[c], float) else row[c])
                    for c in t.keycols)
        if tup in seen_tuples:
            continue
        try:
            key = t.layout.encode(row, rng)
        except Bad:
            continue
        if key in seen_keys:
            continue
        seen_tuples.add(tup)
        seen_keys.add(key)
        for c, kind, enc in t.cells:
            if c == "s1":
                continue
            r = t.drng if c in ("v5", "v6") else t.twrng if c == "v7" else rng
            row[c] = None if r.random() < 0.15 else column_value(t, c, r)
        t.rows.append(row)
        t.keys.append(key)
    if t.versions:
        make_versions(t)
    elif t.latest:
        make_latest(t)
    # -0.0 and 0.0 (or two NaNs) in one float key column: ORDER BY may return them in either
    # order, so keyset walks skip such tables
    t.ties = bool(t.versions)   # a key's versions tie under ORDER BY the key
    for c in t.keycols:
        if TYPES[t.kinds[c]][1] == "float":
            vals = [r[c] for r in t.rows if r[c] is not None]
            zeros = set(math.copysign(1, v) for v in vals if v == 0)
            nans = set(struct.pack(">d", v) for v in vals if math.isnan(v))
            if len(zeros) > 1 or len(nans) > 1:
                t.ties = True
    return len(t.rows) > 0


# cell timestamps (ms): edges (0, neighbours, far future) and ordinary ones
TS_EDGES = [0, 1, 2, 999, 1000, 1001, 86400000, 1700000000000, 1700000000001, 1700000000999,
            1709251200000, 253402300799999, 4102444800000]


def make_versions(t):
    """turns the key rows of a versions table into versions: each key gets 1-4 timestamps,
    each version some of the cells (a version with none does not exist); t.hrows gets what
    HBase holds, t.rows/t.keys what the foreign table must show: a row per (key, timestamp)
    among the newest N cells of each column (HBase returns at most N versions per cell)"""
    rng = random.Random("%s/%d/versionrows" % (t.seed, t.idx))
    cols = [c for c, _, _ in t.cells]
    keep = None if t.versions == "all" else t.versions
    rows, keys, hrows = [], [], []
    pool = TS_EDGES + [rng.randint(0, 4102444800000) for _ in range(10)]
    for row, key in zip(t.rows, t.keys):
        stamps = rng.sample(pool, rng.randint(1, 4))
        if rng.random() < 0.3:
            stamps = sorted(stamps)[:1] + [stamps[0] + 1]   # next to each other
            stamps = list(dict.fromkeys(stamps))
        cells = []              # (column, value, ms)
        for ms in stamps:
            vals = {c: (None if rng.random() < 0.35 else column_value(t, c, rng)) for c in cols}
            if all(v is None for v in vals.values()):
                vals[cols[0]] = column_value(t, cols[0], rng)
            cells += [(c, v, ms) for c, v in vals.items() if v is not None]
        hcells = [(b"d:" + t.quals.get(c, c.encode()),
                   {"value": cell_bytes(t.kinds[c], enc_of(t, c), v), "timestamp": ms})
                  for c, v, ms in cells]
        hrows.append({"key": key, "cells": hcells})
        # what comes back: each column's newest `keep` cells
        visible = {}
        for c in cols:
            mine = sorted(((ms, v) for cc, v, ms in cells if cc == c), reverse=True)
            for ms, v in (mine if keep is None else mine[:keep]):
                visible.setdefault(ms, {})[c] = v
        for ms in sorted(visible, reverse=True):
            r = dict(row)
            for c in cols:
                r[c] = visible[ms].get(c)
            r["ts"] = ms if t.kinds["ts"] == "int8" else ms * 1000
            rows.append(r)
            keys.append(key)
    t.rows, t.keys, t.hrows = rows, keys, hrows


def make_latest(t):
    """a :timestamp column of a table of one row per key: each cell written with a timestamp of
    its own, the unmapped d:m one too (sometimes the newest, and the row's first cell, which a
    scanner brings along); the column shows the newest of the row's mapped cells, NULL when it
    has none"""
    rng = random.Random("%s/%d/latestrows" % (t.seed, t.idx))
    pool = TS_EDGES + [rng.randint(0, 4102444800000) for _ in range(10)]
    hrows = []
    for row, key in zip(t.rows, t.keys):
        cells = [(b"d:m", {"value": b"1", "timestamp": rng.choice(pool)})]
        newest = None
        for c, kind, enc in t.cells:
            if row[c] is not None:
                ms = rng.choice(pool)
                cells.append((b"d:" + t.quals.get(c, c.encode()),
                              {"value": cell_bytes(kind, enc, row[c]), "timestamp": ms}))
                newest = ms if newest is None else max(newest, ms)
        row["ts"] = None if newest is None else newest if t.kinds["ts"] == "int8" else newest * 1000
        hrows.append({"key": key, "cells": cells})
    t.hrows = hrows


def rows_json_cells(cells):
    """a row's cells as tests/hbase_rest.py put takes them (versions: [column, {hex, timestamp}]
    pairs)"""
    def name(c):
        return c if isinstance(c, str) else hbase_rest.column_name(c)
    if isinstance(cells, dict):
        return {name(c): {"hex": v.hex()} for c, v in cells.items()}
    return [[name(c), {"hex": v["value"].hex(), "timestamp": v["timestamp"]}] for c, v in cells]


def enc_of(t, col):
    return next(e for c, _, e in t.cells if c == col)


def hbase_rows(t):
    if t.hrows is not None:
        return t.hrows
    out = []
    for row, key in zip(t.rows, t.keys):
        cells = {"d:m": b"1"}   # every row has a cell even when all its columns are NULL
        for c, kind, enc in t.cells:
            if row[c] is not None:
                cells[b"d:" + t.quals.get(c, c.encode())] = cell_bytes(kind, enc, row[c])
        out.append({"key": key, "cells": cells})
    return out


def local_insert(t):
    cols = t.all_cols()
    vals = []
    for row, key in zip(t.rows, t.keys):
        v = []
        for c in cols:
            if c == "rk":
                v.append("'\\x%s'::bytea" % key.hex())
            else:
                v.append(lit(t.kinds[c], row[c]))
        vals.append("(" + ", ".join(v) + ")")
    return "INSERT INTO dt.%s_l (%s) VALUES\n  %s;" % (t.name, ", ".join(cols), ",\n  ".join(vals))


# ------------------------------------------------------------------ generating queries

def float_canon(expr):
    """a float's text with the values ORDER BY cannot tell apart made equal (-0 = 0, NaNs)"""
    return "CASE WHEN %s = 0 THEN '0' WHEN %s = 'NaN' THEN 'NaN' ELSE %s::text END" % (
        expr, expr, expr)


class QueryGen:
    def __init__(self, t, rng):
        self.t = t
        self.rng = rng
        # value filter trees on cells (sql/vfilter.sql), from their own generator: the
        # queries of a seed before them stay the same
        self.crng = random.Random("%s/%d/cellfilter" % (t.seed, t.idx))
        # the joins' cell filters: a stream of their own (the other queries' stay as they were)
        self.jrng = random.Random("%s/%d/joinfilter" % (t.seed, t.idx))
        # long constants (issue 52: a URL too long for a gateway or a proxy): a stream of its own
        self.lrng = random.Random("%s/%d/long" % (t.seed, t.idx))
        # row comparisons' values of another date/time type: a stream of its own
        self.xrng = random.Random("%s/%d/crossrow" % (t.seed, t.idx))
        self.long_ok = True
        self.binary_key = any(p.kind == "col" and p.node.vk in ("bin", "bytes")
                              for p in t.layout.parts) or any(
            p.kind in ("salt", "hash") and (p.fmt == "byte" if p.kind == "salt" else p.raw)
            for p in t.layout.parts) or any(p.kind == "lit" and any(c >= 0x80 for c in p.b)
                                            for p in t.layout.parts)

    # -- values
    def data_value(self, col):
        vals = [r[col] for r in self.t.rows if r[col] is not None]
        return self.rng.choice(vals) if vals else None

    def perturb(self, kind, v):
        rng = self.rng
        cls = TYPES[kind][1]
        if v is None:
            return None
        if cls == "int":
            lo, hi = INT_RANGE[kind]
            return max(lo, min(hi, v + rng.choice([-1, 1, -10, 10, 1000])))
        if cls == "float":
            if math.isnan(v) or math.isinf(v):
                return rng.choice([0.0, 1e300, -1e300] if kind == "float8" else [0.0, 3e38, -3e38])
            nv = math.nextafter(v, rng.choice([math.inf, -math.inf]))
            return f32(nv) if kind == "float4" and abs(nv) < 3.4e38 else nv
        if cls == "text":
            return rng.choice([v + "a", v + "\x01", v[:-1], v + " ", v + "~", "0" + v, v.upper()])
        if cls == "bool":
            return not v
        if cls == "num":
            return rng.choice([v + 1, v - 1, v + Decimal("0.001"), v - Decimal("1E-30"), v * 10,
                               v / 100, -v, v + Decimal("0.5")])
        if cls == "bytes":
            return rng.choice([v + b"\x00", v + b"\xff", v[:-1], b"\x00" + v])
        if cls == "date":
            return max(PG_DATE_MIN, min(PG_DATE_MAX, v + rng.choice([-1, 1, 31, -365])))
        return max(PG_TS_MIN, min(PG_TS_MAX, v + rng.choice([-1, 1, 1000, -1000, 10**6, 500,
                                                             3600 * 10**6, USEC_DAY])))

    def value(self, col, hit=0.6):
        return self.lengthen(col, self.short_value(col, hit))

    def short_value(self, col, hit):
        rng = self.rng
        kind = self.t.kinds[col]
        r = rng.random()
        if r < hit:
            v = self.data_value(col)
            if v is not None:
                return v
        if r < hit + 0.2:
            c = candidates(self.t, col, None, rng)
            return rng.choice(c[:30]) if rng.random() < 0.7 else rng.choice(c)
        return self.perturb(kind, self.data_value(col))

    def lengthen(self, col, v):
        """now and then a text or bytea value made 10 KB, 50 KB or 200 KB long (a row's value
        with a long tail, just above it, or a long run of one character): constants too long
        for a URL, and keys and bounds beyond HBase's longest key (32,767 bytes)"""
        rng = self.lrng
        cls = TYPES[self.t.kinds[col]][1]
        if not self.long_ok or cls not in ("text", "bytes") or rng.random() >= 0.03:
            return v
        n = rng.choice([10000, 50000, 200000])
        if cls == "bytes":
            base = v if isinstance(v, bytes) else b""
            return rng.choice([base + b"\x00" * n, base + b"\xff" * n, b"a" * n])
        base = v if isinstance(v, str) else ""
        return rng.choice([base + "a" * n, base + "~" * n, "z" * n, "é" * (n // 2)])

    def render(self, col, v):
        """a literal for comparing with col: its own type mostly, other types sometimes"""
        rng = self.rng
        kind = self.t.kinds[col]
        cls = TYPES[kind][1]
        if v is None:
            return "NULL"
        if cls == "int" and rng.random() < 0.5:
            if rng.random() < 0.3:
                other = rng.choice(["int2", "int4", "int8"])
                lo, hi = INT_RANGE[other]
                if lo <= v <= hi:
                    return lit(other, v)
            return lit(kind, v, typed=False)
        if cls == "text" and rng.random() < 0.5:
            return lit(kind, v, typed=False)
        if cls == "float" and rng.random() < 0.15:
            other = "float8" if kind == "float4" else "float4"
            if other == "float8" or math.isnan(v) or math.isinf(v) or abs(v) < 3.4e38:
                return lit(other, f32(v) if other == "float4" and not math.isnan(v) else v)
        if cls == "ts" and rng.random() < 0.1:
            return lit("tstz" if kind == "ts" else "ts", v)
        if cls in ("ts", "date") and rng.random() < 0.25:
            return cross_datetime(rng, kind, v)
        if cls == "int" and rng.random() < 0.15:
            # a numeric bound: int_col >= 2.5 rounds to an exact integer bound
            return "%d%s::numeric" % (v, rng.choice([".5", ".0", ".0001", ".9999"])) if v >= 0 \
                else "(%d%s)::numeric" % (v, rng.choice([".5", ".0", ".0001"]))
        return lit(kind, v)

    def ref(self, col, for_range=False):
        """the column in a predicate: text under the C collation now and then"""
        kind = self.t.kinds[col]
        if TYPES[kind][1] == "text" and not self.t.collate_c[col] and for_range and \
                self.rng.random() < 0.6:
            return '%s COLLATE "C"' % col
        return col

    # -- atoms
    def atom(self, col, ops=None):
        rng = self.rng
        kind = self.t.kinds[col]
        cls = TYPES[kind][1]
        ops = ops or ["eq", "in", "any", "range", "range", "between", "two", "ne", "or",
                      "null"] + (["like", "like"] if cls in ("text",) else []) + (
                          ["likeb"] if cls == "bytes" else []) + (
                          ["near"] if cls in ("int", "date") else [])
        op = rng.choice(ops)
        v = self.value(col)
        if op == "near" and v is not None:
            # a few values around one (a hash prefix over the column: a prefix per value),
            # at times none (bounds crossed)
            lo, hi = INT_RANGE[kind] if cls == "int" else (PG_DATE_MIN, PG_DATE_MAX)
            a = max(lo, v - rng.choice([0, 0, 1, 2, 5, 30]))
            b = min(hi, v + rng.choice([0, 1, 2, 5, 30]))
            if rng.random() < 0.1:
                a, b = b, a
            ref = self.ref(col, True)
            return "%s %s %s AND %s %s %s" % (ref, rng.choice([">", ">=", ">="]), self.render(col, a),
                                              ref, rng.choice(["<", "<=", "<="]), self.render(col, b))
        if op == "near":
            op = "range"
        if op == "eq":
            if rng.random() < 0.1:
                return "%s = %s" % (self.render(col, v), col)
            return "%s = %s" % (col, self.render(col, v))
        if op in ("in", "any"):
            vals = [self.value(col) for _ in range(rng.randint(1, 5))]
            vals += [rng.choice(vals)] if rng.random() < 0.4 else []
            rendered = [self.render(col, x) if rng.random() < 0.5 else lit(kind, x) for x in vals]
            if rng.random() < 0.2:
                rendered.append("NULL")
            if op == "in":
                return "%s IN (%s)" % (col, ", ".join(rendered))
            return "%s = ANY (ARRAY[%s]::%s[])" % (col, ", ".join(lit(kind, x) for x in vals),
                                                  TYPES[kind][0])
        if op == "range":
            o = rng.choice(["<", "<=", ">", ">="])
            if rng.random() < 0.1:
                return "%s %s %s" % (self.render(col, v), {"<": ">", ">": "<", "<=": ">=",
                                                          ">=": "<="}[o], self.ref(col, True))
            return "%s %s %s" % (self.ref(col, True), o, self.render(col, v))
        if op == "between":
            w = self.value(col)
            if rng.random() < 0.5 and v is not None and w is not None and \
                    sort_value(kind, w) < sort_value(kind, v):
                v, w = w, v
            sym = " SYMMETRIC" if rng.random() < 0.3 else ""
            neg = " NOT" if rng.random() < 0.05 else ""
            return "%s%s BETWEEN%s %s AND %s" % (self.ref(col, True), neg, sym,
                                                self.render(col, v), self.render(col, w))
        if op == "two":
            w = self.value(col)
            return "%s %s %s AND %s %s %s" % (self.ref(col, True), rng.choice([">", ">="]),
                                              self.render(col, v), self.ref(col, True),
                                              rng.choice(["<", "<="]), self.render(col, w))
        if op == "ne":
            return "%s <> %s" % (col, self.render(col, v))
        if op == "or":
            w = self.value(col)
            return "(%s = %s OR %s = %s)" % (col, self.render(col, v), col, self.render(col, w))
        if op == "null":
            return "%s IS %sNULL" % (col, rng.choice(["", "NOT "]))
        if op == "like":
            s = v if isinstance(v, str) else ""
            # the value's own \, % and _ escaped: a prefix (suffix) match of the value
            esc = (lambda t: t.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_"))
            if rng.random() < 0.6:
                pre = s[:rng.randint(0, len(s))]
                return "%s LIKE %s" % (self.ref(col, True), q(esc(pre) + "%"))
            suf = s[rng.randint(0, len(s)):] if s else ""
            return "%s LIKE %s" % (col, q("%" + esc(suf)))
        if op == "likeb":
            b = v if isinstance(v, bytes) else b""
            pre = b[:rng.randint(0, len(b))]
            return "%s LIKE '\\x%s'::bytea || '%%'::bytea" % (col, pre.hex())
        raise AssertionError(op)

    def cell_tree(self, depth=0):
        """a random AND / OR / NOT tree of predicates on cell columns (value filters at the
        region server), drawn from self.crng"""
        saved, self.rng = self.rng, self.crng
        try:
            rng = self.rng
            r = rng.random()
            if depth < 2 and r < 0.3:
                parts = [self.cell_tree(depth + 1) for _ in range(rng.randint(2, 3))]
                return "(%s)" % rng.choice([" AND ", " OR "]).join(parts)
            if depth < 2 and r < 0.4:
                return "NOT %s" % self.cell_tree(depth + 1)
            c, kind, _ = rng.choice([x for x in self.t.cells if x[0] != "s1"] or self.t.cells)
            if TYPES[kind][1] == "text" and rng.random() < 0.25:
                # an inner literal: SubstringComparator (case-insensitive), rechecked here
                v = self.data_value(c) or ""
                i = rng.randint(0, len(v))
                mid = v[i:i + rng.randint(0, 4)]
                mid = mid.upper() if rng.random() < 0.3 else mid
                esc = mid.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
                return "(%s LIKE %s)" % (c, q("%" + esc + rng.choice(["%", "%", "_%", ""])))
            return "(%s)" % self.atom(c)
        finally:
            self.rng = saved

    def row_cmp(self, base=None):
        """a row comparison on consecutive key columns; with base (the row whose values the
        equalities before it took), each value is base's or another row's, so that it names
        columns = fixes, with their own value or another one"""
        rng = self.rng
        kc = self.t.keycols
        n = rng.randint(2, len(kc)) if len(kc) >= 2 else 1
        if base is not None and len(kc) >= 2 and rng.random() < 0.6:
            n = 2
        start = 0 if rng.random() < 0.8 else rng.randint(0, len(kc) - n)
        cols = kc[start:start + n]
        r = rng.choice([r for r in self.t.rows])
        if base is not None:
            vals = [base[c] if rng.random() < 0.6 else r[c] for c in cols]
        else:
            vals = [r[c] if rng.random() < 0.85 else self.value(c) for c in cols]
        o = rng.choice(["<", "<=", ">", ">="])
        lits = []
        for c, v in zip(cols, vals):
            # a date/time value of another type now and then (issue 56: made exact as a plain
            # bound's), from a stream of its own: the other queries of a seed stay the same
            if TYPES[self.t.kinds[c]][1] in ("ts", "date") and self.xrng.random() < 0.3:
                lits.append(cross_datetime(self.xrng, self.t.kinds[c], v))
            else:
                lits.append(lit(self.t.kinds[c], v))
        return "(%s) %s (%s)" % (", ".join(self.ref(c, True) for c in cols), o, ", ".join(lits))

    def where(self):
        rng = self.rng
        t = self.t
        atoms = []
        r = rng.random()
        if r < 0.6:
            # equalities on leading key columns (values of one row: they hit), then something
            # on the next one
            row = rng.choice(t.rows)
            depth = rng.randint(0, len(t.keycols))
            for c in t.keycols[:depth]:
                if row[c] is None:
                    atoms.append("%s IS NULL" % c)
                elif rng.random() < 0.85:
                    atoms.append("%s = %s" % (c, self.render(c, row[c])))
                else:
                    atoms.append(self.atom(c, ["in", "any"]))
            if depth < len(t.keycols) and rng.random() < 0.8:
                atoms.append(self.atom(t.keycols[depth]))
            if depth > 0 and rng.random() < 0.25:
                atoms.append(self.row_cmp(row))
        elif r < 0.72:
            atoms.append(self.row_cmp())
        elif r < 0.9:
            for _ in range(rng.randint(1, 3)):
                atoms.append(self.atom(rng.choice(t.keycols)))
        if rng.random() < 0.12:
            c, kind, _ = rng.choice([x for x in t.cells if x[0] != "s1"] or t.cells)
            v = next((row[c] for row in rng.sample(t.rows, len(t.rows)) if row[c] is not None), None)
            atoms.append("%s = %s" % (c, lit(kind, v)) if v is not None and rng.random() < 0.8
                         else "%s IS NULL" % c)
        if self.crng.random() < 0.35:
            atoms.append(self.cell_tree())
        if "s1" in t.kinds and rng.random() < 0.3:
            atoms.append("s1 = %s" % lit(t.kinds["s1"], self.data_value("s1")))
        if t.versions and rng.random() < 0.5:
            # the versions' time range (scanner startTime/endTime)
            atoms.append(self.atom("ts", ["eq", "range", "range", "between", "two", "in"]))
        if rng.random() < 0.05 and atoms:
            return "WHERE (%s) OR %s" % (" AND ".join(atoms), self.atom(rng.choice(t.keycols)))
        return ("WHERE " + " AND ".join(atoms)) if atoms else ""

    def order(self):
        """-> (ORDER BY clause, canonical sort key expression over x) following the key,
        its reverse or random directions; every key column, so the order is determined"""
        rng = self.rng
        t = self.t
        r = rng.random()
        cols = list(t.keycols)
        mode = "key" if r < 0.45 else "reverse" if r < 0.85 else "random"
        if mode == "random" and rng.random() < 0.5:
            rng.shuffle(cols)
        items, keys = [], []
        for c in cols:
            part = t.layout.part_of(c)
            desc = part.order == "desc"
            nulls_first = True
            if mode == "reverse":
                desc, nulls_first = not desc, False
            elif mode == "random":
                desc, nulls_first = rng.random() < 0.5, rng.random() < 0.5
            ref = c
            if TYPES[t.kinds[c]][1] == "text" and not t.collate_c[c] and rng.random() < 0.8:
                ref = '%s COLLATE "C"' % c
            item = ref + (" DESC" if desc else "")
            if c in t.optional or rng.random() < 0.1:
                item += " NULLS FIRST" if nulls_first else " NULLS LAST"
            items.append(item)
            keys.append(float_canon("x.%s" % c) if TYPES[t.kinds[c]][1] == "float"
                        else "x.%s::text" % c)
        return mode, "ORDER BY " + ", ".join(items), "ROW(%s)::text" % ", ".join(keys)

    def join_cells(self):
        """" AND" a random tree of predicates on cell columns, for a join's ON (or its
        subquery's WHERE): the batched join sends it as value filters with its multigets and
        prefix scans (issue 39); or nothing"""
        if self.jrng.random() >= 0.5:
            return ""
        saved, self.crng = self.crng, self.jrng
        try:
            return " AND " + self.cell_tree()
        finally:
            self.crng = saved

    def join_query(self):
        """the key columns from a VALUES list joined with the table: a nested loop drives
        the foreign scan with keys computed at execution"""
        rng = self.rng
        t = self.t
        n = rng.randint(1, len(t.keycols))
        cols = t.keycols[:n] if rng.random() < 0.8 else rng.sample(t.keycols, n)
        rows = []
        for _ in range(rng.randint(1, 4)):
            r = rng.choice(t.rows)
            rows.append([r[c] if rng.random() < 0.85 else self.value(c) for c in cols])
        values = ", ".join("(%s)" % ", ".join(lit(t.kinds[c], v) for c, v in zip(cols, row))
                           for row in rows)
        on = " AND ".join("f.%s = v.%s" % (c, c) for c in cols) + self.join_cells()
        sql = "SELECT f.* FROM (VALUES %s) v(%s) JOIN {T} f ON %s" % (values, ", ".join(cols), on)
        return sql.replace("{T}", "dt." + t.name), sql.replace("{T}", "dt.%s_l" % t.name), \
            None, None, "join"

    def prefix_join_query(self):
        """many outer rows (a VALUES list: the table's values, duplicates, others) joined on a
        leading part of the key: a batched join reading each row's prefix (in every salt
        bucket of a salt it cannot compute), a batch's ranges of one bucket by one scanner with
        a MultiRowRangeFilter (issue 36 item 7); inner, left, semi or anti.  The session
        turns the other joins off around it (prefix_join_session)"""
        rng = self.rng
        t = self.t
        n = len(t.keycols) if len(t.keycols) == 1 or rng.random() < 0.15 else \
            rng.randint(1, len(t.keycols) - 1)
        cols = t.keycols[:n]
        rows = []
        for _ in range(rng.choice([3, 8, 30, 120])):
            r = rng.choice(t.rows)
            rows.append([r[c] if rng.random() < 0.85 else self.value(c) for c in cols])
        values = ", ".join("(%s)" % ", ".join(lit(t.kinds[c], v) for c, v in zip(cols, row))
                           for row in rows)
        on = " AND ".join("f.%s = v.%s" % (c, c) for c in cols) + self.join_cells()
        how = rng.choice(["inner", "left", "semi", "anti"])
        src = "(VALUES %s) v(%s)" % (values, ", ".join(cols))
        if how in ("inner", "left"):
            sql = "SELECT v.*, f.* FROM %s %s {T} f ON %s" % (
                src, "JOIN" if how == "inner" else "LEFT JOIN", on)
        else:
            sql = "SELECT v.* FROM %s WHERE %sEXISTS (SELECT 1 FROM {T} f WHERE %s)" % (
                src, "" if how == "semi" else "NOT ", on)
        return sql.replace("{T}", "dt." + t.name), sql.replace("{T}", "dt.%s_l" % t.name), \
            None, None, "pjoin-" + how

    def big_in_query(self):
        """more keys than a multiget takes (1000), from a subquery: known at execution"""
        rng = self.rng
        t = self.t
        ints = [c for c in t.keycols if TYPES[t.kinds[c]][1] == "int"]
        c = rng.choice(ints)
        v = self.data_value(c) or 0
        lo, hi = INT_RANGE[t.kinds[c]]
        a = max(lo, min(hi - 1600, v - rng.randint(0, 1500)))
        sql = "SELECT * FROM {T} WHERE %s = ANY (ARRAY(SELECT g::%s FROM generate_series(%d::bigint, %d) g))" % (
            c, TYPES[t.kinds[c]][0], a, a + rng.choice([5, 999, 1000, 1001, 1500]))
        return sql.replace("{T}", "dt." + t.name), sql.replace("{T}", "dt.%s_l" % t.name), \
            None, None, "big-in"

    def query(self):
        """-> (foreign query, local query, sort key expression or None, limit or None, tag)"""
        rng = self.rng
        t = self.t
        r = rng.random()
        if r < 0.04:
            return self.join_query()
        if r < 0.07:
            return self.prefix_join_query()
        if r < 0.06 and any(TYPES[t.kinds[c]][1] == "int" for c in t.keycols):
            return self.big_in_query()
        where = self.where()
        r = rng.random()
        okeys = lim = None
        tag = "unordered"
        if r < 0.45:
            mode, ob, okeys = self.order()
            tag = mode
            sel = rng.choice(["*", "*", ", ".join(t.keycols + ["v1"])])
            tail = " " + ob
            if rng.random() < 0.7:
                lim = rng.choice([1, 2, 3, 5, 8, 10, 20, 50])
                tail += " LIMIT %d" % lim
                if not t.ties and rng.random() < 0.1:
                    tail += " OFFSET %d" % rng.randint(1, 5)
                    lim = None   # OFFSET may cut a group of ties: no tie leniency either
                    tag += "+offset"
        else:
            sel = rng.choice(["*", "*", "count(*)", ", ".join(rng.sample(t.all_cols(), min(
                2, len(t.all_cols())))), "v2, " + t.keycols[-1]])
            tail = ""
        sql = "SELECT %s FROM {T} %s%s" % (sel, where, tail)
        sql = " ".join(sql.split(" "))
        return sql.replace("{T}", "dt." + t.name), sql.replace("{T}", "dt.%s_l" % t.name), \
            okeys, lim, tag

    def walk(self):
        """a keyset walk through the whole table: (columns, types, direction, page, params)"""
        rng = self.rng
        t = self.t
        cols = list(t.keycols)
        exprs = []
        for c in cols:
            if TYPES[t.kinds[c]][1] == "text" and not t.collate_c[c] and rng.random() < 0.8:
                exprs.append('%s COLLATE "C"' % c)
            else:
                exprs.append(c)
        types = [t.decl[c].split(" COLLATE ", 1)[0] for c in cols]
        # forwards: key order when the first part ascends; backwards the other way round
        direction = rng.choice(["asc", "desc"])
        page = rng.choice([3, 5, 7, 10]) if not t.big else rng.choice([20, 30, 50])
        return cols, exprs, types, direction, page, rng.random() < 0.5


# ------------------------------------------------------------------ SQL

# ------------------------------------------------------------------ generating writes

# SET expressions of a cell column by its class ({c}: the column); VOLATILE ones take a value
# of a sequence ({SEQ}: the foreign or the local run's own, both started alike)
SET_EXPRS = {
    "text": ["{c} || 'x'", "upper({c})", "'w'", "NULL", "coalesce({c}, '') || 'y'", "''",
             "{c} || {c}"],
    "int": ["{c} + 1", "{c} - 2", "1 + {c}", "{c} + 100", "7", "NULL", "coalesce({c}, 0) - 1",
            "length(coalesce(v1, ''))"],
    "float": ["{c} * 2", "{c} + 0.5", "-{c}", "1.25", "NULL"],
    "bytes": ["{c} || '\\x00ff'::bytea", "'\\x'::bytea", "'\\x01'::bytea", "NULL"],
}
VOLATILE = {"text": "'s' || nextval('{SEQ}')", "int": "nextval('{SEQ}')",
            "float": "nextval('{SEQ}') / 4.0", "bytes": "int8send(nextval('{SEQ}'))"}


def writable(t):
    """can the table take UPDATE and DELETE? Not a table of versions or with a :timestamp
    column (an UPDATE stamps its cells anew), nor a random salt without a raw key column"""
    return not t.versions and not t.latest and "ts" not in t.kinds and (
        t.rk or not any(p.kind == "salt" and p.how == "random" for p in t.layout.parts))


class WriteGen:
    """random UPDATE and DELETE statements over a table: WHERE conditions of the queries'
    generator (Gets, multigets, scans: direct modification or row by row), FROM / USING a
    VALUES list joined on key columns that matches rows twice, RETURNING, SET expressions
    that read the row, constants, NULLs and nextval (volatile)"""

    def __init__(self, t, rng):
        self.t = t
        self.rng = rng
        self.g = QueryGen(t, rng)
        # no long constants in writes: a write's key travels in its URL (docs/scans.md)
        self.g.long_ok = False
        # the date and timestamp text cells are read (WHERE), not set here; nor the
        # text_width one (a value without its digits is refused: 22003)
        self.cells = [(c, k) for c, k, _ in t.cells
                      if c not in ("s1", "v5", "v6", "v7") and c not in t.keycols]

    def sets(self):
        """-> (SET list, the columns given a volatile value)"""
        rng = self.rng
        chosen = rng.sample(self.cells, rng.randint(1, min(2, len(self.cells))))
        # a cell without a qualifier (d:) cannot be compared by a check-and-put: an UPDATE
        # reading the row is refused for it (sql/write_once.sql); constants then
        blind = any(self.t.quals.get(c) == b"" for c, _ in chosen)
        items, vcols = [], []
        for c, kind in chosen:
            cls = TYPES[kind][1]
            if rng.random() < 0.2:
                e = VOLATILE[cls]
                vcols.append(c)
            else:
                e = rng.choice([x for x in SET_EXPRS[cls] if not blind or (
                    "{c}" not in x and "v1" not in x)]).replace("{c}", c)
            items.append("%s = %s" % (c, e))
        return ", ".join(items), vcols

    def values(self, twice=True):
        """a VALUES list of key columns (w_ names) with rows matching twice (unless not
        twice), and the join"""
        rng = self.rng
        t = self.t
        n = rng.randint(1, len(t.keycols))
        cols = t.keycols[:n] if rng.random() < 0.8 else rng.sample(t.keycols, n)
        rows = []
        for _ in range(rng.randint(1, 4)):
            r = rng.choice(t.rows)
            rows.append([r[c] if rng.random() < 0.9 else self.g.value(c) for c in cols])
        for _ in range(rng.choice([0, 1, 1, 2]) if twice else 0):
            rows.insert(rng.randrange(len(rows) + 1), rng.choice(rows))   # a match twice
        if not twice:
            seen = set()
            rows = [r for r in rows if not (repr(r) in seen or seen.add(repr(r)))]
        values = ", ".join("(%s)" % ", ".join(lit(t.kinds[c], v) for c, v in zip(cols, row))
                           for row in rows)
        on = " AND ".join("f.%s = v.w_%s" % (c, c) for c in cols)
        return "(VALUES %s) v(%s)" % (values, ", ".join("w_" + c for c in cols)), on

    def statement(self):
        """-> (foreign statement, local statement, RETURNING?, volatile columns, pushdown on?,
        hash joins?)"""
        rng = self.rng
        r = rng.random()
        ret = rng.random() < 0.4
        vcols = []
        if r < 0.65 and self.cells:
            sets, vcols = self.sets()
            if r < 0.35:
                sql = "UPDATE {T} SET %s %s" % (sets, self.g.where())
                tail = " RETURNING *"
            else:
                # SET runs for every match: with nextval, which row keeps which value
                # would depend on the join's order
                src, on = self.values(twice=not vcols)
                extra = self.g.where() if rng.random() < 0.3 else ""
                sql = "UPDATE {T} f SET %s FROM %s WHERE %s%s" % (
                    sets, src, on, " AND (%s)" % extra[6:] if extra else "")
                tail = rng.choice([" RETURNING f.*", " RETURNING *"])
        elif r < 0.85:
            sql = "DELETE FROM {T} %s" % self.g.where()
            tail = " RETURNING *"
        else:
            src, on = self.values()
            sql = "DELETE FROM {T} f USING %s WHERE %s" % (src, on)
            tail = rng.choice([" RETURNING f.*", " RETURNING *"])
        sql = " ".join(sql.split(" ")) + (tail if ret else "")
        t = self.t
        fq = sql.replace("{T}", "dt." + t.name).replace("{SEQ}", "dt.%s_sf" % t.name)
        lq = sql.replace("{T}", "dt.%s_l" % t.name).replace("{SEQ}", "dt.%s_sl" % t.name)
        return fq, lq, ret, vcols, rng.random() < 0.7, rng.random() < 0.4


SQL_FUNCTIONS = r"""
-- one run of a query: its rows as text, sorted (multiset) or in the order they came with
-- their sort keys (ordered), or the error
CREATE FUNCTION dt.run1(q text, okeys text, OUT r text[], OUT k text[], OUT e text)
LANGUAGE plpgsql AS $f$
DECLARE
  d text;
BEGIN
  IF okeys IS NULL THEN
    EXECUTE format('SELECT coalesce(array_agg(x::text ORDER BY x::text COLLATE "C"), ''{}'') FROM (%s) x', q) INTO r;
  ELSE
    EXECUTE format('SELECT coalesce(array_agg(x::text), ''{}''), coalesce(array_agg(%s), ''{}'') FROM (%s) x', okeys, q) INTO r, k;
  END IF;
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS d = PG_EXCEPTION_DETAIL;
  e := SQLSTATE || ': ' || SQLERRM || coalesce(' (' || nullif(d, '') || ')', '');
END $f$;

-- the gateway is unreachable (a test elsewhere restarts it): try again later
CREATE FUNCTION dt.gateway_down(e text) RETURNS bool LANGUAGE sql IMMUTABLE AS
$f$ SELECT coalesce(e ~ '^HV00N' OR e ~ '^HV000: HBase REST (request failed|gateway answered HTTP 5)', false) $f$;

CREATE FUNCTION dt.srt(a text[]) RETURNS text[] LANGUAGE sql IMMUTABLE AS
$f$ SELECT coalesce(array_agg(x ORDER BY x COLLATE "C"), '{}') FROM unnest(a) x $f$;

-- do two runs agree?  Ordered: the same sequence of sort keys, and the same rows (when a
-- LIMIT cut a group of ties, rows of that last group may differ)
CREATE FUNCTION dt.same(ra text[], ka text[], rc text[], kc text[], lim int) RETURNS bool
LANGUAGE sql IMMUTABLE AS $f$
  SELECT CASE
    WHEN ka IS NULL AND kc IS NULL THEN ra = rc
    WHEN ka IS DISTINCT FROM kc THEN false
    WHEN dt.srt(ra) = dt.srt(rc) THEN true
    WHEN lim IS NOT NULL AND cardinality(ra) = lim THEN
      dt.srt(ARRAY(SELECT u.r FROM unnest(ra, ka) u(r, k) WHERE u.k <> ka[cardinality(ka)]))
      = dt.srt(ARRAY(SELECT u.r FROM unnest(rc, kc) u(r, k) WHERE u.k <> kc[cardinality(kc)]))
    ELSE false END
$f$;

CREATE FUNCTION dt.ops(q text) RETURNS text LANGUAGE plpgsql AS $f$
DECLARE
  line text;
  op text;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN ' || q LOOP
    IF line ~ 'HBase Operation: ' THEN
      op := concat_ws('; ', op, substring(line FROM 'HBase Operation: (.*)$'));
    ELSIF line ~ 'HBase Filter: ' THEN
      op := concat_ws('; ', op, 'value filter');
    END IF;
  END LOOP;
  RETURN coalesce(op, '(no foreign scan)');
EXCEPTION WHEN OTHERS THEN
  RETURN 'EXPLAIN error: ' || SQLERRM;
END $f$;

CREATE FUNCTION dt.trim(a text[]) RETURNS text[] LANGUAGE sql IMMUTABLE AS
$f$ SELECT a[1:80] $f$;

CREATE FUNCTION dt.record(qid int, op text, a record, b record, c record, lim int,
                          started timestamptz) RETURNS void
LANGUAGE plpgsql AS $f$
DECLARE
  st text;
BEGIN
  IF a.e IS NULL AND b.e IS NULL AND c.e IS NULL THEN
    st := CASE WHEN dt.same(a.r, a.k, c.r, c.k, lim) AND dt.same(b.r, b.k, c.r, c.k, lim)
               THEN 'ok' ELSE 'mismatch' END;
  ELSIF a.e IS NOT NULL AND b.e IS NOT NULL AND c.e IS NOT NULL THEN
    st := 'error';        -- an error everywhere (a bad LIKE pattern ...): no difference
  ELSE
    st := 'mismatch';
  END IF;
  INSERT INTO dt.results VALUES (qid, op, cardinality(c.r), st,
    extract(epoch FROM clock_timestamp() - started) * 1000,
    CASE WHEN st = 'mismatch' THEN jsonb_build_object(
      'on', jsonb_build_object('rows', dt.trim(a.r), 'keys', dt.trim(a.k), 'error', a.e, 'n', cardinality(a.r)),
      'off', jsonb_build_object('rows', dt.trim(b.r), 'keys', dt.trim(b.k), 'error', b.e, 'n', cardinality(b.r)),
      'local', jsonb_build_object('rows', dt.trim(c.r), 'keys', dt.trim(c.k), 'error', c.e, 'n', cardinality(c.r)))
    END);
END $f$;

-- a query three ways: pushdown on, pushdown off, the local table
CREATE FUNCTION dt.chk(qid int, fq text, lq text, okeys text, lim int) RETURNS void
LANGUAGE plpgsql AS $f$
DECLARE
  started timestamptz := clock_timestamp();
  op text;
  a record;
  b record;
  c record;
BEGIN
  op := dt.ops(fq);
  FOR attempt IN 1..30 LOOP
    SELECT * INTO a FROM dt.run1(fq, okeys);
    PERFORM set_config('hbase_fdw.enable_pushdown', 'off', true);
    SELECT * INTO b FROM dt.run1(fq, okeys);
    PERFORM set_config('hbase_fdw.enable_pushdown', 'on', true);
    EXIT WHEN NOT (dt.gateway_down(a.e) OR dt.gateway_down(b.e));
    PERFORM pg_sleep(2);
  END LOOP;
  SELECT * INTO c FROM dt.run1(lq, okeys);
  PERFORM dt.record(qid, op, a, b, c, lim, started);
END $f$;

-- a keyset walk: pages of LIMIT page rows in the order of cols, each starting after the
-- last row of the one before with a row comparison (values as parameters or as literals)
CREATE FUNCTION dt.walk1(tab text, cols text[], exprs text[], types text[], dir text, page int,
                         params bool, maxpages int, INOUT op text, OUT r text[], OUT k text[],
                         OUT e text)
LANGUAGE plpgsql AS $f$
DECLARE
  last text[];
  cond text;
  q text;
  t text;
  kv text[];
  n int;
  pages int := 0;
  ob text;
BEGIN
  r := '{}';
  SELECT string_agg(x || CASE WHEN dir = 'desc' THEN ' DESC' ELSE '' END, ', ') INTO ob
    FROM unnest(exprs) x;
  LOOP
    IF last IS NULL THEN
      cond := '';
    ELSE
      SELECT 'WHERE (' || array_to_string(exprs, ', ') || ') ' ||
             CASE WHEN dir = 'desc' THEN '<' ELSE '>' END || ' (' ||
             string_agg(CASE WHEN params THEN format('$1[%s]::%s', i, types[i])
                             ELSE format('%s::%s', quote_nullable(last[i]), types[i]) END,
                        ', ' ORDER BY i) || ')'
        INTO cond FROM generate_subscripts(cols, 1) i;
    END IF;
    q := format('SELECT x::text, ARRAY[%s] FROM (SELECT * FROM %s %s ORDER BY %s LIMIT %s) x',
                (SELECT string_agg('x.' || c || '::text', ', ') FROM unnest(cols) c),
                tab, cond, ob, page);
    IF op = '' AND last IS NOT NULL THEN
      op := dt.ops(format('SELECT * FROM %s %s ORDER BY %s LIMIT %s', tab,
                          CASE WHEN params THEN replace(cond, '$1', '(' || quote_literal(last) || '::text[])')
                               ELSE cond END, ob, page));
    END IF;
    n := 0;
    FOR t, kv IN EXECUTE q USING last LOOP
      r := r || t;
      last := kv;
      n := n + 1;
    END LOOP;
    pages := pages + 1;
    EXIT WHEN n < page;
    IF pages > maxpages THEN
      e := format('the walk did not end after %s pages', pages);
      EXIT;
    END IF;
  END LOOP;
EXCEPTION WHEN OTHERS THEN
  e := SQLSTATE || ': ' || SQLERRM || format(' (page %s, after %s)', pages + 1, last);
END $f$;

CREATE FUNCTION dt.walk(qid int, tab text, cols text[], exprs text[], types text[], dir text,
                        page int, params bool, maxpages int) RETURNS void
LANGUAGE plpgsql AS $f$
DECLARE
  started timestamptz := clock_timestamp();
  op text := '';
  a record;
  b record;
  c record;
BEGIN
  FOR attempt IN 1..30 LOOP
    SELECT * INTO a FROM dt.walk1('dt.' || tab, cols, exprs, types, dir, page, params, maxpages, '');
    op := a.op;
    PERFORM set_config('hbase_fdw.enable_pushdown', 'off', true);
    SELECT * INTO b FROM dt.walk1('dt.' || tab, cols, exprs, types, dir, page, params, maxpages, 'x');
    PERFORM set_config('hbase_fdw.enable_pushdown', 'on', true);
    EXIT WHEN NOT (dt.gateway_down(a.e) OR dt.gateway_down(b.e));
    PERFORM pg_sleep(2);
  END LOOP;
  SELECT * INTO c FROM dt.walk1('dt.' || tab || '_l', cols, exprs, types, dir, page, params, maxpages, 'x');
  PERFORM dt.record(qid, CASE WHEN op = '' THEN '(one page)' ELSE op END,
                    a, b, c, NULL, started);
END $f$;

-- writes: one statement, its count (RETURNING: its rows, the volatile columns' values apart,
-- sorted), the sequence's last value (how often SET ran nextval) or the error
CREATE FUNCTION dt.wrun(q text, ret bool, vcols text[], seq text, OUT n bigint, OUT r text[],
                        OUT v text[], OUT calls bigint, OUT e text)
LANGUAGE plpgsql AS $f$
DECLARE
  rec record;
  j jsonb;
  c text;
  d text;
BEGIN
  PERFORM setval(seq, 1000, false);
  r := '{}';
  v := '{}';
  IF ret THEN
    n := 0;
    FOR rec IN EXECUTE q LOOP
      j := to_jsonb(rec);
      FOREACH c IN ARRAY vcols LOOP
        v := v || (j ->> c);
      END LOOP;
      r := r || (j - vcols)::text;
      n := n + 1;
    END LOOP;
  ELSE
    EXECUTE q;
    GET DIAGNOSTICS n = ROW_COUNT;
  END IF;
  r := dt.srt(r);
  v := dt.srt(v);
  calls := pg_sequence_last_value(seq::regclass);
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS d = PG_EXCEPTION_DETAIL;
  e := SQLSTATE || ': ' || SQLERRM || coalesce(' (' || nullif(d, '') || ')', '');
END $f$;

-- a table's rows, the volatile columns apart; and those columns' values, sorted
CREATE FUNCTION dt.wrows(tab text, vcols text[], OUT r text[], OUT v text[])
LANGUAGE plpgsql AS $f$
BEGIN
  EXECUTE format('SELECT coalesce(dt.srt(array_agg((to_jsonb(x) - $1)::text)), ''{}'') FROM %s x', tab)
    INTO r USING vcols;
  EXECUTE format('SELECT coalesce(dt.srt(array_agg(to_jsonb(x) ->> c)), ''{}'') FROM %s x, unnest($1) c', tab)
    INTO v USING vcols;
END $f$;

-- how the foreign table takes the statement: direct (the HBase Write) or row by row
CREATE FUNCTION dt.wops(q text) RETURNS text LANGUAGE plpgsql AS $f$
DECLARE
  line text;
  op text;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN ' || q LOOP
    IF line ~ 'HBase Write: ' THEN
      op := 'direct ' || substring(line FROM 'HBase Write: ([A-Za-z-]+)');
    ELSIF line ~ 'HBase Operation: ' AND op IS NULL THEN
      op := 'row by row, ' || regexp_replace(substring(line FROM 'HBase Operation: ([^(,;]*)'),
                                             '[0-9]+', 'N', 'g');
    ELSIF line ~ '(Hash|Nested Loop)' AND op IS NULL THEN
      op := 'row by row, ' || CASE WHEN line ~ 'Hash' THEN 'hash join' ELSE 'nested loop' END;
    END IF;
  END LOOP;
  RETURN coalesce(op, '(no foreign scan)');
EXCEPTION WHEN OTHERS THEN
  RETURN 'EXPLAIN error: ' || SQLERRM;
END $f$;

-- a write statement on the foreign table (pushdown on or off) and on the local one: the
-- same count or RETURNING rows, the same number of nextval calls, the same rows after (the
-- volatile columns compared as sorted values: which row got which value depends on the order
-- rows come in). After an error, a mismatch or volatile values, the local table is made a
-- copy of the foreign one again (HBase keeps what a failed statement wrote).
CREATE FUNCTION dt.wchk(qid int, fq text, lq text, ret bool, vcols text[], tab text,
                        pushdown bool, hash bool) RETURNS void
LANGUAGE plpgsql AS $f$
DECLARE
  started timestamptz := clock_timestamp();
  op text;
  a record;
  c record;
  fa record;
  la record;
  st text;
BEGIN
  PERFORM set_config('enable_hashjoin', CASE WHEN hash THEN 'on' ELSE 'off' END, true);
  PERFORM set_config('hbase_fdw.enable_pushdown', CASE WHEN pushdown THEN 'on' ELSE 'off' END, true);
  op := dt.wops(fq) || CASE WHEN pushdown THEN '' ELSE ' (pushdown off)' END;
  SELECT * INTO a FROM dt.wrun(fq, ret, vcols, 'dt.' || tab || '_sf');
  PERFORM set_config('hbase_fdw.enable_pushdown', 'on', true);
  SELECT * INTO c FROM dt.wrun(lq, ret, vcols, 'dt.' || tab || '_sl');
  SELECT * INTO fa FROM dt.wrows('dt.' || tab, vcols);
  SELECT * INTO la FROM dt.wrows('dt.' || tab || '_l', vcols);
  IF a.e IS NOT NULL AND c.e IS NOT NULL THEN
    st := 'error';
  ELSIF c.e IS NULL AND a.e ~ '^0A000: HBase REST gateway .* cannot do ' THEN
    st := 'refused';      -- a binary key through a gateway before 2.5.9: said, not guessed
  ELSIF a.e IS NOT NULL OR c.e IS NOT NULL THEN
    st := 'mismatch';
  ELSIF a.n = c.n AND a.r = c.r AND a.v = c.v AND a.calls IS NOT DISTINCT FROM c.calls
        AND fa.r = la.r AND fa.v = la.v THEN
    st := 'ok';
  ELSE
    st := 'mismatch';
  END IF;
  INSERT INTO dt.results VALUES (qid, op, a.n, st,
    extract(epoch FROM clock_timestamp() - started) * 1000,
    CASE WHEN st IN ('mismatch', 'refused') THEN jsonb_build_object(
      'foreign', jsonb_build_object('n', a.n, 'returning', dt.trim(a.r), 'volatile', dt.trim(a.v),
                                    'nextval', a.calls, 'error', a.e),
      'local', jsonb_build_object('n', c.n, 'returning', dt.trim(c.r), 'volatile', dt.trim(c.v),
                                  'nextval', c.calls, 'error', c.e),
      'only_foreign', dt.trim(ARRAY(SELECT unnest(fa.r) EXCEPT ALL SELECT unnest(la.r))),
      'only_local', dt.trim(ARRAY(SELECT unnest(la.r) EXCEPT ALL SELECT unnest(fa.r))),
      'volatile_after', jsonb_build_object('foreign', dt.trim(fa.v), 'local', dt.trim(la.v)))
    END);
  IF st <> 'ok' OR cardinality(vcols) > 0 THEN
    EXECUTE format('DELETE FROM dt.%s_l', tab);
    EXECUTE format('INSERT INTO dt.%s_l SELECT * FROM dt.%s', tab, tab);
  END IF;
END $f$;
"""

SESSION = """\\set ON_ERROR_STOP 0
SET client_min_messages = warning;
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
SET intervalstyle = 'postgres';
SET extra_float_digits = 1;
-- Parallel Foreign Scans where a table asks for them (parallel_workers '2'), even small ones
SET max_parallel_workers_per_gather = 2;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
-- joins with a VALUES list: a nested loop (parameterized foreign scans) rather than a hash join
SET enable_hashjoin = off;
SET enable_mergejoin = off;
SET statement_timeout = '%ds';
"""


def dollar(text):
    tag = "$q$"
    n = 0
    while tag in text:
        n += 1
        tag = "$q%d$" % n
    return tag + text + tag


def sql_array(items):
    return "ARRAY[%s]::text[]" % ", ".join(q(x) for x in items)


# ------------------------------------------------------------------ running

DB = "hbase_difftest"     # --db
PREFIX = "dt"             # --prefix: HBase tables PREFIX_N


PSQL_TIMEOUT = 900        # seconds any one psql call may take (the table loads are the longest)


def psql(args, sql=None, db=None, check=True, out=None, timeout=None):
    cmd = ["psql", "-X", "-q", "-d", db or DB] + args
    try:
        res = subprocess.run(cmd, input=sql.encode() if sql is not None else None,
                             stdout=out or subprocess.PIPE, stderr=subprocess.PIPE,
                             timeout=timeout or PSQL_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise RuntimeError("psql %s gave no answer within %d s (PostgreSQL or the HBase gateway "
                           "hangs)%s" % (" ".join(args)[:200], timeout or PSQL_TIMEOUT, hbase_health()))
    if check and res.returncode != 0:
        raise RuntimeError("psql %s failed: %s" % (" ".join(args), res.stderr.decode()[-3000:]))
    return res


def hbase_health():
    """scripts/hbase-local health's verdict, to name the cause of a hang ("" when unknown)"""
    script = os.path.join(os.path.dirname(HERE), "scripts", "hbase-local")
    if not os.access(script, os.X_OK):
        return ""
    try:
        res = subprocess.run([script, "health"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             stdin=subprocess.DEVNULL, timeout=120)
        return "\n" + (res.stdout.decode("utf-8", "replace").strip() or "hbase-local health: ok")
    except (OSError, subprocess.TimeoutExpired):
        return "\nhbase-local health gave no answer within 120 s"


def retry(fn, *args):
    """fn(*args), again while the gateway is unreachable (tests elsewhere restart it)"""
    for attempt in range(40):
        try:
            return fn(*args)
        except (OSError, hbase_rest.HBaseRestError) as e:
            if isinstance(e, hbase_rest.HBaseRestError) and e.status < 500 or attempt == 39:
                raise
            time.sleep(2)


def ensure_db():
    res = psql(["-Atc", "SELECT 1 FROM pg_database WHERE datname = %s" % q(DB)], db="postgres")
    if not res.stdout.strip():
        psql(["-c", 'CREATE DATABASE "%s"' % DB], db="postgres")


def build_identity():
    """which hbase_fdw.so the run used (several worktrees install theirs on this machine)"""
    try:
        libdir = subprocess.run([os.environ.get("PG_CONFIG", "pg_config"), "--pkglibdir"], stdout=subprocess.PIPE,
                                check=True).stdout.decode().strip()
        path = os.path.join(libdir, "hbase_fdw.so")
        with open(path, "rb") as f:
            digest = hashlib.md5(f.read()).hexdigest()[:12]
        return "hbase_fdw.so md5 %s, installed %s" % (
            digest, time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(os.stat(path).st_mtime)))
    except (OSError, subprocess.CalledProcessError):
        return "hbase_fdw.so: unknown"


def classify(op):
    """the HBase operations EXPLAIN showed, as counter names"""
    out = []
    if op is None:
        return ["(none)"]
    for o in op.split("; "):
        if o.startswith("EXPLAIN error"):
            out.append("explain error")
            continue
        if o.startswith("Get"):
            out.append("Get")
        elif o.startswith("bounded scans of the batch's key prefixes"):
            out.append("batched prefix join")
        elif o.startswith("multigets of up to"):
            out.append("batched key join")
        elif o.startswith("multiget"):
            out.append("multiget")
        elif "FuzzyRowFilter" in o:
            out.append("fuzzy")
        elif o.startswith("full scan"):
            out.append("full")
        elif "bounded scan" in o:
            out.append("scans")
        elif o.startswith("none"):
            out.append("none (no row can match)")
        else:
            out.append(o)
        if "reversed" in o:
            out.append("reversed")
        if "salt bucket" in o:
            out.append("buckets")
        if "merged in key order" in o:
            out.append("merged")
        if "at execution" in o:
            out.append("at execution")
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--queries", type=int, default=5600, help="queries in all (walks included)")
    ap.add_argument("--tables", type=int, default=48, help="layouts to generate")
    ap.add_argument("--writes", type=int, default=400, help="UPDATE and DELETE statements in "
                    "all, after the queries (0: none)")
    ap.add_argument("--jobs", type=int, default=2, help="psql sessions running queries at once")
    ap.add_argument("--keep", action="store_true", help="keep the HBase tables and the dt schema")
    ap.add_argument("--out", help="directory for mismatch reports (default: a temp dir)")
    ap.add_argument("--timeout", type=int, default=120, help="statement_timeout (s) per query")
    ap.add_argument("--stall", type=int, default=90,
                    help="stop and fail when no query finished for this many seconds (below "
                    "--timeout: else queries that each wait for statement_timeout count as progress)")
    ap.add_argument("--db", default="hbase_difftest", help="database (created when missing)")
    ap.add_argument("--prefix", default="dt", help="HBase tables are PREFIX_N (PREFIX_* are "
                    "dropped first: runs at the same time need their own --db and --prefix)")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--json", help="write a summary (and each mismatch's signature) here")
    ap.add_argument("--server-url", help="the REST gateway hbase_fdw reads through (default: "
                    "the harness's own, $HBASE_HARNESS_URL or $HBASE_URL), e.g. an older one")
    args = ap.parse_args(argv)
    global DB, PREFIX
    DB, PREFIX = args.db, args.prefix
    t0 = time.time()
    seed = args.seed
    log = (lambda *a: None) if args.quiet else (lambda *a: print(*a, file=sys.stderr, flush=True))
    out_dir = args.out or tempfile.mkdtemp(prefix="hbase_difftest-%d-" % seed)
    os.makedirs(out_dir, exist_ok=True)
    url = hbase_rest.default_url()
    hb = hbase_rest.Client(url)

    # 1. layouts, tried with CREATE FOREIGN TABLE
    nbig = max(1, args.tables // 12)
    tables = [gen_table(seed, i, big=i < nbig) for i in range(args.tables)]
    ensure_db()
    setup = ["SET client_min_messages = warning;",
             "DROP EXTENSION IF EXISTS hbase_fdw CASCADE;",
             "CREATE EXTENSION hbase_fdw;",
             "DROP SCHEMA IF EXISTS dt CASCADE;",
             "CREATE SCHEMA dt;",
             "CREATE SERVER dt_hbase FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url %s);"
             % q(args.server_url or url),
             "CREATE TABLE dt.accepted (idx int, err text);"]
    for t in tables:
        setup.append("DO $do$ BEGIN EXECUTE %s; INSERT INTO dt.accepted VALUES (%d, NULL); "
                     "EXCEPTION WHEN OTHERS THEN INSERT INTO dt.accepted VALUES (%d, SQLERRM); "
                     "END $do$;" % (dollar(t.create_foreign()), t.idx, t.idx))
    setup.append("\\pset format unaligned\n\\pset tuples_only on\n"
                 "SELECT row_to_json(a) FROM dt.accepted a;")
    res = psql(["-v", "ON_ERROR_STOP=1"], "\n".join(setup))
    verdict = {}
    for line in res.stdout.decode().splitlines():
        if line.startswith("{"):
            a = json.loads(line)
            verdict[a["idx"]] = a["err"]
    surprises = []
    for t in tables:
        t.error = verdict.get(t.idx, "not tried")
        t.accepted = t.error is None
        if t.accepted and t.expect != "ok":
            surprises.append("%s accepted, expected a rejection (%s): %s" % (
                t.name, t.expect, t.layout_text))
        if not t.accepted and t.expect == "ok":
            surprises.append("%s rejected: %s\n    layout: %s" % (t.name, t.error, t.layout_text))
    usable = [t for t in tables if t.accepted and t.expect == "ok" and gen_rows(t)]
    drop = [t.name for t in tables if t.accepted and t not in usable]
    log("difftest seed %d: %d layouts, %d accepted, %d rejected (%d expected so), %d usable" % (
        seed, len(tables), sum(t.accepted for t in tables),
        sum(not t.accepted for t in tables),
        sum(not t.accepted and t.expect != "ok" for t in tables), len(usable)))

    # 2. the rows into HBase (keys computed here) and into local tables
    old = [n for n in retry(hb.tables) if n.startswith(PREFIX + "_")]
    with ThreadPoolExecutor(8) as ex:
        list(ex.map(lambda n: retry(hb.drop_table, n), old))
        # big tables in several regions (split at keys of their own rows): scans go on by
        # region, and Parallel Foreign Scans share the pieces out
        for t in usable:
            keys = sorted(set(k for k in t.keys if k))
            if t.big and t.split_draw < 0.7 and len(keys) > 8:
                pick = random.Random("%s/%d/splits" % (seed, t.idx))
                t.splits = sorted(set(pick.sample(keys, 3)))
        list(ex.map(lambda t: retry(hb.create_table, t.name, ["d"], t.splits,
                                    10 if t.versions else 1), usable))
        list(ex.map(lambda t: retry(hb.put_rows, t.name, hbase_rows(t)), usable))
    t_load = time.time() - t0

    # 3. queries
    # fewer queries where each costs more: big tables, many salt buckets
    weights = {}
    for t in usable:
        w = 0.4 if t.big else 1.0
        first = t.layout.parts[0]
        if first.kind == "salt":
            w /= 1 + first.n / 16.0
        weights[t.name] = w
    total_w = sum(weights.values())
    qid = 0
    queries = []    # (qid, table, kind, sql text for the session, description)
    for t in usable:
        rng = random.Random("%s/%d/q" % (seed, t.idx))
        g = QueryGen(t, rng)
        n = max(5, int(round(args.queries * weights[t.name] / total_w)))
        nwalk = 0 if t.ties else (3 if t.big else rng.choice([0, 1, 1, 2]))
        if not t.ties and t.layout.parts[0].kind == "salt":
            nwalk = max(nwalk, 1)   # keyset pages cut each salt bucket's range (issue 36)
        skip_rev = "reverse-binary" in SKIP and g.binary_key
        for i in range(n):
            if i < nwalk:
                cols, exprs, types, direction, page, params = g.walk()
                if skip_rev and direction == "desc":
                    continue
                qid += 1
                maxpages = len(t.rows) // page + 3
                queries.append((qid, t, "walk", "SELECT dt.walk(%d, %s, %s, %s, %s, %s, %d, %s, %d);" % (
                    qid, q(t.name), sql_array(cols), sql_array(exprs), sql_array(types),
                    q(direction), page, "true" if params else "false", maxpages),
                    "keyset walk %s, pages of %d, (%s) %s (...) %s" % (
                        direction, page, ", ".join(exprs), ">" if direction == "asc" else "<",
                        "as parameters" if params else "as literals")))
                continue
            fq, lq, okeys, lim, tag = g.query()
            if skip_rev and tag.startswith("reverse"):
                continue
            qid += 1
            text = "SELECT dt.chk(%d, %s, %s, %s, %s);" % (
                qid, dollar(fq), dollar(lq), dollar(okeys) if okeys else "NULL",
                lim if lim else "NULL")
            if tag.startswith("pjoin"):
                text, fq = prefix_join_session(text, fq, g.rng.choice([7, 50, 1000]))
            queries.append((qid, t, "query", text,
                            fq + ("" if okeys is None else "   [compared in order]")))
    # writes, after the queries (they change the rows): UPDATE and DELETE statements on the
    # tables that take them, each table's in one session, in the order drawn
    wtables = [t for t in usable if writable(t)]
    writes = {}     # table name -> [(qid, t, "write", sql text for the session, description)]
    for t in wtables:
        rng = random.Random("%s/%d/w" % (seed, t.idx))
        wg = WriteGen(t, rng)
        n = max(3, int(round(args.writes * weights[t.name] / sum(weights[x.name] for x in wtables))))
        for i in range(n if args.writes else 0):
            fq, lq, ret, vcols, pushdown, hash_ = wg.statement()
            qid += 1
            writes.setdefault(t.name, []).append((
                qid, t, "write", "SELECT dt.wchk(%d, %s, %s, %s, %s, %s, %s, %s);" % (
                    qid, dollar(fq), dollar(lq), "true" if ret else "false", sql_array(vcols),
                    q(t.name), "true" if pushdown else "false", "true" if hash_ else "false"),
                "%s   [pushdown %s%s%s]" % (fq, "on" if pushdown else "off",
                                           ", hash joins" if hash_ else "",
                                           ", volatile " + ", ".join(vcols) if vcols else "")))
    log("difftest seed %d: %d queries on %d tables, %d writes on %d of them (%.1fs to set up)" % (
        seed, len(queries), len(usable), sum(len(w) for w in writes.values()), len(writes), t_load))

    # 4. local tables and the functions
    # the session's TimeZone: cross-type date/time bounds convert in it (DST included)
    tz = random.Random("%s/timezone" % seed).choice(["UTC", "America/New_York", "Asia/Kolkata"])
    setup = ["SET client_min_messages = warning;", "SET timezone = '%s';" % tz,
             "SET datestyle = 'ISO, YMD';"]
    for name in drop:
        setup.append("DROP FOREIGN TABLE dt.%s;" % name)
    for t in usable:
        setup.append(t.create_local())
        setup.append(local_insert(t))
        if t.name in writes:
            setup.append("CREATE SEQUENCE dt.%s_sf; CREATE SEQUENCE dt.%s_sl;" % (t.name, t.name))
    setup.append("CREATE UNLOGGED TABLE dt.results (id int, op text, n int, status text, "
                 "ms float8, detail jsonb);")
    setup.append(SQL_FUNCTIONS)
    psql(["-v", "ON_ERROR_STOP=1"], "\n".join(setup))

    # 5. the queries, in --jobs sessions at once; then the writes, each table's in one session
    t1 = time.time()
    jobs = max(1, args.jobs)
    batches = [[qq for k, qq in enumerate(queries) if k % jobs == j] for j in range(jobs)]
    run_sessions(args, out_dir, "queries", batches, seed, len(queries), tz,
                 [t.name for t in usable])
    wbatches = [[] for _ in range(jobs)]
    for k, name in enumerate(sorted(writes, key=lambda n: -len(writes[n]))):
        min(wbatches, key=len).extend(writes[name])
    run_sessions(args, out_dir, "writes", wbatches, seed, len(queries) + sum(map(len, wbatches)), tz)
    t_run = time.time() - t1
    queries += [w for ws in wbatches for w in ws]

    # 6. results
    res = psql(["-At", "-c", "SELECT row_to_json(r) FROM dt.results r"])
    results = {}
    for line in res.stdout.decode().splitlines():
        r = json.loads(line)
        results[r["id"]] = r
    ops = {}
    wops = {}
    mismatches = []
    errors_everywhere = werrors = wrefused = 0
    nrows = wrows = 0
    for qid, t, kind, _, desc in queries:
        r = results.get(qid)
        if r is None:
            mismatches.append((qid, t, kind, desc, None, {"missing": True}))
            continue
        if kind == "write":
            wops[r["op"]] = wops.get(r["op"], 0) + 1
            wrows += r["n"] or 0
            werrors += r["status"] == "error"
            wrefused += r["status"] == "refused"
            if r["status"] == "refused" and not args.server_url:
                r["status"] = "mismatch"    # the cluster's own gateway takes any key
        else:
            for o in classify(r["op"]):
                ops[o] = ops.get(o, 0) + 1
            nrows += r["n"] or 0
            errors_everywhere += r["status"] == "error"
        if r["status"] == "mismatch":
            mismatches.append((qid, t, kind, desc, r["op"], r["detail"]))
    psql_errors = ""
    for name in sorted(os.listdir(out_dir)):
        if name.startswith("psql-") and name.endswith(".log"):
            with open(os.path.join(out_dir, name)) as f:
                psql_errors += f.read()

    # 7. report
    for m in mismatches:
        report = mismatch_report(seed, *m)
        path = os.path.join(out_dir, "mismatch-%d.txt" % m[0])
        with open(path, "w", encoding="utf-8") as f:
            f.write(report)
        with open(os.path.join(out_dir, "mismatch-%d.rows.json" % m[0]), "w") as f:
            json.dump([{"key": {"hex": r["key"].hex()}, "cells": rows_json_cells(r["cells"])}
                       for r in hbase_rows(m[1])], f)
        print(report if len(report) < 6000 else report[:6000] + "\n... (all of it in %s)" % path)
    if surprises:
        print("layouts whose CREATE FOREIGN TABLE verdict the generator did not expect:")
        for s in surprises:
            print("  " + s)
    if psql_errors.strip():
        print("psql sessions reported:\n" + psql_errors[-3000:])
    print("extension: " + build_identity())
    print("operations EXPLAIN showed (pushdown on): " + ", ".join(
        "%s %d" % (k, v) for k, v in sorted(ops.items(), key=lambda kv: -kv[1])))
    print("writes (how the foreign table took them): " + ", ".join(
        "%s %d" % (k, v) for k, v in sorted(wops.items(), key=lambda kv: -kv[1])))
    nwalks = sum(1 for x in queries if x[2] == "walk")
    nsalted = sum(1 for x in queries if x[2] == "walk" and x[1].layout.parts[0].kind == "salt")
    nwrites = sum(1 for x in queries if x[2] == "write")
    print("difftest seed %d: %d queries (%d keyset walks, %d salted), %d writes (%d rows changed, %d errors on "
          "both sides, %d refused by the gateway), %d mismatches, %d/%d layouts accepted "
          "(%d rejected, %d unexpected verdicts), %d tables, %d rows, %d result rows, "
          "%d errors in all three runs; %.0fs (%.0fs queries)%s" % (
              seed, len(queries) - nwrites, nwalks, nsalted, nwrites, wrows, werrors, wrefused, len(mismatches),
              sum(t.accepted for t in tables),
              len(tables), sum(not t.accepted for t in tables), len(surprises), len(usable),
              sum(len(t.rows) for t in usable), nrows, errors_everywhere, time.time() - t0, t_run,
              "" if not mismatches else "; reports in " + out_dir))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"seed": seed, "queries": len(queries) - nwrites, "walks": nwalks, "ops": ops,
                       "writes": nwrites, "write_ops": wops,
                       "build": build_identity(),
                       "layouts": len(tables), "accepted": sum(t.accepted for t in tables),
                       "surprises": surprises, "seconds": time.time() - t0,
                       "mismatches": [{"id": m[0], "table": m[1].name,
                                       "layout": m[1].layout_text, "query": m[3], "op": m[4],
                                       "signature": signature(*m),
                                       "report": os.path.join(out_dir, "mismatch-%d.txt" % m[0])}
                                      for m in mismatches]}, f, indent=1)
    if not args.keep:
        with ThreadPoolExecutor(8) as ex:
            list(ex.map(lambda n: retry(hb.drop_table, n), [t.name for t in usable]))
        psql(["-c", "DROP SCHEMA dt CASCADE"], check=False)
        if not mismatches and not args.out:
            shutil.rmtree(out_dir, ignore_errors=True)
    return 1 if mismatches else 0


def prefix_join_session(text, fq, batch):
    """a prefix join's check with the batched join the only join enabled (pushdown on; off and
    locally the planner falls back on a disabled one), in batches of BATCH outer rows"""
    settings = ("enable_hashjoin", "enable_mergejoin", "enable_nestloop")
    return ("".join("SET %s = off; " % x for x in settings) +
            "SET hbase_fdw.join_batch_size = %d; " % batch + text + " " +
            "".join("RESET %s; " % x for x in settings) + "RESET hbase_fdw.join_batch_size;",
            fq + "   [batched join only, batches of %d]" % batch)


def run_sessions(args, out_dir, what, batches, seed, total, tz, learn=()):
    """runs each batch of (qid, table, kind, sql, description) in a psql session of its own, all
    at once, under a watchdog; psql's errors go to OUT/psql-WHAT-J.log.  learn: tables every
    other session first reads whole (issue 56): a full scan counts a table's rows, which the
    session's plans then take instead of estimated_rows (docs/statistics.md), so queries are
    planned both ways"""
    files = []
    for j, batch in enumerate(batches):
        if not batch:
            continue
        path = os.path.join(out_dir, "%s-%d.sql" % (what, j))
        with open(path, "w", encoding="utf-8") as f:
            f.write((SESSION % args.timeout).replace("SET timezone = 'UTC';",
                                                     "SET timezone = '%s';" % tz))
            if learn and j % 2 == 1:
                # not parallel: one process's share counts nothing
                f.write("SET max_parallel_workers_per_gather = 0;\n")
                for name in learn:
                    f.write("SELECT count(*) FROM (SELECT * FROM dt.%s OFFSET 0) s;\n" % name)
                f.write("SET max_parallel_workers_per_gather = 2;\n")
            for qq in batch:
                f.write(qq[3] + "\n")
        files.append((j, path))
    procs = []
    for j, path in files:
        errf = open(os.path.join(out_dir, "psql-%s-%d.log" % (what, j)), "w")
        procs.append((subprocess.Popen(["psql", "-X", "-q", "-d", DB, "-f", path],
                                       stdout=subprocess.DEVNULL, stderr=errf), errf))
    # a watchdog: sessions in which no query finished for --stall seconds are stopped and the
    # run fails, naming the cause (a hung gateway made each query wait for statement_timeout,
    # one after the other: 11 minutes without a word)
    done_before, last_progress = -1, time.time()
    while any(p.poll() is None for p, _ in procs):
        time.sleep(5)
        try:
            n = int(psql(["-Atc", "SELECT count(*) FROM dt.results"], timeout=60).stdout or 0)
        except (RuntimeError, ValueError):
            n = done_before
        if n != done_before:
            done_before, last_progress = n, time.time()
        elif time.time() - last_progress > args.stall:
            for p, _ in procs:
                if p.poll() is None:
                    p.kill()
            for p, errf in procs:
                p.wait()
                errf.close()
            raise SystemExit("difftest seed %d: no query finished for %d s (%d of %d done): "
                             "stopped%s" % (seed, args.stall, max(n, 0), total, hbase_health()))
    for p, errf in procs:
        p.wait()
        errf.close()


def signature(qid, t, kind, desc, op, detail):
    """what tells one failure from another across seeds: the error with its values taken
    out, or the operation that returned wrong rows, and the layout's shape"""
    import re
    shape = re.sub(r"\bk\d\b", "c", t.layout_text)
    shape = re.sub(r"\d+", "N", shape)
    if detail.get("missing"):
        what = "no result (timeout or crash)"
    elif kind == "write":
        err = detail["foreign"]["error"] or detail["local"]["error"]
        what = "write: " + (re.sub(r"\d+", "N", re.sub(r'"[^"]*"', '"…"', err)) if err else
                            "different %s, %s" % ("count" if detail["foreign"]["n"] != detail["local"]["n"]
                                                  else "rows", op))
    else:
        errs = [detail[r]["error"] for r in ("on", "off") if detail[r]["error"]]
        if errs:
            what = re.sub(r'"[^"]*"', '"…"', errs[0])
            what = re.sub(r"\(page .*", "", re.sub(r"\d+", "N", what))
        else:
            what = "wrong rows, %s" % "+".join(classify(op)) if kind == "query" else \
                "wrong keyset walk"
    return "%s | %s" % (what, shape)


def hexkey(b):
    return "\\x" + b.hex()


def mismatch_report(seed, qid, t, kind, desc, op, detail):
    lines = ["=" * 78,
             "MISMATCH seed %d, query %d on %s (%s)" % (seed, qid, t.name, kind),
             "layout:  %s" % t.layout_text,
             "query:   %s" % desc,
             "HBase operation (pushdown on): %s" % op]
    if detail.get("missing"):
        lines.append("no result: the session died or statement_timeout stopped it (see psql logs)")
    elif kind == "write":
        # the rows are those the table started with; earlier writes of the run changed them
        f, loc = detail["foreign"], detail["local"]
        for what in ("error", "n", "returning", "volatile", "nextval"):
            if f[what] != loc[what]:
                lines.append("%s: foreign %s / local %s" % (what, f[what], loc[what]))
        for what in ("only_foreign", "only_local"):
            if detail[what]:
                lines.append("rows after, %s: %s" % (what.replace("_", " in "), " ".join(detail[what])))
        if detail["volatile_after"]["foreign"] != detail["volatile_after"]["local"]:
            lines.append("volatile values after: %s" % json.dumps(detail["volatile_after"]))
        lines.append("(earlier writes of the session changed the rows below first)")
    else:
        loc = detail["local"]
        for run in ("on", "off"):
            d = detail[run]
            if d["error"] or loc["error"]:
                if d["error"] != loc["error"]:
                    lines.append("pushdown %s: error %s / local: error %s" % (run, d["error"], loc["error"]))
                continue
            if d["rows"] == loc["rows"] and d["keys"] == loc["keys"]:
                continue
            lines.append("pushdown %s: %s rows, local %s rows" % (run, d["n"], loc["n"]))
            extra = [r for r in d["rows"] if r not in loc["rows"]]
            lost = [r for r in loc["rows"] if r not in d["rows"]]
            if extra:
                lines.append("  only with pushdown %s: %s" % (run, " ".join(extra[:20])))
            if lost:
                lines.append("  only in the local table: %s" % " ".join(lost[:20]))
            if not extra and not lost:
                lines.append("  same rows, other order:\n    got      %s\n    expected %s" % (
                    " ".join(d["rows"][:20]), " ".join(loc["rows"][:20])))
    lines.append("-- to replay: tests/hbase_rest.py create %s d; tests/hbase_rest.py put %s < "
                 "mismatch-%d.rows.json; then" % (t.name, t.name, qid))
    lines.append("CREATE SCHEMA IF NOT EXISTS dt;  -- and CREATE SERVER dt_hbase ... (url of the gateway)")
    lines.append(t.create_foreign())
    lines.append(t.create_local())
    lines.append(local_insert(t))
    lines.append("-- HBase rows (key hex: cells)")
    for r in hbase_rows(t):
        items = r["cells"].items() if isinstance(r["cells"], dict) else r["cells"]
        lines.append("--   %s: %s" % (hexkey(r["key"]), ", ".join(
            "%s=%s" % (qual_text(c) if isinstance(c, bytes) else c,
                       "%s@%d" % (hexkey(v["value"]), v["timestamp"]) if isinstance(v, dict)
                       else hexkey(v))
            for c, v in items if c != "d:m")))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
