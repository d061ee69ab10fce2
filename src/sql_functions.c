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
 * and over the statistics of the requests sent to each server:
 *
 *   hbase_fdw_stats(backend_only) the counters per server (the view
 *                                 hbase_fdw_stats), of every backend when the
 *                                 library is preloaded, else this backend's
 *   hbase_fdw_stats_reset(server) zero them (one server's, or all)
 *
 * The connections themselves live in connection.c, the counters in stats.c;
 * this file only formats.
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "catalog/pg_user_mapping.h"
#include "foreign/foreign.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/syscache.h"
#include "utils/timestamp.h"

#include "hbase_fdw.h"

PG_FUNCTION_INFO_V1(hbase_fdw_get_connections);
PG_FUNCTION_INFO_V1(hbase_fdw_disconnect);
PG_FUNCTION_INFO_V1(hbase_fdw_disconnect_all);
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
 * since when.  Column order: as the extension script declares it.
 */
Datum
hbase_fdw_stats(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	bool		is_shared;
	List	   *servers;
	ListCell   *lc;

	InitMaterializedSRF(fcinfo, 0);
	servers = hbase_stats_servers(PG_GETARG_BOOL(0), &is_shared);
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
