import Foundation
import LocateTestSupport
import Places
import Testing

@testable import Serve

/// `GET /metrics` (Prometheus text) and `GET /v1/status` (status/1), issue 35 §5.
@Suite struct ServeMetricsTests {
    /// `promtool`, which checks an exposition (Debian `prometheus`, scripts/setup.sh --test).
    static let promtool = ["/usr/bin/promtool", "/usr/local/bin/promtool"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test func labelValuesAndNumbersAreWrittenAsTheFormatSays() {
        #expect(PrometheusText.escaped(#"a"b\c"# + "\nd") == #"a\"b\\c\nd"#)
        #expect(PrometheusText.number(3) == "3")
        #expect(PrometheusText.number(0.25) == "0.25")
        #expect(PrometheusText.number(.infinity) == "+Inf")
        var p = PrometheusText()
        p.family("x_total", "counter", help: "X.")
        p.sample("x_total", [("route", "/v1/{id}"), ("status", "200")], 2)
        #expect(p.text == "# HELP x_total X.\n# TYPE x_total counter\nx_total{route=\"/v1/{id}\",status=\"200\"} 2\n")
    }

    /// Durations land in every bucket at or above them (the buckets are cumulative).
    @Test func theHistogramIsCumulative() {
        let m = ServeMetrics()
        m.record(route: "/a", status: 200, seconds: 0.003, client: "c")
        m.record(route: "/a", status: 200, seconds: 0.3, client: "c")
        m.record(route: "/a", status: 429, seconds: 20, client: "d")
        m.record(route: "/a", status: 429, seconds: 0.001, client: "d")
        let s = m.snapshot()
        #expect(s.requests.map { "\($0.0.route) \($0.0.status) \($0.1)" } == ["/a 200 2", "/a 429 2"])
        let h = s.durations.first?.1
        #expect(h?.buckets == [2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3])
        #expect(h?.count == 4)
        #expect(s.limitedRequests == 2)
        #expect(s.limitedClients == 1)
    }

    /// The release server's scrape after real requests (a 200, a 404, a 429): promtool finds
    /// nothing wrong, and the families carry what was asked.
    @Test(.enabled(if: ServeMetricsTests.promtool != nil, "needs promtool (Debian prometheus: scripts/setup.sh --test)"))
    func aRealScrapePassesPromtool() throws {
        let db = try CLI.sampleDatabase(stations: true)
        // Client 10.0.0.9 (forwarded by the trusted 127.0.0.1) has 3 requests; the scrape is 127.0.0.1's own.
        let server = try ServeProcess(db: db, ["--rate", "0.001", "--burst", "3", "--trusted-proxy", "127.0.0.1"])
        defer { server.stop() }
        let client = ["X-Forwarded-For: 10.0.0.9"]
        #expect(try server.get("/v1/toilets/nearest?lat=50.0875&lon=14.4214&limit=1", headers: client).status == 200)
        #expect(try server.get("/v1/nothing", headers: client).status == 404)
        #expect(try server.get("/v1/runs", headers: client).status == 200)
        #expect(try server.get("/v1/runs", headers: client).status == 429)
        let scrape = try server.get("/metrics")
        #expect(scrape.status == 200)
        #expect(scrape.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8")
        let check = try Fixtures.run(try #require(ServeMetricsTests.promtool), ["check", "metrics"], stdin: scrape.body)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let lines = scrape.body.split(separator: "\n").map(String.init)
        for line in [
            #"locate_http_requests_total{route="/v1/toilets/nearest",status="200"} 1"#,
            #"locate_http_requests_total{route="unmatched",status="404"} 1"#,
            #"locate_http_requests_total{route="/v1/runs",status="200"} 1"#,
            #"locate_http_requests_total{route="/v1/runs",status="429"} 1"#,
            #"locate_http_request_duration_seconds_count{route="/v1/runs"} 2"#,
            #"locate_http_request_duration_seconds_bucket{route="/v1/runs",le="+Inf"} 2"#,
            "locate_http_rate_limited_requests_total 1",
            "locate_http_rate_limited_clients 1",
            #"locate_data_stale{dataset="gios-stations-sample",kind="air"} 1"#,
            #"locate_data_stale{dataset="prague-toilets-sample",kind="toilets"} 0"#,
            #"locate_last_ingest_success{dataset="gios-stations-sample",kind="stations"} 1"#,
        ] {
            #expect(lines.contains(line), "\(line) is not in:\n\(scrape.body)")
        }
        #expect(lines.contains { $0.hasPrefix(#"locate_data_age_seconds{dataset="gios-stations-sample",kind="air"} "#) })
        #expect(server.terminate() == 0)
    }

    /// `GET /v1/status` is `locate status --json` at the same instant (one `StatusReport`),
    /// and `locate status` exits 5 once the air feed is older than 3 h, 0 before.
    @Test func statusIsTheSameDocumentOverHTTPAndTheCLI() throws {
        let db = try CLI.sampleDatabase(stations: true)
        let server = try ServeProcess(db: db)
        defer { server.stop() }
        for (at, exit, state) in [("2026-11-21T21:30:00Z", Int32(0), "ok"), ("2026-11-22T21:30:00Z", 5, "stale")] {
            let cli = try CLI.run(["status", "--json", "--at", at, "--db", db])
            #expect(cli.status == exit, "\(cli.stderr)")
            let served = try server.get("/v1/status?at=\(at)")
            #expect(served.status == 200)
            #expect(try JSONText.normalized(served.body) == JSONText.normalized(cli.stdout))
            #expect(served.json["status"] as? String == state)
        }
        let stale = try CLI.run(["status", "--json", "--at", "2026-11-22T21:30:00Z", "--db", db])
        #expect(stale.stdout.contains(#""stale" : [\#n    "gios-stations-sample"\#n  ]"#), "\(stale.stdout)")
        #expect(server.terminate() == 0)
    }
}
