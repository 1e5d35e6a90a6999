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
/// `ContractJSON.indented`). Encoding through `Encodable` took a quarter of the server's time
/// per request; the `Encodable` form is kept in the tests only, as the readable statement of
/// the document that `ServeAnswerJSONTests` compares this writer with, key by key, and
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

    private static func result(_ r: ToiletResult, to w: inout Writer, instants: inout Instants) {
        let t = r.toilet
        let d = t.details
        func instant(_ date: Date?) -> String? {
            guard let date else { return nil }
            return instants.text(date, zone: t.timeZone)
        }
        w.begin(d.attributes)
        w.key("access")
        w.string(d.access.rawValue)
        w.key("address")
        w.string(t.address)
        w.key("arrival_at")
        w.string(instant(r.arrivalAt))
        w.key("bearing_deg")
        w.number(r.bearingDegrees.map { JSONNumber.rounded($0, places: 1) })
        w.key("country")
        w.string(t.country)
        w.key("dataset")
        w.string(t.dataset)
        w.key("distance_m")
        if let meters = r.distanceMeters { w.number(JSONNumber.rounded(meters, places: 1)) } else { w.raw("null") }
        w.key("free")
        w.bool(t.isFree)
        w.key("hours_osm")
        w.string(t.hoursOSM)
        w.key("hours_status")
        w.string(t.hoursStatus.rawValue)
        w.key("hours_text")
        w.string(t.hoursText)
        w.key("id")
        w.string(r.id)
        w.key("lat")
        w.number(JSONNumber.degrees(t.coordinate.latitude))
        w.key("location_detail")
        w.string(t.locationDetail)
        w.key("lon")
        w.number(JSONNumber.degrees(t.coordinate.longitude))
        w.key("name")
        w.string(t.name)
        w.key("next_change")
        w.string(instant(r.nextChangeAt))
        w.key("price_amount")
        w.number(t.priceAmount)
        w.key("price_currency")
        w.string(t.priceCurrency)
        w.key("price_text")
        w.string(t.priceText)
        w.key("route")
        if let route = r.route?.route, let text = try? ContractJSON.encode(RouteJSON(route)) {
            w.out.append(contentsOf: text)
        } else {
            w.raw("null")
        }
        w.key("route_distance_m")
        w.number(r.route?.route.map { JSONNumber.rounded($0.lengthMeters, places: 1) })
        w.key("route_note")
        w.string(r.route?.note)
        w.key("source_id")
        w.string(t.sourceID)
        w.key("sources")
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
        w.key("state")
        w.string(r.state?.rawValue)
        w.key("state_at")
        w.string(instant(r.stateAt))
        w.key("time_zone")
        w.string(t.timeZone)
        w.key("title")
        w.string(t.title)
        w.key("toilet_type")
        w.string(t.kind)
        w.key("walk_time_s")
        w.number(r.route.map { JSONNumber.rounded($0.seconds, places: 0) })
        w.key("wheelchair")
        w.string(t.wheelchair.rawValue)
        w.end()
    }

    /// The bytes written so far.
    private struct Writer {
        var out: [UInt8] = []
        /// Within a result: the toilet's attributes, written among its members in key order
        /// (`ToiletAttribute.byKey`), how many are written, and whether a member was.
        private var attributes = ToiletAttributes()
        private var written = ToiletAttribute.byKey.count
        private var first = true

        /// Opens a result object whose attributes are `a`.
        mutating func begin(_ a: ToiletAttributes) {
            raw("{")
            attributes = a
            written = 0
            first = true
        }

        /// `,"key":` (no comma first), after the attributes whose keys sort before `key`.
        mutating func key(_ key: StaticString) {
            flush(before: key)
            raw(first ? "\"" : ",\"")
            first = false
            out.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
            raw("\":")
        }

        /// Closes the result object after the attributes left.
        mutating func end() {
            flush(before: nil)
            raw("}")
        }

        private mutating func flush(before key: StaticString?) {
            let order = ToiletAttribute.byKey
            while written < order.count {
                let a = order[written]
                if let key,
                    !a.key.utf8.lexicographicallyPrecedes(
                        UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
                {
                    break
                }
                written += 1
                raw(first ? "\"" : ",\"")
                first = false
                out.append(contentsOf: a.key.utf8)
                raw("\":")
                switch attributes[a] {
                case nil: raw("null")
                case .flag(let b)?: bool(b)
                case .text(let t)?: string(t)
                }
            }
        }

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
