#!/usr/bin/env python3
"""bench/load_s2.py TABLE COMPANIES - the S2 ad-report cube for a year (2024): for each company
and day a total row and 17 campaign rows, keyed as docs S2 says, computed here (hashlib):
left(md5(lpad(company, 6) + yyyyMMdd), 5) + lpad(company, 6) + yyyyMMdd + [lpad(campaign, 6)].
The table is pre-split into 16 regions on the first hex digit of the hash."""
import datetime
import hashlib
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
import hbase_rest  # noqa: E402

HB = hbase_rest.Client()


def rows(companies):
    day0 = datetime.date(2024, 1, 1)
    for comp in range(1, companies + 1):
        for d in range(366):
            body = b"%06d%s" % (comp, (day0 + datetime.timedelta(days=d)).strftime("%Y%m%d").encode())
            prefix = hashlib.md5(body).hexdigest()[:5].encode() + body
            for camp in [None] + list(range(1, 18)):
                key = prefix if camp is None else prefix + b"%06d" % camp
                n = (comp * 31 + d * 7 + (camp or 0)) % 1000
                yield key, {"d:cost": b"%d.%02d" % divmod(n * 37, 100),
                            "d:clicks": struct.pack(">q", n), "d:impressions": struct.pack(">q", n * 10)}


def main():
    table, companies = sys.argv[1], int(sys.argv[2])
    HB.create_table(table, ["d"], splits=[b"%x" % i for i in range(1, 16)])
    HB.put_pairs(table, rows(companies))


if __name__ == "__main__":
    main()
