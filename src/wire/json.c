/*
 * json.c: the JSON that goes to the gateway (CellSets of writes,
 * ScannerModel, FilterModel), and the PostgreSQL side of the JSON answers
 * (listings, regions, version) that cellset_json.c decodes without a
 * document.  The only file that includes jansson.h.
 *
 * jansson allocates through palloc/pfree (set in hbase_json_init), so a
 * document being parsed when an error is raised is freed with its memory
 * context.  Never call jansson's json_object constructor: PostgreSQL
 * exports a function of that name; json_pack("{}") makes empty objects.
 */
#include "postgres.h"

#include <jansson.h>

#include "common/base64.h"
#include "lib/stringinfo.h"

#include "wire_int.h"

static void *
json_palloc(size_t size)
{
	return palloc(size);
}

static void
json_pfree(void *ptr)
{
	if (ptr)
		pfree(ptr);
}

void
hbase_json_init(void)
{
	json_set_alloc_funcs(json_palloc, json_pfree);
}

static char *
b64_encode(const char *data, int len)
{
	int			enclen = pg_b64_enc_len(len);
	char	   *out = palloc(enclen + 1);
	int			n = pg_b64_encode(data, len, out, enclen);

	if (n < 0)
		elog(ERROR, "could not encode base64");
	out[n] = '\0';
	return out;
}

/* the decoders' allocator (cellset.h): palloc, raising when out of memory */
static void *
decode_alloc(void *arg, size_t size)
{
	return palloc_extended(size, MCXT_ALLOC_HUGE);
}

/*
 * The "name" members of the objects in array `member` of a JSON object: the
 * tables of a TableListModel ({"table": [{"name": ...}]}) or the families of
 * a TableSchemaModel ({"ColumnSchema": [{"name": ...}]}), decoded by
 * cellset_json.c within the decode budget.  NULL with *error when the
 * document is not such an object.
 */
List *
hbase_json_names(const char *body, size_t len, const char *member, const char **error)
{
	char	  **names;
	int			n;
	size_t		decoded;
	char	   *err = palloc(HBASE_DECODE_ERRLEN);
	List	   *out = NIL;
	int			i;

	*error = NULL;
	if (hbase_json_names_decode(body, len, member, decode_alloc, NULL, &names, &n, &decoded,
								err) != HBASE_DECODE_OK)
	{
		*error = err;
		return NIL;
	}
	for (i = 0; i < n; i++)
		out = lappend(out, names[i]);
	return out;
}

static json_t *
binary_comparator(const char *value, int len)
{
	return json_pack("{s:s, s:s}", "type", "BinaryComparator", "value", b64_encode(value, len));
}

/*
 * The filter that returns the wanted columns of every row, and still every
 * row: HBase drops rows that have none of the requested columns, so the first
 * cell of each row comes along (MUST_PASS_ONE with FirstKeyOnlyFilter).  With
 * no wanted columns, only keys travel.
 */
static json_t *
column_match(const HBaseColumn *col)
{
	if (col->famlen == col->speclen)
		return json_pack("{s:s, s:s, s:o}", "type", "FamilyFilter", "op", "EQUAL",
						 "comparator", binary_comparator(col->colspec, col->famlen));
	return json_pack("{s:s, s:s, s:[{s:s, s:s, s:o}, {s:s, s:s, s:o}]}",
					 "type", "FilterList", "op", "MUST_PASS_ALL", "filters",
					 "type", "FamilyFilter", "op", "EQUAL",
					 "comparator", binary_comparator(col->colspec, col->famlen),
					 "type", "QualifierFilter", "op", "EQUAL",
					 "comparator", binary_comparator(col->colspec + col->famlen + 1,
													 col->speclen - col->famlen - 1));
}

