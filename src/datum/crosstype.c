/*
 * crosstype.c: a key condition's value of another type than its column, as
 * bounds of the column's own type.
 *
 * date, timestamp and timestamptz compare with each other (PostgreSQL takes
 * a date as its midnight, and a date or timestamp as a timestamptz in the
 * TimeZone setting), and an integer column compared with a numeric value
 * is cast to numeric.  The key holds the column's type, so the value
 * becomes the bounds that accept exactly the column values the comparison
 * accepts: date_col >= ts is date_col >= the day ts rounds up to, int_col
 * > 2.5 is int_col > 2.  keyplan.c calls this with the values of
 * execution, so a stable expression (now() - interval '30 days') and the
 * TimeZone in force at execution decide.  Where no exact bound exists (a
 * timestamp column against a timestamptz near a change of UTC offset)
 * the bounds widen to hold every matching row: the qual is checked
 * locally anyway.
 */
#include "postgres.h"

#include <limits.h>

#include "catalog/pg_type.h"
#include "datatype/timestamp.h"
#include "pgtime.h"
#include "utils/builtins.h"
#include "utils/date.h"
#include "utils/fmgrprotos.h"
#include "utils/numeric.h"
#include "utils/timestamp.h"

#include "datum_int.h"

/* the integer types a key part takes as integers (pushdown.c, keyplan.c, here) */
bool
hbase_is_int_type(Oid t)
{
	return t == INT2OID || t == INT4OID || t == INT8OID;
}

/* the text types a key part takes as text */
bool
hbase_is_text_type(Oid t)
{
	return t == TEXTOID || t == VARCHAROID;
}

/* date, timestamp and timestamptz: one btree family, compared across types */
bool
hbase_is_datetime_type(Oid t)
{
	return t == DATEOID || t == TIMESTAMPOID || t == TIMESTAMPTZOID;
}

/* floor of a / b for b > 0, any sign of a */
static int64
floor_div(int64 a, int64 b)
{
	int64		q = a / b;

	return (a % b != 0 && a < 0) ? q - 1 : q;
}

/*
 * A bound x on a column of whole units (days, integers) given as floor and
 * ceiling of x: >= x is >= ceil, > x is > floor, <= x is <= floor, < x is
 * < ceil, = x is = x when x is whole (else no value: -1).
 */
static int
whole_bound(HBaseKeyOp op, int64 floor, int64 ceil, HBaseKeyOp *rop, int64 *r)
{
	*rop = op;
	switch (op)
	{
		case HBASE_KEY_GE:
		case HBASE_KEY_LT:
			*r = ceil;
			return 1;
		case HBASE_KEY_GT:
		case HBASE_KEY_LE:
			*r = floor;
			return 1;
		case HBASE_KEY_EQ:
			*r = floor;
			return floor == ceil ? 1 : -1;
		default:
			return 0;
	}
}

/* timestamp bound -> date bound (a date is its midnight) */
static int
timestamp_to_date(HBaseKeyOp op, Timestamp ts, HBaseKeyOp *rop, Datum *r)
{
	int64		fl,
				day;
	int			n;

	if (TIMESTAMP_NOT_FINITE(ts))
		return 0;				/* no key holds an infinite date */
	fl = floor_div(ts, USECS_PER_DAY);
	n = whole_bound(op, fl, fl + (ts != fl * USECS_PER_DAY ? 1 : 0), rop, &day);
	if (n > 0)
		*r = DateADTGetDatum((DateADT) day);
	return n;
}

/*
 * The UTC offsets (seconds east, local = UTC + offset) the TimeZone setting
 * has within four days of instant v; false when the zone's rules cannot say.
 * A local time's conversion to timestamptz takes one of the offsets in
 * force near the instant it names (DetermineTimeZoneOffset), so these bound
 * it for every local time near v's.
 */
static bool
offsets_near(TimestampTz v, long *minoff, long *maxoff)
{
	pg_time_t	t = timestamptz_to_time_t(v) - 4 * SECS_PER_DAY;
	pg_time_t	end = t + 8 * SECS_PER_DAY;
	int			i;

	*minoff = LONG_MAX;
	*maxoff = LONG_MIN;
	for (i = 0; i < 32; i++)
	{
		long		before,
					after;
		int			before_dst,
					after_dst;
		pg_time_t	boundary;
		int			r = pg_next_dst_boundary(&t, &before, &before_dst, &boundary,
											 &after, &after_dst, session_timezone);

		if (r < 0)
			return false;
		*minoff = Min(*minoff, before);
		*maxoff = Max(*maxoff, before);
		if (r == 0 || boundary > end)
			return true;
		*minoff = Min(*minoff, after);
		*maxoff = Max(*maxoff, after);
		if (boundary <= t)
			return false;
		t = boundary;
	}
	return false;
}

/*
 * timestamptz bound v -> timestamp bounds.  ts_col op v compares ts_col's
 * conversion in the TimeZone, ts_col - offset(ts_col): with the offsets near
 * v between lo and hi, ts_col >= v implies ts_col >= v + lo, ts_col <= v
 * implies ts_col <= v + hi (strictly for > and <).  One offset: exact.
 */
