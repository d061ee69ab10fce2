/*
 * hbase_fdw.c: foreign data wrapper for Apache HBase, through its REST
 * gateway.  This file holds the handler, _PG_init and the FDW callbacks; the
 * work is done in src/ (options, connection, http, json, convert, scan).
 */
#include "postgres.h"

#include "access/sysattr.h"
#include "commands/explain.h"
#include "foreign/fdwapi.h"
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "optimizer/cost.h"
#include "optimizer/optimizer.h"
#include "optimizer/pathnode.h"
#include "optimizer/planmain.h"
#include "optimizer/restrictinfo.h"
#include "parser/parsetree.h"
#include "utils/memutils.h"
#include "utils/rel.h"

#include "hbase_fdw.h"
#include "http.h"

PG_MODULE_MAGIC;

void		_PG_init(void);

PG_FUNCTION_INFO_V1(hbase_fdw_handler);

/* what a ForeignScan plan carries in fdw_private */
enum FdwScanPrivateIndex
{
	FdwScanPrivateRetrievedAttrs	/* integer list of attnums to fetch */
};

/* planner state, in baserel->fdw_private */
typedef struct HBasePlanState
{
	HBaseTable *table;
	Bitmapset  *attrs_used;		/* offset by FirstLowInvalidHeapAttributeNumber */
} HBasePlanState;

/* executor state */
typedef struct HBaseScanState
{
	HBaseTable *table;
	List	   *retrieved_attrs;
	HBaseColumnIO *io;			/* by attnum - 1 */
	HBaseScan  *scan;
	MemoryContext tuplecxt;		/* reset for every row */
	bool		decode_key;		/* key columns are wanted */
} HBaseScanState;

void
_PG_init(void)
{
	if (hbase_http_global_init() != 0)
		ereport(ERROR, (errmsg("could not initialize libcurl")));
	hbase_json_init();
	hbase_rowkey_init();
}

/* ---------------- planning (never talks to HBase) ---------------- */

static void
hbaseGetForeignRelSize(PlannerInfo *root, RelOptInfo *baserel, Oid foreigntableid)
{
	HBasePlanState *ps = palloc0(sizeof(HBasePlanState));
	ListCell   *lc;
	double		tuples;

	ps->table = hbase_get_table(foreigntableid);
	pull_varattnos((Node *) baserel->reltarget->exprs, baserel->relid, &ps->attrs_used);
	foreach(lc, baserel->baserestrictinfo)
	{
		RestrictInfo *ri = lfirst(lc);

		pull_varattnos((Node *) ri->clause, baserel->relid, &ps->attrs_used);
	}
	baserel->fdw_private = ps;

	/* without ANALYZE statistics, assume a modest table */
	tuples = baserel->tuples > 0 ? baserel->tuples : 1000.0;
	baserel->tuples = tuples;
	baserel->rows = clamp_row_est(tuples *
								  clauselist_selectivity(root, baserel->baserestrictinfo,
														 0, JOIN_INNER, NULL));
}

static void
hbaseGetForeignPaths(PlannerInfo *root, RelOptInfo *baserel, Oid foreigntableid)
{
	Cost		startup = 100.0;	/* creating a scanner: one round trip */
	Cost		total;

	/* rows travel over HTTP as base64 JSON: dearer than a local tuple */
	total = startup + baserel->tuples * (cpu_tuple_cost * 10) +
		baserel->rows * cpu_tuple_cost;
	add_path(baserel, (Path *) create_foreignscan_path(root, baserel, NULL,
													   baserel->rows, startup, total,
													   NIL, NULL, NULL, NIL));
}

static List *
retrieved_attrs_of(HBasePlanState *ps)
{
	List	   *attrs = NIL;
	bool		wholerow = bms_is_member(0 - FirstLowInvalidHeapAttributeNumber, ps->attrs_used);
	int			i;

	for (i = 0; i < ps->table->natts; i++)
	{
		HBaseColumn *col = &ps->table->columns[i];

		if (col->dropped)
			continue;
		if (wholerow || bms_is_member(col->attnum - FirstLowInvalidHeapAttributeNumber,
									  ps->attrs_used))
			attrs = lappend_int(attrs, col->attnum);
	}
	return attrs;
}

static ForeignScan *
hbaseGetForeignPlan(PlannerInfo *root, RelOptInfo *baserel, Oid foreigntableid,
					ForeignPath *best_path, List *tlist, List *scan_clauses,
					Plan *outer_plan)
{
	HBasePlanState *ps = baserel->fdw_private;
	List	   *fdw_private;

	/* every qual is checked locally for now */
	scan_clauses = extract_actual_clauses(scan_clauses, false);
	fdw_private = list_make1(retrieved_attrs_of(ps));

	return make_foreignscan(tlist, scan_clauses, baserel->relid, NIL, fdw_private,
							NIL, NIL, outer_plan);
}

/* ---------------- execution ---------------- */

