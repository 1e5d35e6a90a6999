#!/usr/bin/env python3
"""Writes an OPL file of N toilet nodes (amenity=toilets, a name, fee or wheelchair tags) at
seeded random places in southern Finland, for the fixed cost of a replication diff run
(bench/diffs.sh with PBF_FILE): a dataset of as many places as a country's, without the
rest of the country. Make the PBF with `osmium cat -F opl toilets.opl -o toilets.osm.pbf`.
Usage: toilets_opl.py N OUT.opl"""
import random, sys

n, out = int(sys.argv[1]), sys.argv[2]
rng = random.Random(7)
with open(out, "w", encoding="utf-8") as f:
    for i in range(1, n + 1):
        lat, lon = 60.0 + rng.random() * 2, 22 + rng.random() * 6
        extra = rng.choice(["fee=no", "fee=yes,charge=0.50%20%EUR", "wheelchair=yes"])
        f.write(f"n{i} v1 dV c0 t2026-11-01T00:00:00Z i0 u Tamenity=toilets,{extra},name=WC%20%{i} x{lon:.7f} y{lat:.7f}\n")
