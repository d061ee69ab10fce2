/*
 * modify.c: INSERT and COPY into HBase foreign tables.
 *
 * A row becomes one HBase row: the key computed by the layout (salt and hash
 * prefixes included; a random salt picks a bucket) or given by a raw ':key'
 * column, and one cell per non-NULL mapped column (NULL = no cell; a whole
 * family column writes one cell per JSON member).  Rows are sent batch_size
 * at a time in one PUT (ExecForeignBatchInsert); every value of a batch is
 * encoded and checked before anything of it is sent.  HBase writes each row
 * atomically, not a batch: a failed PUT may have written part of it, and the
 * error says so.
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "access/sysattr.h"
#include "optimizer/appendinfo.h"
#include "optimizer/inherit.h"
#include "optimizer/optimizer.h"
#include "optimizer/pathnode.h"
#include "utils/lsyscache.h"
#include "rowkey.h"
#include "catalog/pg_type.h"
#include "executor/executor.h"
#include "foreign/fdwapi.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "parser/parsetree.h"
#include "utils/jsonb.h"
#include "utils/memutils.h"
#include "utils/rel.h"

#include "hbase_fdw.h"

typedef struct HBaseModifyState
{
	HBaseTable *table;
	HBaseConn  *conn;
	MemoryContext rowcxt;		/* encoded rows of one batch */
	long		nwritten;
	List	   *updated;		/* UPDATE: attnums set by the statement */
	AttrNumber *rowid;			/* junk attribute of each column's old value, by attnum - 1 */
	AttrNumber	rawkey;			/* junk attribute of the raw key column, or 0 */
	bool		check;			/* UPDATE: its SET reads the row: check-and-put */
	AttrNumber *oldval;			/* junk attribute of each set cell's old value */
	/* COPY: rows buffered until batch_size of them are there */
	bool		buffer_copy;
	MemoryContext bufcxt;		/* the buffered rows, reset after each PUT */
	HBaseRow   *buffered;		/* batch_size slots */
	int			nbuffered;
	long		nseen;			/* rows COPY handed over, for messages */
} HBaseModifyState;

static void put_rows(HBaseModifyState *ms, HBaseRow *rows, int nrows);

static int
hbaseIsForeignRelUpdatable(Relation rel)
{
	return (1 << CMD_INSERT) | (1 << CMD_UPDATE) | (1 << CMD_DELETE);
}

/* a raw key column, if the table has one */
static HBaseColumn *
raw_key_column(HBaseTable *t)
{
	int			i;

	for (i = 0; i < t->natts; i++)
		if (!t->columns[i].dropped &&
			(t->columns[i].kind == HBASE_COL_ROWKEY ||
			 (t->rowkey_implicit && t->columns[i].kind == HBASE_COL_KEYPART)))
			return &t->columns[i];
	return NULL;
}

/*
 * UPDATE and DELETE find a row by its key: the raw key column when there is
 * one (random salts, undecodable prefixes), else the columns the layout
 * computes it from.  Their old values travel as junk columns.
 */
static void
hbaseAddForeignUpdateTargets(PlannerInfo *root, Index rtindex, RangeTblEntry *target_rte,
							 Relation target_relation)
{
	HBaseTable *t = hbase_get_table(RelationGetRelid(target_relation));
	HBaseColumn *raw = raw_key_column(t);
	int			i;

	for (i = 0; i < t->natts; i++)
	{
		HBaseColumn *col = &t->columns[i];
		Var		   *var;

		if (col->dropped)
			continue;
		if (raw ? col != raw : !(t->layout && hbase_rk_references_column(t->layout, i)))
			continue;
		var = makeVar(rtindex, col->attnum, col->atttypid, col->atttypmod,
					  get_typcollation(col->atttypid), 0);
		add_row_identity_var(root, var, rtindex, psprintf("hbase_rowid_%d", col->attnum));
	}

	/*
	 * UPDATE: the old value of each cell it sets, which its check-and-put
	 * compares with the cell in HBase (hbaseExecForeignUpdate).
	 */
	if (root->parse->commandType == CMD_UPDATE)
	{
		int			a = -1;

		while ((a = bms_next_member(target_rte->updatedCols, a)) >= 0)
		{
			AttrNumber	attno = a + FirstLowInvalidHeapAttributeNumber;
			HBaseColumn *col;
			Var		   *var;

			if (attno <= 0 || attno > t->natts)
				continue;
			col = &t->columns[attno - 1];
			if (col->dropped || col->kind != HBASE_COL_CELL)
				continue;
			var = makeVar(rtindex, attno, col->atttypid, col->atttypmod,
						  get_typcollation(col->atttypid), 0);
			add_row_identity_var(root, var, rtindex, psprintf("hbase_old_%d", attno));
		}
	}
}

