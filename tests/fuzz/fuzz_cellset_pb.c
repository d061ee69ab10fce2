/*
 * tests/fuzz/fuzz_cellset_pb.c: libFuzzer target of the protobuf CellSet decoder
 * (src/wire/cellset_pb.c), with protobuf-c's unpacker of the same messages (src/wire/cellset.proto)
 * as the oracle.  The first two bytes are the limits (rows, cells: 0 none), the rest the
 * answer.  Aborts when: the decoded set is inconsistent or beyond its limits; it took more
 * than the decode budget; the decoder accepts what protobuf-c refuses, or reads other rows,
 * keys, cells or timestamps; or it refuses as malformed what protobuf-c reads (an empty
 * body aside: no gateway answers one); and what protobuf-c writes is read alike.
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

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	HBaseDecodeLimits none = {0, 0};
	HBaseCellSet set;
	char		err[HBASE_DECODE_ERRLEN];
	int			res;
	HbaseFdw__CellSet *msg;

	/* with the limits, then without: what it reads, protobuf-c reads alike */
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
		free(packed);
		hbase_fdw__cell_set__free_unpacked(msg, NULL);
	}
	return 0;
}
