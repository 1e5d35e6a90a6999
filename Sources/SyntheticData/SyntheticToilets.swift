import Foundation

/// Writes synthetic toilets as a GeoJSON FeatureCollection in S-JTSK (EPSG:5514) inside
/// Prague's extent, each with five string properties, streamed to disk.
public enum SyntheticToilets {
    /// Prague's S-JTSK extent, X (easting) in metres (X and Y are both negative; see
    /// `../shared/datasets/PROVENANCE.md`).
    public static let xRange = -753_500.0 ... -728_200.0
    /// Prague's S-JTSK extent, Y (northing) range in metres.
    public static let yRange = -1_052_800.0 ... -1_036_900.0

    /// The pipeline that reads these files (id = `gid`).
    public static let pipelineYAML = """
        name: synthetic
        kind: toilets
        dataset: synthetic
        source:
          path: synthetic.geojson
          crs: EPSG:5514
        timezone: Europe/Prague
        id:
          field: gid
        fields:
          name: nazev
          address: adresa
          hours: otevreno
          price: cena
          kind: typ
        region: { west: 14.22, south: 49.94, east: 14.71, north: 50.18 }
        """

    /// The S-JTSK positions (x, y) of the features `write(count:to:seed:)` writes, exactly as
    /// written (millimetres), in file order: what a brute-force check reprojects itself.
    public static func positions(count: Int, seed: UInt64 = 42) -> [(x: Double, y: Double)] {
        var rng = SeededRandom(seed: seed)
        return (0..<count).map { _ in nextPosition(using: &rng) }
    }

    /// The next random position, rounded to the millimetre as the file writes it (`%.3f`;
    /// the same text as before this function existed, so generated files did not change).
    static func nextPosition(using rng: inout SeededRandom) -> (x: Double, y: Double) {
        func mm(_ v: Double) -> Double { Double(String(format: "%.3f", v)) ?? v }
        return (mm(Double.random(in: xRange, using: &rng)), mm(Double.random(in: yRange, using: &rng)))
    }

    /// Writes `count` features to `path`.
    public static func write(count: Int, to path: String, seed: UInt64 = 42) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else { throw CocoaError(.fileWriteNoPermission) }
        guard let h = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileWriteNoPermission) }
        defer { try? h.close() }
        var rng = SeededRandom(seed: seed)
        var buf =
            "{\"type\":\"FeatureCollection\",\"name\":\"synthetic\",\"crs\":{\"type\":\"name\",\"properties\":{\"name\":\"EPSG:5514\"}},\"features\":[\n"
        let hours = ["po-pá 6:00-21:00; so-ne 8:00-20:00", "nonstop", "po-ne 9:00-21:00", "duben-září po-ne 10:00-22:00"]
        let prices = ["zdarma", "jednotná cena 10 Kč", "8/5 Kč", "jednotná cena 20 Kč/1 E"]
        for i in 0..<count {
            let (x, y) = nextPosition(using: &rng)
            if i > 0 { buf += ",\n" }
            buf +=
                "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(String(format: "%.3f", x)),\(String(format: "%.3f", y))]},"
            buf +=
                "\"properties\":{\"gid\":\"g\(i)\",\"nazev\":\"Toaleta č. \(i)\",\"adresa\":\"Ulice \(i % 997), Praha \(i % 22 + 1)\","
            buf +=
                "\"otevreno\":\"\(hours[i % hours.count])\",\"cena\":\"\(prices[(i / 4) % prices.count])\",\"typ\":\"\(i % 3 + 1) typ\"}}"
            if buf.utf8.count > 1 << 20 {
                h.write(Data(buf.utf8))
                buf = ""
            }
        }
        buf += "\n]}\n"
        h.write(Data(buf.utf8))
    }
}
