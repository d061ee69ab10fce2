/*
 * convert.c: HBase cell bytes <-> PostgreSQL Datums, per column encoding,
 * both ways: hbase_cell_to_datum for what is read, hbase_datum_to_cell (its
 * inverse) for what INSERT, UPDATE and COPY write.  Also decides which types
 * a column of each kind and encoding may have (hbase_check_column_type, when
 * a table is built), converts the cell timestamps of ':timestamp' columns
 * (epoch milliseconds) both ways, prints keys and values for messages
 * (hbase_printable_key), and turns a row's cells into the values of a tuple
 * (hbase_row_to_values; one tuple per cell version for a table that maps
 * versions).
 *
 * "text": the UTF-8 text form of the type's input and output functions (what
 * the HBase shell and Bytes.toBytes(String) write).  "binary": Java's
 * Bytes.toBytes(long|int|short|double|float|boolean|BigDecimal), big-endian;
 * timestamps as epoch milliseconds.  "phoenix": phoenix.c's forms (text
 * types as UTF-8, CHAR(n) padded here).  bytea always takes the raw bytes.
 * Whole families as jsonb (text, or "\x" hex for other bytes) both ways.
 */
#include "postgres.h"

#include "common/int.h"

#include "catalog/namespace.h"
#include "catalog/pg_type.h"
#include "lib/stringinfo.h"
#include "datatype/timestamp.h"
#include "mb/pg_wchar.h"
#include "utils/builtins.h"
#include "utils/json.h"
#include "utils/jsonb.h"
#include "utils/lsyscache.h"
#include "utils/numeric.h"
#include "utils/timestamp.h"

#include "datum_int.h"
#include "rowkey.h"
#include "phoenix.h"

/* Types whose binary form we know; everything else must be text. */
static bool
binary_supported(Oid typid)
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
		case TIMESTAMPOID:
		case TIMESTAMPTZOID:
		case BYTEAOID:
		case TEXTOID:
		case VARCHAROID:
		case BPCHAROID:
			return true;
		default:
			return false;
	}
}

void
hbase_check_column_type(HBaseTable *table, HBaseColumn *col)
{
	if (col->kind == HBASE_COL_ROWKEY)
	{
		if (col->atttypid != BYTEAOID && col->atttypid != TEXTOID &&
			col->atttypid != VARCHAROID)
			ereport(ERROR,
					(errcode(ERRCODE_FDW_INVALID_DATA_TYPE),
					 errmsg("rowkey column \"%s\" of foreign table %s must be of type text, varchar or bytea",
							col->attname, table->relname),
					 errdetail("Its type is %s.", format_type_be(col->atttypid))));
		return;
	}
	if (col->kind == HBASE_COL_TIMESTAMP)
	{
		if (col->atttypid != TIMESTAMPTZOID && col->atttypid != TIMESTAMPOID && col->atttypid != INT8OID)
			ereport(ERROR,
					(errcode(ERRCODE_FDW_INVALID_DATA_TYPE),
					 errmsg("column \"%s\" of foreign table %s maps the cell timestamp and must be of type timestamptz, timestamp or bigint",
							col->attname, table->relname),
					 errdetail("Its type is %s.", format_type_be(col->atttypid))));
		return;
	}
	if (col->kind == HBASE_COL_FAMILY)
	{
		if (col->atttypid != JSONBOID)
			ereport(ERROR,
					(errcode(ERRCODE_FDW_INVALID_DATA_TYPE),
					 errmsg("column \"%s\" of foreign table %s maps the whole family \"%s\" and must be of type jsonb",
							col->attname, table->relname, col->colspec),
					 errdetail("Its type is %s.", format_type_be(col->atttypid)),
					 errhint("Map one cell with column 'family:qualifier'.")));
		if (col->encoding != HBASE_ENC_TEXT)
			ereport(ERROR,
					(errcode(ERRCODE_FDW_INVALID_DATA_TYPE),
					 errmsg("column \"%s\" of foreign table %s maps a whole family, which is read as text",
							col->attname, table->relname),
					 errhint("Remove encoding '%s' from the column.",
							 col->encoding == HBASE_ENC_BINARY ? "binary" : "phoenix")));
		return;
	}
	if (col->phoenix_type != HBASE_PHX_DEFAULT)
		hbase_phoenix_check_type(table, col);
	if (col->encoding == HBASE_ENC_PHOENIX && col->kind == HBASE_COL_CELL &&
		!hbase_phoenix_supported(col->atttypid))
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_DATA_TYPE),
				 errmsg("encoding \"phoenix\" is not supported for column \"%s\" of type %s in foreign table %s",
						col->attname, format_type_be(col->atttypid), table->relname),
				 errhint("The Phoenix encoding covers smallint, integer, bigint, real, double precision, boolean, numeric, date, timestamp, timestamptz, text, varchar, char and bytea.")));
	if (col->encoding == HBASE_ENC_BINARY && !binary_supported(col->atttypid))
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_DATA_TYPE),
				 errmsg("encoding \"binary\" is not supported for column \"%s\" of type %s in foreign table %s",
						col->attname, format_type_be(col->atttypid), table->relname),
				 errhint("Binary encoding covers smallint, integer, bigint, real, double precision, boolean, numeric, timestamp and bytea; use encoding 'text' for this column.")));
}

