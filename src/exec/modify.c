/*
 * modify.c: INSERT and COPY into HBase foreign tables, and the UPDATE and
 * DELETE that direct.c does not take over, row by row.
 *
 * A row becomes one HBase row: the key computed by the layout (salt and hash
 * prefixes included; a random salt picks a bucket) or given by a raw ':key'
 * column, and one cell per non-NULL mapped column (NULL = no cell; a whole
 * family column writes one cell per JSON member).  Rows are sent batch_size
 * at a time in one PUT (ExecForeignBatchInsert), up to write_concurrency
 * PUTs at once (put_batches: rounds in which no key is in two batches, all
 * answered before any is judged); every value of a round is encoded and
 * checked before anything of it is sent, and the next round's rows are
 * encoded while it travels (put_rows_pipelined; an error meanwhile waits
 * for it and counts what stands, held_context).  HBase writes each row
 * atomically, not a batch: a failed PUT may have written part of it, and the
 * error says so, with the rows of the statement written before.  INSERT ...
 * ON CONFLICT DO NOTHING writes each row with a check-and-put on a cell that
 * must be absent (see existence_cell).
 *
 * An UPDATE or DELETE that is no Get or multiget by its conditions (direct.c
 * takes those) runs row by row under PostgreSQL's ModifyTable: the scan reads
 * the rows, each row's exact key travels as a junk column (hbase_rowid, with
 * its newest cell stamp), a DELETE removes the row by that key, and an
 * UPDATE writes the cells it sets (and those a BEFORE ROW trigger changed)
 * in one PUT (atomic for the
 * row) and deletes those set to NULL.  A SET that reads the row (n = n + 1)
 * writes by a check-and-put on an old value read, so a concurrent write is
 * never lost: under READ COMMITTED the row is read again, its WHERE checked
 * and its SET computed again (PostgreSQL's EvalPlanQual, apply_again), else
 * an error, 40001 only while the transaction wrote nothing to HBase
 * (hbase_conflict_error); with write_concurrency over 1 those check-and-puts
 * go several at once, a conflict resolved once its round is answered
 * (buffer_check, judge_checks).  A SET of constants writes blindly, last writer
 * wins, as in PostgreSQL.  A table of versions (option versions) refuses
 * both.  Every error after a row was written, until the statement ends,
 * names the rows written (HBaseWritten, hold_written_context): they stay
 * whatever the transaction does.  With FROM or USING a join may hand over a
 * row several times: it is changed once, as in PostgreSQL, by the keys of
 * the rows changed so far, and a scan reading it again skips it
 * (hbase_modify_changed).
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "access/xact.h"
#include "access/sysattr.h"
#include "optimizer/appendinfo.h"
#include "optimizer/clauses.h"
#include "optimizer/inherit.h"
#include "optimizer/optimizer.h"
#include "optimizer/pathnode.h"
#include "utils/lsyscache.h"
#include "rowkey.h"
#include "catalog/pg_type.h"
#include "common/hashfn.h"
#include "commands/defrem.h"
#include "executor/executor.h"
#include "foreign/fdwapi.h"
#include "foreign/foreign.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/value.h"
#include "parser/parsetree.h"
#include "storage/proc.h"
#include "utils/datum.h"
#include "utils/hsearch.h"
#include "utils/jsonb.h"
#include "utils/memutils.h"
#include "utils/rel.h"

#include "exec_int.h"

/* GUC hbase_fdw.update_retries (options.c defines it; direct.c reads it too) */
int			hbase_update_retries = 30;

typedef struct HBaseModifyState
{
	HBaseTable *table;
	HBaseConn  *conn;
	MemoryContext rowcxt;		/* encoded rows of one batch */
	HBaseWritten written;		/* rows of the statement written so far */
	List	   *updated;		/* UPDATE: attnums set by the statement */
	List	   *written_cols;	/* UPDATE: attnums written: those set, and for
								 * a row a BEFORE ROW trigger changed, those
								 * it changed (trigger_changed) */
	AttrNumber	rowid;			/* junk "hbase_rowid": the row's key as read and
								 * its newest cell stamp (hbase_rowid_datum) */
	AttrNumber	wholerow;		/* junk "wholerow": the old row (UPDATE) */
	bool		trigger_cols;	/* UPDATE: a BEFORE ROW trigger may change any
								 * column: write the cells it changed too */
	bool		check;			/* UPDATE: its SET reads the row: check-and-put */
	AttrNumber *oldval;			/* junk attribute of each set cell's old value
								 * (DELETE ... RETURNING: of every column) */
	ErrorContextCallback written_cb;	/* the rows written, in every error
										 * until the statement ends */
	HTAB	   *changed;		/* UPDATE, DELETE with FROM/USING: the keys of
								 * the rows changed, each changed once */
	MemoryContext changedcxt;	/* that set and its keys */
	/* UPDATE applied again to a row changed under it (can_apply_again) */
	List	   *set_attnos;		/* NIL: it cannot be */
	List	   *set_states;		/* the SET expressions, in that order */
	ExprState  *recheck_qual;	/* the row's conditions */
	ExprContext *recheck_cxt;
	TupleTableSlot *reread;		/* the row read again */
	List	   *allattrs;		/* every column: what the row is read again with */
	HBaseColumnIO *io;
	/*
	 * COPY: rows buffered until write_concurrency batches of batch_size rows
	 * are there (put_batches)
	 */
	bool		buffer_copy;
	MemoryContext bufcxt;		/* the buffered rows, reset after each PUT */
	HBaseRow   *buffered;		/* batch_size * write_concurrency slots */
	int			nbuffered;

	/*
	 * Pipelining (COPY, batched INSERT with write_concurrency > 1): the last
	 * wave of PUTs of a batch of rows is left under way while the next rows
	 * are encoded, in the other of two contexts (finish_wave)
	 */
	bool		pipeline;

	/*
	 * UPDATE (a SET of constants) and DELETE through a scan, pipelined too:
	 * the rows to write are buffered as COPY's (ms->buffered), an UPDATE's in
	 * batches of PUTs, a DELETE's as write_concurrency DELETEs at once
	 * (deleting), each with the stamp its row was read with (buffered_ts)
	 */
	bool		pipe_rows;
	bool		deleting;
	int64	   *buffered_ts;
	int64	   *rows_ts;		/* the stamps of the DELETEs put_batches sends */

	/*
	 * UPDATE whose SET reads the row, pipelined: a check-and-put a row,
	 * write_concurrency at once (checking), each with the cell it compares
	 * and the value read (buffered_chk, rows_chk: as buffered_ts, rows_ts); a
	 * row changed under it is read again once its round is answered, its new
	 * cells computed in a slot of our own (again), and a row then left alone
	 * (no longer matching, gone) taken out of the statement's count, which
	 * PostgreSQL took when ExecForeignUpdate returned it (set_tag: this
	 * ModifyTable sets the count)
	 */
	bool		checking;
	struct CheckOf *buffered_chk;
	struct CheckOf *rows_chk;
	TupleTableSlot *again;
	EState	   *estate;
	bool		set_tag;
	MemoryContext pipecxt[2];	/* rows of a call, its wave's bodies */
	int			pipecur;		/* the one the next rows go into */
	struct HBasePuts *puts;		/* the wave under way, or NULL */
	struct WaveBatch *wave;		/* its batches (in its context) */
	int			nwave;
	MemoryContext wavecxt;		/* its context, reset once it is judged */
	bool		wave_answered;	/* answered within an error, not judged */
	bool		wave_interrupted;
	int			write_concurrency;	/* batches in flight at once (write_batches) */
	long		nseen;			/* rows handed over (COPY, batched INSERT), for
								 * messages */
	/* INSERT ... ON CONFLICT DO NOTHING: rows written only where absent */
	bool		do_nothing;
	HBaseColumn *exists_col;	/* the cell that says a row exists */
	TupleTableSlot **inserted;	/* its batches' rows written (a call's) */
} HBaseModifyState;

static void put_rows(HBaseModifyState *ms, HBaseRow *rows, int nrows);
static void put_batches(HBaseModifyState *ms, HBaseRow *rows, int nrows, long first, bool leave);
static int	write_batches(HBaseTable *t);
static void hold_written_context(HBaseModifyState *ms);
static void finish_wave(HBaseModifyState *ms);
static void answer_wave(HBaseModifyState *ms);
static void put_rows_pipelined(HBaseModifyState *ms, HBaseRow *rows, int nrows, long first,
							   bool last);
static void release_written_context(HBaseModifyState *ms);
static void changed_keys_create(HBaseModifyState *ms, MemoryContext parent);
static void begin_pipe_rows(HBaseModifyState *ms, ModifyTableState *mtstate, CmdType op);
static void buffer_row(HBaseModifyState *ms, const HBaseRow *row, int64 read_ts);
static void flush_buffered(HBaseModifyState *ms);
static void delete_row(HBaseModifyState *ms, HBaseRow *row, int64 read_ts);
static void buffer_check(HBaseModifyState *ms, const HBaseRow *row, HBaseColumn *col,
						 const char *expect, int expectlen, int64 read_ts);
static void put_rows_alone(HBaseModifyState *ms, HBaseRow *rows, int nrows, long first,
						   bool leave);
static bool put_row_if_absent(HBaseModifyState *ms, HBaseRow *row);

/*
 * INSERT, UPDATE and DELETE are allowed unless the option "updatable" (of
 * the table, else of the server) says false, as in postgres_fdw; the
 * executor then refuses the statement naming the table.
 */
static int
hbaseIsForeignRelUpdatable(Relation rel)
{
	ForeignTable *table = GetForeignTable(RelationGetRelid(rel));
	ForeignServer *server = GetForeignServer(table->serverid);
	bool		updatable = true;
	List	   *lists[2] = {server->options, table->options};
	int			i;
	ListCell   *lc;

	for (i = 0; i < 2; i++)
		foreach(lc, lists[i])
		{
			DefElem    *def = lfirst(lc);

			if (strcmp(def->defname, "updatable") == 0)
				updatable = hbase_option_bool(def->defname, defGetString(def));
		}
	return updatable ? (1 << CMD_INSERT) | (1 << CMD_UPDATE) | (1 << CMD_DELETE) : 0;
}

/*
 * TRUNCATE: the REST gateway has no truncate (only dropping the table), and
 * deleting every row one request each is not what TRUNCATE promises; so it
 * is refused, saying what to do instead.
 */
