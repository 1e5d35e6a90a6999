import Geo
import Testing

/// `LAT,LON` text as `--near` takes it.
@Suite struct CoordinateTextTests {
    @Test(arguments: [
        ("50.0875,14.4214", 50.0875, 14.4214), (" 50.0875 , 14.4214 ", 50.0875, 14.4214), ("-33.9,151.2", -33.9, 151.2),
    ])
    func parsesLatLon(text: String, lat: Double, lon: Double) {
        #expect(Coordinate(latLonText: text) == Coordinate(latitude: lat, longitude: lon))
    }

    @Test(arguments: ["50.0875", "50.0875;14.42", "91,14", "50,181", "nan,14", "a,b", "50,14,3", ""])
    func rejectsBadLatLon(text: String) {
        #expect(Coordinate(latLonText: text) == nil)
    }
}
