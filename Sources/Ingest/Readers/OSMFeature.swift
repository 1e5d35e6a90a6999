import Foundation

/// OpenStreetMap records in the one shape the toilet mapper reads: a GeoJSON Point feature
/// whose properties are the OSM tags with the OSM id (`node/123`) first, in `@id` (as
/// Overpass turbo writes it). Both OSM formats pass through here, so the same element read
/// from Overpass JSON or from osm-geojson becomes the same feature, and so the same record.
enum OSMFeature {
    /// A record ready for the mapper, or the reason it cannot be one.
    enum Outcome {
        case feature(JSONValue)
        case rejected(IngestIssue)
    }

    /// An Overpass API element (`{"type":"node","id":1,"lat":…,"lon":…,"tags":{…}}`; ways
    /// and relations with `center`, or `bounds` from `out bb`) as a feature, or why not.
    static func fromElement(_ element: JSONValue, index: Int) -> Outcome {
        func reject(_ id: String?, _ field: String, _ reason: String) -> Outcome {
            .rejected(IngestIssue(index: index, id: id, field: field, reason: reason))
        }
        guard case .object = element else { return reject(nil, "element", "is \(element.kindName), expected an object") }
        guard let type = element["type"]?.textValue, ["node", "way", "relation"].contains(type) else {
            let t = element["type"].map { $0.textValue.map { "'\($0)'" } ?? $0.kindName } ?? "missing"
            return reject(nil, "type", "element type is \(t), expected node, way or relation")
        }
        // An OSM id is written as digits: `1e3` or `12.0` is not one, whatever its value.
        guard let number = element["id"]?.wholeNumber(in: 1...JSONValue.safeIntegers.upperBound),
            case .number(let text) = element["id"], text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber)
        else {
            return reject(nil, "id", "\(type) id is \(element["id"]?.jsonText ?? "missing"), expected a positive whole number")
        }
        let id = "\(type)/\(number)"
        let position: (lat: JSONValue, lon: JSONValue)
        let field: String
        if type == "node" {
            field = "lat"
            guard let lat = element["lat"], let lon = element["lon"] else {
                return reject(id, "lat", "\(id) has no lat/lon (an `out tags` or `out ids` answer? ask for `out center`)")
            }
            position = (lat, lon)
        } else if let center = element["center"] {
            field = "center"
            guard let lat = center["lat"], let lon = center["lon"] else {
                return reject(id, "center", "\(id): center has no lat/lon")
            }
            position = (lat, lon)
        } else if let bounds = element["bounds"] {
            field = "bounds"
            guard let s = bounds["minlat"]?.doubleValue, let w = bounds["minlon"]?.doubleValue,
                let n = bounds["maxlat"]?.doubleValue, let e = bounds["maxlon"]?.doubleValue
            else { return reject(id, "bounds", "\(id): bounds need minlat, minlon, maxlat and maxlon as numbers") }
            position = (.number(coordinateText((s + n) / 2)), .number(coordinateText((w + e) / 2)))
        } else {
            return reject(
                id, "center",
                "\(id) has no center: a \(type) has no position of its own; ask Overpass for `out center` (or `out bb`)")
        }
        guard case .number = position.lat, case .number = position.lon else {
            return reject(id, field, "\(id): lat and lon must be numbers")
        }
        var properties: [(String, JSONValue)] = [("@id", .string(id))]
        switch element["tags"] {
        case .object(let tags)?: properties += tags.filter { $0.0 != "@id" }
        case .null?, nil: break
        case let other?: return reject(id, "tags", "\(id): tags is \(other.kindName), expected an object")
        }
        return .feature(pointFeature(id: id, properties: properties, lon: position.lon, lat: position.lat))
    }

    /// An element of the PBF reader (`PBFFeatureReader`): Overpass-shaped, or with a
    /// `problem` when a way or multipolygon has no position (rejected with that reason).
    static func fromPBF(_ element: JSONValue, index: Int) -> Outcome {
        if let problem = element["problem"]?.textValue {
            let id = [element["type"]?.textValue, element["id"]?.textValue].compactMap { $0 }.joined(separator: "/")
            return .rejected(IngestIssue(index: index, id: id, field: "geometry", reason: problem))
        }
        return fromElement(element, index: index)
    }

    /// A feature of osm-geojson (Overpass turbo, osmtogeojson) made regular: the OSM id from
    /// `properties["@id"]`, the feature's `id`, or osmtogeojson's unflattened
    /// `properties.type` + `properties.id` (whose `tags` become the properties); a way or
    /// relation drawn as a line or polygon gets the centre of its bounding box, as Overpass's
    /// `out center` gives it.
    static func fromGeoJSON(_ feature: JSONValue, index: Int) -> Outcome {
        func reject(_ id: String?, _ field: String, _ reason: String) -> Outcome {
            .rejected(IngestIssue(index: index, id: id, field: field, reason: reason))
        }
        guard case .object(var members) = feature else {
            return reject(nil, "feature", "is \(feature.kindName), expected an object")
        }
        var properties: [(String, JSONValue)]
        switch feature["properties"] {
        case .object(let p)?: properties = p
        case .null?, nil: properties = []
        case let other?: return reject(nil, "properties", "is \(other.kindName), expected an object")
        }
        // osmtogeojson without flattening: {"type":"node","id":123,"tags":{…},"meta":{…},…}
        let nested = JSONValue.object(properties)
        if case .object(let tags)? = nested["tags"], let t = nested["type"]?.textValue, let n = nested["id"]?.textValue {
            properties = [("@id", .string("\(t)/\(n)"))] + tags.filter { $0.0 != "@id" }
        }
        let idText = JSONValue.object(properties)["@id"]?.textValue ?? feature["id"]?.textValue
        guard let id = idText else {
            return reject(nil, "@id", "no OSM id: neither properties[\"@id\"] nor the feature's id is set (node/123)")
        }
        guard isOSMID(id) else {
            return reject(id, "@id", "'\(id)' is not an OSM id (expected node/N, way/N or relation/N)")
        }
        if JSONValue.object(properties)["@id"] == nil { properties.insert(("@id", .string(id)), at: 0) }
        var geometry = feature["geometry"]
        if let g = geometry, g != .null, let type = g["type"]?.textValue, type != "Point" {
            guard let box = boundingBox(g["coordinates"]) else {
                return reject(id, "geometry", "\(id): \(type) coordinates are not arrays of [lon, lat] numbers")
            }
            geometry = pointGeometry(lon: .number(coordinateText(box.lon)), lat: .number(coordinateText(box.lat)))
        }
        members = members.filter { $0.0 != "properties" && $0.0 != "geometry" && $0.0 != "id" }
        members.insert(("id", .string(id)), at: 0)
        members.append(("properties", .object(properties)))
        members.append(("geometry", geometry ?? .null))
        return .feature(.object(members))
    }

    /// `node/123`, `way/45`, `relation/6`: a type and a positive whole number.
    static func isOSMID(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, ["node", "way", "relation"].contains(parts[0]), let first = parts[1].first, first != "0",
            parts[1].count <= 16, parts[1].allSatisfy({ $0.isASCII && $0.isNumber })
        else { return false }
        return true
    }

    private static func pointFeature(id: String, properties: [(String, JSONValue)], lon: JSONValue, lat: JSONValue) -> JSONValue {
        .object([
            ("type", .string("Feature")), ("id", .string(id)), ("properties", .object(properties)),
            ("geometry", pointGeometry(lon: lon, lat: lat)),
        ])
    }

    private static func pointGeometry(lon: JSONValue, lat: JSONValue) -> JSONValue {
        .object([("type", .string("Point")), ("coordinates", .array([lon, lat]))])
    }

    /// The centre of the bounding box of every position in nested coordinate arrays.
    private static func boundingBox(_ coordinates: JSONValue?) -> (lon: Double, lat: Double)? {
        var west = Double.infinity
        var east = -Double.infinity
        var south = Double.infinity
        var north = -Double.infinity
        func visit(_ v: JSONValue, depth: Int) -> Bool {
            guard case .array(let items) = v, depth < 8 else { return false }
            if let first = items.first, case .number = first {
                guard items.count >= 2, let x = items[0].doubleValue, let y = items[1].doubleValue, x.isFinite, y.isFinite,
                    case .number = items[1]
                else { return false }
                west = min(west, x)
                east = max(east, x)
                south = min(south, y)
                north = max(north, y)
                return true
            }
            return !items.isEmpty && items.allSatisfy { visit($0, depth: depth + 1) }
        }
        guard let coordinates, visit(coordinates, depth: 0) else { return nil }
        return ((west + east) / 2, (south + north) / 2)
    }

    /// Degrees with 7 decimals, as OSM stores them (about 1 cm).
    private static func coordinateText(_ d: Double) -> String { String(format: "%.7f", d) }
}
