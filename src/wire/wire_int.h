/*
 * wire_int.h: the transport's own pieces, shared by the files of wire/ and
 * by no layer above: raw requests and their answers (connection.c), the
 * statistics' hooks of a request (stats.c), what a gateway's version makes
 * a request do (gateway.c, gateway_rows.c), the JSON bodies and their
 * readers (json.c), the rule of writes (rest.c).  What the layers above may
 * call is in wire.h (typed requests and results): they never see an HTTP
 * status or a raw answer's body (scripts/layers checks that a header's
 * externs are used outside its folder).
 */
#ifndef HBASE_WIRE_INT_H
#define HBASE_WIRE_INT_H

#include "wire.h"

struct hbase_http_result;

/* ---------- connection.c: connection cache and requests ---------- */

extern HBaseResponse *hbase_request(HBaseConn *conn, const char *method,
									const char *path, const char *body,
									size_t bodylen, const char *what);
extern HBaseResponse *hbase_request_ex(HBaseConn *conn, const char *method,
									   const char *path, const char *body,
									   size_t bodylen, const char *what,
									   int flags);
extern void hbase_request_many(HBaseConn *conn, const char **paths, const bool *json, int n,
							   const char *what, HBaseResponse **out,
							   bool again_alone);
extern void hbase_request_writes(HBaseConn *conn, const char *method, const char **paths,
								 const char **bodies, const size_t *bodylens, int n,
								 const char *what, HBaseResponse **out, bool *interrupted);
typedef struct HBaseWrites HBaseWrites;
extern HBaseWrites *hbase_request_writes_start(HBaseConn *conn, const char *method,
											   const char **paths, const char **bodies,
											   const size_t *bodylens, int n,
											   const char *what, bool own);
extern void hbase_request_writes_finish(HBaseWrites *w, HBaseResponse **out,
										bool *interrupted);
extern bool hbase_status_unavailable(long status);
extern bool hbase_ahead_start(HBaseAhead *a, const char *path, const char *what, int flags);
extern HBaseResponse *hbase_ahead_finish(HBaseAhead *a);
extern char *hbase_escape(HBaseConn *conn, const char *s, size_t len);
extern List *hbase_conn_families(HBaseConn *conn, const char *table);
extern void hbase_conn_set_families(HBaseConn *conn, const char *table, List *families);
extern const char *hbase_scanner_prefix(HBaseConn *conn);
extern void hbase_scanner_opened(HBaseConn *conn, const char *path);
extern void hbase_scanner_closed(HBaseConn *conn, const char *path);
extern char *hbase_scanner_id(HBaseResponse *resp, HBaseTable *table);
extern void hbase_response_release(HBaseResponse *resp);
extern HBaseCellSet *hbase_response_cellset(HBaseResponse *resp, HBaseTable *table,
											long max_rows, long max_cells);
extern struct HBaseGateway *hbase_conn_gateway(HBaseConn *conn, const char **declared);

/* ---------- stats.c: per-server request statistics ---------- */

extern void hbase_stats_sent(Oid serverid, const char *method, const char *path);
extern void hbase_stats_done(Oid serverid, const char *method, const char *path, int outcome,
							 const struct hbase_http_result *res, bool timed);

/* ---------- gateway.c: what each REST gateway version offers ---------- */

extern bool hbase_key_path_safe(const char *key, int len);
extern void hbase_gateway_inexact(const HBaseGateway *gw, HBaseTable *table, const char *what,
								  const char *key, int keylen) pg_attribute_noreturn();

/* ---------- gateway_rows.c: keys through a gateway without ?e=b64, or too long for a URL ---------- */

extern HBaseCellSet *hbase_rows_by_scanner(HBaseConn *conn, HBaseTable *table, List *keys,
										   List *columns, const char *what, long *nrequests);

/* ---------- rest.c: typed REST operations of the executor ---------- */

extern HBaseOutcome hbase_write_outcome(long status, bool unsent, const char *body, bool check,
										HBaseResult *res);
extern char *hbase_rest_table_path(HBaseConn *conn, HBaseTable *table);
extern char *hbase_rest_version(HBaseConn *conn);
extern HBaseResult hbase_rest_get_in_path(HBaseConn *conn, HBaseTable *table, List *keys,
										  const char *what);

/* ---------- json.c: the only user of jansson ---------- */

extern char *hbase_json_scanner_model(const HBaseScanSpec *spec);
extern char *hbase_json_cellset(HBaseRow *rows, int nrows);
extern char *hbase_json_version_field(const char *body, size_t len);
extern List *hbase_json_regions(const char *body, size_t len, const char **error);
extern List *hbase_json_names(const char *body, size_t len, const char *member,
							  const char **error);

/* ---------- keys.c: keys as text, a row_timestamp table's timestamp from its key ---------- */

extern int64 hbase_key_row_timestamp(HBaseTable *table, const char *key, int keylen);

#endif
