/*
 * vfilter.c: the value filters HBase runs at the region server.
 *
 * pushdown.c decided at planning which quals HBase can filter by cell
 * values (hbase_filter_conditions: a tree of conditions whose values are in
 * fdw_exprs); here, with the values known, each becomes
 * SingleColumnValueFilters in FilterLists, the same derivation for EXPLAIN
 * and the scan (keyplan.c calls it).  A filter returns the rows of its
 * condition or more, never fewer: every qual stays checked locally.  So a
 * condition that cannot be encoded (a NULL value, an IN list too long, an
 * integer out of the column's range) becomes "any row", which drops it
 * from an AND and makes its OR stay local.
 *
 * Byte order: HBase compares a cell's bytes with the comparator's as
 * unsigned bytes.  Text under a byte-order collation, bytea, Phoenix's
 * sign-flipped integers and the zero-padded digits of a text_width column
 * sort like their values (dates', timestamps' and text_width's cells of
 * another spelling pass, checked here); a binary (Java) integer's
 * two's complement does not: its negative values sort after the positive
 * ones, so a range becomes one byte range per sign, ORed, in the width of
 * the column's type; a cell of another width the reader accepts (1, 2, 4 or
 * 8 bytes) comes whenever that width can hold a matching value (equality
 * and <> are exact in every width).
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "lib/stringinfo.h"
#include "mb/pg_wchar.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/date.h"
#include "utils/datetime.h"
#include "utils/timestamp.h"
#include "utils/lsyscache.h"

#include "plan_int.h"

/* HBase's CompareOperator of each comparison (HBASE_VF_EQ to HBASE_VF_GE) */
static const char *const hbase_ops[] = {
	[HBASE_VF_EQ] = "EQUAL",
	[HBASE_VF_NE] = "NOT_EQUAL",
	[HBASE_VF_LT] = "LESS",
	[HBASE_VF_LE] = "LESS_OR_EQUAL",
	[HBASE_VF_GT] = "GREATER",
	[HBASE_VF_GE] = "GREATER_OR_EQUAL",
};

/* SQL's spelling of the same, for EXPLAIN */
static const char *const sql_ops[] = {
	[HBASE_VF_EQ] = "=",
	[HBASE_VF_NE] = "<>",
	[HBASE_VF_LT] = "<",
	[HBASE_VF_LE] = "<=",
	[HBASE_VF_GT] = ">",
	[HBASE_VF_GE] = ">=",
};

static HBaseCellFilter *
cell(const HBaseColumn *col, const char *op, HBaseComparatorKind comparator,
	 bytea *value, bool if_missing)
{
	HBaseCellFilter *f = palloc0(sizeof(HBaseCellFilter));

	f->kind = HBASE_CF_CELL;
	f->col = col;
	f->op = op;
	f->comparator = comparator;
	f->value = value;
	f->if_missing = if_missing;
	return f;
}

/* are a and b the same cell test? */
static bool
same_cell(const HBaseCellFilter *a, const HBaseCellFilter *b)
{
	return a->kind == HBASE_CF_CELL && b->kind == HBASE_CF_CELL && a->col == b->col &&
		strcmp(a->op, b->op) == 0 && a->comparator == b->comparator &&
		a->if_missing == b->if_missing && VARSIZE(a->value) == VARSIZE(b->value) &&
		memcmp(VARDATA(a->value), VARDATA(b->value), VARSIZE(a->value) - VARHDRSZ) == 0;
}

/*
 * An AND or OR of args; one argument alone is itself.  Lists of the same
 * kind nested in it are spliced in and a test already there is left out
 * (an IN list's equalities share one test of the cell's width): each
 * filter of a list costs the region server a look at every cell.
 */
