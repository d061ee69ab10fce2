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
} HBaseModifyState;

static int
hbaseIsForeignRelUpdatable(Relation rel)
{
	/* UPDATE and DELETE come with a later issue */
	return (1 << CMD_INSERT);
}

static List *
hbasePlanForeignModify(PlannerInfo *root, ModifyTable *plan, Index resultRelation,
					   int subplan_index)
{
	CmdType		operation = plan->operation;

	if (operation != CMD_INSERT)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("hbase_fdw supports INSERT and COPY only, not UPDATE or DELETE yet")));
	return NIL;
}

static HBaseModifyState *
begin_modify(ResultRelInfo *rinfo, EState *estate)
{
	Relation	rel = rinfo->ri_RelationDesc;
	HBaseModifyState *ms = palloc0(sizeof(HBaseModifyState));
	RangeTblEntry *rte = exec_rt_fetch(rinfo->ri_RangeTableIndex, estate);
	Oid			userid = OidIsValid(rte->checkAsUser) ? rte->checkAsUser : GetUserId();

	ms->table = hbase_get_table(RelationGetRelid(rel));
	ms->conn = hbase_get_connection(GetForeignTable(ms->table->relid)->serverid, userid);
	ms->rowcxt = AllocSetContextCreate(estate->es_query_cxt, "hbase_fdw insert batch",
									   ALLOCSET_DEFAULT_SIZES);
	rinfo->ri_FdwState = ms;
	return ms;
}

static void
hbaseBeginForeignModify(ModifyTableState *mtstate, ResultRelInfo *rinfo, List *fdw_private,
						int subplan_index, int eflags)
{
	if (eflags & EXEC_FLAG_EXPLAIN_ONLY)
		return;
	begin_modify(rinfo, mtstate->ps.state);
}

static void
hbaseBeginForeignInsert(ModifyTableState *mtstate, ResultRelInfo *rinfo)
{
	begin_modify(rinfo, mtstate->ps.state);
}

/* one slot as an HBase row (in the current memory context) */
static void
encode_row(HBaseModifyState *ms, TupleTableSlot *slot, HBaseRow *row, int rowno)
{
	HBaseTable *t = ms->table;
	List	   *cells = NIL;
	ListCell   *lc;
	bytea	   *key = NULL;
	int			i;

	slot_getallattrs(slot);
	for (i = 0; i < t->natts; i++)
	{
		HBaseColumn *col = &t->columns[i];
		HBaseCell  *c;

		if (col->dropped || slot->tts_isnull[i])
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
		if (col->colspec == NULL || strchr(col->colspec, ':') == NULL)
			continue;			/* a key part without a cell mapping */
		c = palloc0(sizeof(HBaseCell));
		c->column = col->colspec;
		c->collen = strlen(col->colspec);
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
		row->cells[i++] = *(HBaseCell *) lfirst(lc);
}

/* one PUT of the rows: all encoded already, so nothing is half-written by our side */
static void
put_rows(HBaseModifyState *ms, HBaseRow *rows, int nrows)
{
	char	   *body = hbase_json_cellset(rows, nrows);
	char	   *path = psprintf("/%s/%s", hbase_escape(ms->conn, ms->table->hbase_table,
													   strlen(ms->table->hbase_table)),
								"hbase_fdw_batch");
	HBaseResponse *resp;

	resp = hbase_request(ms->conn, "PUT", path, body, strlen(body), "a PUT of rows");
	if (resp->status != 200)
	{
		/* HBase writes row by row: some rows of the batch may stand */
		hbase_report_status(resp, ms->table, psprintf("a PUT of %d rows (HBase writes each row atomically, "
													  "not the batch: some of them may have been written)",
													  nrows));
	}
	ms->nwritten += nrows;
}

static TupleTableSlot *
hbaseExecForeignInsert(EState *estate, ResultRelInfo *rinfo, TupleTableSlot *slot,
					   TupleTableSlot *planSlot)
{
	HBaseModifyState *ms = rinfo->ri_FdwState;
	MemoryContext old = MemoryContextSwitchTo(ms->rowcxt);
	HBaseRow	row;

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
	routine->BeginForeignInsert = hbaseBeginForeignInsert;
	routine->EndForeignInsert = hbaseEndForeignModify;
}
