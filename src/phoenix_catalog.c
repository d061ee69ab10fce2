/*
 * phoenix_catalog.c - IMPORT FOREIGN SCHEMA ... OPTIONS (phoenix 'true'): the
 * tables Apache Phoenix created, with their real columns, read from Phoenix's
 * own catalog (the HBase table SYSTEM.CATALOG, or SYSTEM:CATALOG when Phoenix
 * maps schemas to namespaces).
 *
 * Owns what a SYSTEM.CATALOG row means: its key is tenant \0 schema \0 table
 * [\0 column [\0 family]], a table's header row (no column) holds SALT_BUCKETS,
 * ENCODING_SCHEME, IMMUTABLE_STORAGE_SCHEME, TABLE_TYPE ..., a column's row its
 * DATA_TYPE (java.sql.Types), KEY_SEQ (primary key columns), SORT_ORDER,
 * COLUMN_SIZE, DECIMAL_DIGITS and COLUMN_QUALIFIER; the values in Phoenix's
 * own encodings.  And how each becomes a foreign table: the key columns a
 * rowkey layout (salt(N), sortable(...), phoenix_decimal, desc(...)), the
 * other columns cells of encoding 'phoenix' under their (column-encoded)
 * qualifiers, the empty key value column as empty_column.  Reads through the
 * REST layer; the core runs the commands.
 */
#include "postgres.h"

#include "catalog/pg_collation.h"
#include "commands/defrem.h"
#include "foreign/foreign.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "nodes/parsenodes.h"
#include "utils/builtins.h"
#include "utils/formatting.h"

#include "hbase_fdw.h"

/* java.sql.Types codes and Phoenix's own, as DATA_TYPE holds them */
#define PT_CHAR				1
#define PT_DECIMAL			3
#define PT_INTEGER			4
#define PT_SMALLINT			5
#define PT_FLOAT			6
#define PT_DOUBLE			8
#define PT_UNSIGNED_INT		9
#define PT_UNSIGNED_LONG	10
#define PT_UNSIGNED_TINYINT	11
#define PT_VARCHAR			12
#define PT_UNSIGNED_SMALLINT 13
#define PT_UNSIGNED_FLOAT	14
#define PT_UNSIGNED_DOUBLE	15
#define PT_BOOLEAN			16
#define PT_UNSIGNED_TIME	18
#define PT_UNSIGNED_DATE	19
#define PT_UNSIGNED_TIMESTAMP 20
#define PT_DATE				91
#define PT_TIME				92
#define PT_TIMESTAMP		93
#define PT_TINYINT			(-6)
#define PT_BIGINT			(-5)
#define PT_VARBINARY		(-3)
#define PT_BINARY			(-2)
#define PT_ARRAY_BASE		3000

#define PHX_SORT_DESC		1	/* SortOrder.DESC's system value (ASC is 2) */
#define PHX_SINGLE_CELL		2	/* IMMUTABLE_STORAGE_SCHEME
								 * SINGLE_CELL_ARRAY_WITH_OFFSETS */

typedef struct PhxColumn
{
	char	   *name;
	char	   *family;			/* NULL: a primary key column */
	int			data_type;
	int			key_seq;		/* 1.. for key columns */
	int			sort_order;
	int			size;			/* COLUMN_SIZE, -1 when absent */
	int			scale;			/* DECIMAL_DIGITS, -1 when absent */
	int			ordinal;
	bool		nullable;		/* NULLABLE: 1 (columnNullable), 0 NOT NULL */
	char	   *qualifier;		/* COLUMN_QUALIFIER bytes, or NULL */
	int			qualen;
} PhxColumn;

typedef struct PhxTable
{
	char	   *schema;
	char	   *name;
	char		type;			/* TABLE_TYPE: 'u' user, 's' system, 'v', 'i' */
	int			salt_buckets;
	int			encoding_scheme;	/* 0: column names as qualifiers */
	int			storage_scheme;
	bool		namespace_mapped;
	char	   *default_family;
	List	   *columns;		/* PhxColumn * */
	bool		raw_key;		/* a key column was left out: no layout */
} PhxTable;

/* ---------------- Phoenix's encodings of the catalog's values ---------------- */

