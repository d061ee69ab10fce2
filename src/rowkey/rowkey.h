/*
 * rowkey.h: the rowkey codec of hbase_fdw, pure C (libc + OpenSSL hashes).
 *
 * A layout is the whiteboard formula of an HBase table's rowkey, e.g.
 *     left(md5(company_id + stat_date), 5) + lpad(company_id, 6) +
 *     date(stat_date, 'yyyyMMdd') + [lpad(campaign_id, 6)]
 * hbase_rk_parse() compiles it against the key columns' types; then
 * hbase_rk_encode() computes a key from column values and hbase_rk_decode()
 * reads the values back out of a key.  No I/O and no catalog access: memory
 * comes from the allocator given to hbase_rk_set_allocator (palloc in the
 * backend, so an error raised by the caller frees everything).
 */
#ifndef HBASE_ROWKEY_H
#define HBASE_ROWKEY_H

#include <stddef.h>
#include <stdint.h>

/* SQL-side types a key column can have, as the codec sees them */
typedef enum rk_type
{
	RK_INT,						/* smallint/integer/bigint (width in bytes) */
	RK_FLOAT,					/* real (4) / double precision (8) */
	RK_TEXT,					/* text, varchar: UTF-8 */
	RK_DATE,					/* days since 1970-01-01 */
	RK_TIMESTAMP,				/* microseconds since 1970-01-01 00:00 UTC */
	RK_BYTES,					/* bytea */
	RK_NUMERIC,					/* numeric: its decimal text ("-12.50") */
	RK_BOOL,					/* boolean: 0 or 1 */
	RK_OTHER					/* a type the codec cannot put in a key */
} rk_type;

typedef struct rk_column
{
	const char *name;
	rk_type		type;
	int			width;			/* bytes of RK_INT / RK_FLOAT */
} rk_column;

typedef struct rk_value
{
	int			isnull;
	int64_t		i;				/* RK_INT, RK_DATE, RK_TIMESTAMP, RK_BOOL */
	double		f;				/* RK_FLOAT */
	const char *s;				/* RK_TEXT, RK_BYTES, RK_NUMERIC */
	size_t		len;
} rk_value;

/* how a part's bytes sort compared with its column's values */
typedef enum rk_order
{
	RK_ORDER_NONE,				/* no relation: equality only */
	RK_ORDER_ASC,				/* byte order = value order */
	RK_ORDER_DESC				/* byte order = reverse value order */
} rk_order;

typedef struct rk_layout rk_layout;

/* information about one part, for EXPLAIN, the planner and the SQL helpers */
typedef enum rk_part_kind
{
	RK_PART_LITERAL,
	RK_PART_COLUMN,
	RK_PART_SALT,
	RK_PART_HASH
} rk_part_kind;

typedef struct rk_part_info
{
	rk_part_kind kind;
	int			column;			/* index into the columns, or -1 */
	int			width;			/* fixed byte width, or -1 when variable */
	rk_order	order;
	int			order_nonneg;	/* order holds only where the encoded number >= 0 */
	int			order_float;	/* IEEE order (sortable float): -0 sorts below +0
								 * and NaNs with the sign bit below -infinity,
								 * where SQL has -0 = +0 and every NaN last */
	int			float_value;	/* holds a float column in any form: = 0 matches two
								 * encodings (-0, +0), so rows of both come */
	int			optional;		/* first part of an optional trailing group */
	int			nullable;		/* its NULL is no bytes (nullable(x), or in a
								 * group before the last): NULLs sort first */
	int			salt_buckets;	/* RK_PART_SALT: N */
	int			salt_random;	/* RK_PART_SALT: writer picks the bucket */
	int			salt_parts;		/* RK_PART_SALT: Arrays.hashCode of chosen parts
								 * (arrays_hash), which may come after the time */
	int			salt_extra;		/* a bucket outside 0..N-1 a Java writer can
								 * write (Math.abs(Integer.MIN_VALUE) % N), or 0 */
	const char *text;			/* the part as written in the layout */
	const char *lit;			/* RK_PART_LITERAL: its bytes */
	int			litlen;
	int			plain_text;		/* bytes are the text value itself (LIKE 'x%') */
	int			reversed_text;	/* bytes are the text reversed (LIKE '%x') */
} rk_part_info;

extern void hbase_rk_set_allocator(void *(*alloc) (size_t), void (*dealloc) (void *));

/*
 * Compile a layout.  On error returns NULL and sets *error to a message, and
 * *errpos to the 0-based offset in the layout text of the offending part.
 */
