/// Public holidays computed for any year: fixed dates and Easter-based ones.
///
/// - CZ (zákon č. 245/2000 Sb.): Jan 1, Good Friday (since 2016), Easter Monday, May 1,
///   May 8, Jul 5, Jul 6, Sep 28, Oct 28, Nov 17, Dec 24, 25, 26.
/// - PL (ustawa o dniach wolnych od pracy): Jan 1, Jan 6, Easter Sunday and Monday, May 1,
///   May 3, Pentecost Sunday, Corpus Christi, Aug 15, Nov 1, Nov 11, Dec 24 (since 2025),
///   Dec 25, 26.
public enum PublicHolidays {
    /// Countries with holiday rules (ISO 3166-1 alpha-2).
    public static let supportedCountries = ["CZ", "PL"]

    /// The holidays of `country` in `year` as (month, day) pairs, sorted; empty for an
    /// unsupported country.
    public static func dates(country: String, year: Int) -> [(month: Int, day: Int)] {
        days(country: country, year: year).map { ($0.month, $0.day) }
    }

    static func days(country: String, year: Int) -> [CivilDay] {
        let easter = CivilDay.easter(year)
        var out: [CivilDay] = []
        func fixed(_ m: Int, _ d: Int) { out.append(CivilDay(year: year, month: m, day: d)) }
        switch country.uppercased() {
        case "CZ":
            fixed(1, 1)
            if year >= 2016 { out.append(easter.adding(-2)) }
            out.append(easter.adding(1))
            for (m, d) in [(5, 1), (5, 8), (7, 5), (7, 6), (9, 28), (10, 28), (11, 17), (12, 24), (12, 25), (12, 26)] {
                fixed(m, d)
            }
        case "PL":
            fixed(1, 1)
            if year >= 2011 { fixed(1, 6) }
            out.append(easter)
            out.append(easter.adding(1))
            fixed(5, 1)
            fixed(5, 3)
            out.append(easter.adding(49))
            out.append(easter.adding(60))
            fixed(8, 15)
            fixed(11, 1)
            fixed(11, 11)
            if year >= 2025 { fixed(12, 24) }
            fixed(12, 25)
            fixed(12, 26)
        default:
            break
        }
        return out.sorted()
    }
}
