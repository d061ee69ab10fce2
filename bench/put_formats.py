#!/usr/bin/env python3
# bench/put_formats.py HOST PORT TABLE N - issue 55: the gateway's protobuf CellSet PUT against
# the JSON one hbase_fdw sends, N PUTs of 100 rows of bench/bulk.sh's layout in each format,
# interleaved, on one keep-alive connection per format; each body is built before its clock
# starts, so only the wire and the gateway differ. The table (family d) must exist.
import base64, hashlib, http.client, json, statistics, sys, time
host, port, table, nputs = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7f; n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n: return bytes(out)
def field(num, data): return varint(num << 3 | 2) + varint(len(data)) + data
def rows(batch, offset):
    for g in range(batch * 100 + 1, batch * 100 + 101):
        company = 1 + g // 1000 + offset
        kd = "%06d202401%02d" % (company, 1 + g % 30)
        key = (hashlib.md5(kd.encode()).hexdigest()[:5] + kd + "%06d" % g).encode()
        cost = ("%d.%02d" % (g // 100, g % 100)).encode()
        clicks = g.to_bytes(8, "big")
        yield key, [(b"d:cost", cost), (b"d:clicks", clicks)]
def js(batch, off):
    b64 = lambda x: base64.b64encode(x).decode()
    return json.dumps({"Row": [{"key": b64(k), "Cell": [{"column": b64(c), "$": b64(v)} for c, v in cells]}
                               for k, cells in rows(batch, off)]}, separators=(",", ":")).encode()
def pb(batch, off):
    return b"".join(field(1, field(1, k) + b"".join(field(2, field(2, c) + field(4, v)) for c, v in cells))
                    for k, cells in rows(batch, off))
times = {"json": [], "protobuf": []}
conns = {f: http.client.HTTPConnection(host, port) for f in times}
for i in range(nputs):
    for f in (("json", "protobuf") if i % 2 else ("protobuf", "json")):
        body = js(i, 0) if f == "json" else pb(i, 5000)
        ct = "application/json" if f == "json" else "application/x-protobuf"
        t0 = time.perf_counter()
        conns[f].request("PUT", "/%s/x" % table, body, {"Content-Type": ct, "Accept": "application/json"})
        r = conns[f].getresponse(); r.read()
        times[f].append(time.perf_counter() - t0)
        assert r.status == 200, (f, r.status)
for f, t in times.items():
    print("%-9s body %6d bytes  median %.2f ms  [p25 %.2f  p75 %.2f]" % (f, len(js(0, 0) if f == "json" else pb(0, 5000)),
          1000 * statistics.median(t), 1000 * statistics.quantiles(t, n=4)[0], 1000 * statistics.quantiles(t, n=4)[2]))
print("protobuf / json (median)  %.2f" % (statistics.median(times["protobuf"]) / statistics.median(times["json"])))
