-- Bulk writes with several PUTs in flight (write_concurrency): COPY and INSERT ... SELECT send
-- up to write_concurrency batches of batch_size rows at once. Every PUT is answered before any
-- error is raised: the error names exactly the rows that stand and the batch that may or may
-- not, and HBase read back raw agrees. A stand-in (tests/write_proxy.py) in front of the real
-- gateway fails the PUT holding key r21 (the 3rd of 8 batches of 10, whatever order they arrive
-- in) with a 500, HBase's own 503, or a reset after the gateway did the write; it holds every
-- PUT it passes on a moment, and says how many it held at once (the batches overlap).
\getenv hbase_url HBASE_URL
\! for p in 18240 18241 18242 18243 18244 18245 18246 18247 18248 18249 18250 18251 18252 18254 18255 18256 18257; do curl -s -m 1 http://127.0.0.1:$p/quit >/dev/null; done; sleep 0.3
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
\set bw bw_500
\set bw_url 'http://127.0.0.1:18240'
\i sql/bulk_writes_server.inc
\set VERBOSITY default
COPY bw_500 FROM '/tmp/hbase_fdw_bulk_writes_80.tsv';
\echo :SQLSTATE
\set VERBOSITY terse
\! curl -s http://127.0.0.1:18240/stats | awk '{print "puts", $2, "answered here", $6, "overlapping:", ($NF >= 4 ? "yes" : "no, " $NF)}'
\! python3 tests/hbase_rest.py scan bw_500 | python3 -c "import json,sys; k=[r['key'] for r in json.load(sys.stdin)]; print(len(k), 'rows in HBase; missing:', sorted(set('r%02d' % i for i in range(1, 81)) - set(k)))"

-- two batches fail (the 3rd and the 5th): the error is the 3rd's, a context line names the 5th,
-- and the other 6 stand
\! python3 tests/write_proxy.py 18244 "$HBASE_URL" --fail-puts-holding cjIx,cjQx --status 500 --hold 0.2
\set bw bw_two
\set bw_url 'http://127.0.0.1:18244'
\i sql/bulk_writes_server.inc
\set VERBOSITY default
COPY bw_two FROM '/tmp/hbase_fdw_bulk_writes_80.tsv';
\echo :SQLSTATE
\set VERBOSITY terse
\! python3 tests/hbase_rest.py scan bw_two | python3 -c "import json,sys; k=[r['key'] for r in json.load(sys.stdin)]; print(len(k), 'rows in HBase; missing:', sorted(set('r%02d' % i for i in range(1, 81)) - set(k)))"

-- HBase's own 503 ("Unavailable") on the 3rd batch of an INSERT ... SELECT: that batch's rows
-- are sent again one by one and tell which stand (all but r21, which fails again)
\! python3 tests/write_proxy.py 18241 "$HBASE_URL" --fail-puts-holding cjIx --status 503 --body 'Unavailable\r\norg.apache.hadoop.hbase.client.RetriesExhaustedException: Failed after attempts=2\r\n' --hold 0.2
\set bw bw_503
\set bw_url 'http://127.0.0.1:18241'
\i sql/bulk_writes_server.inc
\set VERBOSITY default
INSERT INTO bw_503 SELECT 'r' || lpad(g::text, 2, '0'), 'v' || g FROM generate_series(1, 80) g;
\echo :SQLSTATE
\set VERBOSITY terse
\! curl -s http://127.0.0.1:18241/stats | awk '{print "puts", $2, "answered here", $6, "overlapping:", ($NF >= 4 ? "yes" : "no, " $NF)}'
\! python3 tests/hbase_rest.py scan bw_503 | python3 -c "import json,sys; k=[r['key'] for r in json.load(sys.stdin)]; print(len(k), 'rows in HBase; missing:', sorted(set('r%02d' % i for i in range(1, 81)) - set(k)))"

