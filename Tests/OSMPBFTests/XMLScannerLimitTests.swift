import Foundation
import LocateTestSupport
import OSMPBF
import Testing

/// The OsmChange reader is linear in its input, with limits on skipped text and on a tag
/// (issue 36 item 3): whitespace or a comment inside a `.osc.gz` was kept and read again
/// with every 64 KiB chunk (a 16 KB file took 3.4 s, a 1 MB one never ended), and one start
/// tag with 50,000 attributes took 15 s and was accepted. The hostile files are generated
/// here, large enough that reading them quadratically would not end within the suite's
/// budget; the tests assert what is read or refused, never a time.
@Suite struct XMLScannerLimitTests {
    static let head = "<?xml version='1.0' encoding='UTF-8'?>\n<osmChange version=\"0.6\">\n<create>\n"
    static let tail = "</create>\n</osmChange>\n"

    static func node(_ id: Int) -> String {
        "<node id=\"\(id)\" version=\"1\" lat=\"60.17\" lon=\"24.94\"><tag k=\"amenity\" v=\"toilets\"/></node>\n"
    }

    /// A part of a generated file: text, or `count` copies of one byte.
    enum Part {
        case text(String)
        case repeated(Int, UInt8)
    }

    /// Writes `parts` into `name` in a fresh folder (1 MiB at a time), gzipped when the name
    /// ends in `.gz`; returns its path.
    static func file(_ name: String, _ parts: [Part]) throws -> String {
        let dir = try Fixtures.temporaryFolder().path
        let plain = dir + "/" + (name.hasSuffix(".gz") ? String(name.dropLast(3)) : name)
        try #require(FileManager.default.createFile(atPath: plain, contents: nil))
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: plain))
        for part in parts {
            switch part {
            case .text(let t): try out.write(contentsOf: Data(t.utf8))
            case .repeated(var count, let byte):
                let block = Data(repeating: byte, count: 1 << 20)
                while count > 0 {
                    try out.write(contentsOf: block.prefix(count))
                    count -= min(count, block.count)
                }
            }
        }
        try out.close()
        if name.hasSuffix(".gz") {
            let r = try Fixtures.shell("gzip -1 -n '\(plain)'")
            try #require(r.status == 0, "\(r.stderr)")
        }
        return dir + "/" + name
    }

    static func changes(_ path: String) throws -> [OSMChange] {
        var out: [OSMChange] = []
        try ChangeReader.read(path: path) { out.append($0) }
        return out
    }

    /// 64 MiB of whitespace in one gap (a ~64 KB `.osc.gz`): refused at the limit, after
    /// reading 1 MiB of it.
    @Test(arguments: ["spaces.osc.gz", "spaces.osc"])
    func aGapOfWhitespaceOverTheLimitIsRefusedAtIt(name: String) throws {
        let path = try Self.file(name, [.text(Self.head), .repeated(64 << 20, 0x20), .text(Self.tail)])
        #expect {
            _ = try Self.changes(path)
        } throws: {
            "\($0)"
                == "\(path): line 4 (byte \(Self.head.utf8.count + (1 << 20))): over 1048576 bytes of whitespace and comments between two tags"
        }
    }

    /// One comment of 64 MiB: refused at the limit too (line ends in it are counted).
    @Test func aCommentOverTheLimitIsRefusedAtIt() throws {
        let path = try Self.file(
            "comment.osc.gz", [.text(Self.head + "<!--"), .repeated(64 << 20, 0x0A), .text("-->" + Self.tail)])
        #expect {
            _ = try Self.changes(path)
        } throws: {
            "\($0)"
                == "\(path): line \(4 + (1 << 20) - 4) (byte \(Self.head.utf8.count + (1 << 20))): over 1048576 bytes of whitespace and comments between two tags"
        }
    }

    /// 48 MiB of whitespace and comments in gaps under the limit (each 768 KiB, over twelve
    /// chunks): every node between them is read, in order, with its line.
    @Test func gapsUnderTheLimitAreReadThroughOnce() throws {
        let gap = 768 << 10
        var parts: [Part] = [.text(Self.head)]
        for i in 1...64 {
            parts += i % 2 == 0 ? [.repeated(gap, 0x20)] : [.text("<!--"), .repeated(gap - 7, 0x78), .text("-->")]
            parts.append(.text(Self.node(i)))
        }
        let path = try Self.file("gaps.osc.gz", parts + [.text(Self.tail)])
        let read = try Self.changes(path)
        #expect(read.map(\.object.id) == Array(1...64).map(Int64.init))
        #expect(read.map(\.line) == Array(4...67))
        #expect(read.allSatisfy { $0.action == .create })
    }

    /// A start tag with 50,000 attributes (539 KB) is refused at its 33rd; 32 are read.
    @Test(arguments: [(32, true), (33, false), (50_000, false)])
    func aTagHasAtMost32Attributes(count: Int, accepted: Bool) throws {
        let extra = (4...count).map { " a\($0)=\"\($0)\"" }.joined()
        let tag = "<node id=\"1\" lat=\"60.17\" lon=\"24.94\"\(extra)/>\n"
        let path = try Self.file("attributes.osc", [.text(Self.head + tag + Self.tail)])
        if accepted {
            #expect(try Self.changes(path).map(\.object.id) == [1])
            return
        }
        let before = (4...32).map { " a\($0)=\"\($0)\"" }.joined()
        let at = Self.head.utf8.count + "<node id=\"1\" lat=\"60.17\" lon=\"24.94\"\(before) ".utf8.count
        #expect {
            _ = try Self.changes(path)
        } throws: { "\($0)" == "\(path): line 4 (byte \(at)): <node> has over 32 attributes" }
    }

    /// A tag of 900 KiB (whitespace between its attributes, over fourteen chunks) is read;
    /// one over 1 MiB is refused at its start, after reading about 1 MiB of it.
    @Test(arguments: [(900 << 10, true), (8 << 20, false)])
    func aTagSpansAtMost1MiB(spaces: Int, accepted: Bool) throws {
        let path = try Self.file(
            "tag.osc.gz",
            [.text(Self.head + "<node id=\"7\""), .repeated(spaces, 0x20), .text(" lat=\"60.5\" lon=\"25.5\"/>\n" + Self.tail)])
        if accepted {
            let read = try Self.changes(path)
            #expect(
                read == [
                    OSMChange(
                        action: .create,
                        object: .node(
                            OSMNode(
                                id: 7, position: OSMPosition(latitudeNano: 60_500_000_000, longitudeNano: 25_500_000_000),
                                tags: [])), line: 4)
                ])
            return
        }
        #expect {
            _ = try Self.changes(path)
        } throws: { "\($0)" == "\(path): line 4 (byte \(Self.head.utf8.count)): a tag over 1048576 bytes" }
    }
}
