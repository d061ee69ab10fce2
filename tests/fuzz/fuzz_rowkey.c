/*
 * tests/fuzz/fuzz_rowkey.c: libFuzzer target for the pure-C rowkey codec (src/rowkey/).
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -Isrc/rowkey tests/fuzz/fuzz_rowkey.c \
 *         src/rowkey/*.c -lcrypto -o /tmp/fuzz_rowkey && /tmp/fuzz_rowkey -max_total_time=300
 *
 * (bench/fuzz.sh does this.)  Even first bytes: the rest is a layout text, compiled against a
 * fixed set of columns of every type; when it compiles, the same bytes are decoded as a key.
 * Odd first bytes: the rest is a key of one of the seed layouts; a key that decodes must
 * encode back to the same bytes (a key that reads as values other than its own would make a
 * Get or a range miss rows).  A layout refused must say where (an offset in its text).  Any crash, sanitizer report or round-trip mismatch aborts.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rowkey.h"

static const rk_column columns[] = {
	{"a", RK_INT, 4}, {"b", RK_INT, 8}, {"c", RK_TEXT, 0}, {"d", RK_BYTES, 0},
	{"e", RK_DATE, 0}, {"f", RK_TIMESTAMP, 0}, {"g", RK_FLOAT, 8}, {"h", RK_INT, 2},
	{"i", RK_FLOAT, 4}, {"j", RK_TEXT, 0},
};
#define NCOLS ((int) (sizeof(columns) / sizeof(columns[0])))

static const char *const layouts[] = {
	"left(md5(c), 5) + c",
	"left(md5(a + e), 5) + lpad(a, 6) + date(e, \"yyyyMMdd\") + [lpad(h, 6)]",
	"left(md5(c), 3) + fixed(c, 11) + date(f, \"yyyyMMddHHmmss\") + j",
	"reverse(c)",
	"reverse(lpad(b, 10)) + (Long.MAX_VALUE - epoch_ms(f))",
	"reverse(lpad(b, 10)) + long(Long.MAX_VALUE - epoch_ms(f))",
	"salt(5, javahash(epoch_ms(f))) + lpad(a, 8) + long(epoch_ms(f)) + int(h)",
	"long(bitreverse(b)) + long(epoch_ms(f))",
	"lpad(a, 8) + lpad(b, 10)",
	"salt(4) + lpad(a, 8)",
	"letter(salt(4, random)) + \"-\" + c",
	"c + \"|\" + lpad(a, 5) + [\"|\" + j]",
	"c + \"\\x00\" + lpad(a, 4)",
	"bytes(d) + \"\\x00\" + sortable(long(b))",
	"sortable(double(g)) + sortable(float(i)) + short(h) + int(a)",
	"c + \"aa\" + j",
	"hex(salt(16, javahash(c)), 2) + c + \"\\xff\" + [bytes(d)]",
	"left(sha256_raw(c + a), 4) + c + \"\\x00\" + int(a)",
	"date(e, \"yyyy-MM-dd\") + \"/\" + epoch(f)",
	"lpad(salt(3), 2) + rpad(c, 6, '_') + lpad(a, 3)",
	/* Phoenix's nullable key columns ending the key: nested groups, nullable parts */
	"c + [\"\\x00\" + j + [\"\\x00\" + bytes(d)]]",
	"salt(3) + sortable(int(a)) + [desc(c) + \"\\xff\" + [desc(j) + \"\\xff\"]]",
};
#define NLAYOUTS ((int) (sizeof(layouts) / sizeof(layouts[0])))

static rk_layout *compiled[NLAYOUTS];

/* what PostgreSQL's text input accepts: UTF-8 without NUL (the FDW refuses other keys) */
static int
valid_text(const unsigned char *s, size_t len)
{
	return memchr(s, 0, len) == NULL && hbase_rk_utf8_valid(s, len);
}

/* text and bytea values own their bytes (even after a failed decode): free them */
static void
free_values(rk_value *values)
{
	int			i;

	for (i = 0; i < NCOLS; i++)
		free((void *) values[i].s);
}