-- a reset after the gateway did the 3rd batch's write: no answer, 08007; the batch is not sent
-- again, and its rows stand though the error could only say they may
\! python3 tests/write_proxy.py 18242 "$HBASE_URL" --fail-puts-holding cjIx --reset --after-forward --hold 0.2
\set bw bw_rst
\set bw_url 'http://127.0.0.1:18242'
\i sql/bulk_writes_server.inc
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
\set bw bw_dup
\set bw_url 'http://127.0.0.1:18243'
\i sql/bulk_writes_server.inc
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
\set bw bw_mid
\set bw_url 'http://127.0.0.1:18245'
\i sql/bulk_writes_server.inc
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
\set bw bw_upd
\set bw_url 'http://127.0.0.1:18246'
\i sql/bulk_writes_server.inc
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
\set bw bw_updr
\set bw_url 'http://127.0.0.1:18247'
\i sql/bulk_writes_server.inc
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
\set bw bw_del
\set bw_url 'http://127.0.0.1:18248'
\i sql/bulk_writes_server.inc
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
\set bw bw_delr
\set bw_url 'http://127.0.0.1:18249'
\i sql/bulk_writes_server.inc
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
\set bw bw_gw
\set bw_url 'http://127.0.0.1:18250, http://127.0.0.1:18251'
\i sql/bulk_writes_server.inc
COPY bw_gw FROM '/tmp/hbase_fdw_bulk_writes_80.tsv';
\! for p in 18250 18251; do curl -s http://127.0.0.1:$p/stats | awk '{print "puts", $2, "max_same_body", $10, "overlapping:", ($NF >= 2 ? "yes" : "no, " $NF)}'; done
\! python3 tests/hbase_rest.py scan bw_gw | python3 -c "import json,sys; rows=json.load(sys.stdin); print(len(rows), 'rows in HBase; wrong:', [r['key'] for r in rows if r['cells']['d:v'] != 'v%d' % int(r['key'][1:])])"
\! python3 tests/write_proxy.py 18252 "$HBASE_URL" --hold 0.2
\set bw bw_gw2
\set bw_url 'http://127.0.0.1:18252, http://127.0.0.1:18253'
\i sql/bulk_writes_server.inc
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
\set bw bw_dn
\set bw_url 'http://127.0.0.1:18254'
\i sql/bulk_writes_server.inc
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

-- An UPDATE whose SET reads the row writes each row by a check-and-put on the value the scan
-- read (docs/writes.md), write_concurrency at once while the scan reads on. Each table holds
-- r01-r16 (v: v1-v16), written through REST; 8 check-and-puts a round, the scan's order
\! for t in bw_cu bw_cu3 bw_cur bw_cuc; do python3 tests/hbase_rest.py drop $t >/dev/null 2>&1; python3 tests/hbase_rest.py create $t d >/dev/null; done
\! python3 -c "import json; print(json.dumps([{'key': 'r%02d' % i, 'cells': {'d:v': 'v%d' % i}} for i in range(1, 17)]))" > /tmp/hbase_fdw_bulk_writes_16.json
\! for t in bw_cu bw_cu3 bw_cur bw_cuc; do python3 tests/hbase_rest.py put $t < /tmp/hbase_fdw_bulk_writes_16.json; done

-- the check-and-put of r03 (the 3rd of the first round of 8) gets a 500: every one of the round
-- is answered first; the error names row 3 as unknown and counts the 7 rows that stand (r01,
-- r02, r04-r08); the second round is not sent. HBase read back raw agrees (r03 and r09-r16 as
-- they were: the stand-in answered r03 without passing it on)
\! python3 tests/write_proxy.py 18255 "$HBASE_URL" --fail-puts-holding cjAz --status 500 --hold 0.2
\set bw bw_cu
\set bw_url 'http://127.0.0.1:18255'
\i sql/bulk_writes_server.inc
EXPLAIN (COSTS OFF) UPDATE bw_cu SET v = v || '+' WHERE v LIKE 'v%';
\set VERBOSITY default
UPDATE bw_cu SET v = v || '+' WHERE v LIKE 'v%';
\echo :SQLSTATE
\set VERBOSITY terse
\! curl -s http://127.0.0.1:18255/stats | awk '{print "puts", $2, "answered here", $6, "max_same_body", $10, "overlapping:", ($NF >= 4 ? "yes" : "no, " $NF)}'
\! python3 tests/hbase_rest.py scan bw_cu | python3 -c "import json,sys; rows=json.load(sys.stdin); print(len(rows), 'rows in HBase; updated:', sorted(r['key'] for r in rows if r['cells']['d:v'].endswith('+')))"

