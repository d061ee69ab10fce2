/*
 * options.c: the options of hbase_fdw objects.
 *
 * Owns the table of valid options per catalog, the validator (with "did you
 * mean" hints and value checks at CREATE/ALTER time), the parsing of a
 * foreign table's options into an HBaseTable, the check of a whole foreign
 * table that the DDL event trigger (sql_functions.c) runs, the rules of the
 * names IMPORT FOREIGN SCHEMA may define (for import.c and phoenix_catalog.c
 * both), and the GUCs.
 */
#include "postgres.h"

#include <limits.h>

#include <ctype.h>
#include <math.h>

#include "access/reloptions.h"
#include "access/twophase.h"
#include "catalog/heap.h"
#include "catalog/pg_class.h"
#include "catalog/pg_foreign_data_wrapper.h"
#include "catalog/pg_foreign_server.h"
#include "catalog/pg_foreign_table.h"
#include "catalog/pg_namespace.h"
#include "catalog/pg_user_mapping.h"
#include "catalog/pg_attribute.h"
#include "commands/defrem.h"
#include "fmgr.h"
#include "miscadmin.h"
#include "utils/lsyscache.h"
#include "utils/rel.h"
#include "utils/builtins.h"
#include "utils/varlena.h"
#include "mb/pg_wchar.h"
#include "nodes/parsenodes.h"
#include "storage/lock.h"
#include "access/table.h"
#include "utils/syscache.h"
#include "utils/memutils.h"
#include "utils/inval.h"
#include "utils/guc.h"
#include "utils/hsearch.h"
#include "access/xact.h"

#include "sql.h"
#include "phoenix.h"
#include "http.h"

PG_FUNCTION_INFO_V1(hbase_fdw_validator);

/* the GUCs (hbase_define_gucs) */
bool		hbase_enable_pushdown = true;
bool		hbase_read_ahead = true;
int			hbase_update_retries = 30;
bool		hbase_enable_batched_join = true;
int			hbase_join_batch_size = 1000;
static double hbase_busy_wait = 2.0;	/* ms */

typedef struct HBaseOption
{
	const char *name;
	Oid			context;		/* catalog the option belongs to */
} HBaseOption;

static const HBaseOption valid_options[] = {
	/* server */
	{"url", ForeignServerRelationId},
	{"connect_timeout", ForeignServerRelationId},
	{"request_timeout", ForeignServerRelationId},
	{"tls_verify", ForeignServerRelationId},
	{"ca_file", ForeignServerRelationId},
	{"fetch_size", ForeignServerRelationId},
	{"pushdown", ForeignServerRelationId},
	{"updatable", ForeignServerRelationId},
	{"concurrency", ForeignServerRelationId},
	{"batch_size", ForeignServerRelationId},
	{"max_response_size", ForeignServerRelationId},
	{"transport", ForeignServerRelationId},
	{"compression", ForeignServerRelationId},
	{"gateway_version", ForeignServerRelationId},
	{"keep_connections", ForeignServerRelationId},
	{"estimated_rows", ForeignServerRelationId},
	{"fdw_startup_cost", ForeignServerRelationId},
	{"fdw_tuple_cost", ForeignServerRelationId},
	/* user mapping */
	{"user", UserMappingRelationId},
	{"password", UserMappingRelationId},
	/* Kerberos (SPNEGO) and impersonation: see check_krb_option */
	{"krb5_config", ForeignServerRelationId},
	{"krb_principal", UserMappingRelationId},
	{"krb_keytab", UserMappingRelationId},
	{"krb_ccache", UserMappingRelationId},
	{"doas", UserMappingRelationId},
	/* foreign table */
	{"table", ForeignTableRelationId},
	{"family", ForeignTableRelationId},
	{"encoding", ForeignTableRelationId},
	{"fetch_size", ForeignTableRelationId},
	{"rowkey", ForeignTableRelationId},
	{"pushdown", ForeignTableRelationId},
	{"updatable", ForeignTableRelationId},
	{"concurrency", ForeignTableRelationId},
	{"batch_size", ForeignTableRelationId},
	{"analyze_sample_fraction", ForeignTableRelationId},
	{"parallel_workers", ForeignTableRelationId},
	{"versions", ForeignTableRelationId},
	{"empty_column", ForeignTableRelationId},
	{"phoenix_indexes", ForeignTableRelationId},
	{"estimated_rows", ForeignTableRelationId},
	{"rowkey_extra", ForeignTableRelationId},
	/* column */
	{"column", AttributeRelationId},
	{"encoding", AttributeRelationId},
	{"phoenix_type", AttributeRelationId},
	{"phoenix_element", AttributeRelationId},
	{"row_timestamp", AttributeRelationId},
	/* IMPORT FOREIGN SCHEMA (import.c checks them; here for hbase_closest_option) */
	{"key_type", HBASE_IMPORT_OPTIONS},
	{"sample_rows", HBASE_IMPORT_OPTIONS},
	{"phoenix", HBASE_IMPORT_OPTIONS},
	{"tenant", HBASE_IMPORT_OPTIONS},
	{NULL, InvalidOid}
};

static const char *
context_name(Oid context)
{
	switch (context)
	{
		case ForeignServerRelationId:
			return "server";
		case UserMappingRelationId:
			return "user mapping";
		case ForeignTableRelationId:
			return "foreign table";
		case AttributeRelationId:
			return "column";
		default:
			return "foreign-data wrapper";
	}
}

/*
 * The option name closest to a misspelt one, like PostgreSQL's own hints;
 * context HBASE_IMPORT_OPTIONS: IMPORT FOREIGN SCHEMA's options.
 */
const char *
hbase_closest_option(const char *name, Oid context)
{
	const char *best = NULL;
	int			bestdist = 3;	/* farther than that is no suggestion */
	const HBaseOption *opt;

	for (opt = valid_options; opt->name; opt++)
	{
		int			d;

		if (opt->context != context)
			continue;
		d = varstr_levenshtein_less_equal(name, strlen(name), opt->name,
										  strlen(opt->name), 1, 1, 1,
										  bestdist, true);
		if (d < bestdist)
		{
			bestdist = d;
			best = opt->name;
		}
	}
	return best;
}

static void
invalid_option(const char *name, Oid context)
{
	const char *hint = hbase_closest_option(name, context);
	StringInfoData valid;
	const HBaseOption *opt;

	initStringInfo(&valid);
	for (opt = valid_options; opt->name; opt++)
		if (opt->context == context)
			appendStringInfo(&valid, "%s%s", valid.len ? ", " : "", opt->name);

	ereport(ERROR,
			(errcode(ERRCODE_FDW_INVALID_OPTION_NAME),
			 errmsg("invalid option \"%s\" for hbase_fdw %s", name, context_name(context)),
			 hint ? errhint("Perhaps you meant the option \"%s\".", hint) :
			 valid.len ? errhint("Valid options for a %s are: %s.", context_name(context), valid.data) :
			 errhint("There are no valid options in this context.")));
}

