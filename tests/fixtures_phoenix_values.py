"""tests/fixtures_phoenix_values.py - the Phoenix tables of sql/phoenix_values.sql (schema
FDWPV), made by Apache Phoenix itself: DDL and UPSERTs through its JDBC driver
(tests/PhoenixServe.java --script, via fixtures_phoenix.phoenix_sql) against the local HBase.

What they hold is where hbase_fdw and Phoenix disagreed on values:
- CHAR(n) cells and key columns (Phoenix pads them with spaces to n bytes and strips the pad
  when it reads them; a DESC CHAR pads with the inverted space);
- empty strings (Phoenix stores '' as NULL: no cell at all);
- DOUBLE, FLOAT, their DESC forms, UNSIGNED_DOUBLE and UNSIGNED_FLOAT key columns (Phoenix's
  sortable bits plus one, the plain IEEE bits for the unsigned types).
Every table is dropped and made again, so a run starts from what Phoenix wrote.

    python3 tests/fixtures_phoenix_values.py          makes the tables
    python3 tests/fixtures_phoenix_values.py sql < statements.sql
        runs the statements (one a line) in one Phoenix session, printing each query
        ("phoenix> ...") and its rows below it
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fixtures_phoenix  # noqa: E402

TABLES = ["NUMS", "NUMSD", "UNUMS", "CHARS", "CK", "STRS", "MARK"]

# the numbers of the DOUBLE/FLOAT keys: a grid of quarters around 0 (exact in both widths)
# and extremes; each (D, F) pair is a row
GRID = [i * 0.25 - 5 for i in range(41)]
EXTREMES = [("-1e300", "-3.0e38"), ("-1e-300", "-1.0e-30"), ("1e-300", "1.0e-30"),
            ("1e300", "3.0e38"), ("123456.789", "0.1")]


def statements():
    out = ["DROP TABLE IF EXISTS FDWPV.%s;" % t for t in TABLES]
    out += [
        "CREATE TABLE FDWPV.NUMS (D DOUBLE NOT NULL, F FLOAT NOT NULL, V VARCHAR "
        "CONSTRAINT PK PRIMARY KEY (D, F));",
        "CREATE TABLE FDWPV.NUMSD (D DOUBLE NOT NULL, F FLOAT NOT NULL, V VARCHAR "
        "CONSTRAINT PK PRIMARY KEY (D DESC, F DESC));",
        "CREATE TABLE FDWPV.UNUMS (D UNSIGNED_DOUBLE NOT NULL, F UNSIGNED_FLOAT NOT NULL, "
        "V VARCHAR CONSTRAINT PK PRIMARY KEY (D, F DESC));",
        "CREATE TABLE FDWPV.CHARS (K VARCHAR PRIMARY KEY, STATUS CHAR(2), C CHAR(5), V VARCHAR);",
        "CREATE TABLE FDWPV.CK (K CHAR(3) NOT NULL, D CHAR(2) NOT NULL, V VARCHAR "
        "CONSTRAINT PK PRIMARY KEY (K, D DESC));",
        "CREATE TABLE FDWPV.STRS (K VARCHAR NOT NULL, K2 VARCHAR, V VARCHAR, C CHAR(3) "
        "CONSTRAINT PK PRIMARY KEY (K, K2));",
        # one row: "SELECT 'marker' FROM FDWPV.MARK" separates the rows of the queries
        "CREATE TABLE FDWPV.MARK (K INTEGER PRIMARY KEY);",
        "UPSERT INTO FDWPV.MARK VALUES (1);",
    ]
    for i, x in enumerate(GRID):
        lit = repr(x)
        for t in ("NUMS", "NUMSD"):
            out.append("UPSERT INTO FDWPV.%s VALUES (%s, %s, 'g%02d');" % (t, lit, lit, i))
        if x >= 0:
            out.append("UPSERT INTO FDWPV.UNUMS VALUES (%s, %s, 'g%02d');" % (lit, lit, i))
    for i, (d, f) in enumerate(EXTREMES):
        for t in ("NUMS", "NUMSD"):
            out.append("UPSERT INTO FDWPV.%s VALUES (%s, %s, 'x%d');" % (t, d, f, i))
        if not d.startswith("-"):
            out.append("UPSERT INTO FDWPV.UNUMS VALUES (%s, %s, 'x%d');" % (d, f, i))
    # CHAR(2) status of 30 rows: 12 'P' (padded to 'P '), 10 'PX', 8 NULL; CHAR(5) values
    # with inner and trailing spaces
    for i in range(30):
        status = "'P'" if i % 5 in (0, 1) or i % 15 == 4 else "'PX'" if i % 5 in (2, 3) else "NULL"
        c = ["'a'", "'a b'", "'abcde'", "' x'", "NULL", "'q  '"][i % 6]
        out.append("UPSERT INTO FDWPV.CHARS VALUES ('r%02d', %s, %s, 'v%d');" % (i, status, c, i))
    out += [
        "UPSERT INTO FDWPV.CK VALUES ('a', 'b', 'one');",
        "UPSERT INTO FDWPV.CK VALUES ('a', 'bc', 'two');",
        "UPSERT INTO FDWPV.CK VALUES ('a b', 'xy', 'three');",
        "UPSERT INTO FDWPV.CK VALUES ('abc', 'x', 'four');",
        # '' is NULL to Phoenix: no cell for V and C, and K2 (the last key column) absent
        "UPSERT INTO FDWPV.STRS VALUES ('a', '', '', '');",
        "UPSERT INTO FDWPV.STRS VALUES ('b', NULL, 'bnull', 'x');",
        "UPSERT INTO FDWPV.STRS VALUES ('c', 'c2', 'full', 'xyz');",
    ]
    return "".join(s + "\n" for s in out)


def main():
    fixtures_phoenix.phoenix_sql(statements())


def run_queries(lines):
    """each statement in one JVM (Phoenix's client starts slowly), a marker query after each
    so that the rows can be told apart; prints each query, then its rows"""
    stmts = [line.strip() for line in lines if line.strip()]
    text = "".join("%s\nSELECT '#mark#%d' FROM FDWPV.MARK;\n" % (st, i)
                   for i, st in enumerate(stmts))
    rows = fixtures_phoenix.phoenix_sql(text)
    i = 0
    print("phoenix> " + stmts[0])
    for r in rows:
        if len(r) == 1 and r[0] == "#mark#%d" % i:
            i += 1
            if i < len(stmts):
                print("phoenix> " + stmts[i])
            continue
        print(" | ".join("NULL" if v is None else v for v in r))


if __name__ == "__main__":
    if sys.argv[1:] == ["sql"]:
        run_queries(sys.stdin.read().splitlines())
    else:
        main()
