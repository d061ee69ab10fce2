/*
 * scan.c: execution of the HBase operation of a foreign scan.
 *
 * A key plan (pushdown.c) is a full scan, bounded scans, Gets/multigets or
 * nothing.  Scans go through stateful REST scanners created lazily, read in
 * pages of at most fetch_size rows (memory stays bounded whatever the table
 * size); the first page is small (the LIMIT when the planner knows one) and
 * each next one four times larger, so a LIMIT does not pull large pages,
 * and deleted at the end of their range, on rescan, or by the transaction
 * callback after an error.  A page cut by the cell limit may end inside a
 * row: that row is held back and merged with the head of the next page.
 * Keys are fetched by multiget in batches (binary-safe base64 keys).
 *
 * Scans resume: paging is keyset on the rowkey, so when a scanner is lost
 * (expired, gateway restarted, connection reset) a new one starts right
 * after the last row returned (or at a row that was cut in two), within the
 * same range: no row lost, none twice.  The gateway gets HBASE_RESUME_MS to
 * come back.
 */
#include "postgres.h"

#include "common/base64.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/memutils.h"
#include "utils/timestamp.h"

#include "hbase_fdw.h"

/* cells per response; only an enormous row is ever cut by it */
#define HBASE_CELL_LIMIT	100000
/* keys per multiget request */
#define HBASE_MULTIGET_BATCH	100
/* how long a lost scan keeps trying to resume */
#define HBASE_RESUME_MS		60000

struct HBaseScan
{
	HBaseTable *table;
	HBaseConn  *conn;
	List	   *colspecs;		/* wanted "family:qualifier" */
	HBaseKeyPlan *plan;			/* NULL: full scan */
	int			range;			/* current range of a scan plan */
	int			nextkey;		/* next key of a get plan */
	char	   *scanner_path;	/* NULL when no scanner is open */
	bool		exhausted;		/* the current scanner's last page was read */
	int			firstpage;		/* rows asked for in a scanner's first page */
	int			pagesize;		/* rows asked for in its next page */
	bool		eof;
	bool		table_known;	/* the table was seen to exist */
	MemoryContext pagecxt;		/* the current page */
	MemoryContext holdcxt;		/* a row held back across pages */
	HBaseCellSet *page;
	int			next;			/* next row of page to return */
	HBaseRow   *held;			/* incomplete last row of the previous page */
	char	   *resume;			/* start of the next scanner of this range, or NULL */
	int			resumelen;
	char	   *lastkey;		/* last row returned from this range */
	int			lastkeylen;
	TimestampTz lost_since;		/* first failure of the current streak, or 0 */
	long		nrequests;
	long		nrows;
	long		nresumes;
};

HBaseScan *
hbase_scan_begin(HBaseTable *table, HBaseConn *conn, List *retrieved_attrs, int firstpage)
{
	HBaseScan  *scan = palloc0(sizeof(HBaseScan));
	ListCell   *lc;

	scan->table = table;
	scan->conn = conn;
	scan->firstpage = Max(1, Min(firstpage, table->fetch_size));
	scan->pagesize = scan->firstpage;
	foreach(lc, retrieved_attrs)
	{
		HBaseColumn *col = &table->columns[lfirst_int(lc) - 1];

		if (col->kind == HBASE_COL_CELL || col->kind == HBASE_COL_FAMILY)
			scan->colspecs = lappend(scan->colspecs, col->colspec);
	}
	scan->pagecxt = AllocSetContextCreate(CurrentMemoryContext, "hbase_fdw page",
										  ALLOCSET_DEFAULT_SIZES);
	scan->holdcxt = AllocSetContextCreate(CurrentMemoryContext, "hbase_fdw held row",
										  ALLOCSET_SMALL_SIZES);
	return scan;
}

void
hbase_scan_set_plan(HBaseScan *scan, HBaseKeyPlan *plan)
{
	scan->plan = plan;
}

static char *
table_path(HBaseScan *scan)
{
	return psprintf("/%s", hbase_escape(scan->conn, scan->table->hbase_table,
										strlen(scan->table->hbase_table)));
}