static void
bad_value(const char *name, const char *value, const char *detail)
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
		bad_value(name, value, "The option takes a boolean: true or false (also on, off, yes, no, 1, 0).");
	return result;
}

/* seconds, fractional allowed; returns milliseconds */
static long
parse_seconds(const char *name, const char *value)
{
	char	   *end;
	double		d;

	errno = 0;
	d = strtod(value, &end);
	if (end == value || *end != '\0' || errno != 0 || isnan(d) || d < 0 || d > 86400.0 * 365)
		bad_value(name, value, "A timeout is a non-negative number of seconds.");
	return (long) rint(d * 1000.0);
}

/*
 * gateway_version: "auto" (ask the gateway, the default) or the HBase
 * version of the REST gateway, "2.4.17"; returns 0 for auto.
 */
static int
parse_gateway_version(const char *value)
{
	int			v;

	if (pg_strcasecmp(value, "auto") == 0)
		return 0;
	v = hbase_parse_gateway_version(value);
	if (v == 0 || value[strspn(value, "0123456789.")] != '\0')
		bad_value("gateway_version", value,
				  "gateway_version is \"auto\" or the HBase version of the REST gateway, such as \"2.4.17\".");
	return v;
}

static int
parse_fetch_size(const char *value)
{
	char	   *end;
	long		n;

	errno = 0;
	n = strtol(value, &end, 10);
	if (end == value || *end != '\0' || errno != 0 || n < 1 || n > 1000000)
		bad_value("fetch_size", value, "fetch_size is a number of rows between 1 and 1000000.");
	return (int) n;
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
	char	   *end;
	long		n;

	errno = 0;
	n = strtol(value, &end, 10);
	if (end == value || *end != '\0' || errno != 0 || n < 0 || n > HBASE_MAX_SAMPLE_ROWS)
		bad_value("sample_rows", value,
				  psprintf("sample_rows is a number of rows from 0 (no sampling: one jsonb column per column family) to %d.",
						   HBASE_MAX_SAMPLE_ROWS));
	return (int) n;
}

/*
 * analyze_sample_fraction: 'auto' (0: every row the first time, then about
 * 3 times the sample size by the previous row count) or a fraction in (0, 1]
 */
static double
parse_sample_fraction(const char *value)
{
	char	   *end;
	double		f;

	if (strcmp(value, "auto") == 0)
		return 0;
	errno = 0;
	f = strtod(value, &end);
	if (end == value || *end != '\0' || errno != 0 || !(f > 0 && f <= 1))
		bad_value("analyze_sample_fraction", value,
				  "analyze_sample_fraction is \"auto\" or a fraction of the rows above 0 and at most 1.");
	return f;
}

/*
 * parallel_workers: 'auto' (-1: by the planner's row estimate) or the
 * workers a Parallel Foreign Scan plans for, 0 (none) to 64.
 */
static int
parse_parallel_workers(const char *value)
{
	char	   *end;
	long		n;

	if (pg_strcasecmp(value, "auto") == 0)
		return -1;
	errno = 0;
	n = strtol(value, &end, 10);
	if (end == value || *end != '\0' || errno != 0 || n < 0 || n > 64)
		bad_value("parallel_workers", value,
				  "parallel_workers is \"auto\" or a number of parallel workers from 0 to 64.");
	return (int) n;
}

/*
 * versions: the table maps cell versions, one row per (rowkey, timestamp),
 * reading this many versions of each cell ('all': every one HBase keeps).
 */
static int
parse_versions(const char *value)
{
	char	   *end;
	long		n;

	if (pg_strcasecmp(value, "all") == 0)
		return INT_MAX;
	errno = 0;
	n = strtol(value, &end, 10);
	if (end == value || *end != '\0' || errno != 0 || n < 1 || n > INT_MAX)
		bad_value("versions", value,
				  "versions is \"all\" or a number of versions of each cell from 1 on.");
	return (int) n;
}

/*
 * phoenix_element: the position of a column's value in the one cell a
 * Phoenix table of IMMUTABLE_STORAGE_SCHEME SINGLE_CELL_ARRAY_WITH_OFFSETS
 * keeps per family (its encoded column qualifier - 10; 0 is the empty column)
 */
static int
parse_element(const char *value)
{
	char	   *end;
	long		n;

	errno = 0;
	n = strtol(value, &end, 10);
	if (end == value || *end != '\0' || errno != 0 || n < 1 || n > INT_MAX / 4)
		bad_value("phoenix_element", value,
				  "phoenix_element is the position of the column's value in a Phoenix SINGLE_CELL_ARRAY_WITH_OFFSETS cell, from 1 (its encoded column qualifier minus 10).");
	return (int) n;
}

/*
 * estimated_rows: the rows the planner assumes of a table nobody has
 * ANALYZEd and no full scan has counted yet (at least 1)
 */
static double
parse_estimated_rows(const char *value)
{
	char	   *end;
	double		d;

	errno = 0;
	d = strtod(value, &end);
	if (end == value || *end != '\0' || errno != 0 || isnan(d) || d < 1 || d > 1e15)
		bad_value("estimated_rows", value,
				  "estimated_rows is a number of rows from 1 to 1e15.");
	return d;
}

/*
 * fdw_startup_cost and fdw_tuple_cost, as postgres_fdw names them: the
 * planner's cost of one request to a gateway (a round trip) and of one row
 * received; non-negative
 */
static double
parse_cost(const char *name, const char *value)
{
	char	   *end;
	double		d;

	errno = 0;
	d = strtod(value, &end);
	if (end == value || *end != '\0' || errno != 0 || isnan(d) || d < 0 || d > 1e10)
		bad_value(name, value, "A cost is a non-negative number, in the planner's units (seq_page_cost is 1).");
	return d;
}

static int
parse_concurrency(const char *value)
{
	char	   *end;
	long		n;

	errno = 0;
	n = strtol(value, &end, 10);
	if (end == value || *end != '\0' || errno != 0 || n < 1 || n > HBASE_MAX_CONCURRENCY)
		bad_value("concurrency", value, "concurrency is a number of parallel requests from 1 to 32.");
	return (int) n;
}

static int
parse_batch_size(const char *value)
{
	char	   *end;
	long		n;

	errno = 0;
	n = strtol(value, &end, 10);
	if (end == value || *end != '\0' || errno != 0 || n < 1 || n > 100000)
		bad_value("batch_size", value, "batch_size is a number of rows from 1 to 100000.");
	return (int) n;
}

/*
 * A size: a whole number with an optional unit B, kB, MB or GB (none =
 * MB), from 1 kB to 1 GB; returns bytes.
 */
