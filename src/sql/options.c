/*
 * options.c: the options of hbase_fdw objects.
 *
 * Owns the table of valid options per catalog, the validator (with "did you
 * mean" hints and value checks at CREATE/ALTER time), the check of a whole
 * foreign table that the DDL event trigger (sql_functions.c) runs, the rules
 * of the names IMPORT FOREIGN SCHEMA may define (for import.c and
 * phoenix_catalog.c both), and the GUCs (their variables live where they
 * are read).  The values' parsers are wire/option_values.c's and the
 * parsing of a foreign table into an HBaseTable datum/table.c's: the layers
 * below read servers and tables without calling up into sql/.
 */
#include "postgres.h"

#include <limits.h>

#include <ctype.h>
#include <math.h>

#include "access/reloptions.h"
#include "access/twophase.h"
#include "catalog/heap.h"
#include "catalog/pg_class.h"
#include "catalog/pg_foreign_data_wrapper.h"
#include "catalog/pg_foreign_server.h"
#include "catalog/pg_foreign_table.h"
#include "catalog/pg_namespace.h"
#include "catalog/pg_user_mapping.h"
#include "catalog/pg_attribute.h"
#include "commands/defrem.h"
#include "fmgr.h"
#include "miscadmin.h"
#include "utils/lsyscache.h"
#include "utils/rel.h"
#include "utils/builtins.h"
#include "utils/varlena.h"
#include "mb/pg_wchar.h"
#include "nodes/parsenodes.h"
#include "storage/lock.h"
#include "access/table.h"
#include "utils/syscache.h"
#include "utils/memutils.h"
#include "utils/inval.h"
#include "utils/guc.h"
#include "utils/hsearch.h"
#include "access/xact.h"

#include "sql.h"
#include "phoenix.h"
#include "http.h"

PG_FUNCTION_INFO_V1(hbase_fdw_validator);

/*
 * the GUCs (hbase_define_gucs); their variables are where they are read:
 * datum/table.c, exec/scan.c, exec/modify.c, exec/join.c
 */
static double hbase_busy_wait = 2.0;	/* ms */

typedef struct HBaseOption
{
	const char *name;
	Oid			context;		/* catalog the option belongs to */
} HBaseOption;

static const HBaseOption valid_options[] = {
	/* server */
	{"url", ForeignServerRelationId},
	{"connect_timeout", ForeignServerRelationId},
	{"request_timeout", ForeignServerRelationId},
	{"tls_verify", ForeignServerRelationId},
	{"ca_file", ForeignServerRelationId},
	{"fetch_size", ForeignServerRelationId},
	{"pushdown", ForeignServerRelationId},
	{"updatable", ForeignServerRelationId},
	{"concurrency", ForeignServerRelationId},
	{"batch_size", ForeignServerRelationId},
	{"write_concurrency", ForeignServerRelationId},
	{"max_response_size", ForeignServerRelationId},
	{"transport", ForeignServerRelationId},
	{"compression", ForeignServerRelationId},
	{"gateway_version", ForeignServerRelationId},
	{"keep_connections", ForeignServerRelationId},
	{"estimated_rows", ForeignServerRelationId},
	{"fdw_startup_cost", ForeignServerRelationId},
	{"fdw_tuple_cost", ForeignServerRelationId},
	{"namespace", ForeignServerRelationId},
	/* user mapping */
	{"user", UserMappingRelationId},
	{"password", UserMappingRelationId},
	/* Kerberos (SPNEGO) and impersonation: see check_krb_option */
	{"krb5_config", ForeignServerRelationId},
	{"krb_principal", UserMappingRelationId},
	{"krb_keytab", UserMappingRelationId},
	{"krb_ccache", UserMappingRelationId},
	{"doas", UserMappingRelationId},
	/* foreign table */
	{"table", ForeignTableRelationId},
	{"family", ForeignTableRelationId},
	{"encoding", ForeignTableRelationId},
	{"fetch_size", ForeignTableRelationId},
	{"rowkey", ForeignTableRelationId},
	{"pushdown", ForeignTableRelationId},
	{"updatable", ForeignTableRelationId},
	{"concurrency", ForeignTableRelationId},
	{"batch_size", ForeignTableRelationId},
	{"write_concurrency", ForeignTableRelationId},
	{"analyze_sample_fraction", ForeignTableRelationId},
	{"parallel_workers", ForeignTableRelationId},
	{"versions", ForeignTableRelationId},
	{"empty_column", ForeignTableRelationId},
	{"phoenix_indexes", ForeignTableRelationId},
	{"estimated_rows", ForeignTableRelationId},
	{"rowkey_extra", ForeignTableRelationId},
	{"phoenix_index_layouts", ForeignTableRelationId},
	/* column */
	{"column", AttributeRelationId},
	{"encoding", AttributeRelationId},
	{"phoenix_type", AttributeRelationId},
	{"phoenix_element", AttributeRelationId},
	{"text_width", AttributeRelationId},	/* checked with its column: table.c */
	{"row_timestamp", AttributeRelationId},
	/* IMPORT FOREIGN SCHEMA (import.c checks them; here for hbase_closest_option) */
	{"key_type", HBASE_IMPORT_OPTIONS},
	{"sample_rows", HBASE_IMPORT_OPTIONS},
	{"infer_layout", HBASE_IMPORT_OPTIONS},
	{"key_names", HBASE_IMPORT_OPTIONS},
	{"phoenix", HBASE_IMPORT_OPTIONS},
	{"tenant", HBASE_IMPORT_OPTIONS},
	{NULL, InvalidOid}
};

