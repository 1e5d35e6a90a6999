public import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Paths and temporary folders shared by the test targets.
public enum Fixtures {
    /// The package root (three levels above this file).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/datasets` beside the package: real snapshots, present in CI.
    public static let sharedDatasets: URL = packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/datasets")

    /// True when the real datasets are present; tests that read them are skipped otherwise.
    public static let haveSharedDatasets: Bool =
        FileManager.default.fileExists(atPath: sharedDatasets.appendingPathComponent("PROVENANCE.md").path)

    /// The `locate` binary the end-to-end tests run: `LOCATE_BIN` when set (`make test` sets
    /// it to the release build, the binary users run, so a crash only the release build has
    /// fails the suite), else the one beside the test bundle, else `.build/debug/locate`. A
    /// `LOCATE_BIN` that is not an executable file makes every end-to-end test fail (never a
    /// silent fall back to another binary: the suite would prove nothing about the one asked for).
    public static let locateBinary: String = {
        if let chosen = ProcessInfo.processInfo.environment["LOCATE_BIN"], !chosen.isEmpty {
            return chosen.hasPrefix("/") ? chosen : packageRoot.appendingPathComponent(chosen).path
        }
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("locate"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("locate"),
            packageRoot.appendingPathComponent(".build/debug/locate"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }?.path ?? candidates[2].path
    }()

    /// Whether the end-to-end tests run the optimised release build (`LOCATE_BIN` names a
    /// binary under `.build/release` or a `release` build folder).
    public static let runsReleaseBinary: Bool = locateBinary.contains("/release/")

    /// A real dataset's path.
    public static func shared(_ name: String) -> String { sharedDatasets.appendingPathComponent(name).path }

    /// A file of this repository.
    public static func repo(_ relative: String) -> String { packageRoot.appendingPathComponent(relative).path }

    /// A new empty temporary folder inside this test process's own root (see
    /// `TestScratchRoot`), which is removed when the process exits; throws (naming the
    /// folder) when it cannot be made.
    public static func temporaryFolder() throws -> URL {
        let url = URL(fileURLWithPath: TestScratchRoot.path).appendingPathComponent("t-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to a file in `folder` (default: a new temporary folder) and returns its
    /// path; throws when the file cannot be written.
    public static func write(_ text: String, name: String, in folder: URL? = nil) throws -> String {
        let dir = try folder ?? temporaryFolder()
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Runs a program and returns its exit code and outputs.
    public static func run(_ executable: String, _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:])
        throws -> (status: Int32, stdout: String, stderr: String)
    {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["LOCATE_DB"] = nil
        for (k, v) in environment { env[k] = v }
        p.environment = env
        p.currentDirectoryURL = packageRoot
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        let input = Pipe()
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Both pipes at once (a program that fills one pipe while the other is read would
        // block), each read again when a signal interrupts it: Foundation's
        // `readDataToEndOfFile()` stops the test process on EINTR.
        let e = Mutex(Data())
        let errDone = DispatchSemaphore(value: 0)
        Thread {
            e.withLock { $0 = readToEnd(err.fileHandleForReading) }
            errDone.signal()
        }.start()
        let o = readToEnd(out.fileHandleForReading)
        errDone.wait()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e.withLock { $0 }, as: UTF8.self))
    }

    /// Everything `handle` gives until its end, each read retried when a signal interrupts it.
    public static func readToEnd(_ handle: FileHandle) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if n > 0 {
                data.append(contentsOf: buffer[0..<n])
            } else if n < 0, errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }

    /// Stops a helper process with SIGKILL (test runners may start children with SIGTERM
    /// ignored) and reaps it.
    public static func stop(_ process: Process) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Runs a shell command line (for tools such as `geod`, `cs2cs`, `ogrinfo`).
    public static func shell(_ command: String) throws -> (status: Int32, stdout: String, stderr: String) {
        try run("/bin/bash", ["-c", command])
    }

    /// True when a command-line tool is on PATH.
    public static func haveTool(_ name: String) -> Bool {
        (try? shell("command -v \(name)").status) == 0
    }
}
