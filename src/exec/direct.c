/*
 * direct.c: UPDATE and DELETE as HBase operations (direct modification).
 *
 * PlanDirectModify (plan/writes.c) takes over an UPDATE or DELETE whose every condition is a
 * key condition and whose key plan (pushdown.c, the derivation the scans use)
 * is a Get or a multiget: the ForeignScan under the ModifyTable then does the
 * whole statement, no row travels through the executor.  The rows are read
 * by that Get (one request: it says which rows exist, which PostgreSQL's row
 * count needs, and gives the values that SET and RETURNING read), then each
 * row is written by one operation that HBase does atomically:
 *
 *	- SET c = c + k (or - k) on binary bigint cells: an Increment of the
 *	  cells.  Concurrent increments all count; a NULL cell stays NULL (as
 *	  NULL + k is NULL) and an overflow is an error, as in PostgreSQL.
 *	  The gateway's Increment answers nothing of the new values (an empty
 *	  200), so an overflow can only be seen on the value read, which a
 *	  concurrent increment may have changed since: far from the limits
 *	  (value read and k within +-2^61) the Increment cannot wrap unless
 *	  writers add more than 2^62 meanwhile; nearer, the row goes the
 *	  compare-and-set way below, exact (22003 on the value written over).
 *	- SET c = constant (no column read): a PUT of the new cells.
 *	- DELETE: a DELETE of the row.
 *	- any other SET, and any UPDATE with RETURNING: compare-and-set.  The new
 *	  cells are computed from the row read and written by a check-and-put
 *	  that holds only if one written cell still has the bytes read.  When
 *	  another writer came first, the row is read again, the conditions and
 *	  SET applied again to it (what PostgreSQL's READ COMMITTED does with a
 *	  row updated concurrently), at most hbase_fdw.update_retries times
 *	  (not at all under REPEATABLE READ, as PostgreSQL); then 40001, or
 *	  another error once rows were written (hbase_conflict_error).
 *	  RETURNING takes this way because the gateways' Increment answers echo
 *	  the request instead of the new values (HBase 2.4 to 2.6:
 *	  RowResource.increment adds the request's row to the answer).
 *
 * The conditions are evaluated again on each row read: the key plan may
 * read more rows than match, never fewer.
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "access/xact.h"
#include "catalog/pg_type.h"
#include "commands/explain.h"
#include "common/int.h"
#include "executor/executor.h"
#include "foreign/fdwapi.h"
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "optimizer/appendinfo.h"
#include "optimizer/clauses.h"
#include "optimizer/optimizer.h"
#include "optimizer/pathnode.h"
#include "parser/parsetree.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/rel.h"

#include "exec_int.h"


typedef struct DirectState
{
	HBaseTable *table;
	HBaseConn  *conn;
	DirectKind	kind;
	List	   *conds;
	List	   *targets;
	List	   *signs;
	bool		set_processed;
	bool		set_reads;		/* a SET expression reads the row */
	List	   *keyexprs;		/* Expr, for EXPLAIN */
	List	   *keystates;
	ExprState  *qual;
	List	   *setstates;
	List	   *fullstates;		/* INCREMENT: the SET expressions, for
								 * compare-and-set near the limits */
	List	   *allattrs;		/* every column: what conditions, SET and
								 * RETURNING may read */
	HBaseColumnIO *io;
	bool		done;
	long		nprocessed;
	List	   *returned;		/* HeapTuple of each row changed, for RETURNING */
	int			next;
	long		requests;
	long		conflicts;		/* check-and-puts that found another value */
	HBaseWritten written;		/* rows written so far, for errors after them */
} DirectState;

/* ---------------- execution ---------------- */

/*
 * Reads the plan back (which write, the key conditions, the quals and SET
 * expressions in fdw_exprs); unless EXPLAIN only, opens the connection of
 * the checked-as user and prepares the expressions and every column's input
 * function (conditions, SET and RETURNING may read any column).
 */
