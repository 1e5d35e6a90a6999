#!/usr/bin/env bash
# Nearest for many points at once (issue 39 §2): `locate toilet --near-file` over POINTS
# input points against the 458 real Prague toilets (../shared/datasets, 2026) and against
# 1,000,000 synthetic ones, k = 1 and 5, with and without --open-now; then the same k = 1
# question answered by geopandas `sjoin_nearest` (PyPI, in S-JTSK EPSG:5514, metres) and
# by PostGIS KNN (geography `<->` in a LATERAL join), each loading the data as its users
# would, with the largest distance difference against ours (geodesic, WGS84).
#   bash bench/nearest-batch.sh                     1,000,000 points, every part
#   POINTS=100000 bash bench/nearest-batch.sh       fewer points
#   PEERS=none bash bench/nearest-batch.sh          locate only (PEERS="geopandas postgis" by default)
# Points per second per core: input points / (user + system CPU seconds) of the process
# (locate answers on one thread; wall time is printed too). Peers: scripts/setup.sh --bench
# installs PostgreSQL and PostGIS; geopandas goes into a venv under $OUT.
set -euo pipefail
cd "$(dirname "$0")/.."
POINTS=${POINTS:-1000000}
PEERS=${PEERS:-"geopandas postgis"}
OUT=${OUT:-bench/out}
SYNTHETIC=${SYNTHETIC:-1000000}
mkdir -p "$OUT"
if [ -z "${BIN:-}" ]; then
  bash scripts/release-build.sh locate locate-bench
  BIN=.build/release
fi
REAL=../shared/datasets/prague-toilets-2026.geojson
[ -f "$REAL" ] || { echo "nearest-batch: $REAL is absent (../shared/datasets)" >&2; exit 1; }

# The input points: seeded, uniform over Prague's extent (the synthetic toilets' area),
# id,lat,lon with 6 decimals.
pts="$OUT/batch-points-$POINTS.csv"
[ -f "$pts" ] || python3 - "$POINTS" "$pts" <<'EOF'
import random, sys
n, path = int(sys.argv[1]), sys.argv[2]
r = random.Random(39)
with open(path, "w") as f:
    f.write("id,lat,lon\n")
    for i in range(n):
        f.write(f"p{i},{r.uniform(49.95, 50.17):.6f},{r.uniform(14.24, 14.70):.6f}\n")
EOF

real_db="$OUT/batch-real.sqlite"
[ -f "$real_db" ] || "$BIN/locate" ingest pipelines/prague-toilets-2026.yml --db "$real_db" >/dev/null
synth_db="$OUT/batch-synthetic-$SYNTHETIC.sqlite"
if [ ! -f "$synth_db" ]; then
  [ -f "$OUT/synthetic-$SYNTHETIC.geojson" ] || "$BIN/locate-bench" generate "$SYNTHETIC" "$OUT/synthetic-$SYNTHETIC.geojson"
  "$BIN/locate-bench" ingest "$OUT/synthetic-$SYNTHETIC.geojson" "$synth_db" >/dev/null
fi

load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo 0)
echo "nearest-batch: $POINTS input points; load average $load (2 cores shared: wall figures vary)"
printf '%-22s %2s %-10s %8s %8s %12s %8s\n' "toilets" "k" "filter" "wall s" "cpu s" "points/s/core" "peak MB"
run() { # label db k filter...
  local label=$1 db=$2 k=$3
  shift 3
  /usr/bin/time -f "%e %U %S %M" -o "$OUT/batch-time.txt" \
    "$BIN/locate" toilet --near-file "$pts" --limit "$k" "$@" --format csv --db "$db" >"$OUT/batch-$label-$k$*.csv"
  read -r wall user sys kb <"$OUT/batch-time.txt"
  awk -v l="$label" -v k="$k" -v f="${*:-none}" -v w="$wall" -v u="$user" -v s="$sys" -v kb="$kb" -v n="$POINTS" \
    'BEGIN { printf "%-22s %2d %-10s %8.2f %8.2f %12.0f %8.0f\n", l, k, f, w, u + s, n / (u + s), kb / 1024 }'
}
for k in 1 5; do
  for filter in "" "--open-now"; do
    # shellcheck disable=SC2086
    run "prague-458" "$real_db" "$k" $filter
    # shellcheck disable=SC2086
    run "synthetic-$SYNTHETIC" "$synth_db" "$k" $filter
  done
done
ours="$OUT/batch-prague-458-1.csv"