-- the same, HBase's own 503 on r03's check-and-put: for one row's write it says nothing of
-- single rows, so r03 may stand (08007, not sent again); the 7 others stand
\! python3 tests/write_proxy.py 18256 "$HBASE_URL" --fail-puts-holding cjAz --status 503 --body 'Unavailable\r\norg.apache.hadoop.hbase.client.RetriesExhaustedException: Failed after attempts=2\r\n' --hold 0.2
\set bw bw_cu3
\set bw_url 'http://127.0.0.1:18256'
\i sql/bulk_writes_server.inc
\set VERBOSITY default
UPDATE bw_cu3 SET v = v || '+' WHERE v LIKE 'v%';
\echo :SQLSTATE
\set VERBOSITY terse
\! curl -s http://127.0.0.1:18256/stats | awk '{print "puts", $2, "answered here", $6, "max_same_body", $10}'
\! python3 tests/hbase_rest.py scan bw_cu3 | python3 -c "import json,sys; rows=json.load(sys.stdin); print(len(rows), 'rows in HBase; updated:', sorted(r['key'] for r in rows if r['cells']['d:v'].endswith('+')))"

-- r03's check-and-put reset after the gateway did it: 08007 names row 3 as unknown; HBase has
-- r01-r08 updated, and each check-and-put was sent once
\! python3 tests/write_proxy.py 18257 "$HBASE_URL" --fail-puts-holding cjAz --reset --after-forward --hold 0.2
\set bw bw_cur
\set bw_url 'http://127.0.0.1:18257'
\i sql/bulk_writes_server.inc
\set VERBOSITY default
UPDATE bw_cur SET v = v || '+' WHERE v LIKE 'v%';
\echo :SQLSTATE
\set VERBOSITY terse
\! curl -s http://127.0.0.1:18257/stats | awk '{print "puts", $2, "answered here", $6, "max_same_body", $10}'
\! python3 tests/hbase_rest.py scan bw_cur | python3 -c "import json,sys; rows=json.load(sys.stdin); print(len(rows), 'rows in HBase; updated:', sorted(r['key'] for r in rows if r['cells']['d:v'].endswith('+')))"

-- A concurrent writer: bw_sneak(k, v) writes the rows named in bw.sneak_keys through REST
-- (COPY TO PROGRAM, as sql/retry.sql) with the value bw.sneak_value while the SET of that row
-- is computed, after the scan read it and before its check-and-put goes
\! install -m 644 tests/hbase_rest.py /tmp/bw_sneak_rest.py
\getenv test_ns HBASE_TEST_NAMESPACE
\if :{?test_ns}
\set bw_table :test_ns ':bw_cuc'
\else
\set bw_table bw_cuc
\endif
SELECT set_config('bw.url', :'hbase_url', false) IS NOT NULL AND
       set_config('bw.table', :'bw_table', false) IS NOT NULL AS configured;
