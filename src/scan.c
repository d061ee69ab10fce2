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
 * (expired, gateway restarted, connection reset, a read failed or got no
 * answer) a new one starts right after the last row returned (or at a row
 * that was cut in two), within the same range: no row lost, none twice.  A
 * scanner read is never sent twice (the gateway may have taken the page of
 * a read whose answer was lost); a page is taken as the last one only when
 * it says so (204, or fewer rows than asked for).  The gateway gets
 * HBASE_RESUME_MS to come back.
 */
#include "postgres.h"

#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/memutils.h"
#include "utils/timestamp.h"

#include "hbase_fdw.h"

/* keys per multiget request */
#define HBASE_MULTIGET_BATCH	100
/* how long a lost scan keeps trying to resume */
#define HBASE_RESUME_MS		60000
/* full pages a lone scan reads before it is split at region boundaries */
#define HBASE_SPLIT_AFTER	2
/* most region pieces a scan is cut into (neighbouring regions merged beyond) */
#define HBASE_MAX_REGION_PIECES	64
/* scanner reads failed by the gateway (500) in a row before giving up */
#define HBASE_MAX_SCANNER_FAILURES	5

/* one scanner at a time over one or more key ranges */
typedef struct Stream
{
	int			range;			/* current range of a scan plan */
	int			lastrange;		/* the last range this stream reads */
	char	   *scanner_path;	/* NULL when no scanner is open */
	bool		exhausted;		/* the current scanner's last page was read */
	bool		eof;
	int			pagesize;		/* rows asked for in the next page */
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
	int			failures;		/* scanner reads failed (500) in a row */
	bool		range_done;		/* a stateless first page read the whole range */
	int			above;			/* reversed, no filter_b64: rows last seen above the bound */
	bool		ahead_started;	/* the scanner's next page is asked for already
								 * (scan->ahead) */
	int			full_pages;		/* pages of fetch_size rows taken */
} Stream;

struct HBaseScan
{
	HBaseTable *table;
	HBaseConn  *conn;
	List	   *columns;		/* HBaseColumn *: wanted cells and families */
	HBaseKeyPlan *plan;			/* NULL: full scan */
	int			nextkey;		/* next key of a get plan */
	bool		table_known;	/* the table was seen to exist */
	int			firstpage;		/* rows asked for in a scanner's first page */
	bool		small_limit;	/* the planner knows a LIMIT below HBASE_FIRST_PAGE */
	bool		exact_columns;	/* :timestamp wanted: no cell beyond the wanted ones */
	bool		all_cells;		/* :timestamp of a table that maps no cell */
	List	   *families;		/* HBaseColumn *: the families a scanner reads,
								 * NIL = all (see table_families) */
	/*
	 * merge: one stream per range, rows merged in the order of their keys
	 * after the salt (ORDER BY on a salted table); else one stream walks the
	 * ranges in turn.
	 */
	HBaseRowOrder order;		/* the order the rows must come in */
	int			salt_bytes;		/* HBASE_ORDER_KEY: salt bytes to skip when
								 * merging the buckets' streams, or 0 */
	int			nstreams;
	Stream	   *streams;
	long		nrequests;
	long		nrows;
	long		nresumes;
	const char *fallback;		/* what the gateway's version made us do instead */
	HBaseAhead *ahead;			/* a lone stream's reads ahead, made at the first */
	List	   *regions;		/* HBaseKeyRange * of the table's regions, read once */
	bool		regions_known;
	int			region_scans;	/* ranges after the split at region boundaries, or 0 */
	const char *region_note;	/* why the region listing was not used, or NULL */
	bool		split_tried;	/* this plan was considered for splitting */
	/* parallel scan: the plan's ranges are claimed one at a time, shared */
	int			(*claim) (void *arg);	/* next range index, or -1; NULL: in turn */
	void	   *claim_arg;
};

/* a column that maps a cell or a whole family (not the key, its parts or the timestamp) */
static inline bool
maps_cell(const HBaseColumn *col)
{
	return !col->dropped && (col->kind == HBASE_COL_CELL || col->kind == HBASE_COL_FAMILY);
}

/* remember, for EXPLAIN ANALYZE, what an old gateway made the scan do */
static void
note_fallback(HBaseScan *scan, const char *what)
{
	if (scan->fallback == NULL)
		scan->fallback = MemoryContextStrdup(GetMemoryChunkContext(scan),
											 psprintf("%s (gateway %s)", what,
													  hbase_gateway(scan->conn)->name));
}

const char *
hbase_scan_fallback(HBaseScan *scan)
{
	return scan->fallback;
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

		if (i >= 0 && !maps_cell(col))
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
			if (maps_cell(&table->columns[i]))
				scan->columns = lappend(scan->columns, &table->columns[i]);
		scan->exact_columns = true;
		scan->all_cells = scan->columns == NIL;
	}
	return scan;
}

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

/* are the streams (one per salt bucket) merged on the key after the salt? */
static inline bool
merging(const HBaseScan *scan)
{
	return scan->order == HBASE_ORDER_KEY && scan->salt_bytes > 0;
}

/* compare two keys after the salt: the order the merge delivers */
static int
suffix_cmp(HBaseScan *scan, HBaseRow *a, HBaseRow *b)
{
	int			skip = scan->salt_bytes;
	int			al = Max(a->keylen - skip, 0);
	int			bl = Max(b->keylen - skip, 0);
	int			c = memcmp(a->key + Min(skip, a->keylen), b->key + Min(skip, b->keylen), Min(al, bl));

	if (c != 0)
		return c;
	return al < bl ? -1 : al > bl ? 1 : 0;
}

static HBaseScan *sorting_scan;	/* list_sort has no argument */

static int
key_suffix_cmp(const ListCell *a, const ListCell *b)
{
	HBaseScan  *scan = sorting_scan;
	bytea	   *x = lfirst(a);
	bytea	   *y = lfirst(b);
	HBaseRow	rx = {VARDATA(x), VARSIZE(x) - VARHDRSZ, 0, NULL};
	HBaseRow	ry = {VARDATA(y), VARSIZE(y) - VARHDRSZ, 0, NULL};

	return suffix_cmp(scan, &rx, &ry);
}

