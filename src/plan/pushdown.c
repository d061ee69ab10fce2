/*
 * pushdown.c: which quals narrow the HBase operation (planning's
 * classification; keyplan.c derives the operation from them).
 *
 * At planning, quals on key columns (=, IN, <, <=, >, >=, IS NULL, LIKE with
 * a literal prefix or suffix) are recognized and kept as "key conditions"
 * whose values go to fdw_exprs (constants, parameters, outer columns of a
 * nested loop).  Quals on cells become cell filter conditions, those on
 * the :timestamp of a table of versions time conditions.  keyplan.c turns
 * them and their values into the HBase operation.
 *
 * Every qual stays a local filter too, so the operation only has to return
 * a superset of the matching rows.
 */
#include "postgres.h"

#include <math.h>

#include "access/htup_details.h"
#include "catalog/pg_collation.h"
#include "catalog/pg_database.h"
#include "catalog/pg_operator.h"
#include "miscadmin.h"
#include "nodes/primnodes.h"
#include "catalog/pg_type.h"
#include "utils/date.h"
#include "utils/timestamp.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/pathnodes.h"
#include "optimizer/clauses.h"
#include "optimizer/optimizer.h"
#include "rewrite/rewriteManip.h"
#include "mb/pg_wchar.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/numeric.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/ruleutils.h"
#include "utils/syscache.h"
#include "utils/typcache.h"

#include "plan_int.h"
#include "rowkey.h"

/*
 * Does a libc locale sort text as its UTF-8 bytes?  C and POSIX compare
 * bytes (strcmp); glibc's own C.UTF-8 (2.35 and later) compares code points,
 * whose order is that of their UTF-8 bytes.  PostgreSQL 15's
 * lc_collate_is_c() knows only the first two.
 */
static bool
locale_sorts_as_bytes(const char *locale)
{
	if (strcmp(locale, "C") == 0 || strcmp(locale, "POSIX") == 0)
		return true;
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 35))
	if (pg_strcasecmp(locale, "C.UTF-8") == 0 || pg_strcasecmp(locale, "C.UTF8") == 0)
		return true;
#endif
	return false;
}

/* the database's collation (pg_database.datcollate), NULL when not libc's */
static const char *
database_collate(void)
{
	static char *collate = NULL;
	static bool done = false;

	if (!done)
	{
		HeapTuple	tp = SearchSysCache1(DATABASEOID, ObjectIdGetDatum(MyDatabaseId));
		bool		isnull;
		Datum		d;

		if (!HeapTupleIsValid(tp))
			elog(ERROR, "cache lookup failed for database %u", MyDatabaseId);
		d = SysCacheGetAttr(DATABASEOID, tp, Anum_pg_database_datcollate, &isnull);
		if (!isnull && ((Form_pg_database) GETSTRUCT(tp))->datlocprovider == COLLPROVIDER_LIBC)
			collate = MemoryContextStrdup(TopMemoryContext, TextDatumGetCString(d));
		ReleaseSysCache(tp);
		done = true;
	}
	return collate;
}

/*
 * Does text under this collation sort as its UTF-8 bytes (the key's
 * order)?  "C", "POSIX", ucs_basic, any libc collation of locale C, POSIX
 * or C.UTF-8, and the database's default when its locale is one of these.
 * Only such a collation lets a range or ORDER BY on text use the key order.
 */
bool
hbase_collation_sorts_as_bytes(Oid coll)
{
	HeapTuple	tp;
	bool		result = false;

	if (coll == C_COLLATION_OID || coll == POSIX_COLLATION_OID)
		return true;
	if (!OidIsValid(coll))
		return false;
	if (coll == DEFAULT_COLLATION_OID)
		return database_collate() != NULL && locale_sorts_as_bytes(database_collate());
	tp = SearchSysCache1(COLLOID, ObjectIdGetDatum(coll));
	if (!HeapTupleIsValid(tp))
		return false;
	if (((Form_pg_collation) GETSTRUCT(tp))->collprovider == COLLPROVIDER_LIBC &&
		((Form_pg_collation) GETSTRUCT(tp))->collisdeterministic)
	{
		bool		isnull;
		Datum		d = SysCacheGetAttr(COLLOID, tp, Anum_pg_collation_collcollate, &isnull);

		result = !isnull && locale_sorts_as_bytes(TextDatumGetCString(d));
	}
	ReleaseSysCache(tp);
	return result;
}

/* a collation's name for a message: the database's locale for the default */
static char *
collation_label(Oid coll)
{
	if (coll == DEFAULT_COLLATION_OID && database_collate() != NULL)
		return psprintf("\"%s\" (the database's)", database_collate());
	return psprintf("\"%s\"", OidIsValid(coll) ? get_collation_name(coll) : "none");
}

/*
 * Why a value cannot be a key condition's (NULL: it can): one that reads a
 * volatile function, the table's own columns, or (allow_outer false) other
 * relations' columns, or runs subplans or aggregates.  Only expressions
 * ExecInitExpr can run alone at the scan's start are values.
 */
static const char *
unusable_value(Expr *e, Index relid, bool allow_outer)
{
	Relids		varnos;

	if (contain_volatile_functions((Node *) e))
		return "the value calls a volatile function; compute it first (a parameter or a subquery)";
	varnos = pull_varnos(NULL, (Node *) e);
	if (bms_is_member(relid, varnos))
		return "the value reads the table's own columns";
	if (!allow_outer && !bms_is_empty(varnos))
		return "the value reads another table's columns";
	if (contain_subplans((Node *) e) || contain_agg_clause((Node *) e))
		return "the value runs a subquery";
	return NULL;
}

/* a value the scan can compute without reading the foreign table itself */
static bool
usable_value(Expr *e, Index relid, bool allow_outer)
{
	return unusable_value(e, relid, allow_outer) == NULL;
}

static HBaseColumn *
key_column(Expr *e, Index relid, HBaseTable *t)
{
	Var		   *v;

	while (IsA(e, RelabelType))
		e = ((RelabelType *) e)->arg;
	if (!IsA(e, Var))
		return NULL;
	v = (Var *) e;
	if ((Index) v->varno != relid || v->varattno <= 0 || v->varattno > t->natts || v->varlevelsup != 0)
		return NULL;
	if (t->columns[v->varattno - 1].kind != HBASE_COL_KEYPART)
		return NULL;
	return &t->columns[v->varattno - 1];
}

/*
 * An integer key column cast to numeric (int_col >= 2.5 compares
 * int_col::numeric): the column, else NULL.  The cast changes no order, so
 * the numeric bound becomes an exact integer one (crosstype.c).
 */
