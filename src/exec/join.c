/*
 * join.c: batched key joins, a CustomScan planned through
 * set_join_pathlist_hook.
 *
 * A join whose clauses give the whole rowkey of an HBase table from the
 * other side's columns (o.id = h.id on '"row" + lpad(id, 9)') is run as:
 * take up to hbase_fdw.join_batch_size outer rows, compute each one's keys
 * with the scan's own derivation (hbase_keyplan_derive: a NULL or a value the key
 * cannot hold gives no key, as = gives no match), read the batch's distinct
 * keys by multigets of 100 keys, the table's `concurrency` at once, then
 * join each outer row with the rows of its keys, in outer order.  The
 * alternatives were a hash join over a full scan (grows with the table) or a
 * nested loop of one Get per outer row (a round trip each).
 *
 * Inner, left, semi and anti joins, with nodeNestloop.c's semantics: join
 * quals (ON) decide a match, other quals (WHERE of an outer join) filter
 * what is returned.  Every qual is evaluated here: the inner table's own
 * quals, the join quals and the others, so the keys only have to cover the
 * matching rows.  A row whose values lead to something else than keys (a
 * NaN, a range) reads its own scan.  The inner table's quals that HBase
 * can filter by cell values travel with the multigets and scans as a plain
 * scan's do (vfilter.c): fewer rows come, and they are still checked here.
 *
 * Through a Phoenix index (JoinScanIndex: the join gives a leading part of
 * the index's key by =, paths weighed by plan/join_paths.c), a batch's
 * ranges are the index's, merged and grouped per salt bucket of the index
 * as a prefix join's, and read by index_scan.c with its rules
 * (reader_begin): the data rows the index rows name read back by multigets
 * in batches, a data row named twice returned once, or covered, verified
 * index rows as they are and an unverified one's data row used only where
 * it holds the index row's values.  A local index's batch is read in each
 * region of the data table, a scan per region with all the batch's ranges
 * as the parts of one MultiRowRangeFilter under the region's start key and
 * the index's id; the one index scan of the join (its regions listed at
 * its first read, then again after each batch's read: a split between
 * them reads the batch again for the new regions, index_scan.c's rule).
 * Each row is then placed in the batch by its index key, a data row's
 * built again from its current values (reader_next), so that an outer row
 * meets only the rows of its ranges, and every qual is checked as above.
 *
 * The scan tuple (custom_scan_tlist) is the outer plan's columns followed
 * by the inner table's columns that the quals and the output use.
 */
#include "postgres.h"

#include <math.h>

#include "access/htup_details.h"
#include "access/parallel.h"
#include "commands/explain.h"
#include "executor/executor.h"
#include "miscadmin.h"
#include "nodes/extensible.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "optimizer/cost.h"
#include "optimizer/optimizer.h"
#include "optimizer/pathnode.h"
#include "optimizer/paths.h"
#include "optimizer/restrictinfo.h"
#include "parser/parsetree.h"
#include "utils/datum.h"
#include "utils/guc.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/ruleutils.h"
#include "utils/selfuncs.h"
#include "utils/typcache.h"

#include "exec_int.h"
#include "rowkey.h"

/* keys per multiget request (as scan.c reads a key plan's keys) */
#define JOIN_MULTIGET_KEYS	HBASE_COST_MULTIGET_KEYS
/* key ranges of one scanner's MultiRowRangeFilter at most (a POST of ~150 kB) */
#define JOIN_RANGES_PER_SCAN	1000

/* an inner row, decoded: the values of the inner columns of the scan tuple */
typedef struct InnerRow
{
	Datum	   *values;
	bool	   *isnull;
} InnerRow;

/* an outer row of the batch and the inner rows it may match */
typedef struct OuterRow
{
	MinimalTuple tuple;
	int			nkeys;
	int		   *keys;			/* indexes into the batch's keys */
	int			ncand;
	InnerRow  **cand;
	HBaseKeyPlan *lazy;			/* a scan read when the row is joined, a row
								 * at a time: its own operation, or its prefix
								 * ranges when the batch's passed work_mem */
	int			nruns;			/* its runs of the batch's prefix scan rows */
	int		   *run_lo;			/* [lo, hi) indexes into scanrows */
	int		   *run_hi;
} OuterRow;

/*
 * An open read of inner rows by a key plan: the table's own (its keys or
 * ranges), or through its Phoenix index (index_scan.c: the join's one
 * index scan, js->ixscan)
 */
typedef struct InnerReader
{
	HBaseScan  *scan;
	HBaseIndexScan *iscan;
} InnerReader;

/* what EXPLAIN ANALYZE shows; a parallel join's workers leave theirs in DSM */
typedef struct JoinCounts
{
	long		batches;
	long		multigets;
	long		requests;
	long		rows_received;
	long		outer_rows;		/* outer rows batched */
	long		ranges;			/* key ranges scanned (a prefix scan's, merged) */
	long		range_scans;	/* the scans that read them (group_ranges) */
	long		streamed;		/* batches whose prefix rows passed work_mem */
	long		url_long;		/* multigets too long for a URL, sent another way */
	Size		peak_mem;		/* the largest batch's memory, its joins ready */
	/* through a Phoenix index (index_scan.c's counts) */
	long		index_rows;		/* index rows received */
	long		verified;		/* covered: index rows used as they are */
	long		stale;			/* unverified rows whose data row holds other
								 * values (or none) */
	long		duplicates;		/* index rows of a data row read already */
	/* through a local index (index_scan.c's hbase_index_scan_regions) */
	int			regions;		/* the data table's regions, last listed */
	long		listings;		/* region listings asked */
	long		retries;		/* batches read again after a split */
	long		region_reads;	/* regions' scans made */
} JoinCounts;

/* an index scan's counts as taken last (they grow over the join's reads) */
typedef struct IndexTaken
{
	long		irequests;
	long		irows;
	long		requests;
	long		rows;
	long		duplicates;
	long		verified;
	long		stale;
	long		listings;
	long		retries;
	long		region_reads;
} IndexTaken;

typedef struct BatchJoinState
{
	CustomScanState css;
	HBaseTable *table;
	HBaseReadIndex *index;		/* the rows are found through this Phoenix
								 * index (JoinScanIndex), or NULL */
	bool		covered;		/* it holds every inner column */
	HBaseTable *keytable;		/* whose key the key conditions give: the
								 * table's, or the index's */
	HBaseIndexScan *ixscan;		/* through an index: the join's one scan of
								 * it, made at its first read, in ixcxt */
	MemoryContext ixcxt;
	IndexTaken	ixtaken;		/* its counts already in n */
	HBaseConn  *conn;
	JoinType	jointype;
	bool		single_match;
	int			batch_rows;
	HBaseOpKind shape;
	int			salt_width;		/* bytes of keytable's salt, or 0 */
	int			nouter;
	int			ninner;
	List	   *inner_attrs;	/* int: attnums of the scan tuple's inner columns,
								 * 0 for the whole row */
	List	   *fetch_attrs;	/* those read: inner_attrs without 0 */
	TupleDesc	rowdesc;		/* the whole row's, or NULL */
	int16	   *inner_typlen;
	bool	   *inner_byval;
	List	   *conds;			/* HBaseKeyCond */
	List	   *columns;		/* HBaseColumn *: cells read (old gateways) */
	HBaseColumnIO *io;
	bool		decode_key;
	List	   *keyexprs;		/* ExprState * */
	Oid		   *keytypes;
	List	   *fconds;			/* value filter conditions of the inner quals */
	List	   *fexprs;			/* ExprState *: their values */
	Oid		   *ftypes;
	List	   *filters;		/* HBaseCellFilter *: the batch's (batchcxt) */
	const bytea *keys_filter;	/* those a multiget takes (hbase_rest_filter_text) */
	ExprState  *innerqual;
	ExprState  *joinqual;
	ExprState  *otherqual;
	PlanState  *outerps;
	TupleTableSlot *outerslot;
	TupleTableSlot *scanslot;
	MemoryContext batchcxt;		/* the batch: outer rows, keys, inner rows */
	MemoryContext rowcxt;		/* one outer row's key plan */
	MemoryContext fetchcxt;		/* one round of multigets' answers */
	MemoryContext rangecxt;		/* the batch's prefix scan rows */
	MemoryContext streamcxt;	/* the row of a lazy scan being joined */
	InnerReader *rowscan;		/* that scan, open */
	bool		rowscan_done;	/* read to its end for the current outer row */
	int			rowscan_ranges; /* its key ranges */
	int			batch_cap;		/* outer rows in the next batch (batch_rows,
								 * fewer when the inner rows are wide) */
	double		inner_bytes;	/* memory of the inner rows decoded so far */
	Size		decoded;		/* bytes decode_row gave its rows (a running count) */
	double		inner_rows;
	/* the batch */
	OuterRow   *outer;
	int			nbatch;
	bool		outer_done;
	int			cur;			/* outer row being joined */
	int			curcand;		/* its next candidate */
	int			currun;			/* its run being read, and the next row in it */
	int			runpos;
	bool		rowdone;		/* no more candidates wanted for it */
	InnerRow  **scanrows;		/* the rows of the batch's prefix scans, by key */
	bool		loaded;			/* its columns are in the scan slot */
	bool		matched;
	bool		table_known;
	/* EXPLAIN ANALYZE */
	JoinCounts	n;
	struct JoinShared *shared;	/* a parallel join's: the workers' counts */
	bool		published;		/* this process's went to / came from it */
} BatchJoinState;