/*
 * Key order with salt bytes: the rows must come in the order of their keys
 * after the salt (pathkeys of a salted table): one stream per range,
 * merged.  Key order without: one stream reading the ranges in turn.  Any
 * order: the ranges in blocks, one stream per block, in parallel.  Reverse:
 * one stream, the ranges and keys backwards.
 */
static void
setup_streams(HBaseScan *scan)
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
			init_stream(scan, &scan->streams[i], i, i);
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

/* key bytes a and b; alen 0 with a_low: the table's start; a NULL: its end */
static int
bound_cmp(const char *a, int alen, const char *b, int blen)
{
	int			c = memcmp(a, b, Min(alen, blen));

	return c != 0 ? c : (alen > blen) - (alen < blen);
}

/*
 * Scans split at region boundaries?  Only where no order is to be kept
 * (the pieces run in parallel, concurrency streams at a time), when the
 * planner expects more than a small LIMIT, and for scans (not Gets).  The
 * split waits until the scan has read HBASE_SPLIT_AFTER full pages: a
 * small table costs no request for its regions and keeps its key order.
 */
static bool
by_region(HBaseScan *scan, HBaseKeyPlan *plan)
{
	return plan != NULL && scan->order == HBASE_ORDER_ANY && scan->table->concurrency > 1 &&
		!scan->small_limit && scan->claim == NULL &&
		(plan->kind == HBASE_OP_FULL || plan->kind == HBASE_OP_FUZZY ||
		 plan->kind == HBASE_OP_SCANS);
}

/* regions by start key (the table's start first), then by stop (the end last) */
static int
region_cmp(const ListCell *a, const ListCell *b)
{
	HBaseKeyRange *x = lfirst(a);
	HBaseKeyRange *y = lfirst(b);
	int			c = bound_cmp(x->start, x->startlen, y->start, y->startlen);

	if (c != 0)
		return c;
	if (x->stop == NULL || y->stop == NULL)
		return (x->stop == NULL) - (y->stop == NULL);
	return bound_cmp(x->stop, x->stoplen, y->stop, y->stoplen);
}

static bool
same_bound(const char *a, int alen, const char *b, int blen)
{
	return alen == blen && memcmp(a, b, alen) == 0;
}

/*
 * The regions of a listing as a partition of the whole key space, or NIL
 * with *why saying what is wrong with it.  A listing is only a hint: read
 * replicas list each region once per replica (same start and end), and a
 * broken or hostile gateway may list gaps, overlaps or any order.  A split
 * over a gap would lose rows, over an overlap return them twice, so the
 * listing is sorted, entries of one key range taken once, and it is used
 * only when the regions then follow each other from the table's start to
 * its end without gap or overlap.  More than HBASE_MAX_REGION_PIECES
 * regions are merged with their neighbours into that many groups: each
 * piece costs a scanner's requests however few rows it holds.
 */
static List *
region_partition(List *regions, const char **why)
{
	List	   *out = NIL;
	HBaseKeyRange *prev = NULL;
	ListCell   *lc;
	int			n,
				i;

	*why = NULL;
	if (regions == NIL)
		return NIL;
	regions = list_copy(regions);
	list_sort(regions, region_cmp);
	foreach(lc, regions)
	{
		HBaseKeyRange *r = lfirst(lc);

		if (prev != NULL && same_bound(r->start, r->startlen, prev->start, prev->startlen) &&
			(r->stop == NULL) == (prev->stop == NULL) &&
			(r->stop == NULL || same_bound(r->stop, r->stoplen, prev->stop, prev->stoplen)))
			continue;			/* a replica of the region before */
		if (r->stop != NULL && bound_cmp(r->start, r->startlen, r->stop, r->stoplen) >= 0)
		{
			*why = "a region ends before it starts";
			return NIL;
		}
		if (prev == NULL ? r->startlen != 0 :
			prev->stop == NULL || !same_bound(r->start, r->startlen, prev->stop, prev->stoplen))
		{
			*why = prev == NULL ? "no region starts at the table's start" :
				(prev->stop == NULL || bound_cmp(r->start, r->startlen, prev->stop, prev->stoplen) < 0) ?
				"regions overlap" : "a gap between regions";
			return NIL;
		}
		out = lappend(out, r);
		prev = r;
	}
	if (prev->stop != NULL)
	{
		*why = "no region reaches the table's end";
		return NIL;
	}
	n = list_length(out);
	if (n > HBASE_MAX_REGION_PIECES)
	{
		List	   *merged = NIL;

		/* group g: regions [g * n / max, (g + 1) * n / max) */
		for (i = 0; i < HBASE_MAX_REGION_PIECES; i++)
		{
			HBaseKeyRange *first = list_nth(out, (int) ((int64) i * n / HBASE_MAX_REGION_PIECES));
			HBaseKeyRange *last = list_nth(out, (int) ((int64) (i + 1) * n / HBASE_MAX_REGION_PIECES) - 1);
			HBaseKeyRange *g = palloc(sizeof(HBaseKeyRange));

			g->start = first->start;
			g->startlen = first->startlen;
			g->stop = last->stop;
			g->stoplen = last->stoplen;
			merged = lappend(merged, g);
		}
		out = merged;
	}
	return out;
}

/*
 * The table's regions, asked of the gateway once per scan (not at planning:
 * planning never talks to HBase; not cached longer: regions split and
 * move), checked by region_partition.  None when the gateway cannot say or
 * the listing is no partition: the scan is then not split, and
 * EXPLAIN ANALYZE says why.
 */
static List *
table_regions(HBaseScan *scan)
{
	MemoryContext old;
	HBaseResponse *resp;
	const char *error = NULL;
	List	   *listed = NIL;

	if (scan->regions_known)
		return scan->regions;
	old = MemoryContextSwitchTo(GetMemoryChunkContext(scan));
	resp = hbase_rest_regions(scan->conn, scan->table);
	scan->nrequests++;
	if (resp->status == 200)
		listed = hbase_json_regions(resp->body, resp->len, &error);
	else
		error = psprintf("the gateway answered %ld", (long) resp->status);
	if (error == NULL)
		scan->regions = region_partition(listed, &error);
	if (error != NULL)
		scan->region_note = psprintf("not split: %s", error);
	MemoryContextSwitchTo(old);
	scan->regions_known = true;
	return scan->regions;
}

