/*
 * datum.h: bytes and PostgreSQL values (datum/): a table read from the
 * catalog with its layout compiled (table.c), cells to Datums and back
 * (convert.c), key columns onto the rowkey codec (rowkey_pg.c), a bound of
 * another type as bounds of the column's type (crosstype.c).
 */
#ifndef HBASE_DATUM_H
#define HBASE_DATUM_H

#include "postgres.h"

#include "fmgr.h"

#include "wire.h"

/* ---------- table.c: the table from the catalog, cached ---------- */

/* GUC hbase_fdw.enable_pushdown (sql/options.c defines it) */
extern bool hbase_enable_pushdown;
extern HBaseTable *hbase_get_table(Oid relid);
extern HBaseTable *hbase_build_table(Oid relid);
extern bool hbase_table_has_elements(HBaseTable *table);

/* ---------- phoenix_index.c: Phoenix global indexes reads go through ---------- */

extern void hbase_phoenix_read_indexes(HBaseTable *t, const char *text, const char *ns);

/* ---------- crosstype.c: families of types, a value of another type as bounds ---------- */

extern bool hbase_is_int_type(Oid t);
extern bool hbase_is_text_type(Oid t);
extern bool hbase_is_datetime_type(Oid t);

typedef enum HBaseKeyOp
{
	HBASE_KEY_EQ,
	HBASE_KEY_LT,
	HBASE_KEY_LE,
	HBASE_KEY_GT,
	HBASE_KEY_GE,
	HBASE_KEY_IN,
	HBASE_KEY_ISNULL,
	HBASE_KEY_PREFIX,			/* LIKE 'abc%' */
	HBASE_KEY_SUFFIX			/* LIKE '%abc' */
} HBaseKeyOp;

extern int	hbase_cross_type_bounds(Oid ctype, Oid vtype, HBaseKeyOp op, Datum value,
									HBaseKeyOp *ops, Datum *values);

/* ---------- convert.c: cell bytes <-> Datum, cell timestamps ---------- */

typedef struct HBaseColumnIO
{
	FmgrInfo	infunc;
	Oid			typioparam;
} HBaseColumnIO;

extern void hbase_check_column_type(HBaseTable *table, HBaseColumn *col);
extern void hbase_column_io_init(HBaseColumn *col, HBaseColumnIO *io);
extern HBaseColumnIO *hbase_attrs_io_init(HBaseTable *table, List *attrs, bool *decode_key);
extern Datum hbase_cell_to_datum(HBaseTable *table, HBaseColumn *col,
								 HBaseColumnIO *io, const char *value, int len,
								 const char *rowkey, int keylen);
extern bool hbase_cell_is_phoenix_null(HBaseColumn *col, Datum value);
extern void hbase_datum_to_cell(HBaseTable *table, HBaseColumn *col, Datum value,
								char **out, int *len);
extern void hbase_datum_to_read_cell(HBaseTable *table, HBaseColumn *col, Datum value,
									 char **out, int *len);
extern Datum hbase_timestamp_to_datum(HBaseColumn *col, int64 ms);
extern int64 hbase_datum_to_timestamp(HBaseTable *table, HBaseColumn *col, Datum d);
extern int	hbase_row_versions(HBaseTable *table, HBaseRow *row, HBaseRow **versions);
extern void hbase_row_to_values(HBaseTable *table, HBaseColumnIO *io, bool decode_key,
								List *attrs, HBaseRow *row, Datum *values, bool *isnull);
extern bool hbase_family_to_jsonb(HBaseTable *table, HBaseColumn *col, HBaseRow *row,
								  Datum *result);
extern char *hbase_family_member_text(const char *bytes, int len);
extern void hbase_family_member_bytes(HBaseTable *table, HBaseColumn *col, const char *str,
									  int len, const char *what, char **out, int *outlen);

/* ---------- rowkey_pg.c: the rowkey codec seen from PostgreSQL ---------- */

struct rk_value;

extern void hbase_rowkey_init(void);
extern void hbase_table_layout(HBaseTable *table);
extern void hbase_decode_key(HBaseTable *table, HBaseColumnIO *io, const char *key,
							 int keylen, List *attrs, Datum *values, bool *nulls);
extern bytea *hbase_encode_key(HBaseTable *table, Datum *values, bool *nulls,
							   bool random_ok);

extern void hbase_datum_to_rk(HBaseTable *table, HBaseColumn *col, Datum d,
							  struct rk_value *v);

/* a part of a key, for hbase_rowkey_parts() */
typedef struct HBaseKeyPart
{
	const char *kind;			/* "literal", "salt", "hash" or "column" */
	const char *column;			/* a column part's column, else NULL */
	bytea	   *bytes;			/* its bytes, NULL: not in the key */
	char	   *value;			/* a column part's value as text, NULL: SQL NULL */
} HBaseKeyPart;

extern HBaseTable *hbase_table_with_layout(Oid relid);
extern int	hbase_key_column(HBaseTable *table, const char *name);
extern List *hbase_key_parts(HBaseTable *table, const char *key, int keylen);

#endif
