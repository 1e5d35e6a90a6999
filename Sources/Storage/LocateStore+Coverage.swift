internal import GRDB
public import Places

/// How many active toilets carry each optional field a query can filter on: a query that
/// finds nothing can then say the data lacks the field, rather than "no match".
public struct ToiletFieldCoverage: Sendable, Equatable {
    /// Active toilets.
    public var active: Int
    /// Those with any hours text (`hours_status` other than `missing`).
    public var hoursText: Int
    /// Those whose hours are a schedule (`hours_status` `exact` or `interpreted`; `unknown`
    /// hours are kept as an OSM comment, which is never open).
    public var hours: Int
    /// Those whose wheelchair access is stated (`wheelchair` other than `unknown`).
    public var wheelchair: Int
    /// Those whose price is known (`is_free` not null).
    public var price: Int
    /// Those that anything ever verified (`verified_at` not null).
    public var verified = 0
    /// Per attribute, those that state it (its column not null); every attribute is counted.
    public var attributes: [ToiletAttribute: Int] = [:]

    /// Creates a coverage from its counts.
    public init(active: Int, hoursText: Int, hours: Int, wheelchair: Int, price: Int) {
        self.active = active
        self.hoursText = hoursText
        self.hours = hours
        self.wheelchair = wheelchair
        self.price = price
    }
}

extension LocateStore {
    /// The field coverage of the active toilets (one aggregate read over the table; meant for
    /// explaining an empty answer, not for the query path).
    public func activeToiletCoverage() throws -> ToiletFieldCoverage {
        try read { db in
            let r = try Row.fetchOne(
                db,
                sql: """
                    SELECT count(*) AS active,
                        coalesce(sum(\(ToiletColumn.hoursStatus.rawValue) <> 'missing'), 0) AS hours_text,
                        coalesce(sum(\(ToiletColumn.hoursStatus.rawValue) IN ('exact', 'interpreted')), 0) AS hours,
                        coalesce(sum(\(ToiletColumn.wheelchair.rawValue) <> 'unknown'), 0) AS wheelchair,
                        count(\(ToiletColumn.isFree.rawValue)) AS price,
                        count(\(ToiletColumn.verifiedAt.rawValue)) AS verified,
                        \(ToiletAttribute.ordered.map { "count(\($0.key)) AS \($0.key)" }.joined(separator: ", "))
                    FROM toilets WHERE \(PlaceStatus.isActive())
                    """)
            var c = ToiletFieldCoverage(
                active: r?["active"] ?? 0, hoursText: r?["hours_text"] ?? 0, hours: r?["hours"] ?? 0,
                wheelchair: r?["wheelchair"] ?? 0, price: r?["price"] ?? 0)
            c.verified = r?["verified"] ?? 0
            for a in ToiletAttribute.ordered { c.attributes[a] = r?[a.key] ?? 0 }
            return c
        }
    }
}
