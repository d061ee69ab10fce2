-- CellSets (Gets, multigets, scanner pages) travel as protobuf (the default; raw bytes) or as
-- JSON (base64): both read the same rows, cell timestamps and binary values, and protobuf
-- takes fewer bytes.  hbase_fdw_cellsets() counts the CellSets decoded per wire format.
-- Fixtures (tests/fixtures.py): fdw_sortlong (1,504 binary keys), fdw_types (binary cells).
\getenv hbase_url HBASE_URL
CREATE SERVER pb_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'hbase_url', fetch_size '200');
CREATE SERVER js_srv FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url :'hbase_url', fetch_size '200', transport 'json');
CREATE USER MAPPING FOR CURRENT_USER SERVER pb_srv;
CREATE USER MAPPING FOR CURRENT_USER SERVER js_srv;
SET timezone = 'UTC';
CREATE FOREIGN TABLE sl_pb (k bigint, v text, ts bigint OPTIONS (column ':timestamp'))
  SERVER pb_srv OPTIONS (table 'fdw_sortlong', family 'd', rowkey 'sortable(long(k))');
CREATE FOREIGN TABLE sl_js (k bigint, v text, ts bigint OPTIONS (column ':timestamp'))
  SERVER js_srv OPTIONS (table 'fdw_sortlong', family 'd', rowkey 'sortable(long(k))');
CREATE FOREIGN TABLE ty_pb (k text OPTIONS (column ':key'), i8 int8, f8 float8, num numeric,
  raw bytea OPTIONS (column 't:raw'))
  SERVER pb_srv OPTIONS (table 'fdw_types', family 'b', encoding 'binary');
CREATE FOREIGN TABLE ty_js (k text OPTIONS (column ':key'), i8 int8, f8 float8, num numeric,
  raw bytea OPTIONS (column 't:raw'))
  SERVER js_srv OPTIONS (table 'fdw_types', family 'b', encoding 'binary');

CREATE TEMP TABLE before AS SELECT * FROM hbase_fdw_cellsets();
CREATE VIEW since AS
  SELECT c.transport, c.cellsets - b.cellsets AS cellsets, c.bytes - b.bytes AS bytes,
         c.wire_bytes - b.wire_bytes AS wire_bytes
    FROM hbase_fdw_cellsets() c JOIN before b USING (transport);

-- a full scan in pages, through each transport: the same rows, values and cell timestamps
CREATE TEMP TABLE pb_rows AS SELECT * FROM sl_pb;
SELECT transport, cellsets > 1 AS pages FROM since ORDER BY transport;
TRUNCATE before; INSERT INTO before SELECT * FROM hbase_fdw_cellsets();
CREATE TEMP TABLE js_rows AS SELECT * FROM sl_js;
SELECT transport, cellsets > 1 AS pages FROM since ORDER BY transport;
SELECT count(*), count(DISTINCT k), min(k), max(k) FROM pb_rows;
SELECT count(*) AS differences FROM
  ((TABLE pb_rows EXCEPT TABLE js_rows) UNION ALL (TABLE js_rows EXCEPT TABLE pb_rows)) d;
SELECT count(*) FILTER (WHERE v = k::text) AS values_match, count(*) FILTER (WHERE ts > 0) AS with_ts
  FROM pb_rows;

-- a Get and a multiget of binary keys
TRUNCATE before; INSERT INTO before SELECT * FROM hbase_fdw_cellsets();
EXPLAIN (COSTS OFF) SELECT k, v FROM sl_pb WHERE k = -9223372036854775808;
SELECT k, v FROM sl_pb WHERE k = -9223372036854775808;
SELECT k, v FROM sl_pb WHERE k IN (-20000, -1, 0, 9223372036854775807) ORDER BY k;
SELECT transport, cellsets FROM since ORDER BY transport;

-- binary cell values, NULLs (missing cells) and an empty value arrive the same way
SELECT k, i8, f8, num, raw FROM ty_pb ORDER BY k;
SELECT count(*) AS differences FROM
  ((SELECT * FROM ty_pb EXCEPT SELECT * FROM ty_js) UNION ALL
   (SELECT * FROM ty_js EXCEPT SELECT * FROM ty_pb)) d;

-- protobuf carries the same pages in fewer bytes than JSON's base64
TRUNCATE before; INSERT INTO before SELECT * FROM hbase_fdw_cellsets();
SELECT count(*) FROM sl_pb;
SELECT count(*) FROM sl_js;
SELECT (SELECT bytes FROM since WHERE transport = 'protobuf') * 2 <
       (SELECT bytes FROM since WHERE transport = 'json') AS protobuf_under_half,
       (SELECT wire_bytes = bytes FROM since WHERE transport = 'json') AS uncompressed;