extern rk_layout *hbase_rk_parse(const char *text, const rk_column *columns,
								 int ncolumns, const char **error, int *errpos);
extern void hbase_rk_free(rk_layout *layout);

/*
 * Let keys go on after the layout's last part, the bytes after it ignored
 * when decoding (a Phoenix table read as Phoenix reads it: the rows of its
 * views that add key columns have longer keys).  Only where the last part
 * is fixed-width (a variable one takes the rest of the key); returns
 * whether it is.
 */
extern int	hbase_rk_allow_extra(rk_layout *layout);
extern int	hbase_rk_nparts(const rk_layout *layout);
extern void hbase_rk_part(const rk_layout *layout, int i, rk_part_info *info);
/* is this column a part of the key (decoded from it)? */
extern int	hbase_rk_uses_column(const rk_layout *layout, int column);
/*
 * The columns the salt or hash prefix is computed from, into cols (at most
 * max); returns their number, 0 without a prefix, -1 when no set of columns
 * fixes it (a Phoenix salt covers the whole key, a random one nothing).
 */
extern int	hbase_rk_prefix_columns(const rk_layout *layout, int *cols, int max);

/* is it needed to compute the key (a part, or hashed into a prefix)? */
extern int	hbase_rk_references_column(const rk_layout *layout, int column);

/*
 * Encode values (indexed like the columns) into a key.  NULL values are
 * allowed only for the columns of optional trailing groups: the key stops
 * before the first group that has a NULL.  Returns the key length, or -1 and
 * *error (naming the column and the part).  *out is allocated.
 * For a random salt, random_bucket gives the bucket to write.
 */
extern int	hbase_rk_encode(const rk_layout *layout, const rk_value *values,
							int random_bucket, char **out, const char **error);

/*
 * The first nparts parts of a key (a prefix for scans); their columns must be
 * set.  bucket writes that salt bucket (fan-out over every bucket);
 * RK_BUCKET_COMPUTE computes the salt, which a Phoenix salt can only do over
 * a whole key.  A hash prefix needs all the columns it covers.
 */
#define RK_BUCKET_COMPUTE	INT32_MIN

/* limits of a layout's text: a real one is a few hundred bytes and nests 2-3 deep */
#define RK_MAX_LAYOUT_LEN	8192
#define RK_MAX_DEPTH		32
#define RK_MAX_PARTS		256
#define CppAsStringRk(x)	CppAsStringRk_(x)
#define CppAsStringRk_(x)	#x

extern int	hbase_rk_encode_prefix(const rk_layout *layout, const rk_value *values,
								   int nparts, int bucket, char **out, const char **error);

/* the bytes of one column part for a value */
extern int	hbase_rk_encode_part(const rk_layout *layout, int part, const rk_value *value,
								 char **out, const char **error);

/*
 * The same for a range bound: a value finer than a date pattern or epoch
 * unit keeps is rounded down and *floored set (floored may be NULL: refuse).
 */
extern int	hbase_rk_encode_bound(const rk_layout *layout, int part, const rk_value *value,
								  char **out, const char **error, int *floored);

/*
 * Decode a key into values (indexed like the columns; columns the key does
 * not hold are left NULL).  Text and bytes values point into allocated
 * memory.  Returns 0, or -1 with *error.
 */
extern int	hbase_rk_decode(const rk_layout *layout, const char *key, size_t keylen,
							rk_value *values, const char **error);

/*
 * Like hbase_rk_decode, and also gives each part's byte range in the key:
 * bounds[2*i] and bounds[2*i+1] (both -1 for parts the key stops before).
 */
extern int	hbase_rk_decode_parts(const rk_layout *layout, const char *key, size_t keylen,
								  rk_value *values, long *bounds, const char **error);

/* the part an encode or decode error happened in (0-based), or -1 */
extern int	hbase_rk_error_part(void);

/*
 * Apache Phoenix's DECIMAL bytes (PDecimal: an exponent byte and base-100
 * digits, sortable) of a decimal number's text ("-12.50", as numeric_out
 * writes it) into out (room for RK_PHX_DECIMAL_MAX bytes).  Returns the
 * length, RK_DEC_NOT_FINITE for NaN/Infinity/no number, RK_DEC_RANGE when
 * Phoenix cannot hold it (more than 38 significant digits, magnitude beyond
 * 1e-130 .. 1e126).
 */
#define RK_PHX_DECIMAL_MAX	21
#define RK_DEC_NOT_FINITE	(-1)
#define RK_DEC_RANGE		(-2)
extern int	hbase_rk_phoenix_decimal(const char *text, size_t len, unsigned char *out);

