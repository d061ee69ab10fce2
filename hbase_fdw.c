/*
 * hbase_fdw.c: foreign data wrapper for Apache HBase, through its REST
 * gateway.  This file holds the handler, _PG_init and the thin callbacks of
 * foreign scans: planning's call plan/paths.c (the scan's paths and plan),
 * execution's exec/foreign_scan.c (the scan's state, its rows, EXPLAIN,
 * parallel scans); the work is done in src/ (the quals that narrow the
 * operation in plan/pushdown.c, the operation they lead to in
 * plan/keyplan.c, the reading in exec/scan.c, writes in exec/modify.c and
 * exec/direct.c, IMPORT in sql/import.c; src/README.md draws the layout
 * and says where each kind of change goes).
 */
#include "postgres.h"

#include <malloc.h>

#include "access/parallel.h"
#include "commands/explain.h"
#include "foreign/fdwapi.h"

#include "sql.h"
#include "http.h"
#include "rowkey.h"

PG_MODULE_MAGIC;

void		_PG_init(void);

PG_FUNCTION_INFO_V1(hbase_fdw_handler);

static void hbaseGetForeignRelSize(PlannerInfo *root, RelOptInfo *baserel, Oid foreigntableid);

/*
 * Loading the library: libcurl's global state, the allocator of the JSON and
 * rowkey codecs, malloc's trim policy (below), and the GUCs (options.c).
 */
void
_PG_init(void)
{
	if (hbase_http_global_init() != 0)
		ereport(ERROR, (errmsg("could not initialize libcurl")));
	/*
	 * A scan allocates and frees a page's buffers (the answer, its copy, the
	 * decoded rows: hundreds of kB) for every page.  glibc gave the top of
	 * the heap back to the kernel after each (brk) and took it again with
	 * page faults: 160 faults a page, half the backend's CPU of a scan.
	 * Freed memory up to 16 MB now stays in the heap; blocks of 4 MB and
	 * more are still mapped and unmapped on their own.
	 */
	mallopt(M_TRIM_THRESHOLD, 16 * 1024 * 1024);
	mallopt(M_MMAP_THRESHOLD, 4 * 1024 * 1024);
	hbase_json_init();
	hbase_rowkey_init();

	hbase_define_gucs();
	hbase_stats_init();
	/* join.c tells our base relations by their GetForeignRelSize */
	hbase_join_init(hbaseGetForeignRelSize);
}

/* ---------------- planning: plan/paths.c ---------------- */

static void
hbaseGetForeignRelSize(PlannerInfo *root, RelOptInfo *baserel, Oid foreigntableid)
{
	hbase_plan_rel_size(root, baserel, foreigntableid);
}

static void
hbaseGetForeignPaths(PlannerInfo *root, RelOptInfo *baserel, Oid foreigntableid)
{
	hbase_plan_paths(root, baserel, foreigntableid);
}

static ForeignScan *
hbaseGetForeignPlan(PlannerInfo *root, RelOptInfo *baserel, Oid foreigntableid,
					ForeignPath *best_path, List *tlist, List *scan_clauses,
					Plan *outer_plan)
{
	return hbase_plan_scan(root, baserel, foreigntableid, best_path, tlist, scan_clauses,
						   outer_plan);
}

/* ---------------- planning writes: plan/writes.c ---------------- */

static void
hbaseAddForeignUpdateTargets(PlannerInfo *root, Index rtindex, RangeTblEntry *target_rte,
							 Relation target_relation)
{
	hbase_plan_update_targets(root, rtindex, target_rte, target_relation);
}

static List *
hbasePlanForeignModify(PlannerInfo *root, ModifyTable *plan, Index resultRelation,
					   int subplan_index)
{
	return hbase_plan_modify(root, plan, resultRelation, subplan_index);
}

static bool
hbasePlanDirectModify(PlannerInfo *root, ModifyTable *plan, Index resultRelation,
					  int subplan_index)
{
	return hbase_plan_direct_modify(root, plan, resultRelation, subplan_index);
}

/* ---------------- execution: exec/foreign_scan.c ---------------- */

