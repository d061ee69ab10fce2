/*
 * connection.c: the connection cache of hbase_fdw and its HTTP requests.
 *
 * One libcurl handle per (server, user mapping), reused across queries so
 * HTTP keep-alive holds, rebuilt when the server or the mapping changes
 * (syscache invalidation).  Requests go through hbase_request(), which turns
 * transport failures and interrupts into PostgreSQL errors after every
 * malloc'd byte is released.  Stateful scanners still open when a
 * transaction aborts are deleted on the gateway by the transaction callback.
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "access/reloptions.h"
#include "access/xact.h"
#include "commands/defrem.h"
#include "catalog/pg_user_mapping.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/hsearch.h"
#include "utils/inval.h"
#include "utils/memutils.h"
#include "utils/syscache.h"

#include "hbase_fdw.h"
#include "http.h"

typedef struct ConnKey
{
	Oid			serverid;
	Oid			umid;			/* InvalidOid when no user mapping exists */
} ConnKey;

struct HBaseConn
{
	ConnKey		key;			/* hash key, must be first */
	hbase_http *http;			/* NULL until opened */
	char	   *url;			/* base URL, in TopMemoryContext */
	bool		invalidated;
	uint32		server_hashvalue;
	uint32		mapping_hashvalue;
	List	   *scanners;		/* paths of open scanners (TopMemoryContext) */
	hbase_http *pool[HBASE_MAX_CONCURRENCY];	/* more handles, for parallel requests */
	int			npool;
};

static HTAB *ConnectionHash = NULL;

/*
 * The last scanners this backend opened, and whether they are still open,
 * so that tests (and curious users) can check on the gateway that none is
 * left behind: hbase_fdw_scanners().
 */
#define RECENT_SCANNERS 32
typedef struct RecentScanner
{
	char		path[256];
	bool		open;
} RecentScanner;
static RecentScanner recent[RECENT_SCANNERS];
static int	nrecent = 0;

static void
remember_scanner(const char *path, bool open)
{
	int			i;

	for (i = 0; i < Min(nrecent, RECENT_SCANNERS); i++)
		if (strcmp(recent[i].path, path) == 0)
		{
			recent[i].open = open;
			return;
		}
	i = nrecent++ % RECENT_SCANNERS;
	strlcpy(recent[i].path, path, sizeof(recent[i].path));
	recent[i].open = open;
}

PG_FUNCTION_INFO_V1(hbase_fdw_scanners);

/* hbase_fdw_scanners() -> (path, open): this backend's recent scanners */
Datum
hbase_fdw_scanners(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	int			i;

	InitMaterializedSRF(fcinfo, 0);
	for (i = 0; i < Min(nrecent, RECENT_SCANNERS); i++)
	{
		Datum		values[2];
		bool		nulls[2] = {false, false};

		values[0] = CStringGetTextDatum(recent[i].path);
		values[1] = BoolGetDatum(recent[i].open);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

static void conn_invalidate_callback(Datum arg, int cacheid, uint32 hashvalue);
static void conn_xact_callback(XactEvent event, void *arg);

static void
close_conn(HBaseConn *conn)
{
	int			i;

	for (i = 0; i < conn->npool; i++)
		hbase_http_close(conn->pool[i]);
	conn->npool = 0;
	hbase_http_close(conn->http);
	conn->http = NULL;
	if (conn->url)
		pfree(conn->url);
	conn->url = NULL;
}

static void
open_conn(HBaseConn *conn, ForeignServer *server, List *umoptions)
{
	HBaseServerOptions sopts;
	hbase_http_config cfg;
	ListCell   *lc;

	hbase_server_options(server, &sopts);
	memset(&cfg, 0, sizeof(cfg));
	cfg.verify_peer = sopts.tls_verify;
	cfg.ca_file = sopts.ca_file;
	cfg.connect_timeout_ms = sopts.connect_timeout_ms;
	cfg.request_timeout_ms = sopts.request_timeout_ms;
	cfg.interrupt_flag = &InterruptPending;
	foreach(lc, umoptions)
	{
		DefElem    *def = lfirst(lc);

		if (strcmp(def->defname, "user") == 0)
			cfg.user = defGetString(def);
		else if (strcmp(def->defname, "password") == 0)
			cfg.password = defGetString(def);
	}

	conn->http = hbase_http_open(&cfg);
	if (conn->http == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_OUT_OF_MEMORY),
				 errmsg("could not initialize an HTTP handle for server \"%s\"", server->servername)));
	conn->url = MemoryContextStrdup(TopMemoryContext, sopts.url);
	conn->invalidated = false;
	conn->server_hashvalue = GetSysCacheHashValue1(FOREIGNSERVEROID,
												   ObjectIdGetDatum(server->serverid));
	conn->mapping_hashvalue = OidIsValid(conn->key.umid) ?
		GetSysCacheHashValue1(USERMAPPINGOID, ObjectIdGetDatum(conn->key.umid)) : 0;
}