void
hbase_column_io_init(HBaseColumn *col, HBaseColumnIO *io)
{
	Oid			infunc;

	getTypeInputInfo(col->atttypid, &infunc, &io->typioparam);
	fmgr_info(infunc, &io->infunc);
}

/*
 * The input functions of the columns attrs (attnums) read, indexed by
 * attnum - 1 as hbase_row_to_values takes them; *decode_key: whether any
 * of them is a part of the rowkey (the key is then decoded per row).
 */
HBaseColumnIO *
hbase_attrs_io_init(HBaseTable *table, List *attrs, bool *decode_key)
{
	HBaseColumnIO *io = palloc0(sizeof(HBaseColumnIO) * Max(table->natts, 1));
	ListCell   *lc;

	*decode_key = false;
	foreach(lc, attrs)
	{
		HBaseColumn *col = &table->columns[lfirst_int(lc) - 1];

		hbase_column_io_init(col, &io[col->attnum - 1]);
		if (col->kind == HBASE_COL_KEYPART)
			*decode_key = true;
	}
	return io;
}

typedef struct ConvContext
{
	HBaseTable *table;
	HBaseColumn *col;
	const char *key;
	int			keylen;
} ConvContext;

static void
conversion_error_callback(void *arg)
{
	ConvContext *cc = arg;

	errcontext("column \"%s\" of foreign table %s, HBase table \"%s\", rowkey \"%s\"",
			   cc->col->attname, cc->table->relname, cc->table->hbase_table,
			   hbase_printable_key(cc->key, cc->keylen));
}

static void
bad_binary(HBaseColumn *col, int len, const char *what)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			 errmsg_plural("invalid binary value of %d byte for type %s",
						   "invalid binary value of %d bytes for type %s",
						   len, len, format_type_be(col->atttypid)),
			 errdetail("Expected %s.", what)));
}

static void
out_of_range(HBaseColumn *col, int64 v)
{
	ereport(ERROR,
			(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
			 errmsg("value " INT64_FORMAT " is out of range for type %s", v,
					format_type_be(col->atttypid))));
}

/* Java BigDecimal: 4-byte scale, then the unscaled two's complement value */
static Datum
binary_numeric(HBaseColumn *col, const unsigned char *p, int len)
{
	int32		scale;
	Datum		acc;
	Datum		b256 = DirectFunctionCall1(int4_numeric, Int32GetDatum(256));
	bool		neg;
	int			i;
	char	   *str;

	if (len < 5)
		bad_binary(col, len, "Java Bytes.toBytes(BigDecimal): a 4-byte scale and at least one byte of unscaled value");
	scale = (int32) hbase_rk_be_signed(p, 4);
	p += 4;
	len -= 4;
	neg = (p[0] & 0x80) != 0;
	acc = DirectFunctionCall1(int4_numeric, Int32GetDatum(0));
	for (i = 0; i < len; i++)
	{
		int			byte = neg ? (~p[i] & 0xff) : p[i];

		acc = DirectFunctionCall2(numeric_mul, acc, b256);
		acc = DirectFunctionCall2(numeric_add, acc,
								  DirectFunctionCall1(int4_numeric, Int32GetDatum(byte)));
	}
	if (neg)					/* two's complement: -(~x + 1) */
		acc = DirectFunctionCall1(numeric_uminus,
								  DirectFunctionCall2(numeric_add, acc,
													  DirectFunctionCall1(int4_numeric, Int32GetDatum(1))));
	str = psprintf("%se%lld", DatumGetCString(DirectFunctionCall1(numeric_out, acc)),
				   -(long long) scale);	/* -INT32_MIN does not fit an int */
	return DirectFunctionCall3(numeric_in, CStringGetDatum(str), ObjectIdGetDatum(InvalidOid),
							   Int32GetDatum(col->atttypmod));
}

/*
 * A cell of encoding 'binary' as the column's value: decides which byte
 * widths each type accepts (integers any Java width, bounded by the column's
 * type; a float column a float, a double column either) and refuses any
 * other width or a value out of the column type's range, naming the column.
 */
