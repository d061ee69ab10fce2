#!/usr/bin/env python3
"""tests/fixtures_costs.py - the fixture of sql/costs.sql (issue 56): the planner's choice
between a batched join, a hash join over a full scan and a keyset page, measured in requests.

cs_phx: rowkey `salt(8) + lpad(shop_id, 5) + date(day, "yyyyMMdd")`, Phoenix's salt byte over
the bytes after it (h = 1; h = 31*h + b over signed bytes; abs(h % 8)). Shops 1..100, days
2026-01-06 .. 2026-02-04 (30 days): 3,000 rows; cell cf:n = shop * 100 + the day's number of
the 30 (1..30). Keys are computed here, in Python, independently of hbase_fdw's C codec.
"""
import datetime
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hbase_rest  # noqa: E402
from javabytes import s  # noqa: E402
from fixtures_layouts import phoenix_salt  # noqa: E402


def phx_rows():
    rows = []
    first = datetime.date(2026, 1, 6)
    for shop in range(1, 101):
        for d in range(30):
            day = first + datetime.timedelta(days=d)
            rest = s("%05d" % shop + day.strftime("%Y%m%d"))
            rows.append((phoenix_salt(rest, 8) + rest, {"cf:n": s(str(shop * 100 + d + 1))}))
    return rows


def main(hb=None):
    hb = hb or hbase_rest.Client()
    hb.create_table("cs_phx", ["cf"])
    hb.put_pairs("cs_phx", phx_rows())


if __name__ == "__main__":
    main()
