#!/usr/bin/env python3
"""tests/fixtures_infer.py - the inf_* tables of sql/infer_layout.sql: real-world rowkey
layouts whose layout hbase_fdw must find from the keys alone.

Every key is computed here, in Python, the way the Java applications that write such tables
compute it (MessageDigest hex, Bytes.toBytes, Long.hashCode, Phoenix's SaltingUtil, OpenTSDB's
RowKey.prefixKeyWithSalt), INDEPENDENTLY of hbase_fdw's C codec. Each row also holds the
writer's own values of the key's fields as text cells d:w_<column> (named as the inferred
columns are: id, id2, day, ts, k1 ...), so the test compares what hbase_fdw decodes with what
was written.

  fixtures_infer.py            (re)create the inf_* tables and write their rows
  fixtures_infer.py --print    print every table's keys (hex and printable), no HBase needed
"""
import datetime
import hashlib
import os
import random
import sys
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hbase_rest  # noqa: E402
from javabytes import s, long_, int_  # noqa: E402
from fixtures_layouts import long_hash, hash_salt, phoenix_salt, opentsdb_salt  # noqa: E402
from fixtures_layouts import string_hash, java_rem, java_abs  # noqa: E402

UTC = datetime.timezone.utc
LONG_MAX = 2**63 - 1
T0 = datetime.datetime(2024, 3, 1, tzinfo=UTC)


def md5_hex(data):
    return hashlib.md5(data).hexdigest()


def text_ts(dt):
    """the timestamp as PostgreSQL writes it (UTC, microseconds without trailing zeros)"""
    out = dt.strftime("%Y-%m-%d %H:%M:%S")
    if dt.microsecond:
        out += ("." + "%06d" % dt.microsecond).rstrip("0")
    return out


def ms_of(dt):
    return int(dt.timestamp()) * 1000 + dt.microsecond // 1000


def row(key, **w):
    return (key, {"d:w_" + k: s(str(v)) for k, v in w.items()})


def adreport_rows():
    """left(md5(company_id + yyyyMMdd), 5) + company_id (6) + yyyyMMdd [+ campaign_id (6)]"""
    rows = []
    for comp in (100001, 100002, 100003, 100017):
        for d in range(6):
            day = (T0 + datetime.timedelta(days=d)).strftime("%Y%m%d")
            body = "%06d%s" % (comp, day)
            prefix = md5_hex(body.encode())[:5]
            isoday = "%s-%s-%s" % (day[:4], day[4:6], day[6:])
            rows.append(row(s(prefix + body), id=comp, day=isoday))
            for camp in range(1, 3 + d % 2):
                cid = 300000 + comp % 100 * 10 + camp
                rows.append(row(s(prefix + body + "%06d" % cid), id=comp, day=isoday, id2=cid))
    return rows


def salt5_rows():
    """(byte) (Math.abs(Long.hashCode(ts)) % 5) + uid (8 digits) + Bytes.toBytes(ts) + Bytes.toBytes(seq)"""
    rows = []
    for u in range(8):
        for q in range(6):
            dt = T0 + datetime.timedelta(seconds=u * 3671 + q * 17, milliseconds=q * 7)
            ms = ms_of(dt)
            uid = 4711 + u * 13
            key = hash_salt(long_hash(ms), 5) + s("%08d" % uid) + long_(ms) + int_(q)
            rows.append(row(key, id=uid, ts=text_ts(dt), id2=q))
    return rows


def phone_rows():
    """reverse(phone) + (Long.MAX_VALUE - ts) as 19 digits: a user's newest first"""
    rows = []
    for i in range(12):
        phone = "1%d%09d" % (3 + i % 6, 12345678 + i * 7919)
        for j in range(3):
            dt = T0 + datetime.timedelta(seconds=i * 1000 + j * 60, milliseconds=123)
            key = s(phone[::-1] + "%019d" % (LONG_MAX - ms_of(dt)))
            rows.append(row(key, id=int(phone), ts=text_ts(dt)))
    return rows


def inv8_rows():
    """user id (10 digits, zero-padded) + Bytes.toBytes(Long.MAX_VALUE - ts)"""
    rows = []
    for u in (7, 42, 1001, 99999):
        for j in range(5):
            dt = T0 + datetime.timedelta(hours=j * 5, milliseconds=u)
            rows.append(row(s("%010d" % u) + long_(LONG_MAX - ms_of(dt)), id=u, ts=text_ts(dt)))
    return rows


def tsdb_rows():
    """OpenTSDB, 4 salt buckets: salt + metric uid (3) + base hour (4) + tagk uid (3) + tagv uid (3)"""
    rows = []
    for metric in (1, 2, 5):
        for h in range(4):
            hour = int((T0 + datetime.timedelta(hours=h)).timestamp())
            for tagv in (1, 2, 3):
                k = metric.to_bytes(3, "big") + hour.to_bytes(4, "big") + (1).to_bytes(3, "big") + \
                    tagv.to_bytes(3, "big")
                dt = datetime.datetime.fromtimestamp(hour, UTC)
                rows.append(row(opentsdb_salt(k, 4) + k, id=metric, ts=text_ts(dt), id2=1, id3=tagv))
    return rows


