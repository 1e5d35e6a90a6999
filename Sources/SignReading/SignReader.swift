public import Foundation
public import Hours
import Photos
import Places

/// Reads the opening hours on a photo of a sign: the photo is checked and decoded as
/// uploads are (`PhotoProcessor`: bytes, pixels, sides, decode time), made grey with its
/// contrast stretched and scaled for recognition (`SignImage`), read by tesseract (its C
/// API), and its lines read as hours (`SignHours`). The answer is a suggestion with a
/// confidence; nothing is written from it.
public struct SignReader: Sendable {
    /// The languages read when none are given: Czech, Polish, English, German.
    public static let defaultLanguages = "ces+pol+eng+deu"
    /// The most languages one reading loads (each costs recognition time).
    public static let maxLanguages = 4

    /// tesseract's language codes joined by `+`.
    public let languages: String
    /// The checks and decoding of the photo (its limits are the uploads').
    var processor = PhotoProcessor()
    /// How much processor time recognition may use, in seconds (a limit of work, not of the
    /// clock: past it, `tookTooLong`).
    public var maxRecognitionSeconds = 2.0
    /// The confidence from which a suggestion counts as confident (`SignReading.confident`).
    public var confidentFrom = 0.7

    /// A reader of `languages` (`ces+pol+eng+deu`); throws `badLanguages` for anything but
    /// one to `maxLanguages` lower-case codes joined by `+`, and `languagesMissing` when
    /// `dataFolder` (tesseract's `tessdata`) lacks a code's `CODE.traineddata`: tesseract
    /// itself aborts the process on a missing language instead of failing.
    public init(languages: String = SignReader.defaultLanguages, dataFolder: String? = nil) throws(SignError) {
        let codes = languages.split(separator: "+", omittingEmptySubsequences: false)
        guard !codes.isEmpty, codes.count <= SignReader.maxLanguages,
            codes.allSatisfy({ code in
                (3...8).contains(code.count) && code.allSatisfy { $0.isASCII && ($0.isLowercase || $0 == "_") }
            })
        else { throw SignError.badLanguages(languages) }
        if let dataFolder {
            let missing = codes.filter { !FileManager.default.fileExists(atPath: "\(dataFolder)/\($0).traineddata") }
            guard missing.isEmpty else { throw SignError.languagesMissing(missing.joined(separator: "+")) }
        }
        self.languages = languages
    }

    /// The reading of the photo `data` (JPEG, PNG or WebP bytes). A sign not read
    /// confidently is looked at once more with its light evened out (glare, a shadow:
    /// `SignImage`'s `evenLight`), and the more confident of the two readings is the answer.
    public func read(_ data: Data) throws(SignError) -> SignReading {
        let engine = try TesseractEngine(languages: languages)
        let first = try reading(data, evenLight: false, engine: engine)
        if first.confident { return first }
        let second = try reading(data, evenLight: true, engine: engine)
        return second.confidence > first.confidence ? second : first
    }

    private func reading(_ data: Data, evenLight: Bool, engine: TesseractEngine) throws(SignError) -> SignReading {
        let image: SignImage
        do {
            image = try processor.signImage(data, evenLight: evenLight)
        } catch let error as PhotoError {
            throw SignError.photo(error.description)
        } catch {
            throw SignError.photo("\(error)")
        }
        let lines = try engine.lines(of: image, within: maxRecognitionSeconds)
        return SignReading(lines: lines, width: image.width, height: image.height, confidentFrom: confidentFrom)
    }
}

/// What a photo of a sign says: its recognised lines, the hours read from them, and how
/// sure the reading is.
public struct SignReading: Sendable, Equatable {
    /// The recognised lines, top to bottom.
    public let lines: [RecognisedLine]
    /// The hours read from them (which lines were used and ignored).
    public let hours: SignHours
    /// How sure the suggestion is, 0…1 (0 without one): the recognition confidence of the
    /// lines used, lowered for each OCR correction, for a reading that assumed something,
    /// and when lines with digits or day names were left out.
    public let confidence: Double
    /// Whether `confidence` reaches the reader's threshold.
    public let confident: Bool
    /// The size of the image recognised (after scaling), in pixels.
    public let width: Int
    /// Its height in pixels.
    public let height: Int

    /// The reading of `lines` (recognised on a `width` x `height` image).
    public init(lines: [RecognisedLine], width: Int, height: Int, confidentFrom: Double) {
        self.lines = lines
        self.width = width
        self.height = height
        let hours = SignHours(lines: lines.map(\.text))
        self.hours = hours
        confidence = SignReading.confidence(lines: lines, hours: hours)
        confident = hours.suggestion != nil && confidence >= confidentFrom
    }

    /// The suggested `opening_hours`; nil when the photo is not readable as hours.
    public var suggestion: String? { hours.suggestion }

    static func confidence(lines: [RecognisedLine], hours: SignHours) -> Double {
        guard let reading = hours.reading, !hours.used.isEmpty else { return 0 }
        var c = hours.used.map { lines[$0].confidence }.reduce(0, +) / Double(hours.used.count)
        let corrections = hours.warnings.filter { SignHours.ocrReasons.contains($0.reason) }.count
        c *= pow(0.85, Double(corrections))
        if reading.status == .interpreted { c *= 0.9 }
        if hours.ignored.contains(where: { SignHours.saysSomething(hours.lines[$0]) }) { c *= 0.6 }
        return (c * 1000).rounded() / 1000
    }
}