static HBaseColumn *
numeric_key_column(Expr *e, Index relid, HBaseTable *t)
{
	FuncExpr   *f = (FuncExpr *) e;
	HBaseColumn *col;

	if (!IsA(e, FuncExpr) || list_length(f->args) != 1 ||
		(f->funcid != F_NUMERIC_INT2 && f->funcid != F_NUMERIC_INT4 && f->funcid != F_NUMERIC_INT8))
		return NULL;
	col = key_column(linitial(f->args), relid, t);
	return col && hbase_is_int_type(col->atttypid) ? col : NULL;
}

/* a key column under a cast or function: the column, for "not pushed" notes */
static HBaseColumn *
key_column_within(Expr *e, Index relid, HBaseTable *t)
{
	HBaseColumn *col = key_column(e, relid, t);
	List	   *vars;
	ListCell   *lc;

	if (col)
		return col;
	vars = pull_var_clause((Node *) e, PVC_RECURSE_AGGREGATES | PVC_RECURSE_WINDOWFUNCS |
						   PVC_RECURSE_PLACEHOLDERS);
	foreach(lc, vars)
		if ((col = key_column(lfirst(lc), relid, t)) != NULL)
			return col;
	return NULL;
}

/* can a value of type vtype bound a column of type ctype (pushdown and crosstype.c)? */
static bool
comparable_types(Oid ctype, Oid vtype)
{
	return vtype == ctype ||
		(hbase_is_int_type(vtype) && hbase_is_int_type(ctype)) ||
		(hbase_is_text_type(vtype) && hbase_is_text_type(ctype)) ||
		(hbase_is_datetime_type(vtype) && hbase_is_datetime_type(ctype));
}

/*
 * Does some part of the key keep this column's order (a range on it can
 * bound a scan), or does a hash prefix take its values one by one (a range
 * of integers or days, expand_hash_ranges)?
 */
static bool
column_ordered(HBaseTable *t, HBaseColumn *col)
{
	int			nparts = hbase_rk_nparts(t->layout);
	int			pcols[64];
	int			np,
				i;

	for (i = 0; i < nparts; i++)
	{
		rk_part_info pi;

		hbase_rk_part(t->layout, i, &pi);
		if (pi.kind == RK_PART_COLUMN && pi.column == col->attnum - 1 &&
			(pi.order != RK_ORDER_NONE || pi.plain_text || pi.reversed_text))
			return true;
	}
	np = hbase_rk_prefix_columns(t->layout, pcols, lengthof(pcols));
	for (i = 0; i < np && i < (int) lengthof(pcols); i++)
		if (pcols[i] == col->attnum - 1 &&
			(hbase_is_int_type(col->atttypid) || col->atttypid == DATEOID))
			return true;
	return false;
}

/* the literal prefix of a LIKE pattern, and whether it is '%' + literal */
static void
like_parts(const char *pat, char **prefix, char **suffix)
{
	StringInfoData b;
	const char *p;

	*prefix = NULL;
	*suffix = NULL;
	initStringInfo(&b);
	for (p = pat; *p && *p != '%' && *p != '_'; p++)
	{
		if (*p == '\\')
		{
			if (p[1] == '\0')
				break;
			p++;
		}
		appendStringInfoChar(&b, *p);
	}
	if (b.len > 0)
		*prefix = b.data;
	if (pat[0] == '%' && pat[1] != '\0')
	{
		/* only plain characters after the leading % */
		for (p = pat + 1; *p; p++)
			if (*p == '%' || *p == '_' || *p == '\\')
				return;
		*suffix = pstrdup(pat + 1);
	}
}

/*
 * The key column of one side of a comparison: the column itself, or an
 * integer column cast to numeric (*as_numeric); else NULL.
 */
static HBaseColumn *
compared_column(Expr *e, Index relid, HBaseTable *t, bool *as_numeric)
{
	HBaseColumn *col = key_column(e, relid, t);

	*as_numeric = false;
	if (col == NULL && (col = numeric_key_column(e, relid, t)) != NULL)
		*as_numeric = true;
	return col;
}

/*
 * Why a comparison whose sides are not a key column and a value leaves the
 * key alone, when one side holds a key column: cast to another type (a
 * cross-type comparison), or inside an expression.  NULL otherwise.
 */
static const char *
column_in_expression(Expr *l, Expr *r, Index relid, HBaseTable *t)
{
	Expr	   *e = l;
	HBaseColumn *col = key_column_within(l, relid, t);

	if (col == NULL)
	{
		e = r;
		col = key_column_within(r, relid, t);
	}
	if (col == NULL)
		return NULL;
	while (IsA(e, RelabelType))
		e = ((RelabelType *) e)->arg;
	if ((IsA(e, FuncExpr) && ((FuncExpr *) e)->funcformat != COERCE_EXPLICIT_CALL) ||
		IsA(e, CoerceViaIO))
		return psprintf("a cross-type comparison: the column is cast to %s; compare it with a value of type %s",
						format_type_be(exprType((Node *) e)), format_type_be(col->atttypid));
	return "the key column is inside an expression; compare the column itself";
}

/* why a text key column's comparison under collation coll cannot narrow the key */
static const char *
text_collation_problem(Oid coll, bool equality)
{
	if (!OidIsValid(coll) || !get_collation_isdeterministic(coll))
		return psprintf("collation %s is nondeterministic; declare the column COLLATE \"C\"",
						collation_label(coll));
	if (!equality && !hbase_collation_sorts_as_bytes(coll))
		return psprintf("collation %s does not sort as bytes; declare the column COLLATE \"C\"",
						collation_label(coll));
	return NULL;
}

/* <> or NOT IN on a key column: the one reason compared by address (hbase_key_not_pushed) */
static const char not_equal_reason[] = "<> and NOT IN leave every other value: no key range skips a value, so the rows read are filtered here";

/*
 * LIKE 'literal%' (or '%literal' on a reversed part) on a text key column
 * (key_condition's OpExpr): a prefix or suffix condition; its collation
 * must be deterministic.
 */
static bool
like_key_condition(OpExpr *op, Const *pattern, HBaseTable *t, HBaseColumn *col,
				   HBaseColumn **colp, HBaseKeyOp *opp, Expr **valp, const char **why)
{
	char	   *prefix,
			   *suffix;

	if ((*why = text_collation_problem(op->inputcollid, true)) != NULL)
		return false;
	like_parts(TextDatumGetCString(pattern->constvalue), &prefix, &suffix);
	if (prefix)
	{
		*opp = HBASE_KEY_PREFIX;
		*valp = (Expr *) makeConst(TEXTOID, -1, DEFAULT_COLLATION_OID, -1,
								   CStringGetTextDatum(prefix), false, false);
	}
	else if (suffix)
	{
		*opp = HBASE_KEY_SUFFIX;
		*valp = (Expr *) makeConst(TEXTOID, -1, DEFAULT_COLLATION_OID, -1,
								   CStringGetTextDatum(suffix), false, false);
	}
	else
		return false;
	if (!column_ordered(t, col))
		*why = "no part of the key keeps the column's order";
	*colp = col;
	return true;
}

