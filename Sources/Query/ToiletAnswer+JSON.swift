import Contract
import Foundation
import Geo
import Hours
import Places
import Routing
import Storage

/// `toilet-answer/1`, the nearest-toilets answer, written straight to bytes (keys sorted,
/// explicit nulls, numbers by `JSONNumber`, instants by `InstantText`), without building a
/// tree of values first. It is the document's one writer: the answer of every
/// `/v1/toilets/nearest` request and of `locate toilet --json` (indented by
/// `ContractJSON.indented`). Writing a 10-result answer through `Encodable` costs 1.4–1.7× as much
/// (4–6× through `JSONEncoder`), about a fifth of a request's CPU time (bench/answer-writer.sh,
/// docs/benchmarks.md); the `Encodable` form is kept outside `locate`
/// (Sources/LocateBench/ToiletAnswerEncodable.swift) as the readable statement of the
/// document that `ServeAnswerJSONTests` compares this writer with, byte for byte, and
/// `JSONSchemaTests` check the output against docs/schema/toilet-answer.schema.json.
public enum ToiletAnswerJSON {
    /// The answer's JSON text, compact, followed by a line break.
    public static func encode(_ answer: ToiletAnswer) -> [UInt8] {
        var w = Writer()
        w.out.reserveCapacity(1024 + 1536 * answer.results.count)
        w.raw("{\"by\":")
        w.string(answer.by?.rawValue)
        if let near = answer.near {
            w.raw(",\"near\":{\"lat\":")
            w.number(JSONNumber.degrees(near.latitude))
            w.raw(",\"lon\":")
            w.number(JSONNumber.degrees(near.longitude))
            w.raw("},\"next_offset\":")
        } else {
            w.raw(",\"near\":null,\"next_offset\":")
        }
        w.integer(answer.nextOffset)
        w.raw(",\"notes\":[")
        for i in answer.notes.indices {
            if i > 0 { w.raw(",") }
            w.string(answer.notes[i])
        }
        w.raw("],\"offset\":")
        w.integer(answer.offset)
        w.raw(",\"results\":[")
        var instants = Instants()
        for i in answer.results.indices {
            if i > 0 { w.raw(",") }
            result(answer.results[i], to: &w, instants: &instants)
        }
        w.raw("],\"schema\":")
        w.string(ToiletAnswer.schema)
        w.raw(",\"state_at\":")
        w.string(answer.stateAt.map(InstantText.utc))
        w.raw("}\n")
        return w.out
    }

    /// The texts of the instants one answer writes: its places share a few zones, and their
    /// `state_at` (and often `next_change`) instants, so each text is made once per answer.
    private struct Instants {
        private var zones: [(name: String, zone: TimeZone)] = []
        private var texts: [(instant: Date, zone: String, text: String)] = []

        /// `InstantText.text(date, in: TimeZone(identifier: zone) ?? .gmt)`.
        mutating func text(_ date: Date, zone name: String) -> String {
            if let hit = texts.first(where: { $0.instant == date && $0.zone == name }) { return hit.text }
            let zone: TimeZone
            if let known = zones.first(where: { $0.name == name }) {
                zone = known.zone
            } else {
                zone = TimeZone(identifier: name) ?? .gmt
                zones.append((name, zone))
            }
            let text = InstantText.text(date, in: zone)
            if texts.count < 32 { texts.append((date, name, text)) }
            return text
        }
    }

    /// A result's own members (those not of the toilet's field tables, `ToiletMembers`).
    private enum Own: Sendable {
        case arrivalAt, bearing, dataset, distance, id, lat, lon, nextChange, route, routeDistance, routeNote
        case sourceID, sources, state, stateAt, title, walkTime
    }

