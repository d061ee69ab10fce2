#!/usr/bin/env python3
"""tests/slot_inputs.py SLOT NAMESPACE DIR - the pg_regress inputs (sql/, expected/) as a run in
scripts/test's run slot SLOT >= 1 sees them, written to DIR/sql and DIR/expected.

Two runs on one HBase (scripts/test's run slots) must not share the ports of the stand-in
gateways and proxies the tests start, and their fixtures live in different HBase namespaces.
The tests are written once, for slot 0; in slot k:

- the ports the tests start their own listeners on (18089, 18093-18099, 18100-18299) are
  moved by 1000*k, in the sql and in the expected outputs alike, so a message that names the
  listener's URL still matches. The shared gateways (18080-18088, 18090-18092, which slot k
  moves itself, 18380, 18443-18446) keep theirs;
- the files the tests write in /tmp (/tmp/hbase_fdw_*, /tmp/wa_*, /tmp/wr_*) are the slot's
  own (/tmp/sK_...), in the sql and the expected outputs alike;
- a request path of an error message or warning that names a table without a namespace
  ("(POST /fdw_split/scanner)") names it in the slot's namespace ("/fdwrun1%3Afdw_split/..."),
  as the request then went there; and a message's HBase table "t" reads "NS:t".

Only the lines pg_regress writes for the server's messages are rewritten: a test's echoed
input stays as the sql file has it.
"""
import os
import re
import sys

PORT = re.compile(r"(?<![0-9])(18089|1809[3-9]|18[12][0-9][0-9])(?![0-9])")
TMPFILE = re.compile(r"(?<![A-Za-z0-9_.-])/tmp/(hbase_fdw_|wa_|wr_)")
MESSAGE = re.compile(r"^(ERROR|WARNING|NOTICE|DETAIL|HINT|CONTEXT):")
# a request's path in a message: METHOD /table/... or /table?...; not /version, /namespaces,
# /status (no table), nor a name already qualified ("ns%3At", "ns:t")
PATH = re.compile(r"\b(GET|POST|PUT|DELETE) /(?!version\b|namespaces\b|status\b)([A-Za-z0-9_.-]+)(?=[/?])")


def moved(text, k):
    text = TMPFILE.sub(lambda m: "/tmp/s%d_%s" % (k, m.group(1)), text)
    return PORT.sub(lambda m: str(int(m.group(1)) + 1000 * k), text)


def qualified(line, ns):
    if not MESSAGE.match(line):
        return line
    return PATH.sub(lambda m: "%s /%s%%3A%s" % (m.group(1), ns, m.group(2)), line)


def main():
    k, ns, out = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    for sub in ("sql", "expected"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
        for name in os.listdir(sub):
            with open(os.path.join(sub, name), encoding="utf-8", errors="surrogateescape") as f:
                text = moved(f.read(), k)
            if sub == "expected":
                text = "".join(qualified(line, ns) for line in text.splitlines(keepends=True))
            with open(os.path.join(out, sub, name), "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(text)


if __name__ == "__main__":
    main()
