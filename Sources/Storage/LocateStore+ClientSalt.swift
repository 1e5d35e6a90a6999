internal import GRDB

extension LocateStore {
    /// The `locate_meta` key of the salt of client-address hashes (`locate serve`'s
    /// submission limit): kept in the database, so a backup of the file holds it.
    static let clientSaltKey = "client_salt"

    /// The salt of client-address hashes, when the database holds one.
    public func storedClientSalt() throws -> String? {
        try read { db in
            try String.fetchOne(db, sql: "SELECT value FROM locate_meta WHERE key = ?", arguments: [LocateStore.clientSaltKey])
        }
    }

    /// The salt of client-address hashes: the one the database holds, else `legacy` (the
    /// salt an older locate kept in `<db>.salt`), else `proposed`, stored in the same
    /// transaction that looked (the first writer wins; every process then uses its salt).
    /// Changes no place: the data nonces and derived files stay.
    public func clientSalt(proposed: String, legacy: String?) throws -> String {
        try write { db in
            let key = LocateStore.clientSaltKey
            if let stored = try String.fetchOne(db, sql: "SELECT value FROM locate_meta WHERE key = ?", arguments: [key]) {
                return stored
            }
            let salt = legacy ?? proposed
            try db.execute(sql: "INSERT INTO locate_meta (key, value) VALUES (?, ?)", arguments: [key, salt])
            return salt
        }
    }
}
