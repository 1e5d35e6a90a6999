#!/usr/bin/env python3
"""An HTTP server on 127.0.0.1 that misbehaves on purpose, for locate's network fault tests.
Started by the tests with
  fault_http.py GOOD_FILE
it prints 'PORT <n>' and serves until killed. Paths:
  /ok              200, the bytes of GOOD_FILE (application/json)
  /endless         200, no Content-Length, bytes forever (until the client hangs up)
  /drip            200, Content-Length 1000, one byte every second
  /huge-length     200, Content-Length 10^12, a few bytes, then nothing
  /html            200, an HTML page (text/html)
  /redirect-loop   302 to itself (with a counter), forever
  /redirect-to     302 to the URL in its to= query (percent-encoded)
  /echo-key        200 {"key": the X-API-Key header it got, or null}
  /stall           200, Content-Length 100, headers only, then nothing
  /no-headers      accepts the request and never answers
  /retry-after     503 with Retry-After: 86400
  /huge-header     200, the bytes of GOOD_FILE under a 70,000-character Content-Type
"""
import json, sys, time, urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

GOOD = open(sys.argv[1], "rb").read()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def head(self, status, headers):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.flush()

    def do_GET(self):
        path = self.path.split("?")[0]
        try:
            if path == "/ok":
                self.head(200, [("Content-Type", "application/json"), ("Content-Length", str(len(GOOD)))])
                self.wfile.write(GOOD)
            elif path == "/endless":
                self.head(200, [("Content-Type", "application/json"), ("Connection", "close")])
                chunk = b"[" + b"0," * 32768
                while True:
                    self.wfile.write(chunk)
            elif path == "/drip":
                self.head(200, [("Content-Type", "application/json"), ("Content-Length", "1000")])
                for _ in range(1000):
                    self.wfile.write(b" ")
                    self.wfile.flush()
                    time.sleep(1)
            elif path == "/huge-length":
                self.head(200, [("Content-Type", "application/json"), ("Content-Length", str(10**12))])
                self.wfile.write(b"[")
                self.wfile.flush()
                time.sleep(3600)
            elif path == "/html":
                body = b"<!DOCTYPE html><html><body><h1>Service unavailable</h1></body></html>"
                self.head(200, [("Content-Type", "text/html; charset=utf-8"), ("Content-Length", str(len(body)))])
                self.wfile.write(body)
            elif path == "/redirect-loop":
                n = int(self.path.split("n=")[1]) if "n=" in self.path else 0
                self.head(302, [("Location", "/redirect-loop?n=%d" % (n + 1)), ("Content-Length", "0")])
            elif path == "/stall":
                self.head(200, [("Content-Type", "application/json"), ("Content-Length", "100")])
                time.sleep(3600)
            elif path == "/no-headers":
                time.sleep(3600)
            elif path == "/huge-header":
                self.head(200, [("Content-Type", "application/json; x=" + "y" * 70000), ("Content-Length", str(len(GOOD)))])
                self.wfile.write(GOOD)
            elif path == "/redirect-to":
                to = urllib.parse.unquote(self.path.split("to=", 1)[1])
                self.head(302, [("Location", to), ("Content-Length", "0")])
            elif path == "/echo-key":
                body = json.dumps({"key": self.headers.get("X-API-Key")}).encode()
                self.head(200, [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
                self.wfile.write(body)
            elif path == "/retry-after":
                self.head(503, [("Retry-After", "86400"), ("Content-Length", "0")])
            else:
                self.head(404, [("Content-Length", "0")])
        except (BrokenPipeError, ConnectionResetError):
            pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print("PORT %d" % server.server_address[1], flush=True)
server.serve_forever()