# The largest distance difference of a peer's k = 1 answer (id,distance_m per line) against
# ours, in metres; and the points whose nearest toilet differs (ties and near-ties).
compare() { # peer-file
  python3 - "$ours" "$1" <<'EOF'
import csv, sys
ours = {}
with open(sys.argv[1], newline="") as f:
    for row in csv.DictReader(f):
        ours.setdefault(row["input_id"], (float(row["distance_m"]), row["source_id"]))
worst, other = 0.0, 0
with open(sys.argv[2], newline="") as f:
    for row in csv.reader(f):
        d, sid = ours[row[0]]
        worst = max(worst, abs(float(row[1]) - d))
        other += sid != row[2]
print(f"largest distance difference {worst:.3f} m; another nearest toilet at {other} points")
EOF
}

for peer in $PEERS; do
  case $peer in
  geopandas)
    [ -x "$OUT/venv/bin/python" ] || { python3 -m venv "$OUT/venv" && "$OUT/venv/bin/pip" install -q geopandas pyogrio pyproj shapely; }
    /usr/bin/time -f "%e %U %S %M" -o "$OUT/batch-time.txt" "$OUT/venv/bin/python" - "$REAL" "$pts" "$OUT/batch-geopandas.csv" <<'EOF'
import sys, time
import geopandas as gpd, pandas as pd
toilets = gpd.read_file(sys.argv[1]).to_crs(5514)
points = pd.read_csv(sys.argv[2])
points = gpd.GeoDataFrame(points, geometry=gpd.points_from_xy(points.lon, points.lat), crs=4326).to_crs(5514)
joined = gpd.sjoin_nearest(points, toilets[["globalid", "geometry"]], distance_col="distance_m")
joined = joined[~joined.index.duplicated()]
joined[["id", "distance_m", "globalid"]].to_csv(sys.argv[3], header=False, index=False)
EOF
    read -r wall user sys kb <"$OUT/batch-time.txt"
    awk -v w="$wall" -v u="$user" -v s="$sys" -v kb="$kb" -v n="$POINTS" \
      'BEGIN { printf "%-22s %2d %-10s %8.2f %8.2f %12.0f %8.0f   geopandas sjoin_nearest (EPSG:5514)\n", "prague-458", 1, "none", w, u + s, n / (u + s), kb / 1024 }'
    compare "$OUT/batch-geopandas.csv"
    ;;
  postgis)
    bash scripts/setup.sh --bench
    # The first cluster, started for the run when it is down (and stopped again after).
    read -r version cluster _ status _ < <(pg_lsclusters -h | head -1)
    [ "$status" = online ] || pg_ctlcluster "$version" "$cluster" start
    psql_() { su postgres -c "psql -qAtX -v ON_ERROR_STOP=1 $*"; }
    psql_ "-c 'DROP DATABASE IF EXISTS locate_bench'" && psql_ "-c 'CREATE DATABASE locate_bench'"
    psql_ "-d locate_bench -c 'CREATE EXTENSION postgis'"
    # The toilets as a user loads a GeoJSON (ogr2ogr into PostGIS), the points by COPY.
    t0=$EPOCHREALTIME
    su postgres -c "ogr2ogr -f PostgreSQL PG:dbname=locate_bench '$(realpath "$REAL")' -nln toilets -lco GEOMETRY_NAME=geom"
    psql_ "-d locate_bench -c 'ALTER TABLE toilets ADD COLUMN geog geography; UPDATE toilets SET geog = geom::geography; CREATE INDEX ON toilets USING gist (geog)'"
    psql_ "-d locate_bench -c 'CREATE TABLE points (id text, lat float8, lon float8)'"
    su postgres -c "psql -qAtX -d locate_bench -c \"\\copy points FROM '$(realpath "$pts")' CSV HEADER\""
    psql_ "-d locate_bench -c 'ALTER TABLE points ADD COLUMN geog geography; UPDATE points SET geog = ST_MakePoint(lon, lat)::geography; ANALYZE'"
    loaded=$(awk -v a="$EPOCHREALTIME" -v b="$t0" 'BEGIN { printf "%.1f", a - b }')
    t0=$EPOCHREALTIME
    su postgres -c "psql -qAtX -d locate_bench -F, -c \"SELECT p.id, ST_Distance(p.geog, t.geog), t.globalid FROM points p CROSS JOIN LATERAL (SELECT geog, globalid FROM toilets ORDER BY toilets.geog <-> p.geog LIMIT 1) t\"" >"$OUT/batch-postgis.csv"
    wall=$(awk -v a="$EPOCHREALTIME" -v b="$t0" 'BEGIN { printf "%.2f", a - b }')
    awk -v w="$wall" -v n="$POINTS" -v l="$loaded" \
      'BEGIN { printf "%-22s %2d %-10s %8.2f %8s %12.0f %8s   PostGIS geography <-> LATERAL (query wall; loading %s s)\n", "prague-458", 1, "none", w, "-", n / w, "-", l }'
    compare "$OUT/batch-postgis.csv"
    [ "$status" = online ] || pg_ctlcluster "$version" "$cluster" stop
    ;;
  none) ;;
  esac
done