static void
hbaseBeginDirectModify(ForeignScanState *node, int eflags)
{
	ForeignScan *fsplan = (ForeignScan *) node->ss.ps.plan;
	EState	   *estate = node->ss.ps.state;
	DirectState *ds = palloc0(sizeof(DirectState));
	List	   *priv = fsplan->fdw_private;
	int			nkey = intVal(list_nth(priv, DirectPrivateNKeyExprs));
	int			nqual = intVal(list_nth(priv, DirectPrivateNQuals));
	List	   *quals = NIL;
	List	   *sets = NIL;
	RangeTblEntry *rte;
	Oid			userid;
	ListCell   *lc;
	int			i;

	node->fdw_state = ds;
	ds->table = hbase_get_table(RelationGetRelid(node->ss.ss_currentRelation));
	ds->kind = intVal(list_nth(priv, DirectPrivateKind));
	ds->conds = hbase_key_conds_from_list(list_nth(priv, DirectPrivateKeyConds));
	ds->targets = list_nth(priv, DirectPrivateTargets);
	ds->signs = list_nth(priv, DirectPrivateSigns);
	ds->set_processed = intVal(list_nth(priv, DirectPrivateSetTag));
	foreach(lc, fsplan->fdw_exprs)
	{
		i = foreach_current_index(lc);
		if (i < nkey)
			ds->keyexprs = lappend(ds->keyexprs, lfirst(lc));
		else if (i < nkey + nqual)
			quals = lappend(quals, lfirst(lc));
		else
			sets = lappend(sets, lfirst(lc));
	}
	if (eflags & EXEC_FLAG_EXPLAIN_ONLY)
		return;

	rte = exec_rt_fetch(fsplan->scan.scanrelid, estate);
	userid = OidIsValid(rte->checkAsUser) ? rte->checkAsUser : GetUserId();
	ds->conn = hbase_get_connection(ds->table->serverid, userid);
	hbase_written_init(&ds->written, ds->table, estate->es_query_cxt);
	ds->keystates = ExecInitExprList(ds->keyexprs, (PlanState *) node);
	ds->qual = ExecInitQual(quals, (PlanState *) node);
	if (ds->kind == DIRECT_INCREMENT)
	{
		int			ntargets = list_length(ds->targets);

		ds->fullstates = ExecInitExprList(list_copy_tail(sets, ntargets), (PlanState *) node);
		sets = list_copy_head(sets, ntargets);
	}
	ds->setstates = ExecInitExprList(sets, (PlanState *) node);
	ds->set_reads = contain_var_clause((Node *) sets) || ds->fullstates != NIL;
	ds->io = palloc0(sizeof(HBaseColumnIO) * Max(ds->table->natts, 1));
	for (i = 0; i < ds->table->natts; i++)
	{
		HBaseColumn *col = &ds->table->columns[i];

		if (col->dropped)
			continue;
		ds->allattrs = lappend_int(ds->allattrs, col->attnum);
		hbase_column_io_init(col, &ds->io[i]);
	}
}

/* a cell of a row read, by column, or NULL (here and modify.c) */
HBaseCell *
hbase_find_cell(HBaseRow *row, HBaseColumn *col)
{
	int			i;

	for (i = 0; i < row->ncells; i++)
		if (row->cells[i].collen == col->speclen &&
			memcmp(row->cells[i].column, col->colspec, col->speclen) == 0)
			return &row->cells[i];
	return NULL;
}

/* the row in the scan slot, and do the statement's conditions hold for it? */
static bool
load_row(ForeignScanState *node, DirectState *ds, HBaseRow *row)
{
	TupleTableSlot *slot = node->ss.ss_ScanTupleSlot;
	ExprContext *econtext = node->ss.ps.ps_ExprContext;

	ExecClearTuple(slot);
	hbase_row_to_values(ds->table, ds->io, true, ds->allattrs, row,
						slot->tts_values, slot->tts_isnull);
	ExecStoreVirtualTuple(slot);
	econtext->ecxt_scantuple = slot;
	return ds->qual == NULL || ExecQual(ds->qual, econtext);
}

/*
 * One row by its key, read again after a conflict (NULL: gone), through the
 * scan's Get (which knows each gateway's way to send a key).  attrs: the
 * columns wanted; *requests counts the requests.
 */
