/*
 * rest.c: typed REST operations of the executor.
 *
 * scan.c and scan_pages.c decide what to read (which range, which page
 * size, when to resume or give up); this file knows how the gateway is asked for it: the paths,
 * query parameters and bodies of a scanner's creation, read and deletion,
 * of Gets, multigets, stateless scans (forward and reversed), of PUTs and
 * DELETEs of rows and cells, and of the table's existence check, a
 * namespace's tables and a table's schema.  The reads of the executor
 * (scanner pages, stateless pages, Gets, multigets, region listings) come
 * back typed: an HBaseResult whose outcome says what the answer means for
 * that request (done, end, scanner lost, gateway unavailable, failed) with
 * the decoded CellSet, decided here from the status in one place
 * (read_result), so that scan.c's resume logic never looks at statuses.
 * The writes (PUT of rows, check-and-put, Increment, DELETE) come back
 * typed too, by the one rule of what a write's answer means
 * (hbase_write_outcome: applied, check failed, maybe applied, refused,
 * surely not sent), so that modify.c and direct.c never look at statuses;
 * they tell which rows may stand.  The catalog requests of IMPORT return
 * the gateway's response.
 * hbase_report_status below is the one place mapping statuses to
 * SQLSTATEs.  The requests
 * themselves go through connection.c (keep-alive handle, transport, size
 * caps, interrupts).  What a gateway version offers is in gateway.c; the
 * reads of keys through an old gateway are in gateway_rows.c.
 */
#include "postgres.h"

#include "common/base64.h"
#include "lib/stringinfo.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "utils/memutils.h"
#include "utils/timestamp.h"
#include "utils/varlena.h"

#include "wire_int.h"

static void missing_table_error(HBaseResponse *resp, HBaseTable *table, const char *what,
								const char *similar) pg_attribute_noreturn();

/* "/ns:table", escaped, the prefix of every path of the table */
char *
hbase_rest_table_path(HBaseConn *conn, HBaseTable *table)
{
	return psprintf("/%s", hbase_escape(conn, table->remote_table, strlen(table->remote_table)));
}

/* URL-safe base64 of a key, for ?e=b64 paths and multiget rows */
static char *
hbase_b64url(const char *key, int len)
{
	int			enclen = pg_b64_enc_len(len);
	char	   *out = palloc(enclen + 1);
	int			n = pg_b64_encode(key, len, out, enclen);
	int			i;

	if (n < 0)
		elog(ERROR, "could not encode a rowkey in base64");
	while (n > 0 && out[n - 1] == '=')
		n--;
	out[n] = '\0';
	for (i = 0; i < n; i++)
		out[i] = out[i] == '+' ? '-' : out[i] == '/' ? '_' : out[i];
	return n > 0 ? out : pstrdup("=");
}

/*
 * The longest prefix of s that is valid UTF-8 (the stateless scan takes its
 * bounds as strings).  A NUL byte is a character here: the gateway decodes
 * %00 in a query parameter to U+0000 and Bytes.toBytes() writes it back as
 * 0x00, so the bound just after a text key (key + 0x00, a keyset page's
 * start) stays one stateless request.
 */
int
hbase_utf8_prefix(const char *s, int len)
{
	const unsigned char *u = (const unsigned char *) s;
	int			i = 0;

	while (i < len)
	{
		int			l = u[i] < 0x80 ? 1 : pg_utf_mblen(u + i);

		if (l > len - i || (l > 1 && !pg_utf8_islegal(u + i, l)) || (l == 1 && u[i] >= 0x80))
			break;
		i += l;
	}
	return i;
}

/*
 * A scan bound longer than HBase's longest key (HBASE_MAX_ROW_LENGTH), which
 * a Scan refuses, as one it takes that bounds the same rows: a key k no
 * longer than P, the bound's first HBASE_MAX_ROW_LENGTH bytes, is at or
 * above the bound exactly when it is above P, and no key but P itself
 * starts with P, so both an inclusive start and an exclusive end become
 * P's successor among such keys (P with its last byte below 0xff raised
 * and cut there).  A P of 0xff bytes only has no successor: P itself, a
 * superset (every qual is checked again here).  *len gets the new length.
 */
static const char *
key_bound(const char *bound, int *len)
{
	char	   *p = hbase_memdup(bound, HBASE_MAX_ROW_LENGTH);
	int			plen = HBASE_MAX_ROW_LENGTH;

	while (plen > 0 && (unsigned char) p[plen - 1] == 0xff)
		plen--;
	if (plen == 0)
	{
		*len = HBASE_MAX_ROW_LENGTH;
		return bound;
	}
	p[plen - 1]++;
	*len = plen;
	return p;
}

/* ---------------- typed results ---------------- */

/* the kinds of read whose statuses mean different things */
typedef enum ReadKind
{
	READ_SCANNER,				/* a scanner's page */
	READ_STATELESS,				/* a stateless scan's page, forward or reversed */
	READ_GET,					/* a Get of one row */
	READ_MULTIGET				/* a multiget */
} ReadKind;

/*
 * What an answer to a read means, the one place that decides it:
 *   200: done, the CellSet decoded (at most max_rows rows and max_cells
 *        cells, 0: no bound) into the current memory context;
 *   no answer, or 502 to 504 (a gateway still starting, a proxy in front of
 *        it without one): the gateway is unavailable;
 *   204: a scanner's or a stateless scan's end;
 *   404: no row (a Get, a multiget), no row in range (a stateless page), a
 *        scanner gone (expired, gateway restarted); each may also be a
 *        missing table (table_unsure);
 *   410: a scanner gone;
 *   500: the gateway failed the read (server_error): a scanner is unusable
 *        after it (lost); the 500 of a multiget or a stateless scan may be
 *        a missing table (TableNotFoundException);
 *   anything else failed (hbase_rest_report).
 */
static HBaseResult
read_result(HBaseResponse *resp, HBaseTable *table, ReadKind kind, long max_rows,
			long max_cells)
{
	HBaseResult res;

	memset(&res, 0, sizeof(res));
	res.resp = resp;
	res.status = resp->status;
	res.outcome = HBASE_FAILED;
	if (resp->status == 200)
	{
		res.outcome = HBASE_DONE;
		res.set = hbase_response_cellset(resp, table, max_rows, max_cells);
		/* decoded: the answer leaves the budget of answers held (http.c) */
		hbase_response_release(resp);
	}
	else if (resp->status == 0)
	{
		res.outcome = HBASE_UNAVAILABLE;
		res.unsent = resp->unsent;
	}
	else if (hbase_status_unavailable(resp->status))
	{
		res.outcome = HBASE_UNAVAILABLE;
		res.answered = true;
	}
	else if (resp->status == 204 && (kind == READ_SCANNER || kind == READ_STATELESS))
		res.outcome = HBASE_END;
	else if (resp->status == 404)
	{
		res.outcome = kind == READ_SCANNER ? HBASE_LOST : HBASE_END;
		res.table_unsure = true;
	}
	else if (resp->status == 410 && kind == READ_SCANNER)
		res.outcome = HBASE_LOST;
	else if (resp->status == 500)
	{
		res.server_error = true;
		if (kind == READ_SCANNER)
			res.outcome = HBASE_LOST;
		res.table_unsure = kind == READ_STATELESS || kind == READ_MULTIGET;
	}
	return res;
}

/*
 * The rule of writes, the one place that decides what an answer to a write
 * means (a PUT of rows, a check-and-put, an Increment, a DELETE of a row or
 * a cell).  Its ground: any HTTP answer may come after the write was done,
 * so a write goes out at most once, to one gateway, and goes to the next
 * gateway only when it surely never left this backend.  A copy sent
 * elsewhere while the first gateway still holds it could be overwritten by
 * its late PUT, or its late DELETE remove a row written after it; a second
 * Increment would count twice.
 *   no answer, the connection never made (unsent): UNAVAILABLE, surely not
 *        done: the one case that may go to the next gateway (connection.c
 *        asks here, for every request that is not a read);
 *   no answer after the request went out (a timeout, a reset):
 *        MAYBE_APPLIED, raised as 08007 by connection.c, which has the
 *        transport's words;
 *   200: DONE, applied;
 *   304 of a check-and-put (check): CHECK_FAILED, nothing written: another
 *        writer came first (the caller reads again, or raises 40001/HV000);
 *   500 to 599: MAYBE_APPLIED, 08007 (hbase_report_status): the REST
 *        resource's 503 "Unavailable" comes after HBase failed the write it
 *        attempted, part of which may stand; a service mesh or a load
 *        balancer answers 503 (Envoy's "upstream connect error or
 *        disconnect/reset before headers"), 502 or 504 after it forwarded
 *        the request; a 500 comes after the resource ran;
 *   anything else: FAILED, a plain error with the status and the gateway's
 *        words (hbase_report_status): 4xx answers are refusals before any
 *        write: 401/403 (refused: credentials, a read-only gateway), 404 (a
 *        missing table or family: table_unsure), 400 (a value HBase's client
 *        refuses, the whole batch before any row).
 * per_row: 400 and the resource's 503 "Unavailable" are HBase's own answers
 * about the rows: a batch's rows sent alone tell which stand; no other
 * answer tells anything about single rows.
 * status 0 is no answer; res, when given, gets the outcome and its flags.
 */
HBaseOutcome
hbase_write_outcome(long status, bool unsent, const char *body, bool check, HBaseResult *res)
{
	HBaseOutcome outcome;

	if (status == 0)
		outcome = unsent ? HBASE_UNAVAILABLE : HBASE_MAYBE_APPLIED;
	else if (status == 200)
		outcome = HBASE_DONE;
	else if (status == 304 && check)
		outcome = HBASE_CHECK_FAILED;
	else if (status >= 500 && status <= 599)
		outcome = HBASE_MAYBE_APPLIED;
	else
		outcome = HBASE_FAILED;
	if (res != NULL)
	{
		res->outcome = outcome;
		res->status = status;
		res->unsent = status == 0 && unsent;
		res->refused = status == 401 || status == 403;
		res->table_unsure = status == 404;
		res->per_row = status == 400 ||
			(status == 503 && body != NULL && strncmp(body, "Unavailable", 11) == 0);
	}
	return outcome;
}

/* a write's answer, typed by the rule above (check: a check-and-put) */
static HBaseResult
write_result(HBaseResponse *resp, bool check)
{
	HBaseResult res;

	memset(&res, 0, sizeof(res));
	res.resp = resp;
	hbase_write_outcome(resp->status, resp->unsent, resp->body, check, &res);
	return res;
}

/*
 * A read or write that did not come to what its caller can use: the error
 * (what NULL: the request's)
 */
