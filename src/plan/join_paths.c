/*
 * join_paths.c: planning batched key joins (exec/join.c runs them): the
 * CustomPath offered through set_join_pathlist_hook when the inner side is
 * an HBase table whose whole key (or its leading part) the join clauses
 * give from the outer side, its cost by cost.c's model, and the CustomScan
 * (PlanCustomPath) whose custom_private and custom_exprs exec/join.c reads
 * (enum JoinScanPrivateIndex, JoinScanExprIndex in plan.h).  exec/join.c
 * hands its CustomScanMethods over at _PG_init (hbase_join_paths_init):
 * plan/ does not call exec/.  Never talks to HBase.
 */
#include "postgres.h"

#include <math.h>

#include "nodes/extensible.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "optimizer/cost.h"
#include "optimizer/optimizer.h"
#include "optimizer/pathnode.h"
#include "optimizer/paths.h"
#include "optimizer/restrictinfo.h"
#include "parser/parsetree.h"
#include "utils/lsyscache.h"
#include "utils/selfuncs.h"

#include "plan_int.h"
#include "rowkey.h"


static set_join_pathlist_hook_type prev_join_pathlist_hook = NULL;

/* hbase_fdw.c's GetForeignRelSize: a base relation with it is a foreign table of ours */
static GetForeignRelSize_function own_rel_size = NULL;

/* exec/join.c's: the CustomScan's methods (hbase_join_paths_init) */
static const CustomScanMethods *join_scan_methods = NULL;

/* GUCs hbase_fdw.enable_batched_join and join_batch_size (options.c defines them) */
bool		hbase_enable_batched_join = true;
int			hbase_join_batch_size = 1000;

/* keys one outer row may read (a float zero's two forms, salt buckets) */
#define JOIN_MAX_KEYS_PER_ROW	100

/*
 * What the CustomPath carries in custom_private; must match
 * add_join_path.
 */
enum JoinPathPrivateIndex
{
	JoinPathInnerRelid,			/* the HBase table's range table index */
	JoinPathJoinType,
	JoinPathSingleMatch,		/* one match per outer row is enough */
	JoinPathJoinQuals,			/* RestrictInfos deciding a match */
	JoinPathOtherQuals,			/* RestrictInfos filtering the result */
	JoinPathShape,				/* as JoinScanShape */
	JoinPathIndex,				/* as JoinScanIndex */
	JoinPathCovered				/* as JoinScanCovered */
};

static Plan *plan_join(PlannerInfo *root, RelOptInfo *rel, CustomPath *best_path,
					   List *tlist, List *clauses, List *custom_plans);

static const CustomPathMethods join_path_methods = {
	.CustomName = "HBase Batched Join",
	.PlanCustomPath = plan_join,
};

/* ---------------- planning ---------------- */

/*
 * Are all of a target's expressions plain Vars of user columns, or the
 * whole row of relation wholerow (the inner table's, built from its
 * columns: count(i.*))?
 */
static bool
plain_vars(PathTarget *target, Index wholerow)
{
	ListCell   *lc;

	foreach(lc, target->exprs)
	{
		Expr	   *e = lfirst(lc);

		if (!IsA(e, Var))
			return false;
		if (((Var *) e)->varattno == 0 && ((Var *) e)->varno == (int) wholerow &&
			((Var *) e)->varlevelsup == 0)
			continue;
		if (((Var *) e)->varattno <= 0)
			return false;
	}
	return true;
}

/* does any of these RestrictInfos use a system column or a whole row? */
static bool
system_vars(List *rinfos)
{
	ListCell   *lc;

	foreach(lc, rinfos)
	{
		List	   *vars = pull_var_clause((Node *) ((RestrictInfo *) lfirst(lc))->clause,
										   PVC_RECURSE_PLACEHOLDERS);
		ListCell   *vc;

		foreach(vc, vars)
		{
			if (((Var *) lfirst(vc))->varattno <= 0)
				return true;
		}
	}
	return false;
}

/*
 * The join clauses that decide a match and those that filter the result,
 * as create_nestloop_plan splits them: only an outer (left, anti) join has
 * the latter (its WHERE clauses).  Pseudoconstant clauses stay (they are
 * checked per row here, not by a gating Result).
 */
