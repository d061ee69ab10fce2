/*
 * rest.c: typed REST operations of the executor.
 *
 * scan.c decides what to read (which range, which page size, when to resume
 * or give up); this file knows how the gateway is asked for it: the paths,
 * query parameters and bodies of a scanner's creation, read and deletion,
 * of Gets, multigets, stateless scans (forward and reversed), of PUTs and
 * DELETEs of rows and cells, and of the table's existence check, a
 * namespace's tables and a table's schema.  Every operation returns the
 * gateway's response with any status, so that the caller's resume logic
 * sees the 404s, 500s and missing answers it handles; hbase_report_status
 * below is the one place mapping the rest to SQLSTATEs.  The requests
 * themselves go through connection.c (keep-alive handle, transport, size
 * caps, interrupts).  What a gateway version offers (and the paths of old
 * gateways' fallbacks) is in gateway.c.
 */
#include "postgres.h"

#include "common/base64.h"
#include "lib/stringinfo.h"
#include "mb/pg_wchar.h"

#include "hbase_fdw.h"

/* "/ns:table", escaped, the prefix of every path of the table */
char *
hbase_rest_table_path(HBaseConn *conn, HBaseTable *table)
{
	return psprintf("/%s", hbase_escape(conn, table->hbase_table, strlen(table->hbase_table)));
}

/* URL-safe base64 of a key, for ?e=b64 paths and multiget rows */
char *
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

/* the longest prefix of s that is valid UTF-8 (the stateless scan takes strings) */
int
hbase_utf8_prefix(const char *s, int len)
{
	while (len > 0 && !pg_verify_mbstr(PG_UTF8, s, len, true))
		len--;
	return len;
}

/* ---------------- stateful scanners ---------------- */

/*
 * POST a scanner of this spec.  The request goes out once (a POST always
 * does); resuming: no answer is a response of status 0 rather than an error.
 * resp->what names the request for the caller's messages.
 */
HBaseResponse *
hbase_rest_scanner_create(HBaseConn *conn, HBaseTable *table, const HBaseScanSpec *spec,
						  bool resuming)
{
	char	   *path = hbase_rest_table_path(conn, table);
	char	   *model = hbase_json_scanner_model(spec);
	char	   *what = psprintf("creating a scanner (POST %s/scanner)", path);

	/* another gateway may take it (a scanner made but never heard of expires) */
	return hbase_request_ex(conn, "POST", psprintf("%s/scanner", path), model, strlen(model),
							what, HBASE_REQ_IDEMPOTENT | (resuming ? HBASE_REQ_TRANSPORT_OK : 0));
}

/*
 * The path of the scanner a POST created, palloc'd in cxt and listed on the
 * connection (the transaction end deletes what is still listed).  Any status
 * but 201 is reported.  Only the scanner id is kept: the Location host is the
 * gateway's idea of itself, which a proxy in front of it may not share.
 */
char *
hbase_rest_scanner_created(HBaseConn *conn, HBaseTable *table, HBaseResponse *resp,
						   MemoryContext cxt)
{
	char	   *path;

	if (resp->status != 201)
		hbase_report_status(resp, table, resp->what);
	/* on the gateway that made it (an absolute URL when there are several) */
	path = MemoryContextStrdup(cxt, psprintf("%s%s/scanner/%s", hbase_scanner_prefix(conn),
											 hbase_rest_table_path(conn, table),
											 hbase_scanner_id(resp, table)));
	hbase_scanner_opened(conn, path);
	return path;
}

/* the path of a scanner read of at most rows rows and HBASE_CELL_LIMIT cells */
static char *
scanner_page_path(const char *scanner, int rows)
{
	return psprintf("%s?n=%d&c=%d", scanner, rows, HBASE_CELL_LIMIT);
}

/*
 * The next page of a scanner, sent once: a read sent again would get the
 * page after one the gateway took.  No answer is status 0.
 */
