import Contract

extension CivilDay {
    /// Orthodox Easter Sunday: the Julian computus (Meeus), converted to the Gregorian date.
    static func orthodoxEaster(_ year: Int) -> CivilDay {
        let a = year % 4
        let b = year % 7
        let c = year % 19
        let d = (19 * c + 15) % 30
        let e = (2 * a + 4 * b - d + 34) % 7
        let month = (d + e + 114) / 31
        let day = (d + e + 114) % 31 + 1
        // Julian to Gregorian: the gap grows by a day each century not divisible by 400;
        // Easter falls after the Julian Feb 29 of the century year, so the year's gap holds.
        return CivilDay(year: year, month: month, day: day).adding(year / 100 - year / 400 - 2)
    }
}
