/*
 * layouts.c: rowkey layouts found and checked on a sample of keys.
 *   hbase_infer_layout(server, hbase_table [, sample])  the layouts that
 *       explain every sampled key (rowkey/infer.c proves each by decoding
 *       and re-encoding every key), with their evidence
 *   hbase_check_layout(foreign_table [, sample])  what a declared layout
 *       makes of sampled keys: keys it cannot read, keys it would write
 *       otherwise, times outside plausible years
 *   hbase_import_layout  the layout IMPORT FOREIGN SCHEMA declares (import.c)
 *   hbase_sample_rows  the same sample's rows, cells and all (check_values.c)
 * The sample: the table's regions (one request), then the first rows and the
 * last rows of each (two stateless scans per region, the second reversed; at
 * most SAMPLE_REGIONS regions, spread evenly over them), sample keys in all:
 * a salted table's buckets, each a region or not, are seen up to the last
 * one (which gives the bucket count), which the first rows of the table
 * alone would not show.
 */
#include "postgres.h"

#include "foreign/foreign.h"
#include "funcapi.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/acl.h"
#include "utils/lsyscache.h"
#include "utils/builtins.h"
#include "utils/memutils.h"

#include "sql_int.h"
#include "rowkey.h"

/* regions read at most: a table of more has every k-th one read */
#define SAMPLE_REGIONS		64
#define DEFAULT_KEY_SAMPLE	1000
/* candidates reported at most */
#define MAX_CANDIDATES		8

PG_FUNCTION_INFO_V1(hbase_infer_layout);
PG_FUNCTION_INFO_V1(hbase_check_layout);

/*
 * Up to limit keys of one region (reversed: its last ones) into keys/lens
 * from n on; the new n.  A refused scan is an error naming the table, or,
 * with *failed given (IMPORT: one table's sample costs only its layout), -1
 * with *failed set to the gateway's answer.
 */
static int
scan_keys(HBaseConn *conn, HBaseTable *t, HBaseKeyRange *reg, bool reversed, int limit,
		  char **keys, size_t *lens, HBaseRow **rows, int n, long *bytes, char **failed)
{
	HBaseStatelessScan scan;
	HBaseResult res;
	int			i;

	CHECK_FOR_INTERRUPTS();
	memset(&scan, 0, sizeof(scan));
	scan.lower = reg->start;
	scan.lowerlen = reg->startlen;
	scan.upper = reg->stop;
	scan.upperlen = reg->stoplen;
	scan.limit = limit;
	scan.reversed = reversed;
	scan.exact_bounds = reversed;
	res = hbase_rest_stateless_scan(conn, t, &scan, 0);
	if (res.resp)
		*bytes += (long) res.resp->len;
	if (res.outcome == HBASE_END)
		return n;
	if (res.outcome != HBASE_DONE && failed)
	{
		*failed = psprintf("the gateway answered HTTP %ld to a scan of its keys: %s", res.status,
						   res.resp ? hbase_body_summary(res.resp) : "no answer");
		return -1;
	}
	if (res.outcome != HBASE_DONE)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_UNABLE_TO_ESTABLISH_CONNECTION),
				 errmsg("could not sample the keys of HBase table \"%s\"", t->hbase_table),
				 errdetail("The gateway answered HTTP %ld to a scan of a region's %s %d rows: %s.",
						   res.status, reversed ? "last" : "first", limit,
						   res.resp ? hbase_body_summary(res.resp) : "no answer")));
	for (i = 0; i < res.set->nrows && i < limit; i++)
	{
		keys[n] = res.set->rows[i].key;
		lens[n] = res.set->rows[i].keylen;
		rows[n] = &res.set->rows[i];
		n++;
	}
	return n;
}

/*
 * Up to max keys of the table, spread over its regions; *nregions gets how
 * many regions it has, *bytes what the answers weighed.
 */
