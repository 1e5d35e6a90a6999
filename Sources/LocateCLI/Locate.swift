import ArgumentParser

/// The `locate` command: the root only lists subcommands (`LocateMain` runs it).
struct Locate: ParsableCommand {
    /// The version `locate --version` prints.
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "locate",
        abstract: "Load open place data into SpatiaLite and answer nearest-place questions.",
        discussion: """
            Exit codes: 0 success, 1 error (bad input, storage, network), 3 no result, 4 alert threshold exceeded (locate station --alert), 5 an alert rule could not be judged (no value, or too old; locate station --alert) or a dataset is stale (locate status), 64 usage error, 130 or 143 locate ingest interrupted by SIGINT or SIGTERM (nothing of the run stored unless the message says so); 6 more bad input rows than --max-bad-rows (locate toilet|station --near-file).

            The database is ./locate.sqlite unless --db or LOCATE_DB names another.

            With --json, answers go to stdout as JSON (docs/json.md) and a failure, usage errors included, is one object on stderr: {"schema":"error/1","error":{"message":…,"exit_code":N}}.
            """,
        version: Locate.version,
        subcommands: [
            IngestCommand.self, ToiletCommand.self, StationCommand.self, BookmarkCommand.self, RunsCommand.self,
            StatusCommand.self, UpdatesCommand.self,
            HoursCommand.self, ExportCommand.self, ServeCommand.self, ReviewCommand.self, TokenCommand.self, NetworkCommand.self,
            BackupCommand.self, RestoreCommand.self,
        ]
    )
}
