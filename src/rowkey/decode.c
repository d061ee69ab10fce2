/*
 * rowkey/decode.c: keys into values.  Parts are cut by their widths and delimiters, and each
 * column part's pipeline is run backwards (unrun_pipeline), accepting only the bytes the
 * encoder writes (a key that reads as other values would make a Get miss its row); a salt or
 * hash prefix must be the one the decoded values give.
 */
#include <stdio.h>
#include <string.h>

#include "rowkey_int.h"

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

/* the value a pipeline is undoing: bytes, or a number once an encoding is undone */
typedef struct dcur
{
	buf			b;
	int64_t		i;
	double		f;
	int			isnum;			/* i (or f) holds the value */
} dcur;

/*
 * The ops on bytes undone (unrun_pipeline): padding taken off, characters
 * reversed back (only UTF-8 reads back), DESC's and a sortable sign's bits
 * flipped back.
 */
static int
undo_bytes_op(const pipeline *pl, int k, dcur *d, const rk_column *col, const char **error)
{
	const op   *o = &pl->ops[k];

	switch (o->kind)
	{
		case OP_REVERSE:
			/* only UTF-8 reads back as what it was written from */
			if (!hbase_rk_utf8_valid((const unsigned char *) d->b.data, d->b.len))
			{
				*error = hbase_rk_fmt_error("the reversed characters of column \"%s\" are not UTF-8",
											col->name);
				return -1;
			}
			hbase_rk_reverse_chars(d->b.data, d->b.len);
			break;
		case OP_LPAD:
			{
				size_t		s = 0;

				while (s < d->b.len && d->b.data[s] == o->pad)
					s++;
				/* "0000" is the number 0 */
				if (s == d->b.len && pl->padded_dec && d->b.len > 0)
					s--;
				memmove(d->b.data, d->b.data + s, d->b.len - s);
				d->b.len -= s;
				d->b.data[d->b.len] = '\0';
				break;
			}
		case OP_RPAD:
			while (d->b.len > 0 && d->b.data[d->b.len - 1] == o->pad)
				d->b.len--;
			d->b.data[d->b.len] = '\0';
			break;
		case OP_DESC:
			hbase_rk_flip_bytes(d->b.data, d->b.len);
			break;
		case OP_SORTABLE:
			{
				unsigned char *u = (unsigned char *) d->b.data;
				size_t		j;

				/*
				 * Phoenix's DOUBLE/FLOAT: one less first (wrapping as Java
				 * does)
				 */
				if (o->phoenix)
					for (j = d->b.len; j-- > 0;)
						if (u[j]-- != 0)
							break;
				if (o->isfloat && !(u[0] & 0x80))
					hbase_rk_flip_bytes(d->b.data, d->b.len);
				else
					u[0] ^= 0x80;
				break;
			}
		default:
			break;
	}
	return 0;
}

/*
 * OP_DEC_MS undone: a timestamp's milliseconds as a decimal's text (a
 * Phoenix index's DECIMAL of a TIMESTAMP) back to its microseconds.  A
 * fraction finer than a microsecond (Phoenix's nanoseconds) is refused, as
 * a TIMESTAMP cell's is (PostgreSQL keeps microseconds; never rounded), and
 * so is a text not in the form the encoder writes.
 */
