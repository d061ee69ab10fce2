/*
 * plan.h: quals into the HBase operation (plan/): which quals are key
 * conditions, cell filters and time conditions (pushdown.c), the value
 * filters HBase runs (vfilter.c), and the one derivation of the operation
 * (keyplan.c) that costs, EXPLAIN, execution and joins all use, and the one
 * cost model of every path (cost.c).
 * Never talks to HBase.
 */
#ifndef HBASE_PLAN_H
#define HBASE_PLAN_H

#include "postgres.h"

#include "foreign/fdwapi.h"
#include "nodes/extensible.h"
#include "nodes/pathnodes.h"
#include "nodes/plannodes.h"
#include "utils/relcache.h"

#include "datum.h"

/* ---------- pushdown.c: which quals are key conditions, cell filters, time conditions ---------- */

/*
 * A key condition: column op value (expr indexes the value expressions, -1
 * for IS NULL), or a row comparison of nrow key columns (attnum 0).
 */
typedef struct HBaseKeyCond
{
	AttrNumber	attnum;
	HBaseKeyOp	op;
	int			expr;
	int			nrow;
	AttrNumber *row_attnums;
	int		   *row_exprs;
} HBaseKeyCond;

/*
 * The order in which a scan must return its rows: the planner decides it
 * (pathkeys), the scan reads its ranges accordingly.
 */
typedef enum HBaseRowOrder
{
	HBASE_ORDER_ANY,			/* any order: ranges read in blocks, in parallel,
								 * and split at region boundaries */
	HBASE_ORDER_KEY,			/* key order: one stream reads the ranges in turn;
								 * with salt bytes, one stream per salt bucket,
								 * merged on the key after the salt */
	HBASE_ORDER_REVERSE			/* reverse key order: stateless reversed pages,
								 * the last range first */
} HBaseRowOrder;

typedef enum HBaseOpKind
{
	HBASE_OP_FULL,				/* scan the whole table */
	HBASE_OP_FUZZY,				/* scan the whole table, skipping by FuzzyRowFilter */
	HBASE_OP_SCANS,				/* bounded scans */
	HBASE_OP_MULTIGET,
	HBASE_OP_GET,
	HBASE_OP_EMPTY				/* no row can match */
} HBaseOpKind;

typedef struct HBaseKeyPlan
{
	HBaseOpKind kind;
	List	   *keys;			/* bytea * (GET, MULTIGET) */
	List	   *ranges;			/* HBaseKeyRange * (SCANS) */
	int			buckets;		/* salt buckets fanned out over, or 0 */
	List	   *filters;		/* HBaseCellFilter *, for scans */
	List	   *fuzzy;			/* FUZZY: bytea * pairs, key then mask (1 = any byte) */
	double		chance;			/* > 0: each row with this probability (ANALYZE) */
	bool		time_range;		/* a versions or row_timestamp table: cell
								 * timestamps in */
	int64		start_time;		/* [start_time, end_time) ms */
	int64		end_time;
	/* what hbase_keyplan_derive adds for costs and EXPLAIN */
	double		nkeys;			/* keys (GET, MULTIGET), ranges (SCANS) or fuzzy
								 * keys (FUZZY); estimated when at_execution */
	bool		at_execution;	/* key values come at execution: kind, nkeys and
								 * buckets are the shape, keys and ranges are
								 * not computed */
	bool		per_value;		/* at_execution: a hashed column's bounds stand
								 * for their values (a skip scan above
								 * HBASE_MAX_KEYS of them) */
	bool		filters_later;	/* cell filter values come at execution */
	bool		time_later;		/* time range values come at execution */
	HBaseRowOrder order;		/* the rows' order (HBaseOpSpec) */
	int			salt_bytes;
	bool		split_buckets;
	bool		whole_table;	/* SCANS: the salt buckets' ranges of a full
								 * scan, every row of the table */
} HBaseKeyPlan;

/* what the plan decided about a scan, besides the values of its conditions */
typedef struct HBaseOpSpec
{
	List	   *conds;			/* HBaseKeyCond */
	List	   *fconds;			/* cell filter conditions (hbase_filter_conditions) */
	List	   *tconds;			/* time conditions (hbase_time_conditions) */
	bool		split_buckets;	/* a salted table read one range per bucket */
	HBaseRowOrder order;
	int			salt_bytes;		/* HBASE_ORDER_KEY: salt bytes the merge skips */
} HBaseOpSpec;

/*
 * The values of the conditions, indexed like fdw_exprs: all known at
 * execution; at planning only constants (known[i] false: a parameter or an
 * outer column, known at execution)
 */
typedef struct HBaseKeyValues
{
	Datum	   *vals;
	bool	   *nulls;
	Oid		   *types;
	bool	   *known;			/* NULL: every value is known */
} HBaseKeyValues;

