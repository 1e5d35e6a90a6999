import Contract
import Foundation
public import Geo
public import Places
public import Storage

/// When two stations of different datasets are one monitor (docs/air.md, "One monitor, two
/// sources"): within `maxSeparationMeters` of each other (geodesic), and the name of one
/// agrees with the name or the street of the other as toilets' texts agree (`SamePlace`:
/// lower-cased, without diacritics, runs of other characters than letters and digits made one
/// space, one contains the other and the shorter has at least 4 characters). OpenAQ's copy of
/// GIOŚ's "Warszawa-Ursynów" is "Ursynów", 366.0 m away; of "Warszawa-IMiGW-PIB", street
/// "Podleśna 61", it is "Podleśna", 535.5 m away. Stations of one dataset are never one
/// monitor (a source lists each of its stations once).
public enum SameMonitor {
    /// The farthest apart two listings of one monitor may lie, metres.
    public static let maxSeparationMeters = 1000.0

    /// One more listing of a monitor: the station as another dataset lists it.
    public struct Link: Sendable, Equatable, Encodable {
        /// The other listing.
        public var station: StationResult
        /// Geodesic distance between the two listings' positions, metres.
        public var separationMeters: Double

        /// Encodes per the JSON contract: the other listing's id and its own indexes.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(station.id, forKey: .id)
            try c.encode(station.dataset, forKey: .dataset)
            try c.encode(station.sourceID, forKey: .sourceID)
            try c.encode(station.name, forKey: .name)
            try c.encode(JSONNumber.rounded(separationMeters, places: 1), forKey: .separationM)
            try c.encode(station.air?.index, forKey: .index)
            try c.encode(station.eaqi, forKey: .eaqi)
        }

        private enum Keys: String, CodingKey {
            case id, dataset, sourceID = "source_id", name, separationM = "separation_m", index, eaqi
        }
    }

    /// What the rule looks at in a station.
    public struct Listing: Sendable, Equatable {
        /// The dataset listing it.
        public var dataset: String
        /// Its name.
        public var name: String
        /// Its street, when known.
        public var street: String?
        /// Its position.
        public var coordinate: Coordinate

        /// A listing of these fields.
        public init(dataset: String, name: String, street: String?, coordinate: Coordinate) {
            (self.dataset, self.name, self.street, self.coordinate) = (dataset, name, street, coordinate)
        }

        /// A stored station's listing.
        public init(_ s: StoredStation) {
            self.init(dataset: s.dataset, name: s.name, street: s.street, coordinate: s.coordinate)
        }
    }

    /// The separation of `a` and `b` when they are one monitor, else nil.
    public static func separation(_ a: Listing, _ b: Listing, geodesic: Geodesic = Geodesic()) -> Double? {
        // A cheap box first: 0.01° of latitude is over 1,100 m everywhere; the longitude span
        // of `maxSeparationMeters` widens towards the poles (and wraps at the antimeridian).
        let lonSpan = abs(a.coordinate.longitude - b.coordinate.longitude)
        let cosLat = cos(max(abs(a.coordinate.latitude), abs(b.coordinate.latitude)) * .pi / 180)
        guard a.dataset != b.dataset,
            abs(a.coordinate.latitude - b.coordinate.latitude) < 0.01,
            cosLat < 0.01 || min(lonSpan, 360 - lonSpan) * 111_000 * cosLat < maxSeparationMeters * 1.01
        else { return nil }
        let d = geodesic.distance(from: a.coordinate, to: b.coordinate)
        guard d <= maxSeparationMeters else { return nil }
        // A name against the other's name or street, never street against street (two
        // monitors may share a street).
        let (an, bn) = (SamePlace.folded(a.name), SamePlace.folded(b.name))
        let aTexts = [an, a.street.flatMap(SamePlace.folded)].compactMap { $0 }
        let bTexts = [bn, b.street.flatMap(SamePlace.folded)].compactMap { $0 }
        let agree =
            (an.map { n in bTexts.contains { SamePlace.agree(n, $0) } } ?? false)
            || (bn.map { n in aTexts.contains { SamePlace.agree(n, $0) } } ?? false)
        return agree ? d : nil
    }

    /// `results` with each monitor listed once: a result that is one monitor with an earlier
    /// one (and whose dataset that earlier one has no link of yet) moves into the earlier
    /// one's `sameMonitor`, with the separation; the order is otherwise kept.
    public static func merged(_ results: [StationResult]) -> [StationResult] {
        let geodesic = Geodesic()
        var out: [StationResult] = []
        for r in results {
            let home = out.indices.first { i in
                !out[i].sameMonitor.contains { $0.station.dataset == r.dataset }
                    && separation(Listing(out[i].station), Listing(r.station), geodesic: geodesic) != nil
            }
            if let i = home, let d = separation(Listing(out[i].station), Listing(r.station), geodesic: geodesic) {
                out[i].sameMonitor.append(Link(station: r, separationMeters: d))
            } else {
                out.append(r)
            }
        }
        return out
    }
}
