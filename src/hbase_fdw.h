/*
 * hbase_fdw.h: internal interfaces shared by the files of hbase_fdw.
 *
 * Each section names the file that defines what it declares (types it
 * introduces included); the inline helpers and the epoch shift just below
 * are everyone's.  The wire codecs' CellSet is in cellset.h, the rowkey
 * codec's interface in rowkey.h, libcurl's wrapper in http.h.
 */
#ifndef HBASE_FDW_H
#define HBASE_FDW_H

#include "postgres.h"

#include "access/attnum.h"
#include "datatype/timestamp.h"
#include "fmgr.h"
#include "foreign/foreign.h"
#include "nodes/pg_list.h"

#include "cellset.h"

/* binary-safe copy, NUL-terminated for convenience (pnstrdup stops at a NUL) */
static inline char *
hbase_memdup(const char *data, size_t len)
{
	char	   *p = palloc(len + 1);

	memcpy(p, data, len);
	p[len] = '\0';
	return p;
}

/*
 * Days and microseconds from 1970-01-01 (Unix's epoch: HBase's timestamps,
 * Phoenix's dates, the codec's values) to 2000-01-01 (PostgreSQL's): Unix
 * time = PostgreSQL time + the shift.
 */
#define HBASE_EPOCH_SHIFT_DAYS	((int64) (POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE))
#define HBASE_EPOCH_SHIFT_USECS	(HBASE_EPOCH_SHIFT_DAYS * USECS_PER_DAY)

/* byte order of two keys, as HBase sorts them */
static inline int
hbase_cmp_keys(const char *a, int al, const char *b, int bl)
{
	int			c = memcmp(a, b, Min(al, bl));

	if (c != 0)
		return c;
	return al < bl ? -1 : al > bl ? 1 : 0;
}

/* ---------- hbase_fdw.c: the FDW callbacks; join.c: batched key joins ---------- */

/*
 * costs: an HTTP round trip (server option fdw_startup_cost), and a row
 * travelling as base64 JSON (fdw_tuple_cost); a table's are in HBaseTable
 */
#define HBASE_DEFAULT_REQUEST_COST	25.0
#define HBASE_DEFAULT_ROW_COST		0.1
/* the rows of a table without statistics nor a counted full scan (option estimated_rows) */
#define HBASE_DEFAULT_ESTIMATED_ROWS	1000000.0

struct RelOptInfo;
extern bool hbase_own_rel(struct RelOptInfo *rel);
extern void hbase_join_init(void);

/* ---------- options.c: catalog options, parsed ---------- */

typedef enum HBaseEncoding
{
	HBASE_ENC_TEXT,				/* UTF-8 text form, type input function */
	HBASE_ENC_BINARY,			/* Java Bytes.toBytes(...), big-endian */
	HBASE_ENC_PHOENIX			/* Apache Phoenix's PDataType forms (phoenix.c) */
} HBaseEncoding;

typedef enum HBaseColumnKind
{
	HBASE_COL_CELL,				/* family:qualifier */
	HBASE_COL_ROWKEY,			/* the raw rowkey (column ':key') */
	HBASE_COL_KEYPART,			/* decoded from the rowkey by the layout */
	HBASE_COL_FAMILY,			/* a whole family as jsonb (column 'family') */
	HBASE_COL_TIMESTAMP			/* the cells' timestamp (column ':timestamp') */
} HBaseColumnKind;

typedef struct HBaseColumn
{
	AttrNumber	attnum;
	char	   *attname;
	Oid			atttypid;
	int32		atttypmod;
	bool		dropped;
	HBaseColumnKind kind;
	char	   *colspec;		/* "family:qualifier" bytes as HBase spells them
								 * (a qualifier may hold any byte, even 0) */
	int			speclen;		/* length of colspec */
	int			famlen;			/* length of the family part of colspec */
	HBaseEncoding encoding;
	int			phoenix_type;	/* HBasePhoenixType named by phoenix_type, 0 = by type */
	int			element;		/* phoenix_element: the value is this element of a
								 * Phoenix SINGLE_CELL_ARRAY_WITH_OFFSETS cell; 0 =
								 * the whole cell */
} HBaseColumn;

