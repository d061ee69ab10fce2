/*
 * exec.h: running the operation (exec/), what hbase_fdw.c and sql/ call: a
 * foreign scan's execution callbacks (foreign_scan.c, over scan.c,
 * scan_pages.c, scan_regions.c and index_scan.c, whose calls are in
 * exec_int.h), batched key joins (join.c), writes (modify.c, direct.c),
 * ANALYZE's sample (analyze.c).
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

/* ---------- foreign_scan.c: a foreign scan's execution callbacks ---------- */

struct ExplainState;
struct ParallelContext;
struct shm_toc;
extern void hbase_begin_foreign_scan(ForeignScanState *node, int eflags);
extern TupleTableSlot *hbase_iterate_foreign_scan(ForeignScanState *node);
extern void hbase_rescan_foreign_scan(ForeignScanState *node);
extern Size hbase_estimate_dsm_foreign_scan(ForeignScanState *node,
											struct ParallelContext *pcxt);
extern void hbase_initialize_dsm_foreign_scan(ForeignScanState *node,
											  struct ParallelContext *pcxt, void *coordinate);
extern void hbase_reinitialize_dsm_foreign_scan(ForeignScanState *node,
												struct ParallelContext *pcxt, void *coordinate);
extern void hbase_initialize_worker_foreign_scan(ForeignScanState *node, struct shm_toc *toc,
												 void *coordinate);
extern void hbase_shutdown_foreign_scan(ForeignScanState *node);
extern void hbase_end_foreign_scan(ForeignScanState *node);
extern void hbase_explain_foreign_scan(ForeignScanState *node, struct ExplainState *es);

/* ---------- analyze.c: ANALYZE ---------- */

extern bool hbase_analyze_foreign_table(Relation relation, AcquireSampleRowsFunc *func,
										BlockNumber *totalpages);

#endif
