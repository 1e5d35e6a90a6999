import Digests
import Foundation
import Geo
import Hours
import Places
import Storage

/// Turns one GeoJSON feature into a `ToiletRecord`, or says why it cannot be used.
struct ToiletMapper {
    let spec: PipelineSpec
    /// Price texts repeat across records: interpret each distinct text once.
    private let prices = Memo<PriceText>()
    /// Hours texts repeat too: read each distinct text once.
    private let hoursReadings = Memo<HoursReading>()
    /// The mapped fields that are templates of several properties, by their text.
    private let templates: [String: FieldTemplate]

    init(spec: PipelineSpec) {
        self.spec = spec
        var t: [String: FieldTemplate] = [:]
        for (_, path) in PipelineSpec.FieldMap.keys {
            // The decoder has checked every template; one it refused cannot reach here.
            if let v = spec.fields[keyPath: path], FieldTemplate.isTemplate(v), let parsed = try? FieldTemplate(v) {
                t[v] = parsed
            }
        }
        templates = t
    }

    /// The outcome for one feature.
    enum Outcome {
        case accepted(ToiletRecord, matchKey: String?, sourceRef: String?, warnings: [IngestIssue])
        case rejected(IngestIssue)
    }

    func map(_ feature: JSONValue, index: Int, reprojector: Reprojector) -> Outcome {
        guard case .object = feature else {
            return .rejected(
                IngestIssue(index: index, id: nil, field: "feature", reason: "is \(feature.kindName), expected an object"))
        }
        let props: [(String, JSONValue)]
        switch feature["properties"] {
        case .object(let members)?: props = members
        case .null?, nil: props = []
        case let other?:
            return .rejected(
                IngestIssue(index: index, id: nil, field: "properties", reason: "is \(other.kindName), expected an object"))
        }
        let properties = JSONValue.object(props)
        var textNotes: [String: String] = [:]
        func text(_ field: String?) -> String? {
            guard let field else { return nil }
            // Most pipelines have no templates: no hashing of the name then.
            if !templates.isEmpty, let template = templates[field] {
                return limited(template.render { properties[$0]?.textValue }, field: field, notes: &textNotes)
            }
            return limited(properties[field]?.textValue, field: field, notes: &textNotes)
        }
        func trimmed(_ field: String?) -> String? { text(field)?.trimmedNonBlank }
        let sourceKey: String?
        if case .field(let f) = spec.id { sourceKey = trimmed(f) } else { sourceKey = nil }
        // Without an id field, the source's own record number names the record in reports.
        let sourceRef = sourceKey == nil ? ToiletMapper.sourceRef(feature, properties: properties) : nil
        func reject(_ field: String, _ reason: String) -> Outcome {
            .rejected(IngestIssue(index: index, id: sourceKey, sourceRef: sourceRef, field: field, reason: reason))
        }
        if feature["type"]?.textValue != "Feature" {
            return reject("type", "feature type is '\(feature["type"]?.textValue ?? "missing")', expected 'Feature'")
        }
        let coordinate: Coordinate
        let coordinatesAsText: Bool
        switch position(feature["geometry"], reprojector: reprojector) {
        case .failure(let reason): return reject("geometry", reason.description)
        case .success(let p): (coordinate, coordinatesAsText) = p
        }
        var warnings: [IngestIssue] = []
        func warn(_ field: String, _ reason: String, id: String) {
            warnings.append(IngestIssue(index: index, id: id, sourceRef: sourceRef, field: field, reason: reason))
        }
        let id: String
        var matchKey: String? = nil
        switch spec.id {
        case .field(let f):
            guard let key = sourceKey else { return reject(f, "id is missing or blank") }
            // A NUL truncates the id in C strings; tabs and newlines break line formats.
            if let c = TextEscape.firstControl(in: key) {
                return reject(f, "id contains a control character (\(c)): ids must be plain text")
            }
            if let reason = ToiletMapper.idLengthReason(key) { return reject(f, reason) }
            id = key
        case .derived(let fields):
            let keyText = fields.map {
                (text($0) ?? "").lowercased().collapsingWhitespace
            }
            .joined(separator: "\u{1F}")
            var h = SHA256Hasher()
            h.update(Array(keyText.utf8))
            let key = String(h.finalize().hexString.prefix(12))
            matchKey = key
            id = "\(key)@\(String(format: "%.6f,%.6f", coordinate.latitude, coordinate.longitude))"
        }
        if coordinatesAsText { warn("geometry", "coordinates given as strings, read as numbers", id: id) }
        if let reason = ToiletMapper.droppedCoordinatesReason(feature["geometry"]) { warn("geometry", reason, id: id) }
        let m = spec.fields
        let address = trimmed(m.address)
        if let f = m.address, address == nil, reportsMissing("address"), templates[f] == nil {
            warn(f, text(f) == nil ? "address is missing" : "address is blank", id: id)
        }
        let hours = text(m.hours)
        let reading = hours.map { h in hoursReadings.value(for: h) { HoursReading($0) } } ?? HoursReading(nil)
        if let f = m.hours {
            switch reading.status {
            case .missing: if reportsMissing("hours") { warn(f, "opening hours missing", id: id) }
            case .unknown: warn(f, "hours not understood, stored as unknown: \(reading.reason ?? "")", id: id)
            case .interpreted: warn(f, "hours interpreted: \(reading.reason ?? "")", id: id)
            case .exact: break
            }
            if !reading.warnings.isEmpty {
                warn(f, "hours corrected: \(reading.warnings.map(\.description).joined(separator: "; "))", id: id)
            }
        }
        var priceText = text(m.price)
        var price = PriceText.none
        if m.fee != nil || m.charge != nil {
            let osm = OSMPrice.read(fee: text(m.fee), charge: text(m.charge))
            (price, priceText) = (osm.price, osm.text)
            if !osm.understood, let t = osm.text { warn(m.fee ?? m.charge ?? "fee", "price not understood: '\(t)'", id: id) }
        } else if let f = m.price {
            if let p = priceText, !p.trimmingSpaces.isEmpty {
                price = prices.value(for: p) { PriceText($0) }
                if price.isFree == nil { warn(f, "price not understood: '\(p)'", id: id) }
            } else {
                warn(f, "price missing", id: id)
            }
        }
        var wheelchair = WheelchairAccess.unknown
        if let f = m.wheelchair, let w = trimmed(f) {
            if let parsed = WheelchairAccess(sourceText: w) {
                wheelchair = parsed
            } else {
                warn(f, "wheelchair value '\(w)' not known, stored as unknown", id: id)
            }
        }
        let details = self.details(trimmed: trimmed, warn: { warn($0, $1, id: id) })
        let (json, fingerprint) = properties.textAndFingerprint
        let record = ToiletRecord(
            sourceID: id, name: trimmed(m.name), address: address, hoursText: hours, hoursOSM: reading.osm,
            hoursStatus: reading.status, country: spec.country, priceText: priceText,
            priceAmount: price.amount, priceCurrency: price.currency, isFree: price.isFree, wheelchair: wheelchair,
            kind: trimmed(m.kind), locationDetail: trimmed(m.locationDetail), timeZone: spec.timeZone,
            propertiesJSON: json, propertiesFingerprint: fingerprint, coordinate: coordinate,
            details: details)
        // Every text field has been read by now: their cuts, by field.
        for (field, reason) in textNotes.sorted(by: { $0.key < $1.key }) { warn(field, reason, id: id) }
        return .accepted(record, matchKey: matchKey, sourceRef: sourceRef, warnings: warnings)
    }

