/*
 * cellset_json.c: the JSON decoders of what a gateway answers (CellSets,
 * table and family listings, regions, the version).  No PostgreSQL headers
 * (cellset.h); json.c keeps jansson for what we send.
 *
 * A reader that walks the text and builds no document: jansson's DOM took
 * about 300 bytes for each "{}" of an answer (a 16 MiB page of empty rows
 * reached 1.79 GB before it was refused).  Like the protobuf decoder, a first
 * pass checks and counts (rows, cells, bytes: base64 decodes into at most
 * 3/4 of its text), the limits and the budget are applied, and a second
 * pass fills one block; an answer up to 64 KiB (a page, a Get) is read in
 * one pass into a block its size bounds (js_decode_small).  The grammar is
 * RFC 8259's, as strict as jansson's: UTF-8 checked, no lone surrogates,
 * integers within int64, nothing after the value, at most JR_MAX_DEPTH
 * nested arrays and objects.  Members this code does not know are checked
 * and skipped; a member it reads that comes twice is an error (a gateway
 * never sends one).
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "cellset_int.h"

#define JR_MAX_DEPTH	64

typedef struct JR
{
	const char *start;
	const char *p;
	const char *end;
	int			depth;
	const char *why;			/* what was wrong, when a function returns false */
} JR;

/* a string's text between its quotes */
typedef struct JStr
{
	const char *s;
	size_t		n;
	bool		escaped;		/* holds a backslash */
} JStr;

static bool
jr_fail(JR *r, const char *why)
{
	if (r->why == NULL)
		r->why = why;
	return false;
}

static void
jr_ws(JR *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
		r->p++;
}

/* the next non-blank character is c: skip it */
static bool
jr_take(JR *r, char c)
{
	jr_ws(r);
	if (r->p < r->end && *r->p == c)
	{
		r->p++;
		return true;
	}
	return false;
}

static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* four hex digits at s (s + 4 <= end); -1 when not */
static long
hex4(const char *s)
{
	long		v = 0;
	int			i;

	for (i = 0; i < 4; i++)
	{
		int			h = hexval(s[i]);

		if (h < 0)
			return -1;
		v = v * 16 + h;
	}
	return v;
}

/* the length of a valid UTF-8 sequence at s (< end), 0 when invalid */
static int
utf8_len(const unsigned char *s, const unsigned char *end)
{
	unsigned char c = s[0];
	int			n,
				i;
	uint32_t	cp;

	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
	{
		n = 2;
		cp = c & 0x1F;
	}
	else if (c >= 0xE0 && c <= 0xEF)
	{
		n = 3;
		cp = c & 0x0F;
	}
	else if (c >= 0xF0 && c <= 0xF4)
	{
		n = 4;
		cp = c & 0x07;
	}
	else
		return 0;
	if (end - s < n)
		return 0;
	for (i = 1; i < n; i++)
	{
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3F);
	}
	/* overlong forms, surrogates, beyond U+10FFFF */
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10FFFF ||
		(cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	return n;
}

/* the bytes a string may hold as they are: printable ASCII but '"' and '\\' */
static const bool jr_plain[256] = {
	[0x20] = true, [0x21] = true, [0x23 ... 0x5B] = true, [0x5D ... 0x7E] = true, [0x7F] = true,
};

/*
 * Are the 8 bytes at p all plain (jr_plain)?  No byte below 0x20 or above
 * 0x7F, none a quote or a backslash, tested on the word at once (the classic
 * has-zero-byte test on the word XORed with each; a false "no" only sends
 * the bytes to the byte-wise loop).
 */
static inline bool
jr_plain8(const char *p)
{
	const uint64_t ones = 0x0101010101010101ULL;
	const uint64_t highs = 0x8080808080808080ULL;
	uint64_t	w,
				q,
				b;

	memcpy(&w, p, 8);
	q = w ^ (ones * '"');
	b = w ^ (ones * '\\');
	return ((((q - ones) & ~q) | ((b - ones) & ~b) | ((w - ones * 0x20) & ~w) | w) & highs) == 0;
}

/*
 * A string at r->p: checks it (escapes, UTF-8, no control characters) and
 * returns its text between the quotes.
 */
