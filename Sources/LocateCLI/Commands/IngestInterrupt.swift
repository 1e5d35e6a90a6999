import Contract
import Dispatch
import Foundation
import Storage

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM during `locate ingest` (issue 35): the run stops at once, says that it
/// was interrupted and what was written, removes what a first run made so far
/// (`<db>.partial`) and the lock file, and exits 130 (SIGINT) or 143 (SIGTERM), the shell's
/// codes for a process ended by those signals. Never in the middle of a publication: the
/// store tells the gate around each commit (`WriteAccess.commitGate`); a signal then waits for
/// the commit to end, and the message says whether the run's data was stored.
// Safe: every mutable member is read and written only while `lock` is held; the rest is immutable.
final class IngestInterrupt: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`: a write of this process is in the database.
    private var published = false
    /// Guarded by `lock`: nil unless this process holds the write lock; true when it
    /// creates the database.
    private var creatingWhileHolding: Bool? = nil
    private var sources: [any DispatchSourceSignal] = []
    private let path: String
    private let json: Bool

    /// The exit code of a process ended by `signal` (128 + its number).
    static func exitCode(_ signal: Int32) -> Int32 { 128 + signal }

    /// Handles SIGINT and SIGTERM for an ingest of `path` from now on (`json`: the message is
    /// an `error/1` document).
    init(path: String, json: Bool) {
        self.path = path
        self.json = json
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in interrupted(by: number) }
            source.resume()
            sources.append(source)
        }
    }

    /// The store's gate: holds `lock` while a write is published.
    var gate: @Sendable (WriteAccess.CommitPhase) -> Void {
        { [self] phase in
            switch phase {
            case .begin:
                lock.lock()
            case .end(let done):
                if done { published = true }
                lock.unlock()
            }
        }
    }

    /// The store is open: this process holds the lock (`creating`: a new database, built
    /// beside its path until it is moved into place).
    func opened(creating: Bool) { lock.withLock { creatingWhileHolding = creating } }

    /// The store is closed: nothing more to clean up.
    func closed() { lock.withLock { creatingWhileHolding = nil } }

    private func interrupted(by number: Int32) {
        lock.lock()  // never released: the process ends here, and no publication starts
        let name = number == SIGINT ? "SIGINT" : "SIGTERM"
        let unchanged = creatingWhileHolding == true ? "no database was made at \(path)" : "\(path) is as it was"
        let message =
            published
            ? "interrupted (\(name)): the ingest had stored its run in \(path); it stopped before its summary"
            : "interrupted (\(name)): the ingest stopped before it stored anything; \(unchanged)"
        if let creating = creatingWhileHolding { LocateStore.discardUnfinished(creating: creating, path: path) }
        let code = IngestInterrupt.exitCode(number)
        if json {
            let document = ErrorDocument(message: message, exitCode: Int(code))
            Console.noteJSON((try? compactJSONText(document)) ?? "{\"schema\":\"error/1\"}")
        } else {
            if Console.stderrIsTerminal { ProgressLine.clear() }
            Console.error(message)
        }
        _exit(code)
    }
}
