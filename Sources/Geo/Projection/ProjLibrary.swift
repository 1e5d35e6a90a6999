internal import CSpatial

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The part of PROJ's C API a `Reprojector` calls, opened with `dlopen` when the first
/// reprojection is set up. Nothing links PROJ, so commands that never reproject (every
/// query) do not load it and the ~50 libraries it pulls in (curl, TIFF, SQLite's and
/// GnuTLS' dependencies…), which cost most of a query's startup.
///
/// Owns one reference to the library (`dlclose` in `deinit`); it is opened with
/// `RTLD_NODELETE`, so PROJ stays mapped once loaded and a later `Reprojector` does not
/// pay for loading it again. Not `Sendable`: each `Reprojector` opens its own.
final class ProjLibrary {
    /// Library names tried in order: PROJ 9's soname first, then the unversioned names.
    #if os(macOS)
        static let names = [
            "libproj.25.dylib", "libproj.dylib", "/opt/homebrew/lib/libproj.dylib", "/usr/local/lib/libproj.dylib",
        ]
    #else
        static let names = ["libproj.so.25", "libproj.so"]
    #endif

    typealias ContextCreate = @convention(c) () -> OpaquePointer?
    typealias ContextDestroy = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias LogLevel = @convention(c) (OpaquePointer?, PJ_LOG_LEVEL) -> PJ_LOG_LEVEL
    typealias Create = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    typealias Destroy = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias AreaCreate = @convention(c) () -> OpaquePointer?
    typealias AreaSetBBox = @convention(c) (OpaquePointer?, Double, Double, Double, Double) -> Void
    typealias AreaDestroy = @convention(c) (OpaquePointer?) -> Void
    typealias CreateCRSToCRS =
        @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, OpaquePointer?) -> OpaquePointer?
    typealias NormalizeForVisualization = @convention(c) (OpaquePointer?, OpaquePointer?) -> OpaquePointer?
    typealias Trans = @convention(c) (OpaquePointer?, PJ_DIRECTION, PJ_COORD) -> PJ_COORD
    typealias LastUsedOperation = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias Info = @convention(c) (OpaquePointer?) -> PJ_PROJ_INFO
    typealias Accuracy = @convention(c) (OpaquePointer?, OpaquePointer?) -> Double
    typealias ContextErrno = @convention(c) (OpaquePointer?) -> Int32
    typealias ErrnoString = @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?

    private let handle: UnsafeMutableRawPointer
    let contextCreate: ContextCreate
    let contextDestroy: ContextDestroy
    let logLevel: LogLevel
    let create: Create
    let destroy: Destroy
    let areaCreate: AreaCreate
    let areaSetBBox: AreaSetBBox
    let areaDestroy: AreaDestroy
    let createCRSToCRS: CreateCRSToCRS
    let normalizeForVisualization: NormalizeForVisualization
    let trans: Trans
    let lastUsedOperation: LastUsedOperation
    let info: Info
    let accuracy: Accuracy
    let contextErrno: ContextErrno
    let errnoString: ErrnoString

    /// Opens the first of `names` that loads and resolves every function. Throws
    /// `GeoError.projUnavailable` with the loader's reason for the first name (PROJ 9's
    /// soname, the one to install) when none loads.
    init(names: [String] = ProjLibrary.names, for source: CRS) throws(GeoError) {
        var reasons: [String] = []
        var opened: UnsafeMutableRawPointer? = nil
        for name in names {
            if let h = dlopen(name, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) {
                opened = h
                break
            }
            reasons.append(dlerror().map { String(cString: $0) } ?? "\(name): cannot be opened")
        }
        guard let handle = opened else {
            throw GeoError.projUnavailable(source, reason: reasons.first ?? "no library name to try")
        }
        func symbol<F>(_ name: String, _: F.Type) throws(GeoError) -> F {
            guard let p = dlsym(handle, name) else {
                dlclose(handle)
                throw GeoError.projUnavailable(source, reason: "the loaded PROJ has no \(name) (PROJ 9.1 or later is needed)")
            }
            return unsafeBitCast(p, to: F.self)
        }
        contextCreate = try symbol("proj_context_create", ContextCreate.self)
        contextDestroy = try symbol("proj_context_destroy", ContextDestroy.self)
        logLevel = try symbol("proj_log_level", LogLevel.self)
        create = try symbol("proj_create", Create.self)
        destroy = try symbol("proj_destroy", Destroy.self)
        areaCreate = try symbol("proj_area_create", AreaCreate.self)
        areaSetBBox = try symbol("proj_area_set_bbox", AreaSetBBox.self)
        areaDestroy = try symbol("proj_area_destroy", AreaDestroy.self)
        createCRSToCRS = try symbol("proj_create_crs_to_crs", CreateCRSToCRS.self)
        normalizeForVisualization = try symbol("proj_normalize_for_visualization", NormalizeForVisualization.self)
        trans = try symbol("proj_trans", Trans.self)
        lastUsedOperation = try symbol("proj_trans_get_last_used_operation", LastUsedOperation.self)
        info = try symbol("proj_pj_info", Info.self)
        accuracy = try symbol("proj_coordoperation_get_accuracy", Accuracy.self)
        contextErrno = try symbol("proj_context_errno", ContextErrno.self)
        errnoString = try symbol("proj_context_errno_string", ErrnoString.self)
        self.handle = handle
    }

    deinit { dlclose(handle) }

    /// PROJ's reason for the context's last failure, lower-cased for an `error:` line.
    func lastError(_ ctx: OpaquePointer) -> String {
        let code = contextErrno(ctx)
        guard code != 0, let msg = errnoString(ctx, code) else { return "PROJ gave no reason" }
        return String(cString: msg).lowercased()
    }
}
