import Foundation
import GRDB
import LocateTestSupport
import Places
import Storage
import Testing

@testable import Ingest

/// Ingest counts of the real OSM extracts through the shipped pipelines, every reject and
/// warning listed.
@Suite(.enabled(if: Fixtures.haveSharedDatasets, "../shared/datasets is absent: real-data tests skipped"))
struct OSMRealDataIngestTests {
    static func spec(_ name: String) throws -> PipelineSpec {
        try PipelineDecoder.load(path: Fixtures.repo("pipelines/\(name).yml"))
    }

    /// Five warnings of values not understood, and 36 opening_hours values read with a
    /// tolerated variant (`6:00` for `06:00`, a one-digit day), each reported with the
    /// correction (issue 11's lenient mode).
    @Test func parisIngestsEveryToiletWithFiveWarningsAndThirtySixCorrections() throws {
        let store = try newStore()
        let report = try IngestRunner(store: store, clock: fixedClock).run(try Self.spec("osm-toilets-paris"))
        #expect([report.run.read, report.run.accepted, report.run.rejected] as [Int] == [1268, 1268, 0])
        #expect(report.rejected == [])
        let lines = report.warnings.map { "\($0.id ?? "-") \($0.field): \($0.reason)" }.sorted()
        let corrected = lines.filter { $0.contains("opening_hours: hours corrected: ") }
        #expect(corrected.count == 36)
        #expect(corrected.filter { $0.hasSuffix(": '6:00' read as '06:00' (hours have two digits)") }.count == 35)
        #expect(
            corrected.contains(
                "node/2600064326 opening_hours: hours corrected: at character 5: '1' read as '01' (days have two digits); at character 31: '1' read as '01' (days have two digits)"
            ))
        #expect(
            lines.filter { !$0.contains("opening_hours: hours corrected: ") } == [
                "node/2378416408 wheelchair: wheelchair value 'official' not known, stored as unknown",
                "node/4149564765 access: access value 'limited' not known, stored as unknown",
                "node/4947228519 fee: price not understood: 'fee=0,10 cts'",
                "node/5789655355 fee: price not understood: 'fee=unknown'",
                "node/6781327251 opening_hours: hours not understood, stored as unknown: not a schedule: 'heures' in 'heures du marché (mercredi, vendredi, dimanche matin'",
            ])
        let zone = try store.testRows(sql: "SELECT DISTINCT country, timezone FROM toilets")
        #expect(zone.map { "\($0["country"] as String) \($0["timezone"] as String)" } == ["FR Europe/Paris"])
        // Addresses where OSM has them (4 of 1,268), in the French order of the pipeline.
        let addressed = try store.testRows(sql: "SELECT address FROM toilets WHERE address IS NOT NULL ORDER BY address")
        #expect(
            addressed.map { $0["address"] as String } == [
                "28 Avenue de Paris, 95230 Soisy-sous-Montmorency", "Boulevard Saint-Denis, 75010 Paris",
                "Rue de Nancy, 95240 Cormeilles en Parisis", "Sente de la Gare, 78220 Viroflay",
            ])
    }

    @Test func romeIngestsEveryToiletWithoutWarnings() throws {
        let store = try newStore()
        let report = try IngestRunner(store: store, clock: fixedClock).run(try Self.spec("osm-toilets-rome"))
        #expect([report.run.read, report.run.accepted, report.run.rejected, report.run.warnings] as [Int] == [201, 201, 0, 0])
        let zone = try store.testRows(sql: "SELECT DISTINCT country, timezone FROM toilets")
        #expect(zone.map { "\($0["country"] as String) \($0["timezone"] as String)" } == ["IT Europe/Rome"])
        let access = try store.testRows(sql: "SELECT access, count(*) AS n FROM toilets GROUP BY access ORDER BY access")
        #expect(
            access.map { "\($0["access"] as String) \($0["n"] as Int)" } == [
                "customers 34", "public 30", "restricted 6", "unknown 131",
            ])
        let paid = try store.testRows(
            sql: "SELECT count(*) AS n FROM toilets WHERE is_free = 0 AND price_amount IS NOT NULL AND price_currency = 'EUR'")
        #expect(paid.first?["n"] as Int? == 12)
    }
}
