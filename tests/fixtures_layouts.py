#!/usr/bin/env python3
"""tests/fixtures_layouts.py - fixtures of the rowkey-layout tests (sql/layouts.sql).

One HBase table per scenario of the rowkey-layouts design note (S1..S9 and a few encodings
met in the wild). Every key is computed here, in Python, the way the Java applications that
write such tables compute it (java.security.MessageDigest hex, Bytes.toBytes, String.hashCode,
Long.hashCode, Math.abs, Long.reverse, Phoenix's SaltingUtil), INDEPENDENTLY of hbase_fdw's C
rowkey codec. LAYOUTS gives, per table, the `rowkey` option that describes the same key in
hbase_fdw's spelling; sql/layouts.sql declares the foreign tables with exactly these strings.

  fixtures_layouts.py            (re)create the lay_* tables, write the rows, read them back
  fixtures_layouts.py --print    print every key (hex and printable) instead, no HBase needed
"""
import datetime
import hashlib
import os
import random
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hbase_rest  # noqa: E402
from javabytes import s, long_, int_, short, double  # noqa: E402

HB = None  # hbase_rest.Client, made in main() so that --print needs no gateway

UTC = datetime.timezone.utc
LONG_MAX = 2**63 - 1

# the `rowkey` option of each table's foreign table (sql/layouts.sql), for the reader
LAYOUTS = {
    "lay_s1": 'left(md5(item_id), 5) + item_id',
    "lay_s2": 'left(md5(company_id + stat_date), 5) + lpad(company_id, 6) + '
              'date(stat_date, "yyyyMMdd") + [lpad(campaign_id, 6)]',
    "lay_s4": 'left(md5(phone), 3) + lpad(phone, 11) + date(start_time, "yyyyMMddHHmmss") + uid',
    "lay_s5": 'reverse(phone)',
    "lay_s6": 'reverse(lpad(user_id, 10)) + (Long.MAX_VALUE - epoch_ms(ts))',
    "lay_s6b": 'reverse(lpad(user_id, 10)) + long(Long.MAX_VALUE - epoch_ms(ts))',
    "lay_s7": 'salt(5, javahash(epoch_ms(ts))) + lpad(uid, 8) + long(epoch_ms(ts)) + int(seq)',
    "lay_s8": 'long(bitreverse(id)) + long(epoch_ms(ts))',
    "lay_s9": 'lpad(user_id, 8) + lpad(mail_id, 10)',
    "lay_s9w": 'user_id',
    "lay_strsalt": 'lpad(salt(10, javahash(uid)), 2) + uid',
    "lay_phx": 'salt(4) + lpad(id, 8)',
    "lay_phx2": 'salt(3) + name',
    "lay_rnd": 'letter(salt(4, random)) + "-" + name',
    "lay_bin": 'sortable(long(v)) + sortable(double(d))',
    "lay_delim": 'region + "|" + lpad(shop_id, 5) + ["|" + sku]',
    "lay_tsdb": 'uint(metric, 3) + uint(epoch(ts), 4) + uint(tagk, 3) + uint(tagv, 3)',
    "lay_tsdbs": 'salt(4, arrays_hash(metric + tagk + tagv)) + uint(metric, 3) + uint(epoch(ts), 4)'
                 ' + uint(tagk, 3) + uint(tagv, 3)',
}


# ------------------------------------------------------------------ Java, in Python

def int32(x):
    """Java int arithmetic: wrap to 32-bit two's complement."""
    x &= 0xFFFFFFFF
    return x - 0x100000000 if x & 0x80000000 else x


def int64(x):
    """Java long arithmetic: wrap to 64-bit two's complement."""
    x &= 0xFFFFFFFFFFFFFFFF
    return x - 0x10000000000000000 if x & 0x8000000000000000 else x


def java_rem(a, n):
    """Java's % on ints: truncates toward zero, the result has the sign of a."""
    r = abs(a) % abs(n)
    return -r if a < 0 else r


