import Contract

/// Days whose schedule depends on public holidays no calendar says (no country given, or
/// one without a calendar): planned both ways, and unknown only where the two differ.
/// `Mo-Fr 08:00-18:00; PH off` is closed on a Saturday whether or not it is a holiday.
extension DayPlanner {
    /// The schedule of `day` into `planned` (its old contents dropped); `scratch` is working
    /// space. Both keep their capacity, so a scan plans day after day without allocating
    /// (except on a day that depends on unknown holidays).
    func plan(_ day: CivilDay, into planned: inout [Segment], scratch: inout [Segment], memory: inout Memory) {
        guard plan(day, into: &planned, scratch: &scratch, memory: &memory, assume: nil) else { return }
        var holiday: [Segment] = []
        var workday: [Segment] = []
        _ = plan(day, into: &holiday, scratch: &scratch, memory: &memory, assume: true)
        _ = plan(day, into: &workday, scratch: &scratch, memory: &memory, assume: false)
        planned = DayPlanner.agreement(holiday, workday, unknown: unknownHolidays)
    }

    /// Where `a` and `b` say the same, what they say; elsewhere `unknown` with `comment`.
    static func agreement(_ a: [Segment], _ b: [Segment], unknown comment: String) -> [Segment] {
        var cuts = Set([0, 1440])
        for s in a + b {
            cuts.insert(s.start)
            cuts.insert(s.end)
        }
        let points = cuts.sorted()
        var out: [Segment] = []
        for (start, end) in zip(points, points.dropFirst()) where end > start {
            let (sa, ca) = state(at: start, in: a)
            let (sb, cb) = state(at: start, in: b)
            let piece =
                sa == sb && ca == cb
                ? Segment(start: start, end: end, state: sa, comment: ca)
                : Segment(start: start, end: end, state: .unknown, comment: comment)
            // A closed minute without a comment is no segment, as in every other plan.
            if piece.state == .closed, piece.comment == nil { continue }
            if let last = out.last, last.end == start, last.state == piece.state, last.comment == piece.comment {
                out[out.count - 1].end = end
            } else {
                out.append(piece)
            }
        }
        return out
    }
}
