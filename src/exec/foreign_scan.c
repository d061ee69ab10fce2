/*
 * foreign_scan.c: the execution callbacks of a foreign scan (BeginForeignScan
 * to EndForeignScan, the Parallel Foreign Scan's DSM, ExplainForeignScan),
 * which hbase_fdw.c's thin callbacks call: the plan read back into the scan's
 * state (fdw_private, plan.h's FdwScanPrivateIndex), the key plan computed at
 * the first row from the parameters' values, rows turned into tuples (one
 * per version of a table of versions, the row identity of an UPDATE's or
 * DELETE's scan), the pieces a parallel scan shares, and EXPLAIN's lines.
 * The reading itself is scan.c's (or index_scan.c's through a Phoenix index).
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "access/parallel.h"
#include "access/sysattr.h"
#include "commands/explain.h"
#include "executor/executor.h"
#include "foreign/fdwapi.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "nodes/nodeFuncs.h"
#include "port/atomics.h"
#include "utils/memutils.h"
#include "utils/rel.h"

#include "exec_int.h"

/* executor state */
typedef struct HBaseScanState
{
	HBaseTable *table;
	List	   *retrieved_attrs;
	HBaseColumnIO *io;			/* by attnum - 1 */
	HBaseScan  *scan;
	MemoryContext tuplecxt;		/* reset for every row */
	MemoryContext plancxt;		/* the key plan, reset on rescan */
	bool		decode_key;		/* key columns are wanted */
	/* the scan of an UPDATE's or DELETE's result relation (result_scan_tlist) */
	AttrNumber	rowid_pos;		/* its scan tuple's row identity, or 0 */
	AttrNumber	wholerow_pos;	/* the whole row, or 0 */
	AttrNumber	tableoid_pos;	/* tableoid, or 0 */
	ResultRelInfo *result_rel;	/* the write, once it began (the rows it
								 * changed) */
	HBaseOpSpec spec;			/* the conditions, the order, split buckets */
	List	   *exprstates;		/* of fdw_exprs */
	HBaseKeyPlan *keyplan;		/* computed at the first row */
	/* rows found through a Phoenix index (FdwScanPrivateIndex) */
	HBaseReadIndex *index;		/* or NULL */
	HBaseIndexScan *iscan;
	/* Parallel Foreign Scan: the pieces shared through DSM */
	struct HBaseParallelScan *shared;
	List	   *pieces;			/* leader: computed for the DSM; all: read
								 * back */
	bool		published;		/* this process's stats went to / came from it */
	/* a table that maps versions: the versions of the current HBase row */
	MemoryContext versioncxt;	/* reset for every HBase row */
	HBaseRow   *vrow;			/* NULL: take the next HBase row */
	HBaseRow   *versions;		/* its versions, newest first */
	int			nversions;
	int			nextversion;
	long		all_requests;	/* leader: every process's, once the workers
								 * ended */
	long		all_rows;
	int64		all_bytes;
	double		nread;			/* HBase rows read since the scan (re)started */
	bool		counted;		/* a full scan's end: its rows went to stats.c */
} HBaseScanState;

/*
 * What the leader puts in dynamic shared memory for a Parallel Foreign Scan:
 * the pieces (ranges cut at region boundaries) and the next one to claim.
 * Every process reads whole pieces: none is read twice, none is missed.
 */
typedef struct HBaseParallelScan
{
	pg_atomic_uint32 next;		/* index of the next piece to claim */
	pg_atomic_uint64 requests;	/* the workers' requests and rows, for EXPLAIN */
	pg_atomic_uint64 rows;
	pg_atomic_uint64 bytes;
	int			npieces;
	char		data[FLEXIBLE_ARRAY_MEMBER];	/* hbase_pieces_write */
} HBaseParallelScan;

/*
 * Reads the plan back into the scan's state; unless EXPLAIN only, opens (or
 * reuses) the connection of the checked-as user, prepares each column's
 * input function and the memory contexts, and begins the scan.  No request
 * yet: the key plan needs the parameters' values, known at the first row.
 */
