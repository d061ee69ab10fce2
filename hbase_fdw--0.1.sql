/* hbase_fdw--0.1.sql: SQL objects of the extension */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION hbase_fdw" to load this file. \quit

CREATE FUNCTION hbase_fdw_handler()
RETURNS fdw_handler
AS 'MODULE_PATHNAME'
LANGUAGE C STRICT;

CREATE FUNCTION hbase_fdw_validator(text[], oid)
RETURNS void
AS 'MODULE_PATHNAME'
LANGUAGE C STRICT;

CREATE FOREIGN DATA WRAPPER hbase_fdw
  HANDLER hbase_fdw_handler
  VALIDATOR hbase_fdw_validator;

-- the rowkey a foreign table's layout gives to values of its key columns
CREATE FUNCTION hbase_rowkey(foreign_table regclass, key_values jsonb)
RETURNS bytea
AS 'MODULE_PATHNAME'
LANGUAGE C STRICT STABLE;

-- a rowkey split into the parts of a foreign table's layout
CREATE FUNCTION hbase_rowkey_parts(foreign_table regclass, rowkey bytea,
  OUT part int, OUT kind text, OUT column_name text, OUT bytes bytea, OUT value text)
RETURNS SETOF record
AS 'MODULE_PATHNAME'
LANGUAGE C STRICT STABLE;

-- the validator cannot see a table's columns: the full mapping, rowkey layout
-- included, is checked at the end of CREATE/ALTER FOREIGN TABLE and IMPORT FOREIGN SCHEMA
CREATE FUNCTION hbase_fdw_ddl_check()
RETURNS event_trigger
AS 'MODULE_PATHNAME'
LANGUAGE C;

CREATE EVENT TRIGGER hbase_fdw_ddl_check ON ddl_command_end
  WHEN TAG IN ('CREATE FOREIGN TABLE', 'ALTER FOREIGN TABLE', 'ALTER TABLE', 'IMPORT FOREIGN SCHEMA')
  EXECUTE FUNCTION hbase_fdw_ddl_check();

-- the last scanners this backend opened on a gateway, and whether they are still open
CREATE FUNCTION hbase_fdw_scanners(OUT path text, OUT open bool)
RETURNS SETOF record
AS 'MODULE_PATHNAME'
LANGUAGE C STRICT VOLATILE;

-- the HTTP requests this backend sent to gateways, by method (GET, PUT, POST, DELETE, other)
CREATE FUNCTION hbase_fdw_requests(OUT method text, OUT requests bigint)
RETURNS SETOF record
AS 'MODULE_PATHNAME'
LANGUAGE C STRICT VOLATILE;

-- CellSets (Gets, multigets, scanner pages) this backend decoded, by wire format: their bytes,
-- and their bytes on the wire (fewer with the server option compression 'gzip')
CREATE FUNCTION hbase_fdw_cellsets(OUT transport text, OUT cellsets bigint, OUT bytes bigint,
                                   OUT wire_bytes bigint)
RETURNS SETOF record
AS 'MODULE_PATHNAME'
LANGUAGE C STRICT VOLATILE;

-- this backend's connections to gateways (as postgres_fdw_get_connections): server, user
-- mapping's role, gateway URL and version, used by the current transaction, open scanners,
-- requests sent on it, and valid (false: its server or user mapping changed since it opened)
CREATE FUNCTION hbase_fdw_get_connections(OUT server_name text, OUT user_name text,
  OUT url text, OUT gateway_version text, OUT in_transaction bool, OUT open_scanners int,
  OUT requests bigint, OUT valid bool)
RETURNS SETOF record
AS 'MODULE_PATHNAME'
LANGUAGE C STRICT VOLATILE PARALLEL RESTRICTED;

-- close this backend's connections to a server, or to all: true if one was closed; one the
-- current transaction uses stays open, with a warning
CREATE FUNCTION hbase_fdw_disconnect(text)
RETURNS bool
AS 'MODULE_PATHNAME'
LANGUAGE C STRICT VOLATILE PARALLEL RESTRICTED;

CREATE FUNCTION hbase_fdw_disconnect_all()
RETURNS bool
AS 'MODULE_PATHNAME'
LANGUAGE C STRICT VOLATILE PARALLEL RESTRICTED;

