/*
 * bench/rawclient.c - the baseline hbase_fdw is measured against: a plain C client of the
 * HBase REST gateway (curl with one kept-alive handle + protobuf-c), no PostgreSQL.
 *
 *   rawclient URL TABLE scan  [rows_per_page] [decode|drain|json]
 *       a stateful scanner read page by page (GET ?n=rows, Accept application/x-protobuf);
 *       decode: unpack every page and sum the first cell's value as a number (what a
 *       report does), drain: read pages and throw them away, json: Accept
 *       application/json and only count bytes.  Prints "rows=N sum=S bytes=B seconds=T".
 *       RAW_SPEC=json: another scanner spec than {"maxVersions":1}, to compare its cost;
 *       RAW_SPEC_FILE=path: the spec from a file (one too long for the environment).
 *   rawclient URL TABLE get KEYPREFIX N [MOD]
 *       N Gets of KEYPREFIX%09d (i * 7919 % MOD, MOD default N), protobuf decoded; prints
 *       p50/avg in ms.  RAW_GET_B64: the key base64url'd with ?e=b64&v=1, as hbase_fdw sends it.
 *   rawclient URL TABLE page KEYPREFIX N MOD [LIMIT]
 *       N stateless scan pages of LIMIT rows (10) from KEYPREFIX%09d of (i * 7919) % MOD, JSON
 *       as hbase_fdw reads them (bytes counted, not decoded: a lower bound; RAW_PAGE_DECODE=1:
 *       decoded as a C client might, with jansson, then each key, column and value from
 *       base64 with OpenSSL's EVP_DecodeBlock, about 400,000 instructions a page of 10 rows);
 *       prints p50/avg in ms: against get's, what a keyset next page costs the gateway.
 *       RAW_PAGE_QUERY: more of the query
 *       string ("&column=cf:n"), RAW_ACCEPT: another type than application/json;
 *       application/x-protobuf is decoded (the gateway streams it as CellSets, each behind a
 *       2-byte length) and its rows counted.
 *   rawclient URL TABLE multiget KEYPREFIX N STRIDE MOD [PER_REQUEST]
 *       N keys KEYPREFIX%09d of (i * STRIDE) % MOD, i < N, read by sequential multigets of
 *       PER_REQUEST keys (100; ?e=b64, protobuf decoded): the wire's pace for a key join.
 *       Prints "keys=N found=F requests=R seconds=T".
 *   rawclient URL TABLE saltpage N BUCKETS MOD LIMIT
 *       N keyset next pages of a letter-salted table (bench/saltpage.sh): per page, one
 *       stateless GET of LIMIT rows per bucket, one after the other, from the bucket's letter
 *       + %06ld of (i * 7919) % MOD + "0006" to the next letter; prints p50/avg in ms.
 *   rawclient URL TABLE gzip [rows_per_page]
 *       a scan asking for protobuf with Accept-Encoding gzip: prints wire bytes.
 *   rawclient URL TABLE put N OFFSET [BATCH] [PROCS]
 *       writes N rows of bench/bulk.sh's layout (rows g = 1..N: the key
 *       left(md5(company + date), 5) + company (6 digits) + date (yyyyMMdd) + campaign (6
 *       digits), company 1 + g / 1000 + OFFSET, date 2024-01-01 + g % 30, campaign g; cells d:cost,
 *       g * 0.01 as text, and d:clicks, g as a Java long) by PUTs of BATCH rows (100), JSON
 *       CellSets built with jansson, values base64'd with OpenSSL: what a C loader does.
 *       PROCS (1) processes at once, each its share of the rows, one PUT in flight each.
 *       URL may list several gateways of one cluster, comma-separated: process p writes
 *       through the (p mod count)-th (bench/bulk.sh's spread over two gateways).
 *       Prints "rows=N puts=P seconds=T" (wall clock, all processes).
 *   rawclient URL TABLE ping N
 *       N round trips between two processes over a Unix socket, nothing else: the relay's
 *       own hop in a tight loop (TABLE is not read).
 *   RAW_RELAY=1 (get, page): each request is asked for and waited on by a second process over
 *       a Unix socket, as pgbench asks a backend (see relay_start); prints "relayed" times.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <curl/curl.h>
#include <jansson.h>
#include <openssl/evp.h>

#include "cellset.pb-c.h"

typedef struct buf
{
	char	   *data;
	size_t		len,
				cap;
} buf;

static char location[1024];

/* a base64 member of a JSON object, decoded into out (4096 bytes): its length, or -1 */
static int
b64_member(json_t *obj, const char *name, unsigned char *out)
{
	const char *s = json_string_value(json_object_get(obj, name));
	size_t		n = s ? strlen(s) : 0;
	int			len;

	if (s == NULL || n / 4 * 3 > 4096)
		return -1;
	len = EVP_DecodeBlock(out, (const unsigned char *) s, (int) n);
	if (len < 0)
		return -1;
	/* EVP_DecodeBlock counts the padding's bytes too */
	if (n > 0 && s[n - 1] == '=')
		len -= (n > 1 && s[n - 2] == '=') ? 2 : 1;
	return len;
}

