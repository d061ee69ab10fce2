/*
 * modify.c: INSERT and COPY into HBase foreign tables, and the UPDATE and
 * DELETE that direct.c does not take over, row by row.
 *
 * A row becomes one HBase row: the key computed by the layout (salt and hash
 * prefixes included; a random salt picks a bucket) or given by a raw ':key'
 * column, and one cell per non-NULL mapped column (NULL = no cell; a whole
 * family column writes one cell per JSON member).  Rows are sent batch_size
 * at a time in one PUT (ExecForeignBatchInsert); every value of a batch is
 * encoded and checked before anything of it is sent.  HBase writes each row
 * atomically, not a batch: a failed PUT may have written part of it, and the
 * error says so, with the rows of the statement written before.  INSERT ...
 * ON CONFLICT DO NOTHING writes each row with a check-and-put on a cell that
 * must be absent (see existence_cell).
 *
 * An UPDATE or DELETE that is no Get or multiget by its conditions (direct.c
 * takes those) runs row by row under PostgreSQL's ModifyTable: the scan reads
 * the rows, each row's key travels as junk columns (the raw key column, else
 * the columns the layout computes it from), a DELETE removes the row by its
 * key, and an UPDATE writes the cells it sets in one PUT (atomic for the
 * row) and deletes those set to NULL.  A SET that reads the row (n = n + 1)
 * writes by a check-and-put on an old value read, so a concurrent write is
 * never lost (40001 instead); a SET of constants writes blindly, last writer
 * wins, as in PostgreSQL.  A table of versions (option versions) refuses
 * both.
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
#include "nodes/value.h"
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
	/* INSERT ... ON CONFLICT DO NOTHING: rows written only where absent */
	bool		do_nothing;
	HBaseColumn *exists_col;	/* the cell that says a row exists */
} HBaseModifyState;

static void put_rows(HBaseModifyState *ms, HBaseRow *rows, int nrows);
static bool put_row_if_absent(HBaseModifyState *ms, HBaseRow *row);

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

/*
 * Decides, for an INSERT, UPDATE or DELETE that direct.c did not take, what
 * execution needs (fdw_private: the columns an UPDATE sets, whether its SET
 * reads the row and so writes by a check-and-put, the ON CONFLICT action),
 * and refuses what cannot be done exactly: an UPDATE or DELETE of a table of
 * versions, ON CONFLICT DO UPDATE.
 */
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
	/*
	 * PostgreSQL refuses a conflict target and DO UPDATE on a foreign table
	 * (no unique index to infer); DO NOTHING without a target reaches us.
	 */
	if (plan->onConflictAction == ONCONFLICT_UPDATE)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("INSERT ... ON CONFLICT DO UPDATE is not supported on HBase foreign tables")));
	return list_make3(updated, makeInteger(check), makeInteger(plan->onConflictAction));
}

/*
 * INSERT ... ON CONFLICT DO NOTHING: the cell whose presence says that a
 * row exists.  HBase has no "put if the row is absent": its atomic check
 * (checkAndMutate, the gateway's ?check=put) tests one cell.  A row that
 * exists for this table is one with that cell: the table's empty_column
 * (Phoenix writes it in every row it upserts, and so do we), else the first
 * column mapped to one cell.  The REST gateway needs a non-empty qualifier
 * for the check.  NULL when the table has no such cell.
 */
static HBaseColumn *
existence_cell(HBaseTable *t)
{
	int			i;

	if (t->empty_column)
		return t->empty_column->speclen > t->empty_column->famlen + 1 ? t->empty_column : NULL;
	for (i = 0; i < t->natts; i++)
	{
		HBaseColumn *col = &t->columns[i];

		if (!col->dropped && col->kind == HBASE_COL_CELL && col->colspec &&
			col->speclen > col->famlen + 1)
			return col;
	}
	return NULL;
}

