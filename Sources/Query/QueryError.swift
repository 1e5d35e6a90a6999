/// Errors of the query library.
public enum QueryError: Error, Equatable, CustomStringConvertible {
    /// A name or id names several places; the candidates as `global-id (name)`.
    case ambiguous(String, candidates: [String])
    /// A request's field is at fault (`RequestProblem` names it; each adapter spells it).
    case badRequest(RequestProblem)
    /// The bookmarks file at `path` is not one locate wrote (`reason` says how).
    case badBookmarks(path: String, reason: String)

    /// The message shown to the user.
    public var description: String {
        switch self {
        case .ambiguous(let key, let candidates):
            "'\(key)' names \(candidates.count) stations: \(candidates.joined(separator: ", ")); give the global id"
        case .badRequest(let p): "\(p.field.rawValue): \(p.reason(naming: \.rawValue))"
        case .badBookmarks(let path, let reason): "\(path): \(reason)"
        }
    }
}
