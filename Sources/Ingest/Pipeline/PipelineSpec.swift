public import Geo
public import Places

/// A declarative pipeline (`pipelines/*.yml`), decoded and checked completely before any
/// side effect. docs/pipelines.md, "Pipeline file reference", documents every key.
public struct PipelineSpec: Sendable, Equatable {
    /// What the records are.
    public enum Kind: String, Sendable, CaseIterable {
        /// Public toilets.
        case toilets
        /// Air-quality stations (GIOŚ station lists).
        case stations
        /// Sensors, measurements and the air-quality index of the stations of `dataset`
        /// (GIOŚ legacy or v1 API: live, replayed, or a folder of answers).
        case air
    }

    /// Input formats.
    public enum Format: String, Sendable, CaseIterable {
        /// GeoJSON FeatureCollection (RFC 7946, or legacy GeoJSON 2008 with a `crs` member).
        case geojson
        /// GIOŚ legacy API (`…/pjp-api/rest`): `station/findAll` is a JSON array with
        /// coordinates as strings; sensors, data and index answers in English keys.
        case giosLegacy = "gios-legacy"
        /// GIOŚ v1 API (`…/pjp-api/v1/rest`): JSON-LD with Polish keys, paged (`totalPages`).
        case giosV1 = "gios-v1"
        /// GeoJSON as Overpass turbo and osmtogeojson write OpenStreetMap data: tags as
        /// properties, the OSM id (`node/123`) in `@id` or the feature's `id`.
        case osmGeoJSON = "osm-geojson"
        /// Overpass API JSON (`[out:json]`): `elements` with `type`, `id`, `lat`/`lon` for
        /// nodes and `center` for ways and relations (`out center tags`), tags in `tags`.
        case overpass
        /// An OpenStreetMap PBF extract (`.osm.pbf`, OSM wiki "PBF Format"): the objects
        /// `source.filters` select, ways and multipolygons placed at one point inside.
        case osmPBF = "osm-pbf"
        /// OpenAQ API v3 (docs.openaq.org): `/v3/locations` pages (stations with their
        /// sensors) and, for air pipelines, each location's latest values and its sensors'
        /// measurements, with flags and coverage; live with an API key, replayed, or a folder.
        case openaq

        /// Formats of toilet records.
        public static let toiletFormats: [Format] = [.geojson, .osmGeoJSON, .overpass, .osmPBF]

        /// OpenStreetMap formats: ids are OSM ids (`node/123`), coordinates WGS84.
        public var isOSM: Bool { self == .osmGeoJSON || self == .overpass || self == .osmPBF }
    }

    /// How a record gets its stable id.
    public enum IDRule: Sendable, Equatable {
        /// The value of this property is the id (such as `globalid`).
        case field(String)
        /// No stable key in the source: the id is derived from these properties plus the
        /// position (see docs/pipelines.md, "Stable ids").
        case derived(fields: [String])
    }

    /// Tag conventions a pipeline can start from (`profile:`); its `fields:` keys override
    /// the profile's.
    public enum Profile: String, Sendable, CaseIterable {
        /// OpenStreetMap tags of `amenity=toilets` (OSM wiki, Tag:amenity=toilets): see
        /// `FieldMap.osm`.
        case osm
    }

    /// Which source property feeds each field of our model (nil: the source has none). A
    /// value with `{…}` is a template of several properties (`FieldTemplate`).
    public struct FieldMap: Sendable, Equatable {
        /// Display name.
        public var name: String?
        /// Address.
        public var address: String?
        /// Opening hours text.
        public var hours: String?
        /// Price text.
        public var price: String?
        /// Wheelchair access.
        public var wheelchair: String?
        /// Type of toilet.
        public var kind: String?
        /// Detailed location.
        public var locationDetail: String?
        /// Who may use it, in OSM `access` values.
        public var access: String? = nil
        /// The attributes of the field table (`ToiletAttribute`), by attribute: the source
        /// field of each one the source has.
        public var attributes: [ToiletAttribute: String] = [:]
        /// OSM `gender_segregated` (`yes`/`no`): `no` makes the toilet gender-neutral, `yes`
        /// not (read before `unisex`; OSM wiki, Key:gender_segregated).
        public var genderSegregated: String? = nil
        /// OSM `fee` (`yes`, `no`, `donation`, or an amount): the price read by the OSM rules
        /// (`OSMPrice`) instead of `price`'s free text.
        public var fee: String? = nil
        /// OSM `charge` (`0.50 EUR`), the amount when `fee=yes`.
        public var charge: String? = nil

        /// The source field of `a`, nil when the source has none.
        public subscript(attribute a: ToiletAttribute) -> String? {
            get { attributes[a] }
            set { attributes[a] = newValue }
        }

        /// Every key of `fields:`, in pipeline-reference order, with the member it sets: the
        /// fixed fields, `access`, every attribute of the field table by its key, then the OSM
        /// price and gender fields.
        public static var keys: [(key: String, path: WritableKeyPath<FieldMap, String?>)] {
            [
                ("name", \.name), ("address", \.address), ("hours", \.hours), ("price", \.price),
                ("wheelchair", \.wheelchair), ("kind", \.kind), ("location_detail", \.locationDetail),
                ("access", \.access),
            ] + ToiletAttribute.ordered.map { a in (a.key, \FieldMap.[attribute: a]) }
                + [("gender_segregated", \.genderSegregated), ("fee", \.fee), ("charge", \.charge)]
        }

