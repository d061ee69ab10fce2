#!/usr/bin/env python3
"""tests/long_values.py - the rows of sql/longvals.sql's HBase table (JSON for hbase_rest.py put).

Values and keys of 10 KB, 50 KB and 200 KB, beside short ones, so that the constants that
select them are too long for any URL (docs/scans.md, "Long values"); and 1,000 keys of 300
bytes, whose lists of 100 to 1,000 make multigets longer than a URL.
  r000..r119   v 'v<i>', but r010/r011/r012 v 'a' * 10,000/50,000/200,000, r013 the same
               'b' * 50,000, r014 'a' * 10,000 + 'z'; n = i
  K + 'x' * S + s  (S 10,000 and 30,000: HBase keys stop at 32,767 bytes; s '1' or '2'), and K + 'x' * S: v 'key S s'
  M0001..M1000 + 'y' * 295: v 'm<i>', n = i
"""
import json
import sys

rows = []
for i in range(120):
    v = "v%d" % i
    v = {10: "a" * 10000, 11: "a" * 50000, 12: "a" * 200000, 13: "b" * 50000,
         14: "a" * 10000 + "z"}.get(i, v)
    rows.append({"key": "r%03d" % i, "cells": {"cf:v": v, "cf:n": str(i)}})
for size in (10000, 30000):
    for s in ("", "1", "2"):
        rows.append({"key": "K" + "x" * size + s, "cells": {"cf:v": "key %d %s" % (size, s),
                                                             "cf:n": str(size)}})
for i in range(1, 1001):
    rows.append({"key": "M%04d" % i + "y" * 295, "cells": {"cf:v": "m%d" % i, "cf:n": str(i)}})
json.dump(rows, sys.stdout)
