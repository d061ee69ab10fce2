"""What the stand-in gateways and proxies of the tests share (tests/fake_gateway.py,
tests/hostile_gateway.py, tests/lossy_proxy.py, tests/write_proxy.py, tests/regions_proxy.py):
a threaded HTTP server that goes to the background, a proxy in front of the real gateway, and
the protobuf bits of the CellSets the stand-ins answer with.

Handler: a request handler that logs nothing and answers with reply(status, body, headers);
control() answers GET /quit (the server stops) and GET /stats (the server's stats_line()).
ProxyHandler: a Handler that passes each request but /quit and /stats to proxy(body), which
passes it to the real gateway (srv.upstream, a urlsplit result) with forward_upstream(), over
one keep-alive connection per client connection or a fresh one, and relays the answer with
relay(); a proxy that changes something overrides proxy().
make_server(port, handler) binds 127.0.0.1:port; serve_in_background(srv) returns in the
caller's process only as the parent exits (the command that started it returns once it
listens), and serves in a detached child until 30 s pass without a request (handlers call
srv.touched.set()) or srv.shutdown().
varint(n), field(tag, data): protobuf's varint and a length-delimited field.
"""
import http.client
import http.server
import os
import socketserver
import threading

# headers that belong to one hop, not to the request or answer passed on
HOP_HEADERS = ("connection", "keep-alive", "content-length", "transfer-encoding")


class Handler(http.server.BaseHTTPRequestHandler):
    # a stand-in gateway (not a proxy) serves made-up tables by name: in a run slot of
    # scripts/test (HBASE_TEST_NAMESPACE) hbase_fdw asks for them in the slot's namespace, which
    # such a gateway takes off the path, as if the table were in the default one
    standin = False

    def log_message(self, *args):
        pass

    def parse_request(self):
        ok = super().parse_request()
        ns = os.environ.get("HBASE_TEST_NAMESPACE")
        if ok and self.standin and ns:
            for q in (ns + ":", ns + "%3A", ns + "%3a"):
                if self.path.startswith("/" + q):
                    self.path = "/" + self.path[len(q) + 1:]
        return ok

    def reply(self, status, body=b"", headers=()):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        self.server.touched.set()

    def control(self):
        """GET /quit and GET /stats: answered, and True; anything else False"""
        path = self.path.split("?")[0]
        if path == "/quit":
            self.reply(200)
            threading.Thread(target=self.server.shutdown).start()
            return True
        if path == "/stats" and hasattr(self.server, "stats_line"):
            self.reply(200, self.server.stats_line().encode())
            return True
        return False

    def read_body(self):
        n = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(n) if n else None


class ProxyHandler(Handler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    keep_alive_upstream = True      # False: a fresh upstream connection per request
    upstream_timeout = 60

    def forward(self):
        self.server.touched.set()
        if not self.control():
            self.proxy(self.read_body())

    do_GET = do_PUT = do_POST = do_DELETE = forward

    def proxy(self, body):
        """a request that is not for the proxy itself: passed on as it is (subclasses differ)"""
        answer = self.forward_upstream(body)
        if answer is not None:
            self.relay(answer)

    def upstream(self):
        """the upstream connection of this client connection, kept alive like the client's"""
        conn = getattr(self, "_up", None)
        if conn is None:
            u = self.server.upstream
            conn = http.client.HTTPConnection(u.hostname, u.port, timeout=self.upstream_timeout)
            if self.keep_alive_upstream:
                self._up = conn
        return conn

    def forward_upstream(self, body):
        """the request passed to the gateway: (status, headers, body) of its answer, or None
        when it gave none (this client connection is then closed)"""
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_HEADERS}
        conn = self.upstream()
        try:
            conn.request(self.command, self.path, body=body, headers=headers)
            resp = conn.getresponse()
            answer = (resp.status, resp.getheaders(), resp.read())
        except (OSError, http.client.HTTPException):
            conn.close()
            self._up = None
            self.close_connection = True
            return None
        finally:
            if not self.keep_alive_upstream:
                conn.close()
        return answer

    def relay(self, answer):
        """the gateway's answer to the client; a client that gave up waiting (its
        request_timeout) closes the connection: the gateway did the request anyway"""
        status, headers, data = answer
        try:
            self.send_response(status)
            for k, v in headers:
                if k.lower() not in HOP_HEADERS:
                    self.send_header(k, v)
            if status not in (204, 304):
                self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            if status not in (204, 304):
                self.wfile.write(data)
        except OSError:
            self.close_connection = True

    def finish(self):
        super().finish()
        if getattr(self, "_up", None) is not None:
            self._up.close()


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    # socketserver's backlog of 5 leaves a client's 6th connection opened at once waiting for
    # a SYN retransmit (1 s): a client with 8 connections at once would seem to have 5
    request_queue_size = 64


def make_server(port, handler):
    srv = Server(("127.0.0.1", port), handler)
    srv.touched = threading.Event()
    srv.lock = threading.Lock()
    return srv


def serve_in_background(srv, idle_seconds=30):
    if os.fork() > 0:
        os._exit(0)             # listening: the caller goes on
    os.setsid()
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)

    def idle_exit():
        while srv.touched.wait(idle_seconds):
            srv.touched.clear()
        srv.shutdown()
    threading.Thread(target=idle_exit, daemon=True).start()
    srv.serve_forever()


def varint(n):
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def field(tag, data):
    """a length-delimited protobuf field (tag = field number << 3 | 2)"""
    return bytes([tag]) + varint(len(data)) + data
