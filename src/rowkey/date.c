/*
 * rowkey/date.c: date patterns (yyyy MM dd HH mm ss SSS and literal characters) both ways,
 * over the proleptic Gregorian calendar in UTC, for date(col, 'pattern') parts: the encoder
 * writes a value with hbase_rk_format_date and reads it back with hbase_rk_parse_date to
 * refuse what the pattern would lose; the decoder reads keys with hbase_rk_parse_date.
 */
#include <stdio.h>
#include <string.h>

#include "rowkey_int.h"

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

/*
 * v (0 <= v < 10^width) as exactly width decimal digits, zero-padded, appended to out: a date's
 * fields are small and never negative, and snprintf cost more than the rest of a key (issue 55)
 */
static void
append_digits(buf *out, int v, int width)
{
	char		d[4];
	int			i;

	for (i = width - 1; i >= 0; i--, v /= 10)
		d[i] = (char) ('0' + v % 10);
	hbase_rk_buf_append(out, d, width);
}

/*
 * A timestamp (microseconds since 1970, UTC) written in a date pattern, appended to out: each
 * field zero-padded to its letters' count, any other character as it is.  -1 outside years
 * 0000-9999 (four digits are all a pattern has).  What the pattern leaves out is dropped
 * here; the encoder finds out by parsing the text back.
 */
int
hbase_rk_format_date(const char *pattern, int64_t usecs, buf *out)
{
	int64_t		days = floordiv(usecs, USECS_PER_DAY);
	/* not usecs - days * USECS_PER_DAY: that overflows near INT64_MIN */
	int64_t		rem = usecs % USECS_PER_DAY + (usecs % USECS_PER_DAY < 0 ? USECS_PER_DAY : 0);
	int64_t		y;
	int			m,
				d;
	const char *p;

	civil_from_days(days, &y, &m, &d);
	if (y < 0 || y > 9999)
		return -1;
	for (p = pattern; *p;)
	{
		/* a field's letters are as many as its digits */
		int			v = 0,
					w = 0;

		if (strncmp(p, "yyyy", 4) == 0)
			v = (int) y, w = 4;
		else if (strncmp(p, "MM", 2) == 0)
			v = m, w = 2;
		else if (strncmp(p, "dd", 2) == 0)
			v = d, w = 2;
		else if (strncmp(p, "HH", 2) == 0)
			v = (int) (rem / INT64_C(3600000000)), w = 2;
		else if (strncmp(p, "mm", 2) == 0)
			v = (int) (rem / 60000000 % 60), w = 2;
		else if (strncmp(p, "SSS", 3) == 0)
			v = (int) (rem / 1000 % 1000), w = 3;
		else if (strncmp(p, "ss", 2) == 0)
			v = (int) (rem / 1000000 % 60), w = 2;
		if (w > 0)
		{
			append_digits(out, v, w);
			p += w;
		}
		else
			hbase_rk_buf_append(out, p++, 1);
	}
	return 0;
}

/*
 * The timestamp text written in a date pattern stands for, into *usecs (fields the pattern
 * lacks are 1970-01-01 00:00:00.000).  -1 unless the text matches the pattern exactly: the
 * digits of each field, the other characters as they are, and a real calendar date and time
 * (no February 30th, no hour 24), so that a key reads back only as the value it was written
 * from.
 */
int
hbase_rk_parse_date(const char *pattern, const char *s, size_t len, int64_t *usecs)
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
