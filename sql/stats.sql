-- Statistics for the operator: the view hbase_fdw_stats (over hbase_fdw_stats(backend_only))
-- counts per server the requests by kind, bytes both ways, errors by class, retries,
-- failovers, resumed scans and latency percentiles; hbase_fdw_stats_reset(server) zeroes them.
-- With hbase_fdw in shared_preload_libraries the counters are every backend's (scope
-- 'cluster'), else this backend's (scope 'backend'): this file's output is the same either
-- way, and checks the counters of another backend against the scope.
\getenv hbase_url HBASE_URL
-- rows written through the REST gateway by the test harness (a 3000-byte value in r3)
\! python3 tests/hbase_rest.py create st_stats cf >/dev/null
\! python3 -c 'import json; print(json.dumps([{"key": "r1", "cells": {"cf:v": "one"}}, {"key": "r2", "cells": {"cf:v": "two"}}, {"key": "r3", "cells": {"cf:v": "x" * 3000}}, {"key": "r4", "cells": {"cf:v": "four"}}, {"key": "r5", "cells": {"cf:v": "five"}}]))' | python3 tests/hbase_rest.py put st_stats
CREATE SERVER st_srv FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'hbase_url');
CREATE FOREIGN TABLE st_t (k text OPTIONS (column ':key') COLLATE "C", v text) SERVER st_srv
  OPTIONS (table 'st_stats', family 'cf', fetch_size '2');
CREATE FOREIGN TABLE st_n (k text OPTIONS (column ':key') COLLATE "C", n bigint OPTIONS (encoding 'binary'))
  SERVER st_srv OPTIONS (table 'st_stats', family 'cf');
CREATE VIEW st_counts AS
  SELECT server_name, requests, gets, multigets, scan_pages, scanner_opens, scanner_closes,
         puts, deletes, check_and_puts, increments, metadata, other_requests
  FROM hbase_fdw_stats WHERE server_name LIKE 'st\_%' ORDER BY server_name;
CREATE VIEW st_errors AS
  SELECT server_name, errors_4xx, errors_5xx, unavailable, timeouts, transport_errors, canceled,
         check_failures, retries, failovers, resumed_scans
  FROM hbase_fdw_stats WHERE server_name LIKE 'st\_%' ORDER BY server_name;
-- the scope says where the counts come from
SELECT current_setting('shared_preload_libraries') ~ 'hbase_fdw' AS preloaded \gset
SELECT * FROM st_t WHERE k = 'r1';
SELECT scope = CASE WHEN :'preloaded'::boolean THEN 'cluster' ELSE 'backend' END AS scope_ok
  FROM hbase_fdw_stats WHERE server_name = 'st_srv';
SELECT scope FROM hbase_fdw_stats(true) WHERE server_name = 'st_srv';
-- after a reset: zeros, and no latency yet
SELECT hbase_fdw_stats_reset('st_srv');
SELECT * FROM st_counts;
SELECT * FROM st_errors;
SELECT bytes_out, bytes_in, latency_p50_ms, latency_p99_ms, latency_max_ms,
       stats_reset BETWEEN now() - interval '1 minute' AND clock_timestamp() AS reset_now
  FROM hbase_fdw_stats WHERE server_name = 'st_srv';
-- a Get is one request, of kind get
SELECT * FROM st_t WHERE k = 'r1';
SELECT * FROM st_counts;
-- the latency of what was answered: p50 <= p99 <= max, all > 0
SELECT latency_p50_ms > 0 AS p50_pos, latency_p50_ms <= latency_p99_ms AS p50_le_p99,
       latency_p99_ms <= latency_max_ms AS p99_le_max
  FROM hbase_fdw_stats WHERE server_name = 'st_srv';
-- a Get of a row that is not there: a 404, which is no error
SELECT * FROM st_t WHERE k = 'nosuch';
-- a multiget
SELECT * FROM st_t WHERE k IN ('r1', 'r2') ORDER BY k;
SELECT * FROM st_counts;
SELECT * FROM st_errors;
-- a scan of 5 rows in pages of at most 2 (fetch_size): 3 pages of one scanner
SELECT k, length(v) FROM st_t ORDER BY k;
SELECT * FROM st_counts;
-- bytes: a 3000-byte value comes in, a 5000-byte one goes out
SELECT bytes_in AS in0, bytes_out AS out0 FROM hbase_fdw_stats WHERE server_name = 'st_srv' \gset
SELECT length(v) FROM st_t WHERE k = 'r3';
SELECT bytes_in - :in0 >= 3000 AS value_in, bytes_out - :out0 BETWEEN 1 AND 2000 AS get_out
  FROM hbase_fdw_stats WHERE server_name = 'st_srv';
