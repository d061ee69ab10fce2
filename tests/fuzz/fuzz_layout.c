/*
 * tests/fuzz/fuzz_layout.c: libFuzzer target of the rowkey layout inference
 * (src/rowkey/infer.c).  The input is a sample of keys, one per line ("\n"
 * separates them; at most 64).  Every layout inferred must compile and,
 * checked apart by hbase_rk_check_keys, read every key and write it back the
 * same (the inference's one promise); the candidates must come most specific
 * first.  Any crash, sanitizer report or broken promise aborts.  The
 * inference's own budget (MAX_TRIES layouts) keeps each input fast: a
 * timeout is a finding too.  bench/fuzz.sh builds and runs it (target layout).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rowkey.h"

#define MAXKEYS 64

#define CHECK(cond, ...) do { \
	if (!(cond)) { fprintf(stderr, "fuzz check failed: %s: ", #cond); \
		fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); abort(); } \
} while (0)

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *keys[MAXKEYS];
	size_t		lens[MAXKEYS];
	int			n = 0,
				found,
				i;
	size_t		start = 0,
				p;
	static hbase_rk_candidate cands[8];

	for (p = 0; p <= size && n < MAXKEYS; p++)
		if (p == size || data[p] == '\n')
		{
			keys[n] = (const char *) data + start;
			lens[n] = p - start;
			n++;
			start = p + 1;
		}
	found = hbase_rk_infer(keys, lens, n, cands, 8);
	for (i = 0; i < found; i++)
	{
		const char *err;
		int			pos;
		rk_layout  *l = hbase_rk_parse(cands[i].layout, cands[i].columns, cands[i].ncolumns, &err, &pos);
		hbase_rk_check res;

		CHECK(l != NULL, "layout \"%s\" does not compile: %s", cands[i].layout, err);
		hbase_rk_check_keys(l, cands[i].columns, cands[i].ncolumns, keys, lens, n, &res);
		CHECK(res.unreadable == 0 && res.rewritten == 0 && cands[i].explained == n,
			  "layout \"%s\": %d keys unreadable, %d written otherwise (%s)", cands[i].layout,
			  res.unreadable, res.rewritten, res.error);
		CHECK(i == 0 || cands[i].score <= cands[i - 1].score, "candidates out of order");
		hbase_rk_free(l);
	}
	hbase_rk_infer_free(cands, found);
	return 0;
}
