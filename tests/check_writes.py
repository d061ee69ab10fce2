#!/usr/bin/env python3
"""tests/check_writes.py NAME - reads back through REST what sql/insert.sql wrote through the FDW
and compares raw keys and cells with values computed here, independently of the C code (keys the
way the Java writers compute them, with tests/fixtures_layouts.py's helpers). Prints one line per
table: "NAME: N rows as expected" or the differences."""
import hashlib
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hbase_rest  # noqa: E402
from javabytes import s, long_, int_, short, double, float_, boolean, bigdecimal  # noqa: E402
from fixtures_layouts import long_hash, hash_salt, long_reverse, md5_hex  # noqa: E402

MAX = 9223372036854775807


def s2_key(company, day, campaign=None):
    cd = "%06d%s" % (company, day)
    key = hashlib.md5(cd.encode()).hexdigest()[:5] + cd
    if campaign is not None:
        key += "%06d" % campaign
    return key.encode()


def expected_w_s2():
    rows = {s2_key(42, "20240229"): {b"d:cost": b"12.75", b"d:clicks": long_(130)},
            s2_key(42, "20240229", 1): {b"d:cost": b"10.50", b"d:clicks": long_(100)}}
    for g in range(1, 251):
        rows[s2_key(7, "20240301", g)] = {b"d:cost": b"%d.%d" % divmod(g * 15, 10), b"d:clicks": long_(g)}
    # COPY
    rows[s2_key(9, "20240102", 3)] = {b"d:cost": b"1.25", b"d:clicks": long_(5)}
    rows[s2_key(9, "20240102")] = {b"d:cost": b"2.50"}
    return rows


def expected_w_s7():
    # salt(5, javahash(epoch_ms(ts))) + lpad(uid, 8) + long(epoch_ms(ts)) + int(seq)
    rows = {}
    for uid, ms, seq, ev in [("alice", 1709214301500, 1, "login"), ("bob", 1720134402448, 3, "x"),
                             ("42", 0, -1, "epoch")]:
        key = hash_salt(long_hash(ms), 5) + ("%8s" % uid).replace(" ", "0").encode() + long_(ms) + int_(seq)
        rows[key] = {b"d:event": ev.encode()}
    return rows


def expected_w_types():
    return {b"r1": {b"b:i2": short(-2), b"b:i4": int_(123456), b"b:i8": long_(-(2 ** 63)),
                    b"b:f4": float_(1.5), b"b:f8": double(-2.25e10), b"b:bool": boolean(True),
                    b"b:num": bigdecimal(-12345678901234567890123, 3), b"b:ts": long_(1709214301500),
                    b"t:txt": s("héllo ✓"), b"t:js": s('{"a": [1, 2]}'), b"t:raw": b"\x00\xff"}}


def expected_w_wide():
    return {b"u1": {b"data:1": b"hello", b"data:2": s("grüße"), b"idx:unread": b"1,2"}}


def expected_w_seeds():
    """one table per seed layout, all in family d, one text cell each"""
    return {
        # S1 left(md5(item_id), 5) + item_id
        "w_s1": {(md5_hex("42".encode())[:5] + "42").encode(): {b"d:name": b"answer"},
                 (md5_hex("ключ".encode())[:5] + "ключ").encode(): {b"d:name": s("ключ")}},
        # S4 left(md5(phone), 3) + fixed(phone, 11) + yyyyMMddHHmmss + uid
        "w_s4": {(md5_hex(b"18601134210")[:3] + "18601134210" + "20140624234531" + "f059b84aba2e6095").encode():
                 {b"d:apn": b"cmnet"}},
        # S5 reverse(phone)
        "w_s5": {b"01243110681": {b"d:owner": b"seed"}},
        # S6 reverse(lpad(user_id, 10)) + (Long.MAX_VALUE - epoch_ms(ts)), 19 digits
        "w_s6": {("0000000001"[::-1] + "%019d" % (MAX - 1719272731123)).encode(): {b"d:action": b"login"}},
        # S8 long(bitreverse(id)) + long(epoch_ms(ts))
        "w_s8": {long_(long_reverse(3)) + long_(1704067200000): {b"d:payload": b"three"}},
        # S9 tall lpad(user_id, 8) + lpad(mail_id, 10)
        "w_s9": {b"00000042" + b"0000001000": {b"d:subject": b"hi"}},
    }


def main():
    name = sys.argv[1]
    hb = hbase_rest.Client()
    got = {r["key"]: r["cells"] for r in hb.scan(name)}
    if name == "w_rnd":
        # letter(salt(4, random)) + "-" + name: any bucket a..d
        names = sorted(k[2:].decode() for k in got)
        ok = all(k[:1] in b"abcd" and k[1:2] == b"-" for k in got)
        print("%s: %d rows, buckets valid: %s, names: %s" % (name, len(got), ok, " ".join(names)))
        return
    if name.startswith("w_s") and name in expected_w_seeds():
        want = expected_w_seeds()[name]
    else:
        want = globals()["expected_" + name]()
    if got == want:
        print("%s: %d rows as expected" % (name, len(got)))
        return
    for k in sorted(set(want) | set(got)):
        if want.get(k) != got.get(k):
            print("%s: key %r: want %r, got %r" % (name, k, want.get(k), got.get(k)))


if __name__ == "__main__":
    main()