void
hbase_rest_report(const HBaseResult *res, HBaseTable *table, const char *what)
{
	hbase_report_status(res->resp, table, what ? what : res->resp->what);
}

/* ---------------- stateful scanners ---------------- */

/*
 * POST a scanner of this spec: done, with its path in res.scanner (palloc'd
 * in cxt and listed on the connection: the transaction end deletes what is
 * still listed); unavailable (no answer, 502 to 504) only when resuming: the
 * caller tries again; anything else failed.  The POST goes out once (a
 * POST always does).  Only the scanner id is kept: the Location host is the
 * gateway's idea of itself, which a proxy in front of it may not share.
 */
HBaseResult
hbase_rest_scanner_open(HBaseConn *conn, HBaseTable *table, const HBaseScanSpec *spec,
						bool resuming, MemoryContext cxt)
{
	char	   *path = hbase_rest_table_path(conn, table);
	HBaseScanSpec bounded = *spec;
	char	   *model;
	char	   *what = psprintf("creating a scanner (POST %s/scanner)", path);
	HBaseResult res;
	HBaseResponse *resp;

	/* bounds past HBase's longest key, which it refuses: the same rows, exactly */
	if (bounded.startlen > HBASE_MAX_ROW_LENGTH)
		bounded.startrow = key_bound(bounded.startrow, &bounded.startlen);
	if (bounded.endlen > HBASE_MAX_ROW_LENGTH)
		bounded.endrow = key_bound(bounded.endrow, &bounded.endlen);
	model = hbase_json_scanner_model(&bounded);

	/* another gateway may take it (a scanner made but never heard of expires) */
	resp = hbase_request_ex(conn, "POST", psprintf("%s/scanner", path), model, strlen(model),
							what, HBASE_REQ_IDEMPOTENT | (resuming ? HBASE_REQ_TRANSPORT_OK : 0));
	memset(&res, 0, sizeof(res));
	res.resp = resp;
	res.outcome = HBASE_FAILED;
	if (resp->status == 201)
	{
		/* on the gateway that made it (an absolute URL when there are several) */
		res.outcome = HBASE_DONE;
		res.scanner = MemoryContextStrdup(cxt, psprintf("%s%s/scanner/%s",
														hbase_scanner_prefix(conn), path,
														hbase_scanner_id(resp, table)));
		hbase_scanner_opened(conn, res.scanner);
	}
	else if (resuming && (resp->status == 0 || hbase_status_unavailable(resp->status)))
	{
		res.outcome = HBASE_UNAVAILABLE;
		res.answered = resp->status != 0;
		res.unsent = resp->unsent;
	}
	return res;
}

/* the path of a scanner read of at most rows rows and HBASE_CELL_LIMIT cells */
static char *
scanner_page_path(const char *scanner, int rows)
{
	return psprintf("%s?n=%d&c=%d", scanner, rows, HBASE_CELL_LIMIT);
}

/* a scanner page's answer: at most fetch_size rows (no page is asked for more) */
static HBaseResult
scanner_page_result(HBaseResponse *resp, HBaseTable *table)
{
	return read_result(resp, table, READ_SCANNER, table->fetch_size, HBASE_CELL_LIMIT);
}

/*
 * The next page of a scanner (rows rows at most), sent once: a read sent
 * again would get the page after one the gateway took.  Done, end, lost
 * (404, 410, 500), unavailable (no answer too) or failed.
 */
HBaseResult
hbase_rest_scanner_next(HBaseConn *conn, HBaseTable *table, const char *scanner, int rows)
{
	return scanner_page_result(hbase_request_ex(conn, "GET", scanner_page_path(scanner, rows),
												NULL, 0, "reading a scanner",
												HBASE_REQ_TRANSPORT_OK | HBASE_REQ_CELLSET |
												HBASE_REQ_ONCE),
							   table);
}

/*
 * The next page of a scanner read ahead: sent now, taken by
 * hbase_rest_scanner_next_taken as hbase_rest_scanner_next's answer.  False
 * when the connection has no handle free for it: read synchronously then.
 */
bool
hbase_rest_scanner_next_ahead(HBaseAhead *ahead, const char *scanner, int rows)
{
	return hbase_ahead_start(ahead, scanner_page_path(scanner, rows), "reading a scanner",
							 HBASE_REQ_TRANSPORT_OK | HBASE_REQ_CELLSET | HBASE_REQ_ONCE);
}

/* the answer to the read hbase_rest_scanner_next_ahead sent, as hbase_rest_scanner_next's */
HBaseResult
hbase_rest_scanner_next_taken(HBaseAhead *ahead, HBaseTable *table)
{
	return scanner_page_result(hbase_ahead_finish(ahead), table);
}

static char *stateless_path(HBaseConn *conn, HBaseTable *table, const HBaseStatelessScan *s);

/*
 * n pages at once: the next page of scanners[i] (rows[i] rows), as
 * hbase_rest_scanner_next, or where scanners[i] is NULL the forward
 * stateless scan page stateless[i], as hbase_rest_stateless_scan; each
 * decoded into cxts[i].
 */
void
hbase_rest_pages_many(HBaseConn *conn, HBaseTable *table, char **scanners, const int *rows,
					  const HBaseStatelessScan *stateless, int n, MemoryContext *cxts,
					  HBaseResult *out)
{
	const char *paths[HBASE_MAX_CONCURRENCY];
	bool		json[HBASE_MAX_CONCURRENCY] = {0};
	HBaseResponse *resp[HBASE_MAX_CONCURRENCY];
	int			i;

	Assert(n <= HBASE_MAX_CONCURRENCY);
	for (i = 0; i < n; i++)
	{
		json[i] = scanners[i] == NULL;
		paths[i] = scanners[i] == NULL ? stateless_path(conn, table, &stateless[i]) :
			scanner_page_path(scanners[i], rows[i]);
	}
	hbase_request_many(conn, paths, json, n, "reading a scanner", resp, false);
	for (i = 0; i < n; i++)
	{
		MemoryContext old = MemoryContextSwitchTo(cxts[i]);

		out[i] = scanners[i] == NULL ?
			read_result(resp[i], table, READ_STATELESS, stateless[i].limit, 0) :
			scanner_page_result(resp[i], table);
		MemoryContextSwitchTo(old);
	}
}

/*
 * Delete a scanner at the end of its range.  If no answer comes, the error
 * leaves it listed and the transaction end deletes it.  A 404 is a scanner
 * already gone (expired).
 */
void
hbase_rest_scanner_close(HBaseConn *conn, HBaseTable *table, const char *scanner)
{
	HBaseResponse *resp;

	resp = hbase_request(conn, "DELETE", scanner, NULL, 0, "deleting a scanner");
	hbase_scanner_closed(conn, scanner);
	if (resp->status != 200 && resp->status != 404)
		hbase_report_status(resp, table, "deleting a scanner");
}

/*
 * Delete a lost scanner that the gateway still answered for, whatever comes
 * of it (the caller keeps one that got no answer listed for the transaction
 * end's cleanup: it may live on).
 */
void
hbase_rest_scanner_drop(HBaseConn *conn, const char *scanner)
{
	hbase_scanner_closed(conn, scanner);
	(void) hbase_request_ex(conn, "DELETE", scanner, NULL, 0, "deleting a lost scanner",
							HBASE_REQ_TRANSPORT_OK);
}

/* ---------------- a scanner read to its end ---------------- */

/*
 * A row cut across pages joined whole.  A scanner page stops at n rows or at
 * HBASE_CELL_LIMIT cells (the batch), so a page cut by the cell limit may
 * end inside a row, which then goes on at the head of the next page.  The
 * row held back from the previous page (*held) is merged into the head of
 * this one when it goes on there, else put in front (it was whole after
 * all); both into the current memory context.  When this page was cut
 * (cut), its last row is held back in its turn, copied into holdcxt (reset
 * first; NULL: the current context).  Every scanner reader joins its pages
 * here.
 */
void
hbase_page_join(HBaseCellSet *set, HBaseRow **held, bool cut, MemoryContext holdcxt)
{
	HBaseRow   *h = *held;

	if (h && set->nrows > 0 && set->rows[0].keylen == h->keylen &&
		memcmp(set->rows[0].key, h->key, h->keylen) == 0)
	{
		HBaseRow   *r = &set->rows[0];
		HBaseCell  *cells = palloc(sizeof(HBaseCell) * Max(r->ncells + h->ncells, 1));

		memcpy(cells, h->cells, sizeof(HBaseCell) * h->ncells);
		memcpy(cells + h->ncells, r->cells, sizeof(HBaseCell) * r->ncells);
		r->cells = cells;
		r->ncells += h->ncells;
		set->rows[0] = *hbase_copy_row(r);	/* before holdcxt goes */
	}
	else if (h)
	{
		HBaseRow   *rows = palloc(sizeof(HBaseRow) * (set->nrows + 1));

		rows[0] = *hbase_copy_row(h);
		memcpy(rows + 1, set->rows, sizeof(HBaseRow) * set->nrows);
		set->rows = rows;
		set->nrows++;
	}
	*held = NULL;
	if (holdcxt)
		MemoryContextReset(holdcxt);
	if (cut && set->nrows > 0)
	{
		MemoryContext old = MemoryContextSwitchTo(holdcxt ? holdcxt : CurrentMemoryContext);

		*held = hbase_copy_row(&set->rows[set->nrows - 1]);
		MemoryContextSwitchTo(old);
		set->nrows--;
	}
}

/* a row and its bytes, in the current memory context */
HBaseRow *
hbase_copy_row(const HBaseRow *src)
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
 * A stateful scanner read page by page to its end, for readers that do not
 * resume (an old gateway's Get by scanner, Phoenix's catalog): anything but
 * a page or the scanner's end is an error, and so is no answer.  Pages come
 * as whole rows (hbase_page_join).  scan.c's streams, which resume, read
 * their scanners themselves.
 */
struct HBaseScanner
{
	HBaseConn  *conn;
	HBaseTable *table;
	char	   *path;
	int			rows;			/* rows per page */
	int			limit;			/* rows at most in all, 0: no bound */
	int			taken;			/* whole rows returned */
	const char *what;
	long	   *nrequests;
	HBaseRow   *held;			/* a row cut by the cell limit */
	bool		end;
};

/*
 * Create the scanner of spec, read rows rows a page; limit > 0: the scanner
 * holds that many rows at most (it ends when they came).  Requests are
 * counted in *nrequests.
 */
