import Contract
public import Foundation
import Geo
import Hours
import Places
public import Storage

/// One exported feature: its global id, position and the Feature's JSON text.
struct ExportedFeature {
    var id: String
    var longitude: Double
    var latitude: Double
    /// The GeoJSON Feature text.
    var json: [UInt8]
    /// The JSON without the time-dependent members (`state`, `state_at`, `next_change`),
    /// when asked for (snapshots fingerprint it for `changes.json`).
    var stableBytes: [UInt8]?

    /// Fingerprint of everything exported except the time-dependent state, for `changes.json`.
    var contentHash: String {
        var h = SHA256Hasher()
        h.update(stableBytes ?? json)
        return String(h.finalize().hexString.prefix(16))
    }
}

/// Appends JSON pieces straight to a byte buffer (no intermediate strings); optionally a
/// second buffer without the volatile members. Members must be written in sorted key order
/// (docs/json.md, rule 9).
struct FeatureBytes {
    var out: [UInt8] = []
    var stable: [UInt8]?
    private var first = true
    /// A toilet's attributes, written between the other members in key order
    /// (`ToiletAttribute.byKey`), and how many of them are written.
    private var attributes: ToiletAttributes?
    private var written = 0

    init(keepStable: Bool) {
        out.reserveCapacity(768)
        stable = keepStable ? [] : nil
    }

    /// `{"geometry":{"coordinates":[…],"type":"Point"},"id":…,"properties":{` for a point.
    mutating func begin(id: String, longitude: Double, latitude: Double) {
        raw("{\"geometry\":{\"coordinates\":[")
        let start = out.count
        out.append(contentsOf: JSONText.degrees(longitude).utf8)
        out.append(0x2C)
        out.append(contentsOf: JSONText.degrees(latitude).utf8)
        settle(from: start, volatile: false)
        raw("],\"type\":\"Point\"},\"id\":")
        let idStart = out.count
        JSONText.appendQuoted(id, to: &out)
        settle(from: idStart, volatile: false)
        raw(",\"properties\":{")
    }

    /// A number as JSON text; nil (written `null`) when missing or not finite (JSON has no
    /// NaN or infinity, RFC 8259 §6).
    static func number(_ v: Double?) -> String? { v.flatMap { $0.isFinite ? JSONText.number($0) : nil } }

    /// Closes the properties and the feature.
    mutating func end() {
        writeAttributes(before: nil)
        raw("},\"type\":\"Feature\"}")
    }

    /// Writes the attributes of the field table among the members that follow, each where
    /// its key sorts.
    mutating func interleave(_ a: ToiletAttributes) {
        attributes = a
        written = 0
    }

    /// The attributes whose keys sort before `k` (all that are left when nil).
    private mutating func writeAttributes(before k: StaticString?) {
        guard let attributes else { return }
        let order = ToiletAttribute.byKey
        while written < order.count {
            let a = order[written]
            if let k, !k.withUTF8Buffer({ a.key.utf8.lexicographicallyPrecedes($0) }) { break }
            written += 1
            let start = out.count
            if !first { out.append(0x2C) }
            first = false
            JSONText.appendQuoted(a.key, to: &out)
            out.append(0x3A)
            switch attributes[a] {
            case nil: out.append(contentsOf: "null".utf8)
            case .flag(let b)?: out.append(contentsOf: (b ? "true" : "false").utf8)
            case .text(let t)?: JSONText.appendQuoted(t, to: &out)
            }
            settle(from: start, volatile: false)
        }
    }

    mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer {
            out.append(contentsOf: $0)
            stable?.append(contentsOf: $0)
        }
    }

    /// Starts a member: the comma when needed, then `"key":` (the attributes that sort before
    /// it are written first by the caller, so the stable copy has each of them once).
    private mutating func key(_ k: StaticString) {
        if !first { out.append(0x2C) }
        first = false
        out.append(0x22)
        k.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(0x22)
        out.append(0x3A)
    }

    /// Copies what was written since `start` into the stable buffer, unless `volatile`.
    private mutating func settle(from start: Int, volatile: Bool) {
        if !volatile { stable?.append(contentsOf: out[start...]) }
    }

    /// A member whose value is already JSON text (nil: `null`).
    mutating func member(_ k: StaticString, json value: String?, volatile: Bool = false) {
        writeAttributes(before: k)
        let start = out.count
        key(k)
        out.append(contentsOf: (value ?? "null").utf8)
        settle(from: start, volatile: volatile)
    }

    /// A text member (nil: `null`).
    mutating func text(_ k: StaticString, _ v: String?, volatile: Bool = false) {
        writeAttributes(before: k)
        let start = out.count
        key(k)
        if let v { JSONText.appendQuoted(v, to: &out) } else { out.append(contentsOf: "null".utf8) }
        settle(from: start, volatile: volatile)
    }

    /// A member named at run time (`value_pm10`) whose value is already JSON text.
    mutating func member(named k: String, json value: String?) {
        let start = out.count
        if !first { out.append(0x2C) }
        first = false
        JSONText.appendQuoted(k, to: &out)
        out.append(0x3A)
        out.append(contentsOf: (value ?? "null").utf8)
        settle(from: start, volatile: false)
    }
}

