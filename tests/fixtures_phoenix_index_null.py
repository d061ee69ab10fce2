"""tests/fixtures_phoenix_index_null.py - Phoenix schema FDWPX of sql/phoenix_index.sql (its part
5), made by Apache Phoenix 5.2.1 itself (DDL, indexes and UPSERTs through its JDBC driver,
tests/PhoenixServe.java --script-server): global indexes on nullable columns, whose index keys
Phoenix writes otherwise than a table's key (IndexMaintainer.buildRowKey).

- ITEMS: mutable, every indexed column nullable, rows with NULLs in each:
  - ITEMS_QTY on (QTY DESC) INCLUDE (TAG): a nullable INTEGER is kept as a DECIMAL in an index
    (IndexUtil.getIndexColumnDataType), here DESC: its bytes inverted, then "\\xff"; a NULL no
    bytes, then "\\x00" (SchemaUtil.getSeparatorByte);
  - ITEMS_DUE on (DUE, TAG): a nullable DATE kept as the DECIMAL of its milliseconds
    (PDecimal.toObject), dates before 1970 (negative) among them, then a nullable VARCHAR;
  - ITEMS_TAG on (TAG DESC): a nullable DESC VARCHAR;
  - ITEMS_PRICE on (PRICE): a nullable DECIMAL;
  - ITEMS_SEEN on (SEEN): a nullable TIMESTAMP, kept as the DECIMAL of its milliseconds, the
    microseconds its fraction (sql/phoenix_index_ts.sql reads such indexes).
- FLAGS: FLAGS_FLAG on (FLAG) INCLUDE (NOTE): a nullable BOOLEAN, kept as the DECIMAL 1 or 0
  (PDecimal.toObject), NULLs and both values among the rows.
No key here is computed by us: Phoenix writes every index row.
    python3 tests/fixtures_phoenix_index_null.py      makes the schema (tests/fixtures.py runs it)
"""
import sys

from fixtures_phoenix_schema import make_schema

SCHEMA = "FDWPX"

DDL = """
CREATE TABLE FDWPX.ITEMS (ID BIGINT NOT NULL PRIMARY KEY, QTY INTEGER, DUE DATE, TAG VARCHAR,
  PRICE DECIMAL(12,2), SEEN TIMESTAMP);
CREATE INDEX ITEMS_QTY ON FDWPX.ITEMS (QTY DESC) INCLUDE (TAG);
CREATE INDEX ITEMS_DUE ON FDWPX.ITEMS (DUE, TAG);
CREATE INDEX ITEMS_TAG ON FDWPX.ITEMS (TAG DESC);
CREATE INDEX ITEMS_PRICE ON FDWPX.ITEMS (PRICE);
CREATE INDEX ITEMS_SEEN ON FDWPX.ITEMS (SEEN);
CREATE TABLE FDWPX.FLAGS (ID BIGINT NOT NULL PRIMARY KEY, FLAG BOOLEAN, NOTE VARCHAR);
CREATE INDEX FLAGS_FLAG ON FDWPX.FLAGS (FLAG) INCLUDE (NOTE);
"""

ROWS = """
UPSERT INTO FDWPX.ITEMS VALUES (1, 5, TO_DATE('2024-03-01 10:00:00'), 'red', 9.99, TO_TIMESTAMP('2024-03-01 10:00:00.123'));
UPSERT INTO FDWPX.ITEMS VALUES (2, NULL, TO_DATE('2024-03-02 00:00:00'), 'blue', NULL, NULL);
UPSERT INTO FDWPX.ITEMS VALUES (3, -7, NULL, NULL, -1.5, NULL);
UPSERT INTO FDWPX.ITEMS VALUES (4, 0, TO_DATE('1969-12-31 23:59:59'), 'red', 0, NULL);
UPSERT INTO FDWPX.ITEMS VALUES (5, 5, NULL, 'green', 100, NULL);
UPSERT INTO FDWPX.ITEMS VALUES (6, 2147483647, TO_DATE('2024-03-01 10:00:00'), NULL, 12345678.9, NULL);
UPSERT INTO FDWPX.ITEMS VALUES (7, NULL, NULL, NULL, NULL, NULL);
UPSERT INTO FDWPX.ITEMS VALUES (8, -2147483648, TO_DATE('2024-03-01 10:00:00.500'), 'blue', -0.01, NULL);
UPSERT INTO FDWPX.ITEMS VALUES (9, 12, TO_DATE('2024-02-01 00:00:00'), 'rose', 1, NULL);
UPSERT INTO FDWPX.ITEMS VALUES (9, 100, TO_DATE('2024-04-01 00:00:00'), 'red', 2, NULL);
UPSERT INTO FDWPX.ITEMS VALUES (10, 3, TO_DATE('2024-05-01 00:00:00'), 'gone', 3, NULL);
DELETE FROM FDWPX.ITEMS WHERE ID = 10;
UPSERT INTO FDWPX.FLAGS VALUES (1, true, 'one');
UPSERT INTO FDWPX.FLAGS VALUES (2, false, 'two');
UPSERT INTO FDWPX.FLAGS VALUES (3, NULL, 'three');
UPSERT INTO FDWPX.FLAGS VALUES (4, true, NULL);
UPSERT INTO FDWPX.FLAGS VALUES (5, false, 'five');
UPSERT INTO FDWPX.FLAGS VALUES (6, NULL, NULL);
"""


def main():
    make_schema(SCHEMA, DDL, ROWS)


if __name__ == "__main__":
    if len(sys.argv) > 1:
        raise SystemExit(__doc__)
    main()
