internal import CSpatial

/// The PROJ coordinate operation a `Reprojector` applied, as recorded in ingest runs.
public struct ProjOperation: Sendable, Hashable, Codable {
    /// PROJ's description, such as `Inverse of Krovak East North + S-JTSK to WGS 84 (1)`.
    public var description: String
    /// Accuracy in metres as PROJ reports it, or nil when unknown (PROJ answers −1).
    public var accuracyMeters: Double?

    /// Creates an operation record.
    public init(description: String, accuracyMeters: Double?) {
        self.description = description
        self.accuracyMeters = accuracyMeters
    }
}

/// Transforms coordinates from a source CRS to WGS84 lon/lat with the PROJ C API
/// (`proj_create_crs_to_crs` with an area of interest, then
/// `proj_normalize_for_visualization`, so output is always longitude, latitude).
///
/// Owns a PROJ context and operation: create it once per ingest (creation costs tens of
/// milliseconds) and use it from one task only.
public final class Reprojector {
    private let context: OpaquePointer
    private let operation: OpaquePointer
    /// The source CRS.
    public let source: CRS
    /// True when source is WGS84 already: `transform` is then the identity.
    public let isIdentity: Bool

    /// Creates the operation from `source` to WGS84 for points inside `area` (degrees).
    /// Throws `GeoError.unknownCRS` when PROJ does not know the code.
    public init(from source: CRS, area: BoundingBox?) throws {
        self.source = source
        self.isIdentity = source == .wgs84
        guard let ctx = proj_context_create() else {
            throw GeoError.noOperation(from: source, to: .wgs84, reason: "cannot create a PROJ context")
        }
        proj_log_level(ctx, PJ_LOG_NONE)
        // Check the source code alone first so the message says which CRS is unknown.
        guard let crs = proj_create(ctx, "EPSG:\(source.epsg)") else {
            let reason = Reprojector.lastError(ctx)
            proj_context_destroy(ctx)
            throw GeoError.unknownCRS(source, reason: reason)
        }
        proj_destroy(crs)
        var pjArea: OpaquePointer? = nil
        if let area {
            pjArea = proj_area_create()
            proj_area_set_bbox(pjArea, area.minLongitude, area.minLatitude, area.maxLongitude, area.maxLatitude)
        }
        let raw = proj_create_crs_to_crs(ctx, "EPSG:\(source.epsg)", "EPSG:\(CRS.wgs84.epsg)", pjArea)
        if let pjArea { proj_area_destroy(pjArea) }
        guard let raw else {
            let reason = Reprojector.lastError(ctx)
            proj_context_destroy(ctx)
            throw GeoError.noOperation(from: source, to: .wgs84, reason: reason)
        }
        guard let normalized = proj_normalize_for_visualization(ctx, raw) else {
            let reason = Reprojector.lastError(ctx)
            proj_destroy(raw)
            proj_context_destroy(ctx)
            throw GeoError.noOperation(from: source, to: .wgs84, reason: reason)
        }
        proj_destroy(raw)
        self.context = ctx
        self.operation = normalized
    }

    deinit {
        proj_destroy(operation)
        proj_context_destroy(context)
    }

    /// Transforms one source position (x/easting, y/northing in the source's
    /// normalised axis order; lon, lat for geographic CRS) to WGS84. Returns nil when PROJ
    /// fails for this point (for example, outside the operation's domain).
    public func transform(x: Double, y: Double) -> Coordinate? {
        if isIdentity { return Coordinate(latitude: y, longitude: x) }
        var c = PJ_COORD()
        c.xyzt = PJ_XYZT(x: x, y: y, z: 0, t: Double.infinity)
        let out = proj_trans(operation, PJ_FWD, c)
        let lon = out.xy.x
        let lat = out.xy.y
        guard lon.isFinite, lat.isFinite, lon != Double.infinity else { return nil }
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// The operation PROJ applied for the most recent `transform`, or nil before the first.
    public func lastUsedOperation() -> ProjOperation? {
        if isIdentity { return ProjOperation(description: "identity (source is WGS 84)", accuracyMeters: 0) }
        guard let op = proj_trans_get_last_used_operation(operation) else { return nil }
        defer { proj_destroy(op) }
        let info = proj_pj_info(op)
        let text = info.description.map { String(cString: $0) } ?? "unnamed operation"
        let accuracy = proj_coordoperation_get_accuracy(context, op)
        return ProjOperation(description: text, accuracyMeters: accuracy < 0 ? nil : accuracy)
    }

    private static func lastError(_ ctx: OpaquePointer) -> String {
        let code = proj_context_errno(ctx)
        guard code != 0, let msg = proj_context_errno_string(ctx, code) else { return "PROJ gave no reason" }
        return String(cString: msg).lowercased()
    }
}
