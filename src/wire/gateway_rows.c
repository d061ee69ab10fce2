/*
 * gateway_rows.c: Gets and multigets through a gateway without ?e=b64
 * (hbase-rest before 2.5.9), exactly.
 *
 * Such a gateway looks up the base64 text of a key as the key (gateway.c
 * has the measurements).  A batch of keys that all travel unchanged in a
 * URL path is read by path (one Get or multiget); any other batch by one
 * stateful scanner that matches exactly the keys asked for
 * (MultiRowRangeFilter, keys base64 in the body, which every version
 * takes).  Either way the rows come back in the order of the keys, and a
 * row the gateway returns that was not asked for is an error, never a row.
 * Through any gateway, keys too long for a URL (HBASE_URL_MAX) are read by
 * the same scanner (hbase_rows_by_scanner).
 */
#include "postgres.h"

#include "wire_int.h"

/* a row the gateway returned must be one asked for */
static int
key_index(List *keys, const char *key, int keylen)
{
	ListCell   *lc;

	foreach(lc, keys)
	{
		bytea	   *k = lfirst(lc);

		if ((int) (VARSIZE(k) - VARHDRSZ) == keylen && memcmp(VARDATA(k), key, keylen) == 0)
			return foreach_current_index(lc);
	}
	return -1;
}

static void
report_stray_row(HBaseTable *table, HBaseRow *row, const char *what) pg_attribute_noreturn();

/* a row not asked for: an error, never a row */
static void
report_stray_row(HBaseTable *table, HBaseRow *row, const char *what)
{
	ereport(ERROR,
			(errcode(ERRCODE_FDW_UNABLE_TO_CREATE_REPLY),
			 errmsg("invalid response from the HBase REST gateway"),
			 errdetail("It answered %s on table \"%s\" with row %s, which was not asked for.",
					   what, table->hbase_table, hbase_printable_key(row->key, row->keylen))));
}

/* keys that all travel in the path: a Get or a multiget without ?e=b64 */
static HBaseCellSet *
get_by_path(HBaseConn *conn, HBaseTable *table, List *keys, long *nrequests)
{
	HBaseResult res;
	HBaseCellSet *set;
	const char *what = list_length(keys) == 1 ? "a Get" : "a multiget";
	int			i;

	res = hbase_rest_get_in_path(conn, table, keys, what);
	(*nrequests)++;
	if (res.table_unsure)
	{
		/* no such row(s); unless the table itself is missing */
		(*nrequests)++;
		hbase_rest_check_table(conn, table, what);
	}
	if (res.outcome == HBASE_END)
		return palloc0(sizeof(HBaseCellSet));
	if (res.outcome != HBASE_DONE)
		hbase_rest_report(&res, table, what);
	set = res.set;
	for (i = 0; i < set->nrows; i++)
		if (key_index(keys, set->rows[i].key, set->rows[i].keylen) < 0)
			report_stray_row(table, &set->rows[i], what);
	return set;
}

/*
 * Keys that cannot travel in a URL (an old gateway's path, or any URL for
 * their length): one stateful scanner from the smallest to just after the
 * largest, matching exactly these rows (MultiRowRangeFilter), its bounds and
 * keys base64 in the body.  The rows in key order.
 */
