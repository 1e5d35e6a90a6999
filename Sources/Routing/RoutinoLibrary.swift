internal import CRoutino
import Foundation

/// The one door to libroutino. The library keeps process-wide state (`croutino_errno()`, the
/// profiles and translations parsed from XML) and is not thread-safe, so every call into it
/// runs under `lock`, held for the whole call and the read of `croutino_errno()` after it. Its
/// error numbers become `RoutingError`s here and nowhere else.
enum RoutinoLibrary {
    /// Serialises every call into libroutino in this process.
    static let lock = NSLock()
    /// Routino's profiles and translations, as Debian's routino-common installs them.
    static let profilesPath = "/usr/share/routino/profiles.xml"
    static let translationsPath = "/usr/share/routino/translations.xml"
    /// Routino's profiles and translations parsed once per process (their contents live
    /// inside libroutino), and the English translation's address, or why they cannot be. A
    /// lazy constant: Swift runs its initialiser once, on first use, and the first use is
    /// `prepare`, which is called with `lock` held, so the parse is serialised with every
    /// other call into the library. The address is kept as a number so the constant is
    /// plainly `Sendable`; it is made a pointer again under the lock.
    private static let parsed: Result<UInt, RoutingError> = parseProfilesAndTranslations()

    private static func parseProfilesAndTranslations() -> Result<UInt, RoutingError> {
        guard Routino_Check_API_Version(ROUTINO_API_VERSION) == ROUTINO_ERROR_NONE else {
            return .failure(.library(function: "Routino_CheckAPIVersion", code: croutino_errno(), folder: profilesPath))
        }
        guard Routino_ParseXMLProfiles(profilesPath) == 0 else {
            return .failure(
                .badNetwork(path: profilesPath, reason: "Routino cannot read its profiles (error \(croutino_errno()))"))
        }
        guard Routino_ParseXMLTranslations(translationsPath) == 0 else {
            return .failure(
                .badNetwork(
                    path: translationsPath, reason: "Routino cannot read its translations (error \(croutino_errno()))"))
        }
        guard let translation = Routino_GetTranslation("en") else {
            return .failure(.badNetwork(path: translationsPath, reason: "no English translation"))
        }
        return .success(UInt(bitPattern: translation))
    }

    /// Runs `body` holding the lock.
    static func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The English translation (the route step names), parsing profiles and translations on
    /// first use. Call with the lock held.
    static func prepare(folder: String) throws -> OpaquePointer {
        switch parsed {
        case .failure(let error): throw error
        case .success(let address):
            guard let translation = OpaquePointer(bitPattern: address) else {
                throw RoutingError.badNetwork(path: translationsPath, reason: "no English translation")
            }
            return translation
        }
    }

    /// The highway types (Routino's numbers, `ROUTINO_HIGHWAY_*`) that `profile(_:database:folder:)`
    /// lets `mode` use: those Routino's profile of that name prefers above 0, ferries never.
    /// The walking graph (`WalkGraphBuilder`) follows exactly this rule.
    static func usableHighways(_ mode: TravelMode) throws -> Set<Int> {
        try locked {
            _ = try prepare(folder: profilesPath)
            guard let named = Routino_GetProfile(mode.profileName), let user = Routino_CreateUserProfileFromProfile(named)
            else {
                throw RoutingError.library(
                    function: "Routino_GetProfile(\(mode.profileName))", code: croutino_errno(), folder: profilesPath)
            }
            defer { free(user) }
            return withUnsafeBytes(of: &user.pointee.highway) { raw in
                let prefs = raw.bindMemory(to: Float.self)
                return Set(prefs.indices.filter { $0 > 0 && $0 != Int(ROUTINO_HIGHWAY_FERRY) && prefs[$0] > 0 })
            }
        }
    }

    /// A profile for `mode` made for one database: Routino's profile of that name with the
    /// highway preferences flattened (every highway the profile allows counts the same,
    /// ferries none) and the property preferences neutral, so that Routino's "shortest"
    /// route is the shortest by length over the ways the mode may use. Call with the lock held.
    static func profile(_ mode: TravelMode, database: OpaquePointer, folder: String) throws -> OpaquePointer {
        guard let named = Routino_GetProfile(mode.profileName), let user = Routino_CreateUserProfileFromProfile(named) else {
            throw RoutingError.library(
                function: "Routino_GetProfile(\(mode.profileName))", code: croutino_errno(), folder: folder)
        }
        defer { free(user) }
        withUnsafeMutableBytes(of: &user.pointee.highway) { raw in
            let prefs = raw.bindMemory(to: Float.self)
            for i in prefs.indices where i > 0 { prefs[i] = prefs[i] > 0 ? 1 : 0 }
            prefs[Int(ROUTINO_HIGHWAY_FERRY)] = 0
        }
        // Routino refuses a user profile with a speed of 0 (a highway the mode never uses has
        // one) or no vehicle size: a highway's use is decided by its preference alone, and a
        // pedestrian is 0.1 t, 0.1 m in every dimension (below every real limit).
        withUnsafeMutableBytes(of: &user.pointee.speed) { raw in
            let speeds = raw.bindMemory(to: Float.self)
            for i in speeds.indices where i > 0 && speeds[i] <= 0 { speeds[i] = 1 }
        }
        (user.pointee.weight, user.pointee.height, user.pointee.width, user.pointee.length) = (0.1, 0.1, 0.1, 0.1)
        withUnsafeMutableBytes(of: &user.pointee.props) { raw in
            let props = raw.bindMemory(to: Float.self)
            for i in props.indices where i > 0 { props[i] = 0.5 }
        }
        guard let profile = Routino_CreateProfileFromUserProfile(user) else {
            throw RoutingError.library(function: "Routino_CreateProfileFromUserProfile", code: croutino_errno(), folder: folder)
        }
        guard Routino_ValidateProfile(database, profile) == ROUTINO_ERROR_NONE else {
            let code = croutino_errno()
            free(UnsafeMutableRawPointer(profile))
            throw RoutingError.library(function: "Routino_ValidateProfile(\(mode.profileName))", code: code, folder: folder)
        }
        return profile
    }
}
