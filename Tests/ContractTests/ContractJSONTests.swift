import Contract
import Foundation
import Testing

/// The one encoder of the contract (`ContractJSON`): indented text has the layout of
/// Foundation's `JSONEncoder` with `.prettyPrinted` (the oracle here), compact text is the
/// same tokens without the layout, and strings are copied whole, whatever they hold.
@Suite struct ContractJSONTests {
    struct Sample: Encodable {
        var name: String
        var list: [Int]
        var nested: [String: [String]]
        var missing: String?
        var number: Double
        var flags: [Bool]
    }

    static let samples: [Sample] = [
        Sample(name: "plain", list: [], nested: [:], missing: nil, number: 0, flags: []),
        Sample(
            name: "Žluťoučký kůň", list: [1, 2, 3], nested: ["a": [], "b": ["x"]], missing: "m", number: 14.4214, flags: [true]),
        // Brackets, commas, colons, quotes and backslashes inside strings are text, not layout.
        Sample(
            name: #"{"a":[1,2]}, \ / : ,"#, list: [-1], nested: ["k:{": ["[]", "{}", #"\""#]], missing: nil, number: -0.5,
            flags: [false, true]),
        Sample(name: "", list: [0], nested: ["": [""]], missing: "", number: 1e-7, flags: []),
    ]

    @Test(arguments: samples.indices)
    func indentedTextIsJSONEncodersPrettyLayout(_ i: Int) throws {
        let oracle = JSONEncoder()
        oracle.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let want = String(decoding: try oracle.encode(Self.samples[i]), as: UTF8.self)
        let pretty = String(decoding: try ContractJSON.encode(Self.samples[i], pretty: true), as: UTF8.self)
        #expect(pretty == want)
        // Compact text is the same document.
        let compact = try ContractJSON.encode(Self.samples[i])
        #expect(!compact.contains(UInt8(ascii: "\n")))
        let a = try JSONSerialization.jsonObject(with: Data(compact)) as? NSDictionary
        let b = try JSONSerialization.jsonObject(with: Data(want.utf8)) as? NSDictionary
        #expect(a == b)
    }

    @Test func emptyContainersNestedInListsKeepTheirLayout() throws {
        let value: [[[String: Int]]] = [[], [[:]], [["a": 1]]]
        let oracle = JSONEncoder()
        oracle.outputFormatting = [.prettyPrinted, .sortedKeys]
        #expect(try ContractJSON.encode(value, pretty: true) == [UInt8](try oracle.encode(value)))
        #expect(String(decoding: try ContractJSON.encode(value), as: UTF8.self) == #"[[],[{}],[{"a":1}]]"#)
    }

    @Test func controlCharactersAreEscapedTheSameInBothForms() throws {
        let text = "a\u{1}b\tc\nd\u{8}"
        let compact = String(decoding: try ContractJSON.encode([text]), as: UTF8.self)
        #expect(compact == #"["a\u0001b\tc\nd\u0008"]"#)
        let pretty = String(decoding: try ContractJSON.encode([text], pretty: true), as: UTF8.self)
        #expect(pretty == "[\n  " + #""a\u0001b\tc\nd\u0008""# + "\n]")
    }
}
