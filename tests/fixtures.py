#!/usr/bin/env python3
"""tests/fixtures.py - writes the regression fixtures into HBase through the REST API.

The values are encoded here, in Python, the way a Java application writes them
(Bytes.toBytes of strings, shorts, ints, longs, floats, doubles, booleans and
BigDecimals), independently of hbase_fdw's C code. The expected outputs in
expected/*.out were checked against these definitions.
"""
import struct
import sys
import os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hbase_rest  # noqa: E402
from javabytes import s, short, int_, long_, float_, double, boolean, bigdecimal  # noqa: E402

HB = hbase_rest.Client()



def types_rows():
    r1 = {
        "t:i2": s("12"), "t:i4": s("-34"), "t:i8": s("9223372036854775807"),
        "t:num": s("12345.6789"), "t:f4": s("1.5"), "t:f8": s("-2.25e10"),
        "t:bool": s("true"), "t:txt": s("héllo wörld ✓"), "t:vc": s("abc"),
        "t:date": s("2024-02-29"), "t:ts": s("2024-02-29 13:45:01.5"),
        "t:tstz": s("2024-02-29T13:45:01Z"), "t:raw": b"\x00\xff\x10",
        "t:js": s('{"b": [1, 2], "a": null}'),
        "b:i2": short(12), "b:i4": int_(-34), "b:i8": long_(2**63 - 1),
        "b:f4": float_(1.5), "b:f8": double(-2.25e10), "b:bool": boolean(True),
        "b:num": bigdecimal(123456789, 4), "b:ts": long_(1709214301500),
        "b:i4long": long_(123456), "b:f8float": float_(0.25),
    }
    r2 = {"t:other": s("only this")}
    r3 = {
        "t:i2": s("-32768"), "t:i4": s("2147483647"), "t:i8": s("-9223372036854775808"),
        "t:num": s("-0.001"), "t:f4": s("NaN"), "t:f8": s("-Infinity"),
        "t:bool": s("f"), "t:txt": s(""), "t:vc": s(""), "t:date": s("1970-01-01"),
        "t:ts": s("9999-12-31 23:59:59"), "t:tstz": s("1969-12-31 23:59:59+00"),
        "t:raw": b"", "t:js": s("[]"),
        "b:i2": short(-32768), "b:i4": int_(-2**31), "b:i8": long_(-2**63),
        "b:f4": float_(-0.0), "b:f8": double(float("inf")), "b:bool": boolean(False),
        "b:num": bigdecimal(-15, 1), "b:ts": long_(-1000),
        "b:i4long": long_(-1), "b:f8float": float_(-3.5),
    }
    return [(b"r1", r1), (b"r2", r2), (b"r3", r3)]


def bad_rows():
    return [
        (b"k1", {"t:int": s("abc")}),
        (b"k2", {"b:i4": b"\x01\x02\x03"}),
        (b"k\xff3", {"t:txt": b"\xc3\x28"}),
        (b"k4", {"b:i8": long_(100000)}),
        (b"k5", {"b:f4": b"\x00"}),
        (b"k6", {"t:js": s("{not json")}),
    ]


# row keys that are hard to put in a URL, and one that is not UTF-8
SPECIAL_KEYS = [b"a/b", b"a+b", b"50%", b"x,y", b"st*r", b"with space", "ключ-日本".encode(),
                b"\xff\xfe\x00\x01", b"?q=1&r#f", b"..", b"scanner", b"multiget"]


def keys_rows():
    return [(k, {"cf:hex": s(k.hex())}) for k in SPECIAL_KEYS]


def regions_rows():
    # 13 regions, split at r0400, r0800 ... r4800; 5000 rows
    return [(s("r%04d" % i), {"cf:n": s(str(i)), "cf:g": s(str(i % 7))}) for i in range(5000)]


def salted_region_rows():
    # key: one salt byte (i % 4), then "r%04d"; regions split inside every bucket
    return [(bytes([i % 4]) + s("r%04d" % i), {"cf:n": s(str(i))}) for i in range(2000)]


