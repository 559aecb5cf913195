import Foundation
@testable import StrataLayering
import Testing

/// Issue 30's rules and policy checks: unused dependencies, import cycles, `@testable import`
/// in production, policy entries for missing targets and dead exceptions, the `…Testing`
/// override, and messages free of Strata's vocabulary on a package that is not Strata.
@Suite("New rules: unused-dependency, import-cycle, testable-import, unknown-target, unused-exception")
struct RuleAdditionsTests {
    @Test("a declared dependency no file imports is unused; #if branches, re-exports, executables and C targets are not")
    func unusedDependency() throws {
        let violations = try Fixture.violations("unused-dependency")
        let line = try Fixture.manifestLine(ofTarget: "StrataDomain", in: "unused-dependency")
        #expect(violations.map(\.location) == [
            "unused-dependency package.json:\(line)", "unused-dependency package.json:\(line)",
        ], "\(violations.map(\.description))")
        #expect(Set(violations.compactMap(\.subject)) == ["Logging", "StrataCrossCutting"])
        #expect(violations.allSatisfy { $0.target == "StrataDomain" })
        #expect(violations[0].fix.contains("Remove \"") && violations[0].fix.contains("from the dependencies of target \"StrataDomain\""))
    }

    @Test("a cycle among targets is reported once, spelled out, with how each edge is made")
    func importCycle() throws {
        let violations = try Fixture.violations("import-cycle")
        #expect(violations.map(\.rule) == [.importCycle, .importCycle], "\(violations.map(\.description))")
        #expect(Set(violations.compactMap(\.subject)) == [
            "StrataData → StrataSync → StrataData", "StrataJournal → StrataStore → StrataSession → StrataJournal",
        ])
        let data = try #require(violations.first { $0.target == "StrataData" })
        #expect(data.line == (try Fixture.manifestLine(ofTarget: "StrataData", in: "import-cycle")))
        #expect(data.message.contains("StrataData → StrataSync (declares)"))
    }

    @Test("an edge the layers forbid is not also an import cycle")
    func upwardImportIsNotACycleToo() throws {
        #expect(try !Fixture.violations("layer-rank").contains { $0.rule == .importCycle })
    }

    @Test("@testable import in production code is refused; test targets and test support may")
    func testableImport() throws {
        let violations = try Fixture.violations("testable-import")
        #expect(violations.map(\.location) == ["testable-import Modules/Domain/Reports.swift:2"], "\(violations.map(\.description))")
        #expect(violations.first?.subject == "StrataData")
    }

    @Test("policy entries for missing targets, value protocols nobody declares and exceptions that allow nothing are findings on their line")
    func policyEntries() throws {
        let violations = try Fixture.violations("policy-entries")
        #expect(violations.map(\.location) == [
            "unknown-target layers.json:5", "unknown-target layers.json:11", "unknown-target layers.json:11",
            "unused-exception layers.json:13", "unknown-target layers.json:14",
        ], "\(violations.map(\.description))")
        #expect(violations.map(\.subject) == ["CoreOld", "Bootstrap", "Money", "App", "Gone"])
        #expect(violations[0].fix.contains("Did you mean \"Core\"?") || violations[0].fix.contains("mayBeAbsent"))
    }

    @Test("a …Testing module whose entry states \"role\": \"production\" is production code; without it, test support")
    func testingSuffixOverride() throws {
        let json = #"{"layers": [{"name": "core", "rank": 0, "modules": ["CoreTesting", {"target": "FixturesTesting", "role": "production"}]}]}"#
        let policy = try LayerPolicy(json: Data(json.utf8), source: "layers.json")
        #expect(policy.placements.map(\.isTestOnly) == [true, false])
        #expect(try !Fixture.violations("policy-entries").contains { $0.rule == .testSupportInProduction })
    }

    @Test("top-level mayBeAbsent lets every placed target be missing (a policy shared by packages)")
    func sharedPolicy() throws {
        let json = #"{"mayBeAbsent": true, "layers": [{"name": "core", "rank": 0, "modules": ["Core", "Other"]}]}"#
        let policy = try LayerPolicy(json: Data(json.utf8), source: "layers.json")
        let package = PackageModel(name: "P", targets: [])
        let checker = LayeringChecker(package: package, policy: policy, root: URL(fileURLWithPath: "/nonexistent"))
        #expect(checker.policyViolations().isEmpty)
        let strict = try LayerPolicy(json: Data(json.replacingOccurrences(of: #""mayBeAbsent": true, "#, with: "").utf8), source: "layers.json")
        #expect(LayeringChecker(package: package, policy: strict, root: URL(fileURLWithPath: "/nonexistent")).policyViolations().count == 2)
    }

    /// Words of Strata's own architecture that must not reach another package's report.
    static let strataWords = ["strata", "host", "kit", "domain", "strictsettings", "micro-app", "datalayer", "csqlite"]

    @Test("on a package that is not Strata, no message, why or fix speaks of Strata's hosts, kits or domain")
    func neutralVocabulary() throws {
        let violations = try Fixture.violations("neutral-vocabulary")
        let rules = Set(violations.map(\.rule))
        #expect(rules.isSuperset(of: [
            .layerRank, .directDependency, .siblingHosts, .unassignedTarget, .testSupportInProduction, .layerPrivate,
            .publicSurface, .strictSettings, .isolatedSides, .compositionRoot,
        ]), "\(rules)")
        for violation in violations {
            let text = [violation.message, violation.why, violation.fix].joined(separator: " ").lowercased()
                .replacingOccurrences(of: "sibling-hosts", with: "")
            for word in Self.strataWords {
                #expect(!text.contains(word), "\(violation.rule.rawValue) says \"\(word)\": \(violation.description)")
            }
        }
        let layerPrivate = try #require(violations.first { $0.rule == .layerPrivate })
        #expect(!layerPrivate.fix.contains("factory of ."), "\(layerPrivate.fix)")
        #expect(!layerPrivate.fix.contains(" 's "), "\(layerPrivate.fix)")
    }

    @Test("--explain's examples name the policy's own layers and targets, and never Strata's on another package")
    func explainUsesThePolicy() throws {
        let policy = try Fixture.policy("neutral-vocabulary")
        for rule in Rule.allCases {
            let text = rule.explanation(in: policy).lowercased().replacingOccurrences(of: "sibling-hosts", with: "")
            for word in Self.strataWords {
                #expect(!text.contains(word), "--explain \(rule.rawValue) says \"\(word)\"")
            }
        }
        #expect(Rule.layerRank.explanation(in: policy).contains("// Core (core, rank 0)\n  import Search"))
        #expect(Rule.siblingHosts.explanation(in: policy).contains("Search"))
        let empty = LayerPolicy(layers: [], placements: [], toolchainModules: [], testOnlyToolchainModules: [], valueProtocols: [])
        #expect(Rule.layerRank.explanation(in: empty).contains("import Feature"))
    }
}
