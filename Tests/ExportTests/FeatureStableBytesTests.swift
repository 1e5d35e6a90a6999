import Foundation
import Geo
import Hours
import Places
import Testing

@testable import Export

/// A snapshot's change detection hashes each feature without its volatile members
/// (`FeatureBytes.stable`). Review of issue 22 step 2: the attributes written between other
/// members were copied into the stable bytes twice.
@Suite struct FeatureStableBytesTests {
    static let toilet = StoredToilet(
        rowID: 1, dataset: "d", sourceID: "1", name: "Ná\"m", address: nil, hoursText: nil, hoursOSM: "Mo-Su 08:00-20:00",
        hoursStatus: .exact, country: "CZ", priceText: nil, priceAmount: 10, priceCurrency: "CZK", isFree: false,
        wheelchair: .yes, kind: nil, locationDetail: nil, timeZone: "Europe/Prague",
        coordinate: Coordinate(latitude: 50.25, longitude: 14.5),
        details: ToiletDetails(
            access: .public, attributes: ToiletAttributes([.centralKey: "radar", .genderNeutral: true, .unisex: true])))

    @Test func stableBytesAreTheFeatureWithoutItsVolatileMembers() throws {
        var zones: [String: String] = [:]
        let at = try #require(ISO8601DateFormatter().date(from: "2026-11-21T10:00:00Z"))
        let timed = ToiletFeatureSource.feature(Self.toilet, at: at, keepStable: true, OpenStateEvaluator(), &zones)
        let timeless = ToiletFeatureSource.feature(Self.toilet, at: nil, keepStable: false, OpenStateEvaluator(), &zones)
        let out = String(decoding: timed.json, as: UTF8.self)
        let stable = String(decoding: timed.stableBytes ?? [], as: UTF8.self)
        #expect(
            out == #"{"geometry":{"coordinates":[14.5,50.25],"type":"Point"},"id":"d/1","properties":{"access":"public","#
                + #""address":null,"centralkey":"radar","changing_table":null,"changing_table_all_genders":null,"#
                + #""changing_table_location":null,"check_date":null,"check_date_opening_hours":null,"country":"CZ","#
                + #""dataset":"d","female":null,"free":false,"#
                + #""gender_neutral":true,"hours_osm":"Mo-Su 08:00-20:00","hours_status":"exact","hours_text":null,"#
                + #""hours_verified_at":null,"hours_verified_by":null,"#
                + #""indoor":null,"level":null,"location_detail":null,"male":null,"name":"Ná\"m","#
                + #""next_change":"2026-11-21T20:00:00+01:00","operator":null,"price_amount":10,"price_currency":"CZK","#
                + #""price_text":null,"source_id":"1","source_released":null,"state":"open","#
                + #""state_at":"2026-11-21T11:00:00+01:00","survey_date":null,"#
                + #""time_zone":"Europe/Prague","title":"Ná\"m","toilet_type":null,"toilets_disposal":null,"#
                + #""toilets_wheelchair":null,"unisex":true,"verified_at":null,"verified_by":null,"wheelchair":"yes"},"#
                + #""type":"Feature"}"#)
        // Each member once, the three that depend on the instant left out.
        let withoutVolatile = String(decoding: timeless.json, as: UTF8.self)
            .replacingOccurrences(of: #","next_change":null"#, with: "")
            .replacingOccurrences(of: #","state":null,"state_at":null"#, with: "")
        #expect(stable == withoutVolatile)
    }
}
