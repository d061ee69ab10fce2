/*
 * gateway.c: what each HBase REST gateway version offers, and how to read
 * and delete rows exactly through one that lacks a feature.
 *
 * Measured against real gateways of hbase-rest 2.4.17, 2.5.8 and 2.6.1 on
 * one HBase 2.6.1 cluster (sql/gateways.sql keeps it so):
 *   - ?e=b64 (base64 rowkeys in row, multiget and DELETE paths) and the
 *     stateless scan's filter_b64 came with 2.5.9/2.6.0.  Older gateways
 *     ignore both silently: a Get looks up the base64 text as the key (no
 *     row), a DELETE deletes nothing, filter_b64 filters nothing.
 *   - FuzzyRowFilter in a scanner came with 2.5.10/2.6.1 (older: 400).
 *   - /version/rest reports the gateway's own version ("Version") from
 *     2.5.11/2.6.1 on; a gateway that reports none is taken for the oldest.
 *   - What every version has: stateful scanners with base64 bounds and
 *     MultiRowRangeFilter, PUT of a CellSet whose row keys (base64 in the
 *     body) are the keys written, row paths that hold UTF-8 text, the
 *     stateless reversed scan (startrow, endrow, limit; strings).
 *   - RegexStringComparator decodes keys as UTF-8 (U+FFFD for other
 *     bytes), so a regular expression cannot stand in for a binary bound.
 * So on an old gateway a key that survives the URL path unchanged is read
 * through the path; any other key by a scanner that matches exactly the
 * keys asked for.  What cannot be done exactly is an error naming the
 * gateway version and what it lacks, never fewer rows.
 */
#include "postgres.h"

#include "lib/stringinfo.h"
#include "mb/pg_wchar.h"
#include "utils/memutils.h"

#include "hbase_fdw.h"

/* cells per scanner page, keys per request: as scan.c's */
#define GW_CELL_LIMIT	100000
/* longest URL of path keys (Jetty's default request header is 8 kB) */
#define GW_MAX_PATH		6000

/* hbase_parse_gateway_version: cellset_json.c, beside the version answer's decoder */

/*
 * The features of a version (0 = not reported: as the oldest).  Decides
 * which requests an old gateway can be sent.
 */
void
hbase_gateway_features(HBaseGateway *gw, int version)
{
	gw->version = version;
	/* 2.4 never got them; 2.5.9+, 2.6.0+ */
	gw->b64 = version >= 20509;
	/* 2.5.10+ and 2.6.1+, but not 2.6.0 */
	gw->fuzzy = (version >= 20510 && version < 20600) || version >= 20601;
}

/*
 * Whether a key reaches an old gateway unchanged as a URL path segment
 * (percent-encoded) and as a multiget row: UTF-8 text (the gateway makes a
 * Java String of it), none of the characters that route or split there
 * (/ , * + % ; \ ? #), no control characters (Jetty refuses %00), not a
 * word that routes elsewhere (exists, regions, scanner, schema, multiget),
 * not a dot segment.
 */
bool
hbase_key_path_safe(const char *key, int len)
{
	static const char *const reserved[] = {"exists", "regions", "scanner", "schema",
	"multiget", ".", "..", NULL};
	int			i;

	if (len <= 0 || len > 1024)
		return false;
	for (i = 0; i < len; i++)
	{
		unsigned char c = (unsigned char) key[i];

		if (c < 0x20 || c == 0x7f || strchr("/,*+%;\\?#", c) != NULL)
			return false;
	}
	if (!pg_verify_mbstr(PG_UTF8, key, len, true))
		return false;
	for (i = 0; reserved[i]; i++)
		if ((int) strlen(reserved[i]) == len && memcmp(reserved[i], key, len) == 0)
			return false;
	return true;
}

static void
report_inexact(const HBaseGateway *gw, HBaseTable *table, const char *what,
			   const char *key, int keylen) pg_attribute_noreturn();

