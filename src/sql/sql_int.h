/*
 * sql_int.h: what the files of sql/ share: the option table's checks that
 * IMPORT FOREIGN SCHEMA and the SQL functions apply (options.c), IMPORT's
 * statement and its Phoenix half (import.c, phoenix_catalog.c), layouts
 * inferred on sampled keys and the sample itself (layouts.c, for
 * check_values.c).  hbase_fdw.c calls only what sql.h declares.
 */
#ifndef HBASE_SQL_INT_H
#define HBASE_SQL_INT_H

#include "fmgr.h"

#include "sql.h"

struct ForeignServer;
struct hbase_rk_candidate;

/* ---------- options.c: the option table's checks, IMPORT's name rules ---------- */

/* the "context" of IMPORT FOREIGN SCHEMA's options for hbase_closest_option (no catalog's) */
#define HBASE_IMPORT_OPTIONS	NamespaceRelationId

extern bool hbase_system_column_name(const char *name);
extern void hbase_check_foreign_table(Oid relid, bool imported);
extern bool hbase_is_our_server(struct ForeignServer *server);

/* names IMPORT FOREIGN SCHEMA may define (import.c, phoenix_catalog.c) */
extern bool hbase_import_wanted(struct ImportForeignSchemaStmt *stmt, const char *name);
extern const char *hbase_closest_option(const char *name, Oid context);
extern int	hbase_import_notices(int level);
extern bool hbase_import_name_ok(struct ImportForeignSchemaStmt *stmt, const char *name, int len,
								 const char *what, const char *owner);
extern bool hbase_import_family_ok(const char *name, const char *owner);
extern void hbase_import_check_count(int ntables);

/* ---------- import.c: IMPORT FOREIGN SCHEMA ---------- */

extern char *hbase_import_statement(const char *name, const char *columns, ForeignServer *server,
									const char *table, const char *options);

/* ---------- layouts.c: rowkey layouts inferred and checked on sampled keys ---------- */

extern int	hbase_sample_arg(FunctionCallInfo fcinfo, int arg, const char *unit);
extern int	hbase_sample_rows(HBaseConn *conn, HBaseTable *t, int max, HBaseRow ***rows);
extern char *hbase_import_layout(HBaseConn *conn, ForeignServer *server, const char *table,
								 int sample_rows, bool cell_names,
								 struct hbase_rk_candidate *cand, int *nkeys,
								 char **why);

/* ---------- phoenix_catalog.c: Phoenix's tables from SYSTEM.CATALOG ---------- */

extern List *hbase_phoenix_import(struct ImportForeignSchemaStmt *stmt, ForeignServer *server,
								  HBaseConn *conn);

#endif
