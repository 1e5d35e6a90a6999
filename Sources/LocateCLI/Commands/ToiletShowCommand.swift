import ArgumentParser
import Foundation
import Places
import Query
import Storage

/// `locate toilet show ID`: one toilet in detail, the document `GET /v1/toilets/{dataset}/{id}`
/// answers (`toilet-detail/1`).
struct ToiletShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "One toilet in detail: its state, the opening times of the next 7 days, its source and photos.",
        discussion: """
            ID is a toilet's global id as answers print it: DATASET/SOURCE_ID (prague-toilets/42, \
            osm-paris/node/123; the dataset is what comes before the first /). The state is at --at \
            (a wall-clock time read in the toilet's own zone unless --tz says otherwise), else now; \
            the opening times are the next 7 days from then, each stretch open, closed or unknown. \
            --json prints toilet-detail/1, the document of GET /v1/toilets/{dataset}/{id}. Exits 3 \
            when no active toilet has the id.
            """
    )

    @Argument(help: ArgumentHelp("Global id: DATASET/SOURCE_ID.", valueName: "ID"))
    var id: String

    // The type of `locate toilet`'s own: ArgumentParser reads `--at` and `--tz` for both
    // commands, and gives them to this one only when the option groups are the same type
    // (`LocateMain.ownWordsOnly` refuses the parent's other options here).
    @OptionGroup var time: TimeOptions<NearestToiletZone>

    @OptionGroup var output: JSONOptions

    @OptionGroup var store: StoreOptions

    /// The question these options ask; a field at fault is a usage error naming its option.
    var request: ToiletDetailRequest {
        get throws {
            guard let target = ToiletDetailRequest.target(globalID: id) else {
                throw ValidationError("'\(id)' is not a global id DATASET/SOURCE_ID (prague-toilets/42)")
            }
            var values: [RequestField: [String]] = [:]
            for case (let field, let text?) in [(RequestField.at, time.at), (.tz, time.tz)] { values[field] = [text] }
            return try ToiletQuery.usage {
                try ToiletDetailRequest(dataset: target.dataset, sourceID: target.sourceID, values: values)
            }
        }
    }

    func validate() throws { _ = try request }

    func run() throws {
        let request = try request
        guard let (detail, shift) = try request.answer(store: try LocateStore(readingAt: store.path), now: Date()) else {
            throw CLIError.noResult(request.notFound)
        }
        let zone = TimeZone(identifier: detail.toilet.timeZone) ?? .gmt
        if let shift, let at = time.at {
            Console.note(TimeText.shiftNote(shift, at: at, zone: time.tz.flatMap(TimeZone.init(identifier:)) ?? zone))
        }
        if output.json {
            Console.out(try jsonText(detail))
        } else {
            Console.text(ToiletDetailText.render(detail, zone: zone))
        }
    }
}
