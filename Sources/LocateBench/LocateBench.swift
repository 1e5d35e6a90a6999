import Export
import Foundation
import Geo
import Hours
import Ingest
import Query
import SpatialIndex
import Storage
import SyntheticData

#if canImport(Glibc)
    import Glibc
#endif

/// `locate-bench`: the benchmark steps `bench/run.sh` strings together. Each step prints
/// `key=value` figures on stdout; the script formats them.
///
///     locate-bench generate N FILE      synthetic S-JTSK toilets (5 string properties)
///     locate-bench ingest FILE DB       ingest with reprojection + spatial index
///     locate-bench nearest DB Q         Q random in-process queries, k = 1 and 10
///     locate-bench export DB FILE       the toilets as GeoJSON: time and peak memory
///     locate-bench hours N              opening-hours evaluations per second
///     locate-bench pbf FILE             decode a PBF file's toilet selection: nodes/s, MB/s
///     locate-bench equivalence N Q DIR  N points, Q queries against brute force; exit 1 on a mismatch
///     locate-bench route DB Q           Q in-process --by foot --limit 5 answers over DB's network
///     locate-bench answer-writer DB Q   toilet-answer/1 by its writer and by Encodable: µs per answer
@main
struct LocateBench {
    static func main() {
        do {
            try run(CommandLine.arguments.dropFirst().map { $0 })
        } catch {
            // A failed step says why (the file, the record), never a crash's stack trace.
            FileHandle.standardError.write(Data("locate-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    /// A count argument: a whole number from 1 to 100,000,000, else a usage error (exit 64),
    /// never a default in its place.
    static func count(_ text: String, _ what: String) -> Int {
        guard let n = Int(text), (1...100_000_000).contains(n) else {
            let message = "locate-bench: \(what) '\(text)' is not a whole number from 1 to 100000000\n"
            FileHandle.standardError.write(Data(message.utf8))
            exit(64)
        }
        return n
    }

    static func run(_ args: [String]) throws {
        switch args.first {
        case "generate" where args.count == 3:
            try SyntheticToilets.write(count: count(args[1], "N"), to: args[2])
        case "ingest" where args.count == 3:
            try ingest(file: args[1], db: args[2])
        case "nearest" where args.count == 3:
            try nearest(db: args[1], queries: count(args[2], "Q"))
        case "export" where args.count == 3:
            try export(db: args[1], to: args[2])
        case "hours" where args.count == 2:
            hours(iterations: count(args[1], "N"))
        case "hours-file" where args.count == 3:
            try hoursFile(args[1], instants: count(args[2], "N"))
        case "pbf" where args.count == 2:
            try PBFDecode.run(path: args[1])
        case "route" where args.count == 3:
            try RouteBench.run(db: args[1], queries: count(args[2], "Q"))
        case "answer-writer" where args.count == 3:
            if try AnswerWriterBench.run(db: args[1], queries: count(args[2], "Q")) > 0 { exit(1) }
        case "equivalence" where args.count == 4:
            if try NearestEquivalence.run(count: count(args[1], "N"), queries: count(args[2], "Q"), folder: args[3]) > 0 {
                exit(1)
            }
        default:
            FileHandle.standardError.write(
                Data(
                    ("usage: locate-bench generate N FILE | ingest FILE DB | nearest DB Q | export DB FILE | hours N | hours-file FILE N | pbf FILE"
                        + " | equivalence N Q DIR | route DB Q | answer-writer DB Q\n").utf8))
            exit(64)
        }
    }

    /// Opening-hours evaluations per second: parse + state, and state on a parsed tree, for a
    /// simple and a complex expression, at instants spread over a year (Europe/Prague).
    static func hours(iterations: Int) {
        let cases = [
            ("simple", "Mo-Fr 08:00-18:00; Sa 09:00-12:00"),
            (
                "complex",
                "Mo-Th 05:30-23:30; Fr 05:30-24:00; Sa 00:00-01:30,05:30-24:00; Su[-1] 10:00-12:00; "
                    + "Apr-Sep 09:00-20:00; Dec 24-26 off; PH off; week 01-53/2 We 12:00-14:00 off"
            ),
        ]
        let context = HoursContext(timeZone: TimeZone(identifier: "Europe/Prague") ?? .gmt, country: "CZ")
        let start = 1_795_000_000.0
        for (name, expr) in cases {
            var sink = 0
            var t0 = DispatchTime.now().uptimeNanoseconds
            for i in 0..<iterations {
                let at = Date(timeIntervalSince1970: start + Double(i % 8760) * 3600 + 137)
                if let h = try? OpeningHours(parsing: expr) {
                    sink &+= h.currentState(at: at, in: context).state == .open ? 1 : 0
                }
            }
            let parseState = Double(iterations) / (Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
            guard let tree = try? OpeningHours(parsing: expr) else { continue }
            t0 = DispatchTime.now().uptimeNanoseconds
            for i in 0..<iterations {
                let at = Date(timeIntervalSince1970: start + Double(i % 8760) * 3600 + 137)
                sink &+= tree.currentState(at: at, in: context).state == .open ? 1 : 0
            }
            let stateOnly = Double(iterations) / (Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
            t0 = DispatchTime.now().uptimeNanoseconds
            for i in 0..<(iterations / 10) {
                let at = Date(timeIntervalSince1970: start + Double(i % 8760) * 3600 + 137)
                sink &+= tree.state(at: at, in: context).nextChange == nil ? 0 : 1
            }
            let withNext = Double(iterations / 10) / (Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
            print(
                "hours=\(name) parse_state_per_s=\(Int(parseState)) state_per_s=\(Int(stateOnly))",
                "state_and_next_change_per_s=\(Int(withNext)) check=\(sink)")
        }
    }

    static func export(db: String, to path: String) throws {
        let store = try LocateStore(readingAt: db)
        let start = Date()
        let s = try GeoJSONExporter(store: store).write(dataset: "toilets", to: path, at: nil)
        let seconds = Date().timeIntervalSince(start)
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        print(
            "features=\(s.count) seconds=\(String(format: "%.2f", seconds)) bytes=\(s.bytes) peak_rss_mb=\(usage.ru_maxrss / 1024)"
        )
    }

    static func ingest(file: String, db: String) throws {
        let dir = URL(fileURLWithPath: db).deletingLastPathComponent().path
        let spec = try PipelineDecoder.decode(
            SyntheticToilets.pipelineYAML, path: "synthetic.yml", baseFolder: dir, defaultName: "synthetic")
        let start = Date()
        // As `locate ingest` does it: a new database is built aside and appears at `close()`.
        let store = try LocateStore(path: db, access: WriteAccess(createsOnClose: true))
        let report = try IngestRunner(store: store, clock: { Date() }).run(spec, sourceOverride: file)
        try store.close()
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
