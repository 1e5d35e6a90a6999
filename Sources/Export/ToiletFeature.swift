import Foundation
import GRDB
import Hours
import Storage

/// One exported toilet: its stable id, position and the Feature's JSON text, with the flat
/// properties in a fixed order (README, "GeoJSON").
struct ToiletFeature {
    var id: String
    var longitude: Double
    var latitude: Double
    /// The GeoJSON Feature text.
    var json: [UInt8]

    /// Fingerprint of everything exported except the time-dependent state, for `changes.json`.
    var contentHash: String {
        var h = SHA256Hasher()
        h.update(stableBytes)
        return String(h.finalize().hexString.prefix(16))
    }

    /// The JSON without the `state` and `next_change` members.
    var stableBytes: [UInt8]
}

/// Appends JSON pieces straight to a byte buffer (no intermediate strings).
struct FeatureBytes {
    var out: [UInt8] = []
    var first = true

    init() {
        out.reserveCapacity(640)
    }

    /// `{"type":"Feature","id":…,"geometry":{…},"properties":{` for a point.
    mutating func begin(id: String, longitude: Double, latitude: Double) {
        raw("{\"type\":\"Feature\",\"id\":")
        JSONText.appendQuoted(id, to: &out)
        raw(",\"geometry\":{\"type\":\"Point\",\"coordinates\":[")
        out.append(contentsOf: JSONText.degrees(longitude).utf8)
        out.append(0x2C)
        out.append(contentsOf: JSONText.degrees(latitude).utf8)
        raw("]},\"properties\":{")
    }

    mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    mutating func key(_ k: StaticString) {
        if !first { out.append(0x2C) }
        first = false
        out.append(0x22)
        k.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(0x22)
        out.append(0x3A)
    }

    /// A member name built at run time (`value_pm10`).
    mutating func dynamicKey(_ k: String) {
        if !first { out.append(0x2C) }
        first = false
        JSONText.appendQuoted(k, to: &out)
        out.append(0x3A)
    }

    mutating func text(_ k: StaticString, _ v: String?) {
        key(k)
        if let v { JSONText.appendQuoted(v, to: &out) } else { raw("null") }
    }

    mutating func literal(_ k: StaticString, _ v: String?) {
        key(k)
        if let v { out.append(contentsOf: v.utf8) } else { raw("null") }
    }
}

/// Reads active toilets in feature-id order and turns them into features; with an instant,
/// each carries its opening state and next change at that instant.
struct ToiletFeatureSource {
    let store: LocateStore
    let at: Date?

    /// Snapshot shards: a fixed grid of 0.05° cells; cell (row, column) =
    /// (⌊(lat + 90) / 0.05⌋, ⌊(lon + 180) / 0.05⌋).
    static let gridDegrees = 0.05

    static let columns = """
        dataset, source_id, name, address, hours_text, hours_osm, hours_status, timezone, country, price_text,
          price_amount, price_currency, is_free, wheelchair, kind, location_detail, lon, lat,
          CAST((lat + 90) / 0.05 AS INTEGER) AS cell_row, CAST((lon + 180) / 0.05 AS INTEGER) AS cell_column
        """

    /// Every active toilet in feature-id order.
    func forEach(_ body: (ToiletFeature) throws -> Void) throws {
        try each(order: "dataset, source_id") { f, _ in try body(f) }
    }

    /// Every active toilet grouped by grid cell (row, column), by id within a cell.
    func forEachByCell(_ body: (ToiletFeature, (row: Int, column: Int)) throws -> Void) throws {
        try each(order: "cell_row, cell_column, dataset, source_id", body)
    }

    private func each(order: String, _ body: (ToiletFeature, (row: Int, column: Int)) throws -> Void) throws {
        var parsed: [String: OpeningHours?] = [:]
        var zones: [String: TimeZone] = [:]
        try store.reading { db in
            let rows = try Row.fetchCursor(
                db, sql: "SELECT \(ToiletFeatureSource.columns) FROM toilets WHERE status = 'active' ORDER BY \(order)")
            while let r = try rows.next() {
                try body(feature(r, parsed: &parsed, zones: &zones), (r["cell_row"], r["cell_column"]))
            }
        }
    }

    private func feature(_ r: Row, parsed: inout [String: OpeningHours?], zones: inout [String: TimeZone]) -> ToiletFeature {
        // Columns by position, in `columns` order.
        let dataset: String = r[0]
        let sourceID: String = r[1]
        let hoursOSM: String? = r[5]
        let isFree: Bool? = r[12]
        let amount: Double? = r[10]
        let lon: Double = r[16]
        let lat: Double = r[17]
        let id = dataset + "/" + sourceID
        var b = FeatureBytes()
        b.begin(id: id, longitude: lon, latitude: lat)
        b.text("name", r[2])
        b.text("address", r[3])
        b.text("hours", r[4])
        b.text("hours_osm", hoursOSM)
        b.text("hours_status", r[6])
        var stable = b.out
        if let at {
            let zoneName: String = r[7]
            let zone = zones[zoneName] ?? TimeZone(identifier: zoneName) ?? .gmt
            zones[zoneName] = zone
            var state = "unknown"
            var next: String? = nil
            if let osm = hoursOSM {
                let tree = parsed[osm] ?? (try? OpeningHours(parsing: osm))
                parsed[osm] = tree
                if let tree {
                    let a = tree.state(at: at, in: HoursContext(timeZone: zone, country: r[8], latitude: lat, longitude: lon))
                    state = a.state.rawValue
                    next = a.nextChange.map { WallClock.text($0, in: zone) }
                }
            }
            b.text("state", state)
            b.text("next_change", next)
        }
        let mark = b.out.count
        b.text("price", r[9])
        b.literal("price_amount", amount.map { JSONText.number($0) })
        b.text("price_currency", r[11])
        b.literal("free", isFree.map { $0 ? "true" : "false" })
        b.text("wheelchair", r[13])
        b.text("type", r[14])
        b.text("location_detail", r[15])
        b.text("dataset", dataset)
        b.text("source_id", sourceID)
        b.raw("}}")
        stable.append(contentsOf: b.out[mark...])
        return ToiletFeature(id: id, longitude: lon, latitude: lat, json: b.out, stableBytes: stable)
    }
}
