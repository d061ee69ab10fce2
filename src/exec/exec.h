/*
 * exec.h: running the operation (exec/): scans (scan.c, scan_pages.c,
 * scan_regions.c; their shared internals are scan_int.h), batched key joins
 * (join.c), writes (modify.c, direct.c), ANALYZE's sample (analyze.c).
 */
#ifndef HBASE_EXEC_H
#define HBASE_EXEC_H

#include "postgres.h"

#include "foreign/fdwapi.h"

#include "plan.h"

/* ---------- join.c: batched key joins ---------- */

extern void hbase_join_init(GetForeignRelSize_function rel_size);

/* GUCs that steer execution (sql/options.c defines them as settings) */
extern bool hbase_read_ahead;	/* scan.c */
extern int	hbase_update_retries;	/* modify.c, direct.c */

/* ---------- modify.c: INSERT, COPY, UPDATE and DELETE row by row ---------- */

struct FdwRoutine;
extern void hbase_modify_routines(struct FdwRoutine *routine);
extern Datum hbase_rowid_datum(const HBaseRow *row);
extern bool hbase_modify_changed(ResultRelInfo *rinfo, const char *key, int keylen);

/*
 * The rows a statement wrote to HBase so far: their count and first keys,
 * for the messages of an error after them (HBase keeps them whatever comes
 * next), and whether a conflict may still be a 40001 (hbase_conflict_error).
 */
#define HBASE_WRITTEN_KEYS	5
typedef struct HBaseWritten
{
	struct HBaseTable *table;
	MemoryContext cxt;			/* where the keys are kept */
	long		nrows;
	int			nkeys;
	char	   *keys[HBASE_WRITTEN_KEYS];	/* printable, in es_query_cxt */
	bool		in_detail;		/* the error under way says it in its detail */
	long		detail_nrows;	/* the count hbase_written_detail said last, or -1 */
} HBaseWritten;


/* ---------- direct.c: UPDATE and DELETE as HBase operations ---------- */

extern void hbase_direct_routines(struct FdwRoutine *routine);

/* ---------- scan.c, scan_pages.c, scan_regions.c: scan execution (scan_int.h) ---------- */

typedef struct HBaseScan HBaseScan;

extern HBaseScan *hbase_scan_begin(HBaseTable *table, HBaseConn *conn,
								   List *retrieved_attrs, int firstpage);
extern HBaseRow *hbase_scan_next(HBaseScan *scan);
extern void hbase_scan_set_plan(HBaseScan *scan, HBaseKeyPlan *plan, HBaseRowOrder order,
								int salt_bytes);
extern void hbase_scan_rescan(HBaseScan *scan);
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

/* ---------- index_scan.c: reads through a Phoenix global index ---------- */

typedef struct HBaseIndexScan HBaseIndexScan;

extern HBaseIndexScan *hbase_index_scan_begin(HBaseTable *data, HBaseReadIndex *ix,
											  HBaseConn *conn, List *retrieved_attrs,
											  bool covered);
extern void hbase_index_scan_set_plan(HBaseIndexScan *s, HBaseKeyPlan *plan,
									  HBaseRowOrder order, int salt_bytes);
extern HBaseRow *hbase_index_scan_next(HBaseIndexScan *s, bool *from_index);
extern void hbase_index_scan_values(HBaseIndexScan *s, HBaseRow *row, Datum *values,
									bool *nulls);
extern void hbase_index_scan_rescan(HBaseIndexScan *s);
extern void hbase_index_scan_end(HBaseIndexScan *s);
extern void hbase_index_scan_stats(HBaseIndexScan *s, long *irequests, long *irows,
								   long *drequests, long *drows, long *duplicates,
								   long *verified_rows, long *stale_rows);

/* ---------- analyze.c: ANALYZE ---------- */

extern bool hbase_analyze_foreign_table(Relation relation, AcquireSampleRowsFunc *func,
										BlockNumber *totalpages);

#endif
