"""tests/fixtures_phoenix_index_ts.py - Phoenix schema FDWPT of sql/phoenix_index_ts.sql, made by
Apache Phoenix 5.2.1 itself (DDL, indexes and UPSERTs through its JDBC driver,
tests/PhoenixServe.java --script-server): indexes on a nullable TIMESTAMP, which Phoenix keeps in
an index's key as a DECIMAL (IndexUtil.getIndexColumnDataType): its milliseconds since 1970 plus
(nanoseconds % 1e6) / 1e6, a division by the double QueryConstants.MILLIS_TO_NANOS_CONVERTOR
(PDecimal.toObject), so the microseconds are the DECIMAL's fraction: 10:00:00.123987 is
1709287200123.987.

- EVENTS: mutable; TIMESTAMP literals with microseconds (TIMESTAMP '... .123456', which Phoenix
  keeps, where TO_TIMESTAMP keeps milliseconds only), several within one millisecond, one before
  1970 with a fraction (-0.5 ms), NULLs, one value twice; a row changed and one deleted after the
  indexes were made (Phoenix deleted their old index rows):
  - EVENTS_TS on (TS) INCLUDE (NOTE): ascending;
  - EVENTS_TSD on (TS DESC, TAG): DESC (the DECIMAL's bytes inverted, then "\\xff"; a NULL no
    bytes, then "\\x00"), then a VARCHAR.
- LEVENTS: SPLIT ON (50): two regions; LEVENTS_TS, a LOCAL index on (TS) INCLUDE (V), its rows in
  the data table under each region's start key.
No key here is computed by us: Phoenix writes every index row.
    python3 tests/fixtures_phoenix_index_ts.py      makes the schema (tests/fixtures.py runs it)
"""
import sys

from fixtures_phoenix_schema import make_schema

SCHEMA = "FDWPT"

DDL = """
CREATE TABLE FDWPT.EVENTS (ID BIGINT NOT NULL PRIMARY KEY, TS TIMESTAMP, TAG VARCHAR, NOTE VARCHAR);
CREATE INDEX EVENTS_TS ON FDWPT.EVENTS (TS) INCLUDE (NOTE);
CREATE INDEX EVENTS_TSD ON FDWPT.EVENTS (TS DESC, TAG);
CREATE TABLE FDWPT.LEVENTS (ID INTEGER NOT NULL PRIMARY KEY, TS TIMESTAMP, V VARCHAR) SPLIT ON (50);
CREATE LOCAL INDEX LEVENTS_TS ON FDWPT.LEVENTS (TS) INCLUDE (V);
"""

# (id, timestamp literal or None, tag, note)
EVENTS = [
    (1, "2024-03-01 10:00:00.123", "a", "whole ms"),
    (2, "2024-03-01 10:00:00.123456", "b", "456 us"),
    (3, "2024-03-01 10:00:00.123987", "a", "987 us"),
    (4, "2024-03-01 10:00:00.124", "b", "next ms"),
    (5, None, "a", "null"),
    (6, "1969-12-31 23:59:59.9995", "c", "before 1970"),
    (7, "2024-03-01 10:00:00.123456", "a", "456 us again"),
    (8, "2023-01-01 00:00:00", "c", "gone"),
    (9, "2024-03-01 10:00:00.000001", None, "1 us"),
    (10, None, None, "null too"),
    (11, "2024-02-29 23:59:59.999999", "b", "before"),
]


def lit(ts):
    return "NULL" if ts is None else "TIMESTAMP '%s'" % ts


def txt(s):
    return "NULL" if s is None else "'%s'" % s


def rows():
    out = ["UPSERT INTO FDWPT.EVENTS VALUES (%d, %s, %s, %s);" % (i, lit(t), txt(g), txt(n))
           for i, t, g, n in EVENTS]
    # changed and deleted after their index rows were written
    out.append("UPSERT INTO FDWPT.EVENTS (ID, TS) VALUES (4, TIMESTAMP '2024-03-01 10:00:00.124500');")
    out.append("DELETE FROM FDWPT.EVENTS WHERE ID = 8;")
    for i in range(1, 21):
        ts = None if i % 7 == 0 else "2024-03-01 10:00:00.%06d" % (1000 * (i % 4) + 250 * (i % 3))
        out.append("UPSERT INTO FDWPT.LEVENTS VALUES (%d, %s, 'v%d');" % (i * 5, lit(ts), i))
    return "\n".join(out) + "\n"


def main():
    make_schema(SCHEMA, DDL, rows())


if __name__ == "__main__":
    if len(sys.argv) > 1:
        raise SystemExit(__doc__)
    main()
