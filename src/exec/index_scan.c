/*
 * index_scan.c: a scan through a Phoenix index (option
 * phoenix_index_layouts): the index's ranges are read, each index row's key
 * gives its data row's key, and the data rows are read by multigets, in
 * batches, as the batched join reads its inner rows.  A local index's rows
 * are in the data table, each under its region's start key and the index's
 * id: its ranges are read in every region, listed at execution and again
 * after each window of rows, before they are decoded (local_read_again and
 * next_index_row say what a split does).  In the index's order (ORDER BY
 * ... LIMIT), each region's range is a stream of its own, the streams
 * merged on the index key after each region's prefix (scan.c's merge of a
 * salted table's buckets, with a prefix per range); a read in order whose
 * regions changed after it returned rows fails (40001) rather than return
 * them in a wrong order.
 *
 * Decides what makes the answer exactly Phoenix's.  Phoenix (5.1+,
 * IndexRegionObserver) writes a data row's new index row, marked
 * unverified, before the data row, and marks it verified after; an index
 * row may so be unverified or stale (its data row changed since, or was
 * never written), which Phoenix's readers repair from the data row
 * (GlobalIndexChecker).  Here no index row is trusted: every row found is
 * read again from the data table at the time of the query, a key whose data
 * row is gone gives nothing, and the caller keeps every condition as a
 * local filter, checked on the data row's values.  Since Phoenix writes the
 * index row of a data row's current values before that data row, every data
 * row that matches has an index row in the ranges read: nothing is missed.
 * Two index rows of one data row (a stale one and the current one) give
 * the data row once: the keys already read are remembered for the scan.
 * Nothing is written (Phoenix's read repair deletes or rewrites index
 * rows; this reader only reads).
 */
#include "postgres.h"

#include "common/hashfn.h"
#include "utils/datum.h"
#include "utils/hsearch.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"

#include "exec_int.h"

/*
 * a local index's ranges of one region read by one scan at most (the parts
 * of its MultiRowRangeFilter: a POST of ~150 kB, as exec/join.c's
 * JOIN_RANGES_PER_SCAN); more are read by several
 */
#define LOCAL_PARTS_PER_SCAN	1000

/* data keys per multiget batch: the first small (a LIMIT), then larger */
#define INDEX_FIRST_BATCH	100
#define INDEX_BATCH			1000

/*
 * A local index's rows confirmed per window (next_index_row): read, then
 * the regions listed again, before any of them is decoded.  The first
 * small (a LIMIT), then larger; a read shorter than a window lists the
 * regions no more often than before and after it.
 */
#define LOCAL_FIRST_WINDOW	100
#define LOCAL_WINDOW		1000

/* the data keys already read, by hash (a chain of keys per hash) */
typedef struct SeenKey
{
	uint32		hash;
	List	   *keys;			/* bytea * */
} SeenKey;

struct HBaseIndexScan
{
	HBaseTable *data;			/* the foreign table */
	HBaseReadIndex *index;
	bool		covered;		/* the index holds every column read: its
								 * verified rows are the answer */
	HBaseConn  *conn;
	List	   *retrieved_attrs;
	long		gets;			/* covered: Gets of unverified rows' data rows */
	long		get_requests;
	long		verified;		/* covered: index rows used as they are */
	HBaseScan  *iscan;			/* of the index table: its key columns */
	HBaseScan  *dscan;			/* of the data table: multigets of a batch */
	List	   *key_attrs;		/* the data key columns (attnums) */
	HBaseColumnIO *kio;			/* their input of the index table */
	HBaseColumnIO *iio;			/* covered: the retrieved columns' of the
								 * index */
	bool		idecode;
	List	   *ix_attrs;		/* the index key's columns that are not the
								 * data key's (attnums) */
	List	   *get_attrs;		/* what a data row's Get reads: the retrieved
								 * columns and those */
	bool		ordered;		/* uncovered, in the index's order: each data
								 * row by a Get, as an unverified row's */
	HBaseColumnIO *ixio;		/* ix_attrs' input of the index table */
	HBaseColumnIO *dxio;		/* and of the data table */
	bool		ixdecode;
	bool		dxdecode;
	Datum	   *dvalues;		/* a data row's, by attnum - 1 */
	bool	   *dnulls;
	long		stale;			/* covered: unverified rows whose data row
								 * holds other values (or none) */
	bool		decode_key;
	Datum	   *values;			/* by attnum - 1 */
	bool	   *nulls;
	MemoryContext batchcxt;		/* a batch's keys and plan, reset per batch */
	MemoryContext seencxt;		/* the keys read, for the scan */
	HTAB	   *seen;
	bool		index_done;		/* the index's ranges are read */
	bool		batch_open;		/* dscan reads a batch */
	int			batches;
	long		index_rows;		/* index rows read */
	long		duplicates;		/* index rows of a data row read already */
	/* a local index (ix->local_id): its rows in the data table's regions */
	HBaseKeyPlan *plan;			/* the index key's plan, as derived */
	HBaseKeyRange *regions;		/* the regions the ranges were made for,
								 * sorted by start key */
	int			nregions;
	bool		retried;		/* the read was made again after a split */
	long		listings;		/* region listings asked */
	long		retries;		/* reads made again after a split */
	long		region_reads;	/* regions' scans made (a read's regions, for
								 * each read) */
	MemoryContext regioncxt;	/* the plan made for the regions */
	MemoryContext listcxt;		/* the regions (a listing's context) */
	HBaseRow	lrow;			/* the row last read, its key stripped of the
								 * region's start key and local_id */
	char	   *zeros;			/* the first region's prefix (region_prefix) */
	int			zeroslen;
	List	   *window;			/* rows read, not yet returned (copies, in
								 * windowcxt), confirmed by a listing */
	int			windowpos;		/* the next of them to return */
	bool		window_end;		/* the window holds the read's last row */
	int			windows;		/* windows read in this read */
	MemoryContext windowcxt;
	HBaseRowOrder order;		/* the read's: a local index's regions merged
								 * in the index key's order (or reversed) */
	long		returned;		/* rows returned by this read */
	int			first_batch;	/* index rows in the first page, data keys in
								 * the first multiget: a LIMIT's, or
								 * INDEX_FIRST_BATCH */
};