static HBaseCellFilter *
combine(HBaseCellFilterKind kind, List *args)
{
	HBaseCellFilter *f;
	List	   *flat = NIL;
	ListCell   *lc;

	foreach(lc, args)
	{
		HBaseCellFilter *a = lfirst(lc);
		List	   *parts = a->kind == kind ? a->args : list_make1(a);
		ListCell   *pc;

		foreach(pc, parts)
		{
			HBaseCellFilter *p = lfirst(pc);
			ListCell   *dc;
			bool		dup = false;

			foreach(dc, flat)
				dup |= same_cell(lfirst(dc), p);
			if (!dup)
				flat = lappend(flat, p);
		}
	}
	if (list_length(flat) == 1)
		return linitial(flat);
	f = palloc0(sizeof(HBaseCellFilter));
	f->kind = kind;
	f->args = flat;
	return f;
}

/* width bytes of x, big-endian; flip: Phoenix's sign bit flipped */
static bytea *
be_int(int64 x, int width, bool flip)
{
	char		b[8];
	uint64		u = (uint64) x;
	int			k;

	if (flip)
		u ^= UINT64CONST(1) << (8 * width - 1);
	for (k = 0; k < width; k++)
		b[k] = (char) (u >> (8 * (width - 1 - k)));
	return hbase_bytea(b, width);
}

/* the byte range [lo, hi] of width-byte integers (either bound may be left out) */
static HBaseCellFilter *
int_range(const HBaseColumn *col, int width, bool flip, int64 lo, bool use_lo,
		  int64 hi, bool use_hi)
{
	List	   *args = NIL;

	if (lo == hi)
		return cell(col, "EQUAL", HBASE_CMP_BINARY, be_int(lo, width, flip), true);
	if (use_lo)
		args = lappend(args, cell(col, "GREATER_OR_EQUAL", HBASE_CMP_BINARY,
								  be_int(lo, width, flip), true));
	if (use_hi)
		args = lappend(args, cell(col, "LESS_OR_EQUAL", HBASE_CMP_BINARY,
								  be_int(hi, width, flip), true));
	if (args == NIL)			/* the whole width: any cell */
		return cell(col, "GREATER_OR_EQUAL", HBASE_CMP_BINARY, hbase_bytea("", 0), true);
	return combine(HBASE_CF_AND, args);
}

/* the filter of an integer cell whose width is not w (BitComparator fails other lengths) */
static HBaseCellFilter *
other_width(const HBaseColumn *col, int w)
{
	return cell(col, "NOT_EQUAL", HBASE_CMP_LENGTH, be_int(-1, w, false), true);
}

/*
 * An integer cell's comparison with x: the values' byte ranges in the
 * width of the column's type (split at zero for two's complement), ORed
 * with one test passing a cell of any other width whenever a width the
 * reader accepts (1, 2, 4 or 8 bytes) could hold a match: such cells are
 * rare and checked here, and one length test costs the region server less
 * than exact ranges per width (4 to 8 ORed FilterLists made HBase slower
 * than sending every row; a length test per width still cost what the
 * filter saved).  = is an equality in each width that holds x (exact);
 * <> the own width's inequality (a cell of another width passes it).
 * NULL (any row) when nothing narrows the rows.
 */