/* Phoenix's integers and the cells of a row: phoenix_cell.c (fuzzed without PostgreSQL) */
static int64
phx_int(const HBaseCell *c)
{
	return hbase_phoenix_int(c->value, c->vallen);
}

static const HBaseCell *
cell(const HBaseRow *row, const char *name)
{
	return hbase_phoenix_catalog_cell(row, name);
}

static int64
int_cell(const HBaseRow *row, const char *name, int64 dflt)
{
	const HBaseCell *c = cell(row, name);

	return c ? phx_int(c) : dflt;
}

/* ---------------- reading the catalog ---------------- */

/* the catalog's HBase table: SYSTEM.CATALOG, or SYSTEM:CATALOG (namespace-mapped) */
static HBaseTable *
catalog_table(HBaseConn *conn)
{
	static const char *const names[] = {"SYSTEM.CATALOG", "SYSTEM:CATALOG"};
	int			i;

	for (i = 0; i < 2; i++)
	{
		HBaseTable *t = palloc0(sizeof(HBaseTable));
		HBaseResponse *resp;

		t->relname = t->hbase_table = (char *) names[i];
		t->fetch_size = 1000;
		t->concurrency = 1;
		resp = hbase_rest_exists(conn, t);
		if (resp->status == 200)
			return t;
		if (resp->status != 404)
			hbase_report_status(resp, t, "looking for Phoenix's catalog");
	}
	ereport(ERROR,
			(errcode(ERRCODE_FDW_TABLE_NOT_FOUND),
			 errmsg("HBase has no Phoenix catalog (SYSTEM.CATALOG or SYSTEM:CATALOG)"),
			 errhint("Import the HBase namespace without the option \"phoenix\".")));
	return NULL;
}

/*
 * The catalog rows of one schema (tenant-less), in key order: a scanner over
 * \0 schema \0 ... reading family "0".
 */
static List *
catalog_rows(HBaseConn *conn, HBaseTable *cat, const char *schema)
{
	HBaseColumn fam = {0};
	HBaseScanSpec spec = {0};
	StringInfoData start;
	StringInfoData stop;
	HBaseResponse *resp;
	char	   *scanner;
	List	   *rows = NIL;

	fam.kind = HBASE_COL_FAMILY;
	fam.colspec = "0";
	fam.speclen = fam.famlen = 1;
	initStringInfo(&start);
	appendStringInfoChar(&start, '\0');
	appendStringInfoString(&start, schema);
	initStringInfo(&stop);
	appendBinaryStringInfo(&stop, start.data, start.len);
	appendStringInfoChar(&start, '\0');
	appendStringInfoChar(&stop, '\1');
	spec.startrow = start.data;
	spec.startlen = start.len;
	spec.endrow = stop.data;
	spec.endlen = stop.len;
	spec.columns = list_make1(&fam);
	spec.batch = HBASE_CELL_LIMIT;
	spec.caching = 1000;
	spec.exact_columns = true;
	resp = hbase_rest_scanner_create(conn, cat, &spec, false);
	scanner = hbase_rest_scanner_created(conn, cat, resp, CurrentMemoryContext);
	for (;;)
	{
		HBaseCellSet *set;
		int			i;

		CHECK_FOR_INTERRUPTS();
		resp = hbase_rest_scanner_next(conn, scanner, 1000);
		if (resp->status == 204)
			break;
		if (resp->status != 200)
			hbase_report_status(resp, cat, "reading Phoenix's catalog");
		set = hbase_response_cellset(resp, cat, 1000, HBASE_CELL_LIMIT);
		if (set->nrows == 0)
			break;
		for (i = 0; i < set->nrows; i++)
			rows = lappend(rows, &set->rows[i]);
	}
	hbase_rest_scanner_close(conn, cat, scanner);
	return rows;
}

/* the \0-separated fields of a catalog key, at most 5 (n set to their number) */
static void
key_fields(const HBaseRow *row, char **f, int *n)
{
	HBasePhxField fields[HBASE_PHX_KEY_FIELDS];
	int			i;

	*n = hbase_phoenix_key_fields(row->key, row->keylen, fields);
	for (i = 0; i < *n; i++)
		f[i] = pnstrdup(fields[i].s, fields[i].len);
}

