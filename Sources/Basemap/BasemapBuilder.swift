import Contract
import OSMPBF

/// Sorts ways into layers, simplifies them per band and files each into the shards its box
/// crosses (a way crossing a shard's edge is in both, whole: the page draws each way once per
/// map tile, by its id).
struct BasemapBuilder {
    /// A shard's key: band index, then the tile.
    struct ShardKey: Hashable, Comparable {
        var band: Int
        var z: Int
        var x: Int
        var y: Int

        static func < (a: ShardKey, b: ShardKey) -> Bool { (a.band, a.z, a.x, a.y) < (b.band, b.z, b.x, b.y) }

        /// `BAND-Z-X-Y`, the shard's file name without `.js`.
        var name: String { "\(BasemapBand.all[band].name)-\(z)-\(x)-\(y)" }
    }

    /// One way of one band: its layer, id and name, and its line as JSON numbers.
    struct Feature {
        var layer: BasemapLayer
        var id: Int64
        var name: String?
        var line: [UInt8]
    }

    var shards: [ShardKey: [Feature]] = [:]
    /// Ways drawn (in any band).
    var features = 0
    /// Set once the shards would pass `Basemap.shardLimit` (one way crossing much of the world
    /// alone may): how many there would be at least. The builder then files nothing more, and
    /// `Basemap.build` refuses the extract.
    var tooMany: Int?
    /// Ways filed into shards so far, counted once per shard (`Basemap.filedLimit`).
    var filed = 0
    /// West, south, east, north of every position drawn, in millionths of a degree.
    var bounds: (west: Int64, south: Int64, east: Int64, north: Int64)?

    mutating func add(_ line: WayLineReader.Line) {
        let ids = line.way.nodeIDs
        let closed = ids.count >= 4 && ids.first == ids.last
        guard let layer = BasemapLayer.of(tags: line.way.tags, closed: closed) else { return }
        // An area needs every node; a line is cut where the extract lacks its nodes.
        // A position outside ±90° latitude or ±180° longitude counts as missing: the PBF reader
        // checks only that its arithmetic does not overflow.
        var runs: [[OSMPosition]] = [[]]
        for p in line.positions {
            if let p, BasemapBuilder.isOnEarth(p) {
                runs[runs.count - 1].append(p)
            } else if !runs[runs.count - 1].isEmpty {
                runs.append([])
            }
        }
        if layer.isArea && runs.count > 1 { return }
        let name = layer.keepsNames ? line.way.tags.first { $0.key == "name" }?.value : nil
        var drawn = false
        for run in runs where run.count >= 2 {
            let unit = run.map { WebMercator.unit(latitude: $0.latitude, longitude: $0.longitude) }
            for (b, band) in BasemapBand.all.enumerated() where band.layers.contains(layer) {
                let kept = Simplification.kept(unit, tolerance: band.tolerance)
                let points = BasemapBuilder.micro(kept.map { run[$0] })
                guard points.count >= (layer.isArea ? 4 : 2) else { continue }
                var box = (west: 1.0, north: 1.0, east: 0.0, south: 0.0)
                for i in kept {
                    box = (
                        min(box.west, unit[i].x), min(box.north, unit[i].y), max(box.east, unit[i].x), max(box.south, unit[i].y)
                    )
                }
                // An area smaller than the tolerance in both directions is not drawn in the band.
                if layer.isArea, box.east - box.west < 2 * band.tolerance, box.south - box.north < 2 * band.tolerance {
                    continue
                }
                let feature = Feature(
                    layer: layer, id: line.way.id, name: b == BasemapBand.all.count - 1 ? name : nil,
                    line: BasemapBuilder.line(points))
                // A way is filed by its box; a map tile near a shard's edge loads the shards its
                // strokes may reach (basemap.js, MARGIN).
                let low = WebMercator.tile(x: box.west, y: box.north, zoom: band.shardZoom)
                let high = WebMercator.tile(x: box.east, y: box.south, zoom: band.shardZoom)
                let span = (high.x - low.x + 1) * (high.y - low.y + 1)
                guard tooMany == nil, span <= Basemap.shardLimit, shards.count <= Basemap.shardLimit else {
                    tooMany = max(tooMany ?? 0, span, shards.count)
                    return
                }
                // Memory follows the ways read: each is filed into at most a few shards, not
                // thousands (many long diagonal ways in a small file).
                filed += span
                guard filed <= Basemap.filedLimit else { return }
                for x in low.x...high.x {
                    for y in low.y...high.y {
                        shards[ShardKey(band: b, z: band.shardZoom, x: x, y: y), default: []].append(feature)
                    }
                }
                drawn = true
                for (lon, lat) in points {
                    if let b = bounds {
                        bounds = (min(b.west, lon), min(b.south, lat), max(b.east, lon), max(b.north, lat))
                    } else {
                        bounds = (lon, lat, lon, lat)
                    }
                }
            }
        }
        if drawn { features += 1 }
    }

