/*
 * rowkey.c: the rowkey codec (see rowkey.h for the contract).
 *
 * A layout text is tokenized and parsed into a small tree, then compiled
 * into parts: literals, salt and hash prefixes, and column parts.  A column
 * part is a pipeline of operations applied in order when encoding (value
 * transforms such as epoch or Long.MAX_VALUE - x, then one encoding into
 * bytes, then byte transforms such as padding or reversal) and undone in
 * reverse order when decoding.  Pure C: libc and OpenSSL's digests only.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "rowkey.h"

static void *(*rk_alloc) (size_t) = malloc;
static void (*rk_dealloc) (void *) = free;

/* messages live here until the next call: the backend is single-threaded */
static char rk_errbuf[512];
static int	rk_errpart = -1;

int
hbase_rk_error_part(void)
{
	return rk_errpart;
}

void
hbase_rk_set_allocator(void *(*alloc) (size_t), void (*dealloc) (void *))
{
	rk_alloc = alloc;
	rk_dealloc = dealloc;
}

static void *
rk_zalloc(size_t n)
{
	void	   *p = rk_alloc(n ? n : 1);

	if (p)
		memset(p, 0, n ? n : 1);
	return p;
}

static char *
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

static const char *fmt_error(const char *fmt,...) __attribute__((format(printf, 1, 2)));

static const char *
fmt_error(const char *fmt,...)
{
	va_list		ap;

	va_start(ap, fmt);
	vsnprintf(rk_errbuf, sizeof(rk_errbuf), fmt, ap);
	va_end(ap);
	return rk_errbuf;
}

/* ---------------- growable byte buffer ---------------- */

typedef struct buf
{
	char	   *data;
	size_t		len;
	size_t		cap;
} buf;

static int
buf_reserve(buf *b, size_t more)
{
	if (b->len + more + 1 > b->cap)
	{
		size_t		cap = b->cap ? b->cap * 2 : 64;
		char	   *p;

		while (cap < b->len + more + 1)
			cap *= 2;
		p = rk_alloc(cap);
		if (p == NULL)
			return -1;
		if (b->len)
			memcpy(p, b->data, b->len);
		if (b->data)
			rk_dealloc(b->data);
		b->data = p;
		b->cap = cap;
	}
	return 0;
}

static int
buf_append(buf *b, const void *data, size_t n)
{
	if (buf_reserve(b, n) < 0)
		return -1;
	memcpy(b->data + b->len, data, n);
	b->len += n;
	b->data[b->len] = '\0';
	return 0;
}

static void
buf_free(buf *b)
{
	if (b->data)
		rk_dealloc(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

/* ---------------- tokenizer and parser ---------------- */

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

static void
perr(parser *ps, int pos, const char *msg)
{
	if (ps->error == NULL)
	{
		ps->error = msg;
		ps->errpos = pos;
	}
}

static void
next_token(parser *ps)
{
	const char *t = ps->text;
	int			p = ps->p;
	token	   *tok = &ps->tok;

	while (t[p] && isspace((unsigned char) t[p]))
		p++;
	memset(tok, 0, sizeof(*tok));
	tok->pos = p;
	tok->start = t + p;
	if (t[p] == '\0')
		tok->kind = T_END;
	else if (isalpha((unsigned char) t[p]) || t[p] == '_')
	{
		int			s = p;

		while (isalnum((unsigned char) t[p]) || t[p] == '_' || t[p] == '.')
			p++;
		tok->kind = T_NAME;
		tok->len = p - s;
	}
	else if (isdigit((unsigned char) t[p]))
	{
		long long	v = 0;

		while (isdigit((unsigned char) t[p]))
		{
			if (v > 100000000000000LL)
			{
				tok->kind = T_BAD;
				perr(ps, tok->pos, "number too large");
				ps->p = p;
				return;
			}
			v = v * 10 + (t[p++] - '0');
		}
		tok->kind = T_NUM;
		tok->num = v;
	}
	else if (t[p] == '`')
	{
		/*
		 * A quoted column name: `MyId`, `b c` (a backtick doubled inside).
		 * Not a string literal ('...' and "..." are), so a column whose name
		 * is no plain identifier (mixed case, spaces, punctuation) can be
		 * named without being read as bytes.
		 */
		buf			b = {0};

		p++;
		for (;;)
		{
			if (t[p] == '\0')
			{
				buf_free(&b);
				tok->kind = T_BAD;
				perr(ps, tok->pos, "unterminated quoted name");
				ps->p = p;
				return;
			}
			if (t[p] == '`' && t[p + 1] == '`')
			{
				buf_append(&b, "`", 1);
				p += 2;
				continue;
			}
			if (t[p] == '`')
			{
				p++;
				break;
			}
			buf_append(&b, &t[p], 1);
			p++;
		}
		if (b.len == 0)
		{
			tok->kind = T_BAD;
			perr(ps, tok->pos, "empty quoted name");
			ps->p = p;
			return;
		}
		tok->kind = T_QNAME;
		tok->str = b.data;
		tok->slen = b.len;
		tok->len = p - tok->pos;
	}
	else if (t[p] == '\'' || t[p] == '"')
	{
		char		q = t[p++];
		buf			b = {0};

		for (;;)
		{
			char		c = t[p];

			if (c == '\0')
			{
				buf_free(&b);
				tok->kind = T_BAD;
				perr(ps, tok->pos, "unterminated string");
				ps->p = p;
				return;
			}
			if (c == q && t[p + 1] == q)
			{
				buf_append(&b, &c, 1);
				p += 2;
				continue;
			}
			if (c == q)
			{
				p++;
				break;
			}
			if (c == '\\' && t[p + 1] == 'x' && isxdigit((unsigned char) t[p + 2]) &&
				isxdigit((unsigned char) t[p + 3]))
			{
				char		hex[3] = {t[p + 2], t[p + 3], 0};
				char		byte = (char) strtol(hex, NULL, 16);

				buf_append(&b, &byte, 1);
				p += 4;
				continue;
			}
			if (c == '\\' && t[p + 1] == '\\')
			{
				buf_append(&b, "\\", 1);
				p += 2;
				continue;
			}
			if (c == '\\')
			{
				buf_free(&b);
				tok->kind = T_BAD;
				perr(ps, p, "invalid escape in string (use \\xNN or \\\\)");
				ps->p = p;
				return;
			}
			buf_append(&b, &c, 1);
			p++;
		}
		tok->kind = T_STR;
		tok->str = b.data ? b.data : rk_zalloc(1);
		tok->slen = b.len;
	}
	else
	{
		switch (t[p])
		{
			case '+':
				tok->kind = T_PLUS;
				break;
			case '-':
				tok->kind = T_MINUS;
				break;
			case '(':
				tok->kind = T_LP;
				break;
			case ')':
				tok->kind = T_RP;
				break;
			case ',':
				tok->kind = T_COMMA;
				break;
			case '[':
				tok->kind = T_LB;
				break;
			case ']':
				tok->kind = T_RB;
				break;
			default:
				tok->kind = T_BAD;
				perr(ps, p, "unexpected character");
				break;
		}
		p++;
		tok->len = 1;
	}
	ps->p = p;
}

static node *
new_node(nkind kind, int pos)
{
	node	   *n = rk_zalloc(sizeof(node));

	n->kind = kind;
	n->pos = pos;
	return n;
}

/* append a child; the array doubles, so a long sequence parses in linear time */
static void
add_kid(node *n, node *kid)
{
	if (n->nkids == n->capkids)
	{
		int			cap = n->capkids ? 2 * n->capkids : 4;
		node	  **k = rk_zalloc(sizeof(node *) * cap);

		if (n->nkids)
		{
			memcpy(k, n->kids, sizeof(node *) * n->nkids);
			rk_dealloc(n->kids);
		}
		n->kids = k;
		n->capkids = cap;
	}
	n->kids[n->nkids++] = kid;
}

static void
free_node(node *n)
{
	int			i;

	if (n == NULL)
		return;
	for (i = 0; i < n->nkids; i++)
		free_node(n->kids[i]);
	if (n->kids)
		rk_dealloc(n->kids);
	if (n->name)
		rk_dealloc(n->name);
	if (n->str)
		rk_dealloc(n->str);
	rk_dealloc(n);
}

static node *parse_seq(parser *ps);

static node *
parse_primary(parser *ps)
{
	token		tok = ps->tok;
	node	   *n;

	switch (tok.kind)
	{
		case T_STR:
			n = new_node(N_STR, tok.pos);
			n->str = tok.str;
			n->slen = tok.slen;
			next_token(ps);
			n->end = ps->tok.pos;
			return n;
		case T_NUM:
			n = new_node(N_NUM, tok.pos);
			n->num = tok.num;
			next_token(ps);
			n->end = ps->tok.pos;
			return n;
		case T_LP:
			next_token(ps);
			n = parse_seq(ps);
			if (ps->error)
				return n;
			if (ps->tok.kind != T_RP)
			{
				perr(ps, ps->tok.pos, "expected \")\"");
				return n;
			}
			next_token(ps);
			if (n->nkids == 1)
			{
				node	   *inner = n->kids[0];

				rk_dealloc(n->kids);
				rk_dealloc(n);
				return inner;
			}
			return n;
		case T_QNAME:
			n = new_node(N_NAME, tok.pos);
			n->name = tok.str;
			n->quoted = 1;
			next_token(ps);
			n->end = ps->tok.pos;
			if (ps->tok.kind == T_LP)
				perr(ps, tok.pos, "a quoted name is a column, not a function");
			return n;
		case T_NAME:
			next_token(ps);
			if (tok.len == strlen("Long.MAX_VALUE") &&
				strncmp(tok.start, "Long.MAX_VALUE", tok.len) == 0)
			{
				n = new_node(N_MAXMINUS, tok.pos);
				if (ps->tok.kind != T_MINUS)
				{
					perr(ps, ps->tok.pos, "expected \"-\" after Long.MAX_VALUE");
					return n;
				}
				next_token(ps);
				if (++ps->depth > RK_MAX_DEPTH)
				{
					perr(ps, ps->tok.pos, "the layout nests parentheses, brackets or calls too deeply");
					ps->depth--;
					return n;
				}
				add_kid(n, parse_primary(ps));
				ps->depth--;
				n->end = ps->tok.pos;
				return n;
			}
			if (ps->tok.kind == T_LP)
			{
				n = new_node(N_CALL, tok.pos);
				n->name = rk_strndup(tok.start, tok.len);
				next_token(ps);
				if (ps->tok.kind != T_RP)
				{
					for (;;)
					{
						add_kid(n, parse_seq(ps));
						if (ps->error)
							return n;
						if (ps->tok.kind == T_COMMA)
						{
							next_token(ps);
							continue;
						}
						break;
					}
				}
				if (ps->tok.kind != T_RP)
				{
					perr(ps, ps->tok.pos, "expected \")\" or \",\"");
					return n;
				}
				next_token(ps);
				n->end = ps->tok.pos;
				return n;
			}
			n = new_node(N_NAME, tok.pos);
			n->name = rk_strndup(tok.start, tok.len);
			n->end = ps->tok.pos;
			return n;
		case T_END:
			n = new_node(N_STR, tok.pos);
			perr(ps, tok.pos, "unexpected end of layout");
			return n;
		default:
			n = new_node(N_STR, tok.pos);
			if (tok.kind != T_BAD)
				perr(ps, tok.pos, "unexpected token");
			return n;
	}
}

static node *
parse_term(parser *ps)
{
	if (ps->tok.kind == T_LB)
	{
		node	   *n = new_node(N_OPT, ps->tok.pos);

		next_token(ps);
		add_kid(n, parse_seq(ps));
		if (ps->error)
			return n;
		if (ps->tok.kind != T_RB)
		{
			perr(ps, ps->tok.pos, "expected \"]\"");
			return n;
		}
		next_token(ps);
		n->end = ps->tok.pos;
		return n;
	}
	return parse_primary(ps);
}

static node *
parse_seq(parser *ps)
{
	node	   *seq = new_node(N_SEQ, ps->tok.pos);

	/* the parser, the compiler and free_node recurse as deep as the text nests */
	if (++ps->depth > RK_MAX_DEPTH)
	{
		perr(ps, ps->tok.pos, "the layout nests parentheses, brackets or calls too deeply");
		seq->end = ps->tok.pos;
		ps->depth--;
		return seq;
	}
	add_kid(seq, parse_term(ps));
	while (!ps->error && ps->tok.kind == T_PLUS)
	{
		next_token(ps);
		add_kid(seq, parse_term(ps));
	}
	seq->end = ps->tok.pos;
	ps->depth--;
	return seq;
}

/* ---------------- compiled layout ---------------- */

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
	OP_PHX_TS					/* timestamp -> Phoenix TIMESTAMP's 12 bytes */
} opkind;

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
};

static void
free_pipeline(pipeline *pl)
{
	int			i;

	for (i = 0; i < pl->nops; i++)
		if (pl->ops[i].pattern)
			rk_dealloc(pl->ops[i].pattern);
	if (pl->ops)
		rk_dealloc(pl->ops);
	pl->ops = NULL;
	pl->nops = 0;
}

static void
free_part(part *p)
{
	int			i;

	if (p == NULL)
		return;
	free_pipeline(&p->pl);
	free_pipeline(&p->hashsrc);
	if (p->lit)
		rk_dealloc(p->lit);
	if (p->text)
		rk_dealloc(p->text);
	for (i = 0; i < p->nitems; i++)
		free_part(p->items[i]);
	if (p->items)
		rk_dealloc(p->items);
	rk_dealloc(p);
}

void
hbase_rk_free(rk_layout *layout)
{
	int			i;

	if (layout == NULL)
		return;
	for (i = 0; i < layout->nparts; i++)
		free_part(layout->parts[i]);
	if (layout->parts)
		rk_dealloc(layout->parts);
	rk_dealloc(layout);
}

typedef struct compiler
{
	char		msg[512];		/* first error, copied: fmt_error's buffer is reused */
	const char *text;
	const rk_column *columns;
	int			ncolumns;
	const char *error;
	int			errpos;
} compiler;

