-- Rowkey layouts that cannot work are rejected at CREATE/ALTER FOREIGN TABLE, pointing at the
-- part; values that do not fit a layout are rejected by hbase_rowkey(); keys that do not fit
-- are reported naming the key. Runs after layouts.sql (its lay_* foreign tables).
SET timezone = 'UTC';
\set VERBOSITY default

-- a variable-width part in the middle, without a delimiter after it
CREATE FOREIGN TABLE err_01 (name text, id int) SERVER hbase
  OPTIONS (table 'lay_s1', rowkey 'name + lpad(id, 4)');
\echo :SQLSTATE
-- the same with a delimiter is fine
CREATE FOREIGN TABLE ok_t (name text, id int) SERVER hbase
  OPTIONS (table 'lay_s1', rowkey 'name + "-" + lpad(id, 4)');
DROP FOREIGN TABLE ok_t;
-- a hash over a column the table does not have
CREATE FOREIGN TABLE err_02 (name text, id int) SERVER hbase
  OPTIONS (table 'lay_s1', rowkey 'left(md5(nosuch), 5) + lpad(id, 4)');
\echo :SQLSTATE
-- a key column the table does not have
CREATE FOREIGN TABLE err_03 (id int) SERVER hbase
  OPTIONS (table 'lay_s1', rowkey 'lpad(id, 4) + "-" + nosuch');
-- a misspelt column: the closest one is named
CREATE FOREIGN TABLE err_03b (user_id text, day date) SERVER hbase
  OPTIONS (table 'lay_s1', rowkey 'userid + date(day, "yyyyMMdd")');
CREATE FOREIGN TABLE err_03b (user_id text, day date) SERVER hbase
  OPTIONS (table 'lay_s1', rowkey 'left(md5(user_id + Dy), 4) + user_id + date(day, "yyyyMMdd")');
-- a hash over a column kept only in cells is accepted: the prefix is computed for writes
-- and lookups, and not checked when reading
CREATE FOREIGN TABLE ok_04 (name text, id int) SERVER hbase
  OPTIONS (table 'lay_s1', family 'd', rowkey 'left(md5(name), 5) + lpad(id, 4)');
