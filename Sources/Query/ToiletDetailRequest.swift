import Contributions
public import Foundation
import Geo
public import Hours
import Places
public import Storage

/// One toilet in detail (`toilet-detail/1`): the question of `locate toilet show ID` and
/// `GET /v1/toilets/{dataset}/{id}`.
public struct ToiletDetailRequest: Sendable, Equatable {
    /// The toilet's dataset.
    public var dataset: String
    /// Its id in the dataset.
    public var sourceID: String
    /// `at` and `tz` (a wall-clock `at` is read in `tz`, else in the toilet's own zone).
    public var time: AskedTime

    /// The days of opening times an answer lists.
    public static let days = 7

    /// The fields this question takes, in the order errors are looked for.
    public static let fields: [RequestField] = [.at, .tz]

    /// Reads `values` for the toilet `sourceID` of `dataset`; throws `QueryError.badRequest`
    /// naming the first field at fault.
    public init(dataset: String, sourceID: String, values: [RequestField: [String]]) throws {
        var v = RequestValues(values)
        self.dataset = dataset
        self.sourceID = sourceID
        time = try AskedTime(reading: &v)
        if let unknown = v.unread.first { throw QueryError.badRequest(.notTaken(unknown)) }
    }

    /// The toilet a global id (`prague-toilets/123`, `osm-paris/node/42`: the dataset is
    /// what comes before the first `/`) names; nil when it has no `/` or an empty part.
    public static func target(globalID: String) -> (dataset: String, sourceID: String)? {
        guard let slash = globalID.firstIndex(of: "/") else { return nil }
        let dataset = String(globalID[..<slash])
        let sourceID = String(globalID[globalID.index(after: slash)...])
        return dataset.isEmpty || sourceID.isEmpty ? nil : (dataset, sourceID)
    }

    /// Whether the answer depends on the clock (no `at`).
    public var isNow: Bool { time.at == nil }

    /// The answer as of `at` (else `now`), with how a wall-clock `at` the clocks skip or
    /// repeat was read; nil when no active toilet has the id.
    public func answer(store: LocateStore, now: Date) throws -> (detail: ToiletDetail, shift: WallClockShift?)? {
        guard let ref = try store.placeReferences(.toilets, dataset: dataset, sourceID: sourceID).first, ref.isActive,
            let toilet = try store.toilets(rowIDs: [ref.rowID]).first
        else { return nil }
        let zone = time.zone(default: toilet.timeZone)
        let (at, shift) = time.instant(now: now, in: zone)
        let evaluator = OpenStateEvaluator()
        let state = evaluator.state(
            hoursOSM: toilet.hoursOSM, timeZone: toilet.timeZone, country: toilet.country,
            latitude: toilet.coordinate.latitude, longitude: toilet.coordinate.longitude, at: at)
        let source = try store.newestRun(dataset: dataset, kind: .toilets)
        let photos = try store.photos(of: PlaceTarget(dataset: dataset, sourceID: sourceID))
        let detail = ToiletDetail(
            toilet: toilet, at: at, state: state,
            openingTimes: ToiletDetail.spans(of: toilet, from: at, days: ToiletDetailRequest.days, evaluator: evaluator),
            reference: ref, source: source, photos: photos)
        return (detail, shift)
    }

    /// The words of "no such toilet", the same in the CLI (exit 3) and over HTTP (404).
    public var notFound: String { "no active toilet \(dataset)/\(sourceID)" }
}
