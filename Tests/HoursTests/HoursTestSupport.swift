import Foundation
import Hours
import Testing

let prague = TimeZone(identifier: "Europe/Prague") ?? .gmt
let warsaw = TimeZone(identifier: "Europe/Warsaw") ?? .gmt

/// Parses `2026-11-21T10:00` as wall-clock time in `zone` with Foundation (independent of
/// the engine's own conversions). A malformed text fails the calling test.
func wall(_ text: String, _ zone: TimeZone = prague) -> Date {
    let f = DateFormatter()
    f.locale = Locale(identifier: "en_US_POSIX")
    f.timeZone = zone
    f.dateFormat = "yyyy-MM-dd'T'HH:mm"
    guard let date = f.date(from: text) else {
        Issue.record("test input '\(text)' is not a wall-clock time yyyy-MM-ddTHH:mm in \(zone.identifier)")
        return Date(timeIntervalSince1970: 0)
    }
    return date
}

/// Formats an instant as wall-clock text in `zone`, with the UTC offset so DST is visible.
func wallText(_ date: Date?, _ zone: TimeZone = prague) -> String? {
    guard let date else { return nil }
    let f = DateFormatter()
    f.locale = Locale(identifier: "en_US_POSIX")
    f.timeZone = zone
    f.dateFormat = "yyyy-MM-dd'T'HH:mmxxx"
    return f.string(from: date)
}

func evaluate(_ expr: String, at: String, country: String? = "CZ", zone: TimeZone = prague) throws -> (String, String?, String?) {
    let hours = try OpeningHours(parsing: expr)
    let a = hours.state(at: wall(at, zone), in: HoursContext(timeZone: zone, country: country))
    return (a.state.rawValue, wallText(a.nextChange, zone), a.comment)
}
