/*
 * connection.c: the connection cache of hbase_fdw and its HTTP requests.
 *
 * One libcurl handle per (server, user mapping), reused across queries so
 * HTTP keep-alive holds, rebuilt when the server or the mapping changes
 * (syscache invalidation).  Requests go through hbase_request(), which turns
 * transport failures and interrupts into PostgreSQL errors after every
 * malloc'd byte is released, and never sends a request twice.  Stateful
 * scanners still open when a transaction ends are deleted on the gateway by
 * the transaction callback, within a short time limit of its own.
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "access/reloptions.h"
#include "access/xact.h"
#include "commands/defrem.h"
#include "catalog/pg_user_mapping.h"
#include "utils/builtins.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/hsearch.h"
#include "utils/guc.h"
#include "utils/inval.h"
#include "utils/memutils.h"
#include "utils/syscache.h"
#include "utils/timestamp.h"

#include "wire_int.h"
#include "http.h"
#include "krb.h"

typedef struct ConnKey
{
	Oid			serverid;
	Oid			umid;			/* InvalidOid when no user mapping exists */
} ConnKey;

struct HBaseConn
{
	ConnKey		key;			/* hash key, must be first */
	hbase_http *http;			/* NULL until opened */
	char	   *url;			/* base URL of the gateway of the last request */
	int			ngateways;		/* the server's gateways (option url) */
	char	   *gateways[HBASE_MAX_GATEWAYS];	/* TopMemoryContext */
	TimestampTz down_until[HBASE_MAX_GATEWAYS];	/* left out until then */
	int			next_gateway;	/* round robin */
	bool		invalidated;
	uint32		server_hashvalue;
	uint32		mapping_hashvalue;
	List	   *scanners;		/* paths of open scanners (TopMemoryContext) */
	List	   *left;			/* LeftScanner *: cleanup failed, tried again later */
	size_t		max_response_size;	/* for messages */
	bool		protobuf;		/* ask for CellSets as protobuf (transport) */
	hbase_http *pool[HBASE_MAX_CONCURRENCY];	/* more handles, for parallel requests */
	int			npool;

	/*
	 * handles of writes left under way (hbase_request_writes_start), no
	 * other's
	 */
	hbase_http *wpool[HBASE_MAX_CONCURRENCY];
	int			nwpool;
	bool		wpool_busy;		/* a round of them is under way */
	hbase_http *ahead[HBASE_MAX_AHEAD]; /* handles of reads ahead, or NULL */
	bool		ahead_busy[HBASE_MAX_AHEAD];
	uint64		generation;		/* counts close_conn: reads ahead of before are void */
	char	   *declared_version;	/* server option gateway_version, or NULL */
	bool		keep;			/* server option keep_connections */
	char	   *app_name;		/* application_name in the User-Agent (TopMemoryContext) */
	int64		nrequests;		/* requests sent on this connection */
	bool		xact_used;		/* a request was sent in the current transaction */
	HBaseGateway gateway;	/* gateway.c's: name NULL until known */
	List	   *schemas;		/* FamilyCache *: tables whose families were read
								 * (TopMemoryContext) */
};

/*
 * The column families of one HBase table as this connection's gateway
 * listed them (hbase_check_families): read once per table and connection,
 * so that a query does not pay a schema request after the first.
 */
typedef struct FamilyCache
{
	char	   *table;			/* "ns:table" or "table" */
	List	   *families;		/* char * */
} FamilyCache;

static HTAB *ConnectionHash = NULL;

/* all the scanner DELETEs of one transaction end: a hung gateway costs this much at most */
#define CLEANUP_MS		2000
/* transaction ends that try to delete a scanner before leaving it to expire */
#define CLEANUP_TRIES	3

/* a scanner whose DELETE failed at a transaction end (gateway hung or away) */
typedef struct LeftScanner
{
	int			tries;
	char		path[FLEXIBLE_ARRAY_MEMBER];
} LeftScanner;

/*
 * HTTP requests this backend sent, by method, for tests that count them
 * (re-sends, COPY batches): hbase_fdw_requests().
 */
static const char *const counted_methods[] = {"GET", "PUT", "POST", "DELETE"};
#define NMETHODS ((int) lengthof(counted_methods))
static int64 request_counts[NMETHODS + 1];

static void
count_request(HBaseConn *conn, const char *method, const char *path)
{
	int			i;

	hbase_stats_sent(conn->key.serverid, method, path);
	conn->nrequests++;
	conn->xact_used = true;

	for (i = 0; i < NMETHODS; i++)
		if (strcmp(method, counted_methods[i]) == 0)
			break;
	request_counts[i]++;
}

/*
 * Requests sent of the i'th method (GET, PUT, POST, DELETE, then "other"):
 * false past the last, for hbase_fdw_requests()
 */
bool
hbase_request_count(int i, const char **method, int64 *count)
{
	if (i < 0 || i > NMETHODS)
		return false;
	*method = i < NMETHODS ? counted_methods[i] : "other";
	*count = request_counts[i];
	return true;
}

/*
 * CellSets this backend decoded, by wire format (0 JSON, 1 protobuf), their
 * bytes and their bytes on the wire (less with compression 'gzip'):
 * hbase_fdw_cellsets(), so tests and benchmarks see which transport was used
 * and what it cost.
 */
static int64 cellset_pages[2];
static int64 cellset_bytes[2];
static int64 cellset_wire[2];

/* CellSets decoded in one transport, for hbase_fdw_cellsets() */
void
hbase_cellset_count(bool protobuf, int64 *cellsets, int64 *bytes, int64 *wire_bytes)
{
	*cellsets = cellset_pages[protobuf ? 1 : 0];
	*bytes = cellset_bytes[protobuf ? 1 : 0];
	*wire_bytes = cellset_wire[protobuf ? 1 : 0];
}

/*
 * Decides, while a transfer runs, whether it stops: only for an interrupt
 * that CHECK_FOR_INTERRUPTS() will raise right after (a query cancel or
 * statement timeout, a terminate).  Other pending interrupts (client
 * connection checks, catchup, barriers) wait for the transfer to end: a
 * stopped request could not be sent again safely.  Called from curl's
 * progress callback, so it only reads flags.
 */
static int
transfer_should_stop(void)
{
	if (InterruptHoldoffCount != 0 || CritSectionCount != 0)
		return 0;
	if (ProcDiePending)
		return 1;
	return (QueryCancelPending && QueryCancelHoldoffCount == 0) ? 1 : 0;
}

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

/* the i'th recent scanner: false past the last, for hbase_fdw_scanners() */
bool
hbase_recent_scanner(int i, const char **path, bool *open)
{
	if (i < 0 || i >= Min(nrecent, RECENT_SCANNERS))
		return false;
	*path = recent[i].path;
	*open = recent[i].open;
	return true;
}

static void conn_invalidate_callback(Datum arg, int cacheid, uint32 hashvalue);
static void conn_xact_callback(XactEvent event, void *arg);
static void hbase_conn_forget_families(HBaseConn *conn, const char *table);
static void hbase_report_krb(int status, const char *msg, const char *what) pg_attribute_noreturn();

