#!/usr/bin/env python3
"""A fake GIOŚ API on 127.0.0.1 for locate's tests. Started by the tests with
  fake_gios.py V1_FIXTURES LEGACY_FOLDER LEGACY_STATION_LIST
it prints 'PORT <n>' and serves until killed.

v1 (/MODE/v1/rest/...): the recorded fixtures of ../shared/datasets/gios-v1.
legacy (/MODE/rest/...): the bytes of LEGACY_FOLDER/<path>.json as they are (the project's
own sample, datasets/gios-air-sample), and station/findAll from LEGACY_STATION_LIST.

A first path segment selects a behaviour:
  /ok/v1/rest/...          plain
  /flaky429/v1/rest/...    every URL answers 429 (Retry-After: 0) once, then normally
  /flaky500/v1/rest/...    every URL answers 500 twice, then normally
  /down/v1/rest/...        always 503
  /slow/v1/rest/...        the index answers its first request after 3 s (past the client's timeout)
  /truncated/v1/rest/...   the index JSON is cut in half
  /pagechange/v1/rest/...  page 1 of a sensor's data says totalPages changed
  /split/v1/rest/...       station/findAll answers one station per page (totalPages 2)
Sensor 3764's data has two pages (page 1 = page 0's rows, 20 hours earlier); other data
pages say totalPages 1 so that nothing is invented.
"""
import json, os, sys, threading, time, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse, parse_qs

FIXTURES = sys.argv[1]
LEGACY = sys.argv[2] if len(sys.argv) > 2 else None
LEGACY_STATIONS = sys.argv[3] if len(sys.argv) > 3 else None
seen = {}
lock = threading.Lock()

def load(name):
    with open(os.path.join(FIXTURES, name), encoding="utf-8") as f:
        return json.load(f)

def shifted(doc, hours):
    out = json.loads(json.dumps(doc))
    for row in out["Lista danych pomiarowych"]:
        t = datetime.datetime.strptime(row["Data"], "%Y-%m-%d %H:%M:%S") - datetime.timedelta(hours=hours)
        row["Data"] = t.strftime("%Y-%m-%d %H:%M:%S")
    return out

class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send(self, status, body, headers=()):
        data = body if isinstance(body, bytes) else json.dumps(body, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urlparse(self.path)
        parts = url.path.strip("/").split("/")
        page = int(parse_qs(url.query).get("page", ["0"])[0])
        legacy = len(parts) > 1 and parts[1] == "rest"
        mode, rest = parts[0], parts[2:] if legacy else parts[3:]  # mode / [v1 /] rest / ...
        with lock:
            seen[self.path] = seen.get(self.path, 0) + 1
            count = seen[self.path]
        if mode == "down":
            return self.send(503, {"error": "down"})
        if mode == "flaky429" and count == 1:
            return self.send(429, {"error": "slow down"}, [("Retry-After", "0")])
        if mode == "flaky500" and count <= 2:
            return self.send(500, {"error": "oops"})
        if legacy:
            name = LEGACY_STATIONS if rest == ["station", "findAll"] else os.path.join(LEGACY, *rest) + ".json"
            if ".." in rest or not os.path.isfile(name):
                return self.send(404, b"not found")
            with open(name, "rb") as f:
                return self.send(200, f.read())
        if rest[:2] == ["station", "findAll"]:
            doc = load("stations.json")
            if mode == "split":
                key = "Lista stacji pomiarowych"
                doc[key] = doc[key][page : page + 1]
                doc["totalPages"] = 2
            return self.send(200, doc)
        if rest[:2] == ["station", "sensors"]:
            return self.send(200, load("station.json"))
        if rest[:2] == ["data", "getData"]:
            sensor = rest[2]
            doc = load("sensor_%s.json" % sensor)
            if "error_code" in doc:
                return self.send(400, doc)
            if sensor == "3764":
                doc["totalPages"] = 3 if (mode == "pagechange" and page == 1) else 2
                return self.send(200, shifted(doc, 20 * page))
            doc["totalPages"] = 1
            return self.send(200, doc)
        if rest[:2] == ["aqindex", "getIndex"]:
            if mode == "slow" and count == 1:
                time.sleep(3)
            body = json.dumps(load("indexes.json"), ensure_ascii=False).encode()
            if mode == "truncated":
                body = body[: len(body) // 2]
            return self.send(200, body)
        return self.send(404, b"not found")

def watchdog(parent):
    # Stop by itself: when the test that started it is gone, or after 10 minutes at most
    # (LOCATE_TEST_SERVER_SECONDS: longer, for scripts/tsan.sh, where one test can run
    # longer than that under ThreadSanitizer and a loaded machine).
    deadline = time.time() + float(os.environ.get("LOCATE_TEST_SERVER_SECONDS", "600"))
    while time.time() < deadline and os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)

server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=watchdog, args=(os.getppid(),), daemon=True).start()
print("PORT %d" % server.server_address[1], flush=True)
server.serve_forever()
