internal import CNettle

/// Streaming SHA-256 (FIPS 180-4) from Nettle, for digests of input files, exported files and
/// database content: `update` with bytes as they arrive, `finalize` once. Kept behind this
/// small type so that Nettle stays an internal import of Digests.
public struct SHA256Hasher {
    private var context = sha256_ctx()

    /// A new digest.
    public init() {
        nettle_sha256_init(&context)
    }

    /// Adds bytes.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update($0) }
    }

    /// Adds bytes from a buffer.
    public mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        nettle_sha256_update(&context, bytes.count, base)
    }

    /// The digest of everything added so far (the hasher itself is unchanged: Nettle resets
    /// the context it finishes, so it finishes a copy).
    public func finalize() -> SHA256Value {
        var finished = context
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_SIZE))
        digest.withUnsafeMutableBufferPointer { locate_sha256_digest(&finished, $0.baseAddress) }
        return SHA256Value(bytes: digest)
    }
}
/// A SHA-256 digest value.
public struct SHA256Value: Sendable, Equatable {
    /// The 32 digest bytes.
    public let bytes: [UInt8]

    /// Lower-case hex, 64 digits.
    public var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
