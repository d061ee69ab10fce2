"""tests/fixtures_phoenix_schema.py - Phoenix schema FDWPS of sql/phoenix_schema.sql, made by
Apache Phoenix itself (DDL and UPSERTs through its JDBC driver, tests/PhoenixServe.java --script, against
the local HBase whose master runs Phoenix 5.2.1's server side): tables whose shape IMPORT
FOREIGN SCHEMA ... OPTIONS (phoenix 'true') once got wrong.

- NODEF, NODEF0, DEFFAM, KEYONLY: no default column family (families B, A, C, in that column
  order; column-encoded and not), DEFAULT_COLUMN_FAMILY 'D', a table of key columns only:
  where Phoenix puts the empty key value cell (SchemaUtil.getEmptyColumnFamily).
- TWOVAL: one column name in several families (A.VAL, B.VAL, VAL), one differing in case only
  ("val"), a key column's name in a family (A.ID).
- IDX (a global and a local index), VBASE (an index on a view of a view of it), PLAINV (a view,
  no index): secondary indexes that writes not made by Phoenix would leave stale. This HBase
  has no IndexedWALEditCodec, so Phoenix indexes only tables of immutable rows here.
- "Quoted", QPLAIN: quoted (mixed-case, special-character) key and cell column names.

The objects are made again only when the DDL changed (FDWPS_META.DDL keeps its hash) or one is
missing; otherwise the tables are emptied and the rows written again.
    python3 tests/fixtures_phoenix_schema.py      makes the schema (tests/fixtures.py runs it)
"""
import hashlib
import re
import sys

from fixtures_phoenix import phoenix_sql

SCHEMA = "FDWPS"

DDL = """
CREATE TABLE FDWPS.NODEF (K VARCHAR PRIMARY KEY, B.Y INTEGER, A.X VARCHAR, C.Z BIGINT);
CREATE TABLE FDWPS.NODEF0 (K INTEGER PRIMARY KEY, C.X VARCHAR, A.Y VARCHAR) COLUMN_ENCODED_BYTES=0;
CREATE TABLE FDWPS.DEFFAM (K VARCHAR PRIMARY KEY, V VARCHAR, A.W INTEGER) DEFAULT_COLUMN_FAMILY='D';
CREATE TABLE FDWPS.KEYONLY (K VARCHAR NOT NULL, N INTEGER NOT NULL CONSTRAINT PK PRIMARY KEY (K, N))
  DEFAULT_COLUMN_FAMILY='D';
CREATE TABLE FDWPS.TWOVAL (ID VARCHAR PRIMARY KEY, A.VAL VARCHAR, B.VAL INTEGER, VAL BIGINT,
  "val" VARCHAR, A.ID INTEGER);
CREATE TABLE FDWPS.IDX (K VARCHAR PRIMARY KEY, V VARCHAR, N INTEGER)
  IMMUTABLE_ROWS=true, IMMUTABLE_STORAGE_SCHEME=ONE_CELL_PER_COLUMN;
CREATE INDEX IDX_V ON FDWPS.IDX (V) INCLUDE (N);
CREATE LOCAL INDEX IDX_N ON FDWPS.IDX (N);
CREATE TABLE FDWPS.VBASE (K VARCHAR PRIMARY KEY, V VARCHAR, N INTEGER)
  IMMUTABLE_ROWS=true, IMMUTABLE_STORAGE_SCHEME=ONE_CELL_PER_COLUMN;
CREATE VIEW FDWPS.VB_VIEW (EXTRA VARCHAR) AS SELECT * FROM FDWPS.VBASE WHERE N > 0;
CREATE VIEW FDWPS.VB_VIEW2 AS SELECT * FROM FDWPS.VB_VIEW WHERE N > 5;
CREATE INDEX VB_VIEW2_IDX ON FDWPS.VB_VIEW2 (EXTRA);
CREATE TABLE FDWPS.PLAINV (K VARCHAR PRIMARY KEY, V VARCHAR);
CREATE VIEW FDWPS.PLAINV_VIEW AS SELECT * FROM FDWPS.PLAINV WHERE V = 'x';
CREATE TABLE FDWPS."Quoted" ("MyId" VARCHAR NOT NULL, "b c" INTEGER NOT NULL, "Val" VARCHAR,
  "x-y" INTEGER, lower VARCHAR CONSTRAINT PK PRIMARY KEY ("MyId", "b c" DESC));
CREATE TABLE FDWPS.QPLAIN ("Id`1" VARCHAR PRIMARY KEY, "Val" VARCHAR, "a:b" VARCHAR,
  "größe" INTEGER, "back\\slash" VARCHAR, "sp ace" VARCHAR) COLUMN_ENCODED_BYTES=0;
"""

