#!/usr/bin/env python3
"""bench/load_vfilter.py TABLE N - N rows for bench/vfilter.sh through REST: key row%09d,
cf:n = i (text), cf:pad = 40 chars, cf:s = 's%06d' % x and cf:v = Bytes.toBytes(long x), where
x = i * 7919 % N (scattered over the keys): s < 's010000' and v < 10000 hold for 1% of the rows
of a 1M-row table, s < 's000100' and v < 100 for 0.01%."""
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
import hbase_rest  # noqa: E402


def main():
    table, n = sys.argv[1], int(sys.argv[2])
    hb = hbase_rest.Client()
    hb.create_table(table, ["cf"])
    pad = b"x" * 40
    hb.put_pairs(table, ((b"row%09d" % i, {"cf:n": b"%d" % i, "cf:pad": pad,
                                            "cf:s": b"s%06d" % (i * 7919 % n),
                                            "cf:v": struct.pack(">q", i * 7919 % n)})
                         for i in range(n)))


if __name__ == "__main__":
    main()
