/// Why a photo of a sign could not be read: the module's one error enum. Messages are short
/// lower-case fragments.
public enum SignError: Error, Equatable, CustomStringConvertible {
    /// The `--lang` value is not tesseract language codes joined by `+`.
    case badLanguages(String)
    /// tesseract could not load a language's data (not installed).
    case languagesMissing(String)
    /// The photo was refused or could not be decoded (`PhotoError`'s message).
    case photo(String)
    /// tesseract failed or ran past the limit.
    case recognition(seconds: Double)
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
        case .recognition(let seconds):
            "text recognition failed or ran past its limit of \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s"
        case .engine: "tesseract did not start"
        }
    }
}
