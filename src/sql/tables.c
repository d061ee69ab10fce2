/*
 * tables.c: making and dropping HBase tables from SQL, through a server's
 * gateway (PUT and DELETE /table/schema), so that a user's first table, a
 * test's or a doc's, needs no HBase shell:
 *
 *   hbase_create_table(server, hbase_table, families, family_options)
 *   hbase_drop_table(server, hbase_table)
 *
 * Creating asks for USAGE on the server, as CREATE FOREIGN TABLE does (the
 * calling user's mapping connects, as for any write); dropping, which
 * destroys data no PostgreSQL object holds, asks for ownership of a foreign
 * table of the server on that HBase table, or a superuser.  The gateway's
 * PUT would change the families of an existing table, so an existing one
 * is refused first.  What REST cannot do (pre-split regions, a namespace)
 * is said in docs/import.md with the shell line that does it.
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "catalog/pg_foreign_table.h"
#include "commands/defrem.h"
#include "executor/spi.h"
#include "foreign/foreign.h"
#include "miscadmin.h"
#include "utils/acl.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"
#include "utils/lsyscache.h"

#include "sql_int.h"

PG_FUNCTION_INFO_V1(hbase_create_table);
PG_FUNCTION_INFO_V1(hbase_drop_table);

/* the family attributes a new table takes (HBase's ColumnFamilyDescriptor) */
static const char *const family_attributes[] = {
	"VERSIONS", "MIN_VERSIONS", "TTL", "COMPRESSION", "BLOOMFILTER", "BLOCKSIZE",
	"BLOCKCACHE", "IN_MEMORY", "KEEP_DELETED_CELLS", "DATA_BLOCK_ENCODING", NULL
};

/* "ns:table" for a table named on a server of namespace ns ("default" when none) */
static char *
full_table_name(const char *ns, const char *declared)
{
	char	   *remote = hbase_remote_table_name(ns, declared);

	return strchr(remote, ':') ? remote : psprintf("default:%s", remote);
}

/* the server, its HBase table as HBase names it, and the name checked */
static ForeignServer *
server_and_table(FunctionCallInfo fcinfo, char **declared, char **remote)
{
	ForeignServer *server = GetForeignServerByName(text_to_cstring(PG_GETARG_TEXT_PP(0)), false);
	HBaseServerOptions sopts;
	const char *problem;

	if (!hbase_is_our_server(server))
		ereport(ERROR,
				(errcode(ERRCODE_WRONG_OBJECT_TYPE),
				 errmsg("server \"%s\" is not an hbase_fdw server", server->servername)));
	*declared = text_to_cstring(PG_GETARG_TEXT_PP(1));
	problem = hbase_table_name_problem(*declared);
	if (problem)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_NAME),
				 errmsg("invalid HBase table name \"%s\"", *declared),
				 errdetail("%s", problem)));
	hbase_server_options(server, &sopts);
	*remote = hbase_remote_table_name(sopts.ns, *declared);
	return server;
}

/* the families, checked: named, no ':' or control characters, each once */
static List *
family_names(ArrayType *arr)
{
	Datum	   *elems;
	bool	   *nulls;
	int			n;
	int			i;
	List	   *out = NIL;

	deconstruct_array(arr, TEXTOID, -1, false, TYPALIGN_INT, &elems, &nulls, &n);
	if (n == 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("an HBase table needs at least one column family")));
	for (i = 0; i < n; i++)
	{
		char	   *f = nulls[i] ? NULL : TextDatumGetCString(elems[i]);
		ListCell   *lc;

		if (f == NULL || *f == '\0' || strpbrk(f, ":") != NULL ||
			strspn(f, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.") != strlen(f))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_NAME),
					 errmsg("invalid column family name \"%s\"", f ? f : "NULL"),
					 errdetail("A family name here consists of letters, digits, '_', '-' and '.'.")));
		foreach(lc, out)
			if (strcmp(lfirst(lc), f) == 0)
				ereport(ERROR,
						(errcode(ERRCODE_DUPLICATE_COLUMN),
						 errmsg("column family \"%s\" is named twice", f)));
		out = lappend(out, f);
	}
	return out;
}

/*
 * The family attributes of a jsonb object ({"VERSIONS": 3, "TTL": 86400}),
 * names upper-cased and checked against family_attributes, values as text
 * (a string, number or boolean).
 */