SELECT convert_from(hbase_rowkey('ok_04', '{"id": 7, "name": "x"}'), 'UTF8') AS key;
SELECT hbase_rowkey('ok_04', '{"id": 7}');
DROP FOREIGN TABLE ok_04;
-- int() of a bigint column is fine (Phoenix's TINYINT is byte(x) of a smallint): its values
-- are checked when encoding
CREATE FOREIGN TABLE ok_05 (x bigint) SERVER hbase OPTIONS (table 'lay_s1', rowkey 'int(x)');
SELECT hbase_rowkey('ok_05', '{"x": 2147483648}');
\echo :SQLSTATE
SELECT encode(hbase_rowkey('ok_05', '{"x": -2147483648}'), 'hex');
DROP FOREIGN TABLE ok_05;
-- a boolean key column takes boolean(x)
CREATE FOREIGN TABLE err_06 (x boolean) SERVER hbase OPTIONS (table 'lay_s1', rowkey 'x');
\echo :SQLSTATE
-- lpad narrower than the type's widest value is fine (values are checked when encoding)
CREATE FOREIGN TABLE ok_t (x int) SERVER hbase OPTIONS (table 'lay_s1', rowkey 'lpad(x, 3)');
DROP FOREIGN TABLE ok_t;
-- an optional group that is not at the end
CREATE FOREIGN TABLE err_07 (a int, b int) SERVER hbase
  OPTIONS (table 'lay_s1', rowkey '[lpad(a, 4)] + lpad(b, 4)');
\echo :SQLSTATE
-- a salt or a hash that is not first
CREATE FOREIGN TABLE err_08 (id int) SERVER hbase
  OPTIONS (table 'lay_s1', rowkey 'lpad(id, 4) + salt(4)');
CREATE FOREIGN TABLE err_09 (id int) SERVER hbase
  OPTIONS (table 'lay_s1', rowkey 'lpad(id, 4) + left(md5(id), 3)');
-- a whole digest is no prefix: the error says to take its first characters
CREATE FOREIGN TABLE err_09b (id int) SERVER hbase
  OPTIONS (table 'lay_s1', rowkey 'md5(id) + lpad(id, 4)');
-- an unknown function
CREATE FOREIGN TABLE err_10 (name text) SERVER hbase
  OPTIONS (table 'lay_s1', rowkey 'upper(name)');
\echo :SQLSTATE
CREATE FOREIGN TABLE err_11 (name text) SERVER hbase
  OPTIONS (table 'lay_s1', rowkey 'left(crc32(name), 4) + name');
-- unbalanced parentheses and brackets: a group left open points at its "(" or "[" (where a
-- closing one is missing), a token in its way at that token
CREATE FOREIGN TABLE err_12 (id int) SERVER hbase
  OPTIONS (table 'lay_s1', rowkey 'lpad(id, 4');
CREATE FOREIGN TABLE err_13 (id int) SERVER hbase
  OPTIONS (table 'lay_s1', rowkey 'lpad(id, 4))');
CREATE FOREIGN TABLE err_14 (a int, b int) SERVER hbase
  OPTIONS (table 'lay_s1', rowkey 'lpad(a, 4) + [lpad(b, 4)');
CREATE FOREIGN TABLE err_14b (name text, id int) SERVER hbase
  OPTIONS (table 'lay_s1', rowkey 'name + "-" + (lpad(id, 4) + "x"');
CREATE FOREIGN TABLE err_14c (name text, id int) SERVER hbase
  OPTIONS (table 'lay_s1', rowkey 'lpad(id, 4 name');
-- unterminated strings
CREATE FOREIGN TABLE err_15 (name text, id int) SERVER hbase
  OPTIONS (table 'lay_s1', rowkey 'name + "| + lpad(id, 4)');
CREATE FOREIGN TABLE err_16 (name text, id int) SERVER hbase
  OPTIONS (table 'lay_s1', rowkey 'name + ''|');
-- a bad escape, an empty layout, a dangling +
CREATE FOREIGN TABLE err_17 (name text, id int) SERVER hbase
  OPTIONS (table 'lay_s1', rowkey 'name + "\xZZ" + lpad(id, 4)');
CREATE FOREIGN TABLE err_18 (name text) SERVER hbase OPTIONS (table 'lay_s1', rowkey '');
CREATE FOREIGN TABLE err_19 (name text) SERVER hbase OPTIONS (table 'lay_s1', rowkey 'name +');
-- date patterns: letters other than yyyy MM dd HH mm ss SSS
CREATE FOREIGN TABLE err_20 (x date) SERVER hbase OPTIONS (table 'lay_s1', rowkey 'date(x, "yyyyQQ")');
\echo :SQLSTATE
CREATE FOREIGN TABLE err_21 (x date) SERVER hbase OPTIONS (table 'lay_s1', rowkey 'date(x, "")');
-- date() of a column that is not a date or timestamp
CREATE FOREIGN TABLE err_22 (x text) SERVER hbase OPTIONS (table 'lay_s1', rowkey 'date(x, "yyyyMMdd")');
-- widths and bucket counts
CREATE FOREIGN TABLE err_23 (x int) SERVER hbase OPTIONS (table 'lay_s1', rowkey 'lpad(x, 0)');
\echo :SQLSTATE
CREATE FOREIGN TABLE err_24 (x int) SERVER hbase OPTIONS (table 'lay_s1', rowkey 'lpad(x, -3)');
CREATE FOREIGN TABLE err_25 (x int) SERVER hbase OPTIONS (table 'lay_s1', rowkey 'salt(0) + lpad(x, 4)');
\echo :SQLSTATE
CREATE FOREIGN TABLE err_26 (x int) SERVER hbase OPTIONS (table 'lay_s1', rowkey 'salt(300) + lpad(x, 4)');
CREATE FOREIGN TABLE err_27 (x text) SERVER hbase OPTIONS (table 'lay_s1', rowkey 'left(md5(x), 33) + x');
-- a key column of a type no part can encode
CREATE FOREIGN TABLE err_28 (x jsonb) SERVER hbase OPTIONS (table 'lay_s1', rowkey 'x');
-- a key column that also maps to a cell
CREATE FOREIGN TABLE err_29 (x text OPTIONS (column 'cf:x')) SERVER hbase OPTIONS (table 'lay_s1', rowkey 'x');

-- ALTER: a bad layout leaves the table as it was
ALTER FOREIGN TABLE lay_delim OPTIONS (SET rowkey 'region + lpad(shop_id, 5) + ["|" + sku]');
\echo :SQLSTATE
SELECT count(*) FROM lay_delim;
ALTER FOREIGN TABLE lay_s2 OPTIONS (SET rowkey 'lpad(company_id, 6) + salt(4)');
SELECT count(*) FROM lay_s2;
-- a key column renamed, retyped or dropped after CREATE: rejected, or reported at the next query
CREATE FOREIGN TABLE lay_alter (u bigint, m bigint, subject text) SERVER hbase
  OPTIONS (table 'lay_s9', family 'd', rowkey 'lpad(u, 8) + lpad(m, 10)');
SELECT u, m FROM lay_alter WHERE subject = 'hello';
ALTER FOREIGN TABLE lay_alter RENAME COLUMN m TO mm;
SELECT * FROM lay_alter WHERE subject = 'hello';
ALTER FOREIGN TABLE lay_alter ALTER COLUMN u TYPE jsonb;
SELECT * FROM lay_alter WHERE subject = 'hello';
ALTER FOREIGN TABLE lay_alter DROP COLUMN u;
SELECT * FROM lay_alter WHERE subject = 'hello';
DROP FOREIGN TABLE lay_alter;

-- hbase_rowkey(): values that do not fit
-- too long for the lpad width
SELECT hbase_rowkey('lay_s2', '{"company_id": 1234567, "stat_date": "2024-02-29"}');
\echo :SQLSTATE
SELECT hbase_rowkey('lay_s9', '{"user_id": 1, "mail_id": 10000000000}');
-- a negative number in lpad
SELECT hbase_rowkey('lay_s2', '{"company_id": -1, "stat_date": "2024-02-29"}');
\echo :SQLSTATE
-- the delimiter inside a delimited part
SELECT hbase_rowkey('lay_delim', '{"region": "a|b", "shop_id": 1}');
\echo :SQLSTATE
-- NULL or absent in a column that is not optional
SELECT hbase_rowkey('lay_s2', '{"company_id": 42, "stat_date": null, "campaign_id": 7}');
\echo :SQLSTATE
SELECT hbase_rowkey('lay_s2', '{"company_id": 42}');
SELECT hbase_rowkey('lay_s1', '{}');
-- a value of the wrong type, a column the layout does not have
SELECT hbase_rowkey('lay_s2', '{"company_id": "abc", "stat_date": "2024-02-29"}');
\echo :SQLSTATE
SELECT hbase_rowkey('lay_s2', '{"company_id": 42, "stat_date": "2024-02-30"}');
SELECT hbase_rowkey('lay_s2', '{"company_id": 42, "stat_date": "2024-02-29", "campain_id": 7}');
SELECT hbase_rowkey('lay_s2', '[42, "2024-02-29"]');
-- Long.MAX_VALUE - ms of a time before 1970 overflows a long
SELECT hbase_rowkey('lay_s6', '{"user_id": 1, "ts": "1969-12-31T23:59:59.999Z"}');
-- a random salt has no single key
SELECT hbase_rowkey('lay_rnd', '{"name": "foo0001"}');
\echo :SQLSTATE
-- a table without a layout, and a table that is not an hbase_fdw foreign table
CREATE FOREIGN TABLE no_layout (v text) SERVER hbase OPTIONS (table 'lay_s1', family 'd');
SELECT hbase_rowkey('no_layout', '{"v": "x"}');
\echo :SQLSTATE
-- a raw rowkey column alone is the whole key (the trivial layout)
CREATE FOREIGN TABLE raw_key (k text OPTIONS (column ':key')) SERVER hbase OPTIONS (table 'lay_s1');
SELECT convert_from(hbase_rowkey('raw_key', '{"k": "x"}'), 'UTF8') AS key;
DROP FOREIGN TABLE raw_key;
DROP FOREIGN TABLE no_layout;
CREATE TEMP TABLE plain_t (id int);
SELECT hbase_rowkey('plain_t', '{"id": 1}');
SELECT hbase_rowkey(NULL, '{"id": 1}') IS NULL AS strict;

-- keys that do not fit the layout: hbase_rowkey_parts() and a scan name the key
SELECT * FROM hbase_rowkey_parts('lay_s2', '\x00'::bytea);
\echo :SQLSTATE
-- a hash prefix that does not match the fields after it (the right one is 29940)
SELECT * FROM hbase_rowkey_parts('lay_s2', convert_to('2994e00004220240229', 'UTF8'));
-- not a number where lpad(mail_id, 10) is
SELECT * FROM hbase_rowkey_parts('lay_s9', convert_to('00000001000000000x', 'UTF8'));
CREATE FOREIGN TABLE err_decode (n int) SERVER hbase OPTIONS (table 'fdw_split', rowkey 'lpad(n, 4)');
SELECT * FROM err_decode;
\echo :SQLSTATE
CREATE FOREIGN TABLE err_short (id bigint, ts timestamptz) SERVER hbase
  OPTIONS (table 'lay_s5', rowkey 'long(bitreverse(id)) + long(epoch_ms(ts))');
SELECT * FROM err_short;
DROP FOREIGN TABLE err_decode, err_short;
-- the session is fine afterwards
SELECT count(*) FROM lay_s1;