/*
 * column op value, either way round (key_condition's binary operators): a
 * comparison of the column type's btree family, or LIKE
 * (like_key_condition).
 */
static bool
op_key_condition(OpExpr *op, Index relid, HBaseTable *t, bool allow_outer,
				 HBaseColumn **colp, HBaseKeyOp *opp, Expr **valp, const char **why)
{
	Expr	   *l = linitial(op->args);
	Expr	   *r = lsecond(op->args);
	HBaseColumn *col;
	bool		commuted = false;
	bool		as_numeric;
	TypeCacheEntry *tce;
	int			strategy;
	Oid			vtype;
	Oid			ctype;

	col = compared_column(l, relid, t, &as_numeric);
	if (col == NULL)
	{
		col = compared_column(r, relid, t, &as_numeric);
		commuted = true;
		r = l;
	}
	if (col == NULL)
	{
		*why = column_in_expression(l, lsecond(op->args), relid, t);
		return false;
	}
	if ((*why = unusable_value(r, relid, allow_outer)) != NULL)
		return false;
	vtype = exprType((Node *) r);
	ctype = as_numeric ? NUMERICOID : col->atttypid;

	/* LIKE on text: a literal prefix (or suffix, for reversed parts) */
	if (get_opcode(op->opno) == F_TEXTLIKE && !commuted && IsA(r, Const) &&
		!((Const *) r)->constisnull && hbase_is_text_type(col->atttypid))
		return like_key_condition(op, (Const *) r, t, col, colp, opp, valp, why);

	/*
	 * a comparison of the column type's default btree family: the same type,
	 * integers, text, dates and timestamps among themselves, and an integer
	 * column cast to numeric (crosstype.c makes the bounds)
	 */
	if (!comparable_types(ctype, vtype))
	{
		*why = psprintf("a cross-type comparison of %s with %s; compare it with a value of type %s",
						format_type_be(col->atttypid), format_type_be(vtype),
						format_type_be(col->atttypid));
		return false;
	}
	tce = lookup_type_cache(ctype, TYPECACHE_BTREE_OPFAMILY);
	if (!OidIsValid(tce->btree_opf))
		return false;
	strategy = get_op_opfamily_strategy(op->opno, tce->btree_opf);
	if (strategy == 0 && OidIsValid(get_negator(op->opno)) &&
		get_op_opfamily_strategy(get_negator(op->opno), tce->btree_opf) == BTEqualStrategyNumber)
	{
		*why = not_equal_reason;
		return false;
	}
	if (strategy == 0)
		return false;
	if (commuted)
		strategy = strategy == BTLessStrategyNumber ? BTGreaterStrategyNumber :
			strategy == BTLessEqualStrategyNumber ? BTGreaterEqualStrategyNumber :
			strategy == BTGreaterStrategyNumber ? BTLessStrategyNumber :
			strategy == BTGreaterEqualStrategyNumber ? BTLessEqualStrategyNumber : strategy;

	/*
	 * text: equality needs a deterministic collation, ranges one that sorts
	 * as bytes
	 */
	if (hbase_is_text_type(col->atttypid) &&
		(*why = text_collation_problem(op->inputcollid, strategy == BTEqualStrategyNumber)) != NULL)
		return false;
	switch (strategy)
	{
		case BTLessStrategyNumber:
			*opp = HBASE_KEY_LT;
			break;
		case BTLessEqualStrategyNumber:
			*opp = HBASE_KEY_LE;
			break;
		case BTEqualStrategyNumber:
			*opp = HBASE_KEY_EQ;
			break;
		case BTGreaterEqualStrategyNumber:
			*opp = HBASE_KEY_GE;
			break;
		case BTGreaterStrategyNumber:
			*opp = HBASE_KEY_GT;
			break;
		default:
			return false;
	}
	if (strategy != BTEqualStrategyNumber && !column_ordered(t, col))
		*why = "no part of the key keeps the column's order";
	*colp = col;
	*valp = r;
	return true;
}

/*
 * column = ANY (array), IN (...) (key_condition's ScalarArrayOpExpr); NOT
 * IN and <> ALL only tell why not.
 */
static bool
array_key_condition(ScalarArrayOpExpr *sa, Index relid, HBaseTable *t, bool allow_outer,
					HBaseColumn **colp, HBaseKeyOp *opp, Expr **valp, const char **why)
{
	bool		as_numeric;
	HBaseColumn *col = compared_column(linitial(sa->args), relid, t, &as_numeric);
	Expr	   *r = lsecond(sa->args);
	TypeCacheEntry *tce;
	Oid			elemtype;
	Oid			ctype;

	if (col == NULL)
	{
		*why = column_in_expression(linitial(sa->args), r, relid, t);
		return false;
	}
	if (!sa->useOr)
	{
		/* NOT IN (...), <> ALL: as <> */
		if (OidIsValid(get_negator(sa->opno)) &&
			(tce = lookup_type_cache(col->atttypid, TYPECACHE_BTREE_OPFAMILY)) != NULL &&
			OidIsValid(tce->btree_opf) &&
			get_op_opfamily_strategy(get_negator(sa->opno), tce->btree_opf) == BTEqualStrategyNumber)
			*why = not_equal_reason;
		return false;
	}
	if ((*why = unusable_value(r, relid, allow_outer)) != NULL)
		return false;
	elemtype = get_element_type(exprType((Node *) r));
	ctype = as_numeric ? NUMERICOID : col->atttypid;
	if (!comparable_types(ctype, elemtype))
	{
		*why = psprintf("a cross-type comparison of %s with %s; compare it with values of type %s",
						format_type_be(col->atttypid), format_type_be(elemtype),
						format_type_be(col->atttypid));
		return false;
	}
	tce = lookup_type_cache(ctype, TYPECACHE_BTREE_OPFAMILY);
	if (!OidIsValid(tce->btree_opf) ||
		get_op_opfamily_strategy(sa->opno, tce->btree_opf) != BTEqualStrategyNumber)
		return false;
	if (hbase_is_text_type(col->atttypid) &&
		(*why = text_collation_problem(sa->inputcollid, true)) != NULL)
		return false;
	*colp = col;
	*opp = HBASE_KEY_IN;
	*valp = r;
	return true;
}

/*
 * One clause: is it a key condition?  On success sets the column, the
 * operator class and the value expression.  One entry for every form a
 * key condition takes, one function per node type (an operator either way
 * round: op_key_condition, LIKE in like_key_condition; = ANY / IN:
 * array_key_condition; IS NULL and a boolean column alone here; row
 * comparisons: row_condition), so that what makes a clause a key condition
 * starts in one place.  *why (when
 * not NULL) tells of a clause on a key column why the key cannot use it:
 * set when false is returned, or with true when no part of the key keeps
 * the column's order for a range.
 */
