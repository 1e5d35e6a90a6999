import Foundation
import LocateTestSupport
import Testing

/// A network ingest on a terminal shows its answers as they come (issue 24); piped, it shows
/// nothing more than the summary. The terminal is a pseudo-terminal from `script(1)`; the
/// API is the fake GIOŚ API on 127.0.0.1.
@Suite(
    .enabled(
        if: Fixtures.haveSharedDatasets && Fixtures.haveTool("python3") && Fixtures.haveTool("script"),
        "needs ../shared/datasets, python3 and script(1)"))
struct IngestProgressTests {
    @Test func answersAndStationsOnATerminalNothingWhenPiped() throws {
        let dir = try Fixtures.temporaryFolder()
        let server = try TestServer.fakeGIOS()
        defer { server.stop() }
        let pipeline = try Fixtures.write(
            """
            name: air-test
            kind: air
            dataset: gios-stations
            source:
              url: http://127.0.0.1:\(server.port)/ok/v1/rest
            timezone: Europe/Warsaw
            stations: [552]
            """, name: "air.yml", in: dir)
        for name in ["tty.sqlite", "pipe.sqlite"] {
            try CLI.ingest(["pipelines/gios-stations-v1.yml", "--db", dir.appendingPathComponent(name).path])
        }
        // script -q -e -c CMD /dev/null: CMD on a pseudo-terminal (stdout and stderr both),
        // its exit code passed on; the terminal's text is on script's stdout.
        let command = [Fixtures.locateBinary, "ingest", pipeline, "--db", dir.appendingPathComponent("tty.sqlite").path]
            .map { "'\($0)'" }.joined(separator: " ")
        let tty = try Fixtures.run("/usr/bin/script", ["-q", "-e", "-c", command, "/dev/null"])
        #expect(tty.status == 0, "\(tty.stdout)")
        // One station, its sensors, 8 sensors' data and its index: 10 answers.
        #expect(tty.stdout.contains("1/1 stations, 10 answers, "), "\(tty.stdout)")
        #expect(tty.stdout.contains("\r\u{1B}[K"), "each progress line is written over the last")
        let piped = try CLI.ingest([pipeline, "--db", dir.appendingPathComponent("pipe.sqlite").path])
        #expect(!piped.stderr.contains("answers"), "\(piped.stderr)")
        #expect(!piped.stderr.contains("\u{1B}"), "no terminal codes when piped")
        #expect(piped.stderr.hasPrefix("ingested air-test into "), "\(piped.stderr)")
    }
}