static void
hbaseBeginForeignScan(ForeignScanState *node, int eflags)
{
	hbase_begin_foreign_scan(node, eflags);
}

static TupleTableSlot *
hbaseIterateForeignScan(ForeignScanState *node)
{
	return hbase_iterate_foreign_scan(node);
}

static void
hbaseReScanForeignScan(ForeignScanState *node)
{
	hbase_rescan_foreign_scan(node);
}

static void
hbaseEndForeignScan(ForeignScanState *node)
{
	hbase_end_foreign_scan(node);
}

static void
hbaseExplainForeignScan(ForeignScanState *node, ExplainState *es)
{
	hbase_explain_foreign_scan(node, es);
}

/* ---------------- Parallel Foreign Scan ---------------- */

/*
 * Parallel workers may run any scan of ours (each opens its own
 * connections; nothing is written): a hash join's inner side, a nested
 * loop's Gets.  The parallel-aware path (pieces shared out) is planned in
 * hbaseGetForeignPaths.
 */
static bool
hbaseIsForeignScanParallelSafe(PlannerInfo *root, RelOptInfo *rel, RangeTblEntry *rte)
{
	return true;
}


static Size
hbaseEstimateDSMForeignScan(ForeignScanState *node, ParallelContext *pcxt)
{
	return hbase_estimate_dsm_foreign_scan(node, pcxt);
}

static void
hbaseInitializeDSMForeignScan(ForeignScanState *node, ParallelContext *pcxt, void *coordinate)
{
	hbase_initialize_dsm_foreign_scan(node, pcxt, coordinate);
}

static void
hbaseReInitializeDSMForeignScan(ForeignScanState *node, ParallelContext *pcxt, void *coordinate)
{
	hbase_reinitialize_dsm_foreign_scan(node, pcxt, coordinate);
}

static void
hbaseInitializeWorkerForeignScan(ForeignScanState *node, shm_toc *toc, void *coordinate)
{
	hbase_initialize_worker_foreign_scan(node, toc, coordinate);
}

static void
hbaseShutdownForeignScan(ForeignScanState *node)
{
	hbase_shutdown_foreign_scan(node);
}


/* the FDW's callbacks: scans' thin ones here, writes in modify.c and direct.c, IMPORT and ANALYZE in theirs */
Datum
hbase_fdw_handler(PG_FUNCTION_ARGS)
{
	FdwRoutine *routine = makeNode(FdwRoutine);

	routine->GetForeignRelSize = hbaseGetForeignRelSize;
	routine->GetForeignPaths = hbaseGetForeignPaths;
	routine->GetForeignPlan = hbaseGetForeignPlan;
	routine->BeginForeignScan = hbaseBeginForeignScan;
	routine->IterateForeignScan = hbaseIterateForeignScan;
	routine->ReScanForeignScan = hbaseReScanForeignScan;
	routine->IsForeignScanParallelSafe = hbaseIsForeignScanParallelSafe;
	routine->EstimateDSMForeignScan = hbaseEstimateDSMForeignScan;
	routine->InitializeDSMForeignScan = hbaseInitializeDSMForeignScan;
	routine->ReInitializeDSMForeignScan = hbaseReInitializeDSMForeignScan;
	routine->InitializeWorkerForeignScan = hbaseInitializeWorkerForeignScan;
	routine->ShutdownForeignScan = hbaseShutdownForeignScan;
	routine->EndForeignScan = hbaseEndForeignScan;
	routine->ExplainForeignScan = hbaseExplainForeignScan;
	routine->ImportForeignSchema = hbase_import_foreign_schema;
	routine->AnalyzeForeignTable = hbase_analyze_foreign_table;
	routine->AddForeignUpdateTargets = hbaseAddForeignUpdateTargets;
	routine->PlanForeignModify = hbasePlanForeignModify;
	routine->PlanDirectModify = hbasePlanDirectModify;
	/* the writes' execution callbacks: exec/modify.c, exec/direct.c */
	hbase_modify_routines(routine);
	hbase_direct_routines(routine);

	PG_RETURN_POINTER(routine);
}
