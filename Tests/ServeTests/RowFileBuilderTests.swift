import Foundation
import Query
import Testing

@testable import Serve

/// The server's row file builder runs one build at a time and skips versions replaced
/// while they waited.
@Suite struct RowFileBuilderTests {
    @Test func oneBuildAtATimeAndTheNewestQueuedVersionWins() throws {
        let log = Log()
        let gate = DispatchSemaphore(value: 0)
        let builder = RowFileBuilder { job in
            log.begin(job.version)
            if job.version == "1" { gate.wait() }
            log.end()
        }
        let rows = ToiletRowSource()
        builder.enqueue(RowFileBuilder.Job(rows: rows, version: "1"))
        for _ in 0..<200 where log.started.isEmpty { Thread.sleep(forTimeInterval: 0.01) }
        for v in ["2", "3", "4"] { builder.enqueue(RowFileBuilder.Job(rows: rows, version: v)) }
        gate.signal()
        for _ in 0..<200 where log.started.count < 2 { Thread.sleep(forTimeInterval: 0.01) }
        Thread.sleep(forTimeInterval: 0.05)
        #expect(log.started == ["1", "4"])
        #expect(log.most == 1)
        // An idle builder starts again for the next version.
        builder.enqueue(RowFileBuilder.Job(rows: rows, version: "5"))
        for _ in 0..<200 where log.started.count < 3 { Thread.sleep(forTimeInterval: 0.01) }
        #expect(log.started == ["1", "4", "5"])
    }
}

/// The builds begun, and the most that ran at once.
private final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    private var now = 0
    private var highest = 0
    var started: [String] { lock.withLock { list } }
    var most: Int { lock.withLock { highest } }

    func begin(_ v: String) {
        lock.withLock {
            list.append(v)
            now += 1
            highest = max(highest, now)
        }
    }

    func end() { lock.withLock { now -= 1 } }
}
