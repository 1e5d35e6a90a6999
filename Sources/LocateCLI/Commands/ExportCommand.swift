import ArgumentParser
import Export
import Foundation
import Storage

/// `locate export geojson|snapshot`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Publish the data: RFC 7946 GeoJSON, or a static snapshot folder for map clients.",
        subcommands: [GeoJSON.self, Snapshot.self]
    )

    struct GeoJSON: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "geojson",
            abstract: "Write one dataset as an RFC 7946 FeatureCollection.",
            discussion: """
                Features are sorted by id, coordinates have at most 7 decimals, retired records are left out, \
                and the same data (and --at) always gives the same bytes. Writes to stdout unless --out names \
                a file: a regular file is written under a temporary name beside it and renamed over it only \
                when complete (a failed export leaves it as it was); a device, a pipe or a path under /dev \
                (/dev/stdout) is written directly; a folder is refused. Every write is checked: a full disk \
                is an error (exit 1). --at adds each toilet's opening state at that time; without it, no \
                state is written. --json prints a summary (export-summary/1) on stdout and needs --out FILE.
                """
        )

        @Option(help: "The dataset.")
        var dataset = DatasetChoice.toilets

        @Option(help: ArgumentHelp("Output file; - or none: stdout.", valueName: "FILE"))
        var out: String?

        /// The file named, or nil for standard output.
        var file: String? { out == "-" ? nil : out }

        @OptionGroup var time: TimeOptions
        @OptionGroup var output: JSONOptions
        @OptionGroup var store: StoreOptions

        func validate() throws {
            if output.json && file == nil { throw ValidationError("--json needs --out FILE (the GeoJSON would go to stdout)") }
        }

        func run() throws {
            let db = try LocateStore(readingAt: store.path)
            let at = time.instant(default: "Europe/Prague")
            let s = try GeoJSONExporter(store: db).write(dataset: dataset.rawValue, to: file, at: at)
            guard let out = file else { return }
            if output.json {
                Console.out(try jsonText(ExportSummaryDocument(geojson: s, dataset: dataset.rawValue, out: out)))
            } else {
                Console.note(ExportText.geojson(s, out: out))
            }
        }
    }

    struct Snapshot: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "snapshot",
            abstract: "Write a static snapshot folder: manifest, full file, spatial shards, changes, preview page.",
            discussion: """
                DIR becomes a symbolic link to DIR.v/N, the current snapshot: each export builds the next \
                one in DIR.v and publishes it with one atomic rename of the link, so a failure or a kill \
                leaves the old snapshot as it was; the one before is kept, older ones and leftovers of \
                killed runs are removed. DIR must be new, an empty folder, or a snapshot of locate's: \
                anything else is refused, never overwritten. changes.json lists what was added, updated \
                and retired since the snapshot being replaced. The generation time is --at or the newest \
                ingest, never the clock. --json prints a summary (export-summary/1) on stdout.
                """
        )

        @Option(help: ArgumentHelp("The snapshot: new, an empty folder, or an earlier snapshot.", valueName: "DIR"))
        var out: String

        @OptionGroup var time: TimeOptions
        @OptionGroup var output: JSONOptions
        @OptionGroup var store: StoreOptions

        func run() throws {
            let db = try LocateStore(readingAt: store.path)
            let s = try SnapshotWriter(store: db).write(to: out, at: time.instant(default: "Europe/Prague"))
            if output.json {
                Console.out(try jsonText(ExportSummaryDocument(snapshot: s, out: out)))
            } else {
                Console.note(ExportText.snapshot(s, out: out))
            }
        }
    }
}
