internal import CTesseract
import Foundation
import Photos

/// A line of text as tesseract recognised it, with its confidence (0…1).
public struct RecognisedLine: Sendable, Equatable {
    /// The text, trimmed.
    public var text: String
    /// tesseract's confidence in the line, 0…1.
    public var confidence: Double
}

/// One tesseract engine (its C API, https://tesseract-ocr.github.io/tessapi/5.x/) for one
/// photo: the one place its handles and status codes become Swift values and errors. Not
/// `Sendable`: made, used and released within one call.
final class TesseractEngine {
    private let api: OpaquePointer

    /// Starts tesseract with `languages` (`ces+pol+eng+deu`).
    init(languages: String) throws(SignError) {
        guard let api = locate_tess_create() else { throw SignError.engine }
        self.api = api
        guard locate_tess_start(api, languages) == 0 else {
            TessBaseAPIDelete(api)
            throw SignError.languagesMissing(languages)
        }
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    /// The lines of text on `image`, top to bottom, each with its confidence; stopped after
    /// `seconds` of processor time.
    func lines(of image: SignImage, within seconds: Double) throws(SignError) -> [RecognisedLine] {
        var stopped: Int32 = 0
        let status = image.pixels.withUnsafeBufferPointer { buffer in
            locate_tess_recognize(api, buffer.baseAddress, Int32(image.width), Int32(image.height), seconds, &stopped)
        }
        guard stopped == 0 else { throw SignError.tookTooLong(seconds: seconds) }
        guard status == 0 else { throw SignError.recognition }
        guard let iterator = TessBaseAPIGetIterator(api) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        var out: [RecognisedLine] = []
        repeat {
            guard let text = TessResultIteratorGetUTF8Text(iterator, RIL_TEXTLINE) else { continue }
            let line = String(cString: text)
            TessDeleteText(text)
            let confidence = Double(TessResultIteratorConfidence(iterator, RIL_TEXTLINE)) / 100
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { out.append(RecognisedLine(text: trimmed, confidence: max(0, min(1, confidence)))) }
        } while TessResultIteratorNext(iterator, RIL_TEXTLINE) != 0
        return out
    }
}