static int
sample_keys(HBaseConn *conn, HBaseTable *t, int max, char ***keys, size_t **lens,
			HBaseRow ***rowsp, int *nregions, long *bytes, char **failed)
{
	const char *error;
	List	   *regions = hbase_rest_regions(conn, t, &error);
	int			nr = list_length(regions),
				step,
				per,
				r,
				n = 0;

	HBaseRow  **rows = palloc(sizeof(HBaseRow *) * max);

	*keys = palloc(sizeof(char *) * max);
	*lens = palloc(sizeof(size_t) * max);
	if (rowsp)
		*rowsp = rows;
	*bytes = 0;
	if (nr == 0)
	{
		/* no listing: the table's first rows */
		HBaseKeyRange *all = palloc0(sizeof(HBaseKeyRange));

		regions = list_make1(all);
		nr = 1;
	}
	*nregions = nr;
	step = nr > SAMPLE_REGIONS ? (nr + SAMPLE_REGIONS - 1) / SAMPLE_REGIONS : 1;
	per = Max(1, max / ((nr + step - 1) / step));
	for (r = 0; r < nr && n < max; r += step)
	{
		HBaseKeyRange *reg = list_nth(regions, r);
		int			want = Min(per, max - n);
		int			half = want - want / 2;
		int			first = n,
					back;

		/* the region's first keys, then its last ones (down to the first's last) */
		n = scan_keys(conn, t, reg, false, half, *keys, *lens, rows, n, bytes, failed);
		if (n < 0)
			return -1;
		if (n - first < half || want / 2 == 0)
			continue;
		back = n;
		n = scan_keys(conn, t, reg, true, want / 2, *keys, *lens, rows, n, bytes, failed);
		if (n < 0)
			return -1;
		{
			int			i,
						kept = back;

			for (i = back; i < n; i++)
				if (hbase_cmp_keys((*keys)[i], (*lens)[i], (*keys)[back - 1], (*lens)[back - 1]) > 0)
				{
					(*keys)[kept] = (*keys)[i];
					(*lens)[kept] = (*lens)[i];
					rows[kept] = rows[i];
					kept++;
				}
			n = kept;
		}
	}
	return n;
}

/*
 * Up to max rows of a foreign table, with every cell of each, sampled as
 * keys are (spread over its regions, each region's first and last rows):
 * hbase_check_values reads their cells.  A refused scan is an error.
 */
int
hbase_sample_rows(HBaseConn *conn, HBaseTable *t, int max, HBaseRow ***rows)
{
	char	  **keys;
	size_t	   *lens;
	int			nregions;
	long		bytes;

	return sample_keys(conn, t, max, &keys, &lens, rows, &nregions, &bytes, NULL);
}

/* a plain HBaseTable for requests to an HBase table of a server */
static HBaseTable *
remote_table(ForeignServer *server, const char *name)
{
	HBaseTable *t = palloc0(sizeof(HBaseTable));
	HBaseServerOptions sopts;

	hbase_server_options(server, &sopts);
	t->serverid = server->serverid;
	t->relname = t->hbase_table = pstrdup(name);
	t->remote_table = hbase_remote_table_name(sopts.ns, name);
	return t;
}

/*
 * The layouts that explain every key, copied out of the inference's own
 * memory (it allocates a lot, freed at once); their number.
 */
static int
infer(char **keys, size_t *lens, int n, hbase_rk_candidate *out, int max)
{
	MemoryContext cxt = AllocSetContextCreate(CurrentMemoryContext, "hbase_fdw layout inference",
											  ALLOCSET_DEFAULT_SIZES);
	MemoryContext old = MemoryContextSwitchTo(cxt);
	int			found,
				i,
				c;

	found = hbase_rk_infer((const char *const *) keys, lens, n, out, max);
	MemoryContextSwitchTo(old);
	for (i = 0; i < found; i++)
	{
		out[i].layout = pstrdup(out[i].layout);
		for (c = 0; c < out[i].ncolumns; c++)
			out[i].columns[c].name = out[i].names[c];
	}
	MemoryContextDelete(cxt);
	return found;
}

/* "id bigint, day date" */
static char *
column_list(const hbase_rk_candidate *c)
{
	StringInfoData b;
	int			i;

	initStringInfo(&b);
	for (i = 0; i < c->ncolumns; i++)
		appendStringInfo(&b, "%s%s %s", i ? ", " : "", c->names[i], c->sqltypes[i]);
	return b.data;
}

/* argument arg of a sampling function: the keys (rows) it samples, hbase_check_values' too */
int
hbase_sample_arg(FunctionCallInfo fcinfo, int arg, const char *unit)
{
	int			n = PG_NARGS() > arg && !PG_ARGISNULL(arg) ? PG_GETARG_INT32(arg) : DEFAULT_KEY_SAMPLE;

	if (n < 1 || n > HBASE_MAX_SAMPLE_ROWS)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("sample must be between 1 and %d %s", HBASE_MAX_SAMPLE_ROWS, unit)));
	return n;
}

