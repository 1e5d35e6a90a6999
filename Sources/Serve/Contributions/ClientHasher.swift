import Digests
import Foundation
import Storage

#if canImport(Glibc)
    import Glibc
#endif

/// Salted hashes of client addresses, for the submission rate limit: the store keeps the
/// hash, never the address. The salt is 32 random bytes kept in the database (`locate_meta`,
/// made on first use; `LocateStore.clientSalt`), so hashes stay comparable across restarts,
/// a backup of the file holds it, and they cannot be reversed by trying every address without
/// the database. A salt an older locate kept beside the database (`<db>.salt`) is moved into
/// it, and the file removed.
struct ClientHasher: Sendable {
    private let salt: String

    /// Reads the database's salt, making it when missing (from `<database>.salt` when an
    /// older locate left one); throws `ServeError.unavailable` when it cannot be read or
    /// stored.
    init(database path: String) throws {
        if let stored = try ContributionWriter.read(path, { try $0.storedClientSalt() }), stored.count == 64 {
            salt = stored
            return
        }
        let file = path + ".salt"
        let legacy = (try? String(contentsOfFile: file, encoding: .utf8))
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .flatMap { $0.count == 64 ? $0 : nil }
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let fresh = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
            .joined()
        salt = try ContributionWriter.write(path) { try $0.clientSalt(proposed: fresh, legacy: legacy) }
        if legacy != nil, salt == legacy { unlink(file) }
    }

    /// The salted SHA-256 of `address`, lower-case hex.
    func hash(_ address: String) -> String {
        var hasher = SHA256Hasher()
        hasher.update(Array((salt + "\n" + address).utf8))
        return hasher.finalize().hexString
    }
}
