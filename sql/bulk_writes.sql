-- Bulk writes with several PUTs in flight (write_concurrency): COPY and INSERT ... SELECT send
-- up to write_concurrency batches of batch_size rows at once. Every PUT is answered before any
-- error is raised: the error names exactly the rows that stand and the batch that may or may
-- not, and HBase read back raw agrees. A stand-in (tests/write_proxy.py) in front of the real
-- gateway fails the PUT holding key r21 (the 3rd of 8 batches of 10, whatever order they arrive
-- in) with a 500, HBase's own 503, or a reset after the gateway did the write; it holds every
-- PUT it passes on a moment, and says how many it held at once (the batches overlap).
\getenv hbase_url HBASE_URL
\! for p in 18240 18241 18242 18243 18244 18245 18246 18247 18248 18249 18250 18251 18252 18254; do curl -s -m 1 http://127.0.0.1:$p/quit >/dev/null; done; sleep 0.3
\! for t in bw_500 bw_two bw_503 bw_rst bw_dup; do python3 tests/hbase_rest.py drop $t >/dev/null 2>&1; python3 tests/hbase_rest.py create $t d >/dev/null; done
COPY (SELECT 'r' || lpad(g::text, 2, '0'), 'v' || g FROM generate_series(1, 80) g) TO '/tmp/hbase_fdw_bulk_writes_80.tsv';

