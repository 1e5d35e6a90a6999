import NIOCore
import NIOPosix

/// Runs the jobs of the tasks that prefer it on NIO's event loops (the singleton group the
/// server listens on): on the loop the job was enqueued from when that is one of them, so a
/// connection's task stays on the loop that reads its socket, else on the next loop.
///
/// The server runs under `withTaskExecutorPreference(EventLoopTaskExecutor.shared)`, which
/// every child task inherits (the service group, the accept loop, each connection's task):
/// a request's task then runs on the loop that read it, instead of moving to Dispatch's
/// threads and back to the loop to answer. Swift's global executor hook (NIO's
/// `unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor`) cannot do
/// this in release builds: the runtime is linked statically there, with its symbols local
/// (`--exclude-libs ALL`), so the hook is not found and nothing changed. Work that blocks
/// never runs on a loop: the read API hands it to Dispatch threads (`Blocking`).
final class EventLoopTaskExecutor: TaskExecutor {
    static let shared = EventLoopTaskExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        MultiThreadedEventLoopGroup.singleton.any().execute { job.runSynchronously(on: executor) }
    }

    /// The event loop of the calling thread, nil off the loops.
    static var currentLoop: (any EventLoop)? { MultiThreadedEventLoopGroup.currentEventLoop }

    /// `currentLoop`'s identity (for tests, which do not import NIO).
    static var currentLoopID: ObjectIdentifier? { currentLoop.map { ObjectIdentifier($0) } }
}
