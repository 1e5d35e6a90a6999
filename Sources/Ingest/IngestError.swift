public import Geo
public import Storage

/// Errors that stop an ingest. Cases name the file or URL at fault where there is one; a run
/// that throws changes nothing in the database (the whole ingest is one transaction).
public enum IngestError: Error, Equatable, CustomStringConvertible {
    /// The input or pipeline file does not exist.
    case fileNotFound(path: String)
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The input is not valid JSON.
    case malformedJSON(path: String, JSONSyntaxError)
    /// The input is JSON but not a GeoJSON FeatureCollection.
    case notFeatureCollection(path: String, reason: String)
    /// The input is JSON but not a GIOŚ station list of the pipeline's format.
    case notStationList(path: String, reason: String)
    /// An API answer (or a file standing for one) is JSON but not what the format answers.
    case unexpectedAnswer(path: String, reason: String)
    /// An air pipeline's station dataset has no active stations to fetch data for.
    case noStations(dataset: String)
    /// The pipeline file is invalid: `line` is 1-based when known.
    case invalidPipeline(path: String, line: Int?, reason: String)
    /// The CRS named by the pipeline or the input is not usable.
    case crs(path: String, GeoError)
    /// The input's own `crs` member contradicts the pipeline.
    case crsConflict(path: String, pipeline: CRS, input: CRS)
    /// The pipeline asks for something this build cannot do.
    case unsupported(path: String, reason: String)
    /// The database refused the run.
    case storage(StorageError)

    /// A short lower-case message the CLI prints after `error:`.
    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "\(path): no such file"
        case .unreadable(let path, let reason):
            return "\(path): cannot read: \(reason)"
        case .malformedJSON(let path, let e):
            return "\(path):\(e.line): malformed JSON at byte \(e.offset): \(e.reason)"
        case .notFeatureCollection(let path, let reason):
            return "\(path): not a GeoJSON FeatureCollection: \(reason)"
        case .notStationList(let path, let reason):
            return "\(path): not a GIOŚ station list: \(reason)"
        case .unexpectedAnswer(let path, let reason):
            return "\(path): not a GIOŚ API answer: \(reason)"
        case .noStations(let dataset):
            return "dataset '\(dataset)' has no active stations: ingest its station list first (a kind: stations pipeline)"
        case .invalidPipeline(let path, let line, let reason):
            return "\(path)\(line.map { ":\($0)" } ?? ""): invalid pipeline: \(reason)"
        case .crs(let path, let e):
            return "\(path): \(e)"
        case .crsConflict(let path, let pipeline, let input):
            return "\(path): input declares crs \(input) but the pipeline says \(pipeline)"
        case .unsupported(let path, let reason):
            return "\(path): \(reason)"
        case .storage(let e):
            return e.description
        }
    }
}
