#!/usr/bin/env bash
# The ingest and nearest-query benchmark (issue 2). Release build; prints its figures.
#   bash bench/run.sh              sizes 10000 100000 1000000
#   SIZES="10000 100000" bash bench/run.sh
#   BIN=/tmp/old-bin SIZES=1000000 bash bench/run.sh     binaries of an earlier build
#   PARTS=osm OSM_SIZES="100000" bash bench/run.sh     the OSM part only
#   PARTS=query SIZES=1000000 bash bench/run.sh        the query figures only
#   PARTS=ingest SIZES=1000000 bash bench/run.sh       the ingest table only (NO_OGR=1: without ogr2ogr)
# For each size: generate synthetic S-JTSK points (5 string properties) inside Prague's
# extent, ingest them with reprojection + SpatiaLite spatial index, and time ogr2ogr on the
# same file. On the largest size: nearest-query latency in-process and as whole commands
# (`locate toilet --near … --limit 1` at 200 distinct points, and `locate --help`).
# The build is the released one, `make release` (same flags, RELEASE_FLAGS in the Makefile):
# Swift runtime and Foundation linked in, not position-independent, no exported
# symbols, generic metadata by accessor instead of by mangled name.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=${SIZES:-"10000 100000 1000000"}
OUT=${OUT:-bench/out}
mkdir -p "$OUT"
# BIN=DIR runs the binaries in DIR instead (an earlier build, for a before/after figure).
if [ -z "${BIN:-}" ]; then
  bash scripts/release-build.sh
  BIN=.build/release
fi
now() { date +%s.%N; }
# The two-thread ingest and whole-command timings suffer most from other work on the machine
# (even at nice 19): say so when the load average says it is busy.
load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo 0)
if awk -v l="$load" 'BEGIN { exit !(l > 1.5) }'; then
  echo "warning: load average $load: other work is running, wall-clock figures will be slow and noisy" >&2
fi
# Milliseconds a command takes, timed by bash itself (no process started for the clock).
millis() {
  local t0=$EPOCHREALTIME
  "$@" >/dev/null
  awk -v a="$EPOCHREALTIME" -v b="$t0" 'BEGIN { printf "%.3f", (a - b) * 1000 }'
}
# median and p99 of the numbers on stdin.
summary() {
  sort -n | awk '{a[NR]=$1} END {printf "median_ms=%.1f p99_ms=%.1f min_ms=%.1f runs=%d\n", a[int(NR/2)+1], a[int(NR*0.99)], a[1], NR}'
}

# OSM (issue 12): for each of OSM_SIZES, synthetic OSM toilets in Paris with a realistic tag
# mix (bench/osm_synthetic.py) as an Overpass API JSON answer, ingested by the whole
# `locate ingest` command (format: overpass, bench/osm-bench.yml), against ogr2ogr reading
# the same toilets as GeoJSON into SpatiaLite. Wall time and peak memory (max RSS) of each
# process, by /usr/bin/time.
osm_bench() {
  echo
  echo "OSM toilets: locate ingest of Overpass JSON vs ogr2ogr of the same toilets as GeoJSON"
  printf '%-9s %10s %12s %10s %10s %10s %7s\n' "elements" "locate s" "rows/s" "peak MB" "ogr2ogr s" "ogr MB" "ratio"
  for n in ${OSM_SIZES:-1000000}; do
    local op="$OUT/osm-$n.overpass.json" gj="$OUT/osm-$n.geojson" db="$OUT/osm-$n.sqlite" odb="$OUT/osm-ogr-$n.sqlite"
    [ -f "$op" ] && [ -f "$gj" ] || python3 bench/osm_synthetic.py "$n" "$op" "$gj"
    rm -f "$db" "$db".*.kdt "$odb" "$OUT/time-$n.txt"
    /usr/bin/time -f "%e %M" -o "$OUT/time-$n.txt" \
      "$BIN/locate" ingest bench/osm-bench.yml --source "$op" --db "$db" 2>"$OUT/osm-ingest-$n.log"
    read -r secs kb <"$OUT/time-$n.txt"
    rows=$(grep -oE 'accepted [0-9]+' "$OUT/osm-ingest-$n.log" | head -1 | grep -oE '[0-9]+')
    local ogr="n/a" omb="n/a" ratio="n/a"
    if command -v ogr2ogr >/dev/null; then
      /usr/bin/time -f "%e %M" -o "$OUT/time-ogr-$n.txt" ogr2ogr -f SQLite -dsco SPATIALITE=YES "$odb" "$gj"
      read -r ogr okb <"$OUT/time-ogr-$n.txt"
      omb=$((okb / 1024))
      ratio=$(awk -v a="$ogr" -v b="$secs" 'BEGIN { printf "%.2fx", a / b }')
    fi
    printf '%-9s %10s %12s %10s %10s %10s %7s\n' "$n" "$secs" "$(awk -v r="$rows" -v s="$secs" 'BEGIN { printf "%d", r / s }')" \
      "$((kb / 1024))" "$ogr" "$omb" "$ratio"
  done
}
if [ "${PARTS:-all}" = osm ]; then
  osm_bench
  exit 0
fi

