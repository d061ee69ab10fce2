/*
 * scan_pages.c: the pages a scan's stream reads, and how a lost one is
 * read again.
 *
 * A stream (scan_int.h) reads a range by a stateful scanner (opened
 * lazily, read a page at a time, deleted at the range's end), or its first
 * page by the gateway's stateless scan, backwards by stateless reversed
 * pages, and keys by Gets and multigets.  What the gateway answered comes
 * typed from rest.c; this file decides what the stream does with it: take
 * the page, end the range, or resume.  Scans resume: paging is keyset on
 * the rowkey, so a lost scanner's successor starts right after the last
 * row returned (or at a row cut in two), and no row is lost or repeated.
 * A page is taken as the last one only when it says so (204, or fewer rows
 * than asked for).  The gateway gets HBASE_RESUME_MS to come back.
 */
#include "postgres.h"

#include "miscadmin.h"
#include "utils/memutils.h"

#include "scan_int.h"

/* keys per multiget request */
#define HBASE_MULTIGET_BATCH	HBASE_COST_MULTIGET_KEYS
/* how long a lost scan keeps trying to resume */
#define HBASE_RESUME_MS		60000
/* scanner reads failed by the gateway (500) in a row before giving up */
#define HBASE_MAX_SCANNER_FAILURES	5

static bool stateless_fits(HBaseScan *scan, Stream *st);

/* remember, for EXPLAIN ANALYZE, what an old gateway made the scan do */
static void
note_fallback(HBaseScan *scan, const char *what)
{
	if (scan->fallback == NULL)
		scan->fallback = MemoryContextStrdup(GetMemoryChunkContext(scan),
											 psprintf("%s (gateway %s)", what,
													  hbase_gateway(scan->conn)->name));
}

/*
 * Remember, for EXPLAIN ANALYZE, what a URL's length (HBASE_URL_MAX) made
 * the scan do instead: each different thing once, in the order they came.
 */
static void
note_url(HBaseScan *scan, const char *what)
{
	MemoryContext cxt = GetMemoryChunkContext(scan);

	if (what == NULL || (scan->url_note && strstr(scan->url_note, what)))
		return;
	scan->url_note = scan->url_note == NULL ? MemoryContextStrdup(cxt, what) :
		MemoryContextStrdup(cxt, psprintf("%s; %s", scan->url_note, what));
}

/* a read's answer: its bytes, its extra requests and what its URL's length changed */
static void
count_result(HBaseScan *scan, const HBaseResult *res)
{
	hbase_scan_count_bytes(scan, res);
	note_url(scan, res->url_note);
}

