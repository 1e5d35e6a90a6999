import Foundation
import Storage

#if canImport(Glibc)
    import Glibc
#endif

/// Salted hashes of client addresses, for the submission rate limit: the store keeps the
/// hash, never the address. The salt is 32 random bytes kept beside the database
/// (`<db>.salt`, made on first use, whole and readable by its owner only from the start),
/// so hashes stay comparable across restarts but cannot be reversed by trying every
/// address without the file.
struct ClientHasher: Sendable {
    private let salt: String

    /// Reads `<database>.salt`, making it when missing; throws `ServeError.unavailable`
    /// naming the file when it cannot be read or written.
    init(database path: String) throws {
        let file = path + ".salt"
        if let text = try? String(contentsOfFile: file, encoding: .utf8),
            text.trimmingCharacters(in: .whitespacesAndNewlines).count == 64
        {
            salt = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return
        }
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let fresh = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
            .joined()
        guard ClientHasher.create(file, contents: fresh + "\n") else {
            // Another process made it first: use that one.
            guard let text = try? String(contentsOfFile: file, encoding: .utf8),
                text.trimmingCharacters(in: .whitespacesAndNewlines).count == 64
            else { throw ServeError.unavailable("\(file) (the client-address salt) cannot be written or read") }
            salt = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return
        }
        salt = fresh
    }

    /// Writes `contents` to `file` whole or not at all, readable by its owner only from the
    /// start: a private temporary file (`O_CREAT|O_EXCL`, mode 0600) written and synced, then
    /// linked to `file` (which, unlike a rename, fails when `file` exists: the first process
    /// wins and every process uses its salt). False when `file` could not be made.
    static func create(_ file: String, contents: String) -> Bool {
        var generator = SystemRandomNumberGenerator()
        let temporary = file + ".\(UInt32.random(in: 0...UInt32.max, using: &generator)).partial"
        let fd = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        defer { unlink(temporary) }
        let bytes = Array(contents.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced else { return false }
        return link(temporary, file) == 0
    }

    /// The salted SHA-256 of `address`, lower-case hex.
    func hash(_ address: String) -> String {
        var hasher = SHA256Hasher()
        hasher.update(Array((salt + "\n" + address).utf8))
        return hasher.finalize().hexString
    }
}
