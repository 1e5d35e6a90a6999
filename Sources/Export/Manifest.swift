import Contract
import Digests
import Files
import Foundation
import Storage

/// `manifest.json` (schema `snapshot-manifest/1`): generation time, datasets with counts,
/// bbox, files, licences and sources, and the SHA-256 and size of every other file, sorted
/// by path. Written with Codable, sorted keys, explicit nulls.
struct Manifest: Encodable {
    static let schema = "snapshot-manifest/1"

    /// One dataset's entry.
    struct Entry: Encodable {
        /// `toilets` or `stations` (key `kind`).
        var name: String
        var summary: ExportSummary
        var provenance: Provenance
        /// Toilets: the number of shard files (stations are not sharded).
        var shardCount: Int?
        var changes: String

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(name, forKey: .kind)
            try c.encode(summary.count, forKey: .count)
            try c.encode(summary.bbox.map { Double($0) ?? 0 }, forKey: .bbox)
            try c.encode("\(name).geojson", forKey: .file)
            try c.encode(shardCount.map { _ in "\(name)/shards.json" }, forKey: .shards)
            try c.encode(shardCount, forKey: .shardCount)
            try c.encode("\(name)/versions.tsv", forKey: .versions)
            try c.encode(changes, forKey: .changes)
            try c.encode(provenance.licences, forKey: .licences)
            try c.encode(provenance.sources, forKey: .sources)
        }

        private enum Keys: String, CodingKey {
            case kind, count, bbox, file, shards, shardCount = "shard_count", versions, changes, licences, sources
        }
    }

    /// A file of the snapshot.
    struct File: Encodable {
        var path: String
        var bytes: Int
        var sha256: String
    }

    var generatedAt: String
    var datasets: [Entry]
    var files: [File]

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(Manifest.schema, forKey: .schema)
        try c.encode(generatedAt, forKey: .generatedAt)
        try c.encode(datasets, forKey: .datasets)
        try c.encode(files, forKey: .files)
    }

    private enum Keys: String, CodingKey { case schema, generatedAt = "generated_at", datasets, files }

    static func write(folder: String, generatedAt: String, _ datasets: [Entry]) throws {
        let paths = filePaths(in: folder)
        let root = URL(fileURLWithPath: folder)
        var files: [File] = []
        for rel in paths.sorted() where rel != "manifest.json" {
            let (bytes, digest) = try fileDigest(root.appendingPathComponent(rel).path)
            files.append(File(path: rel, bytes: bytes, sha256: digest))
        }
        let manifest = Manifest(generatedAt: generatedAt, datasets: datasets, files: files)
        try writeJSON(manifest, to: folder + "/manifest.json")
    }
}

/// Writes `value` as compact JSON with sorted keys and a final newline (docs/json.md, rule 9).
func writeJSON(_ value: some Encodable, to path: String) throws {
    let data: Data
    do {
        data = try JSONText.encoded(value) + Data("\n".utf8)
    } catch {
        throw ExportError.unwritable(path: path, reason: "cannot encode: \(error)")
    }
    try CheckedFile.write([UInt8](data), to: path)
}

/// Size and SHA-256 of a file, read in 1 MiB chunks.
func fileDigest(_ path: String) throws -> (Int, String) {
    guard let h = FileHandle(forReadingAtPath: path) else {
        throw ExportError.unwritable(path: path, reason: "cannot read it back")
    }
    defer { try? h.close() }
    var hasher = SHA256Hasher()
    var total = 0
    while let chunk = try h.read(upToCount: 1 << 20), !chunk.isEmpty {
        hasher.update([UInt8](chunk))
        total += chunk.count
    }
    return (total, hasher.finalize().hexString)
}