def java_abs(i):
    """Math.abs(int): Math.abs(Integer.MIN_VALUE) == Integer.MIN_VALUE (negative)."""
    return int32(-i) if i < 0 else i


def java_byte(i):
    """(byte) i, written to the key: its low 8 bits."""
    return bytes([i & 0xFF])


def string_hash(text):
    """String.hashCode(): s[0]*31^(n-1) + ... over the UTF-16 code units, int arithmetic."""
    units = text.encode("utf-16-be")
    h = 0
    for i in range(0, len(units), 2):
        h = int32(31 * h + ((units[i] << 8) | units[i + 1]))
    return h


def long_hash(v):
    """Long.hashCode(v) == (int)(v ^ (v >>> 32))."""
    u = v & 0xFFFFFFFFFFFFFFFF
    return int32(u ^ (u >> 32))


def long_reverse(v):
    """Long.reverse(v): the 64 bits in reverse order, as a signed long."""
    u = v & 0xFFFFFFFFFFFFFFFF
    return int64(int("{:064b}".format(u)[::-1], 2))


def hash_salt(h, n):
    """(byte) (Math.abs(h) % n)  --  h an int hashCode; negative only for Integer.MIN_VALUE."""
    return java_byte(java_rem(java_abs(h), n))


def phoenix_salt(key, n):
    """Phoenix SaltingUtil.getSaltingByte(key, 0, len, n):
    h = 1; for b in key (signed bytes): h = 31*h + b (int); (byte) Math.abs(h % n)."""
    h = 1
    for b in key:
        h = int32(31 * h + (b - 256 if b > 127 else b))
    return java_byte(java_abs(java_rem(h, n)))


def md5_hex(data):
    return hashlib.md5(data).hexdigest()


def sortable_long(v):
    """Phoenix/OrderedBytes style: big-endian with the sign bit flipped."""
    return struct.pack(">Q", (v & 0xFFFFFFFFFFFFFFFF) ^ 0x8000000000000000)


def sortable_double(d):
    """IEEE bits; negative: every bit flipped, else the sign bit flipped."""
    (u,) = struct.unpack(">Q", struct.pack(">d", d))
    u ^= 0xFFFFFFFFFFFFFFFF if u & 0x8000000000000000 else 0x8000000000000000
    return struct.pack(">Q", u)


def lpad(text, n, c="0"):
    if len(text) > n:
        raise ValueError("%r is wider than %d" % (text, n))
    return c * (n - len(text)) + text


def ts(text):
    """'2024-06-24 23:45:31.123' (UTC) -> aware datetime"""
    return datetime.datetime.fromisoformat(text).replace(tzinfo=UTC)


def epoch_ms(dt):
    delta = dt - datetime.datetime(1970, 1, 1, tzinfo=UTC)
    return (delta.days * 86400 + delta.seconds) * 1000 + delta.microseconds // 1000


def ymd(d):
    return "%04d%02d%02d" % (d.year, d.month, d.day)


def ymdhms(t):
    return "%04d%02d%02d%02d%02d%02d" % (t.year, t.month, t.day, t.hour, t.minute, t.second)


# ------------------------------------------------------------------ the tables


S1_ITEMS = [
    ("1", "first item", "9.99"),
    ("42", "the answer", "42.00"),
    ("item-0001", "dash and zero padding", "0.50"),
    ("ключ-日本", "multibyte UTF-8, md5 over the UTF-8 bytes", "1000"),
    ("with space|pipe", "space and pipe, nothing special in the last part", "3.25"),
    ("", "empty item id: the key is the hash prefix alone", "0"),
    ("x" * 40, "a long id", "12345.6789"),
]


def s1_rows():
    """S1 item dimension: left(md5(item_id), 5) + item_id (the UTF-8 bytes)."""
    rows = []
    for item, name, price in S1_ITEMS:
        key = s(md5_hex(s(item))[:5]) + s(item)
        rows.append((key, {"d:name": s(name), "d:price": s(price)}))
    return rows