static HBaseCellFilter *
int_compare(const HBaseColumn *col, HBaseFilterOp op, int64 x)
{
	bool		phoenix = col->encoding == HBASE_ENC_PHOENIX;
	int			own = col->atttypid == INT2OID ? 2 : col->atttypid == INT4OID ? 4 : 8;
	int64		lo = PG_INT64_MIN,
				hi = PG_INT64_MAX;
	int64		min = own == 8 ? PG_INT64_MIN : -(INT64CONST(1) << (8 * own - 1));
	int64		max = own == 8 ? PG_INT64_MAX : (INT64CONST(1) << (8 * own - 1)) - 1;
	int64		a,
				b;
	bool		others = false;
	List	   *alts = NIL;
	int			w;

	switch (op)
	{
		case HBASE_VF_EQ:
			lo = hi = x;
			break;
		case HBASE_VF_LT:
			if (x == PG_INT64_MIN)
				return NULL;
			hi = x - 1;
			break;
		case HBASE_VF_LE:
			hi = x;
			break;
		case HBASE_VF_GT:
			if (x == PG_INT64_MAX)
				return NULL;
			lo = x + 1;
			break;
		case HBASE_VF_GE:
			lo = x;
			break;
		default:
			break;
	}
	if (op == HBASE_VF_NE)
		return x >= min && x <= max ?
			cell(col, "NOT_EQUAL", HBASE_CMP_BINARY, be_int(x, own, phoenix), true) : NULL;
	if (op == HBASE_VF_EQ && !phoenix)
	{
		/* equal bytes in each width that holds x: exact, and no wider a net */
		for (w = 1; w <= 8; w *= 2)
			if (w == 8 || (x >= -(INT64CONST(1) << (8 * w - 1)) &&
						   x < (INT64CONST(1) << (8 * w - 1))))
				alts = lappend(alts, cell(col, "EQUAL", HBASE_CMP_BINARY,
										  be_int(x, w, false), true));
		return combine(HBASE_CF_OR, alts);
	}
	/* another width the reader accepts that could hold a match (Phoenix: none) */
	for (w = 1; w <= 8 && !phoenix; w *= 2)
		if (w != own &&
			Max(lo, w == 8 ? PG_INT64_MIN : -(INT64CONST(1) << (8 * w - 1))) <=
			Min(hi, w == 8 ? PG_INT64_MAX : (INT64CONST(1) << (8 * w - 1)) - 1))
			others = true;
	a = Max(lo, min);
	b = Min(hi, max);
	if (others)
		alts = lappend(alts, other_width(col, own));
	if (a > b)
		;						/* no cell of the own width matches */
	else if (phoenix)
		alts = lappend(alts, int_range(col, own, true, a, a > min, b, b < max));
	else
	{
		/* non-negative values: 0x00.. to 0x7f..; negative: 0x80.. to 0xff.. */
		if (b >= 0)
			alts = lappend(alts, int_range(col, own, false, Max(a, 0), a > 0, b, true));
		if (a < 0)
			alts = lappend(alts, int_range(col, own, false, a, true, Min(b, -1), b < -1));
	}
	if (alts == NIL)
		return NULL;
	return combine(HBASE_CF_OR, alts);
}

/*
 * The ISO text of a date or timestamp value whose bytes sort like the
 * values: YYYY-MM-DD, then for a timestamp hh:mm:ss and a fraction without
 * trailing zeros (one spelling per value); NULL outside years 1 to 9999
 * (and for infinities), which no such text holds.
 */
static char *
iso_text(Datum value, Oid type)
{
	struct pg_tm tm;
	fsec_t		fsec = 0;
	char		frac[16] = "";

	if (type == DATEOID)
	{
		DateADT		d = DatumGetDateADT(value);

		if (DATE_NOT_FINITE(d))
			return NULL;
		j2date(d + POSTGRES_EPOCH_JDATE, &tm.tm_year, &tm.tm_mon, &tm.tm_mday);
	}
	else
	{
		Timestamp	ts = DatumGetTimestamp(value);

		if (TIMESTAMP_NOT_FINITE(ts) || timestamp2tm(ts, NULL, &tm, &fsec, NULL, NULL) != 0)
			return NULL;
	}
	if (tm.tm_year < 1 || tm.tm_year > 9999)
		return NULL;
	if (type == DATEOID)
		return psprintf("%04d-%02d-%02d", tm.tm_year, tm.tm_mon, tm.tm_mday);
	if (fsec > 0)
	{
		int			n;

		snprintf(frac, sizeof(frac), ".%06d", (int) fsec);
		for (n = strlen(frac); frac[n - 1] == '0'; n--)
			frac[n - 1] = '\0';
	}
	return psprintf("%04d-%02d-%02d %02d:%02d:%02d%s", tm.tm_year, tm.tm_mon, tm.tm_mday,
					tm.tm_hour, tm.tm_min, tm.tm_sec, frac);
}

