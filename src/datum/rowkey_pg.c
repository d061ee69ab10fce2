/*
 * rowkey_pg.c: the rowkey codec (src/rowkey/) seen from PostgreSQL.
 *
 * Owns the translation between Datums and the codec's values, compiling a
 * foreign table's layout, decoding key columns during scans, and what the
 * SQL helpers hbase_rowkey() / hbase_rowkey_parts() (sql_functions.c) need
 * of the codec: a key column by name, a key cut into its parts.
 */
#include "postgres.h"

#include "catalog/pg_class.h"
#include "catalog/pg_type.h"
#include "foreign/foreign.h"
#include "datatype/timestamp.h"
#include "common/int.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/date.h"
#include "utils/json.h"
#include "utils/jsonb.h"
#include "utils/lsyscache.h"
#include "utils/timestamp.h"

#include "datum_int.h"
#include "rowkey.h"

static void *
rk_palloc(size_t n)
{
	return palloc(n);
}

static void
rk_pfree(void *p)
{
	pfree(p);
}

void
hbase_rowkey_init(void)
{
	/* codec memory lives in the current context: errors free it */
	hbase_rk_set_allocator(rk_palloc, rk_pfree);
}

static rk_type
rk_type_of(Oid typid, int *width)
{
	*width = 0;
	switch (typid)
	{
		case INT2OID:
			*width = 2;
			return RK_INT;
		case INT4OID:
			*width = 4;
			return RK_INT;
		case INT8OID:
			*width = 8;
			return RK_INT;
		case FLOAT4OID:
			*width = 4;
			return RK_FLOAT;
		case FLOAT8OID:
			*width = 8;
			return RK_FLOAT;
		case TEXTOID:
		case VARCHAROID:
			return RK_TEXT;
		case DATEOID:
			return RK_DATE;
		case TIMESTAMPOID:
		case TIMESTAMPTZOID:
			return RK_TIMESTAMP;
		case BYTEAOID:
			return RK_BYTES;
		case NUMERICOID:
			return RK_NUMERIC;
		case BOOLOID:
			*width = 1;
			return RK_BOOL;
		default:
			return RK_OTHER;
	}
}

/*
 * Compile the table's layout (option rowkey) and mark its key columns.
 * Catalog data only: raises the layout's error pointing at the part.
 */
void
hbase_table_layout(HBaseTable *table)
{
	const char *error;
	int			errpos;
	int			i;

	if (table->rowkey == NULL)
		return;
	table->rkcols = palloc0(sizeof(rk_column) * Max(table->natts, 1));
	for (i = 0; i < table->natts; i++)
	{
		HBaseColumn *col = &table->columns[i];

		table->rkcols[i].name = col->dropped ? "" : col->attname;
		table->rkcols[i].type = col->dropped ? RK_OTHER : rk_type_of(col->atttypid, &table->rkcols[i].width);
	}
	table->layout = hbase_rk_parse(table->rowkey, table->rkcols, table->natts, &error, &errpos);
	if (table->layout == NULL)
	{
		int			len = strlen(table->rowkey);
		/* the text from the error on, cut short: a layout may be long */
		const char *at = errpos >= 0 && errpos < len ? table->rowkey + errpos : table->rowkey;
		int			show = pg_mbcliplen(at, strlen(at), 60);

		/*
		 * an error at the end of the text (a dangling +) has a position too:
		 * after the last character
		 */
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_ATTRIBUTE_VALUE),
				 errmsg("invalid rowkey layout for foreign table %s: %s", table->relname, error),
				 errpos >= 0 && errpos < len ?
				 errdetail("At character %d: %.*s%s", errpos + 1, show, at,
						   at[show] ? " ..." : "") :
				 errpos == len ?
				 errdetail("At character %d, the end of the layout: %.*s%s", len + 1, show, at,
						   at[show] ? " ..." : "") :
				 errdetail("The layout is: %.*s%s", show, at, at[show] ? " ..." : "")));
	}
	for (i = 0; i < table->natts; i++)
		if (!table->columns[i].dropped && hbase_rk_uses_column(table->layout, i))
			table->columns[i].kind = HBASE_COL_KEYPART;
	if (table->rowkey_extra && !hbase_rk_allow_extra(table->layout))
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_ATTRIBUTE_VALUE),
				 errmsg("option rowkey_extra 'ignore' of foreign table %s needs a rowkey layout whose last part is fixed-width",
						table->relname),
				 errdetail("A variable-width last part takes the rest of the key: no byte is left over.")));
}