static void
cerr(compiler *c, int pos, const char *msg)
{
	if (c->error == NULL)
	{
		snprintf(c->msg, sizeof(c->msg), "%s", msg);
		c->error = c->msg;
		c->errpos = pos;
	}
}

static void
add_op(pipeline *pl, op o)
{
	op		   *ops = rk_zalloc(sizeof(op) * (pl->nops + 1));

	if (pl->nops)
	{
		memcpy(ops, pl->ops, sizeof(op) * pl->nops);
		rk_dealloc(pl->ops);
	}
	ops[pl->nops++] = o;
	pl->ops = ops;
}

/*
 * The column a name in the layout means: the one of that exact name, else
 * (for a bare name only: a quoted one means exactly itself) one whose name
 * differs in case alone.
 */
static int
find_column(compiler *c, const node *n)
{
	const char *name = n->name;
	int			i;

	for (i = 0; i < c->ncolumns; i++)
		if (strcmp(c->columns[i].name, name) == 0)
			return i;
	if (n->quoted)
		return -1;
	for (i = 0; i < c->ncolumns; i++)
		if (strcasecmp(c->columns[i].name, name) == 0)
			return i;
	return -1;
}

static int
is_call(node *n, const char *name)
{
	return n->kind == N_CALL && strcmp(n->name, name) == 0;
}

/* a call argument that must be a single expression */
static node *
arg1(node *seq)
{
	return seq->nkids == 1 ? seq->kids[0] : NULL;
}

static int
num_arg(compiler *c, node *call, int i, long long lo, long long hi, const char *what)
{
	node	   *a = arg1(call->kids[i]);

	if (a == NULL || a->kind != N_NUM || a->num < lo || a->num > hi)
	{
		cerr(c, call->kids[i]->pos, fmt_error("%s of %s() must be a number from %lld to %lld",
											   what, call->name, lo, hi));
		return (int) lo;
	}
	return (int) a->num;
}

/* date pattern: fixed width, and whether fields go from year down */
static int
check_pattern(compiler *c, node *n, const char *pat, int *ordered, int has_time)
{
	static const char *fields[] = {"yyyy", "MM", "dd", "HH", "mm", "ss", "SSS"};
	int			f;
	int			width = 0;
	int			last = -1;
	int			finest = -1;
	int			seen[7] = {0};
	const char *p = pat;

	*ordered = 1;
	while (*p)
	{
		int			matched = 0;

		for (f = 0; f < 7; f++)
		{
			size_t		fl = strlen(fields[f]);

			if (strncmp(p, fields[f], fl) == 0)
			{
				if (f <= last)
					*ordered = 0;
				if (f != last + 1)
					*ordered = 0;
				if (seen[f]++)
				{
					cerr(c, n->pos, fmt_error("field %s appears twice in date pattern \"%s\"",
											  fields[f], pat));
					return 0;
				}
				if (f > finest)
					finest = f;
				last = f;
				width += (int) fl;
				p += fl;
				matched = 1;
				break;
			}
		}
		if (matched)
			continue;
		if (isalpha((unsigned char) *p))
		{
			cerr(c, n->pos, fmt_error("unknown field \"%c\" in date pattern \"%s\" (use yyyy, MM, dd, HH, mm, ss, SSS)",
									  *p, pat));
			return 0;
		}
		width++;
		p++;
	}
	if (width == 0 || last < 0)
	{
		cerr(c, n->pos, fmt_error("date pattern \"%s\" has no field", pat));
		return width;
	}
	/*
	 * Every field above the finest one: "HHmm" would write any day's 10:30
	 * as the same key and read it back as 1970-01-01 (finer fields left out
	 * are safe: a value that needs them is refused when written).
	 */
	for (f = 0; f < finest; f++)
		if (!seen[f])
		{
			cerr(c, n->pos, fmt_error("date pattern \"%s\" has %s but not %s: the value would not read back",
									  pat, fields[finest], fields[f]));
			return width;
		}
	(void) has_time;
	return width;
}

static void compile_value(compiler *c, node *n, pipeline *pl);

/* bring a pipeline to text (decimal for integers) */
static void
to_text(compiler *c, node *n, pipeline *pl)
{
	switch (pl->kind)
	{
		case V_INT:
			add_op(pl, (op) {.kind = OP_DEC});
			pl->kind = V_TEXT;
			pl->width = -1;
			break;
		case V_TEXT:
			break;
		case V_BYTES:
			cerr(c, n->pos, "a bytea column takes bytes(col) or the bare column, not a text function");
			break;
		case V_FLOAT:
			cerr(c, n->pos, "a floating-point value needs double(x), float(x) or sortable(...)");
			break;
		case V_DATE:
		case V_TS:
			cerr(c, n->pos, "a date or timestamp needs date(col, 'pattern'), epoch(col) or epoch_ms(col)");
			break;
		case V_BIN:
			cerr(c, n->pos, "binary bytes cannot be used as text");
			break;
		case V_NUM:
			cerr(c, n->pos, "a numeric column takes phoenix_decimal(col)");
			break;
		case V_BOOL:
			cerr(c, n->pos, "a boolean column takes boolean(col)");
			break;
	}
}

