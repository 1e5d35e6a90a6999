import ArgumentParser

extension ToiletQuery {
    /// `toilet`'s options as `QuickArguments` reads them: the same names and kinds as the
    /// properties of `ToiletCommand` and its option groups (a test compares this table with
    /// the options `locate toilet --help` lists).
    static let quickOptions: [String: QuickArguments.Kind] = [
        "near": .anyValue, "limit": .value, "offset": .value, "max-distance": .value, "bbox": .anyValue, "name": .value,
        "wheelchair": .flag, "free": .flag,
        "max-price": .value, "public": .flag, "changing-table": .flag, "unisex": .flag, "with": .repeatable,
        "dataset": .repeatable,
        "open-now": .flag, "at": .value, "tz": .value, "include-unknown": .flag, "arrive-within": .value,
        "walk": .flag, "by": .value, "json": .flag, "format": .value, "db": .value, "bookmarked": .flag, "bookmarks": .value,
        "near-file": .anyValue, "max-bad-rows": .value, "verified-within": .value,
    ]

    /// The command line `locate toilet …` (`arguments` without the program name) read
    /// without ArgumentParser, or nil when ArgumentParser must read it: another command,
    /// syntax `QuickArguments` leaves to it, a value it would not convert, or a check that
    /// fails (ArgumentParser then reports it, as for every command).
    init?(quickParsing arguments: [String]) {
        guard arguments.first == "toilet", let given = QuickArguments(arguments.dropFirst(), options: Self.quickOptions)
        else { return nil }
        // Bookmarked toilets are listed by `ToiletCommand` itself.
        guard !given.has("bookmarked"), given.value("bookmarks") == nil else { return nil }
        var query = ToiletQuery()
        query.near = given.value("near")
        query.limit = given.value("limit")
        query.offset = given.value("offset")
        query.bbox = given.value("bbox")
        query.name = given.value("name")
        query.maxDistance = given.value("max-distance")
        query.arriveWithin = given.value("arrive-within")
        query.maxPrice = given.value("max-price")
        query.datasets = given.values["dataset"] ?? []
        query.with = given.values["with"] ?? []
        query.at = given.value("at")
        query.tz = given.value("tz")
        query.db = given.value("db")
        query.by = given.value("by")
        query.verifiedWithin = given.value("verified-within")
        query.wheelchair = given.has("wheelchair")
        query.free = given.has("free")
        query.publicOnly = given.has("public")
        query.changingTable = given.has("changing-table")
        query.unisex = given.has("unisex")
        query.openNow = given.has("open-now")
        query.includeUnknown = given.has("include-unknown")
        query.walk = given.has("walk")
        query.json = given.has("json")
        query.format = given.value("format")
        query.nearFile = given.value("near-file")
        query.maxBadRows = given.value("max-bad-rows")
        guard (try? query.validateAll()) != nil else { return nil }
        self = query
    }
}