static bool
key_condition(Expr *clause, Index relid, HBaseTable *t, bool allow_outer,
			  HBaseColumn **colp, HBaseKeyOp *opp, Expr **valp, const char **why)
{
	const char *dummy;

	if (why == NULL)
		why = &dummy;
	*why = NULL;
	if (IsA(clause, OpExpr) && list_length(((OpExpr *) clause)->args) == 2)
		return op_key_condition((OpExpr *) clause, relid, t, allow_outer, colp, opp, valp, why);
	if (IsA(clause, ScalarArrayOpExpr))
		return array_key_condition((ScalarArrayOpExpr *) clause, relid, t, allow_outer, colp,
								   opp, valp, why);
	if (IsA(clause, NullTest))
	{
		NullTest   *nt = (NullTest *) clause;
		HBaseColumn *col = key_column(nt->arg, relid, t);

		if (col == NULL || nt->nulltesttype != IS_NULL || nt->argisrow)
			return false;
		*colp = col;
		*opp = HBASE_KEY_ISNULL;
		*valp = NULL;
		return true;
	}
	/* a boolean key column alone: the planner's form of b = true (NOT b: b = false) */
	{
		bool		negated = is_notclause(clause);
		HBaseColumn *col = key_column(negated ? get_notclausearg(clause) : clause, relid, t);

		if (col != NULL && col->atttypid == BOOLOID)
		{
			*colp = col;
			*opp = HBASE_KEY_EQ;
			*valp = (Expr *) makeBoolConst(!negated, false);
			return true;
		}
	}
	return false;
}

/*
 * (k1, k2, ...) > (v1, v2, ...) and the like, on key columns (keyset
 * pagination); NULL if it is not one.  Whether the columns follow the key
 * is checked with the values.
 */
static HBaseKeyCond *
row_condition(RowCompareExpr *rc, Index relid, HBaseTable *t, bool allow_outer, List **exprs)
{
	HBaseKeyCond *cond;
	ListCell   *l,
			   *r,
			   *o,
			   *cl;
	HBaseKeyOp	op;
	int			strategy;
	int			n = 0;
	List	   *values = NIL;

	switch (rc->rctype)
	{
		case ROWCOMPARE_LT:
			op = HBASE_KEY_LT;
			strategy = BTLessStrategyNumber;
			break;
		case ROWCOMPARE_LE:
			op = HBASE_KEY_LE;
			strategy = BTLessEqualStrategyNumber;
			break;
		case ROWCOMPARE_GE:
			op = HBASE_KEY_GE;
			strategy = BTGreaterEqualStrategyNumber;
			break;
		case ROWCOMPARE_GT:
			op = HBASE_KEY_GT;
			strategy = BTGreaterStrategyNumber;
			break;
		default:
			return NULL;
	}
	cond = palloc0(sizeof(HBaseKeyCond));
	cond->op = op;
	cond->expr = -1;
	cond->nrow = list_length(rc->largs);
	cond->row_attnums = palloc(sizeof(AttrNumber) * cond->nrow);
	cond->row_exprs = palloc(sizeof(int) * cond->nrow);
	forfour(l, rc->largs, r, rc->rargs, o, rc->opnos, cl, rc->inputcollids)
	{
		HBaseColumn *col = key_column(lfirst(l), relid, t);
		Expr	   *v = lfirst(r);
		Oid			vtype = exprType((Node *) v);
		TypeCacheEntry *tce;
		int			s;

		if (col == NULL || !usable_value(v, relid, allow_outer))
			return NULL;

		/*
		 * a date against a timestamp ...: keyplan.c makes it exact
		 * (crosstype.c)
		 */
		if (!comparable_types(col->atttypid, vtype))
			return NULL;
		tce = lookup_type_cache(col->atttypid, TYPECACHE_BTREE_OPFAMILY);
		if (!OidIsValid(tce->btree_opf))
			return NULL;
		s = get_op_opfamily_strategy(lfirst_oid(o), tce->btree_opf);
		if (s != strategy)
			return NULL;
		/* text compares as bytes only under a collation that sorts as bytes */
		if (hbase_is_text_type(col->atttypid) && !hbase_collation_sorts_as_bytes(lfirst_oid(cl)))
			return NULL;
		values = lappend(values, v);
		cond->row_attnums[n] = col->attnum;
		cond->row_exprs[n] = list_length(*exprs) + n;
		n++;
	}
	/* the values join the expressions only when the whole row qualifies */
	*exprs = list_concat(*exprs, values);
	return cond;
}

/*
 * A row comparison whose leading columns an equality fixes to the row's own
 * leading values: (a, b, c) > (A, B, C) AND a = A AND b = B.  Among the rows
 * that pass the equalities it means (c) > (C), so the leading elements are
 * dropped and a one-column row becomes a plain comparison: the key range then
 * starts right after the bound, where the whole row would start at the fixed
 * prefix (keyplan.c places a row only after parts fixed by =; the row itself
 * stays a local filter, as every qual does).  The values must be the same
 * expression (equal(): a constant, a parameter, an outer column), so they are
 * equal whatever the execution gives them.
 */
static void
strip_fixed_row_heads(List *conds, List *exprs)
{
	ListCell   *lc;

	foreach(lc, conds)
	{
		HBaseKeyCond *c = lfirst(lc);
		int			drop = 0;

		if (c->nrow < 2)
			continue;
		while (drop < c->nrow - 1)
		{
			Expr	   *rowval = list_nth(exprs, c->row_exprs[drop]);
			ListCell   *ec;
			bool		fixed = false;

			foreach(ec, conds)
			{
				HBaseKeyCond *e = lfirst(ec);

				if (e->nrow == 0 && e->op == HBASE_KEY_EQ && e->expr >= 0 &&
					e->attnum == c->row_attnums[drop] &&
					equal(list_nth(exprs, e->expr), rowval))
				{
					fixed = true;
					break;
				}
			}
			if (!fixed)
				break;
			drop++;
		}
		if (drop == 0)
			continue;
		c->nrow -= drop;
		memmove(c->row_attnums, c->row_attnums + drop, sizeof(AttrNumber) * c->nrow);
		memmove(c->row_exprs, c->row_exprs + drop, sizeof(int) * c->nrow);
		if (c->nrow == 1)
		{
			c->attnum = c->row_attnums[0];
			c->expr = c->row_exprs[0];
			c->nrow = 0;
		}
	}
}

/*
 * The key conditions among clauses (RestrictInfos), as HBaseKeyCond; value
 * expressions are appended to *exprs (the conditions index them).
 * allow_outer: values may use other relations' columns (join).
 */
