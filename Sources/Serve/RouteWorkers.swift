import Routing
import Synchronization

/// The server's route worker pool (`RouteWorkerPool`), started at the first request that
/// routes, so a server that never routes starts no process; nil when routes run in this
/// process (no worker command, or 0 workers).
final class RouteWorkers: Sendable {
    private let command: [String]?
    private let count: Int
    private let timeoutSeconds: Double
    private let started = Mutex<RouteWorkerPool?>(nil)

    init(command: [String]?, count: Int, timeoutSeconds: Double) {
        self.command = command
        self.count = count
        self.timeoutSeconds = timeoutSeconds
    }

    /// The pool, started on first use; nil without workers. A pool that cannot start is an
    /// error now and tried again at the next request.
    func pool() throws -> RouteWorkerPool? {
        guard let command, command.count > 1, count > 0 else { return nil }
        return try started.withLock { pool in
            if let pool { return pool }
            let new = try RouteWorkerPool(
                executable: command[0], arguments: Array(command.dropFirst()), count: count, timeoutSeconds: timeoutSeconds)
            pool = new
            return new
        }
    }
}

extension Server {
    /// The loop of a route worker process (`locate-serve --route-worker`): answers the
    /// server's route requests on stdin and stdout until the server closes the pipe
    /// (`RouteWorker.serve`). Returns the exit status.
    public static func serveRouteWorker() -> Int32 { RouteWorker.serve() }
}