static void
close_conn(HBaseConn *conn)
{
	int			i;

	for (i = 0; i < conn->npool; i++)
		hbase_http_close(conn->pool[i]);
	conn->npool = 0;
	for (i = 0; i < conn->nwpool; i++)
		hbase_http_close(conn->wpool[i]);
	conn->nwpool = 0;
	conn->wpool_busy = false;
	for (i = 0; i < HBASE_MAX_AHEAD; i++)
	{
		hbase_http_close(conn->ahead[i]);	/* drops a read in flight */
		conn->ahead[i] = NULL;
		conn->ahead_busy[i] = false;
	}
	conn->generation++;
	hbase_http_close(conn->http);
	conn->http = NULL;
	for (i = 0; i < conn->ngateways; i++)
		pfree(conn->gateways[i]);
	conn->ngateways = 0;
	conn->url = NULL;			/* one of the gateways */
	/* scanners left on the old gateway: not ours to delete on a new one */
	list_free_deep(conn->left);
	conn->left = NIL;
	/* the next gateway may be another version */
	if (conn->declared_version)
		pfree(conn->declared_version);
	conn->declared_version = NULL;
	if (conn->gateway.name)
		pfree(conn->gateway.name);
	memset(&conn->gateway, 0, sizeof(conn->gateway));
	if (conn->app_name)
		pfree(conn->app_name);
	conn->app_name = NULL;
	/* the server's url may now lead to another cluster */
	hbase_conn_forget_families(conn, NULL);
}

/*
 * Decides whether a server's connection may use the options only superusers
 * set: the mapping's krb_keytab, krb_ccache and doas, the server's
 * krb5_config and ca_file.  They are used only on a server a superuser owns.
 * A server's owner may change its url, tls_verify and the rest at will; a
 * non-superuser owner could then send the superuser's Kerberos tokens and
 * doAs identity to an endpoint of its choosing (the tokens are for the
 * gateway's principal and can be replayed there with any doAs), or make the
 * server's files serve a configuration it chose.  Which options a
 * non-superuser changed is not recorded, so the owner decides: like
 * postgres_fdw's password_required, the check is at connection time, and so
 * also covers a server given to a non-superuser after the fact.
 */
static void
check_superuser_options(ForeignServer *server, List *umoptions)
{
	static const char *const mapping_opts[] = {"krb_keytab", "krb_ccache", "doas", NULL};
	static const char *const server_opts[] = {"krb5_config", "ca_file", NULL};
	const char *found = NULL;
	bool		in_mapping = false;
	ListCell   *lc;
	int			i;

	if (superuser_arg(server->owner))
		return;
	foreach(lc, umoptions)
		for (i = 0; found == NULL && mapping_opts[i]; i++)
			if (strcmp(((DefElem *) lfirst(lc))->defname, mapping_opts[i]) == 0)
			{
				found = mapping_opts[i];
				in_mapping = true;
			}
	foreach(lc, server->options)
		for (i = 0; found == NULL && server_opts[i]; i++)
			if (strcmp(((DefElem *) lfirst(lc))->defname, server_opts[i]) == 0)
				found = server_opts[i];
	if (found == NULL)
		return;
	ereport(ERROR,
			(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
			 in_mapping ?
			 errmsg("option \"%s\" of the user mapping for server \"%s\" is used only on a server owned by a superuser",
					found, server->servername) :
			 errmsg("option \"%s\" of server \"%s\" is used only on a server owned by a superuser",
					found, server->servername),
			 errdetail("The server is owned by role \"%s\", which is not a superuser and may point it at an endpoint of its choosing.",
					   GetUserNameFromId(server->owner, false)),
			 errhint("Have a superuser own the server and grant USAGE on it to the roles that use it, or drop the option.")));
}

/*
 * A connection's HTTP handle and gateways from the server's and the user
 * mapping's options, checked first: options only a superuser may set must
 * come from a superuser's server.  Credentials go to http.c only (never kept
 * here); the gateways are tried in the order the url option lists them.
 */
static void
open_conn(HBaseConn *conn, ForeignServer *server, List *umoptions)
{
	HBaseServerOptions sopts;
	hbase_http_config cfg;
	ListCell   *lc;

	check_superuser_options(server, umoptions);
	hbase_server_options(server, &sopts);
	memset(&cfg, 0, sizeof(cfg));
	cfg.verify_peer = sopts.tls_verify;
	cfg.ca_file = sopts.ca_file;
	cfg.connect_timeout_ms = sopts.connect_timeout_ms;
	cfg.request_timeout_ms = sopts.request_timeout_ms;
	cfg.max_response_size = (size_t) sopts.max_response_size;
	cfg.gzip = sopts.gzip;
	cfg.should_stop = transfer_should_stop;
	/* the gateway's logs name the client */
	conn->app_name = MemoryContextStrdup(TopMemoryContext, application_name ? application_name : "");
	cfg.user_agent = psprintf("hbase_fdw/%s%s%s%s", HBASE_FDW_VERSION,
							  *conn->app_name ? " (" : "", conn->app_name,
							  *conn->app_name ? ")" : "");
	foreach(lc, umoptions)
	{
		DefElem    *def = lfirst(lc);

		if (strcmp(def->defname, "user") == 0)
			cfg.user = defGetString(def);
		else if (strcmp(def->defname, "password") == 0)
			cfg.password = defGetString(def);
		else if (strcmp(def->defname, "krb_principal") == 0)
			cfg.krb_principal = defGetString(def);
		else if (strcmp(def->defname, "krb_keytab") == 0)
			cfg.krb_keytab = defGetString(def);
		else if (strcmp(def->defname, "krb_ccache") == 0)
			cfg.krb_ccache = defGetString(def);
		else if (strcmp(def->defname, "doas") == 0)
			cfg.doas = defGetString(def);
	}
	/* SPNEGO only with credentials a superuser named: never the server's default cache */
	cfg.negotiate = cfg.krb_keytab != NULL || cfg.krb_ccache != NULL;
	foreach(lc, server->options)
	{
		DefElem    *def = lfirst(lc);

		if (strcmp(def->defname, "krb5_config") == 0)
			cfg.krb5_config = defGetString(def);
	}

	conn->http = hbase_http_open(&cfg);
	if (conn->http == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_OUT_OF_MEMORY),
				 errmsg("could not initialize an HTTP handle for server \"%s\"", server->servername)));
	foreach(lc, sopts.urls)
	{
		if (conn->ngateways == HBASE_MAX_GATEWAYS)
			break;
		conn->down_until[conn->ngateways] = 0;
		conn->gateways[conn->ngateways++] = MemoryContextStrdup(TopMemoryContext, lfirst(lc));
	}
	conn->next_gateway = 0;
	conn->url = conn->gateways[0];
	conn->declared_version = sopts.gateway_version ?
		MemoryContextStrdup(TopMemoryContext, sopts.gateway_version) : NULL;
	conn->max_response_size = cfg.max_response_size;
	conn->protobuf = sopts.protobuf;
	conn->keep = sopts.keep_connections;
	conn->invalidated = false;
	conn->server_hashvalue = GetSysCacheHashValue1(FOREIGNSERVEROID,
												   ObjectIdGetDatum(server->serverid));
	conn->mapping_hashvalue = OidIsValid(conn->key.umid) ?
		GetSysCacheHashValue1(USERMAPPINGOID, ObjectIdGetDatum(conn->key.umid)) : 0;
}

