/*
 * wire.h: what wire/ offers the layers above: a server's options, the
 * connection cache and its requests (connection.c), the request statistics
 * (stats.c), what each gateway version offers (gateway.c, gateway_rows.c),
 * the typed REST operations and the requests they send (rest.c, json.c:
 * the scan spec and its cell filters), keys as text (keys.c).
 *
 * Nothing here plans or builds tuples: the layers above hand wire/ a table
 * (hbase_table.h), keys and a scan spec, and get cells back (cellset.h).
 * Raw requests, answers and HTTP statuses stay inside wire/ (wire_int.h).
 */
#ifndef HBASE_WIRE_H
#define HBASE_WIRE_H

#include "postgres.h"

#include "fmgr.h"
#include "foreign/foreign.h"
#include "nodes/pg_list.h"

#include "cellset.h"
#include "hbase_table.h"

/* ---------- option_values.c: option values checked and parsed; a server's options ---------- */

extern void hbase_server_options(ForeignServer *server, HBaseServerOptions *opts);
extern List *hbase_split_urls(const char *value, bool strip);
extern bool hbase_option_bool(const char *name, const char *value);
extern void hbase_bad_option_value(const char *name, const char *value,
								   const char *detail) pg_attribute_noreturn();
extern long hbase_parse_seconds(const char *name, const char *value);
extern int	hbase_parse_gateway_option(const char *value);
extern int	hbase_parse_fetch_size(const char *value);
extern double hbase_parse_sample_fraction(const char *value);
extern int	hbase_parse_parallel_workers(const char *value);
extern int	hbase_parse_versions(const char *value);
extern int	hbase_parse_element(const char *value);
extern int	hbase_parse_text_width(const char *value, const char *column,
								   const char *table);
extern double hbase_parse_estimated_rows(const char *value);
extern double hbase_parse_cost(const char *name, const char *value);
extern int	hbase_parse_concurrency(const char *value);
extern int	hbase_parse_batch_size(const char *value);
extern int	hbase_parse_write_concurrency(const char *value);
extern int64 hbase_parse_size(const char *name, const char *value);
extern void hbase_check_url(const char *value);
extern void hbase_check_family(const char *name, const char *value, size_t len);
extern void hbase_check_column_option(const char *name, const char *value);
extern void hbase_set_colspec(HBaseColumn *col, const char *spec);
extern bool hbase_parse_transport(const char *value);
extern bool hbase_parse_rowkey_extra(const char *value);
extern bool hbase_parse_compression(const char *value);
extern HBaseEncoding hbase_parse_encoding(const char *value);
extern const char *hbase_table_name_problem(const char *name);
extern void hbase_check_table_name(const char *name, const char *relname);
extern void hbase_check_namespace(const char *value);
extern char *hbase_remote_table_name(const char *ns, const char *declared);
extern char *hbase_declared_table_name(const char *ns, const char *full);
/* IMPORT FOREIGN SCHEMA's option sample_rows: default and largest value */
#define HBASE_DEFAULT_SAMPLE_ROWS	100
#define HBASE_MAX_SAMPLE_ROWS		10000
extern int	hbase_parse_sample_rows(const char *value);

/* ---------- connection.c: connection cache and requests ---------- */

typedef struct HBaseConn HBaseConn;

/* REST gateways of one server (option url) */
#define HBASE_FDW_VERSION "0.1"
#define HBASE_MAX_GATEWAYS		16
/* how long a gateway that did not answer is left out */
#define HBASE_GATEWAY_DOWN_MS	30000

/* parallel requests per scan (option concurrency) */
#define HBASE_MAX_CONCURRENCY	32
/* PUTs of a bulk write in flight at once (option write_concurrency) */
#define HBASE_DEFAULT_WRITE_CONCURRENCY	8
/* rows of a scan's first page when the planner knows no smaller LIMIT */
#define HBASE_FIRST_PAGE	100

typedef struct HBaseResponse
{
	long		status;			/* 0: no answer (HBASE_REQ_TRANSPORT_OK only) */
	char	   *body;			/* NUL-terminated; malloc'd in the answer budget
								 * (held), freed with its memory context */
	size_t		len;
	char	   *location;		/* palloc'd Location header or NULL */
	const char *what;			/* the request, for messages ("reading a scanner") */
	bool		protobuf;		/* Content-Type application/x-protobuf */
	size_t		wire_len;		/* bytes on the wire (compressed or not) */
	bool		unsent;			/* status 0: the request surely never reached the gateway */
	bool		write;			/* the request was a write (HBASE_REQ_WRITE) */
	const char *gateway;		/* the gateway's URL (the connection's), for messages */
	void	   *held;			/* connection.c's owner of body, or NULL */
} HBaseResponse;

