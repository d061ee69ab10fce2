/*
 * rowkey/encode.c: values into keys.  run_pipeline applies a column part's operations in
 * order (value transforms, one encoding into bytes, byte transforms); encode_internal lays the
 * parts out, stops after the last optional group holding a value (a NULL before it in a
 * nullable part is no bytes, as Phoenix writes trailing NULL key columns), refuses a value holding
 * the delimiter that follows it, and fills the salt or hash prefix in last, from the bytes it
 * covers.  The public entries: a whole key, a key prefix, one part, a range bound.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rowkey_int.h"

typedef struct cur
{
	int			isint;			/* the value is a number (i or f) */
	int64_t		i;
	double		f;
	buf			b;				/* or bytes */
} cur;

/*
 * The first step of a pipeline (run_pipeline): an op on the value as a
 * number (epoch units, Long.MAX_VALUE - x, reversed bits).  0, or -1 and
 * *error when the value could not be read back from its key.
 */
static int
value_op(const pipeline *pl, int k, cur *cv, const rk_column *col, const char **error,
		 int *floored)
{
	const op   *o = &pl->ops[k];

	switch (o->kind)
	{
		case OP_EPOCH_S:
		case OP_EPOCH_MS:
			{
				int64_t		unit = o->kind == OP_EPOCH_S ? 1000000 : 1000;

				/*
				 * a date counts in whole days: no microseconds (they
				 * overflow)
				 */
				if (col->type == RK_DATE)
				{
					cv->i *= USECS_PER_DAY / unit;
					break;
				}
				if (cv->i % unit != 0 && floored == NULL)
				{
					*error = hbase_rk_fmt_error("value of column \"%s\" has more precision than %s() keeps",
												col->name, o->kind == OP_EPOCH_S ? "epoch" : "epoch_ms");
					return -1;
				}
				if (cv->i % unit != 0)
					*floored = 1;
				cv->i = floordiv(cv->i, unit);
				break;
			}
		case OP_INVERT:
			if (cv->i < 0)
			{
				*error = hbase_rk_fmt_error("negative value " "%lld" " of column \"%s\" cannot be inverted as Long.MAX_VALUE - x",
											(long long) cv->i, col->name);
				return -1;
			}
			cv->i = INT64_MAX - cv->i;
			break;
		case OP_BITREV:
			cv->i = (int64_t) bitrev64((uint64_t) cv->i);
			break;
		default:
			break;
	}
	return 0;
}

/*
 * The second step: the value's one encoding into bytes (decimal digits, a
 * date pattern, big-endian integers and floats, Phoenix's DECIMAL and
 * TIMESTAMP), refusing a value outside the encoding's range.  Each case
 * reads side by side with its inverse in decode.c's undo_encode_op.
 */
