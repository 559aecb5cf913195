import Foundation
@testable import StrataLayering
import Testing

/// Path patterns in `layers.json` (`{ "path": "Modules/MicroApps/*", "eachItsOwnGroup": true }`):
/// a new micro-app's folder is placed without an entry of its own, each micro-app its own
/// sibling group, and a malformed pattern is one line naming the key.
@Suite("Policy path patterns: every Modules/MicroApps/* target is a micro-app, each its own group")
struct PlacementPatternTests {
    /// A regular target `name` in `path` with the strict settings and `dependencies`.
    private static func target(
        _ name: String, _ path: String, _ kind: PackageModel.Kind = .regular, _ dependencies: [String] = []
    ) -> PackageModel.Target {
        PackageModel.Target(
            name: name, kind: kind, path: path, sources: nil, exclude: [], dependencies: dependencies.map { .byName($0) },
            upcomingFeatures: ["ExistentialAny", "MemberImportVisibility", "InternalImportsByDefault"], languageMode: "6"
        )
    }

    /// The error reading `json` as a policy gives, as text.
    private static func error(_ json: String) -> String {
        do {
            _ = try LayerPolicy(json: Data(json.utf8), source: "layers.json")
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test("a target in a new folder of Modules/MicroApps is a client micro-app in a group of its own; others are not")
    func newFolderIsPlaced() throws {
        let policy = try LayerPolicy.strata()
        let hello = try #require(policy.placement(of: Self.target("StrataHelloApp", "Modules/MicroApps/Hello")))
        #expect(hello.layer.name == "micro-apps" && hello.group == "hello" && hello.side == "client")
        #expect(hello.role == .production && !hello.publishesOnlyAbstractions)
        let reports = try #require(policy.placement(of: Self.target("StrataReportsApp", "./Modules/MicroApps/Reports/")))
        #expect(reports.group == "reports")
        #expect(policy.placement(of: Self.target("StrataFollowUpsApp", "Modules/MicroApps/FollowUps"))?.group == "follow-ups")
        #expect(policy.placement(of: Self.target("StrataHelloKit", "Modules/Kits/Hello")) == nil)
        #expect(policy.placement(of: Self.target("StrataDeepApp", "Modules/MicroApps/Hello/Inner")) == nil)
        #expect(policy.placement(of: Self.target("HelloTests", "Modules/MicroApps/Tests", .test))?.layer == Layer.tests)
        // A target placed by name keeps its placement, even in a matching folder.
        #expect(policy.placement(of: Self.target("StrataHostKit", "Modules/MicroApps/HostKit"))?.layer.name == "presentation")
    }

    @Test("the real package's micro-apps are placed by the pattern alone, seven sibling groups")
    func realMicroAppsArePlaced() async throws {
        let (_, package) = try await RealRepository.shared.value.get()
        let policy = try LayerPolicy.strata()
        #expect(!policy.placements.contains { $0.target.hasSuffix("App") }, "layers.json names no micro-app")
        let microApps = package.targets.filter { $0.path.hasPrefix("Modules/MicroApps/") }
        #expect(microApps.count >= 7)
        let placements = microApps.compactMap { policy.placement(of: $0) }
        #expect(placements.count == microApps.count)
        #expect(Set(placements.map(\.layer.name)) == ["micro-apps"])
        #expect(Set(placements.map(\.group)).count == microApps.count)
        // The groups the policy named one by one before the pattern: the generated docs' module table is unchanged.
        #expect(Set(placements.map(\.group)).isSuperset(of: [
            "launcher", "reports", "follow-ups", "notifications", "about", "account", "announcements",
        ]))
        let resolved = policy.resolved(for: package)
        #expect(Set(microApps.map(\.name)).isSubset(of: Set(resolved.placements.map(\.target))))
        #expect(resolved.layers.first { $0.layer.name == "micro-apps" }?.targets.count == microApps.count)
    }

    @Test("one micro-app declaring another is a sibling-hosts violation; declaring the domain is not")
    func microAppsStaySiblings() throws {
        let package = PackageModel(name: "Sketch", targets: [
            Self.target("StrataCrossCutting", "Modules/CrossCutting"),
            Self.target("StrataContainer", "Modules/Container", .regular, ["StrataCrossCutting"]),
            Self.target("StrataReportsApp", "Modules/MicroApps/Reports", .regular, ["StrataContainer"]),
            Self.target("StrataHelloApp", "Modules/MicroApps/Hello", .regular, ["StrataContainer", "StrataReportsApp"]),
        ])
        let checker = LayeringChecker(package: package, policy: try LayerPolicy.strata(), root: URL(fileURLWithPath: "/nonexistent"))
        let violations = checker.checkPackageDescription()
        #expect(violations.map(\.rule) == [.siblingHosts])
        #expect(violations.first?.target == "StrataHelloApp" && violations.first?.subject == "StrataReportsApp")
        #expect(violations.first?.message.contains("group hello") == true, "\(violations)")
    }

    @Test("the layer graph draws a micro-app the pattern placed in the micro-apps layer")
    func graphShowsPatternPlacedTargets() throws {
        let package = PackageModel(name: "Sketch", targets: [
            Self.target("StrataContainer", "Modules/Container"),
            Self.target("StrataHelloApp", "Modules/MicroApps/Hello", .regular, ["StrataContainer"]),
        ])
        let mermaid = LayerGraph(package: package, policy: try LayerPolicy.strata(), violations: []).mermaid
        #expect(mermaid.contains("micro-apps (rank 3)"))
        #expect(!mermaid.contains("unassigned"))
        #expect(mermaid.contains("StrataHelloApp --> StrataContainer"))
    }

    @Test("each malformed pattern names the key path and what was expected", arguments: [
        (#"{"layers": [{"name": "a", "rank": 0, "modules": [{"path": "Apps/*", "eachItsOwnGroup": true, "group": "x"}]}]}"#,
         #"layers.json: layers[0].modules[0].group: expected no group with "eachItsOwnGroup": true (each target is its own group), found the string "x""#),
        (#"{"layers": [{"name": "a", "rank": 0, "modules": [{"path": "/Apps/*"}]}]}"#,
         #"layers.json: layers[0].modules[0].path: expected a folder pattern relative to the package root, e.g. "Modules/MicroApps/*", found the string "/Apps/*""#),
        (#"{"layers": [{"name": "a", "rank": 0, "modules": [{"path": "Apps/*", "target": "App"}]}]}"#,
         "layers.json: layers[0].modules[0].target: unknown key; expected one of path, group, eachItsOwnGroup, role, "
            + "side, publishesOnlyAbstractions"),
        (#"{"layers": [{"name": "a", "rank": 0, "modules": [{"path": "Apps/*", "side": "clinet"}]}], "sides": [{"name": "client"}]}"#,
         #"layers.json: layers[0].modules[0].side: expected one of the sides declared in "sides" (client), found the string "clinet""#),
    ])
    func malformedPatterns(_ json: String, _ expected: String) {
        #expect(Self.error(json) == expected)
    }

    @Test("a pattern without eachItsOwnGroup puts its targets in one group: the layer's, or the one it names")
    func sharedGroup() throws {
        let policy = try LayerPolicy(
            json: Data(#"{"layers": [{"name": "apps", "rank": 0, "modules": [{"path": "Apps/*"}, {"path": "Kits/*", "group": "kits"}]}]}"#.utf8),
            source: "layers.json")
        #expect(policy.placement(of: Self.target("One", "Apps/One"))?.group == "apps")
        #expect(policy.placement(of: Self.target("Two", "Kits/Two"))?.group == "kits")
    }
}
