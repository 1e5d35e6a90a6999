import Foundation

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

    /// A real dataset's path.
    public static func shared(_ name: String) -> String { sharedDatasets.appendingPathComponent(name).path }

    /// A file of this repository.
    public static func repo(_ relative: String) -> String { packageRoot.appendingPathComponent(relative).path }

    /// A new empty temporary folder.
    public static func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("locate-test-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to a file in a new temporary folder and returns its path.
    public static func write(_ text: String, name: String, in folder: URL? = nil) -> String {
        let dir = folder ?? temporaryFolder()
        let path = dir.appendingPathComponent(name).path
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
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
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
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

/// A helper server on 127.0.0.1 started by a test (`python3 …`), whose first output line
/// ends with its port; stopped with SIGKILL when released.
public final class TestServer {
    /// The process.
    public let process = Process()
    /// The port it listens on.
    public let port: Int

    /// Starts `python3 arguments…` and waits for the line that names the port.
    public init(python arguments: [String]) throws {
        let out = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u"] + arguments
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        // "PORT 41235" (fake_gios.py) or "Serving HTTP on 127.0.0.1 port 41235 (…)" (http.server)
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        let at = words.firstIndex { $0 == "port" || $0 == "PORT" }
        port = at.flatMap { words.index(after: $0) < words.endIndex ? Int(words[words.index(after: $0)]) : nil } ?? 0
    }

    /// Stops the server now.
    public func stop() { Fixtures.stop(process) }

    deinit { Fixtures.stop(process) }
}

extension TestServer {
    /// The fake GIOŚ API (`Tests/Support/fake_gios.py`) on 127.0.0.1: the recorded v1
    /// fixtures of ../shared under `/MODE/v1/rest`, the bundled legacy-format sample
    /// (`datasets/gios-air-sample`, station list `datasets/gios-stations-sample.json`) under
    /// `/MODE/rest`. No test touches the internet.
    public static func fakeGIOS() throws -> TestServer {
        try TestServer(python: [
            Fixtures.repo("Tests/Support/fake_gios.py"), Fixtures.shared("gios-v1"), Fixtures.repo("datasets/gios-air-sample"),
            Fixtures.repo("datasets/gios-stations-sample.json"),
        ])
    }
}
