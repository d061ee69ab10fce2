/*
 * stats.c: per-server statistics of the requests sent to REST gateways,
 * for the operator (the view hbase_fdw_stats, sql_functions.c).
 *
 * What is counted, per foreign server: requests by kind (told from their
 * method and path), bytes both ways, errors by class, retries, failovers,
 * resumed scans, and a latency histogram.  connection.c reports each request
 * twice, when it goes out (hbase_stats_sent: its kind) and when its outcome
 * is known (hbase_stats_done: bytes, status or failure, time); scan.c reports
 * resumes and pauses before a retry (hbase_stats_event).
 *
 * Two sets of counters.  This backend's own, always.  And, when the library
 * is in shared_preload_libraries, one set per (database, server) in shared
 * memory that every backend adds to: the numbers of the whole cluster since
 * it started or was reset, including backends that have exited.  Without
 * preloading there is no shared memory to ask for (PostgreSQL 15 has no DSM
 * registry), so the view shows this backend's counters and says so (scope).
 * The shared table holds HBASE_STATS_MAX_SHARED pairs; when full, the pair
 * used the longest ago of the database holding the most pairs makes room
 * (databases are created and dropped, each with servers of new oids; one
 * database's many servers never evict another's).  This backend's own
 * counters hold HBASE_STATS_MAX_LOCAL servers, the one counted the longest
 * ago giving its slot to a new one.
 *
 * Beside the counters, the rows of each foreign table that its last full
 * scan counted (hbase_stats_set_rows): the planner's evidence of a table
 * nobody ANALYZEd, kept for every backend alike (shared memory) and in this
 * backend either way.
 *
 * Latency goes into a log-linear histogram: 8 buckets per power of two of
 * microseconds, so a percentile is reported as its bucket's middle, within
 * 1/16 (6.25%) of the true value; values under 8 us are exact.  Nothing
 * here raises an error: it is called where an error would lose a response
 * (between a transfer and the copy of its malloc'd answer) and from the
 * transaction callback.
 */
#include "postgres.h"

#include <math.h>

#include "miscadmin.h"
#include "port/atomics.h"
#include "port/pg_bitutils.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#include "storage/spin.h"
#include "utils/hsearch.h"
#include "utils/memutils.h"
#include "utils/timestamp.h"

#include "wire_int.h"
#include "http.h"

/* (database, server) pairs kept in shared memory; beyond, the least recently used goes */
#define HBASE_STATS_MAX_SHARED	128
/* tables whose full scans' row counts are kept in shared memory */
#define HBASE_ROWS_MAX_SHARED	1024

typedef struct StatsKey
{
	Oid			dbid;
	Oid			serverid;
} StatsKey;

typedef struct SharedEntry
{
	StatsKey	key;			/* hash key, must be first */
	slock_t		mutex;			/* protects c and used */
	uint64		used;			/* the clock at its last use */
	HBaseStatCounters c;
} SharedEntry;

typedef struct StatsShared
{
	LWLock	   *lock;			/* the hash: shared to find and count, exclusive to add or remove */
	pg_atomic_uint64 clock;		/* counts uses, for the least recently used entry */
} StatsShared;

/* the rows a full scan of a table counted */
typedef struct RowsKey
{
	Oid			dbid;
	Oid			relid;
} RowsKey;

typedef struct RowsEntry
{
	RowsKey		key;			/* hash key, must be first */
	double		rows;
	uint64		used;			/* the clock when it was set */
} RowsEntry;

static StatsShared *shared = NULL;
static HTAB *shared_hash = NULL;
static HTAB *shared_rows = NULL;	/* RowsEntry, under shared->lock */
static HTAB *local_rows = NULL; /* this backend's RowsEntry */
static shmem_request_hook_type prev_shmem_request_hook = NULL;
static shmem_startup_hook_type prev_shmem_startup_hook = NULL;

/* this backend's counters (TopMemoryContext), and when each was last counted */
static HBaseStatServer *local[HBASE_STATS_MAX_LOCAL];
static uint64 local_used[HBASE_STATS_MAX_LOCAL];
static uint64 local_clock = 0;
static int	nlocal = 0;
/* servers whose counters gave their slot to another's since the last reset of all */
static int	local_dropped = 0;

/*
 * One request's or event's contribution, applied alike to this backend's
 * counters and to the shared ones.
 */
