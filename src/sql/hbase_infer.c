/*
 * hbase_infer.c: what a sampled cell (or rowkey) fits, for the column types
 * IMPORT FOREIGN SCHEMA infers (import.c reads the sample and writes the
 * statements).  Pure C, no PostgreSQL headers: tests/fuzz/fuzz_infer.c runs
 * it under ASan and UBSan.  A type is inferred only for values that
 * PostgreSQL's own input function takes: the text forms are strict (numbers
 * as int8out and numeric_out write them, ISO dates and timestamps that every
 * DateStyle reads alike) and within numeric_in's limits; JSON is judged by
 * PostgreSQL's parser, which the caller passes in.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hbase_infer.h"
#include "rowkey.h"

static int
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* n digits at s */
static int
digits(const char *s, int n)
{
	int			i;

	for (i = 0; i < n; i++)
		if (!is_digit(s[i]))
			return 0;
	return 1;
}

static int
num(const char *s, int n)
{
	int			v = 0;
	int			i;

	for (i = 0; i < n; i++)
		v = v * 10 + (s[i] - '0');
	return v;
}

/* "YYYY-MM-DD", a real day from year 1 to 9999 (the form every DateStyle reads) */
static int
is_iso_date(const char *s, int len)
{
	static const int mdays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	int			y,
				m,
				d;

	if (len != 10 || !digits(s, 4) || s[4] != '-' || !digits(s + 5, 2) || s[7] != '-' ||
		!digits(s + 8, 2))
		return 0;
	y = num(s, 4);
	m = num(s + 5, 2);
	d = num(s + 8, 2);
	if (y < 1 || m < 1 || m > 12 || d < 1 || d > mdays[m - 1])
		return 0;
	return m != 2 || d < 29 || (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0));
}

/*
 * "YYYY-MM-DD HH:MM:SS" (or a 'T' between), up to 6 fraction digits (more
 * would be rounded); returns the length taken, 0 when it is not one
 */
static int
iso_timestamp_len(const char *s, int len)
{
	int			n = 19;

	if (len < 19 || !is_iso_date(s, 10) || (s[10] != ' ' && s[10] != 'T') ||
		!digits(s + 11, 2) || s[13] != ':' || !digits(s + 14, 2) || s[16] != ':' ||
		!digits(s + 17, 2) || num(s + 11, 2) > 23 || num(s + 14, 2) > 59 || num(s + 17, 2) > 59)
		return 0;
	if (n < len && s[n] == '.')
	{
		int			f = 0;

		while (n + 1 + f < len && is_digit(s[n + 1 + f]))
			f++;
		if (f < 1 || f > 6)
			return 0;
		n += 1 + f;
	}
	return n;
}

/* Z, +HH, +HHMM or +HH:MM (or -) */
static int
is_zone(const char *s, int len)
{
	if (len == 1)
		return s[0] == 'Z';
	if (len < 3 || (s[0] != '+' && s[0] != '-') || !digits(s + 1, 2) || num(s + 1, 2) > 15)
		return 0;
	if (len == 3)
		return 1;
	if (len == 5)
		return digits(s + 3, 2) && num(s + 3, 2) < 60;
	return len == 6 && s[3] == ':' && digits(s + 4, 2) && num(s + 4, 2) < 60;
}

/*
 * numeric_in's limits (PostgreSQL 15, numeric.c): an exponent within
 * +-1000 (NUMERIC_MAX_PRECISION), at most 131072 digits before the point
 * (NUMERIC_WEIGHT_MAX of base-10000 digits) and 16383 after it
 * (NUMERIC_DSCALE_MAX).  A number past them is text, not numeric: "0." and
 * 17,000 digits, or 1e1000000 in a JSON value, which jsonb refuses too.
 */
#define NUMERIC_IN_MAX_EXPONENT		1000
#define NUMERIC_IN_MAX_INT_DIGITS	131072
#define NUMERIC_IN_MAX_FRAC_DIGITS	16383

/* does numeric_in take a number of intdigits.fracdigits e exp? */
static int
hbase_infer_numeric_takes(long intdigits, long fracdigits, long exp)
{
	if (exp > NUMERIC_IN_MAX_EXPONENT || exp < -NUMERIC_IN_MAX_EXPONENT)
		return 0;
	return intdigits + exp <= NUMERIC_IN_MAX_INT_DIGITS &&
		fracdigits - exp <= NUMERIC_IN_MAX_FRAC_DIGITS;
}

/* a JSON number token (the lexer checked its form): would jsonb's numeric_in take it? */
int
hbase_infer_json_number_ok(const char *t)
{
	long		intdigits = 0,
				fracdigits = 0,
				exp = 0;
	int			esign = 1;

	if (*t == '-')
		t++;
	while (is_digit(*t))
		intdigits++, t++;
	if (*t == '.')
		for (t++; is_digit(*t); t++)
			fracdigits++;
	if (*t == 'e' || *t == 'E')
	{
		t++;
		if (*t == '+' || *t == '-')
			esign = *t++ == '-' ? -1 : 1;
		for (; is_digit(*t); t++)
			if ((exp = exp * 10 + (*t - '0')) > NUMERIC_IN_MAX_EXPONENT)
				return 0;
	}
	return hbase_infer_numeric_takes(intdigits, fracdigits, esign * exp);
}