static const char *
context_name(Oid context)
{
	switch (context)
	{
		case ForeignServerRelationId:
			return "server";
		case UserMappingRelationId:
			return "user mapping";
		case ForeignTableRelationId:
			return "foreign table";
		case AttributeRelationId:
			return "column";
		default:
			return "foreign-data wrapper";
	}
}

/*
 * The option name closest to a misspelt one, like PostgreSQL's own hints;
 * context HBASE_IMPORT_OPTIONS: IMPORT FOREIGN SCHEMA's options.
 */
const char *
hbase_closest_option(const char *name, Oid context)
{
	const char *best = NULL;
	int			bestdist = 3;	/* farther than that is no suggestion */
	const HBaseOption *opt;

	for (opt = valid_options; opt->name; opt++)
	{
		int			d;

		if (opt->context != context)
			continue;
		d = varstr_levenshtein_less_equal(name, strlen(name), opt->name,
										  strlen(opt->name), 1, 1, 1,
										  bestdist, true);
		if (d < bestdist)
		{
			bestdist = d;
			best = opt->name;
		}
	}
	return best;
}

static void
invalid_option(const char *name, Oid context)
{
	const char *hint = hbase_closest_option(name, context);
	StringInfoData valid;
	const HBaseOption *opt;

	initStringInfo(&valid);
	for (opt = valid_options; opt->name; opt++)
		if (opt->context == context)
			appendStringInfo(&valid, "%s%s", valid.len ? ", " : "", opt->name);

	ereport(ERROR,
			(errcode(ERRCODE_FDW_INVALID_OPTION_NAME),
			 errmsg("invalid option \"%s\" for hbase_fdw %s", name, context_name(context)),
			 hint ? errhint("Perhaps you meant the option \"%s\".", hint) :
			 valid.len ? errhint("Valid options for a %s are: %s.", context_name(context), valid.data) :
			 errhint("There are no valid options in this context.")));
}

/*
 * Checks a Kerberos option; false when name is not one.  Those naming files
 * of the database server (krb5_config, krb_keytab, krb_ccache) are for
 * superusers, like ca_file: otherwise any user could authenticate with the
 * server's tickets or keys.  So is doas: a user who picks the HBase user the
 * gateway principal acts as could act as anyone that principal may
 * impersonate.
 */
static bool
check_krb_option(const char *name, const char *value)
{
	if (strcmp(name, "krb5_config") != 0 && strcmp(name, "krb_keytab") != 0 &&
		strcmp(name, "krb_ccache") != 0 && strcmp(name, "doas") != 0)
		return strcmp(name, "krb_principal") == 0;
	if (!superuser())
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("only superusers can set option \"%s\"", name),
				 strcmp(name, "doas") == 0 ?
				 errdetail("The option picks the HBase user the gateway principal acts as.") :
				 errdetail("The option names a file on the database server.")));
	if ((strcmp(name, "krb5_config") == 0 || strcmp(name, "krb_keytab") == 0) &&
		!is_absolute_path(value))
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_ATTRIBUTE_VALUE),
				 errmsg("invalid value for option \"%s\"", name),
				 errdetail("The file must be given by an absolute path.")));
	if (strcmp(name, "doas") == 0 && value[0] == '\0')
		hbase_bad_option_value(name, value, "The HBase user name is empty.");
	return true;
}