static void
split_clauses(JoinType jointype, Relids joinrelids, List *restrictlist,
			  List **joinquals, List **otherquals)
{
	ListCell   *lc;

	*joinquals = NIL;
	*otherquals = NIL;
	foreach(lc, restrictlist)
	{
		RestrictInfo *ri = lfirst(lc);

		if (IS_OUTER_JOIN(jointype) && RINFO_IS_PUSHED_DOWN(ri, joinrelids))
			*otherquals = lappend(*otherquals, ri);
		else
			*joinquals = lappend(*joinquals, ri);
	}
}

/*
 * The key conditions of the inner's own quals (those its GetForeignRelSize
 * classified as key conditions) and the join quals, their values in
 * *exprs: of the table's key (index 0), or of its index'th Phoenix index's
 * (the quals its key can use, paths.c's hbase_index_conditions, as the
 * nested loop's parameterized index path takes them).  Shared by the path
 * and the plan, which must agree.
 */
static List *
join_key_conds(HBaseTable *t, RelOptInfo *innerrel, List *joinquals, int index, List **exprs)
{
	*exprs = NIL;
	if (index > 0)
		return hbase_index_conditions(list_nth(t->read_indexes, index - 1), innerrel->relid,
									  list_concat(list_copy(list_nth(hbase_plan_quals(innerrel)->index_key,
																	 index - 1)),
												  joinquals),
									  true, exprs, NULL);
	return hbase_key_conditions(t, innerrel->relid,
								list_concat(list_copy(hbase_plan_quals(innerrel)->key), joinquals),
								true, exprs, NULL);
}

/*
 * The bytes of the table's salt (its key's first part), or 0 without one;
 * *buckets (if asked): its buckets, a Java writer's extra one included.
 */
int
hbase_salt_of(HBaseTable *t, int *buckets)
{
	rk_part_info first;

	if (t->layout == NULL)
		return 0;
	hbase_rk_part(t->layout, 0, &first);
	if (first.kind != RK_PART_SALT || first.width <= 0)
		return 0;
	if (buckets)
		*buckets = first.salt_buckets + (first.salt_extra != 0 ? 1 : 0);
	return first.width;
}

/*
 * The scans a batch's prefix ranges are grouped into at most (group_ranges):
 * one per salt bucket, or, without a salt, one per concurrent stream.
 */
static double
range_groups(HBaseTable *t)
{
	int			buckets;

	if (hbase_salt_of(t, &buckets) > 0)
		return buckets;
	return Max(Min(t->concurrency, HBASE_MAX_CONCURRENCY), 1);
}

/*
 * Cost: the outer path, then per batch what it sends and receives, by
 * cost.c's one model (as the scans and the nested loop's parameterized
 * scans are costed): multigets of HBASE_COST_MULTIGET_KEYS keys, or the
 * batch's prefix ranges grouped into a scanner per salt bucket (or per
 * concurrent stream), fewer than JOIN_MIN_GROUP read one by one; the rows
 * received, their bytes; then the quals.  So it wins whenever it sends
 * fewer requests and receives fewer rows than the alternatives: a hash join
 * over a full scan (every row of the table, its pages), a nested loop of
 * Gets or prefix scans (requests for each outer row).  Through a Phoenix
 * index (ix, else NULL), the ranges are the index's (its table, its salt
 * buckets), and unless it covers the query, the batch's rows are read
 * back from the data table t by multigets, as paths.c's index_cost adds
 * them to a scan through the index.  A local index's batch is read as a
 * scan per region of the data table, each with all the batch's ranges as
 * the parts of one MultiRowRangeFilter (exec/index_scan.c); planning does
 * not know the regions (it never talks to HBase), so its ranges cost as a
 * global index's grouped into a scanner per concurrent stream (its key has
 * no salt), as paths.c costs a scan through a local index as through a
 * global one; and its region listings (one before the first batch, one
 * after each batch's read) add their requests.
 */
