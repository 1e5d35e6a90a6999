import Contract
public import Contributions
import Digests
public import Foundation
internal import GRDB
import Hours

extension LocateStore {
    /// Makes a maintainer token named `name` and returns it: `lct_` and 64 random hex digits,
    /// shown this once; only its SHA-256 is stored. Fails when a valid token has the name.
    public func createToken(name: String, at: Date) throws -> String {
        guard !name.isEmpty, name.count <= 100, !name.contains(where: \.isNewline) else {
            throw StorageError.invalidContribution(field: "name", reason: "a token name is 1 to 100 characters on one line")
        }
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<4).map { _ in generator.next() as UInt64 }
        let token = "lct_" + bytes.map { String($0, radix: 16).leftPadded(to: 16) }.joined()
        try write { db in
            let taken =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM review_tokens WHERE name = ? AND revoked_at IS NULL", arguments: [name]) ?? 0
            guard taken == 0 else { throw StorageError.tokenExists(name: name) }
            try db.execute(
                sql: "INSERT INTO review_tokens (name, token_sha256, created_at) VALUES (?, ?, ?)",
                arguments: [name, LocateStore.tokenDigest(token), InstantText.utc(at)])
        }
        return token
    }

    /// The name of the valid (not revoked) token `token`, or nil.
    public func verifyToken(_ token: String) throws -> String? {
        try read { db in
            try String.fetchOne(
                db, sql: "SELECT name FROM review_tokens WHERE token_sha256 = ? AND revoked_at IS NULL",
                arguments: [LocateStore.tokenDigest(token)])
        }
    }

    /// Revokes the valid token named `name`.
    public func revokeToken(name: String, at: Date) throws {
        try write { db in
            try db.execute(
                sql: "UPDATE review_tokens SET revoked_at = ? WHERE name = ? AND revoked_at IS NULL",
                arguments: [InstantText.utc(at), name])
            guard db.changesCount > 0 else { throw StorageError.noSuchToken(name: name) }
        }
    }

    /// Every token ever made (valid and revoked), oldest first; never the tokens themselves.
    public func tokens() throws -> [ReviewToken] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT name, created_at, revoked_at FROM review_tokens ORDER BY id").map {
                ReviewToken(name: $0["name"], createdAt: $0["created_at"], revokedAt: $0["revoked_at"])
            }
        }
    }

    static func tokenDigest(_ token: String) -> String {
        var hasher = SHA256Hasher()
        hasher.update(Array(token.utf8))
        return hasher.finalize().hexString
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
