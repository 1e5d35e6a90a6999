import Foundation
import LocateTestSupport
import OSMPBF
import Testing

/// The OsmChange reader: what it reads, and every way a document is refused, with the line
/// and byte named.
@Suite struct ChangeReaderTests {
    static func read(_ text: String) throws -> [OSMChange] {
        try ChangeReader.changes(of: Array(text.utf8), path: "d.osc")
    }

    @Test func readsCreatesModifiesAndDeletesInOrder() throws {
        let changes = try Self.read(
            """
            <?xml version='1.0' encoding='UTF-8'?>
            <!-- a comment -->
            <osmChange version="0.6" generator="test">
              <modify>
                <node id="5" version="2" lat="60.1700000" lon="-24.9450001"><tag k="name" v="A &amp; B &#x263A; &lt;&#39;"/></node>
                <way id="7" version="3"><nd ref="5"/><nd ref='6'/><tag k="amenity" v="toilets"/></way>
              </modify>
              <delete><node id="8" version="4"/></delete>
              <create>
                <relation id="9" version="1"><member type="way" ref="7" role="outer"/><member type="node" ref="5" role=""/></relation>
              </create>
            </osmChange>
            """)
        #expect(
            changes == [
                OSMChange(
                    action: .modify,
                    object: .node(
                        OSMNode(
                            id: 5, position: OSMPosition(latitudeNano: 60_170_000_000, longitudeNano: -24_945_000_100),
                            tags: [OSMTag(key: "name", value: "A & B ☺ <'")])), line: 5),
                OSMChange(
                    action: .modify,
                    object: .way(OSMWay(id: 7, tags: [OSMTag(key: "amenity", value: "toilets")], nodeIDs: [5, 6])), line: 6),
                OSMChange(
                    action: .delete,
                    object: .node(OSMNode(id: 8, position: OSMPosition(latitudeNano: 0, longitudeNano: 0), tags: [])), line: 8),
                OSMChange(
                    action: .create,
                    object: .relation(
                        OSMRelation(
                            id: 9, tags: [],
                            members: [OSMMember(type: .way, id: 7, role: "outer"), OSMMember(type: .node, id: 5, role: "")])),
                    line: 10),
            ])
    }

    static let bad: [(String, String)] = [
        ("", "d.osc: line 1 (byte 0): the file holds no XML element (not an OsmChange file?)"),
        ("<osm version=\"0.6\"></osm>", "d.osc: line 1 (byte 19): the root element is <osm>, expected <osmChange>"),
        (
            "<osmChange>\n<modify>\n<node id=\"1\" lat=\"1\" lon=\"2\">",
            "d.osc: line 3 (byte 50): the file ends inside <node> (truncated?)"
        ),
        (
            "<osmChange><change></change></osmChange>",
            "d.osc: line 1 (byte 19): <change> in <osmChange>: expected <create>, <modify> or <delete>"
        ),
        (
            "<osmChange><modify><node id=\"x\" lat=\"1\" lon=\"1\"/></modify></osmChange>",
            "d.osc: line 1 (byte 49): <node> id 'x' is not a whole number"
        ),
        (
            "<osmChange><modify><node id=\"1\" lat=\"91\" lon=\"1\"/></modify></osmChange>",
            "d.osc: line 1 (byte 50): node/1: lat '91', lon '1' is not a position (decimal degrees, ±90, ±180)"
        ),
        (
            "<osmChange><modify><node id=\"1\"/></modify></osmChange>",
            "d.osc: line 1 (byte 33): node/1 has no lat and lon attributes"
        ),
        (
            "<osmChange><modify><way id=\"1\"><nd/></way></modify></osmChange>",
            "d.osc: line 1 (byte 36): <nd> in way/1 has no ref attribute"
        ),
        (
            "<osmChange><modify><way id=\"1\"><member type=\"way\" ref=\"1\"/></way></modify></osmChange>",
            "d.osc: line 1 (byte 59): <member> is not allowed in <way>"
        ),
        (
            "<osmChange><modify><way id=\"1\"><tag k=\"a\" v=\"&bogus;\"/></way></modify></osmChange>",
            "d.osc: line 1 (byte 52): attribute v: unknown entity &bogus;"
        ),
        ("<osmChange><modify></delete></osmChange>", "d.osc: line 1 (byte 28): unexpected </delete> in <modify>"),
        ("<osmChange></osmChange>trailing", "d.osc: line 1 (byte 24): text outside a tag ('t')"),
        ("<!DOCTYPE osmChange><osmChange/>", "d.osc: line 1 (byte 3): <! other than a comment (DTD and CDATA are not read)"),
        ("<osmChange a=\"1\" a=\"2\"/>", "d.osc: line 1 (byte 18): <osmChange> has a twice"),
        ("<osmChange>x</osmChange>", "d.osc: line 1 (byte 12): text outside a tag ('x')"),
    ]

    @Test(arguments: bad)
    func refusesNamingLineAndByte(text: String, message: String) {
        #expect {
            _ = try Self.read(text)
        } throws: { error in
            "\(error)" == message
        }
    }

    @Test func readsGzipAndNamesTheByteOfADamagedStream() throws {
        let dir = try Fixtures.temporaryFolder().path
        let doc =
            "<osmChange><create><node id=\"1\" lat=\"1.5\" lon=\"2.5\"><tag k=\"amenity\" v=\"toilets\"/></node></create></osmChange>\n"
        let plain = try Fixtures.write(doc, name: "1.osc", in: URL(fileURLWithPath: dir))
        let gz = try Fixtures.shell(
            "cd '\(dir)' && gzip -k -n 1.osc && head -c 40 1.osc.gz > cut.osc.gz && printf 'garbage' >> 1.osc.gz")
        try #require(gz.status == 0, "\(gz.stderr)")
        var changes: [OSMChange] = []
        try ChangeReader.read(path: plain) { changes.append($0) }
        #expect(changes.count == 1)
        #expect {
            try ChangeReader.read(path: dir + "/cut.osc.gz") { _ in }
        } throws: { "\($0)" == "\(dir)/cut.osc.gz: bad gzip stream at byte 40: the gzip stream ends early (truncated file)" }
        var fromTrailing: [OSMChange] = []
        #expect {
            try ChangeReader.read(path: dir + "/1.osc.gz") { fromTrailing.append($0) }
        } throws: { "\($0)".hasPrefix("\(dir)/1.osc.gz: bad gzip stream at byte") && "\($0)".hasSuffix("incorrect header check") }
    }

    /// A document of many 64 KiB chunks (tags cut at every chunk end, values with entities,
    /// line ends and non-ASCII text) reads from a file as it reads from memory in one piece.
    @Test func readsTagsCutByChunkEndsAsInOnePiece() throws {
        var doc = "<?xml version='1.0' encoding='UTF-8'?>\n<osmChange version=\"0.6\">\n<modify>\n"
        for i in 1...6_000 {
            doc += "  <node id=\"\(i)\" version=\"2\" lat=\"60.\(i)\" lon=\"-24.\(i % 97)\">"
            doc += "<tag k=\"name\" v=\"Kahvila &amp; WC \(i) ä\nrivi\"/><tag k='amenity' v='toilets'/></node>\n"
            doc += "  <way id=\"\(i)\"><nd ref=\"\(i)\"/><nd ref=\"-\(i + 1)\"/><tag k=\"highway\" v=\"path\"/></way>\n"
        }
        doc += "</modify>\n</osmChange>\n"
        #expect(doc.utf8.count > 4 * 65_536)
        let dir = try Fixtures.temporaryFolder()
        let path = try Fixtures.write(doc, name: "big.osc", in: dir)
        var fromFile: [OSMChange] = []
        try ChangeReader.read(path: path) { fromFile.append($0) }
        let inMemory = try Self.read(doc)
        #expect(fromFile.count == 12_000)
        #expect(fromFile == inMemory)
        #expect(fromFile.last?.line == 12_003 + 6_000)
        // With the filters, only objects they pick carry their tags.
        var selected: [OSMChange] = []
        try ChangeReader.read(path: path, selection: [[TagCondition(key: "amenity", value: "toilets")]]) {
            selected.append($0)
        }
        #expect(selected.count == 12_000)
        for (a, b) in zip(selected, fromFile) {
            switch (a.object, b.object) {
            case (.node(let x), .node(let y)): #expect(x == y)
            case (.way(let x), .way(let y)):
                #expect(x.tags.isEmpty && x.nodeIDs == y.nodeIDs && x.id == y.id && !y.tags.isEmpty)
            default: Issue.record("objects differ")
            }
        }
    }

    @Test func refusesAValueOver64KiBAtItsByte() {
        let text = "<osmChange a=\"" + String(repeating: "x", count: 70_000) + "\"/>"
        #expect {
            _ = try Self.read(text)
        } throws: { "\($0)" == "d.osc: line 1 (byte \(14 + 65_537)): attribute a: the value is over 65536 bytes" }
    }
}
