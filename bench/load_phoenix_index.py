"""bench/load_phoenix_index.py - the Phoenix table of bench/phoenix_index.sh: TABLE (ID BIGINT
PRIMARY KEY, EMAIL VARCHAR, NAME VARCHAR) made by Phoenix's DDL, ROWS rows written through REST
in Phoenix's encodings (key: the BIGINT with its sign bit flipped; cells under the column-encoded
qualifiers 0:\\x80\\x0b and 0:\\x80\\x0c Phoenix gives EMAIL and NAME, its empty key value
0:\\x00\\x00\\x00\\x00), then CREATE INDEX by Phoenix, which builds the index from those rows.
With --local REGIONS: the table SPLIT ON into REGIONS regions of equal ID ranges (Phoenix's DDL)
and a LOCAL index on EMAIL (its rows in the data table's regions, bench/phoenix_local_index.sh).
    python3 bench/load_phoenix_index.py SCHEMA.TABLE ROWS [--local REGIONS]
"""
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
import hbase_rest  # noqa: E402
from fixtures_phoenix import phoenix_sql  # noqa: E402


def rows(n):
    for i in range(n):
        key = struct.pack(">Q", i + (1 << 63))
        yield (key, {b"0:\x00\x00\x00\x00": b"x", b"0:\x80\x0b": b"u%07d@example.org" % i,
                     b"0:\x80\x0c": b"name %d" % (i % 1000)})


def main(table, n, regions=0):
    schema, name = table.split(".")
    split = " SPLIT ON (%s)" % ", ".join(str(n * r // regions) for r in range(1, regions)) \
        if regions > 1 else ""
    phoenix_sql("DROP TABLE IF EXISTS %s;\n"
                "CREATE TABLE %s (ID BIGINT NOT NULL PRIMARY KEY, EMAIL VARCHAR, NAME VARCHAR)%s;\n"
                % (table, table, split))
    hb = hbase_rest.Client()
    batch = []
    for r in rows(n):
        batch.append(r)
        if len(batch) == 20000:
            hb.put_pairs(table, batch)
            batch = []
    if batch:
        hb.put_pairs(table, batch)
    phoenix_sql("CREATE %sINDEX %s_EMAIL ON %s (EMAIL);\n" % ("LOCAL " if regions else "", name, table))


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[3] == "--local":
        main(sys.argv[1], int(sys.argv[2]), int(sys.argv[4]))
    elif len(sys.argv) == 3:
        main(sys.argv[1], int(sys.argv[2]))
    else:
        raise SystemExit(__doc__)