def versions_rows():
    # cells with explicit timestamps (ms), several versions each (family v keeps 10)
    ny = 1704067200000    # 2024-01-01 00:00:00 UTC
    def c(value, ts):
        return {"value": s(value), "timestamp": ts}
    return [
        (s("k1"), {"v:a": c("a1", 1000), "v:b": c("b2", 2000)}),
        (s("k1"), {"v:a": c("a2", 2000)}),
        (s("k1"), {"v:a": c("a3", 3000)}),
        (s("k2"), {"v:a": c("x", 1500), "v:b": c("y", 1500)}),
        (s("k2"), {"v:b": c("z", 2500)}),
        (s("k3"), {"v:a": c("one ms before", ny - 1)}),
        (s("k3"), {"v:a": c("new year", ny)}),
        (s("k3"), {"v:a": c("one ms later", ny + 1)}),
        (s("k4"), {"v:zz": c("not mapped", 5000)}),
    ]


def desc_rows():
    # Phoenix's PRIMARY KEY (id BIGINT DESC, code CHAR(4) DESC, name VARCHAR): each DESC
    # column's bytes inverted (checked against PLong/PChar.toBytes(v, SortOrder.DESC))
    def inv(b):
        return bytes(x ^ 0xFF for x in b)
    rows = []
    for i, (v, code, name) in enumerate([
            (-9223372036854775808, "ab", "min"), (-5, "ab", "minus five"), (-1, "zz", "minus one"),
            (0, "ab", "zero"), (0, "abc", "zero abc"), (1, "a", "one"), (2, "ab", "two"),
            (42, "ab", "answer"), (42, "b", "answer b"), (9223372036854775807, "ab", "max")]):
        key = inv(struct.pack(">Q", (v + 2**63) % 2**64)) + inv(code.ljust(4).encode()) + \
            name.encode()
        rows.append((key, {"d:n": s(str(i))}))
    return rows


def descvar_rows():
    # Phoenix's PRIMARY KEY (tenant CHAR(2), name VARCHAR DESC, id INTEGER): the DESC VARCHAR's
    # bytes inverted and followed by 0xff (the inverted separator 0x00), INTEGER sign-flipped
    def inv(b):
        return bytes(x ^ 0xFF for x in b)
    rows = []
    for i, (tenant, name, ident) in enumerate([
            ("t1", "", 1), ("t1", "a", 2), ("t1", "ab", 3), ("t1", "ab", -4), ("t1", "abc", 5),
            ("t1", "abd", 6), ("t1", "b", 7), ("t1", "ba", 8), ("t1", "\u00e9t\u00e9", 9),
            ("t1", "z", 10), ("t1", "\x7f", 11), ("t2", "a", 12), ("t2", "m", 13), ("t0", "zz", 14)]):
        key = tenant.encode() + inv(name.encode("utf-8")) + b"\xff" + \
            struct.pack(">I", (ident + 2**31) % 2**32)
        rows.append((key, {"d:n": s(str(i))}))
    return rows


def split_rows():
    # 4 regions: [,b) [b,c) [c,d) [d,); 250 rows each
    rows = []
    for p in "abcd":
        for i in range(250):
            rows.append((s("%s%03d" % (p, i)), {"cf:n": s(str(i)), "cf:p": s(p)}))
    return rows


def sparse_rows():
    # rows that lack some or all of the columns a query asks for
    return [
        (b"r1", {"cf:a": s("42"), "d:x": s("hello")}),
        (b"r2", {"cf:a": s("7")}),
        (b"r3", {"d:x": s("only-d")}),
        (b"r4", {"e:z": s("other family only")}),
    ]


def nulname_rows():
    # name + "\x00" + lpad(id, 4): Phoenix's VARCHAR followed by more key columns
    rows = []
    for name in ("a", "ab", "abc", "abd"):
        for i in (1, 2, 3):
            rows.append((s(name) + b"\x00" + s("%04d" % i), {"d:v": s("%s/%d" % (name, i))}))
    return rows


SORTLONG_KEYS = [i * 37 - 20000 for i in range(1500)] + [-2**63, 2**63 - 1, -1, 0]


def sortlong_rows():
    # sortable(long(k)): big-endian with the sign bit flipped; most keys are not UTF-8
    return [(struct.pack(">Q", k + 2**63), {"d:v": s(str(k))}) for k in SORTLONG_KEYS]