static bool
jr_string(JR *r, JStr *out)
{
	const char *s;

	jr_ws(r);
	if (r->p >= r->end || *r->p != '"')
		return jr_fail(r, "a string expected");
	s = ++r->p;
	out->escaped = false;
	while (r->p < r->end)
	{
		unsigned char c;

		/* most of a string: printable ASCII, neither quote nor backslash */
		while (r->end - r->p >= 8 && jr_plain8(r->p))
			r->p += 8;
		while (r->p < r->end && jr_plain[(unsigned char) *r->p])
			r->p++;
		if (r->p >= r->end)
			break;
		c = (unsigned char) *r->p;

		if (c == '"')
		{
			out->s = s;
			out->n = (size_t) (r->p - s);
			r->p++;
			return true;
		}
		if (c < 0x20)
			return jr_fail(r, "a control character in a string");
		if (c == '\\')
		{
			out->escaped = true;
			if (r->end - r->p < 2)
				break;
			c = (unsigned char) r->p[1];
			if (c == 'u')
			{
				long		u;

				if (r->end - r->p < 6 || (u = hex4(r->p + 2)) < 0)
					return jr_fail(r, "an invalid \\u escape");
				r->p += 6;
				if (u >= 0xDC00 && u <= 0xDFFF)
					return jr_fail(r, "a lone low surrogate");
				if (u >= 0xD800 && u <= 0xDBFF)
				{
					long		lo;

					if (r->end - r->p < 6 || r->p[0] != '\\' || r->p[1] != 'u' ||
						(lo = hex4(r->p + 2)) < 0xDC00 || lo > 0xDFFF)
						return jr_fail(r, "a lone high surrogate");
					r->p += 6;
				}
				continue;
			}
			if (!strchr("\"\\/bfnrt", c) || c == '\0')
				return jr_fail(r, "an invalid escape");
			r->p += 2;
			continue;
		}
		if (c >= 0x80)
		{
			int			n = utf8_len((const unsigned char *) r->p, (const unsigned char *) r->end);

			if (n == 0)
				return jr_fail(r, "invalid UTF-8 in a string");
			r->p += n;
			continue;
		}
		r->p++;
	}
	return jr_fail(r, "an unterminated string");
}

/* the bytes a checked string stands for, into out (room for str->n bytes) */
static size_t
jr_unescape(const JStr *str, char *out)
{
	const char *s = str->s;
	const char *end = s + str->n;
	char	   *o = out;

	if (!str->escaped)
	{
		memcpy(out, s, str->n);
		return str->n;
	}
	while (s < end)
	{
		uint32_t	cp;

		if (*s != '\\')
		{
			*o++ = *s++;
			continue;
		}
		switch (s[1])
		{
			case 'b':
				*o++ = '\b';
				s += 2;
				continue;
			case 'f':
				*o++ = '\f';
				s += 2;
				continue;
			case 'n':
				*o++ = '\n';
				s += 2;
				continue;
			case 'r':
				*o++ = '\r';
				s += 2;
				continue;
			case 't':
				*o++ = '\t';
				s += 2;
				continue;
			case 'u':
				break;
			default:
				*o++ = s[1];
				s += 2;
				continue;
		}
		cp = (uint32_t) hex4(s + 2);
		s += 6;
		if (cp >= 0xD800 && cp <= 0xDBFF)
		{
			cp = 0x10000 + ((cp - 0xD800) << 10) + ((uint32_t) hex4(s + 2) - 0xDC00);
			s += 6;
		}
		/* at most as many bytes as the escape's 6 (12 for a pair) */
		if (cp < 0x80)
			*o++ = (char) cp;
		else if (cp < 0x800)
		{
			*o++ = (char) (0xC0 | (cp >> 6));
			*o++ = (char) (0x80 | (cp & 0x3F));
		}
		else if (cp < 0x10000)
		{
			*o++ = (char) (0xE0 | (cp >> 12));
			*o++ = (char) (0x80 | ((cp >> 6) & 0x3F));
			*o++ = (char) (0x80 | (cp & 0x3F));
		}
		else
		{
			*o++ = (char) (0xF0 | (cp >> 18));
			*o++ = (char) (0x80 | ((cp >> 12) & 0x3F));
			*o++ = (char) (0x80 | ((cp >> 6) & 0x3F));
			*o++ = (char) (0x80 | (cp & 0x3F));
		}
	}
	return (size_t) (o - out);
}

/* is a checked string (a member name) exactly the literal name? */
#define jr_is(str, name) jr_is_n((str), (name), sizeof(name) - 1)

static bool
jr_is_n(const JStr *str, const char *name, size_t n)
{
	char		buf[64];

	if (!str->escaped)
		return str->n == n && memcmp(str->s, name, n) == 0;
	if (str->n > sizeof(buf))
		return false;
	return jr_unescape(str, buf) == n && memcmp(buf, name, n) == 0;
}

/*
 * A number: *integer when it has neither fraction nor exponent, with its
 * value in *v (an integer beyond int64 is an error, as jansson's).
 */
static bool
jr_number(JR *r, bool *integer, int64_t *v)
{
	const char *p = r->p;
	bool		neg = false;
	uint64_t	x = 0;
	bool		over = false;

	if (p < r->end && *p == '-')
	{
		neg = true;
		p++;
	}
	if (p >= r->end || *p < '0' || *p > '9')
		return jr_fail(r, "invalid JSON token");
	if (*p == '0')
		p++;
	else
		while (p < r->end && *p >= '0' && *p <= '9')
		{
			if (x > (UINT64_MAX - 9) / 10)
				over = true;
			x = x * 10 + (uint64_t) (*p - '0');
			p++;
		}
	*integer = true;
	if (p < r->end && *p == '.')
	{
		*integer = false;
		p++;
		if (p >= r->end || *p < '0' || *p > '9')
			return jr_fail(r, "invalid number");
		while (p < r->end && *p >= '0' && *p <= '9')
			p++;
	}
	if (p < r->end && (*p == 'e' || *p == 'E'))
	{
		*integer = false;
		p++;
		if (p < r->end && (*p == '+' || *p == '-'))
			p++;
		if (p >= r->end || *p < '0' || *p > '9')
			return jr_fail(r, "invalid number");
		while (p < r->end && *p >= '0' && *p <= '9')
			p++;
	}
	r->p = p;
	if (*integer)
	{
		if (over || x > (neg ? (uint64_t) INT64_MAX + 1 : (uint64_t) INT64_MAX))
			return jr_fail(r, "too big an integer");
		*v = neg ? (int64_t) (0 - x) : (int64_t) x;
	}
	return true;
}

