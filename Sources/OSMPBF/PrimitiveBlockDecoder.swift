/// Decodes one `PrimitiveBlock` (OSM PBF format, "OSMData"): the string table, then each
/// `PrimitiveGroup`'s DenseNodes, Nodes, Ways and Relations with their delta coding and the
/// block's granularity and lat/lon offsets. Only the objects the plan asks for are built;
/// the rest are counted. Tags are matched as string-table indices (each condition's key and
/// value looked up once per block), so unselected objects cost no string decoding.
///
/// Memory: what a block costs once decoded is counted as it is allocated (the string table's
/// index, the selection bits, the per-object tag indices, and every object and string the
/// block hands on) against `maxDecodedBytes`, so a small block cannot cost gigabytes (a
/// string table entry referenced by a million tags is a million strings). DenseNodes are read
/// in step from their packed fields, without arrays of their own.
struct PrimitiveBlockDecoder {
    /// What one block may cost after decoding, counted as above (16 MiB). Blocks as osmium
    /// and osmosis write them (8,000 objects) cost about 1 MiB.
    static let maxDecodedBytes = 16 * 1024 * 1024

    private let plan: ScanPlan
    /// Bytes of `maxDecodedBytes` not yet spent.
    private var budget = PrimitiveBlockDecoder.maxDecodedBytes
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

