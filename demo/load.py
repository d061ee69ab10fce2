#!/usr/bin/env python3
"""demo/load.py - the ad-report sample data (rowkey layouts S2/S3), written into HBase via REST.

Rowkey, as the application writes it:
    substr(md5(company_id + stat_date), 0, 5) + company_id + stat_date [+ campaign_id]
company_id: 6 digits, stat_date: yyyyMMdd, campaign_id: 6 digits. Rows without campaign_id are
the company/day totals. The key fields live only in the key. Measures are cells of family 'd':
cost (text decimal), clicks and impressions (Java longs, Bytes.toBytes(long)).
"""
import hashlib
import os
import random
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
import hbase_rest  # noqa: E402

HB = hbase_rest.Client()


TABLE = "ad_report"
COMPANIES = {100001: 4, 100002: 3, 100003: 5}  # company -> number of campaigns
DAYS = ["202403%02d" % d for d in range(1, 8)]


def rowkey(company, day, campaign=None):
    cd = "%06d%s" % (company, day)
    key = hashlib.md5(cd.encode()).hexdigest()[:5] + cd
    if campaign is not None:
        key += "%06d" % campaign
    return key.encode()


def main():
    rnd = random.Random(42)
    rows = []
    for company, ncamp in COMPANIES.items():
        for day in DAYS:
            tot_cost, tot_clicks, tot_impr = 0, 0, 0
            for c in range(1, ncamp + 1):
                campaign = 300000 + (company % 1000) * 10 + c
                clicks = rnd.randint(0, 400)
                impr = clicks * rnd.randint(20, 60) + rnd.randint(0, 99)
                cost = clicks * rnd.randint(5, 90)  # cents
                tot_cost, tot_clicks, tot_impr = tot_cost + cost, tot_clicks + clicks, tot_impr + impr
                rows.append((rowkey(company, day, campaign), {
                    "d:cost": b"%d.%02d" % (cost // 100, cost % 100),
                    "d:clicks": struct.pack(">q", clicks), "d:impressions": struct.pack(">q", impr)}))
            rows.append((rowkey(company, day), {
                "d:cost": b"%d.%02d" % (tot_cost // 100, tot_cost % 100),
                "d:clicks": struct.pack(">q", tot_clicks), "d:impressions": struct.pack(">q", tot_impr)}))
    HB.create_table(TABLE, ["d"], splits=[b"4", b"8", b"c"])
    HB.put_pairs(TABLE, rows)


if __name__ == "__main__":
    main()
