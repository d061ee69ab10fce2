-- Reads through Apache Phoenix indexes on a nullable TIMESTAMP, with Phoenix 5.2.1 as the
-- oracle: schema FDWPT made by Phoenix's own DDL, CREATE INDEX and UPSERTs through its JDBC driver
-- (tests/fixtures_phoenix_index_ts.py), TIMESTAMP literals with microseconds, several within one
-- millisecond. Phoenix keeps a nullable TIMESTAMP in an index's key as a DECIMAL
-- (IndexUtil.getIndexColumnDataType): its milliseconds plus (nanoseconds % 1e6) / 1e6, divided as
-- doubles (PDecimal.toObject, QueryConstants.MILLIS_TO_NANOS_CONVERTOR), so the microseconds are
-- the DECIMAL's fraction and the value is exact: phoenix_decimal(epoch_ms(ts)) in the layout.
-- 1. IMPORT keeps the indexes (global ASC with INCLUDE, global DESC with a second column, local);
-- 2. =, IN, ranges and IS NULL read the index's ranges of the exact values: rows 1 us apart in
--    one millisecond are told apart, by the index alone when it covers the query (the values it
--    returns are the index's, equal to the data rows');
-- 3. ORDER BY ... LIMIT along the index (exact: the DECIMAL sorts as the timestamps do);
-- 4. a local index's;
-- the data rows, read from the data table (last: its full scan counts the table's rows, which
-- the planner would then weigh as a table of ten)
SELECT id, ts, tag, note FROM pt.events ORDER BY id;

-- 5. Phoenix's answers to the same queries (its TIMESTAMP printed to the millisecond: the ids
--    tell the rows apart).
SET timezone = 'UTC';
\pset null NULL
CREATE SCHEMA pt;
IMPORT FOREIGN SCHEMA "FDWPT" FROM SERVER hbase INTO pt OPTIONS (phoenix 'true');
SELECT index, rowkey, local_id FROM hbase_phoenix_indexes('pt.events');
SELECT index, rowkey, local_id FROM hbase_phoenix_indexes('pt.levents');

-- 2. t1: an equality on a value with microseconds: the rows of that value, not of its millisecond
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, ts, note FROM pt.events WHERE ts = '2024-03-01 10:00:00.123456';
SELECT id, ts, note FROM pt.events WHERE ts = '2024-03-01 10:00:00.123456' ORDER BY id;
-- the whole millisecond's value: row 1 alone
SELECT id, ts, note FROM pt.events WHERE ts = '2024-03-01 10:00:00.123' ORDER BY id;
-- uncovered (tag is not in EVENTS_TS): the data rows read back, every condition checked
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT * FROM pt.events WHERE ts = '2024-03-01 10:00:00.123987';
SELECT * FROM pt.events WHERE ts = '2024-03-01 10:00:00.123987';
-- t2: ranges within one millisecond, and around it
EXPLAIN (COSTS OFF)
  SELECT id, ts FROM pt.events WHERE ts > '2024-03-01 10:00:00.123' AND ts < '2024-03-01 10:00:00.124';
SELECT id, ts FROM pt.events WHERE ts > '2024-03-01 10:00:00.123' AND ts < '2024-03-01 10:00:00.124' ORDER BY id;
SELECT id, ts FROM pt.events WHERE ts >= '2024-03-01 10:00:00.123456' AND ts <= '2024-03-01 10:00:00.1245' ORDER BY id;
SELECT id, ts FROM pt.events WHERE ts < '2024-03-01' ORDER BY id;
-- before 1970 with a fraction (-0.5 ms, the DECIMAL -0.5)
SELECT id, ts, note FROM pt.events WHERE ts < '1970-01-01' ORDER BY id;
SELECT id, ts FROM pt.events WHERE ts = '1969-12-31 23:59:59.9995';
-- t3: IN, a value of the list missing, and a row changed after its index row was written
-- (4: .124 -> .1245) and one deleted (8)
SELECT id, ts FROM pt.events WHERE ts IN ('2024-03-01 10:00:00.123987', '2024-03-01 10:00:00.124',
  '2024-03-01 10:00:00.1245', '2023-01-01 00:00:00', '2024-03-01 10:00:00.000001') ORDER BY id;
-- t4: IS NULL: the index's NULL rows alone
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, ts, note FROM pt.events WHERE ts IS NULL;
SELECT id, ts, note FROM pt.events WHERE ts IS NULL ORDER BY id;
-- t5: the DESC index (TS DESC, TAG): an equality on ts, then a condition on tag
EXPLAIN (COSTS OFF)
  SELECT id, ts, tag FROM pt.events WHERE ts = '2024-03-01 10:00:00.123456' AND tag = 'a';
SELECT id, ts, tag FROM pt.events WHERE ts = '2024-03-01 10:00:00.123456' AND tag = 'a';
SELECT id, ts, tag FROM pt.events WHERE ts <= '2024-03-01 10:00:00.123456' AND ts > '2024-02-01' AND tag >= 'b' ORDER BY id;

