public import Geo

/// A likely exchange of latitude and longitude, in words for an answer's `notes` (`--json`
/// and the HTTP API alike; the text view says it on stderr). Points are latitude first
/// (`--near LAT,LON`, `lat=`/`lon=`); boxes are longitude first (`--bbox W,S,E,N`, `bbox=`),
/// as Datasette and the Toilet Map API take them (docs/guide.md, "Coordinate order").
public enum SwapHint: Sendable, Equatable {
    /// The point lies outside the data, `exchanged` inside.
    case point(Coordinate, exchanged: Coordinate, data: String)
    /// The box (given W,S,E,N) lies outside the data; with each pair exchanged it is inside.
    case box(SearchBox, data: String)

    /// The note.
    public var text: String {
        switch self {
        case .point(let p, let exchanged, let data):
            "the point \(p) is outside the \(data) data, but \(exchanged) is inside: points are latitude first "
                + "(--near LAT,LON; lat= and lon=); did you swap them?"
        case .box(let b, let data):
            "the box \(SwapHint.text(b.box)) is outside the \(data) data, but it is inside with each pair exchanged: "
                + "--bbox and bbox= are longitude first (W,S,E,N); did you give it latitude first (S,W,N,E)?"
        }
    }

    /// `W,S,E,N` as given.
    static func text(_ b: BoundingBox) -> String {
        "\(b.minLongitude),\(b.minLatitude),\(b.maxLongitude),\(b.maxLatitude)"
    }
}

extension NearestToiletsRequest {
    /// The swap hint of an answer whose nearest result lies `nearestMeters` away (nil: none
    /// found): for a point given, the point's; for a box alone, its centre's (a box given
    /// S,W,N,E has its centre exchanged).
    func swapHint(nearestMeters: Double?, using finder: ToiletFinder) throws -> SwapHint? {
        if pointGiven {
            return try finder.exchangedPoint(for: near, nearestMeters: nearestMeters).map {
                .point(near, exchanged: $0, data: "toilet")
            }
        }
        guard let box = filter.box, try finder.exchangedPoint(for: box.centre, nearestMeters: nearestMeters) != nil else {
            return nil
        }
        return .box(box, data: "toilet")
    }
}
