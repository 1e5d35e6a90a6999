public import Foundation

/// RFC 3339 instants with whole seconds, as the JSON contract writes them (docs/json.md,
/// rule 4): `2026-11-21T10:00:00Z` for instants not tied to a place, and
/// `2026-11-21T20:00:00+01:00` in a place's own offset. The one formatter of the project.
public enum InstantText {
    /// `2026-11-21T10:00:00Z`: the instant in UTC.
    public static func utc(_ instant: Date) -> String { format(instant, offsetSeconds: 0) }

    /// `2026-11-21T20:00:00+01:00`: the instant in the offset `timeZone` has at that instant.
    public static func text(_ instant: Date, in timeZone: TimeZone) -> String {
        format(instant, offsetSeconds: timeZone.secondsFromGMT(for: instant))
    }

    /// The instant an RFC 3339 text names (`Z` or a numeric offset; fractions ignored), or nil.
    public static func instant(_ text: String) -> Date? {
        if let d = try? Date(text, strategy: .iso8601) { return d }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// Instants outside years 0001–9999 are clamped to those ends (RFC 3339 has four-digit
    /// years); an offset is rounded to whole minutes first (RFC 3339 offsets have no seconds:
    /// Prague's local mean time before 1891 was +00:57:44), so text and instant agree.
    private static func format(_ instant: Date, offsetSeconds rawOffset: Int) -> String {
        let offsetSeconds = Int((Double(rawOffset) / 60).rounded()) * 60
        let seconds = instant.timeIntervalSince1970
        let clamped = seconds.isNaN ? 0 : min(max(seconds, -62_135_596_800), 253_402_300_799)
        let t = Int(clamped.rounded(.down)) + offsetSeconds
        let dayNumber = Int((Double(t) / 86400).rounded(.down))
        let day = CivilDay(number: dayNumber)
        let second = t - dayNumber * 86400
        let year = String(day.year)
        var s = String(repeating: "0", count: max(0, 4 - year.count)) + year + "-\(pad2(day.month))-\(pad2(day.day))T"
        s += "\(pad2(second / 3600)):\(pad2(second / 60 % 60)):\(pad2(second % 60))"
        guard offsetSeconds != 0 else { return s + "Z" }
        let minutes = abs(offsetSeconds) / 60
        return s + (offsetSeconds < 0 ? "-" : "+") + "\(pad2(minutes / 60)):\(pad2(minutes % 60))"
    }

    /// `n` with at least two digits (`07`).
    private static func pad2(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
