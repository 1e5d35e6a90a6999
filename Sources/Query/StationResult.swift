import Contract
import Geo
public import Places
public import Storage

/// How a station's name matched a `--name` query, best first.
public enum NameMatch: String, Sendable, Equatable, Comparable, Encodable, CaseIterable {
    /// The whole name (case and diacritics ignored).
    case exact
    /// The start of the name.
    case prefix
    /// The start of a word of the name.
    case word
    /// Anywhere in the name.
    case substring

    /// 0 (exact) … 3 (substring).
    public var rank: Int { NameMatch.allCases.firstIndex(of: self) ?? 3 }

    /// Better matches sort first.
    public static func < (a: NameMatch, b: NameMatch) -> Bool { a.rank < b.rank }
}

/// One station in a query answer: the stored station (its fields read through, as
/// `result.name`) with its distance or name match and its latest air data. Encodes per the
/// JSON contract (schema `station-answer/1`).
@dynamicMemberLookup
public struct StationResult: Sendable, Equatable, Encodable {
    /// The station as stored.
    public var station: StoredStation
    /// Geodesic distance from the query point, metres (`--near` only).
    public var distanceMeters: Double?
    /// Initial bearing from the query point, degrees (`--near` only).
    public var bearingDegrees: Double?
    /// How the name matched (`--name` only).
    public var match: NameMatch?
    /// The latest index and values (nil when the store has no air data for the station).
    public var air: StationAir?
    /// The European Air Quality Index from the station's values (nil without a value of its
    /// five pollutants), beside the source's own `air.index`.
    public var eaqi: EuropeanAirQualityIndex?
    /// The same monitor as other datasets list it (`SameMonitor`), folded into this result.
    public var sameMonitor: [SameMonitor.Link] = []

    /// A result for a stored station.
    public init(_ s: StoredStation) { station = s }

    /// The stored station's fields (`result.name`, `result.rowID`, `result.city`, …).
    public subscript<T>(dynamicMember field: KeyPath<StoredStation, T>) -> T { station[keyPath: field] }

    /// The global id `DATASET/SOURCE_ID`.
    public var id: String { station.globalID }

    /// Encodes per the JSON contract: snake_case keys, explicit nulls (docs/json.md).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        let (s, coordinate) = (station, station.coordinate)
        try c.encode(id, forKey: .id)
        try c.encode(s.dataset, forKey: .dataset)
        try c.encode(s.sourceID, forKey: .sourceID)
        try c.encode(s.name, forKey: .name)
        try c.encode(s.code, forKey: .code)
        try c.encode(s.city, forKey: .city)
        try c.encode(s.province, forKey: .province)
        try c.encode(s.street, forKey: .street)
        try c.encode(s.timeZone, forKey: .timeZone)
        try c.encode(JSONNumber.degrees(coordinate.latitude), forKey: .lat)
        try c.encode(JSONNumber.degrees(coordinate.longitude), forKey: .lon)
        try c.encode(distanceMeters.map { JSONNumber.rounded($0, places: 1) }, forKey: .distanceM)
        try c.encode(bearingDegrees.map { JSONNumber.rounded($0, places: 1) }, forKey: .bearingDeg)
        try c.encode(match, forKey: .match)
        try c.encode(air?.index, forKey: .index)
        try c.encode(eaqi, forKey: .eaqi)
        try c.encode(air?.readings ?? [], forKey: .readings)
        try c.encode(sameMonitor, forKey: .sameMonitor)
    }

    private enum Keys: String, CodingKey {
        case id, dataset, sourceID = "source_id", name, code, city, province, street, timeZone = "time_zone", lat, lon
        case distanceM = "distance_m", bearingDeg = "bearing_deg", match, index, eaqi, readings
        case sameMonitor = "same_monitor"
    }
}