/* a JSON CellSet's rows, every key, column and value decoded; -1 when it is none */
static long
json_page_rows(const char *data, size_t len)
{
	json_error_t err;
	json_t	   *root = json_loadb(data, len, 0, &err);
	json_t	   *rows = root ? json_object_get(root, "Row") : NULL;
	unsigned char out[4096];
	size_t		i,
				j;
	long		n = -1;

	if (json_is_array(rows))
	{
		n = 0;
		for (i = 0; i < json_array_size(rows); i++)
		{
			json_t	   *row = json_array_get(rows, i);
			json_t	   *cells = json_object_get(row, "Cell");

			if (b64_member(row, "key", out) < 0)
				break;
			for (j = 0; j < json_array_size(cells); j++)
			{
				json_t	   *cell = json_array_get(cells, j);

				if (b64_member(cell, "column", out) < 0 ||
					(json_object_get(cell, "$") && b64_member(cell, "$", out) < 0))
					break;
			}
			if (j < json_array_size(cells))
				break;
			n++;
		}
		if (i < json_array_size(rows))
			n = -1;
	}
	json_decref(root);
	return n;
}

static size_t
write_cb(char *p, size_t s, size_t n, void *u)
{
	buf		   *b = u;
	size_t		k = s * n;

	if (b->len + k + 1 > b->cap)
	{
		b->cap = (b->len + k + 1) * 2;
		b->data = realloc(b->data, b->cap);
		if (b->data == NULL)
			abort();
	}
	memcpy(b->data + b->len, p, k);
	b->len += k;
	return k;
}

static size_t
header_cb(char *p, size_t s, size_t n, void *u)
{
	size_t		k = s * n;

	if (k > 10 && strncasecmp(p, "Location: ", 10) == 0)
	{
		size_t		l = k - 10;

		while (l > 0 && (p[10 + l - 1] == '\r' || p[10 + l - 1] == '\n'))
			l--;
		if (l >= sizeof(location))
			l = sizeof(location) - 1;
		memcpy(location, p + 10, l);
		location[l] = '\0';
	}
	return k;
}