/*
 * hbase_infer_layout(server name, hbase_table text, sample int) ->
 * (rank, layout, columns, keys_sampled, keys_explained, prefix,
 * prefix_verified, regions): every layout that explains all sampled keys,
 * the most specific first; no row when none does (random bytes, uuids,
 * free text).
 */
Datum
hbase_infer_layout(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	ForeignServer *server = GetForeignServerByName(text_to_cstring(PG_GETARG_TEXT_PP(0)), false);
	char	   *name = text_to_cstring(PG_GETARG_TEXT_PP(1));
	int			sample = hbase_sample_arg(fcinfo, 2, "keys");
	HBaseConn  *conn;
	HBaseTable *t;
	char	  **keys;
	size_t	   *lens;
	int			n,
				nregions,
				found,
				i;
	long		bytes;
	hbase_rk_candidate *cands = palloc0(sizeof(hbase_rk_candidate) * MAX_CANDIDATES);

	InitMaterializedSRF(fcinfo, 0);
	/* the server's keys, read as this user: what a foreign table of it could read */
	if (pg_foreign_server_aclcheck(server->serverid, GetUserId(), ACL_USAGE) != ACLCHECK_OK)
		aclcheck_error(ACLCHECK_NO_PRIV, OBJECT_FOREIGN_SERVER, server->servername);
	if (hbase_table_name_problem(name) != NULL)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_TABLE_NOT_FOUND),
				 errmsg("\"%s\" is not an HBase table name", name),
				 errdetail("%s", hbase_table_name_problem(name))));
	conn = hbase_get_connection(server->serverid, GetUserId());
	t = remote_table(server, name);
	if (!hbase_rest_table_exists(conn, t, "checking that the table exists"))
	{
		char	   *similar = hbase_rest_similar_tables(conn, t);

		ereport(ERROR,
				(errcode(ERRCODE_FDW_TABLE_NOT_FOUND),
				 errmsg("HBase table \"%s\" does not exist", name),
				 similar ? errhint("%s", similar) : 0));
	}
	n = sample_keys(conn, t, sample, &keys, &lens, NULL, &nregions, &bytes, NULL);
	found = n > 0 ? infer(keys, lens, n, cands, MAX_CANDIDATES) : 0;
	for (i = 0; i < found; i++)
	{
		Datum		out[8];
		bool		onull[8] = {false};

		out[0] = Int32GetDatum(i + 1);
		out[1] = CStringGetTextDatum(cands[i].layout);
		out[2] = CStringGetTextDatum(column_list(&cands[i]));
		out[3] = Int32GetDatum(cands[i].keys);
		out[4] = Int32GetDatum(cands[i].explained);
		if (cands[i].prefix)
			out[5] = CStringGetTextDatum(cands[i].prefix);
		else
			onull[5] = true;
		out[6] = Int32GetDatum(cands[i].prefix_verified);
		out[7] = Int32GetDatum(nregions);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, out, onull);
	}
	return (Datum) 0;
}

/*
 * hbase_check_layout(foreign_table regclass, sample int) ->
 * (keys_sampled, unreadable, written_otherwise, implausible, first_key,
 * detail): the declared layout against the table's keys.  first_key is the
 * first key with a problem (unreadable first, then written otherwise, then
 * implausible), detail says what.
 */
