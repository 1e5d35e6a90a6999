/// What `locate serve` was asked for: where to listen, which database, and the limits.
public struct ServeConfiguration: Sendable, Equatable {
    /// The database file.
    public var databasePath: String
    /// The address to listen on.
    public var host = "127.0.0.1"
    /// The port (0: any free port, printed on stderr when listening).
    public var port = 8080
    /// Origins allowed to read answers from a browser (`*` for any); empty: no CORS headers.
    public var corsOrigins: [String] = []
    /// Requests per second each client (IP address) may make on average.
    public var ratePerSecond = 50.0
    /// How many requests a client may make at once before the rate applies.
    public var burst = 100
    /// Seconds an answer may take before the request gets 503.
    public var requestTimeoutSeconds = 10.0
    /// The largest `limit` a query may ask for.
    public var maxLimit = 100
    /// Seconds an idle keep-alive connection stays open.
    public var idleTimeoutSeconds = 60.0
    /// Seconds a connection may take to send a whole request head, from its opening or its
    /// previous answer (`ConnectionGuard`).
    public var headerTimeoutSeconds = 10.0
    /// The most connections held at once; more are closed as they come (`ConnectionGuard`).
    public var maxConnections = 512
    /// Reverse proxies (addresses or CIDR ranges) whose `X-Forwarded-For` names the client.
    public var trustedProxies: [String] = []
    /// Toilet rows kept in memory per data version (0: none).
    public var cachedPlaces = 200_000
    /// An OpenStreetMap extract the preview map draws its own streets from (`--basemap`), made
    /// once at the start (`Basemap.build`); nil: the page takes OpenStreetMap's tiles.
    public var basemapPath: String?
    /// What contributors may submit (Sources/Serve/Contributions).
    public var contributions = ContributionSettings()

    /// A configuration with the defaults for everything but the database.
    public init(databasePath: String) { self.databasePath = databasePath }

    /// Fails when a value is out of range, naming the option.
    public func check() throws {
        guard (0...65535).contains(port) else { throw ServeError.configuration("--port must be 0 to 65535") }
        guard ratePerSecond > 0, ratePerSecond.isFinite else {
            throw ServeError.configuration("--rate must be a positive number of requests per second")
        }
        guard burst >= 1 else { throw ServeError.configuration("--burst must be at least 1") }
        guard requestTimeoutSeconds > 0, requestTimeoutSeconds <= 3600 else {
            throw ServeError.configuration("--timeout must be more than 0 and at most 3600 seconds")
        }
        guard headerTimeoutSeconds > 0, headerTimeoutSeconds <= 3600 else {
            throw ServeError.configuration("--header-timeout must be more than 0 and at most 3600 seconds")
        }
        guard (1...1_000_000).contains(maxConnections) else {
            throw ServeError.configuration("--max-connections must be 1 to 1000000")
        }
        try contributions.check()
        guard (1...10_000).contains(maxLimit) else { throw ServeError.configuration("--max-limit must be 1 to 10000") }
        for origin in corsOrigins where origin != "*" && !(origin.hasPrefix("http://") || origin.hasPrefix("https://")) {
            throw ServeError.configuration("--cors-origin '\(origin)' is not * or an origin such as https://example.org")
        }
        _ = try TrustedProxies(trustedProxies)
        guard (0...100_000_000).contains(cachedPlaces) else {
            throw ServeError.configuration("--cache-places must be 0 to 100000000")
        }
    }
}
