/*
 * rowkey/infer.c: the rowkey layout of a table, inferred from a sample of its
 * keys (hbase_rk_infer) and a declared layout checked against one
 * (hbase_rk_check_keys).  Pure C over the codec: no PostgreSQL header.
 *
 * Inference proposes layouts in the codec's own grammar and keeps only those
 * the codec proves: every sampled key decodes, and its values encode back to
 * the very same bytes (so a hash prefix or a salt byte is recomputed from the
 * fields on every key).  How candidates are found:
 *   1. a prefix: a hex or raw md5/sha1/sha256 prefix of any length whose
 *      digest of the bytes after it (which bytes: found) is the prefix on
 *      every key; else a salt (a byte, 1-2 decimal or hex digits, a letter:
 *      Phoenix's hash of the rest, javahash of one field, OpenTSDB's
 *      arrays_hash of all fields but one, or random), its bucket count the
 *      smallest one every key agrees with;
 *   2. the body after it: split at a delimiter (| _ # : - , \x00) found the
 *      same number of times in every key (one more group in some: an
 *      optional trailing group), or cut by byte classes when the keys have
 *      one or two lengths (two: an optional trailing group): digit runs
 *      searched for dates (yyyyMMdd[HH[mm[ss[SSS]]]]), epoch seconds and
 *      milliseconds of plausible years and Long.MAX_VALUE - x inverted
 *      times, the rest zero-padded numbers (reversed ones when their last
 *      digit is constant and their first is not); binary runs searched for
 *      8-byte epoch_ms longs, inverted longs and 4-byte epoch seconds, the
 *      rest big-endian longs/ints, OpenTSDB's 3-byte uids, sign-flipped
 *      (sortable) numbers, bit-reversed longs; text padded with NULs.  The
 *      first digit and binary runs also try their other time placements
 *      (alternatives, ranked like the rest).
 * Each candidate needs evidence besides round-tripping (anything does as
 * one raw part): a verified prefix, a date or time, a zero-padded number, a
 * small binary number, a delimited structure with a typed field.  Random
 * bytes, uuids and free text have none and stay raw.  The most specific
 * candidate (score: typed parts, fewer parts, computed prefixes) comes
 * first.  Work is bounded: keys of at most 4096 bytes, hashes over at most
 * MAX_HASHED bytes, MAX_TRIES layouts compiled per phase.
 */
#include <stdio.h>
#include <stdlib.h>

#include "rowkey_int.h"

/* plausible times of epoch parts: 2000-01-01 .. 2100-01-01 (seconds) */
#define PLAUSIBLE_S_LO	INT64_C(946684800)
#define PLAUSIBLE_S_HI	INT64_C(4102444800)
#define LONG_MAX_V		INT64_C(9223372036854775807)

/* bytes a hash prefix covers at most; raw hash prefixes are at most this wide */
#define MAX_HASHED		512
#define MAX_RAW_PREFIX	8
/* the most fields one segmentation holds */
#define MAX_FIELDS		48
/* candidates kept while searching, before ranking */
#define MAX_CANDS		64

typedef enum fkind
{
	FK_LIT,						/* constant bytes */
	FK_LPAD,					/* lpad(id, w) */
	FK_DEC,						/* id: decimal, variable width */
	FK_TEXT,					/* k: text, variable width */
	FK_FIXED,					/* fixed(k, w) */
	FK_DATE,					/* date(day|ts, pattern) */
	FK_EPOCH_S,					/* epoch(ts) as decimal */
	FK_EPOCH_MS,				/* epoch_ms(ts) as decimal */
	FK_INV_MS,					/* (Long.MAX_VALUE - epoch_ms(ts)), 19 digits */
	FK_INV_S,					/* (Long.MAX_VALUE - epoch(ts)) */
	FK_REV,						/* reverse(lpad(id, w)) */
	FK_LONG_MS,					/* long(epoch_ms(ts)) */
	FK_LONG_INV_MS,				/* long(Long.MAX_VALUE - epoch_ms(ts)) */
	FK_UINT_S,					/* uint(epoch(ts), 4) */
	FK_LONG,					/* long(id) */
	FK_INT,						/* int(id) */
	FK_SHORT,					/* short(id) */
	FK_UINT,					/* uint(id, w) */
	FK_SORT_LONG,				/* sortable(long(id)) */
	FK_SORT_INT,				/* sortable(int(id)) */
	FK_BYTES,					/* bytes(k, w) */
	FK_RPAD0,					/* rpad(k, w, "\x00"): text padded with NULs */
	FK_BITREV					/* long(bitreverse(id)) */
} fkind;

typedef struct field
{
	fkind		kind;
	int			width;			/* bytes, or -1 variable */
	const char *pattern;		/* FK_DATE */
	char		lit[64];		/* FK_LIT */
	int			litlen;
	int			optional;		/* first field of the optional trailing group */
	int			padded;			/* FK_EPOCH_*: in a run of fixed width (lpad) */
	int			evidence;		/* this field says the key has a structure */
	int			score;
} field;

typedef struct seg
{
	field		f[MAX_FIELDS];
	int			n;
	int			overflow;		/* too many fields: dropped */
} seg;

/* values of one field over the keys that hold it */
typedef struct vals
{
	const unsigned char **p;
	size_t	   *len;
	int			n;
} vals;

/* a layout found, before it is rendered and verified */
typedef struct draft
{
	seg			body;
	/* prefix */
	int			hash_k;			/* hash prefix width, 0: none */
	int			hash_raw;
	const char *hash_fn;		/* "md5", "sha1", "sha256" */
	int			hash_m;			/* body bytes hashed, -1: all of it */
	int			salt;			/* 0 none, 1 phoenix, 2 javahash, 3 arrays, 4 random */
	int			salt_n;
	int			salt_field;		/* javahash: the field; arrays: the field left out */
	int			salt_form;		/* SF_*: how the bucket is written */
	int			salt_w;			/* its width in bytes */
} draft;

/* how a salt's bucket is written: a byte, zero-padded decimal, hex, a letter (a = 0) */
#define SF_BYTE		0
#define SF_DEC		1
#define SF_HEX		2
#define SF_LETTER	3

/* ---------------------------------------------------------------- helpers */

static int
is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

static int
is_print(unsigned char c)
{
	return c >= 0x20 && c < 0x7f;
}

