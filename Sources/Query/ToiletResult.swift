import Contract
public import Foundation
import Geo
public import Hours
public import Places
import Routing
public import Storage

/// One toilet in a query answer: the stored toilet (its fields read through, as
/// `result.name`) with where it lies from the query point and, with an open filter, its
/// state. Encodes per the JSON contract (docs/json.md, schema `toilet-answer/1`): snake_case
/// keys, a fixed key set with explicit nulls, instants in the place's offset beside
/// `time_zone`.
@dynamicMemberLookup
public struct ToiletResult: Sendable, Equatable {
    /// The toilet as stored.
    public var toilet: StoredToilet
    /// With an open filter: the state at its instant (`open`, or `unknown` when asked for).
    public var state: HoursState?
    /// With an open filter: the instant the state is for.
    public var stateAt: Date?
    /// With an open filter: when that state next changes (nil: never, or not asked).
    public var nextChangeAt: Date?
    /// With an open filter and an arrival: the arrival instant.
    public var arrivalAt: Date?
    /// Geodesic distance from the query point, metres; nil without one (bookmarked toilets
    /// listed without `--near`).
    public var distanceMeters: Double?
    /// Initial bearing from the query point, degrees clockwise from north; nil at distance 0
    /// or without a query point.
    public var bearingDegrees: Double?
    /// The records of this place, the one found first: one per dataset (see `SamePlace`).
    public var sources: [ToiletSource]
    /// With `--by`/`by=`: the route there, or why there is none (docs/routing.md).
    public var route: ToiletRoute?

    /// A result for a stored toilet found at `distanceMeters` and `bearingDegrees`.
    public init(_ t: StoredToilet, distanceMeters: Double, bearingDegrees: Double) {
        toilet = t
        self.distanceMeters = distanceMeters
        self.bearingDegrees = Geodesic.bearing(bearingDegrees, distanceMeters: distanceMeters)
        sources = [ToiletSource(t)]
    }

    /// A result without a query point (no distance, no bearing).
    public init(_ t: StoredToilet) {
        toilet = t
        distanceMeters = nil
        bearingDegrees = nil
        sources = [ToiletSource(t)]
    }

    /// The stored toilet's fields (`result.name`, `result.rowID`, `result.hoursText`, …).
    public subscript<T>(dynamicMember field: KeyPath<StoredToilet, T>) -> T { toilet[keyPath: field] }

    /// The global id `DATASET/SOURCE_ID`.
    public var id: String { toilet.globalID }

    /// The next change as wall-clock text in the place's zone (`2026-11-21T20:00`), for tables.
    public var nextChange: String? { nextChangeAt.map { WallClock.text($0, in: zone) } }
    /// The query instant as wall-clock text in the place's zone, for tables.
    public var queryTime: String? { stateAt.map { WallClock.text($0, in: zone) } }
    /// The arrival as wall-clock text in the place's zone, for tables.
    public var arrival: String? { arrivalAt.map { WallClock.text($0, in: zone) } }

    private var zone: TimeZone { TimeZone(identifier: toilet.timeZone) ?? .gmt }
}

extension ToiletDetails {
    /// Writes the OSM attributes under their contract names (docs/json.md) into the object
    /// `encoder` is writing: the one place every toilet document (`toilet-answer/1`,
    /// `toilet-detail/1`) takes them from.
    public func encodeAttributes(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AttributeKey.self)
        try c.encode(access, forKey: AttributeKey("access"))
        for a in ToiletAttribute.ordered {
            let key = AttributeKey(a.key)
            switch attributes[a] {
            case nil: try c.encodeNil(forKey: key)
            case .flag(let b)?: try c.encode(b, forKey: key)
            case .text(let t)?: try c.encode(t, forKey: key)
            }
        }
    }

    /// Writes every member of the toilet's field tables (`ToiletMembers`: the fixed fields
    /// under their contract keys, `access`, the attributes) into the object `encoder` is
    /// writing: for documents written through `Encodable` (`toilet-detail/1`).
    public static func encodeFields(of toilet: Toilet, to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AttributeKey.self)
        for column in ToiletColumn.allCases {
            let key = AttributeKey(column.contractKey)
            switch toilet.contractValue(column) {
            case .text(let v): try c.encode(v, forKey: key)
            case .number(let v): try c.encode(v, forKey: key)
            case .flag(let v): try c.encode(v, forKey: key)
            }
        }
        try toilet.details.encodeAttributes(to: encoder)
    }

    private struct AttributeKey: CodingKey {
        let stringValue: String
        init(_ s: String) { stringValue = s }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}

/// One record behind a result: `{"dataset", "id", "source_id"}` in JSON.
public struct ToiletSource: Sendable, Equatable, Encodable {
    /// The dataset.
    public var dataset: String
    /// The id within the dataset.
    public var sourceID: String
    /// Row id in the store.
    public var rowID: Int64

    /// The source of a stored toilet.
    public init(_ t: StoredToilet) {
        dataset = t.dataset
        sourceID = t.sourceID
        rowID = t.rowID
    }

    /// Encodes per the JSON contract (docs/json.md).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(dataset, forKey: .dataset)
        try c.encode(dataset + "/" + sourceID, forKey: .id)
        try c.encode(sourceID, forKey: .sourceID)
    }

    private enum Keys: String, CodingKey { case dataset, id, sourceID = "source_id" }
}
