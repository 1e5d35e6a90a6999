// Regional calendars: German Länder, Swiss cantons, Spanish autonomous communities, the
// nations of the United Kingdom, Austrian states, Alsace-Moselle and Åland.
// Sources per country: docs/holidays.md.
extension HolidayCalendars {
    static let germanNational: [HolidayRule] = [
        newYear, goodFriday, easterMonday, labourDay, ascension, whitMonday, fixed(10, 3, "German Unity Day"),
        christmas, fixed(12, 26, "Second Day of Christmas"),
        onOrAfter(11, 16, weekday: wednesday, "Repentance and Prayer Day").until(1994),
        fixed(10, 31, "Reformation Day").only(2017),
    ]

    static let germany: [String: [HolidayRule]] = {
        let reformation = fixed(10, 31, "Reformation Day").except(2017)
        let catholic = [corpusChristi, allSaints]
        let extra: [String: [HolidayRule]] = [
            "BB": [easterSunday, whitSunday, reformation],
            "BE": [
                fixed(3, 8, "International Women's Day").since(2019),
                fixed(5, 8, "Liberation Day").only(2020), fixed(5, 8, "Liberation Day").only(2025),
                fixed(6, 17, "75th Anniversary of the 1953 Uprising").only(2028),
            ],
            "BW": [epiphany] + catholic, "BY": [epiphany] + catholic,
            "HB": [reformation.since(2018)], "HE": [corpusChristi], "HH": [reformation.since(2018)],
            "MV": [fixed(3, 8, "International Women's Day").since(2023), reformation],
            "NI": [reformation.since(2018)], "NW": catholic, "RP": catholic, "SH": [reformation.since(2018)],
            "SL": catholic + [assumption],
            "SN": [reformation, onOrAfter(11, 16, weekday: wednesday, "Repentance and Prayer Day").since(1995)],
            "ST": [epiphany, reformation], "TH": [fixed(9, 20, "World Children's Day").since(2019), reformation],
        ]
        return Dictionary(uniqueKeysWithValues: extra.map { ("DE-" + $0.key, germanNational + $0.value) })
    }()

    /// Switzerland's federal holidays (the cantons add their own).
    static let swissNational = [newYear, ascension, fixed(8, 1, "National Day"), christmas]

    static let switzerland: [String: [HolidayRule]] = {
        let national = swissNational
        let berchtold = fixed(1, 2, "St Berchtold's Day")
        let joseph = fixed(3, 19, "St Joseph's Day")
        let easter = [goodFriday, easterMonday, whitMonday]
        let stStephenAppenzell = stStephen.notOn(1, saturday)  // not on a Tuesday or a Saturday
        let catholic = [corpusChristi, assumption, allSaints, immaculate]
        let extra: [String: [HolidayRule]] = [
            "AG": [berchtold, labourDay, stStephen] + easter + catholic, "AI": easter + catholic + [stStephenAppenzell],
            "AR": easter + [stStephenAppenzell], "BE": [berchtold, stStephen] + easter, "BL": [labourDay, stStephen] + easter,
            "BS": [labourDay, stStephen] + easter, "FR": [goodFriday],
            "GE": easter + [onOrAfter(9, 5, weekday: thursday, "Genevan Fast"), fixed(12, 31, "Restoration Day")],
            "GL": easter + [
                HolidayRule(name: "Näfels Procession", date: .onOrAfterOutsideHolyWeek(month: 4, day: 1, weekday: thursday)),
                allSaints, stStephen,
            ],
            "GR": [easterMonday, whitMonday, stStephen],
            "JU": [berchtold, labourDay, fixed(6, 23, "Independence Day"), corpusChristi, assumption, allSaints] + easter,
            "LU": [berchtold, stStephen] + easter + catholic,
            "NE": [fixed(3, 1, "Republic Day"), goodFriday, labourDay, corpusChristi],
            "NW": [joseph, goodFriday] + catholic, "OW": [goodFriday, fixed(9, 25, "St Nicholas of Flüe")] + catholic,
            "SG": easter + [allSaints, stStephen], "SH": [labourDay, stStephen] + easter, "SO": [goodFriday],
            "SZ": [epiphany, joseph, stStephen] + easter + catholic, "TG": [berchtold, labourDay, stStephen] + easter,
            "TI": [epiphany, joseph, easterMonday, labourDay, whitMonday, fixed(6, 29, "Saints Peter and Paul"), stStephen]
                + catholic,
            "UR": [epiphany, joseph, stStephenAppenzell] + easter + catholic,
            "VD": [berchtold, onOrAfter(9, 16, weekday: monday, "Federal Fast Monday")] + easter,
            "VS": [joseph] + catholic, "ZG": [goodFriday] + catholic, "ZH": [labourDay, stStephen] + easter,
        ]
        // Neuchâtel: Jan 2 and Dec 26 are holidays when Jan 1 and Dec 25 fall on a Sunday.
        let neuchatel = [
            newYear.shifted(.sundayToNextDay), ascension, fixed(8, 1, "National Day"), christmas.shifted(.sundayToNextDay),
        ]
        return Dictionary(
            uniqueKeysWithValues: extra.map { ("CH-" + $0.key, ($0.key == "NE" ? neuchatel : national) + $0.value) })
    }()

