import Foundation
import Geo
import Hours
import LocateTestSupport
import Places
import Query
import Storage
import Testing

/// The open states the server keeps per data version (`OpenStateCache`): a state is kept
/// from the instant it was evaluated at until its next change, and never answers outside
/// that span; answers with it equal answers without it.
@Suite struct ServeOpenStateCacheTests {
    static let prague = TimeZone(identifier: "Europe/Prague") ?? .gmt

    @Test func aKeptStateHoldsFromItsInstantUntilItsNextChange() {
        let cache = OpenStateCache(capacity: 2)
        let evaluations = Counter()
        let t = Date(timeIntervalSince1970: 1_795_381_200)
        let flip = t.addingTimeInterval(3600)
        func answer(_ state: HoursState, _ next: Date?) -> () -> (state: HoursState, nextChange: Date?) {
            {
                evaluations.add()
                return (state, next)
            }
        }
        var got = cache.state(1, at: t, evaluate: answer(.open, flip))
        #expect(got.state == .open && got.nextChange == flip && evaluations.value == 1)
        // Inside the span: kept, not evaluated again.
        got = cache.state(1, at: t.addingTimeInterval(3599), evaluate: answer(.closed, nil))
        #expect(got.state == .open && got.nextChange == flip && evaluations.value == 1)
        // At the next change the state flips: evaluated again, and the new span replaces it.
        got = cache.state(1, at: flip, evaluate: answer(.closed, flip.addingTimeInterval(7200)))
        #expect(got.state == .closed && got.nextChange == flip.addingTimeInterval(7200) && evaluations.value == 2)
        #expect(cache.kept(1, at: flip.addingTimeInterval(1))?.state == .closed)
        // An earlier instant (`at=` in the past) is outside the span: evaluated.
        #expect(cache.kept(1, at: t) == nil)
        got = cache.state(1, at: t, evaluate: answer(.open, flip))
        #expect(got.state == .open && evaluations.value == 3)
        // Without a next change nothing is kept.
        _ = cache.state(2, at: t, evaluate: answer(.unknown, nil))
        got = cache.state(2, at: t, evaluate: answer(.unknown, nil))
        #expect(got.state == .unknown && got.nextChange == nil && evaluations.value == 5)
        #expect(cache.kept(2, at: t) == nil)
        // Never more than the capacity.
        for id in Int64(10)..<20 { _ = cache.state(id, at: t, evaluate: answer(.open, flip)) }
        #expect(cache.count <= 2)
        let none = OpenStateCache(capacity: 0)
        _ = none.state(1, at: t, evaluate: answer(.open, flip))
        _ = none.state(1, at: t, evaluate: answer(.open, flip))
        #expect(none.count == 0 && evaluations.value == 17)
    }

    /// Every 47 minutes over four days that include the end of summer time (2026-10-25
    /// 03:00 → 02:00 in Prague), with arrival on foot and unknown hours listed, then again
    /// going back in time (`at=` earlier than what is kept): a finder with the cache answers
    /// exactly what one without it answers, result by result (state, next change, arrival).
    @Test func answersWithTheCacheEqualAnswersWithoutIt() throws {
        try compareOverDays(pipeline: "pipelines/prague-toilets-sample.yml")
    }

    @Test(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
    func answersWithTheCacheEqualAnswersWithoutItOnRealData() throws {
        try compareOverDays(pipeline: "pipelines/prague-toilets-2019.yml")
    }

    private func compareOverDays(pipeline: String) throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("cache.sqlite").path
        try CLI.ingest([pipeline, "--db", db])
        let store = try LocateStore(readingAt: db)
        let plain = try ToiletFinder(store: store)
        let cached = try ToiletFinder(store: store)
        let cache = OpenStateCache(capacity: 100_000)
        cached.openStates = cache
        let start = try #require(WallClock.instant("2026-10-23T00:00", in: Self.prague))
        let instants = (0..<125).map { start.addingTimeInterval(Double($0) * 47 * 60) }
        let points = [Coordinate(latitude: 50.0875, longitude: 14.4214), Coordinate(latitude: 50.06, longitude: 14.45)]
        let filters = [
            OpenFilter(at: start), OpenFilter(at: start, includeUnknown: true, arrival: .defaultWalk),
            OpenFilter(at: start, arrival: .within(minutes: 45)),
        ]
        for at in instants + instants.reversed().enumerated().filter({ $0.offset % 5 == 0 }).map(\.element) {
            for (i, p) in points.enumerated() {
                var open = filters[i % 2 == 0 ? 0 : 1]
                if Int(at.timeIntervalSince1970 / 60) % 3 == 0 { open = filters[2] }
                open.at = at
                let want = try plain.nearestOpen(to: p, limit: 10, open: open)
                let got = try cached.nearestOpen(to: p, limit: 10, open: open)
                #expect(got == want, "at \(at) near \(p)")
            }
        }
        #expect(cache.count > 0)
    }
}