/*
 * The FDW's validator, at CREATE/ALTER of a wrapper, server, user mapping,
 * foreign table or column: decides whether each option belongs to that
 * catalog (else an error with a "did you mean" hint) and whether its value
 * parses as hbase_build_table and hbase_server_options will read it, and
 * whether the options that go together are there (a server's url; a
 * keytab's principal).  What needs the table's columns (the rowkey layout
 * against the key columns' types; text_width, whose error names its
 * column, against the column's type and encoding) is checked by the DDL event trigger
 * (hbase_check_foreign_table).  ca_file is for superusers only: it names a
 * file on the database server.
 */
Datum
hbase_fdw_validator(PG_FUNCTION_ARGS)
{
	List	   *options = untransformRelOptions(PG_GETARG_DATUM(0));
	Oid			catalog = PG_GETARG_OID(1);
	ListCell   *lc;
	bool		have_url = false;
	bool		have_principal = false;
	bool		have_keytab = false;
	bool		have_user = false;
	bool		have_password = false;

	foreach(lc, options)
	{
		DefElem    *def = lfirst(lc);
		const char *name = def->defname;
		const char *value = defGetString(def);
		const HBaseOption *opt;
		bool		known = false;

		for (opt = valid_options; opt->name; opt++)
			if (opt->context == catalog && strcmp(opt->name, name) == 0)
				known = true;
		if (!known)
			invalid_option(name, catalog);
		have_user |= strcmp(name, "user") == 0;
		have_password |= strcmp(name, "password") == 0;

		if (check_krb_option(name, value))
		{
			have_principal |= strcmp(name, "krb_principal") == 0;
			have_keytab |= strcmp(name, "krb_keytab") == 0;
		}
		else if (strcmp(name, "url") == 0)
		{
			List	   *urls = hbase_split_urls(value, false);
			ListCell   *uc;

			if (list_length(urls) > HBASE_MAX_GATEWAYS)
				hbase_bad_option_value(name, value, psprintf("At most %d gateways can be given.", HBASE_MAX_GATEWAYS));
			foreach(uc, urls)
				hbase_check_url(lfirst(uc));
			have_url = true;
		}
		else if (strcmp(name, "connect_timeout") == 0 || strcmp(name, "request_timeout") == 0)
			(void) hbase_parse_seconds(name, value);
		else if (strcmp(name, "tls_verify") == 0 || strcmp(name, "pushdown") == 0 ||
				 strcmp(name, "keep_connections") == 0 || strcmp(name, "updatable") == 0 ||
				 strcmp(name, "row_timestamp") == 0)
			(void) hbase_option_bool(name, value);
		else if (strcmp(name, "ca_file") == 0)
		{
			if (!superuser())
				ereport(ERROR,
						(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
						 errmsg("only superusers can set option \"ca_file\""),
						 errdetail("The option names a file on the database server.")));
			if (!is_absolute_path(value))
				hbase_bad_option_value(name, value, "The CA file must be given by an absolute path.");
		}
		else if (strcmp(name, "fetch_size") == 0)
			(void) hbase_parse_fetch_size(value);
		else if (strcmp(name, "concurrency") == 0)
			(void) hbase_parse_concurrency(value);
		else if (strcmp(name, "estimated_rows") == 0)
			(void) hbase_parse_estimated_rows(value);
		else if (strcmp(name, "fdw_startup_cost") == 0 || strcmp(name, "fdw_tuple_cost") == 0)
			(void) hbase_parse_cost(name, value);
		else if (strcmp(name, "batch_size") == 0)
			(void) hbase_parse_batch_size(value);
		else if (strcmp(name, "write_concurrency") == 0)
			(void) hbase_parse_write_concurrency(value);
		else if (strcmp(name, "parallel_workers") == 0)
			(void) hbase_parse_parallel_workers(value);
		else if (strcmp(name, "versions") == 0)
			(void) hbase_parse_versions(value);
		else if (strcmp(name, "empty_column") == 0)
		{
			if (strchr(value, ':') == NULL)
				hbase_bad_option_value(name, value, "The empty column is one cell: \"family:qualifier\".");
			hbase_check_column_option(name, value);
		}
		else if (strcmp(name, "analyze_sample_fraction") == 0)
			(void) hbase_parse_sample_fraction(value);
		else if (strcmp(name, "table") == 0)
			hbase_check_table_name(value, NULL);
		else if (strcmp(name, "namespace") == 0)
			hbase_check_namespace(value);
		else if (strcmp(name, "max_response_size") == 0)
			(void) hbase_parse_size(name, value);
		else if (strcmp(name, "transport") == 0)
			(void) hbase_parse_transport(value);
		else if (strcmp(name, "compression") == 0)
			(void) hbase_parse_compression(value);
		else if (strcmp(name, "rowkey_extra") == 0)
			(void) hbase_parse_rowkey_extra(value);
		else if (strcmp(name, "gateway_version") == 0)
			(void) hbase_parse_gateway_option(value);
		else if (strcmp(name, "family") == 0)
			hbase_check_family(name, value, strlen(value));
		else if (strcmp(name, "column") == 0)
			hbase_check_column_option(name, value);
		else if (strcmp(name, "encoding") == 0)
			(void) hbase_parse_encoding(value);
		else if (strcmp(name, "phoenix_type") == 0)
			(void) hbase_phoenix_parse_type(value);
		else if (strcmp(name, "phoenix_element") == 0)
			(void) hbase_parse_element(value);
		else if (strcmp(name, "rowkey") == 0 && value[strspn(value, " \t\r\n")] == '\0')
			hbase_bad_option_value(name, value, "The rowkey layout is empty.");
	}

	/*
	 * Required options.  ALTER ... OPTIONS (DROP x) passes the remaining
	 * options, so this also stops dropping them.
	 */
	if (have_principal != have_keytab)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_OPTION_NAME_NOT_FOUND),
				 errmsg("options \"krb_principal\" and \"krb_keytab\" go together"),
				 errhint("Give both to get tickets from a keytab, or only \"krb_ccache\" to use an existing credential cache.")));
	/* Basic auth sends both; a password alone would be ignored silently */
	if (have_password && !have_user)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_OPTION_NAME_NOT_FOUND),
				 errmsg("option \"password\" needs option \"user\""),
				 errhint("HTTP Basic authentication sends both: add OPTIONS (user 'name').")));
	if (catalog == ForeignServerRelationId && !have_url)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_OPTION_NAME_NOT_FOUND),
				 errmsg("hbase_fdw server needs option \"url\""),
				 errhint("Add OPTIONS (url 'http://host:port') with the address of the HBase REST gateway.")));

	PG_RETURN_VOID();
}

