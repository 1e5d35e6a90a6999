/// Decodes one `PrimitiveBlock` (OSM PBF format, "OSMData"): the string table, then each
/// `PrimitiveGroup`'s DenseNodes, Nodes, Ways and Relations with their delta coding and the
/// block's granularity and lat/lon offsets. Only the objects the plan asks for are built;
/// the rest are counted. Tags are matched as string-table indices (each condition's key and
/// value looked up once per block), so unselected objects cost no string decoding.
struct PrimitiveBlockDecoder {
    private let plan: ScanPlan
    private var strings: [Range<Int>] = []
    private var bytes: UnsafeRawBufferPointer
    /// Per string index: bit j set when the string is condition j's key / value.
    private var keyBits: [UInt64] = []
    private var valueBits: [UInt64] = []
    private var anyValueBits: UInt64 = 0
    private var filterMasks: [UInt64] = []
    private var granularity: Int64 = 100
    private var latOffset: Int64 = 0
    private var lonOffset: Int64 = 0
    private var out = BlockContents()

    /// Decodes `bytes` (an inflated PrimitiveBlock) for `plan`.
    static func decode(_ bytes: UnsafeRawBufferPointer, plan: ScanPlan) throws(ProtoError) -> BlockContents {
        var decoder = PrimitiveBlockDecoder(plan: plan, bytes: bytes)
        try decoder.run()
        return decoder.out
    }

    private init(plan: ScanPlan, bytes: UnsafeRawBufferPointer) {
        self.plan = plan
        self.bytes = bytes
    }

    private mutating func run() throws(ProtoError) {
        // Fields may come in any order: the string table and scale first, groups after.
        var reader = ProtoReader(bytes)
        var groups: [ProtoReader] = []
        var sawStrings = false
        while let (number, type) = try reader.nextField() {
            switch (number, type) {
            case (1, .lengthDelimited):
                try readStringTable(try reader.message())
                sawStrings = true
            case (2, .lengthDelimited): groups.append(try reader.message())
            case (17, .varint):
                granularity = try reader.int64()
                guard granularity > 0, granularity <= 1_000_000_000 else {
                    throw ProtoError("granularity \(granularity) is not from 1 to 1e9")
                }
            case (19, .varint): latOffset = try reader.int64()
            case (20, .varint): lonOffset = try reader.int64()
            default: try reader.skip(type)
            }
        }
        guard sawStrings else { throw ProtoError("PrimitiveBlock has no string table") }
        prepareSelection()
        for var group in groups {
            while let (number, type) = try group.nextField() {
                guard type == .lengthDelimited else {
                    try group.skip(type)
                    continue
                }
                switch number {
                case 1: try readNode(try group.message())
                case 2: try readDense(try group.message())
                case 3: try readWay(try group.message())
                case 4: try readRelation(try group.message())
                default: try group.skip(type)
                }
            }
        }
    }

    private mutating func readStringTable(_ table: ProtoReader) throws(ProtoError) {
        var table = table
        while let (number, type) = try table.nextField() {
            guard number == 1, type == .lengthDelimited else {
                try table.skip(type)
                continue
            }
            strings.append(try table.range())
        }
    }

