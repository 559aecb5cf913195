/// The architecture as data: which layer every target belongs to, and which modules need no
/// declaration. Architecture.md explains it; ``LayeringChecker`` enforces it.
///
/// Adding a target to `Package.swift` without a line here is a violation (`unassigned-target`):
/// a new module forces a decision about where it sits.
struct LayerPolicy: Sendable {
    /// Every non-test target's placement. Test targets are placed automatically.
    let placements: [Placement]
    /// Modules of the toolchain any target may import without declaring them.
    let toolchainModules: Set<String>
    /// Toolchain modules only test targets (and test support) may import.
    let testOnlyToolchainModules: Set<String>
    /// Public protocols of the abstraction-only modules that describe *values*, not services:
    /// a public struct or enum may conform to them (a case report is a `ValueObject`). Every
    /// other public protocol of Data and Domain is a service protocol, and a public type that
    /// conforms to one is an implementation on the public surface (`public-surface`). A
    /// protocol that refines a value protocol is one too.
    let valueProtocols: Set<String>
    /// The factories that pick implementations: only composition roots (executables: hosts,
    /// benchmarks, tools; tests and test support) call them (`composition-root`).
    let liveFactories: [LiveFactory]

    init(
        placements: [Placement], toolchainModules: Set<String>, testOnlyToolchainModules: Set<String>,
        valueProtocols: Set<String>, liveFactories: [LiveFactory] = []
    ) {
        self.placements = placements
        self.toolchainModules = toolchainModules
        self.testOnlyToolchainModules = testOnlyToolchainModules
        self.valueProtocols = valueProtocols
        self.liveFactories = liveFactories
    }

    // MARK: - The layers, bottom up

    static let crossCutting = Layer("cross-cutting", rank: 0)
    static let data = Layer("data", rank: 1)
    static let hostingRuntime = Layer("hosting runtime", rank: 1)
    static let domain = Layer("domain", rank: 2)
    static let microApps = Layer("micro-apps", rank: 3)
    static let presentation = Layer("presentation", rank: 4)
    static let benchmarks = Layer("benchmarks", rank: nil, mayImport: [crossCutting, data, hostingRuntime])
    static let tools = Layer("tools", rank: nil, mayImport: [crossCutting, data])
    static let tests = Layer("tests", rank: nil)

    // MARK: - Strata's policy

