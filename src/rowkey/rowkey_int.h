/*
 * rowkey/rowkey_int.h: what the stages of the rowkey codec share, behind rowkey.h (nothing
 * outside src/rowkey/ includes it).  The stages, each a file:
 *   lex.c      layout text -> tokens
 *   parse.c    tokens -> tree (node)
 *   compile.c  tree -> parts and pipelines (rk_layout), the layout's checks
 *   layout.c   allocator, error state, freeing, what a layout tells the planner
 *   encode.c   values -> key (run_pipeline, salts, hash prefixes)
 *   decode.c   key -> values (unrun_pipeline, prefix verification)
 *   date.c     date patterns over the calendar; text.c UTF-8; decimal.c Phoenix DECIMAL
 *   buf.c      the growable byte buffer
 * Pure C: libc and OpenSSL's digests only.
 */
#ifndef HBASE_ROWKEY_INT_H
#define HBASE_ROWKEY_INT_H

#include <stdint.h>
#include <string.h>

#include <openssl/evp.h>

#include "rowkey.h"

/* ---------------- memory and errors (layout.c) ---------------- */

/* the allocator given to hbase_rk_set_allocator (malloc/free by default) */
extern void *(*hbase_rk_alloc_fn) (size_t);
extern void (*hbase_rk_dealloc_fn) (void *);

static inline void *
rk_alloc(size_t n)
{
	return hbase_rk_alloc_fn(n);
}

static inline void
rk_dealloc(void *p)
{
	hbase_rk_dealloc_fn(p);
}

static inline void *
rk_zalloc(size_t n)
{
	void	   *p = rk_alloc(n ? n : 1);

	if (p)
		memset(p, 0, n ? n : 1);
	return p;
}

static inline char *
rk_strndup(const char *s, size_t n)
{
	char	   *p = rk_alloc(n + 1);

	if (p)
	{
		memcpy(p, s, n);
		p[n] = '\0';
	}
	return p;
}

/* a message in a buffer that lives until the next one (the backend is single-threaded) */
extern const char *hbase_rk_fmt_error(const char *fmt,...) __attribute__((format(printf, 1, 2)));

/* the part an encode or decode error happened in (hbase_rk_error_part), or -1 */
extern int	hbase_rk_errpart;

/* ---------------- growable byte buffer ---------------- */

typedef struct buf
{
	char	   *data;
	size_t		len;
	size_t		cap;
} buf;

extern int	hbase_rk_buf_reserve(buf *b, size_t more);

/* inline: keys are built a few bytes at a time, and the room is there but once in a while */
static inline int
hbase_rk_buf_append(buf *b, const void *data, size_t n)
{
	if (hbase_rk_buf_reserve(b, n) < 0)
		return -1;
	memcpy(b->data + b->len, data, n);
	b->len += n;
	b->data[b->len] = '\0';
	return 0;
}