/* what cannot be done exactly on this gateway: an error naming it */
static void
report_inexact(const HBaseGateway *gw, HBaseTable *table, const char *what,
			   const char *key, int keylen)
{
	ereport(ERROR,
			(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
			 errmsg("HBase REST gateway %s cannot do %s on table \"%s\" exactly",
					gw->name, what, table->hbase_table),
			 key ? errdetail("The rowkey %s is not UTF-8 text that a URL path carries unchanged, and binary-safe keys in paths (?e=b64, filter_b64) came with HBase 2.5.9.",
							 hbase_printable_key(key, keylen)) :
			 errdetail("Binary-safe keys in paths and filters (?e=b64, filter_b64) came with HBase 2.5.9."),
			 errhint("Use a gateway of HBase 2.5.9 or later%s.",
					 gw->declared ? "" : ", or declare this one's version with the server option \"gateway_version\" if it has them")));
}

/*
 * The path of a row (or of one of its cells) for a DELETE: base64 with
 * ?e=b64 where the gateway has it, else the escaped text when it arrives
 * unchanged; otherwise an error (a DELETE through an old gateway would
 * silently delete another row or none).
 */
char *
hbase_row_path(HBaseConn *conn, HBaseTable *table, const char *key, int keylen,
			   const HBaseColumn *col, const char *what)
{
	const HBaseGateway *gw = hbase_gateway(conn);
	char	   *t = hbase_escape(conn, table->hbase_table, strlen(table->hbase_table));

	if (gw->b64)
	{
		if (col)
			return psprintf("/%s/%s/%s?e=b64", t, hbase_b64url(key, keylen),
							hbase_b64url(col->colspec, col->speclen));
		return psprintf("/%s/%s?e=b64", t, hbase_b64url(key, keylen));
	}
	if (!hbase_key_path_safe(key, keylen))
		report_inexact(gw, table, what, key, keylen);
	if (col && !hbase_key_path_safe(col->colspec, col->speclen))
		report_inexact(gw, table, what, col->colspec, col->speclen);
	if (col)
		return psprintf("/%s/%s/%s", t, hbase_escape(conn, key, keylen),
						hbase_escape(conn, col->colspec, col->speclen));
	return psprintf("/%s/%s", t, hbase_escape(conn, key, keylen));
}

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

static void
report_stray_row(HBaseTable *table, HBaseRow *row, const char *what)
{
	ereport(ERROR,
			(errcode(ERRCODE_FDW_UNABLE_TO_CREATE_REPLY),
			 errmsg("invalid response from the HBase REST gateway"),
			 errdetail("It answered %s on table \"%s\" with row %s, which was not asked for.",
					   what, table->hbase_table, hbase_printable_key(row->key, row->keylen))));
}

/* After a 404: is the table missing?  (Then the error says so.) */
static void
check_table(HBaseConn *conn, HBaseTable *table, const char *what, long *nrequests)
{
	HBaseResponse *r = hbase_rest_exists(conn, table);

	(*nrequests)++;
	if (r->status == 404)
		hbase_report_status(r, table, what);
	if (r->status != 200)
		hbase_report_status(r, table, "checking that the table exists");
}

/* keys that all travel in the path: a Get or a multiget without ?e=b64 */
static HBaseCellSet *
get_by_path(HBaseConn *conn, HBaseTable *table, List *keys, long *nrequests)
{
	HBaseResponse *resp;
	HBaseCellSet *set;
	const char *what = list_length(keys) == 1 ? "a Get" : "a multiget";
	int			i;

	resp = hbase_rest_get_in_path(conn, table, keys, what);
	(*nrequests)++;
	if (resp->status == 404 || (resp->status == 500 && list_length(keys) > 1))
	{
		check_table(conn, table, what, nrequests);
		if (resp->status == 500)
			hbase_report_status(resp, table, what);
		return palloc0(sizeof(HBaseCellSet));
	}
	if (resp->status != 200)
		hbase_report_status(resp, table, what);
	set = hbase_response_cellset(resp, table, list_length(keys), 0);
	for (i = 0; i < set->nrows; i++)
		if (key_index(keys, set->rows[i].key, set->rows[i].keylen) < 0)
			report_stray_row(table, &set->rows[i], what);
	return set;
}

