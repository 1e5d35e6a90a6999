public import Foundation

/// Street networks and toilets written by the tests (issue 36): OSM XML that `locate network
/// build` reads, and a GeoJSON of toilets with the pipeline that ingests it, anywhere on the
/// globe (a pole, ±180°, two cities far apart), so no test needs a real extract for them.
public enum GeneratedStreets {
    /// A square grid of named residential streets: `count` × `count` nodes `stepDegrees`
    /// apart from its south-west corner (longitude steps widened by 1/cos(latitude), at most
    /// 10°, so the streets are about as long east–west as north–south).
    public struct Grid: Sendable {
        /// The southmost row's latitude.
        public var south: Double
        /// The westmost column's longitude.
        public var west: Double
        /// Nodes per row and per column.
        public var count: Int
        /// Degrees of latitude between rows.
        public var stepDegrees: Double
        /// The streets' name (with their row or column).
        public var name: String

        /// A grid.
        public init(south: Double, west: Double, count: Int, stepDegrees: Double = 0.001, name: String) {
            (self.south, self.west, self.count, self.stepDegrees, self.name) = (south, west, count, stepDegrees, name)
        }

        var lonStep: Double { min(stepDegrees / max(cos((south + stepDegrees * Double(count) / 2) * .pi / 180), 1e-9), 10) }

        /// The coordinate of node (row, column).
        public func point(_ row: Int, _ column: Int) -> (latitude: Double, longitude: Double) {
            (south + Double(row) * stepDegrees, west + Double(column) * lonStep)
        }
    }

    /// A straight street between two points, `nodes` nodes along it.
    public struct Street: Sendable {
        /// Its first node.
        public var from: (latitude: Double, longitude: Double)
        /// Its last node.
        public var to: (latitude: Double, longitude: Double)
        /// How many nodes it has.
        public var nodes: Int
        /// Its name.
        public var name: String

        /// A street.
        public init(from: (Double, Double), to: (Double, Double), nodes: Int, name: String) {
            (self.from, self.to, self.nodes, self.name) = (from, to, nodes, name)
        }
    }

    /// The OSM XML of `grids` and `streets` (ids from 1, in file order).
    public static func osm(grids: [Grid] = [], streets: [Street] = []) -> String {
        var nodes: [String] = []
        var ways: [String] = []
        var id = 0
        func node(_ lat: Double, _ lon: Double) -> Int {
            id += 1
            nodes.append(String(format: "  <node id=\"%d\" version=\"1\" lat=\"%.7f\" lon=\"%.7f\"/>", id, lat, lon))
            return id
        }
        func way(_ refs: [Int], _ name: String) {
            id += 1
            let nds = refs.map { "    <nd ref=\"\($0)\"/>" }.joined(separator: "\n")
            ways.append(
                "  <way id=\"\(id)\" version=\"1\">\n\(nds)\n    <tag k=\"highway\" v=\"residential\"/>\n    <tag k=\"name\" v=\"\(name)\"/>\n  </way>"
            )
        }
        for g in grids {
            var ids: [[Int]] = []
            for r in 0..<g.count { ids.append((0..<g.count).map { c in node(g.point(r, c).latitude, g.point(r, c).longitude) }) }
            for r in 0..<g.count { way(ids[r], "\(g.name) row \(r)") }
            for c in 0..<g.count { way(ids.map { $0[c] }, "\(g.name) column \(c)") }
        }
        for s in streets {
            let refs = (0..<s.nodes).map { i -> Int in
                let t = Double(i) / Double(max(s.nodes - 1, 1))
                return node(
                    s.from.latitude + t * (s.to.latitude - s.from.latitude),
                    s.from.longitude + t * (s.to.longitude - s.from.longitude))
            }
            way(refs, s.name)
        }
        return "<?xml version='1.0' encoding='UTF-8'?>\n<osm version=\"0.6\" generator=\"locate tests\">\n"
            + (nodes + ways).joined(separator: "\n") + "\n</osm>\n"
    }

    /// Toilets at `points` (lat, lon) as a GeoJSON file `toilets.geojson` in `folder`, open
    /// around the clock, with the pipeline that ingests them (dataset `generated`); the
    /// pipeline's path.
    public static func toilets(_ points: [(Double, Double)], in folder: URL) throws -> String {
        let features = points.enumerated().map { i, p in
            String(
                format: "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[%.7f,%.7f]},"
                    + "\"properties\":{\"ref\":\"t%d\",\"hours\":\"24/7\"}}", p.1, p.0, i)
        }
        let json = "{\"type\":\"FeatureCollection\",\"features\":[\n" + features.joined(separator: ",\n") + "\n]}\n"
        _ = try Fixtures.write(json, name: "toilets.geojson", in: folder)
        return try Fixtures.write(
            """
            name: generated
            kind: toilets
            dataset: generated
            description: toilets written by a test
            source: { path: toilets.geojson, format: geojson, crs: "EPSG:4326" }
            timezone: Europe/Helsinki
            country: FI
            licence: CC0 (written for locate's tests)
            attribution: locate tests
            id: { field: ref }
            fields: { hours: hours }
            region: { west: -180, south: -90, east: 180, north: 90 }

            """, name: "generated.yml", in: folder)
    }
}
