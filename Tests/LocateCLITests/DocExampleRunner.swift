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
    /// Seconds one command may run before it is killed (its output then ends with `[killed]`).
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
                at: root.appendingPathComponent("shared"), withDestinationURL: Fixtures.sharedDatasets.deletingLastPathComponent())
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

    /// `bash -c command` in the session folder, stdout and stderr into one pipe.
    private func shell(_ command: String) throws -> (Int32, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", command]
        p.environment = environment
        p.currentDirectoryURL = folder
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let killed = Atomic(false)
        let deadline = DispatchWorkItem {
            guard p.isRunning else { return }
            killed.store(true, ordering: .relaxed)
            kill(-p.processIdentifier, SIGKILL)
            kill(p.processIdentifier, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeoutSeconds, execute: deadline)
        try out.fileHandleForWriting.close()
        let data = Fixtures.readToEnd(out.fileHandleForReading)
        p.waitUntilExit()
        deadline.cancel()
        let text = String(decoding: data, as: UTF8.self)
        return killed.load(ordering: .relaxed) ? (p.terminationStatus, text + "[killed after \(Int(timeoutSeconds)) s]\n") : (p.terminationStatus, text)
    }
}