typedef struct StatsDelta
{
	int			kind;			/* HBaseStatKind of a request sent, or -1 */
	int			error;			/* HBaseStatError, or -1 */
	int			event;			/* HBaseStatEvent, or -1 */
	bool		check_failed;
	int64		bytes_out;
	int64		bytes_in;
	int64		latency_us;		/* -1: no sample */
} StatsDelta;

/* ---------------- shared memory ---------------- */

static Size
stats_memsize(void)
{
	return add_size(add_size(MAXALIGN(sizeof(StatsShared)),
							 hash_estimate_size(HBASE_STATS_MAX_SHARED, sizeof(SharedEntry))),
					hash_estimate_size(HBASE_ROWS_MAX_SHARED, sizeof(RowsEntry)));
}

static void
stats_shmem_request(void)
{
	if (prev_shmem_request_hook)
		prev_shmem_request_hook();
	RequestAddinShmemSpace(stats_memsize());
	RequestNamedLWLockTranche("hbase_fdw", 1);
}

static void
stats_shmem_startup(void)
{
	HASHCTL		info;
	bool		found;

	if (prev_shmem_startup_hook)
		prev_shmem_startup_hook();
	LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
	shared = ShmemInitStruct("hbase_fdw stats", sizeof(StatsShared), &found);
	if (!found)
	{
		shared->lock = &(GetNamedLWLockTranche("hbase_fdw"))->lock;
		pg_atomic_init_u64(&shared->clock, 0);
	}
	info.keysize = sizeof(StatsKey);
	info.entrysize = sizeof(SharedEntry);
	/* fixed size: a full table refuses new entries rather than eat others' memory */
	shared_hash = ShmemInitHash("hbase_fdw stats hash", HBASE_STATS_MAX_SHARED,
								HBASE_STATS_MAX_SHARED, &info,
								HASH_ELEM | HASH_BLOBS | HASH_FIXED_SIZE);
	info.keysize = sizeof(RowsKey);
	info.entrysize = sizeof(RowsEntry);
	shared_rows = ShmemInitHash("hbase_fdw table rows", HBASE_ROWS_MAX_SHARED,
								HBASE_ROWS_MAX_SHARED, &info,
								HASH_ELEM | HASH_BLOBS | HASH_FIXED_SIZE);
	LWLockRelease(AddinShmemInitLock);
}

/*
 * From _PG_init: shared counters only when loaded by
 * shared_preload_libraries, the only time shared memory can be asked for.
 */
void
hbase_stats_init(void)
{
	if (!process_shared_preload_libraries_in_progress)
		return;
	prev_shmem_request_hook = shmem_request_hook;
	shmem_request_hook = stats_shmem_request;
	prev_shmem_startup_hook = shmem_startup_hook;
	shmem_startup_hook = stats_shmem_startup;
}

/* ---------------- counting ---------------- */

/* the histogram bucket of a latency: exact under 8 us, then 8 a power of two */
static int
latency_bucket(int64 us)
{
	int			msb;
	int			b;

	if (us < 8)
		return (int) Max(us, 0);
	msb = pg_leftmost_one_pos64((uint64) us);
	b = 8 * (msb - 2) + (int) ((us >> (msb - 3)) & 7);
	return Min(b, HBASE_STAT_BUCKETS - 1);
}

/* the middle of a bucket, in microseconds */
static double
bucket_middle(int b)
{
	int			msb;
	double		width;

	if (b < 8)
		return b;
	msb = b / 8 + 2;
	width = (double) ((uint64) 1 << (msb - 3));
	return (8 + b % 8) * width + width / 2;
}

static void
apply(HBaseStatCounters *c, const StatsDelta *d)
{
	if (d->kind >= 0)
		c->requests[d->kind]++;
	if (d->error >= 0)
		c->errors[d->error]++;
	if (d->event == HBASE_STAT_RETRY)
		c->retries++;
	else if (d->event == HBASE_STAT_FAILOVER)
	{
		/* a failover is a retry on another gateway */
		c->retries++;
		c->failovers++;
	}
	else if (d->event == HBASE_STAT_RESUME)
		c->resumes++;
	if (d->check_failed)
		c->check_failures++;
	c->bytes_out += d->bytes_out;
	c->bytes_in += d->bytes_in;
	if (d->latency_us >= 0)
	{
		c->answered++;
		c->latency[latency_bucket(d->latency_us)]++;
		c->latency_max_us = Max(c->latency_max_us, d->latency_us);
	}
}

/*
 * This backend's counters of a server.  When all HBASE_STATS_MAX_LOCAL
 * slots are taken, the server counted the longest ago gives its slot (most
 * likely one dropped since), so that a new server is always counted, and
 * the view says how many it leaves out (hbase_stats_servers); the reset
 * frees the slots of dropped servers.
 */