static int64
parse_size(const char *name, const char *value)
{
	char	   *end;
	long long	n;
	int64		unit = 1024 * 1024;
	int64		bytes;

	errno = 0;
	n = strtoll(value, &end, 10);
	if (end == value || errno != 0 || n < 0)
		bad_value(name, value, "A size is a whole number with an optional unit B, kB, MB or GB (MB when none is given).");
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
		bad_value(name, value, "A size is a whole number with an optional unit B, kB, MB or GB (MB when none is given).");
	if (n > (int64) 1024 * 1024 * 1024 / unit || n * unit < 1024)
		bad_value(name, value, "The size must be between 1 kB and 1 GB.");
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

static void
check_url(const char *value)
{
	const char *p;
	size_t		authlen;

	if (strncmp(value, "http://", 7) == 0)
		p = value + 7;
	else if (strncmp(value, "https://", 8) == 0)
		p = value + 8;
	else
		bad_value("url", value, "The URL must start with http:// or https://.");
	authlen = strcspn(p, "/?#");
	if (authlen == 0)
		bad_value("url", value, "The URL has no host.");
	if (memchr(p, '@', authlen) != NULL)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_ATTRIBUTE_VALUE),
				 errmsg("invalid value for option \"url\""),
				 errdetail("Credentials must not be part of the URL."),
				 errhint("Put them in the options \"user\" and \"password\" of a user mapping.")));
	if (strpbrk(p, "?# \t\r\n") != NULL)
		bad_value("url", value, "The URL must not contain a query, a fragment or white space.");
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
	for (p = name; problem == NULL && colon && p < colon; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			  (*p >= '0' && *p <= '9') || *p == '_'))
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
		bad_value("table", name, problem);
	ereport(ERROR,
			(errcode(ERRCODE_FDW_INVALID_ATTRIBUTE_VALUE),
			 errmsg("foreign table %s has no option \"table\", and its name is not an HBase table name",
					relname),
			 errdetail("%s", problem),
			 errhint("Name the HBase table with OPTIONS (table 'name').")));
}

static void
check_family(const char *name, const char *value, size_t len)
{
	size_t		i;

	if (len == 0)
		bad_value(name, value, "The column family name is empty.");
	for (i = 0; i < len; i++)
		if (value[i] == ':' || (unsigned char) value[i] < 0x20 || value[i] == 0x7f)
			bad_value(name, value, "A column family name must not contain ':' or control characters.");
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

static void
check_column(const char *name, const char *value)
{
	const char *colon = strchr(value, ':');
	const char *problem = NULL;

	if (strcmp(value, ":key") == 0 || strcmp(value, ":timestamp") == 0)
		return;
	/* a bare family maps the whole family (a jsonb column) */
	check_family(name, value, colon ? (size_t) (colon - value) : strlen(value));
	if (colon && decode_qualifier(colon + 1, palloc(strlen(colon + 1) + 1), &problem) < 0)
		bad_value(name, value, problem);
}

/*
 * Sets the column's colspec bytes from "family:qualifier" as the option
 * spells it (escapes decoded), or a bare family.
 */
static void
set_colspec(HBaseColumn *col, const char *spec)
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
		bad_value("column", spec, problem);
	col->speclen = col->famlen + 1 + qlen;
	col->colspec[col->speclen] = '\0';
}

static HBaseEncoding
parse_encoding(const char *value)
{
	if (strcmp(value, "text") == 0)
		return HBASE_ENC_TEXT;
	if (strcmp(value, "binary") == 0)
		return HBASE_ENC_BINARY;
	if (strcmp(value, "phoenix") == 0)
		return HBASE_ENC_PHOENIX;
	bad_value("encoding", value, "Valid encodings are \"text\", \"binary\" and \"phoenix\".");
	return HBASE_ENC_TEXT;		/* keep compiler quiet */
}

/* transport 'protobuf' (CellSets as raw bytes, the default) or 'json': true for protobuf */
static bool
parse_transport(const char *value)
{
	if (strcmp(value, "protobuf") == 0)
		return true;
	if (strcmp(value, "json") == 0)
		return false;
	bad_value("transport", value, "Valid transports are \"protobuf\" and \"json\".");
	return true;				/* keep compiler quiet */
}

/*
 * rowkey_extra 'error' (the default: a key longer than the layout is an
 * error) or 'ignore' (the bytes after the layout's last part are left out,
 * as Phoenix reads a table whose views add key columns): true for ignore
 */
static bool
parse_rowkey_extra(const char *value)
{
	if (strcmp(value, "ignore") == 0)
		return true;
	if (strcmp(value, "error") == 0)
		return false;
	bad_value("rowkey_extra", value, "Valid values are \"error\" and \"ignore\".");
	return false;				/* keep compiler quiet */
}

/* compression 'none' (the default: loopback and LANs gain nothing) or 'gzip': true for gzip */
static bool
parse_compression(const char *value)
{
	if (strcmp(value, "none") == 0)
		return false;
	if (strcmp(value, "gzip") == 0)
		return true;
	bad_value("compression", value, "Valid compressions are \"none\" and \"gzip\".");
	return false;				/* keep compiler quiet */
}

/*
 * Checks a Kerberos option; false when name is not one.  Those naming files
 * of the database server (krb5_config, krb_keytab, krb_ccache) are for
 * superusers, like ca_file: otherwise any user could authenticate with the
 * server's tickets or keys.  So is doas: a user who picks the HBase user the
 * gateway principal acts as could act as anyone that principal may
 * impersonate.
 */
static bool
check_krb_option(const char *name, const char *value)
{
	if (strcmp(name, "krb5_config") != 0 && strcmp(name, "krb_keytab") != 0 &&
		strcmp(name, "krb_ccache") != 0 && strcmp(name, "doas") != 0)
		return strcmp(name, "krb_principal") == 0;
	if (!superuser())
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("only superusers can set option \"%s\"", name),
				 strcmp(name, "doas") == 0 ?
				 errdetail("The option picks the HBase user the gateway principal acts as.") :
				 errdetail("The option names a file on the database server.")));
	if ((strcmp(name, "krb5_config") == 0 || strcmp(name, "krb_keytab") == 0) &&
		!is_absolute_path(value))
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_ATTRIBUTE_VALUE),
				 errmsg("invalid value for option \"%s\"", name),
				 errdetail("The file must be given by an absolute path.")));
	if (strcmp(name, "doas") == 0 && value[0] == '\0')
		bad_value(name, value, "The HBase user name is empty.");
	return true;
}

