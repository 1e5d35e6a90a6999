import Foundation

/// Recognises a data file given where a pipeline is expected (`locate ingest some.geojson`,
/// issue 35) from its first bytes: a GeoJSON FeatureCollection (plain or OpenStreetMap's), an
/// Overpass JSON answer, an OSM PBF extract, an OsmChange diff, a GIOŚ station list or API
/// answer. locate does not run a pipeline on a guess (a pipeline names the dataset, its
/// region, licence and field mapping: a wrong guess stores data under the wrong name); it
/// says which shipped pipeline fits, as a command line to run.
public enum DataFileSniffer {
    /// What a data file is, as far as its first bytes tell.
    public enum Found: Equatable, Sendable {
        /// A data file of a pipeline format (its properties, for GeoJSON, from the head).
        case data(PipelineSpec.Format, description: String)
        /// An OsmChange replication diff (`.osc`, `.osc.gz`).
        case osmChange
        /// A GIOŚ measurement or index answer: air pipelines read a folder of them or the API.
        case giosAnswer
    }

    /// How many bytes of the file are looked at.
    static let headBytes = 65_536

    /// What `path` holds, or nil when it may be a pipeline (or is unreadable: the pipeline
    /// decoder then says why).
    public static func sniff(path: String) -> Found? {
        guard let head = head(path) else { return nil }
        return sniff(head)
    }

    /// What a file starting with `head` holds, or nil.
    static func sniff(_ head: [UInt8]) -> Found? {
        if head.starts(with: [0x1F, 0x8B]) { return .osmChange }
        // A PBF file: a 4-byte big-endian header length, then a BlobHeader whose type
        // (field 1) is "OSMHeader".
        if head.count > 16, head[0] == 0, head[1] == 0, head[4] == 0x0A,
            head[6..<15].elementsEqual(Array("OSMHeader".utf8))
        {
            return .data(.osmPBF, description: "an OpenStreetMap PBF extract")
        }
        let text = String(decoding: head, as: UTF8.self)
        let start = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if start.hasPrefix("<") {
            return text.contains("<osmChange") ? .osmChange : nil
        }
        guard start.hasPrefix("{") || start.hasPrefix("[") else { return nil }
        if text.contains("\"FeatureCollection\"") {
            let osm = text.contains("\"@id\"") || text.contains("\"node/") || text.contains("\"amenity\"")
            return osm
                ? .data(.osmGeoJSON, description: "GeoJSON of OpenStreetMap data")
                : .data(.geojson, description: "a GeoJSON FeatureCollection")
        }
        if text.contains("\"elements\"") { return .data(.overpass, description: "an Overpass API JSON answer") }
        if text.contains("Lista stacji pomiarowych") { return .data(.giosV1, description: "a GIOŚ station list (v1 API)") }
        if start.hasPrefix("["), text.contains("\"stationName\"") {
            return .data(.giosLegacy, description: "a GIOŚ station list (legacy API)")
        }
        if text.contains("\"Lista danych pomiarowych\"") || text.contains("\"Lista stanowisk pomiarowych")
            || (text.contains("\"key\"") && text.contains("\"values\"")) || text.contains("\"stIndexLevel\"")
            || text.contains("\"AqIndex\"")
        {
            return .giosAnswer
        }
        return nil
    }

    /// The pipelines among `pipelines` that fit a file with `head` of format `format`: the same
    /// format and, for GeoJSON, every property they map named in the head; the most specific
    /// (most mapped properties) first.
    public static func fitting(_ format: PipelineSpec.Format, path: String, pipelines: [PipelineSpec]) -> [PipelineSpec] {
        let text = head(path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        // OpenStreetMap GeoJSON is read by `osm-geojson` pipelines and by `geojson` ones with
        // the osm profile: one family.
        func family(_ f: PipelineSpec.Format) -> PipelineSpec.Format { f == .osmGeoJSON ? .geojson : f }
        let same = pipelines.filter { family($0.format) == family(format) && $0.kind != .air }
        let fits = same.filter { spec in
            spec.format != .geojson || spec.mappedProperties.allSatisfy { text.contains("\"\($0.property)\"") }
        }
        // A pipeline whose own source is this file first, then the most specific.
        let file = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        func own(_ spec: PipelineSpec) -> Int {
            URL(fileURLWithPath: spec.source).standardizedFileURL.resolvingSymlinksInPath().path == file ? 1 : 0
        }
        return fits.sorted {
            (own($0), $0.mappedProperties.count, $1.origin ?? $1.name)
                > (own($1), $1.mappedProperties.count, $0.origin ?? $0.name)
        }
    }

    /// The message for a data file named where a pipeline is expected.
    public static func message(_ found: Found, path: String, fitting: [PipelineSpec]) -> String {
        switch found {
        case .osmChange:
            return "this is an OSM replication diff (OsmChange), not a pipeline: apply it to the dataset of an osm-pbf "
                + "pipeline with `locate ingest PIPELINE --changes \(path)`"
        case .giosAnswer:
            return "this is a GIOŚ API answer, not a pipeline: air pipelines read the API or a folder of answers "
                + "(`locate ingest pipelines/gios-air.yml --source FOLDER`)"
        case .data(let format, let description):
            guard let best = fitting.first else {
                return "this is \(description), not a pipeline: write a pipeline with `format: \(format.rawValue)` "
                    + "(docs/pipelines.md) and run `locate ingest PIPELINE --source \(path)`"
            }
            let others = fitting.dropFirst().prefix(4).map { $0.origin ?? $0.name }
            return "this is \(description), not a pipeline: run `locate ingest \(best.origin ?? best.name) --source \(path)`"
                + (others.isEmpty ? "" : " (other pipelines of this format: \(others.joined(separator: ", ")))")
                + "; check its dataset and region first"
        }
    }

    private static func head(_ path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: headBytes) else { return nil }
        return [UInt8](data)
    }
}
