/*
 * scan.c: execution of the HBase operation of a foreign scan: its streams,
 * their merge and their reads ahead.
 *
 * A key plan (plan/keyplan.c) is a full scan, bounded scans, Gets/multigets or
 * nothing.  It is read through streams, each over one or more of its
 * ranges in turn, a page at a time (scan_pages.c): one stream walks the
 * ranges in key order; one stream per range, merged on the keys after
 * their salt, keeps the order of a salted table (ORDER BY), and merged
 * after each range's own prefix, a Phoenix local index's; several
 * streams over blocks of ranges fetch their pages together, up to
 * concurrency requests at a time, where no order is kept.  Pages are of at
 * most fetch_size rows (memory stays bounded whatever the table size); the
 * first page is small (the LIMIT when the planner knows one) and each next
 * one four times larger, so a LIMIT does not pull large pages.  A lone
 * stream of full pages reads its next page ahead (hbase_fdw.read_ahead)
 * while this backend turns the last one into rows, and a long one is split
 * at region boundaries (scan_regions.c).  Scanners are deleted at the end
 * of their range, on rescan, or by the transaction callback after an
 * error.
 */
#include "postgres.h"

#include "miscadmin.h"
#include "utils/memutils.h"

#include "scan_int.h"

static void set_plan(HBaseScan *scan, HBaseKeyPlan *plan, HBaseRowOrder order, int salt_bytes);

/* GUC hbase_fdw.read_ahead (options.c defines it): a lone stream asks for its next page early */
bool		hbase_read_ahead = true;

/* what an old gateway made the scan do instead, for EXPLAIN ANALYZE, or NULL */
const char *
hbase_scan_fallback(HBaseScan *scan)
{
	return scan->fallback;
}

/* what a URL's length made the scan do instead, for EXPLAIN ANALYZE, or NULL */
const char *
hbase_scan_url_note(HBaseScan *scan)
{
	return scan->url_note;
}

/*
 * The families a scanner of a table with empty_column (a Phoenix table)
 * reads: those of its mapped columns and of the empty cell, which every row
 * Phoenix or hbase_fdw writes has.  Phoenix scans its table so, and must:
 * a local index keeps its rows in the same HBase table, under families of
 * their own ("L#0"), and read as rows of the table they would be wrong rows.
 * NIL (every family: a row whose only cells are in unmapped families is a
 * row of NULLs) for other tables.
 */
static List *
table_families(HBaseTable *table)
{
	List	   *fams = NIL;
	int			i;

	if (table->empty_column == NULL)
		return NIL;
	for (i = -1; i < table->natts; i++)
	{
		HBaseColumn *col = i < 0 ? table->empty_column : &table->columns[i];
		ListCell   *lc;
		bool		seen = false;

		if (i >= 0 && !hbase_maps_cell(col))
			continue;
		foreach(lc, fams)
		{
			HBaseColumn *f = lfirst(lc);

			if (f->famlen == col->famlen && memcmp(f->colspec, col->colspec, f->famlen) == 0)
				seen = true;
		}
		if (!seen)
			fams = lappend(fams, col);
	}
	return fams;
}

/*
 * A scan of table for the attributes retrieved_attrs, its first page of
 * firstpage rows (the planner's LIMIT, else HBASE_FIRST_PAGE): which cells
 * its scanners ask for.  The wanted cells and families only, unless the
 * rows are cell versions or :timestamp is read (every mapped cell, exactly:
 * the same rows and newest timestamp whatever the query reads).  The plan
 * comes with hbase_scan_set_plan.  The families of those cells are checked
 * against the table's (once per table and connection).
 */