/*
 * The user mapping for (userid, serverid), falling back to PUBLIC; optional.
 * Its options only where options is not NULL (a connection being opened:
 * every statement asks for its connection, few open one).
 */
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
	if (options)
		*options = NIL;
	if (!HeapTupleIsValid(tp))
		return InvalidOid;
	umid = ((Form_pg_user_mapping) GETSTRUCT(tp))->oid;
	if (options)
	{
		datum = SysCacheGetAttr(USERMAPPINGUSERSERVER, tp, Anum_pg_user_mapping_umoptions, &isnull);
		if (!isnull)
			*options = untransformRelOptions(datum);
	}
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
	key.umid = find_user_mapping(userid, serverid, NULL);

	conn = hash_search(ConnectionHash, &key, HASH_ENTER, &found);
	if (!found)
	{
		conn->http = NULL;
		conn->url = NULL;
		conn->ngateways = 0;
		conn->scanners = NIL;
		conn->left = NIL;
		conn->invalidated = false;
		conn->npool = 0;
		conn->nwpool = 0;
		conn->wpool_busy = false;
		memset(conn->ahead, 0, sizeof(conn->ahead));
		memset(conn->ahead_busy, 0, sizeof(conn->ahead_busy));
		conn->generation = 0;
		conn->declared_version = NULL;
		memset(&conn->gateway, 0, sizeof(conn->gateway));
		conn->app_name = NULL;
		conn->nrequests = 0;
		conn->xact_used = false;
		conn->schemas = NIL;
	}
	/* a new application_name goes into the User-Agent of a new handle */
	if (conn->http != NULL &&
		(conn->invalidated ||
		 (!conn->xact_used && strcmp(conn->app_name, application_name ? application_name : "") != 0)))
		close_conn(conn);
	if (conn->http == NULL)
	{
		(void) find_user_mapping(userid, serverid, &umoptions);
		open_conn(conn, GetForeignServer(serverid), umoptions);
	}
	return conn;
}

Oid
hbase_conn_server(HBaseConn *conn)
{
	return conn->key.serverid;
}

/* the families of HBase table `table` read on this connection, or NIL when not read yet */
List *
hbase_conn_families(HBaseConn *conn, const char *table)
{
	ListCell   *lc;

	foreach(lc, conn->schemas)
	{
		FamilyCache *fc = lfirst(lc);

		if (strcmp(fc->table, table) == 0)
			return fc->families;
	}
	return NIL;
}

/* remembers the families of HBase table `table` (copied) for later queries */
void
hbase_conn_set_families(HBaseConn *conn, const char *table, List *families)
{
	MemoryContext old;
	FamilyCache *fc;
	ListCell   *lc;

	hbase_conn_forget_families(conn, table);
	old = MemoryContextSwitchTo(TopMemoryContext);
	fc = palloc(sizeof(FamilyCache));
	fc->table = pstrdup(table);
	fc->families = NIL;
	foreach(lc, families)
		fc->families = lappend(fc->families, pstrdup(lfirst(lc)));
	conn->schemas = lappend(conn->schemas, fc);
	MemoryContextSwitchTo(old);
}

/* forgets the families read of HBase table `table`, or of every table (NULL) */
static void
hbase_conn_forget_families(HBaseConn *conn, const char *table)
{
	ListCell   *lc;

	foreach(lc, conn->schemas)
	{
		FamilyCache *fc = lfirst(lc);

		if (table != NULL && strcmp(fc->table, table) != 0)
			continue;
		conn->schemas = foreach_delete_current(conn->schemas, lc);
		list_free_deep(fc->families);
		pfree(fc->table);
		pfree(fc);
	}
}

/*
 * Several gateways: paths of scanners (which live on the gateway that made
 * them) are absolute URLs, built by us from a configured gateway's URL.
 */
static bool
absolute_path(const char *path)
{
	return strncmp(path, "http://", 7) == 0 || strncmp(path, "https://", 8) == 0;
}

/* what a scanner's path starts with: the gateway that made it, when there are several */
const char *
hbase_scanner_prefix(HBaseConn *conn)
{
	return conn->ngateways > 1 ? conn->url : "";
}

/*
 * The gateway of the next request: the next one in turn that is not left
 * out; if all are, the one left out the longest ago.  It becomes conn->url.
 */
static int
choose_gateway(HBaseConn *conn)
{
	TimestampTz now;
	int			best = -1;
	int			i;

	if (conn->ngateways <= 1)
		return 0;
	now = GetCurrentTimestamp();
	for (i = 0; i < conn->ngateways; i++)
	{
		int			g = (conn->next_gateway + i) % conn->ngateways;

		if (conn->down_until[g] <= now)
		{
			best = g;
			break;
		}
		if (best < 0 || conn->down_until[g] < conn->down_until[best])
			best = g;
	}
	conn->next_gateway = (best + 1) % conn->ngateways;
	conn->url = conn->gateways[best];
	return best;
}

/* a gateway that did not answer: left out for a while */
static void
gateway_down(HBaseConn *conn, int g)
{
	if (conn->ngateways > 1)
		conn->down_until[g] = TimestampTzPlusMilliseconds(GetCurrentTimestamp(),
														  HBASE_GATEWAY_DOWN_MS);
}

/* the URL of a request: an absolute path as it is, else on the chosen gateway */
static char *
request_url(HBaseConn *conn, const char *path, int *gateway)
{
	if (absolute_path(path))
	{
		*gateway = -1;
		return pstrdup(path);
	}
	*gateway = choose_gateway(conn);
	return psprintf("%s%s", conn->gateways[*gateway], path);
}

/*
 * Where gateway.c keeps what this connection's gateway offers (name NULL
 * until it is known: hbase_gateway), and the version the server option
 * gateway_version declares (NULL: the gateway is asked).  Reset when the
 * connection is remade: the next gateway may be another version.
 */
HBaseGateway *
hbase_conn_gateway(HBaseConn *conn, const char **declared)
{
	*declared = conn->declared_version;
	return &conn->gateway;
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
	return hbase_request_ex(conn, method, path, body, bodylen, what, 0);
}

/*
 * A response out of malloc'd memory into a palloc'd HBaseResponse.  The
 * malloc'd buffers are freed whatever happens: allocations here do not
 * raise, a failed one frees everything and then reports.
 */
static HBaseResponse *take_outcome(HBaseConn *conn, hbase_http_outcome outcome,
								   hbase_http_result *res, const char *method,
								   const char *path, const char *what, int flags);

/*
 * An answer's body stays where libcurl's write callback put it (malloc'd,
 * in the answer budget of http.c), never copied: the response owns it and
 * frees it when released (hbase_response_release) or, at the latest, when
 * the memory context the response was made in goes.
 */
typedef struct HeldBody
{
	MemoryContextCallback cb;
	char	   *body;			/* malloc'd by http.c, or NULL once freed */
	size_t		len;
} HeldBody;

static void
held_body_gone(void *arg)
{
	HeldBody   *hb = arg;

	hbase_http_body_free(hb->body, hb->len);
	hb->body = NULL;
}

/* the body of a response, freed now: its content is no longer looked at */
void
hbase_response_release(HBaseResponse *resp)
{
	HeldBody   *hb = resp->held;

	if (hb == NULL)
		return;
	held_body_gone(hb);
	resp->held = NULL;
	resp->body = "";
	resp->len = 0;
}

static HBaseResponse *
copy_response(hbase_http_result *res, const char *what)
{
	HBaseResponse *r = palloc_extended(sizeof(HBaseResponse), MCXT_ALLOC_NO_OOM | MCXT_ALLOC_ZERO);
	HeldBody   *hb = palloc_extended(sizeof(HeldBody), MCXT_ALLOC_NO_OOM);
	char	   *loc = res->location ?
		palloc_extended(strlen(res->location) + 1, MCXT_ALLOC_NO_OOM) : NULL;
	size_t		len = res->len;

	if (r == NULL || hb == NULL || (res->location && loc == NULL))
	{
		if (r)
			pfree(r);
		if (hb)
			pfree(hb);
		if (loc)
			pfree(loc);
		hbase_http_result_free(res);
		ereport(ERROR,
				(errcode(ERRCODE_OUT_OF_MEMORY),
				 errmsg("out of memory"),
				 errdetail("Failed to keep the HBase REST answer (%zu bytes) to %s.", len, what)));
	}
	r->status = res->status;
	r->what = what;
	if (loc)
		strcpy(loc, res->location);
	r->location = loc;
	r->wire_len = res->wire_len ? res->wire_len : len;
	r->protobuf = strncmp(res->content_type, HBASE_MEDIA_PROTOBUF,
						  strlen(HBASE_MEDIA_PROTOBUF)) == 0;
	hb->body = hbase_http_take_body(res, &hb->len);
	hbase_http_result_free(res);
	if (hb->body == NULL)
	{
		pfree(hb);
		r->body = "";
		r->len = 0;
		return r;
	}
	r->body = hb->body;			/* NUL-terminated by http.c */
	r->len = hb->len;
	hb->cb.func = held_body_gone;
	hb->cb.arg = hb;
	MemoryContextRegisterResetCallback(CurrentMemoryContext, &hb->cb);
	r->held = hb;
	return r;
}