    /// The properties that GIS tools and exports use to number records (ArcGIS `OBJECTID`,
    /// OGR `FID`, ArcGIS `GlobalID`, OSM exports' `@id`), in the order they are looked for.
    static let recordNumberKeys = ["OBJECTID", "objectid", "FID", "fid", "GlobalID", "globalid", "@id", "osm_id"]

    /// How the source names `feature` when it has no id field: `OBJECTID 17` (the first of
    /// `recordNumberKeys` it has), else its GeoJSON feature `id` (`id 5`); nil when neither.
    static func sourceRef(_ feature: JSONValue, properties: JSONValue) -> String? {
        for key in recordNumberKeys {
            if let v = properties[key]?.textValue?.trimmedNonBlank { return "\(key) \(String(v.prefix(64)))" }
        }
        if let v = feature["id"]?.textValue?.trimmedNonBlank { return "id \(String(v.prefix(64)))" }
        return nil
    }

    /// Whether a record without the field `key` is worth a warning: not when the mapping
    /// comes from a profile (OSM tags are optional), only when the pipeline file maps it.
    private func reportsMissing(_ key: String) -> Bool {
        spec.profile == nil || spec.keyLines["fields." + key] != nil
    }

    /// Access and the attributes of the field table, each read by its kind (`AttributeReading`);
    /// values it does not know are warnings and stored as unknown. The derived attributes
    /// are then completed by the domain's rules (`ToiletAttributes.completed()`).
    private func details(trimmed: (String?) -> String?, warn: (String, String) -> Void) -> ToiletDetails {
        let m = spec.fields
        var d = ToiletDetails()
        if let f = m.access, let v = trimmed(f) {
            if let a = ToiletAccess(osm: v) { d.access = a } else { warn(f, "access value '\(v)' not known, stored as unknown") }
        }
        for a in ToiletAttribute.ordered {
            guard let field = m.attributes[a], let text = trimmed(field) else { continue }
            switch AttributeReading.read(text, as: a) {
            case .success(let value): d[a] = value
            case .failure(let problem): warn(field, problem.message)
            }
        }
        if let field = m.genderSegregated, let text = trimmed(field) {
            if let segregated = OSMBoolean.read(text) {
                d[.genderNeutral] = .flag(!segregated)
            } else {
                warn(field, "gender_segregated value '\(text)' not known (expected yes or no), stored as unknown")
            }
        }
        d.attributes = d.attributes.completed()
        return d
    }

