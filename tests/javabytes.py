"""tests/javabytes.py - values as Java's org.apache.hadoop.hbase.util.Bytes.toBytes writes them.

Used by the fixture writers so that test data is encoded independently of hbase_fdw's C code.
"""
import struct


def s(text):
    """Bytes.toBytes(String): UTF-8"""
    return text.encode("utf-8")


def short(v):
    return struct.pack(">h", v)


def int_(v):
    return struct.pack(">i", v)


def long_(v):
    return struct.pack(">q", v)


def float_(v):
    return struct.pack(">f", v)


def double(v):
    return struct.pack(">d", v)


def boolean(v):
    """Bytes.toBytes(boolean): one byte, -1 for true"""
    return b"\xff" if v else b"\x00"


def bigdecimal(unscaled, scale):
    """Bytes.toBytes(BigDecimal): 4-byte scale + BigInteger.toByteArray()"""
    n = max(1, (unscaled.bit_length() + 8) // 8)
    return struct.pack(">i", scale) + unscaled.to_bytes(n, "big", signed=True)