Datum
hbase_check_layout(PG_FUNCTION_ARGS)
{
	TupleDesc	tupdesc;
	HBaseTable *table;
	int			sample = hbase_sample_arg(fcinfo, 1, "keys");
	HBaseConn  *conn;
	char	  **keys;
	size_t	   *lens;
	int			n,
				nregions;
	long		bytes;
	hbase_rk_check res;
	Datum		out[6];
	bool		onull[6] = {false};
	StringInfoData detail;
	int			first = -1;

	if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "return type must be a row type");
	/* the table's keys: as a SELECT of it would read them */
	if (pg_class_aclcheck(PG_GETARG_OID(0), GetUserId(), ACL_SELECT) != ACLCHECK_OK)
		aclcheck_error(ACLCHECK_NO_PRIV, OBJECT_FOREIGN_TABLE, get_rel_name(PG_GETARG_OID(0)));
	table = hbase_table_with_layout(PG_GETARG_OID(0));
	if (table->layout == NULL || table->rowkey_implicit)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_OPTION_NAME),
				 errmsg("foreign table \"%s\" declares no rowkey layout", table->relname),
				 errhint("Set its option \"rowkey\", or see hbase_infer_layout().")));
	conn = hbase_get_connection(table->serverid, GetUserId());
	n = sample_keys(conn, table, sample, &keys, &lens, NULL, &nregions, &bytes, NULL);
	hbase_rk_check_keys(table->layout, table->rkcols, table->natts,
						(const char *const *) keys, lens, n, &res);
	initStringInfo(&detail);
	if (res.unreadable > 0)
	{
		first = res.first_unreadable;
		appendStringInfo(&detail, "%d key%s cannot be read (the first: %s).", res.unreadable,
						 res.unreadable == 1 ? "" : "s", res.error);
	}
	if (res.rewritten > 0)
	{
		if (first < 0)
			first = res.first_rewritten;
		appendStringInfo(&detail, "%s%d key%s would be written as other bytes (the first: %s).",
						 detail.len ? " " : "", res.rewritten, res.rewritten == 1 ? "" : "s",
						 hbase_printable_key(keys[res.first_rewritten], lens[res.first_rewritten]));
	}
	if (res.implausible > 0)
	{
		if (first < 0)
			first = res.first_implausible;
		appendStringInfo(&detail, "%s%d key%s give column \"%s\" a time before 1971 or from 2200 on (the first: %s): is the part's unit (epoch or epoch_ms) the one the keys have?",
						 detail.len ? " " : "", res.implausible, res.implausible == 1 ? "" : "s",
						 table->rkcols[res.implausible_column].name,
						 hbase_printable_key(keys[res.first_implausible], lens[res.first_implausible]));
	}
	if (detail.len == 0)
		appendStringInfo(&detail, "The layout reads every key sampled and writes it back the same.");
	out[0] = Int32GetDatum(res.keys);
	out[1] = Int32GetDatum(res.unreadable);
	out[2] = Int32GetDatum(res.rewritten);
	out[3] = Int32GetDatum(res.implausible);
	if (first >= 0)
		out[4] = CStringGetTextDatum(hbase_printable_key(keys[first], lens[first]));
	else
		onull[4] = true;
	out[5] = CStringGetTextDatum(detail.data);
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(BlessTupleDesc(tupdesc), out, onull)));
}

/* can name be a key column's, as the layout spells a bare name: [a-z_][a-z0-9_]* */
static bool
plain_name(const char *name, int len)
{
	int			i;

	if (len == 0 || len >= (int) sizeof(((hbase_rk_candidate *) 0)->names[0]) ||
		!(islower((unsigned char) name[0]) || name[0] == '_'))
		return false;
	for (i = 0; i < len; i++)
		if (!(islower((unsigned char) name[i]) || isdigit((unsigned char) name[i]) || name[i] == '_'))
			return false;
	return strncmp(name, "rowkey", len) != 0 || len != 6;
}

/*
 * The table's own names for the key columns, where evident: a qualifier
 * whose cells, in at least half the sampled rows and at least two, all hold
 * a key column's value (a number's decimal text, a text's bytes) names that
 * column (applications often keep the key's fields in cells too).  Each
 * rename is proven: the renamed layout must still read and write back
 * every key.
 */
