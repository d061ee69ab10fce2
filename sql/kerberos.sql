-- Kerberos: a real MIT KDC (scripts/kdc-local) and a real HBase REST gateway demanding SPNEGO
-- (scripts/hbase-local start-krb-rest, hbase.rest.authentication.type=kerberos, principal
-- HTTP/localhost) with impersonation rules (hbase.rest.support.proxyuser; hbasefdw may act as
-- alice only). Tickets come from keytabs into a private in-memory cache of the backend.
\getenv krb_url HBASE_KRB_URL
\getenv kdc HBASE_KDC_DIR
\set krb5_config :kdc '/krb5.conf'
\set client_keytab :kdc '/client.keytab'
\set short_keytab :kdc '/short.keytab'
\set nobody_keytab :kdc '/nobody.keytab'
\set ghost_keytab :kdc '/ghost.keytab'
\set VERBOSITY default

CREATE SERVER krb_srv FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url :'krb_url', krb5_config :'krb5_config');
CREATE FOREIGN TABLE krb_t (k text OPTIONS (column ':key')) SERVER krb_srv OPTIONS (table 'fdw_split');
-- no credentials: the gateway answers 401 (28000)
SELECT count(*) FROM krb_t;
\echo :SQLSTATE
-- a principal and its keytab: the query works (a stateful scanner, then a Get)
CREATE USER MAPPING FOR CURRENT_USER SERVER krb_srv
  OPTIONS (krb_principal 'hbasefdw', krb_keytab :'client_keytab');
SELECT count(*), min(k), max(k) FROM krb_t;
SELECT k FROM krb_t WHERE k = 'a001';
-- neither the keytab nor the principal appears in a plan
EXPLAIN (VERBOSE, COSTS OFF) SELECT k FROM krb_t WHERE k = 'a001';
-- impersonation: doAs=alice is allowed by the gateway's proxyuser rules
ALTER USER MAPPING FOR CURRENT_USER SERVER krb_srv OPTIONS (ADD doas 'alice');
SELECT count(*) FROM krb_t WHERE k IN ('a001', 'b002');
-- and alice is who reaches HBase: its server log names the user of each client connection
-- the gateway opens (one per user, kept for later requests)
\! grep -c 'ugi=alice (auth:SIMPLE), service=ClientService' "${HBASE_LOCAL_DIR:-/var/tmp/hbase_fdw/hbase}/logs/master.log" | awk '{ print ($1 > 0) ? "HBase saw connections as alice" : "HBase never saw alice" }'

-- doAs=mallory is not: insufficient privilege (42501)
ALTER USER MAPPING FOR CURRENT_USER SERVER krb_srv OPTIONS (SET doas 'mallory');
\set VERBOSITY terse
SELECT count(*) FROM krb_t;
\echo :SQLSTATE
-- a principal without proxyuser rules may not act as alice either
ALTER USER MAPPING FOR CURRENT_USER SERVER krb_srv
  OPTIONS (SET doas 'alice', SET krb_principal 'nobody', SET krb_keytab :'nobody_keytab');
SELECT count(*) FROM krb_t;
\echo :SQLSTATE
-- SPNEGO over https: the same gateway behind TLS (nginx, the test CA), peer verified
\getenv krb_tls_url HBASE_KRB_TLS_URL
\getenv proxy_ca PROXY_CA
CREATE SERVER krb_tls FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url :'krb_tls_url', krb5_config :'krb5_config', ca_file :'proxy_ca');
CREATE USER MAPPING FOR CURRENT_USER SERVER krb_tls
  OPTIONS (krb_principal 'hbasefdw', krb_keytab :'client_keytab', doas 'alice');
CREATE FOREIGN TABLE krb_tls_t (k text OPTIONS (column ':key')) SERVER krb_tls OPTIONS (table 'fdw_split');
SELECT count(*), min(k), max(k) FROM krb_tls_t;
SELECT k FROM krb_tls_t WHERE k = 'c003';
DROP SERVER krb_tls CASCADE;
-- the same principal without doAs: let in as itself
ALTER USER MAPPING FOR CURRENT_USER SERVER krb_srv OPTIONS (DROP doas);
SELECT count(*) FROM krb_t WHERE k = 'a001';
-- a principal the KDC does not know (its keytab outlived it): 28000, nothing sent
ALTER USER MAPPING FOR CURRENT_USER SERVER krb_srv
  OPTIONS (SET krb_principal 'ghost', SET krb_keytab :'ghost_keytab');