HBaseScanner *
hbase_scanner_open(HBaseConn *conn, HBaseTable *table, const HBaseScanSpec *spec, int rows,
				   int limit, const char *what, long *nrequests)
{
	HBaseScanner *s = palloc0(sizeof(HBaseScanner));
	HBaseResult res;

	s->conn = conn;
	s->table = table;
	s->rows = rows;
	s->limit = limit;
	s->what = what;
	s->nrequests = nrequests;
	res = hbase_rest_scanner_open(conn, table, spec, false, CurrentMemoryContext);
	(*nrequests)++;
	if (res.outcome != HBASE_DONE)
		hbase_rest_report(&res, table, what);
	s->path = res.scanner;
	return s;
}

/* the next page's whole rows (none empty); NULL at the scanner's end */
HBaseCellSet *
hbase_scanner_page(HBaseScanner *s)
{
	for (;;)
	{
		HBaseResult res;
		HBaseCellSet *set;
		bool		cut;
		int			raw;

		if (s->end)
		{
			if (s->held == NULL)
				return NULL;
			/* the scanner's last row was held back */
			set = palloc0(sizeof(HBaseCellSet));
			set->rows = s->held;
			set->nrows = 1;
			set->ncells = s->held->ncells;
			s->held = NULL;
			return set;
		}
		CHECK_FOR_INTERRUPTS();
		/* sent once: a read sent again would get the page after one the gateway took */
		res = read_result(hbase_request_ex(s->conn, "GET", scanner_page_path(s->path, s->rows),
										   NULL, 0, s->what, HBASE_REQ_CELLSET | HBASE_REQ_ONCE),
						  s->table, READ_SCANNER, s->rows, HBASE_CELL_LIMIT);
		(*s->nrequests)++;
		if (res.outcome == HBASE_END)
		{
			s->end = true;
			continue;
		}
		if (res.outcome != HBASE_DONE)
			hbase_rest_report(&res, s->table, s->what);
		set = res.set;
		cut = set->ncells >= HBASE_CELL_LIMIT;
		raw = set->nrows;
		hbase_page_join(set, &s->held, cut, NULL);
		s->taken += set->nrows;
		/* a page stops at n rows or at the cell limit, else at the scanner's end */
		if (raw == 0 || (!cut && (raw < s->rows || (s->limit > 0 && s->taken >= s->limit))))
			s->end = true;
		if (set->nrows > 0)
			return set;
	}
}

/* delete the scanner (at its end or not) */
void
hbase_scanner_close(HBaseScanner *s)
{
	hbase_rest_scanner_close(s->conn, s->table, s->path);
	(*s->nrequests)++;
}

/* ---------------- Gets ---------------- */

/* what a scanner that reads keys too long for a URL is called, in EXPLAIN and messages */
#define LONG_KEYS_WHAT	"a scanner of keys too long for a URL"

/*
 * The rows of keys longer than HBase's longest (HBASE_MAX_ROW_LENGTH),
 * which no row has and a Get refuses: none, without asking (an answer of
 * its own stands for resp, as the callers name it; the table is not
 * checked).
 */
static HBaseResult
no_such_rows(const char *what)
{
	HBaseResult res;
	HBaseResponse *resp = palloc0(sizeof(HBaseResponse));

	memset(&res, 0, sizeof(res));
	res.outcome = HBASE_END;
	res.status = 404;
	resp->status = 404;
	resp->what = what;
	res.resp = resp;
	res.more_requests = -1;
	return res;
}

/*
 * n keys too long for a URL, read by one scanner whose body carries them
 * (hbase_rows_by_scanner): done, the rows in the keys' order (none when
 * none exists; a missing table is the scanner's error).  An answer of its
 * own stands for resp, as a Get's or a multiget's callers name it.
 */
static HBaseResult
keys_by_scanner(HBaseConn *conn, HBaseTable *table, bytea **keys, int n, List *columns)
{
	HBaseResult res;
	HBaseResponse *resp = palloc0(sizeof(HBaseResponse));
	List	   *list = NIL;
	long		nreq = 0;
	int			i;

	for (i = 0; i < n; i++)
		list = lappend(list, keys[i]);
	memset(&res, 0, sizeof(res));
	res.set = hbase_rows_by_scanner(conn, table, list, columns, LONG_KEYS_WHAT, &nreq);
	res.outcome = HBASE_DONE;
	res.status = 200;
	resp->status = 200;
	resp->what = LONG_KEYS_WHAT;
	res.resp = resp;
	res.more_requests = (int) nreq - 1;
	res.url_note = "keys too long for a URL read by a scanner";
	return res;
}

/*
 * One row by its key (binary-safe: ?e=b64), in the connection's transport:
 * done (the row), end (no such row; table_unsure) or failed.  A key too
 * long for a URL is read by a scanner (columns: what it reads), one longer
 * than HBase's longest is no row, without a request.
 */
HBaseResult
hbase_rest_get(HBaseConn *conn, HBaseTable *table, const char *key, int keylen, List *columns)
{
	char	   *path;

	if (keylen > HBASE_MAX_ROW_LENGTH)
		return no_such_rows("a Get");
	/* v: a table mapping versions reads that many of each cell */
	path = psprintf("%s/%s?e=b64&v=%d", hbase_rest_table_path(conn, table),
					hbase_b64url(key, keylen), Max(table->versions, 1));
	if (strlen(path) > HBASE_URL_MAX)
	{
		bytea	   *k = hbase_bytea(key, keylen);

		return keys_by_scanner(conn, table, &k, 1, columns);
	}
	return read_result(hbase_request_ex(conn, "GET", path, NULL, 0, "a Get", HBASE_REQ_CELLSET),
					   table, READ_GET, 1, 0);
}

/* bytes as a quoted string of HBase's filter language ('' for a quote) */
static void
filter_quote(StringInfo b, const char *data, int len)
{
	int			i;

	appendStringInfoChar(b, '\'');
	for (i = 0; i < len; i++)
	{
		if (data[i] == '\'')
			appendStringInfoChar(b, '\'');
		appendStringInfoChar(b, data[i]);
	}
	appendStringInfoChar(b, '\'');
}

/* one value filter in HBase's filter language, or false (a BitComparator has no spelling) */
static bool
filter_text(StringInfo b, const HBaseCellFilter *f)
{
	static const char *const cmp_prefix[] = {
		[HBASE_CMP_BINARY] = "binary:",
		[HBASE_CMP_PREFIX] = "binaryprefix:",
		[HBASE_CMP_SUBSTRING] = "substring:",
		[HBASE_CMP_REGEX] = "regexstring:",
	};
	static const struct
	{
		const char *hbase;
		const char *text;
	}			ops[] = {
		{"EQUAL", "="}, {"NOT_EQUAL", "!="}, {"LESS", "<"}, {"LESS_OR_EQUAL", "<="},
		{"GREATER", ">"}, {"GREATER_OR_EQUAL", ">="},
	};
	StringInfoData val;
	ListCell   *lc;
	int			start = b->len;
	int			kept = 0;
	int			i;

	if (f->kind != HBASE_CF_CELL)
	{
		/* whole or not at all: EXPLAIN shows the top filters sent */
		appendStringInfoChar(b, '(');
		foreach(lc, f->args)
		{
			if (kept > 0)
				appendStringInfoString(b, f->kind == HBASE_CF_AND ? " AND " : " OR ");
			if (!filter_text(b, lfirst(lc)))
				break;
			kept++;
		}
		appendStringInfoChar(b, ')');
		if (kept == list_length(f->args))
			return true;
		b->len = start;
		b->data[start] = '\0';
		return false;
	}
	if (f->comparator == HBASE_CMP_LENGTH)
		return false;
	for (i = 0; strcmp(ops[i].hbase, f->op) != 0; i++)
		;
	appendStringInfoString(b, "SingleColumnValueFilter(");
	filter_quote(b, f->col->colspec, f->col->famlen);
	appendStringInfoString(b, ", ");
	filter_quote(b, f->col->colspec + f->col->famlen + 1, f->col->speclen - f->col->famlen - 1);
	appendStringInfo(b, ", %s, ", ops[i].text);
	initStringInfo(&val);
	appendStringInfoString(&val, cmp_prefix[f->comparator]);
	appendBinaryStringInfo(&val, VARDATA(f->value), VARSIZE(f->value) - VARHDRSZ);
	filter_quote(b, val.data, val.len);
	appendStringInfo(b, ", %s, true)", f->if_missing ? "true" : "false");
	return true;
}

/*
 * The value filters of a scan (ANDed) in HBase's filter language, for the
 * multigets of 2.6's gateway (?filter_b64, ParseFilter); NULL when none can
 * be said in it.  A filter that cannot (it holds a binary integer's width
 * test: the language has no BitComparator) is left out, a superset.  A
 * bytea: the comparators' bytes may hold zeros.
 */
bytea *
hbase_rest_filter_text(List *filters)
{
	StringInfoData b;
	bytea	   *out;
	ListCell   *lc;

	initStringInfo(&b);
	foreach(lc, filters)
	{
		int			before = b.len;

		if (b.len > 0)
			appendStringInfoString(&b, " AND ");
		if (!filter_text(&b, lfirst(lc)))
		{
			b.len = before;
			b.data[before] = '\0';
		}
	}
	if (b.len == 0)
		return NULL;
	out = palloc(VARHDRSZ + b.len);
	SET_VARSIZE(out, VARHDRSZ + b.len);
	memcpy(VARDATA(out), b.data, b.len);
	return out;
}

/*
 * The path of a multiget of n keys (bytea *), binary-safe (?e=b64); with
 * filter (hbase_rest_filter_text): only the rows that pass it come.
 */
static char *
multiget_path(HBaseConn *conn, HBaseTable *table, bytea **keys, int n, const bytea *filter)
{
	StringInfoData path;
	int			i;

	initStringInfo(&path);
	appendStringInfo(&path, "%s/multiget?e=b64&v=%d", hbase_rest_table_path(conn, table),
					 Max(table->versions, 1));
	if (filter)
		appendStringInfo(&path, "&filter_b64=%s",
						 hbase_b64url(VARDATA(filter), VARSIZE(filter) - VARHDRSZ));
	for (i = 0; i < n; i++)
		appendStringInfo(&path, "&row=%s",
						 hbase_b64url(VARDATA(keys[i]), VARSIZE(keys[i]) - VARHDRSZ));
	return path.data;
}

/* the length of a key in a multiget's path: "&row=" and its base64 (no padding) */
static size_t
multiget_key_len(const bytea *key)
{
	size_t		len = VARSIZE(key) - VARHDRSZ;

	return 5 + (len == 0 ? 1 : (4 * len + 2) / 3);
}