    /// Reads and reprojects a Point geometry, checking it against the region. Numbers
    /// written as strings (`["14.42", "50.08"]`, not valid GeoJSON but seen in exports) are
    /// read, and the second value of the result says so.
    private func position(_ geometry: JSONValue?, reprojector: Reprojector) -> Result<(Coordinate, Bool), PositionError> {
        guard let geometry, geometry != .null else { return .failure("geometry is null") }
        let type = geometry["type"]?.textValue ?? "missing"
        guard type == "Point" else { return .failure("geometry is \(type), expected Point") }
        guard case .array(let parts)? = geometry["coordinates"], parts.count >= 2 else {
            return .failure("coordinates must be an array of at least two numbers")
        }
        guard let x = parts[0].doubleValue, let y = parts[1].doubleValue else { return .failure("coordinates must be numbers") }
        let asText: Bool
        switch (parts[0], parts[1]) {
        case (.number, .number): asText = false
        case (.number, .string), (.string, .number), (.string, .string): asText = true
        default: return .failure("coordinates must be numbers")
        }
        guard x.isFinite, y.isFinite else { return .failure("coordinates are not finite") }
        guard let c = reprojector.transform(x: x, y: y), c.isValid else {
            return .failure("coordinates [\(x), \(y)] cannot be transformed from \(reprojector.source)")
        }
        let r = spec.region
        guard r.contains(c) else {
            if reprojector.isIdentity, let reason = r.swappedCoordinatesReason(c) { return .failure(PositionError(reason)) }
            let where_ = String(format: "%.6f,%.6f", c.latitude, c.longitude)
            return .failure(
                PositionError(
                    "position \(where_) (lat,lon) is outside the region "
                        + "\(r.minLatitude)..\(r.maxLatitude) N, \(r.minLongitude)..\(r.maxLongitude) E"))
        }
        return .success((c, asText))
    }
}

/// A reason a geometry cannot be used.
struct PositionError: Error, ExpressibleByStringInterpolation, CustomStringConvertible {
    let description: String
    init(stringLiteral value: String) { description = value }
    init(_ value: String) { description = value }
}

/// A per-ingest cache of interpretations of repeated source texts. Not `Sendable`: one
/// ingest, one task.
final class Memo<Value> {
    private var values: [String: Value] = [:]

    func value(for key: String, _ make: (String) -> Value) -> Value {
        if let v = values[key] { return v }
        let v = make(key)
        if values.count < 100_000 { values[key] = v }
        return v
    }
}