/* The user mapping for (userid, serverid), falling back to PUBLIC; optional. */
static Oid
find_user_mapping(Oid userid, Oid serverid, List **options)
{
	HeapTuple	tp;
	Oid			umid;
	Datum		datum;
	bool		isnull;

	tp = SearchSysCache2(USERMAPPINGUSERSERVER, ObjectIdGetDatum(userid),
						 ObjectIdGetDatum(serverid));
	if (!HeapTupleIsValid(tp))
		tp = SearchSysCache2(USERMAPPINGUSERSERVER, ObjectIdGetDatum(InvalidOid),
							 ObjectIdGetDatum(serverid));
	*options = NIL;
	if (!HeapTupleIsValid(tp))
		return InvalidOid;
	umid = ((Form_pg_user_mapping) GETSTRUCT(tp))->oid;
	datum = SysCacheGetAttr(USERMAPPINGUSERSERVER, tp, Anum_pg_user_mapping_umoptions, &isnull);
	if (!isnull)
		*options = untransformRelOptions(datum);
	ReleaseSysCache(tp);
	return umid;
}

HBaseConn *
hbase_get_connection(Oid serverid, Oid userid)
{
	ConnKey		key;
	HBaseConn  *conn;
	bool		found;
	List	   *umoptions;

	if (ConnectionHash == NULL)
	{
		HASHCTL		ctl;

		ctl.keysize = sizeof(ConnKey);
		ctl.entrysize = sizeof(HBaseConn);
		ConnectionHash = hash_create("hbase_fdw connections", 8, &ctl,
									 HASH_ELEM | HASH_BLOBS);
		CacheRegisterSyscacheCallback(FOREIGNSERVEROID, conn_invalidate_callback, (Datum) 0);
		CacheRegisterSyscacheCallback(USERMAPPINGOID, conn_invalidate_callback, (Datum) 0);
		RegisterXactCallback(conn_xact_callback, NULL);
	}

	memset(&key, 0, sizeof(key));
	key.serverid = serverid;
	key.umid = find_user_mapping(userid, serverid, &umoptions);

	conn = hash_search(ConnectionHash, &key, HASH_ENTER, &found);
	if (!found)
	{
		conn->http = NULL;
		conn->url = NULL;
		conn->scanners = NIL;
		conn->invalidated = false;
		conn->npool = 0;
	}
	if (conn->http != NULL && conn->invalidated)
		close_conn(conn);
	if (conn->http == NULL)
		open_conn(conn, GetForeignServer(serverid), umoptions);
	return conn;
}

const char *
hbase_conn_url(HBaseConn *conn)
{
	return conn->url;
}

static void
conn_invalidate_callback(Datum arg, int cacheid, uint32 hashvalue)
{
	HASH_SEQ_STATUS scan;
	HBaseConn  *conn;

	hash_seq_init(&scan, ConnectionHash);
	while ((conn = hash_seq_search(&scan)) != NULL)
	{
		if (conn->http == NULL)
			continue;
		if (hashvalue == 0 ||
			(cacheid == FOREIGNSERVEROID && conn->server_hashvalue == hashvalue) ||
			(cacheid == USERMAPPINGOID && conn->mapping_hashvalue == hashvalue))
			conn->invalidated = true;
	}
}

/*
 * One HTTP request, relative to the server URL.  Returns any HTTP status;
 * raises an error only when no response was had.
 */
HBaseResponse *
hbase_request(HBaseConn *conn, const char *method, const char *path,
			  const char *body, size_t bodylen, const char *what)
{
	return hbase_request_ex(conn, method, path, body, bodylen, what, false);
}

/*
 * transport_ok: return NULL instead of raising when no response was had
 * (gateway down, connection reset), for callers that resume or retry.
 */
