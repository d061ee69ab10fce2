/*
 * option_values.c: the value of each option, checked and converted.
 *
 * One parser per kind of value (seconds, sizes, counts, costs, encodings,
 * table and column names), shared by the validator (sql/options.c, at
 * CREATE and ALTER), a table's reading (datum/table.c) and a server's
 * (hbase_server_options, here: connection.c builds connections from it), so
 * that a value is read the same way wherever it is read.  A bad value is an
 * error naming the option (hbase_bad_option_value).  Moved out of options.c
 * so that wire/ reads a server without calling up into sql/.
 */
#include "postgres.h"

#include <limits.h>

#include <ctype.h>
#include <math.h>

#include "commands/defrem.h"
#include "mb/pg_wchar.h"
#include "nodes/parsenodes.h"
#include "utils/builtins.h"
#include "utils/varlena.h"

#include "wire.h"

void
hbase_bad_option_value(const char *name, const char *value, const char *detail)
{
	ereport(ERROR,
			(errcode(ERRCODE_FDW_INVALID_ATTRIBUTE_VALUE),
			 errmsg("invalid value for option \"%s\": \"%s\"", name, value),
			 errdetail("%s", detail)));
}

/*
 * A boolean option's value, as PostgreSQL's boolean input reads it (true,
 * false, on, off, yes, no, 1, 0 and unique prefixes); anything else is a bad
 * value (HV024) like every other option's, not defGetBoolean's 42601.
 */
bool
hbase_option_bool(const char *name, const char *value)
{
	bool		result;

	if (!parse_bool(value, &result))
		hbase_bad_option_value(name, value, "The option takes a boolean: true or false (also on, off, yes, no, 1, 0).");
	return result;
}

/* seconds, fractional allowed; returns milliseconds */
long
hbase_parse_seconds(const char *name, const char *value)
{
	char	   *end;
	double		d;

	errno = 0;
	d = strtod(value, &end);
	if (end == value || *end != '\0' || errno != 0 || isnan(d) || d < 0 || d > 86400.0 * 365)
		hbase_bad_option_value(name, value, "A timeout is a non-negative number of seconds.");
	return (long) rint(d * 1000.0);
}

/*
 * gateway_version: "auto" (ask the gateway, the default) or the HBase
 * version of the REST gateway, "2.4.17"; returns 0 for auto.
 */
int
hbase_parse_gateway_option(const char *value)
{
	int			v;

	if (pg_strcasecmp(value, "auto") == 0)
		return 0;
	v = hbase_parse_gateway_version(value);
	if (v == 0 || value[strspn(value, "0123456789.")] != '\0')
		hbase_bad_option_value("gateway_version", value,
				  "gateway_version is \"auto\" or the HBase version of the REST gateway, such as \"2.4.17\".");
	return v;
}

/*
 * value as a whole number from lo to hi (the whole string, base 10), in *n;
 * false when it is not one: the integer options' one parse
 */
static bool
int_in_range(const char *value, long lo, long hi, int *n)
{
	char	   *end;
	long		v;

	errno = 0;
	v = strtol(value, &end, 10);
	if (end == value || *end != '\0' || errno != 0 || v < lo || v > hi)
		return false;
	*n = (int) v;
	return true;
}

int
hbase_parse_fetch_size(const char *value)
{
	int			n;

	if (!int_in_range(value, 1, 1000000, &n))
		hbase_bad_option_value("fetch_size", value, "fetch_size is a number of rows between 1 and 1000000.");
	return n;
}

/*
 * IMPORT FOREIGN SCHEMA's sample_rows: the rows read from each table to infer
 * its columns (import.c), 0 for none (a jsonb column per family).  Bounded
 * so that one import cannot ask a gateway for an arbitrarily large answer
 * per table.
 */
int
hbase_parse_sample_rows(const char *value)
{
	int			n;

	if (!int_in_range(value, 0, HBASE_MAX_SAMPLE_ROWS, &n))
		hbase_bad_option_value("sample_rows", value,
				  psprintf("sample_rows is a number of rows from 0 (no sampling: one jsonb column per column family) to %d.",
						   HBASE_MAX_SAMPLE_ROWS));
	return n;
}

/*
 * analyze_sample_fraction: 'auto' (0: every row the first time, then about
 * 3 times the sample size by the previous row count) or a fraction in (0, 1]
 */
