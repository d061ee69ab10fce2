-- Writes that hold: INSERT ... ON CONFLICT DO NOTHING writes a row only where its key does not
-- exist (an HBase check-and-put, through the 2.6, 2.5.8 and 2.4.17 gateways, and under 8
-- concurrent clients); with several gateways a PUT goes to the next one only when it surely did
-- not reach the first (else 08007: its outcome is unknown); a batch that fails half-way says
-- what the statement wrote before, and is not sent again row by row to a gateway that fails
-- everything. Stand-ins (tests/write_proxy.py) count the requests that reach each gateway and
-- give the answers no real gateway gives on demand.
\getenv hbase_url HBASE_URL
\getenv gw24_url HBASE_GW24_URL
\getenv gw25_url HBASE_GW25_URL
CREATE SERVER wo26 FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'hbase_url');
CREATE SERVER wo24 FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'gw24_url');
CREATE SERVER wo25 FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'gw25_url');
CREATE USER MAPPING FOR CURRENT_USER SERVER wo26;
CREATE USER MAPPING FOR CURRENT_USER SERVER wo24;
CREATE USER MAPPING FOR CURRENT_USER SERVER wo25;

-- ON CONFLICT DO NOTHING: whether a row exists is told by the table's first column mapped to
-- a cell (here d:v), checked and written in one atomic HBase check-and-put
\! python3 tests/hbase_rest.py create wo_dn d >/dev/null
CREATE FOREIGN TABLE dn26 (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'),
  n int OPTIONS (column 'd:n')) SERVER wo26 OPTIONS (table 'wo_dn');
CREATE FOREIGN TABLE dn24 (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'),
  n int OPTIONS (column 'd:n')) SERVER wo24 OPTIONS (table 'wo_dn');
CREATE FOREIGN TABLE dn25 (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'),
  n int OPTIONS (column 'd:n')) SERVER wo25 OPTIONS (table 'wo_dn');
