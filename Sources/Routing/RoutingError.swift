import Foundation

/// Errors of the routing library: building, finding and loading street networks, and
/// routing over them. Messages are short lower-case fragments the CLI prints after `error:`.
public enum RoutingError: Error, Equatable, CustomStringConvertible {
    /// The OSM extract a network is built from cannot be read (path, why).
    case unreadableSource(path: String, reason: String)
    /// `planetsplitter` (or `filedumper`) failed: the tool, the source file, its exit status
    /// and the last line it wrote to stderr.
    case buildFailed(tool: String, source: String, status: Int32, detail: String)
    /// The network name is not a plain name (letters, digits, `-`, `_`, `.`; not starting with `.`).
    case badName(String)
    /// A network built from `source` has no node a route can use.
    case emptyNetwork(source: String)
    /// No network is built beside the database (the folder looked in).
    case noNetwork(folder: String)
    /// A network folder or its manifest cannot be read (path, why).
    case badNetwork(path: String, reason: String)
    /// Routino rejected a call: the function, Routino's error number, and the folder.
    case library(function: String, code: Int32, folder: String)
    /// The start point lies farther than `limitMeters` from any way the mode may use
    /// (the distance found, or nil when Routino found none within its search radius).
    case startOffNetwork(latitude: Double, longitude: Double, meters: Double?, limitMeters: Double, network: String)

    /// The message shown to the user.
    public var description: String {
        switch self {
        case .unreadableSource(let path, let reason): "\(path): \(reason)"
        case .buildFailed(let tool, let source, let status, let detail):
            "\(source): \(tool) exited \(status)" + (detail.isEmpty ? "" : ": \(detail)")
        case .badName(let name): "network name '\(name)' is not a plain name (letters, digits, '-', '_', '.')"
        case .emptyNetwork(let source): "\(source): no way a route can use (no highway=* for foot or wheelchair)"
        case .noNetwork(let folder):
            "no street network in \(folder) (build one: locate network build EXTRACT.osm.pbf --db DB)"
        case .badNetwork(let path, let reason): "\(path): \(reason)"
        case .library(let function, let code, let folder): "\(folder): \(function) failed (Routino error \(code))"
        case .startOffNetwork(let lat, let lon, let meters, let limit, let network):
            "start point \(lat),\(lon) is "
                + (meters.map { "\(Int($0.rounded())) m" } ?? "too far")
                + " from the nearest way of network '\(network)' (limit \(Int(limit)) m)"
        }
    }

    /// The message for someone who cannot see the machine's files (an HTTP client): the same
    /// words with each path cut to its file name, and no network folder at all.
    public var descriptionWithoutPaths: String {
        func file(_ path: String) -> String { (path as NSString).lastPathComponent }
        switch self {
        case .unreadableSource(let path, let reason): return "\(file(path)): \(reason)"
        case .buildFailed(let tool, let source, let status, let detail):
            return "\(file(source)): \(tool) exited \(status)" + (detail.isEmpty ? "" : ": \(detail)")
        case .emptyNetwork(let source): return RoutingError.emptyNetwork(source: file(source)).description
        case .noNetwork:
            return "no street network is built beside the database (build one: locate network build EXTRACT.osm.pbf --db DB)"
        case .badNetwork(let path, let reason): return "\(file(path)): \(reason)"
        case .library(let function, let code, _): return "\(function) failed (Routino error \(code))"
        case .badName, .startOffNetwork: return description
        }
    }
}