def nulbytes_rows():
    # bytes(k) + "\x00" + lpad(id, 4): a bytea part before a NUL delimiter (values hold no 0x00)
    keys = [(b"\x80", 2), (b"\xff\xff", 1), (b"\xff", 3), (b"\xff\xff\x01", 4), (b"", 5),
            (b"\x7f\x14", 6), (b"\xff\xff", 7)]
    return [(k + b"\x00" + s("%04d" % i), {"d:v": s("%s/%d" % (k.hex(), i))}) for k, i in keys]


def binqual_rows():
    # binary qualifiers, as Phoenix's column-encoded tables have (TWO_BYTE counters 11, 256;
    # the empty key value column 0 as four zero bytes), and ones that look like escapes,
    # prefixes of each other, a ':' inside, an empty qualifier
    q = {"zero": b"q:\x00\x00\x00\x00", "c11": b"q:\x80\x0b", "c256": b"q:\x81\x00",
         "ff": b"q:\xff", "x": b"q:x", "x0": b"q:x\x00", "colon": b"q:a:b",
         "bs": b"q:a\\x41", "empty": b"q:"}
    rows = [(b"r1", {q["zero"]: s("x"), q["c11"]: s("eleven"), q["c256"]: s("256"),
                     q["ff"]: s("ff"), q["x"]: s("x"), q["x0"]: s("x-nul"),
                     q["colon"]: s("colon"), q["bs"]: s("backslash"), q["empty"]: s("empty")}),
            (b"r2", {q["zero"]: s("x"), q["c11"]: s("twelve"), q["x0"]: s("only x-nul")}),
            (b"r3", {q["zero"]: s("x"), q["c256"]: s("256 alone")})]
    return rows


def saltcell_rows():
    # salt(2, javahash(s)) + lpad(k, 4) + ["_" + lpad(o, 4)], s a bigint held by a cell
    from fixtures_layouts import hash_salt, long_hash
    rows = []
    for k, o, sv in ((1, None, 7), (1, 5, 7), (2, None, 8), (3, None, 2**40 + 3), (3, 9, 6)):
        key = hash_salt(long_hash(sv), 2) + s("%04d" % k) + (s("_%04d" % o) if o is not None else b"")
        rows.append((key, {"d:s": long_(sv), "d:v": s("%d/%s" % (k, "-" if o is None else o))}))
    return rows


def floatkey_rows():
    # sortable(double(d)) + lpad(n, 4): -0 and +0, NaNs with and without the sign bit,
    # infinities (Double.doubleToRawLongBits keeps a NaN's sign)
    from fixtures_layouts import sortable_double
    neg_nan = struct.pack(">Q", 0xFFF8000000000000 ^ 0xFFFFFFFFFFFFFFFF)
    pos_nan = struct.pack(">Q", 0x7FF8000000000000 ^ 0x8000000000000000)
    rows = [(sortable_double(d), n) for d, n in
            ((-0.0, 2), (0.0, 1), (-1.5, 3), (7.25, 6), (float("-inf"), 7), (float("inf"), 8),
             (0.0, 9), (-0.0, 10))]
    rows += [(neg_nan, 4), (pos_nan, 5)]
    return [(k + s("%04d" % n), {"d:v": s(str(n))}) for k, n in rows]


def rawdouble_rows():
    # double(d) + lpad(n, 4): raw IEEE bytes, -0 (0x80...) and +0 (0x00...) apart in the key
    return [(struct.pack(">d", d) + s("%04d" % n), {"d:v": s(str(n))})
            for d, n in ((0.0, 2), (-0.0, 1), (0.0, 5), (-0.0, 3), (1.5, 4))]


def monthkey_rows():
    # date(d, "yyyyMM") + "|" + lpad(n, 3, '0'): year 0000 is 1 BC (ISO 8601, as the codec writes it)
    keys = [(0, 1, 1), (1, 1, 1), (1, 1, 2), (1, 2, 1), (2024, 2, 1), (2024, 3, 1), (2024, 3, 2),
            (2024, 4, 1)]
    return [(s("%04d%02d|%03d" % (y, m, n)), {"d:v": s("%04d-%02d/%d" % (y, m, n))}) for y, m, n in keys]