/*
 * Keys that cannot travel in an old gateway's path: one stateful scanner
 * from the smallest to just after the largest, matching exactly these rows
 * (MultiRowRangeFilter), its bounds and keys base64 in the body.
 */
static HBaseCellSet *
get_by_scanner(HBaseConn *conn, HBaseTable *table, List *keys, List *columns,
			   long *nrequests)
{
	HBaseScanSpec spec;
	bytea	   *lo = NULL,
			   *hi = NULL;
	char	   *end;
	char	   *spath;
	const char *what = "a scanner for a Get (the gateway lacks ?e=b64)";
	HBaseResponse *resp;
	HBaseRow   *rows = NULL;
	int			nrows = 0;
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
	spec.batch = GW_CELL_LIMIT;
	spec.caching = list_length(keys);
	spec.points = list_length(keys) > 1 ? keys : NIL;

	resp = hbase_rest_scanner_create(conn, table, &spec, false);
	(*nrequests)++;
	if (resp->status != 201)
		hbase_report_status(resp, table, what);
	spath = hbase_rest_scanner_created(conn, table, resp, CurrentMemoryContext);

	for (;;)
	{
		HBaseCellSet *page;
		int			i;

		resp = hbase_rest_scanner_read(conn, spath, list_length(keys), GW_CELL_LIMIT, what);
		(*nrequests)++;
		if (resp->status == 204)
			break;
		if (resp->status != 200)
			hbase_report_status(resp, table, what);
		page = hbase_response_cellset(resp, table, list_length(keys), GW_CELL_LIMIT);
		for (i = 0; i < page->nrows; i++)
		{
			HBaseRow   *r = &page->rows[i];

			if (key_index(keys, r->key, r->keylen) < 0)
				report_stray_row(table, r, what);
			/* a row cut by the cell limit goes on in the next page: merge */
			if (nrows > 0 && rows[nrows - 1].keylen == r->keylen &&
				memcmp(rows[nrows - 1].key, r->key, r->keylen) == 0)
			{
				HBaseRow   *prev = &rows[nrows - 1];
				HBaseCell  *cells = palloc(sizeof(HBaseCell) * Max(prev->ncells + r->ncells, 1));

				memcpy(cells, prev->cells, sizeof(HBaseCell) * prev->ncells);
				memcpy(cells + prev->ncells, r->cells, sizeof(HBaseCell) * r->ncells);
				prev->cells = cells;
				prev->ncells += r->ncells;
				continue;
			}
			if (nrows == cap)
			{
				cap = Max(cap * 2, 16);
				rows = rows ? repalloc(rows, sizeof(HBaseRow) * cap) : palloc(sizeof(HBaseRow) * cap);
			}
			rows[nrows++] = *r;
		}
		/*
		 * a page stops at n rows or at the cell limit, else at the scanner's
		 * end; and each key is one row at most
		 */
		if (page->nrows == 0 || (page->ncells < GW_CELL_LIMIT &&
								 (page->nrows < list_length(keys) || nrows == list_length(keys))))
			break;
	}
	hbase_rest_scanner_close(conn, table, spath);
	(*nrequests)++;

	{
		HBaseCellSet *set = palloc0(sizeof(HBaseCellSet));

		set->rows = rows;
		set->nrows = nrows;
		return set;
	}
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
	HBaseCellSet *set;
	HBaseRow   *ordered;
	ListCell   *lc;
	int			n = 0;
	int			i;

	foreach(lc, keys)
	{
		bytea	   *k = lfirst(lc);

		if (!hbase_key_path_safe(VARDATA(k), VARSIZE(k) - VARHDRSZ))
			by_path = false;
		urllen += 3 * (VARSIZE(k) - VARHDRSZ) + 5;
	}
	if (urllen > GW_MAX_PATH)
		by_path = false;
	*by_scanner = !by_path;
	if (by_path)
		return get_by_path(conn, table, keys, nrequests);

	set = get_by_scanner(conn, table, keys, columns, nrequests);
	/* in the order of the keys (a merge on salted keys relies on it) */
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
