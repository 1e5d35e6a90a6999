import Contract
import Digests
import Foundation
import Geo
import Places
import Testing

@testable import Ingest
@testable import Storage

/// `textAndFingerprint` (one walk, what the toilet mapper stores) gives exactly the
/// separate `jsonText` and `fingerprint` on tricky properties.
@Suite struct JSONValueTextAndFingerprintTests {
    @Test(arguments: [
        #"{}"#,
        #"{"a":null,"b":"","c":"  ","d":true,"e":false}"#,
        #"{"quote":"say \"hi\"","back":"a\\b","slash":"a\/b","ctl":"tab\there\nline\u0001x"}"#,
        #"{"bmp":"\u010D\u0159","pair":"\uD83D\uDEBB","sep":"a\u2028b\u2029c","raw":"čeština 🚻"}"#,
        #"{"n":"12","m":12,"f":1.50,"e":-7.5e2,"big":123456789012345678901234567890,"inf":1e999}"#,
        #"{"dup":"first","dup":"second","x":{"y":[1,{"z":null}],"w":{}},"arr":[]}"#,
        #"{"NaN":"NaN","Infinity":"-Infinity","klíč":"hodnota","":"empty key"}"#,
        #"[1,"a",null,true,[],{"k":"v"}]"#,
        #""just a string""#,
        #"-0"#,
    ])
    func oneWalkEqualsTheTwo(json: String) throws {
        let value = try JSONValue.parse(Array(json.utf8), path: "test")
        let both = value.textAndFingerprint
        #expect(both.json == value.jsonText)
        #expect(both.fingerprint == value.fingerprint)
    }

    /// The pinned fingerprints of `ContentHashTests`, through the one-walk path.
    @Test(arguments: ContentHashTests.pinnedFingerprints)
    func pinnedFingerprints(json: String, hex: String) throws {
        let both = try JSONValue.parse(Array(json.utf8), path: "test").textAndFingerprint
        #expect(both.fingerprint == hex)
    }

    @Test func escapedTextIsWrittenCompactly() throws {
        let json = #"{ "a" : "x\u0022y\/z\u2028", "b" : [ 1 , 2.50 ] }"#
        let both = try JSONValue.parse(Array(json.utf8), path: "test").textAndFingerprint
        #expect(both.json == #"{"a":"x\"y/z\u2028","b":[1,2.50]}"#)
    }

    /// `addBytes` and `addWord` mix exactly what `addByte` one byte at a time does.
    @Test func bulkMixingEqualsByteByByte() {
        let bytes: [UInt8] = Array(0...255) + [0xFF, 0x00, 0x7F]
        var one = ContentHash()
        for b in bytes { one.addByte(b) }
        for b in [0x0102_0304_0506_0708 as UInt64, 0, .max] {
            for s in stride(from: 0, to: 64, by: 8) { one.addByte(UInt8(truncatingIfNeeded: b >> UInt64(s))) }
        }
        var bulk = ContentHash()
        bytes.withUnsafeBufferPointer { bulk.addBytes($0) }
        for b in [0x0102_0304_0506_0708 as UInt64, 0, .max] { bulk.addWord(b) }
        #expect(bulk == one)
        #expect(bulk.hex.count == 32)
        #expect(bulk.hex == JSONText.hex(one.a, one.b))
    }

    /// Hex digits of every nibble value, zero-padded, lane A first.
    @Test func hexDigits() {
        #expect(JSONText.hex(0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210) == "0123456789abcdeffedcba9876543210")
        #expect(JSONText.hex(0, 1) == "00000000000000000000000000000001")
    }

    /// The stager binds a record's own columns one by one: the same values, in the same
    /// order, as the `values` array.
    @Test func recordValuesOneByOneEqualTheArray() {
        var details = ToiletDetails()
        details.access = .customers
        details[.unisex] = true
        details[.level] = "-1"
        details[.centralKey] = "eurokey"
        let r = ToiletRecord(
            sourceID: "a", name: "Name", address: nil, hoursText: "po-pá 8-18", hoursOSM: "Mo-Fr 08:00-18:00",
            hoursStatus: .interpreted, country: "CZ", priceText: "10 Kč", priceAmount: 10, priceCurrency: "CZK",
            isFree: false, wheelchair: .limited, kind: nil, locationDetail: "vestibul", timeZone: "Europe/Prague",
            propertiesJSON: "{}", propertiesFingerprint: "f", coordinate: Coordinate(latitude: 50.08, longitude: 14.42),
            details: details)
        var seen: [PlaceValue] = []
        r.forEachValue { seen.append($0) }
        #expect(seen == r.values)
        #expect(seen.count == 36)
        #expect(seen.prefix(3) == [.text("Name"), .text(nil), .text("po-pá 8-18")])
    }

    /// The stager's point blob (written in a stack buffer): SpatiaLite's 60 bytes, exactly.
    @Test func pointBlobBytes() {
        let c = Coordinate(latitude: 50.0875, longitude: 14.4214)
        let hex = SpatiaLiteBlob.withPoint(c, srid: 4326) { $0.map { String(format: "%02X", $0) }.joined() }
        #expect(
            hex == "0001E61000009D11A5BDC1D72C4033333333330B49409D11A5BDC1D72C4033333333330B4940"
                + "7C010000009D11A5BDC1D72C4033333333330B4940FE")
        #expect(SpatiaLiteBlob.point(c, srid: 4326) == SpatiaLiteBlob.withPoint(c, srid: 4326) { Array($0) })
    }
}
