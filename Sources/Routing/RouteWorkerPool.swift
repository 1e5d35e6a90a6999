import Foundation
public import Geo
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Route worker processes, each with its own libroutino, so that routes are computed on as
/// many cores as there are workers (libroutino keeps process-wide state and is not
/// thread-safe: in one process every route waits for one lock, `RoutinoLibrary`). A request
/// holds one worker for all its routes (`network(for:databasePath:)`, `RouteNetwork.origin(at:mode:)`),
/// and gives it back when its start is released; workers are taken in turn.
///
/// Supervised: a worker that has exited, been killed or sent a bad reply is killed, reaped
/// and replaced by a new one, and the request's start and route are asked again of the new
/// worker (once); a reply that takes longer than `timeoutSeconds` kills the worker the same
/// way and fails the request (`RoutingError.workerFailed`). Writing to a worker that has gone
/// must not kill the server, so creating a pool ignores SIGPIPE in this process.
public final class RouteWorkerPool: Sendable {
    /// A worker process: its id and the two ends of its pipes held by the pool.
    struct Worker: Sendable {
        var pid: pid_t
        /// Requests go here (the worker's stdin).
        var requests: Int32
        /// Replies come from here (the worker's stdout).
        var replies: Int32
    }

    /// The program workers run (`/proc/self/exe`) and its arguments, the first being the
    /// name the process goes by (`locate-serve --route-worker`).
    let command: (executable: String, arguments: [String])
    /// How long one reply may take, seconds.
    let timeoutSeconds: Double
    private let idle: Mutex<[Worker]>
    private let available: DispatchSemaphore
    /// Manifests of the network folders asked about (names for messages).
    private let manifests = Mutex<[String: NetworkManifest]>([:])
    /// Workers started since the pool was made, the first `count` included.
    private let started = Atomic<Int>(0)

    /// Starts `count` workers running `executable` with `arguments` (the first the name the
    /// process goes by). Throws `RoutingError.workerFailed` when one cannot be started.
    public init(executable: String, arguments: [String], count: Int, timeoutSeconds: Double) throws {
        precondition(count > 0 && !arguments.isEmpty, "a pool has a command and at least one worker")
        let command = (executable, arguments)
        signal(SIGPIPE, SIG_IGN)
        self.command = command
        self.timeoutSeconds = timeoutSeconds
        var workers: [Worker] = []
        for _ in 0..<count {
            do {
                workers.append(try RouteWorkerPool.spawn(command))
            } catch {
                for w in workers { RouteWorkerPool.end(w) }
                throw error
            }
        }
        started.store(count, ordering: .relaxed)
        idle = Mutex(workers)
        available = DispatchSemaphore(value: count)
    }

    deinit {
        for w in idle.withLock({ $0 }) { RouteWorkerPool.end(w) }
    }

    /// The process ids of the idle workers (tests: a killed worker is replaced).
    public var idleProcessIDs: [Int32] { idle.withLock { $0.map(\.pid) } }

    /// Workers started so far, replacements included.
    public var startedCount: Int { started.load(ordering: .relaxed) }

    /// The network for `point` beside the database at `databasePath` (chosen as
    /// `NetworkCatalog.network(for:databasePath:name:)` chooses it), routed by this pool's workers.
    public func network(for point: Coordinate, databasePath: String) throws -> any RouteNetwork {
        let folder = try NetworkCatalog.chosenFolder(for: point, databasePath: databasePath)
        let manifest = try manifests.withLock { known in
            if let m = known[folder] { return m }
            let m = try NetworkManifest.read(folder: folder)
            known[folder] = m
            return m
        }
        return PooledNetwork(pool: self, folder: folder, name: manifest.name)
    }

    /// Takes an idle worker, waiting for one.
    func checkOut() -> Worker {
        available.wait()
        return idle.withLock { $0.removeFirst() }
    }

    /// Gives a worker back.
    func checkIn(_ w: Worker) {
        idle.withLock { $0.append(w) }
        available.signal()
    }

    /// Kills and reaps `w`, and starts a worker in its place.
    /// A worker that could not be started holds its place in the pool: its next request
    /// finds it gone and starts one again.
    func replace(_ w: Worker) -> (Worker, failure: RoutingError?) {
        RouteWorkerPool.end(w)
        do {
            let new = try RouteWorkerPool.spawn(command)
            started.add(1, ordering: .relaxed)
            return (new, nil)
        } catch {
            return (Worker(pid: 0, requests: -1, replies: -1), error as? RoutingError ?? .workerFailed("\(error)"))
        }
    }

