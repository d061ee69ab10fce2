/*
 * scan.c: execution of an HBase scan through a stateful REST scanner.
 *
 * The scanner is created lazily on the first row wanted, read in pages of
 * fetch_size rows (so memory stays bounded whatever the table size), and
 * deleted at the end, on rescan, or by the transaction callback after an
 * error.  A page cut by the cell limit may end inside a row: that row is held
 * back and merged with the head of the next page.
 */
#include "postgres.h"

#include "utils/memutils.h"

#include "hbase_fdw.h"

/* cells per response; only an enormous row is ever cut by it */
#define HBASE_CELL_LIMIT	100000

struct HBaseScan
{
	HBaseTable *table;
	HBaseConn  *conn;
	List	   *colspecs;		/* wanted "family:qualifier" */
	char	   *scanner_path;	/* NULL when no scanner is open */
	bool		eof;
	bool		exhausted;		/* the last page has been read */
	MemoryContext pagecxt;		/* the current page */
	MemoryContext holdcxt;		/* a row held back across pages */
	HBaseCellSet *page;
	int			next;			/* next row of page to return */
	HBaseRow   *held;			/* incomplete last row of the previous page */
	long		nrequests;
	long		nrows;
};

HBaseScan *
hbase_scan_begin(HBaseTable *table, HBaseConn *conn, List *retrieved_attrs)
{
	HBaseScan  *scan = palloc0(sizeof(HBaseScan));
	ListCell   *lc;

	scan->table = table;
	scan->conn = conn;
	foreach(lc, retrieved_attrs)
	{
		HBaseColumn *col = &table->columns[lfirst_int(lc) - 1];

		if (col->kind == HBASE_COL_CELL || col->kind == HBASE_COL_FAMILY)
			scan->colspecs = lappend(scan->colspecs, col->colspec);
	}
	scan->pagecxt = AllocSetContextCreate(CurrentMemoryContext, "hbase_fdw page",
										  ALLOCSET_DEFAULT_SIZES);
	scan->holdcxt = AllocSetContextCreate(CurrentMemoryContext, "hbase_fdw held row",
										  ALLOCSET_SMALL_SIZES);
	return scan;
}

static char *
table_path(HBaseScan *scan)
{
	return psprintf("/%s", hbase_escape(scan->conn, scan->table->hbase_table,
										strlen(scan->table->hbase_table)));
}

static void
open_scanner(HBaseScan *scan)
{
	HBaseScanSpec spec;
	char	   *model;
	char	   *path = table_path(scan);
	char	   *what;
	HBaseResponse *resp;
	const char *id;

	memset(&spec, 0, sizeof(spec));
	spec.colspecs = scan->colspecs;
	spec.batch = HBASE_CELL_LIMIT;
	spec.caching = scan->table->fetch_size;
	model = hbase_json_scanner_model(&spec);

	what = psprintf("creating a scanner (POST %s/scanner)", path);
	resp = hbase_request(scan->conn, "POST", psprintf("%s/scanner", path), model,
						 strlen(model), what);
	scan->nrequests++;
	if (resp->status != 201)
		hbase_report_status(resp, scan->table, what);
	/*
	 * Keep only the scanner id: the Location host is the gateway's idea of
	 * itself, which a proxy in front of it may not share.
	 */
	id = resp->location ? strrchr(resp->location, '/') : NULL;
	if (id == NULL || id[1] == '\0')
		ereport(ERROR,
				(errcode(ERRCODE_FDW_ERROR),
				 errmsg("HBase REST gateway created a scanner on table \"%s\" without a Location",
						scan->table->hbase_table)));
	scan->scanner_path = MemoryContextStrdup(GetMemoryChunkContext(scan),
											 psprintf("%s/scanner%s", path, id));
	hbase_scanner_opened(scan->conn, scan->scanner_path);
}

static void
close_scanner(HBaseScan *scan)
{
	HBaseResponse *resp;
	char	   *path = scan->scanner_path;

	if (path == NULL)
		return;
	scan->scanner_path = NULL;
	hbase_scanner_closed(scan->conn, path);
	resp = hbase_request(scan->conn, "DELETE", path, NULL, 0, "deleting a scanner");
	scan->nrequests++;
	/* 404: already gone (expired); nothing to do */
	if (resp->status != 200 && resp->status != 404)
		hbase_report_status(resp, scan->table, "deleting a scanner");
	pfree(path);
}

static HBaseRow *
copy_row(HBaseRow *src)
{
	HBaseRow   *r = palloc(sizeof(HBaseRow));
	int			i;

	r->key = pnstrdup(src->key, src->keylen);
	r->keylen = src->keylen;
	r->ncells = src->ncells;
	r->cells = palloc(sizeof(HBaseCell) * Max(src->ncells, 1));
	for (i = 0; i < src->ncells; i++)
	{
		r->cells[i] = src->cells[i];
		r->cells[i].column = pnstrdup(src->cells[i].column, src->cells[i].collen);
		r->cells[i].value = pnstrdup(src->cells[i].value, src->cells[i].vallen);
	}
	return r;
}