static void
hbaseExecForeignTruncate(List *rels, DropBehavior behavior, bool restart_seqs)
{
	Relation	rel = linitial(rels);

	ereport(ERROR,
			(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
			 errmsg("cannot truncate foreign table \"%s\"", RelationGetRelationName(rel)),
			 errdetail("The HBase REST gateway offers no truncate of a table."),
			 errhint("Use DELETE FROM %s (one request per row), or truncate the HBase table in the HBase shell (truncate_preserve keeps its regions).",
					 RelationGetRelationName(rel))));
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

/* is the column (part of) the key: the raw key column, or one the layout reads? */
static bool
is_key_column(HBaseTable *t, HBaseColumn *col)
{
	return col == raw_key_column(t) ||
		(t->layout && hbase_rk_references_column(t->layout, col->attnum - 1));
}

/* an UPDATE (its SET or a BEFORE ROW trigger) changes a key column */
static void
refuse_key_update(HBaseTable *t, HBaseColumn *col)
{
	ereport(ERROR,
			(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
			 errmsg("cannot update key column \"%s\" of foreign table %s",
					col->attname, t->relname),
			 errdetail("A new key is a new HBase row; HBase cannot move a row atomically."),
			 errhint("INSERT the row under its new key, then DELETE the old one.")));
}

/*
 * The row identity of a row read: its newest cell stamp (how far a DELETE
 * of it goes: a cell stamped ahead of the clock, a burst of Increments,
 * would stay after "DELETE 1"), then its key, as a bytea.
 */
Datum
hbase_rowid_datum(const HBaseRow *row)
{
	int64		stamp = hbase_row_newest_stamp(row);
	bytea	   *b = palloc(VARHDRSZ + sizeof(int64) + row->keylen);

	SET_VARSIZE(b, VARHDRSZ + sizeof(int64) + row->keylen);
	memcpy(VARDATA(b), &stamp, sizeof(int64));
	memcpy(VARDATA(b) + sizeof(int64), row->key, row->keylen);
	return PointerGetDatum(b);
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
	ms->conn = hbase_get_connection(ms->table->serverid, userid);
	ms->write_concurrency = write_batches(ms->table);
	ms->rowcxt = AllocSetContextCreate(estate->es_query_cxt, "hbase_fdw insert batch",
									   ALLOCSET_DEFAULT_SIZES);

	/*
	 * One PUT at a time (write_concurrency 1) stays one at a time: no wave
	 * left under way; nor with triggers on the table: an AFTER STATEMENT
	 * trigger runs before the statement's end (EndForeignModify) and must
	 * find every row written
	 */
	ms->pipeline = ms->write_concurrency > 1 && rinfo->ri_TrigDesc == NULL;
	if (ms->pipeline)
	{
		ms->pipecxt[0] = AllocSetContextCreate(estate->es_query_cxt, "hbase_fdw rows written",
											   ALLOCSET_DEFAULT_SIZES);
		ms->pipecxt[1] = AllocSetContextCreate(estate->es_query_cxt, "hbase_fdw rows written",
											   ALLOCSET_DEFAULT_SIZES);
	}
	hbase_written_init(&ms->written, ms->table, estate->es_query_cxt);
	hold_written_context(ms);
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
 * What an UPDATE through a scan needs to apply its SET again to a row that
 * changed under it (plan/writes.c's hbase_plan_modify decided that it can): its SET
 * expressions and conditions over the row read again, every column's input
 * function.  Not with a BEFORE ROW trigger, which changes the new row in
 * ways that computing the SET again would skip.
 */
static void
begin_apply_again(HBaseModifyState *ms, ResultRelInfo *rinfo, EState *estate,
				  List *set_attnos, List *recheck)
{
	HBaseTable *t = ms->table;
	List	   *sets = copyObject(linitial(recheck));
	List	   *quals = copyObject(lsecond(recheck));
	int			i;

	if (set_attnos == NIL ||
		(rinfo->ri_TrigDesc && rinfo->ri_TrigDesc->trig_update_before_row))
		return;
	fix_opfuncids((Node *) sets);
	fix_opfuncids((Node *) quals);
	ms->set_attnos = set_attnos;
	ms->set_states = ExecInitExprList(sets, NULL);
	ms->recheck_qual = ExecInitQual(quals, NULL);
	ms->recheck_cxt = CreateExprContext(estate);
	ms->reread = ExecInitExtraTupleSlot(estate, RelationGetDescr(rinfo->ri_RelationDesc),
										&TTSOpsVirtual);
	ms->io = palloc0(sizeof(HBaseColumnIO) * Max(t->natts, 1));
	for (i = 0; i < t->natts; i++)
		if (!t->columns[i].dropped)
		{
			ms->allattrs = lappend_int(ms->allattrs, t->columns[i].attnum);
			hbase_column_io_init(&t->columns[i], &ms->io[i]);
		}
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
	if (op == CMD_INSERT &&
		intVal(list_nth(fdw_private, ModifyPrivateOnConflict)) == ONCONFLICT_NOTHING)
		begin_do_nothing(ms);
	if (op == CMD_UPDATE || op == CMD_DELETE)
	{
		Plan	   *sub = outerPlanState(mtstate)->plan;
		int			i;
		ListCell   *lc;

		ms->updated = list_nth(fdw_private, ModifyPrivateUpdated);
		ms->written_cols = ms->updated;
		ms->check = intVal(list_nth(fdw_private, ModifyPrivateCheck));
		if (intVal(list_nth(fdw_private, ModifyPrivateOnce)))
			changed_keys_create(ms, mtstate->ps.state->es_query_cxt);
		ms->rowid = ExecFindJunkAttributeInTlist(sub->targetlist, "hbase_rowid");
		if (ms->rowid <= 0)
			elog(ERROR, "hbase_fdw: the row identity of foreign table %s is missing from the plan",
				 ms->table->relname);
		ms->oldval = palloc0(sizeof(AttrNumber) * Max(ms->table->natts, 1));
		for (i = 0; i < ms->table->natts; i++)
			ms->oldval[i] = ExecFindJunkAttributeInTlist(sub->targetlist,
														 psprintf("hbase_old_%d", i + 1));
		if (op == CMD_UPDATE)
		{
			begin_apply_again(ms, rinfo, mtstate->ps.state,
							  list_nth(fdw_private, ModifyPrivateSetAttnos),
							  list_nth(fdw_private, ModifyPrivateRecheck));
			ms->wholerow = ExecFindJunkAttributeInTlist(sub->targetlist, "wholerow");
			ms->trigger_cols = rinfo->ri_TrigDesc && rinfo->ri_TrigDesc->trig_update_before_row &&
				ms->wholerow > 0;
		}
		begin_pipe_rows(ms, mtstate, op);
		if (ms->checking)
			ms->again = ExecInitExtraTupleSlot(mtstate->ps.state,
											   RelationGetDescr(rinfo->ri_RelationDesc),
											   &TTSOpsVirtual);
		/* the key cannot change: that would move the row between keys */
		foreach(lc, ms->updated)
		{
			HBaseColumn *col = &ms->table->columns[lfirst_int(lc) - 1];

			if (is_key_column(ms->table, col))
				refuse_key_update(ms->table, col);
		}
	}
}

/*
 * The keys of the rows an UPDATE ... FROM or DELETE ... USING changed, so
 * that a row a join hands over again is changed (and counted, returned,
 * seen by AFTER ROW triggers) once, as PostgreSQL does.  Keys only: a few
 * dozen bytes a row, in the statement's memory.
 */
typedef struct ChangedKey
{
	const char *key;
	int			keylen;
} ChangedKey;

static uint32
changed_key_hash(const void *k, Size keysize)
{
	const ChangedKey *c = k;

	return hash_bytes((const unsigned char *) c->key, c->keylen);
}

static int
changed_key_match(const void *a, const void *b, Size keysize)
{
	const ChangedKey *x = a;
	const ChangedKey *y = b;

	return x->keylen == y->keylen && memcmp(x->key, y->key, x->keylen) == 0 ? 0 : 1;
}

static void
changed_keys_create(HBaseModifyState *ms, MemoryContext parent)
{
	HASHCTL		ctl;

	ms->changedcxt = AllocSetContextCreate(parent, "hbase_fdw rows changed",
										   ALLOCSET_DEFAULT_SIZES);
	ctl.keysize = sizeof(ChangedKey);
	ctl.entrysize = sizeof(ChangedKey);
	ctl.hash = changed_key_hash;
	ctl.match = changed_key_match;
	ctl.hcxt = ms->changedcxt;
	ms->changed = hash_create("hbase_fdw rows changed", 1024, &ctl,
							  HASH_ELEM | HASH_FUNCTION | HASH_COMPARE | HASH_CONTEXT);
}

/* did this statement change the row of this key already? */
static bool
changed_before(HBaseModifyState *ms, bytea *key)
{
	ChangedKey	k = {VARDATA_ANY(key), VARSIZE_ANY_EXHDR(key)};

	return ms->changed && hash_search(ms->changed, &k, HASH_FIND, NULL) != NULL;
}

/*
 * Did the statement that writes through rinfo change the row of this key
 * already?  The scan of its result relation skips such a row when it reads
 * it again (a nested loop's inner side, once per match): PostgreSQL ignores
 * a row's later matches, and its SET must not run again on the row as
 * changed (n * 1000 overflowing after the row was written once).
 */
bool
hbase_modify_changed(ResultRelInfo *rinfo, const char *key, int keylen)
{
	HBaseModifyState *ms = rinfo->ri_FdwState;
	ChangedKey	k = {key, keylen};

	return ms && ms->changed && hash_search(ms->changed, &k, HASH_FIND, NULL) != NULL;
}

/* the row of this key is changed: later matches of the join leave it alone */
static void
remember_changed(HBaseModifyState *ms, bytea *key)
{
	ChangedKey	k = {VARDATA_ANY(key), VARSIZE_ANY_EXHDR(key)};
	ChangedKey *e;
	bool		found;

	if (ms->changed == NULL)
		return;
	e = hash_search(ms->changed, &k, HASH_ENTER, &found);
	if (!found)
	{
		char	   *copy = MemoryContextAlloc(ms->changedcxt, k.keylen);

		memcpy(copy, k.key, k.keylen);
		e->key = copy;
	}
}

/*
 * The row identity the scan read (hbase_rowid_datum): the key, which the
 * write goes to exactly, and the newest cell stamp, in *stamp when asked.
 * The key points into the slot's datum (detoasted into the row's memory).
 */
static bytea *
old_key(HBaseModifyState *ms, TupleTableSlot *planSlot, int64 *stamp)
{
	bool		isnull;
	Datum		d = slot_getattr(planSlot, ms->rowid, &isnull);
	bytea	   *id;
	bytea	   *key;
	int			keylen;

	if (isnull)
		elog(ERROR, "hbase_fdw: a row to change in foreign table %s has no row identity",
			 ms->table->relname);
	id = DatumGetByteaPP(d);
	if (VARSIZE_ANY_EXHDR(id) < (int) sizeof(int64))
		elog(ERROR, "hbase_fdw: a malformed row identity in foreign table %s", ms->table->relname);
	if (stamp)
		memcpy(stamp, VARDATA_ANY(id), sizeof(int64));
	keylen = VARSIZE_ANY_EXHDR(id) - sizeof(int64);
	key = palloc(VARHDRSZ + keylen);
	SET_VARSIZE(key, VARHDRSZ + keylen);
	memcpy(VARDATA(key), VARDATA_ANY(id) + sizeof(int64), keylen);
	return key;
}

/*
 * DELETE ... RETURNING: the row deleted, as the scan read it (the old values
 * AddForeignUpdateTargets asked for), in the slot RETURNING reads.
 */
static void
deleted_row(HBaseModifyState *ms, TupleTableSlot *slot, TupleTableSlot *planSlot)
{
	int			i;

	ExecClearTuple(slot);
	for (i = 0; i < slot->tts_tupleDescriptor->natts; i++)
	{
		AttrNumber	junk = i < ms->table->natts ? ms->oldval[i] : 0;

		slot->tts_isnull[i] = true;
		if (junk > 0)
			slot->tts_values[i] = slot_getattr(planSlot, junk, &slot->tts_isnull[i]);
	}
	ExecStoreVirtualTuple(slot);
}

/* the newest cell stamp of a row as read */
int64
hbase_row_newest_stamp(const HBaseRow *row)
{
	int64		ts = 0;
	int			i;

	for (i = 0; i < row->ncells; i++)
		ts = Max(ts, row->cells[i].timestamp);
	return ts;
}

/*
 * The new cells of a row read: stamped after the newest cell read when that
 * is ahead of our clock (HBase's own rule for an Increment: max(now, last +
 * 1)), or a new cell would sort under the old one and the row would read as
 * before after "UPDATE 1".  Cells stamped already (a row_timestamp table's)
 * keep theirs.
 */
void
hbase_stamp_after_read(HBaseRow *row, int64 read_ts)
{
	int			i;

	if (read_ts < hbase_now_ms())
		return;
	for (i = 0; i < row->ncells; i++)
		if (row->cells[i].timestamp == 0)
			row->cells[i].timestamp = read_ts + 1;
}

/*
 * DELETE of a row by its key; a row a join hands over again (DELETE ...
 * USING) is deleted, counted and returned once.
 */
static TupleTableSlot *
hbaseExecForeignDelete(EState *estate, ResultRelInfo *rinfo, TupleTableSlot *slot,
					   TupleTableSlot *planSlot)
{
	HBaseModifyState *ms = rinfo->ri_FdwState;
	MemoryContext old = MemoryContextSwitchTo(ms->rowcxt);
	ErrorContextCallback cb;
	bytea	   *key;
	int64		read_ts;

	hbase_push_written_context(&ms->written, &cb);
	key = old_key(ms, planSlot, &read_ts);
	if (changed_before(ms, key))
		slot = NULL;			/* DELETE ... USING: deleted, counted, returned once */
	else if (ms->pipe_rows)
	{
		/* a round of DELETEs in flight while the scan reads on (buffer_row) */
		HBaseRow	row = {VARDATA_ANY(key), VARSIZE_ANY_EXHDR(key), 0, NULL};

		buffer_row(ms, &row, read_ts);
		remember_changed(ms, key);
	}
	else
	{
		HBaseRow	row = {VARDATA_ANY(key), VARSIZE_ANY_EXHDR(key), 0, NULL};

		delete_row(ms, &row, read_ts);
		remember_changed(ms, key);
		if (rinfo->ri_projectReturning)
			deleted_row(ms, slot, planSlot);
	}
	error_context_stack = cb.previous;
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
hbase_delete_cells(HBaseConn *conn, HBaseTable *t, const char *key, int keylen, List *cols,
				   int64 read_ts)
{
	ListCell   *lc;

	foreach(lc, cols)
	{
		HBaseResult res = hbase_rest_delete(conn, t, key, keylen, lfirst(lc), read_ts,
											"a DELETE of a cell set to NULL");

		if (res.outcome != HBASE_DONE)
			hbase_rest_report(&res, t, "a DELETE of a cell set to NULL");
	}
	return list_length(cols);
}

/*
 * An UPDATE's new row: the cells of the columns it sets from values (in one
 * PUT, atomic for the row, with the empty column's cell), the columns set to
 * NULL in *nulled (their cells deleted after), the cells stamped when it sets
 * a timestamp column.
 */
static void
build_update(HBaseModifyState *ms, Datum *values, bool *isnull, bytea *key, HBaseRow *row,
			 List **nulled)
{
	HBaseTable *t = ms->table;
	ListCell   *lc;
	int			n = 0;
	int			i;

	*nulled = NIL;
	row->key = VARDATA_ANY(key);
	row->keylen = VARSIZE_ANY_EXHDR(key);
	row->cells = palloc(sizeof(HBaseCell) * (list_length(ms->written_cols) + 1));
	foreach(lc, ms->written_cols)
	{
		HBaseColumn *col = &t->columns[lfirst_int(lc) - 1];
		HBaseCell  *c = &row->cells[n];

		if (col->kind == HBASE_COL_TIMESTAMP)
			continue;
		if (col->kind != HBASE_COL_CELL)
			ereport(ERROR,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
					 errmsg("cannot update column \"%s\" of foreign table %s", col->attname, t->relname),
					 errdetail("Only columns mapped to one cell can be updated.")));
		if (isnull[col->attnum - 1] ||
			hbase_cell_is_phoenix_null(col, values[col->attnum - 1]))
		{
			*nulled = lappend(*nulled, col);
			continue;
		}
		c->column = col->colspec;
		c->collen = col->speclen;
		c->timestamp = 0;
		hbase_datum_to_cell(t, col, values[col->attnum - 1], &c->value, &c->vallen);
		n++;
	}
	if (t->empty_column)
		row->cells[n++] = *hbase_empty_cell(t);
	row->ncells = n;
	/* a timestamp column set by the statement stamps the cells */
	for (i = 0; i < t->natts; i++)
		if (!t->columns[i].dropped && t->columns[i].kind == HBASE_COL_TIMESTAMP &&
			!isnull[i] && list_member_int(ms->written_cols, i + 1))
		{
			int64		stamp = hbase_datum_to_timestamp(t, &t->columns[i], values[i]);
			int			c;

			for (c = 0; c < n; c++)
				row->cells[c].timestamp = stamp;
		}
}

/*
 * The cell an UPDATE's check-and-put compares: the first written that was
 * read and that the gateway can compare (hbase_cell_checkable).  When cells
 * were read and written but none can be compared, the row is refused before
 * anything of it is written (hbase_refuse_unchecked); NULL when none was read.
 */
static HBaseColumn *
check_column(HBaseModifyState *ms, List *nulled)
{
	List	   *written = NIL;
	ListCell   *lc;

	foreach(lc, ms->updated)
	{
		HBaseColumn *col = &ms->table->columns[lfirst_int(lc) - 1];

		if (ms->oldval[col->attnum - 1] > 0 && !list_member_ptr(nulled, col) &&
			col->kind == HBASE_COL_CELL)
		{
			if (hbase_cell_checkable(col))
				return col;
			written = lappend(written, col);
		}
	}
	if (written != NIL)
		hbase_refuse_unchecked(ms->table, written);
	return NULL;
}

/*
 * EvalPlanQual for a row of an UPDATE through a scan that changed under it:
 * the row read again (now) in ms->reread, the statement's conditions checked
 * on it, and its SET computed again over it into slot (the new row,
 * RETURNING's).  False when the row no longer matches: PostgreSQL then
 * leaves it, and so does this UPDATE.
 */
static bool
apply_again(HBaseModifyState *ms, HBaseRow *now, TupleTableSlot *slot)
{
	TupleDesc	desc = slot->tts_tupleDescriptor;
	ExprContext *econtext = ms->recheck_cxt;
	TupleTableSlot *reread = ms->reread;
	Datum	   *values = palloc(sizeof(Datum) * Max(desc->natts, 1));
	bool	   *isnull = palloc(sizeof(bool) * Max(desc->natts, 1));
	ListCell   *lc,
			   *lc2;
	MemoryContext old;

	ResetExprContext(econtext);
	ExecClearTuple(reread);
	hbase_row_to_values(ms->table, ms->io, true, ms->allattrs, now,
						reread->tts_values, reread->tts_isnull);
	ExecStoreVirtualTuple(reread);
	econtext->ecxt_scantuple = reread;
	if (ms->recheck_qual && !ExecQual(ms->recheck_qual, econtext))
		return false;
	/* every SET expression sees the row as read again */
	memcpy(values, reread->tts_values, sizeof(Datum) * desc->natts);
	memcpy(isnull, reread->tts_isnull, sizeof(bool) * desc->natts);
	forboth(lc, ms->set_states, lc2, ms->set_attnos)
	{
		AttrNumber	attno = lfirst_int(lc2);

		values[attno - 1] = ExecEvalExpr(lfirst(lc), econtext, &isnull[attno - 1]);
	}
	old = MemoryContextSwitchTo(slot->tts_mcxt);
	ExecForceStoreHeapTuple(heap_form_tuple(desc, values, isnull), slot, true);
	MemoryContextSwitchTo(old);
	slot_getallattrs(slot);
	return true;
}

/*
 * The value of col the scan read, as the bytes a check-and-put compares
 * (*expect NULL: it read NULL, the check is "no cell").
 */
static void
read_value(HBaseModifyState *ms, HBaseColumn *col, TupleTableSlot *planSlot, char **expect,
		   int *expectlen)
{
	bool		isnull;
	Datum		old = slot_getattr(planSlot, ms->oldval[col->attnum - 1], &isnull);

	*expect = NULL;
	*expectlen = 0;
	if (!isnull)
		hbase_datum_to_read_cell(ms->table, col, old, expect, expectlen);
}

/*
 * An UPDATE's new cells of a row by a check-and-put: written only if the
 * cell of col still has the value the scan read (expect; NULL: it read
 * NULL, no cell).  first: the answer of the check-and-put sent already (a
 * round's, pipelined), NULL to send it now.  When another writer came
 * first, under READ COMMITTED, the row is read again, the conditions
 * checked and the SET computed again on it into slot (apply_again), at most
 * hbase_fdw.update_retries times, as direct.c does for an UPDATE by keys;
 * *row and *nulled become the new cells.  Where the SET cannot be computed
 * again (can_apply_again), or under REPEATABLE READ, a cell whose bytes
 * differ from our encoding of the value read but that decodes to the same
 * value ("007" for 7 in text) is compared again with its own bytes, and
 * anything else is a conflict (hbase_conflict_error).  Returns false when
 * the row was not written: gone, or no longer matching.
 */
static bool
checked_put(HBaseModifyState *ms, const HBaseResult *first, HBaseRow *row, List **nulled,
			HBaseColumn *col, char *expect, int expectlen, TupleTableSlot *slot, bytea *key)
{
	HBaseTable *t = ms->table;
	bool		isnull = expect == NULL;
	int			attempt;

	if (isnull)
		expect = "";
	for (attempt = 0;; attempt++)
	{
		HBaseRow   *now;
		HBaseResult res;
		HBaseCell  *cell;
		long		nreq = 0;

		/* sent once, to one gateway: it is not idempotent */
		if (attempt == 0 && first)
			res = *first;
		else
			res = hbase_rest_check_and_put(ms->conn, t, row, col->colspec, col->speclen,
										   expect, expectlen, "a check-and-put of a row");
		if (res.outcome == HBASE_DONE)
		{
			hbase_written_add(&ms->written, row->key, row->keylen);
			return true;
		}
		if (res.outcome != HBASE_CHECK_FAILED)
			hbase_rest_report(&res, t, "a check-and-put of a row");

		if (ms->set_attnos != NIL && !IsolationUsesXactSnapshot())
		{
			/* READ COMMITTED: the row again, the WHERE and the SET again */
			if (attempt >= hbase_update_retries)
				hbase_conflict_error(&ms->written, row->key, row->keylen, col, attempt + 1);
			pg_usleep((long) (random() % (1000L << Min(attempt, 6))));
			CHECK_FOR_INTERRUPTS();
			now = hbase_get_row(t, ms->conn, ms->allattrs, row->key, row->keylen, &nreq);
			if (now == NULL || !apply_again(ms, now, slot))
				return false;	/* gone, or no longer matching: not updated */
			build_update(ms, slot->tts_values, slot->tts_isnull, key, row, nulled);
			hbase_stamp_after_read(row, hbase_row_newest_stamp(now));
			col = check_column(ms, *nulled);
			if (col == NULL || row->ncells == 0)
			{
				if (row->ncells > 0)
					put_rows(ms, row, 1);	/* nothing read to compare */
				else
					hbase_written_add(&ms->written, row->key, row->keylen);
				return true;
			}
			cell = hbase_find_cell(now, col);
			expect = cell ? cell->value : "";
			expectlen = cell ? cell->vallen : 0;
			continue;
		}
		now = attempt < 2 && !isnull ?
			hbase_get_row(t, ms->conn, list_make1_int(col->attnum), row->key, row->keylen, &nreq) : NULL;
		cell = now ? hbase_find_cell(now, col) : NULL;
		if (cell)
		{
			HBaseColumnIO io;
			char	   *again;
			int			againlen;

			hbase_column_io_init(col, &io);
			hbase_datum_to_read_cell(t, col,
									 hbase_cell_to_datum(t, col, &io, cell->value, cell->vallen,
														 row->key, row->keylen),
									 &again, &againlen);
			if (againlen == expectlen && memcmp(again, expect, againlen) == 0)
			{
				/* the same value in other bytes: compare with those */
				expect = cell->value;
				expectlen = cell->vallen;
				continue;
			}
		}
		hbase_conflict_error(&ms->written, row->key, row->keylen, col, 0);
	}
}

/* a check-and-put of the row's new cells on the value read (checked_put) */
static bool
check_and_put(HBaseModifyState *ms, HBaseRow *row, List **nulled, HBaseColumn *col,
			  TupleTableSlot *planSlot, TupleTableSlot *slot, bytea *key)
{
	char	   *expect;
	int			expectlen;

	read_value(ms, col, planSlot, &expect, &expectlen);
	return checked_put(ms, NULL, row, nulled, col, expect, expectlen, slot, key);
}

/*
 * A BEFORE ROW UPDATE trigger may change any column of NEW, not only those
 * the SET names: the columns written for this row are those set and every
 * other one whose new value differs from the row as read (the "wholerow"
 * junk column), as postgres_fdw sends every column when such a trigger
 * exists; the unchanged ones are not written again, so that a concurrent
 * write of another cell of the row is not undone.  A key column changed is
 * refused, as in the SET (a new key is another row); so is a column that is
 * no single cell (a whole family, a version's stamp), which build_update
 * refuses by name.
 */
static List *
trigger_changed(HBaseModifyState *ms, TupleTableSlot *slot, TupleTableSlot *planSlot)
{
	HBaseTable *t = ms->table;
	TupleDesc	desc = slot->tts_tupleDescriptor;
	List	   *cols = list_copy(ms->updated);
	bool		isnull;
	Datum		d = slot_getattr(planSlot, ms->wholerow, &isnull);
	HeapTupleHeader old;
	HeapTupleData tup;
	Datum	   *oldv;
	bool	   *oldn;
	int			i;

	if (isnull)
		return cols;
	old = DatumGetHeapTupleHeader(d);
	tup.t_len = HeapTupleHeaderGetDatumLength(old);
	ItemPointerSetInvalid(&tup.t_self);
	tup.t_tableOid = InvalidOid;
	tup.t_data = old;
	oldv = palloc(sizeof(Datum) * desc->natts);
	oldn = palloc(sizeof(bool) * desc->natts);
	heap_deform_tuple(&tup, desc, oldv, oldn);
	for (i = 0; i < t->natts && i < desc->natts; i++)
	{
		HBaseColumn *col = &t->columns[i];
		Form_pg_attribute att = TupleDescAttr(desc, i);

		if (col->dropped || list_member_int(cols, i + 1))
			continue;
		if (slot->tts_isnull[i] == oldn[i] &&
			(oldn[i] || datum_image_eq(slot->tts_values[i], oldv[i], att->attbyval, att->attlen)))
			continue;			/* unchanged */
		if (is_key_column(t, col))
			refuse_key_update(t, col);
		cols = lappend_int(cols, i + 1);
	}
	return cols;
}

/*
 * UPDATE: the set columns' new cells (and the empty column's) in one PUT
 * (atomic for the row), by a check-and-put when the SET read the row, then
 * the cells set to NULL deleted.  NULL when the row was not updated (it
 * changed under the UPDATE and no longer matches, or is gone), or was
 * updated already by this statement (a row a join hands over again).
 */
static TupleTableSlot *
hbaseExecForeignUpdate(EState *estate, ResultRelInfo *rinfo, TupleTableSlot *slot,
					   TupleTableSlot *planSlot)
{
	HBaseModifyState *ms = rinfo->ri_FdwState;
	MemoryContext old = MemoryContextSwitchTo(ms->rowcxt);
	ErrorContextCallback cb;
	bytea	   *key;
	HBaseRow	row;
	List	   *nulled;
	HBaseColumn *check;
	int64		read_ts;

	hbase_push_written_context(&ms->written, &cb);
	key = old_key(ms, planSlot, &read_ts);
	/* UPDATE ... FROM: a row the join hands over again stays as first updated */
	if (changed_before(ms, key))
	{
		error_context_stack = cb.previous;
		MemoryContextSwitchTo(old);
		MemoryContextReset(ms->rowcxt);
		return NULL;
	}
	slot_getallattrs(slot);
	if (ms->trigger_cols)
		ms->written_cols = trigger_changed(ms, slot, planSlot);
	build_update(ms, slot->tts_values, slot->tts_isnull, key, &row, &nulled);
	hbase_stamp_after_read(&row, read_ts);
	check = ms->check && row.ncells > 0 ? check_column(ms, nulled) : NULL;
	if (check && ms->checking && nulled == NIL)
	{
		/* in a round of check-and-puts, pipelined (buffer_check) */
		char	   *expect;
		int			expectlen;

		read_value(ms, check, planSlot, &expect, &expectlen);
		buffer_check(ms, &row, check, expect, expectlen, read_ts);
	}
	else if (check)
	{
		ms->nseen += ms->pipe_rows;
		if (!check_and_put(ms, &row, &nulled, check, planSlot, slot, key))
			slot = NULL;
	}
	else if (row.ncells > 0 && ms->pipe_rows && nulled == NIL && !ms->checking)
		buffer_row(ms, &row, read_ts);	/* in a batch, pipelined as COPY's */
	else if (row.ncells > 0)
	{
		ms->nseen += ms->pipe_rows;
		put_rows(ms, &row, 1);
	}
	if (slot)
	{
		(void) hbase_delete_cells(ms->conn, ms->table, VARDATA_ANY(key), VARSIZE_ANY_EXHDR(key),
								  nulled, read_ts);
		if (row.ncells == 0 && nulled != NIL)
			hbase_written_add(&ms->written, row.key, row.keylen);
		remember_changed(ms, key);
	}
	ms->written_cols = ms->updated;
	error_context_stack = cb.previous;
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
										  sizeof(HBaseRow) * ms->table->batch_size *
										  ms->write_concurrency);
	}
}


/* a cell of a whole-family jsonb member and how the member spelt its qualifier */
typedef struct FamilyMember
{
	HBaseCell  *cell;
	const char *spelling;
} FamilyMember;

static int
member_cmp(const void *a, const void *b)
{
	const HBaseCell *x = ((const FamilyMember *) a)->cell;
	const HBaseCell *y = ((const FamilyMember *) b)->cell;
	int			c = memcmp(x->column, y->column, Min(x->collen, y->collen));

	return c != 0 ? c : (x->collen > y->collen) - (x->collen < y->collen);
}

/*
 * Two members of one whole-family jsonb value that name the same qualifier
 * ("A" and "\\x41"): one PUT would write one cell and drop the other value
 * silently, so it is an error naming both spellings.  Sorted, so that wide
 * families cost n log n.  The family's cells are cells[first ...], in the
 * order of spellings.
 */
static void
check_family_spellings(HBaseTable *t, HBaseColumn *col, List *cells, int first, List *spellings)
{
	int			n = list_length(spellings);
	FamilyMember *m;
	int			i;

	if (n < 2)
		return;
	m = palloc(n * sizeof(FamilyMember));
	for (i = 0; i < n; i++)
	{
		m[i].cell = list_nth(cells, first + i);
		m[i].spelling = list_nth(spellings, i);
	}
	qsort(m, n, sizeof(FamilyMember), member_cmp);
	for (i = 1; i < n; i++)
		if (member_cmp(&m[i - 1], &m[i]) == 0)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("members \"%s\" and \"%s\" of column \"%s\" name the same qualifier",
							m[i - 1].spelling, m[i].spelling, col->attname),
					 errdetail("Foreign table %s would write one cell for both and lose a value; nothing of the row was written.",
							   t->relname)));
	pfree(m);
}