HBaseResponse *
hbase_request_ex(HBaseConn *conn, const char *method, const char *path,
				 const char *body, size_t bodylen, const char *what, bool transport_ok)
{
	char	   *url = psprintf("%s%s", conn->url, path);
	HBaseResponse *resp = palloc0(sizeof(HBaseResponse));

	for (;;)
	{
		hbase_http_result res;
		hbase_http_outcome outcome;

		outcome = hbase_http_perform(conn->http, method, url, body, bodylen, &res);
		if (outcome == HBASE_HTTP_INTERRUPTED)
		{
			/* raises query cancel / statement timeout; else go on */
			CHECK_FOR_INTERRUPTS();
			continue;
		}
		if (outcome == HBASE_HTTP_FAILED && transport_ok && !res.timed_out)
		{
			pfree(url);
			pfree(resp);
			return NULL;
		}
		if (outcome == HBASE_HTTP_FAILED)
		{
			if (res.connect_failed)
				ereport(ERROR,
						(errcode(ERRCODE_FDW_UNABLE_TO_ESTABLISH_CONNECTION),
						 errmsg("could not connect to HBase REST gateway at %s", conn->url),
						 errdetail("%s while %s.", res.error, what)));
			ereport(ERROR,
					(errcode(res.timed_out ? ERRCODE_FDW_UNABLE_TO_ESTABLISH_CONNECTION : ERRCODE_FDW_ERROR),
					 errmsg("HBase REST request failed: %s", res.error),
					 errdetail("The request was %s at %s.", what, conn->url)));
		}

		/* copy out of malloc'd memory before anything can raise an error */
		resp->status = res.status;
		resp->len = res.len;
		resp->body = palloc(res.len + 1);
		if (res.len)
			memcpy(resp->body, res.body, res.len);
		resp->body[res.len] = '\0';
		resp->location = NULL;
		if (res.location)
		{
			char	   *loc = pstrdup(res.location);

			hbase_http_result_free(&res);
			resp->location = loc;
		}
		else
			hbase_http_result_free(&res);
		break;
	}
	pfree(url);
	return resp;
}

/*
 * n GETs in parallel (n <= HBASE_MAX_CONCURRENCY), each on its own
 * keep-alive handle of this connection.  out[i] is NULL when no response was
 * had (the caller resumes); an interrupt raises the usual cancel error.
 */
void
hbase_request_many(HBaseConn *conn, const char **paths, int n, HBaseResponse **out)
{
	hbase_http *handles[HBASE_MAX_CONCURRENCY];
	const char *urls[HBASE_MAX_CONCURRENCY];
	hbase_http_result res[HBASE_MAX_CONCURRENCY];
	hbase_http_outcome outcomes[HBASE_MAX_CONCURRENCY];
	bool		interrupted = false;
	int			i;

	Assert(n <= HBASE_MAX_CONCURRENCY);
	while (conn->npool < n - 1)
	{
		hbase_http *d = hbase_http_dup(conn->http);

		if (d == NULL)
			ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("out of memory")));
		conn->pool[conn->npool++] = d;
	}
	for (i = 0; i < n; i++)
	{
		handles[i] = i == 0 ? conn->http : conn->pool[i - 1];
		urls[i] = psprintf("%s%s", conn->url, paths[i]);
	}
	hbase_http_get_many(handles, urls, n, res, outcomes);

	/* copy out of malloc'd memory before anything can raise an error */
	for (i = 0; i < n; i++)
	{
		out[i] = NULL;
		if (outcomes[i] == HBASE_HTTP_INTERRUPTED)
			interrupted = true;
		if (outcomes[i] != HBASE_HTTP_OK)
			continue;
		out[i] = palloc0(sizeof(HBaseResponse));
		out[i]->status = res[i].status;
		out[i]->len = res[i].len;
		out[i]->body = palloc(res[i].len + 1);
		if (res[i].len)
			memcpy(out[i]->body, res[i].body, res[i].len);
		out[i]->body[res[i].len] = '\0';
		hbase_http_result_free(&res[i]);
	}
	if (interrupted)
		CHECK_FOR_INTERRUPTS();
}

char *
hbase_escape(HBaseConn *conn, const char *s, size_t len)
{
	char	   *m = hbase_http_escape(conn->http, s, len);
	char	   *p;

	if (m == NULL)
		ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("out of memory")));
	p = pstrdup(m);
	hbase_http_free(m);
	return p;
}

