/// Why the server cannot start, or why one request gets no answer: the module's one error
/// enum. Each case knows its HTTP status; the message names the parameter, id or file.
public enum ServeError: Error, Equatable, CustomStringConvertible {
    /// A query parameter is missing or has a value the endpoint cannot use (400).
    case badParameter(name: String, reason: String)
    /// No place or route with that id (404).
    case notFound(String)
    /// The client asked too often (429); retry after this many whole seconds.
    case rateLimited(retryAfterSeconds: Int)
    /// The answer took longer than the server's request timeout (503).
    case timedOut(seconds: Double)
    /// The database cannot be read (503): missing, not a locate database, unreadable.
    case unavailable(String)
    /// The street network cannot be used (503): damaged, or Routino failed; the reason says
    /// how to rebuild it and names no server path.
    case networkUnavailable(String)
    /// The server's own configuration is unusable (the process exits 64 or 1).
    case configuration(String)
    /// Another process listens on the address and port asked for (the process exits 1).
    case portInUse(host: String, port: Int)
    /// A submission or maintainer request refused (400, 401, 403, 404, 413, 415, 422), with
    /// the body field or parameter at fault, or nil (Sources/Serve/Contributions).
    case refused(status: Int, message: String, field: String?)

    /// The HTTP status code the error answers with.
    public var status: Int {
        switch self {
        case .badParameter: 400
        case .notFound: 404
        case .rateLimited: 429
        case .timedOut, .unavailable, .networkUnavailable: 503
        case .configuration, .portInUse: 500
        case .refused(let status, _, _): status
        }
    }

    /// The message, as the JSON error document carries it.
    public var description: String {
        switch self {
        case .badParameter(let name, let reason): "parameter '\(name)': \(reason)"
        case .notFound(let what): what
        case .rateLimited(let s): "too many requests from this client: retry after \(s) s"
        case .timedOut(let s): "the answer took longer than the server's \(Self.seconds(s)) s request timeout"
        case .unavailable(let reason): "the database cannot be read: \(reason)"
        case .networkUnavailable(let reason): "the street network cannot be used: \(reason)"
        case .configuration(let reason): reason
        case .portInUse(let host, let port):
            "port \(port) on \(host) is in use by another process (another locate serve?): stop it, or choose another "
                + "port with --port (--port 0 takes any free port)"
        case .refused(_, let message, _): message
        }
    }

    private static func seconds(_ s: Double) -> String { s == s.rounded() ? String(Int(s)) : String(s) }
}