static int
encode_op(const pipeline *pl, int k, cur *cv, const rk_column *col, const char **error,
		  int *floored)
{
	const op   *o = &pl->ops[k];

	switch (o->kind)
	{
		case OP_DEC:
			{
				char		tmp[32];
				int			n;

				/* Long.MAX_VALUE - x is written with all 19 digits */
				n = hbase_rk_format_dec(tmp, cv->i, k > 0 && pl->ops[k - 1].kind == OP_INVERT);
				if (cv->i < 0 && pl->padded_dec)
				{
					*error = hbase_rk_fmt_error("negative value %lld of column \"%s\" cannot be zero-padded in the key",
												(long long) cv->i, col->name);
					return -1;
				}
				hbase_rk_buf_append(&cv->b, tmp, n);
				cv->isint = 0;
				break;
			}
		case OP_DEC_MS:
			{
				char		tmp[32];

				hbase_rk_buf_append(&cv->b, tmp, hbase_rk_format_dec_ms(tmp, cv->i));
				cv->isint = 0;
				break;
			}
		case OP_DATEFMT:
			{
				int64_t		us = cv->i;

				/*
				 * a pattern has at most 4 year digits: later dates have no
				 * form
				 */
				if (col->type == RK_DATE &&
					__builtin_mul_overflow(cv->i, USECS_PER_DAY, &us))
				{
					*error = hbase_rk_fmt_error("date of column \"%s\" is out of range for the pattern \"%s\"",
												col->name, o->pattern);
					return -1;
				}
				{
					size_t		start = cv->b.len;
					int64_t		back = 0;
					int			bad;

					if (hbase_rk_format_date(o->pattern, us, &cv->b) < 0)
					{
						*error = hbase_rk_fmt_error("value of column \"%s\" is outside years 0000-9999 of the pattern \"%s\"",
										   col->name, o->pattern);
						return -1;
					}

					/*
					 * what the pattern leaves out (day, month ...) must read
					 * back
					 */
					bad = hbase_rk_parse_date(o->pattern, cv->b.data + start, cv->b.len - start, &back) < 0;
					if (bad || back != us)
					{
						if (bad || floored == NULL || back > us)
						{
							*error = hbase_rk_fmt_error("value of column \"%s\" has more precision than the pattern \"%s\" keeps",
											   col->name, o->pattern);
							return -1;
						}
						*floored = 1;
					}
				}
				cv->isint = 0;
				break;
			}
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

				if (cv->i < lo || cv->i > hi)
				{
					*error = hbase_rk_fmt_error("value %lld of column \"%s\" does not fit in %d bytes",
												(long long) cv->i, col->name, w);
					return -1;
				}
				for (i = w - 1; i >= 0; i--)
				{
					tmp[i] = (unsigned char) ((uint64_t) cv->i & 0xff);
					cv->i = (int64_t) ((uint64_t) cv->i >> 8);
				}
				hbase_rk_buf_append(&cv->b, tmp, w);
				cv->isint = 0;
				break;
			}
		case OP_BIN_FLOAT:
			{
				unsigned char tmp[8];
				uint64_t	bits;
				int			i;

				if (o->isunsigned && cv->f < 0)
				{
					*error = hbase_rk_fmt_error("value %g of column \"%s\" is negative: a Phoenix %s cannot hold it",
												cv->f, col->name, o->width == 4 ? "UNSIGNED_FLOAT" : "UNSIGNED_DOUBLE");
					return -1;
				}

				/*
				 * Phoenix's SQL writes -0 as 0; its unsigned bytes of -0 sort
				 * last
				 */
				if (o->isunsigned && cv->f == 0)
					cv->f = 0.0;
				if (o->width == 4)
				{
					float		f = (float) cv->f;
					uint32_t	b32;

					memcpy(&b32, &f, 4);
					/* Java's floatToIntBits: one NaN */
					if (o->phoenix && isnan(f))
						b32 = UINT32_C(0x7fc00000);
					bits = b32;
				}
				else
				{
					memcpy(&bits, &cv->f, 8);
					/* Java's doubleToLongBits: one NaN */
					if (o->phoenix && isnan(cv->f))
						bits = UINT64_C(0x7ff8000000000000);
				}
				for (i = o->width - 1; i >= 0; i--)
				{
					tmp[i] = (unsigned char) (bits & 0xff);
					bits >>= 8;
				}
				hbase_rk_buf_append(&cv->b, tmp, o->width);
				cv->isint = 0;
				break;
			}
		case OP_PHX_DECIMAL:
			{
				unsigned char dec[RK_PHX_DECIMAL_MAX];
				int			n = hbase_rk_phoenix_decimal(cv->b.data ? cv->b.data : "", cv->b.len, dec);

				if (n < 0)
				{
					*error = hbase_rk_fmt_error(n == RK_DEC_NOT_FINITE ?
												"value %.*s of column \"%s\" is not a number a Phoenix DECIMAL holds" :
												"value %.*s of column \"%s\" does not fit a Phoenix DECIMAL (38 significant digits, magnitudes 1e-130 to 1e126)",
												(int) (cv->b.len < 60 ? cv->b.len : 60), cv->b.data ? cv->b.data : "", col->name);
					return -1;
				}
				cv->b.len = 0;
				hbase_rk_buf_append(&cv->b, dec, n);
				break;
			}
		case OP_PHX_TS:
			{
				unsigned char tmp[12];
				int64_t		ms = floordiv(cv->i, 1000);
				uint64_t	u = (uint64_t) ms ^ (o->isunsigned ? 0 : UINT64_C(1) << 63);
				uint32_t	nanos = (uint32_t) (cv->i - ms * 1000) * 1000;
				int			j;

				if (o->isunsigned && cv->i < 0)
				{
					*error = hbase_rk_fmt_error("value of column \"%s\" is before 1970: a Phoenix UNSIGNED_TIMESTAMP cannot hold it",
												col->name);
					return -1;
				}

				for (j = 7; j >= 0; j--, u >>= 8)
					tmp[j] = (unsigned char) (u & 0xff);
				for (j = 11; j >= 8; j--, nanos >>= 8)
					tmp[j] = (unsigned char) (nanos & 0xff);
				hbase_rk_buf_append(&cv->b, tmp, 12);
				cv->isint = 0;
				break;
			}
		default:
			break;
	}
	return 0;
}

