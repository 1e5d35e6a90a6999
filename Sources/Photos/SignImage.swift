import CVips
public import Foundation

/// A photo of a sign made ready for text recognition: one grey 8-bit band, upright, its
/// contrast stretched (the darkest 2 % black, the brightest 2 % white), large photos
/// shrunk to `SignImage.targetSide` and small ones enlarged.
public struct SignImage: Sendable, Equatable {
    /// The longer side a large photo is shrunk to, in pixels (text of a sign filling a
    /// twentieth of the height is then ~30 px high, where text recognition reads best).
    public static let targetSide = 2000
    /// Below this longer side an image is enlarged (at most twice, to twice this side).
    public static let smallSide = 600

    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// The pixels, row after row, one byte each (0 black … 255 white).
    public var pixels: [UInt8]
}

extension PhotoProcessor {
    /// The photo `data` as a `SignImage`, checked and decoded as uploads are (bytes, format,
    /// pixels, sides, `maxDecodeSeconds`); throws `PhotoError` naming why not. With
    /// `evenLight`, uneven light (glare, shadow) is evened out first: its background is
    /// subtracted (`locate_vips_flatten_light`); the second look of `SignReader` at a sign it
    /// did not read confidently.
    public func signImage(_ data: Data, evenLight: Bool = false) throws -> SignImage {
        try checked(data, declared: nil) { base, count, format in
            let decoded: VipsImage
            do {
                let upright = try VipsImage.make {
                    locate_vips_thumbnail_buffer(base, count, $0, Int32(SignImage.targetSide), format == .jpeg ? 1 : 0)
                }
                let flat = upright.hasAlpha ? try VipsImage.make { locate_vips_flatten_white(upright.pointer, $0) } : upright
                decoded = try flat.inMemory(within: maxDecodeSeconds)
            } catch PhotoError.imaging(let detail) {
                throw PhotoError.corrupt(format: format, detail: detail)
            }
            let side = max(decoded.width, decoded.height, 1)
            // Only small images are enlarged (shrink-on-load already fitted large photos), at
            // most twice: text taller than ~80 px reads worse (a 640 px sign at 2.8 times
            // read as nothing).
            let scale = side < SignImage.smallSide ? min(2.0, Double(SignImage.smallSide * 2) / Double(side)) : 1.0
            let grey = try VipsImage.make { locate_vips_sign_grey(decoded.pointer, $0, scale, evenLight ? 1 : 0) }
            var length = 0
            guard let bytes = locate_vips_pixels(grey.pointer, &length) else { throw Vips.failure() }
            defer { g_free(bytes) }
            guard length == grey.width * grey.height else {
                throw PhotoError.imaging("expected \(grey.width * grey.height) grey bytes, got \(length)")
            }
            let pixels = [UInt8](UnsafeRawBufferPointer(start: bytes, count: length))
            return SignImage(width: grey.width, height: grey.height, pixels: pixels)
        }
    }
}
