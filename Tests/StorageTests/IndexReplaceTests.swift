import Foundation
import LocateTestSupport
import Places
import SpatialIndex
import Testing

@testable import Storage

/// Two threads of one process (the server's) rebuilding the same nearest index shared the
/// temporary `<path>.tmp-<pid>`: one could rename the other's half-written file into place.
/// Each replacement now writes a temporary of its own.
@Suite struct IndexReplaceTests {
    @Test func concurrentReplacementsLeaveOneWholeFileAndNoTemporary() throws {
        let folder = try Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("d.sqlite.toilets.kdt").path
        // Large enough that two writes overlap in time.
        let contents = (0..<8).map { i in [UInt8](repeating: UInt8(i + 1), count: 4 << 20) }
        for _ in 0..<5 {
            DispatchQueue.concurrentPerform(iterations: contents.count) { i in
                #expect(NearestIndex.replace(path, with: contents[i]))
            }
            let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(contents.contains(written), "the file is one replacement whole, not a mix")
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp-") }
            #expect(left == [])
        }
    }
}