static Datum
binary_to_datum(HBaseColumn *col, const unsigned char *p, int len)
{
	switch (col->atttypid)
	{
		case INT2OID:
		case INT4OID:
		case INT8OID:
			{
				int64		v;

				/* any Java integral width; the column type bounds the value */
				if (len != 1 && len != 2 && len != 4 && len != 8)
					bad_binary(col, len, "1, 2, 4 or 8 bytes (Java Bytes.toBytes of a short, int or long)");
				v = hbase_rk_be_signed(p, len);
				if (col->atttypid == INT2OID)
				{
					if (v < PG_INT16_MIN || v > PG_INT16_MAX)
						out_of_range(col, v);
					return Int16GetDatum((int16) v);
				}
				if (col->atttypid == INT4OID)
				{
					if (v < PG_INT32_MIN || v > PG_INT32_MAX)
						out_of_range(col, v);
					return Int32GetDatum((int32) v);
				}
				return Int64GetDatum(v);
			}
		case FLOAT4OID:
		case FLOAT8OID:
			{
				if (len == 4)
				{
					union
					{
						uint32		i;
						float4		f;
					}			u;

					u.i = (uint32) hbase_rk_be_signed(p, 4);
					return col->atttypid == FLOAT4OID ? Float4GetDatum(u.f) : Float8GetDatum((float8) u.f);
				}
				if (len == 8 && col->atttypid == FLOAT8OID)
				{
					union
					{
						uint64		i;
						float8		f;
					}			u;

					u.i = (uint64) hbase_rk_be_signed(p, 8);
					return Float8GetDatum(u.f);
				}
				bad_binary(col, len, col->atttypid == FLOAT4OID ?
						   "4 bytes (Java Bytes.toBytes(float))" :
						   "8 bytes (Java Bytes.toBytes(double)) or 4 bytes (float)");
			}
			break;
		case BOOLOID:
			if (len != 1)
				bad_binary(col, len, "1 byte (Java Bytes.toBytes(boolean))");
			return BoolGetDatum(p[0] != 0);
		case NUMERICOID:
			return binary_numeric(col, p, len);
		case TIMESTAMPOID:
		case TIMESTAMPTZOID:
			{
				int64		ms;
				Timestamp	ts;

				if (len != 8)
					bad_binary(col, len, "8 bytes (Java Bytes.toBytes(long) of epoch milliseconds)");
				ms = hbase_rk_be_signed(p, 8);
				/* epoch milliseconds -> microseconds since 2000-01-01 */
				if (ms > PG_INT64_MAX / 1000 || ms < PG_INT64_MIN / 1000)
					out_of_range(col, ms);
				ts = ms * 1000 - HBASE_EPOCH_SHIFT_USECS;
				if (!IS_VALID_TIMESTAMP(ts))
					out_of_range(col, ms);
				return TimestampGetDatum(ts);
			}
		default:
			break;
	}
	elog(ERROR, "unexpected type %u for binary encoding", col->atttypid);
	return (Datum) 0;
}

/*
 * The hint for a cell that is not UTF-8 text: 1, 2, 4 or 8 bytes are what
 * Java's Bytes.toBytes writes for a number (a long read as text is the
 * usual mix-up), whose fix is the encoding, not bytea; anything else, or a
 * key, is read raw as bytea.
 */
static int
not_utf8_hint(HBaseColumn *col, int len)
{
	const char *java = len == 1 ? "byte or boolean" : len == 2 ? "short" :
		len == 4 ? "int or float" : len == 8 ? "long, double or epoch milliseconds" : NULL;

	if (col->kind == HBASE_COL_CELL && java != NULL)
		return errhint("%d bytes that are not text look like a Java %s written by Bytes.toBytes: declare the column with that number's type and OPTIONS (encoding 'binary'), or map it as bytea to read the raw bytes.",
					   len, java);
	return errhint("Map the column as bytea to read raw bytes.");
}

static Datum
text_to_datum(HBaseColumn *col, HBaseColumnIO *io, const char *value, int len)
{
	char	   *str;

	/* HBase holds UTF-8; say which column and row when it does not */
	if (!pg_verify_mbstr(PG_UTF8, value, len, true))
		ereport(ERROR,
				(errcode(ERRCODE_CHARACTER_NOT_IN_REPERTOIRE),
				 errmsg("value is not valid UTF-8"),
				 not_utf8_hint(col, len)));
	str = pg_any_to_server(value, len, PG_UTF8);
	if (str == value)
		str = pnstrdup(value, len);
	return InputFunctionCall(&io->infunc, str, io->typioparam, col->atttypmod);
}

static void phoenix_char(HBaseTable *table, HBaseColumn *col, char **out, int *len);
static int64 int_datum(HBaseColumn *col, Datum value);
static bool padded_digits(HBaseColumn *col, Datum value, char **out, int *len);
static void text_cell(HBaseTable *table, HBaseColumn *col, Datum value, char **out, int *len);
static bool hbase_family_to_jsonb(HBaseTable *table, HBaseColumn *col, HBaseRow *row, Datum *result);

Datum
hbase_cell_to_datum(HBaseTable *table, HBaseColumn *col, HBaseColumnIO *io,
					const char *value, int len, const char *rowkey, int keylen)
{
	ErrorContextCallback errcb;
	ConvContext cc = {table, col, rowkey, keylen};
	Datum		d;

	errcb.callback = conversion_error_callback;
	errcb.arg = &cc;
	errcb.previous = error_context_stack;
	error_context_stack = &errcb;

	if (col->atttypid == BYTEAOID)
		d = PointerGetDatum(hbase_bytea(value, len));
	else if (col->encoding == HBASE_ENC_PHOENIX && col->kind == HBASE_COL_CELL &&
			 col->atttypid != TEXTOID && col->atttypid != VARCHAROID &&
			 col->atttypid != BPCHAROID)
		d = hbase_phoenix_to_datum(col, value, len);
	else if (col->encoding == HBASE_ENC_BINARY && col->kind == HBASE_COL_CELL &&
			 col->atttypid != TEXTOID && col->atttypid != VARCHAROID &&
			 col->atttypid != BPCHAROID)
		d = binary_to_datum(col, (const unsigned char *) value, len);
	else
	{
		/* Phoenix's CHAR(n) is padded with spaces, which its reader strips */
		if (col->encoding == HBASE_ENC_PHOENIX && col->phoenix_type == HBASE_PHX_CHAR)
			while (len > 0 && value[len - 1] == ' ')
				len--;
		d = text_to_datum(col, io, value, len);
	}

	error_context_stack = errcb.previous;
	return d;
}

