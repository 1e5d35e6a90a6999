/// A date in the proleptic Gregorian calendar (the contract writes instants in it, and the
/// hours evaluator counts days in it), as days since 1970-01-01, with the
/// conversions the evaluator needs (H. Hinnant's civil-date algorithms).
public struct CivilDay: Hashable, Comparable, Sendable {
    /// Days since 1970-01-01.
    public let number: Int
    /// The year (proleptic Gregorian).
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, 1–31.
    public let day: Int

    /// The day `number` days after 1970-01-01.
    public init(number: Int) {
        self.number = number
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// The day of `year`, `month`, `day`.
    public init(year: Int, month: Int, day: Int) {
        self.init(number: CivilDay.daysFromCivil(year, month, day))
    }

    /// Days since 1970-01-01 of a year, month and day.
    public static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// 0 = Monday … 6 = Sunday.
    public var weekday: Int { ((number % 7) + 7 + 3) % 7 }

    /// The day `days` later (earlier when negative).
    public func adding(_ days: Int) -> CivilDay { CivilDay(number: number + days) }

    /// The number of days in `month` of `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// ISO 8601 week number (1…53).
    public var isoWeek: Int {
        let thursday = adding(3 - weekday)
        let jan1 = CivilDay(year: thursday.year, month: 1, day: 1)
        return (thursday.number - jan1.number) / 7 + 1
    }

    /// Easter Sunday (Gregorian, anonymous algorithm).
    public static func easter(_ year: Int) -> CivilDay {
        let a = year % 19
        let b = year / 100
        let c = year % 100
        let d = b / 4
        let e = b % 4
        let f = (b + 8) / 25
        let g = (b - f + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30
        let i = c / 4
        let k = c % 4
        let l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31
        let day = (h + l - 7 * m + 114) % 31 + 1
        return CivilDay(year: year, month: month, day: day)
    }

    /// Earlier days come first.
    public static func < (a: CivilDay, b: CivilDay) -> Bool { a.number < b.number }
}
