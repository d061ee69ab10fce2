/*
 * keyplan.c: the one derivation of the HBase operation a scan becomes.
 *
 * The key conditions pushdown.c recognized, with their values, become the
 * cheapest operation the layout allows: a Get, a multiget, bounded scans
 * (one per salt bucket when the salt cannot be computed, one per value
 * between the bounds of a hashed column), a FuzzyRowFilter skip scan, a
 * full scan, or nothing; plus the cell filters and a table of versions'
 * time range.  Costs at planning, EXPLAIN and execution all call
 * hbase_keyplan_derive: at planning a value that is not a constant is
 * "known at execution", and the derivation then returns the operation's
 * shape (kind, estimated counts) instead of its keys and ranges.
 *
 * Every qual stays a local filter too, so a key operation only has to return
 * a superset of the matching rows: whenever a bound cannot be encoded
 * exactly, it is dropped rather than guessed.
 */
#include "postgres.h"

#include <math.h>

#include "access/stratnum.h"
#include "catalog/pg_type.h"
#include "lib/stringinfo.h"
#include "mb/pg_wchar.h"
#include "nodes/nodeFuncs.h"
#include "nodes/primnodes.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/date.h"
#include "utils/lsyscache.h"
#include "utils/numeric.h"
#include "utils/timestamp.h"

#include "plan_int.h"
#include "rowkey.h"

/* above this many ranges (each a scanner of its own), narrow less */
#define HBASE_MAX_KEYS	1000
/*
 * Exact keys (Gets, multigets) are read 100 per request, one answer at a
 * time (scan.c): their number is bounded only by the memory of the key plan
 * holding them, and never below the longest list of values given (the
 * query holds those already).  IN (...) and = ANY(array) of any length are
 * multigets, not a full scan.
 */
#define HBASE_KEYS_MEMORY	((long) 64 * 1024 * 1024)


/* ---------------- key conditions: values -> operation ---------------- */

/* an IN list or = ANY(array) whose values come at execution: this many, for costs */
#define HBASE_EST_IN_VALUES		10

/* a hashed column's bounds that come at execution: this many values between them */
#define HBASE_EST_RANGE_VALUES	10

/*
 * What the conditions say of one column.  A value that comes at execution
 * (planning a parameter) is only noted as there (the *_later fields).
 */
typedef struct ColConds
{
	List	   *eq;				/* rk_value * candidates (=, IN) */
	bool		has_eq;
	bool		eq_later;		/* = / IN values come at execution */
	double		neq;			/* eq_later: their estimated number */
	bool		lo_later;		/* a lower bound comes at execution */
	bool		hi_later;		/* an upper bound comes at execution */
	bool		like_later;		/* a LIKE pattern comes at execution */
	bool		isnull;
	rk_value   *lo;
	bool		lo_incl;
	rk_value   *hi;
	bool		hi_incl;
	char	   *prefix;			/* LIKE 'x%' */
	char	   *suffix;			/* LIKE '%x' */
	bool		impossible;		/* = NULL, or a value the column cannot hold */
	bool		unusable;		/* = a value without key bytes: do not narrow */
} ColConds;

/* how many values = / IN give the column (estimated when they come at execution) */
static double
eq_count(const ColConds *x)
{
	return x->eq_later ? x->neq : list_length(x->eq);
}

static bool
has_lo(const ColConds *x)
{
	return x->lo != NULL || x->lo_later;
}

static bool
has_hi(const ColConds *x)
{
	return x->hi != NULL || x->hi_later;
}

/* is the value of fdw_exprs index i known (not a parameter at planning)? */
static bool
value_known(const HBaseKeyValues *v, int i)
{
	return v->known == NULL || v->known[i];
}

/* does any key condition take a value that comes at execution? */
static bool
conds_later(List *conds, const HBaseKeyValues *v)
{
	ListCell   *lc;
	int			k;

	foreach(lc, conds)
	{
		HBaseKeyCond *c = lfirst(lc);

		if (c->nrow > 0)
		{
			for (k = 0; k < c->nrow; k++)
				if (!value_known(v, c->row_exprs[k]))
					return true;
		}
		else if (c->op != HBASE_KEY_ISNULL && !value_known(v, c->expr))
			return true;
	}
	return false;
}

/* how far equality fixes the key (fixed_depth) */
typedef struct KeyShape
{
	int			firstcol;		/* first part after a salt or hash prefix */
	int			depth;			/* parts fixed by equality (and literals) */
	int			rangepart;		/* the part a range or LIKE narrows, or -1 */
	bool		exact;			/* every part fixed: keys rather than ranges */
	double		combos;			/* combinations of the fixed parts' values */
} KeyShape;

static bool is_float_zero(HBaseColumn *col, rk_value *v);

/* an equality value; a float zero stands for both of its key forms */
static void
add_eq(ColConds *x, HBaseColumn *col, rk_value *v)
{
	x->eq = lappend(x->eq, v);
	if (is_float_zero(col, v))
	{
		rk_value   *neg = palloc(sizeof(rk_value));

		*neg = *v;
		neg->f = signbit(v->f) ? 0.0 : -0.0;
		x->eq = lappend(x->eq, neg);
	}
}

/* what a key value can do */
typedef enum KeyValue
{
	KV_IMPOSSIBLE,				/* the column cannot hold it: no row matches = */
	KV_UNUSABLE,				/* no key bytes stand for it (NaN, infinity) */
	KV_OK
} KeyValue;

/* a Datum of type vtype as the codec value of column col */
static KeyValue
to_rk(HBaseTable *t, HBaseColumn *col, Datum d, Oid vtype, rk_value *v)
{
	memset(v, 0, sizeof(*v));
	if (hbase_is_int_type(col->atttypid))
	{
		int64		x = vtype == INT2OID ? DatumGetInt16(d) :
			vtype == INT4OID ? DatumGetInt32(d) : DatumGetInt64(d);
		int64		lo = col->atttypid == INT2OID ? PG_INT16_MIN : col->atttypid == INT4OID ? PG_INT32_MIN : PG_INT64_MIN;
		int64		hi = col->atttypid == INT2OID ? PG_INT16_MAX : col->atttypid == INT4OID ? PG_INT32_MAX : PG_INT64_MAX;

		if (x < lo || x > hi)
			return KV_IMPOSSIBLE;
		v->i = x;
		return KV_OK;
	}
	/* all NaNs are equal and above everything in SQL, not in key bytes */
	if ((col->atttypid == FLOAT8OID && isnan(DatumGetFloat8(d))) ||
		(col->atttypid == FLOAT4OID && isnan(DatumGetFloat4(d))))
		return KV_UNUSABLE;
	/* nor do a numeric's NaN and infinities (Phoenix's DECIMAL has none) */
	if (col->atttypid == NUMERICOID &&
		(numeric_is_nan(DatumGetNumeric(d)) || numeric_is_inf(DatumGetNumeric(d))))
		return KV_UNUSABLE;
	/* infinities have no key form: the codec refuses them */
	if ((col->atttypid == DATEOID && DATE_NOT_FINITE(DatumGetDateADT(d))) ||
		((col->atttypid == TIMESTAMPOID || col->atttypid == TIMESTAMPTZOID) &&
		 TIMESTAMP_NOT_FINITE(DatumGetTimestamp(d))))
		return KV_UNUSABLE;
	/* nor do timestamps past year 294247 (microseconds since 1970 overflow) */
	if ((col->atttypid == TIMESTAMPOID || col->atttypid == TIMESTAMPTZOID) &&
		DatumGetTimestamp(d) > PG_INT64_MAX - HBASE_EPOCH_SHIFT_USECS)
		return KV_UNUSABLE;
	hbase_datum_to_rk(t, col, d, v);
	return KV_OK;
}

/*
 * Is a value of vtype of another type than the column's key values
 * (crosstype.c makes it bounds of the column's type: a timestamp for a
 * date column, a numeric for an integer one)?
 */
static bool
cross_type(HBaseColumn *col, Oid vtype)
{
	return vtype != col->atttypid &&
		!(hbase_is_int_type(vtype) && hbase_is_int_type(col->atttypid)) &&
		!(hbase_is_text_type(vtype) && hbase_is_text_type(col->atttypid));
}

/* the type of crosstype.c's bounds for this column */
static Oid
bound_type(HBaseColumn *col)
{
	return hbase_is_int_type(col->atttypid) ? INT8OID : col->atttypid;
}

static void gather_bound(HBaseTable *t, HBaseColumn *col, ColConds *x, HBaseKeyOp op,
						 Datum d, Oid vtype);

/* = value: the column's one value (the first = wins; the others are rechecked) */
static void
gather_eq(HBaseTable *t, HBaseColumn *col, ColConds *x, Datum d, Oid vtype)
{
	rk_value   *v;
	KeyValue	kv;

	if (x->has_eq || x->unusable)
		return;
	if (cross_type(col, vtype))
	{
		HBaseKeyOp	ops[2];
		Datum		bvals[2];
		int			n = hbase_cross_type_bounds(col->atttypid, vtype, HBASE_KEY_EQ, d, ops, bvals);
		int			i;

		if (n < 0)
		{
			/* no value of the column equals it (date = a non-midnight time) */
			x->has_eq = true;
			x->impossible = true;
			return;
		}
		if (n == 0)
		{
			x->unusable = true;
			return;
		}
		if (n == 2 || ops[0] != HBASE_KEY_EQ)
		{
			/* no exact value: the bounds around it */
			for (i = 0; i < n; i++)
				gather_bound(t, col, x, ops[i], bvals[i], bound_type(col));
			return;
		}
		d = bvals[0];
		vtype = bound_type(col);
	}
	v = palloc(sizeof(rk_value));
	kv = to_rk(t, col, d, vtype, v);
	if (kv == KV_UNUSABLE)
	{
		x->unusable = true;
		return;
	}
	x->has_eq = true;
	if (kv == KV_IMPOSSIBLE)
		x->impossible = true;
	else
		add_eq(x, col, v);
}

/* IN (...) / = ANY(array): the values the column can hold; none: no row */
static void
gather_in(HBaseTable *t, HBaseColumn *col, ColConds *x, Datum arrd)
{
	ArrayType  *arr;
	Oid			et;
	int16		elmlen;
	bool		elmbyval;
	char		elmalign;
	Datum	   *elems;
	bool	   *enulls;
	int			n,
				k;

	if (x->has_eq || x->unusable)
		return;
	arr = DatumGetArrayTypeP(arrd);
	et = ARR_ELEMTYPE(arr);
	get_typlenbyvalalign(et, &elmlen, &elmbyval, &elmalign);
	deconstruct_array(arr, et, elmlen, elmbyval, elmalign, &elems, &enulls, &n);
	for (k = 0; k < n; k++)
	{
		rk_value   *v = palloc(sizeof(rk_value));
		Datum		e = elems[k];
		Oid			etype = et;
		KeyValue	kv;

		if (!enulls[k] && cross_type(col, et))
		{
			HBaseKeyOp	ops[2];
			Datum		bvals[2];
			int			nb = hbase_cross_type_bounds(col->atttypid, et, HBASE_KEY_EQ, e, ops, bvals);

			if (nb < 0)
				continue;		/* no value of the column equals it */
			/* no exact value: the list cannot narrow (one bound per column) */
			if (nb != 1 || ops[0] != HBASE_KEY_EQ)
			{
				x->unusable = true;
				x->eq = NIL;
				return;
			}
			e = bvals[0];
			etype = bound_type(col);
		}
		kv = enulls[k] ? KV_IMPOSSIBLE : to_rk(t, col, e, etype, v);

		if (kv == KV_UNUSABLE)
		{
			/* one value without key bytes: the column cannot narrow */
			x->unusable = true;
			x->eq = NIL;
			return;
		}
		if (kv == KV_OK)
			add_eq(x, col, v);
	}
	x->has_eq = true;
	if (x->eq == NIL)
		x->impossible = true;
}

