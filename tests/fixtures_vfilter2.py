#!/usr/bin/env python3
"""tests/fixtures_vfilter2.py - fixtures of sql/vfilter2.sql (value filters on ISO date and
timestamp text, issue 39).

Cells are written here, in Python, independently of hbase_fdw's codecs:
  vf2_dates  keys 'r0000' .. 'r0999' (text), family d:
    d:dt  the date 2000-01-01 + ((i * 37) % 1000) days as text: 'YYYY-MM-DD', but without zero
          padding ('2000-1-5') when i % 50 == 1, as 'YYYYMMDD' when i % 50 == 2; missing when
          i % 97 == 3
    d:ts  the timestamp 2020-01-01 00:00:00 + ((i * 7919) % 100000) * 1.25 seconds as text:
          'YYYY-MM-DD hh:mm:ss' plus the fraction without trailing zeros ('.25', '.5', '.75'),
          but with a 'T' between date and time when i % 40 == 1, the fraction written to six
          digits ('.500000', '.000000') when i % 40 == 2; missing when i % 89 == 4
"""
import datetime
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hbase_rest  # noqa: E402
from javabytes import s  # noqa: E402


def date_of(i):
    return datetime.date(2000, 1, 1) + datetime.timedelta(days=(i * 37) % 1000)


def ts_of(i):
    return datetime.datetime(2020, 1, 1) + datetime.timedelta(microseconds=((i * 7919) % 100000) * 1250000)


def date_text(i):
    d = date_of(i)
    if i % 50 == 1:
        return "%d-%d-%d" % (d.year, d.month, d.day)
    if i % 50 == 2:
        return "%04d%02d%02d" % (d.year, d.month, d.day)
    return "%04d-%02d-%02d" % (d.year, d.month, d.day)


def ts_text(i):
    t = ts_of(i)
    sep = "T" if i % 40 == 1 else " "
    frac = ".%06d" % t.microsecond
    if i % 40 != 2:
        frac = frac.rstrip("0").rstrip(".")
    return "%04d-%02d-%02d%s%02d:%02d:%02d%s" % (t.year, t.month, t.day, sep, t.hour, t.minute,
                                                 t.second, frac)


def rows():
    out = []
    for i in range(1000):
        cells = {}
        if i % 97 != 3:
            cells["d:dt"] = s(date_text(i))
        if i % 89 != 4:
            cells["d:ts"] = s(ts_text(i))
        cells["d:n"] = s("%d" % i)
        out.append((s("r%04d" % i), cells))
    return out


def main(hb=None):
    hb = hb or hbase_rest.Client()
    r = rows()
    hb.write_table("vf2_dates", ["d"], r)


if __name__ == "__main__":
    main()
