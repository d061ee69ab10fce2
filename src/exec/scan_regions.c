/*
 * scan_regions.c: a scan cut at region boundaries, and the pieces a
 * parallel scan shares.
 *
 * A long scan that keeps no order is split into one range per region (at
 * most HBASE_MAX_REGION_PIECES) read in parallel, each scanner on one
 * region server; a parallel scan's leader cuts the plan so once and its
 * processes claim the pieces in turn (the pieces travel through the DSM as
 * bytes: hbase_pieces_write/read).  A region listing is only a hint, used
 * when it partitions the key space exactly (region_partition).
 */
#include "postgres.h"

#include "utils/memutils.h"

#include "scan_int.h"

/* full pages a lone scan reads before it is split at region boundaries */
#define HBASE_SPLIT_AFTER	2
/* most region pieces a scan is cut into (neighbouring regions merged beyond) */
#define HBASE_MAX_REGION_PIECES	64

/*
 * Scans split at region boundaries?  Only where no order is to be kept
 * (the pieces run in parallel, concurrency streams at a time), when the
 * planner expects more than a small LIMIT, and for scans (not Gets).  The
 * split waits until the scan has read HBASE_SPLIT_AFTER full pages: a
 * small table costs no request for its regions and keeps its key order.
 */
bool
hbase_scan_by_region(HBaseScan *scan, HBaseKeyPlan *plan)
{
	return plan != NULL && scan->order == HBASE_ORDER_ANY && scan->table->concurrency > 1 &&
		!scan->small_limit && scan->claim == NULL &&
		(plan->kind == HBASE_OP_FULL || plan->kind == HBASE_OP_FUZZY ||
		 plan->kind == HBASE_OP_SCANS);
}

/* key bytes a and b; alen 0 with a_low: the table's start; a NULL: its end */
static int
bound_cmp(const char *a, int alen, const char *b, int blen)
{
	int			c = memcmp(a, b, Min(alen, blen));

	return c != 0 ? c : (alen > blen) - (alen < blen);
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

/* the same key bytes */
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
 * its end without gap or overlap.  With merge, more than
 * HBASE_MAX_REGION_PIECES regions are merged with their neighbours into
 * that many groups: each piece costs a scanner's requests however few rows
 * it holds.
 */
static List *
region_partition(List *regions, const char **why, bool merge)
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
	if (prev == NULL || prev->stop != NULL)
	{
		*why = "no region reaches the table's end";
		return NIL;
	}
	n = list_length(out);
	if (merge && n > HBASE_MAX_REGION_PIECES)
	{
		List	   *merged = NIL;

		/* group g: regions [g * n / max, (g + 1) * n / max) */
		for (i = 0; i < HBASE_MAX_REGION_PIECES; i++)
		{
			HBaseKeyRange *first = list_nth(out, (int) ((int64) i * n / HBASE_MAX_REGION_PIECES));
			HBaseKeyRange *last = list_nth(out, (int) ((int64) (i + 1) * n / HBASE_MAX_REGION_PIECES) - 1);
			HBaseKeyRange *g = palloc0(sizeof(HBaseKeyRange));

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
	const char *error;
	List	   *listed;

	if (scan->regions_known)
		return scan->regions;
	old = MemoryContextSwitchTo(GetMemoryChunkContext(scan));
	listed = hbase_rest_regions(scan->conn, scan->table, &error);
	scan->nrequests++;
	if (error == NULL)
		scan->regions = region_partition(listed, &error, true);
	if (error != NULL)
		scan->region_note = psprintf("not split: %s", error);
	MemoryContextSwitchTo(old);
	scan->regions_known = true;
	return scan->regions;
}

/*
 * The scan is not cut at region boundaries (no listing asked): a Phoenix
 * local index's read makes its ranges region by region itself, from a
 * listing of its own (index_scan.c).
 */
void
hbase_scan_keep_ranges(HBaseScan *scan)
{
	scan->regions = NIL;
	scan->regions_known = true;
}

/*
 * The table's regions as they are now, each an HBaseKeyRange (start, stop;
 * NULL stop: the table's end), sorted, a partition of the key space, none
 * merged: a Phoenix local index's rows are keyed by their own region's
 * start key (index_scan.c).  NIL with *why when the gateway cannot say or
 * its listing is no partition.  One request, in the caller's context.
 */
List *
hbase_table_regions(HBaseConn *conn, HBaseTable *table, const char **why)
{
	List	   *listed = hbase_rest_regions(conn, table, why);

	if (*why != NULL)
		return NIL;
	return region_partition(listed, why, false);
}

/*
 * The plan with each of its ranges (the whole table for a full scan) cut at
 * the region boundaries: the pieces partition the ranges exactly, so rows
 * are neither lost nor repeated, and each scanner stays on one region.
 * Regions that split or move meanwhile only cost a scanner crossing a
 * boundary.  The plan itself (EXPLAIN shows it) is left as it is.
 */
HBaseKeyPlan *
hbase_scan_split_by_region(HBaseScan *scan, HBaseKeyPlan *plan)
{
	List	   *regions = table_regions(scan);
	List	   *ranges;
	List	   *pieces = NIL;
	HBaseKeyRange whole = {"", 0, NULL, 0, NIL, 0};
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

/* a lone stream about to be split at region boundaries (not read ahead then) */
bool
hbase_scan_split_due(HBaseScan *scan, Stream *st)
{
	return scan->nstreams == 1 && !scan->split_tried && st->full_pages >= HBASE_SPLIT_AFTER &&
		hbase_scan_by_region(scan, scan->plan);
}

/*
 * A lone stream that has read HBASE_SPLIT_AFTER full pages goes on as
 * region scans in parallel: what is left of its range (after the last row
 * returned) and of the ranges after it, cut at region boundaries.  Only at
 * a page boundary, with no row held back and nothing read ahead that would
 * be lost; the rows already returned are before every piece.
 */
void
hbase_scan_split_running(HBaseScan *scan)
{
	Stream	   *st = &scan->streams[0];
	HBaseKeyPlan *plan = scan->plan;
	HBaseKeyRange whole = {"", 0, NULL, 0, NIL, 0};
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
	split = hbase_scan_split_by_region(scan, left);
	if (split != left)
	{
		/* the streams live as long as the plan (until a rescan) */
		hbase_scan_reset_stream(scan, st);
		scan->plan = split;
		scan->streams = NULL;
		scan->nstreams = 0;
		hbase_scan_setup_streams(scan);
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
		c->parts = copy_ranges(r->parts);
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
	HBaseKeyRange *whole = palloc0(sizeof(HBaseKeyRange));
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
	split = hbase_scan_split_by_region(scan, &tmp);
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
	hbase_scan_setup_streams(scan);
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

/* the n pieces hbase_pieces_write wrote at src, in the current memory context */
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