static void
compile_value(compiler *c, node *n, pipeline *pl)
{
	if (c->error)
		return;
	switch (n->kind)
	{
		case N_NAME:
			{
				int			col = find_column(c, n);

				if (col < 0)
				{
					cerr(c, n->pos, fmt_error("\"%s\" is not a column of the foreign table", n->name));
					return;
				}
				if (pl->column >= 0 && pl->column != col)
				{
					cerr(c, n->pos, "a key part can use only one column");
					return;
				}
				pl->column = col;
				pl->width = -1;
				pl->order = RK_ORDER_ASC;
				switch (c->columns[col].type)
				{
					case RK_INT:
						pl->kind = V_INT;
						pl->valwidth = c->columns[col].width;
						break;
					case RK_FLOAT:
						pl->kind = V_FLOAT;
						pl->valwidth = c->columns[col].width;
						break;
					case RK_TEXT:
						pl->kind = V_TEXT;
						break;
					case RK_DATE:
						pl->kind = V_DATE;
						break;
					case RK_TIMESTAMP:
						pl->kind = V_TS;
						break;
					case RK_BYTES:
						pl->kind = V_BYTES;
						break;
					case RK_NUMERIC:
						pl->kind = V_NUM;
						break;
					case RK_BOOL:
						pl->kind = V_BOOL;
						pl->valwidth = 1;
						break;
					case RK_OTHER:
						cerr(c, n->pos, fmt_error("column \"%s\" has a type a rowkey part cannot hold (use text, varchar, smallint, integer, bigint, real, double precision, numeric, boolean, date, timestamp, timestamptz or bytea)",
												  n->name));
						return;
				}
				pl->source = pl->kind;
				return;
			}
		case N_MAXMINUS:
			compile_value(c, n->kids[0], pl);
			if (c->error)
				return;
			if (pl->kind != V_INT)
			{
				cerr(c, n->pos, "Long.MAX_VALUE - x needs an integer x");
				return;
			}
			add_op(pl, (op) {.kind = OP_INVERT});
			pl->valwidth = 8;
			if (pl->order == RK_ORDER_ASC)
				pl->order = RK_ORDER_DESC;
			else if (pl->order == RK_ORDER_DESC)
				pl->order = RK_ORDER_ASC;
			return;
		case N_CALL:
			break;
		case N_STR:
			cerr(c, n->pos, "a string literal cannot stand here");
			return;
		case N_NUM:
			cerr(c, n->pos, "a number cannot stand here");
			return;
		default:
			cerr(c, n->pos, "unexpected expression");
			return;
	}

	/* function calls */
	if (is_call(n, "epoch") || is_call(n, "epoch_ms"))
	{
		node	   *a;

		if (n->nkids != 1 || (a = arg1(n->kids[0])) == NULL)
		{
			cerr(c, n->pos, fmt_error("%s() takes one column", n->name));
			return;
		}
		compile_value(c, a, pl);
		if (c->error)
			return;
		if (pl->kind != V_DATE && pl->kind != V_TS)
		{
			cerr(c, n->pos, fmt_error("%s() needs a date or timestamp column", n->name));
			return;
		}
		add_op(pl, (op) {.kind = is_call(n, "epoch") ? OP_EPOCH_S : OP_EPOCH_MS});
		pl->kind = V_INT;
		pl->valwidth = 8;
		return;
	}
	if (is_call(n, "bitreverse"))
	{
		node	   *a;

		if (n->nkids != 1 || (a = arg1(n->kids[0])) == NULL)
		{
			cerr(c, n->pos, "bitreverse() takes one integer");
			return;
		}
		compile_value(c, a, pl);
		if (c->error)
			return;
		if (pl->kind != V_INT)
		{
			cerr(c, n->pos, "bitreverse() needs an integer");
			return;
		}
		add_op(pl, (op) {.kind = OP_BITREV});
		pl->valwidth = 8;
		pl->order = RK_ORDER_NONE;
		return;
	}
	if (is_call(n, "lpad") || is_call(n, "rpad"))
	{
		int			left = is_call(n, "lpad");
		node	   *a;
		op			o = {.kind = left ? OP_LPAD : OP_RPAD};

		if (n->nkids < 2 || n->nkids > 3 || (a = arg1(n->kids[0])) == NULL)
		{
			cerr(c, n->pos, fmt_error("%s() takes (value, width [, 'pad'])", n->name));
			return;
		}
		compile_value(c, a, pl);
		if (c->error)
			return;
		to_text(c, a, pl);
		o.width = num_arg(c, n, 1, 1, 1000, "the width");
		o.pad = left ? '0' : ' ';
		if (n->nkids == 3)
		{
			node	   *p = arg1(n->kids[2]);

			if (p == NULL || p->kind != N_STR || p->slen != 1)
			{
				cerr(c, n->kids[2]->pos, fmt_error("the pad of %s() must be one character", n->name));
				return;
			}
			o.pad = p->str[0];
		}
		if (c->error)
			return;
		pl->padded_dec = (pl->nops > 0 && pl->ops[pl->nops - 1].kind == OP_DEC);
		if (!(left && pl->padded_dec && o.pad == '0'))
			pl->order = RK_ORDER_NONE;
		add_op(pl, o);
		pl->width = o.width;
		return;
	}
	if (is_call(n, "fixed"))
	{
		node	   *a;

		if (n->nkids != 2 || (a = arg1(n->kids[0])) == NULL)
		{
			cerr(c, n->pos, "fixed() takes (value, width)");
			return;
		}
		compile_value(c, a, pl);
		if (c->error)
			return;
		to_text(c, a, pl);
		pl->width = num_arg(c, n, 1, 1, 1000, "the width");
		if (pl->nops > 0 && pl->ops[pl->nops - 1].kind == OP_DEC)
			pl->order = RK_ORDER_NONE;
		return;
	}
	if (is_call(n, "date"))
	{
		node	   *a,
				   *p;
		int			ordered;
		op			o = {.kind = OP_DATEFMT};

		if (n->nkids != 2 || (a = arg1(n->kids[0])) == NULL ||
			(p = arg1(n->kids[1])) == NULL || p->kind != N_STR)
		{
			cerr(c, n->pos, "date() takes (column, 'pattern')");
			return;
		}
		compile_value(c, a, pl);
		if (c->error)
			return;
		if (pl->kind != V_DATE && pl->kind != V_TS)
		{
			cerr(c, n->pos, "date() needs a date or timestamp column");
			return;
		}
		o.width = check_pattern(c, p, p->str, &ordered, pl->kind == V_TS);
		if (c->error)
			return;
		o.pattern = rk_strndup(p->str, p->slen);
		add_op(pl, o);
		pl->kind = V_TEXT;
		pl->width = o.width;
		if (!ordered)
			pl->order = RK_ORDER_NONE;
		return;
	}
	if (is_call(n, "reverse"))
	{
		node	   *a;

		if (n->nkids != 1 || (a = arg1(n->kids[0])) == NULL)
		{
			cerr(c, n->pos, "reverse() takes one value");
			return;
		}
		compile_value(c, a, pl);
		if (c->error)
			return;
		to_text(c, a, pl);
		add_op(pl, (op) {.kind = OP_REVERSE});
		pl->order = RK_ORDER_NONE;
		return;
	}
	if (is_call(n, "long") || is_call(n, "int") || is_call(n, "short") || is_call(n, "byte"))
	{
		node	   *a;
		int			w = is_call(n, "long") ? 8 : is_call(n, "int") ? 4 : is_call(n, "short") ? 2 : 1;

		if (n->nkids != 1 || (a = arg1(n->kids[0])) == NULL)
		{
			cerr(c, n->pos, fmt_error("%s() takes one integer", n->name));
			return;
		}
		compile_value(c, a, pl);
		if (c->error)
			return;
		if (pl->kind != V_INT)
		{
			cerr(c, n->pos, fmt_error("%s() needs an integer", n->name));
			return;
		}
		/*
		 * A column wider than the encoding is fine (Phoenix's TINYINT is a
		 * smallint column in byte(x)): a value out of its range is refused
		 * on write and matches no key when a qual gives it.
		 */
		/*
		 * Two's complement sorts negatives last; but Long.MAX_VALUE - x
		 * refuses x < 0, so what it gives is never negative and the order
		 * holds for every key (S6: newest first without a Sort).
		 */
		pl->nonneg = !(pl->nops > 0 && pl->ops[pl->nops - 1].kind == OP_INVERT);
		add_op(pl, (op) {.kind = OP_BIN_INT, .width = w});
		pl->kind = V_BIN;
		pl->width = w;
		return;
	}
	if (is_call(n, "uint"))
	{
		/*
		 * OpenTSDB's 3-byte UIDs and 4-byte seconds: unsigned big-endian of
		 * any width.  Negatives and values too wide are refused on write, so
		 * byte order is value order over every value a key can hold.
		 */
		node	   *a;
		int			w;

		if (n->nkids != 2 || (a = arg1(n->kids[0])) == NULL)
		{
			cerr(c, n->pos, "uint() takes (integer, width in bytes 1-8)");
			return;
		}
		w = num_arg(c, n, 1, 1, 8, "the width");
		if (c->error)
			return;
		compile_value(c, a, pl);
		if (c->error)
			return;
		if (pl->kind != V_INT)
		{
			cerr(c, n->pos, "uint() needs an integer");
			return;
		}
		add_op(pl, (op) {.kind = OP_BIN_INT, .width = w, .isunsigned = 1});
		pl->kind = V_BIN;
		pl->width = w;
		pl->nonneg = 0;
		return;
	}
	if (is_call(n, "double") || is_call(n, "float"))
	{
		node	   *a;
		int			w = is_call(n, "double") ? 8 : 4;

		if (n->nkids != 1 || (a = arg1(n->kids[0])) == NULL)
		{
			cerr(c, n->pos, fmt_error("%s() takes one number", n->name));
			return;
		}
		compile_value(c, a, pl);
		if (c->error)
			return;
		if (pl->kind != V_FLOAT)
		{
			cerr(c, n->pos, fmt_error("%s() needs a real or double precision column", n->name));
			return;
		}
		if (pl->valwidth > w)
		{
			cerr(c, n->pos, fmt_error("%s() holds %d bytes but column \"%s\" has %d",
									  n->name, w, c->columns[pl->column].name, pl->valwidth));
			return;
		}
		add_op(pl, (op) {.kind = OP_BIN_FLOAT, .width = w});
		pl->kind = V_BIN;
		pl->width = w;
		pl->order = RK_ORDER_NONE;
		return;
	}
	if (is_call(n, "phoenix_double") || is_call(n, "phoenix_float") ||
		is_call(n, "phoenix_unsigned_double") || is_call(n, "phoenix_unsigned_float"))
	{
		/*
		 * Phoenix's DOUBLE and FLOAT key columns (PDouble, PFloat): the IEEE
		 * bits, sign flipped (all bits of a negative number), then plus one
		 * as a 64- or 32-bit number, so -0 and +0 differ by one and every
		 * value sorts as the numbers do.  UNSIGNED_DOUBLE and UNSIGNED_FLOAT:
		 * the IEEE bits as they are, never negative (their order holds only
		 * over +0 .. NaN, so no range is read from them).
		 */
		int			w = (is_call(n, "phoenix_double") || is_call(n, "phoenix_unsigned_double")) ? 8 : 4;
		int			uns = is_call(n, "phoenix_unsigned_double") || is_call(n, "phoenix_unsigned_float");

		if (n->nkids != 1 || arg1(n->kids[0]) == NULL)
		{
			cerr(c, n->pos, fmt_error("%s() takes one real or double precision column", n->name));
			return;
		}
		compile_value(c, arg1(n->kids[0]), pl);
		if (c->error)
			return;
		if (pl->kind != V_FLOAT || pl->nops != 0)
		{
			cerr(c, n->pos, fmt_error("%s() takes a real or double precision column", n->name));
			return;
		}
		if (pl->valwidth > w)
		{
			cerr(c, n->pos, fmt_error("%s() holds %d bytes but column \"%s\" has %d",
									  n->name, w, c->columns[pl->column].name, pl->valwidth));
			return;
		}
		add_op(pl, (op) {.kind = OP_BIN_FLOAT, .width = w, .isunsigned = uns, .phoenix = 1});
		pl->kind = V_BIN;
		pl->width = w;
		pl->order = RK_ORDER_NONE;
		pl->nonneg = 0;
		if (!uns)
		{
			add_op(pl, (op) {.kind = OP_SORTABLE, .width = w, .isfloat = 1, .phoenix = 1});
			pl->order = RK_ORDER_ASC;
		}
		return;
	}
	if (is_call(n, "sortable"))
	{
		node	   *a;
		op			o = {.kind = OP_SORTABLE};

		if (n->nkids != 1 || (a = arg1(n->kids[0])) == NULL ||
			!(is_call(a, "long") || is_call(a, "int") || is_call(a, "short") ||
			  is_call(a, "byte") || is_call(a, "double") || is_call(a, "float")))
		{
			cerr(c, n->pos, "sortable() takes long(x), int(x), short(x), byte(x), double(x) or float(x)");
			return;
		}
		compile_value(c, a, pl);
		if (c->error)
			return;
		o.isfloat = (pl->ops[pl->nops - 1].kind == OP_BIN_FLOAT);
		o.width = pl->width;
		add_op(pl, o);
		if (o.isfloat)
			pl->order = RK_ORDER_ASC;
		pl->nonneg = 0;
		return;
	}
	if (is_call(n, "phoenix_decimal"))
	{
		/*
		 * Phoenix's DECIMAL key column: variable width, sorting as the
		 * numbers do, holding 0x00 only in the exponent byte of a negative
		 * number of magnitude 1e124 or more (refused before a delimiter
		 * "\x00" like any value holding its delimiter).
		 */
		if (n->nkids != 1 || arg1(n->kids[0]) == NULL)
		{
			cerr(c, n->pos, "phoenix_decimal() takes one numeric column");
			return;
		}
		compile_value(c, arg1(n->kids[0]), pl);
		if (c->error)
			return;
		if (pl->kind != V_NUM || pl->nops != 0)
		{
			cerr(c, n->pos, "phoenix_decimal() takes a numeric column");
			return;
		}
		add_op(pl, (op) {.kind = OP_PHX_DECIMAL});
		pl->kind = V_BIN;
		pl->width = -1;
		pl->order = RK_ORDER_ASC;
		return;
	}
	if (is_call(n, "boolean"))
	{
		/* Phoenix's BOOLEAN key column: one byte, 0x00 false, 0x01 true */
		if (n->nkids != 1 || arg1(n->kids[0]) == NULL)
		{
			cerr(c, n->pos, "boolean() takes one boolean column");
			return;
		}
		compile_value(c, arg1(n->kids[0]), pl);
		if (c->error)
			return;
		if (pl->kind != V_BOOL || pl->nops != 0)
		{
			cerr(c, n->pos, "boolean() takes a boolean column");
			return;
		}
		add_op(pl, (op) {.kind = OP_BIN_INT, .width = 1, .isunsigned = 1});
		pl->kind = V_BIN;
		pl->width = 1;
		pl->order = RK_ORDER_ASC;
		pl->nonneg = 0;
		return;
	}
	if (is_call(n, "phoenix_timestamp") || is_call(n, "phoenix_unsigned_timestamp"))
	{
		/*
		 * Phoenix's TIMESTAMP key column: the milliseconds as a sign-flipped
		 * long, then the nanoseconds within the millisecond as an int
		 * (0..999999): fixed width, sorting as the timestamps do.  Its
		 * UNSIGNED_TIMESTAMP: the long as it is, never negative (refused on
		 * write), so the order holds too.
		 */
		int			uns = is_call(n, "phoenix_unsigned_timestamp");

		if (n->nkids != 1 || arg1(n->kids[0]) == NULL)
		{
			cerr(c, n->pos, fmt_error("%s() takes one timestamp column", n->name));
			return;
		}
		compile_value(c, arg1(n->kids[0]), pl);
		if (c->error)
			return;
		if (pl->kind != V_TS || pl->nops != 0)
		{
			cerr(c, n->pos, fmt_error("%s() takes a timestamp or timestamptz column", n->name));
			return;
		}
		add_op(pl, (op) {.kind = OP_PHX_TS, .isunsigned = uns});
		pl->kind = V_BIN;
		pl->width = 12;
		pl->order = RK_ORDER_ASC;
		pl->nonneg = 0;
		return;
	}
	if (is_call(n, "desc"))
	{
		/*
		 * Phoenix's SortOrder.DESC: the bytes of a part inverted, so they
		 * sort the other way.  A fixed-width part of any kind; of the
		 * variable ones only text (Phoenix's VARCHAR DESC, followed by
		 * "\xff", the inverted "\x00"): text holds no 0x00, so its inverted
		 * bytes no 0xff, and check_layout keeps the order only before a
		 * delimiter starting with 0xff.
		 */
		if (n->nkids != 1 || arg1(n->kids[0]) == NULL)
		{
			cerr(c, n->pos, "desc() takes one part");
			return;
		}
		compile_value(c, arg1(n->kids[0]), pl);
		if (c->error)
			return;
		if ((pl->kind != V_BIN && pl->kind != V_TEXT && pl->kind != V_BYTES) ||
			(pl->width < 0 && (pl->kind != V_TEXT || c->columns[pl->column].type != RK_TEXT) &&
			 !(pl->nops == 1 && pl->ops[0].kind == OP_PHX_DECIMAL)))
		{
			cerr(c, n->pos, "desc() takes a part of fixed width (long(x), sortable(...), lpad(x, n), rpad(x, n), bytes(x, n) ...), a text column or phoenix_decimal(x)");
			return;
		}
		add_op(pl, (op) {.kind = OP_DESC, .width = pl->width});
		pl->kind = V_BIN;
		pl->order = pl->order == RK_ORDER_ASC ? RK_ORDER_DESC :
			pl->order == RK_ORDER_DESC ? RK_ORDER_ASC : RK_ORDER_NONE;
		return;
	}
	if (is_call(n, "bytes"))
	{
		node	   *a;

		if (n->nkids < 1 || n->nkids > 2 || (a = arg1(n->kids[0])) == NULL || a->kind != N_NAME)
		{
			cerr(c, n->pos, "bytes() takes (column [, width])");
			return;
		}
		compile_value(c, a, pl);
		if (c->error)
			return;
		if (pl->kind != V_BYTES && pl->kind != V_TEXT)
		{
			cerr(c, n->pos, "bytes() needs a bytea or text column");
			return;
		}
		if (n->nkids == 2)
			pl->width = num_arg(c, n, 1, 1, 1000, "the width");
		return;
	}
	if (is_call(n, "salt") || is_call(n, "md5") || is_call(n, "sha1") || is_call(n, "sha256") ||
		is_call(n, "left") || is_call(n, "substr") || is_call(n, "hex") || is_call(n, "letter"))
	{
		cerr(c, n->pos, fmt_error("%s() can only be the first part of the key", n->name));
		return;
	}
	cerr(c, n->pos, fmt_error("unknown function \"%s\"", n->name));
}

static part *
new_part(compiler *c, rk_part_kind kind, node *n)
{
	part	   *p = rk_zalloc(sizeof(part));

	p->kind = kind;
	p->pos = n->pos;
	p->pl.column = -1;
	p->hashsrc.column = -1;
	p->width = -1;
	{
		int			end = n->end > n->pos ? n->end : n->pos + 1;

		while (end > n->pos && isspace((unsigned char) c->text[end - 1]))
			end--;
		p->text = rk_strndup(c->text + n->pos, end - n->pos);
	}
	return p;
}

static part *
compile_column_part(compiler *c, node *n)
{
	part	   *p = new_part(c, RK_PART_COLUMN, n);

	compile_value(c, n, &p->pl);
	if (c->error)
		return p;
	switch (p->pl.kind)
	{
		case V_INT:
			if (p->pl.nops > 0 && p->pl.ops[p->pl.nops - 1].kind == OP_INVERT)
			{
				/* Long.MAX_VALUE - x as text: 19 digits, byte order reversed */
				add_op(&p->pl, (op) {.kind = OP_DEC});
				p->pl.kind = V_TEXT;
				p->pl.width = 19;
				break;
			}
			/* a bare integer: decimal, variable width, no useful order */
			add_op(&p->pl, (op) {.kind = OP_DEC});
			p->pl.kind = V_TEXT;
			p->pl.width = -1;
			p->pl.order = RK_ORDER_NONE;
			break;
		case V_FLOAT:
		case V_DATE:
		case V_TS:
		case V_NUM:
		case V_BOOL:
			to_text(c, n, &p->pl);
			break;
		default:
			break;
	}
	p->width = p->pl.width;
	return p;
}

static const EVP_MD *
digest_of(const char *name, int *raw)
{
	*raw = 0;
	if (strncmp(name, "md5", 3) == 0 || strncmp(name, "sha1", 4) == 0 ||
		strncmp(name, "sha256", 6) == 0)
	{
		const char *u = strchr(name, '_');

		if (u && strcmp(u, "_raw") != 0)
			return NULL;
		*raw = (u != NULL);
		if (strncmp(name, "md5", 3) == 0 && (name[3] == '\0' || name[3] == '_'))
			return EVP_md5();
		if (strncmp(name, "sha1", 4) == 0 && (name[4] == '\0' || name[4] == '_'))
			return EVP_sha1();
		if (strncmp(name, "sha256", 6) == 0 && (name[6] == '\0' || name[6] == '_'))
			return EVP_sha256();
	}
	return NULL;
}

/* salt(N [, javahash(x) | random]) with an optional output format around it */
static part *
compile_salt(compiler *c, node *n, node *s, salt_format fmt, int width)
{
	part	   *p = new_part(c, RK_PART_SALT, n);

	p->sfmt = fmt;
	p->width = width;
	if (s->nkids < 1 || s->nkids > 2)
	{
		cerr(c, s->pos, "salt() takes (buckets [, javahash(x) | arrays_hash(parts) | random])");
		return p;
	}
	p->buckets = num_arg(c, s, 0, 1, 256, "the number of buckets");
	if (c->error)
		return p;
	if (fmt == SALTF_BYTE && p->buckets > 256)
		cerr(c, s->pos, "a salt byte holds at most 256 buckets");
	p->salt = SALT_PHOENIX;
	if (s->nkids == 2)
	{
		node	   *h = arg1(s->kids[1]);

		if (h && h->kind == N_NAME && !h->quoted && strcmp(h->name, "random") == 0)
			p->salt = SALT_RANDOM;
		else if (h && is_call(h, "javahash") && h->nkids == 1 && arg1(h->kids[0]))
		{
			p->salt = SALT_JAVAHASH;
			compile_value(c, arg1(h->kids[0]), &p->hashsrc);
			if (!c->error && p->hashsrc.kind != V_INT && p->hashsrc.kind != V_TEXT)
				cerr(c, h->pos, "javahash() needs an integer or text value");
		}
		else if (h && is_call(h, "arrays_hash") && h->nkids == 1 && h->kids[0]->kind == N_SEQ)
			p->salt = SALT_ARRAYS;	/* its items: hash_items_of, once the parts exist */
		else
			cerr(c, s->kids[1]->pos, "the salt's hash is javahash(x), arrays_hash(parts) or random");
	}
	if (!c->error && fmt == SALTF_DEC)
	{
		int			digits = 1,
					v = p->buckets - 1;

		while (v >= 10)
			v /= 10, digits++;
		if (digits > width)
			cerr(c, n->pos, "the width is too small for the number of buckets");
	}
	if (!c->error && fmt == SALTF_HEX)
	{
		int			digits = 1,
					v = p->buckets - 1;

		while (v >= 16)
			v /= 16, digits++;
		if (digits > width)
			cerr(c, n->pos, "the width is too small for the number of buckets");
	}
	if (!c->error && fmt == SALTF_LETTER && p->buckets > 26)
		cerr(c, n->pos, "letter() holds at most 26 buckets");
	return p;
}

