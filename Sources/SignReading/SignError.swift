/// Why a photo of a sign could not be read: the module's one error enum. Messages are short
/// lower-case fragments.
public enum SignError: Error, Equatable, CustomStringConvertible {
    /// The `--lang` value is not tesseract language codes joined by `+`.
    case badLanguages(String)
    /// tesseract could not load a language's data (not installed).
    case languagesMissing(String)
    /// The photo was refused or could not be decoded (`PhotoError`'s message).
    case photo(String)
    /// tesseract failed.
    case recognition
    /// Recognition used more processor time than the limit (seconds) and was stopped.
    case tookTooLong(seconds: Double)
    /// tesseract did not start.
    case engine

    /// The message.
    public var description: String {
        switch self {
        case .badLanguages(let value):
            "languages '\(value)' are not tesseract codes joined by '+' (ces+pol+eng+deu; at most \(SignReader.maxLanguages))"
        case .languagesMissing(let value):
            "tesseract cannot load the languages '\(value)' (install tesseract-ocr-<code> for each)"
        case .photo(let reason): reason
        case .recognition: "text recognition failed"
        case .tookTooLong(let seconds):
            "text recognition took longer than \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s of processor time"
        case .engine: "tesseract did not start"
        }
    }
}