List *
hbase_key_conditions(HBaseTable *t, Index relid, List *clauses, bool allow_outer,
					 List **exprs, List **matched)
{
	List	   *conds = NIL;
	ListCell   *lc;

	if (t->layout == NULL || !t->pushdown)
		return NIL;
	foreach(lc, clauses)
	{
		RestrictInfo *ri = lfirst(lc);
		HBaseColumn *col;
		HBaseKeyOp	op;
		Expr	   *val;
		HBaseKeyCond *c;

		if (IsA(ri->clause, RowCompareExpr))
			c = row_condition((RowCompareExpr *) ri->clause, relid, t, allow_outer, exprs);
		else if (key_condition(ri->clause, relid, t, allow_outer, &col, &op, &val, NULL))
		{
			c = palloc0(sizeof(HBaseKeyCond));
			c->attnum = col->attnum;
			c->op = op;
			c->expr = -1;
			if (val)
			{
				*exprs = lappend(*exprs, val);
				c->expr = list_length(*exprs) - 1;
			}
		}
		else
			continue;
		if (c == NULL)
			continue;
		conds = lappend(conds, c);
		if (matched)
			*matched = lappend(*matched, ri);
	}
	strip_fixed_row_heads(conds, *exprs);
	return conds;
}

/*
 * The one classification of a relation's restriction quals (quals:
 * RestrictInfos, at GetForeignRelSize) into classes (HBaseQualClasses,
 * plan_int.h): the key conditions, each qual a value filter or the time
 * range can use, and for each Phoenix index of the table the quals its key
 * can use (the index paths, paths.c); the rest are local.  Each qual is
 * judged alone (the
 * derivations take them one by one), so the paths and GetForeignPlan,
 * given the members of a class in any order, derive what a derivation over
 * every qual would have.  Returns the key conditions of the quals, their
 * values appended to *exprs: the operation of the relation without join
 * clauses.
 */
List *
hbase_classify_quals(HBaseTable *t, Index relid, List *quals, HBaseQualClasses *classes,
					 List **exprs)
{
	List	   *conds;
	ListCell   *lc;

	memset(classes, 0, sizeof(HBaseQualClasses));
	conds = hbase_key_conditions(t, relid, quals, false, exprs, &classes->key);
	foreach(lc, quals)
	{
		RestrictInfo *ri = lfirst(lc);
		List	   *one = list_make1(ri);
		List	   *scratch = NIL;

		if (hbase_filter_conditions(t, relid, one, &scratch) != NIL)
			classes->filter = lappend(classes->filter, ri);
		if (hbase_time_conditions(t, relid, one, &scratch) != NIL)
			classes->time = lappend(classes->time, ri);
	}
	foreach(lc, t->read_indexes)
	{
		HBaseReadIndex *ix = lfirst(lc);
		List	   *scratch = NIL;
		List	   *found = NIL;

		hbase_key_conditions(ix->table, relid, quals, false, &scratch, &found);
		classes->index_key = lappend(classes->index_key, found);
	}
	return conds;
}

/*
 * Key conditions to and from fdw_private (plans are copied and may be
 * written out: only Lists of integers travel).  Each is an integer list
 * (attnum, op, expr, nrow, row attnum 1, row expr 1, ...).
 */
List *
hbase_key_conds_to_list(List *conds)
{
	List	   *out = NIL;
	ListCell   *lc;

	foreach(lc, conds)
	{
		HBaseKeyCond *c = lfirst(lc);
		List	   *l = list_make4_int(c->attnum, c->op, c->expr, c->nrow);
		int			i;

		for (i = 0; i < c->nrow; i++)
		{
			l = lappend_int(l, c->row_attnums[i]);
			l = lappend_int(l, c->row_exprs[i]);
		}
		out = lappend(out, l);
	}
	return out;
}

List *
hbase_key_conds_from_list(List *list)
{
	List	   *out = NIL;
	ListCell   *lc;

	foreach(lc, list)
	{
		List	   *l = lfirst(lc);
		HBaseKeyCond *c = palloc0(sizeof(HBaseKeyCond));
		int			i;

		c->attnum = list_nth_int(l, 0);
		c->op = list_nth_int(l, 1);
		c->expr = list_nth_int(l, 2);
		c->nrow = list_nth_int(l, 3);
		if (c->nrow > 0)
		{
			c->row_attnums = palloc(sizeof(AttrNumber) * c->nrow);
			c->row_exprs = palloc(sizeof(int) * c->nrow);
		}
		for (i = 0; i < c->nrow; i++)
		{
			c->row_attnums[i] = list_nth_int(l, 4 + 2 * i);
			c->row_exprs[i] = list_nth_int(l, 5 + 2 * i);
		}
		out = lappend(out, c);
	}
	return out;
}

/*
 * A binary operator clause between a column of this table (relabelings
 * stripped) and something else: the column, the operator, the other side
 * and whether the column was on the right; NULL for any other clause.
 */
static HBaseColumn *
column_op_value(HBaseTable *t, Index relid, Expr *clause, OpExpr **op, Expr **value,
				bool *commuted)
{
	Expr	   *l,
			   *r;
	Var		   *v;

	*op = (OpExpr *) clause;
	*commuted = false;
	if (!IsA(*op, OpExpr) || list_length((*op)->args) != 2)
		return NULL;
	l = linitial((*op)->args);
	r = lsecond((*op)->args);
	while (IsA(l, RelabelType))
		l = ((RelabelType *) l)->arg;
	if (!IsA(l, Var))
	{
		Expr	   *tmp = r;

		r = l;
		l = tmp;
		*commuted = true;
		while (IsA(l, RelabelType))
			l = ((RelabelType *) l)->arg;
	}
	if (!IsA(l, Var))
		return NULL;
	v = (Var *) l;
	if ((Index) v->varno != relid || v->varattno <= 0 || v->varattno > t->natts ||
		v->varlevelsup != 0)
		return NULL;
	*value = r;
	return &t->columns[v->varattno - 1];
}

/*
 * What a value filter can do with a cell column: its bytes compared whole
 * (equality, or order too when bytes sort like the values), as text for
 * LIKE, or only its presence (IS NULL).
 */
typedef enum CellClass
{
	CELL_PRESENCE,				/* IS [NOT] NULL only */
	CELL_TEXT,					/* UTF-8 text */
	CELL_BYTEA,					/* raw bytes */
	CELL_INT,					/* a binary or Phoenix integer, or text_width
								 * digits */
	CELL_DATE,					/* a date as text: ISO YYYY-MM-DD (vfilter.c) */
	CELL_TIMESTAMP				/* a timestamp as text: ISO, no time zone */
} CellClass;