double
hbase_parse_sample_fraction(const char *value)
{
	char	   *end;
	double		f;

	if (strcmp(value, "auto") == 0)
		return 0;
	errno = 0;
	f = strtod(value, &end);
	if (end == value || *end != '\0' || errno != 0 || !(f > 0 && f <= 1))
		hbase_bad_option_value("analyze_sample_fraction", value,
				  "analyze_sample_fraction is \"auto\" or a fraction of the rows above 0 and at most 1.");
	return f;
}

/*
 * parallel_workers: 'auto' (-1: by the planner's row estimate) or the
 * workers a Parallel Foreign Scan plans for, 0 (none) to 64.
 */
int
hbase_parse_parallel_workers(const char *value)
{
	int			n;

	if (pg_strcasecmp(value, "auto") == 0)
		return -1;
	if (!int_in_range(value, 0, 64, &n))
		hbase_bad_option_value("parallel_workers", value,
				  "parallel_workers is \"auto\" or a number of parallel workers from 0 to 64.");
	return n;
}

/*
 * versions: the table maps cell versions, one row per (rowkey, timestamp),
 * reading this many versions of each cell ('all': every one HBase keeps).
 */
int
hbase_parse_versions(const char *value)
{
	int			n;

	if (pg_strcasecmp(value, "all") == 0)
		return INT_MAX;
	if (!int_in_range(value, 1, INT_MAX, &n))
		hbase_bad_option_value("versions", value,
				  "versions is \"all\" or a number of versions of each cell from 1 on.");
	return n;
}

/*
 * phoenix_element: the position of a column's value in the one cell a
 * Phoenix table of IMMUTABLE_STORAGE_SCHEME SINGLE_CELL_ARRAY_WITH_OFFSETS
 * keeps per family (its encoded column qualifier - 10; 0 is the empty column)
 */
int
hbase_parse_element(const char *value)
{
	int			n;

	if (!int_in_range(value, 1, INT_MAX / 4, &n))
		hbase_bad_option_value("phoenix_element", value,
				  "phoenix_element is the position of the column's value in a Phoenix SINGLE_CELL_ARRAY_WITH_OFFSETS cell, from 1 (its encoded column qualifier minus 10).");
	return n;
}

/*
 * text_width: the application writes an integer column's cells as exactly
 * this many decimal digits, zero-padded (1 to 19: a bigint's digits), whose
 * bytes sort like their values.  column and table name the column in the
 * error (the validator does not know them).
 */
int
hbase_parse_text_width(const char *value, const char *column, const char *table)
{
	int			n;

	if (!int_in_range(value, 1, 19, &n))
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_ATTRIBUTE_VALUE),
				 errmsg("invalid value for option \"text_width\" of column \"%s\" of foreign table %s: \"%s\"",
						column, table, value),
				 errdetail("text_width is the number of decimal digits, from 1 to 19, every cell of the column holds, zero-padded.")));
	return n;
}

/*
 * estimated_rows: the rows the planner assumes of a table nobody has
 * ANALYZEd and no full scan has counted yet (at least 1)
 */
double
hbase_parse_estimated_rows(const char *value)
{
	char	   *end;
	double		d;

	errno = 0;
	d = strtod(value, &end);
	if (end == value || *end != '\0' || errno != 0 || isnan(d) || d < 1 || d > 1e15)
		hbase_bad_option_value("estimated_rows", value,
				  "estimated_rows is a number of rows from 1 to 1e15.");
	return d;
}

/*
 * fdw_startup_cost and fdw_tuple_cost, as postgres_fdw names them: the
 * planner's cost of one request to a gateway (a round trip) and of one row
 * received; non-negative
 */
double
hbase_parse_cost(const char *name, const char *value)
{
	char	   *end;
	double		d;

	errno = 0;
	d = strtod(value, &end);
	if (end == value || *end != '\0' || errno != 0 || isnan(d) || d < 0 || d > 1e10)
		hbase_bad_option_value(name, value, "A cost is a non-negative number, in the planner's units (seq_page_cost is 1).");
	return d;
}

