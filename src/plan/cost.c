/*
 * cost.c: the one cost model of every way hbase_fdw reads HBase.
 *
 * A read costs what it sends and what comes back: its requests (each a
 * round trip to a gateway, fdw_startup_cost), the rows received
 * (fdw_tuple_cost, plus cpu_tuple_cost to decode and check each) and their
 * bytes (a kB costs as much as a row).  Every path says how it reads in
 * those terms and asks here for its cost: the plain scan of the operation
 * the quals lead to (a full scan, bounded scans, Gets, multigets), the
 * parameterized scans of a nested loop, the batched joins' multigets and
 * grouped prefix scans (exec/join.c), and index paths.  The row count
 * behind the estimates (ANALYZE's, a full scan's count, estimated_rows)
 * goes through the same formulas, so knowing it better changes the
 * estimate, never the rules: a plan that sends fewer requests and receives
 * fewer rows costs less in every session.  docs/statistics.md gives the
 * formula.
 *
 * Requests of a range, as scan_pages.c reads it: a scanner (a POST to
 * create it, its pages, a DELETE at the end), its pages growing from the
 * first one's HBASE_FIRST_PAGE rows by 4x to the table's fetch_size, the
 * last page the first one that comes short; or, for each range of several,
 * a stateless first page (one GET), which is all of it when the range
 * fits, else a scanner goes on after it.
 *
 * Requests sent alongside others (the ranges of several bounded scans,
 * salt buckets, a batched join's groups: the table's `concurrency` at a
 * time) count HBASE_COST_CONCURRENT of one each: their round trips
 * overlap.  So at an equal count of requests a batched join, which sends a
 * batch's at once, costs less than a nested loop, which waits for each
 * outer row's in turn.
 */
#include "postgres.h"

#include <math.h>

#include "optimizer/optimizer.h"

#include "plan_int.h"
#include "rowkey.h"

/* the bytes a row brings besides its values: key, column names, stamps, framing */
#define HBASE_COST_ROW_OVERHEAD	48
/* bytes received that cost as much as a row */
#define HBASE_COST_BYTES_PER_ROW	1024.0
/* a request sent alongside others, against one sent alone */
#define HBASE_COST_CONCURRENT	0.9

/*
 * The pages a scanner or stateless page reads to take rows rows: the first
 * ones grow 4x from HBASE_FIRST_PAGE up to fetch_size, then fetch_size each;
 * the last is the first page that comes short (it may be empty).
 */
static double
range_pages(const HBaseTable *t, double rows, double firstpage)
{
	double		fetch = Max(t->fetch_size, 1);
	double		size = Max(Min(firstpage, fetch), 1);
	double		pages = 0;
	double		left = Max(rows, 0);

	while (left >= size && size < fetch)
	{
		left -= size;
		pages++;
		size = Min(size * 4, fetch);
	}
	return pages + floor(left / size) + 1;
}

/*
 * The requests that read one key range of rows rows: a stateless first
 * page alone when it holds the range, else a scanner's POST, pages and
 * DELETE (after a stateless first page, the scanner reads the rest: the
 * same count).
 */
static double
hbase_cost_range_requests(const HBaseTable *t, double rows, bool stateless)
{
	double		pages = range_pages(t, rows, HBASE_FIRST_PAGE);

	if (stateless && pages <= 1)
		return 1;
	return pages + 2;
}

/*
 * The cost of what a read sends and receives (c->requests, c->rows,
 * c->width): startup is the first request, total every request, every row
 * received and its bytes.  The single formula every path's cost comes
 * from.
 */
static void
hbase_cost_finish(const HBaseTable *t, HBaseCost *c)
{
	c->bytes = c->rows * (Max(c->width, 0) + HBASE_COST_ROW_OVERHEAD);
	c->startup = c->requests > 0 ? t->request_cost * Min(c->requests, c->first_requests) : 0;
	c->total = t->request_cost * (c->requests - c->concurrent * (1 - HBASE_COST_CONCURRENT)) +
		c->rows * (t->row_cost + cpu_tuple_cost) +
		t->row_cost * c->bytes / HBASE_COST_BYTES_PER_ROW;
}

/*
 * The salt buckets a full scan of the table reads one range each (a
 * Phoenix writer's extra bucket included), or 1.
 */
