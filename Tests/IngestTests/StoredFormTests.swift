import Foundation
import GRDB
import Ingest
import LocateTestSupport
import Storage
import Testing

/// What an ingest stores is data that later runs compare against: content hashes decide
/// "unchanged" and the properties are the source's own record. Their exact form must not
/// drift between versions (values recorded from an earlier build).
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
                "5f62250b3ac81193722e6186fb66e5bb", "ef4fc32c265838f64a8eb48122e6a978", "eb0eff090b65f962e2979c1bbf7cd980",
            ])
        #expect(
            rows.first?["properties"] as String?
                == #"{"OBJECTID":3,"ADRESA":"Karlova (sample)","OTEVRENO":"po-pá 8:00-20:00; so-ne 10:00-18:00","CENA":"jednotná cena 20 Kč/1 E"}"#
        )
    }
}
