/*
 * import.c: IMPORT FOREIGN SCHEMA.  An HBase namespace becomes one foreign
 * table per HBase table: the rowkey and one jsonb column per column family
 * (each holds the family's cells as {"qualifier": "value"}), plus, from a
 * sample of the table's first rows (option sample_rows), a typed column per
 * qualifier seen and a type for the rowkey, each inferred only where every
 * sampled value fits it; with the options filled in, ready to be refined by
 * ALTER.  Reads the namespace's table list, each table's families and its
 * sample from the gateway, and checks every name it gets before a request
 * or a definition uses it (the rules, shared with the Phoenix import of
 * phoenix_catalog.c, are options.c's); writes no catalog itself (the core
 * runs the commands, and applies LIMIT TO / EXCEPT again).
 */
#include "postgres.h"

#include "catalog/pg_namespace.h"
#include "commands/defrem.h"
#include "common/jsonapi.h"
#include "common/string.h"
#include "foreign/foreign.h"
#include "lib/stringinfo.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "nodes/parsenodes.h"
#include "utils/builtins.h"
#include "utils/memutils.h"

#include "sql_int.h"
#include "hbase_infer.h"
#include "rowkey.h"

/* the tables of namespace ns; an error naming it when it does not exist */
static List *
namespace_tables(HBaseConn *conn, const char *ns)
{
	char	   *what = psprintf("listing the tables of namespace \"%s\"", ns);
	HBaseResponse *resp = hbase_rest_namespace_tables(conn, ns, what);

	if (resp->status != 200)
	{
		/* the gateway answers 500, not 404, for a missing namespace: ask */
		HBaseResponse *nsr = hbase_rest_namespace(conn, ns);

		if (nsr->status != 200)
			ereport(ERROR,
					(errcode(ERRCODE_FDW_SCHEMA_NOT_FOUND),
					 errmsg("HBase namespace \"%s\" does not exist", ns),
					 errhint("HBase tables without a namespace are in namespace \"default\".")));
		hbase_report_status(resp, NULL, what);
	}
	return hbase_rest_names(resp, "table", what);
}

/* the column families of an HBase table ("ns:table" or "table") */
static List *
table_families(HBaseConn *conn, const char *table)
{
	char	   *what = psprintf("reading the schema of table \"%s\"", table);
	HBaseResponse *resp = hbase_rest_schema(conn, table, what, 0);

	/* a listed table gone since (hbase_report_status would name no table) */
	if (resp->status == 404)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_TABLE_NOT_FOUND),
				 errmsg("HBase table \"%s\" does not exist", table),
				 errdetail("The namespace's listing named it, but the gateway answered 404 to %s.", what)));
	if (resp->status != 200)
		hbase_report_status(resp, NULL, what);
	return hbase_rest_names(resp, "ColumnSchema", what);
}

/* ---------------- column types from a sample of rows ---------------- */

/* FIT_*: what a sampled value fits (hbase_infer.h) */
#define FIT_ALL			HBASE_FIT_ALL
#define FIT_TEXT		HBASE_FIT_TEXT

/* typed columns of one family, at most: a wide family stays jsonb only */
#define SAMPLE_MAX_QUALIFIERS	100

/* a qualifier seen in the sample */
typedef struct SampledQualifier
{
	const char *family;
	char	   *qual;			/* its bytes */
	int			len;
	int			fits;			/* FIT_* every value of it fits */
} SampledQualifier;

/* what a table's sample gave */
typedef struct TableSample
{
	int			nrows;			/* rows read */
	int			keyfits;		/* FIT_* every key fits */
	List	   *quals;			/* SampledQualifier *, by family then qualifier */
	List	   *wide;			/* families with too many qualifiers (char *) */
	bool		failed;			/* the gateway refused the sample (NOTICE given) */
	char	   *phoenix_cell;	/* Phoenix's empty column seen ("0:_0"), or NULL */
} TableSample;

/*
 * An import of more tables than this sums up in one NOTICE at its end
 * (import_summary); each table's own notices go to DEBUG1 then.  A plain
 * import of "default" otherwise says some 300 lines.
 */
#define IMPORT_NOTICE_TABLES	10
/* names a summary lists of each kind, at most */
#define SUMMARY_NAMES			5

/* the level of each table's notices: NOTICE, or DEBUG1 when a summary ends the import */
static int	table_notice_level = NOTICE;