/*
 * A scan through index ix of table data, returning the columns
 * retrieved_attrs of the data rows.  The index's first page (of each
 * region's range of a local index, of each bucket's of a salted one) and
 * the first multiget of data keys are of firstpage rows when that is below
 * INDEX_FIRST_BATCH (the planner's LIMIT: a LIMIT 5 in the index's order
 * asks each range for 5 rows), else of INDEX_FIRST_BATCH.  The index's own
 * key plan comes with hbase_index_scan_set_plan.
 */
HBaseIndexScan *
hbase_index_scan_begin(HBaseTable *data, HBaseReadIndex *ix, HBaseConn *conn,
					   List *retrieved_attrs, bool covered, int firstpage)
{
	HBaseIndexScan *s = palloc0(sizeof(HBaseIndexScan));
	int			i;

	s->data = data;
	s->index = ix;
	s->covered = covered;
	s->conn = conn;
	s->retrieved_attrs = retrieved_attrs;
	s->first_batch = Max(1, Min(firstpage, INDEX_FIRST_BATCH));
	for (i = 0; i < data->natts; i++)
		if (!data->columns[i].dropped && data->columns[i].kind == HBASE_COL_KEYPART)
			s->key_attrs = lappend_int(s->key_attrs, i + 1);
	s->kio = hbase_attrs_io_init(ix->table, s->key_attrs, &s->decode_key);
	if (covered)
		s->iio = hbase_attrs_io_init(ix->table, retrieved_attrs, &s->idecode);
	s->get_attrs = list_copy(retrieved_attrs);
	for (i = 0; i < ix->table->natts; i++)
		if (!ix->table->columns[i].dropped &&
			ix->table->columns[i].kind == HBASE_COL_KEYPART &&
			data->columns[i].kind != HBASE_COL_KEYPART)
		{
			s->ix_attrs = lappend_int(s->ix_attrs, i + 1);
			s->get_attrs = list_append_unique_int(s->get_attrs, i + 1);
		}
	s->ixio = hbase_attrs_io_init(ix->table, s->ix_attrs, &s->ixdecode);
	s->dxio = hbase_attrs_io_init(data, s->ix_attrs, &s->dxdecode);
	s->values = palloc0(sizeof(Datum) * Max(data->natts, 1));
	s->nulls = palloc0(sizeof(bool) * Max(data->natts, 1));
	s->dvalues = palloc0(sizeof(Datum) * Max(data->natts, 1));
	s->dnulls = palloc0(sizeof(bool) * Max(data->natts, 1));
	s->iscan = hbase_scan_begin(ix->table, conn, covered ? retrieved_attrs : s->key_attrs,
								s->first_batch);
	s->dscan = hbase_scan_begin(data, conn, retrieved_attrs, INDEX_FIRST_BATCH);
	s->batchcxt = AllocSetContextCreate(CurrentMemoryContext, "hbase_fdw index batch",
										ALLOCSET_DEFAULT_SIZES);
	s->seencxt = AllocSetContextCreate(CurrentMemoryContext, "hbase_fdw index keys",
									   ALLOCSET_DEFAULT_SIZES);
	if (ix->local_id != NULL)
	{
		s->regioncxt = AllocSetContextCreate(CurrentMemoryContext, "hbase_fdw index regions",
											 ALLOCSET_DEFAULT_SIZES);
		s->windowcxt = AllocSetContextCreate(CurrentMemoryContext, "hbase_fdw index window",
											 ALLOCSET_DEFAULT_SIZES);
		/* its ranges are the regions' already */
		hbase_scan_keep_ranges(s->iscan);
	}
	return s;
}

/* ---------- a local index: its rows region by region ---------- */

/* key bytes a and b compared as HBase does (unsigned, a prefix first) */
static int
key_cmp(const char *a, int alen, const char *b, int blen)
{
	int			c = memcmp(a, b, Min(alen, blen));

	return c != 0 ? c : (alen > blen) - (alen < blen);
}

/*
 * The start of a region's local index rows' keys, Phoenix's
 * IndexMaintainer.buildRowKey: the region's start key, or in the first
 * region (start key empty) as many zero bytes as its end key is long (none
 * when it is the only region); *len its length.  The zeros are the
 * listing's (list_regions makes them as long as the first region's end).
 */
static const char *
region_prefix(HBaseIndexScan *s, const HBaseKeyRange *r, int *len)
{
	if (r->startlen > 0)
	{
		*len = r->startlen;
		return r->start;
	}
	*len = r->stop ? r->stoplen : 0;
	return *len > 0 ? s->zeros : "";
}

