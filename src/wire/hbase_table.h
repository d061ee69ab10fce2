/*
 * hbase_table.h: a foreign table and its server as the catalog's options
 * define them (plain structs that sql/options.c's validator checks and
 * datum/table.c fills), and the few helpers every layer shares (a binary-safe
 * copy, bytes as a bytea, the epoch shift, HBase's order of keys).
 *
 * The lowest header that includes PostgreSQL's: wire/ sends requests for a
 * table, so what a table is sits here, below every layer that uses it.
 */
#ifndef HBASE_TABLE_H
#define HBASE_TABLE_H

#include "postgres.h"

#include "access/attnum.h"
#include "datatype/timestamp.h"
#include "nodes/pg_list.h"

/* binary-safe copy, NUL-terminated for convenience (pnstrdup stops at a NUL) */
static inline char *
hbase_memdup(const char *data, size_t len)
{
	char	   *p = palloc(len + 1);

	memcpy(p, data, len);
	p[len] = '\0';
	return p;
}

/* len bytes as a bytea (a key, a filter's value), in the current memory context */
static inline bytea *
hbase_bytea(const char *data, int len)
{
	bytea	   *b = palloc(VARHDRSZ + len);

	SET_VARSIZE(b, VARHDRSZ + len);
	memcpy(VARDATA(b), data, len);
	return b;
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

/* ---------- defaults of the options ---------- */

/*
 * costs: an HTTP round trip (server option fdw_startup_cost), and a row
 * travelling as base64 JSON (fdw_tuple_cost); a table's are in HBaseTable
 */
#define HBASE_DEFAULT_REQUEST_COST	25.0
#define HBASE_DEFAULT_ROW_COST		0.1
/* the rows of a table without statistics nor a counted full scan (option estimated_rows) */
#define HBASE_DEFAULT_ESTIMATED_ROWS	1000000.0

#define HBASE_DEFAULT_FETCH_SIZE	1000
#define HBASE_DEFAULT_MAX_RESPONSE_SIZE ((int64) 256 * 1024 * 1024)

/* ---------- the table, its columns and its server ---------- */

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
	int			text_width;		/* text_width: an integer's text is this many
								 * zero-padded digits (sorts as bytes); 0 =
								 * any width */
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
	int			write_concurrency;
	bool		pushdown;
	int64		max_response_size;	/* bytes of one response body */
	bool		protobuf;		/* transport: CellSets as protobuf, else JSON */
	bool		gzip;			/* compression: ask for gzip answers */
	char	   *gateway_version;	/* declared REST gateway version, NULL = ask it */
	bool		keep_connections;	/* keep the connection between transactions */
	double		estimated_rows; /* rows of a table without evidence */
	double		request_cost;	/* fdw_startup_cost: one request */
	double		row_cost;		/* fdw_tuple_cost: one row received */
	char	   *ns;				/* namespace: of tables named without one, NULL =
								 * HBase's "default" */
} HBaseServerOptions;

struct rk_layout;
struct rk_column;

typedef struct HBaseTable
{
	Oid			relid;
	Oid			serverid;		/* its server (kept: GetForeignTable per scan parsed
								 * the options again) */
	char	   *relname;		/* for messages */
	char	   *hbase_table;	/* "ns:table" or "table", as declared: for
								 * messages and EXPLAIN */
	char	   *remote_table;	/* the table HBase knows: hbase_table under the
								 * server's namespace when it names none; in
								 * paths and caches */
	int			fetch_size;
	int			concurrency;	/* parallel scanner requests, 1 = one at a time */
	int			batch_size;		/* rows per PUT of an INSERT or COPY */
	int			write_concurrency;	/* PUTs of a bulk write in flight at once */
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
	List	   *read_indexes;	/* HBaseReadIndex *: Phoenix global indexes
								 * reads can go through
								 * (phoenix_index_layouts) */
	bool		read_empty_column;	/* scans read empty_column's cell too (a
									 * Phoenix index row's verified mark) */
} HBaseTable;

/*
 * A Phoenix index a scan can read the data rows' keys from (option
 * phoenix_index_layouts, datum/phoenix_index.c): its own table has the
 * foreign table's columns, those of the index key as its layout's parts.
 * A global index is an HBase table of its own; a local one's rows sit in
 * the data table, each key the region's start key, local_id, then the
 * index key (exec/index_scan.c reads them region by region).
 */
typedef struct HBaseReadIndex
{
	char	   *name;			/* Phoenix's full name of the index */
	char	   *hbase_table;	/* its HBase table, as declared */
	char	   *rowkey;			/* its key, a layout over the table's columns */
	char	   *empty_column;	/* its empty key value cell, family:qualifier */
	List	   *cells;			/* its covered cells,
								 * "column=family:qualifier" */
	List	   *elements;		/* "column=N": that covered cell is a
								 * SINGLE_CELL_ARRAY_WITH_OFFSETS cell, the
								 * column's value its element N (field
								 * element) */
	HBaseTable *table;			/* the index read as a table */
	char	   *local_id;		/* a local index: its VIEW_INDEX_ID bytes,
								 * which follow each region's start key in its
								 * rows' keys (field local_id); else NULL */
	int			local_idlen;
} HBaseReadIndex;

#endif