/* <, <=, >, >=: the first bound of each side (a value out of range: none) */
static void
gather_bound(HBaseTable *t, HBaseColumn *col, ColConds *x, HBaseKeyOp op, Datum d, Oid vtype)
{
	rk_value   *v;
	bool		upper = (op == HBASE_KEY_LT || op == HBASE_KEY_LE);

	if (cross_type(col, vtype))
	{
		/* the bound in the column's type, rounded exactly */
		HBaseKeyOp	ops[2];
		Datum		bvals[2];
		int			n = hbase_cross_type_bounds(col->atttypid, vtype, op, d, ops, bvals);
		int			i;

		for (i = 0; i < n; i++)
			gather_bound(t, col, x, ops[i], bvals[i], bound_type(col));
		return;
	}
	v = palloc(sizeof(rk_value));
	if (to_rk(t, col, d, vtype, v) != KV_OK)
		return;					/* out of the column's range, NaN ...: no bound */
	if (is_float_zero(col, v))
	{
		/* the key bytes of -0 sort below those of +0 */
		v->f = upper ? 0.0 : -0.0;
	}
	if (upper && x->hi == NULL)
	{
		x->hi = v;
		x->hi_incl = (op == HBASE_KEY_LE);
	}
	else if (!upper && x->lo == NULL)
	{
		x->lo = v;
		x->lo_incl = (op == HBASE_KEY_GE);
	}
}

/* -0 = 0 in SQL, but their key bytes differ */
static bool
is_float_zero(HBaseColumn *col, rk_value *v)
{
	return (col->atttypid == FLOAT8OID || col->atttypid == FLOAT4OID) && v->f == 0.0;
}

/* the smallest byte string greater than every string starting with s */
static bool
successor(StringInfo s)
{
	while (s->len > 0 && (unsigned char) s->data[s->len - 1] == 0xff)
		s->len--;
	if (s->len == 0)
		return false;			/* no upper bound */
	s->data[s->len - 1]++;
	s->data[s->len] = '\0';
	return true;
}

static void
add_range(HBaseKeyPlan *kp, StringInfo start, StringInfo stop, bool has_stop)
{
	HBaseKeyRange *r = palloc0(sizeof(HBaseKeyRange));

	r->start = hbase_memdup(start->data, start->len);
	r->startlen = start->len;
	if (has_stop)
	{
		r->stop = hbase_memdup(stop->data, stop->len);
		r->stoplen = stop->len;
	}
	kp->ranges = lappend(kp->ranges, r);
}

static int
keyrange_cmp(const ListCell *a, const ListCell *b)
{
	HBaseKeyRange *x = lfirst(a);
	HBaseKeyRange *y = lfirst(b);

	return hbase_cmp_keys(x->start, x->startlen, y->start, y->startlen);
}

static int
key_cmp(const ListCell *a, const ListCell *b)
{
	bytea	   *x = lfirst(a);
	bytea	   *y = lfirst(b);

	return hbase_cmp_keys(VARDATA(x), VARSIZE(x) - VARHDRSZ, VARDATA(y), VARSIZE(y) - VARHDRSZ);
}

/* sort; merge overlapping ranges and drop duplicate keys: no row twice */
static void
normalize(HBaseKeyPlan *kp)
{
	ListCell   *lc;
	List	   *out = NIL;
	HBaseKeyRange *cur = NULL;

	list_sort(kp->keys, key_cmp);
	foreach(lc, kp->keys)
	{
		if (foreach_current_index(lc) > 0 &&
			key_cmp(lc, list_nth_cell(kp->keys, foreach_current_index(lc) - 1)) == 0)
			kp->keys = foreach_delete_current(kp->keys, lc);
	}
	list_sort(kp->ranges, keyrange_cmp);
	foreach(lc, kp->ranges)
	{
		HBaseKeyRange *r = lfirst(lc);

		if (cur && (cur->stop == NULL ||
					hbase_cmp_keys(r->start, r->startlen, cur->stop, cur->stoplen) < 0))
		{
			/* overlaps: extend (touching ranges stay apart: one per bucket) */
			if (cur->stop != NULL &&
				(r->stop == NULL || hbase_cmp_keys(r->stop, r->stoplen, cur->stop, cur->stoplen) > 0))
			{
				cur->stop = r->stop;
				cur->stoplen = r->stoplen;
			}
			continue;
		}
		out = lappend(out, r);
		cur = r;
	}
	kp->ranges = out;
}

/*
 * Can the salt or hash prefix be computed from these values (tried on one
 * combination of them)?  A Phoenix salt needs the whole key.
 */
static bool
prefix_computable(HBaseTable *t, rk_value *row, bool exact, int depth)
{
	char	   *tmp;
	const char *err;

	if (exact)
		return hbase_rk_encode(t->layout, row, 0, &tmp, &err) >= 0;
	return hbase_rk_encode_prefix(t->layout, row, depth, RK_BUCKET_COMPUTE, &tmp, &err) >= 0;
}

/*
 * A hash prefix over columns that are not all known, followed by fixed
 * parts: a FuzzyRowFilter skip scan matches the fixed bytes at their
 * offsets whatever the hash (HBase 2.5.10 / 2.6.1 and later).  The fixed
 * parts must all have a fixed width, or their offsets are unknown.
 */
static HBaseKeyPlan *
fuzzy_plan(HBaseTable *t, HBaseKeyPlan *kp, List *combos, int firstcol, int depth,
		   int prefixwidth)
{
	ListCell   *lc;
	int			i;

	if (depth <= firstcol || prefixwidth <= 0)
		return kp;
	for (i = firstcol; i < depth; i++)
	{
		rk_part_info pi;

		hbase_rk_part(t->layout, i, &pi);
		if (pi.width < 0)
			return kp;
	}
	foreach(lc, combos)
	{
		rk_value   *row = lfirst(lc);
		StringInfoData key;
		StringInfoData mask;

		initStringInfo(&key);
		initStringInfo(&mask);
		for (i = 0; i < prefixwidth; i++)
		{
			appendStringInfoChar(&key, '\0');
			appendStringInfoChar(&mask, '\1');
		}
		for (i = firstcol; i < depth; i++)
		{
			rk_part_info pi;
			char	   *bytes;
			const char *err;
			int			len,
						k;

			hbase_rk_part(t->layout, i, &pi);
			if (pi.kind == RK_PART_LITERAL)
			{
				bytes = (char *) pi.lit;
				len = pi.litlen;
			}
			else if ((len = hbase_rk_encode_part(t->layout, i, &row[pi.column], &bytes, &err)) < 0)
				break;			/* the value cannot be in the key: no row */
			if (len != pi.width)
				break;
			appendBinaryStringInfo(&key, bytes, len);
			for (k = 0; k < len; k++)
				appendStringInfoChar(&mask, '\0');
		}
		if (i < depth)
			continue;
		kp->fuzzy = lappend(kp->fuzzy, hbase_bytea(key.data, key.len));
		kp->fuzzy = lappend(kp->fuzzy, hbase_bytea(mask.data, mask.len));
	}
	kp->kind = kp->fuzzy ? HBASE_OP_FUZZY : HBASE_OP_EMPTY;
	return kp;
}

/*
 * Phase 1: the values of the key conditions, gathered per column.  Decides
 * which values each column may take (=, IN), its bounds, LIKE patterns, IS
 * NULL; false when no row can match (= NULL, a value the column cannot hold,
 * IS NULL together with =).  IS NULL on a nullable part before the optional
 * groups (hbase_key_null_fixes) is its one = value, NULL.  Values are
 * indexed like the fdw_exprs; one that comes at execution only marks its
 * condition as there (the *_later fields, an IN list's size estimated).
 */
static bool narrows(ColConds *x);

static bool
gather_conditions(HBaseTable *t, List *conds, const HBaseKeyValues *v, ColConds *cc)
{
	Datum	   *vals = v->vals;
	bool	   *nulls = v->nulls;
	Oid		   *types = v->types;
	ListCell   *lc;
	int			i;

	foreach(lc, conds)
	{
		HBaseKeyCond *c = lfirst(lc);
		HBaseColumn *col;
		ColConds   *x;

		if (c->nrow > 0)
			continue;			/* row comparisons: apply_row_bounds */
		col = &t->columns[c->attnum - 1];
		x = &cc[c->attnum - 1];

		if (c->op == HBASE_KEY_ISNULL)
		{
			x->isnull = true;
			continue;
		}
		if (!value_known(v, c->expr))
		{
			/* at planning: the condition is there, its value comes later */
			switch (c->op)
			{
				case HBASE_KEY_EQ:
				case HBASE_KEY_IN:
					if (x->has_eq || x->unusable)
						break;
					x->has_eq = true;
					x->eq_later = true;
					x->neq = c->op == HBASE_KEY_EQ ? 1 : HBASE_EST_IN_VALUES;
					break;
				case HBASE_KEY_LT:
				case HBASE_KEY_LE:
					x->hi_later = x->hi == NULL;
					break;
				case HBASE_KEY_GT:
				case HBASE_KEY_GE:
					x->lo_later = x->lo == NULL;
					break;
				default:
					x->like_later = true;
					break;
			}
			continue;
		}
		if (nulls[c->expr])
		{
			/* col = NULL, col < NULL ...: never true */
			x->impossible = true;
			continue;
		}
		switch (c->op)
		{
			case HBASE_KEY_EQ:
				gather_eq(t, col, x, vals[c->expr], types[c->expr]);
				break;
			case HBASE_KEY_IN:
				gather_in(t, col, x, vals[c->expr]);
				break;
			case HBASE_KEY_LT:
			case HBASE_KEY_LE:
			case HBASE_KEY_GT:
			case HBASE_KEY_GE:
				gather_bound(t, col, x, c->op, vals[c->expr], types[c->expr]);
				break;
			case HBASE_KEY_PREFIX:
				x->prefix = TextDatumGetCString(vals[c->expr]);
				break;
			case HBASE_KEY_SUFFIX:
				x->suffix = TextDatumGetCString(vals[c->expr]);
				break;
			case HBASE_KEY_ISNULL:
				break;
		}
	}
	for (i = 0; i < t->natts; i++)
	{
		if (cc[i].impossible || (cc[i].isnull && cc[i].has_eq))
			return false;
		/* IS NULL on a nullable part before the groups: its one value, NULL */
		if (cc[i].isnull && hbase_key_null_fixes(t, i + 1))
		{
			rk_value   *null = palloc0(sizeof(rk_value));

			/* a condition that NULL fails with it: no row */
			if (narrows(&cc[i]))
				return false;
			null->isnull = 1;
			cc[i].eq = list_make1(null);
			cc[i].has_eq = true;
		}
	}
	return true;
}