/* one range of index key bytes (no prefix); stop NULL: to the index's end */
typedef struct Piece
{
	const char *start;
	int			startlen;
	const char *stop;
	int			stoplen;
} Piece;

static int
piece_cmp(const ListCell *a, const ListCell *b)
{
	const Piece *x = lfirst(a);
	const Piece *y = lfirst(b);

	return key_cmp(x->start, x->startlen, y->start, y->startlen);
}

static Piece *
new_piece(const char *start, int startlen, const char *stop, int stoplen)
{
	Piece	   *p = palloc(sizeof(Piece));

	p->start = start;
	p->startlen = startlen;
	p->stop = stop;
	p->stoplen = stoplen;
	return p;
}

/*
 * The index key ranges a plan of the index's key reads, sorted by start:
 * its ranges (or their parts), a key of a Get or multiget as the range of
 * that key alone, the whole index for a full scan; a fuzzy scan reads the
 * whole index too (every condition is checked on the rows anyway).
 */
static List *
plan_pieces(HBaseKeyPlan *plan)
{
	List	   *out = NIL;
	ListCell   *lc;

	switch (plan->kind)
	{
		case HBASE_OP_EMPTY:
			return NIL;
		case HBASE_OP_FULL:
		case HBASE_OP_FUZZY:
			return list_make1(new_piece("", 0, NULL, 0));
		case HBASE_OP_GET:
		case HBASE_OP_MULTIGET:
			foreach(lc, plan->keys)
			{
				bytea	   *k = lfirst(lc);
				int			len = VARSIZE_ANY_EXHDR(k);
				char	   *stop = palloc(len + 1);

				memcpy(stop, VARDATA_ANY(k), len);
				stop[len] = '\0';	/* the next key after k */
				out = lappend(out, new_piece(VARDATA_ANY(k), len, stop, len + 1));
			}
			break;
		case HBASE_OP_SCANS:
			foreach(lc, plan->ranges)
			{
				HBaseKeyRange *r = lfirst(lc);
				ListCell   *pc;

				if (r->parts == NIL)
					out = lappend(out, new_piece(r->start, r->startlen, r->stop, r->stoplen));
				foreach(pc, r->parts)
				{
					HBaseKeyRange *p = lfirst(pc);

					out = lappend(out, new_piece(p->start, p->startlen, p->stop, p->stoplen));
				}
			}
			break;
	}
	list_sort(out, piece_cmp);
	return out;
}

/* prefix + id + key bytes */
static char *
prefixed(const char *prefix, int plen, const char *id, int idlen, const char *key, int klen,
		 int *len)
{
	char	   *out = palloc(plen + idlen + klen + 1);

	memcpy(out, prefix, plen);
	memcpy(out + plen, id, idlen);
	memcpy(out + plen + idlen, key, klen);
	*len = plen + idlen + klen;
	return out;
}

/*
 * The plan that reads the index's pieces in every region: in each, the
 * pieces under the region's prefix and local_id (a piece to the index's
 * end stops where local_id's successor would start), cut at the region's
 * end, as one range of the region whose parts (a MultiRowRangeFilter) are
 * the pieces, sorted and disjoint (one range per LOCAL_PARTS_PER_SCAN
 * pieces where there are more: a batched join's batch of thousands of
 * values).  Rows of a region come only from its own ranges: a key there
 * is the region's start key, local_id, an index key.  Each range's
 * prefixlen is its region's prefix and local_id, what a read in the
 * index's order (s->order) merges the ranges after; read backwards, a
 * region's pieces are ranges of their own (a reversed page has no
 * MultiRowRangeFilter), all under the region's prefix.
 */