/* what a plain import did with the tables it was given, for its summary */
typedef struct ImportTally
{
	int			listed;			/* tables the listing gave that LIMIT TO / EXCEPT let in */
	int			imported;
	int			inferred;		/* with column types from a sample */
	List	   *empty;			/* sampled, no rows (char *) */
	List	   *unsampled;		/* the gateway refused the sample */
	List	   *phoenix;		/* rows with Phoenix's empty column */
	List	   *badname;		/* not imported: no HBase table name */
	List	   *system;			/* not imported: Phoenix's SYSTEM.* */
	List	   *layouts;		/* with a rowkey layout inferred from their
								 * keys */
	MemoryContext cxt;			/* of the lists: outlives each table's context */
} ImportTally;

/* adds a copy of name to one of tally's lists */
static void
tally_add(ImportTally *tally, List **list, const char *name)
{
	MemoryContext old = MemoryContextSwitchTo(tally->cxt);

	*list = lappend(*list, pstrdup(name));
	MemoryContextSwitchTo(old);
}

/* the JSON check's state: a number jsonb would refuse seen */
typedef struct JsonCheck
{
	bool		bad_number;
} JsonCheck;

static void
json_check_scalar(void *state, char *token, JsonTokenType tokentype)
{
	if (tokentype == JSON_TOKEN_NUMBER && !hbase_infer_json_number_ok(token))
		((JsonCheck *) state)->bad_number = true;
}

/*
 * Would jsonb take the value (hbase_infer.c checked its depth): PostgreSQL's
 * JSON parser accepts it (\u0000 refused, as jsonb does) and numeric_in
 * takes its numbers.
 */
static int
jsonb_takes(const char *v, int len, void *arg)
{
	JsonLexContext *lex;
	JsonCheck	check = {false};
	JsonSemAction sem;

	memset(&sem, 0, sizeof(sem));
	sem.semstate = &check;
	sem.scalar = json_check_scalar;
	lex = makeJsonLexContextCstringLen(pnstrdup(v, len), len, PG_UTF8, true);
	return pg_parse_json(lex, &sem) == JSON_SUCCESS && !check.bad_number;
}

/* what one value (a cell, or a key) fits: hbase_infer.c, with PostgreSQL's JSON parser */
static int
value_fits(const char *v, int len)
{
	return hbase_infer_value_fits(v, len, jsonb_takes, NULL);
}

/* the type (and whether binary) of a column whose values fit fits */
static const char *
fits_type(int fits, bool *binary)
{
	int			b;
	const char *type = hbase_infer_type(fits, &b);

	*binary = b != 0;
	return type;
}

static int
qualifier_cmp(const ListCell *a, const ListCell *b)
{
	SampledQualifier *x = lfirst(a);
	SampledQualifier *y = lfirst(b);

	return hbase_cmp_keys(x->qual, x->len, y->qual, y->len);
}

/*
 * Reads the table's first sample_rows rows (one stateless scan: no scanner
 * to clean up, latest versions only) and what their keys and the cells of
 * the imported families fit.
 */
static TableSample *
sample_table(HBaseConn *conn, const char *table, List *families, int sample_rows)
{
	TableSample *ts = palloc0(sizeof(TableSample));
	HBaseTable	t;
	HBaseStatelessScan scan;
	HBaseResult res;
	HBaseCellSet *set;
	ListCell   *fc;
	int			r,
				i;

	memset(&t, 0, sizeof(t));
	t.hbase_table = t.remote_table = (char *) table;
	t.relname = (char *) table;
	memset(&scan, 0, sizeof(scan));
	scan.limit = sample_rows;
	res = hbase_rest_stateless_scan(conn, &t, &scan, 0);
	ts->keyfits = FIT_ALL;
	if (res.outcome == HBASE_END)
		return ts;				/* no rows */
	if (res.outcome != HBASE_DONE)
	{
		/*
		 * The sample only refines the table: one that fails (a region in
		 * transition) costs its types, said so, not the whole import
		 */
		ereport(table_notice_level,
				(errmsg("HBase table \"%s\" could not be sampled: its foreign table gets no inferred columns",
						table),
				 errdetail("The gateway answered HTTP %ld to a scan of its first %d rows: %s.",
						   res.resp->status, sample_rows, hbase_body_summary(res.resp)),
				 errhint("Import it again, or give it typed columns with ALTER FOREIGN TABLE.")));
		ts->failed = true;
		return ts;
	}
	set = res.set;
	ts->nrows = set->nrows;

	foreach(fc, families)
	{
		const char *family = lfirst(fc);
		int			famlen = strlen(family);
		List	   *quals = NIL;
		bool		wide = false;

		for (r = 0; r < set->nrows && !wide; r++)
		{
			HBaseRow   *row = &set->rows[r];

			for (i = 0; i < row->ncells; i++)
			{
				HBaseCell  *c = &row->cells[i];
				const char *q = c->column + famlen + 1;
				int			qlen = c->collen - famlen - 1;
				SampledQualifier *sq = NULL;
				ListCell   *qc;

				if (c->collen <= famlen || c->column[famlen] != ':' ||
					memcmp(c->column, family, famlen) != 0)
					continue;
				foreach(qc, quals)
				{
					SampledQualifier *x = lfirst(qc);

					if (x->len == qlen && memcmp(x->qual, q, qlen) == 0)
						sq = x;
				}
				if (sq == NULL)
				{
					/* qualifiers as data: no more columns, nor searches of them */
					if (list_length(quals) == SAMPLE_MAX_QUALIFIERS)
					{
						wide = true;
						break;
					}
					sq = palloc0(sizeof(SampledQualifier));
					sq->family = family;
					sq->qual = hbase_memdup(q, qlen);
					sq->len = qlen;
					sq->fits = FIT_ALL;
					quals = lappend(quals, sq);
				}
				/* one version of a cell per row: each cell is one row's value */
				if (sq->fits != 0)
					sq->fits &= value_fits(c->value, c->vallen);
				/* Phoenix's empty column, in every row it writes */
				if (c->vallen == 1 && c->value[0] == 'x' &&
					((qlen == 2 && memcmp(q, "_0", 2) == 0) ||
					 (qlen == 4 && memcmp(q, "\0\0\0\0", 4) == 0)))
					ts->phoenix_cell = psprintf("%s:%s", family, hbase_printable_key(q, qlen));
			}
		}
		if (wide)
		{
			ts->wide = lappend(ts->wide, (char *) family);
			continue;
		}
		list_sort(quals, qualifier_cmp);
		ts->quals = list_concat(ts->quals, quals);
	}
	for (r = 0; r < set->nrows; r++)
		ts->keyfits &= value_fits(set->rows[r].key, set->rows[r].keylen);
	return ts;
}

