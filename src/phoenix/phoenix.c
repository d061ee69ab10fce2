/*
 * phoenix.c - cell values in Apache Phoenix's type encodings (encoding 'phoenix')
 *
 * Owns the bytes Phoenix's PDataType classes write for a column, chosen by
 * the PostgreSQL type: SMALLINT/INTEGER/BIGINT big-endian with the sign bit
 * flipped, FLOAT/DOUBLE as the sign-flipped IEEE bits plus one, DECIMAL in
 * Phoenix's base-100 variable-length form, BOOLEAN one byte, DATE (8 bytes)
 * and TIMESTAMP (8 bytes of milliseconds + 4 of the nanoseconds within the
 * millisecond), VARCHAR as UTF-8 and VARBINARY as is.  Checked against
 * Phoenix 5.2.1's own classes by tests/PhoenixOracle.java (sql/phoenix.sql).
 * (The elements of the one cell per family of a table stored as
 * SINGLE_CELL_ARRAY_WITH_OFFSETS: phoenix_cell.c, hbase_phoenix_element.)
 */
#include "postgres.h"

#include <math.h>

#include "catalog/pg_type.h"
#include "common/int.h"
#include "lib/stringinfo.h"
#include "datatype/timestamp.h"
#include "utils/builtins.h"
#include "utils/date.h"
#include "utils/numeric.h"
#include "utils/timestamp.h"

#include "phoenix.h"
#include "rowkey.h"

bool
hbase_phoenix_supported(Oid typid)
{
	switch (typid)
	{
		case INT2OID:
		case INT4OID:
		case INT8OID:
		case FLOAT4OID:
		case FLOAT8OID:
		case BOOLOID:
		case NUMERICOID:
		case DATEOID:
		case TIMESTAMPOID:
		case TIMESTAMPTZOID:
		case TEXTOID:
		case VARCHAROID:
		case BPCHAROID:
		case BYTEAOID:
			return true;
		default:
			return false;
	}
}

/* the names phoenix_type takes, as Phoenix's DDL spells them */
static const struct
{
	const char *name;
	int			type;
	Oid			types[3];		/* PostgreSQL types that can hold it */
}			phoenix_types[] = {
	{"TINYINT", HBASE_PHX_TINYINT, {INT2OID, INT4OID, INT8OID}},
	{"UNSIGNED_TINYINT", HBASE_PHX_UNSIGNED_TINYINT, {INT2OID, INT4OID, INT8OID}},
	{"UNSIGNED_SMALLINT", HBASE_PHX_UNSIGNED_SMALLINT, {INT2OID, INT4OID, INT8OID}},
	{"UNSIGNED_INT", HBASE_PHX_UNSIGNED_INT, {INT4OID, INT8OID}},
	{"UNSIGNED_LONG", HBASE_PHX_UNSIGNED_LONG, {INT8OID}},
	{"UNSIGNED_FLOAT", HBASE_PHX_UNSIGNED_FLOAT, {FLOAT4OID, FLOAT8OID}},
	{"UNSIGNED_DOUBLE", HBASE_PHX_UNSIGNED_DOUBLE, {FLOAT8OID}},
	{"DATE", HBASE_PHX_DATE, {DATEOID, TIMESTAMPOID, TIMESTAMPTZOID}},
	{"TIME", HBASE_PHX_TIME, {TIMESTAMPOID, TIMESTAMPTZOID}},
	{"TIMESTAMP", HBASE_PHX_TIMESTAMP, {TIMESTAMPOID, TIMESTAMPTZOID}},
	{"UNSIGNED_DATE", HBASE_PHX_UNSIGNED_DATE, {DATEOID, TIMESTAMPOID, TIMESTAMPTZOID}},
	{"UNSIGNED_TIME", HBASE_PHX_UNSIGNED_TIME, {TIMESTAMPOID, TIMESTAMPTZOID}},
	{"UNSIGNED_TIMESTAMP", HBASE_PHX_UNSIGNED_TIMESTAMP, {TIMESTAMPOID, TIMESTAMPTZOID}},
	{"CHAR", HBASE_PHX_CHAR, {VARCHAROID, BPCHAROID}},
};

