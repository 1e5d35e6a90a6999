public import Foundation

/// What verified a place or its opening hours: the words of `verified_by` and
/// `hours_verified_by` (docs/json.md), in the order a tie between equally new pieces of
/// evidence is decided (the first wins: a person on the spot before a publisher's release).
public enum VerificationSource: String, Sendable, CaseIterable, Codable {
    /// An approved "still here" or "hours are right" confirmation (`still_there`,
    /// `hours_right` reports).
    case confirmation
    /// Another approved contribution: a new toilet, an edit, a report that moved it or gave
    /// its hours, a photo.
    case contribution
    /// OSM `survey:date`: a mapper surveyed it on the spot.
    case surveyDate = "survey_date"
    /// OSM `check_date:opening_hours`: a mapper checked its hours (verifies the place too).
    case hoursCheckDate = "check_date_opening_hours"
    /// OSM `check_date`: a mapper checked it (the place, not its hours).
    case checkDate = "check_date"
    /// The source's release that carried the record (the run's `released`): the publisher
    /// stated the place and its hours as of that day.
    case sourceRelease = "source_release"
}

extension VerificationSource {
    /// What gave it, in words for people (`verified 2026-11-30 by a confirmation`).
    public var words: String {
        switch self {
        case .confirmation: return "a visitor's confirmation"
        case .contribution: return "an approved contribution"
        case .surveyDate: return "an OSM survey"
        case .hoursCheckDate: return "an OSM check of the hours"
        case .checkDate: return "an OSM check"
        case .sourceRelease: return "the source's release"
        }
    }
}

/// One piece of evidence: when, and what gave it.
public struct VerificationEvidence: Sendable, Equatable {
    /// When (a day's evidence: the start of that day in the place's time zone).
    public var at: Date
    /// What gave it.
    public var by: VerificationSource

    /// Evidence.
    public init(at: Date, by: VerificationSource) {
        self.at = at
        self.by = by
    }

    /// The newer of two pieces of evidence; of two equally new, the one whose source comes
    /// first in `VerificationSource`.
    static func newer(_ a: VerificationEvidence?, _ b: VerificationEvidence?) -> VerificationEvidence? {
        guard let a else { return b }
        guard let b else { return a }
        if a.at != b.at { return a.at > b.at ? a : b }
        let order = VerificationSource.allCases
        return (order.firstIndex(of: a.by) ?? 0) <= (order.firstIndex(of: b.by) ?? 0) ? a : b
    }
}

/// The days `Verification.startOfDay` reads, kept for a run: a dataset has one zone and one
/// release day, and a zone or calendar made per record would cost more than the rest of a
/// record's stamp. One per run (or per thread); at most `most` days are kept.
public final class VerificationDays {
    private var zones: [String: TimeZone] = [:]
    private var starts: [String: Date?] = [:]
    /// The most days kept (then the cache starts again).
    static let most = 4096

    /// An empty cache.
    public init() {}

    /// `Verification.startOfDay(text, in: zone)`, the zone named (UTC when unknown).
    public func start(_ text: String, zone name: String) -> Date? {
        let key = name + "\u{0}" + text
        if let known = starts[key] { return known }
        let zone: TimeZone
        if let z = zones[name] {
            zone = z
        } else {
            zone = TimeZone(identifier: name) ?? .gmt
            if zones.count < 64 { zones[name] = zone }
        }
        let start = Verification.startOfDay(text, in: zone)
        if starts.count >= Self.most { starts.removeAll(keepingCapacity: true) }
        starts[key] = start
        return start
    }
}

/// An approved contribution on a place, as evidence: when it was sent (the moment the person
/// saw the place), whether it is a confirmation, and whether it vouches for the hours the
/// place has now (it named these very hours: an edit of them, or a confirmation of them).
public struct CommunityEvidence: Sendable, Equatable {
    /// When the contribution was received.
    public var at: Date
    /// `confirmation` or `contribution`.
    public var by: VerificationSource
    /// Whether it named the hours the place has now.
    public var vouchesForHours: Bool