/* the state of INSERT ... ON CONFLICT DO NOTHING: its check cell */
static void
begin_do_nothing(HBaseModifyState *ms)
{
	HBaseTable *t = ms->table;

	ms->do_nothing = true;
	ms->exists_col = existence_cell(t);
	if (ms->exists_col == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("INSERT ... ON CONFLICT DO NOTHING needs a column mapped to one cell in foreign table %s",
						t->relname),
				 errdetail("Whether a row exists is told by one of its cells: the table's \"empty_column\", else its first column mapped to one cell with a qualifier.")));
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
 * Writes refused: any to a table that Phoenix indexes (option
 * phoenix_indexes); INSERT and UPDATE of a table mapping values inside a
 * Phoenix SINGLE_CELL_ARRAY_WITH_OFFSETS cell, which are read only:
 * writing one means rewriting the whole cell of every column of its family,
 * which an UPDATE of some columns does not have (and such tables are
 * Phoenix's immutable ones).
 */
static void
refuse_writes(HBaseTable *t, CmdType op)
{
	/*
	 * Phoenix keeps its secondary indexes itself, on each write it makes; a
	 * row written, changed or deleted here would leave every index stale
	 * (Phoenix's queries through it would return deleted rows and miss new
	 * ones).  IMPORT records them in option phoenix_indexes.
	 */
	if (t->phoenix_indexes)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("cannot %s foreign table %s: Phoenix maintains secondary %s %s on its rows",
						op == CMD_UPDATE ? "update" : op == CMD_DELETE ? "delete from" : "insert into",
						t->relname, strchr(t->phoenix_indexes, ',') ? "indexes" : "index",
						t->phoenix_indexes),
				 errdetail("hbase_fdw writes the table's cells only; the index would go stale, and Phoenix's queries through it would return wrong rows."),
				 errhint("Write the rows through Phoenix. If the index no longer exists, drop the option: ALTER FOREIGN TABLE %s OPTIONS (DROP phoenix_indexes).",
						 t->relname)));
	if (op != CMD_DELETE && hbase_table_has_elements(t))
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("cannot %s foreign table %s: it maps values inside Phoenix SINGLE_CELL_ARRAY_WITH_OFFSETS cells",
						op == CMD_UPDATE ? "update" : "insert into", t->relname),
				 errdetail("Columns with option \"phoenix_element\" are read only; DELETE works."),
				 errhint("Write the rows through Phoenix.")));
}

/*
 * Begins a write under ModifyTable: the connection, the refusals of a
 * read-only mapping (refuse_writes), ON CONFLICT DO NOTHING's existence
 * cell, and for UPDATE and DELETE the junk columns that carry each row's key
 * and old values.  An UPDATE of a key column is refused: a new key is another
 * HBase row, and HBase cannot move a row atomically.
 */
