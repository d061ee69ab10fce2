/*
 * exec_int.h: what the files of exec/ share and no other layer calls: the
 * scan (scan.c; its files' own internals are scan_int.h) and the reads
 * through a Phoenix index (index_scan.c) that the scan's callbacks
 * (foreign_scan.c), joins, ANALYZE and direct modification run; and what
 * the two writers share: row-by-row writes (modify.c) and direct
 * modification (direct.c) read a row's cells, check and stamp them, count what they wrote for the message
 * of a write that failed half-way, and raise a conflict the same way (a
 * row's Get, hbase_get_row, also serves index_scan.c).
 * What the layers above may call is in exec.h.
 */
#ifndef HBASE_EXEC_INT_H
#define HBASE_EXEC_INT_H

#include "exec.h"

/* ---------- scan.c, scan_pages.c, scan_regions.c: scan execution (scan_int.h) ---------- */

typedef struct HBaseScan HBaseScan;

extern HBaseScan *hbase_scan_begin(HBaseTable *table, HBaseConn *conn,
								   List *retrieved_attrs, int firstpage);
extern HBaseRow *hbase_scan_next(HBaseScan *scan);
extern void hbase_scan_set_plan(HBaseScan *scan, HBaseKeyPlan *plan, HBaseRowOrder order,
								int salt_bytes);
extern void hbase_scan_set_prefixed_plan(HBaseScan *scan, HBaseKeyPlan *plan,
										 HBaseRowOrder order);
extern void hbase_scan_rescan(HBaseScan *scan);
extern List *hbase_table_regions(HBaseConn *conn, HBaseTable *table, const char **why);
extern void hbase_scan_keep_ranges(HBaseScan *scan);
extern void hbase_scan_end(HBaseScan *scan);
extern List *hbase_scan_pieces(HBaseScan *scan, HBaseKeyPlan *plan);
extern void hbase_scan_set_shared_plan(HBaseScan *scan, HBaseKeyPlan *plan, List *pieces,
									   int (*claim) (void *arg), void *arg);
extern Size hbase_pieces_size(List *pieces);
extern void hbase_pieces_write(List *pieces, char *dst);
extern List *hbase_pieces_read(const char *src, int n);
extern int	hbase_scan_region_scans(HBaseScan *scan);
extern const char *hbase_scan_region_note(HBaseScan *scan);
extern void hbase_scan_stats(HBaseScan *scan, long *requests, long *rows, long *resumes);
extern int64 hbase_scan_bytes(HBaseScan *scan);
extern const char *hbase_scan_fallback(HBaseScan *scan);
extern const char *hbase_scan_url_note(HBaseScan *scan);

/* ---------- index_scan.c: reads through a Phoenix index, global or local ---------- */

typedef struct HBaseIndexScan HBaseIndexScan;

extern HBaseIndexScan *hbase_index_scan_begin(HBaseTable *data, HBaseReadIndex *ix,
											  HBaseConn *conn, List *retrieved_attrs,
											  bool covered, int firstpage);
extern void hbase_index_scan_set_plan(HBaseIndexScan *s, HBaseKeyPlan *plan,
									  HBaseRowOrder order, int salt_bytes);
extern HBaseRow *hbase_index_scan_next(HBaseIndexScan *s, bool *from_index);
extern void hbase_index_scan_values(HBaseIndexScan *s, HBaseRow *row, Datum *values,
									bool *nulls);
extern void hbase_index_scan_rescan(HBaseIndexScan *s);
extern void hbase_index_scan_end(HBaseIndexScan *s);
extern const char *hbase_index_data_rows_text(bool covered, bool ordered, bool local);
extern void hbase_index_scan_stats(HBaseIndexScan *s, long *irequests, long *irows,
								   long *drequests, long *drows, long *duplicates,
								   long *verified_rows, long *stale_rows);
extern bool hbase_index_scan_regions(HBaseIndexScan *s, int *regions, long *listings,
									 long *retries, long *region_reads);

/* ---------- modify.c: INSERT, COPY, UPDATE and DELETE row by row ---------- */

extern Datum hbase_rowid_datum(const HBaseRow *row);
extern bool hbase_modify_changed(ResultRelInfo *rinfo, const char *key, int keylen);
extern void hbase_modify_scan_ended(ResultRelInfo *rinfo);

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
