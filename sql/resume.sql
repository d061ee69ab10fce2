-- Scans hold up: paging is keyset on the rowkey, so a scan whose scanner is lost (here: the
-- real REST gateway restarted in the middle of it) resumes after the last row it returned,
-- with no row lost and none twice.
ALTER FOREIGN TABLE split_t OPTIONS (ADD fetch_size '10');
CREATE FUNCTION pg_temp.scan_report(q text) RETURNS TABLE (item text) LANGUAGE plpgsql AS $$
DECLARE
  line text;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || q LOOP
    IF line ~ 'Foreign Scan' THEN
      item := regexp_replace(line, '^\s*->\s*', '');
      RETURN NEXT;
    ELSIF line ~ 'HBase Scans Resumed' THEN
      item := 'resumed at least once: ' || (substring(line FROM '\d+$')::int >= 1);
      RETURN NEXT;
    END IF;
  END LOOP;
END $$;
-- the gateway goes down 0.5 s into a 3 s scan and comes back some seconds later
\! (sleep 0.5; scripts/hbase-local restart-rest >/dev/null 2>&1) &
SELECT * FROM pg_temp.scan_report('SELECT k, n, pg_sleep(0.003) FROM split_t');
-- and the rows are exactly the table's
\! (sleep 0.5; scripts/hbase-local restart-rest >/dev/null 2>&1) &
SELECT count(*), count(DISTINCT k), min(k), max(k), sum(n)
  FROM (SELECT k, n, pg_sleep(0.003) FROM split_t) s;
ALTER FOREIGN TABLE split_t OPTIONS (DROP fetch_size);
SELECT count(*) FROM split_t;