    /// Decodes `bytes` (an inflated PrimitiveBlock) for `plan`, spending at most `budget` bytes.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, plan: ScanPlan, budget: Int = maxDecodedBytes
    ) throws(ProtoError) -> BlockContents {
        var decoder = PrimitiveBlockDecoder(plan: plan, bytes: bytes, budget: budget)
        try decoder.run()
        return decoder.out
    }

    private init(plan: ScanPlan, bytes: UnsafeRawBufferPointer, budget: Int) {
        self.plan = plan
        self.bytes = bytes
        self.budget = budget
    }

    /// Spends `count` bytes of the budget before they are allocated.
    private mutating func spend(_ count: Int) throws(ProtoError) {
        guard count <= budget else {
            throw ProtoError(
                "the block costs more than \(PrimitiveBlockDecoder.maxDecodedBytes) bytes once decoded "
                    + "(strings, tags and objects), over the reader's limit", overBudget: true)
        }
        budget -= count
    }

    /// Spends `count` bytes on what the block hands on (objects, tags, strings), counted in
    /// `BlockContents.keptBytes` too: what a scan keeps of every block adds up (`SelectionReader`).
    private mutating func keep(_ count: Int) throws(ProtoError) {
        try spend(count)
        out.keptBytes += count
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
            case (2, .lengthDelimited):
                try spend(MemoryLayout<ProtoReader>.stride)
                groups.append(try reader.message())
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
        try prepareSelection()
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
            try spend(MemoryLayout<Range<Int>>.stride)
            strings.append(try table.range())
        }
    }

    /// String `index` of the table, its bytes spent first (with a `String`'s own 16).
    private mutating func string(_ index: Int) throws(ProtoError) -> String {
        let range = strings[index]
        try keep(range.count + MemoryLayout<String>.stride)
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private func equals(_ index: Int, _ text: [UInt8]) -> Bool {
        let r = strings[index]
        guard r.count == text.count else { return false }
        return UnsafeRawBufferPointer(rebasing: bytes[r]).elementsEqual(text)
    }

    private mutating func prepareSelection() throws(ProtoError) {
        guard let selection = plan.selection else { return }
        try spend(strings.count * 2 * MemoryLayout<UInt64>.stride)
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

    private mutating func tags(keys: [UInt32], values: [UInt32]) throws(ProtoError) -> [OSMTag] {
        try keep(keys.count * MemoryLayout<OSMTag>.stride)
        var out: [OSMTag] = []
        out.reserveCapacity(keys.count)
        for (k, v) in zip(keys, values) { out.append(OSMTag(key: try string(Int(k)), value: try string(Int(v)))) }
        return out
    }

    /// Reads a repeated number field into `out` (see `ProtoReader.repeated`), its elements
    /// spent first: a packed field's byte count bounds how many it holds.
    private mutating func repeated<T>(
        _ m: inout ProtoReader, _ type: ProtoReader.WireType, into out: inout [T], _ transform: (UInt64) -> T
    ) throws(ProtoError) {
        var probe = m
        let count = type == .lengthDelimited ? try probe.message().remaining : 1
        try spend(count * MemoryLayout<T>.stride)
        try m.repeated(type, into: &out, transform)
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
            case (2, _): try repeated(&m, type, into: &keys) { UInt32(truncatingIfNeeded: $0) }
            case (3, _): try repeated(&m, type, into: &values) { UInt32(truncatingIfNeeded: $0) }
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
            try keep(MemoryLayout<OSMNode>.stride)
            out.nodes.append(
                OSMNode(
                    id: id, position: try position(lat: lat, lon: lon),
                    tags: selected ? try tags(keys: keys, values: values) : []))
        }
    }

    fileprivate mutating func readDense(_ message: ProtoReader) throws(ProtoError) {
        // The packed fields are read in step: id, lat and lon of node i, then its keys_vals.
        var m = message
        var ids = ProtoReader.empty
        var lats = ProtoReader.empty
        var lons = ProtoReader.empty
        var keysVals = ProtoReader.empty
        while let (number, type) = try m.nextField() {
            switch (number, type) {
            case (1, .lengthDelimited): ids = try m.message()
            case (8, .lengthDelimited): lats = try m.message()
            case (9, .lengthDelimited): lons = try m.message()
            case (10, .lengthDelimited): keysVals = try m.message()
            case (1, _), (8, _), (9, _), (10, _): throw ProtoError("DenseNodes field \(number) is not packed")
            default: try m.skip(type)
            }
        }
        let count = ids.varintCount
        guard count == lats.varintCount, count == lons.varintCount else {
            throw ProtoError("DenseNodes has \(count) ids, \(lats.varintCount) lats and \(lons.varintCount) lons")
        }
        var id: Int64 = 0
        var lat: Int64 = 0
        var lon: Int64 = 0
        let hasTags = !keysVals.isAtEnd
        let wantsIDs = !plan.nodeIDs.isEmpty
        let selecting = !filterMasks.isEmpty
        var keys: [UInt32] = []
        var values: [UInt32] = []
        for _ in 0..<count {
            id = id &+ (try ids.signedVarint())
            lat = lat &+ (try lats.signedVarint())
            lon = lon &+ (try lons.signedVarint())
            noteNodeID(id)
            keys.removeAll(keepingCapacity: true)
            values.removeAll(keepingCapacity: true)
            // keys_vals: (key, value)* 0 per node, or empty when no node has tags.
            if hasTags {
                while true {
                    guard !keysVals.isAtEnd else { throw ProtoError("DenseNodes keys_vals ends inside node \(id)") }
                    let k = UInt32(truncatingIfNeeded: try keysVals.varint())
                    if k == 0 { break }
                    guard !keysVals.isAtEnd else { throw ProtoError("DenseNodes keys_vals: key without value, node \(id)") }
                    let v = UInt32(truncatingIfNeeded: try keysVals.varint())
                    if selecting {
                        if keys.count == keys.capacity { try spend(2 * 2 * max(keys.count, 8) * MemoryLayout<UInt32>.stride) }
                        keys.append(k)
                        values.append(v)
                    }
                }
            }
            let selected = selecting && !keys.isEmpty ? try selects(keys: keys, values: values) : false
            if selected || (wantsIDs && plan.nodeIDs.contains(id)) {
                try keep(MemoryLayout<OSMNode>.stride)
                out.nodes.append(
                    OSMNode(
                        id: id, position: try position(lat: lat, lon: lon),
                        tags: selected ? try tags(keys: keys, values: values) : []))
            }
        }
        guard ids.isAtEnd, lats.isAtEnd, lons.isAtEnd else { throw ProtoError("DenseNodes: a packed field ends inside a varint") }
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
            case (2, _): try repeated(&m, type, into: &keys) { UInt32(truncatingIfNeeded: $0) }
            case (3, _): try repeated(&m, type, into: &values) { UInt32(truncatingIfNeeded: $0) }
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
            try keep(MemoryLayout<OSMWay>.stride + r.varintCount * MemoryLayout<Int64>.stride)
            var ref: Int64 = 0
            while !r.isAtEnd {
                ref = ref &+ (try r.signedVarint())
                nodeIDs.append(ref)
            }
        }
        out.ways.append(OSMWay(id: id, tags: selected ? try tags(keys: keys, values: values) : [], nodeIDs: nodeIDs))
    }

    fileprivate mutating func readRelation(_ message: ProtoReader) throws(ProtoError) {
        var m = message
        var id: Int64? = nil
        var keys: [UInt32] = []
        var values: [UInt32] = []
        // Members are read only for a selected relation (roles, ids, types: fields 8, 9, 10).
        var memberFields: [(Int, ProtoReader.WireType, ProtoReader)] = []
        while let (number, type) = try m.nextField() {
            switch (number, type) {
            case (1, .varint): id = try m.int64()
            case (2, _): try repeated(&m, type, into: &keys) { UInt32(truncatingIfNeeded: $0) }
            case (3, _): try repeated(&m, type, into: &values) { UInt32(truncatingIfNeeded: $0) }
            case (8, _), (9, _), (10, _):
                try spend(MemoryLayout<(Int, ProtoReader.WireType, ProtoReader)>.stride)
                memberFields.append((number, type, m))
                try m.skip(type)
            default: try m.skip(type)
            }
        }
        guard let id else { throw ProtoError("Relation without id") }
        guard keys.count == values.count else {
            throw ProtoError("relation \(id): \(keys.count) keys but \(values.count) values")
        }
        out.relationCount += 1
        guard try selects(keys: keys, values: values) else { return }
        var roles: [UInt32] = []
        var memberIDs: [Int64] = []
        var types: [UInt64] = []
        for (number, type, reader) in memberFields {
            var r = reader
            switch number {
            case 8: try repeated(&r, type, into: &roles) { UInt32(truncatingIfNeeded: $0) }
            case 9: try repeated(&r, type, into: &memberIDs, zigzag)
            default: try repeated(&r, type, into: &types) { $0 }
            }
        }
        guard roles.count == memberIDs.count, types.count == memberIDs.count else {
            throw ProtoError("relation \(id): \(roles.count) roles, \(memberIDs.count) member ids, \(types.count) types")
        }
        try keep(MemoryLayout<OSMRelation>.stride + memberIDs.count * MemoryLayout<OSMMember>.stride)
        var members: [OSMMember] = []
        var memberID: Int64 = 0
        for i in memberIDs.indices {
            memberID = memberID &+ memberIDs[i]
            guard let t = OSMType(rawValue: Int(truncatingIfNeeded: types[i])), types[i] <= 2 else {
                throw ProtoError("relation \(id): member type \(types[i]) is not 0, 1 or 2")
            }
            guard Int(roles[i]) < strings.count else { throw ProtoError("relation \(id): role index past the string table") }
            members.append(OSMMember(type: t, id: memberID, role: try string(Int(roles[i]))))
        }
        out.relations.append(OSMRelation(id: id, tags: try tags(keys: keys, values: values), members: members))
    }
}
