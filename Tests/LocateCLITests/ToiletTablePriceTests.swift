import Geo
import Places
import Query
import Testing

@testable import LocateCLI

/// The table's price column: "free", "paid", the amount (whole amounts without ".0") and
/// its currency, or "?". A currency of spaces is none; an amount no `Int` holds is written
/// as the number it is (an infinite one crashed the table).
@Suite struct ToiletTablePriceTests {
    @Test(
        arguments: [
            (true, nil, nil, "free"), (false, nil, nil, "paid"), (nil, 10.0, "CZK", "10 CZK"), (nil, 10.5, "CZK", "10.5 CZK"),
            (nil, 5.0, "  ", "5"), (nil, 5.0, " EUR ", "5 EUR"), (nil, 5.0, nil, "5"), (nil, .infinity, "CZK", "inf CZK"),
            (nil, 1e300, nil, "1e+300"), (nil, -3.0, "CZK", "-3 CZK"), (nil, nil, nil, "?"),
        ] as [(Bool?, Double?, String?, String)])
    func price(free: Bool?, amount: Double?, currency: String?, text: String) {
        let toilet = StoredToilet(
            rowID: 1, dataset: "d", sourceID: "s", name: nil, address: nil, hoursText: nil, hoursOSM: nil,
            hoursStatus: .missing, country: nil, priceText: nil, priceAmount: amount, priceCurrency: currency, isFree: free,
            wheelchair: .unknown, kind: nil, locationDetail: nil, timeZone: "UTC",
            coordinate: Coordinate(latitude: 50, longitude: 14))
        #expect(ToiletTable.price(ToiletResult(toilet, distanceMeters: 1, bearingDegrees: 0)) == text)
    }
}