/*
 * A key column's Datum as the codec's value (rk_value) of the codec's type
 * for that column: integers widened to 64 bits, dates and timestamps shifted
 * to Unix time, numerics as their decimal text, text as UTF-8, bytea as is.
 * An infinite date or timestamp, or a timestamp past what microseconds since
 * 1970 hold, is an error naming the column.
 */
void
hbase_datum_to_rk(HBaseTable *table, HBaseColumn *col, Datum d, struct rk_value *v)
{
	const rk_column *rc = &table->rkcols[col->attnum - 1];

	memset(v, 0, sizeof(*v));
	switch (rc->type)
	{
		case RK_INT:
			v->i = rc->width == 2 ? DatumGetInt16(d) : rc->width == 4 ? DatumGetInt32(d) : DatumGetInt64(d);
			break;
		case RK_FLOAT:
			v->f = rc->width == 4 ? DatumGetFloat4(d) : DatumGetFloat8(d);
			break;
		case RK_BOOL:
			v->i = DatumGetBool(d) ? 1 : 0;
			break;
		case RK_TEXT:
			{
				text	   *t = DatumGetTextPP(d);
				char	   *s = VARDATA_ANY(t);
				int			len = VARSIZE_ANY_EXHDR(t);
				char	   *u = pg_server_to_any(s, len, PG_UTF8);

				v->s = u;
				v->len = (u == s) ? (size_t) len : strlen(u);
				break;
			}
		case RK_BYTES:
			{
				bytea	   *b = DatumGetByteaPP(d);

				v->s = VARDATA_ANY(b);
				v->len = VARSIZE_ANY_EXHDR(b);
				break;
			}
		case RK_NUMERIC:
			/* the codec reads the decimal text (NaN and infinities it refuses) */
			v->s = DatumGetCString(DirectFunctionCall1(numeric_out, d));
			v->len = strlen(v->s);
			break;
		case RK_DATE:
			{
				DateADT		day = DatumGetDateADT(d);

				if (DATE_NOT_FINITE(day))
					ereport(ERROR,
							(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
							 errmsg("an infinite date cannot be part of the rowkey of foreign table %s",
									table->relname),
							 errdetail("Column \"%s\".", col->attname)));
				v->i = (int64) day + HBASE_EPOCH_SHIFT_DAYS;
				break;
			}
		case RK_TIMESTAMP:
			{
				Timestamp	ts = DatumGetTimestamp(d);

				if (TIMESTAMP_NOT_FINITE(ts))
					ereport(ERROR,
							(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
							 errmsg("an infinite timestamp cannot be part of the rowkey of foreign table %s",
									table->relname),
							 errdetail("Column \"%s\".", col->attname)));
				/* microseconds since 1970 in 64 bits: up to year 294247 */
				if (pg_add_s64_overflow(ts, HBASE_EPOCH_SHIFT_USECS, &v->i))
					ereport(ERROR,
							(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
							 errmsg("timestamp out of range for the rowkey of foreign table %s",
									table->relname),
							 errdetail("Column \"%s\": a key holds timestamps up to 294247-01-10 04:00:54.775807.",
									   col->attname)));
				break;
			}
		case RK_OTHER:
			elog(ERROR, "column \"%s\" cannot be a key part", col->attname);
	}
}