/* base64url without padding, as the FDW sends keys */
static void
b64url(const char *s, int len, char *out)
{
	static const char tab[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
	int			i,
				o = 0;

	for (i = 0; i < len; i += 3)
	{
		unsigned	v = (unsigned char) s[i] << 16;

		if (i + 1 < len)
			v |= (unsigned char) s[i + 1] << 8;
		if (i + 2 < len)
			v |= (unsigned char) s[i + 2];
		out[o++] = tab[(v >> 18) & 63];
		out[o++] = tab[(v >> 12) & 63];
		if (i + 1 < len)
			out[o++] = tab[(v >> 6) & 63];
		if (i + 2 < len)
			out[o++] = tab[v & 63];
	}
	out[o] = '\0';
}

static double now(void);

/* standard base64 with padding, NUL-terminated */
static char *
b64std(const unsigned char *s, int len)
{
	char	   *out = malloc(4 * ((len + 2) / 3) + 1);

	EVP_EncodeBlock((unsigned char *) out, s, len);
	return out;
}

static size_t
discard_cb(char *p, size_t s, size_t n, void *u)
{
	return s * n;
}

/* the (p mod count)-th URL of a comma-separated list (malloc'd) */
static char *
nth_url(const char *list, int p)
{
	int			count = 1;
	const char *s;
	size_t		len;

	for (s = list; *s; s++)
		count += *s == ',';
	for (s = list, p %= count; p > 0; p--)
		s = strchr(s, ',') + 1;
	while (*s == ' ')
		s++;
	len = strcspn(s, ", ");
	return strndup(s, len);
}

/*
 * Rows from..to (of bench/bulk.sh's layout, see the usage) in PUTs of batch rows on one
 * kept-alive handle; returns the PUTs sent, -1 on any answer but 200.
 */
static int
put_range(const char *base, const char *table, long from, long to, long offset, int batch)
{
	CURL	   *c = curl_easy_init();
	struct curl_slist *h = NULL;
	char		url[2048];
	long		g = from;
	int			puts = 0;

	snprintf(url, sizeof(url), "%s/%s/rawclient_batch", base, table);
	h = curl_slist_append(h, "Accept: application/json");
	h = curl_slist_append(h, "Content-Type: application/json");
	h = curl_slist_append(h, "Expect:");
	curl_easy_setopt(c, CURLOPT_URL, url);
	curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
	curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, "PUT");
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, discard_cb);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	while (g <= to)
	{
		json_t	   *rows = json_array();
		json_t	   *set;
		char	   *body;
		long		status = 0;
		int			i;

		for (i = 0; i < batch && g <= to; i++, g++)
		{
			char		kd[32],
						key[64],
						cost[32],
						hex[33];
			unsigned char md[16],
						clicks[8];
			unsigned int mdlen;
			long		company = 1 + g / 1000 + offset;
			int			k;
			json_t	   *cells = json_array();
			char	   *b;

			snprintf(kd, sizeof(kd), "%06ld202401%02ld", company, 1 + g % 30);
			EVP_Digest(kd, strlen(kd), md, &mdlen, EVP_md5(), NULL);
			for (k = 0; k < 16; k++)
				sprintf(hex + 2 * k, "%02x", md[k]);
			snprintf(key, sizeof(key), "%.5s%s%06ld", hex, kd, g);
			snprintf(cost, sizeof(cost), "%ld.%02ld", g / 100, g % 100);
			for (k = 0; k < 8; k++)
				clicks[k] = (unsigned char) (g >> (56 - 8 * k));
			b = b64std((unsigned char *) cost, strlen(cost));
			json_array_append_new(cells, json_pack("{s:s, s:s}", "column", "ZDpjb3N0", "$", b));
			free(b);
			b = b64std(clicks, 8);
			json_array_append_new(cells, json_pack("{s:s, s:s}", "column", "ZDpjbGlja3M=", "$", b));
			free(b);
			b = b64std((unsigned char *) key, strlen(key));
			json_array_append_new(rows, json_pack("{s:s, s:o}", "key", b, "Cell", cells));
			free(b);
		}
		set = json_pack("{s:o}", "Row", rows);
		body = json_dumps(set, JSON_COMPACT);
		json_decref(set);
		curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
		if (curl_easy_perform(c) != CURLE_OK ||
			curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status) != CURLE_OK || status != 200)
		{
			fprintf(stderr, "rawclient: PUT answered %ld\n", status);
			free(body);
			return -1;
		}
		free(body);
		puts++;
	}
	curl_slist_free_all(h);
	curl_easy_cleanup(c);
	return puts;
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* one request on the kept-alive handle; returns the status, body in b */
static long
request(CURL *c, const char *method, const char *url, const char *accept, const char *body, buf *b)
{
	struct curl_slist *h = NULL;
	char		acc[128];
	long		status = 0;

	b->len = 0;
	snprintf(acc, sizeof(acc), "Accept: %s", accept);
	h = curl_slist_append(h, acc);
	h = curl_slist_append(h, "Content-Type: application/json");
	curl_easy_setopt(c, CURLOPT_URL, url);
	curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
	curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, strcmp(method, "GET") == 0 ? NULL : method);
	if (body)
		curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
	else
		curl_easy_setopt(c, CURLOPT_HTTPGET, 1L);
	if (curl_easy_perform(c) != CURLE_OK)
	{
		fprintf(stderr, "rawclient: %s %s failed\n", method, url);
		exit(1);
	}
	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
	curl_slist_free_all(h);
	return status;
}