/// Streams active toilets in feature-id (or grid-cell) order as features with the contract's
/// properties (docs/json.md): with an instant, each carries its opening state at that
/// instant (`state`, `state_at`, `next_change` in the place's offset); without, those are null.
struct ToiletFeatureSource {
    let store: LocateStore
    let at: Date?
    /// Keep `stableBytes` (snapshots).
    var keepStable = false

    /// Snapshot shards: a fixed grid of 0.05° cells; cell (row, column) =
    /// (⌊(lat + 90) / 0.05⌋, ⌊(lon + 180) / 0.05⌋).
    static let gridDegrees = 0.05

    /// The grid cell of a position.
    static func cell(latitude: Double, longitude: Double) -> (row: Int, column: Int) {
        (Int((latitude + 90) / gridDegrees), Int((longitude + 180) / gridDegrees))
    }

    /// Every active toilet in feature-id order.
    func forEach(_ body: (ExportedFeature) throws -> Void) throws {
        let hours = OpenStateEvaluator()
        var stateAt: [String: String] = [:]
        try store.forEachActiveToilet(orderedBy: .id) { t in try body(feature(t, hours, &stateAt)) }
    }

    /// Every active toilet grouped by grid cell (row, column), by id within a cell.
    func forEachByCell(_ body: (ExportedFeature, (row: Int, column: Int)) throws -> Void) throws {
        let hours = OpenStateEvaluator()
        var stateAt: [String: String] = [:]
        try store.forEachActiveToilet(orderedBy: .gridCell(degrees: ToiletFeatureSource.gridDegrees)) { t in
            try body(
                feature(t, hours, &stateAt),
                ToiletFeatureSource.cell(latitude: t.coordinate.latitude, longitude: t.coordinate.longitude))
        }
    }

    private func feature(_ t: StoredToilet, _ hours: OpenStateEvaluator, _ stateAtByZone: inout [String: String])
        -> ExportedFeature
    {
        ToiletFeatureSource.feature(t, at: at, keepStable: keepStable, hours, &stateAtByZone)
    }

    /// `t` as the export's Feature, with its state at `at` (null members without).
    static func feature(
        _ t: StoredToilet, at: Date?, keepStable: Bool, _ hours: OpenStateEvaluator,
        _ stateAtByZone: inout [String: String]
    ) -> ExportedFeature {
        let (lat, lon) = (t.coordinate.latitude, t.coordinate.longitude)
        let id = t.globalID
        var state: HoursState? = nil
        var stateAt: String? = nil
        var next: String? = nil
        if let at {
            let a = hours.state(
                hoursOSM: t.hoursOSM, timeZone: t.timeZone, country: t.country, latitude: lat, longitude: lon, at: at)
            state = a.state
            let zone = hours.timeZone(t.timeZone)
            if let s = stateAtByZone[t.timeZone] {
                stateAt = s
            } else {
                stateAt = InstantText.text(at, in: zone)
                stateAtByZone[t.timeZone] = stateAt
            }
            next = a.nextChange.map { InstantText.text($0, in: zone) }
        }
        var b = FeatureBytes(keepStable: keepStable)
        let d = t.details
        func flag(_ v: Bool?) -> String? { v.map { $0 ? "true" : "false" } }
        b.begin(id: id, longitude: lon, latitude: lat)
        b.interleave(d.attributes)
        b.text("access", d.access.rawValue)
        b.text("address", t.address)
        b.text("country", t.country)
        b.text("dataset", t.dataset)
        b.member("free", json: flag(t.isFree))
        b.text("hours_osm", t.hoursOSM)
        b.text("hours_status", t.hoursStatus.rawValue)
        b.text("hours_text", t.hoursText)
        b.text("location_detail", t.locationDetail)
        b.text("name", t.name)
        b.text("next_change", next, volatile: true)
        b.member("price_amount", json: FeatureBytes.number(t.priceAmount))
        b.text("price_currency", t.priceCurrency)
        b.text("price_text", t.priceText)
        b.text("source_id", t.sourceID)
        b.text("state", state?.rawValue, volatile: true)
        b.text("state_at", stateAt, volatile: true)
        b.text("time_zone", t.timeZone)
        b.text("title", t.title)
        b.text("toilet_type", t.kind)
        b.text("wheelchair", t.wheelchair.rawValue)
        b.end()
        return ExportedFeature(id: id, longitude: lon, latitude: lat, json: b.out, stableBytes: b.stable)
    }
}

/// A toilet as the GeoJSON Feature `locate export geojson` writes for it (docs/json.md):
/// the same geometry, id and properties, its state at `at` (null members without one), for
/// answers written as GeoJSON (`locate toilet --format geojson`).
public enum ToiletFeatureJSON {
    /// The Feature's JSON text (compact, members in sorted key order).
    public static func bytes(_ toilet: StoredToilet, at: Date?) -> [UInt8] {
        var stateAt: [String: String] = [:]
        return ToiletFeatureSource.feature(toilet, at: at, keepStable: false, OpenStateEvaluator(), &stateAt).json
    }
}