/* is this node a prefix (salt or hash) form? compile it then */
static part *
compile_prefix(compiler *c, node *n)
{
	node	   *s;

	if (is_call(n, "salt"))
		return compile_salt(c, n, n, SALTF_BYTE, 1);
	if ((is_call(n, "lpad") || is_call(n, "hex")) && n->nkids == 2 &&
		(s = arg1(n->kids[0])) != NULL && is_call(s, "salt"))
	{
		int			w = num_arg(c, n, 1, 1, 8, "the width");

		return compile_salt(c, n, s, is_call(n, "hex") ? SALTF_HEX : SALTF_DEC, w);
	}
	if (is_call(n, "letter") && n->nkids == 1 && (s = arg1(n->kids[0])) != NULL && is_call(s, "salt"))
		return compile_salt(c, n, s, SALTF_LETTER, 1);
	if ((is_call(n, "left") && n->nkids == 2) || (is_call(n, "substr") && n->nkids == 3))
	{
		node	   *h = arg1(n->kids[0]);
		int			raw;
		const EVP_MD *md = (h && h->kind == N_CALL) ? digest_of(h->name, &raw) : NULL;
		part	   *p;
		int			k;

		if (md == NULL)
		{
			if (h && h->kind == N_CALL)
			{
				cerr(c, h->pos, fmt_error("unknown hash function \"%s\" (use md5, sha1, sha256, or md5_raw, sha1_raw, sha256_raw)",
										  h->name));
				return new_part(c, RK_PART_HASH, n);
			}
			return NULL;
		}
		p = new_part(c, RK_PART_HASH, n);
		p->md = md;
		p->raw = raw;
		if (is_call(n, "substr"))
		{
			num_arg(c, n, 1, 0, 0, "the start");
			k = num_arg(c, n, 2, 1, 64, "the length");
		}
		else
			k = num_arg(c, n, 1, 1, 64, "the length");
		if (!c->error && k > (raw ? 1 : 2) * EVP_MD_size(md))
			cerr(c, n->pos, fmt_error("%s gives only %d %s", h->name,
									  (raw ? 1 : 2) * EVP_MD_size(md), raw ? "bytes" : "hex digits"));
		p->width = k;
		if (h->nkids != 1)
			cerr(c, h->pos, fmt_error("%s() takes the parts to hash, joined with +", h->name));
		return p;
	}
	return NULL;
}

static int
add_part(rk_layout *l, part *p)
{
	part	  **parts = rk_zalloc(sizeof(part *) * (l->nparts + 1));

	if (l->nparts)
	{
		memcpy(parts, l->parts, sizeof(part *) * l->nparts);
		rk_dealloc(l->parts);
	}
	parts[l->nparts++] = p;
	l->parts = parts;
	return l->nparts - 1;
}

/* flatten a sequence (with optional groups at its end) into parts */
static void
flatten(compiler *c, rk_layout *l, node *seq, int optional)
{
	int			i;

	for (i = 0; i < seq->nkids && !c->error; i++)
	{
		node	   *n = seq->kids[i];
		part	   *p;

		if (l->nparts >= RK_MAX_PARTS)
		{
			cerr(c, n->pos, "the layout has more than " CppAsStringRk(RK_MAX_PARTS) " parts");
			return;
		}
		if (n->kind == N_OPT)
		{
			if (i != seq->nkids - 1)
			{
				cerr(c, n->pos, "an optional group [...] must be the last part of the key");
				return;
			}
			flatten(c, l, n->kids[0], 1);
			continue;
		}
		if (n->kind == N_STR)
		{
			p = new_part(c, RK_PART_LITERAL, n);
			p->lit = rk_strndup(n->str, n->slen);
			p->litlen = n->slen;
			p->width = (int) n->slen;
			if (n->slen == 0)
				cerr(c, n->pos, "an empty literal");
		}
		else if ((p = compile_prefix(c, n)) != NULL)
		{
			if (l->nparts > 0 || optional)
				cerr(c, n->pos, "a salt or hash prefix must be the first part of the key");
		}
		else
			p = compile_column_part(c, n);
		p->optional = optional;
		optional = 0;
		add_part(l, p);
	}
}

static void
copy_pipeline(pipeline *dst, const pipeline *src)
{
	int			i;

	*dst = *src;
	dst->ops = rk_zalloc(sizeof(op) * (src->nops ? src->nops : 1));
	for (i = 0; i < src->nops; i++)
	{
		dst->ops[i] = src->ops[i];
		if (src->ops[i].pattern)
			dst->ops[i].pattern = rk_strndup(src->ops[i].pattern, strlen(src->ops[i].pattern));
	}
}

/* the items of a hash: bare columns take their encoding elsewhere in the key */
static void
compile_hash_items(compiler *c, rk_layout *l, part *h, node *seq)
{
	int			i;

	h->items = rk_zalloc(sizeof(part *) * seq->nkids);
	for (i = 0; i < seq->nkids && !c->error; i++)
	{
		node	   *n = seq->kids[i];
		part	   *p = NULL;

		if (n->kind == N_STR)
		{
			p = new_part(c, RK_PART_LITERAL, n);
			p->lit = rk_strndup(n->str, n->slen);
			p->litlen = n->slen;
		}
		else if (n->kind == N_NAME)
		{
			int			col = find_column(c, n);
			int			j;

			if (col < 0)
			{
				cerr(c, n->pos, fmt_error("hash over \"%s\", which is not a column of the foreign table", n->name));
				return;
			}
			for (j = 0; j < l->nparts; j++)
				if (l->parts[j]->kind == RK_PART_COLUMN && l->parts[j]->pl.column == col)
					break;
			if (j < l->nparts)
			{
				/* the same bytes as that column's part of the key */
				p = new_part(c, RK_PART_COLUMN, n);
				copy_pipeline(&p->pl, &l->parts[j]->pl);
				p->width = p->pl.width;
			}
			else
				p = compile_column_part(c, n);
		}
		else if (n->kind == N_OPT)
			cerr(c, n->pos, "an optional group cannot be hashed");
		else
			p = compile_column_part(c, n);
		if (p)
			h->items[h->nitems++] = p;
	}
}

static void
hash_items_of(compiler *c, rk_layout *l, node *root)
{
	node	   *first = root->kids[0];
	node	   *h;
	part	   *p = l->parts[0];

	if (p->kind == RK_PART_SALT && p->salt == SALT_ARRAYS)
	{
		/* salt(...) itself, or inside lpad / hex / letter */
		node	   *s = is_call(first, "salt") ? first : arg1(first->kids[0]);

		h = arg1(s->kids[1]);
		compile_hash_items(c, l, p, h->kids[0]);
		return;
	}
	if (p->kind != RK_PART_HASH)
		return;
	h = arg1(first->kids[0]);
	compile_hash_items(c, l, p, h->kids[0]);
}

static void
check_layout(compiler *c, rk_layout *l)
{
	int			i,
				j;

	for (i = 0; i < l->nparts && !c->error; i++)
	{
		part	   *p = l->parts[i];
		part	   *next = (i + 1 < l->nparts) ? l->parts[i + 1] : NULL;

		if (p->kind == RK_PART_COLUMN)
		{
			for (j = 0; j < i; j++)
				if (l->parts[j]->kind == RK_PART_COLUMN && l->parts[j]->pl.column == p->pl.column)
					cerr(c, p->pos, fmt_error("column \"%s\" appears twice in the key",
											  c->columns[p->pl.column].name));
			if (p->width < 0 && next != NULL && next->kind != RK_PART_LITERAL)
				cerr(c, p->pos, fmt_error("variable-width part \"%s\" must be followed by a literal delimiter or be the last part",
										  p->text));
			/*
			 * Order survives a delimiter only if it sorts below every value
			 * byte: text holds no 0x00, so a delimiter starting with it; bytes
			 * may hold 0x00 unless the delimiter is exactly "\x00" (values
			 * cannot contain their delimiter).
			 */
			if (p->width < 0 && p->pl.order == RK_ORDER_ASC && next != NULL &&
				!(next->litlen >= 1 && next->lit[0] == '\0' &&
				  (c->columns[p->pl.column].type != RK_BYTES || next->litlen == 1)))
				p->pl.order = RK_ORDER_NONE;
			/*
			 * The same for desc(text): its bytes hold no 0xff, so a
			 * delimiter starting with 0xff sorts above each of them and a
			 * value's key after those of the values it is a prefix of (as
			 * DESC wants).  Last in the key, "ab" would follow "a"; so it
			 * would where the delimiter opens an optional group (which marks
			 * its first part optional), absent from some keys.
			 */
			if (p->width < 0 && p->pl.order == RK_ORDER_DESC &&
				!(next != NULL && !next->optional &&
				  next->litlen >= 1 && (unsigned char) next->lit[0] == 0xff))
				p->pl.order = RK_ORDER_NONE;
		}
		if (p->kind == RK_PART_LITERAL && p->optional && (next == NULL))
			cerr(c, p->pos, "an optional group needs a column");
	}
	if (!c->error && l->nparts == 0)
		cerr(c, 0, "the layout is empty");
	if (!c->error)
	{
		int			ncol = 0;

		for (i = 0; i < l->nparts; i++)
			if (l->parts[i]->kind == RK_PART_COLUMN)
				ncol++;
		if (ncol == 0)
			cerr(c, 0, "the layout names no column");
	}
}

rk_layout *
hbase_rk_parse(const char *text, const rk_column *columns, int ncolumns,
			   const char **error, int *errpos)
{
	parser		ps = {0};
	compiler	c = {0};
	node	   *root;
	rk_layout  *l;

	if (strlen(text) > RK_MAX_LAYOUT_LEN)
	{
		*error = "the layout is longer than " CppAsStringRk(RK_MAX_LAYOUT_LEN) " bytes";
		*errpos = RK_MAX_LAYOUT_LEN;
		return NULL;
	}
	l = rk_zalloc(sizeof(rk_layout));
	ps.text = text;
	next_token(&ps);
	root = parse_seq(&ps);
	if (!ps.error && ps.tok.kind != T_END)
		perr(&ps, ps.tok.pos, ps.tok.kind == T_RP ? "unbalanced \")\"" :
			 ps.tok.kind == T_RB ? "unbalanced \"]\"" : "expected \"+\" between parts");
	/* a string or quoted name the parser stopped at is no node's */
	if ((ps.tok.kind == T_STR || ps.tok.kind == T_QNAME) && ps.tok.str)
		rk_dealloc(ps.tok.str);
	if (ps.error)
	{
		free_node(root);
		hbase_rk_free(l);
		*error = ps.error;
		*errpos = ps.errpos;
		return NULL;
	}

	c.text = text;
	c.columns = columns;
	c.ncolumns = ncolumns;
	l->columns = columns;
	l->ncolumns = ncolumns;
	flatten(&c, l, root, 0);
	if (!c.error)
		hash_items_of(&c, l, root);
	if (!c.error)
		check_layout(&c, l);
	free_node(root);
	if (c.error)
	{
		static char final[512];

		hbase_rk_free(l);
		snprintf(final, sizeof(final), "%s", c.msg);
		*error = final;
		*errpos = c.errpos;
		return NULL;
	}
	*error = NULL;
	*errpos = -1;
	return l;
}

int
hbase_rk_nparts(const rk_layout *layout)
{
	return layout->nparts;
}

void
hbase_rk_part(const rk_layout *layout, int i, rk_part_info *info)
{
	part	   *p = layout->parts[i];

	memset(info, 0, sizeof(*info));
	info->kind = p->kind;
	info->column = p->kind == RK_PART_COLUMN ? p->pl.column : -1;
	info->width = p->width;
	info->order = p->kind == RK_PART_COLUMN ? p->pl.order : RK_ORDER_NONE;
	info->order_nonneg = p->kind == RK_PART_COLUMN ? p->pl.nonneg : 0;
	info->order_float = p->kind == RK_PART_COLUMN && p->pl.order != RK_ORDER_NONE &&
		p->pl.source == V_FLOAT;
	info->float_value = p->kind == RK_PART_COLUMN && p->pl.source == V_FLOAT;
	info->optional = p->optional;
	info->salt_buckets = p->kind == RK_PART_SALT ? p->buckets : 0;
	info->salt_random = p->kind == RK_PART_SALT && p->salt == SALT_RANDOM;
	info->salt_parts = p->kind == RK_PART_SALT && p->salt == SALT_ARRAYS;
	if (p->kind == RK_PART_SALT && p->salt == SALT_JAVAHASH)
		info->salt_extra = INT32_MIN % p->buckets;
	info->text = p->text;
	info->lit = p->lit;
	info->litlen = (int) p->litlen;
	if (p->kind == RK_PART_COLUMN && p->pl.source == V_TEXT)
	{
		info->plain_text = (p->pl.nops == 0);
		info->reversed_text = (p->pl.nops == 1 && p->pl.ops[0].kind == OP_REVERSE);
	}
}

int
hbase_rk_uses_column(const rk_layout *layout, int column)
{
	int			i;

	for (i = 0; i < layout->nparts; i++)
		if (layout->parts[i]->kind == RK_PART_COLUMN && layout->parts[i]->pl.column == column)
			return 1;
	return 0;
}

