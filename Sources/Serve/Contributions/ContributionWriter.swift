import Foundation
import Storage

/// Writes of the contribution endpoints: each opens a writable store of its own (taking the
/// database's write lock, waiting up to 5 s for an ingest or another write), runs one store
/// call and closes it; the server's readers see the change at their next request. Storage's
/// errors become answers here, in one place.
enum ContributionWriter {
    /// Seconds a write waits for another writer's lock before answering 503.
    static let waitSeconds = 5.0
    /// How a contribution write names itself to a writer that waits for it.
    static let holder = "locate serve (a contribution)"

    static func write<T>(_ path: String, _ body: (LocateStore) throws -> T) throws -> T {
        do {
            let store = try LocateStore(
                path: path, access: WriteAccess(waitSeconds: waitSeconds, holder: holder))
            let result = try body(store)
            try store.close()
            return result
        } catch let e as StorageError {
            throw answer(e)
        }
    }

    /// Reads with a fresh read-only store: the newest committed state (contributions and
    /// tokens change without changing the data version the server's readers follow).
    static func read<T>(_ path: String, _ body: (LocateStore) throws -> T) throws -> T {
        do {
            return try body(try LocateStore(readingAt: path))
        } catch let e as StorageError {
            throw answer(e)
        }
    }

    /// Runs `body` (a call of the review desk), answering Storage's errors.
    static func answering<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let e as StorageError {
            throw answer(e)
        }
    }

    /// The answer to a Storage error.
    static func answer(_ e: StorageError) -> ServeError {
        switch e {
        case .invalidContribution(let field, let reason):
            .refused(status: 422, message: "field '\(field)': \(reason)", field: field)
        case .unknownPlace(_, retired: true):
            // Approving (or a submission racing an ingest) over a toilet retired meanwhile.
            .refused(status: 409, message: "\(e.description): it cannot be changed while retired", field: nil)
        case .unknownPlace, .noSuchContribution: .notFound(e.description)
        case .cannotDecide: .refused(status: 409, message: e.description, field: nil)
        case .busy:
            .refused(status: 503, message: "another write holds the database (an ingest?): retry in a minute", field: nil)
        default: .unavailable(e.description)
        }
    }
}
