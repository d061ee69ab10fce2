/*
 * sql.h: what SQL sees (sql/), as hbase_fdw.c calls it: the GUCs
 * (options.c) and IMPORT FOREIGN SCHEMA (import.c).  The option table and
 * its validator, the SQL functions and the hbase_fdw_handler's helpers are
 * reached by PostgreSQL through their SQL definitions; what the files of
 * sql/ share among themselves is in sql_int.h.
 */
#ifndef HBASE_SQL_H
#define HBASE_SQL_H

#include "postgres.h"

#include "exec.h"

/* ---------- options.c: the option table, its validator, GUCs ---------- */

extern void hbase_define_gucs(void);

/* ---------- import.c: IMPORT FOREIGN SCHEMA ---------- */

struct ImportForeignSchemaStmt;
extern List *hbase_import_foreign_schema(struct ImportForeignSchemaStmt *stmt, Oid serverOid);

#endif