-- compression 'gzip': the gateway compresses, curl inflates (max_response_size bounds the
-- inflated bytes); the same rows, a fraction of the bytes on the wire
CREATE SERVER gz_srv FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url :'hbase_url', fetch_size '200', compression 'gzip');
CREATE USER MAPPING FOR CURRENT_USER SERVER gz_srv;
CREATE FOREIGN TABLE sl_gz (k bigint, v text, ts bigint OPTIONS (column ':timestamp'))
  SERVER gz_srv OPTIONS (table 'fdw_sortlong', family 'd', rowkey 'sortable(long(k))');
TRUNCATE before; INSERT INTO before SELECT * FROM hbase_fdw_cellsets();
CREATE TEMP TABLE gz_rows AS SELECT * FROM sl_gz;
SELECT count(*) AS differences FROM
  ((TABLE pb_rows EXCEPT TABLE gz_rows) UNION ALL (TABLE gz_rows EXCEPT TABLE pb_rows)) d;
SELECT transport, wire_bytes * 3 < bytes AS compressed FROM since WHERE transport = 'protobuf';
CREATE SERVER bad_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'hbase_url', compression 'zstd');
DROP SERVER gz_srv CASCADE;

-- a page under a small LIMIT is the gateway's stateless scan: JSON whatever the transport.
-- The gateway closes a JSON page's scanner once it has the page's rows; its protobuf stream
-- never closes it, and the region server then holds that scanner for its whole lease (60 s,
-- "Scanner lease ... expired" in its log) after every page. One request per page, full or
-- short, forward or backward (jn_wide's rows hold 2 kB each)
CREATE FOREIGN TABLE wide_pb (k text OPTIONS (column ':key') COLLATE "C", blob text OPTIONS (column 'cf:blob'))
  SERVER pb_srv OPTIONS (table 'jn_wide');
CREATE FOREIGN TABLE wide_js (k text OPTIONS (column ':key') COLLATE "C", blob text OPTIONS (column 'cf:blob'))
  SERVER js_srv OPTIONS (table 'jn_wide');
TRUNCATE before; INSERT INTO before SELECT * FROM hbase_fdw_cellsets();
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k, blob FROM wide_pb WHERE k >= 'w0011' ORDER BY k LIMIT 25;
SELECT transport, cellsets FROM since ORDER BY transport;
TRUNCATE before; INSERT INTO before SELECT * FROM hbase_fdw_cellsets();
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k, blob FROM wide_pb WHERE k >= 'w0011' ORDER BY k LIMIT 40;
SELECT transport, cellsets FROM since ORDER BY transport;
-- a short page (3 rows for 10: the table's end): the scan's end, one request
TRUNCATE before; INSERT INTO before SELECT * FROM hbase_fdw_cellsets();
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k FROM wide_pb WHERE k >= 'w0298' ORDER BY k LIMIT 10;
SELECT transport, cellsets FROM since ORDER BY transport;
SELECT k FROM wide_pb WHERE k >= 'w0298' ORDER BY k LIMIT 10;
-- a new connection: the same short page, and a keyset walk's next pages, one request each
CREATE SERVER pb_new FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'hbase_url', fetch_size '200');
CREATE USER MAPPING FOR CURRENT_USER SERVER pb_new;
CREATE FOREIGN TABLE page_pb (k text OPTIONS (column ':key') COLLATE "C", blob text OPTIONS (column 'cf:blob'))
  SERVER pb_new OPTIONS (table 'jn_wide');
TRUNCATE before; INSERT INTO before SELECT * FROM hbase_fdw_cellsets();
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k FROM page_pb WHERE k >= 'w0298' ORDER BY k LIMIT 10;
SELECT transport, cellsets FROM since ORDER BY transport;
TRUNCATE before; INSERT INTO before SELECT * FROM hbase_fdw_cellsets();
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k FROM page_pb WHERE k >= 'w0281' ORDER BY k LIMIT 10;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k FROM page_pb WHERE k >= 'w0291' ORDER BY k LIMIT 10;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k FROM page_pb WHERE k >= 'w0298' ORDER BY k LIMIT 10;
SELECT transport, cellsets FROM since ORDER BY transport;
SELECT k FROM page_pb WHERE k >= 'w0291' ORDER BY k LIMIT 10;
SELECT k FROM page_pb WHERE k >= 'w0298' ORDER BY k LIMIT 10;
-- past the table's end: an empty page, one request
TRUNCATE before; INSERT INTO before SELECT * FROM hbase_fdw_cellsets();
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k FROM page_pb WHERE k >= 'w0301' ORDER BY k LIMIT 10;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k FROM page_pb WHERE k >= 'w0301' ORDER BY k LIMIT 5;
SELECT transport, cellsets FROM since ORDER BY transport;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k FROM page_pb WHERE k >= 'w0298' ORDER BY k LIMIT 5;
SELECT k FROM page_pb WHERE k >= 'w0298' ORDER BY k LIMIT 5;
-- backwards: the table's first rows, a short page of one request
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT k FROM page_pb WHERE k <= 'w0003' ORDER BY k DESC LIMIT 10;
SELECT k FROM page_pb WHERE k <= 'w0003' ORDER BY k DESC LIMIT 10;
DROP SERVER pb_new CASCADE;
-- backwards (a reversed stateless scan): 3 rows, JSON too
TRUNCATE before; INSERT INTO before SELECT * FROM hbase_fdw_cellsets();
SELECT k, length(blob) FROM wide_pb WHERE k < 'w0020' ORDER BY k DESC LIMIT 3;
SELECT transport, cellsets FROM since ORDER BY transport;
-- the same rows and values whichever way they came
SELECT n, (SELECT count(*) FROM
  ((SELECT * FROM (SELECT k, blob FROM wide_pb WHERE k >= 'w0011' ORDER BY k LIMIT n) a
    EXCEPT SELECT * FROM (SELECT k, blob FROM wide_js WHERE k >= 'w0011' ORDER BY k LIMIT n) b)
   UNION ALL
   (SELECT * FROM (SELECT k, blob FROM wide_js WHERE k >= 'w0011' ORDER BY k LIMIT n) b
    EXCEPT SELECT * FROM (SELECT k, blob FROM wide_pb WHERE k >= 'w0011' ORDER BY k LIMIT n) a)) d)
  AS differences
  FROM (VALUES (3), (25), (40)) l(n);
SELECT min(k), max(k), count(*), sum(length(blob)) FROM
  (SELECT k, blob FROM wide_pb WHERE k >= 'w0011' ORDER BY k LIMIT 40) s;

DROP VIEW since;
DROP SERVER pb_srv CASCADE;
DROP SERVER js_srv CASCADE;

-- concurrent multigets (a long key list, after its first multiget alone) name their request
-- in errors: here each of them answers over max_response_size (100 rows of 2 kB of jn_wide),
-- where the first, of 100 keys that do not exist, answered little
CREATE SERVER cap_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'hbase_url', max_response_size '100kB');
CREATE USER MAPPING FOR CURRENT_USER SERVER cap_srv;
CREATE FOREIGN TABLE wide_cap (k text OPTIONS (column ':key') COLLATE "C", blob text OPTIONS (column 'cf:blob'))
  SERVER cap_srv OPTIONS (table 'jn_wide');
