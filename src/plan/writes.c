/*
 * writes.c: planning INSERT, UPDATE and DELETE (hbase_fdw.c's
 * AddForeignUpdateTargets, PlanForeignModify and PlanDirectModify call
 * here): the row identity and old values an UPDATE or DELETE carries, what
 * a row-by-row write's execution needs (exec/modify.c) and what it refuses
 * at planning, and whether HBase does an UPDATE or DELETE itself, by which
 * operation (exec/direct.c runs it).  The rule of an UPDATE that reads the
 * row (a check-and-put needs a cell with a qualifier) is here too: both
 * planning and execution apply it.  Never talks to HBase.
 */
#include "postgres.h"

#include "access/sysattr.h"
#include "catalog/pg_type.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "optimizer/appendinfo.h"
#include "optimizer/clauses.h"
#include "optimizer/inherit.h"
#include "optimizer/optimizer.h"
#include "optimizer/pathnode.h"
#include "optimizer/planmain.h"
#include "parser/parsetree.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
#include "utils/rel.h"

#include "plan_int.h"

/* ---------------- row by row (exec/modify.c runs it) ---------------- */

/*
 * UPDATE and DELETE write to the exact key the scan read: the row identity
 * travels as one junk column, "hbase_rowid" (a bytea: the newest cell stamp
 * read, then the key; hbase_rowid_datum), as postgres_fdw carries the remote
 * ctid.  Never a key computed again from decoded key columns: a row read
 * under rowkey_extra 'ignore', a random salt or a key spelt other than our
 * encoding ("7" for lpad(n, 3)) would be written under another key.  The
 * Var is ctid's attribute number typed bytea: the scan of a result relation
 * makes it a column of its scan tuple (fdw_scan_tlist, GetForeignPlan), and
 * a user's own ctid, which an HBase row has none of, is refused at planning
 * (hbase_refuse_system_columns).
 */
void
hbase_plan_update_targets(PlannerInfo *root, Index rtindex, RangeTblEntry *target_rte,
						  Relation target_relation)
{
	HBaseTable *t = hbase_get_table(RelationGetRelid(target_relation));
	int			i;

	add_row_identity_var(root, makeVar(rtindex, SelfItemPointerAttributeNumber, BYTEAOID, -1,
									   InvalidOid, 0),
						 rtindex, "hbase_rowid");

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
						  TupleDescAttr(RelationGetDescr(target_relation), attno - 1)->attcollation,
						  0);
			add_row_identity_var(root, var, rtindex, psprintf("hbase_old_%d", attno));
		}
	}

	/*
	 * DELETE ... RETURNING: the row deleted, which RETURNING reads from the
	 * slot ExecForeignDelete fills (HBase's DELETE answers nothing), so every
	 * column of it travels, as UPDATE's old row does in "wholerow".
	 */
	if (root->parse->commandType == CMD_DELETE && root->parse->returningList != NIL)
	{
		for (i = 0; i < t->natts; i++)
		{
			HBaseColumn *col = &t->columns[i];
			Var		   *var;

			if (col->dropped)
				continue;
			var = makeVar(rtindex, col->attnum, col->atttypid, col->atttypmod,
						  TupleDescAttr(RelationGetDescr(target_relation), i)->attcollation, 0);
			add_row_identity_var(root, var, rtindex, psprintf("hbase_old_%d", col->attnum));
		}
	}
}

/* does the expression hold a WHERE CURRENT OF? */
static bool
contain_current_of_walker(Node *node, void *context)
{
	if (node == NULL)
		return false;
	if (IsA(node, CurrentOfExpr))
		return true;
	return expression_tree_walker(node, contain_current_of_walker, context);
}

/*
 * Can an UPDATE be applied again to a row that changed under it, as
 * PostgreSQL's EvalPlanQual does under READ COMMITTED: its row read again by
 * its key, its conditions checked again on it, its SET computed again?  Only
 * when the SET and the conditions read the row alone, and nothing but it: a
 * statement of one relation (UPDATE ... FROM, a join, would need the other
 * rows too), no subplan (evaluated here without its plan node), no system
 * column (a row read from HBase has none).
 */
