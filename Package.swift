// swift-tools-version: 6.1
// Strata — one monorepo, several Linux executables on shared layers. Architecture.md explains the
// layering rule, layers.json states it, strata-check-layers and Tests/ArchitectureTests enforce it.
import PackageDescription

/// One settings list for every target: Swift 6 mode plus the three upcoming features.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The strict settings plus, in release builds, type metadata reached through its accessor rather
/// than by mangled name, which a one-shot command's start pays for (Benchmarks/README.md, seventh
/// round). Not for the layering checker's targets: an unsafe flag keeps a product out of other packages.
let runtimeSettings = strictSettings + [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))
]

let log: Target.Dependency = .product(name: "Logging", package: "swift-log")
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let crypto: Target.Dependency = .product(name: "Crypto", package: "swift-crypto")
let cryptoExtras: Target.Dependency = .product(name: "_CryptoExtras", package: "swift-crypto")
let hummingbird: Target.Dependency = .product(name: "Hummingbird", package: "hummingbird")
let nioCore: Target.Dependency = .product(name: "NIOCore", package: "swift-nio")
let nioHTTP1: Target.Dependency = .product(name: "NIOHTTP1", package: "swift-nio")
let nioPosix: Target.Dependency = .product(name: "NIOPosix", package: "swift-nio")
let nioSSL: Target.Dependency = .product(name: "NIOSSL", package: "swift-nio-ssl")
let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
let serviceLifecycle: Target.Dependency = .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
let unixSignals: Target.Dependency = .product(name: "UnixSignals", package: "swift-service-lifecycle")
let postgresNIO: Target.Dependency = .product(name: "PostgresNIO", package: "postgres-nio")
let metrics: Target.Dependency = .product(name: "Metrics", package: "swift-metrics")
let coreMetrics: Target.Dependency = .product(name: "CoreMetrics", package: "swift-metrics")
let prometheus: Target.Dependency = .product(name: "Prometheus", package: "swift-prometheus")
let asyncHTTPClient: Target.Dependency = .product(name: "AsyncHTTPClient", package: "async-http-client")

/// A library target at `path` with the runtime settings (the strict ones, unless `settings` says).
func module(_ name: String, _ path: String, _ dependencies: [Target.Dependency], settings: [SwiftSetting] = runtimeSettings) -> Target {
    .target(name: name, dependencies: dependencies, path: path, swiftSettings: settings)
}

/// A test target in `Tests/<folder>` with the strict settings.
func tests(_ name: String, _ folder: String, _ dependencies: [Target.Dependency]) -> Target {
    .testTarget(name: name, dependencies: dependencies, path: "Tests/\(folder)", swiftSettings: strictSettings)
}

/// An executable target at `path` with the runtime settings (the strict ones, unless `settings` says).
func executable(_ name: String, _ path: String, _ dependencies: [Target.Dependency], settings: [SwiftSetting] = runtimeSettings) -> Target {
    .executableTarget(name: name, dependencies: dependencies, path: path, swiftSettings: settings)
}

/// A benchmark executable in `Benchmarks/<folder>` (each prints its figures against a baseline).
func benchmark(_ name: String, _ folder: String, _ dependencies: [Target.Dependency]) -> Target {
    executable(name, "Benchmarks/\(folder)", dependencies)
}

/// strata-host's micro-apps, one line each: the folder under `Modules/MicroApps` and what the
/// micro-app imports. Each makes the target `Strata<folder>App`, a dependency of StrataHostKit and
/// of StrataMicroAppsTests; layers.json places every `Modules/MicroApps/*` target in the micro-apps
/// layer, each its own sibling group (Docs/Walkthroughs-MicroApp.md adds one).
let microApps: [(folder: String, dependencies: [Target.Dependency])] = [
    ("Launcher", ["StrataContainer", "StrataSync", "StrataSession", "StrataCrossCutting"]),
    ("Reports", ["StrataContainer", "StrataDomain", "StrataPresentation", "StrataCrossCutting"]),
    ("FollowUps", ["StrataContainer", "StrataDomain", "StrataPresentation", "StrataCrossCutting"]),
    ("Notifications", ["StrataContainer", "StrataDomain", "StrataPresentation", "StrataCrossCutting"]),
    ("About", ["StrataContainer", "StrataCrossCutting"]),
    ("Account", ["StrataContainer", "StrataSync", "StrataJournal", "StrataStore", "StrataSession", "StrataPresentation", "StrataCrossCutting"]),
    ("Announcements", ["StrataContainer", "StrataDomain", "StrataCrossCutting"]),
]

