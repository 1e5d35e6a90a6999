/// Lists of contract records that are places, as an RFC 7946 FeatureCollection: the
/// `--format geojson` of list answers whose items carry `lat` and `lon` (stations). Each item
/// is a Feature: its `id` member as the Feature's id, a Point at [`lon`, `lat`], and every
/// other member, as the JSON has it, in `properties`; an item without a position has a null
/// geometry. The `locate` foreign member names the schema (`schema`). One Feature per line.
public enum ContractGeoJSON {
    /// The FeatureCollection text of `records` (each encoding to a JSON object), ending in a
    /// line break; `schema` names the document (`station-geojson/1`).
    public static func encode<T: Encodable>(_ records: [T], schema: String) throws -> [UInt8] {
        var out = FeatureCollectionFrame.opening()
        var orders = ContractJSON.KeyOrders()
        for (i, record) in records.enumerated() {
            let encoder = NodeEncoder()
            try record.encode(to: encoder)
            guard case .object(let box) = encoder.node else { continue }
            var properties = ContractJSON.ObjectBox()
            var (id, lat, lon): (ContractJSON.Node, ContractJSON.Node?, ContractJSON.Node?) = (.null, nil, nil)
            for m in box.members {
                switch m.key {
                case "lat": lat = m.value
                case "lon": lon = m.value
                case "id":
                    id = m.value
                    properties.members.append(m)
                default: properties.members.append(m)
                }
            }
            out += FeatureCollectionFrame.separator(before: i)
            out += "{\"geometry\":".utf8
            if case .literal(let y)? = lat, case .literal(let x)? = lon {
                out += "{\"coordinates\":[\(x),\(y)],\"type\":\"Point\"}".utf8
            } else {
                out += "null".utf8
            }
            // RFC 7946 §3.2: an id is a string or a number, else the member is left out.
            if case .null = id {
            } else {
                out += ",\"id\":".utf8
                ContractJSON.write(id, to: &out, orders: &orders)
            }
            out += ",\"properties\":".utf8
            ContractJSON.write(.object(properties), to: &out, orders: &orders)
            out += ",\"type\":\"Feature\"}".utf8
        }
        var member = Array("{\"schema\":".utf8)
        ContractJSON.string(schema, to: &member)
        member.append(UInt8(ascii: "}"))
        return out + FeatureCollectionFrame.closing(locate: member) + [UInt8(ascii: "\n")]
    }
}