# company, day, campaign (None: the company/day total row), cost, clicks, impressions
S2_DETAIL = [
    (42, datetime.date(2024, 2, 29), 1, "10.50", 100, 10000),
    (42, datetime.date(2024, 2, 29), 7, "2.25", 30, 4000),
    (42, datetime.date(2024, 2, 29), 123456, "0.00", 0, 15),
    (42, datetime.date(2024, 3, 1), 7, "5.00", 12, 800),
    (1, datetime.date(2024, 2, 29), 999999, "1.00", 1, 1),
    (999999, datetime.date(1999, 12, 31), 1, "99999.99", 2**40, 2**41),
    (7, datetime.date(1970, 1, 1), 42, "0.01", 1, 2),
]


def s2_rows():
    """S2/S3 ad-report cube: left(md5(lpad(company,6) + yyyyMMdd), 5) + lpad(company, 6) +
    yyyyMMdd + [lpad(campaign, 6)]; total rows (no campaign part) carry the day's sums."""
    totals = {}
    for comp, day, _, cost, clicks, imps in S2_DETAIL:
        t = totals.setdefault((comp, day), [0, 0, 0])
        t[0] += int(cost.replace(".", ""))  # cents
        t[1] += clicks
        t[2] += imps
    rows = []

    def row(comp, day, camp, cost, clicks, imps):
        body = lpad(str(comp), 6) + ymd(day)
        key = s(md5_hex(s(body))[:5] + body + ("" if camp is None else lpad(str(camp), 6)))
        rows.append((key, {"d:cost": s(cost), "d:clicks": long_(clicks),
                           "d:impressions": long_(imps)}))

    for comp, day, camp, cost, clicks, imps in S2_DETAIL:
        row(comp, day, camp, cost, clicks, imps)
    for (comp, day), (cents, clicks, imps) in totals.items():
        row(comp, day, None, "%d.%02d" % divmod(cents, 100), clicks, imps)
    return rows


S4_RECS = [
    ("18601134210", "2014-06-24 23:45:31", "f059b84aba2e6095", 1024, 20480, "cmnet"),
    ("18601134210", "2014-06-24 00:00:00", "0000000000000000", 0, 0, "cmnet"),
    ("18601134210", "2014-06-24 12:30:05", "ffffffffffffffff", 5, 7, "cmwap"),
    ("18601134210", "2014-06-23 23:59:59", "a1b2c3d4e5f60718", 1, 2, "cmnet"),
    ("18601134210", "2014-06-25 00:00:00", "1111111111111111", 3, 4, "cmnet"),
    ("13800138000", "2014-06-24 08:00:00", "00000000deadbeef", 2**40, 2**41, "3gnet"),
    ("13800138000", "2014-06-24 08:00:00", "00000000deadbef0", 10, 20, "3gnet"),
    ("15912345678", "2014-12-31 23:59:59", "0123456789abcdef", 999, 1, "ctnet"),
]


def s4_rows():
    """S4 data-usage log: left(md5(phone), 3) + phone + yyyyMMddHHmmss + 16 hex chars.
    The design note's seed row is `f9a` `18601134210` `20140624234531` `f059b84aba2e6095`, but
    md5('18601134210') starts with f15: the prefix is computed, the rest kept."""
    rows = []
    for phone, start, uid, up, down, apn in S4_RECS:
        key = s(md5_hex(s(phone))[:3] + lpad(phone, 11) + ymdhms(ts(start)) + uid)
        rows.append((key, {"cf:up_bytes": long_(up), "cf:down_bytes": long_(down),
                           "cf:apn": s(apn)}))
    assert md5_hex(b"18601134210")[:3] == "f15"
    return rows


S5_PHONES = [("18601134210", "seed"), ("13912344210", "also ends in 4210"),
             ("13800138000", "trailing zeros lead the key"), ("10086", "short service number"),
             ("+4915112345678", "international with a plus"), ("110", "three digits")]


def s5_rows():
    """S5 phone number reversed: 18601134210 -> 01243110681."""
    rows = [(s(p[::-1]), {"cf:owner": s(o)}) for p, o in S5_PHONES]
    assert rows[0][0] == b"01243110681"
    return rows


