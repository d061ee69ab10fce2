/*
 * tests/fuzz/fuzz_cellset_pb.c: libFuzzer target of the protobuf CellSet decoder
 * (src/wire/cellset_pb.c), with protobuf-c's unpacker of the same messages (src/wire/cellset.proto)
 * as the oracle.  The first two bytes are the limits (rows, cells: 0 none), the rest the
 * answer.  Aborts when: the decoded set is inconsistent or beyond its limits; it took more
 * than the decode budget; the decoder accepts what protobuf-c refuses, or reads other rows,
 * keys, cells or timestamps; or it refuses as malformed what protobuf-c reads (an empty
 * body aside: no gateway answers one).  The same input as a stateless scan's stream
 * (hbase_cellset_pb_stream_decode: CellSets behind 2-byte lengths) against protobuf-c
 * unpacking chunk by chunk: accepted only when every chunk is a CellSet and the answer is
 * at most HBASE_PB_STREAM_MAX bytes, and then the same rows in order; and what protobuf-c
 * writes, behind its length, is read alike.
 */
#include "fuzz_common.h"
#include "cellset.pb-c.h"

static int
same(const char *a, int alen, const ProtobufCBinaryData *b, protobuf_c_boolean has)
{
	size_t		blen = has ? b->len : 0;

	return (size_t) alen == blen && (blen == 0 || memcmp(a, b->data, blen) == 0);
}

/* the decoded set holds what protobuf-c read */
static void
compare(const HBaseCellSet *set, const HbaseFdw__CellSet *msg)
{
	size_t		i,
				j;

	FZ_CHECK((size_t) set->nrows == msg->n_rows, "%d rows, protobuf-c %zu", set->nrows, msg->n_rows);
	for (i = 0; i < msg->n_rows; i++)
	{
		HBaseRow   *r = &set->rows[i];
		HbaseFdw__CellSet__Row *pr = msg->rows[i];

		FZ_CHECK(same(r->key, r->keylen, &pr->key, 1), "row %zu: another key", i);
		FZ_CHECK((size_t) r->ncells == pr->n_values, "row %zu: %d cells, protobuf-c %zu",
				 i, r->ncells, pr->n_values);
		for (j = 0; j < pr->n_values; j++)
		{
			HBaseCell  *c = &r->cells[j];
			HbaseFdw__Cell *pc = pr->values[j];

			FZ_CHECK(same(c->column, c->collen, &pc->column, pc->has_column), "another column");
			FZ_CHECK(same(c->value, c->vallen, &pc->data, pc->has_data), "another value");
			FZ_CHECK(c->timestamp == (pc->has_timestamp ? pc->timestamp : 0), "another timestamp");
		}
	}
}

/* hides (or shows again) the unknown fields of every message */
static void
hide_unknown(HbaseFdw__CellSet *msg, bool hide)
{
	static unsigned saved[1 << 16];
	size_t		k = 0;
	size_t		i,
				j;

#define HIDE(m) \
	do { \
		if (k < sizeof(saved) / sizeof(saved[0])) \
		{ \
			if (hide) { saved[k] = (m)->n_unknown_fields; (m)->n_unknown_fields = 0; } \
			else (m)->n_unknown_fields = saved[k]; \
		} \
		k++; \
	} while (0)
	HIDE(&msg->base);
	for (i = 0; i < msg->n_rows; i++)
	{
		HIDE(&msg->rows[i]->base);
		for (j = 0; j < msg->rows[i]->n_values; j++)
			HIDE(&msg->rows[i]->values[j]->base);
	}
#undef HIDE
}

