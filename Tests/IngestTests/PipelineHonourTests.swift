import Foundation
import Geo
import LocateTestSupport
import Places
import Testing

@testable import Ingest

/// Issue 10, items 7 and 18 (pipeline side): configuration that cannot be honoured is an
/// error naming the key and its line, before anything is read.
@Suite struct PipelineHonourTests {
    func decode(_ text: String) throws -> PipelineSpec {
        try PipelineDecoder.decode(text, path: "p.yml", baseFolder: "/base", defaultName: "p")
    }

    static let valid = PipelineDecoderTests.valid
    static let air = PipelineDecoderTests.air
    /// A bare `DE` is Germany's national holidays (issue 23 item 6); an unknown Land is refused.
    static let unknownRegion: String =
        "p.yml:14: invalid pipeline: country: 'DE-XX' has no public-holiday calendar (near: DE, "
        + "DE-BB, DE-BE, DE-BW, DE-BY, DE-HB, DE-HE, DE-HH, DE-MV, DE-NI, DE-NW, DE-RP, DE-SH, DE-SL, DE-SN, DE-ST, DE-TH)"

    @Test(arguments: [
        (
            Self.valid.replacingOccurrences(of: "timezone: Europe/Prague\n", with: ""),
            "p.yml:11: invalid pipeline: hours: opening hours are mapped but the pipeline names no timezone: add `timezone:` "
                + "with the places' IANA zone (such as Europe/Prague)"
        ),
        (
            Self.valid + "\ncountry: de-xx",
            Self.unknownRegion
        ),
        (
            Self.valid + "\ncountry: XK",
            "p.yml:14: invalid pipeline: country: 'XK' has no public-holiday calendar (near: DK, SK)"
        ),
        (
            Self.valid + "\nreleased: 2026-13-01",
            "p.yml:14: invalid pipeline: released: '2026-13-01' is not a date YYYY-MM-DD"
        ),
        (
            Self.valid + "\nmax_retire_share: -0.1",
            "p.yml:14: invalid pipeline: max_retire_share: -0.1 is not a share between 0 and 1 (0.5 is half)"
        ),
        (
            Self.air.replacingOccurrences(of: "[114, 400]", with: #"["114", "../../x"]"#),
            "p.yml:7: invalid pipeline: stations: '../../x' is not a station id (digits only)"
        ),
        (
            Self.air.replacingOccurrences(of: "timezone: Europe/Warsaw\n", with: ""),
            "p.yml:1: invalid pipeline: timezone: missing: the API writes wall-clock times; add `timezone:` with the "
                + "stations' IANA zone (Europe/Warsaw)"
        ),
    ])
    func configurationThatCannotBeHonouredIsAnError(text: String, message: String) {
        do {
            _ = try decode(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func aPipelineWithoutHoursNeedsNoTimezone() throws {
        let text = Self.valid.replacingOccurrences(of: "timezone: Europe/Prague\n", with: "")
            .replacingOccurrences(of: "  hours: OTEVRENO\n", with: "")
        #expect(try decode(text).timeZone == "UTC")
    }

    @Test func releasedAndTheKeyLinesAreKept() throws {
        let s = try decode(Self.valid + "\nreleased: 2024-02-29\nmax_retire_share: 0.25")
        #expect(s.released == "2024-02-29")
        #expect(s.maxRetireShare == 0.25)
        #expect(s.origin == "p.yml")
        #expect(s.keyLines["fields.hours"] == 12)
        #expect(s.keyLines["id.derive"] == 9)
        #expect(s.keyLines["source.crs"] == 6)
    }

    @Test(arguments: [
        ("2024-02-29", true), ("2023-02-29", false), ("2026-09-27", true), ("2026-9-27", false), ("2026-00-10", false),
        ("20260927", false), ("2026-09-31", false), ("２０２６-09-27", false),
    ])
    func releaseDates(_ text: String, _ valid: Bool) {
        #expect(ReleaseDate.isValid(text) == valid)
    }

    @Test func anUnknownPipelineCRSNamesTheCRSAndThePipelineLine() throws {
        let folder = try Fixtures.temporaryFolder()
        try FileManager.default.copyItem(
            atPath: Fixtures.repo("datasets/prague-toilets-sample.geojson"), toPath: folder.path + "/x.geojson")
        let text = try String(contentsOfFile: Fixtures.repo("pipelines/prague-toilets-sample.yml"), encoding: .utf8)
            .replacingOccurrences(of: "../datasets/prague-toilets-sample.geojson", with: "x.geojson")
            .replacingOccurrences(of: "crs: EPSG:4326", with: "crs: EPSG:99999")
        let pipeline = try Fixtures.write(text, name: "p.yml", in: folder)
        let spec = try PipelineDecoder.load(path: pipeline)
        do {
            _ = try IngestRunner(store: try newStore(), clock: fixedClock).run(spec)
            Issue.record("an unknown CRS was accepted")
        } catch {
            let message = "\(error)"
            #expect(message.hasPrefix("\(pipeline):11: invalid pipeline: crs: PROJ does not know EPSG:99999"), "\(message)")
            #expect(!message.contains("x.geojson"))
        }
    }

    @Test(arguments: [
        ([0xFF, 0xFE] as [UInt8], "the file is UTF-16 (byte order mark FF FE); save it as UTF-8 (iconv -f UTF-16 -t UTF-8)"),
        ([0xFE, 0xFF], "the file is UTF-16 (byte order mark FE FF); save it as UTF-8 (iconv -f UTF-16 -t UTF-8)"),
        (
            [0x7B, 0x00],
            "the file holds NUL bytes: UTF-16 or UTF-32 without a byte order mark, or binary data; "
                + "locate reads UTF-8 JSON"
        ),
        (
            [0x00, 0x00, 0x00],
            "the file holds NUL bytes: UTF-16 or UTF-32 without a byte order mark, or binary data; "
                + "locate reads UTF-8 JSON"
        ),
    ])
    func utf16AndBinaryInputAreNamed(_ head: [UInt8], _ reason: String) {
        #expect(throws: IngestError.malformedJSON(path: "f", JSONSyntaxError(reason: reason, line: 1, offset: 0))) {
            try JSONValue.parse(head + Array("{}".utf8), path: "f")
        }
    }

    @Test func aUTF16PipelineIsNamed() throws {
        let path = try Fixtures.temporaryFolder().appendingPathComponent("p.yml").path
        try Data([0xFF, 0xFE] + Array("kind: toilets\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            .write(to: URL(fileURLWithPath: path))
        #expect(
            throws: IngestError.invalidPipeline(
                path: path, line: nil, reason: "the file is UTF-16; save it as UTF-8 (iconv -f UTF-16 -t UTF-8)")
        ) { try PipelineDecoder.load(path: path) }
    }
}