    /// One request and its reply; `RouteWire.ReadFailure` when the worker is gone or late.
    func exchange(_ request: RouteWire.Request, with w: Worker) throws(RouteWire.ReadFailure) -> RouteWire.Reply {
        guard RouteWire.write(RouteWire.encode(request), to: w.requests) else { throw .closed }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeoutSeconds * 1e9)
        guard let reply = RouteWire.decodeReply(try RouteWire.readFrame(from: w.replies, deadline: deadline)) else {
            throw .closed
        }
        return reply
    }

    static func end(_ w: Worker) {
        // A place holder (pid 0) has no process: kill(0, …) would signal the whole group.
        guard w.pid > 0 else { return }
        close(w.requests)
        close(w.replies)
        kill(w.pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(w.pid, &status, 0) < 0 && errno == EINTR {}
    }

    static func spawn(_ command: (executable: String, arguments: [String])) throws -> Worker {
        // One spawn at a time: the pipes are made close-on-exec right after they are made,
        // and no other worker may be started in between and inherit them.
        try spawning.withLock { _ in
            var toWorker: [Int32] = [0, 0]
            var fromWorker: [Int32] = [0, 0]
            guard pipe(&toWorker) == 0 else { throw RoutingError.workerFailed("pipe: \(String(cString: strerror(errno)))") }
            guard pipe(&fromWorker) == 0 else {
                close(toWorker[0])
                close(toWorker[1])
                throw RoutingError.workerFailed("pipe: \(String(cString: strerror(errno)))")
            }
            for fd in toWorker + fromWorker { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return try start(command, toWorker: toWorker, fromWorker: fromWorker)
        }
    }

    private static let spawning = Mutex<Void>(())

    private static func start(
        _ command: (executable: String, arguments: [String]), toWorker: [Int32], fromWorker: [Int32]
    ) throws -> Worker {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The child's stdin and stdout are its pipe ends (dup2 clears close-on-exec there);
        // it closes any other descriptor it inherits (`RouteWorker.serve`).
        posix_spawn_file_actions_adddup2(&actions, toWorker[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromWorker[1], 1)
        let argv: [UnsafeMutablePointer<CChar>?] = command.arguments.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, command.executable, &actions, nil, argv, environ)
        close(toWorker[0])
        close(fromWorker[1])
        guard status == 0 else {
            close(toWorker[1])
            close(fromWorker[0])
            throw RoutingError.workerFailed("cannot start \(command.executable): \(String(cString: strerror(status)))")
        }
        return Worker(pid: pid, requests: toWorker[1], replies: fromWorker[0])
    }
}

/// A network routed by a pool's workers.
struct PooledNetwork: RouteNetwork {
    let pool: RouteWorkerPool
    let folder: String
    let name: String

    func origin(at point: Coordinate, mode: TravelMode) throws -> any RouteOrigin {
        let start = PooledRouteStart(pool: pool, network: self, point: point, mode: mode)
        try start.begin()
        return start
    }
}

/// A start held by one worker of a pool for the routes of one request; the worker goes back
/// to the pool when the start is released.
final class PooledRouteStart: RouteOrigin {
    let pool: RouteWorkerPool
    let network: PooledNetwork
    let point: Coordinate
    let mode: TravelMode
    private var worker: RouteWorkerPool.Worker?

    init(pool: RouteWorkerPool, network: PooledNetwork, point: Coordinate, mode: TravelMode) {
        self.pool = pool
        self.network = network
        self.point = point
        self.mode = mode
        worker = pool.checkOut()
    }

    deinit {
        if let worker { pool.checkIn(worker) }
    }

    private var startRequest: RouteWire.Request { .start(folder: network.folder, mode: mode, point: point) }

    /// Places the start on the worker's network.
    func begin() throws {
        switch try ask(startRequest, replaying: false) {
        case .ok: return
        case .startOff:
            throw RoutingError.startOffNetwork(
                latitude: point.latitude, longitude: point.longitude, meters: nil, limitMeters: StreetNetwork.startLimitMeters,
                network: network.name)
        case let other: throw unexpected(other)
        }
    }

    func route(to destination: Coordinate) throws -> RouteOutcome {
        switch try ask(.route(to: destination), replaying: true) {
        case .path(let points):
            return try Route.measured(points, from: point, to: destination, mode: mode, network: network.name)
        case .noRoute(let why): return .none(why)
        case let other: throw unexpected(other)
        }
    }

    private func unexpected(_ reply: RouteWire.Reply) -> RoutingError {
        if case .failed(let message) = reply { return .workerFailed(message) }
        return .workerFailed("route worker: unexpected reply \(reply)")
    }

    /// `request`'s reply. A worker that is gone is replaced and asked again, once (after the
    /// start, when `replaying`); a late one is replaced and the request fails.
    private func ask(_ request: RouteWire.Request, replaying: Bool) throws -> RouteWire.Reply {
        guard let w = worker else { throw RoutingError.workerFailed("route worker lost") }
        do {
            return try pool.exchange(request, with: w)
        } catch .timedOut {
            let (fresh, failure) = pool.replace(w)
            worker = fresh
            if let failure { throw failure }
            throw RoutingError.workerFailed("route worker gave no answer within \(pool.timeoutSeconds) s")
        } catch .closed {
            let (fresh, failure) = pool.replace(w)
            worker = fresh
            if let failure { throw failure }
            do {
                if replaying {
                    guard case .ok = try pool.exchange(startRequest, with: fresh) else {
                        throw RoutingError.workerFailed("route worker exited; its replacement cannot place the start")
                    }
                }
                return try pool.exchange(request, with: fresh)
            } catch let e as RoutingError {
                throw e
            } catch {
                throw RoutingError.workerFailed("route worker exited, and its replacement too")
            }
        }
    }
}
