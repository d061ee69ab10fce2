/*
 * exec_int.h: what the two writers of exec/ share and no other layer calls:
 * row-by-row writes (modify.c) and direct modification (direct.c) read a
 * row's cells, check and stamp them, count what they wrote for the message
 * of a write that failed half-way, and raise a conflict the same way (a
 * row's Get, hbase_get_row, also serves index_scan.c).
 * What the layers above may call is in exec.h.
 */
#ifndef HBASE_EXEC_INT_H
#define HBASE_EXEC_INT_H

#include "exec.h"

/* ---------- modify.c: INSERT, COPY, UPDATE and DELETE row by row ---------- */

extern HBaseCell *hbase_empty_cell(HBaseTable *t);
extern long hbase_delete_cells(HBaseConn *conn, HBaseTable *t, const char *key, int keylen,
							   List *cols, int64 read_ts);
extern int64 hbase_row_newest_stamp(const HBaseRow *row);
extern void hbase_stamp_after_read(HBaseRow *row, int64 read_ts);
extern void hbase_written_init(HBaseWritten *w, struct HBaseTable *t, MemoryContext cxt);
extern void hbase_written_add(HBaseWritten *w, const char *key, int keylen);
extern void hbase_push_written_context(HBaseWritten *w, ErrorContextCallback *cb);
extern void hbase_conflict_error(HBaseWritten *w, const char *key, int keylen,
								 struct HBaseColumn *col, int attempts) pg_attribute_noreturn();

/* ---------- direct.c: UPDATE and DELETE as HBase operations ---------- */

extern HBaseRow *hbase_get_row(HBaseTable *table, HBaseConn *conn, List *attrs,
							   const char *key, int keylen, long *nrequests);
extern HBaseCell *hbase_find_cell(HBaseRow *row, HBaseColumn *col);

#endif