/*
 * The cells of a date or timestamp column not in the one ISO spelling
 * iso_text writes (what the column's precision keeps, no trailing zeros):
 * a row with such a cell passes, and its value is checked here.  Java's
 * \A and \z, as $ would allow a line end after the text.  The date is one
 * of the calendar (years 0001 to 9999, the days each month has, February's
 * 29th in leap years): a cell that only looks like one ('2001-02-30',
 * '2020-13-45') passes too, and reading it fails as without the filter.
 */
static HBaseCellFilter *
not_iso(const HBaseColumn *col)
{
	const char *date = "\\A(?!0000)(?:\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])"
		"|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))"
		"|(?:\\d\\d(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)";
	char	   *re;
	int			p = col->atttypmod < 0 ? 6 : col->atttypmod;

	if (col->atttypid == DATEOID)
		re = psprintf("%s\\z", date);
	else if (p == 0)
		re = psprintf("%s ([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d\\z", date);
	else
		re = psprintf("%s ([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{0,%d}[1-9])?\\z", date, p - 1);
	return cell(col, "NOT_EQUAL", HBASE_CMP_REGEX, hbase_bytea(re, strlen(re)), true);
}

/* 10^width - 1: the largest value of a text_width column's digits (within int64) */
static int64
padded_max(const HBaseColumn *col)
{
	int64		m = 1;
	int			i;

	for (i = 0; i < col->text_width && m <= PG_INT64_MAX / 10; i++)
		m *= 10;
	return i < col->text_width ? PG_INT64_MAX : m - 1;
}

/* x's digits zero-padded to the column's width (0 <= x <= padded_max) */
static char *
padded_text(const HBaseColumn *col, int64 x)
{
	return psprintf("%0*" INT64_MODIFIER "d", col->text_width, x);
}

/*
 * The cells of a text_width column that a comparison of its padded digits
 * cannot answer, which pass and are checked here: those not of exactly its
 * width's ASCII digits (\d is ASCII in Java unless asked otherwise), which
 * read as their values all the same ('42', '-7', ' 0042'), and, when the
 * width holds more than the column's type, those beyond the type's
 * largest value, which the reader refuses: they come to say so, as they
 * would without the filter.
 */
static HBaseCellFilter *
other_forms(const HBaseColumn *col)
{
	char	   *re = psprintf("\\A\\d{%d}\\z", col->text_width);
	int64		typmax = col->atttypid == INT2OID ? PG_INT16_MAX :
		col->atttypid == INT4OID ? PG_INT32_MAX : PG_INT64_MAX;
	HBaseCellFilter *f = cell(col, "NOT_EQUAL", HBASE_CMP_REGEX, hbase_bytea(re, strlen(re)), true);
	char	   *p;

	/* 10^19 - 1 is beyond any type's largest value (and padded_max's int64) */
	if (col->text_width < 19 && padded_max(col) <= typmax)
		return f;
	p = padded_text(col, typmax);
	return combine(HBASE_CF_OR,
				   list_make2(f, cell(col, "GREATER", HBASE_CMP_BINARY,
									  hbase_bytea(p, strlen(p)), true)));
}

/*
 * A text_width column's cell compared with x: the cells of exactly its
 * width's digits sort like their values, so they are compared as bytes
 * with x's padded digits, ORed with the cells of any other form
 * (other_forms), which the reader takes too.  x below 0 or above the
 * width's digits: the padded cells all match (NULL: any row) or none does
 * (only the other forms pass).  <> drops only the cells of x's padded
 * digits, which are x: exact without the other forms.
 */
