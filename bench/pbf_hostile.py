#!/usr/bin/env python3
"""Writes hostile OSM PBF files for bench/pbf-memory.sh (issue 36 item 4): small files whose
blocks decode to far more memory than their bytes. Usage: pbf_hostile.py KIND OUT.
  one-block    one block: an 8 MiB string referenced by 1,000 tags of one toilet (8 GB of strings)
  many-blocks  100 blocks of a 1 MiB string referenced 14 times (14 MiB of strings per block,
               1.4 GB in all), about 250 KB of zlib: the shape of the probe's 261 KB file
  many-toilets 40 blocks of 100,000 toilets at one point (12 MiB of objects per block)"""
import struct, sys, zlib

def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)

def zz(n):
    return (n << 1) ^ (n >> 63)

def field(number, payload):
    if isinstance(payload, int):
        return varint(number << 3) + varint(payload)
    return varint(number << 3 | 2) + varint(len(payload)) + payload

def frame(kind, blob):
    header = field(1, kind.encode()) + field(3, len(blob))
    return struct.pack(">I", len(header)) + header + blob

def zblob(raw):
    return field(2, len(raw)) + field(3, zlib.compress(raw, 9))

def header():
    block = field(4, b"OsmSchema-V0.6") + field(4, b"DenseNodes")
    return frame("OSMHeader", zblob(block))

def block(strings, ids, keys_vals):
    table = field(1, b"".join(field(1, s) for s in strings))
    n = len(ids)
    dense = (field(1, b"".join(varint(zz(d)) for d in ids))
             + field(8, b"\x00" * n) + field(9, b"\x00" * n)
             + field(10, b"".join(varint(k) for k in keys_vals)))
    return frame("OSMData", zblob(table + field(2, field(2, dense))))

def main(kind, out):
    parts = [header()]
    base = [b"", b"amenity", b"toilets"]
    if kind == "one-block":
        keys = [b"k%d" % i for i in range(1000)]
        kv = [1, 2] + sum(([4 + i, 3] for i in range(1000)), []) + [0]
        parts.append(block(base + [b"a" * (8 << 20)] + keys, [1], kv))
    elif kind == "many-blocks":
        keys = [b"k%d" % i for i in range(14)]
        kv = [1, 2] + sum(([4 + i, 3] for i in range(14)), []) + [0]
        for b in range(100):
            parts.append(block(base + [b"a" * (1 << 20)] + keys, [b + 1], kv))
    elif kind == "many-toilets":
        n = 100_000
        for b in range(40):
            parts.append(block(base, [b * n + 1] + [1] * (n - 1), [1, 2, 0] * n))
    else:
        sys.exit("unknown kind " + kind)
    with open(out, "wb") as f:
        f.write(b"".join(parts))

main(sys.argv[1], sys.argv[2])
