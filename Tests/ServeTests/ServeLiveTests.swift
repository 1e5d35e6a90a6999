import Foundation
import LocateTestSupport
import Testing

/// `locate serve` while the data changes, under limits, and at shutdown.
@Suite struct ServeLiveTests {
    @Test func etagRevalidatesUntilAnIngestChangesTheData() throws {
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(db: db)
        let first = try server.get("/v1/runs")
        let tag = try #require(first.headers["etag"])
        #expect(first.headers["last-modified"]?.hasSuffix(" GMT") == true)
        let same = try server.get("/v1/runs", headers: ["If-None-Match: \(tag)"])
        #expect(same.status == 304)
        #expect(same.body == "")
        let since = try server.get("/v1/runs", headers: ["If-Modified-Since: \(first.headers["last-modified"] ?? "")"])
        #expect(since.status == 304)
        try CLI.ingest(["pipelines/prague-toilets-sample.yml", "--db", db])
        let after = try server.eventually("/v1/runs", headers: ["If-None-Match: \(tag)"]) { $0.status != 304 }
        #expect(after.status == 200)
        #expect(after.headers["etag"] != tag)
        #expect((after.json["runs"] as? [Any])?.count == 2)
        #expect(server.terminate() == 0)
    }

    /// Readers during an ingest: every answer is whole (one state or the other, never
    /// "database is locked"), and requests after the ingest see it once the server has
    /// opened the new state.
    @Test func ingestWhileServing() throws {
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(db: db, ["--rate", "100000", "--burst", "100000"])
        defer { server.stop() }
        let stop = Flag()
        let answers = Answers()
        let readers = (0..<3).map { _ in
            Thread {
                while !stop.isSet {
                    let r = try? server.get("/v1/toilets/nearest?lat=50.0875&lon=14.4214&limit=5")
                    answers.add(r)
                }
            }
        }
        readers.forEach { $0.start() }
        try CLI.ingest(["pipelines/prague-toilets-sample.yml", "--db", db])
        try CLI.ingest(["pipelines/gios-stations-sample.yml", "--db", db])
        stop.set()
        while readers.contains(where: { !$0.isFinished }) { usleep(10_000) }
        let runs = try server.eventually("/v1/runs") { ($0.json["runs"] as? [Any])?.count == 3 }
        #expect((runs.json["runs"] as? [Any])?.count == 3)
        let all = answers.all
        #expect(all.count > 0)
        for r in all {
            #expect(r?.status == 200, "\(r?.body ?? "no answer")")
            #expect((r?.json["results"] as? [Any])?.count == 5)
        }
        #expect(!server.stderr.contains("locked"))
        #expect(server.terminate() == 0)
    }

    @Test func shutdownLetsRequestsInFlightFinish() throws {
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(db: db, ["--rate", "100000", "--burst", "100000"])
        defer { server.stop() }
        let answers = Answers()
        let clients = (0..<8).map { _ in
            Thread {
                for _ in 0..<40 {
                    // After shutdown connections are refused: that ends this client.
                    guard let r = try? server.get("/v1/toilets/nearest?lat=50.0875&lon=14.4214&limit=5&at=2026-11-23T20:50")
                    else { return }
                    answers.add(r)
                }
            }
        }
        clients.forEach { $0.start() }
        while answers.all.count < 20 { usleep(2_000) }
        let status = server.terminate()
        while clients.contains(where: { !$0.isFinished }) { usleep(10_000) }
        #expect(status == 0)
        for r in answers.all {
            #expect(r?.status == 200)
            #expect((r?.json["results"] as? [Any])?.count == 5, "a cut answer: \(r?.body ?? "")")
        }
    }

    @Test func rateLimitAnswers429WithRetryAfter() throws {
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(db: db, ["--rate", "0.5", "--burst", "2"])
        #expect(try server.get("/v1/health").status == 200)
        #expect(try server.get("/v1/health").status == 200)
        let third = try server.get("/v1/health")
        #expect(third.status == 429)
        #expect(third.headers["retry-after"] == "2")
        #expect(third.errorMessage == "too many requests from this client: retry after 2 s")
        #expect(server.terminate() == 0)
    }

