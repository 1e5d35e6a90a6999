import CVips
import Foundation

/// One libvips image reference, released in `deinit`. Not `Sendable`: used within one call.
final class VipsImage {
    let pointer: UnsafeMutablePointer<CVips.VipsImage>

    init(_ pointer: UnsafeMutablePointer<CVips.VipsImage>) { self.pointer = pointer }

    deinit { g_object_unref(pointer) }

    var width: Int { Int(vips_image_get_width(pointer)) }
    var height: Int { Int(vips_image_get_height(pointer)) }
    var hasAlpha: Bool { vips_image_hasalpha(pointer) != 0 }

    /// The names of the image's metadata fields (`exif-data`, `exif-ifd3-GPSLatitude`, …).
    var fieldNames: [String] {
        guard let fields = vips_image_get_fields(pointer) else { return [] }
        defer { g_strfreev(fields) }
        var names: [String] = []
        var i = 0
        while let name = fields[i] {
            names.append(String(cString: name))
            i += 1
        }
        return names
    }

    /// The result of a libvips operation writing one image, or the error libvips reported.
    static func make(_ operation: (UnsafeMutablePointer<UnsafeMutablePointer<CVips.VipsImage>?>) -> Int32) throws -> VipsImage {
        var out: UnsafeMutablePointer<CVips.VipsImage>?
        let status = operation(&out)
        guard status == 0, let out else {
            if let out { g_object_unref(out) }
            throw Vips.failure()
        }
        return VipsImage(out)
    }

    /// The whole image decoded into memory (where a lazy loader's errors surface), stopped
    /// with `PhotoError.tookTooLong` once the computation has run `seconds`.
    func inMemory(within seconds: Double) throws -> VipsImage {
        var killed: Int32 = 0
        guard let copy = locate_vips_copy_memory_within(pointer, seconds, &killed) else {
            if killed != 0 {
                vips_error_clear()
                throw PhotoError.tookTooLong(seconds: seconds)
            }
            throw Vips.failure()
        }
        return VipsImage(copy)
    }

    /// Bytes a libvips saver wrote (freed here after copying).
    func save(_ saver: (UnsafeMutablePointer<UnsafeMutableRawPointer?>, UnsafeMutablePointer<Int>) -> Int32) throws -> Data {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let status = saver(&buffer, &length)
        defer { if let buffer { g_free(buffer) } }
        guard status == 0, let buffer else { throw Vips.failure() }
        return Data(bytes: buffer, count: length)
    }
}

/// Whether libvips started: its one start for the whole process, which the tests' image
/// writer (`TestImages`) uses too. `vips_init` must never be entered from two threads at once:
/// two starts of their own, on two test threads, crashed inside GLib.
package var vipsStarted: Bool { Vips.started }

/// libvips's process-wide start and its error buffer: the one place its status codes
/// become Swift errors.
enum Vips {
    /// Held around every libvips call of a photo and the reading of its error: the error
    /// buffer is one for the whole process, so calls on other threads would mix their
    /// messages into it (serialised rather than per thread: libvips keeps no per-thread one).
    static let lock = NSLock()

    /// Started once per process on first use (libvips is thread-safe after `vips_init`).
    static let started: Bool = locate_vips_start() == 0

    /// Throws when libvips could not start.
    static func start() throws {
        guard started else { throw PhotoError.imaging("libvips did not start: \(message())") }
    }

    /// The error libvips reported last: its first line.
    static func failure() -> PhotoError { .imaging(message()) }

    /// The first line of libvips's error buffer, which is then cleared.
    static func message() -> String {
        guard let copy = vips_error_buffer_copy() else { return "unknown libvips error" }
        defer { g_free(copy) }
        let text = String(cString: copy).split(separator: "\n").first.map(String.init) ?? ""
        return text.isEmpty ? "unknown libvips error" : text
    }
}
