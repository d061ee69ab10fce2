/*
 * index_scan.c: a scan through a Phoenix global index (option
 * phoenix_index_layouts): the index's ranges are read, each index row's key
 * gives its data row's key, and the data rows are read by multigets, in
 * batches, as the batched join reads its inner rows.
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

/* data keys per multiget batch: the first small (a LIMIT), then larger */
#define INDEX_FIRST_BATCH	100
#define INDEX_BATCH			1000

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
};

/*
 * A scan through index ix of table data, returning the columns
 * retrieved_attrs of the data rows.  The index's own key plan comes with
 * hbase_index_scan_set_plan.
 */
HBaseIndexScan *
hbase_index_scan_begin(HBaseTable *data, HBaseReadIndex *ix, HBaseConn *conn,
					   List *retrieved_attrs, bool covered)
{
	HBaseIndexScan *s = palloc0(sizeof(HBaseIndexScan));
	int			i;

	s->data = data;
	s->index = ix;
	s->covered = covered;
	s->conn = conn;
	s->retrieved_attrs = retrieved_attrs;
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
								INDEX_FIRST_BATCH);
	s->dscan = hbase_scan_begin(data, conn, retrieved_attrs, INDEX_FIRST_BATCH);
	s->batchcxt = AllocSetContextCreate(CurrentMemoryContext, "hbase_fdw index batch",
										ALLOCSET_DEFAULT_SIZES);
	s->seencxt = AllocSetContextCreate(CurrentMemoryContext, "hbase_fdw index keys",
									   ALLOCSET_DEFAULT_SIZES);
	return s;
}

/*
 * the index's key plan (its ranges): the scan starts again with it; the
 * rows may come in the index key's order (order, a salted index's buckets
 * merged on the key after salt_bytes): covered, as the index gives them,
 * else each data row read by a Get in that order
 */
void
hbase_index_scan_set_plan(HBaseIndexScan *s, HBaseKeyPlan *plan, HBaseRowOrder order,
						  int salt_bytes)
{
	HASHCTL		ctl;

	hbase_index_scan_rescan(s);
	s->ordered = !s->covered && order != HBASE_ORDER_ANY;
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
	int			want = s->batches == 0 ? INDEX_FIRST_BATCH : INDEX_BATCH;
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
		HBaseRow   *row = hbase_scan_next(s->iscan);
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
		HBaseRow   *row = hbase_scan_next(s->iscan);
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
	*from_index = false;
	if (s->covered || s->ordered)
		return covered_next(s, from_index);
	for (;;)
	{
		HBaseRow   *row = s->batch_open ? hbase_scan_next(s->dscan) : NULL;

		if (row != NULL)
			return row;
		s->batch_open = false;
		if (!next_batch(s))
			return NULL;
	}
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
hbase_index_data_rows_text(bool covered, bool ordered)
{
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