int
hbase_rk_prefix_columns(const rk_layout *layout, int *cols, int max)
{
	part	   *p = layout->parts[0];
	int			n = 0,
				k;

	if (p->kind == RK_PART_SALT && p->salt != SALT_ARRAYS)
	{
		if (p->salt != SALT_JAVAHASH)
			return -1;
		if (max > 0)
			cols[n] = p->hashsrc.column;
		return 1;
	}
	if (p->kind != RK_PART_HASH && p->kind != RK_PART_SALT)
		return 0;
	for (k = 0; k < p->nitems; k++)
		if (p->items[k]->kind == RK_PART_COLUMN)
		{
			if (n < max)
				cols[n] = p->items[k]->pl.column;
			n++;
		}
	return n;
}

int
hbase_rk_references_column(const rk_layout *layout, int column)
{
	int			i,
				k;

	for (i = 0; i < layout->nparts; i++)
	{
		part	   *p = layout->parts[i];

		if (p->kind == RK_PART_COLUMN && p->pl.column == column)
			return 1;
		if (p->kind == RK_PART_SALT && p->salt == SALT_JAVAHASH && p->hashsrc.column == column)
			return 1;
		for (k = 0; k < p->nitems; k++)
			if (p->items[k]->kind == RK_PART_COLUMN && p->items[k]->pl.column == column)
				return 1;
	}
	return 0;
}

/* ---------------- calendar (proleptic Gregorian, UTC) ---------------- */

static int64_t
days_from_civil(int64_t y, int m, int d)
{
	int64_t		era;
	unsigned	yoe,
				doy,
				doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = (unsigned) (y - era * 400);
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + (int64_t) doe - 719468;
}

static void
civil_from_days(int64_t z, int64_t *y, int *m, int *d)
{
	int64_t		era;
	unsigned	doe,
				yoe,
				doy,
				mp;

	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = (unsigned) (z - era * 146097);
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	*y = (int64_t) yoe + era * 400;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = (int) (doy - (153 * mp + 2) / 5 + 1);
	*m = (int) (mp < 10 ? mp + 3 : mp - 9);
	*y += (*m <= 2);
}

static int64_t
floordiv(int64_t a, int64_t b)
{
	int64_t		q = a / b;

	if ((a % b != 0) && ((a < 0) != (b < 0)))
		q--;
	return q;
}

#define USECS_PER_DAY	INT64_C(86400000000)

/* ---------------- encoding ---------------- */

typedef struct cur
{
	int			isint;			/* the value is a number (i or f) */
	int64_t		i;
	double		f;
	buf			b;				/* or bytes */
} cur;

static uint64_t
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

/* is s valid UTF-8 (what PostgreSQL accepts as text, NUL aside)? */
int
hbase_rk_utf8_valid(const unsigned char *s, size_t len)
{
	size_t		i = 0;

	while (i < len)
	{
		unsigned char c = s[i];
		size_t		n = c < 0x80 ? 1 : (c >= 0xc2 && c <= 0xdf) ? 2 :
			(c >= 0xe0 && c <= 0xef) ? 3 : (c >= 0xf0 && c <= 0xf4) ? 4 : 0;
		size_t		k;

		if (n == 0 || i + n > len)
			return 0;
		for (k = 1; k < n; k++)
			if ((s[i + k] & 0xc0) != 0x80)
				return 0;
		if ((c == 0xe0 && s[i + 1] < 0xa0) || (c == 0xed && s[i + 1] > 0x9f) ||
			(c == 0xf0 && s[i + 1] < 0x90) || (c == 0xf4 && s[i + 1] > 0x8f))
			return 0;
		i += n;
	}
	return 1;
}

/* reverse the UTF-8 characters of b in place */
static void
reverse_chars(char *s, size_t len)
{
	size_t		i;
	char	   *tmp = rk_alloc(len + 1);
	size_t		o = len;

	for (i = 0; i < len;)
	{
		size_t		n = 1;
		unsigned char c = (unsigned char) s[i];

		if (c >= 0xF0)
			n = 4;
		else if (c >= 0xE0)
			n = 3;
		else if (c >= 0xC0)
			n = 2;
		if (i + n > len)
			n = len - i;
		o -= n;
		memcpy(tmp + o, s + i, n);
		i += n;
	}
	memcpy(s, tmp, len);
	rk_dealloc(tmp);
}

static int
format_date(const char *pattern, int64_t usecs, buf *out)
{
	int64_t		days = floordiv(usecs, USECS_PER_DAY);
	/* not usecs - days * USECS_PER_DAY: that overflows near INT64_MIN */
	int64_t		rem = usecs % USECS_PER_DAY + (usecs % USECS_PER_DAY < 0 ? USECS_PER_DAY : 0);
	int64_t		y;
	int			m,
				d;
	const char *p;
	char		tmp[16];

	civil_from_days(days, &y, &m, &d);
	if (y < 0 || y > 9999)
		return -1;
	for (p = pattern; *p;)
	{
		if (strncmp(p, "yyyy", 4) == 0)
		{
			snprintf(tmp, sizeof(tmp), "%04d", (int) y);
			p += 4;
		}
		else if (strncmp(p, "MM", 2) == 0)
		{
			snprintf(tmp, sizeof(tmp), "%02d", m);
			p += 2;
		}
		else if (strncmp(p, "dd", 2) == 0)
		{
			snprintf(tmp, sizeof(tmp), "%02d", d);
			p += 2;
		}
		else if (strncmp(p, "HH", 2) == 0)
		{
			snprintf(tmp, sizeof(tmp), "%02d", (int) (rem / INT64_C(3600000000)));
			p += 2;
		}
		else if (strncmp(p, "mm", 2) == 0)
		{
			snprintf(tmp, sizeof(tmp), "%02d", (int) (rem / 60000000 % 60));
			p += 2;
		}
		else if (strncmp(p, "SSS", 3) == 0)
		{
			snprintf(tmp, sizeof(tmp), "%03d", (int) (rem / 1000 % 1000));
			p += 3;
		}
		else if (strncmp(p, "ss", 2) == 0)
		{
			snprintf(tmp, sizeof(tmp), "%02d", (int) (rem / 1000000 % 60));
			p += 2;
		}
		else
		{
			tmp[0] = *p++;
			tmp[1] = '\0';
		}
		buf_append(out, tmp, strlen(tmp));
	}
	return 0;
}

static int	parse_date(const char *pattern, const char *s, size_t len, int64_t *usecs);

/*
 * Run a pipeline forward; *error names the column.  A value finer than a
 * date pattern or epoch unit keeps is refused (it would not read back),
 * unless floored is given (a range bound): then it is rounded down and
 * *floored set, so the caller makes its bound inclusive.
 */
static int
run_pipeline(const rk_layout *l, const pipeline *pl, const rk_value *v, buf *out,
			 const char **error, int *floored)
{
	cur			cv = {0};
	int			k;
	const rk_column *col = &l->columns[pl->column];

	switch (pl->source)
	{
		case V_INT:
		case V_DATE:
		case V_TS:
		case V_BOOL:
			cv.isint = 1;
			cv.i = v->i;
			break;
		case V_FLOAT:
			cv.isint = 1;
			cv.f = v->f;
			break;
		default:
			buf_append(&cv.b, v->s ? v->s : "", v->len);
			break;
	}

	for (k = 0; k < pl->nops; k++)
	{
		const op   *o = &pl->ops[k];

		switch (o->kind)
		{
			case OP_EPOCH_S:
			case OP_EPOCH_MS:
				{
					int64_t		unit = o->kind == OP_EPOCH_S ? 1000000 : 1000;

					/* a date counts in whole days: no microseconds (they overflow) */
					if (col->type == RK_DATE)
					{
						cv.i *= USECS_PER_DAY / unit;
						break;
					}
					if (cv.i % unit != 0 && floored == NULL)
					{
						*error = fmt_error("value of column \"%s\" has more precision than %s() keeps",
										   col->name, o->kind == OP_EPOCH_S ? "epoch" : "epoch_ms");
						goto fail;
					}
					if (cv.i % unit != 0)
						*floored = 1;
					cv.i = floordiv(cv.i, unit);
					break;
				}
			case OP_INVERT:
				if (cv.i < 0)
				{
					*error = fmt_error("negative value " "%lld" " of column \"%s\" cannot be inverted as Long.MAX_VALUE - x",
									   (long long) cv.i, col->name);
					goto fail;
				}
				cv.i = INT64_MAX - cv.i;
				break;
			case OP_BITREV:
				cv.i = (int64_t) bitrev64((uint64_t) cv.i);
				break;
			case OP_DEC:
				{
					char		tmp[32];
					int			n;

					/* Long.MAX_VALUE - x is written with all 19 digits */
					if (k > 0 && pl->ops[k - 1].kind == OP_INVERT)
						n = snprintf(tmp, sizeof(tmp), "%019lld", (long long) cv.i);
					else
						n = snprintf(tmp, sizeof(tmp), "%lld", (long long) cv.i);
					if (cv.i < 0 && pl->padded_dec)
					{
						*error = fmt_error("negative value %lld of column \"%s\" cannot be zero-padded in the key",
										   (long long) cv.i, col->name);
						goto fail;
					}
					buf_append(&cv.b, tmp, n);
					cv.isint = 0;
					break;
				}
			case OP_DATEFMT:
				{
					int64_t		us = cv.i;

					/* a pattern has at most 4 year digits: later dates have no form */
					if (col->type == RK_DATE &&
						__builtin_mul_overflow(cv.i, USECS_PER_DAY, &us))
					{
						*error = fmt_error("date of column \"%s\" is out of range for the pattern \"%s\"",
										   col->name, o->pattern);
						goto fail;
					}
					{
						size_t		start = cv.b.len;
						int64_t		back = 0;
						int			bad;

						if (format_date(o->pattern, us, &cv.b) < 0)
						{
							*error = fmt_error("value of column \"%s\" is outside years 0000-9999 of the pattern \"%s\"",
											   col->name, o->pattern);
							goto fail;
						}
						/* what the pattern leaves out (day, month ...) must read back */
						bad = parse_date(o->pattern, cv.b.data + start, cv.b.len - start, &back) < 0;
						if (bad || back != us)
						{
							if (bad || floored == NULL || back > us)
							{
								*error = fmt_error("value of column \"%s\" has more precision than the pattern \"%s\" keeps",
												   col->name, o->pattern);
								goto fail;
							}
							*floored = 1;
						}
					}
					cv.isint = 0;
					break;
				}
			case OP_LPAD:
			case OP_RPAD:
				{
					size_t		n = cv.b.len;

					if (n > (size_t) o->width)
					{
						*error = fmt_error("value \"%.*s\" of column \"%s\" is longer than the %d bytes of %s",
										   (int) (n > 40 ? 40 : n), cv.b.data, col->name, o->width,
										   o->kind == OP_LPAD ? "lpad()" : "rpad()");
						goto fail;
					}
					/* a value starting (ending) with the pad could not be read back */
					if (n > 0 && ((o->kind == OP_LPAD && cv.b.data[0] == o->pad &&
								   !(pl->padded_dec && n == 1)) ||
								  (o->kind == OP_RPAD && cv.b.data[n - 1] == o->pad)))
					{
						*error = fmt_error("value \"%.*s\" of column \"%s\" %s with the pad character '%c'",
										   (int) (n > 40 ? 40 : n), cv.b.data, col->name,
										   o->kind == OP_LPAD ? "starts" : "ends", o->pad);
						goto fail;
					}
					buf_reserve(&cv.b, o->width - n);
					if (o->kind == OP_LPAD)
					{
						memmove(cv.b.data + (o->width - n), cv.b.data, n);
						memset(cv.b.data, o->pad, o->width - n);
					}
					else
						memset(cv.b.data + n, o->pad, o->width - n);
					cv.b.len = o->width;
					cv.b.data[cv.b.len] = '\0';
					break;
				}
			case OP_REVERSE:
				reverse_chars(cv.b.data, cv.b.len);
				break;
			case OP_BIN_INT:
				{
					unsigned char tmp[8];
					int			w = o->width,
								i;
					int64_t		lo = w == 8 ? INT64_MIN : -(INT64_C(1) << (8 * w - 1));
					int64_t		hi = w == 8 ? INT64_MAX : (INT64_C(1) << (8 * w - 1)) - 1;

					if (o->isunsigned)
					{
						lo = 0;
						hi = w == 8 ? INT64_MAX : (INT64_C(1) << (8 * w)) - 1;
					}

					if (cv.i < lo || cv.i > hi)
					{
						*error = fmt_error("value %lld of column \"%s\" does not fit in %d bytes",
										   (long long) cv.i, col->name, w);
						goto fail;
					}
					for (i = w - 1; i >= 0; i--)
					{
						tmp[i] = (unsigned char) ((uint64_t) cv.i & 0xff);
						cv.i = (int64_t) ((uint64_t) cv.i >> 8);
					}
					buf_append(&cv.b, tmp, w);
					cv.isint = 0;
					break;
				}
			case OP_BIN_FLOAT:
				{
					unsigned char tmp[8];
					uint64_t	bits;
					int			i;

					if (o->isunsigned && cv.f < 0)
					{
						*error = fmt_error("value %g of column \"%s\" is negative: a Phoenix %s cannot hold it",
										   cv.f, col->name, o->width == 4 ? "UNSIGNED_FLOAT" : "UNSIGNED_DOUBLE");
						goto fail;
					}
					/* Phoenix's SQL writes -0 as 0; its unsigned bytes of -0 sort last */
					if (o->isunsigned && cv.f == 0)
						cv.f = 0.0;
					if (o->width == 4)
					{
						float		f = (float) cv.f;
						uint32_t	b32;

						memcpy(&b32, &f, 4);
						/* Java's floatToIntBits: one NaN */
						if (o->phoenix && isnan(f))
							b32 = UINT32_C(0x7fc00000);
						bits = b32;
					}
					else
					{
						memcpy(&bits, &cv.f, 8);
						/* Java's doubleToLongBits: one NaN */
						if (o->phoenix && isnan(cv.f))
							bits = UINT64_C(0x7ff8000000000000);
					}
					for (i = o->width - 1; i >= 0; i--)
					{
						tmp[i] = (unsigned char) (bits & 0xff);
						bits >>= 8;
					}
					buf_append(&cv.b, tmp, o->width);
					cv.isint = 0;
					break;
				}
			case OP_DESC:
				{
					unsigned char *b = (unsigned char *) cv.b.data;
					size_t		i;

					for (i = 0; i < cv.b.len; i++)
						b[i] = ~b[i];
					break;
				}
			case OP_PHX_DECIMAL:
				{
					unsigned char dec[RK_PHX_DECIMAL_MAX];
					int			n = hbase_rk_phoenix_decimal(cv.b.data ? cv.b.data : "", cv.b.len, dec);

					if (n < 0)
					{
						*error = fmt_error(n == RK_DEC_NOT_FINITE ?
										   "value %.*s of column \"%s\" is not a number a Phoenix DECIMAL holds" :
										   "value %.*s of column \"%s\" does not fit a Phoenix DECIMAL (38 significant digits, magnitudes 1e-130 to 1e126)",
										   (int) (cv.b.len < 60 ? cv.b.len : 60), cv.b.data ? cv.b.data : "", col->name);
						goto fail;
					}
					cv.b.len = 0;
					buf_append(&cv.b, dec, n);
					break;
				}
			case OP_PHX_TS:
				{
					unsigned char tmp[12];
					int64_t		ms = floordiv(cv.i, 1000);
					uint64_t	u = (uint64_t) ms ^ (o->isunsigned ? 0 : UINT64_C(1) << 63);
					uint32_t	nanos = (uint32_t) (cv.i - ms * 1000) * 1000;
					int			j;

					if (o->isunsigned && cv.i < 0)
					{
						*error = fmt_error("value of column \"%s\" is before 1970: a Phoenix UNSIGNED_TIMESTAMP cannot hold it",
										   col->name);
						goto fail;
					}

					for (j = 7; j >= 0; j--, u >>= 8)
						tmp[j] = (unsigned char) (u & 0xff);
					for (j = 11; j >= 8; j--, nanos >>= 8)
						tmp[j] = (unsigned char) (nanos & 0xff);
					buf_append(&cv.b, tmp, 12);
					cv.isint = 0;
					break;
				}
			case OP_SORTABLE:
				{
					unsigned char *b = (unsigned char *) cv.b.data;
					size_t		i;

					if (o->isfloat && (b[0] & 0x80))
						for (i = 0; i < cv.b.len; i++)
							b[i] = ~b[i];
					else
						b[0] ^= 0x80;
					/* Phoenix adds one to the flipped bits (wrapping as Java does) */
					if (o->phoenix)
						for (i = cv.b.len; i-- > 0;)
							if (++b[i] != 0)
								break;
					break;
				}
		}
	}
	if (pl->width >= 0 && cv.b.len != (size_t) pl->width)
	{
		*error = fmt_error("value of column \"%s\" has %zu bytes where its key part holds %d",
						   col->name, cv.b.len, pl->width);
		goto fail;
	}
	buf_append(out, cv.b.data ? cv.b.data : "", cv.b.len);
	buf_free(&cv.b);
	return 0;

fail:
	buf_free(&cv.b);
	return -1;
}