static List *
hbasePlanForeignModify(PlannerInfo *root, ModifyTable *plan, Index resultRelation,
					   int subplan_index)
{
	CmdType		operation = plan->operation;
	List	   *updated = NIL;
	bool		check = false;

	if (operation == CMD_UPDATE || operation == CMD_DELETE)
	{
		RangeTblEntry *rte = planner_rt_fetch(resultRelation, root);
		HBaseTable *t = hbase_get_table(rte->relid);

		/*
		 * A row of a table of versions is one version of its cells: HBase
		 * has no way to change or drop one version of a row's every cell
		 * that would not touch the others (a Delete of a column's version
		 * needs each timestamp, a Put adds one).  Not guessed at.
		 */
		if (t->versions > 0)
			ereport(ERROR,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
					 errmsg("cannot %s foreign table \"%s\": it maps cell versions",
							operation == CMD_UPDATE ? "update" : "delete from", t->relname),
					 errdetail("Each of its rows is one version of the HBase row's cells (option \"versions\")."),
					 errhint("Change the rows through a foreign table of the same HBase table without the option \"versions\"; INSERT adds versions.")));
	}
	if (operation == CMD_UPDATE)
	{
		RelOptInfo *rel = find_base_rel(root, resultRelation);
		Bitmapset  *cols = get_rel_all_updated_cols(root, rel);
		int			col = -1;

		while ((col = bms_next_member(cols, col)) >= 0)
		{
			AttrNumber	attno = col + FirstLowInvalidHeapAttributeNumber;

			if (attno > 0)
				updated = lappend_int(updated, attno);
		}

		/*
		 * A SET that reads the row (n = n + 1) writes with a check-and-put
		 * on a value read: a concurrent write in between is not lost.  A SET
		 * of constants writes blindly, as a plain UPDATE in PostgreSQL
		 * would, last writer wins.
		 */
		{
			List	   *tlist = NIL;
			List	   *attrs = NIL;

			get_translated_update_targetlist(root, resultRelation, &tlist, &attrs);
			check = contain_var_clause((Node *) tlist);
		}
	}
	return list_make2(updated, makeInteger(check));
}

static HBaseModifyState *
begin_modify(ResultRelInfo *rinfo, EState *estate)
{
	Relation	rel = rinfo->ri_RelationDesc;
	HBaseModifyState *ms = palloc0(sizeof(HBaseModifyState));
	/* a partition that rows are routed to has no range table entry: its root's */
	Index		rti = rinfo->ri_RangeTableIndex ? rinfo->ri_RangeTableIndex :
		rinfo->ri_RootResultRelInfo ? rinfo->ri_RootResultRelInfo->ri_RangeTableIndex : 0;
	RangeTblEntry *rte = rti > 0 ? exec_rt_fetch(rti, estate) : NULL;
	Oid			userid = rte && OidIsValid(rte->checkAsUser) ? rte->checkAsUser : GetUserId();

	ms->table = hbase_get_table(RelationGetRelid(rel));
	ms->conn = hbase_get_connection(GetForeignTable(ms->table->relid)->serverid, userid);
	ms->rowcxt = AllocSetContextCreate(estate->es_query_cxt, "hbase_fdw insert batch",
									   ALLOCSET_DEFAULT_SIZES);
	rinfo->ri_FdwState = ms;
	return ms;
}

/*
 * Values inside a Phoenix SINGLE_CELL_ARRAY_WITH_OFFSETS cell are read only:
 * writing one means rewriting the whole cell of every column of its family,
 * which an UPDATE of some columns does not have (and such tables are
 * Phoenix's immutable ones).
 */
static void
refuse_element_writes(HBaseTable *t, CmdType op)
{
	if (op != CMD_DELETE && hbase_table_has_elements(t))
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("cannot %s foreign table %s: it maps values inside Phoenix SINGLE_CELL_ARRAY_WITH_OFFSETS cells",
						op == CMD_UPDATE ? "update" : "insert into", t->relname),
				 errdetail("Columns with option \"phoenix_element\" are read only; DELETE works."),
				 errhint("Write the rows through Phoenix.")));
}