/* a column that maps a cell or a whole family (not the key, its parts or the timestamp) */
static inline bool
hbase_maps_cell(const HBaseColumn *col)
{
	return !col->dropped && (col->kind == HBASE_COL_CELL || col->kind == HBASE_COL_FAMILY);
}

/* Phoenix types a column can name where its PostgreSQL type leaves a choice */
typedef enum HBasePhoenixType
{
	HBASE_PHX_DEFAULT = 0,
	HBASE_PHX_TINYINT,
	HBASE_PHX_UNSIGNED_TINYINT,
	HBASE_PHX_UNSIGNED_SMALLINT,
	HBASE_PHX_UNSIGNED_INT,
	HBASE_PHX_UNSIGNED_LONG,
	HBASE_PHX_UNSIGNED_FLOAT,
	HBASE_PHX_UNSIGNED_DOUBLE,
	HBASE_PHX_DATE,
	HBASE_PHX_TIME,
	HBASE_PHX_TIMESTAMP,
	HBASE_PHX_UNSIGNED_DATE,
	HBASE_PHX_UNSIGNED_TIME,
	HBASE_PHX_UNSIGNED_TIMESTAMP,
	HBASE_PHX_CHAR				/* CHAR(n): padded with spaces to n bytes */
} HBasePhoenixType;

typedef struct HBaseServerOptions
{
	char	   *url;			/* without trailing slash; the first of urls */
	List	   *urls;			/* the gateways (char *), one or more */
	long		connect_timeout_ms;
	long		request_timeout_ms;
	char	   *ca_file;
	bool		tls_verify;
	int			fetch_size;
	int			concurrency;
	int			batch_size;
	bool		pushdown;
	int64		max_response_size;	/* bytes of one response body */
	bool		protobuf;		/* transport: CellSets as protobuf, else JSON */
	bool		gzip;			/* compression: ask for gzip answers */
	char	   *gateway_version;	/* declared REST gateway version, NULL = ask it */
	bool		keep_connections;	/* keep the connection between transactions */
	double		estimated_rows; /* rows of a table without evidence */
	double		request_cost;	/* fdw_startup_cost: one request */
	double		row_cost;		/* fdw_tuple_cost: one row received */
} HBaseServerOptions;

struct rk_layout;
struct rk_column;

typedef struct HBaseTable
{
	Oid			relid;
	Oid			serverid;		/* its server (kept: GetForeignTable per scan parsed
								 * the options again) */
	char	   *relname;		/* for messages */
	char	   *hbase_table;	/* "ns:table" or "table" */
	int			fetch_size;
	int			concurrency;	/* parallel scanner requests, 1 = one at a time */
	int			batch_size;		/* rows per PUT of an INSERT or COPY */
	double		sample_fraction;	/* of the rows ANALYZE reads, 0 = auto */
	int			parallel_workers;	/* of a Parallel Foreign Scan, -1 = auto */
	int			versions;		/* > 0: a row per cell version, this many read */
	double		estimated_rows; /* rows assumed without statistics nor a count */
	double		request_cost;	/* the planner's cost of a request (fdw_startup_cost) */
	double		row_cost;		/* of a row received (fdw_tuple_cost) */
	HBaseColumn *empty_column;	/* a cell every written row gets (Phoenix's
								 * empty key value column), or NULL */
	char	   *phoenix_indexes;	/* Phoenix's indexes on the rows (option
									 * phoenix_indexes): writes refused; or NULL */
	int			natts;
	HBaseColumn *columns;		/* indexed by attnum - 1 */
	char	   *rowkey;			/* the layout as written, or NULL */
	bool		rowkey_implicit;	/* the layout is just the raw ':key' column */
	struct rk_layout *layout;	/* compiled, columns indexed by attnum - 1 */
	struct rk_column *rkcols;
	bool		pushdown;		/* option pushdown and GUC hbase_fdw.enable_pushdown */
	bool		rowkey_extra;	/* rowkey_extra 'ignore': key bytes after the
								 * layout's last part are left out */
	int			row_timestamp;	/* attnum - 1 of the row_timestamp key column
								 * (Phoenix's ROW_TIMESTAMP), -1 = none */
} HBaseTable;

