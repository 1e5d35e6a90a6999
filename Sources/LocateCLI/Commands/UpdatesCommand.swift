import ArgumentParser
import Foundation
import Query
import Storage

/// `locate updates --since TIME`: what ingests changed since then, as `GET /v1/updates`.
struct UpdatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "updates",
        abstract: "The places added, updated and retired since an instant, per dataset (as GET /v1/updates).",
        discussion: """
            Counts the changes of the ingest runs that finished after --since, per dataset and kind; \
            --json prints updates/1 with every global id (the document GET /v1/updates?since= serves). \
            Exits 3 when nothing changed since then.
            """
    )

    @Option(help: ArgumentHelp("An RFC 3339 instant with offset (2026-11-01T00:00:00Z).", valueName: "TIME"))
    var since: String

    @OptionGroup var output: JSONOptions
    @OptionGroup var store: StoreOptions

    /// The question these options ask; a field at fault is a usage error naming its option.
    var request: UpdatesRequest {
        get throws { try ToiletQuery.usage { try UpdatesRequest(values: [.since: [since]]) } }
    }

    func validate() throws { _ = try request }

    func run() throws {
        let db = try LocateStore(readingAt: store.path)
        let document = try request.answer(store: db, version: try db.dataVersion())
        if output.json {
            Console.out(try jsonText(document))
        } else if !document.datasets.isEmpty {
            var t = Table(headers: ["dataset", "kind", "added", "updated", "retired"], rightAligned: [2, 3, 4])
            for d in document.datasets {
                t.rows.append([d.dataset, d.kind, "\(d.added.count)", "\(d.updated.count)", "\(d.retired.count)"])
            }
            Console.text(t.render())
        }
        if document.datasets.isEmpty { throw CLIError.noResult("nothing changed since \(since)") }
    }
}
