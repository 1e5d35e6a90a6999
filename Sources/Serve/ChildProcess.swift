import CSpawn
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program run to its end or its deadline, whichever comes first, with its standard output
/// and error kept in memory up to a bound: what the server needs to run a helper it does not
/// trust with its own process (the sign reader). Unlike Foundation's `Process`:
/// - the child leads a process group of its own, and the whole group is killed when the
///   child ends, overruns or says too much, so a grandchild it started cannot outlive it;
/// - it inherits only standard input (`/dev/null`), output and error (pipes), none of the
///   server's sockets or database files, and default signal handling with nothing blocked;
/// - its output is read from pipes as it comes, never past `maxBytes` (no temporary files);
/// - the deadline is of the clock, checked while waiting, not after.
enum ChildProcess {
    /// How a run ended.
    enum End: Equatable, Sendable {
        /// The child exited with this status.
        case exited(Int32)
        /// The child was ended by this signal, not by us.
        case signalled(Int32)
        /// The deadline came first; the group was killed.
        case timedOut
        /// The child wrote more than `maxBytes` to one stream; the group was killed.
        case tooLarge
        /// The child could not be started (the reason, as the system gives it).
        case notStarted(String)
    }

    /// What a run gave.
    struct Outcome: Sendable {
        var end: End
        /// Standard output, at most `maxBytes`.
        var output: [UInt8]
        /// Standard error, at most `maxBytes`.
        var errors: [UInt8]
    }

    /// Runs `path` with `arguments` (not through a shell) and `environment`, until it ends,
    /// `deadline` passes or a stream passes `maxBytes`.
    static func run(
        _ path: String, arguments: [String], environment: [String: String], deadline: DispatchTime, maxBytes: Int
    ) -> Outcome {
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard pipe2(&outPipe, O_CLOEXEC) == 0 else { return notStarted("pipe") }
        guard pipe2(&errPipe, O_CLOEXEC) == 0 else {
            let failed = notStarted("pipe")
            close(outPipe[0])
            close(outPipe[1])
            return failed
        }
        var readEnds = [outPipe[0], errPipe[0]]
        defer { for fd in readEnds where fd >= 0 { close(fd) } }

        var pid = pid_t(0)
        let started = spawn(path, [path] + arguments, environment, stdout: outPipe[1], stderr: errPipe[1], pid: &pid)
        close(outPipe[1])
        close(errPipe[1])
        guard started == 0 else { return Outcome(end: .notStarted(String(cString: strerror(started))), output: [], errors: []) }

        for fd in readEnds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        var streams: [[UInt8]] = [[], []]
        var chunk = [UInt8](repeating: 0, count: 65_536)
        // Reads what is there; closes a stream at its end. False when a stream passed maxBytes.
        func drain(_ i: Int) -> Bool {
            while readEnds[i] >= 0 {
                let n = chunk.withUnsafeMutableBytes { read(readEnds[i], $0.baseAddress, $0.count) }
                if n > 0 {
                    guard streams[i].count + n <= maxBytes else { return false }
                    streams[i].append(contentsOf: chunk[0..<n])
                } else if n < 0 && errno == EAGAIN {
                    return true
                } else if n == 0 || errno != EINTR {
                    close(readEnds[i])
                    readEnds[i] = -1
                }
            }
            return true
        }
        // Why the child was stopped; nil when it ended by itself.
        var stopped: End?
        while true {
            if hasEnded(pid) {
                // A grandchild may still hold the pipes: it dies first, then what is in them is read.
                kill(-pid, SIGKILL)
                if !(drain(0) && drain(1)) { stopped = .tooLarge }
                break
            }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline.uptimeNanoseconds else {
                stopped = .timedOut
                break
            }
            // Wakes at least every 20 ms to see whether the child ended with its pipes held open.
            let wait = Int32(min(20, (deadline.uptimeNanoseconds - now) / 1_000_000 + 1))
            var fds = readEnds.filter { $0 >= 0 }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if fds.isEmpty {
                usleep(UInt32(wait) * 1000)
            } else {
                _ = poll(&fds, nfds_t(fds.count), wait)
            }
            if !(drain(0) && drain(1)) {
                stopped = .tooLarge
                break
            }
        }
        // The group dies with its leader: the child is a zombie at most until waitpid below,
        // so its group id names no one else.
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        let end = stopped ?? (signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal))
        return Outcome(end: end, output: streams[0], errors: streams[1])
    }

    /// Whether the child has ended, leaving it to be reaped (WNOWAIT).
    private static func hasEnded(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        info._sifields._sigchld.si_pid = 0
        let r = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
        return r == 0 && info._sifields._sigchld.si_pid == pid
    }

    /// posix_spawn with the child in a group of its own, fds 0–2 only, default signals; the
    /// error number, 0 when started.
    private static func spawn(
        _ path: String, _ argv: [String], _ environment: [String: String], stdout: Int32, stderr: Int32,
        pid: inout pid_t
    ) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD] { sigaddset(&defaults, s) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let args = argv.map { strdup($0) } + [nil]
        let env = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in args + env { free(p) } }
        return posix_spawn(&pid, path, &actions, &attributes, args, env)
    }

    private static func notStarted(_ what: String) -> Outcome {
        Outcome(end: .notStarted("\(what): \(String(cString: strerror(errno)))"), output: [], errors: [])
    }
}