SELECT count(*) FROM wide_cap
 WHERE k = ANY(ARRAY(SELECT 'v' || lpad(g::text, 4, '0') FROM generate_series(1, 100) g) ||
               ARRAY(SELECT 'w' || lpad(g::text, 4, '0') FROM generate_series(1, 300) g));
\echo :SQLSTATE
DROP SERVER cap_srv CASCADE;

-- a gateway published under a path prefix (nginx's /hbase/, scripts/gateway-proxy): every
-- request goes under it, a scanner's too (its Location names no prefix); a path the proxy
-- does not serve answers 404, which the error's hint puts down to the url's path
\getenv prefix_url PROXY_PREFIX_URL
CREATE SERVER pre_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'prefix_url');
CREATE USER MAPPING FOR CURRENT_USER SERVER pre_srv;
CREATE FOREIGN TABLE pre_t (k text OPTIONS (column ':key') COLLATE "C", v text OPTIONS (column 'cf:v'))
  SERVER pre_srv OPTIONS (table 'fdw_split');
SET hbase_fdw.read_ahead = off;
SELECT count(*) FROM pre_t;
RESET hbase_fdw.read_ahead;
SELECT k FROM pre_t ORDER BY k LIMIT 2;
SELECT k FROM pre_t ORDER BY k DESC LIMIT 2;
SELECT k FROM pre_t WHERE k IN ('a001', 'b002', 'nope');
SELECT k FROM pre_t WHERE k = 'c003';
ALTER SERVER pre_srv OPTIONS (SET url 'http://127.0.0.1:18446/elsewhere');
SELECT count(*) FROM pre_t;
DROP SERVER pre_srv CASCADE;
