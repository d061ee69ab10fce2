/*
 * plan_int.h: what the files of plan/ share and no layer above calls: the
 * quals' classification that only a scan's planning (paths.c) reads besides
 * pushdown.c (time conditions, the key quals not pushed and why, a
 * collation that sorts as bytes), and the check of an UPDATE's SET that
 * both write plannings make (writes.c).  What the layers above may call is in
 * plan.h.
 */
#ifndef HBASE_PLAN_INT_H
#define HBASE_PLAN_INT_H

#include "plan.h"

/* ---------- pushdown.c: for paths.c ---------- */

extern bool hbase_collation_sorts_as_bytes(Oid coll);
extern List *hbase_time_conditions(HBaseTable *t, Index relid, List *clauses, List **exprs);
extern List *hbase_key_not_pushed(HBaseTable *t, Index relid, const char *alias, List *clauses,
								  HBaseOpKind shape);

/* ---------- writes.c: for its two plannings (row by row and direct) ---------- */

extern void hbase_check_settable(HBaseTable *t, List *attnums);

#endif