HBaseRow *
hbase_get_row(HBaseTable *table, HBaseConn *conn, List *attrs, const char *key, int keylen,
			  long *nrequests)
{
	HBaseKeyPlan *kp = palloc0(sizeof(HBaseKeyPlan));
	HBaseScan  *scan = hbase_scan_begin(table, conn, attrs, 1);
	HBaseRow   *row;
	bytea	   *k = hbase_bytea(key, keylen);
	long		requests,
				rows,
				resumes;

	kp->kind = HBASE_OP_GET;
	kp->keys = list_make1(k);
	hbase_scan_set_plan(scan, kp, HBASE_ORDER_KEY, 0);
	row = hbase_scan_next(scan);
	if (row)
		row = hbase_copy_row(row);
	hbase_scan_stats(scan, &requests, &rows, &resumes);
	*nrequests += requests;
	hbase_scan_end(scan);
	return row;
}

static void
remember_returned(ForeignScanState *node, DirectState *ds, Datum *values, bool *isnull)
{
	MemoryContext old;

	if (node->resultRelInfo->ri_projectReturning == NULL)
		return;
	old = MemoryContextSwitchTo(node->ss.ps.state->es_query_cxt);
	ds->returned = lappend(ds->returned,
						   heap_form_tuple(RelationGetDescr(node->ss.ss_currentRelation),
										   values, isnull));
	MemoryContextSwitchTo(old);
}

/* a write not applied: its error (the wire layer's rule says which) */
static void
check_write(HBaseResult res, HBaseTable *t, const char *what)
{
	if (res.outcome != HBASE_DONE)
		hbase_rest_report(&res, t, what);
}

/* the cells set to NULL: deleted one by one (hbase_delete_cells) */
static void
delete_cells(DirectState *ds, HBaseRow *row, List *nulled)
{
	ds->requests += hbase_delete_cells(ds->conn, ds->table, row->key, row->keylen, nulled,
									   hbase_row_newest_stamp(row));
}

/* SET c = constant: the new cells in one PUT, the NULLs deleted */
static void
put_row(ForeignScanState *node, DirectState *ds, HBaseRow *row)
{
	HBaseTable *t = ds->table;
	ExprContext *econtext = node->ss.ps.ps_ExprContext;
	HBaseRow	out;
	List	   *nulled = NIL;
	ListCell   *lc,
			   *lc2;

	out.key = row->key;
	out.keylen = row->keylen;
	out.cells = palloc0(sizeof(HBaseCell) * (list_length(ds->targets) + 1));
	out.ncells = 0;
	forboth(lc, ds->setstates, lc2, ds->targets)
	{
		HBaseColumn *col = &t->columns[lfirst_int(lc2) - 1];
		HBaseCell  *c = &out.cells[out.ncells];
		bool		isnull;
		Datum		d = ExecEvalExpr(lfirst(lc), econtext, &isnull);

		/* '' is Phoenix's NULL: no cell, as modify.c writes it */
		if (isnull || hbase_cell_is_phoenix_null(col, d))
		{
			nulled = lappend(nulled, col);
			continue;
		}
		c->column = col->colspec;
		c->collen = col->speclen;
		hbase_datum_to_cell(t, col, d, &c->value, &c->vallen);
		out.ncells++;
	}
	if (out.ncells > 0 && t->empty_column)
		out.cells[out.ncells++] = *hbase_empty_cell(t);
	hbase_stamp_after_read(&out, hbase_row_newest_stamp(row));
	if (out.ncells > 0)
	{
		check_write(hbase_rest_put(ds->conn, t, &out, 1, "a PUT of 1 row"), t, "a PUT of 1 row");
		ds->requests++;
		/* its cells stand now: an error of a DELETE below names the row (as modify.c's) */
		hbase_written_add(&ds->written, row->key, row->keylen);
	}
	delete_cells(ds, row, nulled);
	if (out.ncells == 0 && nulled != NIL)
		hbase_written_add(&ds->written, row->key, row->keylen);
}

