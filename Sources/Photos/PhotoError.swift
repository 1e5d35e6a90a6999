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
        case .corrupt(let format, let detail): "the \(format.name) cannot be decoded (truncated or corrupt): \(detail)"
        case .imaging(let reason): "image processing failed: \(reason)"
        case .storage(let path, let reason): "\(path): \(reason)"
        }
    }
}