static void
hbaseBeginForeignModify(ModifyTableState *mtstate, ResultRelInfo *rinfo, List *fdw_private,
						int subplan_index, int eflags)
{
	HBaseModifyState *ms;
	CmdType		op = mtstate->operation;

	if (eflags & EXEC_FLAG_EXPLAIN_ONLY)
		return;
	ms = begin_modify(rinfo, mtstate->ps.state);
	refuse_element_writes(ms->table, op);
	if (op == CMD_UPDATE || op == CMD_DELETE)
	{
		Plan	   *sub = outerPlanState(mtstate)->plan;
		HBaseColumn *raw = raw_key_column(ms->table);
		int			i;
		ListCell   *lc;

		ms->updated = linitial(fdw_private);
		ms->check = intVal(lsecond(fdw_private));
		ms->rowid = palloc0(sizeof(AttrNumber) * Max(ms->table->natts, 1));
		ms->oldval = palloc0(sizeof(AttrNumber) * Max(ms->table->natts, 1));
		for (i = 0; i < ms->table->natts; i++)
		{
			ms->rowid[i] = ExecFindJunkAttributeInTlist(sub->targetlist,
														psprintf("hbase_rowid_%d", i + 1));
			if (op == CMD_UPDATE)
				ms->oldval[i] = ExecFindJunkAttributeInTlist(sub->targetlist,
															 psprintf("hbase_old_%d", i + 1));
		}
		if (raw)
			ms->rawkey = ms->rowid[raw->attnum - 1];
		/* the key cannot change: that would move the row between keys */
		foreach(lc, ms->updated)
		{
			HBaseColumn *col = &ms->table->columns[lfirst_int(lc) - 1];

			if (col == raw || (ms->table->layout &&
							   hbase_rk_references_column(ms->table->layout, col->attnum - 1)))
				ereport(ERROR,
						(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
						 errmsg("cannot update key column \"%s\" of foreign table %s",
								col->attname, ms->table->relname),
						 errdetail("A new key is a new HBase row; HBase cannot move a row atomically."),
						 errhint("INSERT the row under its new key, then DELETE the old one.")));
		}
	}
}

/* the old row's key, from the junk columns */
static bytea *
old_key(HBaseModifyState *ms, TupleTableSlot *planSlot)
{
	HBaseTable *t = ms->table;
	bool		isnull;

	if (ms->rawkey > 0)
	{
		Datum		d = slot_getattr(planSlot, ms->rawkey, &isnull);

		if (isnull)
			elog(ERROR, "the rowkey of a row to change is NULL");
		return DatumGetByteaPP(d);	/* text and bytea share the layout */
	}
	{
		Datum	   *values = palloc0(sizeof(Datum) * Max(t->natts, 1));
		bool	   *nulls = palloc(sizeof(bool) * Max(t->natts, 1));
		rk_part_info first;
		int			i;

		hbase_rk_part(t->layout, 0, &first);
		if (first.salt_random)
			ereport(ERROR,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
					 errmsg("rows of foreign table %s have a random salt: their keys cannot be computed",
							t->relname),
					 errhint("Declare a column OPTIONS (column ':key') so that UPDATE and DELETE use the stored key.")));

		for (i = 0; i < t->natts; i++)
		{
			nulls[i] = true;
			if (ms->rowid[i] > 0)
				values[i] = slot_getattr(planSlot, ms->rowid[i], &nulls[i]);
		}
		return hbase_encode_key(t, values, nulls, false);
	}
}


static TupleTableSlot *
hbaseExecForeignDelete(EState *estate, ResultRelInfo *rinfo, TupleTableSlot *slot,
					   TupleTableSlot *planSlot)
{
	HBaseModifyState *ms = rinfo->ri_FdwState;
	MemoryContext old = MemoryContextSwitchTo(ms->rowcxt);
	bytea	   *key = old_key(ms, planSlot);
	HBaseResponse *resp = hbase_rest_delete(ms->conn, ms->table, VARDATA_ANY(key),
											VARSIZE_ANY_EXHDR(key), NULL, "a DELETE of a row");

	if (resp->status != 200)
		hbase_report_status(resp, ms->table, "a DELETE of a row");
	MemoryContextSwitchTo(old);
	MemoryContextReset(ms->rowcxt);
	return slot;
}

/*
 * The cell of the table's empty_column: Phoenix writes one with the value
 * "x" in every row it upserts and finds rows by it, so a row written here is
 * a row to Phoenix too, even when all its other cells are NULL.
 */
static HBaseCell *
empty_cell(HBaseTable *t)
{
	HBaseCell  *c = palloc0(sizeof(HBaseCell));

	c->column = t->empty_column->colspec;
	c->collen = t->empty_column->speclen;
	c->value = "x";
	c->vallen = 1;
	return c;
}