INSERT INTO dn26 VALUES ('k1', 'first', 1) ON CONFLICT DO NOTHING;
INSERT INTO dn26 VALUES ('k1', 'second', 2) ON CONFLICT DO NOTHING;
INSERT INTO dn24 VALUES ('k1', 'third', 3) ON CONFLICT DO NOTHING;
INSERT INTO dn25 VALUES ('k1', 'fourth', 4) ON CONFLICT DO NOTHING;
\! python3 tests/hbase_rest.py get wo_dn k1
-- RETURNING gives the rows inserted, and only those
INSERT INTO dn24 VALUES ('k2', 'by 2.4', 24) ON CONFLICT DO NOTHING RETURNING k, v, n;
INSERT INTO dn25 VALUES ('k2', 'by 2.5', 25), ('k3', 'by 2.5', 25) ON CONFLICT DO NOTHING RETURNING k, v, n;
INSERT INTO dn26 VALUES ('k3', 'by 2.6', 26), ('k4', 'by 2.6', 26) ON CONFLICT DO NOTHING RETURNING k, v, n;
-- a key twice in one statement: the first row is inserted
INSERT INTO dn26 VALUES ('k5', 'one', 1), ('k5', 'two', 2), ('k1', 'again', 0) ON CONFLICT DO NOTHING;
SELECT k, v, n FROM dn26 ORDER BY k;
-- a plain INSERT of an existing key stays an upsert (an HBase PUT): the cells are overwritten
INSERT INTO dn26 VALUES ('k1', 'overwritten', 9);
SELECT k, v, n FROM dn26 WHERE k = 'k1';
-- the check cell must be written: a row without it (NULL, empty) would count as absent
\set VERBOSITY default
INSERT INTO dn26 VALUES ('k6', NULL, 6) ON CONFLICT DO NOTHING;
\echo :SQLSTATE
INSERT INTO dn26 VALUES ('k6', '', 6) ON CONFLICT DO NOTHING;
-- a row that exists but lacks the check cell counts as absent: its cells are written into it
\! printf '%s' '[{"key":"k7","cells":{"d:n":"seven"}}]' | python3 tests/hbase_rest.py put wo_dn
INSERT INTO dn26 VALUES ('k7', 'v7', 7) ON CONFLICT DO NOTHING;
\! python3 tests/hbase_rest.py get wo_dn k7
-- with an empty_column (Phoenix's marker, written in every row), that cell decides: a row
-- holding only the marker exists
\! printf '%s' '[{"key":"k8","cells":{"d:_0":"x"}}]' | python3 tests/hbase_rest.py put wo_dn
CREATE FOREIGN TABLE dn_marked (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER wo26 OPTIONS (table 'wo_dn', empty_column 'd:_0');
INSERT INTO dn_marked VALUES ('k8', 'not written') ON CONFLICT DO NOTHING;
INSERT INTO dn_marked VALUES ('k9', NULL), ('k9', 'twice') ON CONFLICT DO NOTHING RETURNING *;
\! python3 tests/hbase_rest.py get wo_dn k8; python3 tests/hbase_rest.py get wo_dn k9
-- a table without a column mapped to one cell has nothing to check
CREATE FOREIGN TABLE dn_family (k text OPTIONS (column ':key'), d jsonb OPTIONS (column 'd'))
  SERVER wo26 OPTIONS (table 'wo_dn');
INSERT INTO dn_family VALUES ('k10', '{"v": "x"}') ON CONFLICT DO NOTHING;
-- a conflict target or DO UPDATE: PostgreSQL refuses them on foreign tables (no unique index)
INSERT INTO dn26 VALUES ('k1', 'x', 0) ON CONFLICT (k) DO NOTHING;
INSERT INTO dn26 VALUES ('k1', 'x', 0) ON CONFLICT (k) DO UPDATE SET v = 'y';
-- a missing HBase table
CREATE FOREIGN TABLE dn_missing (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER wo26 OPTIONS (table 'wo_no_such_table');
INSERT INTO dn_missing VALUES ('a', 'b') ON CONFLICT DO NOTHING;
\set VERBOSITY terse

-- 8 clients insert the same 50 keys, each in an order of its own, twice (pgbench): every key is
-- inserted exactly once, by one client, whose value HBase holds; through each gateway
\! python3 tests/hbase_rest.py create wo_dn_cc26 d >/dev/null
\! python3 tests/hbase_rest.py create wo_dn_cc24 d >/dev/null
\! python3 tests/hbase_rest.py create wo_dn_cc25 d >/dev/null
CREATE FOREIGN TABLE dn_cc26 (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER wo26 OPTIONS (table 'wo_dn_cc26');
CREATE FOREIGN TABLE dn_cc24 (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER wo24 OPTIONS (table 'wo_dn_cc24');
CREATE FOREIGN TABLE dn_cc25 (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER wo25 OPTIONS (table 'wo_dn_cc25');
CREATE TABLE wo_dn_log (gw int, k text, v text);
\setenv WO_DB :DBNAME
\! for gw in 26 24 25; do pgbench -n -c 8 -j 8 -t 2 -f tests/do_nothing.pgbench -D tbl=dn_cc$gw -D gw=$gw "$WO_DB" 2>&1 | grep -E 'actually processed|failed transactions'; done
SELECT gw, count(*) AS inserted, count(DISTINCT k) AS keys
  FROM wo_dn_log GROUP BY gw ORDER BY gw;
-- what HBase holds is what the inserting client wrote, for every key
SELECT 26 AS gw, count(*) AS rows, count(*) FILTER (WHERE l.v IS DISTINCT FROM t.v) AS not_the_winners
  FROM dn_cc26 t LEFT JOIN wo_dn_log l ON l.gw = 26 AND l.k = t.k
UNION ALL
SELECT 24, count(*), count(*) FILTER (WHERE l.v IS DISTINCT FROM t.v)
  FROM dn_cc24 t LEFT JOIN wo_dn_log l ON l.gw = 24 AND l.k = t.k
UNION ALL
SELECT 25, count(*), count(*) FILTER (WHERE l.v IS DISTINCT FROM t.v)
  FROM dn_cc25 t LEFT JOIN wo_dn_log l ON l.gw = 25 AND l.k = t.k
ORDER BY 1;
\! python3 tests/hbase_rest.py scan wo_dn_cc24 | python3 -c 'import json,sys; print(len(json.load(sys.stdin)), "rows through REST")'
DROP TABLE wo_dn_log;

-- Several gateways: a PUT that got no answer is not sent to the next gateway. Gateway A (an
-- extra real gateway, frozen with SIGSTOP: it takes the request and answers nothing) and B (the
-- main one), each behind a proxy that counts the PUTs reaching it
\! python3 tests/hbase_rest.py create wo_fo d >/dev/null
\! for p in 18192 18193 18194 18195 18196 18197 18198 18199; do curl -s -m 1 http://127.0.0.1:$p/quit >/dev/null; done; sleep 0.3
\! scripts/hbase-local start-rest-extra 18191 >/dev/null
\! python3 tests/write_proxy.py 18194 http://127.0.0.1:18191
\! python3 tests/write_proxy.py 18195 "$HBASE_URL"
CREATE SERVER wo_ab FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18194, http://127.0.0.1:18195', request_timeout '3');
CREATE USER MAPPING FOR CURRENT_USER SERVER wo_ab;
CREATE FOREIGN TABLE fo_ab (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER wo_ab OPTIONS (table 'wo_fo');
\! scripts/hbase-local pause-rest-extra 18191
\set VERBOSITY default
INSERT INTO fo_ab VALUES ('late', 'v1');
\echo :SQLSTATE
\set VERBOSITY terse
-- the PUT reached A once and B never; nothing is written while A is frozen
\! echo "A: $(curl -s http://127.0.0.1:18194/stats)"; echo "B: $(curl -s http://127.0.0.1:18195/stats)"
\! python3 tests/hbase_rest.py get wo_fo late || echo 'late: no such row in HBase'
-- A thaws and does the write it had taken: a copy sent to B could have overwritten a newer value
\! scripts/hbase-local resume-rest-extra 18191
\! for i in $(seq 50); do python3 tests/hbase_rest.py get wo_fo late 2>/dev/null && break; sleep 0.2; done
\! scripts/hbase-local stop-rest-extra 18191

-- a 503 of a proxy (its text says nothing of whether the gateway got the request): an answer
-- may come after the write was done, so the PUT is not sent to the next gateway; 08007
\! python3 tests/write_proxy.py 18196 "$HBASE_URL" --fail-puts-after 0 --status 503 --body 'Service Unavailable'
CREATE SERVER wo_cb FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18196, http://127.0.0.1:18195');
CREATE USER MAPPING FOR CURRENT_USER SERVER wo_cb;
CREATE FOREIGN TABLE fo_cb (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER wo_cb OPTIONS (table 'wo_fo');
\set VERBOSITY default
INSERT INTO fo_cb VALUES ('moved', 'v2');
\echo :SQLSTATE
\set VERBOSITY terse
\! echo "C: $(curl -s http://127.0.0.1:18196/stats)"; echo "B: $(curl -s http://127.0.0.1:18195/stats)"
\! python3 tests/hbase_rest.py get wo_fo moved || echo 'moved: no such row in HBase'
\! printf '%s' '[{"key":"moved","cells":{"d:v":"v2"}}]' | python3 tests/hbase_rest.py put wo_fo
-- a service mesh that forwards the Increment and then answers 503 (Envoy's "upstream connect
-- error or disconnect/reset before headers"): the UPDATE's one Increment is not sent to B, and
-- it says 08007; M is then left out a while and the next UPDATE goes to B: the counter went up
-- once per statement, never twice (2, where re-sending the first made it 3)
\! python3 tests/write_proxy.py 18192 "$HBASE_URL" --fail-puts-after 0 --status 503 --body 'upstream connect error or disconnect/reset before headers. reset reason: connection termination' --after-forward
\! printf '%s' '[{"key":"ctr","cells":{"d:n":{"hex":"0000000000000000"}}}]' | python3 tests/hbase_rest.py put wo_fo
CREATE SERVER wo_mesh FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18192, http://127.0.0.1:18195');
CREATE USER MAPPING FOR CURRENT_USER SERVER wo_mesh;
CREATE FOREIGN TABLE fo_mesh (k text OPTIONS (column ':key'), n bigint OPTIONS (column 'd:n', encoding 'binary'))
  SERVER wo_mesh OPTIONS (table 'wo_fo');
\set VERBOSITY default
UPDATE fo_mesh SET n = n + 1 WHERE k = 'ctr';
\echo :SQLSTATE
\set VERBOSITY terse
UPDATE fo_mesh SET n = n + 1 WHERE k = 'ctr';
\! echo "M: $(curl -s http://127.0.0.1:18192/stats)"; echo "B: $(curl -s http://127.0.0.1:18195/stats)"
\! python3 tests/raw_longs.py wo_fo d:n
-- the REST resource's own 503 ("Unavailable": HBase failed the write it attempted) is an
-- answer: the PUT may be partly done, and is not sent elsewhere
\! python3 tests/write_proxy.py 18197 "$HBASE_URL" --fail-puts-after 0 --status 503 --body 'Unavailable\r\norg.apache.hadoop.hbase.client.RetriesExhaustedException: Failed after attempts=2\r\n'
CREATE SERVER wo_db FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18197, http://127.0.0.1:18195');
CREATE USER MAPPING FOR CURRENT_USER SERVER wo_db;
CREATE FOREIGN TABLE fo_db (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER wo_db OPTIONS (table 'wo_fo');
\set VERBOSITY default
INSERT INTO fo_db VALUES ('answered', 'v3');
\set VERBOSITY terse
\! echo "D: $(curl -s http://127.0.0.1:18197/stats)"; echo "B: $(curl -s http://127.0.0.1:18195/stats)"
-- a DELETE alike: the one the stand-in F answers with that 503 is not sent to B, which would
-- delete the row (the Get that finds it goes to one gateway, the DELETE to the next)
\! python3 tests/write_proxy.py 18193 "$HBASE_URL" --fail-deletes --status 503 --body 'Unavailable\r\njava.io.IOException: region in transition\r\n'
CREATE SERVER wo_bf FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18193, http://127.0.0.1:18195');
CREATE USER MAPPING FOR CURRENT_USER SERVER wo_bf;
CREATE FOREIGN TABLE fo_bf (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER wo_bf OPTIONS (table 'wo_fo');
DELETE FROM fo_bf WHERE k = 'moved';
\! echo "F: $(curl -s http://127.0.0.1:18193/stats)"; echo "B: $(curl -s http://127.0.0.1:18195/stats)"
\! python3 tests/hbase_rest.py get wo_fo moved

-- a batch INSERT whose gateway fails every PUT from the 4th on (HTTP 500): the error says that
-- the 300 rows before were written and stay; the failed batch is not sent again row by row
\! python3 tests/hbase_rest.py create wo_half d >/dev/null
\! python3 tests/write_proxy.py 18198 "$HBASE_URL" --fail-puts-after 3 --status 500 --body 'Internal Server Error'
CREATE SERVER wo_e FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url 'http://127.0.0.1:18198');
CREATE USER MAPPING FOR CURRENT_USER SERVER wo_e;
-- (one PUT at a time: the 4th to arrive is the 4th batch; sql/bulk_writes.sql fails a batch
-- among several in flight)
CREATE FOREIGN TABLE half (k text OPTIONS (column ':key'), n int OPTIONS (column 'd:n'))
  SERVER wo_e OPTIONS (table 'wo_half', batch_size '100', write_concurrency '1');
\set VERBOSITY default
INSERT INTO half SELECT 'r' || lpad(g::text, 4, '0'), g FROM generate_series(1, 600) g;
\set VERBOSITY terse
\! echo "E: $(curl -s http://127.0.0.1:18198/stats)"
\! python3 tests/hbase_rest.py scan wo_half | python3 -c 'import json,sys; r=json.load(sys.stdin); print(len(r), "rows in HBase:", r[0]["key"], "to", r[-1]["key"])'
-- HBase's own 503 on a batch (some rows may stand): each row is sent again alone, but when the
-- first 3 fail too the gateway fails everything, and the rest is not sent
\! python3 tests/write_proxy.py 18199 "$HBASE_URL" --fail-puts-after 3 --status 503 --body 'Unavailable\r\njava.io.IOException: region in transition\r\n'
ALTER SERVER wo_e OPTIONS (SET url 'http://127.0.0.1:18199');
\set VERBOSITY default
INSERT INTO half SELECT 'r' || lpad(g::text, 4, '0'), g FROM generate_series(1001, 1600) g;
\set VERBOSITY terse
\! echo "E': $(curl -s http://127.0.0.1:18199/stats)"

\! for p in 18192 18193 18194 18195 18196 18197 18198 18199; do curl -s -m 2 http://127.0.0.1:$p/quit >/dev/null; done
DROP SERVER wo26, wo24, wo25, wo_ab, wo_cb, wo_mesh, wo_db, wo_bf, wo_e CASCADE;
\! for t in wo_dn wo_dn_cc26 wo_dn_cc24 wo_dn_cc25 wo_fo wo_half; do python3 tests/hbase_rest.py drop $t; done
