/*
 * paths.c: planning a scan of a foreign table (GetForeignRelSize,
 * GetForeignPaths, GetForeignPlan; hbase_fdw.c's callbacks call here): the
 * rows estimate, the paths the planner may choose from (the plain
 * operation, a Parallel Foreign Scan's partial path, key order and reverse
 * key order, Phoenix index paths, parameterized paths) with their costs
 * (cost.c), and the plan's fdw_private that execution and EXPLAIN read.
 * Never talks to HBase.
 */
#include "postgres.h"

#include <math.h>

#include "access/sysattr.h"
#include "catalog/pg_type.h"
#include "foreign/fdwapi.h"
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "optimizer/cost.h"
#include "optimizer/optimizer.h"
#include "optimizer/pathnode.h"
#include "optimizer/planmain.h"
#include "optimizer/restrictinfo.h"
#include "parser/parsetree.h"
#include "optimizer/paths.h"
#include "utils/builtins.h"
#include "utils/typcache.h"
#include "utils/lsyscache.h"

#include "plan_int.h"
#include "rowkey.h"

/*
 * What a ForeignPath carries in fdw_private (NIL: any order); must match
 * path_order
 */
enum FdwPathPrivateIndex
{
	FdwPathPrivateRowOrder,		/* as FdwScanPrivateRowOrder */
	FdwPathPrivateSaltBytes,	/* as FdwScanPrivateSaltBytes */
	FdwPathPrivateIndex,		/* as FdwScanPrivateIndex */
	FdwPathPrivateCovered		/* as FdwScanPrivateCovered */
};

/* a path's fdw_private for rows in this order; must match FdwPathPrivateIndex */
static List *
path_order(HBaseRowOrder order, int salt_bytes)
{
	return list_make4(makeInteger(order), makeInteger(salt_bytes), makeInteger(0),
					  makeInteger(0));
}

/*
 * a path's fdw_private for rows found through the nth Phoenix index, in
 * this order of the index's key (a covered read only); must match
 * FdwPathPrivateIndex
 */
static List *
path_index(int n, bool covered, HBaseRowOrder order, int salt_bytes)
{
	return list_make4(makeInteger(order), makeInteger(salt_bytes), makeInteger(n),
					  makeInteger(covered));
}

/* planner state, in baserel->fdw_private */
typedef struct HBasePlanState
{
	HBaseTable *table;
	Bitmapset  *attrs_used;		/* offset by
								 * FirstLowInvalidHeapAttributeNumber */
	HBaseQualClasses quals;		/* the restriction quals classified, once */
	List	   *conds;			/* key conditions of the restriction quals */
	List	   *exprs;
	HBaseOpKind shape;			/* the operation they lead to
								 * (hbase_keyplan_derive) */
	double		nkeys;
	bool		counted;		/* the table's rows are known (ANALYZE, a full
								 * scan), not the estimated_rows guess */
} HBasePlanState;

/* ---------------- planning (never talks to HBase) ---------------- */

/*
 * The operation key conditions lead to, for costs: what execution will do
 * with these constants, or its shape when values come at execution.
 */
static void
key_operation(HBaseTable *t, List *conds, List *exprs, HBaseOpKind *kind, double *nkeys)
{
	HBaseKeyPlan *kp = hbase_keyplan_at_planning(t, conds, exprs);

	*kind = kp->kind;
	*nkeys = kp->nkeys;
}

/*
 * The table's rows: ANALYZE's count; else the rows its last full scan
 * counted, in any backend (stats.c); else the option estimated_rows
 * (1,000,000 by default: a report over a table nobody ANALYZEd must not
 * take it for a small one and read all of it).  *counted: not a guess.
 */
static double
table_rows(RelOptInfo *baserel, HBaseTable *t, bool *counted)
{
	double		rows;

	*counted = true;
	if (baserel->tuples > 0)
		return baserel->tuples;
	rows = hbase_stats_rows(t->relid);
	if (rows >= 0)
		return rows;
	/* ANALYZE found none (reltuples is -1 before any ANALYZE) */
	if (baserel->tuples == 0)
		return 0;
	*counted = false;
	return t->estimated_rows;
}

/* the columns that name a row: the raw key column, else the layout's, or NULL */
static char *
key_column_names(HBaseTable *t)
{
	StringInfoData buf;
	int			i;

	initStringInfo(&buf);
	for (i = 0; i < t->natts; i++)
	{
		HBaseColumn *col = &t->columns[i];

		if (!col->dropped && (col->kind == HBASE_COL_ROWKEY ||
							  (t->rowkey_implicit && col->kind == HBASE_COL_KEYPART)))
			return pstrdup(quote_identifier(col->attname));
	}
	for (i = 0; t->layout && i < t->natts; i++)
		if (!t->columns[i].dropped && hbase_rk_references_column(t->layout, i))
			appendStringInfo(&buf, "%s%s", buf.len ? ", " : "",
							 quote_identifier(t->columns[i].attname));
	return buf.len ? buf.data : NULL;
}

/* the search for a user's system column: in the Vars of these relids, at this depth */
typedef struct SysColSearch
{
	Relids		relids;
	int			depth;
	AttrNumber	found;
} SysColSearch;

/*
 * A Var of a system column of the relation that is not hbase_fdw's own row
 * identity (modify.c: ctid's number typed bytea, in the target list only)
 * nor tableoid, which every row has.
 */
static bool
user_system_column(Node *node, SysColSearch *s)
{
	if (node == NULL)
		return false;
	if (IsA(node, Var))
	{
		Var		   *v = (Var *) node;

		if ((int) v->varlevelsup == s->depth && v->varno > 0 && bms_is_member(v->varno, s->relids) &&
			v->varattno < 0 && v->varattno != TableOidAttributeNumber &&
			!(v->varattno == SelfItemPointerAttributeNumber && v->vartype == BYTEAOID))
		{
			s->found = v->varattno;
			return true;
		}
		return false;
	}
	if (IsA(node, Query))
	{
		bool		r;

		s->depth++;
		r = query_tree_walker((Query *) node, user_system_column, s, 0);
		s->depth--;
		return r;
	}
	return expression_tree_walker(node, user_system_column, s);
}