/* GUCs */
extern bool hbase_enable_pushdown;
extern bool hbase_read_ahead;
extern int	hbase_update_retries;
extern bool hbase_enable_batched_join;
extern int	hbase_join_batch_size;
extern void hbase_define_gucs(void);

#define HBASE_DEFAULT_FETCH_SIZE	1000
#define HBASE_DEFAULT_MAX_RESPONSE_SIZE ((int64) 256 * 1024 * 1024)

extern void hbase_server_options(ForeignServer *server, HBaseServerOptions *opts);
extern List *hbase_split_urls(const char *value, bool strip);
extern HBaseTable *hbase_get_table(Oid relid);
extern HBaseTable *hbase_build_table(Oid relid);
extern const char *hbase_table_name_problem(const char *name);
extern void hbase_check_table_name(const char *name, const char *relname);
/* IMPORT FOREIGN SCHEMA's option sample_rows: default and largest value */
#define HBASE_DEFAULT_SAMPLE_ROWS	100
#define HBASE_MAX_SAMPLE_ROWS		10000
extern int	hbase_parse_sample_rows(const char *value);
extern bool hbase_option_bool(const char *name, const char *value);
extern bool hbase_system_column_name(const char *name);
extern void hbase_check_foreign_table(Oid relid, bool imported);

/* names IMPORT FOREIGN SCHEMA may define (import.c, phoenix_catalog.c) */
struct ImportForeignSchemaStmt;
extern bool hbase_import_wanted(struct ImportForeignSchemaStmt *stmt, const char *name);
/* the "context" of IMPORT FOREIGN SCHEMA's options for hbase_closest_option (no catalog's) */
#define HBASE_IMPORT_OPTIONS	NamespaceRelationId
extern const char *hbase_closest_option(const char *name, Oid context);
extern int	hbase_import_notices(int level);
extern bool hbase_import_name_ok(struct ImportForeignSchemaStmt *stmt, const char *name, int len,
								 const char *what, const char *owner);
extern bool hbase_import_family_ok(const char *name, const char *owner);
extern void hbase_import_check_count(int ntables);
extern bool hbase_table_has_elements(HBaseTable *table);

/* ---------- connection.c: connection cache and requests ---------- */

typedef struct HBaseConn HBaseConn;

/* REST gateways of one server (option url) */
#define HBASE_FDW_VERSION "0.1"
#define HBASE_MAX_GATEWAYS		16
/* how long a gateway that did not answer is left out */
#define HBASE_GATEWAY_DOWN_MS	30000

/* parallel requests per scan (option concurrency) */
#define HBASE_MAX_CONCURRENCY	32
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
 * every method but GET and DELETE is sent once anyway.
 */
#define HBASE_REQ_TRANSPORT_OK	0x01
#define HBASE_REQ_CELLSET		0x02
#define HBASE_REQ_ONCE			0x04
/* several gateways: after no answer, the request may go to the next one */
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
extern HBaseResponse *hbase_request(HBaseConn *conn, const char *method,
									const char *path, const char *body,
									size_t bodylen, const char *what);
extern HBaseResponse *hbase_request_ex(HBaseConn *conn, const char *method,
									   const char *path, const char *body,
									   size_t bodylen, const char *what,
									   int flags);
extern void hbase_request_many(HBaseConn *conn, const char **paths, const bool *json, int n,
							   const char *what, HBaseResponse **out,
							   bool again_alone);
extern bool hbase_status_unavailable(long status);

/* reads ahead: scans of one connection that may each have one in flight */
#define HBASE_MAX_AHEAD			4
typedef struct HBaseAhead HBaseAhead;
extern HBaseAhead *hbase_ahead_new(HBaseConn *conn);
extern bool hbase_ahead_start(HBaseAhead *a, const char *path, const char *what, int flags);
extern HBaseResponse *hbase_ahead_finish(HBaseAhead *a);
extern void hbase_ahead_abandon(HBaseAhead *a);
extern char *hbase_escape(HBaseConn *conn, const char *s, size_t len);
extern const char *hbase_conn_url(HBaseConn *conn);
extern Oid	hbase_conn_server(HBaseConn *conn);
extern List *hbase_conn_families(HBaseConn *conn, const char *table);
extern void hbase_conn_set_families(HBaseConn *conn, const char *table, List *families);
extern void hbase_conn_forget_families(HBaseConn *conn, const char *table);
extern const char *hbase_scanner_prefix(HBaseConn *conn);
extern void hbase_scanner_opened(HBaseConn *conn, const char *path);
extern void hbase_scanner_closed(HBaseConn *conn, const char *path);
extern char *hbase_scanner_id(HBaseResponse *resp, HBaseTable *table);
extern void hbase_response_release(HBaseResponse *resp);
extern size_t hbase_conn_max_response_size(HBaseConn *conn);
extern HBaseCellSet *hbase_response_cellset(HBaseResponse *resp, HBaseTable *table,
											long max_rows, long max_cells, bool stream);