/* the input as a stream: protobuf-c unpacks each chunk; the decoder reads the same rows */
static void
check_stream(const uint8_t *data, size_t size)
{
	HBaseDecodeLimits none = {0, 0};
	HBaseCellSet set;
	char		err[HBASE_DECODE_ERRLEN];
	int			res = hbase_cellset_pb_stream_decode((const char *) data, size, &none, fz_alloc,
													 NULL, &set, err);
	size_t		off = 0;
	size_t		row = 0;
	bool		ok = size <= HBASE_PB_STREAM_MAX;

	while (ok && off < size)
	{
		size_t		n;
		HbaseFdw__CellSet *msg;

		if (size - off < 2 || (n = ((size_t) data[off] << 8) | data[off + 1]) > size - off - 2)
		{
			ok = false;
			break;
		}
		msg = hbase_fdw__cell_set__unpack(NULL, n, data + off + 2);
		if (msg == NULL)
		{
			ok = false;
			break;
		}
		if (res == HBASE_DECODE_OK)
		{
			HBaseCellSet part = set;

			FZ_CHECK(row + msg->n_rows <= (size_t) set.nrows, "fewer rows than protobuf-c's chunks");
			part.rows = set.rows + row;
			part.nrows = (int) msg->n_rows;
			compare(&part, msg);
		}
		row += msg->n_rows;
		hbase_fdw__cell_set__free_unpacked(msg, NULL);
		off += 2 + n;
	}
	if (res == HBASE_DECODE_OK)
	{
		FZ_CHECK(ok, "decoded a stream protobuf-c refuses");
		FZ_CHECK(row == (size_t) set.nrows, "%d rows, protobuf-c's chunks %zu", set.nrows, row);
		fz_check_budget(size, 0);
	}
	fz_reset();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	HBaseDecodeLimits none = {0, 0};
	HBaseCellSet set;
	char		err[HBASE_DECODE_ERRLEN];
	int			res;
	HbaseFdw__CellSet *msg;

	/* with the limits, then without: what it reads, protobuf-c reads alike */
	check_stream(data, size);
	res = fz_cellset_decode(hbase_cellset_pb_decode, &data, &size, &set, err);
	if (res < 0)
		return 0;
	msg = hbase_fdw__cell_set__unpack(NULL, size, data);
	if (res == HBASE_DECODE_OK)
	{
		FZ_CHECK(msg != NULL, "decoded what protobuf-c refuses");
		compare(&set, msg);
	}
	fz_reset();

	/*
	 * What protobuf-c reads, packed again (its canonical form), the decoder reads alike.
	 * Without the unknown fields: protobuf-c keeps field numbers beyond 2^29 - 1 (and
	 * truncates tags beyond 32 bits) where the format has none.
	 */
	if (msg)
	{
		size_t		plen;
		uint8_t    *packed;

		hide_unknown(msg, true);
		plen = hbase_fdw__cell_set__get_packed_size(msg);
		packed = malloc(plen ? plen : 1);
		hbase_fdw__cell_set__pack(msg, packed);
		hide_unknown(msg, false);
		res = hbase_cellset_pb_decode((const char *) packed, plen, &none, fz_alloc, NULL, &set, err);
		FZ_CHECK(res == HBASE_DECODE_OK || res == HBASE_DECODE_TOO_LARGE || plen == 0,
				 "refused what protobuf-c writes: %s", err);
		if (res == HBASE_DECODE_OK)
			compare(&set, msg);
		fz_check_budget(plen, 1);
		fz_reset();
		if (plen <= 65535)
		{
			uint8_t    *chunk = malloc(plen + 2);

			chunk[0] = (uint8_t) (plen >> 8);
			chunk[1] = (uint8_t) plen;
			if (plen)
				memcpy(chunk + 2, packed, plen);
			res = hbase_cellset_pb_stream_decode((const char *) chunk, plen + 2, &none, fz_alloc,
												 NULL, &set, err);
			FZ_CHECK(res == HBASE_DECODE_OK || res == HBASE_DECODE_TOO_LARGE,
					 "refused the stream of what protobuf-c writes: %s", err);
			if (res == HBASE_DECODE_OK)
				compare(&set, msg);
			fz_reset();
			free(chunk);
		}
		free(packed);
		hbase_fdw__cell_set__free_unpacked(msg, NULL);
	}
	return 0;
}
