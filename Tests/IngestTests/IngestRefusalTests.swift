import Foundation
import LocateTestSupport
import Places
import Storage
import Testing

@testable import Ingest

/// Issue 10, items 3, 4 and 8: a run refuses what it cannot honour, before any change.
@Suite struct IngestRefusalTests {
    static let samplePipeline = Fixtures.repo("pipelines/prague-toilets-sample.yml")

    /// The sample pipeline's text with `old` replaced by `new`, decoded as `p.yml` in the
    /// repository's `pipelines/` folder (so its relative source resolves).
    func samplePipeline(replacing old: String = "", with new: String = "") throws -> PipelineSpec {
        let text = try String(contentsOfFile: Self.samplePipeline, encoding: .utf8)
        let edited = old.isEmpty ? text : text.replacingOccurrences(of: old, with: new)
        try #require(old.isEmpty || edited != text, "the sample pipeline has no '\(old)'")
        return try PipelineDecoder.decode(
            edited, path: "p.yml", baseFolder: Fixtures.repo("pipelines"), defaultName: "prague-toilets-sample")
    }

    func sampleStore() throws -> LocateStore {
        let store = try newStore()
        try ingest("prague-toilets-sample", into: store)
        return store
    }

    // MARK: item 3, a mapping that matches no feature

