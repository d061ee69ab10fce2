#!/usr/bin/env python3
"""tests/fixtures_saltpage.py - fixtures of the keyset pages on salted tables (sql/saltpage.sql).

sp_jhash: rowkey `salt(8, javahash(usr)) + usr + "\\x00" + lpad(seq, 4)`: the salt byte is
Java's Math.abs(usr.hashCode()) % 8, then the user name, a 0x00 byte and the sequence number
zero-padded to 4 digits. Users "u0".."u119" (120: names of 2 to 4 bytes, so that "u1" <
"u10" < "u100"), seq 1..(3 + i % 15): 1,200 rows over the 8 buckets. Cell cf:v = "<usr>/<seq>".
sp_phx: rowkey `salt(4) + lpad(shop_id, 5) + date(day, "yyyyMMdd")`, Phoenix's salt byte over
the bytes after it (h = 1; h = 31*h + b over signed bytes; abs(h % 4)). Shops 1..40, days
2026-01-01 .. 2026-01-30 except the days whose number is a multiple of the shop's % 7 + 2:
cell cf:n = shop * 100 + day number (918 rows).
Keys are computed here, in Python, independently of hbase_fdw's C codec.
"""
import datetime
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hbase_rest  # noqa: E402
from javabytes import s  # noqa: E402
from fixtures_layouts import hash_salt, phoenix_salt, string_hash  # noqa: E402


def jhash_rows():
    rows = []
    for i in range(120):
        usr = "u%d" % i
        salt = hash_salt(string_hash(usr), 8)
        for seq in range(1, 4 + i % 15):
            rows.append((salt + s(usr) + b"\x00" + s("%04d" % seq), {"cf:v": s("%s/%d" % (usr, seq))}))
    return rows


def phx_rows():
    rows = []
    for shop in range(1, 41):
        for d in range(1, 31):
            if d % (shop % 7 + 2) == 0:
                continue
            day = datetime.date(2026, 1, d)
            rest = s("%05d" % shop + day.strftime("%Y%m%d"))
            key = phoenix_salt(rest, 4) + rest
            rows.append((key, {"cf:n": s(str(shop * 100 + d))}))
    return rows


def main(hb=None):
    hb = hb or hbase_rest.Client()
    hb.create_table("sp_jhash", ["cf"])
    hb.put_pairs("sp_jhash", jhash_rows())
    hb.create_table("sp_phx", ["cf"])
    hb.put_pairs("sp_phx", phx_rows())


if __name__ == "__main__":
    main()
