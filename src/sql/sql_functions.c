/*
 * sql_functions.c: every SQL-callable function of hbase_fdw but the FDW's
 * handler (hbase_fdw.c) and validator (options.c), where PostgreSQL's
 * convention puts them.
 *
 * The operator's, over this backend's connections, named as postgres_fdw
 * names them:
 *
 *   hbase_fdw_get_connections()   what is open: server, user mapping, gateway
 *                                 and its version, used in this transaction,
 *                                 open scanners, requests sent
 *   hbase_fdw_disconnect(server)  close them (not one the current transaction
 *   hbase_fdw_disconnect_all()    uses: a warning), true if any was closed
 *
 * this backend's counters, for tests and benchmarks:
 *
 *   hbase_fdw_requests()          HTTP requests sent, by method
 *   hbase_fdw_cellsets()          CellSets decoded, by transport, and bytes
 *   hbase_fdw_scanners()          the last scanners opened, still open or not
 *
 * the statistics of the requests sent to each server:
 *
 *   hbase_fdw_stats(backend_only) the counters per server (the view
 *                                 hbase_fdw_stats), of every backend when the
 *                                 library is preloaded, else this backend's
 *   hbase_fdw_stats_reset(server) zero them (one server's, or all)
 *
 * the rowkey codec on demand:
 *
 *   hbase_rowkey(table, jsonb)    the key of some key column values
 *   hbase_rowkey_parts(table, key) a key cut into its layout's parts
 *
 * and the event trigger hbase_fdw_ddl_check() that checks a foreign table's
 * whole mapping at CREATE/ALTER FOREIGN TABLE and IMPORT FOREIGN SCHEMA.
 *
 * The connections and this backend's counters live in connection.c, the
 * statistics in stats.c, the codec in rowkey_pg.c, the table check in
 * options.c; this file only takes the arguments and formats.
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "catalog/namespace.h"
#include "catalog/pg_user_mapping.h"
#include "commands/event_trigger.h"
#include "executor/spi.h"
#include "foreign/foreign.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "nodes/parsenodes.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"
#include "utils/timestamp.h"

#include "sql_int.h"

PG_FUNCTION_INFO_V1(hbase_fdw_get_connections);
PG_FUNCTION_INFO_V1(hbase_fdw_disconnect);
PG_FUNCTION_INFO_V1(hbase_fdw_disconnect_all);
PG_FUNCTION_INFO_V1(hbase_fdw_requests);
PG_FUNCTION_INFO_V1(hbase_phoenix_indexes);
PG_FUNCTION_INFO_V1(hbase_fdw_cellsets);
PG_FUNCTION_INFO_V1(hbase_fdw_scanners);
PG_FUNCTION_INFO_V1(hbase_rowkey);
PG_FUNCTION_INFO_V1(hbase_rowkey_parts);
PG_FUNCTION_INFO_V1(hbase_fdw_ddl_check);
PG_FUNCTION_INFO_V1(hbase_fdw_stats);
PG_FUNCTION_INFO_V1(hbase_fdw_stats_reset);

/* the role a user mapping is for: its name, "public", or NULL (none) */
static char *
mapping_user(Oid umid)
{
	HeapTuple	tp;
	Oid			userid;

	if (!OidIsValid(umid))
		return NULL;
	tp = SearchSysCache1(USERMAPPINGOID, ObjectIdGetDatum(umid));
	if (!HeapTupleIsValid(tp))
		return NULL;
	userid = ((Form_pg_user_mapping) GETSTRUCT(tp))->umuser;
	ReleaseSysCache(tp);
	return OidIsValid(userid) ? GetUserNameFromId(userid, true) : pstrdup("public");
}

/*
 * hbase_fdw_get_connections() -> (server_name, user_name, url, gateway_version,
 * in_transaction, open_scanners, requests, valid)
 */
