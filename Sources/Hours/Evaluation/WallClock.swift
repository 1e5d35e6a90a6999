import Contract
public import Foundation

/// Wall-clock text in a time zone, without an offset (`2026-11-21T10:00`), as the CLI's
/// `--at` accepts it and its tables and `next change:` lines print it (JSON writes RFC 3339
/// instants with `InstantText` instead). Conversions follow the evaluator's DST rules: a time in
/// the spring-forward gap means the first valid instant after it; a repeated autumn time
/// means its first occurrence.
public enum WallClock {
    /// The instant of `text` (`YYYY-MM-DDTHH:MM`, optionally `:SS`) in `timeZone`, or nil
    /// when the text is not such a time.
    public static func instant(_ text: String, in timeZone: TimeZone) -> Date? {
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        // Digits only: `Int` alone would also take `-999` and `+999` as years.
        func number(_ s: Substring) -> Int? { s.allSatisfy { $0.isASCII && $0.isNumber } ? Int(s) : nil }
        let dateParts = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        let d = dateParts.compactMap(number)
        let t = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard dateParts.count == 3, d.count == 3, parts[0].count == 10, t.count == 2 || t.count == 3,
            t.allSatisfy({ $0.count == 2 })
        else {
            return nil
        }
        let tv = t.compactMap(number)
        guard tv.count == t.count, (1...12).contains(d[1]), d[2] >= 1, d[2] <= CivilDay.daysIn(month: d[1], year: d[0]),
            (0...23).contains(tv[0]), (0...59).contains(tv[1]), tv.count == 2 || (0...59).contains(tv[2])
        else { return nil }
        let day = CivilDay(year: d[0], month: d[1], day: d[2])
        let base = LocalTime.resolve(day.number * 86400 + (tv[0] * 60 + tv[1]) * 60, in: timeZone)
        return base.addingTimeInterval(Double(tv.count == 3 ? tv[2] : 0))
    }

    /// `2026-11-21T20:00`: the wall-clock minute of `instant` in `timeZone`.
    public static func text(_ instant: Date, in timeZone: TimeZone) -> String {
        var zone = LocalTime(timeZone: timeZone)
        let (day, minute) = zone.local(instant)
        return "\(day.year)-\(twoDigits(day.month))-\(twoDigits(day.day))T\(twoDigits(minute / 60)):\(twoDigits(minute % 60))"
    }
}
