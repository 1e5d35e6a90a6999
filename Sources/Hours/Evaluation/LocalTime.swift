import Contract
import Foundation

/// Wall-clock conversions in one time zone, DST-aware: a local time inside the
/// spring-forward gap maps to the first valid instant after it; an ambiguous local time
/// (the repeated hour in autumn) maps to its first occurrence. Offsets come from the zone's
/// shared `ZoneOffsets` table; the span last used is kept, so a search converts times
/// without a look-up.
struct LocalTime {
    let timeZone: TimeZone
    private let table: ZoneOffsets
    private var span: ZoneOffsets.Span?

    init(timeZone: TimeZone) { self.init(table: ZoneOffsets.shared(for: timeZone)) }

    init(table: ZoneOffsets) {
        self.table = table
        timeZone = table.timeZone
    }

    /// The first and last second of years 0001–9999: instants outside are read at those ends
    /// (and NaN as 1970), so no conversion can overflow.
    static let firstSecond = -62_135_596_800.0
    static let lastSecond = 253_402_300_799.0

    /// Whole seconds since 1970 of `instant`, clamped to years 0001–9999.
    static func seconds(_ instant: Date) -> Int {
        let seconds = instant.timeIntervalSince1970
        return Int(seconds.isNaN ? 0 : min(max(seconds, LocalTime.firstSecond), LocalTime.lastSecond).rounded(.down))
    }

    /// The zone's offset at second `t`, as `TimeZone.secondsFromGMT(for:)` gives it.
    mutating func offset(at t: Int) -> Int {
        if let s = span, s.contains(t), let o = s.offset(at: t) { return o }
        let s = table.span(containing: t)
        span = s
        return s.offset(at: t) ?? timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t)))
    }

    /// The local day and minute of the day of `instant`.
    mutating func local(_ instant: Date) -> (CivilDay, Int) {
        let t = LocalTime.seconds(instant)
        let local = t + offset(at: t)
        let dayNumber = local >= 0 ? local / 86400 : (local - 86399) / 86400
        return (CivilDay(number: dayNumber), (local - dayNumber * 86400) / 60)
    }

    /// The instant of `minute` on `day` (local wall clock).
    mutating func instant(day: CivilDay, minute: Int) -> Date {
        resolve(day.number * 86400 + minute * 60)
    }

    /// The instant of local seconds `local`: the first occurrence of a repeated time, the
    /// transition for a time in the gap.
    mutating func resolve(_ local: Int) -> Date {
        let offsets = (offset(at: local - 86400), offset(at: local), offset(at: local + 86400))
        var first: Int? = nil
        func check(_ off: Int) {
            let t = local - off
            if t < first ?? Int.max, offset(at: t) == off { first = t }
        }
        check(offsets.0)
        check(offsets.1)
        check(offsets.2)
        if let first { return Date(timeIntervalSince1970: Double(first)) }
        // In the gap: the transition itself is the first valid local time.
        let earliest = local - max(offsets.0, offsets.1, offsets.2)
        return timeZone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: Double(earliest - 1)))
            ?? Date(timeIntervalSince1970: Double(earliest))
    }

    /// Every instant whose wall clock reads local seconds `local`, earliest first: one, two
    /// for a time the clocks repeat (autumn), or for a time in the gap the transition (the
    /// first valid local time after it), as `resolve(_:)` gives it.
    mutating func occurrences(_ local: Int) -> [Date] {
        var found: [Int] = []
        for off in [offset(at: local - 86400), offset(at: local), offset(at: local + 86400)] {
            let t = local - off
            if !found.contains(t), offset(at: t) == off { found.append(t) }
        }
        if found.isEmpty { return [resolve(local)] }
        return found.sorted().map { Date(timeIntervalSince1970: Double($0)) }
    }

    /// The instants in `[from, to)` (whole seconds since 1970) at which the clocks are set
    /// back (the offset falls), earliest first.
    mutating func backwardChanges(from: Int, to: Int) -> [Int] {
        // Usually inside the span last used, whose backward changes are listed already.
        if let s = span, s.contains(from), to <= s.end, let back = s.backward {
            return back.isEmpty ? [] : back.filter { $0 >= from && $0 < to }
        }
        var result: [Int] = []
        var t = from
        while t < to {
            let s: ZoneOffsets.Span
            if let kept = span, kept.contains(t) {
                s = kept
            } else {
                s = table.span(containing: t)
                span = s
            }
            if let back = s.backward {
                for at in back where at >= t && at < to { result.append(at) }
            } else {
                // A span Foundation's transitions do not account for: ask it directly.
                var after = Date(timeIntervalSince1970: Double(t - 1))
                while let next = timeZone.nextDaylightSavingTimeTransition(after: after) {
                    let at = Int(next.timeIntervalSince1970.rounded(.down))
                    guard at < min(to, s.end), at > Int(after.timeIntervalSince1970.rounded(.down)) else { break }
                    if offset(at: at) < offset(at: at - 1) { result.append(at) }
                    after = next
                }
            }
            t = s.end
        }
        return result
    }

    /// The instant of local seconds `local` in `timeZone` (see `resolve(_:)`).
    static func resolve(_ local: Int, in timeZone: TimeZone) -> Date {
        var zone = LocalTime(timeZone: timeZone)
        return zone.resolve(local)
    }
}