def pinpoint_rows():
    """Pinpoint-like: agent id zero-padded to 8 digits + Bytes.toBytes(Long.MAX_VALUE - start time)"""
    rows = []
    for agent in (3, 17, 250):
        for j in range(6):
            dt = T0 + datetime.timedelta(minutes=j * 7, milliseconds=agent)
            rows.append(row(s("%08d" % agent) + long_(LONG_MAX - ms_of(dt)), id=agent, ts=text_ts(dt)))
    return rows


def phx_rows():
    """a Phoenix table (SALT_BUCKETS = 4) read without its catalog: salt + INTEGER key (sign bit
    flipped) + VARCHAR key (the last one: no separator)"""
    rows = []
    for i in range(1, 25):
        host = ("web", "db", "cache", "queue", "auth")[i % 5]
        body = (i * 37 ^ 0x80000000).to_bytes(4, "big") + s(host)
        rows.append(row(phoenix_salt(body, 4) + body, id=i * 37, k1=host))
    return rows


def delim_rows():
    """region|shop (5 digits)[|sku]"""
    rows = []
    for i in range(24):
        region = ("north", "south", "east", "west")[i % 4]
        shop = 10 + i * 3
        if i % 3 == 0:
            rows.append(row(s("%s|%05d" % (region, shop)), k1=region, id=shop))
        else:
            sku = "sku-%d" % (i * 101)
            rows.append(row(s("%s|%05d|%s" % (region, shop, sku)), k1=region, id=shop, k2=sku))
    return rows


def device_rows():
    """device_<n>_<epoch seconds>"""
    rows = []
    for i in range(30):
        n = 1 + i % 7 * 13
        dt = T0 + datetime.timedelta(seconds=i * 3607)
        rows.append(row(s("device_%d_%d" % (n, int(dt.timestamp()))), id=n, ts=text_ts(dt)))
    return rows


def logdate_rows():
    """service|yyyy-MM-dd HH:mm:ss|sequence (4 digits): a date printed with separators"""
    rows = []
    for i in range(40):
        svc = ("auth", "billing", "search", "mail")[i % 4]
        dt = T0 + datetime.timedelta(seconds=i * 977)
        seq = (i * 37) % 10000
        rows.append(row(s("%s|%s|%04d" % (svc, dt.strftime("%Y-%m-%d %H:%M:%S"), seq)),
                        k1=svc, ts=text_ts(dt), id=seq))
    return rows


def s4_rows():
    """left(md5(phone), 3) + phone + yyyyMMddHHmmss + 16 hex characters of a unique id"""
    rows = []
    for i in range(30):
        phone = "186%08d" % (1134210 + i % 5 * 31)
        dt = T0 + datetime.timedelta(seconds=i * 4099)
        t = dt.strftime("%Y%m%d%H%M%S")
        uid = md5_hex(t.encode())[:16]
        rows.append(row(s(md5_hex(phone.encode())[:3] + phone + t + uid), id=int(phone),
                        ts=text_ts(dt), k1=uid))
    return rows


def random_rows():
    rnd = random.Random(53)
    return [(bytes(rnd.getrandbits(8) for _ in range(16)), {"d:v": s(str(i))}) for i in range(40)]


def uuid_rows():
    rnd = random.Random(54)
    return [(s(str(uuid.UUID(int=rnd.getrandbits(128), version=4))), {"d:v": s(str(i))})
            for i in range(40)]


def check_rows():
    """lpad(id, 5) + epoch milliseconds (13 digits): declared with epoch() by mistake in the test"""
    return [row(s("%05d%d" % (i, ms_of(T0 + datetime.timedelta(minutes=i)))), id=i) for i in range(20)]


def checkd_rows():
    """lpad(id, 5) + "|" + epoch milliseconds: declared without its delimiter in the test"""
    return [row(s("%05d|%d" % (i, ms_of(T0 + datetime.timedelta(minutes=i)))), id=i) for i in range(20)]


def item_rows():
    """S1: left(md5(item_id), 5) + item_id (decimal, any length)"""
    rows = []
    for i in range(30):
        item = 7 + i * i * i * 37
        rows.append(row(s(md5_hex(str(item).encode())[:5] + str(item)), id=item))
    return rows


def long_reverse(v):
    return int("{:064b}".format(v & 0xFFFFFFFFFFFFFFFF)[::-1], 2)


def bitrev_rows():
    """S8: Bytes.toBytes(Long.reverse(id)) + Bytes.toBytes(ts): sequential ids spread over regions"""
    rows = []
    for i in range(1, 13):
        for j in range(3):
            dt = T0 + datetime.timedelta(seconds=i * 100 + j, milliseconds=i)
            rows.append(row(long_reverse(i).to_bytes(8, "big") + long_(ms_of(dt)), id=i, ts=text_ts(dt)))
    return rows