void
hbase_begin_foreign_scan(ForeignScanState *node, int eflags)
{
	ForeignScan *fsplan = (ForeignScan *) node->ss.ps.plan;
	EState	   *estate = node->ss.ps.state;
	HBaseScanState *st = palloc0(sizeof(HBaseScanState));
	RangeTblEntry *rte;
	Oid			userid;

	node->fdw_state = st;
	st->table = hbase_get_table(RelationGetRelid(node->ss.ss_currentRelation));
	st->retrieved_attrs = list_nth(fsplan->fdw_private, FdwScanPrivateRetrievedAttrs);
	st->spec.conds = hbase_key_conds_from_list(list_nth(fsplan->fdw_private, FdwScanPrivateKeyConds));
	st->spec.fconds = list_nth(fsplan->fdw_private, FdwScanPrivateFilterConds);
	st->spec.order = intVal(list_nth(fsplan->fdw_private, FdwScanPrivateRowOrder));
	st->spec.salt_bytes = intVal(list_nth(fsplan->fdw_private, FdwScanPrivateSaltBytes));
	st->spec.split_buckets = intVal(list_nth(fsplan->fdw_private, FdwScanPrivateSplitBuckets));
	st->spec.tconds = list_nth(fsplan->fdw_private, FdwScanPrivateTimeConds);
	if (intVal(list_nth(fsplan->fdw_private, FdwScanPrivateIndex)) > 0)
		st->index = list_nth(st->table->read_indexes,
							 intVal(list_nth(fsplan->fdw_private, FdwScanPrivateIndex)) - 1);
	{
		ListCell   *lc;

		foreach(lc, fsplan->fdw_scan_tlist)
		{
			TargetEntry *te = lfirst(lc);
			Var		   *v = (Var *) te->expr;

			if (te->resno <= st->table->natts || !IsA(v, Var))
				continue;
			if (v->varattno == SelfItemPointerAttributeNumber)
				st->rowid_pos = te->resno;
			else if (v->varattno == InvalidAttrNumber)
				st->wholerow_pos = te->resno;
			else if (v->varattno == TableOidAttributeNumber)
				st->tableoid_pos = te->resno;
		}
	}

	/* EXPLAIN without ANALYZE: no connection, no request */
	if (eflags & EXEC_FLAG_EXPLAIN_ONLY)
		return;

	rte = exec_rt_fetch(fsplan->scan.scanrelid, estate);
	userid = OidIsValid(rte->checkAsUser) ? rte->checkAsUser : GetUserId();

	st->io = hbase_attrs_io_init(st->table, st->retrieved_attrs, &st->decode_key);
	st->tuplecxt = AllocSetContextCreate(estate->es_query_cxt, "hbase_fdw tuple",
										 ALLOCSET_DEFAULT_SIZES);
	st->plancxt = AllocSetContextCreate(estate->es_query_cxt, "hbase_fdw key plan",
										ALLOCSET_DEFAULT_SIZES);

	/*
	 * only a table of versions uses it: a Get makes no context it does not
	 * need
	 */
	if (st->table->versions > 0)
		st->versioncxt = AllocSetContextCreate(estate->es_query_cxt, "hbase_fdw versions",
											   ALLOCSET_SMALL_SIZES);
	st->exprstates = ExecInitExprList(fsplan->fdw_exprs, (PlanState *) node);
	if (st->index)
		st->iscan = hbase_index_scan_begin(st->table, st->index,
										   hbase_get_connection(st->table->serverid, userid),
										   st->retrieved_attrs,
										   intVal(list_nth(fsplan->fdw_private,
														   FdwScanPrivateCovered)),
										   intVal(list_nth(fsplan->fdw_private,
														   FdwScanPrivateFirstPage)));
	else
		st->scan = hbase_scan_begin(st->table,
									hbase_get_connection(st->table->serverid, userid),
									st->retrieved_attrs,
									intVal(list_nth(fsplan->fdw_private, FdwScanPrivateFirstPage)));
}

