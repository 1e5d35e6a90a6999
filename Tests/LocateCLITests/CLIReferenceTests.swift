import Foundation
import LocateTestSupport
import Testing

/// docs/cli.md is the CLI reference generated from the real `--help` texts: it fails when
/// the file is stale or a command is missing. `UPDATE_CLI_DOC=1` rewrites it
/// (scripts/cli-doc.sh).
@Suite struct CLIReferenceTests {
    /// `--help` of a command, at the fixed width the reference uses.
    static func help(_ command: [String]) throws -> String {
        let r = try CLI.run(command + ["--help"], env: ["COLUMNS": "100"])
        #expect(r.status == 0, "locate \(command.joined(separator: " ")) --help: \(r.stderr)")
        return r.stdout
    }

    /// The subcommand names a help text lists (lines indented by exactly two spaces).
    static func subcommands(in help: String) -> [String] {
        guard let section = help.components(separatedBy: "SUBCOMMANDS:\n").dropFirst().first else { return [] }
        return section.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), !line.contains("See '") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }
    }

    /// Every command path, depth first: `[]`, `["ingest"]`, …, `["export", "geojson"]`.
    static func commands(under path: [String] = []) throws -> [(path: [String], help: String)] {
        let text = try help(path)
        var all = [(path, text)]
        for name in subcommands(in: text) { all += try commands(under: path + [name]) }
        return all
    }

    /// The whole reference document.
    static func reference() throws -> String {
        var doc = """
            # `locate` command reference

            Generated from the real `--help` texts (100 columns); do not edit by hand. Regenerate with
            `scripts/cli-doc.sh` (it runs `UPDATE_CLI_DOC=1 swift test --skip-build --filter CLIReferenceTests`).
            The JSON documents the commands write are described in [json.md](json.md).

            """
        for (path, text) in try commands() {
            doc += "\n## `\((["locate"] + path).joined(separator: " "))`\n\n```text\n\(text)```\n"
        }
        // The HTTP helper `locate ingest` runs, built beside `locate`.
        let fetch = (CLI.binary as NSString).deletingLastPathComponent + "/locate-fetch"
        let r = try Fixtures.run(fetch, ["--help"], environment: ["COLUMNS": "100"])
        #expect(r.status == 0, "locate-fetch --help: \(r.stderr)")
        doc += "\n## `locate-fetch`\n\n```text\n\(r.stdout)```\n"
        return doc
    }

    @Test func referenceMatchesTheHelpTexts() throws {
        let expected = try CLIReferenceTests.reference()
        let path = Fixtures.repo("docs/cli.md")
        if ProcessInfo.processInfo.environment["UPDATE_CLI_DOC"] == "1" {
            try expected.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let actual = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        for (command, _) in try CLIReferenceTests.commands() {
            let heading = "## `\((["locate"] + command).joined(separator: " "))`"
            #expect(actual.contains(heading + "\n"), "docs/cli.md lacks \(heading): run scripts/cli-doc.sh")
        }
        #expect(actual == expected, "docs/cli.md is stale: run scripts/cli-doc.sh")
    }

    @Test func theReferenceListsEveryCommand() throws {
        let paths = try CLIReferenceTests.commands().map { $0.path.joined(separator: " ") }
        #expect(
            paths == [
                "", "ingest", "toilet", "toilet show", "station", "station show", "bookmark", "bookmark add", "bookmark remove",
                "bookmark list", "runs", "status", "updates", "hours", "hours eval", "hours normalize", "hours read", "export",
                "export geojson",
                "export snapshot",
                "serve", "review", "review list", "review show", "review approve", "review reject", "review conflicts",
                "review prune-photos",
                "token", "token create", "token revoke", "token list", "network", "network build", "network list", "backup",
                "restore",
            ])
    }
}
