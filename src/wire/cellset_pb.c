/*
 * cellset_pb.c: the protobuf wire codec of CellSets (Accept:
 * application/x-protobuf), beside cellset_json.c's.  No PostgreSQL headers
 * (cellset.h).
 *
 * The messages (src/wire/cellset.proto, the gateway's CellSetMessage):
 *   CellSet { repeated Row rows = 1; }
 *   Row     { required bytes key = 1; repeated Cell values = 2; }
 *   Cell    { bytes row = 1; bytes column = 2; int64 timestamp = 3; bytes data = 4; }
 * read straight from the wire in two passes: the first checks the structure
 * and counts rows, cells and bytes against the limits and the budget, the
 * second fills one block.  A general unpacker (protobuf-c) made one
 * allocation of about 100 bytes per cell: a 16 MiB page of 8M empty cells
 * (2 bytes each) took 2.3 GB.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "cellset_int.h"

/* a reader over one message's bytes */
typedef struct PbReader
{
	const uint8_t *p;
	const uint8_t *end;
} PbReader;

/* what the first pass counted */
typedef struct PbCount
{
	size_t		rows;
	size_t		cells;
	size_t		bytes;			/* keys, columns, values and their NULs */
} PbCount;

/* a varint of at most 10 bytes; false when cut or longer */
static bool
pb_varint(PbReader *r, uint64_t *v)
{
	uint64_t	x = 0;
	int			shift;

	for (shift = 0; shift < 64; shift += 7)
	{
		uint8_t		b;

		if (r->p >= r->end)
			return false;
		b = *r->p++;
		x |= (uint64_t) (b & 0x7F) << shift;
		if (!(b & 0x80))
		{
			*v = x;
			return true;
		}
	}
	return false;
}

/*
 * A tag or a length: a varint of at most 5 bytes and 32 bits (as protobuf-c
 * reads them: a longer one, even padded with zeros, is malformed)
 */
static bool
pb_varint32(PbReader *r, uint64_t *v)
{
	const uint8_t *start = r->p;

	if (!pb_varint(r, v))
		return false;
	return r->p - start <= 5 && *v <= UINT32_MAX;
}

/*
 * The next field: its number, wire type, and for length-delimited ones the
 * bytes (within the message).  Fields of other wire types are skipped by
 * the caller through pb_skip.  False when malformed.
 */
static bool
pb_field(PbReader *r, uint32_t *field, int *wtype, PbReader *sub)
{
	uint64_t	tag;
	uint64_t	len;

	if (!pb_varint32(r, &tag) || (tag >> 3) == 0)
		return false;
	*field = (uint32_t) (tag >> 3);
	*wtype = (int) (tag & 7);
	if (*wtype != 2)
		return true;
	if (!pb_varint32(r, &len) || len > (uint64_t) (r->end - r->p))
		return false;
	sub->p = r->p;
	sub->end = r->p + len;
	r->p += len;
	return true;
}

/* skips the value of a field of wire type wtype (not 2: pb_field did) */
static bool
pb_skip(PbReader *r, int wtype)
{
	uint64_t	v;

	switch (wtype)
	{
		case 0:
			return pb_varint(r, &v);
		case 1:
			if (r->end - r->p < 8)
				return false;
			r->p += 8;
			return true;
		case 2:
			return true;
		case 5:
			if (r->end - r->p < 4)
				return false;
			r->p += 4;
			return true;
		default:
			/* groups (3, 4) are not in these messages; 6, 7 do not exist */
			return false;
	}
}

/* copies a field's bytes into the block, NUL-terminated */
static char *
pb_copy(char **bytes, const PbReader *f)
{
	char	   *out = *bytes;
	size_t		n = (size_t) (f->end - f->p);

	if (n > 0)
		memcpy(out, f->p, n);
	out[n] = '\0';
	*bytes += n + 1;
	return out;
}

/*
 * One Cell.  Counting (c NULL): checks it and adds its bytes; filling: into
 * c.  Absent fields are empty (timestamp 0); the last of a repeated one
 * wins, as protobuf merges.
 */
