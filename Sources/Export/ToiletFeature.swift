import Contract
import Digests
public import Foundation
import Geo
import Hours
public import Places
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
        raw("},\"type\":\"Feature\"}")
    }

    mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer {
            out.append(contentsOf: $0)
            stable?.append(contentsOf: $0)
        }
    }

    /// Starts a member: the comma when needed, then `"key":`.
    private mutating func key(_ k: [UInt8]) {
        if !first { out.append(0x2C) }
        first = false
        out.append(0x22)
        out.append(contentsOf: k)
        out.append(0x22)
        out.append(0x3A)
    }

    /// Copies what was written since `start` into the stable buffer, unless `volatile`.
    private mutating func settle(from start: Int, volatile: Bool) {
        if !volatile { stable?.append(contentsOf: out[start...]) }
    }

    /// A member whose value is already JSON text (nil: `null`), its key given as UTF-8 bytes.
    mutating func member(_ k: [UInt8], json value: String?, volatile: Bool = false) {
        let start = out.count
        key(k)
        out.append(contentsOf: (value ?? "null").utf8)
        settle(from: start, volatile: volatile)
    }

    /// A text member (nil: `null`), its key given as UTF-8 bytes.
    mutating func text(_ k: [UInt8], _ v: String?, volatile: Bool = false) {
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

    /// A feature's own properties (those not of the toilet's field tables, `ToiletMembers`);
    /// `state`, `state_at` and `next_change` depend on the instant.
    private enum Own: Sendable { case dataset, nextChange, sourceID, state, stateAt, title }

    /// A feature's properties, in key order.
    private static let properties = ToiletMembers<Own>(own: [
        ("dataset", .dataset), ("next_change", .nextChange), ("source_id", .sourceID), ("state", .state),
        ("state_at", .stateAt), ("title", .title),
    ])

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
        b.begin(id: id, longitude: lon, latitude: lat)
        for m in properties.entries {
            switch m.member {
            case .field(let c):
                switch t.toilet.contractValue(c) {
                case .text(let v): b.text(m.keyBytes, v)
                case .number(let v): b.member(m.keyBytes, json: FeatureBytes.number(v))
                case .flag(let v): b.member(m.keyBytes, json: v.map { $0 ? "true" : "false" })
                }
            case .access: b.text(m.keyBytes, t.details.access.rawValue)
            case .attribute(let a):
                switch t.details.attributes[a] {
                case nil: b.member(m.keyBytes, json: nil)
                case .flag(let v)?: b.member(m.keyBytes, json: v ? "true" : "false")
                case .text(let v)?: b.text(m.keyBytes, v)
                }
            case .own(.dataset): b.text(m.keyBytes, t.dataset)
            case .own(.nextChange): b.text(m.keyBytes, next, volatile: true)
            case .own(.sourceID): b.text(m.keyBytes, t.sourceID)
            case .own(.state): b.text(m.keyBytes, state?.rawValue, volatile: true)
            case .own(.stateAt): b.text(m.keyBytes, stateAt, volatile: true)
            case .own(.title): b.text(m.keyBytes, t.title)
            }
        }
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