/*
 * The FDW's validator, at CREATE/ALTER of a wrapper, server, user mapping,
 * foreign table or column: decides whether each option belongs to that
 * catalog (else an error with a "did you mean" hint) and whether its value
 * parses as hbase_build_table and hbase_server_options will read it, and
 * whether the options that go together are there (a server's url; a
 * keytab's principal).  What needs the table's columns (the rowkey layout
 * against the key columns' types) is checked by the DDL event trigger
 * (hbase_check_foreign_table).  ca_file is for superusers only: it names a
 * file on the database server.
 */
Datum
hbase_fdw_validator(PG_FUNCTION_ARGS)
{
	List	   *options = untransformRelOptions(PG_GETARG_DATUM(0));
	Oid			catalog = PG_GETARG_OID(1);
	ListCell   *lc;
	bool		have_url = false;
	bool		have_principal = false;
	bool		have_keytab = false;

	foreach(lc, options)
	{
		DefElem    *def = lfirst(lc);
		const char *name = def->defname;
		const char *value = defGetString(def);
		const HBaseOption *opt;
		bool		known = false;

		for (opt = valid_options; opt->name; opt++)
			if (opt->context == catalog && strcmp(opt->name, name) == 0)
				known = true;
		if (!known)
			invalid_option(name, catalog);

		if (check_krb_option(name, value))
		{
			have_principal |= strcmp(name, "krb_principal") == 0;
			have_keytab |= strcmp(name, "krb_keytab") == 0;
		}
		else if (strcmp(name, "url") == 0)
		{
			List	   *urls = hbase_split_urls(value, false);
			ListCell   *uc;

			if (list_length(urls) > HBASE_MAX_GATEWAYS)
				bad_value(name, value, psprintf("At most %d gateways can be given.", HBASE_MAX_GATEWAYS));
			foreach(uc, urls)
				check_url(lfirst(uc));
			have_url = true;
		}
		else if (strcmp(name, "connect_timeout") == 0 || strcmp(name, "request_timeout") == 0)
			(void) parse_seconds(name, value);
		else if (strcmp(name, "tls_verify") == 0 || strcmp(name, "pushdown") == 0 ||
				 strcmp(name, "keep_connections") == 0 || strcmp(name, "updatable") == 0 ||
				 strcmp(name, "row_timestamp") == 0)
			(void) hbase_option_bool(name, value);
		else if (strcmp(name, "ca_file") == 0)
		{
			if (!superuser())
				ereport(ERROR,
						(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
						 errmsg("only superusers can set option \"ca_file\""),
						 errdetail("The option names a file on the database server.")));
			if (!is_absolute_path(value))
				bad_value(name, value, "The CA file must be given by an absolute path.");
		}
		else if (strcmp(name, "fetch_size") == 0)
			(void) parse_fetch_size(value);
		else if (strcmp(name, "concurrency") == 0)
			(void) parse_concurrency(value);
		else if (strcmp(name, "estimated_rows") == 0)
			(void) parse_estimated_rows(value);
		else if (strcmp(name, "fdw_startup_cost") == 0 || strcmp(name, "fdw_tuple_cost") == 0)
			(void) parse_cost(name, value);
		else if (strcmp(name, "batch_size") == 0)
			(void) parse_batch_size(value);
		else if (strcmp(name, "parallel_workers") == 0)
			(void) parse_parallel_workers(value);
		else if (strcmp(name, "versions") == 0)
			(void) parse_versions(value);
		else if (strcmp(name, "empty_column") == 0)
		{
			if (strchr(value, ':') == NULL)
				bad_value(name, value, "The empty column is one cell: \"family:qualifier\".");
			check_column(name, value);
		}
		else if (strcmp(name, "analyze_sample_fraction") == 0)
			(void) parse_sample_fraction(value);
		else if (strcmp(name, "table") == 0)
			hbase_check_table_name(value, NULL);
		else if (strcmp(name, "max_response_size") == 0)
			(void) parse_size(name, value);
		else if (strcmp(name, "transport") == 0)
			(void) parse_transport(value);
		else if (strcmp(name, "compression") == 0)
			(void) parse_compression(value);
		else if (strcmp(name, "rowkey_extra") == 0)
			(void) parse_rowkey_extra(value);
		else if (strcmp(name, "gateway_version") == 0)
			(void) parse_gateway_version(value);
		else if (strcmp(name, "family") == 0)
			check_family(name, value, strlen(value));
		else if (strcmp(name, "column") == 0)
			check_column(name, value);
		else if (strcmp(name, "encoding") == 0)
			(void) parse_encoding(value);
		else if (strcmp(name, "phoenix_type") == 0)
			(void) hbase_phoenix_parse_type(value);
		else if (strcmp(name, "phoenix_element") == 0)
			(void) parse_element(value);
		else if (strcmp(name, "rowkey") == 0 && value[strspn(value, " \t\r\n")] == '\0')
			bad_value(name, value, "The rowkey layout is empty.");
	}

	/*
	 * Required options.  ALTER ... OPTIONS (DROP x) passes the remaining
	 * options, so this also stops dropping them.
	 */
	if (have_principal != have_keytab)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_OPTION_NAME_NOT_FOUND),
				 errmsg("options \"krb_principal\" and \"krb_keytab\" go together"),
				 errhint("Give both to get tickets from a keytab, or only \"krb_ccache\" to use an existing credential cache.")));
	if (catalog == ForeignServerRelationId && !have_url)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_OPTION_NAME_NOT_FOUND),
				 errmsg("hbase_fdw server needs option \"url\""),
				 errhint("Add OPTIONS (url 'http://host:port') with the address of the HBase REST gateway.")));

	PG_RETURN_VOID();
}

/*
 * A row_timestamp column (Phoenix's ROW_TIMESTAMP) gives the timestamp of
 * every cell of its row: a key part (the key holds it, so the row's
 * timestamp is known from its key alone) of a type that is a point in time
 * or epoch milliseconds.
 */