HBaseScan *
hbase_scan_begin(HBaseTable *table, HBaseConn *conn, List *retrieved_attrs, int firstpage)
{
	HBaseScan  *scan = palloc0(sizeof(HBaseScan));
	ListCell   *lc;

	scan->table = table;
	scan->conn = conn;
	scan->firstpage = Max(1, Min(firstpage, table->fetch_size));
	scan->small_limit = firstpage < HBASE_FIRST_PAGE;
	scan->order = HBASE_ORDER_ANY;
	scan->families = table_families(table);
	foreach(lc, retrieved_attrs)
	{
		HBaseColumn *col = &table->columns[lfirst_int(lc) - 1];

		if (col->kind == HBASE_COL_CELL || col->kind == HBASE_COL_FAMILY)
			scan->columns = lappend(scan->columns, col);
		if (col->kind == HBASE_COL_TIMESTAMP)
			scan->exact_columns = true;
	}
	/* a Phoenix index read alone: each row's verified mark (index_scan.c) */
	if (table->read_empty_column && table->empty_column)
		scan->columns = lappend(scan->columns, table->empty_column);
	if (table->versions > 0 || scan->exact_columns)
	{
		int			i;

		/*
		 * A row per cell version: the versions of every mapped column are
		 * what make the rows, whatever the query reads of them.  The
		 * :timestamp column is the newest of the mapped cells (of every
		 * cell when none is mapped), whatever else the query reads: the
		 * same value a Get gives.
		 */
		list_free(scan->columns);
		scan->columns = NIL;
		for (i = 0; i < table->natts; i++)
			if (hbase_maps_cell(&table->columns[i]))
				scan->columns = lappend(scan->columns, &table->columns[i]);
		scan->exact_columns = true;
		scan->all_cells = scan->columns == NIL;
	}
	/* a family the table lacks would read as NULLs: an error instead */
	hbase_check_families(conn, table, scan->columns);
	return scan;
}

/* a stream over the ranges range to lastrange, its pages in contexts of its own */
static void
init_stream(HBaseScan *scan, Stream *st, int range, int lastrange)
{
	memset(st, 0, sizeof(Stream));
	st->range = range;
	st->lastrange = lastrange;
	st->pagesize = scan->firstpage;
	st->pagecxt = AllocSetContextCreate(GetMemoryChunkContext(scan), "hbase_fdw page",
										ALLOCSET_DEFAULT_SIZES);
	st->holdcxt = AllocSetContextCreate(GetMemoryChunkContext(scan), "hbase_fdw held row",
										ALLOCSET_SMALL_SIZES);
}

/*
 * Are the streams (one per range) merged on the key after a prefix: the
 * salt (one range per salt bucket), or each range's own prefixlen (a
 * Phoenix local index's ranges, one per region, whose prefixes differ in
 * length)?  Forwards, or backwards (reversed pages, each range read
 * backwards).
 */
static inline bool
merging(const HBaseScan *scan)
{
	return scan->order != HBASE_ORDER_ANY && (scan->salt_bytes > 0 || scan->range_prefixes);
}

/*
 * compare two keys after their prefixes (askip, bskip bytes): the order the
 * merge delivers (reversed backwards)
 */
static int
suffix_cmp(HBaseScan *scan, HBaseRow *a, int askip, HBaseRow *b, int bskip)
{
	int			al = Max(a->keylen - askip, 0);
	int			bl = Max(b->keylen - bskip, 0);
	int			c = memcmp(a->key + Min(askip, a->keylen), b->key + Min(bskip, b->keylen),
						   Min(al, bl));

	if (c == 0)
		c = al < bl ? -1 : al > bl ? 1 : 0;
	return scan->order == HBASE_ORDER_REVERSE ? -c : c;
}

static HBaseScan *sorting_scan;	/* list_sort has no argument */

/* keys (bytea *) in the order the merge delivers (list_sort) */
static int
key_suffix_cmp(const ListCell *a, const ListCell *b)
{
	HBaseScan  *scan = sorting_scan;
	bytea	   *x = lfirst(a);
	bytea	   *y = lfirst(b);
	HBaseRow	rx = {VARDATA(x), VARSIZE(x) - VARHDRSZ, 0, NULL};
	HBaseRow	ry = {VARDATA(y), VARSIZE(y) - VARHDRSZ, 0, NULL};

	return suffix_cmp(scan, &rx, scan->salt_bytes, &ry, scan->salt_bytes);
}

/*
 * Key order with salt bytes: the rows must come in the order of their keys
 * after the salt (pathkeys of a salted table): one stream per range,
 * merged; so with range prefixes, each stream skipping its range's own.
 * Key order without: one stream reading the ranges in turn.  Any order:
 * the ranges in blocks, one stream per block, in parallel.  Reverse: the
 * ranges and keys backwards, one stream (merged per range if salted or
 * prefixed).
 */