/*
 * Does IS NULL on column attnum fix its key part, as = does?  Where the
 * part is nullable (nullable(x): a Phoenix index's nullable column) and
 * comes before the optional groups, a NULL is no bytes, then the delimiter
 * after it ("\x00", also in place of a DESC value's "\xff"): the keys of
 * the NULLs are those that start with the parts before and that delimiter,
 * one prefix (no value's bytes start with 0x00 there, skip_leading_nulls).
 * In a group, IS NULL ends the key or leaves a gap (fixed_depth).
 */
bool
hbase_key_null_fixes(HBaseTable *t, AttrNumber attnum)
{
	int			nparts;
	int			i;

	if (t->layout == NULL)
		return false;
	nparts = hbase_rk_nparts(t->layout);
	for (i = 0; i < nparts; i++)
	{
		rk_part_info pi;

		hbase_rk_part(t->layout, i, &pi);
		if (pi.optional)
			return false;
		if (pi.kind == RK_PART_COLUMN && pi.column + 1 == attnum)
			return pi.nullable && i + 1 < nparts;
	}
	return false;
}

/* does anything bound this column's values (a condition that NULL fails)? */
static bool
narrows(ColConds *x)
{
	return x->has_eq || has_lo(x) || has_hi(x) || x->prefix || x->suffix || x->like_later;
}

/*
 * Phase 1b: a hash prefix needs the value of every column it covers.  One
 * of them without = or IN, but bounded on both sides, whose values can be
 * counted (integers, dates), stands for the values within its bounds: a
 * month of days is 31 prefix scans instead of a skip scan through the
 * whole table.  Done only when every such column can be, and the product
 * with the other columns' values stays within HBASE_MAX_KEYS.  Every value
 * between the bounds is taken, so no matching row is missed (the quals are
 * checked here anyway).  False when a column's bounds hold no value.
 * Bounds that come at execution are counted then: planning assumes
 * HBASE_EST_RANGE_VALUES values and notes it in kp->per_value.
 */
static bool
expand_hash_ranges(HBaseTable *t, ColConds *cc, HBaseKeyPlan *kp)
{
	rk_part_info first;
	int			pcols[64];
	int			np,
				i;
	__int128	n = 1;
	int64		lo[64],
				hi[64];

	hbase_rk_part(t->layout, 0, &first);
	if (first.kind != RK_PART_HASH)
		return true;
	np = hbase_rk_prefix_columns(t->layout, pcols, lengthof(pcols));
	if (np <= 0 || np > (int) lengthof(pcols))
		return true;
	for (i = 0; i < np; i++)
	{
		ColConds   *x = &cc[pcols[i]];
		Oid			type = t->columns[pcols[i]].atttypid;

		lo[i] = hi[i] = 0;
		if (x->has_eq)
		{
			n *= Max((long) eq_count(x), 1);
			continue;
		}
		if (x->unusable || !has_lo(x) || !has_hi(x) ||
			!(hbase_is_int_type(type) || type == DATEOID))
			return true;
		if (x->lo_later || x->hi_later)
		{
			n *= HBASE_EST_RANGE_VALUES;
			continue;
		}
		/* integers and days since 1970 (hbase_datum_to_rk): consecutive values */
		if (!x->lo_incl && x->lo->i == PG_INT64_MAX)
			return false;
		if (!x->hi_incl && x->hi->i == PG_INT64_MIN)
			return false;
		lo[i] = x->lo->i + (x->lo_incl ? 0 : 1);
		hi[i] = x->hi->i - (x->hi_incl ? 0 : 1);
		if (hi[i] < lo[i])
			return false;
		n *= (__int128) hi[i] - lo[i] + 1;
		if (n > HBASE_MAX_KEYS)
			return true;
	}
	for (i = 0; i < np; i++)
	{
		ColConds   *x = &cc[pcols[i]];
		int64		v;

		if (x->has_eq)
			continue;
		if (x->lo_later || x->hi_later)
		{
			x->has_eq = true;
			x->eq_later = true;
			x->neq = HBASE_EST_RANGE_VALUES;
			kp->per_value = true;
			continue;
		}
		for (v = lo[i];; v++)
		{
			rk_value   *rv = palloc0(sizeof(rk_value));

			rv->i = v;
			x->eq = lappend(x->eq, rv);
			if (v == hi[i])
				break;
		}
		x->has_eq = true;
	}
	return true;
}

/*
 * Phase 2: how far equality fixes the key.  Walks the parts after a salt or
 * hash prefix while each column has = or IN values (their product within
 * HBASE_MAX_KEYS); literals come along.  The first column without them is
 * the range part.  An optional group is entered only when a condition that
 * NULL fails says the group is there; its column IS NULL ends the key right
 * before it (exact) when it is the last group.  Every part fixed: exact keys rather than ranges.
 */
static void
fixed_depth(HBaseTable *t, ColConds *cc, KeyShape *ks, long cap)
{
	int			nparts = hbase_rk_nparts(t->layout);
	rk_part_info first;
	double		ncombos = 1;
	int			i;

	hbase_rk_part(t->layout, 0, &first);
	ks->firstcol = (first.kind == RK_PART_SALT || first.kind == RK_PART_HASH) ? 1 : 0;
	ks->depth = ks->firstcol;
	ks->rangepart = -1;
	ks->exact = false;
	ks->combos = 1;
	for (i = ks->firstcol; i < nparts; i++)
	{
		rk_part_info pi;

		hbase_rk_part(t->layout, i, &pi);
		if (pi.optional)
		{
			/* an optional group: its first column decides */
			ColConds   *x = NULL;
			int			j;

			for (j = i; j < nparts; j++)
			{
				rk_part_info gc;

				hbase_rk_part(t->layout, j, &gc);
				if (gc.kind == RK_PART_COLUMN)
				{
					x = &cc[gc.column];
					break;
				}
			}
			if (x && x->isnull)
			{
				/*
				 * The key stops before the last group; before another, a
				 * NULL may also be the empty part of a key that goes on
				 * (a later column set): every key of the prefix.
				 */
				for (j = i + 1; j < nparts; j++)
				{
					rk_part_info gl;

					hbase_rk_part(t->layout, j, &gl);
					if (gl.optional)
						return;
				}
				ks->exact = true;	/* the key stops before the group */
				ks->depth = i;
				return;
			}
			if (x == NULL || !narrows(x))
				return;
		}
		if (pi.kind == RK_PART_LITERAL)
		{
			ks->depth = i + 1;
			continue;
		}
		if (!cc[pi.column].has_eq || ncombos * eq_count(&cc[pi.column]) > cap)
		{
			ks->rangepart = i;
			return;
		}
		ncombos *= eq_count(&cc[pi.column]);
		ks->combos = ncombos;
		ks->depth = i + 1;
	}
	ks->exact = true;
}

/* how many exact keys a plan may hold (HBASE_KEYS_MEMORY) */
static long
exact_key_cap(HBaseTable *t, ColConds *cc)
{
	long		cap = HBASE_KEYS_MEMORY / (long) (sizeof(rk_value) * Max(t->natts, 1) + 64);
	int			i;

	for (i = 0; i < t->natts; i++)
		cap = Max(cap, (long) eq_count(&cc[i]));
	return Max(cap, HBASE_MAX_KEYS);
}

/* each combination of column values with each of values for column */
static List *
multiply_combos(List *combos, int column, List *values, int ncols)
{
	List	   *next = NIL;
	ListCell   *a,
			   *b;

	foreach(a, combos)
	{
		foreach(b, values)
		{
			rk_value   *row = palloc(sizeof(rk_value) * ncols);

			memcpy(row, lfirst(a), sizeof(rk_value) * ncols);
			row[column] = *(rk_value *) lfirst(b);
			next = lappend(next, row);
		}
	}
	return next;
}

/* how a column takes part in the combinations of equality values */
typedef enum FixKind
{
	FIX_NONE,					/* not fixed: NULL in every combination */
	FIX_BASE,					/* its one value in every combination */
	FIX_EACH					/* each of its values makes combinations */
} FixKind;

/*
 * Phase 3a: which columns the combinations of equality values fix, and how
 * many combinations they make: the columns of the parts up to ks->depth;
 * a salt's chosen parts (OpenTSDB: metric and tags, after the time range
 * part) with a single = value even where they come after the prefix (every
 * matching row has those values, so it is in that bucket); the columns of
 * a hash prefix whose parts come after the fixed ones (or after the range
 * part) when all of them have = / IN values, their product within
 * HBASE_MAX_KEYS (every matching row has one of them).
 */
static double
fixed_columns(HBaseTable *t, ColConds *cc, KeyShape *ks, FixKind *fixed)
{
	rk_part_info first;
	int			pcols[64];
	int			np;
	double		n = 1;
	int			i;

	hbase_rk_part(t->layout, 0, &first);
	np = first.salt_parts ?
		hbase_rk_prefix_columns(t->layout, pcols, lengthof(pcols)) : 0;
	for (i = 0; i < np && i < (int) lengthof(pcols); i++)
		if (cc[pcols[i]].has_eq && eq_count(&cc[pcols[i]]) == 1)
			fixed[pcols[i]] = FIX_BASE;
	for (i = ks->firstcol; i < ks->depth; i++)
	{
		rk_part_info pi;

		hbase_rk_part(t->layout, i, &pi);
		if (pi.kind != RK_PART_COLUMN || fixed[pi.column] == FIX_EACH)
			continue;
		fixed[pi.column] = FIX_EACH;
		n *= eq_count(&cc[pi.column]);
	}
	np = first.kind == RK_PART_HASH ?
		hbase_rk_prefix_columns(t->layout, pcols, lengthof(pcols)) : 0;
	if (np > (int) lengthof(pcols))
		np = 0;
	{
		double		m = n;			/* a column twice in the hash counts twice here */

		for (i = 0; i < np && m <= HBASE_MAX_KEYS; i++)
			if (fixed[pcols[i]] != FIX_EACH)
				m = !cc[pcols[i]].has_eq ? HBASE_MAX_KEYS + 1 : m * eq_count(&cc[pcols[i]]);
		for (i = 0; i < np && m <= HBASE_MAX_KEYS; i++)
			if (fixed[pcols[i]] != FIX_EACH)
			{
				fixed[pcols[i]] = FIX_EACH;
				n *= eq_count(&cc[pcols[i]]);
			}
	}
	return n;
}

/*
 * Phase 3: the product of the equality values of the fixed columns
 * (fixed_columns), as arrays of column values (NULL where a column is not
 * fixed).
 */
