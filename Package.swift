// swift-tools-version: 6.1
// Strata — one monorepo, several Linux executables on shared layers.
// Client layers (arrows point down only): hosts → kits → micro-apps → Domain → Data → CrossCutting.
//   StrataPresentation (the JSON and sync-status shapes micro-apps and kits print) sits with Domain;
//   StrataContainer (the micro-apps' runtime) beside Data; StrataSync (the client's sync engine) in the
//   data layer; StrataWire (the sync wire protocol, shared with the server) beside CrossCutting.
// Server layers, never importing the client's: strata-server → StrataServerKit → StrataServerDomain →
//   StrataServerData → StrataWire, CrossCutting.
// Architecture.md explains the rule; layers.json states it; strata-check-layers (`swift package check-layers`,
// Tools/Layering) and Tests/ArchitectureTests enforce it.
import PackageDescription

/// One settings list for every target: Swift 6 mode plus the three upcoming features.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let log: Target.Dependency = .product(name: "Logging", package: "swift-log")
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let crypto: Target.Dependency = .product(name: "Crypto", package: "swift-crypto")
let cryptoExtras: Target.Dependency = .product(name: "_CryptoExtras", package: "swift-crypto")
let hummingbird: Target.Dependency = .product(name: "Hummingbird", package: "hummingbird")
let nioCore: Target.Dependency = .product(name: "NIOCore", package: "swift-nio")
let nioHTTP1: Target.Dependency = .product(name: "NIOHTTP1", package: "swift-nio")
let nioPosix: Target.Dependency = .product(name: "NIOPosix", package: "swift-nio")
let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
let serviceLifecycle: Target.Dependency = .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
let unixSignals: Target.Dependency = .product(name: "UnixSignals", package: "swift-service-lifecycle")
let postgresNIO: Target.Dependency = .product(name: "PostgresNIO", package: "postgres-nio")
let asyncHTTPClient: Target.Dependency = .product(name: "AsyncHTTPClient", package: "async-http-client")