/*
 * An UPDATE's new cells of a row by a check-and-put: written only if the
 * cell of col still has the value the scan read (no cell when it read NULL).
 * HBase compares bytes: a cell whose bytes differ from our encoding of the
 * value read but that decodes to the same value ("007" for 7 in text) is
 * compared again with its own bytes.  Anything else is a concurrent write:
 * the statement's SET cannot be applied again here (the executor computed
 * it), so it fails with 40001 rather than overwrite that write.
 */
static void
check_and_put(HBaseModifyState *ms, HBaseRow *row, HBaseColumn *col, TupleTableSlot *planSlot)
{
	HBaseTable *t = ms->table;
	bool		isnull;
	Datum		old = slot_getattr(planSlot, ms->oldval[col->attnum - 1], &isnull);
	char	   *expect = "";
	int			expectlen = 0;
	int			attempt;

	if (!isnull)
		hbase_datum_to_cell(t, col, old, &expect, &expectlen);
	for (attempt = 0;; attempt++)
	{
		HBaseRow	r = *row;
		HBaseCell  *c;
		HBaseRow   *now;
		char	   *body;
		HBaseResponse *resp;
		long		nreq = 0;

		r.cells = palloc(sizeof(HBaseCell) * (row->ncells + 1));
		memcpy(r.cells, row->cells, sizeof(HBaseCell) * row->ncells);
		c = &r.cells[r.ncells++];
		memset(c, 0, sizeof(HBaseCell));
		c->column = col->colspec;
		c->collen = col->speclen;
		c->value = expect;
		c->vallen = expectlen;
		body = hbase_json_cellset(&r, 1);
		/* sent once, to one gateway: it is not idempotent */
		resp = hbase_request_ex(ms->conn, "PUT",
								psprintf("%s/hbase_fdw_row?check=put", hbase_rest_table_path(ms->conn, t)),
								body, strlen(body), "a check-and-put of a row", 0);
		if (resp->status == 200)
			return;
		if (resp->status != 304)
			hbase_report_status(resp, t, "a check-and-put of a row");
		now = attempt < 2 && !isnull ?
			hbase_get_row(t, ms->conn, list_make1_int(col->attnum), row->key, row->keylen, &nreq) : NULL;
		if (now)
		{
			HBaseColumnIO io;
			int			i;

			hbase_column_io_init(col, &io);
			for (i = 0; i < now->ncells; i++)
				if (now->cells[i].collen == col->speclen &&
					memcmp(now->cells[i].column, col->colspec, col->speclen) == 0)
				{
					char	   *again;
					int			againlen;

					hbase_datum_to_cell(t, col,
										hbase_cell_to_datum(t, col, &io, now->cells[i].value,
															now->cells[i].vallen, row->key, row->keylen),
										&again, &againlen);
					if (againlen == expectlen && memcmp(again, expect, againlen) == 0)
					{
						/* the same value in other bytes: compare with those */
						expect = now->cells[i].value;
						expectlen = now->cells[i].vallen;
						break;
					}
				}
			if (i < now->ncells)
				continue;
		}
		ereport(ERROR,
				(errcode(ERRCODE_T_R_SERIALIZATION_FAILURE),
				 errmsg("could not update row %s of foreign table %s: it changed concurrently",
						hbase_printable_key(row->key, row->keylen), t->relname),
				 errdetail("The check-and-put of column \"%s\" (HBase cell %s) found another value than the one the UPDATE read; the row was not written.",
						   col->attname, hbase_printable_key(col->colspec, col->speclen)),
				 errhint("Retry the transaction. An UPDATE whose WHERE gives whole keys reads the row again and retries by itself.")));
	}
}

/*
 * UPDATE: the set columns' new cells (and the empty column's) in one PUT
 * (atomic for the row), by a check-and-put when the SET read the row, then
 * the cells set to NULL deleted.
 */
