/*
 * check_values.c: hbase_check_values(foreign_table [, sample]), the cells of
 * a table's sampled rows against its columns' declarations.
 *
 * Some mix-ups of a column's type or encoding cannot be told from one cell:
 * a Java long read as float8 OPTIONS (encoding 'binary') is 8 valid bytes of
 * a double (12000 reads as 5.929e-320), and a long read as numeric binary a
 * valid BigDecimal (-5 reads as -50).  Over many cells they show: a program
 * that stores doubles stores few denormals, and no BigDecimal it writes has
 * a scale of hundreds.  So the check flags, per cell column, the sampled
 * cells whose value is implausible for its declaration:
 *   float8 / real, encoding 'binary': a denormal (the bytes of a small long
 *       or int), or a NaN other than Java's one (the bytes of a long of all
 *       ones in its high bits);
 *   numeric, encoding 'binary': a BigDecimal scale beyond +-100 (the high
 *       half of a long's bytes);
 *   encoding 'text' (any type but bytea): bytes that are not UTF-8 (a Java
 *       number of 1, 2, 4 or 8 bytes, said so).
 * Reading such a column fails only for the last kind; the others return
 * wrong numbers without an error, which is why this function exists.  The
 * rows are sampled as hbase_check_layout samples keys (layouts.c), as the
 * user would read them (SELECT on the foreign table).  Never on a query's
 * path: only when called.
 */
#include "postgres.h"

#include <math.h>

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "port/pg_bswap.h"
#include "utils/acl.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"

#include "sql_int.h"

PG_FUNCTION_INFO_V1(hbase_check_values);

/* a BigDecimal whose scale is beyond this either way is no number a program wrote */
#define PLAUSIBLE_SCALE		100

typedef enum ValueCheck
{
	CHECK_NONE,
	CHECK_DOUBLE,				/* float8, binary */
	CHECK_FLOAT,				/* real, binary */
	CHECK_DECIMAL,				/* numeric, binary */
	CHECK_UTF8					/* encoding text */
} ValueCheck;

/* what the declaration of col lets this function check of its cells */
static ValueCheck
check_of(const HBaseColumn *col)
{
	if (col->dropped || col->kind != HBASE_COL_CELL || col->element != 0)
		return CHECK_NONE;
	if (col->encoding == HBASE_ENC_BINARY)
		return col->atttypid == FLOAT8OID ? CHECK_DOUBLE :
			col->atttypid == FLOAT4OID ? CHECK_FLOAT :
			col->atttypid == NUMERICOID ? CHECK_DECIMAL : CHECK_NONE;
	if (col->encoding == HBASE_ENC_TEXT && col->atttypid != BYTEAOID)
		return CHECK_UTF8;
	return CHECK_NONE;
}

/*
 * Is a cell's value implausible for the check?  *shown: the value as the
 * column reads it (or its bytes), for the example.  A cell of the wrong
 * length for a binary number is left to the read, which refuses it.
 */
static bool
implausible(ValueCheck check, const char *value, int len, char **shown)
{
	switch (check)
	{
		case CHECK_DOUBLE:
			{
				uint64		bits;
				double		d;

				if (len != 8)
					return false;
				memcpy(&bits, value, 8);
				bits = pg_ntoh64(bits);
				memcpy(&d, &bits, sizeof(d));

				/*
				 * Java's Double.NaN is 0x7ff8000000000000; another NaN is a
				 * long's bytes
				 */
				if ((isnan(d) && (bits & ~((uint64) 1 << 63)) != UINT64CONST(0x7ff8000000000000)) ||
					fpclassify(d) == FP_SUBNORMAL)
				{
					*shown = isnan(d) ? psprintf("NaN (bytes %s)", hbase_printable_key(value, len)) :
						psprintf("%.4g", d);
					return true;
				}
				return false;
			}
		case CHECK_FLOAT:
			{
				uint32		bits;
				float		f;

				if (len != 4)
					return false;
				memcpy(&bits, value, 4);
				bits = pg_ntoh32(bits);
				memcpy(&f, &bits, sizeof(f));
				if ((isnan(f) && (bits & 0x7fffffff) != 0x7fc00000) || fpclassify(f) == FP_SUBNORMAL)
				{
					*shown = isnan(f) ? psprintf("NaN (bytes %s)", hbase_printable_key(value, len)) :
						psprintf("%.4g", (double) f);
					return true;
				}
				return false;
			}
		case CHECK_DECIMAL:
			{
				uint32		be;
				int32		scale;

				if (len < 5)
					return false;
				memcpy(&be, value, 4);
				scale = (int32) pg_ntoh32(be);
				if (scale > PLAUSIBLE_SCALE || scale < -PLAUSIBLE_SCALE)
				{
					*shown = psprintf("scale %d (bytes %s)", scale, hbase_printable_key(value, len));
					return true;
				}
				return false;
			}
		case CHECK_UTF8:
			if (pg_verify_mbstr(PG_UTF8, value, len, true))
				return false;
			*shown = hbase_printable_key(value, len);
			return true;
		case CHECK_NONE:
			break;
	}
	return false;
}