HBaseResponse *
hbase_rest_scanner_next(HBaseConn *conn, const char *scanner, int rows)
{
	return hbase_request_ex(conn, "GET", scanner_page_path(scanner, rows), NULL, 0,
							"reading a scanner",
							HBASE_REQ_TRANSPORT_OK | HBASE_REQ_CELLSET | HBASE_REQ_ONCE);
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

HBaseResponse *
hbase_rest_scanner_next_taken(HBaseAhead *ahead)
{
	return hbase_ahead_finish(ahead);
}

/*
 * A scanner read of at most rows rows and cells cells for a caller that
 * does not resume (an old gateway's Get by scanner): no answer raises.
 */
HBaseResponse *
hbase_rest_scanner_read(HBaseConn *conn, const char *scanner, int rows, int cells,
						const char *what)
{
	return hbase_request_ex(conn, "GET", psprintf("%s?n=%d&c=%d", scanner, rows, cells),
							NULL, 0, what, HBASE_REQ_CELLSET);
}

static char *stateless_path(HBaseConn *conn, HBaseTable *table, const HBaseStatelessScan *s);

/*
 * n pages at once: the next page of scanners[i] (rows[i] rows), as
 * hbase_rest_scanner_next, or where scanners[i] is NULL the forward
 * stateless scan page stateless[i], as hbase_rest_stateless_scan (JSON).
 */
void
hbase_rest_pages_many(HBaseConn *conn, HBaseTable *table, char **scanners, const int *rows,
					  const HBaseStatelessScan *stateless, int n, HBaseResponse **out)
{
	const char *paths[HBASE_MAX_CONCURRENCY];
	bool		json[HBASE_MAX_CONCURRENCY];
	int			i;

	Assert(n <= HBASE_MAX_CONCURRENCY);
	for (i = 0; i < n; i++)
	{
		json[i] = scanners[i] == NULL;
		paths[i] = json[i] ? stateless_path(conn, table, &stateless[i]) :
			scanner_page_path(scanners[i], rows[i]);
	}
	hbase_request_many(conn, paths, json, n, out);
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

/* ---------------- Gets ---------------- */

/* one row by its key (binary-safe: ?e=b64), in the connection's transport */
HBaseResponse *
hbase_rest_get(HBaseConn *conn, HBaseTable *table, const char *key, int keylen)
{
	/* v: a table mapping versions reads that many of each cell */
	char	   *path = psprintf("%s/%s?e=b64&v=%d", hbase_rest_table_path(conn, table),
								hbase_b64url(key, keylen), Max(table->versions, 1));

	return hbase_request_ex(conn, "GET", path, NULL, 0, "a Get", HBASE_REQ_CELLSET);
}

/* the path of a multiget of n keys (bytea *), binary-safe (?e=b64) */
static char *
multiget_path(HBaseConn *conn, HBaseTable *table, bytea **keys, int n)
{
	StringInfoData path;
	int			i;

	initStringInfo(&path);
	appendStringInfo(&path, "%s/multiget?e=b64&v=%d", hbase_rest_table_path(conn, table),
					 Max(table->versions, 1));
	for (i = 0; i < n; i++)
		appendStringInfo(&path, "&row=%s",
						 hbase_b64url(VARDATA(keys[i]), VARSIZE(keys[i]) - VARHDRSZ));
	return path.data;
}

/* the rows of n keys (bytea *) in one request (?e=b64) */
HBaseResponse *
hbase_rest_multiget(HBaseConn *conn, HBaseTable *table, bytea **keys, int n)
{
	return hbase_request_ex(conn, "GET", multiget_path(conn, table, keys, n), NULL, 0,
							"a multiget", HBASE_REQ_CELLSET);
}

/*
 * nreq multigets at once (nreq <= HBASE_MAX_CONCURRENCY): request i reads
 * counts[i] keys from keys[starts[i]].  A request without an answer has
 * status 0 (sent once: the caller asks again alone, a multiget changes
 * nothing).  For batched key joins (join.c).
 */
void
hbase_rest_multiget_many(HBaseConn *conn, HBaseTable *table, bytea **keys, const int *starts,
						 const int *counts, int nreq, HBaseResponse **out)
{
	const char *paths[HBASE_MAX_CONCURRENCY];
	int			i;

	Assert(nreq <= HBASE_MAX_CONCURRENCY);
	for (i = 0; i < nreq; i++)
		paths[i] = multiget_path(conn, table, keys + starts[i], counts[i]);
	hbase_request_many(conn, paths, NULL, nreq, out);
}

/*
 * Gets and multigets of an old gateway (no ?e=b64): the keys (bytea *)
 * escaped in the path, which gateway.c has checked they survive unchanged.
 */
HBaseResponse *
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
	return hbase_request_ex(conn, "GET", path.data, NULL, 0, what, HBASE_REQ_CELLSET);
}

/*
 * GET /table/regions: the table's regions and their key ranges (JSON).  No
 * answer is status 0: the caller can do without.
 */
HBaseResponse *
hbase_rest_regions(HBaseConn *conn, HBaseTable *table)
{
	return hbase_request_ex(conn, "GET", psprintf("%s/regions", hbase_rest_table_path(conn, table)),
							NULL, 0, "reading the table's regions", HBASE_REQ_TRANSPORT_OK);
}

/* GET /table/exists: 200 when it does, 404 when not */
HBaseResponse *
hbase_rest_exists(HBaseConn *conn, HBaseTable *table)
{
	return hbase_request(conn, "GET", psprintf("%s/exists", hbase_rest_table_path(conn, table)),
						 NULL, 0, "checking that the table exists");
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
	Assert(pg_verify_mbstr(PG_UTF8, s.data, s.len, true));
	*outlen = s.len;
	return s.data;
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
 * The query of a reversed stateless scan: the rows strictly below upper
 * (NULL: the table's end) down to lower (inclusive; lowerlen 0: its start).
 * The start and end rows are strings, so they only position the scan (a
 * valid UTF-8 string at or above upper, one at or below lower); the bounds
 * themselves travel exactly as binary row filters (filter_b64) when exact.
 */
static void
append_reversed_bounds(HBaseConn *conn, StringInfo path, const HBaseStatelessScan *s)
{
	StringInfoData filter;

	initStringInfo(&filter);
	if (s->upper)
	{
		int			slen;
		char	   *start = utf8_ceiling(s->upper, s->upperlen, &slen);

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

		if ((unsigned char) lo[lolen - 1] > 0)
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
	/* a gateway without filter_b64 ignores it: the caller then checks the bounds */
	if (filter.len > 0 && s->exact_bounds)
		appendStringInfo(path, "&filter_b64=%s", hbase_b64url(filter.data, filter.len));
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
 * checks.  Reversed: see append_reversed_bounds.  JSON whatever the
 * transport: the gateway streams a stateless scan's protobuf as chunks
 * behind a 2-byte length that it casts to a Java short
 * (ProtobufStreamingOutput), wrong for chunks over 32 KiB.
 * flags: HBASE_REQ_TRANSPORT_OK for a caller that retries.
 */
HBaseResponse *
hbase_rest_stateless_scan(HBaseConn *conn, HBaseTable *table, const HBaseStatelessScan *s,
						  int flags)
{
	return hbase_request_ex(conn, "GET", stateless_path(conn, table, s), NULL, 0,
							s->reversed ? "a reversed scan" : "a scan's first page", flags);
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
	}
	foreach(lc, s->families)
	{
		HBaseColumn *f = lfirst(lc);

		appendStringInfo(&path, "&column=%s", hbase_escape(conn, f->colspec, f->famlen));
	}
	return path.data;
}

/* ---------------- writes ---------------- */

/*
 * A PUT of rows, JSON CellSet in the body (writes stay JSON whatever the
 * transport).  The row in the path is a placeholder: the gateway takes each
 * row's key from the body.  A write: sent at most once to one gateway, and
 * to the next one only when it surely did not reach the first (connect.c);
 * no answer is an error saying its outcome is unknown.  Any status
 * returned: the caller tells which rows may stand.
 */
HBaseResponse *
hbase_rest_put(HBaseConn *conn, HBaseTable *table, HBaseRow *rows, int nrows, const char *what)
{
	char	   *body = hbase_json_cellset(rows, nrows);

	return hbase_request_ex(conn, "PUT",
							psprintf("%s/hbase_fdw_batch", hbase_rest_table_path(conn, table)),
							body, strlen(body), what, HBASE_REQ_WRITE);
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
 * caller includes it.  200: written; 304: the check failed, nothing written.
 * Same RowResource code in hbase-rest 2.4, 2.5 and 2.6; the key is taken
 * from the body, so any gateway version takes any key.  A write (see
 * hbase_rest_put): never sent twice.
 */
HBaseResponse *
hbase_rest_check_and_put(HBaseConn *conn, HBaseTable *table, const HBaseRow *row,
						 const char *check_col, int check_collen,
						 const char *expected, int expectedlen, const char *what)
{
	HBaseRow	r = *row;
	char	   *body;

	r.cells = palloc(sizeof(HBaseCell) * (row->ncells + 1));
	memcpy(r.cells, row->cells, sizeof(HBaseCell) * row->ncells);
	memset(&r.cells[row->ncells], 0, sizeof(HBaseCell));
	r.cells[row->ncells].column = (char *) check_col;
	r.cells[row->ncells].collen = check_collen;
	r.cells[row->ncells].value = expected ? (char *) expected : "";
	r.cells[row->ncells].vallen = expected ? expectedlen : 0;
	r.ncells = row->ncells + 1;
	body = hbase_json_cellset(&r, 1);
	pfree(r.cells);
	return hbase_request_ex(conn, "PUT",
							psprintf("%s/hbase_fdw_row?check=put", hbase_rest_table_path(conn, table)),
							body, strlen(body), what, HBASE_REQ_WRITE);
}

/*
 * DELETE of a row, or of one cell of it when col is given ("family:
 * qualifier").  The path is binary-safe or refused by gateway.c (an old
 * gateway would delete another row or none).  A write (see hbase_rest_put):
 * a late DELETE could remove a row written after it.  Any status returned.
 */
HBaseResponse *
hbase_rest_delete(HBaseConn *conn, HBaseTable *table, const char *key, int keylen,
				  const HBaseColumn *col, const char *what)
{
	return hbase_request_ex(conn, "DELETE",
							hbase_row_path(conn, table, key, keylen, col, what),
							NULL, 0, what, HBASE_REQ_WRITE);
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

/* GET /table/schema of an HBase table named "ns:table" or "table" (JSON) */
HBaseResponse *
hbase_rest_schema(HBaseConn *conn, const char *hbase_table, const char *what)
{
	return hbase_request(conn, "GET",
						 psprintf("/%s/schema", hbase_escape(conn, hbase_table, strlen(hbase_table))),
						 NULL, 0, what);
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

	switch (resp->status)
	{
		case 404:
			ereport(ERROR,
					(errcode(ERRCODE_FDW_TABLE_NOT_FOUND),
					 errmsg("HBase table \"%s\" does not exist", tname),
					 table ? errdetail("Foreign table %s maps to it; the gateway answered 404 to %s.",
									   table->relname, what) : 0));
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
			ereport(ERROR,
					(errcode(ERRCODE_FDW_ERROR),
					 errmsg("HBase REST gateway answered HTTP %ld to %s on table \"%s\"",
							resp->status, what, tname),
					 errdetail("%s", hbase_body_summary(resp))));
	}
	pg_unreachable();
}