/*
 * Values read and amounts an Increment may be sent for: a wrap then needs
 * concurrent writers to add more than 2^62 between this statement's read
 * and its Increment.  Beyond, compare-and-set.
 */
#define INCREMENT_SAFE		(INT64CONST(1) << 61)
#define INCREMENT_FAR(v)	((v) >= -INCREMENT_SAFE && (v) <= INCREMENT_SAFE)

/*
 * SET c = c + k: one Increment of the row's non-NULL cells.  False, with
 * nothing sent, when a value read or an amount is near the limits of bigint:
 * the caller writes the row by compare-and-set.
 */
static bool
increment_row(ForeignScanState *node, DirectState *ds, HBaseRow *row)
{
	HBaseTable *t = ds->table;
	TupleTableSlot *slot = node->ss.ss_ScanTupleSlot;
	ExprContext *econtext = node->ss.ps.ps_ExprContext;
	HBaseRow	out;
	ListCell   *lc,
			   *lc2,
			   *lc3;
	HBaseResult res;

	out.key = row->key;
	out.keylen = row->keylen;
	out.cells = palloc0(sizeof(HBaseCell) * Max(list_length(ds->targets), 1));
	out.ncells = 0;
	forthree(lc, ds->setstates, lc2, ds->targets, lc3, ds->signs)
	{
		AttrNumber	attno = lfirst_int(lc2);
		HBaseColumn *col = &t->columns[attno - 1];
		ExprState  *es = lfirst(lc);
		bool		isnull;
		Datum		d = ExecEvalExpr(es, econtext, &isnull);
		Oid			type = exprType((Node *) es->expr);
		int64		delta;
		HBaseCell  *c;

		/* NULL + k and c + NULL are NULL: the cell is not written */
		if (slot->tts_isnull[attno - 1] || isnull)
			continue;
		delta = type == INT2OID ? DatumGetInt16(d) : type == INT4OID ? DatumGetInt32(d) :
			DatumGetInt64(d);
		/* near the limits: HBase would wrap silently, compare-and-set will not */
		if (!INCREMENT_FAR(delta) || !INCREMENT_FAR(DatumGetInt64(slot->tts_values[attno - 1])))
			return false;
		/* far from the limits: neither can overflow (HBase adds a long: negated) */
		if (lfirst_int(lc3) < 0)
			delta = -delta;
		c = &out.cells[out.ncells++];
		c->column = col->colspec;
		c->collen = col->speclen;
		/* the gateway takes the amount as a decimal string (Long.parseLong) */
		c->value = psprintf(INT64_FORMAT, delta);
		c->vallen = strlen(c->value);
	}
	if (out.ncells == 0)
		return true;
	/* never sent twice, nor to another gateway: a second Increment would count twice */
	res = hbase_rest_increment(ds->conn, t, &out, "an Increment of a row");
	ds->requests++;
	check_write(res, t, "an Increment of a row");
	hbase_written_add(&ds->written, row->key, row->keylen);
	return true;
}

/*
 * Compare-and-set: the SET expressions over the row read, written by a
 * check-and-put on the first non-NULL written cell (its bytes as read, empty
 * when it had none: HBase then wants it absent).  On a conflict: read the row
 * again, check the conditions again, compute again.  setstates: the SET
 * expressions (an increment's too, near the limits).
 */
