/*
 * sql_functions.c: the operator's SQL functions over this backend's
 * connections, named as postgres_fdw names them.
 *
 *   hbase_fdw_get_connections()   what is open: server, user mapping, gateway
 *                                 and its version, used in this transaction,
 *                                 open scanners, requests sent
 *   hbase_fdw_disconnect(server)  close them (not one the current transaction
 *   hbase_fdw_disconnect_all()    uses: a warning), true if any was closed
 *
 * The connections themselves live in connection.c; this file only formats.
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "catalog/pg_user_mapping.h"
#include "foreign/foreign.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/syscache.h"

#include "hbase_fdw.h"

PG_FUNCTION_INFO_V1(hbase_fdw_get_connections);
PG_FUNCTION_INFO_V1(hbase_fdw_disconnect);
PG_FUNCTION_INFO_V1(hbase_fdw_disconnect_all);

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