static Node *create_join_state(CustomScan *cscan);
static void begin_join(CustomScanState *node, EState *estate, int eflags);
static TupleTableSlot *exec_join(CustomScanState *node);
static void end_join(CustomScanState *node);
static void rescan_join(CustomScanState *node);
static void explain_join(CustomScanState *node, List *ancestors, ExplainState *es);
static Size estimate_join_dsm(CustomScanState *node, ParallelContext *pcxt);
static void init_join_dsm(CustomScanState *node, ParallelContext *pcxt, void *coordinate);
static void reinit_join_dsm(CustomScanState *node, ParallelContext *pcxt, void *coordinate);
static void init_join_worker(CustomScanState *node, shm_toc *toc, void *coordinate);
static void shutdown_join(CustomScanState *node);

static const CustomScanMethods join_scan_methods = {
	.CustomName = "HBase Batched Join",
	.CreateCustomScanState = create_join_state,
};

static const CustomExecMethods join_exec_methods = {
	.CustomName = "HBase Batched Join",
	.BeginCustomScan = begin_join,
	.ExecCustomScan = exec_join,
	.EndCustomScan = end_join,
	.ReScanCustomScan = rescan_join,
	.ExplainCustomScan = explain_join,
	.EstimateDSMCustomScan = estimate_join_dsm,
	.InitializeDSMCustomScan = init_join_dsm,
	.ReInitializeDSMCustomScan = reinit_join_dsm,
	.InitializeWorkerCustomScan = init_join_worker,
	.ShutdownCustomScan = shutdown_join,
};

/* ---------------- execution ---------------- */

static Node *
create_join_state(CustomScan *cscan)
{
	BatchJoinState  *js = palloc0(sizeof(BatchJoinState));

	NodeSetTag(js, T_CustomScanState);
	js->css.methods = &join_exec_methods;
	return (Node *) js;
}

/* the range table index of the HBase table: custom_relids' inner_pos'th */
static Index
inner_rti(CustomScan *cs, int pos)
{
	int			x = -1;

	while ((x = bms_next_member(cs->custom_relids, x)) >= 0)
		if (pos-- == 0)
			return (Index) x;
	elog(ERROR, "hbase_fdw: the batched join's table is not among its relations");
	return 0;
}

/*
 * Reads the plan back (the table, the join type, the batch size, the key
 * conditions and the inner columns in custom_private; keys and quals in
 * custom_exprs) and starts the outer plan; unless EXPLAIN only, opens the
 * connection of the checked-as user of the inner table and prepares the
 * inner columns' input functions and the batch, row and fetch contexts.
 */
static void
begin_join(CustomScanState *node, EState *estate, int eflags)
{
	BatchJoinState  *js = (BatchJoinState *) node;
	CustomScan *cs = (CustomScan *) node->ss.ps.plan;
	List	   *priv = cs->custom_private;
	List	   *exprs = cs->custom_exprs;
	RangeTblEntry *rte;
	Oid			userid;
	ListCell   *lc;
	int			i;

	js->table = hbase_get_table((Oid) intVal(list_nth(priv, JoinScanTable)));
	js->jointype = intVal(list_nth(priv, JoinScanJoinType));
	js->single_match = intVal(list_nth(priv, JoinScanSingleMatch));
	/* as set when it runs: a cached plan follows a later SET too */
	js->batch_rows = Max(hbase_join_batch_size, 1);
	js->conds = hbase_key_conds_from_list(list_nth(priv, JoinScanKeyConds));
	js->inner_attrs = list_nth(priv, JoinScanInnerAttrs);
	js->nouter = intVal(list_nth(priv, JoinScanNOuter));
	js->ninner = list_length(js->inner_attrs);
	js->shape = intVal(list_nth(priv, JoinScanShape));
	js->keytable = js->table;
	if (intVal(list_nth(priv, JoinScanIndex)) > 0)
	{
		js->index = list_nth(js->table->read_indexes, intVal(list_nth(priv, JoinScanIndex)) - 1);
		js->covered = intVal(list_nth(priv, JoinScanCovered));
		js->keytable = js->index->table;
	}
	js->salt_width = hbase_salt_of(js->keytable, NULL);

	js->outerps = ExecInitNode(linitial(cs->custom_plans), estate, eflags);
	node->custom_ps = list_make1(js->outerps);
	js->scanslot = node->ss.ss_ScanTupleSlot;

	js->keyexprs = ExecInitExprList(list_nth(exprs, JoinExprKeys), &node->ss.ps);
	js->keytypes = palloc0(sizeof(Oid) * Max(list_length(js->keyexprs), 1));
	foreach(lc, (List *) list_nth(exprs, JoinExprKeys))
		js->keytypes[foreach_current_index(lc)] = exprType(lfirst(lc));
	js->innerqual = ExecInitQual(list_nth(exprs, JoinExprInnerQuals), &node->ss.ps);
	js->joinqual = ExecInitQual(list_nth(exprs, JoinExprJoinQuals), &node->ss.ps);
	js->otherqual = ExecInitQual(list_nth(exprs, JoinExprOtherQuals), &node->ss.ps);
	js->fconds = list_nth(priv, JoinScanFilterConds);
	js->fexprs = ExecInitExprList(list_nth(exprs, JoinExprFilterValues), &node->ss.ps);
	js->ftypes = palloc0(sizeof(Oid) * Max(list_length(js->fexprs), 1));
	foreach(lc, (List *) list_nth(exprs, JoinExprFilterValues))
		js->ftypes[foreach_current_index(lc)] = exprType(lfirst(lc));

	if (eflags & EXEC_FLAG_EXPLAIN_ONLY)
		return;

	js->outerslot = ExecInitExtraTupleSlot(estate, ExecGetResultType(js->outerps),
										   &TTSOpsMinimalTuple);
	rte = exec_rt_fetch(inner_rti(cs, intVal(list_nth(priv, JoinScanInnerPos))), estate);
	userid = OidIsValid(rte->checkAsUser) ? rte->checkAsUser : GetUserId();
	js->conn = hbase_get_connection(js->table->serverid, userid);

	foreach(lc, js->inner_attrs)
	{
		if (lfirst_int(lc) != 0)
			js->fetch_attrs = lappend_int(js->fetch_attrs, lfirst_int(lc));
		else
			js->rowdesc = lookup_rowtype_tupdesc_copy(get_rel_type_id(js->table->relid), -1);
	}

	/*
	 * through an index: a data row's index key is built again from its
	 * columns
	 */
	for (i = 0; js->index && i < js->keytable->natts; i++)
		if (!js->keytable->columns[i].dropped &&
			js->keytable->columns[i].kind == HBASE_COL_KEYPART)
			js->fetch_attrs = list_append_unique_int(js->fetch_attrs, i + 1);
	js->io = hbase_attrs_io_init(js->table, js->fetch_attrs, &js->decode_key);
	/* the Gets read whole rows: a family the table lacks would read as NULLs */
	{
		List	   *cols = NIL;

		foreach(lc, js->fetch_attrs)
			cols = lappend(cols, &js->table->columns[lfirst_int(lc) - 1]);
		hbase_check_families(js->conn, js->table, cols);
	}
	js->inner_typlen = palloc(sizeof(int16) * Max(js->ninner, 1));
	js->inner_byval = palloc(sizeof(bool) * Max(js->ninner, 1));
	i = 0;
	foreach(lc, js->inner_attrs)
	{
		HBaseColumn *col;

		if (lfirst_int(lc) == 0)
		{
			/* the whole row: a composite datum */
			js->inner_typlen[i] = -1;
			js->inner_byval[i] = false;
			i++;
			continue;
		}
		col = &js->table->columns[lfirst_int(lc) - 1];
		if (col->kind == HBASE_COL_CELL || col->kind == HBASE_COL_FAMILY)
			js->columns = lappend(js->columns, col);
		get_typlenbyval(col->atttypid, &js->inner_typlen[i], &js->inner_byval[i]);
		i++;
	}
	js->batchcxt = AllocSetContextCreate(estate->es_query_cxt, "hbase_fdw join batch",
										 ALLOCSET_DEFAULT_SIZES);
	js->rowcxt = AllocSetContextCreate(estate->es_query_cxt, "hbase_fdw join row",
									   ALLOCSET_DEFAULT_SIZES);
	js->fetchcxt = AllocSetContextCreate(estate->es_query_cxt, "hbase_fdw join fetch",
										 ALLOCSET_DEFAULT_SIZES);
	js->rangecxt = AllocSetContextCreate(estate->es_query_cxt, "hbase_fdw join prefix rows",
										 ALLOCSET_DEFAULT_SIZES);
	js->streamcxt = AllocSetContextCreate(estate->es_query_cxt, "hbase_fdw join lazy row",
										  ALLOCSET_DEFAULT_SIZES);
	if (js->index)
		js->ixcxt = AllocSetContextCreate(estate->es_query_cxt, "hbase_fdw join index scan",
										  ALLOCSET_DEFAULT_SIZES);
	/* a first batch of keys is one multigets' worth (learn_batch_cap) */
	js->batch_cap = js->shape == HBASE_OP_SCANS ? js->batch_rows :
		Min(js->batch_rows, JOIN_MULTIGET_KEYS);
}

