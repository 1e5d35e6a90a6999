import Foundation
import LocateTestSupport
import Testing

/// Issue 27, item 5: the served map's Content-Security-Policy allows no inline script (nor
/// inline style), and the page still draws every place under it.
@Suite struct PreviewPolicyTests {
    /// The policy's directives by name, each with its sources.
    static func directives(_ policy: String) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for part in policy.split(separator: ";") {
            let words = part.split(separator: " ").map(String.init)
            if let name = words.first { out[name] = Array(words.dropFirst()) }
        }
        return out
    }

    @Test func thePolicyAllowsNoInlineScriptOrStyle() throws {
        let server = try ServeProcess(db: try CLI.sampleDatabase())
        defer { server.stop() }
        let policy = try #require(try server.get("/").headers["content-security-policy"])
        let directives = PreviewPolicyTests.directives(policy)
        #expect(directives["script-src"] == ["'self'"])
        #expect(directives["style-src"] == ["'self'"])
        #expect(directives["default-src"] == ["'self'"])
        #expect(!policy.contains("unsafe"))
    }

    /// Chromium opens the page from the server (so the policy applies): one marker per toilet
    /// and station made by the page's script files (drawn when in view), the colours as classes of its style
    /// sheet, and nothing the policy refused (Chromium logs each refusal to the console).
    @Test(.enabled(if: Fixtures.haveTool("chromium"), "chromium is not installed: browser check skipped"))
    func theServedPageDrawsItsMarkersUnderThePolicy() throws {
        let server = try ServeProcess(db: try CLI.sampleDatabase(stations: true))
        defer { server.stop() }
        let flags = [
            "--headless", "--disable-gpu", "--no-sandbox", "--virtual-time-budget=10000", "--window-size=1200,800",
            "--enable-logging=stderr", "--v=0",
        ]
        let url = "http://127.0.0.1:\(server.port)/#id=prague-toilets-sample/05bddb4231d5@50.086120,14.418020"
        let r = try Fixtures.run("/usr/bin/timeout", ["120", "chromium"] + flags + ["--dump-dom", url])
        try #require(r.status == 0, "chromium: \(r.stderr.suffix(500))")
        // 18 markers made; the clustered layers draw only those in view (zoom 17 at Karlova).
        #expect(r.stdout.contains("data-markers=\"18\""))
        #expect(r.stdout.contains("data-zoom=\"17\""))
        #expect(r.stdout.contains("<i class=\"dot state-open\"></i>open<br>"))
        #expect(r.stdout.contains("<i class=\"level-none\"></i>no index"))
        // The toilets' dots in view, coloured by their state's class (the stations, in
        // Poland, are out of view and not drawn).
        #expect(!r.stdout.matches(of: /<div class="state-(open|closed|unknown)"><\/div>/).isEmpty)
        #expect(!r.stderr.contains("Content Security Policy"), "\(r.stderr.suffix(2000))")
        #expect(r.stdout.contains("Hours: po-pá 8:00-20:00; so-ne 10:00-18:00"))
        #expect(r.stdout.contains("<div class=\"contrib-actions\"><button type=\"button\">suggest an edit</button>"))
    }
}