static List *
equality_combos(HBaseTable *t, ColConds *cc, KeyShape *ks)
{
	int			ncols = Max(t->natts, 1);
	rk_value   *none = palloc0(sizeof(rk_value) * ncols);
	FixKind    *fixed = palloc0(sizeof(FixKind) * ncols);
	bool	   *done = palloc0(sizeof(bool) * ncols);
	List	   *combos;
	rk_part_info first;
	int			pcols[64];
	int			np;
	int			i;

	fixed_columns(t, cc, ks, fixed);
	hbase_rk_part(t->layout, 0, &first);
	np = first.kind == RK_PART_HASH ?
		hbase_rk_prefix_columns(t->layout, pcols, lengthof(pcols)) : 0;
	for (i = 0; i < t->natts; i++)
	{
		none[i].isnull = 1;
		if (fixed[i] == FIX_BASE)
			none[i] = *(rk_value *) linitial(cc[i].eq);
	}
	combos = list_make1(none);
	/* in the order of the parts, then of the hash's columns (fuzzy keys keep it) */
	for (i = ks->firstcol; i < ks->depth; i++)
	{
		rk_part_info pi;

		hbase_rk_part(t->layout, i, &pi);
		if (pi.kind != RK_PART_COLUMN || done[pi.column])
			continue;
		combos = multiply_combos(combos, pi.column, cc[pi.column].eq, ncols);
		done[pi.column] = true;
	}
	for (i = 0; i < np && i < (int) lengthof(pcols); i++)
		if (fixed[pcols[i]] == FIX_EACH && !done[pcols[i]])
		{
			combos = multiply_combos(combos, pcols[i], cc[pcols[i]].eq, ncols);
			done[pcols[i]] = true;
		}
	return combos;
}

/*
 * Can the salt or hash prefix be computed from the columns fixed_columns
 * fixes (planning, values at execution)?  A Phoenix salt needs the whole
 * key.  prefix_computable's answer for the values at hand, save a value
 * the key cannot hold.
 */
static bool
prefix_fixed(HBaseTable *t, const FixKind *fixed, KeyShape *ks)
{
	int			pcols[64];
	int			np = hbase_rk_prefix_columns(t->layout, pcols, lengthof(pcols));
	int			i;

	if (np < 0)
		return ks->exact;
	for (i = 0; i < np && i < (int) lengthof(pcols); i++)
		if (fixed[pcols[i]] == FIX_NONE)
			return false;
	return true;
}

/*
 * Phase 4: the salt buckets to read.  A salt its inputs give is computed
 * (one "bucket", RK_BUCKET_COMPUTE); a random salt, or one over columns not
 * fixed, fans out over every bucket (and the one Java's Math.abs of
 * Integer.MIN_VALUE writes).  *fanout is the number of buckets fanned out
 * over, 0 when computed.
 */
static List *
salt_buckets(HBaseTable *t, rk_value *combo, KeyShape *ks, int *fanout)
{
	rk_part_info first;
	List	   *buckets = NIL;
	int			i;

	*fanout = 0;
	hbase_rk_part(t->layout, 0, &first);
	if (first.kind == RK_PART_SALT &&
		(first.salt_random || !prefix_computable(t, combo, ks->exact, ks->depth)))
	{
		*fanout = first.salt_buckets;
		for (i = 0; i < first.salt_buckets; i++)
			buckets = lappend_int(buckets, i);
		if (first.salt_extra != 0)
			buckets = lappend_int(buckets, first.salt_extra);
		return buckets;
	}
	return list_make1_int(RK_BUCKET_COMPUTE);
}

/*
 * How an exclusive lower bound moves a range's start past the rows equal to
 * it (keyset pages: k > last): not at all (they come and the local qual
 * drops them), past every key starting with the bound (a fixed-width part:
 * the bound's successor), past the bound itself (a variable part that ends
 * the key: bound + 0x00), or past the bound and a delimiter starting with
 * 0x00 (bound + 0x01: a longer value sorts there or above).
 */
typedef enum LowerAfter
{
	LOWER_AT,
	LOWER_AFTER_PREFIX,
	LOWER_AFTER_KEY,
	LOWER_AFTER_DELIMITER
} LowerAfter;

/* the start moved past the rows equal to the bound; false: no row can follow */
static bool
start_after(StringInfo start, LowerAfter how)
{
	switch (how)
	{
		case LOWER_AT:
			break;
		case LOWER_AFTER_PREFIX:
			return successor(start);
		case LOWER_AFTER_KEY:
			appendStringInfoChar(start, '\0');
			break;
		case LOWER_AFTER_DELIMITER:
			appendStringInfoChar(start, '\1');
			break;
	}
	return true;
}

/* how a lower bound on part i of a width and order can exclude its equal rows */
static LowerAfter
lower_after(HBaseTable *t, int part, const rk_part_info *pi)
{
	if (pi->width >= 0)
		return LOWER_AFTER_PREFIX;
	if (pi->order != RK_ORDER_ASC)
		return LOWER_AT;		/* desc(text) ends in 0xff: not worth the cases */
	/* ascending variable parts keep their order last or before "\x00..." only */
	return part + 1 < hbase_rk_nparts(t->layout) ? LOWER_AFTER_DELIMITER : LOWER_AFTER_KEY;
}

/*
 * The bytes of the range part's bounds: lo (appended to the start key) and
 * hi, and whether hi is inclusive; *lo_after says how the start may skip
 * the rows equal to an exclusive lower bound.  LIKE 'x%' on plain text and LIKE '%x'
 * on reversed text give a prefix (lo = hi = the prefix); a range on an
 * order-preserving part gives its encoded bounds, swapped for an inverted
 * part.  A bound that cannot be encoded (out of the part's range) is left
 * out: the range only has to hold every matching row.
 */
static void
range_part_bounds(HBaseTable *t, int part, ColConds *x, char **lo, int *lolen,
				  char **hi, int *hilen, bool *hi_incl, LowerAfter *lo_after)
{
	rk_part_info pi;
	const char *err;

	*lo = *hi = NULL;
	*lolen = *hilen = 0;
	*hi_incl = true;
	*lo_after = LOWER_AT;
	hbase_rk_part(t->layout, part, &pi);
	if (x->prefix && pi.plain_text)
	{
		*lo = *hi = x->prefix;
		*lolen = *hilen = strlen(x->prefix);
	}
	else if (x->suffix && pi.reversed_text)
	{
		rk_value	v = {0};
		char	   *enc;
		int			n;

		/* the key holds the characters reversed: reverse the suffix */
		v.s = x->suffix;
		v.len = strlen(x->suffix);
		if ((n = hbase_rk_encode_part(t->layout, part, &v, &enc, &err)) >= 0)
		{
			*lo = *hi = enc;
			*lolen = *hilen = n;
		}
	}
	else if (pi.order != RK_ORDER_NONE)
	{
		rk_value   *vlo = pi.order == RK_ORDER_ASC ? x->lo : x->hi;
		rk_value   *vhi = pi.order == RK_ORDER_ASC ? x->hi : x->lo;
		int			lofloor = 0,
					hifloor = 0;
		bool		last_text;

		/* long(x) sorts right only over numbers >= 0 */
		if (pi.order_nonneg &&
			(x->lo == NULL || x->lo->i < 0 || (x->hi && x->hi->i < 0)))
			return;
		/*
		 * A bound finer than the part keeps (k < '2024-03-02' on "yyyyMM")
		 * is rounded down: every key value is whole, so the rounded bound
		 * taken inclusively holds all the matching rows.
		 */
		if (vlo && (*lolen = hbase_rk_encode_bound(t->layout, part, vlo, lo, &err, &lofloor)) < 0)
			*lo = NULL, *lolen = 0;
		if (vhi && (*hilen = hbase_rk_encode_bound(t->layout, part, vhi, hi, &err, &hifloor)) < 0)
			*hi = NULL, *hilen = 0;
		/*
		 * an exclusive upper bound on a fixed-width part stops right at it;
		 * on desc(text) before 0xff too (add_prefix_range); on plain text
		 * that ends the key too (the key's tail is the value's bytes, so v
		 * < hi exactly when key < prefix + hi: a previous keyset page on a
		 * text key then does not receive the row at its bound)
		 */
		last_text = pi.plain_text && part + 1 == hbase_rk_nparts(t->layout);
		*hi_incl = hifloor || !((pi.width >= 0 || pi.order == RK_ORDER_DESC || last_text) &&
								((pi.order == RK_ORDER_ASC && x->hi && !x->hi_incl) ||
								 (pi.order == RK_ORDER_DESC && x->lo && !x->lo_incl)));
		/* likewise an exclusive lower bound starts after its equal rows */
		if (*lo && !lofloor &&
			((pi.order == RK_ORDER_ASC && !x->lo_incl) ||
			 (pi.order == RK_ORDER_DESC && !x->hi_incl)))
			*lo_after = lower_after(t, part, &pi);
		if (pi.width < 0 && part + 1 < hbase_rk_nparts(t->layout))
		{
			/*
			 * A variable part before a delimiter "\x00" holds no 0x00, but a
			 * bytea bound may: b = p + 0x00 + s.  A value v (no 0x00) is
			 * below b exactly when v <= p, and above b when v > p: p bounds
			 * both sides (its equal rows come too; the local qual drops them).
			 */
			char	   *z;

			if (*lo && (z = memchr(*lo, '\0', *lolen)) != NULL)
			{
				*lolen = z - *lo;
				*lo_after = LOWER_AT;
			}
			if (*hi && (z = memchr(*hi, '\0', *hilen)) != NULL)
			{
				*hilen = z - *hi;
				*hi_incl = true;
			}
		}
	}
}

/*
 * NaNs with the sign bit sort below -infinity in a sortable float part, but
 * above everything in SQL: a lower bound on the part also reads them, as
 * the range from the prefix to -infinity's key bytes.
 */
static void
add_nan_range(HBaseTable *t, HBaseKeyPlan *kp, int part, const char *key, int len)
{
	rk_value	v = {0};
	char	   *enc;
	const char *err;
	int			n;
	StringInfoData start;
	StringInfoData stop;

	v.f = -INFINITY;
	if ((n = hbase_rk_encode_part(t->layout, part, &v, &enc, &err)) < 0)
		elog(ERROR, "hbase_fdw: no key bytes for -infinity: %s", err);
	initStringInfo(&start);
	appendBinaryStringInfo(&start, key, len);
	initStringInfo(&stop);
	appendBinaryStringInfo(&stop, key, len);
	appendBinaryStringInfo(&stop, enc, n);
	add_range(kp, &start, &stop, true);
}

/*
 * Phase 5b: the range of one prefix (a combination of equality values in
 * one bucket): every key starting with it, narrowed by the range part.
 */