-- the option: 1 to 32, on the server or the table
CREATE SERVER bw_direct FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'hbase_url', write_concurrency '8');
CREATE USER MAPPING FOR CURRENT_USER SERVER bw_direct;
CREATE FOREIGN TABLE bw_bad (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER bw_direct OPTIONS (table 'bw_dup', write_concurrency '0');
CREATE FOREIGN TABLE bw_bad (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER bw_direct OPTIONS (table 'bw_dup', write_concurrency '33');
ALTER SERVER bw_direct OPTIONS (SET write_concurrency 'x');

-- a 500 on the 3rd batch of a COPY: the other 7 batches stand (70 rows: r01-r20, r31-r80),
-- rows 21 to 30 may or may not (here: not, the stand-in answered without passing it on)
\! python3 tests/write_proxy.py 18240 "$HBASE_URL" --fail-puts-holding cjIx --status 500 --hold 0.2
CREATE SERVER bw_500 FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18240', batch_size '10', write_concurrency '8');
CREATE USER MAPPING FOR CURRENT_USER SERVER bw_500;
CREATE FOREIGN TABLE bw_500 (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER bw_500 OPTIONS (table 'bw_500');
\set VERBOSITY default
COPY bw_500 FROM '/tmp/hbase_fdw_bulk_writes_80.tsv';
\echo :SQLSTATE
\set VERBOSITY terse
\! curl -s http://127.0.0.1:18240/stats | awk '{print "puts", $2, "answered here", $6, "overlapping:", ($NF >= 4 ? "yes" : "no, " $NF)}'
\! python3 tests/hbase_rest.py scan bw_500 | python3 -c "import json,sys; k=[r['key'] for r in json.load(sys.stdin)]; print(len(k), 'rows in HBase; missing:', sorted(set('r%02d' % i for i in range(1, 81)) - set(k)))"

-- two batches fail (the 3rd and the 5th): the error is the 3rd's, a context line names the 5th,
-- and the other 6 stand
\! python3 tests/write_proxy.py 18244 "$HBASE_URL" --fail-puts-holding cjIx,cjQx --status 500 --hold 0.2
CREATE SERVER bw_two FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18244', batch_size '10', write_concurrency '8');
CREATE USER MAPPING FOR CURRENT_USER SERVER bw_two;
CREATE FOREIGN TABLE bw_two (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER bw_two OPTIONS (table 'bw_two');
\set VERBOSITY default
COPY bw_two FROM '/tmp/hbase_fdw_bulk_writes_80.tsv';
\echo :SQLSTATE
\set VERBOSITY terse
\! python3 tests/hbase_rest.py scan bw_two | python3 -c "import json,sys; k=[r['key'] for r in json.load(sys.stdin)]; print(len(k), 'rows in HBase; missing:', sorted(set('r%02d' % i for i in range(1, 81)) - set(k)))"

-- HBase's own 503 ("Unavailable") on the 3rd batch of an INSERT ... SELECT: that batch's rows
-- are sent again one by one and tell which stand (all but r21, which fails again)
\! python3 tests/write_proxy.py 18241 "$HBASE_URL" --fail-puts-holding cjIx --status 503 --body 'Unavailable\r\norg.apache.hadoop.hbase.client.RetriesExhaustedException: Failed after attempts=2\r\n' --hold 0.2
CREATE SERVER bw_503 FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18241', batch_size '10', write_concurrency '8');
CREATE USER MAPPING FOR CURRENT_USER SERVER bw_503;
CREATE FOREIGN TABLE bw_503 (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER bw_503 OPTIONS (table 'bw_503');
\set VERBOSITY default
INSERT INTO bw_503 SELECT 'r' || lpad(g::text, 2, '0'), 'v' || g FROM generate_series(1, 80) g;
\echo :SQLSTATE
\set VERBOSITY terse
\! curl -s http://127.0.0.1:18241/stats | awk '{print "puts", $2, "answered here", $6, "overlapping:", ($NF >= 4 ? "yes" : "no, " $NF)}'
\! python3 tests/hbase_rest.py scan bw_503 | python3 -c "import json,sys; k=[r['key'] for r in json.load(sys.stdin)]; print(len(k), 'rows in HBase; missing:', sorted(set('r%02d' % i for i in range(1, 81)) - set(k)))"

-- a reset after the gateway did the 3rd batch's write: no answer, 08007; the batch is not sent
-- again, and its rows stand though the error could only say they may
\! python3 tests/write_proxy.py 18242 "$HBASE_URL" --fail-puts-holding cjIx --reset --after-forward --hold 0.2
CREATE SERVER bw_rst FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18242', batch_size '10', write_concurrency '8');
CREATE USER MAPPING FOR CURRENT_USER SERVER bw_rst;
CREATE FOREIGN TABLE bw_rst (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER bw_rst OPTIONS (table 'bw_rst');
\set VERBOSITY default
COPY bw_rst FROM '/tmp/hbase_fdw_bulk_writes_80.tsv';
\echo :SQLSTATE
\set VERBOSITY terse
\! curl -s http://127.0.0.1:18242/stats | awk '{print "puts", $2, "forwarded", $4, "max_same_body", $10, "overlapping:", ($NF >= 4 ? "yes" : "no, " $NF)}'
\! python3 tests/hbase_rest.py scan bw_rst | python3 -c "import json,sys; k=[r['key'] for r in json.load(sys.stdin)]; print(len(k), 'rows in HBase; missing:', sorted(set('r%02d' % i for i in range(1, 81)) - set(k)))"

-- one key written twice in one COPY, in the 1st and the 3rd batch of 10: the later value wins.
-- The stand-in delays the PUT holding the first value (base64 "Zmlyc3Q="): were both batches in
-- flight at once, the first value would reach HBase last and stay. The 3rd batch (rows 21-26)
-- starts a new round, sent once the first two batches are answered
\! python3 tests/write_proxy.py 18243 "$HBASE_URL" --delay-puts-holding Zmlyc3Q= --delay 0.5 --hold 0.1
CREATE SERVER bw_dup FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18243', batch_size '10', write_concurrency '8');
CREATE USER MAPPING FOR CURRENT_USER SERVER bw_dup;
CREATE FOREIGN TABLE bw_dup (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER bw_dup OPTIONS (table 'bw_dup');
COPY bw_dup FROM stdin;
d01	a
d02	b
d03	c
d04	d
d05	first
d06	f
d07	g
d08	h
d09	i
d10	j
d11	k
d12	l
d13	m
d14	n
d15	o
d16	p
d17	q
d18	r
d19	s
d20	t
d21	u
d22	v
d23	w
d24	x
d05	second
d26	z
\.
\! python3 tests/hbase_rest.py get bw_dup d05
SELECT count(*) FROM bw_dup;
\! curl -s http://127.0.0.1:18243/stats | awk '{print "puts", $2, "max_same_body", $10}'

-- pipelining: a COPY's wave of PUTs is left under way while the next lines are read and
-- encoded. A line that fails (81: an empty key) while the 8 PUTs of lines 1-80 travel (the
-- stand-in holds each answer 0.3 s; the 3rd batch gets a 500) waits for their answers first:
-- the error counts the 70 rows that stand and names rows 21 to 30 as not known. Without that
-- wait the error would say no row had been written
\! (cat /tmp/hbase_fdw_bulk_writes_80.tsv; printf '\tv81\n') > /tmp/hbase_fdw_bulk_writes_81.tsv; chmod a+r /tmp/hbase_fdw_bulk_writes_81.tsv
\! python3 tests/hbase_rest.py drop bw_mid >/dev/null 2>&1; python3 tests/hbase_rest.py create bw_mid d >/dev/null
\! python3 tests/write_proxy.py 18245 "$HBASE_URL" --fail-puts-holding cjIx --status 500 --hold 0.3
CREATE SERVER bw_mid FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18245', batch_size '10', write_concurrency '8');
CREATE USER MAPPING FOR CURRENT_USER SERVER bw_mid;
CREATE FOREIGN TABLE bw_mid (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER bw_mid OPTIONS (table 'bw_mid');
\set VERBOSITY default
COPY bw_mid FROM '/tmp/hbase_fdw_bulk_writes_81.tsv';
\set VERBOSITY terse
\! curl -s http://127.0.0.1:18245/stats | awk '{print "puts", $2, "answered here", $6}'
\! python3 tests/hbase_rest.py scan bw_mid | python3 -c "import json,sys; k=[r['key'] for r in json.load(sys.stdin)]; print(len(k), 'rows in HBase; missing:', sorted(set('r%02d' % i for i in range(1, 81)) - set(k)))"

-- UPDATE (a SET of constants) and DELETE through a scan keep a round in flight too: the UPDATE's
-- rows go in batches of batch_size, write_concurrency PUTs at once; the DELETE's rows
-- write_concurrency DELETEs at once, while the scan reads on. Each table holds r01-r80, written
-- through REST; the scan hands the rows over in key order
\! for t in bw_upd bw_updr bw_del bw_delr bw_gw bw_gw2; do python3 tests/hbase_rest.py drop $t >/dev/null 2>&1; python3 tests/hbase_rest.py create $t d >/dev/null; done
\! python3 -c "import json; print(json.dumps([{'key': 'r%02d' % i, 'cells': {'d:v': 'v%d' % i}} for i in range(1, 81)]))" > /tmp/hbase_fdw_bulk_writes_80.json
\! for t in bw_upd bw_updr bw_del bw_delr; do python3 tests/hbase_rest.py put $t < /tmp/hbase_fdw_bulk_writes_80.json; done

-- an UPDATE through a scan whose 3rd batch of PUTs (rows 21 to 30) gets a 500: the 8 batches
-- overlap, the error names rows 21 to 30 and counts the 70 rows that stand; HBase read back raw
-- agrees (r21-r30 keep their value: the stand-in answered without passing the PUT on)
\! python3 tests/write_proxy.py 18246 "$HBASE_URL" --fail-puts-holding cjIx --status 500 --hold 0.2
CREATE SERVER bw_upd FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18246', batch_size '10', write_concurrency '8');
CREATE USER MAPPING FOR CURRENT_USER SERVER bw_upd;
CREATE FOREIGN TABLE bw_upd (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER bw_upd OPTIONS (table 'bw_upd');
EXPLAIN (COSTS OFF) UPDATE bw_upd SET v = 'new' WHERE v LIKE 'v%';
\set VERBOSITY default
UPDATE bw_upd SET v = 'new' WHERE v LIKE 'v%';
\echo :SQLSTATE
\set VERBOSITY terse
\! curl -s http://127.0.0.1:18246/stats | awk '{print "puts", $2, "answered here", $6, "max_same_body", $10, "overlapping:", ($NF >= 4 ? "yes" : "no, " $NF)}'
\! python3 tests/hbase_rest.py scan bw_upd | python3 -c "import json,sys; rows=json.load(sys.stdin); print(len(rows), 'rows in HBase; not updated:', sorted(r['key'] for r in rows if r['cells']['d:v'] != 'new'))"

-- the same UPDATE, the PUT of rows 21 to 30 reset after the gateway did it: 08007, those rows
-- named as unknown; HBase has them updated, and each PUT was sent once
\! python3 tests/write_proxy.py 18247 "$HBASE_URL" --fail-puts-holding cjIx --reset --after-forward --hold 0.2
CREATE SERVER bw_updr FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18247', batch_size '10', write_concurrency '8');
CREATE USER MAPPING FOR CURRENT_USER SERVER bw_updr;
CREATE FOREIGN TABLE bw_updr (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER bw_updr OPTIONS (table 'bw_updr');
\set VERBOSITY default
UPDATE bw_updr SET v = 'new' WHERE v LIKE 'v%';
\echo :SQLSTATE
\set VERBOSITY terse
\! curl -s http://127.0.0.1:18247/stats | awk '{print "puts", $2, "answered here", $6, "max_same_body", $10}'
\! python3 tests/hbase_rest.py scan bw_updr | python3 -c "import json,sys; rows=json.load(sys.stdin); print(len(rows), 'rows in HBase; not updated:', sorted(r['key'] for r in rows if r['cells']['d:v'] != 'new'))"

-- a DELETE through a scan, 8 DELETEs at once: the 3rd of the 3rd round (r19) gets a 500. The
-- error comes when that round is judged, before the 4th round goes: it names r19 and counts
-- the 23 rows deleted (r01-r18, r20-r24); HBase keeps r19 and r25-r80 (57 rows). The stand-in
-- saw 25 DELETEs: the 24 rows' and the scanner's
\! python3 tests/write_proxy.py 18248 "$HBASE_URL" --fail-deletes-holding cjE5 --status 500 --hold 0.2
CREATE SERVER bw_del FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18248', write_concurrency '8');
CREATE USER MAPPING FOR CURRENT_USER SERVER bw_del;
CREATE FOREIGN TABLE bw_del (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER bw_del OPTIONS (table 'bw_del');
EXPLAIN (COSTS OFF) DELETE FROM bw_del WHERE v LIKE 'v%';
\set VERBOSITY default
DELETE FROM bw_del WHERE v LIKE 'v%';
\echo :SQLSTATE
\set VERBOSITY terse
\! curl -s http://127.0.0.1:18248/stats | awk '{print "deletes", $8, "answered here", $6, "max_same_path", $10, "overlapping:", ($NF >= 4 ? "yes" : "no, " $NF)}'
\! python3 tests/hbase_rest.py scan bw_del | python3 -c "import json,sys; k=[r['key'] for r in json.load(sys.stdin)]; print(len(k), 'rows in HBase:', k[0], k[1], '...', k[-1])"

-- the DELETE of r19 reset after the gateway did it: 08007 names r19 as unknown; HBase has it
-- deleted (56 rows left: r25-r80), and each DELETE was sent once (24 rows' and the scanner's)
\! python3 tests/write_proxy.py 18249 "$HBASE_URL" --fail-deletes-holding cjE5 --reset --after-forward --hold 0.2
CREATE SERVER bw_delr FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18249', write_concurrency '8');
CREATE USER MAPPING FOR CURRENT_USER SERVER bw_delr;
CREATE FOREIGN TABLE bw_delr (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER bw_delr OPTIONS (table 'bw_delr');
\set VERBOSITY default
DELETE FROM bw_delr WHERE v LIKE 'v%';
\echo :SQLSTATE
\set VERBOSITY terse
\! curl -s http://127.0.0.1:18249/stats | awk '{print "deletes", $8, "answered here", $6, "max_same_path", $10}'
\! python3 tests/hbase_rest.py scan bw_delr | python3 -c "import json,sys; k=[r['key'] for r in json.load(sys.stdin)]; print(len(k), 'rows in HBase:', k[0], '...', k[-1])"

-- several gateways (a url list): a COPY's 8 PUTs at once are spread over them, 4 each, each
-- sent once. With one gateway down (nothing listens on 18253), the PUTs its turn sent there
-- could not connect (surely not done): each goes again alone to the gateway that is up (4 in
-- the round, then those 4), and every row is written once
\! python3 tests/write_proxy.py 18250 "$HBASE_URL" --hold 0.2
\! python3 tests/write_proxy.py 18251 "$HBASE_URL" --hold 0.2
CREATE SERVER bw_gw FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18250, http://127.0.0.1:18251', batch_size '10', write_concurrency '8');
CREATE USER MAPPING FOR CURRENT_USER SERVER bw_gw;
CREATE FOREIGN TABLE bw_gw (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER bw_gw OPTIONS (table 'bw_gw');
COPY bw_gw FROM '/tmp/hbase_fdw_bulk_writes_80.tsv';
\! for p in 18250 18251; do curl -s http://127.0.0.1:$p/stats | awk '{print "puts", $2, "max_same_body", $10, "overlapping:", ($NF >= 2 ? "yes" : "no, " $NF)}'; done
\! python3 tests/hbase_rest.py scan bw_gw | python3 -c "import json,sys; rows=json.load(sys.stdin); print(len(rows), 'rows in HBase; wrong:', [r['key'] for r in rows if r['cells']['d:v'] != 'v%d' % int(r['key'][1:])])"
\! python3 tests/write_proxy.py 18252 "$HBASE_URL" --hold 0.2
CREATE SERVER bw_gw2 FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18252, http://127.0.0.1:18253', batch_size '10', write_concurrency '8');
CREATE USER MAPPING FOR CURRENT_USER SERVER bw_gw2;
CREATE FOREIGN TABLE bw_gw2 (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER bw_gw2 OPTIONS (table 'bw_gw2');
COPY bw_gw2 FROM '/tmp/hbase_fdw_bulk_writes_80.tsv';
\! curl -s http://127.0.0.1:18252/stats | awk '{print "puts", $2, "max_same_body", $10}'
\! python3 tests/hbase_rest.py scan bw_gw2 | python3 -c "import json,sys; rows=json.load(sys.stdin); print(len(rows), 'rows in HBase; wrong:', [r['key'] for r in rows if r['cells']['d:v'] != 'v%d' % int(r['key'][1:])])"

-- INSERT ... ON CONFLICT DO NOTHING goes write_concurrency rows a call, their check-and-puts
-- at once (a key repeated in a call waits for the next round: the first row of a key wins, as
-- one at a time). r02 and r05 exist; the check-and-put of r03 (the 3rd of the first 8) gets a
-- 500: the error names row 3 and counts the 5 rows written (r01, r04, r06-r08: r02 and r05
-- found); HBase has those, r02 and r05 as they were, and nothing of r03 or r09-r16
\! python3 tests/hbase_rest.py drop bw_dn >/dev/null 2>&1; python3 tests/hbase_rest.py create bw_dn d >/dev/null
\! printf '%s' '[{"key":"r02","cells":{"d:v":"old"}},{"key":"r05","cells":{"d:v":"old"}}]' | python3 tests/hbase_rest.py put bw_dn
\! python3 tests/write_proxy.py 18254 "$HBASE_URL" --fail-puts-holding cjAz --status 500 --hold 0.2
CREATE SERVER bw_dn FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url 'http://127.0.0.1:18254', write_concurrency '8');
CREATE USER MAPPING FOR CURRENT_USER SERVER bw_dn;
CREATE FOREIGN TABLE bw_dn (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER bw_dn OPTIONS (table 'bw_dn');
\set VERBOSITY default
INSERT INTO bw_dn SELECT 'r' || lpad(g::text, 2, '0'), 'v' || g FROM generate_series(1, 16) g
  ON CONFLICT DO NOTHING;
\echo :SQLSTATE
\set VERBOSITY terse
\! curl -s http://127.0.0.1:18254/stats | awk '{print "puts", $2, "answered here", $6, "max_same_body", $10, "overlapping:", ($NF >= 4 ? "yes" : "no, " $NF)}'
\! python3 tests/hbase_rest.py scan bw_dn | python3 -c "import json,sys; print(sorted((r['key'], r['cells']['d:v']) for r in json.load(sys.stdin)))"
-- through the gateway itself: the 9 rows left are written, the 7 that exist found; a key
-- given twice in one call is written once, with its first row's value
CREATE FOREIGN TABLE bw_dn_direct (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER bw_direct OPTIONS (table 'bw_dn');
INSERT INTO bw_dn_direct SELECT 'r' || lpad(g::text, 2, '0'), 'w' || g FROM generate_series(1, 16) g
  ON CONFLICT DO NOTHING;
\echo rows: :ROW_COUNT
INSERT INTO bw_dn_direct VALUES ('x1', 'first'), ('x2', 'a'), ('x1', 'second'), ('x3', 'b')
  ON CONFLICT DO NOTHING;
\echo rows: :ROW_COUNT
\! python3 tests/hbase_rest.py scan bw_dn | python3 -c "import json,sys; print(sorted((r['key'], r['cells']['d:v']) for r in json.load(sys.stdin)))"

\! for p in 18240 18241 18242 18243 18244 18245 18246 18247 18248 18249 18250 18251 18252 18254; do curl -s -m 2 http://127.0.0.1:$p/quit >/dev/null; done
\! rm -f /tmp/hbase_fdw_bulk_writes_80.tsv /tmp/hbase_fdw_bulk_writes_81.tsv /tmp/hbase_fdw_bulk_writes_80.json
\! for t in bw_mid bw_upd bw_updr bw_del bw_delr bw_gw bw_gw2 bw_dn; do python3 tests/hbase_rest.py drop $t >/dev/null 2>&1; done
DROP SERVER bw_direct, bw_500, bw_two, bw_503, bw_rst, bw_dup, bw_mid, bw_upd, bw_updr, bw_del,
  bw_delr, bw_gw, bw_gw2, bw_dn CASCADE;