static HBaseStatServer *
local_entry(Oid serverid)
{
	HBaseStatServer *e;
	int			i,
				slot;

	for (i = 0; i < nlocal; i++)
		if (local[i]->serverid == serverid)
		{
			local_used[i] = ++local_clock;
			return local[i];
		}
	if (nlocal < HBASE_STATS_MAX_LOCAL)
	{
		e = MemoryContextAllocExtended(TopMemoryContext, sizeof(HBaseStatServer),
									   MCXT_ALLOC_NO_OOM | MCXT_ALLOC_ZERO);
		if (e == NULL)
			return NULL;
		slot = nlocal++;
	}
	else
	{
		for (slot = 0, i = 1; i < nlocal; i++)
			if (local_used[i] < local_used[slot])
				slot = i;
		e = local[slot];
		memset(e, 0, sizeof(HBaseStatServer));
		local_dropped++;
	}
	e->serverid = serverid;
	e->c.since = GetCurrentTimestamp();
	local[slot] = e;
	local_used[slot] = ++local_clock;
	return e;
}

/*
 * The table is full: an entry of the database that holds the most entries
 * (this one on a tie) goes, the one used the longest ago (most likely of a
 * server dropped since).  So a role that creates servers by the hundred
 * evicts its own database's entries, not other databases'.  Under the
 * exclusive lock.
 */
static void
evict_least_used(void)
{
	HASH_SEQ_STATUS scan;
	SharedEntry *se;
	SharedEntry *oldest = NULL;
	Oid			dbs[HBASE_STATS_MAX_SHARED];
	int			counts[HBASE_STATS_MAX_SHARED];
	int			ndbs = 0,
				i;
	Oid			fullest = MyDatabaseId;
	int			most = 0;

	hash_seq_init(&scan, shared_hash);
	while ((se = hash_seq_search(&scan)) != NULL)
	{
		for (i = 0; i < ndbs && dbs[i] != se->key.dbid; i++)
			;
		if (i == ndbs && ndbs < HBASE_STATS_MAX_SHARED)
		{
			dbs[ndbs] = se->key.dbid;
			counts[ndbs++] = 0;
		}
		if (i < ndbs)
			counts[i]++;
	}
	for (i = 0; i < ndbs; i++)
		if (counts[i] > most || (counts[i] == most && dbs[i] == MyDatabaseId))
		{
			most = counts[i];
			fullest = dbs[i];
		}
	hash_seq_init(&scan, shared_hash);
	while ((se = hash_seq_search(&scan)) != NULL)
		if (se->key.dbid == fullest && (oldest == NULL || se->used < oldest->used))
			oldest = se;
	if (oldest)
		hash_search(shared_hash, &oldest->key, HASH_REMOVE, NULL);
}

static void
count(Oid serverid, const StatsDelta *d)
{
	HBaseStatServer *le = local_entry(serverid);
	SharedEntry *se;
	StatsKey	key;
	TimestampTz now;
	bool		found;

	if (le)
		apply(&le->c, d);
	if (shared == NULL)
		return;
	memset(&key, 0, sizeof(key));
	key.dbid = MyDatabaseId;
	key.serverid = serverid;
	LWLockAcquire(shared->lock, LW_SHARED);
	se = hash_search(shared_hash, &key, HASH_FIND, NULL);
	if (se)
	{
		uint64		tick = pg_atomic_fetch_add_u64(&shared->clock, 1);

		SpinLockAcquire(&se->mutex);
		apply(&se->c, d);
		se->used = tick;
		SpinLockRelease(&se->mutex);
		LWLockRelease(shared->lock);
		return;
	}
	LWLockRelease(shared->lock);

	/* a new pair: exclusive, and someone may have added it meanwhile */
	now = GetCurrentTimestamp();
	LWLockAcquire(shared->lock, LW_EXCLUSIVE);
	se = hash_search(shared_hash, &key, HASH_ENTER_NULL, &found);
	if (se == NULL)
	{
		evict_least_used();
		se = hash_search(shared_hash, &key, HASH_ENTER_NULL, &found);
	}
	if (se && !found)
	{
		SpinLockInit(&se->mutex);
		memset(&se->c, 0, sizeof(se->c));
		se->c.since = now;
	}
	/* exclusive lock: nobody else holds the mutex */
	if (se)
	{
		apply(&se->c, d);
		se->used = pg_atomic_fetch_add_u64(&shared->clock, 1);
	}
	LWLockRelease(shared->lock);
}