static void
add_prefix_range(HBaseTable *t, HBaseKeyPlan *kp, ColConds *cc, KeyShape *ks,
				 const char *key, int len)
{
	StringInfoData start;
	StringInfoData stop;
	bool		has_stop;

	initStringInfo(&start);
	appendBinaryStringInfo(&start, key, len);
	initStringInfo(&stop);
	appendBinaryStringInfo(&stop, key, len);
	has_stop = successor(&stop);

	if (ks->rangepart >= 0)
	{
		rk_part_info pi;
		ColConds   *x;
		char	   *lo,
				   *hi;
		int			lolen,
					hilen;
		bool		hi_incl;
		LowerAfter	lo_after;

		hbase_rk_part(t->layout, ks->rangepart, &pi);
		x = &cc[pi.column];
		range_part_bounds(t, ks->rangepart, x, &lo, &lolen, &hi, &hilen, &hi_incl, &lo_after);
		if (lo && pi.order_float)
			add_nan_range(t, kp, ks->rangepart, key, len);
		if (lo)
		{
			appendBinaryStringInfo(&start, lo, lolen);
			if (!start_after(&start, lo_after))
				return;			/* nothing follows the bound: no row */
		}
		if (hi)
		{
			resetStringInfo(&stop);
			appendBinaryStringInfo(&stop, key, len);
			appendBinaryStringInfo(&stop, hi, hilen);
			if (pi.width < 0 && pi.order == RK_ORDER_DESC)
			{
				/*
				 * desc(text) before a delimiter starting with 0xff: the rows
				 * equal to the bound are bound + 0xff ..., and the values
				 * that extend it (bound + other bytes) sort below those and
				 * also match.  So every key starting with the bound, or those
				 * below bound + 0xff when exclusive.
				 */
				if (hi_incl)
					has_stop = successor(&stop);
				else
				{
					appendStringInfoChar(&stop, '\xff');
					has_stop = true;
				}
			}
			else if (pi.width < 0 && !x->prefix && !x->suffix)
			{
				/*
				 * A variable part keeps its order only when it is last or
				 * followed by a delimiter starting with 0x00 (which no value
				 * holds).  The rows equal to the bound are bound + (end |
				 * 0x00 ...), all below bound + 0x01; a longer value sorts at
				 * or above bound + 0x01.  So the end is bound + 0x01 (bound +
				 * 0x00 when nothing follows), or the bound itself when
				 * exclusive.
				 */
				appendStringInfoChar(&stop, ks->rangepart + 1 < hbase_rk_nparts(t->layout) ? '\1' : '\0');
				has_stop = true;
				if (!hi_incl)
					stop.len--;
			}
			else if (hi_incl)
				has_stop = successor(&stop);
			else
				has_stop = true;
		}
	}
	add_range(kp, &start, &stop, has_stop);
}

/*
 * Phase 5: keys (exact) or ranges for every combination of equality values
 * in every bucket.  A value the key cannot hold (too wide ...) has no row.
 */
static void
emit_keys_and_ranges(HBaseTable *t, HBaseKeyPlan *kp, ColConds *cc, KeyShape *ks,
					 List *combos, List *buckets)
{
	rk_part_info first;
	ListCell   *lc;

	hbase_rk_part(t->layout, 0, &first);
	foreach(lc, combos)
	{
		rk_value   *row = lfirst(lc);
		ListCell   *bc;

		foreach(bc, buckets)
		{
			int			b = lfirst_int(bc);
			char	   *key;
			const char *err;
			int			len;

			if (ks->exact && b == RK_BUCKET_COMPUTE)
				len = hbase_rk_encode(t->layout, row, 0, &key, &err);
			else if (ks->exact && first.salt_random)
				len = hbase_rk_encode(t->layout, row, b, &key, &err);
			else

				/*
				 * A bucket of the fan-out; an exact key ends at ks->depth too
				 * (before an optional group whose column IS NULL)
				 */
				len = hbase_rk_encode_prefix(t->layout, row, ks->depth, b, &key, &err);
			if (len < 0)
				continue;		/* the value cannot be in this key: no row */
			if (!ks->exact)
				add_prefix_range(t, kp, cc, ks, key, len);
			else if (len > 0)	/* HBase has no row with an empty key */
				kp->keys = lappend(kp->keys, hbase_bytea(key, len));
		}
	}
}

/*
 * Phase 6: the operation's kind from what was emitted; duplicates and
 * overlaps go (no row twice); a single range over everything is a full
 * scan.
 */
static void
finish_plan(HBaseKeyPlan *kp, bool exact, int fanout)
{
	HBaseKeyRange *r;

	if (exact)
		kp->kind = list_length(kp->keys) == 1 ? HBASE_OP_GET :
			kp->keys == NIL ? HBASE_OP_EMPTY : HBASE_OP_MULTIGET;
	else
		kp->kind = kp->ranges == NIL ? HBASE_OP_EMPTY : HBASE_OP_SCANS;
	kp->buckets = fanout;
	normalize(kp);
	r = kp->ranges ? linitial(kp->ranges) : NULL;
	if (kp->kind == HBASE_OP_SCANS && list_length(kp->ranges) == 1 &&
		r->startlen == 0 && r->stop == NULL)
	{
		kp->kind = HBASE_OP_FULL;
		kp->ranges = NIL;
	}
}

/*
 * Phases 3 to 6 when values come at execution (planning a parameter or an
 * outer column): the operation's kind, and how many keys, ranges or fuzzy
 * keys the phases above will emit, from the columns the equality values fix
 * and their counts (estimated for IN lists and hashed bounds).  Only a value
 * the key cannot hold (too wide ...) is not foreseen: execution then finds
 * no row for it.
 */
static void
shape_plan(HBaseTable *t, HBaseKeyPlan *kp, ColConds *cc, KeyShape *ks)
{
	FixKind    *fixed = palloc0(sizeof(FixKind) * Max(t->natts, 1));
	double		ncombos = fixed_columns(t, cc, ks, fixed);
	bool		computable = prefix_fixed(t, fixed, ks);
	double		nbuckets = 1;
	rk_part_info first;
	int			i;

	hbase_rk_part(t->layout, 0, &first);
	kp->at_execution = true;
	if (first.kind == RK_PART_HASH && !computable)
	{
		/* fuzzy_plan's conditions */
		int			depth = ks->exact ? hbase_rk_nparts(t->layout) : ks->depth;

		if (depth <= ks->firstcol || first.width <= 0)
			return;
		for (i = ks->firstcol; i < depth; i++)
		{
			rk_part_info pi;

			hbase_rk_part(t->layout, i, &pi);
			if (pi.width < 0)
				return;
		}
		kp->kind = HBASE_OP_FUZZY;
		kp->nkeys = ncombos;
		return;
	}
	/* salt_buckets' fan-out */
	if (first.kind == RK_PART_SALT && (first.salt_random || !computable))
		nbuckets = first.salt_buckets + (first.salt_extra != 0 ? 1 : 0);
	if (ncombos * nbuckets > (ks->exact ? exact_key_cap(t, cc) : HBASE_MAX_KEYS))
		return;
	kp->buckets = nbuckets > 1 ? first.salt_buckets : 0;
	kp->nkeys = ncombos * nbuckets;
	if (ks->exact)
		kp->kind = kp->nkeys <= 1 ? HBASE_OP_GET : HBASE_OP_MULTIGET;
	else
		kp->kind = HBASE_OP_SCANS;
}

/*
 * Does a Phoenix table's layout start (after a salt) with a literal, which
 * fixes the start of every key even without a condition?  A tenant's view
 * (IMPORT option tenant) reads only the keys starting with its tenant id:
 * its table holds the other tenants' rows too, which its layout does not
 * decode.  Phoenix tables only (empty_column): other tables keep their full
 * scan where no condition narrows it.
 */
static bool
literal_prefix(HBaseTable *t)
{
	rk_part_info pi;
	int			i = 0;

	if (t->empty_column == NULL || hbase_rk_nparts(t->layout) < 1)
		return false;
	hbase_rk_part(t->layout, 0, &pi);
	if (pi.kind == RK_PART_SALT && hbase_rk_nparts(t->layout) > 1)
		hbase_rk_part(t->layout, ++i, &pi);
	return pi.kind == RK_PART_LITERAL;
}

/*
 * Values of the key conditions -> the operation (Get, multiget, bounded
 * scans, a fuzzy skip scan, nothing, or a full scan), in the phases above.
 * later: some value comes at execution; phases 1 to 2 note it, and
 * shape_plan counts what phases 3 to 6 will make of the values.
 */
static HBaseKeyPlan *
key_plan_base(HBaseTable *t, List *conds, const HBaseKeyValues *v, bool later,
			  ColConds *cc)
{
	HBaseKeyPlan *kp = palloc0(sizeof(HBaseKeyPlan));
	KeyShape	ks;
	rk_part_info first;
	List	   *combos;
	List	   *buckets;
	int			fanout;

	kp->kind = HBASE_OP_FULL;
	if (t->layout == NULL || (conds == NIL && !literal_prefix(t)))
		return kp;
	if (!gather_conditions(t, conds, v, cc) ||
		!expand_hash_ranges(t, cc, kp))
	{
		kp->kind = HBASE_OP_EMPTY;
		return kp;
	}
	fixed_depth(t, cc, &ks, exact_key_cap(t, cc));
	/* ranges rather than keys: each a scanner, at most HBASE_MAX_KEYS of them */
	if (!ks.exact && ks.combos > HBASE_MAX_KEYS)
		fixed_depth(t, cc, &ks, HBASE_MAX_KEYS);
	/* nothing narrows the first column: a full scan */
	if (ks.depth == ks.firstcol && ks.rangepart >= 0)
	{
		rk_part_info pi;
		ColConds   *x;

		hbase_rk_part(t->layout, ks.rangepart, &pi);
		x = &cc[pi.column];
		if (!(has_lo(x) || has_hi(x) || x->prefix || x->suffix || x->like_later))
			return kp;
	}
	if (later)
	{
		shape_plan(t, kp, cc, &ks);
		return kp;
	}
	combos = equality_combos(t, cc, &ks);

	/* a hash prefix the fixed columns cannot give: skip scan, or full scan */
	hbase_rk_part(t->layout, 0, &first);
	if (first.kind == RK_PART_HASH &&
		!prefix_computable(t, linitial(combos), ks.exact, ks.depth))
		return fuzzy_plan(t, kp, combos, ks.firstcol,
						  ks.exact ? hbase_rk_nparts(t->layout) : ks.depth, first.width);

	buckets = salt_buckets(t, linitial(combos), &ks, &fanout);
	if ((long) list_length(combos) * list_length(buckets) >
		(ks.exact ? exact_key_cap(t, cc) : HBASE_MAX_KEYS))
		return kp;
	emit_keys_and_ranges(t, kp, cc, &ks, combos, buckets);
	finish_plan(kp, ks.exact, fanout);
	return kp;
}

/* are a variable part's bytes for a value free of 0x00 (its delimiter)? */
static bool
value_without_nul(HBaseTable *t, int part, rk_value *v)
{
	char	   *enc;
	const char *err;
	int			n = hbase_rk_encode_part(t->layout, part, v, &enc, &err);

	return n >= 0 && memchr(enc, '\0', n) == NULL;
}

/*
 * Does a row comparison's bound key start with the salt or hash prefix of
 * the ranges it would cut?  The comparison may name a prefix column that =
 * fixes, with another value (a = 3 AND (a, b) < (4, 1)): its bound then
 * lies under another prefix, in hash order rather than value order, and
 * would cut the ranges wrongly.  row holds the comparison's values; the
 * prefix is recomputed with the = values of the prefix columns.
 */
