import Foundation
import LocateTestSupport
import Testing

/// docs/architecture.md's module graph is generated from the `import` lines of Sources/
/// (`ModuleGraph`): the test fails when the two differ, so the map cannot drift from the code.
/// `UPDATE_ARCHITECTURE_DOC=1` rewrites the block between the markers.
@Suite struct ArchitectureDocTests {
    static let path = Fixtures.repo("docs/architecture.md")
    static let update = "UPDATE_ARCHITECTURE_DOC=1 swift test --skip-build --filter ArchitectureDocTests"
    static let begin =
        "<!-- module-graph: generated from the import lines of Sources/ by ArchitectureDocTests; \(update) rewrites it -->\n"
    static let end = "<!-- /module-graph -->\n"

    @Test func theModuleGraphIsTheSources() throws {
        let graph = try ModuleGraph(root: Fixtures.packageRoot.path)
        var doc = try String(contentsOfFile: ArchitectureDocTests.path, encoding: .utf8)
        let start = try #require(doc.range(of: ArchitectureDocTests.begin), "docs/architecture.md lacks the begin marker")
        let stop = try #require(
            doc.range(of: ArchitectureDocTests.end, range: start.upperBound..<doc.endIndex),
            "docs/architecture.md lacks the end marker")
        let expected = "\n" + graph.markdown + "\n"
        if ProcessInfo.processInfo.environment["UPDATE_ARCHITECTURE_DOC"] == "1" {
            doc.replaceSubrange(start.upperBound..<stop.lowerBound, with: expected)
            try doc.write(toFile: ArchitectureDocTests.path, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            String(doc[start.upperBound..<stop.lowerBound]) == expected,
            "docs/architecture.md's module graph is stale: run \(ArchitectureDocTests.update)")
    }

    /// STYLE.md's direction of dependencies, checked on the same graph: the doc shows it and
    /// the build keeps it.
    @Test func theLayersHold() throws {
        let graph = try ModuleGraph(root: Fixtures.packageRoot.path)
        let imports = Dictionary(uniqueKeysWithValues: graph.modules.map { ($0.name, Set($0.local)) })
        let cUsers = graph.modules.filter { $0.local.contains("CSpatial") }.map(\.name)
        #expect(cUsers == ["Geo", "Storage"])
        #expect(graph.modules.filter { $0.local.contains("CVips") }.map(\.name) == ["Photos"])
        // tesseract only in SignReading, and locate links neither it nor libvips (issue 40).
        #expect(graph.modules.filter { $0.local.contains("CTesseract") }.map(\.name) == ["SignReading"])
        for heavy in ["SignReading", "Photos"] {
            #expect(imports["LocateCLI"]?.contains(heavy) == false, "locate must not link \(heavy)")
        }
        // The domain values (on Geo's coordinates) and the JSON contract are the bottom layer;
        // Hours reads into the values, writes instants by the contract, and imports nothing else.
        #expect(imports["Places"] == ["Geo"])
        #expect(imports["Contract"] == [])
        #expect(imports["Hours"] == ["Places", "Contract"])
        for a in ["Ingest", "Query", "Export"] {
            for b in ["Ingest", "Query", "Export"] where a != b {
                #expect(imports[a]?.contains(b) == false, "\(a) imports \(b)")
            }
        }
        #expect(
            imports["Storage"] == [
                "CSpatial", "Geo", "Hours", "Places", "Contract", "SpatialIndex", "Digests", "Files", "Contributions",
            ])
        // The checked writer imports nothing of ours; the contribution domain's values sit on
        // the domain values and the contract, below the store that keeps them.
        #expect(imports["Files"] == [])
        #expect(imports["Contributions"] == ["Geo", "Hours", "Places", "Contract"])
        // The digests of stored and written data sit on the contract alone (Nettle inside).
        #expect(imports["Digests"] == ["CNettle", "Contract"])
        // The nearest index's file format knows nothing of SQL or of the store: it reads the
        // domain values its rows section holds.
        #expect(imports["SpatialIndex"] == ["Geo", "Places"])
        // The review flow sits on the store; the adapters use it, never the store, to review.
        #expect(imports["Review"] == ["Storage", "Contributions", "Contract"])
        // The page's own basemap reads extracts and writes by the contract, and knows no store:
        // the snapshot and the server hand it to the page.
        #expect(imports["Basemap"] == ["OSMPBF", "Contract"])
        // The air-quality norms are values on the contract alone: Query judges, the page draws.
        #expect(imports["AirNorms"] == ["Contract"])
        #expect(!(imports["LocateCLI"] ?? []).contains("Serve"), "locate must not link the HTTP server")
    }

    /// What `ModuleGraph.imported` reads from a line.
    @Test(arguments: [
        ("import Foundation", "Foundation"), ("public import Storage", "Storage"),
        ("internal import GRDB", "GRDB"), ("@preconcurrency import Dispatch", "Dispatch"),
        ("import struct Foundation.Date", "Foundation"), ("@_implementationOnly import CSpatial", "CSpatial"),
        ("// import Nothing", nil), ("let important = 1", nil), ("imports Storage", nil),
    ])
    func anImportLine(line: String, module: String?) {
        #expect(ModuleGraph.imported(line) == module)
    }
}