#define HBASE_MEDIA_PROTOBUF	"application/x-protobuf"

/*
 * Flags of hbase_request_ex.  TRANSPORT_OK: no answer (gateway down,
 * connection reset) is a response of status 0 rather than an error, for
 * callers that resume or retry.  CELLSET: the answer is a CellSet, asked for
 * in the connection's transport.  ONCE: the request goes out at most once,
 * even when libcurl would send it again after a reused connection closed
 * without an answer (the gateway may have done it): for scanner reads;
 * every method but GET and DELETE is sent once anyway, unless IDEMPOTENT.
 */
#define HBASE_REQ_TRANSPORT_OK	0x01
#define HBASE_REQ_CELLSET		0x02
#define HBASE_REQ_ONCE			0x04
/*
 * may be done twice (a scanner POST): after no answer, libcurl may send it
 * again on a fresh connection, and with several gateways it may go to the
 * next one
 */
#define HBASE_REQ_IDEMPOTENT	0x08
/*
 * a write (PUT, DELETE of rows or cells): goes to the next gateway only when
 * it surely did not reach the first; no answer is an error (08007) saying
 * its outcome is unknown
 */
#define HBASE_REQ_WRITE			0x10
/*
 * a side request (the read of a table's families): it takes no turn of the
 * gateways' round robin, so that a statement's own requests go where they
 * would without it
 */
#define HBASE_REQ_ASIDE			0x20

/* a connection of this backend, for hbase_fdw_get_connections() */
typedef struct HBaseConnInfo
{
	Oid			serverid;
	Oid			umid;			/* InvalidOid: no user mapping */
	char	   *url;			/* the gateway of the last request */
	char	   *gateway_version;	/* NULL until asked or declared */
	bool		in_transaction; /* used by the current transaction */
	int			open_scanners;
	int64		requests;
	bool		valid;			/* false: its server or mapping changed */
} HBaseConnInfo;

extern List *hbase_connections(void);
extern bool hbase_request_count(int i, const char **method, int64 *count);
extern void hbase_cellset_count(bool protobuf, int64 *cellsets, int64 *bytes, int64 *wire_bytes);
extern bool hbase_recent_scanner(int i, const char **path, bool *open);
extern bool hbase_disconnect(Oid serverid);
extern HBaseConn *hbase_get_connection(Oid serverid, Oid userid);
extern bool hbase_request_writes_can_leave(HBaseConn *conn);

/* reads ahead: scans of one connection that may each have one in flight */
#define HBASE_MAX_AHEAD			4
typedef struct HBaseAhead HBaseAhead;
extern HBaseAhead *hbase_ahead_new(HBaseConn *conn);
extern void hbase_ahead_abandon(HBaseAhead *a);
extern Oid	hbase_conn_server(HBaseConn *conn);
extern size_t hbase_conn_max_response_size(HBaseConn *conn);

/* ---------- stats.c: per-server request statistics ---------- */

/* kinds of requests, told from their method and path */
typedef enum HBaseStatKind
{
	HBASE_STAT_GET,
	HBASE_STAT_MULTIGET,
	HBASE_STAT_SCAN_PAGE,		/* a scanner's page, or a stateless scan's */
	HBASE_STAT_SCANNER_OPEN,
	HBASE_STAT_SCANNER_CLOSE,
	HBASE_STAT_PUT,
	HBASE_STAT_DELETE,
	HBASE_STAT_CHECK_AND_PUT,
	HBASE_STAT_INCREMENT,
	HBASE_STAT_METADATA,		/* schema, regions, exists, version, namespaces */
	HBASE_STAT_OTHER,
	HBASE_STAT_NKINDS
} HBaseStatKind;

/* classes of errors: answers that are errors, and requests without an answer */
typedef enum HBaseStatError
{
	HBASE_STAT_4XX,				/* not a 404 to a Get or multiget: no row */
	HBASE_STAT_5XX,				/* not 502, 503, 504 */
	HBASE_STAT_UNAVAILABLE,		/* 502, 503, 504, or no connection made */
	HBASE_STAT_TIMEOUT,
	HBASE_STAT_TRANSPORT,		/* no answer otherwise (reset, too large, ...) */
	HBASE_STAT_CANCELED,		/* stopped by a cancel or terminate */
	HBASE_STAT_NERRORS
} HBaseStatError;

