/*
 * cellset_int.h: what the two decoders of a gateway's CellSet share
 * (cellset_pb.c, cellset_json.c) and nothing above them calls: the checks of
 * a first pass's counts against the budget, and the one block the filling
 * pass writes into.  Plain C, as cellset.h.
 */
#ifndef HBASE_CELLSET_INT_H
#define HBASE_CELLSET_INT_H

#include "cellset.h"

extern HBaseDecodeResult hbase_cellset_limits(size_t rows, size_t cells, size_t bytes,
											  size_t len, const HBaseDecodeLimits *lim,
											  HBaseCellSet *out, char *err);
extern HBaseDecodeResult hbase_cellset_block(size_t rows, size_t cells, size_t bytes,
											 size_t len, const HBaseDecodeLimits *lim,
											 hbase_decode_alloc alloc, void *arg,
											 HBaseCellSet *out, char *err);

#endif