/* first line of a gateway error body, short: no stack traces in messages */
char *
hbase_body_summary(HBaseResponse *resp)
{
	StringInfoData b;
	const char *p;
	bool		space = false;

	/* the start of the body on one line; JSON error bodies span several */
	initStringInfo(&b);
	for (p = resp->body; *p && b.len < 200; p++)
	{
		/* a Java stack trace starts with a line "\tat ...": stop there */
		if (*p == '\n' && strncmp(p + 1, "\tat ", 4) == 0)
			break;
		if (*p == '\r' || *p == '\n' || *p == '\t' || *p == ' ')
		{
			space = b.len > 0;
			continue;
		}
		if (space)
			appendStringInfoChar(&b, ' ');
		space = false;
		appendStringInfoChar(&b, *p);
	}
	return b.data;
}

void
hbase_report_status(HBaseResponse *resp, HBaseTable *table, const char *what)
{
	const char *tname = table ? table->hbase_table : "";

	switch (resp->status)
	{
		case 404:
			ereport(ERROR,
					(errcode(ERRCODE_FDW_TABLE_NOT_FOUND),
					 errmsg("HBase table \"%s\" does not exist", tname),
					 table ? errdetail("Foreign table %s maps to it; the gateway answered 404 to %s.",
									   table->relname, what) : 0));
			break;
		case 401:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_AUTHORIZATION_SPECIFICATION),
					 errmsg("HBase REST gateway refused the credentials"),
					 errdetail("HTTP 401 for %s.", what),
					 errhint("Check the user mapping's options \"user\" and \"password\".")));
			break;
		case 403:
			ereport(ERROR,
					(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
					 errmsg("HBase REST gateway denied %s on table \"%s\"", what, tname),
					 errdetail("HTTP 403: %s", hbase_body_summary(resp)),
					 errhint("A read-only gateway (hbase.rest.readonly) refuses writes and stateful scanners.")));
			break;
		default:
			ereport(ERROR,
					(errcode(ERRCODE_FDW_ERROR),
					 errmsg("HBase REST gateway answered HTTP %ld to %s on table \"%s\"",
							resp->status, what, tname),
					 errdetail("%s", hbase_body_summary(resp))));
	}
	pg_unreachable();
}

void
hbase_scanner_opened(HBaseConn *conn, const char *path)
{
	MemoryContext old = MemoryContextSwitchTo(TopMemoryContext);

	conn->scanners = lappend(conn->scanners, pstrdup(path));
	MemoryContextSwitchTo(old);
	remember_scanner(path, true);
}

void
hbase_scanner_closed(HBaseConn *conn, const char *path)
{
	ListCell   *lc;

	foreach(lc, conn->scanners)
	{
		char	   *p = lfirst(lc);

		if (strcmp(p, path) == 0)
		{
			conn->scanners = foreach_delete_current(conn->scanners, lc);
			pfree(p);
			remember_scanner(path, false);
			return;
		}
	}
}

/*
 * At the end of a top-level transaction no scan of ours goes on: delete
 * what scanners an error left open.  Errors are ignored here (the gateway
 * also expires scanners), and nothing here may raise one.
 */
static void
conn_xact_callback(XactEvent event, void *arg)
{
	HASH_SEQ_STATUS scan;
	HBaseConn  *conn;

	if (event != XACT_EVENT_ABORT && event != XACT_EVENT_COMMIT &&
		event != XACT_EVENT_PARALLEL_ABORT && event != XACT_EVENT_PARALLEL_COMMIT)
		return;
	hash_seq_init(&scan, ConnectionHash);
	while ((conn = hash_seq_search(&scan)) != NULL)
	{
		while (conn->scanners != NIL)
		{
			char	   *path = linitial(conn->scanners);

			if (conn->http && conn->url)
			{
				char		url[2048];
				hbase_http_result res;

				snprintf(url, sizeof(url), "%s%s", conn->url, path);
				if (hbase_http_perform(conn->http, "DELETE", url, NULL, 0, &res) == HBASE_HTTP_OK)
				{
					hbase_http_result_free(&res);
					remember_scanner(path, false);
				}
			}
			conn->scanners = list_delete_first(conn->scanners);
			pfree(path);
		}
	}
}