extern void hbase_report_krb(int status, const char *msg, const char *what) pg_attribute_noreturn();
struct HBaseGateway;
extern struct HBaseGateway *hbase_conn_gateway(HBaseConn *conn, const char **declared);

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

struct hbase_http_result;
extern void hbase_stats_init(void);
extern void hbase_stats_sent(Oid serverid, const char *method, const char *path);
extern void hbase_stats_done(Oid serverid, const char *method, const char *path, int outcome,
							 const struct hbase_http_result *res, bool timed);
extern void hbase_stats_event(Oid serverid, HBaseStatEvent event);
extern void hbase_stats_set_rows(Oid relid, double rows);
extern double hbase_stats_rows(Oid relid);
extern List *hbase_stats_servers(bool backend_only, bool *is_shared);
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
extern void hbase_gateway_features(HBaseGateway *gw, int version);
extern bool hbase_key_path_safe(const char *key, int len);
extern void hbase_gateway_inexact(const HBaseGateway *gw, HBaseTable *table, const char *what,
								  const char *key, int keylen) pg_attribute_noreturn();

/* ---------- gateway_rows.c: keys through a gateway without ?e=b64 ---------- */

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
	HBASE_CMP_LENGTH			/* BitComparator OR of 0xff bytes: a cell of
								 * exactly that many bytes */
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
	bool		protobuf;		/* asked for as protobuf when the connection's
								 * transport is (a scan of one stream, whose
								 * pages are mostly full: see stateless_result) */
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
								 * again as JSON), for the scan's count */
} HBaseResult;

extern HBaseOutcome hbase_write_outcome(long status, bool unsent, const char *body, bool check,
										HBaseResult *res);

extern char *hbase_rest_table_path(HBaseConn *conn, HBaseTable *table);
extern char *hbase_b64url(const char *data, int len);
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
								  int keylen);
extern HBaseResult hbase_rest_multiget(HBaseConn *conn, HBaseTable *table, bytea **keys, int n);
extern void hbase_rest_multiget_many(HBaseConn *conn, HBaseTable *table, bytea **keys,
									 const int *starts, const int *counts, int nreq,
									 HBaseResult *out);
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
extern char *hbase_rest_version(HBaseConn *conn);
extern char *hbase_row_path(HBaseConn *conn, HBaseTable *table, const char *key, int keylen,
							const HBaseColumn *col, const char *what);
extern HBaseResult hbase_rest_get_in_path(HBaseConn *conn, HBaseTable *table, List *keys,
										  const char *what);
extern HBaseResult hbase_rest_put(HBaseConn *conn, HBaseTable *table, HBaseRow *rows,
								  int nrows, const char *what);
extern HBaseResult hbase_rest_check_and_put(HBaseConn *conn, HBaseTable *table,
											const HBaseRow *row, const char *check_col,
											int check_collen, const char *expected,
											int expectedlen, const char *what);
extern HBaseResult hbase_rest_increment(HBaseConn *conn, HBaseTable *table,
										const HBaseRow *row, const char *what);
extern HBaseResult hbase_rest_delete(HBaseConn *conn, HBaseTable *table, const char *key,
									 int keylen, const HBaseColumn *col, const char *what);
extern HBaseResponse *hbase_rest_namespace_tables(HBaseConn *conn, const char *ns,
												  const char *what);
extern HBaseResponse *hbase_rest_namespace(HBaseConn *conn, const char *ns);
extern HBaseResponse *hbase_rest_schema(HBaseConn *conn, const char *hbase_table,
										const char *what, int flags);
