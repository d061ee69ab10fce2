#!/usr/bin/env python3
"""bench/load_saltjoin.py TABLE USERS - a salted table for prefix joins (bench/saltjoin.sh).

USERS users x 2 rows: key salt(16) + lpad(u, 7) + lpad(seq, 2), the salt Phoenix's hash byte
over the bytes after it (h = 1; h = 31*h + b over the signed bytes; abs(h % 16)), so a user's
rows lie in any of the 16 buckets; cells cf:n (u * 10 + seq) and cf:pad (40 bytes).
Pre-split at each bucket's byte (16 regions).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
import hbase_rest  # noqa: E402
from fixtures_layouts import phoenix_salt  # noqa: E402


def rows(users):
    pad = b"y" * 40
    for u in range(users):
        for seq in (1, 2):
            rest = b"%07d%02d" % (u, seq)
            yield (phoenix_salt(rest, 16) + rest, {"cf:n": b"%d" % (u * 10 + seq), "cf:pad": pad})


def main():
    table, users = sys.argv[1], int(sys.argv[2])
    hb = hbase_rest.Client()
    hb.create_table(table, ["cf"], splits=[bytes([b]) for b in range(1, 16)])
    hb.put_pairs(table, rows(users))


if __name__ == "__main__":
    main()
