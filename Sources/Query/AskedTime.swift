import Contract
public import Foundation
public import Hours

/// `at` and `tz` as every question takes them, read and checked once: `at` is a wall-clock
/// time `YYYY-MM-DDTHH:MM` (read in a zone the question chooses) or an RFC 3339 instant with
/// its offset; `tz` an IANA zone.
public struct AskedTime: Sendable, Equatable {
    /// `at` as given.
    public var at: String?
    /// `tz` as given.
    public var tz: String?

    /// Reads and checks `at` and `tz` from `values`.
    init(reading values: inout RequestValues) throws {
        at = try values.text(.at)
        tz = try values.text(.tz)
        if let tz, TimeZone(identifier: tz) == nil { throw QueryError.badRequest(.badValue(.tz, tz, "is not an IANA time zone")) }
        if let at, WallClock.instant(at, in: .gmt) == nil, InstantText.instant(at) == nil {
            throw QueryError.badRequest(
                .badValue(.at, at, "is not a wall-clock time YYYY-MM-DDTHH:MM or an RFC 3339 instant with offset"))
        }
    }

    /// The zone a wall-clock `at` is read in: `tz`, else `fallback` (an IANA name).
    public func zone(default fallback: String) -> TimeZone { TimeZone(identifier: tz ?? fallback) ?? .gmt }

    /// `text` (a checked `at`) as an instant: a wall-clock time read in `zone`, with how a
    /// time the clocks skip or repeat was read, or an instant with its offset.
    static func instant(_ text: String, in zone: TimeZone) -> (at: Date, shift: WallClockShift?)? {
        if let local = WallClock.instant(text, in: zone) { return (local, WallClock.shift(text, in: zone)) }
        return InstantText.instant(text).map { ($0, nil) }
    }

    /// The instant asked for (`at` read in `zone`), else `now`.
    public func instant(now: Date, in zone: TimeZone) -> (at: Date, shift: WallClockShift?) {
        at.flatMap { AskedTime.instant($0, in: zone) } ?? (now, nil)
    }
}
