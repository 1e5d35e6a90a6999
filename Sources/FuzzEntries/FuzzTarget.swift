public import Foundation

/// The fuzzing targets (`make fuzz`, CONTRIBUTING.md "Fuzzing"): each reads one input the
/// way `locate` reads untrusted text and checks properties that must hold for every input.
/// The fuzzer binary (`Fuzz/Driver`) and the corpus replay test (`Tests/FuzzTests`) call
/// the same `run`.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Czech opening-hours text (`CzechHours`, then `HoursReading` as every reader of hours text reads it).
    case czechHours = "czech-hours"
    /// The lines of a sign's recognised text (`SignHours`, what `locate hours read` reads from
    /// tesseract's output), one line per input line.
    case signText = "sign-text"
    /// OSM `opening_hours`: parse, canonical form, evaluation.
    case openingHours = "opening-hours"
    /// The opening-hours evaluator at a fuzzed instant, zone, country and position.
    case hoursEvaluation = "hours-eval"
    /// The JSON stream parser: in memory and in small chunks, and serialised back.
    case jsonStream = "json-stream"
    /// A toilet GeoJSON file: the feature reader and the mapper.
    case geoJSON = "geojson"
    /// OpenStreetMap toilets: the Overpass JSON and OSM GeoJSON readers with the `osm`
    /// profile's tag mapping (hours, fee, wheelchair, access).
    case osm = "osm"
    /// An OpenStreetMap PBF file: the block reader, zlib, the decoder, selection and placement.
    case osmPBF = "osm-pbf"
    /// An OsmChange file (replication diff, plain or gzip): the XML reader and the diff rules.
    case osmChange = "osm-change"
    /// A GIOŚ station list (legacy and v1), the mapper and both API dialects.
    case stationList = "station-list"
    /// OpenAQ v3 answers: a location page through the station mapper, and every result as a
    /// sensor, a latest value and a measurement.
    case openAQ = "openaq"
    /// Pipeline YAML.
    case pipeline = "pipeline"
    /// A points file (`--near-file`, `POST /v1/toilets/nearest:batch`): CSV or GeoJSON.
    case points = "points"
    /// A street network's walking graph (`walk-graph.bin`), its checksum recomputed: the checks, snaps and routes.
    case walkGraph = "walk-graph"

    /// Runs one input. Returns the properties it broke (empty when all hold); a trap or a
    /// hang is a finding too, which the fuzzer reports itself.
    public func run(_ input: [UInt8], scratch: FuzzScratch) -> [String] {
        switch self {
        case .czechHours: return HoursFuzzing.czech(input)
        case .signText: return SignTextFuzzing.signText(input)
        case .openingHours: return HoursFuzzing.openingHours(input)
        case .hoursEvaluation: return HoursEvaluationFuzzing.evaluate(input)
        case .jsonStream: return IngestFuzzing.json(input, scratch: scratch)
        case .geoJSON: return IngestFuzzing.geoJSON(input, scratch: scratch)
        case .osm: return IngestFuzzing.osm(input, scratch: scratch)
        case .osmPBF: return PBFFuzzing.pbf(input, scratch: scratch)
        case .osmChange: return ChangeFuzzing.osmChange(input)
        case .stationList: return IngestFuzzing.stationList(input, scratch: scratch)
        case .openAQ: return IngestFuzzing.openAQ(input, scratch: scratch)
        case .pipeline: return IngestFuzzing.pipeline(input, scratch: scratch)
        case .points: return PointsFuzzing.points(input, scratch: scratch)
        case .walkGraph: return WalkGraphFuzzing.walkGraph(input)
        }
    }
}

/// A folder of the process's own for the files the file readers need (one input at a time).
public struct FuzzScratch: Sendable {
    /// The folder.
    public let folder: String

    /// Makes a fresh folder under the system's temporary folder.
    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("locate-fuzz-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// Writes `bytes` to the file `name` in the folder; returns its path.
    func file(_ name: String, _ bytes: [UInt8]) -> String {
        let path = folder + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    /// Removes the folder.
    public func remove() { try? FileManager.default.removeItem(atPath: folder) }
}
