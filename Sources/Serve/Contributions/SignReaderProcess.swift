import Foundation
import Storage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the hours on an uploaded photo of a sign: runs `locate-read --json` (the reader of
/// `locate hours read`) on the stored, re-encoded photo, one photo at a time, and kills it
/// at its deadline. A process of its own rather than tesseract inside the server: the
/// deadline is of the clock (tesseract's own limit counts processor time, which a loaded
/// machine stretches), a reader that crashes or hangs on a hostile image costs only its own
/// process, its memory goes back when it ends, and `locate-serve` links no tesseract.
/// Whatever happens, the answer is a `SignSuggestion` (a failure says why): the upload is
/// stored either way.
struct SignReaderProcess: Sendable {
    /// The executable, or nil when reading is off.
    let path: String?
    /// The tesseract languages read.
    let languages: String
    /// The reading ends within this many seconds, its wait for a turn included.
    let deadlineSeconds: Double
    /// One reading at a time (each uses about one core and 100 MB).
    let turn: Turn

    /// The largest answer read, in bytes (a reading is a few kilobytes).
    static let maxAnswerBytes = 1 << 20

    init(path: String?, languages: String = "ces+pol+eng+deu", deadlineSeconds: Double) {
        self.path = deadlineSeconds > 0 ? path : nil
        self.languages = languages
        self.deadlineSeconds = deadlineSeconds
        turn = Turn()
    }

    /// One reading at a time.
    // Safe: a DispatchSemaphore is thread-safe; it is the only state.
    final class Turn: @unchecked Sendable {
        let semaphore = DispatchSemaphore(value: 1)
    }

    /// The reading of the photo at `file`.
    func read(_ file: URL) -> SignSuggestion {
        guard let path else { return failed("the server reads no signs (no locate-read, or --sign-seconds 0)") }
        let deadline = DispatchTime.now() + deadlineSeconds
        guard turn.semaphore.wait(timeout: deadline) == .success else {
            return failed("the sign reader was busy with other photos for \(seconds) s")
        }
        defer { turn.semaphore.signal() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("locate-read-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("out.json")
        let errURL = folder.appendingPathComponent("err.txt")
        let process = Process()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
                FileManager.default.createFile(atPath: errURL.path, contents: nil)
            else { return failed("the sign reader's answer cannot be kept (\(folder.path))") }
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = ["--json", "--lang", languages, file.path]
            // One OpenMP thread, as `locate hours read` runs it (`HoursReadCommand`).
            process.environment = ProcessInfo.processInfo.environment.merging(["OMP_THREAD_LIMIT": "1"]) { old, _ in old }
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: outURL)
            process.standardError = try FileHandle(forWritingTo: errURL)
        } catch {
            return failed("the sign reader's answer cannot be kept (\(error.localizedDescription))")
        }
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        do {
            try process.run()
        } catch {
            return failed("the sign reader did not start (\(error.localizedDescription))")
        }
        if ended.wait(timeout: deadline) == .timedOut {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            ended.wait()
            return failed("the sign reader took longer than \(seconds) s and was stopped")
        }
        if process.terminationReason == .uncaughtSignal {
            return failed("the sign reader crashed (signal \(process.terminationStatus))")
        }
        let status = process.terminationStatus
        // 0: a suggestion; 3: read, but no hours on it. Both print hours-sign/1.
        if status == 0 || status == 3 {
            guard let answer = SignReaderProcess.bounded(outURL),
                let reading = try? JSONDecoder().decode(SignSuggestion.self, from: answer)
            else { return failed("the sign reader's answer is not hours-sign/1") }
            return reading
        }
        let said = SignReaderProcess.bounded(errURL).flatMap(SignReaderProcess.message) ?? "exit \(status)"
        return failed("the sign reader failed: \(said)")
    }

    private var seconds: String {
        deadlineSeconds == deadlineSeconds.rounded() ? String(Int(deadlineSeconds)) : String(deadlineSeconds)
    }

    private func failed(_ why: String) -> SignSuggestion { .failed(why, languages: languages) }

    /// The file's bytes, or nil past `maxAnswerBytes`.
    static func bounded(_ url: URL) -> Data? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maxAnswerBytes + 1), data.count <= maxAnswerBytes else { return nil }
        return data
    }

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
