/// Errors raised by the Files module: a file that cannot be written, named by the path the
/// user gave (never a temporary name) and the system's reason.
public enum FileError: Error, Equatable, CustomStringConvertible {
    /// A file cannot be written (created, written in full, synced, closed or renamed into
    /// place); `reason` is the system's text (`No space left on device`) or what is in the way.
    case cannotWrite(path: String, reason: String)

    /// A short lower-case message the CLI prints after `error:` (`cannot write /dev/full: No
    /// space left on device`).
    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}
