/*
 * sql.h: what SQL sees (sql/): the option table, its validator and the
 * GUCs (options.c), IMPORT FOREIGN SCHEMA of plain HBase tables (import.c)
 * and of Phoenix's (phoenix_catalog.c), the SQL functions (sql_functions.c),
 * rowkey layouts inferred and checked on sampled keys (layouts.c), cells
 * checked against their columns' declarations on sampled rows
 * (check_values.c).
 */
#ifndef HBASE_SQL_H
#define HBASE_SQL_H

#include "postgres.h"

#include "fmgr.h"

#include "exec.h"

/* ---------- options.c: the option table, its validator, GUCs ---------- */

extern void hbase_define_gucs(void);
extern bool hbase_system_column_name(const char *name);
extern void hbase_check_foreign_table(Oid relid, bool imported);
struct ForeignServer;
extern bool hbase_is_our_server(struct ForeignServer *server);

/* names IMPORT FOREIGN SCHEMA may define (import.c, phoenix_catalog.c) */
struct ImportForeignSchemaStmt;
extern bool hbase_import_wanted(struct ImportForeignSchemaStmt *stmt, const char *name);
/* the "context" of IMPORT FOREIGN SCHEMA's options for hbase_closest_option (no catalog's) */
#define HBASE_IMPORT_OPTIONS	NamespaceRelationId
extern const char *hbase_closest_option(const char *name, Oid context);
extern int	hbase_import_notices(int level);
extern bool hbase_import_name_ok(struct ImportForeignSchemaStmt *stmt, const char *name, int len,
								 const char *what, const char *owner);
extern bool hbase_import_family_ok(const char *name, const char *owner);
extern void hbase_import_check_count(int ntables);

/* ---------- import.c: IMPORT FOREIGN SCHEMA ---------- */

extern List *hbase_import_foreign_schema(struct ImportForeignSchemaStmt *stmt, Oid serverOid);

/* ---------- layouts.c: rowkey layouts inferred and checked on sampled keys ---------- */

struct hbase_rk_candidate;
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
