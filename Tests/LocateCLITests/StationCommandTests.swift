import Foundation
import LocateTestSupport
import Testing

/// `locate station` on the bundled station list alone (no air data).
@Suite struct StationCommandTests {
    @Test func nearestAndNamedOnTheSample() throws {
        let db = try Fixtures.temporaryFolder().appendingPathComponent("s.sqlite").path
        let i = try CLI.run(["ingest", "pipelines/gios-stations-sample.yml", "--db", db])
        #expect(i.status == 0)
        #expect(i.stderr.contains("rejected station 6 (9006): gegrLat: latitude 'brak' is not a number\n"))
        let near = try CLI.run(["station", "--near", "52.2297,21.0122", "--limit", "2", "--db", db])
        #expect(
            near.stdout == """
                #   distance  station                         id    city      index  eaqi  latest
                1        0 m  Warszawa, ul. Testowa (sample)  9003  Warszawa  -      -     -
                2  119.02 km  Łódź - Przykładowa (sample)     9002  Łódź      -      -     -

                """)
        let named = try CLI.run(["station", "--name", "LODZ", "--db", db])
        #expect(named.stdout.contains("Łódź - Przykładowa (sample)"))
        let none = try CLI.run(["station", "--name", "Poznań", "--db", db])
        #expect(none.status == 3)
        #expect(none.stderr == "no station matches\n")
        let usage = try CLI.run(["station", "--db", db])
        #expect(usage.status == 64)
        #expect(usage.stderr.hasPrefix("Error: give one of --near LAT,LON, --name TEXT or --bookmarked"))
    }
}
