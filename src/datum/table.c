/*
 * table.c: a foreign table as the catalog defines it, parsed and checked
 * (hbase_build_table: its options, columns and compiled rowkey layout), and
 * cached per relation until the catalog says it changed (hbase_get_table).
 *
 * Only catalog access: never talks to HBase.  Every layer from here up
 * reads tables through hbase_get_table; the option values are parsed by
 * wire/option_values.c, the same parsers the validator uses.  Moved out of
 * sql/options.c so that execution does not call up into sql/.
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "access/table.h"
#include "access/xact.h"
#include "catalog/pg_type.h"
#include "commands/defrem.h"
#include "foreign/foreign.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/hsearch.h"
#include "utils/inval.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/rel.h"
#include "utils/syscache.h"

#include "datum.h"
#include "phoenix.h"

/* GUC hbase_fdw.enable_pushdown (options.c defines it): applied by hbase_get_table */
bool		hbase_enable_pushdown = true;

/*
 * A row_timestamp column (Phoenix's ROW_TIMESTAMP) gives the timestamp of
 * every cell of its row: a key part (the key holds it, so the row's
 * timestamp is known from its key alone) of a type that is a point in time
 * or epoch milliseconds.
 */
static void
check_row_timestamp(HBaseTable *table, HBaseColumn *col)
{
	if (col->kind != HBASE_COL_KEYPART || table->rowkey_implicit)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_OPTION_NAME),
				 errmsg("row_timestamp column \"%s\" of foreign table %s is not a part of the rowkey layout",
						col->attname, table->relname),
				 errdetail("A row's cells are stamped with the value of its row_timestamp column, which the rowkey holds.")));
	if (col->atttypid != TIMESTAMPOID && col->atttypid != TIMESTAMPTZOID &&
		col->atttypid != DATEOID && col->atttypid != INT8OID)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_DATA_TYPE),
				 errmsg("row_timestamp column \"%s\" of foreign table %s has type %s",
						col->attname, table->relname, format_type_be(col->atttypid)),
				 errdetail("A row timestamp is a timestamp, timestamptz, date or bigint (epoch milliseconds).")));
}

/*
 * text_width names the digits of an integer written as text in a cell:
 * another type, encoding or kind of column has no such text.
 */
static void
check_text_width(HBaseTable *table, HBaseColumn *col)
{
	if (!hbase_is_int_type(col->atttypid))
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_DATA_TYPE),
				 errmsg("option \"text_width\" of column \"%s\" of foreign table %s needs an integer column",
						col->attname, table->relname),
				 errdetail("Its type is %s; text_width is for smallint, integer and bigint columns stored as zero-padded digits.",
						   format_type_be(col->atttypid))));
	if (col->kind != HBASE_COL_CELL || col->encoding != HBASE_ENC_TEXT)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_OPTION_NAME),
				 errmsg("option \"text_width\" of column \"%s\" of foreign table %s needs a cell of encoding 'text'",
						col->attname, table->relname),
				 errdetail("text_width is the number of digits of the text of a cell; %s.",
						   col->kind != HBASE_COL_CELL ? "the column does not map one cell" :
						   col->encoding == HBASE_ENC_BINARY ? "the column's encoding is 'binary'" :
						   "the column's encoding is 'phoenix'")));
}

/*
 * The mapping of a foreign table from the catalog, parsed and checked: its
 * options, columns and compiled rowkey layout.  pushdown holds the options
 * only (hbase_get_table applies the GUC).  Uncached: the DDL check uses it.
 * Only catalog access: never talks to HBase.  One function of four steps in
 * order (table options, each column's options, the layout, which marks the
 * key columns, then the checks across columns), because each step reads
 * what the one before decided and the errors must come in that order.
 */
