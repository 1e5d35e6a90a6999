/// What can go wrong reading the nearest-index file.
public enum SpatialIndexError: Error, Equatable, CustomStringConvertible {
    /// A record of the file's rows section is damaged (the file is then rebuilt from the
    /// database).
    case badFile(path: String, reason: String)

    /// The message: the file, then what is wrong.
    public var description: String {
        switch self {
        case .badFile(let path, let reason): return "\(path): \(reason)"
        }
    }
}
