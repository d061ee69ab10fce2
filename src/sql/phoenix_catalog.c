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
 * qualifiers, the empty key value column as empty_column (in the family where
 * Phoenix puts it), the indexes on the table's rows (its own and its views',
 * SYSTEM.CHILD_LINK naming the views) as phoenix_indexes, which makes it read
 * only, and the table's own global indexes that a layout reads (their key
 * columns, sort orders, types, salting and encoding) as phoenix_index_layouts,
 * which reads go through.  Decides the foreign table's column names (family-qualified where
 * Phoenix's families share one).  Reads through the REST layer; the core
 * runs the commands.
 */
#include "postgres.h"

#include "catalog/pg_collation.h"
#include "commands/defrem.h"
#include "foreign/foreign.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "mb/pg_wchar.h"
#include "nodes/parsenodes.h"
#include "utils/builtins.h"
#include "utils/formatting.h"

#include "sql_int.h"

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
	bool		row_timestamp;	/* IS_ROW_TIMESTAMP: its value stamps the row's cells */
	char	   *qualifier;		/* COLUMN_QUALIFIER bytes, or NULL */
	int			qualen;
	char	   *local;			/* its foreign table column's name */
	bool		skipped;		/* not imported (a NOTICE said why) */
	/* an index's key column (index_layout): */
	int			decimal_of;		/* the data column's type, kept as a DECIMAL;
								 * 0: none */
	bool		index_null;		/* may be NULL before the data key: nullable() */
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
	char	   *default_family;	/* DEFAULT_COLUMN_FAMILY, or NULL */
	List	   *columns;		/* PhxColumn * */
	List	   *indexes;		/* the names of its indexes (link rows) */
	bool		raw_key;		/* a key column was left out: no layout */
	bool		multi_tenant;	/* MULTI_TENANT: tenants' views hold rows in it */
	char	   *parent;			/* a view's: its parent's full name (link rows:
								 * a parent view's, else the physical table's) */
	char	   *view_statement;	/* a view's VIEW_STATEMENT */
	char	   *layout;			/* set: the rowkey layout (a tenant's view) */
	char	   *physical;		/* set: the HBase table (a tenant's view's) */
	bool		named;			/* its columns' local names are assigned */
	bool		view_adds_keys;	/* one of them adds key columns: its rows have
								 * longer keys than the table's */
	char	   *empty_family;	/* where Phoenix puts the empty key value */
	int			index_type;		/* an index's INDEX_TYPE: 1 global, 2 local */
	char		index_state;	/* an index's INDEX_STATE: 'a' active */
	const char *view_index_id;	/* an index's VIEW_INDEX_ID cell (a local
								 * index's), or NULL */
	int			view_index_idlen;
	int			view_index_id_type; /* VIEW_INDEX_ID_DATA_TYPE: a
									 * java.sql.Types */
} PhxTable;

#define PHX_INDEX_GLOBAL	1	/* IndexType.GLOBAL's serialized value */
#define PHX_INDEX_LOCAL		2	/* IndexType.LOCAL's */
#define PHX_TYPES_SMALLINT	5	/* java.sql.Types.SMALLINT */
#define PHX_TYPES_BIGINT	(-5)	/* java.sql.Types.BIGINT */
#define PHX_INDEX_ID_COLUMN "_INDEX_ID" /* MetaDataUtil.VIEW_INDEX_ID_COLUMN_NAME */

#define PHX_LINK_INDEX		1	/* LINK_TYPE of a table's row naming an index */
#define PHX_LINK_PHYSICAL	2	/* LINK_TYPE of a view's row naming its table */
#define PHX_LINK_PARENT		3	/* LINK_TYPE of a view's row naming a parent view */
#define PHX_MAX_VIEWS		10000	/* views looked at for one table's indexes */

static char *full_name(const char *schema, const char *name);

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

/* LINK_TYPE of a link row: an UNSIGNED_TINYINT (its byte as is), -1 when none */
static int
link_type(const HBaseRow *row)
{
	const HBaseCell *c = cell(row, "LINK_TYPE");

	return c && c->vallen == 1 ? (unsigned char) c->value[0] : -1;
}

/* ---------------- reading the catalog ---------------- */

/*
 * A system table of Phoenix's, SYSTEM.<name> or SYSTEM:<name> (namespace-
 * mapped), or NULL when HBase has neither.
 */
static HBaseTable *
system_table(HBaseConn *conn, const char *name)
{
	int			i;

	for (i = 0; i < 2; i++)
	{
		HBaseTable *t = palloc0(sizeof(HBaseTable));

		t->relname = t->hbase_table = t->remote_table = psprintf("SYSTEM%c%s", i == 0 ? '.' : ':', name);
		t->fetch_size = 1000;
		t->concurrency = 1;
		if (hbase_rest_table_exists(conn, t, "looking for Phoenix's catalog"))
			return t;
	}
	return NULL;
}

/* the catalog's HBase table: SYSTEM.CATALOG, or SYSTEM:CATALOG (namespace-mapped) */
static HBaseTable *
catalog_table(HBaseConn *conn)
{
	HBaseTable *t = system_table(conn, "CATALOG");

	if (t)
		return t;
	ereport(ERROR,
			(errcode(ERRCODE_FDW_TABLE_NOT_FOUND),
			 errmsg("HBase has no Phoenix catalog (SYSTEM.CATALOG or SYSTEM:CATALOG)"),
			 errhint("Import the HBase namespace without the option \"phoenix\".")));
	return NULL;
}

/*
 * Bytes of catalog rows this IMPORT keeps (decoded pages, all kept until its
 * tables are made): bounded by the server's max_response_size, the most
 * one answer may take, so that a huge catalog (many tables, long view
 * statements) fails clearly rather than taking the backend's memory.
 */
static size_t catalog_kept = 0;

/*
 * The rows of a catalog table (SYSTEM.CATALOG, SYSTEM.CHILD_LINK) whose key
 * starts with the \0-separated fields given (the last one followed by \0),
 * in key order: a scanner reading family "0".  The pages are kept: their
 * bytes count against catalog_kept (54000 past max_response_size).
 */
