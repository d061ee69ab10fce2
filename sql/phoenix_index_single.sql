-- Covered reads through Apache Phoenix indexes stored as SINGLE_CELL_ARRAY_WITH_OFFSETS, with
-- Phoenix 5.2.1 as the oracle: schema FDWPSC made by Phoenix's own DDL, CREATE [LOCAL] INDEX
-- and UPSERTs through its JDBC driver (tests/fixtures_phoenix_index_single.py). Such an index
-- keeps its INCLUDE columns in one cell per family (qualifier "1"), each value at the place its
-- encoded column qualifier gives (IndexMaintainer.buildUpdateMutation): EVENTS is immutable and
-- SINGLE_CELL_ARRAY_WITH_OFFSETS by Phoenix's defaults, its global and local indexes too
-- (inherited); ACCOUNTS is mutable, one cell per column, of two families, and its salted
-- global index has that scheme of its own, 1-byte qualifiers.
-- 1. the index rows' raw cells through REST: the empty column and the one packed cell;
-- 2. IMPORT writes each covered column's cell and its element (phoenix_index_layouts: cell
--    'COLUMN=FAMILY:1', element 'COLUMN=N');
-- 3. queries of the index's columns only read the index alone (EXPLAIN ANALYZE: no data row
--    requested nor received): equality, IN, ranges, IS NULL, ORDER BY ... LIMIT along a global
--    index, a local index's regions; INCLUDE values NULL, of several types; a query of a column
--    not covered still reads the data rows back;
-- 4. a malformed element is refused;
-- 5. Phoenix's answers to the same queries.
SET timezone = 'UTC';
\pset null NULL
CREATE SCHEMA ps;
IMPORT FOREIGN SCHEMA "FDWPSC" FROM SERVER hbase INTO ps OPTIONS (phoenix 'true');

-- 1. the raw cells of EVENTS_CUST's first two rows of 'bob' (key: CUST, "\x00", ID), of
--    EVENTS_KIND's first row in the data table's second region (its start key, the index id,
--    KIND, "\x00", ID), and of ACCOUNTS_CUST's rows of 'bob' (in salt bucket 0 or 1)
\! python3 -c "import sys; sys.path.insert(0, 'tests'); import hbase_rest as h; c = h.Client(); [print(r['key'], sorted(r['cells'].items())) for r in c.scan('FDWPSC.EVENTS_CUST', start=b'bob\x00', end=b'bob\x01')[:2] + c.scan('FDWPSC.EVENTS', start=b'\x80\x00\x00\x64\x00\x00', end=b'\x80\x00\x00\x64\x00\x01')[:1] + [x for x in c.scan('FDWPSC.ACCOUNTS_CUST') if x['key'][1:5] == b'bob\x00']]"

-- 2. the covered cells IMPORT keeps (local names, families "0", "L#0", "A" and "B")
SELECT c.relname, regexp_split_to_table(o.option_value, '; ') AS index
  FROM pg_foreign_table ft JOIN pg_class c ON c.oid = ft.ftrelid,
       pg_options_to_table(ft.ftoptions) o
 WHERE c.relnamespace = 'ps'::regnamespace AND o.option_name = 'phoenix_index_layouts'
 ORDER BY 1, 2;

