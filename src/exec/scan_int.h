/*
 * scan_int.h: what the files of a scan's execution share (private to
 * scan.c, scan_pages.c and scan_regions.c).
 *
 * A scan (HBaseScan) reads its key plan through one or more streams; a
 * stream reads its ranges one after the other, a page at a time.  scan.c
 * owns the streams (how many, over which ranges), their merge and the
 * reads ahead; scan_pages.c the pages a stream reads (scanner pages,
 * stateless and reversed pages, batches of keys) and their resumption;
 * scan_regions.c the split of a scan at region boundaries and the pieces
 * a parallel scan shares.
 */
#ifndef HBASE_SCAN_INT_H
#define HBASE_SCAN_INT_H

#include "utils/timestamp.h"

#include "exec_int.h"

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
	int			skip;			/* a merged stream: the bytes of its keys
								 * before what the merge orders (the salt, or
								 * its range's prefixlen) */
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
	 * after the salt (ORDER BY on a salted table) or after each range's own
	 * prefix (a Phoenix local index's regions); else one stream walks the
	 * ranges in turn.
	 */
	HBaseRowOrder order;		/* the order the rows must come in */
	int			salt_bytes;		/* HBASE_ORDER_KEY: salt bytes to skip when
								 * merging the buckets' streams, or 0 */
	bool		range_prefixes; /* merged on the key after each range's own
								 * prefixlen (hbase_scan_set_prefixed_plan) */
	int			nstreams;
	Stream	   *streams;
	long		nrequests;
	long		nrows;
	int64		nbytes;			/* the answers' bytes, as on the wire */
	bytea	   *keys_filter;	/* the value filters of multigets (keys_filter) */
	bool		keys_filter_made;
	long		nresumes;
	const char *fallback;		/* what the gateway's version made us do instead */
	const char *url_note;		/* what a URL's length made us do instead */
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

/* scan.c */
extern void hbase_scan_setup_streams(HBaseScan *scan);
extern void hbase_scan_reset_stream(HBaseScan *scan, Stream *st);
extern void hbase_stream_read_ahead(HBaseScan *scan, Stream *st);

/* an answer's bytes into the scan's count (EXPLAIN ANALYZE) */
static inline void
hbase_scan_count_bytes(HBaseScan *scan, const HBaseResult *res)
{
	if (res->resp)
		scan->nbytes += (int64) res->resp->wire_len;
	scan->nbytes += res->more_bytes;
}

/* scan_pages.c */
extern void hbase_stream_open_scanner(HBaseScan *scan, Stream *st);
extern void hbase_stream_close_scanner(HBaseScan *scan, Stream *st);
extern void hbase_stream_forget_resume(Stream *st);
extern bool hbase_stream_keys(HBaseScan *scan, Stream *st);
extern bool hbase_stream_scanner_page(HBaseScan *scan, Stream *st);
extern bool hbase_stream_take_page(HBaseScan *scan, Stream *st, HBaseResult *res);
extern bool hbase_stream_reverse_page(HBaseScan *scan, Stream *st);
extern bool hbase_stream_reverse_request(HBaseScan *scan, Stream *st, HBaseStatelessScan *req);
extern bool hbase_stream_take_reverse(HBaseScan *scan, Stream *st, HBaseResult *res,
									  const HBaseStatelessScan *req);
extern bool hbase_stream_stateless_first(HBaseScan *scan, Stream *st);
extern void hbase_stream_stateless_request(HBaseScan *scan, Stream *st,
										   HBaseStatelessScan *req);
extern bool hbase_stream_stateless_page(HBaseScan *scan, Stream *st);
extern bool hbase_stream_take_stateless(HBaseScan *scan, Stream *st, HBaseResult *res,
										int limit);

/* scan_regions.c */
extern bool hbase_scan_by_region(HBaseScan *scan, HBaseKeyPlan *plan);
extern HBaseKeyPlan *hbase_scan_split_by_region(HBaseScan *scan, HBaseKeyPlan *plan);
extern bool hbase_scan_split_due(HBaseScan *scan, Stream *st);
extern void hbase_scan_split_running(HBaseScan *scan);

#endif