static void
hbaseBeginForeignModify(ModifyTableState *mtstate, ResultRelInfo *rinfo, List *fdw_private,
						int subplan_index, int eflags)
{
	HBaseModifyState *ms;
	CmdType		op = mtstate->operation;

	if (eflags & EXEC_FLAG_EXPLAIN_ONLY)
		return;
	ms = begin_modify(rinfo, mtstate->ps.state);
	refuse_writes(ms->table, op);
	if (op == CMD_INSERT && intVal(lthird(fdw_private)) == ONCONFLICT_NOTHING)
		begin_do_nothing(ms);
	if (op == CMD_UPDATE || op == CMD_DELETE)
	{
		Plan	   *sub = outerPlanState(mtstate)->plan;
		HBaseColumn *raw = raw_key_column(ms->table);
		int			i;
		ListCell   *lc;

		/*
		 * With rowkey_extra 'ignore' a row read may have a longer key than
		 * its key columns give (a Phoenix view's row): the key computed
		 * from them would be another row's.  Only a raw key column says
		 * which row it was; direct.c's Gets by whole keys read exact keys.
		 */
		if (ms->table->rowkey_extra && raw == NULL)
			ereport(ERROR,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
					 errmsg("cannot %s foreign table %s row by row: its option rowkey_extra 'ignore' lets rows with longer keys be read as rows of its own",
							op == CMD_UPDATE ? "update" : "delete from", ms->table->relname),
					 errdetail("The key computed from a row's key columns may be another row's (the rows of Phoenix views that add key columns start with the same key)."),
					 errhint("Give every key column with = (or IN), which reads and writes exact keys, or add a column OPTIONS (column ':key').")));
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
 * a row to Phoenix too, even when all its other cells are NULL.  For every
 * write of a row (here and direct.c).
 */
HBaseCell *
hbase_empty_cell(HBaseTable *t)
{
	HBaseCell  *c = palloc0(sizeof(HBaseCell));

	c->column = t->empty_column->colspec;
	c->collen = t->empty_column->speclen;
	c->value = "x";
	c->vallen = 1;
	return c;
}

/*
 * The cells of a row set to NULL (HBaseColumn *): deleted one by one (a
 * DELETE of a cell is idempotent); returns the requests sent.  For every
 * UPDATE (here and direct.c).
 */
long
hbase_delete_cells(HBaseConn *conn, HBaseTable *t, const char *key, int keylen, List *cols)
{
	ListCell   *lc;

	foreach(lc, cols)
	{
		HBaseResponse *resp = hbase_rest_delete(conn, t, key, keylen, lfirst(lc),
												"a DELETE of a cell set to NULL");

		if (resp->status != 200)
			hbase_report_status(resp, t, "a DELETE of a cell set to NULL");
	}
	return list_length(cols);
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
		HBaseRow   *now;
		HBaseResponse *resp;
		long		nreq = 0;

		/* sent once, to one gateway: it is not idempotent */
		resp = hbase_rest_check_and_put(ms->conn, t, row, col->colspec, col->speclen,
										expect, expectlen, "a check-and-put of a row");
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
		if (slot->tts_isnull[col->attnum - 1] ||
			hbase_cell_is_phoenix_null(col, slot->tts_values[col->attnum - 1]))
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
		row.cells[n++] = *hbase_empty_cell(t);
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
	(void) hbase_delete_cells(ms->conn, t, VARDATA_ANY(key), VARSIZE_ANY_EXHDR(key), nulled);
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
	ModifyTable *plan = (ModifyTable *) mtstate->ps.plan;

	refuse_writes(ms->table, CMD_INSERT);
	if (plan && plan->onConflictAction == ONCONFLICT_UPDATE)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("INSERT ... ON CONFLICT DO UPDATE is not supported on HBase foreign tables")));
	if (plan && plan->onConflictAction == ONCONFLICT_NOTHING)
		begin_do_nothing(ms);
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
			/*
			 * one cell per member: {"qualifier": "value"}, each string text
			 * or "\x" hex bytes (hbase_family_member_bytes)
			 */
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
					char	   *qbytes;
					int			qlen;

					if (v.type != jbvString)
						ereport(ERROR,
								(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
								 errmsg("member \"%s\" of column \"%s\" must be a JSON string", qual, col->attname),
								 errdetail("Foreign table %s writes a family's cells as text, or as \\x and the hex of their bytes.", t->relname)));
					hbase_family_member_bytes(t, col, qual, strlen(qual),
											  psprintf("qualifier \"%s\"", qual), &qbytes, &qlen);
					c = palloc0(sizeof(HBaseCell));
					c->collen = col->famlen + 1 + qlen;
					c->column = palloc(c->collen + 1);
					memcpy(c->column, col->colspec, col->famlen);
					c->column[col->famlen] = ':';
					memcpy(c->column + col->famlen + 1, qbytes, qlen);
					c->column[c->collen] = '\0';
					hbase_family_member_bytes(t, col, v.val.string.val, v.val.string.len,
											  psprintf("the value of qualifier \"%s\"", qual),
											  &c->value, &c->vallen);
					cells = lappend(cells, c);
				}
			}
			continue;
		}
		if (col->colspec == NULL || col->famlen == col->speclen)
			continue;			/* a key part without a cell mapping */
		if (hbase_cell_is_phoenix_null(col, slot->tts_values[i]))
			continue;			/* '' is Phoenix's NULL: no cell */
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
		cells = lappend(cells, hbase_empty_cell(t));
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
 * The rows this statement wrote to the table before the request under way,
 * as a sentence for error details: HBase keeps them whatever happens next.
 */
static char *
written_before(HBaseModifyState *ms)
{
	if (ms->nwritten == 0)
		return pstrdup("No row of this statement had been written before.");
	return psprintf("%ld row%s of this statement had been written before and stay written: a statement is not atomic in HBase.",
					ms->nwritten, ms->nwritten == 1 ? "" : "s");
}

/* errors raised below a write (no answer, a refusal) say what the statement wrote before */
static void
write_context(void *arg)
{
	HBaseModifyState *ms = arg;

	if (ms->nwritten > 0)
		errcontext("writing to foreign table %s: %ld row%s of this statement had been written to HBase table \"%s\" before, and stay written (a statement is not atomic in HBase)",
				   ms->table->relname, ms->nwritten, ms->nwritten == 1 ? "" : "s",
				   ms->table->hbase_table);
}

static void
push_write_context(HBaseModifyState *ms, ErrorContextCallback *cb)
{
	cb->callback = write_context;
	cb->arg = ms;
	cb->previous = error_context_stack;
	error_context_stack = cb;
}