-- statistics of the requests sent to each server, since the counters started (the server's
-- start when the library is in shared_preload_libraries: every backend's, scope 'cluster';
-- else this backend's start, scope 'backend') or were reset; backend_only: this backend's
CREATE FUNCTION hbase_fdw_stats(backend_only boolean DEFAULT false,
  OUT server_name text, OUT serverid oid, OUT scope text, OUT requests bigint,
  OUT gets bigint, OUT multigets bigint, OUT scan_pages bigint, OUT scanner_opens bigint,
  OUT scanner_closes bigint, OUT puts bigint, OUT deletes bigint, OUT check_and_puts bigint,
  OUT increments bigint, OUT metadata bigint, OUT other_requests bigint,
  OUT bytes_out bigint, OUT bytes_in bigint,
  OUT errors_4xx bigint, OUT errors_5xx bigint, OUT unavailable bigint, OUT timeouts bigint,
  OUT transport_errors bigint, OUT canceled bigint, OUT check_failures bigint,
  OUT retries bigint, OUT failovers bigint, OUT resumed_scans bigint,
  OUT latency_p50_ms float8, OUT latency_p99_ms float8, OUT latency_max_ms float8,
  OUT stats_reset timestamptz)
RETURNS SETOF record
AS 'MODULE_PATHNAME'
LANGUAGE C STRICT VOLATILE PARALLEL RESTRICTED;

CREATE VIEW hbase_fdw_stats AS SELECT * FROM hbase_fdw_stats();

-- counts only, of this database's servers: for everyone, as the pg_stat_* views
GRANT SELECT ON hbase_fdw_stats TO PUBLIC;

-- zero the counters of a server (NULL: of every server of this database); as
-- pg_stat_statements_reset, only superusers unless granted
CREATE FUNCTION hbase_fdw_stats_reset(server text DEFAULT NULL)
RETURNS void
AS 'MODULE_PATHNAME'
LANGUAGE C CALLED ON NULL INPUT VOLATILE PARALLEL RESTRICTED;

REVOKE ALL ON FUNCTION hbase_fdw_stats_reset(text) FROM PUBLIC;

-- rowkey layouts found and checked on a sample of keys spread over the table's regions
-- (src/sql/layouts.c, src/rowkey/infer.c)
CREATE FUNCTION hbase_infer_layout(server text, hbase_table text, sample integer DEFAULT 1000,
    OUT rank integer, OUT layout text, OUT columns text, OUT keys_sampled integer,
    OUT keys_explained integer, OUT prefix text, OUT prefix_verified integer,
    OUT regions integer)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'hbase_infer_layout'
LANGUAGE C VOLATILE;

CREATE FUNCTION hbase_check_layout(foreign_table regclass, sample integer DEFAULT 1000,
    OUT keys_sampled integer, OUT unreadable integer, OUT written_otherwise integer,
    OUT implausible integer, OUT first_key text, OUT detail text)
RETURNS record
AS 'MODULE_PATHNAME', 'hbase_check_layout'
LANGUAGE C VOLATILE;

-- the Phoenix indexes a foreign table's reads can go through (option
-- phoenix_index_layouts, written by IMPORT FOREIGN SCHEMA ... OPTIONS (phoenix 'true')):
-- local_id is a local index's VIEW_INDEX_ID bytes (its rows in the data table, under each
-- region's start key), NULL for a global index
CREATE FUNCTION hbase_phoenix_indexes(foreign_table regclass, OUT index text,
    OUT hbase_table text, OUT key_columns text, OUT rowkey text, OUT empty_column text,
    OUT local_id text)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'hbase_phoenix_indexes'
LANGUAGE C STRICT STABLE;

-- the cells of sampled rows against their columns' declarations (src/sql/check_values.c):
-- values a wrong type or encoding reads without an error (a Java long as float8 binary)
CREATE FUNCTION hbase_check_values(foreign_table regclass, sample integer DEFAULT 1000,
    OUT column_name text, OUT checked text, OUT cells_sampled integer,
    OUT implausible integer, OUT first_key text, OUT example text, OUT detail text)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'hbase_check_values'
LANGUAGE C VOLATILE;

-- making and dropping HBase tables through a server's gateway (src/sql/tables.c):
-- creating needs USAGE on the server; dropping a superuser, or the owner of a foreign
-- table of the server on that HBase table
CREATE FUNCTION hbase_create_table(server text, hbase_table text,
  families text[] DEFAULT '{cf}', family_options jsonb DEFAULT NULL)
RETURNS text
AS 'MODULE_PATHNAME', 'hbase_create_table'
LANGUAGE C VOLATILE;

CREATE FUNCTION hbase_drop_table(server text, hbase_table text)
RETURNS text
AS 'MODULE_PATHNAME', 'hbase_drop_table'
LANGUAGE C STRICT VOLATILE;