/* a value filter (vfilter.c) as a FilterModel: SingleColumnValueFilters in FilterLists */
static json_t *
value_filter(const HBaseCellFilter *f)
{
	const HBaseColumn *col = f->col;
	json_t	   *comparator;
	json_t	   *args;
	ListCell   *lc;

	if (f->kind != HBASE_CF_CELL)
	{
		args = json_pack("[]");
		foreach(lc, f->args)
			json_array_append_new(args, value_filter(lfirst(lc)));
		return json_pack("{s:s, s:s, s:o}", "type", "FilterList",
						 "op", f->kind == HBASE_CF_AND ? "MUST_PASS_ALL" : "MUST_PASS_ONE",
						 "filters", args);
	}
	if (f->comparator == HBASE_CMP_SUBSTRING || f->comparator == HBASE_CMP_REGEX)
		/* the gateway takes these comparators' values as strings, not base64 */
		comparator = json_pack("{s:s, s:s%}", "type",
							   f->comparator == HBASE_CMP_REGEX ? "RegexStringComparator" : "SubstringComparator",
							   "value", VARDATA(f->value), (size_t) (VARSIZE(f->value) - VARHDRSZ));
	else if (f->comparator == HBASE_CMP_LENGTH)
		comparator = json_pack("{s:s, s:s, s:s}", "type", "BitComparator", "op", "OR",
							   "value", b64_encode(VARDATA(f->value), VARSIZE(f->value) - VARHDRSZ));
	else
		comparator = json_pack("{s:s, s:s}", "type",
							   f->comparator == HBASE_CMP_PREFIX ? "BinaryPrefixComparator" : "BinaryComparator",
							   "value", b64_encode(VARDATA(f->value), VARSIZE(f->value) - VARHDRSZ));
	return json_pack("{s:s, s:s, s:s, s:s, s:b, s:b, s:o}",
					 "type", "SingleColumnValueFilter", "op", f->op,
					 "family", b64_encode(col->colspec, col->famlen),
					 "qualifier", b64_encode(col->colspec + col->famlen + 1,
											 col->speclen - col->famlen - 1),
					 "ifMissing", f->if_missing, "latestVersion", 1,
					 "comparator", comparator);
}

/* the columns a value filter reads, appended to *cols */
static void
filter_columns(const HBaseCellFilter *f, List **cols)
{
	ListCell   *lc;

	if (f->kind == HBASE_CF_CELL)
		*cols = list_append_unique_ptr(*cols, (void *) f->col);
	foreach(lc, f->args)
		filter_columns(lfirst(lc), cols);
}

/*
 * Does every row that passes f have one of its cells?  Then the scan needs
 * no first cell of each row to keep rows whose wanted cells are all
 * missing.
 */
static bool
filter_needs_cell(const HBaseCellFilter *f)
{
	ListCell   *lc;

	switch (f->kind)
	{
		case HBASE_CF_CELL:
			return f->if_missing;
		case HBASE_CF_AND:
			foreach(lc, f->args)
				if (filter_needs_cell(lfirst(lc)))
					return true;
			return false;
		case HBASE_CF_OR:
			foreach(lc, f->args)
				if (!filter_needs_cell(lfirst(lc)))
					return false;
			return true;
	}
	return false;
}

static json_t *columns_filter(List *columns, bool exact, bool no_first_key, bool all_cells);

/*
 * Value filters (vfilter.c), with the projection: the wanted and the
 * filtered columns.  A row that passes the filters has one of their cells
 * unless every one of them may pass a row without (IS NULL, an OR with
 * it).  When it has, and every column is one cell, the scan asks HBase for
 * exactly these cells (the ScannerModel's columns, Scan.addColumn: the
 * region server skips the others before any filter looks at them, where a
 * projection FilterList is evaluated on every cell: bench/vfilter_specs.sh,
 * 1% of 1M rows, region server CPU against whole rows 1.10x by name, 1.26x
 * with the family and a QualifierFilter OR after the value filter, 2.2x
 * with MultipleColumnPrefixFilter); *columns is set to them.  Otherwise the filters are ANDed with columns_filter's flat one,
 * and the first cell of each row comes too when a row may pass without a
 * filtered cell, or a row with none of the listed cells would be lost.
 */
static json_t *
value_filters(List *filters, const HBaseScanSpec *spec, List **columns)
{
	json_t	   *all = json_pack("[]");
	List	   *cols = list_copy(spec->columns);
	bool		needs_cell = false;
	bool		cells_only = spec->families == NIL;
	ListCell   *lc;

	foreach(lc, filters)
	{
		HBaseCellFilter *f = lfirst(lc);

		json_array_append_new(all, value_filter(f));
		filter_columns(f, &cols);
		needs_cell |= filter_needs_cell(f);
	}
	foreach(lc, cols)
	{
		const HBaseColumn *col = lfirst(lc);

		cells_only &= col->famlen < col->speclen;
	}
	*columns = NIL;
	if (needs_cell && cells_only)
		*columns = cols;
	else
		json_array_append_new(all, columns_filter(cols, spec->exact_columns, needs_cell, false));
	if (json_array_size(all) == 1)
	{
		json_t	   *only = json_incref(json_array_get(all, 0));

		json_decref(all);
		return only;
	}
	return json_pack("{s:s, s:s, s:o}", "type", "FilterList", "op", "MUST_PASS_ALL",
					 "filters", all);
}

