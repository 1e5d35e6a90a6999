import Foundation
import GRDB
import Hours
import Storage

/// One exported toilet: its stable id, position and flat properties in a fixed order
/// (README, "Exported properties").
struct ToiletFeature {
    var id: String
    var longitude: Double
    var latitude: Double
    /// (name, value) in output order; values are JSON text.
    var properties: [(String, String)]
    /// Fingerprint of everything exported, for `changes.json`.
    var contentHash: String

    /// The GeoJSON Feature text.
    var json: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        out += Array("{\"type\":\"Feature\",\"id\":".utf8)
        JSONText.appendQuoted(id, to: &out)
        out += Array(
            ",\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(JSONText.degrees(longitude)),\(JSONText.degrees(latitude))]}"
                .utf8)
        out += Array(",\"properties\":{".utf8)
        for (i, (k, v)) in properties.enumerated() {
            if i > 0 { out.append(0x2C) }
            JSONText.appendQuoted(k, to: &out)
            out.append(0x3A)
            out += Array(v.utf8)
        }
        out += Array("}}".utf8)
        return out
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
        func text(_ v: String?) -> String { v.map(JSONText.quoted) ?? "null" }
        let dataset: String = r["dataset"]
        let sourceID: String = r["source_id"]
        let lon: Double = r["lon"]
        let lat: Double = r["lat"]
        let isFree: Bool? = r["is_free"]
        let amount: Double? = r["price_amount"]
        var props: [(String, String)] = [
            ("name", text(r["name"])), ("address", text(r["address"])), ("hours", text(r["hours_text"])),
            ("hours_osm", text(r["hours_osm"])), ("hours_status", text(r["hours_status"])),
        ]
        if let at {
            let zoneName: String = r["timezone"]
            let zone = zones[zoneName] ?? TimeZone(identifier: zoneName) ?? .gmt
            zones[zoneName] = zone
            var state = "unknown"
            var next: String? = nil
            if let osm: String = r["hours_osm"] {
                let tree = parsed[osm] ?? (try? OpeningHours(parsing: osm))
                parsed[osm] = tree
                if let tree {
                    let a = tree.state(
                        at: at, in: HoursContext(timeZone: zone, country: r["country"], latitude: lat, longitude: lon))
                    state = a.state.rawValue
                    next = a.nextChange.map { WallClock.text($0, in: zone) }
                }
            }
            props += [("state", text(state)), ("next_change", text(next))]
        }
        props += [
            ("price", text(r["price_text"])), ("price_amount", amount.map { JSONText.number($0) } ?? "null"),
            ("price_currency", text(r["price_currency"])), ("free", isFree.map { $0 ? "true" : "false" } ?? "null"),
            ("wheelchair", text(r["wheelchair"])), ("type", text(r["kind"])), ("location_detail", text(r["location_detail"])),
            ("dataset", text(dataset)), ("source_id", text(sourceID)),
        ]
        let id = "\(dataset)/\(sourceID)"
        var h = SHA256()
        h.update(Array(id.utf8))
        h.update(Array("\(JSONText.degrees(lon)),\(JSONText.degrees(lat))".utf8))
        for (k, v) in props where k != "state" && k != "next_change" { h.update(Array("\(k)=\(v);".utf8)) }
        return ToiletFeature(
            id: id, longitude: lon, latitude: lat, properties: props, contentHash: String(h.finalize().hexString.prefix(16)))
    }
}
