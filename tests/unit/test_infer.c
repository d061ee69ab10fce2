/*
 * tests/unit/test_infer.c: unit tests of the rowkey layout inference and the
 * layout check (src/rowkey/infer.c).
 *
 * The keys are built here the way Java writers build them (sprintf, OpenSSL's
 * MD5 hex, String.hashCode, Long.hashCode, Phoenix's and OpenTSDB's salt
 * formulas, Bytes.toBytes), never by the codec; each test asserts the layout
 * inferred first (and, where it matters, that random bytes and uuids give
 * none) and that its decoded values are the ones written.  Ends with
 * "N passed, N failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>

#include <openssl/evp.h>

#include "rowkey.h"

static int passed, failed;

#define CHECK(cond, ...) do { \
	if (cond) passed++; \
	else { failed++; printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } \
} while (0)

#define MAXK 400
static char *keys[MAXK];
static size_t lens[MAXK];
static int nkeys;

static void
reset(void)
{
	int			i;

	for (i = 0; i < nkeys; i++)
		free(keys[i]);
	nkeys = 0;
}

static void
add(const void *k, size_t len)
{
	keys[nkeys] = malloc(len + 1);
	memcpy(keys[nkeys], k, len);
	lens[nkeys++] = len;
}

static void
md5hex(const char *s, size_t n, char *out)
{
	unsigned char d[16];
	unsigned int len;
	int			i;

	EVP_Digest(s, n, d, &len, EVP_md5(), NULL);
	for (i = 0; i < 16; i++)
		sprintf(out + 2 * i, "%02x", d[i]);
}

static int32_t
long_hash(int64_t v)
{
	uint64_t	u = (uint64_t) v;

	return (int32_t) (uint32_t) (u ^ (u >> 32));
}

static int
java_salt(int32_t h, int n)
{
	/* (byte) (Math.abs(h) % n) */
	int64_t		a = h < 0 ? -(int64_t) h : h;

	return (int) (a % n);
}

static int
arrays_salt(const unsigned char *b, size_t len, int n)
{
	uint32_t	h = 1;
	size_t		i;
	int32_t		s;

	for (i = 0; i < len; i++)
		h = 31 * h + (uint32_t) (int32_t) (signed char) b[i];
	s = (int32_t) h;
	return (int) ((s < 0 ? -(int64_t) s : s) % n);
}

static int
phoenix_salt(const unsigned char *b, size_t len, int n)
{
	uint32_t	h = 1;
	size_t		i;
	int32_t		s,
				r;

	for (i = 0; i < len; i++)
		h = 31 * h + (uint32_t) (int32_t) (signed char) b[i];
	s = (int32_t) h;
	r = s % n;
	return r < 0 ? -r : r;
}

static void
put_be(unsigned char *p, uint64_t v, int w)
{
	int			i;

	for (i = w - 1; i >= 0; i--)
	{
		p[i] = v & 0xff;
		v >>= 8;
	}
}

/* yyyyMMdd[HHmmss] of epoch seconds, UTC */
static void
fmt_time(int64_t s, const char *fmt, char *out, size_t size)
{
	time_t		t = (time_t) s;
	struct tm	tm;

	gmtime_r(&t, &tm);
	strftime(out, size, fmt, &tm);
}

#define T0 INT64_C(1709251200)	/* 2024-03-01 00:00:00 UTC */

static hbase_rk_candidate cands[16];

/* infer over the keys; the first layout's text, or "" */
static const char *
infer(int *n)
{
	static char first[1024];

	hbase_rk_infer_free(cands, 16);
	*n = hbase_rk_infer((const char *const *) keys, lens, nkeys, cands, 16);
	snprintf(first, sizeof(first), "%s", *n > 0 ? cands[0].layout : "");
	return first;
}

static void
expect_layout(const char *what, const char *want)
{
	int			n,
				i;
	const char *got = infer(&n);

	CHECK(strcmp(got, want) == 0, "%s: inferred \"%s\", want \"%s\" (%d candidates)", what, got, want, n);
	if (n > 0)
		CHECK(cands[0].explained == nkeys && cands[0].keys == nkeys, "%s: explains %d of %d",
			  what, cands[0].explained, nkeys);
	if (getenv("INFER_VERBOSE"))
		for (i = 0; i < n; i++)
			printf("  %s: %d %s\n", what, cands[i].score, cands[i].layout);
}

