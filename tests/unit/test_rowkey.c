/*
 * tests/unit/test_rowkey.c: unit tests of the pure-C rowkey codec (src/rowkey/).
 *
 * Expected keys of known layouts were computed independently in Python
 * (hashlib, struct, Java hash formulas); round trips cover edge values; the
 * order tests check, over generated values with negatives, that byte order
 * of encoded keys matches value order wherever the codec claims it.
 * Ends with "N passed, N failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#include "rowkey.h"

static int passed, failed;

#define CHECK(cond, ...) do { \
	if (cond) passed++; \
	else { failed++; printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } \
} while (0)

static rk_value
I(int64_t v)
{
	rk_value	x = {0};

	x.i = v;
	return x;
}

static rk_value
F(double v)
{
	rk_value	x = {0};

	x.f = v;
	return x;
}

static rk_value
S(const char *s)
{
	rk_value	x = {0};

	x.s = s;
	x.len = strlen(s);
	return x;
}

static rk_value
N(void)
{
	rk_value	x = {0};

	x.isnull = 1;
	return x;
}

static char *
hex(const char *b, int n)
{
	static char out[1024];
	int			i;

	for (i = 0; i < n && i < 500; i++)
		sprintf(out + 2 * i, "%02x", (unsigned char) b[i]);
	out[2 * (n < 0 ? 0 : n)] = '\0';
	return out;
}

static rk_layout *
parse_ok(const char *text, const rk_column *cols, int n)
{
	const char *err;
	int			pos;
	rk_layout  *l = hbase_rk_parse(text, cols, n, &err, &pos);

	CHECK(l != NULL, "layout \"%s\" rejected: %s at %d", text, err ? err : "?", pos);
	return l;
}

static void
parse_bad(const char *text, const rk_column *cols, int n, const char *want, int wantpos)
{
	const char *err = NULL;
	int			pos = -2;
	rk_layout  *l = hbase_rk_parse(text, cols, n, &err, &pos);

	CHECK(l == NULL && err && strstr(err, want) != NULL && (wantpos < 0 || pos == wantpos),
		  "layout \"%s\": want error ~\"%s\" at %d, got \"%s\" at %d", text, want, wantpos,
		  err ? err : "(accepted)", pos);
	hbase_rk_free(l);
}

/* encode, compare with the expected bytes (as text or hex), decode, compare values */
static void
roundtrip(rk_layout *l, int ncols, rk_value *vals, const char *want, int wantlen, int bucket)
{
	char	   *key = NULL;
	const char *err = NULL;
	int			len = hbase_rk_encode(l, vals, bucket, &key, &err);
	rk_value	back[16];
	int			i;

	CHECK(len >= 0, "encode failed: %s", err ? err : "?");
	if (len < 0)
		return;
	if (want)
		CHECK(len == wantlen && memcmp(key, want, wantlen) == 0,
			  "key %s differs from expected", hex(key, len));
	CHECK(hbase_rk_decode(l, key, len, back, &err) == 0, "decode of %s failed: %s", hex(key, len), err ? err : "?");
	for (i = 0; i < ncols; i++)
	{
		if (vals[i].isnull || back[i].isnull)
		{
			CHECK(vals[i].isnull == back[i].isnull, "column %d null mismatch (key %s)", i, hex(key, len));
			continue;
		}
		if (vals[i].s)
			CHECK(back[i].len == vals[i].len && memcmp(back[i].s, vals[i].s, vals[i].len) == 0,
				  "column %d text mismatch (key %s)", i, hex(key, len));
		else
			CHECK(back[i].i == vals[i].i && (back[i].f == vals[i].f || (back[i].f != back[i].f && vals[i].f != vals[i].f)),
				  "column %d value mismatch: %lld/%g vs %lld/%g (key %s)", i, (long long) back[i].i,
				  back[i].f, (long long) vals[i].i, vals[i].f, hex(key, len));
		if (back[i].s)
			free((void *) back[i].s);
	}
	free(key);
}

/* the text values a decode left (it allocates them even when it fails later) */
static void
free_back(rk_value *back, int n)
{
	int			i;

	for (i = 0; i < n; i++)
		if (back[i].s)
			free((void *) back[i].s);
}

static void
encode_bad(rk_layout *l, rk_value *vals, const char *want)
{
	char	   *key = NULL;
	const char *err = NULL;
	int			len = hbase_rk_encode(l, vals, 0, &key, &err);

	CHECK(len < 0 && err && strstr(err, want), "want encode error ~\"%s\", got %s", want,
		  len < 0 ? err : "success");
	free(key);
}

static int
cmpbytes(const char *a, int al, const char *b, int bl)
{
	int			n = al < bl ? al : bl;
	int			c = memcmp(a, b, n);

	if (c)
		return c < 0 ? -1 : 1;
	return al < bl ? -1 : al > bl ? 1 : 0;
}

/* byte order of single-column keys must follow (or reverse) value order */
static void
order_check(const char *layout, rk_column col, int64_t *ivals, double *fvals, int n, int desc)
{
	rk_layout  *l = parse_ok(layout, &col, 1);
	rk_part_info info;
	int			i,
				j,
				bad = 0;

	if (!l)
		return;
	hbase_rk_part(l, 0, &info);
	CHECK(info.order == (desc ? RK_ORDER_DESC : RK_ORDER_ASC), "%s: order flag %d", layout, info.order);
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
		{
			rk_value	a = fvals ? F(fvals[i]) : I(ivals[i]);
			rk_value	b = fvals ? F(fvals[j]) : I(ivals[j]);
			char	   *ka,
					   *kb;
			const char *err;
			int			la = hbase_rk_encode(l, &a, 0, &ka, &err);
			int			lb = hbase_rk_encode(l, &b, 0, &kb, &err);
			int			vc = fvals ? (fvals[i] < fvals[j] ? -1 : fvals[i] > fvals[j]) :
				(ivals[i] < ivals[j] ? -1 : ivals[i] > ivals[j]);
			int			bc;

			if (la < 0 || lb < 0)
			{
				bad++;
				continue;
			}
			bc = cmpbytes(ka, la, kb, lb);
			if (desc)
				bc = -bc;
			if (bc != vc)
				bad++;
			free(ka);
			free(kb);
		}
	CHECK(bad == 0, "%s: %d pairs out of order", layout, bad);
	hbase_rk_free(l);
}