/*
 * The projection of a scan: the first cell of every row (so that a row with
 * none of the wanted cells still comes) and the cells whose qualifier is one
 * a wanted column names, or whose family is wholly wanted.  One flat OR:
 * nested Family AND Qualifier lists per column made the gateway's scan about
 * 30% slower.  A same-named qualifier of another family comes along too;
 * cells are matched on family and qualifier when read, so it only costs its
 * bytes; unless exact (a column shows the newest timestamp of the cells that
 * came): then family and qualifier both.  With no wanted columns, only keys
 * travel (all_cells: every cell's, for its timestamp).
 */
static json_t *
columns_filter(List *columns, bool exact, bool no_first_key, bool all_cells)
{
	json_t	   *filters;
	ListCell   *lc;

	if (columns == NIL && all_cells)
		return json_pack("{s:s}", "type", "KeyOnlyFilter");
	if (columns == NIL)
		return json_pack("{s:s, s:s, s:[{s:s}, {s:s}]}",
						 "type", "FilterList", "op", "MUST_PASS_ALL", "filters",
						 "type", "FirstKeyOnlyFilter",
						 "type", "KeyOnlyFilter");

	filters = no_first_key ? json_pack("[]") : json_pack("[{s:s}]", "type", "FirstKeyOnlyFilter");
	foreach(lc, columns)
	{
		const HBaseColumn *col = lfirst(lc);

		if (col->famlen == col->speclen || exact)
			json_array_append_new(filters, column_match(col));
		else
			json_array_append_new(filters,
								  json_pack("{s:s, s:s, s:o}", "type", "QualifierFilter", "op", "EQUAL",
											"comparator", binary_comparator(col->colspec + col->famlen + 1,
																			col->speclen - col->famlen - 1)));
	}
	return json_pack("{s:s, s:s, s:o}", "type", "FilterList", "op", "MUST_PASS_ONE",
					 "filters", filters);
}

/*
 * One RowRange of a MultiRowRangeFilter: from start (inclusive) to stop,
 * exclusive unless stop_inclusive (a single row is start = stop, both
 * inclusive).  An empty start or stop is the table's start or end.
 */
static json_t *
row_range(const char *start, int startlen, const char *stop, int stoplen, bool stop_inclusive)
{
	return json_pack("{s:s, s:b, s:s, s:b}",
					 "startRow", b64_encode(start, startlen), "startRowInclusive", 1,
					 "stopRow", b64_encode(stop, stoplen), "stopRowInclusive", stop_inclusive);
}

/*
 * The ScannerModel that creates a scanner for spec, as JSON: the bounds,
 * batch and caching, versions, time range and families, and one FilterModel
 * (a string inside the model) that ANDs what the spec asks for: the wanted
 * cells or the cell filters, a FuzzyRowFilter (skip scan), a
 * MultiRowRangeFilter of exact rows (Gets on an old gateway), a
 * RandomRowFilter (ANALYZE's sample).  Keys, qualifiers and values travel
 * base64, so any bytes are exact.
 */