    /// Strata's layers, as Architecture.md's layers table states them.
    ///
    /// `mayBeAbsent` marks targets other branches of issue 10 are adding; the checker is happy
    /// either way, so the branches merge in any order.
    static let strata = LayerPolicy(
        placements: [
            //     target                  layer             sibling group / role / side
            .init("StrataCrossCutting", crossCutting),
            .init("StrataWire", crossCutting, group: "wire"),
            .init("StrataData", data, side: .client, publishesOnlyAbstractions: true),
            .init("CSQLite", data, role: .layerPrivate, side: .client),
            .init("StrataDataTesting", data, role: .testSupport, side: .client),
            // The client's sync engine, on StrataData's protocols: in the data group, so it may import StrataData.
            .init("StrataSync", data, side: .client, publishesOnlyAbstractions: true),
            .init("StrataSyncTesting", data, role: .testSupport, side: .client),
            // Helpers the test targets share (temporary root, polling, child processes and the
            // strata-server launcher, raw file names, a damaged SQLite page): test support at the
            // data layer, where CSQLite may be imported; it imports no Strata module; both sides use it.
            .init("StrataTestSupport", data, role: .testSupport),
            .init("StrataContainer", hostingRuntime, side: .client),
            .init("StrataContainerTesting", hostingRuntime, role: .testSupport, side: .client),
            .init("StrataDomain", domain, side: .client, publishesOnlyAbstractions: true),
            // What micro-apps and kits print (report JSON, sync-status text): in the domain's group, so
            // it may import StrataDomain (which cannot import it back: SwiftPM refuses the cycle).
            .init("StrataPresentation", domain, side: .client),
            // Micro-apps never import each other: each is its own sibling group.
            .init("StrataLauncherApp", microApps, group: "launcher", side: .client),
            .init("StrataReportsApp", microApps, group: "reports", side: .client),
            .init("StrataFollowUpsApp", microApps, group: "follow-ups", side: .client),
            .init("StrataNotificationsApp", microApps, group: "notifications", side: .client),
            .init("StrataAboutApp", microApps, group: "about", side: .client),
            .init("StrataHostKit", presentation, group: "host", side: .client),
            .init("strata-host", presentation, group: "host", side: .client),
            .init("StrataStatusKit", presentation, group: "status", side: .client),
            .init("strata-status", presentation, group: "status", side: .client),
            .init("StrataNotifyKit", presentation, group: "notify", side: .client),
            .init("strata-notifyd", presentation, group: "notify", side: .client),
            // strata-server: the server side, which never imports the client's modules (nor they its).
            .init("StrataServerData", data, group: "server", side: .server, publishesOnlyAbstractions: true),
            .init("StrataServerDomain", domain, group: "server", side: .server, publishesOnlyAbstractions: true),
            .init("StrataServerKit", presentation, group: "server", side: .server),
            .init("strata-server", presentation, group: "server", side: .server),
            // Benchmarks and tools are composition roots of their own, on no side.
            .init("strata-bench-store", benchmarks),
            .init("strata-bench-query", benchmarks),
            .init("strata-bench-boot", benchmarks),
            .init("strata-bench-sync", benchmarks),
            .init("strata-bench-status", benchmarks),
            .init("strata-bench-hello", benchmarks),
            .init("strata-bench-inbox", benchmarks),
            .init("strata-crash-writer", tools),
        ],
        toolchainModules: [
            "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
            "Dispatch",
            "Glibc", "Musl", "Darwin", "Synchronization", "_Concurrency", "Swift", "os",
        ],
        testOnlyToolchainModules: ["Testing", "XCTest"],
        valueProtocols: ["ValueObject", "FieldValueConvertible"],
        liveFactories: [
            .init(
                "DataLayerFactory", ["live", "readOnly", "maintenance"], in: "StrataData", returns: "any DataLayer",
                testDouble: "DataLayerFactory.inMemory() (StrataDataTesting)"
            ),
            .init("DomainFactory", ["make"], in: "StrataDomain", returns: "any DomainServices"),
            .init(
                "SyncFactory", ["live", "offline"], in: "StrataSync", returns: "any SyncEngine",
                testDouble: "SyncFactory.scripted(data:script:) (StrataSyncTesting)"
            ),
            .init("ServerDataFactory", ["sqlite"], in: "StrataServerData", returns: "any ServerDataLayer"),
            .init("ServerDomainFactory", ["make"], in: "StrataServerDomain", returns: "any ServerServices"),
        ]
    )

    // MARK: - Look-ups

    /// The placement of `target`: its entry, or the tests layer for a test target, or `nil`
    /// when the policy does not know it.
    func placement(of target: PackageModel.Target) -> Placement? {
        if let entry = placements.first(where: { $0.target == target.name }) { return entry }
        if target.kind == .test { return Placement(target.name, Self.tests, role: .test) }
        return nil
    }

    /// The placement of the target that provides `module` in `package`, if the policy knows it.
    func placement(ofModule module: String, in package: PackageModel) -> Placement? {
        package.target(forModule: module).flatMap { placement(of: $0) }
    }

    /// The factory `module` declares, if it is one of ``liveFactories``' modules.
    func liveFactory(declaredIn module: String) -> LiveFactory? {
        liveFactories.first { $0.module == module }
    }

    /// The ranks bottom up, each with the names of its layers: `cross-cutting (0), data and
    /// hosting runtime (1), …`, as the `layer-rank` rule explains them.
    var rankSummary: String {
        let ranked = layers.map(\.layer).filter { $0.rank != nil }
        let ranks = Set(ranked.compactMap(\.rank)).sorted()
        return ranks.map { rank in
            let names = ranked.filter { $0.rank == rank }.map(\.name)
            return "\(names.joined(separator: " and ")) (\(rank))"
        }.joined(separator: ", ")
    }

    /// The layers, bottom up, each with the targets placed in it (for reports and docs).
    var layers: [(layer: Layer, targets: [String])] {
        var order: [Layer] = []
        for placement in placements where !order.contains(placement.layer) { order.append(placement.layer) }
        order.sort { ($0.rank ?? Int.max) < ($1.rank ?? Int.max) }
        return order.map { layer in (layer, placements.filter { $0.layer == layer }.map(\.target)) }
    }
}
