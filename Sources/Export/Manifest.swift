import Foundation
import Storage

/// `manifest.json`: schema version, generation time, datasets with counts, bbox, files,
/// licence and attribution, and the SHA-256 and size of every other file, sorted by path.
enum Manifest {
    /// One dataset's entry.
    struct Entry {
        var name: String
        var summary: ExportSummary
        var provenance: Provenance
        /// Toilets: the number of shard files (stations are not sharded).
        var shardCount: Int?
        var changes: String

        var json: String {
            let licences = provenance.licences.map { l in
                "{\"licence\":\(l.licence.map(JSONText.quoted) ?? "null"),\"attribution\":\(l.attribution.map(JSONText.quoted) ?? "null")}"
            }
            let shards = shardCount.map { "\"shards\":\"\(name)/shards.json\",\"shard_count\":\($0)," } ?? ""
            return
                "{\"name\":\(JSONText.quoted(name)),\"count\":\(summary.count),\"bbox\":[\(summary.bbox.joined(separator: ","))],"
                + "\"file\":\"\(name).geojson\",\(shards)\"versions\":\"\(name)/versions.tsv\",\"changes\":\(JSONText.quoted(changes)),"
                + "\"licences\":[\(licences.joined(separator: ","))],\"sources\":[\(provenance.sources.joined(separator: ","))]}"
        }
    }

    static func write(folder: String, generatedAt: String, _ datasets: [Entry]) throws {
        var files: [String] = []
        let root = URL(fileURLWithPath: folder)
        if let e = FileManager.default.enumerator(atPath: folder) {
            while let rel = e.nextObject() as? String {
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: root.appendingPathComponent(rel).path, isDirectory: &isDir),
                    !isDir.boolValue
                {
                    files.append(rel)
                }
            }
        }
        var entries: [String] = []
        for rel in files.sorted() where rel != "manifest.json" {
            let (bytes, digest) = try fileDigest(root.appendingPathComponent(rel).path)
            entries.append("{\"path\":\(JSONText.quoted(rel)),\"bytes\":\(bytes),\"sha256\":\"\(digest)\"}")
        }
        let text =
            "{\"schema_version\":1,\"generated_at\":\(JSONText.quoted(generatedAt)),"
            + "\"datasets\":[\(datasets.map(\.json).joined(separator: ",\n"))],\n\"files\":[\n" + entries.joined(separator: ",\n")
            + "\n]}\n"
        guard FileManager.default.createFile(atPath: folder + "/manifest.json", contents: Data(text.utf8)) else {
            throw ExportError.unwritable(path: folder + "/manifest.json", reason: "cannot create the file")
        }
    }
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