/*
 * The plan with each of its ranges (the whole table for a full scan) cut at
 * the region boundaries: the pieces partition the ranges exactly, so rows
 * are neither lost nor repeated, and each scanner stays on one region.
 * Regions that split or move meanwhile only cost a scanner crossing a
 * boundary.  The plan itself (EXPLAIN shows it) is left as it is.
 */
static HBaseKeyPlan *
split_by_region(HBaseScan *scan, HBaseKeyPlan *plan)
{
	List	   *regions = table_regions(scan);
	List	   *ranges;
	List	   *pieces = NIL;
	HBaseKeyRange whole = {"", 0, NULL, 0};
	HBaseKeyPlan *kp;
	ListCell   *lc;

	if (list_length(regions) < 2)
		return plan;
	ranges = plan->kind == HBASE_OP_SCANS ? plan->ranges : list_make1(&whole);
	foreach(lc, ranges)
	{
		HBaseKeyRange *r = lfirst(lc);
		ListCell   *gc;

		foreach(gc, regions)
		{
			HBaseKeyRange *g = lfirst(gc);
			HBaseKeyRange *p = palloc(sizeof(HBaseKeyRange));

			/* the later start, the earlier stop (NULL: the table's end) */
			*p = *r;
			if (bound_cmp(g->start, g->startlen, r->start, r->startlen) > 0)
			{
				p->start = g->start;
				p->startlen = g->startlen;
			}
			if (g->stop && (r->stop == NULL || bound_cmp(g->stop, g->stoplen, r->stop, r->stoplen) < 0))
			{
				p->stop = g->stop;
				p->stoplen = g->stoplen;
			}
			if (p->stop == NULL || bound_cmp(p->start, p->startlen, p->stop, p->stoplen) < 0)
				pieces = lappend(pieces, p);
			else
				pfree(p);
		}
	}
	if (list_length(pieces) <= list_length(ranges))
		return plan;			/* nothing was cut */
	kp = palloc(sizeof(HBaseKeyPlan));
	*kp = *plan;
	kp->kind = HBASE_OP_SCANS;
	kp->ranges = pieces;
	scan->region_scans = list_length(pieces);
	return kp;
}

static void reset_stream(HBaseScan *scan, Stream *st);

/* a lone stream about to be split at region boundaries (not read ahead then) */
static bool
split_due(HBaseScan *scan, Stream *st)
{
	return scan->nstreams == 1 && !scan->split_tried && st->full_pages >= HBASE_SPLIT_AFTER &&
		by_region(scan, scan->plan);
}

/*
 * A lone stream that has read HBASE_SPLIT_AFTER full pages goes on as
 * region scans in parallel: what is left of its range (after the last row
 * returned) and of the ranges after it, cut at region boundaries.  Only at
 * a page boundary, with no row held back and nothing read ahead that would
 * be lost; the rows already returned are before every piece.
 */
static void
split_running_scan(HBaseScan *scan)
{
	Stream	   *st = &scan->streams[0];
	HBaseKeyPlan *plan = scan->plan;
	HBaseKeyRange whole = {"", 0, NULL, 0};
	HBaseKeyRange *cur;
	HBaseKeyRange *rest;
	HBaseKeyPlan *left;
	HBaseKeyPlan *split;
	MemoryContext old;
	int			i;

	scan->split_tried = true;
	old = MemoryContextSwitchTo(GetMemoryChunkContext(plan));
	cur = plan->kind == HBASE_OP_SCANS ? list_nth(plan->ranges, st->range) : &whole;
	rest = palloc(sizeof(HBaseKeyRange));
	*rest = *cur;
	/* just after the last row returned: its key + 0x00 */
	rest->start = palloc(st->lastkeylen + 1);
	memcpy(rest->start, st->lastkey, st->lastkeylen + 1);
	rest->startlen = st->lastkeylen + 1;
	left = palloc(sizeof(HBaseKeyPlan));
	*left = *plan;
	left->kind = HBASE_OP_SCANS;
	left->ranges = list_make1(rest);
	if (plan->kind == HBASE_OP_SCANS)
		for (i = st->range + 1; i <= st->lastrange; i++)
			left->ranges = lappend(left->ranges, list_nth(plan->ranges, i));
	split = split_by_region(scan, left);
	if (split != left)
	{
		/* the streams live as long as the plan (until a rescan) */
		reset_stream(scan, st);
		scan->plan = split;
		scan->streams = NULL;
		scan->nstreams = 0;
		setup_streams(scan);
	}
	MemoryContextSwitchTo(old);
}

/* the ranges and their bytes, in the current memory context */
static List *
copy_ranges(List *ranges)
{
	List	   *out = NIL;
	ListCell   *lc;

	foreach(lc, ranges)
	{
		HBaseKeyRange *r = lfirst(lc);
		HBaseKeyRange *c = palloc0(sizeof(HBaseKeyRange));

		c->start = hbase_memdup(r->start, r->startlen);
		c->startlen = r->startlen;
		if (r->stop)
		{
			c->stop = hbase_memdup(r->stop, r->stoplen);
			c->stoplen = r->stoplen;
		}
		out = lappend(out, c);
	}
	return out;
}

/*
 * The pieces a parallel scan shares out: the plan's ranges (the whole table
 * for a full or skip scan) cut at region boundaries, in key order.  Asked
 * once, by the leader; the workers get them from it, so that all see the
 * same partition whatever the regions do meanwhile.  A copy in the current
 * memory context: they outlive the plan they come from (rescans).
 */
List *
hbase_scan_pieces(HBaseScan *scan, HBaseKeyPlan *plan)
{
	HBaseKeyPlan tmp = *plan;
	HBaseKeyRange *whole = palloc(sizeof(HBaseKeyRange));
	HBaseKeyPlan *split;

	/* no row can match (keys, or an empty time range): nothing to share */
	if (plan->kind == HBASE_OP_EMPTY)
		return NIL;
	whole->start = "";
	whole->startlen = 0;
	whole->stop = NULL;
	whole->stoplen = 0;
	if (tmp.kind != HBASE_OP_SCANS)
	{
		tmp.kind = HBASE_OP_SCANS;
		tmp.ranges = list_make1(whole);
	}
	split = split_by_region(scan, &tmp);
	scan->region_scans = 0;
	return copy_ranges(split->ranges);
}