static bool
pb_cell(PbReader *r, PbCount *cnt, HBaseCell *c, char **bytes, const char **why)
{
	PbReader	column = {NULL, NULL};
	PbReader	data = {NULL, NULL};
	uint64_t	ts = 0;

	while (r->p < r->end)
	{
		uint32_t	field;
		int			wtype;
		PbReader	f;

		if (!pb_field(r, &field, &wtype, &f))
			return false;
		if ((field == 1 || field == 2 || field == 4) && wtype != 2)
		{
			*why = "a cell field of the wrong wire type";
			return false;
		}
		if (field == 3 && wtype != 0)
		{
			*why = "a cell timestamp that is not a varint";
			return false;
		}
		if (field == 2)
			column = f;
		else if (field == 4)
			data = f;
		else if (field == 3)
		{
			if (!pb_varint(r, &ts))
				return false;
		}
		else if (!pb_skip(r, wtype))
			return false;
	}
	if ((size_t) (column.end - column.p) > INT_MAX || (size_t) (data.end - data.p) > INT_MAX)
	{
		*why = "a field beyond 2^31 bytes";
		return false;
	}
	if (c == NULL)
	{
		cnt->bytes += (size_t) (column.end - column.p) + (size_t) (data.end - data.p) + 2;
		return true;
	}
	c->collen = (int) (column.end - column.p);
	c->column = pb_copy(bytes, &column);
	c->vallen = (int) (data.end - data.p);
	c->value = pb_copy(bytes, &data);
	c->timestamp = (int64_t) ts;
	return true;
}

/* one Row: its required key and its cells (counted, or filled from *cells on) */
static bool
pb_row(PbReader *r, PbCount *cnt, HBaseRow *row, HBaseCell **cells, char **bytes,
	   const char **why)
{
	PbReader	key = {NULL, NULL};
	bool		has_key = false;
	size_t		ncells = 0;

	if (row)
		row->cells = *cells;
	while (r->p < r->end)
	{
		uint32_t	field;
		int			wtype;
		PbReader	f;

		if (!pb_field(r, &field, &wtype, &f))
			return false;
		if ((field == 1 || field == 2) && wtype != 2)
		{
			*why = "a row field of the wrong wire type";
			return false;
		}
		if (field == 1)
		{
			key = f;
			has_key = true;
		}
		else if (field == 2)
		{
			if (!pb_cell(&f, cnt, row ? (*cells)++ : NULL, bytes, why))
				return false;
			ncells++;
		}
		else if (!pb_skip(r, wtype))
			return false;
	}
	if (!has_key)
	{
		*why = "a row without its key";
		return false;
	}
	if ((size_t) (key.end - key.p) > INT_MAX || ncells > INT_MAX)
	{
		*why = "a field or count beyond 2^31";
		return false;
	}
	if (row == NULL)
	{
		cnt->rows++;
		cnt->cells += ncells;
		cnt->bytes += (size_t) (key.end - key.p) + 1;
		return true;
	}
	row->keylen = (int) (key.end - key.p);
	row->key = pb_copy(bytes, &key);
	row->ncells = (int) ncells;
	return true;
}

/* where the filling pass is in the block: the next row, cell and byte */
typedef struct PbFill
{
	HBaseRow   *row;
	HBaseCell  *cell;
	char	   *bytes;
} PbFill;

/* the filling pass's start: rows, then cells, then bytes (hbase_cellset_block's block) */
static void
pb_fill_start(HBaseCellSet *set, PbFill *fill)
{
	fill->row = set->rows;
	fill->cell = (HBaseCell *) (set->rows + set->nrows);
	fill->bytes = (char *) (fill->cell + set->ncells);
}

/* one message, counting (fill NULL) or filling on from where fill is */
static bool
pb_cellset(const char *body, size_t len, PbCount *cnt, PbFill *fill, const char **why)
{
	PbReader	r = {(const uint8_t *) body, (const uint8_t *) body + len};

	while (r.p < r.end)
	{
		uint32_t	field;
		int			wtype;
		PbReader	f;

		if (!pb_field(&r, &field, &wtype, &f))
			return false;
		if (field == 1 && wtype != 2)
		{
			*why = "a row of the wrong wire type";
			return false;
		}
		if (field != 1)
		{
			if (!pb_skip(&r, wtype))
				return false;
			continue;
		}
		if (!pb_row(&f, cnt, fill ? fill->row++ : NULL, fill ? &fill->cell : NULL,
					fill ? &fill->bytes : NULL, why))
			return false;
	}
	return true;
}

/*
 * Decides whether an answer of these counts may be decoded (both wire
 * codecs): refuses more rows or cells than its request can return (a
 * protocol violation) or a decoded size beyond the budget.  Sets out's
 * counts and size.
 */