/* the tables of the rows (a header row, then its columns' rows) */
static List *
catalog_tables(List *rows)
{
	List	   *tables = NIL;
	PhxTable   *t = NULL;
	ListCell   *lc;

	foreach(lc, rows)
	{
		HBaseRow   *row = lfirst(lc);
		char	   *f[5];
		int			n;
		const HBaseCell *c;

		key_fields(row, f, &n);
		if (n < 3 || f[0][0] != '\0')
			continue;			/* a tenant's own view or column */
		if (n == 3)
		{
			t = palloc0(sizeof(PhxTable));
			t->schema = f[1];
			t->name = f[2];
			c = cell(row, "TABLE_TYPE");
			t->type = c && c->vallen == 1 ? c->value[0] : '?';
			t->salt_buckets = int_cell(row, "SALT_BUCKETS", 0);
			t->encoding_scheme = int_cell(row, "ENCODING_SCHEME", 0);
			t->storage_scheme = int_cell(row, "IMMUTABLE_STORAGE_SCHEME", 0);
			c = cell(row, "IS_NAMESPACE_MAPPED");
			t->namespace_mapped = c && c->vallen == 1 && c->value[0] != 0;
			c = cell(row, "DEFAULT_COLUMN_FAMILY");
			t->default_family = c ? pnstrdup(c->value, c->vallen) : "0";
			tables = lappend(tables, t);
			continue;
		}
		if (t == NULL || strcmp(t->name, f[2]) != 0 || strcmp(t->schema, f[1]) != 0 ||
			f[3][0] == '\0')
			continue;			/* a family's own row (QUALIFIER_COUNTER) */
		{
			PhxColumn  *col = palloc0(sizeof(PhxColumn));

			col->name = f[3];
			col->family = n >= 5 ? f[4] : NULL;
			col->data_type = int_cell(row, "DATA_TYPE", PG_INT32_MIN);
			col->key_seq = int_cell(row, "KEY_SEQ", 0);
			col->sort_order = int_cell(row, "SORT_ORDER", 2);
			col->size = int_cell(row, "COLUMN_SIZE", -1);
			col->scale = int_cell(row, "DECIMAL_DIGITS", -1);
			col->ordinal = int_cell(row, "ORDINAL_POSITION", 0);
			col->nullable = int_cell(row, "NULLABLE", 0) == 1;
			c = cell(row, "COLUMN_QUALIFIER");
			if (c)
			{
				col->qualifier = c->value;
				col->qualen = c->vallen;
			}
			t->columns = lappend(t->columns, col);
		}
	}
	return tables;
}

/* ---------------- the foreign tables ---------------- */

/*
 * A Phoenix name as a PostgreSQL one: Phoenix folds unquoted names to upper
 * case, so an all-upper-case name is folded to lower case (and can be written
 * unquoted); any other is kept.
 */
static char *
local_name(const char *name)
{
	const char *p;

	for (p = name; *p; p++)
		if (*p >= 'a' && *p <= 'z')
			return pstrdup(name);
	return str_tolower(name, strlen(name), DEFAULT_COLLATION_OID);
}