Datum
hbase_fdw_get_connections(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	ListCell   *lc;

	InitMaterializedSRF(fcinfo, 0);
	foreach(lc, hbase_connections())
	{
		HBaseConnInfo *ci = lfirst(lc);
		ForeignServer *server = GetForeignServerExtended(ci->serverid, FSV_MISSING_OK);
		char	   *user = mapping_user(ci->umid);
		Datum		values[8];
		bool		nulls[8] = {0};

		/* a server dropped in this transaction has no name any more */
		if (server)
			values[0] = CStringGetTextDatum(server->servername);
		else
			nulls[0] = true;
		if (user)
			values[1] = CStringGetTextDatum(user);
		else
			nulls[1] = true;
		values[2] = CStringGetTextDatum(ci->url);
		if (ci->gateway_version)
			values[3] = CStringGetTextDatum(ci->gateway_version);
		else
			nulls[3] = true;
		values[4] = BoolGetDatum(ci->in_transaction);
		values[5] = Int32GetDatum(ci->open_scanners);
		values[6] = Int64GetDatum(ci->requests);
		values[7] = BoolGetDatum(ci->valid);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/* hbase_fdw_disconnect(server) -> closed any: a server that does not exist is an error */
Datum
hbase_fdw_disconnect(PG_FUNCTION_ARGS)
{
	ForeignServer *server = GetForeignServerByName(text_to_cstring(PG_GETARG_TEXT_PP(0)), false);

	PG_RETURN_BOOL(hbase_disconnect(server->serverid));
}

/* hbase_fdw_disconnect_all() -> closed any */
Datum
hbase_fdw_disconnect_all(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(hbase_disconnect(InvalidOid));
}

/* a latency in microseconds as milliseconds, NULL when there is none */
static void
put_ms(Datum *value, bool *isnull, double us)
{
	if (us < 0)
		*isnull = true;
	else
		*value = Float8GetDatum(us / 1000.0);
}

/*
 * hbase_fdw_stats(backend_only) -> one row per server of this database
 * that requests were sent to since the counters started or were reset:
 * its name (NULL once dropped) and oid, the scope of the counters
 * ('cluster': every backend's, the library being preloaded; 'backend':
 * this one's), requests by kind, bytes, errors by class, failed checks,
 * retries, failovers, resumed scans, latency p50, p99 and max in ms, and
 * since when.  Column order: as the extension script declares it.  A
 * session's own counters hold HBASE_STATS_MAX_LOCAL servers: a warning
 * says how many more it used, whose counters are not shown.
 */
Datum
hbase_fdw_stats(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	bool		is_shared;
	int			dropped;
	List	   *servers;
	ListCell   *lc;

	InitMaterializedSRF(fcinfo, 0);
	servers = hbase_stats_servers(PG_GETARG_BOOL(0), &is_shared, &dropped);
	/* the session's counters are full: say how many servers they leave out */
	if (!is_shared && dropped > 0)
		ereport(WARNING,
				(errcode(ERRCODE_WARNING),
				 errmsg("hbase_fdw_stats leaves out the counters of %d servers this session used",
						dropped),
				 errdetail("A session counts the requests of at most %d servers; the ones counted the longest ago made room for newer ones.",
						   HBASE_STATS_MAX_LOCAL),
				 errhint("hbase_fdw_stats_reset() frees the slots of dropped servers; with hbase_fdw in shared_preload_libraries the view shows every backend's counters instead.")));
	foreach(lc, servers)
	{
		HBaseStatServer *e = lfirst(lc);
		HBaseStatCounters *c = &e->c;
		ForeignServer *server = GetForeignServerExtended(e->serverid, FSV_MISSING_OK);
		Datum		values[3 + 1 + HBASE_STAT_NKINDS + 2 + HBASE_STAT_NERRORS + 4 + 3 + 1];
		bool		nulls[lengthof(values)];
		int64		total = 0;
		int			i,
					k;

		memset(nulls, 0, sizeof(nulls));
		i = 0;
		if (server)
			values[i++] = CStringGetTextDatum(server->servername);
		else
			nulls[i++] = true;
		values[i++] = ObjectIdGetDatum(e->serverid);
		values[i++] = CStringGetTextDatum(is_shared ? "cluster" : "backend");
		for (k = 0; k < HBASE_STAT_NKINDS; k++)
			total += c->requests[k];
		values[i++] = Int64GetDatum(total);
		for (k = 0; k < HBASE_STAT_NKINDS; k++)
			values[i++] = Int64GetDatum(c->requests[k]);
		values[i++] = Int64GetDatum(c->bytes_out);
		values[i++] = Int64GetDatum(c->bytes_in);
		for (k = 0; k < HBASE_STAT_NERRORS; k++)
			values[i++] = Int64GetDatum(c->errors[k]);
		values[i++] = Int64GetDatum(c->check_failures);
		values[i++] = Int64GetDatum(c->retries);
		values[i++] = Int64GetDatum(c->failovers);
		values[i++] = Int64GetDatum(c->resumes);
		put_ms(&values[i], &nulls[i], hbase_stats_percentile(c, 0.50));
		i++;
		put_ms(&values[i], &nulls[i], hbase_stats_percentile(c, 0.99));
		i++;
		put_ms(&values[i], &nulls[i], c->answered > 0 ? (double) c->latency_max_us : -1);
		i++;
		values[i++] = TimestampTzGetDatum(c->since);
		Assert(i == lengthof(values));
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/* hbase_fdw_stats_reset(server): NULL resets every server's counters */
Datum
hbase_fdw_stats_reset(PG_FUNCTION_ARGS)
{
	Oid			serverid = InvalidOid;

	if (!PG_ARGISNULL(0))
		serverid = GetForeignServerByName(text_to_cstring(PG_GETARG_TEXT_PP(0)), false)->serverid;
	hbase_stats_reset(serverid);
	PG_RETURN_VOID();
}

/* ---------------- this backend's counters ---------------- */

/*
 * One row of a set-returning function's result (after InitMaterializedSRF):
 * nulls NULL when no column is NULL (at most 4 columns then).
 */
static void
put_row(FunctionCallInfo fcinfo, Datum *values, bool *nulls)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	bool		none[4] = {false, false, false, false};

	Assert(nulls || rsinfo->setDesc->natts <= lengthof(none));
	tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls ? nulls : none);
}

/* a row of two columns: a name and its value */
static void
put_pair(FunctionCallInfo fcinfo, const char *name, Datum value)
{
	Datum		values[2];

	values[0] = CStringGetTextDatum(name);
	values[1] = value;
	put_row(fcinfo, values, NULL);
}

/* hbase_fdw_requests() -> (method, requests): HTTP requests this backend sent */
Datum
hbase_fdw_requests(PG_FUNCTION_ARGS)
{
	const char *method;
	int64		count;
	int			i;

	InitMaterializedSRF(fcinfo, 0);
	for (i = 0; hbase_request_count(i, &method, &count); i++)
		put_pair(fcinfo, method, Int64GetDatum(count));
	return (Datum) 0;
}

/*
 * hbase_phoenix_indexes(foreign_table) -> (index, hbase_table, key_columns,
 * rowkey, empty_column, local_id): the Phoenix indexes the table's reads
 * can go through (option phoenix_index_layouts, which IMPORT writes): each
 * index's HBase table (a local index's: the data table), the table's
 * columns its key holds, its key as a layout over them, its empty key value
 * column, and a local index's VIEW_INDEX_ID bytes that follow each region's
 * start key in its rows' keys (NULL: a global index).  As the options say;
 * nothing is read from HBase.
 */
Datum
hbase_phoenix_indexes(PG_FUNCTION_ARGS)
{
	HBaseTable *t = hbase_get_table(PG_GETARG_OID(0));
	ListCell   *lc;

	InitMaterializedSRF(fcinfo, 0);
	foreach(lc, t->read_indexes)
	{
		HBaseReadIndex *ix = lfirst(lc);
		Datum		values[6];
		bool		nulls[6] = {false, false, false, false, false, false};
		StringInfoData cols;
		int			i;

		initStringInfo(&cols);
		for (i = 0; i < ix->table->natts; i++)
			if (!ix->table->columns[i].dropped && ix->table->columns[i].kind == HBASE_COL_KEYPART)
				appendStringInfo(&cols, "%s%s", cols.len ? ", " : "",
								 quote_identifier(ix->table->columns[i].attname));
		values[0] = CStringGetTextDatum(ix->name);
		values[1] = CStringGetTextDatum(ix->hbase_table);
		values[2] = CStringGetTextDatum(cols.data);
		values[3] = CStringGetTextDatum(ix->rowkey);
		values[4] = CStringGetTextDatum(ix->empty_column);
		/* a local index: the bytes after each region's start key */
		if (ix->local_id)
			values[5] = CStringGetTextDatum(hbase_printable_key(ix->local_id, ix->local_idlen));
		else
			nulls[5] = true;
		put_row(fcinfo, values, nulls);
	}
	return (Datum) 0;
}

/*
 * hbase_fdw_cellsets() -> (transport, cellsets, bytes, wire_bytes): the
 * CellSets this backend decoded, by wire format, their bytes and their bytes
 * on the wire (less with compression 'gzip'), so that tests and benchmarks
 * see which transport was used and what it cost
 */
Datum
hbase_fdw_cellsets(PG_FUNCTION_ARGS)
{
	int			i;

	InitMaterializedSRF(fcinfo, 0);
	for (i = 0; i < 2; i++)
	{
		Datum		values[4];
		int64		cellsets,
					bytes,
					wire;

		hbase_cellset_count(i == 1, &cellsets, &bytes, &wire);
		values[0] = CStringGetTextDatum(i ? "protobuf" : "json");
		values[1] = Int64GetDatum(cellsets);
		values[2] = Int64GetDatum(bytes);
		values[3] = Int64GetDatum(wire);
		put_row(fcinfo, values, NULL);
	}
	return (Datum) 0;
}

/*
 * hbase_fdw_scanners() -> (path, open): the last scanners this backend
 * opened, and whether they are still open, so that tests (and curious users)
 * can check on the gateway that none is left behind
 */
Datum
hbase_fdw_scanners(PG_FUNCTION_ARGS)
{
	const char *path;
	bool		open;
	int			i;

	InitMaterializedSRF(fcinfo, 0);
	for (i = 0; hbase_recent_scanner(i, &path, &open); i++)
		put_pair(fcinfo, path, BoolGetDatum(open));
	return (Datum) 0;
}

/* ---------------- the rowkey codec ---------------- */

/*
 * hbase_rowkey(foreign_table regclass, values jsonb) -> bytea: the key that
 * the values of the key columns map to.  Each member names a key column; its
 * value, a JSON string, number or boolean, is read by the column type's
 * input function (null or missing: SQL NULL).
 */
Datum
hbase_rowkey(PG_FUNCTION_ARGS)
{
	HBaseTable *table = hbase_table_with_layout(PG_GETARG_OID(0));
	Jsonb	   *jb = PG_GETARG_JSONB_P(1);
	Datum	   *values = palloc0(sizeof(Datum) * Max(table->natts, 1));
	bool	   *nulls = palloc(sizeof(bool) * Max(table->natts, 1));
	JsonbIterator *it;
	JsonbValue	v;
	JsonbIteratorToken tok;
	char	   *key = NULL;
	int			i;

	for (i = 0; i < table->natts; i++)
		nulls[i] = true;
	if (!JB_ROOT_IS_OBJECT(jb))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("hbase_rowkey() takes a JSON object of key column values")));

	it = JsonbIteratorInit(&jb->root);
	while ((tok = JsonbIteratorNext(&it, &v, true)) != WJB_DONE)
	{
		HBaseColumn *col;
		Oid			infunc,
					ioparam;
		char	   *str;

		if (tok == WJB_KEY)
		{
			key = pnstrdup(v.val.string.val, v.val.string.len);
			continue;
		}
		if (tok != WJB_VALUE)
			continue;
		i = hbase_key_column(table, key);
		if (v.type == jbvNull)
			continue;
		col = &table->columns[i];
		if (v.type == jbvString)
			str = pnstrdup(v.val.string.val, v.val.string.len);
		else if (v.type == jbvNumeric)
			str = DatumGetCString(DirectFunctionCall1(numeric_out, NumericGetDatum(v.val.numeric)));
		else if (v.type == jbvBool)
			str = v.val.boolean ? "true" : "false";
		else
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("value of key column \"%s\" must be a JSON string, number or null", key)));
		getTypeInputInfo(col->atttypid, &infunc, &ioparam);
		values[i] = OidInputFunctionCall(infunc, str, ioparam, col->atttypmod);
		nulls[i] = false;
	}
	PG_RETURN_BYTEA_P(hbase_encode_key(table, values, nulls, false));
}

