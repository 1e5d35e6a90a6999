import Geo
import Testing

/// The one "coordinates look swapped" check, shared by the toilet and station readers.
@Suite struct SwappedCoordinatesTests {
    static let prague = BoundingBox(minLongitude: 14.22, minLatitude: 49.94, maxLongitude: 14.71, maxLatitude: 50.18)

    @Test func aPositionInsideOnlyOnceExchangedLooksSwapped() {
        #expect(
            SwappedCoordinatesTests.prague.swappedCoordinatesReason(Coordinate(latitude: 14.421, longitude: 50.085))
                == "coordinates look swapped: latitude 14.421, longitude 50.085 is outside the region, but inside once exchanged")
    }

    @Test(arguments: [
        Coordinate(latitude: 50.085, longitude: 14.421),  // inside
        Coordinate(latitude: 49.1951, longitude: 16.6068),  // outside either way (Brno)
        Coordinate(latitude: 16.6068, longitude: 49.1951),
    ])
    func otherPositionsDoNot(coordinate: Coordinate) {
        #expect(SwappedCoordinatesTests.prague.swappedCoordinatesReason(coordinate) == nil)
    }
}

/// The exchanged position itself, as queries use it for their "did you swap?" note.
@Suite struct ExchangedInsideTests {
    @Test func aSwappedPointGivesTheExchangedOne() {
        #expect(
            SwappedCoordinatesTests.prague.exchangedInside(Coordinate(latitude: 14.4214, longitude: 50.0875))
                == Coordinate(latitude: 50.0875, longitude: 14.4214))
    }

    @Test(arguments: [
        Coordinate(latitude: 50.0875, longitude: 14.4214),  // inside
        Coordinate(latitude: -33.86, longitude: 151.2),  // outside either way (exchanged is not even valid)
        Coordinate(latitude: 40.7, longitude: -74.0),
    ])
    func otherPointsGiveNil(coordinate: Coordinate) {
        #expect(SwappedCoordinatesTests.prague.exchangedInside(coordinate) == nil)
    }
}
