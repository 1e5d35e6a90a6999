public import Foundation

/// Where an expression is evaluated: the place's time zone, its country (for `PH`) and its
/// position (for `sunrise`/`sunset`/`dawn`/`dusk`).
public struct HoursContext: Sendable {
    /// The place's IANA time zone; evaluation is in its wall-clock time.
    public var timeZone: TimeZone {
        didSet { offsets = ZoneOffsets.shared(for: timeZone) }
    }
    /// The zone's offsets table (shared by every context in the zone).
    private(set) var offsets: ZoneOffsets
    /// ISO 3166-1 alpha-2 country for public holidays (`CZ`, `PL`); nil: `PH` never matches.
    public var country: String?
    /// Latitude in degrees, for variable times (with `longitude`).
    public var latitude: Double?
    /// Longitude in degrees, for variable times (with `latitude`).
    public var longitude: Double?

    /// Creates a context.
    public init(timeZone: TimeZone, country: String? = nil, latitude: Double? = nil, longitude: Double? = nil) {
        self.timeZone = timeZone
        offsets = ZoneOffsets.shared(for: timeZone)
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Open, closed or unknown. Unknown is never open.
public enum HoursState: String, Sendable, Equatable, Codable {
    /// Open.
    case open
    /// Closed.
    case closed
    /// The expression cannot say (an `unknown` rule, an open end, a comment-only rule, or a
    /// variable time without coordinates).
    case unknown
}

/// The answer for one instant.
public struct HoursAnswer: Sendable, Equatable {
    /// The state at the instant.
    public var state: HoursState
    /// The comment of the rule that decided it, if any.
    public var comment: String?
    /// The next instant the state changes, or nil when it does not change within 12 years
    /// past the instant's year or the last year the expression names, whichever is later.
    public var nextChange: Date?
}
