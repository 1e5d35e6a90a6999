public import Geo
public import OSMPBF
public import Storage

/// Errors that stop an ingest. Cases name the file or URL at fault where there is one; a run
/// that throws changes nothing in the database (the whole ingest is one transaction).
public enum IngestError: Error, Equatable, CustomStringConvertible {
    /// The input or pipeline file does not exist.
    case fileNotFound(path: String)
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The input is not valid JSON.
    case malformedJSON(path: String, JSONSyntaxError)
    /// The input is JSON but not a GeoJSON FeatureCollection.
    case notFeatureCollection(path: String, reason: String)
    /// A points file (`--near-file`) that is neither CSV with latitude and longitude columns
    /// nor a GeoJSON FeatureCollection.
    case notPointFile(path: String, reason: String)
    /// The input is JSON but not a GIOŚ station list of the pipeline's format.
    case notStationList(path: String, reason: String)
    /// An API answer (or a file standing for one) is JSON but not what the format answers.
    case unexpectedAnswer(path: String, reason: String)
    /// The input is JSON but not an Overpass API JSON answer (`elements`).
    case notOverpassAnswer(path: String, reason: String)
    /// An Overpass answer whose `remark` reports an error (a query that timed out or ran out
    /// of memory sends a 200 answer with the elements found so far and this remark).
    case overpassRemark(path: String, remark: String)
    /// An air pipeline's station dataset has no active stations to fetch data for.
    case noStations(dataset: String)
    /// The pipeline file is invalid: `line` is 1-based when known.
    case invalidPipeline(path: String, line: Int?, reason: String)
    /// The CRS named by the pipeline or the input is not usable.
    case crs(path: String, GeoError)
    /// The input's own `crs` member contradicts the pipeline.
    case crsConflict(path: String, pipeline: CRS, input: CRS)
    /// The pipeline asks for something this build cannot do.
    case unsupported(path: String, reason: String)
    /// The database refused the run.
    case storage(StorageError)
    /// An OpenStreetMap PBF file that cannot be read (names the file and the block's offset).
    case osmPBF(PBFError)
    /// A property the pipeline maps (`key`, such as `fields.hours`, at `line` of the
    /// pipeline file) is in no feature of `input`; `suggestions` are the closest property
    /// names present, `present` all of them (sorted, at most 20).
    case unmatchedField(
        pipeline: String, line: Int?, key: String, property: String, input: String, suggestions: [String], present: [String])
    /// The run would retire more than `limitShare` of the dataset's `active` records.
    case massRetire(path: String, dataset: String, retired: Int, active: Int, limitShare: Double)
    /// The run rejected every one of the `read` records, or more than `limitShare` of them
    /// (`RejectLimit`); `cause` says what most rejects have in common.
    case tooManyRejects(path: String, dataset: String, read: Int, rejected: Int, limitShare: Double, cause: String)
    /// The input holds no records: the run would retire all `active` records of the dataset.
    case emptyInput(path: String, dataset: String, active: Int)
    /// A file name taken from data (`index.tsv`, a station id) would leave `folder`.
    case outsideFolder(folder: String, entry: String, origin: String)
    /// A replication diff whose sequence number does not follow the dataset's (`current`):
    /// applied already, out of order, or a gap before it.
    case diffOutOfOrder(path: String, dataset: String, sequence: Int64, current: Int64)
    /// A replication diff whose sequence number cannot be found.
    case diffWithoutSequence(path: String)
    /// `--changes` for a dataset with no OSM state: no run of it read a PBF extract.
    case noOSMState(dataset: String, pipeline: String)
    /// A full read of an extract whose header sequence is older than the dataset's
    /// (`current`, left by diffs applied after a newer state): it would roll places back.
    case olderExtract(path: String, dataset: String, sequence: Int64, current: Int64)
    /// A `changes:` folder whose diffs newer than the dataset's sequence (`current`) do not
    /// follow on: the next one found is `next`, not `current + 1`.
    case diffGap(folder: String, dataset: String, current: Int64, next: Int64, path: String)
    /// A `changes:` folder for a dataset that has no replication sequence to start from.
    case noSequenceForFolder(folder: String, dataset: String)
    /// A replication sequence outside the range locate reads (`ReplicationSequence.range`):
    /// `field` of `path` (`--sequence`, a state file's `sequenceNumber`, a PBF header's
    /// `osmosis_replication_sequence_number`) holds `value`.
    case sequenceOutOfRange(path: String, field: String, value: String)
    /// The dataset's newest run stored a replication sequence outside the range (an older
    /// locate accepted it): a full read of an extract restarts the sequence.
    case storedSequenceOutOfRange(dataset: String, value: Int64)
    /// A PBF header's `osmosis_replication_timestamp` (seconds since 1970) outside the years
    /// 1970 to 9999.
    case timestampOutOfRange(path: String, value: Int64)
    /// An answer (or a file standing for one) that is JSON but not what the OpenAQ API answers.
    case openAQAnswer(path: String, reason: String)
    /// A list of the OpenAQ API with more than `limit` pages (`source.max_pages`).
    case tooManyPages(path: String, limit: Int)
    /// A run that needs more than `limit` requests (`source.max_requests`); `path` is the
    /// first request over the budget, which was not sent.
    case requestBudget(path: String, limit: Int)
    /// A live run of an API that needs a key, without the key: the environment variable
    /// `variable` is unset or empty.
    case missingKey(variable: String, api: String)

