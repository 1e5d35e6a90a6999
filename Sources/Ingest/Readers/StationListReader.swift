import Digests
import Foundation

/// Reads a GIOŚ station list file, legacy (a JSON array) or v1 (JSON-LD with Polish keys
/// and `totalPages`; one page only), and returns its station objects in file order with the
/// file's SHA-256.
struct StationListReader {
    let path: String
    let format: PipelineSpec.Format

    /// The v1 list key; the `@context` spells it differently (`Lista stacji pomiarów`).
    static let v1ListKey = "Lista stacji pomiarowych"

    /// How the list answers when read from the API.
    static func shape(_ format: PipelineSpec.Format) -> GIOSDialect.ListShape {
        format == .giosV1 ? .paged(key: v1ListKey) : .array
    }

    func read() throws -> (stations: [JSONValue], sha256: String) {
        let data = try WholeFile.read(path, limit: 256 << 20)
        let bytes = [UInt8](data)
        var h = SHA256Hasher()
        h.update(bytes)
        let doc = try JSONValue.parse(bytes, path: path)
        switch (format, doc) {
        case (.openaq, _):
            // One saved page of `/v3/locations` (a live run reads every page).
            switch OpenAQReader.results(doc, limit: Int(GIOSClient.maxPages) * OpenAQOptions.pageLimit) {
            case .success(let items): return (items, h.finalize().hexString)
            case .failure(let p): throw IngestError.openAQAnswer(path: path, reason: p.reason)
            }
        case (.giosLegacy, .array(let items)):
            return (items, h.finalize().hexString)
        case (.giosV1, .object):
            guard case .array(let items)? = doc[StationListReader.v1ListKey] else {
                throw IngestError.notStationList(path: path, reason: "no \"\(StationListReader.v1ListKey)\" array")
            }
            // Stop on totalPages, not on links.next (present even on the last page).
            let pages: Int
            switch GIOSClient.pageCount(doc) {
            case .success(let n): pages = n
            case .failure(let e): throw IngestError.notStationList(path: path, reason: e.reason)
            }
            guard pages <= 1 else {
                throw IngestError.notStationList(
                    path: path, reason: "the file holds page 1 of \(pages); ingest the API URL to read every page")
            }
            return (items, h.finalize().hexString)
        case (.giosLegacy, _):
            throw IngestError.notStationList(path: path, reason: "top level is \(doc.kindName), expected the legacy array")
        default:
            throw IngestError.notStationList(path: path, reason: "top level is \(doc.kindName), expected a v1 object")
        }
    }
}