def epochkey_rows():
    # sortable(long(epoch(t))): seconds since 1970, before and after it
    return [(struct.pack(">Q", (sec + 2**63) % 2**64), {"d:v": s(str(sec))})
            for sec in (-3, -2, -1, 0, 1, 1709287200, 1709287201)]


# the split keys of this file's pre-split tables
SPLITS = {
    "fdw_split": [b"b", b"c", b"d"],
    "fdw_regions": [s("r%04d" % i) for i in range(400, 5000, 400)],
    "fdw_replicas": [s("r1000"), s("r2000")],
    "fdw_regions_salted": [bytes([b]) + s(m) for b in range(4) for m in ("", "r1000")][1:],
}


def main():
    # every pre-split table first, all in one JVM of tests/HBaseAdmin.java (a JVM start costs
    # seconds; the create_table calls below and in the modules then find them made and empty)
    import fixtures_join
    import fixtures_layouts
    import fixtures_saltjoin
    HB.create_split_tables(
        [(t, ["cf"], keys, 1, 2 if t == "fdw_replicas" else 1) for t, keys in SPLITS.items()] +
        fixtures_layouts.split_tables() + fixtures_join.SPLIT_TABLES +
        fixtures_saltjoin.SPLIT_TABLES)
    HB.create_table("fdw_types", ["t", "b"])
    HB.put_pairs("fdw_types", types_rows())
    HB.create_table("fdw_bad", ["t", "b"])
    HB.put_pairs("fdw_bad", bad_rows())
    HB.create_table("fdw_keys", ["cf"])
    HB.put_pairs("fdw_keys", keys_rows())
    HB.create_table("fdw_empty", ["cf"])
    HB.create_table("fdw_split", ["cf"], splits=SPLITS["fdw_split"])
    HB.put_pairs("fdw_split", split_rows())
    regions = len(HB.regions("fdw_split"))
    if regions != 4:
        sys.exit("fdw_split has %d regions, expected 4" % regions)
    HB.create_table("fdw_regions", ["cf"], splits=SPLITS["fdw_regions"])
    HB.put_pairs("fdw_regions", regions_rows())
    regions = len(HB.regions("fdw_regions"))
    if regions != 13:
        sys.exit("fdw_regions has %d regions, expected 13" % regions)
    # read replicas: the gateway lists each region twice (fdw_replicas1: one region, the
    # table of issue 24's 5,800 rows; fdw_replicas: split at r1000 and r2000)
    replica_rows = [(s("r%04d" % i), {"cf:n": s(str(i))}) for i in range(3000)]
    HB.create_table("fdw_replicas1", ["cf"], replicas=2)
    HB.put_pairs("fdw_replicas1", replica_rows)
    HB.create_table("fdw_replicas", ["cf"], splits=SPLITS["fdw_replicas"], replicas=2)
    HB.put_pairs("fdw_replicas", replica_rows)
    regions = len(HB.regions("fdw_replicas"))
    if regions != 6:
        sys.exit("fdw_replicas lists %d regions, expected 6 (3 regions, 2 replicas)" % regions)
    HB.create_table("fdw_regions_salted", ["cf"], splits=SPLITS["fdw_regions_salted"])
    HB.put_pairs("fdw_regions_salted", salted_region_rows())
    HB.create_table("fdw_versions", ["v"], versions=10)
    for row in versions_rows():
        HB.put_pairs("fdw_versions", [row])
    HB.create_table("fdw_desc", ["d"])
    HB.put_pairs("fdw_desc", desc_rows())
    HB.create_table("fdw_descvar", ["d"])
    HB.put_pairs("fdw_descvar", descvar_rows())
    HB.create_table("fdw_sparse", ["cf", "d", "e"])
    HB.put_pairs("fdw_sparse", sparse_rows())
    HB.create_table("fdw_ns:ns_table", ["cf"])
    HB.put_pairs("fdw_ns:ns_table", [(b"x", {"cf:v": s("in a namespace")})])
    if HB.table_exists("fdw_missing"):
        HB.drop_table("fdw_missing")
    HB.create_table("fdw_nulname", ["d"])
    HB.put_pairs("fdw_nulname", nulname_rows())
    # cell timestamps that no PostgreSQL timestamp holds (a long as HBase allows)
    HB.create_table("fdw_cellts", ["d"])
    HB.put_rows("fdw_cellts", [
        {"key": b"ok", "cells": {"d:v": {"value": "x", "timestamp": 1700000000000}}},
        {"key": b"far", "cells": {"d:v": {"value": "y", "timestamp": 9223372036854775806}}},
    ])
    # a row's cells at different timestamps, mapped or not: an unmapped family that sorts
    # first (the cell a scanner's FirstKeyOnlyFilter brings), an unmapped newest cell
    HB.create_table("fdw_rowts", ["a", "f"])
    HB.put_rows("fdw_rowts", [
        {"key": b"r1", "cells": {"a:x": {"value": "first", "timestamp": 5000},
                                 "f:a": {"value": "va", "timestamp": 1000},
                                 "f:b": {"value": "vb", "timestamp": 2000},
                                 "f:c": {"value": "newest", "timestamp": 9000}}},
        {"key": b"r2", "cells": {"f:a": {"value": "va", "timestamp": 1500}}},
        {"key": b"r3", "cells": {"a:x": {"value": "only unmapped", "timestamp": 7000}}},
    ])
    HB.create_table("fdw_sortlong", ["d"])
    HB.put_pairs("fdw_sortlong", sortlong_rows())
    HB.create_table("fdw_nulbytes", ["d"])
    HB.put_pairs("fdw_nulbytes", nulbytes_rows())
    HB.create_table("fdw_binqual", ["q"])
    HB.put_pairs("fdw_binqual", binqual_rows())
    HB.create_table("fdw_saltcell", ["d"])
    HB.put_pairs("fdw_saltcell", saltcell_rows())
    HB.create_table("fdw_floatkey", ["d"])
    HB.put_pairs("fdw_floatkey", floatkey_rows())
    HB.create_table("fdw_rawdouble", ["d"])
    HB.put_pairs("fdw_rawdouble", rawdouble_rows())
    HB.create_table("fdw_monthkey", ["d"])
    HB.put_pairs("fdw_monthkey", monthkey_rows())
    HB.create_table("fdw_epochkey", ["d"])
    HB.put_pairs("fdw_epochkey", epochkey_rows())
    fixtures_layouts.main(HB)  # the lay_* tables of sql/layouts.sql
    __import__("fixtures_collate").main(HB)  # the coll_* tables of sql/collate.sql
    fixtures_join.main(HB)  # jn_join, jn_comp of sql/join.sql
    __import__("fixtures_saltpage").main(HB)  # sp_jhash, sp_phx of sql/saltpage.sql
    fixtures_saltjoin.main(HB)  # sj_phx, sj_jh of sql/saltjoin.sql
    __import__("fixtures_costs").main(HB)  # cs_phx of sql/costs.sql
    __import__("fixtures_vfilter").main(HB)  # the vf_* tables of sql/vfilter.sql
    __import__("fixtures_vfilter2").main(HB)  # vf2_dates of sql/vfilter2.sql
    __import__("fixtures_textwidth").main(HB)  # tw_main of sql/textwidth.sql


def phoenix():
    """The Phoenix tests' fixtures (tests/fixtures.py --phoenix). Phoenix's schemas are one per
    HBase, not per run slot: scripts/test writes them in its shared phase, under its lock, just
    before the tests that read them."""
    __import__("fixtures_phoenix").main(HB)  # fdw_phoenix of sql/phoenix.sql
    __import__("fixtures_phoenix_schema").main()  # Phoenix schema FDWPS of sql/phoenix_schema.sql
    __import__("fixtures_phoenix_values").main()  # schema FDWPV of sql/phoenix_values.sql
    __import__("fixtures_phoenix_nullkey").main()  # schema FDWPN of sql/phoenix_nullkey.sql
    __import__("fixtures_phoenix_index").main()  # schemas FDWPI, FDWPJ of sql/phoenix_index.sql
    __import__("fixtures_phoenix_index_null").main()  # schema FDWPX of sql/phoenix_index.sql
    __import__("fixtures_phoenix_index_local").main()  # FDWPL of sql/phoenix_index_local.sql
    __import__("fixtures_phoenix_index_single").main()  # FDWPSC of sql/phoenix_index_single.sql


if __name__ == "__main__":
    phoenix() if sys.argv[1:] == ["--phoenix"] else main()
