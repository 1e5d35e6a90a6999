import Foundation
import LocateTestSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the examples of one document the way a reader would type them: one terminal
/// session in a fresh folder that holds the repository's `pipelines/`, `datasets/`,
/// `scripts/` and `Tests/` (symlinks), with `locate` on `PATH` the binary under
/// test (`LOCATE_BIN`).
struct DocExampleRunner {
    /// What one example printed.
    struct Outcome: Sendable {
        var example: DocExample
        var actual: [String]
        var passed: Bool { DocExamples.matches(example.expected, actual) }
    }

    /// The session's folder: `root/work`, so `../shared` is `root/shared` both for paths
    /// relative to it and for `pipelines/../../shared` (pipelines name their real data so).
    let folder: URL
    /// Seconds one command may run before it is killed (its output then ends with `[killed after N s]`).
    var timeoutSeconds: Double = 120

    /// A new session folder, with `demo.sqlite` as `make demo` leaves it when `withDemo`.
    init(withDemo: Bool) throws {
        let root = try Fixtures.temporaryFolder()
        folder = root.appendingPathComponent("work")
        let fm = FileManager.default
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        try fm.createDirectory(at: root.appendingPathComponent("home"), withIntermediateDirectories: true)
        for item in ["pipelines", "datasets", "scripts", "Tests"] {
            try fm.createSymbolicLink(
                at: folder.appendingPathComponent(item), withDestinationURL: Fixtures.packageRoot.appendingPathComponent(item))
        }
        // `locate` (whatever the file under test is called) and its companions on PATH.
        let bin = root.appendingPathComponent("bin")
        try fm.createDirectory(at: bin, withIntermediateDirectories: true)
        let binary = URL(fileURLWithPath: Fixtures.locateBinary)
        try fm.createSymbolicLink(at: bin.appendingPathComponent("locate"), withDestinationURL: binary)
        for companion in ["locate-fetch", "locate-serve"] {
            let sibling = binary.deletingLastPathComponent().appendingPathComponent(companion)
            guard fm.isExecutableFile(atPath: sibling.path) else { continue }
            try fm.createSymbolicLink(at: bin.appendingPathComponent(companion), withDestinationURL: sibling)
        }
        if Fixtures.haveSharedDatasets {
            try fm.createSymbolicLink(
                at: root.appendingPathComponent("shared"), withDestinationURL: Fixtures.sharedDatasets.deletingLastPathComponent()
            )
        }
        if withDemo {
            for arguments in try ReleaseTour.demoCommands(db: "demo.sqlite") {
                let line = "locate " + arguments.joined(separator: " ")
                let (status, output) = try shell(line)
                guard status == 0 else {
                    throw TestSupportError("preparing demo.sqlite as make demo does: \(line) exited \(status): \(output)")
                }
            }
        }
    }

    /// The environment of every command: `locate` first on PATH, no `LOCATE_DB`, and a home
    /// and temporary folder of the session's own (bookmarks and tokens never reach the user's).
    var environment: [String: String] {
        let root = folder.deletingLastPathComponent()
        return [
            "PATH": "\(root.appendingPathComponent("bin").path):/usr/local/bin:/usr/bin:/bin",
            "HOME": root.appendingPathComponent("home").path,
            "TMPDIR": root.path,
            "LANG": "C.UTF-8",
            "USER": "eva",
            "TZ": "UTC",
        ]
    }

    /// Runs every example in order and returns what each printed.
    func run(_ examples: [DocExample]) throws -> [Outcome] {
        try examples.map { example in
            let (status, output) = try shell(example.command)
            return Outcome(example: example, actual: DocExamples.shownLines(output: output, status: status))
        }
    }

    /// `bash -c command` in the session folder, stdout and stderr into one pipe. Spawned
    /// directly (not with `Process`): in a process group of its own, so a command past
    /// `timeoutSeconds` is killed with everything it started, and with the signal mask and
    /// handlers reset (the test runner blocks signals a `timeout` or `kill` in an example
    /// relies on).
    private func shell(_ command: String) throws -> (Int32, String) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw TestSupportError("pipe: errno \(errno)") }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        guard fcntl(readEnd, F_SETFD, FD_CLOEXEC) == 0, fcntl(writeEnd, F_SETFD, FD_CLOEXEC) == 0 else {
            throw TestSupportError("fcntl FD_CLOEXEC: errno \(errno)")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        // env -C: the session folder as the working directory (posix_spawn has no portable chdir).
        let words = ["/usr/bin/env", "-C", folder.path, "/bin/bash", "-c", command]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (arguments + variables).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, arguments, variables)
        close(writeEnd)
        guard spawned == 0 else {
            close(readEnd)
            throw TestSupportError("posix_spawn /usr/bin/env: error \(spawned)")
        }
        let killed = Atomic(false)
        let finished = Atomic(false)
        let child = pid
        DispatchQueue.global().asyncAfter(deadline: .now() + timeoutSeconds) {
            guard !finished.load(ordering: .acquiring) else { return }
            killed.store(true, ordering: .releasing)
            kill(-child, SIGKILL)
        }
        let data = Fixtures.readToEnd(FileHandle(fileDescriptor: readEnd, closeOnDealloc: true))
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw TestSupportError("waitpid \(pid): errno \(errno)") }
        }
        finished.store(true, ordering: .releasing)
        // The wait status: the exit code in bits 8-15, or the signal in bits 0-6 (as a shell, 128 + signal).
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
        let text = String(decoding: data, as: UTF8.self)
        return killed.load(ordering: .acquiring) ? (code, text + "[killed after \(Int(timeoutSeconds)) s]\n") : (code, text)
    }
}
