public import Foundation
import Geo

/// Distances and ages as people write them, read once for every adapter: `--max-distance
/// 1.5km` and `max_distance=1.5km`, `--fresh-within 3h` and `fresh_within=3h`.
public enum Quantity {
    /// The largest distance accepted: half the Earth's circumference, in metres.
    public static let maxMeters = 20_037_509.0
    /// The largest age accepted: 3,650 days, in seconds.
    public static let maxSeconds: TimeInterval = 3650 * 86400

    /// Why a distance text is refused (after the value in quotes).
    public static let distanceReason = "is not a distance such as 500m, 1.5km or 800 (metres)"
    /// Why an age text is refused (after the value in quotes).
    public static let ageReason = "is not an age such as 90m, 3h or 2d (at most 3650d)"

    /// `500`, `500m`, `1.5km`, `0.5 km` in metres: positive, finite, at most `maxMeters`;
    /// nil otherwise. A bare number is metres (as the option always read it).
    public static func meters(_ text: String) -> Double? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        let (number, scale): (Substring, Double) =
            if t.hasSuffix("km") { (t.dropLast(2), 1000) } else if t.hasSuffix("m") { (t.dropLast(), 1) } else {
                (Substring(t), 1)
            }
        guard let n = DecimalText.number(number.trimmingCharacters(in: .whitespaces)), n > 0 else { return nil }
        let meters = n * scale
        return meters <= maxMeters ? meters : nil
    }

    /// `90m`, `3h`, `2d` in seconds: positive, at most `maxSeconds`; nil otherwise.
    public static func seconds(_ text: String) -> TimeInterval? {
        guard let unit = text.last, let n = DecimalText.number(text.dropLast()), n > 0 else { return nil }
        let seconds: TimeInterval
        switch unit {
        case "m": seconds = n * 60
        case "h": seconds = n * 3600
        case "d": seconds = n * 86400
        default: return nil
        }
        return seconds <= maxSeconds ? seconds : nil
    }

    /// `30d`, `2w`, `1y`, `1.5y` in seconds (a week is 7 days, a year 365): positive, at most
    /// 100 years; nil otherwise.
    public static func age(_ text: String) -> TimeInterval? {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard let unit = t.last, let n = DecimalText.number(t.dropLast()), n > 0 else { return nil }
        let days: Double
        switch unit {
        case "d": days = n
        case "w": days = n * 7
        case "y": days = n * 365
        default: return nil
        }
        return days <= 36_500 ? days * 86400 : nil
    }

    /// `15` (minutes), `15m`, `1h`, `0.5h` as whole minutes; nil for anything else, a
    /// negative or a fractional number of minutes.
    public static func minutes(_ text: String) -> Int? {
        let t = text.trimmingCharacters(in: .whitespaces)
        if let n = Int(t) { return n >= 0 ? n : nil }
        if t == "0m" || t == "0h" { return 0 }
        guard let s = seconds(t), s.truncatingRemainder(dividingBy: 60) == 0 else { return nil }
        return Int(s / 60)
    }

    /// An age in words for notes: `2 d`, `3 h`, `90 min` (the largest whole unit).
    public static func ageText(_ seconds: TimeInterval) -> String {
        let s = Int(seconds.rounded())
        if s >= 86400 && s % 86400 == 0 { return "\(s / 86400) d" }
        if s >= 3600 && s % 3600 == 0 { return "\(s / 3600) h" }
        return "\(max(1, s / 60)) min"
    }

    /// A yes/no value: `true`/`false` or `1`/`0`; nil otherwise.
    public static func flag(_ text: String) -> Bool? {
        switch text {
        case "true", "1": true
        case "false", "0": false
        default: nil
        }
    }
}
