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
}
