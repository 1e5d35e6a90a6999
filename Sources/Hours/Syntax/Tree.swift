/// The syntax tree of an OpenStreetMap `opening_hours` value
/// (wiki.openstreetmap.org/wiki/Key:opening_hours/specification): plain data, printable
/// back to canonical syntax with `canonical`.
public struct OpeningHours: Sendable, Equatable {
    /// The rules, in order.
    public var rules: [Rule]

    /// Creates a tree from rules.
    public init(rules: [Rule]) { self.rules = rules }
}

/// One rule: selectors, then a modifier and an optional comment.
public struct Rule: Sendable, Equatable {
    /// How a rule joins the one before it.
    public enum Separator: Sendable, Equatable {
        /// `;`: for the days it selects, replaces what earlier rules said.
        case normal
        /// `,`: adds to what earlier rules said.
        case additional
        /// `||`: applies only to days no earlier rule selected.
        case fallback
    }

    /// What the selected times are.
    public enum Modifier: Sendable, Equatable {
        /// Open (the default).
        case open
        /// `closed` or `off`.
        case closed
        /// `unknown`.
        case unknown
    }

    /// How this rule joins the previous one (`normal` for the first).
    public var separator: Separator = .normal
    /// `24/7`.
    public var alwaysOpen = false
    /// Year selectors (empty: every year).
    public var years: [YearRange] = []
    /// Month and date selectors (empty: every day of the year).
    public var dates: [DateRange] = []
    /// ISO week selectors (empty: every week).
    public var weeks: [WeekRange] = []
    /// Weekday selectors (with `holidays`: either matches; both empty: every day).
    public var weekdays: [WeekdayRange] = []
    /// `PH` / `SH` selectors.
    public var holidays: [HolidaySelector] = []
    /// Time spans (empty: the whole day).
    public var times: [TimeSpan] = []
    /// The modifier.
    public var modifier: Modifier = .open
    /// The comment in quotes.
    public var comment: String?

    /// Creates an empty rule (every day, all day, open).
    public init() {}
}

/// `2026`, `2026-2028`, `2026-2030/2`, `2026+`.
public struct YearRange: Sendable, Equatable {
    /// The first year selected (1900…9999).
    public var from: Int
    /// Nil: the single year `from`; `Int.max`: open-ended (`2026+`).
    public var to: Int?
    /// Every `step`-th year counted from `from` (`/2`); 1 selects every year.
    public var step: Int = 1
}

/// A calendar date inside a date selector: a month and day, the nth weekday of a month, or
/// easter with an offset.
public enum DatePoint: Sendable, Equatable {
    /// Month 1…12 and day 1…31 (`Jan 01`); day nil means the whole month.
    case monthDay(month: Int, day: Int?)
    /// The nth weekday (0 = Monday) of a month: `Mar Su[-1]` is the last Sunday of March
    /// (`nth` 1…5 or −1…−5). A month without that weekday (`Feb Mo[5]`) has no such day.
    case nthWeekday(month: Int, weekday: Int, nth: Int)
    /// Easter Sunday plus `offsetDays`.
    case easter(offsetDays: Int)
}

/// `Jan`, `Jan-Mar`, `Dec 24-26`, `Oct 01-Mar 31`, `easter -2 days`, `Mar Su[-1]-Oct Su[-1]
/// -1 day`, with an optional year on either end (`2025 Dec 01-2026 Feb 28`).
public struct DateRange: Sendable, Equatable {
    /// The year the range starts in (`2026 Jan 01-…`); nil: every year.
    public var year: Int?
    /// The first day (or month) selected.
    public var from: DatePoint
    /// Nil: a single month or day.
    public var to: DatePoint?
    /// Days added to `from` (`Jan 01 +2 days`); easter keeps its own offset.
    public var fromOffsetDays = 0
    /// The year of the last day (`…-2026 Feb 28`); nil: the start year, or the next one when
    /// the end falls before the start.
    public var toYear: Int?
    /// Days added to `to` (`Oct Su[-1] -1 day`).
    public var toOffsetDays = 0

    /// Creates a date range.
    public init(
        year: Int? = nil, from: DatePoint, to: DatePoint? = nil, fromOffsetDays: Int = 0, toYear: Int? = nil,
        toOffsetDays: Int = 0
    ) {
        self.year = year
        self.from = from
        self.to = to
        self.fromOffsetDays = fromOffsetDays
        self.toYear = toYear
        self.toOffsetDays = toOffsetDays
    }
}

/// `week 01-53/2`.
public struct WeekRange: Sendable, Equatable {
    /// The first ISO 8601 week selected (1…53).
    public var from: Int
    /// The last week selected, inclusive, may wrap past week 53 (`week 50-02`); nil: only `from`.
    public var to: Int?
    /// Every `step`-th week counted from `from` (`/2`); 1 selects every week.
    public var step: Int = 1
}

/// `Mo`, `Mo-Fr`, `Su[-1]`, `We[1-2]`, with an optional day offset (`Sa[-1] -1 day`).
public struct WeekdayRange: Sendable, Equatable {
    /// 0 = Monday … 6 = Sunday.
    public var from: Int
    /// The last weekday selected, inclusive, may wrap past Sunday (`Sa-Mo`); nil: only `from`.
    public var to: Int?
    /// Nth-weekday-of-month selectors (1…5, −1…−5); empty: every such weekday.
    public var nth: [ClosedRange<Int>] = []
    /// Days to shift the selected day by (`Sa[-1] -1 day` is the Friday before the last Saturday).
    public var offsetDays: Int = 0
}

/// `PH`, `SH`, optionally with a day offset (`PH +1 day`).
public struct HolidaySelector: Sendable, Equatable {
    /// Which holidays a selector names; the raw value is its syntax.
    public enum Kind: String, Sendable, Equatable {
        /// `PH`: a public holiday of the context's country.
        case publicHoliday = "PH"
        /// `SH`: a school holiday (parsed and printed; no calendar is known, so it never matches).
        case schoolHoliday = "SH"
    }
    /// Public or school holidays.
    public var kind: Kind
    /// Days to shift by: `PH +1 day` selects the day after each holiday.
    public var offsetDays: Int = 0
}

/// A time of day: fixed minutes from midnight, or a sun event with an offset.
public enum TimePoint: Sendable, Equatable {
    /// Minutes from midnight, 0…1440 (24:00), beyond for spans past midnight (`26:00`).
    case minutes(Int)
    /// `sunrise`, `sunset`, `dawn`, `dusk` plus an offset in minutes.
    case event(SunEvent, offsetMinutes: Int)
}

/// Sun events for variable times (civil twilight for dawn and dusk).
public enum SunEvent: String, Sendable, Equatable, CaseIterable {
    case dawn, sunrise, sunset, dusk
}

/// `10:00-18:00`, `22:00-02:00`, `18:00+`, `sunset-(sunrise+01:00)`.
public struct TimeSpan: Sendable, Equatable {
    /// When the span starts.
    public var start: TimePoint
    /// Nil with `openEnd`: `18:00+`.
    public var end: TimePoint?
    /// A trailing `+`, an open end: `18:00+` is unknown from `start`; `10:00-14:00+` is unknown
    /// from `end` to midnight.
    public var openEnd = false
}