    /// Spain's national fixed days (Good Friday aside).
    static let spanishNationalDays = [
        newYear, epiphany, labourDay, assumption, fixed(10, 12, "National Day"), allSaints,
        fixed(12, 6, "Constitution Day"), immaculate, christmas,
    ]

    /// Spain's national holidays as no community moves them: a fixed day on a Sunday is none.
    static let spanishNational = [goodFriday] + spanishNationalDays.map { $0.shifted(.droppedOnSunday) }

    /// Spain: the national days and each community's own, as the yearly decrees apply them
    /// (Ceuta and Melilla are left out: their Eid days follow the observed Islamic calendar). A
    /// fixed holiday on a Sunday is no holiday unless the community moves it to the Monday;
    /// `moving` lists the (month, day) pairs a community moves, with the years it does so.
    static let spain: [String: [HolidayRule]] = {
        let national = spanishNationalDays
        let allNational = [(1, 1), (1, 6), (5, 1), (8, 15), (10, 12), (11, 1), (12, 6), (12, 8), (12, 25)]
        let joseph = fixed(3, 19, "St Joseph's Day")
        let john = fixed(6, 24, "St John's Day")
        let james = fixed(7, 25, "St James' Day")
        typealias Moves = [(month: Int, day: Int, since: Int, until: Int)]
        func always(_ days: [(Int, Int)]) -> Moves { days.map { ($0.0, $0.1, Int.min, Int.max) } }
        let communities: [String: (rules: [HolidayRule], moving: Moves)] = [
            "AN": ([maundyThursday, fixed(2, 28, "Andalusia Day")], always(allNational + [(2, 28)])),
            "AR": ([maundyThursday, fixed(4, 23, "Aragon Day")], always(allNational + [(4, 23)])),
            "AS": ([maundyThursday, fixed(9, 8, "Asturias Day")], always(allNational + [(9, 8)])),
            "CB": (
                [
                    maundyThursday, fixed(7, 28, "Cantabria Institutions Day"), fixed(9, 15, "Bien Aparecida"),
                    easterMonday.whenSunday(728), james.whenSunday(915),
                ],
                [(12, 25, 2016, Int.max), (12, 6, 2026, Int.max)]
            ),
            "CL": (
                [maundyThursday, fixed(4, 23, "Castile and León Day")],
                always([(1, 6), (4, 23), (10, 12), (11, 1), (12, 8), (12, 25)])
                    + [(1, 1, 2017, Int.max), (5, 1, 2016, Int.max), (8, 15, 2021, Int.max), (12, 6, 2015, Int.max)]
            ),
            "CM": (
                [maundyThursday, corpusChristi, fixed(5, 31, "Castilla-La Mancha Day")],
                [
                    (1, 6, Int.min, 2013), (5, 31, Int.min, 2009), (11, 1, 2026, Int.max), (12, 6, Int.min, 2015),
                    (12, 25, 2016, Int.max),
                ]
            ),
            "CN": (
                [maundyThursday, fixed(5, 30, "Canary Islands Day")],
                always([(1, 6), (5, 30)]) + [(8, 15, 2021, Int.max), (11, 1, 2026, Int.max), (12, 25, 2022, Int.max)]
            ),
            "CT": ([easterMonday, whitMonday.whenSunday(501), john, fixed(9, 11, "National Day of Catalonia"), stStephen], []),
            "EX": (
                [maundyThursday, fixed(9, 8, "Extremadura Day")],
                always([(1, 6), (5, 1), (9, 8), (10, 12), (11, 1), (12, 6), (12, 8), (12, 25)])
            ),
            "GA": ([maundyThursday, fixed(5, 17, "Galician Literature Day"), fixed(7, 25, "Galician National Day")], []),
            "IB": (
                [maundyThursday, easterMonday, fixed(3, 1, "Balearic Islands Day")],
                always([(12, 25)]) + [(3, 1, 2026, Int.max), (12, 6, Int.min, 2020)]
            ),
            "MC": (
                [maundyThursday, joseph, fixed(6, 9, "Murcia Day")],
                always([(6, 9), (12, 6)])
                    + [
                        (1, 1, 2017, Int.max), (1, 6, 2013, Int.max), (5, 1, 2022, Int.max), (12, 8, 2024, Int.max),
                        (12, 25, 2016, Int.max),
                    ]
            ),
            "MD": (
                [maundyThursday, fixed(5, 2, "Madrid Day"), joseph.whenSunday(101, 815), james.whenSunday(501)],
                always([(1, 6), (3, 19), (5, 2)]) + [(11, 1, 2020, Int.max), (12, 6, 2020, Int.max), (12, 25, 2016, Int.max)]
            ),
            "NC": (
                [maundyThursday, easterMonday, fixed(12, 3, "St Francis Xavier's Day")],
                always([(12, 3), (12, 25)]) + [(1, 6, 2013, Int.max), (11, 1, 2026, Int.max)]
            ),
            "PV": ([maundyThursday, easterMonday, james, joseph.whenSunday(106, 815, 1101)], []),
            "RI": (
                [maundyThursday, easterMonday, fixed(6, 9, "La Rioja Day")],
                always([(6, 9), (12, 6)]) + [(12, 8, Int.min, 2019), (12, 25, 2022, Int.max)]
            ),
            "VC": (
                [
                    joseph, easterMonday, john.since(2019), fixed(10, 9, "Valencian Community Day"),
                    maundyThursday.whenSunday(1009),
                ],
                []
            ),
        ]
        // Days the decrees keep even on a Sunday (a day given back for a lost Sunday, Valencia's St John).
        let keptOnSunday: Set<String> = ["VC 624", "PV 319", "CB 725", "MD 725"]
        var out: [String: [HolidayRule]] = [:]
        for (code, community) in communities {
            var rules = [goodFriday]
            for rule in national + community.rules {
                guard case .fixed(let month, let day) = rule.date, !keptOnSunday.contains("\(code) \(month * 100 + day)") else {
                    rules.append(rule)
                    continue
                }
                guard let move = community.moving.first(where: { $0.month == month && $0.day == day }) else {
                    rules.append(rule.shifted(.droppedOnSunday))
                    continue
                }
                var moving = rule.shifted(.sundayToMonday, since: move.since, until: move.until)
                moving.otherwise = .droppedOnSunday
                rules.append(moving)
            }
            out["ES-" + code] = rules
        }
        return out
    }()