/*
 * hbase_rowkey_parts(foreign_table regclass, key bytea) -> the key split into
 * its parts: (part, kind, column_name, bytes, value).
 */
Datum
hbase_rowkey_parts(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	HBaseTable *table = hbase_table_with_layout(PG_GETARG_OID(0));
	bytea	   *key = PG_GETARG_BYTEA_PP(1);
	List	   *parts;
	ListCell   *lc;
	int			i = 0;

	InitMaterializedSRF(fcinfo, 0);
	parts = hbase_key_parts(table, VARDATA_ANY(key), VARSIZE_ANY_EXHDR(key));
	foreach(lc, parts)
	{
		HBaseKeyPart *part = lfirst(lc);
		Datum		out[5];
		bool		onull[5] = {false, false, true, true, true};

		out[0] = Int32GetDatum(++i);
		out[1] = CStringGetTextDatum(part->kind);
		if (part->column)
		{
			out[2] = CStringGetTextDatum(part->column);
			onull[2] = false;
		}
		if (part->bytes)
		{
			out[3] = PointerGetDatum(part->bytes);
			onull[3] = false;
		}
		if (part->value)
		{
			out[4] = CStringGetTextDatum(part->value);
			onull[4] = false;
		}
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, out, onull);
	}
	return (Datum) 0;
}