CREATE FUNCTION bw_sneak(k text, v text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  IF k = ANY (string_to_array(current_setting('bw.sneak_keys'), ',')) THEN
    EXECUTE format('COPY (SELECT 1) TO PROGRAM %L',
      format('printf %%s %s | HBASE_URL=%s HBASE_TEST_NAMESPACE= python3 /tmp/bw_sneak_rest.py put %s',
             quote_literal(format('[{"key":"%s","cells":{"d:v":"%s"}}]', k,
                                  current_setting('bw.sneak_value'))),
             current_setting('bw.url'), current_setting('bw.table')));
  END IF;
  RETURN v;
END $$;
CREATE FOREIGN TABLE bw_cuc (k text OPTIONS (column ':key'), v text OPTIONS (column 'd:v'))
  SERVER bw_direct OPTIONS (table 'bw_cuc');
-- READ COMMITTED: r03 becomes 'y3' after the scan read it; once its round is answered it is read
-- again, no longer matches the WHERE and is left as it is: UPDATE 15, as PostgreSQL counts
SELECT set_config('bw.sneak_keys', 'r03', false) IS NOT NULL AND
       set_config('bw.sneak_value', 'y3', false) IS NOT NULL AS sneaking;
UPDATE bw_cuc SET v = bw_sneak(k, v) || '+' WHERE v LIKE 'v%';
\echo rows: :ROW_COUNT
\! python3 tests/hbase_rest.py scan bw_cuc | python3 -c "import json,sys; rows=json.load(sys.stdin); print(len(rows), 'rows in HBase; not updated:', sorted((r['key'], r['cells']['d:v']) for r in rows if not r['cells']['d:v'].endswith('+')))"
-- r03 becomes 'v3b': read again it still matches, and the SET is applied to 'v3b': UPDATE 16
\! python3 tests/hbase_rest.py put bw_cuc < /tmp/hbase_fdw_bulk_writes_16.json
SELECT set_config('bw.sneak_value', 'v3b', false) IS NOT NULL AS sneaking;
UPDATE bw_cuc SET v = bw_sneak(k, v) || '+' WHERE v LIKE 'v%';
\echo rows: :ROW_COUNT
\! python3 tests/hbase_rest.py get bw_cuc r03
-- REPEATABLE READ: a changed row is not read again. The rows of r03's round that were written
-- at the same time stand (r01, r02, r04-r08): no 40001 (running it again would apply them
-- twice) but the error naming them; r03 and the second round are not written
\! python3 tests/hbase_rest.py put bw_cuc < /tmp/hbase_fdw_bulk_writes_16.json
SELECT set_config('bw.sneak_value', 'y3', false) IS NOT NULL AS sneaking;
\set VERBOSITY default
BEGIN ISOLATION LEVEL REPEATABLE READ;
UPDATE bw_cuc SET v = bw_sneak(k, v) || '+' WHERE v LIKE 'v%';
\echo :SQLSTATE
ROLLBACK;
\! python3 tests/hbase_rest.py scan bw_cuc | python3 -c "import json,sys; rows=json.load(sys.stdin); print(len(rows), 'rows in HBase; updated:', sorted(r['key'] for r in rows if r['cells']['d:v'].endswith('+')), 'r03:', [r['cells']['d:v'] for r in rows if r['key'] == 'r03'])"
-- every row of the round changed under it (r09 and r10, the UPDATE's only rows): nothing was
-- written, 40001; the context names the other row as not written
\! python3 tests/hbase_rest.py put bw_cuc < /tmp/hbase_fdw_bulk_writes_16.json
SELECT set_config('bw.sneak_keys', 'r09,r10', false) IS NOT NULL AS sneaking;
BEGIN ISOLATION LEVEL REPEATABLE READ;
UPDATE bw_cuc SET v = bw_sneak(k, v) || '+' WHERE k IN ('r09', 'r10') AND v LIKE 'v%';
\echo :SQLSTATE
ROLLBACK;
\set VERBOSITY terse
\! python3 tests/hbase_rest.py scan bw_cuc | python3 -c "import json,sys; rows=json.load(sys.stdin); print(len(rows), 'rows in HBase; updated:', sorted(r['key'] for r in rows if r['cells']['d:v'].endswith('+')), 'changed:', sorted((r['key'], r['cells']['d:v']) for r in rows if r['cells']['d:v'][0] == 'y'))"
DROP FUNCTION bw_sneak(text, text);

\! for p in 18240 18241 18242 18243 18244 18245 18246 18247 18248 18249 18250 18251 18252 18254 18255 18256 18257; do curl -s -m 2 http://127.0.0.1:$p/quit >/dev/null; done
\! rm -f /tmp/hbase_fdw_bulk_writes_80.tsv /tmp/hbase_fdw_bulk_writes_81.tsv /tmp/hbase_fdw_bulk_writes_80.json /tmp/hbase_fdw_bulk_writes_16.json
\! for t in bw_mid bw_upd bw_updr bw_del bw_delr bw_gw bw_gw2 bw_dn bw_cu bw_cu3 bw_cur bw_cuc; do python3 tests/hbase_rest.py drop $t >/dev/null 2>&1; done
DROP SERVER bw_direct, bw_500, bw_two, bw_503, bw_rst, bw_dup, bw_mid, bw_upd, bw_updr, bw_del,
  bw_delr, bw_gw, bw_gw2, bw_dn, bw_cu, bw_cu3, bw_cur CASCADE;