    /// Evidence of a contribution.
    public init(at: Date, by: VerificationSource, vouchesForHours: Bool) {
        self.at = at
        self.by = by
        self.vouchesForHours = vouchesForHours
    }
}

/// When a place, and its opening hours, were last verified, and by what: the one rule
/// (docs/guide.md, "Verification"). The place's evidence is the newest of the source's
/// release date, OSM `check_date`, `survey:date` and `check_date:opening_hours`, and every
/// approved contribution on it (never a pending or rejected one, never a report that it is
/// gone). The hours' evidence is the newest of the release and `check_date:opening_hours`,
/// while the hours are the source's (no approved edit replaced them), and of the approved
/// contributions that named the hours it has now. A place without hours has no hours
/// evidence. A date read from the source after `notAfter` (the start of the run that read
/// it) claims nothing; contributions are the server's own instants and are never bounded.
public struct Verification: Sendable, Equatable {
    /// Evidence older than this (a year) reads "not verified since …" to people (the CLI's
    /// `toilet show`, the map), as the wording of a place nobody has vouched for lately.
    public static let staleSeconds: TimeInterval = 365 * 86400

    /// The place's newest evidence; nil when nothing ever verified it.
    public var place: VerificationEvidence?
    /// The hours' newest evidence; nil when nothing verified them (or there are none).
    public var hours: VerificationEvidence?

    /// A verification.
    public init(place: VerificationEvidence?, hours: VerificationEvidence?) {
        self.place = place
        self.hours = hours
    }

    /// Judges the evidence of one place. Dates are OSM's as written (`YYYY-MM-DD` or
    /// `YYYY-MM`, read as the start of that day or month in `timeZone`; anything else is no
    /// evidence); `sourceReleased` is `YYYY-MM-DD`.
    public static func judge(
        sourceReleased: String?, checkDate: String?, surveyDate: String?, hoursCheckDate: String?, timeZone: String,
        hasHours: Bool, hoursAreTheSource: Bool, community: [CommunityEvidence], notAfter: Date,
        days: VerificationDays = VerificationDays()
    ) -> Verification {
        func day(_ text: String?, _ by: VerificationSource) -> VerificationEvidence? {
            guard let text, let at = days.start(text, zone: timeZone), at <= notAfter else { return nil }
            return VerificationEvidence(at: at, by: by)
        }
        let release = day(sourceReleased, .sourceRelease)
        let hoursCheck = day(hoursCheckDate, .hoursCheckDate)
        var hours: VerificationEvidence? = nil
        if hasHours {
            if hoursAreTheSource { hours = VerificationEvidence.newer(release, hoursCheck) }
            for c in community where c.vouchesForHours {
                hours = VerificationEvidence.newer(hours, VerificationEvidence(at: c.at, by: c.by))
            }
        }
        var place = [release, hoursCheck, day(checkDate, .checkDate), day(surveyDate, .surveyDate), hours]
            .reduce(nil, VerificationEvidence.newer)
        for c in community {
            place = VerificationEvidence.newer(place, VerificationEvidence(at: c.at, by: c.by))
        }
        return Verification(place: place, hours: hours)
    }

    /// The start of the day `YYYY-MM-DD` (or of the month `YYYY-MM`) in `zone`, or nil for
    /// any other text, a day the month does not have, or a year outside 1900–2999.
    public static func startOfDay(_ text: String, in zone: TimeZone) -> Date? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts[0].count == 4,
            parts.dropFirst().allSatisfy({ $0.count == 2 }),
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), (1900...2999).contains(year), let month = Int(parts[1]), (1...12).contains(month)
        else { return nil }
        let dayOfMonth = parts.count == 3 ? Int(parts[2]) ?? 0 : 1
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let first = calendar.date(from: DateComponents(year: year, month: month)),
            let days = calendar.range(of: .day, in: .month, for: first), days.contains(dayOfMonth)
        else { return nil }
        return calendar.date(from: DateComponents(year: year, month: month, day: dayOfMonth))
    }
}