static HBaseKeyPlan *
region_plan(HBaseIndexScan *s, List *pieces)
{
	HBaseReadIndex *ix = s->index;
	HBaseKeyPlan *kp = palloc0(sizeof(HBaseKeyPlan));
	char	   *idnext = palloc(ix->local_idlen);
	int			idnextlen = ix->local_idlen;
	int			i;

	/* the id's successor, the end of the index's rows (none: all \xff) */
	memcpy(idnext, ix->local_id, idnextlen);
	while (idnextlen > 0 && (unsigned char) idnext[idnextlen - 1] == 0xff)
		idnextlen--;
	if (idnextlen > 0)
		idnext[idnextlen - 1]++;
	*kp = *s->plan;
	kp->kind = HBASE_OP_SCANS;
	kp->keys = NIL;
	kp->fuzzy = NIL;
	kp->ranges = NIL;
	kp->buckets = 0;
	kp->order = s->order;
	kp->salt_bytes = 0;
	kp->split_buckets = false;
	kp->whole_table = false;
	for (i = 0; i < s->nregions; i++)
	{
		HBaseKeyRange *g = &s->regions[i];
		int			plen;
		const char *prefix = region_prefix(s, g, &plen);
		List	   *parts = NIL;
		ListCell   *lc;

		foreach(lc, pieces)
		{
			Piece	   *p = lfirst(lc);
			HBaseKeyRange *r = palloc0(sizeof(HBaseKeyRange));
			HBaseKeyRange *last = parts ? llast(parts) : NULL;

			r->start = prefixed(prefix, plen, ix->local_id, ix->local_idlen, p->start,
								p->startlen, &r->startlen);
			if (p->stop)
				r->stop = prefixed(prefix, plen, ix->local_id, ix->local_idlen, p->stop,
								   p->stoplen, &r->stoplen);
			else if (idnextlen > 0)
				r->stop = prefixed(prefix, plen, idnext, idnextlen, "", 0, &r->stoplen);
			/* within the region: cut at its end */
			if (g->stop && (r->stop == NULL ||
							key_cmp(r->stop, r->stoplen, g->stop, g->stoplen) > 0))
			{
				r->stop = g->stop;
				r->stoplen = g->stoplen;
			}
			if (r->stop && key_cmp(r->start, r->startlen, r->stop, r->stoplen) >= 0)
				continue;
			/* overlapping the one before (pieces come by start): one range */
			if (last && (last->stop == NULL ||
						 key_cmp(r->start, r->startlen, last->stop, last->stoplen) <= 0))
			{
				if (last->stop && (r->stop == NULL ||
								   key_cmp(r->stop, r->stoplen, last->stop, last->stoplen) > 0))
				{
					last->stop = r->stop;
					last->stoplen = r->stoplen;
				}
				continue;
			}
			parts = lappend(parts, r);
		}
		if (parts != NIL && s->order == HBASE_ORDER_REVERSE)
		{
			foreach(lc, parts)
				((HBaseKeyRange *) lfirst(lc))->prefixlen = plen + ix->local_idlen;
			kp->ranges = list_concat(kp->ranges, parts);
			continue;
		}
		/* a scan of the region, or of each LOCAL_PARTS_PER_SCAN parts of it */
		for (int from = 0; from < list_length(parts); from += LOCAL_PARTS_PER_SCAN)
		{
			List	   *some = list_copy_head(list_copy_tail(parts, from), LOCAL_PARTS_PER_SCAN);
			HBaseKeyRange *whole = palloc0(sizeof(HBaseKeyRange));
			HBaseKeyRange *first = linitial(some);
			HBaseKeyRange *last = llast(some);

			whole->start = first->start;
			whole->startlen = first->startlen;
			whole->stop = last->stop;
			whole->stoplen = last->stoplen;
			whole->parts = list_length(some) > 1 ? some : NIL;
			whole->prefixlen = plen + ix->local_idlen;
			kp->ranges = lappend(kp->ranges, whole);
		}
	}
	kp->nkeys = list_length(kp->ranges);
	if (kp->ranges == NIL)
		kp->kind = HBASE_OP_EMPTY;
	return kp;
}

/*
 * The data table's regions now, sorted, in a context of their own (*cxt);
 * an error when the gateway cannot list them: a local index cannot be read
 * without them.
 */
static HBaseKeyRange *
list_regions(HBaseIndexScan *s, int *n, MemoryContext *cxt)
{
	const char *why = NULL;
	List	   *regions;
	HBaseKeyRange *out;
	ListCell   *lc;
	MemoryContext old;

	*cxt = AllocSetContextCreate(GetMemoryChunkContext(s), "hbase_fdw index region listing",
								 ALLOCSET_SMALL_SIZES);
	old = MemoryContextSwitchTo(*cxt);

	regions = hbase_table_regions(s->conn, s->data, &why);
	s->listings++;
	if (regions == NIL)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_ERROR),
				 errmsg("cannot read Phoenix local index %s of HBase table %s: its regions are not known",
						s->index->name, s->data->hbase_table),
				 errdetail("Listing the table's regions failed: %s.", why ? why : "none listed"),
				 errhint("A local index's rows are keyed by their region's start key; the gateway's GET /%s/regions must answer.",
						 s->data->hbase_table)));
	out = palloc(sizeof(HBaseKeyRange) * list_length(regions));
	foreach(lc, regions)
		out[foreach_current_index(lc)] = *(HBaseKeyRange *) lfirst(lc);
	*n = list_length(regions);
	MemoryContextSwitchTo(old);
	/* the first region's prefix: zeros as long as its end key */
	if (out[0].stop != NULL && out[0].stoplen > s->zeroslen)
	{
		s->zeros = MemoryContextAllocZero(GetMemoryChunkContext(s), out[0].stoplen);
		s->zeroslen = out[0].stoplen;
	}
	return out;
}

/* the same regions (start and end keys) in a and b? */
static bool
same_regions(HBaseKeyRange *a, int na, HBaseKeyRange *b, int nb)
{
	int			i;

	if (na != nb)
		return false;
	for (i = 0; i < na; i++)
		if (key_cmp(a[i].start, a[i].startlen, b[i].start, b[i].startlen) != 0 ||
			(a[i].stop == NULL) != (b[i].stop == NULL) ||
			(a[i].stop && key_cmp(a[i].stop, a[i].stoplen, b[i].stop, b[i].stoplen) != 0))
			return false;
	return true;
}

/* no rows read ahead (a read starts again) */
static void
drop_window(HBaseIndexScan *s)
{
	MemoryContextReset(s->windowcxt);
	s->window = NIL;
	s->windowpos = 0;
	s->window_end = false;
	s->windows = 0;
}

/*
 * the index's read as plan_pieces and region_plan make it for s->regions:
 * in s->order, the regions' ranges merged on the index key (after each
 * one's prefix and local_id)
 */
static void
start_local_read(HBaseIndexScan *s)
{
	MemoryContext old;
	HBaseKeyPlan *kp;

	/* the scan was reset (hbase_scan_rescan): the last plan is not read */
	drop_window(s);
	MemoryContextReset(s->regioncxt);
	old = MemoryContextSwitchTo(s->regioncxt);

	kp = region_plan(s, plan_pieces(s->plan));
	s->region_reads += list_length(kp->ranges);
	if (s->order != HBASE_ORDER_ANY && kp->kind == HBASE_OP_SCANS)
		hbase_scan_set_prefixed_plan(s->iscan, kp, s->order);
	else
		hbase_scan_set_plan(s->iscan, kp, HBASE_ORDER_ANY, 0);
	MemoryContextSwitchTo(old);
}