/* phoenix_type 'UNSIGNED_INT' ...: the type, or an error listing the names */
int
hbase_phoenix_parse_type(const char *name)
{
	int			i;

	for (i = 0; i < (int) lengthof(phoenix_types); i++)
		if (pg_strcasecmp(name, phoenix_types[i].name) == 0)
			return phoenix_types[i].type;
	ereport(ERROR,
			(errcode(ERRCODE_FDW_INVALID_ATTRIBUTE_VALUE),
			 errmsg("invalid value for option \"phoenix_type\": \"%s\"", name),
			 errdetail("Valid Phoenix types are TINYINT, UNSIGNED_TINYINT, UNSIGNED_SMALLINT, UNSIGNED_INT, UNSIGNED_LONG, UNSIGNED_FLOAT, UNSIGNED_DOUBLE, DATE, TIME, TIMESTAMP, UNSIGNED_DATE, UNSIGNED_TIME, UNSIGNED_TIMESTAMP and CHAR; the others follow from the column's type.")));
	return HBASE_PHX_DEFAULT;
}

/* phoenix_type only with encoding 'phoenix', on a cell of a type that holds it */
void
hbase_phoenix_check_type(HBaseTable *table, HBaseColumn *col)
{
	int			i,
				j;

	/* CHAR also on a key part: its single-byte characters are checked on write */
	if (col->encoding != HBASE_ENC_PHOENIX ||
		!(col->kind == HBASE_COL_CELL ||
		  (col->kind == HBASE_COL_KEYPART && col->phoenix_type == HBASE_PHX_CHAR)))
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_OPTION_NAME),
				 errmsg("option \"phoenix_type\" of column \"%s\" of foreign table %s needs encoding 'phoenix' on a cell",
						col->attname, table->relname),
				 col->kind == HBASE_COL_KEYPART ?
				 errdetail("On a key column only phoenix_type 'CHAR' is taken.") : 0));
	for (i = 0; i < (int) lengthof(phoenix_types); i++)
	{
		if (phoenix_types[i].type != col->phoenix_type)
			continue;
		for (j = 0; j < (int) lengthof(phoenix_types[i].types); j++)
			if (phoenix_types[i].types[j] == col->atttypid)
			{
				/* CHAR(n) pads to n: the length comes from varchar(n) or char(n) */
				if (col->phoenix_type == HBASE_PHX_CHAR && col->atttypmod < (int32) VARHDRSZ + 1)
					ereport(ERROR,
							(errcode(ERRCODE_FDW_INVALID_DATA_TYPE),
							 errmsg("column \"%s\" of foreign table %s needs a length for Phoenix type CHAR",
									col->attname, table->relname),
							 errhint("Declare it varchar(n) or char(n), n as in Phoenix's CHAR(n).")));
				return;
			}
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_DATA_TYPE),
				 errmsg("column \"%s\" of type %s in foreign table %s cannot hold Phoenix type %s",
						col->attname, format_type_be(col->atttypid), table->relname,
						phoenix_types[i].name)));
	}
}

static void
bad_phoenix(HBaseColumn *col, int len, const char *what)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			 errmsg_plural("invalid Phoenix value of %d byte for column \"%s\" of type %s",
						   "invalid Phoenix value of %d bytes for column \"%s\" of type %s",
						   len, len, col->attname, format_type_be(col->atttypid)),
			 errdetail("Expected %s.", what)));
}

static void
put_flipped(unsigned char *p, int len, int64 v)
{
	uint64		u = (uint64) v ^ (UINT64CONST(1) << (len * 8 - 1));
	int			i;

	for (i = len - 1; i >= 0; i--, u >>= 8)
		p[i] = u & 0xff;
}