/* the PostgreSQL type of a column, and the phoenix_type it needs (or NULL) */
static const char *
column_type(const PhxColumn *c, const char **phoenix_type)
{
	*phoenix_type = NULL;
	if (c->data_type >= PT_ARRAY_BASE)
		return "bytea";			/* Phoenix's arrays: their raw bytes */
	switch (c->data_type)
	{
		case PT_BIGINT:
			return "bigint";
		case PT_INTEGER:
			return "integer";
		case PT_SMALLINT:
			return "smallint";
		case PT_TINYINT:
			*phoenix_type = "TINYINT";
			return "smallint";
		case PT_UNSIGNED_LONG:
			*phoenix_type = "UNSIGNED_LONG";
			return "bigint";
		case PT_UNSIGNED_INT:
			*phoenix_type = "UNSIGNED_INT";
			return "integer";
		case PT_UNSIGNED_SMALLINT:
			*phoenix_type = "UNSIGNED_SMALLINT";
			return "smallint";
		case PT_UNSIGNED_TINYINT:
			*phoenix_type = "UNSIGNED_TINYINT";
			return "smallint";
		case PT_FLOAT:
			return "real";
		case PT_UNSIGNED_FLOAT:
			*phoenix_type = "UNSIGNED_FLOAT";
			return "real";
		case PT_DOUBLE:
			return "double precision";
		case PT_UNSIGNED_DOUBLE:
			*phoenix_type = "UNSIGNED_DOUBLE";
			return "double precision";
		case PT_DECIMAL:
			if (c->size > 0 && c->size <= 1000 && c->scale >= 0 && c->scale <= c->size)
				return psprintf("numeric(%d,%d)", c->size, c->scale);
			return "numeric";
		case PT_BOOLEAN:
			return "boolean";
		case PT_DATE:
			/* a Phoenix DATE keeps the time of day */
			*phoenix_type = "DATE";
			return "timestamp";
		case PT_TIME:
			*phoenix_type = "TIME";
			return "timestamp";
		case PT_TIMESTAMP:
			return "timestamp";
		case PT_UNSIGNED_DATE:
			*phoenix_type = "UNSIGNED_DATE";
			return "timestamp";
		case PT_UNSIGNED_TIME:
			*phoenix_type = "UNSIGNED_TIME";
			return "timestamp";
		case PT_UNSIGNED_TIMESTAMP:
			*phoenix_type = "UNSIGNED_TIMESTAMP";
			return "timestamp";
		case PT_VARCHAR:
			if (c->size > 0 && c->size <= 10485760)
				return psprintf("varchar(%d)", c->size);
			return "text";
		case PT_CHAR:
			/* padded to n with spaces, which Phoenix strips when it reads */
			if (c->size > 0 && c->size <= 10485760)
			{
				*phoenix_type = "CHAR";
				return psprintf("varchar(%d)", c->size);
			}
			return "text";
		case PT_BINARY:
		case PT_VARBINARY:
			return "bytea";
	}
	return NULL;
}

/*
 * The rowkey part of a key column (ident: its quoted local name), or NULL
 * with *why when the layout grammar has none.  *variable: a variable-width
 * part, which needs "\x00" after it unless last (a VARCHAR or DECIMAL DESC:
 * "\xff" always, even last, as Phoenix writes it).
 */
static char *
key_part(const PhxColumn *c, const char *ident, bool *variable, const char **why)
{
	bool		desc = c->sort_order == PHX_SORT_DESC;
	char	   *part = NULL;

	*variable = false;
	switch (c->data_type)
	{
		case PT_BIGINT:
			part = psprintf("sortable(long(%s))", ident);
			break;
		case PT_INTEGER:
			part = psprintf("sortable(int(%s))", ident);
			break;
		case PT_SMALLINT:
			part = psprintf("sortable(short(%s))", ident);
			break;
		case PT_TINYINT:
			part = psprintf("sortable(byte(%s))", ident);
			break;
		case PT_UNSIGNED_TINYINT:
			part = psprintf("uint(%s, 1)", ident);
			break;
		case PT_BOOLEAN:
			part = psprintf("boolean(%s)", ident);
			break;
		case PT_TIMESTAMP:
			part = psprintf("phoenix_timestamp(%s)", ident);
			break;
		case PT_UNSIGNED_TIMESTAMP:
			part = psprintf("phoenix_unsigned_timestamp(%s)", ident);
			break;
		case PT_UNSIGNED_LONG:
			part = psprintf("long(%s)", ident);
			break;
		case PT_UNSIGNED_INT:
			part = psprintf("int(%s)", ident);
			break;
		case PT_UNSIGNED_SMALLINT:
			part = psprintf("short(%s)", ident);
			break;
		case PT_FLOAT:
			part = psprintf("phoenix_float(%s)", ident);
			break;
		case PT_DOUBLE:
			part = psprintf("phoenix_double(%s)", ident);
			break;
		case PT_UNSIGNED_FLOAT:
			part = psprintf("phoenix_unsigned_float(%s)", ident);
			break;
		case PT_UNSIGNED_DOUBLE:
			part = psprintf("phoenix_unsigned_double(%s)", ident);
			break;
		case PT_DATE:
		case PT_TIME:
			part = psprintf("sortable(long(epoch_ms(%s)))", ident);
			break;
		case PT_UNSIGNED_DATE:
		case PT_UNSIGNED_TIME:
			part = psprintf("long(epoch_ms(%s))", ident);
			break;
		case PT_CHAR:
			if (c->size > 0)
				part = psprintf("rpad(%s, %d, ' ')", ident, c->size);
			break;
		case PT_BINARY:
			if (c->size > 0)
				part = psprintf("bytes(%s, %d)", ident, c->size);
			break;
		case PT_VARCHAR:
			*variable = true;
			return desc ? psprintf("desc(%s)", ident) : pstrdup(ident);
		case PT_DECIMAL:
			*variable = true;
			return desc ? psprintf("desc(phoenix_decimal(%s))", ident) :
				psprintf("phoenix_decimal(%s)", ident);
		case PT_VARBINARY:
			*variable = true;
			if (desc)
			{
				*why = "a VARBINARY DESC key column";
				return NULL;
			}
			return psprintf("bytes(%s)", ident);
	}
	if (part == NULL)
	{
		*why = psprintf("a key column of Phoenix type %d", c->data_type);
		return NULL;
	}
	return desc ? psprintf("desc(%s)", part) : part;
}

