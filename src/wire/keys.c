/*
 * keys.c: keys as text, and what a key says without PostgreSQL's types.
 *
 * Messages and EXPLAIN print keys (any bytes) the same way everywhere; the
 * error of a key that does not match its table's layout names the part;
 * a row_timestamp table's writes stamp their cells with the timestamp the
 * key holds (rest.c).  Only the rowkey codec and text: wire/ prints keys in
 * its own messages, the layers above in theirs.
 */
#include "postgres.h"

#include "lib/stringinfo.h"
#include "mb/pg_wchar.h"
#include "utils/timestamp.h"

#include "wire_int.h"
#include "rowkey.h"

/*
 * A rowkey or value in a form fit for messages: UTF-8 printable text as is,
 * other bytes as \xNN.
 */
char *
hbase_printable_key(const char *key, int len)
{
	return hbase_escaped_bytes(key, len, pg_verify_mbstr(PG_UTF8, key, len, true));
}

/*
 * Bytes escaped: "\\" a backslash, printable ASCII as is, bytes from 0x80
 * up as they are when utf8 (the caller checked they are UTF-8 text), any
 * other byte as byte_format says (one byte: "\x%02x", "\%03o").
 */
static char *
escape_bytes(const char *key, int len, bool utf8, const char *byte_format)
{
	StringInfoData buf;
	int			i;

	initStringInfo(&buf);
	for (i = 0; i < len; i++)
	{
		unsigned char c = (unsigned char) key[i];

		if (c == '\\')
			appendStringInfoString(&buf, "\\\\");
		else if ((c >= 0x20 && c < 0x7f) || (utf8 && c >= 0x80))
			appendStringInfoChar(&buf, (char) c);
		else
			appendStringInfo(&buf, byte_format, c);
	}
	return buf.data;
}

/*
 * A rowkey as EXPLAIN shows it: PostgreSQL's escape format of bytea (what
 * hbase_rowkey() shows under bytea_output = 'escape'): printable ASCII as
 * is, a backslash as \\, any other byte as \ooo (three octal digits), so
 * that it reads as text where the key is text and, pasted into a bytea
 * literal, is the key; a key that is UTF-8 text keeps its other
 * characters as they are (the same bytes in a UTF-8 database).
 */
char *
hbase_explain_key(const char *key, int len)
{
	return escape_bytes(key, len, pg_verify_mbstr(PG_UTF8, key, len, true), "\\%03o");
}

/*
 * Bytes escaped as option "column" and messages spell them: "\\" a
 * backslash, "\xNN" a byte that is no printable ASCII character; bytes from
 * 0x80 up as they are when utf8 (the caller checked they are UTF-8 text).
 */
char *
hbase_escaped_bytes(const char *key, int len, bool utf8)
{
	return escape_bytes(key, len, utf8, "\\x%02x");
}

/* the error context of a key being encoded: which part, of which table */
void
hbase_key_error(HBaseTable *table, const char *error, const char *key, int keylen)
{
	int			part = hbase_rk_error_part();
	rk_part_info info;

	if (part >= 0)
		hbase_rk_part(table->layout, part, &info);
	if (key)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("rowkey \"%s\" does not match the rowkey layout of foreign table %s",
						hbase_printable_key(key, keylen), table->relname),
				 part >= 0 ? errdetail("In key part %d \"%s\": %s.", part + 1, info.text, error) :
				 errdetail("%s.", error)));
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("cannot compute the rowkey of foreign table %s: %s", table->relname, error),
			 part >= 0 ? errdetail("In key part %d \"%s\".", part + 1, info.text) : 0));
}

/* now, as HBase stamps cells: milliseconds since the Unix epoch */
int64
hbase_now_ms(void)
{
	return (GetCurrentTimestamp() + HBASE_EPOCH_SHIFT_USECS) / 1000;
}

/*
 * The timestamp of the cells of the row with this key when the table has a
 * row_timestamp column (Phoenix's ROW_TIMESTAMP), in epoch milliseconds; 0
 * when it has none.  Phoenix stamps every cell of such a row with the
 * column's value (MutationState.generateMutations: a TIMESTAMP's
 * milliseconds, its nanoseconds left out) and refuses a value below zero;
 * 0 is refused here too, since a cell timestamp of 0 asks for the server's
 * time.  Taken from the key, which every write has.
 */
int64
hbase_key_row_timestamp(HBaseTable *table, const char *key, int keylen)
{
	HBaseColumn *col;
	rk_value   *vals;
	const char *error;
	int64		ms;

	if (table->row_timestamp < 0)
		return 0;
	col = &table->columns[table->row_timestamp];
	vals = palloc0(sizeof(rk_value) * Max(table->natts, 1));
	if (hbase_rk_decode(table->layout, key, keylen, vals, &error) < 0)
		hbase_key_error(table, error, key, keylen);
	if (vals[table->row_timestamp].isnull)
		ereport(ERROR,
				(errcode(ERRCODE_NOT_NULL_VIOLATION),
				 errmsg("row_timestamp column \"%s\" of foreign table %s is NULL in rowkey \"%s\"",
						col->attname, table->relname, hbase_printable_key(key, keylen))));
	switch (table->rkcols[table->row_timestamp].type)
	{
		case RK_TIMESTAMP:
			/* microseconds: the millisecond they fall in */
			ms = vals[table->row_timestamp].i / 1000 -
				(vals[table->row_timestamp].i % 1000 < 0 ? 1 : 0);
			break;
		case RK_DATE:
			ms = vals[table->row_timestamp].i * INT64CONST(86400000);
			break;
		default:
			ms = vals[table->row_timestamp].i;
			break;
	}
	if (ms <= 0)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("row_timestamp column \"%s\" of foreign table %s is not after 1970-01-01 00:00:00 UTC",
						col->attname, table->relname),
				 errdetail("The row's cells would be stamped with " INT64_FORMAT " epoch milliseconds; HBase cell timestamps, as Phoenix's ROW_TIMESTAMP values, start after 0.", ms)));
	return ms;
}