SELECT count(*) FROM krb_t;
\echo :SQLSTATE
-- a keytab that is not there: 28000; a superuser sees krb5's reason
ALTER USER MAPPING FOR CURRENT_USER SERVER krb_srv
  OPTIONS (SET krb_principal 'hbasefdw', SET krb_keytab '/nonexistent/hbase_fdw.keytab');
\set VERBOSITY default
SELECT count(*) FROM krb_t;
-- what is wrong with the keytab is said, the keytab named (to a superuser): one the server's
-- operating-system user cannot read, a file that is no keytab, a keytab without a key of the
-- principal (nobody's)
\! cp $HBASE_KDC_DIR/client.keytab /tmp/hbase_fdw_unreadable.keytab && chmod 000 /tmp/hbase_fdw_unreadable.keytab
\! echo 'not a keytab' > /tmp/hbase_fdw_notkeytab.keytab && chmod 644 /tmp/hbase_fdw_notkeytab.keytab
\! cp $HBASE_KDC_DIR/nobody.keytab /tmp/hbase_fdw_nokey.keytab && chmod 644 /tmp/hbase_fdw_nokey.keytab
ALTER USER MAPPING FOR CURRENT_USER SERVER krb_srv
  OPTIONS (SET krb_keytab '/tmp/hbase_fdw_unreadable.keytab');
SELECT count(*) FROM krb_t;
ALTER USER MAPPING FOR CURRENT_USER SERVER krb_srv
  OPTIONS (SET krb_keytab '/tmp/hbase_fdw_notkeytab.keytab');
SELECT count(*) FROM krb_t;
ALTER USER MAPPING FOR CURRENT_USER SERVER krb_srv
  OPTIONS (SET krb_keytab '/tmp/hbase_fdw_nokey.keytab');
SELECT count(*) FROM krb_t;
\echo :SQLSTATE
-- an existing credential cache without a ticket: 28000
ALTER USER MAPPING FOR CURRENT_USER SERVER krb_srv
  OPTIONS (DROP krb_principal, DROP krb_keytab, ADD krb_ccache 'FILE:/nonexistent/krb5cc');
SELECT count(*) FROM krb_t;
\echo :SQLSTATE
DROP USER MAPPING FOR CURRENT_USER SERVER krb_srv;

-- an existing credential cache (someone else's kinit), here with a ticket of shortlived: used
-- as it is
\! KRB5_CONFIG=$HBASE_KDC_DIR/krb5.conf kinit -k -t $HBASE_KDC_DIR/short.keytab -c FILE:$HBASE_KDC_DIR/short.ccache shortlived && chown postgres $HBASE_KDC_DIR/short.ccache
\set short_ccache 'FILE:' :kdc '/short.ccache'
CREATE SERVER krb_cc FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url :'krb_url', krb5_config :'krb5_config');
CREATE USER MAPPING FOR CURRENT_USER SERVER krb_cc OPTIONS (krb_ccache :'short_ccache');
CREATE FOREIGN TABLE krb_cc_t (k text OPTIONS (column ':key')) SERVER krb_cc OPTIONS (table 'fdw_split');
SELECT count(*) FROM krb_cc_t WHERE k = 'a001';

-- a ticket that expires (shortlived's tickets live 20 s): renewed from the keytab before the
-- request that would have carried an expired one, in the same backend
CREATE USER MAPPING FOR CURRENT_USER SERVER krb_srv
  OPTIONS (krb_principal 'shortlived', krb_keytab :'short_keytab');
SELECT count(*) FROM krb_t WHERE k = 'a001';
SELECT pg_sleep(21);
SELECT count(*) FROM krb_t WHERE k = 'a001';
SELECT count(*) FROM krb_t;
-- the credential cache's ticket has expired too: not ours to renew (28000)
\set VERBOSITY terse
SELECT count(*) FROM krb_cc_t WHERE k = 'a001';
\echo :SQLSTATE
\set VERBOSITY default
DROP SERVER krb_cc CASCADE;

-- Credentials and identities only a superuser may configure go only where a superuser
-- points them: the owner of a server may change its url, so the user mapping's krb_keytab,
-- krb_ccache and doas (and the server's krb5_config and ca_file) are used only on a server a
-- superuser owns.  A stand-in listener (tests/hostile_gateway.py) records what reaches it.
-- The server has no krb5_config (its owner could not change it otherwise): the earlier
-- servers' krb5.conf is the backend's by now, as a system-wide one would be.
\! python3 tests/hostile_gateway.py 18094
CREATE ROLE hbase_fdw_report;
CREATE SERVER krb_report FOREIGN DATA WRAPPER hbase_fdw OPTIONS (url :'krb_url');
CREATE USER MAPPING FOR hbase_fdw_report SERVER krb_report
  OPTIONS (krb_principal 'hbasefdw', krb_keytab :'client_keytab', doas 'alice');
CREATE FOREIGN TABLE krb_report_t (k text OPTIONS (column ':key')) SERVER krb_report
  OPTIONS (table 'fdw_split');
GRANT SELECT ON krb_report_t TO hbase_fdw_report;
-- owned by a superuser, used by the role (which may not change the server): the mapping works
GRANT USAGE ON FOREIGN SERVER krb_report TO hbase_fdw_report;
SET ROLE hbase_fdw_report;
SELECT count(*) FROM krb_report_t WHERE k = 'a001';
ALTER SERVER krb_report OPTIONS (SET url 'http://localhost:18094');
RESET ROLE;
-- given to the role, which points it at its own listener: refused before any request, and
-- the listener receives nothing (no Negotiate token, no doAs)
ALTER SERVER krb_report OWNER TO hbase_fdw_report;
SET ROLE hbase_fdw_report;
\set VERBOSITY terse
SELECT count(*) FROM krb_report_t WHERE k = 'a001';
\set VERBOSITY default
ALTER SERVER krb_report OPTIONS (SET url 'http://localhost:18094');
SELECT count(*) FROM krb_report_t WHERE k = 'a001';
RESET ROLE;
\! curl -s http://127.0.0.1:18094/seen | awk '{ n++; print } END { if (!n) print "the listener received no request" }'
-- the owner decides, not the url: refused on the real gateway too
SET ROLE hbase_fdw_report;
ALTER SERVER krb_report OPTIONS (SET url :'krb_url');
SELECT count(*) FROM krb_report_t WHERE k = 'a001';
RESET ROLE;
-- a superuser takes the server back: the mapping is used again
ALTER SERVER krb_report OWNER TO CURRENT_USER;
SET ROLE hbase_fdw_report;
SELECT count(*) FROM krb_report_t WHERE k = 'a001';
RESET ROLE;
-- the server's own krb5_config (or ca_file) on a server a non-superuser owns: refused too
CREATE SERVER krb_report2 FOREIGN DATA WRAPPER hbase_fdw
  OPTIONS (url :'krb_url', krb5_config :'krb5_config');
ALTER SERVER krb_report2 OWNER TO hbase_fdw_report;
CREATE FOREIGN TABLE krb_report2_t (k text OPTIONS (column ':key')) SERVER krb_report2
  OPTIONS (table 'fdw_split');
SELECT count(*) FROM krb_report2_t WHERE k = 'a001';
\! curl -s http://127.0.0.1:18094/quit >/dev/null
DROP SERVER krb_report, krb_report2 CASCADE;
DROP ROLE hbase_fdw_report;

-- option checks: the principal needs its keytab; files and doas are for superusers
ALTER USER MAPPING FOR CURRENT_USER SERVER krb_srv OPTIONS (DROP krb_keytab);
ALTER USER MAPPING FOR CURRENT_USER SERVER krb_srv OPTIONS (SET krb_keytab 'relative.keytab');
CREATE ROLE hbase_fdw_krb_user;
GRANT USAGE ON FOREIGN SERVER krb_srv TO hbase_fdw_krb_user;
GRANT SELECT ON krb_t TO hbase_fdw_krb_user;
SET ROLE hbase_fdw_krb_user;
CREATE USER MAPPING FOR CURRENT_USER SERVER krb_srv
  OPTIONS (krb_principal 'hbasefdw', krb_keytab :'client_keytab');
CREATE USER MAPPING FOR CURRENT_USER SERVER krb_srv OPTIONS (krb_ccache 'FILE:/tmp/krb5cc_0');
CREATE USER MAPPING FOR CURRENT_USER SERVER krb_srv OPTIONS (doas 'alice');
RESET ROLE;
-- a mapping a superuser made with a wrong keytab: its user gets no path in the error
CREATE USER MAPPING FOR hbase_fdw_krb_user SERVER krb_srv
  OPTIONS (krb_principal 'hbasefdw', krb_keytab '/nonexistent/secret-place.keytab');
SET ROLE hbase_fdw_krb_user;
SELECT count(*) FROM krb_t;
SELECT :'LAST_ERROR_MESSAGE' NOT LIKE '%secret-place%' AS no_path_in_message;
RESET ROLE;
DROP USER MAPPING FOR hbase_fdw_krb_user SERVER krb_srv;
REVOKE ALL ON krb_t FROM hbase_fdw_krb_user;
REVOKE ALL ON FOREIGN SERVER krb_srv FROM hbase_fdw_krb_user;
DROP ROLE hbase_fdw_krb_user;
DROP SERVER krb_srv CASCADE;
