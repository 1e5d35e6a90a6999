import ArgumentParser
import Contract
import Foundation
import Hours
import Query

/// What `--tz` defaults to in one command (each command its own): the zone the command
/// reads a wall-clock `--at` in, and its help says.
protocol ZoneDefault {
    /// The IANA zone, or nil when it depends on the answer (the nearest toilet's).
    static var identifier: String? { get }
    /// The end of `--tz`'s help: `(default: …)`.
    static var help: String { get }
}

extension ZoneDefault {
    static var help: String { "(default: \(identifier ?? "?"))" }
}

/// `locate toilet` and `locate toilet show`: the toilet's own zone (a search's nearest toilet).
enum NearestToiletZone: ZoneDefault {
    static let identifier: String? = nil
    static let help = "(default: the toilet's own zone; for a search, the nearest toilet's)"
}

/// `locate station`: Poland's.
enum WarsawZone: ZoneDefault {
    static let identifier: String? = StationsRequest.defaultZone
}

/// `locate export`, `locate hours eval`: Prague's.
enum PragueZone: ZoneDefault {
    static let identifier: String? = "Europe/Prague"
}

/// `--at` and `--tz`, shared by `toilet`, `station`, `export` and `hours eval`; `Zone` says
/// what `--tz` defaults to in the command's help. The rules live in `TimeText`.
struct TimeOptions<Zone: ZoneDefault>: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The time to answer for: YYYY-MM-DDTHH:MM in --tz, or an RFC 3339 instant with offset (2026-11-21T20:00:00+01:00).",
            valueName: "TIME"))
    var at: String?

    @Option(help: ArgumentHelp("IANA time zone of --at " + Zone.help + ".", valueName: "ZONE"))
    var tz: String?

    func validate() throws { try TimeText.validate(at: at, tz: tz) }

    /// The zone of `--tz`, or the command's own default (`Zone`) when `--tz` is not given.
    func zone() -> TimeZone { TimeText.zone(tz: tz, default: Zone.identifier ?? "UTC") }

    /// The instant `--at` names (wall-clock times in the zone `--tz` or `fallback`), or nil
    /// when `--at` is not given. A wall-clock time the clocks skip or repeat in that zone
    /// also prints a note on stderr saying which instant is used (`shiftNote`).
    func instant() -> Date? { TimeText.instant(at: at, tz: tz, default: Zone.identifier ?? "UTC") }
}

/// The rules of `--at` and `--tz`, for values however they were parsed (`ToiletQuery`).
enum TimeText {
    /// The checks of `validate()`, on values however they were parsed (`ToiletQuery`).
    static func validate(at: String?, tz: String?) throws {
        if let tz, TimeZone(identifier: tz) == nil { throw ValidationError("--tz '\(tz)' is not an IANA time zone") }
        if let at, TimeText.instant(at, in: TimeZone(identifier: tz ?? "UTC") ?? .gmt) == nil {
            throw ValidationError("--at '\(at)' is not a wall-clock time YYYY-MM-DDTHH:MM or an RFC 3339 instant with offset")
        }
    }

    /// The zone `--tz` names, or `fallback` when `tz` is nil.
    static func zone(tz: String?, default fallback: String) -> TimeZone {
        TimeZone(identifier: tz ?? fallback) ?? .gmt
    }

    /// `instant(default:)` for values however they were parsed (`ToiletQuery`).
    static func instant(at: String?, tz: String?, default fallback: String) -> Date? {
        guard let at else { return nil }
        let zone = zone(tz: tz, default: fallback)
        if let shift = WallClock.shift(at, in: zone) { Console.note(TimeText.shiftNote(shift, at: at, zone: zone)) }
        return TimeText.instant(at, in: zone)
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
