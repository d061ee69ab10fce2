#!/usr/bin/env python3
"""bench/load_rows.py TABLE N - N rows (key row%09d, cf:n = i, cf:pad = 40 chars) via REST."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
import hbase_rest  # noqa: E402

HB = hbase_rest.Client()



def main():
    table, n = sys.argv[1], int(sys.argv[2])
    HB.create_table(table, ["cf"])
    pad = b"x" * 40
    batch = []
    for i in range(n):
        batch.append((b"row%09d" % i, {"cf:n": b"%d" % i, "cf:pad": pad}))
        if len(batch) == 20000:
            HB.put_pairs(table, batch)
            batch = []
    if batch:
        HB.put_pairs(table, batch)


if __name__ == "__main__":
    main()
