import ArgumentParser
import Foundation
import Storage

/// `locate backup DEST`: a consistent copy of the database, safe while it is in use.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the database to DEST, consistently, while it may be in use.",
        discussion: """
            The copy is one committed state (SQLite's VACUUM INTO), made while locate serve answers and takes \
            contributions or an ingest runs, checked with PRAGMA integrity_check, then put in place by a rename \
            (an older DEST is replaced only by a complete copy). It is one self-contained file holding everything \
            that cannot be rebuilt: places, runs, contributions and their photos' records, tokens, the salt of client \
            hashes. Derived files (.kdt, street networks) are not copied: they are rebuilt when missing. Bring a copy \
            back with `locate restore`. A summary goes to stderr; --json prints a backup/1 document on stdout.
            """
    )

    @Argument(help: ArgumentHelp("The file to write (replaced when it exists).", valueName: "DEST"))
    var destination: String

    @OptionGroup var output: JSONOptions
    @OptionGroup var store: StoreOptions

    func run() throws {
        guard store.path != destination else {
            throw ValidationError("DEST is the database itself: name another file")
        }
        try OutputPath.checkWritableFile(destination, option: "DEST")
        let summary = try DatabaseBackup.backup(database: store.path, to: destination)
        Console.note("backed up \(store.path) to \(destination): \(BackupDocument.counts(summary)) (integrity ok)")
        if output.json { Console.out(try jsonText(BackupDocument(operation: "backup", from: store.path, summary))) }
    }
}
