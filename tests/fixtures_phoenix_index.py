"""tests/fixtures_phoenix_index.py - Phoenix schema FDWPI of sql/phoenix_index.sql, made by
Apache Phoenix 5.2.1 itself (DDL, indexes and UPSERTs through its JDBC driver,
tests/PhoenixServe.java --script-server), then index rows made stale on purpose through REST.

- USERS: mutable (the region servers' IndexedWALEditCodec, scripts/hbase-local), a global index
  on EMAIL (uncovered), one on (CITY, NAME) INCLUDE (EMAIL) (two columns, covered), one on
  SCORE (a nullable INTEGER: Phoenix keeps it as a DECIMAL), one on NAME DESC (a nullable DESC
  VARCHAR, its NULL ended otherwise than its values), a LOCAL index (not used); rows updated
  and deleted after the indexes were made, so Phoenix rewrote and deleted index rows itself.
  Schema FDWPX (tests/fixtures_phoenix_index_null.py) queries indexes on nullable columns.
- EVENTS: immutable, salted (its index salted too), key (HOST, TS DESC), an index on
  (KIND, TS DESC) INCLUDE (MSG).
- stale_rows(): rows written straight into index USERS_EMAIL as Phoenix's first write phase
  leaves them when the data write fails (IndexRegionObserver: the empty column's value 2,
  UNVERIFIED): an index row whose data row holds another email, one whose data row does not
  exist, and an old email of a data row that also has its current index row.  Keys computed
  here from Phoenix's encodings (VARCHAR bytes, 0x00, BIGINT with its sign bit flipped), not by
  our C codec.
- FDWPJ.PROBES (schema FDWPJ, part 3b): the outer rows of the joins from a local table on indexed
  columns of USERS and EVENTS. The test copies them into a local PostgreSQL table (through its
  import), and Phoenix joins this table with FDWPI's for its own answers: both sides join the
  same rows. Each column has duplicates and NULLs, values with no match, the values of the stale
  index rows above (zed@x.org, dan@x.org, bo@x.org), an email Phoenix deleted from its index
  (old@x.org): E (USERS.EMAIL, uncovered index), C (USERS.CITY, first column of the covered
  (CITY, NAME)), NM (USERS.NAME, a DESC index), K (EVENTS.KIND, a salted index (KIND, TS DESC)),
  S (USERS.SCORE, a nullable INTEGER kept as a DECIMAL in its index).
    python3 tests/fixtures_phoenix_index.py      makes the schemas (tests/fixtures.py runs it)
"""
import struct
import sys

import hbase_rest
from fixtures_phoenix_schema import make_schema

SCHEMA = "FDWPI"

DDL = """
CREATE TABLE FDWPI.USERS (ID BIGINT NOT NULL PRIMARY KEY, EMAIL VARCHAR, NAME VARCHAR,
  CITY VARCHAR, SCORE INTEGER);
CREATE INDEX USERS_EMAIL ON FDWPI.USERS (EMAIL);
CREATE INDEX USERS_CITY ON FDWPI.USERS (CITY, NAME) INCLUDE (EMAIL);
CREATE INDEX USERS_NAME ON FDWPI.USERS (NAME DESC);
CREATE INDEX USERS_SCORE ON FDWPI.USERS (SCORE);
CREATE LOCAL INDEX USERS_LNAME ON FDWPI.USERS (NAME);
CREATE TABLE FDWPI.EVENTS (HOST VARCHAR NOT NULL, TS BIGINT NOT NULL, KIND VARCHAR, MSG VARCHAR
  CONSTRAINT PK PRIMARY KEY (HOST, TS DESC)) SALT_BUCKETS=3, IMMUTABLE_ROWS=true;
CREATE INDEX EVENTS_KIND ON FDWPI.EVENTS (KIND, TS DESC) INCLUDE (MSG);
"""

