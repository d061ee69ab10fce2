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

/*
 * A relation's restriction quals classified once, at GetForeignRelSize
 * (hbase_classify_quals), as postgres_fdw's classifyConditions splits them
 * into remote_conds and local_conds: each RestrictInfo of baserestrictinfo
 * is in the lists of what HBase can do with it, in baserestrictinfo's order;
 * a qual in none is local (postgres_fdw's local_conds): HBase can do
 * nothing with it, it is only checked here.  A key condition may narrow the
 * time range too (a row_timestamp key column).
 * The paths, GetForeignPlan and the batched join take their quals from
 * these lists by membership, never by classifying again; only a join's
 * clauses (a parameterized path's, the batched join's) are new to them.
 * Every qual is still checked locally: the classes only narrow what is read.
 */
typedef struct HBaseQualClasses
{
	List	   *key;			/* key conditions (hbase_key_conditions) */
	List	   *filter;			/* value filters HBase runs
								 * (hbase_filter_conditions) */
	List	   *time;			/* the scan's time range
								 * (hbase_time_conditions) */
	List	   *index_key;		/* per Phoenix index (read_indexes' order): a
								 * List of the quals its key can use */
} HBaseQualClasses;

extern List *hbase_classify_quals(HBaseTable *t, Index relid, List *quals,
								  HBaseQualClasses *classes, List **exprs);

/* ---------- paths.c: for the plannings of batched joins and direct writes ---------- */

extern const HBaseQualClasses *hbase_plan_quals(RelOptInfo *rel);

extern List *hbase_key_conditions(HBaseTable *t, Index relid, List *clauses,
								  bool allow_outer, List **exprs, List **matched);
extern List *hbase_key_conds_to_list(List *conds);
extern List *hbase_filter_conditions(HBaseTable *t, Index relid, List *clauses,
									 List **exprs);
extern bool hbase_collation_sorts_as_bytes(Oid coll);
extern List *hbase_time_conditions(HBaseTable *t, Index relid, List *clauses, List **exprs);
extern List *hbase_index_conditions(HBaseReadIndex *ix, Index relid, List *clauses,
									bool allow_outer, List **exprs, List **matched);
extern bool hbase_index_covers(HBaseReadIndex *ix, Bitmapset *attrs_used);
extern List *hbase_key_not_pushed(HBaseTable *t, Index relid, const char *alias, List *clauses,
								  HBaseOpKind shape);

/* ---------- keyplan.c: for the index paths (paths.c) ---------- */

extern bool hbase_key_null_fixes(HBaseTable *t, AttrNumber attnum);

/* ---------- writes.c: for its two plannings (row by row and direct) ---------- */

extern void hbase_check_settable(HBaseTable *t, List *attnums);

/* ---------- cost.c: for the plannings of scans and joins ---------- */

extern void hbase_cost_operation(const HBaseTable *t, HBaseOpKind kind, double nkeys,
								 double rows, double width, HBaseCost *c);
extern void hbase_cost_grouped_ranges(const HBaseTable *t, double ranges, double groups,
									  int min_group, double rows, double width, HBaseCost *c);
extern void hbase_cost_region_listings(const HBaseTable *t, double listings, HBaseCost *c);

#endif