/*
 * Phoenix's sortable floating point: bits of a positive number with the
 * sign bit set, of a negative number all flipped, then plus one (so -0
 * encodes below +0).
 */
static uint64
float_bits_decode(uint64 e, int bits)
{
	uint64		mask = bits == 64 ? ~UINT64CONST(0) : ((UINT64CONST(1) << bits) - 1);
	uint64		top = UINT64CONST(1) << (bits - 1);
	uint64		l = (e - 1) & mask;

	return (l & top) ? (l ^ top) : (~l & mask);
}

static uint64
float_bits_encode(uint64 l, int bits)
{
	uint64		mask = bits == 64 ? ~UINT64CONST(0) : ((UINT64CONST(1) << bits) - 1);
	uint64		top = UINT64CONST(1) << (bits - 1);

	l = (l & top) ? (~l & mask) : (l | top);
	return (l + 1) & mask;
}

static void
put_be(unsigned char *p, int len, uint64 u)
{
	int			i;

	for (i = len - 1; i >= 0; i--, u >>= 8)
		p[i] = u & 0xff;
}

/*
 * DECIMAL: Phoenix's sortable base-100 form, shared with the rowkey codec's
 * phoenix_decimal() (rowkey/decimal.c owns the bytes).
 */
static Datum
decimal_to_datum(HBaseColumn *col, const unsigned char *p, int len)
{
	char		txt[RK_DEC_TEXT_MAX];

	if (hbase_rk_phoenix_decimal_text(p, len, txt) < 0)
		bad_phoenix(col, len, "a Phoenix DECIMAL: an exponent byte and 1 to 20 base-100 digits");
	return DirectFunctionCall3(numeric_in, CStringGetDatum(txt), ObjectIdGetDatum(InvalidOid),
							   Int32GetDatum(col->atttypmod));
}

static void
datum_to_decimal(HBaseColumn *col, Datum value, char **out, int *len)
{
	char	   *shown = DatumGetCString(DirectFunctionCall1(numeric_out, value));
	unsigned char *b = palloc(RK_PHX_DECIMAL_MAX);
	int			n = hbase_rk_phoenix_decimal(shown, strlen(shown), b);

	if (n == RK_DEC_NOT_FINITE)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("%s cannot be written as a Phoenix DECIMAL in column \"%s\"", shown, col->attname)));
	/*
	 * The format's exponents reach down to 1e-130, but Phoenix's reader
	 * casts the scale (twice the base-100 exponent) to a byte: below
	 * 1e-126 it reads another number (1e-130 as 1e+126).  Not written.
	 */
	if (n < 0 || (n > 1 && (((b[0] & 0x80) ? b[0] : ~b[0]) & 0x7f) < 2))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("value %s of column \"%s\" does not fit a Phoenix DECIMAL", shown, col->attname),
				 errdetail("A Phoenix DECIMAL holds up to 38 significant digits, of magnitudes from 1e-126 to below 1e126.")));
	*out = (char *) b;
	*len = n;
}

/* epoch milliseconds (and nanoseconds within the millisecond) -> PostgreSQL */
static Datum
time_to_datum(HBaseColumn *col, int64 ms, int32 nanos, int len)
{
	int64		us;

	if (pg_mul_s64_overflow(ms, 1000, &us) ||
		pg_add_s64_overflow(us, nanos / 1000 - HBASE_EPOCH_SHIFT_USECS, &us))
		bad_phoenix(col, len, "a Phoenix DATE or TIMESTAMP PostgreSQL can hold");
	if (col->atttypid == DATEOID)
	{
		if (us % USECS_PER_DAY != 0 || nanos != 0)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_DATETIME_FORMAT),
					 errmsg("Phoenix DATE value of column \"%s\" has a time of day", col->attname),
					 errhint("Map the column as timestamp or timestamptz.")));
		if (us / USECS_PER_DAY < PG_INT32_MIN || us / USECS_PER_DAY > PG_INT32_MAX)
			bad_phoenix(col, len, "a Phoenix DATE PostgreSQL can hold");
		return DateADTGetDatum((DateADT) (us / USECS_PER_DAY));
	}
	if (!IS_VALID_TIMESTAMP(us))
		bad_phoenix(col, len, "a Phoenix DATE or TIMESTAMP PostgreSQL can hold");
	return TimestampGetDatum(us);
}

