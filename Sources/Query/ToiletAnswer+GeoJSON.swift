import Contract
public import Foundation
import Geo
public import Places
import Routing

/// `toilet-geojson/1`, `locate toilet --format geojson`: the answer as an RFC 7946
/// FeatureCollection, in the answer's order. Each toilet is the Feature `locate export geojson`
/// writes for it: the caller passes the export's own writer (`ToiletFeatureJSON.bytes`, which
/// gives the same geometry, id and properties, and its state at `--at`/`--open-now`'s instant,
/// null without), so Query needs no Export. With `--by`, each toilet's Feature is followed by
/// its route's: a LineString from the start point to the toilet (null geometry when there is no
/// route), with `toilet` (the toilet's id), `by`, `distance_m` (straight line),
/// `route_distance_m`, `walk_time_s`, `route_note` and `steps` (null without a route;
/// docs/routing.md, schema toilet-geojson). One Feature per line; the `locate` member names the
/// schema, the query point and the mode.
public enum ToiletAnswerGeoJSON {
    /// The FeatureCollection's text; `feature` writes one toilet's Feature at an instant.
    public static func text(_ answer: ToiletAnswer, feature: (StoredToilet, Date?) -> [UInt8]) throws -> String {
        var out = FeatureCollectionFrame.opening()
        var count = 0
        func add(_ feature: [UInt8]) {
            out += FeatureCollectionFrame.separator(before: count) + feature
            count += 1
        }
        for r in answer.results {
            add(feature(r.toilet, answer.stateAt))
            if let route = r.route { add(try ContractJSON.encode(RouteFeature(result: r, route: route))) }
        }
        out += FeatureCollectionFrame.closing(locate: try ContractJSON.encode(About(answer: answer)))
        return String(decoding: out, as: UTF8.self)
    }

    /// The `locate` member (a foreign member, RFC 7946 §6.1, as the export has):
    /// `schema` (`toilet-geojson/1`), the query point `near` ([lon, lat]) and `by`.
    struct About: Encodable {
        var answer: ToiletAnswer
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode("toilet-geojson/1", forKey: .schema)
            try c.encode(answer.near.map { [JSONNumber.degrees($0.longitude), JSONNumber.degrees($0.latitude)] }, forKey: .near)
            try c.encode(answer.by?.rawValue, forKey: .by)
        }
        enum Keys: String, CodingKey { case schema, near, by }
    }

    /// The route to one toilet as a Feature (keys sorted by the encoder).
    struct RouteFeature: Encodable {
        var result: ToiletResult
        var route: ToiletRoute

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode("Feature", forKey: .type)
            if let line = route.route?.geometry {
                try c.encode(
                    Line(coordinates: line.map { [JSONNumber.degrees($0.longitude), JSONNumber.degrees($0.latitude)] }),
                    forKey: .geometry)
            } else {
                try c.encodeNil(forKey: .geometry)
            }
            try c.encode(Properties(result: result, route: route), forKey: .properties)
        }

        enum Keys: String, CodingKey { case type, geometry, properties }
    }

    struct Line: Encodable {
        var type = "LineString"
        var coordinates: [[Double]]
    }

    struct Properties: Encodable {
        var result: ToiletResult
        var route: ToiletRoute

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(result.id, forKey: .toilet)
            try c.encode(route.mode.rawValue, forKey: .by)
            try c.encode(result.distanceMeters.map { JSONNumber.rounded($0, places: 1) }, forKey: .distanceM)
            try c.encode(route.route.map { JSONNumber.rounded($0.lengthMeters, places: 1) }, forKey: .routeDistanceM)
            try c.encode(JSONNumber.rounded(route.seconds, places: 0), forKey: .walkTimeS)
            try c.encode(route.note, forKey: .routeNote)
            try c.encode(route.route.map { $0.steps.map(RouteJSON.StepJSON.init) }, forKey: .steps)
        }

        enum Keys: String, CodingKey {
            case toilet, by, distanceM = "distance_m", routeDistanceM = "route_distance_m", walkTimeS = "walk_time_s"
            case routeNote = "route_note", steps
        }
    }
}
