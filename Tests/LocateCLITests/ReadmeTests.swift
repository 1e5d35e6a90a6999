import Foundation
import LocateTestSupport
import Testing

/// README documents every command (a new command without a section fails here).
@Suite struct ReadmeTests {
    @Test func everySubcommandHasAReadmeSection() throws {
        let help = try CLI.run(["--help"]).stdout
        let readme = try String(contentsOfFile: Fixtures.repo("README.md"), encoding: .utf8)
        let section = help.components(separatedBy: "SUBCOMMANDS:").last ?? ""
        // Subcommand lines are indented by exactly two spaces; wrapped help text by more.
        let names = section.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), !line.contains("See '") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }
        #expect(
            names.sorted() == [
                "backup", "bookmark", "export", "hours", "ingest", "network", "restore", "review", "runs", "serve", "station",
                "status", "toilet", "token", "updates",
            ])
        for name in names { #expect(readme.contains("### `locate \(name)`"), "README lacks a section for locate \(name)") }
    }
}