static void
cost_join(PlannerInfo *root, CustomPath *cp, Path *outer, HBaseTable *t, HBaseReadIndex *ix,
		  bool covered, RelOptInfo *innerrel, HBaseOpKind shape, double nkeys, double distinct,
		  List *joinquals, List *otherquals, double rows)
{
	HBaseTable *kt = ix ? ix->table : t;
	double		outer_rows = Max(outer->rows, 1);
	double		batch = Min(outer_rows, hbase_join_batch_size);
	double		batches = ceil(outer_rows / batch);

	/* a batch reads each distinct key or prefix once */
	double		per_batch = Min(Max(distinct, 1), batch);
	double		inner_tuples = Max(innerrel->tuples, 1);

	/*
	 * the rows of one key or prefix: the join's rows of an outer row (a key's
	 * one at most)
	 */
	double		per_key = (shape == HBASE_OP_SCANS ?
						   Max(rows, outer_rows) / outer_rows :
						   Min(Max(rows, 1) / outer_rows, nkeys));
	double		batch_rows = Min(per_batch * per_key, inner_tuples);
	double		fetched = batches * batch_rows;
	HBaseCost	c;
	QualCost	qc;
	QualCost	inner_qc;

	if (shape == HBASE_OP_SCANS)
		hbase_cost_grouped_ranges(kt, per_batch * nkeys, range_groups(kt), JOIN_MIN_GROUP,
								  batch_rows, innerrel->reltarget->width, &c);
	else
		hbase_cost_operation(kt, HBASE_OP_MULTIGET, per_batch * nkeys, batch_rows,
							 innerrel->reltarget->width, &c);
	if (ix != NULL && !covered)
	{
		HBaseCost	dc;

		hbase_cost_operation(t, HBASE_OP_MULTIGET, Max(batch_rows, 1), batch_rows,
							 innerrel->reltarget->width, &dc);
		c.startup += dc.startup;
		c.total += dc.total;
	}
	if (ix != NULL && ix->local_id != NULL)
	{
		HBaseCost	lc;

		hbase_cost_region_listings(t, batches + 1, &lc);
		c.startup += lc.startup;
		c.total += lc.total / batches;
	}
	cost_qual_eval(&qc, list_concat(list_copy(joinquals), otherquals), root);
	cost_qual_eval(&inner_qc, innerrel->baserestrictinfo, root);
	cp->path.rows = rows;

	/*
	 * Keys: each outer row matches at most its keys' rows, whatever the
	 * join's estimate (which, without statistics of the key column, takes 200
	 * rows per value of a table that has one per key)
	 */
	if (shape != HBASE_OP_SCANS)
		rows = Min(rows, outer_rows * nkeys);
	cp->path.startup_cost = outer->startup_cost + c.startup;
	cp->path.total_cost = outer->total_cost + batches * c.total +
		fetched * inner_qc.per_tuple +
		outer_rows * nkeys * (cpu_operator_cost * 10 + qc.per_tuple) +
		rows * cpu_tuple_cost + qc.startup + inner_qc.startup;
}

/* one path over this outer path (partial: one of its workers' share) */
static void
add_join_path(PlannerInfo *root, RelOptInfo *joinrel, RelOptInfo *outerrel,
			  RelOptInfo *innerrel, JoinType jointype, JoinPathExtraData *extra,
			  HBaseTable *t, int index, bool covered, Path *outer, HBaseOpKind shape,
			  double nkeys, double distinct, List *joinquals, List *otherquals, bool partial)
{
	CustomPath *cp = makeNode(CustomPath);
	double		rows = joinrel->rows;

	if (partial)
		rows = clamp_row_est(outer->rows * joinrel->rows / Max(outerrel->rows, 1));
	cp->path.pathtype = T_CustomScan;
	cp->path.parent = joinrel;
	cp->path.pathtarget = joinrel->reltarget;
	cp->path.param_info = NULL;
	/* partial: each process joins its share; the workers' counts meet in DSM */
	cp->path.parallel_aware = partial;
	cp->path.parallel_safe = joinrel->consider_parallel && outer->parallel_safe;
	cp->path.parallel_workers = outer->parallel_workers;
	/* rows come in the outer's order */
	cp->path.pathkeys = build_join_pathkeys(root, joinrel, jointype, outer->pathkeys);
	cp->flags = CUSTOMPATH_SUPPORT_PROJECTION;
	cp->custom_paths = list_make1(outer);
	cp->custom_private = list_make5(makeInteger(innerrel->relid), makeInteger(jointype),
									makeInteger(jointype == JOIN_SEMI || extra->inner_unique),
									joinquals, otherquals);
	cp->custom_private = lappend(cp->custom_private, makeInteger(shape));
	cp->custom_private = lappend(cp->custom_private, makeInteger(index));
	cp->custom_private = lappend(cp->custom_private, makeInteger(covered));
	cp->methods = &join_path_methods;
	cost_join(root, cp, outer, t, index > 0 ? list_nth(t->read_indexes, index - 1) : NULL,
			  covered, innerrel, shape, nkeys,
			  partial ? distinct * outer->rows / Max(outerrel->rows, 1) : distinct,
			  joinquals, otherquals, rows);
	if (partial)
		add_partial_path(joinrel, &cp->path);
	else
		add_path(joinrel, &cp->path);
}

