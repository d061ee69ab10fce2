-- Gateways of every HBase line users run: the REST gateways of HBase 2.4.17 and 2.5.8
-- (scripts/test starts them beside the 2.6 one, on the same cluster) know no ?e=b64, which
-- came with 2.5.9: they would read a base64 path key as text and find no row. hbase_fdw asks
-- a gateway its version once per connection (GET /version/rest; 2.4 and 2.5.8 report none
-- and count as the oldest) and reads every key exactly through each: a key that a URL path
-- carries unchanged by path, any other by a scanner whose bounds travel in base64. Every
-- query below gives through 2.4.17 and 2.5.8 what it gives through 2.6.
-- (scripts/test also runs the read, pushdown, order and write tests through both.)
\getenv hbase_url HBASE_URL
\getenv gw24_url HBASE_GW24_URL
\getenv gw25_url HBASE_GW25_URL
SET timezone = 'UTC';
CREATE SERVER gw26 FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'hbase_url');
CREATE SERVER gw24 FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'gw24_url');
CREATE SERVER gw25 FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'gw25_url');

-- keys of every kind: text, text with the characters that route or split a path
-- (/ , * + % ; ? # \), the words that route elsewhere, dot segments, control bytes, binary
\! python3 tests/hbase_rest.py create gw_keys cf >/dev/null
\! printf '%s' '[{"key":"plain","cells":{"cf:v":"1"}},{"key":"with space","cells":{"cf:v":"2"}},{"key":{"hex":"636166c3a9"},"cells":{"cf:v":"3"}},{"key":"a/b","cells":{"cf:v":"4"}},{"key":"a,b","cells":{"cf:v":"5"}},{"key":"a*b","cells":{"cf:v":"6"}},{"key":"a+b","cells":{"cf:v":"7"}},{"key":"a%2Bb","cells":{"cf:v":"8"}},{"key":"a%b","cells":{"cf:v":"9"}},{"key":"a;b?c#d\\e","cells":{"cf:v":"10"}},{"key":"exists","cells":{"cf:v":"11"}},{"key":"scanner","cells":{"cf:v":"12"}},{"key":"multiget","cells":{"cf:v":"13"}},{"key":".","cells":{"cf:v":"14"}},{"key":"..","cells":{"cf:v":"15"}},{"key":{"hex":"0062696e"},"cells":{"cf:v":"16"}},{"key":{"hex":"fffe"},"cells":{"cf:v":"17"}},{"key":{"hex":"8000000000000005"},"cells":{"cf:v":"18"}},{"key":{"hex":"610a62"},"cells":{"cf:v":"19"}},{"key":"cGxhaW4","cells":{"cf:v":"20"}}]' | python3 tests/hbase_rest.py put gw_keys
CREATE FOREIGN TABLE keys26 (k bytea OPTIONS (column ':key'), v int OPTIONS (column 'cf:v'))
  SERVER gw26 OPTIONS (table 'gw_keys');
CREATE FOREIGN TABLE keys24 (k bytea OPTIONS (column ':key'), v int OPTIONS (column 'cf:v'))
  SERVER gw24 OPTIONS (table 'gw_keys');
CREATE FOREIGN TABLE keys25 (k bytea OPTIONS (column ':key'), v int OPTIONS (column 'cf:v'))
  SERVER gw25 OPTIONS (table 'gw_keys');
CREATE TABLE local_keys AS SELECT k, v FROM keys26;
SELECT count(*) FROM local_keys;

-- every key by a Get through each gateway (a subquery per key: a Get with a parameter)
EXPLAIN (COSTS OFF) SELECT k, (SELECT v FROM keys24 g WHERE g.k = l.k) FROM local_keys l;
SELECT count(*) AS keys,
       count(*) FILTER (WHERE (SELECT v FROM keys26 g WHERE g.k = l.k) = l.v) AS found_26,
       count(*) FILTER (WHERE (SELECT v FROM keys24 g WHERE g.k = l.k) = l.v) AS found_24,
       count(*) FILTER (WHERE (SELECT v FROM keys25 g WHERE g.k = l.k) = l.v) AS found_25
FROM local_keys l;
-- a key the path does not carry: through 2.6 one Get (?e=b64); through 2.4 a scanner
-- bounded to [key, key + 0x00) (create, read, delete: 3 requests), as EXPLAIN ANALYZE says
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT v FROM keys26 WHERE k = '\x0062696e';
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT v FROM keys24 WHERE k = '\x0062696e';
-- a plain key: a Get by path, one request
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT v FROM keys24 WHERE k = 'plain';
-- the base64 text of 'plain' is a key of its own, and stays one
SELECT k, v FROM keys24 WHERE k IN ('plain', 'cGxhaW4');
-- missing keys: no row, no error
SELECT v FROM keys24 WHERE k = '\x00ff';
SELECT v FROM keys24 WHERE k = 'nope';

-- multigets: every key at once, keys from a subquery; some keys missing
SELECT (SELECT array_agg(v ORDER BY v) FROM keys24 WHERE k = ANY (ARRAY(SELECT k FROM local_keys) || '{nope,"\\x00"}'::bytea[])) AS via_24,
       (SELECT array_agg(v ORDER BY v) FROM keys25 WHERE k = ANY (ARRAY(SELECT k FROM local_keys) || '{nope,"\\x00"}'::bytea[])) AS via_25,
       (SELECT array_agg(v ORDER BY v) FROM keys26 WHERE k = ANY (ARRAY(SELECT k FROM local_keys) || '{nope,"\\x00"}'::bytea[])) AS via_26;
-- plain keys only: one multiget by path
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT v FROM keys24 WHERE k IN ('plain', 'with space', 'nope');
SELECT v FROM keys24 WHERE k IN ('plain', 'with space', 'nope') ORDER BY v;

-- reversed scans in pages (ORDER BY key DESC): a gateway before 2.5.9 ignores filter_b64,
-- so the bounds are checked on our side; the rows are the same
SELECT (SELECT array_agg(v) FROM (SELECT v FROM keys24 ORDER BY k DESC) s) =
       (SELECT array_agg(v) FROM (SELECT v FROM keys26 ORDER BY k DESC) s) AS same_desc,
       (SELECT array_agg(v) FROM (SELECT v FROM keys24 WHERE k < '\x8000000000000005' AND k >= 'a,b' ORDER BY k DESC) s) =
       (SELECT array_agg(v) FROM (SELECT v FROM keys26 WHERE k < '\x8000000000000005' AND k >= 'a,b' ORDER BY k DESC) s) AS same_range_desc;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT v FROM keys24 WHERE k < '\xfffe' ORDER BY k DESC LIMIT 2;
SELECT v FROM keys24 WHERE k < '\xfffe' ORDER BY k DESC LIMIT 2;
-- with a value filter too: 2.6 runs it with the bounds, 2.4 sends every row of the page
-- and both are checked here (EXPLAIN ANALYZE says so); the rows are the same
CREATE FOREIGN TABLE keys24t (k bytea OPTIONS (column ':key'), v text OPTIONS (column 'cf:v'))
  SERVER gw24 OPTIONS (table 'gw_keys');
CREATE FOREIGN TABLE keys26t (k bytea OPTIONS (column ':key'), v text OPTIONS (column 'cf:v'))
  SERVER gw26 OPTIONS (table 'gw_keys');
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT v FROM keys24t WHERE v LIKE '1%' ORDER BY k DESC LIMIT 3;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT v FROM keys26t WHERE v LIKE '1%' ORDER BY k DESC LIMIT 3;
SELECT (SELECT array_agg(v) FROM (SELECT v FROM keys24t WHERE v LIKE '1%' ORDER BY k DESC LIMIT 3) s) AS via_24,
       (SELECT array_agg(v) FROM (SELECT v FROM keys26t WHERE v LIKE '1%' ORDER BY k DESC LIMIT 3) s) AS via_26;

-- the issue's example: a salted text key, Get and multiget through every gateway
\! python3 tests/hbase_rest.py create gw_salted d >/dev/null
CREATE FOREIGN TABLE salted24 (usr text, day int, n int) SERVER gw24
  OPTIONS (table 'gw_salted', family 'd', rowkey 'salt(16) + usr + "|" + day');
CREATE FOREIGN TABLE salted26 (usr text, day int, n int) SERVER gw26
  OPTIONS (table 'gw_salted', family 'd', rowkey 'salt(16) + usr + "|" + day');
-- written through the 2.4 gateway: the keys in the PUT's body are the keys written
INSERT INTO salted24 SELECT 'user' || lpad(u::text, 5, '0'), 20260100 + d, u * 100 + d
  FROM generate_series(40, 44) u, generate_series(14, 16) d;
SELECT usr, day, n FROM salted26 WHERE usr = 'user00042' AND day = 20260115;
SELECT usr, day, n FROM salted24 WHERE usr = 'user00042' AND day = 20260115;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT n FROM salted24 WHERE usr = 'user00042' AND day = 20260115;
SELECT usr, day, n FROM salted24 WHERE usr IN ('user00042', 'user00044') AND day IN (20260114, 20260116) ORDER BY 1, 2;
-- a salted binary (Phoenix-style) key
\! python3 tests/hbase_rest.py create gw_phx d >/dev/null
CREATE FOREIGN TABLE phx24 (id bigint, n int) SERVER gw24
  OPTIONS (table 'gw_phx', family 'd', rowkey 'salt(4) + long(id)');
CREATE FOREIGN TABLE phx26 (id bigint, n int) SERVER gw26
  OPTIONS (table 'gw_phx', family 'd', rowkey 'salt(4) + long(id)');
INSERT INTO phx24 SELECT g, g * 10 FROM generate_series(1, 20) g;
SELECT id, n FROM phx24 WHERE id = 7;
SELECT id, n FROM phx24 WHERE id IN (3, 17, 99) ORDER BY id;
SELECT (SELECT array_agg(id ORDER BY id) FROM phx24) = (SELECT array_agg(id ORDER BY id) FROM phx26) AS same_rows;

-- a skip scan needs FuzzyRowFilter (2.5.10, 2.6.1): through older gateways the table is read
-- whole and filtered here; EXPLAIN ANALYZE names the fallback
\! python3 tests/hbase_rest.py create gw_fuzzy d >/dev/null
CREATE FOREIGN TABLE fuzzy24 (company_id int, stat_date date, cost int) SERVER gw24
  OPTIONS (table 'gw_fuzzy', family 'd', rowkey 'left(md5(company_id + stat_date), 5) + lpad(company_id, 6) + date(stat_date, "yyyyMMdd")');
CREATE FOREIGN TABLE fuzzy25 (company_id int, stat_date date, cost int) SERVER gw25
  OPTIONS (table 'gw_fuzzy', family 'd', rowkey 'left(md5(company_id + stat_date), 5) + lpad(company_id, 6) + date(stat_date, "yyyyMMdd")');
CREATE FOREIGN TABLE fuzzy26 (company_id int, stat_date date, cost int) SERVER gw26
  OPTIONS (table 'gw_fuzzy', family 'd', rowkey 'left(md5(company_id + stat_date), 5) + lpad(company_id, 6) + date(stat_date, "yyyyMMdd")');
INSERT INTO fuzzy26 SELECT c, date '2024-03-01' + d, c * 10 + d FROM generate_series(1, 5) c, generate_series(0, 3) d;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT stat_date, cost FROM fuzzy26 WHERE company_id = 3;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT stat_date, cost FROM fuzzy24 WHERE company_id = 3;
SELECT stat_date, cost FROM fuzzy24 WHERE company_id = 3 ORDER BY 1;
SELECT (SELECT array_agg(cost ORDER BY cost) FROM fuzzy25 WHERE company_id IN (2, 4)) =
       (SELECT array_agg(cost ORDER BY cost) FROM fuzzy26 WHERE company_id IN (2, 4)) AS same_rows;

-- writes through the 2.4 gateway: rows with binary keys land under their keys
INSERT INTO keys24 VALUES ('\x00ff00', 100), ('w/rite', 101), ('write', 102);
SELECT k, v FROM keys26 WHERE v >= 100 ORDER BY v;
-- DELETE and UPDATE address a row by its key in the path: a key the path carries works
DELETE FROM keys24 WHERE k = 'write';
UPDATE keys24 SET v = 111 WHERE k = 'plain';
SELECT k, v FROM keys26 WHERE k IN ('write', 'plain');
-- any other key is refused, naming the gateway and what it lacks, and nothing is deleted
DELETE FROM keys24 WHERE k = '\x00ff00';
\echo :SQLSTATE
DELETE FROM keys24 WHERE k = 'w/rite';
UPDATE keys24 SET v = NULL WHERE k = '\x0062696e';
SELECT k, v FROM keys26 WHERE v >= 100 OR k = '\x0062696e' ORDER BY v;
-- through 2.6, with ?e=b64, they go
DELETE FROM keys26 WHERE k IN ('\x00ff00', 'w/rite');
UPDATE keys26 SET v = 1 WHERE k = 'plain';

-- the server option gateway_version declares the version (no request asks it); auto asks
CREATE SERVER bad_gw FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1', gateway_version '2.x');
CREATE SERVER bad_gw FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:1', gateway_verison '2.4.17');
ALTER SERVER gw24 OPTIONS (ADD gateway_version '2.4.17');
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT v FROM keys24 WHERE k = '\xfffe';
ALTER SERVER gw24 OPTIONS (SET gateway_version 'auto');
SELECT v FROM keys24 WHERE k = '\xfffe';
-- a connection asks its gateway once: two Gets on a fresh connection are 4 GETs (the version,
-- the table's families, two Gets); declared, a Get is 2 (the new connection reads the table's
-- families too, once)
ALTER SERVER gw26 OPTIONS (ADD gateway_version 'auto');
SELECT sum(requests) FILTER (WHERE method = 'GET') AS gets FROM hbase_fdw_requests() \gset before_
SELECT v FROM keys26 WHERE k = '\xfffe';
SELECT v FROM keys26 WHERE k = '\xfffe';
SELECT sum(requests) FILTER (WHERE method = 'GET') - :before_gets AS gets FROM hbase_fdw_requests();
ALTER SERVER gw26 OPTIONS (SET gateway_version '2.6.1');
SELECT sum(requests) FILTER (WHERE method = 'GET') AS gets FROM hbase_fdw_requests() \gset before_
SELECT v FROM keys26 WHERE k = '\xfffe';
SELECT sum(requests) FILTER (WHERE method = 'GET') - :before_gets AS gets FROM hbase_fdw_requests();

DROP SERVER gw24, gw25, gw26 CASCADE;
DROP TABLE local_keys;