void
hbase_scan_setup_streams(HBaseScan *scan)
{
	int			nranges = (scan->plan && scan->plan->kind == HBASE_OP_SCANS) ?
		list_length(scan->plan->ranges) : 1;
	int			i;

	if (scan->order == HBASE_ORDER_REVERSE && scan->plan)
	{
		/* backwards: the last range first, the largest key first */
		List	   *rev = NIL;
		ListCell   *lc;

		foreach(lc, scan->plan->ranges)
			rev = lcons(lfirst(lc), rev);
		scan->plan->ranges = rev;
		rev = NIL;
		foreach(lc, scan->plan->keys)
			rev = lcons(lfirst(lc), rev);
		scan->plan->keys = rev;
	}
	if (scan->claim)
	{
		/* parallel: one stream over the ranges this process claims */
		int			first = scan->claim(scan->claim_arg);

		scan->nstreams = 1;
		scan->streams = palloc0(sizeof(Stream));
		init_stream(scan, &scan->streams[0], first < 0 ? nranges : first, nranges - 1);
	}
	else if (merging(scan) && nranges > 1)
	{
		scan->nstreams = nranges;
		scan->streams = palloc0(sizeof(Stream) * nranges);
		for (i = 0; i < nranges; i++)
		{
			init_stream(scan, &scan->streams[i], i, i);
			scan->streams[i].skip = scan->range_prefixes ?
				((HBaseKeyRange *) list_nth(scan->plan->ranges, i))->prefixlen :
				scan->salt_bytes;
		}
	}
	else if (scan->table->concurrency > 1 && nranges > 1 && scan->order == HBASE_ORDER_ANY)
	{
		/* ranges in contiguous blocks, one block per stream, read in parallel */
		int			k = Min(nranges, scan->table->concurrency);

		scan->nstreams = k;
		scan->streams = palloc0(sizeof(Stream) * k);
		for (i = 0; i < k; i++)
			init_stream(scan, &scan->streams[i], (i * nranges) / k, ((i + 1) * nranges) / k - 1);
	}
	else
	{
		scan->nstreams = 1;
		scan->streams = palloc0(sizeof(Stream));
		init_stream(scan, &scan->streams[0], 0, nranges - 1);
	}
	/* keys across salt buckets: fetched in the merged order */
	if (merging(scan) && scan->plan && scan->plan->keys)
	{
		sorting_scan = scan;
		list_sort(scan->plan->keys, key_suffix_cmp);
		sorting_scan = NULL;
	}
}

/*
 * The scan's key plan, and the order its rows must come in (with the salt
 * bytes a merge skips: see hbase_scan_setup_streams); the streams are made.
 */
void
hbase_scan_set_plan(HBaseScan *scan, HBaseKeyPlan *plan, HBaseRowOrder order, int salt_bytes)
{
	Assert(salt_bytes == 0 || order != HBASE_ORDER_ANY);
	scan->range_prefixes = false;
	set_plan(scan, plan, order, salt_bytes);
}

/*
 * A plan of bounded scans whose rows come in order (or reversed) of their
 * keys after each range's own prefixlen: one stream per range, merged
 * there, as a salted table's buckets are after the salt.  A Phoenix local
 * index's ranges, one per region, each under its region's prefix
 * (index_scan.c), read in the index key's order.  Each range must hold its
 * rows in that order: all under one prefix.
 */
void
hbase_scan_set_prefixed_plan(HBaseScan *scan, HBaseKeyPlan *plan, HBaseRowOrder order)
{
	Assert(order != HBASE_ORDER_ANY && plan->kind == HBASE_OP_SCANS);
	scan->range_prefixes = true;
	set_plan(scan, plan, order, 0);
}

/* hbase_scan_set_plan's work, for either kind of merge */
static void
set_plan(HBaseScan *scan, HBaseKeyPlan *plan, HBaseRowOrder order, int salt_bytes)
{
	scan->plan = plan;
	scan->order = order;
	scan->salt_bytes = salt_bytes;
	scan->region_scans = 0;
	scan->split_tried = false;
	/*
	 * Ranges read in parallel (salt buckets) with streams to spare: cut at
	 * once, the buckets of a salted table being large or many.
	 */
	if (hbase_scan_by_region(scan, plan) && plan->kind == HBASE_OP_SCANS &&
		list_length(plan->ranges) > 1 && list_length(plan->ranges) < scan->table->concurrency)
	{
		scan->split_tried = true;
		scan->plan = hbase_scan_split_by_region(scan, plan);
	}
	hbase_scan_setup_streams(scan);
}

