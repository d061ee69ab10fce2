/*
 * datum_int.h: what the files of datum/ share and no layer above calls: a
 * column's type checked against its encoding (convert.c, for table.c), a
 * table's compiled layout and a key decoded into Datums (rowkey_pg.c, for
 * table.c and convert.c), a table's Phoenix indexes read from their option
 * (phoenix_index.c, for table.c).  What the layers above may call is in
 * datum.h.
 */
#ifndef HBASE_DATUM_INT_H
#define HBASE_DATUM_INT_H

#include "datum.h"

/* ---------- convert.c: cell bytes <-> Datum, cell timestamps ---------- */

extern void hbase_check_column_type(HBaseTable *table, HBaseColumn *col);

/* ---------- rowkey_pg.c: the rowkey codec seen from PostgreSQL ---------- */

extern void hbase_table_layout(HBaseTable *table);
extern void hbase_decode_key(HBaseTable *table, HBaseColumnIO *io, const char *key,
							 int keylen, List *attrs, Datum *values, bool *nulls);

/* ---------- phoenix_index.c: a Phoenix global index as a table of its own ---------- */

extern void hbase_phoenix_read_indexes(HBaseTable *t, const char *text, const char *ns);

#endif