static bool
same_prefix(HBaseTable *t, rk_value *row, ColConds *cc, const char *key, int len, int limit)
{
	rk_part_info first;
	int			pcols[64];
	int			np = hbase_rk_prefix_columns(t->layout, pcols, lengthof(pcols));
	rk_value   *erow;
	char	   *ekey;
	const char *err;
	int			elen,
				i;

	hbase_rk_part(t->layout, 0, &first);
	if (np <= 0)
		return true;
	erow = palloc(sizeof(rk_value) * Max(t->natts, 1));
	memcpy(erow, row, sizeof(rk_value) * Max(t->natts, 1));
	for (i = 0; i < np; i++)
		erow[pcols[i]] = *(rk_value *) linitial(cc[pcols[i]].eq);
	elen = hbase_rk_encode_prefix(t->layout, erow, limit, RK_BUCKET_COMPUTE, &ekey, &err);
	return elen >= first.width && len >= first.width && memcmp(key, ekey, first.width) == 0;
}

static void bucket_ranges(HBaseTable *t, HBaseKeyPlan *kp);

/*
 * Does the range lie in one salt bucket (the first width bytes of its
 * start)?  Its stop is at most the bucket's successor.
 */
static bool
in_one_bucket(HBaseKeyRange *r, int width)
{
	StringInfoData next;

	if (r->startlen < width)
		return false;
	initStringInfo(&next);
	appendBinaryStringInfo(&next, r->start, width);
	if (!successor(&next))
		return true;			/* the last bucket: nothing follows it */
	return r->stop != NULL && hbase_cmp_keys(r->stop, r->stoplen, next.data, next.len) <= 0;
}

/*
 * The range cut at a row comparison's bound: its start raised to it (>, >=)
 * or its stop lowered to it (<, <=).  key is the bound's encoded key; a
 * salted range takes it after its own bucket's bytes (salt_width of them:
 * the rows of each bucket are in key order after the salt).  False when
 * the bound cuts nothing here.
 */
static bool
cut_range(HBaseKeyRange *r, HBaseKeyOp op, LowerAfter after, const char *key, int len,
		  int salt_width)
{
	StringInfoData bound;

	initStringInfo(&bound);
	if (salt_width > 0)
	{
		appendBinaryStringInfo(&bound, r->start, salt_width);
		appendBinaryStringInfo(&bound, key + salt_width, len - salt_width);
	}
	else
		appendBinaryStringInfo(&bound, key, len);
	if (op == HBASE_KEY_LE && !successor(&bound))
		return false;
	if (op == HBASE_KEY_GT && !start_after(&bound, after))
		return false;			/* no key follows: left to the local qual */
	if (op == HBASE_KEY_GT || op == HBASE_KEY_GE)
	{
		/* after the equal rows for >; the local qual checks all */
		if (hbase_cmp_keys(bound.data, bound.len, r->start, r->startlen) > 0)
		{
			r->start = hbase_memdup(bound.data, bound.len);
			r->startlen = bound.len;
		}
	}
	else if (r->stop == NULL || hbase_cmp_keys(bound.data, bound.len, r->stop, r->stoplen) < 0)
	{
		r->stop = hbase_memdup(bound.data, bound.len);
		r->stoplen = bound.len;
	}
	return true;
}

/*
 * A row comparison's value of another type than its column (crosstype.c),
 * as exactly as a plain bound's: *d and *vtype become a value of the
 * column's type.  The last column's: "col op value" as a bound of the
 * column's type, whose operator the row takes (ts > '...12:00' on a date
 * column is > that day): 1.  Before the last, a value the column holds
 * exactly goes on as it is (1); else no row has the column equal to it,
 * so the row compares by this column alone, as col >= value (> for a
 * lower bound, < for an upper, the same rows then): the row ends here
 * with the bound's operator (2).  0: no bound of the column's type.
 */
static int
row_cross_value(HBaseColumn *col, HBaseKeyOp *op, bool last, Datum *d, Oid *vtype)
{
	HBaseKeyOp	ops[2];
	Datum		bvals[2];
	bool		lower = (*op == HBASE_KEY_GT || *op == HBASE_KEY_GE);
	int			n;

	if (!last)
	{
		n = hbase_cross_type_bounds(col->atttypid, *vtype, HBASE_KEY_EQ, *d, ops, bvals);
		if (n == 1 && ops[0] == HBASE_KEY_EQ)
		{
			*d = bvals[0];
			*vtype = bound_type(col);
			return 1;
		}
		n = hbase_cross_type_bounds(col->atttypid, *vtype, lower ? HBASE_KEY_GE : HBASE_KEY_LE,
									*d, ops, bvals);
	}
	else
		n = hbase_cross_type_bounds(col->atttypid, *vtype, *op, *d, ops, bvals);
	if (n != 1 || (lower != (ops[0] == HBASE_KEY_GT || ops[0] == HBASE_KEY_GE)))
		return 0;
	*op = ops[0];
	*d = bvals[0];
	*vtype = bound_type(col);
	return last ? 1 : 2;
}

/*
 * A row comparison on the key columns that follow the parts fixed by =,
 * in key order, all ascending: the rows after (or before) a key.  The scan
 * starts (or stops) at that key: keyset pagination reads from where the
 * last page ended.  Applies to one fixed prefix (no IN); a salt that = does
 * not fix (its columns free, a Phoenix salt over the whole key, a random
 * one) is read one range per bucket, each cut at the bound after its own
 * bucket's bytes, since each bucket holds its rows in key order after the
 * salt (keyset pages on salted tables).  Values that come at execution
 * (kp->at_execution): what does not depend on them is checked, and a full
 * scan becomes "bounded scans" (one per bucket when salted).  Longer than
 * most because the lower and the upper bound are each checked, encoded
 * and applied the same way, side by side, so that they stay alike.
 */
static void
apply_row_bounds(HBaseTable *t, HBaseKeyPlan *kp, List *conds, ColConds *cc,
				 const HBaseKeyValues *v)
{
	Datum	   *vals = v->vals;
	bool	   *nulls = v->nulls;
	Oid		   *types = v->types;
	ListCell   *lc;
	int			nparts = hbase_rk_nparts(t->layout);
	int			pcols[64];
	int			np = hbase_rk_prefix_columns(t->layout, pcols, lengthof(pcols));
	rk_part_info first;
	int			salt_width = 0;
	int			i;

	/* a salt or hash prefix orders nothing unless = fixes its columns ... */
	hbase_rk_part(t->layout, 0, &first);
	for (i = 0; np >= 0 && i < Min(np, (int) lengthof(pcols)); i++)
		if (!cc[pcols[i]].has_eq || eq_count(&cc[pcols[i]]) != 1)
			break;
	if (np < 0 || np > (int) lengthof(pcols) || i < np)
	{
		/* ... but a salt's buckets each keep the key order after it */
		if (first.kind != RK_PART_SALT || first.width <= 0)
			return;
		salt_width = first.width;
		if (kp->kind != HBASE_OP_FULL && !(kp->kind == HBASE_OP_SCANS && kp->buckets > 0))
			return;
	}
	else if (kp->kind != HBASE_OP_FULL && !(kp->kind == HBASE_OP_SCANS && kp->buckets == 0))
		return;
	foreach(lc, conds)
	{
		HBaseKeyCond *c = lfirst(lc);
		HBaseKeyOp	op = c->op;
		int			n = c->nrow;
		rk_value   *row;
		int			k = 0,
					limit = -1;
		char	   *key;
		const char *err;
		int			len;
		ListCell   *rl;
		LowerAfter	after = LOWER_AT;
		bool		cut = false;
		bool		was_full = kp->kind == HBASE_OP_FULL;
		bool		truncated;
		Datum		d;
		Oid			vtype;

		if (c->nrow == 0)
			continue;
		row = palloc0(sizeof(rk_value) * Max(t->natts, 1));
		for (i = 0; i < t->natts; i++)
			row[i].isnull = 1;
		if (salt_width == 0 && !kp->at_execution)
			for (i = 0; i < np; i++)
				row[pcols[i]] = *(rk_value *) linitial(cc[pcols[i]].eq);
		/* the parts before the row's columns: fixed by a single = */
		for (i = 0; i < nparts && k < n; i++)
		{
			rk_part_info pi;
			int			attnum;
			int			idx;
			HBaseColumn *col;

			hbase_rk_part(t->layout, i, &pi);
			if (pi.kind != RK_PART_COLUMN)
				continue;
			attnum = c->row_attnums[k];
			idx = c->row_exprs[k];
			if (pi.column + 1 != attnum)
			{
				if (k > 0 || !cc[pi.column].has_eq || eq_count(&cc[pi.column]) != 1)
					break;		/* a gap: the row is not the next parts */
				if (!kp->at_execution)
					row[pi.column] = *(rk_value *) linitial(cc[pi.column].eq);
				continue;
			}
			col = &t->columns[attnum - 1];

			/*
			 * A variable part keeps its order (ASC) only last or before a
			 * delimiter that sorts below its value bytes (rowkey/compile.c):
			 * the bound may go on after it (value_without_nul below).
			 */
			if (pi.order != RK_ORDER_ASC || pi.order_nonneg || pi.optional)
				break;
			/* a lower bound would skip the NaNs that sort first in the key */
			if (pi.order_float && (op == HBASE_KEY_GT || op == HBASE_KEY_GE))
				break;
			if (kp->at_execution)
			{
				/* the value's own checks come at execution */
				k++;
				continue;
			}
			if (nulls[idx])
				break;
			d = vals[idx];
			vtype = types[idx];
			truncated = false;
			if (cross_type(col, vtype))
			{
				int			r = row_cross_value(col, &op, k == n - 1, &d, &vtype);

				if (r == 0)
					break;
				truncated = (r == 2);
			}
			if (to_rk(t, col, d, vtype, &row[pi.column]) != KV_OK)
				break;
			/* -0 = +0: an upper bound at either is the key bytes of +0 */
			if (is_float_zero(col, &row[pi.column]))
				row[pi.column].f = 0.0;
			if (pi.width < 0 && i + 1 < nparts && !value_without_nul(t, i, &row[pi.column]))
				break;			/* see range_part_bounds */
			k++;
			limit = i + 1;
			after = lower_after(t, i, &pi);
			if (truncated)
			{
				k = n;			/* the columns after it decide nothing */
				break;
			}
		}
		if (k < n)
			continue;
		if (kp->at_execution)
		{
			if (kp->kind == HBASE_OP_FULL && salt_width > 0)
			{
				kp->kind = HBASE_OP_SCANS;
				kp->buckets = first.salt_buckets;
				kp->nkeys = first.salt_buckets + (first.salt_extra != 0 ? 1 : 0);
			}
			else if (kp->kind == HBASE_OP_FULL)
			{
				kp->kind = HBASE_OP_SCANS;
				kp->nkeys = 1;
			}
			continue;
		}
		/* salted: any bucket's bytes, each range puts its own in their place */
		len = hbase_rk_encode_prefix(t->layout, row, limit,
									 salt_width > 0 ? 0 : RK_BUCKET_COMPUTE, &key, &err);
		if (len < 0 || len <= salt_width)
			continue;
		if (salt_width == 0 && !same_prefix(t, row, cc, key, len, limit))
			continue;
		if (kp->kind == HBASE_OP_FULL && salt_width > 0)
			bucket_ranges(t, kp);
		else if (kp->kind == HBASE_OP_FULL)
		{
			HBaseKeyRange *r = palloc0(sizeof(HBaseKeyRange));

			r->start = "";
			kp->ranges = list_make1(r);
			kp->kind = HBASE_OP_SCANS;
		}
		if (kp->kind != HBASE_OP_SCANS)
			continue;
		foreach(rl, kp->ranges)
		{
			HBaseKeyRange *r = lfirst(rl);

			if (salt_width == 0 || in_one_bucket(r, salt_width))
				cut |= cut_range(r, op, after, key, len, salt_width);
		}
		if (!cut)
		{
			if (was_full)
			{
				kp->kind = HBASE_OP_FULL;	/* as it was: nothing to cut */
				kp->ranges = NIL;
				kp->buckets = 0;
			}
			continue;
		}
		/* a range whose start passed its stop has nothing */
		foreach(rl, kp->ranges)
		{
			HBaseKeyRange *r = lfirst(rl);

			if (r->stop && hbase_cmp_keys(r->start, r->startlen, r->stop, r->stoplen) >= 0)
				kp->ranges = foreach_delete_current(kp->ranges, rl);
		}
		if (kp->ranges == NIL)
			kp->kind = HBASE_OP_EMPTY;
	}
}