/*
 * An HBase row has no ctid, xmin, cmin, xmax or cmax.  A ctid made up (the
 * newest cell stamp, once) was shared by rows written together, so that
 * "DELETE ... WHERE ctid IN (SELECT ctid ... LIMIT 2)" deleted every row;
 * one unique per row and stable between two scans would need the key
 * itself.  So a query that names one is refused before anything is read,
 * naming the columns that do identify a row.  UPDATE and DELETE carry their
 * own row identity in ctid's number typed bytea (modify.c), which is no
 * user's: the query tree is searched for the user's only when this is a
 * result relation and its columns hold a system column at all.
 */
static void
refuse_system_columns(PlannerInfo *root, RelOptInfo *baserel, HBasePlanState *ps)
{
	SysColSearch s = {NULL, 0, 0};
	AttrNumber	a;
	Index		r;
	char	   *keys;

	for (a = SelfItemPointerAttributeNumber; a > TableOidAttributeNumber; a--)
		if (bms_is_member(a - FirstLowInvalidHeapAttributeNumber, ps->attrs_used))
			s.found = a;
	if (s.found == 0)
		return;
	if (bms_is_member(baserel->relid, root->all_result_relids))
	{
		/* the relation, and the parents a partition's Vars came from */
		s.found = 0;
		for (r = baserel->relid; r != 0;
			 r = root->append_rel_array && root->append_rel_array[r] ?
			 root->append_rel_array[r]->parent_relid : 0)
			s.relids = bms_add_member(s.relids, r);
		if (!query_tree_walker(root->parse, user_system_column, &s, 0))
			return;
	}
	keys = key_column_names(ps->table);
	ereport(ERROR,
			(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
			 errmsg("foreign table %s has no system column \"%s\": an HBase row has none",
					ps->table->relname,
					s.found == SelfItemPointerAttributeNumber ? "ctid" :
					s.found == MinTransactionIdAttributeNumber ? "xmin" :
					s.found == MinCommandIdAttributeNumber ? "cmin" :
					s.found == MaxTransactionIdAttributeNumber ? "xmax" : "cmax"),
			 errdetail("An HBase row is named by its key and has no system columns: a ctid made up for it would not be unique and stable across scans, and a write naming rows by it could change rows it did not select."),
			 keys ? errhint("Name rows by their key columns, e.g. WHERE (%s) IN (SELECT %s FROM ... LIMIT n).",
							keys, keys) :
			 errhint("Map the HBase key to name rows by it: a column OPTIONS (column ':key').")));
}

/*
 * Decides the scan's row estimate from the key conditions among the
 * restriction quals: a Get or multiget returns at most its number of keys,
 * anything else the quals' selectivity of the table's rows (table_rows).
 * Keeps what later steps need in baserel->fdw_private: the table, the
 * columns used, the restriction quals classified (the one classification:
 * key conditions, value filters, time range, local; hbase_classify_quals),
 * the key conditions and the operation they lead to.
 */
void
hbase_plan_rel_size(PlannerInfo *root, RelOptInfo *baserel, Oid foreigntableid)
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

	refuse_system_columns(root, baserel, ps);

	/*
	 * The rows a DELETE removes: their every mapped cell is read, so that the
	 * newest stamp among them (carried in the row identity, modify.c) is how
	 * far the DELETE goes, as direct.c's DELETE reads them.
	 */
	if (root->parse->commandType == CMD_DELETE &&
		bms_is_member(baserel->relid, root->all_result_relids))
		ps->attrs_used = bms_add_member(ps->attrs_used, 0 - FirstLowInvalidHeapAttributeNumber);
	baserel->fdw_private = ps;

	ps->conds = hbase_classify_quals(ps->table, baserel->relid, baserel->baserestrictinfo,
									 &ps->quals, &ps->exprs);
	key_operation(ps->table, ps->conds, ps->exprs, &ps->shape, &ps->nkeys);

	tuples = table_rows(baserel, ps->table, &ps->counted);
	baserel->tuples = tuples;
	baserel->rows = clamp_row_est(tuples *
								  clauselist_selectivity(root, baserel->baserestrictinfo,
														 0, JOIN_INNER, NULL));
	if (ps->shape == HBASE_OP_GET || ps->shape == HBASE_OP_MULTIGET)
		baserel->rows = clamp_row_est(Min(baserel->rows, ps->nkeys));
}

/*
 * The restriction quals of a base relation of ours, as GetForeignRelSize
 * classified them: the batched join (join_paths.c) takes its inner side's
 * from here, a direct UPDATE or DELETE (writes.c) its result relation's.
 */
const HBaseQualClasses *
hbase_plan_quals(RelOptInfo *rel)
{
	return &((HBasePlanState *) rel->fdw_private)->quals;
}

/*
 * The rows an operation receives: those its key conditions (matched, the
 * RestrictInfos they came from) select of the table's rows, the whole table
 * for a full scan, a key's row at most for Gets; never fewer than the rows
 * the scan returns (rows).  Then its cost by cost.c's one model.
 */
static void
op_cost(PlannerInfo *root, RelOptInfo *baserel, HBaseTable *t, HBaseOpKind shape, double nkeys,
		List *matched, double rows, HBaseCost *c)
{
	double		received = baserel->tuples;

	if (shape != HBASE_OP_FULL && matched != NIL)
		received = baserel->tuples *
			clauselist_selectivity(root, matched, baserel->relid, JOIN_INNER, NULL);
	if (shape == HBASE_OP_GET || shape == HBASE_OP_MULTIGET)
		received = Min(received, Max(nkeys, 1));
	received = Max(received, rows);
	hbase_cost_operation(t, shape, nkeys, clamp_row_est(received),
						 baserel->reltarget->width, c);
}

/*
 * Cost of finding the rows through a Phoenix index: its ranges as op_cost
 * costs an operation of that shape (the rows its conditions, matched,
 * select), a local index's region listings (listings: 2 for a scan, one
 * before and one after its read; 1 for each loop of a parameterized one,
 * after its read), then, unless the index covers the query, the rows the
 * index gives read back from the data table by multigets (index_scan.c; a
 * covered read Gets the data rows of unverified index rows only, rare: not
 * costed).  The one place of this rule, on cost.c's model as op_cost.
 */
