// swift-tools-version:6.1
import PackageDescription

/// One strict setting list for every Swift target (see ../shared/STYLE.md).
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "locate",
    platforms: [.macOS(.v15)],  // Synchronization.Mutex (Swift 6) needs macOS 15
    products: [
        .executable(name: "locate", targets: ["LocateCLI"]),
        .executable(name: "locate-bench", targets: ["LocateBench"]),
        .executable(name: "locate-fetch", targets: ["LocateFetch"]),
        .executable(name: "locate-serve", targets: ["LocateServe"]),
        .executable(name: "locate-read", targets: ["LocateRead"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Hummingbird's own: the HTTP parts a connection's handlers see (Serve's ConnectionGuard).
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSpatial",
            providers: [.apt(["libsqlite3-dev", "libspatialite-dev", "libproj-dev"])]
        ),
        // libvips for uploaded photos: only Photos imports it, only Serve links Photos (the
        // locate binary never loads libvips and its ~100 libraries).
        .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        .target(name: "Photos", dependencies: ["CVips", "Storage", "Digests"], swiftSettings: strict),
        // tesseract for the text on photos of opening-hours signs: only SignReading imports it,
        // only locate-read links SignReading (`locate hours read` runs it).
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev"])]),
        .target(
            name: "SignReading", dependencies: ["CTesseract", "Photos", "Hours", "Places", "Contract"], swiftSettings: strict),
        .target(
            name: "SignOptions",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "LocateRead",
            dependencies: [
                "SignReading", "SignOptions", "Hours", "Contract",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        // zlib for OpenStreetMap PBF blobs: only OSMPBF imports it.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // glibc's posix_spawn extensions (closefrom, pipe2): Serve's ChildProcess runs the sign reader.
        .systemLibrary(name: "CSpawn"),
        // The OpenStreetMap PBF reader (its own protobuf wire decoder; no SQL, no Storage).
        .target(name: "OSMPBF", dependencies: ["CZlib"], swiftSettings: strict),
        .target(name: "Geo", dependencies: ["CSpatial"], swiftSettings: strict),
        // Routino (libroutino, AGPL-3.0) for walking and wheelchair routes: only Routing imports it.
        .systemLibrary(name: "CRoutino", providers: [.apt(["libroutino-dev"])]),
        .target(name: "Routing", dependencies: ["CRoutino", "Geo", "Contract"], swiftSettings: strict),
        // The preview page's own basemap, made from an OpenStreetMap extract: simplified ways
        // in shards the page draws on a canvas (no tile server).
        .target(name: "Basemap", dependencies: ["OSMPBF", "Contract"], swiftSettings: strict),
        // The air-quality norms (EU limit values and thresholds, WHO guidelines): values only,
        // judged by Query (`NormStanding`) and drawn by the preview page (Export).
        .target(name: "AirNorms", dependencies: ["Contract"], swiftSettings: strict),
        // The domain values every module shares: a toilet (`Toilet`: its fixed fields,
        // `ToiletColumn`, and its field table, `ToiletAttribute`), a stored toilet and station,
        // hours status, access, pollutant codes, the one trimming rule and identity matching.
        // Depends on Geo only.
        .target(name: "Places", dependencies: ["Geo"], swiftSettings: strict),
        // The JSON contract (docs/json.md): the one encoder, string and number forms, and
        // RFC 3339 instants. Depends on nothing.
        .target(name: "Contract", swiftSettings: strict),
        .target(name: "Hours", dependencies: ["Places", "Contract"], swiftSettings: strict),
        // The nearest index: its file format (k-d tree, the toilets' rows section, memory map),
        // its reading and the exact geodesic search; Storage builds it from the database.
        .target(
            name: "SpatialIndex",
            dependencies: ["Geo", "Places", .product(name: "HeapModule", package: "swift-collections")],
            swiftSettings: strict
        ),
        // The files users name and read (exports, snapshots, reports), written through checked
        // POSIX calls (`CheckedFile`: all or nothing, named errors, `FileError`). Depends on
        // nothing of ours.
        .target(name: "Files", swiftSettings: strict),
        // Nettle (nettle-dev; LGPL-3.0-or-later or GPL-2.0-or-later) for SHA-256: only Digests
        // imports it. On Linux its static archive is linked (`-l:libnettle.a`), so no binary
        // loads and binds one more shared library at start; its CPU detection still runs at
        // every start, about 33 µs here (docs/benchmarks.md, "The query's schema read"). It
        // replaced swift-crypto, whose BoringSSL build was about 150 s of every clean build.
        .systemLibrary(name: "CNettle", providers: [.apt(["nettle-dev"])]),
        // The two digests of stored and written data, `ContentHash` (change detection) and
        // `SHA256Hasher` (Nettle's, internally). Depends on Contract only.
        .target(
            name: "Digests",
            dependencies: ["CNettle", "Contract"],
            swiftSettings: strict,
            linkerSettings: [
                .linkedLibrary(":libnettle.a", .when(platforms: [.linux])),
                .linkedLibrary("nettle", .when(platforms: [.macOS])),
            ]
        ),
        // The contribution domain: what a contribution proposes, as received and as stored, its
        // decisions and the sign reader's suggestion. Values only; Storage stores them (SQL),
        // Review decides them, Serve receives them.
        .target(name: "Contributions", dependencies: ["Geo", "Hours", "Places", "Contract"], swiftSettings: strict),
        .target(
            name: "Storage",
            dependencies: [
                "Geo", "Hours", "Places", "Contract", "CSpatial", "SpatialIndex", "Digests", "Files", "Contributions",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict
        ),
        // The maintainers' review of contributions, one flow for `locate review` and the
        // maintainer endpoints of `locate serve`, and its documents.
        .target(name: "Review", dependencies: ["Storage", "Contributions", "Contract"], swiftSettings: strict),
        .target(
            name: "Ingest",
            dependencies: [
                "Storage", "Digests", "Files", "Geo", "Hours", "Places", "Contract", "FetchContract", "OSMPBF",
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "Query",
            dependencies: [
                "Storage", "Contributions", "SpatialIndex", "Files", "Geo", "Hours", "Places", "Contract", "Routing", "AirNorms",
            ],
            swiftSettings: strict
        ),
        // The preview page's HTML, script and style sheets are files (Sources/Export/Resources/),
        // built into the code: one self-contained binary, no resource bundle beside it.
        .target(
            name: "Export",
            dependencies: [
                "Storage", "Contributions", "Digests", "Files", "Geo", "Hours", "Places", "Contract", "Basemap", "AirNorms",
            ],
            resources: [
                "preview.html", "contribute.html", "preview.js", "contribute.js", "text-contribute.js", "preview.css", "i18n.js",
                "dom.js",
                "text-map.js",
                "text-list.js", "text-offline.js", "geodesic.js", "nearest.js", "list.js", "offline.js", "sw.js", "basemap.js",
                "bookmarks.js", "text-bookmarks.js", "station.js", "text-station.js", "verified.js",
                "manifest.webmanifest", "icon-192.png", "icon-512.png",
            ].map {
                .embedInCode("Resources/" + $0)
            },
            swiftSettings: strict
        ),
        .executableTarget(
            name: "LocateCLI",
            dependencies: [
                "Ingest", "Query", "Export", "Review", "Storage", "Contributions", "Files", "Geo", "Hours", "Places", "Contract",
                "ServeOptions",
                "Routing", "SignOptions", "Basemap", "AirNorms",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "LocateBench",
            dependencies: [
                "Ingest", "Query", "Export", "Storage", "SpatialIndex", "Geo", "Hours", "Places", "SyntheticData", "OSMPBF",
                "Routing", "Contract",
            ],
            path: "Sources/LocateBench",
            swiftSettings: strict
        ),
        .target(name: "SyntheticData", swiftSettings: strict),
        // HTTP lives in its own small executable, run by Ingest for each request: the locate
        // binary never links FoundationNetworking (libcurl, GnuTLS, Kerberos… ~28 libraries).
        .target(name: "FetchContract", dependencies: ["Contract"], swiftSettings: strict),
        .executableTarget(
            name: "LocateFetch",
            dependencies: ["FetchContract", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict
        ),
        // The HTTP query API lives in its own executable too: linking NIO and Hummingbird into
        // locate would add their conformance records to every query's startup scan.
        // `locate serve` execs locate-serve (Sources/LocateCLI/Commands/ServeCommand.swift).
        .target(
            name: "Serve",
            dependencies: [
                "Query", "Export", "Review", "Storage", "Contributions", "Digests", "Geo", "Hours", "Places", "Contract",
                "Photos",
                "Ingest", "Routing", "CSpawn", "Basemap",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // docs/openapi.yaml, built into the code (Resources/openapi.yaml links to it).
            resources: [.embedInCode("Resources/openapi.yaml")],
            swiftSettings: strict
        ),
        .target(
            name: "ServeOptions",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "LocateServe",
            dependencies: [
                "Serve", "ServeOptions", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // The fuzzing targets' entry points; Tests/FuzzTests replays the committed corpus
        // through them (CONTRIBUTING.md, "Fuzzing").
        .target(name: "FuzzEntries", dependencies: ["Hours", "Ingest", "Places", "OSMPBF", "Routing"], swiftSettings: strict),
        .target(
            name: "LocateTestSupport",
            dependencies: ["Storage", "Contributions", "SyntheticData", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/Support", exclude: ["fake_gios.py", "fault_http.py", "webapp_check.py"], swiftSettings: strict),
        .testTarget(name: "GeoTests", dependencies: ["Geo", "LocateTestSupport"], swiftSettings: strict),
        .testTarget(name: "BasemapTests", dependencies: ["Basemap", "OSMPBF", "LocateTestSupport"], swiftSettings: strict),
        .testTarget(name: "RoutingTests", dependencies: ["Routing", "Geo", "LocateTestSupport"], swiftSettings: strict),
        .testTarget(name: "ContractTests", dependencies: ["Contract"], swiftSettings: strict),
        .testTarget(name: "DigestsTests", dependencies: ["Digests"], swiftSettings: strict),
        .testTarget(name: "FilesTests", dependencies: ["Files", "LocateTestSupport"], swiftSettings: strict),
        .testTarget(name: "HoursTests", dependencies: ["Hours", "Contract", "LocateTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "StorageTests",
            dependencies: [
                "Storage", "Contributions", "Review", "SpatialIndex", "Geo", "Places", "Contract", "SyntheticData",
                "LocateTestSupport",
                "LocateCLI",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "IngestTests",
            dependencies: ["Ingest", "Storage", "Digests", "Files", "Geo", "Places", "Contract", "LocateTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "QueryTests",
            dependencies: [
                "Query", "Ingest", "Storage", "Geo", "Places", "Contract", "Routing", "SpatialIndex", "LocateTestSupport",
                "AirNorms",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "LocateCLITests",
            dependencies: ["LocateCLI", "LocateTestSupport", "Storage", "Contributions", "Places", "Contract"],
            exclude: ["bad-input"],
            swiftSettings: strict),
        .testTarget(
            name: "ServeTests",
            dependencies: [
                "Serve", "Query", "Storage", "Contributions", "Digests", "Geo", "Places", "Contract", "LocateTestSupport",
                "LocateServe",
                "LocateCLI", "Photos",
                "PhotoTestSupport",
            ],
            swiftSettings: strict),
        // Test images written with libvips (tests only; not a product dependency).
        .target(
            name: "PhotoTestSupport", dependencies: ["CVips", "Photos"], path: "Tests/PhotoTestSupport", swiftSettings: strict),
        .testTarget(
            name: "PhotosTests", dependencies: ["Photos", "PhotoTestSupport", "LocateTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "OSMPBFTests", dependencies: ["OSMPBF", "LocateTestSupport"], exclude: ["bad-input", "fixtures"],
            swiftSettings: strict),
        .testTarget(name: "FuzzTests", dependencies: ["FuzzEntries"], swiftSettings: strict),
        .testTarget(
            name: "ExportTests",
            dependencies: [
                "Export", "Query", "Ingest", "Storage", "Contributions", "Digests", "Files", "Geo", "Places", "LocateTestSupport",
            ],
            exclude: ["golden"], swiftSettings: strict),
    ]
)

// The libFuzzer binary exists only in the fuzz build (`make fuzz` sets LOCATE_FUZZ=1 and
// builds with -sanitize=fuzzer in .build/fuzz): without libFuzzer it cannot link, and the
// everyday build has nothing to gain from it.
if Context.environment["LOCATE_FUZZ"] != nil {
    package.products.append(.executable(name: "locate-fuzz", targets: ["LocateFuzz"]))
    package.targets.append(.executableTarget(name: "LocateFuzz", dependencies: ["FuzzEntries"], swiftSettings: strict))
}