/*
 * A full scan of a salted table whose rows must come in key order after the
 * salt: one range per bucket, for the merge.
 */
static void
bucket_ranges(HBaseTable *t, HBaseKeyPlan *kp)
{
	rk_part_info first;
	rk_value   *none;
	int			b,
				i;
	List	   *buckets = NIL;
	ListCell   *lc;

	if (t->layout == NULL || kp->kind != HBASE_OP_FULL)
		return;
	hbase_rk_part(t->layout, 0, &first);
	if (first.kind != RK_PART_SALT)
		return;
	none = palloc0(sizeof(rk_value) * Max(t->natts, 1));
	for (i = 0; i < t->natts; i++)
		none[i].isnull = 1;
	for (b = 0; b < first.salt_buckets; b++)
		buckets = lappend_int(buckets, b);
	if (first.salt_extra != 0)
		buckets = lappend_int(buckets, first.salt_extra);
	foreach(lc, buckets)
	{
		char	   *key;
		const char *err;
		int			len = hbase_rk_encode_prefix(t->layout, none, 1, lfirst_int(lc), &key, &err);
		StringInfoData start,
					stop;
		bool		has_stop;

		if (len < 0)
			return;
		initStringInfo(&start);
		appendBinaryStringInfo(&start, key, len);
		initStringInfo(&stop);
		appendBinaryStringInfo(&stop, key, len);
		has_stop = successor(&stop);
		add_range(kp, &start, &stop, has_stop);
	}
	kp->kind = HBASE_OP_SCANS;
	kp->buckets = first.salt_buckets;
	kp->whole_table = true;
}

/* floor and ceiling of a / 1000 for any sign */
static int64
floor_ms(int64 us)
{
	return us >= 0 ? us / 1000 : -((-(us + 1)) / 1000) - 1;
}

static int64
ceil_ms(int64 us)
{
	return -floor_ms(-us);
}

/*
 * The time range [start, end) in ms of the time conditions' values, into
 * kp (time_range); an empty one makes the operation EMPTY.  Microseconds
 * round so that every cell whose timestamp passes the qual is in the
 * range; ±infinity and NULL values bound nothing (the local qual decides).
 * On a row_timestamp column (hbase_time_conditions) the bounds are
 * Phoenix's (ScanRanges.getAscTimeRange, getDescTimeRange: > and <= one
 * past the value, HBase's end exclusive; the column's order does not
 * matter), on the cells' stamp, which is the value's millisecond
 * (hbase_key_row_timestamp): a timestamp's microseconds floor to it, so
 * that a value of 1.0005 ms passes > 1.0002 ms although both stamp 1 ms.
 */
static void
time_range(HBaseTable *t, List *tconds, Datum *vals, bool *nulls, Oid *types,
		   HBaseKeyPlan *kp)
{
	int64		start = 0;
	int64		end = PG_INT64_MAX;
	Oid			type = InvalidOid;
	bool		rowts = t->row_timestamp >= 0 && t->versions == 0;
	ListCell   *lc;
	int			i;

	if (tconds == NIL)
		return;
	if (rowts)
		type = t->columns[t->row_timestamp].atttypid;
	else
		for (i = 0; i < t->natts; i++)
			if (!t->columns[i].dropped && t->columns[i].kind == HBASE_COL_TIMESTAMP)
				type = t->columns[i].atttypid;
	foreach(lc, tconds)
	{
		List	   *c = lfirst(lc);
		int			strategy = linitial_int(c);
		int			idx = lsecond_int(c);
		int64		lo,
					hi;			/* the smallest and largest ms the value allows */
		int64		x;

		if (nulls[idx])
			continue;
		x = types[idx] == INT2OID ? DatumGetInt16(vals[idx]) :
			types[idx] == INT4OID || types[idx] == DATEOID ? DatumGetInt32(vals[idx]) :
			DatumGetInt64(vals[idx]);
		if (type == INT8OID)
		{
			lo = hi = x;
		}
		else if (type == DATEOID)
		{
			/* a day's stamp: its midnight (UTC) */
			if (DATE_NOT_FINITE((DateADT) x))
				continue;
			lo = hi = (x + HBASE_EPOCH_SHIFT_DAYS) * INT64CONST(86400000);
		}
		else if (rowts)
		{
			/* a value's stamp is its millisecond: x's, or the one of x + 1 us */
			if (TIMESTAMP_NOT_FINITE(x) ||
				x >= PG_INT64_MAX - HBASE_EPOCH_SHIFT_USECS - 1 ||
				x <= PG_INT64_MIN + 1)
				continue;
			x += HBASE_EPOCH_SHIFT_USECS;
			if (strategy == BTLessStrategyNumber)
			{
				x -= 1;
				strategy = BTLessEqualStrategyNumber;
			}
			else if (strategy == BTGreaterStrategyNumber)
			{
				x += 1;
				strategy = BTGreaterEqualStrategyNumber;
			}
			lo = hi = floor_ms(x);
		}
		else
		{
			if (TIMESTAMP_NOT_FINITE(x) ||
				x > PG_INT64_MAX - HBASE_EPOCH_SHIFT_USECS)
				continue;
			x += HBASE_EPOCH_SHIFT_USECS;	/* since 1970 */
			lo = ceil_ms(x);	/* the first ms at or after the value */
			hi = floor_ms(x);	/* the last ms at or before it */
		}
		switch (strategy)
		{
			case BTLessStrategyNumber:
				/* ts < x: ms < x, i.e. ms <= ceil(x) - 1 */
				end = Min(end, lo);
				break;
			case BTLessEqualStrategyNumber:
				end = Min(end, hi == PG_INT64_MAX ? hi : hi + 1);
				break;
			case BTEqualStrategyNumber:
				start = Max(start, lo);
				end = Min(end, hi == PG_INT64_MAX ? hi : hi + 1);
				break;
			case BTGreaterEqualStrategyNumber:
				start = Max(start, lo);
				break;
			case BTGreaterStrategyNumber:
				start = Max(start, hi == PG_INT64_MAX ? hi : hi + 1);
				break;
		}
	}
	if (start == 0 && end == PG_INT64_MAX)
		return;
	kp->time_range = true;
	kp->start_time = Max(start, 0);
	kp->end_time = end;
	if (kp->start_time >= kp->end_time)
		kp->kind = HBASE_OP_EMPTY;
}

/*
 * A nullable first key part (nullable(x), after a salt at most: a Phoenix
 * index's column) keeps its NULLs first, as no bytes then "\x00"; a
 * condition on its column other than IS NULL matches none of them, so a
 * range from the table's (or its bucket's) first key starts after them, at
 * "\x01": an index of a column mostly NULL is not read through its NULLs.
 * No value's bytes start with 0x00 there (text never holds it, nor inverted
 * text 0xff; a DECIMAL's exponent byte only beyond Phoenix's magnitudes).
 */
static void
skip_leading_nulls(HBaseTable *t, HBaseKeyPlan *kp, List *conds)
{
	int			nparts = hbase_rk_nparts(t->layout);
	int			prefix = 0;
	bool		strict = false;
	rk_part_info pi;
	ListCell   *lc;
	int			i;

	for (i = 0; i < nparts; i++)
	{
		hbase_rk_part(t->layout, i, &pi);
		if (pi.kind != RK_PART_SALT)
			break;
		prefix += pi.width;
	}
	if (i == nparts || pi.kind != RK_PART_COLUMN || !pi.nullable || pi.optional)
		return;
	foreach(lc, conds)
	{
		HBaseKeyCond *c = lfirst(lc);

		if (c->attnum == pi.column + 1 && c->nrow == 0 && c->op != HBASE_KEY_ISNULL)
			strict = true;
	}
	if (!strict)
		return;
	foreach(lc, kp->ranges)
	{
		HBaseKeyRange *r = lfirst(lc);
		char	   *start;
		int			cmp;

		if (r->startlen != prefix || r->parts != NIL)
			continue;
		start = palloc(prefix + 1);
		memcpy(start, r->start, prefix);
		start[prefix] = '\x01';
		/* a range that would end before it stays as it was */
		if (r->stop != NULL && r->stoplen > 0)
		{
			cmp = memcmp(start, r->stop, Min(prefix + 1, r->stoplen));
			if (cmp > 0 || (cmp == 0 && prefix + 1 >= r->stoplen))
				continue;
		}
		r->start = start;
		r->startlen = prefix + 1;
	}
}

/* are the values of these (attnum or strategy, fdw_exprs index) pairs all known? */
static bool
pairs_known(List *pairs, const HBaseKeyValues *v)
{
	ListCell   *lc;

	foreach(lc, pairs)
		if (!value_known(v, lsecond_int((List *) lfirst(lc))))
			return false;
	return true;
}

/*
 * The one derivation of a scan's HBase operation: the key conditions with
 * their values become a Get, a multiget, bounded scans, a skip scan, a full
 * scan or nothing; the cell filters and a table of versions' time range
 * come along; a salted table read one range per bucket (to merge them or to
 * read them concurrently) gets its buckets' ranges.  Costs (planning, with
 * constants known and parameters not), EXPLAIN (the same, or the values
 * executed) and execution (every value known) all call it.  When a key
 * value comes at execution the result is the operation's shape
 * (at_execution: kind, estimated nkeys, salt buckets), its keys and ranges
 * computed then.
 */
