import Foundation
import Geo
import Hours
import LocateTestSupport
import Places
import Query
import Routing
import Testing

/// `ToiletCSVLines` writes exactly `ToiletAnswerCSV.line`'s bytes: a place's own columns are
/// kept from its first line, and every column of the point (distance, bearing, the route's,
/// the state and its instants) is written anew, whatever it holds; a place merged from
/// several records is never kept.
@Suite struct ToiletCSVLinesTests {
    /// The columns of the point, each in another value at each of three points.
    static func vary(_ r: ToiletResult, _ i: Int) -> ToiletResult {
        var r = r
        r.distanceMeters = [12.34, 5_000.06, 0][i]
        r.bearingDegrees = [0.04, 359.96, 181.5][i]
        r.state = [.open, .closed, nil][i]
        r.stateAt = [Date(timeIntervalSince1970: 1_795_000_000), Date(timeIntervalSince1970: 1_795_090_000), nil][i]
        r.nextChangeAt = [nil, Date(timeIntervalSince1970: 1_795_100_000), nil][i]
        r.arrivalAt = [Date(timeIntervalSince1970: 1_795_000_600), nil, nil][i]
        r.route =
            [
                ToiletRoute(mode: .foot, noRoute: .unreachable, straightMeters: 812.5),
                nil,
                ToiletRoute(mode: .wheelchair, noRoute: .destinationOffNetwork, straightMeters: 40),
            ][i]
        return r
    }

    @Test func keptLinesAreTheWholeLinesWhateverThePointHolds() throws {
        let store = try storeWith("prague-toilets-sample")
        let finder = try ToiletFinder(store: store)
        let results = try finder.nearest(to: Coordinate(latitude: 50.0875, longitude: 14.4214), limit: 5)
        #expect(results.count == 5)
        let lines = ToiletCSVLines(capacity: 3, of: finder)
        for i in 0..<3 {
            for r in results.map({ Self.vary($0, i) }) {
                var kept: [UInt8] = []
                var whole: [UInt8] = []
                lines.line(r, to: &kept)
                ToiletAnswerCSV.line(r, to: &whole)
                #expect(kept == whole, "\(r.id) at point \(i): \(String(decoding: kept, as: UTF8.self))")
            }
            // The first pass keeps three places (the capacity); the others are written whole.
            #expect(lines.count == 3)
        }
        // A route's columns are written: the first point's line names its note.
        var first: [UInt8] = []
        lines.line(Self.vary(results[0], 0), to: &first)
        #expect(
            String(decoding: first, as: UTF8.self).contains(",no route between the start and the toilet: straight-line distance,")
        )
    }

    /// A place of two records is written whole every time: another point may merge other
    /// records into it, or in another order.
    @Test func aMergedPlaceIsNeverKept() throws {
        let store = try storeWith("prague-toilets-sample")
        let finder = try ToiletFinder(store: store)
        let results = try finder.nearest(to: Coordinate(latitude: 50.0875, longitude: 14.4214), limit: 2)
        var merged = results[0]
        merged.sources = [results[0].sources[0], results[1].sources[0]]
        let lines = ToiletCSVLines(capacity: 10, of: finder)
        var once: [UInt8] = []
        lines.line(merged, to: &once)
        var other = merged
        other.toilet.address = "elsewhere"
        var kept: [UInt8] = []
        var whole: [UInt8] = []
        lines.line(other, to: &kept)
        ToiletAnswerCSV.line(other, to: &whole)
        #expect(kept == whole)
        #expect(String(decoding: kept, as: UTF8.self).contains(",elsewhere,"))
        #expect(lines.count == 0)
    }
}