HBaseTable *
hbase_build_table(Oid relid)
{
	ForeignTable *ft = GetForeignTable(relid);
	ForeignServer *server = GetForeignServer(ft->serverid);
	HBaseTable *table = palloc0(sizeof(HBaseTable));
	HBaseServerOptions sopts;
	const char *family = NULL;
	const char *index_layouts = NULL;
	HBaseEncoding tenc = HBASE_ENC_TEXT;
	Relation	rel;
	TupleDesc	tupdesc;
	ListCell   *lc;
	int			i;

	hbase_server_options(server, &sopts);
	table->relid = relid;
	table->serverid = ft->serverid;
	table->row_timestamp = -1;
	table->relname = quote_qualified_identifier(get_namespace_name(get_rel_namespace(relid)),
												get_rel_name(relid));
	table->fetch_size = sopts.fetch_size;
	table->pushdown = sopts.pushdown;
	table->concurrency = sopts.concurrency;
	table->parallel_workers = -1;
	table->batch_size = sopts.batch_size;
	table->write_concurrency = sopts.write_concurrency;
	table->estimated_rows = sopts.estimated_rows;
	table->request_cost = sopts.request_cost;
	table->row_cost = sopts.row_cost;

	foreach(lc, ft->options)
	{
		DefElem    *def = lfirst(lc);

		if (strcmp(def->defname, "table") == 0)
			table->hbase_table = defGetString(def);
		else if (strcmp(def->defname, "family") == 0)
			family = defGetString(def);
		else if (strcmp(def->defname, "encoding") == 0)
			tenc = hbase_parse_encoding(defGetString(def));
		else if (strcmp(def->defname, "fetch_size") == 0)
			table->fetch_size = hbase_parse_fetch_size(defGetString(def));
		else if (strcmp(def->defname, "rowkey") == 0)
			table->rowkey = defGetString(def);
		else if (strcmp(def->defname, "pushdown") == 0 &&
				 !hbase_option_bool(def->defname, defGetString(def)))
			table->pushdown = false;
		else if (strcmp(def->defname, "concurrency") == 0)
			table->concurrency = hbase_parse_concurrency(defGetString(def));
		else if (strcmp(def->defname, "batch_size") == 0)
			table->batch_size = hbase_parse_batch_size(defGetString(def));
		else if (strcmp(def->defname, "write_concurrency") == 0)
			table->write_concurrency = hbase_parse_write_concurrency(defGetString(def));
		else if (strcmp(def->defname, "analyze_sample_fraction") == 0)
			table->sample_fraction = hbase_parse_sample_fraction(defGetString(def));
		else if (strcmp(def->defname, "parallel_workers") == 0)
			table->parallel_workers = hbase_parse_parallel_workers(defGetString(def));
		else if (strcmp(def->defname, "versions") == 0)
			table->versions = hbase_parse_versions(defGetString(def));
		else if (strcmp(def->defname, "estimated_rows") == 0)
			table->estimated_rows = hbase_parse_estimated_rows(defGetString(def));
		else if (strcmp(def->defname, "rowkey_extra") == 0)
			table->rowkey_extra = hbase_parse_rowkey_extra(defGetString(def));
		else if (strcmp(def->defname, "phoenix_indexes") == 0)
		{
			char	   *v = defGetString(def);

			/* blank: no index */
			if (v[strspn(v, " \t\r\n,")] != '\0')
				table->phoenix_indexes = v;
		}
		else if (strcmp(def->defname, "phoenix_index_layouts") == 0)
			index_layouts = defGetString(def);
		else if (strcmp(def->defname, "empty_column") == 0)
		{
			table->empty_column = palloc0(sizeof(HBaseColumn));
			table->empty_column->attname = "empty_column";
			table->empty_column->kind = HBASE_COL_CELL;
			hbase_set_colspec(table->empty_column, defGetString(def));
		}
	}

	rel = table_open(relid, AccessShareLock);
	tupdesc = RelationGetDescr(rel);
	table->natts = tupdesc->natts;
	table->columns = palloc0(sizeof(HBaseColumn) * Max(tupdesc->natts, 1));

	/* first the columns' own options */
	for (i = 0; i < tupdesc->natts; i++)
	{
		Form_pg_attribute att = TupleDescAttr(tupdesc, i);
		HBaseColumn *col = &table->columns[i];

		col->attnum = att->attnum;
		col->attname = pstrdup(NameStr(att->attname));
		col->atttypid = att->atttypid;
		col->atttypmod = att->atttypmod;
		col->dropped = att->attisdropped;
		col->encoding = tenc;
		col->colspec = NULL;
		if (col->dropped)
			continue;
		foreach(lc, GetForeignColumnOptions(relid, att->attnum))
		{
			DefElem    *def = lfirst(lc);

			if (strcmp(def->defname, "column") == 0)
				col->colspec = defGetString(def);
			else if (strcmp(def->defname, "encoding") == 0)
				col->encoding = hbase_parse_encoding(defGetString(def));
			else if (strcmp(def->defname, "phoenix_type") == 0)
				col->phoenix_type = hbase_phoenix_parse_type(defGetString(def));
			else if (strcmp(def->defname, "phoenix_element") == 0)
				col->element = hbase_parse_element(defGetString(def));
			else if (strcmp(def->defname, "text_width") == 0)
				col->text_width = hbase_parse_text_width(defGetString(def), col->attname,
														 table->relname);
			else if (strcmp(def->defname, "row_timestamp") == 0 &&
					 hbase_option_bool(def->defname, defGetString(def)))
			{
				if (table->row_timestamp >= 0)
					ereport(ERROR,
							(errcode(ERRCODE_FDW_INVALID_OPTION_NAME),
							 errmsg("foreign table %s has two row_timestamp columns, \"%s\" and \"%s\"",
									table->relname, table->columns[table->row_timestamp].attname,
									col->attname),
							 errdetail("The cells of a row carry one timestamp, as Phoenix allows one ROW_TIMESTAMP column per table.")));
				table->row_timestamp = i;
			}
		}
	}
	table_close(rel, AccessShareLock);

	/*
	 * Without a layout, a raw rowkey column (':key') is the whole key: it
	 * gets the trivial layout, so quals on it are pushed down too.
	 */
	if (table->rowkey == NULL)
	{
		for (i = 0; i < table->natts; i++)
		{
			HBaseColumn *col = &table->columns[i];
			const char *p;

			if (col->dropped || col->colspec == NULL || strcmp(col->colspec, ":key") != 0)
				continue;
			for (p = col->attname; *p; p++)
				if (!(isalnum((unsigned char) *p) || *p == '_'))
					break;
			if (*p == '\0' && !isdigit((unsigned char) col->attname[0]))
			{
				table->rowkey = col->attname;
				table->rowkey_implicit = true;
			}
			break;
		}
	}

	/* then the rowkey layout, which marks the key columns */
	hbase_table_layout(table);

	for (i = 0; i < table->natts; i++)
	{
		HBaseColumn *col = &table->columns[i];
		const char *spec = col->colspec;

		if (col->dropped)
			continue;
		if (col->kind == HBASE_COL_KEYPART && table->rowkey_implicit)
		{
			/* the raw key column: still checked as one (text, varchar, bytea) */
			col->kind = HBASE_COL_ROWKEY;
			hbase_check_column_type(table, col);
			col->kind = HBASE_COL_KEYPART;
			col->colspec = NULL;
			continue;
		}
		if (col->kind == HBASE_COL_KEYPART)
		{
			/* read from the key; a cell mapping, if any, is kept for writes */
			if (spec && strchr(spec, ':') && strcmp(spec, ":key") != 0)
				hbase_set_colspec(col, spec);
			else
				col->colspec = NULL;
			continue;
		}
		if (spec && strcmp(spec, ":key") == 0)
		{
			col->kind = HBASE_COL_ROWKEY;
			col->colspec = NULL;
		}
		else if (spec && strcmp(spec, ":timestamp") == 0)
		{
			col->kind = HBASE_COL_TIMESTAMP;
			col->colspec = NULL;
		}
		else if (spec && strchr(spec, ':') == NULL)
		{
			col->kind = HBASE_COL_FAMILY;
			hbase_set_colspec(col, spec);
		}
		else if (spec)
		{
			col->kind = HBASE_COL_CELL;
			hbase_set_colspec(col, spec);
		}
		else if (family)
		{
			/* the column's name is the qualifier as it is: no escapes */
			col->kind = HBASE_COL_CELL;
			col->colspec = psprintf("%s:%s", family, col->attname);
			col->famlen = strlen(family);
			col->speclen = strlen(col->colspec);
		}
		else
			ereport(ERROR,
					(errcode(ERRCODE_FDW_OPTION_NAME_NOT_FOUND),
					 errmsg("column \"%s\" of foreign table %s is not mapped to HBase",
							col->attname, table->relname),
					 errhint("Give the column OPTIONS (column 'family:qualifier'), name it in the table's rowkey layout, or give the table a default OPTIONS (family 'cf').")));
		hbase_check_column_type(table, col);
	}
	if (table->row_timestamp >= 0)
		check_row_timestamp(table, &table->columns[table->row_timestamp]);
	/*
	 * an element is a value inside a cell: of a cell column, in Phoenix's
	 * encoding; a text width the digits of a text cell
	 */
	for (i = 0; i < table->natts; i++)
	{
		HBaseColumn *col = &table->columns[i];

		if (!col->dropped && col->element > 0 &&
			(col->kind != HBASE_COL_CELL || col->encoding != HBASE_ENC_PHOENIX))
			ereport(ERROR,
					(errcode(ERRCODE_FDW_INVALID_OPTION_NAME),
					 errmsg("option \"phoenix_element\" of column \"%s\" of foreign table %s needs a cell of encoding 'phoenix'",
							col->attname, table->relname),
					 errdetail("An element is a value inside the one cell of a Phoenix table stored as SINGLE_CELL_ARRAY_WITH_OFFSETS.")));
		if (!col->dropped && col->text_width > 0)
			check_text_width(table, col);
	}
	/*
	 * Like postgres_fdw's table_name, default to the foreign table's name;
	 * either goes into URL paths, so both are checked here, at use.
	 */
	if (table->hbase_table == NULL)
	{
		table->hbase_table = get_rel_name(relid);
		hbase_check_table_name(table->hbase_table, table->relname);
	}
	else
		hbase_check_table_name(table->hbase_table, NULL);
	table->remote_table = hbase_remote_table_name(sopts.ns, table->hbase_table);
	if (index_layouts && index_layouts[strspn(index_layouts, " \t\r\n")] != '\0')
		hbase_phoenix_read_indexes(table, index_layouts, sopts.ns);
	return table;
}