-- 3. t6: ORDER BY ts ... LIMIT along an index: no Sort, the rows in their microseconds' order
EXPLAIN (COSTS OFF) SELECT id, ts FROM pt.events ORDER BY ts DESC NULLS LAST, id DESC LIMIT 4;
SELECT id, ts FROM pt.events ORDER BY ts DESC NULLS LAST, id DESC LIMIT 4;
EXPLAIN (COSTS OFF) SELECT id, ts, note FROM pt.events WHERE ts > '2024-01-01' ORDER BY ts LIMIT 4;
SELECT id, ts, note FROM pt.events WHERE ts > '2024-01-01' ORDER BY ts LIMIT 4;
-- the DESC index's order after an equality on ts: by tag (a NULL first, as the index has it)
EXPLAIN (COSTS OFF)
  SELECT id, ts, tag FROM pt.events WHERE ts = '2024-03-01 10:00:00.123456' ORDER BY tag NULLS FIRST LIMIT 1;
SELECT id, ts, tag FROM pt.events WHERE ts = '2024-03-01 10:00:00.123456' ORDER BY tag NULLS FIRST LIMIT 1;

-- 4. t7: a local index (two regions): an equality, a range, covered
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT id, ts, v FROM pt.levents WHERE ts = '2024-03-01 10:00:00.00125';
SELECT id, ts, v FROM pt.levents WHERE ts = '2024-03-01 10:00:00.00125' ORDER BY id;
SELECT id, ts, v FROM pt.levents WHERE ts > '2024-03-01 10:00:00.001' AND ts <= '2024-03-01 10:00:00.0025' ORDER BY id;
SELECT id, ts FROM pt.levents WHERE ts IS NULL ORDER BY id;

-- 5. Phoenix's answers to the same queries, through its JDBC
\! printf '%s\n' "SELECT 't1', ID, TS, NOTE FROM FDWPT.EVENTS WHERE TS = TIMESTAMP '2024-03-01 10:00:00.123456' ORDER BY ID;" "SELECT 't1', ID, TS, NOTE FROM FDWPT.EVENTS WHERE TS = TIMESTAMP '2024-03-01 10:00:00.123' ORDER BY ID;" "SELECT 't1', ID, TAG, NOTE FROM FDWPT.EVENTS WHERE TS = TIMESTAMP '2024-03-01 10:00:00.123987';" "SELECT 't2', ID FROM FDWPT.EVENTS WHERE TS > TIMESTAMP '2024-03-01 10:00:00.123' AND TS < TIMESTAMP '2024-03-01 10:00:00.124' ORDER BY ID;" "SELECT 't2', ID FROM FDWPT.EVENTS WHERE TS >= TIMESTAMP '2024-03-01 10:00:00.123456' AND TS <= TIMESTAMP '2024-03-01 10:00:00.1245' ORDER BY ID;" "SELECT 't2', ID FROM FDWPT.EVENTS WHERE TS < TIMESTAMP '2024-03-01 00:00:00' ORDER BY ID;" "SELECT 't2', ID, NOTE FROM FDWPT.EVENTS WHERE TS < TIMESTAMP '1970-01-01 00:00:00' ORDER BY ID;" "SELECT 't2', ID FROM FDWPT.EVENTS WHERE TS = TIMESTAMP '1969-12-31 23:59:59.9995';" "SELECT 't3', ID FROM FDWPT.EVENTS WHERE TS IN (TIMESTAMP '2024-03-01 10:00:00.123987', TIMESTAMP '2024-03-01 10:00:00.124', TIMESTAMP '2024-03-01 10:00:00.1245', TIMESTAMP '2023-01-01 00:00:00', TIMESTAMP '2024-03-01 10:00:00.000001') ORDER BY ID;" "SELECT 't4', ID, NOTE FROM FDWPT.EVENTS WHERE TS IS NULL ORDER BY ID;" "SELECT 't5', ID, TAG FROM FDWPT.EVENTS WHERE TS = TIMESTAMP '2024-03-01 10:00:00.123456' AND TAG = 'a';" "SELECT 't5', ID, TAG FROM FDWPT.EVENTS WHERE TS <= TIMESTAMP '2024-03-01 10:00:00.123456' AND TS > TIMESTAMP '2024-02-01 00:00:00' AND TAG >= 'b' ORDER BY ID;" "SELECT 't6', ID FROM FDWPT.EVENTS ORDER BY TS DESC NULLS LAST, ID DESC LIMIT 4;" "SELECT 't6', ID, NOTE FROM FDWPT.EVENTS WHERE TS > TIMESTAMP '2024-01-01 00:00:00' ORDER BY TS LIMIT 4;" "SELECT 't6', ID, TAG FROM FDWPT.EVENTS WHERE TS = TIMESTAMP '2024-03-01 10:00:00.123456' ORDER BY TAG LIMIT 1;" "SELECT 't7', ID, V FROM FDWPT.LEVENTS WHERE TS = TIMESTAMP '2024-03-01 10:00:00.00125' ORDER BY ID;" "SELECT 't7', ID, V FROM FDWPT.LEVENTS WHERE TS > TIMESTAMP '2024-03-01 10:00:00.001' AND TS <= TIMESTAMP '2024-03-01 10:00:00.0025' ORDER BY ID;" "SELECT 't7', ID FROM FDWPT.LEVENTS WHERE TS IS NULL ORDER BY ID;" | python3 tests/fixtures_phoenix.py sql
DROP SCHEMA pt CASCADE;