/* the context of an error in a table IMPORT FOREIGN SCHEMA made */
static void
import_check_callback(void *arg)
{
	errcontext("foreign table \"%s\" as IMPORT FOREIGN SCHEMA defined it", (const char *) arg);
}

/* is the server one of hbase_fdw's (its wrapper's handler ours)? */
bool
hbase_is_our_server(ForeignServer *server)
{
	ForeignDataWrapper *fdw = GetForeignDataWrapper(server->fdwid);
	char	   *handler = OidIsValid(fdw->fdwhandler) ? get_func_name(fdw->fdwhandler) : NULL;

	return handler != NULL && strcmp(handler, "hbase_fdw_handler") == 0;
}

/*
 * Checks an hbase_fdw foreign table's whole mapping, columns and layout
 * included, as the catalog holds it now (relid: any relation; others pass):
 * the validator sees options without the table's columns, so the DDL event
 * trigger calls this at the end of the command, and a bad mapping aborts it.
 * imported: IMPORT FOREIGN SCHEMA made the table, which errors say.
 */
void
hbase_check_foreign_table(Oid relid, bool imported)
{
	ForeignTable *ft;
	ForeignServer *server;
	ErrorContextCallback cb;

	if (!OidIsValid(relid) || get_rel_relkind(relid) != RELKIND_FOREIGN_TABLE)
		return;
	ft = GetForeignTable(relid);
	server = GetForeignServer(ft->serverid);
	if (!hbase_is_our_server(server))
		return;
	cb.callback = import_check_callback;
	cb.arg = get_rel_name(relid);
	cb.previous = error_context_stack;
	if (imported)
		error_context_stack = &cb;
	(void) hbase_build_table(relid);	/* the catalog as it is now */
	if (imported)
		error_context_stack = cb.previous;
}

