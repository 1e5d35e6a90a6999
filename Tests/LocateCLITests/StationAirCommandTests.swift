import Foundation
import LocateTestSupport
import Testing

/// `locate station` with air data fetched from the fake GIOŚ API on 127.0.0.1.
@Suite(.enabled(if: Fixtures.haveSharedDatasets && Fixtures.haveTool("python3"), "needs ../shared/datasets and python3"))
struct StationAirCommandTests {
    func database() throws -> (String, TestServer) {
        let dir = try Fixtures.temporaryFolder()
        let db = dir.appendingPathComponent("a.sqlite").path
        try CLI.ingest(["pipelines/gios-stations-v1.yml", "--db", db])
        let server = try TestServer.fakeGIOS()
        let port = server.port
        let pipeline = try Fixtures.write(
            """
            name: air-test
            kind: air
            dataset: gios-stations
            source:
              url: http://127.0.0.1:\(port)/ok/v1/rest
            timezone: Europe/Warsaw
            stations: [552]
            """, name: "air.yml", in: dir)
        let r = try CLI.ingest([pipeline, "--db", db, "--save-responses", dir.appendingPathComponent("resp").path])
        #expect(r.stderr.contains("changes: 148 added, 0 updated, 0 unchanged, 0 retired, 0 reactivated"))
        return (db, server)
    }

    @Test func latestValuesFreshnessAndAlerts() throws {
        let (db, server) = try database()
        defer { server.stop() }
        let near = try CLI.run(["station", "--near", "52.29,21.04", "--at", "2025-07-04T17:00", "--limit", "1", "--db", db])
        #expect(
            near.stdout == """
                #  distance  station                      id   city      index         eaqi       latest
                1     193 m  Warszawa, ul. Kondratowicza  552  Warszawa  1 Dobry (2h)  2 fair O3  NO 0.6 (2h), NO2 5.1 (3h), NOx 5.5 (2h), O3 84 (3h), PM10 7.6 (2h), PM2.5 2.3 (2h)

                """)
        // PM10 at 15:00 local is 2 hours old at 17:00: fresh within 3h, not within 1h.
        let fresh = try CLI.run(
            [
                "station", "--near", "52.0,20.4", "--at", "2025-07-04T17:00", "--param", "PM10", "--fresh-within", "3h",
                "--limit", "1", "--db", db,
            ])
        #expect(fresh.stdout.contains("Warszawa, ul. Kondratowicza"))
        let stale = try CLI.run(
            ["station", "--near", "52.0,20.4", "--at", "2025-07-04T17:00", "--param", "PM10", "--fresh-within", "1h", "--db", db])
        #expect(stale.status == 3)
        let alert = try CLI.run(
            [
                "station", "--near", "52.29,21.04", "--at", "2025-07-04T17:00", "--limit", "1", "--alert", "PM10>5", "--alert",
                "NO2>200", "--db", db,
            ])
        #expect(alert.status == 4)
        #expect(
            alert.stdout.hasSuffix(
                "ALERT Warszawa, ul. Kondratowicza (552): PM10 7.6 µg/m³ at 2025-07-04T15:00:00+02:00, over PM10>5\n"))
        let calm = try CLI.run(
            [
                "station", "--near", "52.29,21.04", "--at", "2025-07-04T17:00", "--limit", "1", "--alert", "PM10>50", "--json",
                "--db", db,
            ])
        #expect(calm.status == 0)
        #expect(calm.stdout.contains("\"alerts\" : [\n\n  ]") || calm.stdout.contains("\"alerts\" : []"))
        // Stations in GeoJSON, with the newest values as of --at.
        let geo = try CLI.run([
            "export", "geojson", "--kind", "stations", "--at", "2025-07-04T17:00", "--tz", "Europe/Warsaw", "--db", db,
        ])
        #expect(geo.status == 0)
        #expect(geo.stdout.contains("\"id\":\"gios-stations/552\""))
        #expect(
            geo.stdout.contains(
                "\"index_calculated_at\":\"2025-07-04T14:35:10+02:00\",\"index_category\":\"Dobry\",\"index_level\":1,"))
        #expect(geo.stdout.contains("\"measured_at_pm10\":\"2025-07-04T15:00:00+02:00\""))
        #expect(geo.stdout.contains("\"value_pm10\":7.6,"))
        let bad = try CLI.run(["station", "--near", "52.29,21.04", "--alert", "PM10 above 50", "--db", db])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: --alert 'PM10 above 50' is not a rule such as PM10>50"))
    }
}
