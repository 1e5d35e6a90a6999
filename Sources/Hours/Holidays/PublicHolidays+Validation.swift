extension PublicHolidays {
    /// Why `code` cannot be used as a holiday calendar, as a short lower-case fragment that
    /// names the value and the nearest accepted codes; nil when it is supported.
    public static func problem(with code: String) -> String? {
        if isSupported(code) { return nil }
        let upper = code.uppercased()
        let parts = upper.split(separator: "-", omittingEmptySubsequences: false)
        let wellFormed =
            (1...2).contains(parts.count) && parts[0].count == 2 && parts[0].allSatisfy { $0.isASCII && $0.isLetter }
            && parts.dropFirst().allSatisfy {
                (1...3).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            }
        guard wellFormed else {
            return "'\(code)' is not an ISO 3166 country or region code (such as CZ or DE-BY)"
        }
        let near = suggestions(for: upper)
        if !near.isEmpty {
            return "'\(upper)' has no public-holiday calendar (near: \(near.joined(separator: ", ")))"
        }
        return "'\(upper)' has no public-holiday calendar in this build "
            + "(\(supportedCountries.count) codes are, docs/holidays.md lists them)"
    }

    /// Accepted codes close to `code`: the regions of a country given bare (`DE` → `DE-BB`…),
    /// the country and regions of an unknown region (`AT-10` → `AT`, `AT-1`…), or codes one
    /// letter away (`CY` for `CX`).
    public static func suggestions(for code: String) -> [String] {
        let upper = code.uppercased()
        let country = String(upper.prefix { $0 != "-" })
        let sameCountry = supportedCountries.filter { $0 == country || $0.hasPrefix(country + "-") }
        if !sameCountry.isEmpty { return sameCountry }
        return supportedCountries.filter { candidate in
            candidate.count == upper.count && zip(candidate, upper).filter { $0 != $1 }.count == 1
        }
    }
}
