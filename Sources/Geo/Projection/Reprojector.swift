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
/// PROJ is loaded with `dlopen` here, and only when the source is not WGS84 already
/// (`ProjLibrary`); without it, creation throws `GeoError.projUnavailable`.
///
/// Owns a PROJ context and operation: create it once per ingest (creation costs tens of
/// milliseconds) and use it from one task only.
public final class Reprojector {
    /// The PROJ objects of a real (non-identity) transformation.
    private struct Proj {
        let library: ProjLibrary
        let context: OpaquePointer
        let operation: OpaquePointer
    }

    private let proj: Proj?
    /// The source CRS.
    public let source: CRS
    /// True when source is WGS84 already: `transform` is then the identity, and PROJ is not
    /// loaded.
    public var isIdentity: Bool { proj == nil }

    /// Creates the operation from `source` to WGS84 for points inside `area` (degrees).
    /// Throws `GeoError.unknownCRS` when PROJ does not know the code, and
    /// `GeoError.projUnavailable` when PROJ cannot be loaded.
    public convenience init(from source: CRS, area: BoundingBox?) throws {
        try self.init(from: source, area: area, libraryNames: ProjLibrary.names)
    }

    /// As `init(from:area:)`, loading PROJ from the first of `libraryNames` that opens.
    init(from source: CRS, area: BoundingBox?, libraryNames: [String]) throws(GeoError) {
        self.source = source
        if source == .wgs84 {
            proj = nil
            return
        }
        let lib = try ProjLibrary(names: libraryNames, for: source)
        guard let ctx = lib.contextCreate() else {
            throw GeoError.noOperation(from: source, to: .wgs84, reason: "cannot create a PROJ context")
        }
        _ = lib.logLevel(ctx, PJ_LOG_NONE)
        // Check the source code alone first so the message says which CRS is unknown.
        guard let crs = lib.create(ctx, "EPSG:\(source.epsg)") else {
            let reason = lib.lastError(ctx)
            _ = lib.contextDestroy(ctx)
            throw GeoError.unknownCRS(source, reason: reason)
        }
        _ = lib.destroy(crs)
        var pjArea: OpaquePointer? = nil
        if let area {
            pjArea = lib.areaCreate()
            lib.areaSetBBox(pjArea, area.minLongitude, area.minLatitude, area.maxLongitude, area.maxLatitude)
        }
        let raw = lib.createCRSToCRS(ctx, "EPSG:\(source.epsg)", "EPSG:\(CRS.wgs84.epsg)", pjArea)
        if let pjArea { lib.areaDestroy(pjArea) }
        guard let raw else {
            let reason = lib.lastError(ctx)
            _ = lib.contextDestroy(ctx)
            throw GeoError.noOperation(from: source, to: .wgs84, reason: reason)
        }
        guard let normalized = lib.normalizeForVisualization(ctx, raw) else {
            let reason = lib.lastError(ctx)
            _ = lib.destroy(raw)
            _ = lib.contextDestroy(ctx)
            throw GeoError.noOperation(from: source, to: .wgs84, reason: reason)
        }
        _ = lib.destroy(raw)
        proj = Proj(library: lib, context: ctx, operation: normalized)
    }

    deinit {
        if let proj {
            _ = proj.library.destroy(proj.operation)
            _ = proj.library.contextDestroy(proj.context)
        }
    }

    /// Transforms one source position (x/easting, y/northing in the source's
    /// normalised axis order; lon, lat for geographic CRS) to WGS84. Returns nil when PROJ
    /// fails for this point (for example, outside the operation's domain).
    public func transform(x: Double, y: Double) -> Coordinate? {
        guard let proj else { return Coordinate(latitude: y, longitude: x) }
        var c = PJ_COORD()
        c.xyzt = PJ_XYZT(x: x, y: y, z: 0, t: Double.infinity)
        let out = proj.library.trans(proj.operation, PJ_FWD, c)
        let lon = out.xy.x
        let lat = out.xy.y
        guard lon.isFinite, lat.isFinite else { return nil }
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// The operation PROJ applied for the most recent `transform`, or nil before the first;
    /// for a WGS84 source, the identity with accuracy 0.
    public func lastUsedOperation() -> ProjOperation? {
        guard let proj else { return ProjOperation(description: "identity (source is WGS 84)", accuracyMeters: 0) }
        guard let op = proj.library.lastUsedOperation(proj.operation) else { return nil }
        defer { _ = proj.library.destroy(op) }
        let info = proj.library.info(op)
        let text = info.description.map { String(cString: $0) } ?? "unnamed operation"
        let accuracy = proj.library.accuracy(proj.context, op)
        return ProjOperation(description: text, accuracyMeters: accuracy < 0 ? nil : accuracy)
    }
}
