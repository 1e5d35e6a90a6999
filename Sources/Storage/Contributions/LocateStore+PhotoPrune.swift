public import Foundation
internal import GRDB

/// A file in the photo folder that no contribution names (`LocateStore.unreferencedPhotos`).
public struct UnreferencedPhoto: Sendable, Equatable {
    /// The file name inside the folder (`<sha256>.jpg` or `<sha256>.thumb.jpg`).
    public var file: String
    /// Its size in bytes.
    public var bytes: Int
}

/// The names of stored photo files: `<sha256>.jpg` (the full image) and
/// `<sha256>.thumb.jpg` (its thumbnail), the hash in lower-case hex.
public enum PhotoFileName {
    /// True when `hash` has the form of a stored photo's hash (64 lower-case hex digits).
    public static func isHash(_ hash: some StringProtocol) -> Bool {
        hash.utf8.count == 64 && hash.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The hash a stored photo file's name carries, or nil for any other name.
    public static func hash(of file: String) -> String? {
        for suffix in [".thumb.jpg", ".jpg"] where file.hasSuffix(suffix) {
            let hash = file.dropLast(suffix.count)
            if isHash(hash) { return String(hash) }
        }
        return nil
    }
}

extension LocateStore {
    /// The photo hashes some contribution names, whatever its status (pending, approved or
    /// rejected: a decision keeps its evidence).
    public func referencedPhotoHashes() throws -> Set<String> {
        try read { db in
            Set(try String.fetchAll(db, sql: "SELECT DISTINCT photo_sha256 FROM contributions WHERE photo_sha256 IS NOT NULL"))
        }
    }

    /// The photo files in `folder` that no contribution names and that were last modified
    /// before `cutoff`, by name. A server stores a photo's files before its contribution, and
    /// a failure or a kill in between leaves them unnamed; `cutoff` spares the ones whose
    /// contribution may still be on its way. Only files named as stored photos are listed
    /// (anything else in the folder is not ours to judge). A missing folder has none.
    public func unreferencedPhotos(in folder: String, modifiedBefore cutoff: Date) throws -> [UnreferencedPhoto] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { throw StorageError.badFile(path: folder, reason: "the photo folder is not a folder") }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw StorageError.badFile(path: folder, reason: "cannot list the photo folder (\(error.localizedDescription))")
        }
        let named = try referencedPhotoHashes()
        return names.sorted().compactMap { name in
            guard let hash = PhotoFileName.hash(of: name), !named.contains(hash) else { return nil }
            return LocateStore.oldFile(folder + "/" + name, before: cutoff).map { UnreferencedPhoto(file: name, bytes: $0) }
        }
    }

    /// Removes `photos` from `folder`, each only if, just before, no contribution names it
    /// and it is still older than `cutoff` (a server that stores the same photo again
    /// refreshes its time); returns the ones removed.
    public func removeUnreferencedPhotos(
        _ photos: [UnreferencedPhoto], in folder: String, modifiedBefore cutoff: Date
    ) throws -> [UnreferencedPhoto] {
        var removed: [UnreferencedPhoto] = []
        for photo in photos {
            guard let hash = PhotoFileName.hash(of: photo.file), !(try referencedPhotoHashes().contains(hash)) else {
                continue
            }
            let path = folder + "/" + photo.file
            guard LocateStore.oldFile(path, before: cutoff) != nil else { continue }
            guard unlink(path) == 0 || errno == ENOENT else {
                throw StorageError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
            }
            removed.append(photo)
        }
        return removed
    }

    /// The size of the regular file at `path` when it was last modified before `cutoff`.
    private static func oldFile(_ path: String, before cutoff: Date) -> Int? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let modified = attributes[.modificationDate] as? Date, modified < cutoff
        else { return nil }
        return (attributes[.size] as? NSNumber)?.intValue ?? 0
    }
}
