import Foundation
import LocateTestSupport
import OSMPBF
import Testing

/// Damaged and foreign files (`bad-input/`, written by `bad-input/make.py`): each a clear
/// error naming the file and the byte offset of the block at fault.
@Suite struct PBFBadInputTests {
    static func path(_ name: String) -> String { Fixtures.repo("Tests/OSMPBFTests/bad-input/\(name)") }

    static let cases: [(String, String)] = [
        (
            "truncated.osm.pbf",
            "truncated.osm.pbf: truncated PBF: the Blob of the block at byte 106 needs 1077 bytes, the file has 44 left"
        ),
        (
            "blob-over-32mib.osm.pbf",
            "blob-over-32mib.osm.pbf: block at byte 47: the blob (datasize) is 34603008 bytes, over the PBF limit of 33554432"
        ),
        ("bad-zlib.osm.pbf", "bad-zlib.osm.pbf: block at byte 47: bad zlib stream: invalid stored block lengths"),
        (
            "unknown-feature.osm.pbf",
            "unknown-feature.osm.pbf: block at byte 0: required feature 'Sort.Everything-V9' is not supported"
        ),
        (
            "lzma-blob.osm.pbf",
            "lzma-blob.osm.pbf: block at byte 47: lzma compression is not supported (zlib or raw blobs only; recompress with `osmium cat -o out.osm.pbf`)"
        ),
        (
            "xml.osm.pbf",
            "xml.osm.pbf: not an OpenStreetMap PBF file: it is XML (an .osm file? read it with osmium cat -o out.osm.pbf)"
        ),
        (
            "history.osh.pbf",
            "history.osh.pbf: block at byte 0: required feature 'HistoricalInformation' is not supported (a history file: take a current extract, or `osmium time-filter` one)"
        ),
    ]

    @Test(arguments: cases)
    func badFileFailsNamingTheBlock(name: String, message: String) throws {
        let selection = [[TagCondition(key: "amenity", value: "toilets")]]
        do {
            let file = try PBFFile(path: Self.path(name))
            _ = try SelectionReader.read(file, selection: selection)
            Issue.record("\(name) was read without an error")
        } catch let e as PBFError {
            #expect(e.description == Self.path(name).replacingOccurrences(of: "/" + name, with: "/") + message)
        }
    }
}
