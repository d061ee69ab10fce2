#!/usr/bin/env python3
"""tests/fixtures_saltjoin.py - fixtures of the batched prefix joins on salted tables
(sql/saltjoin.sql, issue 36 item 7).

sj_phx: rowkey `salt(8) + lpad(uid, 6) + lpad(seq, 4)`, Phoenix's salt byte over the bytes
after it (h = 1; h = 31*h + b over signed bytes; abs(h % 8)), so one user's rows are spread
over the buckets. Users 1..300, seq 1..(1 + uid % 5): 900 rows; cell cf:v = "<uid>/<seq>".
Pre-split at each bucket's byte (8 regions).
sj_jh: rowkey `salt(8, javahash(usr)) + usr + "|" + lpad(n, 3)`, the salt byte Java's
Math.abs(usr.hashCode()) % 8 (a user's rows in one bucket). Users "u1".."u200", n 1..(1 + i % 3):
401 rows; cell cf:v = "<usr>:<n>".
Keys are computed here, in Python, independently of hbase_fdw's C codec.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hbase_rest  # noqa: E402
from javabytes import s  # noqa: E402
from fixtures_layouts import hash_salt, phoenix_salt, string_hash  # noqa: E402


def phx_rows():
    rows = []
    for uid in range(1, 301):
        for seq in range(1, 2 + uid % 5):
            rest = s("%06d%04d" % (uid, seq))
            rows.append((phoenix_salt(rest, 8) + rest, {"cf:v": s("%d/%d" % (uid, seq))}))
    return rows


def jh_rows():
    rows = []
    for i in range(1, 201):
        usr = "u%d" % i
        for n in range(1, 2 + i % 3):
            key = hash_salt(string_hash(usr), 8) + s(usr) + b"|" + s("%03d" % n)
            rows.append((key, {"cf:v": s("%s:%d" % (usr, n))}))
    return rows


# the pre-split tables (tests/fixtures.py makes them first, all in one JVM)
SPLIT_TABLES = [("sj_phx", ["cf"], [bytes([b]) for b in range(1, 8)], 1, 1)]


def main(hb=None):
    hb = hb or hbase_rest.Client()
    hb.create_table("sj_phx", ["cf"], splits=SPLIT_TABLES[0][2])
    hb.put_pairs("sj_phx", phx_rows())
    hb.create_table("sj_jh", ["cf"])
    hb.put_pairs("sj_jh", jh_rows())


if __name__ == "__main__":
    main()
