#!/usr/bin/env python3
"""tests/fixtures_import_sample.py - the tables of sql/import_sample.sql, in namespace smp_ns.

IMPORT FOREIGN SCHEMA samples a table's first rows and infers a column type per qualifier
(and for the rowkey) when every sampled value fits it. These tables hold one kind of value per
qualifier, encoded here as a Java application writes them (struct.pack for Bytes.toBytes(long)
and (int), UTF-8 text), independently of hbase_fdw's C code.

  python3 tests/fixtures_import_sample.py          (re)create every table
  python3 tests/fixtures_import_sample.py raw T    print table T's cells (values in hex)
"""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hbase_rest  # noqa: E402

HB = hbase_rest.Client()
NS = "smp_ns"


def long_(v):
    return struct.pack(">q", v)


def int_(v):
    return struct.pack(">i", v)


def s(text):
    return text.encode("utf-8")


def types_rows():
    """keys: Java longs; one qualifier per inferred type, and mixed ones"""
    rows = [
        {"l": long_(733), "i": int_(-5), "n": s("12"), "d": s("1.50"), "dt": s("2024-02-29"),
         "ts": s("2024-03-01 12:00:00"), "tz": s("2024-03-01T12:00:00Z"), "js": s('{"a": 1}'),
         "txt": s("hello"), "zip": s("01234"), "mix": long_(1), "mixnum": s("12"),
         "b": b"\x00\x01\x02", "w": long_(7), "baddate": s("2024-02-29"),
         "dbl": struct.pack(">d", 1.5), "flt": struct.pack(">f", 0.25), "big": long_(2**60)},
        {"l": long_(-1), "i": int_(2**28 - 1), "n": s("-9223372036854775808"), "d": s("-0.25"),
         "dt": s("1999-12-31"), "ts": s("2024-03-01T08:30:00.123456"),
         "tz": s("2024-03-01 12:00:00+05:30"), "js": s("[1, 2]"), "txt": s("wörld"),
         "zip": s("12345"), "mix": s("abc"), "mixnum": s("abc"), "b": b"\xff",
         "w": int_(7), "baddate": s("2023-02-29"),
         "dbl": struct.pack(">d", -2.0), "flt": struct.pack(">f", 3.0), "big": long_(5)},
        {"l": long_(2**60 - 1), "n": s("0"), "d": s("3"), "txt": s("")},
    ]
    keys = [long_(-2), long_(1), long_(300)]
    return [(k, {"f:" + q: v for q, v in r.items()}) for k, r in zip(keys, rows)]


def names_rows():
    """names that are no plain identifiers, or are taken, or are no text"""
    cells = {
        b"cf:Hello World": s("x"), b"cf:select": s("1"), b'cf:a"b': s("2"),
        b"cf:": s("empty qualifier"), b"cf:\x80\x0b": long_(5), b"cf:cf": s("same as family"),
        b"cf:rowkey": s("same as key"), b"cf:" + b"q" * 70: s("long"),
        b"cf:gr\xc3\xb6\xc3\x9fe": s("3"), b"cf:a\\b": s("backslash"),
        b"My Fam:v": s("4"), b"rowkey:k": s("5"),
    }
    return [(s("10"), cells), (s("20"), {b"cf:select": s("2")}), (s("-3"), {b"My Fam:v": s("6")})]


def intkey_rows():
    return [(int_(k), {b"cf:v": s("v%d" % k)}) for k in (1, -2, 70000)]


def wide_rows():
    return [(s("w1"), {("cf:q%03d" % i).encode(): s("%d" % i) for i in range(101)})]


def binfam_rows():
    return [(s("r1"), {b"cf:clicks": long_(733), b"cf:cost": s("507.41"), b"cf:\x00\xff": s("binary name"),
                       b"cf:path": s("\\xff is no hex here")})]


def phx_rows():
    """as Apache Phoenix writes a row: its empty column 0:_0 = "x", an INTEGER 1 sign-flipped"""
    return [(s("k1"), {b"0:_0": b"x", b"0:N": b"\x80\x00\x00\x01", b"0:V": s("v1")})]


TABLES = {
    "types": (["f"], types_rows),
    "names": (["cf", "My Fam", "rowkey"], names_rows),
    "intkey": (["cf"], intkey_rows),
    "wide": (["cf"], wide_rows),
    "binfam": (["cf"], binfam_rows),
    "empty": (["cf"], lambda: []),
    "phx": (["0"], phx_rows),
}


def printable(b):
    """printable ASCII as is, any other byte (and the backslash) as \\xNN"""
    return "".join(chr(c) if 0x20 <= c < 0x7f and c != 0x5c else "\\x%02x" % c for c in b)


def to_pairs(rows):
    return [(k, {(c if isinstance(c, bytes) else c.encode()): v for c, v in cells.items()})
            for k, cells in rows]


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "raw":
        for row in HB.scan("%s:%s" % (NS, sys.argv[2])):
            print("row", printable(row["key"]))
            for c, v in sorted(row["cells"].items()):
                print("  %s = %s" % (printable(c), v.hex() or "(empty)"))
        return
    for name, (families, rows) in TABLES.items():
        table = "%s:%s" % (NS, name)
        HB.create_table(table, families)
        pairs = to_pairs(rows())
        if pairs:
            HB.put_pairs(table, pairs)


if __name__ == "__main__":
    main()
