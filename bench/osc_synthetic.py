#!/usr/bin/env python3
"""Writes a synthetic OsmChange diff (gzip) for the replication benchmark (bench/diffs.sh):
CHANGES changes in osmium's order (modify nodes, then ways, then a few creates and
deletes), as a day of planet diffs is shaped: ~80 % nodes moved (ids drawn from the
synthetic extract's id ranges), ~15 % ways retagged, ~0.1 % new toilets, the rest deletes
of nodes that do not exist. Seeded: the same arguments give the same bytes.
Usage: osc_synthetic.py CHANGES COPIES OUT.osc.gz"""
import gzip, random, sys

changes, copies, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rng = random.Random(25)
step = 10_000_000_000
# Node ids of the Helsinki extract lie below 7e9; ways below 8e8 (each copy adds k × 1e10).
def node_id(): return rng.randrange(copies) * step + rng.randrange(1, 7_000_000_000)
def way_id(): return rng.randrange(copies) * step + rng.randrange(1, 800_000_000)
n_nodes, n_ways = int(changes * 0.8), int(changes * 0.15)
n_new = max(1, changes // 1000)
n_del = changes - n_nodes - n_ways - n_new
with gzip.open(out, "wt", encoding="utf-8", compresslevel=6) as f:
    f.write("<?xml version='1.0' encoding='UTF-8'?>\n<osmChange version=\"0.6\" generator=\"osc_synthetic.py\">\n")
    f.write("  <modify>\n")
    for i in range(n_nodes):
        lat, lon = 60.1 + rng.random() * 0.3, 24.9 + rng.random() * 0.4
        f.write(f'    <node id="{node_id()}" version="2" timestamp="2026-11-02T00:00:00Z" lat="{lat:.7f}" lon="{lon:.7f}"/>\n')
    for i in range(n_ways):
        f.write(f'    <way id="{way_id()}" version="2" timestamp="2026-11-02T00:00:00Z">\n')
        first = node_id()
        for k in range(5):
            f.write(f'      <nd ref="{first + k}"/>\n')
        f.write('      <tag k="highway" v="residential"/>\n    </way>\n')
    f.write("  </modify>\n  <create>\n")
    for i in range(n_new):
        lat, lon = 60.1 + rng.random() * 0.3, 24.9 + rng.random() * 0.4
        f.write(f'    <node id="{900 * step + i + 1}" version="1" timestamp="2026-11-02T00:00:00Z" lat="{lat:.7f}" lon="{lon:.7f}">\n')
        f.write('      <tag k="amenity" v="toilets"/>\n      <tag k="fee" v="no"/>\n    </node>\n')
    f.write("  </create>\n  <delete>\n")
    for i in range(n_del):
        f.write(f'    <node id="{800 * step + i + 1}" version="3" timestamp="2026-11-02T00:00:00Z"/>\n')
    f.write("  </delete>\n</osmChange>\n")