static int
timestamptz_to_timestamp(HBaseKeyOp op, TimestampTz v, HBaseKeyOp *ops, Datum *r)
{
	long		lo,
				hi;
	Timestamp	tlo,
				thi;

	if (TIMESTAMP_NOT_FINITE(v) || !offsets_near(v, &lo, &hi))
		return 0;
	tlo = v + (int64) lo * USECS_PER_SEC;
	thi = v + (int64) hi * USECS_PER_SEC;
	if (!IS_VALID_TIMESTAMP(tlo) || !IS_VALID_TIMESTAMP(thi))
		return 0;
	ops[0] = op;
	switch (op)
	{
		case HBASE_KEY_GE:
		case HBASE_KEY_GT:
			r[0] = TimestampGetDatum(tlo);
			return 1;
		case HBASE_KEY_LE:
		case HBASE_KEY_LT:
			r[0] = TimestampGetDatum(thi);
			return 1;
		case HBASE_KEY_EQ:
			r[0] = TimestampGetDatum(tlo);
			if (tlo == thi)
				return 1;
			ops[0] = HBASE_KEY_GE;
			ops[1] = HBASE_KEY_LE;
			r[1] = TimestampGetDatum(thi);
			return 2;
		default:
			return 0;
	}
}

/* numeric bound -> integer bound (int8), by whole_bound's rounding */
static int
numeric_to_int(HBaseKeyOp op, Numeric n, HBaseKeyOp *rop, Datum *r)
{
	Datum		fl,
				ce,
				chosen;
	bool		whole;

	/* no integer equals NaN or an infinity; as bounds they leave the column free */
	if (numeric_is_nan(n) || numeric_is_inf(n))
		return op == HBASE_KEY_EQ ? -1 : 0;
	fl = DirectFunctionCall1(numeric_floor, NumericGetDatum(n));
	ce = DirectFunctionCall1(numeric_ceil, NumericGetDatum(n));
	whole = DatumGetInt32(DirectFunctionCall2(numeric_cmp, fl, ce)) == 0;
	*rop = op;
	if (op == HBASE_KEY_EQ && !whole)
		return -1;
	chosen = (op == HBASE_KEY_GE || op == HBASE_KEY_LT) ? ce : fl;
	/* beyond bigint: no integer equals it, and a bound there bounds nothing */
	if (DatumGetInt32(DirectFunctionCall2(numeric_cmp, chosen,
										  NumericGetDatum(int64_to_numeric(PG_INT64_MIN)))) < 0 ||
		DatumGetInt32(DirectFunctionCall2(numeric_cmp, chosen,
										  NumericGetDatum(int64_to_numeric(PG_INT64_MAX)))) > 0)
		return op == HBASE_KEY_EQ ? -1 : 0;
	*r = DirectFunctionCall1(numeric_int8, chosen);
	return 1;
}

/*
 * The bounds of the column's type (ctype; integers as int8) that hold the
 * column values for which "column op value" (value of type vtype) holds:
 * their number (1 or 2, in ops and values), 0 when none can be given (no
 * narrowing), -1 when no value of the column can match (= only).  An
 * equality either stays one (exact) or becomes a pair of bounds.
 */
int
hbase_cross_type_bounds(Oid ctype, Oid vtype, HBaseKeyOp op, Datum value,
						HBaseKeyOp *ops, Datum *values)
{
	int			overflow;

	ops[0] = op;
	if (hbase_is_int_type(ctype) && vtype == NUMERICOID)
		return numeric_to_int(op, DatumGetNumeric(value), ops, values);
	if (ctype == DATEOID && vtype == TIMESTAMPOID)
		return timestamp_to_date(op, DatumGetTimestamp(value), ops, values);
	if (ctype == DATEOID && vtype == TIMESTAMPTZOID)
	{
		HBaseKeyOp	tops[2];
		Datum		tvals[2];
		int			n = timestamptz_to_timestamp(op, DatumGetTimestampTz(value), tops, tvals);
		int			i;

		for (i = 0; i < n; i++)
		{
			int			k = timestamp_to_date(tops[i], DatumGetTimestamp(tvals[i]),
											  &ops[i], &values[i]);

			if (k <= 0)
				return k;
		}
		return n;
	}
	if (ctype == TIMESTAMPOID && vtype == TIMESTAMPTZOID)
		return timestamptz_to_timestamp(op, DatumGetTimestampTz(value), ops, values);
	/* exact conversions; past the range they give infinities, which bound nothing */
	if (ctype == TIMESTAMPOID && vtype == DATEOID)
	{
		values[0] = TimestampGetDatum(date2timestamp_opt_overflow(DatumGetDateADT(value), &overflow));
		return 1;
	}
	if (ctype == TIMESTAMPTZOID && vtype == DATEOID)
	{
		values[0] = TimestampTzGetDatum(date2timestamptz_opt_overflow(DatumGetDateADT(value), &overflow));
		return 1;
	}
	if (ctype == TIMESTAMPTZOID && vtype == TIMESTAMPOID)
	{
		values[0] = TimestampTzGetDatum(timestamp2timestamptz_opt_overflow(DatumGetTimestamp(value),
																		   &overflow));
		return 1;
	}
	return 0;
}
