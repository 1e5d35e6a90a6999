import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension Thread {
    /// How much lower than the request threads' a background thread's priority is: its nice
    /// value (0 to 19) on Linux.
    static let backgroundNice: Int32 = 10

    /// Starts `body` on a thread of its own named `name`, at a lower priority than the
    /// threads that answer requests: opening a new state and building its derived file take
    /// seconds of CPU on a large database, and on a small machine requests come first. On
    /// Linux the nice value is a thread's own (setpriority(2), "Bugs": `PRIO_PROCESS` with 0
    /// names the calling thread); elsewhere the thread runs at the default priority.
    static func startBackground(named name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            #if canImport(Glibc)
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Thread.backgroundNice)
            #endif
            body()
        }
        thread.name = name
        thread.start()
    }
}
