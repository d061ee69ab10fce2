/*
 * phoenix_cell.c: what Phoenix keeps inside the cells a gateway sends, read
 * without PostgreSQL (cellset.h; fuzzed by tests/fuzz/fuzz_phoenix.c): the
 * elements of a SINGLE_CELL_ARRAY_WITH_OFFSETS cell, and the rows of
 * Phoenix's SYSTEM.CATALOG (the fields of their keys, their cells by
 * qualifier, Phoenix's integers).  phoenix.c turns values into Datums,
 * phoenix_catalog.c rows into foreign tables; the DECIMAL bytes are
 * rowkey/decimal.c's (hbase_rk_phoenix_decimal_text).
 */
#include <string.h>

#include "cellset.h"
#include "rowkey.h"

static uint32_t
be32(const unsigned char *p)
{
	return ((uint32_t) p[0] << 24) | ((uint32_t) p[1] << 16) | ((uint32_t) p[2] << 8) | p[3];
}

static uint16_t
be16(const unsigned char *p)
{
	return (uint16_t) ((p[0] << 8) | p[1]);
}

/*
 * One element of a Phoenix SINGLE_CELL_ARRAY_WITH_OFFSETS cell (Phoenix's
 * array serialization IMMUTABLE_SERIALIZATION_V2, PArrayDataTypeDecoder):
 * the elements' bytes, then one offset per element (big-endian shorts, or
 * ints when the count is negative; a null element's offset is negated), then
 * the offset of the offsets (int), the count (int) and the version byte 3.
 * Sets *value and *vlen (pointing into cell) and returns 1, or returns 0 for a
 * null, empty or absent element (a column added after the row was written), -1 for
 * bytes that are no such cell (or Phoenix's older serialization, version 2,
 * whose nulls cannot be told from values reliably).
 */
int
hbase_phoenix_element(const char *cell, int len, int element, const char **value, int *vlen)
{
	const unsigned char *p = (const unsigned char *) cell;
	int32_t		count,
				index_at,
				width,
				at,
				next;

	if (len < 9 || p[len - 1] != 3)
		return -1;
	count = (int32_t) be32(p + len - 5);
	index_at = (int32_t) be32(p + len - 9);
	width = count < 0 ? 4 : 2;
	if (count == INT32_MIN)
		return -1;
	count = count < 0 ? -count : count;
	if (index_at < 0 || index_at > len - 9 || (int64_t) count * width != len - 9 - index_at)
		return -1;
	if (element >= count)
		return 0;
	at = (int32_t) (width == 2 ? (int16_t) be16(p + index_at + 2 * element) :
				  (int32_t) be32(p + index_at + 4 * element));
	if (at < 0)
		return 0;				/* null */
	/* the element ends where the next one starts (null or not), the last at the offsets */
	next = index_at;
	if (element + 1 < count)
	{
		next = (int32_t) (width == 2 ? (int16_t) be16(p + index_at + 2 * (element + 1)) :
						(int32_t) be32(p + index_at + 4 * (element + 1)));
		if (next < 0)
			next = next == INT32_MIN ? -1 : -next;
	}
	if (next < 0 || at > next || next > index_at)
		return -1;
	if (next == at)
		return 0;				/* zero bytes: Phoenix's NULL, as for any value */
	*value = cell + at;
	*vlen = next - at;
	return 1;
}

/*
 * The \0-separated fields of a catalog key (tenant, schema, table, column,
 * family), at most 5: their number.  Each points into the key; none holds a
 * NUL byte.
 */
int
hbase_phoenix_key_fields(const char *key, int keylen, HBasePhxField *f)
{
	const char *p = key;
	const char *end = key + keylen;
	int			n = 0;

	while (n < HBASE_PHX_KEY_FIELDS)
	{
		const char *z = memchr(p, '\0', end - p);

		f[n].s = p;
		f[n].len = (int) ((z ? z : end) - p);
		n++;
		if (z == NULL)
			break;
		p = z + 1;
	}
	return n;
}

/* the cell of a catalog row whose qualifier is name (any family), or NULL */
const HBaseCell *
hbase_phoenix_catalog_cell(const HBaseRow *row, const char *name)
{
	int			len = (int) strlen(name);
	int			i;

	for (i = 0; i < row->ncells; i++)
	{
		const HBaseCell *c = &row->cells[i];
		const char *colon = memchr(c->column, ':', c->collen);

		if (colon && c->collen - (colon + 1 - c->column) == len &&
			memcmp(colon + 1, name, len) == 0)
			return c;
	}
	return NULL;
}

/*
 * A Phoenix signed integer of 1, 2, 4 or 8 bytes (big-endian with the sign
 * bit flipped), or -1 for any other width.
 */
int64_t
hbase_phoenix_int(const char *value, int len)
{
	if (len != 1 && len != 2 && len != 4 && len != 8)
		return -1;
	return hbase_rk_be_flipped((const unsigned char *) value, len);
}