S6_EVENTS = [
    (1, "2024-06-24 23:45:31.123", "login"),
    (1, "2024-06-24 23:45:31.124", "view"),
    (1, "2024-06-25 00:00:00", "logout"),
    (1, "1970-01-01 00:00:00", "epoch zero: MAX - 0 is Long.MAX_VALUE itself"),
    (10, "2024-06-24 12:00:00", "user 10 reversed is 0100000000"),
    (42, "2000-01-01 00:00:00.001", "y2k"),
    (42, "2024-02-29 13:45:01.5", "leap day"),
    (1234567890, "2024-06-24 10:00:00", "ten digits"),
    (9999999999, "2038-01-19 03:14:08", "ten nines, past the 32-bit epoch seconds"),
]


def s6_rows(binary):
    """S6 newest first: reverse(lpad(user, 10)) + (Long.MAX_VALUE - epoch ms), the inverted
    time as 19 decimal digits (lay_s6) or as Bytes.toBytes(long) (lay_s6b)."""
    rows = []
    for user, when, action in S6_EVENTS:
        inv = LONG_MAX - epoch_ms(ts(when))
        tail = long_(inv) if binary else s("%019d" % inv)
        assert binary or len(tail) == 19
        rows.append((s(lpad(str(user), 10)[::-1]) + tail, {"d:action": s(action)}))
    return rows


def s7_times():
    # Long.hashCode == Integer.MIN_VALUE: high word 0x190, low word 0x80000190;
    # Math.abs(MIN_VALUE) % 5 == -3 in Java, the salt byte is 0xfd
    min_hash_ms = (0x190 << 32) | 0x80000190
    return min_hash_ms, [
        ("1", "2024-06-24 23:45:31.123", 0),
        ("1", "2024-06-24 23:45:31.123", 1),
        ("1", "2024-06-24 23:45:31.124", 0),
        ("42", "2024-01-01 00:00:00", 2147483647),
        ("42", "2024-01-01 00:00:00.001", -1),
        ("alice", "1970-01-01 00:00:00", 7),
        ("alice", "1969-12-31 23:59:59.999", 8),
        ("99999999", "2262-04-11 23:47:16.854", 9),
        ("bob", (datetime.datetime(1970, 1, 1, tzinfo=UTC) +
                 datetime.timedelta(milliseconds=min_hash_ms)).strftime("%Y-%m-%d %H:%M:%S.%f")[:-3],
         3),
    ]