static void
cas_row(ForeignScanState *node, DirectState *ds, HBaseRow *row, List *setstates)
{
	HBaseTable *t = ds->table;
	TupleTableSlot *slot = node->ss.ss_ScanTupleSlot;
	ExprContext *econtext = node->ss.ps.ps_ExprContext;
	int			natts = RelationGetDescr(node->ss.ss_currentRelation)->natts;
	int			attempt;

	for (attempt = 0;; attempt++)
	{
		Datum	   *values = palloc(sizeof(Datum) * Max(natts, 1));
		bool	   *isnull = palloc(sizeof(bool) * Max(natts, 1));
		HBaseRow	out;
		HBaseColumn *check = NULL;
		HBaseColumn *first = NULL;	/* the first cell written */
		HBaseCell  *old;
		List	   *nulled = NIL;
		ListCell   *lc,
				   *lc2;
		HBaseCell  *c;
		HBaseResult res;

		memcpy(values, slot->tts_values, sizeof(Datum) * natts);
		memcpy(isnull, slot->tts_isnull, sizeof(bool) * natts);
		out.key = row->key;
		out.keylen = row->keylen;
		out.cells = palloc0(sizeof(HBaseCell) * (list_length(ds->targets) + 2));
		out.ncells = 0;
		/* every SET expression sees the row as read */
		forboth(lc, setstates, lc2, ds->targets)
		{
			AttrNumber	attno = lfirst_int(lc2);

			values[attno - 1] = ExecEvalExpr(lfirst(lc), econtext, &isnull[attno - 1]);
		}
		foreach(lc, ds->targets)
		{
			AttrNumber	attno = lfirst_int(lc);
			HBaseColumn *col = &t->columns[attno - 1];

			if (isnull[attno - 1] || hbase_cell_is_phoenix_null(col, values[attno - 1]))
			{
				if (!slot->tts_isnull[attno - 1])
					nulled = lappend(nulled, col);
				continue;
			}
			c = &out.cells[out.ncells++];
			c->column = col->colspec;
			c->collen = col->speclen;
			hbase_datum_to_cell(t, col, values[attno - 1], &c->value, &c->vallen);
			if (check == NULL && hbase_cell_checkable(col))
				check = col;
			if (first == NULL)
				first = col;
		}
		/* nothing the gateway can compare: a SET of constants writes blindly, as a Put */
		if (check == NULL && first != NULL && ds->set_reads)
			hbase_refuse_unchecked(t, list_make1(first));
		if (check == NULL && first != NULL)
		{
			if (t->empty_column)
				out.cells[out.ncells++] = *hbase_empty_cell(t);
			hbase_stamp_after_read(&out, hbase_row_newest_stamp(row));
			check_write(hbase_rest_put(ds->conn, t, &out, 1, "a PUT of 1 row"), t, "a PUT of 1 row");
			ds->requests++;
			/* its cells stand now: an error of a DELETE below names the row */
			hbase_written_add(&ds->written, row->key, row->keylen);
		}
		if (check == NULL)
		{
			/* cells set to NULL (deletes, which no other write can undo), or a blind PUT */
			delete_cells(ds, row, nulled);
			if (first == NULL)
				hbase_written_add(&ds->written, row->key, row->keylen);
			remember_returned(node, ds, values, isnull);
			ds->nprocessed++;
			return;
		}
		if (t->empty_column)
			out.cells[out.ncells++] = *hbase_empty_cell(t);
		hbase_stamp_after_read(&out, hbase_row_newest_stamp(row));
		/* the check: the bytes read (none: the cell must be absent) */
		old = hbase_find_cell(row, check);
		res = hbase_rest_check_and_put(ds->conn, t, &out, check->colspec, check->speclen,
									   old ? old->value : NULL, old ? old->vallen : 0,
									   "a check-and-put of a row");
		ds->requests++;
		if (res.outcome == HBASE_DONE)
		{
			hbase_written_add(&ds->written, row->key, row->keylen);
			delete_cells(ds, row, nulled);
			remember_returned(node, ds, values, isnull);
			ds->nprocessed++;
			return;
		}
		if (res.outcome != HBASE_CHECK_FAILED)
			hbase_rest_report(&res, t, "a check-and-put of a row");

		/*
		 * another writer came first: read again under READ COMMITTED only,
		 * as PostgreSQL; 40001 only while nothing was written
		 */
		ds->conflicts++;
		if (attempt >= hbase_update_retries || IsolationUsesXactSnapshot())
			hbase_conflict_error(&ds->written, row->key, row->keylen, check, attempt + 1);
		/* random backoff, growing: the writers that collided spread out */
		pg_usleep((long) (random() % (1000L << Min(attempt, 6))));
		CHECK_FOR_INTERRUPTS();
		row = hbase_get_row(t, ds->conn, ds->allattrs, row->key, row->keylen, &ds->requests);
		if (row == NULL || !load_row(node, ds, row))
			return;				/* gone, or no longer matching: not updated */
	}
}

