import Foundation
import Hours
import Ingest

/// `locate hours eval --batch`: one JSON answer per JSON input line, written as soon as the
/// line is read (memory stays flat however long the input). Parsed expressions are cached.
enum HoursBatch {
    static func run(now: Date) {
        var cache: [String: Result<HoursInput, HoursInputError>] = [:]
        var zones: [String: TimeZone] = [:]
        var lineNumber = 0
        while let line = readLine(strippingNewline: true) {
            lineNumber += 1
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let answer = evaluate(line, number: lineNumber, now: now, cache: &cache, zones: &zones)
            FileHandle.standardOutput.write(Data((answer.jsonText + "\n").utf8))
        }
    }

    private static func evaluate(
        _ line: String, number: Int, now: Date, cache: inout [String: Result<HoursInput, HoursInputError>],
        zones: inout [String: TimeZone]
    ) -> JSONValue {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            return .object([("id", .null), ("error", .string("line \(number): not a JSON object"))])
        }
        let idValue: JSONValue =
            (object["id"] as? String).map { .string($0) } ?? (object["id"] as? NSNumber).map { .number("\($0)") } ?? .null
        func fail(_ message: String) -> JSONValue { .object([("id", idValue), ("error", .string(message))]) }
        guard let expr = object["expr"] as? String else { return fail("missing \"expr\"") }
        let tzName = object["tz"] as? String ?? "Europe/Prague"
        guard let zone = zones[tzName] ?? TimeZone(identifier: tzName) else { return fail("unknown time zone '\(tzName)'") }
        zones[tzName] = zone
        var instant = now
        if let at = object["at"] as? String {
            guard let t = WallClock.instant(at, in: zone) else { return fail("\"at\" '\(at)' is not YYYY-MM-DDTHH:MM") }
            instant = t
        }
        var lat: Double? = nil
        var lon: Double? = nil
        if let c = object["coords"] {
            guard let pair = c as? [Double], pair.count == 2 else { return fail("\"coords\" must be [lat, lon]") }
            (lat, lon) = (pair[0], pair[1])
        }
        let parsed: Result<HoursInput, HoursInputError>
        if let hit = cache[expr] {
            parsed = hit
        } else {
            do { parsed = .success(try HoursInput(expr)) } catch { parsed = .failure(error) }
            if cache.count > 10_000 { cache.removeAll() }
            cache[expr] = parsed
        }
        switch parsed {
        case .failure(let e): return fail(e.message)
        case .success(let input):
            let context = HoursContext(timeZone: zone, country: object["country"] as? String, latitude: lat, longitude: lon)
            let a = input.hours.state(at: instant, in: context)
            return .object([
                ("id", idValue), ("state", .string(a.state.rawValue)),
                ("next_change", a.nextChange.map { .string(WallClock.text($0, in: zone)) } ?? .null),
            ])
        }
    }
}