static void
index_cost(PlannerInfo *root, RelOptInfo *baserel, HBaseTable *t, HBaseOpKind shape,
		   double nkeys, List *matched, double rows, bool covered, double listings,
		   Cost *startup, Cost *total)
{
	HBaseCost	ic;
	HBaseCost	dc;
	HBaseCost	lc;

	op_cost(root, baserel, t, shape, nkeys, matched, rows, &ic);
	hbase_cost_region_listings(t, listings, &lc);
	*startup = ic.startup + lc.startup;
	*total = ic.total + lc.total;
	if (covered)
		return;
	op_cost(root, baserel, t, HBASE_OP_MULTIGET, Max(ic.rows, 1), NIL, rows, &dc);
	*startup += dc.startup;
	*total += dc.total;
}

/*
 * The key conditions a Phoenix index's key can use.  IS NULL only on a
 * nullable indexed column before the data key (nullable(x), whose NULL is
 * no bytes then "\x00": one range, hbase_key_null_fixes); elsewhere it is
 * left out (an index column that is one of the data table's key columns is
 * never NULL, a trailing one's NULL ends the key): the index is read wider,
 * and every qual is checked on the data rows.  The batched join's index
 * path (join_paths.c) takes them too, with its join clauses.
 */
List *
hbase_index_conditions(HBaseReadIndex *ix, Index relid, List *clauses, bool allow_outer,
				 List **exprs, List **matched)
{
	List	   *found = NIL;
	List	   *conds = hbase_key_conditions(ix->table, relid, clauses, allow_outer, exprs, &found);
	List	   *out = NIL;
	ListCell   *lc,
			   *lr;

	/* found holds the RestrictInfo of each condition, in their order */
	if (matched)
		*matched = NIL;
	forboth(lc, conds, lr, found)
	{
		HBaseKeyCond *c = lfirst(lc);

		if (c->op == HBASE_KEY_ISNULL && (c->nrow > 0 || !hbase_key_null_fixes(ix->table, c->attnum)))
			continue;
		out = lappend(out, c);
		/* the RestrictInfos of those, for the rows they select */
		if (matched)
			*matched = lappend(*matched, lfirst(lr));
	}
	return out;
}

/*
 * Does index ix hold every column the query reads (its key's columns and
 * its covered cells), so that its verified rows are the answer?  Not for a
 * whole-row reference.
 */
bool
hbase_index_covers(HBaseReadIndex *ix, Bitmapset *attrs_used)
{
	int			k = -1;

	while ((k = bms_next_member(attrs_used, k)) >= 0)
	{
		AttrNumber	a = k + FirstLowInvalidHeapAttributeNumber;

		if (a == 0)
			return false;
		if (a > 0 && (a > ix->table->natts || ix->table->columns[a - 1].dropped))
			return false;
	}
	return true;
}

/*
 * Parameterized paths through the Phoenix indexes: a join clause on an
 * indexed column (ppi's) lets a nested loop read the index's range of each
 * outer row's value, and its data rows (or, covered, the index alone).
 */
static void
add_param_index_paths(PlannerInfo *root, RelOptInfo *baserel, HBasePlanState *ps,
					  ParamPathInfo *ppi, Relids required_outer)
{
	ListCell   *lc;

	foreach(lc, ps->table->read_indexes)
	{
		HBaseReadIndex *ix = lfirst(lc);
		List	   *exprs = NIL;
		List	   *matched = NIL;
		List	   *conds = hbase_index_conditions(ix, baserel->relid,
											 list_concat(list_copy(list_nth(ps->quals.index_key,
																			foreach_current_index(lc))),
														 ppi->ppi_clauses),
											 true, &exprs, &matched);
		HBaseOpKind shape;
		double		nkeys;
		Cost		startup,
					total;
		bool		covered = hbase_index_covers(ix, ps->attrs_used);

		if (conds == NIL)
			continue;
		key_operation(ix->table, conds, exprs, &shape, &nkeys);
		if (shape == HBASE_OP_FULL || shape == HBASE_OP_FUZZY)
			continue;
		index_cost(root, baserel, ps->table, shape, nkeys, matched, ppi->ppi_rows, covered,
				   ix->local_id ? 1 : 0, &startup, &total);
		add_path(baserel, (Path *) create_foreignscan_path(root, baserel, NULL, ppi->ppi_rows,
														   startup, total, NIL,
														   required_outer, NULL,
														   path_index(foreach_current_index(lc) + 1,
																	  covered, HBASE_ORDER_ANY, 0)));
	}
}

/*
 * Paths through the table's Phoenix indexes: one per index whose key the
 * restriction quals narrow (a Get, multiget or bounded scans of the index,
 * not a full scan), costed by index_cost against the table's own paths.  A
 * local index costs as a global one: its ranges are read in each region of
 * the data table, which planning does not know (it never talks to HBase),
 * and its data rows are read back as a global index's are; its region
 * listings add their requests.  Not for a table of versions, nor the scan
 * of an UPDATE's or DELETE's result relation (its rows carry their
 * identity from the data table's scan), nor without pushdown, nor a table
 * whose rows may have longer keys than its key columns (rowkey_extra
 * 'ignore': a view's rows, whose keys the table's layout cannot encode
 * back).
 */
static bool
index_paths_allowed(PlannerInfo *root, RelOptInfo *baserel, HBasePlanState *ps)
{
	return ps->table->read_indexes != NIL && ps->table->pushdown && ps->table->versions == 0 &&
		!ps->table->rowkey_extra && !bms_is_member(baserel->relid, root->all_result_relids);
}

static void
add_index_paths(PlannerInfo *root, RelOptInfo *baserel, HBasePlanState *ps)
{
	ListCell   *lc;

	if (!index_paths_allowed(root, baserel, ps))
		return;
	foreach(lc, ps->table->read_indexes)
	{
		HBaseReadIndex *ix = lfirst(lc);
		List	   *exprs = NIL;
		List	   *matched = NIL;
		List	   *conds = hbase_index_conditions(ix, baserel->relid,
											 list_nth(ps->quals.index_key, foreach_current_index(lc)),
											 false, &exprs, &matched);
		HBaseOpKind shape;
		double		nkeys;
		Cost		startup,
					total;
		bool		covered;

		if (conds == NIL)
			continue;
		key_operation(ix->table, conds, exprs, &shape, &nkeys);
		if (shape == HBASE_OP_FULL || shape == HBASE_OP_FUZZY)
			continue;
		covered = hbase_index_covers(ix, ps->attrs_used);
		index_cost(root, baserel, ps->table, shape, nkeys, matched, baserel->rows, covered,
				   ix->local_id ? 2 : 0, &startup, &total);
		add_path(baserel, (Path *) create_foreignscan_path(root, baserel, NULL,
														   baserel->rows, startup, total,
														   NIL, NULL, NULL,
														   path_index(foreach_current_index(lc) + 1,
																	  covered, HBASE_ORDER_ANY, 0)));
	}
}