/*
 * Does the join give the key's first column (after a salt or hash) by = from
 * the outer side?  Then a row's bounded scans are prefix scans of its own
 * (not ranges over half the table from a join on <).
 */
static bool
leading_eq_from_outer(HBaseTable *t, List *conds, List *exprs, Relids outer)
{
	rk_part_info pi;
	int			nparts = hbase_rk_nparts(t->layout);
	int			i;
	ListCell   *lc;

	for (i = 0; i < nparts; i++)
	{
		hbase_rk_part(t->layout, i, &pi);
		if (pi.kind == RK_PART_COLUMN)
			break;
	}
	if (i >= nparts)
		return false;
	foreach(lc, conds)
	{
		HBaseKeyCond *c = lfirst(lc);

		if (c->nrow == 0 && c->op == HBASE_KEY_EQ && c->attnum == pi.column + 1 &&
			c->expr >= 0 && bms_overlap(pull_varnos(NULL, list_nth(exprs, c->expr)), outer))
			return true;
	}
	return false;
}

/* is this base relation a foreign table of hbase_fdw? */
static bool
own_rel(RelOptInfo *rel)
{
	return rel->fdwroutine != NULL && rel->fdwroutine->GetForeignRelSize == own_rel_size;
}

/* what one join offers its paths from (join_pathlist to offer_join) */
typedef struct JoinOffer
{
	PlannerInfo *root;
	RelOptInfo *joinrel;
	RelOptInfo *outerrel;
	RelOptInfo *innerrel;
	JoinType	jointype;
	JoinPathExtraData *extra;
	HBaseTable *t;
	Path	   *outer;
	bool		unique;			/* over the outer rows made distinct */
	List	   *joinquals;
	List	   *otherquals;
} JoinOffer;

/*
 * The batched join's paths by the table's key (index 0) or through its
 * index'th Phoenix index, global or local, when the join clauses give the
 * key (or its leading part by =) from the outer side, and only from it: the
 * key's, a Get or multiget per outer row's keys or prefix scans; the
 * index's, prefix scans of its ranges (its key always ends with the data
 * table's key, which the data rows' keys come from; a local index's ranges
 * are read in each region, exec/index_scan.c).
 */