/* URL-safe base64 of a key, for ?e=b64 paths and multiget rows */
static char *
b64url(const char *key, int len)
{
	int			enclen = pg_b64_enc_len(len);
	char	   *out = palloc(enclen + 1);
	int			n = pg_b64_encode(key, len, out, enclen);
	int			i;

	if (n < 0)
		elog(ERROR, "could not encode a rowkey in base64");
	while (n > 0 && out[n - 1] == '=')
		n--;
	out[n] = '\0';
	for (i = 0; i < n; i++)
		out[i] = out[i] == '+' ? '-' : out[i] == '/' ? '_' : out[i];
	return n > 0 ? out : pstrdup("=");
}

/* sleep a little before trying again; give up after HBASE_RESUME_MS */
static void
wait_for_gateway(HBaseScan *scan, const char *what)
{
	TimestampTz now = GetCurrentTimestamp();
	int			i;

	if (scan->lost_since == 0)
		scan->lost_since = now;
	else if (TimestampDifferenceExceeds(scan->lost_since, now, HBASE_RESUME_MS))
		ereport(ERROR,
				(errcode(ERRCODE_FDW_UNABLE_TO_ESTABLISH_CONNECTION),
				 errmsg("could not resume the scan of HBase table \"%s\"", scan->table->hbase_table),
				 errdetail("The gateway did not answer %s for %d seconds.", what, HBASE_RESUME_MS / 1000)));
	for (i = 0; i < 5; i++)
	{
		CHECK_FOR_INTERRUPTS();
		pg_usleep(100000L);
	}
}

static void
open_scanner(HBaseScan *scan)
{
	HBaseScanSpec spec;
	char	   *model;
	char	   *path = table_path(scan);
	char	   *what;
	HBaseResponse *resp;
	const char *id;

	memset(&spec, 0, sizeof(spec));
	spec.colspecs = scan->colspecs;
	spec.batch = HBASE_CELL_LIMIT;
	spec.caching = Min(scan->pagesize, scan->table->fetch_size);
	if (scan->plan)
	{
		spec.filters = scan->plan->filters;
		spec.fuzzy = scan->plan->fuzzy;
	}
	if (scan->plan && scan->plan->kind == HBASE_OP_SCANS)
	{
		HBaseKeyRange *r = list_nth(scan->plan->ranges, scan->range);

		spec.startrow = r->start;
		spec.startlen = r->startlen;
		spec.endrow = r->stop;
		spec.endlen = r->stop ? r->stoplen : 0;
	}
	if (scan->resume)
	{
		/* after the rows already returned; always within the range */
		spec.startrow = scan->resume;
		spec.startlen = scan->resumelen;
	}
	model = hbase_json_scanner_model(&spec);

	what = psprintf("creating a scanner (POST %s/scanner)", path);
	for (;;)
	{
		resp = hbase_request_ex(scan->conn, "POST", psprintf("%s/scanner", path), model,
								strlen(model), what, scan->resume != NULL);
		scan->nrequests++;
		if (resp != NULL && (resp->status != 503 || scan->resume == NULL))
			break;
		/* resuming, and the gateway is not back yet */
		wait_for_gateway(scan, what);
	}
	if (resp->status != 201)
		hbase_report_status(resp, scan->table, what);

	/*
	 * Keep only the scanner id: the Location host is the gateway's idea of
	 * itself, which a proxy in front of it may not share.
	 */
	id = resp->location ? strrchr(resp->location, '/') : NULL;
	if (id == NULL || id[1] == '\0')
		ereport(ERROR,
				(errcode(ERRCODE_FDW_ERROR),
				 errmsg("HBase REST gateway created a scanner on table \"%s\" without a Location",
						scan->table->hbase_table)));
	scan->scanner_path = MemoryContextStrdup(GetMemoryChunkContext(scan),
											 psprintf("%s/scanner%s", path, id));
	scan->exhausted = false;
	scan->pagesize = scan->firstpage;
	hbase_scanner_opened(scan->conn, scan->scanner_path);
}

static void
close_scanner(HBaseScan *scan)
{
	HBaseResponse *resp;
	char	   *path = scan->scanner_path;

	if (path == NULL)
		return;
	scan->scanner_path = NULL;
	/* if this fails, the scanner stays listed and the transaction end deletes it */
	resp = hbase_request(scan->conn, "DELETE", path, NULL, 0, "deleting a scanner");
	scan->nrequests++;
	hbase_scanner_closed(scan->conn, path);
	/* 404: already gone (expired); nothing to do */
	if (resp->status != 200 && resp->status != 404)
		hbase_report_status(resp, scan->table, "deleting a scanner");
	pfree(path);
}