static TupleTableSlot *
hbaseExecForeignUpdate(EState *estate, ResultRelInfo *rinfo, TupleTableSlot *slot,
					   TupleTableSlot *planSlot)
{
	HBaseModifyState *ms = rinfo->ri_FdwState;
	HBaseTable *t = ms->table;
	MemoryContext old = MemoryContextSwitchTo(ms->rowcxt);
	bytea	   *key = old_key(ms, planSlot);
	HBaseRow	row;
	List	   *nulled = NIL;
	ListCell   *lc;
	int			n = 0;
	int			i;

	slot_getallattrs(slot);
	row.key = VARDATA_ANY(key);
	row.keylen = VARSIZE_ANY_EXHDR(key);
	row.cells = palloc(sizeof(HBaseCell) * (list_length(ms->updated) + 1));
	foreach(lc, ms->updated)
	{
		HBaseColumn *col = &t->columns[lfirst_int(lc) - 1];
		HBaseCell  *c = &row.cells[n];

		if (col->kind == HBASE_COL_TIMESTAMP)
			continue;
		if (col->kind != HBASE_COL_CELL)
			ereport(ERROR,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
					 errmsg("cannot update column \"%s\" of foreign table %s", col->attname, t->relname),
					 errdetail("Only columns mapped to one cell can be updated.")));
		if (slot->tts_isnull[col->attnum - 1])
		{
			nulled = lappend(nulled, col);
			continue;
		}
		c->column = col->colspec;
		c->collen = col->speclen;
		c->timestamp = 0;
		hbase_datum_to_cell(t, col, slot->tts_values[col->attnum - 1], &c->value, &c->vallen);
		n++;
	}
	if (t->empty_column)
		row.cells[n++] = *empty_cell(t);
	row.ncells = n;
	/* a timestamp column set by the statement stamps the cells */
	for (i = 0; i < t->natts; i++)
		if (!t->columns[i].dropped && t->columns[i].kind == HBASE_COL_TIMESTAMP &&
			!slot->tts_isnull[i] && list_member_int(ms->updated, i + 1))
		{
			int64		stamp = hbase_datum_to_timestamp(t, &t->columns[i], slot->tts_values[i]);
			int			c;

			for (c = 0; c < n; c++)
				row.cells[c].timestamp = stamp;
		}
	if (n > 0 && ms->check)
	{
		HBaseColumn *check = NULL;

		/* the first cell written that has an old value to compare */
		foreach(lc, ms->updated)
		{
			HBaseColumn *col = &t->columns[lfirst_int(lc) - 1];

			if (ms->oldval[col->attnum - 1] > 0 && !list_member_ptr(nulled, col) &&
				col->kind == HBASE_COL_CELL)
			{
				check = col;
				break;
			}
		}
		if (check)
			check_and_put(ms, &row, check, planSlot);
		else
			put_rows(ms, &row, 1);
	}
	else if (n > 0)
		put_rows(ms, &row, 1);
	foreach(lc, nulled)
	{
		HBaseColumn *col = lfirst(lc);
		HBaseResponse *resp = hbase_rest_delete(ms->conn, t, VARDATA_ANY(key),
												VARSIZE_ANY_EXHDR(key), col,
												"a DELETE of a cell set to NULL");

		if (resp->status != 200)
			hbase_report_status(resp, t, "a DELETE of a cell set to NULL");
	}
	MemoryContextSwitchTo(old);
	MemoryContextReset(ms->rowcxt);
	return slot;
}

/*
 * INSERT into a partition rows are routed to, or COPY.  Decides whether
 * rows are buffered here: for COPY (a ModifyTableState without a plan),
 * which PostgreSQL 15 hands over one row at a time, unless rows must be
 * written as they come (AFTER ROW triggers see them written; batch_size 1).
 */
static void
hbaseBeginForeignInsert(ModifyTableState *mtstate, ResultRelInfo *rinfo)
{
	HBaseModifyState *ms = begin_modify(rinfo, mtstate->ps.state);

	refuse_element_writes(ms->table, CMD_INSERT);
	ms->buffer_copy = mtstate->ps.plan == NULL &&
		rinfo->ri_projectReturning == NULL && rinfo->ri_WithCheckOptions == NIL &&
		!(rinfo->ri_TrigDesc && rinfo->ri_TrigDesc->trig_insert_after_row) &&
		ms->table->batch_size > 1;
	if (ms->buffer_copy)
	{
		ms->bufcxt = AllocSetContextCreate(mtstate->ps.state->es_query_cxt,
										   "hbase_fdw COPY batch", ALLOCSET_DEFAULT_SIZES);
		ms->buffered = MemoryContextAlloc(mtstate->ps.state->es_query_cxt,
										  sizeof(HBaseRow) * ms->table->batch_size);
	}
}

