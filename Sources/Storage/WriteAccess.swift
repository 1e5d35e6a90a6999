/// How a writable `LocateStore` opens its database: how long it waits for another writer,
/// how it names itself to the writers that wait for it, and whether a new database appears
/// only once the run succeeded.
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

    /// Creates the access (by default: no waiting, in place, named `locate`).
    public init(waitSeconds: Double = 0, holder: String = "locate", createsOnClose: Bool = false) {
        self.waitSeconds = waitSeconds
        self.holder = holder
        self.createsOnClose = createsOnClose
    }
}