static List *
prefix_rows(HBaseConn *conn, HBaseTable *cat, int nfields, const char *const *fields)
{
	HBaseColumn fam = {0};
	HBaseScanSpec spec = {0};
	StringInfoData start;
	StringInfoData stop;
	HBaseScanner *scanner;
	HBaseCellSet *set;
	long		nrequests = 0;
	List	   *rows = NIL;
	int			i;

	fam.kind = HBASE_COL_FAMILY;
	fam.colspec = "0";
	fam.speclen = fam.famlen = 1;
	initStringInfo(&start);
	for (i = 0; i < nfields; i++)
	{
		if (i > 0)
			appendStringInfoChar(&start, '\0');
		appendStringInfoString(&start, fields[i]);
	}
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
	scanner = hbase_scanner_open(conn, cat, &spec, 1000, 0, "reading Phoenix's catalog",
								 &nrequests);
	while ((set = hbase_scanner_page(scanner)) != NULL)
	{
		size_t		limit = hbase_conn_max_response_size(conn);

		catalog_kept += set->decoded;
		if (limit > 0 && catalog_kept > limit)
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("the Phoenix catalog rows of schema \"%s\" exceed max_response_size (%zu bytes)",
							nfields > 1 ? fields[1] : fields[0], limit),
					 errdetail("IMPORT FOREIGN SCHEMA keeps the rows it reads from %s until its tables are made; they came to more than that.",
							   cat->hbase_table),
					 errhint("Raise the server option \"max_response_size\" for the import.")));
		for (i = 0; i < set->nrows; i++)
			rows = lappend(rows, &set->rows[i]);
	}
	hbase_scanner_close(scanner);
	return rows;
}

/* the catalog rows of one schema (tenant-less): \0 schema \0 ... */
static List *
catalog_rows(HBaseConn *conn, HBaseTable *cat, const char *schema)
{
	const char *fields[] = {"", schema};

	return prefix_rows(conn, cat, 2, fields);
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

/* the tables of the rows (a header row, then its columns' rows) of a tenant ("": none) */
static List *
catalog_tables(List *rows, const char *tenant)
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
		if (n < 3 || strcmp(f[0], tenant) != 0)
			continue;			/* another tenant's own view or column */
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
			c = cell(row, "MULTI_TENANT");
			t->multi_tenant = c && c->vallen == 1 && c->value[0] != 0;
			c = cell(row, "VIEW_STATEMENT");
			t->view_statement = c ? pnstrdup(c->value, c->vallen) : NULL;
			c = cell(row, "DEFAULT_COLUMN_FAMILY");
			t->default_family = c ? pnstrdup(c->value, c->vallen) : NULL;
			/* an UNSIGNED_TINYINT: its byte as is */
			c = cell(row, "INDEX_TYPE");
			t->index_type = c && c->vallen == 1 ? (unsigned char) c->value[0] : -1;
			c = cell(row, "INDEX_STATE");
			t->index_state = c && c->vallen == 1 ? c->value[0] : '?';
			c = cell(row, "VIEW_INDEX_ID");
			t->view_index_id = c ? c->value : NULL;
			t->view_index_idlen = c ? c->vallen : 0;
			/* absent: a SMALLINT (MetaDataUtil.getLegacyViewIndexIdDataType) */
			t->view_index_id_type = int_cell(row, "VIEW_INDEX_ID_DATA_TYPE", PHX_TYPES_SMALLINT);
			tables = lappend(tables, t);
			continue;
		}
		if (t == NULL || strcmp(t->name, f[2]) != 0 || strcmp(t->schema, f[1]) != 0)
			continue;
		if (f[3][0] == '\0')
		{
			/* a family's own row (QUALIFIER_COUNTER), or a link to an index */
			if (n == 5 && link_type(row) == PHX_LINK_INDEX)
				t->indexes = lappend(t->indexes, f[4]);
			else if (n == 5 && link_type(row) == PHX_LINK_PARENT)
				t->parent = f[4];
			else if (n == 5 && link_type(row) == PHX_LINK_PHYSICAL && t->parent == NULL)
				t->parent = f[4];	/* a view of a table: its only link */
			continue;
		}
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
			c = cell(row, "IS_ROW_TIMESTAMP");
			col->row_timestamp = c && c->vallen == 1 && c->value[0] != 0;
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
 * "\xff" always, even last, as Phoenix writes it).  An index's column
 * that may be NULL before the data key (index_null) is nullable(part):
 * Phoenix writes its NULL as no bytes, then "\x00" even where a DESC
 * value has "\xff" (IndexMaintainer.buildRowKey, SchemaUtil.getSeparatorByte).
 */
static char *key_part_of(const PhxColumn *c, const char *ident, bool *variable,
						 const char **why);

static char *
key_part(const PhxColumn *c, const char *ident, bool *variable, const char **why)
{
	char	   *part = key_part_of(c, ident, variable, why);

	/* an index's nullable column: its NULL is no bytes (then "\x00") */
	if (part != NULL && c->index_null && *variable)
		return psprintf("nullable(%s)", part);
	return part;
}

/* key_part, but for an index's NULL */
static char *
key_part_of(const PhxColumn *c, const char *ident, bool *variable, const char **why)
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

			/*
			 * an index's DECIMAL of a DATE or TIME: its milliseconds
			 * (PDecimal.toObject)
			 */
			if (c->decimal_of == PT_DATE || c->decimal_of == PT_TIME ||
				c->decimal_of == PT_UNSIGNED_DATE || c->decimal_of == PT_UNSIGNED_TIME)
				ident = psprintf("epoch_ms(%s)", ident);
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
 * A column's name as the layout grammar spells it: bare when a plain
 * lower-case identifier, else quoted in backticks (`MyId`, `b c`), which the
 * grammar matches exactly ("..." would be a literal).
 */
