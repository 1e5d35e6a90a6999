import ArgumentParser
import Foundation
import Storage

/// `locate restore SRC`: a copy made by `locate backup` becomes the database again.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a copy made by locate backup as the database (--db), where none is.",
        discussion: """
            SRC must be a locate database; it is copied (VACUUM INTO), checked with PRAGMA integrity_check, switched \
            to WAL mode and put at the --db path, which must not hold a database: a restore never replaces a \
            database a running locate may have open (stop it, move the old file and its -wal away, then restore). \
            Derived files (.kdt, street networks) are rebuilt by the first command that needs them. A summary goes \
            to stderr; --json prints a backup/1 document on stdout.
            """
    )

    @Argument(help: ArgumentHelp("The copy to restore (a file written by locate backup).", valueName: "SRC"))
    var source: String

    @OptionGroup var output: JSONOptions
    @OptionGroup var store: StoreOptions

    func run() throws {
        let summary = try DatabaseBackup.restore(from: source, to: store.path)
        Console.note("restored \(source) as \(store.path): \(BackupDocument.counts(summary)) (integrity ok)")
        if output.json { Console.out(try jsonText(BackupDocument(operation: "restore", from: source, summary))) }
    }
}
