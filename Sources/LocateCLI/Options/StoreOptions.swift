import ArgumentParser
import Foundation
import Storage

/// `--db`, shared by every command that opens the database.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .customLong("db"), help: ArgumentHelp("Database file (default: $LOCATE_DB or ./locate.sqlite).", valueName: "PATH"))
    var db: String?

    /// The path to open: `--db`, then `LOCATE_DB`, then `locate.sqlite`.
    var path: String { StoreOptions.path(db: db) }

    /// The path to open when `--db` is `db` (nil: not given).
    static func path(db: String?) -> String {
        db ?? ProcessInfo.processInfo.environment["LOCATE_DB"].flatMap { $0.isEmpty ? nil : $0 } ?? "locate.sqlite"
    }
}

/// `--wait`, for commands that write the database.
struct WaitOptions: ParsableArguments {
    /// The documented default of `--wait`, in seconds.
    static let defaultSeconds = 30.0

    @Option(
        name: .customLong("wait"),
        help: ArgumentHelp(
            "When another locate is writing the database, wait up to SECONDS for it (default: 30; 0: fail at once).",
            valueName: "SECONDS"))
    var given: Double?

    /// The wait in seconds: `--wait`, or the default.
    var seconds: Double { given ?? WaitOptions.defaultSeconds }

    func validate() throws {
        guard seconds.isFinite, (0...86_400).contains(seconds) else {
            throw ValidationError("--wait must be 0 to 86400 seconds")
        }
    }

    /// Write access for this process: the wait, this command line as the lock's holder,
    /// and a new database that appears only when the run succeeded.
    var access: WriteAccess {
        let args = CommandLine.arguments
        let name = args.first.map { ($0 as NSString).lastPathComponent } ?? "locate"
        let seconds = self.seconds
        var access = WriteAccess(
            waitSeconds: seconds, holder: ([name] + args.dropFirst()).joined(separator: " "), createsOnClose: true)
        // With --json, stderr stays one error/1 object should the wait end in an error.
        if !Console.jsonErrors {
            access.onWait = { holder in Console.note(WaitOptions.waitingNote(holder: holder, seconds: seconds)) }
        }
        return access
    }

    /// The line a writer prints once when it starts waiting for another (`holder` as the
    /// lock file names it: `pid N: COMMAND`): "waiting for the ingest of pid N (up to 30 s)…".
    static func waitingNote(holder: String, seconds: Double) -> String {
        let parts = holder.split(separator: ":", maxSplits: 1)
        let pid = parts.first.map { $0.hasPrefix("pid ") ? String($0.dropFirst(4)) : String($0) } ?? "?"
        let command = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        let words = command.split(separator: " ")
        let what = words.count > 1 && words[1] == "ingest" ? "the ingest of pid \(pid)" : "pid \(pid) (\(command))"
        let bound = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        return "waiting for \(what) to finish writing (up to \(bound) s)…"
    }
}