ROWS = """
UPSERT INTO FDWPI.USERS VALUES (1, 'ann@x.org', 'Ann', 'Oslo', 10);
UPSERT INTO FDWPI.USERS VALUES (2, 'bob@x.org', 'Bob', 'Oslo', 20);
UPSERT INTO FDWPI.USERS VALUES (3, 'cy@x.org', 'Cy', 'Rome', NULL);
UPSERT INTO FDWPI.USERS VALUES (4, 'dan@x.org', 'Dan', 'Rome', 40);
UPSERT INTO FDWPI.USERS VALUES (5, NULL, 'Eve', 'Oslo', 50);
UPSERT INTO FDWPI.USERS VALUES (6, 'fay@y.org', NULL, 'Lima', 60);
UPSERT INTO FDWPI.USERS VALUES (7, 'gus@y.org', 'Gus', NULL, 70);
UPSERT INTO FDWPI.USERS VALUES (8, 'ann@y.org', 'Ann', 'Lima', 80);
UPSERT INTO FDWPI.USERS VALUES (9, 'old@x.org', 'Ida', 'Oslo', 90);
UPSERT INTO FDWPI.USERS VALUES (10, 'gone@x.org', 'Jo', 'Rome', 100);
UPSERT INTO FDWPI.USERS VALUES (9, 'ida@x.org', 'Ida', 'Pisa', 91);
DELETE FROM FDWPI.USERS WHERE ID = 10;
UPSERT INTO FDWPI.EVENTS VALUES ('h1', 100, 'boot', 'up');
UPSERT INTO FDWPI.EVENTS VALUES ('h1', 200, 'disk', 'full');
UPSERT INTO FDWPI.EVENTS VALUES ('h1', 300, 'boot', 'again');
UPSERT INTO FDWPI.EVENTS VALUES ('h2', 100, 'net', 'down');
UPSERT INTO FDWPI.EVENTS VALUES ('h2', 150, 'disk', 'slow');
UPSERT INTO FDWPI.EVENTS VALUES ('h3', 50, 'boot', NULL);
UPSERT INTO FDWPI.EVENTS VALUES ('h3', 60, NULL, 'no kind');
UPSERT INTO FDWPI.EVENTS VALUES ('h4', 70, 'diskette', 'old');
"""

PROBES_SCHEMA = "FDWPJ"

PROBES_DDL = """
CREATE TABLE FDWPJ.PROBES (N INTEGER NOT NULL PRIMARY KEY, E VARCHAR, C VARCHAR, NM VARCHAR,
  K VARCHAR, S INTEGER);
"""

PROBES_ROWS = """
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

UNVERIFIED = b"\x02"  # IndexRegionObserver.UNVERIFIED_BYTES (VERIFIED_BYTES is 1)


def bigint(v):
    """Phoenix's BIGINT key bytes: big-endian with the sign bit flipped (PLong)"""
    return struct.pack(">Q", (v + (1 << 63)) & ((1 << 64) - 1))


def email_key(email, uid):
    """a row key of index USERS_EMAIL: EMAIL, its separator, the data key ID"""
    return email.encode() + b"\x00" + bigint(uid)


def stale_rows():
    """index rows as a failed write leaves them (unverified, pointing at data rows that do not
    hold their values): Phoenix's reads repair them from the data rows and return those rows
    only where the data row matches"""
    empty = b"0:\x00\x00\x00\x00"
    hb = hbase_rest.Client()
    hb.put_pairs("FDWPI.USERS_EMAIL", [
        # user 3 holds cy@x.org: this row must not make user 3 an answer for zed@x.org
        (email_key("zed@x.org", 3), {empty: UNVERIFIED}),
        # no user 999: nothing to return
        (email_key("dan@x.org", 999), {empty: UNVERIFIED}),
        # user 2's older email: user 2 found twice in a range over both, returned once
        (email_key("bo@x.org", 2), {empty: UNVERIFIED}),
    ])


def main():
    make_schema(SCHEMA, DDL, ROWS)
    stale_rows()
    make_schema(PROBES_SCHEMA, PROBES_DDL, PROBES_ROWS)


if __name__ == "__main__":
    if len(sys.argv) > 1:
        raise SystemExit(__doc__)
    main()
