/*
 * cellset.h: the decoders of what a REST gateway sends (CellSets in
 * protobuf and JSON, region, table and family listings, the version), behind
 * one CellSet struct and one decode budget.
 *
 * Nothing here depends on PostgreSQL headers (as http.h and rowkey.h): the
 * decoders allocate through the caller's function, raise nothing, and are
 * fuzzed on their own (tests/fuzz).  An answer decodes into ONE block: the
 * rows, then every cell, then the bytes of keys, columns and values (each
 * NUL-terminated); a first pass counts and checks, so that what the answer
 * decodes into is known, and refused, before anything is allocated.
 */
#ifndef HBASE_CELLSET_H
#define HBASE_CELLSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct HBaseCell
{
	char	   *column;			/* "family:qualifier" bytes */
	char	   *value;
	int			collen;
	int			vallen;
	int64_t		timestamp;		/* epoch milliseconds; 0 = the server's time */
} HBaseCell;

typedef struct HBaseRow
{
	char	   *key;
	int			keylen;
	int			ncells;
	HBaseCell  *cells;
} HBaseRow;

typedef struct HBaseCellSet
{
	int			nrows;
	int			ncells;			/* total over all rows */
	HBaseRow   *rows;
	size_t		decoded;		/* bytes the answer decoded into */
} HBaseCellSet;

/*
 * What one answer may decode into.  max_rows: the rows its request can
 * return (a scanner page of n rows, a Get of n keys); max_cells: the cells
 * (a scanner read's c=); 0 = no bound but the budget.  The budget: decoded
 * bytes at most HBASE_DECODE_FACTOR times the answer's, plus
 * HBASE_DECODE_SLACK: a real gateway's smallest cell takes 8 bytes on the
 * wire and 32 + 3 decoded (about 4 times), the smallest row 5 and 26.
 */
typedef struct HBaseDecodeLimits
{
	long		max_rows;
	long		max_cells;
} HBaseDecodeLimits;

#define HBASE_DECODE_FACTOR		8
#define HBASE_DECODE_SLACK		65536

/* the budget of an answer of len bytes */
static inline size_t
hbase_decode_budget(size_t len)
{
	if (len > (SIZE_MAX - HBASE_DECODE_SLACK) / HBASE_DECODE_FACTOR)
		return SIZE_MAX;
	return len * HBASE_DECODE_FACTOR + HBASE_DECODE_SLACK;
}

/* the caller's allocator: NULL when out of memory (or it raises) */
typedef void *(*hbase_decode_alloc) (void *arg, size_t size);

/* an error message of a decoder, written into the caller's buffer */
#define HBASE_DECODE_ERRLEN		256

/*
 * Each decoder returns OK with its result, or with err saying what was
 * wrong (a sentence fragment, lowercase: "2000 rows where the request asked
 * for at most 1000"): INVALID when the answer is not what was asked (also
 * more rows or cells than the request can return), TOO_LARGE when it would
 * decode beyond the budget.  Nothing is allocated when a check of the first
 * pass fails; what was is the caller's (one block).
 */
typedef enum HBaseDecodeResult
{
	HBASE_DECODE_OK = 0,
	HBASE_DECODE_INVALID,
	HBASE_DECODE_TOO_LARGE
} HBaseDecodeResult;

extern HBaseDecodeResult hbase_cellset_pb_decode(const char *body, size_t len,
									const HBaseDecodeLimits *lim,
									hbase_decode_alloc alloc, void *arg,
									HBaseCellSet *out, char *err);
extern HBaseDecodeResult hbase_cellset_json_decode(const char *body, size_t len,
									  const HBaseDecodeLimits *lim,
									  hbase_decode_alloc alloc, void *arg,
									  HBaseCellSet *out, char *err);
extern HBaseDecodeResult hbase_cellset_json_decode_passes(const char *body, size_t len,
											 const HBaseDecodeLimits *lim,
											 hbase_decode_alloc alloc, void *arg,
											 HBaseCellSet *out, char *err, int passes);

/*
 * The "name" members of the objects of array `member` of a JSON object
 * (TableListModel {"table": [{"name": ...}]}, TableSchemaModel
 * {"ColumnSchema": [...]}): *names (NUL-terminated, no NUL inside), *n.
 * An object without that member is an empty list.
 */
extern HBaseDecodeResult hbase_json_names_decode(const char *body, size_t len, const char *member,
									hbase_decode_alloc alloc, void *arg,
									char ***names, int *n, size_t *decoded, char *err);

/* a region's key range (TableInfoModel's "Region"); stop NULL: to the end */
typedef struct HBaseRegionRange
{
	char	   *start;
	int			startlen;
	char	   *stop;
	int			stoplen;
} HBaseRegionRange;

extern HBaseDecodeResult hbase_json_regions_decode(const char *body, size_t len,
									  hbase_decode_alloc alloc, void *arg,
									  HBaseRegionRange **regions, int *n, size_t *decoded,
									  char *err);

/*
 * The string member "Version" of a JSON object (/version/rest), or NULL
 * (*version) when there is none; false when the answer is not a JSON object.
 */
/* "2.6.1-hadoop3" -> 20601; 0 when it does not start with major.minor */
extern int	hbase_parse_gateway_version(const char *s);

extern HBaseDecodeResult hbase_json_version_decode(const char *body, size_t len,
									  hbase_decode_alloc alloc, void *arg,
									  char **version, char *err);

/* ---------- cellset_versions.c: a row's cells split per timestamp ---------- */

extern int	hbase_row_split_versions(char *key, int keylen, HBaseCell *cells, int n,
									 HBaseCell *tmp, HBaseRow *versions, long *work);

/* ---------- phoenix_cell.c: Phoenix's bytes inside cells ---------- */

extern int	hbase_phoenix_element(const char *cell, int len, int element,
								  const char **value, int *vlen);

/* a field of a SYSTEM.CATALOG key (points into the key) */
typedef struct HBasePhxField
{
	const char *s;
	int			len;
} HBasePhxField;

#define HBASE_PHX_KEY_FIELDS	5
extern int	hbase_phoenix_key_fields(const char *key, int keylen, HBasePhxField *f);
extern const HBaseCell *hbase_phoenix_catalog_cell(const HBaseRow *row, const char *name);
extern int64_t hbase_phoenix_int(const char *value, int len);

#endif							/* HBASE_CELLSET_H */