/* one column of the order in which rows come back */
typedef struct KeyOrder
{
	AttrNumber	attnum;
	bool		desc;			/* bytes ascend as values descend (inverted) */
	bool		optional;		/* NULL (absent) sorts first */
} KeyOrder;

static bool
single_eq(List *conds, AttrNumber attnum)
{
	ListCell   *lc;

	foreach(lc, conds)
	{
		HBaseKeyCond *c = lfirst(lc);

		if (c->attnum == attnum && c->op == HBASE_KEY_EQ)
			return true;
	}
	return false;
}

/* is there an IS NULL key condition on this column? */
static bool
has_isnull(List *conds, AttrNumber attnum)
{
	ListCell   *lc;

	foreach(lc, conds)
	{
		HBaseKeyCond *c = lfirst(lc);

		if (c->attnum == attnum && c->nrow == 0 && c->op == HBASE_KEY_ISNULL)
			return true;
	}
	return false;
}

/* is there a key condition on this column? */
static bool
has_cond(List *conds, AttrNumber attnum)
{
	ListCell   *lc;

	foreach(lc, conds)
	{
		if (((HBaseKeyCond *) lfirst(lc))->attnum == attnum)
			return true;
	}
	return false;
}

/*
 * The value order of the rows a scan returns, which is rowkey order: the
 * order-preserving key parts after the prefix, skipping parts fixed by = .
 * None when a hash prefix is not fixed (rows come by hash).  A salted
 * table's buckets are merged on the key after the salt: *salt_bytes says
 * how many bytes to skip (0: no merge).
 */
static List *
key_order(HBaseTable *t, List *conds, HBaseTable *data, int *salt_bytes)
{
	int			cols[64];
	int			n,
				i,
				nparts;
	bool		in_optional = false;
	List	   *order = NIL;
	rk_part_info first;
	ListCell   *lc;

	*salt_bytes = 0;
	if (t->layout == NULL)
		return NIL;
	hbase_rk_part(t->layout, 0, &first);
	n = hbase_rk_prefix_columns(t->layout, cols, lengthof(cols));
	if (first.kind == RK_PART_SALT)
	{
		/*
		 * Buckets are merged on the key after the salt.  One stream per
		 * bucket: no IN lists, which would multiply them.  With pushdown off
		 * every scan stays one full scan.
		 */
		if (!t->pushdown)
			return NIL;
		foreach(lc, conds)
			if (((HBaseKeyCond *) lfirst(lc))->op == HBASE_KEY_IN)
			return NIL;
		*salt_bytes = first.width;
	}
	else
	{
		if (n < 0 || n > (int) lengthof(cols))
			return NIL;
		for (i = 0; i < n; i++)
			if (!single_eq(conds, cols[i] + 1))
				return NIL;
	}
	nparts = hbase_rk_nparts(t->layout);
	for (i = 0; i < nparts; i++)
	{
		rk_part_info pi;
		KeyOrder   *ko;

		hbase_rk_part(t->layout, i, &pi);
		/* from the first optional group on, every part may be absent */
		if (pi.optional)
			in_optional = true;
		if (pi.kind != RK_PART_COLUMN)
			continue;

		/*
		 * A float's key order is not SQL's (-0 below +0, NaNs with the sign
		 * bit first), and = 0 reads two prefixes (-0 and +0, in any float
		 * encoding) whose rows come one prefix after the other: order ends
		 * here.
		 */
		if (pi.order_float || pi.float_value)
			break;
		/* one value: = , or IS NULL where it fixes the part */
		if (single_eq(conds, pi.column + 1) ||
			(has_isnull(conds, pi.column + 1) && hbase_key_null_fixes(t, pi.column + 1)))
			continue;
		if (pi.order == RK_ORDER_NONE || pi.order_nonneg)
			break;
		ko = palloc(sizeof(KeyOrder));
		ko->attnum = pi.column + 1;
		ko->desc = (pi.order == RK_ORDER_DESC);

		/*
		 * a nullable part's NULL (no bytes) sorts first, as an absent group
		 * does; so does an index's column that is not one of the data table's
		 * key columns (Phoenix's NULL is no bytes there), unless a condition
		 * on it (strict: IS NULL fixed the part above) leaves no NULL
		 */
		ko->optional = in_optional ||
			((pi.nullable ||
			  (data != NULL && data->columns[pi.column].kind != HBASE_COL_KEYPART)) &&
			 !has_cond(conds, pi.column + 1));
		order = lappend(order, ko);
	}
	return order;
}

/*
 * How much of the query's ORDER BY the key order delivers: all of it, or
 * its longest leading part the key keeps in order (the pathkeys of that
 * part: PostgreSQL's Incremental Sort sorts the rest within each group of
 * equal leading values), or nothing.
 */