static int
undo_dec_ms(dcur *d, const rk_column *col, const char **error)
{
	const char *s = d->b.data ? d->b.data : "";
	size_t		n = d->b.len,
				i = 0;
	int			neg = n > 0 && s[0] == '-';
	uint64_t	ms = 0;
	uint64_t	frac = 0;
	int			nfrac = 0;
	char		canon[32];

	i = neg;
	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
	{
		if (ms > (UINT64_MAX / 10 - 9) / 1000)
			goto bad;
		ms = ms * 10 + (uint64_t) (s[i] - '0');
	}
	if (i < n && s[i] == '.')
		for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++, nfrac++)
		{
			if (nfrac >= 3)
			{
				*error = hbase_rk_fmt_error("the milliseconds %.*s of column \"%s\" are finer than a microsecond, which a timestamp keeps",
											(int) (n > 40 ? 40 : n), s, col->name);
				return -1;
			}
			frac = frac * 10 + (uint64_t) (s[i] - '0');
		}
	if (i != n || n == (size_t) neg)
		goto bad;
	for (; nfrac < 3; nfrac++)
		frac *= 10;
	if (ms * 1000 + frac > (uint64_t) INT64_MAX)
		goto bad;
	d->i = (int64_t) (ms * 1000 + frac);
	if (neg)
		d->i = -d->i;
	/* only the form the encoder writes: another would be another key */
	if (hbase_rk_format_dec_ms(canon, d->i) != (int) n || memcmp(canon, s, n) != 0)
		goto bad;
	d->isnum = 1;
	return 0;
bad:
	*error = hbase_rk_fmt_error("\"%.*s\" is not the milliseconds of a timestamp for column \"%s\"",
								(int) (n > 40 ? 40 : n), s, col->name);
	return -1;
}

/*
 * The encoding into bytes undone, refusing bytes the encoder would not have
 * written (a decimal not in canonical form, a date not matching its
 * pattern, a Phoenix TIMESTAMP finer than a microsecond): the inverse of
 * encode.c's encode_op, case by case.
 */