/// A benchmark executable in `Benchmarks/<folder>` (each prints its figures against a baseline).
func benchmark(_ name: String, _ folder: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(name: name, dependencies: dependencies, path: "Benchmarks/\(folder)", swiftSettings: strictSettings)
}

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
    ],
    targets: [
        // MARK: - Cross-cutting layer
        .target(
            name: "StrataCrossCutting",
            dependencies: [log, argumentParser],
            path: "Modules/CrossCutting",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataCrossCuttingTests",
            dependencies: ["StrataCrossCutting", "StrataTestSupport", log],
            path: "Tests/CrossCuttingTests",
            swiftSettings: strictSettings
        ),

        // MARK: - The sync wire protocol (shared by the client sync engine and strata-server)
        .target(
            name: "StrataWire",
            dependencies: [],
            path: "Modules/Wire",
            swiftSettings: strictSettings
        ),

        // MARK: - Data layer
        .systemLibrary(
            name: "CSQLite",
            path: "Modules/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(
            name: "StrataData",
            dependencies: ["StrataCrossCutting", "StrataWire", "CSQLite", crypto, log],
            path: "Modules/Data",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataDataTests",
            dependencies: [
                "StrataData", "StrataDataTesting", "StrataWire", "StrataCrossCutting", "CSQLite", "StrataTestSupport", log,
            ],
            path: "Tests/DataTests",
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataDataTesting",
            dependencies: ["StrataData", "StrataWire", "StrataCrossCutting", log],
            path: "Modules/DataTesting",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataDataTestingTests",
            dependencies: ["StrataDataTesting", "StrataData", "StrataCrossCutting", "StrataTestSupport", log],
            path: "Tests/DataTestingTests",
            swiftSettings: strictSettings
        ),

        // MARK: - The client's sync engine (data layer, beside StrataData, on its public protocols)
        .target(
            name: "StrataSync",
            dependencies: ["StrataData", "StrataWire", "StrataCrossCutting", asyncHTTPClient, nioCore, nioHTTP1, nioPosix, log],
            path: "Modules/Sync",
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataSyncTesting",
            dependencies: ["StrataSync", "StrataData", "StrataWire", "StrataCrossCutting", log],
            path: "Modules/SyncTesting",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataSyncTests",
            dependencies: [
                "StrataSync", "StrataSyncTesting", "StrataData", "StrataDataTesting", "StrataWire", "StrataCrossCutting",
                "StrataTestSupport", asyncHTTPClient, nioCore, nioPosix, log,
            ],
            path: "Tests/SyncTests",
            swiftSettings: strictSettings
        ),

        // MARK: - Domain layer
        .target(
            name: "StrataDomain",
            dependencies: ["StrataData", "StrataCrossCutting"],
            path: "Modules/Domain",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataDomainTests",
            dependencies: ["StrataDomain", "StrataData", "StrataDataTesting", "StrataCrossCutting", "StrataTestSupport", log],
            path: "Tests/DomainTests",
            swiftSettings: strictSettings
        ),

        // MARK: - Shared presentation: the JSON and sync-status shapes micro-apps and kits print (domain layer)
        .target(
            name: "StrataPresentation",
            dependencies: ["StrataDomain", "StrataCrossCutting"],
            path: "Modules/Presentation",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataPresentationTests",
            dependencies: ["StrataPresentation", "StrataDomain", "StrataCrossCutting"],
            path: "Tests/PresentationTests",
            swiftSettings: strictSettings
        ),

        // MARK: - Hosting runtime (the mPaaS container): beside Data, on CrossCutting only
        .target(
            name: "StrataContainer",
            dependencies: ["StrataCrossCutting", log],
            path: "Modules/Container",
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataContainerTesting",
            dependencies: ["StrataContainer", "StrataCrossCutting", log],
            path: "Modules/ContainerTesting",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataContainerTests",
            dependencies: ["StrataContainer", "StrataContainerTesting", "StrataCrossCutting", "StrataTestSupport", log],
            path: "Tests/ContainerTests",
            swiftSettings: strictSettings
        ),

        // MARK: - Micro-apps: strata-host's micro-applications, siblings that never import each other
        .target(
            name: "StrataLauncherApp",
            dependencies: ["StrataContainer", "StrataDomain", "StrataCrossCutting"],
            path: "Modules/MicroApps/Launcher",
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataReportsApp",
            dependencies: ["StrataContainer", "StrataDomain", "StrataPresentation", "StrataCrossCutting"],
            path: "Modules/MicroApps/Reports",
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataFollowUpsApp",
            dependencies: ["StrataContainer", "StrataDomain", "StrataPresentation", "StrataCrossCutting"],
            path: "Modules/MicroApps/FollowUps",
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataNotificationsApp",
            dependencies: ["StrataContainer", "StrataDomain", "StrataPresentation", "StrataCrossCutting"],
            path: "Modules/MicroApps/Notifications",
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataAboutApp",
            dependencies: ["StrataContainer", "StrataDomain", "StrataCrossCutting"],
            path: "Modules/MicroApps/About",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataMicroAppsTests",
            dependencies: [
                "StrataLauncherApp", "StrataReportsApp", "StrataFollowUpsApp", "StrataNotificationsApp", "StrataAboutApp",
                "StrataContainer", "StrataContainerTesting", "StrataDomain", "StrataData", "StrataDataTesting",
                "StrataCrossCutting",
            ],
            path: "Tests/MicroAppsTests",
            swiftSettings: strictSettings
        ),

        // MARK: - Kits and hosts: one kit per host (the tested logic) and the thin hosts
        .target(
            name: "StrataHostKit",
            dependencies: [
                "StrataContainer", "StrataLauncherApp", "StrataReportsApp", "StrataFollowUpsApp",
                "StrataNotificationsApp", "StrataAboutApp", "StrataDomain", "StrataPresentation", "StrataData",
                "StrataSync", "StrataCrossCutting", argumentParser, log,
            ],
            path: "Modules/Kits/HostKit",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataHostKitTests",
            dependencies: [
                "StrataHostKit", "StrataContainer", "StrataContainerTesting", "StrataDomain", "StrataData",
                "StrataDataTesting", "StrataSync", "StrataSyncTesting", "StrataCrossCutting", "StrataTestSupport", log,
            ],
            path: "Tests/HostKitTests",
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataStatusKit",
            dependencies: ["StrataDomain", "StrataPresentation", "StrataCrossCutting", argumentParser],
            path: "Modules/Kits/StatusKit",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataStatusKitTests",
            dependencies: [
                "StrataStatusKit", "StrataPresentation", "StrataDomain", "StrataData", "StrataDataTesting", "StrataCrossCutting",
            ],
            path: "Tests/StatusKitTests",
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataNotifyKit",
            dependencies: [
                "StrataDomain", "StrataData", "StrataSync", "StrataCrossCutting", argumentParser, log, serviceLifecycle,
                unixSignals,
            ],
            path: "Modules/Kits/NotifyKit",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataNotifyKitTests",
            dependencies: [
                "StrataNotifyKit", "StrataDomain", "StrataData", "StrataDataTesting", "StrataSync", "StrataSyncTesting",
                "StrataCrossCutting", "StrataTestSupport", log,
            ],
            path: "Tests/NotifyKitTests",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "strata-host",
            dependencies: ["StrataHostKit", "StrataDomain", "StrataData", "StrataSync", "StrataCrossCutting"],
            path: "Hosts/strata-host",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "strata-status",
            dependencies: ["StrataStatusKit", "StrataPresentation", "StrataDomain", "StrataData", "StrataCrossCutting"],
            path: "Hosts/strata-status",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "strata-notifyd",
            dependencies: ["StrataNotifyKit", "StrataDomain", "StrataData", "StrataSync", "StrataCrossCutting"],
            path: "Hosts/strata-notifyd",
            swiftSettings: strictSettings
        ),

        // MARK: - strata-server: its own layers on StrataWire and StrataCrossCutting, never the client's
        .target(
            name: "StrataServerData",
            dependencies: ["StrataWire", "StrataCrossCutting", grdb, postgresNIO, nioCore, nioPosix, log],
            path: "Modules/Server/Data",
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataServerDomain",
            dependencies: ["StrataServerData", "StrataWire", "StrataCrossCutting", crypto, cryptoExtras, log],
            path: "Modules/Server/Domain",
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataServerKit",
            dependencies: [
                "StrataServerDomain", "StrataWire", "StrataCrossCutting", hummingbird, nioCore, nioHTTP1, nioPosix, argumentParser,
                log, .product(name: "HummingbirdCore", package: "hummingbird"),
            ],
            path: "Modules/Server/Kit",
            resources: [.copy("OpenAPI/openapi.json")],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "strata-server",
            dependencies: ["StrataServerKit", "StrataServerDomain", "StrataServerData", "StrataCrossCutting"],
            path: "Hosts/strata-server",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataServerTests",
            dependencies: [
                "StrataServerKit", "StrataServerDomain", "StrataServerData", "StrataWire", "StrataCrossCutting",
                "StrataTestSupport", "strata-server", "CSQLite", log,
            ],
            path: "Tests/ServerTests",
            swiftSettings: strictSettings
        ),

        // MARK: - Test support shared by test targets (a test target cannot import another)
        .target(
            name: "StrataTestSupport",
            dependencies: ["CSQLite"],
            path: "Tests/TestSupport",
            swiftSettings: strictSettings
        ),

        // MARK: - Whole-system checks: child processes and the layering rule
        .testTarget(
            name: "StrataIntegrationTests",
            dependencies: [
                "strata-host", "strata-status", "strata-notifyd", "strata-crash-writer", "strata-server",
                "StrataDomain", "StrataData", "StrataCrossCutting", "CSQLite", "StrataTestSupport", log,
            ],
            path: "Tests/IntegrationTests",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataArchitectureTests",
            dependencies: ["StrataLayering", "StrataTestSupport", "strata-check-layers"],
            path: "Tests/ArchitectureTests",
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),

        // MARK: - Tools: child processes for whole-system tests
        .executableTarget(
            name: "strata-crash-writer",
            dependencies: ["StrataData", "StrataCrossCutting", "CSQLite", log],
            path: "Tools/CrashWriter",
            swiftSettings: strictSettings
        ),

        // MARK: - The layering checker as a tool: library, executable, `swift package check-layers`
        .target(
            name: "StrataLayering",
            dependencies: [],
            path: "Tools/Layering/StrataLayering",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "strata-check-layers",
            dependencies: ["StrataLayering", argumentParser],
            path: "Tools/Layering/CheckLayersTool",
            swiftSettings: strictSettings
        ),
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

        // MARK: - Benchmarks (run in release: see Benchmarks/README.md)
        benchmark("strata-bench-boot", "Boot", ["StrataContainer", "StrataCrossCutting", log]),
        benchmark("strata-bench-query", "QueryAndCrypto", ["StrataData", "StrataCrossCutting", "CSQLite", log]),
        benchmark("strata-bench-store", "StoreInsert", ["StrataData", "StrataCrossCutting", "CSQLite", log]),
        benchmark("strata-bench-status", "Status", ["CSQLite"]),
        benchmark("strata-bench-inbox", "Inbox", ["CSQLite"]),
        benchmark("strata-bench-hello", "Hello", []),
        benchmark("strata-bench-sync", "Sync", ["StrataSync", "StrataData", "StrataCrossCutting", log]),
        benchmark("strata-bench-layers", "Layers", ["StrataLayering"]),
    ]
)