static int
by_key_seq(const ListCell *a, const ListCell *b)
{
	return ((PhxColumn *) lfirst(a))->key_seq - ((PhxColumn *) lfirst(b))->key_seq;
}

static int
by_ordinal(const ListCell *a, const ListCell *b)
{
	return ((PhxColumn *) lfirst(a))->ordinal - ((PhxColumn *) lfirst(b))->ordinal;
}

/* a qualifier as a column option spells it: \xNN for what is not plain */
static char *
qualifier_text(const char *q, int len)
{
	return hbase_printable_key(q, len);
}

/*
 * The rowkey layout of the table's key columns, or NULL with *why.
 */
static char *
table_layout(PhxTable *t, List *keys, const char **why)
{
	StringInfoData buf;
	ListCell   *lc;
	int			delim_at = -1;	/* where the last " + \"\x00\"" starts */

	initStringInfo(&buf);
	if (t->salt_buckets > 0)
		appendStringInfo(&buf, "salt(%d)", t->salt_buckets);
	foreach(lc, keys)
	{
		PhxColumn  *c = lfirst(lc);
		bool		variable;
		char	   *part = key_part(c, quote_identifier(local_name(c->name)), &variable, why);

		if (part == NULL)
			return NULL;
		/*
		 * A nullable VARCHAR or DECIMAL last key column: Phoenix writes a
		 * NULL (or '') as nothing, and strips the separator before it, so
		 * the separator and the part are an optional group.
		 */
		if (lnext(keys, lc) == NULL && variable && c->nullable && buf.len > 0 &&
			c->sort_order != PHX_SORT_DESC &&
			(c->data_type == PT_VARCHAR || c->data_type == PT_DECIMAL))
		{
			if (delim_at >= 0 && delim_at + 9 == buf.len)
			{
				buf.len = delim_at;
				buf.data[buf.len] = '\0';
				appendStringInfo(&buf, " + [\"\\x00\" + %s]", part);
			}
			else
				appendStringInfo(&buf, " + [%s]", part);
			break;
		}
		if (buf.len > 0)
			appendStringInfoString(&buf, " + ");
		appendStringInfoString(&buf, part);
		/* a VARBINARY has no separator: Phoenix allows it last only, where it takes the rest */
		if (variable && c->data_type == PT_VARBINARY && lnext(keys, lc) != NULL)
		{
			*why = "a VARBINARY key column that is not last";
			return NULL;
		}
		if (variable && c->sort_order == PHX_SORT_DESC &&
			(c->data_type == PT_VARCHAR || c->data_type == PT_DECIMAL))
			appendStringInfoString(&buf, " + \"\\xff\"");
		else if (variable && lnext(keys, lc) != NULL)
		{
			delim_at = buf.len;
			appendStringInfoString(&buf, " + \"\\x00\"");
		}
	}
	return buf.data;
}

/*
 * The place of a column's value in a SINGLE_CELL_ARRAY_WITH_OFFSETS cell:
 * its encoded column qualifier minus 10, as Phoenix's
 * SingleCellColumnExpression reads it (position 0 is the empty column's).
 * Phoenix's QualifierEncodingScheme writes the number in as many big-endian
 * bytes as the table's scheme says, with the top bit flipped for one and two
 * bytes only (a signed byte or short offset by its minimum); three and four
 * bytes are plain.  0 when the qualifier is no such number.
 */
