import Foundation
import Geo
import Ingest
import LocateTestSupport
import Places
import Testing

/// `PointFileReader`: the points of a CSV or GeoJSON file, bad rows with their line numbers,
/// read the same whatever the chunk size.
@Suite struct PointFileReaderTests {
    static func rows(_ text: String, chunk: Int? = nil) throws -> [InputPointRow] {
        let bytes = Array(text.utf8)
        var out: [InputPointRow] = []
        if let chunk {
            let path = try Fixtures.write(text, name: "points.txt")
            let handle = try #require(FileHandle(forReadingAtPath: path))
            try PointFileReader(handle: handle, label: "p", chunkSize: chunk).forEachRow { out.append($0) }
        } else {
            try PointFileReader(bytes: bytes, label: "p").forEachRow { out.append($0) }
        }
        return out
    }

    static func point(_ line: Int, _ id: String?, _ lat: Double, _ lon: Double) -> InputPointRow {
        .point(InputPoint(line: line, id: id, coordinate: Coordinate(latitude: lat, longitude: lon)))
    }

    static let csv =
        "\u{FEFF}ID,Name,Latitude,Longitude\r\n"
        + "a,\"Main, square\",50.0875,14.4214\r\n"
        + "\r\n"
        + "b,x,,14.4\n"
        + "c,y,95,14.4\n"
        + "d,z,50.1,nan\n"
        + "e,\"unclosed,50,14\n"
        + "f,w,50.1\n"
        + "\"g\"\"h\",v,-33.86,151.2"

    static let csvRows: [InputPointRow] = [
        point(2, "a", 50.0875, 14.4214),
        .bad(line: 4, reason: "no latitude"),
        .bad(line: 5, reason: "latitude 95 is outside -90…90"),
        .bad(line: 6, reason: "longitude 'nan' is not a number"),
        .bad(line: 7, reason: "a quote is not closed on its line"),
        .bad(line: 8, reason: "3 fields, the header has 4"),
        point(9, "g\"h", -33.86, 151.2),
    ]

    @Test(arguments: [nil, 1, 3, 7, 64])
    func csvRowsAndBadRowsWithLines(chunk: Int?) throws {
        #expect(try PointFileReaderTests.rows(PointFileReaderTests.csv, chunk: chunk) == PointFileReaderTests.csvRows)
    }

    /// The headers GIS tools write, any case; `;` and tab files with decimal commas.
    @Test(arguments: [
        ("lat,lon\n1,2\n", point(2, nil, 1, 2)),
        ("Y,X,fid\n1,2,7\n", point(2, "7", 1, 2)),
        ("lng,LAT\n2,1\n", point(2, nil, 1, 2)),
        ("id;lat;lon\nk;50,5;14,25\n", point(2, "k", 50.5, 14.25)),
        ("id\tlatitude\tlongitude\nk\t-1.5\t-2e1\n", point(2, "k", -1.5, -20)),
        // Padding is trimmed: spaces, and a spreadsheet's no-break spaces (U+00A0, U+202F).
        ("lat,lon\n 1 , 2\t\n", point(2, nil, 1, 2)),
        ("lat;lon\n\u{A0}50,5\u{A0};\u{202F}14,25\n", point(2, nil, 50.5, 14.25)),
    ])
    func headersAndDelimiters(text: String, row: InputPointRow) throws {
        #expect(try PointFileReaderTests.rows(text) == [row])
    }

    @Test func aHeaderWithoutCoordinatesNamesTheAcceptedOnes() throws {
        #expect(
            throws: IngestError.notPointFile(
                path: "p",
                reason: "line 1: no latitude and longitude columns: the header names 'name', 'east', 'north'; "
                    + "accepted: lat/lon (or lng), latitude/longitude or y/x, in any case")
        ) { try PointFileReaderTests.rows("name,east,north\na,1,2\n") }
        #expect(throws: IngestError.notPointFile(path: "p", reason: "it is empty")) { try PointFileReaderTests.rows(" \n\n") }
    }

    static let geoJSON = """
        {"type": "FeatureCollection", "features": [
        {"type": "Feature", "id": "s1", "geometry": {"type": "Point", "coordinates": [14.42, 50.08]}, "properties": {}},
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-179.5, 10, 3]}, "properties": {"id": 12}},
        {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[1, 2], [3, 4]]}, "properties": null},
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [14.42, 91]}},
        {"type": "Feature", "geometry": null},
        {"type": "Feature",
         "geometry": {"type": "Point", "coordinates": ["14", 50]}},
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, -90]}}
        ]}
        """

    @Test(arguments: [nil, 2, 5, 100])
    func geoJSONPointsWithLines(chunk: Int?) throws {
        #expect(
            try PointFileReaderTests.rows(PointFileReaderTests.geoJSON, chunk: chunk) == [
                PointFileReaderTests.point(2, "s1", 50.08, 14.42),
                PointFileReaderTests.point(3, "12", 10, -179.5),
                .bad(line: 4, reason: "the geometry is a LineString, not a Point"),
                .bad(line: 5, reason: "latitude 91 is outside -90…90"),
                .bad(line: 6, reason: "no geometry"),
                .bad(line: 7, reason: "the Point's coordinates are not numbers"),
                PointFileReaderTests.point(9, nil, -90, 0),
            ])
    }

    @Test func malformedGeoJSONAndOtherTypesFail() throws {
        #expect(throws: IngestError.self) { try PointFileReaderTests.rows("{\"type\":\"FeatureCollection\",\"features\":[") }
        #expect(
            throws: IngestError.notPointFile(
                path: "p", reason: "a GeoJSON FeatureCollection of Points is read; type is 'Feature'")
        ) { try PointFileReaderTests.rows("{\"type\":\"Feature\"}") }
    }

    /// A line over the bound is a bad row, skipped to its line break; the next is read.
    @Test func anOverlongLineIsABadRow() throws {
        let long = String(repeating: "9", count: PointFileReader.maxLineBytes + 10)
        let rows = try PointFileReaderTests.rows("lat,lon\n\(long),1\n1,2\n", chunk: 4096)
        #expect(rows == [.bad(line: 2, reason: "the line is over 65536 bytes"), PointFileReaderTests.point(3, nil, 1, 2)])
    }
}
