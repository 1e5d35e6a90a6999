public import Geo

/// A new record of a source without stable ids that the merge could not match to an existing
/// place because two or more matched equally well (`IdentityMatcher`). It is stored as a new
/// place; the ingest report lists it as a warning.
public struct AmbiguousIdentity: Sendable, Equatable {
    /// 0-based position of the record in the input.
    public var index: Int
    /// The record's derived id, under which it is stored as a new place.
    public var sourceID: String
    /// The unclaimed existing places within the tolerance, nearest first (ties by id).
    public var candidates: [String]
    /// The other new records (ids, sorted) left unmatched that wanted one of those places.
    public var rivals: [String]

    /// Creates an ambiguity.
    public init(index: Int, sourceID: String, candidates: [String], rivals: [String]) {
        self.index = index
        self.sourceID = sourceID
        self.candidates = candidates
        self.rivals = rivals
    }
}

/// Gives the new records of a source without stable ids (derived ids, `match_key` set) the
/// id of an existing place of the same dataset that no staged record claims, by position:
/// a candidate lies within `toleranceMeters` (geodesic, WGS84) and, when both have a kind,
/// has the same kind. A candidate with the same match key (the same derived text) is preferred
/// to one whose text changed, then the nearer one. Two candidates whose text changed are
/// equally good when their distances differ by less than `tieMeters`; two with the same text
/// only when their distances are equal (either would keep the address).
/// A record and a place are paired when each is the other's strictly best choice; pairs are
/// taken round by round, so a place claimed by a better record leaves the others to theirs.
/// What is still undecided is never guessed: those records become new places and are
/// returned as `AmbiguousIdentity`. The rule and its numbers are in docs/pipelines.md ("Stable ids").
package struct IdentityMatcher {
    /// One side of a match: a staged record (its derived id) or an existing place.
    package struct Place: Equatable {
        /// `source_id`.
        package var id: String
        /// The hash of the derived id's text fields (nil for a stable id).
        package var matchKey: String?
        /// The place's kind (`kind` column of toilets), when it has one.
        package var kind: String?
        /// Where the source put it.
        package var at: Coordinate
        /// 0-based input position (staged records; 0 for existing places).
        package var index: Int = 0

        /// A side of a match.
        package init(id: String, matchKey: String?, kind: String?, at: Coordinate, index: Int = 0) {
            self.id = id
            self.matchKey = matchKey
            self.kind = kind
            self.at = at
            self.index = index
        }
    }

    /// The largest distance at which a new record can be an existing place.
    package var toleranceMeters: Double
    /// Candidates whose text changed are equally near when their distances differ by less.
    package var tieMeters: Double

    /// A matcher with these distances.
    package init(toleranceMeters: Double, tieMeters: Double) {
        self.toleranceMeters = toleranceMeters
        self.tieMeters = tieMeters
    }

    /// What the matcher decided.
    package struct Outcome {
        /// (new record id, existing place id), by new record id.
        package var pairs: [(fresh: String, old: String)]
        /// The records left unmatched although an unclaimed place lay within the tolerance.
        package var ambiguities: [AmbiguousIdentity]
    }

    private struct Edge {
        var fresh: Int
        var old: Int
        var sameKey: Bool
        var distance: Double
    }

    /// Matches `fresh` (staged records with a derived id no existing place has) to `old`
    /// (existing places of the dataset that no staged record claims).
    package func match(fresh: [Place], old: [Place]) -> Outcome {
        let edges = candidateEdges(fresh: fresh, old: old)
        var byFresh = [[Int]](repeating: [], count: fresh.count)
        var byOld = [[Int]](repeating: [], count: old.count)
        for (e, edge) in edges.enumerated() {
            byFresh[edge.fresh].append(e)
            byOld[edge.old].append(e)
        }
        var freshTaken = [Bool](repeating: false, count: fresh.count)
        var oldTaken = [Bool](repeating: false, count: old.count)
        var pairs: [(fresh: String, old: String)] = []
        // Each round pairs every record and place that are each other's strict best among the
        // unpaired; the pairs of one round are disjoint, so their order does not matter.
        while true {
            var round: [(Int, Int)] = []
            for f in fresh.indices where !freshTaken[f] {
                guard let e = strictBest(byFresh[f].filter { !oldTaken[edges[$0].old] }, edges),
                    let back = strictBest(byOld[edges[e].old].filter { !freshTaken[edges[$0].fresh] }, edges), back == e
                else { continue }
                round.append((f, edges[e].old))
            }
            if round.isEmpty { break }
            for (f, o) in round {
                freshTaken[f] = true
                oldTaken[o] = true
                pairs.append((fresh[f].id, old[o].id))
            }
        }
        var ambiguities: [AmbiguousIdentity] = []
        for f in fresh.indices where !freshTaken[f] {
            let open = byFresh[f].filter { !oldTaken[edges[$0].old] }
            guard !open.isEmpty else { continue }
            let sorted = open.sorted { (edges[$0].distance, old[edges[$0].old].id) < (edges[$1].distance, old[edges[$1].old].id) }
            let places = Set(open.map { edges[$0].old })
            let rivals = Set(
                places.flatMap { byOld[$0] }.map { edges[$0].fresh }.filter { $0 != f && !freshTaken[$0] }.map { fresh[$0].id })
            ambiguities.append(
                AmbiguousIdentity(
                    index: fresh[f].index, sourceID: fresh[f].id, candidates: sorted.map { old[edges[$0].old].id },
                    rivals: rivals.sorted()))
        }
        pairs.sort { $0.fresh < $1.fresh }
        ambiguities.sort { ($0.index, $0.sourceID) < ($1.index, $1.sourceID) }
        return Outcome(pairs: pairs, ambiguities: ambiguities)
    }

    /// Every (record, place) within the tolerance whose kinds do not differ. The places are
    /// sorted by latitude, so each record measures only those in its band of latitudes.
    private func candidateEdges(fresh: [Place], old: [Place]) -> [Edge] {
        let byLatitude = old.indices.sorted { old[$0].at.latitude < old[$1].at.latitude }
        // A degree of latitude is at least 110.5 km on the WGS84 ellipsoid.
        let band = toleranceMeters / 110_000
        let geodesic = Geodesic()
        var edges: [Edge] = []
        for (f, p) in fresh.enumerated() {
            var lo = 0
            var hi = byLatitude.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if old[byLatitude[mid]].at.latitude < p.at.latitude - band { lo = mid + 1 } else { hi = mid }
            }
            var i = lo
            while i < byLatitude.count, old[byLatitude[i]].at.latitude <= p.at.latitude + band {
                let o = byLatitude[i]
                i += 1
                if let a = p.kind, let b = old[o].kind, a != b { continue }
                let d = geodesic.distance(from: p.at, to: old[o].at)
                guard d <= toleranceMeters else { continue }
                edges.append(Edge(fresh: f, old: o, sameKey: p.matchKey != nil && p.matchKey == old[o].matchKey, distance: d))
            }
        }
        return edges
    }

    /// The edge among `options` better than every other one (same key first, then distance:
    /// by `tieMeters` or more when the text changed); nil when there is none or two are
    /// equally good.
    private func strictBest(_ options: [Int], _ edges: [Edge]) -> Int? {
        guard var best = options.first else { return nil }
        for e in options.dropFirst() where better(edges[e], edges[best]) { best = e }
        for e in options where e != best && !better(edges[best], edges[e]) { return nil }
        return best
    }

    private func better(_ a: Edge, _ b: Edge) -> Bool {
        if a.sameKey != b.sameKey { return a.sameKey }
        // Between two places of the same text either keeps the address: the nearer one.
        return a.distance < b.distance - (a.sameKey ? 0 : tieMeters)
    }
}
