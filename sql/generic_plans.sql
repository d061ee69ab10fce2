-- needs: layouts (the foreign tables they make; scripts/test --only runs them first)
-- Generic plans: with plan_cache_mode = force_generic_plan the key values are parameters,
-- known only at execution.  EXPLAIN of such a plan names the operation execution makes of
-- them (a Get, a multiget, bounded scans, one per salt bucket, reversed ...); EXPLAIN ANALYZE
-- shows the operation made and its requests prove it.  Costs, EXPLAIN and execution derive
-- the operation in one place (src/keyplan.c), so they cannot disagree: EXPLAIN used to say
-- "full scan" for S2's company_id = $1 AND stat_date BETWEEN $2 AND $3, which execution
-- reads as one bounded scan per day.
-- Needs the tables of sql/layouts.sql.
SET plan_cache_mode = force_generic_plan;

-- point: the whole key from the parameter, one Get
PREPARE point(text) AS SELECT name FROM lay_s1 WHERE item_id = $1;
EXPLAIN (COSTS OFF) EXECUTE point('42');
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE point('42');
EXECUTE point('42');

-- multiget: = ANY of an array parameter, its keys in one request
PREPARE many(text[]) AS SELECT name FROM lay_s1 WHERE item_id = ANY($1) ORDER BY name;
EXPLAIN (COSTS OFF) EXECUTE many('{42,item-0001,no-such-item}');
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE many('{42,item-0001,no-such-item}');
EXECUTE many('{42,item-0001,no-such-item}');

-- prefix: the first key part, one bounded scan
PREPARE mailbox(bigint) AS SELECT mail_id, subject FROM lay_s9 WHERE user_id = $1 ORDER BY mail_id;
EXPLAIN (COSTS OFF) EXECUTE mailbox(1);
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE mailbox(1);
EXECUTE mailbox(1);

-- range: the first part and bounds on the second, one bounded scan between them
PREPARE mails(bigint, bigint, bigint) AS
  SELECT mail_id FROM lay_s9 WHERE user_id = $1 AND mail_id BETWEEN $2 AND $3 ORDER BY mail_id;
EXPLAIN (COSTS OFF) EXECUTE mails(1, 2, 5000000000);
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE mails(1, 2, 5000000000);
EXECUTE mails(1, 2, 5000000000);

-- a hash prefix over (company_id, stat_date): the days between the bounds each make a prefix,
-- one bounded scan per day (more than 1000 days: a skip scan)
PREPARE days(int, date, date) AS SELECT stat_date, campaign_id FROM lay_s2
  WHERE company_id = $1 AND stat_date BETWEEN $2 AND $3 ORDER BY 1, 2;
EXPLAIN (COSTS OFF) EXECUTE days(42, '2024-02-28', '2024-03-01');
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE days(42, '2024-02-28', '2024-03-01');
EXECUTE days(42, '2024-02-28', '2024-03-01');

-- salted by a hash of ts (S7): uid alone cannot give the salt, one bounded scan per bucket
-- (and the one Java's Math.abs of Integer.MIN_VALUE writes)
PREPARE events(text) AS SELECT ts, seq FROM lay_s7 WHERE uid = $1 ORDER BY ts, seq;
EXPLAIN (COSTS OFF) EXECUTE events('1');
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE events('1');
EXECUTE events('1');

-- Phoenix's salt over the whole key: computed from the parameter, one Get
PREPARE phx(int) AS SELECT v FROM lay_phx WHERE id = $1;
EXPLAIN (COSTS OFF) EXECUTE phx(12345678);
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE phx(12345678);
EXECUTE phx(12345678);

-- Phoenix's salt with a partial key: one bounded scan per bucket, merged on the key after the
-- salt for ORDER BY id (no Sort)
PREPARE phx_from(int) AS SELECT id FROM lay_phx WHERE id >= $1 ORDER BY id LIMIT 3;
EXPLAIN (COSTS OFF) EXECUTE phx_from(4);
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE phx_from(4);
EXECUTE phx_from(4);

-- a hash prefix over columns not all known: a skip scan matching the company's bytes
PREPARE company(int) AS SELECT stat_date, campaign_id FROM lay_s2 WHERE company_id = $1 ORDER BY 1, 2;
EXPLAIN (COSTS OFF) EXECUTE company(7);
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE company(7);
EXECUTE company(7);

-- the newest first: ORDER BY the key part DESC LIMIT, a reversed bounded scan
PREPARE last_mails(bigint) AS
  SELECT mail_id FROM lay_s9 WHERE user_id = $1 ORDER BY mail_id DESC LIMIT 2;
EXPLAIN (COSTS OFF) EXECUTE last_mails(1);
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE last_mails(1);
EXECUTE last_mails(1);

-- keyset pages: a row comparison starts the scan at the last key seen
PREPARE next_page(bigint, bigint) AS SELECT user_id, mail_id FROM lay_s9
  WHERE (user_id, mail_id) > ($1, $2) ORDER BY user_id, mail_id LIMIT 2;
EXPLAIN (COSTS OFF) EXECUTE next_page(1, 2);
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE next_page(1, 2);
EXECUTE next_page(1, 2);

-- a NULL parameter: no row can match, no request
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE point(NULL);

-- with custom plans the values are constants at planning: EXPLAIN shows the keys and ranges
SET plan_cache_mode = force_custom_plan;
EXPLAIN (COSTS OFF) EXECUTE days(42, '2024-02-28', '2024-03-01');
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE many('{42,item-0001}');
RESET plan_cache_mode;
DEALLOCATE ALL;
