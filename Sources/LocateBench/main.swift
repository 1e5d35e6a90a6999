import Foundation
import Geo
import Ingest
import LocateTestSupport
import Query
import Storage

#if canImport(Glibc)
    import Glibc
#endif

/// `locate-bench`: the benchmark steps `bench/run.sh` strings together. Each step prints
/// `key=value` figures on stdout; the script formats them.
///
///     locate-bench generate N FILE      synthetic S-JTSK toilets (5 string properties)
///     locate-bench ingest FILE DB       ingest with reprojection + spatial index
///     locate-bench nearest DB Q         Q random in-process queries, k = 1 and 10
@main
struct LocateBench {
    static func main() throws {
        let args = CommandLine.arguments.dropFirst().map { $0 }
        switch args.first {
        case "generate" where args.count == 3:
            try SyntheticToilets.write(count: Int(args[1]) ?? 0, to: args[2])
        case "ingest" where args.count == 3:
            try ingest(file: args[1], db: args[2])
        case "nearest" where args.count == 3:
            try nearest(db: args[1], queries: Int(args[2]) ?? 1000)
        default:
            FileHandle.standardError.write(Data("usage: locate-bench generate N FILE | ingest FILE DB | nearest DB Q\n".utf8))
            exit(64)
        }
    }

    static func ingest(file: String, db: String) throws {
        let dir = URL(fileURLWithPath: db).deletingLastPathComponent().path
        let spec = try PipelineDecoder.decode(
            SyntheticToilets.pipelineYAML, path: "synthetic.yml", baseFolder: dir, defaultName: "synthetic")
        let start = Date()
        let store = try LocateStore(path: db)
        let report = try IngestRunner(store: store, clock: { Date() }).run(spec, sourceOverride: file)
        let seconds = Date().timeIntervalSince(start)
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        print(
            "rows=\(report.run.accepted) seconds=\(String(format: "%.2f", seconds))",
            "rows_per_s=\(Int(Double(report.run.accepted) / seconds)) peak_rss_mb=\(usage.ru_maxrss / 1024)")
    }

    static func nearest(db: String, queries: Int) throws {
        let store = try LocateStore(readingAt: db)
        let openStart = Date()
        let finder = try ToiletFinder(store: store)
        let openMs = Date().timeIntervalSince(openStart) * 1000
        let index = try NearestIndex.open(for: store)
        var rng = SeededRandom(seed: 2026)
        let points = (0..<queries).map { _ in
            Coordinate(latitude: .random(in: 49.95...50.17, using: &rng), longitude: .random(in: 14.23...14.70, using: &rng))
        }
        // One untimed pass first: the index is memory-mapped, and first touches of its pages
        // are page faults (a one-shot command pays them; see the command figures).
        for p in points { _ = index.nearest(to: p, limit: 10) }
        for k in [1, 10] {
            var micros: [Double] = []
            micros.reserveCapacity(queries)
            var sink = 0
            for p in points {
                let t0 = DispatchTime.now().uptimeNanoseconds
                sink &+= index.nearest(to: p, limit: k).count
                micros.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1000)
            }
            if k == 1, ProcessInfo.processInfo.environment["BENCH_DEBUG"] != nil {
                let worst = zip(micros, points).sorted { $0.0 > $1.0 }.prefix(5)
                for (t, p) in worst { print("slow \(t) us at \(p)") }
            }
            micros.sort()
            print(
                "k=\(k) queries=\(queries) median_us=\(String(format: "%.1f", micros[micros.count / 2]))",
                "p99_us=\(String(format: "%.1f", micros[micros.count * 99 / 100])) results=\(sink)")
        }
        print("open_ms=\(String(format: "%.1f", openMs)) points=\(finder.count)")
    }
}