/* does the table map values inside Phoenix SINGLE_CELL_ARRAY_WITH_OFFSETS cells? */
bool
hbase_table_has_elements(HBaseTable *table)
{
	int			i;

	for (i = 0; i < table->natts; i++)
		if (!table->columns[i].dropped && table->columns[i].element > 0)
			return true;
	return false;
}

/* ---------- the parsed tables, cached per relation ---------- */

typedef struct TableCacheEntry
{
	Oid			relid;			/* hash key */
	HBaseTable *table;
	MemoryContext cxt;			/* holds table */
} TableCacheEntry;

static HTAB *table_cache = NULL;

/* invalidations seen: a build that saw one is not kept */
static uint64 table_cache_invals = 0;

/* contexts of entries invalidated while a query may still use them */
static List *stale_cxts = NIL;

static void
forget_entry(TableCacheEntry *e)
{
	MemoryContext old = MemoryContextSwitchTo(TopMemoryContext);

	stale_cxts = lappend(stale_cxts, e->cxt);
	MemoryContextSwitchTo(old);
	(void) hash_search(table_cache, &e->relid, HASH_REMOVE, NULL);
}

/* ALTER (or DROP) of a relation: its entry, or all of them */
static void
table_cache_relcache_cb(Datum arg, Oid relid)
{
	HASH_SEQ_STATUS scan;
	TableCacheEntry *e;

	table_cache_invals++;
	hash_seq_init(&scan, table_cache);
	while ((e = hash_seq_search(&scan)) != NULL)
		if (!OidIsValid(relid) || e->relid == relid)
			forget_entry(e);
}