/* one slot as an HBase row (in the current memory context) */
static void
encode_row(HBaseModifyState *ms, TupleTableSlot *slot, HBaseRow *row, int rowno)
{
	HBaseTable *t = ms->table;
	List	   *cells = NIL;
	ListCell   *lc;
	bytea	   *key = NULL;
	int64		ts = 0;
	int			i;

	slot_getallattrs(slot);
	for (i = 0; i < t->natts; i++)
		if (!t->columns[i].dropped && t->columns[i].kind == HBASE_COL_TIMESTAMP && !slot->tts_isnull[i])
			ts = hbase_datum_to_timestamp(t, &t->columns[i], slot->tts_values[i]);
	for (i = 0; i < t->natts; i++)
	{
		HBaseColumn *col = &t->columns[i];
		HBaseCell  *c;

		if (col->dropped || slot->tts_isnull[i] || col->kind == HBASE_COL_TIMESTAMP)
			continue;
		if (col->kind == HBASE_COL_ROWKEY && !t->rowkey_implicit)
		{
			/* a raw key beside a layout: only when it is the layout's key */
			bytea	   *given = col->atttypid == BYTEAOID ? DatumGetByteaPP(slot->tts_values[i]) :
				(bytea *) DatumGetTextPP(slot->tts_values[i]);

			key = given;
			continue;
		}
		if (col->kind == HBASE_COL_FAMILY)
		{
			/* one cell per member: {"qualifier": "text value"} */
			Jsonb	   *jb = DatumGetJsonbP(slot->tts_values[i]);
			JsonbIterator *it;
			JsonbValue	v;
			JsonbIteratorToken tok;
			char	   *qual = NULL;

			if (!JB_ROOT_IS_OBJECT(jb))
				ereport(ERROR,
						(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						 errmsg("column \"%s\" of foreign table %s maps a whole family and takes a JSON object",
								col->attname, t->relname)));
			it = JsonbIteratorInit(&jb->root);
			while ((tok = JsonbIteratorNext(&it, &v, true)) != WJB_DONE)
			{
				if (tok == WJB_KEY)
					qual = pnstrdup(v.val.string.val, v.val.string.len);
				else if (tok == WJB_VALUE && v.type != jbvNull)
				{
					if (v.type != jbvString)
						ereport(ERROR,
								(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
								 errmsg("member \"%s\" of column \"%s\" must be a JSON string", qual, col->attname),
								 errdetail("Foreign table %s writes a family's cells as text.", t->relname)));
					c = palloc0(sizeof(HBaseCell));
					c->column = psprintf("%s:%s", col->colspec, pg_server_to_any(qual, strlen(qual), PG_UTF8));
					c->collen = strlen(c->column);
					c->value = pg_server_to_any(v.val.string.val, v.val.string.len, PG_UTF8);
					c->vallen = c->value == v.val.string.val ? v.val.string.len : (int) strlen(c->value);
					cells = lappend(cells, c);
				}
			}
			continue;
		}
		if (col->colspec == NULL || col->famlen == col->speclen)
			continue;			/* a key part without a cell mapping */
		c = palloc0(sizeof(HBaseCell));
		c->column = col->colspec;
		c->collen = col->speclen;
		hbase_datum_to_cell(t, col, slot->tts_values[i], &c->value, &c->vallen);
		cells = lappend(cells, c);
	}

	if (t->layout != NULL && (key == NULL || t->rowkey_implicit))
	{
		key = t->rowkey_implicit ? NULL : key;
		if (key == NULL)
			key = hbase_encode_key(t, slot->tts_values, slot->tts_isnull, true);
	}
	if (key == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_NOT_NULL_VIOLATION),
				 errmsg("row %d for foreign table %s has no rowkey", rowno, t->relname),
				 errhint("Give the rowkey column or the key columns of the layout a value.")));
	if (VARSIZE_ANY_EXHDR(key) == 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("row %d for foreign table %s has an empty rowkey", rowno, t->relname),
				 errdetail("HBase has no row with an empty key.")));
	if (t->empty_column)
		cells = lappend(cells, empty_cell(t));
	if (cells == NIL)
		ereport(ERROR,
				(errcode(ERRCODE_NOT_NULL_VIOLATION),
				 errmsg("row %d for foreign table %s has no cell to write", rowno, t->relname),
				 errdetail("HBase stores a row only with at least one cell; every cell column is NULL."),
				 errhint("Give at least one column mapped to a cell a value.")));

	row->key = VARDATA_ANY(key);
	row->keylen = VARSIZE_ANY_EXHDR(key);
	row->ncells = list_length(cells);
	row->cells = palloc(sizeof(HBaseCell) * row->ncells);
	i = 0;
	foreach(lc, cells)
	{
		row->cells[i] = *(HBaseCell *) lfirst(lc);
		row->cells[i++].timestamp = ts;
	}
}