    /// A result's members, in key order.
    private static let members = ToiletMembers<Own>(own: [
        ("arrival_at", .arrivalAt), ("bearing_deg", .bearing), ("dataset", .dataset), ("distance_m", .distance),
        ("id", .id), ("lat", .lat), ("lon", .lon), ("next_change", .nextChange), ("route", .route),
        ("route_distance_m", .routeDistance), ("route_note", .routeNote), ("source_id", .sourceID),
        ("sources", .sources), ("state", .state), ("state_at", .stateAt), ("title", .title),
        ("walk_time_s", .walkTime),
    ])

    private static func result(_ r: ToiletResult, to w: inout Writer, instants: inout Instants) {
        let t = r.toilet
        func instant(_ date: Date?) -> String? {
            guard let date else { return nil }
            return instants.text(date, zone: t.timeZone)
        }
        w.raw("{")
        for (i, m) in members.entries.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("\"")
            w.out.append(contentsOf: m.keyBytes)
            w.raw("\":")
            switch m.member {
            case .field(let c):
                switch t.toilet.contractValue(c) {
                case .text(let v): w.string(v)
                case .number(let v): w.number(v)
                case .flag(let v): w.bool(v)
                }
            case .access: w.string(t.details.access.rawValue)
            case .attribute(let a):
                switch t.details.attributes[a] {
                case nil: w.raw("null")
                case .flag(let b)?: w.bool(b)
                case .text(let v)?: w.string(v)
                }
            case .own(let own): Self.own(own, of: r, instant: instant, to: &w)
            }
        }
        w.raw("}")
    }

    private static func own(_ member: Own, of r: ToiletResult, instant: (Date?) -> String?, to w: inout Writer) {
        let t = r.toilet
        switch member {
        case .arrivalAt: w.string(instant(r.arrivalAt))
        case .bearing: w.number(r.bearingDegrees.map { JSONNumber.rounded($0, places: 1) })
        case .dataset: w.string(t.dataset)
        case .distance: w.number(r.distanceMeters.map { JSONNumber.rounded($0, places: 1) })
        case .id: w.string(r.id)
        case .lat: w.number(JSONNumber.degrees(t.coordinate.latitude))
        case .lon: w.number(JSONNumber.degrees(t.coordinate.longitude))
        case .nextChange: w.string(instant(r.nextChangeAt))
        case .route:
            if let route = r.route?.route, let text = try? ContractJSON.encode(RouteJSON(route)) {
                w.out.append(contentsOf: text)
            } else {
                w.raw("null")
            }
        case .routeDistance: w.number(r.route?.route.map { JSONNumber.rounded($0.lengthMeters, places: 1) })
        case .routeNote: w.string(r.route?.note)
        case .sourceID: w.string(t.sourceID)
        case .sources:
            w.raw("[")
            for (i, s) in r.sources.enumerated() {
                w.raw(i > 0 ? ",{\"dataset\":" : "{\"dataset\":")
                w.string(s.dataset)
                w.raw(",\"id\":")
                w.string(s.dataset + "/" + s.sourceID)
                w.raw(",\"source_id\":")
                w.string(s.sourceID)
                w.raw("}")
            }
            w.raw("]")
        case .state: w.string(r.state?.rawValue)
        case .stateAt: w.string(instant(r.stateAt))
        case .title: w.string(t.title)
        case .walkTime: w.number(r.route.map { JSONNumber.rounded($0.seconds, places: 0) })
        }
    }

    /// The bytes written so far.
    private struct Writer {
        var out: [UInt8] = []

        mutating func raw(_ text: StaticString) {
            out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        mutating func string(_ text: String?) {
            guard let text else { return raw("null") }
            ContractJSON.string(text, to: &out)
        }

        mutating func integer(_ value: Int?) {
            guard let value else { return raw("null") }
            out.append(contentsOf: String(value).utf8)
        }

        mutating func bool(_ value: Bool?) {
            guard let value else { return raw("null") }
            raw(value ? "true" : "false")
        }

        mutating func number(_ value: Double?) {
            guard let value else { return raw("null") }
            ContractJSON.number(value, to: &out)
        }
    }
}