static int	claim_piece(void *arg);

/*
 * Evaluate the key values (parameters included) and choose the operation;
 * a parallel scan reads the pieces shared by the leader instead.
 */
static void
compute_key_plan(ForeignScanState *node, HBaseScanState *st)
{
	ExprContext *econtext = node->ss.ps.ps_ExprContext;
	int			n = list_length(st->exprstates);
	Datum	   *vals = palloc0(sizeof(Datum) * Max(n, 1));
	bool	   *nulls = palloc0(sizeof(bool) * Max(n, 1));
	Oid		   *types = palloc0(sizeof(Oid) * Max(n, 1));
	MemoryContext old = MemoryContextSwitchTo(st->plancxt);
	HBaseKeyValues values = {vals, nulls, types, NULL};
	ListCell   *lc;

	foreach(lc, st->exprstates)
	{
		ExprState  *es = lfirst(lc);
		int			i = foreach_current_index(lc);

		vals[i] = ExecEvalExpr(es, econtext, &nulls[i]);
		types[i] = exprType((Node *) es->expr);
	}
	st->keyplan = hbase_keyplan_derive(st->index ? st->index->table : st->table, &st->spec,
									   &values);
	if (st->index)
		hbase_index_scan_set_plan(st->iscan, st->keyplan, st->spec.order,
								  st->spec.salt_bytes);
	else if (st->shared)
		hbase_scan_set_shared_plan(st->scan, st->keyplan, st->pieces, claim_piece, st);
	else
		hbase_scan_set_plan(st->scan, st->keyplan, st->spec.order, st->spec.salt_bytes);
	MemoryContextSwitchTo(old);
}

/*
 * A table that maps versions: the next (rowkey, timestamp) row, newest
 * first within a key; HBase rows without a mapped cell make none.
 */
static HBaseRow *
next_version(HBaseScanState *st)
{
	MemoryContext old;

	while (st->vrow == NULL || st->nextversion >= st->nversions)
	{
		HBaseRow   *row = hbase_scan_next(st->scan);

		MemoryContextReset(st->versioncxt);
		st->vrow = NULL;
		if (row == NULL)
			return NULL;
		old = MemoryContextSwitchTo(st->versioncxt);
		st->nversions = hbase_row_versions(st->table, row, &st->versions);
		MemoryContextSwitchTo(old);
		st->nextversion = 0;
		st->vrow = row;
	}
	return &st->versions[st->nextversion++];
}

/*
 * A scan read to its end: a full scan of every row (a salted table's
 * by one range per bucket too; no filter sent to HBase, not one process's share of a parallel scan, not versions) counted
 * the table's rows, the planner's evidence for every later query
 * (table_rows) until ANALYZE gives its own.
 */
static void
count_table_rows(HBaseScanState *st)
{
	if (st->counted || st->index || st->keyplan == NULL ||
		!(st->keyplan->kind == HBASE_OP_FULL || st->keyplan->whole_table) ||
		st->spec.fconds != NIL || st->spec.tconds != NIL || st->table->versions > 0 ||
		st->shared != NULL || st->pieces != NIL)
		return;
	st->counted = true;
	hbase_stats_set_rows(st->table->relid, st->nread);
}

/*
 * The ResultRelInfo of the UPDATE or DELETE this scan feeds, once its write
 * began (after this scan did), or NULL.
 */
static ResultRelInfo *
result_rel(ForeignScanState *node, HBaseScanState *st)
{
	EState	   *estate = node->ss.ps.state;
	Index		rti = ((Scan *) node->ss.ps.plan)->scanrelid;

	if (st->result_rel == NULL && estate->es_result_relations &&
		rti <= estate->es_range_table_size)
		st->result_rel = estate->es_result_relations[rti - 1];
	return st->result_rel;
}