int
hbase_parse_concurrency(const char *value)
{
	int			n;

	if (!int_in_range(value, 1, HBASE_MAX_CONCURRENCY, &n))
		hbase_bad_option_value("concurrency", value, "concurrency is a number of parallel requests from 1 to 32.");
	return n;
}

int
hbase_parse_write_concurrency(const char *value)
{
	int			n;

	if (!int_in_range(value, 1, HBASE_MAX_CONCURRENCY, &n))
		hbase_bad_option_value("write_concurrency", value, "write_concurrency is a number of PUTs in flight at once from 1 to 32.");
	return n;
}

int
hbase_parse_batch_size(const char *value)
{
	int			n;

	if (!int_in_range(value, 1, 100000, &n))
		hbase_bad_option_value("batch_size", value, "batch_size is a number of rows from 1 to 100000.");
	return n;
}

/*
 * A size: a whole number with an optional unit B, kB, MB or GB (none =
 * MB), from 1 kB to 1 GB; returns bytes.
 */
int64
hbase_parse_size(const char *name, const char *value)
{
	char	   *end;
	long long	n;
	int64		unit = 1024 * 1024;
	int64		bytes;

	errno = 0;
	n = strtoll(value, &end, 10);
	if (end == value || errno != 0 || n < 0)
		hbase_bad_option_value(name, value, "A size is a whole number with an optional unit B, kB, MB or GB (MB when none is given).");
	while (*end == ' ')
		end++;
	if (pg_strcasecmp(end, "B") == 0)
		unit = 1;
	else if (pg_strcasecmp(end, "kB") == 0)
		unit = 1024;
	else if (pg_strcasecmp(end, "MB") == 0 || *end == '\0')
		unit = 1024 * 1024;
	else if (pg_strcasecmp(end, "GB") == 0)
		unit = 1024 * 1024 * 1024;
	else
		hbase_bad_option_value(name, value, "A size is a whole number with an optional unit B, kB, MB or GB (MB when none is given).");
	if (n > (int64) 1024 * 1024 * 1024 / unit || n * unit < 1024)
		hbase_bad_option_value(name, value, "The size must be between 1 kB and 1 GB.");
	bytes = n * unit;
	return bytes;
}

/*
 * The gateways of the option url: one URL, or several separated by commas
 * (spaces around them ignored), each without its trailing slashes when
 * strip (not when they are being checked).
 */
List *
hbase_split_urls(const char *value, bool strip)
{
	List	   *urls = NIL;
	char	   *copy = pstrdup(value);
	char	   *p = copy;

	for (;;)
	{
		char	   *comma = strchr(p, ',');
		char	   *end;

		if (comma)
			*comma = '\0';
		while (*p == ' ')
			p++;
		end = p + strlen(p);
		while (end > p && (end[-1] == ' ' || (strip && end[-1] == '/')))
			*--end = '\0';
		urls = lappend(urls, pstrdup(p));
		if (comma == NULL)
			break;
		p = comma + 1;
	}
	pfree(copy);
	return urls;
}

void
hbase_check_url(const char *value)
{
	const char *p;
	size_t		authlen;

	if (strncmp(value, "http://", 7) == 0)
		p = value + 7;
	else if (strncmp(value, "https://", 8) == 0)
		p = value + 8;
	else
		hbase_bad_option_value("url", value, "The URL must start with http:// or https://.");
	authlen = strcspn(p, "/?#");
	if (authlen == 0)
		hbase_bad_option_value("url", value, "The URL has no host.");
	if (memchr(p, '@', authlen) != NULL)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_ATTRIBUTE_VALUE),
				 errmsg("invalid value for option \"url\""),
				 errdetail("Credentials must not be part of the URL."),
				 errhint("Put them in the options \"user\" and \"password\" of a user mapping.")));
	if (strpbrk(p, "?# \t\r\n") != NULL)
		hbase_bad_option_value("url", value, "The URL must not contain a query, a fragment or white space.");
}

/* are the len bytes at p those of an HBase namespace name (letters, digits, '_')? */
static bool
namespace_chars_ok(const char *p, size_t len)
{
	const char *end = p + len;

	for (; p < end; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			  (*p >= '0' && *p <= '9') || *p == '_'))
			return false;
	return true;
}

