/*
 * phoenix_index.c: the Phoenix indexes a foreign table's reads can go
 * through (option phoenix_index_layouts, which IMPORT writes from Phoenix's
 * catalog, sql/phoenix_catalog.c): global ones, and local ones (field
 * local_id: their rows in the data table itself, under each region's start
 * key and that id, which exec/index_scan.c strips before the index key is
 * decoded by the index's layout).
 *
 * Owns the option's syntax and what an index is to the layers above: an
 * HBaseTable of its own over the index's HBase table, with the foreign
 * table's columns (same attnums) and the index's key as its rowkey layout,
 * every column the layout does not name marked dropped, but its covered
 * cells (field cell; field element the place of a value in the one cell
 * per family of an index stored as SINGLE_CELL_ARRAY_WITH_OFFSETS), cells
 * of the index's table.  So the key conditions, the key plan and the scan
 * of the index are those of any table, a row of
 * the index decodes into the data table's key columns, from which the data
 * row's key is encoded (hbase_encode_key of the data table), and a query of
 * the index's columns only reads the index alone.  Only catalog access:
 * never talks to HBase.
 */
#include "postgres.h"

#include <limits.h>

#include "lib/stringinfo.h"

#include "datum_int.h"

/*
 * the option's parser: NAME (table 'T', rowkey 'L', cell 'C=F:Q' ...,
 * element 'C=N' ..., empty_column 'E'[, local_id 'I']) [; ...]
 */
typedef struct IndexParser
{
	const char *p;
	const char *relname;
} IndexParser;

static void
parse_error(IndexParser *ps, const char *what)
{
	ereport(ERROR,
			(errcode(ERRCODE_FDW_INVALID_ATTRIBUTE_VALUE),
			 errmsg("invalid option \"phoenix_index_layouts\" of foreign table %s: %s",
					ps->relname, what),
			 errdetail("Each index is written NAME (table 'T', rowkey 'LAYOUT', cell 'COLUMN=FAMILY:QUALIFIER' ..., element 'COLUMN=N' ..., empty_column 'FAMILY:QUALIFIER'[, local_id 'BYTES']), indexes separated by \";\"; IMPORT FOREIGN SCHEMA writes it."),
			 errhint("Import the table again, or drop the option: ALTER FOREIGN TABLE %s OPTIONS (DROP phoenix_index_layouts).",
					 ps->relname)));
}

static void
skip_space(IndexParser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')
		ps->p++;
}

/* a quoted value, a quote doubled inside */
static char *
quoted(IndexParser *ps)
{
	StringInfoData buf;

	skip_space(ps);
	if (*ps->p != '\'')
		parse_error(ps, "a value is not quoted");
	ps->p++;
	initStringInfo(&buf);
	for (;;)
	{
		if (*ps->p == '\0')
			parse_error(ps, "a quoted value does not end");
		if (*ps->p == '\'' && ps->p[1] != '\'')
			break;
		if (*ps->p == '\'')
			ps->p++;
		appendStringInfoChar(&buf, *ps->p++);
	}
	ps->p++;
	return buf.data;
}

/*
 * Field local_id of a local index: its VIEW_INDEX_ID's bytes as Phoenix
 * writes them after each region's start key (IndexMaintainer.buildRowKey),
 * escaped as a qualifier is ("\x00\x00"), one byte at least.
 */
static void
local_id(IndexParser *ps, HBaseReadIndex *ix, const char *text)
{
	HBaseColumn bytes;

	hbase_set_colspec(&bytes, psprintf("L:%s", text));
	ix->local_idlen = bytes.speclen - 2;
	if (ix->local_idlen <= 0)
		parse_error(ps, "a local_id is empty");
	ix->local_id = bytes.colspec + 2;
}

/*
 * The indexes the option names, each an HBaseReadIndex with its name and
 * its HBase table, layout and empty column as written (no table built).
 * An error names what is wrong.
 */
