"""A threaded HTTP server that goes to the background, for the stand-in gateways of the tests
(tests/fake_gateway.py, tests/lossy_proxy.py).

Handler: a request handler that logs nothing and answers with reply(status, body, headers).
make_server(port, handler) binds 127.0.0.1:port; serve_in_background(srv) returns in the
caller's process only as the parent exits (the command that started it returns once it
listens), and serves in a detached child until 30 s pass without a request (handlers call
srv.touched.set()) or srv.shutdown().
"""
import http.server
import os
import socketserver
import threading


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def reply(self, status, body=b"", headers=()):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        self.server.touched.set()


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(port, handler):
    srv = Server(("127.0.0.1", port), handler)
    srv.touched = threading.Event()
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