/*
 * Decides whether a string is an HBase table name, as HBase's TableName
 * does: [namespace:]qualifier, the namespace of letters, digits and '_',
 * the qualifier of those and '-' and '.', not starting with '.' or '-' (so
 * never "." or ".."), not "zookeeper"; ASCII only, at most 255 bytes.  The
 * name goes into URL paths: nothing else may reach them.  Returns NULL, or
 * what is wrong (a sentence).
 */
const char *
hbase_table_name_problem(const char *name)
{
	const char *colon = strchr(name, ':');
	const char *qual = colon ? colon + 1 : name;
	const char *problem = NULL;
	const char *p;

	if (strlen(name) > 255)
		problem = "An HBase table name has at most 255 bytes.";
	else if (colon == name)
		problem = "The namespace before ':' is empty.";
	else if (*qual == '\0')
		problem = colon ? "The table name after ':' is empty." : "The table name is empty.";
	else if (strchr(qual, ':'))
		problem = "An HBase table name is \"table\" or \"namespace:table\".";
	else if (*qual == '.' || *qual == '-')
		problem = "An HBase table name must not start with '.' or '-'.";
	else if (strcmp(qual, "zookeeper") == 0)
		problem = "HBase does not allow a table named \"zookeeper\".";
	if (problem == NULL && colon && !namespace_chars_ok(name, colon - name))
		problem = "An HBase namespace consists of letters, digits and '_'.";
	for (p = qual; problem == NULL && *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			  (*p >= '0' && *p <= '9') || *p == '_' || *p == '-' || *p == '.'))
			problem = "HBase table names consist of letters, digits, '_', '-' and '.'.";
	return problem;
}

/*
 * An error unless name is an HBase table name (hbase_table_name_problem).
 * relname: the foreign table whose name is the default table name, or NULL
 * for the option "table".
 */
void
hbase_check_table_name(const char *name, const char *relname)
{
	const char *problem = hbase_table_name_problem(name);

	if (problem == NULL)
		return;
	if (relname == NULL)
		hbase_bad_option_value("table", name, problem);
	ereport(ERROR,
			(errcode(ERRCODE_FDW_INVALID_ATTRIBUTE_VALUE),
			 errmsg("foreign table %s has no option \"table\", and its name is not an HBase table name",
					relname),
			 errdetail("%s", problem),
			 errhint("Name the HBase table with OPTIONS (table 'name').")));
}

/* an error unless the option namespace's value is an HBase namespace name */
void
hbase_check_namespace(const char *value)
{
	if (*value == '\0')
		hbase_bad_option_value("namespace", value, "The namespace is empty.");
	if (!namespace_chars_ok(value, strlen(value)))
		hbase_bad_option_value("namespace", value,
							   "An HBase namespace consists of letters, digits and '_'.");
}

/*
 * The table HBase knows for a table named declared on a server whose option
 * namespace is ns (NULL: "default"): declared when it names its namespace,
 * else under ns.  Only paths use it; messages and EXPLAIN name the table as
 * declared, so that the same foreign tables read the same under any
 * namespace (ALTER SERVER ... namespace 'staging').
 */
char *
hbase_remote_table_name(const char *ns, const char *declared)
{
	if (ns == NULL || strchr(declared, ':') != NULL)
		return (char *) declared;
	return psprintf("%s:%s", ns, declared);
}

/*
 * The inverse, for IMPORT FOREIGN SCHEMA: the table option that names the
 * HBase table full ("ns:table", or "table" of "default") on a server whose
 * namespace is ns: without its namespace when that is the server's, with it
 * ("default:t" too) when not.
 */
char *
hbase_declared_table_name(const char *ns, const char *full)
{
	const char *colon = strchr(full, ':');

	if (colon == NULL)
		return ns == NULL ? (char *) full : psprintf("default:%s", full);
	if (ns != NULL && strncmp(full, ns, colon - full) == 0 && ns[colon - full] == '\0')
		return (char *) colon + 1;
	return (char *) full;
}

void
hbase_check_family(const char *name, const char *value, size_t len)
{
	size_t		i;

	if (len == 0)
		hbase_bad_option_value(name, value, "The column family name is empty.");
	for (i = 0; i < len; i++)
		if (value[i] == ':' || (unsigned char) value[i] < 0x20 || value[i] == 0x7f)
			hbase_bad_option_value(name, value, "A column family name must not contain ':' or control characters.");
}

