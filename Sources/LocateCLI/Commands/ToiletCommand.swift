import ArgumentParser

/// `locate toilet --near LAT,LON`: the nearest toilets.
struct ToiletCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "toilet",
        abstract: "Find the nearest public toilets to a point (true geodesic distance).",
        discussion: """
            Distances are ellipsoidal (WGS84) geodesic metres; results are exact, nearest first, \
            ties broken by row id. Retired records and restricted toilets (OSM access private, no, \
            permit, key, …) are never returned; customers-only ones are marked. --open-now or --at keeps only \
            toilets open at that time. Exits 3 when nothing matches, saying so when no active toilet \
            has the data a filter needs (hours, wheelchair access, price). When the nearest toilet is over \
            100 km away and --near lies outside the data but inside once latitude and longitude are \
            exchanged, a note on stderr says so.
            """
    )

    @OptionGroup var place: NearOptions

    @Option(help: ArgumentHelp("How many toilets to return (default 5).", valueName: "N"))
    var limit: String?

    @Option(
        help: ArgumentHelp(
            "Only toilets within this distance: 500m, 1.5km, or a number of metres.", valueName: "DISTANCE"))
    var maxDistance: String?

    @Flag(help: "Only wheelchair-accessible toilets (wheelchair = yes).")
    var wheelchair = false

    @Flag(help: "Only toilets whose price text says free (OSM: fee=no or fee=donation).")
    var free = false

    @Option(
        help: ArgumentHelp(
            "Only free toilets or those priced at most this, in this currency (0.50EUR, 20CZK); prices in other currencies or with no known amount never match.",
            valueName: "AMOUNT"))
    var maxPrice: String?

    @Flag(name: .customLong("public"), help: "Not customers-only toilets (access = customers); unknown access is kept.")
    var publicOnly = false

    @Flag(help: "Only toilets with a baby changing table (changing_table = yes).")
    var changingTable = false

    @Flag(help: "Only unisex toilets (unisex = yes).")
    var unisex = false

    @Option(
        name: .customLong("dataset"),
        help: ArgumentHelp(
            "Only this dataset (repeatable); default: every active dataset, one place listed once with all its sources.",
            valueName: "NAME"))
    var datasets: [String] = []

    @Flag(help: "Only toilets open now (in each place's own time zone).")
    var openNow = false

    @OptionGroup var time: TimeOptions

    @Flag(help: "With --open-now/--at: also list toilets whose hours are unknown, marked as such.")
    var includeUnknown = false

    @Option(
        help: ArgumentHelp("With --open-now/--at: keep only toilets still open this many minutes later.", valueName: "MINUTES"))
    var arriveWithin: String?

    @Flag(
        help:
            "With --open-now/--at: keep only toilets still open when you get there on foot (5 km/h, paths 1.3× the straight line)."
    )
    var walk = false

    @OptionGroup var output: JSONOptions

    @OptionGroup var store: StoreOptions

    /// The parsed values (`ToiletQuery` checks and runs them).
    var query: ToiletQuery {
        ToiletQuery(
            near: place.near, limit: limit, maxDistance: maxDistance, wheelchair: wheelchair, free: free,
            maxPrice: maxPrice, publicOnly: publicOnly, changingTable: changingTable, unisex: unisex,
            datasets: datasets, openNow: openNow, at: time.at, tz: time.tz, includeUnknown: includeUnknown,
            arriveWithin: arriveWithin, walk: walk, json: output.json, db: store.db)
    }

    func validate() throws { try query.validate() }

    func run() throws { try query.run() }
}