static int
undo_encode_op(const pipeline *pl, int k, dcur *d, const rk_column *col, const char **error)
{
	const op   *o = &pl->ops[k];

	switch (o->kind)
	{
		case OP_DEC:
			{
				char		canon[24];

				if (parse_int(d->b.data, d->b.len, &d->i) < 0)
				{
					*error = hbase_rk_fmt_error("\"%.*s\" is not a number for column \"%s\"",
												(int) (d->b.len > 40 ? 40 : d->b.len), d->b.data, col->name);
					return -1;
				}

				/*
				 * Only the form the encoder writes ("7", not "007", "+7" or a
				 * zero-padded "-7"): another would read as a value whose key
				 * is not this one, and a Get for it would miss the row.
				 */

				/*
				 * as the encoder writes it: Long.MAX_VALUE - x with all 19
				 * digits
				 */
				hbase_rk_format_dec(canon, d->i, k > 0 && pl->ops[k - 1].kind == OP_INVERT);
				if (strlen(canon) != d->b.len || memcmp(canon, d->b.data, d->b.len) != 0 ||
					(d->i < 0 && pl->padded_dec))
				{
					*error = hbase_rk_fmt_error("\"%.*s\" is not how column \"%s\" is written in the key",
												(int) (d->b.len > 40 ? 40 : d->b.len), d->b.data, col->name);
					return -1;
				}
				d->isnum = 1;
				break;
			}
		case OP_DEC_MS:
			if (undo_dec_ms(d, col, error) < 0)
				return -1;
			break;
		case OP_DATEFMT:
			if (hbase_rk_parse_date(o->pattern, d->b.data, d->b.len, &d->i) < 0)
			{
				*error = hbase_rk_fmt_error("\"%.*s\" does not match the date pattern \"%s\" of column \"%s\"",
											(int) (d->b.len > 40 ? 40 : d->b.len), d->b.data, o->pattern, col->name);
				return -1;
			}
			if (col->type == RK_DATE)
			{
				if (d->i % USECS_PER_DAY != 0)
				{
					*error = hbase_rk_fmt_error("\"%.*s\" has a time of day but column \"%s\" is a date",
												(int) d->b.len, d->b.data, col->name);
					return -1;
				}
				d->i /= USECS_PER_DAY;
			}
			d->isnum = 1;
			break;
		case OP_PHX_DECIMAL:
			{
				char		txt[RK_DEC_TEXT_MAX];
				int			n = hbase_rk_phoenix_decimal_text((const unsigned char *) d->b.data, d->b.len, txt);

				if (n < 0)
				{
					*error = hbase_rk_fmt_error("the bytes of column \"%s\" are not a Phoenix DECIMAL", col->name);
					return -1;
				}
				d->b.len = 0;
				hbase_rk_buf_append(&d->b, txt, n);
				break;
			}
		case OP_PHX_TS:
			{
				const unsigned char *u = (const unsigned char *) d->b.data;
				uint64_t	msu;
				uint32_t	nanos;
				int64_t		ms;

				if (d->b.len != 12)
				{
					*error = hbase_rk_fmt_error("column \"%s\" needs the 12 bytes of a Phoenix TIMESTAMP", col->name);
					return -1;
				}
				msu = hbase_rk_be_value(u, 8);
				nanos = (uint32_t) hbase_rk_be_value(u + 8, 4);
				ms = (int64_t) (msu ^ (o->isunsigned ? 0 : UINT64_C(1) << 63));
				if (o->isunsigned && ms < 0)
				{
					*error = hbase_rk_fmt_error("the Phoenix UNSIGNED_TIMESTAMP of column \"%s\" is out of range", col->name);
					return -1;
				}

				/*
				 * a timestamp keeps microseconds: finer nanoseconds would not
				 * read back
				 */
				if (nanos >= 1000000 || nanos % 1000 != 0)
				{
					*error = hbase_rk_fmt_error("the Phoenix TIMESTAMP of column \"%s\" has %u nanoseconds within its millisecond: a timestamp keeps whole microseconds",
												col->name, (unsigned) nanos);
					return -1;
				}

				/*
				 * the microseconds must fit: up to Long.MAX_VALUE
				 * (294247-01-10) exactly
				 */
				{
					__int128	us = (__int128) ms * 1000 + nanos / 1000;

					if (us > INT64_MAX || us < INT64_MIN)
					{
						*error = hbase_rk_fmt_error("the Phoenix TIMESTAMP of column \"%s\" is out of range", col->name);
						return -1;
					}
					d->i = (int64_t) us;
				}
				d->isnum = 1;
				break;
			}
		case OP_BIN_INT:
			{
				const unsigned char *p = (const unsigned char *) d->b.data;
				int			len = (int) d->b.len;

				/*
				 * an unsigned 8-byte value above Long.MAX_VALUE fits no
				 * bigint
				 */
				if (o->isunsigned && d->b.len == 8 && (d->b.data[0] & 0x80))
				{
					*error = hbase_rk_fmt_error("unsigned value of column \"%s\" is above 9223372036854775807",
												col->name);
					return -1;
				}

				d->i = o->isunsigned ? (int64_t) hbase_rk_be_value(p, len) :
					hbase_rk_be_signed(p, len);
				d->isnum = 1;
				break;
			}
		case OP_BIN_FLOAT:
			{
				uint64_t	u = hbase_rk_be_value((const unsigned char *) d->b.data,
												  (int) d->b.len);

				if (o->width == 4)
				{
					uint32_t	u32 = (uint32_t) u;
					float		fl;

					memcpy(&fl, &u32, 4);
					d->f = fl;
				}
				else
					memcpy(&d->f, &u, 8);
				if (o->isunsigned && d->f < 0)
				{
					*error = hbase_rk_fmt_error("the Phoenix %s of column \"%s\" is negative",
												o->width == 4 ? "UNSIGNED_FLOAT" : "UNSIGNED_DOUBLE", col->name);
					return -1;
				}
				d->isnum = 1;
				break;
			}
		default:
			break;
	}
	return 0;
}

/*
 * The ops on the value as a number undone (reversed bits, Long.MAX_VALUE -
 * x, epoch units), refusing a value out of range.
 */