typedef enum HBaseStatEvent
{
	HBASE_STAT_RETRY,			/* sent again to the same gateway after a pause */
	HBASE_STAT_FAILOVER,		/* sent again to another gateway */
	HBASE_STAT_RESUME			/* a scan resumed */
} HBaseStatEvent;

/* latency histogram: exact under 8 us, then 8 buckets per power of two */
#define HBASE_STAT_BUCKETS		240

typedef struct HBaseStatCounters
{
	int64		requests[HBASE_STAT_NKINDS];
	int64		bytes_out;		/* request lines, headers and bodies */
	int64		bytes_in;		/* status lines, headers and bodies as on the wire */
	int64		errors[HBASE_STAT_NERRORS];
	int64		check_failures; /* 304 to a check-and-put */
	int64		retries;		/* failovers included */
	int64		failovers;
	int64		resumes;
	int64		answered;		/* latency samples */
	int64		latency_max_us;
	int64		latency[HBASE_STAT_BUCKETS];
	TimestampTz since;			/* counting since (start or reset) */
} HBaseStatCounters;

typedef struct HBaseStatServer
{
	Oid			serverid;
	HBaseStatCounters c;
} HBaseStatServer;

extern void hbase_stats_init(void);
extern void hbase_stats_event(Oid serverid, HBaseStatEvent event);
extern void hbase_stats_set_rows(Oid relid, double rows);
extern double hbase_stats_rows(Oid relid);
extern List *hbase_stats_servers(bool backend_only, bool *is_shared, int *dropped);
/* servers a session counts (stats.c): past them, the one counted the longest ago makes room */
#define HBASE_STATS_MAX_LOCAL	64
extern void hbase_stats_reset(Oid serverid);
extern double hbase_stats_percentile(const HBaseStatCounters *c, double fraction);

/* ---------- gateway.c: what each REST gateway version offers ---------- */

typedef struct HBaseGateway
{
	int			version;		/* major * 10000 + minor * 100 + patch; 0 = not reported */
	char	   *name;			/* for messages: "2.4.17", or why it is unknown */
	bool		declared;		/* from the server option gateway_version */
	bool		b64;			/* ?e=b64 row paths and multigets, filter_b64 (2.5.9+) */
	bool		fuzzy;			/* FuzzyRowFilter in a scanner (2.5.10+, 2.6.1+) */
} HBaseGateway;

/* asked once per connection (GET /version/rest), kept in its slot (connection.c) */
extern const HBaseGateway *hbase_gateway(HBaseConn *conn);

/* ---------- gateway_rows.c: keys through a gateway without ?e=b64, or too long for a URL ---------- */

extern HBaseCellSet *hbase_gateway_get_rows(HBaseConn *conn, HBaseTable *table, List *keys,
											List *columns, long *nrequests, bool *by_scanner);

/* ---------- rest.c: typed REST operations of the executor ---------- */

/* HBaseCell, HBaseRow, HBaseCellSet: cellset.h */

/*
 * A value filter HBase runs at the region server (vfilter.c derives it, json.c
 * sends it): a SingleColumnValueFilter on one cell, or an AND or OR of such
 * filters (a FilterList).  It returns a superset of the rows whose quals are
 * true; the quals stay checked locally.
 */
typedef enum HBaseCellFilterKind
{
	HBASE_CF_CELL,				/* SingleColumnValueFilter */
	HBASE_CF_AND,				/* FilterList MUST_PASS_ALL */
	HBASE_CF_OR					/* FilterList MUST_PASS_ONE */
} HBaseCellFilterKind;

typedef enum HBaseComparatorKind
{
	HBASE_CMP_BINARY,			/* BinaryComparator: unsigned bytes */
	HBASE_CMP_PREFIX,			/* BinaryPrefixComparator */
	HBASE_CMP_SUBSTRING,		/* SubstringComparator (case-insensitive) */
	HBASE_CMP_LENGTH,			/* BitComparator OR of 0xff bytes: a cell of
								 * exactly that many bytes */
	HBASE_CMP_REGEX				/* RegexStringComparator (the value: a Java
								 * regular expression, ASCII) */
} HBaseComparatorKind;

