/*
 * tests/unit/bench_rowkey.c: CPU nanoseconds per compile, encode and decode of three layouts
 * (a hash prefix with a date pattern and an optional group; a Phoenix salt with desc text, a
 * timestamp and a decimal; reversed padding, Long.MAX_VALUE - epoch_ms, a sortable double).
 * A tiny loop for comparing two builds of the codec in one run, e.g. the single rowkey.c of
 * an older revision against src/rowkey/ (same flags as the extension's):
 *   git show REV:src/rowkey.c > /tmp/old/rowkey.c; git show REV:src/rowkey.h > /tmp/old/rowkey.h
 *   cc -O2 -fwrapv -fPIC -I/tmp/old -o /tmp/b_old tests/unit/bench_rowkey.c /tmp/old/rowkey.c -lcrypto
 *   cc -O2 -fwrapv -fPIC -Isrc/rowkey -o /tmp/b_new tests/unit/bench_rowkey.c src/rowkey/[a-z]*.c -lcrypto
 *   for r in 1 2 3 4 5 6 7; do /tmp/b_old; /tmp/b_new; done     (interleaved rounds)
 * On a loaded machine, count instructions instead of time, per entry point:
 *   valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect=hbase_rk_encode \
 *     /tmp/b_new 2000 0        ("Collected" / 3,000 calls; hbase_rk_parse: / 200, decode: / 2,000)
 * Arguments: N (encodes and decodes a layout, N/10 compiles; default 200000), and a layout's
 * index to run that one only.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rowkey.h"

static const rk_column columns[] = {
	{"company_id", RK_INT, 4}, {"stat_date", RK_DATE, 0}, {"campaign_id", RK_INT, 4},
	{"name", RK_TEXT, 0}, {"ts", RK_TIMESTAMP, 0}, {"price", RK_NUMERIC, 0}, {"x", RK_FLOAT, 8},
};
#define NCOLS 7

static const char *const layouts[] = {
	"left(md5(company_id + stat_date), 5) + lpad(company_id, 6) + date(stat_date, \"yyyyMMdd\") + [lpad(campaign_id, 6)]",
	"salt(8) + desc(name) + '\\xff' + phoenix_timestamp(ts) + phoenix_decimal(price)",
	"reverse(lpad(company_id, 10)) + long(Long.MAX_VALUE - epoch_ms(ts)) + sortable(double(x)) + name",
};

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

int
main(int argc, char **argv)
{
	int			n = argc > 1 ? atoi(argv[1]) : 200000;
	int			li;

	for (li = 0; li < 3; li++)
	{
		if (argc > 2 && atoi(argv[2]) != li)
			continue;
		const char *err;
		int			pos,
					k;
		double		t0,
					tc,
					te,
					td;
		rk_layout  *l = NULL;
		rk_value	v[NCOLS];
		char	   *out;
		long		sink = 0;
		char		nm[16];

		t0 = now();
		for (k = 0; k < n / 10; k++)
		{
			l = hbase_rk_parse(layouts[li], columns, NCOLS, &err, &pos);
			if (!l)
			{
				fprintf(stderr, "%s\n", err);
				return 1;
			}
			if (k + 1 < n / 10)
				hbase_rk_free(l);
		}
		tc = (now() - t0) / (n / 10);
		memset(v, 0, sizeof(v));
		t0 = now();
		for (k = 0; k < n; k++)
		{
			v[0].i = k % 100000;
			v[1].i = 19000 + k % 366;
			v[2].i = k % 977;
			snprintf(nm, sizeof(nm), "n%d", k);
			v[3].s = nm;
			v[3].len = strlen(nm);
			v[4].i = 1700000000000000LL + k * 1000LL;
			v[5].s = "-12.50";
			v[5].len = 6;
			v[6].f = k * 0.5;
			sink += hbase_rk_encode(l, v, 0, &out, &err);
			free(out);
		}
		te = (now() - t0) / n;
		/* decode: one key per distinct value of company_id */
		{
			char	   *keys[1000];
			int			lens[1000];
			rk_value	d[NCOLS];

			for (k = 0; k < 1000; k++)
			{
				v[0].i = k * 7;
				lens[k] = hbase_rk_encode(l, v, 0, &keys[k], &err);
			}
			t0 = now();
			for (k = 0; k < n; k++)
			{
				int			c;

				sink += hbase_rk_decode(l, keys[k % 1000], lens[k % 1000], d, &err);
				for (c = 0; c < NCOLS; c++)
					if (!d[c].isnull && (c == 3 || c == 5))
						free((void *) d[c].s);
			}
			td = (now() - t0) / n;
			for (k = 0; k < 1000; k++)
				free(keys[k]);
		}
		printf("layout %d: compile %.0f ns, encode %.0f ns, decode %.0f ns (%ld)\n", li, tc, te, td, sink % 7);
		hbase_rk_free(l);
	}
	return 0;
}
