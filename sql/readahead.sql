-- Read-ahead: once a lone scan's pages reach fetch_size rows, the next page is asked for
-- before the rows of the last one are returned (on a second keep-alive connection), so the
-- gateway prepares it meanwhile.  hbase_fdw.read_ahead turns it off.  Rows, order and the
-- requests of a scan that runs to its end are the same both ways; a scan stopped early drops
-- the page in flight, and nothing is left open on the gateway.
SET timezone = 'UTC';
-- (concurrency 1: one stream, not split at region boundaries; see regions.sql)
CREATE FOREIGN TABLE ra_t (k text OPTIONS (column ':key') COLLATE "C", n int) SERVER hbase
  OPTIONS (table 'fdw_split', family 'cf', fetch_size '100', concurrency '1');
CREATE FUNCTION pg_temp.requests(q text) RETURNS TABLE (item text) LANGUAGE plpgsql AS $$
DECLARE
  line text;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || q LOOP
    IF line ~ 'HBase (Requests|Rows Received|Operation)' THEN
      item := btrim(line);
      RETURN NEXT;
    END IF;
  END LOOP;
END $$;
-- the whole table: 10 pages of 100 rows, then the 204 that ends the scanner; POST and DELETE
SELECT * FROM pg_temp.requests('SELECT k, n FROM ra_t');
SELECT count(*), count(DISTINCT k), min(k), max(k), sum(n) FROM ra_t;
CREATE TEMP TABLE ra_on AS SELECT k, n, row_number() OVER () AS pos FROM ra_t;
SET hbase_fdw.read_ahead = off;
SELECT * FROM pg_temp.requests('SELECT k, n FROM ra_t');
CREATE TEMP TABLE ra_off AS SELECT k, n, row_number() OVER () AS pos FROM ra_t;
RESET hbase_fdw.read_ahead;
-- the same rows in the same order (the scan's key order)
SELECT count(*) AS rows, count(*) FILTER (WHERE a.k IS DISTINCT FROM b.k OR a.n IS DISTINCT FROM b.n) AS differ
  FROM ra_on a FULL JOIN ra_off b USING (pos);
SELECT bool_and(k > lag) AS ascending FROM (SELECT k, lag(k) OVER (ORDER BY pos) FROM ra_on) s;

-- a LIMIT the planner does not see (a filter on top): stopped with a page in flight, which
-- is dropped (one request more than without read-ahead); the scanner is deleted
SELECT * FROM pg_temp.requests('SELECT k FROM (SELECT k, n FROM ra_t OFFSET 0) s WHERE n >= 0 LIMIT 250');
SET hbase_fdw.read_ahead = off;
SELECT * FROM pg_temp.requests('SELECT k FROM (SELECT k, n FROM ra_t OFFSET 0) s WHERE n >= 0 LIMIT 250');
RESET hbase_fdw.read_ahead;
SELECT count(*) FILTER (WHERE open) AS left_open FROM hbase_fdw_scanners();
-- the connection that carried the dropped page serves the next scan
SELECT count(*), sum(n) FROM ra_t;

-- an error in the middle of a scan with a page in flight: the next statements are fine
SELECT k, 1 / (n - 100) FROM ra_t;
SELECT count(*) FILTER (WHERE open) AS left_open FROM hbase_fdw_scanners();
SELECT count(*), sum(n) FROM ra_t;
BEGIN;
SELECT k, 1 / (n - 100) FROM ra_t;
ROLLBACK;
SELECT count(*), sum(n) FROM ra_t;

-- scans of one connection reading ahead at once: five cursors in turn (four ahead handles
-- per connection; the fifth reads one page at a time), each at its own place
BEGIN;
DECLARE c1 CURSOR FOR SELECT k, n FROM ra_t;
DECLARE c2 CURSOR FOR SELECT k, n FROM ra_t;
DECLARE c3 CURSOR FOR SELECT k, n FROM ra_t;
DECLARE c4 CURSOR FOR SELECT k, n FROM ra_t;
DECLARE c5 CURSOR FOR SELECT k, n FROM ra_t;
MOVE 299 IN c1;
MOVE 349 IN c2;
MOVE 399 IN c3;
MOVE 449 IN c4;
MOVE 499 IN c5;
FETCH 1 FROM c1;
FETCH 1 FROM c2;
FETCH 1 FROM c3;
FETCH 1 FROM c4;
FETCH 1 FROM c5;
MOVE 400 IN c1;
MOVE 400 IN c2;
MOVE 400 IN c3;
MOVE 400 IN c4;
MOVE 400 IN c5;
FETCH 1 FROM c1;
FETCH 1 FROM c2;
FETCH 1 FROM c3;
FETCH 1 FROM c4;
FETCH 1 FROM c5;
CLOSE c3;
MOVE 97 IN c5;
FETCH ALL FROM c5;
FETCH 2 FROM c1;
COMMIT;
SELECT count(*) FILTER (WHERE open) AS left_open FROM hbase_fdw_scanners();
SELECT k, n FROM ra_t WHERE k IN ('a000', 'b000', 'd249') ORDER BY k;

-- request_timeout counts from when the page read ahead is wanted, not from when it was
-- asked for: a cursor may wait longer than that between FETCHes
\getenv hbase_url HBASE_URL
CREATE SERVER ra_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'hbase_url', request_timeout '1');
CREATE USER MAPPING FOR CURRENT_USER SERVER ra_srv;
CREATE FOREIGN TABLE ra_short (k text OPTIONS (column ':key') COLLATE "C", n int) SERVER ra_srv
  OPTIONS (table 'fdw_split', family 'cf', fetch_size '100', concurrency '1');
BEGIN;
DECLARE c CURSOR FOR SELECT k, n FROM ra_short;
MOVE 299 IN c;
SELECT pg_sleep(1.5);
FETCH 2 FROM c;
COMMIT;
DROP SERVER ra_srv CASCADE;
DROP FOREIGN TABLE ra_t;