/* would the multiget of n keys with filter stay within HBASE_URL_MAX? */
static bool
multiget_fits(HBaseConn *conn, HBaseTable *table, bytea **keys, int n, const bytea *filter)
{
	size_t		len = strlen(multiget_path(conn, table, keys, 0, filter));
	int			i;

	for (i = 0; i < n && len <= HBASE_URL_MAX; i++)
	{
		/* a key no row has: left out (multiget_split) */
		if (VARSIZE(keys[i]) - VARHDRSZ > HBASE_MAX_ROW_LENGTH)
			return false;
		len += multiget_key_len(keys[i]);
	}
	return len <= HBASE_URL_MAX;
}

/* the rows of n keys (bytea *) in one request (?e=b64), as hbase_rest_get's; filter: as multiget_path's */
static HBaseResult
multiget_one(HBaseConn *conn, HBaseTable *table, bytea **keys, int n, const bytea *filter)
{
	return read_result(hbase_request_ex(conn, "GET", multiget_path(conn, table, keys, n, filter),
										NULL, 0, "a multiget", HBASE_REQ_CELLSET),
					   table, READ_MULTIGET, n, 0);
}

/* a part of a multiget's answer, its rows after the others' (a set of cap rows) */
static void
append_rows(HBaseCellSet *set, int *cap, const HBaseCellSet *part)
{
	if (part == NULL || part->nrows == 0)
		return;
	if (set->nrows + part->nrows > *cap)
	{
		*cap = Max(*cap * 2, set->nrows + part->nrows);
		set->rows = set->rows ? repalloc(set->rows, sizeof(HBaseRow) * *cap) :
			palloc(sizeof(HBaseRow) * *cap);
	}
	memcpy(set->rows + set->nrows, part->rows, sizeof(HBaseRow) * part->nrows);
	set->nrows += part->nrows;
	set->ncells += part->ncells;
	set->decoded += part->decoded;
}

/*
 * A multiget whose URL would pass HBASE_URL_MAX, chosen before sending:
 * value filters whose text takes more than half the URL are left out (the
 * caller checks every qual again: a superset), then the keys go in order
 * in multigets as long as fit, and a key too long for any URL (with the
 * ones after it that are too) by a scanner whose body carries them
 * (keys_by_scanner); keys longer than HBase's longest (no row has one,
 * a Get refuses them) are left out.  The rows come in the keys' order, as one multiget's.
 * Done with every part's rows, end when no part found any (table_unsure as
 * a multiget's 404), else the first part that failed, as it is; url_note
 * says what was done instead.
 */
static HBaseResult
multiget_split(HBaseConn *conn, HBaseTable *table, bytea **keys, int n, const bytea *filter,
			   List *columns)
{
	HBaseResult out;
	HBaseCellSet *set = palloc0(sizeof(HBaseCellSet));
	StringInfoData note;
	int			cap = 0;
	int			sent = 0;
	int			multigets = 0;
	bool		by_scanner = false;
	bool		found = false;
	int64		bytes = 0;
	size_t		base;
	int			i = 0;

	memset(&out, 0, sizeof(out));
	initStringInfo(&note);
	if (filter && strlen(multiget_path(conn, table, keys, 0, filter)) > HBASE_URL_MAX / 2)
	{
		filter = NULL;
		appendStringInfoString(&note, "value filters checked here, not sent: too long for a URL; ");
	}
	base = strlen(multiget_path(conn, table, keys, 0, filter));
	while (i < n)
	{
		HBaseResult res;
		int			j = i;
		size_t		len = base;

		if (VARSIZE(keys[i]) - VARHDRSZ > HBASE_MAX_ROW_LENGTH)
		{
			i++;
			continue;
		}
		if (base + multiget_key_len(keys[i]) > HBASE_URL_MAX)
		{
			while (j < n && base + multiget_key_len(keys[j]) > HBASE_URL_MAX &&
				   VARSIZE(keys[j]) - VARHDRSZ <= HBASE_MAX_ROW_LENGTH)
				j++;
			res = keys_by_scanner(conn, table, keys + i, j - i, columns);
			sent += 1 + res.more_requests;
			by_scanner = true;
		}
		else
		{
			while (j < n && len + multiget_key_len(keys[j]) <= HBASE_URL_MAX &&
				   VARSIZE(keys[j]) - VARHDRSZ <= HBASE_MAX_ROW_LENGTH)
				len += multiget_key_len(keys[j++]);
			res = multiget_one(conn, table, keys + i, j - i, filter);
			sent++;
			multigets++;
			bytes += (int64) res.resp->wire_len;
		}
		if (res.outcome != HBASE_DONE && res.outcome != HBASE_END)
		{
			res.more_requests = sent - 1;
			return res;
		}
		if (res.outcome == HBASE_DONE)
		{
			found = true;
			append_rows(set, &cap, res.set);
		}
		out.resp = res.resp;
		out.table_unsure = res.table_unsure;
		out.status = res.status;
		i = j;
	}
	/* every key longer than HBase's longest: nothing was asked */
	if (sent == 0)
		return no_such_rows("a multiget");
	if (multigets > 1)
		appendStringInfo(&note, "keys in %d multigets of at most %d bytes of URL; ",
						 multigets, HBASE_URL_MAX);
	if (by_scanner)
		appendStringInfoString(&note, "keys too long for a URL read by a scanner; ");
	if (note.len > 2)
		note.data[note.len - 2] = '\0';
	out.url_note = note.len > 0 ? note.data : NULL;
	out.more_requests = sent - 1;
	/* the last answer's bytes are resp's (none for a scanner's stand-in) */
	out.more_bytes = bytes - (int64) out.resp->wire_len;
	if (found)
	{
		out.outcome = HBASE_DONE;
		out.set = set;
		out.table_unsure = false;
	}
	else
		out.outcome = HBASE_END;
	return out;
}

/*
 * The rows of n keys (bytea *) by a multiget (?e=b64), as hbase_rest_get's;
 * filter: as multiget_path's.  One whose URL would pass HBASE_URL_MAX is
 * split (multiget_split), by length, never after a failure; columns: what
 * a scanner then reads of keys too long for any URL.
 */
HBaseResult
hbase_rest_multiget(HBaseConn *conn, HBaseTable *table, bytea **keys, int n, const bytea *filter,
					List *columns)
{
	if (multiget_fits(conn, table, keys, n, filter))
		return multiget_one(conn, table, keys, n, filter);
	return multiget_split(conn, table, keys, n, filter, columns);
}

/*
 * nreq multigets at once (nreq <= HBASE_MAX_CONCURRENCY): request i reads
 * counts[i] keys from keys[starts[i]], its result as hbase_rest_multiget's
 * (decoded into the current memory context), but a request without an
 * answer, or whose answer did not fit the budget of answers held at once
 * (connection.c), is unavailable (sent once: the caller asks again alone,
 * a multiget changes nothing).  One whose URL would pass HBASE_URL_MAX is
 * split instead (multiget_split), after the others.  For batched key joins
 * (join.c) and scans' keys.
 */
void
hbase_rest_multiget_many(HBaseConn *conn, HBaseTable *table, bytea **keys, const int *starts,
						 const int *counts, int nreq, HBaseResult *out, const bytea *filter,
						 List *columns)
{
	const char *paths[HBASE_MAX_CONCURRENCY];
	HBaseResponse *resp[HBASE_MAX_CONCURRENCY];
	int			which[HBASE_MAX_CONCURRENCY];
	int			m = 0;
	int			nfit;
	int			i;

	Assert(nreq <= HBASE_MAX_CONCURRENCY);
	for (i = 0; i < nreq; i++)
	{
		if (!multiget_fits(conn, table, keys + starts[i], counts[i], filter))
			continue;
		which[m] = i;
		paths[m++] = multiget_path(conn, table, keys + starts[i], counts[i], filter);
	}
	if (m > 0)
		hbase_request_many(conn, paths, NULL, m, "a multiget", resp, true);
	for (i = 0; i < m; i++)
		out[which[i]] = read_result(resp[i], table, READ_MULTIGET, counts[which[i]], 0);
	/* too long for one URL: split, after the others (hbase_rest_multiget) */
	nfit = m;
	for (i = 0, m = 0; i < nreq; i++)
	{
		if (m < nfit && which[m] == i)
		{
			m++;
			continue;
		}
		out[i] = multiget_split(conn, table, keys + starts[i], counts[i], filter, columns);
	}
}

/*
 * Gets and multigets of an old gateway (no ?e=b64): the keys (bytea *)
 * escaped in the path, which gateway_rows.c has checked they survive
 * unchanged; as hbase_rest_get's.
 */
HBaseResult
hbase_rest_get_in_path(HBaseConn *conn, HBaseTable *table, List *keys, const char *what)
{
	StringInfoData path;
	ListCell   *lc;

	initStringInfo(&path);
	appendStringInfoString(&path, hbase_rest_table_path(conn, table));
	if (list_length(keys) == 1)
	{
		bytea	   *k = linitial(keys);

		appendStringInfo(&path, "/%s?v=%d", hbase_escape(conn, VARDATA(k), VARSIZE(k) - VARHDRSZ),
						 Max(table->versions, 1));
	}
	else
	{
		appendStringInfo(&path, "/multiget?v=%d", Max(table->versions, 1));
		foreach(lc, keys)
		{
			bytea	   *k = lfirst(lc);

			appendStringInfo(&path, "&row=%s", hbase_escape(conn, VARDATA(k), VARSIZE(k) - VARHDRSZ));
		}
	}
	return read_result(hbase_request_ex(conn, "GET", path.data, NULL, 0, what, HBASE_REQ_CELLSET),
					   table, list_length(keys) > 1 ? READ_MULTIGET : READ_GET,
					   list_length(keys), 0);
}

/*
 * GET /table/regions: the table's regions and their key ranges (listed as
 * the gateway lists them), or NIL with *error saying why there are none:
 * the caller can do without (no answer included).
 */
List *
hbase_rest_regions(HBaseConn *conn, HBaseTable *table, const char **error)
{
	HBaseResponse *resp;

	resp = hbase_request_ex(conn, "GET", psprintf("%s/regions", hbase_rest_table_path(conn, table)),
							NULL, 0, "reading the table's regions", HBASE_REQ_TRANSPORT_OK);
	*error = NULL;
	if (resp->status == 200)
		return hbase_json_regions(resp->body, resp->len, error);
	*error = resp->status == 0 ? "the gateway gave no answer" :
		psprintf("the gateway answered %ld", (long) resp->status);
	return NIL;
}