static Datum
rk_to_datum(HBaseTable *table, HBaseColumn *col, HBaseColumnIO *io, rk_value *v,
			const char *key, int keylen)
{
	const rk_column *rc = &table->rkcols[col->attnum - 1];

	switch (rc->type)
	{
		case RK_INT:
			return rc->width == 2 ? Int16GetDatum((int16) v->i) :
				rc->width == 4 ? Int32GetDatum((int32) v->i) : Int64GetDatum(v->i);
		case RK_FLOAT:
			return rc->width == 4 ? Float4GetDatum((float4) v->f) : Float8GetDatum(v->f);
		case RK_BOOL:
			return BoolGetDatum(v->i != 0);
		case RK_TEXT:
		case RK_BYTES:
			/* text goes through the input function: UTF-8 check, varchar(n) */
			return hbase_cell_to_datum(table, col, io, v->s, (int) v->len, key, keylen);
		case RK_NUMERIC:
			/* the codec's decimal text; the column's typmod rounds it */
			return DirectFunctionCall3(numeric_in, CStringGetDatum(pnstrdup(v->s, v->len)),
									   ObjectIdGetDatum(InvalidOid), Int32GetDatum(col->atttypmod));
		case RK_DATE:
			{
				int64		day = v->i - HBASE_EPOCH_SHIFT_DAYS;

				if (!IS_VALID_DATE(day))
					ereport(ERROR,
							(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
							 errmsg("date out of range in rowkey \"%s\"", hbase_printable_key(key, keylen)),
							 errdetail("Column \"%s\" of foreign table %s.", col->attname, table->relname)));
				return DateADTGetDatum((DateADT) day);
			}
		case RK_TIMESTAMP:
			{
				Timestamp	ts = v->i - HBASE_EPOCH_SHIFT_USECS;

				if (!IS_VALID_TIMESTAMP(ts))
					ereport(ERROR,
							(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
							 errmsg("timestamp out of range in rowkey \"%s\"", hbase_printable_key(key, keylen)),
							 errdetail("Column \"%s\" of foreign table %s.", col->attname, table->relname)));
				return TimestampGetDatum(ts);
			}
		case RK_OTHER:
			break;
	}
	elog(ERROR, "column \"%s\" cannot be a key part", col->attname);
	return (Datum) 0;
}

/* Decode the key columns among attrs of one row into values/nulls. */
void
hbase_decode_key(HBaseTable *table, HBaseColumnIO *io, const char *key, int keylen,
				 List *attrs, Datum *values, bool *nulls)
{
	rk_value   *vals = palloc(sizeof(rk_value) * Max(table->natts, 1));
	const char *error;
	ListCell   *lc;

	if (hbase_rk_decode(table->layout, key, keylen, vals, &error) < 0)
		hbase_key_error(table, error, key, keylen);
	foreach(lc, attrs)
	{
		int			attnum = lfirst_int(lc);
		HBaseColumn *col = &table->columns[attnum - 1];

		if (col->kind != HBASE_COL_KEYPART)
			continue;
		nulls[attnum - 1] = vals[attnum - 1].isnull;
		/* an empty VARCHAR key column is Phoenix's NULL (a nullable one's) */
		if (!nulls[attnum - 1] && col->encoding == HBASE_ENC_PHOENIX &&
			table->rkcols[attnum - 1].type == RK_TEXT && vals[attnum - 1].len == 0)
			nulls[attnum - 1] = true;
		if (!nulls[attnum - 1])
			values[attnum - 1] = rk_to_datum(table, col, &io[attnum - 1], &vals[attnum - 1],
											 key, keylen);
	}
}

/* The rowkey of values (indexed by attnum - 1), as bytea. */
bytea *
hbase_encode_key(HBaseTable *table, Datum *values, bool *nulls, bool random_ok)
{
	rk_value   *vals = palloc0(sizeof(rk_value) * Max(table->natts, 1));
	const char *error;
	char	   *key;
	int			len;
	int			i;
	rk_part_info first;
	HBaseColumn *emptied = NULL;

	for (i = 0; i < table->natts; i++)
	{
		HBaseColumn *col = &table->columns[i];

		if (col->dropped || nulls[i] || !hbase_rk_references_column(table->layout, i))
		{
			vals[i].isnull = 1;
			continue;
		}
		hbase_datum_to_rk(table, col, values[i], &vals[i]);
		/* Phoenix's CHAR key column: single-byte characters only */
		if (col->phoenix_type == HBASE_PHX_CHAR)
		{
			size_t		j;

			for (j = 0; j < vals[i].len; j++)
				if ((unsigned char) vals[i].s[j] >= 0x80)
					ereport(ERROR,
							(errcode(ERRCODE_CHARACTER_NOT_IN_REPERTOIRE),
							 errmsg("value of column \"%s\" of foreign table %s has a character of more than one byte",
									col->attname, table->relname),
							 errdetail("A Phoenix CHAR holds single-byte characters only.")));
		}
		/* Phoenix stores '' as NULL: in a key, what a NULL is (or nothing) */
		if (col->encoding == HBASE_ENC_PHOENIX && table->rkcols[i].type == RK_TEXT &&
			vals[i].len == 0)
		{
			vals[i].isnull = 1;
			emptied = col;
		}
	}
	/* a random salt: the writer picks the bucket */
	hbase_rk_part(table->layout, 0, &first);
	if (first.salt_random && !random_ok)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("the rowkey of foreign table %s starts with a random salt", table->relname),
				 errdetail("The same values are stored under any of %d keys, one per bucket.",
						   first.salt_buckets),
				 errhint("Readers scan every bucket; see hbase_rowkey_parts() for the parts of a stored key.")));
	len = hbase_rk_encode(table->layout, vals,
						  first.salt_random ? (int) (random() % first.salt_buckets) : 0,
						  &key, &error);
	if (len < 0 && emptied)
		ereport(ERROR,
				(errcode(ERRCODE_NOT_NULL_VIOLATION),
				 errmsg("key column \"%s\" of foreign table %s cannot hold an empty string",
						emptied->attname, table->relname),
				 errdetail("Phoenix stores an empty string as NULL, and the column is a part of the rowkey that cannot be NULL.")));
	if (len < 0)
		hbase_key_error(table, error, NULL, 0);
	return hbase_bytea(key, len);
}

