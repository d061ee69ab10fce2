-- Reads through Apache Phoenix's global secondary indexes, with Phoenix 5.2.1 as the oracle:
-- schema FDWPI made by Phoenix's own DDL, CREATE INDEX and UPSERTs through its JDBC driver
-- (tests/fixtures_phoenix_index.py), with index rows made stale on purpose through REST as a
-- failed Phoenix write leaves them (unverified, their data rows holding other values).
-- 1. IMPORT keeps each global index a rowkey layout reads (option phoenix_index_layouts,
--    shown by hbase_phoenix_indexes()), a nullable INTEGER's (kept as a DECIMAL) and a
--    nullable DESC VARCHAR's among them (part 5); the others (a LOCAL index, a nullable
--    TIMESTAMP's) are named by a NOTICE and left out;
-- 2. a condition on an indexed column reads the index's ranges and the data rows by
--    multigets (EXPLAIN names the index; EXPLAIN ANALYZE counts index rows and data rows,
--    about the rows matched, not the table's); a query of the index's columns only (its key's
--    and its INCLUDE cells) reads the index alone: its verified rows as they are, the data
--    row of an unverified one (Phoenix's GlobalIndexChecker);
--    a generic plan, a correlated subquery and a join from local rows go through it too;
-- 3. the answers are Phoenix's, stale index rows included: each data row is read again and
--    every condition checked on it, a data row found twice is returned once;
-- 3b. a join from an analysed local table on an indexed column is a batched join through the
--    index (covered and not, salted, DESC, through the stale rows), with Phoenix's answers;
-- 4. the same queries through Phoenix's JDBC, after ours (Phoenix's reads may repair the
--    stale rows they meet).
SET timezone = 'UTC';
CREATE SCHEMA pi;
IMPORT FOREIGN SCHEMA "FDWPI" FROM SERVER hbase INTO pi OPTIONS (phoenix 'true');
SELECT c.relname, ft.ftoptions FROM pg_foreign_table ft JOIN pg_class c ON c.oid = ft.ftrelid
  WHERE c.relnamespace = 'pi'::regnamespace ORDER BY 1;
SELECT * FROM hbase_phoenix_indexes('pi.users');
SELECT * FROM hbase_phoenix_indexes('pi.events');

-- 2. an equality on the indexed column: the index's range, the data row by key
EXPLAIN (COSTS OFF) SELECT id, email, name FROM pi.users WHERE email = 'ann@x.org';
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, email, name FROM pi.users WHERE email = 'ann@x.org';
-- the key and the index's columns only: the index alone, its verified row as it is
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, email FROM pi.users WHERE email = 'ann@x.org';
-- 3. q1: its answer
SELECT id, email, name FROM pi.users WHERE email = 'ann@x.org';
-- q2: an unverified index row of zed@x.org points at user 3, whose email is cy@x.org: none
SELECT id, email FROM pi.users WHERE email = 'zed@x.org';
-- its index row read, its data row read and checked: no row
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, email FROM pi.users WHERE email = 'zed@x.org';
-- q3: an unverified index row of dan@x.org points at user 999, who does not exist
SELECT id, email FROM pi.users WHERE email = 'dan@x.org';
-- q4: a range over bo@x.org (stale, of user 2) and bob@x.org (current): user 2 once
SELECT id, email FROM pi.users WHERE email >= 'b' AND email < 'c' ORDER BY id;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, email FROM pi.users WHERE email >= 'b' AND email < 'c';
-- q5: IN, a prefix; user 9's old email (Phoenix deleted its index row when it changed)
SELECT id, email FROM pi.users WHERE email IN ('ann@x.org', 'ida@x.org', 'old@x.org', 'no@x.org')
  ORDER BY id;
SELECT id, email FROM pi.users WHERE email LIKE 'ann%' ORDER BY id;
-- q6: two index columns (CITY, NAME): both fixed, then a range on the second
EXPLAIN (COSTS OFF) SELECT id, name FROM pi.users WHERE city = 'Oslo' AND name >= 'B';
SELECT id, name FROM pi.users WHERE city = 'Oslo' AND name >= 'B' ORDER BY id;
SELECT id, name, city FROM pi.users WHERE city = 'Lima' ORDER BY id;
-- q7: a salted index of a salted table, (KIND, TS DESC): each bucket's range
EXPLAIN (COSTS OFF) SELECT * FROM pi.events WHERE kind = 'boot';
SELECT * FROM pi.events WHERE kind = 'boot' ORDER BY host, ts;
SELECT * FROM pi.events WHERE kind = 'disk' AND ts > 120 ORDER BY host, ts;
SELECT * FROM pi.events WHERE kind LIKE 'disk%' ORDER BY host, ts;
-- q8: ORDER BY ... LIMIT along an index's order: the index read in its key's order
-- (reversed for DESC, a salted index's buckets merged), no Sort, a few index rows; an
-- unverified row is used only where its data row holds its values (Phoenix's
-- GlobalIndexChecker), else skipped ("Stale"), so that the order holds: the stale zed@x.org
-- of user 3 comes first backwards and is not returned
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, email FROM pi.users ORDER BY email DESC NULLS LAST LIMIT 3;
SELECT id, email FROM pi.users ORDER BY email DESC NULLS LAST LIMIT 3;
-- forwards over bo@x.org (stale, of user 2: skipped) then bob@x.org; an indexed NULL comes
-- first (no bytes), so ORDER BY email NULLS FIRST follows the index, a condition on the
-- column (no NULL then) ORDER BY email too
EXPLAIN (COSTS OFF) SELECT id, email FROM pi.users WHERE email > 'b' ORDER BY email LIMIT 3;
SELECT id, email FROM pi.users WHERE email > 'b' ORDER BY email LIMIT 3;
SELECT id, email FROM pi.users ORDER BY email NULLS FIRST LIMIT 4;
-- the salted index (KIND, TS DESC): one range per bucket, merged in the index's order
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT host, ts, kind FROM pi.events ORDER BY kind NULLS FIRST, ts DESC LIMIT 4;
SELECT host, ts, kind FROM pi.events ORDER BY kind NULLS FIRST, ts DESC LIMIT 4;
SELECT host, ts, kind FROM pi.events WHERE kind >= 'c' ORDER BY kind DESC, ts LIMIT 3;
-- the second column of (CITY, NAME) after an equality on the first
EXPLAIN (COSTS OFF)
  SELECT id, city, name FROM pi.users WHERE city = 'Oslo' ORDER BY name DESC NULLS LAST LIMIT 2;
SELECT id, city, name FROM pi.users WHERE city = 'Oslo' ORDER BY name NULLS FIRST LIMIT 2;
SELECT id, city, name FROM pi.users WHERE city = 'Oslo' ORDER BY name DESC NULLS LAST LIMIT 2;
-- uncovered: each index row's data row by a Get, in the index's order, under the same rule
-- (a few Gets for a LIMIT; without one, a Sort of the table's scan is cheaper)
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT * FROM pi.users ORDER BY email DESC NULLS LAST LIMIT 3;
SELECT * FROM pi.users ORDER BY email DESC NULLS LAST LIMIT 3;
SELECT * FROM pi.users WHERE email > 'b' ORDER BY email LIMIT 3;
EXPLAIN (COSTS OFF) SELECT * FROM pi.users WHERE email > 'b' ORDER BY email;
-- not where the index's NULLs first are not the ORDER BY's (ASC is NULLS LAST): a Sort
EXPLAIN (COSTS OFF) SELECT id, email FROM pi.users ORDER BY email LIMIT 3;
-- a generic plan: the value comes at execution; a correlated subquery scans again per row
SET plan_cache_mode = force_generic_plan;
PREPARE by_email(text) AS SELECT id, name FROM pi.users WHERE email = $1;
EXPLAIN (COSTS OFF) EXECUTE by_email('bob@x.org');
EXECUTE by_email('bob@x.org');
EXECUTE by_email('zed@x.org');
RESET plan_cache_mode;
EXPLAIN (COSTS OFF) SELECT v.e, (SELECT u.id FROM pi.users u WHERE u.email = v.e) AS id
  FROM (VALUES ('ann@x.org'), ('zed@x.org'), ('dan@x.org')) v(e) ORDER BY 1;
SELECT v.e, (SELECT u.id FROM pi.users u WHERE u.email = v.e) AS id
  FROM (VALUES ('ann@x.org'), ('zed@x.org'), ('dan@x.org')) v(e) ORDER BY 1;
-- a join from local rows on the indexed column: the batched join reads the index's ranges of
-- the batch's values (part 3b), rather than a nested loop reading them per outer row
SET enable_hashjoin = off;
SET enable_mergejoin = off;
EXPLAIN (COSTS OFF) SELECT v.e, u.id, u.name
  FROM (VALUES ('ann@x.org'), ('zed@x.org'), ('dan@x.org')) v(e) JOIN pi.users u ON u.email = v.e;
SELECT v.e, u.id, u.name
  FROM (VALUES ('ann@x.org'), ('zed@x.org'), ('dan@x.org')) v(e) JOIN pi.users u ON u.email = v.e
  ORDER BY 1;
RESET enable_hashjoin;
RESET enable_mergejoin;
-- the key of the data table still wins where it fixes the row
EXPLAIN (COSTS OFF) SELECT * FROM pi.users WHERE id = 1 AND email = 'ann@x.org';
-- IS NULL reads the index's NULLs (part 5, x8); no index without pushdown
EXPLAIN (COSTS OFF) SELECT id FROM pi.users WHERE email IS NULL;
SELECT id FROM pi.users WHERE email IS NULL;
SET hbase_fdw.enable_pushdown = off;
EXPLAIN (COSTS OFF) SELECT id FROM pi.users WHERE email = 'ann@x.org';
RESET hbase_fdw.enable_pushdown;
-- writes stay refused, naming every index
INSERT INTO pi.users VALUES (11, 'new@x.org', 'New', 'Oslo', 1);

-- 3b. joins from an analysed local table on indexed columns (its rows copied from Phoenix's
--     FDWPJ.PROBES, tests/fixtures_phoenix_index.py, duplicates and NULLs in each column):
--     the batched join through the index, the batch's distinct values read as index ranges
--     (one scanner per salt bucket of a salted index), then the data rows by multigets, or
--     covered the index rows alone; each row matched with the outer rows whose ranges hold its
--     index key (a data row's built again from its current values), every condition checked
CREATE SCHEMA pj;
IMPORT FOREIGN SCHEMA "FDWPJ" FROM SERVER hbase INTO pj OPTIONS (phoenix 'true');
CREATE TABLE pi_probes AS SELECT * FROM pj.probes;
ANALYZE pi_probes;
-- j1: uncovered (USERS_EMAIL), through its stale rows: zed@x.org (user 3 holds cy@x.org), dan@x.org
--     (of no user 999, and user 4's current row), bo@x.org (user 2's old email); index rows
--     received about the rows matched, the data rows by one multiget
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT p.n, u.id, u.name FROM pi_probes p JOIN pi.users u ON u.email = p.e;
SELECT p.n, p.e, u.id, u.name FROM pi_probes p JOIN pi.users u ON u.email = p.e ORDER BY 1, 3;
-- j2: covered (USERS_CITY (CITY, NAME) INCLUDE (EMAIL)), on its first column: the index alone
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT p.n, u.id, u.city, u.name, u.email FROM pi_probes p JOIN pi.users u ON u.city = p.c;
SELECT p.n, u.id, u.city, u.name, u.email FROM pi_probes p JOIN pi.users u ON u.city = p.c
  ORDER BY 1, 2;
-- j3: a salted index of a salted table, (KIND, TS DESC): a scanner per bucket of the index for
--     the batch's ranges; covered by the index's key columns, then with MSG, its INCLUDE column
--     (EVENTS is immutable, so SINGLE_CELL_ARRAY_WITH_OFFSETS by Phoenix's default, and so is
--     its index: MSG is an element of the index's one cell, sql/phoenix_index_single.sql)
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT p.n, e.host, e.ts FROM pi_probes p JOIN pi.events e ON e.kind = p.k;
SELECT p.n, e.host, e.ts, e.kind FROM pi_probes p JOIN pi.events e ON e.kind = p.k
  ORDER BY 1, 2, 3;
EXPLAIN (COSTS OFF)
  SELECT p.n, e.host, e.ts, e.kind, e.msg FROM pi_probes p JOIN pi.events e ON e.kind = p.k;
SELECT p.n, e.host, e.ts, e.kind, e.msg FROM pi_probes p JOIN pi.events e ON e.kind = p.k
  ORDER BY 1, 2, 3;
-- j4: a DESC index (USERS_NAME, NAME DESC: a nullable DESC VARCHAR), uncovered
EXPLAIN (COSTS OFF)
  SELECT p.n, u.id, u.name, u.email FROM pi_probes p JOIN pi.users u ON u.name = p.nm;
SELECT p.n, u.id, u.name, u.email FROM pi_probes p JOIN pi.users u ON u.name = p.nm ORDER BY 1, 2;
-- j5: a left join with a condition of the table in ON, and an anti join: checked on the data rows
EXPLAIN (COSTS OFF)
  SELECT p.n, u.id FROM pi_probes p LEFT JOIN pi.users u ON u.email = p.e AND u.score > 15;
SELECT p.n, u.id, u.score FROM pi_probes p LEFT JOIN pi.users u ON u.email = p.e AND u.score > 15
  ORDER BY 1, 2;
SELECT p.n FROM pi_probes p WHERE NOT EXISTS (SELECT 1 FROM pi.users u WHERE u.email = p.e)
  ORDER BY 1;
-- j6: a nullable INTEGER (USERS_SCORE, kept as a DECIMAL in the index's key)
SELECT p.n, u.id, u.score FROM pi_probes p JOIN pi.users u ON u.score = p.s ORDER BY 1, 2;
-- the nested loop over the index's parameterized path stays an alternative the costs weigh
SET hbase_fdw.enable_batched_join = off;
EXPLAIN (COSTS OFF)
  SELECT p.n, u.id, u.name FROM pi_probes p JOIN pi.users u ON u.email = p.e;
SELECT p.n, p.e, u.id, u.name FROM pi_probes p JOIN pi.users u ON u.email = p.e ORDER BY 1, 3;
RESET hbase_fdw.enable_batched_join;

-- 4. Phoenix's answers to q1-q8, in that order (each row led by its query's name)
\! printf '%s\n' "SELECT 'q1', ID, EMAIL, NAME FROM FDWPI.USERS WHERE EMAIL = 'ann@x.org';" "SELECT 'q2', ID, EMAIL FROM FDWPI.USERS WHERE EMAIL = 'zed@x.org';" "SELECT 'q3', ID, EMAIL FROM FDWPI.USERS WHERE EMAIL = 'dan@x.org';" "SELECT 'q4', ID, EMAIL FROM FDWPI.USERS WHERE EMAIL >= 'b' AND EMAIL < 'c' ORDER BY ID;" "SELECT 'q5', ID, EMAIL FROM FDWPI.USERS WHERE EMAIL IN ('ann@x.org', 'ida@x.org', 'old@x.org', 'no@x.org') ORDER BY ID;" "SELECT 'q5', ID, EMAIL FROM FDWPI.USERS WHERE EMAIL LIKE 'ann%' ORDER BY ID;" "SELECT 'q6', ID, NAME FROM FDWPI.USERS WHERE CITY = 'Oslo' AND NAME >= 'B' ORDER BY ID;" "SELECT 'q6', ID, NAME, CITY FROM FDWPI.USERS WHERE CITY = 'Lima' ORDER BY ID;" "SELECT 'q7', HOST, TS, KIND, MSG FROM FDWPI.EVENTS WHERE KIND = 'boot' ORDER BY HOST, TS;" "SELECT 'q7', HOST, TS, KIND, MSG FROM FDWPI.EVENTS WHERE KIND = 'disk' AND TS > 120 ORDER BY HOST, TS;" "SELECT 'q7', HOST, TS, KIND, MSG FROM FDWPI.EVENTS WHERE KIND LIKE 'disk%' ORDER BY HOST, TS;" "SELECT 'q8', ID, EMAIL FROM FDWPI.USERS ORDER BY EMAIL DESC NULLS LAST LIMIT 3;" "SELECT 'q8', ID, EMAIL FROM FDWPI.USERS WHERE EMAIL > 'b' ORDER BY EMAIL LIMIT 3;" "SELECT 'q8', ID, EMAIL FROM FDWPI.USERS ORDER BY EMAIL NULLS FIRST LIMIT 4;" "SELECT 'q8', HOST, TS, KIND FROM FDWPI.EVENTS ORDER BY KIND NULLS FIRST, TS DESC LIMIT 4;" "SELECT 'q8', HOST, TS, KIND FROM FDWPI.EVENTS WHERE KIND >= 'c' ORDER BY KIND DESC, TS LIMIT 3;" "SELECT 'q8', ID, CITY, NAME FROM FDWPI.USERS WHERE CITY = 'Oslo' ORDER BY NAME NULLS FIRST LIMIT 2;" "SELECT 'q8', ID, CITY, NAME FROM FDWPI.USERS WHERE CITY = 'Oslo' ORDER BY NAME DESC NULLS LAST LIMIT 2;" "SELECT 'q8', ID, EMAIL, NAME, CITY, SCORE FROM FDWPI.USERS ORDER BY EMAIL DESC NULLS LAST LIMIT 3;" "SELECT 'q8', ID, EMAIL, NAME, CITY, SCORE FROM FDWPI.USERS WHERE EMAIL > 'b' ORDER BY EMAIL LIMIT 3;" | python3 tests/fixtures_phoenix.py sql
-- Phoenix's answers to the joins j1-j6 of part 3b, in that order, over the same rows; Phoenix's
-- hash join matches a NULL with a NULL (SQL's = never does: PostgreSQL's answers above), so its
-- queries leave the NULLs out (IS NOT NULL)
\! printf '%s\n' "SELECT 'j1', P.N, P.E, U.ID, U.NAME FROM FDWPJ.PROBES P JOIN FDWPI.USERS U ON U.EMAIL = P.E WHERE P.E IS NOT NULL ORDER BY P.N, U.ID;" "SELECT 'j2', P.N, U.ID, U.CITY, U.NAME, U.EMAIL FROM FDWPJ.PROBES P JOIN FDWPI.USERS U ON U.CITY = P.C WHERE P.C IS NOT NULL ORDER BY P.N, U.ID;" "SELECT 'j3', P.N, E.HOST, E.TS, E.KIND, E.MSG FROM FDWPJ.PROBES P JOIN FDWPI.EVENTS E ON E.KIND = P.K WHERE P.K IS NOT NULL ORDER BY P.N, E.HOST, E.TS;" "SELECT 'j4', P.N, U.ID, U.NAME, U.EMAIL FROM FDWPJ.PROBES P JOIN FDWPI.USERS U ON U.NAME = P.NM WHERE P.NM IS NOT NULL ORDER BY P.N, U.ID;" "SELECT 'j5', P.N, U.ID, U.SCORE FROM FDWPJ.PROBES P LEFT JOIN FDWPI.USERS U ON U.EMAIL = P.E AND U.SCORE > 15 AND U.EMAIL IS NOT NULL ORDER BY P.N, U.ID;" "SELECT 'j5', P.N FROM FDWPJ.PROBES P WHERE NOT EXISTS (SELECT 1 FROM FDWPI.USERS U WHERE U.EMAIL = P.E AND U.EMAIL IS NOT NULL) ORDER BY P.N;" "SELECT 'j6', P.N, U.ID, U.SCORE FROM FDWPJ.PROBES P JOIN FDWPI.USERS U ON U.SCORE = P.S WHERE P.S IS NOT NULL ORDER BY P.N, U.ID;" | python3 tests/fixtures_phoenix.py sql

-- a malformed option is an error at use
ALTER FOREIGN TABLE pi.users OPTIONS (SET phoenix_index_layouts 'FDWPI.X (table ''FDWPI.X''');
SELECT id FROM pi.users WHERE id = 1;

-- 5. indexes on nullable columns (schema FDWPX, tests/fixtures_phoenix_index_null.py): Phoenix
--    keeps a nullable INTEGER or DATE as a DECIMAL in an index's key (of the DATE's
--    milliseconds), and writes a NULL there as no bytes then "\x00", also where a DESC value
--    ends with "\xff" (nullable(...) in the index's layout), a BOOLEAN as the DECIMAL 1 or 0; a
--    TIMESTAMP's DECIMAL holds its whole milliseconds only: that index is not used
\pset null NULL
CREATE SCHEMA px;
IMPORT FOREIGN SCHEMA "FDWPX" FROM SERVER hbase INTO px OPTIONS (phoenix 'true');
SELECT * FROM hbase_phoenix_indexes('px.items');
-- x1: a nullable INTEGER DESC (INCLUDE tag): the index alone, its NULL rows never read
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, qty, tag FROM px.items WHERE qty = 5;
SELECT id, qty, tag FROM px.items WHERE qty = 5 ORDER BY id;
-- x2: ranges over it: the NULL rows (no bytes, then "\x00") sort first in the index, and a
--     condition on the column matches none of them: a range from the first key starts after
--     them, at "\x01" (index rows received = rows matched)
SELECT id, qty, tag FROM px.items WHERE qty < 1 ORDER BY id;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, qty, tag FROM px.items WHERE qty < 1;
SELECT id, qty FROM px.items WHERE qty >= -10 AND qty <= 2147483647 ORDER BY id;
-- in a DESC index the NULL rows sort first, with the largest numbers: skipped
SELECT id, qty, tag FROM px.items WHERE qty > 50 ORDER BY id;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, qty, tag FROM px.items WHERE qty > 50;
SELECT id, qty, tag FROM px.items WHERE qty IN (0, 100, -2147483648) ORDER BY id;
-- x3: a nullable DATE (its milliseconds as a DECIMAL, before 1970 too), then a nullable VARCHAR
EXPLAIN (COSTS OFF) SELECT id, due, tag FROM px.items WHERE due = '2024-03-01 10:00:00';
SELECT id, due, tag FROM px.items WHERE due = '2024-03-01 10:00:00' ORDER BY id;
SELECT id, due, tag FROM px.items WHERE due < '2024-01-01' ORDER BY id;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, due, tag FROM px.items WHERE due < '2024-01-01';
SELECT id, due, tag FROM px.items WHERE due >= '2024-03-01' AND due < '2024-03-02' ORDER BY id;
SELECT id, due, qty FROM px.items WHERE due = '2024-03-01 10:00:00.5' AND tag = 'blue';
-- x4: a nullable DESC VARCHAR: its NULL is no bytes then "\x00", a value's bytes inverted then "\xff"
EXPLAIN (COSTS OFF) SELECT id, tag FROM px.items WHERE tag = 'red';
SELECT id, tag FROM px.items WHERE tag = 'red' ORDER BY id;
SELECT id, tag FROM px.items WHERE tag > 'c' ORDER BY id;
SELECT id, tag, price FROM px.items WHERE tag LIKE 'b%' ORDER BY id;
-- x5: a nullable DECIMAL
SELECT id, price FROM px.items WHERE price < 1 ORDER BY id;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, price, qty FROM px.items WHERE price = 9.99;
-- x7: the same in each bucket of a salted index (EVENTS_KIND: one event of no kind)
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT host, ts, kind FROM pi.events WHERE kind < 'c';
SELECT host, ts, kind FROM pi.events WHERE kind < 'c' ORDER BY host, ts;
-- x8: IS NULL through an index: an indexed NULL is no bytes then "\x00" (also in place of a
--     DESC value's "\xff"), so the NULLs of a nullable indexed column are one range of the
--     index, [\x00, \x01) (in each bucket of a salted index), not a full scan (index rows
--     received = rows matched); a condition on the next index column narrows it further
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, qty, tag FROM px.items WHERE qty IS NULL;
SELECT id, qty, tag FROM px.items WHERE qty IS NULL ORDER BY id;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, price, qty FROM px.items WHERE price IS NULL;
SELECT id, price, qty FROM px.items WHERE price IS NULL ORDER BY id;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, tag FROM px.items WHERE tag IS NULL;
SELECT id, tag FROM px.items WHERE tag IS NULL ORDER BY id;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, due, tag FROM px.items WHERE due IS NULL AND tag = 'green';
SELECT id, due, tag FROM px.items WHERE due IS NULL AND tag = 'green';
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, due, tag FROM px.items WHERE due IS NULL AND tag IS NULL;
SELECT id, due, tag FROM px.items WHERE due IS NULL AND tag IS NULL ORDER BY id;
SELECT id, due, tag FROM px.items WHERE due IS NULL AND tag > 'a' ORDER BY id;
-- the fixed NULL leaves the index's order on the next column: no Sort
EXPLAIN (COSTS OFF)
  SELECT id, due, tag FROM px.items WHERE due IS NULL ORDER BY tag NULLS FIRST, id LIMIT 2;
SELECT id, due, tag FROM px.items WHERE due IS NULL ORDER BY tag NULLS FIRST, id LIMIT 2;
-- a NULL with a value (IS NULL and =, IS NULL and a range): no row, no request
EXPLAIN (COSTS OFF) SELECT id FROM px.items WHERE qty IS NULL AND qty > 3;
SELECT id FROM px.items WHERE qty IS NULL AND qty > 3;
-- the salted index (KIND, TS DESC): the range of the NULLs in each bucket, then TS's
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT host, ts, kind, msg FROM pi.events WHERE kind IS NULL;
SELECT host, ts, kind, msg FROM pi.events WHERE kind IS NULL;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT host, ts FROM pi.events WHERE kind IS NULL AND ts > 55;
SELECT host, ts FROM pi.events WHERE kind IS NULL AND ts > 55;
SELECT host, ts FROM pi.events WHERE kind IS NULL AND ts < 55;
-- x9: a nullable BOOLEAN, kept in its index as the DECIMAL 1 or 0 (PDecimal.toObject): true,
--     false and NULL each one range of the index, the index alone (INCLUDE note); Phoenix
--     5.2.1 is asked FLAG = true, as its WHERE FLAG through this index fails (ERROR 203, type
--     mismatch BOOLEAN and DECIMAL)
SELECT index, rowkey FROM hbase_phoenix_indexes('px.flags');
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, flag, note FROM px.flags WHERE flag;
SELECT id, flag, note FROM px.flags WHERE flag ORDER BY id;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, flag, note FROM px.flags WHERE NOT flag;
SELECT id, flag, note FROM px.flags WHERE NOT flag ORDER BY id;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, flag, note FROM px.flags WHERE flag IS NULL;
SELECT id, flag, note FROM px.flags WHERE flag IS NULL ORDER BY id;
-- its order: NULL, false, true
EXPLAIN (COSTS OFF) SELECT id, flag FROM px.flags ORDER BY flag NULLS FIRST, id LIMIT 4;
SELECT id, flag FROM px.flags ORDER BY flag NULLS FIRST, id LIMIT 4;
-- x6: the index's key order puts the NULLs first (its table read as a table of its own): a
--     key order that PostgreSQL's NULLS FIRST fits, a Sort for NULLS LAST, and the reversed
--     scan for ascending order (NULLS LAST by default: Phoenix says it, its default is FIRST)
CREATE FOREIGN TABLE px.qty_index (qty int, id bigint) SERVER hbase
  OPTIONS (table 'FDWPX.ITEMS_QTY', rowkey 'nullable(desc(phoenix_decimal(qty))) + "\xff" + sortable(long(id))');
EXPLAIN (COSTS OFF) SELECT qty, id FROM px.qty_index ORDER BY qty DESC, id LIMIT 4;
SELECT qty, id FROM px.qty_index ORDER BY qty DESC, id LIMIT 4;
EXPLAIN (COSTS OFF) SELECT qty, id FROM px.qty_index ORDER BY qty DESC NULLS LAST, id LIMIT 4;
SELECT qty, id FROM px.qty_index ORDER BY qty DESC NULLS LAST, id LIMIT 4;
EXPLAIN (COSTS OFF) SELECT qty, id FROM px.qty_index ORDER BY qty LIMIT 3;
SELECT qty, id FROM px.qty_index ORDER BY qty LIMIT 3;
-- Phoenix's answers to x1-x9, in that order
\! printf '%s\n' "SELECT 'x1', ID, QTY, TAG FROM FDWPX.ITEMS WHERE QTY = 5 ORDER BY ID;" "SELECT 'x2', ID, QTY, TAG FROM FDWPX.ITEMS WHERE QTY < 1 ORDER BY ID;" "SELECT 'x2', ID, QTY FROM FDWPX.ITEMS WHERE QTY >= -10 AND QTY <= 2147483647 ORDER BY ID;" "SELECT 'x2', ID, QTY, TAG FROM FDWPX.ITEMS WHERE QTY > 50 ORDER BY ID;" "SELECT 'x2', ID, QTY, TAG FROM FDWPX.ITEMS WHERE QTY IN (0, 100, -2147483648) ORDER BY ID;" "SELECT 'x3', ID, DUE, TAG FROM FDWPX.ITEMS WHERE DUE = TO_DATE('2024-03-01 10:00:00') ORDER BY ID;" "SELECT 'x3', ID, DUE, TAG FROM FDWPX.ITEMS WHERE DUE < TO_DATE('2024-01-01 00:00:00') ORDER BY ID;" "SELECT 'x3', ID, DUE, TAG FROM FDWPX.ITEMS WHERE DUE >= TO_DATE('2024-03-01 00:00:00') AND DUE < TO_DATE('2024-03-02 00:00:00') ORDER BY ID;" "SELECT 'x3', ID, DUE, QTY FROM FDWPX.ITEMS WHERE DUE = TO_DATE('2024-03-01 10:00:00.500') AND TAG = 'blue';" "SELECT 'x4', ID, TAG FROM FDWPX.ITEMS WHERE TAG = 'red' ORDER BY ID;" "SELECT 'x4', ID, TAG FROM FDWPX.ITEMS WHERE TAG > 'c' ORDER BY ID;" "SELECT 'x4', ID, TAG, PRICE FROM FDWPX.ITEMS WHERE TAG LIKE 'b%' ORDER BY ID;" "SELECT 'x5', ID, PRICE FROM FDWPX.ITEMS WHERE PRICE < 1 ORDER BY ID;" "SELECT 'x5', ID, PRICE, QTY FROM FDWPX.ITEMS WHERE PRICE = 9.99;" "SELECT 'x6', QTY, ID FROM FDWPX.ITEMS ORDER BY QTY DESC NULLS FIRST, ID LIMIT 4;" "SELECT 'x6', QTY, ID FROM FDWPX.ITEMS ORDER BY QTY DESC NULLS LAST, ID LIMIT 4;" "SELECT 'x6', QTY, ID FROM FDWPX.ITEMS ORDER BY QTY NULLS LAST LIMIT 3;" "SELECT 'x7', HOST, TS, KIND FROM FDWPI.EVENTS WHERE KIND < 'c' ORDER BY HOST, TS;" "SELECT 'x8', ID, QTY, TAG FROM FDWPX.ITEMS WHERE QTY IS NULL ORDER BY ID;" "SELECT 'x8', ID, PRICE, QTY FROM FDWPX.ITEMS WHERE PRICE IS NULL ORDER BY ID;" "SELECT 'x8', ID, TAG FROM FDWPX.ITEMS WHERE TAG IS NULL ORDER BY ID;" "SELECT 'x8', ID, DUE, TAG FROM FDWPX.ITEMS WHERE DUE IS NULL AND TAG = 'green';" "SELECT 'x8', ID, DUE, TAG FROM FDWPX.ITEMS WHERE DUE IS NULL AND TAG IS NULL ORDER BY ID;" "SELECT 'x8', ID, DUE, TAG FROM FDWPX.ITEMS WHERE DUE IS NULL AND TAG > 'a' ORDER BY ID;" "SELECT 'x8', ID, DUE, TAG FROM FDWPX.ITEMS WHERE DUE IS NULL ORDER BY TAG NULLS FIRST, ID LIMIT 2;" "SELECT 'x8', ID FROM FDWPX.ITEMS WHERE QTY IS NULL AND QTY > 3;" "SELECT 'x8', HOST, TS, KIND, MSG FROM FDWPI.EVENTS WHERE KIND IS NULL;" "SELECT 'x8', HOST, TS FROM FDWPI.EVENTS WHERE KIND IS NULL AND TS > 55;" "SELECT 'x8', HOST, TS FROM FDWPI.EVENTS WHERE KIND IS NULL AND TS < 55;" "SELECT 'x9', ID, FLAG, NOTE FROM FDWPX.FLAGS WHERE FLAG = true ORDER BY ID;" "SELECT 'x9', ID, FLAG, NOTE FROM FDWPX.FLAGS WHERE FLAG = false ORDER BY ID;" "SELECT 'x9', ID, FLAG, NOTE FROM FDWPX.FLAGS WHERE FLAG IS NULL ORDER BY ID;" "SELECT 'x9', ID, FLAG FROM FDWPX.FLAGS ORDER BY FLAG NULLS FIRST, ID LIMIT 4;" | python3 tests/fixtures_phoenix.py sql
\pset null ''