SELECT bytes_in AS in0, bytes_out AS out0 FROM hbase_fdw_stats WHERE server_name = 'st_srv' \gset
INSERT INTO st_t VALUES ('w1', repeat('y', 5000));
SELECT bytes_out - :out0 >= 5000 AS value_out, bytes_in - :in0 BETWEEN 1 AND 2000 AS put_in
  FROM hbase_fdw_stats WHERE server_name = 'st_srv';
-- writes: the INSERT was a put; an UPDATE reads the row (a Get) and puts it; a DELETE reads
-- it and deletes it; an increment of a binary bigint reads the row and sends an Increment
-- (from 2 gets to 7 with the SELECTs, 3 puts, 1 delete, 1 increment)
UPDATE st_t SET v = 'z' WHERE k = 'w1';
DELETE FROM st_t WHERE k = 'w1';
INSERT INTO st_n VALUES ('n1', 5);
UPDATE st_n SET n = n + 1 WHERE k = 'n1';
SELECT * FROM st_n WHERE k = 'n1';
SELECT * FROM st_counts;
-- with RETURNING, the increment reads the row and writes it by a check-and-put
UPDATE st_n SET n = n + 1 WHERE k = 'n1' RETURNING n;
SELECT requests, gets, check_and_puts, check_failures FROM hbase_fdw_stats WHERE server_name = 'st_srv';
DELETE FROM st_n WHERE k = 'n1';
-- an HBase table that does not exist: the read of its families gets a 404, the gateway makes a
-- scanner, whose read gets a 404, and so does the check that the table exists (the scanner is
-- deleted); then the namespace's tables are listed for similar names (one metadata request)
CREATE FOREIGN TABLE st_missing (k text OPTIONS (column ':key'), v text) SERVER st_srv
  OPTIONS (table 'st_no_such_table', family 'cf');
SELECT * FROM st_missing;
SELECT * FROM st_counts;
SELECT * FROM st_errors;
-- another backend: its own counters start empty; the shared ones hold this backend's gets
SELECT gets AS gets_before FROM hbase_fdw_stats WHERE server_name = 'st_srv' \gset
\c
SELECT count(*) AS own_rows FROM hbase_fdw_stats(true) WHERE server_name = 'st_srv';
SELECT coalesce((SELECT gets FROM hbase_fdw_stats WHERE server_name = 'st_srv'), 0) =
       CASE WHEN :'preloaded'::boolean THEN :gets_before ELSE 0 END AS other_backend_seen;
SELECT * FROM st_t WHERE k = 'r2';
SELECT gets FROM hbase_fdw_stats(true) WHERE server_name = 'st_srv';
SELECT gets = CASE WHEN :'preloaded'::boolean THEN :gets_before + 1 ELSE 1 END AS both_counted
  FROM hbase_fdw_stats WHERE server_name = 'st_srv';
-- several gateways, the first one down: the request (the first: the read of the table's
-- families) goes to the next (a failover, and a retry), the first one counts as unavailable
-- (no connection made)
SELECT 'http://127.0.0.1:1, ' || :'hbase_url' AS two_urls \gset
CREATE SERVER st_two FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'two_urls', gateway_version '2.6.1');
CREATE FOREIGN TABLE st_two_t (k text OPTIONS (column ':key') COLLATE "C", v text) SERVER st_two
  OPTIONS (table 'st_stats', family 'cf');
SELECT * FROM st_two_t WHERE k = 'r1';
SELECT * FROM st_counts WHERE server_name = 'st_two';
SELECT * FROM st_errors WHERE server_name = 'st_two';
-- a stand-in gateway for the answers a real one does not give on demand (tests/fake_gateway.py):
-- a 500, a 503 (unavailable), no answer within request_timeout, and a cancel
\! python3 tests/fake_gateway.py 18181
CREATE SERVER st_fake FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18181', gateway_version '2.6.1', request_timeout '1');
CREATE FOREIGN TABLE st_500 (k text OPTIONS (column ':key')) SERVER st_fake OPTIONS (table 'status500');
CREATE FOREIGN TABLE st_503 (k text OPTIONS (column ':key')) SERVER st_fake OPTIONS (table 'status503');
CREATE FOREIGN TABLE st_hang (k text OPTIONS (column ':key')) SERVER st_fake OPTIONS (table 'hang');
SELECT * FROM st_500 WHERE k = 'a';
SELECT * FROM st_503 WHERE k = 'a';
SELECT * FROM st_hang WHERE k = 'a';
-- a cancel (statement_timeout) before request_timeout
SET statement_timeout = '300ms';
SELECT * FROM st_hang WHERE k = 'a';
RESET statement_timeout;
SELECT * FROM st_counts WHERE server_name = 'st_fake';
SELECT * FROM st_errors WHERE server_name = 'st_fake';
-- answers to 500s, 503s and timeouts are no latency samples: none was answered in time but
-- the 500 and the 503
SELECT latency_p50_ms <= latency_p99_ms AS p50_le_p99, latency_max_ms < 1000 AS hang_left_out
  FROM hbase_fdw_stats WHERE server_name = 'st_fake';