static void
name_after_cells(hbase_rk_candidate *cand, char **keys, size_t *lens, HBaseRow **rows, int n)
{
	const char *err;
	int			pos,
				c,
				r;
	rk_layout  *l = hbase_rk_parse(cand->layout, cand->columns, cand->ncolumns, &err, &pos);
	rk_value  **vals;

	if (l == NULL)
		return;
	vals = palloc(sizeof(rk_value *) * n);
	for (r = 0; r < n; r++)
	{
		vals[r] = palloc0(sizeof(rk_value) * cand->ncolumns);
		if (hbase_rk_decode(l, keys[r], lens[r], vals[r], &err) != 0)
			return;
	}
	for (c = 0; c < cand->ncolumns; c++)
	{
		HBaseRow   *first = NULL;
		int			q;

		if (cand->columns[c].type != RK_INT && cand->columns[c].type != RK_TEXT)
			continue;
		/* the qualifiers of the first row holding the value are the candidates */
		for (r = 0; r < n && first == NULL; r++)
			if (!vals[r][c].isnull)
				first = rows[r];
		if (first == NULL)
			continue;
		for (q = 0; q < first->ncells; q++)
		{
			HBaseCell  *cell = &first->cells[q];
			const char *colon = memchr(cell->column, ':', cell->collen);
			int			held = 0,
						equal = 0,
						k;
			char	   *name,
					   *renamed;
			hbase_rk_check res;

			if (colon == NULL)
				continue;
			for (r = 0; r < n; r++)
			{
				HBaseCell  *x = NULL;
				char		num[32];
				const char *v;
				int			vlen;

				for (k = 0; k < rows[r]->ncells; k++)
					if (rows[r]->cells[k].collen == cell->collen &&
						memcmp(rows[r]->cells[k].column, cell->column, cell->collen) == 0)
						x = &rows[r]->cells[k];
				if (x == NULL || vals[r][c].isnull)
					continue;
				held++;
				if (cand->columns[c].type == RK_INT)
				{
					vlen = snprintf(num, sizeof(num), "%lld", (long long) vals[r][c].i);
					v = num;
				}
				else
				{
					v = vals[r][c].s;
					vlen = (int) vals[r][c].len;
				}
				if (x->vallen == vlen && memcmp(x->value, v, vlen) == 0)
					equal++;
			}
			if (held < 2 || held * 2 < n || equal != held)
				continue;
			name = pnstrdup(colon + 1, cell->collen - (colon + 1 - cell->column));
			if (!plain_name(name, strlen(name)))
				continue;
			for (k = 0; k < cand->ncolumns; k++)
				if (strcmp(cand->names[k], name) == 0)
					break;
			if (k < cand->ncolumns)
				continue;
			renamed = hbase_rk_rename_column(cand->layout, cand->names[c], name);
			if (renamed == NULL)
				continue;
			{
				hbase_rk_candidate try = *cand;
				rk_layout  *l2;

				for (k = 0; k < try.ncolumns; k++)
					try.columns[k].name = try.names[k];
				strlcpy(try.names[c], name, sizeof(try.names[c]));
				l2 = hbase_rk_parse(renamed, try.columns, try.ncolumns, &err, &pos);
				if (l2 == NULL)
					continue;
				hbase_rk_check_keys(l2, try.columns, try.ncolumns, (const char *const *) keys, lens, n, &res);
				if (res.unreadable || res.rewritten)
					continue;
				strlcpy(cand->names[c], name, sizeof(cand->names[c]));
				cand->columns[c].name = cand->names[c];
				cand->layout = renamed;
			}
			break;
		}
	}
}

/*
 * The layout IMPORT declares for an HBase table: the best of those that
 * explain every key of a sample of sample_rows keys, or NULL (*why says
 * why: no rows, no layout found, the sample refused).  *cand gets it, its
 * key columns named after the cells that hold their values with
 * cell_names (IMPORT's key_names 'cells').
 */
char *
hbase_import_layout(HBaseConn *conn, ForeignServer *server, const char *table, int sample_rows,
					bool cell_names, hbase_rk_candidate *cand, int *nkeys, char **why)
{
	HBaseTable *t = palloc0(sizeof(HBaseTable));
	char	  **keys;
	size_t	   *lens;
	HBaseRow  **rows;
	int			n,
				nregions,
				found,
				c;
	long		bytes;
	hbase_rk_candidate *cands = palloc0(sizeof(hbase_rk_candidate) * MAX_CANDIDATES);

	t->serverid = server->serverid;
	t->relname = t->hbase_table = t->remote_table = (char *) table;
	n = sample_keys(conn, t, sample_rows, &keys, &lens, &rows, &nregions, &bytes, why);
	*nkeys = Max(n, 0);
	if (n < 0)
		return NULL;
	if (n == 0)
	{
		*why = "the table has no rows";
		return NULL;
	}
	found = infer(keys, lens, n, cands, MAX_CANDIDATES);
	if (found == 0)
	{
		*why = psprintf("no layout explains %s (random bytes, uuids or free text stay raw)",
						n == 1 ? "it" : psprintf("all %d of them", n));
		return NULL;
	}
	*cand = cands[0];
	for (c = 0; c < cand->ncolumns; c++)
		cand->columns[c].name = cand->names[c];
	if (cell_names)
		name_after_cells(cand, keys, lens, rows, n);
	return cand->layout;
}
