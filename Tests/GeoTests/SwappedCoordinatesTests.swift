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
