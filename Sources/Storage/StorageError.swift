/// Errors raised by the Storage module. SQLite result codes are mapped here once.
public enum StorageError: Error, Equatable, CustomStringConvertible {
    /// The database file cannot be opened or created at `path`.
    case cannotOpen(path: String, reason: String)
    /// The database is not writable (read-only file or folder).
    case notWritable(path: String, reason: String)
    /// `mod_spatialite` could not be loaded into the connection.
    case spatialiteUnavailable(reason: String)
    /// A statement failed; `sql` is the statement (shortened).
    case sqlFailed(sql: String, reason: String)
    /// The database holds no data of the kind asked for (run an ingest first).
    case empty(what: String)
    /// The file is not a usable locate database (a table is missing, or its schema is from an older or newer version).
    case incompatible(path: String, reason: String)
    /// A file cannot be written (created, written in full, synced, closed or renamed into
    /// place); `reason` is the system's text (`No space left on device`) or what is in the way.
    case cannotWrite(path: String, reason: String)
    /// Another process is writing the database and did not finish within `waitedSeconds`;
    /// `holder` is that process (id and command line) when a live locate names itself in `<db>.lock`.
    case busy(path: String, holder: String?, waitedSeconds: Double)
    /// A small file of the tool's own (the bookmarks file) that is not what it should be.
    case badFile(path: String, reason: String)

    /// A short lower-case message the CLI prints after `error:`.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): return "\(path): cannot open database: \(reason)"
        case .notWritable(let path, let reason): return "\(path): database is not writable: \(reason)"
        case .spatialiteUnavailable(let reason):
            return "cannot load mod_spatialite (install libsqlite3-mod-spatialite): \(reason)"
        case .sqlFailed(let sql, let reason): return "sql failed: \(reason) (in \(sql))"
        case .empty(let what): return "the database has no \(what): run `locate ingest` first"
        case .incompatible(let path, let reason): return "\(path): cannot use this database: \(reason)"
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        case .badFile(let path, let reason): return "\(path): \(reason)"
        case .busy(let path, let holder, let waited):
            let who = holder.map { "another locate is writing it (\($0))" } ?? "another process is writing it"
            let wait =
                waited > 0
                ? "still busy after waiting \(StorageError.seconds(waited)) s (--wait SECONDS waits longer)"
                : "not waiting (--wait SECONDS waits for it)"
            return "\(path): database is busy: \(who); \(wait)"
        }
    }

    /// `30`, `0.5`: seconds as a user wrote them.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
