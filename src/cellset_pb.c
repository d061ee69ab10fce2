/*
 * cellset_pb.c: the protobuf wire codec of CellSets (Accept:
 * application/x-protobuf), beside json.c's.  Cells arrive as raw bytes: no
 * base64 and no JSON DOM.  protobuf-c (src/cellset.proto, generated at build
 * time) unpacks a page into palloc'd memory of the current context; the
 * HBaseCellSet points into it, so a page costs one pass and no copies.
 */
#include "postgres.h"

#include <limits.h>

#include "cellset.pb-c.h"
#include "hbase_fdw.h"

/*
 * protobuf-c's allocator: palloc that returns NULL rather than raising (the
 * unpacker then fails cleanly), one byte more and NUL-terminated, so that
 * keys and values are C strings like json.c's.
 */
static void *
pb_alloc(void *data, size_t size)
{
	char	   *p = palloc_extended(size + 1, MCXT_ALLOC_NO_OOM | MCXT_ALLOC_HUGE);

	if (p)
		p[size] = '\0';
	return p;
}

static void
pb_free(void *data, void *ptr)
{
	if (ptr)
		pfree(ptr);
}

/*
 * A protobuf CellSet into rows and cells.  Decides what is a CellSet: what
 * protobuf-c unpacks as the message (every row with its required key, at
 * most INT_MAX bytes a field); anything else returns NULL with *error.  A
 * cell without a column or value has an empty one, without a timestamp 0.
 */
HBaseCellSet *
hbase_pb_parse_cellset(const char *body, size_t len, const char **error)
{
	ProtobufCAllocator alloc = {pb_alloc, pb_free, NULL};
	HbaseFdw__CellSet *msg;
	HBaseCellSet *set;
	size_t		i,
				j;

	*error = NULL;
	msg = hbase_fdw__cell_set__unpack(&alloc, len, (const uint8_t *) body);
	if (msg == NULL)
	{
		*error = "not a protobuf CellSet message";
		return NULL;
	}
	if (msg->n_rows > INT_MAX)
		goto too_large;
	set = palloc0(sizeof(HBaseCellSet));
	set->nrows = (int) msg->n_rows;
	set->rows = palloc0(sizeof(HBaseRow) * Max(set->nrows, 1));
	for (i = 0; i < msg->n_rows; i++)
	{
		HbaseFdw__CellSet__Row *pr = msg->rows[i];
		HBaseRow   *r = &set->rows[i];

		if (pr->key.len > INT_MAX || pr->n_values > INT_MAX - (size_t) set->ncells)
			goto too_large;
		r->key = (char *) pr->key.data;
		r->keylen = (int) pr->key.len;
		if (r->key == NULL)
			r->key = "";
		r->ncells = (int) pr->n_values;
		r->cells = palloc0(sizeof(HBaseCell) * Max(r->ncells, 1));
		set->ncells += r->ncells;
		for (j = 0; j < pr->n_values; j++)
		{
			HbaseFdw__Cell *pc = pr->values[j];
			HBaseCell  *c = &r->cells[j];

			if (pc->column.len > INT_MAX || pc->data.len > INT_MAX)
				goto too_large;
			c->column = pc->has_column && pc->column.data ? (char *) pc->column.data : "";
			c->collen = pc->has_column ? (int) pc->column.len : 0;
			c->value = pc->has_data && pc->data.data ? (char *) pc->data.data : "";
			c->vallen = pc->has_data ? (int) pc->data.len : 0;
			c->timestamp = pc->has_timestamp ? pc->timestamp : 0;
		}
	}
	return set;

too_large:
	*error = "a field or count beyond 2^31";
	return NULL;
}
