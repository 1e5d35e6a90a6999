import Digests
public import Foundation
import Storage

/// The photo folder: processed photos stored content-addressed, by the SHA-256 of the full
/// image's bytes, as `<hash>.jpg` and `<hash>.thumb.jpg`. Files are written atomically (a
/// temporary file renamed into place) and never changed: the same photo uploaded twice is
/// one pair of files.
public struct PhotoStore: Sendable {
    /// The folder.
    public let folder: URL

    /// The two stored sizes.
    public enum Size: String, Sendable, CaseIterable {
        case full, thumbnail
    }

    /// A store in `folder` (made on the first save; by default
    /// `LocateStore.photoFolder(forDatabase:)`, `<db>.photos` beside the database).
    public init(folder: URL) { self.folder = folder }

    /// True when `hash` has the form of a stored photo's name (64 lower-case hex digits).
    public static func isHash(_ hash: String) -> Bool { PhotoFileName.isHash(hash) }

    /// The SHA-256 of `data` in lower-case hex.
    public static func hash(of data: Data) -> String {
        var hasher = SHA256Hasher()
        data.withUnsafeBytes { hasher.update($0.bindMemory(to: UInt8.self)) }
        return hasher.finalize().hexString
    }

    /// Where `hash`'s file of `size` is (whether or not it exists); nil for a malformed hash,
    /// so a name from a request never leaves the folder.
    public func file(_ hash: String, size: Size) -> URL? {
        guard PhotoStore.isHash(hash) else { return nil }
        return folder.appendingPathComponent(PhotoStore.fileName(hash, size: size))
    }

    /// The file name of `hash`'s `size` inside the folder.
    public static func fileName(_ hash: String, size: Size) -> String {
        size == .full ? "\(hash).jpg" : "\(hash).thumb.jpg"
    }

    /// Stores both sizes (unless already there) and returns the photo's hash.
    public func save(_ photo: ProcessedPhoto) throws -> String {
        let hash = PhotoStore.hash(of: photo.full)
        for (size, bytes) in [(Size.thumbnail, photo.thumbnail), (.full, photo.full)] {
            guard let url = file(hash, size: size) else { continue }
            // Stored already: its time is refreshed, so `locate review prune-photos` (which
            // spares recent files) does not remove it before this contribution names it.
            if FileManager.default.fileExists(atPath: url.path), utime(url.path, nil) == 0 { continue }
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try bytes.write(to: url, options: .atomic)
            } catch {
                throw PhotoError.storage(path: url.path, reason: "cannot be written (\(error.localizedDescription))")
            }
        }
        return hash
    }

    /// The bytes of `hash`'s `size`, or nil when there is no such photo.
    public func read(_ hash: String, size: Size) throws -> Data? {
        guard let url = file(hash, size: size), FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw PhotoError.storage(path: url.path, reason: "cannot be read (\(error.localizedDescription))")
        }
    }
}