/* GET /table/exists: 200 when it does, 404 when not */
static HBaseResponse *
hbase_rest_exists(HBaseConn *conn, HBaseTable *table)
{
	return hbase_request(conn, "GET", psprintf("%s/exists", hbase_rest_table_path(conn, table)),
						 NULL, 0, "checking that the table exists");
}

/* does the table exist?  (Any answer but yes or no is an error naming what asked.) */
bool
hbase_rest_table_exists(HBaseConn *conn, HBaseTable *table, const char *what)
{
	HBaseResponse *r = hbase_rest_exists(conn, table);

	if (r->status != 200 && r->status != 404)
		hbase_report_status(r, table, what);
	return r->status == 200;
}

/* at most this many similar names in a missing table's hint */
#define SIMILAR_TABLES	3

/*
 * The tables of a missing table's namespace whose names are close to its
 * own (Levenshtein distance at most 2, or a third of the name when longer:
 * a letter's case, an underscore, a plural), closest first, as the hint
 * "A table with a similar name: "a"." (or "Tables ...: "a", "b"."), or NULL.  One
 * request (GET /namespaces/ns/tables), made only after the gateway said the
 * table is missing, never on the normal path; an answer that is no listing
 * (no such namespace, no right to list it, no answer) gives no hint rather
 * than another error.
 */
char *
hbase_rest_similar_tables(HBaseConn *conn, HBaseTable *table)
{
	const char *full = table->remote_table;
	const char *colon = strchr(full, ':');
	char	   *ns = colon ? pnstrdup(full, colon - full) : pstrdup("default");
	const char *name = colon ? colon + 1 : full;
	int			namelen = strlen(name);
	int			maxd = Max(2, namelen / 3);
	const char *best[SIMILAR_TABLES];
	int			bestd[SIMILAR_TABLES];
	int			nbest = 0;
	HBaseResponse *r;
	const char *error;
	List	   *names;
	ListCell   *lc;
	StringInfoData hint;
	bool		qualify;
	int			i;

	r = hbase_request_ex(conn, "GET",
						 psprintf("/namespaces/%s/tables", hbase_escape(conn, ns, strlen(ns))),
						 NULL, 0, "listing the namespace's tables for similar names",
						 HBASE_REQ_TRANSPORT_OK);
	if (r->status != 200)
		return NULL;
	names = hbase_json_names(r->body, r->len, "table", &error);
	if (error != NULL)
		return NULL;
	foreach(lc, names)
	{
		const char *cand = lfirst(lc);
		int			d = varstr_levenshtein_less_equal(name, namelen, cand, strlen(cand),
													  1, 1, 1, maxd, true);
		int			j;

		if (d > maxd || strcmp(cand, name) == 0)
			continue;

		/*
		 * insert in order of distance, then of name; drop the farthest past
		 * SIMILAR_TABLES
		 */
		for (j = nbest; j > 0 && (bestd[j - 1] > d ||
								  (bestd[j - 1] == d && strcmp(best[j - 1], cand) > 0)); j--)
			if (j < SIMILAR_TABLES)
			{
				best[j] = best[j - 1];
				bestd[j] = bestd[j - 1];
			}
		if (j < SIMILAR_TABLES)
		{
			best[j] = cand;
			bestd[j] = d;
			nbest = Min(nbest + 1, SIMILAR_TABLES);
		}
	}
	if (nbest == 0)
		return NULL;

	/*
	 * named as the foreign table names its own: with the namespace only when
	 * it gives one
	 */
	qualify = strchr(table->hbase_table, ':') != NULL;
	initStringInfo(&hint);
	appendStringInfo(&hint, "%s with a similar name: ", nbest > 1 ? "Tables" : "A table");
	for (i = 0; i < nbest; i++)
		appendStringInfo(&hint, "%s\"%s%s%s\"", i ? ", " : "", qualify ? ns : "", qualify ? ":" : "",
						 best[i]);
	appendStringInfoChar(&hint, '.');
	return hint.data;
}

/* the 404 of a table's existence check: the missing table's error, with similar names */
static void
report_missing_table(HBaseConn *conn, HBaseResponse *r, HBaseTable *table, const char *what)
{
	missing_table_error(r, table, what, hbase_rest_similar_tables(conn, table));
}

/*
 * After a write's 404 (table_unsure: the gateway says 404 for a missing
 * table and for a missing family alike): the missing table's error, naming
 * what got it, when the table is missing; true when the table exists (so a
 * family is missing), false when the gateway cannot say.
 */
bool
hbase_rest_write_family_missing(HBaseConn *conn, HBaseTable *table, const char *what)
{
	HBaseResponse *r = hbase_rest_exists(conn, table);

	if (r->status == 404)
		report_missing_table(conn, r, table, what);
	return r->status == 200;
}

/*
 * After an answer that may say the table is missing (a 404; the 500 of a
 * multiget or of a stateless scan, TableNotFoundException): an error
 * saying so, naming what got it, when the table is missing.
 */
void
hbase_rest_check_table(HBaseConn *conn, HBaseTable *table, const char *what)
{
	HBaseResponse *r = hbase_rest_exists(conn, table);

	if (r->status == 404)
		report_missing_table(conn, r, table, what);
	if (r->status != 200)
		hbase_report_status(r, table, "checking that the table exists");
}

/*
 * GET /version/rest: the version the gateway reports ("Version"), or NULL
 * when it reports none (before 2.5.11 and 2.6.1) or cannot say.
 */
char *
hbase_rest_version(HBaseConn *conn)
{
	HBaseResponse *r = hbase_request(conn, "GET", "/version/rest", NULL, 0,
									 "asking the gateway its version");

	return r->status == 200 ? hbase_json_version_field(r->body, r->len) : NULL;
}

/* ---------------- stateless scans ---------------- */

/*
 * A valid UTF-8 string >= key, as close above it as is cheap to find, for a
 * reversed scan's start row (a string); NULL when there is none short of the
 * table's end.  Rows between it and the key are dropped by the exact row
 * filter, on the server.
 */
static char *
utf8_ceiling(const char *key, int len, int *outlen)
{
	int			p = hbase_utf8_prefix(key, len);
	unsigned char b;
	StringInfoData s;

	if (p == len)
	{
		*outlen = len;
		return hbase_memdup(key, len);
	}
	/* key[p] starts no valid character: the smallest one with a larger lead byte */
	b = (unsigned char) key[p];
	initStringInfo(&s);
	appendBinaryStringInfo(&s, key, p);
	if (b < 0xc2)
		appendBinaryStringInfo(&s, "\xc2\x80", 2);
	else if (b < 0xdf)
	{
		appendStringInfoChar(&s, (char) (b + 1));
		appendStringInfoChar(&s, (char) 0x80);
	}
	else if (b < 0xef)
	{
		/* 0xe0 needs a second byte >= 0xa0; 0xed one below 0xa0 */
		appendStringInfoChar(&s, (char) (b + 1));
		appendStringInfoChar(&s, (char) (b + 1 == 0xe0 ? 0xa0 : 0x80));
		appendStringInfoChar(&s, (char) 0x80);
	}
	else if (b < 0xf4)
	{
		appendStringInfoChar(&s, (char) (b + 1));
		appendStringInfoChar(&s, (char) (b + 1 == 0xf0 ? 0x90 : 0x80));
		appendStringInfoChar(&s, (char) 0x80);
		appendStringInfoChar(&s, (char) 0x80);
	}
	else
		return NULL;
	Assert(hbase_utf8_prefix(s.data, s.len) == s.len);
	*outlen = s.len;
	return s.data;
}

/*
 * The longest start or end row a reversed scan is positioned by: they only
 * position it (the bounds themselves are row filters, or checked here), so
 * a long key's is cut to a prefix, for the URL's length (HBASE_URL_MAX).
 */
#define POSITION_MAX	512

/*
 * A valid UTF-8 string >= key for a reversed scan's start row
 * (utf8_ceiling), of at most about POSITION_MAX bytes: for a longer key,
 * the smallest string above every key with its first POSITION_MAX bytes
 * (the prefix with its last byte below 0xff raised); NULL when there is
 * none short of the table's end.
 */
static char *
position_above(const char *key, int len, int *outlen)
{
	char	   *p;
	int			plen = POSITION_MAX;

	if (len <= POSITION_MAX)
		return utf8_ceiling(key, len, outlen);
	p = hbase_memdup(key, plen);
	while (plen > 0 && (unsigned char) p[plen - 1] == 0xff)
		plen--;
	if (plen == 0)
		return NULL;
	p[plen - 1]++;
	return utf8_ceiling(p, plen, outlen);
}

/* a quoted binary comparator of the filter language: 'binary:...', quotes doubled */
static void
append_binary_operand(StringInfo buf, const char *key, int len)
{
	int			i;

	appendStringInfoString(buf, "'binary:");
	for (i = 0; i < len; i++)
	{
		if (key[i] == '\'')
			appendStringInfoChar(buf, '\'');
		appendStringInfoChar(buf, key[i]);
	}
	appendStringInfoChar(buf, '\'');
}

/*
 * A page's value filters (hbase_rest_filter_text) as one operand of an AND:
 * in parentheses, since their text may hold ORs and AND binds tighter
 */
static void
append_value_filters(StringInfo filter, const bytea *text)
{
	appendStringInfoChar(filter, '(');
	appendBinaryStringInfo(filter, VARDATA(text), VARSIZE(text) - VARHDRSZ);
	appendStringInfoChar(filter, ')');
}

/*
 * The page's end as a filter, after the others: "... AND PageFilter(limit)".
 * The region server then stops the page's scanner at its last row and
 * closes it itself, where the gateway would close it with one more RPC
 * after the page (TableScanResource closes its scanner once it has limit
 * rows): a 10-row page ~20% sooner, measured with bench/rawclient.c.  Last
 * in the AND list, PageFilter counts only rows every other filter passed
 * (FilterListWithAND stops at the first filterRow that drops the row, and
 * rows dropped earlier never reach it), so no row a page needs is lost: put
 * first, it would stop a region's scanner on rows the others drop, and a
 * call that then returns nothing ends the whole scan (order.sql shows both).
 * It counts per region, so a page that crosses a region reads on in the
 * next one, and the gateway's limit still cuts the page.
 */
static void
append_page_filter(StringInfo filter, int limit)
{
	appendStringInfo(filter, " AND PageFilter(%d)", limit);
}

/*
 * The query of a reversed stateless scan: the rows strictly below upper
 * (NULL: the table's end) down to lower (inclusive; lowerlen 0: its start).
 * The start and end rows are strings, so they only position the scan (a
 * valid UTF-8 string at or above upper, one at or below lower); the bounds
 * themselves travel exactly as binary row filters (filter_b64) when exact,
 * and with them the value filters (the limit then counts the rows that pass).
 */
