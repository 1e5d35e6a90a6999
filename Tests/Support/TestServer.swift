public import Foundation

/// A helper server on 127.0.0.1 started by a test (`python3 …`), whose first output line
/// ends with its port; stopped with SIGKILL when released.
public final class TestServer {
    /// The process.
    public let process = Process()
    /// The port it listens on.
    public let port: Int

    /// Starts `python3 arguments…` and waits for the line that names the port; throws, with
    /// what the server printed, when it names none (it failed to start).
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
        guard let port = at.flatMap({ words.index(after: $0) < words.endIndex ? Int(words[words.index(after: $0)]) : nil })
        else {
            Fixtures.stop(process)
            throw TestSupportError("python3 \(arguments.joined(separator: " ")) did not name its port; it printed '\(text)'")
        }
        self.port = port
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

/// A test helper that could not do its job (a server that did not start, …); the message
/// says what failed.
public struct TestSupportError: Error, CustomStringConvertible {
    /// What failed.
    public let description: String
    /// An error with this message.
    public init(_ description: String) { self.description = description }
}
