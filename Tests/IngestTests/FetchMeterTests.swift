import Places
import Synchronization
import Testing

@testable import Ingest

/// `FetchMeter`: answers counted from many tasks at once, each change reported.
@Suite struct FetchMeterTests {
    @Test func countsAnswersFromConcurrentTasks() async {
        let reports = Mutex<[FetchProgress]>([])
        let meter = FetchMeter { p in reports.withLock { $0.append(p) } }
        await withTaskGroup(of: Void.self) { group in
            for i in 1...200 { group.addTask { meter.received(bytes: i) } }
        }
        meter.stage(done: 3, of: 7, unit: "stations")
        #expect(meter.progress == FetchProgress(requests: 200, bytes: 200 * 201 / 2, done: 3, total: 7, unit: "stations"))
        let seen = reports.withLock { $0 }
        #expect(seen.count == 201)
        #expect(Set(seen.map(\.requests)) == Set(1...200), "each answer's report counts it once")
    }
}