/*
 * The text of a Phoenix DECIMAL's bytes (no trailing zeros, as Phoenix
 * reads it) into out (room for RK_DEC_TEXT_MAX bytes with the NUL); returns
 * its length, or -1 when the bytes are no DECIMAL.
 */
#define RK_DEC_TEXT_MAX		300
extern int	hbase_rk_phoenix_decimal_text(const unsigned char *p, size_t len, char *out);

/* is s valid UTF-8 (what PostgreSQL accepts as text, NUL aside)? */
extern int	hbase_rk_utf8_valid(const unsigned char *s, size_t len);

/* ---------------- layout inference and checks (infer.c) ---------------- */

#define RK_INFER_MAX_COLUMNS	48

/*
 * A layout that explains sampled keys: each one decodes under it and
 * encodes back to the same bytes (a hash or salt prefix recomputed).
 */
typedef struct hbase_rk_candidate
{
	char	   *layout;			/* the rowkey option's text (allocated) */
	int			ncolumns;
	rk_column	columns[RK_INFER_MAX_COLUMNS];	/* names point into names */
	char		names[RK_INFER_MAX_COLUMNS][16];	/* ts, day, id, k1 ... */
	const char *sqltypes[RK_INFER_MAX_COLUMNS];	/* "bigint", "timestamp" ... */
	int			keys;			/* keys sampled */
	int			explained;		/* keys that round-tripped: all of them */
	int			prefix_verified;	/* keys whose hash or salt was recomputed equal */
	const char *prefix;			/* "hex hash", "javahash salt" ..., or NULL */
	int			score;			/* specificity: the higher the more typed */
} hbase_rk_candidate;

/*
 * The layouts that explain every one of nkeys keys, most specific first,
 * at most max into out; returns their number (0: the keys stay raw).
 * hbase_rk_infer_free frees the layouts' texts.
 */
extern int	hbase_rk_infer(const char *const *keys, const size_t *lens, int nkeys,
						   hbase_rk_candidate *out, int max);
extern void hbase_rk_infer_free(hbase_rk_candidate *c, int n);

/* what a declared layout makes of sampled keys (hbase_rk_check_keys) */
typedef struct hbase_rk_check
{
	int			keys;
	int			unreadable;		/* decoding failed */
	int			rewritten;		/* decoded, but encoded to other bytes */
	int			implausible;	/* a date/timestamp column before 1971 or from 2200 */
	int			first_unreadable;	/* index of the first key of each kind, or -1 */
	int			first_rewritten;
	int			first_implausible;
	int			implausible_column;
	char		error[256];		/* the first unreadable key's error */
} hbase_rk_check;

/* the layout with a column renamed (allocated; NULL: it does not lex) */
extern char *hbase_rk_rename_column(const char *layout, const char *old, const char *to);

extern void hbase_rk_check_keys(const rk_layout *layout, const rk_column *columns, int ncolumns,
								const char *const *keys, const size_t *lens, int nkeys,
								hbase_rk_check *result);

/*
 * Big-endian numbers of len bytes (1 to 8), as HBase's Bytes.toBytes and
 * Phoenix write them: the codec's binary parts, the layouts inferred from
 * keys (infer.c), Phoenix's cells (phoenix/) and HBase's binary cells
 * (datum/convert.c) all read them here.  Inline: the plain-C users (the
 * fuzz targets of phoenix/) link no more of the codec for them.
 */
/* the unsigned number */
static inline uint64_t
hbase_rk_be_value(const unsigned char *p, int len)
{
	uint64_t	v = 0;
	int			i;

	for (i = 0; i < len; i++)
		v = (v << 8) | p[i];
	return v;
}

/* two's complement, sign-extended from len bytes */
static inline int64_t
hbase_rk_be_signed(const unsigned char *p, int len)
{
	uint64_t	v = hbase_rk_be_value(p, len);

	if (len > 0 && len < 8 && (p[0] & 0x80))
		v |= ~UINT64_C(0) << (8 * len);
	return (int64_t) v;
}

/* with the sign bit flipped (Phoenix's signed integers and dates: they sort as bytes) */
static inline int64_t
hbase_rk_be_flipped(const unsigned char *p, int len)
{
	uint64_t	v = hbase_rk_be_value(p, len) ^ (UINT64_C(1) << (8 * len - 1));

	if (len < 8 && (v >> (8 * len - 1)) & 1)
		v |= ~UINT64_C(0) << (8 * len);
	return (int64_t) v;
}

#endif
