import Export

/// The human notes of `locate export`, printed on stderr.
enum ExportText {
    /// `wrote 12 features to t.geojson (5120 bytes, sha256 0123456789ab)`.
    static func geojson(_ s: ExportSummary, out: String) -> String {
        "wrote \(s.count) features to \(out) (\(s.bytes) bytes, sha256 \(s.sha256.prefix(12)))"
    }

    /// `wrote snapshot DIR: 12 toilets in 2 shards, 3 stations; since the previous one: …`.
    static func snapshot(_ s: SnapshotSummary, out: String) -> String {
        let counts = s.datasets.map { d in
            "\(d.count) \(d.name)" + (d.name == "toilets" ? " in \(s.shards) shards" : "")
        }
        var line = "wrote snapshot \(out): " + counts.joined(separator: ", ")
        let changes = s.datasets.compactMap { d -> String? in
            guard let a = d.added, let u = d.updated, let r = d.retired else { return nil }
            return "\(d.name) \(a) added, \(u) updated, \(r) retired"
        }
        if !changes.isEmpty { line += "; since the previous one: " + changes.joined(separator: "; ") }
        return line
    }
}
