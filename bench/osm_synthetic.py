#!/usr/bin/env python3
"""Synthetic OpenStreetMap toilets for the ingest benchmark (bench/run.sh): N elements
inside Paris as an Overpass API JSON answer (`out center`) and the same toilets as
osm-geojson (the way Overpass turbo exports them), written as they are generated (memory
stays flat). Seeded: the same N gives the same files.
  osm_synthetic.py N OVERPASS_JSON OSM_GEOJSON
The tag mix follows what real OSM toilets carry (see the Paris and Rome extracts): most
are amenity=toilets nodes, some ways with a centre, some other amenities with toilets=yes;
name, opening_hours, fee/charge, wheelchair, access, changing_table, unisex,
toilets:disposal, operator, check_date and addresses each on a share of them."""
import json, random, sys

n, overpass_path, geojson_path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
rng = random.Random(42)
HOURS = ["24/7", "Mo-Su 06:00-22:00", "Mo-Fr 08:00-20:00; Sa,Su 10:00-18:00", "sunrise-sunset",
         "Mo-Sa 07:30-23:00; PH off", "Apr-Sep 08:00-21:00; Oct-Mar 08:00-18:00"]
STREETS = ["Rue de Rivoli", "Boulevard Saint-Germain", "Avenue des Champs-Élysées", "Rue Oberkampf",
           "Quai de la Tournelle", "Place de la République"]


def tags_for(i):
    t = {}
    if rng.random() < 0.9:
        t["amenity"] = "toilets"
    else:
        t["amenity"] = rng.choice(["cafe", "restaurant", "fuel", "fast_food"])
        t["toilets"] = "yes"
    if rng.random() < 0.3:
        t["name"] = "Toilettes %d" % i
    if rng.random() < 0.4:
        t["opening_hours"] = rng.choice(HOURS)
    r = rng.random()
    if r < 0.5:
        t["fee"] = "no"
    elif r < 0.7:
        t["fee"] = "yes"
        if rng.random() < 0.5:
            t["charge"] = rng.choice(["0.50 EUR", "1 EUR", "0.70 EUR"])
    elif r < 0.72:
        t["fee"] = "donation"
    if rng.random() < 0.5:
        t["wheelchair"] = rng.choice(["yes", "no", "limited", "designated"])
    if rng.random() < 0.4:
        t["access"] = rng.choice(["yes", "public", "customers", "private", "permissive"])
    if rng.random() < 0.15:
        t["changing_table"] = rng.choice(["yes", "no"])
    if rng.random() < 0.2:
        t["unisex"] = "yes"
    if rng.random() < 0.3:
        t["toilets:disposal"] = rng.choice(["flush", "chemical", "pitlatrine"])
    if rng.random() < 0.2:
        t["operator"] = rng.choice(["Ville de Paris", "JCDecaux", "RATP"])
    if rng.random() < 0.1:
        t["check_date"] = "2025-%02d-%02d" % (rng.randint(1, 12), rng.randint(1, 28))
    if rng.random() < 0.15:
        t["addr:street"] = rng.choice(STREETS)
        t["addr:housenumber"] = str(rng.randint(1, 200))
        t["addr:city"] = "Paris"
    return t


with open(overpass_path, "w") as op, open(geojson_path, "w") as gj:
    op.write('{"version":0.6,"generator":"SYNTHETIC data for the locate benchmark","osm3s":'
             '{"timestamp_osm_base":"2026-11-01T00:00:00Z","copyright":"synthetic"},"elements":[\n')
    gj.write('{"type":"FeatureCollection","generator":"SYNTHETIC data for the locate benchmark","features":[\n')
    for i in range(n):
        lat = "%.7f" % rng.uniform(48.815, 48.905)
        lon = "%.7f" % rng.uniform(2.225, 2.465)
        tags = tags_for(i)
        if rng.random() < 0.05:
            kind, oid = "way", 500000000 + i
            element = {"type": "way", "id": oid, "center": {"lat": 0, "lon": 0},
                       "nodes": [oid * 4 + k for k in range(5)], "tags": tags}
        else:
            kind, oid = "node", 9000000000 + i
            element = {"type": "node", "id": oid, "lat": 0, "lon": 0, "tags": tags}
        text = json.dumps(element, ensure_ascii=False, separators=(",", ":"))
        # Coordinates exactly as OSM writes them (7 decimals), not as Python floats.
        if kind == "way":
            text = text.replace('"center":{"lat":0,"lon":0}', '"center":{"lat":%s,"lon":%s}' % (lat, lon))
        else:
            text = text.replace('"lat":0,"lon":0', '"lat":%s,"lon":%s' % (lat, lon), 1)
        props = {"@id": "%s/%d" % (kind, oid)}
        props.update(tags)
        feature = ('{"type":"Feature","properties":%s,"geometry":{"type":"Point","coordinates":[%s,%s]},"id":"%s/%d"}'
                   % (json.dumps(props, ensure_ascii=False, separators=(",", ":")), lon, lat, kind, oid))
        sep = ",\n" if i < n - 1 else "\n"
        op.write(text + sep)
        gj.write(feature + sep)
    op.write("]}\n")
    gj.write("]}\n")