/* the part of a path after "/", up to the next "/" or "?": its length */
static int
segment(const char *p)
{
	return (int) strcspn(p, "/?");
}

static bool
segment_is(const char *p, const char *word)
{
	return segment(p) == (int) strlen(word) && strncmp(p, word, strlen(word)) == 0;
}

/*
 * The kind of a request, from its method and path.  Relative paths start
 * with the (escaped) table or a gateway resource (/version, /namespaces);
 * the words after a table that route elsewhere (scanner, multiget, schema,
 * regions, exists, "*") never stand for a row key there (gateway.c refuses
 * such keys in paths; others are base64).  Absolute URLs are the paths of
 * scanners on one of several gateways (whose URL may have a path of its
 * own).
 */
static int
request_kind(const char *method, const char *path)
{
	const char *query = strchr(path, '?');
	const char *t;
	const char *next;

	if (strncmp(path, "http://", 7) == 0 || strncmp(path, "https://", 8) == 0)
	{
		const char *s = strstr(path, "/scanner/");

		if (s == NULL || (query && s > query))
			return HBASE_STAT_OTHER;
		if (strcmp(method, "GET") == 0)
			return HBASE_STAT_SCAN_PAGE;
		return strcmp(method, "DELETE") == 0 ? HBASE_STAT_SCANNER_CLOSE : HBASE_STAT_OTHER;
	}
	if (path[0] != '/')
		return HBASE_STAT_OTHER;
	t = path + 1;
	if (segment_is(t, "version") || segment_is(t, "status") || segment_is(t, "namespaces"))
		return HBASE_STAT_METADATA;
	if (t[segment(t)] != '/')
		return HBASE_STAT_OTHER;
	next = t + segment(t) + 1;
	if (segment_is(next, "schema") || segment_is(next, "regions") || segment_is(next, "exists"))
		return HBASE_STAT_METADATA;
	if (segment_is(next, "scanner"))
	{
		bool		id = next[segment(next)] == '/';

		if (!id && (strcmp(method, "POST") == 0 || strcmp(method, "PUT") == 0))
			return HBASE_STAT_SCANNER_OPEN;
		if (id && strcmp(method, "GET") == 0)
			return HBASE_STAT_SCAN_PAGE;
		if (id && strcmp(method, "DELETE") == 0)
			return HBASE_STAT_SCANNER_CLOSE;
		return HBASE_STAT_OTHER;
	}
	if (strcmp(method, "GET") == 0)
	{
		if (segment_is(next, "multiget"))
			return HBASE_STAT_MULTIGET;
		/* the gateway's stateless scan: a GET of the row "*" */
		return segment_is(next, "*") ? HBASE_STAT_SCAN_PAGE : HBASE_STAT_GET;
	}
	if (strcmp(method, "PUT") == 0 || strcmp(method, "POST") == 0)
	{
		if (query == NULL || strstr(query, "check=") == NULL)
			return HBASE_STAT_PUT;
		if (strstr(query, "check=put") != NULL)
			return HBASE_STAT_CHECK_AND_PUT;
		if (strstr(query, "check=increment") != NULL)
			return HBASE_STAT_INCREMENT;
		return HBASE_STAT_OTHER;
	}
	if (strcmp(method, "DELETE") == 0)
		return query && strstr(query, "check=") ? HBASE_STAT_OTHER : HBASE_STAT_DELETE;
	return HBASE_STAT_OTHER;
}

/* a request that goes out now: its kind */
void
hbase_stats_sent(Oid serverid, const char *method, const char *path)
{
	StatsDelta	d = {-1, -1, -1, false, 0, 0, -1};

	d.kind = request_kind(method, path);
	count(serverid, &d);
}

/*
 * What a request came to: bytes both ways, its error class if any, and its
 * time when an answer came (timed: false for a read ahead, whose answer
 * waits for the scan to want it).  Not errors: 2xx and 3xx answers, and a
 * 404 to a Get or a multiget (the gateway's way of saying the rows are
 * absent); a 304 to a check-and-put is a failed check.
 */