/*
 * The cells of a column that maps a whole family (encode_row): one cell per
 * member of its JSON object, {"qualifier": "value"}, each string text or
 * "\x" hex bytes (hbase_family_member_bytes), appended to cells; two
 * members naming one qualifier are an error (check_family_spellings).
 */
static List *
family_cells(HBaseTable *t, HBaseColumn *col, Datum value, List *cells)
{
	Jsonb	   *jb = DatumGetJsonbP(value);
	HBaseCell  *c;
	JsonbIterator *it;
	JsonbValue	v;
	JsonbIteratorToken tok;
	char	   *qual = NULL;
	int			first = list_length(cells);
	List	   *spellings = NIL;

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
			spellings = lappend(spellings, qual);
		}
	}
	check_family_spellings(t, col, cells, first, spellings);
	return cells;
}

/*
 * One slot as an HBase row (in the current memory context): the cells of
 * its columns (a family's from its JSON object: family_cells), its key (a
 * raw key column's value, or the layout's key of the key columns), each
 * stamped with the row's :timestamp column when it has one.
 */
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
			cells = family_cells(t, col, slot->tts_values[i], cells);
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
 * Rows of HBase written by this backend's transaction, over its statements:
 * a 40001 tells the client to run the transaction again, which would apply
 * again what an earlier statement of it wrote.  Counted per local
 * transaction id, so a new transaction starts at 0 without a callback.
 */