static List *
parse_index_layouts(const char *text, const char *relname)
{
	IndexParser ps = {text, relname};
	List	   *out = NIL;

	skip_space(&ps);
	while (*ps.p)
	{
		HBaseReadIndex *ix = palloc0(sizeof(HBaseReadIndex));
		const char *start = ps.p;

		while (*ps.p && *ps.p != '(' && *ps.p != ' ')
			ps.p++;
		if (ps.p == start)
			parse_error(&ps, "an index has no name");
		ix->name = pnstrdup(start, ps.p - start);
		skip_space(&ps);
		if (*ps.p++ != '(')
			parse_error(&ps, "an index name is not followed by \"(\"");
		for (;;)
		{
			const char *key;
			int			len;

			skip_space(&ps);
			key = ps.p;
			while (*ps.p == '_' || (*ps.p >= 'a' && *ps.p <= 'z'))
				ps.p++;
			len = ps.p - key;
			if (len == 5 && strncmp(key, "table", 5) == 0)
				ix->hbase_table = quoted(&ps);
			else if (len == 6 && strncmp(key, "rowkey", 6) == 0)
				ix->rowkey = quoted(&ps);
			else if (len == 12 && strncmp(key, "empty_column", 12) == 0)
				ix->empty_column = quoted(&ps);
			else if (len == 4 && strncmp(key, "cell", 4) == 0)
				ix->cells = lappend(ix->cells, quoted(&ps));
			else if (len == 7 && strncmp(key, "element", 7) == 0)
				ix->elements = lappend(ix->elements, quoted(&ps));
			else if (len == 8 && strncmp(key, "local_id", 8) == 0)
				local_id(&ps, ix, quoted(&ps));
			else
				parse_error(&ps, "unknown field (table, rowkey, cell, element, empty_column and local_id are known)");
			skip_space(&ps);
			if (*ps.p == ',')
			{
				ps.p++;
				continue;
			}
			if (*ps.p++ != ')')
				parse_error(&ps, "an index's fields do not end with \")\"");
			break;
		}
		if (ix->hbase_table == NULL || ix->rowkey == NULL || ix->empty_column == NULL)
			parse_error(&ps, psprintf("index %s lacks one of table, rowkey and empty_column",
									  ix->name));
		out = lappend(out, ix);
		skip_space(&ps);
		if (*ps.p == ';')
			ps.p++;
		else if (*ps.p != '\0')
			parse_error(&ps, "indexes are not separated by \";\"");
		skip_space(&ps);
	}
	return out;
}

/*
 * Field element 'COLUMN=N' of index ix: its covered cell of COLUMN (field
 * cell) is the one cell per family of an index stored as
 * SINGLE_CELL_ARRAY_WITH_OFFSETS (qualifier "1", Phoenix's
 * SINGLE_KEYVALUE_COLUMN_QUALIFIER), the column's value its element N (the
 * index's own encoded qualifier of the column minus 10), decoded as a data
 * table's phoenix_element is (convert.c).  An element of no covered cell,
 * or N not from 1, is an error: the index would be read wrong.
 */
static void
covered_element(HBaseTable *x, HBaseReadIndex *ix, const char *relname, const char *text)
{
	const char *eq = strchr(text, '=');
	char	   *end;
	long		n;
	int			i;

	n = eq ? strtol(eq + 1, &end, 10) : 0;
	if (eq == NULL || eq[1] < '0' || eq[1] > '9' || *end != '\0' || n < 1 || n > INT_MAX / 4)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_ATTRIBUTE_VALUE),
				 errmsg("invalid option \"phoenix_index_layouts\" of foreign table %s: element \"%s\" of index %s is not COLUMN=N",
						relname, text, ix->name),
				 errdetail("N is the place of the column's value in the index's SINGLE_CELL_ARRAY_WITH_OFFSETS cell, from 1 (its encoded column qualifier minus 10).")));
	for (i = 0; i < x->natts; i++)
		if (!x->columns[i].dropped && x->columns[i].kind == HBASE_COL_CELL &&
			x->columns[i].colspec != NULL &&
			strlen(x->columns[i].attname) == (size_t) (eq - text) &&
			strncmp(x->columns[i].attname, text, eq - text) == 0)
		{
			if (x->columns[i].encoding != HBASE_ENC_PHOENIX)
				break;
			x->columns[i].element = (int) n;
			return;
		}
	ereport(ERROR,
			(errcode(ERRCODE_FDW_INVALID_ATTRIBUTE_VALUE),
			 errmsg("invalid option \"phoenix_index_layouts\" of foreign table %s: element \"%s\" of index %s names no covered cell of encoding 'phoenix'",
					relname, text, ix->name),
			 errdetail("An element is a column's value inside the index's one cell of a family, which field cell names.")));
}