/* a failed transfer as a response of status 0, for HBASE_REQ_TRANSPORT_OK */
static HBaseResponse *
no_answer(hbase_http_result *res, const char *what)
{
	HBaseResponse *r = palloc0(sizeof(HBaseResponse));

	r->what = what;
	r->body = pstrdup(res->error);
	r->len = strlen(r->body);
	r->unsent = res->connect_failed != 0;
	return r;
}

static void
report_too_large(HBaseConn *conn, const char *what, const char *method, const char *path,
				 bool over_budget)
{
	if (over_budget)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("HBase REST answers to %s held at once exceed max_response_size (%zu bytes)",
						what, conn->max_response_size),
				 errdetail("The request was %s %s at %s; the transfer was stopped. The answer alone fits, but with the other answers this backend holds or receives at the same time (parallel requests, a read ahead) it would not.",
						   method, path, conn->url),
				 errhint("Raise the server option \"max_response_size\", or lower the option \"concurrency\" of the server or table.")));
	ereport(ERROR,
			(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
			 errmsg("HBase REST response to %s exceeds max_response_size (%zu bytes)",
					what, conn->max_response_size),
			 errdetail("The request was %s %s at %s; the transfer was stopped.",
					   method, path, conn->url),
			 errhint("Raise the server option \"max_response_size\", or lower \"fetch_size\" for smaller scanner pages.")));
}

/*
 * The media type a request asks for: a CellSet (a Get, a multiget, a
 * scanner page) as the connection's transport says, anything else JSON.
 */
static const char *
accept_for(HBaseConn *conn, int flags)
{
	return (flags & HBASE_REQ_CELLSET) && conn->protobuf ? HBASE_MEDIA_PROTOBUF : "application/json";
}

/*
 * flags: HBASE_REQ_TRANSPORT_OK, HBASE_REQ_CELLSET, HBASE_REQ_ONCE,
 * HBASE_REQ_IDEMPOTENT, HBASE_REQ_WRITE (wire.h).  A request is sent
 * once unless it can be done twice: a transfer stopped by a cancel raises
 * it, never sends the request again (a scanner POST or a PUT may have been
 * done), and only GETs, DELETEs and requests flagged IDEMPOTENT (a
 * scanner POST: one made but never heard of is never read, and expires) may
 * go out again by libcurl's own re-send on a fresh connection, after a
 * reused one closed without an answer (a gateway restarted since: a
 * DELETE flagged WRITE may not).
 */

/*
 * The one place that says which statuses mean "the gateway is unavailable"
 * rather than an answer to the request: 502 to 504, from a gateway still
 * starting (503) or a proxy in front of one that got no answer (502, 504).
 * A request that got one may go to the next gateway, a scan resumes.
 */
bool
hbase_status_unavailable(long status)
{
	return status >= 502 && status <= 504;
}

/*
 * Several gateways: does a request that a gateway did not serve go to the
 * next one?  GETs and requests flagged HBASE_REQ_IDEMPOTENT (a scanner
 * POST: a scanner made but not heard of is never read and expires) go to
 * the next gateway after no answer or a 502/503/504.  Writes and any other
 * request only when they surely were not done, by the rule of writes
 * (hbase_write_outcome in rest.c): the connection could not be made.
 * Scanner reads go by the scanner's own URL, never elsewhere: the scan
 * resumes them.
 */
static bool
next_gateway_may_retry(const char *method, int flags, hbase_http_outcome outcome,
					   hbase_http_result *res)
{
	if (outcome == HBASE_HTTP_INTERRUPTED || res->krb_status || res->too_large)
		return false;
	if ((flags & HBASE_REQ_WRITE) ||
		(strcmp(method, "GET") != 0 && !(flags & HBASE_REQ_IDEMPOTENT)))
		return hbase_write_outcome(outcome == HBASE_HTTP_OK ? res->status : 0,
								   outcome == HBASE_HTTP_FAILED && res->connect_failed,
								   NULL, false, NULL) == HBASE_UNAVAILABLE;
	return outcome == HBASE_HTTP_FAILED ||
		(outcome == HBASE_HTTP_OK && hbase_status_unavailable(res->status));
}

/* a gateway that gave no answer or said it cannot serve: left out a while */
static bool
gateway_failed(hbase_http_outcome outcome, hbase_http_result *res)
{
	if (outcome == HBASE_HTTP_FAILED)
		return !res->krb_status && !res->too_large;
	return outcome == HBASE_HTTP_OK && hbase_status_unavailable(res->status);
}

HBaseResponse *
hbase_request_ex(HBaseConn *conn, const char *method, const char *path,
				 const char *body, size_t bodylen, const char *what, int flags)
{
	HBaseResponse *resp;
	hbase_http_result res;
	hbase_http_outcome outcome;
	int			httpflags = 0;
	int			attempt;
	bool		fresh_tried = false;
	int			turn = conn->next_gateway;

	if ((flags & (HBASE_REQ_ONCE | HBASE_REQ_WRITE)) ||
		(strcmp(method, "GET") != 0 && strcmp(method, "DELETE") != 0 &&
		 !(flags & HBASE_REQ_IDEMPOTENT)))
		httpflags |= HBASE_HTTP_ONCE;
	for (attempt = 1;; attempt++)
	{
		int			g;
		char	   *url = request_url(conn, path, &g);

		count_request(conn, method, path);
		hbase_http_set_accept(conn->http, accept_for(conn, flags));
		outcome = hbase_http_perform(conn->http, method, url, body, bodylen, httpflags, &res);
		pfree(url);
		hbase_stats_done(conn->key.serverid, method, path, outcome, &res, true);

		/*
		 * Sent on a kept-alive connection that its gateway had closed (it
		 * restarted since: reset, or closed without an answer) and that
		 * libcurl did not send again itself: once more, on a fresh
		 * connection (to the gateway whose turn it is), when the request may
		 * be done twice, as postgres_fdw reconnects once when its cached
		 * connection broke
		 */
		if (outcome == HBASE_HTTP_FAILED && res.stale && !fresh_tried &&
			!(httpflags & HBASE_HTTP_ONCE))
		{
			fresh_tried = true;
			hbase_http_result_free(&res);
			attempt--;
			continue;
		}
		if (g >= 0 && gateway_failed(outcome, &res))
			gateway_down(conn, g);
		if (g >= 0 && conn->ngateways > 1 && attempt < conn->ngateways &&
			next_gateway_may_retry(method, flags, outcome, &res))
		{
			hbase_stats_event(conn->key.serverid, HBASE_STAT_FAILOVER);
			hbase_http_result_free(&res);
			continue;
		}
		break;
	}
	if (flags & HBASE_REQ_ASIDE)
		conn->next_gateway = turn;
	resp = take_outcome(conn, outcome, &res, method, path, what, flags);
	return resp;
}

/*
 * What a request came to: its response, a response of status 0 for no
 * answer (HBASE_REQ_TRANSPORT_OK, not a timeout), else an error.  A cancel
 * or terminate is raised.  res is freed whatever happens.
 */