ROWS = """
UPSERT INTO FDWPS.NODEF VALUES ('p1', 1, 'x1', 10);
UPSERT INTO FDWPS.NODEF (K) VALUES ('p2');
UPSERT INTO FDWPS.NODEF0 VALUES (1, 'x', 'y');
UPSERT INTO FDWPS.NODEF0 (K) VALUES (2);
UPSERT INTO FDWPS.DEFFAM VALUES ('p1', 'v1', 1);
UPSERT INTO FDWPS.DEFFAM (K) VALUES ('p2');
UPSERT INTO FDWPS.KEYONLY VALUES ('p1', 1);
UPSERT INTO FDWPS.TWOVAL VALUES ('p1', 'a', 2, 3, 'lower', 4);
UPSERT INTO FDWPS.IDX VALUES ('p1', 'one', 1);
UPSERT INTO FDWPS.IDX VALUES ('p2', 'two', 2);
UPSERT INTO FDWPS.VBASE VALUES ('p1', 'one', 6);
UPSERT INTO FDWPS.PLAINV VALUES ('p1', 'x');
UPSERT INTO FDWPS."Quoted" VALUES ('id1', 1, 'v1', 5, 'lo');
UPSERT INTO FDWPS."Quoted" VALUES ('id1', 2, 'v2', NULL, NULL);
UPSERT INTO FDWPS."Quoted" ("MyId", "b c") VALUES ('id2', -1);
UPSERT INTO FDWPS.QPLAIN VALUES ('k1', 'v', 'ab', 3, 'bs', 'sp');
"""


def statements(text):
    """the statements of text, each ending with ';' at the end of a line"""
    out, cur = [], []
    for line in text.strip().splitlines():
        cur.append(line)
        if line.rstrip().endswith(";"):
            out.append("\n".join(cur))
            cur = []
    return out


def objects(ddl=None, schema=SCHEMA):
    """(name, TABLE_TYPE) of every table, view and index ddl (DDL) makes"""
    out = set()
    for st in statements(DDL if ddl is None else ddl):
        m = re.match(r'CREATE (TABLE|VIEW|INDEX|LOCAL INDEX) (?:%s\.)?("[^"]+"|\w+)' % schema, st)
        kind = {"TABLE": "u", "VIEW": "v"}.get(m.group(1), "i")
        out.add((m.group(2).strip('"'), kind))
    return out


def quoted(name, schema=SCHEMA):
    return '%s."%s"' % (schema, name)


def make_schema(schema, ddl, rows):
    """Phoenix schema SCHEMA made by ddl (again only when ddl changed or an object is missing;
    otherwise its tables emptied), then rows written"""
    want = hashlib.sha1(ddl.encode()).hexdigest()[:16]
    got = phoenix_sql("CREATE TABLE IF NOT EXISTS FDWPS_META.DDL (K VARCHAR PRIMARY KEY, "
                      "H VARCHAR);\nSELECT 'hash', K, H FROM FDWPS_META.DDL;\n"
                      "SELECT DISTINCT 'object', TABLE_NAME, TABLE_TYPE FROM SYSTEM.CATALOG "
                      "WHERE TENANT_ID IS NULL AND TABLE_SCHEM = '%s' AND COLUMN_NAME IS NULL "
                      "AND COLUMN_FAMILY IS NULL;\n" % schema)
    have = {k: h for what, k, h in got if what == "hash"}
    found = {(n, t) for what, n, t in got if what == "object"}
    tables = sorted(n for n, t in objects(ddl, schema) if t == "u")
    if have.get(schema) != want or found != objects(ddl, schema):
        # views first (a view of a view after its parent: CASCADE), then the tables with
        # their indexes; then everything made afresh
        drop = ["DROP VIEW IF EXISTS %s CASCADE;" % quoted(n, schema)
                for n, t in sorted(found) if t == "v"]
        drop += ["DROP TABLE IF EXISTS %s CASCADE;" % quoted(n, schema)
                 for n, t in sorted(found) if t == "u"]
        make = "".join(s + "\n" for s in drop) + ddl.strip() + "\n" + \
            "UPSERT INTO FDWPS_META.DDL VALUES ('%s', '%s');\n" % (schema, want)
    else:
        make = "".join("DELETE FROM %s;\n" % quoted(n, schema) for n in tables)
    # one run of Phoenix's client: its start is most of the time
    phoenix_sql(make + rows.strip() + "\n")


def main():
    make_schema(SCHEMA, DDL, ROWS)


if __name__ == "__main__":
    if len(sys.argv) > 1:
        raise SystemExit(__doc__)
    main()