    @Test func mistypedHoursFieldFailsNamingTheLineAndTheClosestName() throws {
        let store = try sampleStore()
        let before = try store.contentDigest()
        let spec = try samplePipeline(replacing: "hours: OTEVRENO", with: "hours: OTEVRNO")
        #expect(
            throws: IngestError.unmatchedField(
                pipeline: "p.yml", line: 20, key: "fields.hours", property: "OTEVRNO", input: spec.source,
                suggestions: ["OTEVRENO"], present: ["ADRESA", "CENA", "OBJECTID", "OTEVRENO"])
        ) {
            try IngestRunner(store: store, clock: fixedClock).run(spec)
        }
        #expect(try store.contentDigest() == before)
        let message = IngestError.unmatchedField(
            pipeline: "p.yml", line: 20, key: "fields.hours", property: "OTEVRNO", input: "x.geojson",
            suggestions: ["OTEVRENO"], present: ["ADRESA", "OTEVRENO"]
        ).description
        #expect(
            message
                == "p.yml:20: fields.hours: no feature of x.geojson has the property 'OTEVRNO' (did you mean OTEVRENO?); "
                + "properties present: ADRESA, OTEVRENO")
    }

    @Test func mistypedDerivedIDFieldFailsOnAFreshDatasetToo() throws {
        let store = try newStore()
        let spec = try samplePipeline(replacing: "derive: [ADRESA]", with: "derive: [ADRSA]")
        #expect(throws: IngestError.self) { try IngestRunner(store: store, clock: fixedClock).run(spec) }
        #expect(try store.runs() == [])
    }

    @Test(arguments: [
        ("OTEVRNO", ["OTEVRENO"]), ("otevreno", ["OTEVRENO"]), ("CENAX", ["CENA"]), ("price", []), ("ADR", []),
    ])
    func suggestionsAreTheClosestNames(_ word: String, _ expected: [String]) {
        #expect(EditDistance.closest(to: word, among: ["ADRESA", "CENA", "OBJECTID", "OTEVRENO"]) == expected)
    }

    // MARK: item 4, mass retirement and older inputs

    func firstThreeSampleFeatures() throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.repo("datasets/prague-toilets-sample.geojson")))
        let doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let features = try #require(doc["features"] as? [Any])
        let cut: [String: Any] = ["type": "FeatureCollection", "features": Array(features.prefix(3))]
        let text = String(decoding: try JSONSerialization.data(withJSONObject: cut), as: UTF8.self)
        return try Fixtures.write(text, name: "three.geojson")
    }

    @Test func aRunRetiringMoreThanHalfIsRefusedWithTheCounts() throws {
        let store = try sampleStore()
        let before = try store.contentDigest()
        let three = try firstThreeSampleFeatures()
        #expect(
            throws: IngestError.massRetire(
                path: three, dataset: "prague-toilets-sample", retired: 9, active: 12, limitShare: 0.5)
        ) {
            try ingest("prague-toilets-sample", into: store, source: three)
        }
        #expect(try store.contentDigest() == before)
        #expect(
            IngestError.massRetire(path: "x", dataset: "d", retired: 9, active: 12, limitShare: 0.5).description
                == "x: the run would retire 9 of the 12 active records of dataset 'd' (75 %, more than the limit of 50 %): "
                + "nothing changed; check the input, or pass --allow-mass-retire (or a higher --max-retire-share) to accept")
    }

    @Test func allowMassRetireOrAHigherShareAcceptsIt() throws {
        let three = try firstThreeSampleFeatures()
        let allowed = try ingest("prague-toilets-sample", into: try sampleStore(), source: three, allowMassRetire: true)
        #expect(allowed.run.counts == MergeCounts(added: 0, updated: 0, unchanged: 3, retired: 9))
        var runner = IngestRunner(store: try sampleStore(), clock: fixedClock)
        runner.maxRetireShare = 0.75
        let shared = try runner.run(try samplePipeline(), sourceOverride: three)
        #expect(shared.run.counts.retired == 9)
        let key = try samplePipeline(replacing: "country: CZ", with: "country: CZ\nmax_retire_share: 0.8")
        #expect(key.maxRetireShare == 0.8)
        #expect(
            try IngestRunner(store: try sampleStore(), clock: fixedClock).run(key, sourceOverride: three).run.counts.retired == 9)
    }

    @Test func anEmptyFeatureCollectionIsRefused() throws {
        let store = try sampleStore()
        let before = try store.contentDigest()
        let empty = try Fixtures.write(#"{"type": "FeatureCollection", "features": []}"#, name: "empty.geojson")
        #expect(throws: IngestError.emptyInput(path: empty, dataset: "prague-toilets-sample", active: 12)) {
            try ingest("prague-toilets-sample", into: store, source: empty)
        }
        #expect(try store.contentDigest() == before)
        let allowed = try ingest("prague-toilets-sample", into: store, source: empty, allowMassRetire: true)
        #expect(allowed.run.counts == MergeCounts(added: 0, updated: 0, unchanged: 0, retired: 12))
    }

    @Test func anInputOlderThanTheNewestRunWarns() throws {
        let store = try newStore()
        let newer = try samplePipeline(replacing: "country: CZ", with: "country: CZ\nreleased: 2026-09-27")
        let older = try samplePipeline(replacing: "country: CZ", with: "country: CZ\nreleased: 2019-11-08")
        #expect(try IngestRunner(store: store, clock: fixedClock).run(newer).notices == [])
        #expect(
            try IngestRunner(store: store, clock: fixedClock).run(older).notices == [
                "the input (released 2019-11-08) is older than the dataset's newest run (released 2026-09-27): "
                    + "0 records retired, 0 updated"
            ])
        // The older run is now the newest: the same date again does not warn.
        #expect(try IngestRunner(store: store, clock: fixedClock).run(older).notices == [])
    }

    @Test(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
    func the2016ReleaseAfterThe2026OneIsRefused() throws {
        let store = try newStore()
        try ingest("prague-toilets-2026", into: store)
        let before = try store.contentDigest()
        #expect(
            throws: IngestError.massRetire(
                path: Fixtures.shared("prague-toilets-2016.geojson"), dataset: "prague-toilets", retired: 458, active: 458,
                limitShare: 0.5)
        ) {
            try ingest("prague-toilets-2016", into: store)
        }
        #expect(try store.contentDigest() == before)
    }

    // MARK: item 8, control characters in ids

    @Test(arguments: [("A\u{0}B", "NUL"), ("A\tB", "tab"), ("A\nB", "newline"), ("A\u{1B}[0mB", "U+001B")])
    func anIDWithAControlCharacterIsRejected(_ id: String, _ name: String) throws {
        let pipeline = try String(contentsOfFile: Fixtures.repo("pipelines/prague-toilets-2026.yml"), encoding: .utf8)
        let spec = try PipelineDecoder.decode(pipeline, path: "p.yml", baseFolder: "/", defaultName: "p")
        func feature(_ id: String, _ lon: Double) -> [String: Any] {
            [
                "type": "Feature", "geometry": ["type": "Point", "coordinates": [lon, 50.08]],
                "properties": [
                    "globalid": id, "lokalita": "x", "adresa": "y", "vozickari": "1 ano", "typ": "t", "umisteni_podrob": "u",
                ],
            ]
        }
        let doc: [String: Any] = ["type": "FeatureCollection", "features": [feature("ok", 14.42), feature(id, 14.43)]]
        let text = String(decoding: try JSONSerialization.data(withJSONObject: doc), as: UTF8.self)
        let r = try IngestRunner(store: try newStore(), clock: fixedClock).run(
            spec, sourceOverride: try Fixtures.write(text, name: "ids.geojson"))
        #expect(r.run.accepted == 1)
        #expect(
            r.rejected == [
                IngestIssue(
                    index: 1, id: TextEscape.quoted(id), field: "globalid",
                    reason: "id contains a control character (\(name)): ids must be plain text")
            ])
        #expect(r.rejected.allSatisfy { !($0.id ?? "").unicodeScalars.contains { $0.value < 0x20 } })
    }

    @Test(arguments: [
        ("plain", "plain"), ("a\u{0}b", "a\\u{0}b"), ("tab\there", "tab\\there"), ("line\nbreak", "line\\nbreak"),
        ("esc\u{1B}[31m", "esc\\u{1B}[31m"), ("del\u{7F}", "del\\u{7F}"), ("ČSN ü", "ČSN ü"),
    ])
    func messagesEscapeControlCharacters(_ text: String, _ escaped: String) {
        #expect(TextEscape.quoted(text) == escaped)
    }
}