/*
 * The error of a local index read in the index's order whose regions
 * changed after it returned rows: they came in order, and the rows that
 * moved under the new regions' keys could belong before some of them.
 */
static void
ordered_read_changed(HBaseIndexScan *s)
{
	ereport(ERROR,
			(errcode(ERRCODE_T_R_SERIALIZATION_FAILURE),
			 errmsg("the regions of HBase table %s changed while Phoenix local index %s was read in order",
					s->data->hbase_table, s->index->name),
			 errdetail("The regions split or merged after %ld rows were returned in the index's order; the rows that moved to the new regions' keys cannot be merged into them.",
					   s->returned),
			 errhint("Run the query again.")));
}

/*
 * A window of a local index's rows read (or the read's end): were the
 * regions the same throughout?  Phoenix rewrites a region's local index
 * rows under each daughter's start key when it splits
 * (IndexHalfStoreFileReader), so a read made for the old regions may have
 * missed rows, and may have found rows it would decode wrongly (see
 * next_index_row).  The regions are listed again: the same, the window
 * stands; changed, the read is made again once for the new ones (true:
 * the window is dropped, rows returned already are not returned twice, the
 * data keys returned being remembered), as Phoenix's client makes a local
 * index's scans again for the new regions on
 * StaleRegionBoundaryCacheException (BaseResultIterators.getIterators);
 * changed again, an error (40001): the query may be run again.  A read in the index's
 * order is made again only if it returned no row: rows returned in order
 * cannot take the new read's rows among them (ordered_read_changed, 40001).
 */
static bool
local_read_again(HBaseIndexScan *s)
{
	int			n;
	MemoryContext cxt;
	HBaseKeyRange *now = list_regions(s, &n, &cxt);

	if (same_regions(s->regions, s->nregions, now, n))
	{
		MemoryContextDelete(cxt);
		return false;
	}
	if (s->order != HBASE_ORDER_ANY && s->returned > 0)
		ordered_read_changed(s);
	if (s->retried)
		ereport(ERROR,
				(errcode(ERRCODE_T_R_SERIALIZATION_FAILURE),
				 errmsg("the regions of HBase table %s changed while Phoenix local index %s was read",
						s->data->hbase_table, s->index->name),
				 errdetail("The regions split or merged during the read and again during its second read; a local index's rows move to the new regions' keys."),
				 errhint("Run the query again.")));
	s->retried = true;
	s->retries++;
	MemoryContextDelete(s->listcxt);
	s->listcxt = cxt;
	s->regions = now;
	s->nregions = n;
	hbase_scan_rescan(s->iscan);
	start_local_read(s);
	return true;
}

/*
 * The region of a key read (the last whose start key is not after it),
 * and so the length of the prefix its local index row starts with.
 */
static const HBaseKeyRange *
region_of(HBaseIndexScan *s, const char *key, int len)
{
	int			lo = 0,
				hi = s->nregions - 1;

	while (lo < hi)
	{
		int			mid = (lo + hi + 1) / 2;

		if (key_cmp(s->regions[mid].start, s->regions[mid].startlen, key, len) <= 0)
			lo = mid;
		else
			hi = mid - 1;
	}
	return &s->regions[lo];
}

/*
 * Is a row read for the listed regions keyed as a local index row of the
 * region whose range holds it: within that range, under its prefix and
 * local_id?  The ranges read hold only such keys, so a row that is not
 * comes from regions that changed.  *skip: the length of the prefix and id.
 */
static bool
under_region(HBaseIndexScan *s, const HBaseRow *row, int *skip)
{
	const HBaseKeyRange *g = region_of(s, row->key, row->keylen);
	int			plen;
	const char *prefix = region_prefix(s, g, &plen);

	*skip = plen + s->index->local_idlen;
	return key_cmp(g->start, g->startlen, row->key, row->keylen) <= 0 &&
		(g->stop == NULL || key_cmp(row->key, row->keylen, g->stop, g->stoplen) < 0) &&
		row->keylen >= *skip && memcmp(row->key, prefix, plen) == 0 &&
		memcmp(row->key + plen, s->index->local_id, s->index->local_idlen) == 0;
}

/*
 * The next window of a local index's rows: read (copied), then confirmed
 * by a listing of the regions (local_read_again) before any of them is
 * decoded; false when the regions changed and the read starts again.  A
 * row not under its region (under_region) ends the window early and is
 * never decoded under a prefix it lacks: the regions listed again have
 * changed (the read starts again), or, the same, the gateway answered
 * outside the ranges asked, an error.  The first window is no longer than
 * the first page (a LIMIT's): a read in order under LIMIT 4 confirms its
 * 4 rows by one listing.
 */
