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

    /// Texts from the public that a spreadsheet would run as formulas get a `'` first;
    /// numbers keep their sign.
    @Test func formulasAreNeutralised() throws {
        struct Row: Encodable {
            var id: String
            var name: String
            var value: Double
        }
        let rows = [
            Row(id: "a", name: "=HYPERLINK(\"x\")", value: -1), Row(id: "b", name: "+420 123", value: 2),
            Row(id: "c", name: "@me", value: 0), Row(id: "d", name: "-", value: -0.5), Row(id: "e", name: "Na = 1", value: 1),
            Row(id: "f", name: "-1", value: 1),
        ]
        #expect(
            String(decoding: try ContractCSV.encode(rows), as: UTF8.self)
                == "id,name,value\r\n" + "a,\"'=HYPERLINK(\"\"x\"\")\",-1\r\n" + "b,'+420 123,2\r\n" + "c,'@me,0\r\n"
                + "d,'-,-0.5\r\n" + "e,Na = 1,1\r\n" + "f,-1,1\r\n")
    }

    @Test func noItemsIsNoText() throws {
        #expect(try ContractCSV.encode([Item]()).isEmpty)
    }
}
