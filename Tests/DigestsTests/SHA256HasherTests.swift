import Digests
import Testing

@Suite struct SHA256HasherTests {
    /// FIPS 180-4 test vectors.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func knownVectors(text: String, hex: String) {
        var h = SHA256Hasher()
        h.update(Array(text.utf8))
        #expect(h.finalize().hexString == hex)
    }

    @Test func incrementalEqualsOneShot() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var a = SHA256Hasher()
        a.update(bytes)
        var b = SHA256Hasher()
        for chunk in stride(from: 0, to: bytes.count, by: 7) { b.update(Array(bytes[chunk..<min(chunk + 7, bytes.count)])) }
        #expect(a.finalize() == b.finalize())
    }

    /// `finalize` leaves the hasher as it was (Nettle resets the context it finishes, so
    /// the hasher finishes a copy): asked twice it answers the same, and more bytes after it
    /// continue the same message. An empty buffer adds nothing.
    @Test func finalizeLeavesTheHasherAsItWas() {
        var h = SHA256Hasher()
        h.update(Array("ab".utf8))
        let first = h.finalize()
        #expect(h.finalize() == first)
        [UInt8]().withUnsafeBufferPointer { h.update($0) }
        h.update(Array("c".utf8))
        #expect(h.finalize().hexString == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    /// One million times "a" (FIPS 180-4's long message), in blocks of 4,096 bytes.
    @Test func aMillionAs() {
        var h = SHA256Hasher()
        let block = [UInt8](repeating: 0x61, count: 4096)
        var left = 1_000_000
        while left > 0 {
            let n = min(left, block.count)
            block.withUnsafeBufferPointer { h.update(UnsafeBufferPointer(rebasing: $0[0..<n])) }
            left -= n
        }
        #expect(h.finalize().hexString == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
