import ArgumentParser
import Foundation
import Query
import Storage

/// `locate runs`: the ingest history.
struct RunsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "runs",
        abstract: "List ingest runs with their counts and provenance.",
        discussion: "Exits 3 when the database has no ingest runs (with --json, after printing an empty list)."
    )

    @OptionGroup var output: JSONOptions
    @OptionGroup var store: StoreOptions

    func run() throws {
        let db = try LocateStore(readingAt: store.path)
        let runs = try db.runs()
        if output.json {
            Console.out(try jsonText(RunsDocument(runs: runs)))
        } else if !runs.isEmpty {
            Console.out(RunTable.render(runs))
        }
        if runs.isEmpty { throw CLIError.noResult("no ingest runs in \(store.path)") }
    }
}