/*
 * The stream's next page, into pagecxt; false at the end of its ranges.
 * Keys by Gets; backwards by reversed pages; else each range's first page
 * stateless when that is cheaper, then its scanner's pages.  At a range's
 * end the stream goes on to its next range (the next one claimed, in a
 * parallel scan), the range's held-back last row first.
 */
static bool
fetch_page(HBaseScan *scan, Stream *st)
{
	MemoryContext old;
	bool		got = false;
	int			nranges;

	MemoryContextReset(st->pagecxt);
	st->page = NULL;
	st->next = 0;
	old = MemoryContextSwitchTo(st->pagecxt);

	if (scan->plan && scan->plan->kind == HBASE_OP_EMPTY)
		got = false;
	else if (scan->plan && (scan->plan->kind == HBASE_OP_GET || scan->plan->kind == HBASE_OP_MULTIGET))
		got = hbase_stream_keys(scan, st);
	else if (scan->order == HBASE_ORDER_REVERSE)
	{
		while (st->range <= st->lastrange)
		{
			if (hbase_stream_reverse_page(scan, st))
			{
				got = true;
				break;
			}
			st->range++;
			hbase_stream_forget_resume(st);
			st->exhausted = false;
			st->pagesize = scan->firstpage;
		}
	}
	else
	{
		nranges = st->lastrange + 1;
		while (st->range < nranges)
		{
			bool		ok;

			if (st->range_done)
				ok = false;
			else if (hbase_stream_stateless_first(scan, st))
				ok = hbase_stream_stateless_page(scan, st);
			else
				ok = hbase_stream_scanner_page(scan, st);
			if (ok)
			{
				got = true;
				break;
			}
			/* this range is done: the next one, or the next one claimed */
			hbase_stream_close_scanner(scan, st);
			if (scan->claim)
			{
				int			next = scan->claim(scan->claim_arg);

				st->range = next < 0 ? nranges : next;
			}
			else
				st->range++;
			st->range_done = false;
			st->exhausted = false;
			st->pagesize = scan->firstpage;
			hbase_stream_forget_resume(st);
			if (st->held)
			{
				/* the range's last row was held back */
				st->page = palloc0(sizeof(HBaseCellSet));
				st->page->rows = hbase_copy_row(st->held);
				st->page->nrows = 1;
				st->held = NULL;
				MemoryContextReset(st->holdcxt);
				got = true;
				break;
			}
		}
	}
	MemoryContextSwitchTo(old);
	return got;
}

/*
 * After a full page of a lone stream's scanner, its next page is asked for
 * at once (hbase_fdw.read_ahead): the gateway prepares it while this
 * backend turns the last one into rows.  Only once pages are fetch_size
 * rows, not while they grow, so that a LIMIT met by the first pages asks
 * for nothing more; not when the scanner is done, nor when the stream is
 * about to be split at region boundaries (the page would be lost).
 */
void
hbase_stream_read_ahead(HBaseScan *scan, Stream *st)
{
	if (!hbase_read_ahead || scan->nstreams != 1 || st->exhausted || st->ahead_started ||
		st->scanner_path == NULL || hbase_scan_split_due(scan, st))
		return;
	if (scan->ahead == NULL)
	{
		MemoryContext old = MemoryContextSwitchTo(GetMemoryChunkContext(scan));

		scan->ahead = hbase_ahead_new(scan->conn);
		MemoryContextSwitchTo(old);
	}
	st->ahead_started = hbase_rest_scanner_next_ahead(scan->ahead, st->scanner_path,
													  st->pagesize);
	if (st->ahead_started)
		scan->nrequests++;
}