static bool
can_apply_again(PlannerInfo *root, Index relid, List *exprs)
{
	List	   *vars;
	ListCell   *lc;

	if (bms_membership(root->all_baserels) != BMS_SINGLETON ||
		contain_subplans((Node *) exprs))
		return false;
	vars = pull_var_clause((Node *) exprs, PVC_INCLUDE_AGGREGATES |
						   PVC_INCLUDE_WINDOWFUNCS | PVC_INCLUDE_PLACEHOLDERS);
	foreach(lc, vars)
	{
		Var		   *var = lfirst(lc);

		if (!IsA(var, Var) || var->varno != (int) relid || var->varlevelsup != 0 ||
			var->varattno < 0)
			return false;
	}
	return true;
}

/*
 * Decides, for an INSERT, UPDATE or DELETE that direct.c did not take, what
 * execution needs (fdw_private: the columns an UPDATE sets, whether its SET
 * reads the row and so writes by a check-and-put, the ON CONFLICT action),
 * and refuses what cannot be done exactly: an UPDATE or DELETE of a table of
 * versions, ON CONFLICT DO UPDATE.
 */
List *
hbase_plan_modify(PlannerInfo *root, ModifyTable *plan, Index resultRelation,
				  int subplan_index)
{
	CmdType		operation = plan->operation;
	List	   *updated = NIL;
	bool		check = false;
	bool		once = false;
	List	   *set_attnos = NIL;
	List	   *set_exprs = NIL;
	List	   *recheck_quals = NIL;

	if (operation == CMD_UPDATE || operation == CMD_DELETE)
	{
		RangeTblEntry *rte = planner_rt_fetch(resultRelation, root);
		HBaseTable *t = hbase_get_table(rte->relid);

		/*
		 * PostgreSQL finds a cursor's current row by its ctid; an HBase row
		 * has none, and the executor would fail on the first row read (an
		 * empty table would say UPDATE 0).  Said at once, with the way out.
		 */
		if (contain_current_of_walker((Node *) root->parse->jointree->quals, NULL))
			ereport(ERROR,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
					 errmsg("cannot %s foreign table %s WHERE CURRENT OF a cursor",
							operation == CMD_UPDATE ? "update" : "delete from", t->relname),
					 errdetail("An HBase row has no position (ctid) that a cursor could point at."),
					 errhint("Name the row by its key: the key columns' values the cursor fetched.")));

		/*
		 * With FROM or USING, a join may hand ModifyTable one row several
		 * times (once per matching row of the others).  PostgreSQL changes a
		 * row once per statement and ignores the later matches; so do we, by
		 * the keys of the rows changed (ExecForeignUpdate,
		 * ExecForeignDelete). A scan of the table alone yields each key once:
		 * no set kept.
		 */
		once = bms_membership(root->all_baserels) == BMS_MULTIPLE;

		/*
		 * A row of a table of versions is one version of its cells: HBase has
		 * no way to change or drop one version of a row's every cell that
		 * would not touch the others (a Delete of a column's version needs
		 * each timestamp, a Put adds one).  Not guessed at.
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
		 * A SET that reads the row (n = n + 1) writes with a check-and-put on
		 * a value read: a concurrent write in between is not lost.  A SET of
		 * constants writes blindly, as a plain UPDATE in PostgreSQL would,
		 * last writer wins.
		 */
		{
			List	   *tlist = NIL;
			List	   *attrs = NIL;
			List	   *quals = NIL;
			ListCell   *lc;

			/*
			 * the SET expressions; the row identity's junk Vars come after
			 * them
			 */
			get_translated_update_targetlist(root, resultRelation, &tlist, &attrs);
			foreach(lc, tlist)
				if (!((TargetEntry *) lfirst(lc))->resjunk &&
					contain_var_clause((Node *) ((TargetEntry *) lfirst(lc))->expr))
				check = true;
			if (check)
			{
				HBaseTable *t = hbase_get_table(planner_rt_fetch(resultRelation, root)->relid);

				if (t->versions == 0)
					hbase_check_settable(t, updated);
			}
			/* the SET's expressions, not the junk row identity (its ctid) */
			foreach(lc, tlist)
				if (!((TargetEntry *) lfirst(lc))->resjunk)
				set_exprs = lappend(set_exprs, ((TargetEntry *) lfirst(lc))->expr);
			foreach(lc, rel->baserestrictinfo)
				quals = lappend(quals, ((RestrictInfo *) lfirst(lc))->clause);
			if (check && list_length(attrs) == list_length(updated) &&
				can_apply_again(root, resultRelation, list_make2(set_exprs, quals)))
			{
				set_attnos = attrs;
				recheck_quals = quals;
			}
			else
				set_exprs = NIL;
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
	/* must match enum ModifyPrivateIndex */
	return lappend(list_make5(updated, makeInteger(check), makeInteger(plan->onConflictAction),
							  set_attnos, list_make2(set_exprs, recheck_quals)),
				   makeInteger(once));
}

/*
 * Can a check-and-put compare this cell?  The REST gateway takes the column
 * to check from the cells sent and refuses one without a qualifier ("Column
 * incorrectly specified", HTTP 400), as for existence_cell.  For every
 * UPDATE by check-and-put (here and direct.c).
 */
bool
hbase_cell_checkable(HBaseColumn *col)
{
	return col->colspec != NULL && col->speclen > col->famlen + 1;
}

/*
 * An UPDATE whose SET reads the row but writes only cells without a
 * qualifier (cols: HBaseColumn *): no check-and-put can guard it, and a
 * blind write could lose a concurrent one.  Refused before anything of the
 * row is written.
 */
void
hbase_refuse_unchecked(HBaseTable *t, List *cols)
{
	HBaseColumn *col = linitial(cols);

	ereport(ERROR,
			(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
			 errmsg("cannot update column \"%s\" of foreign table %s from the row's values: it maps a cell without a qualifier (%s)",
					col->attname, t->relname, col->colspec),
			 errdetail("An UPDATE whose SET reads the row writes by an HBase check-and-put that compares one written cell with the value read; the REST gateway compares only cells with a qualifier, and this UPDATE writes none."),
			 errhint("Set a column mapped to a cell with a qualifier in the same statement, or set this one to a value that does not read the row (written without a check).")));
}

/*
 * At planning: an UPDATE whose SET reads the row and sets no column the
 * gateway can compare (attnums) is refused before any row is read.  (One
 * that sets some only to NULL is refused at that row: hbase_refuse_unchecked.)
 */
void
hbase_check_settable(HBaseTable *t, List *attnums)
{
	List	   *cols = NIL;
	ListCell   *lc;

	foreach(lc, attnums)
	{
		HBaseColumn *col = &t->columns[lfirst_int(lc) - 1];

		if (col->kind != HBASE_COL_CELL)
			continue;
		if (hbase_cell_checkable(col))
			return;
		cols = lappend(cols, col);
	}
	if (cols != NIL)
		hbase_refuse_unchecked(t, cols);
}

/* ---------------- direct (exec/direct.c runs it) ---------------- */

/* ---------------- planning ---------------- */

/*
 * The ForeignScan of the result relation: the ModifyTable's child, or the
 * subplan_index'th child of an Append below it (as postgres_fdw finds it).
 */
static ForeignScan *
find_modify_subplan(PlannerInfo *root, ModifyTable *plan, Index rtindex, int subplan_index)
{
	Plan	   *subplan = outerPlan(plan);

	if (subplan == NULL)
		return NULL;
	if (IsA(subplan, Append))
	{
		Append	   *ap = (Append *) subplan;

		if (subplan_index < list_length(ap->appendplans))
			subplan = list_nth(ap->appendplans, subplan_index);
	}
	if (IsA(subplan, ForeignScan) && ((ForeignScan *) subplan)->scan.scanrelid == rtindex)
		return (ForeignScan *) subplan;
	return NULL;
}

/* only Vars of the result relation's own columns, at this query level */
static bool
own_vars_walker(Node *node, Index *relid)
{
	if (node == NULL)
		return false;
	if (IsA(node, Var))
	{
		Var		   *v = (Var *) node;

		return v->varno != (int) *relid || v->varlevelsup != 0 || v->varattno <= 0;
	}
	if (IsA(node, PlaceHolderVar) || IsA(node, Aggref) || IsA(node, GroupingFunc) ||
		IsA(node, WindowFunc) || IsA(node, SubLink) || IsA(node, SubPlan))
		return true;
	return expression_tree_walker(node, own_vars_walker, relid);
}

static bool
is_column(Node *n, Index relid, AttrNumber attno)
{
	return n && IsA(n, Var) && ((Var *) n)->varno == (int) relid &&
		((Var *) n)->varattno == attno && ((Var *) n)->varlevelsup == 0;
}

/*
 * Is e "column + delta", "delta + column" or "column - delta" on a bigint,
 * the delta an integer that reads no column?  Then +1 or -1, *delta set.
 */
static int
increment_of(Expr *e, Index relid, AttrNumber attno, Expr **delta)
{
	OpExpr	   *op;
	Node	   *l,
			   *r;
	Node	   *d = NULL;
	int			sign = 0;

	if (!IsA(e, OpExpr) || list_length(((OpExpr *) e)->args) != 2)
		return 0;
	op = (OpExpr *) e;
	l = linitial(op->args);
	r = lsecond(op->args);
	switch (get_opcode(op->opno))
	{
		case F_INT8PL:
			if (is_column(l, relid, attno))
				d = r, sign = 1;
			else if (is_column(r, relid, attno))
				d = l, sign = 1;
			break;
		case F_INT84PL:
		case F_INT82PL:
			if (is_column(l, relid, attno))
				d = r, sign = 1;
			break;
		case F_INT48PL:
		case F_INT28PL:
			if (is_column(r, relid, attno))
				d = l, sign = 1;
			break;
		case F_INT8MI:
		case F_INT84MI:
		case F_INT82MI:
			if (is_column(l, relid, attno))
				d = r, sign = -1;
			break;
		default:
			break;
	}
	if (sign == 0 || contain_var_clause(d))
		return 0;
	*delta = (Expr *) d;
	return sign;
}

/*
 * Can HBase do this UPDATE or DELETE without the executor fetching rows?
 * Yes when every condition is a key condition leading to a Get or multiget
 * and every SET column maps one cell.  Which operation writes is decided
 * here (see exec/direct.c's header).
 */
bool
hbase_plan_direct_modify(PlannerInfo *root, ModifyTable *plan, Index resultRelation,
						 int subplan_index)
{
	CmdType		op = plan->operation;
	RangeTblEntry *rte = planner_rt_fetch(resultRelation, root);
	ForeignScan *fscan;
	RelOptInfo *rel;
	HBaseTable *t;
	List	   *exprs = NIL;
	List	   *conds;
	HBaseKeyPlan *kp;
	List	   *tlist = NIL;
	List	   *targets = NIL;
	List	   *signs = NIL;
	List	   *full = NIL;
	List	   *deltas = NIL;
	int			nincr = 0,
				nread = 0,
				nconst = 0;
	DirectKind	kind;
	int			nkeyexprs;
	List	   *quals;
	ListCell   *lc,
			   *lc2;

	if (op != CMD_UPDATE && op != CMD_DELETE)
		return false;
	fscan = find_modify_subplan(root, plan, resultRelation, subplan_index);
	if (fscan == NULL)
		return false;
	t = hbase_get_table(rte->relid);

	/*
	 * tables of versions, Phoenix array elements and tables Phoenix indexes:
	 * the ordinary path says why not
	 */
	if (t->versions > 0 || t->phoenix_indexes || (op == CMD_UPDATE && hbase_table_has_elements(t)))
		return false;
	rel = find_base_rel(root, resultRelation);
	if (rel->baserestrictinfo == NIL)
		return false;

	/*
	 * every qual a key condition, as the scan's GetForeignRelSize classified
	 * them
	 */
	if (list_length(hbase_plan_quals(rel)->key) != list_length(rel->baserestrictinfo))
		return false;
	conds = hbase_key_conditions(t, resultRelation, rel->baserestrictinfo, false, &exprs, NULL);
	kp = hbase_keyplan_at_planning(t, conds, exprs);
	if (kp->kind != HBASE_OP_GET && kp->kind != HBASE_OP_MULTIGET && kp->kind != HBASE_OP_EMPTY)
		return false;
	quals = fscan->scan.plan.qual;
	if (contain_subplans((Node *) quals))
		return false;

	if (op == CMD_UPDATE)
	{
		get_translated_update_targetlist(root, resultRelation, &tlist, &targets);
		forboth(lc, tlist, lc2, targets)
		{
			TargetEntry *tle = lfirst(lc);
			AttrNumber	attno = lfirst_int(lc2);
			HBaseColumn *col;
			Expr	   *delta = NULL;
			int			sign;

			if (attno <= 0 || attno > t->natts)
				return false;
			col = &t->columns[attno - 1];
			if (col->dropped || col->kind != HBASE_COL_CELL || col->element > 0)
				return false;
			if (own_vars_walker((Node *) tle->expr, &resultRelation))
				return false;
			sign = (col->encoding == HBASE_ENC_BINARY && col->atttypid == INT8OID) ?
				increment_of(tle->expr, resultRelation, attno, &delta) : 0;
			signs = lappend_int(signs, sign);
			full = lappend(full, tle->expr);
			deltas = lappend(deltas, delta);
			if (sign != 0)
				nincr++;
			else if (contain_var_clause((Node *) tle->expr))
				nread++;
			else
				nconst++;
		}
	}
	/* a SET reading the row needs a cell the check-and-put can compare */
	if (nread > 0 || (nincr > 0 && nconst > 0) || (nincr > 0 && plan->returningLists != NIL))
		hbase_check_settable(t, targets);
	if (op == CMD_DELETE)
		kind = DIRECT_DELETE;
	else if (plan->returningLists == NIL && nread == 0 && nconst == 0)
		kind = DIRECT_INCREMENT;
	else if (plan->returningLists == NIL && nread == 0 && nincr == 0)
		kind = DIRECT_PUT;
	else
		kind = DIRECT_CAS;

	fscan->operation = op;
	fscan->resultRelation = resultRelation;
	fscan->scan.plan.qual = NIL;	/* evaluated by us on each row read */

	/*
	 * The scan's targetlist holds the SET expressions (the new values a
	 * row-by-row UPDATE would hand to ModifyTable), and the executor projects
	 * it over every row RETURNING gets from us: the SET would run a second
	 * time on the row just written (n + 7 overflowing after it was written,
	 * nextval taken twice).  We evaluate SET ourselves, once per row, and
	 * ModifyTable reads nothing of a direct modification's targetlist but its
	 * junk columns (tableoid, wholerow): the rest become NULLs.
	 */
	foreach(lc, fscan->scan.plan.targetlist)
	{
		TargetEntry *tle = lfirst(lc);

		if (!tle->resjunk ||
			is_column((Node *) tle->expr, resultRelation, SelfItemPointerAttributeNumber))
			tle->expr = (Expr *) makeNullConst(exprType((Node *) tle->expr),
											   exprTypmod((Node *) tle->expr),
											   exprCollation((Node *) tle->expr));
	}

	/*
	 * Nor the row identity of a row-by-row write (modify.c's "hbase_rowid",
	 * made NULL just above): we read and write the exact keys ourselves, so
	 * the scan tuple is the table's row again (GetForeignPlan's
	 * result_scan_tlist is for ModifyTable's writes).
	 */
	fscan->fdw_scan_tlist = NIL;
	nkeyexprs = list_length(exprs);
	fscan->fdw_exprs = list_concat(list_concat(list_copy(exprs), quals),
								   kind == DIRECT_INCREMENT ? list_concat(deltas, full) : full);
	fscan->fdw_private = list_make4(makeInteger(kind), hbase_key_conds_to_list(conds),
									targets, signs);
	fscan->fdw_private = lappend(fscan->fdw_private, makeInteger(nkeyexprs));
	fscan->fdw_private = lappend(fscan->fdw_private, makeInteger(list_length(quals)));
	fscan->fdw_private = lappend(fscan->fdw_private, makeInteger(plan->canSetTag));
	return true;
}