static void
check_row_timestamp(HBaseTable *table, HBaseColumn *col)
{
	if (col->kind != HBASE_COL_KEYPART || table->rowkey_implicit)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_OPTION_NAME),
				 errmsg("row_timestamp column \"%s\" of foreign table %s is not a part of the rowkey layout",
						col->attname, table->relname),
				 errdetail("A row's cells are stamped with the value of its row_timestamp column, which the rowkey holds.")));
	if (col->atttypid != TIMESTAMPOID && col->atttypid != TIMESTAMPTZOID &&
		col->atttypid != DATEOID && col->atttypid != INT8OID)
		ereport(ERROR,
				(errcode(ERRCODE_FDW_INVALID_DATA_TYPE),
				 errmsg("row_timestamp column \"%s\" of foreign table %s has type %s",
						col->attname, table->relname, format_type_be(col->atttypid)),
				 errdetail("A row timestamp is a timestamp, timestamptz, date or bigint (epoch milliseconds).")));
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
			opts->connect_timeout_ms = parse_seconds(def->defname, value);
		else if (strcmp(def->defname, "request_timeout") == 0)
			opts->request_timeout_ms = parse_seconds(def->defname, value);
		else if (strcmp(def->defname, "tls_verify") == 0)
			opts->tls_verify = hbase_option_bool(def->defname, defGetString(def));
		else if (strcmp(def->defname, "keep_connections") == 0)
			opts->keep_connections = hbase_option_bool(def->defname, defGetString(def));
		else if (strcmp(def->defname, "ca_file") == 0)
			opts->ca_file = pstrdup(value);
		else if (strcmp(def->defname, "fetch_size") == 0)
			opts->fetch_size = parse_fetch_size(value);
		else if (strcmp(def->defname, "pushdown") == 0)
			opts->pushdown = hbase_option_bool(def->defname, defGetString(def));
		else if (strcmp(def->defname, "concurrency") == 0)
			opts->concurrency = parse_concurrency(value);
		else if (strcmp(def->defname, "batch_size") == 0)
			opts->batch_size = parse_batch_size(value);
		else if (strcmp(def->defname, "estimated_rows") == 0)
			opts->estimated_rows = parse_estimated_rows(value);
		else if (strcmp(def->defname, "fdw_startup_cost") == 0)
			opts->request_cost = parse_cost(def->defname, value);
		else if (strcmp(def->defname, "fdw_tuple_cost") == 0)
			opts->row_cost = parse_cost(def->defname, value);
		else if (strcmp(def->defname, "max_response_size") == 0)
			opts->max_response_size = parse_size(def->defname, value);
		else if (strcmp(def->defname, "transport") == 0)
			opts->protobuf = parse_transport(value);
		else if (strcmp(def->defname, "compression") == 0)
			opts->gzip = parse_compression(value);
		else if (strcmp(def->defname, "gateway_version") == 0)
			opts->gateway_version = parse_gateway_version(value) ? pstrdup(value) : NULL;
	}
	/* a connect timeout of 0 means curl's default (300 s); keep ours explicit */
	if (opts->connect_timeout_ms == 0)
		opts->connect_timeout_ms = 300000;
}

/*
 * The mapping of a foreign table from the catalog, parsed and checked: its
 * options, columns and compiled rowkey layout.  pushdown holds the options
 * only (hbase_get_table applies the GUC).  Uncached: the DDL check uses it.
 * Only catalog access: never talks to HBase.  One function of four steps in
 * order (table options, each column's options, the layout, which marks the
 * key columns, then the checks across columns), because each step reads
 * what the one before decided and the errors must come in that order.
 */