/* numeric integer -> big-endian two's complement, minimal length (BigInteger.toByteArray) */
static bytea *
big_endian_twos_complement(Datum num)
{
	Datum		b256 = DirectFunctionCall1(int4_numeric, Int32GetDatum(256));
	Datum		zero = DirectFunctionCall1(int4_numeric, Int32GetDatum(0));
	bool		neg = DatumGetInt32(DirectFunctionCall2(numeric_cmp, num, zero)) < 0;
	Datum		x = neg ? DirectFunctionCall1(numeric_uminus, num) : num;
	StringInfoData le;			/* little-endian magnitude */
	bytea	   *out;
	int			i,
				n;

	initStringInfo(&le);
	if (neg)					/* two's complement of -m is ~(m - 1) */
		x = DirectFunctionCall2(numeric_sub, x, DirectFunctionCall1(int4_numeric, Int32GetDatum(1)));
	while (DatumGetInt32(DirectFunctionCall2(numeric_cmp, x, zero)) > 0)
	{
		Datum		q = DirectFunctionCall2(numeric_div_trunc, x, b256);
		Datum		r = DirectFunctionCall2(numeric_sub, x, DirectFunctionCall2(numeric_mul, q, b256));
		int			byte = DatumGetInt32(DirectFunctionCall1(numeric_int4, r));

		appendStringInfoChar(&le, (char) (neg ? ~byte : byte));
		x = q;
	}
	/* a sign byte when the top bit does not already say the sign */
	if (le.len == 0 || ((le.data[le.len - 1] & 0x80) != 0) != neg)
		appendStringInfoChar(&le, (char) (neg ? 0xff : 0x00));
	n = le.len;
	out = palloc(VARHDRSZ + n);
	SET_VARSIZE(out, VARHDRSZ + n);
	for (i = 0; i < n; i++)
		VARDATA(out)[i] = le.data[n - 1 - i];
	return out;
}

/*
 * A column's value as cell bytes, the inverse of hbase_cell_to_datum: the
 * type's output in UTF-8, or Java's Bytes.toBytes of the type's own width;
 * a text_width column's digits zero-padded, and a value without such digits
 * refused before anything of its row is written.
 */