/* an integer as the column's type, or an error when it does not fit */
static Datum
int_datum(HBaseColumn *col, int64 v)
{
	if ((col->atttypid == INT2OID && (v < PG_INT16_MIN || v > PG_INT16_MAX)) ||
		(col->atttypid == INT4OID && (v < PG_INT32_MIN || v > PG_INT32_MAX)))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("Phoenix value " INT64_FORMAT " of column \"%s\" is out of range for type %s",
						v, col->attname, format_type_be(col->atttypid))));
	return col->atttypid == INT2OID ? Int16GetDatum((int16) v) :
		col->atttypid == INT4OID ? Int32GetDatum((int32) v) : Int64GetDatum(v);
}

static int64
datum_int(HBaseColumn *col, Datum d)
{
	return col->atttypid == INT2OID ? DatumGetInt16(d) :
		col->atttypid == INT4OID ? DatumGetInt32(d) : DatumGetInt64(d);
}

/* the width in bytes of a named integer type; *flip for the signed ones */
static int
named_int_width(int type, bool *flip)
{
	*flip = type == HBASE_PHX_TINYINT;
	switch (type)
	{
		case HBASE_PHX_TINYINT:
		case HBASE_PHX_UNSIGNED_TINYINT:
			return 1;
		case HBASE_PHX_UNSIGNED_SMALLINT:
			return 2;
		case HBASE_PHX_UNSIGNED_INT:
			return 4;
		case HBASE_PHX_UNSIGNED_LONG:
			return 8;
		default:
			return 0;
	}
}

/* a cell of a type named by phoenix_type */
static Datum
named_to_datum(HBaseColumn *col, const unsigned char *p, int len)
{
	bool		flip;
	int			w = named_int_width(col->phoenix_type, &flip);
	bool		unsigned_time = col->phoenix_type == HBASE_PHX_UNSIGNED_DATE ||
		col->phoenix_type == HBASE_PHX_UNSIGNED_TIME ||
		col->phoenix_type == HBASE_PHX_UNSIGNED_TIMESTAMP;

	if (w > 0)
	{
		uint64		u;

		if (len != w)
			bad_phoenix(col, len, psprintf("%d byte(s) (Phoenix %s)", w,
										   w == 1 && flip ? "TINYINT" : "unsigned integer"));
		if (flip)
			return int_datum(col, hbase_rk_be_flipped(p, 1));
		u = hbase_rk_be_value(p, w);
		/* Phoenix's unsigned types are Java's non-negative values */
		if (u > (uint64) PG_INT64_MAX || (w < 8 && (u >> (w * 8 - 1)) != 0))
			bad_phoenix(col, len, "a non-negative Phoenix unsigned integer");
		return int_datum(col, (int64) u);
	}
	if (col->phoenix_type == HBASE_PHX_UNSIGNED_FLOAT || col->phoenix_type == HBASE_PHX_UNSIGNED_DOUBLE)
	{
		int			want = col->phoenix_type == HBASE_PHX_UNSIGNED_FLOAT ? 4 : 8;

		if (len != want)
			bad_phoenix(col, len, want == 4 ? "4 bytes (Phoenix UNSIGNED_FLOAT)" : "8 bytes (Phoenix UNSIGNED_DOUBLE)");
		if (p[0] & 0x80)
			bad_phoenix(col, len, "a non-negative Phoenix unsigned floating point number");
		if (want == 4)
		{
			uint32		u = (uint32) hbase_rk_be_value(p, 4);
			float4		f;

			memcpy(&f, &u, 4);
			return col->atttypid == FLOAT4OID ? Float4GetDatum(f) : Float8GetDatum((float8) f);
		}
		else
		{
			uint64		u = hbase_rk_be_value(p, 8);
			float8		f;

			memcpy(&f, &u, 8);
			return Float8GetDatum(f);
		}
	}
	/* dates and times: 8 bytes of milliseconds (+ 4 of nanoseconds for a TIMESTAMP) */
	{
		bool		ts12 = col->phoenix_type == HBASE_PHX_TIMESTAMP ||
			col->phoenix_type == HBASE_PHX_UNSIGNED_TIMESTAMP;
		int32		nanos = 0;
		int64		ms;

		if (len != (ts12 ? 12 : 8))
			bad_phoenix(col, len, ts12 ? "12 bytes (Phoenix TIMESTAMP)" : "8 bytes (Phoenix DATE, TIME)");
		if (ts12)
		{
			nanos = (int32) hbase_rk_be_value(p + 8, 4);
			if (nanos < 0 || nanos >= 1000000 || nanos % 1000 != 0)
				bad_phoenix(col, len, "nanoseconds within the millisecond, in whole microseconds");
		}
		ms = unsigned_time ? (int64) hbase_rk_be_value(p, 8) : hbase_rk_be_flipped(p, 8);
		if (unsigned_time && ms < 0)
			bad_phoenix(col, len, "a Phoenix unsigned date or time after 1970");
		return time_to_datum(col, ms, nanos, len);
	}
}