-- a 500 without a body (a refused doAs answers a protobuf Get so) says so, and what may cause it
CREATE FOREIGN TABLE st_500bare (k text OPTIONS (column ':key')) SERVER st_fake
  OPTIONS (table 'status500bare');
SELECT * FROM st_500bare WHERE k = 'a';
\! curl -s http://127.0.0.1:18181/quit >/dev/null
-- resumed scans: tests/lossy_proxy.py drops the answers to the 2nd, 5th, 8th ... scanner
-- page read, and the answer to the scanner creation after the first one: each lost page is
-- resumed by a new scanner after the last row returned, and a creation without an answer is
-- sent again after a pause (a retry)
\! python3 tests/lossy_proxy.py 18182 "$HBASE_URL" 3 1
CREATE SERVER st_lossy FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18182', gateway_version '2.6.1');
CREATE FOREIGN TABLE st_lossy_t (k text OPTIONS (column ':key') COLLATE "C", v text) SERVER st_lossy
  OPTIONS (table 'st_stats', family 'cf', fetch_size '1');
SET hbase_fdw.read_ahead = off;
SELECT k, length(v) FROM st_lossy_t ORDER BY k;
RESET hbase_fdw.read_ahead;
\! curl -s http://127.0.0.1:18182/stats; echo
SELECT * FROM st_counts WHERE server_name = 'st_lossy';
SELECT * FROM st_errors WHERE server_name = 'st_lossy';
\! curl -s http://127.0.0.1:18182/quit >/dev/null
-- a reset of one server leaves the others'
SELECT hbase_fdw_stats_reset('st_two');
SELECT server_name, requests > 0 AS counted FROM hbase_fdw_stats
  WHERE server_name LIKE 'st\_%' ORDER BY server_name;
SELECT hbase_fdw_stats_reset();
SELECT server_name, requests FROM hbase_fdw_stats WHERE server_name LIKE 'st\_%' ORDER BY server_name;
SELECT hbase_fdw_stats_reset('st_nosuch');
-- resetting is for superusers and the roles they grant it to; reading is for everyone
CREATE ROLE st_reader;
SET ROLE st_reader;
SELECT count(*) >= 0 AS readable FROM hbase_fdw_stats;
SELECT hbase_fdw_stats_reset();
RESET ROLE;
DROP ROLE st_reader;
-- this backend counts each server it uses, past its 64 slots too: the server counted the
-- longest ago gives its slot (st_many70 is counted; the build before counted no server past
-- the 64th), and the view warns of the servers it leaves out (the 70 and the session's 4
-- others, less 64); a reset frees the slots of dropped servers, and the warning goes
SET client_min_messages = warning;
DO $$
BEGIN
  FOR i IN 1..70 LOOP
    EXECUTE format('CREATE SERVER st_many%s FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url %L, gateway_version %L)',
                   i, 'http://127.0.0.1:9', '2.6.1');
    EXECUTE format('CREATE USER MAPPING FOR CURRENT_USER SERVER st_many%s', i);
    EXECUTE format('CREATE FOREIGN TABLE st_many%s_t (k text OPTIONS (column %L)) SERVER st_many%s OPTIONS (table %L)',
                   i, ':key', i, 'st_stats');
    BEGIN
      EXECUTE format('SELECT * FROM st_many%s_t WHERE k = %L', i, 'r1');
    EXCEPTION WHEN fdw_unable_to_establish_connection THEN NULL;
    END;
  END LOOP;
END $$;
SELECT count(*) AS counted, bool_and(requests = 1) AS one_each,
       count(*) FILTER (WHERE server_name = 'st_many70') AS last_counted
  FROM hbase_fdw_stats(true) WHERE server_name LIKE 'st\_many%';
DO $$ BEGIN FOR i IN 1..70 LOOP EXECUTE format('DROP SERVER st_many%s CASCADE', i); END LOOP; END $$;
RESET client_min_messages;
SELECT hbase_fdw_stats_reset();
SELECT count(*) AS after_reset FROM hbase_fdw_stats(true);
DROP VIEW st_counts, st_errors;
DROP SERVER st_srv, st_two, st_fake, st_lossy CASCADE;
\! python3 tests/hbase_rest.py drop st_stats >/dev/null