static inline void
hbase_rk_buf_free(buf *b)
{
	if (b->data)
		rk_dealloc(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

/* ---------------- tokens and tree (lex.c, parse.c) ---------------- */

typedef enum tkind
{
	T_END, T_NAME, T_QNAME, T_STR, T_NUM, T_PLUS, T_MINUS, T_LP, T_RP, T_COMMA, T_LB, T_RB, T_BAD
} tkind;

typedef struct token
{
	tkind		kind;
	int			pos;
	const char *start;
	size_t		len;
	char	   *str;			/* T_STR: unescaped bytes; T_QNAME: the name */
	size_t		slen;
	long long	num;
} token;

typedef enum nkind
{
	N_NAME, N_STR, N_NUM, N_CALL, N_MAXMINUS, N_SEQ, N_OPT
} nkind;

typedef struct node
{
	nkind		kind;
	int			pos;
	int			end;			/* offset just after the node in the text */
	char	   *name;			/* N_NAME, N_CALL */
	int			quoted;			/* N_NAME: written `...`, matched exactly */
	char	   *str;			/* N_STR */
	size_t		slen;
	long long	num;			/* N_NUM */
	struct node **kids;			/* N_CALL args, N_SEQ items, N_OPT/N_MAXMINUS child */
	int			nkids;
	int			capkids;		/* allocated slots of kids */
} node;

typedef struct parser
{
	const char *text;
	int			p;
	token		tok;
	const char *error;
	int			errpos;
	int			depth;			/* nesting of (), [] and calls */
} parser;

extern void hbase_rk_syntax_error(parser *ps, int pos, const char *msg);
extern void hbase_rk_next_token(parser *ps);
extern node *hbase_rk_parse_tree(const char *text, const char **error, int *errpos);
extern void hbase_rk_free_tree(node *n);

/* ---------------- compiled layout (compile.c) ---------------- */

typedef enum opkind
{
	OP_EPOCH_S,					/* date/timestamp -> seconds */
	OP_EPOCH_MS,				/* date/timestamp -> milliseconds */
	OP_INVERT,					/* x -> Long.MAX_VALUE - x */
	OP_BITREV,					/* x -> Long.reverse(x) */
	OP_DEC,						/* integer -> decimal text */
	OP_DATEFMT,					/* date/timestamp -> pattern text */
	OP_LPAD,
	OP_RPAD,
	OP_REVERSE,					/* characters reversed */
	OP_BIN_INT,					/* integer -> big-endian bytes */
	OP_BIN_FLOAT,				/* float -> IEEE big-endian bytes */
	OP_SORTABLE,				/* flip sign bit (floats: all bits if negative) */
	OP_DESC,					/* every byte inverted (Phoenix's DESC columns) */
	OP_PHX_DECIMAL,				/* numeric text -> Phoenix DECIMAL bytes */
	OP_DEC_MS,					/* timestamp -> its milliseconds' decimal
								 * text, the microseconds a fraction */
	OP_PHX_TS					/* timestamp -> Phoenix TIMESTAMP's 12 bytes */
} opkind;

/*
 * The three steps of a pipeline an op belongs to: on the value as a number,
 * the one encoding into bytes, on the bytes.  encode.c runs each step's ops
 * in its own function, decode.c undoes them the same way.
 */
typedef enum opstep
{
	STEP_VALUE,
	STEP_ENCODE,
	STEP_BYTES
} opstep;

static inline opstep
hbase_rk_op_step(opkind kind)
{
	switch (kind)
	{
		case OP_EPOCH_S:
		case OP_EPOCH_MS:
		case OP_INVERT:
		case OP_BITREV:
			return STEP_VALUE;
		case OP_LPAD:
		case OP_RPAD:
		case OP_REVERSE:
		case OP_DESC:
		case OP_SORTABLE:
			return STEP_BYTES;
		default:
			return STEP_ENCODE;
	}
}

/* every byte inverted (OP_DESC, and a negative float's sortable bits): its own inverse */
static inline void
hbase_rk_flip_bytes(char *s, size_t len)
{
	size_t		i;

	for (i = 0; i < len; i++)
		s[i] = (char) ~(unsigned char) s[i];
}

typedef struct op
{
	opkind		kind;
	int			width;
	char		pad;
	char	   *pattern;		/* OP_DATEFMT */
	int			isfloat;		/* OP_SORTABLE over a float */
	int			isunsigned;		/* OP_BIN_INT of uint(x, n): 0 .. 2^(8n)-1;
								 * OP_PHX_TS: UNSIGNED_TIMESTAMP, no sign flip;
								 * OP_BIN_FLOAT: Phoenix's UNSIGNED_DOUBLE/FLOAT
								 * (no negative number) */
	int			phoenix;		/* OP_BIN_FLOAT: NaN as Java's one NaN;
								 * OP_SORTABLE: Phoenix's DOUBLE/FLOAT, the
								 * sortable bits plus one */
} op;

/* what a pipeline carries between operations */
typedef enum vkind
{
	V_INT, V_FLOAT, V_TEXT, V_DATE, V_TS, V_BYTES, V_BIN,
	V_NUM,						/* a numeric's decimal text */
	V_BOOL						/* a boolean: 0 or 1 */
} vkind;

typedef struct pipeline
{
	int			column;
	op		   *ops;
	int			nops;
	vkind		kind;			/* what the last op produces */
	vkind		source;			/* the column's own kind */
	int			width;			/* fixed byte width or -1 */
	rk_order	order;
	int			nonneg;			/* order holds only for encoded numbers >= 0 */
	int			valwidth;		/* bytes of the integer value (hash, range) */
	int			padded_dec;		/* OP_LPAD over decimal: negatives refused */
} pipeline;

typedef enum salt_kind
{
	SALT_PHOENIX, SALT_JAVAHASH, SALT_RANDOM,
	SALT_ARRAYS					/* OpenTSDB: Arrays.hashCode of chosen parts' bytes */
} salt_kind;

typedef enum salt_format
{
	SALTF_BYTE, SALTF_DEC, SALTF_HEX, SALTF_LETTER
} salt_format;

typedef struct part
{
	rk_part_kind kind;
	int			pos;			/* in the layout text */
	char	   *text;			/* as written */
	int			optional;
	int			nullable;		/* a variable-width column part in an optional group
								 * before the last one: a NULL there is written as no
								 * bytes (when a later group is written), as Phoenix
								 * writes a NULL key column before the last one it
								 * writes */
	int			null_sep;		/* nullable and followed by the literal "\xff": a
								 * NULL writes "\x00" in its place (Phoenix's
								 * SchemaUtil.getSeparatorByte) */
	/* literal */
	char	   *lit;
	size_t		litlen;
	/* column */
	pipeline	pl;
	/* salt */
	int			buckets;
	salt_kind	salt;
	salt_format sfmt;
	pipeline	hashsrc;		/* SALT_JAVAHASH input */
	/* salt, hash */
	int			width;
	/* hash */
	const EVP_MD *md;
	int			raw;
	struct part **items;		/* what is hashed (hash prefix, SALT_ARRAYS) */
	int			nitems;
} part;

struct rk_layout
{
	const rk_column *columns;
	int			ncolumns;
	part	  **parts;
	int			nparts;
	int			extra_ok;		/* bytes after the last part are ignored */
};

/* ---------------- what encoding and decoding share ---------------- */

#define USECS_PER_DAY	INT64_C(86400000000)

static inline int64_t
floordiv(int64_t a, int64_t b)
{
	int64_t		q = a / b;

	if ((a % b != 0) && ((a < 0) != (b < 0)))
		q--;
	return q;
}

static inline uint64_t
bitrev64(uint64_t v)
{
	uint64_t	r = 0;
	int			k;

	for (k = 0; k < 64; k++)
	{
		r = (r << 1) | (v & 1);
		v >>= 1;
	}
	return r;
}

/*
 * The decimal form of v as OP_DEC writes it into a key ("%lld", or "%019lld"
 * with digits19: Long.MAX_VALUE - x), into out (at least 21 bytes, NUL
 * added); its length.  By hand rather than snprintf: a point lookup encodes
 * and decodes its key once each, and snprintf was most of that.
 */
static inline int
hbase_rk_format_dec(char *out, int64_t v, int digits19)
{
	char		tmp[20];
	uint64_t	u = v < 0 ? (uint64_t) 0 - (uint64_t) v : (uint64_t) v;
	int			n = 0,
				len = 0;

	do
	{
		tmp[n++] = (char) ('0' + u % 10);
		u /= 10;
	} while (u > 0);
	if (v < 0)
		out[len++] = '-';
	/* zero padding goes after the sign, as printf's "%019lld" does */
	if (digits19)
		while (n + len < 19)
			out[len++] = '0';
	while (n > 0)
		out[len++] = tmp[--n];
	out[len] = '\0';
	return len;
}

/*
 * The decimal form of a timestamp's microseconds us as OP_DEC_MS writes it:
 * milliseconds since 1970, the microseconds within the millisecond as a
 * fraction without trailing zeros ("1709287200123.987", "-0.5", "12"), as
 * Phoenix's BigDecimal of a TIMESTAMP in an index reads (PDecimal.toObject:
 * the milliseconds plus the nanoseconds within the millisecond divided by
 * the double 1e6).  The sign is the value's: floor and fraction of a time
 * before 1970 add up to it.  into out (at least 26 bytes, NUL added); its
 * length.
 */
static inline int
hbase_rk_format_dec_ms(char *out, int64_t us)
{
	uint64_t	u = us < 0 ? (uint64_t) 0 - (uint64_t) us : (uint64_t) us;
	int			frac = (int) (u % 1000);
	int			len = hbase_rk_format_dec(out + (us < 0), (int64_t) (u / 1000), 0);
	int			ndig = 3;

	if (us < 0)
		out[0] = '-', len++;
	if (frac == 0)
		return len;
	while (frac % 10 == 0)
		frac /= 10, ndig--;
	out[len++] = '.';
	for (int d = ndig - 1; d >= 0; d--)
	{
		out[len + d] = (char) ('0' + frac % 10);
		frac /= 10;
	}
	len += ndig;
	out[len] = '\0';
	return len;
}

extern int	hbase_rk_format_date(const char *pattern, int64_t usecs, buf *out);
extern int	hbase_rk_parse_date(const char *pattern, const char *s, size_t len, int64_t *usecs);
extern void hbase_rk_reverse_chars(char *s, size_t len);

#endif
