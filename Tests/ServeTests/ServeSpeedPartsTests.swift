import Foundation
import Geo
import Hours
import Places
import Storage
import Testing

@testable import Contract
@testable import Serve

/// The parts the throughput work added: the compact JSON writer, the shared row cache and
/// the trusted proxies.
@Suite struct ServeSpeedPartsTests {
    struct Sample: Encodable {
        var text = "quote \" backslash \\ slash / tab \t line \n return \r bell \u{7} nul \u{0} é 🚻 \u{2028}"
        var missing: String? = nil
        var present: String? = "here"
        var numbers = [300.0, 0.1, 1e-7, 1e20, 14.4214, -0.0, 49.9999999]
        var whole: Int64 = -9_007_199_254_740_993
        var flags = [true, false]
        var empty: [Int] = []
        var nested = ["b": [1, 2], "a": []]
        var date = Date(timeIntervalSince1970: 1_795_381_200.5)
    }

    @Test func compactJSONHasJSONEncodersKeysAndValues() throws {
        let compact = try ContractJSON.encode(Sample())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let foundation = try encoder.encode(Sample())
        #expect(String(decoding: compact, as: UTF8.self) == String(decoding: foundation, as: UTF8.self))
        #expect(
            String(decoding: compact, as: UTF8.self).hasPrefix(
                #"{"date":817074000.5,"empty":[],"flags":[true,false],"nested":{"a":[],"b":[1,2]},"numbers":[300,0.1,1e-07,"#))
    }

    /// The byte writer of numbers (the nearest answer's) writes what the `Node` form writes.
    @Test func numbersWrittenAsBytesMatchTheNodeForm() {
        let values = [
            300.0, 0.1, 1e-7, 1e20, 1e22, 14.4214, -0.0, 0, 49.9999999, .leastNonzeroMagnitude, 12.0, -3.0, .nan, .infinity,
        ]
        var bytes: [String] = []
        var nodes: [String] = []
        for v in values {
            var out: [UInt8] = []
            ContractJSON.number(v, to: &out)
            bytes.append(String(decoding: out, as: UTF8.self))
            if case .literal(let text) = ContractJSON.number(v) { nodes.append(text) } else { nodes.append("null") }
        }
        #expect(bytes == nodes)
        #expect(
            bytes == [
                "300", "0.1", "1e-07", "1e+20", "1e+22", "14.4214", "-0", "0", "49.9999999", "5e-324", "12", "-3", "null", "null",
            ])
    }