typedef struct HBaseCellFilter
{
	HBaseCellFilterKind kind;
	List	   *args;			/* AND, OR: HBaseCellFilter * */
	const HBaseColumn *col;		/* CELL: the cell's column */
	const char *op;				/* CELL: HBase's CompareOperator, "LESS" ... */
	HBaseComparatorKind comparator;
	bytea	   *value;			/* CELL: the comparator's bytes */
	bool		if_missing;		/* CELL: a row without the cell fails */
	char	   *display;		/* the top filters: SQL-like text, for EXPLAIN */
} HBaseCellFilter;

/*
 * A range of keys (start inclusive, stop exclusive): what a scanner reads
 * (keyplan.c derives them, json.c sends their MultiRowRangeFilter)
 */
typedef struct HBaseKeyRange
{
	char	   *start;
	int			startlen;
	char	   *stop;			/* exclusive; NULL = to the end */
	int			stoplen;
	List	   *parts;			/* HBaseKeyRange *: only the rows within these
								 * (sorted, disjoint, within start..stop; one
								 * scanner's MultiRowRangeFilter), or NIL: all */
	int			prefixlen;		/* a scan merging its ranges on their own
								 * prefixes (hbase_scan_set_prefixed_plan):
								 * the bytes its keys have before what the
								 * merge orders (a Phoenix local index's
								 * region prefix and index id) */
} HBaseKeyRange;

/* what a scanner is asked for */
typedef struct HBaseScanSpec
{
	const char *startrow;
	int			startlen;		/* 0 = from the first row */
	const char *endrow;
	int			endlen;			/* 0 = to the last row */
	List	   *columns;		/* HBaseColumn *: the wanted cells and whole
								 * families; NIL = keys only */
	int			batch;			/* cells per scanner batch */
	int			caching;
	List	   *filters;		/* HBaseCellFilter *, all must pass */
	List	   *fuzzy;			/* FuzzyRowFilter keys and masks (bytea *) */
	List	   *points;			/* bytea *: only these rows (MultiRowRangeFilter) */
	List	   *row_ranges;		/* HBaseKeyRange *: only the rows within these
								 * (sorted, disjoint: MultiRowRangeFilter) */
	double		chance;			/* > 0: a RandomRowFilter's chance per row */
	bool		exact_columns;	/* no cell of another family (the row's newest
								 * timestamp is read) */
	int			max_versions;	/* versions of each cell, 0 = 1 */
	bool		no_first_key;	/* only the wanted cells, not a row's first one */
	bool		all_cells;		/* no wanted columns: every cell's key and
								 * timestamp rather than the first's */
	bool		time_range;		/* cell timestamps in [start_time, end_time) ms */
	int64		start_time;
	int64		end_time;
	List	   *families;		/* HBaseColumn *: read only their families
								 * (NIL: every family) */
} HBaseScanSpec;

/* cells per scanner page; only an enormous row is ever cut by it */
#define HBASE_CELL_LIMIT	100000

/*
 * The longest path and query a GET is sent with.  Every gateway measured
 * takes more (hbase-rest 2.4.17, 2.5.8 and 2.6.1: 64 KiB of request line
 * and headers together, then 431), but nginx's default request line is
 * 8 KiB (large_client_header_buffers; then 414) and a proxy in front of
 * the gateway is common: a read whose URL would be longer sends its keys,
 * bounds and filters another way (docs/scans.md, "Long values").
 */
#define HBASE_URL_MAX	6000

/*
 * HBase's longest rowkey (Short.MAX_VALUE): no row has a longer key, and a
 * Get or a scan bound longer than this is refused (400), so a longer key
 * reads no row and a longer bound is made exact at this length (rest.c).
 */
#define HBASE_MAX_ROW_LENGTH	32767

/* a page of the gateway's stateless scan (GET of the table's "*" row) */
typedef struct HBaseStatelessScan
{
	bool		reversed;
	const char *lower;			/* inclusive; lowerlen 0: the table's start */
	int			lowerlen;
	const char *upper;			/* exclusive; NULL: the table's end */
	int			upperlen;
	int			limit;			/* rows */
	bool		exact_bounds;	/* reversed: bounds as filter_b64 row filters */
	List	   *families;		/* HBaseColumn *: the families read, NIL = all */
	const bytea *filter;		/* value filters as filter_b64 (hbase_rest_filter_text) */
} HBaseStatelessScan;

/*
 * What a request of the executor came to, read or write: rest.c decides it
 * from the answer, reads in read_result, writes in hbase_write_outcome (the
 * one place of the "maybe applied" rule), so that no caller looks at an
 * HTTP status.
 */
