import Foundation
import Geo
import Hours
import Query
import Routing
import Storage

/// `toilet-answer/1`, the nearest-toilets answer, written straight to bytes: the same text
/// `CompactJSON` makes from `ToiletAnswer`'s `Encodable` form (keys sorted, explicit nulls,
/// numbers and instants as `ToiletResult.encode(to:)` writes them), without building a tree
/// of values first. It is the answer of every `/v1/toilets/nearest` request; encoding
/// through `Encodable` took a quarter of the server's time per request. A test compares it
/// with `CompactJSON` and `JSONEncoder` field by field, so a field added to the `Encodable`
/// form and not here fails it.
enum ToiletAnswerJSON {
    /// The answer's JSON text, followed by a line break.
    static func encode(_ answer: ToiletAnswer) -> [UInt8] {
        var w = Writer()
        w.out.reserveCapacity(1024 + 1536 * answer.results.count)
        w.raw("{\"by\":")
        w.string(answer.by?.rawValue)
        if let near = answer.near {
            w.raw(",\"near\":{\"lat\":")
            w.number(JSONNumber.degrees(near.latitude))
            w.raw(",\"lon\":")
            w.number(JSONNumber.degrees(near.longitude))
            w.raw("},\"notes\":[")
        } else {
            w.raw(",\"near\":null,\"notes\":[")
        }
        for i in answer.notes.indices {
            if i > 0 { w.raw(",") }
            w.string(answer.notes[i])
        }
        w.raw("],\"results\":[")
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
        w.raw("{\"access\":")
        w.string(d.access.rawValue)
        w.raw(",\"address\":")
        w.string(t.address)
        w.raw(",\"arrival_at\":")
        w.string(instant(r.arrivalAt))
        w.raw(",\"bearing_deg\":")
        w.number(r.bearingDegrees.map { JSONNumber.rounded($0, places: 1) })
        w.raw(",\"changing_table\":")
        w.bool(d.changingTable)
        w.raw(",\"check_date\":")
        w.string(d.checkDate)
        w.raw(",\"country\":")
        w.string(t.country)
        w.raw(",\"dataset\":")
        w.string(t.dataset)
        w.raw(",\"distance_m\":")
        if let meters = r.distanceMeters { w.number(JSONNumber.rounded(meters, places: 1)) } else { w.raw("null") }
        w.raw(",\"female\":")
        w.bool(d.female)
        w.raw(",\"free\":")
        w.bool(t.isFree)
        w.raw(",\"hours_osm\":")
        w.string(t.hoursOSM)
        w.raw(",\"hours_status\":")
        w.string(t.hoursStatus.rawValue)
        w.raw(",\"hours_text\":")
        w.string(t.hoursText)
        w.raw(",\"id\":")
        w.string(r.id)
        w.raw(",\"indoor\":")
        w.string(d.indoor)
        w.raw(",\"lat\":")
        w.number(JSONNumber.degrees(t.coordinate.latitude))
        w.raw(",\"level\":")
        w.string(d.level)
        w.raw(",\"location_detail\":")
        w.string(t.locationDetail)
        w.raw(",\"lon\":")
        w.number(JSONNumber.degrees(t.coordinate.longitude))
        w.raw(",\"male\":")
        w.bool(d.male)
        w.raw(",\"name\":")
        w.string(t.name)
        w.raw(",\"next_change\":")
        w.string(instant(r.nextChangeAt))
        w.raw(",\"operator\":")
        w.string(d.operatorName)
        w.raw(",\"price_amount\":")
        w.number(t.priceAmount)
        w.raw(",\"price_currency\":")
        w.string(t.priceCurrency)
        w.raw(",\"price_text\":")
        w.string(t.priceText)
        w.raw(",\"route\":")
        if let route = r.route?.route, let text = try? CompactJSON.encode(RouteJSON(route)) {
            w.out.append(contentsOf: text)
        } else {
            w.raw("null")
        }
        w.raw(",\"route_distance_m\":")
        w.number(r.route?.route.map { JSONNumber.rounded($0.lengthMeters, places: 1) })
        w.raw(",\"route_note\":")
        w.string(r.route?.note)
        w.raw(",\"source_id\":")
        w.string(t.sourceID)
        w.raw(",\"sources\":[")
        for (i, s) in r.sources.enumerated() {
            w.raw(i > 0 ? ",{\"dataset\":" : "{\"dataset\":")
            w.string(s.dataset)
            w.raw(",\"id\":")
            w.string(s.dataset + "/" + s.sourceID)
            w.raw(",\"source_id\":")
            w.string(s.sourceID)
            w.raw("}")
        }
        w.raw("],\"state\":")
        w.string(r.state?.rawValue)
        w.raw(",\"state_at\":")
        w.string(instant(r.stateAt))
        w.raw(",\"time_zone\":")
        w.string(t.timeZone)
        w.raw(",\"title\":")
        w.string(t.title)
        w.raw(",\"toilet_type\":")
        w.string(t.toiletType)
        w.raw(",\"toilets_disposal\":")
        w.string(d.disposal)
        w.raw(",\"unisex\":")
        w.bool(d.unisex)
        w.raw(",\"walk_time_s\":")
        w.number(r.route.map { JSONNumber.rounded($0.seconds, places: 0) })
        w.raw(",\"wheelchair\":")
        w.string(t.wheelchair.rawValue)
        w.raw("}")
    }

    /// The bytes written so far.
    private struct Writer {
        var out: [UInt8] = []

        mutating func raw(_ text: StaticString) {
            out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        mutating func string(_ text: String?) {
            guard let text else { return raw("null") }
            CompactJSON.string(text, to: &out)
        }

        mutating func bool(_ value: Bool?) {
            guard let value else { return raw("null") }
            raw(value ? "true" : "false")
        }

        mutating func number(_ value: Double?) {
            guard let value else { return raw("null") }
            CompactJSON.number(value, to: &out)
        }
    }
}
