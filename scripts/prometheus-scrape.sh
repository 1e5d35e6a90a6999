#!/usr/bin/env bash
# A real Prometheus scrapes a real `locate serve` once and prints what it stored (issue 35 §5):
# the bundled samples in a temporary database, the release server on a free port, prometheus
# (Debian `prometheus`, scripts/setup.sh --test) scraping /metrics every second until its first
# scrape is in, then its answers to `up` and to a few of locate's families.
#   scripts/prometheus-scrape.sh            uses .build/release/locate (make release)
#   LOCATE_BIN=path scripts/prometheus-scrape.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LOCATE_BIN:-.build/release/locate}
command -v prometheus >/dev/null || { echo "prometheus-scrape: prometheus is missing (scripts/setup.sh --test)" >&2; exit 1; }
[ -x "$bin" ] || { echo "prometheus-scrape: $bin is missing (make release)" >&2; exit 1; }
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
db=$work/locate.sqlite
for p in prague-toilets-sample gios-stations-sample gios-air-sample; do
  "$bin" ingest "pipelines/$p.yml" --db "$db" >/dev/null
done
"$bin" serve --db "$db" --port 0 2>"$work/serve.log" &
pids+=($!)
port=
for _ in $(seq 1 300); do
  port=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\).*|\1|p' "$work/serve.log")
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { echo "prometheus-scrape: locate serve did not start: $(cat "$work/serve.log")" >&2; exit 1; }
curl -fsS "http://127.0.0.1:$port/v1/toilets/nearest?lat=50.0875&lon=14.4214&limit=1" >/dev/null
curl -sS "http://127.0.0.1:$port/v1/nothing" >/dev/null
cat >"$work/prometheus.yml" <<YAML
global: {scrape_interval: 1s}
scrape_configs:
  - job_name: locate
    static_configs: [{targets: ["127.0.0.1:$port"]}]
YAML
# Prometheus' own port: a free one, picked by binding port 0.
pport=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/tsdb" \
  --web.listen-address="127.0.0.1:$pport" >"$work/prometheus.log" 2>&1 &
pids+=($!)
query() { curl -fsS --get "http://127.0.0.1:$pport/api/v1/query" --data-urlencode "query=$1"; }
for _ in $(seq 1 120); do
  if query 'up{job="locate"}' 2>/dev/null | grep -q '"value":\[[0-9.]*,"1"\]'; then break; fi
  sleep 0.5
done
for q in 'up{job="locate"}' 'locate_http_requests_total' 'locate_data_age_seconds' 'locate_data_stale' \
  'histogram_quantile(0.5, sum by (le) (locate_http_request_duration_seconds_bucket))'; do
  echo "== $q"
  query "$q" | python3 -c 'import json,sys
for r in json.load(sys.stdin)["data"]["result"]:
    print(" ", {k: v for k, v in r["metric"].items() if k not in ("instance", "job")}, r["value"][1])'
done
query 'up{job="locate"}' | grep -q '"value":\[[0-9.]*,"1"\]' || { echo "prometheus-scrape: no successful scrape" >&2; exit 1; }
