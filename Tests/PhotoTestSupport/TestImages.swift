import CVips
public import Foundation
import Photos

/// Test images written with libvips, and what libvips reads back from bytes. Tests only:
/// no binary fixture comes from outside.
public enum TestImages {
    /// Why an image could not be made or read.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed.
        public let description: String
    }

    /// libvips's one start, Photos' (`vipsStarted`), never one of its own.
    private static var started: Bool { vipsStarted }

    /// A `width` x `height` image of one colour, encoded as `format` (`jpeg`, `png`, `webp`).
    public static func solid(_ format: String, width: Int, height: Int, rgb: (Double, Double, Double) = (200, 40, 40))
        throws -> Data
    {
        guard started else { throw Failure(description: "libvips did not start") }
        var image: UnsafeMutablePointer<VipsImage>?
        guard locate_vips_solid(&image, Int32(width), Int32(height), rgb.0, rgb.1, rgb.2) == 0, let image else {
            throw Failure(description: "vips_black failed")
        }
        defer { g_object_unref(image) }
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let status: Int32 =
            switch format {
            case "png": locate_vips_pngsave(image, &buffer, &length)
            case "webp": locate_vips_webpsave(image, &buffer, &length)
            default: locate_vips_jpegsave_keep(image, &buffer, &length)
            }
        defer { if let buffer { g_free(buffer) } }
        guard status == 0, let buffer else { throw Failure(description: "saving \(format) failed") }
        return Data(bytes: buffer, count: length)
    }

    /// A JPEG with an EXIF APP1 segment (TIFF 6.0 / Exif 2.3 layout, little-endian) right
    /// after its SOI marker: Make `TestCam`, Orientation `orientation` (6: turn 90° clockwise
    /// to view) and a GPS IFD with GPSLatitudeRef `N` and GPSLatitude 50° 5' 0".
    public static func jpegWithEXIF(width: Int, height: Int, orientation: UInt16 = 6) throws -> Data {
        let plain = try solid("jpeg", width: width, height: height)
        var tiff: [UInt8] = Array("II".utf8) + le16(42) + le32(8)
        // IFD0 at 8: three entries (12 bytes each), then the next-IFD offset; 42 bytes.
        tiff += le16(3)
        tiff += le16(0x010F) + le16(2) + le32(8) + le32(50)  // Make, ASCII, 8 bytes at 50
        tiff += le16(0x0112) + le16(3) + le32(1) + le16(orientation) + le16(0)  // Orientation, SHORT
        tiff += le16(0x8825) + le16(4) + le32(1) + le32(58)  // GPS IFD pointer, LONG
        tiff += le32(0)
        tiff += Array("TestCam\u{0}".utf8)  // 50..<58
        // GPS IFD at 58: two entries, then the next-IFD offset; 30 bytes.
        tiff += le16(2)
        tiff += le16(0x0001) + le16(2) + le32(2) + Array("N\u{0}".utf8) + le16(0)  // GPSLatitudeRef
        tiff += le16(0x0002) + le16(5) + le32(3) + le32(88)  // GPSLatitude, 3 RATIONAL at 88
        tiff += le32(0)
        tiff += le32(50) + le32(1) + le32(5) + le32(1) + le32(0) + le32(1)  // 88..<112
        let payload = Array("Exif\u{0}\u{0}".utf8) + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        var bytes = Array(plain)
        bytes.insert(contentsOf: segment, at: 2)
        return Data(bytes)
    }

    /// What libvips reads from `data`: size and metadata field names.
    public static func read(_ data: Data) throws -> (width: Int, height: Int, fields: [String]) {
        guard started else { throw Failure(description: "libvips did not start") }
        return try data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, let image = locate_vips_load_any(base, raw.count) else {
                vips_error_clear()
                throw Failure(description: "libvips cannot read the bytes")
            }
            defer { g_object_unref(image) }
            var names: [String] = []
            if let fields = vips_image_get_fields(image) {
                var i = 0
                while let name = fields[i] {
                    names.append(String(cString: name))
                    i += 1
                }
                g_strfreev(fields)
            }
            return (Int(vips_image_get_width(image)), Int(vips_image_get_height(image)), names)
        }
    }

    private static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    private static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
}