static bool jr_skip(JR *r);

/*
 * Members of an object: call with *first true after its '{'; returns 1
 * with the member's name (the reader at its value), 0 at the '}', -1 when
 * malformed.  Arrays alike with jr_element (1: at an element).
 */
static int
jr_member(JR *r, bool *first, JStr *name)
{
	if (jr_take(r, '}'))
		return 0;
	if (!*first && !jr_take(r, ','))
		return jr_fail(r, "',' or '}' expected"), -1;
	*first = false;
	if (!jr_string(r, name))
		return -1;
	if (!jr_take(r, ':'))
		return jr_fail(r, "':' expected"), -1;
	jr_ws(r);
	return 1;
}

static int
jr_element(JR *r, bool *first)
{
	if (jr_take(r, ']'))
		return 0;
	if (!*first && !jr_take(r, ','))
		return jr_fail(r, "',' or ']' expected"), -1;
	*first = false;
	jr_ws(r);
	return 1;
}

/* opens an object or array (depth-limited) */
static bool
jr_open(JR *r, char c)
{
	if (!jr_take(r, c))
		return jr_fail(r, c == '{' ? "an object expected" : "an array expected");
	if (++r->depth > JR_MAX_DEPTH)
		return jr_fail(r, "nested too deep");
	return true;
}

/* checks and skips any value */
static bool
jr_skip(JR *r)
{
	bool		first = true;
	JStr		s;
	int			k;

	jr_ws(r);
	if (r->p >= r->end)
		return jr_fail(r, "unexpected end of input");
	switch (*r->p)
	{
		case '{':
			if (!jr_open(r, '{'))
				return false;
			while ((k = jr_member(r, &first, &s)) == 1)
				if (!jr_skip(r))
					return false;
			r->depth--;
			return k == 0;
		case '[':
			if (!jr_open(r, '['))
				return false;
			while ((k = jr_element(r, &first)) == 1)
				if (!jr_skip(r))
					return false;
			r->depth--;
			return k == 0;
		case '"':
			return jr_string(r, &s);
		case 't':
		case 'f':
		case 'n':
			{
				const char *lit = *r->p == 't' ? "true" : *r->p == 'f' ? "false" : "null";
				size_t		n = strlen(lit);

				if ((size_t) (r->end - r->p) < n || memcmp(r->p, lit, n) != 0)
					return jr_fail(r, "invalid JSON token");
				r->p += n;
				return true;
			}
		default:
			{
				bool		integer;
				int64_t		v;

				return jr_number(r, &integer, &v);
			}
	}
}

/* the document is one object and nothing after it: checks the tail */
static bool
jr_end(JR *r)
{
	jr_ws(r);
	if (r->p != r->end)
		return jr_fail(r, "end of input expected");
	return true;
}

/* the error of a reader, with its byte offset */
static void
jr_error(JR *r, char *err)
{
	snprintf(err, HBASE_DECODE_ERRLEN, "%s (at byte %zu)",
			 r->why ? r->why : "invalid JSON", (size_t) (r->p - r->start));
}

/* the value of each base64 character, 0xFF for any other byte (b64_table) */
static unsigned char b64_val[256];

