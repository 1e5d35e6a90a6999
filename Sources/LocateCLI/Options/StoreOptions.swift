import ArgumentParser
import Foundation

/// `--db`, shared by every command that opens the database.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .customLong("db"), help: ArgumentHelp("Database file (default: $LOCATE_DB or ./locate.sqlite).", valueName: "PATH"))
    var db: String?

    /// The path to open: `--db`, then `LOCATE_DB`, then `locate.sqlite`.
    var path: String {
        db ?? ProcessInfo.processInfo.environment["LOCATE_DB"].flatMap { $0.isEmpty ? nil : $0 } ?? "locate.sqlite"
    }
}