/*
 * The bytes of a qualifier as the option spells it: "\xNN" is the byte NN
 * and "\\" a backslash (binary qualifiers, such as Phoenix's column-encoded
 * ones, hold any byte, even 0); everything else stands for itself.  The same
 * spelling as rowkeys and qualifiers are shown in (hbase_printable_key).
 * Returns the length written to out (which has room for strlen(q) bytes),
 * or -1 with *problem set.
 */
static int
decode_qualifier(const char *q, char *out, const char **problem)
{
	int			n = 0;

	while (*q)
	{
		if (*q != '\\')
			out[n++] = *q++;
		else if (q[1] == '\\')
		{
			out[n++] = '\\';
			q += 2;
		}
		else if (q[1] == 'x' && isxdigit((unsigned char) q[2]) && isxdigit((unsigned char) q[3]))
		{
			char		hex[3] = {q[2], q[3], '\0'};

			out[n++] = (char) strtol(hex, NULL, 16);
			q += 4;
		}
		else
		{
			*problem = "In a qualifier, \\xNN is the byte NN (two hex digits) and \\\\ a backslash.";
			return -1;
		}
	}
	return n;
}

void
hbase_check_column_option(const char *name, const char *value)
{
	const char *colon = strchr(value, ':');
	const char *problem = NULL;

	if (strcmp(value, ":key") == 0 || strcmp(value, ":timestamp") == 0)
		return;
	/* a bare family maps the whole family (a jsonb column) */
	hbase_check_family(name, value, colon ? (size_t) (colon - value) : strlen(value));
	if (colon && decode_qualifier(colon + 1, palloc(strlen(colon + 1) + 1), &problem) < 0)
		hbase_bad_option_value(name, value, problem);
}

/*
 * Sets the column's colspec bytes from "family:qualifier" as the option
 * spells it (escapes decoded), or a bare family.
 */
void
hbase_set_colspec(HBaseColumn *col, const char *spec)
{
	const char *colon = strchr(spec, ':');
	const char *problem = NULL;
	int			qlen;

	if (colon == NULL)
	{
		col->colspec = pstrdup(spec);
		col->speclen = col->famlen = strlen(spec);
		return;
	}
	col->famlen = colon - spec;
	col->colspec = palloc(strlen(spec) + 1);
	memcpy(col->colspec, spec, col->famlen + 1);
	qlen = decode_qualifier(colon + 1, col->colspec + col->famlen + 1, &problem);
	if (qlen < 0)
		hbase_bad_option_value("column", spec, problem);
	col->speclen = col->famlen + 1 + qlen;
	col->colspec[col->speclen] = '\0';
}

HBaseEncoding
hbase_parse_encoding(const char *value)
{
	if (strcmp(value, "text") == 0)
		return HBASE_ENC_TEXT;
	if (strcmp(value, "binary") == 0)
		return HBASE_ENC_BINARY;
	if (strcmp(value, "phoenix") == 0)
		return HBASE_ENC_PHOENIX;
	hbase_bad_option_value("encoding", value, "Valid encodings are \"text\", \"binary\" and \"phoenix\".");
	return HBASE_ENC_TEXT;		/* keep compiler quiet */
}

/* transport 'protobuf' (CellSets as raw bytes, the default) or 'json': true for protobuf */
bool
hbase_parse_transport(const char *value)
{
	if (strcmp(value, "protobuf") == 0)
		return true;
	if (strcmp(value, "json") == 0)
		return false;
	hbase_bad_option_value("transport", value, "Valid transports are \"protobuf\" and \"json\".");
	return true;				/* keep compiler quiet */
}

/*
 * rowkey_extra 'error' (the default: a key longer than the layout is an
 * error) or 'ignore' (the bytes after the layout's last part are left out,
 * as Phoenix reads a table whose views add key columns): true for ignore
 */
bool
hbase_parse_rowkey_extra(const char *value)
{
	if (strcmp(value, "ignore") == 0)
		return true;
	if (strcmp(value, "error") == 0)
		return false;
	hbase_bad_option_value("rowkey_extra", value, "Valid values are \"error\" and \"ignore\".");
	return false;				/* keep compiler quiet */
}