static HBaseResponse *
take_outcome(HBaseConn *conn, hbase_http_outcome outcome, hbase_http_result *res,
			 const char *method, const char *path, const char *what, int flags)
{
	HBaseResponse *resp;

	if (outcome == HBASE_HTTP_INTERRUPTED)
	{
		/* only a cancel or terminate stops a transfer: this raises it */
		CHECK_FOR_INTERRUPTS();
		/* not reachable unless the interrupt went away meanwhile; still an error */
		ereport(ERROR,
				(errcode(ERRCODE_QUERY_CANCELED),
				 errmsg("canceling an HBase REST request"),
				 errdetail("The request was %s at %s.", what, conn->url)));
	}
	if (outcome == HBASE_HTTP_FAILED && res->krb_status)
		hbase_report_krb(res->krb_status, res->error, what);
	if (outcome == HBASE_HTTP_FAILED && res->too_large)
		report_too_large(conn, what, method, path, res->over_budget);
	if (outcome == HBASE_HTTP_FAILED && (flags & HBASE_REQ_WRITE) &&
		hbase_write_outcome(0, res->connect_failed, NULL, false, NULL) == HBASE_MAYBE_APPLIED)
	{
		/*
		 * The write went out and no answer came (hbase_write_outcome): the
		 * gateway may have done it, or may still do it.  08007
		 * (transaction_resolution_unknown), the SQLSTATE of a commit whose
		 * outcome is unknown, rather than a connection error that a client
		 * could take for "not done".
		 */
		ereport(ERROR,
				(errcode(ERRCODE_TRANSACTION_RESOLUTION_UNKNOWN),
				 errmsg("HBase REST gateway gave no answer to %s: whether it was written is unknown", what),
				 errdetail("%s at %s. The gateway may have done the write, or may still do it; it was not sent %s.",
						   res->error, conn->url,
						   conn->ngateways > 1 ? "to another gateway, nor again" : "again"),
				 errhint("Read the rows back to see what was written; a write of the same values may be sent again.")));
	}
	if (outcome == HBASE_HTTP_FAILED && (flags & HBASE_REQ_TRANSPORT_OK) && !res->timed_out)
		return no_answer(res, what);
	if (outcome == HBASE_HTTP_FAILED)
	{
		if (res->connect_failed && conn->ngateways > 1)
			ereport(ERROR,
					(errcode(ERRCODE_FDW_UNABLE_TO_ESTABLISH_CONNECTION),
					 errmsg("could not connect to any of the %d HBase REST gateways of the server",
							conn->ngateways),
					 errdetail("%s at %s (the last one tried). The request was %s.", res->error, conn->url, what)));
		if (res->connect_failed)
			ereport(ERROR,
					(errcode(ERRCODE_FDW_UNABLE_TO_ESTABLISH_CONNECTION),
					 errmsg("could not connect to HBase REST gateway at %s", conn->url),
					 errdetail("%s. The request was %s.", res->error, what)));
		ereport(ERROR,
				(errcode(res->timed_out ? ERRCODE_FDW_UNABLE_TO_ESTABLISH_CONNECTION : ERRCODE_FDW_ERROR),
				 errmsg("HBase REST request failed: %s", res->error),
				 errdetail("The request was %s at %s.", what, conn->url)));
	}
	resp = copy_response(res, what);
	resp->write = (flags & HBASE_REQ_WRITE) != 0;
	resp->gateway = conn->url;
	return resp;
}

/*
 * Read-ahead.  A GET sent now on one of the connection's ahead handles,
 * its answer taken by hbase_ahead_finish as hbase_request_ex's.  An
 * HBaseAhead is one scan's, reused for each of its reads; the handle is
 * held from start to finish or abandon, and given back by the end of the
 * memory context the HBaseAhead lives in (an error), a closed connection
 * (the answer is then no answer: status 0) or the transaction end.
 */
struct HBaseAhead
{
	HBaseConn  *conn;
	int			slot;			/* -1: none held */
	uint64		generation;		/* conn->generation when started */
	char	   *path;			/* of the read in flight */
	const char *what;
	int			flags;
	MemoryContextCallback cb;
};

static void
release_ahead(HBaseAhead *a)
{
	HBaseConn  *conn = a->conn;

	if (a->slot < 0)
		return;
	if (conn->generation == a->generation && conn->ahead[a->slot] != NULL)
	{
		hbase_http_abandon(conn->ahead[a->slot]);
		conn->ahead_busy[a->slot] = false;
	}
	/* else: closed with the connection */
	a->slot = -1;
	if (a->path)
		pfree(a->path);
	a->path = NULL;
}

static void
ahead_context_gone(void *arg)
{
	release_ahead((HBaseAhead *) arg);
}

HBaseAhead *
hbase_ahead_new(HBaseConn *conn)
{
	HBaseAhead *a = palloc0(sizeof(HBaseAhead));

	a->conn = conn;
	a->slot = -1;
	a->cb.func = ahead_context_gone;
	a->cb.arg = a;
	MemoryContextRegisterResetCallback(CurrentMemoryContext, &a->cb);
	return a;
}

/* false when every ahead handle is busy: the caller reads synchronously */
bool
hbase_ahead_start(HBaseAhead *a, const char *path, const char *what, int flags)
{
	HBaseConn  *conn = a->conn;
	char	   *url;
	int			slot;

	release_ahead(a);
	for (slot = 0; slot < HBASE_MAX_AHEAD; slot++)
		if (!conn->ahead_busy[slot])
			break;
	if (slot == HBASE_MAX_AHEAD)
		return false;
	if (conn->ahead[slot] == NULL && (conn->ahead[slot] = hbase_http_dup(conn->http)) == NULL)
		return false;
	a->path = MemoryContextStrdup(GetMemoryChunkContext(a), path);
	a->slot = slot;
	a->generation = conn->generation;
	a->what = what;
	a->flags = flags;
	conn->ahead_busy[slot] = true;
	url = absolute_path(path) ? pstrdup(path) : psprintf("%s%s", conn->url, path);
	count_request(conn, "GET", path);
	hbase_http_set_accept(conn->ahead[slot], accept_for(conn, flags));
	hbase_http_start(conn->ahead[slot], url, HBASE_HTTP_ONCE);
	pfree(url);
	return true;
}

HBaseResponse *
hbase_ahead_finish(HBaseAhead *a)
{
	HBaseConn  *conn = a->conn;
	hbase_http_result res;
	hbase_http_outcome outcome;
	char	   *path = a->path ? pstrdup(a->path) : pstrdup("");
	int			flags = a->flags;

	Assert(a->slot >= 0);
	if (a->slot >= 0 && conn->generation == a->generation && conn->ahead[a->slot] != NULL)
	{
		outcome = hbase_http_finish(conn->ahead[a->slot], &res);
		conn->ahead_busy[a->slot] = false;
		hbase_stats_done(conn->key.serverid, "GET", path, outcome, &res, false);
	}
	else
	{
		/* the connection was closed meanwhile: as if no answer came */
		memset(&res, 0, sizeof(res));
		snprintf(res.error, sizeof(res.error), "the connection was closed");
		outcome = HBASE_HTTP_FAILED;
		flags |= HBASE_REQ_TRANSPORT_OK;
	}
	a->slot = -1;
	if (a->path)
		pfree(a->path);
	a->path = NULL;
	return take_outcome(conn, outcome, &res, "GET", path, a->what, flags);
}

/* a started read whose answer is not wanted */
void
hbase_ahead_abandon(HBaseAhead *a)
{
	release_ahead(a);
}

/*
 * n distinct handles of the connection for requests at once: its own, then
 * those of its pool, made when first needed (each keeps its connection).
 */
