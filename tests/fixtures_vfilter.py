#!/usr/bin/env python3
"""tests/fixtures_vfilter.py - fixtures of sql/vfilter.sql (value filters at the region server).

Cells are written here, in Python, independently of hbase_fdw's codecs:
  vf_main  keys 'r00000' .. 'r01999' (text), family d, plus family e:
    d:v  Bytes.toBytes(long) of v(i) = (i * 7919) % 4001 - 2000, in [-2000, 2000]; but as an
         int (4 bytes) when i % 50 == 1, a short (2 bytes) when i % 70 == 3, one byte when
         i % 111 == 5 and v fits; missing when i % 13 == 0
    d:s  's%05d' % ((i * 37) % 2000); a few non-ASCII strings and one empty string instead
    d:t  'tag%d' % (i % 7) on 1% of the rows (i % 100 == 7)
    d:b  bytes (i % 256, 255 - i % 256)
    d:p  Phoenix INTEGER of p(i) = i - 1000 (4 bytes, sign bit flipped), missing when i % 17 == 0
    e:w  'w' on rows i % 10 == 0
  plus the row 'z-only-e', whose only cell is e:w (no cell of family d at all).
"""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hbase_rest  # noqa: E402
from javabytes import s, long_, int_, short  # noqa: E402

ODD_STRINGS = {11: "Straße", 12: "ÉCOLE abc", 14: "ΑΣ", 15: "xABCx", 16: "", 17: "a%b_c\\d"}


def v_of(i):
    return (i * 7919) % 4001 - 2000


def v_bytes(i):
    v = v_of(i)
    if i % 111 == 5 and -128 <= v <= 127:
        return struct.pack(">b", v)
    if i % 70 == 3:
        return short(v)
    if i % 50 == 1:
        return int_(v)
    return long_(v)


def phoenix_int(v):
    return struct.pack(">I", (v & 0xFFFFFFFF) ^ 0x80000000)


def main_rows():
    rows = []
    for i in range(2000):
        cells = {"d:s": s(ODD_STRINGS.get(i, "s%05d" % ((i * 37) % 2000))),
                 "d:b": bytes([i % 256, 255 - i % 256])}
        if i % 13 != 0:
            cells["d:v"] = v_bytes(i)
        if i % 100 == 7:
            cells["d:t"] = s("tag%d" % (i % 7))
        if i % 17 != 0:
            cells["d:p"] = phoenix_int(i - 1000)
        if i % 10 == 0:
            cells["e:w"] = s("w")
        rows.append((s("r%05d" % i), cells))
    rows.append((s("z-only-e"), {"e:w": s("only e")}))
    return rows


def main(hb=None):
    hb = hb or hbase_rest.Client()
    rows = main_rows()
    hb.write_table("vf_main", ["d", "e"], rows)


if __name__ == "__main__":
    main()