/*
 * Did the UPDATE or DELETE this scan feeds change this row already?  Asked
 * of its ResultRelInfo (hbase_modify_changed).
 */
static bool
result_row_changed(ForeignScanState *node, HBaseScanState *st, HBaseRow *row)
{
	return result_rel(node, st) && hbase_modify_changed(st->result_rel, row->key, row->keylen);
}

/*
 * The columns after the table's in the scan tuple of a result relation
 * (result_scan_tlist): the row identity (the exact key read and its newest
 * stamp: the write goes there), the whole row, tableoid.
 */
static void
fill_result_columns(ForeignScanState *node, HBaseScanState *st, HBaseRow *row,
					TupleTableSlot *slot)
{
	Relation	rel = node->ss.ss_currentRelation;
	int			i;

	for (i = st->table->natts; i < slot->tts_tupleDescriptor->natts; i++)
		slot->tts_isnull[i] = true;
	slot->tts_values[st->rowid_pos - 1] = hbase_rowid_datum(row);
	slot->tts_isnull[st->rowid_pos - 1] = false;
	if (st->wholerow_pos > 0)
	{
		HeapTuple	tup = heap_form_tuple(RelationGetDescr(rel), slot->tts_values,
										  slot->tts_isnull);

		slot->tts_values[st->wholerow_pos - 1] = HeapTupleGetDatum(tup);
		slot->tts_isnull[st->wholerow_pos - 1] = false;
	}
	if (st->tableoid_pos > 0)
	{
		slot->tts_values[st->tableoid_pos - 1] = ObjectIdGetDatum(RelationGetRelid(rel));
		slot->tts_isnull[st->tableoid_pos - 1] = false;
	}
}

/*
 * The next row: at the first one the key plan is computed from the
 * conditions' values (compute_key_plan); a table of versions returns one row
 * per version of each HBase row.
 */
TupleTableSlot *
hbase_iterate_foreign_scan(ForeignScanState *node)
{
	HBaseScanState *st = node->fdw_state;
	TupleTableSlot *slot = node->ss.ss_ScanTupleSlot;
	HBaseRow   *row;
	bool		from_index = false;
	MemoryContext old;

	ExecClearTuple(slot);
	MemoryContextReset(st->tuplecxt);
	if (st->keyplan == NULL)
		compute_key_plan(node, st);
	for (;;)
	{
		if (st->index)
			row = hbase_index_scan_next(st->iscan, &from_index);
		else if (st->table->versions > 0)
			row = next_version(st);
		else
			row = hbase_scan_next(st->scan);
		if (row == NULL)
		{
			count_table_rows(st);

			/*
			 * the UPDATE's writes under way answered
			 * (hbase_modify_scan_ended)
			 */
			if (st->rowid_pos > 0 && result_rel(node, st))
				hbase_modify_scan_ended(st->result_rel);
			return slot;
		}
		st->nread++;

		/*
		 * a row the UPDATE or DELETE changed already: its later matches are
		 * ignored
		 */
		if (st->rowid_pos == 0 || !result_row_changed(node, st, row))
			break;
	}

	old = MemoryContextSwitchTo(st->tuplecxt);
	if (from_index)
		hbase_index_scan_values(st->iscan, row, slot->tts_values, slot->tts_isnull);
	else
		hbase_row_to_values(st->table, st->io, st->decode_key, st->retrieved_attrs, row,
							slot->tts_values, slot->tts_isnull);
	if (st->rowid_pos > 0)
		fill_result_columns(node, st, row, slot);
	MemoryContextSwitchTo(old);
	ExecStoreVirtualTuple(slot);
	return slot;
}

void
hbase_rescan_foreign_scan(ForeignScanState *node)
{
	HBaseScanState *st = node->fdw_state;

	if (st->scan)
		hbase_scan_rescan(st->scan);
	if (st->iscan)
		hbase_index_scan_rescan(st->iscan);
	st->vrow = NULL;
	st->nread = 0;
	st->counted = false;
	if (st->versioncxt)
		MemoryContextReset(st->versioncxt);
	/* parameters may have changed: the key plan is computed again */
	st->keyplan = NULL;
	if (st->plancxt)
		MemoryContextReset(st->plancxt);
}

