/// Lists of contract records as RFC 4180 CSV (a header line, one line per record, CRLF line
/// ends), for spreadsheets and `ogr2ogr`/QGIS: the `--format csv` of every list answer but the
/// nearest toilets' (`ToiletAnswerCSV` spells out their attributes). A record's members are
/// its columns under their JSON names, `id` first, then in the JSON's sorted order; the
/// columns are those of every record, in the order first met. A field is empty for null; a
/// number or `true`/`false` as in the JSON; an array of strings or numbers joined by `;` (an
/// empty array is an empty field); any other array or object as its compact JSON text; quoted when it holds a comma, a quote or a
/// line break, or starts or ends with a space. A text a spreadsheet would read as a formula
/// (`=…`, `+…`, `-…`, `@…`) gets a `'` before it (`safe`).
public enum ContractCSV {
    /// The CSV text of `records` (each encoding to a JSON object); empty when there are none.
    public static func encode<T: Encodable>(_ records: [T]) throws -> [UInt8] {
        var rows: [[(key: String, value: ContractJSON.Node)]] = []
        var columns: [String] = []
        var known = Set<String>()
        for record in records {
            let encoder = NodeEncoder()
            try record.encode(to: encoder)
            guard case .object(let box) = encoder.node else { continue }
            let keys = box.members.map(\.key).sorted { a, b in
                (a == "id") != (b == "id") ? a == "id" : a.utf8.lexicographicallyPrecedes(b.utf8)
            }
            for key in keys where known.insert(key).inserted { columns.append(key) }
            rows.append(box.members)
        }
        guard !rows.isEmpty else { return [] }
        var out: [UInt8] = []
        line(columns.map { field(.string($0)) }, to: &out)
        for members in rows {
            var byKey: [String: ContractJSON.Node] = [:]
            for m in members { byKey[m.key] = m.value }
            line(columns.map { key in byKey[key].map { text(of: $0) } ?? "" }, to: &out)
        }
        return out
    }

    /// A field's text before quoting: a string made safe for spreadsheets (`safe`).
    static func text(of node: ContractJSON.Node) -> String {
        if case .string(let t) = node { return safe(t) }
        return field(node)
    }

    /// `t` with a `'` put before it when a spreadsheet would read it as a formula (it starts
    /// with `=`, `+`, `-`, `@`, a tab or CR): names and texts come from the public. A signed
    /// number (an OSM `level` of `-1`) is read as that number, and stays as it is.
    public static func safe(_ t: String) -> String {
        guard let first = t.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return t }
        if first == "-" || first == "+", Double(t.dropFirst()) != nil { return t }
        return "'" + t
    }

    /// A field's text before quoting.
    static func field(_ node: ContractJSON.Node) -> String {
        switch node {
        case .null: return ""
        case .literal(let text), .string(let text): return text
        case .array(let box):
            var parts: [String] = []
            for item in box.items {
                switch item {
                case .literal(let text), .string(let text): parts.append(text)
                default: return json(node)
                }
            }
            return parts.joined(separator: ";")
        case .object: return json(node)
        }
    }

    private static func json(_ node: ContractJSON.Node) -> String {
        var out: [UInt8] = []
        var orders = ContractJSON.KeyOrders()
        ContractJSON.write(node, to: &out, orders: &orders)
        return String(decoding: out, as: UTF8.self)
    }

    /// One line of `fields`, each quoted when needed, ended by CRLF.
    public static func line(_ fields: [String], to out: inout [UInt8]) {
        for (i, f) in fields.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            quoted(f, to: &out)
        }
        out += [13, 10]
    }

    /// `t`, in quotes (a quote doubled) when it holds a comma, a quote, CR or LF, or starts or
    /// ends with a space (which spreadsheets would drop); else as it is.
    public static func quoted(_ t: String, to out: inout [UInt8]) {
        var t = t
        t.withUTF8 { bytes in
            let needs =
                bytes.contains { $0 == 44 || $0 == 34 || $0 == 13 || $0 == 10 } || bytes.first == 32 || bytes.last == 32
            guard needs else { return out.append(contentsOf: bytes) }
            out.append(34)
            for b in bytes {
                if b == 34 { out.append(34) }
                out.append(b)
            }
            out.append(34)
        }
    }
}
