"""tests/fixtures_phoenix_index_join.py - Phoenix schema FDWPJ of sql/phoenix_index.sql (its
part 6, joins through an index), made by Apache Phoenix 5.2.1 itself (DDL and UPSERTs through
its JDBC driver, tests/PhoenixServe.java --script-server).

- PROBES: the outer rows of the joins from a local table on indexed columns of FDWPI.USERS and
  FDWPI.EVENTS (tests/fixtures_phoenix_index.py). The test copies them into a local PostgreSQL
  table (through its import), and Phoenix joins this table with FDWPI's for its own answers: both
  sides join the same rows. Each column has duplicates and NULLs, values with no match, values
  of FDWPI's stale index rows (zed@x.org, dan@x.org, bo@x.org), an email Phoenix deleted from
  its index (old@x.org):
  E (USERS.EMAIL, uncovered index), C (USERS.CITY, first column of the covered (CITY, NAME)),
  NM (USERS.NAME, a DESC index), K (EVENTS.KIND, a salted index (KIND, TS DESC)), S
  (USERS.SCORE, a nullable INTEGER kept as a DECIMAL in its index).
    python3 tests/fixtures_phoenix_index_join.py      makes the schema (tests/fixtures.py runs it)
"""
import sys

from fixtures_phoenix_schema import make_schema

SCHEMA = "FDWPJ"

DDL = """
CREATE TABLE FDWPJ.PROBES (N INTEGER NOT NULL PRIMARY KEY, E VARCHAR, C VARCHAR, NM VARCHAR,
  K VARCHAR, S INTEGER);
"""

ROWS = """
UPSERT INTO FDWPJ.PROBES VALUES (1, 'ann@x.org', 'Oslo', 'Ann', 'boot', 10);
UPSERT INTO FDWPJ.PROBES VALUES (2, 'ann@x.org', 'Rome', 'Bob', 'disk', 20);
UPSERT INTO FDWPJ.PROBES VALUES (3, 'zed@x.org', 'Lima', NULL, 'net', NULL);
UPSERT INTO FDWPJ.PROBES VALUES (4, 'dan@x.org', NULL, 'Ida', NULL, 91);
UPSERT INTO FDWPJ.PROBES VALUES (5, 'cy@x.org', 'Oslo', 'Zed', 'boot', 90);
UPSERT INTO FDWPJ.PROBES VALUES (6, 'bo@x.org', 'Pisa', 'Ann', 'diskette', 50);
UPSERT INTO FDWPJ.PROBES VALUES (7, NULL, 'Nowhere', 'Eve', 'disk', 70);
UPSERT INTO FDWPJ.PROBES VALUES (8, 'bob@x.org', 'Rome', 'Jo', 'boot', 100);
UPSERT INTO FDWPJ.PROBES VALUES (9, 'old@x.org', NULL, NULL, NULL, 60);
UPSERT INTO FDWPJ.PROBES VALUES (10, NULL, 'Lima', 'Gus', 'none', 40);
UPSERT INTO FDWPJ.PROBES VALUES (11, 'ida@x.org', 'Oslo', 'Cy', 'net', 20);
UPSERT INTO FDWPJ.PROBES VALUES (12, 'none@x.org', 'Rome', 'Dan', 'boot', NULL);
"""


def main():
    make_schema(SCHEMA, DDL, ROWS)


if __name__ == "__main__":
    if len(sys.argv) > 1:
        raise SystemExit(__doc__)
    main()