    /// Positions in millionths of a degree (about 0.1 m), as (longitude, latitude), with
    /// repeats after rounding dropped.
    static func micro(_ run: [OSMPosition]) -> [(Int64, Int64)] {
        var out: [(Int64, Int64)] = []
        for p in run {
            let q = (rounded(p.longitudeNano), rounded(p.latitudeNano))
            if let last = out.last, last == q { continue }
            out.append(q)
        }
        return out
    }

    /// Whether a position is on the Earth: latitude within ±90°, longitude within ±180°.
    static func isOnEarth(_ p: OSMPosition) -> Bool {
        (-90_000_000_000...90_000_000_000).contains(p.latitudeNano)
            && (-180_000_000_000...180_000_000_000).contains(p.longitudeNano)
    }

    /// Nanodegrees to microdegrees, half away from zero (positions are on the Earth, so no
    /// overflow).
    static func rounded(_ nano: Int64) -> Int64 { nano >= 0 ? (nano + 500) / 1000 : -((-nano + 500) / 1000) }

    /// `[lon,lat,dlon,dlat,…]`: the first position in millionths of a degree, each next one as
    /// its difference from the one before.
    static func line(_ points: [(Int64, Int64)]) -> [UInt8] {
        var out: [UInt8] = [0x5B]
        var previous: (Int64, Int64) = (0, 0)
        for (i, p) in points.enumerated() {
            if i > 0 { out.append(0x2C) }
            out += Array("\(p.0 - previous.0),\(p.1 - previous.1)".utf8)
            previous = p
        }
        out.append(0x5D)
        return out
    }

    /// A shard's `layers`: per layer present, in drawing order,
    /// `{"ids":[…],"layer":"…","lines":[[…],…],"names":[…]|null}`, ways by id; `names` (one per
    /// way, null for an unnamed one) only for the layers that keep names, in a `named` band.
    static func layers(_ features: [Feature], named: Bool) -> [UInt8] {
        var out: [UInt8] = [0x5B]
        let byLayer = Dictionary(grouping: features, by: \.layer).sorted { $0.key < $1.key }
        for (i, (layer, unsorted)) in byLayer.enumerated() {
            let ways = unsorted.sorted { $0.id < $1.id }
            if i > 0 { out.append(0x2C) }
            out += Array("{\"ids\":[".utf8)
            out += Array(ways.map { String($0.id) }.joined(separator: ",").utf8)
            out += Array("],\"layer\":\"\(layer.rawValue)\",\"lines\":[".utf8)
            for (j, w) in ways.enumerated() {
                if j > 0 { out.append(0x2C) }
                out += w.line
            }
            out += Array("],\"names\":".utf8)
            if named && layer.keepsNames {
                out.append(0x5B)
                for (j, w) in ways.enumerated() {
                    if j > 0 { out.append(0x2C) }
                    if let name = w.name { JSONText.appendQuoted(name, to: &out) } else { out += Array("null".utf8) }
                }
                out.append(0x5D)
            } else {
                out += Array("null".utf8)
            }
            out.append(0x7D)
        }
        out.append(0x5D)
        return out
    }

    /// The files and the index, every shard's ways in drawing order (layer, then way id).
    func basemap(source: String, timestamp: Int64?) -> Basemap {
        var files: [String: [UInt8]] = [:]
        var names: [[String]] = BasemapBand.all.map { _ in [] }
        var bytes = 0
        for (key, features) in shards.sorted(by: { $0.key < $1.key }) {
            let band = BasemapBand.all[key.band].name
            var out = Array("LOCATE_BASEMAP_SHARD({\"band\":\"\(band)\",\"layers\":".utf8)
            out += BasemapBuilder.layers(features, named: key.band == BasemapBand.all.count - 1)
            out += Array(",\"schema\":\"\(BasemapIndex.shardSchema)\",\"tile\":[\(key.z),\(key.x),\(key.y)]});\n".utf8)
            bytes += out.count
            files["basemap/\(key.name).js"] = out
            names[key.band].append("\(key.z)-\(key.x)-\(key.y)")
        }
        let b = bounds ?? (0, 0, 0, 0)
        let index = BasemapIndex(
            source: source, sourceTimestamp: timestamp, bounds: [b.west, b.south, b.east, b.north].map { Double($0) / 1e6 },
            bands: zip(BasemapBand.all, names).map { BasemapIndex.Band(band: $0, shards: $1) }, features: features,
            shardBytes: bytes)
        files["basemap/index.json"] = index.bytes()
        return Basemap(index: index, files: files)
    }
}