static bool
read_window(HBaseIndexScan *s)
{
	int			want = s->windows == 0 ? Min(LOCAL_FIRST_WINDOW, s->first_batch) : LOCAL_WINDOW;
	bool		outside = false;
	MemoryContext old;

	MemoryContextReset(s->windowcxt);
	s->window = NIL;
	s->windowpos = 0;
	old = MemoryContextSwitchTo(s->windowcxt);
	while (list_length(s->window) < want)
	{
		HBaseRow   *row = hbase_scan_next(s->iscan);
		int			skip;

		if (row == NULL)
		{
			s->window_end = true;
			break;
		}
		if (!under_region(s, row, &skip))
		{
			outside = true;
			break;
		}
		s->window = lappend(s->window, hbase_copy_row(row));
	}
	MemoryContextSwitchTo(old);
	s->windows++;
	if (local_read_again(s))
		return false;

	/*
	 * the same regions, yet a row outside them: none of the gateway's rows is
	 * kept
	 */
	if (outside)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_ERROR),
				 errmsg("a row of Phoenix local index %s of HBase table %s is not under its region's start key",
						s->index->name, s->data->hbase_table),
				 errdetail("The gateway answered a scan of the index's ranges in the listed regions with a row outside them, and the regions listed again are the same."),
				 errhint("Check the gateway's region listing (GET /%s/regions).",
						 s->data->hbase_table)));
	return true;
}

/*
 * The next row of the index, or NULL at its end.  A local index's row comes
 * with its key stripped of the region's prefix and local_id, the index key
 * the index's layout decodes.  Its rows are read a window at a time, each
 * window confirmed by a listing of the regions made after it was read
 * (read_window), before any of its rows is returned: a region that split
 * since the listing the read was made for may hold rows under the old
 * region's prefix and id that belong to a daughter (a daughter whose start
 * key begins with the old start key and the id, or the first region split
 * at a key longer than its end key, whose zeros then begin with the old
 * zeros and a first index's id "\x00\x00"), which the old prefix would
 * decode from the wrong byte.  Rows come from a daughter only once the
 * table's regions list it (the daughters open after hbase:meta lists
 * them), so a listing after the rows were read that is the one they were
 * read for says that none did.  A read no longer than a window is listed
 * before and after, as before.
 */
static HBaseRow *
next_index_row(HBaseIndexScan *s)
{
	if (s->index->local_id == NULL)
		return hbase_scan_next(s->iscan);
	for (;;)
	{
		HBaseRow   *row;
		int			skip;

		if (s->windowpos < list_length(s->window))
		{
			row = list_nth(s->window, s->windowpos++);
			(void) under_region(s, row, &skip);
			s->lrow = *row;
			s->lrow.key += skip;
			s->lrow.keylen -= skip;
			return &s->lrow;
		}
		if (s->window_end)
			return NULL;
		(void) read_window(s);
	}
}

/*
 * the index's key plan (its ranges): the scan starts again with it; the
 * rows may come in the index key's order (order, a salted index's buckets
 * merged on the key after salt_bytes, a local index's regions on the key
 * after each region's prefix): covered, as the index gives them, else each
 * data row read by a Get in that order
 */
void
hbase_index_scan_set_plan(HBaseIndexScan *s, HBaseKeyPlan *plan, HBaseRowOrder order,
						  int salt_bytes)
{
	HASHCTL		ctl;

	hbase_index_scan_rescan(s);
	s->ordered = !s->covered && order != HBASE_ORDER_ANY;
	s->order = order;
	s->returned = 0;
	if (s->index->local_id != NULL)
	{
		/*
		 * the regions: listed once, then after each window of rows read
		 * (read_window)
		 */
		s->plan = plan;
		s->retried = false;
		if (s->regions == NULL)
			s->regions = list_regions(s, &s->nregions, &s->listcxt);
		start_local_read(s);
	}
	else
		hbase_scan_set_plan(s->iscan, plan, order, salt_bytes);
	ctl.keysize = sizeof(uint32);
	ctl.entrysize = sizeof(SeenKey);
	ctl.hcxt = s->seencxt;
	s->seen = hash_create("hbase_fdw index keys", 256, &ctl,
						  HASH_ELEM | HASH_BLOBS | HASH_CONTEXT);
}

/* has the scan returned this data key already?  Remembers it if not and remember */
static bool
seen_before(HBaseIndexScan *s, bytea *key, bool remember)
{
	int			len = VARSIZE_ANY_EXHDR(key);
	uint32		h = hash_bytes((const unsigned char *) VARDATA_ANY(key), len);
	bool		found;
	SeenKey    *e = hash_search(s->seen, &h, HASH_ENTER, &found);
	ListCell   *lc;
	MemoryContext old;

	if (!found)
		e->keys = NIL;
	foreach(lc, e->keys)
	{
		bytea	   *k = lfirst(lc);

		if ((int) VARSIZE_ANY_EXHDR(k) == len && memcmp(VARDATA_ANY(k), VARDATA_ANY(key), len) == 0)
			return true;
	}
	if (!remember)
		return false;
	old = MemoryContextSwitchTo(s->seencxt);
	e->keys = lappend(e->keys, DatumGetByteaPCopy(PointerGetDatum(key)));
	MemoryContextSwitchTo(old);
	return false;
}

/*
 * The next batch of data keys from the index's rows, read by a multiget:
 * false when the index has no more.  A data key read already is left out.
 */