static void
offer_join(JoinOffer *jo, int index)
{
	HBaseReadIndex *ix = index > 0 ? list_nth(jo->t->read_indexes, index - 1) : NULL;
	HBaseTable *kt = ix ? ix->table : jo->t;
	List	   *exprs;
	List	   *conds;
	HBaseOpKind shape;
	double		nkeys;
	bool		from_outer = false;
	bool		covered = false;
	List	   *outer_exprs = NIL;
	double		distinct;
	ListCell   *lc;

	conds = join_key_conds(jo->t, jo->innerrel, jo->joinquals, index, &exprs);
	if (conds == NIL)
		return;
	{
		HBaseKeyPlan *kp = hbase_keyplan_at_planning(kt, conds, exprs);

		shape = kp->kind;
		nkeys = kp->nkeys;
	}
	if (shape == HBASE_OP_SCANS && !leading_eq_from_outer(kt, conds, exprs, jo->outerrel->relids))
		return;
	if ((shape != HBASE_OP_GET && shape != HBASE_OP_MULTIGET && shape != HBASE_OP_SCANS) ||
		nkeys > JOIN_MAX_KEYS_PER_ROW)
		return;
	/* through an index: its ranges (a whole index key is the table's key) */
	if (ix != NULL && shape != HBASE_OP_SCANS)
		return;
	/* the keys come from the outer side's columns, and only from them */
	foreach(lc, exprs)
	{
		Relids		varnos = pull_varnos(jo->root, lfirst(lc));

		if (!bms_is_subset(varnos, jo->outerrel->relids))
			return;
		if (!bms_is_empty(varnos))
		{
			from_outer = true;
			outer_exprs = lappend(outer_exprs, lfirst(lc));
		}
	}
	if (!from_outer)
		return;
	if (ix != NULL)
	{
		/* the inner's columns the join reads: its target has the clauses' */
		Bitmapset  *attrs = NULL;

		pull_varattnos((Node *) jo->innerrel->reltarget->exprs, jo->innerrel->relid, &attrs);
		foreach(lc, jo->innerrel->baserestrictinfo)
			pull_varattnos((Node *) ((RestrictInfo *) lfirst(lc))->clause, jo->innerrel->relid,
						   &attrs);
		covered = hbase_index_covers(ix, attrs);
	}

	/*
	 * the distinct values the outer rows give the keys (as Memoize counts
	 * them)
	 */
	distinct = estimate_num_groups(jo->root, outer_exprs, Max(jo->outer->rows, 1), NULL, NULL);
	add_join_path(jo->root, jo->joinrel, jo->outerrel, jo->innerrel, jo->jointype, jo->extra,
				  jo->t, index, covered, jo->outer, shape, Max(nkeys, 1), distinct,
				  jo->joinquals, jo->otherquals, false);
	if (jo->joinrel->consider_parallel && jo->outerrel->partial_pathlist != NIL && !jo->unique)
	{
		Path	   *partial = linitial(jo->outerrel->partial_pathlist);

		if (partial->param_info == NULL && partial->parallel_safe)
			add_join_path(jo->root, jo->joinrel, jo->outerrel, jo->innerrel, jo->jointype,
						  jo->extra, jo->t, index, covered, partial, shape, Max(nkeys, 1),
						  distinct, jo->joinquals, jo->otherquals, true);
	}
}

/*
 * set_join_pathlist_hook: a batched key join when the inner side is an
 * HBase table whose whole key (or its leading part) the join clauses give
 * from the outer side, or the leading part of one of its Phoenix indexes'
 * keys, global or local (offer_join).  Not for writes or row locks (the
 * table's own scan serves those), nor for a table of versions, nor when
 * anything is parameterized from elsewhere; through an index, not where
 * paths.c offers no index path either (a table whose keys may be longer
 * than its key columns, rowkey_extra).
 */
