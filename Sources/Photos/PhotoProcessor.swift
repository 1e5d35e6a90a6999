import CVips
public import Foundation

/// A photo as it is kept: re-encoded as JPEG without any metadata (no EXIF, so no GPS
/// position or camera data; no XMP, IPTC, ICC or comments), upright, in two sizes.
public struct ProcessedPhoto: Sendable, Equatable {
    /// The full image (fits the processor's `fullSize` box), JPEG bytes.
    public var full: Data
    /// The thumbnail (fits the `thumbnailSize` box), JPEG bytes.
    public var thumbnail: Data
    /// The full image's width in pixels, after rotation.
    public var width: Int
    /// The full image's height in pixels, after rotation.
    public var height: Int
    /// The format the upload was in.
    public var sourceFormat: PhotoFormat
}

/// Decodes an uploaded photo for real with libvips (https://www.libvips.org/API/8.14/):
/// its format is sniffed from its bytes and must match what the upload declared; a PNG's
/// chunk layout is checked and its text chunks dropped unread (`PNGChunks`); the loader
/// fails on truncation and decode errors, and a JPEG's on libjpeg's warnings too
/// (`fail_on=warning`: libjpeg only warns when the data ends early); more than
/// `maxPixels` pixels or `maxSide` per side are refused before any pixel is decoded; the
/// image is then loaded again shrunk on load (a large JPEG is never decoded whole), turned
/// upright by its EXIF orientation, flattened onto white when it has alpha, computed within
/// `maxDecodeSeconds`, and re-encoded without metadata. Afterwards the C heap's free pages
/// go back to the system.
public struct PhotoProcessor: Sendable {
    /// The largest upload in bytes (10 MiB).
    public var maxBytes = 10 * 1024 * 1024
    /// The most pixels an upload may have (40 megapixels: a decompression bomb is refused
    /// from its header).
    public var maxPixels = 40_000_000
    /// The longest side in pixels (16,384, WebP's own limit).
    public var maxSide = 16_384
    /// The largest PNG ancillary chunk in bytes (64 KiB; an ICC profile or EXIF block fits).
    public var maxAncillaryChunkBytes = 64 * 1024
    /// How long the decode may run, in seconds, before it is stopped (a limit of work, not a
    /// clock the answer depends on: an upload past it is refused with `tookTooLong`).
    public var maxDecodeSeconds = 10.0
    /// The full image's box in pixels (its longer side at most this).
    public var fullSize = 2048
    /// The thumbnail's box in pixels.
    public var thumbnailSize = 320
    /// JPEG quality of both outputs.
    public var quality = 85

    /// A processor with the defaults above.
    public init() {}

    /// The re-encoded photo; throws `PhotoError` naming why the upload is refused.
    /// `declared` is the format its Content-Type or file name claims (nil: none claimed).
    public func process(_ data: Data, declared: PhotoFormat?) throws -> ProcessedPhoto {
        try checked(data, declared: declared) { base, count, format in try encode(base, count: count, format: format) }
    }

    /// Checks `data` (bytes, format, PNG chunks, pixels and sides from the header) and runs
    /// `then` on the bytes to decode, holding libvips's lock; the C heap is trimmed after.
    func checked<T>(
        _ data: Data, declared: PhotoFormat?, then: (UnsafeRawPointer, Int, PhotoFormat) throws -> T
    ) throws -> T {
        guard data.count <= maxBytes else { throw PhotoError.tooManyBytes(bytes: data.count, limit: maxBytes) }
        guard let format = PhotoFormat.sniff(data) else { throw PhotoError.unsupportedFormat }
        if let declared, declared != format { throw PhotoError.formatMismatch(declared: declared, actual: format) }
        let input = format == .png ? try PNGChunks.withoutText(data, ancillaryLimit: maxAncillaryChunkBytes) : data
        try Vips.start()
        // libvips's error buffer is process-wide: one photo at a time, so that the message a
        // failure reads is that photo's (libvips still uses every core within one image).
        Vips.lock.lock()
        defer {
            locate_trim_heap()
            Vips.lock.unlock()
        }
        return try input.withUnsafeBytes { raw -> T in
            guard let base = raw.baseAddress else { throw PhotoError.unsupportedFormat }
            let loaded: VipsImage
            do {
                loaded = try VipsImage.make { out in
                    switch format {
                    case .jpeg: locate_vips_jpegload(base, raw.count, out)
                    case .png: locate_vips_pngload(base, raw.count, out)
                    case .webp: locate_vips_webpload(base, raw.count, out)
                    }
                }
            } catch PhotoError.imaging(let detail) {
                throw PhotoError.corrupt(format: format, detail: detail)
            }
            guard loaded.width <= maxSide, loaded.height <= maxSide else {
                throw PhotoError.sideTooLong(width: loaded.width, height: loaded.height, limit: maxSide)
            }
            guard loaded.width * loaded.height <= maxPixels else {
                throw PhotoError.tooManyPixels(width: loaded.width, height: loaded.height, limit: maxPixels)
            }
            return try then(base, raw.count, format)
        }
    }

    /// Loads again shrunk on load (upright), flattens, decodes (where a corrupt file fails)
    /// and encodes; only the header was read before.
    private func encode(_ base: UnsafeRawPointer, count: Int, format: PhotoFormat) throws -> ProcessedPhoto {
        let decoded: VipsImage
        do {
            let upright = try VipsImage.make {
                locate_vips_thumbnail_buffer(base, count, $0, Int32(fullSize), format == .jpeg ? 1 : 0)
            }
            let fitted = upright.hasAlpha ? try VipsImage.make { locate_vips_flatten_white(upright.pointer, $0) } : upright
            decoded = try fitted.inMemory(within: maxDecodeSeconds)
        } catch PhotoError.imaging(let detail) {
            throw PhotoError.corrupt(format: format, detail: detail)
        }
        let full = try decoded.save { locate_vips_jpegsave(decoded.pointer, $0, $1, Int32(quality)) }
        let small = try VipsImage.make { locate_vips_fit(decoded.pointer, $0, Int32(thumbnailSize)) }
        let thumbnail = try small.save { locate_vips_jpegsave(small.pointer, $0, $1, Int32(quality)) }
        return ProcessedPhoto(
            full: full, thumbnail: thumbnail, width: decoded.width, height: decoded.height, sourceFormat: format)
    }
}