static int
single_cell_element(const PhxColumn *c, int scheme)
{
	uint32		v = 0;
	int			i;

	if (c->qualifier == NULL || c->qualen != scheme || scheme < 1 || scheme > 4)
		return 0;
	for (i = 0; i < c->qualen; i++)
		v = (v << 8) | (unsigned char) c->qualifier[i];
	if (scheme <= 2)
		v ^= (uint32) 0x80 << (8 * (scheme - 1));
	return v > 10 && v < INT32_MAX / 4 ? (int) v - 10 : 0;
}

/*
 * The CREATE FOREIGN TABLE of one Phoenix table: key columns decoded from the
 * rowkey by a layout (or, when a key type has no part in the grammar, the raw
 * key as "rowkey"), the other columns as cells of encoding 'phoenix'.
 */
static char *
create_statement(ForeignServer *server, PhxTable *t)
{
	StringInfoData buf;
	StringInfoData cols;
	List	   *keys = NIL;
	List	   *others = NIL;
	ListCell   *lc;
	const char *why = NULL;
	char	   *layout;
	char	   *physical;

	foreach(lc, t->columns)
	{
		PhxColumn  *c = lfirst(lc);

		if (c->family == NULL && c->key_seq > 0)
			keys = lappend(keys, c);
		else if (c->family != NULL)
			others = lappend(others, c);
	}
	list_sort(keys, by_key_seq);
	list_sort(others, by_ordinal);
	if (t->raw_key)
		why = "a key column whose name is not imported";
	layout = keys && !t->raw_key ? table_layout(t, keys, &why) : NULL;

	initStringInfo(&cols);
	if (layout == NULL)
	{
		appendStringInfoString(&cols, "  rowkey bytea OPTIONS (column ':key')");
		if (why)
			ereport(NOTICE,
					(errmsg("Phoenix table \"%s\": the key is imported raw, as column \"rowkey\"", t->name),
					 errdetail("The rowkey layout has no part for %s.", why)));
	}
	foreach(lc, layout ? keys : NIL)
	{
		PhxColumn  *c = lfirst(lc);
		const char *ptype;

		/* the key part decodes it: no cell encoding */
		appendStringInfo(&cols, "%s  %s %s", cols.len ? ",\n" : "",
						 quote_identifier(local_name(c->name)), column_type(c, &ptype));
		/* a CHAR(n) key column: single-byte characters only, checked on write */
		if (ptype && strcmp(ptype, "CHAR") == 0)
			appendStringInfoString(&cols, " OPTIONS (phoenix_type 'CHAR')");
	}
	foreach(lc, others)
	{
		PhxColumn  *c = lfirst(lc);
		const char *ptype;
		const char *type = column_type(c, &ptype);
		char	   *spec;

		int			element = 0;

		if (t->storage_scheme == PHX_SINGLE_CELL && type != NULL)
		{
			element = single_cell_element(c, t->encoding_scheme);
			if (element <= 0)
				type = NULL;
		}
		if (type == NULL)
		{
			ereport(NOTICE,
					(errmsg("Phoenix table \"%s\": column \"%s\" is not imported", t->name, c->name),
					 t->storage_scheme == PHX_SINGLE_CELL ?
					 errdetail("Its encoded column qualifier does not give its place in the table's SINGLE_CELL_ARRAY_WITH_OFFSETS cell.") :
					 errdetail("Its Phoenix type %d has no PostgreSQL counterpart here.", c->data_type)));
			continue;
		}
		/* one cell per family, qualifier "1", holding every column's value */
		spec = psprintf("%s:%s", c->family,
						element > 0 ? "1" :
						c->qualifier ? qualifier_text(c->qualifier, c->qualen) :
						qualifier_text(c->name, strlen(c->name)));
		appendStringInfo(&cols, "%s  %s %s OPTIONS (column %s", cols.len ? ",\n" : "",
						 quote_identifier(local_name(c->name)), type, quote_literal_cstr(spec));
		if (ptype)
			appendStringInfo(&cols, ", phoenix_type %s", quote_literal_cstr(ptype));
		if (element > 0)
			appendStringInfo(&cols, ", phoenix_element '%d'", element);
		appendStringInfoChar(&cols, ')');
	}
	physical = t->schema[0] == '\0' ? t->name :
		psprintf("%s%c%s", t->schema, t->namespace_mapped ? ':' : '.', t->name);
	initStringInfo(&buf);
	appendStringInfo(&buf, "CREATE FOREIGN TABLE %s (\n%s\n) SERVER %s OPTIONS (table %s, encoding 'phoenix'",
					 quote_identifier(local_name(t->name)), cols.data,
					 quote_identifier(server->servername), quote_literal_cstr(physical));
	if (layout)
		appendStringInfo(&buf, ", rowkey %s", quote_literal_cstr(layout));
	appendStringInfo(&buf, ", empty_column %s)",
					 quote_literal_cstr(psprintf("%s:%s", t->default_family,
												 t->encoding_scheme != 0 ? "\\x00\\x00\\x00\\x00" : "_0")));
	return buf.data;
}