/* compression 'none' (the default: loopback and LANs gain nothing) or 'gzip': true for gzip */
bool
hbase_parse_compression(const char *value)
{
	if (strcmp(value, "none") == 0)
		return false;
	if (strcmp(value, "gzip") == 0)
		return true;
	hbase_bad_option_value("compression", value, "Valid compressions are \"none\" and \"gzip\".");
	return false;				/* keep compiler quiet */
}

/* a server's options, parsed, with their defaults (the validator checked them) */
void
hbase_server_options(ForeignServer *server, HBaseServerOptions *opts)
{
	ListCell   *lc;

	memset(opts, 0, sizeof(*opts));
	opts->connect_timeout_ms = 10000;
	opts->request_timeout_ms = 300000;
	opts->tls_verify = true;
	opts->fetch_size = HBASE_DEFAULT_FETCH_SIZE;
	opts->pushdown = true;
	opts->concurrency = 8;
	opts->batch_size = 100;
	opts->write_concurrency = HBASE_DEFAULT_WRITE_CONCURRENCY;
	opts->max_response_size = HBASE_DEFAULT_MAX_RESPONSE_SIZE;
	opts->protobuf = true;
	opts->keep_connections = true;
	opts->estimated_rows = HBASE_DEFAULT_ESTIMATED_ROWS;
	opts->request_cost = HBASE_DEFAULT_REQUEST_COST;
	opts->row_cost = HBASE_DEFAULT_ROW_COST;

	foreach(lc, server->options)
	{
		DefElem    *def = lfirst(lc);
		const char *value = defGetString(def);

		if (strcmp(def->defname, "url") == 0)
		{
			opts->urls = hbase_split_urls(value, true);
			opts->url = linitial(opts->urls);
		}
		else if (strcmp(def->defname, "connect_timeout") == 0)
			opts->connect_timeout_ms = hbase_parse_seconds(def->defname, value);
		else if (strcmp(def->defname, "request_timeout") == 0)
			opts->request_timeout_ms = hbase_parse_seconds(def->defname, value);
		else if (strcmp(def->defname, "tls_verify") == 0)
			opts->tls_verify = hbase_option_bool(def->defname, defGetString(def));
		else if (strcmp(def->defname, "keep_connections") == 0)
			opts->keep_connections = hbase_option_bool(def->defname, defGetString(def));
		else if (strcmp(def->defname, "ca_file") == 0)
			opts->ca_file = pstrdup(value);
		else if (strcmp(def->defname, "fetch_size") == 0)
			opts->fetch_size = hbase_parse_fetch_size(value);
		else if (strcmp(def->defname, "pushdown") == 0)
			opts->pushdown = hbase_option_bool(def->defname, defGetString(def));
		else if (strcmp(def->defname, "concurrency") == 0)
			opts->concurrency = hbase_parse_concurrency(value);
		else if (strcmp(def->defname, "batch_size") == 0)
			opts->batch_size = hbase_parse_batch_size(value);
		else if (strcmp(def->defname, "write_concurrency") == 0)
			opts->write_concurrency = hbase_parse_write_concurrency(value);
		else if (strcmp(def->defname, "estimated_rows") == 0)
			opts->estimated_rows = hbase_parse_estimated_rows(value);
		else if (strcmp(def->defname, "fdw_startup_cost") == 0)
			opts->request_cost = hbase_parse_cost(def->defname, value);
		else if (strcmp(def->defname, "fdw_tuple_cost") == 0)
			opts->row_cost = hbase_parse_cost(def->defname, value);
		else if (strcmp(def->defname, "max_response_size") == 0)
			opts->max_response_size = hbase_parse_size(def->defname, value);
		else if (strcmp(def->defname, "transport") == 0)
			opts->protobuf = hbase_parse_transport(value);
		else if (strcmp(def->defname, "compression") == 0)
			opts->gzip = hbase_parse_compression(value);
		else if (strcmp(def->defname, "gateway_version") == 0)
			opts->gateway_version = hbase_parse_gateway_option(value) ? pstrdup(value) : NULL;
		else if (strcmp(def->defname, "namespace") == 0)
			opts->ns = strcmp(value, "default") == 0 ? NULL : pstrdup(value);
	}
	/* a connect timeout of 0 means curl's default (300 s); keep ours explicit */
	if (opts->connect_timeout_ms == 0)
		opts->connect_timeout_ms = 300000;
}