static void
append_reversed_bounds(HBaseConn *conn, StringInfo path, const HBaseStatelessScan *s)
{
	StringInfoData filter;

	initStringInfo(&filter);
	if (s->upper)
	{
		int			slen;
		char	   *start = position_above(s->upper, s->upperlen, &slen);

		if (start && slen > 0)
			appendStringInfo(path, "&startrow=%s", hbase_escape(conn, start, slen));
		appendStringInfoString(&filter, "RowFilter(<, ");
		append_binary_operand(&filter, s->upper, s->upperlen);
		appendStringInfoChar(&filter, ')');
	}
	if (s->lowerlen > 0)
	{
		/* the end row is exclusive: a smaller string keeps the start row in */
		char	   *lo = hbase_memdup(s->lower, s->lowerlen);
		int			lolen = s->lowerlen;

		if (lolen > POSITION_MAX)
			lolen = POSITION_MAX;	/* a proper prefix: smaller */
		else if ((unsigned char) lo[lolen - 1] > 0)
			lo[lolen - 1]--;
		else
			lolen--;
		lolen = hbase_utf8_prefix(lo, lolen);
		if (lolen > 0)
			appendStringInfo(path, "&endrow=%s", hbase_escape(conn, lo, lolen));
		if (filter.len > 0)
			appendStringInfoString(&filter, " AND ");
		appendStringInfoString(&filter, "RowFilter(>=, ");
		append_binary_operand(&filter, s->lower, s->lowerlen);
		appendStringInfoChar(&filter, ')');
	}
	/* the value filters after the bounds */
	if (s->filter && s->exact_bounds)
	{
		if (filter.len > 0)
			appendStringInfoString(&filter, " AND ");
		append_value_filters(&filter, s->filter);
	}
	/* a gateway without filter_b64 ignores it: the caller then checks the bounds */
	if (filter.len > 0 && s->exact_bounds)
	{
		append_page_filter(&filter, s->limit);
		appendStringInfo(path, "&filter_b64=%s", hbase_b64url(filter.data, filter.len));
	}
}

/*
 * One page of the gateway's stateless scan (a GET of the table's "*" row):
 * at most limit rows, latest versions only, all their cells, or those of
 * the families listed (a Phoenix table's: its local indexes keep rows of
 * their own in other families of the same HBase table; a column parameter
 * naming a family makes the gateway skip rows with no cell in any of those
 * families, and every row of a Phoenix table has its empty cell in one).
 * Forward: from lower (a string, inclusive) to upper (exclusive, NULL: the
 * table's end), both taken exactly only when valid UTF-8, which the caller
 * checks; with filter, only the rows that pass it (the limit counts those).
 * Reversed: see append_reversed_bounds.  Every page ends at the region
 * server too (append_page_filter).  Always JSON, whatever
 * the transport: the gateway closes a JSON page's scanner once it has its
 * rows (TableScanResource), while its protobuf stream never closes it
 * (ProtobufStreamingOutput), which leaves a scanner open on the region
 * server for its whole lease (60 s, "Scanner lease ... expired" in its
 * log) after every page not at the range's end.
 * flags: HBASE_REQ_TRANSPORT_OK for a caller that retries.  Done (at most
 * limit rows), end (204, or 404: table_unsure), unavailable, or failed (a
 * 500: server_error, table_unsure).
 */
HBaseResult
hbase_rest_stateless_scan(HBaseConn *conn, HBaseTable *table, const HBaseStatelessScan *s,
						  int flags)
{
	HBaseResponse *resp = hbase_request_ex(conn, "GET", stateless_path(conn, table, s), NULL, 0,
										   s->reversed ? "a reversed scan" : "a scan's first page",
										   flags);

	return read_result(resp, table, READ_STATELESS, s->limit, 0);
}

/*
 * Would the stateless scan page s go within HBASE_URL_MAX?  The callers
 * choose another way before sending one that would not (scan_pages.c).
 */
bool
hbase_rest_stateless_fits(HBaseConn *conn, HBaseTable *table, const HBaseStatelessScan *s)
{
	return strlen(stateless_path(conn, table, s)) <= HBASE_URL_MAX;
}

/* the path and query of a stateless scan page */
static char *
stateless_path(HBaseConn *conn, HBaseTable *table, const HBaseStatelessScan *s)
{
	StringInfoData path;
	ListCell   *lc;

	initStringInfo(&path);
	appendStringInfo(&path, "%s/*?%smaxversions=1&limit=%d", hbase_rest_table_path(conn, table),
					 s->reversed ? "reversed=true&" : "", s->limit);
	if (s->reversed)
		append_reversed_bounds(conn, &path, s);
	else
	{
		if (s->lowerlen > 0)
			appendStringInfo(&path, "&startrow=%s", hbase_escape(conn, s->lower, s->lowerlen));
		if (s->upper)
			appendStringInfo(&path, "&endrow=%s", hbase_escape(conn, s->upper, s->upperlen));
		if (s->filter)
		{
			StringInfoData filter;

			initStringInfo(&filter);
			append_value_filters(&filter, s->filter);
			append_page_filter(&filter, s->limit);
			appendStringInfo(&path, "&filter_b64=%s", hbase_b64url(filter.data, filter.len));
		}
	}
	/* where no filter_b64 is sent or the gateway ignores it, the page's end alone */
	appendStringInfo(&path, "&filter=PageFilter%%28%d%%29", s->limit);
	foreach(lc, s->families)
	{
		HBaseColumn *f = lfirst(lc);

		appendStringInfo(&path, "&column=%s", hbase_escape(conn, f->colspec, f->famlen));
	}
	return path.data;
}

/* ---------------- writes ---------------- */

/*
 * The rows of a write to a table with a row_timestamp column, each cell
 * stamped with its row's timestamp (from its key), as Phoenix stamps them;
 * the rows as they are for any other table.  Every PUT goes through here,
 * so INSERT, COPY, UPDATE and the direct writes all stamp.
 */
static HBaseRow *
stamped_rows(HBaseTable *table, const HBaseRow *rows, int nrows)
{
	HBaseRow   *out;
	int			r;
	int			i;

	if (table->row_timestamp < 0)
		return (HBaseRow *) rows;
	out = palloc(sizeof(HBaseRow) * Max(nrows, 1));
	for (r = 0; r < nrows; r++)
	{
		int64		ts = hbase_key_row_timestamp(table, rows[r].key, rows[r].keylen);

		out[r] = rows[r];
		out[r].cells = palloc(sizeof(HBaseCell) * Max(rows[r].ncells, 1));
		for (i = 0; i < rows[r].ncells; i++)
		{
			out[r].cells[i] = rows[r].cells[i];
			out[r].cells[i].timestamp = ts;
		}
	}
	return out;
}

/*
 * A PUT of rows, JSON CellSet in the body (writes stay JSON whatever the
 * transport).  The row in the path is a placeholder: the gateway takes each
 * row's key from the body.  A write: sent at most once to one gateway, and
 * to the next one only when it surely did not reach the first; no answer is
 * an error saying its outcome is unknown (hbase_write_outcome).  The answer
 * typed by that rule: the caller tells which rows may stand.
 */
HBaseResult
hbase_rest_put(HBaseConn *conn, HBaseTable *table, HBaseRow *rows, int nrows, const char *what)
{
	char	   *body = hbase_json_cellset(stamped_rows(table, rows, nrows), nrows);

	return write_result(hbase_request_ex(conn, "PUT",
										 psprintf("%s/hbase_fdw_batch", hbase_rest_table_path(conn, table)),
										 body, strlen(body), what, HBASE_REQ_WRITE),
						false);
}

/*
 * n PUTs of rows at once (batches[i] of nrows[i] rows), each as
 * hbase_rest_put's and on its own connection (hbase_request_writes): sent
 * once each, never again nor elsewhere here, and answered all before any is
 * judged.  out[i] is the i'th typed by the rule of writes: no answer is
 * MAYBE_APPLIED, or UNAVAILABLE when it surely never left (the caller may
 * send that one again alone, through hbase_rest_put's failover).  The
 * caller must keep no two batches of one row key in one call: HBase would
 * apply them in any order.  *interrupted: a cancel stopped some; the
 * caller raises it after counting what stands.
 */
void
hbase_rest_put_many(HBaseConn *conn, HBaseTable *table, HBaseRow **batches, const int *nrows,
					int n, const char *what, HBaseResult *out, bool *interrupted)
{
	hbase_rest_put_finish(hbase_rest_put_start(conn, table, batches, nrows, n, what, false),
						  out, interrupted);
}

/* PUTs under way (hbase_rest_put_start), or DELETEs (hbase_rest_delete_start: no bodies) */
struct HBasePuts
{
	int			n;
	bool		check;			/* check-and-puts
								 * (hbase_rest_check_and_put_start) */
	HBaseWrites *writes;
	char	   *bodies[HBASE_MAX_CONCURRENCY];
};

/*
 * hbase_rest_put_many in two steps: the PUTs sent now, their answers typed
 * by hbase_rest_put_finish (which frees the state), so that the caller
 * encodes its next rows while they travel.  own: on handles no other
 * request of the connection uses (hbase_request_writes_start).  The rows
 * may go once this returns (the bodies are built).
 */
HBasePuts *
hbase_rest_put_start(HBaseConn *conn, HBaseTable *table, HBaseRow **batches, const int *nrows,
					 int n, const char *what, bool own)
{
	HBasePuts  *p = palloc0(sizeof(HBasePuts));
	const char *paths[HBASE_MAX_CONCURRENCY];
	size_t		lens[HBASE_MAX_CONCURRENCY];
	char	   *path = psprintf("%s/hbase_fdw_batch", hbase_rest_table_path(conn, table));
	int			i;

	Assert(n <= HBASE_MAX_CONCURRENCY);
	p->n = n;
	for (i = 0; i < n; i++)
	{
		paths[i] = path;
		p->bodies[i] = hbase_json_cellset(stamped_rows(table, batches[i], nrows[i]), nrows[i]);
		lens[i] = strlen(p->bodies[i]);
	}
	p->writes = hbase_request_writes_start(conn, "PUT", paths, (const char **) p->bodies, lens,
										   n, what, own);
	return p;
}

/* the answers of the PUTs (or DELETEs) p sent, out[i] as hbase_rest_put_many's */
void
hbase_rest_put_finish(HBasePuts *p, HBaseResult *out, bool *interrupted)
{
	HBaseResponse *resp[HBASE_MAX_CONCURRENCY];
	int			i;

	hbase_request_writes_finish(p->writes, resp, interrupted);
	for (i = 0; i < p->n; i++)
	{
		out[i] = write_result(resp[i], p->check);
		if (p->bodies[i])
			pfree(p->bodies[i]);
	}
	pfree(p);
}