static int32_t
java_string_hash(const char *s, size_t len)
{
	uint32_t	h = 0;
	size_t		i = 0;

	while (i < len)
	{
		unsigned char c = (unsigned char) s[i];
		uint32_t	cp;
		int			n;

		if (c < 0x80)
			cp = c, n = 1;
		else if (c >= 0xF0 && i + 3 < len + 0)
			cp = ((c & 0x07) << 18) | ((s[i + 1] & 0x3F) << 12) | ((s[i + 2] & 0x3F) << 6) | (s[i + 3] & 0x3F), n = 4;
		else if (c >= 0xE0 && i + 2 < len)
			cp = ((c & 0x0F) << 12) | ((s[i + 1] & 0x3F) << 6) | (s[i + 2] & 0x3F), n = 3;
		else if (c >= 0xC0 && i + 1 < len)
			cp = ((c & 0x1F) << 6) | (s[i + 1] & 0x3F), n = 2;
		else
			cp = 0xFFFD, n = 1;
		if (cp >= 0x10000)
		{
			cp -= 0x10000;
			h = 31 * h + (0xD800 + (cp >> 10));
			h = 31 * h + (0xDC00 + (cp & 0x3FF));
		}
		else
			h = 31 * h + cp;
		i += n;
	}
	return (int32_t) h;
}

/*
 * The bytes a hash prefix or an arrays_hash salt covers: its items' key
 * bytes and literals, in order.  -1 with *error (and in freed) when a column
 * it covers is NULL or not encodable.
 */
static int
hash_input(const rk_layout *l, const part *p, const rk_value *values, buf *in,
		   const char **error)
{
	int			k;

	for (k = 0; k < p->nitems; k++)
	{
		part	   *it = p->items[k];

		if (it->kind == RK_PART_LITERAL)
			buf_append(in, it->lit, it->litlen);
		else
		{
			if (values[it->pl.column].isnull)
			{
				*error = fmt_error("key column \"%s\" is NULL but the %s covers it",
								   l->columns[it->pl.column].name,
								   p->kind == RK_PART_SALT ? "salt" : "hash prefix");
				buf_free(in);
				return -1;
			}
			if (run_pipeline(l, &it->pl, &values[it->pl.column], in, error, NULL) < 0)
			{
				buf_free(in);
				return -1;
			}
		}
	}
	return 0;
}

/* Java's Arrays.hashCode(byte[]) (Phoenix and OpenTSDB salts), as |h % N| */
static int
java_bytes_bucket(const char *bytes, size_t len, int buckets)
{
	uint32_t	u = 1;
	int32_t		h;
	size_t		i;

	for (i = 0; i < len; i++)
		u = 31 * u + (uint32_t) (int32_t) (signed char) bytes[i];
	h = (int32_t) u;
	h = h % buckets;
	return h < 0 ? -h : h;
}

static int
salt_bucket(const rk_layout *l, const part *p, const rk_value *values, const char *rest,
			size_t restlen, int random_bucket, const char **error)
{
	int32_t		h;

	switch (p->salt)
	{
		case SALT_RANDOM:
			if (random_bucket < 0 || random_bucket >= p->buckets)
			{
				*error = fmt_error("a random salt needs a bucket from 0 to %d", p->buckets - 1);
				return -1;
			}
			return random_bucket;
		case SALT_PHOENIX:
			return java_bytes_bucket(rest, restlen, p->buckets);
		case SALT_ARRAYS:
			{
				/*
				 * OpenTSDB's RowKey.prefixKeyWithSalt: Arrays.hashCode of the
				 * chosen parts (metric and tags, not the timestamp) % N,
				 * negated when negative
				 */
				buf			in = {0};
				int			bk;

				if (hash_input(l, p, values, &in, error) < 0)
					return -1;
				bk = java_bytes_bucket(in.data ? in.data : "", in.len, p->buckets);
				buf_free(&in);
				return bk;
			}
		case SALT_JAVAHASH:
			{
				const rk_value *v = &values[p->hashsrc.column];
				buf			b = {0};

				if (v->isnull)
				{
					*error = fmt_error("column \"%s\" is NULL but the salt hashes it",
									   l->columns[p->hashsrc.column].name);
					return -1;
				}
				if (p->hashsrc.kind == V_TEXT)
				{
					pipeline	pl = p->hashsrc;

					if (run_pipeline(l, &pl, v, &b, error, NULL) < 0)
						return -1;
					h = java_string_hash(b.data ? b.data : "", b.len);
					buf_free(&b);
				}
				else
				{
					/* value transforms only (epoch_ms ...): run and read the number */
					int64_t		x = v->i;
					int			k;

					for (k = 0; k < p->hashsrc.nops; k++)
					{
						const op   *o = &p->hashsrc.ops[k];
						int			isdate = l->columns[p->hashsrc.column].type == RK_DATE;

						/* dates in whole days: microseconds would overflow */
						if (o->kind == OP_EPOCH_S)
							x = isdate ? x * 86400 : floordiv(x, 1000000);
						else if (o->kind == OP_EPOCH_MS)
							x = isdate ? x * 86400000 : floordiv(x, 1000);
						else if (o->kind == OP_INVERT)
							x = INT64_MAX - x;
						else if (o->kind == OP_BITREV)
							x = (int64_t) bitrev64((uint64_t) x);
					}
					if (p->hashsrc.valwidth == 8)
						h = (int32_t) (uint32_t) ((uint64_t) x ^ ((uint64_t) x >> 32));
					else
						h = (int32_t) x;
				}
				/* Math.abs(h) % N, Integer.MIN_VALUE included, as Java does */
				if (h != INT32_MIN)
					h = h < 0 ? -h : h;
				return h % p->buckets;
			}
	}
	return 0;
}

static void
salt_bytes(const part *p, int bucket, char *out)
{
	char		tmp[16];

	switch (p->sfmt)
	{
		case SALTF_BYTE:
			out[0] = (char) (unsigned char) (bucket & 0xff);
			break;
		case SALTF_DEC:
			snprintf(tmp, sizeof(tmp), "%0*d", p->width, bucket);
			memcpy(out, tmp, p->width);
			break;
		case SALTF_HEX:
			snprintf(tmp, sizeof(tmp), "%0*x", p->width, bucket);
			memcpy(out, tmp, p->width);
			break;
		case SALTF_LETTER:
			out[0] = (char) ('a' + bucket);
			break;
	}
}

/* the columns of the part range [from, to) */
static int
group_state(const rk_layout *l, const rk_value *values, int from, int *end, int *anynull,
			int *allnull, const char **nullcol)
{
	int			i;

	*anynull = 0;
	*allnull = 1;
	*nullcol = NULL;
	for (i = from; i < l->nparts; i++)
	{
		part	   *p = l->parts[i];

		if (i > from && p->optional)
			break;
		if (p->kind != RK_PART_COLUMN)
			continue;
		if (values[p->pl.column].isnull)
		{
			*anynull = 1;
			if (*nullcol == NULL)
				*nullcol = l->columns[p->pl.column].name;
		}
		else
			*allnull = 0;
	}
	*end = i;
	return 0;
}

/*
 * Does delimiter d start at the value's byte p, where the value has n bytes
 * left and the delimiter itself follows it?
 */
static int
delimiter_at(const char *p, size_t n, const char *d, size_t dlen)
{
	size_t		k = n < dlen ? n : dlen;

	return memcmp(p, d, k) == 0 && (k == dlen || memcmp(d + k, d, dlen - k) == 0) && k > 0;
}

static int encode_internal(const rk_layout *l, const rk_value *values, int limit,
						   int bucket, int random_bucket, char **out, const char **error);

int
hbase_rk_encode(const rk_layout *l, const rk_value *values, int random_bucket,
				char **out, const char **error)
{
	return encode_internal(l, values, -1, RK_BUCKET_COMPUTE, random_bucket, out, error);
}

int
hbase_rk_encode_prefix(const rk_layout *l, const rk_value *values, int nparts, int bucket,
					   char **out, const char **error)
{
	return encode_internal(l, values, nparts, bucket, -1, out, error);
}

int
hbase_rk_encode_part(const rk_layout *l, int i, const rk_value *value, char **out,
					 const char **error)
{
	return hbase_rk_encode_bound(l, i, value, out, error, NULL);
}

/*
 * The bytes of one column part for a range bound: a value finer than the
 * part keeps is rounded down (*floored set) instead of refused.
 */
int
hbase_rk_encode_bound(const rk_layout *l, int i, const rk_value *value, char **out,
					  const char **error, int *floored)
{
	buf			b = {0};
	part	   *p = l->parts[i];

	*out = NULL;
	if (p->kind != RK_PART_COLUMN)
	{
		*error = "not a column part";
		return -1;
	}
	if (run_pipeline(l, &p->pl, value, &b, error, floored) < 0)
		return -1;
	if (b.data == NULL)
		buf_reserve(&b, 1);
	*out = b.data;
	return (int) b.len;
}

/*
 * limit >= 0: only the first limit parts (a key prefix), whose columns must
 * all be set.  bucket >= 0: the salt is that bucket whatever its kind (a
 * scan over every bucket); otherwise it is computed, which for a Phoenix salt
 * needs the whole key.
 */