-- 3. s1: an equality, every INCLUDE column: the global index alone (no data row read)
EXPLAIN (ANALYZE, VERBOSE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, cust, amt, price, qty, due, ts, flag, ratio, note FROM ps.events WHERE cust = 'bob';
SELECT id, cust, amt, price, qty, due, ts, flag, ratio, note FROM ps.events WHERE cust = 'bob'
 ORDER BY id;
-- s2: NULL INCLUDE values (every fifth row), and rows whose CUST is NULL
SELECT id, cust, amt, price, qty, due, ts, flag, ratio, note FROM ps.events WHERE cust = 'ann'
 ORDER BY id;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, amt, note FROM ps.events WHERE cust IS NULL;
SELECT id, amt, note FROM ps.events WHERE cust IS NULL ORDER BY id;
-- s3: IN and a range, conditions on covered cells checked on the index's values
SELECT id, cust, price, flag FROM ps.events WHERE cust IN ('cy', 'dan', 'zed') AND flag
 ORDER BY id;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, cust, qty, ratio FROM ps.events WHERE cust > 'b' AND cust < 'd' AND ratio > 0;
SELECT id, cust, qty, ratio FROM ps.events WHERE cust > 'b' AND cust < 'd' AND ratio > 0
 ORDER BY id;
-- s4: ORDER BY along the global index with LIMIT: its first rows backwards, no Sort
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, cust, due, ts FROM ps.events ORDER BY cust DESC NULLS LAST, id DESC LIMIT 4;
SELECT id, cust, due, ts FROM ps.events ORDER BY cust DESC NULLS LAST, id DESC LIMIT 4;
-- s5: the local index (single cell in L#0): its range in each of the three regions, alone
EXPLAIN (ANALYZE, VERBOSE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, kind, amt, ts, note FROM ps.events WHERE kind = 'net';
SELECT id, kind, amt, ts, note FROM ps.events WHERE kind = 'net' ORDER BY id;
SELECT id, kind, amt, note FROM ps.events WHERE kind >= 'c' AND amt < 0 ORDER BY id;
-- s6: a column not covered (KIND through EVENTS_CUST): the data rows read back
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, cust, kind, amt FROM ps.events WHERE cust = 'dan';
SELECT id, cust, kind, amt FROM ps.events WHERE cust = 'dan' ORDER BY id;
-- s7: ACCOUNTS: a mutable table's salted index of its own scheme, two families' cells, rows
--     changed (2: bob -> eve, 6: NOTE and QTY, 7: BAL NULL) and deleted (1, 11) after it was
--     made; the buckets' ranges, the index alone
EXPLAIN (ANALYZE, VERBOSE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, cust, bal, note, qty FROM ps.accounts WHERE cust IN ('bob', 'eve');
SELECT id, cust, bal, note, qty FROM ps.accounts WHERE cust IN ('bob', 'eve') ORDER BY id;
SELECT id, cust, bal, note, qty FROM ps.accounts WHERE cust >= 'c' ORDER BY id;
-- the two buckets merged in the index's order
EXPLAIN (COSTS OFF)
  SELECT id, cust, qty FROM ps.accounts WHERE cust > 'a' ORDER BY cust LIMIT 3;
SELECT id, cust, qty FROM ps.accounts WHERE cust > 'a' ORDER BY cust, id LIMIT 3;

-- 4. an element that is no place, and one naming no covered cell (the validator parses the
--    option; the error names the index)
ALTER FOREIGN TABLE ps.accounts OPTIONS (SET phoenix_index_layouts
  'FDWPSC.ACCOUNTS_CUST (table ''FDWPSC.ACCOUNTS_CUST'', rowkey ''salt(2) + nullable(cust) + "\x00" + sortable(int(id))'', cell ''bal=A:1'', element ''bal=0'', empty_column ''A:\x00\x00\x00\x00'')');
SELECT id FROM ps.accounts WHERE cust = 'bob';
ALTER FOREIGN TABLE ps.accounts OPTIONS (SET phoenix_index_layouts
  'FDWPSC.ACCOUNTS_CUST (table ''FDWPSC.ACCOUNTS_CUST'', rowkey ''salt(2) + nullable(cust) + "\x00" + sortable(int(id))'', cell ''bal=A:1'', element ''qty=2'', empty_column ''A:\x00\x00\x00\x00'')');
SELECT id FROM ps.accounts WHERE cust = 'bob';

-- 5. Phoenix's answers to s1-s7 in that order (each row led by its query's name)
\! printf '%s\n' "SELECT 's1', ID, CUST, AMT, PRICE, QTY, DUE, TS, FLAG, RATIO, NOTE FROM FDWPSC.EVENTS WHERE CUST = 'bob' ORDER BY ID;" "SELECT 's2', ID, CUST, AMT, PRICE, QTY, DUE, TS, FLAG, RATIO, NOTE FROM FDWPSC.EVENTS WHERE CUST = 'ann' ORDER BY ID;" "SELECT 's2', ID, AMT, NOTE FROM FDWPSC.EVENTS WHERE CUST IS NULL ORDER BY ID;" "SELECT 's3', ID, CUST, PRICE, FLAG FROM FDWPSC.EVENTS WHERE CUST IN ('cy', 'dan', 'zed') AND FLAG ORDER BY ID;" "SELECT 's3', ID, CUST, QTY, RATIO FROM FDWPSC.EVENTS WHERE CUST > 'b' AND CUST < 'd' AND RATIO > 0 ORDER BY ID;" "SELECT 's4', ID, CUST, DUE, TS FROM FDWPSC.EVENTS WHERE CUST IS NOT NULL ORDER BY CUST DESC, ID DESC LIMIT 4;" "SELECT 's5', ID, KIND, AMT, TS, NOTE FROM FDWPSC.EVENTS WHERE KIND = 'net' ORDER BY ID;" "SELECT 's5', ID, KIND, AMT, NOTE FROM FDWPSC.EVENTS WHERE KIND >= 'c' AND AMT < 0 ORDER BY ID;" "SELECT 's6', ID, CUST, KIND, AMT FROM FDWPSC.EVENTS WHERE CUST = 'dan' ORDER BY ID;" "SELECT 's7', ID, CUST, BAL, NOTE, QTY FROM FDWPSC.ACCOUNTS WHERE CUST IN ('bob', 'eve') ORDER BY ID;" "SELECT 's7', ID, CUST, BAL, NOTE, QTY FROM FDWPSC.ACCOUNTS WHERE CUST >= 'c' ORDER BY ID;" "SELECT 's7', ID, CUST, QTY FROM FDWPSC.ACCOUNTS WHERE CUST > 'a' ORDER BY CUST, ID LIMIT 3;" | python3 tests/fixtures_phoenix.py sql
\pset null ''