/* the scan slot: this outer row's columns, the inner's from ir (NULL: NULLs) */
static void
fill_scan_slot(BatchJoinState *js, TupleTableSlot *outer, InnerRow *ir)
{
	TupleTableSlot *slot = js->scanslot;
	int			i;

	ExecClearTuple(slot);
	if (outer)
	{
		slot_getallattrs(outer);
		memcpy(slot->tts_values, outer->tts_values, sizeof(Datum) * js->nouter);
		memcpy(slot->tts_isnull, outer->tts_isnull, sizeof(bool) * js->nouter);
	}
	for (i = 0; i < js->ninner; i++)
	{
		slot->tts_values[js->nouter + i] = ir ? ir->values[i] : (Datum) 0;
		slot->tts_isnull[js->nouter + i] = ir ? ir->isnull[i] : true;
	}
	ExecStoreVirtualTuple(slot);
}

/* only the inner part of the scan slot changes (the outer's stays) */
static void
set_inner(BatchJoinState *js, InnerRow *ir)
{
	TupleTableSlot *slot = js->scanslot;
	int			i;

	for (i = 0; i < js->ninner; i++)
	{
		slot->tts_values[js->nouter + i] = ir ? ir->values[i] : (Datum) 0;
		slot->tts_isnull[js->nouter + i] = ir ? ir->isnull[i] : true;
	}
}

/*
 * Arrays for a row's values by attnum, in fetchcxt (decode_row's scratch):
 * the whole row's columns that are not read (dropped ones) are NULL
 */
static void
row_arrays(BatchJoinState *js, Datum **values, bool **isnull)
{
	int			n = Max(js->table->natts, 1);

	*values = MemoryContextAlloc(js->fetchcxt, sizeof(Datum) * n);
	*isnull = MemoryContextAlloc(js->fetchcxt, sizeof(bool) * n);
	memset(*isnull, true, sizeof(bool) * n);
}

static InnerRow *inner_row(BatchJoinState *js, Datum *values, bool *isnull, MemoryContext cxt);

/* an HBase row as the inner columns of the scan tuple, in cxt */
static InnerRow *
decode_row(BatchJoinState *js, HBaseRow *row, MemoryContext cxt)
{
	Datum	   *values;
	bool	   *isnull;
	MemoryContext old = MemoryContextSwitchTo(js->fetchcxt);

	row_arrays(js, &values, &isnull);
	hbase_row_to_values(js->table, js->io, js->decode_key, js->fetch_attrs, row, values, isnull);
	MemoryContextSwitchTo(old);
	return inner_row(js, values, isnull, cxt);
}

/* a row's values (by attnum) as the inner columns of the scan tuple, in cxt */
static InnerRow *
inner_row(BatchJoinState *js, Datum *values, bool *isnull, MemoryContext cxt)
{
	MemoryContext old = MemoryContextSwitchTo(cxt);
	InnerRow   *ir;
	ListCell   *lc;

	ir = palloc(sizeof(InnerRow));
	ir->values = palloc(sizeof(Datum) * Max(js->ninner, 1));
	ir->isnull = palloc(sizeof(bool) * Max(js->ninner, 1));
	foreach(lc, js->inner_attrs)
	{
		int			i = foreach_current_index(lc);
		int			a = lfirst_int(lc) - 1;

		if (a < 0)
		{
			/* the whole row, from the columns decoded above (all of them) */
			HeapTuple	tup = heap_form_tuple(js->rowdesc, values, isnull);

			ir->isnull[i] = false;
			ir->values[i] = heap_copy_tuple_as_datum(tup, js->rowdesc);
			js->decoded += HeapTupleHeaderGetDatumLength(DatumGetHeapTupleHeader(ir->values[i]));
			continue;
		}
		ir->isnull[i] = isnull[a];
		ir->values[i] = isnull[a] ? (Datum) 0 :
			datumCopy(values[a], js->inner_byval[i], js->inner_typlen[i]);
		if (!isnull[a] && !js->inner_byval[i])
			js->decoded += datumGetSize(ir->values[i], false, js->inner_typlen[i]);
	}
	js->decoded += sizeof(InnerRow) + (sizeof(Datum) + sizeof(bool)) * Max(js->ninner, 1);
	MemoryContextSwitchTo(old);
	return ir;
}

/* a key of the batch, and the outer row that wants it */
typedef struct PendingKey
{
	bytea	   *key;
	int			row;
	int			uniq;			/* index among the distinct keys */
} PendingKey;

/* a bounded scan of an outer row (a join on a leading part of the key) */
typedef struct PendingRange
{
	HBaseKeyRange r;
	int			row;
} PendingRange;

/* an inner row of the batch's prefix scans, by its key */
typedef struct ScannedRow
{
	char	   *key;
	int			keylen;
	InnerRow   *ir;
} ScannedRow;

static int
range_start_cmp(const void *a, const void *b)
{
	const PendingRange *x = a;
	const PendingRange *y = b;

	return hbase_cmp_keys(x->r.start, x->r.startlen, y->r.start, y->r.startlen);
}

static int
scanned_cmp(const void *a, const void *b)
{
	const ScannedRow *x = a;
	const ScannedRow *y = b;

	return hbase_cmp_keys(x->key, x->keylen, y->key, y->keylen);
}

static int
pending_cmp(const void *a, const void *b)
{
	const PendingKey *x = a;
	const PendingKey *y = b;

	return hbase_cmp_keys(VARDATA(x->key), VARSIZE(x->key) - VARHDRSZ,
						  VARDATA(y->key), VARSIZE(y->key) - VARHDRSZ);
}

