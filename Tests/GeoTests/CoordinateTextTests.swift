import Foundation
import Testing

@testable import Geo

/// `LAT,LON` text as `--near` takes it.
@Suite struct CoordinateTextTests {
    @Test(arguments: [
        ("50.0875,14.4214", 50.0875, 14.4214), (" 50.0875 , 14.4214 ", 50.0875, 14.4214), ("-33.9,151.2", -33.9, 151.2),
        ("40.7,-74.0", 40.7, -74.0), ("-22.9,-43.2", -22.9, -43.2), ("90,-180", 90, -180), ("-90,180", -90, 180),
    ])
    func parsesLatLon(text: String, lat: Double, lon: Double) throws {
        #expect(Coordinate(latLonText: text) == Coordinate(latitude: lat, longitude: lon))
        #expect(try Coordinate(parsingLatLon: text) == Coordinate(latitude: lat, longitude: lon))
    }

    @Test(arguments: ["50.0875", "50.0875;14.42", "91,14", "50,181", "nan,14", "a,b", "50,14,3", ""])
    func rejectsBadLatLon(text: String) {
        #expect(Coordinate(latLonText: text) == nil)
    }

    /// Regression (issue 10 item 19): every rejection says which part is wrong and how.
    @Test(arguments: [
        ("95,14", "latitude 95 is outside -90…90; if 95 is the longitude, write 14,95 (latitude first)"),
        ("-90.5,100", "latitude -90.5 is outside -90…90"),
        ("50,200", "longitude 200 is outside -180…180"),
        ("50,-180.01", "longitude -180.01 is outside -180…180"),
        (
            "151.2,-33.86",
            "latitude 151.2 is outside -90…90; if 151.2 is the longitude, write -33.86,151.2 (latitude first)"
        ),
        ("200,14", "latitude 200 is outside -90…90"),
        ("abc,14", "latitude 'abc' is not a number"),
        ("50,14x", "longitude '14x' is not a number"),
        ("nan,14", "latitude 'nan' is not a finite number"),
        ("50,inf", "longitude 'inf' is not a finite number"),
        ("50,-infinity", "longitude '-infinity' is not a finite number"),
        // Regression (issue 36 item 8): `Double` reads hexadecimal; a coordinate is decimal only.
        ("0x10,14", "latitude '0x10' is not a decimal number"),
        ("50,0x1p4", "longitude '0x1p4' is not a decimal number"),
        ("50.0875", "there is no comma between latitude and longitude"),
        ("50.0875 14.4214", "there is no comma between latitude and longitude"),
        ("50.0875;14.4214", "there is no comma between latitude and longitude"),
        ("50,14,3", "it has 3 comma-separated parts; give two numbers, latitude first"),
        ("50,087,14", "it has 3 comma-separated parts; give two numbers, latitude first"),
        ("50,087,14,421", "it looks like decimal commas; write decimal points: 50.087,14.421"),
        ("-33,86,151,2", "it looks like decimal commas; write decimal points: -33.86,151.2"),
        ("50,a,14,421", "it has 4 comma-separated parts; give two numbers, latitude first"),
        ("", "it is empty"),
        ("  ", "it is empty"),
        (",", "it is empty"),
        (",14", "the latitude is missing"),
        ("50, ", "the longitude is missing"),
    ])
    func rejectionsSayWhatIsWrong(text: String, reason: String) {
        #expect(throws: GeoError.invalidLatLon(text: text, reason: reason)) { try Coordinate(parsingLatLon: text) }
    }

    @Test func theErrorNamesTheText() {
        #expect(
            GeoError.invalidLatLon(text: "95,14", reason: "latitude 95 is outside -90…90").description
                == "'95,14' is not LAT,LON: latitude 95 is outside -90…90")
    }

    /// The parts are trimmed of the Unicode white space Foundation's
    /// `.whitespacesAndNewlines` names (the trim no longer calls Foundation: its first call
    /// cost a scan of the binary's conformances at every query): tabs, line breaks, no-break
    /// and ideographic spaces, and only at the ends.
    @Test(arguments: [
        "\t50.1\n", "\u{00A0}50.1\u{3000}", "\u{2028}50.1\u{0085}", "\r\n 50 .1 \u{2003}", "", " \u{200B}50.1",
        "\u{1680}", "5\u{0301}0", " \u{0020}\u{0301}x",
    ])
    func trimsWhatFoundationTrims(text: String) {
        #expect(Coordinate.trimmed(Substring(text)) == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Every scalar up to U+3FFF (Unicode's white space ends at U+3000) and the byte order
    /// mark: a part of that scalar alone trims as Foundation trims it.
    @Test func everyScalarTrimsAsFoundationTrims() {
        let differ = (Array(0...0x3FFF) + [0xFEFF]).compactMap(Unicode.Scalar.init).filter { scalar in
            let text = String(Character(scalar))
            return Coordinate.trimmed(Substring(text)) != text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(differ == [])
    }

    @Test func aPartPaddedWithNoBreakSpacesParses() throws {
        #expect(
            try Coordinate(parsingLatLon: "\u{00A0}50.0875,\t14.4214\u{3000}")
                == Coordinate(latitude: 50.0875, longitude: 14.4214))
    }
}