/*
 * Check-and-put of one row (PUT ?check=put): HBase writes the row's cells,
 * atomically, only if the newest value of the check cell (check_col,
 * "family:qualifier" with a non-empty qualifier) equals expected, or, with
 * expected NULL, if that cell is absent.  HBase's check takes an empty
 * expected value as "absent" and a cell holding an empty value as absent too
 * (HRegion.checkAndMutate); the REST gateway refuses a check cell without a
 * value (400), so "absent" is sent as an empty value.  The gateway reads the
 * last cell of the body as the check and demands that the row's cells put
 * that column too (400 "The column to put and check do not match"): the
 * caller includes it.  DONE: written; CHECK_FAILED (304): the check did
 * not hold, nothing written.  Same RowResource code in hbase-rest 2.4, 2.5
 * and 2.6; the key is taken from the body, so any gateway version takes any
 * key.  A write (see hbase_rest_put): never sent twice.
 */
static char *
check_and_put_body(HBaseTable *table, const HBaseRow *row, const char *check_col,
				   int check_collen, const char *expected, int expectedlen)
{
	HBaseRow	r = *stamped_rows(table, row, 1);
	HBaseCell  *stamped = r.cells;
	char	   *body;

	r.cells = palloc(sizeof(HBaseCell) * (row->ncells + 1));
	memcpy(r.cells, stamped, sizeof(HBaseCell) * row->ncells);
	memset(&r.cells[row->ncells], 0, sizeof(HBaseCell));
	r.cells[row->ncells].column = (char *) check_col;
	r.cells[row->ncells].collen = check_collen;
	r.cells[row->ncells].value = expected ? (char *) expected : "";
	r.cells[row->ncells].vallen = expected ? expectedlen : 0;
	r.ncells = row->ncells + 1;
	body = hbase_json_cellset(&r, 1);
	pfree(r.cells);
	return body;
}

HBaseResult
hbase_rest_check_and_put(HBaseConn *conn, HBaseTable *table, const HBaseRow *row,
						 const char *check_col, int check_collen,
						 const char *expected, int expectedlen, const char *what)
{
	char	   *body = check_and_put_body(table, row, check_col, check_collen, expected,
										  expectedlen);

	return write_result(hbase_request_ex(conn, "PUT",
										 psprintf("%s/hbase_fdw_row?check=put", hbase_rest_table_path(conn, table)),
										 body, strlen(body), what, HBASE_REQ_WRITE),
						true);
}

/*
 * Check-and-puts of n rows at once, each on its own handle and sent at most
 * once (hbase_request_writes_start), answered by hbase_rest_put_finish as
 * PUTs are, typed as a check-and-put's (CHECK_FAILED: the check did not
 * hold, nothing written): INSERT ... ON CONFLICT DO NOTHING's rounds (each
 * row written only where its check cell is absent: expected NULL) and an
 * UPDATE's through a scan (each row written only where its check cell still
 * holds the value read).  checks[i] is rows[i]'s.  own: on the connection's
 * own write handles, so that the round may be left under way while other
 * requests go (hbase_request_writes_can_leave).  The rows must hold distinct
 * keys: HBase may run them in any order.
 */
HBasePuts *
hbase_rest_check_and_put_start(HBaseConn *conn, HBaseTable *table, HBaseRow **rows,
							   const HBaseCheck *checks, int n, const char *what, bool own)
{
	HBasePuts  *p = palloc0(sizeof(HBasePuts));
	const char *paths[HBASE_MAX_CONCURRENCY];
	size_t		lens[HBASE_MAX_CONCURRENCY];
	char	   *path = psprintf("%s/hbase_fdw_row?check=put", hbase_rest_table_path(conn, table));
	int			i;

	Assert(n <= HBASE_MAX_CONCURRENCY);
	p->n = n;
	p->check = true;
	for (i = 0; i < n; i++)
	{
		paths[i] = path;
		p->bodies[i] = check_and_put_body(table, rows[i], checks[i].col, checks[i].collen,
										  checks[i].expected, checks[i].expectedlen);
		lens[i] = strlen(p->bodies[i]);
	}
	p->writes = hbase_request_writes_start(conn, "PUT", paths, (const char **) p->bodies, lens,
										   n, what, own);
	return p;
}

/*
 * Increment of one row's cells (PUT ?check=increment): each cell's value is
 * the amount, a decimal string (the gateway's Long.parseLong), added in the
 * region server atomically.  The gateways 2.4 to 2.6 answer an echo of the
 * request, not the new values, so nothing is read from the answer.  A write
 * (see hbase_rest_put): a second Increment would count twice, so never sent
 * twice, nor to another gateway.
 */
HBaseResult
hbase_rest_increment(HBaseConn *conn, HBaseTable *table, const HBaseRow *row, const char *what)
{
	char	   *body = hbase_json_cellset((HBaseRow *) row, 1);

	return write_result(hbase_request_ex(conn, "PUT",
										 psprintf("%s/hbase_fdw_row?check=increment",
												  hbase_rest_table_path(conn, table)),
										 body, strlen(body), what, HBASE_REQ_WRITE),
						false);
}

/*
 * The path of a row (or of one of its cells) for a DELETE: base64 with
 * ?e=b64 where the gateway has it, else the escaped text when it arrives
 * unchanged; otherwise an error (a DELETE through an old gateway would
 * silently delete another row or none).
 */
/*
 * The path of a row or of one of its cells, with "/ts" after the column
 * (none: "//ts", every family) when ts > 0: a DELETE of the versions up to
 * ts (RowSpec reads /row/columns/timestamp).
 */
static char *
row_path_at(HBaseConn *conn, HBaseTable *table, const char *key, int keylen,
			const HBaseColumn *col, int64 ts, const char *what)
{
	const HBaseGateway *gw = hbase_gateway(conn);
	char	   *t = hbase_escape(conn, table->remote_table, strlen(table->remote_table));
	char	   *at = ts > 0 ? psprintf("%s/" INT64_FORMAT, col ? "" : "/", ts) : "";

	if (gw->b64)
	{
		if (col)
			return psprintf("/%s/%s/%s%s?e=b64", t, hbase_b64url(key, keylen),
							hbase_b64url(col->colspec, col->speclen), at);
		return psprintf("/%s/%s%s?e=b64", t, hbase_b64url(key, keylen), at);
	}
	if (!hbase_key_path_safe(key, keylen))
		hbase_gateway_inexact(gw, table, what, key, keylen);
	if (col && !hbase_key_path_safe(col->colspec, col->speclen))
		hbase_gateway_inexact(gw, table, what, col->colspec, col->speclen);
	if (col)
		return psprintf("/%s/%s/%s%s", t, hbase_escape(conn, key, keylen),
						hbase_escape(conn, col->colspec, col->speclen), at);
	return psprintf("/%s/%s%s", t, hbase_escape(conn, key, keylen), at);
}

/*
 * DELETE of a row, or of one cell of it when col is given ("family:
 * qualifier").  The path is binary-safe or refused (row_path_at: an old
 * gateway would delete another row or none).  A write (see hbase_rest_put):
 * a late DELETE could remove a row written after it.  Typed as any write.
 * delete_path is its path, at the stamp it deletes up to.
 */
static char *
delete_path(HBaseConn *conn, HBaseTable *table, const char *key, int keylen,
			const HBaseColumn *col, int64 read_ts, const char *what)
{
	int64		ts = hbase_key_row_timestamp(table, key, keylen);
	int64		now = hbase_now_ms();

	/*
	 * The row as read holds a cell stamped after our clock (HBase stamps an
	 * Increment at max(now, the cell's last stamp + 1), so a burst of them
	 * runs ahead of the clock): a DELETE at the server's time could miss it
	 * and leave the row standing after "DELETE 1".  Deleting up to the
	 * newest stamp read removes every cell read, and no later one.
	 */
	if (read_ts > ts && read_ts > now)
		ts = read_ts;

	/*
	 * A row of a row_timestamp table has its cells at that timestamp (see
	 * stamped_rows): its DELETE is at that timestamp too, as Phoenix deletes
	 * a column it sets to NULL (PRowImpl at the row's timestamp).  One at
	 * the server's time would miss a row stamped later, and a reader's time
	 * range (Phoenix's for a condition on the column) leaves out the store
	 * files and memstore segments holding only later markers.
	 */
	return row_path_at(conn, table, key, keylen, col, ts, what);
}

HBaseResult
hbase_rest_delete(HBaseConn *conn, HBaseTable *table, const char *key, int keylen,
				  const HBaseColumn *col, int64 read_ts, const char *what)
{
	return write_result(hbase_request_ex(conn, "DELETE",
										 delete_path(conn, table, key, keylen, col, read_ts, what),
										 NULL, 0, what, HBASE_REQ_WRITE),
						false);
}

/*
 * DELETEs of n whole rows (rows[i]'s key, read_ts[i] the newest stamp the
 * row was read with, as hbase_rest_delete's) sent at once, each on its own
 * handle and at most once (hbase_request_writes_start), answered by
 * hbase_rest_put_finish as PUTs are: a row-by-row DELETE through a scan
 * keeps a round of them in flight while its scan reads on.  own as
 * hbase_rest_put_start's.
 */
HBasePuts *
hbase_rest_delete_start(HBaseConn *conn, HBaseTable *table, HBaseRow **rows,
						const int64 *read_ts, int n, const char *what, bool own)
{
	HBasePuts  *p = palloc0(sizeof(HBasePuts));
	const char *paths[HBASE_MAX_CONCURRENCY];
	int			i;

	Assert(n <= HBASE_MAX_CONCURRENCY);
	p->n = n;
	for (i = 0; i < n; i++)
		paths[i] = delete_path(conn, table, rows[i]->key, rows[i]->keylen, NULL, read_ts[i], what);
	p->writes = hbase_request_writes_start(conn, "DELETE", paths, NULL, NULL, n, what, own);
	return p;
}

/* ---------------- namespaces and schemas (IMPORT FOREIGN SCHEMA) ---------------- */

/* GET /namespaces/ns/tables: the JSON list of the namespace's tables */
HBaseResponse *
hbase_rest_namespace_tables(HBaseConn *conn, const char *ns, const char *what)
{
	return hbase_request(conn, "GET",
						 psprintf("/namespaces/%s/tables", hbase_escape(conn, ns, strlen(ns))),
						 NULL, 0, what);
}

