/*
 * tests/fuzz/fuzz_infer.c: libFuzzer target of the sampler's type inference (IMPORT FOREIGN
 * SCHEMA's sampled cells, src/sql/hbase_infer.c).  The input is one cell's bytes.  The JSON judge
 * stands in for PostgreSQL's parser: it checks that it is only asked about an object or array
 * nested within HBASE_INFER_MAX_JSON_DEPTH, and says yes to objects only.  Aborts when what a
 * value is said to fit does not hold, checked another way: a bigint as strtoll reads it and
 * int8out writes it back, a numeric as strtod reads all of it with only digits, one point and
 * a leading minus, a date or timestamp as timegm and gmtime give it back, a binary long or int
 * of 8 or 4 bytes that are not text, a type for every combination.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fuzz_common.h"
#include "hbase_infer.h"

static int	judged;

static int
judge(const char *v, int len, void *arg)
{
	int			i;

	judged = 1;
	FZ_CHECK(hbase_infer_json_depth(v, len) <= HBASE_INFER_MAX_JSON_DEPTH, "asked about JSON deeper than the limit");
	for (i = 0; i < len && (v[i] == ' ' || v[i] == '\t' || v[i] == '\n' || v[i] == '\r' ||
							v[i] == '\f' || v[i] == '\v'); i++)
		;
	FZ_CHECK(i < len && (v[i] == '{' || v[i] == '['), "asked about JSON that is not an object or array");
	return v[i] == '{';
}

/* y-m-d h:mi:s a real time: timegm and gmtime give the same fields back */
static int
real_time(int y, int m, int d, int h, int mi, int s)
{
	struct tm	tm = {0},
				back;
	time_t		t;

	tm.tm_year = y - 1900;
	tm.tm_mon = m - 1;
	tm.tm_mday = d;
	tm.tm_hour = h;
	tm.tm_min = mi;
	tm.tm_sec = s;
	t = timegm(&tm);
	if (gmtime_r(&t, &back) == NULL)
		return 0;
	return back.tm_year == y - 1900 && back.tm_mon == m - 1 && back.tm_mday == d &&
		back.tm_hour == h && back.tm_min == mi && back.tm_sec == s;
}

static void
check_date(const char *v, int len)
{
	int			y,
				m,
				d,
				n = 0;

	FZ_CHECK(len >= 10 && sscanf(v, "%4d-%2d-%2d%n", &y, &m, &d, &n) == 3 && n == 10,
			 "a date that is not YYYY-MM-DD");
	FZ_CHECK(y >= 1 && y <= 9999 && real_time(y, m, d, 0, 0, 0), "no such day: %.10s", v);
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	const char *v = (const char *) data;
	int			len = size > 1000000 ? 1000000 : (int) size;
	char	   *str = malloc(len + 1);
	int			fits,
				binary;
	const char *type;

	memcpy(str, v, len);
	str[len] = '\0';
	judged = 0;
	fits = hbase_infer_value_fits(v, len, judge, NULL);
	type = hbase_infer_type(fits, &binary);
	FZ_CHECK(type != NULL, "no type for %#x", fits);
	FZ_CHECK((fits & ~HBASE_FIT_ALL) == 0, "unknown bits %#x", fits);
	if (fits & (HBASE_FIT_LONG | HBASE_FIT_INT4))
	{
		FZ_CHECK(!(fits & HBASE_FIT_TEXT), "binary and text");
		FZ_CHECK(binary, "binary number not binary");
		FZ_CHECK(((fits & HBASE_FIT_LONG) && len == 8) || ((fits & HBASE_FIT_INT4) && len == 4),
				 "binary number of %d bytes", len);
		FZ_CHECK((((unsigned char) v[0]) >> 4) == 0 || (((unsigned char) v[0]) >> 4) == 0xf,
				 "binary number beyond +-2^60");
	}
	if (!(fits & HBASE_FIT_TEXT))
		FZ_CHECK((fits & ~(HBASE_FIT_LONG | HBASE_FIT_INT4)) == 0, "text kinds without text: %#x", fits);
	else
		FZ_CHECK(strlen(str) == (size_t) len, "text with a NUL");
	if (fits & HBASE_FIT_INT)
	{
		char		back[32];

		FZ_CHECK(fits & HBASE_FIT_NUMERIC, "bigint not numeric");
		snprintf(back, sizeof(back), "%lld", strtoll(str, NULL, 10));
		FZ_CHECK(strcmp(back, str) == 0, "bigint \"%s\" writes back as \"%s\"", str, back);
	}
	if (fits & HBASE_FIT_NUMERIC)
	{
		char	   *end;
		int			i,
					points = 0;

		(void) strtod(str, &end);
		FZ_CHECK(len > 0 && *end == '\0', "numeric \"%.40s\" that strtod does not read", str);
		for (i = 0; i < len; i++)
		{
			FZ_CHECK((str[i] >= '0' && str[i] <= '9') || (str[i] == '-' && i == 0) ||
					 (str[i] == '.' && points++ == 0), "numeric \"%.40s\" of another form", str);
		}
		FZ_CHECK(strcmp(str, "-0") != 0, "numeric -0");
	}
	if (fits & HBASE_FIT_DATE)
	{
		FZ_CHECK(len == 10, "date of %d bytes", len);
		check_date(v, len);
	}
	if (fits & (HBASE_FIT_TIMESTAMP | HBASE_FIT_TIMESTAMPTZ))
	{
		int			h,
					mi,
					s,
					n = 0;

		FZ_CHECK(!((fits & HBASE_FIT_TIMESTAMP) && (fits & HBASE_FIT_TIMESTAMPTZ)), "both timestamps");
		check_date(v, len);
		FZ_CHECK(v[10] == ' ' || v[10] == 'T', "timestamp without a separator");
		FZ_CHECK(sscanf(str + 11, "%2d:%2d:%2d%n", &h, &mi, &s, &n) == 3 && n == 8,
				 "timestamp without HH:MM:SS");
		FZ_CHECK(real_time(1970, 1, 1, h, mi, s), "no such time: %.8s", str + 11);
	}
	if (fits & HBASE_FIT_JSON)
		FZ_CHECK(judged && (fits & HBASE_FIT_TEXT), "JSON not judged so");
	/* any token: the number check reads within it */
	(void) hbase_infer_json_number_ok(str);
	free(str);
	return 0;
}