HBaseTable *
hbase_build_table(Oid relid)
{
	ForeignTable *ft = GetForeignTable(relid);
	ForeignServer *server = GetForeignServer(ft->serverid);
	HBaseTable *table = palloc0(sizeof(HBaseTable));
	HBaseServerOptions sopts;
	const char *family = NULL;
	HBaseEncoding tenc = HBASE_ENC_TEXT;
	Relation	rel;
	TupleDesc	tupdesc;
	ListCell   *lc;
	int			i;

	hbase_server_options(server, &sopts);
	table->relid = relid;
	table->serverid = ft->serverid;
	table->row_timestamp = -1;
	table->relname = quote_qualified_identifier(get_namespace_name(get_rel_namespace(relid)),
												get_rel_name(relid));
	table->fetch_size = sopts.fetch_size;
	table->pushdown = sopts.pushdown;
	table->concurrency = sopts.concurrency;
	table->parallel_workers = -1;
	table->batch_size = sopts.batch_size;
	table->estimated_rows = sopts.estimated_rows;
	table->request_cost = sopts.request_cost;
	table->row_cost = sopts.row_cost;

	foreach(lc, ft->options)
	{
		DefElem    *def = lfirst(lc);

		if (strcmp(def->defname, "table") == 0)
			table->hbase_table = defGetString(def);
		else if (strcmp(def->defname, "family") == 0)
			family = defGetString(def);
		else if (strcmp(def->defname, "encoding") == 0)
			tenc = parse_encoding(defGetString(def));
		else if (strcmp(def->defname, "fetch_size") == 0)
			table->fetch_size = parse_fetch_size(defGetString(def));
		else if (strcmp(def->defname, "rowkey") == 0)
			table->rowkey = defGetString(def);
		else if (strcmp(def->defname, "pushdown") == 0 &&
				 !hbase_option_bool(def->defname, defGetString(def)))
			table->pushdown = false;
		else if (strcmp(def->defname, "concurrency") == 0)
			table->concurrency = parse_concurrency(defGetString(def));
		else if (strcmp(def->defname, "batch_size") == 0)
			table->batch_size = parse_batch_size(defGetString(def));
		else if (strcmp(def->defname, "analyze_sample_fraction") == 0)
			table->sample_fraction = parse_sample_fraction(defGetString(def));
		else if (strcmp(def->defname, "parallel_workers") == 0)
			table->parallel_workers = parse_parallel_workers(defGetString(def));
		else if (strcmp(def->defname, "versions") == 0)
			table->versions = parse_versions(defGetString(def));
		else if (strcmp(def->defname, "estimated_rows") == 0)
			table->estimated_rows = parse_estimated_rows(defGetString(def));
		else if (strcmp(def->defname, "rowkey_extra") == 0)
			table->rowkey_extra = parse_rowkey_extra(defGetString(def));
		else if (strcmp(def->defname, "phoenix_indexes") == 0)
		{
			char	   *v = defGetString(def);

			/* blank: no index */
			if (v[strspn(v, " \t\r\n,")] != '\0')
				table->phoenix_indexes = v;
		}
		else if (strcmp(def->defname, "empty_column") == 0)
		{
			table->empty_column = palloc0(sizeof(HBaseColumn));
			table->empty_column->attname = "empty_column";
			table->empty_column->kind = HBASE_COL_CELL;
			set_colspec(table->empty_column, defGetString(def));
		}
	}

	rel = table_open(relid, AccessShareLock);
	tupdesc = RelationGetDescr(rel);
	table->natts = tupdesc->natts;
	table->columns = palloc0(sizeof(HBaseColumn) * Max(tupdesc->natts, 1));

	/* first the columns' own options */
	for (i = 0; i < tupdesc->natts; i++)
	{
		Form_pg_attribute att = TupleDescAttr(tupdesc, i);
		HBaseColumn *col = &table->columns[i];

		col->attnum = att->attnum;
		col->attname = pstrdup(NameStr(att->attname));
		col->atttypid = att->atttypid;
		col->atttypmod = att->atttypmod;
		col->dropped = att->attisdropped;
		col->encoding = tenc;
		col->colspec = NULL;
		if (col->dropped)
			continue;
		foreach(lc, GetForeignColumnOptions(relid, att->attnum))
		{
			DefElem    *def = lfirst(lc);

			if (strcmp(def->defname, "column") == 0)
				col->colspec = defGetString(def);
			else if (strcmp(def->defname, "encoding") == 0)
				col->encoding = parse_encoding(defGetString(def));
			else if (strcmp(def->defname, "phoenix_type") == 0)
				col->phoenix_type = hbase_phoenix_parse_type(defGetString(def));
			else if (strcmp(def->defname, "phoenix_element") == 0)
				col->element = parse_element(defGetString(def));
			else if (strcmp(def->defname, "row_timestamp") == 0 &&
					 hbase_option_bool(def->defname, defGetString(def)))
			{
				if (table->row_timestamp >= 0)
					ereport(ERROR,
							(errcode(ERRCODE_FDW_INVALID_OPTION_NAME),
							 errmsg("foreign table %s has two row_timestamp columns, \"%s\" and \"%s\"",
									table->relname, table->columns[table->row_timestamp].attname,
									col->attname),
							 errdetail("The cells of a row carry one timestamp, as Phoenix allows one ROW_TIMESTAMP column per table.")));
				table->row_timestamp = i;
			}
		}
	}
	table_close(rel, AccessShareLock);

	/*
	 * Without a layout, a raw rowkey column (':key') is the whole key: it
	 * gets the trivial layout, so quals on it are pushed down too.
	 */
	if (table->rowkey == NULL)
	{
		for (i = 0; i < table->natts; i++)
		{
			HBaseColumn *col = &table->columns[i];
			const char *p;

			if (col->dropped || col->colspec == NULL || strcmp(col->colspec, ":key") != 0)
				continue;
			for (p = col->attname; *p; p++)
				if (!(isalnum((unsigned char) *p) || *p == '_'))
					break;
			if (*p == '\0' && !isdigit((unsigned char) col->attname[0]))
			{
				table->rowkey = col->attname;
				table->rowkey_implicit = true;
			}
			break;
		}
	}

	/* then the rowkey layout, which marks the key columns */
	hbase_table_layout(table);

	for (i = 0; i < table->natts; i++)
	{
		HBaseColumn *col = &table->columns[i];
		const char *spec = col->colspec;

		if (col->dropped)
			continue;
		if (col->kind == HBASE_COL_KEYPART && table->rowkey_implicit)
		{
			/* the raw key column: still checked as one (text, varchar, bytea) */
			col->kind = HBASE_COL_ROWKEY;
			hbase_check_column_type(table, col);
			col->kind = HBASE_COL_KEYPART;
			col->colspec = NULL;
			continue;
		}
		if (col->kind == HBASE_COL_KEYPART)
		{
			/* read from the key; a cell mapping, if any, is kept for writes */
			if (spec && strchr(spec, ':') && strcmp(spec, ":key") != 0)
				set_colspec(col, spec);
			else
				col->colspec = NULL;
			continue;
		}
		if (spec && strcmp(spec, ":key") == 0)
		{
			col->kind = HBASE_COL_ROWKEY;
			col->colspec = NULL;
		}
		else if (spec && strcmp(spec, ":timestamp") == 0)
		{
			col->kind = HBASE_COL_TIMESTAMP;
			col->colspec = NULL;
		}
		else if (spec && strchr(spec, ':') == NULL)
		{
			col->kind = HBASE_COL_FAMILY;
			set_colspec(col, spec);
		}
		else if (spec)
		{
			col->kind = HBASE_COL_CELL;
			set_colspec(col, spec);
		}
		else if (family)
		{
			/* the column's name is the qualifier as it is: no escapes */
			col->kind = HBASE_COL_CELL;
			col->colspec = psprintf("%s:%s", family, col->attname);
			col->famlen = strlen(family);
			col->speclen = strlen(col->colspec);
		}
		else
			ereport(ERROR,
					(errcode(ERRCODE_FDW_OPTION_NAME_NOT_FOUND),
					 errmsg("column \"%s\" of foreign table %s is not mapped to HBase",
							col->attname, table->relname),
					 errhint("Give the column OPTIONS (column 'family:qualifier'), name it in the table's rowkey layout, or give the table a default OPTIONS (family 'cf').")));
		hbase_check_column_type(table, col);
	}
	if (table->row_timestamp >= 0)
		check_row_timestamp(table, &table->columns[table->row_timestamp]);
	/* an element is a value inside a cell: of a cell column, in Phoenix's encoding */
	for (i = 0; i < table->natts; i++)
	{
		HBaseColumn *col = &table->columns[i];

		if (!col->dropped && col->element > 0 &&
			(col->kind != HBASE_COL_CELL || col->encoding != HBASE_ENC_PHOENIX))
			ereport(ERROR,
					(errcode(ERRCODE_FDW_INVALID_OPTION_NAME),
					 errmsg("option \"phoenix_element\" of column \"%s\" of foreign table %s needs a cell of encoding 'phoenix'",
							col->attname, table->relname),
					 errdetail("An element is a value inside the one cell of a Phoenix table stored as SINGLE_CELL_ARRAY_WITH_OFFSETS.")));
	}
	/*
	 * Like postgres_fdw's table_name, default to the foreign table's name;
	 * either goes into URL paths, so both are checked here, at use.
	 */
	if (table->hbase_table == NULL)
	{
		table->hbase_table = get_rel_name(relid);
		hbase_check_table_name(table->hbase_table, table->relname);
	}
	else
		hbase_check_table_name(table->hbase_table, NULL);
	return table;
}

/* does the table map values inside Phoenix SINGLE_CELL_ARRAY_WITH_OFFSETS cells? */
bool
hbase_table_has_elements(HBaseTable *table)
{
	int			i;

	for (i = 0; i < table->natts; i++)
		if (!table->columns[i].dropped && table->columns[i].element > 0)
			return true;
	return false;
}

/* ---------- the parsed tables, cached per relation ---------- */

typedef struct TableCacheEntry
{
	Oid			relid;			/* hash key */
	HBaseTable *table;
	MemoryContext cxt;			/* holds table */
} TableCacheEntry;

static HTAB *table_cache = NULL;

/* invalidations seen: a build that saw one is not kept */
static uint64 table_cache_invals = 0;

/* contexts of entries invalidated while a query may still use them */
static List *stale_cxts = NIL;

static void
forget_entry(TableCacheEntry *e)
{
	MemoryContext old = MemoryContextSwitchTo(TopMemoryContext);

	stale_cxts = lappend(stale_cxts, e->cxt);
	MemoryContextSwitchTo(old);
	(void) hash_search(table_cache, &e->relid, HASH_REMOVE, NULL);
}

