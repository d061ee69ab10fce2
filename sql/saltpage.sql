-- Keyset pages on salted tables (issue 36): a row comparison on the key columns after the
-- salt cuts each bucket's range at the bound, after the bucket's own bytes (each bucket holds
-- its rows in key order after the salt), forwards and backwards (a previous page: the buckets
-- read by reversed scans and merged backwards).  A page of LIMIT n then receives at most
-- buckets x n rows, one request per bucket, instead of every bucket from its start.
-- Fixtures: tests/fixtures_saltpage.py (sp_jhash: a Java hash salt of 8 buckets over a text
-- part and a 0x00 delimiter, 1,200 rows; sp_phx: a Phoenix salt of 4 buckets, 918 rows).
SET timezone = 'UTC';
CREATE FOREIGN TABLE sp_j (usr text COLLATE "C", seq int, v text OPTIONS (column 'cf:v'))
  SERVER hbase OPTIONS (table 'sp_jhash', rowkey 'salt(8, javahash(usr)) + usr + "\x00" + lpad(seq, 4)');
CREATE FOREIGN TABLE sp_p (shop_id int, day date, n int OPTIONS (column 'cf:n'))
  SERVER hbase OPTIONS (table 'sp_phx', rowkey 'salt(4) + lpad(shop_id, 5) + date(day, "yyyyMMdd")');

-- the next page: every bucket's range starts just after the last key seen (the successor of
-- the fixed-width seq), merged in key order, no Sort
EXPLAIN (COSTS OFF) SELECT usr, seq FROM sp_j WHERE (usr, seq) > ('u50', 3) ORDER BY usr, seq LIMIT 5;
SELECT usr, seq, v FROM sp_j WHERE (usr, seq) > ('u50', 3) ORDER BY usr, seq LIMIT 5;
-- 8 buckets x 5 rows at most, not the 1,200 rows of the table
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT usr, seq FROM sp_j WHERE (usr, seq) > ('u50', 3) ORDER BY usr, seq LIMIT 5;
-- the previous page: each bucket read backwards from the bound, merged backwards, one
-- stateless request per bucket, concurrently
EXPLAIN (COSTS OFF) SELECT usr, seq FROM sp_j WHERE (usr, seq) < ('u50', 3) ORDER BY usr DESC, seq DESC LIMIT 5;
SELECT usr, seq FROM sp_j WHERE (usr, seq) < ('u50', 3) ORDER BY usr DESC, seq DESC LIMIT 5;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
  SELECT usr, seq FROM sp_j WHERE (usr, seq) < ('u50', 3) ORDER BY usr DESC, seq DESC LIMIT 5;
-- inclusive bounds, and a bound with another range on the first column (per-bucket ranges
-- cut on both sides)
SELECT usr, seq FROM sp_j WHERE (usr, seq) >= ('u50', 3) ORDER BY usr, seq LIMIT 3;
SELECT usr, seq FROM sp_j WHERE (usr, seq) <= ('u50', 3) ORDER BY usr DESC, seq DESC LIMIT 3;
EXPLAIN (COSTS OFF) SELECT usr, seq FROM sp_j
  WHERE (usr, seq) > ('u50', 3) AND usr < 'u51' ORDER BY usr, seq;
SELECT usr, seq FROM sp_j WHERE (usr, seq) > ('u50', 3) AND usr < 'u51' ORDER BY usr, seq;
-- the bound's values come at execution (a generic plan): the ranges are computed then
PREPARE next_page(text, int) AS
  SELECT usr, seq FROM sp_j WHERE (usr, seq) > ($1, $2) ORDER BY usr, seq LIMIT 5;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE next_page('u50', 3);
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE next_page('u50', 3);
EXECUTE next_page('u50', 3);
RESET plan_cache_mode;

-- a Phoenix salt (over the whole key after it): the same per bucket
EXPLAIN (COSTS OFF) SELECT shop_id, day FROM sp_p
  WHERE (shop_id, day) > (20, '2026-01-05') ORDER BY shop_id, day LIMIT 10;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT shop_id, day FROM sp_p
  WHERE (shop_id, day) > (20, '2026-01-05') ORDER BY shop_id, day LIMIT 10;
