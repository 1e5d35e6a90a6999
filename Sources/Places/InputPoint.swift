public import Geo

/// One point of a points file (`locate toilet --near-file`, the body of
/// `POST /v1/toilets/nearest:batch`): its 1-based line, its id as given (nil without an id
/// column or member) and its position.
public struct InputPoint: Sendable, Equatable {
    /// The 1-based line the point's row (CSV) or Feature (GeoJSON) starts on.
    public var line: Int
    /// The id the input gives it, as text; nil when it has none.
    public var id: String?
    /// The point, WGS84 degrees.
    public var coordinate: Coordinate

    /// A point read at `line`.
    public init(line: Int, id: String?, coordinate: Coordinate) {
        self.line = line
        self.id = id
        self.coordinate = coordinate
    }
}