char *
hbase_json_scanner_model(const HBaseScanSpec *spec)
{
	json_t	   *model = json_pack("{s:i, s:i, s:i, s:b}",
								  "batch", spec->batch,
								  "caching", spec->caching,
								  "maxVersions", spec->max_versions > 0 ? spec->max_versions : 1,
								  "cacheBlocks", 1);
	List	   *cells = NIL;
	json_t	   *filter = spec->filters ? value_filters(spec->filters, spec, &cells) :
		columns_filter(spec->columns, spec->exact_columns, spec->no_first_key,
					   spec->all_cells);
	char	   *filterstr;
	char	   *result;

	if (spec->fuzzy)
	{
		/* a skip scan over rows whose fixed bytes match: AND it with the rest */
		json_t	   *keys = json_pack("[]");
		ListCell   *lc;

		for (lc = list_head(spec->fuzzy); lc; lc = lnext(spec->fuzzy, lnext(spec->fuzzy, lc)))
		{
			bytea	   *k = lfirst(lc);
			bytea	   *m = lfirst(lnext(spec->fuzzy, lc));

			json_array_append_new(keys, json_pack("{s:s, s:s}",
												  "key", b64_encode(VARDATA(k), VARSIZE(k) - VARHDRSZ),
												  "mask", b64_encode(VARDATA(m), VARSIZE(m) - VARHDRSZ)));
		}
		filter = json_pack("{s:s, s:s, s:[{s:s, s:o}, o]}", "type", "FilterList",
						   "op", "MUST_PASS_ALL", "filters",
						   "type", "FuzzyRowFilter", "fuzzyKeys", keys, filter);
	}

	if (spec->points || spec->row_ranges)
	{
		/*
		 * only these rows (a Get on a gateway without ?e=b64: one-row
		 * ranges) or key ranges (a batched join's prefixes of one salt
		 * bucket): a MultiRowRangeFilter, whose keys travel base64 in the
		 * body; it also seeks from one range to the next
		 */
		json_t	   *ranges = json_pack("[]");
		ListCell   *lc;

		foreach(lc, spec->points)
		{
			bytea	   *k = lfirst(lc);

			json_array_append_new(ranges, row_range(VARDATA(k), VARSIZE(k) - VARHDRSZ,
													VARDATA(k), VARSIZE(k) - VARHDRSZ, true));
		}
		foreach(lc, spec->row_ranges)
		{
			HBaseKeyRange *r = lfirst(lc);

			/* an empty stop row is the table's end */
			json_array_append_new(ranges, row_range(r->start, r->startlen,
													r->stop ? r->stop : "", r->stop ? r->stoplen : 0,
													false));
		}
		filter = json_pack("{s:s, s:s, s:[{s:s, s:o}, o]}", "type", "FilterList",
						   "op", "MUST_PASS_ALL", "filters",
						   "type", "MultiRowRangeFilter", "ranges", ranges, filter);
	}

	if (spec->chance > 0)
	{
		/* a sample: each row passes with this probability */
		filter = json_pack("{s:s, s:s, s:[{s:s, s:f}, o]}", "type", "FilterList",
						   "op", "MUST_PASS_ALL", "filters",
						   "type", "RandomRowFilter", "chance", spec->chance, filter);
	}

	if (spec->time_range)
	{
		/* cell timestamps in [startTime, endTime) */
		json_object_set_new(model, "startTime", json_integer(spec->start_time));
		json_object_set_new(model, "endTime", json_integer(spec->end_time));
	}
	if (spec->families)
	{
		/* the scan reads these families only (Scan.addFamily) */
		json_t	   *fams = json_pack("[]");
		ListCell   *lc;

		foreach(lc, spec->families)
		{
			const HBaseColumn *col = lfirst(lc);

			json_array_append_new(fams, json_string(b64_encode(col->colspec, col->famlen)));
		}
		json_object_set_new(model, "column", fams);
	}
	if (cells)
	{
		/* the scan reads these cells only (Scan.addColumn; "family:qualifier") */
		json_t	   *cols = json_pack("[]");
		ListCell   *lc;

		foreach(lc, cells)
		{
			const HBaseColumn *col = lfirst(lc);

			json_array_append_new(cols, json_string(b64_encode(col->colspec, col->speclen)));
		}
		json_object_set_new(model, "column", cols);
	}
	if (spec->startlen > 0)
		json_object_set_new(model, "startRow", json_string(b64_encode(spec->startrow, spec->startlen)));
	if (spec->endlen > 0)
		json_object_set_new(model, "endRow", json_string(b64_encode(spec->endrow, spec->endlen)));

	/* the FilterModel travels as a string inside the ScannerModel */
	filterstr = json_dumps(filter, JSON_COMPACT);
	json_decref(filter);
	json_object_set_new(model, "filter", json_string(filterstr));
	pfree(filterstr);

	result = json_dumps(model, JSON_COMPACT);
	json_decref(model);
	return result;
}

/*
 * The regions of a table (GET /<table>/regions, a TableInfoModel): their
 * key ranges in order, as HBaseKeyRange (an empty end key: NULL stop),
 * decoded by cellset_json.c within the decode budget.  Anything else
 * returns NIL with *error.
 */