extern List *hbase_rest_names(HBaseResponse *resp, const char *member, const char *what);
extern void hbase_check_families(HBaseConn *conn, HBaseTable *table, List *columns);
extern char *hbase_body_summary(HBaseResponse *resp);
extern void hbase_report_status(HBaseResponse *resp, HBaseTable *table,
								const char *what) pg_attribute_noreturn();

/* ---------- json.c: the only user of jansson ---------- */

extern void hbase_json_init(void);
extern char *hbase_json_scanner_model(const HBaseScanSpec *spec);
extern char *hbase_json_cellset(HBaseRow *rows, int nrows);
extern char *hbase_json_version_field(const char *body, size_t len);
extern List *hbase_json_regions(const char *body, size_t len, const char **error);
extern List *hbase_json_names(const char *body, size_t len, const char *member,
							  const char **error);

/* ---------- import.c: IMPORT FOREIGN SCHEMA ---------- */

extern List *hbase_import_foreign_schema(struct ImportForeignSchemaStmt *stmt, Oid serverOid);

/* ---------- phoenix_catalog.c: Phoenix's tables from SYSTEM.CATALOG ---------- */

extern List *hbase_phoenix_import(struct ImportForeignSchemaStmt *stmt, ForeignServer *server,
								  HBaseConn *conn);

/* ---------- convert.c: cell bytes <-> Datum, cell timestamps ---------- */

typedef struct HBaseColumnIO
{
	FmgrInfo	infunc;
	Oid			typioparam;
} HBaseColumnIO;

extern void hbase_check_column_type(HBaseTable *table, HBaseColumn *col);
extern void hbase_column_io_init(HBaseColumn *col, HBaseColumnIO *io);
extern HBaseColumnIO *hbase_attrs_io_init(HBaseTable *table, List *attrs, bool *decode_key);
extern Datum hbase_cell_to_datum(HBaseTable *table, HBaseColumn *col,
								 HBaseColumnIO *io, const char *value, int len,
								 const char *rowkey, int keylen);
extern char *hbase_explain_key(const char *key, int len);
extern char *hbase_printable_key(const char *key, int len);
extern char *hbase_escaped_bytes(const char *key, int len, bool utf8);
extern bool hbase_cell_is_phoenix_null(HBaseColumn *col, Datum value);
extern void hbase_datum_to_cell(HBaseTable *table, HBaseColumn *col, Datum value,
								char **out, int *len);
extern Datum hbase_timestamp_to_datum(HBaseColumn *col, int64 ms);
extern int64 hbase_datum_to_timestamp(HBaseTable *table, HBaseColumn *col, Datum d);
extern int	hbase_row_versions(HBaseTable *table, HBaseRow *row, HBaseRow **versions);
extern void hbase_row_to_values(HBaseTable *table, HBaseColumnIO *io, bool decode_key,
								List *attrs, HBaseRow *row, Datum *values, bool *isnull);
extern bool hbase_family_to_jsonb(HBaseTable *table, HBaseColumn *col, HBaseRow *row,
								  Datum *result);
extern char *hbase_family_member_text(const char *bytes, int len);
extern void hbase_family_member_bytes(HBaseTable *table, HBaseColumn *col, const char *str,
									  int len, const char *what, char **out, int *outlen);

/* ---------- rowkey_pg.c: the rowkey codec seen from PostgreSQL ---------- */

struct rk_value;

extern void hbase_rowkey_init(void);
extern void hbase_table_layout(HBaseTable *table);
extern void hbase_decode_key(HBaseTable *table, HBaseColumnIO *io, const char *key,
							 int keylen, List *attrs, Datum *values, bool *nulls);
extern int64 hbase_key_row_timestamp(HBaseTable *table, const char *key, int keylen);
extern bytea *hbase_encode_key(HBaseTable *table, Datum *values, bool *nulls,
							   bool random_ok);

extern void hbase_datum_to_rk(HBaseTable *table, HBaseColumn *col, Datum d,
							  struct rk_value *v);

/* a part of a key, for hbase_rowkey_parts() */
typedef struct HBaseKeyPart
{
	const char *kind;			/* "literal", "salt", "hash" or "column" */
	const char *column;			/* a column part's column, else NULL */
	bytea	   *bytes;			/* its bytes, NULL: not in the key */
	char	   *value;			/* a column part's value as text, NULL: SQL NULL */
} HBaseKeyPart;

