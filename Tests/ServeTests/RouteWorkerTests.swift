import Foundation
import LocateTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The server's route worker processes (`locate-serve --route-workers`, `RouteWorkerPool`,
/// docs/routing.md): supervised, and invisible in the answers.
@Suite struct RouteWorkerTests {
    /// Routes run in worker processes (`--route-workers`, `RouteWorkerPool`): workers killed
    /// with SIGKILL are replaced, each request that finds its worker gone is asked again of a
    /// new one and answers exactly as before, and the server's workers are then new,
    /// live processes, as many as asked for.
    @Test func aKilledRouteWorkerIsReplaced() throws {
        let (_, server) = try OneRequestTests.helsinkiServer(["--route-workers", "2"])
        defer { server.stop() }
        let paths = (0..<4).map { i in
            "/v1/toilets/nearest?lat=\(60.1680 + Double(i) * 0.002)&lon=24.9400&limit=3&by=\(i % 2 == 0 ? "foot" : "wheelchair")"
        }
        let before = try paths.map { try server.get($0) }
        for (path, answer) in zip(paths, before) { #expect(answer.status == 200, "\(path): \(answer.body)") }
        let workers = Self.liveChildren(of: server.process.processIdentifier)
        try #require(workers.count == 2, "route workers: \(workers)")
        for w in workers { kill(w, SIGKILL) }
        for (path, answer) in zip(paths, before) {
            let again = try server.get(path)
            #expect(again.status == 200, "\(path): \(again.body)")
            #expect(again.body == answer.body, "\(path)")
        }
        let now = Self.liveChildren(of: server.process.processIdentifier)
        #expect(now.count == 2, "route workers after: \(now)")
        #expect(Set(now).isDisjoint(with: workers), "killed \(workers), now \(now)")
    }

    /// The child processes of `pid` that are alive (not zombies), from /proc.
    static func liveChildren(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        let children = tasks.flatMap { task -> [Int32] in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
            return text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        return children.filter { child in
            let stat = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)) ?? ""
            // The state follows the command name in parentheses: `123 (locate-serve) S …`.
            guard let close = stat.lastIndex(of: ")") else { return false }
            return !stat[close...].dropFirst(2).hasPrefix("Z")
        }.sorted()
    }
}