void
hbase_datum_to_cell(HBaseTable *table, HBaseColumn *col, Datum value, char **out, int *len)
{
	if (col->atttypid == BYTEAOID)
	{
		bytea	   *b = DatumGetByteaPP(value);

		*len = VARSIZE_ANY_EXHDR(b);
		*out = VARDATA_ANY(b);
		return;
	}
	if (col->encoding == HBASE_ENC_PHOENIX && col->kind == HBASE_COL_CELL &&
		col->atttypid != TEXTOID && col->atttypid != VARCHAROID && col->atttypid != BPCHAROID)
	{
		hbase_phoenix_from_datum(col, value, out, len);
		return;
	}
	if (col->encoding == HBASE_ENC_BINARY && col->atttypid != TEXTOID &&
		col->atttypid != VARCHAROID && col->atttypid != BPCHAROID)
	{
		unsigned char *b = palloc(8);
		uint64		u = 0;
		int			w = 0,
					i;

		switch (col->atttypid)
		{
			case INT2OID:
				u = (uint64) (int64) DatumGetInt16(value);
				w = 2;
				break;
			case INT4OID:
				u = (uint64) (int64) DatumGetInt32(value);
				w = 4;
				break;
			case INT8OID:
				u = (uint64) DatumGetInt64(value);
				w = 8;
				break;
			case FLOAT4OID:
				{
					float4		f = DatumGetFloat4(value);
					uint32		u32;

					memcpy(&u32, &f, 4);
					u = u32;
					w = 4;
					break;
				}
			case FLOAT8OID:
				{
					float8		f = DatumGetFloat8(value);

					memcpy(&u, &f, 8);
					w = 8;
					break;
				}
			case BOOLOID:
				b[0] = DatumGetBool(value) ? 0xff : 0x00;
				*out = (char *) b;
				*len = 1;
				return;
			case TIMESTAMPOID:
			case TIMESTAMPTZOID:
				{
					Timestamp	ts = DatumGetTimestamp(value);
					int64		us;

					if (TIMESTAMP_NOT_FINITE(ts))
						ereport(ERROR,
								(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
								 errmsg("an infinite timestamp cannot be written as epoch milliseconds"),
								 errdetail("Column \"%s\" of foreign table %s.", col->attname, table->relname)));
					if (pg_add_s64_overflow(ts, HBASE_EPOCH_SHIFT_USECS, &us))
						ereport(ERROR,
								(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
								 errmsg("timestamp out of range for the epoch milliseconds of column \"%s\"",
										col->attname),
								 errdetail("Epoch microseconds hold timestamps up to 294247-01-10.")));
					if (us % 1000 != 0)
						ereport(ERROR,
								(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
								 errmsg("timestamp has more precision than the epoch milliseconds of column \"%s\"",
										col->attname),
								 errdetail("Foreign table %s stores it with encoding 'binary'.", table->relname)));
					u = (uint64) (us / 1000);
					w = 8;
					break;
				}
			case NUMERICOID:
				{
					/* Java BigDecimal: 4-byte scale, then the unscaled value */
					char	   *txt = DatumGetCString(DirectFunctionCall1(numeric_out, value));
					char	   *dot = strchr(txt, '.');
					int			scale = dot ? (int) strlen(dot + 1) : 0;
					StringInfoData digits;
					Datum		unscaled;
					bytea	   *be;
					int			n;

					if (strcmp(txt, "NaN") == 0 || strstr(txt, "Infinity"))
						ereport(ERROR,
								(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
								 errmsg("%s cannot be written as a Java BigDecimal", txt),
								 errdetail("Column \"%s\" of foreign table %s.", col->attname, table->relname)));
					initStringInfo(&digits);
					for (n = 0; txt[n]; n++)
						if (txt[n] != '.')
							appendStringInfoChar(&digits, txt[n]);
					unscaled = DirectFunctionCall3(numeric_in, CStringGetDatum(digits.data),
												   ObjectIdGetDatum(InvalidOid), Int32GetDatum(-1));
					be = big_endian_twos_complement(unscaled);
					n = VARSIZE(be) - VARHDRSZ;
					*out = palloc(4 + n);
					(*out)[0] = (char) ((uint32) scale >> 24);
					(*out)[1] = (char) ((uint32) scale >> 16);
					(*out)[2] = (char) ((uint32) scale >> 8);
					(*out)[3] = (char) scale;
					memcpy(*out + 4, VARDATA(be), n);
					*len = 4 + n;
					return;
				}
			default:
				elog(ERROR, "unexpected type %u for binary encoding", col->atttypid);
		}
		for (i = 0; i < w; i++)
			b[i] = (unsigned char) (u >> (8 * (w - 1 - i)));
		*out = (char *) b;
		*len = w;
		return;
	}
	if (col->text_width > 0)
	{
		if (!padded_digits(col, value, out, len))
			ereport(ERROR,
					(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
					 errmsg("value " INT64_FORMAT " of column \"%s\" of foreign table %s is out of the range of its text_width '%d'",
							int_datum(col, value), col->attname, table->relname, col->text_width),
					 errdetail("The column's cells hold the values from 0 to %.*s as zero-padded digits.",
							   col->text_width, "9999999999999999999")));
		return;
	}
	text_cell(table, col, value, out, len);
}

/*
 * The bytes a cell that read as value may hold, for a check-and-put's
 * comparison: hbase_datum_to_cell's, but a value of a text_width column
 * that has no such digits (read from a cell of another width, '-7') takes
 * the type's text, not an error: it was read, not written.
 */
void
hbase_datum_to_read_cell(HBaseTable *table, HBaseColumn *col, Datum value, char **out,
						 int *len)
{
	if (col->text_width > 0 && !padded_digits(col, value, out, len))
		text_cell(table, col, value, out, len);
	else
		hbase_datum_to_cell(table, col, value, out, len);
}

/* an integer column's value */
static int64
int_datum(HBaseColumn *col, Datum value)
{
	return col->atttypid == INT2OID ? DatumGetInt16(value) :
		col->atttypid == INT4OID ? DatumGetInt32(value) : DatumGetInt64(value);
}

/*
 * The cell of a text_width column: the value's digits zero-padded to the
 * width, which the values from 0 to 10^width - 1 have; false for others.
 */
static bool
padded_digits(HBaseColumn *col, Datum value, char **out, int *len)
{
	int64		x = int_datum(col, value);
	char		buf[32];
	int			n;

	if (x < 0)
		return false;
	n = snprintf(buf, sizeof(buf), "%0*" INT64_MODIFIER "d", col->text_width, x);
	if (n > col->text_width)
		return false;
	*out = pstrdup(buf);
	*len = n;
	return true;
}

/* a value as the UTF-8 text of its type's output (CHAR(n) padded for Phoenix) */
static void
text_cell(HBaseTable *table, HBaseColumn *col, Datum value, char **out, int *len)
{
	Oid			outfunc;
	bool		varlena;
	char	   *str;
	char	   *utf8;

	getTypeOutputInfo(col->atttypid, &outfunc, &varlena);
	str = OidOutputFunctionCall(outfunc, value);
	utf8 = pg_server_to_any(str, strlen(str), PG_UTF8);
	*out = utf8;
	*len = strlen(utf8);
	if (col->encoding == HBASE_ENC_PHOENIX && col->kind == HBASE_COL_CELL &&
		col->phoenix_type == HBASE_PHX_CHAR)
		phoenix_char(table, col, out, len);
}