static CellClass
cell_class(HBaseColumn *col)
{
	if (col->atttypid == BYTEAOID)
		return CELL_BYTEA;
	/* varchar(n) reads a longer cell cut at trailing spaces: not its bytes */
	if ((col->atttypid == TEXTOID || (col->atttypid == VARCHAROID && col->atttypmod < 0)) &&
		col->phoenix_type != HBASE_PHX_CHAR)
		return CELL_TEXT;
	/*
	 * Java's Bytes.toBytes, Phoenix's sign-flipped form of the type's width,
	 * or text_width's zero-padded digits
	 */
	if (hbase_is_int_type(col->atttypid) &&
		(col->encoding == HBASE_ENC_BINARY || col->text_width > 0 ||
		 (col->encoding == HBASE_ENC_PHOENIX && col->phoenix_type == HBASE_PHX_DEFAULT)))
		return CELL_INT;
	/* text of dates and timestamps: their ISO forms sort like their values */
	if (col->encoding == HBASE_ENC_TEXT && col->atttypid == DATEOID)
		return CELL_DATE;
	if (col->encoding == HBASE_ENC_TEXT && col->atttypid == TIMESTAMPOID)
		return CELL_TIMESTAMP;
	return CELL_PRESENCE;
}

/* a value filter leaf: (op, attnum, fdw_exprs index of the value or -1) */
static List *
vf_leaf(HBaseFilterOp op, HBaseColumn *col, Expr *value, List **exprs)
{
	if (value == NULL)
		return list_make3_int(op, col->attnum, -1);
	*exprs = lappend(*exprs, value);
	return list_make3_int(op, col->attnum, list_length(*exprs) - 1);
}

/* the negation of a comparison, where neither side is NULL */
static HBaseFilterOp
vf_negate(HBaseFilterOp op)
{
	switch (op)
	{
		case HBASE_VF_EQ:
			return HBASE_VF_NE;
		case HBASE_VF_NE:
			return HBASE_VF_EQ;
		case HBASE_VF_LT:
			return HBASE_VF_GE;
		case HBASE_VF_LE:
			return HBASE_VF_GT;
		case HBASE_VF_GT:
			return HBASE_VF_LE;
		case HBASE_VF_GE:
			return HBASE_VF_LT;
		case HBASE_VF_IN:
			return HBASE_VF_NOT_IN;
		case HBASE_VF_NOT_IN:
			return HBASE_VF_IN;
		case HBASE_VF_ISNULL:
			return HBASE_VF_NOTNULL;
		case HBASE_VF_NOTNULL:
			return HBASE_VF_ISNULL;
		default:
			return -1;			/* LIKE: NOT LIKE is no superset of anything */
	}
}

/*
 * A comparison operator of the column type's btree family as a filter
 * operator (<> by its negator, =), or -1; commuted: the column was on the
 * right.
 */
static int
vf_compare_op(Oid opno, Oid ctype, bool commuted)
{
	TypeCacheEntry *tce = lookup_type_cache(ctype, TYPECACHE_BTREE_OPFAMILY);
	static const HBaseFilterOp by_strategy[] = {-1, HBASE_VF_LT, HBASE_VF_LE, HBASE_VF_EQ,
	HBASE_VF_GE, HBASE_VF_GT};
	int			strategy;

	if (!OidIsValid(tce->btree_opf))
		return -1;
	strategy = get_op_opfamily_strategy(opno, tce->btree_opf);
	if (strategy == 0)
	{
		Oid			neg = get_negator(opno);

		if (OidIsValid(neg) &&
			get_op_opfamily_strategy(neg, tce->btree_opf) == BTEqualStrategyNumber)
			return HBASE_VF_NE;
		return -1;
	}
	if (commuted)
		strategy = BTMaxStrategyNumber + 1 - strategy;
	return by_strategy[strategy];
}

/*
 * Can the bytes of a cell of this class answer op on a value of type vtype
 * under collation coll?  Equality needs equal bytes for equal values only
 * (a deterministic collation); order needs bytes that sort like the values
 * (a collation that sorts as bytes, a database whose text is its UTF-8
 * bytes).
 */
static bool
vf_comparable(CellClass cls, Oid vtype, HBaseFilterOp op, Oid coll)
{
	bool		equality = op == HBASE_VF_EQ || op == HBASE_VF_NE ||
		op == HBASE_VF_IN || op == HBASE_VF_NOT_IN;

	switch (cls)
	{
		case CELL_TEXT:
			if (!hbase_is_text_type(vtype) || !OidIsValid(coll) ||
				!get_collation_isdeterministic(coll))
				return false;
			return equality || (hbase_collation_sorts_as_bytes(coll) &&
								(GetDatabaseEncoding() == PG_UTF8 ||
								 GetDatabaseEncoding() == PG_SQL_ASCII));
		case CELL_BYTEA:
			return vtype == BYTEAOID;
		case CELL_INT:
			return hbase_is_int_type(vtype);
		case CELL_DATE:
			return vtype == DATEOID;
		case CELL_TIMESTAMP:
			return vtype == TIMESTAMPOID;
		default:
			return false;
	}
}

/* the literal that every match of a LIKE pattern holds after its leading %: ASCII only */
static char *
like_inner_literal(const char *pat)
{
	StringInfoData b;
	const char *p;

	if (pat[0] != '%')
		return NULL;
	initStringInfo(&b);
	for (p = pat; *p == '%'; p++)
		;
	for (; *p && *p != '%' && *p != '_'; p++)
	{
		/* SubstringComparator lowercases both sides: ASCII alone lowercases alike */
		if (*p == '\\' || (unsigned char) *p >= 0x80)
			return NULL;
		appendStringInfoChar(&b, *p);
	}
	return b.len > 0 ? b.data : NULL;
}

/*
 * One qual as a value filter condition, NOT pushed into it (negated), or NIL
 * when HBase cannot filter it.  AND keeps the arguments that can travel (a
 * superset of its rows); OR travels only whole.  NOT (v < 5) is v >= 5: both
 * drop a NULL v, as SQL does.
 */