/* ALTER (or DROP) of a relation: its entry, or all of them */
static void
table_cache_relcache_cb(Datum arg, Oid relid)
{
	HASH_SEQ_STATUS scan;
	TableCacheEntry *e;

	table_cache_invals++;
	hash_seq_init(&scan, table_cache);
	while ((e = hash_seq_search(&scan)) != NULL)
		if (!OidIsValid(relid) || e->relid == relid)
			forget_entry(e);
}

/* a server's options, a foreign table's, a schema's name: all of them */
static void
table_cache_syscache_cb(Datum arg, int cacheid, uint32 hashvalue)
{
	table_cache_relcache_cb(arg, InvalidOid);
}

/* the executors that could still point into stale entries are gone */
static void
table_cache_xact_cb(XactEvent event, void *arg)
{
	ListCell   *lc;

	if (event != XACT_EVENT_COMMIT && event != XACT_EVENT_ABORT &&
		event != XACT_EVENT_PARALLEL_COMMIT && event != XACT_EVENT_PARALLEL_ABORT)
		return;
	foreach(lc, stale_cxts)
		MemoryContextDelete(lfirst(lc));
	list_free(stale_cxts);
	stale_cxts = NIL;
}

/*
 * The mapping of a foreign table, parsed once per relation and kept until
 * the catalog says it changed (so a long layout is not parsed again at
 * every query).  Callers get their own copy of the top struct, with
 * pushdown as the options and hbase_fdw.enable_pushdown say now; what it
 * points to is shared and read-only.
 */
HBaseTable *
hbase_get_table(Oid relid)
{
	TableCacheEntry *e;
	HBaseTable *copy;
	bool		found;

	if (table_cache == NULL)
	{
		HASHCTL		ctl;

		ctl.keysize = sizeof(Oid);
		ctl.entrysize = sizeof(TableCacheEntry);
		table_cache = hash_create("hbase_fdw tables", 64, &ctl, HASH_ELEM | HASH_BLOBS);
		CacheRegisterRelcacheCallback(table_cache_relcache_cb, (Datum) 0);
		CacheRegisterSyscacheCallback(FOREIGNTABLEREL, table_cache_syscache_cb, (Datum) 0);
		CacheRegisterSyscacheCallback(FOREIGNSERVEROID, table_cache_syscache_cb, (Datum) 0);
		CacheRegisterSyscacheCallback(NAMESPACEOID, table_cache_syscache_cb, (Datum) 0);
		RegisterXactCallback(table_cache_xact_cb, NULL);
	}
	e = hash_search(table_cache, &relid, HASH_FIND, &found);
	if (!found)
	{
		MemoryContext cxt = AllocSetContextCreate(CacheMemoryContext, "hbase_fdw table",
												  ALLOCSET_SMALL_SIZES);
		MemoryContext old = MemoryContextSwitchTo(cxt);
		uint64		before = table_cache_invals;
		HBaseTable *t;

		PG_TRY();
		{
			t = hbase_build_table(relid);
		}
		PG_CATCH();
		{
			MemoryContextSwitchTo(old);
			MemoryContextDelete(cxt);
			PG_RE_THROW();
		}
		PG_END_TRY();
		MemoryContextSwitchTo(old);
		if (table_cache_invals != before)
		{
			/* the catalog changed while it was read: use it this once */
			old = MemoryContextSwitchTo(TopMemoryContext);
			stale_cxts = lappend(stale_cxts, cxt);
			MemoryContextSwitchTo(old);
			copy = palloc(sizeof(HBaseTable));
			*copy = *t;
			copy->pushdown = t->pushdown && hbase_enable_pushdown;
			return copy;
		}
		e = hash_search(table_cache, &relid, HASH_ENTER, &found);
		e->table = t;
		e->cxt = cxt;
	}
	copy = palloc(sizeof(HBaseTable));
	*copy = *e->table;
	copy->pushdown = e->table->pushdown && hbase_enable_pushdown;
	return copy;
}

/* the context of an error in a table IMPORT FOREIGN SCHEMA made */
static void
import_check_callback(void *arg)
{
	errcontext("foreign table \"%s\" as IMPORT FOREIGN SCHEMA defined it", (const char *) arg);
}

/*
 * Checks an hbase_fdw foreign table's whole mapping, columns and layout
 * included, as the catalog holds it now (relid: any relation; others pass):
 * the validator sees options without the table's columns, so the DDL event
 * trigger calls this at the end of the command, and a bad mapping aborts it.
 * imported: IMPORT FOREIGN SCHEMA made the table, which errors say.
 */
void
hbase_check_foreign_table(Oid relid, bool imported)
{
	ForeignTable *ft;
	ForeignServer *server;
	ForeignDataWrapper *fdw;
	char	   *handler;
	ErrorContextCallback cb;

	if (!OidIsValid(relid) || get_rel_relkind(relid) != RELKIND_FOREIGN_TABLE)
		return;
	ft = GetForeignTable(relid);
	server = GetForeignServer(ft->serverid);
	fdw = GetForeignDataWrapper(server->fdwid);
	handler = OidIsValid(fdw->fdwhandler) ? get_func_name(fdw->fdwhandler) : NULL;
	if (handler == NULL || strcmp(handler, "hbase_fdw_handler") != 0)
		return;
	cb.callback = import_check_callback;
	cb.arg = get_rel_name(relid);
	cb.previous = error_context_stack;
	if (imported)
		error_context_stack = &cb;
	(void) hbase_build_table(relid);	/* the catalog as it is now */
	if (imported)
		error_context_stack = cb.previous;
}

static void
busy_wait_assign(double newval, void *extra)
{
	hbase_http_set_busy_wait((long) (newval * 1000.0));
}