static void
busy_wait_assign(double newval, void *extra)
{
	hbase_http_set_busy_wait((long) (newval * 1000.0));
}

/* defines the GUCs hbase_fdw.*, from _PG_init, and reserves the prefix */
void
hbase_define_gucs(void)
{
	DefineCustomBoolVariable("hbase_fdw.enable_pushdown",
							 "Turns quals on rowkey columns into Gets, multigets and bounded scans.",
							 "Off: every foreign scan reads the whole table (all quals are evaluated locally).",
							 &hbase_enable_pushdown, true, PGC_USERSET, 0,
							 NULL, NULL, NULL);
	DefineCustomBoolVariable("hbase_fdw.read_ahead",
							 "Asks for a scanner's next page before the rows of the last one are returned.",
							 "The gateway then prepares a page while this backend works; off: one page at a time.",
							 &hbase_read_ahead, true, PGC_USERSET, 0,
							 NULL, NULL, NULL);
	DefineCustomRealVariable("hbase_fdw.busy_wait",
							 "How long a request polls for its answer before its backend sleeps.",
							 "A short wait keeps the CPU awake: a Get answered within it returns sooner. "
							 "After a request not answered in time, or when other processes wanted the CPU, "
							 "requests sleep at once for a second. 0 turns it off.",
							 &hbase_busy_wait, 2.0, 0.0, 1000.0, PGC_USERSET, GUC_UNIT_MS,
							 NULL, busy_wait_assign, NULL);
	DefineCustomIntVariable("hbase_fdw.update_retries",
							"How many times an UPDATE re-reads a row that changed under its check-and-put.",
							"After that many conflicts on one row the UPDATE fails with SQLSTATE 40001 (serialization_failure). "
							"0: the first conflict fails.",
							&hbase_update_retries, 30, 0, 10000, PGC_USERSET, 0,
							NULL, NULL, NULL);
	DefineCustomBoolVariable("hbase_fdw.enable_batched_join",
							 "Plans joins on an HBase table's rowkey as batched multigets.",
							 "Off: such joins are hash, merge or nested loop joins over the table's own scans.",
							 &hbase_enable_batched_join, true, PGC_USERSET, 0,
							 NULL, NULL, NULL);
	DefineCustomIntVariable("hbase_fdw.join_batch_size",
							"Outer rows a batched key join reads keys for at once.",
							"A batch also ends when its rows and keys reach work_mem.",
							&hbase_join_batch_size, 1000, 1, 100000, PGC_USERSET, 0,
							NULL, NULL, NULL);
	MarkGUCPrefixReserved("hbase_fdw");
}

/* ---------------- names IMPORT FOREIGN SCHEMA may define ---------------- */

/* does LIMIT TO / EXCEPT let this table through (saves its schema request)? */
bool
hbase_import_wanted(ImportForeignSchemaStmt *stmt, const char *name)
{
	ListCell   *lc;
	bool		listed = false;

	if (stmt->list_type == FDW_IMPORT_SCHEMA_ALL)
		return true;
	foreach(lc, stmt->table_list)
		if (strcmp(((RangeVar *) lfirst(lc))->relname, name) == 0)
			listed = true;
	return stmt->list_type == FDW_IMPORT_SCHEMA_LIMIT_TO ? listed : !listed;
}

/*
 * Is name one of PostgreSQL's system columns (ctid, xmin, cmin, xmax, cmax,
 * tableoid)?  No column may take it: an import names such a column
 * otherwise (a qualifier "xmin" is ordinary in geo tables).
 */
bool
hbase_system_column_name(const char *name)
{
	return SystemAttributeByName(name) != NULL;
}

/* the level of skip_name's messages, and the names it skipped at DEBUG1 */
static int	skip_level = NOTICE;
static int	skipped_quietly = 0;