/* decode key i under the first candidate: column col's value */
static rk_value
decoded(int i, int col)
{
	const char *err;
	int			pos;
	rk_layout  *l = NULL;
	rk_value	v[RK_INFER_MAX_COLUMNS];
	rk_value	r;

	if (cands[0].layout)
		l = hbase_rk_parse(cands[0].layout, cands[0].columns, cands[0].ncolumns, &err, &pos);

	memset(v, 0, sizeof(v));
	memset(&r, 0, sizeof(r));
	r.isnull = -1;
	if (l && hbase_rk_decode(l, keys[i], lens[i], v, &err) != 0 && getenv("INFER_VERBOSE"))
		printf("decode of key %d failed: %s\n", i, err);
	else if (l)
		r = v[col];
	if (r.s)
	{
		/* a copy that outlives the codec's (freed here) */
		static char copy[4][256];
		static int	next;
		char	   *c = copy[next++ % 4];

		snprintf(c, sizeof(copy[0]), "%.*s", (int) r.len, r.s);
		free((void *) r.s);
		r.s = c;
	}
	if (l)
		hbase_rk_free(l);
	return r;
}

static void
test_ad_report(void)
{
	int			c,
				d,
				camp;

	reset();
	for (c = 100001; c <= 100004; c++)
		for (d = 0; d < 5; d++)
			for (camp = 0; camp <= 3; camp++)
			{
				char		body[64],
							hx[33],
							key[96],
							day[16];

				fmt_time(T0 + d * 86400, "%Y%m%d", day, sizeof(day));
				snprintf(body, sizeof(body), "%06d%s", c, day);
				md5hex(body, strlen(body), hx);
				if (camp == 0)
					snprintf(key, sizeof(key), "%.5s%s", hx, body);
				else
					snprintf(key, sizeof(key), "%.5s%s%06d", hx, body, 300000 + c % 100 * 10 + camp);
				add(key, strlen(key));
			}
	expect_layout("ad report",
				  "left(md5(id + day), 5) + lpad(id, 6) + date(day, \"yyyyMMdd\") + [lpad(id2, 6)]");
	CHECK(cands[0].prefix_verified == nkeys, "ad report: hashes verified %d", cands[0].prefix_verified);
	CHECK(decoded(5, 0).i == 100001 && decoded(5, 2).i == 300011, "ad report values");
	CHECK(decoded(4, 2).isnull == 1, "ad report: the total row has no campaign");
}

static void
test_md5_rest(void)
{
	int			i;

	reset();
	for (i = 0; i < 40; i++)
	{
		char		id[16],
					hx[33],
					key[64];

		snprintf(id, sizeof(id), "%d", 7 + i * i * i * 37);
		md5hex(id, strlen(id), hx);
		snprintf(key, sizeof(key), "%.5s%s", hx, id);
		add(key, strlen(key));
	}
	expect_layout("md5 of the rest", "left(md5(id), 5) + id");
}

static void
test_javahash_salt(void)
{
	int			u,
				q;

	reset();
	for (u = 0; u < 6; u++)
		for (q = 0; q < 5; q++)
		{
			unsigned char key[32];
			int64_t		ms = (T0 + u * 3671 + q * 17) * 1000 + q * 7;

			key[0] = (unsigned char) java_salt(long_hash(ms), 5);
			snprintf((char *) key + 1, 10, "%08d", 4711 + u * 13);
			put_be(key + 9, (uint64_t) ms, 8);
			put_be(key + 17, (uint64_t) q, 4);
			add(key, 21);
		}
	expect_layout("javahash salt",
				  "salt(5, javahash(epoch_ms(ts))) + lpad(id, 8) + long(epoch_ms(ts)) + int(id2)");
	CHECK(decoded(7, 1).i == (T0 + 1 * 3671 + 2 * 17) * 1000000 + 2 * 7000, "javahash salt: ts value");
}