    /// The bank holidays common to the four nations of the United Kingdom.
    static let britishCommon: [HolidayRule] = {
        let substitute = HolidayShift.weekendToNextWorkday
        return [
            newYear.shifted(substitute), goodFriday,
            nth(1, monday, of: 5, "Early May Bank Holiday").except(1995, 2020),
            fixed(5, 8, "Early May Bank Holiday").only(1995), fixed(5, 8, "Early May Bank Holiday").only(2020),
            nth(-1, monday, of: 5, "Spring Bank Holiday").except(2002, 2012, 2022),
            fixed(6, 4, "Spring Bank Holiday").only(2002), fixed(6, 4, "Spring Bank Holiday").only(2012),
            fixed(6, 2, "Spring Bank Holiday").only(2022), christmas.shifted(substitute),
            fixed(12, 26, "Boxing Day").shifted(substitute), fixed(12, 31, "Millennium Celebrations").only(1999),
            fixed(6, 3, "Golden Jubilee").only(2002), fixed(4, 29, "Royal Wedding").only(2011),
            fixed(6, 5, "Diamond Jubilee").only(2012), fixed(6, 3, "Platinum Jubilee").only(2022),
            fixed(9, 19, "State Funeral of Queen Elizabeth II").only(2022),
            fixed(5, 8, "Coronation of Charles III").only(2023),
        ]
    }()

    static let britain: [String: [HolidayRule]] = {
        let substitute = HolidayShift.weekendToNextWorkday
        let common = britishCommon
        let england = common + [easterMonday, nth(-1, monday, of: 8, "Summer Bank Holiday")]
        return [
            "GB-ENG": england, "GB-WLS": england,
            "GB-NIR": england + [
                fixed(3, 17, "St Patrick's Day").shifted(substitute), fixed(7, 12, "Battle of the Boyne").shifted(substitute),
            ],
            "GB-SCT": common + [
                fixed(1, 2, "New Year Holiday").shifted(substitute), nth(1, monday, of: 8, "Summer Bank Holiday"),
                fixed(11, 30, "St Andrew's Day").shifted(substitute).since(2006),
                fixed(6, 15, "World Cup Bank Holiday").only(2026),
            ],
        ]
    }()

    /// The countries whose calendars are regional, given bare (`ES`): the holidays of the
    /// whole country only; the regional ones need the region's code (`ES-MD`).
    static let nationalOfRegional: [String: [HolidayRule]] = [
        "DE": germanNational, "CH": swissNational, "ES": spanishNational, "GB": britishCommon,
    ]

    static let otherRegions: [String: [HolidayRule]] = {
        var out: [String: [HolidayRule]] = [:]
        for state in 1...9 { out["AT-\(state)"] = austria }
        out["FR-57"] = france + [goodFriday, stStephen]
        out["FR-6AE"] = france + [goodFriday, stStephen]
        out["FI-01"] = finland + [fixed(6, 9, "Åland Autonomy Day")]
        return out
    }()
}