static List *
vf_condition(HBaseTable *t, Index relid, Expr *clause, bool negated, List **exprs)
{
	if (IsA(clause, BoolExpr))
	{
		BoolExpr   *b = (BoolExpr *) clause;
		bool		and = (b->boolop == AND_EXPR) != negated;
		List	   *args = NIL;
		int			nexprs = list_length(*exprs);
		ListCell   *lc;

		if (b->boolop == NOT_EXPR)
			return vf_condition(t, relid, linitial(b->args), !negated, exprs);
		foreach(lc, b->args)
		{
			List	   *a = vf_condition(t, relid, lfirst(lc), negated, exprs);

			if (a != NIL)
				args = lappend(args, a);
			else if (!and)
			{
				/* an OR travels whole or not at all: forget its values */
				*exprs = list_truncate(*exprs, nexprs);
				return NIL;
			}
		}
		if (args == NIL)
			return NIL;
		if (list_length(args) == 1)
			return linitial(args);
		return lcons(list_make1_int(and ? HBASE_VF_AND : HBASE_VF_OR), args);
	}
	if (IsA(clause, NullTest))
	{
		NullTest   *nt = (NullTest *) clause;
		Expr	   *arg = nt->arg;
		Var		   *v;

		while (IsA(arg, RelabelType))
			arg = ((RelabelType *) arg)->arg;
		v = (Var *) arg;
		if (nt->argisrow || !IsA(v, Var) || (Index) v->varno != relid || v->varlevelsup != 0 ||
			v->varattno <= 0 || v->varattno > t->natts ||
			t->columns[v->varattno - 1].kind != HBASE_COL_CELL ||
			t->columns[v->varattno - 1].element > 0)
			return NIL;
		return vf_leaf((nt->nulltesttype == IS_NULL) != negated ? HBASE_VF_ISNULL : HBASE_VF_NOTNULL,
					   &t->columns[v->varattno - 1], NULL, exprs);
	}
	if (IsA(clause, ScalarArrayOpExpr))
	{
		ScalarArrayOpExpr *sa = (ScalarArrayOpExpr *) clause;
		OpExpr		op;
		OpExpr	   *opp;
		Expr	   *r;
		HBaseColumn *col;
		int			cmp;
		bool		commuted;

		/* col = ANY (array) or col <> ALL (array), seen as one comparison */
		memset(&op, 0, sizeof(op));
		op.xpr.type = T_OpExpr;
		op.args = sa->args;
		col = column_op_value(t, relid, (Expr *) &op, &opp, &r, &commuted);
		if (col == NULL || commuted || col->kind != HBASE_COL_CELL || col->element > 0 ||
			!usable_value(r, relid, false))
			return NIL;
		cmp = vf_compare_op(sa->opno, col->atttypid, false);
		if (cmp == HBASE_VF_EQ && sa->useOr)
			cmp = HBASE_VF_IN;
		else if (cmp == HBASE_VF_NE && !sa->useOr)
			cmp = HBASE_VF_NOT_IN;
		else
			return NIL;
		if (negated)
			cmp = vf_negate(cmp);
		if (!vf_comparable(cell_class(col), get_element_type(exprType((Node *) r)), cmp,
						   sa->inputcollid))
			return NIL;
		return vf_leaf(cmp, col, r, exprs);
	}
	{
		OpExpr	   *op;
		Expr	   *r;
		bool		commuted;
		HBaseColumn *col = column_op_value(t, relid, clause, &op, &r, &commuted);
		int			cmp;

		if (col == NULL || col->kind != HBASE_COL_CELL || col->element > 0 ||
			!usable_value(r, relid, false))
			return NIL;
		/* LIKE with a literal pattern: its literal prefix, or inner ASCII literal */
		if (get_opcode(op->opno) == F_TEXTLIKE)
		{
			char	   *prefix,
					   *suffix,
					   *inner;

			if (negated || commuted || !IsA(r, Const) || ((Const *) r)->constisnull ||
				cell_class(col) != CELL_TEXT ||
				!vf_comparable(CELL_TEXT, TEXTOID, HBASE_VF_EQ, op->inputcollid))
				return NIL;
			like_parts(TextDatumGetCString(((Const *) r)->constvalue), &prefix, &suffix);
			inner = like_inner_literal(TextDatumGetCString(((Const *) r)->constvalue));
			if (prefix)
				return vf_leaf(HBASE_VF_PREFIX, col,
							   (Expr *) makeConst(TEXTOID, -1, DEFAULT_COLLATION_OID, -1,
												  CStringGetTextDatum(prefix), false, false),
							   exprs);
			if (inner)
				return vf_leaf(HBASE_VF_SUBSTR, col,
							   (Expr *) makeConst(TEXTOID, -1, DEFAULT_COLLATION_OID, -1,
												  CStringGetTextDatum(inner), false, false),
							   exprs);
			return NIL;
		}
		cmp = vf_compare_op(op->opno, col->atttypid, commuted);
		if (cmp < 0)
			return NIL;
		if (negated)
			cmp = vf_negate(cmp);
		if (!vf_comparable(cell_class(col), exprType((Node *) r), cmp, op->inputcollid))
			return NIL;
		return vf_leaf(cmp, col, r, exprs);
	}
}

/*
 * The quals HBase can filter by cell values at the region server, as one
 * list of value filter conditions (ANDed; see HBaseFilterOp for their
 * form): comparisons, IN lists, IS [NOT] NULL and LIKE on cell columns
 * whose bytes answer them (vf_comparable), and AND / OR / NOT trees of
 * them.  Not on a table of versions (HBase's filters look at the newest
 * version, a row of the table is each version), nor on an element of a
 * Phoenix single cell (the filter sees the whole cell).
 */
List *
hbase_filter_conditions(HBaseTable *t, Index relid, List *clauses, List **exprs)
{
	List	   *conds = NIL;
	ListCell   *lc;

	if (!t->pushdown || t->versions > 0)
		return NIL;
	foreach(lc, clauses)
	{
		RestrictInfo *ri = lfirst(lc);
		List	   *c = vf_condition(t, relid, ri->clause, false, exprs);

		if (c != NIL)
			conds = lappend(conds, c);
	}
	return conds;
}

/*
 * A table of all versions (versions 'all'): comparisons of its :timestamp
 * column (timestamptz, timestamp or bigint epoch ms, with a value of the
 * same type that is known at execution) become the scanners' time range.
 * Not with versions N: HBase takes a cell's N newest versions within the
 * time range, which would show versions older than the table's N newest
 * (the differential test found it).  A table with a row_timestamp key
 * column (Phoenix's ROW_TIMESTAMP) and one version: comparisons of that
 * column, whose value stamps every cell of its row (Phoenix's writes and
 * ours), as Phoenix's scans do (ScanRanges.getRowTimestampColumnRange); a
 * row outside the range fails the qual anyway, and HBase still applies
 * the delete markers stamped after the range.  Returns (btree strategy,
 * fdw_exprs index) pairs; the quals stay checked locally.
 */
