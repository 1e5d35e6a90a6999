import Contract
import Files
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

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

    /// The largest bookmarks file read (thousands of bookmarks fit in far less).
    static let maxBytes = 16 << 20

    /// The bookmarks in `path`, in the order they were added; none when the file does not
    /// exist. A file that is not a bookmarks file (not a regular file, over 16 MiB, not
    /// `bookmarks/1`, an entry of another kind or without a global id) is an error naming it;
    /// it is never overwritten (`update` writes only after a successful `load`).
    public static func load(_ path: String) throws -> [Bookmark] {
        let fm = FileManager.default
        guard fm.fileExists(atPath: path) else { return [] }
        let attributes = try? fm.attributesOfItem(atPath: path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw QueryError.badBookmarks(path: path, reason: "not a regular file, so not a bookmarks file")
        }
        if let size = attributes?[.size] as? Int, size > maxBytes {
            throw QueryError.badBookmarks(
                path: path, reason: "\(size) bytes: a bookmarks file over 16 MiB is not one locate wrote")
        }
        guard let data = fm.contents(atPath: path) else {
            throw QueryError.badBookmarks(path: path, reason: "cannot read the bookmarks file")
        }
        let doc: Document
        do {
            doc = try JSONDecoder().decode(Document.self, from: data)
        } catch {
            throw QueryError.badBookmarks(path: path, reason: "not a bookmarks file (\(schema)): \(error.localizedDescription)")
        }
        guard doc.schema == schema else {
            throw QueryError.badBookmarks(path: path, reason: "schema '\(doc.schema)', expected '\(schema)'")
        }
        for (i, b) in doc.bookmarks.enumerated() {
            guard ["station", "toilet"].contains(b.kind), b.id.contains("/"), !b.id.hasPrefix("/") else {
                throw QueryError.badBookmarks(
                    path: path, reason: "bookmark \(i + 1) ('\(b.id)', kind '\(b.kind)') is not a station or toilet global id")
            }
        }
        return doc.bookmarks
    }

    /// Reads the bookmarks, lets `change` edit them and writes them back if it returns true,
    /// holding an exclusive lock on `<path>.lock` throughout, so two `locate bookmark` runs at
    /// once never lose each other's change.
    public static func update(_ path: String, _ change: (inout [Bookmark]) throws -> Bool) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw FileError.cannotWrite(path: path, reason: "cannot make the folder \(folder)")
            }
        }
        let lock = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard lock >= 0 else { throw FileError.cannotWrite(path: path + ".lock", reason: CheckedFile.reason()) }
        defer { close(lock) }
        guard flock(lock, LOCK_EX) == 0 else {
            throw FileError.cannotWrite(path: path + ".lock", reason: CheckedFile.reason())
        }
        var list = try load(path)
        if try change(&list) { try save(list, to: path) }
    }

    /// Writes `bookmarks` to `path` (its folder made if missing), atomically.
    public static func save(_ bookmarks: [Bookmark], to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw FileError.cannotWrite(path: path, reason: "cannot make the folder \(folder)")
            }
        }
        let data = try JSONText.encoded(Document(schema: schema, bookmarks: bookmarks), pretty: true)
        try CheckedFile.replace(path, with: Array(data) + [0x0A])
    }
}
