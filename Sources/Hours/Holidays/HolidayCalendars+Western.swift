// Countries of the EU, EEA and western Europe whose calendars do not vary by region.
// Sources per country: docs/holidays.md.
extension HolidayCalendars {
    static let austria: [HolidayRule] = [
        newYear, epiphany, easterMonday, labourDay, ascension, whitMonday, corpusChristi, assumption,
        fixed(10, 26, "National Day"), allSaints, immaculate, christmas, stStephen,
    ]

    static let western: [String: [HolidayRule]] = [
        "AT": austria,
        "BE": [
            newYear, easterSunday, easterMonday, labourDay, ascension, whitSunday, whitMonday,
            fixed(7, 21, "National Day"), assumption, allSaints, fixed(11, 11, "Armistice Day"), christmas,
        ],
        "CZ": [
            newYear, goodFriday.since(2016), easterMonday, labourDay, fixed(5, 8, "Liberation Day").since(1992),
            fixed(5, 9, "Liberation Day").until(1991),
            fixed(7, 5, "Saints Cyril and Methodius Day"), fixed(7, 6, "Jan Hus Day"),
            fixed(9, 28, "Czech Statehood Day").since(2000), fixed(10, 28, "Independent Czechoslovak State Day"),
            fixed(11, 17, "Struggle for Freedom and Democracy Day"), christmasEve, christmas, stStephen,
        ],
        "DK": [
            newYear, maundyThursday, goodFriday, easterSunday, easterMonday,
            easter(26, "Great Prayer Day").until(2023), ascension, whitSunday, whitMonday, christmas,
            fixed(12, 26, "Second Day of Christmas"),
        ],
        "EE": [
            newYear, fixed(2, 24, "Independence Day"), goodFriday.since(1994), easterSunday.since(1994), labourDay,
            whitSunday.since(1994), fixed(11, 16, "Declaration of Sovereignty").until(1993),
            fixed(6, 23, "Victory Day"), fixed(6, 24, "Midsummer Day"),
            fixed(8, 20, "Independence Restoration Day").since(1998), christmasEve.since(2005), christmas,
            fixed(12, 26, "Second Day of Christmas"),
        ],
        "FI": finland,
        "FR": france,
        "IE": [
            newYear, HolidayRule(name: "St Brigid's Day", date: .fridayOrNextMonday(month: 2, day: 1)).since(2023),
            fixed(3, 17, "St Patrick's Day"),
            easterMonday, nth(1, monday, of: 5, "May Bank Holiday").since(1994).except(1995),
            fixed(5, 8, "May Bank Holiday").only(1995), fixed(12, 31, "Millennium Celebrations").only(1999),
            fixed(3, 18, "Day of Remembrance and Recognition").only(2022), nth(1, monday, of: 6, "June Bank Holiday"),
            nth(1, monday, of: 8, "August Bank Holiday"), nth(-1, monday, of: 10, "October Bank Holiday"),
            christmas, stStephen,
        ],
        "IT": [
            newYear, epiphany, easterSunday, easterMonday, fixed(4, 25, "Liberation Day"), labourDay,
            fixed(6, 2, "Republic Day").since(2001), nth(1, sunday, of: 6, "Republic Day").until(2000),
            fixed(3, 17, "150th Anniversary of Unification").only(2011), assumption,
            fixed(10, 4, "St Francis of Assisi").since(2026), allSaints,
            nth(1, sunday, of: 11, "National Unity and Armed Forces Day"), immaculate, christmas, stStephen,
        ],
        "LU": [
            newYear, easterMonday, labourDay, fixed(5, 9, "Europe Day").since(2019), ascension, whitMonday,
            fixed(6, 23, "National Day"), assumption, allSaints, christmas, stStephen,
        ],
        "MT": [
            newYear, fixed(2, 10, "St Paul's Shipwreck"), fixed(3, 19, "St Joseph"), fixed(3, 31, "Freedom Day"),
            goodFriday, labourDay, fixed(6, 7, "Sette Giugno"), fixed(6, 29, "Saints Peter and Paul"), assumption,
            fixed(9, 8, "Our Lady of Victories"), fixed(9, 21, "Independence Day"), immaculate,
            fixed(12, 13, "Republic Day"), christmas,
        ],
        "NL": [
            newYear, goodFriday, easterSunday, easterMonday, fixed(4, 27, "King's Day").since(2014).shifted(.sundayToSaturday),
            fixed(4, 30, "Queen's Day").until(2013).shifted(.sundayToSaturday), fixed(5, 5, "Liberation Day").every(5), ascension,
            whitSunday, whitMonday, christmas,
            fixed(12, 26, "Second Day of Christmas"),
        ],
        "PL": [
            newYear, epiphany.since(2011), easterSunday, easterMonday, labourDay,
            fixed(5, 3, "Constitution Day"), whitSunday, corpusChristi, assumption, allSaints,
            fixed(11, 11, "Independence Day"), fixed(11, 12, "Independence Centenary").only(2018),
            christmasEve.since(2025), christmas,
            fixed(12, 26, "Second Day of Christmas"),
        ],
        "PT": [
            newYear, goodFriday, easterSunday, fixed(4, 25, "Freedom Day"), labourDay,
            corpusChristi.except(2013, 2014, 2015), fixed(6, 10, "Portugal Day"), assumption,
            fixed(10, 5, "Republic Day").except(2013, 2014, 2015), allSaints.except(2013, 2014, 2015),
            fixed(12, 1, "Restoration of Independence").except(2013, 2014, 2015), immaculate, christmas,
        ],
        "SE": [
            newYear, epiphany, goodFriday, easterSunday, easterMonday, labourDay, ascension, whitSunday, whitMonday.until(2004),
            fixed(6, 6, "National Day").since(2005), onOrAfter(6, 20, weekday: saturday, "Midsummer Day"),
            onOrAfter(10, 31, weekday: saturday, "All Saints' Day"), christmas,
            fixed(12, 26, "Second Day of Christmas"),
        ],
        "IS": [
            newYear, maundyThursday, goodFriday, easterSunday, easterMonday,
            onOrAfter(4, 19, weekday: thursday, "First Day of Summer"), labourDay, ascension, whitSunday,
            whitMonday, fixed(6, 17, "National Day"), nth(1, monday, of: 8, "Commerce Day"), christmas,
            fixed(12, 26, "Second Day of Christmas"),
        ],
        "LI": [
            newYear, epiphany, fixed(2, 2, "Candlemas"), fixed(3, 19, "St Joseph's Day"), easterSunday,
            easterMonday, labourDay, ascension, whitSunday, whitMonday, corpusChristi,
            fixed(8, 15, "National Day"), fixed(9, 8, "Nativity of Mary"), allSaints, immaculate, christmas,
            stStephen,
        ],
        "NO": [
            newYear, maundyThursday, goodFriday, easterSunday, easterMonday, labourDay,
            fixed(5, 17, "Constitution Day"), ascension, whitSunday, whitMonday, christmas,
            fixed(12, 26, "Second Day of Christmas"),
        ],
        "AD": [
            newYear, epiphany, easter(-48, "Carnival"), fixed(3, 14, "Constitution Day").since(1994), goodFriday,
            easterMonday, labourDay, whitMonday, assumption, fixed(9, 8, "Our Lady of Meritxell"), allSaints,
            immaculate, christmas, stStephen,
        ],
        "MC": [
            newYear.shifted(.sundayToNextDay), fixed(1, 27, "St Devota's Day"), easterMonday,
            labourDay.shifted(.sundayToNextDay), ascension, whitMonday, corpusChristi,
            assumption.shifted(.sundayToNextDay), allSaints.shifted(.sundayToNextDay),
            fixed(11, 19, "Prince's Day").shifted(.sundayToNextDay), immaculate.shifted(.sundayToNextDay, since: 2019),
            christmas.shifted(.sundayToNextDay), fixed(1, 7, "Public holiday").only(2015),
        ],
        "SM": [
            newYear, epiphany, fixed(2, 5, "Liberation and St Agatha"), fixed(3, 25, "Anniversary of the Arengo"),
            fixed(4, 1, "Investiture of the Captains Regent"), easterSunday, easterMonday, labourDay,
            corpusChristi, fixed(7, 28, "Fall of Fascism"), assumption, fixed(9, 3, "St Marinus' Day"),
            fixed(10, 1, "Investiture of the Captains Regent"), allSaints, fixed(11, 2, "Commemoration of the Dead"),
            immaculate, christmas, stStephen,
        ],
    ]

    static let finland: [HolidayRule] = [
        newYear, epiphany, goodFriday, easterSunday, easterMonday, labourDay, ascension, whitSunday,
        onOrAfter(6, 19, weekday: friday, "Midsummer Eve"), onOrAfter(6, 20, weekday: saturday, "Midsummer Day"),
        onOrAfter(10, 31, weekday: saturday, "All Saints' Day"), fixed(12, 6, "Independence Day"), christmasEve,
        christmas, fixed(12, 26, "Second Day of Christmas"),
    ]

    static let france: [HolidayRule] = [
        newYear, easterMonday, labourDay, fixed(5, 8, "Victory Day"), ascension, whitMonday.except(2005, 2006, 2007),
        fixed(7, 14, "National Day"), assumption, allSaints, fixed(11, 11, "Armistice Day"), christmas,
    ]
}
