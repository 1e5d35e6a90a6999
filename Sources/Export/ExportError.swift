/// Errors raised by exports. Nothing is left half-written: files are written under a temporary
/// name and renamed into place, snapshots are published by one rename of a link. Write errors
/// themselves are `FileError.cannotWrite` (the checked writer, `CheckedFile`, is in Files).
public enum ExportError: Error, Equatable, CustomStringConvertible {
    /// The dataset name is not one this build exports.
    case unknownDataset(String)
    /// The database holds no active records of the dataset.
    case empty(dataset: String)
    /// The output path cannot be written.
    case unwritable(path: String, reason: String)
    /// The snapshot folder named holds something that is not a locate snapshot (or is a
    /// file): it is left alone.
    case refused(path: String, reason: String)
    /// Another export is writing the same snapshot folder.
    case busy(path: String)

    /// A short lower-case message the CLI prints after `error:`.
    public var description: String {
        switch self {
        case .unknownDataset(let d): return "unknown dataset '\(d)' (expected: toilets, stations)"
        case .empty(let d): return "the database has no active \(d): run `locate ingest` first"
        case .unwritable(let path, let reason): return "cannot write \(path): \(reason)"
        case .refused(let path, let reason): return "will not write a snapshot to \(path): \(reason)"
        case .busy(let path): return "another locate export is writing \(path): try again when it has finished"
        }
    }
}