/*
 * A qualifier as option "column" spells it (hbase_printable_key's form,
 * which decode_qualifier in wire/option_values.c reads): "\\" a
 * backslash, "\xNN" a byte that is no printable character; other UTF-8 as
 * is when the database is UTF-8 (the option's bytes are the qualifier's),
 * else escaped too.
 */
static char *
qualifier_spelling(const char *q, int len)
{
	return hbase_escaped_bytes(q, len, GetDatabaseEncoding() == PG_UTF8 &&
							   pg_verify_mbstr(PG_UTF8, q, len, true));
}

/*
 * Can the qualifier itself name a column: text without control characters
 * (value_fits' text) in the database's encoding, not empty?
 */
static bool
qualifier_is_name(const char *q, int len)
{
	if (len == 0 || !(value_fits(q, len) & FIT_TEXT))
		return false;
	if (GetDatabaseEncoding() == PG_UTF8)
		return true;
	/* elsewhere only ASCII is the same bytes */
	return pg_is_ascii(q);
}

/* a column name as PostgreSQL keeps it: at most NAMEDATALEN - 1 bytes */
static char *
clipped_name(const char *name)
{
	return pnstrdup(name, pg_mbcliplen(name, strlen(name), NAMEDATALEN - 1));
}

/* is the name another column's, or a system column's (ctid, xmin ...)? */
static bool
name_taken(List *names, const char *name)
{
	ListCell   *lc;

	if (hbase_system_column_name(name))
		return true;
	foreach(lc, names)
		if (strcmp(lfirst(lc), name) == 0)
			return true;
	return false;
}

/*
 * The first free column name of name, name_2, name_3 ... (the name clipped
 * so that the suffix fits NAMEDATALEN): two families "rowkey" and
 * "rowkey_", or two that share their first 63 bytes, or one named "ctid",
 * each get a column rather than failing the whole import.
 */
static char *
free_name(List *names, const char *name)
{
	char	   *n = clipped_name(name);
	int			i;

	for (i = 2; name_taken(names, n); i++)
	{
		char		suffix[16];

		snprintf(suffix, sizeof(suffix), "_%d", i);
		n = psprintf("%s%s", pnstrdup(name, pg_mbcliplen(name, strlen(name),
														  NAMEDATALEN - 1 - (int) strlen(suffix))),
					 suffix);
	}
	return n;
}

/*
 * The CREATE FOREIGN TABLE of one HBase table: decides the column names
 * (the key column is "rowkey", or "rowkey_" when a family has that name;
 * families keep theirs; a qualifier column is named after the qualifier,
 * or "family:qualifier" when that name is taken or the qualifier is empty
 * or holds bytes that are no text, escaped as the column option spells
 * them; names clipped as PostgreSQL would) and types.  key_type NULL: the key's type from the sample
 * (bytea without one).  Adds to *summary what was inferred.
 */