typedef enum HBaseOutcome
{
	HBASE_DONE,					/* answered: set (or scanner) filled in; a write
								 * applied */
	HBASE_END,					/* nothing (more): a scanner's or a stateless scan's
								 * end, a Get's missing row */
	HBASE_LOST,					/* the scanner is gone (404, 410) or unusable (500) */
	HBASE_UNAVAILABLE,			/* no answer, or a gateway that cannot serve (502
								 * to 504); a write: surely never sent (unsent) */
	HBASE_CHECK_FAILED,			/* a check-and-put whose check did not hold (304):
								 * nothing written, another writer came first */
	HBASE_MAYBE_APPLIED,		/* a write answered 500 to 599 (or no answer, raised
								 * in connection.c): it may stand, 08007 */
	HBASE_FAILED				/* anything else: hbase_rest_report */
} HBaseOutcome;

typedef struct HBaseResult
{
	HBaseOutcome outcome;
	HBaseCellSet *set;			/* DONE: the decoded rows */
	char	   *scanner;		/* DONE of hbase_rest_scanner_open: its path */
	bool		answered;		/* UNAVAILABLE: a gateway or proxy said so (502
								 * to 504), rather than no answer at all */
	bool		unsent;			/* UNAVAILABLE without answer: the request surely
								 * never reached the gateway */
	bool		server_error;	/* the gateway failed the read (500): it may again,
								 * so retried a few times only */
	bool		table_unsure;	/* the answer may mean a missing table (a write's
								 * 404: or a missing family): check
								 * (hbase_rest_check_table) before trusting it */
	bool		refused;		/* a write refused before anything of it was done
								 * (401, 403: credentials, a read-only gateway) */
	bool		per_row;		/* a batch PUT that HBase itself refused or failed
								 * (400, the resource's 503 "Unavailable"): each
								 * row sent alone tells which rows stand */
	long		status;			/* the HTTP status (0: none), for messages only:
								 * decisions go by outcome and the flags */
	HBaseResponse *resp;		/* the answer, for hbase_rest_report */
	int			more_requests;	/* sent beyond the first (a stateless page asked
								 * again as JSON, a multiget split by length),
								 * for the scan's count */
	int64		more_bytes;		/* the answers' bytes beyond resp's */
	const char *url_note;		/* what a URL's length made the read do instead
								 * (EXPLAIN ANALYZE), or NULL */
} HBaseResult;


extern int	hbase_utf8_prefix(const char *s, int len);
extern void hbase_rest_report(const HBaseResult *res, HBaseTable *table,
							  const char *what) pg_attribute_noreturn();
extern HBaseResult hbase_rest_scanner_open(HBaseConn *conn, HBaseTable *table,
										   const HBaseScanSpec *spec, bool resuming,
										   MemoryContext cxt);
extern HBaseResult hbase_rest_scanner_next(HBaseConn *conn, HBaseTable *table,
										   const char *scanner, int rows);
extern bool hbase_rest_scanner_next_ahead(HBaseAhead *ahead, const char *scanner, int rows);
extern HBaseResult hbase_rest_scanner_next_taken(HBaseAhead *ahead, HBaseTable *table);
extern void hbase_rest_pages_many(HBaseConn *conn, HBaseTable *table, char **scanners,
								  const int *rows, const HBaseStatelessScan *stateless, int n,
								  MemoryContext *cxts, HBaseResult *out);
extern void hbase_rest_scanner_close(HBaseConn *conn, HBaseTable *table, const char *scanner);
extern void hbase_rest_scanner_drop(HBaseConn *conn, const char *scanner);
extern HBaseResult hbase_rest_get(HBaseConn *conn, HBaseTable *table, const char *key,
								  int keylen, List *columns);
extern HBaseResult hbase_rest_multiget(HBaseConn *conn, HBaseTable *table, bytea **keys, int n,
									   const bytea *filter, List *columns);
extern void hbase_rest_multiget_many(HBaseConn *conn, HBaseTable *table, bytea **keys,
									 const int *starts, const int *counts, int nreq,
									 HBaseResult *out, const bytea *filter, List *columns);
extern bool hbase_rest_stateless_fits(HBaseConn *conn, HBaseTable *table,
									  const HBaseStatelessScan *s);
extern bytea *hbase_rest_filter_text(List *filters);
extern bool hbase_rest_write_family_missing(HBaseConn *conn, HBaseTable *table,
											const char *what);
extern List *hbase_rest_regions(HBaseConn *conn, HBaseTable *table, const char **error);
extern HBaseResult hbase_rest_stateless_scan(HBaseConn *conn, HBaseTable *table,
											 const HBaseStatelessScan *s, int flags);