extern HBaseTable *hbase_table_with_layout(Oid relid);
extern int	hbase_key_column(HBaseTable *table, const char *name);
extern List *hbase_key_parts(HBaseTable *table, const char *key, int keylen);

/* ---------- pushdown.c: which quals are key conditions, cell filters, time conditions ---------- */
extern bool hbase_is_int_type(Oid t);
extern bool hbase_is_text_type(Oid t);
extern bool hbase_is_datetime_type(Oid t);
extern bool hbase_collation_sorts_as_bytes(Oid coll);

typedef enum HBaseKeyOp
{
	HBASE_KEY_EQ,
	HBASE_KEY_LT,
	HBASE_KEY_LE,
	HBASE_KEY_GT,
	HBASE_KEY_GE,
	HBASE_KEY_IN,
	HBASE_KEY_ISNULL,
	HBASE_KEY_PREFIX,			/* LIKE 'abc%' */
	HBASE_KEY_SUFFIX			/* LIKE '%abc' */
} HBaseKeyOp;

/*
 * A key condition: column op value (expr indexes the value expressions, -1
 * for IS NULL), or a row comparison of nrow key columns (attnum 0).
 */
typedef struct HBaseKeyCond
{
	AttrNumber	attnum;
	HBaseKeyOp	op;
	int			expr;
	int			nrow;
	AttrNumber *row_attnums;
	int		   *row_exprs;
} HBaseKeyCond;

/*
 * The order in which a scan must return its rows: the planner decides it
 * (pathkeys), the scan reads its ranges accordingly.
 */
typedef enum HBaseRowOrder
{
	HBASE_ORDER_ANY,			/* any order: ranges read in blocks, in parallel,
								 * and split at region boundaries */
	HBASE_ORDER_KEY,			/* key order: one stream reads the ranges in turn;
								 * with salt bytes, one stream per salt bucket,
								 * merged on the key after the salt */
	HBASE_ORDER_REVERSE			/* reverse key order: stateless reversed pages,
								 * the last range first */
} HBaseRowOrder;

typedef enum HBaseOpKind
{
	HBASE_OP_FULL,				/* scan the whole table */
	HBASE_OP_FUZZY,				/* scan the whole table, skipping by FuzzyRowFilter */
	HBASE_OP_SCANS,				/* bounded scans */
	HBASE_OP_MULTIGET,
	HBASE_OP_GET,
	HBASE_OP_EMPTY				/* no row can match */
} HBaseOpKind;

typedef struct HBaseKeyRange
{
	char	   *start;
	int			startlen;
	char	   *stop;			/* exclusive; NULL = to the end */
	int			stoplen;
	List	   *parts;			/* HBaseKeyRange *: only the rows within these
								 * (sorted, disjoint, within start..stop; one
								 * scanner's MultiRowRangeFilter), or NIL: all */
} HBaseKeyRange;

typedef struct HBaseKeyPlan
{
	HBaseOpKind kind;
	List	   *keys;			/* bytea * (GET, MULTIGET) */
	List	   *ranges;			/* HBaseKeyRange * (SCANS) */
	int			buckets;		/* salt buckets fanned out over, or 0 */
	List	   *filters;		/* HBaseCellFilter *, for scans */
	List	   *fuzzy;			/* FUZZY: bytea * pairs, key then mask (1 = any byte) */
	double		chance;			/* > 0: each row with this probability (ANALYZE) */
	bool		time_range;		/* a versions or row_timestamp table: cell
								 * timestamps in */
	int64		start_time;		/* [start_time, end_time) ms */
	int64		end_time;
	/* what hbase_keyplan_derive adds for costs and EXPLAIN */
	double		nkeys;			/* keys (GET, MULTIGET), ranges (SCANS) or fuzzy
								 * keys (FUZZY); estimated when at_execution */
	bool		at_execution;	/* key values come at execution: kind, nkeys and
								 * buckets are the shape, keys and ranges are
								 * not computed */
	bool		per_value;		/* at_execution: a hashed column's bounds stand
								 * for their values (a skip scan above
								 * HBASE_MAX_KEYS of them) */
	bool		filters_later;	/* cell filter values come at execution */
	bool		time_later;		/* time range values come at execution */
	HBaseRowOrder order;		/* the rows' order (HBaseOpSpec) */
	int			salt_bytes;
	bool		split_buckets;
} HBaseKeyPlan;

