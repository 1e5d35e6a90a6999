import Foundation
import FuzzEntries
import Testing

/// Every committed fuzzing input (seed corpus and crash reproducers, `Fuzz/`) goes through
/// the same entry as the fuzzer, so CI proves none of them crashes, hangs or breaks a
/// property without the fuzzer build.
@Suite struct CorpusReplayTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz").path

    /// The files of `Fuzz/KIND/TARGET`, sorted.
    static func files(_ kind: String, _ target: FuzzTarget) -> [String] {
        let folder = root + "/\(kind)/\(target.rawValue)"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }
    }

    @Test(arguments: FuzzTarget.allCases)
    func everyCommittedInputPasses(target: FuzzTarget) throws {
        let inputs = Self.files("corpus", target) + Self.files("crashes", target)
        // Every target has seeds: an empty folder would make this test pass vacuously.
        #expect(Self.files("corpus", target).count >= 5, "Fuzz/corpus/\(target.rawValue) has too few seeds")
        let scratch = try FuzzScratch()
        defer { scratch.remove() }
        for path in inputs {
            let bytes = try #require(FileManager.default.contents(atPath: path), "cannot read \(path)")
            #expect(target.run([UInt8](bytes), scratch: scratch) == [], "\(path)")
        }
    }

    /// The folders hold only the targets' names: a misnamed folder would be skipped.
    @Test func everyFolderNamesATarget() throws {
        let names = Set(FuzzTarget.allCases.map(\.rawValue))
        for kind in ["corpus", "crashes"] {
            let folders = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/" + kind)
            #expect(Set(folders).subtracting(names).isEmpty, "Fuzz/\(kind): \(folders.sorted())")
        }
    }
}
