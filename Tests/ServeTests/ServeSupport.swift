import Foundation
import LocateTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// One HTTP answer.
struct HTTPAnswer {
    var status: Int
    var headers: [String: String]
    var body: String

    /// The body as a JSON object (empty when it is not one).
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:] }

    /// `error.message` of an `http-error/1` body.
    var errorMessage: String? { (json["error"] as? [String: Any])?["message"] as? String }
}

/// A `locate serve` process on 127.0.0.1 with a free port, started through the `locate`
/// binary (so the exec of `locate-serve` is exercised too); killed when released.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    let port: Int
    private let output = Output()

    /// Text a pipe handler appends to while tests read it.
    final class Output: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func append(_ data: Data) { lock.withLock { text += String(decoding: data, as: UTF8.self) } }
        var value: String { lock.withLock { text } }
    }

    init(db: String, _ extra: [String] = [], environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: Fixtures.locateBinary)
        process.arguments = ["serve", "--db", db, "--port", "0"] + extra
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "LOCATE_DB" }
            .merging(environment) { $1 }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let output = self.output
        err.fileHandleForReading.readabilityHandler = { handle in output.append(handle.availableData) }
        try process.run()
        var found: Int?
        // Up to 60 s: a debug build starting on a loaded machine is slow, and a bound that
        // only a loaded machine reaches is a flaky test.
        for _ in 0..<3000 {
            if let p = ServeProcess.port(in: output.value) {
                found = p
                break
            }
            if !process.isRunning { break }
            usleep(20_000)
        }
        guard let found else {
            Fixtures.stop(process)
            throw TestFailure("locate serve did not start: \(output.value)")
        }
        port = found
    }

    deinit { Fixtures.stop(process) }

    /// Kills the server now (a test's `defer`: threads may keep the object alive).
    func stop() { Fixtures.stop(process) }

    /// What the server wrote on stderr so far.
    var stderr: String { output.value }

    static func port(in text: String) -> Int? {
        guard let r = text.range(of: "listening on http://127.0.0.1:") else { return nil }
        return Int(text[r.upperBound...].prefix { $0.isNumber })
    }

    /// Sends SIGTERM and waits for the exit status.
    func terminate() -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// `GET path` again and again until `done` accepts the answer, for up to 60 s: a commit
    /// by another process is answered once the server has opened the new state (on a thread
    /// of its own: until then requests get the state before). The last answer.
    func eventually(_ path: String, headers: [String] = [], until done: (HTTPAnswer) -> Bool) throws -> HTTPAnswer {
        let end = Date().addingTimeInterval(60)
        while true {
            let answer = try get(path, headers: headers)
            if done(answer) || Date() > end { return answer }
            usleep(20_000)
        }
    }

    /// `GET path` (or another method) with extra header lines.
    func get(_ path: String, method: String = "GET", headers: [String] = []) throws -> HTTPAnswer {
        try HTTP.request(port: port, method: method, path: path, headers: headers)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// A minimal HTTP/1.1 client over a socket (one request per connection): `RawHTTP`'s, with
/// the body as text.
enum HTTP {
    static func request(port: Int, method: String, path: String, headers: [String]) throws -> HTTPAnswer {
        let raw = try RawHTTP.request(port: port, method: method, path: path, headers: headers)
        return HTTPAnswer(status: raw.status, headers: raw.headers, body: raw.text)
    }
}

/// Runs the built `locate` binary.
enum CLI {
    static func run(_ args: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try Fixtures.run(Fixtures.locateBinary, args)
    }

    /// A new database with the toilet sample and the station sample with air data.
    static func sampleDatabase(stations: Bool = false) throws -> String {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("serve.sqlite").path
        try ingest(["pipelines/prague-toilets-sample.yml", "--db", db])
        if stations {
            try ingest(["pipelines/gios-stations-sample.yml", "--db", db])
            try ingest(["pipelines/gios-air-sample.yml", "--db", db])
        }
        return db
    }

    static func ingest(_ arguments: [String]) throws {
        let r = try run(["ingest"] + arguments)
        try #require(r.status == 0, "setup: locate ingest \(arguments.joined(separator: " ")) exited \(r.status): \(r.stderr)")
    }
}

/// JSON texts compared by content.
enum JSONText {
    /// The text parsed and written again with sorted keys and no spaces: equal for equal
    /// documents whatever their layout.
    static func normalized(_ text: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }

    /// Every object key in the order the text writes them.
    static func keys(_ text: String) -> [String] {
        var keys: [String] = []
        var scalars = Array(text.unicodeScalars)[...]
        var inString = false
        var current = ""
        while let c = scalars.popFirst() {
            if inString {
                if c == "\\" {
                    current.unicodeScalars.append(c)
                    if let next = scalars.popFirst() { current.unicodeScalars.append(next) }
                } else if c == "\"" {
                    inString = false
                    if scalars.first(where: { $0 != " " }) == ":" { keys.append(current) }
                } else {
                    current.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                inString = true
                current = ""
            }
        }
        return keys
    }
}