static int
encode_internal(const rk_layout *l, const rk_value *values, int limit, int bucket,
				int random_bucket, char **out, const char **error)
{
	buf			b = {0};
	int			i;
	int			salt_at = -1;
	int			hash_at = -1;
	int			stop = l->nparts;
	int			group_start = -1;	/* output offset where an optional group began */
	int			group_col = -1;

	*error = NULL;
	*out = NULL;
	rk_errpart = -1;

	if (limit >= 0)
	{
		stop = limit < l->nparts ? limit : l->nparts;
		for (i = 0; i < stop; i++)
			if (l->parts[i]->kind == RK_PART_COLUMN && values[l->parts[i]->pl.column].isnull)
			{
				*error = fmt_error("key column \"%s\" is NULL", l->columns[l->parts[i]->pl.column].name);
				goto fail;
			}
	}

	/* where the key stops: before the first optional group whose columns are NULL */
	for (i = 0; limit < 0 && i < l->nparts; i++)
	{
		int			end,
					anynull,
					allnull;
		const char *nullcol;

		if (i > 0 && !l->parts[i]->optional)
			continue;
		group_state(l, values, i, &end, &anynull, &allnull, &nullcol);
		if (anynull && !(l->parts[i]->optional && allnull))
		{
			*error = fmt_error("key column \"%s\" is NULL", nullcol);
			goto fail;
		}
		if (l->parts[i]->optional && allnull)
		{
			/* every later group must be absent too */
			int			j;

			for (j = end; j < l->nparts; j++)
				if (l->parts[j]->kind == RK_PART_COLUMN && !values[l->parts[j]->pl.column].isnull)
				{
					*error = fmt_error("key column \"%s\" is set but \"%s\", before it in the key, is NULL",
									   l->columns[l->parts[j]->pl.column].name, nullcol);
					goto fail;
				}
			stop = i;
			break;
		}
	}

	for (i = 0; i < stop; i++)
	{
		part	   *p = l->parts[i];

		/* an optional group that writes nothing would read back as absent */
		if (p->optional)
		{
			if (group_start >= 0 && b.len == (size_t) group_start)
				goto empty_group;
			group_start = (int) b.len;
			group_col = -1;
		}
		if (p->kind == RK_PART_COLUMN && group_start >= 0 && group_col < 0)
			group_col = p->pl.column;
		rk_errpart = i;

		switch (p->kind)
		{
			case RK_PART_LITERAL:
				buf_append(&b, p->lit, p->litlen);
				break;
			case RK_PART_COLUMN:
				{
					size_t		before = b.len;

					if (run_pipeline(l, &p->pl, &values[p->pl.column], &b, error, NULL) < 0)
						goto fail;
					/* a delimited part must not contain its delimiter */
					if (p->width < 0 && i + 1 < l->nparts &&
						l->parts[i + 1]->kind == RK_PART_LITERAL)
					{
						part	   *d = l->parts[i + 1];
						size_t		k;

						/*
						 * Nor end in a way that makes the delimiter appear
						 * earlier (value "xa" before "aa"): decoding stops at
						 * its first occurrence.
						 */
						for (k = before; k < b.len; k++)
							if (delimiter_at(b.data + k, b.len - k, d->lit, d->litlen))
							{
								*error = fmt_error("value of column \"%s\" contains the delimiter \"%.*s\" that follows it in the key",
												   l->columns[p->pl.column].name, (int) d->litlen, d->lit);
								goto fail;
							}
					}
					break;
				}
			case RK_PART_SALT:
				salt_at = (int) b.len;
				buf_reserve(&b, p->width);
				memset(b.data + b.len, 0, p->width);
				b.len += p->width;
				break;
			case RK_PART_HASH:
				/* filled in below, once the parts it covers are known good */
				hash_at = (int) b.len;
				buf_reserve(&b, p->width);
				memset(b.data + b.len, 0, p->width);
				b.len += p->width;
				break;
		}
	}

	if (group_start >= 0 && b.len == (size_t) group_start)
		goto empty_group;

	if (hash_at >= 0)
	{
		part	   *p = l->parts[0];
		buf			in = {0};
		unsigned char md[EVP_MAX_MD_SIZE];
		unsigned int mdlen;
		int			k;

		rk_errpart = 0;
		if (hash_input(l, p, values, &in, error) < 0)
			goto fail;
		EVP_Digest(in.data ? in.data : "", in.len, md, &mdlen, p->md, NULL);
		buf_free(&in);
		if (p->raw)
			memcpy(b.data + hash_at, md, p->width);
		else
		{
			static const char hexd[] = "0123456789abcdef";
			char		hx[2 * EVP_MAX_MD_SIZE];

			for (k = 0; k < (int) mdlen; k++)
			{
				hx[2 * k] = hexd[md[k] >> 4];
				hx[2 * k + 1] = hexd[md[k] & 15];
			}
			memcpy(b.data + hash_at, hx, p->width);
		}
	}

	if (salt_at >= 0)
	{
		part	   *p = l->parts[0];
		int			sb = bucket;

		rk_errpart = 0;
		if (sb == RK_BUCKET_COMPUTE && p->salt == SALT_PHOENIX && stop < l->nparts && limit >= 0)
		{
			*error = fmt_error("a Phoenix salt is computed over the whole key");
			goto fail;
		}
		if (sb == RK_BUCKET_COMPUTE)
		{
			sb = salt_bucket(l, p, values, b.data + salt_at + p->width,
							 b.len - salt_at - p->width, random_bucket, error);
			if (sb < 0 && *error)
				goto fail;
		}
		salt_bytes(p, sb, b.data + salt_at);
	}
	if (b.data == NULL)
		buf_reserve(&b, 1);
	*out = b.data;
	rk_errpart = -1;
	return (int) b.len;

empty_group:
	*error = fmt_error("empty value of key column \"%s\" would read back as NULL",
					   group_col >= 0 ? l->columns[group_col].name : "?");
fail:
	buf_free(&b);
	return -1;
}

/* ---------------- decoding ---------------- */

static int
parse_int(const char *s, size_t len, int64_t *out)
{
	size_t		i = 0;
	int			neg = 0;
	uint64_t	v = 0;

	if (len == 0)
		return -1;
	if (s[0] == '-')
	{
		neg = 1;
		i = 1;
		if (len == 1)
			return -1;
	}
	for (; i < len; i++)
	{
		if (s[i] < '0' || s[i] > '9')
			return -1;
		if (v > (UINT64_C(9223372036854775808) - (uint64_t) (s[i] - '0')) / 10)
			return -1;
		v = v * 10 + (uint64_t) (s[i] - '0');
	}
	if (!neg && v > (uint64_t) INT64_MAX)
		return -1;
	*out = neg ? (int64_t) (0 - v) : (int64_t) v;
	return 0;
}

static int
parse_date(const char *pattern, const char *s, size_t len, int64_t *usecs)
{
	int64_t		y = 1970;
	int			m = 1,
				d = 1,
				H = 0,
				M = 0,
				S = 0,
				ms = 0;
	const char *p = pattern;
	size_t		i = 0;

	while (*p)
	{
		static const struct
		{
			const char *f;
			int			n;
		}			fl[] = {{"yyyy", 4}, {"MM", 2}, {"dd", 2}, {"HH", 2}, {"mm", 2}, {"SSS", 3}, {"ss", 2}};
		int			k,
					matched = 0;

		for (k = 0; k < 7; k++)
		{
			int			n = fl[k].n,
						j,
						v = 0;

			if (strncmp(p, fl[k].f, n) != 0)
				continue;
			if (i + n > len)
				return -1;
			for (j = 0; j < n; j++)
			{
				if (s[i + j] < '0' || s[i + j] > '9')
					return -1;
				v = v * 10 + (s[i + j] - '0');
			}
			switch (k)
			{
				case 0:
					y = v;
					break;
				case 1:
					m = v;
					break;
				case 2:
					d = v;
					break;
				case 3:
					H = v;
					break;
				case 4:
					M = v;
					break;
				case 5:
					ms = v;
					break;
				case 6:
					S = v;
					break;
			}
			i += n;
			p += n;
			matched = 1;
			break;
		}
		if (matched)
			continue;
		if (i >= len || s[i] != *p)
			return -1;
		i++;
		p++;
	}
	if (i != len || m < 1 || m > 12 || d < 1 || H > 23 || M > 59 || S > 59)
		return -1;
	{
		static const int mdays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
		int			leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;

		if (d > mdays[m - 1] || (m == 2 && d == 29 && !leap))
			return -1;
	}
	*usecs = days_from_civil(y, m, d) * USECS_PER_DAY +
		((int64_t) H * 3600 + M * 60 + S) * 1000000 + (int64_t) ms * 1000;
	return 0;
}

/* run a pipeline backwards over the part's bytes */
static int
unrun_pipeline(const rk_layout *l, const pipeline *pl, const char *bytes, size_t len,
			   rk_value *v, const char **error)
{
	const rk_column *col = &l->columns[pl->column];
	buf			b = {0};
	int64_t		i = 0;
	double		f = 0;
	int			k;
	int			isnum = 0;

	buf_append(&b, bytes, len);
	if (b.data == NULL)
		buf_reserve(&b, 1);

	for (k = pl->nops - 1; k >= 0; k--)
	{
		const op   *o = &pl->ops[k];

		switch (o->kind)
		{
			case OP_REVERSE:
				/* only UTF-8 reads back as what it was written from */
				if (!hbase_rk_utf8_valid((const unsigned char *) b.data, b.len))
				{
					*error = fmt_error("the reversed characters of column \"%s\" are not UTF-8",
									   col->name);
					goto fail;
				}
				reverse_chars(b.data, b.len);
				break;
			case OP_LPAD:
				{
					size_t		s = 0;

					while (s < b.len && b.data[s] == o->pad)
						s++;
					/* "0000" is the number 0 */
					if (s == b.len && pl->padded_dec && b.len > 0)
						s--;
					memmove(b.data, b.data + s, b.len - s);
					b.len -= s;
					b.data[b.len] = '\0';
					break;
				}
			case OP_RPAD:
				while (b.len > 0 && b.data[b.len - 1] == o->pad)
					b.len--;
				b.data[b.len] = '\0';
				break;
			case OP_DEC:
				{
					char		canon[24];

					if (parse_int(b.data, b.len, &i) < 0)
					{
						*error = fmt_error("\"%.*s\" is not a number for column \"%s\"",
										   (int) (b.len > 40 ? 40 : b.len), b.data, col->name);
						goto fail;
					}
					/*
					 * Only the form the encoder writes ("7", not "007", "+7" or
					 * a zero-padded "-7"): another would read as a value whose
					 * key is not this one, and a Get for it would miss the row.
					 */
					/* as the encoder writes it: Long.MAX_VALUE - x with all 19 digits */
					if (k > 0 && pl->ops[k - 1].kind == OP_INVERT)
						snprintf(canon, sizeof(canon), "%019lld", (long long) i);
					else
						snprintf(canon, sizeof(canon), "%lld", (long long) i);
					if (strlen(canon) != b.len || memcmp(canon, b.data, b.len) != 0 ||
						(i < 0 && pl->padded_dec))
					{
						*error = fmt_error("\"%.*s\" is not how column \"%s\" is written in the key",
										   (int) (b.len > 40 ? 40 : b.len), b.data, col->name);
						goto fail;
					}
					isnum = 1;
					break;
				}
			case OP_DATEFMT:
				if (parse_date(o->pattern, b.data, b.len, &i) < 0)
				{
					*error = fmt_error("\"%.*s\" does not match the date pattern \"%s\" of column \"%s\"",
									   (int) (b.len > 40 ? 40 : b.len), b.data, o->pattern, col->name);
					goto fail;
				}
				if (col->type == RK_DATE)
				{
					if (i % USECS_PER_DAY != 0)
					{
						*error = fmt_error("\"%.*s\" has a time of day but column \"%s\" is a date",
										   (int) b.len, b.data, col->name);
						goto fail;
					}
					i /= USECS_PER_DAY;
				}
				isnum = 1;
				break;
			case OP_DESC:
				{
					unsigned char *u = (unsigned char *) b.data;
					size_t		j;

					for (j = 0; j < b.len; j++)
						u[j] = ~u[j];
					break;
				}
			case OP_PHX_DECIMAL:
				{
					char		txt[RK_DEC_TEXT_MAX];
					int			n = hbase_rk_phoenix_decimal_text((const unsigned char *) b.data, b.len, txt);

					if (n < 0)
					{
						*error = fmt_error("the bytes of column \"%s\" are not a Phoenix DECIMAL", col->name);
						goto fail;
					}
					b.len = 0;
					buf_append(&b, txt, n);
					break;
				}
			case OP_PHX_TS:
				{
					const unsigned char *u = (const unsigned char *) b.data;
					uint64_t	msu = 0;
					uint32_t	nanos = 0;
					int64_t		ms;
					int			j;

					if (b.len != 12)
					{
						*error = fmt_error("column \"%s\" needs the 12 bytes of a Phoenix TIMESTAMP", col->name);
						goto fail;
					}
					for (j = 0; j < 8; j++)
						msu = (msu << 8) | u[j];
					for (j = 8; j < 12; j++)
						nanos = (nanos << 8) | u[j];
					ms = (int64_t) (msu ^ (o->isunsigned ? 0 : UINT64_C(1) << 63));
					if (o->isunsigned && ms < 0)
					{
						*error = fmt_error("the Phoenix UNSIGNED_TIMESTAMP of column \"%s\" is out of range", col->name);
						goto fail;
					}
					/* a timestamp keeps microseconds: finer nanoseconds would not read back */
					if (nanos >= 1000000 || nanos % 1000 != 0)
					{
						*error = fmt_error("the Phoenix TIMESTAMP of column \"%s\" has %u nanoseconds within its millisecond: a timestamp keeps whole microseconds",
										   col->name, (unsigned) nanos);
						goto fail;
					}
					/* the microseconds must fit: up to Long.MAX_VALUE (294247-01-10) exactly */
					{
						__int128	us = (__int128) ms * 1000 + nanos / 1000;

						if (us > INT64_MAX || us < INT64_MIN)
						{
							*error = fmt_error("the Phoenix TIMESTAMP of column \"%s\" is out of range", col->name);
							goto fail;
						}
						i = (int64_t) us;
					}
					isnum = 1;
					break;
				}
			case OP_SORTABLE:
				{
					unsigned char *u = (unsigned char *) b.data;
					size_t		j;

					/* Phoenix's DOUBLE/FLOAT: one less first (wrapping as Java does) */
					if (o->phoenix)
						for (j = b.len; j-- > 0;)
							if (u[j]-- != 0)
								break;
					if (o->isfloat && !(u[0] & 0x80))
						for (j = 0; j < b.len; j++)
							u[j] = ~u[j];
					else
						u[0] ^= 0x80;
					break;
				}
			case OP_BIN_INT:
				{
					uint64_t	u = (b.len > 0 && (b.data[0] & 0x80) && !o->isunsigned) ? ~UINT64_C(0) : 0;
					size_t		j;

					/* an unsigned 8-byte value above Long.MAX_VALUE fits no bigint */
					if (o->isunsigned && b.len == 8 && (b.data[0] & 0x80))
					{
						*error = fmt_error("unsigned value of column \"%s\" is above 9223372036854775807",
										   col->name);
						goto fail;
					}

					for (j = 0; j < b.len; j++)
						u = (u << 8) | (unsigned char) b.data[j];
					i = (int64_t) u;
					isnum = 1;
					break;
				}
			case OP_BIN_FLOAT:
				{
					uint64_t	u = 0;
					size_t		j;

					for (j = 0; j < b.len; j++)
						u = (u << 8) | (unsigned char) b.data[j];
					if (o->width == 4)
					{
						uint32_t	u32 = (uint32_t) u;
						float		fl;

						memcpy(&fl, &u32, 4);
						f = fl;
					}
					else
						memcpy(&f, &u, 8);
					if (o->isunsigned && f < 0)
					{
						*error = fmt_error("the Phoenix %s of column \"%s\" is negative",
										   o->width == 4 ? "UNSIGNED_FLOAT" : "UNSIGNED_DOUBLE", col->name);
						goto fail;
					}
					isnum = 1;
					break;
				}
			case OP_BITREV:
				i = (int64_t) bitrev64((uint64_t) i);
				break;
			case OP_INVERT:
				if (i < 0)
				{
					*error = fmt_error("inverted value %lld of column \"%s\" is negative", (long long) i, col->name);
					goto fail;
				}
				i = INT64_MAX - i;
				break;
			case OP_EPOCH_S:
			case OP_EPOCH_MS:
				{
					int64_t		unit = o->kind == OP_EPOCH_S ? 1000000 : 1000;

					if (col->type == RK_DATE)
					{
						int64_t		perday = USECS_PER_DAY / unit;

						if (i % perday != 0)
						{
							*error = fmt_error("epoch value of column \"%s\" is not a whole day", col->name);
							goto fail;
						}
						i /= perday;
						break;
					}
					if (i > INT64_MAX / unit || i < INT64_MIN / unit)
					{
						*error = fmt_error("epoch value %lld of column \"%s\" is out of range", (long long) i, col->name);
						goto fail;
					}
					i *= unit;
					break;
				}
		}
	}

	memset(v, 0, sizeof(*v));
	switch (col->type)
	{
		case RK_INT:
			{
				int64_t		lo = col->width == 2 ? INT16_MIN : col->width == 4 ? INT32_MIN : INT64_MIN;
				int64_t		hi = col->width == 2 ? INT16_MAX : col->width == 4 ? INT32_MAX : INT64_MAX;

				if (!isnum || i < lo || i > hi)
				{
					*error = fmt_error("value %lld is out of range for column \"%s\"", (long long) i, col->name);
					goto fail;
				}
				v->i = i;
				break;
			}
		case RK_FLOAT:
			v->f = f;
			break;
		case RK_DATE:
		case RK_TIMESTAMP:
			v->i = i;
			break;
		case RK_BOOL:
			/* only the bytes boolean() writes: another would miss its Get */
			if (!isnum || (i != 0 && i != 1))
			{
				*error = fmt_error("byte %lld is not a boolean for column \"%s\" (0x00 or 0x01)",
								   (long long) i, col->name);
				goto fail;
			}
			v->i = i;
			break;
		case RK_TEXT:
		case RK_BYTES:
		case RK_NUMERIC:
			v->s = b.data;
			v->len = b.len;
			return 0;			/* b's memory goes with the value */
		case RK_OTHER:
			break;
	}
	buf_free(&b);
	return 0;

fail:
	buf_free(&b);
	return -1;
}

