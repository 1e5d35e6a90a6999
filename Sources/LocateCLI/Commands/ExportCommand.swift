import ArgumentParser
import Export
import Foundation
import Hours
import Storage

/// `locate export geojson|snapshot`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Publish the data: RFC 7946 GeoJSON, or a static snapshot folder for map clients.",
        subcommands: [GeoJSON.self, Snapshot.self]
    )

    /// `--at` in `--tz`, shared by both subcommands.
    struct TimeOptions: ParsableArguments {
        @Option(
            help: ArgumentHelp(
                "Add each toilet's opening state at this wall-clock time (YYYY-MM-DDTHH:MM in --tz).", valueName: "TIME"))
        var at: String?

        @Option(help: ArgumentHelp("Time zone of --at.", valueName: "ZONE"))
        var tz = "Europe/Prague"

        func validate() throws {
            guard let zone = TimeZone(identifier: tz) else { throw ValidationError("--tz '\(tz)' is not an IANA time zone") }
            if let at, WallClock.instant(at, in: zone) == nil {
                throw ValidationError("--at '\(at)' is not a wall-clock time YYYY-MM-DDTHH:MM")
            }
        }

        var instant: Date? { TimeZone(identifier: tz).flatMap { zone in at.flatMap { WallClock.instant($0, in: zone) } } }
    }

    struct GeoJSON: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "geojson",
            abstract: "Write one dataset as an RFC 7946 FeatureCollection.",
            discussion: """
                Features are sorted by id, coordinates have at most 7 decimals, retired records are left out, \
                and the same data (and --at) always gives the same bytes. Writes to stdout unless --out names \
                a file (written under a temporary name and renamed into place).
                """
        )

        @Option(help: "The dataset: toilets.")
        var dataset = "toilets"

        @Option(help: ArgumentHelp("Output file (default: stdout).", valueName: "FILE"))
        var out: String?

        @OptionGroup var time: TimeOptions
        @OptionGroup var store: StoreOptions

        func run() throws {
            try reportingErrors {
                let db = try LocateStore(readingAt: store.path)
                let s = try GeoJSONExporter(store: db).write(dataset: dataset, to: out, at: time.instant)
                if let out {
                    Console.note("wrote \(s.count) features to \(out) (\(s.bytes) bytes, sha256 \(s.sha256.prefix(12)))")
                }
            }
        }
    }

    struct Snapshot: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a static snapshot folder: manifest, full file, spatial shards, changes, preview page.",
            discussion: """
                The folder is built beside DIR and swapped in at the end: a failure leaves the old snapshot \
                as it was. changes.json lists what was added, updated and retired since the snapshot being \
                replaced. The generation time is --at or the newest ingest, never the clock.
                """
        )

        @Option(help: ArgumentHelp("The snapshot folder.", valueName: "DIR"))
        var out: String

        @OptionGroup var time: TimeOptions
        @OptionGroup var store: StoreOptions

        func run() throws {
            try reportingErrors {
                let db = try LocateStore(readingAt: store.path)
                let s = try SnapshotWriter(store: db).write(to: out, at: time.instant)
                let counts = s.datasets.map { d in
                    "\(d.count) \(d.name)" + (d.name == "toilets" ? " in \(s.shards) shards" : "")
                }
                var line = "wrote snapshot \(out): " + counts.joined(separator: ", ")
                let changes = s.datasets.compactMap { d -> String? in
                    guard let a = d.added, let u = d.updated, let r = d.retired else { return nil }
                    return "\(d.name) \(a) added, \(u) updated, \(r) retired"
                }
                if !changes.isEmpty { line += "; since the previous one: " + changes.joined(separator: "; ") }
                Console.note(line)
            }
        }
    }
}