static long xact_written;
static LocalTransactionId xact_written_lxid = InvalidLocalTransactionId;

static long *
xact_written_count(void)
{
	if (xact_written_lxid != MyProc->lxid)
	{
		xact_written_lxid = MyProc->lxid;
		xact_written = 0;
	}
	return &xact_written;
}

/* the state of a statement's written rows, its keys kept in cxt */
void
hbase_written_init(HBaseWritten *w, HBaseTable *t, MemoryContext cxt)
{
	memset(w, 0, sizeof(HBaseWritten));
	w->table = t;
	w->cxt = cxt;
	w->detail_nrows = -1;
}

/* a row written: counted, its key kept while there are few */
void
hbase_written_add(HBaseWritten *w, const char *key, int keylen)
{
	w->nrows++;
	(*xact_written_count())++;
	if (w->nkeys < HBASE_WRITTEN_KEYS)
		w->keys[w->nkeys++] = MemoryContextStrdup(w->cxt, hbase_printable_key(key, keylen));
}

/* "\"a\", \"b\" and 3 more": the first keys written */
static char *
written_keys(HBaseWritten *w)
{
	StringInfoData buf;
	int			i;

	initStringInfo(&buf);
	for (i = 0; i < w->nkeys; i++)
		appendStringInfo(&buf, "%s\"%s\"", i == 0 ? "" : i == w->nrows - 1 ? " and " : ", ",
						 w->keys[i]);
	if (w->nrows > w->nkeys)
		appendStringInfo(&buf, " and %ld more", w->nrows - w->nkeys);
	return buf.data;
}

/*
 * The rows this statement wrote to the table before the request under way,
 * as a sentence for error details: HBase keeps them whatever happens next.
 * Rows that earlier statements of the transaction wrote are named too: a
 * rollback keeps them as well.
 */
static char *
hbase_written_detail(HBaseWritten *w)
{
	long		earlier = *xact_written_count() - w->nrows;
	char	   *also = earlier <= 0 ? "" :
		psprintf(" Earlier statements of this transaction wrote %ld row%s to HBase, which stay written too.",
				 earlier, earlier == 1 ? "" : "s");

	/* the error raised with this detail needs no context saying it again */
	w->detail_nrows = w->nrows;
	if (w->nrows == 0)
		return psprintf("No row of this statement had been written before.%s", also);
	return psprintf("%ld row%s of this statement had been written before and stay written (%s): a statement is not atomic in HBase.%s",
					w->nrows, w->nrows == 1 ? "" : "s", written_keys(w), also);
}

/*
 * Errors raised while a statement writes (no answer, a refusal, a value that
 * does not encode, PostgreSQL's own errors in expressions we evaluate) say
 * what the statement wrote before, unless their detail says it already.
 */
static void
written_context(void *arg)
{
	HBaseWritten *w = arg;

	if (w->nrows > 0 && !w->in_detail && w->detail_nrows != w->nrows)
		errcontext("writing to foreign table %s: %ld row%s of this statement had been written to HBase table \"%s\" before, and stay written (%s): a statement is not atomic in HBase",
				   w->table->relname, w->nrows, w->nrows == 1 ? "" : "s",
				   w->table->hbase_table, written_keys(w));
}

static void
no_context(void *arg)
{
}

static void held_context(void *arg);

/*
 * Around a request: the rows written in the errors it raises, unless the
 * statement holds that context already (hold_written_context), which would
 * then say it twice.
 */
void
hbase_push_written_context(HBaseWritten *w, ErrorContextCallback *cb)
{
	ErrorContextCallback *e;

	cb->callback = written_context;
	cb->arg = w;
	for (e = error_context_stack; e; e = e->previous)
		if ((e->callback == written_context && e->arg == w) ||
			(e->callback == held_context && &((HBaseModifyState *) e->arg)->written == w))
			cb->callback = no_context;
	cb->previous = error_context_stack;
	error_context_stack = cb;
}

/*
 * The rows written, in every error until the statement ends: PostgreSQL's
 * own between two rows (a COPY line that does not parse, a cast or a
 * division by zero in the next row's expressions, a constraint), not only
 * ours.  Pushed when the write begins, taken out of the stack wherever it is
 * when the write ends (hbaseEnd*); an error before that resets the stack
 * below it (PG_TRY, the top level), so the stack never keeps it past the
 * statement's memory.
 */
static void
hold_written_context(HBaseModifyState *ms)
{
	ms->written_cb.callback = held_context;
	ms->written_cb.arg = ms;
	ms->written_cb.previous = error_context_stack;
	error_context_stack = &ms->written_cb;
}

static void
release_written_context(HBaseModifyState *ms)
{
	ErrorContextCallback **p;

	for (p = &error_context_stack; *p; p = &(*p)->previous)
		if (*p == &ms->written_cb)
		{
			*p = ms->written_cb.previous;
			break;
		}
}

/*
 * An UPDATE met a concurrent write of a row (its check-and-put found another
 * value) and will not apply its SET again: READ COMMITTED read it again
 * attempts times already, REPEATABLE READ and SERIALIZABLE do not (as
 * PostgreSQL, which raises 40001 there).  40001 tells the client to run the
 * transaction again, which is right only when nothing of it was written to
 * HBase yet; after the first row written, running it again would apply the
 * rows written a second time: then another error, which names them.
 */
void
hbase_conflict_error(HBaseWritten *w, const char *key, int keylen, HBaseColumn *col,
					 int attempts)
{
	HBaseTable *t = w->table;
	char	   *found = attempts == 0 ?
		psprintf("The check-and-put of column \"%s\" (HBase cell %s) found another value than the one the UPDATE read",
				 col->attname, hbase_printable_key(col->colspec, col->speclen)) :
		psprintf("The check-and-put of column \"%s\" (HBase cell %s) found another value than the one read, %d time%s",
				 col->attname, hbase_printable_key(col->colspec, col->speclen),
				 attempts, attempts == 1 ? "" : "s");
	char	   *level = IsolationUsesXactSnapshot() ?
		" (under REPEATABLE READ and SERIALIZABLE a changed row is not read again, as in PostgreSQL)" : "";

	w->in_detail = true;
	if (*xact_written_count() == 0)
		ereport(ERROR,
				(errcode(ERRCODE_T_R_SERIALIZATION_FAILURE),
				 errmsg("could not update row %s of foreign table %s: it changed concurrently",
						hbase_printable_key(key, keylen), t->relname),
				 errdetail("%s%s; the row was not written. Nothing of this transaction was written to HBase before.",
						   found, level),
				 errhint("Retry the transaction; hbase_fdw.update_retries sets how often a row is read again first under READ COMMITTED.")));
	ereport(ERROR,
			(errcode(ERRCODE_FDW_ERROR),
			 errmsg("could not update row %s of foreign table %s: it changed concurrently, after rows were written",
					hbase_printable_key(key, keylen), t->relname),
			 errdetail("%s%s; row %s was not written. %s",
					   found, level, hbase_printable_key(key, keylen), hbase_written_detail(w)),
			 errhint("The rows written stay in HBase whatever the transaction does: running it again would apply them a second time. Check them, and update the others by their keys.")));
}