/*
 * Does sending the rows of a failed batch again one at a time tell more?
 * Only when HBase itself refused or failed the batch: 400 (a value HBase's
 * client refuses, such as a cell over hbase.client.keyvalue.maxsize: the
 * whole batch is refused before any row is sent) or the REST resource's 503
 * "Unavailable" (HBase failed some rows: a region in trouble, a server-side
 * check).  A 500, 502 or 504, or a 503 of something in front of HBase, says
 * nothing about single rows: a gateway failing everything would only be
 * sent each row again.
 */
static bool
row_by_row_may_help(HBaseResponse *resp)
{
	return resp->status == 400 ||
		(resp->status == 503 && strncmp(resp->body, "Unavailable", 11) == 0);
}

/* rows sent alone that all fail from the first one: the gateway fails everything, stop */
#define ROW_BY_ROW_GIVE_UP	3

/*
 * A batch PUT that HBase refused or failed (row_by_row_may_help): some of
 * its rows may stand, others not.  Send each row again on its own (a PUT of
 * the same cells again is the same row for readers) so that the error can
 * say which rows were written and which were not, instead of "some of
 * them".  When the first rows sent alone all fail, the rest is not sent: the
 * error says so.  Returns true when every row went through alone.
 */
static bool
put_rows_one_by_one(HBaseModifyState *ms, HBaseRow *rows, int nrows, HBaseResponse *batch)
{
	StringInfoData failed;
	int			nfailed = 0;
	long		first_status = 0;
	char	   *first_body = NULL;
	char	   *before = written_before(ms);
	int			i;

	initStringInfo(&failed);
	for (i = 0; i < nrows; i++)
	{
		ErrorContextCallback cb;
		HBaseResponse *r;

		push_write_context(ms, &cb);
		r = hbase_rest_put(ms->conn, ms->table, &rows[i], 1, "a PUT of one row");
		error_context_stack = cb.previous;
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
		if (nfailed == i + 1 && nfailed == ROW_BY_ROW_GIVE_UP && nrows > ROW_BY_ROW_GIVE_UP)
			ereport(ERROR,
					(errcode(ERRCODE_FDW_ERROR),
					 errmsg("a batch of %d rows for foreign table %s could not be written to HBase table \"%s\"",
							nrows, ms->table->relname, ms->table->hbase_table),
					 errdetail("The PUT of the batch failed with HTTP %ld, and its first %d rows sent alone failed too (%s; HTTP %ld: %s), so the other %d were not sent again: some of them may have been written by the PUT of the batch. %s",
							   batch->status, nfailed, failed.data, first_status, first_body,
							   nrows - nfailed, before)));
	}
	if (nfailed == 0)
		return true;			/* the batch failed, each row alone went through */
	ereport(ERROR,
			(errcode(ERRCODE_FDW_ERROR),
			 errmsg("%d of %d rows of a batch for foreign table %s could not be written to HBase table \"%s\"",
					nfailed, nrows, ms->table->relname, ms->table->hbase_table),
			 errdetail("Not written: %s%s (HTTP %ld: %s). The other %d row%s of the batch %s written: HBase is atomic per row, not per statement. "
					   "The PUT of the whole batch had failed with HTTP %ld; each row was then sent alone. %s",
					   failed.data, nfailed > 10 ? " and more" : "", first_status, first_body,
					   nrows - nfailed, nrows - nfailed == 1 ? "" : "s",
					   nrows - nfailed == 1 ? "was" : "were", batch->status, before)));
	return false;
}

/* the families of the rows' cells, quoted, for messages */
static char *
families_of(HBaseRow *rows, int nrows)
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
	return fams.data;
}

/*
 * One PUT of the rows: all encoded already, so nothing is half-written by
 * our side.  An error says what the statement wrote before (those rows
 * stay) and what of this batch may stand.
 */
