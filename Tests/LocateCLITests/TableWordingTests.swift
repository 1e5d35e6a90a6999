import LocateTestSupport
import Testing

/// Human tables say what the JSON says (regressions found re-running README's examples).
@Suite struct TableWordingTests {
    /// The station table's match column uses the JSON's names (`substring`, was `contains`).
    @Test func nameMatchesUseTheContractWords() throws {
        let db = try CLI.sampleDatabase()
        try CLI.ingest(["pipelines/gios-stations-sample.yml", "--db", db])
        let r = try CLI.run(["station", "--name", "ample", "--limit", "1", "--db", db])
        #expect(r.status == 0)
        #expect(
            r.stdout == """
                #      match  station                   id    city    index  eaqi  latest
                1  substring  Gdańsk Wzorcowa (sample)  9004  Gdańsk  -      -     -

                """)
    }

    /// A toilet whose hours text is blank reads "unknown: no hours given" (was "unknown:").
    @Test func blankHoursReadAsNoHoursGiven() throws {
        let db = try CLI.sampleDatabase()
        let r = try CLI.run([
            "toilet", "--near", "50.0896,14.4403", "--at", "2026-11-23T12:00", "--include-unknown", "--limit", "1", "--db", db,
        ])
        #expect(r.status == 0)
        #expect(
            r.stdout.hasSuffix("1     153 m  NW   Florenc (sample)  unknown: no hours given  free   unknown\n"), "\(r.stdout)")
    }
}