extern List *hbase_key_conds_from_list(List *list);

/*
 * The operators of value filter conditions.  pushdown.c builds the tree of a
 * scan's quals that HBase can filter: a leaf is an integer list (op, attnum,
 * fdw_exprs index or -1), an AND or OR a list of an integer list (op) and its
 * arguments; NOT is pushed into the leaves.  vfilter.c derives the filters
 * from it and the values.
 */
typedef enum HBaseFilterOp
{
	HBASE_VF_AND,
	HBASE_VF_OR,
	HBASE_VF_EQ,
	HBASE_VF_NE,
	HBASE_VF_LT,
	HBASE_VF_LE,
	HBASE_VF_GT,
	HBASE_VF_GE,
	HBASE_VF_IN,				/* = ANY (array) */
	HBASE_VF_NOT_IN,			/* <> ALL (array) */
	HBASE_VF_ISNULL,
	HBASE_VF_NOTNULL,
	HBASE_VF_PREFIX,			/* LIKE 'abc%': the value is the literal prefix */
	HBASE_VF_SUBSTR				/* LIKE '%abc%': the value is the ASCII literal */
} HBaseFilterOp;

/* IN lists longer than this stay local filters */
#define HBASE_VF_MAX_IN		100


/* ---------- vfilter.c: value filter conditions and values -> HBase filters ---------- */

extern bool hbase_vfilter_known(List *fconds, const HBaseKeyValues *values);
extern List *hbase_vfilter_derive(HBaseTable *t, List *fconds, const HBaseKeyValues *values);

/* ---------- keyplan.c: (conditions, values) -> the HBase operation ---------- */

extern HBaseKeyPlan *hbase_keyplan_derive(HBaseTable *t, const HBaseOpSpec *spec,
										  const HBaseKeyValues *values);
extern HBaseKeyValues *hbase_keyplan_planning_values(List *exprs);
extern HBaseKeyPlan *hbase_keyplan_at_planning(HBaseTable *t, List *conds, List *exprs);
extern List *hbase_keyplan_describe(HBaseTable *t, HBaseKeyPlan *kp);

/* ---------- cost.c: the one cost model (requests, rows and bytes received) ---------- */

/* keys per multiget request (scan_pages.c and join.c send at most this many) */
#define HBASE_COST_MULTIGET_KEYS	100

/* what a read sends and receives, and its cost (hbase_cost_finish) */
typedef struct HBaseCost
{
	double		requests;		/* requests sent */
	double		first_requests; /* of them, those before the first row */
	double		concurrent;		/* of them, those sent alongside others */
	double		rows;			/* rows received */
	double		width;			/* bytes of a row's values */
	double		bytes;			/* bytes received */
	double		startup;
	double		total;
} HBaseCost;


/* ---------- paths.c: planning a scan (GetForeignRelSize, GetForeignPaths, GetForeignPlan) ---------- */

/*
 * What a ForeignScan plan carries in fdw_private (fdw_exprs: the values of
 * the conditions).  The planner decides; the executor and EXPLAIN only read.
 * Must match hbase_plan_scan (paths.c).
 */
enum FdwScanPrivateIndex
{
	FdwScanPrivateRetrievedAttrs,	/* integer list of attnums to fetch */
	FdwScanPrivateKeyConds,		/* key conditions (hbase_key_conds_to_list) */
	FdwScanPrivateFilterConds,	/* cell filters: (attnum, fdw_exprs index) */
	FdwScanPrivateFirstPage,	/* rows of a scanner's first page */
	FdwScanPrivateRowOrder,		/* HBaseRowOrder the rows must come in */
	FdwScanPrivateSaltBytes,	/* HBASE_ORDER_KEY: salt bytes to skip merging
								 * the salt buckets in key order, or 0 */
	FdwScanPrivateSplitBuckets, /* 1: a salted table is read one range per
								 * bucket (to merge them, or to read them
								 * concurrently) */
	FdwScanPrivateTimeConds,	/* a table of versions: :timestamp conditions;
								 * else a row_timestamp column's, (btree
								 * strategy, fdw_exprs index) pairs */
	FdwScanPrivateNotPushed,	/* String list: quals on key columns the key
								 * cannot use, and why (EXPLAIN) */
	FdwScanPrivateIndex,		/* 0, or n: the rows are found through the
								 * table's nth Phoenix index (read_indexes),
								 * the key conditions are the index's */
	FdwScanPrivateCovered		/* 1: that index holds every column read: its
								 * verified rows are read alone */
};

extern void hbase_plan_rel_size(PlannerInfo *root, RelOptInfo *baserel, Oid foreigntableid);
extern void hbase_plan_paths(PlannerInfo *root, RelOptInfo *baserel, Oid foreigntableid);
extern ForeignScan *hbase_plan_scan(PlannerInfo *root, RelOptInfo *baserel, Oid foreigntableid,
									ForeignPath *best_path, List *tlist, List *scan_clauses,
									Plan *outer_plan);

