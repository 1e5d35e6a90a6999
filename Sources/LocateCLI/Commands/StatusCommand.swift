import ArgumentParser
import Contract
import Foundation
import Ingest
import Query
import Storage

/// `locate status`: what a monitor reads, as `GET /v1/status` serves it (`StatusReport`).
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Per dataset: the last run, the age of the newest data and whether it is stale (as GET /v1/status).",
        discussion: """
            A feed is stale when its newest value is older than its expected interval times 3 (GIOŚ air data: \
            hourly, so 3 h); toilets and stations are never stale unless --fresh-within is given, which sets the \
            age for every dataset. The replication sequence of OSM diffs is shown as the last run left it; with the pipelines named, also \
            how many diffs of their source.changes folder are not applied yet (more than 1 is stale). Times \
            are shown in --tz (default UTC). --json prints status/1 (the document GET /v1/status serves). Exits 0 \
            when everything is fresh, 5 when a dataset is stale, 3 when the database has no ingest runs.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "Pipelines whose source.changes folder says how far behind its OSM dataset is (the newest diff's sequence).",
            valueName: "PIPELINE"))
    var pipelines: [String] = []

    @Option(
        name: .customLong("fresh-within"),
        help: ArgumentHelp("The largest age still fresh, for every dataset (90m, 3h, 2d).", valueName: "AGE"))
    var freshWithin: String?

    @OptionGroup var time: TimeOptions<UTCZone>
    @OptionGroup var output: JSONOptions
    @OptionGroup var store: StoreOptions

    /// `--fresh-within` in seconds, or nil.
    var freshWithinSeconds: TimeInterval? {
        get throws {
            try freshWithin.map { text in
                guard let s = Quantity.seconds(text) else {
                    throw ValidationError("--fresh-within '\(text)' \(Quantity.ageReason)")
                }
                return s
            }
        }
    }

    func validate() throws { _ = try freshWithinSeconds }

    func run() throws {
        let db = try LocateStore(readingAt: store.path)
        var sources: [String: Int64] = [:]
        for path in pipelines {
            if let newest = try ReplicationSource.newest(pipeline: path) { sources[newest.dataset] = newest.sequence }
        }
        let report = try StatusReport.read(
            from: db, at: time.instant() ?? Date(), freshWithin: try freshWithinSeconds, sourceSequences: sources)
        if output.json {
            Console.out(try jsonText(report))
        } else if !report.datasets.isEmpty {
            let zone = time.zone()
            var t = Table(
                headers: ["dataset", "kind", "run", "finished", "newest data", "age", "fresh within", "sequence", "state"],
                rightAligned: [2, 5, 7])
            for d in report.datasets {
                let finished = InstantText.instant(d.run.finishedAt).map { InstantText.text($0, in: zone) } ?? d.run.finishedAt
                t.rows.append([
                    d.run.dataset, d.run.kind, "\(d.run.id)", finished,
                    d.newestDataAt.map { InstantText.text($0, in: zone) } ?? "-",
                    d.newestDataAt.map { Quantity.ageText(max(0, report.at.timeIntervalSince($0))) } ?? "-",
                    d.maxAgeSeconds.map(Quantity.ageText) ?? "-",
                    d.run.replicationSequence.map { "\($0)" + (d.sequencesBehind.map { " (\($0) behind)" } ?? "") } ?? "-",
                    d.stale ? "STALE" : "fresh",
                ])
            }
            Console.text(t.render())
        }
        if report.datasets.isEmpty { throw CLIError.noResult("no ingest runs in \(store.path)") }
        if !report.isFresh {
            throw CLIError.unjudged(
                "stale: " + report.datasets.filter(\.stale).map(\.run.dataset).joined(separator: ", "))
        }
    }
}

/// `locate status`: UTC.
enum UTCZone: ZoneDefault {
    static let identifier: String? = "UTC"
}