/* what the plan decided about a scan, besides the values of its conditions */
typedef struct HBaseOpSpec
{
	List	   *conds;			/* HBaseKeyCond */
	List	   *fconds;			/* cell filter conditions (hbase_filter_conditions) */
	List	   *tconds;			/* time conditions (hbase_time_conditions) */
	bool		split_buckets;	/* a salted table read one range per bucket */
	HBaseRowOrder order;
	int			salt_bytes;		/* HBASE_ORDER_KEY: salt bytes the merge skips */
} HBaseOpSpec;

/*
 * The values of the conditions, indexed like fdw_exprs: all known at
 * execution; at planning only constants (known[i] false: a parameter or an
 * outer column, known at execution)
 */
typedef struct HBaseKeyValues
{
	Datum	   *vals;
	bool	   *nulls;
	Oid		   *types;
	bool	   *known;			/* NULL: every value is known */
} HBaseKeyValues;

extern List *hbase_key_conditions(HBaseTable *t, Index relid, List *clauses,
								  bool allow_outer, List **exprs, List **matched);
extern List *hbase_key_conds_to_list(List *conds);
extern List *hbase_key_conds_from_list(List *list);
/*
 * The operators of value filter conditions.  pushdown.c builds the tree of a
 * scan's quals that HBase can filter: a leaf is an integer list (op, attnum,
 * fdw_exprs index or -1), an AND or OR a list of an integer list (op) and its
 * arguments; NOT is pushed into the leaves.  vfilter.c derives the filters
 * from it and the values.
 */
typedef enum HBaseFilterOp
{
	HBASE_VF_AND,
	HBASE_VF_OR,
	HBASE_VF_EQ,
	HBASE_VF_NE,
	HBASE_VF_LT,
	HBASE_VF_LE,
	HBASE_VF_GT,
	HBASE_VF_GE,
	HBASE_VF_IN,				/* = ANY (array) */
	HBASE_VF_NOT_IN,			/* <> ALL (array) */
	HBASE_VF_ISNULL,
	HBASE_VF_NOTNULL,
	HBASE_VF_PREFIX,			/* LIKE 'abc%': the value is the literal prefix */
	HBASE_VF_SUBSTR				/* LIKE '%abc%': the value is the ASCII literal */
} HBaseFilterOp;

/* IN lists longer than this stay local filters */
#define HBASE_VF_MAX_IN		100

extern List *hbase_filter_conditions(HBaseTable *t, Index relid, List *clauses,
									 List **exprs);
extern List *hbase_time_conditions(HBaseTable *t, Index relid, List *clauses, List **exprs);
extern List *hbase_key_not_pushed(HBaseTable *t, Index relid, const char *alias, List *clauses);

/* ---------- crosstype.c: a value of another type as bounds of the column's type ---------- */

extern int	hbase_cross_type_bounds(Oid ctype, Oid vtype, HBaseKeyOp op, Datum value,
									HBaseKeyOp *ops, Datum *values);

/* ---------- vfilter.c: value filter conditions and values -> HBase filters ---------- */

extern bool hbase_vfilter_known(List *fconds, const HBaseKeyValues *values);
extern List *hbase_vfilter_derive(HBaseTable *t, List *fconds, const HBaseKeyValues *values);
extern bool hbase_vfilter_needs_cell(const HBaseCellFilter *f);

/* ---------- keyplan.c: (conditions, values) -> the HBase operation ---------- */

extern HBaseKeyPlan *hbase_keyplan_derive(HBaseTable *t, const HBaseOpSpec *spec,
										  const HBaseKeyValues *values);
extern HBaseKeyValues *hbase_keyplan_planning_values(List *exprs);
extern HBaseKeyPlan *hbase_keyplan_at_planning(HBaseTable *t, List *conds, List *exprs);
extern List *hbase_keyplan_describe(HBaseTable *t, HBaseKeyPlan *kp);

/* ---------- modify.c: INSERT, COPY, UPDATE and DELETE row by row ---------- */