static char *
create_statement(ImportForeignSchemaStmt *stmt, ForeignServer *server, const char *name,
				 const char *table, List *families, const char *key_type,
				 TableSample *ts, StringInfo summary, const hbase_rk_candidate *inferred)
{
	StringInfoData buf;
	ListCell   *lc,
			   *fc;
	const char *keycol;
	const char *layout = NULL;
	List	   *names = NIL;
	List	   *famnames = NIL;
	List	   *famcols = NIL;
	bool		binary;
	int			i;

	/* the key column: "rowkey" unless a family has that name ("rowkey_", ...) */
	foreach(lc, families)
		famnames = lappend(famnames, clipped_name(lfirst(lc)));
	keycol = name_taken(famnames, "rowkey") ? free_name(famnames, "rowkey_") : "rowkey";
	names = list_make1((char *) keycol);
	/* an inferred layout's key columns come first (ts, id, k1 ...): families yield to them */
	for (i = 0; inferred && i < inferred->ncolumns; i++)
		names = lappend(names, (char *) inferred->names[i]);
	/* the families keep their names where they can */
	foreach(lc, families)
	{
		char	   *col = free_name(names, lfirst(lc));

		if (strcmp(col, clipped_name(lfirst(lc))) != 0)
			ereport(table_notice_level,
					(errmsg("column family \"%s\" of HBase table \"%s\" is imported as column \"%s\"",
							(char *) lfirst(lc), table, col),
					 errdetail("Its name is taken by another column or is a system column's.")));
		names = lappend(names, col);
		famcols = lappend(famcols, col);
	}
	/* with an inferred layout the raw key stays readable */
	if (inferred)
	{
		if (key_type == NULL)
			key_type = ts && (ts->keyfits & FIT_TEXT) ? "text" : "bytea";
		appendStringInfo(summary, "rowkey %s", key_type);
	}
	else if (key_type == NULL && (ts == NULL || ts->nrows == 0))
		key_type = "bytea";
	else if (key_type == NULL)
	{
		/* a raw key column is text or bytea; numbers need a one-part layout */
		key_type = fits_type(ts->keyfits, &binary);
		if (binary)
			layout = psprintf("%s(%s)", strcmp(key_type, "bigint") == 0 ? "long" : "int", keycol);
		else if (strcmp(key_type, "bigint") == 0)
			layout = keycol;
		else if (strcmp(key_type, "bytea") != 0)
			key_type = "text";
		appendStringInfo(summary, "rowkey %s%s", key_type,
						 layout ? psprintf(" (rowkey '%s')", layout) : "");
	}
	initStringInfo(&buf);
	for (i = 0; inferred && i < inferred->ncolumns; i++)
		appendStringInfo(&buf, "  %s %s,\n", quote_identifier(inferred->names[i]),
						 inferred->sqltypes[i]);
	appendStringInfo(&buf, "  %s %s", quote_identifier(keycol), key_type);
	if (layout == NULL || inferred)
		appendStringInfoString(&buf, " OPTIONS (column ':key')");
	/* a text key sorts as its bytes: ranges and ORDER BY use the key */
	if (strcmp(key_type, "text") == 0)
		appendStringInfoString(&buf, " COLLATE \"C\"");
	/* the families' columns come after the typed ones */
	foreach(lc, ts ? ts->quals : NIL)
	{
		SampledQualifier *sq = lfirst(lc);
		char	   *spelling = qualifier_spelling(sq->qual, sq->len);
		char	   *spec = psprintf("%s:%s", sq->family, spelling);
		const char *type = fits_type(sq->fits, &binary);
		char	   *colname;

		/* the qualifier itself when it is text, a name of this database */
		if (qualifier_is_name(sq->qual, sq->len) && !name_taken(names, clipped_name(sq->qual)))
			colname = clipped_name(sq->qual);
		else
			colname = clipped_name(spec);
		if (name_taken(names, colname))
		{
			ereport(table_notice_level,
					(errmsg("qualifier \"%s\" of HBase table \"%s\" gets no column of its own",
							spec, table),
					 errdetail("Its names \"%s\" and \"%s\" are taken by other columns; the family's jsonb column \"%s\" holds it.",
							   clipped_name(spelling), colname, sq->family)));
			continue;
		}
		names = lappend(names, colname);
		appendStringInfo(&buf, ",\n  %s %s OPTIONS (column %s%s)",
						 quote_identifier(colname), type, quote_literal_cstr(spec),
						 binary ? ", encoding 'binary'" : "");
		appendStringInfo(summary, "%s%s %s%s", summary->len ? ", " : "", spec, type,
						 binary ? " (binary)" : "");
	}
	forboth(lc, families, fc, famcols)
		appendStringInfo(&buf, ",\n  %s jsonb OPTIONS (column %s)",
						 quote_identifier(lfirst(fc)), quote_literal_cstr(lfirst(lc)));
	if (inferred)
		layout = inferred->layout;
	return hbase_import_statement(name, buf.data, server, table,
								  layout ? psprintf(", rowkey %s", quote_literal_cstr(layout)) : "");
}

