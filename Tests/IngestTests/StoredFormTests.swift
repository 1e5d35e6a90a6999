import Foundation
import GRDB
import LocateTestSupport
import Places
import Storage
import Testing

@testable import Ingest

/// What an ingest stores is data that later runs compare against: content hashes decide
/// "unchanged" and the properties are the source's own record. Their exact form must not
/// drift between versions (values recorded from an earlier build, and computed by a separate
/// implementation of `ContentHash`). The hashes changed once, when the three content-hash
/// schemes became `ContentHash` (see CHANGELOG).
@Suite struct StoredFormTests {
    @Test func contentHashesAndPropertiesKeepTheirForm() throws {
        let store = try newStore()
        try ingest("prague-toilets-sample", into: store)
        let rows = try store.testRows(sql: "SELECT source_id, content_hash, properties FROM toilets ORDER BY source_id LIMIT 3")
        #expect(
            rows.map { $0["source_id"] as String } == [
                "05bddb4231d5@50.086120,14.418020", "1832426f6ff1@50.078240,14.456310", "2a275f697fb4@50.086620,14.413750",
            ])
        #expect(
            rows.map { $0["content_hash"] as String } == [
                // The second (hours "otevřeno při akcích", not understood) changed with issue 22
                // step 4: text no reader understands is stored without an OSM form (null), no
                // longer as a quoted comment.
                "2b85fc17400c765715676af03d499e2e", "ece0ad048bbe32281b6792f52627ae4e", "1f7ad7eaf42b281daa9129d13b49e331",
            ])
        #expect(
            rows.first?["properties"] as String?
                == #"{"OBJECTID":3,"ADRESA":"Karlova (sample)","OTEVRENO":"po-pá 8:00-20:00; so-ne 10:00-18:00","CENA":"jednotná cena 20 Kč/1 E"}"#
        )
    }

    /// Issue 22, step 2: the field table's new attributes change no stored hash of a record
    /// that does not state them. The hashes of the OSM tags sample as the release before
    /// `v10-accessibility` stored them: the five without a v10 value are the same; the three
    /// that gained one (`gender_neutral` from `unisex`, `changing_table_all_genders` from
    /// `changing_table=no`) differ, so their next ingest fills the new columns in.
    @Test func attributeHashesKeepTheirFormUntilASourceStatesANewAttribute() throws {
        let store = try newStore()
        try ingest("osm-toilets-tags-sample", into: store)
        let rows = try store.testRows(sql: "SELECT source_id, content_hash FROM toilets ORDER BY source_id")
        let previous = [
            "node/9000000001": "267fbdf4fabd5c0bacf6d9f95d7aa9f4", "node/9000000002": "9f8a179c65c3401b896a11a1d96c1a72",
            "node/9000000003": "98a9137d2cd585ce409f8009f9319adc", "node/9000000004": "32f26b938332fa88706b2f26fae411ad",
            "node/9000000005": "d578e74e4468ba927512d8c2bfd1e0f2", "node/9000000006": "20a307676fe8ba97c6d82ba483f9d52d",
            "node/9000000008": "8c3a910f507dc2df5bfc95dd4320f323", "way/9000000007": "98ec1715feffd93b664ad110684e92a9",
        ]
        let same = rows.filter { previous[$0["source_id"] as String] == $0["content_hash"] as String }.map {
            $0["source_id"] as String
        }
        #expect(same == ["node/9000000002", "node/9000000004", "node/9000000005", "node/9000000006", "node/9000000008"])
    }

    @Test func stationContentHashesKeepTheirForm() throws {
        let spec = try PipelineDecoder.load(path: Fixtures.repo("pipelines/gios-stations-sample.yml"))
        let mapper = StationMapper(spec: spec)
        let (items, _) = try StationListReader(path: spec.source, format: spec.format).read()
        let hashes = items.enumerated().prefix(3).map { index, item in
            guard case .accepted(let record, _) = mapper.map(item, index: index) else { return "rejected" }
            return "\(record.sourceID) \(record.contentHash)"
        }
        #expect(
            hashes == [
                "9001 006c805114925c6ec7655e51511e94fc", "9002 7d521f7cc4aa4012ff6f3fe400b55116",
                "9003 64578c081c16ca051816186e089906ea",
            ])
    }
}
