import Contract
import Files
public import Foundation
import Geo
public import Storage

/// What an export wrote.
public struct ExportSummary: Sendable, Equatable {
    /// Features written.
    public var count: Int
    /// [west, south, east, north] as written.
    public var bbox: [String]
    /// Bytes written.
    public var bytes: Int
    /// SHA-256 of the bytes.
    public var sha256: String
}

/// Writes RFC 7946 GeoJSON: one FeatureCollection, no `crs`, WGS84 lon/lat with at most 7
/// decimals, a top-level `bbox`, stable feature ids, flat properties with a fixed key set,
/// and a `locate` foreign member with provenance (schema `geojson/1`, docs/json.md). Keys
/// are in sorted order; features are sorted by id and written one per line as they are
/// read, so memory stays flat; the same data (and `at`) gives the same bytes.
public struct GeoJSONExporter {
    let store: LocateStore
    /// Computes the stations' European Air Quality Index (nil: their `eaqi_*` are null).
    let eaqi: StationEAQIRule?

    /// Datasets this build exports.
    public static let datasets = ["toilets", "stations"]

    /// Creates an exporter over a store; `eaqi` computes each station's EAQI (the caller
    /// passes Query's `EuropeanAirQualityIndex.headline`; nil: the `eaqi_*` properties are null).
    public init(store: LocateStore, eaqi: StationEAQIRule? = nil) {
        self.store = store
        self.eaqi = eaqi
    }

    /// Writes `dataset` to `path` (nil: standard output; `CheckedFile(replacing:)` says what a
    /// path may name: a regular file is replaced only once the export is complete). `at`: add
    /// each toilet's opening state and next change at that instant; stations carry their newest
    /// air data as of `at` (else as of the generation time). The generation time is `at`, or
    /// else the newest ingest's finish time: never the clock, so reruns are identical.
    @discardableResult
    public func write(dataset: String, to path: String?, at: Date?) throws -> ExportSummary {
        try write(dataset: dataset, to: path, at: at, keepStable: false, replacing: true) { _ in }
    }

    /// The same, calling `onFeature` with each feature written (snapshots record versions).
    /// `replacing`: false for a file of a folder being built under a temporary name.
    func write(
        dataset: String, to path: String?, at: Date?, keepStable: Bool, replacing: Bool,
        onFeature: (ExportedFeature) -> Void
    ) throws -> ExportSummary {
        try write(dataset: dataset, at: at, keepStable: keepStable, onFeature: onFeature) {
            try path.map { try OutputFile(path: $0, replacing: replacing) } ?? OutputFile()
        }
    }

    /// `dataset` as the snapshot writes it, kept in memory (the preview page `locate serve`
    /// serves).
    func bytes(dataset: String, at: Date?) throws -> [UInt8] {
        let out = OutputFile(collecting: ())
        _ = try write(dataset: dataset, at: at, keepStable: true, onFeature: { _ in }) { out }
        return out.collected
    }

    /// The export into the output `open` makes once the dataset is known to have data.
    private func write(
        dataset: String, at: Date?, keepStable: Bool, onFeature: (ExportedFeature) -> Void, open: () throws -> OutputFile
    ) throws -> ExportSummary {
        guard let kind = PlaceKind(rawValue: dataset) else { throw ExportError.unknownDataset(dataset) }
        let header = try Provenance.read(store, at: at, kind: kind)
        guard header.count > 0 else { throw ExportError.empty(dataset: dataset) }
        let out = try open()
        var count = 0
        var bbox = BBoxAccumulator()
        try out.write(FeatureCollectionFrame.opening(bbox: header.bbox.map { JSONText.degrees($0) }))
        let each: ((ExportedFeature) throws -> Void) throws -> Void =
            kind == .stations
            ? { try StationFeatureSource(store: store, at: at ?? header.generatedDate, eaqi: eaqi).forEach($0) }
            : { try ToiletFeatureSource(store: store, at: at, keepStable: keepStable).forEach($0) }
        try each { f in
            try out.write(FeatureCollectionFrame.separator(before: count) + f.json)
            bbox.add(f)
            onFeature(f)
            count += 1
        }
        try out.write(try header.closing(kind: dataset, count: count))
        let (bytes, sha) = try out.commit()
        return ExportSummary(count: count, bbox: bbox.texts, bytes: bytes, sha256: sha)
    }
}

/// The smallest box around written features, in the exported (rounded) coordinates.
struct BBoxAccumulator {
    var west = Double.infinity
    var south = Double.infinity
    var east = -Double.infinity
    var north = -Double.infinity

    mutating func add(_ f: ExportedFeature) {
        west = min(west, f.longitude)
        south = min(south, f.latitude)
        east = max(east, f.longitude)
        north = max(north, f.latitude)
    }

    var texts: [String] { [west, south, east, north].map { $0.isFinite ? JSONText.degrees($0) : "0" } }
    var degrees: [Double] { [west, south, east, north].map { $0.isFinite ? roundedDegrees($0) : 0 } }
}
