public import Foundation

/// Keep only toilets open at an instant (and, optionally, still open on arrival).
public struct OpenFilter: Sendable {
    /// When someone wants to arrive.
    public enum Arrival: Sendable, Equatable {
        /// Arrival this many minutes after `at`.
        case within(minutes: Int)
        /// Walking: arrival after distance × `detour` at `metersPerMinute`.
        case walking(metersPerMinute: Double, detour: Double)

        /// 5 km/h, with paths 1.3× the straight-line distance (a common urban detour factor).
        public static let defaultWalk = Arrival.walking(metersPerMinute: 5000.0 / 60, detour: 1.3)
    }

    /// The instant (the CLI's `--at`, or now).
    public var at: Date
    /// Also list toilets whose state is unknown, marked as such (never counted as open).
    public var includeUnknown: Bool
    /// Require the toilet to be open on arrival too.
    public var arrival: Arrival?

    /// Creates a filter.
    public init(at: Date, includeUnknown: Bool = false, arrival: Arrival? = nil) {
        self.at = at
        self.includeUnknown = includeUnknown
        self.arrival = arrival
    }

    /// The arrival instant for a toilet `distanceMeters` away.
    func arrivalInstant(distanceMeters: Double) -> Date? {
        switch arrival {
        case nil: return nil
        case .within(let m)?: return at.addingTimeInterval(Double(m) * 60)
        case .walking(let speed, let detour)?: return at.addingTimeInterval(distanceMeters * detour / speed * 60)
        }
    }
}