/* rows sent alone that all fail from the first one: the gateway fails everything, stop */
#define ROW_BY_ROW_GIVE_UP	3

/*
 * A batch PUT that HBase refused or failed (per_row: a 400 of HBase's
 * client, or the REST resource's 503 "Unavailable"; hbase_write_outcome
 * says which answers those are; a 500, 502 or 504, or a 503 of something in
 * front of HBase, says nothing about single rows): some of
 * its rows may stand, others not.  Send each row again on its own (a PUT of
 * the same cells again is the same row for readers) so that the error can
 * say which rows were written and which were not, instead of "some of
 * them".  When the first rows sent alone all fail, the rest is not sent: the
 * error says so.  Returns true when every row went through alone.
 */
static bool
put_rows_one_by_one(HBaseModifyState *ms, HBaseRow *rows, int nrows, const HBaseResult *batch)
{
	StringInfoData failed;
	int			nfailed = 0;
	long		first_status = 0;
	char	   *first_body = NULL;
	char	   *before = hbase_written_detail(&ms->written);
	int			i;

	initStringInfo(&failed);
	for (i = 0; i < nrows; i++)
	{
		ErrorContextCallback cb;
		HBaseResult r;

		hbase_push_written_context(&ms->written, &cb);
		r = hbase_rest_put(ms->conn, ms->table, &rows[i], 1, "a PUT of one row");
		error_context_stack = cb.previous;
		if (r.outcome == HBASE_DONE)
			continue;
		if (nfailed++ == 0)
		{
			first_status = r.status;
			first_body = hbase_body_summary(r.resp);
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
	HBaseResult res;
	char	   *summary;

	hbase_push_written_context(&ms->written, &cb);
	res = hbase_rest_put(ms->conn, ms->table, rows, nrows, "a PUT of rows");
	/* the table, or a family: the gateway says 404 for both */
	if (res.table_unsure &&
		hbase_rest_write_family_missing(ms->conn, ms->table,
										psprintf("a PUT of %d row%s (nothing of it was written)",
												 nrows, nrows == 1 ? "" : "s")))
		ereport(ERROR,
				(errcode(ERRCODE_FDW_COLUMN_NAME_NOT_FOUND),
				 errmsg("HBase table \"%s\" lacks a column family that foreign table %s writes",
						ms->table->hbase_table, ms->table->relname),
				 errdetail("The batch of %d row%s writes to the families %s. Rows with a cell in a family the table lacks were not written; the others of the batch may have been.",
						   nrows, nrows == 1 ? "" : "s", families_of(rows, nrows))));
	/* a 401/403 comes before any write (auth, hbase.rest.readonly): nothing of it stands */
	if (res.refused)
		hbase_rest_report(&res, ms->table,
						  psprintf("a PUT of %d row%s", nrows, nrows == 1 ? "" : "s"));
	error_context_stack = cb.previous;
	summary = hbase_body_summary(res.resp);
	if (res.outcome == HBASE_DONE ||
		(nrows > 1 && res.per_row && put_rows_one_by_one(ms, rows, nrows, &res)))
	{
		int			i;

		for (i = 0; i < nrows; i++)
			hbase_written_add(&ms->written, rows[i].key, rows[i].keylen);
		return;
	}
	ereport(ERROR,
			(errcode(res.outcome == HBASE_MAYBE_APPLIED ?
					 ERRCODE_TRANSACTION_RESOLUTION_UNKNOWN : ERRCODE_FDW_ERROR),
			 errmsg("HBase REST gateway answered HTTP %ld to a PUT of %d row%s for foreign table %s",
					res.status, nrows, nrows == 1 ? "" : "s", ms->table->relname),
			 errdetail("The gateway said: %s. %sHBase writes each row atomically, not a batch: %s may have been written to HBase table \"%s\" or not. %s",
					   *summary ? summary : "(nothing)",
					   nrows > 1 && !res.per_row ?
					   "That is no answer of HBase about single rows: they were not sent again one by one. " : "",
					   nrows == 1 ? "the row" : "rows of this batch", ms->table->hbase_table,
					   hbase_written_detail(&ms->written))));
}

/*
 * PUTs of a bulk write in flight at once for a table: its write_concurrency,
 * bounded so that a statement holds at most 100,000 rows encoded at a time
 * (batch_size is up to 100,000 rows itself).
 */
static int
write_batches(HBaseTable *t)
{
	return Max(1, Min(t->write_concurrency, 100000 / t->batch_size));
}

/*
 * The check of an UPDATE's check-and-put of a row (checked_put): the cell
 * compared and the value the scan read
 */
typedef struct CheckOf
{
	HBaseColumn *col;
	char	   *expect;			/* NULL: it read NULL (no cell) */
	int			expectlen;
} CheckOf;

/* one batch of a wave: its rows, where they are in the statement, what came of it */
typedef struct WaveBatch
{
	HBaseRow   *rows;
	int			nrows;
	long		first;			/* the statement's number of its first row */
	int64		read_ts;		/* a DELETE's or a check-and-put's: the newest
								 * stamp its row was read with */
	CheckOf		check;			/* a check-and-put's (ms->checking) */
	HBaseResult res;
	bool		stands;			/* written (all its rows), or for a
								 * check-and-put, resolved (check_row) */
} WaveBatch;

/* the batches of a wave, for the error context of one of them */
typedef struct Wave
{
	HBaseModifyState *ms;
	WaveBatch  *batches;
	int			n;
	int			current;		/* the one being resolved or reported, or -1 */
} Wave;

/* "rows 21 to 30 of the statement (keys "a" to "b")" */
static char *
batch_rows(WaveBatch *b)
{
	HBaseRow   *last = &b->rows[b->nrows - 1];

	if (b->nrows == 1)
		return psprintf("row %ld of the statement (key \"%s\")", b->first,
						hbase_printable_key(b->rows[0].key, b->rows[0].keylen));
	return psprintf("rows %ld to %ld of the statement (keys \"%s\" to \"%s\")",
					b->first, b->first + b->nrows - 1,
					hbase_printable_key(b->rows[0].key, b->rows[0].keylen),
					hbase_printable_key(last->key, last->keylen));
}

/*
 * In any error while a wave is resolved or reported: the other batches sent
 * at the same time that are not known to stand, and what is known of each
 * (never sent; may or may not stand).  Those that stand are counted in the
 * rows written (written_context, hbase_written_detail).
 */
static void
wave_context(void *arg)
{
	Wave	   *w = arg;

	/*
	 * a PUT of a batch, or a row's own request: a DELETE, an UPDATE's
	 * check-and-put
	 */
	const char *req = w->ms->deleting ? "DELETE" : w->ms->checking ? "check-and-put" : "PUT";
	const char *done = w->ms->deleting ? "deleted" : "written";
	bool		one = w->ms->deleting || w->ms->checking;
	StringInfoData buf;
	int			i;

	initStringInfo(&buf);
	for (i = 0; i < w->n; i++)
	{
		WaveBatch  *b = &w->batches[i];

		if (b->stands || i == w->current)
			continue;
		appendStringInfo(&buf, "%s%s %s", buf.len ? "; " : "", batch_rows(b),
						 b->res.outcome == HBASE_CHECK_FAILED ? "was not written (it changed since it was read)" :
						 b->res.outcome == HBASE_UNAVAILABLE ?
						 psprintf("%s not %s (the %s never reached a gateway)", one ? "was" : "were",
								  done, req) :
						 b->res.status == 0 ? psprintf("may have been %s or not (no answer)", done) :
						 psprintf("may have been %s or not (HTTP %ld)", done, b->res.status));
	}
	if (buf.len)
		errcontext("other %ss of foreign table %s sent at the same time: %s",
				   req, w->ms->table->relname, buf.data);
}

/*
 * The statement's context in every error (hold_written_context): the rows
 * written.  An error raised while a wave of PUTs is under way (a COPY line
 * that does not parse, a value that does not encode, a cancel) first waits
 * for its answers and counts the batches written, so that the error names
 * exactly the rows that stand; the batches not known to stand are named as
 * such (wave_context).  Nothing here raises: a failed batch is judged only
 * by finish_wave, which an error never reaches.
 */
static void
held_context(void *arg)
{
	HBaseModifyState *ms = arg;

	if (ms->puts)
		answer_wave(ms);
	written_context(&ms->written);
	if (ms->wave_answered)
	{
		Wave		w = {ms, ms->wave, ms->nwave, -1};

		wave_context(&w);
	}
}

/*
 * A batch of a wave that failed and that nothing more can tell about:
 * which of its rows may stand, which of the statement do.  As put_rows'
 * error, naming the batch: other batches sent with it stand though they
 * came after it in the statement.
 */
static void
report_wave_batch(HBaseModifyState *ms, WaveBatch *b, int nbatches)
{
	HBaseResult *res = &b->res;
	char	   *summary = hbase_body_summary(res->resp);

	if (ms->deleting || ms->checking)
	{
		/* a row's own request: a DELETE, or an UPDATE's check-and-put */
		const char *req = ms->deleting ? "DELETE" : "check-and-put";
		const char *done = ms->deleting ? "deleted" : "written";

		if (res->status == 0)
			ereport(ERROR,
					(errcode(ERRCODE_TRANSACTION_RESOLUTION_UNKNOWN),
					 errmsg("HBase REST gateway gave no answer to a %s of a row of foreign table %s: whether it was %s is unknown",
							req, ms->table->relname, done),
					 errdetail("%s at %s. The %s of %s, one of %d sent at the same time, may have been done in HBase table \"%s\" or not, or may still be; it was not sent again. %s",
							   *summary ? summary : "no answer",
							   res->resp && res->resp->gateway ? res->resp->gateway : "the gateway",
							   req, batch_rows(b), nbatches, ms->table->hbase_table,
							   hbase_written_detail(&ms->written)),
					 errhint("Read the rows back to see what was %s; a %s of the same rows may be sent again.",
							 done, ms->deleting ? "DELETE" : "write")));
		hbase_rest_report(res, ms->table,
						  psprintf("a %s of %s, one of %d sent at the same time",
								   req, batch_rows(b), nbatches));
	}
	if (res->status == 0)
		ereport(ERROR,
				(errcode(ERRCODE_TRANSACTION_RESOLUTION_UNKNOWN),
				 errmsg("HBase REST gateway gave no answer to a PUT of %d row%s for foreign table %s: whether it was written is unknown",
						b->nrows, b->nrows == 1 ? "" : "s", ms->table->relname),
				 errdetail("%s at %s. The PUT of %s, one of %d sent at the same time, may have been written to HBase table \"%s\" or not, or may still be; it was not sent again. %s",
						   *summary ? summary : "no answer",
						   res->resp && res->resp->gateway ? res->resp->gateway : "the gateway",
						   batch_rows(b), nbatches, ms->table->hbase_table,
						   hbase_written_detail(&ms->written)),
				 errhint("Read the rows back to see what was written; a write of the same values may be sent again.")));
	ereport(ERROR,
			(errcode(res->outcome == HBASE_MAYBE_APPLIED ?
					 ERRCODE_TRANSACTION_RESOLUTION_UNKNOWN : ERRCODE_FDW_ERROR),
			 errmsg("HBase REST gateway answered HTTP %ld to a PUT of %d row%s for foreign table %s",
					res->status, b->nrows, b->nrows == 1 ? "" : "s", ms->table->relname),
			 errdetail("The gateway said: %s. %sHBase writes each row atomically, not a batch: %s, one of %d PUTs sent at the same time, may have been written to HBase table \"%s\" or not. %s",
					   *summary ? summary : "(nothing)",
					   b->nrows > 1 && !res->per_row ?
					   "That is no answer of HBase about single rows: they were not sent again one by one. " : "",
					   batch_rows(b), nbatches, ms->table->hbase_table,
					   hbase_written_detail(&ms->written))));
}

/*
 * The answers of a wave sent (out[i] of batches[i]), taken: the batches
 * written are counted first, they stand whatever comes of the others.
 */
static void
count_wave(HBaseModifyState *ms, WaveBatch *batches, int n, const HBaseResult *out)
{
	int			i,
				j;

	for (i = 0; i < n; i++)
	{
		batches[i].res = out[i];
		batches[i].stands = out[i].outcome == HBASE_DONE;
		if (batches[i].stands)
			for (j = 0; j < batches[i].nrows; j++)
				hbase_written_add(&ms->written, batches[i].rows[j].key, batches[i].rows[j].keylen);
	}
}

/*
 * A row of an UPDATE's round of check-and-puts that did not stand: its
 * check failed (the row changed since the scan read it), or it surely
 * never reached a gateway (then sent again alone).  checked_put does what
 * a check-and-put sent alone does: under READ COMMITTED the row read
 * again, its WHERE and SET again, written by a check-and-put on the value
 * read now (the new row in ms->again, not PostgreSQL's slot: that went
 * with the call); elsewhere a conflict, 40001 while nothing of the
 * transaction was written, else HV000 naming the rows written.  A row then
 * left alone (gone, no longer matching) was counted by PostgreSQL when
 * ExecForeignUpdate returned it: taken out of the statement's count, which
 * is read only once the scan has ended (hbase_modify_scan_ended finishes
 * the rounds first).
 */
static void
check_row(HBaseModifyState *ms, WaveBatch *b)
{
	HBaseRow	row = b->rows[0];
	List	   *nulled = NIL;
	bytea	   *key = palloc(VARHDRSZ + row.keylen);

	SET_VARSIZE(key, VARHDRSZ + row.keylen);
	memcpy(VARDATA(key), row.key, row.keylen);
	if (checked_put(ms, b->res.outcome == HBASE_CHECK_FAILED ? &b->res : NULL, &row, &nulled,
					b->check.col, b->check.expect, b->check.expectlen, ms->again, key))
	{
		if (nulled != NIL)
			(void) hbase_delete_cells(ms->conn, ms->table, row.key, row.keylen, nulled,
									  b->read_ts);
	}
	else if (ms->set_tag)
		ms->estate->es_processed--;
}

/*
 * An UPDATE's round of check-and-puts answered and counted, judged: first
 * any that failed otherwise than by its check (a 500, no answer, a
 * refusal) is reported, naming its row, the rows of the statement that
 * stand (the round's written counted) and, in a context line, the others
 * of the round not written or not known (wave_context), before anything
 * more is sent for a statement that fails; then each row whose check
 * failed, or that never reached a gateway, in the statement's order
 * (check_row).
 */
static void
judge_checks(HBaseModifyState *ms, Wave *wave)
{
	int			i;

	for (i = 0; i < wave->n; i++)
	{
		WaveBatch  *b = &wave->batches[i];

		if (b->stands || b->res.outcome == HBASE_CHECK_FAILED ||
			b->res.outcome == HBASE_UNAVAILABLE)
			continue;
		wave->current = i;
		report_wave_batch(ms, b, wave->n);
	}
	for (i = 0; i < wave->n; i++)
	{
		WaveBatch  *b = &wave->batches[i];

		if (b->stands)
			continue;
		wave->current = i;
		check_row(ms, b);
		b->stands = true;
	}
}

/*
 * A wave answered and counted (count_wave), judged: each batch that does
 * not stand in turn, as put_rows does for one batch: a cancel is raised; a
 * PUT that surely never reached a gateway goes again alone (put_rows: it may
 * fail over); one HBase refused or failed row by row (per_row) is sent
 * again row by row (put_rows_one_by_one), which tells which of its rows
 * stand; a refusal, a missing family or any other failure is reported.
 * The first error raised names the rows of the statement that stand, the
 * batch it is about, and, in a context line, each other batch of the wave
 * that is not known to stand.
 */
static void
judge_wave(HBaseModifyState *ms, WaveBatch *batches, int n, bool interrupted)
{
	ErrorContextCallback wcb;
	Wave		wave;
	int			i,
				j;

	wave.ms = ms;
	wave.batches = batches;
	wave.n = n;
	wave.current = -1;
	wcb.callback = wave_context;
	wcb.arg = &wave;
	wcb.previous = error_context_stack;
	error_context_stack = &wcb;
	if (interrupted)
	{
		CHECK_FOR_INTERRUPTS();
		ereport(ERROR,
				(errcode(ERRCODE_QUERY_CANCELED),
				 errmsg("canceling the %s of foreign table %s", ms->deleting ? "DELETEs" : "PUTs",
						ms->table->relname)));
	}
	if (ms->checking)
	{
		judge_checks(ms, &wave);
		error_context_stack = wcb.previous;
		return;
	}
	for (i = 0; i < n; i++)
	{
		WaveBatch  *b = &batches[i];

		if (b->stands)
			continue;
		wave.current = i;
		if (ms->deleting && b->res.outcome == HBASE_UNAVAILABLE)
		{
			/*
			 * never reached a gateway: alone, where it may go (raises if it
			 * fails)
			 */
			delete_row(ms, &b->rows[0], b->read_ts);
			b->stands = true;
			continue;
		}
		if (ms->deleting)
			report_wave_batch(ms, b, n);
		if (b->res.refused)
			hbase_rest_report(&b->res, ms->table,
							  psprintf("a PUT of %d row%s", b->nrows, b->nrows == 1 ? "" : "s"));
		if (b->res.outcome == HBASE_UNAVAILABLE)
		{
			/* never reached a gateway: alone, where it may go (raises if it fails) */
			put_rows(ms, b->rows, b->nrows);
			b->stands = true;
			continue;
		}
		if (b->res.table_unsure &&
			hbase_rest_write_family_missing(ms->conn, ms->table,
											psprintf("a PUT of %d row%s (nothing of it was written)",
													 b->nrows, b->nrows == 1 ? "" : "s")))
			ereport(ERROR,
					(errcode(ERRCODE_FDW_COLUMN_NAME_NOT_FOUND),
					 errmsg("HBase table \"%s\" lacks a column family that foreign table %s writes",
							ms->table->hbase_table, ms->table->relname),
					 errdetail("The batch of %s writes to the families %s. Rows with a cell in a family the table lacks were not written; the others of the batch may have been. %s",
							   batch_rows(b), families_of(b->rows, b->nrows),
							   hbase_written_detail(&ms->written))));
		if (b->nrows > 1 && b->res.per_row &&
			put_rows_one_by_one(ms, b->rows, b->nrows, &b->res))
		{
			for (j = 0; j < b->nrows; j++)
				hbase_written_add(&ms->written, b->rows[j].key, b->rows[j].keylen);
			b->stands = true;
			continue;
		}
		report_wave_batch(ms, b, n);
	}
	error_context_stack = wcb.previous;
}

/*
 * The context of a wave left under way is going (reset or deleted): if the
 * wave is still under way (an error that did not reach held_context, the
 * statement's memory freed by an abort), its answers are waited for before
 * its bodies go, and its handles freed for the next wave.
 */
static void
abandon_wave(void *arg)
{
	HBaseModifyState *ms = arg;

	if (ms->puts)
		answer_wave(ms);
	ms->wave_answered = false;
}

/*
 * Batches of a statement sent at once (no row key in two of them: see
 * put_batches), all answered before any is judged (count_wave, judge_wave).
 * leave: the wave is left under way (pipelining: the caller encodes its
 * next rows meanwhile), answered and judged by finish_wave; its batches and
 * rows must live in the current memory context, which finish_wave resets.
 */
static void
send_wave(HBaseModifyState *ms, WaveBatch *batches, int n, bool leave)
{
	HBaseRow   *rows[HBASE_MAX_CONCURRENCY];
	int			counts[HBASE_MAX_CONCURRENCY];
	int64		read_ts[HBASE_MAX_CONCURRENCY];
	HBaseCheck	checks[HBASE_MAX_CONCURRENCY];
	HBaseResult res[HBASE_MAX_CONCURRENCY];
	ErrorContextCallback cb;
	bool		interrupted;
	int			i;

	if (n == 1 && !leave)
	{
		if (ms->deleting)
			delete_row(ms, batches[0].rows, batches[0].read_ts);
		else if (ms->checking)
			check_row(ms, &batches[0]); /* res zeroed: sent now */
		else
			put_rows(ms, batches[0].rows, batches[0].nrows);
		return;
	}
	for (i = 0; i < n; i++)
	{
		rows[i] = batches[i].rows;
		counts[i] = batches[i].nrows;
		read_ts[i] = batches[i].read_ts;
		checks[i].col = batches[i].check.col ? batches[i].check.col->colspec : NULL;
		checks[i].collen = batches[i].check.col ? batches[i].check.col->speclen : 0;
		checks[i].expected = batches[i].check.expect;
		checks[i].expectedlen = batches[i].check.expectlen;
	}
	hbase_push_written_context(&ms->written, &cb);
	if (leave)
	{
		MemoryContextCallback *abandon = palloc(sizeof(MemoryContextCallback));

		ms->puts = ms->deleting ?
			hbase_rest_delete_start(ms->conn, ms->table, rows, read_ts, n, "a DELETE of a row", true) :
			ms->checking ?
			hbase_rest_check_and_put_start(ms->conn, ms->table, rows, checks, n,
										   "a check-and-put of a row", true) :
			hbase_rest_put_start(ms->conn, ms->table, rows, counts, n, "a PUT of rows", true);
		abandon->func = abandon_wave;
		abandon->arg = ms;
		MemoryContextRegisterResetCallback(CurrentMemoryContext, abandon);
		ms->wave = batches;
		ms->nwave = n;
		ms->wavecxt = CurrentMemoryContext;
		error_context_stack = cb.previous;
		return;
	}
	if (ms->deleting)
		hbase_rest_put_finish(hbase_rest_delete_start(ms->conn, ms->table, rows, read_ts, n,
													  "a DELETE of a row", false),
							  res, &interrupted);
	else if (ms->checking)
		hbase_rest_put_finish(hbase_rest_check_and_put_start(ms->conn, ms->table, rows, checks, n,
															 "a check-and-put of a row", false),
							  res, &interrupted);
	else
		hbase_rest_put_many(ms->conn, ms->table, rows, counts, n, "a PUT of rows", res, &interrupted);
	count_wave(ms, batches, n, res);
	judge_wave(ms, batches, n, interrupted);
	error_context_stack = cb.previous;
}

/*
 * The wave left under way, answered and counted (never raises: an error's
 * context calls it, held_context); finish_wave judges it.
 */
static void
answer_wave(HBaseModifyState *ms)
{
	HBaseResult res[HBASE_MAX_CONCURRENCY];
	HBasePuts  *p = ms->puts;

	ms->puts = NULL;
	hbase_rest_put_finish(p, res, &ms->wave_interrupted);
	count_wave(ms, ms->wave, ms->nwave, res);
	ms->wave_answered = true;
}

/*
 * The wave left under way (send_wave's leave), if any: answered, counted
 * and judged as send_wave does at once, then its rows freed.  Called before
 * the next wave goes (rows of one key stay in order: the later write is
 * sent once the earlier one is answered) and at the statement's end.
 */
static void
finish_wave(HBaseModifyState *ms)
{
	ErrorContextCallback cb;

	if (ms->puts == NULL && !ms->wave_answered)
		return;
	hbase_push_written_context(&ms->written, &cb);
	if (ms->puts)
		answer_wave(ms);
	/* judge_wave's own context names the other batches from here on */
	ms->wave_answered = false;
	judge_wave(ms, ms->wave, ms->nwave, ms->wave_interrupted);
	error_context_stack = cb.previous;
	ms->wave = NULL;
	ms->nwave = 0;
	MemoryContextReset(ms->wavecxt);
	ms->wavecxt = NULL;
}

/*
 * Rows of a bulk write (COPY's buffer, a batched INSERT's batches), in
 * batches of batch_size, first the statement's number of the first.  Up
 * to write_concurrency batches go at once (send_wave); rows of one key stay
 * in order: a batch holding a key that an earlier batch of the wave holds
 * starts the next wave, sent once the earlier one is answered, so the later
 * write wins as it does one batch at a time.  Keys are compared by a table
 * of their hashes, for these rows only.  A wave left under way by the last
 * call is finished first.  leave: the last wave is left under way
 * (put_rows_pipelined) when it has several batches.
 */
static void
put_batches(HBaseModifyState *ms, HBaseRow *rows, int nrows, long first, bool leave)
{
	int			bs = ms->table->batch_size;
	int			nbatches = (nrows + bs - 1) / bs;
	WaveBatch  *batches;
	int			size;
	int		   *slots;			/* row index + 1 by hash, 0: empty */
	int		   *owner;			/* the batch of each row */
	int			start = 0;
	int			b;

	finish_wave(ms);
	if (ms->deleting || ms->checking)
	{
		put_rows_alone(ms, rows, nrows, first, leave);
		return;
	}
	if (nbatches <= 1 || ms->write_concurrency <= 1)
	{
		for (b = 0; b < nbatches; b++)
			put_rows(ms, rows + b * bs, Min(bs, nrows - b * bs));
		return;
	}
	batches = palloc0(sizeof(WaveBatch) * nbatches);
	for (size = 16; size < 2 * nrows; size *= 2)
		;
	slots = palloc0(sizeof(int) * size);
	owner = palloc(sizeof(int) * nrows);
	for (b = 0; b < nbatches; b++)
	{
		int			r;

		batches[b].rows = rows + b * bs;
		batches[b].nrows = Min(bs, nrows - b * bs);
		batches[b].first = first + b * bs;
		for (r = b * bs; r < b * bs + batches[b].nrows; r++)
		{
			uint32		h = hash_bytes((const unsigned char *) rows[r].key, rows[r].keylen);
			int			k = h & (size - 1);

			owner[r] = b;
			for (; slots[k] != 0; k = (k + 1) & (size - 1))
			{
				HBaseRow   *o = &rows[slots[k] - 1];

				if (o->keylen == rows[r].keylen &&
					memcmp(o->key, rows[r].key, o->keylen) == 0)
					break;
			}
			/* a key of an earlier batch of this wave: the wave ends before b */
			if (slots[k] != 0 && owner[slots[k] - 1] >= start && owner[slots[k] - 1] < b)
			{
				send_wave(ms, batches + start, b - start, false);
				start = b;
			}
			slots[k] = r + 1;
		}
		if (b - start + 1 == ms->write_concurrency && b + 1 < nbatches)
		{
			send_wave(ms, batches + start, b - start + 1, false);
			start = b + 1;
		}
	}
	pfree(slots);
	pfree(owner);
	/* a wave of one batch goes as put_rows sends it, with its messages */
	leave = leave && nbatches - start > 1;
	if (start < nbatches)
		send_wave(ms, batches + start, nbatches - start, leave);
	if (!leave)
		pfree(batches);
}

/*
 * DELETEs of rows a scan handed over (buffer_row), their stamps in
 * ms->rows_ts, or an UPDATE's check-and-puts (buffer_check, their checks in
 * ms->rows_chk): write_concurrency at once (send_wave), each row its own
 * request; leave: the last round is left under way, as put_batches leaves
 * a wave of PUTs.  A key comes once (the scan hands each row once; a join's
 * repeats are skipped by changed_before; buffer_check waits for a key
 * under way all the same), and two DELETEs of one key would delete the
 * same cells anyway.
 */
static void
put_rows_alone(HBaseModifyState *ms, HBaseRow *rows, int nrows, long first, bool leave)
{
	WaveBatch  *batches = palloc0(sizeof(WaveBatch) * Max(nrows, 1));
	int			wc = Min(ms->write_concurrency, HBASE_MAX_CONCURRENCY);
	int			start;
	int			b;

	for (b = 0; b < nrows; b++)
	{
		batches[b].rows = &rows[b];
		batches[b].nrows = 1;
		batches[b].first = first + b;
		batches[b].read_ts = ms->rows_ts[b];
		if (ms->checking)
			batches[b].check = ms->rows_chk[b];
	}
	for (start = 0; start < nrows; start += wc)
	{
		int			n = Min(wc, nrows - start);

		send_wave(ms, batches + start, n, leave && n > 1 && start + n == nrows);
	}
	if (ms->puts == NULL)
		pfree(batches);
}

/*
 * UPDATE and DELETE through a scan keep a round of writes in flight while
 * the scan reads on, as COPY does (ms->pipeline: no triggers, whose AFTER
 * STATEMENT one must find every row written; write_concurrency over 1):
 * a DELETE, an UPDATE whose SET does not read the row (PUTs in batches),
 * and one whose SET reads it (checking: a check-and-put a row, each on its
 * own connection, a conflict resolved once its round is answered,
 * check_row).  Not with RETURNING, which returns each row as written, nor,
 * for a check-and-put, a view's WITH CHECK OPTION, which PostgreSQL checks
 * on the row returned, not on the one a conflict computes again.  The rows
 * are buffered (buffer_row, buffer_check) and sent as a COPY's
 * (flush_buffered), and every round is answered and judged before the next
 * goes, and at the statement's end; check-and-puts whose SET may be
 * computed again also when the scan ends (hbase_modify_scan_ended), before
 * PostgreSQL reads the statement's count.
 */
static void
begin_pipe_rows(HBaseModifyState *ms, ModifyTableState *mtstate, CmdType op)
{
	EState	   *estate = mtstate->ps.state;
	ModifyTable *plan = (ModifyTable *) mtstate->ps.plan;
	int			slots;

	/*
	 * RETURNING and check options are known from the plan:
	 * ri_projectReturning and ri_WithCheckOptions are made after
	 * BeginForeignModify
	 */
	ms->pipe_rows = ms->pipeline && plan->returningLists == NIL &&
		(op == CMD_DELETE || !ms->check || plan->withCheckOptionLists == NIL);
	if (!ms->pipe_rows)
		return;
	ms->deleting = op == CMD_DELETE;
	ms->checking = op == CMD_UPDATE && ms->check;
	slots = ms->deleting || ms->checking ? ms->write_concurrency :
		ms->table->batch_size * ms->write_concurrency;
	ms->buffered = MemoryContextAlloc(estate->es_query_cxt, sizeof(HBaseRow) * slots);
	if (ms->deleting || ms->checking)
		ms->buffered_ts = MemoryContextAlloc(estate->es_query_cxt, sizeof(int64) * slots);
	if (ms->checking)
	{
		ms->buffered_chk = MemoryContextAlloc(estate->es_query_cxt, sizeof(CheckOf) * slots);
		ms->estate = estate;
		ms->set_tag = mtstate->canSetTag;
	}
}

/*
 * A row an UPDATE or DELETE through a scan writes (begin_pipe_rows), kept
 * with every byte of it (the row's memory goes after each row) until a
 * round's worth is there: write_concurrency batches of PUTs, or
 * write_concurrency DELETEs (read_ts: the stamp the row was read with).
 * The rows are numbered in the statement by the order they came in here.
 */
static void
buffer_row(HBaseModifyState *ms, const HBaseRow *row, int64 read_ts)
{
	MemoryContext old = MemoryContextSwitchTo(ms->pipecxt[ms->pipecur]);
	HBaseRow   *r = &ms->buffered[ms->nbuffered];
	int			i;

	r->key = hbase_memdup(row->key, row->keylen);
	r->keylen = row->keylen;
	r->ncells = row->ncells;
	r->cells = row->ncells > 0 ? palloc(sizeof(HBaseCell) * row->ncells) : NULL;
	for (i = 0; i < row->ncells; i++)
	{
		r->cells[i] = row->cells[i];
		r->cells[i].column = hbase_memdup(row->cells[i].column, row->cells[i].collen);
		r->cells[i].value = hbase_memdup(row->cells[i].value, row->cells[i].vallen);
	}
	MemoryContextSwitchTo(old);
	if (ms->deleting || ms->checking)
		ms->buffered_ts[ms->nbuffered] = read_ts;
	ms->nseen++;
	if (++ms->nbuffered == (ms->deleting || ms->checking ? ms->write_concurrency :
							ms->table->batch_size * ms->write_concurrency))
		flush_buffered(ms);
}

/* is a write of this key buffered, or in the round under way? */
static bool
key_pending(HBaseModifyState *ms, const HBaseRow *row)
{
	int			i,
				j;

	for (i = 0; i < ms->nbuffered; i++)
		if (ms->buffered[i].keylen == row->keylen &&
			memcmp(ms->buffered[i].key, row->key, row->keylen) == 0)
			return true;
	for (i = 0; i < ms->nwave; i++)
		for (j = 0; j < ms->wave[i].nrows; j++)
			if (ms->wave[i].rows[j].keylen == row->keylen &&
				memcmp(ms->wave[i].rows[j].key, row->key, row->keylen) == 0)
				return true;
	return false;
}

/*
 * A row an UPDATE whose SET reads the row writes by a check-and-put
 * (begin_pipe_rows' checking): buffered with the cell it compares and the
 * value read (expect, NULL: read NULL) until write_concurrency rows are
 * there, sent at once (put_rows_alone).  A key buffered or under way
 * already (a statement changes a row once, so this is a guard) first sends
 * and answers what is buffered: the later write goes after the earlier is
 * answered, as one at a time.
 */
static void
buffer_check(HBaseModifyState *ms, const HBaseRow *row, HBaseColumn *col, const char *expect,
			 int expectlen, int64 read_ts)
{
	CheckOf    *c;

	if (key_pending(ms, row))
	{
		flush_buffered(ms);
		finish_wave(ms);
	}
	c = &ms->buffered_chk[ms->nbuffered];
	c->col = col;
	c->expect = expect ?
		MemoryContextAlloc(ms->pipecxt[ms->pipecur], Max(expectlen, 1)) : NULL;
	if (expect)
		memcpy(c->expect, expect, expectlen);
	c->expectlen = expectlen;
	buffer_row(ms, row, read_ts);
}

/* DELETE of one row, now: an error names the rows of the statement that stand */
static void
delete_row(HBaseModifyState *ms, HBaseRow *row, int64 read_ts)
{
	ErrorContextCallback cb;
	HBaseResult res;

	hbase_push_written_context(&ms->written, &cb);
	res = hbase_rest_delete(ms->conn, ms->table, row->key, row->keylen, NULL, read_ts,
							"a DELETE of a row");
	if (res.outcome != HBASE_DONE)
		hbase_rest_report(&res, ms->table, "a DELETE of a row");
	error_context_stack = cb.previous;
	hbase_written_add(&ms->written, row->key, row->keylen);
}

/*
 * Rows of a bulk write encoded in ms->pipecxt[ms->pipecur], sent by
 * put_batches with their last wave left under way, where the connection
 * allows (one wave under way per connection); the next rows then go into
 * the other context, this one's wave being finished (and its context
 * reset) before they are sent.  Without a wave left (last: no rows come
 * after these), the context is reset at once.
 */
static void
put_rows_pipelined(HBaseModifyState *ms, HBaseRow *rows, int nrows, long first, bool last)
{
	MemoryContext cxt = ms->pipecxt[ms->pipecur];
	MemoryContext old = MemoryContextSwitchTo(cxt);

	finish_wave(ms);
	put_batches(ms, rows, nrows, first, !last && hbase_request_writes_can_leave(ms->conn));
	MemoryContextSwitchTo(old);
	if (ms->puts)
		ms->pipecur = 1 - ms->pipecur;
	else
		MemoryContextReset(cxt);
}

/*
 * INSERT ... ON CONFLICT DO NOTHING of one row: a check-and-put on the
 * table's existence cell (existence_cell), which must be absent.  HBase
 * does the check and the write atomically, so of concurrent inserts of one
 * key exactly one writes.  Returns false when the key exists (nothing
 * written).  The row must carry that cell, with a value: a row without it
 * would not be seen as existing by the next insert.
 */
static void
check_exists_value(HBaseModifyState *ms, HBaseRow *row)
{
	HBaseColumn *col = ms->exists_col;
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
}

static bool
put_row_if_absent(HBaseModifyState *ms, HBaseRow *row)
{
	HBaseColumn *col = ms->exists_col;
	ErrorContextCallback cb;
	HBaseResult res;

	check_exists_value(ms, row);
	hbase_push_written_context(&ms->written, &cb);
	res = hbase_rest_check_and_put(ms->conn, ms->table, row, col->colspec, col->speclen,
								   NULL, 0, "a check-and-put of a row (ON CONFLICT DO NOTHING)");
	if (res.outcome != HBASE_DONE && res.outcome != HBASE_CHECK_FAILED)
		hbase_rest_report(&res, ms->table, "a check-and-put of a row (ON CONFLICT DO NOTHING)");
	error_context_stack = cb.previous;
	if (res.outcome == HBASE_CHECK_FAILED)
		return false;
	hbase_written_add(&ms->written, row->key, row->keylen);
	return true;
}

/* the other check-and-puts of a round that failed, in an error about one of them */
static void
others_context(void *arg)
{
	errcontext("%s", (const char *) arg);
}

/*
 * One round of ON CONFLICT DO NOTHING's check-and-puts (rows of distinct
 * keys), sent at once and all answered before any is judged: the rows
 * written count first (inserted[i]); a check that found the key leaves its
 * row out; one that surely never reached a gateway goes again alone
 * (put_row_if_absent); any other failure is reported, naming its row, with
 * the others that failed in a context line.
 */
static void
round_if_absent(HBaseModifyState *ms, HBaseRow *rows, int n, long first, bool *inserted)
{
	HBaseColumn *col = ms->exists_col;
	HBaseRow   *rp[HBASE_MAX_CONCURRENCY];
	HBaseCheck	checks[HBASE_MAX_CONCURRENCY];
	HBaseResult res[HBASE_MAX_CONCURRENCY];
	const char *what = "a check-and-put of a row (ON CONFLICT DO NOTHING)";
	ErrorContextCallback cb;
	ErrorContextCallback ocb;
	StringInfoData others;
	bool		interrupted;
	int			i;

	for (i = 0; i < n; i++)
	{
		rp[i] = &rows[i];
		checks[i].col = col->colspec;
		checks[i].collen = col->speclen;
		checks[i].expected = NULL;	/* absent */
		checks[i].expectedlen = 0;
	}
	hbase_push_written_context(&ms->written, &cb);
	hbase_rest_put_finish(hbase_rest_check_and_put_start(ms->conn, ms->table, rp, checks, n, what,
														 false),
						  res, &interrupted);
	initStringInfo(&others);
	for (i = 0; i < n; i++)
	{
		inserted[i] = res[i].outcome == HBASE_DONE;
		if (inserted[i])
			hbase_written_add(&ms->written, rows[i].key, rows[i].keylen);
		else if (res[i].outcome != HBASE_CHECK_FAILED && res[i].outcome != HBASE_UNAVAILABLE)
			appendStringInfo(&others, "%srow %ld (key \"%s\", %s)", others.len ? "; " : "",
							 first + i, hbase_printable_key(rows[i].key, rows[i].keylen),
							 res[i].status == 0 ? "no answer" : psprintf("HTTP %ld", res[i].status));
	}
	if (interrupted)
	{
		CHECK_FOR_INTERRUPTS();
		ereport(ERROR,
				(errcode(ERRCODE_QUERY_CANCELED),
				 errmsg("canceling the check-and-puts of foreign table %s", ms->table->relname)));
	}
	ocb.callback = others_context;
	ocb.arg = psprintf("check-and-puts of foreign table %s sent at the same time that may have been written or not: %s",
					   ms->table->relname, others.data);
	ocb.previous = error_context_stack;
	for (i = 0; i < n; i++)
	{
		char	   *row = psprintf("row %ld of the statement (key \"%s\")", first + i,
								   hbase_printable_key(rows[i].key, rows[i].keylen));

		if (res[i].outcome == HBASE_DONE || res[i].outcome == HBASE_CHECK_FAILED)
			continue;
		if (res[i].outcome == HBASE_UNAVAILABLE)
		{
			inserted[i] = put_row_if_absent(ms, &rows[i]);
			continue;
		}
		if (others.len > 0)
			error_context_stack = &ocb;
		if (res[i].status == 0)
			ereport(ERROR,
					(errcode(ERRCODE_TRANSACTION_RESOLUTION_UNKNOWN),
					 errmsg("HBase REST gateway gave no answer to a check-and-put of a row (ON CONFLICT DO NOTHING) for foreign table %s: whether it was written is unknown",
							ms->table->relname),
					 errdetail("The check-and-put of %s, one of %d sent at the same time, may have been written to HBase table \"%s\" or not, or may still be; it was not sent again. %s",
							   row, n, ms->table->hbase_table, hbase_written_detail(&ms->written)),
					 errhint("Read the rows back to see what was written; a write of the same values may be sent again.")));
		hbase_rest_report(&res[i], ms->table,
						  psprintf("a check-and-put of %s (ON CONFLICT DO NOTHING), one of %d sent at the same time",
								   row, n));
	}
	error_context_stack = cb.previous;
}

/*
 * INSERT ... ON CONFLICT DO NOTHING of a batch (a call of
 * ExecForeignBatchInsert: write_concurrency rows), every row checked
 * first, then check-and-puts write_concurrency at once (round_if_absent): a
 * key that an earlier row of the round holds starts the next round, so of
 * two rows of one key the first is written and the second finds it, as one
 * at a time.  inserted[i]: row i was written.  A call's rounds are all
 * answered before it returns, never left under way into the next call:
 * PostgreSQL 15's ExecBatchInsert adds the count returned to the
 * statement's and checks a view's WITH CHECK OPTION on the slots returned
 * as soon as the call returns, and after a last call that was full no
 * callback comes before it reads the statement's count.
 */
static void
put_rows_if_absent(HBaseModifyState *ms, HBaseRow *rows, int nrows, long first, bool *inserted)
{
	int			wc = Min(ms->write_concurrency, HBASE_MAX_CONCURRENCY);
	int			start = 0;
	int			i;

	for (i = 0; i < nrows; i++)
		check_exists_value(ms, &rows[i]);
	while (start < nrows)
	{
		int			n = 1;
		bool		repeated = false;

		while (start + n < nrows && n < wc && !repeated)
		{
			HBaseRow   *r = &rows[start + n];

			for (i = start; i < start + n && !repeated; i++)
				repeated = rows[i].keylen == r->keylen &&
					memcmp(rows[i].key, r->key, r->keylen) == 0;
			if (!repeated)
				n++;
		}
		if (n == 1)
			inserted[start] = put_row_if_absent(ms, &rows[start]);
		else
			round_if_absent(ms, rows + start, n, first + start, inserted + start);
		start += n;
	}
}

/* the buffered rows of a COPY in one PUT */
static void
flush_buffered(HBaseModifyState *ms)
{
	MemoryContext old;

	if (ms->nbuffered == 0)
		return;
	if (ms->pipeline)
	{
		/* the rows' array too is the wave's while it is under way */
		int			n = ms->nbuffered;
		HBaseRow   *rows = MemoryContextAlloc(ms->pipecxt[ms->pipecur], sizeof(HBaseRow) * n);

		memcpy(rows, ms->buffered, sizeof(HBaseRow) * n);
		if (ms->deleting || ms->checking)
		{
			ms->rows_ts = MemoryContextAlloc(ms->pipecxt[ms->pipecur], sizeof(int64) * n);
			memcpy(ms->rows_ts, ms->buffered_ts, sizeof(int64) * n);
		}
		if (ms->checking)
		{
			ms->rows_chk = MemoryContextAlloc(ms->pipecxt[ms->pipecur], sizeof(CheckOf) * n);
			memcpy(ms->rows_chk, ms->buffered_chk, sizeof(CheckOf) * n);
		}
		ms->nbuffered = 0;
		put_rows_pipelined(ms, rows, n, ms->nseen - n + 1, false);
		return;
	}
	old = MemoryContextSwitchTo(ms->bufcxt);
	put_batches(ms, ms->buffered, ms->nbuffered, ms->nseen - ms->nbuffered + 1, false);
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

		old = MemoryContextSwitchTo(ms->pipeline ? ms->pipecxt[ms->pipecur] : ms->bufcxt);
		encode_row(ms, slot, r, (int) ++ms->nseen);
		/* the slot's next row reuses its memory: own every byte */
		r->key = hbase_memdup(r->key, r->keylen);
		for (i = 0; i < r->ncells; i++)
			r->cells[i].value = hbase_memdup(r->cells[i].value, r->cells[i].vallen);
		MemoryContextSwitchTo(old);
		if (++ms->nbuffered == ms->table->batch_size * ms->write_concurrency)
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
	MemoryContext old = MemoryContextSwitchTo(ms->pipeline ? ms->pipecxt[ms->pipecur] : ms->rowcxt);
	HBaseRow   *rows = palloc(sizeof(HBaseRow) * Max(*numSlots, 1));
	int			i;

	/*
	 * every row of the batches encoded and checked before anything is sent;
	 * PostgreSQL hands over write_concurrency batches at once
	 * (hbaseGetForeignModifyBatchSize)
	 */
	for (i = 0; i < *numSlots; i++)
		encode_row(ms, slots[i], &rows[i], i + 1);
	ms->nseen += *numSlots;
	if (ms->do_nothing)
	{
		/* the rows written, in an array of our own: slots is PostgreSQL's */
		bool	   *written = palloc(sizeof(bool) * Max(*numSlots, 1));
		int			kept = 0;

		put_rows_if_absent(ms, rows, *numSlots, ms->nseen - *numSlots + 1, written);
		for (i = 0; i < *numSlots; i++)
			if (written[i])
				ms->inserted[kept++] = slots[i];
		*numSlots = kept;
		MemoryContextReset(MemoryContextSwitchTo(old));
		return ms->inserted;
	}
	if (ms->pipeline)
	{
		MemoryContextSwitchTo(old);

		/*
		 * fewer rows than a full call: PostgreSQL's last call, once the rows
		 * ran out (ExecPendingInserts), all written before the node ends
		 */
		put_rows_pipelined(ms, rows, *numSlots, ms->nseen - *numSlots + 1,
						   *numSlots < ms->table->batch_size * ms->write_concurrency);
		return slots;
	}
	put_batches(ms, rows, *numSlots, ms->nseen - *numSlots + 1, false);
	MemoryContextSwitchTo(old);
	MemoryContextReset(ms->rowcxt);
	return slots;
}

static int
hbaseGetForeignModifyBatchSize(ResultRelInfo *rinfo)
{
	HBaseModifyState *ms = rinfo->ri_FdwState;
	HBaseTable *t;

	/*
	 * RETURNING and row triggers need the rows one at a time; ON CONFLICT DO
	 * NOTHING goes write_concurrency rows a call, their check-and-puts at
	 * once (put_rows_if_absent), which tells PostgreSQL the rows written
	 */
	if (rinfo->ri_projectReturning || (rinfo->ri_TrigDesc &&
									   (rinfo->ri_TrigDesc->trig_insert_after_row ||
										rinfo->ri_TrigDesc->trig_insert_before_row)))
		return 1;
	if (ms && ms->do_nothing)
	{
		int			n = Min(ms->write_concurrency, HBASE_MAX_CONCURRENCY);

		if (n > 1 && ms->inserted == NULL)
			ms->inserted = MemoryContextAlloc(GetMemoryChunkContext(ms),
											  sizeof(TupleTableSlot *) * n);
		return n;
	}
	if (ms)
		return ms->table->batch_size * ms->write_concurrency;
	t = hbase_get_table(RelationGetRelid(rinfo->ri_RelationDesc));
	return t->batch_size * write_batches(t);
}

/*
 * The scan of an UPDATE's or DELETE's result relation ended: an UPDATE
 * whose SET may be computed again (a row changed under it, then no longer
 * matching, is not counted) has its rounds of check-and-puts answered and
 * judged now, while PostgreSQL runs the statement: it reads the count once
 * the plan has run, before EndForeignModify.  Nothing else: a join's inner
 * scan ends once per outer row.
 */
void
hbase_modify_scan_ended(ResultRelInfo *rinfo)
{
	HBaseModifyState *ms = rinfo->ri_FdwState;

	if (ms == NULL || !ms->checking || ms->set_attnos == NIL)
		return;
	flush_buffered(ms);
	finish_wave(ms);
}

static void
hbaseEndForeignModify(EState *estate, ResultRelInfo *rinfo)
{
	HBaseModifyState *ms = rinfo->ri_FdwState;

	if (ms && ms->pipe_rows)
		flush_buffered(ms);
	if (ms)
		finish_wave(ms);
	if (ms)
		release_written_context(ms);
}

/* the end of a COPY (or of routing rows to a partition): the last rows go */
static void
hbaseEndForeignInsert(EState *estate, ResultRelInfo *rinfo)
{
	HBaseModifyState *ms = rinfo->ri_FdwState;

	if (ms && ms->buffer_copy)
		flush_buffered(ms);
	if (ms)
		finish_wave(ms);
	if (ms)
		release_written_context(ms);
}

void
hbase_modify_routines(FdwRoutine *routine)
{
	routine->IsForeignRelUpdatable = hbaseIsForeignRelUpdatable;
	routine->BeginForeignModify = hbaseBeginForeignModify;
	routine->ExecForeignInsert = hbaseExecForeignInsert;
	routine->ExecForeignBatchInsert = hbaseExecForeignBatchInsert;
	routine->GetForeignModifyBatchSize = hbaseGetForeignModifyBatchSize;
	routine->EndForeignModify = hbaseEndForeignModify;
	routine->ExecForeignUpdate = hbaseExecForeignUpdate;
	routine->ExecForeignDelete = hbaseExecForeignDelete;
	routine->BeginForeignInsert = hbaseBeginForeignInsert;
	routine->EndForeignInsert = hbaseEndForeignInsert;
	routine->ExecForeignTruncate = hbaseExecForeignTruncate;
}
