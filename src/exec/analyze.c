/*
 * analyze.c - ANALYZE of an HBase foreign table
 *
 * Owns the sample: one scan of the whole table (a RandomRowFilter when a
 * fraction of the rows is enough), rows decoded like a query's, reservoir
 * sampled as PostgreSQL's own ANALYZE does.  pg_class.reltuples then gives
 * the planner the table's size, and pg_stats its columns, so a join with a
 * large HBase table weighs Gets per outer row against one scan.
 */
#include "postgres.h"

#include <math.h>

#include "access/htup_details.h"
#include "commands/vacuum.h"
#include "foreign/fdwapi.h"
#include "miscadmin.h"
#include "utils/memutils.h"
#include "utils/rel.h"
#include "utils/sampling.h"

#include "exec_int.h"

/* with 'auto', read about this many times the sample size */
#define AUTO_SAMPLE_FACTOR	3.0

static int	acquire_sample_rows(Relation relation, int elevel, HeapTuple *rows,
								int targrows, double *totalrows, double *totaldeadrows);

bool
hbase_analyze_foreign_table(Relation relation, AcquireSampleRowsFunc *func,
							BlockNumber *totalpages)
{
	*func = acquire_sample_rows;
	/* HBase has no pages to report: the row count is what the planner uses */
	*totalpages = 1;
	return true;
}

/*
 * The fraction of the rows to read: the table's option, else every row the
 * first time (no count to go by) and then a few times the sample size out
 * of the last count.
 */
static double
sample_fraction(HBaseTable *table, Relation relation, int targrows)
{
	double		reltuples = relation->rd_rel->reltuples;

	if (table->sample_fraction > 0)
		return table->sample_fraction;
	if (reltuples <= 0)
		return 1.0;
	return Min(1.0, AUTO_SAMPLE_FACTOR * targrows / reltuples);
}

/*
 * Read the table (or a random fraction of its rows) and keep a reservoir of
 * targrows of them.  Every row counts as live: HBase keeps no dead rows in
 * sight of a scan.
 */
static int
acquire_sample_rows(Relation relation, int elevel, HeapTuple *rows,
					int targrows, double *totalrows, double *totaldeadrows)
{
	HBaseTable *table = hbase_get_table(RelationGetRelid(relation));
	ForeignTable *ft = GetForeignTable(RelationGetRelid(relation));
	TupleDesc	tupdesc = RelationGetDescr(relation);
	HBaseColumnIO *io = palloc0(sizeof(HBaseColumnIO) * Max(table->natts, 1));
	Datum	   *values = palloc(sizeof(Datum) * Max(table->natts, 1));
	bool	   *isnull = palloc(sizeof(bool) * Max(table->natts, 1));
	List	   *attrs = NIL;
	bool		decode_key = false;
	double		fraction = sample_fraction(table, relation, targrows);
	double		samplerows = 0;
	double		rowstoskip = -1;
	int			numrows = 0;
	ReservoirStateData rstate;
	MemoryContext rowcxt;
	HBaseKeyPlan *plan;
	HBaseScan  *scan;
	HBaseRow   *row;
	int			i;

	for (i = 0; i < table->natts; i++)
	{
		HBaseColumn *col = &table->columns[i];

		if (col->dropped)
			continue;
		attrs = lappend_int(attrs, col->attnum);
		hbase_column_io_init(col, &io[i]);
		if (col->kind == HBASE_COL_KEYPART)
			decode_key = true;
	}

	/* the whole table, in any order: no key conditions */
	plan = palloc0(sizeof(HBaseKeyPlan));
	plan->kind = HBASE_OP_FULL;
	if (fraction < 1.0)
		plan->chance = fraction;

	/* as the table's owner, like the ANALYZE of postgres_fdw */
	scan = hbase_scan_begin(table, hbase_get_connection(ft->serverid, relation->rd_rel->relowner),
							attrs, HBASE_FIRST_PAGE);
	/* one stream in key order: a sample needs no parallel region pieces */
	hbase_scan_set_plan(scan, plan, HBASE_ORDER_KEY, 0);

	reservoir_init_selection_state(&rstate, targrows);
	rowcxt = AllocSetContextCreate(CurrentMemoryContext, "hbase_fdw analyze row",
								   ALLOCSET_DEFAULT_SIZES);
	while ((row = hbase_scan_next(scan)) != NULL)
	{
		MemoryContext old;
		HeapTuple	tuple;
		int			pos = -1;

		vacuum_delay_point();
		samplerows += 1;
		if (numrows < targrows)
			pos = numrows++;
		else
		{
			/* Vitter's algorithm, as acquire_sample_rows() in analyze.c */
			if (rowstoskip < 0)
				rowstoskip = reservoir_get_next_S(&rstate, samplerows - 1, targrows);
			if (rowstoskip <= 0)
			{
				pos = (int) (targrows * sampler_random_fract(&rstate.randstate));
				heap_freetuple(rows[pos]);
			}
			rowstoskip -= 1;
		}
		if (pos < 0)
			continue;
		old = MemoryContextSwitchTo(rowcxt);
		hbase_row_to_values(table, io, decode_key, attrs, row, values, isnull);
		MemoryContextSwitchTo(old);
		tuple = heap_form_tuple(tupdesc, values, isnull);
		MemoryContextReset(rowcxt);
		rows[pos] = tuple;
	}
	hbase_scan_end(scan);
	MemoryContextDelete(rowcxt);

	*totalrows = fraction < 1.0 ? floor(samplerows / fraction + 0.5) : samplerows;
	*totaldeadrows = 0;
	ereport(elevel,
			(errmsg("\"%s\": read %.0f rows of HBase table \"%s\" (%s), kept a sample of %d, estimated %.0f rows",
					RelationGetRelationName(relation), samplerows, table->hbase_table,
					fraction < 1.0 ? psprintf("a random %g of the rows", fraction) : "every row",
					numrows, *totalrows)));
	return numrows;
}