/* values that encode back to their bytes: NaNs have many bit patterns (SQL never asks for
 * one by key, pushdown.c), text must be valid */
static int
encodable(const rk_value *values)
{
	int			i;

	for (i = 0; i < NCOLS; i++)
		if ((columns[i].type == RK_TEXT && !values[i].isnull && values[i].s &&
			 !valid_text((const unsigned char *) values[i].s, values[i].len)) ||
			(columns[i].type == RK_FLOAT && !values[i].isnull && values[i].f != values[i].f))
			return 0;
	return 1;
}

static void
roundtrip(rk_layout *l, const uint8_t *key, size_t len)
{
	rk_value	values[NCOLS];
	const char *err;
	char	   *out;
	int			n;
	int			bucket = 0;
	int			i;

	memset(values, 0, sizeof(values));
	if (hbase_rk_decode(l, (const char *) key, len, values, &err) != 0)
	{
		free_values(values);
		return;
	}
	if (!encodable(values))
	{
		free_values(values);
		return;
	}
	/* a random salt: write the key's own bucket again */
	if (len > 0)
	{
		rk_part_info first;

		hbase_rk_part(l, 0, &first);
		if (first.kind == RK_PART_SALT && first.salt_random)
			bucket = key[0] - 'a';
	}
	n = hbase_rk_encode(l, values, bucket, &out, &err);
	if (n < 0)
	{
		fprintf(stderr, "decoded key does not encode: %s\n", err);
		abort();
	}
	if ((size_t) n != len || memcmp(out, key, len) != 0)
	{
		fprintf(stderr, "key does not round-trip (%d vs %zu bytes)\n", n, len);
		abort();
	}
	free(out);
	free_values(values);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int			i;

	for (i = 0; i < NLAYOUTS; i++)
	{
		const char *err;
		int			pos;

		compiled[i] = hbase_rk_parse(layouts[i], columns, NCOLS, &err, &pos);
		if (compiled[i] == NULL)
		{
			fprintf(stderr, "seed layout %d does not compile: %s\n", i, err);
			exit(2);
		}
	}
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	if (data[0] & 1)
	{
		int			which = (data[0] >> 1) % NLAYOUTS;

		roundtrip(compiled[which], data + 1, size - 1);
	}
	else
	{
		char	   *text = malloc(size);
		const char *err;
		int			pos;
		rk_layout  *l;

		memcpy(text, data + 1, size - 1);
		text[size - 1] = '\0';
		l = hbase_rk_parse(text, columns, NCOLS, &err, &pos);
		/* every error names what and where: an offset in the text, its end included */
		if (l == NULL && (err == NULL || pos < 0 || (size_t) pos > strlen(text)))
		{
			fprintf(stderr, "a layout error without a position: %s at %d\n", err ? err : "(none)", pos);
			abort();
		}
		if (l)
		{
			rk_value	values[NCOLS];

			memset(values, 0, sizeof(values));
			(void) hbase_rk_decode(l, (const char *) data + 1, size - 1, values, &err);
			free_values(values);
			/* rowkey_extra 'ignore': a key that decodes starts with what its values encode */
			if ((data[0] & 2) && hbase_rk_allow_extra(l))
			{
				rk_part_info first;
				char	   *out;
				int			n;

				memset(values, 0, sizeof(values));
				hbase_rk_part(l, 0, &first);
				if (hbase_rk_decode(l, (const char *) data + 1, size - 1, values, &err) == 0 &&
					encodable(values) && first.kind != RK_PART_SALT && first.kind != RK_PART_HASH &&
					(n = hbase_rk_encode(l, values, 0, &out, &err)) >= 0)
				{
					if ((size_t) n > size - 1 || memcmp(out, data + 1, n) != 0)
					{
						fprintf(stderr, "a key with extra bytes does not start with its encoding\n");
						abort();
					}
					free(out);
				}
				free_values(values);
			}
			hbase_rk_free(l);
		}
		free(text);
	}
	return 0;
}