static bool
next_batch(HBaseIndexScan *s)
{
	int			want = s->batches == 0 ? s->first_batch : INDEX_BATCH;
	List	   *keys = NIL;
	HBaseKeyPlan *kp;
	MemoryContext old;

	/* the last batch's streams first: they live in batchcxt */
	hbase_scan_rescan(s->dscan);
	s->batch_open = false;
	MemoryContextReset(s->batchcxt);
	old = MemoryContextSwitchTo(s->batchcxt);
	while (!s->index_done && list_length(keys) < want)
	{
		HBaseRow   *row = next_index_row(s);
		bytea	   *key;

		if (row == NULL)
		{
			s->index_done = true;
			break;
		}
		s->index_rows++;
		hbase_row_to_values(s->index->table, s->kio, s->decode_key, s->key_attrs, row,
							s->values, s->nulls);
		key = hbase_encode_key(s->data, s->values, s->nulls, false);
		if (seen_before(s, key, true))
			s->duplicates++;
		else
			keys = lappend(keys, key);
	}
	if (keys == NIL)
	{
		MemoryContextSwitchTo(old);
		return false;
	}
	kp = palloc0(sizeof(HBaseKeyPlan));
	kp->kind = HBASE_OP_MULTIGET;
	kp->keys = keys;
	kp->nkeys = list_length(keys);
	kp->order = HBASE_ORDER_ANY;
	hbase_scan_set_plan(s->dscan, kp, HBASE_ORDER_ANY, 0);
	MemoryContextSwitchTo(old);
	s->batches++;
	s->batch_open = true;
	return true;
}

/*
 * Is this index row verified (its empty column's value 1, Phoenix's
 * IndexRegionObserver.VERIFIED_BYTES)?  An unverified one (2) or one
 * without the cell is not.
 */
static bool
verified(HBaseIndexScan *s, HBaseRow *row)
{
	HBaseColumn *e = s->index->table->empty_column;
	int			i;

	/*
	 * a local index's rows are written in the data rows' own batch
	 * (IndexRegionObserver.handleLocalIndexUpdates: miniBatchOp's
	 * operations), with no verified mark nor GlobalIndexChecker: as they are
	 */
	if (s->index->local_id != NULL)
		return true;
	for (i = 0; i < row->ncells; i++)
		if (row->cells[i].collen == e->speclen &&
			memcmp(row->cells[i].column, e->colspec, e->speclen) == 0)
			return row->cells[i].vallen == 1 && row->cells[i].value[0] == 1;
	return false;
}

/* one value of a column: equal as stored (a varlena's header aside) */
static bool
same_value(Oid type, Datum a, Datum b)
{
	int16		len;
	bool		byval;

	get_typlenbyval(type, &len, &byval);
	if (byval)
		return a == b;
	if (len == -1)
		return VARSIZE_ANY_EXHDR(DatumGetPointer(a)) == VARSIZE_ANY_EXHDR(DatumGetPointer(b)) &&
			memcmp(VARDATA_ANY(DatumGetPointer(a)), VARDATA_ANY(DatumGetPointer(b)),
				   VARSIZE_ANY_EXHDR(DatumGetPointer(a))) == 0;
	return datumIsEqual(a, b, byval, len);
}

/*
 * Does data row drow hold the values of index row irow's key (its columns
 * that are not the data key's; the data key is the same by construction)?
 * Phoenix's GlobalIndexChecker rebuilds an unverified index row from its
 * data row and uses it only if the rebuilt row is the same row.  A NULL is
 * no bytes in the index key, which reads as '' for a text column.
 */
static bool
data_row_matches(HBaseIndexScan *s, HBaseRow *irow, HBaseRow *drow)
{
	ListCell   *lc;

	if (s->ix_attrs == NIL)
		return true;
	hbase_row_to_values(s->index->table, s->ixio, s->ixdecode, s->ix_attrs, irow, s->values,
						s->nulls);
	hbase_row_to_values(s->data, s->dxio, s->dxdecode, s->ix_attrs, drow, s->dvalues,
						s->dnulls);
	foreach(lc, s->ix_attrs)
	{
		int			i = lfirst_int(lc) - 1;
		Oid			type = s->data->columns[i].atttypid;
		bool		inull = s->nulls[i];

		if (!inull && hbase_is_text_type(type) &&
			VARSIZE_ANY_EXHDR(DatumGetPointer(s->values[i])) == 0)
			inull = true;
		if (inull != s->dnulls[i])
			return false;
		if (!inull && !same_value(type, s->values[i], s->dvalues[i]))
			return false;
	}
	return true;
}

/*
 * Covered: the next index row that is verified, as it is (*from_index), or
 * for one that is not (uncovered in the index's order: for every one), its
 * data row read by a Get, returned only if it
 * holds the index row's values (GlobalIndexChecker's rule, without its
 * repair: the data row is the truth, the caller checks the conditions on
 * it), or NULL at the end.  An unverified row whose data row is gone or
 * holds other values is skipped: the data row's current index row (written
 * by Phoenix before the data row) is elsewhere in the index, in its place
 * of the index's order, which a read in that order keeps.  A data row
 * returned already is not returned again.
 */