static void
test_reversed_phone_inverted(void)
{
	int			i,
				j;

	reset();
	for (i = 0; i < 10; i++)
		for (j = 0; j < 3; j++)
		{
			char		phone[16],
						rev[16],
						key[64];
			int64_t		ms = (T0 + i * 1000 + j * 60) * 1000 + 123;
			int			k;

			snprintf(phone, sizeof(phone), "1%d%09d", 3 + i % 6, 12345678 + i * 7919);
			for (k = 0; k < 11; k++)
				rev[k] = phone[10 - k];
			rev[11] = '\0';
			snprintf(key, sizeof(key), "%s%019lld", rev, (long long) (INT64_MAX - ms));
			add(key, strlen(key));
		}
	expect_layout("reversed phone + inverted ms",
				  "reverse(lpad(id, 11)) + (Long.MAX_VALUE - epoch_ms(ts))");
	CHECK(decoded(0, 0).i == 13012345678LL, "reversed phone: value %lld", (long long) decoded(0, 0).i);
}

static void
test_opentsdb(void)
{
	int			m,
				h,
				t;

	reset();
	for (m = 1; m <= 3; m++)
		for (h = 0; h < 4; h++)
			for (t = 1; t <= 3; t++)
			{
				unsigned char k[16],
							hashed[16];

				put_be(k + 1, m, 3);
				put_be(k + 4, (uint64_t) (T0 + h * 3600), 4);
				put_be(k + 8, 1, 3);
				put_be(k + 11, t, 3);
				memcpy(hashed, k + 1, 3);
				memcpy(hashed + 3, k + 8, 6);
				k[0] = (unsigned char) arrays_salt(hashed, 9, 4);
				add(k, 14);
			}
	expect_layout("OpenTSDB salted",
				  "salt(4, arrays_hash(id + id2 + id3)) + uint(id, 3) + uint(epoch(ts), 4) + uint(id2, 3) + uint(id3, 3)");
}

static void
test_phoenix_salt(void)
{
	int			i;

	reset();
	for (i = 1; i <= 40; i++)
	{
		char		k[16];

		snprintf(k + 1, sizeof(k) - 1, "%08d", i * 3);
		k[0] = (char) phoenix_salt((unsigned char *) k + 1, 8, 4);
		add(k, 9);
	}
	expect_layout("Phoenix salt", "salt(4) + lpad(id, 8)");
}

static void
test_delimited(void)
{
	static const char *regions[] = {"north", "south", "east", "west"};
	int			i;

	reset();
	for (i = 0; i < 24; i++)
	{
		char		k[64];

		if (i % 3 == 0)
			snprintf(k, sizeof(k), "%s|%05d", regions[i % 4], 10 + i);
		else
			snprintf(k, sizeof(k), "%s|%05d|sku-%d", regions[i % 4], 10 + i, i * 101);
		add(k, strlen(k));
	}
	expect_layout("delimited", "k1 + \"|\" + lpad(id, 5) + [\"|\" + k2]");
}

/* dates printed with separators: one delimited field, and inside fixed-width keys */
static void
test_separated_dates(void)
{
	static const char *svc[] = {"auth", "billing", "search", "mail"};
	int			i;

	reset();
	for (i = 0; i < 20; i++)
	{
		char		k[64];

		snprintf(k, sizeof(k), "%s|2024-03-%02d", svc[i % 4], 1 + i);
		add(k, strlen(k));
	}
	expect_layout("separated date", "k1 + \"|\" + date(day, \"yyyy-MM-dd\")");
	reset();
	for (i = 0; i < 20; i++)
	{
		char		k[64];

		snprintf(k, sizeof(k), "x2024/03/%02d %02d:%02d:00_%04d", 1 + i, i, (i * 7) % 60, i * 13);
		add(k, strlen(k));
	}
	expect_layout("separated date-time",
				  "\"x\" + date(ts, \"yyyy/MM/dd HH:mm:ss\") + \"_\" + lpad(id, 4)");
	/* 2024-02-30 is no date: the field is text */
	reset();
	for (i = 0; i < 20; i++)
	{
		char		k[64];

		snprintf(k, sizeof(k), "%s|2024-02-%02d", svc[i % 4], 11 + i);
		add(k, strlen(k));
	}
	{
		int			n;
		const char *got = infer(&n);

		CHECK(strstr(got, "yyyy-MM-dd") == NULL, "not a date: %s", got);
	}
}

/* a one-digit field shows no zero padding: "-3", "10", "20" have no layout */
static void
test_one_digit(void)
{
	static const char *k[] = {"-3", "10", "20"};
	int			i;

	reset();
	for (i = 0; i < 3; i++)
		add(k[i], strlen(k[i]));
	{
		int			n;
		const char *got = infer(&n);

		CHECK(n == 0, "one digit: inferred \"%s\"", got);
	}
}