/* ---------- writes.c: planning INSERT, UPDATE, DELETE (row by row and direct) ---------- */

/*
 * fdw_private of a ModifyTable's foreign table (hbase_plan_modify, writes.c);
 * must match its list
 */
enum ModifyPrivateIndex
{
	ModifyPrivateUpdated,		/* UPDATE: attnums set, generated columns too */
	ModifyPrivateCheck,			/* UPDATE: its SET reads the row:
								 * check-and-put */
	ModifyPrivateOnConflict,	/* OnConflictAction */
	ModifyPrivateSetAttnos,		/* UPDATE that can be applied again to a row
								 * read again: the attnums of its SET, else
								 * NIL */
	ModifyPrivateRecheck,		/* and a list: the SET expressions (in that
								 * order), the row's conditions (its WHERE) */
	ModifyPrivateOnce			/* UPDATE, DELETE: a row may come several
								 * times (FROM, USING): remember the keys
								 * changed */
};

typedef enum DirectKind
{
	DIRECT_DELETE,
	DIRECT_PUT,
	DIRECT_INCREMENT,
	DIRECT_CAS
} DirectKind;

/*
 * fdw_private of a ForeignScan doing a direct modification; must match
 * hbase_plan_direct_modify (writes.c)
 */
enum DirectPrivateIndex
{
	DirectPrivateKind,			/* DirectKind */
	DirectPrivateKeyConds,		/* hbase_key_conds_to_list */
	DirectPrivateTargets,		/* UPDATE: attnums set, in the order of the
								 * SET expressions */
	DirectPrivateSigns,			/* INCREMENT: +1 or -1 per target */
	DirectPrivateNKeyExprs,		/* fdw_exprs: key values, then conditions,
								 * then SET expressions (for INCREMENT the
								 * deltas, then the SET expressions) */
	DirectPrivateNQuals,
	DirectPrivateSetTag			/* canSetTag: the statement's row count is
								 * ours */
};

extern void hbase_plan_update_targets(PlannerInfo *root, Index rtindex, RangeTblEntry *target_rte,
									  Relation target_relation);
extern List *hbase_plan_modify(PlannerInfo *root, ModifyTable *plan, Index resultRelation,
							   int subplan_index);
extern bool hbase_plan_direct_modify(PlannerInfo *root, ModifyTable *plan, Index resultRelation,
									 int subplan_index);
extern bool hbase_cell_checkable(HBaseColumn *col);
extern void hbase_refuse_unchecked(HBaseTable *t, List *cols);

/* ---------- join_paths.c: planning batched key joins (exec/join.c runs them) ---------- */

/* fewer ranges than this are read one by one (a page each: 1 request; a scanner: 3) */
#define JOIN_MIN_GROUP			3

/*
 * What the CustomScan carries in custom_private; must match plan_join.
 */
enum JoinScanPrivateIndex
{
	JoinScanTable,				/* the foreign table's Oid */
	JoinScanInnerPos,			/* the inner's position among custom_relids */
	JoinScanJoinType,
	JoinScanSingleMatch,
	JoinScanKeyConds,			/* hbase_key_conds_to_list */
	JoinScanInnerAttrs,			/* attnums of the inner columns of the scan
								 * tuple */
	JoinScanNOuter,				/* outer columns at the start of the scan
								 * tuple */
	JoinScanShape,				/* HBaseOpKind of a row's keys: GET or
								 * MULTIGET (keys), SCANS (a leading part:
								 * prefix scans) */
	JoinScanFilterConds,		/* the inner quals HBase can filter by cell
								 * values (hbase_filter_conditions), their
								 * values in JoinExprFilterValues */
	JoinScanIndex,				/* 0, or n: the rows are found through the
								 * table's nth Phoenix index (read_indexes),
								 * the key conditions are its key's (SCANS) */
	JoinScanCovered				/* 1: that index holds every inner column */
};

/* custom_exprs; must match plan_join */
enum JoinScanExprIndex
{
	JoinExprKeys,				/* values of the key conditions */
	JoinExprInnerQuals,			/* the HBase table's own quals */
	JoinExprJoinQuals,
	JoinExprOtherQuals,
	JoinExprFilterValues		/* values of the filter conditions */
};

/* GUCs that steer the join's planning and execution (sql/options.c defines them as settings) */
extern bool hbase_enable_batched_join;
extern int	hbase_join_batch_size;

extern int	hbase_salt_of(HBaseTable *t, int *buckets);
extern void hbase_join_paths_init(GetForeignRelSize_function rel_size,
								  const CustomScanMethods *scan_methods);

#endif
