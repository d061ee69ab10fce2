#!/usr/bin/env python3
"""bench/load_rows.py TABLE N [REGIONS] - N rows (key row%09d, cf:n = i, cf:pad = 40 chars) via
REST, the table pre-split into REGIONS regions of equal row counts (default 1)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
import hbase_rest  # noqa: E402

HB = hbase_rest.Client()


def main():
    table, n = sys.argv[1], int(sys.argv[2])
    regions = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    splits = [b"row%09d" % (n * i // regions) for i in range(1, regions)]
    HB.create_table(table, ["cf"], splits=splits or None)
    pad = b"x" * 40
    HB.put_pairs(table, ((b"row%09d" % i, {"cf:n": b"%d" % i, "cf:pad": pad}) for i in range(n)))


if __name__ == "__main__":
    main()
