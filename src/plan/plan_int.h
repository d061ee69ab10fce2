/*
 * plan_int.h: what the files of plan/ share and no layer above calls: the
 * quals' classification (pushdown.c) and the cost model (cost.c), which
 * only the plannings of scans (paths.c), writes (writes.c) and joins
 * (join_paths.c) call, and the check of an UPDATE's SET that both write
 * plannings make (writes.c).  What the layers above may call is in
 * plan.h.
 */
#ifndef HBASE_PLAN_INT_H
#define HBASE_PLAN_INT_H

#include "plan.h"

/* ---------- pushdown.c: for the plannings of scans, writes and joins ---------- */

extern List *hbase_key_conditions(HBaseTable *t, Index relid, List *clauses,
								  bool allow_outer, List **exprs, List **matched);
extern List *hbase_key_conds_to_list(List *conds);
extern List *hbase_filter_conditions(HBaseTable *t, Index relid, List *clauses,
									 List **exprs);
extern bool hbase_collation_sorts_as_bytes(Oid coll);
extern List *hbase_time_conditions(HBaseTable *t, Index relid, List *clauses, List **exprs);
extern List *hbase_key_not_pushed(HBaseTable *t, Index relid, const char *alias, List *clauses,
								  HBaseOpKind shape);

/* ---------- writes.c: for its two plannings (row by row and direct) ---------- */

extern void hbase_check_settable(HBaseTable *t, List *attnums);

/* ---------- cost.c: for the plannings of scans and joins ---------- */

extern void hbase_cost_operation(const HBaseTable *t, HBaseOpKind kind, double nkeys,
								 double rows, double width, HBaseCost *c);
extern void hbase_cost_grouped_ranges(const HBaseTable *t, double ranges, double groups,
									  int min_group, double rows, double width, HBaseCost *c);

#endif
