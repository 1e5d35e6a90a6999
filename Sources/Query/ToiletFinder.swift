import Foundation
public import Geo
import Hours
import Places
public import Routing
import SpatialIndex
public import Storage

/// Answers "the nearest toilets to here": exact geodesic order from the nearest index,
/// then the rows' attributes from the rows section of the same file (`ToiletRowFile`), else
/// (a damaged file) from the store. Records of several datasets that are one
/// place (`SamePlace`) are one result.
public final class ToiletFinder {
    /// The store, when open: a finder made by `init?(currentFilesOf:)` opens it only when
    /// asked something its files cannot answer (`unanswerableFilters`).
    private var opened: LocateStore?
    private let databasePath: String
    /// Made by `init?(currentFilesOf:)`: the store it opens later may read a newer state.
    private let ofFilesAlone: Bool
    /// The nearest index: of the state the rows are of, or of the store's.
    private(set) var index: NearestIndex
    /// The rows section of the index's file (`ToiletRowFile`); nil or emptied (damage):
    /// rows are read from the store.
    public var rowSource: ToiletRowSource?
    /// Rows already read (from the row file or the store), shared with other finders of the
    /// same committed state (the HTTP server's); nil: every lookup reads the file or SQLite.
    public var rowCache: ToiletRowCache?
    /// Parsed opening hours and time zones, kept across queries.
    let evaluator = OpenStateEvaluator()
    /// Open states already evaluated, shared with other finders of the same committed state
    /// (the HTTP server's); nil: every open search evaluates each candidate's hours.
    public var openStates: OpenStateCache?
    /// Set when every active toilet is of one dataset (the rows section lists one dataset; the
    /// server also checks `activePlacesAreOfOneDataset` once per data version): records of one
    /// dataset are never one place, so the search for each place's records in other datasets
    /// is skipped.
    public var oneDataset = false
    /// Rows not open at one instant whatever their distance (closed then; or unknown, when
    /// unknown is not asked for), kept by the open searches at that instant, which then leave
    /// them out before their distance is computed: a batch asks one instant at every point.
    /// Another instant starts anew; at most `notOpenMost` rows are kept.
    var notOpen: (at: Date, includeUnknown: Bool, rows: Set<Int64>)?
    /// The most rows `notOpen` keeps.
    static let notOpenMost = 50_000
    /// Counts the fall-backs from a damaged file: rows judged before one are not kept after it.
    private(set) var fallBacks = 0

    /// Opens the finder over a store (building the derived file of its state when there is
    /// none: `NearestIndex.open(for:)`), reading rows from that file.
    public init(store: LocateStore) throws {
        self.opened = store
        self.databasePath = store.path
        self.ofFilesAlone = false
        self.index = try NearestIndex.open(for: store)
        if let rows = index.rows, rows.rowCount == index.count {
            rowSource = ToiletRowSource(rows)
            oneDataset = rows.datasets.count <= 1
        }
    }

    /// A finder that answers from the derived file beside the database at `path` alone,
    /// without loading the database's schema: nil unless it is of the newest committed state
    /// (`DataNonce`).
    public init?(currentFilesOf path: String) {
        guard let nonce = DataNonce.current(path: path), let rows = ToiletRowFile(currentFor: path, nonce: nonce),
            let index = rows.index, index.count == rows.rowCount
        else { return nil }
        self.databasePath = path
        self.ofFilesAlone = true
        self.index = index
        self.rowSource = ToiletRowSource(rows)
        self.oneDataset = rows.datasets.count <= 1
    }

    /// The store: the one given, or opened now (it then reads the newest committed state).
    func store() throws -> LocateStore {
        if let opened { return opened }
        let store = try LocateStore(readingAt: databasePath)
        opened = store
        return store
    }

    /// The datasets that have active toilets, sorted.
    public func activeDatasets() throws -> [String] {
        if let rows = rowSource?.file { return rows.datasets }
        return try store().activeToiletDatasets()
    }

    /// Number of active toilets.
    public var count: Int { index.count }

    /// The `limit` nearest places to `point` with a record that passes `filter`, nearest
    /// first. Throws `CancellationError` once `cancellation` is raised.
    public func nearest(
        to point: Coordinate, limit: Int, filter: ToiletFilter = ToiletFilter(), cancellation: SearchCancellation? = nil
    ) throws -> [ToiletResult] {
        try search(to: point, limit: limit, filter: filter, cancellation: cancellation) { _, _ in true }
    }

