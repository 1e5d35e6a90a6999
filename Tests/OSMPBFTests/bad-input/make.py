#!/usr/bin/env python3
"""Writes the bad-input PBF corpus (tiny, invented or cut from ../fixtures) for
OSMPBFBadInputTests. Run from this folder: python3 make.py (needs osmium for history)."""
import struct, subprocess, zlib

good = open("../fixtures/helsinki-toilets.osm.pbf", "rb").read()

def varint(n):
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])

def field(number, wire, payload):
    key = varint(number << 3 | wire)
    if wire == 2:
        return key + varint(len(payload)) + payload
    return key + varint(payload)

def frame(kind, blob, datasize=None):
    header = field(1, 2, kind.encode()) + field(3, 0, len(blob) if datasize is None else datasize)
    return struct.pack(">I", len(header)) + header + blob

def header_blob(features):
    block = b"".join(field(4, 2, f.encode()) for f in features)
    return field(1, 2, block)  # Blob.raw

def first_frame_end(data):
    n = struct.unpack(">I", data[:4])[0]
    # BlobHeader: type then datasize (varint) at its end
    hdr = data[4:4 + n]
    i = hdr.index(b"\x18") + 1
    size, shift = 0, 0
    while True:
        b = hdr[i]; i += 1
        size |= (b & 0x7F) << shift; shift += 7
        if b < 0x80: break
    return 4 + n + size

ok_header = frame("OSMHeader", header_blob(["OsmSchema-V0.6", "DenseNodes"]))
end = first_frame_end(good)
open("truncated.osm.pbf", "wb").write(good[: end + 60])
open("blob-over-32mib.osm.pbf", "wb").write(ok_header + frame("OSMData", b"", datasize=33 * 1024 * 1024))
# A zlib blob whose compressed bytes are damaged (the header of the stream kept).
payload = zlib.compress(b"\x0a\x02\x0a\x00" * 100)
bad = payload[:2] + bytes(b ^ 0x5A for b in payload[2:])
blob = field(2, 0, 400) + field(3, 2, bad)
open("bad-zlib.osm.pbf", "wb").write(ok_header + frame("OSMData", blob))
open("unknown-feature.osm.pbf", "wb").write(frame("OSMHeader", header_blob(["OsmSchema-V0.6", "Sort.Everything-V9"])))
open("lzma-blob.osm.pbf", "wb").write(ok_header + frame("OSMData", field(2, 0, 10) + field(4, 2, b"\x5d\x00\x00")))
open("xml.osm.pbf", "w").write('<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6">\n <node id="1" lat="60.1" lon="24.9"/>\n</osm>\n')
open("history.opl", "w").write("n1 v1 dV t2020-01-01T00:00:00Z x24.9 y60.1\nn1 v2 dV t2021-01-01T00:00:00Z Tamenity=toilets x24.9 y60.1\n")
subprocess.run(["osmium", "cat", "history.opl", "-o", "history.osh.pbf", "-O"], check=True)
import os; os.remove("history.opl")