/*
 * The CREATE FOREIGN TABLE that IMPORT FOREIGN SCHEMA runs for one table,
 * plain (create_statement above) or Phoenix's (phoenix_catalog.c): the
 * columns' definitions as text (one a line, indented), the HBase table as
 * the server declares it (its namespace taken off when it is the server's)
 * and the table's further options (", name 'value'...", quoted).
 */
char *
hbase_import_statement(const char *name, const char *columns, ForeignServer *server,
					   const char *table, const char *options)
{
	HBaseServerOptions sopts;

	hbase_server_options(server, &sopts);
	return psprintf("CREATE FOREIGN TABLE %s (\n%s\n) SERVER %s OPTIONS (table %s%s)",
					quote_identifier(name), columns, quote_identifier(server->servername),
					quote_literal_cstr(hbase_declared_table_name(sopts.ns, table)), options);
}

/*
 * The NOTICE saying what the sample of one table gave: how many rows, the
 * types inferred, the families left to their jsonb column.
 */
static void
sample_notice(const char *name, const char *table, int sample_rows, TableSample *ts,
			  const char *summary, ImportTally *tally)
{
	StringInfoData wide;
	ListCell   *lc;

	if (ts->phoenix_cell)
		tally_add(tally, &tally->phoenix, table);
	if (ts->failed)
	{
		tally_add(tally, &tally->unsampled, table);
		return;
	}
	if (ts->nrows == 0)
	{
		tally_add(tally, &tally->empty, table);
		ereport(table_notice_level,
				(errmsg("HBase table \"%s\" has no rows: foreign table \"%s\" gets no inferred columns",
						table, name),
				 errdetail("Each column family is a jsonb column.")));
		return;
	}
	tally->inferred++;
	initStringInfo(&wide);
	foreach(lc, ts->wide)
		appendStringInfo(&wide, " Family \"%s\" has more than %d qualifiers in the sample: it is only its jsonb column.",
						 (char *) lfirst(lc), SAMPLE_MAX_QUALIFIERS);
	ereport(table_notice_level,
			(ts->nrows < sample_rows ?
			 errmsg_plural("column types of foreign table \"%s\" inferred from all of HBase table \"%s\" (%d row)",
						   "column types of foreign table \"%s\" inferred from all of HBase table \"%s\" (%d rows)",
						   ts->nrows, name, table, ts->nrows) :
			 errmsg_plural("column types of foreign table \"%s\" inferred from the first %d row of HBase table \"%s\"",
						   "column types of foreign table \"%s\" inferred from the first %d rows of HBase table \"%s\"",
						   ts->nrows, name, ts->nrows, table),
			 errdetail("Inferred: %s.%s Each type fits every value sampled; the jsonb column of each family holds all its cells, including those of qualifiers the sample did not see.",
					   summary[0] ? summary : "nothing", wide.data),
			 ts->phoenix_cell ?
			 errhint("Apache Phoenix seems to have made the table (its rows have Phoenix's empty column %s): import it with OPTIONS (phoenix 'true') for Phoenix's own types and key layout.",
					 ts->phoenix_cell) : 0));
}

/* do the sampled keys all read as one number (bigint or int, text or binary) */
static bool
key_is_number(TableSample *ts)
{
	bool		binary;
	const char *type = fits_type(ts->keyfits, &binary);

	return strcmp(type, "bigint") == 0 || (binary && strcmp(type, "integer") == 0);
}

/*
 * The rowkey layout of an HBase table, inferred from sample_rows keys spread
 * over its regions (layouts.c), with a NOTICE saying it, or why there is
 * none (the key then stays raw); NULL without one.
 */