static HBaseCellFilter *
padded_compare(const HBaseColumn *col, HBaseFilterOp op, int64 x)
{
	bool		below = x < 0;
	bool		above = x > padded_max(col);
	bool		all;
	char	   *p;

	if (below || above)
	{
		/* does every padded cell match, or none? */
		all = op == HBASE_VF_NE ||
			(below && (op == HBASE_VF_GT || op == HBASE_VF_GE)) ||
			(above && (op == HBASE_VF_LT || op == HBASE_VF_LE));
		return all ? NULL : other_forms(col);
	}
	p = padded_text(col, x);
	if (op == HBASE_VF_NE)
		return cell(col, "NOT_EQUAL", HBASE_CMP_BINARY, hbase_bytea(p, strlen(p)), true);
	return combine(HBASE_CF_OR,
				   list_make2(other_forms(col),
							  cell(col, hbase_ops[op], HBASE_CMP_BINARY,
								   hbase_bytea(p, strlen(p)), true)));
}

/* a text value's UTF-8 bytes, as the cell holds them */
static bytea *
utf8_bytes(Datum value)
{
	text	   *tx = DatumGetTextPP(value);
	char	   *u = VARDATA_ANY(tx);
	int			len = VARSIZE_ANY_EXHDR(tx);
	char	   *conv = pg_server_to_any(u, len, PG_UTF8);

	if (conv != u)
		len = strlen(conv);
	return hbase_bytea(conv, len);
}

/* an integer value of any integer type */
static int64
int_value(Datum value, Oid type)
{
	return type == INT2OID ? DatumGetInt16(value) :
		type == INT4OID ? DatumGetInt32(value) : DatumGetInt64(value);
}

/* a Phoenix integer column's cells hold its type's range only (the type's width) */
static bool
phoenix_out_of_range(const HBaseColumn *col, Datum value, Oid type)
{
	int64		x;

	if (!hbase_is_int_type(col->atttypid) || col->encoding != HBASE_ENC_PHOENIX)
		return false;
	x = int_value(value, type);
	return (col->atttypid == INT2OID && (x < PG_INT16_MIN || x > PG_INT16_MAX)) ||
		(col->atttypid == INT4OID && (x < PG_INT32_MIN || x > PG_INT32_MAX));
}

/* the cell of col compared with a value (op from = to >=, or <>); NULL: any row */
static HBaseCellFilter *
compare(const HBaseColumn *col, HBaseFilterOp op, Datum value, Oid type)
{
	if (hbase_is_int_type(col->atttypid))
	{
		/* Phoenix: no cell holds the value; the bound is left to the local qual */
		if (phoenix_out_of_range(col, value, type))
			return NULL;
		if (col->text_width > 0)
			return padded_compare(col, op, int_value(value, type));
		return int_compare(col, op, int_value(value, type));
	}
	if (col->atttypid == DATEOID || col->atttypid == TIMESTAMPOID)
	{
		/* text in the one ISO spelling compared as bytes, any other spelling passes */
		char	   *iso = iso_text(value, type);
		HBaseCellFilter *f;

		if (iso == NULL)
			return NULL;
		f = cell(col, hbase_ops[op], HBASE_CMP_BINARY, hbase_bytea(iso, strlen(iso)), true);

		/*
		 * <> drops only the cells spelled as the value, which read as it when
		 * the column's precision keeps its fraction; a longer one (a
		 * timestamp(4) column against .306182) is the spelling of a cell that
		 * reads rounded, another value: it passes as any other spelling does
		 */
		if (op == HBASE_VF_NE && (strchr(iso, '.') == NULL ||
								  (int) strlen(strchr(iso, '.')) - 1 <=
								  (col->atttypmod < 0 ? 6 : col->atttypmod)))
			return f;
		return combine(HBASE_CF_OR, list_make2(not_iso(col), f));
	}
	if (col->atttypid == BYTEAOID)
	{
		bytea	   *b = DatumGetByteaPP(value);

		return cell(col, hbase_ops[op], HBASE_CMP_BINARY,
					hbase_bytea(VARDATA_ANY(b), VARSIZE_ANY_EXHDR(b)), true);
	}
	return cell(col, hbase_ops[op], HBASE_CMP_BINARY, utf8_bytes(value), true);
}

