import Contract
import Export
import Storage

/// `export-summary/1`: `locate export geojson|snapshot --json`.
struct ExportSummaryDocument: Encodable {
    /// One dataset written.
    struct Dataset: Encodable {
        /// `toilets` or `stations`.
        var kind: String
        var count: Int
        /// Changes since the snapshot replaced (null: none, or a GeoJSON export).
        @Nullable var added: Int? = nil
        @Nullable var updated: Int? = nil
        @Nullable var retired: Int? = nil
    }

    let schema = "export-summary/1"
    /// `geojson` or `snapshot`.
    var format: String
    /// The file or folder written.
    var out: String
    var datasets: [Dataset]
    /// Toilet shard files (snapshots with toilets), else null.
    @Nullable var shardCount: Int? = nil
    /// Size and SHA-256 of the GeoJSON file (null for snapshots).
    @Nullable var bytes: Int? = nil
    @Nullable var sha256: String? = nil

    enum CodingKeys: String, CodingKey {
        case schema, format, out, datasets, bytes, sha256
        case shardCount = "shard_count"
    }

    init(geojson summary: ExportSummary, dataset: String, out: String) {
        format = "geojson"
        self.out = out
        datasets = [Dataset(kind: dataset, count: summary.count)]
        bytes = summary.bytes
        sha256 = summary.sha256
    }

    init(snapshot summary: SnapshotSummary, out: String) {
        format = "snapshot"
        self.out = out
        datasets = summary.datasets.map {
            Dataset(kind: $0.name, count: $0.count, added: $0.added, updated: $0.updated, retired: $0.retired)
        }
        shardCount = summary.dataset("toilets") == nil ? nil : summary.shards
    }
}
