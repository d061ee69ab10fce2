#!/usr/bin/env python3
"""tests/fixtures_join.py - fixtures of the batched key join tests (sql/join.sql).

jn_join: rowkey "row" + the id left-padded with zeros to 6 digits (the foreign table's
`rowkey '"row" + lpad(id, 6)'`), ids 1..6000 except multiples of 7 (keys that do not
exist); cells cf:v (the text "v<id>") and cf:n (id % 10 as text; none for multiples of 11,
a NULL). Split at row002000 and row004000: three regions.
jn_comp: rowkey lpad(a, 4) + lpad(b, 4) (a 1..50, b 1..20 where a % 5 != 0), cell cf:w =
"<a>.<b>", for joins on a leading part of the key.
jn_wide: rowkey "w" + lpad(id, 4), ids 1..300, cell cf:blob = "<id>" + 2,000 x "x": wide rows.
Keys and values are computed here, in Python, independently of hbase_fdw's C codec.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hbase_rest  # noqa: E402
from javabytes import s  # noqa: E402


def join_rows():
    rows = []
    for i in range(1, 6001):
        if i % 7 == 0:
            continue
        cells = {"cf:v": s("v%d" % i)}
        if i % 11 != 0:
            cells["cf:n"] = s(str(i % 10))
        rows.append((s("row%06d" % i), cells))
    return rows


def comp_rows():
    rows = []
    for a in range(1, 51):
        if a % 5 == 0:
            continue
        for b in range(1, 21):
            rows.append((s("%04d%04d" % (a, b)), {"cf:w": s("%d.%d" % (a, b))}))
    return rows


def wide_rows():
    return [(s("w%04d" % i), {"cf:blob": s("%d" % i + "x" * 2000)}) for i in range(1, 301)]


# the pre-split tables (tests/fixtures.py makes them first, all in one JVM)
SPLIT_TABLES = [("jn_join", ["cf"], [s("row002000"), s("row004000")], 1, 1)]


def main(hb=None):
    hb = hb or hbase_rest.Client()
    hb.create_table("jn_join", ["cf"], splits=SPLIT_TABLES[0][2])
    hb.put_pairs("jn_join", join_rows())
    hb.create_table("jn_comp", ["cf"])
    hb.put_pairs("jn_comp", comp_rows())
    hb.create_table("jn_wide", ["cf"])
    hb.put_pairs("jn_wide", wide_rows())


if __name__ == "__main__":
    main()
