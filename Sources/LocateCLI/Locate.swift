import ArgumentParser

/// The `locate` command: the root only lists subcommands (async, because `ingest` awaits HTTP).
@main
struct Locate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locate",
        abstract: "Load open place data into SpatiaLite and answer nearest-place questions.",
        discussion: """
            Exit codes: 0 success, 1 error (bad input, storage, network), 3 no result, 4 alert threshold exceeded (locate station --alert), 64 usage error.

            The database is ./locate.sqlite unless --db or LOCATE_DB names another.
            """,
        version: "0.1.0",
        subcommands: [
            IngestCommand.self, ToiletCommand.self, StationCommand.self, RunsCommand.self, HoursCommand.self, ExportCommand.self,
        ]
    )
}