int
main(void)
{
	/* rowkey_extra 'ignore': bytes after a fixed-width last part left out (a Phoenix view's row) */
	{
		rk_column	cols[] = {{"tid", RK_TEXT, 0}, {"id", RK_INT, 4}};
		rk_layout  *l = parse_ok("tid + \"\\x00\" + sortable(int(id))", cols, 2);
		rk_layout  *v = parse_ok("tid", cols, 1);
		rk_layout  *s = parse_ok("salt(3) + tid + \"\\x00\" + sortable(int(id))", cols, 2);
		rk_value	back[2];
		const char *err = NULL;

		CHECK(hbase_rk_decode(l, "t1\x00\x80\x00\x00\x01x", 8, back, &err) < 0 && err &&
			  strstr(err, "1 bytes more"), "extra bytes refused by default (%s)", err ? err : "accepted");
		free((void *) back[0].s);	/* decoded before the refusal */
		CHECK(hbase_rk_allow_extra(l) == 1, "a fixed-width last part takes extra bytes");
		err = NULL;
		CHECK(hbase_rk_decode(l, "t1\x00\x80\x00\x00\x01xy", 9, back, &err) == 0 &&
			  back[1].i == 1 && back[0].len == 2, "extra bytes left out (%s)", err ? err : "ok");
		free((void *) back[0].s);
		CHECK(hbase_rk_decode(l, "t1\x00\x80\x00\x00\x02", 7, back, &err) == 0 && back[1].i == 2,
			  "a key without extra bytes still decodes");
		free((void *) back[0].s);
		err = NULL;
		CHECK(hbase_rk_decode(l, "t1\x00\x80\x00", 5, back, &err) < 0 && err,
			  "a short key is still refused");
		free((void *) back[0].s);
		CHECK(hbase_rk_allow_extra(v) == 0, "a variable-width last part takes the rest: no extra bytes");
		/* a salted key with extra bytes: its salt is over all of them, not checked */
		CHECK(hbase_rk_allow_extra(s) == 1, "salted layout takes extra bytes");
		err = NULL;
		CHECK(hbase_rk_decode(s, "\x02t1\x00\x80\x00\x00\x01xy", 10, back, &err) == 0 && back[1].i == 1,
			  "salted key with extra bytes decodes (%s)", err ? err : "ok");
		free((void *) back[0].s);
		hbase_rk_free(l);
		hbase_rk_free(v);
		hbase_rk_free(s);
	}
	/* S2/S3: ad report */
	{
		rk_column	cols[] = {{"company_id", RK_INT, 4}, {"stat_date", RK_DATE, 0}, {"campaign_id", RK_INT, 4}};
		rk_layout  *l = parse_ok("left(md5(company_id + stat_date), 5) + lpad(company_id, 6) + "
								 "date(stat_date, \"yyyyMMdd\") + [lpad(campaign_id, 6)]", cols, 3);
		/* 2024-03-01 = day 19783; md5("10000120240301")[:5] = d4c40 (Python) */
		rk_value	v1[] = {I(100001), I(19783), I(100011)};
		rk_value	v2[] = {I(100001), I(19783), N()};
		rk_value	v3[] = {I(100001), N(), I(5)};
		rk_value	v4[] = {I(-5), I(19783), N()};
		rk_value	v5[] = {I(1000000), I(19783), N()};

		if (l)
		{
			roundtrip(l, 3, v1, NULL, 0, 0);
			roundtrip(l, 3, v2, "d4c4010000120240301", 19, 0);
			encode_bad(l, v3, "\"stat_date\" is NULL");
			encode_bad(l, v4, "negative value -5");
			encode_bad(l, v5, "longer than the 6 bytes");
			{
				rk_value	v6[] = {I(100001), I(19783), I(1234567)};

				encode_bad(l, v6, "longer than the 6 bytes");
			}
			CHECK(hbase_rk_nparts(l) == 4, "nparts %d", hbase_rk_nparts(l));
			hbase_rk_free(l);
		}
	}
	/* S4: md5(phone)[0:3] + phone + yyyyMMddHHmmss + uid; md5("18601134210")[:3] = f15 */
	{
		rk_column	cols[] = {{"phone", RK_TEXT, 0}, {"start_time", RK_TIMESTAMP, 0}, {"uid", RK_TEXT, 0}};
		rk_layout  *l = parse_ok("substr(md5(phone), 0, 3) + fixed(phone, 11) + date(start_time, 'yyyyMMddHHmmss') + uid",
								 cols, 3);
		/* 2014-06-24 23:45:31 UTC = 1403653531 s */
		rk_value	v[] = {S("18601134210"), I(INT64_C(1403653531) * 1000000), S("f059b84aba2e6095")};
		const char *want = "f1518601134210" "20140624234531" "f059b84aba2e6095";

		if (l)
		{
			roundtrip(l, 3, v, want, (int) strlen(want), 0);
			{
				rk_value	w[] = {S("186011342"), I(0), S("x")};

				encode_bad(l, w, "has 9 bytes where its key part holds 11");
			}
			{
				rk_value	w[] = {S("18601134210"), I(1500000), S("x")};

				encode_bad(l, w, "more precision than the pattern");
			}
			hbase_rk_free(l);
		}
	}
	/* a pattern coarser than its column: a value inside the month is refused, a bound rounds down */
	{
		rk_column	cols[] = {{"d", RK_DATE, 0}};
		rk_layout  *l = parse_ok("date(d, 'yyyyMM')", cols, 1);

		if (l)
		{
			rk_value	first[] = {I(19783)};	/* 2024-03-01 */
			rk_value	second[] = {I(19784)};	/* 2024-03-02 */
			rk_value	bc[] = {I(-719527)};	/* 0000-01-02 (1 BC; year 0 has 366 days) */
			char	   *enc = NULL;
			const char *err = NULL;
			int			floored = 0;
			int			n;

			roundtrip(l, 1, first, "202403", 6, 0);
			encode_bad(l, second, "more precision than the pattern");
			n = hbase_rk_encode_bound(l, 0, &second[0], &enc, &err, &floored);
			CHECK(n == 6 && memcmp(enc, "202403", 6) == 0 && floored == 1,
				  "bound 2024-03-02 on yyyyMM: %s floored %d", n >= 0 ? hex(enc, n) : err, floored);
			free(enc);
			enc = NULL;
			floored = 0;
			n = hbase_rk_encode_bound(l, 0, &bc[0], &enc, &err, &floored);
			CHECK(n == 6 && memcmp(enc, "000001", 6) == 0 && floored == 1,
				  "bound 0000-01-02 on yyyyMM: %s floored %d", n >= 0 ? hex(enc, n) : err, floored);
			free(enc);
			enc = NULL;
			floored = 0;
			n = hbase_rk_encode_bound(l, 0, &first[0], &enc, &err, &floored);
			CHECK(n == 6 && floored == 0, "bound 2024-03-01 on yyyyMM is exact");
			free(enc);
			hbase_rk_free(l);
		}
	}
	{
		rk_column	cols[] = {{"t", RK_TIMESTAMP, 0}};
		rk_layout  *l = parse_ok("sortable(long(epoch(t)))", cols, 1);

		if (l)
		{
			rk_value	half[] = {I(-500000)};	/* 1969-12-31 23:59:59.5 */
			rk_value	minus1[] = {I(-1000000)};
			char	   *enc = NULL,
					   *want = NULL;
			const char *err = NULL;
			int			floored = 0;
			int			n;

			encode_bad(l, half, "more precision than epoch() keeps");
			n = hbase_rk_encode_bound(l, 0, &half[0], &enc, &err, &floored);
			CHECK(n == 8 && floored == 1 && hbase_rk_encode(l, minus1, 0, &want, &err) == 8 &&
				  memcmp(enc, want, 8) == 0, "bound -0.5 s on epoch rounds down to -1 s");
			free(enc);
			free(want);
			hbase_rk_free(l);
		}
	}
	/* S5: reversed phone */
	{
		rk_column	cols[] = {{"phone", RK_TEXT, 0}};
		rk_layout  *l = parse_ok("reverse(phone)", cols, 1);
		rk_value	v[] = {S("18601134210")};
		rk_value	u[] = {S("ключ-日本")};

		if (l)
		{
			roundtrip(l, 1, v, "01243110681", 11, 0);
			roundtrip(l, 1, u, "本日-чюлк", (int) strlen("本日-чюлк"), 0);
			hbase_rk_free(l);
		}
	}
	/* S6: reverse(lpad(uid)) + inverted millis, text and binary */
	{
		rk_column	cols[] = {{"user_id", RK_INT, 8}, {"ts", RK_TIMESTAMP, 0}};
		rk_layout  *l = parse_ok("reverse(lpad(user_id, 10)) + (Long.MAX_VALUE - epoch_ms(ts))", cols, 2);
		rk_layout  *b = parse_ok("reverse(lpad(user_id, 10)) + long(Long.MAX_VALUE - epoch_ms(ts))", cols, 2);
		rk_value	v[] = {I(12345), I(INT64_C(1709214301500) * 1000)};
		/* 9223372036854775807 - 1709214301500 = 9223370327640474307 */
		const char *want = "5432100000" "9223370327640474307";
		rk_part_info pi;

		if (l && b)
		{
			roundtrip(l, 2, v, want, (int) strlen(want), 0);
			roundtrip(b, 2, v, "5432100000\x7f\xff\xfe\x72\x0a\xe3\x82\xc3", 18, 0);
			hbase_rk_part(l, 1, &pi);
			CHECK(pi.order == RK_ORDER_DESC && pi.width == 19, "S6 inverted part: order %d width %d", pi.order, pi.width);
			hbase_rk_part(b, 1, &pi);
			CHECK(pi.order == RK_ORDER_DESC && !pi.order_nonneg && pi.width == 8,
				  "S6 binary inverted part: exact order (Long.MAX_VALUE - x is never negative)");
			hbase_rk_part(l, 0, &pi);
			CHECK(pi.order == RK_ORDER_NONE, "reversed part has no order");
			{
				rk_value	w[] = {I(1), I(-1000)};

				encode_bad(l, w, "cannot be inverted");
			}
		}
		hbase_rk_free(l);
		hbase_rk_free(b);
	}
	/* S7: java hash salt; Long.hashCode(1709214301500) = -182682447 -> abs % 5 = 2 */
	{
		rk_column	cols[] = {{"uid", RK_TEXT, 0}, {"ts", RK_TIMESTAMP, 0}, {"seq", RK_INT, 4}};
		rk_layout  *l = parse_ok("salt(5, javahash(epoch_ms(ts))) + fixed(uid, 3) + long(epoch_ms(ts)) + int(seq)", cols, 3);
		rk_value	v[] = {S("abc"), I(INT64_C(1709214301500) * 1000), I(7)};
		const char	want[] = "\x02" "abc" "\x00\x00\x01\x8d\xf5\x1c\x7d\x3c" "\x00\x00\x00\x07";
		rk_part_info pi;

		if (l)
		{
			roundtrip(l, 3, v, want, 16, 0);
			hbase_rk_part(l, 0, &pi);
			CHECK(pi.kind == RK_PART_SALT && pi.salt_buckets == 5 && !pi.salt_random, "salt info");
			hbase_rk_free(l);
		}
		/* String.hashCode("hello") = 99162322 -> % 5 = 2; "ключ" -> 2 */
		{
			rk_column	c1[] = {{"name", RK_TEXT, 0}};

			l = parse_ok("lpad(salt(5, javahash(name)), 2) + name", c1, 1);
			if (l)
			{
				rk_value	a[] = {S("hello")};
				rk_value	b2[] = {S("ключ")};

				roundtrip(l, 1, a, "02hello", 7, 0);
				roundtrip(l, 1, b2, "02ключ", (int) strlen("02ключ"), 0);
				hbase_rk_free(l);
			}
		}
	}
	/* Phoenix salt over the rest: "00000042" -> 3, "00000001" -> 2 (Python) */
	{
		rk_column	cols[] = {{"id", RK_INT, 8}};
		rk_layout  *l = parse_ok("salt(4) + lpad(id, 8)", cols, 1);
		rk_value	a[] = {I(42)};
		rk_value	b[] = {I(1)};

		if (l)
		{
			roundtrip(l, 1, a, "\x03" "00000042", 9, 0);
			roundtrip(l, 1, b, "\x02" "00000001", 9, 0);
			hbase_rk_free(l);
		}
	}
	/* random salt as a letter, delimiter after */
	{
		rk_column	cols[] = {{"name", RK_TEXT, 0}};
		rk_layout  *l = parse_ok("letter(salt(4, random)) + '-' + name", cols, 1);
		rk_value	a[] = {S("foo0003")};
		rk_part_info pi;

		if (l)
		{
			roundtrip(l, 1, a, "c-foo0003", 9, 2);
			hbase_rk_part(l, 0, &pi);
			CHECK(pi.salt_random && pi.salt_buckets == 4, "random salt info");
			hbase_rk_free(l);
		}
	}
	/* S8: bit-reversed ids */
	{
		rk_column	cols[] = {{"id", RK_INT, 8}, {"ts", RK_TIMESTAMP, 0}};
		rk_layout  *l = parse_ok("long(bitreverse(id)) + long(epoch_ms(ts))", cols, 2);
		rk_value	a[] = {I(1), I(0)};
		rk_value	b[] = {I(2), I(1000)};
		rk_value	c[] = {I(INT64_MAX), I(-1000)};

		if (l)
		{
			roundtrip(l, 2, a, "\x80\0\0\0\0\0\0\0" "\0\0\0\0\0\0\0\0", 16, 0);
			roundtrip(l, 2, b, "\x40\0\0\0\0\0\0\0" "\0\0\0\0\0\0\0\x01", 16, 0);
			roundtrip(l, 2, c, NULL, 0, 0);
			hbase_rk_free(l);
		}
	}
	/* hashes: sha1 / sha256 hex and md5 raw bytes of "abc" */
	{
		rk_column	cols[] = {{"t", RK_TEXT, 0}};
		rk_layout  *l1 = parse_ok("left(sha1(t), 8) + t", cols, 1);
		rk_layout  *l2 = parse_ok("left(sha256(t), 6) + t", cols, 1);
		rk_layout  *l3 = parse_ok("left(md5_raw(t), 2) + t", cols, 1);
		rk_value	a[] = {S("abc")};

		if (l1 && l2 && l3)
		{
			roundtrip(l1, 1, a, "a9993e36abc", 11, 0);
			roundtrip(l2, 1, a, "ba7816abc", 9, 0);
			roundtrip(l3, 1, a, "\x90\x01" "abc", 5, 0);
		}
		hbase_rk_free(l1);
		hbase_rk_free(l2);
		hbase_rk_free(l3);
	}
	/* delimited parts, optional trailing text, empty strings, multibyte */
	{
		rk_column	cols[] = {{"region", RK_TEXT, 0}, {"shop_id", RK_INT, 4}, {"sku", RK_TEXT, 0}};
		rk_layout  *l = parse_ok("region + '|' + lpad(shop_id, 5) + '|' + [sku]", cols, 3);
		rk_value	a[] = {S("eu-west"), I(42), S("SKU-1")};
		rk_value	b[] = {S("日本"), I(0), N()};
		rk_value	c[] = {S(""), I(99999), S("")};
		rk_value	d[] = {S("a|b"), I(1), N()};

		if (l)
		{
			roundtrip(l, 3, a, "eu-west|00042|SKU-1", 19, 0);
			roundtrip(l, 3, b, "日本|00000|", (int) strlen("日本|00000|"), 0);
			encode_bad(l, c, "would read back as NULL");
			c[2] = S("x");
			roundtrip(l, 3, c, "|99999|x", 8, 0);
			encode_bad(l, d, "contains the delimiter");
			hbase_rk_free(l);
		}
	}
	/*
	 * A run of nullable trailing key parts, nested groups, with the keys
	 * Phoenix 5.2.1's UPSERT wrote (read raw through REST): the key ends
	 * after the last non-NULL part (and the "\xff" of a DESC one); a NULL
	 * before it is no bytes, followed by "\x00" even where a DESC value has
	 * "\xff" (PTableImpl.newKey, SchemaUtil.getSeparatorByte).
	 */
	{
		rk_column	cols[] = {{"a", RK_TEXT, 0}, {"b", RK_TEXT, 0}, {"c", RK_TEXT, 0}};
		rk_layout  *l = parse_ok("a + [\"\\x00\" + b + [\"\\x00\" + desc(c) + \"\\xff\"]]", cols, 3);
		rk_value	r1[] = {S("nk"), N(), N()};
		rk_value	r2[] = {S("nk"), S("b"), N()};
		rk_value	r3[] = {S("nk"), S("b"), S("c")};
		rk_value	r4[] = {S("nk"), N(), S("c")};
		rk_value	r5[] = {S("nk"), S(""), S("c")};
		rk_value	r6[] = {N(), S("b"), N()};
		rk_value	back[3];
		const char *err = NULL;
		rk_part_info pi;

		if (l)
		{
			roundtrip(l, 3, r1, "nk", 2, 0);
			roundtrip(l, 3, r2, "nk\x00" "b", 4, 0);
			roundtrip(l, 3, r3, "nk\x00" "b\x00\x9c\xff", 7, 0);
			roundtrip(l, 3, r4, "nk\x00\x00\x9c\xff", 6, 0);
			encode_bad(l, r5, "would read back as NULL");
			encode_bad(l, r6, "key column \"a\" is NULL");
			hbase_rk_part(l, 4, &pi);
			CHECK(pi.order == RK_ORDER_DESC, "desc(c) + \\xff in a group: DESC order (%d)", pi.order);
			CHECK(hbase_rk_decode(l, "nk\x00\x00\x9c", 5, back, &err) < 0, "a DESC value without its \\xff");
			free_back(back, 3);
			CHECK(hbase_rk_decode(l, "nk\x00" "b\x00", 5, back, &err) < 0,
				  "a group of nothing but its separator");
			free_back(back, 3);
			/* no writer ends a key with a group of NULLs (Phoenix trims it) */
			CHECK(hbase_rk_decode(l, "nk\x00", 3, back, &err) < 0 && strstr(err, "holds no value"),
				  "a key ending in a group of NULLs: %s", err ? err : "decoded");
			free_back(back, 3);
			hbase_rk_free(l);
		}
	}
	{
		rk_column	cols[] = {{"a", RK_INT, 4}, {"b", RK_TEXT, 0}, {"c", RK_TEXT, 0}, {"d", RK_TEXT, 0}};
		rk_layout  *l = parse_ok("sortable(int(a)) + [desc(b) + \"\\xff\" + [desc(c) + \"\\xff\" + "
								 "[desc(d) + \"\\xff\"]]]", cols, 4);
		rk_value	r1[] = {I(1), N(), N(), N()};
		rk_value	r2[] = {I(2), S("b"), N(), N()};
		rk_value	r3[] = {I(3), N(), S("c"), N()};
		rk_value	r4[] = {I(4), N(), N(), S("d")};
		rk_value	r5[] = {I(5), S("b"), S("c"), N()};
		rk_value	r6[] = {I(6), S("b"), S("c"), S("d")};

		if (l)
		{
			roundtrip(l, 4, r1, "\x80\x00\x00\x01", 4, 0);
			roundtrip(l, 4, r2, "\x80\x00\x00\x02\x9d\xff", 6, 0);
			roundtrip(l, 4, r3, "\x80\x00\x00\x03\x00\x9c\xff", 7, 0);
			roundtrip(l, 4, r4, "\x80\x00\x00\x04\x00\x00\x9b\xff", 8, 0);
			roundtrip(l, 4, r5, "\x80\x00\x00\x05\x9d\xff\x9c\xff", 8, 0);
			roundtrip(l, 4, r6, "\x80\x00\x00\x06\x9d\xff\x9c\xff\x9b\xff", 10, 0);
			hbase_rk_free(l);
		}
	}
	{
		/* ASC and DESC DECIMAL, then a VARBINARY (PXNULL.T4 of the report) */
		rk_column	cols[] = {{"a", RK_TEXT, 0}, {"b", RK_NUMERIC, 0}, {"c", RK_NUMERIC, 0}, {"d", RK_BYTES, 0}};
		rk_layout  *l = parse_ok("a + [\"\\x00\" + phoenix_decimal(b) + [\"\\x00\" + desc(phoenix_decimal(c)) + "
								 "\"\\xff\" + [bytes(d)]]]", cols, 4);
		rk_value	r1[] = {S("a"), N(), N(), N()};
		rk_value	r2[] = {S("b"), S("1"), N(), N()};
		rk_value	r3[] = {S("c"), N(), S("1.5"), N()};
		rk_value	r4[] = {S("e"), S("2"), S("2.5"), S("\x01\x02")};
		rk_value	r5[] = {S("f"), N(), N(), S("\x07")};
		rk_value	r6[] = {S("g"), S("3"), N(), S("\x07")};

		if (l)
		{
			roundtrip(l, 4, r1, "a", 1, 0);
			roundtrip(l, 4, r2, "b\x00\xc1\x02", 4, 0);
			roundtrip(l, 4, r3, "c\x00\x00>\xfd\xcc\xff", 7, 0);
			roundtrip(l, 4, r4, "e\x00\xc1\x03\x00>\xfc\xcc\xff\x01\x02", 11, 0);
			roundtrip(l, 4, r5, "f\x00\x00\x00\x07", 5, 0);
			roundtrip(l, 4, r6, "g\x00\xc1\x04\x00\x00\x07", 7, 0);
			hbase_rk_free(l);
		}
	}
	{
		/* a nullable VARCHAR after a fixed-width key column: its group writes nothing */
		rk_column	cols[] = {{"a", RK_INT, 4}, {"b", RK_TEXT, 0}, {"c", RK_TEXT, 0}};
		rk_layout  *l = parse_ok("sortable(int(a)) + [b + [\"\\x00\" + c]]", cols, 3);
		rk_value	r1[] = {I(1), N(), S("c")};
		rk_value	r2[] = {I(1), S("b"), N()};
		rk_value	r3[] = {I(1), N(), N()};

		if (l)
		{
			roundtrip(l, 3, r1, "\x80\x00\x00\x01\x00" "c", 6, 0);
			roundtrip(l, 3, r2, "\x80\x00\x00\x01" "b", 5, 0);
			roundtrip(l, 3, r3, "\x80\x00\x00\x01", 4, 0);
			hbase_rk_free(l);
		}
	}
	{
		/* a fixed-width part cannot be left empty before a later group */
		rk_column	cols[] = {{"a", RK_TEXT, 0}, {"b", RK_INT, 4}, {"c", RK_TEXT, 0}};
		rk_layout  *l = parse_ok("a + [\"-\" + lpad(b, 4) + [\"-\" + c]]", cols, 3);
		rk_value	r1[] = {S("x"), N(), S("c")};
		rk_value	r2[] = {S("x"), I(7), N()};

		if (l)
		{
			encode_bad(l, r1, "key column \"c\" is set but \"b\", before it in the key, is NULL");
			roundtrip(l, 3, r2, "x-0007", 6, 0);
			hbase_rk_free(l);
		}
	}
	/* integer widths: min/max of each, binary and decimal */
	{
		rk_column	c2[] = {{"v", RK_INT, 2}};
		rk_column	c4[] = {{"v", RK_INT, 4}};
		rk_column	c8[] = {{"v", RK_INT, 8}};
		int64_t		e8[] = {0, -1, 1, INT64_MIN, INT64_MAX, INT32_MIN, INT32_MAX, 255, -256};
		int			i;
		rk_layout  *l;

		l = parse_ok("short(v)", c2, 1);
		if (l)
		{
			rk_value	a[] = {I(INT16_MIN)};
			rk_value	b[] = {I(INT16_MAX)};

			roundtrip(l, 1, a, "\x80\x00", 2, 0);
			roundtrip(l, 1, b, "\x7f\xff", 2, 0);
			hbase_rk_free(l);
		}
		l = parse_ok("int(v)", c4, 1);
		if (l)
		{
			rk_value	a[] = {I(-1)};

			roundtrip(l, 1, a, "\xff\xff\xff\xff", 4, 0);
			hbase_rk_free(l);
		}
		l = parse_ok("long(v)", c8, 1);
		for (i = 0; l && i < 9; i++)
		{
			rk_value	a[] = {I(e8[i])};

			roundtrip(l, 1, a, NULL, 0, 0);
		}
		hbase_rk_free(l);
		l = parse_ok("v", c8, 1);
		for (i = 0; l && i < 9; i++)
		{
			rk_value	a[] = {I(e8[i])};

			roundtrip(l, 1, a, NULL, 0, 0);
		}
		hbase_rk_free(l);
		l = parse_ok("sortable(long(v))", c8, 1);
		for (i = 0; l && i < 9; i++)
		{
			rk_value	a[] = {I(e8[i])};

			roundtrip(l, 1, a, NULL, 0, 0);
		}
		hbase_rk_free(l);
		/* desc(): Phoenix's BIGINT DESC bytes (PLong.toBytes(v, SortOrder.DESC)) */
		l = parse_ok("desc(sortable(long(v)))", c8, 1);
		for (i = 0; l && i < 9; i++)
		{
			rk_value	a[] = {I(e8[i])};

			roundtrip(l, 1, a, NULL, 0, 0);
		}
		if (l)
		{
			rk_value	a[] = {I(42)};
			char	   *k;
			const char *err;
			int			len = hbase_rk_encode(l, a, 0, &k, &err);

			CHECK(len == 8 && memcmp(k, "\x7f\xff\xff\xff\xff\xff\xff\xd5", 8) == 0,
				  "desc(sortable(long(42))) is Phoenix's 7fffffffffffffd5");
			if (len >= 0)
				free(k);
		}
		hbase_rk_free(l);
	}
	/*
	 * desc(text): Phoenix's VARCHAR DESC, every byte inverted and "\xff"
	 * after it; keys sort in reverse value order, a value after its
	 * extensions ("ab" before "a").
	 */
	{
		rk_column	cols[] = {{"name", RK_TEXT, 0}, {"id", RK_INT, 4}};
		const char *names[] = {"", "a", "ab", "abc", "abd", "b", "ba", "z", "\xc3\xa9", "\xe2\x82\xac", "\x7f"};
		int			nn = 11;
		rk_layout  *l = parse_ok("desc(name) + \"\\xff\" + lpad(id, 4)", cols, 2);
		rk_part_info pi;
		int			i,
					j,
					bad = 0;

		if (l)
		{
			rk_value	a[] = {S("ab"), I(7)};

			hbase_rk_part(l, 0, &pi);
			CHECK(pi.order == RK_ORDER_DESC && pi.width < 0 && !pi.plain_text,
				  "desc(name) before \\xff: DESC order (%d)", pi.order);
			roundtrip(l, 2, a, "\x9e\x9d\xff" "0007", 7, 0);
		}
		for (i = 0; l && i < nn; i++)
		{
			rk_value	a[] = {S(names[i]), I(i)};

			roundtrip(l, 2, a, NULL, 0, 0);
			for (j = 0; j < nn; j++)
			{
				rk_value	va[] = {S(names[i]), I(1)};
				rk_value	vb[] = {S(names[j]), I(1)};
				char	   *ka,
						   *kb;
				const char *err;
				int			la = hbase_rk_encode(l, va, 0, &ka, &err);
				int			lb = hbase_rk_encode(l, vb, 0, &kb, &err);
				int			vc = strcmp(names[i], names[j]);

				vc = vc < 0 ? -1 : vc > 0;
				if (la < 0 || lb < 0 || -cmpbytes(ka, la, kb, lb) != vc)
					bad++;
				if (la >= 0)
					free(ka);
				if (lb >= 0)
					free(kb);
			}
		}
		CHECK(bad == 0, "desc(name) + \\xff: %d pairs out of reverse order", bad);
		hbase_rk_free(l);
		/* last, or before a delimiter below 0xff: decodable, but no order */
		l = parse_ok("lpad(id, 4) + desc(name)", cols, 2);
		if (l)
		{
			rk_value	a[] = {S("ab"), I(7)};

			hbase_rk_part(l, 1, &pi);
			CHECK(pi.order == RK_ORDER_NONE, "desc(name) last: no order (%d)", pi.order);
			roundtrip(l, 2, a, "0007\x9e\x9d", 6, 0);
		}
		hbase_rk_free(l);
		l = parse_ok("desc(name) + \"\\x00\" + lpad(id, 4)", cols, 2);
		if (l)
		{
			hbase_rk_part(l, 0, &pi);
			CHECK(pi.order == RK_ORDER_NONE, "desc(name) before \\x00: no order (%d)", pi.order);
		}
		hbase_rk_free(l);
		/*
		 * "\xff" opening an optional group: a key without the group ends
		 * right after the name, "ab" before "abc" (the differential test
		 * found ORDER BY name DESC returned so)
		 */
		l = parse_ok("desc(name) + [\"\\xff\" + lpad(id, 4)]", cols, 2);
		if (l)
		{
			hbase_rk_part(l, 0, &pi);
			CHECK(pi.order == RK_ORDER_NONE, "desc(name) before an optional \\xff group: no order (%d)", pi.order);
		}
		hbase_rk_free(l);
		l = parse_ok("desc(name) + \"\\xff\" + [lpad(id, 4)]", cols, 2);
		if (l)
		{
			hbase_rk_part(l, 0, &pi);
			CHECK(pi.order == RK_ORDER_DESC, "desc(name) + \\xff before an optional group: DESC order (%d)", pi.order);
		}
		hbase_rk_free(l);
	}
	{
		rk_column	cols[] = {{"b", RK_BYTES, 0}, {"id", RK_INT, 4}};

		parse_bad("desc(b) + \"\\xff\" + lpad(id, 4)", cols, 2, "desc() takes a part of fixed width", 0);
	}
	/*
	 * phoenix_decimal(): Phoenix's DECIMAL bytes (PDecimal.toBytes, from
	 * tests/PhoenixOracle.java), text round trip, numeric order
	 */
	{
		struct
		{
			const char *text;
			const char *hexbytes;
		}			dec[] = {
			{"-99999999999999999999999999999999999999", "2c0202020202020202020202020202020202020266"},
			{"-123456", "3c59432d66"}, {"-100", "3d6466"}, {"-2.5", "3e633366"}, {"-2", "3e6366"},
			{"-1.5", "3e643366"}, {"-0.5", "3f3366"}, {"-0.001", "405b66"},
			{"-0.000000000000000000000000000001", "4d6466"}, {"0", "80"},
			{"0.000000000000000000000000000001", "b202"}, {"0.001", "bf0b"}, {"0.1", "c00b"},
			{"0.5", "c033"}, {"1.5", "c10233"}, {"1.505", "c1023333"}, {"1.55", "c10238"},
			{"2", "c103"}, {"10", "c10b"}, {"99", "c164"}, {"99.5", "c16433"}, {"100", "c202"},
			{"123456", "c30d2339"}, {"12345678901234567890.123456789", "ca0d23394f5b0d23394f5b0d23394f5b"},
			{"99999999999999999999999999999999999999", "d364646464646464646464646464646464646464"}};
		int			nd = sizeof(dec) / sizeof(dec[0]);
		unsigned char b[RK_PHX_DECIMAL_MAX],
					prev[RK_PHX_DECIMAL_MAX];
		char		txt[RK_DEC_TEXT_MAX];
		int			i,
					n,
					prevn = 0;
		rk_column	cols[] = {{"d", RK_NUMERIC, 0}, {"id", RK_INT, 4}};
		rk_layout  *l;

		for (i = 0; i < nd; i++)
		{
			n = hbase_rk_phoenix_decimal(dec[i].text, strlen(dec[i].text), b);
			CHECK(n > 0 && strcmp(hex((char *) b, n), dec[i].hexbytes) == 0,
				  "phoenix_decimal(%s) = %s, Phoenix writes %s", dec[i].text, n > 0 ? hex((char *) b, n) : "error", dec[i].hexbytes);
			CHECK(n > 0 && hbase_rk_phoenix_decimal_text(b, n, txt) > 0 && strcmp(txt, dec[i].text) == 0,
				  "Phoenix DECIMAL %s reads back as %s", dec[i].text, n > 0 ? txt : "?");
			CHECK(i == 0 || cmpbytes((char *) prev, prevn, (char *) b, n) < 0,
				  "phoenix_decimal: %s sorts after %s", dec[i].text, dec[i - 1].text);
			memcpy(prev, b, n > 0 ? n : 0);
			prevn = n;
		}
		/* numeric_out's other spellings, and what Phoenix cannot hold */
		n = hbase_rk_phoenix_decimal("001.500", 7, b);
		CHECK(n == 3 && memcmp(b, "\xc1\x02\x33", 3) == 0, "001.500 is 1.5's bytes");
		CHECK(hbase_rk_phoenix_decimal("-0.000", 6, b) == 1 && b[0] == 0x80, "-0.000 is zero");
		CHECK(hbase_rk_phoenix_decimal("NaN", 3, b) == RK_DEC_NOT_FINITE, "NaN refused");
		CHECK(hbase_rk_phoenix_decimal("-Infinity", 9, b) == RK_DEC_NOT_FINITE, "-Infinity refused");
		CHECK(hbase_rk_phoenix_decimal("", 0, b) == RK_DEC_NOT_FINITE, "empty refused");
		CHECK(hbase_rk_phoenix_decimal("1234567890123456789012345678901234567890123", 43, b) == RK_DEC_RANGE,
			  "43 digits refused");
		CHECK(hbase_rk_phoenix_decimal_text((const unsigned char *) "\xc1\xff", 2, txt) < 0, "digit 0xff is no DECIMAL");
		CHECK(hbase_rk_phoenix_decimal_text((const unsigned char *) "\xc1", 1, txt) < 0, "no digits is no DECIMAL");
		/* a negative number of zero digits (found by tests/fuzz/fuzz_phoenix.c): zero, not "-0" */
		CHECK(hbase_rk_phoenix_decimal_text((const unsigned char *) "\x03\x65", 2, txt) == 1 &&
			  strcmp(txt, "0") == 0, "negative zero digits read %s", txt);
		/* as a key part before "\x00": round trip, order kept */
		l = parse_ok("phoenix_decimal(d) + \"\\x00\" + sortable(int(id))", cols, 2);
		for (i = 0; l && i < nd; i++)
		{
			rk_value	a[] = {S(dec[i].text), I(i)};

			roundtrip(l, 2, a, NULL, 0, 0);
		}
		if (l)
		{
			rk_part_info pi;

			hbase_rk_part(l, 0, &pi);
			CHECK(pi.order == RK_ORDER_ASC && pi.width < 0, "phoenix_decimal before \\x00: ASC (%d)", pi.order);
		}
		hbase_rk_free(l);
		/* any bytes: a number that encodes back to them, or refused (ASan watches) */
		{
			unsigned int seed = 12345;
			int			k,
						bad = 0;

			for (k = 0; k < 200000; k++)
			{
				unsigned char in[24];
				int			inlen = (seed = seed * 1103515245 + 12345) % 24,
							j,
							tl;

				for (j = 0; j < inlen; j++)
				{
					seed = seed * 1103515245 + 12345;
					/* mostly digit bytes, so that many inputs are numbers */
					in[j] = (seed >> 16) % 4 ? 1 + (seed >> 8) % 102 : (seed >> 16) & 0xff;
				}
				if (inlen > 0 && k % 2)
					in[0] = 0x80 | (in[0] & 0x7f);
				tl = hbase_rk_phoenix_decimal_text(in, inlen, txt);
				/* non-canonical bytes (a leading zero digit) may read as a number too small */
				if (tl >= 0 && (tl >= RK_DEC_TEXT_MAX || (int) strlen(txt) != tl ||
								hbase_rk_phoenix_decimal(txt, tl, b) == RK_DEC_NOT_FINITE))
					bad++;
			}
			CHECK(bad == 0, "phoenix_decimal_text of random bytes: %d texts that are no number", bad);
		}
		parse_bad("d", cols, 2, "a numeric column takes phoenix_decimal(col)", 0);
		parse_bad("phoenix_decimal(bitreverse(id))", cols, 2, "phoenix_decimal() takes a numeric column", 0);
		parse_bad("nullable(sortable(int(id)))", cols, 2, "nullable() takes a part of variable width", 0);
	}
	{
		/*
		 * A Phoenix index's key on a nullable INTEGER (kept as a DECIMAL,
		 * IndexUtil.getIndexColumnDataType), then the data key: a NULL is no
		 * bytes, then "\x00" (IndexMaintainer.buildRowKey); 5 is exponent
		 * 0xc1, digit 5 + 1; -5 the complement, then 102.
		 */
		rk_column	cols[] = {{"s", RK_INT, 4}, {"id", RK_INT, 8}};
		rk_layout  *l = parse_ok("nullable(phoenix_decimal(s)) + \"\\x00\" + sortable(long(id))", cols, 2);
		rk_value	r1[] = {I(5), I(1)};
		rk_value	r2[] = {N(), I(2)};
		rk_value	r3[] = {I(-5), I(3)};
		rk_value	r4[] = {I(2147483647), I(4)};

		if (l)
		{
			roundtrip(l, 2, r1, "\xc1\x06\x00\x80\x00\x00\x00\x00\x00\x00\x01", 11, 0);
			roundtrip(l, 2, r2, "\x00\x80\x00\x00\x00\x00\x00\x00\x02", 9, 0);
			roundtrip(l, 2, r3, "\x3e\x60\x66\x00\x80\x00\x00\x00\x00\x00\x00\x03", 12, 0);
			roundtrip(l, 2, r4, NULL, 0, 0);
			{
				/*
				 * IS NULL's prefix: no bytes, then the "\x00" after them;
				 * a NULL fixed before the data key, but not a NULL data key
				 */
				char	   *key = NULL;
				const char *err = NULL;
				int			n = hbase_rk_encode_prefix(l, r2, 2, RK_BUCKET_COMPUTE, &key, &err);

				CHECK(n == 1 && memcmp(key, "\x00", 1) == 0, "nullable prefix: NULL is \\x00 (%d, %s)",
					  n, err ? err : "");
				free(key);
				key = NULL;
				n = hbase_rk_encode_prefix(l, r2, 3, RK_BUCKET_COMPUTE, &key, &err);
				CHECK(n == 9 && memcmp(key, "\x00\x80\x00\x00\x00\x00\x00\x00\x02", 9) == 0,
					  "nullable prefix: NULL then the data key (%d)", n);
				free(key);
				{
					rk_value	nokey[] = {I(5), N()};

					err = NULL;
					CHECK(hbase_rk_encode_prefix(l, nokey, 3, RK_BUCKET_COMPUTE, &key, &err) < 0 && err &&
						  strstr(err, "is NULL"), "nullable prefix: a NULL NOT NULL part is refused");
				}
			}
			hbase_rk_free(l);
		}
	}
	{
		/*
		 * A nullable DESC VARCHAR in an index's key: a value inverted, then
		 * "\xff"; a NULL no bytes, then "\x00" (SchemaUtil.getSeparatorByte);
		 * the same for a nullable INTEGER DESC
		 */
		rk_column	cols[] = {{"n", RK_TEXT, 0}, {"s", RK_INT, 4}, {"id", RK_INT, 8}};
		rk_layout  *l = parse_ok("nullable(desc(n)) + \"\\xff\" + nullable(desc(phoenix_decimal(s))) + \"\\xff\" + "
								 "sortable(long(id))", cols, 3);
		rk_value	r1[] = {S("ab"), I(5), I(1)};
		rk_value	r2[] = {N(), N(), I(2)};
		rk_value	r3[] = {S("a"), N(), I(3)};

		if (l)
		{
			roundtrip(l, 3, r1, "\x9e\x9d\xff\x3e\xf9\xff\x80\x00\x00\x00\x00\x00\x00\x01", 14, 0);
			roundtrip(l, 3, r2, "\x00\x00\x80\x00\x00\x00\x00\x00\x00\x02", 10, 0);
			roundtrip(l, 3, r3, "\x9e\xff\x00\x80\x00\x00\x00\x00\x00\x00\x03", 11, 0);
			{
				/* IS NULL's prefix of a DESC part: "\x00" in place of the "\xff" */
				char	   *key = NULL;
				const char *err = NULL;
				int			n = hbase_rk_encode_prefix(l, r2, 2, RK_BUCKET_COMPUTE, &key, &err);

				CHECK(n == 1 && memcmp(key, "\x00", 1) == 0, "nullable desc prefix: NULL is \\x00 (%d)", n);
				free(key);
				key = NULL;
				n = hbase_rk_encode_prefix(l, r3, 4, RK_BUCKET_COMPUTE, &key, &err);
				CHECK(n == 3 && memcmp(key, "\x9e\xff\x00", 3) == 0,
					  "nullable desc prefix: a value, then a NULL (%d)", n);
				free(key);
			}
			hbase_rk_free(l);
		}
	}
	/*
	 * Phoenix's TIMESTAMP key: the milliseconds sign-flipped, then the
	 * nanoseconds within them (PTimestamp.toBytes; the row of FDWPHX.TSKEY
	 * Phoenix's UPSERT wrote, sql/phoenix_import.sql)
	 */
	{
		rk_column	cts = {"t", RK_TIMESTAMP, 0};
		int64_t		tv[] = {INT64_MIN, INT64_MIN + 1, INT64_MIN / 2, -1000001, -1000000, -999, -1, 0, 1, 999, 1000, 1001,
		1709287872345000LL, 1709287872345678LL, INT64_MAX / 2, INT64_MAX - 1, INT64_MAX};
		rk_layout  *l = parse_ok("phoenix_timestamp(t)", &cts, 1);
		rk_part_info pi;

		if (l)
		{
			rk_value	a[] = {I(1709287872345000LL)};
			rk_value	b[] = {I(1709287872345678LL)};
			rk_value	m[] = {I(-1)};
			rk_value	mx[] = {I(INT64_MAX)};
			const char *err = NULL;
			rk_value	back[1];

			hbase_rk_part(l, 0, &pi);
			CHECK(pi.width == 12 && pi.order == RK_ORDER_ASC, "phoenix_timestamp: 12 bytes, ASC");
			roundtrip(l, 1, a, "\x80\x00\x01\x8d\xf9\x7f\x17\x59\x00\x00\x00\x00", 12, 0);
			roundtrip(l, 1, b, "\x80\x00\x01\x8d\xf9\x7f\x17\x59\x00\x0a\x58\x70", 12, 0);
			/* one microsecond before 1970: millisecond -1 and 999000 nanoseconds, as Java's Timestamp */
			roundtrip(l, 1, m, "\x7f\xff\xff\xff\xff\xff\xff\xff\x00\x0f\x3e\x58", 12, 0);
			CHECK(hbase_rk_decode(l, "\x80\x00\x01\x8d\xf9\x7f\x17\x59\x00\x0a\x58\x71", 12, back, &err) < 0 &&
				  err && strstr(err, "whole microseconds"), "phoenix_timestamp: 678001 ns refused (%s)", err ? err : "accepted");
			err = NULL;
			CHECK(hbase_rk_decode(l, "\x80\x00\x01\x8d\xf9\x7f\x17\x59\x00\x0f\x42\x40", 12, back, &err) < 0 &&
				  err, "phoenix_timestamp: 1000000 ns refused");
			err = NULL;
			CHECK(hbase_rk_decode(l, "\xff\xff\xff\xff\xff\xff\xff\xff\x00\x00\x00\x00", 12, back, &err) < 0 &&
				  err && strstr(err, "out of range"), "phoenix_timestamp: Long.MAX_VALUE ms refused");
			/* Long.MAX_VALUE microseconds (294247-01-10 04:00:54.775807) is the last one in range */
			roundtrip(l, 1, mx, "\x80\x20\xc4\x9b\xa5\xe3\x53\xf7\x00\x0c\x50\x58", 12, 0);
			err = NULL;
			CHECK(hbase_rk_decode(l, "\x80\x20\xc4\x9b\xa5\xe3\x53\xf7\x00\x0c\x54\x40", 12, back, &err) < 0 &&
				  err && strstr(err, "out of range"), "phoenix_timestamp: one microsecond after Long.MAX_VALUE refused");
			err = NULL;
			CHECK(hbase_rk_decode(l, "\x80\x20\xc4\x9b\xa5\xe3\x53\xf8\x00\x00\x00\x00", 12, back, &err) < 0 &&
				  err && strstr(err, "out of range"), "phoenix_timestamp: the millisecond after Long.MAX_VALUE refused");
		}
		hbase_rk_free(l);
		order_check("phoenix_timestamp(t)", cts, tv, NULL, sizeof(tv) / sizeof(tv[0]), 0);
		/* UNSIGNED_TIMESTAMP: no sign flip, nothing before 1970 */
		l = parse_ok("phoenix_unsigned_timestamp(t)", &cts, 1);
		if (l)
		{
			rk_value	b[] = {I(1709287872345678LL)};
			rk_value	m[] = {I(-1)};
			const char *err = NULL;
			rk_value	back[1];
			int64_t		nn[] = {0, 1, 999, 1000, 1001, 1709287872345000LL, 1709287872345678LL, INT64_MAX / 2, INT64_MAX};

			roundtrip(l, 1, b, "\x00\x00\x01\x8d\xf9\x7f\x17\x59\x00\x0a\x58\x70", 12, 0);
			encode_bad(l, m, "before 1970");
			CHECK(hbase_rk_decode(l, "\x80\x00\x01\x8d\xf9\x7f\x17\x59\x00\x00\x00\x00", 12, back, &err) < 0 &&
				  err && strstr(err, "out of range"), "phoenix_unsigned_timestamp: negative refused");
			order_check("phoenix_unsigned_timestamp(t)", cts, nn, NULL, sizeof(nn) / sizeof(nn[0]), 0);
		}
		hbase_rk_free(l);
		order_check("desc(phoenix_timestamp(t))", cts, tv, NULL, sizeof(tv) / sizeof(tv[0]), 1);
		/*
		 * phoenix_decimal(epoch_ms(t)) of a timestamp: a nullable TIMESTAMP in a
		 * Phoenix index, the DECIMAL of its milliseconds with the microseconds
		 * as a fraction (PDecimal.toObject); the bytes Phoenix 5.2.1 wrote for
		 * 2024-03-01 10:00:00.123987 and for .123008640 (8640 ns, finer than a
		 * microsecond: refused, as a TIMESTAMP cell's are)
		 */
		l = parse_ok("phoenix_decimal(epoch_ms(t))", &cts, 1);
		if (l)
		{
			rk_value	v[] = {I(1709287200123987LL)};
			rk_value	whole[] = {I(1709287200123000LL)};
			rk_value	neg[] = {I(-1500)};
			rk_value	back[1];
			const char *err = NULL;
			unsigned char b[RK_PHX_DECIMAL_MAX];
			int64_t		dv[] = {INT64_MIN + 1, -1709287200123987LL, -1500, -1001, -1000, -999, -500, -1, 0, 1,
			10, 999, 1000, 1001, 1709287200123000LL, 1709287200123987LL, INT64_MAX};
			int			n = hbase_rk_phoenix_decimal("1709287200123", 13, b);

			roundtrip(l, 1, v, "\xc7\x02\x47\x5d\x58\x15\x02\x18\x63\x47", 10, 0);
			/* whole milliseconds: the DECIMAL of the integer, as a DATE's */
			roundtrip(l, 1, whole, (const char *) b, n, 0);
			roundtrip(l, 1, neg, NULL, 0, 0);
			n = hbase_rk_phoenix_decimal("-1.5", 4, b);
			{
				char	   *k = NULL;
				int			kl = hbase_rk_encode(l, neg, 0, &k, &err);

				CHECK(kl == n && memcmp(k, b, n) == 0, "epoch_ms of -1500 us is the DECIMAL -1.5 (%s)", hex(k, kl));
				free(k);
			}
			CHECK(hbase_rk_decode(l, "\xc7\x02\x47\x5d\x58\x15\x02\x18\x01\x57\x29", 11, back, &err) < 0 &&
				  err && strstr(err, "finer than a microsecond"), "8640 ns refused (%s)", err ? err : "accepted");
			err = NULL;
			n = hbase_rk_phoenix_decimal("100000000000000000000", 21, b);
			CHECK(hbase_rk_decode(l, (const char *) b, n, back, &err) < 0 && err,
				  "1e20 milliseconds refused (%s)", err ? err : "accepted");
			hbase_rk_free(l);
			order_check("phoenix_decimal(epoch_ms(t))", cts, dv, NULL, sizeof(dv) / sizeof(dv[0]), 0);
			order_check("desc(phoenix_decimal(epoch_ms(t))) + \"\\xff\"", cts, dv, NULL, sizeof(dv) / sizeof(dv[0]), 1);
		}
		{
			rk_column	cols[] = {{"t", RK_DATE, 0}, {"n", RK_INT, 8}};

			parse_bad("phoenix_timestamp(t)", cols, 2, "phoenix_timestamp() takes a timestamp", 0);
			parse_bad("phoenix_timestamp(n)", cols, 2, "phoenix_timestamp() takes a timestamp", 0);
			parse_bad("phoenix_timestamp(epoch_ms(t))", cols, 2, "phoenix_timestamp() takes a timestamp", 0);
		}
	}
	/*
	 * A nullable BOOLEAN in a Phoenix index's key: the DECIMAL 1 or 0
	 * (IndexUtil.getIndexColumnDataType, PDecimal.toObject: BigDecimal.ONE,
	 * ZERO), 0 sorting first; a NULL no bytes, then "\x00"; DESC inverted,
	 * then "\xff"
	 */
	{
		rk_column	cols[] = {{"b", RK_BOOL, 1}, {"id", RK_INT, 8}};
		rk_layout  *l = parse_ok("nullable(phoenix_decimal(b)) + \"\\x00\" + sortable(long(id))", cols, 2);
		rk_value	t[] = {I(1), I(1)};
		rk_value	f[] = {I(0), I(2)};
		rk_value	n[] = {N(), I(3)};

		if (l)
		{
			roundtrip(l, 2, t, "\xc1\x02\x00\x80\x00\x00\x00\x00\x00\x00\x01", 11, 0);
			roundtrip(l, 2, f, "\x80\x00\x80\x00\x00\x00\x00\x00\x00\x02", 10, 0);
			roundtrip(l, 2, n, "\x00\x80\x00\x00\x00\x00\x00\x00\x03", 9, 0);
			hbase_rk_free(l);
		}
		l = parse_ok("nullable(desc(phoenix_decimal(b))) + \"\\xff\" + sortable(long(id))", cols, 2);
		if (l)
		{
			roundtrip(l, 2, t, "\x3e\xfd\xff\x80\x00\x00\x00\x00\x00\x00\x01", 11, 0);
			roundtrip(l, 2, n, "\x00\x80\x00\x00\x00\x00\x00\x00\x03", 9, 0);
			hbase_rk_free(l);
		}
		parse_bad("phoenix_decimal(boolean(b))", cols, 2, "phoenix_decimal() takes", 0);
	}
	/* Phoenix's BOOLEAN key (one byte, 0 or 1), TINYINT (a smallint column in byte(x)) */
	{
		rk_column	cols[] = {{"b", RK_BOOL, 1}, {"id", RK_INT, 2}};
		rk_column	cb = {"b", RK_BOOL, 1};
		int64_t		bv[] = {0, 1};
		rk_layout  *l = parse_ok("boolean(b) + sortable(byte(id))", cols, 2);
		const char *err = NULL;
		rk_value	back[2];

		if (l)
		{
			rk_value	t[] = {I(1), I(-128)};
			rk_value	f[] = {I(0), I(127)};
			rk_value	big[] = {I(1), I(128)};

			roundtrip(l, 2, t, "\x01\x00", 2, 0);
			roundtrip(l, 2, f, "\x00\xff", 2, 0);
			encode_bad(l, big, "value 128 of column \"id\" does not fit in 1 bytes");
			CHECK(hbase_rk_decode(l, "\x02\x80", 2, back, &err) < 0 && err && strstr(err, "not a boolean"),
				  "boolean: byte 0x02 refused (%s)", err ? err : "accepted");
		}
		hbase_rk_free(l);
		l = parse_ok("desc(boolean(b)) + desc(sortable(byte(id)))", cols, 2);
		if (l)
		{
			rk_value	t[] = {I(1), I(5)};

			/* Phoenix's BOOLEAN DESC: true 0xfe, false 0xff */
			roundtrip(l, 2, t, "\xfe\x7a", 2, 0);
		}
		hbase_rk_free(l);
		order_check("boolean(b)", cb, bv, NULL, 2, 0);
		order_check("desc(boolean(b))", cb, bv, NULL, 2, 1);
		parse_bad("b + sortable(byte(id))", cols, 2, "a boolean column takes boolean(col)", 0);
		parse_bad("boolean(id)", cols, 2, "boolean() takes a boolean column", 0);
		parse_bad("lpad(b, 2)", cols, 2, "a boolean column takes boolean(col)", -1);
	}
	/* Phoenix's DECIMAL DESC: the DECIMAL's bytes inverted, then "\xff" */
	{
		const char *dv[] = {"-123456", "-100", "-2.5", "-2", "-1.5", "-0.5", "-0.001", "0", "0.001",
		"0.5", "1.5", "1.505", "1.55", "2", "10", "99.5", "100", "123456"};
		int			nd = sizeof(dv) / sizeof(dv[0]),
					i,
					j,
					bad = 0;
		rk_column	cols[] = {{"d", RK_NUMERIC, 0}, {"id", RK_INT, 4}};
		rk_layout  *l = parse_ok("desc(phoenix_decimal(d)) + \"\\xff\" + sortable(int(id))", cols, 2);
		rk_part_info pi;
		const char *err = NULL;

		if (l)
		{
			rk_value	a[] = {S("1.5"), I(7)};

			hbase_rk_part(l, 0, &pi);
			CHECK(pi.order == RK_ORDER_DESC && pi.width < 0, "desc(phoenix_decimal) before \\xff: DESC (%d)", pi.order);
			/* 1.5 is c1 02 33: inverted 3e fd cc */
			roundtrip(l, 2, a, "\x3e\xfd\xcc\xff\x80\x00\x00\x07", 8, 0);
			for (i = 0; i < nd; i++)
				for (j = 0; j < nd; j++)
				{
					rk_value	va[] = {S(dv[i]), I(1)};
					rk_value	vb[] = {S(dv[j]), I(1)};
					char	   *ka,
							   *kb;
					int			la = hbase_rk_encode(l, va, 0, &ka, &err),
								lb = hbase_rk_encode(l, vb, 0, &kb, &err);

					if (i == 0)
						roundtrip(l, 2, vb, NULL, 0, 0);
					/* dv is in ascending order: the keys descend */
					if (la < 0 || lb < 0 || cmpbytes(ka, la, kb, lb) != (i < j ? 1 : i > j ? -1 : 0))
						bad++;
					if (la >= 0)
						free(ka);
					if (lb >= 0)
						free(kb);
				}
			CHECK(bad == 0, "desc(phoenix_decimal) + \\xff: %d pairs out of reverse order", bad);
		}
		hbase_rk_free(l);
		l = parse_ok("sortable(int(id)) + desc(phoenix_decimal(d))", cols, 2);
		if (l)
		{
			hbase_rk_part(l, 1, &pi);
			CHECK(pi.order == RK_ORDER_NONE, "desc(phoenix_decimal) last: no order (%d)", pi.order);
		}
		hbase_rk_free(l);
	}
	/* uint(x, n): unsigned big-endian of any width, exact order, no negatives */
	{
		rk_column	c8 = {"v", RK_INT, 8};
		rk_column	c4 = {"v", RK_INT, 4};
		rk_column	cts = {"t", RK_TIMESTAMP, 0};
		int64_t		u3[] = {0, 1, 127, 128, 255, 256, 65535, 65536, 8388607, 8388608, 16777215};
		int64_t		u8[] = {0, 1, 255, 256, 4294967295LL, 4294967296LL, INT64_MAX};
		rk_layout  *l = parse_ok("uint(v, 3)", &c8, 1);
		rk_part_info pi;
		int			i;

		for (i = 0; l && i < 11; i++)
		{
			rk_value	a[] = {I(u3[i])};

			roundtrip(l, 1, a, NULL, 0, 0);
		}
		if (l)
		{
			rk_value	a[] = {I(16777215)};
			rk_value	b[] = {I(16777216)};
			rk_value	neg[] = {I(-1)};
			rk_value	back[1];
			const char *err;

			roundtrip(l, 1, a, "\xff\xff\xff", 3, 0);
			encode_bad(l, b, "does not fit in 3 bytes");
			encode_bad(l, neg, "value -1 of column \"v\" does not fit in 3 bytes");
			hbase_rk_part(l, 0, &pi);
			CHECK(pi.order == RK_ORDER_ASC && !pi.order_nonneg && pi.width == 3, "uint(v, 3): exact order");
			CHECK(hbase_rk_decode(l, "\x00\x01", 2, back, &err) != 0, "uint(v, 3): short key refused");
			hbase_rk_free(l);
		}
		order_check("uint(v, 3)", c8, u3, NULL, 11, 0);
		order_check("uint(v, 8)", c8, u8, NULL, 7, 0);
		order_check("uint(Long.MAX_VALUE - v, 8)", c8, u8, NULL, 7, 1);
		l = parse_ok("uint(v, 4)", &c4, 1);
		if (l)
		{
			rk_value	back[1];
			const char *err;

			/* 4-byte unsigned above INT32_MAX is no integer */
			CHECK(hbase_rk_decode(l, "\x80\x00\x00\x00", 4, back, &err) != 0 &&
				  strstr(err, "out of range"), "uint(v, 4) into integer: 2^31 refused");
			hbase_rk_free(l);
		}
		l = parse_ok("uint(v, 8)", &c8, 1);
		if (l)
		{
			rk_value	back[1];
			const char *err = NULL;

			CHECK(hbase_rk_decode(l, "\x80\x00\x00\x00\x00\x00\x00\x00", 8, back, &err) != 0 &&
				  err && strstr(err, "above 9223372036854775807"), "uint(v, 8): 2^63 refused");
			hbase_rk_free(l);
		}
		l = parse_ok("uint(epoch(t), 4)", &cts, 1);
		if (l)
		{
			rk_value	a[] = {I(INT64_C(1709214301) * 1000000)};

			roundtrip(l, 1, a, "\x65\xe0\x8a\x5d", 4, 0);
			hbase_rk_free(l);
		}
		parse_bad("uint(v, 9)", &c8, 1, "the width of uint() must be a number from 1 to 8", 8);
		parse_bad("uint(v)", &c8, 1, "uint() takes (integer, width in bytes 1-8)", 0);
	}
	/*
	 * OpenTSDB salt: Arrays.hashCode of the metric and tag bytes (not the
	 * time) % 20; buckets computed in Python: 000001000001000001 -> 8,
	 * ffffff... -> 14 (negative hash), 800000ffffff123456 -> 12
	 */
	{
		rk_column	cols[] = {{"metric", RK_INT, 8}, {"ts", RK_TIMESTAMP, 0}, {"tagk", RK_INT, 8}, {"tagv", RK_INT, 8}};
		rk_layout  *l = parse_ok("salt(20, arrays_hash(metric + tagk + tagv)) + uint(metric, 3) + uint(epoch(ts), 4) + uint(tagk, 3) + uint(tagv, 3)", cols, 4);
		int			cp[4];

		if (l)
		{
			rk_value	a[] = {I(1), I(INT64_C(1709287200) * 1000000), I(1), I(1)};
			rk_value	b[] = {I(16777215), I(0), I(16777215), I(16777215)};
			rk_value	c[] = {I(8388608), I(0), I(16777215), I(0x123456)};
			rk_value	pre[] = {I(1), I(0), {.isnull = 1}, {.isnull = 1}};
			char	   *key;
			const char *err;

			roundtrip(l, 4, a, "\x08\x00\x00\x01\x65\xe1\xa7\x20\x00\x00\x01\x00\x00\x01", 14, 0);
			roundtrip(l, 4, b, "\x0e\xff\xff\xff\x00\x00\x00\x00\xff\xff\xff\xff\xff\xff", 14, 0);
			roundtrip(l, 4, c, "\x0c\x80\x00\x00\x00\x00\x00\x00\xff\xff\xff\x12\x34\x56", 14, 0);
			CHECK(hbase_rk_prefix_columns(l, cp, 4) == 3 && cp[0] == 0 && cp[1] == 2 && cp[2] == 3,
				  "arrays_hash salt: prefix columns metric, tagk, tagv");
			/* the tags unknown: no bucket to compute (fan out), but each bucket's prefix */
			CHECK(hbase_rk_encode_prefix(l, pre, 2, RK_BUCKET_COMPUTE, &key, &err) < 0,
				  "arrays_hash salt: not computable without the tags");
			CHECK(hbase_rk_encode_prefix(l, pre, 2, 3, &key, &err) == 4 && memcmp(key, "\x03\x00\x00\x01", 4) == 0,
				  "arrays_hash salt: bucket 3's prefix");
			free(key);
			{
				const char *bad = "\x09\x00\x00\x01\x65\xe1\xa7\x20\x00\x00\x01\x00\x00\x01";
				rk_value	back[4];

				CHECK(hbase_rk_decode(l, bad, 14, back, &err) != 0, "arrays_hash salt: a wrong bucket is refused");
			}
			hbase_rk_free(l);
		}
		parse_bad("salt(20, arrays_hash()) + uint(metric, 3)", cols, 4, "the salt's hash is javahash(x), arrays_hash(parts) or random", -1);
	}
	/* dates around the epoch and far future, timestamps with millis */
	{
		rk_column	cd[] = {{"d", RK_DATE, 0}};
		rk_column	ct[] = {{"t", RK_TIMESTAMP, 0}};
		int64_t		days[] = {0, -1, 1, 19783, 2932896 /* 9999-12-31 */ , -719528 /* 0000-01-01 */ };
		int64_t		us[] = {0, -1000, 1000, INT64_C(253402300799999000) /* 9999-12-31 23:59:59.999 */ };
		int			i;
		rk_layout  *l = parse_ok("date(d, 'yyyy-MM-dd')", cd, 1);

		for (i = 0; l && i < 6; i++)
		{
			rk_value	a[] = {I(days[i])};

			roundtrip(l, 1, a, NULL, 0, 0);
		}
		if (l)
		{
			rk_value	a[] = {I(-1)};

			roundtrip(l, 1, a, "1969-12-31", 10, 0);
		}
		hbase_rk_free(l);
		l = parse_ok("date(t, 'yyyyMMddHHmmssSSS')", ct, 1);
		for (i = 0; l && i < 4; i++)
		{
			rk_value	a[] = {I(us[i])};

			roundtrip(l, 1, a, NULL, 0, 0);
		}
		hbase_rk_free(l);
		l = parse_ok("lpad(epoch(d), 12)", cd, 1);
		hbase_rk_free(l);
		l = parse_ok("long(epoch_ms(t))", ct, 1);
		for (i = 0; l && i < 4; i++)
		{
			rk_value	a[] = {I(us[i])};

			roundtrip(l, 1, a, NULL, 0, 0);
		}
		hbase_rk_free(l);
	}
	/* floats: binary and sortable, with negatives and infinities */
	{
		rk_column	cf[] = {{"f", RK_FLOAT, 8}};
		double		fv[] = {0.0, -1.5, 1.5, -1e300, 1e300, 1e-300, -1e-300, 1.0 / 0.0, -1.0 / 0.0};
		int			i;
		rk_layout  *l = parse_ok("double(f)", cf, 1);

		for (i = 0; l && i < 9; i++)
		{
			rk_value	a[] = {F(fv[i])};

			roundtrip(l, 1, a, NULL, 0, 0);
		}
		hbase_rk_free(l);
		order_check("sortable(double(f))", cf[0], NULL, fv, 9, 0);
	}
	/*
	 * Phoenix's DOUBLE and FLOAT key columns (PDouble/PFloat: the sortable
	 * bits plus one), their DESC forms, UNSIGNED_DOUBLE/UNSIGNED_FLOAT (the
	 * IEEE bits): the bytes are those Phoenix 5.2.1 wrote for UPSERTs into
	 * FDWPV.NUMS, NUMSD and UNUMS (tests/fixtures_phoenix_values.py), read
	 * back through REST.
	 */
	{
		rk_column	cd = {"d", RK_FLOAT, 8};
		rk_column	cr = {"f", RK_FLOAT, 4};
		static const struct
		{
			double		v;
			const char *dbl;	/* DOUBLE */
			const char *flt;	/* FLOAT */
			const char *udbl;	/* UNSIGNED_DOUBLE, NULL: refused */
			const char *ufltd;	/* UNSIGNED_FLOAT DESC */
		}			phx[] = {
			{-5, "\x3f\xec\x00\x00\x00\x00\x00\x00", "\x3f\x60\x00\x00", NULL, NULL},
			{-3.75, "\x3f\xf2\x00\x00\x00\x00\x00\x00", "\x3f\x90\x00\x00", NULL, NULL},
			{-1.5, "\x40\x08\x00\x00\x00\x00\x00\x00", "\x40\x40\x00\x00", NULL, NULL},
			{0.0, "\x80\x00\x00\x00\x00\x00\x00\x01", "\x80\x00\x00\x01", "\x00\x00\x00\x00\x00\x00\x00\x00", "\xff\xff\xff\xff"},
			{0.25, "\xbf\xd0\x00\x00\x00\x00\x00\x01", "\xbe\x80\x00\x01", "\x3f\xd0\x00\x00\x00\x00\x00\x00", "\xc1\x7f\xff\xff"},
			{1.5, "\xbf\xf8\x00\x00\x00\x00\x00\x01", "\xbf\xc0\x00\x01", "\x3f\xf8\x00\x00\x00\x00\x00\x00", "\xc0\x3f\xff\xff"},
			{5, "\xc0\x14\x00\x00\x00\x00\x00\x01", "\xc0\xa0\x00\x01", "\x40\x14\x00\x00\x00\x00\x00\x00", "\xbf\x5f\xff\xff"},
		};
		double		ord[] = {-1.0 / 0.0, -1e300, -3.75, -1.5, -1e-300, 0.0, 1e-300, 1.5, 1e300, 1.0 / 0.0};
		double		ordf[] = {-1.0 / 0.0, -3e38, -3.75, -1.5, -1e-30, 0.0, 1e-30, 1.5, 3e38, 1.0 / 0.0};
		rk_layout  *ld = parse_ok("phoenix_double(d)", &cd, 1);
		rk_layout  *ldd = parse_ok("desc(phoenix_double(d))", &cd, 1);
		rk_layout  *lf = parse_ok("phoenix_float(f)", &cr, 1);
		rk_layout  *lud = parse_ok("phoenix_unsigned_double(d)", &cd, 1);
		rk_layout  *luf = parse_ok("desc(phoenix_unsigned_float(f))", &cr, 1);
		rk_part_info pi;
		size_t		i;

		for (i = 0; ld && ldd && lf && lud && luf && i < sizeof(phx) / sizeof(phx[0]); i++)
		{
			rk_value	a[] = {F(phx[i].v)};
			char		desc[8];
			int			j;

			roundtrip(ld, 1, a, phx[i].dbl, 8, 0);
			for (j = 0; j < 8; j++)
				desc[j] = (char) ~phx[i].dbl[j];
			roundtrip(ldd, 1, a, desc, 8, 0);
			roundtrip(lf, 1, a, phx[i].flt, 4, 0);
			if (phx[i].udbl)
			{
				roundtrip(lud, 1, a, phx[i].udbl, 8, 0);
				roundtrip(luf, 1, a, phx[i].ufltd, 4, 0);
			}
			else
			{
				encode_bad(lud, a, "a Phoenix UNSIGNED_DOUBLE cannot hold it");
				encode_bad(luf, a, "a Phoenix UNSIGNED_FLOAT cannot hold it");
			}
		}
		/* NaN is Java's one NaN; -0 and +0 differ by one; the bytes sort as the numbers */
		{
			rk_value	nan[] = {F(0.0 / 0.0)};
			rk_value	nz[] = {F(-0.0)};
			rk_value	back[1];
			const char *err = NULL;

			roundtrip(ld, 1, nan, "\xff\xf8\x00\x00\x00\x00\x00\x01", 8, 0);
			roundtrip(lf, 1, nan, "\xff\xc0\x00\x01", 4, 0);
			roundtrip(ld, 1, nz, "\x80\x00\x00\x00\x00\x00\x00\x00", 8, 0);
			/* -0 as UNSIGNED_DOUBLE: +0, as Phoenix's SQL writes it */
			roundtrip(lud, 1, nz, "\x00\x00\x00\x00\x00\x00\x00\x00", 8, 0);
			/* a negative UNSIGNED_DOUBLE key is refused as Phoenix's reader does */
			CHECK(hbase_rk_decode(lud, "\xbf\xf8\x00\x00\x00\x00\x00\x00", 8, back, &err) < 0 &&
				  err && strstr(err, "negative"), "phoenix_unsigned_double: -1.5 refused on read");
			/* Java's wrapping: all-zero bytes decode (0 - 1 = -1: a NaN), never crash */
			err = NULL;
			CHECK(hbase_rk_decode(ld, "\x00\x00\x00\x00\x00\x00\x00\x00", 8, back, &err) == 0 &&
				  back[0].f != back[0].f, "phoenix_double: 0x00... reads as Phoenix does (NaN)");
		}
		hbase_rk_part(ld, 0, &pi);
		CHECK(pi.width == 8 && pi.order == RK_ORDER_ASC && pi.order_float, "phoenix_double: 8 bytes, ASC, float order");
		hbase_rk_part(lud, 0, &pi);
		CHECK(pi.width == 8 && pi.order == RK_ORDER_NONE, "phoenix_unsigned_double: no order claimed");
		hbase_rk_free(ld);
		hbase_rk_free(ldd);
		hbase_rk_free(lf);
		hbase_rk_free(lud);
		hbase_rk_free(luf);
		order_check("phoenix_double(d)", cd, NULL, ord, 10, 0);
		order_check("desc(phoenix_double(d))", cd, NULL, ord, 10, 1);
		order_check("phoenix_float(f)", cr, NULL, ordf, 10, 0);
		parse_bad("phoenix_float(d)", &cd, 1, "holds 4 bytes", -1);
		parse_bad("phoenix_double(x)", &cd, 1, "", -1);
	}
	/* order claims, negatives included */
	{
		int64_t		iv[] = {INT64_MIN, -100000, -256, -255, -1, 0, 1, 9, 10, 255, 256, 99999, INT64_MAX};
		int64_t		nn[] = {0, 1, 9, 10, 99, 100, 255, 256, 99999, 100000, 4294967296LL, INT64_MAX / 2};
		int64_t		dv[] = {-719528, -1, 0, 1, 31, 59, 60, 19783, 2932896};
		rk_column	c8 = {"v", RK_INT, 8};
		rk_column	cdate = {"d", RK_DATE, 0};
		rk_column	cts = {"t", RK_TIMESTAMP, 0};
		int64_t		tv[] = {0, 1000, 59999000, 60000000, 86399999000LL, 86400000000LL, INT64_C(1709214301500000)};

		order_check("sortable(long(v))", c8, iv, NULL, 13, 0);
		order_check("sortable(long(Long.MAX_VALUE - v))", c8, nn, NULL, 12, 1);
		/* Phoenix DESC: every byte inverted, the order reversed, negatives included */
		order_check("desc(sortable(long(v)))", c8, iv, NULL, 13, 1);
		order_check("desc(lpad(v, 20))", c8, nn, NULL, 12, 1);
		order_check("desc(date(d, 'yyyyMMdd'))", cdate, dv, NULL, 9, 1);
		order_check("lpad(v, 20)", c8, nn, NULL, 12, 0);
		order_check("Long.MAX_VALUE - v", c8, nn, NULL, 12, 1);
		/* binary inverted numbers: Long.MAX_VALUE - x >= 0 always, so exact */
		order_check("long(Long.MAX_VALUE - v)", c8, nn, NULL, 12, 1);
		order_check("long(Long.MAX_VALUE - epoch_ms(t))", cts, tv, NULL, 7, 1);
		{
			rk_layout  *l = parse_ok("long(Long.MAX_VALUE - v)", &c8, 1);
			rk_part_info pi;
			rk_value	neg = I(-1);
			char	   *k;
			const char *err;
			rk_value	out;

			if (l)
			{
				hbase_rk_part(l, 0, &pi);
				CHECK(pi.order == RK_ORDER_DESC && !pi.order_nonneg,
					  "long(Long.MAX_VALUE - v): order over every key");
				CHECK(hbase_rk_encode(l, &neg, 0, &k, &err) < 0, "Long.MAX_VALUE - (-1) refused");
				/* what Java writes for Long.MAX_VALUE - (-1): wrapped to Long.MIN_VALUE */
				CHECK(hbase_rk_decode(l, "\x80\0\0\0\0\0\0\0", 8, &out, &err) < 0,
					  "a wrapped inverted key is refused on read");
				hbase_rk_free(l);
			}
		}
		order_check("date(d, 'yyyyMMdd')", cdate, dv, NULL, 9, 0);
		order_check("lpad(epoch(d), 14)", cdate, dv + 2, NULL, 7, 0);
		order_check("date(t, 'yyyyMMddHHmmssSSS')", cts, tv, NULL, 7, 0);
		/* plain long(v) orders non-negative values only, and says so */
		{
			rk_layout  *l = parse_ok("long(v)", &c8, 1);
			rk_part_info pi;

			if (l)
			{
				hbase_rk_part(l, 0, &pi);
				CHECK(pi.order == RK_ORDER_ASC && pi.order_nonneg, "long(v): nonneg-only order");
				hbase_rk_free(l);
			}
			l = parse_ok("v", &c8, 1);
			if (l)
			{
				hbase_rk_part(l, 0, &pi);
				CHECK(pi.order == RK_ORDER_NONE, "decimal integer has no order");
				hbase_rk_free(l);
			}
		}
		/* non-preserving encodings are marked so */
		{
			rk_column	ct = {"s", RK_TEXT, 0};
			const char *none[] = {"reverse(s)", "lpad(s, 5)", "rpad(s, 5)", "s + '-' + lpad(s2, 2)"};
			int			i;

			for (i = 0; i < 3; i++)
			{
				rk_layout  *l = parse_ok(none[i], &ct, 1);
				rk_part_info pi;

				if (l)
				{
					hbase_rk_part(l, 0, &pi);
					CHECK(pi.order == RK_ORDER_NONE, "%s has no order", none[i]);
					hbase_rk_free(l);
				}
			}
		}
	}
	/* bad layouts, with the position of the part at fault */
	{
		rk_column	cols[] = {{"name", RK_TEXT, 0}, {"id", RK_INT, 8}, {"d", RK_DATE, 0}, {"small", RK_INT, 4}, {"f", RK_FLOAT, 8}};

		parse_bad("name + lpad(id, 4)", cols, 5, "must be followed by a literal delimiter", 0);
		parse_bad("left(md5(other), 5) + name", cols, 5, "\"other\", which is not a column", 9);
		parse_bad("[name] + '-' + lpad(id, 3)", cols, 5, "must be the last part", 0);
		parse_bad("name + '-' + salt(4)", cols, 5, "must be the first part", 13);
		parse_bad("frob(name)", cols, 5, "unknown function \"frob\"", 0);
		/* a group left open points at its opening character; a wrong token at that token */
		parse_bad("lpad(id, 4", cols, 5, "unbalanced \"(\": no \")\" closes it", 4);
		parse_bad("name + '-' + (lpad(id, 4) + 'x'", cols, 5, "unbalanced \"(\"", 13);
		parse_bad("name + '-' + [lpad(id, 4)", cols, 5, "unbalanced \"[\"", 13);
		parse_bad("lpad(id, 4 name", cols, 5, "expected \")\" or \",\"", 11);
		parse_bad("(name + '-' id)", cols, 5, "expected \")\"", 12);
		parse_bad("name +", cols, 5, "unexpected end of layout", 6);
		parse_bad("lpad(id, 4))", cols, 5, "unbalanced \")\"", 11);
		parse_bad("name + 'abc", cols, 5, "unterminated string", 7);
		parse_bad("date(d, 'yyyyQQ')", cols, 5, "unknown field \"Q\"", -1);
		parse_bad("lpad(id, 0)", cols, 5, "width of lpad() must be a number from 1", -1);
		parse_bad("salt(0) + name", cols, 5, "buckets of salt() must be a number from 1", -1);
		parse_bad("nosuch", cols, 5, "\"nosuch\" is not a column", 0);
		parse_bad("d", cols, 5, "needs date(col, 'pattern')", 0);
		parse_bad("f", cols, 5, "floating-point value needs", 0);
		parse_bad("fixed(name, 3) + name", cols, 5, "appears twice", 17);
		parse_bad("", cols, 5, "unexpected end", -1);
		parse_bad("left(md5(name), 40) + name", cols, 5, "md5 gives only 32 hex digits", -1);
		parse_bad("'a' + 'b'", cols, 5, "names no column", -1);
		parse_bad("letter(salt(30, random)) + name", cols, 5, "at most 26 buckets", -1);
		parse_bad("lpad(salt(200), 2) + name", cols, 5, "too small for the number of buckets", -1);
	}
	/* decoding garbage keys gives errors, not crashes */
	{
		rk_column	cols[] = {{"company_id", RK_INT, 4}, {"stat_date", RK_DATE, 0}, {"campaign_id", RK_INT, 4}};
		rk_layout  *l = parse_ok("left(md5(company_id + stat_date), 5) + lpad(company_id, 6) + "
								 "date(stat_date, 'yyyyMMdd') + [lpad(campaign_id, 6)]", cols, 3);
		const char *bad[] = {"", "abc", "d4c401000012024030", "d4c40100001202403011", "d4c40100001202413010",
		"d4c40x0000120240301", "d4c4010000120240230", "d4c401000012024030100000x",
		"00000100001202403010" /* good fields, wrong hash */ };
		int			i;

		for (i = 0; l && i < 9; i++)
		{
			rk_value	out[3];
			const char *err = NULL;

			CHECK(hbase_rk_decode(l, bad[i], strlen(bad[i]), out, &err) < 0 && err != NULL,
				  "garbage key \"%s\" decoded", bad[i]);
		}
		hbase_rk_free(l);
	}

	/* bounded layouts: deep nesting and huge layouts are refused, not recursed into */
	{
		rk_column	cols[] = {{"a", RK_INT, 8}};
		char	   *t = malloc(300000 * 6 + 2);
		int			i;

		memset(t, '[', 100000);
		t[100000] = '\0';
		parse_bad(t, cols, 1, "", -1);
		memset(t, '(', 100000);
		parse_bad(t, cols, 1, "", -1);
		strcpy(t, "a");
		for (i = 0; i < 300000; i++)
			strcat(t + i * 6, " + \"-\"");
		parse_bad(t, cols, 1, "longer than", -1);
		t[1 + 300 * 6] = '\0';
		parse_bad(t, cols, 1, "more than 256 parts", -1);
		t[1 + 255 * 6] = '\0';
		hbase_rk_free(parse_ok(t, cols, 1));
		free(t);
	}
	/* extreme values give errors (or exact keys), never signed overflow (run under UBSan) */
	{
		rk_column	c8[] = {{"v", RK_INT, 8}};
		rk_column	ct[] = {{"ts", RK_TIMESTAMP, 0}};
		const char *il[] = {"lpad(v, 20)", "Long.MAX_VALUE - v", "lpad(Long.MAX_VALUE - v, 19)",
		"long(bitreverse(v))", "v", "long(Long.MAX_VALUE - v)", "sortable(long(v))"};
		const char *tl[] = {"long(epoch_ms(ts))", "epoch(ts)", "date(ts, 'yyyyMMddHHmmssSSS')",
		"long(Long.MAX_VALUE - epoch_ms(ts))", "salt(4, javahash(epoch_ms(ts))) + long(epoch_ms(ts))"};
		int64_t		iv[] = {INT64_MIN, INT64_MIN + 1, -1, INT64_MAX, INT32_MIN};
		size_t		i, j;

		for (i = 0; i < sizeof(il) / sizeof(il[0]); i++)
		{
			rk_layout  *l = parse_ok(il[i], c8, 1);

			for (j = 0; l && j < sizeof(iv) / sizeof(iv[0]); j++)
			{
				rk_value	v[1] = {I(iv[j])};
				char	   *key = NULL;
				const char *err = NULL;
				int			len = hbase_rk_encode(l, v, 0, &key, &err);

				CHECK(len >= 0 || err != NULL, "%s of %lld: no key and no error", il[i], (long long) iv[j]);
				if (len >= 0)
					roundtrip(l, 1, v, NULL, 0, 0);
				free(key);
			}
			hbase_rk_free(l);
		}
		for (i = 0; i < sizeof(tl) / sizeof(tl[0]); i++)
		{
			rk_layout  *l = parse_ok(tl[i], ct, 1);

			for (j = 0; l && j < sizeof(iv) / sizeof(iv[0]); j++)
			{
				rk_value	v[1] = {I(iv[j])};
				char	   *key = NULL;
				const char *err = NULL;
				int			len = hbase_rk_encode(l, v, 0, &key, &err);

				CHECK(len >= 0 || err != NULL, "%s of %lld: no key and no error", tl[i], (long long) iv[j]);
				free(key);
			}
			hbase_rk_free(l);
		}
	}

	/*
	 * Quoted column names (`...`): a column whose name is no plain identifier
	 * (Phoenix's "MyId", "b c") is named in backticks; "..." stays a literal.
	 * Bytes: "id1" 00 then the sign-flipped int 1 (80 00 00 01).
	 */
	{
		rk_column	cols[] = {{"MyId", RK_TEXT, 0}, {"b c", RK_INT, 4}, {"x`y", RK_TEXT, 0},
		{"Long.MAX_VALUE", RK_INT, 8}};
		rk_layout  *l = parse_ok("`MyId` + \"\\x00\" + sortable(int(`b c`))", cols, 2);
		rk_value	v[] = {S("id1"), I(1)};

		if (l)
		{
			roundtrip(l, 2, v, "id1\x00\x80\x00\x00\x01", 8, 0);
			CHECK(hbase_rk_uses_column(l, 0) && hbase_rk_uses_column(l, 1), "quoted columns not used");
			hbase_rk_free(l);
		}
		/* "MyId" is the literal bytes MyId, before the column */
		l = parse_ok("\"MyId\" + `b c`", cols, 2);
		if (l)
		{
			rk_value	w[] = {N(), I(42)};

			roundtrip(l, 2, w, "MyId42", 6, 0);
			hbase_rk_free(l);
		}
		/* a doubled backtick inside; a name that is a keyword elsewhere */
		l = parse_ok("`x``y` + \"-\" + long(`Long.MAX_VALUE`)", cols, 4);
		if (l)
		{
			rk_value	w[] = {N(), N(), S("ab"), I(-1)};

			roundtrip(l, 4, w, "ab-\xff\xff\xff\xff\xff\xff\xff\xff", 11, 0);
			hbase_rk_free(l);
		}
		/* a bare name matches a column differing in case; a quoted one only exactly */
		l = parse_ok("myid", cols, 1);
		hbase_rk_free(l);
		parse_bad("`myid`", cols, 1, "\"myid\" is not a column", 0);
		parse_bad("`MyId", cols, 1, "unterminated quoted name", 0);
		parse_bad("`` + `MyId`", cols, 1, "empty quoted name", 0);
		parse_bad("`md5`(`MyId`)", cols, 1, "a quoted name is a column, not a function", 0);
		parse_bad("`MyId` `b c`", cols, 2, "expected \"+\" between parts", 7);
	}

	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