/* ---------------- for the SQL helpers (sql_functions.c) ---------------- */

/* the foreign table relid, which must have a rowkey layout */
HBaseTable *
hbase_table_with_layout(Oid relid)
{
	HBaseTable *table;

	if (get_rel_relkind(relid) != RELKIND_FOREIGN_TABLE)
		ereport(ERROR,
				(errcode(ERRCODE_WRONG_OBJECT_TYPE),
				 errmsg("\"%s\" is not a foreign table", get_rel_name(relid))));
	table = hbase_get_table(relid);
	if (table->layout == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_OPTION_NAME_NOT_FOUND),
				 errmsg("foreign table %s has no rowkey layout", table->relname),
				 errhint("Declare it with OPTIONS (rowkey '...').")));
	return table;
}

/* the index in table->columns of the key column named name: an error if none */
int
hbase_key_column(HBaseTable *table, const char *name)
{
	int			i;

	for (i = 0; i < table->natts; i++)
		if (!table->columns[i].dropped && strcmp(table->columns[i].attname, name) == 0)
			break;
	if (i == table->natts || !hbase_rk_references_column(table->layout, i))
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_COLUMN),
				 errmsg("\"%s\" is not a key column of foreign table %s", name, table->relname)));
	return i;
}

/*
 * A key of the table cut into its layout's parts (HBaseKeyPart *, in the
 * layout's order), with each column part's value in its type's text form:
 * a key the layout cannot read is an error naming it.
 */
List *
hbase_key_parts(HBaseTable *table, const char *k, int keylen)
{
	int			nparts = hbase_rk_nparts(table->layout);
	long	   *bounds = palloc(sizeof(long) * 2 * nparts);
	rk_value   *vals = palloc(sizeof(rk_value) * Max(table->natts, 1));
	HBaseColumnIO *io = palloc0(sizeof(HBaseColumnIO) * Max(table->natts, 1));
	List	   *parts = NIL;
	const char *error;
	int			i;

	if (hbase_rk_decode_parts(table->layout, k, keylen, vals, bounds, &error) < 0)
		hbase_key_error(table, error, k, keylen);

	for (i = 0; i < nparts; i++)
	{
		rk_part_info info;
		HBaseKeyPart *part = palloc0(sizeof(HBaseKeyPart));

		hbase_rk_part(table->layout, i, &info);
		part->kind = info.kind == RK_PART_LITERAL ? "literal" :
			info.kind == RK_PART_SALT ? "salt" :
			info.kind == RK_PART_HASH ? "hash" : "column";
		if (info.kind == RK_PART_COLUMN)
		{
			HBaseColumn *col = &table->columns[info.column];

			part->column = col->attname;
			if (!vals[info.column].isnull)
			{
				Datum		d;
				Oid			outfunc;
				bool		varlena;

				hbase_column_io_init(col, &io[info.column]);
				d = rk_to_datum(table, col, &io[info.column], &vals[info.column], k, keylen);
				getTypeOutputInfo(col->atttypid, &outfunc, &varlena);
				part->value = OidOutputFunctionCall(outfunc, d);
			}
		}
		if (bounds[2 * i] >= 0)
		{
			int			n = (int) (bounds[2 * i + 1] - bounds[2 * i]);
			bytea	   *b = palloc(VARHDRSZ + n);

			SET_VARSIZE(b, VARHDRSZ + n);
			memcpy(VARDATA(b), k + bounds[2 * i], n);
			part->bytes = b;
		}
		parts = lappend(parts, part);
	}
	return parts;
}
