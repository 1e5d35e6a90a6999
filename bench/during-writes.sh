#!/usr/bin/env bash
# Shared by bench/serve-during-ingest.sh and bench/soak.sh (sourced, with BIN set): the two
# inputs the ingests alternate, the wrk script, and the loop of ingests back to back.

# Makes $1/a.geojson (N=$2 synthetic toilets, locate-bench generate) and $1/b.geojson (the same
# ids with every name changed: each ingest then changes every place), a pipeline for each
# ($1/a.yml, $1/b.yml), and the database $3 from a (made anew).
make_inputs() {
  local work=$1 n=$2 db=$3 input
  mkdir -p "$work"
  [ -f "$work/a.geojson" ] || "$BIN/locate-bench" generate "$n" "$work/a.geojson" >&2
  [ -f "$work/b.geojson" ] || sed 's/"nazev":"Toaleta č\. /"nazev":"WC /' "$work/a.geojson" >"$work/b.geojson"
  for input in a b; do
    cat >"$work/$input.yml" <<YAML
name: synthetic-$input
kind: toilets
dataset: synthetic
source: { path: $input.geojson, crs: "EPSG:5514" }
timezone: Europe/Prague
id: { field: gid }
fields: { name: nazev, address: adresa, hours: otevreno, price: cena, kind: typ }
region: { west: 14.22, south: 49.94, east: 14.71, north: 50.18 }
YAML
  done
  rm -f "$db" "$db".*
  "$BIN/locate" ingest "$work/a.yml" --db "$db" >/dev/null 2>&1
}

# Writes the wrk script to $1: /v1/toilets/nearest?limit=10 at random points inside Prague;
# at the end one line `RESULT requests=… requests_per_s=… p50_ms=… p99_ms=… max_ms=… errors=… non2xx=…`.
write_nearest_lua() {
  cat >"$1" <<'LUA'
math.randomseed(42)
request = function()
  local lat = 49.96 + math.random() * 0.16
  local lon = 14.26 + math.random() * 0.42
  return wrk.format("GET", string.format("/v1/toilets/nearest?limit=10&lat=%.5f&lon=%.5f", lat, lon))
end
done = function(summary, latency, requests)
  io.write(string.format("RESULT requests=%d requests_per_s=%.0f p50_ms=%.1f p99_ms=%.1f max_ms=%.1f errors=%d non2xx=%d\n",
    summary.requests, summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout, summary.errors.status))
end
LUA
}

# Runs ingests of $1/b.yml and $1/a.yml in turn into the database $2, back to back, until the
# file $3 exists; one line per run in $1/ingests.log (`ok`, or `failed: ` and its last error line).
ingest_loop() {
  local work=$1 db=$2 stop=$3 i=0 input
  rm -f "$work/ingests.log"
  while [ ! -f "$stop" ]; do
    input=$([ $((i % 2)) -eq 0 ] && echo b || echo a)
    if "$BIN/locate" ingest "$work/$input.yml" --db "$db" --wait 600 >/dev/null 2>"$work/ingest.err"; then
      echo ok >>"$work/ingests.log"
    else
      echo "failed: $(tail -1 "$work/ingest.err")" >>"$work/ingests.log"
    fi
    i=$((i + 1))
  done
}