/*
 * Checks the names of a wanted table's columns, families and physical table
 * before they go into its definition (hbase_import_name_ok): a column or
 * family with a bad name is left out, with a NOTICE; a key column too, and
 * then the key is imported raw (its layout would lack a part).  False, with
 * a NOTICE, when the physical table name is not an HBase one (it goes into
 * URL paths) or the default family (of the empty column) is left out.
 */
static bool
phoenix_names_ok(PhxTable *t)
{
	char	   *owner = psprintf("Phoenix table \"%s\"", hbase_printable_key(t->name, strlen(t->name)));
	const char *physical = t->schema[0] == '\0' ? t->name :
		psprintf("%s%c%s", t->schema, t->namespace_mapped ? ':' : '.', t->name);
	const char *problem = hbase_table_name_problem(physical);
	List	   *kept = NIL;
	ListCell   *lc;

	if (problem != NULL)
	{
		ereport(NOTICE,
				(errmsg("Phoenix table \"%s\" is not imported", hbase_printable_key(t->name, strlen(t->name))),
				 errdetail("Its HBase table name \"%s\" is not one HBase allows: %s",
						   hbase_printable_key(physical, strlen(physical)), problem)));
		return false;
	}
	/* the family of its empty column, which inserts from here write */
	if (!hbase_import_family_ok(t->default_family, owner))
	{
		ereport(NOTICE,
				(errmsg("Phoenix table \"%s\" is not imported", hbase_printable_key(t->name, strlen(t->name))),
				 errdetail("Its default column family is not imported.")));
		return false;
	}
	foreach(lc, t->columns)
	{
		PhxColumn  *c = lfirst(lc);

		if (hbase_import_name_ok(NULL, c->name, strlen(c->name), "column", owner) &&
			(c->family == NULL || hbase_import_family_ok(c->family, owner)))
			kept = lappend(kept, c);
		else if (c->family == NULL && c->key_seq > 0)
			t->raw_key = true;
	}
	t->columns = kept;
	return true;
}

/*
 * IMPORT FOREIGN SCHEMA "schema" FROM SERVER s INTO local OPTIONS (phoenix
 * 'true'): a foreign table per Phoenix table of the schema ("default": the
 * tables without a schema).  Views, indexes and system tables are left out.
 */
List *
hbase_phoenix_import(ImportForeignSchemaStmt *stmt, ForeignServer *server, HBaseConn *conn)
{
	const char *schema = strcmp(stmt->remote_schema, "default") == 0 ? "" : stmt->remote_schema;
	HBaseTable *cat = catalog_table(conn);
	List	   *commands = NIL;
	ListCell   *lc;

	foreach(lc, catalog_tables(catalog_rows(conn, cat, schema)))
	{
		PhxTable   *t = lfirst(lc);

		if (t->type != 'u' ||
			!hbase_import_name_ok(stmt, t->name, strlen(t->name), "Phoenix table", NULL) ||
			!hbase_import_wanted(stmt, local_name(t->name)) ||
			!phoenix_names_ok(t))
			continue;
		commands = lappend(commands, create_statement(server, t));
	}
	hbase_import_check_count(list_length(commands));
	return commands;
}