static void
put_rows(HBaseModifyState *ms, HBaseRow *rows, int nrows)
{
	ErrorContextCallback cb;
	HBaseResponse *resp;
	char	   *summary;

	push_write_context(ms, &cb);
	resp = hbase_rest_put(ms->conn, ms->table, rows, nrows, "a PUT of rows");
	if (resp->status == 404)
	{
		/* the table, or a family: the gateway says 404 for both */
		HBaseResponse *ex = hbase_rest_exists(ms->conn, ms->table);

		if (ex->status == 404)
			hbase_report_status(ex, ms->table,
								psprintf("a PUT of %d row%s (nothing of it was written)",
										 nrows, nrows == 1 ? "" : "s"));
		if (ex->status == 200)
			ereport(ERROR,
					(errcode(ERRCODE_FDW_COLUMN_NAME_NOT_FOUND),
					 errmsg("HBase table \"%s\" lacks a column family that foreign table %s writes",
							ms->table->hbase_table, ms->table->relname),
					 errdetail("The batch of %d row%s writes to the families %s. Rows with a cell in a family the table lacks were not written; the others of the batch may have been.",
							   nrows, nrows == 1 ? "" : "s", families_of(rows, nrows))));
	}
	/* a 401/403 comes before any write (auth, hbase.rest.readonly): nothing of it stands */
	if (resp->status == 401 || resp->status == 403)
		hbase_report_status(resp, ms->table,
							psprintf("a PUT of %d row%s", nrows, nrows == 1 ? "" : "s"));
	error_context_stack = cb.previous;
	summary = hbase_body_summary(resp);
	if (resp->status == 200 ||
		(nrows > 1 && row_by_row_may_help(resp) && put_rows_one_by_one(ms, rows, nrows, resp)))
	{
		ms->nwritten += nrows;
		return;
	}
	ereport(ERROR,
			(errcode(ERRCODE_FDW_ERROR),
			 errmsg("HBase REST gateway answered HTTP %ld to a PUT of %d row%s for foreign table %s",
					resp->status, nrows, nrows == 1 ? "" : "s", ms->table->relname),
			 errdetail("The gateway said: %s. %sHBase writes each row atomically, not a batch: %s may have been written to HBase table \"%s\" or not. %s",
					   *summary ? summary : "(nothing)",
					   nrows > 1 && !row_by_row_may_help(resp) ?
					   "That is no answer of HBase about single rows: they were not sent again one by one. " : "",
					   nrows == 1 ? "the row" : "rows of this batch", ms->table->hbase_table,
					   written_before(ms))));
}

/*
 * INSERT ... ON CONFLICT DO NOTHING of one row: a check-and-put on the
 * table's existence cell (existence_cell), which must be absent.  HBase
 * does the check and the write atomically, so of concurrent inserts of one
 * key exactly one writes.  Returns false when the key exists (nothing
 * written).  The row must carry that cell, with a value: a row without it
 * would not be seen as existing by the next insert.
 */
static bool
put_row_if_absent(HBaseModifyState *ms, HBaseRow *row)
{
	HBaseColumn *col = ms->exists_col;
	ErrorContextCallback cb;
	HBaseResponse *resp;
	int			i;

	for (i = 0; i < row->ncells; i++)
		if (row->cells[i].collen == col->speclen &&
			memcmp(row->cells[i].column, col->colspec, col->speclen) == 0 &&
			row->cells[i].vallen > 0)
			break;
	if (i == row->ncells)
		ereport(ERROR,
				(errcode(ERRCODE_NOT_NULL_VIOLATION),
				 errmsg("INSERT ... ON CONFLICT DO NOTHING into foreign table %s needs a value in column \"%s\"",
						ms->table->relname, col->attname),
				 errdetail("Whether a row of key \"%s\" exists is told by its cell \"%s\" (the table's first column mapped to a cell); a row without it, or with an empty value, would count as absent.",
						   hbase_printable_key(row->key, row->keylen), col->colspec),
				 errhint("Give the column a non-empty value, or give the foreign table the option \"empty_column\": every row written then gets that cell.")));
	push_write_context(ms, &cb);
	resp = hbase_rest_check_and_put(ms->conn, ms->table, row, col->colspec, col->speclen,
									NULL, 0, "a check-and-put of a row (ON CONFLICT DO NOTHING)");
	if (resp->status != 200 && resp->status != 304)
		hbase_report_status(resp, ms->table, "a check-and-put of a row (ON CONFLICT DO NOTHING)");
	error_context_stack = cb.previous;
	if (resp->status == 304)
		return false;
	ms->nwritten++;
	return true;
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
	if (ms->do_nothing && !put_row_if_absent(ms, &row))
		slot = NULL;			/* the key exists: not inserted, not returned */
	else if (!ms->do_nothing)
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

	/*
	 * RETURNING and row triggers need the rows one at a time; so does ON
	 * CONFLICT DO NOTHING (one check-and-put per row)
	 */
	if (rinfo->ri_projectReturning || (ms && ms->do_nothing) || (rinfo->ri_TrigDesc &&
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
