import ArgumentParser
import Contract
import Foundation
import SignOptions
import SignReading

/// `locate-read`: reads a photo of an opening-hours sign (`locate hours read` runs it). A
/// separate executable so that `locate` never links tesseract and libvips.
@main
struct LocateRead: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locate hours read", abstract: SignOptions.abstract, discussion: SignOptions.discussion)

    @OptionGroup var options: SignOptions

    /// tesseract's data folder: `TESSDATA_PREFIX` as tesseract 5 reads it, else the one
    /// Debian's packages install; nil when neither is there (tesseract then says).
    static var tessdata: String? {
        if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty { return prefix }
        return ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata"].first {
            FileManager.default.fileExists(atPath: $0)
        }
    }

    func run() throws {
        do {
            let reader = try SignReader(languages: options.languages, dataFolder: Self.tessdata)
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: options.photo))
            } catch {
                throw ReadFailure(message: "cannot read \(options.photo): \((error as NSError).localizedDescription)", code: 1)
            }
            let reading = try reader.read(data)
            if options.json {
                let text = try JSONText.encoded(HoursSignDocument(reading, languages: reader.languages), pretty: true)
                FileHandle.standardOutput.write(Data(text) + Data("\n".utf8))
            } else {
                if let s = reading.suggestion { print(s) }
                note(SignText.summary(reading))
            }
            if reading.suggestion == nil {
                throw ReadFailure(message: SignReading.reason(reading) ?? "not readable", code: 3)
            }
        } catch let failure as ReadFailure {
            fail(failure)
        } catch let error as SignError {
            fail(ReadFailure(message: error.description, code: 1))
        }
    }

    /// Prints the failure as the CLI does (`error: …`, or `error/1` with --json) and exits.
    private func fail(_ failure: ReadFailure) -> Never {
        if options.json {
            let doc = ErrorObject(error: .init(message: failure.message, exitCode: failure.code))
            if let text = try? JSONText.encoded(doc, pretty: false) { note(String(decoding: text, as: UTF8.self)) }
        } else {
            note(failure.code == 3 ? failure.message : "error: \(failure.message)")
        }
        Foundation.exit(failure.code)
    }

    private func note(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// A failure and its exit code (1: bad input; 3: no hours on the photo).
struct ReadFailure: Error {
    var message: String
    var code: Int32
}

/// `error/1` (docs/json.md rule 8), as `locate` prints it.
struct ErrorObject: Encodable {
    struct Body: Encodable {
        var message: String
        var exitCode: Int32
        enum CodingKeys: String, CodingKey {
            case message
            case exitCode = "exit_code"
        }
    }
    let schema = "error/1"
    var error: Body
}