static HBaseRow *
copy_row(HBaseRow *src)
{
	HBaseRow   *r = palloc(sizeof(HBaseRow));
	int			i;

	r->key = hbase_memdup(src->key, src->keylen);
	r->keylen = src->keylen;
	r->ncells = src->ncells;
	r->cells = palloc(sizeof(HBaseCell) * Max(src->ncells, 1));
	for (i = 0; i < src->ncells; i++)
	{
		r->cells[i] = src->cells[i];
		r->cells[i].column = hbase_memdup(src->cells[i].column, src->cells[i].collen);
		r->cells[i].value = hbase_memdup(src->cells[i].value, src->cells[i].vallen);
	}
	return r;
}

static HBaseCellSet *
parse_page(HBaseScan *scan, HBaseResponse *resp)
{
	const char *error;
	HBaseCellSet *set = hbase_json_parse_cellset(resp->body, resp->len, &error);

	if (set == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_DATA_TYPE),
				 errmsg("could not parse the HBase REST response for table \"%s\": %s",
						scan->table->hbase_table, error)));
	return set;
}

/* After a 404 (or a multiget's 500): is it the table that is missing? */
static void
check_table(HBaseScan *scan, HBaseResponse *resp, const char *what)
{
	HBaseResponse *r;
	char	   *path;

	if (scan->table_known)
		return;
	path = psprintf("%s/exists", table_path(scan));
	r = hbase_request(scan->conn, "GET", path, NULL, 0, "checking that the table exists");
	scan->nrequests++;
	if (r->status == 404)
		hbase_report_status(r, scan->table, what);
	if (r->status != 200)
		hbase_report_status(r, scan->table, "checking that the table exists");
	scan->table_known = true;
}

/* the next batch of keys by Get or multiget, into pagecxt */
static bool
fetch_keys(HBaseScan *scan)
{
	List	   *keys = scan->plan->keys;
	int			nkeys = list_length(keys);
	int			n;
	StringInfoData path;
	HBaseResponse *resp;
	const char *what;
	int			i;

	if (scan->nextkey >= nkeys)
		return false;
	n = Min(HBASE_MULTIGET_BATCH, nkeys - scan->nextkey);
	initStringInfo(&path);
	appendStringInfoString(&path, table_path(scan));
	if (nkeys == 1)
	{
		bytea	   *k = linitial(keys);

		appendStringInfo(&path, "/%s?e=b64&v=1", b64url(VARDATA(k), VARSIZE(k) - VARHDRSZ));
		what = "a Get";
	}
	else
	{
		appendStringInfoString(&path, "/multiget?e=b64&v=1");
		for (i = 0; i < n; i++)
		{
			bytea	   *k = list_nth(keys, scan->nextkey + i);

			appendStringInfo(&path, "&row=%s", b64url(VARDATA(k), VARSIZE(k) - VARHDRSZ));
		}
		what = "a multiget";
	}
	scan->nextkey += n;
	resp = hbase_request(scan->conn, "GET", path.data, NULL, 0, what);
	scan->nrequests++;
	if (resp->status == 404 || (resp->status == 500 && nkeys > 1))
	{
		/* no such row(s); unless the table itself is missing */
		check_table(scan, resp, what);
		if (resp->status == 500)
			hbase_report_status(resp, scan->table, what);
		scan->page = palloc0(sizeof(HBaseCellSet));
		return true;
	}
	if (resp->status != 200)
		hbase_report_status(resp, scan->table, what);
	scan->table_known = true;
	scan->page = parse_page(scan, resp);
	scan->nrows += scan->page->nrows;
	return true;
}

/*
 * The scanner is gone (gateway restarted, scanner expired) or the
 * connection broke: the next scanner starts after the last row returned,
 * or at a row that was cut in two (it comes again, whole).
 */