static void
pool_handles(HBaseConn *conn, hbase_http **handles, int n)
{
	int			i;

	while (conn->npool < n - 1)
	{
		hbase_http *d = hbase_http_dup(conn->http);

		if (d == NULL)
			ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("out of memory")));
		conn->pool[conn->npool++] = d;
	}
	for (i = 0; i < n; i++)
		handles[i] = i == 0 ? conn->http : conn->pool[i - 1];
}

/*
 * n page reads in parallel (n <= HBASE_MAX_CONCURRENCY), each on its own
 * keep-alive handle of this connection, each sent once (HBASE_REQ_ONCE):
 * scanner pages, stateless scan pages or multigets, each a CellSet in the
 * connection's transport, but as JSON where json[i].
 * out[i] has status 0 when no response was had (the caller resumes or asks
 * again); an interrupt raises the usual cancel error.  An answer over the
 * budget of answers held at once (http.c), or over max_response_size, is
 * an error (54000), unless again_alone: then it is no answer, and the
 * caller asks it again alone once the others are decoded (multigets, which
 * change nothing): concurrency then waits rather than fails, and an answer
 * too large alone is reported by that request, the same whatever the
 * timing of the others.
 */
void
hbase_request_many(HBaseConn *conn, const char **paths, const bool *json, int n,
				   const char *what, HBaseResponse **out, bool again_alone)
{
	hbase_http *handles[HBASE_MAX_CONCURRENCY];
	const char *urls[HBASE_MAX_CONCURRENCY];
	hbase_http_result res[HBASE_MAX_CONCURRENCY];
	hbase_http_outcome outcomes[HBASE_MAX_CONCURRENCY];
	volatile bool interrupted = false;
	volatile int too_large = -1;
	volatile bool over_budget = false;
	volatile int krb_status = 0;
	char		krb_error[256];
	int			i;

	Assert(n <= HBASE_MAX_CONCURRENCY);
	pool_handles(conn, handles, n);
	for (i = 0; i < n; i++)
	{
		hbase_http_set_accept(handles[i], accept_for(conn, json && json[i] ? 0 : HBASE_REQ_CELLSET));
		urls[i] = absolute_path(paths[i]) ? pstrdup(paths[i]) : psprintf("%s%s", conn->url, paths[i]);
	}
	for (i = 0; i < n; i++)
		count_request(conn, "GET", paths[i]);
	hbase_http_get_many(handles, urls, n, HBASE_HTTP_ONCE, res, outcomes);
	for (i = 0; i < n; i++)
		hbase_stats_done(conn->key.serverid, "GET", paths[i], outcomes[i], &res[i], true);

	/* copy out of malloc'd memory; every result freed even if a palloc fails */
	PG_TRY();
	{
		int			k;

		for (k = 0; k < n; k++)
		{
			out[k] = NULL;
			if (outcomes[k] == HBASE_HTTP_INTERRUPTED)
				interrupted = true;
			if (outcomes[k] == HBASE_HTTP_FAILED && res[k].too_large && !again_alone &&
				(too_large < 0 || !res[k].over_budget))
			{
				/* an answer too large alone is the one to report */
				too_large = k;
				over_budget = res[k].over_budget;
			}
			if (outcomes[k] == HBASE_HTTP_FAILED && res[k].krb_status)
			{
				/* no ticket: nothing was sent, and resuming would not get one */
				krb_status = res[k].krb_status;
				strlcpy(krb_error, res[k].error, sizeof(krb_error));
			}
			if (outcomes[k] == HBASE_HTTP_FAILED)
				out[k] = no_answer(&res[k], what);
			if (outcomes[k] != HBASE_HTTP_OK)
				continue;
			out[k] = copy_response(&res[k], what);
		}
	}
	PG_FINALLY();
	{
		int			j;

		for (j = 0; j < n; j++)
			hbase_http_result_free(&res[j]);
	}
	PG_END_TRY();
	if (interrupted)
	{
		CHECK_FOR_INTERRUPTS();
		ereport(ERROR,
				(errcode(ERRCODE_QUERY_CANCELED),
				 errmsg("canceling an HBase REST request"),
				 errdetail("The requests were %s, %d at once, at %s.", what, n, conn->url)));
	}
	if (too_large >= 0)
		report_too_large(conn, what, "GET", paths[too_large], over_budget);
	if (krb_status)
		hbase_report_krb(krb_status, krb_error, what);
}

/* writes under way (hbase_request_writes_start), answered by hbase_request_writes_finish */
struct HBaseWrites
{
	HBaseConn  *conn;
	const char *method;
	const char *what;
	int			n;
	bool		own;			/* on the connection's wpool */
	const char *paths[HBASE_MAX_CONCURRENCY];
	hbase_http *handles[HBASE_MAX_CONCURRENCY];
	const char *gateways[HBASE_MAX_CONCURRENCY];
	int			gw[HBASE_MAX_CONCURRENCY];
	hbase_http_result res[HBASE_MAX_CONCURRENCY];
	hbase_http_outcome outcomes[HBASE_MAX_CONCURRENCY];
	hbase_http_many *many;
};

/*
 * n writes at once (a bulk statement's PUTs, n <= HBASE_MAX_CONCURRENCY),
 * each with its body, on its own keep-alive handle of this connection and to
 * the gateway whose turn it is (several gateways share them), each sent at
 * most once: never again, nor elsewhere, whatever comes of it.  Nothing is
 * raised for an answer or its absence: out[i] is the answer, or one of
 * status 0 (unsent when the request surely never reached a gateway: no
 * connection, no Kerberos ticket), so that the caller sees every write's
 * outcome before it reports any (hbase_write_outcome decides what each
 * means).  A cancel stops the transfers under way: their answers are none
 * (not unsent), and *interrupted tells the caller to raise it once it has
 * counted what stands.
 */
void
hbase_request_writes(HBaseConn *conn, const char *method, const char **paths,
					 const char **bodies, const size_t *bodylens, int n, const char *what,
					 HBaseResponse **out, bool *interrupted)
{
	hbase_request_writes_finish(hbase_request_writes_start(conn, method, paths, bodies,
														   bodylens, n, what, false),
								out, interrupted);
}

/*
 * Can a round of writes be left under way on the connection now
 * (hbase_request_writes_start with own handles)?  One at a time: a
 * statement writing several tables of one server leaves one under way.
 */
bool
hbase_request_writes_can_leave(HBaseConn *conn)
{
	return !conn->wpool_busy;
}

/*
 * hbase_request_writes in two steps: the writes sent now (returned once
 * each went out), their answers taken by hbase_request_writes_finish, so
 * that the caller encodes its next rows meanwhile.  own: on handles of the
 * connection that no other request uses (its wpool), so that the caller may
 * make other requests on the connection before the finish; only one such
 * round at a time (hbase_request_writes_can_leave).  The bodies and paths
 * must live until the finish; the state is palloc'd in the current memory
 * context.
 */
HBaseWrites *
hbase_request_writes_start(HBaseConn *conn, const char *method, const char **paths,
						   const char **bodies, const size_t *bodylens, int n,
						   const char *what, bool own)
{
	HBaseWrites *w = palloc0(sizeof(HBaseWrites));
	const char *urls[HBASE_MAX_CONCURRENCY];
	int			i;

	Assert(n <= HBASE_MAX_CONCURRENCY);
	Assert(!own || !conn->wpool_busy);
	w->conn = conn;
	w->method = method;
	w->what = what;
	w->n = n;
	w->own = own;
	if (own)
	{
		while (conn->nwpool < n)
		{
			hbase_http *d = hbase_http_dup(conn->http);

			if (d == NULL)
				ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("out of memory")));
			conn->wpool[conn->nwpool++] = d;
		}
		for (i = 0; i < n; i++)
			w->handles[i] = conn->wpool[i];
	}
	else
		pool_handles(conn, w->handles, n);
	for (i = 0; i < n; i++)
	{
		w->paths[i] = paths[i];
		hbase_http_set_accept(w->handles[i], accept_for(conn, 0));
		urls[i] = request_url(conn, paths[i], &w->gw[i]);
		w->gateways[i] = conn->url;
		count_request(conn, method, paths[i]);
	}
	w->many = hbase_http_start_many(w->handles, method, urls, bodies, bodylens, n,
									HBASE_HTTP_ONCE, w->res, w->outcomes);
	conn->wpool_busy |= own;
	return w;
}