SELECT shop_id, day, n FROM sp_p WHERE (shop_id, day) > (20, '2026-01-05') ORDER BY shop_id, day LIMIT 10;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT shop_id, day FROM sp_p
  WHERE (shop_id, day) < (20, '2026-01-05') ORDER BY shop_id DESC, day DESC LIMIT 10;
SELECT shop_id, day, n FROM sp_p WHERE (shop_id, day) < (20, '2026-01-05') ORDER BY shop_id DESC, day DESC LIMIT 10;

-- whole walks, page by page, forwards and backwards: every page's keys are the expected
-- ones (a local copy read with pushdown off, sorted by PostgreSQL), no key twice; and each
-- page's EXPLAIN ANALYZE: the most rows received and requests of a page (at most
-- buckets x page rows), and that no page needed a Sort
SET hbase_fdw.enable_pushdown = off;
CREATE TEMP TABLE local_j AS SELECT usr, seq FROM sp_j;
CREATE TEMP TABLE local_p AS SELECT shop_id, day FROM sp_p;
RESET hbase_fdw.enable_pushdown;
CREATE FUNCTION pg_temp.walk(tbl text, loc text, a text, b text, ta text, tb text, page int,
  backwards bool)
RETURNS TABLE (nkeys int, distinct_keys bigint, pages int, bad_pages int, all_keys bool,
  max_received int, max_requests int, sorted_pages int)
LANGUAGE plpgsql AS $$
DECLARE
  dir text := CASE WHEN backwards THEN ' DESC' ELSE '' END;
  op text := CASE WHEN backwards THEN '<' ELSE '>' END;
  expected text[];
  keys text[] := '{}';
  pagekeys text[];
  la text; lb text; q text; line text; r record;
BEGIN
  EXECUTE format('SELECT array_agg(%s::text || ''/'' || %s::text ORDER BY %s%s, %s%s) FROM %s',
                 a, b, a, dir, b, dir, loc) INTO expected;
  pages := 0; bad_pages := 0; max_received := 0; max_requests := 0; sorted_pages := 0;
  LOOP
    q := format('SELECT %s::text AS a, %s::text AS b FROM %s', a, b, tbl);
    IF la IS NOT NULL THEN
      q := q || format(' WHERE (%s, %s) %s (%L::%s, %L::%s)', a, b, op, la, ta, lb, tb);
    END IF;
    q := q || format(' ORDER BY %s%s, %s%s LIMIT %s', a, dir, b, dir, page);
    pagekeys := '{}';
    FOR r IN EXECUTE q LOOP
      pagekeys := pagekeys || (r.a || '/' || r.b);
      la := r.a; lb := r.b;
    END LOOP;
    FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || q LOOP
      IF line ~ 'HBase Rows Received' THEN
        max_received := greatest(max_received, substring(line from '\d+$')::int);
      ELSIF line ~ 'HBase Requests' THEN
        max_requests := greatest(max_requests, substring(line from '\d+$')::int);
      ELSIF line ~ 'Sort' THEN
        sorted_pages := sorted_pages + 1;
      END IF;
    END LOOP;
    IF pagekeys IS DISTINCT FROM coalesce(expected[cardinality(keys) + 1 : cardinality(keys) + page], '{}') THEN
      bad_pages := bad_pages + 1;
    END IF;
    EXIT WHEN cardinality(pagekeys) = 0;
    keys := keys || pagekeys;
    pages := pages + 1;
  END LOOP;
  nkeys := cardinality(keys);
  distinct_keys := (SELECT count(DISTINCT x) FROM unnest(keys) x);
  all_keys := keys = expected;
  RETURN NEXT;
END $$;
SELECT * FROM pg_temp.walk('sp_j', 'local_j', 'usr', 'seq', 'text', 'int', 50, false);
SELECT * FROM pg_temp.walk('sp_j', 'local_j', 'usr', 'seq', 'text', 'int', 50, true);
SELECT * FROM pg_temp.walk('sp_p', 'local_p', 'shop_id', 'day', 'int', 'date', 40, false);
SELECT * FROM pg_temp.walk('sp_p', 'local_p', 'shop_id', 'day', 'int', 'date', 40, true);