static List *
useful_pathkeys(PlannerInfo *root, RelOptInfo *baserel, HBaseTable *t, List *conds,
				HBaseTable *data, int *salt_bytes, bool reverse)
{
	List	   *order = key_order(t, conds, data, salt_bytes);
	ListCell   *lc;
	int			j = 0;
	int			matched = 0;

	/*
	 * nor for a table of versions: the reversed stateless scan reads one
	 * version
	 */
	if (reverse && t->versions > 0)
		return NIL;
	if (root->query_pathkeys == NIL || order == NIL)
		return NIL;
	foreach(lc, root->query_pathkeys)
	{
		PathKey    *pk = lfirst(lc);
		EquivalenceClass *ec = pk->pk_eclass;
		ListCell   *mc;
		AttrNumber	attnum = 0;
		KeyOrder   *ko;
		HBaseColumn *col;
		TypeCacheEntry *tce;

		if (ec->ec_has_const)
		{
			matched++;
			continue;			/* one value: any order does */
		}
		foreach(mc, ec->ec_members)
		{
			EquivalenceMember *em = lfirst(mc);
			Expr	   *e = em->em_expr;

			while (IsA(e, RelabelType))
				e = ((RelabelType *) e)->arg;
			if (!em->em_is_child && IsA(e, Var) && ((Var *) e)->varno == (int) baserel->relid &&
				((Var *) e)->varlevelsup == 0)
			{
				attnum = ((Var *) e)->varattno;
				break;
			}
		}
		if (attnum <= 0 || j >= list_length(order))
			break;
		ko = list_nth(order, j);
		if (ko->attnum != attnum)
			break;
		col = &t->columns[attnum - 1];
		tce = lookup_type_cache(col->atttypid, TYPECACHE_BTREE_OPFAMILY);
		if (pk->pk_opfamily != tce->btree_opf ||
			pk->pk_strategy != ((ko->desc != reverse) ? BTGreaterStrategyNumber : BTLessStrategyNumber))
			break;

		/*
		 * an absent optional part makes a shorter key: it comes first (last
		 * backwards)
		 */
		if (ko->optional && pk->pk_nulls_first == reverse)
			break;
		/* text sorts as its bytes only under a collation like C */
		if ((col->atttypid == TEXTOID || col->atttypid == VARCHAROID) &&
			!hbase_collation_sorts_as_bytes(ec->ec_collation))
			break;
		j++;
		matched++;
	}

	/*
	 * no column in order: the constants' pathkeys alone promise nothing
	 * useful
	 */
	if (j == 0)
		return NIL;
	if (matched == list_length(root->query_pathkeys))
		return root->query_pathkeys;
	return list_copy_head(root->query_pathkeys, matched);
}

/*
 * Paths along a Phoenix index's order: rows in the order of the index's key
 * (after the columns its conditions fix), forward or reversed, a salted
 * index's buckets merged, so that an ORDER BY ... LIMIT on the indexed
 * columns reads a few index rows and needs no Sort.  Offered with no
 * condition on the index too (a scan of the whole index, which a LIMIT
 * stops early); costed by index_cost as the unordered paths are.  Covered,
 * the index's rows are the answer (an unverified row's data row is read and
 * returned only if it holds the index row's values, index_scan.c, so the
 * order holds); uncovered, each index row's data row is read by a Get in
 * the index's order (not by multigets, whose rows come in no order), under
 * the same rule, costed as one Get per row.  Through a local index too: its
 * rows are in each region under the region's own prefix, and the regions'
 * ranges are merged on the index key after it (index_scan.c), as a salted
 * index's buckets are after the salt; but not backwards with an IN list,
 * whose values would each be a range of its own in every region (a
 * reversed page has no MultiRowRangeFilter), one stream each; and only
 * under a LIMIT the planner knows: without one every row is read anyway,
 * and a Sort over the unordered read keeps that read's remedy for a split
 * (read again for the new regions), which a read in order loses once it
 * has returned rows (index_scan.c: 40001).
 */
static void
add_ordered_index_paths(PlannerInfo *root, RelOptInfo *baserel, HBasePlanState *ps)
{
	ListCell   *lc;

	if (root->query_pathkeys == NIL || !index_paths_allowed(root, baserel, ps))
		return;
	foreach(lc, ps->table->read_indexes)
	{
		HBaseReadIndex *ix = lfirst(lc);
		List	   *exprs = NIL;
		List	   *matched = NIL;
		List	   *conds;
		HBaseOpKind shape;
		double		nkeys;
		Cost		startup,
					total;
		int			reverse;

		bool		covered = hbase_index_covers(ix, ps->attrs_used);
		bool		in_list = false;
		ListCell   *cc;

		if (ix->local_id != NULL && root->limit_tuples <= 0)
			continue;
		conds = hbase_index_conditions(ix, baserel->relid,
								 list_nth(ps->quals.index_key, foreach_current_index(lc)), false,
								 &exprs, &matched);
		key_operation(ix->table, conds, exprs, &shape, &nkeys);
		if (shape == HBASE_OP_FUZZY)
			continue;
		foreach(cc, conds)
			if (((HBaseKeyCond *) lfirst(cc))->op == HBASE_KEY_IN)
			in_list = true;
		index_cost(root, baserel, ps->table, shape, nkeys, matched, baserel->rows, true,
				   ix->local_id ? 2 : 0, &startup, &total);
		if (!covered)
		{
			/* a Get per row, in order: the first before the first row */
			HBaseCost	g;

			op_cost(root, baserel, ps->table, HBASE_OP_GET, 1, NIL, 1, &g);
			startup += g.total;
			total += g.total * Max(baserel->rows, 1);
		}
		for (reverse = 0; reverse <= 1; reverse++)
		{
			int			salt_bytes;
			List	   *pathkeys;

			if (reverse && in_list && ix->local_id != NULL)
				continue;
			pathkeys = useful_pathkeys(root, baserel, ix->table, conds, ps->table, &salt_bytes,
									   reverse);
			if (pathkeys != NIL)
				add_path(baserel, (Path *)
						 create_foreignscan_path(root, baserel, NULL, baserel->rows, startup,
												 total, pathkeys, NULL, NULL,
												 path_index(foreach_current_index(lc) + 1, covered,
															reverse ? HBASE_ORDER_REVERSE :
															HBASE_ORDER_KEY, salt_bytes)));
		}
	}
}

typedef struct ec_member_arg
{
	HBaseTable *table;
	Index		relid;
	AttrNumber	attnum;
} ec_member_arg;

static bool
ec_member_matches(PlannerInfo *root, RelOptInfo *rel, EquivalenceClass *ec,
				  EquivalenceMember *em, void *arg)
{
	ec_member_arg *a = arg;
	Expr	   *e = em->em_expr;

	while (IsA(e, RelabelType))
		e = ((RelabelType *) e)->arg;
	return IsA(e, Var) && ((Var *) e)->varno == (int) a->relid &&
		((Var *) e)->varattno == a->attnum && ((Var *) e)->varlevelsup == 0;
}