List *
hbase_json_regions(const char *body, size_t len, const char **error)
{
	HBaseRegionRange *regions;
	int			n;
	size_t		decoded;
	char	   *err = palloc(HBASE_DECODE_ERRLEN);
	List	   *out = NIL;
	int			i;

	*error = NULL;
	if (hbase_json_regions_decode(body, len, decode_alloc, NULL, &regions, &n, &decoded,
								  err) != HBASE_DECODE_OK)
	{
		*error = err;
		return NIL;
	}
	for (i = 0; i < n; i++)
	{
		HBaseKeyRange *r = palloc0(sizeof(HBaseKeyRange));

		r->start = regions[i].start;
		r->startlen = regions[i].startlen;
		r->stop = regions[i].stop;
		r->stoplen = regions[i].stoplen;
		out = lappend(out, r);
	}
	return out;
}

/* base64 of data appended to buf (no character of it needs escaping in JSON) */
static void
append_b64(StringInfo buf, const char *data, int len)
{
	int			enclen = pg_b64_enc_len(len);
	int			n;

	enlargeStringInfo(buf, enclen + 1);
	n = pg_b64_encode(data, len, buf->data + buf->len, enclen);
	if (n < 0)
		elog(ERROR, "could not encode base64");
	buf->len += n;
	buf->data[buf->len] = '\0';
}

/*
 * A CellSet for a PUT: every row with its cells (values base64'd), written
 * straight into one buffer: the bulk writes' per-row work, where a document
 * of jansson objects cost an allocation per member.  Nothing in it needs
 * escaping: the strings are base64, the numbers decimal.
 */
char *
hbase_json_cellset(HBaseRow *rows, int nrows)
{
	StringInfoData buf;
	int			i,
				j;

	initStringInfo(&buf);
	appendStringInfoString(&buf, "{\"Row\":[");
	for (i = 0; i < nrows; i++)
	{
		appendStringInfoString(&buf, i == 0 ? "{\"key\":\"" : ",{\"key\":\"");
		append_b64(&buf, rows[i].key, rows[i].keylen);
		appendStringInfoString(&buf, "\",\"Cell\":[");
		for (j = 0; j < rows[i].ncells; j++)
		{
			appendStringInfoString(&buf, j == 0 ? "{\"column\":\"" : ",{\"column\":\"");
			append_b64(&buf, rows[i].cells[j].column, rows[i].cells[j].collen);
			appendStringInfoString(&buf, "\",\"$\":\"");
			append_b64(&buf, rows[i].cells[j].value, rows[i].cells[j].vallen);
			appendStringInfoChar(&buf, '"');
			if (rows[i].cells[j].timestamp > 0)
				appendStringInfo(&buf, ",\"timestamp\":" INT64_FORMAT, rows[i].cells[j].timestamp);
			appendStringInfoChar(&buf, '}');
		}
		appendStringInfoString(&buf, "]}");
	}
	appendStringInfoString(&buf, "]}");
	return buf.data;
}

/*
 * A TableSchemaModel for PUT /table/schema: the table's name and one
 * ColumnSchema per family (char *), each with the same attributes
 * (VERSIONS, TTL ...), names and values as strings, as the gateway's model
 * takes them (its ColumnSchemaModel keeps unknown members as attributes).
 */
char *
hbase_json_table_schema(const char *name, List *families, List *attr_names, List *attr_values)
{
	json_t	   *cols = json_pack("[]");
	json_t	   *model;
	char	   *result;
	ListCell   *lc;

	foreach(lc, families)
	{
		json_t	   *col = json_pack("{s:s}", "name", (char *) lfirst(lc));
		ListCell   *n,
				   *v;

		forboth(n, attr_names, v, attr_values)
			json_object_set_new(col, lfirst(n), json_string(lfirst(v)));
		json_array_append_new(cols, col);
	}
	model = json_pack("{s:s, s:o}", "name", name, "ColumnSchema", cols);
	result = json_dumps(model, JSON_COMPACT);
	json_decref(model);
	return result;
}

/*
 * The "Version" member of a /version/rest answer (the gateway's own HBase
 * version, reported from HBase 2.5.11 and 2.6.1 on), or NULL when the answer
 * has none or is not a JSON object.
 */
char *
hbase_json_version_field(const char *body, size_t len)
{
	char	   *version;
	char		err[HBASE_DECODE_ERRLEN];

	if (hbase_json_version_decode(body, len, decode_alloc, NULL, &version, err) != HBASE_DECODE_OK)
		return NULL;
	return version;
}
