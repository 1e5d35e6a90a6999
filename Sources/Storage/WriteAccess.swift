/// How a writable `LocateStore` opens its database: how long it waits for another writer,
/// how it names itself to the writers that wait for it, whether a new database appears
/// only once the run succeeded, and whether another program's SQLite file may be written.
public struct WriteAccess: Sendable, Equatable {
    /// Seconds to wait for another process's write lock before failing; 0 fails at once.
    /// A lock of a program other than locate (found through SQLite) is waited for at least 1 s.
    public var waitSeconds: Double
    /// This process as a waiting writer's error names it (e.g. its command line).
    public var holder: String
    /// When the database does not exist yet, build it as `<path>.partial` and move it into
    /// place only in `LocateStore.close()`: a run that fails or is killed leaves nothing at
    /// `path`.
    public var createsOnClose: Bool
    /// Add locate's tables to an existing SQLite file that holds another program's tables and
    /// no locate schema (`ForeignDatabase`); without it such a file is refused, unchanged.
    public var updatesForeign: Bool
    /// Told once, with the holder as its lock file names it (`pid N: COMMAND`), when the lock
    /// is held by another process and this one starts waiting for it.
    public var onWait: (@Sendable (String) -> Void)?
    /// Told `.begin` just before the store publishes a write (the commit of a transaction
    /// of a database in place; the move into place of a database this store created) and
    /// `.end` right after, on the writing thread: a signal handler that takes the same lock
    /// knows that no publication is under way, and whether one happened
    /// (`locate ingest`'s SIGINT and SIGTERM).
    public var commitGate: (@Sendable (CommitPhase) -> Void)?

    /// A step of publishing a write, for `commitGate`.
    public enum CommitPhase: Sendable, Equatable {
        /// The commit (or the move into place) starts.
        case begin
        /// It ended; `published`: the write is in the database for every reader.
        case end(published: Bool)
    }

    /// Creates the access (by default: no waiting, in place, named `locate`, no foreign file).
    public init(
        waitSeconds: Double = 0, holder: String = "locate", createsOnClose: Bool = false, updatesForeign: Bool = false,
        onWait: (@Sendable (String) -> Void)? = nil, commitGate: (@Sendable (CommitPhase) -> Void)? = nil
    ) {
        self.waitSeconds = waitSeconds
        self.holder = holder
        self.createsOnClose = createsOnClose
        self.updatesForeign = updatesForeign
        self.onWait = onWait
        self.commitGate = commitGate
    }

    /// Equal when every setting but the callbacks is.
    public static func == (a: WriteAccess, b: WriteAccess) -> Bool {
        a.waitSeconds == b.waitSeconds && a.holder == b.holder && a.createsOnClose == b.createsOnClose
            && a.updatesForeign == b.updatesForeign
    }
}
