import Contract
import Foundation

/// `basemap/index.json` and `LOCATE_META.basemap` (schema `basemap-index/1`, docs/json.md):
/// what the extract was, the box it covers, and per band its zooms, layers and shards. The
/// page loads a shard `basemap/BAND-Z-X-Y.js` (`basemap-shard/1` inside
/// `LOCATE_BASEMAP_SHARD(…)`) when a map tile it draws crosses it.
public struct BasemapIndex: Encodable, Sendable, Equatable {
    static let schema = "basemap-index/1"
    static let shardSchema = "basemap-shard/1"
    /// The data's credit (ODbL 1.0 asks for it wherever the map is shown).
    public static let attribution = "© OpenStreetMap contributors"

    /// One band.
    public struct Band: Encodable, Sendable, Equatable {
        /// `low` or `high`.
        public var name: String
        /// The zooms drawn from it.
        public var minZoom: Int
        /// See `minZoom`.
        public var maxZoom: Int
        /// The zoom of its shards' tiles.
        public var shardZoom: Int
        /// The layers it draws, in drawing order.
        public var layers: [String]
        /// Its shards as `Z-X-Y`, sorted.
        public var shards: [String]

        init(band: BasemapBand, shards: [String]) {
            name = band.name
            minZoom = band.minZoom
            maxZoom = band.maxZoom
            shardZoom = band.shardZoom
            layers = band.layers.sorted().map(\.rawValue)
            self.shards = shards
        }

        enum CodingKeys: String, CodingKey {
            case name, layers, shards
            case minZoom = "min_zoom"
            case maxZoom = "max_zoom"
            case shardZoom = "shard_zoom"
        }
    }

    /// The extract's file name.
    public var source: String
    /// The extract's replication timestamp (its header's), nil when it has none.
    public var sourceTimestamp: Int64?
    /// West, south, east, north in degrees: the box of every position drawn.
    public var bounds: [Double]
    /// The bands, low first.
    public var bands: [Band]
    /// Ways drawn.
    public var features: Int
    /// Bytes of all the shards.
    public var shardBytes: Int

    /// The index as compact JSON with sorted keys and a final newline.
    public func bytes() -> [UInt8] {
        // Encoding plain values cannot fail.
        ((try? ContractJSON.encode(self, pretty: false)) ?? []) + [0x0A]
    }

    /// The contract's members, explicit nulls included.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(BasemapIndex.schema, forKey: .schema)
        try c.encode(source, forKey: .source)
        try c.encode(
            Nullable(wrappedValue: sourceTimestamp.map { InstantText.utc(Date(timeIntervalSince1970: TimeInterval($0))) }),
            forKey: .sourceTimestamp)
        try c.encode(BasemapIndex.attribution, forKey: .attribution)
        try c.encode(bounds, forKey: .bounds)
        try c.encode(bands, forKey: .bands)
        try c.encode(features, forKey: .features)
        try c.encode(shardBytes, forKey: .shardBytes)
    }

    private enum Keys: String, CodingKey {
        case schema, source, attribution, bounds, bands, features
        case sourceTimestamp = "source_timestamp"
        case shardBytes = "shard_bytes"
    }
}