List *
hbase_time_conditions(HBaseTable *t, Index relid, List *clauses, List **exprs)
{
	List	   *conds = NIL;
	ListCell   *lc;
	HBaseColumn *rowts = t->row_timestamp >= 0 && t->versions == 0 ?
		&t->columns[t->row_timestamp] : NULL;

	if (!t->pushdown || (t->versions != INT_MAX && rowts == NULL))
		return NIL;
	foreach(lc, clauses)
	{
		RestrictInfo *ri = lfirst(lc);
		OpExpr	   *op;
		Expr	   *r;
		HBaseColumn *col;
		TypeCacheEntry *tce;
		int			strategy;
		bool		commuted;

		col = column_op_value(t, relid, ri->clause, &op, &r, &commuted);
		if (col == NULL || !usable_value(r, relid, false))
			continue;
		if (col != rowts && (col->kind != HBASE_COL_TIMESTAMP || t->versions != INT_MAX))
			continue;
		/* the same type; or for bigint ms, any integer (integer_ops compare them) */
		if (!((col->atttypid == TIMESTAMPTZOID || col->atttypid == TIMESTAMPOID ||
			   (col->atttypid == DATEOID && col == rowts)) &&
			  exprType((Node *) r) == col->atttypid) &&
			!(col->atttypid == INT8OID && hbase_is_int_type(exprType((Node *) r))))
			continue;
		tce = lookup_type_cache(col->atttypid, TYPECACHE_BTREE_OPFAMILY);
		if (!OidIsValid(tce->btree_opf))
			continue;
		strategy = get_op_opfamily_strategy(op->opno, tce->btree_opf);
		if (strategy == 0)
			continue;
		if (commuted)
			strategy = BTMaxStrategyNumber + 1 - strategy;	/* < <-> >, <= <-> >= */
		*exprs = lappend(*exprs, r);
		conds = lappend(conds, list_make2_int(strategy, list_length(*exprs) - 1));
	}
	return conds;
}

/*
 * Why a key condition (on key part column col, by op) that no earlier check
 * refused leaves a scan of the whole table, for EXPLAIN: the first part
 * before its own that the conditions do not fix (a column without = or IN,
 * a hash prefix over such a column; a salt is read bucket by bucket and
 * stops nothing), else its own part's order (LIKE 'prefix%' on a reversed
 * part, LIKE '%suffix' on a plain one).  fixed: the columns with = or IN.
 * NULL when neither explains it (the condition's values then did: too
 * many, or none a key can hold), rather than a guess.
 */
static const char *
part_not_narrowing(HBaseTable *t, HBaseColumn *col, HBaseKeyOp op, const bool *fixed)
{
	int			nparts = hbase_rk_nparts(t->layout);
	int			i;

	for (i = 0; i < nparts; i++)
	{
		rk_part_info pi;

		hbase_rk_part(t->layout, i, &pi);
		if (pi.kind == RK_PART_COLUMN && pi.column == col->attnum - 1)
		{
			if (op == HBASE_KEY_PREFIX && pi.reversed_text)
				return psprintf("the key's part %s holds the text reversed: LIKE '%%suffix' narrows it, not LIKE 'prefix%%'",
								pi.text);
			if (op == HBASE_KEY_SUFFIX && !pi.reversed_text)
				return psprintf("LIKE '%%suffix' narrows only a reversed part (reverse(col)), and the key's part is %s",
								pi.text);
			return NULL;
		}
		if (pi.kind == RK_PART_COLUMN && !fixed[pi.column])
			return psprintf("the key's part %s comes before it and has no = or IN on %s: a part narrows the read only after every part before it is fixed",
							pi.text, quote_identifier(t->columns[pi.column].attname));
		if (pi.kind == RK_PART_HASH)
		{
			int			cols[64];
			int			n = hbase_rk_prefix_columns(t->layout, cols, lengthof(cols));
			int			j;
			StringInfoData missing;

			initStringInfo(&missing);
			for (j = 0; j < n && j < (int) lengthof(cols); j++)
				if (!fixed[cols[j]])
					appendStringInfo(&missing, "%s%s", missing.len ? ", " : "",
									 quote_identifier(t->columns[cols[j]].attname));
			if (missing.len)
				return psprintf("the key starts with the hash %s, known only with = or IN on %s",
								pi.text, missing.data);
		}
	}
	return NULL;
}

/*
 * For EXPLAIN: each qual of this table alone on a key column that the key
 * cannot use, as "(qual): why" (a collation that does not sort as bytes, a
 * cross-type comparison, a volatile value, a part that keeps no order, the
 * column inside an expression), with the fix where there is one.  Where the
 * operation (shape) reads more than exact keys, also <> on a key column;
 * and on a full scan, a key condition the layout could not use, naming the
 * part before it that is not fixed (part_not_narrowing), unless it narrows
 * the scan's time range (a row timestamp).  IS NULL fixes a nullable
 * part as = does (hbase_key_null_fixes).  Decided at planning, kept in the
 * plan.
 */
List *
hbase_key_not_pushed(HBaseTable *t, Index relid, const char *alias, List *clauses,
					 HBaseOpKind shape)
{
	List	   *out = NIL;
	List	   *ctx = NIL;
	ListCell   *lc;
	bool	   *fixed;

	if (t->layout == NULL || !t->pushdown)
		return NIL;
	/* the columns = or IN fix, for a full scan's reasons */
	fixed = palloc0(sizeof(bool) * Max(t->natts, 1));
	foreach(lc, clauses)
	{
		RestrictInfo *ri = lfirst(lc);
		HBaseColumn *col;
		HBaseKeyOp	op;
		Expr	   *val;
		const char *why;

		if (key_condition(ri->clause, relid, t, false, &col, &op, &val, &why) && why == NULL &&
			(op == HBASE_KEY_EQ || op == HBASE_KEY_IN ||
			 (op == HBASE_KEY_ISNULL && hbase_key_null_fixes(t, col->attnum))))
			fixed[col->attnum - 1] = true;
	}
	foreach(lc, clauses)
	{
		RestrictInfo *ri = lfirst(lc);
		Expr	   *clause = ri->clause;
		HBaseColumn *col;
		HBaseKeyOp	op;
		Expr	   *val;
		const char *why = NULL;
		Relids		varnos = pull_varnos(NULL, (Node *) clause);
		List	   *time_exprs = NIL;

		/* join quals read other tables: not deparsed here */
		if (bms_membership(varnos) != BMS_SINGLETON || !bms_is_member(relid, varnos))
			continue;

		/*
		 * (a row timestamp's comparison narrows the scan by its time range
		 * instead)
		 */
		if (key_condition(clause, relid, t, false, &col, &op, &val, &why) && why == NULL &&
			shape == HBASE_OP_FULL && col->kind == HBASE_COL_KEYPART &&
			hbase_time_conditions(t, relid, list_make1(ri), &time_exprs) == NIL)
			why = part_not_narrowing(t, col, op, fixed);
		/* <> on an exact key's column costs nothing: the Get reads one row */
		if (why == not_equal_reason &&
			(shape == HBASE_OP_GET || shape == HBASE_OP_MULTIGET || shape == HBASE_OP_EMPTY))
			why = NULL;
		if (why == NULL)
			continue;
		if (ctx == NIL)
			ctx = deparse_context_for(alias, t->relid);
		clause = copyObject(clause);
		ChangeVarNodes((Node *) clause, relid, 1, 0);
		out = lappend(out, makeString(psprintf("%s: %s",
											   deparse_expression((Node *) clause, ctx, false, false),
											   why)));
	}
	return out;
}
