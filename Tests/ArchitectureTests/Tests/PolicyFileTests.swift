import Foundation
@testable import StrataLayering
import Testing

/// `layers.json`: Strata's own policy reads back as the layers table, and every mistake in a
/// policy file is one line naming the file, the key path and what was expected.
@Suite("The policy file: Strata's layers.json, and one clear line for every mistake")
struct PolicyFileTests {
    /// The error reading `json` as a policy gives, as text.
    private static func error(_ json: String) -> String {
        do {
            _ = try LayerPolicy(json: Data(json.utf8), source: "layers.json")
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test("Strata's layers.json places the layers and sides Architecture.md describes")
    func strataPolicyReadsBack() throws {
        let policy = try LayerPolicy.strata()
        #expect(policy.rankSummary
            == "cross-cutting (0), data and hosting runtime (1), domain (2), micro-apps (3), presentation (4)")
        #expect(policy.sides.map(\.name) == ["client", "server"])
        #expect(policy.placements.first { $0.target == "CSQLite" }?.role == .layerPrivate)
        #expect(policy.placements.first { $0.target == "CSystemd" }?.role == .layerPrivate)
        #expect(policy.placements.first { $0.target == "StrataServerKit" }?.group == "server")
        #expect(policy.placements.first { $0.target == "StrataWire" }?.side == nil)
        #expect(policy.requiredUpcomingFeatures == ["ExistentialAny", "MemberImportVisibility", "InternalImportsByDefault"])
        #expect(policy.toolchainModules.contains("PackagePlugin"))
    }

    @Test("each malformed policy names the key path and what was expected", arguments: [
        (#"[1, 2]"#, "layers.json: the top level: expected an object, found an array"),
        (#"{}"#, "layers.json: layers: expected a value (this key is required), found nothing (the key is missing)"),
        (#"{"layers": {}}"#, "layers.json: layers: expected an array of layers, found an object"),
        (#"{"layers": [{"name": "a", "rank": 0, "modules": "Core"}]}"#,
         #"layers.json: layers[0].modules: expected an array of module names or objects, found the string "Core""#),
        (#"{"layers": [{"name": "a", "rank": 0, "modules": []}, {"name": "b", "rank": 1.5, "modules": []}]}"#,
         "layers.json: layers[1].rank: expected a whole number, found the number 1.5"),
        (#"{"layers": [{"name": "a", "rank": 0, "modules": [{"target": "Core", "side": "clinet"}]}], "sides": [{"name": "client"}]}"#,
         #"layers.json: layers[0].modules[0].side: expected one of the sides declared in "sides" (client), found the string "clinet""#),
        (#"{"layers": [{"name": "a", "rank": 0, "modules": [{"target": "Core", "role": "private"}]}]}"#,
         #"layers.json: layers[0].modules[0].role: expected one of "production", "layer-private", "test-support", found the string "private""#),
        (#"{"layers": [{"name": "a", "rank": 0, "modules": [{"taget": "Core"}]}]}"#,
         "layers.json: layers[0].modules[0].taget: unknown key; expected one of target, group, role, side, "
            + "publishesOnlyAbstractions, mayBeAbsent"),
        (#"{"layers": [{"name": "bench", "mayImport": ["core"], "modules": []}]}"#,
         #"layers.json: layers[0].mayImport[0]: expected the name of a layer in "layers" (bench), found the string "core""#),
        (#"{"layers": [{"name": "a", "rank": 0, "modules": ["Core"]}, {"name": "b", "rank": 1, "modules": ["Core"]}]}"#,
         "layers.json: layers[1].modules: target Core is placed twice; expected each target in one layer"),
        (#"{"layers": [], "exceptions": [{"rule": "upward", "target": "Core", "reason": "legacy"}]}"#,
         "layers.json: exceptions[0].rule: expected a rule id (\(Rule.allCases.map(\.rawValue).joined(separator: ", "))), "
            + #"found the string "upward""#),
        (#"{"layers": [], "exceptions": [{"rule": "layer-rank", "target": "Core"}]}"#,
         "layers.json: exceptions[0].reason: expected a value (this key is required), found nothing (the key is missing)"),
        (#"{"layers": [{"name": "a", "rank": 0, "modules": [{"target": "Core", "publishesOnlyAbstractions": 1}]}]}"#,
         "layers.json: layers[0].modules[0].publishesOnlyAbstractions: expected true or false, found the number 1"),
        (#"{"layers": [], "liveFactories": [{"type": "DataLayerFactory", "members": ["live"]}]}"#,
         "layers.json: liveFactories: no longer read; the checker finds the live factories in the code (every public "
            + "static func or var of a public type named …Factory outside test support), so remove the key, and allow a "
            + #"call on purpose with an "exceptions" entry (rule composition-root) and its reason"#),
    ])
    func malformedPolicies(_ json: String, _ expected: String) {
        #expect(Self.error(json) == expected)
    }

    @Test(
        "the example policies for packages nobody here wrote read cleanly",
        arguments: [
            "hummingbird", "swift-nio", "GRDB.swift", "vapor", "swift-openapi-generator", "swift-collections",
            "swift-argument-parser", "swift-dependencies",
        ]
    )
    func examplePoliciesRead(_ name: String) throws {
        let url = LayerPolicy.repositoryRoot.appendingPathComponent("Docs/LayeringExamples/\(name)/layers.json")
        let policy = try LayerPolicy.load(from: url)
        #expect(!policy.placements.isEmpty)
        #expect(!policy.rankSummary.isEmpty)
        let folder = LayerPolicy.repositoryRoot.appendingPathComponent("Docs/LayeringExamples/\(name)")
        let check = try String(contentsOf: folder.appendingPathComponent("check.txt"), encoding: .utf8)
        let readme = try String(
            contentsOf: folder.deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8
        )
        // The README's table row quotes the summary line scripts/layering-examples wrote.
        let summary = try #require(check.split(separator: "\n").last)
        let counts = try #require(summary.firstRange(of: " in ").map { summary[..<$0.lowerBound] })
        #expect(readme.contains("| \(counts) |"), "README.md's row for \(name) should say \"\(counts)\"")
    }

    @Test("a file that is not JSON, and a missing file, are one line each naming the file")
    func notJSONOrMissing() throws {
        #expect(Self.error("{ layers: [] }").hasPrefix("layers.json: not valid JSON ("))
        #expect(!Self.error("{ layers: [] }").contains("\n"))
        #expect {
            try LayerPolicy.load(from: URL(fileURLWithPath: "/nonexistent/policy/layers.json"))
        } throws: { error in
            "\(error)".hasPrefix("/nonexistent/policy/layers.json: no policy file; expected a layers.json at the package root")
        }
    }

    @Test("an exception with a reason allows exactly its edge; the same rule elsewhere is still reported")
    func exceptionsAllowTheirEdgeOnly() throws {
        let strata = try LayerPolicy.strataForFixtures()
        let policy = LayerPolicy(
            layers: strata.declaredLayers, placements: strata.placements, patterns: strata.patterns, sides: strata.sides,
            toolchainModules: strata.toolchainModules, testOnlyToolchainModules: strata.testOnlyToolchainModules,
            valueProtocols: strata.valueProtocols,
            requiredUpcomingFeatures: strata.requiredUpcomingFeatures, minimumLanguageMode: strata.minimumLanguageMode,
            exceptions: [PolicyException(
                rule: .layerRank, target: "StrataData", subject: "StrataDomain", reason: "planted: a legacy edge"
            )]
        ).allowingAbsentTargets()  // Strata's policy on a fixture with a few of its targets
        let root = Fixture.folder.appendingPathComponent("layer-rank")
        let checker = LayeringChecker(
            package: try Fixture.package("layer-rank"), policy: policy, root: root, manifestPath: "package.json"
        )
        let found = try checker.check()
        #expect(found.map(\.location) == [
            "layer-rank Benchmarks/StoreInsert/main.swift:3",
            "layer-rank Modules/CrossCutting/Clock.swift:5",
        ], "\(found.map(\.location))")
    }
}
