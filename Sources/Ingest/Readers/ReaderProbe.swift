import Foundation
import Geo

/// The readers as the fuzzing harness (`Fuzz/`) drives them: each runs one reader, and the
/// mapping after it, over a file the way an ingest does, without a store. Package access
/// only: not part of the public API.
package enum ReaderProbe {
    /// A whole JSON document, as the in-memory reader parses it (station lists, API answers).
    package static func json(_ bytes: [UInt8]) -> Result<JSONValue, JSONSyntaxError> {
        document(JSONStreamParser(bytes: bytes))
    }

    /// A whole JSON document read from `path` in chunks of `chunkSize` bytes, as the GeoJSON
    /// reader streams it; the answer must not depend on where the chunks end.
    package static func json(path: String, chunkSize: Int) throws -> Result<JSONValue, JSONSyntaxError> {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw IngestError.unreadable(path: path, reason: "cannot open")
        }
        defer { try? handle.close() }
        return document(JSONStreamParser(handle: handle, chunkSize: chunkSize))
    }

    private static func document(_ parser: JSONStreamParser) -> Result<JSONValue, JSONSyntaxError> {
        do {
            try parser.skipByteOrderMark()
            let doc = try parser.parseValue()
            try parser.expectEnd()
            return .success(doc)
        } catch let e as JSONSyntaxError {
            return .failure(e)
        } catch {
            return .failure(JSONSyntaxError(reason: "\(error)", line: 0, offset: 0))
        }
    }

    /// Reads the toilet file at `path` for `spec` (its format) and maps every feature (the CRS
    /// from the pipeline or the file, reprojected as an ingest does): the counts of accepted
    /// and rejected features.
    package static func toilets(path: String, spec: PipelineSpec) throws -> (accepted: Int, rejected: Int) {
        let reader = try FeatureReaders.open(path: path, format: spec.format, filters: spec.overpass.filters)
        let mapper = ToiletMapper(spec: spec)
        var reprojector: Reprojector? = nil
        var accepted = 0
        var rejected = 0
        _ = try reader.forEachFeature { index, item in
            guard case .feature(let feature) = MappedFeatureStream.osmFeature(item, format: spec.format, index: index) else {
                rejected += 1
                return
            }
            if reprojector == nil {
                let crs = try MappedFeatureStream.resolveCRS(spec: spec, declared: reader.declaredCRS, path: path)
                reprojector = try Reprojector(from: crs, area: spec.region)
            }
            guard let reprojector else { return }
            switch mapper.map(feature, index: index, reprojector: reprojector) {
            case .accepted: accepted += 1
            case .rejected: rejected += 1
            }
        }
        return (accepted, rejected)
    }

    /// Reads the GIOŚ station list at `path` for `spec` (its format) and maps every station;
    /// every item also goes through both API dialects' sensor, row and index readings.
    package static func stations(path: String, spec: PipelineSpec) throws -> (accepted: Int, rejected: Int) {
        let (items, _) = try StationListReader(path: path, format: spec.format).read()
        let mapper = StationMapper(spec: spec)
        var accepted = 0
        var rejected = 0
        let openAQ = OpenAQStationMapper(spec: spec)
        for (index, item) in items.enumerated() {
            switch spec.format == .openaq ? openAQ.map(item, index: index) : mapper.map(item, index: index) {
            case .accepted: accepted += 1
            case .rejected: rejected += 1
            case .skipped: break
            }
            dialects(item)
        }
        return (accepted, rejected)
    }

    /// Reads `doc` as every OpenAQ answer is read: a page's results, and each result as a
    /// sensor (with its unit's conversion), a latest value and a measurement. Returns how many
    /// items read as each.
    package static func openAQ(_ doc: JSONValue) -> (sensors: Int, latest: Int, measurements: Int) {
        guard case .success(let items) = OpenAQReader.results(doc, limit: OpenAQOptions.pageLimit) else { return (0, 0, 0) }
        var counts = (sensors: 0, latest: 0, measurements: 0)
        for item in items {
            if case .success(let s) = OpenAQReader.sensor(item) {
                counts.sensors += 1
                _ = Concentration.rule(unit: s.units, code: Concentration.code(ofParameter: s.parameter))
            }
            if case .success = OpenAQReader.latest(item) { counts.latest += 1 }
            if case .success = OpenAQReader.measurement(item) { counts.measurements += 1 }
            if case .array(let sensors)? = item["sensors"] { for s in sensors { _ = OpenAQReader.sensor(s) } }
        }
        return counts
    }

    /// Reads `value` as each dialect reads a sensor, a measurement and an index answer.
    package static func dialects(_ value: JSONValue) {
        for dialect in [GIOSDialect.legacy, .v1] {
            _ = dialect.sensor(value)
            _ = dialect.row(value)
            _ = dialect.index(value)
        }
    }
}
