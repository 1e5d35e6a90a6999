import Foundation
import LocateTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Connection limits (issue 27 item 3, slowloris): a client trickling header lines is cut
/// after `--header-timeout`, connections past `--max-connections` are closed as they come,
/// and other clients are answered throughout. Bounds are generous: nothing here depends on
/// the machine's speed.
@Suite struct ServeConnectionLimitTests {
    /// Regression (issue 27): connections that each sent one header line every few seconds
    /// were all still held after 40 s (only the 60 s idle timeout would have ended them).
    /// With `--header-timeout 2` each is closed well within 40 s (the server ends it: a
    /// read sees the end) while health requests keep being answered.
    @Test func tricklingClientsAreCutAndOthersAreAnswered() throws {
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(db: db, ["--rate", "100000", "--burst", "100000", "--header-timeout", "2"])
        defer { server.stop() }
        let tricklers = try (0..<40).map { _ in try Trickler(port: server.port) }
        var cut = Set<Int>()
        var answered = 0
        let end = Date().addingTimeInterval(40)
        while cut.count < tricklers.count && Date() < end {
            for (i, t) in tricklers.enumerated() where !cut.contains(i) {
                if !t.sendLine() { cut.insert(i) }
            }
            #expect(try server.get("/v1/health").status == 200)
            answered += 1
            usleep(500_000)
        }
        #expect(cut.count == tricklers.count, "connections still held: \(tricklers.count - cut.count)")
        #expect(answered > 0)
        #expect(server.terminate() == 0)
    }

    /// With `--max-connections 5`, five trickling connections hold every place; a request
    /// that comes whole is still answered: the oldest connection waiting for its head makes
    /// room (the header timeout is long here: nothing else cuts them).
    @Test func aWholeRequestIsAnsweredWhileTricklersHoldEveryPlace() throws {
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(
            db: db, ["--rate", "100000", "--burst", "100000", "--max-connections", "5", "--header-timeout", "600"])
        defer { server.stop() }
        let held = try (0..<5).map { _ in try Trickler(port: server.port) }
        for _ in 0..<3 { #expect(try server.get("/v1/health").status == 200) }
        #expect(Gate.waitUntil(seconds: 60) { held.contains { $0.waitForEnd(seconds: 0) } })
        #expect(held.filter { !$0.waitForEnd(seconds: 0) }.count <= 4)
        #expect(server.terminate() == 0)
        let bad = try Fixtures.run(Fixtures.locateBinary, ["serve", "--db", db, "--max-connections", "0"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--max-connections must be 1 to 1000000"))
    }
}

/// A client that opens a connection, starts a request and sends one header line at a time.
final class Trickler {
    private let fd: Int32
    private var lines = 0

    init(port: Int) throws {
        fd = try RawHTTP.connected(port: port)
        _ = send("GET /v1/health HTTP/1.1\r\n")
    }

    deinit { close(fd) }

    /// Sends the next header line; false once the server has closed the connection.
    func sendLine() -> Bool {
        lines += 1
        guard send("X-Trickle-\(lines): \(String(repeating: "a", count: 10))\r\n") else { return false }
        return !ended(waitingMilliseconds: 0)
    }

    /// Waits up to `seconds` for the server to close the connection; whether it did.
    func waitForEnd(seconds: Double) -> Bool { ended(waitingMilliseconds: Int32(seconds * 1000)) }

    private func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// Whether a read sees the end of the stream (or an error) within the wait.
    private func ended(waitingMilliseconds: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, waitingMilliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        return n <= 0 && !(n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
    }
}