static void
family_options(Jsonb *opts, List **names, List **values)
{
	JsonbIterator *it;
	JsonbValue	v;
	JsonbIteratorToken tok;
	char	   *name = NULL;

	*names = *values = NIL;
	if (opts == NULL)
		return;
	if (!JB_ROOT_IS_OBJECT(opts))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("family_options must be a JSON object"),
				 errhint("For example '{\"VERSIONS\": 3, \"TTL\": 86400}'.")));
	it = JsonbIteratorInit(&opts->root);
	while ((tok = JsonbIteratorNext(&it, &v, true)) != WJB_DONE)
	{
		if (tok == WJB_KEY)
		{
			const char *const *a;

			name = pnstrdup(v.val.string.val, v.val.string.len);
			for (char *p = name; *p; p++)
				*p = pg_ascii_toupper((unsigned char) *p);
			for (a = family_attributes; *a && strcmp(*a, name) != 0; a++)
				;
			if (*a == NULL)
				ereport(ERROR,
						(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						 errmsg("unknown column family attribute \"%s\"", name),
						 errhint("The attributes are VERSIONS, MIN_VERSIONS, TTL, COMPRESSION, BLOOMFILTER, BLOCKSIZE, BLOCKCACHE, IN_MEMORY, KEEP_DELETED_CELLS and DATA_BLOCK_ENCODING.")));
		}
		else if (tok == WJB_VALUE)
		{
			char	   *text;

			if (v.type == jbvString)
				text = pnstrdup(v.val.string.val, v.val.string.len);
			else if (v.type == jbvNumeric)
				text = DatumGetCString(DirectFunctionCall1(numeric_out,
														   NumericGetDatum(v.val.numeric)));
			else if (v.type == jbvBool)
				text = v.val.boolean ? "true" : "false";
			else
				ereport(ERROR,
						(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						 errmsg("column family attribute \"%s\" needs a string, number or boolean", name)));
			*names = lappend(*names, name);
			*values = lappend(*values, text);
		}
	}
}

/*
 * hbase_create_table(server, hbase_table, families text[] DEFAULT '{cf}',
 * family_options jsonb DEFAULT NULL): a new HBase table of these families,
 * each with the same attributes.  An existing table is refused (42P07): the
 * gateway's PUT would change its families.  The table is named as a foreign
 * table's option "table" names it (the server's namespace when it names
 * none); returns it as HBase names it ("ns:table").
 */
Datum
hbase_create_table(PG_FUNCTION_ARGS)
{
	char	   *declared;
	char	   *remote;
	ForeignServer *server = server_and_table(fcinfo, &declared, &remote);
	List	   *families = family_names(PG_GETARG_ARRAYTYPE_P(2));
	List	   *names;
	List	   *values;
	AclResult	aclresult;
	HBaseConn  *conn;
	HBaseResponse *resp;
	char	   *what = psprintf("creating HBase table \"%s\" (PUT /%s/schema)", declared, remote);

	family_options(PG_ARGISNULL(3) ? NULL : PG_GETARG_JSONB_P(3), &names, &values);
	aclresult = pg_foreign_server_aclcheck(server->serverid, GetUserId(), ACL_USAGE);
	if (aclresult != ACLCHECK_OK)
		aclcheck_error(aclresult, OBJECT_FOREIGN_SERVER, server->servername);

	conn = hbase_get_connection(server->serverid, GetUserId());
	resp = hbase_rest_schema(conn, remote, psprintf("looking up HBase table \"%s\"", declared), 0);
	if (resp->status == 200)
		ereport(ERROR,
				(errcode(ERRCODE_DUPLICATE_TABLE),
				 errmsg("HBase table \"%s\" already exists", declared),
				 errhint("Map it with CREATE FOREIGN TABLE or IMPORT FOREIGN SCHEMA; hbase_drop_table drops it.")));
	if (resp->status != 404)
		hbase_report_status(resp, NULL, "looking up the table");

	resp = hbase_rest_create_table(conn, remote,
								   hbase_json_table_schema(remote, families, names, values), what);
	if (resp->status == 200 || resp->status == 201)
		PG_RETURN_TEXT_P(cstring_to_text(full_table_name(NULL, remote)));
	if (resp->status == 403)
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("HBase REST gateway refused to create HBase table \"%s\"", declared),
				 errdetail("HTTP 403: %s", hbase_body_summary(resp)),
				 errhint("A read-only gateway (hbase.rest.readonly) refuses it; HBase's ACLs need CREATE on the namespace.")));

	/*
	 * a missing namespace: HBase's own gateway answers 503 with the
	 * exception's name
	 */
	if (resp->status == 404 ||
		(resp->status == 503 && strstr(hbase_body_summary(resp), "NamespaceNotFoundException")))
		ereport(ERROR,
				(errcode(ERRCODE_FDW_SCHEMA_NOT_FOUND),
				 errmsg("could not create HBase table \"%s\": its namespace was not found", declared),
				 errdetail("HTTP %ld: %s", resp->status, hbase_body_summary(resp)),
				 errhint("Does its namespace exist? The gateway makes one (POST /namespaces/ns), as does the HBase shell (create_namespace 'ns').")));
	hbase_report_status(resp, NULL, what);
	PG_RETURN_NULL();
}