/* Fetch the next page into pagecxt; false at the end of the scan. */
static bool
fetch_page(HBaseScan *scan)
{
	MemoryContext old;
	HBaseResponse *resp;
	const char *error;
	char	   *path;
	HBaseCellSet *set;
	bool		cut;

	if (scan->exhausted)
		return false;
	if (scan->scanner_path == NULL)
		open_scanner(scan);

	MemoryContextReset(scan->pagecxt);
	scan->page = NULL;
	scan->next = 0;
	old = MemoryContextSwitchTo(scan->pagecxt);

	path = psprintf("%s?n=%d&c=%d", scan->scanner_path, scan->table->fetch_size, HBASE_CELL_LIMIT);
	resp = hbase_request(scan->conn, "GET", path, NULL, 0, "reading a scanner");
	scan->nrequests++;
	if (resp->status == 204)
	{
		MemoryContextSwitchTo(old);
		return false;
	}
	if (resp->status != 200)
		hbase_report_status(resp, scan->table, "reading a scanner");
	set = hbase_json_parse_cellset(resp->body, resp->len, &error);
	if (set == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_DATA_TYPE),
				 errmsg("could not parse the HBase REST response for table \"%s\": %s",
						scan->table->hbase_table, error)));
	pfree(resp->body);
	cut = (set->ncells >= HBASE_CELL_LIMIT);

	/*
	 * The gateway stops a page at n rows or c cells, else only when the
	 * scanner is exhausted: then no need to ask again for the 204.
	 */
	if (!cut && set->nrows < scan->table->fetch_size)
		scan->exhausted = true;

	/* merge a row held back from the previous page */
	if (scan->held && set->nrows > 0 &&
		set->rows[0].keylen == scan->held->keylen &&
		memcmp(set->rows[0].key, scan->held->key, scan->held->keylen) == 0)
	{
		HBaseRow   *r = &set->rows[0];
		HBaseCell  *cells = palloc(sizeof(HBaseCell) * (r->ncells + scan->held->ncells));

		memcpy(cells, scan->held->cells, sizeof(HBaseCell) * scan->held->ncells);
		memcpy(cells + scan->held->ncells, r->cells, sizeof(HBaseCell) * r->ncells);
		r->cells = cells;
		r->ncells += scan->held->ncells;
		r = copy_row(r);		/* into pagecxt, before holdcxt goes */
		set->rows[0] = *r;
		scan->held = NULL;
	}
	MemoryContextSwitchTo(old);
	scan->nrows += set->nrows;

	if (scan->held)
	{
		/* held row was complete after all: put it in front */
		HBaseRow   *rows;

		old = MemoryContextSwitchTo(scan->pagecxt);
		rows = palloc(sizeof(HBaseRow) * (set->nrows + 1));
		rows[0] = *copy_row(scan->held);
		memcpy(rows + 1, set->rows, sizeof(HBaseRow) * set->nrows);
		set->rows = rows;
		set->nrows++;
		scan->held = NULL;
		MemoryContextSwitchTo(old);
	}
	MemoryContextReset(scan->holdcxt);

	if (cut && set->nrows > 0)
	{
		old = MemoryContextSwitchTo(scan->holdcxt);
		scan->held = copy_row(&set->rows[set->nrows - 1]);
		MemoryContextSwitchTo(old);
		set->nrows--;
	}
	scan->page = set;
	return true;
}

HBaseRow *
hbase_scan_next(HBaseScan *scan)
{
	while (scan->page == NULL || scan->next >= scan->page->nrows)
	{
		if (scan->eof)
			return NULL;
		if (!fetch_page(scan))
		{
			scan->eof = true;
			close_scanner(scan);
			if (scan->held)
			{
				/* the last row of the table was held back */
				MemoryContext old = MemoryContextSwitchTo(scan->pagecxt);

				scan->page = palloc0(sizeof(HBaseCellSet));
				scan->page->rows = copy_row(scan->held);
				scan->page->nrows = 1;
				scan->next = 0;
				scan->held = NULL;
				MemoryContextSwitchTo(old);
				continue;
			}
			return NULL;
		}
	}
	return &scan->page->rows[scan->next++];
}

void
hbase_scan_rescan(HBaseScan *scan)
{
	close_scanner(scan);
	MemoryContextReset(scan->pagecxt);
	MemoryContextReset(scan->holdcxt);
	scan->page = NULL;
	scan->held = NULL;
	scan->next = 0;
	scan->eof = false;
	scan->exhausted = false;
}

void
hbase_scan_end(HBaseScan *scan)
{
	close_scanner(scan);
}

void
hbase_scan_stats(HBaseScan *scan, long *requests, long *rows)
{
	*requests = scan->nrequests;
	*rows = scan->nrows;
}
