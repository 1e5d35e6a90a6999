import Contract
import Foundation

/// Reads the answers of the OpenAQ API v3 (docs.openaq.org, "API reference"): pages
/// `{meta, results}`, a location's sensors, latest values and hourly measurements. Every
/// number from the answer is range-checked before it is used; an item that cannot be used
/// is a `Problem` naming its field, never a crash.
enum OpenAQReader {
    /// Why an item cannot be used: the field at fault and the reason.
    struct Problem: Error, Equatable {
        let field: String
        let reason: String
    }

    /// OpenAQ ids: whole numbers from 1 to 2^53.
    static let ids: ClosedRange<Int64> = 1...JSONValue.safeIntegers.upperBound
    /// The largest magnitude of a raw value read (any unit); what it means is checked after conversion.
    static let maxRawValue = 1e9
    /// The longest text kept from an answer (names, units, local times).
    static let maxText = 200

    /// The `results` of a page, which must be an array of at most `limit` items.
    static func results(_ doc: JSONValue, limit: Int) -> Result<[JSONValue], Problem> {
        guard case .object = doc else {
            return .failure(Problem(field: "results", reason: "the answer is \(doc.kindName), not a page"))
        }
        guard case .array(let items)? = doc["results"] else {
            return .failure(Problem(field: "results", reason: "the page has no \"results\" array"))
        }
        guard items.count <= limit else {
            return .failure(
                Problem(field: "results", reason: "the page holds \(items.count) results, more than the \(limit) asked for"))
        }
        return .success(items)
    }

    /// A sensor of a location (`sensors[]` of `/v3/locations`, or `/v3/locations/{id}/sensors`).
    struct Sensor: Sendable, Equatable {
        /// The OpenAQ sensor id.
        var id: Int64
        /// The parameter name, lower case (`pm25`, `no2`).
        var parameter: String
        /// The parameter id, when given.
        var parameterID: Int64?
        /// The unit the values come in (`µg/m³`, `ppm`).
        var units: String
        /// The parameter's display name (`PM2.5`).
        var displayName: String?
    }

    static func sensor(_ item: JSONValue) -> Result<Sensor, Problem> {
        guard let idValue = item["id"], let id = idValue.wholeNumber(in: ids) else {
            return .failure(
                Problem(field: "sensors.id", reason: "sensor id \(shown(item["id"])) is not a whole number from 1 to 2^53"))
        }
        let p = item["parameter"] ?? .null
        guard let name = text(p["name"]) else {
            return .failure(Problem(field: "sensors.parameter.name", reason: "sensor \(id) names no parameter"))
        }
        guard let units = text(p["units"]) else {
            return .failure(Problem(field: "sensors.parameter.units", reason: "sensor \(id) (\(name)) names no unit"))
        }
        var parameterID: Int64? = nil
        if let v = p["id"], v != .null {
            guard let n = v.wholeNumber(in: ids) else {
                return .failure(
                    Problem(
                        field: "sensors.parameter.id", reason: "parameter id \(shown(v)) is not a whole number from 1 to 2^53"))
            }
            parameterID = n
        }
        return .success(
            Sensor(
                id: id, parameter: name.lowercased(), parameterID: parameterID, units: units, displayName: text(p["displayName"]))
        )
    }

    /// One value: a latest value (`/v3/locations/{id}/latest`) or an hourly measurement
    /// (`/v3/sensors/{id}/measurements`), at the end of its period.
    struct Value: Sendable, Equatable {
        /// The sensor (latest values name it; a measurement's is the one asked for).
        var sensorID: Int64?
        /// The location (latest values only).
        var locationID: Int64?
        /// The instant.
        var at: Date
        /// The time as the answer writes it in the location's offset.
        var local: String
        /// The value in the sensor's unit; nil when the answer has none.
        var value: Double?
        /// `flagInfo.hasFlags`; nil when the answer says nothing.
        var flagged: Bool?
        /// `coverage.percentComplete` when it is a share from 0 to 100; nil otherwise.
        var coveragePercent: Double?
    }

    /// A latest value: `{datetime: {utc, local}, value, sensorsId, locationsId}`.
    static func latest(_ item: JSONValue) -> Result<Value, Problem> {
        guard case .object = item else {
            return .failure(Problem(field: "results", reason: "is \(item.kindName), expected an object"))
        }
        let sensor = item["sensorsId"]
        guard let sensor, let sensorID = sensor.wholeNumber(in: ids) else {
            return .failure(
                Problem(field: "sensorsId", reason: "sensor id \(shown(sensor)) is not a whole number from 1 to 2^53"))
        }
        let location = item["locationsId"].flatMap { $0 == .null ? nil : $0 }
        var locationID: Int64? = nil
        if let location {
            guard let n = location.wholeNumber(in: ids) else {
                return .failure(
                    Problem(field: "locationsId", reason: "location id \(shown(location)) is not a whole number from 1 to 2^53"))
            }
            locationID = n
        }
        return value(item, time: item["datetime"], field: "datetime").map { v in
            var v = v
            v.sensorID = sensorID
            v.locationID = locationID
            return v
        }
    }

    /// An hourly measurement: `{value, flagInfo: {hasFlags}, period: {datetimeTo: {utc, local}},
    /// coverage: {percentComplete}}`, stamped with its period's end.
    static func measurement(_ item: JSONValue) -> Result<Value, Problem> {
        guard case .object = item else {
            return .failure(Problem(field: "results", reason: "is \(item.kindName), expected an object"))
        }
        return value(item, time: (item["period"] ?? .null)["datetimeTo"], field: "period.datetimeTo").map { v in
            var v = v
            if case .bool(let b)? = (item["flagInfo"] ?? .null)["hasFlags"] { v.flagged = b }
            if let c = (item["coverage"] ?? .null)["percentComplete"]?.doubleValue, c.isFinite, c >= 0, c <= 100 {
                v.coveragePercent = c
            }
            return v
        }
    }

    private static func value(_ item: JSONValue, time: JSONValue?, field: String) -> Result<Value, Problem> {
        let t = time ?? .null
        guard let utcText = text(t["utc"]), let at = InstantText.instant(utcText) else {
            return .failure(Problem(field: field + ".utc", reason: "time \(shown(t["utc"])) is not an RFC 3339 instant"))
        }
        let local = text(t["local"]) ?? utcText
        var number: Double? = nil
        if let v = item["value"], v != .null {
            guard case .number = v, let d = v.doubleValue, d.isFinite, abs(d) <= maxRawValue else {
                return .failure(Problem(field: "value", reason: "value \(shown(v)) is not a number from -10^9 to 10^9"))
            }
            number = d
        }
        return .success(
            Value(sensorID: nil, locationID: nil, at: at, local: local, value: number, flagged: nil, coveragePercent: nil))
    }

    /// Non-blank text of at most `maxText` characters, trimmed; nil otherwise.
    static func text(_ v: JSONValue?) -> String? {
        guard case .string(let s)? = v else { return nil }
        let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
        return t.isEmpty || t.count > maxText ? nil : t
    }

    /// A value as a message shows it (text cut to 40 characters).
    static func shown(_ v: JSONValue?) -> String {
        guard let v else { return "(missing)" }
        return String((v.textValue ?? v.kindName).prefix(40))
    }
}
