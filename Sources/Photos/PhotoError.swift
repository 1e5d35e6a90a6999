/// Why a photo was refused or could not be stored: the module's one error enum. Messages
/// are short lower-case fragments; the server prints them in its 422 / 413 answers.
public enum PhotoError: Error, Equatable, CustomStringConvertible {
    /// The bytes are not a JPEG, PNG or WebP file (by their first bytes, whatever the name).
    case unsupportedFormat
    /// The file says it is one format (its Content-Type or name) but its bytes are another.
    case formatMismatch(declared: PhotoFormat, actual: PhotoFormat)
    /// The bytes are larger than the upload limit.
    case tooManyBytes(bytes: Int, limit: Int)
    /// The image has more pixels than the limit (a decompression bomb, or simply too big).
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// A side of the image is longer than the limit (a 1 x 999,999 strip costs seconds to
    /// shrink although its pixel count is small).
    case sideTooLong(width: Int, height: Int, limit: Int)
    /// A PNG ancillary chunk (text, profile, private data) is larger than the limit.
    case chunkTooLarge(type: String, bytes: Int, limit: Int)
    /// Decoding took longer than the limit (seconds) and was stopped.
    case tookTooLong(seconds: Double)
    /// The decoder failed: a truncated or corrupt file (libvips's first message line).
    case corrupt(format: PhotoFormat, detail: String)
    /// libvips itself failed (cannot start, cannot encode): not the file's fault.
    case imaging(String)
    /// The photo folder cannot be written or read (path and reason).
    case storage(path: String, reason: String)

    /// The message.
    public var description: String {
        switch self {
        case .unsupportedFormat: "not a JPEG, PNG or WebP image"
        case .formatMismatch(let declared, let actual):
            "the file is declared as \(declared.name) but its bytes are \(actual.name)"
        case .tooManyBytes(let bytes, let limit): "the photo has \(bytes) bytes; at most \(limit) are accepted"
        case .tooManyPixels(let w, let h, let limit):
            "the image is \(w)x\(h) pixels (\(w * h)); at most \(limit) pixels are accepted"
        case .sideTooLong(let w, let h, let limit):
            "the image is \(w)x\(h) pixels; at most \(limit) pixels per side are accepted"
        case .chunkTooLarge(let type, let bytes, let limit):
            "the PNG has a \(type) chunk of \(bytes) bytes; at most \(limit) bytes per ancillary chunk are accepted"
        case .tookTooLong(let seconds):
            "decoding the image took longer than \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s"
        case .corrupt(let format, let detail): "the \(format.name) cannot be decoded (truncated or corrupt): \(detail)"
        case .imaging(let reason): "image processing failed: \(reason)"
        case .storage(let path, let reason): "\(path): \(reason)"
        }
    }
}