    /// The incremental search behind every query: a candidate is kept when its flags and row
    /// pass `filter` and `accept`, unless it joins a nearer kept place (`joins`). Each kept
    /// record is a place; then its records of other datasets within
    /// `2 × SamePlace.agreeingTextMeters` that join it (not restricted, in
    /// `filter.datasets`) are added as its other sources, filling its missing attributes.
    /// Every candidate and place looks at `cancellation` first (`CancellationError`).
    func search(
        to point: Coordinate, limit: Int, filter: ToiletFilter, cancellation: SearchCancellation?,
        skip: (Int64) -> Bool = { _ in false }, accept: (StoredToilet, Double) throws -> Bool
    ) throws -> [ToiletResult] {
        if let rows = rowSource?.file {
            // The index and the row file are of one state (paired by stamp and count): every
            // id the index yields has its record, at the index's position. Anything else is
            // damage, never a row left out of the answer.
            func checked(_ id: Int64, _ at: Coordinate) throws -> StoredToilet? {
                guard let t = try rows.toilet(id) else {
                    throw SpatialIndexError.badFile(path: rows.path, reason: "row id \(id) of the nearest index is missing")
                }
                guard t.coordinate == at else {
                    throw SpatialIndexError.badFile(
                        path: rows.path, reason: "row id \(id) is not at the nearest index's position")
                }
                return t
            }
            do {
                // Rows decoded once are kept in the row cache when there is one and every row
                // fits in it: a kept row costs less than decoding it again (the server's
                // open-now searches meet the same rows request after request). When they do
                // not all fit, keeping them costs more than decoding (a lock, evictions and
                // allocations per row: over 1,000,000 rows with room for 200,000, p99 27 ms
                // against 13 ms without).
                guard let rowCache, rows.rowCount <= rowCache.capacity else {
                    return try search(
                        to: point, limit: limit, filter: filter, cancellation: cancellation, skip: skip, accept: accept,
                        toilet: checked)
                }
                return try search(
                    to: point, limit: limit, filter: filter, cancellation: cancellation, skip: skip, accept: accept
                ) { id, at in
                    try rowCache.toilet(id) { try checked($0, at) }
                }
            } catch SpatialIndexError.badFile(let path, _) where path == rows.path {
                try fallBack(fromDamaged: rows)
            }
        }
        return try store().withToiletLookup { read in
            try search(to: point, limit: limit, filter: filter, cancellation: cancellation, skip: skip, accept: accept) {
                id, _ in
                guard let rowCache else { return try read(id) }
                return try rowCache.toilet(id, reading: read)
            }
        }
    }

    /// The one answer to a damaged derived file (a record that does not decode, a row the
    /// index yields that the rows lack): a sound file of the state the store reads replaces
    /// it (by a rename, never an unlink: another process may have it mapped), and from now on
    /// this finder reads rows from the store, with an index built from the store in memory
    /// (the damaged file's index part is not trusted either).
    private func fallBack(fromDamaged rows: ToiletRowFile) throws {
        rowSource?.drop(rows)
        // A finder of the files alone reads the store, which may be of a newer state than the
        // damaged file's: rows and open states kept from that file are not of it.
        if ofFilesAlone {
            rowCache = rowCache.map { ToiletRowCache(capacity: $0.capacity) }
            openStates = openStates.map { OpenStateCache(capacity: $0.capacity) }
        }
        notOpen = nil
        fallBacks += 1
        let store = try store()
        oneDataset = try store.activePlacesAreOfOneDataset(.toilets)
        try? ToiletRowFile.save(for: store, damaged: true)
        index = try NearestIndex.built(for: store)
    }

    /// `search(to:limit:filter:accept:)` with rows from `toilet`.
    private func search(
        to point: Coordinate, limit: Int, filter: ToiletFilter, cancellation: SearchCancellation?,
        skip: (Int64) -> Bool, accept: (StoredToilet, Double) throws -> Bool,
        toilet: (Int64, Coordinate) throws -> StoredToilet?
    ) throws -> [ToiletResult] {
        let geodesic = Geodesic()
        var places: [[StoredToilet]] = []
        var seen: [(toilet: StoredToilet, distance: Double)] = []
        // What the flags or `skip` refuse is refused before its distance is computed.
        _ = try index.nearest(
            to: point, limit: limit, maxDistanceMeters: filter.searchRadius(from: point, geodesic: geodesic),
            skipping: { id, flags in
                try cancellation?.check()
                return !filter.accepts(flags) || skip(id)
            }
        ) { id, flags, distance, at in
            // `skipping` has looked at the cancellation and the flags of this candidate.
            guard filter.accepts(at), let t = try toilet(id, at), filter.acceptsRow(t) else {
                return false
            }
            guard try accept(t, distance) else { return false }
            seen.append((t, distance))
            if let i = places.firstIndex(where: { SamePlace.joins(t, $0, geodesic: geodesic) }) {
                places[i].append(t)
                return false
            }
            places.append([t])
            return true
        }
        // The search meets records at one position in any order: group again in
        // (distance, row id) order, as the rule is stated.
        places = []
        for (t, _) in seen.sorted(by: { ($0.distance, $0.toilet.rowID) < ($1.distance, $1.toilet.rowID) }) {
            try cancellation?.check()
            if let i = places.firstIndex(where: { SamePlace.joins(t, $0, geodesic: geodesic) }) {
                places[i].append(t)
            } else if places.count < limit {
                places.append([t])
            }
        }
        var used = Set(places.flatMap { $0.map(\.rowID) })
        var results: [ToiletResult] = []
        for place in places {
            try cancellation?.check()
            var records = place
            if !oneDataset {
                _ = try index.nearest(
                    to: records[0].coordinate, limit: 32, maxDistanceMeters: 2 * SamePlace.agreeingTextMeters
                ) { id, flags, _, at in
                    guard !used.contains(id), !flags.contains(.restricted), let other = try toilet(id, at),
                        filter.datasets?.contains(other.dataset) ?? true,
                        SamePlace.joins(other, records, geodesic: geodesic)
                    else { return false }
                    records.append(other)
                    used.insert(id)
                    return true
                }
            }
            // The others by distance from the query point, then row id: a place reads the same
            // whichever records the search met first (a larger limit or a later page meets more).
            if records.count > 2 {
                let others = records.dropFirst().map { (geodesic.distance(from: point, to: $0.coordinate), $0) }
                records = [records[0]] + others.sorted { ($0.0, $0.1.rowID) < ($1.0, $1.1.rowID) }.map(\.1)
            }
            let (distance, bearing) = geodesic.inverse(from: point, to: place[0].coordinate)
            var r = ToiletResult(SamePlace.merged(records), distanceMeters: distance, bearingDegrees: bearing)
            r.sources = records.map(ToiletSource.init)
            results.append(r)
        }
        return results
    }
}
