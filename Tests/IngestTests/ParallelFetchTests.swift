import Digests
import Foundation
import Places
import Testing

@testable import Ingest

/// A response source whose answers arrive in reverse order of asking (the first path waits
/// longest) and that counts the requests in flight.
private actor SlowAnswers: ResponseSource {
    private(set) var inFlight = 0
    private(set) var mostInFlight = 0
    private(set) var asked: [String] = []

    func get(_ url: String) async throws -> [UInt8] {
        asked.append(url)
        inFlight += 1
        mostInFlight = max(mostInFlight, inFlight)
        let n = Int(url.split(separator: "/").last ?? "") ?? 0
        try await Task.sleep(nanoseconds: UInt64(max(0, 12 - n)) * 5_000_000)
        inFlight -= 1
        guard n != 7 else { return Array(#"{"error_code": "API-ERR-1", "error_reason": "manual"}"#.utf8) }
        return Array("[\(n), \(n * 10)]".utf8)
    }
}

/// The sensor data fetches: at most `GIOSClient.concurrency` in flight, results and the input
/// digest in input order whatever the timing.
@Suite struct ParallelFetchTests {
    @Test func resultsAndDigestFollowTheInputOrderWithAtMostFourInFlight() async throws {
        let answers = SlowAnswers()
        var client = GIOSClient(base: "http://api", source: answers)
        let paths = (1...10).map { "data/\($0)" }
        let results = await client.lists(paths, shape: .array)
        let values = results.map { result -> String in
            switch result {
            case .success(let items): return items.map { $0.textValue ?? "?" }.joined(separator: ",")
            case .failure(let e as GIOSClient.APIError): return e.code
            case .failure(let e): return "\(e)"
            }
        }
        #expect(values == ["1,10", "2,20", "3,30", "4,40", "5,50", "6,60", "API-ERR-1", "8,80", "9,90", "10,100"])
        #expect(await answers.mostInFlight == GIOSClient.concurrency)
        #expect(Set(await answers.asked) == Set(paths.map { "http://api/\($0)" }))
        var expected = SHA256Hasher()
        for n in 1...10 {
            expected.update(
                Array((n == 7 ? #"{"error_code": "API-ERR-1", "error_reason": "manual"}"# : "[\(n), \(n * 10)]").utf8))
        }
        #expect(client.hasher.finalize() == expected.finalize())
        #expect(client.bodies.count == 10)
    }
}
