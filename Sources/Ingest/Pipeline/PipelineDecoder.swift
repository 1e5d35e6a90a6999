import Foundation
import Geo
import Yams

/// Decodes pipeline YAML strictly: unknown keys, wrong types and missing required keys are
/// errors naming the key and line.
public enum PipelineDecoder {
    /// Reads and decodes a pipeline file.
    public static func load(path: String) throws -> PipelineSpec {
        guard FileManager.default.fileExists(atPath: path) else { throw IngestError.fileNotFound(path: path) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw IngestError.unreadable(path: path, reason: "permission denied")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw IngestError.invalidPipeline(path: path, line: nil, reason: "not UTF-8 text")
        }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent()
        let defaultName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return try decode(text, path: path, baseFolder: base.path, defaultName: defaultName)
    }

    /// Decodes pipeline text; `path` is used in messages and `baseFolder` resolves relative
    /// source paths.
    public static func decode(_ text: String, path: String, baseFolder: String, defaultName: String) throws -> PipelineSpec {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw IngestError.invalidPipeline(path: path, line: nil, reason: "the file is empty")
            }
            root = node
        } catch let e as IngestError {
            throw e
        } catch let e as YamlError {
            throw IngestError.invalidPipeline(path: path, line: yamlLine(e), reason: "not valid YAML: \(yamlProblem(e))")
        }
        let top = try YAMLMap(root, path: path, context: "the top level")
        let name = try top.string("name") ?? defaultName
        let kindText = try top.requiredString("kind")
        guard let kind = PipelineSpec.Kind(rawValue: kindText) else {
            throw top.error(
                "kind",
                "unknown kind '\(kindText)' (expected: \(PipelineSpec.Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let dataset = try top.requiredString("dataset")
        _ = try top.string("description")
        let sourceMap = try top.requiredMap("source")
        let location = try sourceSpec(sourceMap, baseFolder: baseFolder)
        let formatText =
            try sourceMap.string("format") ?? (kind == .toilets ? "geojson" : (kind == .air ? "gios-v1" : "gios-legacy"))
        guard let format = PipelineSpec.Format(rawValue: formatText) else {
            throw sourceMap.error(
                "format",
                "unknown format '\(formatText)' (expected: \(PipelineSpec.Format.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        guard (kind == .toilets) == (format == .geojson) else {
            throw sourceMap.error("format", "format '\(formatText)' does not hold \(kind.rawValue)")
        }
        var crs: CRS? = nil
        if let crsText = try sourceMap.string("crs") {
            guard let c = CRS(text: crsText) else {
                throw sourceMap.error("crs", "'\(crsText)' is not an EPSG code (write EPSG:5514)")
            }
            crs = c
        }
        try sourceMap.finish()
        let tz = try top.string("timezone") ?? "UTC"
        guard TimeZone(identifier: tz) != nil else { throw top.error("timezone", "unknown time zone '\(tz)'") }
        let country = try top.string("country")?.uppercased()
        if let country, country.count != 2 || !country.allSatisfy({ $0.isASCII && $0.isLetter }) {
            throw top.error("country", "'\(country)' is not a two-letter ISO 3166 code")
        }
        let licence = try top.string("licence")
        let attribution = try top.string("attribution")
        // Station lists have a fixed schema: their id and fields are not configurable.
        let idRule: PipelineSpec.IDRule
        let fields: PipelineSpec.FieldMap
        if kind == .toilets {
            idRule = try self.idRule(try top.requiredMap("id"))
            fields = try fieldMap(try top.requiredMap("fields"))
        } else {
            idRule = .field("station id")
            fields = PipelineSpec.FieldMap()
        }
        // Air pipelines read stations already stored: no region (and a station filter instead).
        let region =
            kind == .air
            ? BoundingBox(minLongitude: -180, minLatitude: -90, maxLongitude: 180, maxLatitude: 90)
            : try self.region(try top.requiredMap("region"))
        let stations = kind == .air ? try top.stringList("stations") : nil
        try top.finish()
        var spec = PipelineSpec(
            name: name, kind: kind, dataset: dataset, source: location, format: format, crs: crs, timeZone: tz, country: country,
            licence: licence, attribution: attribution, id: idRule, fields: fields, region: region)
        spec.stations = stations
        return spec
    }

    private static func sourceSpec(_ m: YAMLMap, baseFolder: String) throws -> String {
        let path = try m.string("path")
        let url = try m.string("url")
        switch (path, url) {
        case (let p?, nil):
            if p.hasPrefix("/") { return p }
            return URL(fileURLWithPath: baseFolder).appendingPathComponent(p).standardizedFileURL.path
        case (nil, let u?):
            guard u.hasPrefix("http://") || u.hasPrefix("https://") else {
                throw m.error("url", "'\(u)' is not an http(s) URL")
            }
            return u
        case (.some, .some): throw m.error("url", "give either path or url, not both")
        case (nil, nil): throw m.missing("path")
        }
    }

    private static func idRule(_ m: YAMLMap) throws -> PipelineSpec.IDRule {
        let field = try m.string("field")
        let derive = try m.stringList("derive")
        try m.finish()
        switch (field, derive) {
        case (let f?, nil): return .field(f)
        case (nil, let d?): return .derived(fields: d)
        case (.some, .some): throw m.error("derive", "give either field or derive, not both")
        case (nil, nil): throw m.missing("field")
        }
    }

    private static func fieldMap(_ m: YAMLMap) throws -> PipelineSpec.FieldMap {
        let f = PipelineSpec.FieldMap(
            name: try m.string("name"), address: try m.string("address"), hours: try m.string("hours"),
            price: try m.string("price"), wheelchair: try m.string("wheelchair"), kind: try m.string("kind"),
            locationDetail: try m.string("location_detail"))
        try m.finish()
        return f
    }

    private static func region(_ m: YAMLMap) throws -> BoundingBox {
        let box = BoundingBox(
            minLongitude: try m.requiredNumber("west"), minLatitude: try m.requiredNumber("south"),
            maxLongitude: try m.requiredNumber("east"), maxLatitude: try m.requiredNumber("north"))
        try m.finish()
        guard box.minLongitude < box.maxLongitude, box.minLatitude < box.maxLatitude,
            Coordinate(latitude: box.minLatitude, longitude: box.minLongitude).isValid,
            Coordinate(latitude: box.maxLatitude, longitude: box.maxLongitude).isValid
        else { throw m.error("west", "region must have west < east and south < north, in degrees") }
        return box
    }

    private static func yamlLine(_ e: YamlError) -> Int? {
        switch e {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): return mark.line
        default: return nil
        }
    }

    private static func yamlProblem(_ e: YamlError) -> String {
        switch e {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _): return problem
        default: return "\(e)"
        }
    }
}
