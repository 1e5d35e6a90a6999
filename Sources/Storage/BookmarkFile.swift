import Foundation

/// A bookmarked station or toilet: what `locate bookmark` keeps, per user, in a small JSON
/// file (schema `bookmarks/1`, docs/json.md) rather than in the database, so a read-only or
/// shared database can still be bookmarked and re-ingests never touch bookmarks.
public struct Bookmark: Sendable, Equatable, Codable {
    /// `station` or `toilet`.
    public var kind: String
    /// The global id `DATASET/SOURCE_ID` (stable across re-ingests).
    public var id: String
    /// When it was added, RFC 3339 UTC.
    public var addedAt: String

    /// A bookmark.
    public init(kind: String, id: String, addedAt: String) {
        self.kind = kind
        self.id = id
        self.addedAt = addedAt
    }

    enum CodingKeys: String, CodingKey { case kind, id, addedAt = "added_at" }
}

/// Reads and writes the bookmarks file.
public enum BookmarkFile {
    /// The file's schema name and major version.
    public static let schema = "bookmarks/1"

    private struct Document: Codable {
        var schema: String
        var bookmarks: [Bookmark]
    }

    /// The bookmarks in `path`, in the order they were added; none when the file does not
    /// exist. A file that is not a bookmarks file is an error naming it (it is never
    /// overwritten: `save` is only called after a successful `load`).
    public static func load(_ path: String) throws -> [Bookmark] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StorageError.badFile(path: path, reason: "cannot read the bookmarks file")
        }
        guard data.count <= 16 << 20 else {
            throw StorageError.badFile(path: path, reason: "a bookmarks file over 16 MiB is not one locate wrote")
        }
        let doc: Document
        do {
            doc = try JSONDecoder().decode(Document.self, from: data)
        } catch {
            throw StorageError.badFile(path: path, reason: "not a bookmarks file (\(schema)): \(error.localizedDescription)")
        }
        guard doc.schema == schema else {
            throw StorageError.badFile(path: path, reason: "schema '\(doc.schema)', expected '\(schema)'")
        }
        return doc.bookmarks
    }

    /// Writes `bookmarks` to `path` (its folder made if missing), atomically.
    public static func save(_ bookmarks: [Bookmark], to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw StorageError.cannotWrite(path: path, reason: "cannot make the folder \(folder)")
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Document(schema: schema, bookmarks: bookmarks))
        try CheckedFile.replace(path, with: Array(data) + [0x0A])
    }
}
