import Foundation
import LocateTestSupport
import Places
import Storage
import Testing

/// The review of issue 14 (findings 2, 3, 8, 12), end to end with the built binary.
@Suite struct ContributionReviewFixTests {
    /// Finding 3: a write waiting past the request timeout used to answer 503 and commit
    /// afterwards (a retry stored it twice); writes now answer once they are done.
    @Test func aWriteOutlastingTheTimeoutIsAnsweredAsCommitted() throws {
        let s = try ContributionServer(["--timeout", "0.5"])
        let reports = try s.oldTownSquare("reports")
        let port = s.server.port
        let holder = try LocateStore(path: s.db, access: WriteAccess(holder: "the test"))
        // The request runs on a Dispatch thread and the test sleeps its own thread: a task
        // sleep could wake seconds late when the whole suite keeps the cooperative pool busy,
        // and then outlast the server's 5 s wait for the write lock.
        let answer = Answered()
        DispatchQueue.global().async {
            answer.set(
                Result {
                    try RawHTTP.request(
                        port: port, method: "POST", path: reports, headers: ["Content-Type: application/json"],
                        body: Data(#"{"reason": "gone"}"#.utf8))
                })
        }
        Thread.sleep(forTimeInterval: 1.5)
        try holder.close()
        let r = try answer.wait().get()
        #expect(r.status == 202, "\(r.text)")
        #expect(try LocateStore(readingAt: s.db).contributions().count == 1)
        #expect(s.server.terminate() == 0)
    }

    /// Finding 2: the limit was checked before the write and counted after it, so parallel
    /// submissions of one client all passed; exactly the limit pass now.
    @Test func parallelSubmissionsOfOneClientPassOnlyUpToTheLimit() throws {
        let s = try ContributionServer(["--submissions-per-hour", "3"])
        let reports = try s.oldTownSquare("reports")
        let port = s.server.port
        let statuses = Statuses()
        let group = DispatchGroup()
        for _ in 0..<8 {
            DispatchQueue.global().async(group: group) {
                let r = try? RawHTTP.request(
                    port: port, method: "POST", path: reports, headers: ["Content-Type: application/json"],
                    body: Data(#"{"reason": "gone"}"#.utf8))
                statuses.append(r?.status ?? 0)
            }
        }
        group.wait()
        #expect(statuses.sorted == [202, 202, 202, 429, 429, 429, 429, 429])
        #expect(try LocateStore(readingAt: s.db).contributions().count == 3)
        #expect(s.server.terminate() == 0)
    }

    /// Finding 2: the count lived only in the running server; a restart reset it.
    @Test func aRestartDoesNotResetTheSubmissionCount() throws {
        let s = try ContributionServer(["--submissions-per-hour", "2"])
        let reports = try s.oldTownSquare("reports")
        for _ in 0..<2 { #expect(try s.server.post(reports, json: #"{"reason": "gone"}"#).status == 202) }
        #expect(s.server.terminate() == 0)
        let again = try ServeProcess(db: s.db, ["--submissions-per-hour", "2"])
        let r = try again.post(reports, json: #"{"reason": "gone"}"#)
        #expect(r.status == 429, "\(r.text)")
        #expect((3590...3600).contains(Int(r.headers["retry-after"] ?? "") ?? 0))
        #expect(again.terminate() == 0)
    }

    /// Finding 8: statuses in the right order and for the right reason.
    @Test func statusesOfTheReview() throws {
        let s = try ContributionServer()
        // 401 before 415: an unauthenticated reject without a Content-Type.
        let anonymous = try RawHTTP.request(port: s.server.port, method: "POST", path: "/v1/contributions/1/reject")
        #expect(anonymous.status == 401, "\(anonymous.text)")
        #expect(anonymous.headers["www-authenticate"] == "Bearer realm=\"locate\"")
        // Approving a contribution whose toilet was retired meanwhile: 409, not 404.
        let reports = try s.oldTownSquare("reports")
        for _ in 0..<2 { #expect(try s.server.post(reports, json: #"{"reason": "gone"}"#).status == 202) }
        let auth = ["Authorization: Bearer \(try s.token())"]
        #expect(
            try s.server.post("/v1/contributions/1/approve", bytes: Data(), contentType: "text/plain", headers: auth).status
                == 200)
        let late = try s.server.post("/v1/contributions/2/approve", bytes: Data(), contentType: "text/plain", headers: auth)
        #expect(late.status == 409, "\(late.text)")
        let id = reports.split(separator: "/").dropFirst(2).prefix(2).joined(separator: "/")
        #expect(late.errorMessage == "toilet \(id) is retired: it cannot be changed while retired")
        // An edit with only a note names the note.
        let fields = "access, hours_text, lat, lon, name, price_text, wheelchair"
        let noteOnly = try s.server.post(
            "/v1/toilets/\(id)/edits", json: #"{"note": "nice", "contact": "a@b.example"}"#)
        #expect(noteOnly.status == 422, "\(noteOnly.text)")
        #expect(noteOnly.errorField == "contact")
        #expect(noteOnly.errorMessage == "field 'contact': is not a change: the edit proposes no field (give one of \(fields))")
        // A number beyond a Double, and an invisible right-to-left override (finding 12).
        let cases: [(String, String, String)] = [
            (#"{"lat": 1e400, "lon": 14.45}"#, "lat", "field 'lat': must be a finite number"),
            (
                #"{"lat": 50.1, "lon": 14.45, "name": "WC \u202Eeerf"}"#, "name",
                "field 'name': contains the invisible format character U+202E"
            ),
            (
                #"{"lat": 50.1, "lon": 14.45, "note": "a\u200Bb"}"#, "note",
                "field 'note': contains the invisible format character U+200B"
            ),
        ]
        for (body, field, message) in cases {
            let r = try s.server.post("/v1/toilets", json: body)
            #expect(r.status == 422, "\(body): \(r.text)")
            #expect(r.errorField == field, "\(body)")
            #expect(r.errorMessage == message, "\(body)")
        }
        #expect(s.server.terminate() == 0)
    }
}

/// Statuses collected from several threads.
final class Statuses: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int] = []

    func append(_ v: Int) {
        lock.lock()
        values.append(v)
        lock.unlock()
    }

    var sorted: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return values.sorted()
    }
}

/// One answer handed from a Dispatch thread to the test's thread.
private final class Answered: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<RawAnswer, any Error>?

    func set(_ result: Result<RawAnswer, any Error>) {
        self.result = result
        done.signal()
    }

    func wait() -> Result<RawAnswer, any Error> {
        done.wait()
        return result ?? .failure(CancellationError())
    }
}