static int
isalnum_c(unsigned char c)
{
	return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int
is_hexl(unsigned char c)
{
	return is_digit(c) || (c >= 'a' && c <= 'f');
}

static void
seg_add(seg *s, fkind kind, int width, int evidence, int score)
{
	field	   *f;

	if (s->n >= MAX_FIELDS)
	{
		s->overflow = 1;
		return;
	}
	f = &s->f[s->n++];
	memset(f, 0, sizeof(*f));
	f->kind = kind;
	f->width = width;
	f->evidence = evidence;
	f->score = score;
}

static void
seg_add_lit(seg *s, const unsigned char *b, int len)
{
	if (len <= 0)
		return;
	if (len > (int) sizeof(s->f[0].lit))
	{
		s->overflow = 1;
		return;
	}
	seg_add(s, FK_LIT, len, 0, 0);
	if (s->overflow)
		return;
	memcpy(s->f[s->n - 1].lit, b, len);
	s->f[s->n - 1].litlen = len;
}

/* the number of the digits at p (at most 18) */
static int64_t
digits_value(const unsigned char *p, int w)
{
	int64_t		v = 0;
	int			i;

	for (i = 0; i < w; i++)
		v = v * 10 + (p[i] - '0');
	return v;
}

/* a 19-digit number, or -1 when it is above Long.MAX_VALUE */
static int64_t
digits19_value(const unsigned char *p)
{
	uint64_t	v = 0;
	int			i;

	for (i = 0; i < 19; i++)
		v = v * 10 + (p[i] - '0');
	return v > (uint64_t) LONG_MAX_V ? -1 : (int64_t) v;
}

static int
plausible_s(int64_t s)
{
	return s >= PLAUSIBLE_S_LO && s < PLAUSIBLE_S_HI;
}

static int
plausible_ms(int64_t ms)
{
	return ms >= PLAUSIBLE_S_LO * 1000 && ms < PLAUSIBLE_S_HI * 1000;
}

/* is p (w digits) a real date-time in pattern yyyyMMdd[HH[mm[ss[SSS]]]] of 1900..2199 */
static int
date_ok(const unsigned char *p, int w)
{
	static const int mdays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	int64_t		y = digits_value(p, 4),
				m,
				d;

	if (y < 1900 || y > 2199)
		return 0;
	m = digits_value(p + 4, 2);
	if (m < 1 || m > 12)
		return 0;
	if (w == 6)
		return 1;
	d = digits_value(p + 6, 2);
	if (d < 1 || d > mdays[m - 1] || (m == 2 && d == 29 && !((y % 4 == 0 && y % 100 != 0) || y % 400 == 0)))
		return 0;
	if (w >= 10 && digits_value(p + 8, 2) > 23)
		return 0;
	if (w >= 12 && digits_value(p + 10, 2) > 59)
		return 0;
	if (w >= 14 && digits_value(p + 12, 2) > 59)
		return 0;
	return 1;
}

/*
 * A date's score: the longer its pattern the likelier (a time of day that
 * checks on every key beats a date and a number of its digits, which would
 * score a zero-padded number more)
 */
static int
date_score(int w)
{
	return 10 + 3 * (w - 8) / 2;
}

static const char *
date_pattern(int w)
{
	switch (w)
	{
		case 6:
			return "yyyyMM";
		case 8:
			return "yyyyMMdd";
		case 10:
			return "yyyyMMddHH";
		case 12:
			return "yyyyMMddHHmm";
		case 14:
			return "yyyyMMddHHmmss";
		case 17:
			return "yyyyMMddHHmmssSSS";
	}
	return NULL;
}

/*
 * Dates written with separators, as applications print them ("2024-03-01",
 * "2024-03-01 10:30:00"): longest first.  Their digits, taken together, are
 * the compact pattern's (date_ok checks the same values).  ISO's "T" is no
 * pattern character of the codec, so such keys stay text.
 */
static const char *const sep_patterns[] = {
	"yyyy-MM-dd HH:mm:ss.SSS", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd",
	"yyyy/MM/dd HH:mm:ss", "yyyy/MM/dd", "yyyy.MM.dd"
};

/* does p (avail bytes) start with a real date-time printed in pattern pat */
static int
sep_date_ok(const unsigned char *p, size_t avail, const char *pat)
{
	unsigned char digits[24];
	int			nd = 0;
	size_t		i,
				w = strlen(pat);

	if (avail < w)
		return 0;
	for (i = 0; i < w; i++)
	{
		int			letter = (pat[i] >= 'a' && pat[i] <= 'z') || (pat[i] >= 'A' && pat[i] <= 'Z');

		if (letter ? !is_digit(p[i]) : p[i] != (unsigned char) pat[i])
			return 0;
		if (letter)
			digits[nd++] = p[i];
	}
	return date_ok(digits, nd);
}

/* the longest separated pattern every value holds at offset off (within w bytes), or NULL */
static const char *
sep_date_fits(const vals *v, int off, size_t w)
{
	size_t		a;
	int			i;

	for (a = 0; a < sizeof(sep_patterns) / sizeof(sep_patterns[0]); a++)
	{
		for (i = 0; i < v->n; i++)
			if (v->len[i] < off + w || !sep_date_ok(v->p[i] + off, w, sep_patterns[a]))
				break;
		if (i == v->n && v->n > 0)
			return sep_patterns[a];
	}
	return NULL;
}

/* the digit anchors tried, most specific first: width and kind */
typedef struct anchor
{
	int			width;
	fkind		kind;
} anchor;

static const anchor digit_anchors[] = {
	{19, FK_INV_MS}, {19, FK_INV_S}, {17, FK_DATE}, {14, FK_DATE}, {12, FK_DATE},
	{10, FK_DATE}, {8, FK_DATE}, {13, FK_EPOCH_MS}, {10, FK_EPOCH_S}
};

/* do all values hold the digit anchor a at offset off */
static int
digit_anchor_fits(const vals *v, int off, anchor a)
{
	int			i;

	for (i = 0; i < v->n; i++)
	{
		const unsigned char *p = v->p[i] + off;
		int64_t		x;

		switch (a.kind)
		{
			case FK_INV_MS:
			case FK_INV_S:
				x = digits19_value(p);
				if (x < 0)
					return 0;
				x = LONG_MAX_V - x;
				if (a.kind == FK_INV_MS ? !plausible_ms(x) : !plausible_s(x))
					return 0;
				break;
			case FK_DATE:
				if (!date_ok(p, a.width))
					return 0;
				break;
			case FK_EPOCH_MS:
				if (p[0] == '0' || !plausible_ms(digits_value(p, 13)))
					return 0;
				break;
			case FK_EPOCH_S:
				if (p[0] == '0' || !plausible_s(digits_value(p, 10)))
					return 0;
				break;
			default:
				return 0;
		}
	}
	return 1;
}

static vals
vals_shift(const vals *v, int off, size_t len, const unsigned char **pbuf, size_t *lbuf)
{
	vals		r;
	int			i;

	for (i = 0; i < v->n; i++)
	{
		pbuf[i] = v->p[i] + off;
		lbuf[i] = len;
	}
	r.p = pbuf;
	r.len = lbuf;
	r.n = v->n;
	return r;
}

/* how many distinct bytes the values have at offset off (capped at 256) */
static int
distinct_at(const vals *v, int off)
{
	unsigned char seen[256];
	int			i,
				n = 0;

	memset(seen, 0, sizeof(seen));
	for (i = 0; i < v->n; i++)
	{
		if (!seen[v->p[i][off]])
			n++;
		seen[v->p[i][off]] = 1;
	}
	return n;
}

/* a run of digits without a date or time in it: a zero-padded number (reversed?) */
static void
digits_number(const vals *v, int off, int w, seg *s)
{
	int			i,
				zeros = 0;

	if (w <= 0)
		return;
	for (i = 0; i < v->n; i++)
		if (v->p[i][off] == '0')
			zeros++;
	if (w > 18)
	{
		seg_add(s, FK_FIXED, w, 0, -2);
		return;
	}
	/* reversed: the last digit constant, the first spread (trailing zeros of lpad, a phone's 1) */
	if (w >= 4 && v->n >= 4 && distinct_at(v, off + w - 1) == 1 && distinct_at(v, off) >= 3)
	{
		seg_add(s, FK_REV, w, 1, 4);
		return;
	}
	/* the same digits in every key say nothing of a number */
	for (i = 1; i < v->n; i++)
		if (memcmp(v->p[i] + off, v->p[0] + off, w) != 0)
			break;
	if (i == v->n && v->n > 1)
	{
		seg_add(s, FK_LPAD, w, 0, 0);
		return;
	}
	/* a leading zero is padding only in a field of two digits or more */
	if (w < 2)
		zeros = 0;
	seg_add(s, FK_LPAD, w, zeros > 0, zeros > 0 ? 4 : 2);
}

/*
 * A run of digits [off, off+w) of every value: the first date or time
 * (most specific kind first, then leftmost) and the runs around it,
 * recursively; what holds none is a number.
 */
static void
split_digits(const vals *v, int off, int w, seg *s, int depth, int alt)
{
	size_t		a;
	int			o,
				pass,
				found = 0;

	if (w <= 0)
		return;
	/* the alt-th placement (when there are that many), else the first */
	for (pass = 0; pass < 2; pass++)
	for (a = 0; depth < 8 && a < sizeof(digit_anchors) / sizeof(digit_anchors[0]); a++)
	{
		anchor		an = digit_anchors[a];

		for (o = 0; o + an.width <= w; o++)
		{
			/* a one-digit number beside a time is rather a time that is not one */
			if (o == 1 || w - o - an.width == 1)
				continue;
			if (!digit_anchor_fits(v, off + o, an))
				continue;
			if (pass == 0 && found++ < alt)
				continue;
			split_digits(v, off, o, s, depth + 1, 0);
			/*
			 * 19 digits of 922337... are surely inverted; a real date on
			 * every key is hardly chance; any 10 digits from 1 to 4 are
			 * epoch seconds of 2000-2099
			 */
			seg_add(s, an.kind, an.width, 1,
					an.kind == FK_INV_MS || an.kind == FK_INV_S ? 12 :
					an.kind == FK_DATE ? date_score(an.width) : 6);
			if (an.kind == FK_DATE && !s->overflow)
				s->f[s->n - 1].pattern = date_pattern(an.width);
			if (!s->overflow)
				s->f[s->n - 1].padded = 1;
			split_digits(v, off + o + an.width, w - o - an.width, s, depth + 1, 0);
			return;
		}
	}
	digits_number(v, off, w, s);
}

/* binary anchors: 8-byte epoch_ms long, 8-byte inverted one, 4-byte epoch seconds */
static int
bin_anchor_fits(const vals *v, int off, fkind kind, int *hourly)
{
	int			i;

	*hourly = 1;
	for (i = 0; i < v->n; i++)
	{
		int64_t		x = (int64_t) hbase_rk_be_value(v->p[i] + off, kind == FK_UINT_S ? 4 : 8);

		if (kind == FK_LONG_INV_MS)
			x = x < 0 ? -1 : LONG_MAX_V - x;
		/* 4-byte seconds: before 2038, else a sign-flipped int (0x80...) reads as one */
		if (kind == FK_UINT_S ? !plausible_s(x) || x > INT32_MAX : !plausible_ms(x))
			return 0;
		if (kind == FK_UINT_S && x % 3600 != 0)
			*hourly = 0;
	}
	return 1;
}

/* binary bytes without a time in them: numbers by width */
static void
binary_numbers(const vals *v, int off, int w, seg *s)
{
	int			i,
				small = 1,
				flipped = 1;

	if (w <= 0)
		return;
	for (i = 0; i < v->n; i++)
	{
		if (v->p[i][off] != 0)
			small = 0;
		if (v->p[i][off] != 0x80)
			flipped = 0;
	}
	if (w == 8)
	{
		int			low0 = 1;

		/* a small number's bits reversed: the low byte is zero, the top one not */
		for (i = 0; i < v->n; i++)
			if (v->p[i][off + 7] != 0)
				low0 = 0;
		if (low0 && !small && !flipped)
		{
			seg_add(s, FK_BITREV, 8, 1, 3);
			return;
		}
	}
	if (w == 8 || w == 4)
	{
		if (flipped)
			seg_add(s, w == 8 ? FK_SORT_LONG : FK_SORT_INT, w, 1, 4);
		else
			seg_add(s, w == 8 ? FK_LONG : FK_INT, w, small, small ? 3 : 0);
		return;
	}
	if (w == 2)
	{
		seg_add(s, FK_SHORT, 2, small, small ? 2 : 0);
		return;
	}
	if (w % 3 == 0 && w > 3 && w <= 24)
	{
		/* OpenTSDB's 3-byte uids */
		for (i = 0; i < w; i += 3)
			binary_numbers(v, off + i, 3, s) ;
		return;
	}
	if (w <= 7)
	{
		seg_add(s, FK_UINT, w, small, small ? 3 : 0);
		return;
	}
	seg_add(s, FK_BYTES, w, 0, -2);
}

/* uint of 3 bytes is binary_numbers' own width: handled here without recursing forever */
static void
binary_run(const vals *v, int off, int w, seg *s, int alt, int depth)
{
	static const fkind kinds[] = {FK_LONG_MS, FK_LONG_INV_MS, FK_UINT_S};
	int			k,
				o,
				found = 0;

	if (w <= 0)
		return;
	if (w == 3)
	{
		int			small = 1,
					i;

		for (i = 0; i < v->n; i++)
			if (v->p[i][off] != 0)
				small = 0;
		seg_add(s, FK_UINT, 3, small, small ? 3 : 0);
		return;
	}
	for (o = 0; depth < 8 && o < w; o++)
		for (k = 0; k < 3; k++)
		{
			int			aw = kinds[k] == FK_UINT_S ? 4 : 8,
						hourly;

			if (o + aw > w || !bin_anchor_fits(v, off + o, kinds[k], &hourly))
				continue;
			/* the alt-th anchor of the top level, the first one below it */
			if (depth == 0 && found++ < alt)
				continue;
			binary_run(v, off, o, s, 0, depth + 1);
			seg_add(s, kinds[k], aw, 1, hourly ? 16 : 9);
			binary_run(v, off + o + aw, w - o - aw, s, 0, depth + 1);
			return;
		}
	if (depth == 0 && alt > 0)
	{
		s->overflow = 1;		/* no such alternative */
		return;
	}
	binary_numbers(v, off, w, s);
}

/*
 * Where text padded with NULs that starts at off ends: every value printable
 * from off, then only NULs up to the end (the first key's), some value
 * padded; off when it is no such region.  The end is the smallest over the
 * values (a field after it may start with zero bytes, which would run on).
 */
static int
rpad0_end(const vals *v, int off, int w)
{
	int			i,
				end = w,
				padded = 0;

	for (i = 0; i < v->n; i++)
	{
		int			j = off;

		while (j < w && is_print(v->p[i][j]))
			j++;
		if (j < w && v->p[i][j] == 0)
			padded = 1;
		while (j < w && v->p[i][j] == 0)
			j++;
		if (j < end)
			end = j;
	}
	if (!padded || end - off < 2)
		return off;
	/* every value: printable, then NULs up to end */
	for (i = 0; i < v->n; i++)
	{
		int			j = off;

		while (j < end && is_print(v->p[i][j]))
			j++;
		if (j == off)
			return off;
		while (j < end && v->p[i][j] == 0)
			j++;
		if (j != end)
			return off;
	}
	for (i = 0; i < v->n; i++)
		if (v->p[i][end - 1] == 0)
			return end;
	return off;
}

/* byte classes of a fixed-width region */
#define C_DIGIT	1
#define C_PRINT	2
#define C_BIN	3

/*
 * The fields of the bytes [0, w) that every value has (fixed-width keys, or
 * their common part): positions classed as digits, printable or binary in
 * every value; short printable gaps inside binary are binary (a long's low
 * bytes may all be printable in a small sample); constant printable runs are
 * literals; a last run of printable bytes may go on (varlast: the values are
 * longer, it is the last field).
 */
static void
split_fixed(const vals *v, int w, seg *s, int alt, int varlast)
{
	int		   *cls = rk_alloc(sizeof(int) * (w + 1));
	int			j,
				i,
				start,
				bins_seen = 0,
				digits_seen = 0;

	for (j = 0; j < w; j++)
	{
		int			d = 1,
					p = 1;

		for (i = 0; i < v->n; i++)
		{
			unsigned char c = v->p[i][j];

			if (!is_digit(c))
				d = 0;
			if (!is_print(c))
				p = 0;
		}
		cls[j] = d ? C_DIGIT : p ? C_PRINT : C_BIN;
	}
	/* gaps of up to 3 non-binary positions between binary ones are binary */
	for (j = 0; j < w; j++)
		if (cls[j] == C_BIN)
		{
			int			k = j + 1;

			while (k < w && cls[k] != C_BIN && k - j <= 3)
				k++;
			if (k < w && cls[k] == C_BIN)
				for (i = j + 1; i < k; i++)
					cls[i] = C_BIN;
		}
	for (start = 0; start < w;)
	{
		int			end;
		int			last;

		/* text padded with NULs to a width (Pinpoint's agent ids) */
		if (cls[start] == C_PRINT && (end = rpad0_end(v, start, w)) > start)
		{
			seg_add(s, FK_RPAD0, end - start, 1, 2);
			start = end;
			continue;
		}
		/* a date printed with separators ("2024-03-01 10:30:00") */
		if (cls[start] == C_DIGIT && (start == 0 || cls[start - 1] != C_DIGIT))
		{
			const char *pat = sep_date_fits(v, start, (size_t) (w - start));

			if (pat)
			{
				int			pw = (int) strlen(pat);

				seg_add(s, FK_DATE, pw, 1, 10 + pw / 2);
				if (!s->overflow)
					s->f[s->n - 1].pattern = pat;
				start += pw;
				continue;
			}
		}
		end = start + 1;
		while (end < w && cls[end] == cls[start])
			end++;
		last = end == w;
		if (cls[start] == C_DIGIT && !(last && varlast))
		{
			split_digits(v, start, end - start, s, 0, digits_seen == 0 ? alt : 0);
			digits_seen++;
		}
		else if (cls[start] == C_BIN)
		{
			binary_run(v, start, end - start, s, bins_seen == 0 ? alt : 0, 0);
			bins_seen++;
		}
		else if (last && varlast)
			seg_add(s, cls[start] == C_DIGIT ? FK_DEC : FK_TEXT, -1, 0, -1);
		else
		{
			/* printable: constant stretches are literals, the rest fixed text */
			int			a = start;

			while (a < end)
			{
				int			b;
				int			cst = 1;

				for (i = 1; i < v->n; i++)
					if (v->p[i][a] != v->p[0][a])
						cst = 0;
				b = a + 1;
				while (b < end)
				{
					int			c2 = 1;

					for (i = 1; i < v->n; i++)
						if (v->p[i][b] != v->p[0][b])
							c2 = 0;
					if (c2 != cst)
						break;
					b++;
				}
				if (cst && v->n > 1)
					seg_add_lit(s, v->p[0] + a, b - a);
				else
					seg_add(s, FK_FIXED, b - a, 0, -2);
				a = b;
			}
		}
		start = end;
	}
	rk_dealloc(cls);
}

/*
 * One field of variable width (between delimiters, or last): a constant is
 * a literal; digits a date or time when every value is exactly one, else a
 * zero-padded number (one width, a leading zero seen) or a decimal (no
 * leading zeros) or text; anything else text.
 */
static void
var_field(const vals *v, seg *s)
{
	int			i,
				j,
				digits = 1,
				same = 1,
				lead0 = 0,
				cst = 1;
	size_t		w = v->len[0];

	for (i = 0; i < v->n; i++)
	{
		if (v->len[i] != w)
			same = 0;
		if (v->len[i] == 0)
			digits = 0;
		for (j = 0; j < (int) v->len[i]; j++)
			if (!is_digit(v->p[i][j]))
				digits = 0;
		if (v->len[i] > 1 && v->p[i][0] == '0')
			lead0 = 1;
		if (v->len[i] != v->len[0] || memcmp(v->p[i], v->p[0], w) != 0)
			cst = 0;
	}
	if (cst && v->n > 1)
	{
		/* the same bytes in every key; nothing at all: no part (a delimiter first) */
		seg_add_lit(s, v->p[0], w);
		return;
	}
	/* a date printed with separators, the whole field in every value */
	if (same && !digits)
	{
		const char *pat = sep_date_fits(v, 0, w);

		if (pat && strlen(pat) == w)
		{
			seg_add(s, FK_DATE, (int) w, 1, 10 + (int) w / 2);
			if (!s->overflow)
				s->f[s->n - 1].pattern = pat;
			return;
		}
	}
	if (digits && same)
	{
		size_t		a;

		for (a = 0; a < sizeof(digit_anchors) / sizeof(digit_anchors[0]); a++)
			if (digit_anchors[a].width == (int) w && digit_anchor_fits(v, 0, digit_anchors[a]))
			{
				seg_add(s, digit_anchors[a].kind, w, 1, 10);
				if (digit_anchors[a].kind == FK_DATE && !s->overflow)
					s->f[s->n - 1].pattern = date_pattern(w);
				return;
			}
		if (lead0 && w <= 18)
		{
			digits_number(v, 0, w, s);
			return;
		}
	}
	if (digits && !lead0)
	{
		for (i = 0; i < v->n; i++)
			if (v->len[i] > 18)
				digits = 0;
		if (digits)
		{
			seg_add(s, FK_DEC, -1, 1, 3);
			return;
		}
	}
	/* text is UTF-8 without control characters: other bytes are no text part */
	for (i = 0; i < v->n; i++)
	{
		if (!hbase_rk_utf8_valid(v->p[i], v->len[i]))
			s->overflow = 1;
		for (j = 0; j < (int) v->len[i]; j++)
			if (v->p[i][j] < 0x20)
				s->overflow = 1;
	}
	if (s->overflow)
		return;
	seg_add(s, FK_TEXT, -1, 0, -1);
	/* text of a few values repeated is a structure (a region, a type) */
	{
		int			distinct = 0;

		int			m = v->n < 256 ? v->n : 256;	/* quadratic: the first values tell */

		for (i = 0; i < m && distinct <= m / 2; i++)
		{
			for (j = 0; j < i; j++)
				if (v->len[j] == v->len[i] && memcmp(v->p[j], v->p[i], v->len[i]) == 0)
					break;
			if (j == i)
				distinct++;
		}
		if (m >= 8 && distinct <= m / 2 && !s->overflow)
			s->f[s->n - 1].evidence = 1;
	}
}

/* ------------------------------------------------------------ body search */

/* adjacent literals as one ("device" + "_" is "device_"), not into an optional group */
static void
merge_literals(seg *s)
{
	int			i,
				o = 0;

	for (i = 0; i < s->n; i++)
	{
		field	   *f = &s->f[i];

		if (o > 0 && f->kind == FK_LIT && !f->optional && s->f[o - 1].kind == FK_LIT &&
			s->f[o - 1].litlen + f->litlen <= (int) sizeof(f->lit))
		{
			memcpy(s->f[o - 1].lit + s->f[o - 1].litlen, f->lit, f->litlen);
			s->f[o - 1].litlen += f->litlen;
			s->f[o - 1].width += f->width;
			continue;
		}
		if (o != i)
			s->f[o] = *f;
		o++;
	}
	s->n = o;
}

typedef struct keyset
{
	const unsigned char **k;
	size_t	   *len;
	int			n;
} keyset;

/* the bodies: each key from byte off on */
static vals
bodies(const keyset *ks, int off, const unsigned char **pbuf, size_t *lbuf)
{
	vals		v;
	int			i;

	for (i = 0; i < ks->n; i++)
	{
		pbuf[i] = ks->k[i] + off;
		lbuf[i] = ks->len[i] - off;
	}
	v.p = pbuf;
	v.len = lbuf;
	v.n = ks->n;
	return v;
}

/*
 * Split at delimiter d: every value holds it c or c+g times (then the last
 * g fields, with their delimiters, are an optional group).  Returns 0 when
 * the counts do not agree.
 */
static int
split_delimited(const vals *v, unsigned char d, seg *s)
{
	int			i,
				cmin = -1,
				cmax = -1,
				f,
				nf;
	int		   *cnt = rk_alloc(sizeof(int) * v->n);
	const unsigned char **fp = rk_alloc(sizeof(*fp) * v->n);
	size_t	   *fl = rk_alloc(sizeof(*fl) * v->n);
	int			ok = 1;

	for (i = 0; i < v->n; i++)
	{
		size_t		j;

		cnt[i] = 0;
		for (j = 0; j < v->len[i]; j++)
			if (v->p[i][j] == d)
				cnt[i]++;
		if (cmin < 0 || cnt[i] < cmin)
			cmin = cnt[i];
		if (cnt[i] > cmax)
			cmax = cnt[i];
	}
	for (i = 0; i < v->n; i++)
		if (cnt[i] != cmin && cnt[i] != cmax)
			ok = 0;
	if (cmin < 1 || cmax > 12 || !ok)
	{
		rk_dealloc(cnt);
		rk_dealloc(fp);
		rk_dealloc(fl);
		return 0;
	}
	nf = cmax + 1;
	for (f = 0; f < nf; f++)
	{
		vals		fv;
		int			m = 0;

		for (i = 0; i < v->n; i++)
		{
			/* field f of value i: after the f-th delimiter */
			size_t		j = 0,
						e;
			int			c = 0;

			if (f > cnt[i])
				continue;
			while (c < f)
				if (v->p[i][j++] == d)
					c++;
			for (e = j; e < v->len[i] && v->p[i][e] != d; e++)
				;
			fp[m] = v->p[i] + j;
			fl[m] = e - j;
			m++;
		}
		fv.p = fp;
		fv.len = fl;
		fv.n = m;
		if (f > 0)
		{
			seg_add_lit(s, &d, 1);
			if (f == cmin + 1 && cmax > cmin && !s->overflow)
				s->f[s->n - 1].optional = 1;
		}
		var_field(&fv, s);
		/* a delimited structure with a typed field */
		if (f > 0 && !s->overflow && s->f[s->n - 1].kind != FK_TEXT && s->f[s->n - 1].kind != FK_LIT)
			s->f[s->n - 1].evidence = 1;
	}
	rk_dealloc(cnt);
	rk_dealloc(fp);
	rk_dealloc(fl);
	return 1;
}

/*
 * The segmentations of the bodies (bytes from off on; hash_m > 0: the
 * first hash_m bytes are hashed, a field ends there) into out: fixed-width
 * ones (one length, two lengths, or a common start and a varying last
 * field), alternatives of the first binary time anchor, and delimited ones.
 */
static int
body_segs(const keyset *ks, int off, int hash_m, seg *out, int max)
{
	const unsigned char **pb = rk_alloc(sizeof(*pb) * ks->n);
	size_t	   *lb = rk_alloc(sizeof(*lb) * ks->n);
	const unsigned char **pb2 = rk_alloc(sizeof(*pb2) * ks->n);
	size_t	   *lb2 = rk_alloc(sizeof(*lb2) * ks->n);
	vals		v = bodies(ks, off, pb, lb);
	size_t		lmin = (size_t) -1,
				lmax = 0;
	int			i,
				nout = 0,
				alt;
	static const unsigned char delims[] = {'|', '_', '#', ':', ',', '-', '\0'};

	for (i = 0; i < v.n; i++)
	{
		if (v.len[i] < lmin)
			lmin = v.len[i];
		if (v.len[i] > lmax)
			lmax = v.len[i];
	}
	if (lmin == 0 || (hash_m > 0 && (size_t) hash_m > lmin))
		goto done;
	for (alt = 0; alt < 4 && nout < max; alt++)
	{
		seg		   *s = &out[nout];
		int			twolen = 1;

		memset(s, 0, sizeof(*s));
		for (i = 0; i < v.n; i++)
			if (v.len[i] != lmin && v.len[i] != lmax)
				twolen = 0;
		if (hash_m > 0)
		{
			vals		hv = vals_shift(&v, 0, hash_m, pb2, lb2);

			split_fixed(&hv, hash_m, s, alt, 0);
		}
		if (twolen)
		{
			vals		cv = vals_shift(&v, hash_m > 0 ? hash_m : 0, lmin - (hash_m > 0 ? hash_m : 0), pb2, lb2);

			if (cv.len[0] > 0)
				split_fixed(&cv, (int) cv.len[0], s, hash_m > 0 ? 0 : alt, 0);
			if (lmax > lmin)
			{
				/* the longer keys' tail: an optional trailing group */
				int			m = 0,
							first = s->n;

				for (i = 0; i < v.n; i++)
					if (v.len[i] == lmax)
					{
						pb2[m] = v.p[i] + lmin;
						lb2[m] = lmax - lmin;
						m++;
					}
				cv.p = pb2;
				cv.len = lb2;
				cv.n = m;
				split_fixed(&cv, (int) (lmax - lmin), s, 0, 0);
				if (first < s->n)
					s->f[first].optional = 1;
			}
		}
		else
		{
			/* a fixed start, then a last field of any length */
			int			h = hash_m > 0 ? hash_m : 0;
			vals		cv = vals_shift(&v, h, lmin - h, pb2, lb2);

			if (lmin - h == 0)
				break;
			for (i = 0; i < v.n; i++)
				lb2[i] = v.len[i] - h;
			if (alt == 0 && h == 0)
			{
				/* all of it one field */
				seg			one;

				memset(&one, 0, sizeof(one));
				var_field(&cv, &one);
				if (nout < max)
					out[nout++] = one;
				s = &out[nout];
				memset(s, 0, sizeof(*s));
				if (nout >= max)
					break;
			}
			else if (alt == 0)
			{
				var_field(&cv, s);
				nout++;
				break;
			}
			split_fixed(&cv, (int) lmin - h, s, alt, 1);
		}
		if (s->overflow)
			continue;
		/* alternatives that came out the same as an earlier one add nothing */
		for (i = 0; i < nout; i++)
			if (memcmp(&out[i], s, sizeof(*s)) == 0)
				break;
		if (i == nout)
			nout++;
	}
	if (hash_m <= 0)
	{
		size_t		d;

		for (d = 0; d < sizeof(delims) && nout < max; d++)
		{
			memset(&out[nout], 0, sizeof(seg));
			if (split_delimited(&v, delims[d], &out[nout]) && !out[nout].overflow)
				nout++;
		}
	}
done:
	for (i = 0; i < nout; i++)
		merge_literals(&out[i]);
	rk_dealloc(pb);
	rk_dealloc(lb);
	rk_dealloc(pb2);
	rk_dealloc(lb2);
	return nout;
}

/* ------------------------------------------------------------- rendering */

typedef struct rendered
{
	buf			text;
	rk_column	cols[MAX_FIELDS];
	char		names[MAX_FIELDS][16];
	const char *sqltypes[MAX_FIELDS];
	int			colof[MAX_FIELDS];	/* field -> column, or -1 */
	int			ncols;
} rendered;

static void
put(rendered *r, const char *s)
{
	hbase_rk_buf_append(&r->text, s, strlen(s));
}

/* a literal as the layout writes it: "..." with \xNN for anything unusual */
static void
put_lit(rendered *r, const char *b, int len)
{
	int			i;

	put(r, "\"");
	for (i = 0; i < len; i++)
	{
		unsigned char c = b[i];
		char		x[8];

		if (is_print(c) && c != '"' && c != '\\' && c != '\'')
		{
			x[0] = c;
			x[1] = '\0';
		}
		else
			snprintf(x, sizeof(x), "\\x%02x", c);
		put(r, x);
	}
	put(r, "\"");
}

/* names: ts, day, id, k1 ... with a number after the first of a kind */
static const char *
new_column(rendered *r, const char *base, rk_type type, int width, const char *sqltype)
{
	int			c = r->ncols++,
				same = 0,
				i;

	for (i = 0; i < c; i++)
		if (strncmp(r->names[i], base, strlen(base)) == 0 &&
			(r->names[i][strlen(base)] == '\0' || is_digit(r->names[i][strlen(base)])))
			same++;
	if (strcmp(base, "k") == 0)
		snprintf(r->names[c], sizeof(r->names[c]), "k%d", same + 1);
	else if (same == 0)
		snprintf(r->names[c], sizeof(r->names[c]), "%s", base);
	else
		snprintf(r->names[c], sizeof(r->names[c]), "%s%d", base, same + 1);
	r->cols[c].name = r->names[c];
	r->cols[c].type = type;
	r->cols[c].width = width;
	r->sqltypes[c] = sqltype;
	return r->names[c];
}

/*
 * How each kind of field is written: its column's name, codec type, width
 * and SQL type, and its part's spelling (a printf format given the
 * column's name, then the field's width).  FK_LIT and FK_DATE are spelled
 * by render_field itself (bytes; a name that depends on the pattern).
 */
typedef struct field_spelling
{
	const char *base;			/* ts, id or k: new_column numbers them */
	rk_type		type;
	int			width;
	const char *sqltype;
	const char *spell;
	const char *spell_padded;	/* FK_EPOCH_*: inside a run of fixed width */
} field_spelling;

static const field_spelling spellings[] = {
	[FK_EPOCH_S] = {"ts", RK_TIMESTAMP, 0, "timestamp", "epoch(%s)", "lpad(epoch(%s), 10)"},
	[FK_EPOCH_MS] = {"ts", RK_TIMESTAMP, 0, "timestamp", "epoch_ms(%s)", "lpad(epoch_ms(%s), 13)"},
	[FK_INV_MS] = {"ts", RK_TIMESTAMP, 0, "timestamp", "(Long.MAX_VALUE - epoch_ms(%s))"},
	[FK_INV_S] = {"ts", RK_TIMESTAMP, 0, "timestamp", "(Long.MAX_VALUE - epoch(%s))"},
	[FK_LONG_MS] = {"ts", RK_TIMESTAMP, 0, "timestamp", "long(epoch_ms(%s))"},
	[FK_LONG_INV_MS] = {"ts", RK_TIMESTAMP, 0, "timestamp", "long(Long.MAX_VALUE - epoch_ms(%s))"},
	[FK_UINT_S] = {"ts", RK_TIMESTAMP, 0, "timestamp", "uint(epoch(%s), 4)"},
	[FK_LPAD] = {"id", RK_INT, 8, "bigint", "lpad(%s, %d)"},
	[FK_REV] = {"id", RK_INT, 8, "bigint", "reverse(lpad(%s, %d))"},
	[FK_DEC] = {"id", RK_INT, 8, "bigint", "%s"},
	[FK_LONG] = {"id", RK_INT, 8, "bigint", "long(%s)"},
	[FK_SORT_LONG] = {"id", RK_INT, 8, "bigint", "sortable(long(%s))"},
	[FK_INT] = {"id", RK_INT, 4, "integer", "int(%s)"},
	[FK_SORT_INT] = {"id", RK_INT, 4, "integer", "sortable(int(%s))"},
	[FK_SHORT] = {"id", RK_INT, 2, "smallint", "short(%s)"},
	[FK_UINT] = {"id", RK_INT, 8, "bigint", "uint(%s, %d)"},
	[FK_BITREV] = {"id", RK_INT, 8, "bigint", "long(bitreverse(%s))"},
	[FK_TEXT] = {"k", RK_TEXT, 0, "text", "%s"},
	[FK_FIXED] = {"k", RK_TEXT, 0, "text", "fixed(%s, %d)"},
	[FK_RPAD0] = {"k", RK_TEXT, 0, "text", "rpad(%s, %d, \"\\x00\")"},
	[FK_BYTES] = {"k", RK_BYTES, 0, "bytea", "bytes(%s, %d)"},
};

/* the part of field f, its column made */
static void
render_field(rendered *r, const field *f, int fi)
{
	char		x[160];
	const char *n;

	r->colof[fi] = -1;
	if (f->kind == FK_LIT)
	{
		put_lit(r, f->lit, f->litlen);
		return;
	}
	if (f->kind == FK_DATE)
	{
		n = strstr(f->pattern, "HH") == NULL ? new_column(r, "day", RK_DATE, 0, "date") :
			new_column(r, "ts", RK_TIMESTAMP, 0, "timestamp");
		snprintf(x, sizeof(x), "date(%s, \"%s\")", n, f->pattern);
	}
	else
	{
		const field_spelling *sp;

		if ((size_t) f->kind >= sizeof(spellings) / sizeof(spellings[0]) ||
			spellings[f->kind].spell == NULL)
			return;
		sp = &spellings[f->kind];
		n = new_column(r, sp->base, sp->type, sp->width, sp->sqltype);
		snprintf(x, sizeof(x), f->padded && sp->spell_padded ? sp->spell_padded : sp->spell,
				 n, f->width);
	}
	r->colof[fi] = r->ncols - 1;
	put(r, x);
}

/* the javahash() argument of a field's column: its value as the key has it */
static void
hash_source(rendered *r, const field *f, int fi, char *x, size_t size)
{
	const char *n = r->names[r->colof[fi]];

	if (f->kind == FK_LONG_MS || f->kind == FK_EPOCH_MS)
		snprintf(x, size, "epoch_ms(%s)", n);
	else if (f->kind == FK_UINT_S || f->kind == FK_EPOCH_S)
		snprintf(x, size, "epoch(%s)", n);
	else
		snprintf(x, size, "%s", n);
}

/*
 * The layout text of a draft, its columns in r.  The prefix needs the
 * columns' names, so the body is rendered first and the prefix put in
 * front.  Returns 0 when the draft cannot be written (a hash over no
 * column).
 */
static int
render(const draft *d, rendered *r)
{
	rendered	body;
	int			i,
				open = 0,
				bytes = 0;
	char		x[512];

	memset(&body, 0, sizeof(body));
	memset(r, 0, sizeof(*r));
	for (i = 0; i < d->body.n; i++)
	{
		const field *f = &d->body.f[i];

		if (i > 0)
			put(&body, " + ");
		if (f->optional)
		{
			put(&body, "[");
			open = 1;
		}
		render_field(&body, f, i);
	}
	if (open)
		put(&body, "]");
	x[0] = '\0';
	if (d->hash_k > 0)
	{
		buf			cols = {0};

		for (i = 0; i < d->body.n && (d->hash_m < 0 || bytes < d->hash_m); i++)
		{
			bytes += d->body.f[i].width;
			if (body.colof[i] < 0)
				continue;
			if (cols.len)
				hbase_rk_buf_append(&cols, " + ", 3);
			hbase_rk_buf_append(&cols, body.names[body.colof[i]], strlen(body.names[body.colof[i]]));
		}
		if (cols.len == 0 || (d->hash_m > 0 && bytes != d->hash_m))
		{
			hbase_rk_buf_free(&cols);
			hbase_rk_buf_free(&body.text);
			return 0;
		}
		snprintf(x, sizeof(x), "left(%s%s(%s), %d) + ", d->hash_fn, d->hash_raw ? "_raw" : "",
				 cols.data, d->hash_k);
		hbase_rk_buf_free(&cols);
	}
	else if (d->salt == 1)
		snprintf(x, sizeof(x), "salt(%d) + ", d->salt_n);
	else if (d->salt == 4)
		snprintf(x, sizeof(x), "salt(%d, random) + ", d->salt_n);
	else if (d->salt == 2)
	{
		char		src[64];

		if (body.colof[d->salt_field] < 0)
		{
			hbase_rk_buf_free(&body.text);
			return 0;
		}
		hash_source(&body, &d->body.f[d->salt_field], d->salt_field, src, sizeof(src));
		snprintf(x, sizeof(x), "salt(%d, javahash(%s)) + ", d->salt_n, src);
	}
	else if (d->salt == 3)
	{
		buf			cols = {0};

		for (i = 0; i < d->body.n; i++)
		{
			if (i == d->salt_field || body.colof[i] < 0)
				continue;
			if (cols.len)
				hbase_rk_buf_append(&cols, " + ", 3);
			hbase_rk_buf_append(&cols, body.names[body.colof[i]], strlen(body.names[body.colof[i]]));
		}
		if (cols.len == 0 || strstr(cols.data, " + ") == NULL)
		{
			hbase_rk_buf_free(&cols);
			hbase_rk_buf_free(&body.text);
			return 0;
		}
		snprintf(x, sizeof(x), "salt(%d, arrays_hash(%s)) + ", d->salt_n, cols.data);
		hbase_rk_buf_free(&cols);
	}
	if (d->salt > 0 && d->salt_form != SF_BYTE)
	{
		/* "salt(...) + " in the bucket's text form */
		char		w[32];

		x[strlen(x) - 3] = '\0';
		put(r, d->salt_form == SF_LETTER ? "letter(" : d->salt_form == SF_DEC ? "lpad(" : "hex(");
		put(r, x);
		if (d->salt_form == SF_LETTER)
			snprintf(w, sizeof(w), ") + ");
		else
			snprintf(w, sizeof(w), ", %d) + ", d->salt_w);
		put(r, w);
	}
	else
		put(r, x);
	if (body.text.data)
		put(r, body.text.data);
	memcpy(r->cols, body.cols, sizeof(body.cols));
	memcpy(r->names, body.names, sizeof(body.names));
	memcpy(r->sqltypes, body.sqltypes, sizeof(body.sqltypes));
	memcpy(r->colof, body.colof, sizeof(body.colof));
	r->ncols = body.ncols;
	for (i = 0; i < r->ncols; i++)
		r->cols[i].name = r->names[i];
	hbase_rk_buf_free(&body.text);
	return 1;
}

/* ----------------------------------------------------------- verification */

/* the decoded text and bytes values, each its own allocation (decode.c) */
static void
free_values(rk_value *cvals, const rk_column *cols, int ncols)
{
	int			c;

	for (c = 0; c < ncols; c++)
		if ((cols[c].type == RK_TEXT || cols[c].type == RK_BYTES || cols[c].type == RK_NUMERIC) &&
			cvals[c].s != NULL)
		{
			rk_dealloc((void *) cvals[c].s);
			cvals[c].s = NULL;
		}
}

/*
 * The key a layout writes for decoded values, as key was written: a random
 * salt's bucket is the one of the buckets that gives key's prefix (the
 * others' prefixes are computed).  Returns the length, -1 on an error.
 */
static int
encode_as(const rk_layout *l, rk_value *cvals, const unsigned char *key, size_t keylen, char **out)
{
	rk_part_info info;
	const char *err;
	int			b,
				len = -1;

	hbase_rk_part(l, 0, &info);
	if (!(info.kind == RK_PART_SALT && info.salt_random))
		return hbase_rk_encode(l, cvals, 0, out, &err);
	for (b = 0; b < info.salt_buckets; b++)
	{
		len = hbase_rk_encode(l, cvals, b, out, &err);
		if (len < 0)
			return len;
		if ((size_t) len == keylen && memcmp(*out, key, info.width > 0 ? info.width : 1) == 0)
			return len;
		if (b + 1 < info.salt_buckets)
			rk_dealloc(*out);
	}
	return len;
}

/*
 * How many keys (from the first, stopping at the first failure when
 * early) decode under the layout and encode back to the same bytes.
 */
static int
verify(const rk_layout *l, const rk_column *cols, int ncols, const keyset *ks, int early)
{
	rk_value   *cvals = rk_alloc(sizeof(rk_value) * (ncols ? ncols : 1));
	int			i,
				ok = 0;

	for (i = 0; i < ks->n; i++)
	{
		const char *err;
		char	   *again = NULL;
		int			len;

		memset(cvals, 0, sizeof(rk_value) * (ncols ? ncols : 1));
		if (hbase_rk_decode(l, (const char *) ks->k[i], ks->len[i], cvals, &err) == 0 &&
			(len = encode_as(l, cvals, ks->k[i], ks->len[i], &again)) >= 0)
		{
			int			same = (size_t) len == ks->len[i] && memcmp(again, ks->k[i], len) == 0;

			rk_dealloc(again);
			free_values(cvals, cols, ncols);
			if (same)
				ok++;
			else if (early)
				break;
		}
		else
		{
			free_values(cvals, cols, ncols);
			if (early)
				break;
		}
	}
	rk_dealloc(cvals);
	return ok;
}

/* ------------------------------------------------------------- prefixes */

/* the lowercase hex of a digest */
static void
to_hex(const unsigned char *d, int n, char *out)
{
	static const char hx[] = "0123456789abcdef";
	int			i;

	for (i = 0; i < n; i++)
	{
		out[2 * i] = hx[d[i] >> 4];
		out[2 * i + 1] = hx[d[i] & 15];
	}
}

static int
digest(const EVP_MD *md, const unsigned char *p, size_t n, unsigned char *out)
{
	unsigned int len = 0;

	if (!EVP_Digest(p, n, out, &len, md, NULL))
		return 0;
	return (int) len;
}

/*
 * A hash prefix every key has: width k (hex chars or raw bytes) of md5,
 * sha1 or sha256 over the m bytes after it (-1: all of them), the same m
 * on every key.  Tries the widths the keys allow; m from the shortest up.
 * Returns 1 with d's hash fields set.
 */
static int
find_hash(const keyset *ks, draft *d)
{
	static const char *names[] = {"md5", "sha1", "sha256"};
	const EVP_MD *mds[3];
	size_t		lmin = (size_t) -1;
	int			i,
				a,
				raw,
				k;

	mds[0] = EVP_md5();
	mds[1] = EVP_sha1();
	mds[2] = EVP_sha256();
	for (i = 0; i < ks->n; i++)
		if (ks->len[i] < lmin)
			lmin = ks->len[i];
	for (raw = 0; raw < 2; raw++)
		for (a = 0; a < 3; a++)
		{
			int			dlen = EVP_MD_size(mds[a]) * (raw ? 1 : 2);

			for (k = raw ? 2 : 1; k <= (raw ? MAX_RAW_PREFIX : dlen) && (size_t) k < lmin; k++)
			{
				int			m;

				/* too short to tell from chance over this sample: ~48 bits at least */
				if ((raw ? 8 : 4) * k * ks->n < 48)
					continue;
				if (!raw)
				{
					int			hex = 1;

					for (i = 0; i < ks->n && hex; i++)
						hex = is_hexl(ks->k[i][k - 1]);
					if (!hex)
						break;
				}
				for (m = 1; (size_t) (k + m) <= lmin + 1; m++)
				{
					int			all = (size_t) (k + m) == lmin + 1;	/* m = -1: the rest */
					int			ok = 1;

					/* hashed fields are short: a longer m is no field (and costs) */
					if (m > MAX_HASHED && !all)
						continue;

					for (i = 0; i < ks->n && ok; i++)
					{
						unsigned char dg[64];
						char		hx[128];
						size_t		n = all ? ks->len[i] - k : (size_t) m;
						int			len;

						if (n > MAX_HASHED)
						{
							ok = 0;
							break;
						}
						len = digest(mds[a], ks->k[i] + k, n, dg);
						if (len == 0)
							return 0;
						if (raw)
							ok = memcmp(dg, ks->k[i], k) == 0;
						else
						{
							to_hex(dg, len, hx);
							ok = memcmp(hx, ks->k[i], k) == 0;
						}
					}
					if (ok)
					{
						d->hash_k = k;
						d->hash_raw = raw;
						d->hash_fn = names[a];
						d->hash_m = all ? -1 : m;
						return 1;
					}
				}
			}
		}
	return 0;
}

/* ----------------------------------------------------------------- driver */

/* a verified candidate */
static int
score_of(const draft *d)
{
	int			i,
				s = 0;

	/* fewer parts explaining the same keys are the likelier reading */
	for (i = 0; i < d->body.n; i++)
		s += d->body.f[i].score - (d->body.f[i].kind == FK_LIT ? 0 : 2);
	if (d->hash_k > 0 || (d->salt > 0 && d->salt < 4))
		s += 20;
	else if (d->salt == 4)
		s += 2;
	return s;
}

static int
has_evidence(const draft *d, int sr_keys)
{
	int			i,
				nonlit = 0;

	if (d->hash_k > 0 || (d->salt > 0 && d->salt < 4))
		return 1;
	/* a few letters, each before the same delimiter, on every key ("a-foo") */
	if (d->salt == 4 && d->salt_form == SF_LETTER && sr_keys >= 8)
		return 1;
	for (i = 0; i < d->body.n; i++)
		if (d->body.f[i].kind != FK_LIT)
			nonlit++;
	/* one plain part is the raw key typed: IMPORT's own key types do that */
	if (nonlit < 2 && d->body.n == 1 && d->body.f[0].kind != FK_DATE &&
		d->body.f[0].kind != FK_REV && d->body.f[0].width < 0)
		return 0;
	for (i = 0; i < d->body.n; i++)
		if (d->body.f[i].evidence)
			return 1;
	return 0;
}

/*
 * Layouts compiled and tried at most in each phase of an inference (hash
 * prefix, no prefix, salt byte): bounds a hostile sample's cost.
 */
#define MAX_TRIES		2000

typedef struct search
{
	const keyset *ks;
	hbase_rk_candidate *out;
	int			nout;
	int			max;
	int			tries;			/* in this phase */
} search;

/* render, compile and verify a draft; a candidate when every key round-trips */
static int
try_draft(search *sr, const draft *d, int early_only)
{
	rendered	r;
	rk_layout  *l;
	const char *err;
	int			pos,
				ok,
				i;
	hbase_rk_candidate *c;

	if (d->body.overflow || d->body.n == 0 || !has_evidence(d, sr->ks->n) || sr->tries >= MAX_TRIES)
		return -1;
	sr->tries++;
	if (!render(d, &r))
		return -1;
	for (i = 0; i < sr->nout; i++)
		if (strcmp(sr->out[i].layout, r.text.data) == 0)
		{
			hbase_rk_buf_free(&r.text);
			return 0;
		}
	l = hbase_rk_parse(r.text.data, r.cols, r.ncols, &err, &pos);
#ifdef INFER_DEBUG
	fprintf(stderr, "try %s: %s\n", r.text.data, l ? "ok" : err);
#endif
	if (l == NULL)
	{
		hbase_rk_buf_free(&r.text);
		return -1;
	}
	ok = verify(l, r.cols, r.ncols, sr->ks, 1);
	hbase_rk_free(l);
	if (ok != sr->ks->n || early_only)
	{
		hbase_rk_buf_free(&r.text);
		return ok == sr->ks->n;
	}
	if (sr->nout >= sr->max)
	{
		/* full: replace the lowest score when this one beats it */
		int			low = 0;

		for (i = 1; i < sr->nout; i++)
			if (sr->out[i].score < sr->out[low].score)
				low = i;
		if (sr->out[low].score >= score_of(d))
		{
			hbase_rk_buf_free(&r.text);
			return 1;
		}
		rk_dealloc(sr->out[low].layout);
		c = &sr->out[low];
	}
	else
		c = &sr->out[sr->nout++];
	memset(c, 0, sizeof(*c));
	c->layout = r.text.data;
	c->ncolumns = r.ncols;
	for (i = 0; i < r.ncols; i++)
	{
		memcpy(c->names[i], r.names[i], sizeof(c->names[i]));
		c->sqltypes[i] = r.sqltypes[i];
		c->columns[i] = r.cols[i];
		c->columns[i].name = c->names[i];
	}
	c->keys = sr->ks->n;
	c->explained = ok;
	c->prefix_verified = (d->hash_k > 0 || (d->salt > 0 && d->salt < 4)) ? ok : 0;
	c->score = score_of(d);
	c->prefix = d->hash_k > 0 ? (d->hash_raw ? "raw hash" : "hex hash") :
		d->salt == 1 ? "Phoenix salt" : d->salt == 2 ? "javahash salt" :
		d->salt == 3 ? "arrays_hash salt" : d->salt == 4 ? "random salt" : NULL;
	return 1;
}

/* Java's int arithmetic, h = 31 * h + b over signed bytes (Arrays.hashCode) */
static int32_t
hash_bytes(int32_t h, const unsigned char *p, size_t n)
{
	size_t		i;
	uint32_t	u = (uint32_t) h;

	for (i = 0; i < n; i++)
		u = 31 * u + (uint32_t) (int32_t) (signed char) p[i];
	return (int32_t) u;
}

/* Long.hashCode */
static int32_t
long_hash(int64_t v)
{
	uint64_t	u = (uint64_t) v;

	return (int32_t) (uint32_t) (u ^ (u >> 32));
}

/* String.hashCode of UTF-8 text: over its UTF-16 code units */
static int32_t
string_hash(const unsigned char *p, size_t n)
{
	uint32_t	h = 0;
	size_t		i = 0;

	while (i < n)
	{
		uint32_t	c = p[i];
		int			more = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;

		if (more)
			c &= 0x3f >> more;
		for (i++; more > 0 && i < n; more--, i++)
			c = (c << 6) | (p[i] & 0x3f);
		if (c >= 0x10000)
		{
			c -= 0x10000;
			h = 31 * h + (0xd800 + (c >> 10));
			h = 31 * h + (0xdc00 + (c & 0x3ff));
		}
		else
			h = 31 * h + c;
	}
	return (int32_t) h;
}

/*
 * The bucket a hash gives over n buckets: Phoenix's abs(h % n), the
 * others' Math.abs(h) % n (Math.abs of Integer.MIN_VALUE stays negative:
 * no bucket a key can hold; the codec decides that case).
 */
static int
bucket_of(int32_t h, int n, int kind)
{
	if (kind == 1)
	{
		int32_t		r = h % n;

		return r < 0 ? -r : r;
	}
	if (h == INT32_MIN)
		return -1;
	return (h < 0 ? -h : h) % n;
}

/*
 * Each key's hash of a salt kind (1 Phoenix: the bytes after the salt; 2
 * javahash of field f's value; 3 arrays_hash of every column field but f),
 * the bodies decoded under the segmentation alone; 0 when they cannot be
 * (the body does not decode, a field of no hashable kind).  Lets the salt
 * search find its bucket count without compiling a layout per count.
 */
static int
salt_hashes(const keyset *ks, int off, const seg *sg, int kind, int f, int32_t *h)
{
	draft		d;
	rendered	r;
	rk_layout  *l;
	const char *err;
	int			pos,
				i,
				ok = 1;
	rk_value   *cvals;
	long	   *bounds;

	if (kind == 1)
	{
		for (i = 0; i < ks->n; i++)
			h[i] = hash_bytes(1, ks->k[i] + off, ks->len[i] - off);
		return 1;
	}
	memset(&d, 0, sizeof(d));
	d.body = *sg;
	if (!render(&d, &r))
		return 0;
	l = hbase_rk_parse(r.text.data, r.cols, r.ncols, &err, &pos);
	hbase_rk_buf_free(&r.text);
	if (l == NULL)
		return 0;
	if (hbase_rk_nparts(l) != sg->n || (kind == 2 && r.colof[f] < 0))
	{
		hbase_rk_free(l);
		return 0;
	}
	cvals = rk_alloc(sizeof(rk_value) * (r.ncols ? r.ncols : 1));
	bounds = rk_alloc(sizeof(long) * 2 * sg->n);
	for (i = 0; i < ks->n && ok; i++)
	{
		int			p;

		memset(cvals, 0, sizeof(rk_value) * (r.ncols ? r.ncols : 1));
		if (hbase_rk_decode_parts(l, (const char *) ks->k[i] + off, ks->len[i] - off, cvals, bounds, &err) != 0)
		{
			free_values(cvals, r.cols, r.ncols);
			ok = 0;
			break;
		}
		if (kind == 3)
		{
			h[i] = 1;
			for (p = 0; p < sg->n; p++)
				if (p != f && r.colof[p] >= 0 && bounds[2 * p] >= 0)
					h[i] = hash_bytes(h[i], ks->k[i] + off + bounds[2 * p],
									  bounds[2 * p + 1] - bounds[2 * p]);
		}
		else
		{
			const rk_value *v = &cvals[r.colof[f]];
			const rk_column *c = &r.cols[r.colof[f]];
			fkind		k = sg->f[f].kind;

			if (v->isnull)
				ok = 0;
			else if (c->type == RK_TEXT)
				h[i] = string_hash((const unsigned char *) v->s, v->len);
			else if (k == FK_LONG_MS || k == FK_EPOCH_MS)
				h[i] = long_hash(floordiv(v->i, 1000));
			else if (k == FK_UINT_S || k == FK_EPOCH_S)
				h[i] = long_hash(floordiv(v->i, 1000000));
			else if (c->type == RK_INT && c->width == 8)
				h[i] = long_hash(v->i);
			else if (c->type == RK_INT)
				h[i] = (int32_t) v->i;
			else
				ok = 0;
		}
		free_values(cvals, r.cols, r.ncols);
	}
	rk_dealloc(cvals);
	rk_dealloc(bounds);
	hbase_rk_free(l);
	return ok;
}

/* the bucket key starts with in a salt form of width w, or -1 when it holds none */
static int
bucket_at(const unsigned char *key, size_t len, int form, int w)
{
	int			b = 0,
				j;

	if ((size_t) w >= len)
		return -1;
	if (form == SF_BYTE)
		return key[0];
	if (form == SF_LETTER)
		return key[0] >= 'a' && key[0] <= 'z' ? key[0] - 'a' : -1;
	for (j = 0; j < w; j++)
	{
		unsigned char c = key[j];

		if (is_digit(c))
			b = b * (form == SF_DEC ? 10 : 16) + (c - '0');
		else if (form == SF_HEX && c >= 'a' && c <= 'f')
			b = b * 16 + (c - 'a' + 10);
		else
			return -1;
	}
	return b;
}

/*
 * Salts: the start of every key a bucket written in one form (a byte below
 * 64, some below 0x20, which no text starts with; zero-padded decimal or
 * hex of 1 or 2 characters; a letter), the bodies after it typed.  Each
 * hash the grammar knows (Phoenix's over the rest, bytes only; javahash of
 * each field; arrays_hash of all fields but one) is computed here for every
 * key (salt_hashes), and the smallest bucket count from the largest bucket
 * seen + 1 up that every key agrees with is proven by the codec (a layout
 * rendered, compiled and round-tripped on every key).  No hash: a random
 * bucket, for a byte below 0x20 or a letter before a delimiter.
 */
static void
try_salts(search *sr)
{
	static const int forms[][2] = {
		{SF_BYTE, 1}, {SF_DEC, 1}, {SF_DEC, 2}, {SF_HEX, 1}, {SF_HEX, 2}, {SF_LETTER, 1}
	};
	const keyset *ks = sr->ks;
	int32_t    *h = rk_alloc(sizeof(int32_t) * ks->n);
	int		   *b = rk_alloc(sizeof(int) * ks->n);
	seg		   *segs = rk_alloc(sizeof(seg) * 16);
	size_t		fi;

	for (fi = 0; fi < sizeof(forms) / sizeof(forms[0]); fi++)
	{
		int			form = forms[fi][0],
					w = forms[fi][1],
					maxb = 0,
					minb = 255,
					distinct = 0,
					found_any = 0,
					nsegs,
					i,
					s,
					n,
					kind;
		unsigned char seen[256];

		memset(seen, 0, sizeof(seen));
		for (i = 0; i < ks->n; i++)
		{
			b[i] = bucket_at(ks->k[i], ks->len[i], form, w);
			if (b[i] < 0)
				break;
			maxb = b[i] > maxb ? b[i] : maxb;
			minb = b[i] < minb ? b[i] : minb;
			if (!seen[b[i]])
				distinct++;
			seen[b[i]] = 1;
		}
		if (i < ks->n || distinct < 2 || maxb >= 256 ||
			(form == SF_BYTE && (maxb >= 64 || minb >= 0x20)))
			continue;
		/* hex without a letter is the decimal form */
		if (form == SF_HEX && maxb < 10)
			continue;
		/* a decimal or hex bucket of 2 characters has a leading zero somewhere */
		if (w == 2 && minb >= (form == SF_DEC ? 10 : 16))
			continue;
		sr->tries = 0;
		nsegs = body_segs(ks, w, 0, segs, 16);
		for (s = 0; s < nsegs; s++)
		{
			for (kind = form == SF_BYTE ? 1 : 2; kind <= 3; kind++)
			{
				int			nf = kind == 1 ? 1 : segs[s].n,
							f;

				for (f = 0; f < nf; f++)
				{
					draft		d;
					fkind		k = segs[s].f[f].kind;

					memset(&d, 0, sizeof(d));
					d.body = segs[s];
					d.salt = kind;
					d.salt_field = f;
					d.salt_form = form;
					d.salt_w = w;
					if (kind == 2 && (k == FK_LIT || k == FK_BYTES || k == FK_DATE || k == FK_INV_MS ||
									  k == FK_INV_S || k == FK_LONG_INV_MS || k == FK_RPAD0))
						continue;
					/* the bucket counts the keys' hashes agree with, each proven by the codec */
					if (!salt_hashes(ks, w, &segs[s], kind, f, h))
						continue;
					for (n = maxb + 1; n <= (form == SF_LETTER ? 26 : 256); n++)
					{
						int			t;

						/* a text form has room for n buckets */
						if ((form == SF_DEC && n > (w == 1 ? 10 : 100)) ||
							(form == SF_HEX && n > (w == 1 ? 16 : 256)))
							break;
						for (i = 0; i < ks->n; i++)
							if (bucket_of(h[i], n, kind) != b[i])
								break;
						if (i < ks->n)
							continue;
						d.salt_n = n;
						t = try_draft(sr, &d, 1);
						if (t < 0)
							break;
						if (t > 0)
						{
							try_draft(sr, &d, 0);
							found_any = 1;
							break;
						}
					}
				}
			}
		}
		/* no hash explains it: a bucket the writer picked, when it looks like one */
		if (found_any || !((form == SF_BYTE && maxb < 0x20) || form == SF_LETTER))
			continue;
		for (s = 0; s < nsegs; s++)
		{
			draft		d;

			/* a letter bucket is followed by a delimiter ("a-foo"), not by more text */
			if (form == SF_LETTER && (segs[s].n == 0 || segs[s].f[0].kind != FK_LIT ||
									  isalnum_c(segs[s].f[0].lit[0])))
				continue;
			memset(&d, 0, sizeof(d));
			d.body = segs[s];
			d.salt = 4;
			d.salt_n = maxb + 1;
			d.salt_form = form;
			d.salt_w = w;
			try_draft(sr, &d, 0);
		}
	}
	rk_dealloc(h);
	rk_dealloc(b);
	rk_dealloc(segs);
}

static int
cand_cmp(const void *a, const void *b)
{
	const hbase_rk_candidate *x = a,
			   *y = b;

	if (x->score != y->score)
		return y->score - x->score;
	return strcmp(x->layout, y->layout);
}

/*
 * The layouts that explain every key (rowkey.h): a hash prefix first (the
 * bodies after it segmented, the hashed bytes one boundary); when none, a
 * salt byte over the bodies after the first byte; then the keys without a
 * prefix.  Each candidate is rendered, compiled and proven on every key
 * (try_draft), at most MAX_TRIES of them; the verified ones are ranked by
 * specificity.  Keys longer than 4096 bytes or empty ones: no layout.
 */
int
hbase_rk_infer(const char *const *keys, const size_t *lens, int nkeys,
			   hbase_rk_candidate *out, int max)
{
	keyset		ks;
	search		sr;
	seg		   *segs;
	int			nsegs,
				i,
				hashed = 0;
	draft		hd;

	if (nkeys <= 0 || max <= 0)
		return 0;
	for (i = 0; i < nkeys; i++)
		if (lens[i] == 0 || lens[i] > 4096)
			return 0;
	ks.k = (const unsigned char **) keys;
	ks.len = (size_t *) lens;
	ks.n = nkeys;
	sr.ks = &ks;
	sr.out = out;
	sr.nout = 0;
	sr.max = max;
	sr.tries = 0;
	segs = rk_alloc(sizeof(seg) * 16);

	/* a hash prefix: the rest of the key from after it */
	memset(&hd, 0, sizeof(hd));
	if (find_hash(&ks, &hd))
	{
		hashed = 1;
		nsegs = body_segs(&ks, hd.hash_k, hd.hash_m, segs, 16);
		for (i = 0; i < nsegs; i++)
		{
			hd.body = segs[i];
			try_draft(&sr, &hd, 0);
		}
	}
	/* no prefix */
	sr.tries = 0;
	nsegs = body_segs(&ks, 0, 0, segs, 16);
	for (i = 0; i < nsegs; i++)
	{
		draft		d;

		memset(&d, 0, sizeof(d));
		d.body = segs[i];
		try_draft(&sr, &d, 0);
	}
	/* a salt byte, unless a hash prefix explains the keys */
	if (!hashed)
		try_salts(&sr);
	rk_dealloc(segs);
	qsort(out, sr.nout, sizeof(*out), cand_cmp);
	/* the columns' names point into their own candidate, which qsort moved */
	for (i = 0; i < sr.nout; i++)
	{
		int			c;

		for (c = 0; c < out[i].ncolumns; c++)
			out[i].columns[c].name = out[i].names[c];
	}
	return sr.nout;
}

void
hbase_rk_infer_free(hbase_rk_candidate *c, int n)
{
	int			i;

	for (i = 0; i < n; i++)
		if (c[i].layout)
		{
			rk_dealloc(c[i].layout);
			c[i].layout = NULL;
		}
}

/* ------------------------------------------------------------ checking */

/*
 * A declared layout against sampled keys: how many it cannot read, how many
 * it reads but would write otherwise, how many give an implausible time
 * (a date or timestamp column before 1971 or from 2200 on: epoch seconds
 * read as milliseconds land in January 1970, milliseconds read as seconds
 * tens of thousands of years ahead); the first key of each kind (index, or
 * -1) and the error of the first unreadable one.
 */
void
hbase_rk_check_keys(const rk_layout *l, const rk_column *cols, int ncols,
					const char *const *keys, const size_t *lens, int nkeys,
					hbase_rk_check *res)
{
	rk_value   *cvals = rk_alloc(sizeof(rk_value) * (ncols ? ncols : 1));
	int			i,
				c;
	/* 1971-01-01 and 2200-01-01, microseconds */
	const int64_t lo = INT64_C(31536000) * 1000000,
				hi = INT64_C(7258118400) * 1000000;

	memset(res, 0, sizeof(*res));
	res->first_unreadable = res->first_rewritten = res->first_implausible = -1;
	for (i = 0; i < nkeys; i++)
	{
		const char *err;
		char	   *again = NULL;
		int			len;

		memset(cvals, 0, sizeof(rk_value) * (ncols ? ncols : 1));
		res->keys++;
		if (hbase_rk_decode(l, keys[i], lens[i], cvals, &err) != 0)
		{
			if (res->unreadable++ == 0)
			{
				res->first_unreadable = i;
				snprintf(res->error, sizeof(res->error), "%s", err ? err : "");
			}
			free_values(cvals, cols, ncols);
			continue;
		}
		for (c = 0; c < ncols; c++)
		{
			int64_t		t;

			if (cvals[c].isnull || !hbase_rk_uses_column(l, c) ||
				(cols[c].type != RK_TIMESTAMP && cols[c].type != RK_DATE))
				continue;
			t = cols[c].type == RK_DATE ? cvals[c].i * USECS_PER_DAY : cvals[c].i;
			if (t < lo || t >= hi)
			{
				if (res->implausible++ == 0)
				{
					res->first_implausible = i;
					res->implausible_column = c;
				}
				break;
			}
		}
		len = encode_as(l, cvals, (const unsigned char *) keys[i], lens[i], &again);
		if (len < 0 || (size_t) len != lens[i] || memcmp(again, keys[i], len) != 0)
		{
			if (res->rewritten++ == 0)
				res->first_rewritten = i;
		}
		if (len >= 0)
			rk_dealloc(again);
		free_values(cvals, cols, ncols);
	}
	rk_dealloc(cvals);
}

/*
 * The layout text with column name old (a bare name of the grammar, not in
 * a string or a quoted name) spelled to; allocated, or NULL when the text
 * does not lex.  The caller proves the result (name to may be one the
 * grammar reads otherwise): hbase_rk_check_keys over the keys again.
 */
char *
hbase_rk_rename_column(const char *layout, const char *old, const char *to)
{
	parser		ps;
	buf			out = {0};
	int			copied = 0,
				bad = 0;

	memset(&ps, 0, sizeof(ps));
	ps.text = layout;
	for (;;)
	{
		hbase_rk_next_token(&ps);
		if (ps.tok.kind == T_BAD)
			bad = 1;
		if (ps.tok.kind == T_NAME && ps.tok.len == strlen(old) &&
			memcmp(ps.tok.start, old, ps.tok.len) == 0)
		{
			hbase_rk_buf_append(&out, layout + copied, ps.tok.pos - copied);
			hbase_rk_buf_append(&out, to, strlen(to));
			copied = ps.tok.pos + (int) ps.tok.len;
		}
		if (ps.tok.str)
			rk_dealloc(ps.tok.str);
		if (ps.tok.kind == T_END || ps.tok.kind == T_BAD)
			break;
	}
	if (bad)
	{
		hbase_rk_buf_free(&out);
		return NULL;
	}
	hbase_rk_buf_append(&out, layout + copied, strlen(layout) - copied);
	return out.data;
}