static double
hbase_cost_full_ranges(const HBaseTable *t)
{
	rk_part_info first;

	if (t->layout == NULL || !t->pushdown)
		return 1;
	hbase_rk_part(t->layout, 0, &first);
	if (first.kind != RK_PART_SALT || first.salt_buckets <= 0)
		return 1;
	return first.salt_buckets + (first.salt_extra != 0 ? 1 : 0);
}

/*
 * What an operation of this shape sends and receives, and its cost: kind
 * and nkeys as the key plan gives them (keys of Gets and multigets, ranges
 * of bounded scans), rows the rows its keys or ranges hold (received, before
 * the local quals), width the bytes of a row's values.
 *   Get: 1 request.  Multiget: one per 100 keys, its keys' rows at most.
 *   Bounded scans: each range holds rows / nkeys rows and is read as
 *   hbase_cost_range_requests says (stateless first pages when there are
 *   several).  Full scan: the table's rows, one range per salt bucket.
 */
void
hbase_cost_operation(const HBaseTable *t, HBaseOpKind kind, double nkeys, double rows,
					 double width, HBaseCost *c)
{
	double		ranges;

	memset(c, 0, sizeof(HBaseCost));
	c->width = width;
	switch (kind)
	{
		case HBASE_OP_EMPTY:
			break;
		case HBASE_OP_GET:
			c->requests = 1;
			c->first_requests = 1;
			c->rows = Min(Max(rows, 0), 1);
			break;
		case HBASE_OP_MULTIGET:
			c->requests = ceil(Max(nkeys, 1) / HBASE_COST_MULTIGET_KEYS);
			c->first_requests = 1;
			if (c->requests > 1 && t->concurrency > 1)
				c->concurrent = c->requests;
			c->rows = Min(Max(rows, 0), Max(nkeys, 1));
			break;
		case HBASE_OP_SCANS:
		case HBASE_OP_FUZZY:
		case HBASE_OP_FULL:
			ranges = kind == HBASE_OP_SCANS ? Max(nkeys, 1) :
				kind == HBASE_OP_FULL ? hbase_cost_full_ranges(t) : 1;
			c->rows = Max(rows, 0);
			c->requests = ranges * hbase_cost_range_requests(t, c->rows / ranges, ranges > 1);
			c->first_requests = ranges > 1 ? 1 : 2;
			if (ranges > 1 && t->concurrency > 1)
				c->concurrent = c->requests;
			break;
	}
	hbase_cost_finish(t, c);
}

/*
 * Listings of a table's regions (GET /table/regions: one request, no rows),
 * which a read through a Phoenix local index asks (exec/index_scan.c): one
 * before its first read, one after each read (a scan's: 2; a batched
 * join's: one per batch, and one).  startup: the first.
 */
void
hbase_cost_region_listings(const HBaseTable *t, double listings, HBaseCost *c)
{
	memset(c, 0, sizeof(HBaseCost));
	c->requests = Max(listings, 0);
	c->first_requests = c->requests > 0 ? 1 : 0;
	hbase_cost_finish(t, c);
}

/*
 * The ranges of a batch of a batched join's prefix scans (exec/join.c's
 * group_ranges): grouped into at most groups scanners, each reading its
 * ranges by a MultiRowRangeFilter, or read one by one when there are
 * fewer than min_group of them (a stateless page or a scanner each).
 * rows: the rows the batch's ranges hold.
 */
void
hbase_cost_grouped_ranges(const HBaseTable *t, double ranges, double groups, int min_group,
						  double rows, double width, HBaseCost *c)
{
	double		one_by_one;
	double		grouped;
	double		n = Max(Min(ranges, groups), 1);

	memset(c, 0, sizeof(HBaseCost));
	c->width = width;
	c->rows = Max(rows, 0);
	ranges = Max(ranges, 1);
	one_by_one = ranges * hbase_cost_range_requests(t, c->rows / ranges, true);
	grouped = n * hbase_cost_range_requests(t, c->rows / n, false);
	c->requests = ranges < min_group ? one_by_one : Min(one_by_one, grouped);
	c->first_requests = 2;
	if (ranges > 1 && t->concurrency > 1)
		c->concurrent = c->requests;
	hbase_cost_finish(t, c);
}