/*
 * Workers of a Parallel Foreign Scan: the table option parallel_workers,
 * else by the rows counted (ANALYZE, a full scan; none on the guess of
 * estimated_rows alone): none under 100,000 rows, then one more each time
 * the rows triple, as PostgreSQL does for heap pages; at most
 * max_parallel_workers_per_gather.
 */
static int
parallel_workers_for(HBasePlanState *ps, RelOptInfo *baserel)
{
	int			n = ps->table->parallel_workers;

	if (n < 0)
	{
		double		rows = baserel->tuples;

		n = 0;
		if (rows >= 100000 && ps->counted)
			n = 1 + (int) floor(log(rows / 100000) / log(3));
	}
	return Min(n, max_parallel_workers_per_gather);
}

/*
 * The partial path: scans (not Gets) shared out between the workers and
 * the leader by pieces, in no order; its rows and run cost divided as
 * PostgreSQL's heap scans divide them.
 */
static void
add_parallel_path(PlannerInfo *root, RelOptInfo *baserel, HBasePlanState *ps,
				  double startup, double total)
{
	int			workers;
	double		divisor;
	ForeignPath *path;

	if (!baserel->consider_parallel ||
		!(ps->shape == HBASE_OP_FULL || ps->shape == HBASE_OP_FUZZY || ps->shape == HBASE_OP_SCANS))
		return;
	workers = parallel_workers_for(ps, baserel);
	if (workers <= 0)
		return;
	divisor = workers;
	if (parallel_leader_participation && 1.0 - 0.3 * workers > 0)
		divisor += 1.0 - 0.3 * workers;
	path = create_foreignscan_path(root, baserel, NULL, clamp_row_est(baserel->rows / divisor),
								   startup, startup + (total - startup) / divisor,
								   NIL, NULL, NULL,
								   path_order(HBASE_ORDER_ANY, 0));
	path->path.parallel_aware = true;
	path->path.parallel_safe = true;
	path->path.parallel_workers = workers;
	add_partial_path(baserel, (Path *) path);
}

/*
 * Decides which ways to read the table the planner may choose from: the
 * plain scan of the operation the restriction quals lead to; a partial path
 * for a Parallel Foreign Scan; paths whose rows come in key order or in
 * reverse key order, when an ORDER BY or a merge join can use that (no Sort;
 * a salted table's buckets are merged); paths through the table's Phoenix
 * global indexes (add_index_paths); and parameterized paths, one per
 * join clause on a key column that narrows the operation (a nested loop then
 * drives Gets or bounded scans with the outer row's values).  Costs come
 * from op_cost; a parameterized path that reads as much as the plain one is
 * not offered.
 */
void
hbase_plan_paths(PlannerInfo *root, RelOptInfo *baserel, Oid foreigntableid)
{
	HBasePlanState *ps = baserel->fdw_private;
	HBaseCost	c;
	double		startup,
				total;
	List	   *candidates = NIL;
	List	   *pathkeys;
	int			salt_bytes;
	ListCell   *lc;
	int			i;

	op_cost(root, baserel, ps->table, ps->shape, ps->nkeys, ps->quals.key, baserel->rows, &c);
	startup = c.startup;
	total = c.total;
	add_path(baserel, (Path *) create_foreignscan_path(root, baserel, NULL,
													   baserel->rows, startup, total,
													   NIL, NULL, NULL, NIL));

	add_parallel_path(root, baserel, ps, startup, total);

	/* through a Phoenix index whose key the quals narrow */
	add_index_paths(root, baserel, ps);

	/* or in a covered index's order */
	add_ordered_index_paths(root, baserel, ps);

	/* rows come in rowkey order: an ORDER BY that follows it needs no Sort */
	pathkeys = useful_pathkeys(root, baserel, ps->table, ps->conds, NULL, &salt_bytes,
							   false);
	if (pathkeys != NIL)
		add_path(baserel, (Path *) create_foreignscan_path(root, baserel, NULL,
														   baserel->rows, startup, total,
														   pathkeys, NULL, NULL,
														   path_order(HBASE_ORDER_KEY, salt_bytes)));
	/* the other way round: reverse scans (a previous page, newest first ...) */
	pathkeys = useful_pathkeys(root, baserel, ps->table, ps->conds, NULL, &salt_bytes,
							   true);
	if (pathkeys != NIL)
		add_path(baserel, (Path *) create_foreignscan_path(root, baserel, NULL,
														   baserel->rows, startup, total,
														   pathkeys, NULL, NULL,
														   path_order(HBASE_ORDER_REVERSE, salt_bytes)));

	/*
	 * Parameterized paths: a join clause on a key column lets a nested loop
	 * drive Gets with the outer row's values (S11: campaigns joined with the
	 * ad report).  Join equalities live in equivalence classes.
	 */
	if (ps->table->layout == NULL || !ps->table->pushdown)
		return;
	foreach(lc, baserel->joininfo)
		candidates = lappend(candidates, lfirst(lc));
	for (i = 0; i < ps->table->natts; i++)
	{
		ec_member_arg arg = {ps->table, baserel->relid, (AttrNumber) (i + 1)};

		if (ps->table->columns[i].kind != HBASE_COL_KEYPART)
			continue;
		candidates = list_concat(candidates,
								 generate_implied_equalities_for_column(root, baserel,
																		ec_member_matches,
																		&arg,
																		baserel->lateral_referencers));
	}
	/* and on the columns of a Phoenix index's key that are not the table's */
	for (i = 0; index_paths_allowed(root, baserel, ps) && i < ps->table->natts; i++)
	{
		ec_member_arg arg = {ps->table, baserel->relid, (AttrNumber) (i + 1)};
		ListCell   *xc;
		bool		indexed = false;

		if (ps->table->columns[i].kind == HBASE_COL_KEYPART)
			continue;
		foreach(xc, ps->table->read_indexes)
		{
			if (((HBaseReadIndex *) lfirst(xc))->table->columns[i].kind == HBASE_COL_KEYPART &&
				!((HBaseReadIndex *) lfirst(xc))->table->columns[i].dropped)
				indexed = true;
		}
		if (indexed)
			candidates = list_concat(candidates,
									 generate_implied_equalities_for_column(root, baserel,
																			ec_member_matches,
																			&arg,
																			baserel->lateral_referencers));
	}
	foreach(lc, candidates)
	{
		RestrictInfo *ri = lfirst(lc);
		Relids		required_outer;
		ParamPathInfo *ppi;
		List	   *exprs = NIL;
		List	   *conds;
		List	   *matched = NIL;
		HBaseOpKind shape;
		double		nkeys;
		double		rows;

		if (!join_clause_is_movable_to(ri, baserel))
			continue;
		required_outer = bms_difference(ri->clause_relids, baserel->relids);
		required_outer = bms_union(required_outer, baserel->lateral_relids);
		if (bms_is_empty(required_outer))
			continue;
		ppi = get_baserel_parampathinfo(root, baserel, required_outer);
		if (index_paths_allowed(root, baserel, ps))
			add_param_index_paths(root, baserel, ps, ppi, required_outer);
		/* the restriction quals' key conditions and the join clauses' */
		conds = hbase_key_conditions(ps->table, baserel->relid,
									 list_concat(list_copy(ps->quals.key), ppi->ppi_clauses),
									 true, &exprs, &matched);
		key_operation(ps->table, conds, exprs, &shape, &nkeys);
		if (shape == HBASE_OP_FULL || shape == ps->shape)
			continue;			/* the join clause does not narrow the
								 * operation */
		rows = ppi->ppi_rows;
		if (shape == HBASE_OP_GET || shape == HBASE_OP_MULTIGET)
			rows = Min(rows, Max(nkeys, 1));
		op_cost(root, baserel, ps->table, shape, nkeys, matched, rows, &c);
		add_path(baserel, (Path *) create_foreignscan_path(root, baserel, NULL, rows,
														   c.startup, c.total, NIL,
														   required_outer, NULL, NIL));
	}
}