/*
 * The answers of writes hbase_request_writes_start sent, as
 * hbase_request_writes gives them; w is freed.
 */
void
hbase_request_writes_finish(HBaseWrites *w, HBaseResponse **out, bool *interrupted)
{
	HBaseConn  *conn = w->conn;
	int			n = w->n;
	int			i;

	*interrupted = false;
	if (w->many)
		hbase_http_finish_many(w->many);
	w->many = NULL;
	if (w->own)
		conn->wpool_busy = false;
	for (i = 0; i < n; i++)
	{
		hbase_stats_done(conn->key.serverid, w->method, w->paths[i], w->outcomes[i],
						 &w->res[i], true);
		if (w->gw[i] >= 0 && gateway_failed(w->outcomes[i], &w->res[i]))
			gateway_down(conn, w->gw[i]);
	}

	/* copy out of malloc'd memory; every result freed even if a palloc fails */
	PG_TRY();
	{
		int			k;

		for (k = 0; k < n; k++)
		{
			if (w->outcomes[k] == HBASE_HTTP_OK)
				out[k] = copy_response(&w->res[k], w->what);
			else
			{
				if (w->outcomes[k] == HBASE_HTTP_INTERRUPTED)
				{
					*interrupted = true;
					snprintf(w->res[k].error, sizeof(w->res[k].error), "canceled while under way");
				}
				out[k] = no_answer(&w->res[k], w->what);
				out[k]->unsent = w->outcomes[k] == HBASE_HTTP_FAILED &&
					(w->res[k].connect_failed || w->res[k].krb_status);
			}
			out[k]->write = true;
			out[k]->gateway = w->gateways[k];
		}
	}
	PG_FINALLY();
	{
		int			j;

		for (j = 0; j < n; j++)
			hbase_http_result_free(&w->res[j]);
	}
	PG_END_TRY();
	pfree(w);
}

/* the server option max_response_size of the connection (0: none) */
size_t
hbase_conn_max_response_size(HBaseConn *conn)
{
	return conn->max_response_size;
}

/*
 * s percent-encoded for a URL path or query, palloc'd: every byte but the
 * unreserved ones (A-Z a-z 0-9 - . _ ~) as %XX, upper-case hex, which is
 * what curl_easy_escape writes.  Here rather than through libcurl: every
 * request escapes its table and most their keys, and libcurl's copy, its
 * byte-by-byte buffer and the copy back into palloc'd memory cost more than
 * the rest of building the request.  conn is unused (any connection
 * escapes alike).
 */
char *
hbase_escape(HBaseConn *conn, const char *s, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	char	   *out = palloc(len * 3 + 1);
	char	   *o = out;
	size_t		i;

	for (i = 0; i < len; i++)
	{
		unsigned char c = (unsigned char) s[i];

		if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
			c == '-' || c == '.' || c == '_' || c == '~')
			*o++ = (char) c;
		else
		{
			*o++ = '%';
			*o++ = hex[c >> 4];
			*o++ = hex[c & 15];
		}
	}
	*o = '\0';
	return out;
}

/*
 * Reports why no Kerberos ticket was had for a request (nothing was sent).
 * krb5's messages may name the keytab or cache file: only superusers see
 * them, as they can see the options.
 */
static void
hbase_report_krb(int status, const char *msg, const char *what)
{
	const char *text;
	const char *hint = "Check the user mapping's options \"krb_principal\", \"krb_keytab\" and \"krb_ccache\".";
	const char *file_hint = "The user mapping's option \"krb_keytab\" names a keytab file the operating-system user of the PostgreSQL server must be able to read.";

	switch (status)
	{
		case HBASE_KRB_NO_TICKET:
			text = "no Kerberos ticket for the HBase REST gateway";
			break;
		case HBASE_KRB_EXPIRED:
			text = "the Kerberos ticket for the HBase REST gateway has expired";
			break;
		case HBASE_KRB_BAD_PRINCIPAL:
			text = "the KDC refused the Kerberos principal of the user mapping";
			break;
		case HBASE_KRB_KDC:
			text = "could not reach the Kerberos KDC";
			break;
		case HBASE_KRB_KEYTAB_MISSING:
			text = "the user mapping's Kerberos keytab does not exist";
			hint = file_hint;
			break;
		case HBASE_KRB_KEYTAB_UNREADABLE:
			text = "the user mapping's Kerberos keytab cannot be read";
			hint = file_hint;
			break;
		case HBASE_KRB_KEYTAB_INVALID:
			text = "the user mapping's Kerberos keytab is not a keytab file";
			hint = file_hint;
			break;
		case HBASE_KRB_KEYTAB_NO_KEY:
			text = "the user mapping's Kerberos keytab has no key for its principal";
			hint = "The keytab must hold a key of the user mapping's \"krb_principal\" (klist -k -t lists a keytab's keys).";
			break;
		default:
			text = "could not get a Kerberos ticket from the keytab";
	}
	/* the keytab's path is a superuser's option: only a superuser sees it (and krb5's words) */
	ereport(ERROR,
			(errcode(status == HBASE_KRB_KDC ? ERRCODE_FDW_UNABLE_TO_ESTABLISH_CONNECTION :
					 ERRCODE_INVALID_AUTHORIZATION_SPECIFICATION),
			 errmsg("%s", text),
			 superuser() ? errdetail("%s. The request was %s.", msg, what) :
			 errdetail("Nothing was sent for %s.", what),
			 errhint("%s", hint)));
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
 * The scanner id of a 201 answer's Location header, checked before it goes
 * into a path.  The gateway makes ids of decimal and hex digits (creation
 * time and a hash); anything else ("..", a query, a host of its own) is
 * refused rather than sent along with our credentials.
 */
char *
hbase_scanner_id(HBaseResponse *resp, HBaseTable *table)
{
	const char *tname = table ? table->hbase_table : "";
	const char *id;
	const char *p;

	id = resp->location ? strrchr(resp->location, '/') : NULL;
	if (id == NULL || id[1] == '\0')
		ereport(ERROR,
				(errcode(ERRCODE_FDW_UNABLE_TO_CREATE_REPLY),
				 errmsg("invalid response from the HBase REST gateway"),
				 errdetail("It created a scanner on table \"%s\" without a Location header.", tname)));
	id++;
	for (p = id; *p; p++)
		if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
			break;
	if (*p != '\0' || p - id > 64)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_UNABLE_TO_CREATE_REPLY),
				 errmsg("invalid response from the HBase REST gateway"),
				 errdetail("The scanner it created on table \"%s\" has an id that is not 1 to 64 letters and digits.",
						   tname)));
	return pstrdup(id);
}

/* the decoders' allocator: palloc in the current context (raises when out of memory) */
static void *
decode_alloc(void *arg, size_t size)
{
	return palloc_extended(size, MCXT_ALLOC_HUGE);
}

/*
 * The CellSet of a 200 answer, decoded as its Content-Type says (protobuf,
 * else JSON) into one block; anything else (not JSON, no "Row" array, rows
 * without keys, an empty body) is a protocol error naming the request,
 * never read as an empty result.  Empty results come as 204 (scanner) or
 * 404 (Get, multiget), which callers handle before.  The answer cannot hold
 * more than max_rows rows and max_cells cells (what its request asked; 0:
 * no bound), nor decode into more than HBASE_DECODE_FACTOR times its size
 * (54000): a small answer never takes the backend's memory.
 */