    @Test func corsOriginAndTheRequestLog() throws {
        let db = try CLI.sampleDatabase()
        let server = try ServeProcess(db: db, ["--cors-origin", "https://map.example"])
        let allowed = try server.get("/v1/runs", headers: ["Origin: https://map.example"])
        #expect(allowed.headers["access-control-allow-origin"] == "https://map.example")
        let other = try server.get("/v1/runs", headers: ["Origin: https://other.example"])
        #expect(other.headers["access-control-allow-origin"] == nil)
        let preflight = try server.get("/v1/runs", method: "OPTIONS", headers: ["Origin: https://map.example"])
        #expect(preflight.status == 204)
        #expect(preflight.headers["access-control-allow-methods"] == "GET, HEAD, OPTIONS")
        #expect(server.terminate() == 0)
        let lines = server.stderr.split(separator: "\n").filter { $0.contains(" /v1/runs ") }
        #expect(lines.count == 3)
        #expect(lines.first?.contains("GET /v1/runs 200 ") == true)
        #expect(lines.first?.contains("ms 127.0.0.1") == true)
    }

    /// Behind a reverse proxy: the rate limit keys on `X-Forwarded-For` only when the peer
    /// is a trusted proxy; the same header from any other peer is ignored.
    @Test func rateLimitKeysOnTheForwardedClientOnlyFromATrustedProxy() throws {
        let db = try CLI.sampleDatabase()
        let proxied = try ServeProcess(db: db, ["--rate", "0.001", "--burst", "1", "--trusted-proxy", "127.0.0.1"])
        #expect(try proxied.get("/v1/health", headers: ["X-Forwarded-For: 198.51.100.1, 203.0.113.5"]).status == 200)
        #expect(try proxied.get("/v1/health", headers: ["X-Forwarded-For: 203.0.113.5"]).status == 429)
        #expect(try proxied.get("/v1/health", headers: ["X-Forwarded-For: 203.0.113.6"]).status == 200)
        #expect(try proxied.get("/v1/health").status == 200)  // no header: the proxy's own request
        #expect(proxied.terminate() == 0)
        let clients = proxied.stderr.split(separator: "\n").filter { $0.contains(" /v1/health ") }.map {
            $0.split(separator: " ").last
        }
        #expect(clients == ["203.0.113.5", "203.0.113.5", "203.0.113.6", "127.0.0.1"])

        let direct = try ServeProcess(db: db, ["--rate", "0.001", "--burst", "1", "--log-level", "warning"])
        #expect(try direct.get("/v1/health", headers: ["X-Forwarded-For: 203.0.113.5"]).status == 200)
        #expect(try direct.get("/v1/health", headers: ["X-Forwarded-For: 203.0.113.99"]).status == 429)
        #expect(direct.terminate() == 0)
        #expect(!direct.stderr.contains("/v1/health"))  // info lines are below --log-level warning

        let bad = try Fixtures.run(Fixtures.locateBinary, ["serve", "--db", db, "--trusted-proxy", "10.0.0.0/40"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--trusted-proxy '10.0.0.0/40': the prefix length must be 0 to 32"))
    }

    @Test func missingDatabaseFailsAtStart() throws {
        let dir = try Fixtures.temporaryFolder()
        let r = try Fixtures.run(
            Fixtures.locateBinary, ["serve", "--db", dir.appendingPathComponent("none.sqlite").path, "--port", "0"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: the database cannot be read: "))
        let usage = try Fixtures.run(Fixtures.locateBinary, ["serve", "--port", "70000"])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("--port must be 0 to 65535"))
    }
}

/// A flag threads set and read.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// Answers collected by several threads.
final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [HTTPAnswer?] = []
    var all: [HTTPAnswer?] { lock.withLock { list } }
    func add(_ a: HTTPAnswer?) { lock.withLock { list.append(a) } }
}
