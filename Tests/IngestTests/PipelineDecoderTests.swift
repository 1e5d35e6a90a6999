import Foundation
import Geo
import Ingest
import LocateTestSupport
import Places
import Testing

@Suite struct PipelineDecoderTests {
    static let valid = """
        name: t
        kind: toilets
        dataset: d
        source:
          path: data/x.geojson
          crs: EPSG:5514
        timezone: Europe/Prague
        id:
          derive: [ADRESA]
        fields:
          address: ADRESA
          hours: OTEVRENO
        region: { west: 14.22, south: 49.94, east: 14.71, north: 50.18 }
        """

    func decode(_ text: String) throws -> PipelineSpec {
        try PipelineDecoder.decode(text, path: "p.yml", baseFolder: "/base", defaultName: "p")
    }

    @Test func decodesEveryKey() throws {
        let s = try decode(Self.valid)
        #expect(s.name == "t")
        #expect(s.kind == .toilets)
        #expect(s.source == "/base/data/x.geojson")
        #expect(s.crs == .sJTSK)
        #expect(s.id == .derived(fields: ["ADRESA"]))
        #expect(s.fields.address == "ADRESA")
        #expect(s.fields.price == nil)
        #expect(s.region == BoundingBox(minLongitude: 14.22, minLatitude: 49.94, maxLongitude: 14.71, maxLatitude: 50.18))
    }

    @Test(arguments: [
        (Self.valid + "\nextra: 1", "p.yml:14: invalid pipeline: unknown key 'extra' in the top level"),
        (
            Self.valid.replacingOccurrences(of: "  hours: OTEVRENO", with: "  hours: OTEVRENO\n  opening: x"),
            "p.yml:13: invalid pipeline: unknown key 'opening' in 'fields'"
        ),
        (
            Self.valid.replacingOccurrences(of: "kind: toilets", with: "kind: benches"),
            "p.yml:2: invalid pipeline: kind: unknown kind 'benches' (expected: toilets, stations, air)"
        ),
        (
            Self.valid.replacingOccurrences(of: "crs: EPSG:5514", with: "crs: Krovak"),
            "p.yml:6: invalid pipeline: crs: 'Krovak' is not an EPSG code (write EPSG:5514)"
        ),
        (
            Self.valid.replacingOccurrences(of: "dataset: d\n", with: ""),
            "p.yml:1: invalid pipeline: missing key 'dataset' in the top level"
        ),
        (
            Self.valid.replacingOccurrences(of: "Europe/Prague", with: "Europe/Praha"),
            "p.yml:7: invalid pipeline: timezone: unknown time zone 'Europe/Praha'"
        ),
        (
            Self.valid.replacingOccurrences(of: "west: 14.22", with: "west: 15.22"),
            "p.yml:13: invalid pipeline: west: region must have west < east and south < north, in degrees"
        ),
        ("kind: [toilets", "p.yml:2: invalid pipeline: not valid YAML: did not find expected ',' or ']'"),
        ("- a\n- b", "p.yml:1: invalid pipeline: the top level must be a mapping of keys"),
        (
            Self.valid.replacingOccurrences(of: "  path: data/x.geojson", with: "  url: ftp://x"),
            "p.yml:5: invalid pipeline: url: 'ftp://x' is not an http(s) URL"
        ),
    ])
    func rejectsWithKeyAndLine(text: String, message: String) {
        do {
            _ = try decode(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test(arguments: [
        "prague-toilets-2016", "prague-toilets-sjtsk", "prague-toilets-2019", "prague-toilets-2026", "prague-toilets-sample",
    ])
    func shippedPipelinesDecode(name: String) throws {
        let s = try PipelineDecoder.load(path: Fixtures.repo("pipelines/\(name).yml"))
        #expect(s.name == name)
        #expect(s.timeZone == "Europe/Prague")
    }

    @Test func everyShippedPipelineDecodes() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.repo("pipelines")).filter {
            $0.hasSuffix(".yml")
        }
        #expect(names.count == 26)
        for name in names {
            // Each file names its pipeline after itself (the name the runs table records).
            #expect(try PipelineDecoder.load(path: Fixtures.repo("pipelines/\(name)")).name == String(name.dropLast(4)))
        }
    }

    static let air = """
        kind: air
        dataset: gios-stations
        source:
          url: https://api.gios.gov.pl/pjp-api/rest
          format: gios-legacy
        timezone: Europe/Warsaw
        stations: [114, 400]
        """

    @Test func airPipelinesTakeEitherAPIFormatAndAStationList() throws {
        let legacy = try decode(Self.air)
        #expect(legacy.kind == .air)
        #expect(legacy.format == .giosLegacy)
        #expect(legacy.stations == ["114", "400"])
        #expect(try decode(Self.air.replacingOccurrences(of: "  format: gios-legacy\n", with: "")).format == .giosV1)
    }

    @Test(arguments: [
        (
            PipelineDecoderTests.air.replacingOccurrences(of: "gios-legacy", with: "geojson"),
            "p.yml:5: invalid pipeline: format: format 'geojson' does not hold air"
        ),
        (
            PipelineDecoderTests.air + "\nregion: { west: 14, south: 49, east: 24, north: 55 }",
            "p.yml:8: invalid pipeline: unknown key 'region' in the top level"
        ),
        (
            PipelineDecoderTests.valid.replacingOccurrences(of: "kind: toilets", with: "kind: stations"),
            "p.yml:8: invalid pipeline: unknown key 'id' in the top level"
        ),
    ])
    func airAndStationPipelinesRejectWhatTheyCannotUse(text: String, message: String) {
        do {
            _ = try decode(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func missingFileIsNamed() {
        #expect(throws: IngestError.fileNotFound(path: "/nope.yml")) { try PipelineDecoder.load(path: "/nope.yml") }
    }
}