        /// `profile: osm`: the OSM tags of `amenity=toilets`. The address is the template
        /// `{addr:street} {addr:housenumber}, {addr:city}`; the price comes from `fee` and
        /// `charge`.
        public static let osm = FieldMap(
            name: "name", address: "{addr:street} {addr:housenumber}, {addr:city}", hours: "opening_hours", price: nil,
            wheelchair: "wheelchair", kind: nil, locationDetail: nil, access: "access",
            attributes: Dictionary(uniqueKeysWithValues: ToiletAttribute.ordered.compactMap { a in a.osmTag.map { (a, $0) } }),
            genderSegregated: "gender_segregated", fee: "fee", charge: "charge")
    }

    /// The pipeline's name (defaults to the file name without extension).
    public var name: String
    /// Record kind.
    public var kind: Kind
    /// Dataset the records belong to: ids are unique and retirement happens within it.
    public var dataset: String
    /// Local path (resolved against the pipeline file's folder) or http(s) URL.
    public var source: String
    /// Input format.
    public var format: Format
    /// Source CRS when the pipeline states it; otherwise the input's `crs` member, or WGS84.
    public var crs: CRS?
    /// IANA time zone of the places.
    public var timeZone: String
    /// ISO 3166-1 country of the places, for public holidays in opening hours.
    public var country: String?
    /// Licence of the data.
    public var licence: String?
    /// Attribution the licence requires.
    public var attribution: String?
    /// Stable id rule.
    public var id: IDRule
    /// Field mapping (the profile's, overridden by `fields:`).
    public var fields: FieldMap
    /// The tag profile the mapping started from (`profile:`), when given.
    public var profile: Profile? = nil
    /// Valid points must fall in this box (WGS84 degrees).
    public var region: BoundingBox
    /// Air pipelines: only these station ids (nil: every active station of `dataset`).
    public var stations: [String]? = nil
    /// The day the source published this input (`released: YYYY-MM-DD`), when stated: a run
    /// older than the dataset's newest run warns.
    public var released: String? = nil
    /// The largest share (0...1) of a dataset's active records one run may retire
    /// (`max_retire_share:`); nil: the runner's default, 0.5.
    public var maxRetireShare: Double? = nil
    /// `source.changes` (`osm-pbf` only): the folder of replication diffs `locate ingest`
    /// applies (absolute, resolved against the pipeline file's folder).
    public var changesFolder: String? = nil
    /// Overpass pipelines read from a `url` (the interpreter): what to ask for (`source.filters`,
    /// `source.query_timeout`; by default `OverpassQuery.standard`).
    public var overpass: OverpassQuery = .standard
    /// OpenAQ pipelines: what to select and how hard to ask (`source.select`, `source.max_pages`, …).
    public var openAQ = OpenAQOptions()
    /// The pipeline file this spec was decoded from (for messages), when known.
    public var origin: String? = nil
    /// 1-based lines of the mapping keys in the pipeline file: `fields.hours`, `id.field`,
    /// `id.derive`.
    public var keyLines: [String: Int] = [:]

    /// Every source property the pipeline reads, with its pipeline key (`fields.hours`,
    /// `id.field`, `id.derive`), in pipeline order. With a profile only the keys the file
    /// writes are listed (a profile's tags are optional); templates are never listed (their
    /// parts are optional by design).
    public var mappedProperties: [(key: String, property: String)] {
        var out: [(String, String)] = []
        switch id {
        case .field(let f): out.append(("id.field", f))
        case .derived(let fs): out += fs.map { ("id.derive", $0) }
        }
        for (k, path) in FieldMap.keys {
            guard let v = fields[keyPath: path], !FieldTemplate.isTemplate(v) else { continue }
            if profile != nil && keyLines["fields." + k] == nil { continue }
            out.append(("fields." + k, v))
        }
        return out
    }
}

/// A release date as pipelines write it: `YYYY-MM-DD`, a real day of the Gregorian calendar.
enum ReleaseDate {
    static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), (1...12).contains(m), d >= 1
        else { return false }
        let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
        return d <= days
    }
}

/// What an `openaq` pipeline selects and the bounds of its requests (docs/pipelines.md,
/// "OpenAQ"). The region is sent as the `bbox` of the location list.
public struct OpenAQOptions: Sendable, Equatable {
    /// `source.select.country`: ISO 3166-1 alpha-2 code, sent as `iso` and checked on every location.
    public var country: String? = nil
    /// `source.select.providers`: OpenAQ provider ids, sent as `providers_id` and checked.
    public var providers: [Int64]? = nil
    /// `source.select.parameters`: OpenAQ parameter names (`pm25`, `no2`); a location without
    /// a sensor of one is not selected, and air runs read only these sensors.
    public var parameters: [String] = OpenAQOptions.defaultParameters
    /// `source.max_pages`: most pages one list may take; a list with more fails the run.
    public var maxPages = 10
    /// `source.max_requests`: most requests one run may make; a run needing more fails
    /// before it writes anything.
    public var maxRequests = 300
    /// `source.requests_per_minute`: the pace of a live run (OpenAQ allows 60 with a key).
    public var requestsPerMinute = 60.0
    /// `source.history_hours` (air): hours of measurements read per sensor, ending at its
    /// latest value (0: the latest values only).
    public var historyHours = 24

    /// The parameters read by default: the EAQI's five and CO.
    public static let defaultParameters = ["pm25", "pm10", "no2", "o3", "so2", "co"]
    /// Results asked for per page (the API's largest page).
    public static let pageLimit = 1000

    /// The default options.
    public init() {}
}
