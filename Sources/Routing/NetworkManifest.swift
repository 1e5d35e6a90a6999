import Contract
import Foundation
public import Geo

/// What a built street network is (`network.json` in its folder, schema `street-network/1`):
/// its name, the extract it was built from, the area its nodes cover and when it was built.
public struct NetworkManifest: Sendable, Equatable, Codable {
    /// The schema name and major version.
    public static let schema = "street-network/1"
    /// The manifest's file name in a network folder.
    static let fileName = "network.json"

    /// Always `street-network/1`.
    public var schema: String
    /// The network's name (its folder's name).
    public var name: String
    /// The OSM extract it was built from, as given.
    public var source: String
    /// The extract's size in bytes when built.
    public var sourceBytes: Int64
    /// The bounding box of its routable nodes.
    public var bbox: BoundingBox
    /// Number of routable nodes.
    public var nodes: Int
    /// When it was built (RFC 3339, UTC).
    public var builtAt: String

    /// Creates a manifest.
    public init(name: String, source: String, sourceBytes: Int64, bbox: BoundingBox, nodes: Int, builtAt: String) {
        schema = NetworkManifest.schema
        self.name = name
        self.source = source
        self.sourceBytes = sourceBytes
        self.bbox = bbox
        self.nodes = nodes
        self.builtAt = builtAt
    }

    private enum CodingKeys: String, CodingKey {
        case schema, name, source, sourceBytes = "source_bytes", bbox, nodes, builtAt = "built_at"
    }

    /// Reads the manifest in `folder`; a missing or unreadable one names the file.
    static func read(folder: String) throws -> NetworkManifest {
        let path = (folder as NSString).appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RoutingError.badNetwork(path: path, reason: "missing (rebuild the network)")
        }
        let m: NetworkManifest
        do {
            m = try JSONDecoder().decode(NetworkManifest.self, from: data)
        } catch {
            throw RoutingError.badNetwork(path: path, reason: "not a street-network/1 manifest (\(error))")
        }
        guard m.schema == schema else {
            throw RoutingError.badNetwork(path: path, reason: "schema '\(m.schema)', expected '\(schema)'")
        }
        return m
    }

    /// The manifest as the contract's JSON text (`ContractJSON`, indented).
    func data() throws -> Data { Data(try ContractJSON.encode(self, pretty: true)) }
}