/* what the flagged cells of a check suggest, with the fix */
static const char *
likely_cause(ValueCheck check, int len)
{
	switch (check)
	{
		case CHECK_DOUBLE:
			return "8 bytes of a Java long (Bytes.toBytes(long)) read as a double are denormals or such NaNs: declare the column bigint, or timestamp for epoch milliseconds";
		case CHECK_FLOAT:
			return "4 bytes of a Java int (Bytes.toBytes(int)) read as a float are denormals or such NaNs: declare the column integer";
		case CHECK_DECIMAL:
			return "the first 4 bytes of a Java BigDecimal are its scale; those of a Java long (Bytes.toBytes(long)) make such scales: declare the column bigint";
		case CHECK_UTF8:
			if (len == 1 || len == 2 || len == 4 || len == 8)
				return "cells of 1, 2, 4 or 8 bytes that are not text are most likely Java numbers written by Bytes.toBytes: declare the column with that number's type and OPTIONS (encoding 'binary'), or as bytea for the raw bytes";
			return "declare the column bytea to read the raw bytes";
		case CHECK_NONE:
			break;
	}
	return "";
}

static const char *
check_name(ValueCheck check)
{
	switch (check)
	{
		case CHECK_DOUBLE:
			return "denormal doubles and NaNs Java does not make";
		case CHECK_FLOAT:
			return "denormal floats and NaNs Java does not make";
		case CHECK_DECIMAL:
			return "BigDecimal scales beyond -100 to 100";
		case CHECK_UTF8:
			return "text that is not UTF-8";
		case CHECK_NONE:
			break;
	}
	return NULL;
}

/*
 * hbase_check_values(foreign_table regclass, sample int) -> setof (column_name,
 * checked, cells_sampled, implausible, first_key, example, detail): one row
 * per column mapping a cell, in the table's order; checked says what was
 * looked for (NULL: nothing this function checks for its type and encoding),
 * first_key and example the first flagged cell.
 */
Datum
hbase_check_values(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	Oid			relid = PG_GETARG_OID(0);
	int			sample = hbase_sample_arg(fcinfo, 1, "rows");
	HBaseTable *table;
	HBaseConn  *conn;
	HBaseRow  **rows;
	int			n;
	int			c;

	InitMaterializedSRF(fcinfo, 0);
	/* the table's cells: as a SELECT of it would read them */
	if (pg_class_aclcheck(relid, GetUserId(), ACL_SELECT) != ACLCHECK_OK)
		aclcheck_error(ACLCHECK_NO_PRIV, OBJECT_FOREIGN_TABLE, get_rel_name(relid));
	table = hbase_table_with_layout(relid);
	conn = hbase_get_connection(table->serverid, GetUserId());
	n = hbase_sample_rows(conn, table, sample, &rows);
	for (c = 0; c < table->natts; c++)
	{
		HBaseColumn *col = &table->columns[c];
		ValueCheck	check = check_of(col);
		int			cells = 0,
					flagged = 0,
					first_len = 0,
					r;
		HBaseRow   *first_row = NULL;
		char	   *first_shown = NULL;
		Datum		out[7];
		bool		nulls[7] = {false};

		if (col->dropped || col->kind != HBASE_COL_CELL)
			continue;
		for (r = 0; r < n; r++)
		{
			int			i;

			for (i = 0; i < rows[r]->ncells; i++)
			{
				HBaseCell  *cell = &rows[r]->cells[i];
				char	   *shown;

				if (cell->collen != col->speclen || memcmp(cell->column, col->colspec, col->speclen) != 0)
					continue;
				cells++;
				if (implausible(check, cell->value, cell->vallen, &shown) && flagged++ == 0)
				{
					first_row = rows[r];
					first_shown = shown;
					first_len = cell->vallen;
				}
			}
		}
		out[0] = CStringGetTextDatum(col->attname);
		if (check_name(check))
			out[1] = CStringGetTextDatum(check_name(check));
		else
			nulls[1] = true;
		out[2] = Int32GetDatum(cells);
		out[3] = Int32GetDatum(flagged);
		if (first_row)
		{
			out[4] = CStringGetTextDatum(hbase_printable_key(first_row->key, first_row->keylen));
			out[5] = CStringGetTextDatum(first_shown);
			out[6] = CStringGetTextDatum(psprintf("%d of %d cells sampled: %s.", flagged, cells,
												  likely_cause(check, first_len)));
		}
		else
		{
			nulls[4] = nulls[5] = true;
			out[6] = CStringGetTextDatum(check == CHECK_NONE ?
										 psprintf("Nothing is checked of %s with encoding '%s'.",
												  format_type_be(col->atttypid),
												  col->encoding == HBASE_ENC_BINARY ? "binary" :
												  col->encoding == HBASE_ENC_PHOENIX ? "phoenix" : "text") :
										 cells == 0 ? "No sampled row has this cell." :
										 "Every cell sampled is plausible.");
		}
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, out, nulls);
	}
	return (Datum) 0;
}
