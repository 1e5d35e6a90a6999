import Foundation
import Geo
import Hours

/// `locate hours eval --batch`: one `hours-eval-line/1` answer per JSON input line, written
/// as soon as the line is read (memory stays flat however long the input). Parsed
/// expressions are cached.
enum HoursBatch {
    static func run(now: Date, mode: HoursSyntaxMode) {
        var cache: [String: HoursReading] = [:]
        var zones: [String: TimeZone] = [:]
        var lineNumber = 0
        while let line = readLine(strippingNewline: true) {
            lineNumber += 1
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let answer = evaluate(line, number: lineNumber, now: now, mode: mode, cache: &cache, zones: &zones)
            let text = (try? compactJSONText(answer)) ?? "{\"schema\":\"\(HoursEvalLine.schemaName)\"}"
            Console.out(text)  // checked: a full or closed stdout ends the run with exit 1
        }
    }

    private static func evaluate(
        _ line: String, number: Int, now: Date, mode: HoursSyntaxMode, cache: inout [String: HoursReading],
        zones: inout [String: TimeZone]
    ) -> HoursEvalLine {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            return HoursEvalLine(id: .none, error: "line \(number): not a JSON object")
        }
        let id: HoursEvalLine.LineID =
            (object["id"] as? String).map { .text($0) } ?? (object["id"] as? NSNumber).map { .number($0.doubleValue) } ?? .none
        guard let expr = object["expr"] as? String else { return HoursEvalLine(id: id, error: "missing \"expr\"") }
        // A key of the wrong type is an error on its line, never a silent default (a
        // `"country": 5` once evaluated with no holidays).
        for key in ["tz", "at", "country"] where object[key] != nil && !(object[key] is String) {
            return HoursEvalLine(id: id, error: "\"\(key)\" must be a string")
        }
        let tzName = object["tz"] as? String ?? "Europe/Prague"
        guard let zone = zones[tzName] ?? TimeZone(identifier: tzName) else {
            return HoursEvalLine(id: id, error: "unknown time zone '\(tzName)'")
        }
        zones[tzName] = zone
        var instant = now
        if let at = object["at"] as? String {
            guard let t = TimeText.instant(at, in: zone) else {
                return HoursEvalLine(id: id, error: "\"at\" '\(at)' is not YYYY-MM-DDTHH:MM or an RFC 3339 instant")
            }
            instant = t
        }
        var position: Coordinate? = nil
        if let c = object["coords"] {
            guard let pair = c as? [Double], pair.count == 2, Coordinate(latitude: pair[0], longitude: pair[1]).isValid else {
                return HoursEvalLine(id: id, error: "\"coords\" must be [lat, lon]")
            }
            position = Coordinate(latitude: pair[0], longitude: pair[1])
        }
        if let country = object["country"] as? String, let problem = PublicHolidays.problem(with: country) {
            return HoursEvalLine(id: id, error: "\"country\" \(problem)")
        }
        let reading: HoursReading
        if let hit = cache[expr] {
            reading = hit
        } else {
            reading = HoursReading(expr, mode: mode)
            if cache.count > 10_000 { cache.removeAll() }
            cache[expr] = reading
        }
        guard let hours = reading.hours else { return HoursEvalLine(id: id, error: reading.reason ?? "not understood") }
        let context = HoursContext(
            timeZone: zone, country: object["country"] as? String, latitude: position?.latitude,
            longitude: position?.longitude)
        return HoursEvalLine(
            id: id, answer: hours.state(at: instant, in: context), warnings: reading.warnings, at: instant, zone: zone)
    }
}
