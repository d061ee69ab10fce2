/*
 * phoenix.h: Apache Phoenix's cell encodings (phoenix.c): which PostgreSQL
 * types map to Phoenix types, and a cell of Phoenix's form to a Datum and
 * back.  Phoenix's arrays in cells are phoenix_cell.c's (plain C, cellset.h);
 * its catalog for IMPORT is sql/phoenix_catalog.c's.
 */
#ifndef HBASE_PHOENIX_H
#define HBASE_PHOENIX_H

#include "postgres.h"

#include "hbase_table.h"

/* ---------- phoenix.c: Apache Phoenix's cell encodings ---------- */

extern bool hbase_phoenix_supported(Oid typid);
extern int	hbase_phoenix_parse_type(const char *name);
extern void hbase_phoenix_check_type(HBaseTable *table, HBaseColumn *col);
extern Datum hbase_phoenix_to_datum(HBaseColumn *col, const char *value, int len);
extern void hbase_phoenix_from_datum(HBaseColumn *col, Datum value, char **out, int *len);

#endif
