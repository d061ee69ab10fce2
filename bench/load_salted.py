#!/usr/bin/env python3
"""bench/load_salted.py TABLE N - N rows under an 8-bucket salt: letter(id % 8) + '-' + lpad(id, 9)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
import hbase_rest  # noqa: E402

HB = hbase_rest.Client()


def main():
    table, n = sys.argv[1], int(sys.argv[2])
    HB.create_table(table, ["cf"], splits=[bytes([ord("a") + b]) for b in range(1, 8)])
    pad = b"y" * 40
    HB.put_pairs(table, ((b"%c-%09d" % (ord("a") + i % 8, i), {"cf:n": b"%d" % i, "cf:pad": pad})
                         for i in range(n)))


if __name__ == "__main__":
    main()
