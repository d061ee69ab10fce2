/*
 * tests/fuzz/fuzz_common.h: what the decoder targets share (bench/fuzz.sh builds them with
 * libFuzzer, AddressSanitizer and UBSan): the decoders' allocator, which counts what they
 * take, so that each target asserts the decode budget of src/wire/cellset.h (decoded bytes at
 * most HBASE_DECODE_FACTOR times the answer, plus HBASE_DECODE_SLACK), a check that
 * aborts with a message (libFuzzer keeps the input as a crash), and the checks every
 * CellSet decoder gets (fz_cellset_decode).  The JSON targets' oracle: fuzz_jansson.h.
 */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cellset.h"

#define FZ_MAX_BLOCKS 16

static void *fz_blocks[FZ_MAX_BLOCKS];
static int	fz_nblocks;
static size_t fz_bytes;			/* allocated since fz_reset */

#define FZ_CHECK(cond, ...) \
	do { \
		if (!(cond)) \
		{ \
			fprintf(stderr, "fuzz check failed: %s: ", #cond); \
			fprintf(stderr, __VA_ARGS__); \
			fputc('\n', stderr); \
			abort(); \
		} \
	} while (0)

static inline void *
fz_alloc(void *arg, size_t size)
{
	void	   *p;

	FZ_CHECK(fz_nblocks < FZ_MAX_BLOCKS, "more than %d allocations for one answer", FZ_MAX_BLOCKS);
	p = malloc(size ? size : 1);
	if (p)
	{
		fz_blocks[fz_nblocks++] = p;
		fz_bytes += size;
	}
	return p;
}

static inline void
fz_reset(void)
{
	int			i;

	for (i = 0; i < fz_nblocks; i++)
		free(fz_blocks[i]);
	fz_nblocks = 0;
	fz_bytes = 0;
}

/* the budget: what the decoders took for an answer of len bytes */
static inline void
fz_check_budget(size_t len, size_t extra)
{
	FZ_CHECK(fz_bytes <= hbase_decode_budget(len) + extra,
			 "%zu bytes decoded from an answer of %zu (budget %zu)", fz_bytes, len,
			 hbase_decode_budget(len));
}

/* every byte of a decoded field is readable (ASan says otherwise) and NUL-terminated */
static inline unsigned
fz_touch(const char *p, int n)
{
	unsigned	h = 0;
	int			i;

	FZ_CHECK(n >= 0, "a negative length %d", n);
	for (i = 0; i < n; i++)
		h = h * 31 + (unsigned char) p[i];
	FZ_CHECK(p[n] == '\0', "a field of %d bytes not NUL-terminated", n);
	return h;
}

/* a decoded CellSet is consistent: counts, lengths, terminators */
static inline void
fz_check_cellset(const HBaseCellSet *set, const HBaseDecodeLimits *lim)
{
	long		cells = 0;
	int			i,
				j;

	FZ_CHECK(set->nrows >= 0 && set->ncells >= 0, "negative counts");
	if (lim->max_rows > 0)
		FZ_CHECK(set->nrows <= lim->max_rows, "%d rows, limit %ld", set->nrows, lim->max_rows);
	if (lim->max_cells > 0)
		FZ_CHECK(set->ncells <= lim->max_cells, "%d cells, limit %ld", set->ncells, lim->max_cells);
	for (i = 0; i < set->nrows; i++)
	{
		const HBaseRow *r = &set->rows[i];

		(void) fz_touch(r->key, r->keylen);
		for (j = 0; j < r->ncells; j++)
		{
			(void) fz_touch(r->cells[j].column, r->cells[j].collen);
			(void) fz_touch(r->cells[j].value, r->cells[j].vallen);
		}
		cells += r->ncells;
	}
	FZ_CHECK(cells == set->ncells, "rows hold %ld cells, the set says %d", cells, set->ncells);
}

/* a CellSet decoder of src/wire/cellset.h (hbase_cellset_pb_decode, hbase_cellset_json_decode) */
typedef HBaseDecodeResult (*fz_cellset_decoder) (const char *body, size_t len,
												 const HBaseDecodeLimits *lim,
												 hbase_decode_alloc alloc, void *arg,
												 HBaseCellSet *out, char *err);

/*
 * What every CellSet target checks first: the input's first two bytes are limits (rows,
 * cells / 16; 0: none), the rest (*data, *size on return) the answer.  Decoded with the
 * limits, then without: each result consistent and within its limits and the budget.
 * Returns the result without limits, whose set (in *set, until fz_reset) the target then
 * compares with its oracle; -1 for an input too short.
 */
static inline int
fz_cellset_decode(fz_cellset_decoder decode, const uint8_t **data, size_t *size,
				  HBaseCellSet *set, char *err)
{
	HBaseDecodeLimits lim = {0, 0};
	HBaseDecodeLimits none = {0, 0};
	HBaseDecodeResult res;

	if (*size < 2)
		return -1;
	lim.max_rows = (*data)[0];
	lim.max_cells = (*data)[1] * 16;
	*data += 2;
	*size -= 2;

	res = decode((const char *) *data, *size, &lim, fz_alloc, NULL, set, err);
	if (res == HBASE_DECODE_OK)
		fz_check_cellset(set, &lim);
	fz_check_budget(*size, 1);
	fz_reset();

	res = decode((const char *) *data, *size, &none, fz_alloc, NULL, set, err);
	fz_check_budget(*size, 1);
	if (res == HBASE_DECODE_OK)
		fz_check_cellset(set, &none);
	return (int) res;
}

#endif
