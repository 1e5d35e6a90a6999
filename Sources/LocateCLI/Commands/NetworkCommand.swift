import ArgumentParser
import Foundation
import Geo
import Routing

/// `locate network build|list`: the street networks `--by foot|wheelchair` routes over.
struct NetworkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "network",
        abstract: "Build and list the street networks that routes by foot or wheelchair use.",
        discussion: """
            A network is built from an OpenStreetMap extract (.osm.pbf or .osm) with Routino's \
            planetsplitter into DB.network/NAME beside the database, and recorded there with the area \
            its ways cover and its source (network.json). A rebuild replaces it at once: a query sees \
            the old network or the new one, never half of one. `locate toilet --by foot` uses the \
            network whose area holds --near (docs/routing.md).
            """,
        subcommands: [Build.self, List.self]
    )

    /// `locate network build EXTRACT`.
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "build", abstract: "Build (or rebuild) a street network from an OSM extract.")

        @Argument(help: ArgumentHelp("The OpenStreetMap extract: .osm.pbf or .osm.", valueName: "EXTRACT"))
        var source: String

        @Option(
            help: ArgumentHelp(
                "The network's name (default: the extract's file name without .osm.pbf / .osm).", valueName: "NAME"))
        var name: String?

        @OptionGroup var store: StoreOptions

        /// The name asked for, else the extract's base name.
        var networkName: String {
            if let name { return name }
            var base = (source as NSString).lastPathComponent
            for suffix in [".osm.pbf", ".pbf", ".osm"] where base.hasSuffix(suffix) {
                base.removeLast(suffix.count)
                break
            }
            return base
        }

        func run() throws {
            let m = try NetworkBuilder().build(
                source: source, databasePath: store.path, name: networkName, builtAt: Date())
            Console.text(NetworkCommand.describe(m, folder: NetworkCatalog.folder(forDatabase: store.path)))
        }
    }

    /// `locate network list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the street networks built beside the database. Exits 3 when there is none.")

        @OptionGroup var store: StoreOptions

        func run() throws {
            let all = try NetworkCatalog.list(databasePath: store.path)
            guard !all.isEmpty else {
                throw CLIError.noResult(
                    "no street network beside \(store.path) (build one: locate network build EXTRACT.osm.pbf)")
            }
            let folder = NetworkCatalog.folder(forDatabase: store.path)
            Console.text(all.map { NetworkCommand.describe($0, folder: folder) }.joined(separator: "\n"))
        }
    }

    /// One line per network: `helsinki-centre  3059 nodes  lat 60.164158…60.179107 lon …  from … (built …)`.
    static func describe(_ m: NetworkManifest, folder: String) -> String {
        let b = m.bbox
        func f(_ v: Double) -> String { String(format: "%.6f", v) }
        return
            "\(m.name)  \(m.nodes) nodes  lat \(f(b.minLatitude))…\(f(b.maxLatitude))  lon \(f(b.minLongitude))…\(f(b.maxLongitude))  from \(m.source)  built \(m.builtAt)  in \(folder)/\(m.name)"
    }
}