static void
hbaseBeginForeignScan(ForeignScanState *node, int eflags)
{
	ForeignScan *fsplan = (ForeignScan *) node->ss.ps.plan;
	EState	   *estate = node->ss.ps.state;
	HBaseScanState *st = palloc0(sizeof(HBaseScanState));
	RangeTblEntry *rte;
	Oid			userid;
	ListCell   *lc;

	node->fdw_state = st;
	st->table = hbase_get_table(RelationGetRelid(node->ss.ss_currentRelation));
	st->retrieved_attrs = list_nth(fsplan->fdw_private, FdwScanPrivateRetrievedAttrs);

	/* EXPLAIN without ANALYZE: no connection, no request */
	if (eflags & EXEC_FLAG_EXPLAIN_ONLY)
		return;

	rte = exec_rt_fetch(fsplan->scan.scanrelid, estate);
	userid = OidIsValid(rte->checkAsUser) ? rte->checkAsUser : GetUserId();

	st->io = palloc0(sizeof(HBaseColumnIO) * Max(st->table->natts, 1));
	foreach(lc, st->retrieved_attrs)
	{
		HBaseColumn *col = &st->table->columns[lfirst_int(lc) - 1];

		hbase_column_io_init(col, &st->io[col->attnum - 1]);
		if (col->kind == HBASE_COL_KEYPART)
			st->decode_key = true;
	}
	st->tuplecxt = AllocSetContextCreate(estate->es_query_cxt, "hbase_fdw tuple",
										 ALLOCSET_DEFAULT_SIZES);
	st->scan = hbase_scan_begin(st->table,
								hbase_get_connection(GetForeignTable(st->table->relid)->serverid, userid),
								st->retrieved_attrs);
}

static HBaseCell *
find_cell(HBaseRow *row, HBaseColumn *col)
{
	int			len = strlen(col->colspec);
	int			i;

	for (i = 0; i < row->ncells; i++)
		if (row->cells[i].collen == len && memcmp(row->cells[i].column, col->colspec, len) == 0)
			return &row->cells[i];
	return NULL;
}

static TupleTableSlot *
hbaseIterateForeignScan(ForeignScanState *node)
{
	HBaseScanState *st = node->fdw_state;
	TupleTableSlot *slot = node->ss.ss_ScanTupleSlot;
	HBaseRow   *row;
	MemoryContext old;
	ListCell   *lc;

	ExecClearTuple(slot);
	MemoryContextReset(st->tuplecxt);
	row = hbase_scan_next(st->scan);
	if (row == NULL)
		return slot;

	old = MemoryContextSwitchTo(st->tuplecxt);
	memset(slot->tts_isnull, true, sizeof(bool) * slot->tts_tupleDescriptor->natts);
	if (st->decode_key)
		hbase_decode_key(st->table, st->io, row->key, row->keylen, st->retrieved_attrs,
						 slot->tts_values, slot->tts_isnull);
	foreach(lc, st->retrieved_attrs)
	{
		int			attnum = lfirst_int(lc);
		HBaseColumn *col = &st->table->columns[attnum - 1];
		const char *value;
		int			len;

		if (col->kind == HBASE_COL_KEYPART)
			continue;			/* decoded above */
		if (col->kind == HBASE_COL_FAMILY)
		{
			slot->tts_isnull[attnum - 1] =
				!hbase_family_to_jsonb(st->table, col, row, &slot->tts_values[attnum - 1]);
			continue;
		}
		if (col->kind == HBASE_COL_ROWKEY)
		{
			value = row->key;
			len = row->keylen;
		}
		else
		{
			HBaseCell  *cell = find_cell(row, col);

			if (cell == NULL)
				continue;		/* a missing cell is NULL */
			value = cell->value;
			len = cell->vallen;
		}
		slot->tts_values[attnum - 1] = hbase_cell_to_datum(st->table, col, &st->io[attnum - 1],
														   value, len, row->key, row->keylen);
		slot->tts_isnull[attnum - 1] = false;
	}
	MemoryContextSwitchTo(old);
	ExecStoreVirtualTuple(slot);
	return slot;
}

static void
hbaseReScanForeignScan(ForeignScanState *node)
{
	HBaseScanState *st = node->fdw_state;

	if (st->scan)
		hbase_scan_rescan(st->scan);
}

static void
hbaseEndForeignScan(ForeignScanState *node)
{
	HBaseScanState *st = node->fdw_state;

	if (st && st->scan)
		hbase_scan_end(st->scan);
}

static void
hbaseExplainForeignScan(ForeignScanState *node, ExplainState *es)
{
	HBaseScanState *st = node->fdw_state;

	ExplainPropertyText("HBase Table", st->table->hbase_table, es);
	ExplainPropertyText("HBase Operation", "full scan", es);
	if (es->verbose && st->table->rowkey)
		ExplainPropertyText("HBase Rowkey", st->table->rowkey, es);
	if (es->verbose)
	{
		StringInfoData cols;
		ListCell   *lc;
		bool		keyonly = true;

		initStringInfo(&cols);
		foreach(lc, st->retrieved_attrs)
		{
			HBaseColumn *col = &st->table->columns[lfirst_int(lc) - 1];

			if (col->kind != HBASE_COL_CELL && col->kind != HBASE_COL_FAMILY)
				continue;
			appendStringInfo(&cols, "%s%s", keyonly ? "" : ", ", col->colspec);
			keyonly = false;
		}
		ExplainPropertyText("HBase Columns", keyonly ? "(rowkeys only)" : cols.data, es);
	}
	if (es->analyze && st->scan)
	{
		long		requests,
					rows;

		hbase_scan_stats(st->scan, &requests, &rows);
		ExplainPropertyInteger("HBase Requests", NULL, requests, es);
		ExplainPropertyInteger("HBase Rows Received", NULL, rows, es);
	}
}

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
	routine->EndForeignScan = hbaseEndForeignScan;
	routine->ExplainForeignScan = hbaseExplainForeignScan;

	PG_RETURN_POINTER(routine);
}
