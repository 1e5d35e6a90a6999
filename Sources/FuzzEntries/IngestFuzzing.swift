import Foundation
import Ingest

/// Properties of the ingest readers that must hold for every input.
enum IngestFuzzing {
    /// Pipelines the file readers run with: no CRS (the file's `crs` member decides), the
    /// hours, price and address fields of the IPR schema, and both GIOŚ list formats.
    static let toiletPipeline = """
        kind: toilets
        dataset: fuzz-toilets
        source: { path: fuzz.geojson, format: geojson }
        timezone: Europe/Prague
        country: CZ
        id: { derive: [ADRESA] }
        fields: { address: ADRESA, hours: OTEVRENO, price: CENA }
        region: { west: 14.22, south: 49.94, east: 14.71, north: 50.18 }
        """

    /// An OSM toilet pipeline in `format` (overpass or osm-geojson) with the `osm` profile.
    static func osmPipeline(format: String) -> String {
        """
        kind: toilets
        dataset: fuzz-osm
        source: { path: fuzz.json, format: \(format) }
        timezone: Europe/Paris
        country: FR
        profile: osm
        region: { west: 2.22, south: 48.81, east: 2.47, north: 48.91 }
        """
    }

    static func stationPipeline(format: String) -> String {
        """
        kind: stations
        dataset: fuzz-stations
        source: { path: fuzz.json, format: \(format) }
        timezone: Europe/Warsaw
        country: PL
        region: { west: 14.0, south: 49.0, east: 24.2, north: 54.9 }
        """
    }

    static func spec(_ yaml: String, scratch: FuzzScratch) -> Result<PipelineSpec, any Error> {
        Result { try PipelineDecoder.decode(yaml, path: "fuzz.yml", baseFolder: scratch.folder, defaultName: "fuzz") }
    }

    /// In memory and in chunks of 1-5 bytes (read from a file) the answer is the same, value
    /// or error; a value serialised and parsed again is the same value.
    static func json(_ input: [UInt8], scratch: FuzzScratch) -> [String] {
        var broken: [String] = []
        let whole = ReaderProbe.json(input)
        let path = scratch.file("input.json", input)
        let chunkSize = 1 + input.count % 5
        do {
            let chunked = try ReaderProbe.json(path: path, chunkSize: chunkSize)
            if chunked != whole { broken.append("in \(chunkSize)-byte chunks: \(chunked), in memory: \(whole)") }
        } catch {
            broken.append("the scratch file could not be read: \(error)")
        }
        if case .success(let value) = whole {
            let text = value.jsonText
            if ReaderProbe.json(Array(text.utf8)) != .success(value) { broken.append("'\(text)' does not read back") }
        }
        return broken
    }

    /// The feature reader and mapper end with counts or an error.
    static func geoJSON(_ input: [UInt8], scratch: FuzzScratch) -> [String] {
        switch spec(toiletPipeline, scratch: scratch) {
        case .failure(let error):
            return ["the toilet pipeline does not decode: \(error)"]
        case .success(let spec):
            // Errors are answers here (a bad file fails the run); only a trap or a hang is a finding.
            _ = try? ReaderProbe.toilets(path: scratch.file("fuzz.geojson", input), spec: spec)
            return []
        }
    }

    /// Read as an Overpass answer and as OSM GeoJSON, the reader and mapper end with counts
    /// or an error.
    static func osm(_ input: [UInt8], scratch: FuzzScratch) -> [String] {
        var broken: [String] = []
        let path = scratch.file("fuzz.json", input)
        for format in ["overpass", "osm-geojson"] {
            switch spec(osmPipeline(format: format), scratch: scratch) {
            case .failure(let error):
                broken.append("the \(format) pipeline does not decode: \(error)")
            case .success(let spec):
                _ = try? ReaderProbe.toilets(path: path, spec: spec)
            }
        }
        return broken
    }

    /// Both list formats end with counts or an error; every item (and the document itself)
    /// also goes through the API dialects.
    static func stationList(_ input: [UInt8], scratch: FuzzScratch) -> [String] {
        var broken: [String] = []
        let path = scratch.file("fuzz.json", input)
        for format in ["gios-legacy", "gios-v1"] {
            switch spec(stationPipeline(format: format), scratch: scratch) {
            case .failure(let error):
                broken.append("the \(format) pipeline does not decode: \(error)")
            case .success(let spec):
                _ = try? ReaderProbe.stations(path: path, spec: spec)
            }
        }
        if case .success(let doc) = ReaderProbe.json(input) { ReaderProbe.dialects(doc) }
        return broken
    }

    /// An OpenAQ location page maps (every location accepted, rejected or not selected) or
    /// fails with an error; every result reads as each kind of answer without a trap, and no
    /// more results are read than the page holds.
    static func openAQ(_ input: [UInt8], scratch: FuzzScratch) -> [String] {
        var broken: [String] = []
        let path = scratch.file("fuzz.json", input)
        let yaml = """
            kind: stations
            dataset: fuzz-openaq
            source: { path: fuzz.json, format: openaq, select: { country: CZ } }
            region: { west: 12.0, south: 48.5, east: 18.9, north: 51.1 }
            """
        switch spec(yaml, scratch: scratch) {
        case .failure(let error):
            broken.append("the openaq pipeline does not decode: \(error)")
        case .success(let spec):
            if let counts = try? ReaderProbe.stations(path: path, spec: spec), counts.accepted < 0 || counts.rejected < 0 {
                broken.append("negative counts")
            }
        }
        if case .success(let doc) = ReaderProbe.json(input) {
            let counts = ReaderProbe.openAQ(doc)
            let items: Int
            if case .array(let results)? = doc["results"] { items = results.count } else { items = 0 }
            if max(counts.sensors, counts.latest, counts.measurements) > items {
                broken.append("more items read than the page holds")
            }
        }
        return broken
    }

    /// Pipeline YAML decodes or fails with an error, never a trap.
    static func pipeline(_ input: [UInt8], scratch: FuzzScratch) -> [String] {
        _ = spec(String(decoding: input, as: UTF8.self), scratch: scratch)
        return []
    }
}
