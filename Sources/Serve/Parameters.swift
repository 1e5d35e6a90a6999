import Contract
import Foundation
import Geo
import Hours
import Query

/// A request's query parameters, read with the same rules and ranges as the CLI's options:
/// each failure is a `ServeError.badParameter` naming the parameter.
struct Parameters {
    private var all: [String: [String]] = [:]
    private var values: [String: String] = [:]

    /// Reads `pairs` (decoded names and values); a parameter the endpoint does not take, or
    /// one given twice that is not `repeatable`, is refused.
    init(_ pairs: [(String, String)], allowed: Set<String>, repeatable: Set<String> = []) throws {
        for (name, value) in pairs {
            guard allowed.contains(name) else {
                let list = allowed.sorted().joined(separator: ", ")
                throw ServeError.badParameter(name: name, reason: "unknown parameter (this endpoint takes: \(list))")
            }
            guard values[name] == nil || repeatable.contains(name) else {
                throw ServeError.badParameter(name: name, reason: "given more than once")
            }
            if values[name] == nil { values[name] = value }
            all[name, default: []].append(value)
        }
    }

    func has(_ name: String) -> Bool { values[name] != nil }

    func string(_ name: String) -> String? { values[name] }

    /// The values of a question's fields, by their HTTP names (`max_distance`), for the
    /// question's request type to read (`NearestToiletsRequest`).
    func fields(_ fields: [RequestField]) -> [RequestField: [String]] {
        var out: [RequestField: [String]] = [:]
        for f in fields { if let v = all[f.httpName] { out[f] = v } }
        return out
    }

    /// `body()`, with a request's field at fault as a 400 naming its parameter.
    static func request<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch QueryError.badRequest(let problem) {
            throw ServeError.badParameter(name: problem.field.httpName, reason: problem.reason(naming: \.httpName))
        }
    }

    func required(_ name: String) throws -> String {
        guard let v = values[name], !v.isEmpty else { throw ServeError.badParameter(name: name, reason: "missing") }
        return v
    }

    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let v = values[name] else { return nil }
        guard let n = Int(v), range.contains(n) else {
            throw ServeError.badParameter(
                name: name, reason: "'\(v)' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }

    /// `limit`: 1 to `max` (default `fallback`).
    func limit(max: Int, default fallback: Int = 5) throws -> Int {
        try integer("limit", in: 1...max) ?? fallback
    }

    /// `lat` and `lon` (WGS84 degrees), checked as the CLI checks `--near`.
    func point() throws -> Coordinate {
        let lat = try required("lat")
        let lon = try required("lon")
        guard let la = DecimalText.number(lat), (-90...90).contains(la) else {
            throw ServeError.badParameter(name: "lat", reason: "'\(lat)' is not a latitude from -90 to 90 degrees")
        }
        guard let lo = DecimalText.number(lon), (-180...180).contains(lo) else {
            throw ServeError.badParameter(name: "lon", reason: "'\(lon)' is not a longitude from -180 to 180 degrees")
        }
        // Two finite decimal numbers in range, each read whole (no comma, no space, no hex):
        // exactly what `Coordinate(parsingLatLon: "\(lat),\(lon)")` would make of them.
        return Coordinate(latitude: la, longitude: lo)
    }

    /// `tz` (an IANA zone), or `fallback`.
    func zone(default fallback: String) throws -> TimeZone {
        guard let tz = values["tz"] else { return TimeZone(identifier: fallback) ?? .gmt }
        guard let zone = TimeZone(identifier: tz) else {
            throw ServeError.badParameter(name: "tz", reason: "'\(tz)' is not an IANA time zone")
        }
        return zone
    }

    /// `at`: an RFC 3339 instant with offset, or a wall-clock `YYYY-MM-DDTHH:MM` in `tz`
    /// (default `fallback`), as the CLI's `--at`; nil when not given.
    func instant(default fallback: String) throws -> Date? {
        let zone = try zone(default: fallback)
        guard let at = values["at"] else { return nil }
        if let local = WallClock.instant(at, in: zone) { return local }
        if let instant = InstantText.instant(at) { return instant }
        throw ServeError.badParameter(
            name: "at", reason: "'\(at)' is not a wall-clock time YYYY-MM-DDTHH:MM or an RFC 3339 instant with offset")
    }

    /// A positive number (metres).
    func positive(_ name: String) throws -> Double? {
        guard let v = values[name] else { return nil }
        guard let d = DecimalText.number(v), d > 0 else {
            throw ServeError.badParameter(name: name, reason: "'\(v)' is not a positive number of metres")
        }
        return d
    }

    /// An age such as `90m`, `3h`, `2d` (at most 3650 days), in seconds (`Quantity.seconds`).
    func age(_ name: String) throws -> TimeInterval? {
        guard let text = values[name] else { return nil }
        guard let seconds = Quantity.seconds(text) else {
            throw ServeError.badParameter(name: name, reason: "'\(text)' \(Quantity.ageReason)")
        }
        return seconds
    }
}