# The nearest-query figures over a database of $1 points (ingested first when missing):
# in-process, whole `locate toilet --near … --limit 1` commands at 200 distinct points, and
# `locate --help`.
query_bench() {
  local db="$OUT/locate-$1.sqlite"
  if [ ! -f "$db" ]; then
    [ -f "$OUT/synthetic-$1.geojson" ] || "$BIN/locate-bench" generate "$1" "$OUT/synthetic-$1.geojson"
    "$BIN/locate-bench" ingest "$OUT/synthetic-$1.geojson" "$db" >/dev/null
  fi
  echo "nearest queries over $1 points, in-process (20,000 random points in Prague):"
  "$BIN/locate-bench" nearest "$db" 20000 | sed 's/^/  /'
  "$BIN/locate" toilet --near 50.08,14.42 --limit 1 --db "$db" >/dev/null # builds the nearest index once
  echo "whole 'locate toilet --near … --limit 1' commands (200 runs, distinct points):"
  for i in $(seq 1 200); do
    lat=$(printf '50.%04d' $(( (i * 37) % 1500 + 300 )))
    lon=$(printf '14.%04d' $(( (i * 53) % 4000 + 2500 )))
    millis "$BIN/locate" toilet --near "$lat,$lon" --limit 1 --db "$db"
    echo
  done | summary | sed 's/^/  /'
  echo "whole 'locate --help' commands (200 runs):"
  for i in $(seq 1 200); do
    millis "$BIN/locate" --help
    echo
  done | summary | sed 's/^/  /'
}
# PARTS=query: only the query figures, on the database of the largest of SIZES (the same
# database for a before/after pair: BIN=DIR PARTS=query … then PARTS=query …).
if [ "${PARTS:-all}" = query ]; then
  largest=${SIZES##* }
  query_bench "$largest"
  exit 0
fi

# Wall seconds and processor seconds (user + system, which do not depend on the other
# processes of a shared machine) of each ingest; PARTS=ingest stops after this table.
# NO_OGR=1 skips ogr2ogr (a before/after pair of locate builds: BIN=DIR NO_OGR=1 …).
printf '%-9s %10s %8s %12s %10s %10s %8s %7s\n' "points" "locate s" "cpu s" "rows/s" "peak MB" "ogr2ogr s" "cpu s" "ratio"
largest=""
for n in $SIZES; do
  src="$OUT/synthetic-$n.geojson"
  [ -f "$src" ] || "$BIN/locate-bench" generate "$n" "$src"
  rm -f "$OUT/locate-$n.sqlite" "$OUT/locate-$n.sqlite".*.kdt "$OUT/ogr-$n.sqlite"
  line=$(/usr/bin/time -f "%U %S" -o "$OUT/cpu-$n.txt" "$BIN/locate-bench" ingest "$src" "$OUT/locate-$n.sqlite")
  cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$OUT/cpu-$n.txt")
  secs=$(sed -E 's/.*seconds=([0-9.]+).*/\1/' <<<"$line")
  rps=$(sed -E 's/.*rows_per_s=([0-9]+).*/\1/' <<<"$line")
  mb=$(sed -E 's/.*peak_rss_mb=([0-9]+).*/\1/' <<<"$line")
  ogr="n/a"; ocpu="n/a"; ratio="n/a"
  if [ -z "${NO_OGR:-}" ] && command -v ogr2ogr >/dev/null; then
    t0=$(now)
    /usr/bin/time -f "%U %S" -o "$OUT/cpu-ogr-$n.txt" \
      ogr2ogr -f SQLite -dsco SPATIALITE=YES -t_srs EPSG:4326 "$OUT/ogr-$n.sqlite" "$src"
    ogr=$(awk -v a="$(now)" -v b="$t0" 'BEGIN { printf "%.2f", a - b }')
    ocpu=$(awk '{ printf "%.2f", $1 + $2 }' "$OUT/cpu-ogr-$n.txt")
    ratio=$(awk -v a="$ogr" -v b="$secs" 'BEGIN { printf "%.2fx", a / b }')
  fi
  printf '%-9s %10s %8s %12s %10s %10s %8s %7s\n' "$n" "$secs" "$cpu" "$rps" "$mb" "$ogr" "$ocpu" "$ratio"
  largest=$n
done
[ "${PARTS:-all}" = ingest ] && exit 0

db="$OUT/locate-$largest.sqlite"
echo
query_bench "$largest"
echo
echo "opening hours, evaluations per second (200,000 instants over a year, Europe/Prague):"
"$BIN/locate-bench" hours 200000 | sed 's/^/  /'
echo
echo "GeoJSON export of the $largest-point database (ogr2ogr -f GeoJSON -lco RFC7946=YES on the same database):"
rm -f "$OUT/export-$largest.geojson" "$OUT/ogr-export-$largest.geojson"
line=$("$BIN/locate-bench" export "$db" "$OUT/export-$largest.geojson")
secs=$(sed -E 's/.*seconds=([0-9.]+).*/\1/' <<<"$line")
echo "  locate: $line"
if command -v ogr2ogr >/dev/null; then
  t0=$(now)
  ogr2ogr -f GeoJSON -lco RFC7946=YES "$OUT/ogr-export-$largest.geojson" "$db" toilets
  ogr=$(awk -v a="$(now)" -v b="$t0" 'BEGIN { printf "%.2f", a - b }')
  echo "  ogr2ogr: seconds=$ogr ratio=$(awk -v a="$ogr" -v b="$secs" 'BEGIN { printf "%.2fx", a / b }')"
fi
osm_bench