/*
 * A parallel scan's plan: the pieces, each read whole by the process that
 * claims it (claim returns the next piece's index, -1 when none is left).
 */
void
hbase_scan_set_shared_plan(HBaseScan *scan, HBaseKeyPlan *plan, List *pieces,
						   int (*claim) (void *arg), void *arg)
{
	HBaseKeyPlan *kp = palloc(sizeof(HBaseKeyPlan));

	*kp = *plan;
	/* an empty plan stays empty: a scanner with its time range would be refused */
	if (plan->kind != HBASE_OP_EMPTY)
		kp->kind = HBASE_OP_SCANS;
	kp->ranges = pieces;
	scan->claim = claim;
	scan->claim_arg = arg;
	scan->plan = kp;
	scan->order = HBASE_ORDER_ANY;
	scan->salt_bytes = 0;
	scan->region_scans = list_length(pieces);
	scan->split_tried = true;
	setup_streams(scan);
}

/* the size of the pieces written by hbase_pieces_write */
Size
hbase_pieces_size(List *pieces)
{
	Size		n = 0;
	ListCell   *lc;

	foreach(lc, pieces)
	{
		HBaseKeyRange *r = lfirst(lc);

		n = add_size(n, 2 * sizeof(int32) + r->startlen + (r->stop ? r->stoplen : 0));
	}
	return n;
}

/* each piece as start length, start, stop length (-1: the end), stop */
void
hbase_pieces_write(List *pieces, char *dst)
{
	ListCell   *lc;

	foreach(lc, pieces)
	{
		HBaseKeyRange *r = lfirst(lc);
		int32		len = r->startlen;

		memcpy(dst, &len, sizeof(int32));
		dst += sizeof(int32);
		memcpy(dst, r->start, len);
		dst += len;
		len = r->stop ? r->stoplen : -1;
		memcpy(dst, &len, sizeof(int32));
		dst += sizeof(int32);
		if (len > 0)
		{
			memcpy(dst, r->stop, len);
			dst += len;
		}
	}
}

List *
hbase_pieces_read(const char *src, int n)
{
	List	   *pieces = NIL;
	int			i;

	for (i = 0; i < n; i++)
	{
		HBaseKeyRange *r = palloc0(sizeof(HBaseKeyRange));
		int32		len;

		memcpy(&len, src, sizeof(int32));
		src += sizeof(int32);
		r->start = palloc(len + 1);
		memcpy(r->start, src, len);
		r->startlen = len;
		src += len;
		memcpy(&len, src, sizeof(int32));
		src += sizeof(int32);
		if (len >= 0)
		{
			r->stop = palloc(len + 1);
			memcpy(r->stop, src, len);
			r->stoplen = len;
			src += len;
		}
		pieces = lappend(pieces, r);
	}
	return pieces;
}

void
hbase_scan_set_plan(HBaseScan *scan, HBaseKeyPlan *plan, HBaseRowOrder order, int salt_bytes)
{
	Assert(salt_bytes == 0 || order == HBASE_ORDER_KEY);
	scan->plan = plan;
	scan->order = order;
	scan->salt_bytes = salt_bytes;
	scan->region_scans = 0;
	scan->split_tried = false;
	/*
	 * Ranges read in parallel (salt buckets) with streams to spare: cut at
	 * once, the buckets of a salted table being large or many.
	 */
	if (by_region(scan, plan) && plan->kind == HBASE_OP_SCANS &&
		list_length(plan->ranges) > 1 && list_length(plan->ranges) < scan->table->concurrency)
	{
		scan->split_tried = true;
		scan->plan = split_by_region(scan, plan);
	}
	setup_streams(scan);
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

static void
open_scanner(HBaseScan *scan, Stream *st)
{
	HBaseScanSpec spec;
	HBaseResponse *resp;

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
	}
	if (st->resume)
	{
		/* after the rows already returned; always within the range */
		spec.startrow = st->resume;
		spec.startlen = st->resumelen;
	}
	for (;;)
	{
		resp = hbase_rest_scanner_create(scan->conn, scan->table, &spec, st->resume != NULL);
		scan->nrequests++;
		if (resp->status == 0 && !resp->unsent)
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
								   st->failures, resp->what, resp->body)));
		}
		else if (resp->status != 0 && (resp->status != 503 || st->resume == NULL))
			break;
		/* resuming, and the gateway is not back yet */
		wait_for_gateway(scan, st, resp->what);
	}
	st->scanner_path = hbase_rest_scanner_created(scan->conn, scan->table, resp,
												  GetMemoryChunkContext(scan));
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

static void
close_scanner(HBaseScan *scan, Stream *st)
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

/*
 * A page's CellSet: at most max_rows rows (what the request asked) and
 * max_cells cells (0: only the decode budget bounds them).
 */
static HBaseCellSet *
parse_page(HBaseScan *scan, HBaseResponse *resp, long max_rows, long max_cells)
{
	return hbase_response_cellset(resp, scan->table, max_rows, max_cells);
}

/* After a 404 (or a multiget's 500): is it the table that is missing? */
static void
check_table(HBaseScan *scan, HBaseResponse *resp, const char *what)
{
	HBaseResponse *r;

	if (scan->table_known)
		return;
	r = hbase_rest_exists(scan->conn, scan->table);
	scan->nrequests++;
	if (r->status == 404)
		hbase_report_status(r, scan->table, what);
	if (r->status != 200)
		hbase_report_status(r, scan->table, "checking that the table exists");
	scan->table_known = true;
}