def s7_rows():
    """S7 salted events: (byte)(Math.abs(Long.hashCode(ms)) % 5) + lpad(uid, 8) +
    Bytes.toBytes(ms) + Bytes.toBytes(seq)."""
    min_hash_ms, events = s7_times()
    rows = []
    hashes = []
    for uid, when, seq in events:
        ms = epoch_ms(ts(when))
        h = long_hash(ms)
        hashes.append(h)
        key = hash_salt(h, 5) + s(lpad(uid, 8)) + long_(ms) + int_(seq)
        rows.append((key, {"d:event": s("%s#%d" % (uid, seq)), "d:value": long_(ms // 1000)}))
    assert epoch_ms(ts(events[-1][1])) == min_hash_ms
    assert hashes[-1] == -2**31 and rows[-1][0][0] == 0xFD
    assert sum(1 for h in hashes if h < 0) >= 3, hashes
    assert len(set(r[0][0] for r in rows)) >= 4  # several buckets used
    return rows


S8_IDS = [(0, "2024-01-01 00:00:00"), (1, "2024-01-01 00:00:00"), (1, "2024-01-02 00:00:00"),
          (2, "2024-01-01 00:00:00"), (3, "2024-01-01 00:00:00"), (4, "2024-01-01 00:00:00"),
          (5, "2024-01-01 00:00:00"), (6, "2024-01-01 00:00:00"), (7, "2024-01-01 00:00:00"),
          (12345678901, "2024-06-24 23:45:31.123"), (LONG_MAX, "2024-01-01 00:00:00"),
          (-1, "2024-01-01 00:00:00")]


def s8_rows():
    """S8 bit-reversed sequential ids: Bytes.toBytes(Long.reverse(id)) + Bytes.toBytes(ms)."""
    rows = []
    for i, when in S8_IDS:
        key = long_(long_reverse(i)) + long_(epoch_ms(ts(when)))
        rows.append((key, {"d:payload": s("id %d at %s" % (i, when))}))
    assert long_(long_reverse(1))[0] == 0x80 and long_(long_reverse(2))[0] == 0x40
    assert long_(long_reverse(3))[0] == 0xC0
    return rows


# String.hashCode runs over UTF-16 code units (a surrogate pair counts twice), and
# "polygenelubricants".hashCode() == Integer.MIN_VALUE: Math.abs keeps it negative and
# String.format("%02d", Math.abs(h) % 10) writes "-8"
STRSALT_UIDS = ["alice", "bob", "", "ключ-日本", "\U0001D11E surrogate pair",
                "polygenelubricants", "x" * 100]


def strsalt_rows():
    """Decimal salt from String.hashCode: String.format("%02d", Math.abs(uid.hashCode()) % 10)
    + uid."""
    rows = []
    for uid in STRSALT_UIDS:
        bucket = java_rem(java_abs(string_hash(uid)), 10)
        rows.append((s("%02d" % bucket if bucket >= 0 else "%d" % bucket) + s(uid),
                     {"d:len": int_(len(uid))}))
    assert string_hash("polygenelubricants") == -2**31 and rows[5][0][:2] == b"-8"
    return rows


# S9: the same mailboxes as a tall table (one mail a row) and a wide one (one user a row)
S9_MAILS = [
    (1, 1, "alice@example.org", "hello"),
    (1, 2, "bob@example.org", "re: hello"),
    (1, 9999999999, "carol@example.org", "the largest mail id"),
    (42, 1, "alice@example.org", "grüße ✓"),
    (42, 1000, "dave@example.org", ""),
    (99999999, 5, "eve@example.org", "user id at its full width"),
]
S9_INDEX = {  # user -> idx family: qualifier -> value
    1: {"unread": "2,9999999999", "from:alice@example.org": "1"},
    42: {"starred": "1000"},
    7: {"unread": ""},  # a mailbox with index entries and no mail
}


def s9_rows():
    """S9 tall: lpad(user, 8) + lpad(mail, 10)."""
    return [(s(lpad(str(u), 8) + lpad(str(m), 10)), {"d:from": s(f), "d:subject": s(subj)})
            for u, m, f, subj in S9_MAILS]


def s9w_rows():
    """S9 wide: rowkey = user id as text; family data: one qualifier per mail id (decimal),
    value the subject; family idx: index entries."""
    users = {}
    for u, m, _, subj in S9_MAILS:
        users.setdefault(u, {})["data:%d" % m] = s(subj)
    for u, entries in S9_INDEX.items():
        cells = users.setdefault(u, {})
        for q, v in entries.items():
            cells["idx:" + q] = s(v)
    return [(s(str(u)), cells) for u, cells in sorted(users.items())]


PHX_IDS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12345678, 99999999]


def phx_rows():
    """Phoenix SALT_BUCKETS=4: salt byte over the 8 key bytes after it, then lpad(id, 8)."""
    rows = []
    for i in PHX_IDS:
        body = s(lpad(str(i), 8))
        rows.append((phoenix_salt(body, 4) + body, {"cf:v": s("row %d" % i)}))
    assert len(set(r[0][0] for r in rows)) == 4  # every bucket used
    return rows


PHX2_NAMES = ["a", "b", "abc", "Zürich", "日本", "ключ", "ÿÿÿÿÿÿÿÿ", "z" * 20]


def phx2_rows():
    """Phoenix SALT_BUCKETS=3 over a variable-width UTF-8 name: bytes >= 0x80 count as
    negative (Java signed bytes) in the hash."""
    rows = []
    for name in PHX2_NAMES:
        body = s(name)
        rows.append((phoenix_salt(body, 3) + body, {"cf:v": s(str(len(body)))}))
    # the signed-byte rule matters for at least one of these names
    unsigned = []
    for name in ["Zürich", "日本", "ключ", "ÿÿÿÿÿÿÿÿ"]:
        h = 1
        for b in s(name):
            h = int32(31 * h + b)
        unsigned.append(java_byte(java_abs(java_rem(h, 3))) != phoenix_salt(s(name), 3))
    assert any(unsigned)
    return rows


RND_NAMES = ["foo0001", "foo0002", "foo0003", "foo0004", "foo0005", "foo0006",
             "bar-with-dash", "ß"]


def rnd_rows():
    """Random salt: the writer picks a bucket a..d (seeded, so the fixture is stable)."""
    rng = random.Random(20240624)
    rows = []
    for name in RND_NAMES:
        bucket = rng.randrange(4)
        rows.append((s("abcd"[bucket] + "-" + name), {"cf:n": s(name.upper())}))
    assert len(set(r[0][:1] for r in rows)) >= 3
    return rows


BIN_VALUES = [
    (-2**63, -1.5), (-2**63, 1.5), (-1000, -1e300), (-1, float("-inf")), (-1, 0.0),
    (0, -2.5), (0, 0.0), (0, 5e-324), (1, -5e-324), (1, 1.5), (1000, 1e300),
    (2**63 - 1, -1.5), (2**63 - 1, float("inf")),
]


def bin_rows():
    """Phoenix-style sortable binary: the key bytes sort like (v, d)."""
    rows = [(sortable_long(v) + sortable_double(d), {"d:label": s("%d/%r" % (v, d))})
            for v, d in BIN_VALUES]
    assert sorted(rows) == rows  # byte order == value order
    return rows


DELIM_RECS = [
    ("north", 1, None, "shop"), ("north", 1, "A-100", "item"), ("north", 1, "", "empty sku"),
    ("north", 42, "kit|2pack", "pipe inside the last part"),
    ("north-east", 99999, None, "widest shop id"), ("eu", 7, "Ä-ü", "multibyte sku"),
    ("", 3, "x", "empty region"), ("Zürich", 12, None, "multibyte region"),
]


def delim_rows():
    """Delimited: region + '|' + lpad(shop, 5) + ['|' + sku]; shop rows have no sku part,
    an empty sku keeps its delimiter, a '|' inside the last part is data."""
    rows = []
    for region, shop, sku, what in DELIM_RECS:
        key = region + "|" + lpad(str(shop), 5) + ("" if sku is None else "|" + sku)
        rows.append((s(key), {"cf:what": s(what)}))
    return rows


# OpenTSDB data table without salt: 3-byte metric UID, 4-byte base hour in seconds, one
# 3-byte tag pair; UIDs at the byte boundaries (0x7fffff / 0x800000: the high bit set), hours
# before and after 2^31 seconds (2038-01-19), the last hour 4 bytes hold (2106)
TSDB_RECS = [
    (1, "2024-03-01 10:00:00", 1, 1, 10.5), (1, "2024-03-01 11:00:00", 1, 1, 11.5),
    (1, "2024-03-01 11:00:00", 1, 2, 12.5), (1, "2038-01-19 04:00:00", 1, 1, 13.5),
    (2, "2024-03-01 10:00:00", 1, 1, 20.5), (8388607, "2024-03-01 10:00:00", 1, 1, 30.5),
    (8388608, "1970-01-01 00:00:00", 0, 0, 40.5), (8388608, "2024-03-01 10:00:00", 255, 256, 41.5),
    (8388608, "2106-02-07 06:00:00", 16777215, 16777215, 42.5), (16777215, "2024-03-01 10:00:00", 1, 1, 50.5),
]


def tsdb_rows():
    """uint(x, n): unsigned big-endian, n bytes (int.to_bytes), so byte order = value order"""
    rows = []
    for metric, when, tagk, tagv, value in TSDB_RECS:
        sec = int(ts(when).timestamp())
        key = (metric.to_bytes(3, "big") + sec.to_bytes(4, "big") + tagk.to_bytes(3, "big") +
               tagv.to_bytes(3, "big"))
        rows.append((key, {"t:v": s(repr(value))}))
    assert [k for k, _ in sorted(rows)] == [k for k, _ in rows]
    return rows


def opentsdb_salt(key_without_salt, buckets):
    """OpenTSDB RowKey.prefixKeyWithSalt (salt width 1, metric width 3): Arrays.hashCode of
    the metric and tag bytes (the 4 timestamp bytes left out) % buckets, negated if negative"""
    salt_base = key_without_salt[:3] + key_without_salt[7:]
    h = 1
    for b in salt_base:
        h = (31 * h + (b - 256 if b >= 128 else b)) & 0xFFFFFFFF
    if h >= 2**31:
        h -= 2**32
    modulo = abs(h) % buckets   # Java's % keeps the sign; * -1 makes it positive
    return bytes([modulo])


def tsdbs_rows():
    """the same points in a table salted over 4 buckets the OpenTSDB way"""
    return [(opentsdb_salt(k, 4) + k, cells) for k, cells in tsdb_rows()]


TABLES = [
    # name, families, splits, rows
    ("lay_s1", ["d"], None, s1_rows),
    ("lay_s2", ["d"], None, s2_rows),
    ("lay_s4", ["cf"], None, s4_rows),
    ("lay_s5", ["cf"], None, s5_rows),
    ("lay_s6", ["d"], None, lambda: s6_rows(False)),
    ("lay_s6b", ["d"], None, lambda: s6_rows(True)),
    ("lay_s7", ["d"], None, s7_rows),
    ("lay_s8", ["d"], [b"\x40", b"\x80", b"\xc0"], s8_rows),
    ("lay_s9", ["d"], None, s9_rows),
    ("lay_s9w", ["data", "idx"], None, s9w_rows),
    ("lay_strsalt", ["d"], None, strsalt_rows),
    ("lay_phx", ["cf"], [b"\x01", b"\x02", b"\x03"], phx_rows),
    ("lay_phx2", ["cf"], None, phx2_rows),
    ("lay_rnd", ["cf"], None, rnd_rows),
    ("lay_bin", ["d"], None, bin_rows),
    ("lay_delim", ["cf"], None, delim_rows),
    ("lay_tsdb", ["t"], None, tsdb_rows),
    ("lay_tsdbs", ["t"], None, tsdbs_rows),
]


def printable(key):
    return "".join(chr(b) if 0x20 <= b < 0x7F else "." for b in key)


def split_tables():
    """the pre-split tables, as hbase_rest.Client.create_split_tables takes them"""
    return [(name, families, splits, 1, 1) for name, families, splits, _ in TABLES if splits]


def main(hb=None):
    global HB
    HB = hb or hbase_rest.Client()
    for name, families, splits, make in TABLES:
        rows = make()
        if len(set(k for k, _ in rows)) != len(rows):
            sys.exit("%s: duplicate keys" % name)
        HB.create_table(name, families, splits=splits)
        HB.put_pairs(name, rows)
        if splits and len(HB.regions(name)) != len(splits) + 1:
            sys.exit("%s has %d regions, expected %d" % (name, len(HB.regions(name)),
                                                          len(splits) + 1))
        back = HB.scan(name)
        want = sorted(rows)
        got = [(r["key"], r["cells"]) for r in back]
        if [k for k, _ in got] != [k for k, _ in want] or \
                [{c.encode(): v for c, v in cells.items()} for _, cells in want] != \
                [cells for _, cells in got]:
            sys.exit("%s: the rows read back differ from the rows written" % name)


def dump():
    for name, _, splits, make in TABLES:
        print("%s  rowkey '%s'%s" % (name, LAYOUTS[name],
                                     "  splits %r" % splits if splits else ""))
        for key, _ in sorted(make()):
            print("  %-48s %s" % (key.hex(), printable(key)))


if __name__ == "__main__":
    if sys.argv[1:] == ["--print"]:
        dump()
    else:
        main()
