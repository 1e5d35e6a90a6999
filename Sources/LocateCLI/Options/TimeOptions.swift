import ArgumentParser
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
            "IANA time zone of --at and of the place (default: Europe/Prague; for locate station: Europe/Warsaw).",
            valueName: "ZONE"))
    var tz: String?

    func validate() throws {
        if let tz, TimeZone(identifier: tz) == nil { throw ValidationError("--tz '\(tz)' is not an IANA time zone") }
        if let at, TimeOptions.instant(at, in: TimeZone(identifier: tz ?? "UTC") ?? .gmt) == nil {
            throw ValidationError("--at '\(at)' is not a wall-clock time YYYY-MM-DDTHH:MM or an RFC 3339 instant with offset")
        }
    }

    /// The zone of `--tz`, or `fallback` (an IANA name) when `--tz` is not given.
    func zone(default fallback: String) -> TimeZone {
        TimeZone(identifier: tz ?? fallback) ?? .gmt
    }

    /// The instant `--at` names (wall-clock times in the zone `--tz` or `fallback`), or nil
    /// when `--at` is not given.
    func instant(default fallback: String) -> Date? {
        at.flatMap { TimeOptions.instant($0, in: zone(default: fallback)) }
    }

    /// `YYYY-MM-DDTHH:MM` as wall-clock time in `zone`, or an RFC 3339 instant with an offset.
    static func instant(_ text: String, in zone: TimeZone) -> Date? {
        if let local = WallClock.instant(text, in: zone) { return local }
        return InstantText.instant(text)
    }
}
