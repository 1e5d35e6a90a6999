import Foundation
import Places
import Testing

@testable import Ingest

/// Issue 23: rejected records were numbered from 0 ("feature 16" was OBJECTID 17). Reports
/// count from 1 and name the record as its source numbers it when it has no id field.
@Suite struct RecordNumberTests {
    @Test(arguments: [
        (#"{"type":"Feature","properties":{"OBJECTID":17,"FID":3}}"#, "OBJECTID 17"),
        (#"{"type":"Feature","properties":{"FID":3,"name":"x"}}"#, "FID 3"),
        (#"{"type":"Feature","properties":{"globalid":"{A-1}"}}"#, "globalid {A-1}"),
        (#"{"type":"Feature","properties":{"@id":"node/42"}}"#, "@id node/42"),
        (#"{"type":"Feature","id":5,"properties":{"name":"x"}}"#, "id 5"),
        (#"{"type":"Feature","id":"way/7","properties":{"OBJECTID":" "}}"#, "id way/7"),
    ])
    func theSourcesOwnNumberNamesTheRecord(json: String, ref: String) throws {
        let feature = try JSONValue.parse(Array(json.utf8), path: "test")
        #expect(ToiletMapper.sourceRef(feature, properties: feature["properties"] ?? .null) == ref)
    }

    @Test func noNumberIsNil() throws {
        let feature = try JSONValue.parse(Array(#"{"type":"Feature","properties":{"name":"x"}}"#.utf8), path: "test")
        #expect(ToiletMapper.sourceRef(feature, properties: feature["properties"] ?? .null) == nil)
    }

    @Test(arguments: [
        (IngestIssue(index: 16, id: nil, sourceRef: "OBJECTID 17", field: "geometry", reason: "r"), "17 (OBJECTID 17)"),
        (IngestIssue(index: 0, id: "9006", field: "gegrLat", reason: "r"), "1 (9006)"),
        (IngestIssue(index: 4, id: nil, field: "geometry", reason: "r"), "5"),
        (IngestIssue(index: 2, id: "abc@1,2", sourceRef: "FID 3", field: "id", reason: "r"), "3 (FID 3)"),
    ])
    func labelsCountFromOne(issue: IngestIssue, label: String) {
        #expect(issue.label == label)
        #expect(issue.position == issue.index + 1)
    }

    @Test func theReportCarriesPositionAndSourceRef() throws {
        let issue = IngestIssue(index: 16, id: nil, sourceRef: "OBJECTID 17", field: "geometry", reason: "geometry is null")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(issue), as: UTF8.self)
        #expect(
            text
                == #"{"field":"geometry","id":null,"index":16,"position":17,"reason":"geometry is null","source_ref":"OBJECTID 17"}"#
        )
    }
}
