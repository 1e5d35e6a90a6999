internal import Crypto

/// Streaming SHA-256 (FIPS 180-4) from swift-crypto, for digests of input files, exported
/// files and database content: `update` with bytes as they arrive, `finalize` once. Kept
/// behind this small type so that Crypto stays an internal import of Digests.
public struct SHA256Hasher {
    private var inner = Crypto.SHA256()

    /// A new digest.
    public init() {}

    /// Adds bytes.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { inner.update(bufferPointer: $0) }
    }

    /// Adds bytes from a buffer.
    public mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        inner.update(bufferPointer: UnsafeRawBufferPointer(bytes))
    }

    /// The digest of everything added so far.
    public func finalize() -> SHA256Value {
        SHA256Value(bytes: Array(inner.finalize()))
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