    private func string(_ index: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[strings[index]]), as: UTF8.self)
    }

    private func equals(_ index: Int, _ text: [UInt8]) -> Bool {
        let r = strings[index]
        guard r.count == text.count else { return false }
        return UnsafeRawBufferPointer(rebasing: bytes[r]).elementsEqual(text)
    }

    private mutating func prepareSelection() {
        guard let selection = plan.selection else { return }
        keyBits = Array(repeating: 0, count: strings.count)
        valueBits = Array(repeating: 0, count: strings.count)
        var bit = 0
        for filter in selection {
            var mask: UInt64 = 0
            for condition in filter {
                let b: UInt64 = 1 << UInt64(bit)
                bit += 1
                mask |= b
                let key = Array(condition.key.utf8)
                let value = condition.value.map { Array($0.utf8) }
                if value == nil { anyValueBits |= b }
                for i in strings.indices {
                    if equals(i, key) { keyBits[i] |= b }
                    if let value, equals(i, value) { valueBits[i] |= b }
                }
            }
            filterMasks.append(mask)
        }
    }

    /// Whether the tags given as string-table index pairs meet the plan's selection.
    private func selects(keys: [UInt32], values: [UInt32]) throws(ProtoError) -> Bool {
        guard !filterMasks.isEmpty else { return false }
        var satisfied: UInt64 = 0
        for (k, v) in zip(keys, values) {
            guard Int(k) < strings.count, Int(v) < strings.count else {
                throw ProtoError("tag string index \(max(k, v)) is past the string table (\(strings.count) entries)")
            }
            satisfied |= keyBits[Int(k)] & (valueBits[Int(v)] | anyValueBits)
        }
        return filterMasks.contains { $0 & satisfied == $0 }
    }

    private func tags(keys: [UInt32], values: [UInt32]) -> [OSMTag] {
        zip(keys, values).map { OSMTag(key: string(Int($0)), value: string(Int($1))) }
    }

    private func position(lat: Int64, lon: Int64) throws(ProtoError) -> OSMPosition {
        let (la, o1) = granularity.multipliedReportingOverflow(by: lat)
        let (lo, o2) = granularity.multipliedReportingOverflow(by: lon)
        let (latNano, o3) = latOffset.addingReportingOverflow(la)
        let (lonNano, o4) = lonOffset.addingReportingOverflow(lo)
        guard !(o1 || o2 || o3 || o4) else { throw ProtoError("a coordinate overflows 64 bits") }
        return OSMPosition(latitudeNano: latNano, longitudeNano: lonNano)
    }

    private mutating func noteNodeID(_ id: Int64) {
        out.nodeCount += 1
        if let r = out.nodeIDRange {
            if id < r.lowerBound {
                out.nodeIDRange = id...r.upperBound
            } else if id > r.upperBound {
                out.nodeIDRange = r.lowerBound...id
            }
        } else {
            out.nodeIDRange = id...id
        }
    }
}

extension PrimitiveBlockDecoder {
    fileprivate mutating func readNode(_ message: ProtoReader) throws(ProtoError) {
        var m = message
        var id: Int64? = nil
        var lat: Int64 = 0
        var lon: Int64 = 0
        var keys: [UInt32] = []
        var values: [UInt32] = []
        while let (number, type) = try m.nextField() {
            switch (number, type) {
            case (1, .varint): id = try m.signedVarint()
            case (2, _): try m.repeated(type, into: &keys) { UInt32(truncatingIfNeeded: $0) }
            case (3, _): try m.repeated(type, into: &values) { UInt32(truncatingIfNeeded: $0) }
            case (8, .varint): lat = try m.signedVarint()
            case (9, .varint): lon = try m.signedVarint()
            default: try m.skip(type)
            }
        }
        guard let id else { throw ProtoError("Node without id") }
        guard keys.count == values.count else { throw ProtoError("node \(id): \(keys.count) keys but \(values.count) values") }
        noteNodeID(id)
        let selected = try selects(keys: keys, values: values)
        if selected || plan.nodeIDs.contains(id) {
            out.nodes.append(
                OSMNode(
                    id: id, position: try position(lat: lat, lon: lon), tags: selected ? tags(keys: keys, values: values) : []))
        }
    }

    fileprivate mutating func readDense(_ message: ProtoReader) throws(ProtoError) {
        var m = message
        var ids: [Int64] = []
        var lats: [Int64] = []
        var lons: [Int64] = []
        var keysVals: [UInt32] = []
        while let (number, type) = try m.nextField() {
            switch number {
            case 1: try m.repeated(type, into: &ids, zigzag)
            case 8: try m.repeated(type, into: &lats, zigzag)
            case 9: try m.repeated(type, into: &lons, zigzag)
            case 10: try m.repeated(type, into: &keysVals) { UInt32(truncatingIfNeeded: $0) }
            default: try m.skip(type)
            }
        }
        guard ids.count == lats.count, ids.count == lons.count else {
            throw ProtoError("DenseNodes has \(ids.count) ids, \(lats.count) lats and \(lons.count) lons")
        }
        var id: Int64 = 0
        var lat: Int64 = 0
        var lon: Int64 = 0
        var kv = 0
        let wantsIDs = !plan.nodeIDs.isEmpty
        let selecting = !filterMasks.isEmpty
        var keys: [UInt32] = []
        var values: [UInt32] = []
        for i in ids.indices {
            id = id &+ ids[i]
            lat = lat &+ lats[i]
            lon = lon &+ lons[i]
            noteNodeID(id)
            keys.removeAll(keepingCapacity: true)
            values.removeAll(keepingCapacity: true)
            // keys_vals: (key, value)* 0 per node, or empty when no node has tags.
            if !keysVals.isEmpty {
                while true {
                    guard kv < keysVals.count else { throw ProtoError("DenseNodes keys_vals ends inside node \(id)") }
                    let k = keysVals[kv]
                    kv += 1
                    if k == 0 { break }
                    guard kv < keysVals.count else { throw ProtoError("DenseNodes keys_vals: key without value, node \(id)") }
                    if selecting {
                        keys.append(k)
                        values.append(keysVals[kv])
                    }
                    kv += 1
                }
            }
            let selected = selecting && !keys.isEmpty ? try selects(keys: keys, values: values) : false
            if selected || (wantsIDs && plan.nodeIDs.contains(id)) {
                out.nodes.append(
                    OSMNode(
                        id: id, position: try position(lat: lat, lon: lon),
                        tags: selected ? tags(keys: keys, values: values) : []))
            }
        }
    }

