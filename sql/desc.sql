-- DESC key columns (Phoenix's SortOrder.DESC): desc(part) inverts every byte of a fixed-width
-- part, so it sorts the other way. fdw_desc: Phoenix's PRIMARY KEY (id BIGINT DESC,
-- code CHAR(4) DESC, name VARCHAR), keys written by the harness (the same bytes as Phoenix's
-- PLong/PChar.toBytes(v, SortOrder.DESC): 42 -> 7fffffffffffffd5, 'ab' -> 9e9ddfdf).
CREATE FOREIGN TABLE desc_t (
  id bigint, code text COLLATE "C", name text COLLATE "C", n int,
  rk bytea OPTIONS (column ':key')
) SERVER hbase OPTIONS (table 'fdw_desc', family 'd',
  rowkey 'desc(sortable(long(id))) + desc(rpad(code, 4)) + name');
-- the table in key order: id descending, then code descending
SELECT id, code, name, n FROM desc_t;
SELECT encode(rk, 'hex') FROM desc_t WHERE id = 42 AND code = 'ab' AND name = 'answer';
-- a Get, a prefix, ranges on the DESC column (bounds swapped), exact
EXPLAIN (COSTS OFF) SELECT name FROM desc_t WHERE id = 42 AND code = 'ab' AND name = 'answer';
SELECT name FROM desc_t WHERE id = 42 AND code = 'ab' AND name = 'answer';
EXPLAIN (COSTS OFF) SELECT name FROM desc_t WHERE id = 42;
SELECT name FROM desc_t WHERE id = 42;
EXPLAIN (COSTS OFF) SELECT id, name FROM desc_t WHERE id BETWEEN -1 AND 2;
SELECT id, name FROM desc_t WHERE id BETWEEN -1 AND 2;
SELECT id, name FROM desc_t WHERE id > 1;
SELECT id, name FROM desc_t WHERE id < 0 AND id >= -5;
SELECT id, code, name FROM desc_t WHERE id = 0 AND code > 'ab';
-- ORDER BY id DESC follows the key: no Sort; ORDER BY id reads it backwards (code, a
-- CHAR padded with spaces, keeps no order)
EXPLAIN (COSTS OFF) SELECT id, code FROM desc_t ORDER BY id DESC LIMIT 3;
SELECT id FROM desc_t ORDER BY id DESC LIMIT 3;
EXPLAIN (COSTS OFF) SELECT id, code FROM desc_t ORDER BY id LIMIT 3;
SELECT id FROM desc_t ORDER BY id LIMIT 3;
-- the same rows with pushdown off
SET hbase_fdw.enable_pushdown = off;
SELECT count(*), sum(n) FROM desc_t WHERE id BETWEEN -1 AND 2;
RESET hbase_fdw.enable_pushdown;
SELECT count(*), sum(n) FROM desc_t WHERE id BETWEEN -1 AND 2;
-- INSERT writes Phoenix's bytes
INSERT INTO desc_t (id, code, name, n) VALUES (7, 'q', 'seven', 99);
SELECT encode(rk, 'hex') FROM desc_t WHERE id = 7;
DELETE FROM desc_t WHERE id = 7 AND code = 'q' AND name = 'seven';
-- only fixed-width parts
CREATE FOREIGN TABLE desc_bad (name text) SERVER hbase
  OPTIONS (table 'fdw_desc', rowkey 'desc(name)');
DROP FOREIGN TABLE desc_t;
