import Contract
import Testing

/// `ContractCSV`: the CSV form of every list answer's items (issue 24).
@Suite struct ContractCSVTests {
    struct Item: Encodable {
        var name: String?
        var id: String
        var count: Int
        var ok: Bool
        var tags: [String]
        var nested: [String: Int]?
        var points: [[String: Double]]
    }

    @Test func membersAreColumnsIdFirstThenSorted() throws {
        let items = [
            Item(
                name: "Kraków, ul. \"Próbna\"", id: "a/1", count: 3, ok: true, tags: ["x", "y"], nested: ["b": 2, "a": 1],
                points: [["v": 1.5]]),
            Item(name: nil, id: "a/2", count: 0, ok: false, tags: [], nested: nil, points: []),
            Item(name: " spaced ", id: "a/3", count: -1, ok: true, tags: ["line\nbreak"], nested: [:], points: []),
        ]
        let text = String(decoding: try ContractCSV.encode(items), as: UTF8.self)
        #expect(
            text
                == "id,count,name,nested,ok,points,tags\r\n"
                + "a/1,3,\"Kraków, ul. \"\"Próbna\"\"\",\"{\"\"a\"\":1,\"\"b\"\":2}\",true,\"[{\"\"v\"\":1.5}]\",x;y\r\n"
                + "a/2,0,,,false,,\r\n"
                + "a/3,-1,\" spaced \",{},true,,\"line\nbreak\"\r\n")
    }

    @Test func noItemsIsNoText() throws {
        #expect(try ContractCSV.encode([Item]()).isEmpty)
    }
}
