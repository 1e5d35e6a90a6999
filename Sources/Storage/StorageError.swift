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
    /// A file of the database's own (a backup's copy, the derived rows file, a checkpoint, the
    /// photo folder) cannot be written; `reason` is the system's text (`No space left on
    /// device`) or what is in the way. Files users name are `FileError.cannotWrite` (Files).
    case cannotWrite(path: String, reason: String)
    /// Another process is writing the database and did not finish within `waitedSeconds`;
    /// `holder` is that process (id and command line) when a live locate names itself in `<db>.lock`.
    case busy(path: String, holder: String?, waitedSeconds: Double)
    /// A file or folder of the database's own (a backup copy, the photo folder) that is not what it should be.
    case badFile(path: String, reason: String)
    /// A contribution is not valid: `field` names what is wrong (`target`, `lat`, `hours`).
    case invalidContribution(field: String, reason: String)
    /// No contribution has this number.
    case noSuchContribution(id: Int64)
    /// The contribution cannot be decided now: only pending ones, and approved ones in
    /// conflict, can be approved or rejected.
    case cannotDecide(id: Int64, status: String)
    /// No toilet has this global id (or it is retired, when `retired`).
    case unknownPlace(globalID: String, retired: Bool)
    /// A valid token with this name exists already.
    case tokenExists(name: String)
    /// No valid token has this name.
    case noSuchToken(name: String)
    /// An ingest into the dataset approved contributions make (`community`).
    case reservedDataset(name: String)

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
        case .invalidContribution(let field, let reason): return "contribution: \(field): \(reason)"
        case .noSuchContribution(let id): return "no contribution #\(id)"
        case .cannotDecide(let id, let status):
            return "contribution #\(id) is \(status): only pending contributions, and approved ones in conflict, can be decided"
        case .unknownPlace(let id, let retired): return retired ? "toilet \(id) is retired" : "no toilet \(id)"
        case .tokenExists(let name): return "a token named '\(name)' exists (revoke it first)"
        case .noSuchToken(let name): return "no valid token named '\(name)'"
        case .reservedDataset(let name):
            return "dataset '\(name)' holds approved contributions and cannot be ingested into: give the pipeline another dataset"
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