static HBaseCellSet *
get_by_scanner(HBaseConn *conn, HBaseTable *table, List *keys, List *columns,
			   const char *what, long *nrequests)
{
	HBaseScanSpec spec;
	bytea	   *lo = NULL,
			   *hi = NULL;
	char	   *end;
	HBaseScanner *scanner;
	HBaseCellSet *page;
	HBaseCellSet *set = palloc0(sizeof(HBaseCellSet));
	int			cap = 0;
	ListCell   *lc;

	foreach(lc, keys)
	{
		bytea	   *k = lfirst(lc);

		if (lo == NULL || hbase_cmp_keys(VARDATA(k), VARSIZE(k) - VARHDRSZ,
										 VARDATA(lo), VARSIZE(lo) - VARHDRSZ) < 0)
			lo = k;
		if (hi == NULL || hbase_cmp_keys(VARDATA(k), VARSIZE(k) - VARHDRSZ,
										 VARDATA(hi), VARSIZE(hi) - VARHDRSZ) > 0)
			hi = k;
	}
	/* no key, no row (and no bounds to scan between) */
	if (hi == NULL)
		return set;
	/* the end row is exclusive: just after the largest key */
	end = palloc(VARSIZE(hi) - VARHDRSZ + 1);
	memcpy(end, VARDATA(hi), VARSIZE(hi) - VARHDRSZ);
	end[VARSIZE(hi) - VARHDRSZ] = '\0';

	memset(&spec, 0, sizeof(spec));
	spec.startrow = VARDATA(lo);
	spec.startlen = VARSIZE(lo) - VARHDRSZ;
	spec.endrow = end;
	spec.endlen = VARSIZE(hi) - VARHDRSZ + 1;
	spec.columns = columns;
	spec.exact_columns = true;	/* as a Get by path would give */
	/* no wanted columns: every cell's timestamp too (:timestamp of a table mapping none) */
	spec.all_cells = columns == NIL;
	spec.max_versions = table->versions;
	spec.batch = HBASE_CELL_LIMIT;
	spec.caching = list_length(keys);
	spec.points = list_length(keys) > 1 ? keys : NIL;

	/* each key is one row at most: the scanner ends when all came */
	scanner = hbase_scanner_open(conn, table, &spec, list_length(keys), list_length(keys),
								 what, nrequests);
	while ((page = hbase_scanner_page(scanner)) != NULL)
	{
		int			i;

		for (i = 0; i < page->nrows; i++)
		{
			if (key_index(keys, page->rows[i].key, page->rows[i].keylen) < 0)
				report_stray_row(table, &page->rows[i], what);
			if (set->nrows == cap)
			{
				cap = Max(cap * 2, 16);
				set->rows = set->rows ? repalloc(set->rows, sizeof(HBaseRow) * cap) :
					palloc(sizeof(HBaseRow) * cap);
			}
			set->rows[set->nrows++] = page->rows[i];
		}
	}
	hbase_scanner_close(scanner);
	return set;
}

/*
 * A batch of keys through a gateway without ?e=b64: by path when every key
 * travels there unchanged (and the URL stays short), else by a scanner.
 * The rows come in the order of the keys, as a multiget gives them.
 */
HBaseCellSet *
hbase_gateway_get_rows(HBaseConn *conn, HBaseTable *table, List *keys, List *columns,
					   long *nrequests, bool *by_scanner)
{
	bool		by_path = true;
	size_t		urllen = strlen(hbase_rest_table_path(conn, table)) + 20;
	List	   *kept = NIL;
	ListCell   *lc;

	/* keys longer than HBase's longest: no row has one, and a scan refuses them */
	foreach(lc, keys)
	{
		bytea	   *k = lfirst(lc);

		if (VARSIZE(k) - VARHDRSZ <= HBASE_MAX_ROW_LENGTH)
			kept = lappend(kept, k);
	}
	*by_scanner = false;
	if (kept == NIL)
		return palloc0(sizeof(HBaseCellSet));
	keys = kept;
	foreach(lc, keys)
	{
		bytea	   *k = lfirst(lc);

		if (!hbase_key_path_safe(VARDATA(k), VARSIZE(k) - VARHDRSZ))
			by_path = false;
		urllen += 3 * (VARSIZE(k) - VARHDRSZ) + 5;
	}
	if (urllen > HBASE_URL_MAX)
		by_path = false;
	*by_scanner = !by_path;
	if (by_path)
		return get_by_path(conn, table, keys, nrequests);
	return hbase_rows_by_scanner(conn, table, keys, columns,
								 "a scanner for a Get (the gateway lacks ?e=b64)", nrequests);
}

/*
 * The rows of keys (bytea *) by one scanner (get_by_scanner), in the order
 * of the keys, as a multiget gives them (a merge on salted keys relies on
 * it); what names the scanner in messages.
 */
HBaseCellSet *
hbase_rows_by_scanner(HBaseConn *conn, HBaseTable *table, List *keys, List *columns,
					  const char *what, long *nrequests)
{
	HBaseCellSet *set;
	HBaseRow   *ordered;
	ListCell   *lc;
	int			n = 0;
	int			i;

	set = get_by_scanner(conn, table, keys, columns, what, nrequests);
	ordered = palloc(sizeof(HBaseRow) * Max(set->nrows, 1));
	foreach(lc, keys)
	{
		bytea	   *k = lfirst(lc);

		for (i = 0; i < set->nrows; i++)
			if (hbase_cmp_keys(set->rows[i].key, set->rows[i].keylen,
							   VARDATA(k), VARSIZE(k) - VARHDRSZ) == 0)
			{
				ordered[n++] = set->rows[i];
				break;
			}
	}
	set->rows = ordered;
	set->nrows = n;
	set->ncells = 0;
	for (i = 0; i < n; i++)
		set->ncells += ordered[i].ncells;
	return set;
}
