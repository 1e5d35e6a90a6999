public import Foundation

/// How old a feed's data may be and still be judged: the one age rule of `locate station
/// --alert`, `locate status`, `GET /v1/status` and `/metrics`. A feed that stopped is never
/// good news: past its expected interval times a margin, its values are "cannot be judged".
public enum FeedFreshness {
    /// How many expected intervals a value may be late before it is stale.
    public static let margin = 3.0

    /// The expected interval of a feed of `kind` (`IngestRunRecord.kind`) in seconds, or nil
    /// for data that is not a feed (toilets, stations: they change when someone re-reads a
    /// source). GIOŚ publishes measurements every hour.
    public static func intervalSeconds(kind: String) -> TimeInterval? {
        kind == "air" ? 3600 : nil
    }

    /// The largest age in seconds data of `kind` may have and still be fresh (interval ×
    /// margin: 3 h for GIOŚ's hourly data), or nil when data of that kind is never stale;
    /// `freshWithin` (`--fresh-within`, `fresh_within=`) overrides it.
    public static func maxAgeSeconds(kind: String, freshWithin: TimeInterval? = nil) -> TimeInterval? {
        freshWithin ?? intervalSeconds(kind: kind).map { $0 * margin }
    }

    /// Whether data of `instant` is fresh at `now` (`now` passed in: libraries never read the
    /// clock): no limit is always fresh; with one, no data is never fresh.
    public static func isFresh(_ instant: Date?, now: Date, maxAgeSeconds: TimeInterval?) -> Bool {
        guard let maxAgeSeconds else { return true }
        guard let instant else { return false }
        return now.timeIntervalSince(instant) <= maxAgeSeconds
    }
}