static void
test_device_epoch(void)
{
	int			i;

	reset();
	for (i = 0; i < 30; i++)
	{
		char		k[64];

		snprintf(k, sizeof(k), "device_%d_%lld", 1 + i % 7 * 13, (long long) (T0 + i * 3607));
		add(k, strlen(k));
	}
	expect_layout("device_N_epoch", "\"device_\" + id + \"_\" + epoch(ts)");
	CHECK(decoded(2, 1).i == (T0 + 2 * 3607) * 1000000, "device_N_epoch: ts %lld", (long long) decoded(2, 1).i);
}

static void
test_datetime_uid(void)
{
	int			i;

	reset();
	for (i = 0; i < 30; i++)
	{
		char		k[96],
					t[32],
					phone[16],
					hx[33],
					uid[33];

		snprintf(phone, sizeof(phone), "186%08d", 1134210 + i % 5 * 31);
		fmt_time(T0 + i * 4099, "%Y%m%d%H%M%S", t, sizeof(t));
		md5hex(t, strlen(t), uid);
		uid[16] = '\0';
		md5hex(phone, 11, hx);
		snprintf(k, sizeof(k), "%.3s%s%s%s", hx, phone, t, uid);
		add(k, strlen(k));
	}
	expect_layout("md5(phone) + phone + datetime + uid",
				  "left(md5(id), 3) + lpad(id, 11) + date(ts, \"yyyyMMddHHmmss\") + fixed(k1, 16)");
}


static uint64_t
bit_reverse(uint64_t v)
{
	uint64_t	r = 0;
	int			k;

	for (k = 0; k < 64; k++, v >>= 1)
		r = (r << 1) | (v & 1);
	return r;
}

static void
test_pinpoint(void)
{
	static const char *agents[] = {"web-01", "api-gateway-7", "batch", "a"};
	int			a,
				j;

	reset();
	for (a = 0; a < 4; a++)
		for (j = 0; j < 5; j++)
		{
			unsigned char k[32];
			int64_t		ms = (T0 + j * 420) * 1000 + a;

			memset(k, 0, 24);
			memcpy(k, agents[a], strlen(agents[a]));	/* BytesUtils.toFixedLengthBytes */
			put_be(k + 24, (uint64_t) (INT64_MAX - ms), 8);
			add(k, 32);
		}
	expect_layout("Pinpoint agent id + inverted time",
				  "rpad(k1, 24, \"\\x00\") + long(Long.MAX_VALUE - epoch_ms(ts))");
	CHECK(decoded(6, 0).s && strcmp(decoded(6, 0).s, "api-gateway-7") == 0, "Pinpoint: agent id");
}

static void
test_bitreverse(void)
{
	int			i,
				j;

	reset();
	for (i = 1; i <= 10; i++)
		for (j = 0; j < 3; j++)
		{
			unsigned char k[16];

			put_be(k, bit_reverse((uint64_t) i), 8);
			put_be(k + 8, (uint64_t) ((T0 + i * 100 + j) * 1000), 8);
			add(k, 16);
		}
	expect_layout("bit-reversed ids", "long(bitreverse(id)) + long(epoch_ms(ts))");
	CHECK(decoded(3, 0).i == 2, "bit-reversed: id %lld", (long long) decoded(3, 0).i);
}

static void
test_random_prefix(void)
{
	int			i;
	unsigned int seed = 7;

	reset();
	for (i = 0; i < 40; i++)
	{
		char		k[32];

		/* HBaseWD's RowKeyDistributorByOneBytePrefix: a bucket byte the writer picks */
		k[0] = (char) (rand_r(&seed) % 8);
		snprintf(k + 1, sizeof(k) - 1, "%06d%lld", 100 + i, (long long) (T0 + i * 60));
		add(k, 1 + strlen(k + 1));
	}
	expect_layout("one-byte random prefix", "salt(8, random) + lpad(id, 6) + lpad(epoch(ts), 10)");
}