static int
undo_value_op(const pipeline *pl, int k, dcur *d, const rk_column *col, const char **error)
{
	const op   *o = &pl->ops[k];

	switch (o->kind)
	{
		case OP_BITREV:
			d->i = (int64_t) bitrev64((uint64_t) d->i);
			break;
		case OP_INVERT:
			if (d->i < 0)
			{
				*error = hbase_rk_fmt_error("inverted value %lld of column \"%s\" is negative", (long long) d->i, col->name);
				return -1;
			}
			d->i = INT64_MAX - d->i;
			break;
		case OP_EPOCH_S:
		case OP_EPOCH_MS:
			{
				int64_t		unit = o->kind == OP_EPOCH_S ? 1000000 : 1000;

				if (col->type == RK_DATE)
				{
					int64_t		perday = USECS_PER_DAY / unit;

					if (d->i % perday != 0)
					{
						*error = hbase_rk_fmt_error("epoch value of column \"%s\" is not a whole day", col->name);
						return -1;
					}
					d->i /= perday;
					break;
				}
				if (d->i > INT64_MAX / unit || d->i < INT64_MIN / unit)
				{
					*error = hbase_rk_fmt_error("epoch value %lld of column \"%s\" is out of range", (long long) d->i, col->name);
					return -1;
				}
				d->i *= unit;
				break;
			}
		default:
			break;
	}
	return 0;
}

/*
 * Run a pipeline backwards over the part's bytes into *v: the ops in reverse
 * order, each the inverse of its case in encode.c (undo_bytes_op,
 * undo_encode_op, undo_value_op), refusing bytes that op would not have
 * written, since a key that decodes to other values than its own would make
 * a Get or a range miss the row; then the value checked against the
 * column's type (a boolean other than 0 or 1, an integer out of range).
 */