static void
join_pathlist(PlannerInfo *root, RelOptInfo *joinrel, RelOptInfo *outerrel,
			  RelOptInfo *innerrel, JoinType jointype, JoinPathExtraData *extra)
{
	RangeTblEntry *rte;
	JoinOffer	jo = {0};
	int			i;

	if (prev_join_pathlist_hook)
		prev_join_pathlist_hook(root, joinrel, outerrel, innerrel, jointype, extra);
	if (!hbase_enable_batched_join)
		return;
	if (jointype != JOIN_INNER && jointype != JOIN_LEFT && jointype != JOIN_SEMI &&
		jointype != JOIN_ANTI && jointype != JOIN_UNIQUE_OUTER)
		return;
	if (innerrel->reloptkind != RELOPT_BASEREL || innerrel->rtekind != RTE_RELATION ||
		!own_rel(innerrel))
		return;
	if (root->parse->commandType != CMD_SELECT || root->rowMarks != NIL ||
		root->parse->resultRelation != 0)
		return;
	jo.outer = outerrel->cheapest_total_path;
	if (!bms_is_empty(joinrel->lateral_relids) || !bms_is_empty(innerrel->lateral_relids) ||
		jo.outer == NULL || jo.outer->param_info != NULL)
		return;
	if (!plain_vars(innerrel->reltarget, innerrel->relid) || !plain_vars(outerrel->reltarget, 0) ||
		!plain_vars(joinrel->reltarget, innerrel->relid))
		return;
	rte = planner_rt_fetch(innerrel->relid, root);
	jo.t = hbase_get_table(rte->relid);
	if (jo.t->layout == NULL || !jo.t->pushdown || jo.t->versions > 0)
		return;
	/* quals: no system column nor whole row either */
	if (system_vars(innerrel->baserestrictinfo) || system_vars(extra->restrictlist))
		return;

	/*
	 * WHERE t.k IN (SELECT ...) with the subquery's rows made distinct: an
	 * inner join over them (as a nested loop plans it)
	 */
	if (jointype == JOIN_UNIQUE_OUTER)
	{
		jo.outer = (Path *) create_unique_path(root, outerrel, jo.outer, extra->sjinfo);
		if (jo.outer == NULL)
			return;
		jointype = JOIN_INNER;
		jo.unique = true;
	}
	jo.root = root;
	jo.joinrel = joinrel;
	jo.outerrel = outerrel;
	jo.innerrel = innerrel;
	jo.jointype = jointype;
	jo.extra = extra;
	split_clauses(jointype, joinrel->relids, extra->restrictlist, &jo.joinquals, &jo.otherquals);
	offer_join(&jo, 0);
	for (i = 1; !jo.t->rowkey_extra && i <= list_length(jo.t->read_indexes); i++)
		offer_join(&jo, i);
}

/* add a Var of the inner to the scan tuple once */
static void
add_inner_var(Var *v, Index relid, List **vars)
{
	ListCell   *lc;

	if (v->varno != (int) relid || v->varlevelsup != 0)
		return;
	foreach(lc, *vars)
	{
		if (((Var *) lfirst(lc))->varattno == v->varattno)
			return;
	}
	*vars = lappend(*vars, v);
}

/*
 * PlanCustomPath: the scan tuple (the outer plan's columns, then the
 * inner's), the key conditions and every qual, which setrefs.c then points
 * at the scan tuple.
 */
