import Foundation
import LocateTestSupport
import Places
import Query
import Testing

/// Paging of station lists (issue 24): `--offset` and `offset=` read by `StationsRequest`
/// for both adapters; pages follow one another to the end, the same through both, and a page
/// with more after it names the next in `next_offset` and, over HTTP, a `Link` header.
@Suite struct StationPagingTests {
    @Test func pagesOfNearestAndNamedStationsThroughBothAdapters() throws {
        let db = try CLI.sampleDatabase(stations: true)
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        for (cli, http) in [
            (["--near", "50.06,19.94"], "/v1/stations/nearest?lat=50.06&lon=19.94"),
            (["--name", "sample"], "/v1/stations?name=sample"),
        ] {
            let at = "2026-11-21T12:00"
            let all = try CLI.run(["station"] + cli + ["--limit", "50", "--at", at, "--json", "--db", db])
            let allIDs = try Self.ids(all.stdout)
            #expect(allIDs.count == 6, "\(all.stderr)")
            var paged: [String] = []
            var offset: Int? = 0
            while let o = offset {
                let page = try CLI.run(
                    ["station"] + cli + ["--limit", "4", "--offset", "\(o)", "--at", at, "--json", "--db", db])
                let served = try server.get("\(http)&limit=4&offset=\(o)&at=\(at)")
                #expect(try JSONText.normalized(served.body) == JSONText.normalized(page.stdout), "\(http) offset \(o)")
                let document = try JSONSerialization.jsonObject(with: Data(page.stdout.utf8)) as? [String: Any]
                #expect(document?["offset"] as? Int == o)
                offset = document?["next_offset"] as? Int
                #expect(
                    served.headers["link"]
                        == offset.map {
                            "<\(http.split(separator: "?")[0])?\(http.split(separator: "?")[1])&limit=4&at=\(at)&offset=\($0)>; rel=\"next\""
                        })
                paged += try Self.ids(page.stdout)
            }
            #expect(paged == allIDs, "\(http)")
        }
        // Bookmarked stations are one list: no offset.
        let bookmarked = try CLI.run(["station", "--bookmarked", "--offset", "2", "--db", db])
        #expect(bookmarked.status == 64)
        #expect(bookmarked.stderr.hasPrefix("Error: --offset needs --near or --name\n"), "\(bookmarked.stderr)")
    }

    static func ids(_ json: String) throws -> [String] {
        let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return (document?["results"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }
}