static char *
layout_ident(const char *name)
{
	StringInfoData buf;
	const char *p;
	bool		plain = (*name >= 'a' && *name <= 'z') || *name == '_';

	for (p = name; *p && plain; p++)
		plain = (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_';
	if (plain)
		return pstrdup(name);
	initStringInfo(&buf);
	appendStringInfoChar(&buf, '`');
	for (p = name; *p; p++)
	{
		if (*p == '`')
			appendStringInfoChar(&buf, '`');
		appendStringInfoChar(&buf, *p);
	}
	appendStringInfoChar(&buf, '`');
	return buf.data;
}

/* do two of the columns have the same local name, or one a system column's (ctid, xmin ...)? */
static bool
names_clash(List *columns, PhxColumn *c)
{
	ListCell   *lc;

	if (!c->skipped && hbase_system_column_name(c->local))
		return true;
	foreach(lc, columns)
	{
		PhxColumn  *o = lfirst(lc);

		if (o != c && !o->skipped && !c->skipped && strcmp(o->local, c->local) == 0)
			return true;
	}
	return false;
}

/*
 * The foreign table's column names.  Phoenix's own name, folded to lower
 * case when all upper case; but Phoenix lets families share a column name
 * (A.VAL, B.VAL, and VAL of the default family), which a foreign table
 * cannot: a non-key column whose name another column has is named after its
 * family too ("a.val", "b.val", "0.val"), as Phoenix's SQL qualifies it.
 * Where folding still makes two names one ("VAL" and "val"), the clashing
 * ones keep Phoenix's spelling (key columns too: "ID" beside "id"); a column
 * still clashing then is not imported.  A NOTICE names each renamed column.
 */
static void
assign_names(PhxTable *t, List *columns)
{
	ListCell   *lc;
	int			round;

	foreach(lc, columns)
	{
		PhxColumn  *c = lfirst(lc);

		c->local = local_name(c->name);
	}
	for (round = 0; round < 3; round++)
	{
		List	   *clashing = NIL;

		foreach(lc, columns)
			if (names_clash(columns, lfirst(lc)))
				clashing = lappend(clashing, lfirst(lc));
		foreach(lc, clashing)
		{
			PhxColumn  *c = lfirst(lc);

			if (round == 0 && c->family == NULL)
				continue;		/* a key column keeps its name if it can */
			if (round == 0)
				c->local = psprintf("%s.%s", local_name(c->family), local_name(c->name));
			else if (round == 1)
				c->local = c->family ? psprintf("%s.%s", c->family, c->name) : pstrdup(c->name);
			else if (c->family)
			{
				c->skipped = true;
				ereport(NOTICE,
						(errmsg("Phoenix table \"%s\": column \"%s\" of family \"%s\" is not imported",
								t->name, c->name, c->family),
						 errdetail("Another column of the foreign table already has the name \"%s\".", c->local)));
			}
		}
	}
	foreach(lc, columns)
	{
		PhxColumn  *c = lfirst(lc);

		if (!c->skipped && strcmp(c->local, local_name(c->name)) != 0)
			ereport(NOTICE,
					(errmsg("Phoenix table \"%s\": column \"%s\"%s%s%s is imported as \"%s\"",
							t->name, c->name, c->family ? " of family \"" : "",
							c->family ? c->family : "", c->family ? "\"" : "", c->local),
					 errdetail("Another column of the table has the name \"%s\" (in another column family, or in other letter case).",
							   local_name(c->name))));
	}
}

/*
 * The family of Phoenix's empty key value cell, by Phoenix's rule
 * (SchemaUtil.getEmptyColumnFamily): the family of the first non-key
 * column in column order; with none, the table's DEFAULT_COLUMN_FAMILY, or
 * "0".  A table of families A, B, C only has it in the first of them.
 */
static char *
empty_family(PhxTable *t)
{
	PhxColumn  *first = NULL;
	ListCell   *lc;

	foreach(lc, t->columns)
	{
		PhxColumn  *c = lfirst(lc);

		if (c->family && (first == NULL || c->ordinal < first->ordinal))
			first = c;
	}
	if (first)
		return first->family;
	return t->default_family ? t->default_family : "0";
}

/*
 * The rowkey layout of the table's key columns, or NULL with *why.
 *
 * Phoenix's rule (PTableImpl.newKey, SchemaUtil.getSeparatorByte): a
 * variable-width column is followed by "\x00", or by "\xff" when it is DESC
 * and not NULL; trailing NULL columns are left out with the separators
 * before them, though the "\xff" of a DESC value is written even last.  So
 * the run of nullable (variable-width: Phoenix refuses a nullable fixed-width
 * key column) columns at the end of the key is a nest of optional groups,
 * each holding the "\x00" before its column:
 *     a + ["\x00" + b + ["\x00" + desc(c) + "\xff"]]
 * and a NULL before the last value written is no bytes (the codec's
 * nullable parts, with "\x00" for the "\xff" of a NULL DESC one).
 *
 * A nullable column before a NOT NULL one (Phoenix allows it,
 * MetaDataClient.createTableInternal refusing only a nullable fixed-width
 * one, PColumnImpl.init) is no bytes when NULL, then its separator: no part
 * reads that (an empty DECIMAL is no number, an empty DESC one has "\x00"
 * for its "\xff", and an empty VARCHAR would read as NULL where the layout
 * promises a value, its NULLs sorting first), so the key is imported raw.
 * Not the first of a view's own key columns (lead_optional): the view's
 * columns are one optional group, absent when it is NULL.
 */
static char *
table_layout(PhxTable *t, List *keys, bool lead_optional, const char **why)
{
	StringInfoData buf;
	ListCell   *lc;
	int			nkeys = list_length(keys);
	int			run;			/* the first column of the nullable run */
	int			i = 0;
	int			open = 0;		/* groups to close */
	bool		sep = false;	/* a "\x00" is due before the next column */

	for (run = nkeys; run > 1; run--)
	{
		PhxColumn  *c = list_nth(keys, run - 1);
		bool		variable;

		if (!c->nullable || key_part(c, "x", &variable, why) == NULL || !variable)
			break;
	}
	for (i = lead_optional ? 1 : 0; i < run; i++)
	{
		PhxColumn  *c = list_nth(keys, i);

		if (c->nullable)
		{
			*why = psprintf("nullable key column \"%s\" that is not one of the nullable columns ending the key",
							c->name);
			return NULL;
		}
	}
	i = 0;
	initStringInfo(&buf);
	if (t->salt_buckets > 0)
		appendStringInfo(&buf, "salt(%d)", t->salt_buckets);
	foreach(lc, keys)
	{
		PhxColumn  *c = lfirst(lc);
		bool		variable;
		char	   *part = key_part(c, layout_ident(c->local), &variable, why);

		if (part == NULL)
			return NULL;
		if (buf.len > 0)
			appendStringInfoString(&buf, " + ");
		if (i >= run)
		{
			appendStringInfoChar(&buf, '[');
			open++;
		}
		if (sep)
			appendStringInfoString(&buf, "\"\\x00\" + ");
		appendStringInfoString(&buf, part);
		/* a VARBINARY has no separator: Phoenix allows it last only, where it takes the rest */
		if (variable && c->data_type == PT_VARBINARY && lnext(keys, lc) != NULL)
		{
			*why = "a VARBINARY key column that is not last";
			return NULL;
		}
		sep = false;
		if (variable && c->sort_order == PHX_SORT_DESC &&
			(c->data_type == PT_VARCHAR || c->data_type == PT_DECIMAL))
			appendStringInfoString(&buf, " + \"\\xff\"");
		else if (variable)
			sep = true;
		i++;
	}
	while (open-- > 0)
		appendStringInfoChar(&buf, ']');
	return buf.data;
}

/*
 * Can a view add key columns after these?  Phoenix allows it only when the
 * last one is fixed-width (MetaDataClient.throwIfLastPKOfParentIsVariableLength:
 * a variable-width last column takes the rest of the key, no separator), and
 * then the view's rows have longer keys, which Phoenix reads through the
 * table by the table's own key columns, the rest left out (RowKeySchema
 * positions field by field): rowkey_extra 'ignore' does the same.  Set for a
 * MULTI_TENANT table (its tenants' views, which tenants make at any time)
 * and one that a view adding key columns reads at IMPORT (table_indexes
 * finds them); a plain view (WHERE tenant = 'acme') keeps the table's keys.
 */
static bool
key_extensible(List *keys)
{
	PhxColumn  *last = llast(keys);

	if (last->data_type >= PT_ARRAY_BASE)
		return false;
	switch (last->data_type)
	{
		case PT_VARCHAR:
		case PT_DECIMAL:
		case PT_VARBINARY:
			return false;
	}
	return true;
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

/* a value of an entry of option phoenix_index_layouts: quoted, a quote doubled */
static void
append_index_value(StringInfo buf, const char *name, const char *value, bool last)
{
	const char *p;

	appendStringInfo(buf, "%s '", name);
	for (p = value; *p; p++)
	{
		if (*p == '\'')
			appendStringInfoChar(buf, '\'');
		appendStringInfoChar(buf, *p);
	}
	appendStringInfoString(buf, last ? "')" : "', ");
}

static PhxColumn *indexed_column(PhxTable *t, const char *iname);

/*
 * The HBase family of index x's cells: a local index's are the data
 * table's, prefixed "L#" (IndexUtil.getLocalIndexColumnFamily), as its
 * catalog names them already; a family without the prefix gets it.
 */
static const char *
index_family(PhxTable *x, const char *family)
{
	if (x->index_type != PHX_INDEX_LOCAL || strncmp(family, "L#", 2) == 0)
		return family;
	return psprintf("L#%s", family);
}

/*
 * The covered columns of index x (INCLUDE, and the columns Phoenix adds to
 * it), each as a field cell 'LOCAL=FAMILY:QUALIFIER' of its entry: the
 * index's own cell of the table's column LOCAL, under the index's family
 * and (column-encoded or not) qualifier, so that a query of these columns
 * and the index key's reads the index alone.  An index stored as
 * SINGLE_CELL_ARRAY_WITH_OFFSETS (its own scheme, or its data table's,
 * which it inherits: MetaDataClient.createTableInternal) keeps them in one
 * cell per family, qualifier "1", each column's value at the place its
 * own encoded qualifier gives (IndexMaintainer.buildUpdateMutation), as a
 * data table of that scheme does (single_cell_element): cell
 * 'LOCAL=FAMILY:1', element 'LOCAL=N'.  Not a column whose name holds "=",
 * nor one the table's import left out, nor one whose place is unknown.
 */
static void
append_index_cells(StringInfo buf, PhxTable *t, PhxTable *x)
{
	ListCell   *lc;

	foreach(lc, x->columns)
	{
		PhxColumn  *ic = lfirst(lc);
		PhxColumn  *dc;
		int			element = 0;

		if (ic->family == NULL || ic->key_seq > 0)
			continue;
		dc = indexed_column(t, ic->name);
		if (dc == NULL || dc->family == NULL || strchr(dc->local, '=') != NULL ||
			dc->data_type != ic->data_type)
			continue;
		if (x->storage_scheme == PHX_SINGLE_CELL &&
			(element = single_cell_element(ic, x->encoding_scheme)) <= 0)
			continue;
		append_index_value(buf, "cell",
						   psprintf("%s=%s:%s", dc->local, index_family(x, ic->family),
									element > 0 ? "1" :
									ic->qualifier ? qualifier_text(ic->qualifier, ic->qualen) :
									qualifier_text(ic->name, strlen(ic->name))),
						   false);
		if (element > 0)
			append_index_value(buf, "element", psprintf("%s=%d", dc->local, element), false);
	}
}

/*
 * The data table's column an index's key column stands for, or NULL (an
 * expression, or a column not imported).  Phoenix names them after the data
 * column (IndexUtil.getIndexColumnName): "FAMILY:NAME" for a cell column,
 * ":NAME" for a key column.
 */
static PhxColumn *
indexed_column(PhxTable *t, const char *iname)
{
	const char *colon = strchr(iname, ':');
	ListCell   *lc;

	if (colon == NULL)
		return NULL;
	foreach(lc, t->columns)
	{
		PhxColumn  *c = lfirst(lc);

		if (c->skipped || strcmp(c->name, colon + 1) != 0)
			continue;
		if (colon == iname ? c->family == NULL && c->key_seq > 0 :
			c->family != NULL && strlen(c->family) == (size_t) (colon - iname) &&
			strncmp(c->family, iname, colon - iname) == 0)
			return c;
	}
	return NULL;
}

/*
 * Does an index keep a nullable column of this type as a DECIMAL that a
 * layout reads back, exactly and in the column's order?  Phoenix's DECIMAL
 * of an integer is the number (PDecimal.toObject, BigDecimal.valueOf(long)),
 * of a DATE or TIME its milliseconds, of a BOOLEAN 1 or 0 (BigDecimal.ONE,
 * ZERO), which phoenix_decimal(x), phoenix_decimal(epoch_ms(d)) and
 * phoenix_decimal(b) read.  Not a TIMESTAMP: its whole milliseconds only
 * (the nanoseconds' fraction is an integer division, 0), which a covered
 * read could not give back and an equality on the value could not find
 * without widening every bound to the millisecond; nor a FLOAT or DOUBLE:
 * BigDecimal.valueOf(double), whose exponent PDecimal.toBytes keeps only
 * within DECIMAL's range (1e300 is written as another number, out of
 * order), so that a range could miss rows.
 */
static bool
decimal_readable(int type)
{
	switch (type)
	{
		case PT_BIGINT:
		case PT_INTEGER:
		case PT_SMALLINT:
		case PT_TINYINT:
		case PT_UNSIGNED_LONG:
		case PT_UNSIGNED_INT:
		case PT_UNSIGNED_SMALLINT:
		case PT_UNSIGNED_TINYINT:
		case PT_DATE:
		case PT_TIME:
		case PT_UNSIGNED_DATE:
		case PT_UNSIGNED_TIME:
		case PT_BOOLEAN:
			return true;
	}
	return false;
}

/*
 * The rowkey layout of one index of t, over t's own column names, or NULL
 * with *why (a local index's: what follows the region's start key and its
 * id, local_id_text).  Phoenix's index key (IndexMaintainer.buildRowKey) is the
 * indexed columns in order, each with its own sort order, then the data
 * table's key columns not indexed, with the index's salt byte first when it
 * is salted; the separators as in a table's key (table_layout).  Phoenix
 * keeps a nullable fixed-width column in an index as a DECIMAL
 * (IndexUtil.getIndexColumnDataType, IndexMaintainer.buildRowKey's
 * coerceBytes), read by phoenix_decimal() of the integer or of the DATE's
 * epoch_ms (decimal_readable; an index keeping another type is not used).
 * An indexed column that is nullable (not one of the data table's key
 * columns) may be NULL with the data key after it: a VARCHAR's or
 * DECIMAL's NULL is no bytes then "\x00", also where a DESC value ends with
 * "\xff" (SchemaUtil.getSeparatorByte), which nullable(part) reads, NULLs
 * sorting first (the planner's key order knows it).
 */
static char *
index_layout(PhxTable *t, PhxTable *x, const char **why)
{
	List	   *keys = NIL;
	ListCell   *lc;

	foreach(lc, x->columns)
	{
		PhxColumn  *ic = lfirst(lc);
		PhxColumn  *dc;
		PhxColumn  *k;

		if (ic->family != NULL || ic->key_seq <= 0)
			continue;			/* a covered column: not needed to read data
								 * rows */
		if (x->index_type == PHX_INDEX_LOCAL && strcmp(ic->name, PHX_INDEX_ID_COLUMN) == 0)
			continue;			/* the index's id: local_id (local_id_text) */
		dc = indexed_column(t, ic->name);
		if (dc == NULL)
		{
			*why = psprintf("its key column \"%s\" is an expression or a column not imported",
							ic->name);
			return NULL;
		}
		if (dc->data_type != ic->data_type &&
			(ic->data_type != PT_DECIMAL || !decimal_readable(dc->data_type)))
		{
			*why = psprintf("it keeps column \"%s\" as Phoenix type %d, not as the table's type %d (a nullable fixed-width column becomes a DECIMAL in an index, read as integers, BOOLEAN's 0 and 1 and DATE or TIME milliseconds only%s)",
							dc->name, ic->data_type, dc->data_type,
							dc->data_type == PT_TIMESTAMP || dc->data_type == PT_UNSIGNED_TIMESTAMP ?
							"; a TIMESTAMP's DECIMAL holds its whole milliseconds, not the value" :
							dc->data_type == PT_FLOAT || dc->data_type == PT_DOUBLE ||
							dc->data_type == PT_UNSIGNED_FLOAT || dc->data_type == PT_UNSIGNED_DOUBLE ?
							"; a FLOAT's or DOUBLE's DECIMAL is wrong beyond DECIMAL's exponent range, out of the values' order" : "");
			return NULL;
		}
		k = palloc(sizeof(PhxColumn));
		*k = *ic;
		k->local = dc->local;
		k->size = dc->size;
		k->nullable = dc->family == NULL ? dc->nullable : false;
		k->decimal_of = dc->data_type != ic->data_type ? dc->data_type : 0;
		/* a NULL before the data key: no bytes, where no value is (see above) */
		k->index_null = dc->family != NULL && dc->nullable &&
			(ic->data_type == PT_DECIMAL || ic->data_type == PT_VARCHAR);
		keys = lappend(keys, k);
	}
	if (keys == NIL)
	{
		*why = "it has no key columns";
		return NULL;
	}
	list_sort(keys, by_key_seq);
	if (x->index_type == PHX_INDEX_LOCAL)
	{
		/* a local index's key has no salt byte (buildRowKey's isIndexSalted) */
		PhxTable	unsalted = *x;

		unsalted.salt_buckets = 0;
		return table_layout(&unsalted, keys, false, why);
	}
	return table_layout(x, keys, false, why);
}

/*
 * A local index's VIEW_INDEX_ID as the bytes Phoenix writes after each
 * region's start key (IndexMaintainer: viewIndexIdType.toBytes, a SMALLINT
 * or BIGINT by VIEW_INDEX_ID_DATA_TYPE, big-endian with the sign bit
 * flipped: -32768, the first local index of a table, is "\x00\x00"),
 * escaped for field local_id; NULL with *why for another type or none.
 * The catalog's cell starts with those bytes (Phoenix 5.2.1 writes a
 * SMALLINT's two, then a zero byte; MetaDataEndpointImpl.decodeViewIndexId
 * decodes the type's width from the cell's start): they are taken as they
 * are.
 */
static char *
local_id_text(PhxTable *x, const char **why)
{
	StringInfoData buf;
	int			n;
	int			i;

	if (x->view_index_id_type == PHX_TYPES_SMALLINT)
		n = 2;
	else if (x->view_index_id_type == PHX_TYPES_BIGINT)
		n = 8;
	else
	{
		*why = psprintf("its VIEW_INDEX_ID_DATA_TYPE %d is neither SMALLINT nor BIGINT",
						x->view_index_id_type);
		return NULL;
	}
	if (x->view_index_id == NULL || x->view_index_idlen < n)
	{
		*why = "it is a local index without a VIEW_INDEX_ID of its type";
		return NULL;
	}
	initStringInfo(&buf);
	for (i = 0; i < n; i++)
		appendStringInfo(&buf, "\\x%02x", (unsigned char) x->view_index_id[i]);
	return buf.data;
}

/*
 * Option phoenix_index_layouts of table t: its indexes that reads can use,
 * global and local, each as NAME (table 'T', rowkey 'L', cell 'C=F:Q' ...,
 * empty_column 'E'[, local_id 'I']), separated by "; ": the index's HBase
 * table (a local index's: the data table, data_physical), its key as a
 * layout over the foreign table's columns, its covered cells, its empty key
 * value column, and a local index's VIEW_INDEX_ID bytes.  NULL when none.
 * An index not active, on an expression, or whose key no layout reads is
 * left out with a NOTICE saying why (writes still name it in
 * phoenix_indexes).  tables: the schema's, the index tables among them.
 */
static char *
index_definitions(PhxTable *t, List *tables, HBaseServerOptions *sopts,
				  const char *data_physical)
{
	StringInfoData buf;
	ListCell   *lc;

	initStringInfo(&buf);
	foreach(lc, t->indexes)
	{
		const char *iname = lfirst(lc);
		PhxTable   *x = NULL;
		ListCell   *tc;
		const char *why = NULL;
		char	   *layout = NULL;
		char	   *local_id = NULL;
		char	   *physical;

		foreach(tc, tables)
		{
			PhxTable   *o = lfirst(tc);

			if (o->type == 'i' && strcmp(o->name, iname) == 0 && strcmp(o->schema, t->schema) == 0)
				x = o;
		}
		if (x == NULL)
			continue;
		if (x->index_type != PHX_INDEX_GLOBAL && x->index_type != PHX_INDEX_LOCAL)
			why = psprintf("its INDEX_TYPE %d is neither global nor local", x->index_type);
		else if (x->index_state != 'a')
			why = psprintf("it is not active (INDEX_STATE '%c')", x->index_state);
		else
		{
			if (x->index_type == PHX_INDEX_LOCAL)
				local_id = local_id_text(x, &why);
			if (x->index_type != PHX_INDEX_LOCAL || local_id != NULL)
				layout = index_layout(t, x, &why);
		}
		if (layout == NULL)
		{
			ereport(NOTICE,
					(errmsg("Phoenix index \"%s\" of table \"%s\" is not used for reads", iname, t->name),
					 errdetail("Reads use an index whose key a rowkey layout reads; %s.", why)));
			continue;
		}

		/*
		 * a local index's rows sit in the data table itself, each key the
		 * region's start key (zeros as long as its end key in the first
		 * region), local_id, then the index key (IndexMaintainer.buildRowKey,
		 * phoenix-core 5.2), in families L#<family>
		 */
		if (local_id != NULL)
			physical = pstrdup(data_physical);
		else
			physical = t->schema[0] == '\0' ? x->name :
				psprintf("%s%c%s", x->schema, x->namespace_mapped ? ':' : '.', x->name);
		if (buf.len > 0)
			appendStringInfoString(&buf, "; ");
		appendStringInfo(&buf, "%s (", full_name(t->schema, iname));
		append_index_value(&buf, "table", hbase_declared_table_name(sopts->ns, physical), false);
		append_index_value(&buf, "rowkey", layout, false);
		append_index_cells(&buf, t, x);
		append_index_value(&buf, "empty_column",
						   psprintf("%s:%s", index_family(x, empty_family(x)),
									x->encoding_scheme != 0 ? "\\x00\\x00\\x00\\x00" : "_0"),
						   local_id == NULL);
		if (local_id != NULL)
			append_index_value(&buf, "local_id", local_id, true);
	}
	return buf.len > 0 ? buf.data : NULL;
}

/*
 * The CREATE FOREIGN TABLE of one Phoenix table: key columns decoded from the
 * rowkey by a layout (or, when a key type has no part in the grammar, the raw
 * key as "rowkey"), the other columns as cells of encoding 'phoenix'.
 */
static char *
create_statement(ForeignServer *server, PhxTable *t, List *indexes, List *tables)
{
	char	   *layouts;
	StringInfoData buf;
	StringInfoData cols;
	List	   *keys = NIL;
	List	   *others = NIL;
	ListCell   *lc;
	const char *why = NULL;
	char	   *layout;
	char	   *physical;
	HBaseServerOptions sopts;

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
	if (!t->named)
		assign_names(t, list_concat_copy(keys, others));
	if (t->raw_key)
		why = "a key column whose name is not imported";
	layout = t->layout ? t->layout : keys && !t->raw_key ? table_layout(t, keys, false, &why) : NULL;

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
		const char *type = column_type(c, &ptype);

		/* the key part decodes it: no cell encoding */
		appendStringInfo(&cols, "%s  %s %s", cols.len ? ",\n" : "",
						 quote_identifier(c->local), type);
		/* a CHAR(n) key column: single-byte characters only, checked on write */
		if (ptype && strcmp(ptype, "CHAR") == 0)
			appendStringInfoString(&cols, " OPTIONS (phoenix_type 'CHAR')");
		/* Phoenix's ROW_TIMESTAMP: its value stamps the row's cells */
		else if (c->row_timestamp)
			appendStringInfoString(&cols, " OPTIONS (row_timestamp 'true')");
		/* text in the key sorts as its bytes: ranges and ORDER BY use the key */
		if (type && (strcmp(type, "text") == 0 || strncmp(type, "varchar", 7) == 0))
			appendStringInfoString(&cols, " COLLATE \"C\"");
	}
	foreach(lc, others)
	{
		PhxColumn  *c = lfirst(lc);
		const char *ptype;
		const char *type = column_type(c, &ptype);
		char	   *spec;

		int			element = 0;

		if (c->skipped)
			continue;
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
						 quote_identifier(c->local), type, quote_literal_cstr(spec));
		if (ptype)
			appendStringInfo(&cols, ", phoenix_type %s", quote_literal_cstr(ptype));
		if (element > 0)
			appendStringInfo(&cols, ", phoenix_element '%d'", element);
		appendStringInfoChar(&cols, ')');
	}
	hbase_server_options(server, &sopts);
	physical = t->physical ? t->physical : t->schema[0] == '\0' ? t->name :
		psprintf("%s%c%s", t->schema, t->namespace_mapped ? ':' : '.', t->name);
	/* the table's options after "table" (hbase_import_statement) */
	initStringInfo(&buf);
	appendStringInfoString(&buf, ", encoding 'phoenix'");
	if (layout)
		appendStringInfo(&buf, ", rowkey %s", quote_literal_cstr(layout));
	if (layout && (t->multi_tenant || t->view_adds_keys) && key_extensible(keys))
		appendStringInfoString(&buf, ", rowkey_extra 'ignore'");
	appendStringInfo(&buf, ", empty_column %s",
					 quote_literal_cstr(psprintf("%s:%s", t->empty_family,
												 t->encoding_scheme != 0 ? "\\x00\\x00\\x00\\x00" : "_0")));
	if (indexes != NIL)
	{
		StringInfoData names;

		initStringInfo(&names);
		foreach(lc, indexes)
			appendStringInfo(&names, "%s%s", names.len ? ", " : "", (char *) lfirst(lc));
		appendStringInfo(&buf, ", phoenix_indexes %s", quote_literal_cstr(names.data));
		ereport(NOTICE,
				(errmsg("Phoenix table \"%s\" has secondary indexes: its foreign table is read only", t->name),
				 errdetail("Phoenix maintains %s on the table's rows; writes that do not go through Phoenix would leave %s stale.",
						   names.data, list_length(indexes) > 1 ? "them" : "it")));
	}
	layouts = layout ? index_definitions(t, tables, &sopts, physical) : NULL;
	if (layouts)
		appendStringInfo(&buf, ", phoenix_index_layouts %s", quote_literal_cstr(layouts));
	return hbase_import_statement(local_name(t->name), cols.data, server, physical, buf.data);
}