static Plan *
plan_join(PlannerInfo *root, RelOptInfo *rel, CustomPath *best_path, List *tlist,
		  List *clauses, List *custom_plans)
{
	CustomScan *cs = makeNode(CustomScan);
	Plan	   *outer_plan = linitial(custom_plans);
	Index		inner_relid = intVal(list_nth(best_path->custom_private, JoinPathInnerRelid));
	JoinType	jointype = intVal(list_nth(best_path->custom_private, JoinPathJoinType));
	List	   *joinquals = list_nth(best_path->custom_private, JoinPathJoinQuals);
	List	   *otherquals = list_nth(best_path->custom_private, JoinPathOtherQuals);
	RelOptInfo *innerrel = find_base_rel(root, inner_relid);
	RangeTblEntry *rte = planner_rt_fetch(inner_relid, root);
	HBaseTable *t = hbase_get_table(rte->relid);
	List	   *scan_tlist = NIL;
	List	   *inner_vars = NIL;
	List	   *inner_attrs = NIL;
	List	   *exprs;
	List	   *fexprs = NIL;
	List	   *conds;
	List	   *fconds;
	List	   *innerquals;
	List	   *jq = NIL;
	List	   *oq = NIL;
	List	   *vars;
	ListCell   *lc;
	AttrNumber	resno = 1;
	int			index;

	foreach(lc, outer_plan->targetlist)
	{
		TargetEntry *te = lfirst(lc);

		scan_tlist = lappend(scan_tlist, makeTargetEntry(copyObject(te->expr), resno++,
														 NULL, false));
	}
	vars = pull_var_clause((Node *) innerrel->reltarget->exprs, PVC_RECURSE_PLACEHOLDERS);
	foreach(lc, list_concat(list_copy(joinquals), otherquals))
		vars = list_concat(vars, pull_var_clause((Node *) ((RestrictInfo *) lfirst(lc))->clause,
												 PVC_RECURSE_PLACEHOLDERS));
	foreach(lc, innerrel->baserestrictinfo)
		vars = list_concat(vars, pull_var_clause((Node *) ((RestrictInfo *) lfirst(lc))->clause,
												 PVC_RECURSE_PLACEHOLDERS));
	foreach(lc, vars)
		add_inner_var(lfirst(lc), inner_relid, &inner_vars);
	/* the whole row (attnum 0) is built from every column: all are read */
	foreach(lc, inner_vars)
	{
		if (((Var *) lfirst(lc))->varattno == 0)
		{
			int			i;

			for (i = 0; i < t->natts; i++)
				if (!t->columns[i].dropped)
				{
					Var		   *v = makeVar(inner_relid, t->columns[i].attnum,
											t->columns[i].atttypid, t->columns[i].atttypmod,
											get_typcollation(t->columns[i].atttypid), 0);

					add_inner_var(v, inner_relid, &inner_vars);
				}
			break;
		}
	}
	foreach(lc, inner_vars)
	{
		Var		   *v = lfirst(lc);

		scan_tlist = lappend(scan_tlist, makeTargetEntry((Expr *) copyObject(v), resno++,
														 NULL, false));
		inner_attrs = lappend_int(inner_attrs, v->varattno);
	}

	index = intVal(list_nth(best_path->custom_private, JoinPathIndex));
	conds = join_key_conds(t, innerrel, joinquals, index, &exprs);

	/*
	 * the inner quals HBase can filter, sent with the multigets and scans as
	 * a plain scan's (not through an index: its reads take none)
	 */
	fconds = index > 0 ? NIL :
		hbase_filter_conditions(t, inner_relid, hbase_plan_quals(innerrel)->filter, &fexprs);
	innerquals = NIL;
	foreach(lc, innerrel->baserestrictinfo)
		innerquals = lappend(innerquals, ((RestrictInfo *) lfirst(lc))->clause);

	cs->scan.plan.targetlist = tlist;
	cs->scan.plan.qual = NIL;
	cs->scan.scanrelid = 0;
	cs->flags = best_path->flags;
	cs->custom_plans = custom_plans;
	cs->custom_scan_tlist = scan_tlist;
	/* every join clause, pseudoconstant ones too */
	foreach(lc, joinquals)
		jq = lappend(jq, ((RestrictInfo *) lfirst(lc))->clause);
	foreach(lc, otherquals)
		oq = lappend(oq, ((RestrictInfo *) lfirst(lc))->clause);
	cs->custom_exprs = list_make5(exprs, innerquals, jq, oq, fexprs);
	cs->custom_private = list_make4(makeInteger((int) rte->relid),
									makeInteger(bms_member_index(rel->relids, inner_relid)),
									makeInteger(jointype),
									list_nth(best_path->custom_private, JoinPathSingleMatch));
	cs->custom_private = lappend(cs->custom_private, hbase_key_conds_to_list(conds));
	cs->custom_private = lappend(cs->custom_private, inner_attrs);
	cs->custom_private = lappend(cs->custom_private, makeInteger(list_length(outer_plan->targetlist)));
	cs->custom_private = lappend(cs->custom_private, list_nth(best_path->custom_private, JoinPathShape));
	cs->custom_private = lappend(cs->custom_private, fconds);
	cs->custom_private = lappend(cs->custom_private, makeInteger(index));
	cs->custom_private = lappend(cs->custom_private,
								 list_nth(best_path->custom_private, JoinPathCovered));
	cs->methods = join_scan_methods;
	return &cs->scan.plan;
}


/* ---------------- set up ---------------- */

/*
 * _PG_init, through exec/join.c's hbase_join_init: hbase_fdw.c's
 * GetForeignRelSize, which tells our base relations, the plan node's
 * methods (exec/join.c's), and the hook
 */
void
hbase_join_paths_init(GetForeignRelSize_function rel_size, const CustomScanMethods *scan_methods)
{
	own_rel_size = rel_size;
	join_scan_methods = scan_methods;
	prev_join_pathlist_hook = set_join_pathlist_hook;
	set_join_pathlist_hook = join_pathlist;
}
