import Foundation
import Geo
import Hours
import Places
import Storage

/// Turns one GIOŚ station object (legacy or v1 keys) into a `StationRecord`, or says why it
/// cannot be used. Coordinates come as strings; blank and null fields are handled.
struct StationMapper {
    let spec: PipelineSpec

    enum Outcome {
        case accepted(StationRecord, warnings: [IngestIssue])
        case rejected(IngestIssue)
        /// Not selected by the pipeline (OpenAQ `source.select`): neither a record nor a reject.
        case skipped(reason: String)
    }

    /// Field names per format: id, name, latitude, longitude, code, city, commune, district,
    /// province, street.
    private var keys: [String] {
        spec.format == .giosV1
            ? [
                "Identyfikator stacji", "Nazwa stacji", "WGS84 φ N", "WGS84 λ E", "Kod stacji", "Nazwa miasta", "Gmina", "Powiat",
                "Województwo", "Ulica",
            ]
            : [
                "id", "stationName", "gegrLat", "gegrLon", "", "city.name", "city.commune.communeName",
                "city.commune.districtName",
                "city.commune.provinceName", "addressStreet",
            ]
    }

    func map(_ item: JSONValue, index: Int) -> Outcome {
        guard case .object = item else {
            return .rejected(
                IngestIssue(index: index, id: nil, field: "station", reason: "is \(item.kindName), expected an object"))
        }
        let k = keys
        func value(_ key: String) -> JSONValue? {
            guard !key.isEmpty else { return nil }
            var v: JSONValue? = item
            for part in key.split(separator: ".") { v = v?[String(part)] }
            return v
        }
        func text(_ key: String) -> String? {
            guard let t = value(key)?.textValue else { return nil }
            let clean = t.collapsingWhitespace
            return clean.isEmpty ? nil : clean
        }
        guard let idValue = value(k[0]), idValue.doubleValue != nil else {
            return .rejected(IngestIssue(index: index, id: nil, field: k[0], reason: "station id is missing or not a number"))
        }
        guard let idNumber = idValue.wholeNumber(in: 1...JSONValue.safeIntegers.upperBound) else {
            return .rejected(
                IngestIssue(
                    index: index, id: nil, field: k[0],
                    reason:
                        "station id \(idValue.textValue ?? "") is not a whole number from 1 to \(JSONValue.safeIntegers.upperBound)"
                ))
        }
        let id = String(idNumber)
        func reject(_ field: String, _ reason: String) -> Outcome {
            .rejected(IngestIssue(index: index, id: id, field: field, reason: reason))
        }
        guard let name = text(k[1]) else { return reject(k[1], "station name is missing or blank") }
        guard let latText = value(k[2])?.textValue, let lat = Double(latText.trimmingSpaces), lat.isFinite else {
            return reject(k[2], "latitude '\(value(k[2])?.textValue ?? "null")' is not a number")
        }
        guard let lonText = value(k[3])?.textValue, let lon = Double(lonText.trimmingSpaces), lon.isFinite else {
            return reject(k[3], "longitude '\(value(k[3])?.textValue ?? "null")' is not a number")
        }
        let c = Coordinate(latitude: lat, longitude: lon)
        let r = spec.region
        guard c.isValid, r.contains(c) else {
            if let reason = r.swappedCoordinatesReason(c) { return reject(k[2], reason) }
            return reject(
                k[2],
                "position \(lat),\(lon) is outside the region \(r.minLatitude)..\(r.maxLatitude) N, \(r.minLongitude)..\(r.maxLongitude) E"
            )
        }
        var warnings: [IngestIssue] = []
        func warn(_ field: String, _ reason: String) {
            warnings.append(IngestIssue(index: index, id: id, field: field, reason: reason))
        }
        if let raw = value(k[1])?.textValue, raw != name { warn(k[1], "name had extra spaces: '\(raw)'") }
        if let raw = value(k[9])?.textValue, let street = text(k[9]), raw != street {
            warn(k[9], "street had extra spaces: '\(raw)'")
        }
        if text(k[9]) == nil { warn(k[9], "street is missing") }
        let city = text(k[5])
        if let city, text(k[6]) == nil { warn(k[6], "city '\(city)' has no commune") }
        let properties: JSONValue
        if case .object(let members) = item { properties = .object(members) } else { properties = item }
        let record = StationRecord(
            sourceID: id, name: name, code: text(k[4]), city: city, commune: text(k[6]), district: text(k[7]),
            province: text(k[8]),
            street: text(k[9]), timeZone: spec.timeZone, propertiesJSON: properties.jsonText,
            propertiesFingerprint: properties.fingerprint, coordinate: c)
        return .accepted(record, warnings: warnings)
    }
}