/* the statement: the rows of the key plan, each written */
static void
execute_direct(ForeignScanState *node, DirectState *ds)
{
	ExprContext *econtext = node->ss.ps.ps_ExprContext;
	int			n = list_length(ds->keystates);
	Datum	   *vals = palloc0(sizeof(Datum) * Max(n, 1));
	bool	   *nulls = palloc0(sizeof(bool) * Max(n, 1));
	Oid		   *types = palloc0(sizeof(Oid) * Max(n, 1));
	HBaseKeyPlan *kp;
	HBaseScan  *scan;
	HBaseRow   *row;
	List	   *rows = NIL;
	ListCell   *lc;
	ErrorContextCallback cb;
	long		requests,
				nrows,
				resumes;

	foreach(lc, ds->keystates)
	{
		ExprState  *es = lfirst(lc);
		int			i = foreach_current_index(lc);

		vals[i] = ExecEvalExpr(es, econtext, &nulls[i]);
		types[i] = exprType((Node *) es->expr);
	}
	{
		HBaseOpSpec spec = {0};
		HBaseKeyValues values = {vals, nulls, types, NULL};

		spec.conds = ds->conds;
		kp = hbase_keyplan_derive(ds->table, &spec, &values);
	}
	if (kp->kind == HBASE_OP_EMPTY)
		return;
	scan = hbase_scan_begin(ds->table, ds->conn, ds->allattrs, HBASE_FIRST_PAGE);
	hbase_scan_set_plan(scan, kp, HBASE_ORDER_KEY, 0);
	/* all rows read before any is written: a multiget answers at once anyway */
	while ((row = hbase_scan_next(scan)) != NULL)
		rows = lappend(rows, hbase_copy_row(row));
	hbase_scan_stats(scan, &requests, &nrows, &resumes);
	ds->requests += requests;
	hbase_scan_end(scan);

	hbase_push_written_context(&ds->written, &cb);
	foreach(lc, rows)
	{
		TupleTableSlot *slot = node->ss.ss_ScanTupleSlot;

		row = lfirst(lc);
		CHECK_FOR_INTERRUPTS();
		if (!load_row(node, ds, row))
			continue;
		switch (ds->kind)
		{
			case DIRECT_DELETE:
				check_write(hbase_rest_delete(ds->conn, ds->table, row->key, row->keylen, NULL,
											  hbase_row_newest_stamp(row), "a DELETE of a row"),
							ds->table, "a DELETE of a row");
				ds->requests++;
				hbase_written_add(&ds->written, row->key, row->keylen);
				remember_returned(node, ds, slot->tts_values, slot->tts_isnull);
				ds->nprocessed++;
				break;
			case DIRECT_PUT:
				put_row(node, ds, row);
				ds->nprocessed++;
				break;
			case DIRECT_INCREMENT:
				if (increment_row(node, ds, row))
					ds->nprocessed++;
				else
					cas_row(node, ds, row, ds->fullstates);
				break;
			case DIRECT_CAS:
				cas_row(node, ds, row, ds->setstates);
				break;
		}
	}
	error_context_stack = cb.previous;
}

/*
 * The whole statement runs at the first call (execute_direct); then, with
 * RETURNING, one changed row per call, else the count of rows changed.
 */
static TupleTableSlot *
hbaseIterateDirectModify(ForeignScanState *node)
{
	DirectState *ds = node->fdw_state;
	EState	   *estate = node->ss.ps.state;
	ResultRelInfo *rri = node->resultRelInfo;
	TupleTableSlot *slot = node->ss.ss_ScanTupleSlot;

	if (!ds->done)
	{
		ds->done = true;
		execute_direct(node, ds);
		if (rri->ri_projectReturning == NULL)
		{
			if (ds->set_processed)
				estate->es_processed += ds->nprocessed;
			if (node->ss.ps.instrument)
				node->ss.ps.instrument->tuplecount += ds->nprocessed;
			return ExecClearTuple(slot);
		}
	}
	if (rri->ri_projectReturning == NULL || ds->next >= list_length(ds->returned))
		return ExecClearTuple(slot);
	if (ds->set_processed)
		estate->es_processed += 1;
	ExecStoreHeapTuple(list_nth(ds->returned, ds->next++), slot, false);
	rri->ri_projectReturning->pi_exprContext->ecxt_scantuple = slot;
	return slot;
}

