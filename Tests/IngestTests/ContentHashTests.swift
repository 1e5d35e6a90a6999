import Digests
import Places
import Testing

@testable import Ingest

/// The one content-hash scheme: vectors computed independently (a separate implementation
/// of the two-lane FNV-1a and its framing), so a change of constants or framing fails here.
@Suite struct ContentHashTests {
    /// Properties and their pinned fingerprints (the stored content hashes include them).
    static let pinnedFingerprints: [(String, String)] = [
        (#"{"OBJECTID":3,"ADRESA":"Karlova (sample)"}"#, "9cc22206ea85d57497938ba75801e104"),
        (#"{"ADRESA":"Karlova (sample)","OBJECTID":3.0}"#, "9cc22206ea85d57497938ba75801e104"),
        (#"[1,"a",null,true]"#, "7831a5dd6bbd348a1252e5298af1886a"),
        ("{}", "5a79457827af627a54119781ec574302"),
        ("[]", "af64164c86024f1aa63eae8f2b635892"),
    ]

    @Test func aHashOfNothingIsTheTwoOffsetBases() {
        #expect(ContentHash().hex == "cbf29ce4842223256c62272e07bb0142")
    }

    @Test(arguments: [
        ("", "a127782de6b1c9eebc96d71e524585ff"),
        ("abc", "7eb629286bd9be7f9a789d5e45e5354f"),
        ("Kraków", "48010dbf46cd5c5b22ad9f41e8ac7fdf"),
    ])
    func strings(text: String, hex: String) {
        var h = ContentHash()
        h.addString(text)
        #expect(h.hex == hex)
    }

    @Test func otherValuesAndNull() {
        var null = ContentHash()
        null.addNull()
        #expect(null.hex == "af63e34c8601f871a63eaea22b63767b")
        var missing = ContentHash()
        missing.addString(nil)
        #expect(missing == null)
        var number = ContentHash()
        number.addNumber(1.5)
        #expect(number.hex == "0e955ee527df71a30ca09a620f189d79")
        var zero = ContentHash()
        zero.addNumber(0)
        var negativeZero = ContentHash()
        negativeZero.addNumber(-0.0)
        #expect(zero.hex == "0c242be525cc5d720ca14a850fa31d9a")
        #expect(negativeZero == zero)
        var yes = ContentHash()
        yes.addBool(true)
        #expect(yes.hex == "af63e94c860202a3a63eaeac2b638639")
    }

    /// The properties fingerprint kept its values when it moved onto `ContentHash` (the
    /// stored content hashes include it): member order and number spelling are ignored.
    @Test(arguments: ContentHashTests.pinnedFingerprints)
    func propertiesFingerprints(json: String, hex: String) throws {
        #expect(try JSONValue.parse(Array(json.utf8), path: "test").fingerprint == hex)
    }
}