/* a whole file, NUL-terminated (a scanner spec) */
static char *
read_file(const char *path)
{
	FILE	   *f = fopen(path, "rb");
	char	   *data;
	long		len;

	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0)
	{
		fprintf(stderr, "rawclient: cannot read %s\n", path);
		exit(1);
	}
	rewind(f);
	data = malloc(len + 1);
	if (data == NULL || fread(data, 1, len, f) != (size_t) len)
	{
		fprintf(stderr, "rawclient: cannot read %s\n", path);
		exit(1);
	}
	data[len] = '\0';
	fclose(f);
	return data;
}

static int
cmp_double(const void *a, const void *b)
{
	double		x = *(const double *) a,
				y = *(const double *) b;

	return x < y ? -1 : x > y;
}

/*
 * RAW_RELAY=1 (get, page, ping): the statements are timed by a second process that asks for
 * each over a Unix socket and waits for the answer, as pgbench asks a backend: the same
 * processes and wake-ups as a statement through PostgreSQL, without PostgreSQL.  A
 * client that sleeps while the gateway works is woken once more per statement, which
 * pgbench's SELECT 1 in a tight loop never is.  relay_start forks: the parent times n
 * round trips, prints the line and exits; the child returns and does the work, each item
 * between relay_wait and relay_done.
 */
static int	relay = -1;			/* the child's end of the socket; -1: no relay */

static void
relay_start(int n, const char *what)
{
	int			sv[2];
	double	   *ms,
				total = 0;
	int			i;
	pid_t		pid;

	if (!getenv("RAW_RELAY") && strcmp(what, "pings") != 0)
		return;
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0 || (pid = fork()) < 0)
	{
		perror("rawclient: relay");
		exit(1);
	}
	if (pid == 0)
	{
		close(sv[0]);
		relay = sv[1];
		return;
	}
	close(sv[1]);
	ms = calloc(n, sizeof(double));
	for (i = 0; i < n; i++)
	{
		double		t = now();
		char		c;

		if (write(sv[0], &i, sizeof(i)) != sizeof(i) || read(sv[0], &c, 1) != 1)
		{
			fprintf(stderr, "rawclient: the relay's worker failed\n");
			exit(1);
		}
		ms[i] = (now() - t) * 1000;
		total += ms[i];
	}
	close(sv[0]);
	waitpid(pid, NULL, 0);
	qsort(ms, n, sizeof(double), cmp_double);
	printf("%s=%d relayed p50_ms=%.3f avg_ms=%.3f\n", what, n, ms[n / 2], total / n);
	exit(0);
}

/* in the relay's worker: wait for the next item's request */
static void
relay_wait(void)
{
	int			i;

	if (relay >= 0 && read(relay, &i, sizeof(i)) != sizeof(i))
		exit(1);
}

/* in the relay's worker: the item is done; after the last, exit without printing */
static void
relay_done(int last)
{
	char		c = 1;

	if (relay >= 0 && write(relay, &c, 1) != 1)
		exit(1);
	if (relay >= 0 && last)
		exit(0);
}

