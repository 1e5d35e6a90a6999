import Foundation
import PhotoTestSupport
import Photos
import Testing

/// Uploaded photos are decoded for real, refused when disguised, truncated or too big, and
/// come back upright and without metadata.
@Suite struct PhotoProcessorTests {
    let processor = PhotoProcessor()

    @Test func exifGPSAndCameraDataAreRemovedAndTheImageIsTurnedUpright() throws {
        let upload = try TestImages.jpegWithEXIF(width: 40, height: 20, orientation: 6)
        // The input really carries the data the output must lose.
        let input = try TestImages.read(upload)
        #expect(input.fields.contains("exif-ifd3-GPSLatitude"))
        #expect(input.fields.contains("exif-ifd0-Make"))
        #expect(input.fields.contains("orientation"))
        #expect(upload.range(of: Data("TestCam".utf8)) != nil)

        let photo = try processor.process(upload, declared: .jpeg)
        #expect(photo.sourceFormat == .jpeg)
        #expect(photo.width == 20)
        #expect(photo.height == 40)
        for bytes in [photo.full, photo.thumbnail] {
            #expect(PhotoFormat.sniff(bytes) == .jpeg)
            let out = try TestImages.read(bytes)
            #expect(out.fields.filter { $0.hasPrefix("exif") || $0.contains("GPS") || $0.hasPrefix("xmp") } == [])
            #expect(!out.fields.contains("orientation"))
            #expect(bytes.range(of: Data("Exif".utf8)) == nil)
            #expect(bytes.range(of: Data("TestCam".utf8)) == nil)
            #expect(out.width == 20)
            #expect(out.height == 40)
        }
    }

    @Test func aPNGNamedJPGIsRefused() throws {
        let png = try TestImages.solid("png", width: 10, height: 10)
        let declared = try #require(PhotoFormat(fileName: "toilet.jpg"))
        #expect(throws: PhotoError.formatMismatch(declared: .jpeg, actual: .png)) {
            try processor.process(png, declared: declared)
        }
        #expect(
            PhotoError.formatMismatch(declared: .jpeg, actual: .png).description
                == "the file is declared as JPEG but its bytes are PNG")
    }

    @Test func aTruncatedJPEGIsRefused() throws {
        let jpeg = try TestImages.jpegWithEXIF(width: 64, height: 64)
        let truncated = jpeg.prefix(jpeg.count * 2 / 3)
        do {
            let photo = try processor.process(Data(truncated), declared: nil)
            Issue.record("a truncated JPEG was accepted (\(photo.width)x\(photo.height))")
        } catch let error as PhotoError {
            guard case .corrupt(format: .jpeg, _) = error else {
                Issue.record("wrong error: \(error)")
                return
            }
            #expect(error.description.hasPrefix("the JPEG cannot be decoded (truncated or corrupt): "))
        }
    }

    @Test func moreThanTheLimitOfPixelsIsRefused() throws {
        var small = processor
        small.maxPixels = 1000
        let png = try TestImages.solid("png", width: 40, height: 30)
        #expect(throws: PhotoError.tooManyPixels(width: 40, height: 30, limit: 1000)) {
            try small.process(png, declared: .png)
        }
        #expect(
            PhotoError.tooManyPixels(width: 40, height: 30, limit: 1000).description
                == "the image is 40x30 pixels (1200); at most 1000 pixels are accepted")
    }

    @Test func moreThanTheLimitOfBytesIsRefused() throws {
        var small = processor
        small.maxBytes = 100
        let png = try TestImages.solid("png", width: 40, height: 30)
        #expect(throws: PhotoError.tooManyBytes(bytes: png.count, limit: 100)) { try small.process(png, declared: nil) }
    }

    @Test(arguments: [
        Data("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8), Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8), Data(),
        Data("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8),
    ])
    func anythingButJPEGPNGOrWebPIsRefused(bytes: Data) throws {
        #expect(throws: PhotoError.unsupportedFormat) { try processor.process(bytes, declared: nil) }
    }

    @Test func aWebPIsAcceptedAndReencodedAsJPEG() throws {
        let webp = try TestImages.solid("webp", width: 30, height: 20)
        #expect(PhotoFormat.sniff(webp) == .webp)
        let photo = try processor.process(webp, declared: PhotoFormat(mediaType: "image/webp"))
        #expect(photo.sourceFormat == .webp)
        #expect(PhotoFormat.sniff(photo.full) == .jpeg)
        #expect(photo.width == 30)
        #expect(photo.height == 20)
    }

    @Test func aLargePhotoIsShrunkToItsBoxes() throws {
        let jpeg = try TestImages.solid("jpeg", width: 3000, height: 1500)
        let photo = try processor.process(jpeg, declared: .jpeg)
        #expect(photo.width == 2048)
        #expect(photo.height == 1024)
        let thumb = try TestImages.read(photo.thumbnail)
        #expect(thumb.width == 320)
        #expect(thumb.height == 160)
    }

    @Test(arguments: [
        ("image/jpeg", PhotoFormat.jpeg), ("IMAGE/PNG; charset=x", .png), ("image/webp", .webp), ("image/gif", nil),
        ("text/plain", nil),
    ])
    func mediaTypesNameFormats(type: String, format: PhotoFormat?) {
        #expect(PhotoFormat(mediaType: type) == format)
    }
}