struct FdwRoutine;
extern void hbase_modify_routines(struct FdwRoutine *routine);
extern HBaseCell *hbase_empty_cell(HBaseTable *t);
extern bool hbase_cell_checkable(HBaseColumn *col);
extern void hbase_refuse_unchecked(HBaseTable *t, List *cols);
extern void hbase_check_settable(HBaseTable *t, List *attnums);
extern long hbase_delete_cells(HBaseConn *conn, HBaseTable *t, const char *key, int keylen,
							   List *cols);

/*
 * The rows a statement wrote to HBase so far: their count and first keys,
 * for the messages of an error after them (HBase keeps them whatever comes
 * next), and whether a conflict may still be a 40001 (hbase_conflict_error).
 */
#define HBASE_WRITTEN_KEYS	5
typedef struct HBaseWritten
{
	struct HBaseTable *table;
	MemoryContext cxt;			/* where the keys are kept */
	long		nrows;
	int			nkeys;
	char	   *keys[HBASE_WRITTEN_KEYS];	/* printable, in es_query_cxt */
	bool		in_detail;		/* the error under way says it in its detail */
} HBaseWritten;

extern void hbase_written_init(HBaseWritten *w, struct HBaseTable *t, MemoryContext cxt);
extern void hbase_written_add(HBaseWritten *w, const char *key, int keylen);
extern char *hbase_written_detail(HBaseWritten *w);
extern void hbase_push_written_context(HBaseWritten *w, ErrorContextCallback *cb);
extern void hbase_conflict_error(HBaseWritten *w, const char *key, int keylen,
								 struct HBaseColumn *col, int attempts) pg_attribute_noreturn();

/* ---------- direct.c: UPDATE and DELETE as HBase operations ---------- */

extern void hbase_direct_routines(struct FdwRoutine *routine);
extern HBaseRow *hbase_get_row(HBaseTable *table, HBaseConn *conn, List *attrs,
							   const char *key, int keylen, long *nrequests);
extern HBaseCell *hbase_find_cell(HBaseRow *row, HBaseColumn *col);

/* ---------- scan.c, scan_pages.c, scan_regions.c: scan execution (scan_int.h) ---------- */

typedef struct HBaseScan HBaseScan;

extern HBaseScan *hbase_scan_begin(HBaseTable *table, HBaseConn *conn,
								   List *retrieved_attrs, int firstpage);
extern HBaseRow *hbase_scan_next(HBaseScan *scan);
extern void hbase_scan_set_plan(HBaseScan *scan, HBaseKeyPlan *plan, HBaseRowOrder order,
								int salt_bytes);
extern void hbase_scan_rescan(HBaseScan *scan);
extern void hbase_scan_end(HBaseScan *scan);
extern List *hbase_scan_pieces(HBaseScan *scan, HBaseKeyPlan *plan);
extern void hbase_scan_set_shared_plan(HBaseScan *scan, HBaseKeyPlan *plan, List *pieces,
									   int (*claim) (void *arg), void *arg);
extern Size hbase_pieces_size(List *pieces);
extern void hbase_pieces_write(List *pieces, char *dst);
extern List *hbase_pieces_read(const char *src, int n);
extern int	hbase_scan_region_scans(HBaseScan *scan);
extern const char *hbase_scan_region_note(HBaseScan *scan);
extern void hbase_scan_stats(HBaseScan *scan, long *requests, long *rows, long *resumes);
extern const char *hbase_scan_fallback(HBaseScan *scan);

/* ---------- phoenix.c: Apache Phoenix's cell encodings ---------- */

extern bool hbase_phoenix_supported(Oid typid);
extern int	hbase_phoenix_parse_type(const char *name);
extern void hbase_phoenix_check_type(HBaseTable *table, HBaseColumn *col);
extern Datum hbase_phoenix_to_datum(HBaseColumn *col, const char *value, int len);
extern void hbase_phoenix_from_datum(HBaseColumn *col, Datum value, char **out, int *len);

/* ---------- analyze.c: ANALYZE ---------- */

#ifdef FDWAPI_H					/* (json.c must not see the executor's headers) */
extern bool hbase_analyze_foreign_table(Relation relation, AcquireSampleRowsFunc *func,
										BlockNumber *totalpages);
#endif

#endif
