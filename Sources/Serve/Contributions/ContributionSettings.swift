import Foundation
public import Geo

/// What `locate serve` accepts from contributors: where, how much and how often
/// (`--photos`, `--region`, `--submissions-per-hour`; the byte limits are fixed and
/// documented in docs/guide.md, "Contributions over HTTP").
public struct ContributionSettings: Sendable, Equatable {
    /// The photo folder; nil: `<db>.photos` beside the database.
    public var photosFolder: String?
    /// Where new and moved positions must lie; nil: within `dataRadiusMeters` of an active
    /// toilet of some dataset (anywhere while there is no toilet).
    public var region: BoundingBox?
    /// Submissions (of every kind) one client may make per hour.
    public var submissionsPerHour = 20
    /// The sign reader (`locate-read`) run on uploaded photos of hours signs; nil: none.
    public var signReaderPath: String?
    /// How long one reading may take, in seconds, its wait for a turn included (0: no reading).
    public var signSeconds = 8.0
    /// The largest JSON body in bytes (16 KiB).
    public var maxJSONBytes = 16 * 1024
    /// The largest photo in bytes (10 MiB).
    public var maxPhotoBytes = 10 * 1024 * 1024
    /// A new toilet this close to an active one (metres) needs `"confirm": true`.
    public var duplicateRadiusMeters = 25.0
    /// Without `--region`, new and moved positions must lie this close (geodesic metres) to
    /// an active toilet of some dataset: near existing data, so a point in the countryside
    /// between two cities' data is refused (10 km: a city's outskirts beyond its last mapped
    /// toilet are still in).
    public static let dataRadiusMeters = 10_000.0

    /// The defaults.
    public init() {}

    /// Reads `--region W,S,E,N` (WGS84 degrees, longitude first: the order of every box
    /// locate takes, `--bbox` and `bbox=` too; docs/guide.md, "Coordinate order").
    public static func region(_ text: String) throws -> BoundingBox {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard parts.count == 4, let w = parts[0], let s = parts[1], let e = parts[2], let n = parts[3],
            (-90...90).contains(s), (-90...90).contains(n), (-180...180).contains(w), (-180...180).contains(e), s < n, w < e
        else {
            throw ServeError.configuration(
                "--region '\(text)' is not a box W,S,E,N in degrees (longitude first, as --bbox) with W < E and S < N")
        }
        return BoundingBox(minLongitude: w, minLatitude: s, maxLongitude: e, maxLatitude: n)
    }

    /// Fails when a value is out of range, naming the option.
    public func check() throws {
        guard (1...100_000).contains(submissionsPerHour) else {
            throw ServeError.configuration("--submissions-per-hour must be 1 to 100000")
        }
        guard signSeconds.isFinite, (0...60).contains(signSeconds) else {
            throw ServeError.configuration("--sign-seconds must be 0 to 60")
        }
    }
}