/* ---------------- Parallel Foreign Scan ---------------- */

static int
claim_piece(void *arg)
{
	HBaseScanState *st = arg;
	uint32		i = pg_atomic_fetch_add_u32(&st->shared->next, 1);

	return i < (uint32) st->shared->npieces ? (int) i : -1;
}

/*
 * The leader, before the workers start: the operation (a parallel scan has
 * no parameters of a join, its values are known now) and its pieces, from
 * the table's regions read once here.
 */
Size
hbase_estimate_dsm_foreign_scan(ForeignScanState *node, ParallelContext *pcxt)
{
	HBaseScanState *st = node->fdw_state;
	MemoryContext old;

	if (st->keyplan == NULL)
		compute_key_plan(node, st);
	old = MemoryContextSwitchTo(GetMemoryChunkContext(st));
	st->pieces = hbase_scan_pieces(st->scan, st->keyplan);
	MemoryContextSwitchTo(old);
	return add_size(offsetof(HBaseParallelScan, data), hbase_pieces_size(st->pieces));
}

/* the leader publishes the pieces of a Parallel Foreign Scan for every process to claim */
void
hbase_initialize_dsm_foreign_scan(ForeignScanState *node, ParallelContext *pcxt, void *coordinate)
{
	HBaseScanState *st = node->fdw_state;
	HBaseParallelScan *shared = coordinate;

	pg_atomic_init_u32(&shared->next, 0);
	pg_atomic_init_u64(&shared->requests, 0);
	pg_atomic_init_u64(&shared->rows, 0);
	pg_atomic_init_u64(&shared->bytes, 0);
	shared->npieces = list_length(st->pieces);
	hbase_pieces_write(st->pieces, shared->data);
	st->shared = shared;

	/*
	 * The leader's scan claims pieces too, from its first row on (not now: a
	 * leader that does not take part must leave them all to the workers).
	 */
	hbase_scan_rescan(st->scan);
	st->keyplan = NULL;
	MemoryContextReset(st->plancxt);
}

void
hbase_reinitialize_dsm_foreign_scan(ForeignScanState *node, ParallelContext *pcxt, void *coordinate)
{
	HBaseScanState *st = node->fdw_state;
	HBaseParallelScan *shared = coordinate;

	pg_atomic_write_u32(&shared->next, 0);
	pg_atomic_write_u64(&shared->requests, 0);
	pg_atomic_write_u64(&shared->rows, 0);
	pg_atomic_write_u64(&shared->bytes, 0);
	st->shared = shared;
	st->published = false;
}

/*
 * The end of a parallel scan's run (before the DSM goes): a worker adds its
 * requests and rows; the leader, whose workers have ended by then, keeps
 * everyone's for EXPLAIN ANALYZE.
 */
void
hbase_shutdown_foreign_scan(ForeignScanState *node)
{
	HBaseScanState *st = node->fdw_state;
	long		requests,
				rows,
				resumes;

	/* a direct modification's state is direct.c's */
	if (((ForeignScan *) node->ss.ps.plan)->operation != CMD_SELECT)
		return;
	if (st == NULL || st->shared == NULL || st->scan == NULL || st->published)
		return;
	hbase_scan_stats(st->scan, &requests, &rows, &resumes);
	if (IsParallelWorker())
	{
		pg_atomic_fetch_add_u64(&st->shared->requests, requests);
		pg_atomic_fetch_add_u64(&st->shared->rows, rows);
		pg_atomic_fetch_add_u64(&st->shared->bytes, hbase_scan_bytes(st->scan));
	}
	else
	{
		st->all_requests = requests + (long) pg_atomic_read_u64(&st->shared->requests);
		st->all_rows = rows + (long) pg_atomic_read_u64(&st->shared->rows);
		st->all_bytes = hbase_scan_bytes(st->scan) + (int64) pg_atomic_read_u64(&st->shared->bytes);
	}
	st->published = true;
	st->shared = NULL;			/* the DSM goes next */
}