HBaseDecodeResult
hbase_cellset_limits(size_t rows, size_t cells, size_t bytes, size_t len,
					 const HBaseDecodeLimits *lim, HBaseCellSet *out, char *err)
{
	size_t		size;

	if (lim && lim->max_rows > 0 && rows > (size_t) lim->max_rows)
	{
		snprintf(err, HBASE_DECODE_ERRLEN, "%zu rows where the request asked for at most %ld",
				 rows, lim->max_rows);
		return HBASE_DECODE_INVALID;
	}
	if (lim && lim->max_cells > 0 && cells > (size_t) lim->max_cells)
	{
		snprintf(err, HBASE_DECODE_ERRLEN, "%zu cells where the request asked for at most %ld",
				 cells, lim->max_cells);
		return HBASE_DECODE_INVALID;
	}
	if (rows > INT_MAX || cells > INT_MAX)
	{
		snprintf(err, HBASE_DECODE_ERRLEN, "more than 2^31 rows or cells");
		return HBASE_DECODE_TOO_LARGE;
	}
	size = rows * sizeof(HBaseRow) + cells * sizeof(HBaseCell) + bytes;
	if (size > hbase_decode_budget(len))
	{
		snprintf(err, HBASE_DECODE_ERRLEN,
				 "its %zu cells in %zu rows would take %zu bytes decoded, more than %d times its %zu bytes",
				 cells, rows, size, HBASE_DECODE_FACTOR, len);
		return HBASE_DECODE_TOO_LARGE;
	}
	out->nrows = (int) rows;
	out->ncells = (int) cells;
	out->decoded = size;
	return HBASE_DECODE_OK;
}

/*
 * Between a CellSet decoder's two passes (both wire codecs): the limits
 * (hbase_cellset_limits), then the one block allocated and out pointed at it
 * (rows, then cells, then bytes), for the second pass to fill.
 */
HBaseDecodeResult
hbase_cellset_block(size_t rows, size_t cells, size_t bytes, size_t len,
					const HBaseDecodeLimits *lim, hbase_decode_alloc alloc, void *arg,
					HBaseCellSet *out, char *err)
{
	HBaseDecodeResult res = hbase_cellset_limits(rows, cells, bytes, len, lim, out, err);
	char	   *block;

	if (res != HBASE_DECODE_OK)
		return res;
	block = alloc(arg, out->decoded + 1);
	if (block == NULL)
	{
		snprintf(err, HBASE_DECODE_ERRLEN, "out of memory decoding %zu bytes", out->decoded);
		return HBASE_DECODE_TOO_LARGE;
	}
	out->rows = (HBaseRow *) block;
	return HBASE_DECODE_OK;
}

/*
 * A protobuf CellSet into rows and cells.  Decides what is a CellSet: the
 * message above, every row with its key; an empty body is none (a gateway
 * answers an empty result with 204 or 404, never with an empty 200).  Two
 * passes: the first counts (and checks everything), the block is sized
 * once, then the second fills it and cannot fail.
 */
HBaseDecodeResult
hbase_cellset_pb_decode(const char *body, size_t len, const HBaseDecodeLimits *lim,
						hbase_decode_alloc alloc, void *arg, HBaseCellSet *out, char *err)
{
	PbCount		cnt = {0};
	PbFill		fill;
	HBaseDecodeResult res;
	const char *why = NULL;

	memset(out, 0, sizeof(*out));
	if (len == 0)
	{
		snprintf(err, HBASE_DECODE_ERRLEN, "an empty body (an empty result is 204 or 404)");
		return HBASE_DECODE_INVALID;
	}
	if (!pb_cellset(body, len, &cnt, NULL, &why))
	{
		snprintf(err, HBASE_DECODE_ERRLEN, "not a protobuf CellSet message: %s",
				 why ? why : "malformed or cut");
		return HBASE_DECODE_INVALID;
	}
	res = hbase_cellset_block(cnt.rows, cnt.cells, cnt.bytes, len, lim, alloc, arg, out, err);
	if (res != HBASE_DECODE_OK)
		return res;
	pb_fill_start(out, &fill);
	if (!pb_cellset(body, len, &cnt, &fill, &why))
	{
		snprintf(err, HBASE_DECODE_ERRLEN, "internal error decoding a protobuf CellSet");
		return HBASE_DECODE_INVALID;
	}
	return HBASE_DECODE_OK;
}