/*
 * A cell of encoding 'phoenix' as the column's value, by the column's type
 * or the Phoenix type it names (phoenix_type): decides the width each Phoenix
 * type has and refuses cells of another width, a BOOLEAN other than 0 or 1,
 * a TIMESTAMP whose nanoseconds PostgreSQL cannot hold (never rounded).
 */
Datum
hbase_phoenix_to_datum(HBaseColumn *col, const char *value, int len)
{
	const unsigned char *p = (const unsigned char *) value;

	if (col->phoenix_type != HBASE_PHX_DEFAULT)
		return named_to_datum(col, p, len);
	switch (col->atttypid)
	{
		case INT2OID:
			if (len != 2)
				bad_phoenix(col, len, "2 bytes (Phoenix SMALLINT)");
			return Int16GetDatum((int16) hbase_rk_be_flipped(p, 2));
		case INT4OID:
			if (len != 4)
				bad_phoenix(col, len, "4 bytes (Phoenix INTEGER)");
			return Int32GetDatum((int32) hbase_rk_be_flipped(p, 4));
		case INT8OID:
			if (len != 8)
				bad_phoenix(col, len, "8 bytes (Phoenix BIGINT)");
			return Int64GetDatum(hbase_rk_be_flipped(p, 8));
		case FLOAT4OID:
			{
				uint32		u;
				float4		f;

				if (len != 4)
					bad_phoenix(col, len, "4 bytes (Phoenix FLOAT)");
				u = (uint32) float_bits_decode(hbase_rk_be_value(p, 4), 32);
				memcpy(&f, &u, 4);
				return Float4GetDatum(f);
			}
		case FLOAT8OID:
			{
				uint64		u;
				float8		f;

				if (len != 8)
					bad_phoenix(col, len, "8 bytes (Phoenix DOUBLE)");
				u = float_bits_decode(hbase_rk_be_value(p, 8), 64);
				memcpy(&f, &u, 8);
				return Float8GetDatum(f);
			}
		case BOOLOID:
			if (len != 1 || p[0] > 1)
				bad_phoenix(col, len, "1 byte, 0 or 1 (Phoenix BOOLEAN)");
			return BoolGetDatum(p[0] == 1);
		case NUMERICOID:
			return decimal_to_datum(col, p, len);
		case DATEOID:
		case TIMESTAMPOID:
		case TIMESTAMPTZOID:
			{
				int32		nanos = 0;

				if (len != 8 && len != 12)
					bad_phoenix(col, len, "8 bytes (Phoenix DATE, TIME) or 12 (TIMESTAMP)");
				if (len == 12)
				{
					nanos = (int32) hbase_rk_be_value(p + 8, 4);
					if (nanos < 0 || nanos >= 1000000)
						bad_phoenix(col, len, "a Phoenix TIMESTAMP: nanoseconds within the millisecond below 1000000");
				}
				/* PostgreSQL keeps microseconds: finer nanoseconds would be lost */
				if (nanos % 1000 != 0)
					ereport(ERROR,
							(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
							 errmsg("Phoenix TIMESTAMP value of column \"%s\" has nanoseconds PostgreSQL cannot hold",
									col->attname)));
				return time_to_datum(col, hbase_rk_be_flipped(p, 8), nanos, len);
			}
		default:
			break;
	}
	elog(ERROR, "unexpected type %u for the Phoenix encoding", col->atttypid);
	return (Datum) 0;
}