/* a server's options, a foreign table's, a schema's name: all of them */
static void
table_cache_syscache_cb(Datum arg, int cacheid, uint32 hashvalue)
{
	table_cache_relcache_cb(arg, InvalidOid);
}

/* the executors that could still point into stale entries are gone */
static void
table_cache_xact_cb(XactEvent event, void *arg)
{
	ListCell   *lc;

	if (event != XACT_EVENT_COMMIT && event != XACT_EVENT_ABORT &&
		event != XACT_EVENT_PARALLEL_COMMIT && event != XACT_EVENT_PARALLEL_ABORT)
		return;
	foreach(lc, stale_cxts)
		MemoryContextDelete(lfirst(lc));
	list_free(stale_cxts);
	stale_cxts = NIL;
}

/*
 * The mapping of a foreign table, parsed once per relation and kept until
 * the catalog says it changed (so a long layout is not parsed again at
 * every query).  Callers get their own copy of the top struct, with
 * pushdown as the options and hbase_fdw.enable_pushdown say now; what it
 * points to is shared and read-only.
 */
HBaseTable *
hbase_get_table(Oid relid)
{
	TableCacheEntry *e;
	HBaseTable *copy;
	bool		found;

	if (table_cache == NULL)
	{
		HASHCTL		ctl;

		ctl.keysize = sizeof(Oid);
		ctl.entrysize = sizeof(TableCacheEntry);
		table_cache = hash_create("hbase_fdw tables", 64, &ctl, HASH_ELEM | HASH_BLOBS);
		CacheRegisterRelcacheCallback(table_cache_relcache_cb, (Datum) 0);
		CacheRegisterSyscacheCallback(FOREIGNTABLEREL, table_cache_syscache_cb, (Datum) 0);
		CacheRegisterSyscacheCallback(FOREIGNSERVEROID, table_cache_syscache_cb, (Datum) 0);
		CacheRegisterSyscacheCallback(NAMESPACEOID, table_cache_syscache_cb, (Datum) 0);
		RegisterXactCallback(table_cache_xact_cb, NULL);
	}
	e = hash_search(table_cache, &relid, HASH_FIND, &found);
	if (!found)
	{
		MemoryContext cxt = AllocSetContextCreate(CacheMemoryContext, "hbase_fdw table",
												  ALLOCSET_SMALL_SIZES);
		MemoryContext old = MemoryContextSwitchTo(cxt);
		uint64		before = table_cache_invals;
		HBaseTable *t;

		PG_TRY();
		{
			t = hbase_build_table(relid);
		}
		PG_CATCH();
		{
			MemoryContextSwitchTo(old);
			MemoryContextDelete(cxt);
			PG_RE_THROW();
		}
		PG_END_TRY();
		MemoryContextSwitchTo(old);
		if (table_cache_invals != before)
		{
			/* the catalog changed while it was read: use it this once */
			old = MemoryContextSwitchTo(TopMemoryContext);
			stale_cxts = lappend(stale_cxts, cxt);
			MemoryContextSwitchTo(old);
			copy = palloc(sizeof(HBaseTable));
			*copy = *t;
			copy->pushdown = t->pushdown && hbase_enable_pushdown;
			return copy;
		}
		e = hash_search(table_cache, &relid, HASH_ENTER, &found);
		e->table = t;
		e->cxt = cxt;
	}
	copy = palloc(sizeof(HBaseTable));
	*copy = *e->table;
	copy->pushdown = e->table->pushdown && hbase_enable_pushdown;
	return copy;
}
