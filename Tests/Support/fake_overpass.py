#!/usr/bin/env python3
"""A fake Overpass API interpreter on 127.0.0.1, for locate's live-Overpass tests (no test
touches the internet). Started by the tests with
  fake_overpass.py ANSWER_FILE
it prints 'PORT <n>' and serves until killed. Every request must be a GET with a `data`
parameter holding an Overpass QL query that asks for JSON (`[out:json]`), else 400. The
first path segment picks the behaviour, the rest is ignored (`/ok/api/interpreter`):
  /ok             200, the bytes of ANSWER_FILE (application/json)
  /slow           waits 60 s before answering (the client's deadline ends it first)
  /busy           429 with Retry-After: 0, every time
  /busy-once      429 with Retry-After: 1 on the first request of the server's life, then as /ok
  /busy-long      429 with Retry-After: 86400
  /remark         200, two elements and a remark reporting a runtime error (query timed out)
  /truncated      200, the first half of ANSWER_FILE (a complete response of broken JSON)
  /html           200, an HTML error page (text/html)
  /last-query     200, text/plain: the query of the last interpreter request (for asserts)
"""
import sys, time, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit, parse_qs

ANSWER = open(sys.argv[1], "rb").read()
REMARK = (b'{"version":0.6,"generator":"fake Overpass","osm3s":{"timestamp_osm_base":"2026-11-01T00:00:00Z"},'
          b'"elements":[{"type":"node","id":1,"lat":48.85,"lon":2.35,"tags":{"amenity":"toilets"}},'
          b'{"type":"node","id":2,"lat":48.86,"lon":2.34,"tags":{"amenity":"toilets"}}],'
          b'"remark":"runtime error: Query timed out in \\"query\\" at line 3 after 26 seconds."}')
HTML = (b"<?xml version=\"1.0\" encoding=\"UTF-8\"?><!DOCTYPE html><html><head><title>OSM3S Response</title></head>"
        b"<body><p><strong style=\"color:#FF0000\">Error</strong>: runtime error: open64: 0 Success</p></body></html>")
state = {"busy_once": 0, "last_query": ""}
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, content_type="application/json", extra=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for k, v in extra:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        parts = urlsplit(self.path)
        mode = parts.path.strip("/").split("/")[0]
        try:
            if mode == "last-query":
                with lock:
                    q = state["last_query"]
                return self.send(200, q.encode(), "text/plain; charset=utf-8")
            query = parse_qs(parts.query).get("data", [""])[0]
            with lock:
                state["last_query"] = query
            if not query.startswith("[out:json]"):
                return self.send(400, b"<html><body>Error: no [out:json] query</body></html>", "text/html")
            if mode == "ok":
                self.send(200, ANSWER)
            elif mode == "slow":
                time.sleep(60)
                self.send(200, ANSWER)
            elif mode == "busy":
                self.send(429, b"", "text/plain", [("Retry-After", "0")])
            elif mode == "busy-once":
                with lock:
                    state["busy_once"] += 1
                    first = state["busy_once"] == 1
                if first:
                    self.send(429, b"", "text/plain", [("Retry-After", "1")])
                else:
                    self.send(200, ANSWER)
            elif mode == "busy-long":
                self.send(429, b"", "text/plain", [("Retry-After", "86400")])
            elif mode == "remark":
                self.send(200, REMARK)
            elif mode == "truncated":
                self.send(200, ANSWER[: len(ANSWER) // 2])
            elif mode == "html":
                self.send(200, HTML, "text/html; charset=utf-8")
            else:
                self.send(404, b"", "text/plain")
        except (BrokenPipeError, ConnectionResetError):
            pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print("PORT %d" % server.server_address[1], flush=True)
server.serve_forever()
