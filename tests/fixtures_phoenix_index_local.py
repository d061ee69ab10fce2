"""tests/fixtures_phoenix_index_local.py - Phoenix schema FDWPL of sql/phoenix_index_local.sql,
made by Apache Phoenix 5.2.1 itself (DDL, LOCAL indexes and UPSERTs through its JDBC driver,
tests/PhoenixServe.java --script-server): tables of several regions whose local indexes Phoenix
writes into the data table itself, each index row keyed by its region's start key (zeros as
long as the region's end key in the first region), the index's VIEW_INDEX_ID and the index key
(IndexMaintainer.buildRowKey), in families L#<family>.

- ORDERS: mutable, SPLIT ON (100, 200, 300): four regions; ORDERS_CUST on (CUST) INCLUDE (AMT)
  (VIEW_INDEX_ID -32768: "\\x00\\x00"), ORDERS_AMT on (AMT DESC) (a nullable INTEGER: a DECIMAL
  in the index, DESC; -32767: "\\x00\\x01"); rows updated and deleted after the indexes were
  made, so Phoenix rewrote and deleted local index rows itself.
- EVENTS: salted (SALT_BUCKETS=3: three regions, one per bucket), EVENTS_KIND on (KIND)
  INCLUDE (MSG): a local index's key has no salt byte of its own.
- PARTS: two families (A.COLOR, B.SIZE), SPLIT ON (50); PARTS_COLOR on (A.COLOR) INCLUDE
  (B.SIZE): covered cells in L#A and L#B.
- SPLITFIRST: SPLIT ON ('m'), keyed by a VARCHAR; SPLITFIRST_V on (V). sql/phoenix_index_local.sql
  splits its first region at 'abcd', a key longer than that region's end: the first daughter's
  prefix becomes four zero bytes where it was one, so that its index rows start with the old
  prefix and the index's id, "\x00" + "\x00\x00", and a read made for the listing before the
  split would take them for the old region's (index_scan.c: a listing confirms each window of
  rows before they are decoded).
- ONE: one region (its local index rows' prefix: none, the region having no end key), ONE_V.
- SPLITME: SPLIT ON (100); SPLITME_V on (V). sql/phoenix_index_local.sql splits it after IMPORT
  (tests/hbase_rest.py split): Phoenix rewrites the local index rows under the daughters' start
  keys.
- FDWPLJ.PROBES (a schema of its own, so that IMPORT of FDWPL stays as it is): the outer rows of
  the batched joins through the local indexes: C (ORDERS.CUST: ORDERS_CUST, covered for ID,
  CUST, AMT), A (ORDERS.AMT: ORDERS_AMT, DESC), K (EVENTS.KIND: EVENTS_KIND of the salted table),
  with duplicates, NULLs, values of no row, the values rows had before they changed or were
  deleted (cy, 65, -13) and after (eve, 5). The test copies them into a local PostgreSQL table,
  and Phoenix joins this table with FDWPL's for its own answers.
Every object is dropped and made again on each run (the test splits SPLITME), in one script.
No key here is computed by us: Phoenix writes every row.
    python3 tests/fixtures_phoenix_index_local.py      makes the schema (tests/fixtures.py runs it)
"""
import sys

from fixtures_phoenix import phoenix_sql

SCHEMA = "FDWPL"

DDL = """
CREATE TABLE FDWPL.ORDERS (ID INTEGER NOT NULL PRIMARY KEY, CUST VARCHAR, AMT INTEGER, NOTE VARCHAR)
  SPLIT ON (100, 200, 300);
CREATE LOCAL INDEX ORDERS_CUST ON FDWPL.ORDERS (CUST) INCLUDE (AMT);
CREATE LOCAL INDEX ORDERS_AMT ON FDWPL.ORDERS (AMT DESC);
CREATE TABLE FDWPL.EVENTS (HOST VARCHAR NOT NULL, TS BIGINT NOT NULL, KIND VARCHAR, MSG VARCHAR
  CONSTRAINT PK PRIMARY KEY (HOST, TS)) SALT_BUCKETS=3;
CREATE LOCAL INDEX EVENTS_KIND ON FDWPL.EVENTS (KIND) INCLUDE (MSG);
CREATE TABLE FDWPL.PARTS (ID INTEGER NOT NULL PRIMARY KEY, A.COLOR VARCHAR, B.SIZE INTEGER)
  SPLIT ON (50);
CREATE LOCAL INDEX PARTS_COLOR ON FDWPL.PARTS (A.COLOR) INCLUDE (B.SIZE);
CREATE TABLE FDWPL.SPLITME (ID INTEGER NOT NULL PRIMARY KEY, V VARCHAR) SPLIT ON (100);
CREATE LOCAL INDEX SPLITME_V ON FDWPL.SPLITME (V);
CREATE TABLE FDWPL.SPLITFIRST (K VARCHAR NOT NULL PRIMARY KEY, V VARCHAR) SPLIT ON ('m');
CREATE LOCAL INDEX SPLITFIRST_V ON FDWPL.SPLITFIRST (V);
CREATE TABLE FDWPL.ONE (ID INTEGER NOT NULL PRIMARY KEY, V VARCHAR);
CREATE LOCAL INDEX ONE_V ON FDWPL.ONE (V);
"""