def hbasewd_rows():
    """HBaseWD's RowKeyDistributorByOneBytePrefix: a bucket byte of 8 the writer picks in turn
    (no hash of the key gives it), then the original key: event id (6 digits) + epoch seconds"""
    rows = []
    for i in range(40):
        dt = T0 + datetime.timedelta(minutes=i)
        rows.append(row(bytes([i % 8]) + s("%06d%d" % (100 + i, int(dt.timestamp()))),
                        id=100 + i, ts=text_ts(dt)))
    return rows


def pinpoint0_rows():
    """Pinpoint's trace index: the agent id as 24 bytes (BytesUtils.toFixedLengthBytes: NUL
    padded) + Bytes.toBytes(Long.MAX_VALUE - start time)"""
    rows = []
    for agent in ("web-01", "api-gateway-7", "batch", "a"):
        for j in range(5):
            dt = T0 + datetime.timedelta(seconds=j * 420, milliseconds=len(agent))
            key = s(agent).ljust(24, b"\x00") + long_(LONG_MAX - ms_of(dt))
            rows.append(row(key, k1=agent, ts=text_ts(dt)))
    return rows


def nuldelim_rows():
    """Phoenix-like VARCHAR key columns without a catalog: user + \\x00 + yyyyMMdd + \\x00 + order id"""
    rows = []
    for i in range(24):
        user = ("alice", "bob", "carol")[i % 3]
        d = T0 + datetime.timedelta(days=i % 6)
        order = "order-%d" % (i * 7)
        rows.append(row(s(user) + b"\x00" + s(d.strftime("%Y%m%d")) + b"\x00" + s(order),
                        k1=user, day=d.strftime("%Y-%m-%d"), k2=order))
    return rows


def strsalt_rows():
    """String.format("%02d", Math.abs(uid.hashCode()) % 10) + uid"""
    rows = []
    for i in range(40):
        uid = "user%d" % (i * 7919)
        rows.append(row(s("%02d" % java_rem(java_abs(string_hash(uid)), 10) + uid), k1=uid))
    return rows


def rndletter_rows():
    """a bucket letter a..d the writer picks + "-" + a name"""
    rnd = random.Random(55)
    names = ("alice", "bob", "carol", "dave", "eve", "frank", "grace")
    return [row(s("%s-%s%d" % ("abcd"[rnd.randrange(4)], names[i % 7], i)), k1="%s%d" % (names[i % 7], i))
            for i in range(40)]


TABLES = [
    # name, splits, rows
    ("inf_adreport", None, adreport_rows),
    ("inf_salt5", [b"\x01", b"\x02", b"\x03", b"\x04"], salt5_rows),
    ("inf_phone", None, phone_rows),
    ("inf_inv8", None, inv8_rows),
    ("inf_tsdb", [b"\x01", b"\x02", b"\x03"], tsdb_rows),
    ("inf_pinpoint", None, pinpoint_rows),
    ("inf_phx", [b"\x01", b"\x02", b"\x03"], phx_rows),
    ("inf_delim", None, delim_rows),
    ("inf_device", None, device_rows),
    ("inf_logdate", None, logdate_rows),
    ("inf_s4", None, s4_rows),
    ("inf_random", None, random_rows),
    ("inf_uuid", None, uuid_rows),
    ("inf_item", None, item_rows),
    ("inf_bitrev", [b"\x40", b"\x80", b"\xc0"], bitrev_rows),
    ("inf_hbasewd", [b"\x02", b"\x04", b"\x06"], hbasewd_rows),
    ("inf_pinpoint0", None, pinpoint0_rows),
    ("inf_nuldelim", None, nuldelim_rows),
    ("inf_strsalt", None, strsalt_rows),
    ("inf_rndletter", None, rndletter_rows),
    ("inf_check", None, check_rows),
    ("inf_checkd", None, checkd_rows),
]


def split_tables():
    """the pre-split tables, as hbase_rest.Client.create_split_tables takes them"""
    return [(name, ["d"], splits, 1, 1) for name, splits, _ in TABLES if splits]


def main(hb=None):
    hb = hb or hbase_rest.Client()
    hb.create_split_tables(split_tables())  # one JVM for all of them
    for name, splits, make in TABLES:
        rows = make()
        if len(set(k for k, _ in rows)) != len(rows):
            sys.exit("%s: duplicate keys" % name)
        # inf_item's second family is named like its inferred key column (id): the family yields
        hb.create_table(name, ["d", "id"] if name == "inf_item" else ["d"], splits=splits)
        hb.put_pairs(name, rows)
        if len(hb.scan(name)) != len(rows):
            sys.exit("%s: the rows read back differ from the rows written" % name)


def dump():
    for name, splits, make in TABLES:
        print(name, "splits %r" % splits if splits else "")
        for key, _ in sorted(make()):
            print("  %-48s %s" % (key.hex(), "".join(chr(b) if 0x20 <= b < 0x7F else "." for b in key)))


if __name__ == "__main__":
    if sys.argv[1:] == ["--print"]:
        dump()
    else:
        main()