    @Test func compactJSONEscapesEveryControlCharacter() throws {
        let all = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        let text = String(decoding: try ContractJSON.encode([all]), as: UTF8.self)
        #expect(text.hasPrefix(#"["\u0000\u0001"#))
        #expect(text.contains(#"\b"#) == false)
        #expect(text.contains(#"\u0008\t\n\u000b\u000c\r\u000e"#))
        let back = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String]
        #expect(back == [all])
        #expect(String(decoding: try ContractJSON.encode([Double.infinity, .nan]), as: UTF8.self) == "[null,null]")
    }

    @Test func rowCacheReadsEachRowOnceAndKeepsAtMostItsCapacity() throws {
        let cache = ToiletRowCache(capacity: 2)
        let reads = Counter()
        func read(_ id: Int64) -> StoredToilet? {
            reads.add()
            return id == 99 ? nil : toilet(id)
        }
        #expect(cache.toilet(1, reading: read)?.sourceID == "1")
        #expect(cache.toilet(1, reading: read)?.sourceID == "1")
        #expect(reads.value == 1)
        #expect(cache.toilet(99, reading: read) == nil)
        #expect(cache.toilet(2, reading: read)?.sourceID == "2")
        #expect(cache.toilet(3, reading: read)?.sourceID == "3")  // 1, the oldest, makes room
        #expect(cache.count == 2)
        #expect(reads.value == 4)
        _ = cache.toilet(2, reading: read)
        #expect(reads.value == 4)
        _ = cache.toilet(1, reading: read)
        #expect(reads.value == 5)
        let none = ToiletRowCache(capacity: 0)
        _ = none.toilet(1, reading: read)
        _ = none.toilet(1, reading: read)
        #expect(reads.value == 7)
        #expect(none.count == 0)
    }

    @Test(arguments: [
        // peer, X-Forwarded-For, the client
        ("127.0.0.1", ["203.0.113.5"], "203.0.113.5"),
        ("127.0.0.1", ["198.51.100.1, 203.0.113.5"], "203.0.113.5"),  // the left part is the client's own word
        ("127.0.0.1", ["203.0.113.5, 10.1.2.3"], "203.0.113.5"),  // 10.0.0.0/8 is a trusted proxy too
        ("127.0.0.1", ["198.51.100.1", "203.0.113.5"], "203.0.113.5"),  // two header lines: one list
        ("127.0.0.1", ["10.1.2.3, 127.0.0.1"], "127.0.0.1"),  // all trusted: the nearest hop
        // Regression: a host inside a trusted range chose its own bucket by what it put left
        // of the proxy's entry (every hop trusted answered the first, the client's word).
        ("127.0.0.1", ["10.9.9.7, 10.1.2.3"], "10.1.2.3"),
        ("127.0.0.1", ["10.9.9.8, 10.1.2.3"], "10.1.2.3"),
        ("127.0.0.1", ["[2001:db8::1]:443"], "2001:db8::1"),
        ("127.0.0.1", ["192.0.2.7:5000"], "192.0.2.7"),
        ("127.0.0.1", [" , "], "127.0.0.1"),
        ("127.0.0.1", [], "127.0.0.1"),
        ("192.0.2.9", ["203.0.113.5"], "192.0.2.9"),  // an untrusted peer's header is ignored
        ("::ffff:10.0.0.1", ["203.0.113.5"], "203.0.113.5"),  // IPv4-mapped
        ("2001:db8:1::7", ["203.0.113.5"], "203.0.113.5"),
        ("2001:db8:2::7", ["203.0.113.5"], "2001:db8:2::7"),
    ])
    func theClientBehindTrustedProxies(peer: String, forwarded: [String], client: String) throws {
        let proxies = try TrustedProxies(["127.0.0.1", "10.0.0.0/8", "2001:db8:1::/48"])
        #expect(proxies.client(peer: peer, forwardedFor: forwarded) == client)
        #expect(try TrustedProxies([]).client(peer: peer, forwardedFor: forwarded) == peer)
    }

    @Test func trustedProxyOptionsAreChecked() throws {
        #expect(
            throws: ServeError.configuration(
                "--trusted-proxy 'proxy.local' is not an IP address or CIDR range such as 10.0.0.0/8")
        ) { try TrustedProxies(["proxy.local"]) }
        #expect(throws: ServeError.configuration("--trusted-proxy '10.0.0.0/33': the prefix length must be 0 to 32")) {
            try TrustedProxies(["10.0.0.0/33"])
        }
        #expect(throws: ServeError.configuration("--trusted-proxy '::1/129': the prefix length must be 0 to 128")) {
            try TrustedProxies(["::1/129"])
        }
        #expect(try TrustedProxies(["0.0.0.0/0"]).trusts("203.0.113.5"))
        #expect(try !TrustedProxies(["192.168.1.0/25"]).trusts("192.168.1.128"))
        #expect(try TrustedProxies(["192.168.1.0/25"]).trusts("192.168.1.127"))
    }

    private func toilet(_ id: Int64) -> StoredToilet {
        StoredToilet(
            rowID: id, dataset: "d", sourceID: String(id), name: nil, address: nil, hoursText: nil, hoursOSM: nil,
            hoursStatus: .missing, country: nil, priceText: nil, priceAmount: nil, priceCurrency: nil, isFree: nil,
            wheelchair: .unknown, kind: nil, locationDetail: nil, timeZone: "Europe/Prague",
            coordinate: Coordinate(latitude: 50, longitude: 14), details: ToiletDetails())
    }
}

/// A count threads add to.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
