-- SET n = n + k near the limits of bigint (issue 37.14).  The gateway's Increment answers an
-- empty 200, not the new value, so HBase's wrap-around cannot be seen after it: an Increment
-- is sent only while the value read and k are within +-2^61, where concurrent increments
-- cannot wrap; nearer, the row is written by check-and-put of the value computed by
-- PostgreSQL, so an overflow is 22003 on the value actually written over.  Values are put and
-- read back through REST as raw 8-byte longs (tests/raw_longs.py), independently of our codec.
SELECT current_database() AS db \gset
\setenv PGDATABASE :db
\! python3 tests/hbase_rest.py create incr_limit cf >/dev/null
CREATE FOREIGN TABLE incr_limit (k text OPTIONS (column ':key'),
  n bigint OPTIONS (column 'cf:n', encoding 'binary')) SERVER hbase OPTIONS (table 'incr_limit');
-- a00 to a19 and c0: 0, c1 and z: 2^63 - 41, c2: 0, c3: -5
\! printf '%s' '[{"key":"c0","cells":{"cf:n":{"hex":"0000000000000000"}}},{"key":"c1","cells":{"cf:n":{"hex":"7fffffffffffffd7"}}},{"key":"c2","cells":{"cf:n":{"hex":"0000000000000000"}}},{"key":"c3","cells":{"cf:n":{"hex":"fffffffffffffffb"}}}]' | python3 tests/hbase_rest.py put incr_limit
\! python3 -c 'import json; print(json.dumps([{"key": "a%02d" % i, "cells": {"cf:n": {"hex": "00" * 8}}} for i in range(20)] + [{"key": "z", "cells": {"cf:n": {"hex": "7fffffffffffffd7"}}}]))' | python3 tests/hbase_rest.py put incr_limit
EXPLAIN (COSTS OFF) UPDATE incr_limit SET n = n + 1 WHERE k = 'c1';

-- 4 clients, 15 rounds each, of n = n + 1 on c1: exactly 40 apply, the other 20 are 22003
\setenv PGOPTIONS '-c hbase_fdw.update_retries=10000'
\! tests/overflow_clients.sh 4 15 "UPDATE incr_limit SET n = n + 1 WHERE k = 'c1'"
-- the same on a00 to a19 and z: the rows are all read, then written in key order, so z's
-- value read is older by 20 writes when its turn comes.  z takes exactly 40; a00 to a19 are
-- written by every statement, 60, as the 20 whose z was out of range wrote them before
-- (before: concurrent Increments decided on stale values wrapped z around to -2^63)
\! tests/overflow_clients.sh 4 15 "UPDATE incr_limit SET n = n + 1 WHERE k IN ('a00', 'a01', 'a02', 'a03', 'a04', 'a05', 'a06', 'a07', 'a08', 'a09', 'a10', 'a11', 'a12', 'a13', 'a14', 'a15', 'a16', 'a17', 'a18', 'a19', 'z')"
\setenv PGOPTIONS
\! python3 tests/raw_longs.py incr_limit cf:n | sed 's/a[0-9][0-9]=[0-9]*, //g'
SELECT n, count(*) FROM incr_limit WHERE k LIKE 'a%' GROUP BY n;
SELECT k, n FROM incr_limit WHERE k NOT LIKE 'a%' ORDER BY k;

-- one statement over a row far from the limits (an Increment) and one at the limit: the
-- first stays written, the second is 22003
\set VERBOSITY default
UPDATE incr_limit SET n = n + 1 WHERE k IN ('c0', 'c1');
\set VERBOSITY terse
SELECT k, n FROM incr_limit WHERE k NOT LIKE 'a%' ORDER BY k;
-- an amount far from the limits is an Increment whatever the sign
UPDATE incr_limit SET n = n - 7 WHERE k = 'c2';
-- subtracting -2^63 from a negative value fits (before: refused, as HBase cannot add 2^63)
UPDATE incr_limit SET n = n - (-9223372036854775808) WHERE k = 'c3';
UPDATE incr_limit SET n = n + 9223372036854775807 WHERE k = 'c2';
\! python3 tests/raw_longs.py incr_limit cf:n | sed 's/a[0-9][0-9]=[0-9]*, //g'

DROP FOREIGN TABLE incr_limit;
\! python3 tests/hbase_rest.py drop incr_limit >/dev/null
