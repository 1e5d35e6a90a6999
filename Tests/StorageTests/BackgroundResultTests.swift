import Foundation
import Places
import Synchronization
import Testing

@testable import Storage

/// `BackgroundResult`: every waiter, on any thread, before or after the value is ready, gets
/// the one value its thread computed, and the body runs once.
@Suite struct BackgroundResultTests {
    @Test func manyThreadsWaitingAtOnceGetTheOneValue() {
        for round in 0..<50 {
            let runs = Mutex(0)
            let result = BackgroundResult<[Int]> {
                runs.withLock { $0 += 1 }
                return Array(0..<(1000 + round))
            }
            let seen = Mutex<[Int]>([])
            DispatchQueue.concurrentPerform(iterations: 16) { _ in
                let v = result.wait()
                seen.withLock { $0.append(v.count) }
            }
            #expect(seen.withLock { $0 } == Array(repeating: 1000 + round, count: 16))
            #expect(runs.withLock { $0 } == 1)
            #expect(result.wait().last == 999 + round)
        }
    }
}
