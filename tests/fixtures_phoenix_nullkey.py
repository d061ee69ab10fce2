"""tests/fixtures_phoenix_nullkey.py - Phoenix schema FDWPN of sql/phoenix_nullkey.sql, made by
Apache Phoenix 5.2.1 itself (DDL and UPSERTs through its JDBC driver, tests/PhoenixServe.java --script):
tables whose nullable key columns end the key, which Phoenix leaves out of the rowkey with
the separators before them when they are NULL (PTableImpl.newKey): ASC and DESC VARCHAR,
DECIMAL, a VARBINARY, several trailing at once, NULL before a later value, a nullable
VARCHAR after a fixed-width key column.
    python3 tests/fixtures_phoenix_nullkey.py      makes the schema (tests/fixtures.py runs it)
"""
import sys

from fixtures_phoenix_schema import make_schema

SCHEMA = "FDWPN"

DDL = """
CREATE TABLE FDWPN.ABC (A VARCHAR NOT NULL, B VARCHAR, C VARCHAR, V INTEGER
  CONSTRAINT PK PRIMARY KEY (A, B, C DESC));
CREATE TABLE FDWPN.AC (A VARCHAR NOT NULL, C VARCHAR, V INTEGER CONSTRAINT PK PRIMARY KEY (A, C DESC));
CREATE TABLE FDWPN.DDD (A INTEGER NOT NULL, B VARCHAR, C VARCHAR, D VARCHAR, V INTEGER
  CONSTRAINT PK PRIMARY KEY (A, B DESC, C DESC, D DESC));
CREATE TABLE FDWPN.DEC (A VARCHAR NOT NULL, B DECIMAL, C DECIMAL, D VARBINARY, V INTEGER
  CONSTRAINT PK PRIMARY KEY (A, B, C DESC, D)) SALT_BUCKETS=3;
CREATE TABLE FDWPN.FX (A INTEGER NOT NULL, B VARCHAR, C VARCHAR, V INTEGER
  CONSTRAINT PK PRIMARY KEY (A, B, C));
"""

ROWS = """
UPSERT INTO FDWPN.ABC VALUES ('nk', NULL, NULL, 1);
UPSERT INTO FDWPN.ABC VALUES ('nk', 'b', NULL, 2);
UPSERT INTO FDWPN.ABC VALUES ('nk', 'b', 'c', 3);
UPSERT INTO FDWPN.ABC VALUES ('nk', NULL, 'c', 4);
UPSERT INTO FDWPN.ABC VALUES ('nk', 'ba', NULL, 5);
UPSERT INTO FDWPN.ABC VALUES ('nl', 'b', 'a', 6);
UPSERT INTO FDWPN.AC VALUES ('a', NULL, 1);
UPSERT INTO FDWPN.AC VALUES ('a', 'x', 2);
UPSERT INTO FDWPN.AC VALUES ('a', 'xy', 3);
UPSERT INTO FDWPN.AC VALUES ('a', 'y', 4);
UPSERT INTO FDWPN.AC VALUES ('b', NULL, 5);
UPSERT INTO FDWPN.DDD VALUES (1, NULL, NULL, NULL, 1);
UPSERT INTO FDWPN.DDD VALUES (2, 'b', NULL, NULL, 2);
UPSERT INTO FDWPN.DDD VALUES (3, NULL, 'c', NULL, 3);
UPSERT INTO FDWPN.DDD VALUES (4, NULL, NULL, 'd', 4);
UPSERT INTO FDWPN.DDD VALUES (5, 'b', 'c', NULL, 5);
UPSERT INTO FDWPN.DDD VALUES (6, 'b', 'c', 'd', 6);
UPSERT INTO FDWPN.DEC VALUES ('a', NULL, NULL, NULL, 1);
UPSERT INTO FDWPN.DEC VALUES ('b', 1, NULL, NULL, 2);
UPSERT INTO FDWPN.DEC VALUES ('c', NULL, 1.5, NULL, 3);
UPSERT INTO FDWPN.DEC VALUES ('d', 2, 2.5, NULL, 4);
UPSERT INTO FDWPN.DEC VALUES ('e', 2, 2.5, X'0102', 5);
UPSERT INTO FDWPN.DEC VALUES ('f', NULL, NULL, X'07', 6);
UPSERT INTO FDWPN.DEC VALUES ('g', 3, NULL, X'07', 7);
UPSERT INTO FDWPN.FX VALUES (1, NULL, 'c', 1);
UPSERT INTO FDWPN.FX VALUES (2, 'b', NULL, 2);
UPSERT INTO FDWPN.FX VALUES (3, NULL, NULL, 3);
"""


def main():
    make_schema(SCHEMA, DDL, ROWS)


if __name__ == "__main__":
    if len(sys.argv) > 1:
        raise SystemExit(__doc__)
    main()