extern void hbase_page_join(HBaseCellSet *set, HBaseRow **held, bool cut,
							MemoryContext holdcxt);
extern HBaseRow *hbase_copy_row(const HBaseRow *src);
typedef struct HBaseScanner HBaseScanner;
extern HBaseScanner *hbase_scanner_open(HBaseConn *conn, HBaseTable *table,
										const HBaseScanSpec *spec, int rows, int limit,
										const char *what, long *nrequests);
extern HBaseCellSet *hbase_scanner_page(HBaseScanner *s);
extern void hbase_scanner_close(HBaseScanner *s);
extern void hbase_rest_check_table(HBaseConn *conn, HBaseTable *table, const char *what);
extern bool hbase_rest_table_exists(HBaseConn *conn, HBaseTable *table, const char *what);
extern char *hbase_rest_similar_tables(HBaseConn *conn, HBaseTable *table);
extern void hbase_rest_put_many(HBaseConn *conn, HBaseTable *table, HBaseRow **batches,
								const int *nrows, int n, const char *what, HBaseResult *out,
								bool *interrupted);
typedef struct HBasePuts HBasePuts;
extern HBasePuts *hbase_rest_put_start(HBaseConn *conn, HBaseTable *table, HBaseRow **batches,
									   const int *nrows, int n, const char *what, bool own);
extern void hbase_rest_put_finish(HBasePuts *p, HBaseResult *out, bool *interrupted);

/* the check of a check-and-put: the cell compared, the value it must hold (NULL: absent) */
typedef struct HBaseCheck
{
	const char *col;			/* "family:qualifier" */
	int			collen;
	const char *expected;
	int			expectedlen;
} HBaseCheck;
extern HBasePuts *hbase_rest_check_and_put_start(HBaseConn *conn, HBaseTable *table,
												 HBaseRow **rows, const HBaseCheck *checks,
												 int n, const char *what, bool own);
extern HBasePuts *hbase_rest_delete_start(HBaseConn *conn, HBaseTable *table, HBaseRow **rows,
										  const int64 *read_ts, int n, const char *what,
										  bool own);
extern HBaseResult hbase_rest_put(HBaseConn *conn, HBaseTable *table, HBaseRow *rows,
								  int nrows, const char *what);
extern HBaseResult hbase_rest_check_and_put(HBaseConn *conn, HBaseTable *table,
											const HBaseRow *row, const char *check_col,
											int check_collen, const char *expected,
											int expectedlen, const char *what);
extern HBaseResult hbase_rest_increment(HBaseConn *conn, HBaseTable *table,
										const HBaseRow *row, const char *what);
extern HBaseResult hbase_rest_delete(HBaseConn *conn, HBaseTable *table, const char *key,
									 int keylen, const HBaseColumn *col, int64 read_ts,
									 const char *what);
extern HBaseResponse *hbase_rest_namespace_tables(HBaseConn *conn, const char *ns,
												  const char *what);
extern HBaseResponse *hbase_rest_namespace(HBaseConn *conn, const char *ns);
extern HBaseResponse *hbase_rest_create_table(HBaseConn *conn, const char *hbase_table,
											  const char *model, const char *what);
extern HBaseResponse *hbase_rest_drop_table(HBaseConn *conn, const char *hbase_table,
											const char *what);
extern HBaseResponse *hbase_rest_schema(HBaseConn *conn, const char *hbase_table,
										const char *what, int flags);
extern List *hbase_rest_names(HBaseResponse *resp, const char *member, const char *what);
extern void hbase_check_families(HBaseConn *conn, HBaseTable *table, List *columns);
extern char *hbase_body_summary(HBaseResponse *resp);
extern void hbase_report_status(HBaseResponse *resp, HBaseTable *table,
								const char *what) pg_attribute_noreturn();

/* ---------- json.c: the only user of jansson ---------- */

extern void hbase_json_init(void);
extern char *hbase_json_table_schema(const char *name, List *families, List *attr_names,
									 List *attr_values);

/* ---------- keys.c: keys as text, a row_timestamp table's timestamp from its key ---------- */

extern char *hbase_explain_key(const char *key, int len);
extern char *hbase_printable_key(const char *key, int len);
extern char *hbase_escaped_bytes(const char *key, int len, bool utf8);
extern void hbase_key_error(HBaseTable *table, const char *error, const char *key,
							int keylen) pg_attribute_noreturn();
extern int64 hbase_now_ms(void);

#endif
