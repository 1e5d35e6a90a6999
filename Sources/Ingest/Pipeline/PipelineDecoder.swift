import Foundation
import Geo
import Hours
import Yams

/// Decodes pipeline YAML strictly: unknown keys, wrong types and missing required keys are
/// errors naming the key and line.
public enum PipelineDecoder {
    /// Reads and decodes a pipeline file.
    public static func load(path: String) throws -> PipelineSpec {
        let data = try WholeFile.read(path, limit: 1 << 20)
        let head = [UInt8](data.prefix(2))
        if head == [0xFF, 0xFE] || head == [0xFE, 0xFF] {
            throw IngestError.invalidPipeline(
                path: path, line: nil, reason: "the file is UTF-16; save it as UTF-8 (iconv -f UTF-16 -t UTF-8)")
        }
        guard let text = String(data: data, encoding: .utf8), !text.contains("\u{0}") else {
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
        // A dataset name is part of every global id (`DATASET/SOURCE_ID`), of file names in
        // snapshots and of the preview page: a slug, not free text.
        guard dataset.count <= 64, dataset.first.map({ $0.isASCII && ($0.isLetter || $0.isNumber) }) == true,
            dataset.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
        else {
            throw top.error(
                "dataset",
                "'\(dataset)' is not a dataset name: use letters, digits, '.', '_' and '-', starting with a letter or digit (at most 64)"
            )
        }
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
        guard (kind == .toilets) == PipelineSpec.Format.toiletFormats.contains(format) else {
            throw sourceMap.error("format", "format '\(formatText)' does not hold \(kind.rawValue)")
        }
        var crs: CRS? = nil
        if let crsText = try sourceMap.string("crs") {
            guard let c = CRS(text: crsText) else {
                throw sourceMap.error("crs", "'\(crsText)' is not an EPSG code (write EPSG:5514)")
            }
            crs = c
        }
        if format.isOSM, let crs, crs != .wgs84 {
            throw sourceMap.error("crs", "OpenStreetMap data is in EPSG:4326 (WGS84), not \(crs): remove the crs line")
        }
        let overpass = try self.overpass(sourceMap, format: format)
        let changesFolder = try sourceMap.string("changes").map { p in
            p.hasPrefix("/") ? p : URL(fileURLWithPath: baseFolder).appendingPathComponent(p).standardizedFileURL.path
        }
        if changesFolder != nil, format != .osmPBF {
            throw sourceMap.error("changes", "a folder of OSM replication diffs: only for format: osm-pbf")
        }
        let openAQ = try OpenAQOptionsDecoder.decode(sourceMap, format: format, kind: kind)
        try sourceMap.finish()
        var keyLines: [String: Int] = [:]
        keyLines["source.crs"] = sourceMap.line(of: "crs")
        let tzText = try top.string("timezone")
        let tz = tzText ?? "UTC"
        guard TimeZone(identifier: tz) != nil else { throw top.error("timezone", "unknown time zone '\(tz)'") }
        let country = try top.string("country")?.uppercased()
        if let country, let problem = PublicHolidays.problem(with: country) { throw top.error("country", problem) }
        let released = try self.released(top)
        var maxRetireShare: Double? = nil
        if let share = try top.number("max_retire_share") {
            guard (0...1).contains(share) else {
                throw top.error("max_retire_share", "\(share) is not a share between 0 and 1 (0.5 is half)")
            }
            maxRetireShare = share
        }
        let licence = try top.string("licence")
        let attribution = try top.string("attribution")
        // Station lists have a fixed schema: their id and fields are not configurable.
        let idRule: PipelineSpec.IDRule
        let fields: PipelineSpec.FieldMap
        var fieldsMap: YAMLMap? = nil
        var profile: PipelineSpec.Profile? = nil
        if kind == .toilets {
            if let idMap = try top.map("id") {
                idRule = try self.idRule(idMap)
                for k in ["field", "derive"] { keyLines["id." + k] = idMap.line(of: k) }
            } else if format.isOSM {
                // OSM formats carry the OSM id (node/123), put in `@id` by the reader.
                idRule = .field("@id")
            } else {
                throw top.missing("id")
            }
            profile = try self.profile(top, kind: kind)
            if let m = try profile == nil ? top.requiredMap("fields") : top.map("fields") {
                fields = try fieldMap(m, profile: profile)
                for (k, _) in PipelineSpec.FieldMap.keys where m.has(k) { keyLines["fields." + k] = m.line(of: k) }
                fieldsMap = m
            } else {
                fields = .osm
            }
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
        if let stations, let bad = stations.first(where: { !isStationID($0) }) {
            throw top.error("stations", "'\(TextEscape.quoted(bad))' is not a station id (digits only)")
        }
        // Hours and air times are wall-clock times: without the places' zone they would be
        // read in UTC, silently wrong.
        if tzText == nil {
            if kind == .toilets, fields.hours != nil {
                let reason =
                    "opening hours are mapped but the pipeline names no timezone: add `timezone:` with the places' IANA zone (such as Europe/Prague)"
                if let fieldsMap, fieldsMap.has("hours") { throw fieldsMap.error("hours", reason) }
                // Mapped by the profile (`profile: osm` maps opening_hours).
                throw top.error("profile", "\(profile?.rawValue ?? "") maps opening_hours: " + reason)
            }
            if kind == .air, format != .openaq {
                throw top.error(
                    "timezone",
                    "missing: the API writes wall-clock times; add `timezone:` with the stations' IANA zone (Europe/Warsaw)")
            }
        }
        try top.finish()
        var spec = PipelineSpec(
            name: name, kind: kind, dataset: dataset, source: location, format: format, crs: crs, timeZone: tz, country: country,
            licence: licence, attribution: attribution, id: idRule, fields: fields, region: region)
        spec.stations = stations
        spec.profile = profile
        spec.overpass = overpass
        spec.released = released
        spec.maxRetireShare = maxRetireShare
        spec.changesFolder = changesFolder
        spec.openAQ = openAQ
        spec.origin = path
        spec.keyLines = keyLines
        return spec
    }

    /// A GIOŚ station id: 1 to 18 ASCII digits (it becomes part of a request path).
    private static func isStationID(_ s: String) -> Bool {
        !s.isEmpty && s.count <= 18 && s.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `released: 2026-09-27`: the day the source published this input (YYYY-MM-DD).
    private static func released(_ top: YAMLMap) throws -> String? {
        guard let text = try top.string("released") else { return nil }
        guard ReleaseDate.isValid(text) else {
            throw top.error("released", "'\(TextEscape.quoted(text))' is not a date YYYY-MM-DD")
        }
        return text
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

    /// `source.filters` (Overpass and PBF pipelines), `source.query_timeout` and
    /// `source.area` (Overpass pipelines only).
    private static func overpass(_ m: YAMLMap, format: PipelineSpec.Format) throws -> OverpassQuery {
        let filterTexts = try m.stringList("filters")
        let timeout = try m.number("query_timeout")
        let area = try m.string("area")
        guard format == .overpass || format == .osmPBF else {
            if filterTexts != nil { throw m.error("filters", "only for format: overpass or osm-pbf") }
            if area != nil { throw m.error("area", "only for format: overpass") }
            if timeout != nil { throw m.error("query_timeout", "only for format: overpass") }
            return .standard
        }
        var query = OverpassQuery.standard
        if let filterTexts {
            guard !filterTexts.isEmpty else { throw m.error("filters", "the list is empty (omit it for the default)") }
            query.filters = try filterTexts.map { text in
                switch OverpassQuery.parseFilter(text) {
                case .success(let conditions): return conditions
                case .failure(let e): throw m.error("filters", e.reason)
                }
            }
        }
        if format == .osmPBF {
            let conditions = query.filters.joined().count
            if conditions > 64 { throw m.error("filters", "\(conditions) conditions in all; osm-pbf reads at most 64") }
            if area != nil { throw m.error("area", "only for format: overpass") }
            if timeout != nil { throw m.error("query_timeout", "only for format: overpass") }
        }
        if let timeout {
            guard timeout.rounded() == timeout, timeout >= 1, timeout <= Double(OverpassQuery.maxTimeoutSeconds) else {
                throw m.error(
                    "query_timeout", "\(timeout) is not a whole number of seconds from 1 to \(OverpassQuery.maxTimeoutSeconds)")
            }
            query.timeoutSeconds = Int(timeout)
        }
        if let area {
            if let e = OverpassQuery.checkAreaName(area) { throw m.error("area", e.reason) }
            query.areaName = area.trimmingCharacters(in: .whitespaces)
        }
        return query
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

    /// `profile: osm`: for toilet pipelines only.
    private static func profile(_ top: YAMLMap, kind: PipelineSpec.Kind) throws -> PipelineSpec.Profile? {
        guard let text = try top.string("profile") else { return nil }
        guard let p = PipelineSpec.Profile(rawValue: text) else {
            throw top.error(
                "profile",
                "unknown profile '\(TextEscape.quoted(text))' (expected: \(PipelineSpec.Profile.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        return p
    }

    /// `fields:` over the profile's mapping (an empty one without a profile). Templates are
    /// checked here; `price` and `fee`/`charge` exclude each other.
    private static func fieldMap(_ m: YAMLMap, profile: PipelineSpec.Profile?) throws -> PipelineSpec.FieldMap {
        var f = profile == .osm ? PipelineSpec.FieldMap.osm : PipelineSpec.FieldMap()
        var given: Set<String> = []
        for (key, path) in PipelineSpec.FieldMap.keys {
            guard let v = try m.string(key) else { continue }
            if FieldTemplate.isTemplate(v) {
                do {
                    _ = try FieldTemplate(v)
                } catch {
                    throw m.error(key, "template '\(TextEscape.quoted(v))': \(error.reason)")
                }
            }
            f[keyPath: path] = v
            given.insert(key)
        }
        try m.finish()
        if given.contains("price") {
            if let other = ["fee", "charge"].first(where: given.contains) {
                throw m.error(other, "give either price (free text) or fee/charge (OSM tags), not both")
            }
            // The profile's OSM price gives way to the file's free-text price.
            f.fee = nil
            f.charge = nil
        } else if given.contains("fee") || given.contains("charge") {
            f.price = nil
        }
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
        default:
            // Other errors (duplicate keys) end in "in line N, column M".
            let text = "\(e)"
            guard let r = text.range(of: "in line ", options: .backwards) else { return nil }
            return Int(text[r.upperBound...].prefix { $0.isASCII && $0.isNumber })
        }
    }

    private static func yamlProblem(_ e: YamlError) -> String {
        switch e {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _): return problem
        default:
            // The first line only: Yams appends the whole document as context.
            return String("\(e)".prefix { $0 != "\n" })
        }
    }
}