HBaseKeyPlan *
hbase_keyplan_derive(HBaseTable *t, const HBaseOpSpec *spec, const HBaseKeyValues *values)
{
	ColConds   *cc = palloc0(sizeof(ColConds) * Max(t->natts, 1));
	bool		later = conds_later(spec->conds, values);
	HBaseKeyPlan *kp = key_plan_base(t, spec->conds, values, later, cc);

	kp->at_execution = later;
	if (t->layout != NULL && spec->conds != NIL && kp->kind != HBASE_OP_EMPTY)
		apply_row_bounds(t, kp, spec->conds, cc, values);
	if (t->layout != NULL && kp->kind == HBASE_OP_SCANS && !kp->at_execution)
		skip_leading_nulls(t, kp, spec->conds);
	if (hbase_vfilter_known(spec->fconds, values))
		kp->filters = hbase_vfilter_derive(t, spec->fconds, values);
	else
		kp->filters_later = true;
	if (pairs_known(spec->tconds, values))
		time_range(t, spec->tconds, values->vals, values->nulls, values->types, kp);
	else
		kp->time_later = true;
	if (t->row_timestamp >= 0 && t->versions == 0 &&
		(kp->kind == HBASE_OP_GET || kp->kind == HBASE_OP_MULTIGET))
	{
		/* Gets read their rows whole: a row timestamp's range is for scanners */
		kp->time_range = false;
		kp->time_later = false;
	}
	if (spec->split_buckets && kp->kind == HBASE_OP_FULL)
	{
		/* the buckets' ranges need no value: the operation is known now */
		bucket_ranges(t, kp);
		if (kp->kind == HBASE_OP_SCANS)
			kp->at_execution = false;
	}
	/* nothing, or the whole table: known now whatever the values */
	if (kp->kind == HBASE_OP_EMPTY || kp->kind == HBASE_OP_FULL)
		kp->at_execution = false;
	if (!kp->at_execution)
		kp->nkeys = kp->kind == HBASE_OP_SCANS ? list_length(kp->ranges) :
			kp->kind == HBASE_OP_FUZZY ? list_length(kp->fuzzy) / 2 :
			list_length(kp->keys);
	kp->order = spec->order;
	kp->salt_bytes = spec->salt_bytes;
	kp->split_buckets = spec->split_buckets;
	return kp;
}

/*
 * The operation key conditions lead to at planning (costs, direct
 * modification, batched joins): what execution makes of their constants,
 * or its shape when values come at execution.
 */
HBaseKeyPlan *
hbase_keyplan_at_planning(HBaseTable *t, List *conds, List *exprs)
{
	HBaseOpSpec spec = {0};

	spec.conds = conds;
	return hbase_keyplan_derive(t, &spec, hbase_keyplan_planning_values(exprs));
}

/*
 * The values of the conditions as planning knows them: the constants;
 * anything else (parameters, outer columns) comes at execution.
 */
HBaseKeyValues *
hbase_keyplan_planning_values(List *exprs)
{
	HBaseKeyValues *v = palloc(sizeof(HBaseKeyValues));
	int			n = Max(list_length(exprs), 1);
	ListCell   *lc;

	v->vals = palloc0(sizeof(Datum) * n);
	v->nulls = palloc0(sizeof(bool) * n);
	v->types = palloc0(sizeof(Oid) * n);
	v->known = palloc0(sizeof(bool) * n);
	foreach(lc, exprs)
	{
		Expr	   *e = lfirst(lc);
		int			i = foreach_current_index(lc);

		v->types[i] = exprType((Node *) e);
		if (IsA(e, Const))
		{
			v->vals[i] = ((Const *) e)->constvalue;
			v->nulls[i] = ((Const *) e)->constisnull;
			v->known[i] = true;
		}
	}
	return v;
}

static char *
range_text(HBaseKeyRange *r)
{
	return psprintf("[%s, %s)", hbase_explain_key(r->start, r->startlen),
					r->stop ? hbase_explain_key(r->stop, r->stoplen) : "end");
}

#define EXPLAIN_MAX_ITEMS 8

/* a list of keys (bytea *) for EXPLAIN, the first EXPLAIN_MAX_ITEMS of them */
static char *
keys_text(List *keys)
{
	StringInfoData buf;
	ListCell   *lc;

	initStringInfo(&buf);
	foreach(lc, keys)
	{
		bytea	   *k = lfirst(lc);

		if (foreach_current_index(lc) == EXPLAIN_MAX_ITEMS)
		{
			appendStringInfo(&buf, ", ... (%d more)", list_length(keys) - EXPLAIN_MAX_ITEMS);
			break;
		}
		appendStringInfo(&buf, "%s%s", buf.len ? ", " : "",
						 hbase_explain_key(VARDATA(k), VARSIZE(k) - VARHDRSZ));
	}
	return buf.data;
}

/* fuzzy keys for EXPLAIN: fuzzy bytes as ?, fixed ones as they are */
static char *
fuzzy_text(List *fuzzy)
{
	StringInfoData buf;
	ListCell   *lc;

	initStringInfo(&buf);
	for (lc = list_head(fuzzy); lc; lc = lnext(fuzzy, lnext(fuzzy, lc)))
	{
		bytea	   *k = lfirst(lc);
		bytea	   *m = lfirst(lnext(fuzzy, lc));
		int			i;

		if (buf.len > 0)
			appendStringInfoString(&buf, ", ");
		for (i = 0; i < (int) (VARSIZE(k) - VARHDRSZ); i++)
		{
			if (VARDATA(m)[i])
				appendStringInfoChar(&buf, '?');
			else
				appendStringInfoString(&buf, hbase_explain_key(VARDATA(k) + i, 1));
		}
	}
	return buf.data;
}

/* a Get's or multiget's EXPLAIN items, with the value filters it sends (2.6's gateway) */
static List *
keys_filters(List *out, char *filters)
{
	if (filters)
		out = lappend(lappend(out, "HBase Filter"), filters);
	return out;
}

/*
 * The operation in words, for EXPLAIN: a list of (label, text) pairs, label
 * first.  What the derivation returned, nothing else: the keys and ranges
 * when they are known, what execution computes when values come then.
 */
List *
hbase_keyplan_describe(HBaseTable *t, HBaseKeyPlan *kp)
{
	List	   *out = NIL;
	StringInfoData op;
	const char *reversed = kp->order == HBASE_ORDER_REVERSE ? ", reversed" : "";
	char	   *filters = NULL;
	ListCell   *lc;

#define DESCRIBE(label, text) (out = lappend(lappend(out, (label)), (text)))
	initStringInfo(&op);
	if (kp->filters && kp->kind != HBASE_OP_EMPTY)
	{
		StringInfoData fb;
		bool		keys = kp->kind == HBASE_OP_GET || kp->kind == HBASE_OP_MULTIGET;

		/* Gets and multigets: the filters HBase's filter language can say (rest.c) */
		initStringInfo(&fb);
		foreach(lc, kp->filters)
			if (!keys || hbase_rest_filter_text(list_make1(lfirst(lc))) != NULL)
				appendStringInfo(&fb, "%s%s", fb.len ? " AND " : "",
								 ((HBaseCellFilter *) lfirst(lc))->display);
		if (fb.len > 0)
			filters = fb.data;
	}
	switch (kp->kind)
	{
		case HBASE_OP_EMPTY:
			DESCRIBE("HBase Operation", "none (no row can match)");
			return out;
		case HBASE_OP_FULL:
			DESCRIBE("HBase Operation", psprintf("full scan%s", reversed));
			break;
		case HBASE_OP_FUZZY:
			if (kp->at_execution)
				DESCRIBE("HBase Operation", "skip scan (FuzzyRowFilter, keys computed at execution)");
			else
			{
				DESCRIBE("HBase Operation",
						 psprintf("skip scan (FuzzyRowFilter, %d key%s)", list_length(kp->fuzzy) / 2,
								  list_length(kp->fuzzy) == 2 ? "" : "s"));
				DESCRIBE("HBase Fuzzy Keys", fuzzy_text(kp->fuzzy));
			}
			break;
		case HBASE_OP_GET:
			if (kp->at_execution)
			{
				DESCRIBE("HBase Operation", "Get (key computed at execution)");
				return keys_filters(out, filters);
			}
			DESCRIBE("HBase Operation", "Get");
			DESCRIBE("HBase Key", keys_text(kp->keys));
			return keys_filters(out, filters);
		case HBASE_OP_MULTIGET:
			if (kp->at_execution)
				appendStringInfoString(&op, "multiget (keys computed at execution)");
			else
				appendStringInfo(&op, "multiget of %d keys", list_length(kp->keys));
			if (kp->buckets)
				appendStringInfo(&op, " (%d salt buckets)", kp->buckets);
			DESCRIBE("HBase Operation", op.data);
			if (!kp->at_execution)
				DESCRIBE("HBase Keys", keys_text(kp->keys));
			return keys_filters(out, filters);
		case HBASE_OP_SCANS:
			if (kp->at_execution)
			{
				appendStringInfo(&op, "bounded scans%s (ranges computed at execution", reversed);
				if (kp->per_value)
					appendStringInfoString(&op, ": one per value between the hashed column's bounds, "
										   "a skip scan above " CppAsString2(HBASE_MAX_KEYS));
				if (kp->buckets)
					appendStringInfo(&op, ", one per salt bucket of %d%s", kp->buckets,
									 kp->salt_bytes > 0 ? ", merged in key order" : "");
				appendStringInfoChar(&op, ')');
			}
			else
				appendStringInfo(&op, "%d bounded scan%s%s", list_length(kp->ranges),
								 list_length(kp->ranges) == 1 ? "" : "s", reversed);
			if (kp->buckets && !kp->at_execution)
				appendStringInfo(&op, " (one per salt bucket of %d%s)", kp->buckets,
								 kp->salt_bytes > 0 && list_length(kp->ranges) > 1 ?
								 ", merged in key order" : "");
			if (!kp->at_execution && list_length(kp->ranges) > 1 && t->concurrency > 1 &&
				(kp->salt_bytes > 0 || kp->order == HBASE_ORDER_ANY))
				appendStringInfo(&op, ", up to %d at a time",
								 Min(t->concurrency, list_length(kp->ranges)));
			DESCRIBE("HBase Operation", op.data);
			if (!kp->at_execution)
			{
				StringInfoData rb;

				initStringInfo(&rb);
				foreach(lc, kp->ranges)
				{
					if (foreach_current_index(lc) == EXPLAIN_MAX_ITEMS)
					{
						appendStringInfo(&rb, ", ... (%d more)", list_length(kp->ranges) - EXPLAIN_MAX_ITEMS);
						break;
					}
					appendStringInfo(&rb, "%s%s", rb.len ? ", " : "", range_text(lfirst(lc)));
				}
				DESCRIBE("HBase Ranges", rb.data);
			}
			break;
	}
	if (filters)
		DESCRIBE("HBase Filter", filters);
	else if (kp->filters_later)
		DESCRIBE("HBase Filter", "cell values computed at execution");
	if (kp->time_range)
		DESCRIBE("HBase Time Range",
				 kp->end_time == PG_INT64_MAX ?
				 psprintf("[" INT64_FORMAT " ms, no end)", kp->start_time) :
				 psprintf("[" INT64_FORMAT " ms, " INT64_FORMAT " ms)",
						  kp->start_time, kp->end_time));
	else if (kp->time_later)
		DESCRIBE("HBase Time Range", "computed at execution");
#undef DESCRIBE
	return out;
}
