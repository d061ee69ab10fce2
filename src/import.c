/*
 * import.c: IMPORT FOREIGN SCHEMA.  An HBase namespace becomes one foreign
 * table per HBase table: the rowkey as a raw column and one jsonb column per
 * column family (each holds the family's cells as {"qualifier": "value"}),
 * with the options filled in, ready to be refined by ALTER (a rowkey
 * layout, typed columns).  Reads the namespace's table list and each
 * table's families from the gateway, and checks every name it gets before
 * a request or a definition uses it (the rules, shared with the Phoenix
 * import of phoenix_catalog.c, are options.c's); writes no catalog itself
 * (the core runs the commands, and applies LIMIT TO / EXCEPT again).
 */
#include "postgres.h"

#include "commands/defrem.h"
#include "foreign/foreign.h"
#include "lib/stringinfo.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "nodes/parsenodes.h"
#include "utils/builtins.h"

#include "hbase_fdw.h"

/* the names of a JSON list the gateway answered, or a protocol error */
static List *
answer_names(HBaseResponse *resp, const char *member, const char *what)
{
	const char *error;
	List	   *names = hbase_json_names(resp->body, resp->len, member, &error);

	if (error != NULL)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_UNABLE_TO_CREATE_REPLY),
				 errmsg("invalid response from the HBase REST gateway"),
				 errdetail("The answer (HTTP %ld) to %s is not what was expected: %s.",
						   resp->status, what, error)));
	return names;
}

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
	return answer_names(resp, "table", what);
}

/* the column families of an HBase table ("ns:table" or "table") */
static List *
table_families(HBaseConn *conn, const char *table)
{
	char	   *what = psprintf("reading the schema of table \"%s\"", table);
	HBaseResponse *resp = hbase_rest_schema(conn, table, what);

	/* a listed table gone since (hbase_report_status would name no table) */
	if (resp->status == 404)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_TABLE_NOT_FOUND),
				 errmsg("HBase table \"%s\" does not exist", table),
				 errdetail("The namespace's listing named it, but the gateway answered 404 to %s.", what)));
	if (resp->status != 200)
		hbase_report_status(resp, NULL, what);
	return answer_names(resp, "ColumnSchema", what);
}

/*
 * The CREATE FOREIGN TABLE of one HBase table: decides the column names (the
 * key column is "rowkey", or "rowkey_" when a family has that name; families
 * keep theirs) and the key's type.
 */
static char *
create_statement(ImportForeignSchemaStmt *stmt, ForeignServer *server, const char *name,
				 const char *table, List *families, const char *key_type)
{
	StringInfoData buf;
	ListCell   *lc;
	const char *keycol = "rowkey";

	foreach(lc, families)
		if (strcmp(lfirst(lc), keycol) == 0)
			keycol = "rowkey_";
	initStringInfo(&buf);
	appendStringInfo(&buf, "CREATE FOREIGN TABLE %s (\n  %s %s OPTIONS (column ':key')",
					 quote_identifier(name), quote_identifier(keycol), key_type);
	foreach(lc, families)
		appendStringInfo(&buf, ",\n  %s jsonb OPTIONS (column %s)",
						 quote_identifier(lfirst(lc)), quote_literal_cstr(lfirst(lc)));
	appendStringInfo(&buf, "\n) SERVER %s OPTIONS (table %s)",
					 quote_identifier(server->servername), quote_literal_cstr(table));
	return buf.data;
}

/*
 * IMPORT FOREIGN SCHEMA "namespace" FROM SERVER s INTO local [OPTIONS
 * (key_type 'bytea' | 'text')]: the commands that create the foreign tables.
 * The key is bytea by default, since keys may hold any bytes.
 */
List *
hbase_import_foreign_schema(ImportForeignSchemaStmt *stmt, Oid serverOid)
{
	ForeignServer *server = GetForeignServer(serverOid);
	HBaseConn  *conn = hbase_get_connection(serverOid, GetUserId());
	const char *ns = stmt->remote_schema;
	const char *key_type = "bytea";
	bool		phoenix = false;
	List	   *commands = NIL;
	List	   *wanted = NIL;
	ListCell   *lc;

	foreach(lc, stmt->options)
	{
		DefElem    *def = lfirst(lc);

		if (strcmp(def->defname, "phoenix") == 0)
		{
			phoenix = defGetBoolean(def);
			continue;
		}
		if (strcmp(def->defname, "key_type") != 0)
			ereport(ERROR,
					(errcode(ERRCODE_FDW_INVALID_OPTION_NAME),
					 errmsg("invalid option \"%s\" for IMPORT FOREIGN SCHEMA", def->defname),
					 errhint("The options are \"key_type\" ('bytea' or 'text') and \"phoenix\" (a boolean).")));
		key_type = defGetString(def);
		if (strcmp(key_type, "bytea") != 0 && strcmp(key_type, "text") != 0)
			ereport(ERROR,
					(errcode(ERRCODE_FDW_INVALID_ATTRIBUTE_VALUE),
					 errmsg("invalid value for option \"key_type\": \"%s\"", key_type),
					 errdetail("Valid key types are \"bytea\" and \"text\".")));
	}
	if (phoenix)
		return hbase_phoenix_import(stmt, server, conn);
	/* the namespace goes into the listing's path: an HBase one, or no request */
	if (hbase_table_name_problem(psprintf("%s:t", ns)) != NULL)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_SCHEMA_NOT_FOUND),
				 errmsg("\"%s\" is not an HBase namespace name", ns),
				 errdetail("An HBase namespace consists of letters, digits and '_'.")));
	foreach(lc, namespace_tables(conn, ns))
	{
		const char *name = lfirst(lc);

		if (hbase_import_name_ok(stmt, name, strlen(name), "HBase table", NULL) &&
			hbase_import_wanted(stmt, name))
			wanted = lappend(wanted, (char *) name);
	}
	hbase_import_check_count(list_length(wanted));
	foreach(lc, wanted)
	{
		const char *name = lfirst(lc);
		const char *table;
		const char *problem;
		List	   *families = NIL;
		ListCell   *fc;

		table = strcmp(ns, "default") == 0 ? name : psprintf("%s:%s", ns, name);
		/* the name goes into the path of the next request: checked before it is sent */
		if ((problem = hbase_table_name_problem(table)) != NULL)
		{
			ereport(NOTICE,
					(errmsg("HBase table \"%s\" is not imported", hbase_printable_key(table, strlen(table))),
					 errdetail("%s", problem)));
			continue;
		}
		foreach(fc, table_families(conn, table))
		{
			const char *family = lfirst(fc);
			char	   *owner = psprintf("HBase table \"%s\"", table);

			if (hbase_import_family_ok(family, owner))
				families = lappend(families, (char *) family);
		}
		commands = lappend(commands,
						   create_statement(stmt, server, name, table, families, key_type));
	}
	return commands;
}