/* the stream's current row, fetching a page when needed; NULL at its end */
static HBaseRow *
stream_row(HBaseScan *scan, Stream *st)
{
	while (st->page == NULL || st->next >= st->page->nrows)
	{
		if (st->eof)
			return NULL;
		if (!fetch_page(scan, st))
		{
			st->eof = true;
			hbase_stream_close_scanner(scan, st);
			return NULL;
		}
	}
	return &st->page->rows[st->next];
}

/* a stream whose page is read through and whose range may have more */
static bool
needs_page(Stream *st)
{
	return (st->page == NULL || st->next >= st->page->nrows) && !st->eof && !st->exhausted;
}

/*
 * A stream of an unordered scan whose range is read (its pages taken, its
 * scanner exhausted or its stateless page short) goes on to its next range
 * here, so that the range's first page is asked for with the other
 * streams' (the one-stream path does this in fetch_page).  Not when a row
 * is held back or a page is read ahead: fetch_page knows those.
 */
static void
next_range_early(HBaseScan *scan, Stream *st)
{
	if (scan->order != HBASE_ORDER_ANY || st->eof || st->range >= st->lastrange ||
		(st->page && st->next < st->page->nrows) || !(st->exhausted || st->range_done) ||
		st->held || st->ahead_started)
		return;
	hbase_stream_close_scanner(scan, st);
	st->range++;
	st->range_done = false;
	st->exhausted = false;
	hbase_stream_forget_resume(st);
	st->pagesize = scan->firstpage;
}

/*
 * Fetch the next page of every stream that needs one, up to concurrency
 * requests at a time (curl multi): a scanner's next page, a range's first
 * page by the stateless scan, or a salt bucket's next reversed page.  What goes wrong here (a lost scanner,
 * a stateless page without an answer, the end of a range) is left to the
 * one-stream path, which knows it.
 */
static void
prefetch(HBaseScan *scan)
{
	Stream	   *want[HBASE_MAX_CONCURRENCY];
	char	   *scanners[HBASE_MAX_CONCURRENCY];
	int			rows[HBASE_MAX_CONCURRENCY];
	HBaseStatelessScan stateless[HBASE_MAX_CONCURRENCY] = {{0}};	/* unused by a scanner */
	MemoryContext cxts[HBASE_MAX_CONCURRENCY];
	HBaseResult res[HBASE_MAX_CONCURRENCY];
	int			n = 0,
				i;
	bool		reverse = scan->order == HBASE_ORDER_REVERSE;

	if (scan->table->concurrency <= 1 || scan->nstreams < 2 ||
		(scan->plan && (scan->plan->kind == HBASE_OP_GET || scan->plan->kind == HBASE_OP_MULTIGET)))
		return;
	for (i = 0; i < scan->nstreams; i++)
	{
		Stream	   *st = &scan->streams[i];

		next_range_early(scan, st);
		if (!needs_page(st) || st->range_done)
			continue;
		if (reverse)
		{
			/* a bucket read backwards: its next reversed page */
			if (st->range > st->lastrange ||
				!hbase_stream_reverse_request(scan, st, &stateless[n]))
				continue;
		}
		else if (st->scanner_path == NULL)
		{
			if (st->range > st->lastrange)
				continue;
			if (hbase_stream_stateless_first(scan, st))
				hbase_stream_stateless_request(scan, st, &stateless[n]);
			else
				hbase_stream_open_scanner(scan, st);
		}
		want[n++] = st;
		if (n == Min(scan->table->concurrency, HBASE_MAX_CONCURRENCY))
			break;
	}
	if (n < 2)
	{
		/* one request: the one-stream path makes it (a scanner stays open) */
		return;
	}
	for (i = 0; i < n; i++)
	{
		/* the streams' pages are all taken: each is decoded where the next one lives */
		scanners[i] = want[i]->scanner_path;
		rows[i] = want[i]->pagesize;
		MemoryContextReset(want[i]->pagecxt);
		want[i]->page = NULL;
		want[i]->next = 0;
		cxts[i] = want[i]->pagecxt;
	}
	hbase_rest_pages_many(scan->conn, scan->table, scanners, rows, stateless, n, cxts, res);
	scan->nrequests += n;
	/* a page that came proves the table is there: an empty range's 404 need not ask */
	for (i = 0; i < n; i++)
	{
		scan->nrequests += res[i].more_requests;
		if (res[i].outcome == HBASE_DONE)
			scan->table_known = true;
	}
	for (i = 0; i < n; i++)
	{
		Stream	   *st = want[i];
		MemoryContext old;

		old = MemoryContextSwitchTo(st->pagecxt);
		if (scanners[i] == NULL)
		{
			/* no answer or a failure: the one-stream path asks again and reports */
			if (res[i].outcome != HBASE_DONE && res[i].outcome != HBASE_END)
				;
			else if (reverse)
				(void) hbase_stream_take_reverse(scan, st, &res[i], &stateless[i]);
			else
				(void) hbase_stream_take_stateless(scan, st, &res[i], stateless[i].limit);
		}
		else if (!hbase_stream_take_page(scan, st, &res[i]))
			st->exhausted = true;	/* the one-stream path ends the range */
		MemoryContextSwitchTo(old);
	}
}