/* defines the GUCs hbase_fdw.*, from _PG_init, and reserves the prefix */
void
hbase_define_gucs(void)
{
	DefineCustomBoolVariable("hbase_fdw.enable_pushdown",
							 "Turns quals on rowkey columns into Gets, multigets and bounded scans.",
							 "Off: every foreign scan reads the whole table (all quals are evaluated locally).",
							 &hbase_enable_pushdown, true, PGC_USERSET, 0,
							 NULL, NULL, NULL);
	DefineCustomBoolVariable("hbase_fdw.read_ahead",
							 "Asks for a scanner's next page before the rows of the last one are returned.",
							 "The gateway then prepares a page while this backend works; off: one page at a time.",
							 &hbase_read_ahead, true, PGC_USERSET, 0,
							 NULL, NULL, NULL);
	DefineCustomRealVariable("hbase_fdw.busy_wait",
							 "How long a request polls for its answer before its backend sleeps.",
							 "A short wait keeps the CPU awake: a Get answered within it returns sooner. "
							 "After a request not answered in time, or when other processes wanted the CPU, "
							 "requests sleep at once for a second. 0 turns it off.",
							 &hbase_busy_wait, 2.0, 0.0, 1000.0, PGC_USERSET, GUC_UNIT_MS,
							 NULL, busy_wait_assign, NULL);
	DefineCustomIntVariable("hbase_fdw.update_retries",
							"How many times an UPDATE re-reads a row that changed under its check-and-put.",
							"After that many conflicts on one row the UPDATE fails with SQLSTATE 40001 (serialization_failure). "
							"0: the first conflict fails.",
							&hbase_update_retries, 30, 0, 10000, PGC_USERSET, 0,
							NULL, NULL, NULL);
	DefineCustomBoolVariable("hbase_fdw.enable_batched_join",
							 "Plans joins on an HBase table's rowkey as batched multigets.",
							 "Off: such joins are hash, merge or nested loop joins over the table's own scans.",
							 &hbase_enable_batched_join, true, PGC_USERSET, 0,
							 NULL, NULL, NULL);
	DefineCustomIntVariable("hbase_fdw.join_batch_size",
							"Outer rows a batched key join reads keys for at once.",
							"A batch also ends when its rows and keys reach work_mem.",
							&hbase_join_batch_size, 1000, 1, 100000, PGC_USERSET, 0,
							NULL, NULL, NULL);
	MarkGUCPrefixReserved("hbase_fdw");
}

/* ---------------- names IMPORT FOREIGN SCHEMA may define ---------------- */

/* does LIMIT TO / EXCEPT let this table through (saves its schema request)? */
bool
hbase_import_wanted(ImportForeignSchemaStmt *stmt, const char *name)
{
	ListCell   *lc;
	bool		listed = false;

	if (stmt->list_type == FDW_IMPORT_SCHEMA_ALL)
		return true;
	foreach(lc, stmt->table_list)
		if (strcmp(((RangeVar *) lfirst(lc))->relname, name) == 0)
			listed = true;
	return stmt->list_type == FDW_IMPORT_SCHEMA_LIMIT_TO ? listed : !listed;
}

/*
 * Is name one of PostgreSQL's system columns (ctid, xmin, cmin, xmax, cmax,
 * tableoid)?  No column may take it: an import names such a column
 * otherwise (a qualifier "xmin" is ordinary in geo tables).
 */
bool
hbase_system_column_name(const char *name)
{
	return SystemAttributeByName(name) != NULL;
}

/* the level of skip_name's messages, and the names it skipped at DEBUG1 */
static int	skip_level = NOTICE;
static int	skipped_quietly = 0;

/*
 * Sets the level of the messages saying a name is skipped (NOTICE, or
 * DEBUG1 when an import of many tables sums up at its end); returns how
 * many names were skipped at DEBUG1 since the last call, for that summary.
 */
int
hbase_import_notices(int level)
{
	int			n = skipped_quietly;

	skip_level = level;
	skipped_quietly = 0;
	return n;
}

/* a NOTICE that a name from HBase is skipped (escaped in it), and false */
static bool
skip_name(const char *name, int len, const char *what, const char *owner, const char *detail)
{
	if (skip_level != NOTICE)
		skipped_quietly++;
	ereport(skip_level,
			(errmsg("%s \"%s\"%s%s is not imported", what, hbase_printable_key(name, len),
					owner ? " of " : "", owner ? owner : ""),
			 errdetail("%s", detail)));
	return false;
}

/*
 * Decides whether a name HBase or Phoenix's catalog gave (len bytes: a table,
 * a column, a family, a catalog name) may go into the catalog here: valid in
 * the database encoding, or pg_attribute would hold bytes that no dump of it
 * restores.  A bad one is skipped with a NOTICE naming it, escaped, so that
 * one name costs its table or column and not the whole import.  what/owner
 * say what it is ("column", "Phoenix table \"T\""; owner may be NULL).
 * With stmt (names of tables) and LIMIT TO, no NOTICE: LIMIT TO cannot name
 * such a table.
 */
bool
hbase_import_name_ok(ImportForeignSchemaStmt *stmt, const char *name, int len,
					 const char *what, const char *owner)
{
	if (pg_verify_mbstr(GetDatabaseEncoding(), name, len, true))
		return true;
	if (stmt != NULL && stmt->list_type == FDW_IMPORT_SCHEMA_LIMIT_TO)
		return false;
	return skip_name(name, len, what, owner,
					 psprintf("The name is not valid in the database encoding %s.",
							  GetDatabaseEncodingName()));
}

/*
 * The same for a column family's name, which also goes into the option
 * "column": what the option's check refuses (empty, ':', control
 * characters) is skipped here rather than failing the whole import.
 */
bool
hbase_import_family_ok(const char *name, const char *owner)
{
	int			len = strlen(name);
	int			i;

	if (!hbase_import_name_ok(NULL, name, len, "column family", owner))
		return false;
	if (len == 0)
		return skip_name(name, len, "column family", owner, "The name is empty.");
	for (i = 0; i < len; i++)
	{
		if (name[i] == ':')
			return skip_name(name, len, "column family", owner,
							 "A column family name must not contain ':'.");
		if ((unsigned char) name[i] < 0x20 || name[i] == 0x7f)
			return skip_name(name, len, "column family", owner,
							 "The name holds a control character.");
	}
	return true;
}

/*
 * Locks a CREATE FOREIGN TABLE holds until the end of the transaction (its
 * relation, and an object lock), as pg_locks shows them.
 */
#define LOCKS_PER_TABLE 2

/*
 * Refuses, before any table's request, an import of more tables than the
 * shared lock table can hold: the core creates all of them in one
 * transaction, each keeping its locks to the end, and past the lock table's
 * size (max_locks_per_transaction x (max_connections and the other
 * backends + max_prepared_transactions)) the import fails with "out of
 * shared memory" only after a request per table.  Other sessions' locks
 * share that room, so an import near the limit may still run out.
 */
void
hbase_import_check_count(int ntables)
{
	int64		room = (int64) max_locks_per_xact * (MaxBackends + max_prepared_xacts);

	if ((int64) ntables * LOCKS_PER_TABLE <= room)
		return;
	ereport(ERROR,
			(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
			 errmsg("IMPORT FOREIGN SCHEMA would create %d foreign tables in one transaction, more than the lock table holds",
					ntables),
			 errdetail("Each new table holds %d locks until the transaction ends; the lock table has room for %lld (max_locks_per_transaction %d for %d backends and prepared transactions).",
					   LOCKS_PER_TABLE, (long long) room, max_locks_per_xact,
					   MaxBackends + max_prepared_xacts),
			 errhint("Import the tables in pieces of at most %lld, each its own IMPORT FOREIGN SCHEMA with LIMIT TO or EXCEPT in its own transaction, or raise max_locks_per_transaction.",
					 (long long) (room / LOCKS_PER_TABLE / 2))));
}
