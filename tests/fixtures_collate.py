#!/usr/bin/env python3
"""tests/fixtures_collate.py - fixtures of sql/collate.sql (text keys under collations,
cross-type date/timestamp/timestamptz/numeric bounds).

Keys are computed here, in Python, independently of hbase_fdw's rowkey codec:
  coll_text   'key00000' .. 'key04999' (the key is the text)
  coll_calls  left(md5(phone), 3) + lpad(phone, 11) + yyyyMMddHHmmss(start_time) + seq(4):
              120 calls of one phone, every 6 hours from 2014-06-01 00:00:00 (so exact
              midnights are keys), 2 of another
  coll_daily  left(md5(yyyyMMdd), 2) + yyyyMMdd(stat_date) + lpad(shop, 3): 60 days from
              2024-02-01, 3 shops a day
  coll_nums   lpad(n, 4) for n in 0..99 (an integer key)
"""
import datetime
import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hbase_rest  # noqa: E402
from javabytes import s  # noqa: E402


def md5_hex(data):
    return hashlib.md5(data).hexdigest()


def text_rows():
    return [(s("key%05d" % i), {"cf:v": s(str(i))}) for i in range(5000)]


def call_rows():
    rows = []
    start = datetime.datetime(2014, 6, 1)
    for phone, n in (("18601134210", 120), ("13800138000", 2)):
        for i in range(n):
            t = start + datetime.timedelta(hours=6 * i)
            key = md5_hex(s(phone))[:3] + phone.rjust(11, "0") + t.strftime("%Y%m%d%H%M%S") + \
                "%04d" % i
            rows.append((s(key), {"cf:n": s(str(i))}))
    return rows


def daily_rows():
    rows = []
    for d in range(60):
        day = (datetime.date(2024, 2, 1) + datetime.timedelta(days=d)).strftime("%Y%m%d")
        for shop in range(3):
            key = md5_hex(s(day))[:2] + day + "%03d" % shop
            rows.append((s(key), {"cf:n": s(str(d))}))
    return rows


def num_rows():
    return [(s("%04d" % n), {"cf:v": s(str(n))}) for n in range(100)]


TABLES = [("coll_text", text_rows), ("coll_calls", call_rows), ("coll_daily", daily_rows),
          ("coll_nums", num_rows)]


def main(hb=None):
    hb = hb or hbase_rest.Client()
    for name, make in TABLES:
        rows = make()
        hb.write_table(name, ["cf"], rows)


if __name__ == "__main__":
    main()
