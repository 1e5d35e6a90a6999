import Foundation
import Hours

extension LocateBench {
    /// Throughput on the expressions of `path` (one per line; `#` lines skipped) at `instants`
    /// local times in Europe/Prague (hourly from 2026-01-01 00:07, wall clock), the same as
    /// `bench/hours_py.py` measures for opening-hours-py: parse + state (a tenth of the
    /// instants), state on parsed expressions, state and next change (a tenth), per second of
    /// processor time.
    static func hoursFile(_ path: String, instants count: Int) throws {
        let expressions = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let zone = TimeZone(identifier: "Europe/Prague") ?? .gmt
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let first = calendar.date(from: DateComponents(year: 2026, month: 1, day: 1, hour: 0, minute: 7)) ?? Date()
        let instants = (0..<count).compactMap { calendar.date(byAdding: .hour, value: $0, to: first) }
        let context = HoursContext(timeZone: zone, country: nil)
        let trees = expressions.compactMap { try? OpeningHours(parsing: $0) }
        guard trees.count == expressions.count else {
            print("error: \(expressions.count - trees.count) expressions do not parse")
            exit(1)
        }
        var sink = 0
        // Processor time of this process (as hours_py.py measures with time.process_time):
        // on a shared machine, wall time counts other processes' work too.
        func cpuSeconds() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
            return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
        }
        func rate(_ n: Int, _ body: () -> Void) -> Int {
            let t0 = cpuSeconds()
            body()
            return Int(Double(n) / max(cpuSeconds() - t0, 1e-9))
        }
        let tenth = Array(instants.prefix(max(1, count / 10)))
        let parseState = rate(expressions.count * tenth.count) {
            for e in expressions {
                for at in tenth {
                    if let t = try? OpeningHours(parsing: e) {
                        sink &+= t.currentState(at: at, in: context).state == .open ? 1 : 0
                    }
                }
            }
        }
        let state = rate(trees.count * instants.count) {
            for t in trees { for at in instants { sink &+= t.currentState(at: at, in: context).state == .open ? 1 : 0 } }
        }
        let next = rate(trees.count * tenth.count) {
            for t in trees { for at in tenth { sink &+= t.state(at: at, in: context).nextChange == nil ? 0 : 1 } }
        }
        print(
            "impl=locate expressions=\(expressions.count) instants=\(count) parse_state_per_s=\(parseState)",
            "state_per_s=\(state) next_change_per_s=\(next) check=\(sink)")
    }
}