/* a Phoenix full name: schema.name, or name in the default schema */
static char *
full_name(const char *schema, const char *name)
{
	return schema[0] ? psprintf("%s.%s", schema, name) : pstrdup(name);
}

/* is name one of table t's own key columns? */
static bool
table_key_named(PhxTable *t, const char *name)
{
	ListCell   *lc;

	foreach(lc, t->columns)
	{
		PhxColumn  *c = lfirst(lc);

		if (c->family == NULL && c->key_seq > 0 && strcmp(c->name, name) == 0)
			return true;
	}
	return false;
}

/*
 * The indexes whose rows a write to table t would have Phoenix change: its
 * own (its catalog rows link them, LINK_TYPE 1) and those of the views over
 * it, at any depth, tenants' views too, since a view's rows are the table's
 * (Phoenix keeps a view's index in the table's _IDX_ companion table).
 * SYSTEM.CHILD_LINK names each view of a table or view (key: parent tenant,
 * schema, name, child tenant, the child's full name); a view's own catalog
 * rows link its indexes.  Without SYSTEM.CHILD_LINK (Phoenix before 4.15,
 * which linked views in SYSTEM.CATALOG) only the table's own are found.
 */
static List *
table_indexes(HBaseConn *conn, HBaseTable *cat, HBaseTable *links, PhxTable *t)
{
	List	   *indexes = NIL;
	List	   *queue;
	ListCell   *lc;
	int			seen = 0;

	foreach(lc, t->indexes)
		indexes = lappend(indexes, full_name(t->schema, lfirst(lc)));
	if (links == NULL)
		return indexes;
	/* (tenant, schema, name) of the tables and views to look under */
	queue = list_make1(list_make3("", t->schema, t->name));
	while (queue != NIL && seen < PHX_MAX_VIEWS)
	{
		List	   *parent = linitial(queue);
		const char *pf[3] = {linitial(parent), lsecond(parent), lthird(parent)};
		ListCell   *rc;

		queue = list_delete_first(queue);
		foreach(rc, prefix_rows(conn, links, 3, pf))
		{
			char	   *f[5];
			int			n;
			char	   *dot;
			const char *vf[4];
			ListCell   *ic;

			key_fields(lfirst(rc), f, &n);
			if (n != 5 || f[4][0] == '\0' || ++seen > PHX_MAX_VIEWS)
				continue;
			/* the child's full name: schema.view (its first dot), or view */
			dot = strchr(f[4], '.');
			vf[0] = f[3];
			vf[1] = dot ? pnstrdup(f[4], dot - f[4]) : "";
			vf[2] = dot ? dot + 1 : f[4];
			/* the view's rows: its links (to its indexes) and its columns */
			foreach(ic, prefix_rows(conn, cat, 3, vf))
			{
				char	   *g[5];
				int			m;

				key_fields(lfirst(ic), g, &m);
				if (m == 5 && g[3][0] == '\0' && link_type(lfirst(ic)) == PHX_LINK_INDEX)
					indexes = lappend(indexes, f[3][0] ?
									  psprintf("%s (of tenant %s)", full_name(vf[1], g[4]), f[3]) :
									  full_name(vf[1], g[4]));
				else if (m >= 4 && g[3][0] != '\0' && (m == 4 || g[4][0] == '\0') &&
						 int_cell(lfirst(ic), "KEY_SEQ", 0) > 0 && !table_key_named(t, g[3]))
					t->view_adds_keys = true;
			}
			queue = lappend(queue, list_make3(f[3], (char *) vf[1], (char *) vf[2]));
		}
	}
	return indexes;
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
	if (!hbase_import_family_ok(t->empty_family, owner))
	{
		ereport(NOTICE,
				(errmsg("Phoenix table \"%s\" is not imported", hbase_printable_key(t->name, strlen(t->name))),
				 errdetail("The column family of its empty key value cell is not imported.")));
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

/* a NOTICE naming the tables of LIMIT TO that the schema does not have */
static void
missing_listed(ImportForeignSchemaStmt *stmt, List *tables)
{
	StringInfoData missing;
	ListCell   *lc,
			   *tc;

	if (stmt->list_type != FDW_IMPORT_SCHEMA_LIMIT_TO)
		return;
	initStringInfo(&missing);
	foreach(lc, stmt->table_list)
	{
		const char *name = ((RangeVar *) lfirst(lc))->relname;
		bool		found = false;

		foreach(tc, tables)
		{
			const char *tname = ((PhxTable *) lfirst(tc))->name;

			/* a name not valid here is skipped later, with its own NOTICE */
			if (pg_verify_mbstr(GetDatabaseEncoding(), tname, strlen(tname), true) &&
				strcmp(local_name(tname), name) == 0)
				found = true;
		}
		if (!found)
			appendStringInfo(&missing, "%s\"%s\"", missing.len ? ", " : "", name);
	}
	if (missing.len)
		ereport(NOTICE,
				(errmsg("LIMIT TO names tables that Phoenix schema \"%s\" does not have: %s",
						stmt->remote_schema, missing.data),
				 errhint("LIMIT TO takes the local names: Phoenix's upper-case names in lower case.")));
}

/* bytes as a literal of the layout grammar: "...", \xNN for all but letters and digits */
static char *
layout_literal(const char *s, int len)
{
	StringInfoData buf;
	int			i;

	initStringInfo(&buf);
	appendStringInfoChar(&buf, '"');
	for (i = 0; i < len; i++)
	{
		unsigned char b = (unsigned char) s[i];

		if ((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9'))
			appendStringInfoChar(&buf, b);
		else
			appendStringInfo(&buf, "\\x%02x", b);
	}
	appendStringInfoChar(&buf, '"');
	return buf.data;
}

/* a column of cols by name and family (NULL: a key column) */
static PhxColumn *
find_column(List *cols, const PhxColumn *c)
{
	ListCell   *lc;

	foreach(lc, cols)
	{
		PhxColumn  *o = lfirst(lc);

		if (strcmp(o->name, c->name) == 0 &&
			((o->family == NULL) == (c->family == NULL)) &&
			(o->family == NULL || strcmp(o->family, c->family) == 0))
			return o;
	}
	return NULL;
}

/*
 * A tenant's view as a table of its own (IMPORT option tenant): the
 * physical table, families and encodings of its parent table; its columns
 * the parent's (but the tenant id, which the tenant's connection fixes and
 * Phoenix does not show) and those the view adds (Phoenix's catalog holds a
 * view's own columns only); its key the parent's with the tenant id as a
 * literal (a VARCHAR's bytes and separator, a CHAR(n)'s padded ones), so the
 * view reads only its tenant's rows, then the key columns the view adds as
 * an optional group: the tenant's rows of the table itself, which end
 * before them, are the view's too, with those columns NULL, as Phoenix shows
 * them.  NULL with *why when the view is not one this reads as Phoenix does
 * (a WHERE clause, a view of a view, a tenant id of another type).
 */
static PhxTable *
tenant_view_table(PhxTable *view, List *tables, const char *tenant, PhxTable **parentp,
				  const char **why)
{
	PhxTable   *parent = NULL;
	PhxTable   *t;
	List	   *pkeys = NIL;
	List	   *vkeys = NIL;
	List	   *cols = NIL;
	ListCell   *lc;
	StringInfoData layout;
	PhxTable	bare;
	char	   *part;
	const char *w;

	foreach(lc, tables)
	{
		PhxTable   *p = lfirst(lc);

		if (view->parent && strcmp(full_name(p->schema, p->name), view->parent) == 0)
			parent = p;
	}
	if (parent == NULL || parent->type != 'u')
	{
		*why = "Its parent is not a table of the schema (a view of a view, or of another schema's table).";
		return NULL;
	}
	for (w = view->view_statement; w && *w; w++)
		if (pg_strncasecmp(w, "where", 5) == 0)
		{
			*why = "It has a WHERE clause, which the foreign table would not apply.";
			return NULL;
		}
	foreach(lc, parent->columns)
	{
		PhxColumn  *c = lfirst(lc);

		if (c->family == NULL && c->key_seq > 0)
			pkeys = lappend(pkeys, c);
		else
			cols = lappend(cols, c);
	}
	list_sort(pkeys, by_key_seq);
	foreach(lc, view->columns)
	{
		PhxColumn  *c = lfirst(lc);

		if (find_column(parent->columns, c))
			continue;
		if (c->family == NULL && c->key_seq > 0)
			vkeys = lappend(vkeys, c);
		else
			cols = lappend(cols, c);
	}
	list_sort(vkeys, by_key_seq);
	/* the layout names the columns by their local names */
	bare = *parent;
	bare.name = view->name;
	list_sort(cols, by_ordinal);
	assign_names(&bare, list_concat(list_concat_copy(pkeys, vkeys), cols));
	bare.salt_buckets = 0;
	initStringInfo(&layout);
	if (parent->salt_buckets > 0)
		appendStringInfo(&layout, "salt(%d) + ", parent->salt_buckets);
	if (parent->multi_tenant && pkeys != NIL)
	{
		PhxColumn  *tc = linitial(pkeys);
		int			len = strlen(tenant);

		if (tc->sort_order == PHX_SORT_DESC ||
			(tc->data_type != PT_VARCHAR && tc->data_type != PT_CHAR) ||
			list_length(pkeys) < 2 || (tc->data_type == PT_CHAR && len > tc->size))
		{
			*why = "Its table's tenant id column is not an ascending VARCHAR or CHAR(n) the tenant id fits in.";
			return NULL;
		}
		if (tc->data_type == PT_VARCHAR)
			appendStringInfo(&layout, "%s + ", layout_literal(psprintf("%s%c", tenant, '\0'), len + 1));
		else
		{
			char	   *padded = palloc(tc->size);

			memset(padded, ' ', tc->size);
			memcpy(padded, tenant, len);
			appendStringInfo(&layout, "%s + ", layout_literal(padded, tc->size));
		}
		pkeys = list_delete_first(pkeys);
	}
	if ((part = table_layout(&bare, pkeys, false, why)) == NULL)
		return NULL;
	appendStringInfoString(&layout, part);
	if (vkeys != NIL)
	{
		if (!key_extensible(pkeys) || (part = table_layout(&bare, vkeys, true, why)) == NULL)
		{
			if (*why == NULL)
				*why = "Its table's key ends with a variable-width column.";
			return NULL;
		}
		appendStringInfo(&layout, " + [%s]", part);
	}
	t = palloc(sizeof(PhxTable));
	*t = *parent;
	t->name = view->name;
	t->schema = view->schema;
	t->type = 'v';
	t->columns = list_concat(list_concat_copy(pkeys, vkeys), cols);
	t->layout = layout.data;
	t->physical = parent->schema[0] == '\0' ? parent->name :
		psprintf("%s%c%s", parent->schema, parent->namespace_mapped ? ':' : '.', parent->name);
	t->multi_tenant = t->view_adds_keys = false;
	t->named = true;
	t->empty_family = empty_family(parent);
	*parentp = parent;
	return t;
}

/*
 * IMPORT ... OPTIONS (phoenix 'true', tenant 'id'): the tenant's views of
 * the schema, each a foreign table (tenant_view_table) on its table's rows;
 * read only when the table has indexes, as the table's own foreign table.
 */
static List *
import_tenant_views(ImportForeignSchemaStmt *stmt, ForeignServer *server, HBaseConn *conn,
					HBaseTable *cat, const char *schema, const char *tenant)
{
	const char *fields[] = {tenant, schema};
	List	   *tables = catalog_tables(catalog_rows(conn, cat, schema), "");
	HBaseTable *links = system_table(conn, "CHILD_LINK");
	List	   *commands = NIL;
	ListCell   *lc;

	foreach(lc, catalog_tables(prefix_rows(conn, cat, 2, fields), tenant))
	{
		PhxTable   *v = lfirst(lc);
		PhxTable   *parent = NULL;
		PhxTable   *t;
		const char *why = NULL;

		if (v->type != 'v' ||
			!hbase_import_name_ok(stmt, v->name, strlen(v->name), "Phoenix view", NULL) ||
			!hbase_import_wanted(stmt, local_name(v->name)))
			continue;
		t = tenant_view_table(v, tables, tenant, &parent, &why);
		if (t == NULL)
		{
			ereport(NOTICE,
					(errmsg("Phoenix view \"%s\" of tenant \"%s\" is not imported", v->name, tenant),
					 errdetail("%s", why)));
			continue;
		}
		if (!phoenix_names_ok(t))
			continue;
		commands = lappend(commands, create_statement(server, t, table_indexes(conn, cat, links, parent), NIL));
	}
	hbase_import_check_count(list_length(commands));
	return commands;
}

/*
 * IMPORT FOREIGN SCHEMA "schema" FROM SERVER s INTO local OPTIONS (phoenix
 * 'true'): a foreign table per Phoenix table of the schema ("default": the
 * tables without a schema).  Views, indexes and system tables are left out;
 * a table with indexes (its own or its views') is read only.
 */
List *
hbase_phoenix_import(ImportForeignSchemaStmt *stmt, ForeignServer *server, HBaseConn *conn)
{
	const char *schema = strcmp(stmt->remote_schema, "default") == 0 ? "" : stmt->remote_schema;
	HBaseTable *cat = catalog_table(conn);
	HBaseTable *links = NULL;
	bool		looked = false;
	List	   *commands = NIL;
	List	   *tables;
	ListCell   *lc;

	catalog_kept = 0;			/* a new IMPORT */
	foreach(lc, stmt->options)
	{
		DefElem    *def = lfirst(lc);

		if (strcmp(def->defname, "tenant") == 0)
			return import_tenant_views(stmt, server, conn, cat, schema, defGetString(def));
	}
	tables = catalog_tables(catalog_rows(conn, cat, schema), "");
	if (tables == NIL)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_SCHEMA_NOT_FOUND),
				 errmsg("Apache Phoenix has no tables in schema \"%s\"", stmt->remote_schema),
				 errhint("Phoenix folds unquoted names to upper case: a schema created as sales is \"SALES\"; tables without a schema are in \"default\".")));
	missing_listed(stmt, tables);
	foreach(lc, tables)
	{
		PhxTable   *t = lfirst(lc);

		if (t->type == 'v' && stmt->list_type == FDW_IMPORT_SCHEMA_LIMIT_TO &&
			hbase_import_wanted(stmt, local_name(t->name)))
			ereport(NOTICE,
					(errmsg("Phoenix view \"%s\" is not imported", t->name),
					 errdetail("IMPORT FOREIGN SCHEMA imports Phoenix's tables; a view's rows are those of its table that its WHERE clause selects."),
					 errhint("Import the view's table and select its rows with the view's condition.")));
		if (t->type != 'u')
			continue;
		t->empty_family = empty_family(t);
		if (!hbase_import_name_ok(stmt, t->name, strlen(t->name), "Phoenix table", NULL) ||
			!hbase_import_wanted(stmt, local_name(t->name)) ||
			!phoenix_names_ok(t))
			continue;
		if (!looked)
		{
			links = system_table(conn, "CHILD_LINK");
			looked = true;
		}
		commands = lappend(commands, create_statement(server, t, table_indexes(conn, cat, links, t), tables));
	}
	hbase_import_check_count(list_length(commands));
	return commands;
}
