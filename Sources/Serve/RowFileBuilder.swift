import Foundation
import Query
import Storage

/// Builds the row files of the server's data versions on a thread of its own, one at a
/// time: a version queued while another is built replaces any version queued before it
/// (the newest wins; a replaced version's readers keep reading rows through SQLite), so a
/// burst of ingests never runs overlapping full builds.
final class RowFileBuilder: @unchecked Sendable {
    /// One build: the rows of data version `version`, for `rows`.
    struct Job {
        let rows: ToiletRowSource
        let version: String
    }

    private let lock = NSLock()
    private var queued: Job?
    private var running = false
    private let build: @Sendable (Job) -> Void

    /// A builder running `build` for each job it takes.
    init(build: @escaping @Sendable (Job) -> Void) { self.build = build }

    /// A builder of the row files of the database at `path`: each job builds the file of
    /// the newest committed state when it is still of the job's data version (rows are
    /// keyed by version; writes that keep it change no row), else nothing.
    convenience init(path: String) {
        self.init { job in
            guard let store = try? LocateStore(readingAt: path), (try? store.dataVersion()) == job.version,
                let file = try? ToiletRowFile.make(for: store)
            else { return }
            job.rows.fill(file)
        }
    }

    /// Queues `job`, replacing a job queued before and not started.
    func enqueue(_ job: Job) {
        let start = lock.withLock {
            queued = job
            defer { running = true }
            return !running
        }
        guard start else { return }
        Thread.startBackground(named: "locate-serve row files") { [self] in
            while let next = take() { build(next) }
        }
    }

    /// The queued job, or nil (then the thread ends and the next `enqueue` starts one).
    private func take() -> Job? {
        lock.withLock {
            defer { queued = nil }
            if queued == nil { running = false }
            return queued
        }
    }
}
