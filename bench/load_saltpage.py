#!/usr/bin/env python3
"""bench/load_saltpage.py TABLE USERS - keyset pages on a salted table (bench/saltpage.sh).

USERS users x 10 rows: key letter(salt(8)) + lpad(u, 6) + lpad(seq, 4), the salt Phoenix's
hash (h = 1; h = 31*h + b over the signed bytes after it; abs(h % 8)) written as 'a' + bucket;
cells cf:n (u * 10 + seq) and cf:pad (40 bytes). Pre-split at each bucket's letter.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
import hbase_rest  # noqa: E402
from fixtures_layouts import phoenix_salt  # noqa: E402


def rows(users):
    pad = b"y" * 40
    for u in range(users):
        for seq in range(1, 11):
            rest = b"%06d%04d" % (u, seq)
            yield (bytes([ord("a") + phoenix_salt(rest, 8)[0]]) + rest,
                   {"cf:n": b"%d" % (u * 10 + seq), "cf:pad": pad})


def main():
    table, users = sys.argv[1], int(sys.argv[2])
    hb = hbase_rest.Client()
    hb.create_table(table, ["cf"], splits=[bytes([ord("a") + b]) for b in range(1, 8)])
    hb.put_pairs(table, rows(users))


if __name__ == "__main__":
    main()