/* ---------------- the DDL check ---------------- */

/*
 * The foreign tables the IMPORT FOREIGN SCHEMA that fired the trigger made:
 * the core runs its CREATE FOREIGN TABLE commands as subcommands, for which
 * no trigger fires, but it collects them, and pg_event_trigger_ddl_commands()
 * lists them.
 */
static List *
imported_tables(void)
{
	MemoryContext caller = CurrentMemoryContext;
	List	   *relids = NIL;
	uint64		i;

	if (SPI_connect() != SPI_OK_CONNECT)
		elog(ERROR, "hbase_fdw_ddl_check: SPI_connect failed");
	if (SPI_execute("SELECT objid FROM pg_catalog.pg_event_trigger_ddl_commands()"
					" WHERE classid = 'pg_catalog.pg_class'::pg_catalog.regclass"
					" AND command_tag = 'CREATE FOREIGN TABLE'", true, 0) != SPI_OK_SELECT)
		elog(ERROR, "hbase_fdw_ddl_check: could not list the commands of IMPORT FOREIGN SCHEMA");
	for (i = 0; i < SPI_processed; i++)
	{
		bool		isnull;
		Datum		d = SPI_getbinval(SPI_tuptable->vals[i], SPI_tuptable->tupdesc, 1, &isnull);

		if (!isnull)
		{
			MemoryContext old = MemoryContextSwitchTo(caller);

			relids = lappend_oid(relids, DatumGetObjectId(d));
			MemoryContextSwitchTo(old);
		}
	}
	SPI_finish();
	return relids;
}