/* GET /namespaces/ns: 200 when the namespace exists */
HBaseResponse *
hbase_rest_namespace(HBaseConn *conn, const char *ns)
{
	return hbase_request(conn, "GET", psprintf("/namespaces/%s", hbase_escape(conn, ns, strlen(ns))),
						 NULL, 0, "looking up a namespace");
}

/*
 * GET /table/schema of an HBase table named "ns:table" or "table" (JSON);
 * flags as hbase_request_ex's
 */
HBaseResponse *
hbase_rest_schema(HBaseConn *conn, const char *hbase_table, const char *what, int flags)
{
	return hbase_request_ex(conn, "GET",
							psprintf("/%s/schema", hbase_escape(conn, hbase_table, strlen(hbase_table))),
							NULL, 0, what, flags);
}

/*
 * PUT /table/schema of a TableSchemaModel (hbase_json_table_schema): the
 * gateway's TableSchemaResource creates the table, or changes the families
 * of one that exists, so the caller looks first.  DELETE /table/schema drops
 * it (disabled first by the gateway).  Writes: never sent twice.
 */
HBaseResponse *
hbase_rest_create_table(HBaseConn *conn, const char *hbase_table, const char *model,
						const char *what)
{
	return hbase_request_ex(conn, "PUT",
							psprintf("/%s/schema", hbase_escape(conn, hbase_table, strlen(hbase_table))),
							model, strlen(model), what, HBASE_REQ_WRITE);
}

HBaseResponse *
hbase_rest_drop_table(HBaseConn *conn, const char *hbase_table, const char *what)
{
	return hbase_request_ex(conn, "DELETE",
							psprintf("/%s/schema", hbase_escape(conn, hbase_table, strlen(hbase_table))),
							NULL, 0, what, HBASE_REQ_WRITE);
}

/*
 * The names of a JSON list the gateway answered: member "table" of a
 * namespace's tables, "ColumnSchema" of a table's families; a protocol
 * error names the request.
 */
List *
hbase_rest_names(HBaseResponse *resp, const char *member, const char *what)
{
	const char *error;
	List	   *names = hbase_json_names(resp->body, resp->len, member, &error);

	if (error != NULL)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_UNABLE_TO_CREATE_REPLY),
				 errmsg("invalid response from the HBase REST gateway"),
				 errdetail("The answer (HTTP %ld) to %s is not what was expected: %s.",
						   resp->status, what, error)));
	return names;
}

/* does `families` (char *) hold the family of col? */
static bool
has_family(List *families, const HBaseColumn *col)
{
	ListCell   *lc;

	foreach(lc, families)
	{
		const char *f = lfirst(lc);

		if ((int) strlen(f) == col->famlen && memcmp(f, col->colspec, col->famlen) == 0)
			return true;
	}
	return false;
}

/*
 * The table's families read from the gateway and remembered on the
 * connection, or NIL when the schema cannot be read now (no answer, a
 * missing table, refused credentials, an answer that is not a schema): the
 * check is advice, and the operation's own request then reports what is
 * wrong, in its own words.
 */
static List *
read_families(HBaseConn *conn, HBaseTable *table)
{
	char	   *what = psprintf("reading the schema of table \"%s\"", table->hbase_table);
	HBaseResponse *resp;
	List	   *families;
	const char *error;

	resp = hbase_rest_schema(conn, table->remote_table, what,
							 HBASE_REQ_TRANSPORT_OK | HBASE_REQ_IDEMPOTENT | HBASE_REQ_ASIDE);
	if (resp->status != 200)
		return NIL;
	families = hbase_json_names(resp->body, resp->len, "ColumnSchema", &error);
	if (error != NULL)
		return NIL;
	if (families != NIL)
		hbase_conn_set_families(conn, table->remote_table, families);
	return families;
}

/*
 * Do the families of the columns a query reads (HBaseColumn *: cells or
 * whole families; others are skipped) exist in the HBase table?  HBase
 * answers a read of a missing family with no cells, which would be NULLs
 * the user takes for data.  The families are read once per table and
 * connection (GET /table/schema, at the first execution, never while
 * planning); a family missing from what was read then is read once more
 * before the error, in case it was added since.  Qualifiers cannot be
 * checked: HBase has no list of them.
 */
void
hbase_check_families(HBaseConn *conn, HBaseTable *table, List *columns)
{
	List	   *families = hbase_conn_families(conn, table->remote_table);
	bool		fresh = false;
	ListCell   *lc;

	foreach(lc, columns)
	{
		const HBaseColumn *col = lfirst(lc);
		StringInfoData names;
		ListCell   *fc;

		if (!hbase_maps_cell(col) || col->colspec == NULL)
			continue;
		if (families != NIL && has_family(families, col))
			continue;
		if (!fresh)
		{
			families = read_families(conn, table);
			fresh = true;
			if (families == NIL)
				return;
			if (has_family(families, col))
				continue;
		}
		initStringInfo(&names);
		foreach(fc, families)
			appendStringInfo(&names, "%s\"%s\"", names.len > 0 ? ", " : "",
							 (char *) lfirst(fc));
		ereport(ERROR,
				(errcode(ERRCODE_FDW_COLUMN_NAME_NOT_FOUND),
				 errmsg("HBase table \"%s\" has no column family \"%.*s\"",
						table->hbase_table, col->famlen, col->colspec),
				 errdetail("Column \"%s\" of foreign table %s maps to it. The table's families are %s.",
						   col->attname, table->relname, names.data),
				 errhint("Name one of them in the column's option \"column\" (or the table's option \"family\").")));
	}
}

/* ---------------- statuses ---------------- */

/* first line of a gateway error body, short: no stack traces in messages */
char *
hbase_body_summary(HBaseResponse *resp)
{
	StringInfoData b;
	const char *p;
	bool		space = false;

	/* the start of the body on one line; JSON error bodies span several */
	initStringInfo(&b);
	for (p = resp->body; *p && b.len < 200; p++)
	{
		/* a Java stack trace starts with a line "\tat ...": stop there */
		if (*p == '\n' && strncmp(p + 1, "\tat ", 4) == 0)
			break;
		if (*p == '\r' || *p == '\n' || *p == '\t' || *p == ' ')
		{
			space = b.len > 0;
			continue;
		}
		if (space)
			appendStringInfoChar(&b, ' ');
		space = false;
		appendStringInfoChar(&b, *p);
	}
	return b.data;
}

/* does a gateway URL have a path after its host (a reverse proxy's prefix)? */
static bool
url_path(const char *url)
{
	const char *p;

	if (url == NULL || (p = strstr(url, "://")) == NULL)
		return false;
	p = strchr(p + 3, '/');
	return p != NULL && p[1] != '\0';
}

/*
 * A 404 that means the table is missing (HV00R), with the names of similar
 * tables when the caller listed them (similar: hbase_rest_similar_tables),
 * else, when the server's url has a path, that the path may be the cause.
 */
static void
missing_table_error(HBaseResponse *resp, HBaseTable *table, const char *what, const char *similar)
{
	ereport(ERROR,
			(errcode(ERRCODE_FDW_TABLE_NOT_FOUND),
			 errmsg("HBase table \"%s\" does not exist", table ? table->hbase_table : ""),
			 table ? errdetail("Foreign table %s maps to it; the gateway answered 404 to %s.",
							   table->relname, what) : 0,
			 similar ? errhint("%s", similar) :
			 url_path(resp->gateway) ?
			 errhint("The server's url %s has a path: a 404 also comes from a gateway that is not published under it.",
					 resp->gateway) : 0));
}

/*
 * The one place an HTTP status becomes a SQLSTATE: 404 a missing table
 * (HV00R), 401 bad credentials, 403 a refusal (read-only gateway, ACLs),
 * anything else an FDW error with the start of the body.  Callers handle
 * the statuses that mean something else for their request first (a 404 of
 * a Get is no row, a 204 the end of a scanner, a 500 a lost one).
 */
void
hbase_report_status(HBaseResponse *resp, HBaseTable *table, const char *what)
{
	const char *tname = table ? table->hbase_table : "";
	bool		bare;

	if (resp->write &&
		hbase_write_outcome(resp->status, resp->unsent, resp->body, false, NULL) == HBASE_MAYBE_APPLIED)
		ereport(ERROR,
				(errcode(ERRCODE_TRANSACTION_RESOLUTION_UNKNOWN),
				 errmsg("HBase REST gateway answered HTTP %ld to %s: whether it was written is unknown",
						resp->status, what),
				 errdetail("The gateway said: %s. An answer of 500 to 599 may come after the write was done (by HBase, or through a proxy that forwarded it); it was not sent again.",
						   hbase_body_summary(resp)),
				 errhint("Read the rows back to see what was written; a write of the same values may be sent again.")));
	switch (resp->status)
	{
		case 404:
			missing_table_error(resp, table, what, NULL);
			break;
		case 401:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_AUTHORIZATION_SPECIFICATION),
					 errmsg("HBase REST gateway refused the credentials"),
					 errdetail("HTTP 401 for %s.", what),
					 errhint("Check the user mapping's options \"user\" and \"password\".")));
			break;
		case 403:
			ereport(ERROR,
					(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
					 errmsg("HBase REST gateway denied %s on table \"%s\"", what, tname),
					 errdetail("HTTP 403: %s", hbase_body_summary(resp)),
					 errhint("A read-only gateway (hbase.rest.readonly) refuses writes and stateful scanners.")));
			break;
		default:
			/* RESTServletContainer turns a doAs the proxyuser rules refuse into a 500 */
			if (resp->status == 500 && resp->body &&
				strstr(resp->body, "is not allowed to impersonate") != NULL)
				ereport(ERROR,
						(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
						 errmsg("HBase REST gateway refused to act as the user mapping's \"doas\" user"),
						 errdetail("%s", hbase_body_summary(resp)),
						 errhint("The gateway's hadoop.proxyuser.<principal>.users/groups/hosts rules decide whom its clients may impersonate.")));
			/* a protobuf Get's refused doAs comes back as a bare 500: say what may cause it */
			bare = resp->body == NULL || resp->body[0] == '\0';
			ereport(ERROR,
					(errcode(ERRCODE_FDW_ERROR),
					 errmsg("HBase REST gateway answered HTTP %ld to %s on table \"%s\"",
							resp->status, what, tname),
					 bare ? errdetail("The answer had no body.") :
					 errdetail("%s", hbase_body_summary(resp)),
					 bare && resp->status == 500 ?
					 errhint("A gateway answers a bare 500 when it refuses to act as the user mapping's \"doas\" user, among other failures; its log names the cause.") : 0));
	}
	pg_unreachable();
}