/* the attnums the scan returns: those the query uses, every one for a whole row */
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

/*
 * The scan's targetlist.  Where its parent takes any columns (an Agg, a
 * Sort), createplan.c offers the physical one, every column, which EXPLAIN
 * VERBOSE then lists as Output though only the columns the query uses are
 * read (count(*): none, HBase Columns: rowkeys only).  Those columns, the
 * path's target, instead: what a parent that asks for exact columns gets.
 */
static List *
scan_tlist(ForeignPath *best_path, RelOptInfo *baserel, List *tlist)
{
	PathTarget *target = best_path->path.pathtarget;
	List	   *out = NIL;
	ListCell   *lc;
	AttrNumber	resno = 1;

	foreach(lc, tlist)
	{
		TargetEntry *te = lfirst(lc);

		/* physical: a Var of each column in order, NULL for a dropped one */
		if (IsA(te->expr, Var) ? ((Var *) te->expr)->varno != (int) baserel->relid ||
			((Var *) te->expr)->varattno != te->resno : !IsA(te->expr, Const))
			return tlist;
	}
	if (list_length(tlist) <= list_length(target->exprs))
		return tlist;
	foreach(lc, target->exprs)
	{
		TargetEntry *te = makeTargetEntry(copyObject(lfirst(lc)), resno++, NULL, false);

		if (target->sortgrouprefs)
			te->ressortgroupref = target->sortgrouprefs[foreach_current_index(lc)];
		out = lappend(out, te);
	}
	return out;
}

/*
 * The scan tuple of an UPDATE's or DELETE's result relation (fdw_scan_tlist):
 * the table's columns at their attribute numbers (a NULL for a dropped one),
 * then the row identity (modify.c's "hbase_rowid": ctid's number typed
 * bytea, the key and stamp the scan read), and the whole row and tableoid
 * when the plan reads them; hbase_iterate_foreign_scan fills them.  NIL for
 * any other scan, whose tuple is the table's row.
 */
static List *
result_scan_tlist(PlannerInfo *root, RelOptInfo *baserel, HBaseTable *t, List *quals)
{
	List	   *vars;
	List	   *out = NIL;
	AttrNumber	extra[] = {SelfItemPointerAttributeNumber, InvalidAttrNumber,
	TableOidAttributeNumber};
	ListCell   *lc;
	int			i;

	if ((root->parse->commandType != CMD_UPDATE && root->parse->commandType != CMD_DELETE) ||
		!bms_is_member(baserel->relid, root->all_result_relids))
		return NIL;

	/*
	 * The rel's target, not tlist: under a projection (UPDATE's SET)
	 * createplan passes none and puts the projection's in afterwards.
	 */
	vars = pull_var_clause((Node *) list_make2(baserel->reltarget->exprs, quals),
						   PVC_RECURSE_AGGREGATES | PVC_RECURSE_WINDOWFUNCS |
						   PVC_RECURSE_PLACEHOLDERS);
	foreach(lc, vars)
		if (((Var *) lfirst(lc))->varno == (int) baserel->relid &&
			((Var *) lfirst(lc))->varattno == SelfItemPointerAttributeNumber)
		break;
	if (lc == NULL)
		return NIL;				/* no row identity asked for */
	for (i = 0; i < t->natts; i++)
	{
		HBaseColumn *col = &t->columns[i];
		Oid			typid;
		int32		typmod;
		Oid			collid;
		Expr	   *e;

		if (col->dropped)
			e = (Expr *) makeNullConst(INT4OID, -1, InvalidOid);
		else
		{
			/* the column's own collation: a Var equal to the query's */
			get_atttypetypmodcoll(t->relid, i + 1, &typid, &typmod, &collid);
			e = (Expr *) makeVar(baserel->relid, i + 1, typid, typmod, collid, 0);
		}
		out = lappend(out, makeTargetEntry(e, i + 1, NULL, false));
	}
	for (i = 0; i < (int) lengthof(extra); i++)
		foreach(lc, vars)
	{
		Var		   *v = lfirst(lc);

		if (v->varno == (int) baserel->relid && v->varattno == extra[i])
		{
			out = lappend(out, makeTargetEntry((Expr *) copyObject(v),
											   list_length(out) + 1, NULL, false));
			break;
		}
	}
	return out;
}

