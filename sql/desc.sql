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
-- only fixed-width parts and text (a bytea's bytes may hold 0x00, inverted 0xff)
CREATE FOREIGN TABLE desc_bad (b bytea) SERVER hbase
  OPTIONS (table 'fdw_desc', rowkey 'desc(b) + "\xff"');
DROP FOREIGN TABLE desc_t;

-- VARCHAR DESC: desc(text) inverts the bytes, and the "\xff" after it (Phoenix's inverted
-- separator) makes the keys sort in reverse order, a value after its extensions.
-- fdw_descvar: Phoenix's PRIMARY KEY (tenant CHAR(2), name VARCHAR DESC, id INTEGER), keys
-- written by the harness.
CREATE FOREIGN TABLE descvar (
  tenant text COLLATE "C", name text COLLATE "C", id int, n int,
  rk bytea OPTIONS (column ':key')
) SERVER hbase OPTIONS (table 'fdw_descvar', family 'd',
  rowkey 'rpad(tenant, 2) + desc(name) + "\xff" + sortable(int(id))');
SELECT tenant, name, id, n FROM descvar;
SELECT encode(rk, 'hex') FROM descvar WHERE tenant = 't1' AND name = 'ab' AND id = 3;
EXPLAIN (COSTS OFF) SELECT name, id FROM descvar WHERE tenant = 't1' AND name = 'ab';
SELECT name, id FROM descvar WHERE tenant = 't1' AND name = 'ab';
-- ranges on the DESC text: bounds swapped, values that extend a bound included
EXPLAIN (COSTS OFF) SELECT name FROM descvar WHERE tenant = 't1' AND name >= 'ab' AND name < 'b';
SELECT name, id FROM descvar WHERE tenant = 't1' AND name >= 'ab' AND name < 'b';
EXPLAIN (COSTS OFF) SELECT name FROM descvar WHERE tenant = 't1' AND name > 'ab' AND name <= 'b';
SELECT name, id FROM descvar WHERE tenant = 't1' AND name > 'ab' AND name <= 'b';
SELECT name, id FROM descvar WHERE tenant = 't1' AND name < 'a';
SELECT name, id FROM descvar WHERE tenant = 't1' AND name > 'z';
SELECT name, id FROM descvar WHERE tenant = 't1' AND name BETWEEN 'abc' AND 'ba';
-- ORDER BY name DESC follows the key (no Sort); ORDER BY name reads backwards
EXPLAIN (COSTS OFF) SELECT name FROM descvar WHERE tenant = 't1' ORDER BY name DESC LIMIT 4;
SELECT name, id FROM descvar WHERE tenant = 't1' ORDER BY name DESC LIMIT 4;
EXPLAIN (COSTS OFF) SELECT name FROM descvar WHERE tenant = 't1' ORDER BY name LIMIT 4;
SELECT name, id FROM descvar WHERE tenant = 't1' ORDER BY name LIMIT 4;
-- the same with pushdown off
SET hbase_fdw.enable_pushdown = off;
SELECT count(*), sum(n) FROM descvar WHERE tenant = 't1' AND name >= 'ab' AND name < 'b';
SELECT string_agg(name || '/' || id, ' ' ORDER BY name, id) FROM descvar WHERE tenant = 't1' AND name > 'ab' AND name <= 'b';
RESET hbase_fdw.enable_pushdown;
SELECT count(*), sum(n) FROM descvar WHERE tenant = 't1' AND name >= 'ab' AND name < 'b';
SELECT string_agg(name || '/' || id, ' ' ORDER BY name, id) FROM descvar WHERE tenant = 't1' AND name > 'ab' AND name <= 'b';
-- INSERT writes Phoenix's bytes
INSERT INTO descvar (tenant, name, id, n) VALUES ('t9', 'ab', 1, 0);
SELECT encode(rk, 'hex') FROM descvar WHERE tenant = 't9';
DELETE FROM descvar WHERE tenant = 't9';
-- last in the key (no "\xff" after it) a desc(text) is read, but keeps no order
CREATE FOREIGN TABLE descvar_last (tenant text, name text, n int) SERVER hbase
  OPTIONS (table 'fdw_descvar', family 'd', rowkey 'rpad(tenant, 2) + desc(name)');
EXPLAIN (COSTS OFF) SELECT name FROM descvar_last WHERE tenant = 't2' ORDER BY name DESC;
DROP FOREIGN TABLE descvar, descvar_last;