/*
 * Does the current user own a foreign table of this server that reads HBase
 * table remote?  A table named without namespace is the server's, and
 * "t" is "default:t".
 */
static bool
owns_foreign_table_on(ForeignServer *server, const char *ns, const char *remote)
{
	char	   *want = full_table_name(ns, remote);
	Oid			argtypes[1] = {OIDOID};
	Datum		args[1] = {ObjectIdGetDatum(server->serverid)};
	bool		found = false;
	uint64		i;

	if (SPI_connect() != SPI_OK_CONNECT)
		elog(ERROR, "SPI_connect failed");
	if (SPI_execute_with_args("SELECT ftrelid FROM pg_catalog.pg_foreign_table WHERE ftserver = $1",
							  1, argtypes, args, NULL, true, 0) != SPI_OK_SELECT)
		elog(ERROR, "SPI_execute_with_args failed");
	for (i = 0; i < SPI_processed && !found; i++)
	{
		bool		isnull;
		Oid			relid = DatumGetObjectId(SPI_getbinval(SPI_tuptable->vals[i],
														   SPI_tuptable->tupdesc, 1, &isnull));
		ForeignTable *ft;
		const char *name;
		ListCell   *lc;

		if (!pg_class_ownercheck(relid, GetUserId()))
			continue;
		ft = GetForeignTable(relid);
		name = get_rel_name(relid);
		foreach(lc, ft->options)
		{
			DefElem    *def = lfirst(lc);

			if (strcmp(def->defname, "table") == 0)
				name = defGetString(def);
		}
		found = name && strcmp(full_table_name(ns, name), want) == 0;
	}
	SPI_finish();
	return found;
}

/*
 * hbase_drop_table(server, hbase_table): drops the HBase table and every
 * row of it.  A superuser may drop any; another user only a table that a
 * foreign table of theirs on this server reads (they could delete its rows
 * anyway), so that USAGE on a server is no license to destroy what others
 * keep in the cluster.  Returns the table as HBase names it.
 */
Datum
hbase_drop_table(PG_FUNCTION_ARGS)
{
	char	   *declared;
	char	   *remote;
	ForeignServer *server = server_and_table(fcinfo, &declared, &remote);
	HBaseServerOptions sopts;
	HBaseConn  *conn;
	HBaseResponse *resp;
	char	   *what = psprintf("dropping HBase table \"%s\" (DELETE /%s/schema)", declared, remote);

	hbase_server_options(server, &sopts);
	if (!superuser() && !owns_foreign_table_on(server, sopts.ns, declared))
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("permission denied to drop HBase table \"%s\"", declared),
				 errdetail("Only a superuser, or the owner of a foreign table of server \"%s\" on that HBase table, may drop it.",
						   server->servername)));
	conn = hbase_get_connection(server->serverid, GetUserId());
	resp = hbase_rest_drop_table(conn, remote, what);
	if (resp->status == 200)
		PG_RETURN_TEXT_P(cstring_to_text(full_table_name(NULL, remote)));
	if (resp->status == 404)
	{
		HBaseTable *t = palloc0(sizeof(HBaseTable));
		char	   *similar;

		t->hbase_table = declared;
		t->remote_table = remote;
		similar = hbase_rest_similar_tables(conn, t);
		ereport(ERROR,
				(errcode(ERRCODE_FDW_TABLE_NOT_FOUND),
				 errmsg("HBase table \"%s\" does not exist", declared),
				 similar ? errhint("%s", similar) : 0));
	}
	if (resp->status == 403)
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("HBase REST gateway refused to drop HBase table \"%s\"", declared),
				 errdetail("HTTP 403: %s", hbase_body_summary(resp)),
				 errhint("A read-only gateway (hbase.rest.readonly) refuses it; HBase's ACLs need ADMIN or CREATE on the table.")));
	hbase_report_status(resp, NULL, what);
	PG_RETURN_NULL();
}
