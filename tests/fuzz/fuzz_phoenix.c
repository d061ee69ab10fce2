/*
 * tests/fuzz/fuzz_phoenix.c: libFuzzer target of what Phoenix keeps in the cells a gateway
 * sends: the elements of a SINGLE_CELL_ARRAY_WITH_OFFSETS cell (src/phoenix/phoenix_cell.c), a
 * DECIMAL (src/rowkey/decimal.c, hbase_rk_phoenix_decimal_text), and the rows of SYSTEM.CATALOG (a
 * protobuf CellSet page read as phoenix_catalog.c does: key fields, cells by qualifier,
 * Phoenix's integers).  The first byte picks which; the rest are the cell's or the page's
 * bytes.  Aborts when: an element lies outside its cell or is empty; a DECIMAL that reads
 * does not write back (within the writer's range) to a DECIMAL that reads the same; a key field holds a NUL or lies
 * outside its key; the page took more than the decode budget.  The fixed-width types
 * (integers, floats, dates, BOOLEAN) check their length before reading any byte
 * (phoenix.c), so they need no target of their own.
 */
#include "fuzz_common.h"
#include "rowkey.h"

static const char *const catalog_names[] = {
	"TABLE_TYPE", "SALT_BUCKETS", "ENCODING_SCHEME", "IMMUTABLE_STORAGE_SCHEME",
	"IS_NAMESPACE_MAPPED", "DEFAULT_COLUMN_FAMILY", "DATA_TYPE", "KEY_SEQ", "SORT_ORDER",
	"COLUMN_SIZE", "DECIMAL_DIGITS", "ORDINAL_POSITION", "COLUMN_QUALIFIER",
};

static void
elements(const char *cell, int len)
{
	int			e;

	for (e = 0; e < 70; e++)
	{
		const char *v = NULL;
		int			vlen = -1;
		int			r = hbase_phoenix_element(cell, len, e, &v, &vlen);

		FZ_CHECK(r >= -1 && r <= 1, "element %d: %d", e, r);
		if (r == 1)
		{
			FZ_CHECK(vlen > 0 && v >= cell && v + vlen <= cell + len,
					 "element %d: %d bytes at %ld of a cell of %d", e, vlen, (long) (v - cell), len);
			{
				volatile unsigned char sink = 0;
				int			i;

				for (i = 0; i < vlen; i++)
					sink ^= (unsigned char) v[i];
				(void) sink;
			}
		}
		if (r < 0)
			break;
	}
}

static void
decimal(const unsigned char *p, size_t len)
{
	char		txt[RK_DEC_TEXT_MAX];
	char		again[RK_DEC_TEXT_MAX];
	unsigned char b[RK_PHX_DECIMAL_MAX];
	int			n = hbase_rk_phoenix_decimal_text(p, len, txt);
	int			m;

	if (n < 0)
		return;
	FZ_CHECK(n < RK_DEC_TEXT_MAX && txt[n] == '\0', "a text of %d bytes", n);
	m = hbase_rk_phoenix_decimal(txt, n, b);
	/* the bytes reach magnitudes the writer refuses (below 1e-126: Phoenix misreads them) */
	if (m == RK_DEC_RANGE)
		return;
	FZ_CHECK(m > 0, "the DECIMAL %s does not write back (%d)", txt, m);
	FZ_CHECK(hbase_rk_phoenix_decimal_text(b, m, again) >= 0 && strcmp(txt, again) == 0,
			 "%s writes back as %s", txt, again);
}

static void
catalog(const char *body, size_t len)
{
	HBaseDecodeLimits lim = {1000, 100000};
	HBaseCellSet set;
	char		err[HBASE_DECODE_ERRLEN];
	int			i;

	if (hbase_cellset_pb_decode(body, len, &lim, fz_alloc, NULL, &set, err) == HBASE_DECODE_OK)
	{
		fz_check_cellset(&set, &lim);
		for (i = 0; i < set.nrows; i++)
		{
			const HBaseRow *row = &set.rows[i];
			HBasePhxField f[HBASE_PHX_KEY_FIELDS];
			int			n = hbase_phoenix_key_fields(row->key, row->keylen, f);
			int			k;

			FZ_CHECK(n >= 1 && n <= HBASE_PHX_KEY_FIELDS, "%d key fields", n);
			for (k = 0; k < n; k++)
				FZ_CHECK(f[k].len >= 0 && f[k].s >= row->key && f[k].s + f[k].len <= row->key + row->keylen &&
						 memchr(f[k].s, '\0', f[k].len) == NULL, "key field %d", k);
			for (k = 0; k < (int) (sizeof(catalog_names) / sizeof(catalog_names[0])); k++)
			{
				const HBaseCell *c = hbase_phoenix_catalog_cell(row, catalog_names[k]);

				if (c)
				{
					FZ_CHECK(c >= row->cells && c < row->cells + row->ncells, "a cell of another row");
					(void) hbase_phoenix_int(c->value, c->vallen);
					elements(c->value, c->vallen);
				}
			}
		}
	}
	fz_check_budget(len, 1);
	fz_reset();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	   *copy;

	if (size < 1)
		return 0;
	/* an exact copy: ASan sees a read past the cell */
	copy = malloc(size - 1 ? size - 1 : 1);
	memcpy(copy, data + 1, size - 1);
	switch (data[0] % 3)
	{
		case 0:
			elements(copy, (int) (size - 1));
			break;
		case 1:
			decimal((const unsigned char *) copy, size - 1);
			break;
		default:
			catalog(copy, size - 1);
			break;
	}
	free(copy);
	return 0;
}