/* the index of key among the sorted distinct keys [lo, hi), or -1 */
static int
find_key(bytea **keys, int lo, int hi, const char *key, int len)
{
	while (lo < hi)
	{
		int			mid = lo + (hi - lo) / 2;
		int			c = hbase_cmp_keys(VARDATA(keys[mid]), VARSIZE(keys[mid]) - VARHDRSZ, key, len);

		if (c == 0)
			return mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/*
 * A multiget's result: its rows into found[] by key (a row not asked for
 * in this request is ignored).  None (404): none of its keys exists, unless
 * the table itself is missing.
 */
static void
take_multiget(BatchJoinState *js, HBaseResult *res, bytea **keys, int start, int n,
			  InnerRow **found)
{
	HBaseCellSet *set;
	int			i;

	if (res->table_unsure && !js->table_known)
	{
		js->n.requests++;
		hbase_rest_check_table(js->conn, js->table, "a multiget of a batched join");
		js->table_known = true;
	}
	if (res->outcome == HBASE_END)
		return;
	if (res->outcome != HBASE_DONE)
		hbase_rest_report(res, js->table, "a multiget of a batched join");
	js->table_known = true;
	set = res->set;
	js->n.rows_received += set->nrows;
	for (i = 0; i < set->nrows; i++)
	{
		HBaseRow   *row = &set->rows[i];
		int			k = find_key(keys, start, start + n, row->key, row->keylen);

		if (k >= 0 && found[k] == NULL)
			found[k] = decode_row(js, row, js->batchcxt);
	}
}

/*
 * Read the batch's distinct keys (sorted) into found[]: multigets of 100
 * keys, `concurrency` of them at once; one again alone when it got no
 * answer.  A gateway without ?e=b64 reads them as gateway_rows.c can.
 */
static void
fetch_keys(BatchJoinState *js, bytea **keys, int nkeys, InnerRow **found)
{
	int			conc = Max(Min(js->table->concurrency, HBASE_MAX_CONCURRENCY), 1);
	int			next = 0;

	if (nkeys == 0)
		return;
	if (!hbase_gateway(js->conn)->b64)
	{
		while (next < nkeys)
		{
			int			n = Min(JOIN_MULTIGET_KEYS, nkeys - next);
			List	   *batch = NIL;
			bool		by_scanner;
			HBaseCellSet *set;
			int			i;

			MemoryContextReset(js->fetchcxt);
			for (i = 0; i < n; i++)
				batch = lappend(batch, keys[next + i]);
			set = hbase_gateway_get_rows(js->conn, js->table, batch, js->columns,
										 &js->n.requests, &by_scanner);
			js->n.multigets++;
			js->n.rows_received += set->nrows;
			for (i = 0; i < set->nrows; i++)
			{
				int			k = find_key(keys, next, next + n, set->rows[i].key, set->rows[i].keylen);

				if (k >= 0 && found[k] == NULL)
					found[k] = decode_row(js, &set->rows[i], js->batchcxt);
			}
			next += n;
		}
		return;
	}
	while (next < nkeys)
	{
		int			starts[HBASE_MAX_CONCURRENCY];
		int			counts[HBASE_MAX_CONCURRENCY];
		HBaseResult out[HBASE_MAX_CONCURRENCY];
		int			nreq = 0;
		int			i;
		MemoryContext old;

		MemoryContextReset(js->fetchcxt);
		old = MemoryContextSwitchTo(js->fetchcxt);
		while (nreq < conc && next < nkeys)
		{
			starts[nreq] = next;
			counts[nreq] = Min(JOIN_MULTIGET_KEYS, nkeys - next);
			next += counts[nreq];
			nreq++;
		}
		if (nreq == 1)
			out[0] = hbase_rest_multiget(js->conn, js->table, keys + starts[0], counts[0],
										 js->keys_filter, js->columns);
		else
			hbase_rest_multiget_many(js->conn, js->table, keys, starts, counts, nreq, out,
									 js->keys_filter, js->columns);
		js->n.multigets += nreq;
		js->n.requests += nreq;
		for (i = 0; i < nreq; i++)
		{
			HBaseResult *res = &out[i];

			js->n.requests += res->more_requests;
			js->n.url_long += res->url_note != NULL;
			if (res->outcome == HBASE_UNAVAILABLE)
			{
				/*
				 * no answer, or 502 to 504: once more alone, where another
				 * gateway of the server may take it (a multiget changes
				 * nothing); then an error
				 */
				*res = hbase_rest_multiget(js->conn, js->table, keys + starts[i], counts[i],
										   js->keys_filter, js->columns);
				js->n.requests += 1 + res->more_requests;
				js->n.url_long += res->url_note != NULL;
			}
			take_multiget(js, res, keys, starts[i], counts[i], found);
		}
		MemoryContextSwitchTo(old);
	}
}

/* through a Phoenix local index (its rows in the data table's regions)? */
static bool
local_index(BatchJoinState *js)
{
	return js->index != NULL && js->index->local_id != NULL;
}

/* close a group of ranges: one range, or the span of several read through them */
static List *
add_group(List *groups, List *members)
{
	HBaseKeyRange *first;
	HBaseKeyRange *last;
	HBaseKeyRange *g;

	if (list_length(members) < JOIN_MIN_GROUP)
		return list_concat(groups, members);
	first = linitial(members);
	last = llast(members);
	g = palloc0(sizeof(HBaseKeyRange));
	g->start = first->start;
	g->startlen = first->startlen;
	g->stop = last->stop;
	g->stoplen = last->stoplen;
	g->parts = members;
	return lappend(groups, g);
}

/*
 * The scans that read the batch's merged ranges (sorted, disjoint): the
 * ranges of one salt bucket (the same salt bytes) by one scan, or, without
 * a salt, contiguous blocks of them, one per concurrent stream; at most
 * JOIN_RANGES_PER_SCAN each.  A scan of several ranges is one scanner from
 * the first's start to the last's stop with a MultiRowRangeFilter of them,
 * which seeks from each to the next: a few requests per bucket and batch
 * where a request per range and bucket was (3,000 outer rows over 16
 * buckets: 48,000).  The buckets' scans are streams of their own, read
 * concurrently as every scan's ranges are.  A group of fewer than
 * JOIN_MIN_GROUP ranges is read range by range.
 */
static List *
group_ranges(BatchJoinState *js, List *ranges)
{
	int			n = list_length(ranges);
	int			blocks = Min(n, Max(Min(js->table->concurrency, HBASE_MAX_CONCURRENCY), 1));
	List	   *groups = NIL;
	List	   *members = NIL;
	HBaseKeyRange *head = NULL;
	int			block = -1;
	ListCell   *lc;

	foreach(lc, ranges)
	{
		HBaseKeyRange *r = lfirst(lc);
		int			j = foreach_current_index(lc);
		bool		same;

		if (js->salt_width > 0)
			same = head != NULL && r->startlen >= js->salt_width &&
				head->startlen >= js->salt_width &&
				memcmp(r->start, head->start, js->salt_width) == 0;
		else
			same = (int) ((int64) j * blocks / n) == block;
		if (!same || list_length(members) >= JOIN_RANGES_PER_SCAN)
		{
			groups = add_group(groups, members);
			members = NIL;
			head = r;
			block = (int) ((int64) j * blocks / n);
		}
		members = lappend(members, r);
	}
	return add_group(groups, members);
}

/*
 * An open read of the inner rows of key plan kp (in the current context).
 * Through a Phoenix index, kp is of the index's key, and index_scan.c reads
 * it with the rules of a scan through the index: the data rows its rows
 * name read back by multigets in batches (covered: its verified rows as
 * they are, an unverified one's data row by a Get, used only where it
 * holds the index row's values), a data row named twice returned once.
 * The join has one scan of the index, which each read starts again with
 * its plan: a local index's regions are listed at the first read, then
 * after each read (index_scan.c), not twice per batch.  One read is open
 * at a time (a batch's, then its rows' own).  Every qual is checked on
 * what comes, as for the table's own rows.
 */
static InnerReader *
reader_begin(BatchJoinState *js, HBaseKeyPlan *kp)
{
	InnerReader *r = palloc0(sizeof(InnerReader));

	if (js->index)
	{
		if (js->ixscan == NULL)
		{
			MemoryContext old = MemoryContextSwitchTo(js->ixcxt);

			js->ixscan = hbase_index_scan_begin(js->table, js->index, js->conn,
												js->fetch_attrs, js->covered,
												HBASE_FIRST_PAGE);
			MemoryContextSwitchTo(old);
		}
		r->iscan = js->ixscan;
		hbase_index_scan_set_plan(r->iscan, kp, HBASE_ORDER_ANY, 0);
	}
	else
	{
		r->scan = hbase_scan_begin(js->table, js->conn, js->fetch_attrs, HBASE_FIRST_PAGE);
		hbase_scan_set_plan(r->scan, kp, HBASE_ORDER_ANY, 0);
	}
	return r;
}

/*
 * The next inner row of an open read, decoded into cxt, and its key in the
 * key plan's table (*key, valid until fetchcxt is reset), or NULL at the
 * end.  Through an index, a data row's key there is its index row's, built
 * again from the data row's columns (its current values: where its outer
 * rows' ranges look for it); a covered index row's is its own.
 */
static InnerRow *
reader_next(BatchJoinState *js, InnerReader *r, MemoryContext cxt, char **key, int *keylen)
{
	HBaseRow   *row;
	bool		from_index = false;
	Datum	   *values;
	bool	   *isnull;
	MemoryContext old;

	row = r->scan ? hbase_scan_next(r->scan) : hbase_index_scan_next(r->iscan, &from_index);
	if (row == NULL)
		return NULL;
	*key = row->key;
	*keylen = row->keylen;
	if (r->scan)
		return decode_row(js, row, cxt);
	old = MemoryContextSwitchTo(js->fetchcxt);
	row_arrays(js, &values, &isnull);
	if (from_index)
		hbase_index_scan_values(r->iscan, row, values, isnull);
	else
	{
		bytea	   *k;

		hbase_row_to_values(js->table, js->io, js->decode_key, js->fetch_attrs, row, values,
							isnull);
		k = hbase_encode_key(js->keytable, values, isnull, false);
		*key = VARDATA(k);
		*keylen = VARSIZE(k) - VARHDRSZ;
	}
	MemoryContextSwitchTo(old);
	return inner_row(js, values, isnull, cxt);
}

/*
 * An open read ended, its counts kept: through an index, what the join's
 * index scan counted since the last read ended; its scanners are closed
 * (rescan) while the plan they read still lives (the caller's context).
 */
static void
reader_end(BatchJoinState *js, InnerReader *r)
{
	long		requests,
				rows,
				resumes;

	if (r->scan)
	{
		hbase_scan_stats(r->scan, &requests, &rows, &resumes);
		js->n.requests += requests;
		js->n.rows_received += rows;
		hbase_scan_end(r->scan);
	}
	else
	{
		IndexTaken	now = {0};
		IndexTaken *was = &js->ixtaken;
		int			regions;

		hbase_index_scan_stats(r->iscan, &now.irequests, &now.irows, &now.requests,
							   &now.rows, &now.duplicates, &now.verified, &now.stale);
		js->n.requests += now.irequests - was->irequests + now.requests - was->requests;
		js->n.rows_received += now.rows - was->rows;
		js->n.index_rows += now.irows - was->irows;
		js->n.duplicates += now.duplicates - was->duplicates;
		js->n.verified += now.verified - was->verified;
		js->n.stale += now.stale - was->stale;
		if (hbase_index_scan_regions(r->iscan, &regions, &now.listings, &now.retries,
									 &now.region_reads))
		{
			js->n.regions = regions;
			js->n.listings += now.listings - was->listings;
			js->n.retries += now.retries - was->retries;
			js->n.region_reads += now.region_reads - was->region_reads;
			/* a local index's scans: one per region and read */
			js->n.range_scans += now.region_reads - was->region_reads;
		}
		*was = now;
		hbase_index_scan_rescan(r->iscan);
	}
}

/*
 * The batch's prefix scans (a join on a leading part of the key): the rows'
 * ranges, sorted and merged where they overlap (a prefix twice is read
 * once), read by one scan (its ranges grouped by salt bucket, group_ranges,
 * the groups `concurrency` at a time); each row
 * then gets the rows within its own ranges.  The rows are held for the
 * batch while the batch's memory stays within work_mem; past it the scan
 * stops, what it read is dropped and each outer row reads its own ranges
 * when it is joined, a row at a time (lazy): a prefix of millions of rows
 * never sits in memory, at the price of reading a prefix that several
 * outer rows share once for each.  Through a Phoenix index, the ranges are
 * the index's and each row is placed by its index key (reader_next).
 */
static void
scan_ranges(BatchJoinState *js, PendingRange *pr, int npr)
{
	HBaseKeyPlan *kp;
	InnerReader *scan;
	InnerRow   *ir;
	char	   *key;
	int			keylen;
	ScannedRow *rows;
	int			nrows = 0,
				maxrows = 64;
	int			nmerged;
	int			i;
	bool		overflow = false;
	MemoryContext old;

	if (npr == 0)
		return;
	qsort(pr, npr, sizeof(PendingRange), range_start_cmp);
	old = MemoryContextSwitchTo(js->rowcxt);
	MemoryContextReset(js->rowcxt);
	kp = palloc0(sizeof(HBaseKeyPlan));
	kp->kind = HBASE_OP_SCANS;
	kp->filters = js->filters;
	for (i = 0; i < npr; i++)
	{
		HBaseKeyRange *last = kp->ranges ? llast(kp->ranges) : NULL;

		/* overlapping or touching the previous range: one range */
		if (last && (last->stop == NULL ||
					 hbase_cmp_keys(pr[i].r.start, pr[i].r.startlen, last->stop, last->stoplen) <= 0))
		{
			if (last->stop != NULL &&
				(pr[i].r.stop == NULL ||
				 hbase_cmp_keys(pr[i].r.stop, pr[i].r.stoplen, last->stop, last->stoplen) > 0))
			{
				last->stop = pr[i].r.stop;
				last->stoplen = pr[i].r.stoplen;
			}
			continue;
		}
		last = palloc(sizeof(HBaseKeyRange));
		*last = pr[i].r;
		kp->ranges = lappend(kp->ranges, last);
	}
	nmerged = list_length(kp->ranges);
	kp->ranges = group_ranges(js, kp->ranges);
	MemoryContextReset(js->rangecxt);
	MemoryContextSwitchTo(js->rangecxt);
	rows = palloc(sizeof(ScannedRow) * maxrows);
	MemoryContextSwitchTo(js->rowcxt);
	/* the outer rows alone took work_mem (wide rows): lazy at once */
	overflow = MemoryContextMemAllocated(js->batchcxt, true) > (Size) work_mem * 1024;
	scan = overflow ? NULL : reader_begin(js, kp);
	while (scan && (ir = reader_next(js, scan, js->rangecxt, &key, &keylen)) != NULL)
	{
		MemoryContextSwitchTo(js->rangecxt);
		if (nrows == maxrows)
		{
			maxrows *= 2;
			rows = repalloc(rows, sizeof(ScannedRow) * maxrows);
		}
		rows[nrows].key = hbase_memdup(key, keylen);
		rows[nrows].keylen = keylen;
		rows[nrows].ir = ir;
		nrows++;
		MemoryContextReset(js->fetchcxt);	/* decode_row's scratch */
		MemoryContextSwitchTo(js->rowcxt);
		if (MemoryContextMemAllocated(js->rangecxt, true) +
			MemoryContextMemAllocated(js->batchcxt, true) > (Size) work_mem * 1024)
		{
			overflow = true;
			break;
		}
	}
	if (scan)
	{
		reader_end(js, scan);
		js->n.ranges += nmerged;
		/* a local index's: its regions' (reader_end) */
		if (!local_index(js))
			js->n.range_scans += list_length(kp->ranges);
	}

	MemoryContextSwitchTo(js->batchcxt);
	if (overflow)
	{
		/* each outer row's own ranges (in start order), read when it is joined */
		js->n.peak_mem = Max(js->n.peak_mem, MemoryContextMemAllocated(js->batchcxt, true) +
						   MemoryContextMemAllocated(js->rangecxt, true));
		MemoryContextReset(js->rangecxt);
		js->n.streamed++;
		for (i = 0; i < npr; i++)
		{
			OuterRow   *o = &js->outer[pr[i].row];
			HBaseKeyRange *r = palloc(sizeof(HBaseKeyRange));

			*r = pr[i].r;
			if (o->lazy == NULL)
			{
				o->lazy = palloc0(sizeof(HBaseKeyPlan));
				o->lazy->kind = HBASE_OP_SCANS;
				o->lazy->filters = js->filters;
			}
			o->lazy->ranges = lappend(o->lazy->ranges, r);
			o->nruns = 0;
		}
		MemoryContextSwitchTo(old);
		return;
	}

	/* each row's own ranges over the rows read, in key order */
	if (nrows > 1)
		qsort(rows, nrows, sizeof(ScannedRow), scanned_cmp);
	/*
	 * Each outer row's rows are runs of the sorted rows, kept as index
	 * pairs: a list of them per outer row would hold batch x matches
	 * pointers (1,000 outer rows on one prefix of 857 rows: a batch of 16 MB).
	 */
	js->scanrows = palloc(sizeof(InnerRow *) * Max(nrows, 1));
	for (i = 0; i < nrows; i++)
		js->scanrows[i] = rows[i].ir;
	for (i = 0; i < npr; i++)
	{
		OuterRow   *o = &js->outer[pr[i].row];

		if (o->run_lo == NULL)
		{
			o->run_lo = palloc(sizeof(int) * o->nruns);
			o->run_hi = palloc(sizeof(int) * o->nruns);
			o->nruns = 0;
		}
	}
	for (i = 0; i < npr; i++)
	{
		OuterRow   *o = &js->outer[pr[i].row];
		int			lo = 0,
					hi = nrows;

		while (lo < hi)
		{
			int			mid = lo + (hi - lo) / 2;

			if (hbase_cmp_keys(rows[mid].key, rows[mid].keylen, pr[i].r.start, pr[i].r.startlen) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		o->run_lo[o->nruns] = lo;
		for (; lo < nrows; lo++)
		{
			if (pr[i].r.stop != NULL &&
				hbase_cmp_keys(rows[lo].key, rows[lo].keylen, pr[i].r.stop, pr[i].r.stoplen) >= 0)
				break;
		}
		o->run_hi[o->nruns++] = lo;
	}
	MemoryContextSwitchTo(old);
}

/* the lazy scan of the row being joined, if open: its counts kept, closed */
static void
end_rowscan(BatchJoinState *js)
{
	if (js->rowscan == NULL)
		return;
	reader_end(js, js->rowscan);
	js->n.ranges += js->rowscan_ranges;
	if (!local_index(js))
		js->n.range_scans += js->rowscan_ranges;
	js->rowscan = NULL;
	MemoryContextReset(js->rowcxt);
	MemoryContextReset(js->streamcxt);
}

/*
 * The next row of an outer row's lazy scan (opened at its first), decoded
 * into streamcxt, which holds only this row: the one before is done with
 * (its output tuple consumed).  NULL at its end, and then the scan is
 * closed.
 */
static InnerRow *
next_lazy_row(BatchJoinState *js, OuterRow *o)
{
	MemoryContext old = MemoryContextSwitchTo(js->rowcxt);
	InnerRow   *ir;
	char	   *key;
	int			keylen;

	if (js->rowscan == NULL)
	{
		MemoryContextReset(js->rowcxt);
		js->rowscan = reader_begin(js, o->lazy);
		js->rowscan_ranges = Max(list_length(o->lazy->ranges), 1);
	}
	MemoryContextReset(js->streamcxt);
	ir = reader_next(js, js->rowscan, js->streamcxt, &key, &keylen);
	MemoryContextReset(js->fetchcxt);	/* decode_row's scratch */
	MemoryContextSwitchTo(old);
	if (ir == NULL)
	{
		end_rowscan(js);
		js->rowscan_done = true;
	}
	return ir;
}

/* no batch: its memory, its lazy scan and where the join was in it, gone */
static void
forget_batch(BatchJoinState *js)
{
	end_rowscan(js);
	js->rowscan_done = false;
	MemoryContextReset(js->batchcxt);
	MemoryContextReset(js->rangecxt);
	js->nbatch = 0;
	js->cur = 0;
	js->curcand = 0;
	js->currun = 0;
	js->rowdone = false;
	js->scanrows = NULL;
	js->loaded = false;
	js->matched = false;
	js->filters = NIL;
	js->keys_filter = NULL;
}

/*
 * The batch's value filters (into batchcxt): the inner quals' filter
 * conditions with their values, constants or parameters that are the same
 * for every outer row, derived as a plain scan's (vfilter.c); and what of
 * them a multiget takes (2.6's ?filter_b64; older gateways ignore it).
 * They return a superset of the rows whose inner quals are true, and every
 * candidate is still checked by the inner quals: a row held back at the
 * region server is one that could not match (for a left or anti join too,
 * where a candidate failing them is no match).
 */
static void
batch_filters(BatchJoinState *js)
{
	ExprContext *econtext = js->css.ss.ps.ps_ExprContext;
	int			n = list_length(js->fexprs);
	HBaseKeyValues values = {0};
	ListCell   *lc;

	if (js->fconds == NIL)
		return;
	values.vals = palloc0(sizeof(Datum) * Max(n, 1));
	values.nulls = palloc0(sizeof(bool) * Max(n, 1));
	values.types = js->ftypes;
	foreach(lc, js->fexprs)
		values.vals[foreach_current_index(lc)] =
			ExecEvalExpr(lfirst(lc), econtext, &values.nulls[foreach_current_index(lc)]);
	js->filters = hbase_vfilter_derive(js->table, js->fconds, &values);
	if (js->filters != NIL && hbase_gateway(js->conn)->b64)
		js->keys_filter = hbase_rest_filter_text(js->filters);
	ResetExprContext(econtext);
}

/*
 * The outer rows of the next batches, from what the inner rows read by key
 * took (bytes decode_row gave them, for this batch's js->nbatch rows; the
 * context's blocks would count a row as nothing or as megabytes): as many
 * as keep them
 * within half of work_mem (the outer rows and keys end a batch at work_mem
 * themselves), at most the batch size.  So a table of wide rows does not
 * hold batch size x its row width; the first batch, before any width is
 * known, is one multiget's worth of rows (begin_join): what one answer of
 * the gateway holds.
 */
static void
learn_batch_cap(BatchJoinState *js, Size bytes)
{
	double		per_row;

	js->inner_bytes += bytes;
	js->inner_rows += js->nbatch;
	per_row = js->inner_bytes / Max(js->inner_rows, 1);
	if (per_row <= 0)
		js->batch_cap = js->batch_rows;
	else
		js->batch_cap = (int) Max(1, Min((double) js->batch_rows,
										 (double) work_mem * 1024 / 2 / per_row));
}

/*
 * The next batch: outer rows up to the batch size (or work_mem), their
 * keys, the distinct keys read, and each row's candidates.  One function
 * of four steps in order (collect, sort the distinct keys, read, attach the
 * candidates), which share the batch's arrays as they grow.
 */
static void
next_batch(BatchJoinState *js)
{
	ExprContext *econtext = js->css.ss.ps.ps_ExprContext;
	int			nexprs = list_length(js->keyexprs);
	Datum	   *vals;
	bool	   *nulls;
	PendingKey *pend;
	int			npend = 0,
				maxpend;
	PendingRange *pr;
	int			npr = 0,
				maxpr = 16;
	int			maxouter = Min(js->batch_cap, 64);
	bytea	  **keys;
	int			nkeys = 0;
	InnerRow  **found;
	MemoryContext old;
	HBaseOpSpec spec = {0};
	HBaseKeyValues values = {0};
	Size		before;
	int			i;

	forget_batch(js);
	old = MemoryContextSwitchTo(js->batchcxt);
	batch_filters(js);
	/*
	 * The arrays grow with the batch: allocated at the batch size up front
	 * they alone would pass work_mem (a batch size of 100,000: 4.8 MB of
	 * outer rows), and every batch would end at its first row.
	 */
	js->outer = palloc0(sizeof(OuterRow) * maxouter);
	vals = palloc0(sizeof(Datum) * Max(nexprs, 1));
	nulls = palloc0(sizeof(bool) * Max(nexprs, 1));
	spec.conds = js->conds;
	values.vals = vals;
	values.nulls = nulls;
	values.types = js->keytypes;
	maxpend = maxouter;
	pend = palloc(sizeof(PendingKey) * maxpend);
	pr = palloc(sizeof(PendingRange) * maxpr);

	while (js->nbatch < js->batch_cap && !js->outer_done)
	{
		TupleTableSlot *slot;
		OuterRow   *o;
		HBaseKeyPlan *kp;
		ListCell   *lc;

		MemoryContextSwitchTo(old);
		slot = ExecProcNode(js->outerps);
		MemoryContextSwitchTo(js->batchcxt);
		if (TupIsNull(slot))
		{
			js->outer_done = true;
			break;
		}
		if (js->nbatch == maxouter)
		{
			maxouter = Min(maxouter * 2, js->batch_cap);
			js->outer = repalloc(js->outer, sizeof(OuterRow) * maxouter);
			memset(&js->outer[js->nbatch], 0, sizeof(OuterRow) * (maxouter - js->nbatch));
		}
		o = &js->outer[js->nbatch++];
		o->tuple = ExecCopySlotMinimalTuple(slot);

		/* its keys: the key values over its columns */
		fill_scan_slot(js, slot, NULL);
		econtext->ecxt_scantuple = js->scanslot;
		MemoryContextReset(js->rowcxt);
		MemoryContextSwitchTo(js->rowcxt);
		foreach(lc, js->keyexprs)
			vals[foreach_current_index(lc)] = ExecEvalExpr(lfirst(lc), econtext,
														   &nulls[foreach_current_index(lc)]);
		kp = hbase_keyplan_derive(js->keytable, &spec, &values);
		MemoryContextSwitchTo(js->batchcxt);
		/* an index's keys are not the table's: read as the row's own scan */
		if ((kp->kind == HBASE_OP_GET || kp->kind == HBASE_OP_MULTIGET) && js->index == NULL)
		{
			foreach(lc, kp->keys)
			{
				bytea	   *k = lfirst(lc);

				if (npend == maxpend)
				{
					maxpend *= 2;
					pend = repalloc(pend, sizeof(PendingKey) * maxpend);
				}
				pend[npend].key = (bytea *) hbase_memdup((char *) k, VARSIZE(k));
				pend[npend].row = js->nbatch - 1;
				npend++;
				o->nkeys++;
			}
		}
		else if (kp->kind == HBASE_OP_SCANS && js->shape == HBASE_OP_SCANS)
		{
			/* a leading part: the row's ranges, read with the batch's */
			foreach(lc, kp->ranges)
			{
				HBaseKeyRange *r = lfirst(lc);

				if (npr == maxpr)
				{
					maxpr *= 2;
					pr = repalloc(pr, sizeof(PendingRange) * maxpr);
				}
				pr[npr].r.start = hbase_memdup(r->start, r->startlen);
				pr[npr].r.startlen = r->startlen;
				pr[npr].r.stop = r->stop ? hbase_memdup(r->stop, r->stoplen) : NULL;
				pr[npr].r.stoplen = r->stoplen;
				pr[npr].r.parts = NIL;
				pr[npr].row = js->nbatch - 1;
				npr++;
				o->nruns++;		/* counted here, filled by scan_ranges */
			}
		}
		else if (kp->kind != HBASE_OP_EMPTY)
		{
			/*
			 * its own scan (a NaN has no key, a range), read when the row is
			 * joined: derived again where it stays for the batch (the values
			 * are still those of this row)
			 */
			o->lazy = hbase_keyplan_derive(js->keytable, &spec, &values);
			o->lazy->filters = js->filters;
		}
		ResetExprContext(econtext);
		/* memory: the batch ends at work_mem */
		if (MemoryContextMemAllocated(js->batchcxt, true) > (Size) work_mem * 1024)
			break;
	}
	if (js->nbatch == 0)
	{
		MemoryContextSwitchTo(old);
		return;
	}
	js->n.batches++;
	js->n.outer_rows += js->nbatch;

	/* the distinct keys, sorted (a duplicate is read once) */
	if (npend > 1)
		qsort(pend, npend, sizeof(PendingKey), pending_cmp);
	keys = palloc(sizeof(bytea *) * Max(npend, 1));
	for (i = 0; i < npend; i++)
	{
		if (nkeys == 0 || pending_cmp(&pend[i], &pend[i - 1]) != 0)
			keys[nkeys++] = pend[i].key;
		pend[i].uniq = nkeys - 1;
	}
	found = palloc0(sizeof(InnerRow *) * Max(nkeys, 1));
	MemoryContextSwitchTo(old);
	before = js->decoded;
	fetch_keys(js, keys, nkeys, found);
	learn_batch_cap(js, js->decoded - before);
	scan_ranges(js, pr, npr);
	MemoryContextSwitchTo(js->batchcxt);

	/* each row's candidates: the rows of its keys (its scan comes lazily) */
	for (i = 0; i < js->nbatch; i++)
	{
		OuterRow   *o = &js->outer[i];

		o->cand = palloc(sizeof(InnerRow *) * Max(o->nkeys, 1));
	}
	for (i = 0; i < npend; i++)
	{
		OuterRow   *o = &js->outer[pend[i].row];

		if (found[pend[i].uniq])
			o->cand[o->ncand++] = found[pend[i].uniq];
	}
	js->n.peak_mem = Max(js->n.peak_mem, MemoryContextMemAllocated(js->batchcxt, true) +
					   MemoryContextMemAllocated(js->rangecxt, true));
	MemoryContextSwitchTo(old);
}

/*
 * An outer row's next candidate: the rows of its keys, those of its runs of
 * the batch's prefix scan rows, then those of its lazy scan; NULL after the
 * last.
 */
static InnerRow *
next_candidate(BatchJoinState *js, OuterRow *o)
{
	if (js->curcand < o->ncand)
		return o->cand[js->curcand++];
	while (js->currun < o->nruns)
	{
		if (js->runpos < o->run_hi[js->currun])
			return js->scanrows[js->runpos++];
		if (++js->currun < o->nruns)
			js->runpos = o->run_lo[js->currun];
	}
	if (o->lazy == NULL || js->rowscan_done)
		return NULL;
	return next_lazy_row(js, o);
}

/* the output row of the scan slot */
static TupleTableSlot *
project(BatchJoinState *js)
{
	ProjectionInfo *proj = js->css.ss.ps.ps_ProjInfo;

	if (proj == NULL)
		return js->scanslot;
	js->css.ss.ps.ps_ExprContext->ecxt_scantuple = js->scanslot;
	return ExecProject(proj);
}

/*
 * The next joined row, as nodeNestloop.c would give it: for each outer row
 * its candidates in turn; a match passes the inner's quals and the join
 * quals; anti and single-match joins stop at the first; a left or anti
 * join's outer row without a match comes with NULLs.
 */
static TupleTableSlot *
exec_join(CustomScanState *node)
{
	BatchJoinState  *js = (BatchJoinState *) node;
	ExprContext *econtext = node->ss.ps.ps_ExprContext;

	ResetExprContext(econtext);
	for (;;)
	{
		OuterRow   *o;
		InnerRow   *ir;

		CHECK_FOR_INTERRUPTS();
		if (js->cur >= js->nbatch)
		{
			if (js->outer_done)
				return NULL;
			next_batch(js);
			if (js->nbatch == 0)
				return NULL;
			continue;
		}
		o = &js->outer[js->cur];
		if (!js->loaded)
		{
			ExecStoreMinimalTuple(o->tuple, js->outerslot, false);
			fill_scan_slot(js, js->outerslot, NULL);
			js->loaded = true;
			js->runpos = o->nruns > 0 ? o->run_lo[0] : 0;
		}
		econtext->ecxt_scantuple = js->scanslot;
		while (!js->rowdone && (ir = next_candidate(js, o)) != NULL)
		{
			set_inner(js, ir);
			if (!ExecQual(js->innerqual, econtext) || !ExecQual(js->joinqual, econtext))
			{
				ResetExprContext(econtext);
				continue;
			}
			js->matched = true;
			if (js->jointype == JOIN_ANTI)
			{
				js->rowdone = true;
				break;
			}
			if (js->single_match)
				js->rowdone = true;
			if (ExecQual(js->otherqual, econtext))
				return project(js);
			ResetExprContext(econtext);
		}
		/* the row is done; a left or anti join's unmatched row comes with NULLs */
		end_rowscan(js);
		js->rowscan_done = false;
		js->cur++;
		js->curcand = 0;
		js->currun = 0;
		js->rowdone = false;
		js->loaded = false;
		if (!js->matched && (js->jointype == JOIN_LEFT || js->jointype == JOIN_ANTI))
		{
			set_inner(js, NULL);
			if (ExecQual(js->otherqual, econtext))
				return project(js);
			ResetExprContext(econtext);
		}
		js->matched = false;
	}
}

static void
end_join(CustomScanState *node)
{
	BatchJoinState  *js = (BatchJoinState *) node;

	end_rowscan(js);
	if (js->ixscan)
		hbase_index_scan_end(js->ixscan);
	ExecEndNode(js->outerps);
}

static void
rescan_join(CustomScanState *node)
{
	BatchJoinState  *js = (BatchJoinState *) node;

	/*
	 * The executor tells only lefttree/righttree of changed parameters: the
	 * outer plan hears of them here; a child whose parameters changed is
	 * rescanned by its next ExecProcNode.
	 */
	if (node->ss.ps.chgParam != NULL)
		UpdateChangedParamSet(js->outerps, node->ss.ps.chgParam);
	if (js->outerps->chgParam == NULL)
		ExecReScan(js->outerps);
	if (js->batchcxt)
		forget_batch(js);
	js->outer_done = false;
}

/* quals as EXPLAIN prints them, over the scan tuple */
static void
explain_quals(CustomScanState *node, List *ancestors, ExplainState *es, List *quals,
			  const char *label)
{
	List	   *context;
	bool		useprefix;

	if (quals == NIL)
		return;
	context = set_deparse_context_plan(es->deparse_cxt, node->ss.ps.plan, ancestors);
	useprefix = list_length(es->rtable) > 1 || es->verbose;
	ExplainPropertyText(label, deparse_expression((Node *) make_ands_explicit(quals), context,
												  useprefix, false), es);
}

/*
 * The value filters sent, as a plain scan's EXPLAIN words them
 * (hbase_keyplan_describe): those a multiget takes for a join by keys, all
 * of them for prefix scans; the executed ones after EXPLAIN ANALYZE, else
 * those of the plan's constants ("computed at execution" for parameters).
 */
static void
explain_filters(BatchJoinState *js, List *fexprs, ExplainState *es)
{
	HBaseKeyPlan kp = {0};
	List	   *words;
	int			i;

	if (js->fconds == NIL)
		return;
	kp.kind = js->shape == HBASE_OP_SCANS ? HBASE_OP_SCANS : HBASE_OP_MULTIGET;
	kp.at_execution = true;
	if (js->filters != NIL)
		kp.filters = js->filters;
	else
	{
		HBaseKeyValues *values = hbase_keyplan_planning_values(fexprs);

		if (hbase_vfilter_known(js->fconds, values))
			kp.filters = hbase_vfilter_derive(js->table, js->fconds, values);
		else
		{
			ExplainPropertyText("HBase Filter", "cell values computed at execution", es);
			return;
		}
	}
	words = hbase_keyplan_describe(js->table, &kp);
	for (i = 0; i + 1 < list_length(words); i += 2)
		if (strcmp(list_nth(words, i), "HBase Filter") == 0)
			ExplainPropertyText("HBase Filter", list_nth(words, i + 1), es);
}

static void
explain_join(CustomScanState *node, List *ancestors, ExplainState *es)
{
	BatchJoinState  *js = (BatchJoinState *) node;
	CustomScan *cs = (CustomScan *) node->ss.ps.plan;
	int			conc = Max(Min(js->table->concurrency, HBASE_MAX_CONCURRENCY), 1);

	ExplainPropertyText("Join Type",
						js->jointype == JOIN_INNER ? "Inner" :
						js->jointype == JOIN_LEFT ? "Left" :
						js->jointype == JOIN_SEMI ? "Semi" : "Anti", es);
	ExplainPropertyText("HBase Table", js->table->hbase_table, es);
	/* through a Phoenix index: its name and table, the data rows' read */
	if (js->index)
	{
		ExplainPropertyText("HBase Phoenix Index",
							local_index(js) ?
							psprintf("%s (local: in HBase table %s, under each region's start key)",
									 js->index->name, js->index->table->hbase_table) :
							psprintf("%s (HBase table %s)", js->index->name,
									 js->index->table->hbase_table), es);
		ExplainPropertyText("HBase Data Rows",
							hbase_index_data_rows_text(js->covered, false, local_index(js)), es);
		if (local_index(js))
			ExplainPropertyText("HBase Index Key Prefix",
								psprintf("each region's start key, then %s",
										 hbase_explain_key(js->index->local_id,
														   js->index->local_idlen)), es);
	}
	/* the cap (hbase_fdw.join_batch_size); a batch may hold fewer (work_mem, the end) */
	ExplainPropertyInteger("Batch Size Limit", "rows", js->batch_rows, es);
	if (local_index(js))
		ExplainPropertyText("HBase Operation",
							psprintf("a scan per region of the data table for each batch, the batch's index prefixes the parts of its MultiRowRangeFilter, %d regions at a time",
									 conc), es);
	else if (js->index && js->salt_width > 0)
		ExplainPropertyText("HBase Operation",
							psprintf("bounded scans of the batch's index prefixes, one scanner per salt bucket of the index, %d at a time",
									 conc), es);
	else if (js->index)
		ExplainPropertyText("HBase Operation",
							psprintf("bounded scans of the batch's index prefixes, %d ranges at a time",
									 conc), es);
	else if (js->shape == HBASE_OP_SCANS && js->salt_width > 0)
		ExplainPropertyText("HBase Operation",
							psprintf("bounded scans of the batch's key prefixes, one scanner per salt bucket, %d at a time",
									 conc), es);
	else if (js->shape == HBASE_OP_SCANS)
		ExplainPropertyText("HBase Operation",
							psprintf("bounded scans of the batch's key prefixes, %d ranges at a time",
									 conc), es);
	else
		ExplainPropertyText("HBase Operation",
							psprintf("multigets of up to %d keys, %d at a time",
									 JOIN_MULTIGET_KEYS, conc), es);
	explain_quals(node, ancestors, es, list_nth(cs->custom_exprs, JoinExprJoinQuals), "Join Filter");
	explain_quals(node, ancestors, es, list_nth(cs->custom_exprs, JoinExprOtherQuals), "Filter");
	explain_quals(node, ancestors, es, list_nth(cs->custom_exprs, JoinExprInnerQuals), "HBase Table Filter");
	explain_filters(js, list_nth(cs->custom_exprs, JoinExprFilterValues), es);
	if (es->analyze)
	{
		ExplainPropertyInteger("Batches", NULL, js->n.batches, es);
		if (js->n.batches > 0)
			ExplainPropertyFloat("Outer Rows per Batch", NULL,
								 (double) js->n.outer_rows / js->n.batches, 1, es);
		if (js->index)
		{
			/* as a scan through the index counts them (foreign_scan.c) */
			ExplainPropertyInteger("HBase Index Rows Received", NULL, js->n.index_rows, es);
			if (js->covered)
				ExplainPropertyInteger("HBase Index Rows Verified", NULL, js->n.verified, es);
			if (js->n.duplicates > 0)
				ExplainPropertyInteger("HBase Index Rows of One Data Row", NULL,
									   js->n.duplicates, es);
			if (js->n.stale > 0)
				ExplainPropertyInteger("HBase Index Rows Stale", NULL, js->n.stale, es);

			/*
			 * a local index: as a scan through it counts them, and its
			 * regions' scans
			 */
			if (local_index(js))
			{
				ExplainPropertyInteger("HBase Index Regions", NULL, js->n.regions, es);
				ExplainPropertyInteger("HBase Index Region Listings", NULL, js->n.listings, es);
				ExplainPropertyInteger("HBase Index Region Scans", NULL, js->n.region_reads, es);
				if (js->n.retries > 0)
					ExplainPropertyInteger("HBase Index Reads After a Split", NULL,
										   js->n.retries, es);
			}
		}
		else
			ExplainPropertyInteger("HBase Multigets", NULL, js->n.multigets, es);
		ExplainPropertyInteger("HBase Requests", NULL, js->n.requests, es);
		ExplainPropertyInteger("HBase Rows Received", NULL, js->n.rows_received, es);
		if (js->n.ranges > 0)
			ExplainPropertyInteger("HBase Key Ranges Scanned", NULL, js->n.ranges, es);
		/* when a scan read several of them (a salt bucket's of a batch) */
		if (js->n.range_scans > 0 && js->n.range_scans < js->n.ranges)
			ExplainPropertyInteger("HBase Range Scans", NULL, js->n.range_scans, es);
		if (js->n.streamed > 0)
			ExplainPropertyInteger("Prefix Batches Past work_mem", NULL, js->n.streamed, es);
		/* split, or their filters or keys sent another way (docs/scans.md, Long values) */
		if (js->n.url_long > 0)
			ExplainPropertyInteger("HBase Multigets Too Long for a URL", NULL, js->n.url_long, es);
		/* VERBOSE: a size that varies with the platform */
		if (es->verbose)
			ExplainPropertyInteger("Peak Batch Memory", "kB", (js->n.peak_mem + 1023) / 1024, es);
	}
}

/* ---------------- parallel ---------------- */

/*
 * A parallel batched join (over a partial outer path, under a Gather): each
 * process joins the outer rows of its share by batches of its own; they
 * share nothing but the counts of EXPLAIN ANALYZE, which each worker leaves
 * in its slot at its end and the leader adds up before the DSM goes.
 */
typedef struct JoinShared
{
	int			nworkers;
	JoinCounts	workers[FLEXIBLE_ARRAY_MEMBER]; /* by ParallelWorkerNumber */
} JoinShared;

static Size
estimate_join_dsm(CustomScanState *node, ParallelContext *pcxt)
{
	return add_size(offsetof(JoinShared, workers),
					mul_size(sizeof(JoinCounts), pcxt->nworkers));
}

/* the workers' counts of the last run into the leader's */
static void
fold_counts(BatchJoinState *js, JoinShared *sh)
{
	int			i;

	for (i = 0; i < sh->nworkers; i++)
	{
		JoinCounts *w = &sh->workers[i];

		js->n.batches += w->batches;
		js->n.multigets += w->multigets;
		js->n.requests += w->requests;
		js->n.rows_received += w->rows_received;
		js->n.ranges += w->ranges;
		js->n.range_scans += w->range_scans;
		js->n.outer_rows += w->outer_rows;
		js->n.streamed += w->streamed;
		js->n.url_long += w->url_long;
		js->n.peak_mem = Max(js->n.peak_mem, w->peak_mem);
		js->n.index_rows += w->index_rows;
		js->n.verified += w->verified;
		js->n.stale += w->stale;
		js->n.duplicates += w->duplicates;
		js->n.regions = Max(js->n.regions, w->regions);
		js->n.listings += w->listings;
		js->n.retries += w->retries;
		js->n.region_reads += w->region_reads;
	}
}

static void
init_join_dsm(CustomScanState *node, ParallelContext *pcxt, void *coordinate)
{
	BatchJoinState *js = (BatchJoinState *) node;
	JoinShared *sh = coordinate;

	sh->nworkers = pcxt->nworkers;
	memset(sh->workers, 0, sizeof(JoinCounts) * pcxt->nworkers);
	js->shared = sh;
	js->published = false;
}

/*
 * A rescanned Gather starts its workers again on the same DSM: the counts of
 * the run before (its workers have ended) go to the leader first.
 */
static void
reinit_join_dsm(CustomScanState *node, ParallelContext *pcxt, void *coordinate)
{
	BatchJoinState *js = (BatchJoinState *) node;

	if (js->shared == coordinate && !js->published)
		fold_counts(js, coordinate);
	init_join_dsm(node, pcxt, coordinate);
}

static void
init_join_worker(CustomScanState *node, shm_toc *toc, void *coordinate)
{
	((BatchJoinState *) node)->shared = coordinate;
}

/*
 * The end of a parallel join's run (before the DSM goes): a worker leaves
 * its counts in its slot; the leader adds everyone's to its own for EXPLAIN
 * ANALYZE.  The workers have ended by then when the Gather read them to
 * their end; when a LIMIT above it stopped early, the executor shuts this
 * node down before it waits for them, and what they count afterwards is not
 * seen (as with PostgreSQL's own per-worker counts).
 */
static void
shutdown_join(CustomScanState *node)
{
	BatchJoinState *js = (BatchJoinState *) node;
	JoinShared *sh = js->shared;

	if (sh == NULL || js->published)
		return;
	if (IsParallelWorker())
	{
		if (ParallelWorkerNumber >= 0 && ParallelWorkerNumber < sh->nworkers)
			sh->workers[ParallelWorkerNumber] = js->n;
	}
	else
		fold_counts(js, sh);
	js->published = true;
	js->shared = NULL;			/* the DSM goes next */
}

/* ---------------- set up ---------------- */

/*
 * _PG_init: the plan node's methods (parallel workers read plans), handed
 * with hbase_fdw.c's GetForeignRelSize, which tells our base relations, to
 * the planning (plan/join_paths.c), which sets the hook; the GUCs
 * hbase_fdw.enable_batched_join and join_batch_size are options.c's settings
 */
void
hbase_join_init(GetForeignRelSize_function rel_size)
{
	RegisterCustomScanMethods(&join_scan_methods);
	hbase_join_paths_init(rel_size, &join_scan_methods);
}
