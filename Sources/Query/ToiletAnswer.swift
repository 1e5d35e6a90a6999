import Contract
public import Foundation
public import Geo
import Hours
public import Routing
import Storage

/// The document `locate toilet --json` prints (schema `toilet-answer/1`, docs/json.md),
/// written by `ToiletAnswerJSON`, its one writer.
public struct ToiletAnswer: Sendable, Equatable {
    /// The schema name and major version.
    public static let schema = "toilet-answer/1"
    /// The query point; nil for bookmarked toilets listed without one.
    public var near: Coordinate?
    /// With an open filter: the query instant (written in UTC; each result also carries it
    /// in its own offset).
    public var stateAt: Date?
    /// The toilets, nearest first.
    public var results: [ToiletResult]
    /// What a reader should know about the answer, in words (results far from `near`, and
    /// why nothing nearer matched); empty when there is nothing to say.
    public var notes: [String]
    /// The far-answer facts behind `notes` (not written: an adapter words them itself).
    public var far: FarAnswer?
    /// A likely latitude/longitude exchange behind one of `notes`, or nil.
    public var swap: SwapHint?
    /// With `--by`/`by=`: the mode results are ranked by route for (nil: straight line).
    public var by: TravelMode?
    /// How many places before `results` were skipped (`--offset`, `offset=`).
    public var offset = 0
    /// The `offset` of the next page, or nil when there are no more places.
    public var nextOffset: Int?

    /// An answer.
    public init(near: Coordinate?, stateAt: Date?, results: [ToiletResult], far: FarAnswer? = nil, by: TravelMode? = nil) {
        self.near = near
        self.by = by
        self.stateAt = stateAt
        self.results = results
        self.far = far
        notes = far.map { [$0.text] } ?? []
    }
}

/// `{"lat": …, "lon": …}` (contract rule 7).
package struct LatLon: Encodable {
    var lat: Double
    var lon: Double

    /// The point's degrees as the contract writes them.
    package init(_ c: Coordinate) {
        lat = JSONNumber.degrees(c.latitude)
        lon = JSONNumber.degrees(c.longitude)
    }
}