/*
 * The third step: an op on the bytes (padding, reversed characters, DESC's
 * flipped bits, sortable signs), refusing a value wider than its pad or
 * starting (ending) with the pad character, which could not be read back.
 */
static int
bytes_op(const pipeline *pl, int k, cur *cv, const rk_column *col, const char **error,
		 int *floored)
{
	const op   *o = &pl->ops[k];

	switch (o->kind)
	{
		case OP_LPAD:
		case OP_RPAD:
			{
				size_t		n = cv->b.len;

				if (n > (size_t) o->width)
				{
					*error = hbase_rk_fmt_error("value \"%.*s\" of column \"%s\" is longer than the %d bytes of %s",
												(int) (n > 40 ? 40 : n), cv->b.data, col->name, o->width,
												o->kind == OP_LPAD ? "lpad()" : "rpad()");
					return -1;
				}

				/*
				 * a value starting (ending) with the pad could not be read
				 * back
				 */
				if (n > 0 && ((o->kind == OP_LPAD && cv->b.data[0] == o->pad &&
							   !(pl->padded_dec && n == 1)) ||
							  (o->kind == OP_RPAD && cv->b.data[n - 1] == o->pad)))
				{
					*error = hbase_rk_fmt_error("value \"%.*s\" of column \"%s\" %s with the pad character '%c'",
												(int) (n > 40 ? 40 : n), cv->b.data, col->name,
												o->kind == OP_LPAD ? "starts" : "ends", o->pad);
					return -1;
				}
				hbase_rk_buf_reserve(&cv->b, o->width - n);
				if (o->kind == OP_LPAD)
				{
					memmove(cv->b.data + (o->width - n), cv->b.data, n);
					memset(cv->b.data, o->pad, o->width - n);
				}
				else
					memset(cv->b.data + n, o->pad, o->width - n);
				cv->b.len = o->width;
				cv->b.data[cv->b.len] = '\0';
				break;
			}
		case OP_REVERSE:
			hbase_rk_reverse_chars(cv->b.data, cv->b.len);
			break;
		case OP_DESC:
			hbase_rk_flip_bytes(cv->b.data, cv->b.len);
			break;
		case OP_SORTABLE:
			{
				unsigned char *b = (unsigned char *) cv->b.data;
				size_t		i;

				if (cv->b.len == 0)
					break;		/* no bytes: no sign bit to flip */
				if (o->isfloat && (b[0] & 0x80))
					hbase_rk_flip_bytes(cv->b.data, cv->b.len);
				else
					b[0] ^= 0x80;

				/*
				 * Phoenix adds one to the flipped bits (wrapping as Java
				 * does)
				 */
				if (o->phoenix)
					for (i = cv->b.len; i-- > 0;)
						if (++b[i] != 0)
							break;
				break;
			}
		default:
			break;
	}
	return 0;
}

