import Foundation
import LocateTestSupport
import Testing

/// `locate export snapshot --api URL` (issue 14, item 6): the preview map then takes
/// contributions for that server; a URL that is not one is a usage error.
@Suite struct ContributeOptionTests {
    @Test(arguments: ["ftp://example.org", "example.org", "https://", "https://example.org/?x=1", "https://example.org/#map"])
    func anAPIThatIsNotAnHTTPURLIsAUsageError(api: String) throws {
        let r = try CLI.run(["export", "snapshot", "--out", "/nonexistent/site", "--api", api, "--db", "/nonexistent/x.sqlite"])
        #expect(r.status == 64)
        let message =
            "Error: --api '\(api)' is not an http(s) URL of a locate serve such as https://example.org (no query or fragment)"
        #expect(r.stderr.hasPrefix(message), "\(r.stderr)")
    }

    /// The base URL goes into the page's data without its trailing slash; without --api the
    /// page has no contribution panel and its data says `"api":null`.
    @Test func theAPIReachesThePage() throws {
        let db = try CLI.sampleDatabase()
        let folder = try Fixtures.temporaryFolder()
        let with = folder.appendingPathComponent("with").path
        let r = try CLI.run(["export", "snapshot", "--out", with, "--api", "https://example.org/locate/", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: with + "/data.js", encoding: .utf8).contains("\"api\":\"https://example.org/locate\""))
        #expect(try String(contentsOfFile: with + "/index.html", encoding: .utf8).contains("<div id=\"contrib\" hidden>"))
        let without = folder.appendingPathComponent("without").path
        #expect(try CLI.run(["export", "snapshot", "--out", without, "--db", db]).status == 0)
        #expect(try String(contentsOfFile: without + "/data.js", encoding: .utf8).contains("\"api\":null"))
        #expect(try !String(contentsOfFile: without + "/index.html", encoding: .utf8).contains("contrib"))
    }
}