    /// A short lower-case message the CLI prints after `error:`. Control characters quoted
    /// from input are escaped (`\u{0}`): a message never carries a raw NUL or newline.
    public var description: String { TextEscape.quoted(message) }

    private var message: String {
        switch self {
        case .fileNotFound(let path):
            return "\(path): no such file"
        case .unreadable(let path, let reason):
            return "\(path): cannot read: \(reason)"
        case .malformedJSON(let path, let e):
            return "\(path):\(e.line): malformed JSON at byte \(e.offset): \(e.reason)"
        case .notFeatureCollection(let path, let reason):
            return "\(path): not a GeoJSON FeatureCollection: \(reason)"
        case .notPointFile(let path, let reason):
            return "\(path): not a points file: \(reason)"
        case .notStationList(let path, let reason):
            return "\(path): not a GIOŚ station list: \(reason)"
        case .unexpectedAnswer(let path, let reason):
            return "\(path): not a GIOŚ API answer: \(reason)"
        case .notOverpassAnswer(let path, let reason):
            return "\(path): not an Overpass API JSON answer: \(reason)"
        case .overpassRemark(let path, let remark):
            return "\(path): the Overpass server reports an error in its answer (remark: '\(remark)'); "
                + "the answer may be incomplete, so nothing was stored (a smaller region or a longer query_timeout may help)"
        case .noStations(let dataset):
            return "dataset '\(dataset)' has no active stations: ingest its station list first (a kind: stations pipeline)"
        case .invalidPipeline(let path, let line, let reason):
            return "\(path)\(line.map { ":\($0)" } ?? ""): invalid pipeline: \(reason)"
        case .crs(let path, let e):
            return "\(path): \(e)"
        case .crsConflict(let path, let pipeline, let input):
            return "\(path): input declares crs \(input) but the pipeline says \(pipeline)"
        case .unsupported(let path, let reason):
            return "\(path): \(reason)"
        case .storage(let e):
            return e.description
        case .osmPBF(let e):
            return e.description
        case .unmatchedField(let pipeline, let line, let key, let property, let input, let suggestions, let present):
            let hint = suggestions.isEmpty ? "" : " (did you mean \(suggestions.joined(separator: " or "))?)"
            let names = present.isEmpty ? "no feature has properties" : "properties present: \(present.joined(separator: ", "))"
            return "\(pipeline)\(line.map { ":\($0)" } ?? ""): \(key): no feature of \(input) has the property "
                + "'\(property)'\(hint); \(names)"
        case .massRetire(let path, let dataset, let retired, let active, let limit):
            return "\(path): the run would retire \(retired) of the \(active) active records of dataset '\(dataset)' "
                + "(\(IngestError.percent(Double(retired) / Double(max(active, 1)))), more than the limit of "
                + "\(IngestError.percent(limit))): nothing changed; check the input, or pass --allow-mass-retire "
                + "(or a higher --max-retire-share) to accept"
        case .tooManyRejects(let path, let dataset, let read, let rejected, _, let cause) where rejected >= read:
            return "\(path): all \(read) records read were rejected, none stored: nothing changed in dataset "
                + "'\(dataset)'; likely cause: \(cause)"
        case .tooManyRejects(let path, let dataset, let read, let rejected, let limit, let cause):
            return "\(path): \(rejected) of the \(read) records read were rejected "
                + "(\(IngestError.percent(Double(rejected) / Double(max(read, 1)))), more than the limit of "
                + "\(IngestError.percent(limit))): nothing changed in dataset '\(dataset)'; likely cause: \(cause); "
                + "pass a higher --max-reject-share to accept"
        case .emptyInput(let path, let dataset, let active) where active == 0:
            return "\(path): the input holds no records: nothing to ingest into dataset '\(dataset)'; "
                + "pass --allow-mass-retire to record an empty run"
        case .emptyInput(let path, let dataset, let active):
            return "\(path): the input holds no records; the run would retire all \(active) active records of dataset "
                + "'\(dataset)': nothing changed; pass --allow-mass-retire to accept"
        case .outsideFolder(let folder, let entry, let origin):
            return "\(origin): '\(entry)' leaves the folder \(folder): refused (names from data must stay inside it)"
        case .diffOutOfOrder(let path, let dataset, let sequence, let current) where sequence <= current:
            return "\(path): diff sequence \(sequence) is already applied to dataset '\(dataset)' (at sequence \(current)): "
                + "nothing changed"
        case .diffOutOfOrder(let path, let dataset, let sequence, let current):
            return "\(path): diff sequence \(sequence) does not follow dataset '\(dataset)' at sequence \(current) "
                + "(expected \(current + 1); apply the diffs in order, none missing): nothing changed"
        case .diffWithoutSequence(let path):
            return "\(path): no replication sequence number: put its state file beside it (NNN.state.txt), "
                + "name it NNN.osc.gz, or pass --sequence"
        case .noOSMState(let dataset, let pipeline):
            return "dataset '\(dataset)' was not read from an OSM PBF extract: run `locate ingest \(pipeline)` "
                + "once before applying diffs"
        case .olderExtract(let path, let dataset, let sequence, let current):
            return "\(path): the extract is at replication sequence \(sequence), older than dataset '\(dataset)' "
                + "at sequence \(current) (diffs were applied after it): reading it would roll places back; "
                + "nothing changed (read a newer extract, or pass --allow-older to read this one anyway)"
        case .diffGap(let folder, let dataset, let current, let next, let path):
            return "\(folder): dataset '\(dataset)' is at sequence \(current) but the next diff in the folder is "
                + "\(next) (\(path)): sequence\(next - current > 2 ? "s" : "") "
                + "\(next - current > 2 ? "\(current + 1)…\(next - 1)" : "\(current + 1)") missing; nothing changed"
        case .sequenceOutOfRange(let path, let field, let value):
            return "\(path): \(field) \(value) is outside the replication sequences locate reads "
                + "(\(ReplicationSequence.rangeText)): nothing changed"
        case .storedSequenceOutOfRange(let dataset, let value):
            return "dataset '\(dataset)' is at replication sequence \(value), outside the sequences locate reads "
                + "(\(ReplicationSequence.rangeText)): nothing changed; read its extract in full "
                + "(locate ingest PIPELINE --source EXTRACT) to restart the sequence from the extract's header"
        case .timestampOutOfRange(let path, let value):
            return "\(path): the header's osmosis_replication_timestamp \(value) is outside the times locate reads "
                + "(seconds from 1970 to the end of 9999): nothing changed"
        case .openAQAnswer(let path, let reason):
            return "\(path): not an OpenAQ API answer: \(reason)"
        case .tooManyPages(let path, let limit):
            return "\(path): the list has more than \(limit) pages (source.max_pages): "
                + "narrow the selection (region, select.country, select.providers) or raise max_pages; nothing changed"
        case .requestBudget(let path, let limit):
            return "\(path): the run needs more than \(limit) requests (source.max_requests): "
                + "narrow the selection or raise max_requests; nothing changed"
        case .missingKey(let variable, let api):
            return "the \(api) needs an API key: set \(variable) in the environment (it is never read from the pipeline)"
        case .noSequenceForFolder(let folder, let dataset):
            return "\(folder): dataset '\(dataset)' has no replication sequence (its extract's header names none): "
                + "apply the first diff with --changes FILE --sequence N; the folder's newer diffs follow from then on"
        }
    }

    /// `0.5` as `50 %`, `0.123` as `12.3 %`.
    static func percent(_ share: Double) -> String {
        let p = (share * 1000).rounded() / 10
        return (p == p.rounded() ? String(Int(p)) : String(p)) + " %"
    }
}
