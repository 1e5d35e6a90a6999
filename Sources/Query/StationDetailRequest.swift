public import Foundation
public import Hours

/// The question "how is the air at this station?", as `locate station show KEY` and
/// `GET /v1/stations/{id}/detail` both ask it: the station named by a global id, a source
/// id or an exact name, in detail (`station-detail/1`) over the last `days` days, as of `at`.
public struct StationDetailRequest: Sendable, Equatable {
    /// Days of history unless asked otherwise.
    public static let defaultDays = 1
    /// The most days of history one answer holds.
    public static let maxDays = 31

    /// The station: a global id (`gios-stations/400`), a source id (`400`) or an exact name
    /// (case and diacritics ignored).
    public var key: String
    /// Days of history.
    public var days: Int
    /// `at` and `tz` (a wall-clock `at` is read in `tz`, else `StationsRequest.defaultZone`).
    public var time: AskedTime

    /// The fields this question takes, in the order errors are looked for.
    public static let fields: [RequestField] = [.days, .at, .tz]

    /// Reads `values` for the station `key`; throws `QueryError.badRequest` naming the first
    /// field at fault.
    public init(key: String, values: [RequestField: [String]]) throws {
        var v = RequestValues(values)
        self.key = key
        days = try v.whole(.days, in: 1...StationDetailRequest.maxDays) ?? StationDetailRequest.defaultDays
        time = try AskedTime(reading: &v)
        if let unknown = v.unread.first { throw QueryError.badRequest(.notTaken(unknown)) }
    }

    /// The zone a wall-clock `at` is read in.
    public var zone: TimeZone { time.zone(default: StationsRequest.defaultZone) }

    /// The instant the answer is for (`at`, else `now`), and how a wall-clock `at` the clocks
    /// skip or repeat was read.
    public func instant(now: Date) -> (at: Date, shift: WallClockShift?) { time.instant(now: now, in: zone) }

    /// Whether the answer depends on the clock (no `at`).
    public var isNow: Bool { time.at == nil }

    /// The answer as of `at`; nil when no active station has the key. Throws
    /// `QueryError.ambiguous` when a name or source id names several stations.
    public func answer(using finder: StationFinder, at: Date) throws -> StationDetail? {
        try finder.detail(key, now: at, days: days)
    }

    /// The words of "no such station", the same in the CLI (exit 3) and over HTTP (404).
    public var notFound: String { "no active station has the id or name '\(key)'" }
}