/*
 * The nesting depth of brackets outside strings, stopping past
 * HBASE_INFER_MAX_JSON_DEPTH (a cell of 100,000 '[' would exhaust the
 * parser's stack)
 */
int
hbase_infer_json_depth(const char *v, int len)
{
	int			depth = 0,
				deepest = 0,
				i;
	int			in_string = 0;

	for (i = 0; i < len && deepest <= HBASE_INFER_MAX_JSON_DEPTH; i++)
	{
		if (in_string)
		{
			if (v[i] == '\\')
				i++;
			else if (v[i] == '"')
				in_string = 0;
		}
		else if (v[i] == '"')
			in_string = 1;
		else if (v[i] == '{' || v[i] == '[')
		{
			if (++depth > deepest)
				deepest = depth;
		}
		else if (v[i] == '}' || v[i] == ']')
			depth--;
	}
	return deepest;
}

static int
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/*
 * What one value (a cell, or a key) fits.  TEXT: valid UTF-8 without
 * control characters (but tab, newline, carriage return), which a binary
 * number rarely is (a long below 2^56 starts with a 0 byte); the text kinds
 * only with it.  LONG and INT4: 8 and 4 bytes that are not such text, Java's
 * Bytes.toBytes(long) and (int), of a value within +-2^60 (+-2^28): the top
 * 4 bits all 0 or all 1, which a double or float (bar the tiniest), a
 * Phoenix-encoded number (sign bit flipped) or a random 64-bit id rarely
 * has, so that those stay bytea rather than read as wrong numbers.  The
 * text kinds are strict forms: numbers as PostgreSQL writes them (no
 * leading zeros: a zip code "01234" stays text; no "+", no exponent), ISO
 * dates and timestamps.
 */
int
hbase_infer_value_fits(const char *v, int len, hbase_json_takes json_takes, void *arg)
{
	int			fits = HBASE_FIT_TEXT;
	int			i;
	int			start;
	int			intlen;

	if (len < 0 || !hbase_rk_utf8_valid((const unsigned char *) v, (size_t) len))
		fits = 0;
	for (i = 0; i < len && fits; i++)
		if (((unsigned char) v[i] < 0x20 && v[i] != '\t' && v[i] != '\n' && v[i] != '\r') ||
			v[i] == 0x7f)
			fits = 0;
	if (!fits)
	{
		unsigned char top = len > 0 ? (unsigned char) v[0] >> 4 : 1;

		if (top != 0x0 && top != 0xf)
			return 0;
		return len == 8 ? HBASE_FIT_LONG : len == 4 ? HBASE_FIT_INT4 : 0;
	}

	/* numbers: -?(0|[1-9][0-9]*)(\.[0-9]+)?, not "-0" */
	start = (len > 0 && v[0] == '-') ? 1 : 0;
	for (i = start; i < len && is_digit(v[i]); i++)
		;
	intlen = i - start;
	if (intlen > 0 && (v[start] != '0' || intlen == 1) &&
		hbase_infer_numeric_takes(intlen, len - i > 1 ? len - i - 1 : 0, 0))
	{
		if (i == len && !(start == 1 && intlen == 1 && v[1] == '0'))
		{
			fits |= HBASE_FIT_NUMERIC;
			/* int8in's range: at most 19 digits, then strtoll says */
			if (intlen <= 19)
			{
				char		str[24];
				char	   *end;

				memcpy(str, v, len);
				str[len] = '\0';
				errno = 0;
				(void) strtoll(str, &end, 10);
				if (errno == 0 && *end == '\0')
					fits |= HBASE_FIT_INT;
			}
		}
		else if (i < len && v[i] == '.' && i + 1 < len && digits(v + i + 1, len - i - 1))
			fits |= HBASE_FIT_NUMERIC;
	}
	if (is_iso_date(v, len))
		fits |= HBASE_FIT_DATE;
	else if ((i = iso_timestamp_len(v, len)) == len && len > 0)
		fits |= HBASE_FIT_TIMESTAMP;
	else if (i > 0 && is_zone(v + i, len - i))
		fits |= HBASE_FIT_TIMESTAMPTZ;
	for (i = 0; i < len && is_space(v[i]); i++)
		;
	if (i < len && (v[i] == '{' || v[i] == '[') &&
		hbase_infer_json_depth(v, len) <= HBASE_INFER_MAX_JSON_DEPTH &&
		json_takes(v, len, arg))
		fits |= HBASE_FIT_JSON;
	return fits;
}

/* the type (and whether binary) of a column whose values fit fits */
const char *
hbase_infer_type(int fits, int *binary)
{
	*binary = 0;
	if (fits & HBASE_FIT_TEXT)
	{
		if (fits & HBASE_FIT_INT)
			return "bigint";
		if (fits & HBASE_FIT_NUMERIC)
			return "numeric";
		if (fits & HBASE_FIT_DATE)
			return "date";
		if (fits & HBASE_FIT_TIMESTAMP)
			return "timestamp";
		if (fits & HBASE_FIT_TIMESTAMPTZ)
			return "timestamptz";
		if (fits & HBASE_FIT_JSON)
			return "jsonb";
		return "text";
	}
	*binary = (fits & (HBASE_FIT_LONG | HBASE_FIT_INT4)) != 0;
	if (fits & HBASE_FIT_LONG)
		return "bigint";
	if (fits & HBASE_FIT_INT4)
		return "integer";
	return "bytea";
}
