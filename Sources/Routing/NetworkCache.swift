import Foundation
public import Geo
import Synchronization

/// Walking graphs (`WalkGraph`) loaded once and kept for the life of a long-running process (the HTTP server):
/// each request finds its network (`NetworkCatalog`) and reuses the loaded one, until a
/// rebuild switches the name to a new folder, which is then loaded in its place.
public final class NetworkCache: Sendable {
    private let loaded = Mutex<[String: WalkGraph]>([:])

    /// An empty cache.
    public init() {}

    /// The network for `point` beside the database at `databasePath` (see
    /// `NetworkCatalog.network(for:databasePath:name:)`), loaded on first use.
    public func network(for point: Coordinate, databasePath: String) throws -> WalkGraph {
        let folder = try NetworkCatalog.chosenFolder(for: point, databasePath: databasePath)
        return try loaded.withLock { loaded in
            if let n = loaded[folder] { return n }
            let n = try WalkGraph(folder: folder)
            // A rebuilt network replaces the one of the same name.
            loaded = loaded.filter { $0.value.manifest.name != n.manifest.name }
            loaded[folder] = n
            return n
        }
    }
}
