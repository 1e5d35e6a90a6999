import Foundation

/// The package's module graph as the sources say it: one module per folder of `Sources/`, and
/// its edges from the `import` lines of its Swift files (docs/architecture.md shows it; see
/// `ArchitectureDocTests`).
struct ModuleGraph {
    /// One module of `Sources/`.
    struct Module: Equatable {
        /// What a module builds into.
        enum Kind: String {
            case library
            case executable
            case c = "C (system library)"
        }

        var name: String
        var kind: Kind
        /// The modules of this package it imports, sorted.
        var local: [String]
        /// The modules of other packages it imports (SwiftPM dependencies), sorted.
        var external: [String]
        /// For a C module, the libraries its module map links.
        var links: [String]
    }

    /// Modules of the toolchain and the platform: not edges of the graph.
    static let platform: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "Glibc", "Darwin", "Dispatch", "Synchronization",
        "os", "Testing", "XCTest",
    ]

    /// The modules, in layers: a module comes after everything it imports (ties by name).
    let modules: [Module]

    /// The graph of the package at `root`.
    init(root: String) throws {
        let sources = root + "/Sources"
        let fm = FileManager.default
        let names = try fm.contentsOfDirectory(atPath: sources).filter { name in
            var folder: ObjCBool = false
            return fm.fileExists(atPath: sources + "/" + name, isDirectory: &folder) && folder.boolValue
        }
        var found: [Module] = []
        for name in names {
            let folder = sources + "/" + name
            let files = (fm.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
            var imports = Set<String>()
            var main = false
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    if trimmed.hasPrefix("@main") { main = true }
                    // Only lines that can be imports reach the pattern (it is slow per line).
                    if trimmed.contains("import"), let m = ModuleGraph.imported(trimmed) { imports.insert(m) }
                }
            }
            var links: [String] = []
            if let map = try? String(contentsOfFile: folder + "/module.modulemap", encoding: .utf8) {
                links = map.matches(of: /link "([^"]+)"/).map { String($0.output.1) }
            }
            let kind: Module.Kind = fm.fileExists(atPath: folder + "/module.modulemap") ? .c : main ? .executable : .library
            let all = imports.subtracting(ModuleGraph.platform).sorted()
            found.append(Module(name: name, kind: kind, local: all, external: all, links: links))
        }
        let local = Set(names)
        for i in found.indices {
            found[i].local.removeAll { !local.contains($0) }
            found[i].external.removeAll { local.contains($0) }
        }
        var depth: [String: Int] = [:]
        let byName = Dictionary(uniqueKeysWithValues: found.map { ($0.name, $0) })
        func layer(_ name: String, _ path: Set<String> = []) -> Int {
            if let d = depth[name] { return d }
            if path.contains(name) { return 0 }  // a cycle: the compiler refuses it anyway
            let d = (byName[name]?.local.map { layer($0, path.union([name])) + 1 } ?? []).max() ?? 0
            depth[name] = d
            return d
        }
        modules = found.sorted { (layer($0.name), $0.name) < (layer($1.name), $1.name) }
    }

    /// The module an `import` line names (`public import Storage`, `@preconcurrency import
    /// Foundation`, `import struct Foundation.Date`), or nil for any other line.
    static func imported(_ line: String) -> String? {
        let pattern =
            #/
            ^ (?: @\w+ (?: \( [^)]* \) )? \s+ )*
            (?: (?: public | package | internal | fileprivate | private ) \s+ )?
            import \s+ (?: (?: struct | class | enum | protocol | typealias | func | var | let ) \s+ )?
            (\w+)
            /#
        return (try? pattern.prefixMatch(in: line)).flatMap { $0 }.map { String($0.output.1) }
    }

    /// The edges left when every edge implied by a longer path is dropped (what the diagram
    /// draws; the table lists every import).
    var reducedEdges: [(from: String, to: String)] {
        let imports = Dictionary(uniqueKeysWithValues: modules.map { ($0.name, Set($0.local)) })
        func reaches(_ from: String, _ to: String) -> Bool {
            var seen = Set<String>()
            var todo = [from]
            while let next = todo.popLast() {
                for m in imports[next] ?? [] where seen.insert(m).inserted {
                    if m == to { return true }
                    todo.append(m)
                }
            }
            return false
        }
        return modules.reversed().flatMap { m in
            m.local.filter { target in !m.local.contains { $0 != target && reaches($0, target) } }.map { (m.name, $0) }
        }
    }

    /// The Markdown block docs/architecture.md holds between its markers: a Mermaid diagram
    /// (imports implied by others left out) and a table of every import.
    var markdown: String {
        var out = "```mermaid\nflowchart TD\n"
        for edge in reducedEdges { out += "    \(edge.from) --> \(edge.to)\n" }
        out += "```\n\n| module | kind | imports of this package | other packages |\n|---|---|---|---|\n"
        for m in modules.reversed() {
            let external = m.kind == .c ? m.links.map { "links `\($0)`" } : m.external.map { "`\($0)`" }
            let local = m.local.map { "`\($0)`" }
            out += "| `\(m.name)` | \(m.kind.rawValue) | \(local.joined(separator: ", ")) | "
            out += "\(external.joined(separator: ", ")) |\n"
        }
        return out
    }
}