/*
 * The table of one index: t's columns (copied), the index's HBase table and
 * key layout; the columns the layout names are its key parts, the others
 * dropped (an index read gives only the data rows' keys).  Its layout's
 * errors name the foreign table and the index.
 */
static HBaseTable *
index_table(HBaseTable *t, HBaseReadIndex *ix, const char *ns)
{
	HBaseTable *x = palloc(sizeof(HBaseTable));
	ListCell   *lc;
	int			i;

	*x = *t;
	x->relname = psprintf("%s (Phoenix index %s)", t->relname, ix->name);
	x->hbase_table = ix->hbase_table;
	hbase_check_table_name(x->hbase_table, NULL);
	x->remote_table = hbase_remote_table_name(ns, x->hbase_table);
	x->rowkey = ix->rowkey;
	x->rowkey_implicit = false;
	x->rowkey_extra = false;
	x->row_timestamp = -1;
	x->versions = 0;
	x->pushdown = true;			/* the data table's decides whether it is used */
	x->read_indexes = NIL;
	x->empty_column = palloc0(sizeof(HBaseColumn));
	x->empty_column->attname = "empty_column";
	x->empty_column->kind = HBASE_COL_CELL;
	hbase_set_colspec(x->empty_column, pstrdup(ix->empty_column));
	x->columns = palloc(sizeof(HBaseColumn) * Max(t->natts, 1));
	for (i = 0; i < t->natts; i++)
	{
		x->columns[i] = t->columns[i];
		x->columns[i].kind = HBASE_COL_CELL;
		x->columns[i].colspec = NULL;
		x->columns[i].speclen = x->columns[i].famlen = 0;
		x->columns[i].element = 0;
	}
	hbase_table_layout(x);
	x->read_empty_column = true;
	/* the covered cells: the index's own cell of each */
	foreach(lc, ix->cells)
	{
		char	   *c = lfirst(lc);
		char	   *eq = strchr(c, '=');

		for (i = 0; eq && i < t->natts; i++)
			if (!x->columns[i].dropped && x->columns[i].kind != HBASE_COL_KEYPART &&
				strlen(x->columns[i].attname) == (size_t) (eq - c) &&
				strncmp(x->columns[i].attname, c, eq - c) == 0)
			{
				hbase_set_colspec(&x->columns[i], pstrdup(eq + 1));
			}
	}
	foreach(lc, ix->elements)
		covered_element(x, ix, t->relname, lfirst(lc));
	for (i = 0; i < t->natts; i++)
	{
		/* a covered cell (colspec set) stays a cell of the index */
		if (x->columns[i].kind == HBASE_COL_CELL && x->columns[i].colspec != NULL)
			continue;
		if (x->columns[i].kind != HBASE_COL_KEYPART)
			x->columns[i].dropped = true;
		else if (t->columns[i].kind == HBASE_COL_KEYPART)
			continue;
		/* every key column of the table: the data row's key comes from the index row's */
		if (!t->columns[i].dropped && t->columns[i].kind == HBASE_COL_KEYPART)
			ereport(ERROR,
					(errcode(ERRCODE_FDW_INVALID_ATTRIBUTE_VALUE),
					 errmsg("the rowkey of Phoenix index %s of foreign table %s lacks key column \"%s\"",
							ix->name, t->relname, t->columns[i].attname),
					 errdetail("Phoenix's index key ends with the data table's key columns, from which the data row is read.")));
	}
	return x;
}

/*
 * Reads option phoenix_index_layouts into t->read_indexes, each index with
 * its table (index_table).  Only a table with a layout can use one: the
 * data rows' keys are encoded by it.
 */
void
hbase_phoenix_read_indexes(HBaseTable *t, const char *text, const char *ns)
{
	ListCell   *lc;

	t->read_indexes = parse_index_layouts(text, t->relname);
	if (t->layout == NULL || t->rowkey_implicit)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_OPTION_NAME),
				 errmsg("option \"phoenix_index_layouts\" of foreign table %s needs a rowkey layout",
						t->relname),
				 errdetail("A row found in an index is read back by its data table key, which the table's layout encodes.")));
	foreach(lc, t->read_indexes)
	{
		HBaseReadIndex *ix = lfirst(lc);

		ix->table = index_table(t, ix, ns);
	}
}