/*
 * The plan's quals (scan_clauses, in their order: createplan.c sorts them
 * by cost) by the class GetForeignRelSize gave them: the candidates of the
 * key conditions, of the value filters and of the time range.  Membership
 * only, as postgres_fdw's GetForeignPlan checks remote_conds: a restriction
 * qual is offered to its classes' derivations, a local one to none.  A
 * join clause of a parameterized path, new to the classification, is
 * offered to all three, as it was before the classification (the
 * derivations refuse what reads the outer side, a key condition aside).
 * Through Phoenix index number index (> 0), the key candidates are those of
 * the index's key.
 */
static void
plan_quals(HBasePlanState *ps, RelOptInfo *baserel, List *scan_clauses, int index, List **key,
		   List **filter, List **time)
{
	ListCell   *lc;

	*key = NIL;
	*filter = NIL;
	*time = NIL;
	foreach(lc, scan_clauses)
	{
		RestrictInfo *ri = lfirst(lc);
		bool		join = !list_member_ptr(baserel->baserestrictinfo, ri);

		if (join || list_member_ptr(index > 0 ? list_nth(ps->quals.index_key, index - 1) :
									ps->quals.key, ri))
			*key = lappend(*key, ri);
		if (join || list_member_ptr(ps->quals.filter, ri))
			*filter = lappend(*filter, ri);
		if (join || list_member_ptr(ps->quals.time, ri))
			*time = lappend(*time, ri);
	}
}

/*
 * Decides what the executor and EXPLAIN read from the plan (fdw_private, in
 * FdwScanPrivateIndex order): the columns to fetch, the key conditions, the
 * cell filters and the time conditions with their values in fdw_exprs, the
 * first page's size (a LIMIT over this scan alone), the row order the chosen
 * path promised, whether a salted table is read one range per bucket, and
 * the operation's shape; through a Phoenix index, the index's key conditions
 * (no cell filter: the data rows are read by key) and its number.  Every
 * qual stays a local filter.  The quals come from GetForeignRelSize's
 * classification (plan_quals); the reasons a key qual is not pushed depend
 * on this path's operation, so they are found here.
 */
ForeignScan *
hbase_plan_scan(PlannerInfo *root, RelOptInfo *baserel, Oid foreigntableid,
				ForeignPath *best_path, List *tlist, List *scan_clauses,
				Plan *outer_plan)
{
	HBasePlanState *ps = baserel->fdw_private;
	List	   *fdw_private;
	List	   *exprs = NIL;
	List	   *conds;
	List	   *fconds;
	List	   *scan_clauses_ri;
	int			firstpage;
	HBaseRowOrder order = HBASE_ORDER_ANY;
	int			salt_bytes = 0;
	bool		split;
	int			index = 0;
	bool		covered = false;
	List	   *tconds;
	List	   *notpushed;
	HBaseOpKind shape = HBASE_OP_FULL;
	double		nkeys;
	List	   *key_quals;
	List	   *filter_quals;
	List	   *time_quals;

	/*
	 * Key conditions narrow the HBase operation; every qual is still checked
	 * locally, so the operation only has to return a superset of the rows.
	 */
	if (best_path->fdw_private)
	{
		index = intVal(list_nth(best_path->fdw_private, FdwPathPrivateIndex));
		covered = intVal(list_nth(best_path->fdw_private, FdwPathPrivateCovered));
	}
	plan_quals(ps, baserel, scan_clauses, index, &key_quals, &filter_quals, &time_quals);
	if (index > 0)
	{
		/*
		 * the index's key conditions; the data rows' cells are read by key,
		 * unfiltered
		 */
		conds = hbase_index_conditions(list_nth(ps->table->read_indexes, index - 1), baserel->relid,
								 key_quals, best_path->path.param_info != NULL, &exprs, NULL);
		fconds = NIL;
	}
	else
	{
		conds = hbase_key_conditions(ps->table, baserel->relid, key_quals,
									 best_path->path.param_info != NULL, &exprs, NULL);
		fconds = hbase_filter_conditions(ps->table, baserel->relid, filter_quals, &exprs);
	}
	scan_clauses_ri = scan_clauses;
	scan_clauses = extract_actual_clauses(scan_clauses, false);

	/*
	 * A LIMIT over this scan alone needs about that many rows: ask for them
	 * in the first page (more pages follow if local filters drop rows).
	 */
	firstpage = HBASE_FIRST_PAGE;
	if (root->limit_tuples > 0 && root->limit_tuples < firstpage &&
		bms_membership(root->all_baserels) == BMS_SINGLETON)
		firstpage = (int) Max(root->limit_tuples, 1);
	if (best_path->fdw_private)
	{
		order = intVal(list_nth(best_path->fdw_private, FdwPathPrivateRowOrder));
		salt_bytes = intVal(list_nth(best_path->fdw_private, FdwPathPrivateSaltBytes));
	}
	/* salted tables: one range per bucket, to merge or to read in parallel */
	split = index == 0 ? ps->table->layout != NULL && ps->table->pushdown &&
		(salt_bytes > 0 || ps->table->concurrency > 1) : salt_bytes > 0;
	tconds = index > 0 ? NIL :
		hbase_time_conditions(ps->table, baserel->relid, time_quals, &exprs);

	/*
	 * the conditions the key cannot use, and why (this path's operation: a
	 * join's Gets use more)
	 */
	if (index == 0)
		key_operation(ps->table, conds, exprs, &shape, &nkeys);
	notpushed = index > 0 ? NIL :
		hbase_key_not_pushed(ps->table, baserel->relid,
							 planner_rt_fetch(baserel->relid, root)->eref->aliasname,
							 scan_clauses_ri, shape);
	/* in the order of FdwScanPrivateIndex */
	fdw_private = list_make5(retrieved_attrs_of(ps), hbase_key_conds_to_list(conds), fconds,
							 makeInteger(firstpage), makeInteger(order));
	fdw_private = lappend(fdw_private, makeInteger(salt_bytes));
	fdw_private = lappend(fdw_private, makeInteger(split));
	fdw_private = lappend(fdw_private, tconds);
	fdw_private = lappend(fdw_private, notpushed);
	fdw_private = lappend(fdw_private, makeInteger(index));
	fdw_private = lappend(fdw_private, makeInteger(covered));

	tlist = scan_tlist(best_path, baserel, tlist);
	return make_foreignscan(tlist, scan_clauses, baserel->relid, exprs, fdw_private,
							result_scan_tlist(root, baserel, ps->table, scan_clauses),
							NIL, outer_plan);
}
