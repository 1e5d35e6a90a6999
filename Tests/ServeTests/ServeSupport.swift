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

    init(db: String, _ extra: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: Fixtures.locateBinary)
        process.arguments = ["serve", "--db", db, "--port", "0"] + extra
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "LOCATE_DB" }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let output = self.output
        err.fileHandleForReading.readabilityHandler = { handle in output.append(handle.availableData) }
        try process.run()
        var found: Int?
        for _ in 0..<300 {
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

    /// `GET path` (or another method) with extra header lines.
    func get(_ path: String, method: String = "GET", headers: [String] = []) throws -> HTTPAnswer {
        try HTTP.request(port: port, method: method, path: path, headers: headers)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// A minimal HTTP/1.1 client over a socket (one request per connection).
enum HTTP {
    static func request(port: Int, method: String, path: String, headers: [String]) throws -> HTTPAnswer {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket failed") }
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw TestFailure("cannot connect to 127.0.0.1:\(port)") }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let text =
            (["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: close"] + headers)
            .joined(separator: "\r\n") + "\r\n\r\n"
        let bytes = Array(text.utf8)
        guard send(fd, bytes, bytes.count, 0) == bytes.count else { throw TestFailure("send failed") }
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            data += buffer[0..<n]
        }
        let all = String(decoding: data, as: UTF8.self)
        guard let split = all.range(of: "\r\n\r\n") else { throw TestFailure("no HTTP answer: '\(all)'") }
        let head = all[..<split.lowerBound].components(separatedBy: "\r\n")
        let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var fields: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = String(all[split.upperBound...])
        if fields["transfer-encoding"] == "chunked" { body = dechunk(body) }
        return HTTPAnswer(status: status, headers: fields, body: body)
    }

    static func dechunk(_ text: String) -> String {
        var rest = Substring(text)
        var out = ""
        while let lineEnd = rest.range(of: "\r\n"), let size = Int(rest[..<lineEnd.lowerBound], radix: 16), size > 0 {
            let start = lineEnd.upperBound
            let bytes = Array(rest[start...].utf8)
            out += String(decoding: bytes.prefix(size), as: UTF8.self)
            rest = Substring(String(decoding: bytes.dropFirst(size + 2), as: UTF8.self))
        }
        return out
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