/*
 * Sets the level of the messages saying a name is skipped (NOTICE, or
 * DEBUG1 when an import of many tables sums up at its end); returns how
 * many names were skipped at DEBUG1 since the last call, for that summary.
 */
int
hbase_import_notices(int level)
{
	int			n = skipped_quietly;

	skip_level = level;
	skipped_quietly = 0;
	return n;
}

/* a NOTICE that a name from HBase is skipped (escaped in it), and false */
static bool
skip_name(const char *name, int len, const char *what, const char *owner, const char *detail)
{
	if (skip_level != NOTICE)
		skipped_quietly++;
	ereport(skip_level,
			(errmsg("%s \"%s\"%s%s is not imported", what, hbase_printable_key(name, len),
					owner ? " of " : "", owner ? owner : ""),
			 errdetail("%s", detail)));
	return false;
}

/*
 * Decides whether a name HBase or Phoenix's catalog gave (len bytes: a table,
 * a column, a family, a catalog name) may go into the catalog here: valid in
 * the database encoding, or pg_attribute would hold bytes that no dump of it
 * restores.  A bad one is skipped with a NOTICE naming it, escaped, so that
 * one name costs its table or column and not the whole import.  what/owner
 * say what it is ("column", "Phoenix table \"T\""; owner may be NULL).
 * With stmt (names of tables) and LIMIT TO, no NOTICE: LIMIT TO cannot name
 * such a table.
 */
bool
hbase_import_name_ok(ImportForeignSchemaStmt *stmt, const char *name, int len,
					 const char *what, const char *owner)
{
	if (pg_verify_mbstr(GetDatabaseEncoding(), name, len, true))
		return true;
	if (stmt != NULL && stmt->list_type == FDW_IMPORT_SCHEMA_LIMIT_TO)
		return false;
	return skip_name(name, len, what, owner,
					 psprintf("The name is not valid in the database encoding %s.",
							  GetDatabaseEncodingName()));
}

/*
 * The same for a column family's name, which also goes into the option
 * "column": what the option's check refuses (empty, ':', control
 * characters) is skipped here rather than failing the whole import.
 */
bool
hbase_import_family_ok(const char *name, const char *owner)
{
	int			len = strlen(name);
	int			i;

	if (!hbase_import_name_ok(NULL, name, len, "column family", owner))
		return false;
	if (len == 0)
		return skip_name(name, len, "column family", owner, "The name is empty.");
	for (i = 0; i < len; i++)
	{
		if (name[i] == ':')
			return skip_name(name, len, "column family", owner,
							 "A column family name must not contain ':'.");
		if ((unsigned char) name[i] < 0x20 || name[i] == 0x7f)
			return skip_name(name, len, "column family", owner,
							 "The name holds a control character.");
	}
	return true;
}

/*
 * Locks a CREATE FOREIGN TABLE holds until the end of the transaction (its
 * relation, and an object lock), as pg_locks shows them.
 */
#define LOCKS_PER_TABLE 2

/*
 * Refuses, before any table's request, an import of more tables than the
 * shared lock table can hold: the core creates all of them in one
 * transaction, each keeping its locks to the end, and past the lock table's
 * size (max_locks_per_transaction x (max_connections and the other
 * backends + max_prepared_transactions)) the import fails with "out of
 * shared memory" only after a request per table.  Other sessions' locks
 * share that room, so an import near the limit may still run out.
 */
void
hbase_import_check_count(int ntables)
{
	int64		room = (int64) max_locks_per_xact * (MaxBackends + max_prepared_xacts);

	if ((int64) ntables * LOCKS_PER_TABLE <= room)
		return;
	ereport(ERROR,
			(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
			 errmsg("IMPORT FOREIGN SCHEMA would create %d foreign tables in one transaction, more than the lock table holds",
					ntables),
			 errdetail("Each new table holds %d locks until the transaction ends; the lock table has room for %lld (max_locks_per_transaction %d for %d backends and prepared transactions).",
					   LOCKS_PER_TABLE, (long long) room, max_locks_per_xact,
					   MaxBackends + max_prepared_xacts),
			 errhint("Import the tables in pieces of at most %lld, each its own IMPORT FOREIGN SCHEMA with LIMIT TO or EXCEPT in its own transaction, or raise max_locks_per_transaction.",
					 (long long) (room / LOCKS_PER_TABLE / 2))));
}