void
hbase_initialize_worker_foreign_scan(ForeignScanState *node, shm_toc *toc, void *coordinate)
{
	HBaseScanState *st = node->fdw_state;
	HBaseParallelScan *shared = coordinate;
	MemoryContext old = MemoryContextSwitchTo(GetMemoryChunkContext(st));

	st->pieces = hbase_pieces_read(shared->data, shared->npieces);
	MemoryContextSwitchTo(old);
	st->shared = shared;
}

void
hbase_end_foreign_scan(ForeignScanState *node)
{
	HBaseScanState *st = node->fdw_state;

	if (st && st->scan)
		hbase_scan_end(st->scan);
	if (st && st->iscan)
		hbase_index_scan_end(st->iscan);
}

/*
 * EXPLAIN: the operation as hbase_keyplan_describe puts it (the one made
 * under ANALYZE, else what planning can tell: the keys and ranges of
 * constants, the shape of what parameters will make), the layout and the
 * cells read (VERBOSE), and under ANALYZE the requests and rows of every
 * process of the scan.
 */
void
hbase_explain_foreign_scan(ForeignScanState *node, ExplainState *es)
{
	HBaseScanState *st = node->fdw_state;
	ForeignScan *fsplan = (ForeignScan *) node->ss.ps.plan;
	HBaseKeyPlan *kp = st->keyplan;
	List	   *lines;
	int			i;

	ExplainPropertyText("HBase Table", st->table->hbase_table, es);

	/*
	 * through a Phoenix index: its name and table; the operation is the
	 * index's
	 */
	if (st->index)
	{
		ExplainPropertyText("HBase Phoenix Index",
							st->index->local_id ?
							psprintf("%s (local: in HBase table %s, under each region's start key)",
									 st->index->name, st->index->table->hbase_table) :
							psprintf("%s (HBase table %s)", st->index->name,
									 st->index->table->hbase_table), es);
		ExplainPropertyText("HBase Data Rows",
							hbase_index_data_rows_text(intVal(list_nth(fsplan->fdw_private,
																	   FdwScanPrivateCovered)),
													   st->spec.order != HBASE_ORDER_ANY,
													   st->index->local_id != NULL), es);

		/*
		 * a local index's ranges, below, follow this in each region; in the
		 * index's order, the regions' rows merged on what follows it
		 */
		if (st->index->local_id)
			ExplainPropertyText("HBase Index Key Prefix",
								psprintf("each region's start key, then %s%s",
										 hbase_explain_key(st->index->local_id,
														   st->index->local_idlen),
										 st->spec.order != HBASE_ORDER_ANY ?
										 "; the regions' rows merged in the index key's order" :
										 ""), es);
	}
	/* the operation executed (ANALYZE), else what planning can tell of it */
	if (kp == NULL)
		kp = hbase_keyplan_derive(st->index ? st->index->table : st->table, &st->spec,
								  hbase_keyplan_planning_values(fsplan->fdw_exprs));
	lines = hbase_keyplan_describe(st->index ? st->index->table : st->table, kp);
	for (i = 0; i + 1 < list_length(lines); i += 2)
		ExplainPropertyText(list_nth(lines, i), list_nth(lines, i + 1), es);
	/* the quals on key columns the key could not use, one line each */
	{
		List	   *notes = NIL;
		ListCell   *lc;

		foreach(lc, (List *) list_nth(fsplan->fdw_private, FdwScanPrivateNotPushed))
		{
			if (es->format == EXPLAIN_FORMAT_TEXT)
				ExplainPropertyText("HBase Not Pushed", strVal(lfirst(lc)), es);
			notes = lappend(notes, strVal(lfirst(lc)));
		}
		if (notes != NIL && es->format != EXPLAIN_FORMAT_TEXT)
			ExplainPropertyList("HBase Not Pushed", notes, es);
	}
	if (es->verbose && st->index)
		ExplainPropertyText("HBase Index Rowkey", st->index->table->rowkey, es);
	if (es->verbose && st->table->rowkey && !st->table->rowkey_implicit)
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
			appendStringInfo(&cols, "%s%s", keyonly ? "" : ", ",
							 hbase_printable_key(col->colspec, col->speclen));
			keyonly = false;
		}
		ExplainPropertyText("HBase Columns", keyonly ? "(rowkeys only)" : cols.data, es);
	}
	if (es->analyze && st->iscan)
	{
		long		irequests,
					irows,
					drequests,
					drows,
					dups,
					verified,
					stale,
					listings,
					retries,
					region_reads;
		int			regions;

		hbase_index_scan_stats(st->iscan, &irequests, &irows, &drequests, &drows, &dups,
							   &verified, &stale);
		ExplainPropertyInteger("HBase Index Requests", NULL, irequests, es);
		ExplainPropertyInteger("HBase Index Rows Received", NULL, irows, es);
		if (intVal(list_nth(fsplan->fdw_private, FdwScanPrivateCovered)))
			ExplainPropertyInteger("HBase Index Rows Verified", NULL, verified, es);
		if (dups > 0)
			ExplainPropertyInteger("HBase Index Rows of One Data Row", NULL, dups, es);
		if (stale > 0)
			ExplainPropertyInteger("HBase Index Rows Stale", NULL, stale, es);
		ExplainPropertyInteger("HBase Requests", NULL, drequests, es);
		ExplainPropertyInteger("HBase Rows Received", NULL, drows, es);
		/* a local index: the regions read, their listings, reads made again */
		if (hbase_index_scan_regions(st->iscan, &regions, &listings, &retries,
									 &region_reads))
		{
			ExplainPropertyInteger("HBase Index Regions", NULL, regions, es);
			ExplainPropertyInteger("HBase Index Region Listings", NULL, listings, es);
			if (retries > 0)
				ExplainPropertyInteger("HBase Index Reads After a Split", NULL, retries, es);
		}
	}
	if (es->analyze && st->scan)
	{
		long		requests,
					rows,
					resumes;
		int64		bytes = hbase_scan_bytes(st->scan);

		hbase_scan_stats(st->scan, &requests, &rows, &resumes);
		if (st->published && !IsParallelWorker())
		{
			/* a parallel scan: all processes' */
			requests = st->all_requests;
			rows = st->all_rows;
			bytes = st->all_bytes;
		}
		ExplainPropertyInteger("HBase Requests", NULL, requests, es);
		ExplainPropertyInteger("HBase Rows Received", NULL, rows, es);

		/*
		 * the answers' bodies as on the wire (what a filter saves); VERBOSE:
		 * they vary
		 */
		if (es->verbose)
			ExplainPropertyInteger("HBase Bytes Received", "bytes", bytes, es);
		if (hbase_scan_region_note(st->scan))
			ExplainPropertyText("HBase Region Scans", hbase_scan_region_note(st->scan), es);
		else if (st->pieces != NIL)
			ExplainPropertyInteger("HBase Region Scans", NULL, list_length(st->pieces), es);
		else if (hbase_scan_region_scans(st->scan) > 0)
			ExplainPropertyInteger("HBase Region Scans", NULL, hbase_scan_region_scans(st->scan), es);
		if (resumes > 0)
			ExplainPropertyInteger("HBase Scans Resumed", NULL, resumes, es);
		if (hbase_scan_fallback(st->scan))
			ExplainPropertyText("HBase Gateway Fallback", hbase_scan_fallback(st->scan), es);
		if (hbase_scan_url_note(st->scan))
			ExplainPropertyText("HBase URL Too Long", hbase_scan_url_note(st->scan), es);
	}
}