/*
 * A batch PUT failed inside HBase: some of its rows may stand, others not. Send each row again
 * on its own (a PUT of the same cells is idempotent for readers) so that the error can say
 * exactly which rows were written and which were not, instead of "some of them".
 */
static bool
put_rows_one_by_one(HBaseModifyState *ms, HBaseRow *rows, int nrows, HBaseResponse *batch)
{
	StringInfoData failed;
	int			nfailed = 0;
	long		first_status = 0;
	char	   *first_body = NULL;
	int			i;

	initStringInfo(&failed);
	for (i = 0; i < nrows; i++)
	{
		HBaseResponse *r = hbase_rest_put(ms->conn, ms->table, &rows[i], 1, "a PUT of one row");

		if (r->status == 200)
			continue;
		if (nfailed++ == 0)
		{
			first_status = r->status;
			first_body = hbase_body_summary(r);
		}
		if (nfailed <= 10)
			appendStringInfo(&failed, "%s\"%s\"", failed.len ? ", " : "",
							 hbase_printable_key(rows[i].key, rows[i].keylen));
	}
	if (nfailed == 0)
		return true;			/* the batch failed, each row alone went through */
	ereport(ERROR,
			(errcode(ERRCODE_FDW_ERROR),
			 errmsg("%d of %d rows of a batch for foreign table %s could not be written to HBase table \"%s\"",
					nfailed, nrows, ms->table->relname, ms->table->hbase_table),
			 errdetail("Not written: %s%s (HTTP %ld: %s). The other %d row%s of the batch %s written: HBase is atomic per row, not per statement. "
					   "The PUT of the whole batch had failed with HTTP %ld; each row was then sent alone.",
					   failed.data, nfailed > 10 ? " and more" : "", first_status, first_body,
					   nrows - nfailed, nrows - nfailed == 1 ? "" : "s",
					   nrows - nfailed == 1 ? "was" : "were", batch->status)));
	return false;
}

/* one PUT of the rows: all encoded already, so nothing is half-written by our side */
static void
put_rows(HBaseModifyState *ms, HBaseRow *rows, int nrows)
{
	HBaseResponse *resp = hbase_rest_put(ms->conn, ms->table, rows, nrows, "a PUT of rows");

	if (resp->status == 404)
	{
		/* the table, or a family: the gateway says 404 for both */
		HBaseResponse *ex = hbase_rest_exists(ms->conn, ms->table);

		if (ex->status == 404)
			hbase_report_status(ex, ms->table,
								psprintf("a PUT of %d row%s (nothing was written)",
										 nrows, nrows == 1 ? "" : "s"));
		if (ex->status == 200)
		{
			StringInfoData fams;
			int			i,
						j;

			initStringInfo(&fams);
			for (i = 0; i < nrows; i++)
				for (j = 0; j < rows[i].ncells; j++)
				{
					char	   *f = pnstrdup(rows[i].cells[j].column,
											 strcspn(rows[i].cells[j].column, ":"));
					char	   *quoted = psprintf("\"%s\"", f);

					if (strstr(fams.data, quoted) == NULL)
						appendStringInfo(&fams, "%s%s", fams.len ? ", " : "", quoted);
				}
			ereport(ERROR,
					(errcode(ERRCODE_FDW_COLUMN_NAME_NOT_FOUND),
					 errmsg("HBase table \"%s\" lacks a column family that foreign table %s writes",
							ms->table->hbase_table, ms->table->relname),
					 errdetail("The batch of %d row%s writes to the families %s. Rows with a cell in a family the table lacks were not written; the others of the batch may have been.",
							   nrows, nrows == 1 ? "" : "s", fams.data)));
		}
	}
	if (resp->status != 200 && resp->status != 401 && resp->status != 403 && nrows > 1 &&
		put_rows_one_by_one(ms, rows, nrows, resp))
	{
		ms->nwritten += nrows;
		return;
	}
	if (resp->status != 200)
	{
		/*
		 * HBase writes row by row: after a failure inside HBase some rows of the batch may
		 * stand. A 401/403 comes before any write (auth, hbase.rest.readonly), so none does.
		 */
		bool		refused = (resp->status == 401 || resp->status == 403);

		hbase_report_status(resp, ms->table,
							psprintf("a PUT of %d row%s%s", nrows, nrows == 1 ? "" : "s",
									 refused ? "" : " (HBase writes each row atomically, "
									 "not the batch: some of them may have been written)"));
	}
	ms->nwritten += nrows;
}

