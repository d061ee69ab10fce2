#!/usr/bin/env python3
"""tests/fixtures_textwidth.py - fixtures of sql/textwidth.sql (text_width integer columns).

Cells are written here, in Python, independently of hbase_fdw's codecs:
  tw_main  keys 'r0000' .. 'r0999' (text), family d:
    d:a  a(i) = (i * 7919) % 1000000 as 6 zero-padded digits ('%06d'); but in another form
         the reader takes all the same: unpadded when i % 50 == 1 ('7919'), negative when
         i % 50 == 2 ('-%d' % (i % 100)), with a leading space when i % 50 == 3 (' %06d'),
         8 digits when i % 50 == 4 ('%08d'), a plus sign when i % 50 == 5 ('+%06d');
         missing when i % 13 == 0
    d:b  b(i) = (i * 37) % 10000 as 4 digits ('%04d'); unpadded when i % 40 == 5,
         negative ('-%d' % b(i)) when i % 40 == 6
    d:c  c(i) = i % 1000 as 3 digits ('%03d'); unpadded when i % 30 == 7, '-1' when
         i % 30 == 8; missing when i % 11 == 0
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hbase_rest  # noqa: E402
from javabytes import s  # noqa: E402


def a_text(i):
    a = (i * 7919) % 1000000
    return {1: "%d" % a, 2: "-%d" % (i % 100), 3: " %06d" % a, 4: "%08d" % a,
            5: "+%06d" % a}.get(i % 50, "%06d" % a)


def b_text(i):
    b = (i * 37) % 10000
    return {5: "%d" % b, 6: "-%d" % b}.get(i % 40, "%04d" % b)


def c_text(i):
    c = i % 1000
    return {7: "%d" % c, 8: "-1"}.get(i % 30, "%03d" % c)


def main_rows():
    rows = []
    for i in range(1000):
        cells = {"d:b": s(b_text(i))}
        if i % 13 != 0:
            cells["d:a"] = s(a_text(i))
        if i % 11 != 0:
            cells["d:c"] = s(c_text(i))
        rows.append((s("r%04d" % i), cells))
    return rows


def main(hb=None):
    hb = hb or hbase_rest.Client()
    rows = main_rows()
    hb.write_table("tw_main", ["d"], rows)


if __name__ == "__main__":
    main()
