/// How the reader writes its groups as OSM rules.
extension CzechReader {
    // MARK: output

    mutating func render(_ input: [Group]) -> String {
        var groups = input
        for g in groups.indices {
            // Days carried over: `út-ne duben 9-18, květen až září 9-19` keeps út-ne.
            if groups[g].days.isEmpty, !groups[g].dates.isEmpty, g > 0, !groups[g - 1].days.isEmpty, !groups[g - 1].dates.isEmpty
            {
                groups[g].days = groups[g - 1].days
                if CzechReader.daySet(groups[g].days).count < 7, !notes.contains("days carried over to later date groups") {
                    notes.append("days carried over to later date groups")
                }
            }
            // A dropped day part after day groups: the days they left out.
            if groups[g].days.isEmpty, !groups[g].holidays, groups[g].dates.isEmpty, g > 0,
                groups[..<g].allSatisfy({ !$0.days.isEmpty && $0.dates.isEmpty })
            {
                var covered = Set<Int>()
                for p in groups[..<g] { covered.formUnion(CzechReader.daySet(p.days)) }
                let rest = (0..<7).filter { !covered.contains($0) }
                if !rest.isEmpty, rest.count < 7 {
                    groups[g].days = CzechReader.ranges(rest)
                    notes.append(
                        "a group without days read as \(CzechReader.ranges(rest).map(CzechReader.dayText).joined(separator: ","))"
                    )
                }
            }
        }
        if groups.count == 1, groups[0].dates.isEmpty, groups[0].nonstop, groups[0].times.isEmpty, groups[0].notes.isEmpty,
            !groups[0].holidays,
            groups[0].days.isEmpty || CzechReader.daySet(groups[0].days).count == 7
        {
            return "24/7"
        }
        return groups.map { g in
            var parts: [String] = []
            if !g.dates.isEmpty { parts.append(g.dates.joined(separator: ",")) }
            var days: [String] = []
            if !g.days.isEmpty, CzechReader.daySet(g.days).count < 7 || !g.dates.isEmpty {
                days += g.days.map(CzechReader.dayText)
            } else if !g.days.isEmpty {
                days.append("Mo-Su")
            }
            if g.holidays { days.append("PH") }
            if !days.isEmpty { parts.append(days.joined(separator: ",")) }
            parts.append(g.closed ? "off" : g.nonstop ? "00:00-24:00" : g.times.joined(separator: ","))
            if !g.notes.isEmpty { parts.append("\"\(g.notes.joined(separator: ", ").replacingQuotes)\"") }
            return parts.joined(separator: " ")
        }.joined(separator: "; ")
    }

    static func dayText(_ r: (Int, Int)) -> String {
        r.0 == r.1 ? osmDays[r.0] : osmDays[r.0] + "-" + osmDays[r.1]
    }

    static func daySet(_ ranges: [(Int, Int)]) -> Set<Int> {
        var s = Set<Int>()
        for (a, b) in ranges {
            var d = a
            s.insert(d)
            while d != b {
                d = (d + 1) % 7
                s.insert(d)
            }
        }
        return s
    }

    static func ranges(_ days: [Int]) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        for d in days.sorted() {
            if let last = out.last, last.1 == d - 1 { out[out.count - 1].1 = d } else { out.append((d, d)) }
        }
        return out
    }

    static func clock(_ m: Int) -> String {
        let h = m / 60
        let mm = m % 60
        return (h < 10 ? "0" : "") + "\(h):" + (mm < 10 ? "0" : "") + "\(mm)"
    }
}