static hbase_rk_candidate *
layout_of(HBaseConn *conn, ForeignServer *server, const char *name, const char *table,
		  int sample_rows, bool cell_names)
{
	hbase_rk_candidate *c = palloc0(sizeof(hbase_rk_candidate));
	int			nkeys,
				i;
	char	   *why = NULL;
	StringInfoData cols;

	if (hbase_import_layout(conn, server, table, sample_rows, cell_names, c, &nkeys, &why) == NULL)
	{
		ereport(table_notice_level,
				(errmsg("no rowkey layout of HBase table \"%s\" found: foreign table \"%s\" keeps its key as one column",
						table, name),
				 errdetail_plural("Sampled %d key: %s.", "Sampled %d keys: %s.", nkeys, nkeys, why)));
		return NULL;
	}
	initStringInfo(&cols);
	for (i = 0; i < c->ncolumns; i++)
		appendStringInfo(&cols, "%s%s %s", i ? ", " : "", c->names[i], c->sqltypes[i]);
	ereport(table_notice_level,
			(errmsg_plural("rowkey layout of foreign table \"%s\" inferred from %d key of HBase table \"%s\": %s",
						   "rowkey layout of foreign table \"%s\" inferred from %d keys of HBase table \"%s\": %s",
						   c->keys, name, c->keys, table, c->layout),
			 errdetail_plural("It explains the %d key sampled (it decodes and encodes back to its bytes%s); key columns: %s.",
							  "It explains all %d keys (each decodes and encodes back to its bytes%s); key columns: %s.",
							  c->explained, c->explained,
							  c->prefix ? psprintf(", its %s recomputed", c->prefix) : "", cols.data),
			 errhint("The raw key stays readable (the column of option column ':key'); hbase_check_layout() checks the layout against more keys.")));
	return c;
}

/*
 * The CREATE FOREIGN TABLE of one HBase table of the namespace (name): its
 * families (a bad name skipped), its sample and statement; NULL when its
 * name cannot go into a request (a NOTICE says why).
 */
static char *
import_table(ImportForeignSchemaStmt *stmt, ForeignServer *server, HBaseConn *conn,
			 const char *name, const char *key_type, int sample_rows, bool infer_layout,
			 bool cell_names, ImportTally *tally)
{
	const char *ns = stmt->remote_schema;
	const char *table;
	const char *problem;
	List	   *families = NIL;
	ListCell   *fc;
	TableSample *sample;
	char	   *command;

	table = strcmp(ns, "default") == 0 ? name : psprintf("%s:%s", ns, name);
	/* the name goes into the path of the next request: checked before it is sent */
	if ((problem = hbase_table_name_problem(table)) != NULL)
	{
		tally_add(tally, &tally->badname, hbase_printable_key(table, strlen(table)));
		ereport(table_notice_level,
				(errmsg("HBase table \"%s\" is not imported", hbase_printable_key(table, strlen(table))),
				 errdetail("%s", problem)));
		return NULL;
	}
	foreach(fc, table_families(conn, table))
	{
		const char *family = lfirst(fc);
		char	   *owner = psprintf("HBase table \"%s\"", table);

		if (hbase_import_family_ok(family, owner))
			families = lappend(families, (char *) family);
	}
	if (sample_rows == 0)
		return create_statement(stmt, server, name, table, families,
								key_type ? key_type : "bytea", NULL, NULL, NULL);
	{
		StringInfoData summary;
		hbase_rk_candidate *inferred = NULL;

		initStringInfo(&summary);
		sample = sample_table(conn, table, families, sample_rows);

		/*
		 * a key that is one plain number is already typed with its one-part
		 * layout (create_statement): nothing for inference to add
		 */
		if (infer_layout && !sample->failed && sample->nrows > 0 && !key_is_number(sample))
			inferred = layout_of(conn, server, name, table, sample_rows, cell_names);
		if (inferred)
			tally_add(tally, &tally->layouts, table);
		command = create_statement(stmt, server, name, table, families, key_type, sample, &summary,
								   inferred);
		sample_notice(name, table, sample_rows, sample, summary.data, tally);
	}
	return command;
}

/* up to SUMMARY_NAMES of names, quoted, and how many more */
static char *
some_names(List *names)
{
	StringInfoData b;
	ListCell   *lc;

	initStringInfo(&b);
	foreach(lc, names)
	{
		if (foreach_current_index(lc) == SUMMARY_NAMES)
		{
			appendStringInfo(&b, " and %d more", list_length(names) - SUMMARY_NAMES);
			break;
		}
		appendStringInfo(&b, "%s\"%s\"", b.len > 0 ? ", " : "", (char *) lfirst(lc));
	}
	return b.data;
}

/* "1 table", "2 tables" */
static char *
tables(int n)
{
	return psprintf("%d table%s", n, n == 1 ? "" : "s");
}

/*
 * The one NOTICE that ends an import of many tables (their own notices went
 * to DEBUG1): how many were imported, which were not and why, what the
 * samples gave, a few names of each kind.
 */
