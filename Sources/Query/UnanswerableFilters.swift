public import Places
import Storage

/// Why a toilet query found nothing when the reason is the data, not the place: the filters
/// no active toilet can pass because none has the data they need (the 2026 Prague data has
/// no opening hours or prices, the 2019 data no wheelchair access).
public struct UnanswerableFilters: Sendable, Equatable {
    /// A filter that needs data none of the active toilets has.
    public enum Filter: Sendable, Equatable {
        /// An open filter (`--open-now`, `--at`): no hours can be evaluated; `withText` toilets
        /// have hours text that is not a schedule.
        case openingHours(withText: Int)
        /// `--wheelchair`: no toilet states its wheelchair access.
        case wheelchair
        /// `--free`: no toilet has a known price.
        case free
        /// `--with ATTRIBUTE` (`--changing-table`, `--unisex`): no toilet states it.
        case attribute(ToiletAttribute)
        /// `--verified-within`: nothing ever verified any toilet.
        case verification
    }

    /// How many toilets are active.
    public var activeCount: Int
    /// The filters that cannot match, in the order open, wheelchair, free, the attributes in
    /// table order, then verification (never empty).
    public var filters: [Filter]

    /// Creates the fact (`ToiletFinder.unanswerableFilters` makes it; tests compare against it).
    public init(activeCount: Int, filters: [Filter]) {
        self.activeCount = activeCount
        self.filters = filters
    }
}

extension ToiletFinder {
    /// The asked filters that no active toilet can pass, or nil when every asked filter has
    /// data to work on (then "no match" is about the place). Reads the store once: call it
    /// only after a query found nothing.
    public func unanswerableFilters(_ filter: ToiletFilter, open: OpenFilter?) throws -> UnanswerableFilters? {
        guard open != nil || filter.wheelchair || filter.free || !filter.attributes.isEmpty || filter.verifiedWithin != nil
        else { return nil }
        let c = try store().activeToiletCoverage()
        guard c.active > 0 else { return nil }
        var found: [UnanswerableFilters.Filter] = []
        if let open, c.hours == 0, !open.includeUnknown { found.append(.openingHours(withText: c.hoursText)) }
        if filter.wheelchair && c.wheelchair == 0 { found.append(.wheelchair) }
        if filter.free && c.price == 0 { found.append(.free) }
        for a in Array(Set(filter.attributes.map(\.attribute))).sorted() where c.attributes[a] ?? 0 == 0 {
            found.append(.attribute(a))
        }
        if filter.verifiedWithin != nil && c.verified == 0 { found.append(.verification) }
        return found.isEmpty ? nil : UnanswerableFilters(activeCount: c.active, filters: found)
    }
}
