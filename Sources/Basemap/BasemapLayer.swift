public import OSMPBF

/// What the basemap draws, in drawing order (each layer over the ones before it): green and
/// blue areas, then water lines, paths, streets, main roads and railways. The tags follow the
/// OSM wiki's map features (`highway`, `railway`, `waterway`, `natural`, `leisure`, `landuse`)
/// as the OpenStreetMap standard style groups them.
public enum BasemapLayer: String, CaseIterable, Sendable, Comparable {
    /// Parks, gardens, grass, woods, cemeteries: closed ways, filled.
    case park
    /// Lakes, ponds, reservoirs, riverbanks: closed ways, filled.
    case water
    /// Rivers, streams, canals, and the coastline (drawn as a shore line: the sea polygon
    /// needs the whole coastline, which an extract does not have).
    case waterway
    /// Footways, paths, cycleways, steps, tracks, bridleways.
    case path
    /// Residential, unclassified, living and service streets, pedestrian zones.
    case minor
    /// Motorways, trunk, primary, secondary and tertiary roads and their links.
    case major
    /// Railways and tramways above ground.
    case rail

    /// Whether the layer is filled (closed ways only).
    public var isArea: Bool { self == .park || self == .water }

    /// Whether the layer's ways carry their `name` into the shards (street labels).
    public var keepsNames: Bool { self == .major || self == .minor }

    /// Its place in drawing order.
    var order: Int {
        switch self {
        case .park: 0
        case .water: 1
        case .waterway: 2
        case .path: 3
        case .minor: 4
        case .major: 5
        case .rail: 6
        }
    }

    /// Drawing order.
    public static func < (a: BasemapLayer, b: BasemapLayer) -> Bool { a.order < b.order }

    static let majorValues: Set<String> = [
        "motorway", "trunk", "primary", "secondary", "tertiary", "motorway_link", "trunk_link", "primary_link",
        "secondary_link", "tertiary_link",
    ]
    static let minorValues: Set<String> = ["residential", "unclassified", "living_street", "service", "pedestrian", "road"]
    static let pathValues: Set<String> = ["footway", "path", "cycleway", "steps", "track", "bridleway"]
    static let railValues: Set<String> = ["rail", "tram", "light_rail", "narrow_gauge"]
    static let waterwayValues: Set<String> = ["river", "stream", "canal"]
    static let waterValues: [String: Set<String>] = [
        "natural": ["water"], "waterway": ["riverbank"], "landuse": ["reservoir", "basin"],
    ]
    static let parkValues: [String: Set<String>] = [
        "leisure": ["park", "garden", "playground", "pitch"],
        "landuse": ["grass", "forest", "meadow", "recreation_ground", "cemetery", "village_green"],
        "natural": ["wood", "scrub", "grassland"],
    ]

    /// The selection that reads every way a layer may draw: one condition per key (values are
    /// sorted out by `of(tags:closed:)`).
    public static let selection: [[TagCondition]] = ["highway", "railway", "waterway", "natural", "leisure", "landuse"]
        .map { [TagCondition(key: $0, value: nil)] }

    /// The layer a way with `tags` belongs to, or nil when the basemap does not draw it. An
    /// area tag counts only on a `closed` way; a line in a tunnel or an area tagged
    /// `area=no`-style is left to the line layers. Highways come first: a street along a park's
    /// edge is a street.
    public static func of(tags: [OSMTag], closed: Bool) -> BasemapLayer? {
        var value: [String: String] = [:]
        for t in tags { value[t.key] = t.value }
        if value["tunnel"].map({ $0 != "no" }) ?? false { return nil }
        if let h = value["highway"] {
            if majorValues.contains(h) { return .major }
            if minorValues.contains(h) { return .minor }
            if pathValues.contains(h) { return .path }
        }
        if let r = value["railway"], railValues.contains(r) { return .rail }
        if closed {
            for (key, values) in waterValues where value[key].map(values.contains) ?? false { return .water }
            for (key, values) in parkValues where value[key].map(values.contains) ?? false { return .park }
        }
        if let w = value["waterway"], waterwayValues.contains(w) { return .waterway }
        if value["natural"] == "coastline" { return .waterway }
        return nil
    }
}
