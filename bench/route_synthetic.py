#!/usr/bin/env python3
"""A city-sized synthetic street network and toilets for bench/route.sh (issue 26).

Writes OUT/grid.osm: an N x N grid of nodes 50 m apart (about 60.10 N, 24.80 E), every edge a
way of its own (highway=residential, or footway on every 7th line, steps on every 11th), so
2 N (N - 1) ways (N = 230: 105,340 ways, an 11.5 km square); OUT/toilets.geojson: T toilets
at seeded random points (format osm-geojson, ids node/9000000000+i), a tenth wheelchair=no;
and OUT/toilets.yml, the pipeline that reads them.
    python3 bench/route_synthetic.py OUT [N] [T]
"""
import json, math, random, sys

out = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 230
count = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
lat0, lon0, step = 60.10, 24.80, 50.0
dlat = step / 111_320.0
dlon = step / (111_320.0 * math.cos(math.radians(lat0)))
with open(f"{out}/grid.osm", "w") as f:
    f.write("<?xml version='1.0' encoding='UTF-8'?>\n<osm version='0.6' generator='bench/route_synthetic.py'>\n")
    for i in range(n):
        for j in range(n):
            f.write(f" <node id='{i * n + j + 1}' version='1' lat='{lat0 + i * dlat:.7f}' lon='{lon0 + j * dlon:.7f}'/>\n")
    way = 1
    def kind(line):
        return "steps" if line % 11 == 5 else "footway" if line % 7 == 3 else "residential"
    for i in range(n):
        for j in range(n - 1):
            for a, b, line in (((i * n + j + 1), (i * n + j + 2), i), ((j * n + i + 1), ((j + 1) * n + i + 1), n + i)):
                f.write(f" <way id='{way}' version='1'><nd ref='{a}'/><nd ref='{b}'/>"
                        f"<tag k='highway' v='{kind(line)}'/><tag k='name' v='Street {line}'/></way>\n")
                way += 1
    f.write("</osm>\n")
rng = random.Random(26)
features = []
for k in range(count):
    lat = lat0 + rng.uniform(0, (n - 1) * dlat)
    lon = lon0 + rng.uniform(0, (n - 1) * dlon)
    props = {"@id": f"node/{9_000_000_000 + k}", "amenity": "toilets"}
    if k % 10 == 0:
        props["wheelchair"] = "no"
    if k % 3 == 0:
        props["opening_hours"] = "Mo-Su 08:00-20:00"
    features.append({"type": "Feature", "properties": props, "geometry": {"type": "Point", "coordinates": [round(lon, 7), round(lat, 7)]}})
json.dump({"type": "FeatureCollection", "features": features}, open(f"{out}/toilets.geojson", "w"))
north, east = lat0 + n * dlat, lon0 + n * dlon
open(f"{out}/toilets.yml", "w").write(f"""# SYNTHETIC toilets on a synthetic grid (bench/route_synthetic.py)
name: route-synthetic
kind: toilets
dataset: route-synthetic
description: SYNTHETIC toilets for the routing benchmark
source:
  path: toilets.geojson
  format: osm-geojson
timezone: Europe/Helsinki
country: FI
licence: CC0 (synthetic)
attribution: locate benchmark
fields:
  hours: opening_hours
  wheelchair: wheelchair
region: {{ west: {lon0 - 0.01}, south: {lat0 - 0.01}, east: {east + 0.01}, north: {north + 0.01} }}
""")
print(f"ways={way - 1} nodes={n * n} toilets={count} center={lat0 + (n - 1) * dlat / 2:.5f},{lon0 + (n - 1) * dlon / 2:.5f}")