static void
negative_unsigned(HBaseColumn *col, const char *shown)
{
	const char *name = "?";
	int			i;

	for (i = 0; i < (int) lengthof(phoenix_types); i++)
		if (phoenix_types[i].type == col->phoenix_type)
			name = phoenix_types[i].name;
	ereport(ERROR,
			(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
			 errmsg("value %s of column \"%s\" does not fit Phoenix type %s", shown,
					col->attname, name)));
}

/* epoch milliseconds and the microseconds past them of a date or timestamp Datum */
static int64
datum_epoch_us(HBaseColumn *col, Datum value)
{
	int64		us;

	if (col->atttypid == DATEOID)
	{
		DateADT		d = DatumGetDateADT(value);

		if (DATE_NOT_FINITE(d))
			ereport(ERROR,
					(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
					 errmsg("an infinite date cannot be written in Phoenix form in column \"%s\"",
							col->attname)));
		return ((int64) d + HBASE_EPOCH_SHIFT_DAYS) * USECS_PER_DAY;
	}
	if (TIMESTAMP_NOT_FINITE(DatumGetTimestamp(value)) ||
		pg_add_s64_overflow(DatumGetTimestamp(value), HBASE_EPOCH_SHIFT_USECS, &us))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for a Phoenix TIMESTAMP in column \"%s\"",
						col->attname)));
	return us;
}

/* a Datum in the form of a type named by phoenix_type */
static void
named_from_datum(HBaseColumn *col, Datum value, unsigned char *b, int *len)
{
	bool		flip;
	int			w = named_int_width(col->phoenix_type, &flip);

	if (w > 0)
	{
		int64		v = datum_int(col, value);
		int64		max = w == 8 ? PG_INT64_MAX : (INT64CONST(1) << (w * 8 - 1)) - 1;

		if (v > max || v < (flip ? -max - 1 : 0))
			negative_unsigned(col, psprintf(INT64_FORMAT, v));
		if (flip)
			put_flipped(b, *len = 1, v);
		else
			put_be(b, *len = w, (uint64) v);
		return;
	}
	if (col->phoenix_type == HBASE_PHX_UNSIGNED_FLOAT || col->phoenix_type == HBASE_PHX_UNSIGNED_DOUBLE)
	{
		float8		f = col->atttypid == FLOAT4OID ? DatumGetFloat4(value) : DatumGetFloat8(value);

		if (signbit(f) || isnan(f))
			negative_unsigned(col, psprintf("%g", f));
		if (col->phoenix_type == HBASE_PHX_UNSIGNED_FLOAT)
		{
			float4		f4 = (float4) f;
			uint32		u;

			if (isinf(f4) && !isinf(f))
				negative_unsigned(col, psprintf("%g", f));
			memcpy(&u, &f4, 4);
			put_be(b, *len = 4, u);
		}
		else
		{
			uint64		u;

			memcpy(&u, &f, 8);
			put_be(b, *len = 8, u);
		}
		return;
	}
	{
		int64		us = datum_epoch_us(col, value);
		int64		ms = us / 1000 - (us % 1000 < 0 ? 1 : 0);
		bool		ts12 = col->phoenix_type == HBASE_PHX_TIMESTAMP ||
			col->phoenix_type == HBASE_PHX_UNSIGNED_TIMESTAMP;
		bool		unsigned_time = col->phoenix_type == HBASE_PHX_UNSIGNED_DATE ||
			col->phoenix_type == HBASE_PHX_UNSIGNED_TIME ||
			col->phoenix_type == HBASE_PHX_UNSIGNED_TIMESTAMP;

		if (!ts12 && us % 1000 != 0)
			ereport(ERROR,
					(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
					 errmsg("value of column \"%s\" has more precision than a Phoenix DATE or TIME keeps (milliseconds)",
							col->attname)));
		if (unsigned_time && ms < 0)
			negative_unsigned(col, "before 1970");
		if (unsigned_time)
			put_be(b, 8, (uint64) ms);
		else
			put_flipped(b, 8, ms);
		*len = 8;
		if (ts12)
		{
			put_be(b + 8, 4, (uint64) ((us - ms * 1000) * 1000));
			*len = 12;
		}
	}
}