HBaseCellSet *
hbase_response_cellset(HBaseResponse *resp, HBaseTable *table, long max_rows, long max_cells)
{
	HBaseDecodeLimits lim = {max_rows, max_cells};
	HBaseCellSet *set = palloc(sizeof(HBaseCellSet));
	char		err[HBASE_DECODE_ERRLEN];
	HBaseDecodeResult res = !resp->protobuf ?
		hbase_cellset_json_decode(resp->body, resp->len, &lim, decode_alloc, NULL, set, err) :
		hbase_cellset_pb_decode(resp->body, resp->len, &lim, decode_alloc, NULL, set, err);

	cellset_pages[resp->protobuf ? 1 : 0]++;
	cellset_bytes[resp->protobuf ? 1 : 0] += resp->len;
	cellset_wire[resp->protobuf ? 1 : 0] += resp->wire_len;
	if (res == HBASE_DECODE_TOO_LARGE)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("answer of the HBase REST gateway too large to decode"),
				 errdetail("The answer (HTTP %ld) to %s on table \"%s\" is refused: %s.",
						   resp->status, resp->what ? resp->what : "a request",
						   table ? table->hbase_table : "", err),
				 errhint("A gateway sends no such answer: check what answers at the server's url.")));
	if (res != HBASE_DECODE_OK)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_UNABLE_TO_CREATE_REPLY),
				 errmsg("invalid response from the HBase REST gateway"),
				 errdetail("The answer (HTTP %ld) to %s on table \"%s\" is not a CellSet: %s.",
						   resp->status, resp->what ? resp->what : "a request",
						   table ? table->hbase_table : "", err)));
	return set;
}

/*
 * At the end of a top-level transaction no scan of ours goes on: delete
 * what scanners an error left open.  Errors are ignored here (the gateway
 * also expires scanners), and nothing here may raise one.  A hung gateway
 * must not hang the session: all the DELETEs share CLEANUP_MS, connect
 * included.  A scanner not deleted (time spent, gateway away) is tried
 * again at the next transaction ends, CLEANUP_TRIES times in all, then left
 * for the gateway to expire.
 */
static void
conn_xact_callback(XactEvent event, void *arg)
{
	HASH_SEQ_STATUS scan;
	HBaseConn  *conn;
	TimestampTz deadline = 0;
	MemoryContext old;

	if (event != XACT_EVENT_ABORT && event != XACT_EVENT_COMMIT &&
		event != XACT_EVENT_PARALLEL_ABORT && event != XACT_EVENT_PARALLEL_COMMIT)
		return;
	/* the lists outlive the transaction */
	old = MemoryContextSwitchTo(TopMemoryContext);
	hash_seq_init(&scan, ConnectionHash);
	while ((conn = hash_seq_search(&scan)) != NULL)
	{
		List	   *keep = NIL;
		ListCell   *lc;
		int			i;

		/* reads ahead that no scan took (an error): their answers are void */
		for (i = 0; i < HBASE_MAX_AHEAD; i++)
		{
			if (conn->ahead[i])
				hbase_http_abandon(conn->ahead[i]);
			conn->ahead_busy[i] = false;
		}

		/* this transaction's scanners join those left by earlier ones */
		foreach(lc, conn->scanners)
		{
			char	   *path = lfirst(lc);
			LeftScanner *ls = MemoryContextAlloc(TopMemoryContext,
												 offsetof(LeftScanner, path) + strlen(path) + 1);

			ls->tries = 0;
			strcpy(ls->path, path);
			conn->left = lappend(conn->left, ls);
			pfree(path);
		}
		list_free(conn->scanners);
		conn->scanners = NIL;
		conn->xact_used = false;
		if (conn->left == NIL)
		{
			if (!conn->keep && conn->http)
				close_conn(conn);
			continue;
		}

		foreach(lc, conn->left)
		{
			LeftScanner *ls = lfirst(lc);
			long		left;
			bool		deleted = false;

			if (deadline == 0)
				deadline = TimestampTzPlusMilliseconds(GetCurrentTimestamp(), CLEANUP_MS);
			left = (long) ((deadline - GetCurrentTimestamp()) / 1000);
			if (conn->http && conn->url && left > 0)
			{
				char		url[2048];
				hbase_http_result res;
				hbase_http_outcome outcome;

				snprintf(url, sizeof(url), "%s%s", absolute_path(ls->path) ? "" : conn->url,
						 ls->path);
				count_request(conn, "DELETE", ls->path);
				ls->tries++;
				outcome = hbase_http_perform_bounded(conn->http, "DELETE", url, left, left, &res);
				hbase_stats_done(conn->key.serverid, "DELETE", ls->path, outcome, &res, true);
				if (outcome == HBASE_HTTP_OK)
				{
					hbase_http_result_free(&res);
					remember_scanner(ls->path, false);
					deleted = true;
				}
			}
			if (!deleted && conn->http && ls->tries < CLEANUP_TRIES)
				keep = lappend(keep, ls);
			else
				pfree(ls);
		}
		list_free(conn->left);
		conn->left = keep;
		/* keep_connections off: closed at the end of each transaction */
		if (!conn->keep && conn->http)
			close_conn(conn);
	}
	MemoryContextSwitchTo(old);
}

/*
 * This backend's connections (hbase_fdw_get_connections): each cache
 * entry with an open handle, as HBaseConnInfo in the current context.
 */
List *
hbase_connections(void)
{
	HASH_SEQ_STATUS scan;
	HBaseConn  *conn;
	List	   *out = NIL;

	if (ConnectionHash == NULL)
		return NIL;
	hash_seq_init(&scan, ConnectionHash);
	while ((conn = hash_seq_search(&scan)) != NULL)
	{
		HBaseConnInfo *ci;

		if (conn->http == NULL)
			continue;
		ci = palloc0(sizeof(HBaseConnInfo));
		ci->serverid = conn->key.serverid;
		ci->umid = conn->key.umid;
		ci->url = pstrdup(conn->url);
		/* the version asked of the gateway, else the one declared, else unknown yet */
		ci->gateway_version = conn->gateway.name ? pstrdup(conn->gateway.name) :
			conn->declared_version ? pstrdup(conn->declared_version) : NULL;
		ci->in_transaction = conn->xact_used;
		ci->open_scanners = list_length(conn->scanners);
		ci->requests = conn->nrequests;
		ci->valid = !conn->invalidated;
		out = lappend(out, ci);
	}
	return out;
}

/*
 * Close this backend's connections to a server (InvalidOid: to every
 * server), as postgres_fdw_disconnect does: one used by the current
 * transaction stays (a scan may still hold it) with a warning.  True when
 * at least one was closed.
 */
bool
hbase_disconnect(Oid serverid)
{
	HASH_SEQ_STATUS scan;
	HBaseConn  *conn;
	bool		closed = false;

	if (ConnectionHash == NULL)
		return false;
	hash_seq_init(&scan, ConnectionHash);
	while ((conn = hash_seq_search(&scan)) != NULL)
	{
		if (conn->http == NULL || (OidIsValid(serverid) && conn->key.serverid != serverid))
			continue;
		if (conn->xact_used || conn->scanners != NIL)
		{
			ForeignServer *server = GetForeignServerExtended(conn->key.serverid, FSV_MISSING_OK);

			ereport(WARNING,
					(errmsg("cannot close connection for server \"%s\" because it is still in use",
							server ? server->servername : "?"),
					 errdetail("The current transaction sent requests on it; it can be closed after the transaction ends.")));
			continue;
		}
		close_conn(conn);
		closed = true;
	}
	return closed;
}
