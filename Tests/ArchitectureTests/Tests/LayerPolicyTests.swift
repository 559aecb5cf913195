import Foundation
@testable import StrataLayering
import Testing

/// The policy and the rules' texts, checked on small packages built in code: the placements
/// made ready for issue 10's new targets, the ranks the `layer-rank` rule explains, and that a
/// violation is reported once.
@Suite("Layer policy: new targets' places, the real ranks, each violation once")
struct LayerPolicyTests {
    /// A regular (or `kind`) target with `dependencies` and the strict settings, in `Modules/<name>`
    /// (a micro-app `Strata<folder>App` in `Modules/MicroApps/<folder>`, where layers.json places it).
    private static func target(
        _ name: String, _ kind: PackageModel.Kind = .regular, _ dependencies: [PackageModel.Dependency] = []
    ) -> PackageModel.Target {
        let microApp = name.wholeMatch(of: /Strata(\w+)App/).map { "MicroApps/\($0.1)" }
        return PackageModel.Target(
            name: name, kind: kind, path: "Modules/\(microApp ?? name)", sources: nil, exclude: [], dependencies: dependencies,
            upcomingFeatures: ["ExistentialAny", "MemberImportVisibility", "InternalImportsByDefault"], languageMode: nil
        )
    }

    /// The layer finding for `importer` importing `module` under `policy`, in a package of `names`.
    private static func finding(
        _ importer: String, imports module: String, among names: [String], policy: LayerPolicy? = nil
    ) throws -> LayerFinding? {
        let policy = try policy ?? LayerPolicy.strata()
        let package = PackageModel(name: "Sketch", targets: names.map { target($0) })
        let checker = LayeringChecker(package: package, policy: policy, root: URL(fileURLWithPath: "/nonexistent"))
        let placement = try #require(policy.placement(of: target(importer)), "\(importer) has no placement")
        return checker.judgeLayers(importer: placement, module: module, verb: "imports")
    }

    @Test("the layer-rank Why states the ranks LayerPolicy gives, bottom up")
    func layerRankWhyStatesTheRealRanks() throws {
        let why = Rule.layerRank.why(in: try LayerPolicy.strata())
        #expect(why.contains(
            "cross-cutting (0), data and hosting runtime (1), domain (2), micro-apps (3), presentation (4)."
        ))
        for (layer, _) in try LayerPolicy.strata().layers {
            guard let rank = layer.rank else { continue }
            #expect(why.contains("\(layer.name)") && why.contains("(\(rank))"), "\(layer) missing from: \(why)")
        }
        #expect(!why.contains("presentation (3)"))
    }

    @Test("the policy is ready for StrataSync, StrataSyncTesting, StrataPresentation and the new benchmarks")
    func newTargetsHaveTheirPlaces() throws {
        let names = [
            "StrataCrossCutting", "StrataData", "StrataSync", "StrataSyncTesting", "StrataDomain", "StrataPresentation",
            "StrataReportsApp", "StrataStatusKit", "StrataHostKit", "StrataServerKit", "strata-bench-status",
        ]
        #expect(try Self.finding("StrataSync", imports: "StrataData", among: names) == nil)
        #expect(try Self.finding("StrataPresentation", imports: "StrataDomain", among: names) == nil)
        #expect(try Self.finding("StrataReportsApp", imports: "StrataPresentation", among: names) == nil)
        #expect(try Self.finding("StrataStatusKit", imports: "StrataPresentation", among: names) == nil)
        #expect(try Self.finding("StrataHostKit", imports: "StrataSync", among: names) == nil)
        #expect(try Self.finding("strata-bench-status", imports: "StrataData", among: names) == nil)
        #expect(try Self.finding("StrataHostKit", imports: "StrataSyncTesting", among: names)?.rule
            == .testSupportInProduction)
        #expect(try Self.finding("StrataServerKit", imports: "StrataPresentation", among: names)?.rule == .isolatedSides)
        #expect(try Self.finding("StrataServerKit", imports: "StrataSync", among: names)?.rule == .isolatedSides)
        #expect(try Self.finding("StrataPresentation", imports: "StrataReportsApp", among: names)?.rule == .layerRank)
        for name in ["strata-bench-status", "strata-bench-hello", "strata-bench-inbox"] {
            #expect(try LayerPolicy.strata().placement(of: Self.target(name, .executable))?.layer.name == "benchmarks")
        }
    }

    @Test("a placement whose target the package lacks is no violation: branches merge in any order")
    func absentPlacedTargetsPass() throws {
        let package = try Fixture.package("clean")
        let absent = try LayerPolicy.strata().placements.filter { package.target(named: $0.target) == nil }.map(\.target)
        #expect(absent.contains("StrataSync") && absent.contains("StrataPresentation"))
        #expect(try Fixture.violations("clean").isEmpty)
    }

    @Test("a module shared by both sides that imports one side's module is an isolated-sides violation; test support may")
    func sharedModulesStayFreeOfEitherSide() throws {
        let strata = try LayerPolicy.strata()
        let shared = Placement("StrataShared", try LayerPolicy.strataLayer("domain"), group: "shared")
        let policy = LayerPolicy(
            layers: strata.declaredLayers, placements: strata.placements + [shared], sides: strata.sides,
            toolchainModules: [], testOnlyToolchainModules: ["Testing"], valueProtocols: []
        )
        let names = ["StrataShared", "StrataData", "StrataServerKit", "StrataTestSupport"]
        let finding = try #require(try Self.finding("StrataShared", imports: "StrataData", among: names, policy: policy))
        #expect(finding.rule == .isolatedSides)
        #expect(finding.message.contains("StrataShared is shared by every side, and StrataData is client code"))
        #expect(finding.fix.contains(#"`"side": "client"` in layers.json"#))
        #expect(try Self.finding("StrataTestSupport", imports: "StrataData", among: names, policy: policy) == nil)
        #expect(try Self.finding("StrataServerKit", imports: "StrataShared", among: names, policy: policy) == nil)
    }

    @Test("a forbidden dependency listed twice, or imported twice on one line, is reported once")
    func eachViolationOnce() throws {
        let violations = try Fixture.violations("reported-once")
        let manifestLine = try Fixture.manifestLine(ofTarget: "StrataData", in: "reported-once")
        #expect(violations.map(\.location) == [
            "layer-rank Modules/Data/Store.swift:3",
            "layer-rank package.json:\(manifestLine)",
        ])
    }
}
