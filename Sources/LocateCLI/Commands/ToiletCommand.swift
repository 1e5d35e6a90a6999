import ArgumentParser
import Foundation
import Geo
import Hours
import Query
import Storage

/// `locate toilet --near LAT,LON`: the nearest toilets; `locate toilet --bookmarked`: the
/// bookmarked ones, as they are now.
struct ToiletCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "toilet",
        abstract: "Find the nearest public toilets to a point (true geodesic distance).",
        // Written out: ArgumentParser shortens a synopsis this long to `locate toilet <options>`.
        usage: """
            locate toilet (--near <LAT,LON> | --bbox <W,S,E,N>) [--limit <N>] [--offset <N>] [--max-distance <DISTANCE>]
                          [--name <TEXT>] [<filter options>] [--open-now | --at <TIME> [--tz <ZONE>]] [--by <MODE>]
                          [--json | --format <FORMAT>] [--db <PATH>]
            locate toilet --near-file <POINTS> [--limit <N>] [<filter options>] [--open-now | --at <TIME>] [--by <MODE>]
                          [--format csv|geojson|jsonl] [--max-bad-rows <N>] [--db <PATH>]
            locate toilet --bookmarked [--bookmarks <FILE>] [--json] [--db <PATH>]
            locate toilet show <ID> [--at <TIME> [--tz <ZONE>]] [--json] [--db <PATH>]
            """,
        discussion: """
            Distances are ellipsoidal (WGS84) geodesic metres; results are exact, nearest first, \
            ties broken by row id. Retired records and restricted toilets (OSM access private, no, \
            permit, key, …) are never returned; customers-only ones are marked. --open-now or --at keeps only \
            toilets open at that time. Exits 3 when nothing matches, saying so when no active toilet \
            has the data a filter needs (hours, wheelchair access, price). When the nearest toilet is over \
            100 km away and --near lies outside the data but inside once latitude and longitude are \
            exchanged, a note on stderr says so. --bookmarked lists the toilets bookmarked with \
            `locate bookmark add` (in the bookmarks' order, or nearest first with --near), each with \
            its state now (or --at) and when it next changes; it takes no filters. Paging: --offset N \
            skips the N nearest places (the table numbers rows from N+1); when more follow, the JSON's next_offset gives the next \
            page's --offset. --near-file asks the same question at each point of a file, answering each exactly as \
            --near would, the index opened once (docs/guide.md, "Many points at once").
            """,
        subcommands: [ToiletShowCommand.self]
    )

    @OptionGroup var place: NearOptions

    // Unconditional: the value may be `-` (standard input).
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Ask the question at every point of this file instead of --near: CSV with latitude and longitude columns (lat/lon, latitude/longitude or y/x, any case; an id column is carried through) or a GeoJSON FeatureCollection of Points; - reads stdin. Writes --format csv (default), geojson or jsonl, one line per result with the input's line, id and the rank, streamed.",
            valueName: "POINTS"))
    var nearFile: String?

    @Option(
        help: ArgumentHelp(
            "With --near-file: how many bad input rows (no coordinate, out of range, wrong field count; each said on stderr with its line) to pass over before failing with exit 6 (default 100).",
            valueName: "N"))
    var maxBadRows: String?

    @Option(help: ArgumentHelp("How many toilets to return (default 5).", valueName: "N"))
    var limit: String?

    @Option(help: ArgumentHelp("Skip this many of the nearest places first (paging; default 0).", valueName: "N"))
    var offset: String?

    @Option(
        help: ArgumentHelp(
            "Only toilets within this distance: 500m, 1.5km, or a number of metres.", valueName: "DISTANCE"))
    var maxDistance: String?

    // Unconditional: the value may start with a minus (a western longitude).
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Only toilets inside this box: west,south,east,north in degrees (14.40,50.08,14.43,50.09); without --near, nearest to its centre first.",
            valueName: "W,S,E,N"))
    var bbox: String?

    @Option(
        help: ArgumentHelp(
            "Only toilets whose name, address or operator contains this text, case and diacritics ignored (namesti matches Náměstí).",
            valueName: "TEXT"))
    var name: String?

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
        name: .customLong("with"),
        help: ArgumentHelp(
            "Only toilets with this attribute (repeatable): NAME for yes (changing_table_all_genders, gender_neutral, toilets_wheelchair, …), NAME=no, or NAME=WORD (centralkey=eurokey, changing_table_location=male_toilet); docs/json.md lists them.",
            valueName: "NAME[=VALUE]"))
    var with: [String] = []

    @Option(
        name: .customLong("dataset"),
        help: ArgumentHelp(
            "Only this dataset (repeatable); default: every active dataset, one place listed once with all its sources.",
            valueName: "NAME"))
    var datasets: [String] = []

    @Flag(help: "Only toilets open now (in each place's own time zone).")
    var openNow = false

    @OptionGroup var time: TimeOptions<NearestToiletZone>

    @Flag(help: "With --open-now/--at: also list toilets whose hours are unknown, marked as such.")
    var includeUnknown = false

    @Option(
        help: ArgumentHelp(
            "With --open-now/--at: keep only toilets still open this much later: minutes (15), or 15m, 1h.",
            valueName: "MINUTES"))
    var arriveWithin: String?

    @Flag(
        help:
            "With --open-now/--at: keep only toilets still open when you get there on foot (5 km/h, paths 1.3× the straight line)."
    )
    var walk = false

    @Option(
        help: ArgumentHelp(
            "Rank by route on foot or by wheelchair (foot, wheelchair) over the street network built with `locate network build`: route and straight-line distance, travel time; with --open-now/--at, open on arrival after the route's time.",
            valueName: "MODE"))
    var by: String?

    @Option(
        help: ArgumentHelp(
            "Only toilets verified within this long before now or --at: days, weeks or years (30d, 2w, 1y); by the source's release, an OSM check or survey date, or an approved contribution or confirmation (docs/guide.md, \"Verification\"). Never-verified toilets do not match.",
            valueName: "AGE"))
    var verifiedWithin: String?

    @Flag(help: "The bookmarked toilets (locate bookmark add), each with its state now or at --at.")
    var bookmarked = false

    @OptionGroup var bookmarks: BookmarkOptions

    @OptionGroup var output: JSONOptions

    @Option(
        help: ArgumentHelp(
            "How to write the answer: table (default), json (as --json), geojson (an RFC 7946 FeatureCollection: each toilet as `locate export geojson` writes it, and with --by its route as a LineString), or csv (RFC 4180: a header and a line per toilet, the JSON result's members as columns).",
            valueName: "FORMAT"))
    var format: String?

    @OptionGroup var store: StoreOptions

    /// The parsed values (`ToiletQuery` checks and runs them).
    var query: ToiletQuery {
        ToiletQuery(
            near: place.near, limit: limit, offset: offset, maxDistance: maxDistance, bbox: bbox, name: name,
            wheelchair: wheelchair, free: free,
            maxPrice: maxPrice, publicOnly: publicOnly, changingTable: changingTable, unisex: unisex,
            with: with, datasets: datasets, openNow: openNow, at: time.at, tz: time.tz, includeUnknown: includeUnknown,
            arriveWithin: arriveWithin, walk: walk, by: by, verifiedWithin: verifiedWithin, json: output.json, format: format,
            db: store.db,
            nearFile: nearFile, maxBadRows: maxBadRows)
    }

    func validate() throws {
        // ArgumentParser validates this command before `locate toilet show` runs too: a
        // question without a place is refused when it runs instead (the same usage error).
        guard bookmarked else { return query.asksAPlace ? try query.validate() : () }
        // Everything but the point, the time and the output is a filter of the nearest search.
        var filters = query
        (filters.near, filters.at, filters.tz, filters.json, filters.db) = (nil, nil, nil, false, nil)
        guard filters == ToiletQuery() else {
            throw ValidationError(
                "--bookmarked lists every bookmarked toilet: it takes --near, --at, --tz and --json, not filters or --limit")
        }
    }

    func run() throws {
        guard bookmarked else {
            try query.validate()
            return try query.run()
        }
        let ids = try bookmarks.load().filter { $0.kind == "toilet" }.map(\.id)
        let db = try LocateStore(readingAt: store.path)
        let question = BookmarkedToilets(ids: ids, near: place.point)
        let at: Date
        if let text = time.at {
            let zone = try question.zone(tz: time.tz, store: db)
            if let shift = WallClock.shift(text, in: zone) { Console.note(TimeText.shiftNote(shift, at: text, zone: zone)) }
            guard let instant = TimeText.instant(text, in: zone) else { throw Exit.usage }
            at = instant
        } else {
            at = Date()
        }
        let (answer, missing) = try question.answer(store: db, at: at)
        if output.json {
            Console.out(jsonText(answer))
        } else if !answer.results.isEmpty {
            Console.text(ToiletTable.render(answer.results, timed: true))
        }
        for id in missing { Console.note("note: bookmarked toilet \(id) is no longer in the database") }
        if answer.results.isEmpty {
            throw CLIError.noResult(
                ids.isEmpty
                    ? "no toilet is bookmarked (locate bookmark add DATASET/ID)" : "no bookmarked toilet is in the database")
        }
    }
}