static HBaseRow *
covered_next(HBaseIndexScan *s, bool *from_index)
{
	for (;;)
	{
		HBaseRow   *row = next_index_row(s);
		HBaseRow   *drow;
		bytea	   *key;
		long		nreq = 0;
		MemoryContext old;
		bool		ok;

		if (row == NULL)
			return NULL;
		s->index_rows++;
		MemoryContextReset(s->batchcxt);
		old = MemoryContextSwitchTo(s->batchcxt);
		hbase_row_to_values(s->index->table, s->kio, s->decode_key, s->key_attrs, row,
							s->values, s->nulls);
		key = hbase_encode_key(s->data, s->values, s->nulls, false);
		MemoryContextSwitchTo(old);
		if (!s->ordered && verified(s, row))
		{
			if (seen_before(s, key, true))
			{
				s->duplicates++;
				continue;
			}
			s->verified++;
			*from_index = true;
			return row;
		}
		if (seen_before(s, key, false))
		{
			s->duplicates++;
			continue;
		}
		drow = hbase_get_row(s->data, s->conn, s->get_attrs, VARDATA_ANY(key),
							 VARSIZE_ANY_EXHDR(key), &nreq);
		s->gets++;
		s->get_requests += nreq;
		old = MemoryContextSwitchTo(s->batchcxt);
		ok = drow != NULL && data_row_matches(s, row, drow);
		MemoryContextSwitchTo(old);
		if (!ok)
		{
			s->stale++;
			continue;
		}
		(void) seen_before(s, key, true);
		*from_index = false;
		return drow;
	}
}

/*
 * The next row found through the index, or NULL at the end: a data row
 * (*from_index false), or covered, a verified index row (*from_index true:
 * its columns are decoded by the index's table).
 */
HBaseRow *
hbase_index_scan_next(HBaseIndexScan *s, bool *from_index)
{
	HBaseRow   *row = NULL;

	*from_index = false;
	if (s->covered || s->ordered)
		row = covered_next(s, from_index);
	else
		for (;;)
		{
			row = s->batch_open ? hbase_scan_next(s->dscan) : NULL;
			if (row != NULL)
				break;
			s->batch_open = false;
			if (!next_batch(s))
				break;
		}
	if (row != NULL)
		s->returned++;
	return row;
}

/*
 * The values of a verified index row (covered): the index key's columns and
 * its covered cells, as the data row holds them.  An indexed column that is
 * not one of the table's key columns is '' in the index key where Phoenix
 * holds NULL (Phoenix has no '': an empty VARCHAR is NULL), so '' is NULL.
 */
void
hbase_index_scan_values(HBaseIndexScan *s, HBaseRow *row, Datum *values, bool *nulls)
{
	HBaseTable *x = s->index->table;
	ListCell   *lc;

	hbase_row_to_values(x, s->iio, s->idecode, s->retrieved_attrs, row, values, nulls);
	foreach(lc, s->retrieved_attrs)
	{
		int			i = lfirst_int(lc) - 1;

		if (!nulls[i] && x->columns[i].kind == HBASE_COL_KEYPART &&
			s->data->columns[i].kind != HBASE_COL_KEYPART &&
			hbase_is_text_type(x->columns[i].atttypid) &&
			VARSIZE_ANY_EXHDR(DatumGetPointer(values[i])) == 0)
			nulls[i] = true;
	}
}

/* back to the start: the plan comes again (hbase_index_scan_set_plan) */
void
hbase_index_scan_rescan(HBaseIndexScan *s)
{
	hbase_scan_rescan(s->iscan);
	hbase_scan_rescan(s->dscan);
	MemoryContextReset(s->batchcxt);
	MemoryContextReset(s->seencxt);
	s->seen = NULL;
	s->index_done = false;
	s->batch_open = false;
	s->batches = 0;
	if (s->windowcxt)
		drop_window(s);
}

void
hbase_index_scan_end(HBaseIndexScan *s)
{
	hbase_scan_end(s->iscan);
	hbase_scan_end(s->dscan);
}

/*
 * What EXPLAIN says of the data rows of a read through an index (a scan's,
 * in the index's order or not, or a batched join's): covered, read only
 * for unverified index rows; else read back, every condition checked.
 */
const char *
hbase_index_data_rows_text(bool covered, bool ordered, bool local)
{
	if (covered && local)
		return "not read (the index covers the query; a local index's rows are written with their data rows); every condition checked";
	if (covered)
		return "not read (the index covers the query), but for index rows not verified, by Gets; every condition checked";
	if (ordered)
		return "read back by Gets, one per index row in the index's order, every condition checked on them";
	return "read back by multigets, every condition checked on them";
}

/*
 * For EXPLAIN ANALYZE: the index's requests and rows, the data rows' (the
 * multigets', or covered, the Gets of unverified rows), the index rows of a
 * data row read already, the verified index rows used as they are, the
 * unverified ones skipped (their data row gone or holding other values).
 */
void
hbase_index_scan_stats(HBaseIndexScan *s, long *irequests, long *irows, long *drequests,
					   long *drows, long *duplicates, long *verified_rows, long *stale_rows)
{
	long		resumes;

	hbase_scan_stats(s->iscan, irequests, irows, &resumes);
	hbase_scan_stats(s->dscan, drequests, drows, &resumes);
	if (s->covered || s->ordered)
	{
		*drequests = s->get_requests;
		*drows = s->gets;
	}
	*duplicates = s->duplicates;
	*verified_rows = s->verified;
	*stale_rows = s->stale;
}

/*
 * For EXPLAIN ANALYZE of a local index: the regions read (the last
 * listing's), the listings asked (one before the first read, one after each
 * read), the reads made again after a split, the regions' scans made (a
 * scan per region holding a range, for each read: a batched join's reads
 * are its batches).  False for a global index.
 */
bool
hbase_index_scan_regions(HBaseIndexScan *s, int *regions, long *listings, long *retries,
						 long *region_reads)
{
	if (s->index->local_id == NULL)
		return false;
	*regions = s->nregions;
	*listings = s->listings;
	*retries = s->retries;
	*region_reads = s->region_reads;
	return true;
}