/*
 * A computed salt or hash prefix must be what the decoded values give: a key
 * whose prefix disagrees was not written by this layout.  Skipped when the
 * prefix covers columns that only cells hold, and for random salts.
 */
static int
verify_prefix(const rk_layout *l, const char *key, size_t keylen, rk_value *values,
			  const char **error)
{
	part	   *p = l->parts[0];
	char	   *again;
	int			len,
				k,
				ok;
	const char *err2;

	if (p->kind == RK_PART_SALT && p->salt == SALT_RANDOM)
	{
		/* any bucket the writer may pick, but one of them */
		int			b;

		for (b = 0; b < p->buckets; b++)
		{
			len = hbase_rk_encode_prefix(l, values, 1, b, &again, &err2);
			ok = len == p->width && (size_t) len <= keylen && memcmp(again, key, len) == 0;
			if (len >= 0)
				rk_dealloc(again);
			if (ok)
				return 0;
		}
		*error = fmt_error("its salt is not one of the %d buckets", p->buckets);
		return -1;
	}
	if (p->kind == RK_PART_SALT && p->salt == SALT_JAVAHASH &&
		!hbase_rk_uses_column(l, p->hashsrc.column))
		return 0;
	for (k = 0; k < p->nitems; k++)
		if (p->items[k]->kind == RK_PART_COLUMN && !hbase_rk_uses_column(l, p->items[k]->pl.column))
			return 0;
	if (p->kind != RK_PART_SALT && p->kind != RK_PART_HASH)
		return 0;
	len = hbase_rk_encode(l, values, 0, &again, &err2);	/* not random here */
	if (len < 0)
		return 0;				/* cannot recompute: trust the key */
	ok = len >= p->width && memcmp(again, key, p->width) == 0;
	rk_dealloc(again);
	if (!ok)
	{
		*error = fmt_error("its %s prefix \"%.*s\" is not the one its fields give",
						   p->kind == RK_PART_SALT ? "salt" : "hash", p->width,
						   p->kind == RK_PART_HASH && !p->raw ? key : "?");
		return -1;
	}
	return 0;
}

int
hbase_rk_decode(const rk_layout *l, const char *key, size_t keylen, rk_value *values,
				const char **error)
{
	return hbase_rk_decode_parts(l, key, keylen, values, NULL, error);
}

int
hbase_rk_decode_parts(const rk_layout *l, const char *key, size_t keylen, rk_value *values,
					  long *bounds, const char **error)
{
	size_t		pos = 0;
	int			i;

	*error = NULL;
	rk_errpart = -1;
	for (i = 0; i < l->ncolumns; i++)
	{
		memset(&values[i], 0, sizeof(rk_value));
		values[i].isnull = 1;
	}
	for (i = 0; bounds && i < l->nparts; i++)
		bounds[2 * i] = bounds[2 * i + 1] = -1;

	for (i = 0; i < l->nparts; i++)
	{
		part	   *p = l->parts[i];
		size_t		end;

		rk_errpart = i;
		if (p->optional && pos == keylen)
			break;				/* the key stops before an optional group */

		if (p->width >= 0)
		{
			if (pos + p->width > keylen)
			{
				*error = fmt_error("the key ends inside part %d \"%s\"", i + 1, p->text);
				return -1;
			}
			end = pos + p->width;
		}
		else if (i + 1 < l->nparts)
		{
			part	   *d = l->parts[i + 1];
			size_t		k;

			/* up to the delimiter, or to the end when an optional group follows */
			end = keylen;
			for (k = pos; k + d->litlen <= keylen; k++)
				if (memcmp(key + k, d->lit, d->litlen) == 0)
				{
					end = k;
					break;
				}
			if (end == keylen && !d->optional)
			{
				/* the delimiter as the layout spells it ("\x00" is no text) */
				*error = fmt_error("the key has no delimiter %s after part %d \"%s\"",
								   d->text, i + 1, p->text);
				return -1;
			}
		}
		else
			end = keylen;

		switch (p->kind)
		{
			case RK_PART_LITERAL:
				if (memcmp(key + pos, p->lit, p->litlen) != 0)
				{
					*error = fmt_error("the key does not have the literal \"%.*s\" of part %d",
									   (int) p->litlen, p->lit, i + 1);
					return -1;
				}
				break;
			case RK_PART_COLUMN:
				if (unrun_pipeline(l, &p->pl, key + pos, end - pos, &values[p->pl.column], error) < 0)
					return -1;
				break;
			case RK_PART_SALT:
			case RK_PART_HASH:
				break;
		}
		if (bounds)
		{
			bounds[2 * i] = (long) pos;
			bounds[2 * i + 1] = (long) end;
		}
		pos = end;
	}
	if (pos != keylen)
	{
		rk_errpart = l->nparts - 1;
		*error = fmt_error("the key has %zu bytes more than the layout describes", keylen - pos);
		return -1;
	}
	if (verify_prefix(l, key, keylen, values, error) < 0)
	{
		rk_errpart = 0;
		return -1;
	}
	rk_errpart = -1;
	return 0;
}

/* ---------------- Phoenix DECIMAL (keys and cells) ---------------- */

#define PHX_ZERO_BYTE		0x80
#define PHX_NEG_TERMINAL	102
#define PHX_EXP_OFFSET		65

/*
 * Digit pairs d[i] of |x| = sum d[i] * 100^(E - i); the exponent byte holds
 * E + 65 with the sign bit set for positive numbers; a positive number
 * stores d + 1, a negative one the complement (101 - d) of the exponent
 * byte and digits and ends with 102 when shorter than 21 bytes.  Both
 * orders sort as the numbers do.
 */
int
hbase_rk_phoenix_decimal(const char *text, size_t len, unsigned char *out)
{
	char		digits[RK_DEC_TEXT_MAX + 4];
	const char *p = text,
			   *end = text + len,
			   *intpart,
			   *intend,
			   *frac = NULL,
			   *fracend = NULL,
			   *start;
	int			neg = 0,
				nd = 0,
				e,
				npairs,
				n = 0,
				i;

	if (p < end && (*p == '-' || *p == '+'))
		neg = (*p++ == '-');
	intpart = p;
	while (p < end && *p >= '0' && *p <= '9')
		p++;
	intend = p;
	if (p < end && *p == '.')
	{
		frac = ++p;
		while (p < end && *p >= '0' && *p <= '9')
			p++;
		fracend = p;
	}
	if (p != end || (intend == intpart && (frac == NULL || fracend == frac)))
		return RK_DEC_NOT_FINITE;	/* NaN, Infinity, not a plain number */
	while (intpart < intend && *intpart == '0')
		intpart++;
	if ((size_t) (intend - intpart) + (frac ? (size_t) (fracend - frac) : 0) > RK_DEC_TEXT_MAX)
		return RK_DEC_RANGE;
	/* digit pairs: the integer part padded on the left, the fraction on the right */
	if ((intend - intpart) % 2)
		digits[nd++] = '0';
	memcpy(digits + nd, intpart, intend - intpart);
	nd += intend - intpart;
	e = nd / 2 - 1;
	if (frac)
	{
		memcpy(digits + nd, frac, fracend - frac);
		nd += fracend - frac;
	}
	if (nd % 2)
		digits[nd++] = '0';
	/* leading zero pairs move the exponent down, trailing ones go */
	start = digits;
	while (nd >= 2 && start[0] == '0' && start[1] == '0')
	{
		start += 2;
		nd -= 2;
		e--;
	}
	while (nd >= 2 && start[nd - 1] == '0' && start[nd - 2] == '0')
		nd -= 2;
	if (nd == 0)
	{
		out[0] = PHX_ZERO_BYTE;
		return 1;
	}
	npairs = nd / 2;
	if (npairs > RK_PHX_DECIMAL_MAX - 1 || e + PHX_EXP_OFFSET < 0 || e + PHX_EXP_OFFSET > 127)
		return RK_DEC_RANGE;
	out[n++] = neg ? ~(0x80 | (e + PHX_EXP_OFFSET)) & 0xff : 0x80 | (e + PHX_EXP_OFFSET);
	for (i = 0; i < npairs; i++)
	{
		int			v = (start[2 * i] - '0') * 10 + (start[2 * i + 1] - '0');

		out[n++] = neg ? 101 - v : v + 1;
	}
	if (neg && n < RK_PHX_DECIMAL_MAX)
		out[n++] = PHX_NEG_TERMINAL;
	return n;
}

int
hbase_rk_phoenix_decimal_text(const unsigned char *p, size_t len, char *out)
{
	char		digits[2 * RK_PHX_DECIMAL_MAX + 1];
	int			neg,
				e,
				n,
				nd = 0,
				point,
				o = 0,
				i;

	if (len == 1 && p[0] == PHX_ZERO_BYTE)
	{
		strcpy(out, "0");
		return 1;
	}
	if (len < 2 || len > RK_PHX_DECIMAL_MAX)
		return -1;
	neg = (p[0] & 0x80) == 0;
	e = ((neg ? ~p[0] : p[0]) & 0x7f) - PHX_EXP_OFFSET;
	n = (int) len - 1;
	if (neg && p[len - 1] == PHX_NEG_TERMINAL)
		n--;
	if (n < 1)
		return -1;
	for (i = 1; i <= n; i++)
	{
		int			d = neg ? 101 - p[i] : p[i] - 1;

		if (d < 0 || d > 99)
			return -1;
		digits[nd++] = '0' + d / 10;
		digits[nd++] = '0' + d % 10;
	}
	/* the decimal point falls 2 * (E + 1) digits in */
	point = 2 * (e + 1);
	if (neg)
		out[o++] = '-';
	if (point <= 0)
	{
		out[o++] = '0';
		out[o++] = '.';
		for (i = point; i < 0; i++)
			out[o++] = '0';
		memcpy(out + o, digits, nd);
		o += nd;
	}
	else if (point >= nd)
	{
		memcpy(out + o, digits, nd);
		o += nd;
		for (i = nd; i < point; i++)
			out[o++] = '0';
	}
	else
	{
		memcpy(out + o, digits, point);
		o += point;
		out[o++] = '.';
		memcpy(out + o, digits + point, nd - point);
		o += nd - point;
	}
	out[o] = '\0';
	/* no trailing zeros after the point, as Phoenix's BigDecimal reads it */
	if (memchr(out, '.', o))
	{
		while (out[o - 1] == '0')
			out[--o] = '\0';
		if (out[o - 1] == '.')
			out[--o] = '\0';
	}
	/* "-0.x" and "0.x" keep their leading zero; an integer has no point */
	if (o >= 2 && out[0] == '0' && out[1] != '.')
	{
		/* leading zeros of an integer part (digits "05" ...) */
		int			k = 0;

		while (k < o - 1 && out[k] == '0' && out[k + 1] != '.')
			k++;
		memmove(out, out + k, o - k + 1);
		o -= k;
	}
	else if (o >= 3 && out[0] == '-' && out[1] == '0' && out[2] != '.')
	{
		int			k = 1;

		while (k < o - 1 && out[k] == '0' && out[k + 1] != '.')
			k++;
		memmove(out + 1, out + k, o - k + 1);
		o -= k - 1;
	}
	/* a negative number of zero digits (no writer makes one): zero, not "-0" */
	if (o == 2 && out[0] == '-' && out[1] == '0')
	{
		strcpy(out, "0");
		o = 1;
	}
	return o;
}
