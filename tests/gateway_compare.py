#!/usr/bin/env python3
"""tests/gateway_compare.py - are two pg_regress outputs the same results?

Usage: tests/gateway_compare.py REFERENCE.out OTHER.out
Compares the output of a test run through the local HBase 2.6 REST gateway (REFERENCE) with
the output of the same test run through a gateway of another HBase version (OTHER), ignoring
only what may differ between gateways without changing a result: the HTTP requests and rows
received that EXPLAIN ANALYZE counts, the fallbacks it names, the rows a local filter removed
after a fallback scan, the gateway's port in messages, and psql's table widths. Prints a
unified diff of the normalized texts and exits 1 when they differ.
"""
import difflib
import re
import sys

SKIP = re.compile(r"^(HBase Requests|HBase Rows Received|HBase Gateway Fallback|"
                  r"HBase Scans Resumed|Rows Removed by Filter):")
RULE = re.compile(r"^-+(\+-+)*$")
COUNT = re.compile(r"^\(\d+ rows?\)$")
PORT = re.compile(r"127\.0\.0\.1:\d+")


def normalize(path):
    out = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = " ".join(line.split())
            if SKIP.match(line) or RULE.match(line) or COUNT.match(line):
                continue
            out.append(PORT.sub("127.0.0.1:PORT", line) + "\n")
    return out


def main():
    ref, other = sys.argv[1], sys.argv[2]
    a, b = normalize(ref), normalize(other)
    if a == b:
        return 0
    sys.stdout.writelines(difflib.unified_diff(a, b, ref, other, n=2))
    return 1


if __name__ == "__main__":
    sys.exit(main())