/*
 * The scan's next row, NULL at its end: a lone stream split at region
 * boundaries when due; without order to keep, any stream's row at hand,
 * else the next pages of all streams at once; with one, the row with the
 * smallest key after the salt among the streams' current rows (the merge).
 * The row lives until the next call.
 */
HBaseRow *
hbase_scan_next(HBaseScan *scan)
{
	Stream	   *best = NULL;
	HBaseRow   *bestrow = NULL;
	int			i;

	if (scan->streams == NULL)
		hbase_scan_setup_streams(scan);
	if (scan->nstreams == 1 && hbase_scan_split_due(scan, &scan->streams[0]))
	{
		Stream	   *st = &scan->streams[0];

		if ((st->page == NULL || st->next >= st->page->nrows) && st->scanner_path &&
			!st->exhausted && !st->held && st->lastkey && !st->ahead_started)
			hbase_scan_split_running(scan);
	}
	if (scan->order == HBASE_ORDER_ANY && scan->nstreams > 1)
	{
		/*
		 * No order to keep: drain the pages at hand, then fetch the next
		 * ones of all streams at once.
		 */
		for (i = 0; i < scan->nstreams; i++)
		{
			Stream	   *st = &scan->streams[i];

			if (st->page && st->next < st->page->nrows)
				return &st->page->rows[st->next++];
		}
	}
	prefetch(scan);
	for (i = 0; i < scan->nstreams; i++)
	{
		Stream	   *st = &scan->streams[i];
		HBaseRow   *row = stream_row(scan, st);

		if (row && (bestrow == NULL || suffix_cmp(scan, row, st->skip, bestrow, best->skip) < 0))
		{
			best = st;
			bestrow = row;
		}
		/* without a merge, any row will do: the first stream that has one */
		if (row && !merging(scan))
			break;
	}
	if (best)
		best->next++;
	return bestrow;
}

/* a stream's scanner deleted and its memory freed (a rescan, a split) */
void
hbase_scan_reset_stream(HBaseScan *scan, Stream *st)
{
	hbase_stream_close_scanner(scan, st);
	hbase_stream_forget_resume(st);
	MemoryContextDelete(st->pagecxt);
	MemoryContextDelete(st->holdcxt);
}

/* back to the start: the streams are made again at the next row */
void
hbase_scan_rescan(HBaseScan *scan)
{
	int			i;

	for (i = 0; i < scan->nstreams; i++)
		hbase_scan_reset_stream(scan, &scan->streams[i]);
	scan->streams = NULL;
	scan->nstreams = 0;
	scan->nextkey = 0;
}

/* the end of the scan: its scanners deleted */
void
hbase_scan_end(HBaseScan *scan)
{
	int			i;

	for (i = 0; i < scan->nstreams; i++)
		hbase_stream_close_scanner(scan, &scan->streams[i]);
}

/* requests sent, rows read, scanners resumed: for EXPLAIN ANALYZE */
void
hbase_scan_stats(HBaseScan *scan, long *requests, long *rows, long *resumes)
{
	*requests = scan->nrequests;
	*rows = scan->nrows;
	*resumes = scan->nresumes;
}

/* the bytes of the answers the scan read (bodies as on the wire): for EXPLAIN ANALYZE */
int64
hbase_scan_bytes(HBaseScan *scan)
{
	return scan->nbytes;
}
