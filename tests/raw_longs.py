#!/usr/bin/env python3
"""tests/raw_longs.py TABLE FAMILY:QUALIFIER - each row's cell as raw REST gives it: an 8-byte
cell decoded as Java's Bytes.toLong (big-endian, signed), any other as text; "none" without the
cell. Independent of hbase_fdw's C code (tests/hbase_rest.py's client)."""
import struct
import sys

from hbase_rest import Client

table, column = sys.argv[1], sys.argv[2].encode()
parts = []
for row in Client().scan(table):
    v = row["cells"].get(column)
    if v is None:
        shown = "none"
    elif len(v) == 8:
        shown = str(struct.unpack(">q", v)[0])
    else:
        shown = repr(v.decode("utf-8", "replace"))
    parts.append("%s=%s" % (row["key"].decode("utf-8", "replace"), shown))
print("raw REST %s: %s" % (sys.argv[2], ", ".join(parts)))