/* sleep a little before trying again; give up after HBASE_RESUME_MS */
static void
wait_for_gateway(HBaseScan *scan, Stream *st, const char *what)
{
	TimestampTz now = GetCurrentTimestamp();
	int			i;

	hbase_stats_event(hbase_conn_server(scan->conn), HBASE_STAT_RETRY);
	if (st->lost_since == 0)
		st->lost_since = now;
	else if (TimestampDifferenceExceeds(st->lost_since, now, HBASE_RESUME_MS))
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

/*
 * Open the scanner of the stream's current range: what it reads (the
 * wanted cells, the families, versions, filters, fuzzy keys, time range,
 * the range or, resuming, from just after the rows already returned) and
 * how many rows the gateway fetches from HBase per round trip.  A gateway
 * without FuzzyRowFilter gets the whole table, filtered here.  Resuming,
 * an unavailable gateway is waited for (HBASE_RESUME_MS) and a POST that
 * got no answer is sent again a few times; otherwise any failure is an
 * error.
 */
void
hbase_stream_open_scanner(HBaseScan *scan, Stream *st)
{
	HBaseScanSpec spec;
	HBaseResult res;

	memset(&spec, 0, sizeof(spec));
	spec.columns = scan->columns;
	spec.families = scan->families;
	spec.exact_columns = scan->exact_columns;
	spec.all_cells = scan->all_cells;
	spec.max_versions = scan->table->versions;
	spec.no_first_key = scan->table->versions > 0 && scan->columns != NIL;
	spec.batch = HBASE_CELL_LIMIT;
	/*
	 * Rows the gateway's scanner fetches from HBase per round trip: a small
	 * LIMIT's, else a few pages' worth, so that a page is mostly ready when
	 * asked for (caching 100 under 1,000-row pages made a full scan 3 times
	 * slower on the gateway; 4 pages' worth is about 10% faster than one).
	 */
	spec.caching = scan->small_limit ? Min(st->pagesize, scan->table->fetch_size) :
		Min(scan->table->fetch_size, HBASE_CELL_LIMIT / 4) * 4;
	if (scan->plan)
	{
		spec.filters = scan->plan->filters;
		spec.fuzzy = scan->plan->fuzzy;
		spec.chance = scan->plan->chance;
		spec.time_range = scan->plan->time_range;
		spec.start_time = scan->plan->start_time;
		spec.end_time = scan->plan->end_time;
		/* no FuzzyRowFilter before 2.5.10/2.6.1: the whole table, filtered here */
		if (spec.fuzzy && !hbase_gateway(scan->conn)->fuzzy)
		{
			spec.fuzzy = NIL;
			note_fallback(scan, "full scan: the gateway lacks FuzzyRowFilter");
		}
	}
	if (scan->plan && scan->plan->kind == HBASE_OP_SCANS)
	{
		HBaseKeyRange *r = list_nth(scan->plan->ranges, st->range);

		spec.startrow = r->start;
		spec.startlen = r->startlen;
		spec.endrow = r->stop;
		spec.endlen = r->stop ? r->stoplen : 0;
		/* a batched join's ranges of one bucket: only the rows within them */
		spec.row_ranges = r->parts;
	}
	if (st->resume)
	{
		/* after the rows already returned; always within the range */
		spec.startrow = st->resume;
		spec.startlen = st->resumelen;
	}
	for (;;)
	{
		res = hbase_rest_scanner_open(scan->conn, scan->table, &spec, st->resume != NULL,
									  GetMemoryChunkContext(scan));
		scan->nrequests++;
		if (res.outcome == HBASE_DONE)
			break;
		if (res.outcome != HBASE_UNAVAILABLE)
			hbase_rest_report(&res, scan->table, NULL);
		if (!res.answered && !res.unsent)
		{
			/*
			 * The POST may have reached the gateway and made a scanner whose
			 * id never came back.  Sending it again is still right: no query
			 * can see that scanner (the gateway lists none, its id is
			 * unknown), it is never read, holds no row or lock (the lease of
			 * its HBase scanner lapses) and the gateway drops it when it
			 * expires.  A few of these in a row at most.
			 */
			if (++st->failures > HBASE_MAX_SCANNER_FAILURES)
				ereport(ERROR,
						(errcode(ERRCODE_FDW_UNABLE_TO_ESTABLISH_CONNECTION),
						 errmsg("could not resume the scan of HBase table \"%s\"",
								scan->table->hbase_table),
						 errdetail("%d attempts at %s got no answer: %s.",
								   st->failures, res.resp->what, res.resp->body)));
		}
		/* resuming, and the gateway is not back yet */
		wait_for_gateway(scan, st, res.resp->what);
	}
	st->scanner_path = res.scanner;
	st->exhausted = false;
	st->pagesize = scan->firstpage;
}

/* a page read ahead that will not be taken (the scanner ends or is lost) */
static void
drop_ahead(HBaseScan *scan, Stream *st)
{
	if (st->ahead_started)
		hbase_ahead_abandon(scan->ahead);
	st->ahead_started = false;
}

/* delete the stream's scanner, if any, and forget a page read ahead of it */
void
hbase_stream_close_scanner(HBaseScan *scan, Stream *st)
{
	char	   *path = st->scanner_path;

	drop_ahead(scan, st);
	if (path == NULL)
		return;
	st->scanner_path = NULL;
	scan->nrequests++;
	hbase_rest_scanner_close(scan->conn, scan->table, path);
	pfree(path);
}

/*
 * After an answer that may mean a missing table (table_unsure): is it?
 * Asked once per scan, not after the table was seen.
 */
static void
check_table(HBaseScan *scan, const char *what)
{
	if (scan->table_known)
		return;
	hbase_rest_check_table(scan->conn, scan->table, what);
	scan->nrequests++;
	scan->table_known = true;
}

/* a new range: no resume point, no last row, no streak of failures */
void
hbase_stream_forget_resume(Stream *st)
{
	if (st->resume)
		pfree(st->resume);
	if (st->lastkey)
		pfree(st->lastkey);
	st->resume = NULL;
	st->lastkey = NULL;
	st->lost_since = 0;
}

/*
 * The value filters of the scan's multigets and stateless pages, in HBase's
 * filter language (made once, in the scan's context: the callers run in a
 * page's, which the next page resets): 2.6's gateway runs them on each Get
 * (older ones ignore the parameter and send every row, still a superset); a
 * single key then goes as a multiget too, as a Get's path takes no filter.
 * NULL: none.
 */
static const bytea *
keys_filter(HBaseScan *scan)
{
	if (!scan->keys_filter_made && scan->plan && scan->plan->filters)
	{
		MemoryContext old = MemoryContextSwitchTo(GetMemoryChunkContext(scan));

		scan->keys_filter = hbase_rest_filter_text(scan->plan->filters);
		MemoryContextSwitchTo(old);
	}
	scan->keys_filter_made = true;
	return scan->keys_filter;
}

/*
 * The next round of multigets when more than one is left: the table's
 * `concurrency` of them at once, their rows one page, in the keys' order
 * (each answer holds its keys' rows in order, and the rounds go in order).
 * A multiget without an answer, or answered 502 to 504, is asked again
 * alone (it changes nothing): then hbase_request_ex may fail over to
 * another gateway of the server, as for a multiget read alone.
 */
static bool
stream_keys_many(HBaseScan *scan, Stream *st, int conc)
{
	List	   *keys = scan->plan->keys;
	int			nkeys = list_length(keys);
	bytea	  **batch = palloc(sizeof(bytea *) * Min(nkeys - scan->nextkey,
												  conc * HBASE_MULTIGET_BATCH));
	int			starts[HBASE_MAX_CONCURRENCY];
	int			counts[HBASE_MAX_CONCURRENCY];
	HBaseResult out[HBASE_MAX_CONCURRENCY];
	HBaseCellSet *page = palloc0(sizeof(HBaseCellSet));
	int			nreq = 0,
				nb = 0,
				total = 0,
				i;

	while (nreq < conc && scan->nextkey < nkeys)
	{
		int			n = Min(HBASE_MULTIGET_BATCH, nkeys - scan->nextkey);

		starts[nreq] = nb;
		counts[nreq] = n;
		for (i = 0; i < n; i++)
			batch[nb++] = list_nth(keys, scan->nextkey + i);
		scan->nextkey += n;
		nreq++;
	}
	hbase_rest_multiget_many(scan->conn, scan->table, batch, starts, counts, nreq, out,
							 keys_filter(scan), scan->columns);
	scan->nrequests += nreq;
	for (i = 0; i < nreq; i++)
	{
		HBaseResult *res = &out[i];

		scan->nrequests += res->more_requests;
		if (res->outcome == HBASE_UNAVAILABLE)
		{
			/* no answer, or 502 to 504: alone, where another gateway may take it */
			*res = hbase_rest_multiget(scan->conn, scan->table, batch + starts[i], counts[i],
									   keys_filter(scan), scan->columns);
			scan->nrequests += 1 + res->more_requests;
		}
		if (res->table_unsure)
			check_table(scan, "a multiget");
		if (res->outcome == HBASE_END)
			continue;
		if (res->outcome != HBASE_DONE)
			hbase_rest_report(res, scan->table, "a multiget");
		scan->table_known = true;
		total += res->set->nrows;
		count_result(scan, res);
	}
	page->rows = palloc(sizeof(HBaseRow) * Max(total, 1));
	for (i = 0; i < nreq; i++)
	{
		if (out[i].outcome != HBASE_DONE)
			continue;
		memcpy(page->rows + page->nrows, out[i].set->rows, sizeof(HBaseRow) * out[i].set->nrows);
		page->nrows += out[i].set->nrows;
		page->ncells += out[i].set->ncells;
		page->decoded += out[i].set->decoded;
	}
	st->page = page;
	scan->nrows += total;
	return true;
}

/*
 * The next batch of keys (HBASE_MULTIGET_BATCH) into pagecxt: a Get for a
 * single key, else a multiget, the first one alone (a LIMIT may want no
 * more), then the table's `concurrency` at once (stream_keys_many);
 * through a gateway without ?e=b64 by path or by a scanner
 * (gateway_rows.c).  A missing row is no row, unless the table is missing.
 * False when every key was read.
 */
bool
hbase_stream_keys(HBaseScan *scan, Stream *st)
{
	List	   *keys = scan->plan->keys;
	int			nkeys = list_length(keys);
	int			n;
	HBaseResult res;
	const char *what;

	if (scan->nextkey >= nkeys)
		return false;
	n = Min(HBASE_MULTIGET_BATCH, nkeys - scan->nextkey);
	if (!hbase_gateway(scan->conn)->b64)
	{
		/* no ?e=b64: keys by path where they arrive unchanged, else a scanner */
		List	   *batch = list_copy_head(list_copy_tail(keys, scan->nextkey), n);
		bool		by_scanner;

		scan->nextkey += n;
		st->page = hbase_gateway_get_rows(scan->conn, scan->table, batch, scan->columns,
										  &scan->nrequests, &by_scanner);
		if (by_scanner)
			note_fallback(scan, "keys that a URL path does not carry read by a scanner: the gateway lacks ?e=b64");
		scan->table_known = true;
		scan->nrows += st->page->nrows;
		return true;
	}
	if (scan->nextkey > 0 && nkeys - scan->nextkey > HBASE_MULTIGET_BATCH &&
		scan->table->concurrency > 1)
		return stream_keys_many(scan, st, Min(scan->table->concurrency, HBASE_MAX_CONCURRENCY));
	if (nkeys == 1 && keys_filter(scan) == NULL)
	{
		bytea	   *k = linitial(keys);

		res = hbase_rest_get(scan->conn, scan->table, VARDATA(k), VARSIZE(k) - VARHDRSZ,
							 scan->columns);
	}
	else
	{
		bytea	  **batch = palloc(sizeof(bytea *) * n);
		int			i;

		for (i = 0; i < n; i++)
			batch[i] = list_nth(keys, scan->nextkey + i);
		res = hbase_rest_multiget(scan->conn, scan->table, batch, n, keys_filter(scan),
								  scan->columns);
	}
	what = res.resp->what;
	scan->nextkey += n;
	scan->nrequests += 1 + res.more_requests;
	note_url(scan, res.url_note);
	/* no such row(s); unless the table itself is missing */
	if (res.table_unsure)
		check_table(scan, what);
	if (res.outcome == HBASE_END)
	{
		st->page = palloc0(sizeof(HBaseCellSet));
		return true;
	}
	if (res.outcome != HBASE_DONE)
		hbase_rest_report(&res, scan->table, what);
	scan->table_known = true;
	/* a Get of n keys returns at most n rows */
	st->page = res.set;
	scan->nrows += st->page->nrows;
	count_result(scan, &res);
	return true;
}

/*
 * The scanner is gone (gateway restarted, scanner expired), failed (500), or
 * its read got no answer: the next scanner starts after the last row
 * returned, or at a row that was cut in two (it comes again, whole).  The
 * rows of a page whose answer was lost were taken from the old scanner by
 * the gateway, never from us: they come again from the new one.
 * The first loss goes on at once (a new scanner's POST finds out whether
 * the gateway is there); a streak of them, or a gateway that says it is
 * unavailable (503, or 502/504 from a proxy in front of it), waits a little.
 * The old scanner is deleted when the gateway answered; else it stays listed
 * for the transaction end's cleanup (it may live on: a connection that
 * broke, an answer that was lost).
 */
static void
lose_scanner(HBaseScan *scan, Stream *st, const HBaseResult *res)
{
	MemoryContext cxt = GetMemoryChunkContext(scan);
	bool		unavailable = res->outcome == HBASE_UNAVAILABLE && res->answered;

	drop_ahead(scan, st);
	if (unavailable || st->lost_since != 0)
		wait_for_gateway(scan, st, "reading a scanner");
	else
		st->lost_since = GetCurrentTimestamp();
	/* answered for, and not by a proxy without a gateway: the gateway has it */
	if (res->outcome == HBASE_LOST)
	{
		hbase_rest_scanner_drop(scan->conn, st->scanner_path);
		scan->nrequests++;
	}
	pfree(st->scanner_path);
	st->scanner_path = NULL;
	if (st->resume)
		pfree(st->resume);
	st->resume = NULL;
	if (st->held)
	{
		st->resume = MemoryContextAlloc(cxt, st->held->keylen);
		memcpy(st->resume, st->held->key, st->held->keylen);
		st->resumelen = st->held->keylen;
		st->held = NULL;
		MemoryContextReset(st->holdcxt);
	}
	else if (st->lastkey)
	{
		st->resume = MemoryContextAlloc(cxt, st->lastkeylen + 1);
		memcpy(st->resume, st->lastkey, st->lastkeylen + 1);
		st->resumelen = st->lastkeylen + 1;
	}
	else
	{
		/* nothing returned yet: start the range again, but as a resume */
		st->resume = MemoryContextAlloc(cxt, 1);
		st->resumelen = 0;
		if (scan->plan && scan->plan->kind == HBASE_OP_SCANS)
		{
			HBaseKeyRange *r = list_nth(scan->plan->ranges, st->range);

			st->resume = MemoryContextAlloc(cxt, Max(r->startlen, 1));
			memcpy(st->resume, r->start, r->startlen);
			st->resumelen = r->startlen;
		}
	}
	scan->nresumes++;
	hbase_stats_event(hbase_conn_server(scan->conn), HBASE_STAT_RESUME);
}

/*
 * The next page of the current scanner (opened when there is none) into
 * pagecxt, the one read ahead when it was; false when the scanner is done.
 * After a full page, the next one may be read ahead (scan.c).
 */
bool
hbase_stream_scanner_page(HBaseScan *scan, Stream *st)
{
	HBaseResult res;
	bool		got;
	bool		full;

	if (st->scanner_path == NULL)
		hbase_stream_open_scanner(scan, st);
	if (st->exhausted)
		return false;
	full = st->pagesize == scan->table->fetch_size;
	if (st->ahead_started)
	{
		st->ahead_started = false;
		res = hbase_rest_scanner_next_taken(scan->ahead, scan->table);
	}
	else
	{
		res = hbase_rest_scanner_next(scan->conn, scan->table, st->scanner_path, st->pagesize);
		scan->nrequests++;
	}
	got = hbase_stream_take_page(scan, st, &res);
	if (got && full)
	{
		st->full_pages++;
		hbase_stream_read_ahead(scan, st);
	}
	return got;
}

/* a scanner page's result into the stream; false when the scanner is done */
bool
hbase_stream_take_page(HBaseScan *scan, Stream *st, HBaseResult *res)
{
	HBaseCellSet *set;
	bool		cut;

	switch (res->outcome)
	{
		case HBASE_DONE:
			break;
		case HBASE_END:
			return false;
		case HBASE_FAILED:
		case HBASE_CHECK_FAILED:	/* writes' outcomes: never a read's */
		case HBASE_MAYBE_APPLIED:
			hbase_rest_report(res, scan->table, "reading a scanner");
		case HBASE_LOST:

			/*
			 * HBase 2.6.1's gateway fails a scanner read now and then (an
			 * NPE in ClientScanner.loadCache) and the scanner is unusable
			 * after it: resume after the last row, a few times in a row at
			 * most.
			 */
			if (res->server_error && ++st->failures > HBASE_MAX_SCANNER_FAILURES)
				hbase_rest_report(res, scan->table, "reading a scanner");
			/* a 404 before any row may be a missing table rather than a lost scanner */
			if (res->table_unsure)
				check_table(scan, "reading a scanner");
			/* FALLTHROUGH */
		case HBASE_UNAVAILABLE:
			/* or no answer, a gateway still starting, a proxy without one */
			lose_scanner(scan, st, res);
			return hbase_stream_scanner_page(scan, st);
	}
	scan->table_known = true;
	st->lost_since = 0;
	st->failures = 0;
	set = res->set;
	cut = (set->ncells >= HBASE_CELL_LIMIT);

	/*
	 * The gateway stops a page at n rows or c cells, else only when the
	 * scanner is exhausted: then no need to ask again for the 204.
	 */
	if (!cut && set->nrows < st->pagesize)
		st->exhausted = true;
	st->pagesize = Min(st->pagesize * 4, scan->table->fetch_size);

	/* rows as they came (a row cut in two counts on both pages) */
	scan->nrows += set->nrows;
	hbase_scan_count_bytes(scan, res);
	/* a row held back from the previous page joined; this page's cut row held back */
	hbase_page_join(set, &st->held, cut, st->holdcxt);
	if (set->nrows > 0)
	{
		/* where a resumed scanner would start: just after this row */
		HBaseRow   *last = &set->rows[set->nrows - 1];

		if (st->lastkey)
			pfree(st->lastkey);
		st->lastkey = MemoryContextAlloc(GetMemoryChunkContext(scan), last->keylen + 1);
		memcpy(st->lastkey, last->key, last->keylen);
		st->lastkey[last->keylen] = '\0';	/* the key's successor: key + 0x00 */
		st->lastkeylen = last->keylen;
	}
	st->page = set;
	return true;
}

/*
 * A page of a reversed scan through a gateway without filter_b64 (before
 * 2.5.9), whose bounds (and value filters) are then checked here: the rows at or above the
 * upper bound come first (the start row, a string, only positions the scan
 * at or above it) and are dropped, and so are those below the range, which
 * end it.  The rows between are all there are there, in order.  Returns
 * false when the whole page lay above the bound: the next request asks for
 * that many more rows.
 */
static bool
trim_reverse_page(HBaseScan *scan, Stream *st, HBaseCellSet *set, const char *upper,
				  int upperlen, HBaseKeyRange *r, int limit)
{
	int			above = 0;
	int			n;

	if (st->above == 0 && !hbase_gateway(scan->conn)->b64)
		note_fallback(scan, keys_filter(scan) ?
					  "reversed scan with its bounds and value filters checked here: the gateway lacks filter_b64" :
					  "reversed scan with its bounds checked here: the gateway lacks filter_b64");
	while (upper && above < set->nrows &&
		   hbase_cmp_keys(set->rows[above].key, set->rows[above].keylen, upper, upperlen) >= 0)
		above++;
	for (n = above; n < set->nrows; n++)
		if (r && r->startlen > 0 &&
			hbase_cmp_keys(set->rows[n].key, set->rows[n].keylen, r->start, r->startlen) < 0)
		{
			st->exhausted = true;
			break;
		}
	if (above == set->nrows && !st->exhausted)
	{
		st->above = Max(limit * 4, 4);
		return false;
	}
	st->above = Max(above, 1);
	set->rows += above;
	set->nrows = n - above;
	return true;
}

/*
 * The request for the next page of a range read backwards: the gateway's
 * stateless reversed scan of the rows below the range's end (or below the
 * last row returned) down to its start.  The scan's start and end rows are
 * strings, so they only position it (a valid UTF-8 string at or above the
 * upper bound, one at or below the lower bound); the bounds themselves
 * travel exactly, as binary row filters (filter_b64), so a page never
 * repeats a row or loses its place whatever bytes the keys hold, and the
 * value filters with them, so a page holds rows that pass.  False when the
 * gateway lacks filter_b64: the bounds are then checked here, and the
 * value filters too.  Chosen by length before sending: where the URL would
 * pass HBASE_URL_MAX, the value filters are left out (checked here), and
 * then the bounds too (a reversed scan has no body to carry them); the
 * start and end rows that position the scan are cut short (rest.c).
 */
bool
hbase_stream_reverse_request(HBaseScan *scan, Stream *st, HBaseStatelessScan *req)
{
	HBaseKeyRange *r = (scan->plan && scan->plan->kind == HBASE_OP_SCANS) ?
		list_nth(scan->plan->ranges, st->range) : NULL;
	bool		trim = !hbase_gateway(scan->conn)->b64;
	int			above = st->above;

	memset(req, 0, sizeof(*req));
	req->reversed = true;
	if (st->lastkey)
	{
		req->upper = st->lastkey;
		req->upperlen = st->lastkeylen;
	}
	else if (r && r->stop)
	{
		req->upper = r->stop;
		req->upperlen = r->stoplen;
	}
	if (r)
	{
		req->lower = r->start;
		req->lowerlen = r->startlen;
	}
	req->limit = st->pagesize + (trim ? above : 0);
	/* a Phoenix table's own families, not its local indexes' (table_families) */
	req->families = scan->families;
	/* a gateway without filter_b64 ignores it: the bounds are then checked here */
	req->exact_bounds = !trim;
	/* the value filters with the bounds (every qual is still checked here) */
	if (!trim && scan->plan && scan->plan->filters)
		req->filter = keys_filter(scan);
	if (!trim && !hbase_rest_stateless_fits(scan->conn, scan->table, req))
	{
		bool		filters = req->filter != NULL;

		req->filter = NULL;
		if (filters && hbase_rest_stateless_fits(scan->conn, scan->table, req))
			note_url(scan, "reversed scan's value filters checked here: too long for a URL");
		else
		{
			/* the bounds too: trimmed here (trim_reverse_page) */
			note_url(scan, filters ?
					 "reversed scan's bounds and value filters checked here: too long for a URL" :
					 "reversed scan's bounds checked here: too long for a URL");
			trim = true;
			req->exact_bounds = false;
			req->limit = st->pagesize + above;
		}
	}
	return !trim;
}

/*
 * A reversed page's answer (req's) into the stream, in the current memory
 * context: its rows, the last one where the next page starts below.  False
 * when no row came and the range is done; a page trimmed to its bounds
 * here that kept no row asks for the next one.
 */
bool
hbase_stream_take_reverse(HBaseScan *scan, Stream *st, HBaseResult *res,
						  const HBaseStatelessScan *req)
{
	HBaseKeyRange *r = (scan->plan && scan->plan->kind == HBASE_OP_SCANS) ?
		list_nth(scan->plan->ranges, st->range) : NULL;
	HBaseCellSet *set;

	st->lost_since = 0;
	st->failures = 0;
	/* a 404, or a 500 before any row (TableNotFoundException): the table may be missing */
	if (res->table_unsure)
		check_table(scan, res->server_error ? "checking that the table exists" : "a reversed scan");
	if (res->outcome == HBASE_END)
	{
		st->exhausted = true;
		return false;
	}
	if (res->outcome != HBASE_DONE)
		hbase_rest_report(res, scan->table, "a reversed scan");
	scan->table_known = true;
	set = res->set;
	scan->nrows += set->nrows;
	hbase_scan_count_bytes(scan, res);
	if (set->nrows < req->limit)
		st->exhausted = true;
	if (!req->exact_bounds &&
		!trim_reverse_page(scan, st, set, req->upper, req->upperlen, r, req->limit))
		return hbase_stream_reverse_page(scan, st);
	if (set->nrows > 0)
	{
		HBaseRow   *last = &set->rows[set->nrows - 1];

		/* the rows must come strictly below the bound: the filter says so */
		if (req->upper &&
			hbase_cmp_keys(set->rows[0].key, set->rows[0].keylen, req->upper, req->upperlen) >= 0)
			ereport(ERROR,
					(errcode(ERRCODE_FDW_ERROR),
					 errmsg("HBase REST gateway returned row %s above the bound of a reversed scan of table \"%s\"",
							hbase_printable_key(set->rows[0].key, set->rows[0].keylen),
							scan->table->hbase_table)));
		if (st->lastkey)
			pfree(st->lastkey);
		st->lastkey = MemoryContextAlloc(GetMemoryChunkContext(scan), last->keylen + 1);
		memcpy(st->lastkey, last->key, last->keylen);
		st->lastkeylen = last->keylen;
	}
	st->pagesize = Min(st->pagesize * 4, scan->table->fetch_size);
	st->page = set;
	return set->nrows > 0 || !st->exhausted;
}

/*
 * The next page of a range read backwards (hbase_stream_reverse_request),
 * asked again once the gateway answers when it did not.
 */
bool
hbase_stream_reverse_page(HBaseScan *scan, Stream *st)
{
	HBaseStatelessScan req;
	HBaseResult res;

	if (st->exhausted)
		return false;
	(void) hbase_stream_reverse_request(scan, st, &req);
	for (;;)
	{
		/* as a forward scan's first POST: a gateway never seen fails at once */
		res = hbase_rest_stateless_scan(scan->conn, scan->table, &req,
										scan->table_known ? HBASE_REQ_TRANSPORT_OK : 0);
		scan->nrequests += 1 + res.more_requests;
		if (!scan->table_known ||
			!(res.outcome == HBASE_UNAVAILABLE || (res.outcome == HBASE_FAILED && res.server_error)))
			break;

		/*
		 * No answer, or a gateway (or proxy) that failed, in the middle of
		 * the scan: a stateless page holds its place in the request itself,
		 * so the same request goes again once the gateway answers; a few
		 * 500s in a row at most.
		 */
		if (res.server_error && ++st->failures > HBASE_MAX_SCANNER_FAILURES)
			hbase_rest_report(&res, scan->table, "a reversed scan");
		scan->nresumes++;
		hbase_stats_event(hbase_conn_server(scan->conn), HBASE_STAT_RESUME);
		wait_for_gateway(scan, st, "a reversed scan");
	}
	return hbase_stream_take_reverse(scan, st, &res, &req);
}

/*
 * Can this range's first page be the gateway's stateless scan, one GET
 * instead of a scanner's POST, GET and DELETE?  For a LIMIT the planner
 * knows to be small, on a single stream, and for each range of a plan of
 * several (prefix scans per day, per bucket: mostly a page or less each),
 * before anything of the range was read; not for a range read through its
 * parts; and only when the range's bounds are valid UTF-8, which the
 * stateless scan takes exactly (it takes them as strings).  Value filters
 * travel in HBase's filter language (filter_b64, 2.5.9+), so only through
 * such a gateway and when the language can say them; fuzzy filters and
 * sampling never (the page could hold none of the wanted rows).  A range
 * longer than the page goes on with a scanner after its last row.
 */
bool
hbase_stream_stateless_first(HBaseScan *scan, Stream *st)
{
	HBaseKeyRange *r;
	bool		several = scan->plan && scan->plan->kind == HBASE_OP_SCANS &&
		list_length(scan->plan->ranges) > 1 && !scan->claim;

	if (!(scan->small_limit && scan->nstreams == 1) && !several)
		return false;
	if (st->lastkey || st->resume || st->scanner_path || st->held || st->range_done)
		return false;
	/* it reads the latest version of each cell only */
	if (scan->table->versions > 0)
		return false;
	if (scan->plan && (scan->plan->fuzzy || scan->plan->chance > 0))
		return false;
	if (scan->plan && scan->plan->filters &&
		(keys_filter(scan) == NULL || !hbase_gateway(scan->conn)->b64))
		return false;
	if (scan->plan == NULL || scan->plan->kind != HBASE_OP_SCANS)
		return stateless_fits(scan, st);
	r = list_nth(scan->plan->ranges, st->range);
	/* ranges within the range: a scanner's MultiRowRangeFilter reads them */
	if (r->parts != NIL)
		return false;
	if (!(hbase_utf8_prefix(r->start, r->startlen) == r->startlen &&
		  (r->stop == NULL || (r->stoplen > 0 && hbase_utf8_prefix(r->stop, r->stoplen) == r->stoplen))))
		return false;
	return stateless_fits(scan, st);
}

/*
 * Would the stream's stateless first page go within HBASE_URL_MAX?  Its
 * bounds and filters travel in the URL; a scanner's body carries any
 * length, so a page that would not fit is a scanner's, chosen before
 * sending.
 */
static bool
stateless_fits(HBaseScan *scan, Stream *st)
{
	HBaseStatelessScan req;

	hbase_stream_stateless_request(scan, st, &req);
	if (hbase_rest_stateless_fits(scan->conn, scan->table, &req))
		return true;
	note_url(scan, "first page by a scanner: too long for a URL");
	return false;
}

/* the stateless scan of the stream's range (see hbase_stream_stateless_first) */
void
hbase_stream_stateless_request(HBaseScan *scan, Stream *st, HBaseStatelessScan *req)
{
	HBaseKeyRange *r = (scan->plan && scan->plan->kind == HBASE_OP_SCANS) ?
		list_nth(scan->plan->ranges, st->range) : NULL;

	memset(req, 0, sizeof(*req));
	if (r)
	{
		req->lower = r->start;
		req->lowerlen = r->startlen;
		req->upper = r->stop;
		req->upperlen = r->stoplen;
	}
	req->limit = st->pagesize;
	req->families = scan->families;
	/* the value filters (hbase_stream_stateless_first: only where the gateway runs them) */
	if (scan->plan && scan->plan->filters)
		req->filter = keys_filter(scan);
}

/*
 * A stateless first page's answer into the stream (into the current memory
 * context): a short page is the whole range; after a full one, a scanner
 * goes on right after its last row.  False when no row came.
 */
bool
hbase_stream_take_stateless(HBaseScan *scan, Stream *st, HBaseResult *res, int limit)
{
	HBaseCellSet *set;

	st->exhausted = false;		/* no scanner: what ends the range is range_done */
	/* the stateless scan of a missing table is a 500 (TableNotFoundException) */
	if (res->table_unsure)
		check_table(scan, res->server_error ? "checking that the table exists" :
					"a scan's first page");
	if (res->outcome == HBASE_END)
	{
		st->range_done = true;
		return false;
	}
	if (res->outcome != HBASE_DONE)
		hbase_rest_report(res, scan->table, "a scan's first page");
	scan->table_known = true;
	set = res->set;
	scan->nrows += set->nrows;
	hbase_scan_count_bytes(scan, res);
	if (set->nrows < limit)
		st->range_done = true;
	else
	{
		/* a scanner takes over just after the last row: key + 0x00 */
		HBaseRow   *last = &set->rows[set->nrows - 1];
		MemoryContext cxt = GetMemoryChunkContext(scan);

		st->lastkey = MemoryContextAlloc(cxt, last->keylen + 1);
		memcpy(st->lastkey, last->key, last->keylen);
		st->lastkey[last->keylen] = '\0';
		st->lastkeylen = last->keylen;
		st->resume = MemoryContextAlloc(cxt, last->keylen + 1);
		memcpy(st->resume, st->lastkey, last->keylen + 1);
		st->resumelen = last->keylen + 1;
	}
	st->page = set;
	return set->nrows > 0;
}

/* the first page of a range by the stateless scan (see hbase_stream_stateless_first) */
bool
hbase_stream_stateless_page(HBaseScan *scan, Stream *st)
{
	HBaseStatelessScan req;
	HBaseResult res;

	hbase_stream_stateless_request(scan, st, &req);
	res = hbase_rest_stateless_scan(scan->conn, scan->table, &req, 0);
	scan->nrequests += 1 + res.more_requests;
	return hbase_stream_take_stateless(scan, st, &res, req.limit);
}
