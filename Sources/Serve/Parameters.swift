import Foundation
import Geo
import Hours

/// A request's query parameters, read with the same rules and ranges as the CLI's options:
/// each failure is a `ServeError.badParameter` naming the parameter.
struct Parameters {
    private var values: [String: String] = [:]

    /// Reads `pairs` (decoded names and values); a parameter given twice, or one the
    /// endpoint does not take, is refused.
    init(_ pairs: [(String, String)], allowed: Set<String>) throws {
        for (name, value) in pairs {
            guard allowed.contains(name) else {
                let list = allowed.sorted().joined(separator: ", ")
                throw ServeError.badParameter(name: name, reason: "unknown parameter (this endpoint takes: \(list))")
            }
            guard values[name] == nil else { throw ServeError.badParameter(name: name, reason: "given more than once") }
            values[name] = value
        }
    }

    func has(_ name: String) -> Bool { values[name] != nil }

    func string(_ name: String) -> String? { values[name] }

    func required(_ name: String) throws -> String {
        guard let v = values[name], !v.isEmpty else { throw ServeError.badParameter(name: name, reason: "missing") }
        return v
    }

    /// `true` or `false` (absent: false).
    func flag(_ name: String) throws -> Bool {
        switch values[name] {
        case nil, "false": return false
        case "true": return true
        case let v?: throw ServeError.badParameter(name: name, reason: "'\(v)' is not true or false")
        }
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
        guard let la = Double(lat), la.isFinite, (-90...90).contains(la) else {
            throw ServeError.badParameter(name: "lat", reason: "'\(lat)' is not a latitude from -90 to 90 degrees")
        }
        guard let lo = Double(lon), lo.isFinite, (-180...180).contains(lo) else {
            throw ServeError.badParameter(name: "lon", reason: "'\(lon)' is not a longitude from -180 to 180 degrees")
        }
        // Two finite numbers in range, each parsed whole by `Double` (no comma, no space):
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
        guard let d = Double(v), d.isFinite, d > 0 else {
            throw ServeError.badParameter(name: name, reason: "'\(v)' is not a positive number of metres")
        }
        return d
    }

    /// An age such as `90m`, `3h`, `2d` (at most 3650 days), in seconds.
    func age(_ name: String) throws -> TimeInterval? {
        guard let text = values[name] else { return nil }
        let fail = ServeError.badParameter(name: name, reason: "'\(text)' is not an age such as 90m, 3h or 2d (at most 3650d)")
        guard let unit = text.last, let n = Double(text.dropLast()), n > 0, n.isFinite else { throw fail }
        let seconds: TimeInterval
        switch unit {
        case "m": seconds = n * 60
        case "h": seconds = n * 3600
        case "d": seconds = n * 86400
        default: throw fail
        }
        guard seconds <= 3650 * 86400 else { throw fail }
        return seconds
    }
}