void
hbase_stats_done(Oid serverid, const char *method, const char *path, int outcome,
				 const struct hbase_http_result *res, bool timed)
{
	StatsDelta	d = {-1, -1, -1, false, 0, 0, -1};
	int			kind = request_kind(method, path);

	d.bytes_out = (int64) res->bytes_sent;
	d.bytes_in = (int64) res->bytes_received;
	if (outcome == HBASE_HTTP_INTERRUPTED)
		d.error = HBASE_STAT_CANCELED;
	else if (outcome == HBASE_HTTP_FAILED)
		d.error = res->connect_failed ? HBASE_STAT_UNAVAILABLE :
			res->timed_out ? HBASE_STAT_TIMEOUT : HBASE_STAT_TRANSPORT;
	else
	{
		long		s = res->status;

		if (hbase_status_unavailable(s))
			d.error = HBASE_STAT_UNAVAILABLE;
		else if (s >= 500)
			d.error = HBASE_STAT_5XX;
		else if (s >= 400 &&
				 !(s == 404 && (kind == HBASE_STAT_GET || kind == HBASE_STAT_MULTIGET)))
			d.error = HBASE_STAT_4XX;
		d.check_failed = s == 304 && kind == HBASE_STAT_CHECK_AND_PUT;
		if (timed)
			d.latency_us = Max(res->elapsed_us, 0);
	}
	count(serverid, &d);
}

/* a retry, a failover or a resumed scan */
void
hbase_stats_event(Oid serverid, HBaseStatEvent event)
{
	StatsDelta	d = {-1, -1, -1, false, 0, 0, -1};

	d.event = event;
	count(serverid, &d);
}

/* ---------------- the rows full scans counted ---------------- */

/*
 * A full scan of the table read it to its end: rows is the table's row
 * count now.  Kept in this backend and, preloaded, for every backend (when
 * the shared table is full the count set the longest ago makes room).
 * Raises no error but out of memory.
 */
void
hbase_stats_set_rows(Oid relid, double rows)
{
	RowsKey		key;
	RowsEntry  *e;
	bool		found;

	memset(&key, 0, sizeof(key));
	key.dbid = MyDatabaseId;
	key.relid = relid;
	if (local_rows == NULL)
	{
		HASHCTL		info;

		info.keysize = sizeof(RowsKey);
		info.entrysize = sizeof(RowsEntry);
		info.hcxt = TopMemoryContext;
		local_rows = hash_create("hbase_fdw table rows", 64, &info,
								 HASH_ELEM | HASH_BLOBS | HASH_CONTEXT);
	}
	e = hash_search(local_rows, &key, HASH_ENTER, &found);
	e->rows = rows;
	if (shared == NULL)
		return;
	LWLockAcquire(shared->lock, LW_EXCLUSIVE);
	e = hash_search(shared_rows, &key, HASH_ENTER_NULL, &found);
	if (e == NULL)
	{
		HASH_SEQ_STATUS scan;
		RowsEntry  *r;
		RowsEntry  *oldest = NULL;

		hash_seq_init(&scan, shared_rows);
		while ((r = hash_seq_search(&scan)) != NULL)
			if (oldest == NULL || r->used < oldest->used)
				oldest = r;
		if (oldest)
			hash_search(shared_rows, &oldest->key, HASH_REMOVE, NULL);
		e = hash_search(shared_rows, &key, HASH_ENTER_NULL, &found);
	}
	if (e)
	{
		e->rows = rows;
		e->used = pg_atomic_fetch_add_u64(&shared->clock, 1);
	}
	LWLockRelease(shared->lock);
}

/*
 * The rows the last full scan of the table counted, in any backend (shared
 * memory) or else in this one; -1 when none has.
 */
double
hbase_stats_rows(Oid relid)
{
	RowsKey		key;
	RowsEntry  *e;
	double		rows = -1;

	memset(&key, 0, sizeof(key));
	key.dbid = MyDatabaseId;
	key.relid = relid;
	if (shared != NULL)
	{
		LWLockAcquire(shared->lock, LW_SHARED);
		e = hash_search(shared_rows, &key, HASH_FIND, NULL);
		if (e)
			rows = e->rows;
		LWLockRelease(shared->lock);
		if (rows >= 0)
			return rows;
	}
	if (local_rows != NULL && (e = hash_search(local_rows, &key, HASH_FIND, NULL)) != NULL)
		rows = e->rows;
	return rows;
}

/* ---------------- reading and resetting ---------------- */

/*
 * The counters the view shows, as HBaseStatServer in the current context:
 * the shared ones of this database's servers (*is_shared), else, not
 * preloaded or asked for, this backend's; *dropped: how many servers this
 * backend counted whose counters made room for another's (local_entry),
 * which its view leaves out.
 */
