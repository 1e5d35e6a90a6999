import Foundation
import PhotoTestSupport
import Testing

@testable import Photos

/// A decode is bounded by memory and work, and corrupt data is refused (issue 27, item 4):
/// each case is built here, byte by byte where libvips would not write it.
@Suite struct PhotoLimitTests {
    let processor = PhotoProcessor()

    /// The reprobe's JPEG: a whole small file whose header claims 6400 x 6250 pixels. libjpeg
    /// only warns when the data ends early (and fills the rest with grey); it was stored as
    /// 2048 x 2000.
    @Test func aJPEGWhoseHeaderClaimsMorePixelsThanItsDataIsRefused() throws {
        var bytes = [UInt8](try TestImages.solid("jpeg", width: 64, height: 62))
        let sof = try #require((2..<bytes.count - 9).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes.replaceSubrange(sof + 5..<sof + 9, with: be16(6250) + be16(6400))
        let error = PhotoError.corrupt(format: .jpeg, detail: "VipsJpeg: Corrupt JPEG data: premature end of data segment")
        #expect(throws: error) { try processor.process(Data(bytes), declared: .jpeg) }
        #expect(
            error.description
                == "the JPEG cannot be decoded (truncated or corrupt): VipsJpeg: Corrupt JPEG data: premature end of data segment"
        )
    }

    /// 1 x 999,999 pixels is under the pixel limit but took seconds to shrink: refused by its
    /// header (whose IDAT is never decoded: it is not even zlib data).
    @Test(arguments: [(1, 999_999), (999_999, 1), (16_385, 2)])
    func aSideLongerThanTheLimitIsRefused(width: Int, height: Int) throws {
        let png = Self.png([Self.ihdr(width: width, height: height), Self.chunk("IDAT", [1, 2, 3])])
        let error = PhotoError.sideTooLong(width: width, height: height, limit: 16_384)
        #expect(throws: error) { try processor.process(png, declared: .png) }
        #expect(error.description == "the image is \(width)x\(height) pixels; at most 16384 pixels per side are accepted")
    }

    /// A 16 x 16 PNG with a 200 KB zTXt chunk (it could inflate to 200 MB inside the decoder).
    @Test func aHugeAncillaryChunkIsRefused() throws {
        let text = Array("Comment".utf8) + [0, 0] + [UInt8](repeating: 0x78, count: 200_000)
        let png = try Self.inserting(Self.chunk("zTXt", text), into: TestImages.solid("png", width: 16, height: 16))
        let error = PhotoError.chunkTooLarge(type: "zTXt", bytes: 200_009, limit: 65_536)
        #expect(throws: error) { try processor.process(png, declared: .png) }
        #expect(
            error.description
                == "the PNG has a zTXt chunk of 200009 bytes; at most 65536 bytes per ancillary chunk are accepted")
    }

    /// Text chunks under the limit are dropped before libvips sees the bytes.
    @Test func textChunksAreDroppedUnread() throws {
        let plain = try TestImages.solid("png", width: 16, height: 16)
        var png = plain
        for (type, body) in [("tEXt", Array("Title\u{0}x".utf8)), ("zTXt", [0x41, 0, 0, 0xFF, 0xFF]), ("iTXt", [0x41, 0])] {
            png = try Self.inserting(Self.chunk(type, body), into: png)
        }
        #expect(png.count > plain.count)
        #expect(try PNGChunks.withoutText(png, ancillaryLimit: 65_536) == PNGChunks.withoutText(plain, ancillaryLimit: 65_536))
        let photo = try processor.process(png, declared: .png)
        #expect(photo.width == 16)
        #expect(photo.height == 16)
    }

    @Test func aPNGCutInItsImageDataIsRefusedAsTruncated() throws {
        let png = try TestImages.solid("png", width: 64, height: 64)
        let idat = try #require(png.range(of: Data("IDAT".utf8))).lowerBound - 4
        let cut = png.prefix(idat + 20)
        let detail = "the IDAT chunk at byte \(idat) runs past the end of the file (truncated)"
        #expect(throws: PhotoError.corrupt(format: .png, detail: detail)) { try processor.process(Data(cut), declared: nil) }
        let noEnd = png.prefix(png.count - 12)
        #expect(throws: PhotoError.corrupt(format: .png, detail: "the file ends before its IEND chunk (truncated)")) {
            try processor.process(Data(noEnd), declared: nil)
        }
    }

    @Test func aChunkTypeThatIsNotFourLettersIsRefused() throws {
        let png = Self.png([Self.ihdr(width: 4, height: 4), Self.chunk("ID1T", [0])])
        let error = PhotoError.corrupt(format: .png, detail: "a chunk type at byte 37 is not four letters")
        #expect(throws: error) { try processor.process(png, declared: .png) }
    }

    /// The deadline stops the computation from inside libvips's progress signal; with a
    /// deadline of 0 s every decode is past it (no test depends on the machine's speed).
    @Test(arguments: ["jpeg", "png", "webp"])
    func aDecodePastItsDeadlineIsStopped(format: String) throws {
        var strict = processor
        strict.maxDecodeSeconds = 0
        let image = try TestImages.solid(format, width: 64, height: 64)
        #expect(throws: PhotoError.tookTooLong(seconds: 0)) { try strict.process(image, declared: nil) }
        #expect(PhotoError.tookTooLong(seconds: 0).description == "decoding the image took longer than 0 s")
        #expect(PhotoError.tookTooLong(seconds: 2.5).description == "decoding the image took longer than 2.5 s")
        // The error buffer was cleared: the next photo decodes (and its message is its own).
        #expect(try processor.process(image, declared: nil).width == 64)
    }

    // MARK: - PNG bytes by hand (PNG specification §5)

    static func png(_ chunks: [[UInt8]]) -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunks.joined() + chunk("IEND", []))
    }

    /// An IHDR of 8-bit greyscale.
    static func ihdr(width: Int, height: Int) -> [UInt8] {
        chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, 0, 0, 0, 0])
    }

    /// A chunk with its length and CRC-32 (ISO 3309, over type and data).
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    /// `chunk` inserted right after the IHDR chunk of `png`.
    static func inserting(_ chunk: [UInt8], into png: Data) throws -> Data {
        var bytes = [UInt8](png)
        bytes.insert(contentsOf: chunk, at: 8 + 25)
        return Data(bytes)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}

private func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
private func be32(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) } }