/* the buffered rows of a COPY in one PUT */
static void
flush_buffered(HBaseModifyState *ms)
{
	MemoryContext old;

	if (ms->nbuffered == 0)
		return;
	old = MemoryContextSwitchTo(ms->bufcxt);
	put_rows(ms, ms->buffered, ms->nbuffered);
	MemoryContextSwitchTo(old);
	ms->nbuffered = 0;
	MemoryContextReset(ms->bufcxt);
}

static TupleTableSlot *
hbaseExecForeignInsert(EState *estate, ResultRelInfo *rinfo, TupleTableSlot *slot,
					   TupleTableSlot *planSlot)
{
	HBaseModifyState *ms = rinfo->ri_FdwState;
	MemoryContext old;
	HBaseRow	row;

	if (ms->buffer_copy)
	{
		/* COPY: keep the row, encoded and checked, until a batch is full */
		HBaseRow   *r = &ms->buffered[ms->nbuffered];
		int			i;

		old = MemoryContextSwitchTo(ms->bufcxt);
		encode_row(ms, slot, r, (int) ++ms->nseen);
		/* the slot's next row reuses its memory: own every byte */
		r->key = hbase_memdup(r->key, r->keylen);
		for (i = 0; i < r->ncells; i++)
			r->cells[i].value = hbase_memdup(r->cells[i].value, r->cells[i].vallen);
		MemoryContextSwitchTo(old);
		if (++ms->nbuffered == ms->table->batch_size)
			flush_buffered(ms);
		return slot;
	}
	old = MemoryContextSwitchTo(ms->rowcxt);

	encode_row(ms, slot, &row, 1);
	put_rows(ms, &row, 1);
	MemoryContextSwitchTo(old);
	MemoryContextReset(ms->rowcxt);
	return slot;
}

static TupleTableSlot **
hbaseExecForeignBatchInsert(EState *estate, ResultRelInfo *rinfo, TupleTableSlot **slots,
							TupleTableSlot **planSlots, int *numSlots)
{
	HBaseModifyState *ms = rinfo->ri_FdwState;
	MemoryContext old = MemoryContextSwitchTo(ms->rowcxt);
	HBaseRow   *rows = palloc(sizeof(HBaseRow) * Max(*numSlots, 1));
	int			i;

	/* every row of the batch encoded and checked before anything is sent */
	for (i = 0; i < *numSlots; i++)
		encode_row(ms, slots[i], &rows[i], i + 1);
	put_rows(ms, rows, *numSlots);
	MemoryContextSwitchTo(old);
	MemoryContextReset(ms->rowcxt);
	return slots;
}

static int
hbaseGetForeignModifyBatchSize(ResultRelInfo *rinfo)
{
	HBaseModifyState *ms = rinfo->ri_FdwState;

	/* RETURNING and row triggers need the rows one at a time */
	if (rinfo->ri_projectReturning || (rinfo->ri_TrigDesc &&
									   (rinfo->ri_TrigDesc->trig_insert_after_row ||
										rinfo->ri_TrigDesc->trig_insert_before_row)))
		return 1;
	return ms ? ms->table->batch_size :
		hbase_get_table(RelationGetRelid(rinfo->ri_RelationDesc))->batch_size;
}

static void
hbaseEndForeignModify(EState *estate, ResultRelInfo *rinfo)
{
}

/* the end of a COPY (or of routing rows to a partition): the last rows go */
static void
hbaseEndForeignInsert(EState *estate, ResultRelInfo *rinfo)
{
	HBaseModifyState *ms = rinfo->ri_FdwState;

	if (ms && ms->buffer_copy)
		flush_buffered(ms);
}

void
hbase_modify_routines(FdwRoutine *routine)
{
	routine->IsForeignRelUpdatable = hbaseIsForeignRelUpdatable;
	routine->PlanForeignModify = hbasePlanForeignModify;
	routine->BeginForeignModify = hbaseBeginForeignModify;
	routine->ExecForeignInsert = hbaseExecForeignInsert;
	routine->ExecForeignBatchInsert = hbaseExecForeignBatchInsert;
	routine->GetForeignModifyBatchSize = hbaseGetForeignModifyBatchSize;
	routine->EndForeignModify = hbaseEndForeignModify;
	routine->AddForeignUpdateTargets = hbaseAddForeignUpdateTargets;
	routine->ExecForeignUpdate = hbaseExecForeignUpdate;
	routine->ExecForeignDelete = hbaseExecForeignDelete;
	routine->BeginForeignInsert = hbaseBeginForeignInsert;
	routine->EndForeignInsert = hbaseEndForeignInsert;
}