static void
import_summary(const char *ns, ImportTally *t, int sample_rows, int names_skipped)
{
	StringInfoData d;
	StringInfoData h;

	initStringInfo(&d);
	if (t->system != NIL)
		appendStringInfo(&d, "Not imported: %s of Apache Phoenix's own (%s). ",
						 tables(list_length(t->system)), some_names(t->system));
	if (t->badname != NIL)
		appendStringInfo(&d, "Not imported: %s whose names HBase does not allow (%s). ",
						 tables(list_length(t->badname)), some_names(t->badname));
	if (names_skipped > 0)
		appendStringInfo(&d, "Left out: %d name%s of tables or families not valid here. ",
						 names_skipped, names_skipped == 1 ? "" : "s");
	if (sample_rows > 0)
	{
		appendStringInfo(&d, "Column types were inferred for %s from samples of up to %d rows.",
						 tables(t->inferred), sample_rows);
		if (t->empty != NIL)
			appendStringInfo(&d, " No rows in %s (%s).", tables(list_length(t->empty)),
							 some_names(t->empty));
		if (t->unsampled != NIL)
			appendStringInfo(&d, " The samples of %s failed (%s).",
							 tables(list_length(t->unsampled)), some_names(t->unsampled));
		if (t->empty != NIL || t->unsampled != NIL)
			appendStringInfoString(&d, " Their column families are jsonb columns only.");
		if (t->layouts != NIL)
			appendStringInfo(&d, " A rowkey layout was found for %s (%s): their key columns come first.",
							 tables(list_length(t->layouts)), some_names(t->layouts));
		if (t->phoenix != NIL)
			appendStringInfo(&d, " Apache Phoenix seems to have made %s (%s).",
							 tables(list_length(t->phoenix)), some_names(t->phoenix));
	}
	else
		appendStringInfoString(&d, "Each column family is a jsonb column (sample_rows 0).");
	initStringInfo(&h);
	appendStringInfoString(&h, "SET client_min_messages TO debug1 before the import to see each table's notices.");
	if (t->system != NIL)
		appendStringInfoString(&h, " Name Phoenix's own tables in LIMIT TO to import them.");
	if (t->phoenix != NIL || t->system != NIL)
		appendStringInfoString(&h, " IMPORT FOREIGN SCHEMA ... OPTIONS (phoenix 'true') imports the tables Phoenix made, with their types and key layout.");
	ereport(NOTICE,
			(errmsg("imported %d of the %s of HBase namespace \"%s\"",
					t->imported, tables(t->listed), ns),
			 errdetail("%s", d.data),
			 errhint("%s", h.data)));
}

/*
 * IMPORT FOREIGN SCHEMA "namespace" FROM SERVER s INTO local [OPTIONS
 * (key_type 'bytea' | 'text', sample_rows 'n', phoenix 'true')]: the
 * commands that create the foreign tables.  The key's type is inferred from
 * the sample, or bytea without one (keys may hold any bytes), unless
 * key_type says.
 */
