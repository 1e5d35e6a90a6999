import ArgumentParser
import Contract
import Foundation
import Query
import Storage

/// `locate runs`: the ingest history.
struct RunsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "runs",
        abstract: "List ingest runs with their counts and provenance.",
        discussion: """
            Each run with its dataset and the source's release date (`released:` in the pipeline; - when \
            it states none). Exits 3 when the database has no ingest runs (with --json, after printing \
            an empty list).
            """
    )

    @OptionGroup var output: JSONOptions
    @OptionGroup var formats: FormatOptions
    @OptionGroup var store: StoreOptions

    func validate() throws { _ = try formats.resolved(json: output.json) }

    func run() throws {
        let db = try LocateStore(readingAt: store.path)
        let runs = try db.runs()
        switch try formats.resolved(json: output.json) {
        case .json: Console.out(try jsonText(RunsDocument(runs: runs)))
        case .csv: Console.out(String(decoding: try ContractCSV.encode(runs.map(ReplicatedRun.init)), as: UTF8.self))
        case .table where !runs.isEmpty: Console.text(RunTable.render(runs))
        case .table, .geojson: break
        }
        if runs.isEmpty { throw CLIError.noResult("no ingest runs in \(store.path)") }
    }
}
