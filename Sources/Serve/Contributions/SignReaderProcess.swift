import Contributions
import Foundation
import Storage

/// Reads the hours on an uploaded photo of a sign: runs `locate-read --json` (the reader of
/// `locate hours read`) on the stored, re-encoded photo, one photo at a time, and kills it
/// at its deadline. A process of its own rather than tesseract inside the server: the
/// deadline is of the clock (tesseract's own limit counts processor time, which a loaded
/// machine stretches), a reader that crashes or hangs on a hostile image costs only its own
/// process group (`ChildProcess`), its memory goes back when it ends, and `locate-serve`
/// links no tesseract. Whatever happens, the answer is a `SignSuggestion` (a failure says
/// why): the upload is stored either way. Uploads past the one being read and `queue`
/// waiting are refused before they are stored (`admitted`), with 503.
struct SignReaderProcess: Sendable {
    /// The executable, or nil when reading is off.
    let path: String?
    /// The tesseract languages read.
    let languages: String
    /// The reading ends within this many seconds, its wait for a turn included.
    let deadlineSeconds: Double
    /// One reading at a time (each uses about one core and 100 MB), two waiting.
    let gate: TurnGate

    /// The largest answer read, in bytes (a reading is a few kilobytes).
    static let maxAnswerBytes = 1 << 20

    init(path: String?, languages: String = "ces+pol+eng+deu", deadlineSeconds: Double, queue: Int = 2) {
        self.path = deadlineSeconds > 0 ? path : nil
        self.languages = languages
        self.deadlineSeconds = deadlineSeconds
        gate = TurnGate(
            width: 1, queue: queue, busyMessage: "the sign reader is busy with other photos",
            retryAfterSeconds: Int(deadlineSeconds.rounded(.up)))
    }

    /// `body` (which stores the photo and calls `read`) when the reader has room for one
    /// more photo, else `TurnGate.Busy` before anything is stored. Reading off: no limit.
    func admitted<T>(_ body: () throws -> T) throws -> T {
        guard path != nil else { return try body() }
        return try gate.admitted(body)
    }

    /// The reading of the photo at `file`. Call it inside `admitted`.
    func read(_ file: URL) -> SignSuggestion {
        guard let path else { return failed("the server reads no signs (no locate-read, or --sign-seconds 0)") }
        let deadline = DispatchTime.now() + deadlineSeconds
        let ran = gate.turn(until: deadline) {
            // One OpenMP thread, as `locate hours read` runs it (`HoursReadCommand`).
            let environment = ProcessInfo.processInfo.environment.merging(["OMP_THREAD_LIMIT": "1"]) { _, new in new }
            return ChildProcess.run(
                path, arguments: ["--json", "--lang", languages, file.path], environment: environment,
                deadline: deadline, maxBytes: SignReaderProcess.maxAnswerBytes)
        }
        guard let ran else { return failed("the sign reader was busy with other photos for \(seconds) s") }
        switch ran.end {
        case .notStarted(let why):
            return failed("the sign reader did not start (\(why))")
        case .timedOut:
            return failed("the sign reader took longer than \(seconds) s and was stopped")
        case .tooLarge:
            return failed("the sign reader's answer is larger than \(SignReaderProcess.maxAnswerBytes) bytes and was stopped")
        case .signalled(let signal):
            return failed("the sign reader crashed (signal \(signal))")
        // 0: a suggestion; 3: read, but no hours on it. Both print hours-sign/1.
        case .exited(0), .exited(3):
            guard let reading = try? JSONDecoder().decode(SignSuggestion.self, from: Data(ran.output)) else {
                return failed("the sign reader's answer is not hours-sign/1")
            }
            return reading
        case .exited(let status):
            let said = SignReaderProcess.message(Data(ran.errors)) ?? "exit \(status)"
            return failed("the sign reader failed: \(said)")
        }
    }

    private var seconds: String {
        deadlineSeconds == deadlineSeconds.rounded() ? String(Int(deadlineSeconds)) : String(deadlineSeconds)
    }

    private func failed(_ why: String) -> SignSuggestion { .failed(why, languages: languages) }

    /// `error.message` of the `error/1` line the reader prints on failure, else its first line.
    static func message(_ data: Data) -> String? {
        struct ErrorLine: Decodable {
            struct Body: Decodable { var message: String }
            var error: Body
        }
        if let line = try? JSONDecoder().decode(ErrorLine.self, from: data) { return String(line.error.message.prefix(300)) }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map { String($0.prefix(300)) }
    }
}