/* a Datum in Phoenix's form; *out is palloc'd */
void
hbase_phoenix_from_datum(HBaseColumn *col, Datum value, char **out, int *len)
{
	unsigned char *b = palloc(12);

	*out = (char *) b;
	if (col->phoenix_type != HBASE_PHX_DEFAULT)
	{
		named_from_datum(col, value, b, len);
		return;
	}
	switch (col->atttypid)
	{
		case INT2OID:
			put_flipped(b, *len = 2, DatumGetInt16(value));
			return;
		case INT4OID:
			put_flipped(b, *len = 4, DatumGetInt32(value));
			return;
		case INT8OID:
			put_flipped(b, *len = 8, DatumGetInt64(value));
			return;
		case FLOAT4OID:
			{
				float4		f = DatumGetFloat4(value);
				uint32		u;

				memcpy(&u, &f, 4);
				put_be(b, *len = 4, float_bits_encode(u, 32));
				return;
			}
		case FLOAT8OID:
			{
				float8		f = DatumGetFloat8(value);
				uint64		u;

				memcpy(&u, &f, 8);
				put_be(b, *len = 8, float_bits_encode(u, 64));
				return;
			}
		case BOOLOID:
			b[0] = DatumGetBool(value) ? 1 : 0;
			*len = 1;
			return;
		case NUMERICOID:
			datum_to_decimal(col, value, out, len);
			return;
		case DATEOID:
			{
				DateADT		d = DatumGetDateADT(value);

				if (DATE_NOT_FINITE(d))
					ereport(ERROR,
							(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
							 errmsg("an infinite date cannot be written as a Phoenix DATE in column \"%s\"",
									col->attname)));
				put_flipped(b, *len = 8, ((int64) d + HBASE_EPOCH_SHIFT_DAYS) * (int64) 86400000);
				return;
			}
		case TIMESTAMPOID:
		case TIMESTAMPTZOID:
			{
				Timestamp	ts = DatumGetTimestamp(value);
				int64		us;
				int64		ms;

				if (TIMESTAMP_NOT_FINITE(ts) || pg_add_s64_overflow(ts, HBASE_EPOCH_SHIFT_USECS, &us))
					ereport(ERROR,
							(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
							 errmsg("timestamp out of range for a Phoenix TIMESTAMP in column \"%s\"",
									col->attname)));
				/* milliseconds rounded down, the rest as nanoseconds (java.sql.Timestamp) */
				ms = us / 1000 - (us % 1000 < 0 ? 1 : 0);
				put_flipped(b, 8, ms);
				put_be(b + 8, 4, (uint64) ((us - ms * 1000) * 1000));
				*len = 12;
				return;
			}
		default:
			break;
	}
	elog(ERROR, "unexpected type %u for the Phoenix encoding", col->atttypid);
}