/*
 * Phoenix's CHAR(n) cell (PChar): single-byte characters only, padded with
 * spaces to n bytes, which Phoenix's reader expects (it refuses a shorter
 * cell) and strips.
 */
static void
phoenix_char(HBaseTable *table, HBaseColumn *col, char **out, int *len)
{
	int			n = col->atttypmod - VARHDRSZ;
	int			i;
	char	   *b;

	for (i = 0; i < *len; i++)
		if ((unsigned char) (*out)[i] >= 0x80)
			ereport(ERROR,
					(errcode(ERRCODE_CHARACTER_NOT_IN_REPERTOIRE),
					 errmsg("value of column \"%s\" of foreign table %s has a character of more than one byte",
							col->attname, table->relname),
					 errdetail("A Phoenix CHAR holds single-byte characters only.")));
	if (*len > n)
		ereport(ERROR,
				(errcode(ERRCODE_STRING_DATA_RIGHT_TRUNCATION),
				 errmsg("value of column \"%s\" of foreign table %s is longer than its Phoenix CHAR(%d)",
						col->attname, table->relname, n)));
	b = palloc(n);
	memcpy(b, *out, *len);
	memset(b + *len, ' ', n - *len);
	*out = b;
	*len = n;
}

/*
 * Phoenix stores an empty string (or binary) as NULL, writing no cell: a
 * value the writer must treat as NULL in a cell of encoding 'phoenix'.
 */
bool
hbase_cell_is_phoenix_null(HBaseColumn *col, Datum value)
{
	if (col->encoding != HBASE_ENC_PHOENIX || col->kind != HBASE_COL_CELL)
		return false;
	if (col->atttypid == TEXTOID || col->atttypid == VARCHAROID || col->atttypid == BYTEAOID)
		return VARSIZE_ANY_EXHDR(DatumGetPointer(value)) == 0;
	return false;
}

/* a cell timestamp (epoch milliseconds) as the column's value */
static Datum
hbase_timestamp_to_datum(HBaseColumn *col, int64 ms)
{
	if (col->atttypid == INT8OID)
		return Int64GetDatum(ms);
	{
		int64		us;
		Timestamp	ts;

		/* any long can come from HBase: checked, not overflowed */
		if (pg_mul_s64_overflow(ms, 1000, &us) ||
			pg_sub_s64_overflow(us, HBASE_EPOCH_SHIFT_USECS, &ts) ||
			!IS_VALID_TIMESTAMP(ts))
			ereport(ERROR,
					(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
					 errmsg("cell timestamp " INT64_FORMAT " is out of range for column \"%s\"",
							ms, col->attname)));
		return TimestampGetDatum(ts);
	}
}

/* the column's value as a cell timestamp (epoch milliseconds) */
int64
hbase_datum_to_timestamp(HBaseTable *table, HBaseColumn *col, Datum d)
{
	int64		us;

	/* 0 stands for "the server's time" in an HBaseCell: an epoch of 0 or less is refused */
	if (col->atttypid == INT8OID)
	{
		if (DatumGetInt64(d) <= 0)
			ereport(ERROR,
					(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
					 errmsg("a cell timestamp is whole epoch milliseconds after 1970"),
					 errdetail("Column \"%s\" of foreign table %s has " INT64_FORMAT ".",
							   col->attname, table->relname, DatumGetInt64(d))));
		return DatumGetInt64(d);
	}
	if (TIMESTAMP_NOT_FINITE(DatumGetTimestamp(d)))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("an infinite timestamp cannot be a cell timestamp"),
				 errdetail("Column \"%s\" of foreign table %s.", col->attname, table->relname)));
	if (pg_add_s64_overflow(DatumGetTimestamp(d),
							HBASE_EPOCH_SHIFT_USECS, &us))
		us = 1;					/* past year 294247: refused just below */
	if (us % 1000 != 0 || us <= 0)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("a cell timestamp is whole epoch milliseconds after 1970"),
				 errdetail("Column \"%s\" of foreign table %s.", col->attname, table->relname)));
	return us / 1000;
}

/* ---------------- a row's cells into a tuple's values ---------------- */

static HBaseCell *
find_cell(HBaseRow *row, HBaseColumn *col)
{
	int			len = col->speclen;
	int			i;

	for (i = 0; i < row->ncells; i++)
		if (row->cells[i].collen == len && memcmp(row->cells[i].column, col->colspec, len) == 0)
			return &row->cells[i];
	return NULL;
}

/* is this cell one of a column the table maps (a cell, or one of a whole family)? */
static bool
mapped_cell(HBaseTable *table, HBaseCell *c)
{
	int			i;

	for (i = 0; i < table->natts; i++)
	{
		HBaseColumn *col = &table->columns[i];
		int			len;

		if (!hbase_maps_cell(col))
			continue;
		len = col->speclen;
		if (col->kind == HBASE_COL_CELL && c->collen == len &&
			memcmp(c->column, col->colspec, len) == 0)
			return true;
		if (col->kind == HBASE_COL_FAMILY && c->collen > len && c->column[len] == ':' &&
			memcmp(c->column, col->colspec, len) == 0)
			return true;
	}
	return false;
}

