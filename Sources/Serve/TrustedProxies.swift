import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The reverse proxies whose `X-Forwarded-For` is believed (`--trusted-proxy`): for a
/// request whose peer is one of them, the client is the last address of the header (read
/// right to left, as each proxy appends the address it received from) that is not itself a
/// trusted proxy. From any other peer the header is ignored: a client cannot choose its own
/// rate-limit bucket. Addresses are IPv4 or IPv6, each a single address or a CIDR range.
struct TrustedProxies: Sendable, Equatable {
    /// One range: the address's bytes (4 or 16) and how many leading bits must match.
    struct Range: Sendable, Equatable {
        var bytes: [UInt8]
        var bits: Int

        func contains(_ address: [UInt8]) -> Bool {
            guard address.count == bytes.count else { return false }
            var left = bits
            for (a, b) in zip(address, bytes) where left > 0 {
                let mask: UInt8 = left >= 8 ? 0xFF : ~(0xFF >> UInt8(left))
                if a & mask != b & mask { return false }
                left -= 8
            }
            return true
        }
    }

    let ranges: [Range]

    /// Reads `--trusted-proxy` values; a value that is not an address or CIDR range is a
    /// `ServeError.configuration` naming it.
    init(_ texts: [String]) throws {
        ranges = try texts.map { text in
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count <= 2, let bytes = TrustedProxies.address(String(parts[0])) else {
                throw ServeError.configuration("--trusted-proxy '\(text)' is not an IP address or CIDR range such as 10.0.0.0/8")
            }
            let most = bytes.count * 8
            guard parts.count == 2 else { return Range(bytes: bytes, bits: most) }
            guard let bits = Int(parts[1]), (0...most).contains(bits) else {
                throw ServeError.configuration("--trusted-proxy '\(text)': the prefix length must be 0 to \(most)")
            }
            return Range(bytes: bytes, bits: bits)
        }
    }

    /// Whether `address` (text) is a trusted proxy.
    func trusts(_ address: String) -> Bool {
        guard let bytes = TrustedProxies.address(address) else { return false }
        return ranges.contains { $0.contains(bytes) }
    }

    /// The client of a request from `peer` carrying the `X-Forwarded-For` values `forwarded`
    /// (each a comma-separated list, in the order received): `peer` itself unless it is a
    /// trusted proxy; else the last listed address that is not trusted (the last one when
    /// every address is trusted: the entries left of it could be anybody's word, and a host
    /// inside a trusted range must not pick its own bucket; `peer` when the header is absent
    /// or empty).
    func client(peer: String, forwardedFor forwarded: [String]) -> String {
        guard !ranges.isEmpty, !forwarded.isEmpty, trusts(peer) else { return peer }
        let hops = forwarded.flatMap { $0.split(separator: ",") }.map(TrustedProxies.bare).filter { !$0.isEmpty }
        guard let nearest = hops.last else { return peer }
        return hops.last { !trusts($0) } ?? nearest
    }

    /// An entry without spaces, and without brackets and a port (`[2001:db8::1]:443`,
    /// `192.0.2.1:443`), which some proxies add.
    static func bare(_ entry: Substring) -> String {
        var s = entry.trimmingCharacters(in: .whitespaces)
        if s.hasPrefix("["), let close = s.firstIndex(of: "]") {
            s = String(s[s.index(after: s.startIndex)..<close])
        } else if s.filter({ $0 == ":" }).count == 1, let colon = s.firstIndex(of: ":") {
            s = String(s[..<colon])
        }
        return s
    }

    /// The bytes of an IPv4 (4) or IPv6 (16) address; an IPv4-mapped IPv6 address
    /// (`::ffff:192.0.2.1`) is its IPv4 address.
    static func address(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF { return Array(bytes[12...]) }
        return bytes
    }
}
