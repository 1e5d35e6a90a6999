#!/usr/bin/env python3
"""A fake OpenAQ API v3 on 127.0.0.1 for locate's tests (no test touches the internet).
  fake_openaq.py LOCATIONS_PAGE AIR_FOLDER LOG_FILE
prints 'PORT <n>' and serves until killed. Every request needs the header
`X-API-Key: test-key` (else 401); each request's path and query, and whether it carried a
key, is appended to LOG_FILE (the key itself never is). Under /MODE/v3:
  ok     /locations: LOCATIONS_PAGE; /locations/ID/latest, /sensors/ID/measurements:
         AIR_FOLDER/locations/ID/latest.json, AIR_FOLDER/sensors/ID/measurements.json
  rate   the first request of the server's life answers 429 with Retry-After: 1, then as ok
  loop   /locations: always a full page of 1000 locations (a list that never ends)
  huge   /locations: a page of 1001 results, more than the 1000 asked for
"""
import json, os, sys, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCATIONS = open(sys.argv[1], "rb").read()
AIR = sys.argv[2]
LOG = sys.argv[3]
lock = threading.Lock()
state = {"rate_done": False}


def page(n, start):
    results = [{"id": start + i, "name": "loop %d" % (start + i), "sensors": [],
                "coordinates": {"latitude": 50.0, "longitude": 14.4}} for i in range(n)]
    return json.dumps({"meta": {"name": "openaq-api", "page": 1, "limit": 1000, "found": ">1000"},
                       "results": results}).encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, headers=()):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        key = self.headers.get("X-API-Key")
        with lock:
            with open(LOG, "a") as f:
                f.write("%s\t%s\n" % (self.path, "key" if key else "no-key"))
        if key != "test-key":
            return self.send(401, b'{"detail": "Invalid credentials"}')
        parts = self.path.split("?")[0].strip("/").split("/")
        if len(parts) < 3 or parts[1] != "v3":
            return self.send(404, b'{"detail": "Not Found"}')
        mode, rest = parts[0], parts[2:]
        if mode == "rate":
            with lock:
                first = not state["rate_done"]
                state["rate_done"] = True
            if first:
                return self.send(429, b'{"detail": "Too many requests"}', [("Retry-After", "1")])
        if mode == "loop" and rest == ["locations"]:
            n = int(self.path.split("page=")[1].split("&")[0]) if "page=" in self.path else 1
            return self.send(200, page(1000, n * 1000))
        if mode == "huge" and rest == ["locations"]:
            return self.send(200, page(1001, 1))
        if rest == ["locations"]:
            return self.send(200, LOCATIONS)
        path = os.path.join(AIR, *rest) + ".json"
        if all(p.isalnum() for p in rest) and os.path.isfile(path):
            return self.send(200, open(path, "rb").read())
        return self.send(404, b'{"detail": "Not Found"}')


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print("PORT %d" % server.server_address[1], flush=True)
server.serve_forever()
