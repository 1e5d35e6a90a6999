/// Errors raised by exports. Nothing is left half-written: files and snapshots are written
/// to a temporary name and renamed into place.
public enum ExportError: Error, Equatable, CustomStringConvertible {
    /// The dataset name is not one this build exports.
    case unknownDataset(String)
    /// The database holds no active records of the dataset.
    case empty(dataset: String)
    /// The output path cannot be written.
    case unwritable(path: String, reason: String)

    /// A short lower-case message the CLI prints after `error:`.
    public var description: String {
        switch self {
        case .unknownDataset(let d): return "unknown dataset '\(d)' (expected: toilets, stations)"
        case .empty(let d): return "the database has no active \(d): run `locate ingest` first"
        case .unwritable(let path, let reason): return "\(path): cannot write: \(reason)"
        }
    }
}
