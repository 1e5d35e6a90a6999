public import Foundation

/// What a wall-clock time means on a day the clocks change: the fact the CLI reports when
/// `--at` names a time that does not exist (spring forward) or exists twice (autumn back).
/// `WallClock.instant` resolves such times silently; this says how.
public struct WallClockShift: Sendable, Equatable {
    /// Which oddity the wall-clock time hits.
    public enum Kind: Sendable, Equatable {
        /// The time is in the gap the clocks jumped over; the instant used is the first valid
        /// one after it (the transition, plus the seconds given).
        case skipped
        /// The time happens twice; the instant used is the first occurrence.
        case repeated
    }

    /// Skipped or repeated.
    public var kind: Kind
    /// The day of the change as `YYYY-MM-DD` in the zone.
    public var day: String
    /// The wall clock just before the change, `HH:MM` (`02:00` in spring, `03:00` in autumn).
    public var clockBefore: String
    /// The wall clock just after the change, `HH:MM` (`03:00` in spring, `02:00` in autumn).
    public var clockAfter: String
    /// The instant used (what `WallClock.instant` returns).
    public var used: Date
    /// For a repeated time, the other occurrence (the later one); nil for a skipped time.
    public var other: Date?
}

extension WallClock {
    /// How `text` (`YYYY-MM-DDTHH:MM[:SS]`, as `instant(_:in:)` takes it) falls around a clock
    /// change in `timeZone`: nil when it names exactly one instant, or is not such a text.
    public static func shift(_ text: String, in timeZone: TimeZone) -> WallClockShift? {
        guard let used = instant(text, in: timeZone) else { return nil }
        let asked = String(text.prefix(16))
        let usedText = self.text(used, in: timeZone)
        if usedText != asked {
            // In the gap: `used` lies just after the transition (at most 59 seconds).
            guard let change = timeZone.nextDaylightSavingTimeTransition(after: used.addingTimeInterval(-61)),
                change <= used
            else { return nil }
            return transitionShift(.skipped, at: change, used: used, other: nil, in: timeZone)
        }
        // Repeated: the same wall-clock time again after a backward change within a day.
        guard let change = timeZone.nextDaylightSavingTimeTransition(after: used),
            change.timeIntervalSince(used) <= 86400
        else { return nil }
        let back = timeZone.secondsFromGMT(for: change.addingTimeInterval(-1)) - timeZone.secondsFromGMT(for: change)
        guard back > 0 else { return nil }
        let later = used.addingTimeInterval(Double(back))
        guard later >= change, self.text(later, in: timeZone) == asked else { return nil }
        return transitionShift(.repeated, at: change, used: used, other: later, in: timeZone)
    }

    private static func transitionShift(
        _ kind: WallClockShift.Kind, at change: Date, used: Date, other: Date?, in timeZone: TimeZone
    ) -> WallClockShift {
        let before = timeZone.secondsFromGMT(for: change.addingTimeInterval(-1))
        let after = timeZone.secondsFromGMT(for: change)
        let t = Int(change.timeIntervalSince1970.rounded(.down))
        func clock(_ offset: Int) -> String {
            let minute = ((t + offset) % 86400 + 86400) % 86400 / 60
            return "\(twoDigits(minute / 60)):\(twoDigits(minute % 60))"
        }
        return WallClockShift(
            kind: kind, day: String(text(change, in: timeZone).prefix(10)), clockBefore: clock(before),
            clockAfter: clock(after), used: used, other: other)
    }
}
