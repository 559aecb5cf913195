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

    /// Strata's layers, as the brief's layers table states them.
    static let strata = LayerPolicy(
        placements: [
            //     target                  layer             sibling group / role
            .init("StrataCrossCutting", crossCutting),
            .init("StrataWire", crossCutting, group: "wire"),
            .init("StrataData", data, publishesOnlyAbstractions: true),
            .init("CSQLite", data, role: .layerPrivate),
            .init("StrataDataTesting", data, role: .testSupport),
            // The client's sync engine: the data layer's (client) group, on StrataData's public protocols.
            .init("StrataSync", data, publishesOnlyAbstractions: true),
            .init("StrataSyncTesting", data, role: .testSupport),
            // Helpers several test targets share (raw file names, a damaged SQLite page): test
            // support at the data layer, where CSQLite may be imported.
            .init("StrataTestSupport", data, role: .testSupport),
            .init("StrataContainer", hostingRuntime),
            .init("StrataContainerTesting", hostingRuntime, role: .testSupport),
            .init("StrataDomain", domain, publishesOnlyAbstractions: true),
            // Micro-apps never import each other: each is its own sibling group.
            .init("StrataLauncherApp", microApps, group: "launcher"),
            .init("StrataReportsApp", microApps, group: "reports"),
            .init("StrataFollowUpsApp", microApps, group: "follow-ups"),
            .init("StrataNotificationsApp", microApps, group: "notifications"),
            .init("StrataAboutApp", microApps, group: "about"),
            .init("StrataHostKit", presentation, group: "host"),
            .init("strata-host", presentation, group: "host"),
            .init("StrataStatusKit", presentation, group: "status"),
            .init("strata-status", presentation, group: "status"),
            .init("StrataNotifyKit", presentation, group: "notify"),
            .init("strata-notifyd", presentation, group: "notify"),
            // strata-server: its own group on each level, so it never imports the client's modules there.
            .init("StrataServerData", data, group: "server", publishesOnlyAbstractions: true),
            .init("StrataServerDomain", domain, group: "server", publishesOnlyAbstractions: true),
            .init("StrataServerKit", presentation, group: "server"),
            .init("strata-server", presentation, group: "server"),
            .init("strata-bench-store", benchmarks),
            .init("strata-bench-query", benchmarks),
            .init("strata-bench-boot", benchmarks),
            .init("strata-bench-sync", benchmarks),
            .init("strata-crash-writer", tools),
        ],
        toolchainModules: [
            "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Dispatch",
            "Glibc", "Musl", "Darwin", "Synchronization", "_Concurrency", "Swift", "os",
        ],
        testOnlyToolchainModules: ["Testing", "XCTest"],
        valueProtocols: ["ValueObject", "FieldValueConvertible"]
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

    /// The layers, bottom up, each with the targets placed in it (for reports and docs).
    var layers: [(layer: Layer, targets: [String])] {
        var order: [Layer] = []
        for placement in placements where !order.contains(placement.layer) { order.append(placement.layer) }
        order.sort { ($0.rank ?? Int.max) < ($1.rank ?? Int.max) }
        return order.map { layer in (layer, placements.filter { $0.layer == layer }.map(\.target)) }
    }
}