static int
unrun_pipeline(const rk_layout *l, const pipeline *pl, const char *bytes, size_t len,
			   rk_value *v, const char **error)
{
	const rk_column *col = &l->columns[pl->column];
	dcur		d;
	int			k;

	memset(&d, 0, sizeof(d));
	hbase_rk_buf_append(&d.b, bytes, len);
	if (d.b.data == NULL)
		hbase_rk_buf_reserve(&d.b, 1);

	for (k = pl->nops - 1; k >= 0; k--)
	{
		int			r;

		switch (hbase_rk_op_step(pl->ops[k].kind))
		{
			case STEP_VALUE:
				r = undo_value_op(pl, k, &d, col, error);
				break;
			case STEP_BYTES:
				r = undo_bytes_op(pl, k, &d, col, error);
				break;
			default:
				r = undo_encode_op(pl, k, &d, col, error);
				break;
		}
		if (r < 0)
			goto fail;
	}

	memset(v, 0, sizeof(*v));
	switch (col->type)
	{
		case RK_INT:
			{
				int64_t		lo = col->width == 2 ? INT16_MIN : col->width == 4 ? INT32_MIN : INT64_MIN;
				int64_t		hi = col->width == 2 ? INT16_MAX : col->width == 4 ? INT32_MAX : INT64_MAX;

				if (!d.isnum || d.i < lo || d.i > hi)
				{
					*error = hbase_rk_fmt_error("value %lld is out of range for column \"%s\"", (long long) d.i, col->name);
					goto fail;
				}
				v->i = d.i;
				break;
			}
		case RK_FLOAT:
			v->f = d.f;
			break;
		case RK_DATE:
		case RK_TIMESTAMP:
			v->i = d.i;
			break;
		case RK_BOOL:
			/* only the bytes boolean() writes: another would miss its Get */
			if (!d.isnum || (d.i != 0 && d.i != 1))
			{
				*error = hbase_rk_fmt_error("byte %lld is not a boolean for column \"%s\" (0x00 or 0x01)",
											(long long) d.i, col->name);
				goto fail;
			}
			v->i = d.i;
			break;
		case RK_TEXT:
		case RK_BYTES:
		case RK_NUMERIC:
			v->s = d.b.data;
			v->len = d.b.len;
			return 0;			/* d.b's memory goes with the value */
		case RK_OTHER:
			break;
	}
	hbase_rk_buf_free(&d.b);
	return 0;

fail:
	hbase_rk_buf_free(&d.b);
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
		*error = hbase_rk_fmt_error("its salt is not one of the %d buckets", p->buckets);
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
		*error = hbase_rk_fmt_error("its %s prefix \"%.*s\" is not the one its fields give",
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

/*
 * A key cut into its parts: a fixed-width part takes its width, a variable one runs to the
 * next literal delimiter (or the key's end, where an optional group may follow), the key may
 * stop before an optional group, and each column part's bytes are decoded; then the salt or
 * hash prefix must be the one the values give.  An error names the part (hbase_rk_error_part).
 */
int
hbase_rk_decode_parts(const rk_layout *l, const char *key, size_t keylen, rk_value *values,
					  long *bounds, const char **error)
{
	size_t		pos = 0;
	int			i;
	int			null_sep = 0;	/* the part before was a NULL with "\x00" after it */
	int			last_group = -1;	/* the last optional group the key holds */

	*error = NULL;
	hbase_rk_errpart = -1;
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

		hbase_rk_errpart = i;
		if (p->optional && pos == keylen)
			break;				/* the key stops before an optional group */
		if (p->optional)
			last_group = i;

		if (p->kind == RK_PART_LITERAL && null_sep)
		{
			/* the "\xff" after a NULL is "\x00" (see below) */
			null_sep = 0;
			if (pos >= keylen || key[pos] != '\0')
			{
				*error = hbase_rk_fmt_error("the key has no delimiter \\x00 after the NULL of part %d", i);
				return -1;
			}
			if (bounds)
			{
				bounds[2 * i] = (long) pos;
				bounds[2 * i + 1] = (long) pos + 1;
			}
			pos++;
			continue;
		}
		if (p->null_sep && pos < keylen && key[pos] == '\0')
		{
			/*
			 * A NULL before a later group: no bytes, then "\x00" where a
			 * value has "\xff" (the inverted bytes of desc(text) never start
			 * with 0x00; Phoenix's RowKeySchema.next reads it so)
			 */
			null_sep = 1;
			end = pos;
		}
		else if (p->width >= 0)
		{
			if (pos + p->width > keylen)
			{
				*error = hbase_rk_fmt_error("the key ends inside part %d \"%s\"", i + 1, p->text);
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
				*error = hbase_rk_fmt_error("the key has no delimiter %s after part %d \"%s\"",
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
					*error = hbase_rk_fmt_error("the key does not have the literal \"%.*s\" of part %d",
									   (int) p->litlen, p->lit, i + 1);
					return -1;
				}
				break;
			case RK_PART_COLUMN:
				/* no bytes in a nullable part: NULL ("\x00" after it, if "\xff" after a value) */
				if (p->nullable && end == pos && p->null_sep && !null_sep)
				{
					*error = hbase_rk_fmt_error("the key has an empty part %d \"%s\" before \\xff, which is no value",
												i + 1, p->text);
					return -1;
				}
				if (p->nullable && end == pos)
					break;
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
	/* the key ends after the last group holding a value: a key of NULLs there is none's */
	if (last_group >= 0)
	{
		int			j;
		int			set = 0;

		for (j = last_group; j < l->nparts && (j == last_group || !l->parts[j]->optional); j++)
			if (l->parts[j]->kind == RK_PART_COLUMN && !values[l->parts[j]->pl.column].isnull)
				set = 1;
		if (!set)
		{
			hbase_rk_errpart = last_group;
			*error = hbase_rk_fmt_error("the key ends with the optional group of part %d, which holds no value",
										last_group + 1);
			return -1;
		}
	}
	if (pos != keylen && !(l->extra_ok && i == l->nparts))
	{
		hbase_rk_errpart = l->nparts - 1;
		*error = hbase_rk_fmt_error("the key has %zu bytes more than the layout describes", keylen - pos);
		return -1;
	}
	/*
	 * A key longer than the layout (extra_ok: a Phoenix view's row) has its
	 * salt computed over all of its bytes, which the values do not give
	 */
	if (pos == keylen && verify_prefix(l, key, keylen, values, error) < 0)
	{
		hbase_rk_errpart = 0;
		return -1;
	}
	hbase_rk_errpart = -1;
	return 0;
}