static void
test_nul_delimited(void)
{
	static const char *users[] = {"alice", "bob", "carol"};
	int			i;

	reset();
	for (i = 0; i < 24; i++)
	{
		char		k[64],
					day[16];
		int			n;

		fmt_time(T0 + (i % 6) * 86400, "%Y%m%d", day, sizeof(day));
		n = snprintf(k, sizeof(k), "%s", users[i % 3]);
		k[n++] = '\0';
		n += snprintf(k + n, sizeof(k) - n, "%s", day);
		k[n++] = '\0';
		n += snprintf(k + n, sizeof(k) - n, "order-%d", i * 7);
		add(k, n);
	}
	expect_layout("NUL-delimited text and a date",
				  "k1 + \"\\x00\" + date(day, \"yyyyMMdd\") + \"\\x00\" + k2");
}


static int32_t
string_hash(const char *t)
{
	uint32_t	h = 0;

	for (; *t; t++)
		h = 31 * h + (unsigned char) *t;	/* ASCII: the UTF-16 units are the bytes */
	return (int32_t) h;
}

static void
test_text_salts(void)
{
	int			i;
	unsigned int seed = 11;

	/* String.format("%02d", Math.abs(uid.hashCode()) % 10) + uid */
	reset();
	for (i = 0; i < 40; i++)
	{
		char		uid[32],
					k[48];

		snprintf(uid, sizeof(uid), "user%d", i * 7919);
		snprintf(k, sizeof(k), "%02d%s", java_salt(string_hash(uid), 10), uid);
		add(k, strlen(k));
	}
	expect_layout("decimal javahash salt", "lpad(salt(10, javahash(k1)), 2) + k1");
	/* a letter the writer picks, a delimiter, a name */
	reset();
	for (i = 0; i < 40; i++)
	{
		char		k[48];

		static const char *names[] = {"alice", "bob", "carol", "dave", "eve", "frank", "grace"};

		snprintf(k, sizeof(k), "%c-%s%d", 'a' + (int) (rand_r(&seed) % 4), names[i % 7], i);
		add(k, strlen(k));
	}
	expect_layout("random letter salt", "letter(salt(4, random)) + \"-\" + k1");
}

static void
test_raw(void)
{
	int			i,
				n;
	unsigned int seed = 12345;

	reset();
	for (i = 0; i < 50; i++)
	{
		unsigned char k[16];
		int			j;

		for (j = 0; j < 16; j++)
			k[j] = (unsigned char) (rand_r(&seed) >> 7);
		add(k, 16);
	}
	infer(&n);
	CHECK(n == 0, "random bytes: %d layouts, first \"%s\"", n, n ? cands[0].layout : "");
	reset();
	for (i = 0; i < 50; i++)
	{
		char		k[48],
					h[33];

		snprintf(k, sizeof(k), "%d", i);
		md5hex(k, strlen(k), h);
		snprintf(k, sizeof(k), "%.8s-%.4s-4%.3s-a%.3s-%.12s", h, h + 8, h + 12, h + 15, h + 18);
		add(k, strlen(k));
	}
	infer(&n);
	CHECK(n == 0, "uuids: %d layouts, first \"%s\"", n, n ? cands[0].layout : "");
	reset();
	{
		static const char *words[] = {"hello world", "the quick brown fox", "lorem ipsum",
			"another line of text", "HBase rows", "free text, with commas", "x"};

		for (i = 0; i < 7; i++)
			add(words[i], strlen(words[i]));
	}
	infer(&n);
	CHECK(n == 0, "free text: %d layouts, first \"%s\"", n, n ? cands[0].layout : "");
}

/* more than 256 keys of one first byte are one bucket, not many (a counter that wrapped) */
static void
test_many_keys(void)
{
	int			i,
				n,
				c;
	unsigned int seed = 3;

	reset();
	for (i = 0; i < 300; i++)
	{
		char		k[32];

		snprintf(k, sizeof(k), "0%d-%s%d", (int) (rand_r(&seed) % 10), i % 2 ? "x" : "yy", i);
		add(k, strlen(k));
	}
	infer(&n);
	for (c = 0; c < n; c++)
		CHECK(strstr(cands[c].layout, "salt(") == NULL, "300 keys: a salt of one bucket: %s", cands[c].layout);
}

