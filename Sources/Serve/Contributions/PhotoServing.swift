import Contributions
import Foundation
import Photos
import Storage

/// `GET /v1/photos/{hash}` and `/v1/photos/{hash}/thumbnail`: a stored photo's JPEG. Approved
/// photos are public and immutable (their name is their content's hash); a photo not
/// approved (pending, rejected) is served only to a maintainer's token, and to anybody else
/// answers 404 exactly as a photo that does not exist.
struct PhotoServing: Sendable {
    let databasePath: String
    let photos: PhotoStore
    let approved: ApprovedPhotos
    let maintainers: Maintainers

    func photo(_ hash: String, size: PhotoStore.Size, authorization: String?, ifNoneMatch: String?) throws -> Reply {
        let missing = ServeError.notFound("no photo \(hash)")
        guard PhotoStore.isHash(hash) else { throw missing }
        let isPublic = try approved.contains(hash)
        if !isPublic {
            // Only a maintainer sees photos under review; anybody else learns nothing.
            guard authorization != nil, (try? maintainers.reviewer(authorization)) != nil else { throw missing }
        }
        let tag = "\"\(hash)\(size == .thumbnail ? "-thumbnail" : "")\""
        let cache = isPublic ? "public, max-age=31536000, immutable" : "private, no-store"
        if isPublic, let match = ifNoneMatch,
            match.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == tag || $0.trimmingCharacters(in: .whitespaces) == "W/" + tag
            })
        {
            return Reply(status: 304, body: Data(), cacheControl: cache, etag: tag)
        }
        let bytes: Data?
        do {
            bytes = try photos.read(hash, size: size)
        } catch {
            throw ServeError.unavailable("\(error)")
        }
        guard let bytes else { throw missing }
        return Reply(status: 200, body: bytes, contentType: "image/jpeg", cacheControl: cache, etag: tag)
    }
}

/// The hashes of approved photos, read once per data version (approving is a run of its own,
/// so the version changes with every approval).
// Safe: `cached` is read and written only while `lock` is held; the rest is immutable.
final class ApprovedPhotos: @unchecked Sendable {
    private let databasePath: String
    private let data: DataSource
    private let lock = NSLock()
    private var cached: (version: String, hashes: Set<String>)?

    init(databasePath: String, data: DataSource) {
        self.databasePath = databasePath
        self.data = data
    }

    func contains(_ hash: String) throws -> Bool {
        let version = try data.current().version
        lock.lock()
        if let cached, cached.version == version {
            lock.unlock()
            return cached.hashes.contains(hash)
        }
        lock.unlock()
        let list = try ContributionWriter.read(databasePath) { try $0.contributions(status: .approved, kind: .photo) }
        let hashes = Set(list.compactMap { $0.photo?.sha256 })
        lock.lock()
        cached = (version, hashes)
        lock.unlock()
        return hashes.contains(hash)
    }
}