    fileprivate mutating func readWay(_ message: ProtoReader) throws(ProtoError) {
        var m = message
        var id: Int64? = nil
        var keys: [UInt32] = []
        var values: [UInt32] = []
        var refs: ProtoReader? = nil
        var refsType: ProtoReader.WireType = .lengthDelimited
        while let (number, type) = try m.nextField() {
            switch (number, type) {
            case (1, .varint): id = try m.int64()
            case (2, _): try m.repeated(type, into: &keys) { UInt32(truncatingIfNeeded: $0) }
            case (3, _): try m.repeated(type, into: &values) { UInt32(truncatingIfNeeded: $0) }
            case (8, .lengthDelimited):
                refs = try m.message()
                refsType = type
            default: try m.skip(type)
            }
        }
        guard let id else { throw ProtoError("Way without id") }
        guard keys.count == values.count else { throw ProtoError("way \(id): \(keys.count) keys but \(values.count) values") }
        out.wayCount += 1
        let selected = try selects(keys: keys, values: values)
        guard selected || plan.wayIDs.contains(id) else { return }
        var nodeIDs: [Int64] = []
        if var r = refs, refsType == .lengthDelimited {
            var ref: Int64 = 0
            while !r.isAtEnd {
                ref = ref &+ (try r.signedVarint())
                nodeIDs.append(ref)
            }
        }
        out.ways.append(OSMWay(id: id, tags: selected ? tags(keys: keys, values: values) : [], nodeIDs: nodeIDs))
    }

    fileprivate mutating func readRelation(_ message: ProtoReader) throws(ProtoError) {
        var m = message
        var id: Int64? = nil
        var keys: [UInt32] = []
        var values: [UInt32] = []
        var roles: [UInt32] = []
        var memberIDs: [Int64] = []
        var types: [UInt64] = []
        while let (number, type) = try m.nextField() {
            switch (number, type) {
            case (1, .varint): id = try m.int64()
            case (2, _): try m.repeated(type, into: &keys) { UInt32(truncatingIfNeeded: $0) }
            case (3, _): try m.repeated(type, into: &values) { UInt32(truncatingIfNeeded: $0) }
            case (8, _): try m.repeated(type, into: &roles) { UInt32(truncatingIfNeeded: $0) }
            case (9, _): try m.repeated(type, into: &memberIDs, zigzag)
            case (10, _): try m.repeated(type, into: &types) { $0 }
            default: try m.skip(type)
            }
        }
        guard let id else { throw ProtoError("Relation without id") }
        guard keys.count == values.count else {
            throw ProtoError("relation \(id): \(keys.count) keys but \(values.count) values")
        }
        out.relationCount += 1
        guard try selects(keys: keys, values: values) else { return }
        guard roles.count == memberIDs.count, types.count == memberIDs.count else {
            throw ProtoError("relation \(id): \(roles.count) roles, \(memberIDs.count) member ids, \(types.count) types")
        }
        var members: [OSMMember] = []
        var memberID: Int64 = 0
        for i in memberIDs.indices {
            memberID = memberID &+ memberIDs[i]
            guard let t = OSMType(rawValue: Int(truncatingIfNeeded: types[i])), types[i] <= 2 else {
                throw ProtoError("relation \(id): member type \(types[i]) is not 0, 1 or 2")
            }
            guard Int(roles[i]) < strings.count else { throw ProtoError("relation \(id): role index past the string table") }
            members.append(OSMMember(type: t, id: memberID, role: string(Int(roles[i]))))
        }
        out.relations.append(OSMRelation(id: id, tags: tags(keys: keys, values: values), members: members))
    }
}
