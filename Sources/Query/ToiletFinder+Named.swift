import Foundation
import Geo
import Places
public import Routing
import Storage

extension ToiletFinder {
    /// Every place whose name, address or operator contains `filter.name` (and passes the
    /// rest of `filter`, open at `open` when given), by relevance: the name equal to the text
    /// first, then names starting with it, then names containing it, then the places only an
    /// address or operator matched; within each, by title (what the tables show: the name, else
    /// the address…) then id (case and diacritics ignored, `ToiletFilter.fold`). No distance or bearing: there is no point.
    public func named(
        filter: ToiletFilter, open: OpenFilter? = nil, cancellation: SearchCancellation? = nil
    ) throws -> [ToiletResult] {
        precondition(filter.name != nil, "a search by name has a name")
        // Every place: the incremental search from any point, all of them, keeps the grouping
        // of records into places (SamePlace) the nearest answers have.
        let origin = Coordinate(latitude: 0, longitude: 0)
        let all = max(1, count)
        let found =
            try open.map { try nearestOpen(to: origin, limit: all, filter: filter, open: $0, cancellation: cancellation) }
            ?? nearest(to: origin, limit: all, filter: filter, cancellation: cancellation)
        let text = filter.name ?? ""
        func rank(_ r: ToiletResult) -> Int {
            guard let name = r.toilet.name.map(ToiletFilter.fold) else { return 3 }
            if name == text { return 0 }
            if name.hasPrefix(text) { return 1 }
            return name.contains(text) ? 2 : 3
        }
        let keyed = found.map { r -> (Int, String, String, ToiletResult) in
            var r = r
            r.distanceMeters = nil
            r.bearingDegrees = nil
            return (rank(r), ToiletFilter.fold(r.toilet.title), r.toilet.globalID, r)
        }
        return keyed.sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }.map { $0.3 }
    }
}

extension NearestToiletsRequest {
    /// The answer to a name alone (`nameOnly`): `ToiletFinder.named`, paged; no far note and
    /// no swap hint (there is no point).
    func namedAnswer(using finder: ToiletFinder, open: OpenFilter?, cancellation: SearchCancellation?) throws
        -> ToiletAnswer
    {
        let found = try finder.named(filter: filter, open: open, cancellation: cancellation)
        let results = Array(found.dropFirst(offset).prefix(limit))
        var answer = ToiletAnswer(near: nil, stateAt: open?.at, results: results)
        answer.offset = offset
        answer.nextOffset = found.count > offset + results.count ? offset + limit : nil
        return answer
    }
}
