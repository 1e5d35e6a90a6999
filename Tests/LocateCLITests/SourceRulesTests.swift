import Foundation
import LocateTestSupport
import Testing

/// Rules of the source tree that the compiler does not check: which module may use which
/// library, that every unchecked concurrency escape says why it is safe, and that the prose
/// of docs/architecture.md names only files and types that exist.
@Suite struct SourceRulesTests {
    /// Every Swift file under `folder` of the package, by path relative to the package.
    static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
        let root = Fixtures.packageRoot.path + "/"
        let files = (FileManager.default.enumerator(atPath: root + folder)?.allObjects as? [String] ?? []).sorted()
        return try files.filter { $0.hasSuffix(".swift") }.map { file in
            (folder + "/" + file, try String(contentsOfFile: root + folder + "/" + file, encoding: .utf8))
        }
    }

    /// The lines of `text` that use an unchecked concurrency escape without a `// Safe:` line
    /// in the comment block right above them (comments that only mention one are not uses).
    static func unexplainedEscapes(in text: String) -> [Int] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.indices.filter { i in
            let code = lines[i].trimmingCharacters(in: .whitespaces)
            guard !code.hasPrefix("//"), code.contains("@unchecked Sendable") || code.contains("nonisolated(unsafe)")
            else { return false }
            // The comment block right above (a `// Safe:` line may come before the `///` lines).
            var above = i - 1
            while above >= 0 {
                let line = lines[above].trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("// Safe: ") { return false }
                guard line.hasPrefix("//") else { break }
                above -= 1
            }
            return true
        }.map { $0 + 1 }
    }

    @Test(arguments: [
        ("// Safe: guarded by `lock`.\nfinal class A: @unchecked Sendable {}", [Int]()),
        ("final class A: @unchecked Sendable {}", [1]),
        ("/// A cache.\nfinal class A: @unchecked Sendable {}", [2]),
        ("// Safe: under `lock`.\n/// A cache.\npublic final class A: @unchecked Sendable {}", []),
        ("// Safe: under `lock`.\nlet a = 1\nfinal class A: @unchecked Sendable {}", [3]),
        ("    // Safe: under `lock`.\n    nonisolated(unsafe) static var x = 0", []),
        ("let a = 1\nnonisolated(unsafe) var x = 0", [2]),
        ("/// `@unchecked Sendable` because it is locked.\nlet a = 1", []),
    ])
    func anEscapeNeedsAReason(text: String, lines: [Int]) {
        #expect(SourceRulesTests.unexplainedEscapes(in: text) == lines)
    }

    @Test func everyUncheckedEscapeSaysWhyItIsSafe() throws {
        let found = try SourceRulesTests.swiftFiles(under: "Sources").flatMap { file in
            SourceRulesTests.unexplainedEscapes(in: file.text).map { "\(file.path):\($0)" }
        }
        #expect(found == [], "write `// Safe: <why>` on the line above each of these")
    }

    /// The `*/N` documents (a `"name/1"` literal, escaped or not) each adapter names: its own alone. The CLI
    /// defines none (its `--help` shows the `error/1` object `Contract` defines); the server
    /// only `http-error/1`. Every other document is a library's, so both adapters give the same
    /// one (docs/architecture.md).
    @Test(arguments: [("Sources/LocateCLI", ["error/1"]), ("Sources/Serve", ["http-error/1"])])
    func anAdapterDefinesNoDocumentOfALibrary(folder: String, own: [String]) throws {
        let literal = try Regex(#"\\?"[a-z][a-z0-9-]*/[0-9]+\\?""#)
        var found = Set<String>()
        for file in try SourceRulesTests.swiftFiles(under: folder) {
            for line in file.text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for match in line.matches(of: literal) {
                    found.insert(
                        String(line[match.range]).replacingOccurrences(of: "\\", with: "").trimmingCharacters(in: ["\""]))
                }
            }
        }
        #expect(found.sorted() == own)
    }

    /// libvips is started in one place for the whole process (`Vips.started`): `vips_init`
    /// entered from two threads at once crashed the suite inside GLib (two starts of their own,
    /// Photos' and the tests' image writer's, on two test threads).
    @Test func libvipsStartsInOnePlace() throws {
        let files = try SourceRulesTests.swiftFiles(under: "Sources") + SourceRulesTests.swiftFiles(under: "Tests")
        let call = "locate_vips_" + "start()"  // split, so this file does not name it
        let starts = files.filter { $0.text.contains(call) }.map(\.path)
        #expect(starts == ["Sources/Photos/VipsImage.swift"])
    }

    /// GRDB is the SQL module's own, Routino the routing module's, libvips the photos', Nettle the digests'.
    @Test func eachLibraryStaysInItsRoom() throws {
        let graph = try ModuleGraph(root: Fixtures.packageRoot.path)
        let users = { (library: String) in
            graph.modules.filter { $0.local.contains(library) || $0.external.contains(library) }.map(\.name)
        }
        #expect(users("GRDB") == ["Storage"])
        #expect(users("CNettle") == ["Digests"])
        #expect(users("CRoutino") == ["Routing"])
        #expect(users("CVips") == ["Photos"])
        #expect(users("CZlib") == ["OSMPBF"])
    }

    /// The names docs/architecture.md gives in backquotes: file paths and bare type names.
    static func namedInProse(_ doc: String) -> (files: [String], types: [String]) {
        var files: [String] = []
        var types: [String] = []
        for (i, part) in doc.split(separator: "`", omittingEmptySubsequences: false).enumerated() where i % 2 == 1 {
            let name = String(part)
            if name.hasSuffix(".swift") {
                files.append(name)
            } else if let first = name.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first) {
                // `Type`, `Type.member`, `Type(label:)`, `Type+Topic`: the type must exist.
                let type = name.prefix { $0.isLetter || $0.isNumber }
                if !type.isEmpty, type.count == name.count || ".(+".contains(name[type.endIndex]) {
                    types.append(String(type))
                }
            }
        }
        return (files, types)
    }

    /// Type and module names declared in `text` (`struct Name`, `enum Name`, …).
    static func declaredTypes(in text: String) -> Set<String> {
        let keywords: Set<Substring> = ["struct", "class", "enum", "protocol", "actor", "typealias", "extension"]
        var found = Set<String>()
        let words = text.split { $0 == " " || $0 == "\n" || $0 == "\t" }
        for i in words.indices.dropLast() where keywords.contains(words[i]) {
            found.insert(String(words[i + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
        }
        return found
    }

    @Test func theProseNamesWhatExists() throws {
        let doc = try String(contentsOfFile: Fixtures.repo("docs/architecture.md"), encoding: .utf8)
        let (files, types) = SourceRulesTests.namedInProse(doc)
        let sources = try SourceRulesTests.swiftFiles(under: "Sources") + SourceRulesTests.swiftFiles(under: "Tests")
        let paths = sources.map(\.path)
        let missingFiles = files.filter { file in
            !paths.contains { $0.hasSuffix("/" + file) }
        }
        #expect(missingFiles == [], "docs/architecture.md names files that do not exist")
        let graph = try ModuleGraph(root: Fixtures.packageRoot.path)
        var known = Set(graph.modules.flatMap { [$0.name] + $0.external })
        for file in sources { known.formUnion(SourceRulesTests.declaredTypes(in: file.text)) }
        let missingTypes = Set(types).subtracting(known).sorted()
        #expect(missingTypes == [], "docs/architecture.md names types that do not exist")
    }
}
