import ArgumentParser
import Contract
import Foundation
import Hours

/// `--at` and `--tz`, shared by `toilet`, `station`, `export` and `hours eval`.
struct TimeOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The time to answer for: YYYY-MM-DDTHH:MM in --tz, or an RFC 3339 instant with offset (2026-11-21T20:00:00+01:00).",
            valueName: "TIME"))
    var at: String?

    @Option(
        help: ArgumentHelp(
            "IANA time zone of --at (default: for locate toilet the nearest toilet's zone, for locate station Europe/Warsaw, else Europe/Prague).",
            valueName: "ZONE"))
    var tz: String?

    func validate() throws { try TimeOptions.validate(at: at, tz: tz) }

    /// The checks of `validate()`, on values however they were parsed (`ToiletQuery`).
    static func validate(at: String?, tz: String?) throws {
        if let tz, TimeZone(identifier: tz) == nil { throw ValidationError("--tz '\(tz)' is not an IANA time zone") }
        if let at, TimeOptions.instant(at, in: TimeZone(identifier: tz ?? "UTC") ?? .gmt) == nil {
            throw ValidationError("--at '\(at)' is not a wall-clock time YYYY-MM-DDTHH:MM or an RFC 3339 instant with offset")
        }
    }

    /// The zone of `--tz`, or `fallback` (an IANA name) when `--tz` is not given.
    func zone(default fallback: String) -> TimeZone { TimeOptions.zone(tz: tz, default: fallback) }

    /// The zone `--tz` names, or `fallback` when `tz` is nil.
    static func zone(tz: String?, default fallback: String) -> TimeZone {
        TimeZone(identifier: tz ?? fallback) ?? .gmt
    }

    /// The instant `--at` names (wall-clock times in the zone `--tz` or `fallback`), or nil
    /// when `--at` is not given. A wall-clock time the clocks skip or repeat in that zone
    /// also prints a note on stderr saying which instant is used (`shiftNote`).
    func instant(default fallback: String) -> Date? { TimeOptions.instant(at: at, tz: tz, default: fallback) }

    /// `instant(default:)` for values however they were parsed (`ToiletQuery`).
    static func instant(at: String?, tz: String?, default fallback: String) -> Date? {
        guard let at else { return nil }
        let zone = zone(tz: tz, default: fallback)
        if let shift = WallClock.shift(at, in: zone) { Console.note(TimeOptions.shiftNote(shift, at: at, zone: zone)) }
        return TimeOptions.instant(at, in: zone)
    }

    /// `note: 02:30 does not exist on 2026-03-29 in Europe/Prague (clocks go forward
    /// 02:00→03:00); using 03:00 (2026-03-29T03:00:00+02:00)`, or for an autumn time that
    /// happens twice, which of the two is used.
    static func shiftNote(_ shift: WallClockShift, at: String, zone: TimeZone) -> String {
        let asked = at.split(separator: "T").last.map(String.init) ?? at
        let dayAndZone = "on \(shift.day) in \(zone.identifier)"
        let used = InstantText.text(shift.used, in: zone)
        switch shift.kind {
        case .skipped:
            let clock = WallClock.text(shift.used, in: zone).suffix(5)
            return "note: \(asked) does not exist \(dayAndZone) (clocks go forward \(shift.clockBefore)→\(shift.clockAfter)); "
                + "using \(clock) (\(used))"
        case .repeated:
            let other = shift.other.map { " (the second is \(InstantText.text($0, in: zone)))" } ?? ""
            return "note: \(asked) happens twice \(dayAndZone) (clocks go back \(shift.clockBefore)→\(shift.clockAfter)); "
                + "using the first, \(used)\(other)"
        }
    }

    /// `YYYY-MM-DDTHH:MM` as wall-clock time in `zone`, or an RFC 3339 instant with an offset.
    static func instant(_ text: String, in zone: TimeZone) -> Date? {
        if let local = WallClock.instant(text, in: zone) { return local }
        return InstantText.instant(text)
    }
}