/* a value as a SQL literal, for EXPLAIN */
static char *
literal(Datum value, Oid type)
{
	Oid			outfunc;
	bool		varlena;

	getTypeOutputInfo(type, &outfunc, &varlena);
	return quote_literal_cstr(OidOutputFunctionCall(outfunc, value));
}

/*
 * A value compared with col's cells, for EXPLAIN: its literal, or for a
 * text_width column the padded digits sent (when it has them)
 */
static char *
shown_value(const HBaseColumn *col, Datum value, Oid type)
{
	int64		x;

	if (col->text_width == 0)
		return literal(value, type);
	x = int_value(value, type);
	if (x < 0 || x > padded_max(col))
		return literal(value, type);
	return quote_literal_cstr(padded_text(col, x));
}

/* a LIKE pattern's literal, its wildcards and escape escaped */
static char *
like_literal(Datum value)
{
	char	   *s = TextDatumGetCString(value);
	StringInfoData b;

	initStringInfo(&b);
	for (; *s; s++)
	{
		if (*s == '%' || *s == '_' || *s == '\\')
			appendStringInfoChar(&b, '\\');
		appendStringInfoChar(&b, *s);
	}
	return b.data;
}

/*
 * IN (or NOT IN) a list: an OR of equalities (an AND of inequalities).  NULL
 * elements equal nothing: left out (NOT IN then is a superset).
 */
static HBaseCellFilter *
in_list(const HBaseColumn *col, bool in, Datum array, StringInfo text)
{
	ArrayType  *arr = DatumGetArrayTypeP(array);
	Oid			elemtype = ARR_ELEMTYPE(arr);
	int16		elmlen;
	bool		elmbyval;
	char		elmalign;
	Datum	   *elems;
	bool	   *enulls;
	int			n,
				i;
	List	   *args = NIL;

	get_typlenbyvalalign(elemtype, &elmlen, &elmbyval, &elmalign);
	deconstruct_array(arr, elemtype, elmlen, elmbyval, elmalign, &elems, &enulls, &n);
	if (n > HBASE_VF_MAX_IN)
		return NULL;
	appendStringInfo(text, " %sIN (", in ? "" : "NOT ");
	for (i = 0; i < n; i++)
	{
		HBaseCellFilter *f;

		/* a NULL, or a value no Phoenix cell of the column holds, equals no cell */
		if (enulls[i] || phoenix_out_of_range(col, elems[i], elemtype))
			continue;
		f = compare(col, in ? HBASE_VF_EQ : HBASE_VF_NE, elems[i], elemtype);
		if (f == NULL && in)
			return NULL;		/* an element any row may equal */
		if (f == NULL)
			continue;
		appendStringInfo(text, "%s%s", args ? ", " : "", shown_value(col, elems[i], elemtype));
		args = lappend(args, f);
	}
	appendStringInfoChar(text, ')');
	if (args == NIL)
		return NULL;
	return combine(in ? HBASE_CF_OR : HBASE_CF_AND, args);
}