int
main(int argc, char **argv)
{
	CURL	   *c;
	buf			b = {0};
	char		url[2048];
	const char *base,
			   *table,
			   *mode;
	double		t0;

	if (argc < 4)
	{
		fprintf(stderr, "usage: rawclient URL TABLE scan|get|gzip ...\n");
		return 2;
	}
	base = argv[1];
	table = argv[2];
	mode = argv[3];
	curl_global_init(CURL_GLOBAL_ALL);
	c = curl_easy_init();
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, write_cb);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, &b);
	curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, header_cb);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);

	if (strcmp(mode, "scan") == 0 || strcmp(mode, "gzip") == 0)
	{
		int			n = argc > 4 ? atoi(argv[4]) : 1000;
		const char *how = strcmp(mode, "gzip") == 0 ? "drain" : argc > 5 ? argv[5] : "decode";
		const char *accept = strcmp(how, "json") == 0 ? "application/json" : "application/x-protobuf";
		long		rows = 0;
		long long	sum = 0;
		double		bytes = 0;
		const char *spec;

		if (strcmp(mode, "gzip") == 0)
			curl_easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "gzip");
		t0 = now();
		snprintf(url, sizeof(url), "%s/%s/scanner", base, table);
		location[0] = '\0';
		/*
		 * RAW_SPEC: another scanner spec, to compare what a spec costs the
		 * gateway; RAW_SPEC_FILE: one too long for the environment
		 */
		spec = getenv("RAW_SPEC") ? getenv("RAW_SPEC") : "{\"maxVersions\":1}";
		if (getenv("RAW_SPEC_FILE"))
			spec = read_file(getenv("RAW_SPEC_FILE"));
		if (request(c, "POST", url, "application/json", spec, &b) != 201 || !location[0])
		{
			fprintf(stderr, "rawclient: could not create a scanner\n");
			return 1;
		}
		snprintf(url, sizeof(url), "%s?n=%d", location, n);
		for (;;)
		{
			long		st = request(c, "GET", url, accept, NULL, &b);
			curl_off_t	dl = 0;

			curl_easy_getinfo(c, CURLINFO_SIZE_DOWNLOAD_T, &dl);
			bytes += (double) dl;
			if (st == 204)
				break;
			if (st != 200)
			{
				fprintf(stderr, "rawclient: page answered %ld\n", st);
				return 1;
			}
			if (strcmp(how, "decode") == 0)
			{
				HbaseFdw__CellSet *cs = hbase_fdw__cell_set__unpack(NULL, b.len, (uint8_t *) b.data);
				size_t		i;

				if (cs == NULL)
				{
					fprintf(stderr, "rawclient: not a CellSet\n");
					return 1;
				}
				for (i = 0; i < cs->n_rows; i++)
				{
					HbaseFdw__CellSet__Row *r = cs->rows[i];
					char		num[32];
					size_t		l;

					rows++;
					if (r->n_values == 0)
						continue;
					l = r->values[0]->data.len < 31 ? r->values[0]->data.len : 31;
					memcpy(num, r->values[0]->data.data, l);
					num[l] = '\0';
					sum += atoll(num);
				}
				hbase_fdw__cell_set__free_unpacked(cs, NULL);
			}
			else
				rows = -1;
		}
		request(c, "DELETE", location, "application/json", NULL, &b);
		printf("rows=%ld sum=%lld bytes=%.0f seconds=%.3f\n", rows, sum, bytes, now() - t0);
	}
	else if (strcmp(mode, "get") == 0 && argc >= 6)
	{
		const char *prefix = argv[4];
		int			n = atoi(argv[5]);
		long		mod = argc > 6 ? atol(argv[6]) : n;
		double	   *ms = calloc(n, sizeof(double));
		double		total = 0;
		int			i,
					found = 0;

		relay_start(n, "gets");
		for (i = 0; i < n; i++)
		{
			double		t;
			long		st;

			relay_wait();
			snprintf(url, sizeof(url), "%s/%s/%s%09ld", base, table, prefix, (long) i * 7919 % mod);
			if (getenv("RAW_GET_B64"))
			{
				/* the FDW's form: the key base64url'd, ?e=b64&v=1 */
				char		key[64];
				char		enc[128];
				int			len;

				len = snprintf(key, sizeof(key), "%s%09ld", prefix, (long) i * 7919 % mod);
				b64url(key, len, enc);
				snprintf(url, sizeof(url), "%s/%s/%s?e=b64&v=1", base, table, enc);
			}
			t = now();
			st = request(c, "GET", url, "application/x-protobuf", NULL, &b);
			if (st == 200)
			{
				HbaseFdw__CellSet *cs = hbase_fdw__cell_set__unpack(NULL, b.len, (uint8_t *) b.data);

				found += cs && cs->n_rows == 1;
				if (cs)
					hbase_fdw__cell_set__free_unpacked(cs, NULL);
			}
			ms[i] = (now() - t) * 1000;
			total += ms[i];
			relay_done(i == n - 1);
		}
		qsort(ms, n, sizeof(double), cmp_double);
		printf("gets=%d found=%d p50_ms=%.3f avg_ms=%.3f\n", n, found, ms[n / 2], total / n);
	}
	else if (strcmp(mode, "page") == 0 && argc >= 7)
	{
		const char *prefix = argv[4];
		int			n = atoi(argv[5]);
		long		mod = atol(argv[6]);
		int			limit = argc > 7 ? atoi(argv[7]) : 10;
		double	   *ms = calloc(n, sizeof(double));
		double		total = 0;
		long		bytes = 0,
					rows = 0;
		int			i;
		const char *accept = getenv("RAW_ACCEPT") ? getenv("RAW_ACCEPT") : "application/json";
		int			pb = strcmp(accept, "application/x-protobuf") == 0;

		relay_start(n, "pages");
		for (i = 0; i < n; i++)
		{
			double		t;

			relay_wait();
			snprintf(url, sizeof(url), "%s/%s/*?maxversions=1&limit=%d&startrow=%s%09ld%s",
					 base, table, limit, prefix, (long) i * 7919 % mod,
					 getenv("RAW_PAGE_QUERY") ? getenv("RAW_PAGE_QUERY") : "");
			t = now();
			if (request(c, "GET", url, accept, NULL, &b) == 200)
			{
				size_t		off = 0;

				bytes += b.len;
				if (!pb && getenv("RAW_PAGE_DECODE"))
				{
					long		got = json_page_rows(b.data, b.len);

					if (got < 0)
					{
						fprintf(stderr, "rawclient: not a JSON CellSet\n");
						return 1;
					}
					rows += got;
				}
				/* protobuf: CellSets one after the other, each behind its length (2 bytes) */
				while (pb && off + 2 <= b.len)
				{
					size_t		l = ((unsigned char) b.data[off] << 8) | (unsigned char) b.data[off + 1];
					HbaseFdw__CellSet *cs;

					if (off + 2 + l > b.len ||
						(cs = hbase_fdw__cell_set__unpack(NULL, l, (uint8_t *) b.data + off + 2)) == NULL)
					{
						fprintf(stderr, "rawclient: not a CellSet stream\n");
						return 1;
					}
					rows += cs->n_rows;
					hbase_fdw__cell_set__free_unpacked(cs, NULL);
					off += 2 + l;
				}
			}
			ms[i] = (now() - t) * 1000;
			total += ms[i];
			relay_done(i == n - 1);
		}
		qsort(ms, n, sizeof(double), cmp_double);
		printf("pages=%d bytes=%ld rows=%ld p50_ms=%.3f avg_ms=%.3f\n", n, bytes,
			   (pb || getenv("RAW_PAGE_DECODE")) ? rows : -1,
			   ms[n / 2], total / n);
	}
	else if (strcmp(mode, "saltpage") == 0 && argc >= 8)
	{
		/*
		 * A keyset next page of a salted table (bench/saltpage.sh) as a plain
		 * client reads it: one stateless GET per bucket, one after the other,
		 * from the bucket's letter + the bound's successor (user %06ld, seq
		 * 0006: the rows after (user, 5)) to the next letter, limit rows each.
		 */
		int			n = atoi(argv[4]);
		int			buckets = atoi(argv[5]);
		long		mod = atol(argv[6]);
		int			limit = atoi(argv[7]);
		double	   *ms = calloc(n, sizeof(double));
		double		total = 0;
		long		bytes = 0;
		int			i,
					k;

		for (i = 0; i < n; i++)
		{
			double		t = now();

			for (k = 0; k < buckets; k++)
			{
				snprintf(url, sizeof(url), "%s/%s/*?maxversions=1&limit=%d&startrow=%c%06ld0006&endrow=%c",
						 base, table, limit, 'a' + k, (long) i * 7919 % mod, 'a' + k + 1);
				if (request(c, "GET", url, "application/json", NULL, &b) == 200)
					bytes += b.len;
			}
			ms[i] = (now() - t) * 1000;
			total += ms[i];
			relay_done(i == n - 1);
		}
		qsort(ms, n, sizeof(double), cmp_double);
		printf("pages=%d bytes=%ld p50_ms=%.3f avg_ms=%.3f\n", n, bytes, ms[n / 2], total / n);
	}
	else if (strcmp(mode, "multiget") == 0 && argc >= 8)
	{
		const char *prefix = argv[4];
		int			n = atoi(argv[5]);
		long		stride = atol(argv[6]);
		long		mod = atol(argv[7]);
		int			per = argc > 8 ? atoi(argv[8]) : 100;
		size_t		cap = strlen(base) + strlen(table) + 64 + (size_t) per * 80;
		char	   *murl = malloc(cap);
		int			i = 0,
					found = 0,
					requests = 0;

		t0 = now();
		while (i < n)
		{
			size_t		len = snprintf(murl, cap, "%s/%s/multiget?e=b64&v=1", base, table);
			int			k;
			long		st;

			for (k = 0; k < per && i < n; k++, i++)
			{
				char		key[64];
				char		enc[128];
				int			kl = snprintf(key, sizeof(key), "%s%09ld", prefix, (long) i * stride % mod);

				b64url(key, kl, enc);
				len += snprintf(murl + len, cap - len, "&row=%s", enc);
			}
			st = request(c, "GET", murl, "application/x-protobuf", NULL, &b);
			requests++;
			if (st == 200)
			{
				HbaseFdw__CellSet *cs = hbase_fdw__cell_set__unpack(NULL, b.len, (uint8_t *) b.data);

				if (cs == NULL)
				{
					fprintf(stderr, "rawclient: not a CellSet\n");
					return 1;
				}
				found += cs->n_rows;
				hbase_fdw__cell_set__free_unpacked(cs, NULL);
			}
			else if (st != 404)
			{
				fprintf(stderr, "rawclient: multiget answered %ld\n", st);
				return 1;
			}
		}
		printf("keys=%d found=%d requests=%d seconds=%.3f\n", n, found, requests, now() - t0);
		free(murl);
	}
	else if (strcmp(mode, "put") == 0 && argc >= 6)
	{
		long		n = atol(argv[4]);
		long		offset = atol(argv[5]);
		int			batch = argc > 6 ? atoi(argv[6]) : 100;
		int			procs = argc > 7 ? atoi(argv[7]) : 1;
		int			p,
					puts = 0,
					failed = 0;

		t0 = now();
		if (procs <= 1)
			puts = put_range(nth_url(base, 0), table, 1, n, offset, batch);
		else
		{
			for (p = 0; p < procs; p++)
			{
				/* process p: its share of the rows, whole batches but the last */
				long		share = (n / procs + batch - 1) / batch * batch;
				long		from = 1 + p * share;
				long		to = p == procs - 1 ? n : from + share - 1;

				if (fork() == 0)
					_exit(put_range(nth_url(base, p), table, from, to, offset, batch) < 0 ? 1 : 0);
			}
			for (p = 0; p < procs; p++)
			{
				int			st;

				wait(&st);
				failed += !WIFEXITED(st) || WEXITSTATUS(st) != 0;
			}
			puts = (int) ((n + batch - 1) / batch);
		}
		if (puts < 0 || failed)
			return 1;
		printf("rows=%ld puts=%d seconds=%.3f\n", n, puts, now() - t0);
	}
	else if (strcmp(mode, "ping") == 0 && argc >= 5)
	{
		/* the relay's hop alone, back and forth in a tight loop (what SELECT 1 is to pgbench) */
		int			n = atoi(argv[4]);
		int			i;

		relay_start(n, "pings");
		for (i = 0; i < n; i++)
		{
			relay_wait();
			relay_done(i == n - 1);
		}
	}
	else
	{
		fprintf(stderr, "rawclient: unknown mode %s\n", mode);
		return 2;
	}
	curl_easy_cleanup(c);
	free(b.data);
	return 0;
}