/*
 * Event trigger at the end of CREATE/ALTER FOREIGN TABLE and IMPORT FOREIGN
 * SCHEMA: the validator sees options without the table's columns, so the
 * whole mapping, layout included, is checked here (hbase_check_foreign_table),
 * and a bad one aborts the command.  An import's generated definitions get
 * the same checks as typed ones: a hostile catalog must not store a layout
 * CREATE would refuse.
 */
Datum
hbase_fdw_ddl_check(PG_FUNCTION_ARGS)
{
	EventTriggerData *trig;
	Node	   *stmt;
	RangeVar   *rv = NULL;
	ListCell   *lc;

	if (!CALLED_AS_EVENT_TRIGGER(fcinfo))
		elog(ERROR, "hbase_fdw_ddl_check: not fired by an event trigger");
	trig = (EventTriggerData *) fcinfo->context;
	stmt = trig->parsetree;
	if (IsA(stmt, ImportForeignSchemaStmt))
	{
		foreach(lc, imported_tables())
			hbase_check_foreign_table(lfirst_oid(lc), true);
		PG_RETURN_NULL();
	}
	if (IsA(stmt, CreateForeignTableStmt))
		rv = ((CreateForeignTableStmt *) stmt)->base.relation;
	else if (IsA(stmt, AlterTableStmt))
		rv = ((AlterTableStmt *) stmt)->relation;
	if (rv == NULL)
		PG_RETURN_NULL();
	hbase_check_foreign_table(RangeVarGetRelid(rv, NoLock, true), false);
	PG_RETURN_NULL();
}
