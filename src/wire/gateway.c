/*
 * gateway.c: what each HBase REST gateway version offers (the version
 * table), which version a connection's gateway is, and what a gateway that
 * lacks a feature can still carry exactly (keys in URL paths).
 *
 * Measured against real gateways of hbase-rest 2.4.17, 2.5.8 and 2.6.1 on
 * one HBase 2.6.1 cluster (sql/gateways.sql keeps it so):
 *   - ?e=b64 (base64 rowkeys in row, multiget and DELETE paths) and the
 *     stateless scan's filter_b64 came with 2.5.9/2.6.0.  Older gateways
 *     ignore both silently: a Get looks up the base64 text as the key (no
 *     row), a DELETE deletes nothing, filter_b64 filters nothing.
 *   - FuzzyRowFilter in a scanner came with 2.5.10/2.6.1 (older: 400).
 *   - /version/rest reports the gateway's own version ("Version") from
 *     2.5.11/2.6.1 on; a gateway that reports none is taken for the oldest.
 *   - What every version has: stateful scanners with base64 bounds and
 *     MultiRowRangeFilter, PUT of a CellSet whose row keys (base64 in the
 *     body) are the keys written, row paths that hold UTF-8 text, the
 *     stateless reversed scan (startrow, endrow, limit; strings).
 *   - RegexStringComparator decodes keys as UTF-8 (U+FFFD for other
 *     bytes), so a regular expression cannot stand in for a binary bound.
 * So on an old gateway a key that survives the URL path unchanged is read
 * through the path; any other key by a scanner that matches exactly the
 * keys asked for (gateway_rows.c).  What cannot be done exactly is an error
 * naming the gateway version and what it lacks, never fewer rows.
 */
#include "postgres.h"

#include "mb/pg_wchar.h"
#include "utils/memutils.h"

#include "wire_int.h"

/* hbase_parse_gateway_version: cellset_json.c, beside the version answer's decoder */

/*
 * The features of a version (0 = not reported: as the oldest).  Decides
 * which requests an old gateway can be sent.
 */
static void
hbase_gateway_features(HBaseGateway *gw, int version)
{
	gw->version = version;
	/* 2.4 never got them; 2.5.9+, 2.6.0+ */
	gw->b64 = version >= 20509;
	/* 2.5.10+ and 2.6.1+, but not 2.6.0 */
	gw->fuzzy = (version >= 20510 && version < 20600) || version >= 20601;
}

/*
 * The REST gateway of this connection and what it offers: the version the
 * server option gateway_version declares, else the one the gateway reports
 * (GET /version/rest, once per connection, only when a request depends on
 * it).  A gateway that reports none (HBase before 2.5.11 and 2.6.1, or a
 * proxy that hides /version) is taken for the oldest: every request stays
 * exact, some cost more.
 */
const HBaseGateway *
hbase_gateway(HBaseConn *conn)
{
	const char *declared;
	HBaseGateway *slot = hbase_conn_gateway(conn, &declared);
	HBaseGateway gw;
	char	   *reported = NULL;
	char	   *name;

	if (slot->name)
		return slot;
	memset(&gw, 0, sizeof(gw));
	if (declared)
	{
		gw.declared = true;
		hbase_gateway_features(&gw, hbase_parse_gateway_version(declared));
		name = psprintf("%s (declared by the server option gateway_version)", declared);
	}
	else
	{
		reported = hbase_rest_version(conn);
		hbase_gateway_features(&gw, reported ? hbase_parse_gateway_version(reported) : 0);
		if (reported && gw.version > 0)
			name = pstrdup(reported);
		else
			name = psprintf("of unknown version (%s, as before HBase 2.5.11 and 2.6.1)",
							reported ? "it reports one not understood" : "it reports none");
	}
	gw.name = MemoryContextStrdup(TopMemoryContext, name);
	*slot = gw;
	return slot;
}

/*
 * Whether a key reaches an old gateway unchanged as a URL path segment
 * (percent-encoded) and as a multiget row: UTF-8 text (the gateway makes a
 * Java String of it), none of the characters that route or split there
 * (/ , * + % ; \ ? #), no control characters (Jetty refuses %00), not a
 * word that routes elsewhere (exists, regions, scanner, schema, multiget),
 * not a dot segment.
 */
bool
hbase_key_path_safe(const char *key, int len)
{
	static const char *const reserved[] = {"exists", "regions", "scanner", "schema",
	"multiget", ".", "..", NULL};
	int			i;

	if (len <= 0 || len > 1024)
		return false;
	for (i = 0; i < len; i++)
	{
		unsigned char c = (unsigned char) key[i];

		if (c < 0x20 || c == 0x7f || strchr("/,*+%;\\?#", c) != NULL)
			return false;
	}
	if (!pg_verify_mbstr(PG_UTF8, key, len, true))
		return false;
	for (i = 0; reserved[i]; i++)
		if ((int) strlen(reserved[i]) == len && memcmp(reserved[i], key, len) == 0)
			return false;
	return true;
}

/*
 * What cannot be done exactly on this gateway: an error naming its version
 * and, when a key is the reason, the key (NULL: binary-safe filters lack).
 */
void
hbase_gateway_inexact(const HBaseGateway *gw, HBaseTable *table, const char *what,
					  const char *key, int keylen)
{
	ereport(ERROR,
			(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
			 errmsg("HBase REST gateway %s cannot do %s on table \"%s\" exactly",
					gw->name, what, table->hbase_table),
			 key ? errdetail("The rowkey %s is not UTF-8 text that a URL path carries unchanged, and binary-safe keys in paths (?e=b64, filter_b64) came with HBase 2.5.9.",
							 hbase_printable_key(key, keylen)) :
			 errdetail("Binary-safe keys in paths and filters (?e=b64, filter_b64) came with HBase 2.5.9."),
			 errhint("Use a gateway of HBase 2.5.9 or later%s.",
					 gw->declared ? "" : ", or declare this one's version with the server option \"gateway_version\" if it has them")));
}
