import Contract
import Foundation
import Geo
import Hours
import Places
import Query
import Routing
import Storage

// The `Encodable` statement of `toilet-answer/1`: the readable form of the document that
// `ToiletAnswerJSON`, its one writer in the sources, is compared with, byte for byte, by
// `ServeAnswerJSONTests` (Tests/ServeTests/ToiletAnswerEncodable.swift is this file) and
// timed against by `locate-bench answer-writer` (bench/answer-writer.sh). It is not part of
// `locate`: the writer is the document's only writer there. A field added to the writer and
// not here, or the other way round, fails those tests.

extension ToiletAnswer: Encodable {
    /// Encodes per the JSON contract: snake_case keys, explicit nulls (docs/json.md).
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(ToiletAnswer.schema, forKey: .schema)
        try c.encode(by, forKey: .by)
        try c.encode(near.map(LatLon.init), forKey: .near)
        try c.encode(stateAt.map(InstantText.utc), forKey: .stateAt)
        try c.encode(results, forKey: .results)
        try c.encode(notes, forKey: .notes)
        try c.encode(offset, forKey: .offset)
        try c.encode(nextOffset, forKey: .nextOffset)
    }

    private enum Keys: String, CodingKey {
        case schema, by, near, stateAt = "state_at", results, notes, offset, nextOffset = "next_offset"
    }

}

extension ToiletResult: Encodable {
    /// Encodes per the JSON contract: snake_case keys, explicit nulls (docs/json.md).
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        func instant(_ d: Date?) -> String? { d.map { InstantText.text($0, in: TimeZone(identifier: toilet.timeZone) ?? .gmt) } }
        let t = toilet
        try c.encode(id, forKey: .id)
        try c.encode(t.dataset, forKey: .dataset)
        try c.encode(t.sourceID, forKey: .sourceID)
        try c.encode(t.name, forKey: .name)
        try c.encode(t.address, forKey: .address)
        try c.encode(t.title, forKey: .title)
        try c.encode(JSONNumber.degrees(t.coordinate.latitude), forKey: .lat)
        try c.encode(JSONNumber.degrees(t.coordinate.longitude), forKey: .lon)
        try c.encode(distanceMeters.map { JSONNumber.rounded($0, places: 1) }, forKey: .distanceM)
        try c.encode(bearingDegrees.map { JSONNumber.rounded($0, places: 1) }, forKey: .bearingDeg)
        try c.encode(t.timeZone, forKey: .timeZone)
        try c.encode(t.country, forKey: .country)
        try c.encode(t.hoursText, forKey: .hoursText)
        try c.encode(t.hoursOSM, forKey: .hoursOSM)
        try c.encode(t.hoursStatus, forKey: .hoursStatus)
        try c.encode(state, forKey: .state)
        try c.encode(instant(stateAt), forKey: .stateAt)
        try c.encode(instant(nextChangeAt), forKey: .nextChange)
        try c.encode(instant(arrivalAt), forKey: .arrivalAt)
        try c.encode(t.priceText, forKey: .priceText)
        try c.encode(t.priceAmount, forKey: .priceAmount)
        try c.encode(t.priceCurrency, forKey: .priceCurrency)
        try c.encode(t.isFree, forKey: .free)
        try c.encode(t.wheelchair, forKey: .wheelchair)
        try c.encode(t.kind, forKey: .toiletType)
        try c.encode(t.locationDetail, forKey: .locationDetail)
        try c.encode(t.sourceReleased, forKey: .sourceReleased)
        try c.encode(t.verifiedAt, forKey: .verifiedAt)
        try c.encode(t.verifiedBy, forKey: .verifiedBy)
        try c.encode(t.hoursVerifiedAt, forKey: .hoursVerifiedAt)
        try c.encode(t.hoursVerifiedBy, forKey: .hoursVerifiedBy)
        try c.encode(sources, forKey: .sources)
        try c.encode(route?.route.map { JSONNumber.rounded($0.lengthMeters, places: 1) }, forKey: .routeDistanceM)
        try c.encode(route.map { JSONNumber.rounded($0.seconds, places: 0) }, forKey: .walkTimeS)
        try c.encode(route?.route.map { RouteJSON($0) }, forKey: .route)
        try c.encode(route?.note, forKey: .routeNote)
        try t.details.encodeAttributes(to: encoder)
    }

    private enum Keys: String, CodingKey {
        case id, dataset, sourceID = "source_id", name, address, title, lat, lon, distanceM = "distance_m"
        case bearingDeg = "bearing_deg", timeZone = "time_zone", country, hoursText = "hours_text", hoursOSM = "hours_osm"
        case hoursStatus = "hours_status", state, stateAt = "state_at", nextChange = "next_change"
        case arrivalAt = "arrival_at", priceText = "price_text", priceAmount = "price_amount"
        case priceCurrency = "price_currency", free, wheelchair, toiletType = "toilet_type"
        case locationDetail = "location_detail", sources, routeDistanceM = "route_distance_m", walkTimeS = "walk_time_s"
        case route, routeNote = "route_note"
        case sourceReleased = "source_released", verifiedAt = "verified_at", verifiedBy = "verified_by"
        case hoursVerifiedAt = "hours_verified_at", hoursVerifiedBy = "hours_verified_by"
    }
}