/* does the table map any cell or family? */
static bool
maps_cells(HBaseTable *table)
{
	int			i;

	for (i = 0; i < table->natts; i++)
		if (hbase_maps_cell(&table->columns[i]))
			return true;
	return false;
}

/*
 * A table that maps versions (option versions): a row's versions, newest
 * first, one HBaseRow per distinct timestamp of the cells of mapped columns
 * (others are not looked at, whatever came), holding that timestamp's
 * cells in the row's order.  The mapped cells are sorted once and each
 * version is a run of them (hbase_row_split_versions), so a row of n
 * versions costs n log n, not n passes over all its cells.  palloc'd; the
 * count.
 */
int
hbase_row_versions(HBaseTable *table, HBaseRow *row, HBaseRow **versions)
{
	HBaseCell  *cells = palloc(sizeof(HBaseCell) * Max(row->ncells, 1));
	HBaseCell  *tmp;
	HBaseRow   *out;
	int			n = 0,
				nv,
				i;

	for (i = 0; i < row->ncells; i++)
		if (mapped_cell(table, &row->cells[i]))
			cells[n++] = row->cells[i];
	tmp = palloc(sizeof(HBaseCell) * Max(n / 2, 1));
	out = palloc(sizeof(HBaseRow) * Max(n, 1));
	nv = hbase_row_split_versions(row->key, row->keylen, cells, n, tmp, out, NULL);
	pfree(tmp);
	*versions = out;
	return nv;
}

/*
 * A row's values for the attributes in attrs (the others stay NULL): key
 * parts decoded from the key when decode_key, cells converted by their
 * column's encoding, a missing cell NULL.  values/isnull are indexed by
 * attnum - 1 over all of the table's columns.
 */
void
hbase_row_to_values(HBaseTable *table, HBaseColumnIO *io, bool decode_key, List *attrs,
					HBaseRow *row, Datum *values, bool *isnull)
{
	ListCell   *lc;

	memset(isnull, true, sizeof(bool) * table->natts);
	if (decode_key)
		hbase_decode_key(table, io, row->key, row->keylen, attrs, values, isnull);
	foreach(lc, attrs)
	{
		int			attnum = lfirst_int(lc);
		HBaseColumn *col = &table->columns[attnum - 1];
		const char *value;
		int			len;

		if (col->kind == HBASE_COL_KEYPART)
			continue;			/* decoded above */
		if (col->kind == HBASE_COL_FAMILY)
		{
			isnull[attnum - 1] = !hbase_family_to_jsonb(table, col, row, &values[attnum - 1]);
			continue;
		}
		if (col->kind == HBASE_COL_TIMESTAMP)
		{
			/*
			 * The newest timestamp of the row's mapped cells (of all its
			 * cells when the table maps none): a scan brings those, a Get
			 * or a stateless page every cell, a scanner also the row's
			 * first cell; the value must not depend on which came.
			 */
			int64		newest = 0;
			bool		found = false;
			bool		any = maps_cells(table);
			int			c;

			for (c = 0; c < row->ncells; c++)
				if (!any || mapped_cell(table, &row->cells[c]))
				{
					newest = Max(newest, row->cells[c].timestamp);
					found = true;
				}
			if (found)
			{
				values[attnum - 1] = hbase_timestamp_to_datum(col, newest);
				isnull[attnum - 1] = false;
			}
			continue;
		}
		if (col->kind == HBASE_COL_ROWKEY)
		{
			value = row->key;
			len = row->keylen;
		}
		else
		{
			HBaseCell  *cell = find_cell(row, col);

			if (cell == NULL)
				continue;		/* a missing cell is NULL */
			value = cell->value;
			len = cell->vallen;
			if (col->element > 0)
			{
				int			r = hbase_phoenix_element(cell->value, cell->vallen, col->element,
													  &value, &len);

				if (r < 0)
					ereport(ERROR,
							(errcode(ERRCODE_FDW_INVALID_DATA_TYPE),
							 errmsg("cell of column \"%s\" of foreign table %s is no Phoenix SINGLE_CELL_ARRAY_WITH_OFFSETS cell",
									col->attname, table->relname),
							 errdetail("Rowkey \"%s\", %d bytes; Phoenix's serialization version 3 is read.",
									   hbase_printable_key(row->key, row->keylen), cell->vallen)));
				if (r == 0)
					continue;	/* a null element */
			}
			/* zero bytes are Phoenix's NULL, of every type */
			if (len == 0 && col->encoding == HBASE_ENC_PHOENIX)
				continue;
		}
		values[attnum - 1] = hbase_cell_to_datum(table, col, &io[attnum - 1], value, len,
												 row->key, row->keylen);
		isnull[attnum - 1] = false;
	}
}

/* ---------------- whole families as jsonb ---------------- */

/*
 * Valid UTF-8 text in the database's encoding, or NULL when that encoding
 * lacks one of its characters (a LATIN1 database and a cell of Japanese):
 * the caller then gives its hex form, as for binary bytes, rather than a
 * conversion error that names no column and no row.
 */