static void
hbaseEndDirectModify(ForeignScanState *node)
{
}

/* the columns written, for EXPLAIN */
static char *
written_columns(DirectState *ds)
{
	StringInfoData b;
	ListCell   *lc;

	initStringInfo(&b);
	foreach(lc, ds->targets)
	{
		HBaseColumn *col = &ds->table->columns[lfirst_int(lc) - 1];

		appendStringInfo(&b, "%s%s", b.len ? ", " : "",
						 hbase_printable_key(col->colspec, col->speclen));
	}
	return b.data;
}

/*
 * EXPLAIN of a direct UPDATE or DELETE: the HBase table, the rows read (the
 * Get or multiget, with its keys when the conditions are constants, else
 * "computed at execution"), how each row is written (Delete, Put, Increment
 * or check-and-put, naming the cells), and with ANALYZE the requests and the
 * check-and-puts that met a conflict.
 */
static void
hbaseExplainDirectModify(ForeignScanState *node, ExplainState *es)
{
	DirectState *ds = node->fdw_state;
	HBaseKeyPlan *kp;
	ListCell   *lc;

	ExplainPropertyText("HBase Table", ds->table->hbase_table, es);
	kp = hbase_keyplan_at_planning(ds->table, ds->conds, ds->keyexprs);
	if (kp->at_execution)
		ExplainPropertyText("HBase Rows", kp->kind == HBASE_OP_GET ?
							"Get (key computed at execution)" :
							"multiget (keys computed at execution)", es);
	else
	{
		StringInfoData keys;

		initStringInfo(&keys);
		foreach(lc, kp->keys)
		{
			bytea	   *k = lfirst(lc);

			appendStringInfo(&keys, "%s%s", keys.len ? ", " : "",
							 hbase_explain_key(VARDATA(k), VARSIZE(k) - VARHDRSZ));
		}
		ExplainPropertyText("HBase Rows", kp->kind == HBASE_OP_EMPTY ? "none (no row can match)" :
							kp->kind == HBASE_OP_GET ? "Get" :
							psprintf("multiget of %d keys", list_length(kp->keys)), es);
		if (kp->keys != NIL)
			ExplainPropertyText(list_length(kp->keys) == 1 ? "HBase Key" : "HBase Keys", keys.data, es);
	}
	switch (ds->kind)
	{
		case DIRECT_DELETE:
			ExplainPropertyText("HBase Write", "Delete of each row", es);
			break;
		case DIRECT_PUT:
			ExplainPropertyText("HBase Write", psprintf("Put of %s", written_columns(ds)), es);
			break;
		case DIRECT_INCREMENT:
			ExplainPropertyText("HBase Write", psprintf("Increment of %s", written_columns(ds)), es);
			break;
		case DIRECT_CAS:
			ExplainPropertyText("HBase Write",
								psprintf("check-and-put of %s (compare and set, read again on a conflict)",
										 written_columns(ds)), es);
			break;
	}
	if (es->analyze && ds->conn)
	{
		ExplainPropertyInteger("HBase Requests", NULL, ds->requests, es);
		if (ds->kind == DIRECT_CAS)
			ExplainPropertyInteger("HBase Conflicts", NULL, ds->conflicts, es);
	}
}

void
hbase_direct_routines(FdwRoutine *routine)
{
	routine->BeginDirectModify = hbaseBeginDirectModify;
	routine->IterateDirectModify = hbaseIterateDirectModify;
	routine->EndDirectModify = hbaseEndDirectModify;
	routine->ExplainDirectModify = hbaseExplainDirectModify;
}