static void
lose_scanner(HBaseScan *scan, bool unreachable)
{
	MemoryContext cxt = GetMemoryChunkContext(scan);

	/* the first loss retries at once; a streak of them waits, up to a limit */
	if (unreachable || scan->lost_since != 0)
		wait_for_gateway(scan, "reading a scanner");
	else
		scan->lost_since = GetCurrentTimestamp();
	hbase_scanner_closed(scan->conn, scan->scanner_path);
	if (!unreachable)
		(void) hbase_request_ex(scan->conn, "DELETE", scan->scanner_path, NULL, 0,
								"deleting a lost scanner", true);
	pfree(scan->scanner_path);
	scan->scanner_path = NULL;
	if (scan->resume)
		pfree(scan->resume);
	scan->resume = NULL;
	if (scan->held)
	{
		scan->resume = MemoryContextAlloc(cxt, scan->held->keylen);
		memcpy(scan->resume, scan->held->key, scan->held->keylen);
		scan->resumelen = scan->held->keylen;
		scan->held = NULL;
		MemoryContextReset(scan->holdcxt);
	}
	else if (scan->lastkey)
	{
		scan->resume = MemoryContextAlloc(cxt, scan->lastkeylen + 1);
		memcpy(scan->resume, scan->lastkey, scan->lastkeylen + 1);
		scan->resumelen = scan->lastkeylen + 1;
	}
	else
	{
		/* nothing returned yet: start the range again, but as a resume */
		scan->resume = MemoryContextAlloc(cxt, 1);
		scan->resumelen = 0;
		if (scan->plan && scan->plan->kind == HBASE_OP_SCANS)
		{
			HBaseKeyRange *r = list_nth(scan->plan->ranges, scan->range);

			scan->resume = MemoryContextAlloc(cxt, Max(r->startlen, 1));
			memcpy(scan->resume, r->start, r->startlen);
			scan->resumelen = r->startlen;
		}
	}
	scan->nresumes++;
}

/* the next page of the current scanner into pagecxt; false when it is done */
static bool
fetch_scanner_page(HBaseScan *scan)
{
	MemoryContext old;
	HBaseResponse *resp;
	char	   *path;
	HBaseCellSet *set;
	bool		cut;

	if (scan->scanner_path == NULL)
		open_scanner(scan);
	if (scan->exhausted)
		return false;

	path = psprintf("%s?n=%d&c=%d", scan->scanner_path, scan->pagesize, HBASE_CELL_LIMIT);
	resp = hbase_request_ex(scan->conn, "GET", path, NULL, 0, "reading a scanner", true);
	scan->nrequests++;
	if (resp == NULL || resp->status == 404 || resp->status == 410)
	{
		/* a 404 before any row may be a missing table rather than a lost scanner */
		if (resp != NULL && !scan->table_known)
			check_table(scan, resp, "reading a scanner");
		lose_scanner(scan, resp == NULL);
		return fetch_scanner_page(scan);
	}
	if (resp->status == 204)
		return false;
	if (resp->status != 200)
		hbase_report_status(resp, scan->table, "reading a scanner");
	scan->table_known = true;
	scan->lost_since = 0;
	set = parse_page(scan, resp);
	pfree(resp->body);
	cut = (set->ncells >= HBASE_CELL_LIMIT);

	/*
	 * The gateway stops a page at n rows or c cells, else only when the
	 * scanner is exhausted: then no need to ask again for the 204.
	 */
	if (!cut && set->nrows < scan->pagesize)
		scan->exhausted = true;
	scan->pagesize = Min(scan->pagesize * 4, scan->table->fetch_size);

	/* merge a row held back from the previous page */
	if (scan->held && set->nrows > 0 &&
		set->rows[0].keylen == scan->held->keylen &&
		memcmp(set->rows[0].key, scan->held->key, scan->held->keylen) == 0)
	{
		HBaseRow   *r = &set->rows[0];
		HBaseCell  *cells = palloc(sizeof(HBaseCell) * (r->ncells + scan->held->ncells));

		memcpy(cells, scan->held->cells, sizeof(HBaseCell) * scan->held->ncells);
		memcpy(cells + scan->held->ncells, r->cells, sizeof(HBaseCell) * r->ncells);
		r->cells = cells;
		r->ncells += scan->held->ncells;
		r = copy_row(r);		/* into pagecxt, before holdcxt goes */
		set->rows[0] = *r;
		scan->held = NULL;
	}
	scan->nrows += set->nrows;

	if (scan->held)
	{
		/* the held row was complete after all: put it in front */
		HBaseRow   *rows = palloc(sizeof(HBaseRow) * (set->nrows + 1));

		rows[0] = *copy_row(scan->held);
		memcpy(rows + 1, set->rows, sizeof(HBaseRow) * set->nrows);
		set->rows = rows;
		set->nrows++;
		scan->held = NULL;
	}
	MemoryContextReset(scan->holdcxt);

	if (cut && set->nrows > 0)
	{
		old = MemoryContextSwitchTo(scan->holdcxt);
		scan->held = copy_row(&set->rows[set->nrows - 1]);
		MemoryContextSwitchTo(old);
		set->nrows--;
	}
	if (set->nrows > 0)
	{
		/* where a resumed scanner would start: just after this row */
		HBaseRow   *last = &set->rows[set->nrows - 1];

		if (scan->lastkey)
			pfree(scan->lastkey);
		scan->lastkey = MemoryContextAlloc(GetMemoryChunkContext(scan), last->keylen + 1);
		memcpy(scan->lastkey, last->key, last->keylen);
		scan->lastkey[last->keylen] = '\0';	/* the key's successor: key + 0x00 */
		scan->lastkeylen = last->keylen;
	}
	scan->page = set;
	return true;
}

