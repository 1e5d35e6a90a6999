import Foundation
import Hours

/// Properties of the opening-hours evaluator for any expression, instant, zone, country and
/// position. An input is a 12-byte header and the expression: bytes 0–7 the instant
/// (little-endian seconds, folded into years 1900–2199, with both ends of the calendar
/// reachable), byte 8 the zone, byte 9 the latitude (0: none; 1 and 255 the poles), byte 10 the longitude,
/// byte 11 the country (`Fuzz/corpus/hours-eval` holds examples).
enum HoursEvaluationFuzzing {
    /// Zones with DST gaps of an hour, half an hour (Lord Howe), none, and a skipped day (Apia).
    static let zones = ["Europe/Prague", "UTC", "America/New_York", "Australia/Lord_Howe", "Pacific/Apia", "Asia/Kolkata"]
        .map { TimeZone(identifier: $0) ?? .gmt }
    static let countries: [String?] = ["CZ", "DE-BY", nil, "GB-SCT"]

    static func evaluate(_ input: [UInt8]) -> [String] {
        guard input.count >= 12 else { return [] }
        var raw: UInt64 = 0
        for (i, b) in input[0..<8].enumerated() { raw |= UInt64(b) << (8 * UInt64(i)) }
        let first = -2_208_988_800  // 1900-01-01T00:00:00Z
        let span = 9_467_280_000  // 300 years
        let seconds: Double
        switch raw >> 62 {
        case 0 where raw & 0xFF == 0: seconds = (raw & 0x100) == 0 ? -62_135_596_800 : 253_402_300_799
        default: seconds = Double(first + Int(raw % UInt64(span)))
        }
        let zone = zones[Int(input[8]) % zones.count]
        // Latitude −90…90 (both poles reachable), longitude −180…178.6: positions a pipeline
        // accepts, nothing outside them.
        let latitude = input[9] == 0 ? nil : Double(Int(input[9]) - 128) * (90.0 / 127.0)
        let longitude = latitude == nil ? nil : Double(Int(input[10]) - 128) * (180.0 / 128.0)
        let context = HoursContext(
            timeZone: zone, country: countries[Int(input[11]) % countries.count], latitude: latitude,
            longitude: longitude)
        let text = String(decoding: input[12...], as: UTF8.self)
        guard let hours = try? OpeningHours(parsing: text) else { return [] }
        return check(hours, at: Date(timeIntervalSince1970: seconds), context: context, text: text)
    }

    /// The state agrees with `currentState`; the next change is later, has another state,
    /// and the state holds at points between.
    static func check(_ hours: OpeningHours, at instant: Date, context: HoursContext, text: String) -> [String] {
        let answer = hours.state(at: instant, in: context)
        var broken: [String] = []
        let zone = context.timeZone.identifier
        if hours.currentState(at: instant, in: context).state != answer.state {
            broken.append("'\(text)' at \(instant) in \(zone): state and currentState disagree")
        }
        guard let next = answer.nextChange else { return broken }
        if next <= instant { broken.append("'\(text)' at \(instant) in \(zone): next change \(next) is not later") }
        if hours.currentState(at: next, in: context).state == answer.state {
            broken.append("'\(text)' at \(instant) in \(zone): the state does not change at \(next)")
        }
        let gap = next.timeIntervalSince(instant)
        for k in 1...3 {
            let between = instant.addingTimeInterval((gap * Double(k) / 4).rounded(.down))
            guard between > instant, between < next else { continue }
            if hours.currentState(at: between, in: context).state != answer.state {
                broken.append("'\(text)' at \(instant) in \(zone): the state changes at \(between), before \(next)")
            }
        }
        return broken
    }
}