/*
 * Run a pipeline forward; *error names the column.  A value finer than a
 * date pattern or epoch unit keeps is refused (it would not read back),
 * unless floored is given (a range bound): then it is rounded down and
 * *floored set, so the caller makes its bound inclusive.  Its ops come in
 * three steps: value transforms (value_op), one encoding into bytes
 * (encode_op), byte transforms (bytes_op).
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
			hbase_rk_buf_append(&cv.b, v->s ? v->s : "", v->len);
			break;
	}

	for (k = 0; k < pl->nops; k++)
	{
		int			r;

		switch (hbase_rk_op_step(pl->ops[k].kind))
		{
			case STEP_VALUE:
				r = value_op(pl, k, &cv, col, error, floored);
				break;
			case STEP_BYTES:
				r = bytes_op(pl, k, &cv, col, error, floored);
				break;
			default:
				r = encode_op(pl, k, &cv, col, error, floored);
				break;
		}
		if (r < 0)
			goto fail;
	}
	if (pl->width >= 0 && cv.b.len != (size_t) pl->width)
	{
		*error = hbase_rk_fmt_error("value of column \"%s\" has %zu bytes where its key part holds %d",
						   col->name, cv.b.len, pl->width);
		goto fail;
	}
	hbase_rk_buf_append(out, cv.b.data ? cv.b.data : "", cv.b.len);
	hbase_rk_buf_free(&cv.b);
	return 0;

fail:
	hbase_rk_buf_free(&cv.b);
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
			hbase_rk_buf_append(in, it->lit, it->litlen);
		else
		{
			if (values[it->pl.column].isnull)
			{
				*error = hbase_rk_fmt_error("key column \"%s\" is NULL but the %s covers it",
								   l->columns[it->pl.column].name,
								   p->kind == RK_PART_SALT ? "salt" : "hash prefix");
				hbase_rk_buf_free(in);
				return -1;
			}
			if (run_pipeline(l, &it->pl, &values[it->pl.column], in, error, NULL) < 0)
			{
				hbase_rk_buf_free(in);
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

/*
 * The bucket of a computed salt: random (the writer's choice, given), Phoenix's (Arrays.hashCode
 * of the rest of the key), OpenTSDB's (of the chosen parts' bytes) or javahash (Java's
 * hashCode of one value: String.hashCode over the text's UTF-16, Long.hashCode or the int
 * itself over a number after its value transforms), each as the Java writer computes it,
 * since a bucket that differs by one would put the row where no reader looks.  -1 and
 * *error when a value it needs is NULL or cannot be encoded.
 */
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
				*error = hbase_rk_fmt_error("a random salt needs a bucket from 0 to %d", p->buckets - 1);
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
				hbase_rk_buf_free(&in);
				return bk;
			}
		case SALT_JAVAHASH:
			{
				const rk_value *v = &values[p->hashsrc.column];
				buf			b = {0};

				if (v->isnull)
				{
					*error = hbase_rk_fmt_error("column \"%s\" is NULL but the salt hashes it",
									   l->columns[p->hashsrc.column].name);
					return -1;
				}
				if (p->hashsrc.kind == V_TEXT)
				{
					pipeline	pl = p->hashsrc;

					if (run_pipeline(l, &pl, v, &b, error, NULL) < 0)
						return -1;
					h = java_string_hash(b.data ? b.data : "", b.len);
					hbase_rk_buf_free(&b);
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
		hbase_rk_buf_reserve(&b, 1);
	*out = b.data;
	return (int) b.len;
}

/*
 * How many parts the key has: limit of them (a prefix for a scan: each of their columns must
 * be set, save a nullable part before the optional groups, whose NULL is no bytes: the prefix
 * of the keys where it is NULL, a Phoenix index's IS NULL), or else all up to the end of the
 * last optional group that has a column set, as Phoenix leaves trailing NULL key columns out
 * (PTableImpl.newKey).  A NULL before that is an error (-1 and *error) unless its part is
 * nullable (a variable-width part inside the groups, written as no bytes).
 */
static int
key_stop(const rk_layout *l, const rk_value *values, int limit, const char **error)
{
	int			stop = l->nparts;
	int			first = l->nparts;	/* the first optional part */
	int			i;

	if (limit >= 0)
	{
		int			in_group = 0;

		stop = limit < l->nparts ? limit : l->nparts;
		for (i = 0; i < stop; i++)
		{
			part	   *p = l->parts[i];

			in_group |= p->optional;
			if (p->kind == RK_PART_COLUMN && values[p->pl.column].isnull &&
				!(p->nullable && !in_group))
			{
				*error = hbase_rk_fmt_error("key column \"%s\" is NULL", l->columns[p->pl.column].name);
				return -1;
			}
		}
		return stop;
	}

	for (i = 0; i < l->nparts; i++)
		if (l->parts[i]->optional)
		{
			first = i;
			break;
		}
	/* the key ends after the last group holding a value */
	if (first < l->nparts)
	{
		stop = first;
		for (i = first; i < l->nparts; i++)
			if (l->parts[i]->kind == RK_PART_COLUMN && !values[l->parts[i]->pl.column].isnull)
			{
				for (stop = i + 1; stop < l->nparts && !l->parts[stop]->optional; stop++)
					;
			}
	}
	for (i = 0; i < stop; i++)
	{
		part	   *p = l->parts[i];

		if (p->kind != RK_PART_COLUMN || !values[p->pl.column].isnull || p->nullable)
			continue;
		if (i >= first)
		{
			int			j;

			/* name a column after it that is set */
			for (j = stop - 1; j > i; j--)
				if (l->parts[j]->kind == RK_PART_COLUMN && !values[l->parts[j]->pl.column].isnull)
				{
					*error = hbase_rk_fmt_error("key column \"%s\" is set but \"%s\", before it in the key, is NULL",
									   l->columns[l->parts[j]->pl.column].name,
									   l->columns[p->pl.column].name);
					return -1;
				}
		}
		*error = hbase_rk_fmt_error("key column \"%s\" is NULL", l->columns[p->pl.column].name);
		return -1;
	}
	return stop;
}

/*
 * The digest of data by md (EVP_md5() and its kin) into out.  EVP_Digest with OpenSSL 3
 * makes a context and looks the algorithm up in its providers on every call: that was half
 * of a hashed key's cost (issue 55).  Here the algorithm is fetched once per process and one
 * context serves every key; where anything of that fails, EVP_Digest does it as before.
 */
static void
digest(const EVP_MD *md, const char *data, size_t len, unsigned char *out, unsigned int *outlen)
{
	static EVP_MD_CTX *ctx;
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
	static const EVP_MD *asked[4];
	static EVP_MD *fetched[4];
	int			i;

	for (i = 0; i < 4 && asked[i] != NULL && asked[i] != md; i++)
		;
	if (i < 4 && asked[i] == NULL)
	{
		fetched[i] = EVP_MD_fetch(NULL, EVP_MD_get0_name(md), NULL);
		asked[i] = md;
	}
	if (i < 4 && fetched[i] != NULL)
		md = fetched[i];
#endif
	if (ctx == NULL)
		ctx = EVP_MD_CTX_new();
	if (ctx == NULL || !EVP_DigestInit_ex(ctx, md, NULL) ||
		!EVP_DigestUpdate(ctx, data, len) || !EVP_DigestFinal_ex(ctx, out, outlen))
		EVP_Digest(data, len, out, outlen, md, NULL);
}

/*
 * The hash prefix (parts[0]) into at: the digest of the bytes it covers, raw or as hex
 * digits, cut to its width.  -1 and *error when a column it covers cannot be encoded.
 */
static int
hash_prefix(const rk_layout *l, const rk_value *values, char *at, const char **error)
{
	part	   *p = l->parts[0];
	buf			in = {0};
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen;
	int			k;

	hbase_rk_errpart = 0;
	if (hash_input(l, p, values, &in, error) < 0)
		return -1;
	digest(p->md, in.data ? in.data : "", in.len, md, &mdlen);
	hbase_rk_buf_free(&in);
	if (p->raw)
		memcpy(at, md, p->width);
	else
	{
		static const char hexd[] = "0123456789abcdef";
		char		hx[2 * EVP_MAX_MD_SIZE];

		for (k = 0; k < (int) mdlen; k++)
		{
			hx[2 * k] = hexd[md[k] >> 4];
			hx[2 * k + 1] = hexd[md[k] & 15];
		}
		memcpy(at, hx, p->width);
	}
	return 0;
}

/*
 * The key (or its first limit parts, when limit >= 0): the parts written in order, each column
 * part refused when its bytes hold the delimiter that follows it (decoding would cut there),
 * an optional group refused when it writes nothing (it would read back as absent); the salt
 * or hash prefix is a placeholder until the bytes it covers are known good, then filled in.
 * bucket >= 0: the salt is that bucket whatever its kind (a scan over every bucket);
 * otherwise it is computed, which for a Phoenix salt needs the whole key.
 */
static int
encode_internal(const rk_layout *l, const rk_value *values, int limit, int bucket,
				int random_bucket, char **out, const char **error)
{
	buf			b = {0};
	int			i;
	int			salt_at = -1;
	int			hash_at = -1;
	int			stop;
	int			group_start = -1;	/* output offset where an optional group began */
	int			group_col = -1;

	*error = NULL;
	*out = NULL;
	hbase_rk_errpart = -1;

	stop = key_stop(l, values, limit, error);
	if (stop < 0)
		goto fail;

	for (i = 0; i < stop; i++)
	{
		part	   *p = l->parts[i];

		/*
		 * A group may write nothing before a later one only by a NULL in a
		 * nullable part (a value of no bytes is refused below), which the
		 * later group's delimiter ends; the last one must write something
		 */
		if (p->optional)
		{
			group_start = (int) b.len;
			group_col = -1;
		}
		if (p->kind == RK_PART_COLUMN && group_start >= 0 && group_col < 0)
			group_col = p->pl.column;
		hbase_rk_errpart = i;

		switch (p->kind)
		{
			case RK_PART_LITERAL:
				hbase_rk_buf_append(&b, p->lit, p->litlen);
				break;
			case RK_PART_COLUMN:
				{
					size_t		before = b.len;

					/* a NULL before a later group: no bytes, and "\x00" for a "\xff" after it */
					if (values[p->pl.column].isnull)
					{
						if (p->null_sep && i + 1 < stop)
						{
							hbase_rk_buf_append(&b, "\0", 1);
							i++;
						}
						break;
					}
					if (run_pipeline(l, &p->pl, &values[p->pl.column], &b, error, NULL) < 0)
						goto fail;
					/* no bytes in a nullable part read back as NULL */
					if (p->nullable && b.len == before)
					{
						group_col = p->pl.column;
						goto empty_group;
					}
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
								*error = hbase_rk_fmt_error("value of column \"%s\" contains the delimiter \"%.*s\" that follows it in the key",
												   l->columns[p->pl.column].name, (int) d->litlen, d->lit);
								goto fail;
							}
					}
					break;
				}
			case RK_PART_SALT:
			case RK_PART_HASH:
				/* filled in below, once the parts it covers are known good */
				if (p->kind == RK_PART_SALT)
					salt_at = (int) b.len;
				else
					hash_at = (int) b.len;
				hbase_rk_buf_reserve(&b, p->width);
				memset(b.data + b.len, 0, p->width);
				b.len += p->width;
				break;
		}
	}

	if (group_start >= 0 && b.len == (size_t) group_start)
		goto empty_group;

	if (hash_at >= 0 && hash_prefix(l, values, b.data + hash_at, error) < 0)
		goto fail;

	if (salt_at >= 0)
	{
		part	   *p = l->parts[0];
		int			sb = bucket;

		hbase_rk_errpart = 0;
		if (sb == RK_BUCKET_COMPUTE && p->salt == SALT_PHOENIX && stop < l->nparts && limit >= 0)
		{
			*error = hbase_rk_fmt_error("a Phoenix salt is computed over the whole key");
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
		hbase_rk_buf_reserve(&b, 1);
	*out = b.data;
	hbase_rk_errpart = -1;
	return (int) b.len;

empty_group:
	*error = hbase_rk_fmt_error("empty value of key column \"%s\" would read back as NULL",
					   group_col >= 0 ? l->columns[group_col].name : "?");
fail:
	hbase_rk_buf_free(&b);
	return -1;
}