static void
forget_resume(HBaseScan *scan)
{
	if (scan->resume)
		pfree(scan->resume);
	if (scan->lastkey)
		pfree(scan->lastkey);
	scan->resume = NULL;
	scan->lastkey = NULL;
	scan->lost_since = 0;
}

/* the next page of the whole operation; false at its end */
static bool
fetch_page(HBaseScan *scan)
{
	MemoryContext old;
	bool		got = false;
	int			nranges;

	MemoryContextReset(scan->pagecxt);
	scan->page = NULL;
	scan->next = 0;
	old = MemoryContextSwitchTo(scan->pagecxt);

	if (scan->plan && scan->plan->kind == HBASE_OP_EMPTY)
		got = false;
	else if (scan->plan && (scan->plan->kind == HBASE_OP_GET || scan->plan->kind == HBASE_OP_MULTIGET))
		got = fetch_keys(scan);
	else
	{
		nranges = (scan->plan && scan->plan->kind == HBASE_OP_SCANS) ?
			list_length(scan->plan->ranges) : 1;
		while (scan->range < nranges)
		{
			if (fetch_scanner_page(scan))
			{
				got = true;
				break;
			}
			/* this range is done */
			close_scanner(scan);
			scan->range++;
			forget_resume(scan);
			if (scan->held)
			{
				/* the range's last row was held back */
				scan->page = palloc0(sizeof(HBaseCellSet));
				scan->page->rows = copy_row(scan->held);
				scan->page->nrows = 1;
				scan->held = NULL;
				MemoryContextReset(scan->holdcxt);
				got = true;
				break;
			}
		}
	}
	MemoryContextSwitchTo(old);
	return got;
}

HBaseRow *
hbase_scan_next(HBaseScan *scan)
{
	while (scan->page == NULL || scan->next >= scan->page->nrows)
	{
		if (scan->eof)
			return NULL;
		if (!fetch_page(scan))
		{
			scan->eof = true;
			close_scanner(scan);
			return NULL;
		}
	}
	return &scan->page->rows[scan->next++];
}

void
hbase_scan_rescan(HBaseScan *scan)
{
	close_scanner(scan);
	MemoryContextReset(scan->pagecxt);
	MemoryContextReset(scan->holdcxt);
	scan->page = NULL;
	scan->held = NULL;
	scan->next = 0;
	scan->eof = false;
	scan->exhausted = false;
	scan->range = 0;
	scan->nextkey = 0;
	forget_resume(scan);
}

void
hbase_scan_end(HBaseScan *scan)
{
	close_scanner(scan);
}

void
hbase_scan_stats(HBaseScan *scan, long *requests, long *rows, long *resumes)
{
	*requests = scan->nrequests;
	*rows = scan->nrows;
	*resumes = scan->nresumes;
}