/// The micro-apps' targets, as other targets name them (`StrataReportsApp`).
let microAppTargets: [Target.Dependency] = microApps.map { .byName(name: "Strata\($0.folder)App") }

let package = Package(
    name: "Strata",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "strata-host", targets: ["strata-host"]),
        .executable(name: "strata-status", targets: ["strata-status"]),
        .executable(name: "strata-notifyd", targets: ["strata-notifyd"]),
        .executable(name: "strata-server", targets: ["strata-server"]),
        .executable(name: "strata-check-layers", targets: ["strata-check-layers"]),
        .plugin(name: "CheckLayers", targets: ["CheckLayers"]),
        .plugin(name: "WriteLayersBaseline", targets: ["WriteLayersBaseline"]),
        .plugin(name: "LayeringBuildCheck", targets: ["LayeringBuildCheck"]),
        // The checker as a library, for another package's tests (LayeringCheck.run)
        .library(name: "StrataLayering", targets: ["StrataLayering"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // The admin web console's server-rendered pages (StrataServerKit's Console/).
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        // MARK: - Cross-cutting layer
        module("StrataCrossCutting", "Modules/CrossCutting", [log, argumentParser]),
        tests("StrataCrossCuttingTests", "CrossCuttingTests", ["StrataCrossCutting", "StrataTestSupport", log]),

        // MARK: - The sync wire protocol (shared by the client sync engine and strata-server)
        module("StrataWire", "Modules/Wire", ["StrataCrossCutting"]),

        // MARK: - Data layer
        .systemLibrary(name: "CSQLite", path: "Modules/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // The data layer's vocabulary, by concern: protocols and value types only, no implementation (and no
        // CSQLite); StrataData implements them all behind DataLayerFactory.
        module("StrataStore", "Modules/Store", ["StrataCrossCutting", "StrataWire"]),
        module("StrataJournal", "Modules/Journal", ["StrataStore", "StrataWire"]),
        module("StrataSession", "Modules/Session", ["StrataCrossCutting"]),
        module("StrataMaintenance", "Modules/Maintenance", ["StrataSession"]),
        module(
            "StrataData", "Modules/Data",
            [
                "StrataStore", "StrataJournal", "StrataSession", "StrataMaintenance", "StrataCrossCutting", "StrataWire",
                "CSQLite", crypto, log,
            ]
        ),
        tests(
            "StrataDataTests", "DataTests",
            [
                "StrataStore", "StrataJournal", "StrataSession", "StrataMaintenance", "StrataData", "StrataDataTesting",
                "StrataWire", "StrataCrossCutting", "CSQLite", "StrataTestSupport", log,
            ]
        ),
        module(
            "StrataDataTesting", "Modules/DataTesting",
            [
                "StrataStore", "StrataJournal", "StrataSession", "StrataMaintenance", "StrataData", "StrataWire",
                "StrataCrossCutting", log,
            ]
        ),
        tests(
            "StrataDataTestingTests", "DataTestingTests",
            [
                "StrataDataTesting", "StrataStore", "StrataJournal", "StrataSession", "StrataMaintenance", "StrataData",
                "StrataCrossCutting", "StrataTestSupport",
            ]
        ),

        // MARK: - The data key in the Secret Service: libsecret's declarations, for StrataSecretService only, which
        // loads libsecret-1.so.0 (libsecret-1-0) with dlopen when it asks the Secret Service: nothing links it
        .systemLibrary(
            name: "CLibsecret",
            path: "Modules/CLibsecret"
        ),
        module(
            "StrataSecretService", "Modules/SecretService",
            [
                "StrataSession", "StrataStore", "StrataCrossCutting", "CLibsecret",
            ]
        ),

        // MARK: - The client's sync engine (data layer, beside StrataData, on the vocabulary modules' protocols)
        module(
            "StrataSync", "Modules/Sync",
            [
                "StrataStore", "StrataJournal", "StrataSession", "StrataMaintenance", "StrataData", "StrataWire",
                "StrataCrossCutting", asyncHTTPClient, nioCore, nioHTTP1, nioPosix, log,
            ]
        ),
        module(
            "StrataSyncTesting", "Modules/SyncTesting",
            ["StrataSync", "StrataStore", "StrataJournal", "StrataSession", "StrataData", "StrataWire", "StrataCrossCutting", log]
        ),
        tests(
            "StrataSyncTests", "SyncTests",
            [
                "StrataSync", "StrataSyncTesting", "StrataStore", "StrataJournal", "StrataSession", "StrataMaintenance",
                "StrataData", "StrataDataTesting", "StrataWire", "StrataCrossCutting",
                "StrataTestSupport", "CSQLite", asyncHTTPClient, nioCore, log,
            ]
        ),

        // MARK: - Domain layer
        module("StrataDomain", "Modules/Domain", ["StrataStore", "StrataJournal", "StrataData", "StrataCrossCutting"]),
        tests(
            "StrataDomainTests", "DomainTests",
            [
                "StrataDomain", "StrataStore", "StrataJournal", "StrataSession", "StrataMaintenance", "StrataData",
                "StrataDataTesting", "StrataWire", "StrataCrossCutting", "StrataTestSupport", log,
            ]
        ),

        // MARK: - Shared presentation: the JSON and sync-status shapes micro-apps and kits print (domain layer)
        module("StrataPresentation", "Modules/Presentation", ["StrataDomain", "StrataStore", "StrataJournal", "StrataCrossCutting"]),
        tests("StrataPresentationTests", "PresentationTests", ["StrataPresentation", "StrataDomain", "StrataJournal", "StrataCrossCutting"]),

        // MARK: - Hosting runtime (the mPaaS container): beside Data, on CrossCutting only
        module("StrataContainer", "Modules/Container", ["StrataCrossCutting", log]),
        module("StrataContainerTesting", "Modules/ContainerTesting", ["StrataContainer", "StrataCrossCutting", log]),
        tests(
            "StrataContainerTests", "ContainerTests",
            ["StrataContainer", "StrataContainerTesting", "StrataCrossCutting", "StrataTestSupport"]
        ),

        // MARK: - Micro-apps (the `microApps` list above): siblings that never import each other, and their tests
    ] + microApps.map { module("Strata\($0.folder)App", "Modules/MicroApps/\($0.folder)", $0.dependencies) } + [
        tests(
            "StrataMicroAppsTests", "MicroAppsTests",
            microAppTargets + [
                "StrataContainer", "StrataContainerTesting", "StrataDomain", "StrataStore", "StrataData", "StrataDataTesting",
                "StrataCrossCutting", "StrataSync", "StrataSyncTesting", "StrataJournal", "StrataSession",
            ]
        ),

        // MARK: - Kits and hosts: one kit per host (the tested logic) and the thin hosts
        module(
            "StrataHostKit", "Modules/Kits/HostKit",
            ["StrataContainer"] + microAppTargets + [
                "StrataDomain", "StrataPresentation", "StrataStore", "StrataJournal", "StrataSession", "StrataMaintenance",
                "StrataSync", "StrataCrossCutting", argumentParser, log,
            ]
        ),
        tests(
            "StrataHostKitTests", "HostKitTests",
            [
                "StrataHostKit", "StrataContainer", "StrataContainerTesting", "StrataDomain", "StrataStore",
                "StrataJournal", "StrataSession", "StrataMaintenance", "StrataData",
                "StrataDataTesting", "StrataSync", "StrataSyncTesting", "StrataWire", "StrataCrossCutting", "StrataTestSupport",
                log, argumentParser,
            ]
        ),
        module(
            "StrataStatusKit", "Modules/Kits/StatusKit",
            ["StrataDomain", "StrataPresentation", "StrataJournal", "StrataCrossCutting", argumentParser]
        ),
        tests(
            "StrataStatusKitTests", "StatusKitTests",
            [
                "StrataStatusKit", "StrataPresentation", "StrataJournal", "StrataDomain", "StrataStore", "StrataData",
                "StrataDataTesting", "StrataCrossCutting",
            ]
        ),
        // libsystemd (libsystemd-dev): sd_notify and sd-bus for strata-notifyd; only NotifyKit imports it.
        .systemLibrary(
            name: "CSystemd",
            path: "Modules/CSystemd",
            pkgConfig: "libsystemd",
            providers: [.apt(["libsystemd-dev"])]
        ),
        module(
            "StrataNotifyKit", "Modules/Kits/NotifyKit",
            [
                "StrataDomain", "StrataSync", "StrataCrossCutting", "CSystemd", argumentParser, log,
                serviceLifecycle, unixSignals,
            ]
        ),
        tests(
            "StrataNotifyKitTests", "NotifyKitTests",
            [
                "StrataNotifyKit", "StrataDomain", "StrataStore", "StrataSession",
                "StrataData", "StrataDataTesting", "StrataSync", "StrataSyncTesting",
                "StrataCrossCutting", "StrataTestSupport", log,
            ]
        ),
        executable(
            "strata-host", "Hosts/strata-host",
            [
                "StrataHostKit", "StrataContainer", "StrataDomain", "StrataMaintenance", "StrataData", "StrataSync",
                "StrataCrossCutting",
                "StrataSecretService",
            ]
        ),
        executable(
            "strata-status", "Hosts/strata-status",
            ["StrataStatusKit", "StrataPresentation", "StrataDomain", "StrataJournal", "StrataData", "StrataCrossCutting"]
        ),
        executable(
            "strata-notifyd", "Hosts/strata-notifyd",
            ["StrataNotifyKit", "StrataDomain", "StrataData", "StrataSync", "StrataCrossCutting", "StrataSecretService"]
        ),

        // MARK: - strata-server: its own layers on StrataWire and StrataCrossCutting, never the client's
        module(
            "StrataServerData", "Modules/Server/Data",
            ["StrataWire", "StrataCrossCutting", grdb, postgresNIO, nioCore, nioSSL, log, metrics, coreMetrics]
        ),
        module(
            "StrataServerDomain", "Modules/Server/Domain",
            ["StrataServerData", "StrataWire", "StrataCrossCutting", crypto, cryptoExtras, log, metrics, coreMetrics]
        ),
        .target(
            name: "StrataServerKit",
            dependencies: [
                "StrataServerDomain", "StrataWire", "StrataCrossCutting", hummingbird, nioCore, nioHTTP1,
                argumentParser,
                log, metrics, coreMetrics, .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"), nioSSL,
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            path: "Modules/Server/Kit",
            resources: [.copy("OpenAPI/openapi.json")],
            swiftSettings: runtimeSettings
        ),
        executable(
            "strata-server", "Hosts/strata-server",
            ["StrataServerKit", "StrataServerDomain", "StrataServerData", "StrataCrossCutting", metrics, coreMetrics, prometheus]
        ),
        tests(
            "StrataServerTests", "ServerTests",
            [
                "StrataServerKit", "StrataServerDomain", "StrataServerData", "StrataWire", "StrataCrossCutting",
                "StrataTestSupport", "strata-server", "CSQLite", grdb, postgresNIO, log,
            ]
        ),

        // MARK: - Test support shared by test targets (a test target cannot import another)
        module("StrataTestSupport", "Tests/TestSupport", ["CSQLite"]),

        // MARK: - Whole-system checks: child processes and the layering rule
        tests(
            "StrataIntegrationTests", "IntegrationTests",
            [
                "strata-host", "strata-status", "strata-notifyd", "strata-crash-writer", "strata-server", "strata-check-layers",
                "StrataDomain", "StrataStore", "StrataJournal", "StrataData", "StrataSync", "StrataCrossCutting", "CSQLite",
                "StrataTestSupport", log,
            ]
        ),
        .testTarget(
            name: "StrataArchitectureTests",
            dependencies: ["StrataLayering", "StrataTestSupport", "strata-check-layers"],
            path: "Tests/ArchitectureTests",
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),

        // MARK: - Tools: child processes for whole-system tests
        executable(
            "strata-crash-writer", "Tools/CrashWriter",
            [
                "StrataStore", "StrataJournal", "StrataData", "StrataCrossCutting", "CSQLite", log,
            ]
        ),

        // MARK: - The layering checker as a tool: library, executable, `swift package check-layers`
        module("StrataLayering", "Tools/Layering/StrataLayering", [], settings: strictSettings),
        executable("strata-check-layers", "Tools/Layering/CheckLayersTool", ["StrataLayering", argumentParser], settings: strictSettings),
        // The generated sections of the Markdown documents (scripts/update-docs; a test fails while one is stale)
        executable("strata-docs", "Tools/DocGen", ["StrataLayering"]),
        .plugin(
            name: "CheckLayers",
            capability: .command(
                intent: .custom(verb: "check-layers", description: "Check the package against the layering rule in layers.json")
            ),
            dependencies: ["strata-check-layers"],
            path: "Tools/Layering/Plugins/CheckLayers"
        ),
        .plugin(
            name: "WriteLayersBaseline",
            capability: .command(
                intent: .custom(
                    verb: "write-layers-baseline", description: "Record today's layering violations; later checks report only new ones"
                ),
                permissions: [
                    .writeToPackageDirectory(reason: "it records today's layering violations in layers-baseline.json"),
                ]
            ),
            dependencies: ["strata-check-layers"],
            path: "Tools/Layering/Plugins/WriteLayersBaseline"
        ),
        // Checks the layering on every build of a target that lists it (Docs/LayeringInBuildsAndCI.md)
        .plugin(
            name: "LayeringBuildCheck", capability: .buildTool(), dependencies: ["strata-check-layers"],
            path: "Tools/Layering/Plugins/LayeringBuildCheck"
        ),

        // MARK: - Benchmarks (run in release: see Benchmarks/README.md)
        benchmark("strata-bench-boot", "Boot", ["StrataContainer", "StrataCrossCutting", log]),
        benchmark("strata-bench-query", "QueryAndCrypto", ["StrataStore", "StrataData", "StrataBenchSupport", "StrataCrossCutting", "CSQLite", log]),
        benchmark("strata-bench-store", "StoreInsert", ["StrataStore", "StrataData", "StrataBenchSupport", "StrataCrossCutting", "CSQLite", log]),
        benchmark("strata-bench-scale", "Scale", [
            "StrataStore", "StrataJournal", "StrataData", "StrataSync", "StrataBenchSupport", "StrataCrossCutting", "CSQLite", log,
        ]),
        benchmark("strata-bench-status", "Status", ["CSQLite"]),
        benchmark("strata-bench-inbox", "Inbox", ["CSQLite"]),
        benchmark("strata-bench-hello", "Hello", []),
        module("StrataBenchSupport", "Benchmarks/Support", ["StrataDomain", "StrataStore", "CSQLite"]),
        benchmark("strata-bench-sync", "Sync", [
            "StrataSync", "StrataStore", "StrataJournal", "StrataData", "StrataDomain", "StrataCrossCutting", "StrataBenchSupport", log,
        ]),
        benchmark("strata-bench-load", "Load", ["StrataBenchSupport", "StrataWire"]),
        benchmark("strata-bench-layers", "Layers", ["StrataLayering"]),
        benchmark("strata-bench-live", "Live", [
            "StrataSync", "StrataStore", "StrataData", "StrataDomain", "StrataCrossCutting", "StrataBenchSupport", log,
        ]),
    ]
)