static char *
utf8_in_server(const char *bytes, int len)
{
	static Oid	proc = InvalidOid;
	static int	proc_enc = -1;
	int			enc = GetDatabaseEncoding();
	unsigned char *dst;
	int			dstlen;
	int			i;

	for (i = 0; i < len && !IS_HIGHBIT_SET(bytes[i]); i++)
		;
	if (enc == PG_UTF8 || enc == PG_SQL_ASCII || i == len)
	{
		char	   *out = pg_any_to_server(bytes, len, PG_UTF8);

		return out == bytes ? pnstrdup(bytes, len) : out;
	}
	if (proc_enc != enc)
	{
		proc = FindDefaultConversionProc(PG_UTF8, enc);
		proc_enc = enc;
	}
	if (!OidIsValid(proc))
		return NULL;
	dstlen = len * MAX_CONVERSION_GROWTH + 1;
	dst = palloc(dstlen);
	if (pg_do_encoding_conversion_buf(proc, PG_UTF8, enc, (unsigned char *) bytes, len,
									  dst, dstlen, true) != len)
		return NULL;
	return (char *) dst;
}

/*
 * A qualifier or value of a whole-family jsonb column as the JSON string
 * that stands for it.  UTF-8 text is itself; any other bytes (not UTF-8, a
 * NUL, which no jsonb string holds) are "\x" and the lowercase hex of the
 * bytes, PostgreSQL's bytea text form, so that a binary cell reads rather
 * than failing the query.  A text that itself starts with "\x" is given in
 * hex too (the text \xff reads as "\x5c786666"): a string starting with
 * "\x" always means hex, which makes the form unambiguous and lets
 * hbase_family_member_bytes write back exactly the bytes read.
 */
static char *
hbase_family_member_text(const char *bytes, int len)
{
	char	   *out;

	if (!(len >= 2 && bytes[0] == '\\' && bytes[1] == 'x') &&
		pg_verify_mbstr(PG_UTF8, bytes, len, true) &&
		(out = utf8_in_server(bytes, len)) != NULL)
		return out;
	out = palloc(2 + 2 * (Size) len + 1);
	out[0] = '\\';
	out[1] = 'x';
	out[2 + hex_encode(bytes, len, out + 2)] = '\0';
	return out;
}

/*
 * The bytes a JSON string of a whole-family jsonb column stands for, the
 * inverse of hbase_family_member_text: "\x" and hex digits (either case)
 * are those bytes, anything else is text (written as UTF-8).  A string
 * starting with "\x" that is not all hex pairs is refused: writing its text
 * instead would read back as another string.  what names the string for the
 * error ("qualifier \"q\"", "value of qualifier \"q\"").
 */
void
hbase_family_member_bytes(HBaseTable *table, HBaseColumn *col, const char *str, int len,
						  const char *what, char **out, int *outlen)
{
	int			i;

	if (!(len >= 2 && str[0] == '\\' && str[1] == 'x'))
	{
		*out = pg_server_to_any(str, len, PG_UTF8);
		*outlen = *out == str ? len : (int) strlen(*out);
		return;
	}
	/* checked first: hex_decode's own error would name neither column nor table */
	for (i = 2; i < len; i++)
		if (!isxdigit((unsigned char) str[i]))
			break;
	if (i == len && len % 2 == 0)
	{
		*out = palloc(len / 2 - 1 + 1);
		*outlen = (int) hex_decode(str + 2, len - 2, *out);
		return;
	}
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			 errmsg("%s in column \"%s\" of foreign table %s starts with \\x but is not hexadecimal bytes",
					what, col->attname, table->relname),
			 errdetail("In a column mapping a whole family, a string starting with \\x stands for the bytes of the hex digit pairs after it."),
			 errhint("Write a text that starts with \\x in hex as well: \\x5c78 and the hex of the rest of its UTF-8 bytes.")));
}

/*
 * A whole family of a row as jsonb: {"qualifier": "value", ...}, each
 * qualifier and value as hbase_family_member_text gives it; false (NULL)
 * when the row has no cell in it, like a missing cell.
 */
static bool
hbase_family_to_jsonb(HBaseTable *table, HBaseColumn *col, HBaseRow *row, Datum *result)
{
	StringInfoData json;
	int			i;
	bool		first = true;

	initStringInfo(&json);
	appendStringInfoChar(&json, '{');
	for (i = 0; i < row->ncells; i++)
	{
		HBaseCell  *c = &row->cells[i];

		if (c->collen <= col->famlen || c->column[col->famlen] != ':' ||
			memcmp(c->column, col->colspec, col->famlen) != 0)
			continue;
		if (!first)
			appendStringInfoString(&json, ", ");
		first = false;
		escape_json(&json, hbase_family_member_text(c->column + col->famlen + 1,
													c->collen - col->famlen - 1));
		appendStringInfoString(&json, ": ");
		escape_json(&json, hbase_family_member_text(c->value, c->vallen));
	}
	appendStringInfoChar(&json, '}');
	if (first)
		return false;
	*result = DirectFunctionCall1(jsonb_in, CStringGetDatum(json.data));
	return true;
}