/* one condition leaf (op, attnum, expr) with its value; NULL: any row */
static HBaseCellFilter *
derive_leaf(HBaseTable *t, List *leaf, const HBaseKeyValues *v)
{
	HBaseFilterOp op = linitial_int(leaf);
	const HBaseColumn *col = &t->columns[lsecond_int(leaf) - 1];
	int			idx = lthird_int(leaf);
	StringInfoData text;
	HBaseCellFilter *f;

	initStringInfo(&text);
	appendStringInfoString(&text, hbase_printable_key(col->colspec, col->speclen));
	if (idx >= 0 && v->nulls[idx])
		return NULL;			/* compared with NULL: never true, the local qual says so */
	switch (op)
	{
		case HBASE_VF_ISNULL:
			/* no cell, or an empty one (Phoenix's NULL) */
			f = cell(col, "LESS_OR_EQUAL", HBASE_CMP_BINARY, hbase_bytea("", 0), false);
			appendStringInfoString(&text, " IS NULL");
			break;
		case HBASE_VF_NOTNULL:
			f = cell(col, col->encoding == HBASE_ENC_PHOENIX ? "GREATER" : "GREATER_OR_EQUAL",
					 HBASE_CMP_BINARY, hbase_bytea("", 0), true);
			appendStringInfoString(&text, " IS NOT NULL");
			break;
		case HBASE_VF_PREFIX:
			f = cell(col, "EQUAL", HBASE_CMP_PREFIX, utf8_bytes(v->vals[idx]), true);
			appendStringInfo(&text, " LIKE %s",
							 quote_literal_cstr(psprintf("%s%%", like_literal(v->vals[idx]))));
			break;
		case HBASE_VF_SUBSTR:
			/* case-insensitive: a superset */
			f = cell(col, "EQUAL", HBASE_CMP_SUBSTRING, utf8_bytes(v->vals[idx]), true);
			appendStringInfo(&text, " ILIKE %s",
							 quote_literal_cstr(psprintf("%%%s%%", like_literal(v->vals[idx]))));
			break;
		case HBASE_VF_IN:
		case HBASE_VF_NOT_IN:
			f = in_list(col, op == HBASE_VF_IN, v->vals[idx], &text);
			break;
		default:
			f = compare(col, op, v->vals[idx], v->types[idx]);
			appendStringInfo(&text, " %s %s", sql_ops[op],
							 shown_value(col, v->vals[idx], v->types[idx]));
			break;
	}
	if (f)
		f->display = text.data;
	return f;
}

/* a condition (leaf, AND or OR) with its values; NULL: any row */
static HBaseCellFilter *
derive(HBaseTable *t, List *node, const HBaseKeyValues *v)
{
	HBaseFilterOp op;
	List	   *args = NIL;
	StringInfoData text;
	ListCell   *lc;
	HBaseCellFilter *f;

	if (IsA(node, IntList))
		return derive_leaf(t, node, v);
	op = linitial_int((List *) linitial(node));
	initStringInfo(&text);
	for_each_from(lc, node, 1)
	{
		HBaseCellFilter *a = derive(t, lfirst(lc), v);

		if (a == NULL && op == HBASE_VF_OR)
			return NULL;		/* one argument passes any row: so does the OR */
		if (a == NULL)
			continue;
		appendStringInfo(&text, "%s%s", args ? (op == HBASE_VF_OR ? " OR " : " AND ") : "",
						 a->display);
		args = lappend(args, a);
	}
	if (args == NIL)
		return NULL;
	if (list_length(args) == 1)
		return linitial(args);
	f = combine(op == HBASE_VF_OR ? HBASE_CF_OR : HBASE_CF_AND, args);
	f->display = psprintf("(%s)", text.data);
	return f;
}

/* are the values of the filter conditions known (at planning: constants)? */
bool
hbase_vfilter_known(List *fconds, const HBaseKeyValues *values)
{
	ListCell   *lc;

	if (values->known == NULL)
		return true;
	foreach(lc, fconds)
	{
		List	   *node = lfirst(lc);

		if (IsA(node, IntList))
		{
			if (lthird_int(node) >= 0 && !values->known[lthird_int(node)])
				return false;
		}
		else if (!hbase_vfilter_known(list_delete_first(list_copy(node)), values))
			return false;
	}
	return true;
}

/*
 * The filters of a scan: one per condition that can travel (ANDed by the
 * scanner), each with its SQL-like text for EXPLAIN.
 */
List *
hbase_vfilter_derive(HBaseTable *t, List *fconds, const HBaseKeyValues *values)
{
	List	   *filters = NIL;
	ListCell   *lc;

	foreach(lc, fconds)
	{
		HBaseCellFilter *f = derive(t, lfirst(lc), values);

		if (f)
			filters = lappend(filters, f);
	}
	return filters;
}
