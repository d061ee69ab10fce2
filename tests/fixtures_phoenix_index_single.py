"""tests/fixtures_phoenix_index_single.py - Phoenix schema FDWPSC of sql/phoenix_index_single.sql,
made by Apache Phoenix 5.2.1 itself (DDL, indexes and UPSERTs through its JDBC driver,
tests/PhoenixServe.java --script-server): indexes stored as SINGLE_CELL_ARRAY_WITH_OFFSETS, whose
covered (INCLUDE) columns Phoenix packs into one cell per family, qualifier "1", each value at the
place its encoded column qualifier gives (IndexMaintainer.buildUpdateMutation).

- EVENTS: IMMUTABLE_ROWS=true and nothing else, so Phoenix's defaults make it
  SINGLE_CELL_ARRAY_WITH_OFFSETS with 2-byte column qualifiers
  (QueryServicesOptions.DEFAULT_IMMUTABLE_STORAGE_SCHEME), and its indexes inherit the scheme
  (MetaDataClient.createTableInternal); SPLIT ON (100, 200): three regions. EVENTS_CUST, global,
  on (CUST) INCLUDE a column of each of several types (INTEGER, DECIMAL(10,2), BIGINT, DATE,
  TIMESTAMP, BOOLEAN, DOUBLE, VARCHAR); EVENTS_KIND, local, on (KIND) INCLUDE (AMT, TS, NOTE):
  its single cell in family L#0. Rows with NULL INCLUDE values, and with a NULL CUST or KIND.
- ACCOUNTS: mutable, ONE_CELL_PER_COLUMN, two families (A, B), COLUMN_ENCODED_BYTES=1;
  ACCOUNTS_CUST on (A.CUST) INCLUDE (A.BAL, B.NOTE, B.QTY) with its own
  IMMUTABLE_STORAGE_SCHEME=SINGLE_CELL_ARRAY_WITH_OFFSETS and SALT_BUCKETS=2: one cell in A and
  one in B, 1-byte qualifiers; rows updated (Phoenix rewrites their index rows whole) and
  deleted after the index was made.
Every object is dropped and made again on each run, in one script. No key or cell here is
computed by us: Phoenix writes every byte.
    python3 tests/fixtures_phoenix_index_single.py    makes the schema (tests/fixtures.py runs it)
"""
import sys

from fixtures_phoenix import phoenix_sql

SCHEMA = "FDWPSC"

DDL = """
CREATE TABLE FDWPSC.EVENTS (ID INTEGER NOT NULL PRIMARY KEY, CUST VARCHAR, KIND VARCHAR,
  AMT INTEGER, PRICE DECIMAL(10,2), QTY BIGINT, DUE DATE, TS TIMESTAMP, FLAG BOOLEAN,
  RATIO DOUBLE, NOTE VARCHAR) IMMUTABLE_ROWS=true SPLIT ON (100, 200);
CREATE INDEX EVENTS_CUST ON FDWPSC.EVENTS (CUST)
  INCLUDE (AMT, PRICE, QTY, DUE, TS, FLAG, RATIO, NOTE);
CREATE LOCAL INDEX EVENTS_KIND ON FDWPSC.EVENTS (KIND) INCLUDE (AMT, TS, NOTE);
CREATE TABLE FDWPSC.ACCOUNTS (ID INTEGER NOT NULL PRIMARY KEY, A.CUST VARCHAR, A.BAL INTEGER,
  B.NOTE VARCHAR, B.QTY BIGINT) COLUMN_ENCODED_BYTES=1;
CREATE INDEX ACCOUNTS_CUST ON FDWPSC.ACCOUNTS (CUST) INCLUDE (BAL, NOTE, QTY)
  IMMUTABLE_STORAGE_SCHEME=SINGLE_CELL_ARRAY_WITH_OFFSETS, SALT_BUCKETS=2;
"""

TABLES = ["EVENTS", "ACCOUNTS"]

CUSTS = ["ann", "bob", "cy", "dan", None]
KINDS = ["boot", "disk", "net", None]


def lit(v):
    return "NULL" if v is None else "'%s'" % v if isinstance(v, str) else str(v)


def rows():
    out = []
    # EVENTS: ids 10..290 over the three regions; every fifth row's INCLUDE values NULL
    for i in range(1, 30):
        nulls = i % 5 == 0
        amt = None if nulls else (i * 37) % 100 - 20
        price = None if nulls else "%d.%02d" % (i * 3, i * 7 % 100)
        qty = None if nulls else (i - 15) * 1000000007
        due = None if nulls else "TO_DATE('2024-%02d-%02d', 'yyyy-MM-dd', 'UTC')" % (i % 12 + 1, i % 28 + 1)
        ts = None if nulls or i % 4 == 0 else \
            "TO_TIMESTAMP('2023-12-31 23:%02d:%02d.%03d', 'yyyy-MM-dd HH:mm:ss.SSS', 'UTC')" % (
                i, 59 - i, i * 13 % 1000)
        flag = None if nulls else ("true" if i % 2 else "false")
        ratio = None if nulls else "%s" % (i / 8 - 1.5)
        note = None if nulls or i % 3 == 0 else "n%d" % i
        out.append("UPSERT INTO FDWPSC.EVENTS VALUES (%d, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s);" % (
            i * 10, lit(CUSTS[i % 5]), lit(KINDS[i % 4]), lit(amt), lit(price) if price is None else price,
            lit(qty), "NULL" if due is None else due, "NULL" if ts is None else ts,
            "NULL" if flag is None else flag, "NULL" if ratio is None else ratio, lit(note)))
    # ACCOUNTS: then changed and deleted, after the index was made
    for i in range(1, 13):
        out.append("UPSERT INTO FDWPSC.ACCOUNTS VALUES (%d, %s, %s, %s, %s);" % (
            i, lit(CUSTS[i % 5]), lit(None if i % 4 == 0 else i * 100 - 550),
            lit(None if i % 3 == 0 else "note %d" % i), lit(None if i % 6 == 0 else i * 11)))
    out.append("UPSERT INTO FDWPSC.ACCOUNTS (ID, A.CUST) VALUES (2, 'eve');")
    out.append("UPSERT INTO FDWPSC.ACCOUNTS (ID, B.NOTE, B.QTY) VALUES (6, 'changed', 66);")
    out.append("UPSERT INTO FDWPSC.ACCOUNTS (ID, A.BAL) VALUES (7, NULL);")
    out.append("DELETE FROM FDWPSC.ACCOUNTS WHERE ID IN (1, 11);")
    return "\n".join(out) + "\n"


def main():
    drop = "".join("DROP TABLE IF EXISTS FDWPSC.%s CASCADE;\n" % t for t in TABLES)
    phoenix_sql(drop + DDL.strip() + "\n" + rows())


if __name__ == "__main__":
    if len(sys.argv) > 1:
        raise SystemExit(__doc__)
    main()
