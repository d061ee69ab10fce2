/*
 * tests/fuzz/fuzz_cellset_json.c: libFuzzer target of the JSON CellSet decoder
 * (src/wire/cellset_json.c), with jansson (the document it replaced) and a base64 decoder of
 * this file as the oracle.  The first two bytes are the limits (rows, cells: 0 none), the
 * rest the answer.  Aborts when: the decoded set is inconsistent or beyond its limits; it
 * took more than the decode budget; the decoder accepts what jansson does not parse as
 * such a CellSet, or reads other rows, keys, cells, values or timestamps; it refuses as
 * malformed a CellSet jansson reads (unique members, at most 64 levels deep); or its
 * one-pass reading (of an answer up to 64 KiB) and its two-pass one (of a larger answer)
 * differ.
 */
#include "fuzz_jansson.h"

/* the oracle's base64: blanks dropped, then groups of 4, '=' only closing the last */
static long
ref_b64(const char *s, size_t n, unsigned char *out)
{
	static const char alpha[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	char	   *t = malloc(n + 1);
	size_t		m = 0,
				i;
	long		o = 0;

	for (i = 0; i < n; i++)
		if (!strchr(" \t\r\n", s[i]) || s[i] == '\0')
			t[m++] = s[i];
	if (m % 4 != 0)
	{
		free(t);
		return -1;
	}
	for (i = 0; i < m; i += 4)
	{
		int			v[4],
					k,
					pad = 0;

		for (k = 0; k < 4; k++)
		{
			const char *c = t[i + k] ? strchr(alpha, t[i + k]) : NULL;

			if (t[i + k] == '=' && i + 4 == m && k >= 2 && (k == 3 || t[i + 3] == '='))
			{
				v[k] = 0;
				pad++;
			}
			else if (c && !pad)
				v[k] = (int) (c - alpha);
			else
			{
				free(t);
				return -1;
			}
		}
		out[o++] = (unsigned char) ((v[0] << 2) | (v[1] >> 4));
		if (pad < 2)
			out[o++] = (unsigned char) (((v[1] & 15) << 4) | (v[2] >> 2));
		if (pad < 1)
			out[o++] = (unsigned char) (((v[2] & 3) << 6) | v[3]);
	}
	free(t);
	return o;
}

/* a JSON string holds base64 of these bytes (1), other bytes (0), or no base64 (-1) */
static int
same_b64(json_t *s, const char *bytes, int len)
{
	unsigned char *buf;
	long		n;
	int			r;

	if (!json_is_string(s))
		return -1;
	buf = malloc(json_string_length(s) + 1);
	n = ref_b64(json_string_value(s), json_string_length(s), buf);
	r = n < 0 ? -1 : (n == len && (len == 0 || memcmp(buf, bytes, len) == 0));
	free(buf);
	return r;
}

/*
 * jansson's reading of a CellSet: 1 when it is one and (set given) the same as set, 0 when
 * it is none (no "Row" array, a row without a base64 key...)
 */
static int
oracle(json_t *root, const HBaseCellSet *set)
{
	json_t	   *rows = json_is_object(root) ? json_object_get(root, "Row") : NULL;
	size_t		i,
				j;

	if (!json_is_array(rows))
		return 0;
	if (set)
		FZ_CHECK((size_t) set->nrows == json_array_size(rows), "%d rows, jansson %zu",
				 set->nrows, json_array_size(rows));
	for (i = 0; i < json_array_size(rows); i++)
	{
		json_t	   *row = json_array_get(rows, i);
		json_t	   *cells = json_object_get(row, "Cell");
		const HBaseRow *r = set ? &set->rows[i] : NULL;
		int			k;

		if (!json_is_object(row))
			return 0;
		k = same_b64(json_object_get(row, "key"), r ? r->key : "", r ? r->keylen : 0);
		if (k < 0)
			return 0;
		if (set)
			FZ_CHECK(k == 1, "row %zu: another key", i);
		if (cells != NULL && !json_is_array(cells))
			return 0;
		if (set)
			FZ_CHECK((size_t) r->ncells == json_array_size(cells), "row %zu: %d cells, jansson %zu",
					 i, r->ncells, json_array_size(cells));
		for (j = 0; j < json_array_size(cells); j++)
		{
			json_t	   *cell = json_array_get(cells, j);
			const HBaseCell *c = r ? &r->cells[j] : NULL;
			json_t	   *ts = json_object_get(cell, "timestamp");
			json_t	   *val = json_object_get(cell, "$");

			if (!json_is_object(cell))
				return 0;
			k = same_b64(json_object_get(cell, "column"), c ? c->column : "", c ? c->collen : 0);
			if (k < 0)
				return 0;
			if (set)
				FZ_CHECK(k == 1, "another column");
			if (val)
			{
				k = same_b64(val, c ? c->value : "", c ? c->vallen : 0);
				if (k < 0)
					return 0;
				if (set)
					FZ_CHECK(k == 1, "another value");
			}
			else if (set)
				FZ_CHECK(c->vallen == 0, "a value where there is none");
			if (set)
				FZ_CHECK(c->timestamp == (json_is_integer(ts) ? json_integer_value(ts) : 0),
						 "another timestamp");
		}
	}
	return 1;
}

/* the blocks of the two-pass reading, apart from fz_alloc's (which hold the one-pass set) */
static void *two_blocks[4];
static int	two_nblocks;

static void *
two_alloc(void *arg, size_t size)
{
	FZ_CHECK(two_nblocks < 4, "more than 4 allocations for one answer");
	return two_blocks[two_nblocks++] = malloc(size ? size : 1);
}

/*
 * The answer (body, without limits) read in two passes, as a larger one is
 * (hbase_cellset_json_decode reads a small one in one): the same result, and
 * when decoded the same rows, cells and bytes as the one-pass reading (set).
 */
static void
same_in_two_passes(const uint8_t *body, size_t size, int res, const HBaseCellSet *set)
{
	HBaseDecodeLimits none = {0, 0};
	HBaseCellSet two;
	char		err[HBASE_DECODE_ERRLEN];
	int			res2,
				r,
				c;

	res2 = hbase_cellset_json_decode_passes((const char *) body, size, &none, two_alloc, NULL,
											&two, err, 2);
	FZ_CHECK(res2 == res, "one pass gave %d, two passes %d (%s)", res, res2, err);
	if (res == HBASE_DECODE_OK)
	{
		FZ_CHECK(two.nrows == set->nrows && two.ncells == set->ncells &&
				 two.decoded == set->decoded, "one pass and two passes read other counts");
		for (r = 0; r < set->nrows; r++)
		{
			const HBaseRow *a = &set->rows[r],
					   *b = &two.rows[r];

			FZ_CHECK(a->keylen == b->keylen && memcmp(a->key, b->key, a->keylen) == 0 &&
					 a->ncells == b->ncells, "one pass and two passes read another row %d", r);
			for (c = 0; c < a->ncells; c++)
				FZ_CHECK(a->cells[c].collen == b->cells[c].collen &&
						 a->cells[c].vallen == b->cells[c].vallen &&
						 a->cells[c].timestamp == b->cells[c].timestamp &&
						 memcmp(a->cells[c].column, b->cells[c].column, a->cells[c].collen) == 0 &&
						 memcmp(a->cells[c].value, b->cells[c].value, a->cells[c].vallen) == 0,
						 "one pass and two passes read another cell %d of row %d", c, r);
		}
	}
	while (two_nblocks > 0)
		free(two_blocks[--two_nblocks]);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	HBaseCellSet set;
	char		err[HBASE_DECODE_ERRLEN];
	int			res;
	FzJson		j;

	res = fz_cellset_decode(hbase_cellset_json_decode, &data, &size, &set, err);
	if (res < 0)
		return 0;
	same_in_two_passes(data, size, res, &set);
	/* members it skips may come twice: jansson keeps the last */
	fz_json_load(&j, data, size);
	if (res == HBASE_DECODE_OK)
	{
		fz_json_accepted(&j);
		if (j.root)
			FZ_CHECK(oracle(j.root, &set) == 1, "decoded what is no CellSet to jansson");
	}
	if (res == HBASE_DECODE_INVALID && j.strict)
		FZ_CHECK(oracle(j.strict, NULL) == 0, "refused a CellSet jansson reads: %s", err);
	fz_json_free(&j);
	fz_reset();
	return 0;
}
