import ArgumentParser
import Foundation
import SignOptions

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `locate hours read PHOTO`: replaces this process with `locate-read` (a separate
/// executable so that `locate` never links tesseract and libvips). Same arguments, same
/// output and exit code. The options (`SignOptions`, shared with `locate-read`) are parsed
/// here for `--help`, the CLI reference and early usage errors; `locate-read` parses them again.
struct HoursReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read", abstract: SignOptions.abstract, discussion: SignOptions.discussion)

    @OptionGroup var options: SignOptions

    /// `$LOCATE_READ`, else `locate-read` beside the running executable.
    static func readerPath() throws -> String {
        if let path = ProcessInfo.processInfo.environment["LOCATE_READ"], !path.isEmpty { return path }
        let exe =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
        let path = (exe as NSString).deletingLastPathComponent + "/locate-read"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw CLIError.failed(
                "locate-read, which reads photos of signs, is missing at \(path): build it (`swift build`) or set LOCATE_READ")
        }
        return path
    }

    func run() throws {
        let path = try HoursReadCommand.readerPath()
        let rest = Array(CommandLine.arguments.dropFirst().drop { $0 != "read" }.dropFirst())
        // tesseract's OpenMP threads spin while they wait: on a loaded machine two of them
        // burn the recognition budget (processor time) for nothing. One thread, unless the
        // user chose otherwise; libgomp reads this as the process starts.
        setenv("OMP_THREAD_LIMIT", "1", 0)
        let argv = ([path] + rest).map { strdup($0) } + [nil]
        execv(path, argv)
        throw CLIError.failed("cannot run \(path): \(String(cString: strerror(errno)))")
    }
}
