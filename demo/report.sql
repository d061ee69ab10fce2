-- demo/report.sql - the ad-report example: HBase rows joined with relational tables.
\set ON_ERROR_STOP on
\getenv hbase_url HBASE_URL
SET client_min_messages = warning;
DROP EXTENSION IF EXISTS hbase_fdw CASCADE;
CREATE EXTENSION hbase_fdw;
CREATE SERVER hbase FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'hbase_url');

-- the application writes rowkeys as
--   substr(md5(company_id + stat_date),0,5) + company_id + stat_date [+ campaign_id]
-- with 6-digit ids and yyyyMMdd dates; company/day totals have no campaign part
CREATE FOREIGN TABLE ad_report (
  company_id  int,
  stat_date   date,
  campaign_id int,
  cost        numeric(12,2),
  clicks      bigint  OPTIONS (encoding 'binary'),
  impressions bigint  OPTIONS (encoding 'binary')
) SERVER hbase OPTIONS (table 'ad_report', family 'd',
  rowkey 'left(md5(company_id + stat_date), 5) + lpad(company_id, 6) + date(stat_date, "yyyyMMdd") + [lpad(campaign_id, 6)]');

-- the relational side
DROP TABLE IF EXISTS companies, campaigns;
CREATE TABLE companies (company_id int PRIMARY KEY, name text, owner text);
INSERT INTO companies VALUES (100001, 'Acme Corp', 'alice'), (100002, 'Globex', 'bob'),
  (100003, 'Initech', 'carol');
CREATE TABLE campaigns (campaign_id int PRIMARY KEY, company_id int REFERENCES companies, name text);
INSERT INTO campaigns
  SELECT 300000 + (c.company_id % 1000) * 10 + n, c.company_id,
         (ARRAY['Spring sale','Brand','Retargeting','Search','Video'])[n]
  FROM companies c, generate_series(1, 5) n;
RESET client_min_messages;

\echo
\echo 'Week of 2024-03-01: cost, clicks and CTR per campaign, joined with local tables'
SELECT co.name AS company, ca.name AS campaign,
       sum(r.cost) AS cost, sum(r.clicks) AS clicks,
       round(100.0 * sum(r.clicks) / nullif(sum(r.impressions), 0), 2) AS ctr_pct
  FROM ad_report r
  JOIN campaigns ca ON ca.campaign_id = r.campaign_id
  JOIN companies co ON co.company_id = r.company_id
 WHERE r.stat_date BETWEEN '2024-03-01' AND '2024-03-07'
 GROUP BY co.name, ca.name
 ORDER BY co.name, cost DESC;

\echo 'Company/day total rows (no campaign part in the key) agree with the detail rows'
SELECT t.company_id, count(*) AS days,
       bool_and(t.cost = d.cost AND t.clicks = d.clicks) AS totals_match
  FROM ad_report t
  JOIN (SELECT company_id, stat_date, sum(cost) AS cost, sum(clicks) AS clicks
          FROM ad_report WHERE campaign_id IS NOT NULL GROUP BY 1, 2) d
    ON d.company_id = t.company_id AND d.stat_date = t.stat_date
 WHERE t.campaign_id IS NULL
 GROUP BY t.company_id ORDER BY 1;

\echo 'The rowkey of one detail row, computed and split into its parts'
SELECT * FROM hbase_rowkey_parts('ad_report',
  hbase_rowkey('ad_report', '{"company_id": 100002, "stat_date": "2024-03-05", "campaign_id": 300022}'));

\echo 'A company/day total: the key (hash prefix included) is computed, one HBase Get'
EXPLAIN (COSTS OFF) SELECT cost, clicks FROM ad_report
 WHERE company_id = 100002 AND stat_date = '2024-03-05' AND campaign_id IS NULL;
SELECT cost, clicks FROM ad_report
 WHERE company_id = 100002 AND stat_date = '2024-03-05' AND campaign_id IS NULL;

\echo 'Its per-campaign detail, named from the relational table: a batched key join (the keys of a batch of campaigns read by multigets)'
EXPLAIN (COSTS OFF)
SELECT ca.name, r.cost, r.clicks
  FROM campaigns ca JOIN ad_report r
    ON r.campaign_id = ca.campaign_id AND r.company_id = ca.company_id AND r.stat_date = '2024-03-05'
 WHERE ca.company_id = 100002;
SELECT ca.name, r.cost, r.clicks
  FROM campaigns ca JOIN ad_report r
    ON r.campaign_id = ca.campaign_id AND r.company_id = ca.company_id AND r.stat_date = '2024-03-05'
 WHERE ca.company_id = 100002
 ORDER BY r.cost DESC;
