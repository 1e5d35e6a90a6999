/// How someone travels to a toilet: the Routino profile routes follow and the speed a route's
/// walking time is computed at (docs/routing.md, "Speeds").
public enum TravelMode: String, Sendable, CaseIterable, Codable {
    /// On foot: Routino's `foot` profile (steps allowed, no motorways).
    case foot
    /// In a wheelchair: Routino's `wheelchair` profile (never `highway=steps`).
    case wheelchair

    /// The profile's name in Routino's profiles.xml.
    var profileName: String { rawValue }

    /// The mode's bit in the walking graph's per-segment and per-node mode sets.
    var bit: UInt8 {
        switch self {
        case .foot: 1
        case .wheelchair: 2
        }
    }

    /// Travel speed in metres per second. On foot 1.3 m/s: the low end of comfortable
    /// adult walking speeds, 1.27–1.46 m/s (Bohannon 1997, "Comfortable and maximum walking
    /// speed of adults aged 20–79 years", Age and Ageing 26:15–19), so a walking time is not
    /// optimistic. In a wheelchair 1.0 m/s: our documented, conservative choice, below walking.
    public var metersPerSecond: Double {
        switch self {
        case .foot: 1.3
        case .wheelchair: 1.0
        }
    }
}
