public import Contract

/// `export-summary/1`: `locate export geojson|snapshot --json`.
public struct ExportSummaryDocument: Encodable, Sendable {
    /// One dataset written.
    public struct Dataset: Encodable, Sendable {
        /// `toilets` or `stations`.
        public var kind: String
        /// Places written.
        public var count: Int
        /// Changes since the snapshot replaced (null: none, or a GeoJSON export).
        @Nullable public var added: Int? = nil
        /// Places updated.
        @Nullable public var updated: Int? = nil
        /// Places retired.
        @Nullable public var retired: Int? = nil
    }

    /// `export-summary/1`.
    public let schema = "export-summary/1"
    /// `geojson` or `snapshot`.
    public var format: String
    /// The file or folder written.
    public var out: String
    /// The datasets written.
    public var datasets: [Dataset]
    /// Toilet shard files (snapshots with toilets), else null.
    @Nullable public var shardCount: Int? = nil
    /// Size of the GeoJSON file in bytes (null for snapshots).
    @Nullable public var bytes: Int? = nil
    /// The GeoJSON file's SHA-256 (null for snapshots).
    @Nullable public var sha256: String? = nil

    enum CodingKeys: String, CodingKey {
        case schema, format, out, datasets, bytes, sha256
        case shardCount = "shard_count"
    }

    /// The summary of a GeoJSON export of `dataset` to `out`.
    public init(geojson summary: ExportSummary, dataset: String, out: String) {
        format = "geojson"
        self.out = out
        datasets = [Dataset(kind: dataset, count: summary.count)]
        bytes = summary.bytes
        sha256 = summary.sha256
    }

    /// The summary of a snapshot written to `out`.
    public init(snapshot summary: SnapshotSummary, out: String) {
        format = "snapshot"
        self.out = out
        datasets = summary.datasets.map {
            Dataset(kind: $0.name, count: $0.count, added: $0.added, updated: $0.updated, retired: $0.retired)
        }
        shardCount = summary.dataset("toilets") == nil ? nil : summary.shards
    }
}
