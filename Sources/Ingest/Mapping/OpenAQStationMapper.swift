import Foundation
import Geo
import Hours
import Places
import Storage

/// Turns one OpenAQ v3 location (`/v3/locations` results) into a `StationRecord`, or says
/// why it cannot be used, or that the pipeline does not select it (country, provider,
/// parameters, a mobile location). The source id is `openaq-<location id>`: the air tables
/// key stations by source id, and GIOŚ ids are bare numbers.
struct OpenAQStationMapper {
    let spec: PipelineSpec

    /// The prefix of every OpenAQ station's source id.
    static let idPrefix = "openaq-"

    /// The OpenAQ location id of a source id (`openaq-2178` → 2178).
    static func locationID(_ sourceID: String) -> Int64? {
        guard sourceID.hasPrefix(idPrefix) else { return nil }
        return Int64(sourceID.dropFirst(idPrefix.count)).flatMap { OpenAQReader.ids.contains($0) ? $0 : nil }
    }

    func map(_ item: JSONValue, index: Int) -> StationMapper.Outcome {
        guard case .object = item else {
            return .rejected(
                IngestIssue(index: index, id: nil, field: "location", reason: "is \(item.kindName), expected an object"))
        }
        guard let idValue = item["id"], let n = idValue.wholeNumber(in: OpenAQReader.ids) else {
            return .rejected(
                IngestIssue(
                    index: index, id: nil, field: "id",
                    reason: "location id \(OpenAQReader.shown(item["id"])) is not a whole number from 1 to 2^53"))
        }
        let id = OpenAQStationMapper.idPrefix + String(n)
        func reject(_ field: String, _ reason: String) -> StationMapper.Outcome {
            .rejected(IngestIssue(index: index, id: id, field: field, reason: reason))
        }
        let o = spec.openAQ
        let country = OpenAQReader.text((item["country"] ?? .null)["code"])?.uppercased()
        if let want = o.country, country != want { return .skipped(reason: "country") }
        if let want = o.providers {
            let provider = (item["provider"] ?? .null)["id"]?.wholeNumber(in: OpenAQReader.ids)
            guard let provider, want.contains(provider) else { return .skipped(reason: "provider") }
        }
        if case .bool(true)? = item["isMobile"] { return .skipped(reason: "mobile") }
        guard case .array(let sensorItems)? = item["sensors"] else { return reject("sensors", "the location lists no sensors") }
        let parameters = sensorItems.compactMap { try? OpenAQReader.sensor($0).get().parameter }
        guard parameters.contains(where: o.parameters.contains) else { return .skipped(reason: "parameters") }
        guard let name = OpenAQReader.text(item["name"])?.collapsingWhitespace else {
            return reject("name", "location name is missing, blank or longer than \(OpenAQReader.maxText) characters")
        }
        let coordinates = item["coordinates"] ?? .null
        guard case .number = coordinates["latitude"] ?? .null, case .number = coordinates["longitude"] ?? .null,
            let lat = coordinates["latitude"]?.doubleValue, let lon = coordinates["longitude"]?.doubleValue
        else {
            return reject("coordinates", "the location has no numeric latitude and longitude")
        }
        let c = Coordinate(latitude: lat, longitude: lon)
        let r = spec.region
        guard c.isValid, r.contains(c) else {
            if let reason = r.swappedCoordinatesReason(c) { return reject("coordinates", reason) }
            return reject(
                "coordinates",
                "position \(lat),\(lon) is outside the region \(r.minLatitude)..\(r.maxLatitude) N, \(r.minLongitude)..\(r.maxLongitude) E"
            )
        }
        let zoneText = OpenAQReader.text(item["timezone"])
        let zone = zoneText.flatMap { TimeZone(identifier: $0) != nil ? $0 : nil } ?? spec.timeZone
        var warnings: [IngestIssue] = []
        if let zoneText, zoneText != zone {
            warnings.append(
                IngestIssue(index: index, id: id, field: "timezone", reason: "unknown time zone '\(zoneText)': \(zone) used"))
        }
        let record = StationRecord(
            sourceID: id, name: name, code: nil, city: OpenAQReader.text(item["locality"]), commune: nil, district: nil,
            province: nil, street: nil, timeZone: zone,
            propertiesJSON: item.jsonText, propertiesFingerprint: item.fingerprint, coordinate: c)
        return .accepted(record, warnings: warnings)
    }
}