List *
hbase_import_foreign_schema(ImportForeignSchemaStmt *stmt, Oid serverOid)
{
	ForeignServer *server = GetForeignServer(serverOid);
	HBaseConn  *conn = hbase_get_connection(serverOid, GetUserId());
	const char *ns = stmt->remote_schema;
	const char *key_type = NULL;
	int			sample_rows = HBASE_DEFAULT_SAMPLE_ROWS;
	const char *tenant = NULL;
	bool		phoenix = false;
	bool		infer_layout = true;
	bool		cell_names = false;
	List	   *commands = NIL;
	List	   *wanted = NIL;
	ImportTally tally;
	ListCell   *lc;
	MemoryContext tablecxt;

	memset(&tally, 0, sizeof(tally));
	tally.cxt = CurrentMemoryContext;
	table_notice_level = NOTICE;
	hbase_import_notices(NOTICE);

	foreach(lc, stmt->options)
	{
		DefElem    *def = lfirst(lc);

		if (strcmp(def->defname, "phoenix") == 0)
		{
			phoenix = hbase_option_bool("phoenix", defGetString(def));
			continue;
		}
		if (strcmp(def->defname, "infer_layout") == 0)
		{
			infer_layout = hbase_option_bool("infer_layout", defGetString(def));
			continue;
		}
		if (strcmp(def->defname, "key_names") == 0)
		{
			const char *v = defGetString(def);

			if (strcmp(v, "generic") != 0 && strcmp(v, "cells") != 0)
				ereport(ERROR,
						(errcode(ERRCODE_FDW_INVALID_ATTRIBUTE_VALUE),
						 errmsg("invalid value for option \"key_names\": \"%s\"", v),
						 errdetail("Valid values are \"generic\" (id, ts, k1 ...) and \"cells\" (a qualifier whose cells hold a key column's values names it).")));
			cell_names = strcmp(v, "cells") == 0;
			continue;
		}
		if (strcmp(def->defname, "tenant") == 0)
		{
			tenant = defGetString(def);
			continue;
		}
		if (strcmp(def->defname, "sample_rows") == 0)
		{
			sample_rows = hbase_parse_sample_rows(defGetString(def));
			continue;
		}
		if (strcmp(def->defname, "key_type") != 0)
		{
			/* a misspelling gets its option, as the other options' validator says it */
			const char *close = hbase_closest_option(def->defname, HBASE_IMPORT_OPTIONS);

			ereport(ERROR,
					(errcode(ERRCODE_FDW_INVALID_OPTION_NAME),
					 errmsg("invalid option \"%s\" for IMPORT FOREIGN SCHEMA", def->defname),
					 errhint("%sThe options are \"key_type\" ('bytea' or 'text'), \"sample_rows\" (a number of rows, 0 for none), \"infer_layout\" (a boolean), \"key_names\" ('generic' or 'cells'), \"phoenix\" (a boolean) and \"tenant\" (a Phoenix tenant id).",
							 close ? psprintf("Perhaps you meant the option \"%s\". ", close) : "")));
		}
		key_type = defGetString(def);
		if (strcmp(key_type, "bytea") != 0 && strcmp(key_type, "text") != 0)
			ereport(ERROR,
					(errcode(ERRCODE_FDW_INVALID_ATTRIBUTE_VALUE),
					 errmsg("invalid value for option \"key_type\": \"%s\"", key_type),
					 errdetail("Valid key types are \"bytea\" and \"text\".")));
	}
	if (tenant && !phoenix)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_OPTION_NAME),
				 errmsg("option \"tenant\" of IMPORT FOREIGN SCHEMA needs option \"phoenix\""),
				 errdetail("A tenant's views are Phoenix's.")));
	if (phoenix)
		return hbase_phoenix_import(stmt, server, conn);
	/* the namespace goes into the listing's path: an HBase one, or no request */
	if (hbase_table_name_problem(psprintf("%s:t", ns)) != NULL)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_SCHEMA_NOT_FOUND),
				 errmsg("\"%s\" is not an HBase namespace name", ns),
				 errdetail("An HBase namespace consists of letters, digits and '_'.")));
	{
		List	   *listed = namespace_tables(conn, ns);

		/* many tables: their notices at DEBUG1, one summary at the end */
		foreach(lc, listed)
			if (hbase_import_wanted(stmt, lfirst(lc)))
				tally.listed++;
		if (tally.listed > IMPORT_NOTICE_TABLES)
		{
			table_notice_level = DEBUG1;
			hbase_import_notices(DEBUG1);
		}
		foreach(lc, listed)
		{
			const char *name = lfirst(lc);

			if (!hbase_import_wanted(stmt, name) ||
				!hbase_import_name_ok(stmt, name, strlen(name), "HBase table", NULL))
				continue;
			/* Phoenix's own tables (SYSTEM.CATALOG ...) only when LIMIT TO names them */
			if (strcmp(ns, "default") == 0 && strncmp(name, "SYSTEM.", 7) == 0 &&
				stmt->list_type != FDW_IMPORT_SCHEMA_LIMIT_TO)
			{
				tally.system = lappend(tally.system, (char *) name);
				continue;
			}
			wanted = lappend(wanted, (char *) name);
		}
	}
	if (tally.system != NIL && table_notice_level == NOTICE)
		ereport(NOTICE,
				(errmsg("%d tables of Apache Phoenix's own (%s%s) are not imported",
						list_length(tally.system), (char *) linitial(tally.system),
						list_length(tally.system) > 1 ? " ..." : ""),
				 errhint("Name them in LIMIT TO to import them; IMPORT FOREIGN SCHEMA ... OPTIONS (phoenix 'true') imports the tables Phoenix made.")));
	hbase_import_check_count(list_length(wanted));
	/* one table's schema, sample and statement in a context reset after it */
	tablecxt = AllocSetContextCreate(CurrentMemoryContext, "hbase_fdw IMPORT of a table",
									 ALLOCSET_DEFAULT_SIZES);
	foreach(lc, wanted)
	{
		MemoryContext old = MemoryContextSwitchTo(tablecxt);
		char	   *command = import_table(stmt, server, conn, lfirst(lc), key_type, sample_rows,
											   infer_layout, cell_names, &tally);

		MemoryContextSwitchTo(old);
		if (command)
			commands = lappend(commands, pstrdup(command));
		MemoryContextReset(tablecxt);
	}
	MemoryContextDelete(tablecxt);
	tally.imported = list_length(commands);
	if (table_notice_level != NOTICE)
		import_summary(ns, &tally, sample_rows, hbase_import_notices(NOTICE));
	return commands;
}