static void
test_check(void)
{
	rk_column	cols[2] = {{"id", RK_INT, 8}, {"ts", RK_TIMESTAMP, 0}};
	const char *err;
	int			pos,
				i;
	rk_layout  *l;
	hbase_rk_check r;

	reset();
	for (i = 0; i < 10; i++)
	{
		char		k[64];

		snprintf(k, sizeof(k), "%05d%lld", i, (long long) (T0 + i) * 1000);
		add(k, strlen(k));
	}
	/* epoch for epoch_ms: the values read, tens of thousands of years ahead */
	l = hbase_rk_parse("lpad(id, 5) + epoch(ts)", cols, 2, &err, &pos);
	CHECK(l != NULL, "check: layout");
	hbase_rk_check_keys(l, cols, 2, (const char *const *) keys, lens, nkeys, &r);
	CHECK(r.keys == 10 && r.implausible == 10 && r.first_implausible == 0 && r.implausible_column == 1,
		  "check epoch for epoch_ms: %d keys %d implausible", r.keys, r.implausible);
	hbase_rk_free(l);
	l = hbase_rk_parse("lpad(id, 5) + epoch_ms(ts)", cols, 2, &err, &pos);
	hbase_rk_check_keys(l, cols, 2, (const char *const *) keys, lens, nkeys, &r);
	CHECK(r.implausible == 0 && r.unreadable == 0 && r.rewritten == 0, "check: the right layout is clean");
	hbase_rk_free(l);
	/* a forgotten delimiter: the keys do not read */
	reset();
	for (i = 0; i < 10; i++)
	{
		char		k[64];

		snprintf(k, sizeof(k), "%05d|%lld", i, (long long) (T0 + i) * 1000);
		add(k, strlen(k));
	}
	l = hbase_rk_parse("lpad(id, 5) + epoch_ms(ts)", cols, 2, &err, &pos);
	hbase_rk_check_keys(l, cols, 2, (const char *const *) keys, lens, nkeys, &r);
	CHECK(r.unreadable == 10 && r.first_unreadable == 0 && r.error[0], "check: forgotten delimiter %d", r.unreadable);
	hbase_rk_free(l);
	/* a random salt's bucket is the key's own: letters, as lay_rnd writes them */
	reset();
	add("a-foo", 5);
	add("c-bar", 5);
	add("d-baz", 5);
	{
		rk_column	c1[1] = {{"name", RK_TEXT, 0}};

		l = hbase_rk_parse("letter(salt(4, random)) + \"-\" + name", c1, 1, &err, &pos);
		hbase_rk_check_keys(l, c1, 1, (const char *const *) keys, lens, nkeys, &r);
		CHECK(r.keys == 3 && r.unreadable == 0 && r.rewritten == 0, "check: random letter salt %d %d",
			  r.unreadable, r.rewritten);
		hbase_rk_free(l);
	}
	/* a number written with zeros under a bare decimal part: read, but written otherwise */
	reset();
	add("007|1", 5);
	add("12|2", 4);
	{
		rk_column	c2[2] = {{"a", RK_INT, 8}, {"b", RK_INT, 8}};

		l = hbase_rk_parse("a + \"|\" + b", c2, 2, &err, &pos);
		hbase_rk_check_keys(l, c2, 2, (const char *const *) keys, lens, nkeys, &r);
		CHECK(r.unreadable + r.rewritten == 1 && r.keys == 2, "check: 007 %d %d", r.unreadable, r.rewritten);
		hbase_rk_free(l);
	}
}

static void
test_rename(void)
{
	char	   *r = hbase_rk_rename_column("left(md5(id + day), 5) + lpad(id, 6) + date(day, \"id\") + [lpad(id2, 6)]",
										   "id", "company_id");

	CHECK(r && strcmp(r, "left(md5(company_id + day), 5) + lpad(company_id, 6) + date(day, \"id\") + [lpad(id2, 6)]") == 0,
		  "rename: %s", r ? r : "(null)");
	free(r);
	CHECK(hbase_rk_rename_column("lpad(id, 6) + \"unterminated", "id", "x") == NULL, "rename of a bad text");
}

int
main(void)
{
	test_ad_report();
	test_md5_rest();
	test_javahash_salt();
	test_reversed_phone_inverted();
	test_opentsdb();
	test_phoenix_salt();
	test_delimited();
	test_device_epoch();
	test_separated_dates();
	test_one_digit();
	test_datetime_uid();
	test_pinpoint();
	test_bitreverse();
	test_random_prefix();
	test_nul_delimited();
	test_text_salts();
	test_raw();
	test_many_keys();
	test_check();
	test_rename();
	reset();
	hbase_rk_infer_free(cands, 16);
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