/* the next batch of keys by Get or multiget, into pagecxt */
static bool
fetch_keys(HBaseScan *scan, Stream *st)
{
	List	   *keys = scan->plan->keys;
	int			nkeys = list_length(keys);
	int			n;
	HBaseResponse *resp;
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
	if (nkeys == 1)
	{
		bytea	   *k = linitial(keys);

		resp = hbase_rest_get(scan->conn, scan->table, VARDATA(k), VARSIZE(k) - VARHDRSZ);
	}
	else
	{
		bytea	  **batch = palloc(sizeof(bytea *) * n);
		int			i;

		for (i = 0; i < n; i++)
			batch[i] = list_nth(keys, scan->nextkey + i);
		resp = hbase_rest_multiget(scan->conn, scan->table, batch, n);
	}
	what = resp->what;
	scan->nextkey += n;
	scan->nrequests++;
	if (resp->status == 404 || (resp->status == 500 && nkeys > 1))
	{
		/* no such row(s); unless the table itself is missing */
		check_table(scan, resp, what);
		if (resp->status == 500)
			hbase_report_status(resp, scan->table, what);
		st->page = palloc0(sizeof(HBaseCellSet));
		return true;
	}
	if (resp->status != 200)
		hbase_report_status(resp, scan->table, what);
	scan->table_known = true;
	/* a Get of n keys returns at most n rows */
	st->page = parse_page(scan, resp, n, 0);
	scan->nrows += st->page->nrows;
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
lose_scanner(HBaseScan *scan, Stream *st, HBaseResponse *resp)
{
	MemoryContext cxt = GetMemoryChunkContext(scan);
	bool		unavailable = resp->status >= 502 && resp->status <= 504;

	drop_ahead(scan, st);
	if (unavailable || st->lost_since != 0)
		wait_for_gateway(scan, st, "reading a scanner");
	else
		st->lost_since = GetCurrentTimestamp();
	if (resp->status != 0 && !unavailable)
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

static bool take_page(HBaseScan *scan, Stream *st, HBaseResponse *resp);

/*
 * The next page of the current scanner into pagecxt; false when it is done.
 * A lone stream reads one page ahead once its pages are fetch_size rows
 * (read_ahead): the gateway prepares it while this backend turns the last
 * one into rows.  Not while pages grow, so that a LIMIT met by the first
 * pages asks for nothing more.
 */
static bool
fetch_scanner_page(HBaseScan *scan, Stream *st)
{
	HBaseResponse *resp;
	bool		got;
	bool		full;

	if (st->scanner_path == NULL)
		open_scanner(scan, st);
	if (st->exhausted)
		return false;
	full = st->pagesize == scan->table->fetch_size;
	if (st->ahead_started)
	{
		st->ahead_started = false;
		resp = hbase_rest_scanner_next_taken(scan->ahead);
	}
	else
	{
		resp = hbase_rest_scanner_next(scan->conn, st->scanner_path, st->pagesize);
		scan->nrequests++;
	}
	got = take_page(scan, st, resp);
	if (got && full)
		st->full_pages++;
	if (got && full && hbase_read_ahead && scan->nstreams == 1 &&
		!st->exhausted && !st->ahead_started && st->scanner_path && !split_due(scan, st))
	{
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
	return got;
}

/* a scanner page's response into the stream; false when the scanner is done */
static bool
take_page(HBaseScan *scan, Stream *st, HBaseResponse *resp)
{
	MemoryContext old;
	HBaseCellSet *set;
	bool		cut;

	if (resp->status == 500)
	{
		/*
		 * HBase 2.6.1's gateway fails a scanner read now and then (an NPE in
		 * ClientScanner.loadCache) and the scanner is unusable after it:
		 * resume after the last row, a few times in a row at most.
		 */
		if (++st->failures > HBASE_MAX_SCANNER_FAILURES)
			hbase_report_status(resp, scan->table, "reading a scanner");
		lose_scanner(scan, st, resp);
		return fetch_scanner_page(scan, st);
	}
	if (resp->status == 0 || resp->status == 404 || resp->status == 410 ||
		resp->status == 502 || resp->status == 503 || resp->status == 504)
	{
		/* a 404 before any row may be a missing table rather than a lost scanner */
		if (resp->status == 404 && !scan->table_known)
			check_table(scan, resp, "reading a scanner");

		/*
		 * No answer, a gateway still starting (503), or a proxy in front of
		 * it that got none (502, 504)
		 */
		lose_scanner(scan, st, resp);
		return fetch_scanner_page(scan, st);
	}
	if (resp->status == 204)
		return false;
	if (resp->status != 200)
		hbase_report_status(resp, scan->table, "reading a scanner");
	scan->table_known = true;
	st->lost_since = 0;
	st->failures = 0;
	/* pages are asked for at most fetch_size rows (the first ones fewer) */
	set = parse_page(scan, resp, scan->table->fetch_size, HBASE_CELL_LIMIT);
	pfree(resp->body);
	cut = (set->ncells >= HBASE_CELL_LIMIT);

	/*
	 * The gateway stops a page at n rows or c cells, else only when the
	 * scanner is exhausted: then no need to ask again for the 204.
	 */
	if (!cut && set->nrows < st->pagesize)
		st->exhausted = true;
	st->pagesize = Min(st->pagesize * 4, scan->table->fetch_size);

	/* merge a row held back from the previous page */
	if (st->held && set->nrows > 0 &&
		set->rows[0].keylen == st->held->keylen &&
		memcmp(set->rows[0].key, st->held->key, st->held->keylen) == 0)
	{
		HBaseRow   *r = &set->rows[0];
		HBaseCell  *cells = palloc(sizeof(HBaseCell) * (r->ncells + st->held->ncells));

		memcpy(cells, st->held->cells, sizeof(HBaseCell) * st->held->ncells);
		memcpy(cells + st->held->ncells, r->cells, sizeof(HBaseCell) * r->ncells);
		r->cells = cells;
		r->ncells += st->held->ncells;
		r = copy_row(r);		/* into pagecxt, before holdcxt goes */
		set->rows[0] = *r;
		st->held = NULL;
	}
	scan->nrows += set->nrows;

	if (st->held)
	{
		/* the held row was complete after all: put it in front */
		HBaseRow   *rows = palloc(sizeof(HBaseRow) * (set->nrows + 1));

		rows[0] = *copy_row(st->held);
		memcpy(rows + 1, set->rows, sizeof(HBaseRow) * set->nrows);
		set->rows = rows;
		set->nrows++;
		st->held = NULL;
	}
	MemoryContextReset(st->holdcxt);

	if (cut && set->nrows > 0)
	{
		old = MemoryContextSwitchTo(st->holdcxt);
		st->held = copy_row(&set->rows[set->nrows - 1]);
		MemoryContextSwitchTo(old);
		set->nrows--;
	}
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

static void
forget_resume(Stream *st)
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
 * A page of a reversed scan through a gateway without filter_b64 (before
 * 2.5.9), whose bounds are then checked here: the rows at or above the
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

	if (st->above == 0)
		note_fallback(scan, "reversed scan with its bounds checked here: the gateway lacks filter_b64");
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
 * The next page of a range read backwards, by the gateway's stateless
 * reversed scan: the rows below the range's end (or below the last row
 * returned) down to its start.  The scan's start and end rows are strings,
 * so they only position it (a valid UTF-8 string at or above the upper
 * bound, one at or below the lower bound); the bounds themselves travel
 * exactly, as binary row filters (filter_b64), so a page never repeats a row
 * or loses its place whatever bytes the keys hold.
 */
static bool
fetch_reverse_page(HBaseScan *scan, Stream *st)
{
	HBaseKeyRange *r = (scan->plan && scan->plan->kind == HBASE_OP_SCANS) ?
		list_nth(scan->plan->ranges, st->range) : NULL;
	HBaseStatelessScan req;
	HBaseResponse *resp;
	HBaseCellSet *set;
	const char *upper = NULL;
	int			upperlen = 0;
	int			limit;
	bool		trim = !hbase_gateway(scan->conn)->b64;

	if (st->exhausted)
		return false;
	if (st->lastkey)
	{
		upper = st->lastkey;
		upperlen = st->lastkeylen;
	}
	else if (r && r->stop)
	{
		upper = r->stop;
		upperlen = r->stoplen;
	}
	limit = st->pagesize + (trim ? st->above : 0);

	memset(&req, 0, sizeof(req));
	req.reversed = true;
	req.upper = upper;
	req.upperlen = upperlen;
	if (r)
	{
		req.lower = r->start;
		req.lowerlen = r->startlen;
	}
	req.limit = limit;
	/* a Phoenix table's own families, not its local indexes' (table_families) */
	req.families = scan->families;
	/* a gateway without filter_b64 ignores it: the bounds are then checked here */
	req.exact_bounds = !trim;

	for (;;)
	{
		/* as a forward scan's first POST: a gateway never seen fails at once */
		resp = hbase_rest_stateless_scan(scan->conn, scan->table, &req,
										 scan->table_known ? HBASE_REQ_TRANSPORT_OK : 0);
		scan->nrequests++;
		if (!scan->table_known ||
			(resp->status != 0 && resp->status != 500 && (resp->status < 502 || resp->status > 504)))
			break;

		/*
		 * No answer, or a gateway (or proxy) that failed, in the middle of
		 * the scan: a stateless page holds its place in the request itself,
		 * so the same request goes again once the gateway answers; a few
		 * 500s in a row at most.
		 */
		if (resp->status == 500 && ++st->failures > HBASE_MAX_SCANNER_FAILURES)
			hbase_report_status(resp, scan->table, "a reversed scan");
		scan->nresumes++;
		hbase_stats_event(hbase_conn_server(scan->conn), HBASE_STAT_RESUME);
		wait_for_gateway(scan, st, "a reversed scan");
	}
	st->lost_since = 0;
	st->failures = 0;
	if (resp->status == 404)
		check_table(scan, resp, "a reversed scan");
	if (resp->status == 204 || resp->status == 404)
		return false;
	if (resp->status != 200)
		hbase_report_status(resp, scan->table, "a reversed scan");
	scan->table_known = true;
	set = parse_page(scan, resp, limit, 0);
	scan->nrows += set->nrows;
	if (set->nrows < limit)
		st->exhausted = true;
	if (trim && !trim_reverse_page(scan, st, set, upper, upperlen, r, limit))
		return fetch_reverse_page(scan, st);
	if (set->nrows > 0)
	{
		HBaseRow   *last = &set->rows[set->nrows - 1];

		/* the rows must come strictly below the bound: the filter says so */
		if (upper && hbase_cmp_keys(set->rows[0].key, set->rows[0].keylen, upper, upperlen) >= 0)
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
 * Can this range's first page be the gateway's stateless scan, one GET
 * instead of a scanner's POST, GET and DELETE?  For a LIMIT the planner
 * knows to be small, on a single stream, and for each range of a plan of
 * several (prefix scans per day, per bucket: mostly a page or less each),
 * before anything of the range was read; only without cell or fuzzy
 * filters (the stateless scan would not apply them: the page could hold
 * none of the wanted rows); and only when the range's bounds are valid
 * UTF-8, which the stateless scan takes exactly (it takes them as strings).
 * A range longer than the page goes on with a scanner after its last row.
 */
static bool
stateless_first_page(HBaseScan *scan, Stream *st)
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
	if (scan->plan && (scan->plan->filters || scan->plan->fuzzy || scan->plan->chance > 0))
		return false;
	if (scan->plan == NULL || scan->plan->kind != HBASE_OP_SCANS)
		return true;
	r = list_nth(scan->plan->ranges, st->range);
	return hbase_utf8_prefix(r->start, r->startlen) == r->startlen &&
		(r->stop == NULL || (r->stoplen > 0 && hbase_utf8_prefix(r->stop, r->stoplen) == r->stoplen));
}

/* the stateless scan of the stream's range (see stateless_first_page) */
static void
stateless_request(HBaseScan *scan, Stream *st, HBaseStatelessScan *req)
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
}

/*
 * A stateless first page's answer into the stream (into the current memory
 * context): a short page is the whole range; after a full one, a scanner
 * goes on right after its last row.  False when no row came.
 */
static bool
take_stateless_page(HBaseScan *scan, Stream *st, HBaseResponse *resp, int limit)
{
	HBaseCellSet *set;

	st->exhausted = false;		/* no scanner: what ends the range is range_done */
	/* the stateless scan of a missing table is a 500 (TableNotFoundException) */
	if (resp->status == 404 || resp->status == 500)
		check_table(scan, resp, resp->status == 404 ? "a scan's first page" :
					"checking that the table exists");
	if (resp->status == 204 || resp->status == 404)
	{
		st->range_done = true;
		return false;
	}
	if (resp->status != 200)
		hbase_report_status(resp, scan->table, "a scan's first page");
	scan->table_known = true;
	set = parse_page(scan, resp, limit, 0);
	scan->nrows += set->nrows;
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

/* the first page of a range by the stateless scan (see stateless_first_page) */
static bool
fetch_stateless_page(HBaseScan *scan, Stream *st)
{
	HBaseStatelessScan req;
	HBaseResponse *resp;

	stateless_request(scan, st, &req);
	resp = hbase_rest_stateless_scan(scan->conn, scan->table, &req, 0);
	scan->nrequests++;
	return take_stateless_page(scan, st, resp, req.limit);
}

/* the next page of the whole operation; false at its end */
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
		got = fetch_keys(scan, st);
	else if (scan->order == HBASE_ORDER_REVERSE)
	{
		while (st->range <= st->lastrange)
		{
			if (fetch_reverse_page(scan, st))
			{
				got = true;
				break;
			}
			st->range++;
			forget_resume(st);
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
			else if (stateless_first_page(scan, st))
				ok = fetch_stateless_page(scan, st);
			else
				ok = fetch_scanner_page(scan, st);
			if (ok)
			{
				got = true;
				break;
			}
			/* this range is done: the next one, or the next one claimed */
			close_scanner(scan, st);
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
			forget_resume(st);
			if (st->held)
			{
				/* the range's last row was held back */
				st->page = palloc0(sizeof(HBaseCellSet));
				st->page->rows = copy_row(st->held);
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
			close_scanner(scan, st);
			return NULL;
		}
	}
	return &st->page->rows[st->next];
}

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
	close_scanner(scan, st);
	st->range++;
	st->range_done = false;
	st->exhausted = false;
	forget_resume(st);
	st->pagesize = scan->firstpage;
}

/*
 * Fetch the next page of every stream that needs one, up to concurrency
 * requests at a time (curl multi): a scanner's next page, or a range's
 * first page by the stateless scan.  What goes wrong here (a lost scanner,
 * a stateless page without an answer, the end of a range) is left to the
 * one-stream path, which knows it.
 */
static void
prefetch(HBaseScan *scan)
{
	Stream	   *want[HBASE_MAX_CONCURRENCY];
	char	   *scanners[HBASE_MAX_CONCURRENCY];
	int			rows[HBASE_MAX_CONCURRENCY];
	HBaseStatelessScan stateless[HBASE_MAX_CONCURRENCY];
	HBaseResponse *resp[HBASE_MAX_CONCURRENCY];
	int			n = 0,
				i;

	if (scan->table->concurrency <= 1 || scan->nstreams < 2 ||
		(scan->plan && (scan->plan->kind == HBASE_OP_GET || scan->plan->kind == HBASE_OP_MULTIGET)))
		return;
	for (i = 0; i < scan->nstreams; i++)
	{
		Stream	   *st = &scan->streams[i];

		next_range_early(scan, st);
		if (!needs_page(st) || st->range_done)
			continue;
		if (st->scanner_path == NULL)
		{
			if (st->range > st->lastrange)
				continue;
			if (stateless_first_page(scan, st))
				stateless_request(scan, st, &stateless[n]);
			else
				open_scanner(scan, st);
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
		scanners[i] = want[i]->scanner_path;
		rows[i] = want[i]->pagesize;
	}
	hbase_rest_pages_many(scan->conn, scan->table, scanners, rows, stateless, n, resp);
	scan->nrequests += n;
	/* a page that came proves the table is there: an empty range's 404 need not ask */
	for (i = 0; i < n; i++)
		if (resp[i]->status == 200)
			scan->table_known = true;
	for (i = 0; i < n; i++)
	{
		Stream	   *st = want[i];
		MemoryContext old;

		MemoryContextReset(st->pagecxt);
		st->page = NULL;
		st->next = 0;
		old = MemoryContextSwitchTo(st->pagecxt);
		if (scanners[i] == NULL)
		{
			/* no answer or a failure: the one-stream path asks again and reports */
			if (resp[i]->status == 200 || resp[i]->status == 204 || resp[i]->status == 404)
				(void) take_stateless_page(scan, st, resp[i], stateless[i].limit);
		}
		else if (!take_page(scan, st, resp[i]))
			st->exhausted = true;	/* the one-stream path ends the range */
		MemoryContextSwitchTo(old);
	}
}

HBaseRow *
hbase_scan_next(HBaseScan *scan)
{
	Stream	   *best = NULL;
	HBaseRow   *bestrow = NULL;
	int			i;

	if (scan->streams == NULL)
		setup_streams(scan);
	if (scan->nstreams == 1 && split_due(scan, &scan->streams[0]))
	{
		Stream	   *st = &scan->streams[0];

		if ((st->page == NULL || st->next >= st->page->nrows) && st->scanner_path &&
			!st->exhausted && !st->held && st->lastkey && !st->ahead_started)
			split_running_scan(scan);
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

		if (row && (bestrow == NULL || suffix_cmp(scan, row, bestrow) < 0))
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

static void
reset_stream(HBaseScan *scan, Stream *st)
{
	close_scanner(scan, st);
	forget_resume(st);
	MemoryContextDelete(st->pagecxt);
	MemoryContextDelete(st->holdcxt);
}

void
hbase_scan_rescan(HBaseScan *scan)
{
	int			i;

	for (i = 0; i < scan->nstreams; i++)
		reset_stream(scan, &scan->streams[i]);
	scan->streams = NULL;
	scan->nstreams = 0;
	scan->nextkey = 0;
}

void
hbase_scan_end(HBaseScan *scan)
{
	int			i;

	for (i = 0; i < scan->nstreams; i++)
		close_scanner(scan, &scan->streams[i]);
}

/* why a scan due to be split at region boundaries was not, or NULL */
const char *
hbase_scan_region_note(HBaseScan *scan)
{
	return scan->region_note;
}

/* the scans a plan was split into at region boundaries, 0 if it was not */
int
hbase_scan_region_scans(HBaseScan *scan)
{
	return scan->region_scans;
}

void
hbase_scan_stats(HBaseScan *scan, long *requests, long *rows, long *resumes)
{
	*requests = scan->nrequests;
	*rows = scan->nrows;
	*resumes = scan->nresumes;
}

/* ---------------- cells into tuples ---------------- */

static HBaseCell *
find_cell(HBaseRow *row, HBaseColumn *col)
{
	int			len = col->speclen;
	int			i;

	for (i = 0; i < row->ncells; i++)
		if (row->cells[i].collen == len && memcmp(row->cells[i].column, col->colspec, len) == 0)
			return &row->cells[i];
	return NULL;
}

/* is this cell one of a column the table maps (a cell, or one of a whole family)? */
static bool
mapped_cell(HBaseTable *table, HBaseCell *c)
{
	int			i;

	for (i = 0; i < table->natts; i++)
	{
		HBaseColumn *col = &table->columns[i];
		int			len;

		if (!maps_cell(col))
			continue;
		len = col->speclen;
		if (col->kind == HBASE_COL_CELL && c->collen == len &&
			memcmp(c->column, col->colspec, len) == 0)
			return true;
		if (col->kind == HBASE_COL_FAMILY && c->collen > len && c->column[len] == ':' &&
			memcmp(c->column, col->colspec, len) == 0)
			return true;
	}
	return false;
}

/* does the table map any cell or family? */
static bool
maps_cells(HBaseTable *table)
{
	int			i;

	for (i = 0; i < table->natts; i++)
		if (maps_cell(&table->columns[i]))
			return true;
	return false;
}

static int
ts_desc(const void *a, const void *b)
{
	int64		x = *(const int64 *) a;
	int64		y = *(const int64 *) b;

	return x > y ? -1 : x < y;
}

/*
 * A table that maps versions (option versions): the timestamps of a row's
 * versions, newest first: every distinct timestamp of the cells of mapped
 * columns (others are not looked at, whatever came).  palloc'd; the count.
 */
int
hbase_row_versions(HBaseTable *table, HBaseRow *row, int64 **ts)
{
	int64	   *out = palloc(sizeof(int64) * Max(row->ncells, 1));
	int			n = 0,
				i,
				k;

	for (i = 0; i < row->ncells; i++)
		if (mapped_cell(table, &row->cells[i]))
			out[n++] = row->cells[i].timestamp;
	qsort(out, n, sizeof(int64), ts_desc);
	for (i = 0, k = 0; i < n; i++)
		if (k == 0 || out[k - 1] != out[i])
			out[k++] = out[i];
	*ts = out;
	return k;
}

/* the version of a row at one timestamp: its mapped cells of that timestamp */
void
hbase_row_version(HBaseTable *table, HBaseRow *row, int64 ts, HBaseRow *out)
{
	int			i;

	out->key = row->key;
	out->keylen = row->keylen;
	out->cells = palloc(sizeof(HBaseCell) * Max(row->ncells, 1));
	out->ncells = 0;
	for (i = 0; i < row->ncells; i++)
		if (row->cells[i].timestamp == ts && mapped_cell(table, &row->cells[i]))
			out->cells[out->ncells++] = row->cells[i];
}

/*
 * A row's values for the attributes in attrs (the others stay NULL): key
 * parts decoded from the key when decode_key, cells converted by their
 * column's encoding, a missing cell NULL.  values/isnull are indexed by
 * attnum - 1 over all of the table's columns.
 */
void
hbase_row_to_values(HBaseTable *table, HBaseColumnIO *io, bool decode_key, List *attrs,
					HBaseRow *row, Datum *values, bool *isnull)
{
	ListCell   *lc;

	memset(isnull, true, sizeof(bool) * table->natts);
	if (decode_key)
		hbase_decode_key(table, io, row->key, row->keylen, attrs, values, isnull);
	foreach(lc, attrs)
	{
		int			attnum = lfirst_int(lc);
		HBaseColumn *col = &table->columns[attnum - 1];
		const char *value;
		int			len;

		if (col->kind == HBASE_COL_KEYPART)
			continue;			/* decoded above */
		if (col->kind == HBASE_COL_FAMILY)
		{
			isnull[attnum - 1] = !hbase_family_to_jsonb(table, col, row, &values[attnum - 1]);
			continue;
		}
		if (col->kind == HBASE_COL_TIMESTAMP)
		{
			/*
			 * The newest timestamp of the row's mapped cells (of all its
			 * cells when the table maps none): a scan brings those, a Get
			 * or a stateless page every cell, a scanner also the row's
			 * first cell; the value must not depend on which came.
			 */
			int64		newest = 0;
			bool		found = false;
			bool		any = maps_cells(table);
			int			c;

			for (c = 0; c < row->ncells; c++)
				if (!any || mapped_cell(table, &row->cells[c]))
				{
					newest = Max(newest, row->cells[c].timestamp);
					found = true;
				}
			if (found)
			{
				values[attnum - 1] = hbase_timestamp_to_datum(col, newest);
				isnull[attnum - 1] = false;
			}
			continue;
		}
		if (col->kind == HBASE_COL_ROWKEY)
		{
			value = row->key;
			len = row->keylen;
		}
		else
		{
			HBaseCell  *cell = find_cell(row, col);

			if (cell == NULL)
				continue;		/* a missing cell is NULL */
			value = cell->value;
			len = cell->vallen;
			if (col->element > 0)
			{
				int			r = hbase_phoenix_element(cell->value, cell->vallen, col->element,
													  &value, &len);

				if (r < 0)
					ereport(ERROR,
							(errcode(ERRCODE_FDW_INVALID_DATA_TYPE),
							 errmsg("cell of column \"%s\" of foreign table %s is no Phoenix SINGLE_CELL_ARRAY_WITH_OFFSETS cell",
									col->attname, table->relname),
							 errdetail("Rowkey \"%s\", %d bytes; Phoenix's serialization version 3 is read.",
									   hbase_printable_key(row->key, row->keylen), cell->vallen)));
				if (r == 0)
					continue;	/* a null element */
			}
			/* zero bytes are Phoenix's NULL, of every type */
			if (len == 0 && col->encoding == HBASE_ENC_PHOENIX)
				continue;
		}
		values[attnum - 1] = hbase_cell_to_datum(table, col, &io[attnum - 1], value, len,
												 row->key, row->keylen);
		isnull[attnum - 1] = false;
	}
}
