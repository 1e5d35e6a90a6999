import Testing

@testable import LocateCLI

/// The start-up rules `Locate.startupProblems` states (every command named explicitly, only
/// `ingest` asynchronous): each broken rule costs every query a scan of the binary's
/// conformance records (docs/benchmarks.md).
@Suite struct StartupCostTests {
    @Test func everyCommandIsNamedAndOnlyIngestIsAsync() {
        #expect(Locate.startupProblems == [])
    }

    /// The walk reaches nested commands, so the rule above covers them.
    @Test func theTreeIncludesNestedCommands() {
        let names = Locate.commandNames
        #expect(names.first == "locate")
        for nested in ["add", "remove", "list", "geojson", "snapshot", "eval", "normalize", "show"] {
            #expect(names.contains(nested), "\(nested) is missing from \(names)")
        }
    }
}