TABLES = ["ORDERS", "EVENTS", "PARTS", "SPLITME", "SPLITFIRST", "ONE"]

PROBES = """
CREATE TABLE FDWPLJ.PROBES (N INTEGER NOT NULL PRIMARY KEY, C VARCHAR, A INTEGER, K VARCHAR);
UPSERT INTO FDWPLJ.PROBES VALUES (1, 'bob', 17, 'boot');
UPSERT INTO FDWPLJ.PROBES VALUES (2, 'bob', 5, 'net');
UPSERT INTO FDWPLJ.PROBES VALUES (3, 'eve', -13, 'disk');
UPSERT INTO FDWPLJ.PROBES VALUES (4, 'zed', 65, NULL);
UPSERT INTO FDWPLJ.PROBES VALUES (5, NULL, 54, 'net');
UPSERT INTO FDWPLJ.PROBES VALUES (6, 'cy', NULL, 'boot');
UPSERT INTO FDWPLJ.PROBES VALUES (7, 'ann', -6, 'none');
UPSERT INTO FDWPLJ.PROBES VALUES (8, 'dan', 79, 'disk');
UPSERT INTO FDWPLJ.PROBES VALUES (9, NULL, NULL, 'nada');
UPSERT INTO FDWPLJ.PROBES VALUES (10, 'ann', 42, 'net');
"""

CUSTS = ["ann", "bob", "cy", "dan", None]


def rows():
    out = []
    # ORDERS: ids 10..400 over the four regions
    for i in range(1, 41):
        cust = CUSTS[i % 5]
        amt = None if i % 7 == 0 else (i * 37) % 100 - 20
        out.append("UPSERT INTO FDWPL.ORDERS VALUES (%d, %s, %s, 'n%d');" % (
            i * 10, "'%s'" % cust if cust else "NULL", "NULL" if amt is None else amt, i))
    # changed and deleted after the index rows were written: Phoenix deletes the old ones
    out.append("UPSERT INTO FDWPL.ORDERS (ID, CUST, AMT) VALUES (110, 'eve', 5);")
    out.append("UPSERT INTO FDWPL.ORDERS (ID, CUST) VALUES (260, 'ann');")
    out.append("DELETE FROM FDWPL.ORDERS WHERE ID IN (50, 300);")
    for h in range(1, 7):
        for t in range(1, 6):
            kind = ["boot", "disk", "net", None][(h + t) % 4]
            out.append("UPSERT INTO FDWPL.EVENTS VALUES ('h%d', %d, %s, 'm%d.%d');" % (
                h, t * 100, "'%s'" % kind if kind else "NULL", h, t))
    for i in range(1, 21):
        out.append("UPSERT INTO FDWPL.PARTS VALUES (%d, '%s', %d);" % (
            i * 5, ["red", "blue", "green"][i % 3], i))
    for i in range(1, 201):
        out.append("UPSERT INTO FDWPL.SPLITME VALUES (%d, 'k%02d');" % (i, i % 20))
    for k in ["a", "ab", "abc", "abcd", "abcde", "b", "k", "m", "x"]:
        v = None if k in ("ab", "abcde", "x") else "v" + k[-1]
        out.append("UPSERT INTO FDWPL.SPLITFIRST VALUES ('%s', %s);" % (k, "'%s'" % v if v else "NULL"))
    for i in range(1, 7):
        out.append("UPSERT INTO FDWPL.ONE VALUES (%d, '%s');" % (i, "ab"[i % 2]))
    return "\n".join(out) + "\n"


def main():
    drop = "".join("DROP TABLE IF EXISTS FDWPL.%s CASCADE;\n" % t for t in TABLES)
    drop += "DROP TABLE IF EXISTS FDWPLJ.PROBES;\n"
    phoenix_sql(drop + DDL.strip() + "\n" + rows() + PROBES.strip() + "\n")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        raise SystemExit(__doc__)
    main()