List *
hbase_stats_servers(bool backend_only, bool *is_shared, int *dropped)
{
	List	   *out = NIL;
	HBaseStatServer *buf;
	HASH_SEQ_STATUS scan;
	SharedEntry *se;
	int			n = 0;
	int			i;

	*is_shared = shared != NULL && !backend_only;
	*dropped = local_dropped;
	if (!*is_shared)
	{
		for (i = 0; i < nlocal; i++)
		{
			HBaseStatServer *e = palloc(sizeof(HBaseStatServer));

			*e = *local[i];
			out = lappend(out, e);
		}
		return out;
	}

	/* copied under the lock, listed after it (palloc may raise) */
	buf = palloc(sizeof(HBaseStatServer) * HBASE_STATS_MAX_SHARED);
	LWLockAcquire(shared->lock, LW_SHARED);
	hash_seq_init(&scan, shared_hash);
	while ((se = hash_seq_search(&scan)) != NULL)
	{
		if (se->key.dbid != MyDatabaseId || n == HBASE_STATS_MAX_SHARED)
			continue;
		buf[n].serverid = se->key.serverid;
		SpinLockAcquire(&se->mutex);
		buf[n].c = se->c;
		SpinLockRelease(&se->mutex);
		n++;
	}
	LWLockRelease(shared->lock);
	for (i = 0; i < n; i++)
		out = lappend(out, &buf[i]);
	return out;
}

/*
 * Zero the counters of a server (InvalidOid: of every server) of this
 * database, this backend's and the shared ones; the shared entries of
 * servers that no longer exist are freed.  since becomes now.
 */
void
hbase_stats_reset(Oid serverid)
{
	TimestampTz now = GetCurrentTimestamp();
	int			i;

	for (i = 0; i < nlocal; i++)
		if (!OidIsValid(serverid) || local[i]->serverid == serverid)
		{
			memset(&local[i]->c, 0, sizeof(local[i]->c));
			local[i]->c.since = now;
		}
	/* a reset of every server frees the slots of servers dropped since */
	if (!OidIsValid(serverid))
		local_dropped = 0;
	if (!OidIsValid(serverid))
		for (i = nlocal - 1; i >= 0; i--)
			if (GetForeignServerExtended(local[i]->serverid, FSV_MISSING_OK) == NULL)
			{
				pfree(local[i]);
				local[i] = local[nlocal - 1];
				local_used[i] = local_used[nlocal - 1];
				nlocal--;
			}
	if (shared != NULL)
	{
		HASH_SEQ_STATUS scan;
		SharedEntry *se;
		List	   *gone = NIL;
		ListCell   *lc;

		/* catalog lookups first: not under the lock */
		LWLockAcquire(shared->lock, LW_SHARED);
		hash_seq_init(&scan, shared_hash);
		while ((se = hash_seq_search(&scan)) != NULL)
			if (se->key.dbid == MyDatabaseId && !OidIsValid(serverid))
				gone = lappend_oid(gone, se->key.serverid);
		LWLockRelease(shared->lock);
		foreach(lc, gone)
			if (GetForeignServerExtended(lfirst_oid(lc), FSV_MISSING_OK) != NULL)
				gone = foreach_delete_current(gone, lc);

		LWLockAcquire(shared->lock, LW_EXCLUSIVE);
		hash_seq_init(&scan, shared_hash);
		while ((se = hash_seq_search(&scan)) != NULL)
		{
			if (se->key.dbid != MyDatabaseId ||
				(OidIsValid(serverid) && se->key.serverid != serverid))
				continue;
			if (list_member_oid(gone, se->key.serverid))
				hash_search(shared_hash, &se->key, HASH_REMOVE, NULL);
			else
			{
				memset(&se->c, 0, sizeof(se->c));
				se->c.since = now;
			}
		}
		LWLockRelease(shared->lock);
	}
}

/*
 * The latency under which a fraction of the answered requests came
 * (nearest rank), in microseconds: the middle of its bucket, never above
 * the largest seen; -1 when none was answered.
 */
double
hbase_stats_percentile(const HBaseStatCounters *c, double fraction)
{
	int64		rank;
	int64		seen = 0;
	int			b;

	if (c->answered <= 0)
		return -1;
	rank = (int64) ceil(fraction * (double) c->answered);
	rank = Max(rank, 1);
	for (b = 0; b < HBASE_STAT_BUCKETS; b++)
	{
		seen += c->latency[b];
		if (seen >= rank)
			return Min(bucket_middle(b), (double) c->latency_max_us);
	}
	return (double) c->latency_max_us;
}
