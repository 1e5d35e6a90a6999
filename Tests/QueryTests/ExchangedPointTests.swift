import Geo
import LocateTestSupport
import Places
import Query
import Testing

/// `--near` with latitude and longitude exchanged gets a note when the exchange lands in the
/// data (regression, issue 10 item 19: `--near 14.42,50.08` answered 5,000 km away silently).
@Suite struct ExchangedPointTests {
    static let oldTown = Coordinate(latitude: 50.0875, longitude: 14.4214)
    static let swapped = Coordinate(latitude: 14.4214, longitude: 50.0875)

    @Test func farAndSwappedGivesTheExchangedPoint() throws {
        let finder = try ToiletFinder(store: try storeWith("prague-toilets-sample"))
        let far = try #require(try finder.nearest(to: Self.swapped, limit: 1).first?.distanceMeters)
        #expect(far > 4_000_000)
        #expect(try finder.exchangedPoint(for: Self.swapped, nearestMeters: far) == Self.oldTown)
        #expect(try finder.exchangedPoint(for: Self.swapped, nearestMeters: nil) == Self.oldTown)
    }

    @Test func nearOrNotSwappedGivesNil() throws {
        let finder = try ToiletFinder(store: try storeWith("prague-toilets-sample"))
        // Within 100 km the extent is not even read.
        #expect(try finder.exchangedPoint(for: Self.swapped, nearestMeters: 99_999) == nil)
        #expect(try finder.exchangedPoint(for: Self.oldTown, nearestMeters: nil) == nil)
        #expect(try finder.exchangedPoint(for: Coordinate(latitude: -33.86, longitude: 151.2), nearestMeters: 16e6) == nil)
    }
}
