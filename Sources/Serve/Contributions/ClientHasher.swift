import Foundation
import Storage

/// Salted hashes of client addresses, for the submission rate limit: the store keeps the
/// hash, never the address. The salt is 32 random bytes kept beside the database
/// (`<db>.salt`, made on first use, readable by its owner only), so hashes stay comparable
/// across restarts but cannot be reversed by trying every address without the file.
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
        do {
            try Data((fresh + "\n").utf8).write(to: URL(fileURLWithPath: file), options: .withoutOverwriting)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
            salt = fresh
        } catch {
            // Another process made it first: use that one.
            guard let text = try? String(contentsOfFile: file, encoding: .utf8),
                text.trimmingCharacters(in: .whitespacesAndNewlines).count == 64
            else { throw ServeError.unavailable("\(file) (the client-address salt) cannot be written or read") }
            salt = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// The salted SHA-256 of `address`, lower-case hex.
    func hash(_ address: String) -> String {
        var hasher = SHA256Hasher()
        hasher.update(Array((salt + "\n" + address).utf8))
        return hasher.finalize().hexString
    }
}
