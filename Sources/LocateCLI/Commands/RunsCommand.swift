import ArgumentParser
import Foundation
import Storage

/// `locate runs`: the ingest history.
struct RunsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "runs",
        abstract: "List ingest runs with their counts and provenance."
    )

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var store: StoreOptions

    func run() throws {
        try reportingErrors {
            let runs = try LocateStore(readingAt: store.path).runs()
            if json {
                Console.out(try jsonText(runs))
                return
            }
            guard !runs.isEmpty else {
                Console.note("no ingest runs in \(store.path)")
                throw Exit.noResult
            }
            var t = Table(
                headers: [
                    "run", "finished (UTC)", "pipeline", "read", "ok", "rej", "added", "upd", "same", "retired", "crs", "sha256",
                ],
                rightAligned: [0, 3, 4, 5, 6, 7, 8, 9])
            for r in runs {
                t.rows.append([
                    "\(r.id)", r.finishedAt, r.pipeline, "\(r.read)", "\(r.accepted)", "\(r.rejected)", "\(r.counts.added)",
                    "\(r.counts.updated)", "\(r.counts.unchanged)", "\(r.counts.retired)", r.sourceCRS,
                    String(r.sourceSHA256.prefix(12)),
                ])
            }
            Console.out(t.render())
        }
    }
}