static void
b64_table(void)
{
	static const char alphabet[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	int			i;

	if (b64_val[0] == 0xFF)
		return;
	memset(b64_val, 0xFF, sizeof(b64_val));
	for (i = 0; i < 64; i++)
		b64_val[(unsigned char) alphabet[i]] = (unsigned char) i;
}

/*
 * Base64 (the standard alphabet, '=' padding; blanks skipped, as
 * PostgreSQL's pg_b64_decode) into out, in place allowed (out <= in), or
 * only checked when out is NULL.
 * The decoded length, or -1 when it is not base64.  Whole groups of four
 * alphabet characters (all of a gateway's base64 but its last group) go by
 * a table, four at a time; the rest, one character at a time.
 */
static long
b64_decode(const char *in, size_t n, char *out)
{
	const unsigned char *u = (const unsigned char *) in;
	uint32_t	buf = 0;
	int			pos = 0;
	int			pad = 0;
	size_t		o = 0;
	size_t		i = 0;

	b64_table();
	for (; n - i > 4; i += 4, o += 3)
	{
		uint32_t	a = b64_val[u[i]],
					b = b64_val[u[i + 1]],
					c = b64_val[u[i + 2]],
					d = b64_val[u[i + 3]];

		if ((a | b | c | d) > 63)
			break;
		if (out)
		{
			buf = (a << 18) | (b << 12) | (c << 6) | d;
			out[o] = (char) (buf >> 16);
			out[o + 1] = (char) (buf >> 8);
			out[o + 2] = (char) buf;
		}
	}
	buf = 0;
	for (; i < n; i++)
	{
		unsigned char c = u[i];
		int			b;

		if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
			continue;
		if (c == '=')
		{
			/* padding ends a group of 2 or 3 characters */
			if (pad == 0 && pos < 2)
				return -1;
			pad++;
			b = 0;
		}
		else
		{
			if (pad > 0 || b64_val[c] > 63)
				return -1;
			b = b64_val[c];
		}
		buf = (buf << 6) | (uint32_t) b;
		if (++pos == 4)
		{
			if (pad > 2)
				return -1;
			if (out)
			{
				out[o] = (char) (buf >> 16);
				if (pad < 2)
					out[o + 1] = (char) (buf >> 8);
				if (pad < 1)
					out[o + 2] = (char) buf;
			}
			o += 3 - pad;
			buf = 0;
			pos = 0;
			if (pad > 0)
				pad = 3;		/* nothing but blanks after the padding */
		}
	}
	if (pos != 0)
		return -1;
	return (long) o;
}

/* where the second pass writes */
typedef struct JFill
{
	HBaseCell  *cells;
	char	   *bytes;
	HBaseCell  *cells_end;		/* the room for cells and bytes */
	char	   *bytes_end;
	size_t		max_rows;		/* the room for rows */
} JFill;

/*
 * A checked base64 string: adds the room it needs to *bytes (its text:
 * unescaped in place, then decoded in place).  Counting (f NULL): checks it
 * decodes; filling: its bytes, NUL-terminated.
 */
static bool
jr_b64(JR *r, const JStr *str, size_t *bytes, JFill *f, char **out, int *outlen)
{
	char	   *dst;
	long		n;

	if (str->n > INT_MAX)
		return jr_fail(r, "a string beyond 2^31 bytes");
	*bytes += str->n + 1;
	if (f == NULL)
	{
		/* escapes in base64 are rare ("\/"): those are checked by the fill pass */
		if (!str->escaped && b64_decode(str->s, str->n, NULL) < 0)
			return jr_fail(r, "a key, column or value that is not base64");
		return true;
	}
	if ((size_t) (f->bytes_end - f->bytes) < str->n + 1)
		return jr_fail(r, "more bytes than the answer's size allows");
	dst = f->bytes;
	/* decoded from the text itself, or from its unescaped copy in place */
	if (str->escaped)
		n = b64_decode(dst, jr_unescape(str, dst), dst);
	else
		n = b64_decode(str->s, str->n, dst);
	if (n < 0)
		return jr_fail(r, "a key, column or value that is not base64");
	dst[n] = '\0';
	*out = dst;
	*outlen = (int) n;
	f->bytes += str->n + 1;
	return true;
}

/* counts of the first pass */
typedef struct JCount
{
	size_t		rows;
	size_t		cells;
	size_t		bytes;
} JCount;

/* one cell object: "column" (required), "$" (absent: empty), "timestamp" */
static bool
js_cell(JR *r, JCount *cnt, JFill *f)
{
	HBaseCell  *c = NULL;
	bool		first = true;
	bool		has_col = false,
				has_val = false,
				has_ts = false;
	JStr		name;
	int			k;

	if (!jr_open(r, '{'))
		return jr_fail(r, "a cell that is not an object");
	if (f)
	{
		if (f->cells >= f->cells_end)
			return jr_fail(r, "more cells than the answer's size allows");
		c = f->cells++;
		c->value = "";
		c->vallen = 0;
		c->timestamp = 0;
	}
	while ((k = jr_member(r, &first, &name)) == 1)
	{
		if (jr_is(&name, "column") || jr_is(&name, "$"))
		{
			bool		col = jr_is(&name, "column");
			JStr		v;

			if (col ? has_col : has_val)
				return jr_fail(r, "a cell member given twice");
			if (col)
				has_col = true;
			else
				has_val = true;
			if (!jr_string(r, &v))
				return jr_fail(r, "a cell's column or value that is not a string");
			if (!jr_b64(r, &v, &cnt->bytes, f,
						c ? (col ? &c->column : &c->value) : NULL,
						c ? (col ? &c->collen : &c->vallen) : NULL))
				return false;
		}
		else if (jr_is(&name, "timestamp"))
		{
			bool		integer;
			int64_t		v;

			if (has_ts)
				return jr_fail(r, "a cell member given twice");
			has_ts = true;
			jr_ws(r);
			if (r->p < r->end && (*r->p == '-' || (*r->p >= '0' && *r->p <= '9')))
			{
				if (!jr_number(r, &integer, &v))
					return false;
				/* not an integer: 0, the server's time (as before) */
				if (c && integer)
					c->timestamp = v;
			}
			else if (!jr_skip(r))
				return false;
		}
		else if (!jr_skip(r))
			return false;
	}
	r->depth--;
	if (k < 0)
		return false;
	if (!has_col)
		return jr_fail(r, "a cell without a base64 \"column\"");
	return true;
}

/* one row object: "key" (required) and "Cell" (an array, optional) */
static bool
js_row(JR *r, JCount *cnt, HBaseRow *row, JFill *f)
{
	bool		first = true;
	bool		has_key = false,
				has_cells = false;
	JStr		name;
	int			k;

	if (!jr_open(r, '{'))
		return jr_fail(r, "a row that is not an object");
	if (row)
	{
		row->cells = f->cells;
		row->ncells = 0;
	}
	while ((k = jr_member(r, &first, &name)) == 1)
	{
		if (jr_is(&name, "key"))
		{
			JStr		v;

			if (has_key)
				return jr_fail(r, "a row member given twice");
			has_key = true;
			if (!jr_string(r, &v))
				return jr_fail(r, "a row key that is not a string");
			if (!jr_b64(r, &v, &cnt->bytes, f, row ? &row->key : NULL, row ? &row->keylen : NULL))
				return false;
		}
		else if (jr_is(&name, "Cell"))
		{
			bool		efirst = true;
			int			e;

			if (has_cells)
				return jr_fail(r, "a row member given twice");
			has_cells = true;
			if (!jr_open(r, '['))
				return jr_fail(r, "a row's \"Cell\" that is not an array");
			while ((e = jr_element(r, &efirst)) == 1)
			{
				if (!js_cell(r, cnt, f))
					return false;
				if (row)
					row->ncells++;
				cnt->cells++;
			}
			r->depth--;
			if (e < 0)
				return false;
		}
		else if (!jr_skip(r))
			return false;
	}
	r->depth--;
	if (k < 0)
		return false;
	if (!has_key)
		return jr_fail(r, "a row without a base64 \"key\"");
	cnt->rows++;
	return true;
}

/*
 * The document: an object with a "Row" array; counting (f NULL) or filling
 * rows and f's room.  cnt counts rows, cells and bytes either way.
 */
static bool
js_cellset(JR *r, JCount *cnt, HBaseRow *rows, JFill *f, bool *no_row)
{
	bool		first = true;
	bool		has_rows = false;
	JStr		name;
	int			k;
	size_t		i = 0;

	jr_ws(r);
	if (r->p >= r->end || *r->p != '{')
		return jr_fail(r, "not a JSON object");
	if (!jr_open(r, '{'))
		return false;
	while ((k = jr_member(r, &first, &name)) == 1)
	{
		if (jr_is(&name, "Row"))
		{
			bool		efirst = true;
			int			e;

			if (has_rows)
				return jr_fail(r, "\"Row\" given twice");
			has_rows = true;
			if (!jr_open(r, '['))
				return jr_fail(r, "a \"Row\" that is not an array");
			while ((e = jr_element(r, &efirst)) == 1)
			{
				if (f && i >= f->max_rows)
					return jr_fail(r, "more rows than the answer's size allows");
				if (!js_row(r, cnt, f ? &rows[i++] : NULL, f))
					return false;
			}
			r->depth--;
			if (e < 0)
				return false;
		}
		else if (!jr_skip(r))
			return false;
	}
	r->depth--;
	if (k < 0 || !jr_end(r))
		return false;
	*no_row = !has_rows;
	return true;
}

/* f's room in a block: rows rows, then cells cells, then bytes bytes */
static void
fill_room(JFill *f, char *block, size_t rows, size_t cells, size_t bytes)
{
	f->max_rows = rows;
	f->cells = (HBaseCell *) (block + rows * sizeof(HBaseRow));
	f->cells_end = f->cells + cells;
	f->bytes = (char *) f->cells_end;
	f->bytes_end = f->bytes + bytes;
}

/*
 * One pass over the answer (js_cellset: counting when f is NULL), its
 * error in err; a document without "Row" is no CellSet either (an empty
 * result is {"Row":[]}, 204 or 404).
 */
static bool
read_cellset(JR *r, JCount *cnt, HBaseRow *rows, JFill *f, char *err)
{
	bool		no_row = false;

	if (!js_cellset(r, cnt, rows, f, &no_row))
	{
		jr_error(r, err);
		return false;
	}
	if (no_row)
	{
		snprintf(err, HBASE_DECODE_ERRLEN, "no \"Row\" member");
		return false;
	}
	return true;
}

/*
 * A small answer (a page, a Get) in one pass: its size bounds what it can
 * hold (a row takes at least the 10 bytes of {"key":""}, a cell the 13 of
 * {"column":""}, the bytes of its strings at most its own), a block that big
 * (under 6 times the answer) stays within the decode budget, and the limits
 * are checked on what was read.  The count pass of two cost as much as the
 * fill: for a page of 10 rows, a third of its decoding.
 */
#define JS_ONE_PASS_MAX		(64 * 1024)

static HBaseDecodeResult
js_decode_small(JR *r, size_t len, const HBaseDecodeLimits *lim, hbase_decode_alloc alloc,
				void *arg, HBaseCellSet *out, char *err)
{
	size_t		max_rows = len / 10 + 1;
	size_t		max_cells = len / 13 + 1;
	size_t		size = max_rows * sizeof(HBaseRow) + max_cells * sizeof(HBaseCell) + len + 1;
	JCount		cnt = {0, 0, 0};
	JFill		fill;
	char	   *block = alloc(arg, size + 1);
	HBaseDecodeResult res;

	if (block == NULL)
	{
		snprintf(err, HBASE_DECODE_ERRLEN, "out of memory decoding %zu bytes", size);
		return HBASE_DECODE_TOO_LARGE;
	}
	fill_room(&fill, block, max_rows, max_cells, len + 1);
	if (!read_cellset(r, &cnt, (HBaseRow *) block, &fill, err))
		return HBASE_DECODE_INVALID;
	res = hbase_cellset_limits(cnt.rows, cnt.cells, cnt.bytes, len, lim, out, err);
	if (res != HBASE_DECODE_OK)
		return res;
	out->rows = (HBaseRow *) block;
	return HBASE_DECODE_OK;
}

/*
 * A JSON CellSet into rows and cells (bytes decoded from base64).  Decides
 * what is a CellSet: an object with a "Row" array of objects with a base64
 * "key" and an optional "Cell" array of objects with a base64 "column" (and
 * "$", absent when empty); anything else is an error.  A small answer in
 * one pass (js_decode_small); a larger one in two, the first counting (and
 * checking everything but escaped base64), so that the one block allocated
 * is the size of what it holds.
 */
HBaseDecodeResult
hbase_cellset_json_decode(const char *body, size_t len, const HBaseDecodeLimits *lim,
						  hbase_decode_alloc alloc, void *arg, HBaseCellSet *out, char *err)
{
	return hbase_cellset_json_decode_passes(body, len, lim, alloc, arg, out, err,
											len <= JS_ONE_PASS_MAX ? 1 : 2);
}

/* the same in the passes given (1 or 2), whatever the size: the fuzzer compares them */
HBaseDecodeResult
hbase_cellset_json_decode_passes(const char *body, size_t len, const HBaseDecodeLimits *lim,
								 hbase_decode_alloc alloc, void *arg, HBaseCellSet *out,
								 char *err, int passes)
{
	JR			r = {body, body, body + len, 0, NULL};
	JCount		cnt = {0, 0, 0};
	JFill		fill;
	HBaseDecodeResult res;

	memset(out, 0, sizeof(*out));
	if (passes == 1)
		return js_decode_small(&r, len, lim, alloc, arg, out, err);
	if (!read_cellset(&r, &cnt, NULL, NULL, err))
		return HBASE_DECODE_INVALID;
	res = hbase_cellset_block(cnt.rows, cnt.cells, cnt.bytes, len, lim, alloc, arg, out, err);
	if (res != HBASE_DECODE_OK)
		return res;
	r.p = body;
	r.depth = 0;
	fill_room(&fill, (char *) out->rows, out->nrows, out->ncells, cnt.bytes);
	cnt.rows = cnt.cells = cnt.bytes = 0;
	/* a base64 string with escapes is only decoded here */
	if (!read_cellset(&r, &cnt, out->rows, &fill, err))
		return HBASE_DECODE_INVALID;
	return HBASE_DECODE_OK;
}

/*
 * A listing: the objects of one array member of a JSON object (names of
 * tables or families, regions).  The walk is the same for each; what
 * differs is which members of an entry are read and what an entry needs.
 */
typedef struct JList JList;
typedef struct JListSpec
{
	const char *member;			/* the array's name */
	const char *twice;			/* messages: the array given twice, */
	const char *not_array;		/* not an array, */
	const char *not_object;		/* an entry not an object, */
	const char *missing;		/* no such array (NULL: an empty listing) */
	size_t		entry;			/* bytes of an entry in the block */
	const char *what;			/* the entries, in messages ("names") */
	/* a member of entry i, the reader at its value: reads or skips it */
	bool		(*field) (JR *r, JList *l, const JStr *name, size_t i, unsigned *seen);
	/* entry i read whole, seen: what field() marked */
	bool		(*done) (JR *r, JList *l, size_t i, unsigned seen);
} JListSpec;

/* a walk's state: counting (entries NULL), then filling the block */
struct JList
{
	const JListSpec *spec;
	const char *name;			/* names: the member wanted */
	void	   *entries;		/* filling: the block's entries */
	char	   *buf;			/* filling: where their bytes go */
	JFill		fill;			/* regions' base64, into buf */
	size_t		bytes;			/* bytes of text counted */
};

/* the entries of the listing (*count), each member to spec->field */
static bool
js_list(JR *r, JList *l, size_t *count)
{
	const JListSpec *spec = l->spec;
	bool		first = true;
	bool		seen = false;
	JStr		name;
	int			k;
	size_t		i = 0;

	jr_ws(r);
	if (r->p >= r->end || *r->p != '{')
		return jr_fail(r, "not a JSON object");
	(void) jr_open(r, '{');
	while ((k = jr_member(r, &first, &name)) == 1)
	{
		bool		efirst = true;
		int			e;
		const char *want = spec->member ? spec->member : l->name;

		if (!jr_is_n(&name, want, strlen(want)))
		{
			if (!jr_skip(r))
				return false;
			continue;
		}
		if (seen)
			return jr_fail(r, spec->twice);
		seen = true;
		if (!jr_open(r, '['))
			return jr_fail(r, spec->not_array);
		while ((e = jr_element(r, &efirst)) == 1)
		{
			bool		ofirst = true;
			unsigned	marks = 0;
			JStr		m;
			int			o;

			if (!jr_open(r, '{'))
				return jr_fail(r, spec->not_object);
			while ((o = jr_member(r, &ofirst, &m)) == 1)
				if (!spec->field(r, l, &m, i, &marks))
					return false;
			r->depth--;
			if (o < 0 || !spec->done(r, l, i, marks))
				return false;
			i++;
		}
		r->depth--;
		if (e < 0)
			return false;
	}
	r->depth--;
	if (k < 0 || !jr_end(r))
		return false;
	if (!seen && spec->missing)
		return jr_fail(r, spec->missing);
	*count = i;
	return true;
}

/* a listing's member "name": a string without NUL */
static bool
name_field(JR *r, JList *l, const JStr *m, size_t i, unsigned *seen)
{
	JStr		v;

	if (!jr_is(m, "name"))
		return jr_skip(r);
	if (*seen)
		return jr_fail(r, "an entry's name given twice");
	*seen = 1;
	if (!jr_string(r, &v))
		return jr_fail(r, "an entry's name that is not a string");
	if (l->entries)
	{
		size_t		n = jr_unescape(&v, l->buf);

		if (memchr(l->buf, '\0', n))
			return jr_fail(r, "a name with a NUL character");
		l->buf[n] = '\0';
		((char **) l->entries)[i] = l->buf;
		l->buf += v.n + 1;
	}
	l->bytes += v.n + 1;
	return true;
}

static bool
name_done(JR *r, JList *l, size_t i, unsigned seen)
{
	return seen ? true : jr_fail(r, "an entry without a \"name\"");
}

static const JListSpec names_spec = {
	NULL, "the list given twice", "the list is not an array", "an entry that is not an object",
	NULL, sizeof(char *), "names", name_field, name_done
};

/* a region's members "startKey" (seen 1) and "endKey" (2): base64 */
static bool
region_field(JR *r, JList *l, const JStr *m, size_t i, unsigned *seen)
{
	HBaseRegionRange *reg = l->entries ? &((HBaseRegionRange *) l->entries)[i] : NULL;
	bool		start = jr_is(m, "startKey");
	unsigned	mark = start ? 1 : 2;
	JStr		v;

	if (!start && !jr_is(m, "endKey"))
		return jr_skip(r);
	if (*seen & mark)
		return jr_fail(r, "a region's key given twice");
	*seen |= mark;
	if (!jr_string(r, &v))
		return jr_fail(r, "a region key that is not a string");
	return jr_b64(r, &v, &l->bytes, reg ? &l->fill : NULL,
				  reg ? (start ? &reg->start : &reg->stop) : NULL,
				  reg ? (start ? &reg->startlen : &reg->stoplen) : NULL);
}

/* both keys given; an empty end key: to the end */
static bool
region_done(JR *r, JList *l, size_t i, unsigned seen)
{
	HBaseRegionRange *reg = l->entries ? &((HBaseRegionRange *) l->entries)[i] : NULL;

	if (seen != 3)
		return jr_fail(r, "a region without base64 start and end keys");
	if (reg && reg->stoplen == 0)
		reg->stop = NULL;
	return true;
}

static const JListSpec regions_spec = {
	"Region", "\"Region\" given twice", "\"Region\" is not an array",
	"a region that is not an object", "no \"Region\" array", sizeof(HBaseRegionRange),
	"regions", region_field, region_done
};

/*
 * Between a listing decoder's two passes: decides whether count entries of
 * entry bytes each plus bytes of text may be decoded (at most 2^30 entries,
 * within the budget), then allocates the block; NULL with *res and err set
 * when not.  what names the entries in messages ("names", "regions").
 */
static void *
listing_block(size_t count, size_t entry, size_t bytes, size_t len, const char *what,
			  hbase_decode_alloc alloc, void *arg, size_t *size, HBaseDecodeResult *res,
			  char *err)
{
	void	   *block;

	if (count > INT_MAX / 2)
	{
		snprintf(err, HBASE_DECODE_ERRLEN, "more than 2^30 %s", what);
		*res = HBASE_DECODE_INVALID;
		return NULL;
	}
	*size = count * entry + bytes;
	if (*size > hbase_decode_budget(len))
	{
		snprintf(err, HBASE_DECODE_ERRLEN,
				 "its %zu %s would take %zu bytes decoded, more than %d times its %zu bytes",
				 count, what, *size, HBASE_DECODE_FACTOR, len);
		*res = HBASE_DECODE_TOO_LARGE;
		return NULL;
	}
	block = alloc(arg, *size + 1);
	if (block == NULL)
	{
		snprintf(err, HBASE_DECODE_ERRLEN, "out of memory decoding %zu bytes", *size);
		*res = HBASE_DECODE_TOO_LARGE;
	}
	return block;
}

/*
 * A listing decoded as CellSets are: a first pass counts and checks, the
 * block is allocated within the budget, a second pass fills it.
 */
static HBaseDecodeResult
listing_decode(const char *body, size_t len, const JListSpec *spec, const char *name,
			   hbase_decode_alloc alloc, void *arg, void **entries, int *n, size_t *decoded,
			   char *err)
{
	JR			r = {body, body, body + len, 0, NULL};
	JList		l = {spec, name, NULL, NULL, {NULL, NULL, NULL, NULL, 0}, 0};
	size_t		count = 0,
				size;
	char	   *block;
	HBaseDecodeResult res;

	*entries = NULL;
	*n = 0;
	*decoded = 0;
	if (!js_list(&r, &l, &count))
	{
		jr_error(&r, err);
		return HBASE_DECODE_INVALID;
	}
	block = listing_block(count, spec->entry, l.bytes, len, spec->what, alloc, arg, &size, &res,
						  err);
	if (block == NULL)
		return res;
	r.p = body;
	r.depth = 0;
	l.entries = block;
	l.buf = block + count * spec->entry;
	l.fill.bytes = l.buf;
	l.fill.bytes_end = block + size;
	if (!js_list(&r, &l, &count))
	{
		jr_error(&r, err);
		return HBASE_DECODE_INVALID;
	}
	*entries = block;
	*n = (int) count;
	*decoded = size;
	return HBASE_DECODE_OK;
}

HBaseDecodeResult
hbase_json_names_decode(const char *body, size_t len, const char *member,
						hbase_decode_alloc alloc, void *arg,
						char ***names, int *n, size_t *decoded, char *err)
{
	return listing_decode(body, len, &names_spec, member, alloc, arg, (void **) names, n,
						  decoded, err);
}

HBaseDecodeResult
hbase_json_regions_decode(const char *body, size_t len, hbase_decode_alloc alloc, void *arg,
						  HBaseRegionRange **regions, int *n, size_t *decoded, char *err)
{
	return listing_decode(body, len, &regions_spec, NULL, alloc, arg, (void **) regions, n,
						  decoded, err);
}

/*
 * The gateway's own version from GET /version/rest's JSON (member
 * "Version", 2.5.11/2.6.1 on): *version NULL when the answer has none, or
 * one that is not a string (the last member of the name counts, as with
 * jansson); an answer that is not one JSON object is invalid.
 */
HBaseDecodeResult
hbase_json_version_decode(const char *body, size_t len, hbase_decode_alloc alloc, void *arg,
						  char **version, char *err)
{
	JR			r = {body, body, body + len, 0, NULL};
	bool		first = true;
	JStr		name;
	JStr		v = {NULL, 0, false};
	bool		found = false;
	int			k;

	*version = NULL;
	jr_ws(&r);
	if (r.p >= r.end || *r.p != '{')
	{
		jr_fail(&r, "not a JSON object");
		jr_error(&r, err);
		return HBASE_DECODE_INVALID;
	}
	(void) jr_open(&r, '{');
	while ((k = jr_member(&r, &first, &name)) == 1)
	{
		jr_ws(&r);
		if (jr_is(&name, "Version") && r.p < r.end && *r.p == '"')
		{
			if (!jr_string(&r, &v))
			{
				k = -1;
				break;
			}
			found = true;
		}
		else
		{
			/* the last "Version" counts, as with jansson: one not a string is none */
			if (jr_is(&name, "Version"))
				found = false;
			if (!jr_skip(&r))
			{
				k = -1;
				break;
			}
		}
	}
	if (k < 0 || !jr_end(&r))
	{
		jr_error(&r, err);
		return HBASE_DECODE_INVALID;
	}
	if (found)
	{
		char	   *s = alloc(arg, v.n + 1);

		if (s == NULL)
		{
			snprintf(err, HBASE_DECODE_ERRLEN, "out of memory");
			return HBASE_DECODE_INVALID;
		}
		s[jr_unescape(&v, s)] = '\0';
		*version = s;
	}
	return HBASE_DECODE_OK;
}

/*
 * "2.5.8", "2.6.1-hadoop3", "3.0.0-beta-1" -> 20508, 20601, 30000; 0 when
 * it does not start with major.minor.
 */
int
hbase_parse_gateway_version(const char *s)
{
	int			part[3] = {0, 0, 0};
	int			n = 0;
	const char *p = s;

	while (n < 3)
	{
		int			v = 0;
		int			digits = 0;

		while (*p >= '0' && *p <= '9' && digits < 3)
		{
			v = v * 10 + (*p++ - '0');
			digits++;
		}
		if (digits == 0 || v > 99)
			break;
		part[n++] = v;
		if (*p != '.')
			break;
		p++;
	}
	if (n < 2 || part[0] == 0)
		return 0;
	return part[0] * 10000 + part[1] * 100 + part[2];
}
