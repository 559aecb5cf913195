import Foundation
@testable import StrataLayering
import StrataTestSupport
import Testing

/// `--format sarif` is a SARIF 2.1.0 log and `--format json` a versioned document: both hold to
/// their JSON schemas (`Docs/Schemas/`), checked with ``JSONSchemaValidator``; and the text
/// report prints each rule's why once.
@Suite("Output for CI: SARIF 2.1.0, the versioned JSON schema, each rule's why once")
struct OutputSchemaTests {
    /// A schema in `Docs/Schemas`.
    static func schema(_ name: String) throws -> JSONSchemaValidator {
        try JSONSchemaValidator(schema: Data(contentsOf: LayerPolicy.repositoryRoot.appendingPathComponent("Docs/Schemas/\(name)")))
    }

    /// The fixture `layer-rank` with a baseline accepting its `Modules/Data/Store.swift` violation
    /// and one entry no violation matches (stale).
    static func fixtureWithBaseline() throws -> URL {
        let folder = try CheckLayersTool.copy(fixture: "layer-rank")
        let baseline = """
            {"violations": [
              {"rule": "layer-rank", "path": "Modules/Data/Store.swift", "target": "StrataData", "subject": "StrataDomain"},
              {"rule": "layer-rank", "path": "Modules/Gone.swift", "target": "StrataData", "subject": "StrataDomain"}
            ]}
            """
        try baseline.write(to: folder.appendingPathComponent("layers-baseline.json"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test("--format sarif validates against the OASIS SARIF 2.1.0 schema, with and without a baseline")
    func sarifValidates() async throws {
        let validator = try Self.schema("sarif-schema-2.1.0.json")
        let plain = try await CheckLayersTool.run(fixture: "layer-rank", ["--format", "sarif", "--no-cache"])
        #expect(plain.status == 1, "\(plain)")
        #expect(try validator.problems(in: Data(plain.stdout.utf8)) == [])
        let folder = try Self.fixtureWithBaseline()
        let baselined = try await CheckLayersTool.run(CheckLayersTool.arguments(root: folder) + ["--format", "sarif"])
        #expect(try validator.problems(in: Data(baselined.stdout.utf8)) == [])
        // The validator is not a rubber stamp: a log without its version, or a result at line 0, is refused.
        let broken = plain.stdout.replacingOccurrences(of: "\"version\" : \"2.1.0\"", with: "\"versio\" : \"2.1.0\"")
            .replacingOccurrences(of: "\"startLine\" : 3", with: "\"startLine\" : 0")
        let problems = try validator.problems(in: Data(broken.utf8))
        #expect(problems.contains("$: missing version"))
        #expect(problems.contains { $0.hasSuffix("region.startLine: below 1.0") })
    }

    @Test("the SARIF run names the tool and every rule with its why, and each result its rule, file, line and fingerprint")
    func sarifContent() async throws {
        let outcome = try await CheckLayersTool.run(fixture: "layer-rank", ["--format", "sarif", "--no-cache"])
        let log = try JSONSchemaValidator.Value.parse(Data(outcome.stdout.utf8))
        #expect(log["version"] == .string("2.1.0"))
        guard case .array(let runs)? = log["runs"], let run = runs.first else { Issue.record("no run"); return }
        let driver = try #require(run["tool"]?["driver"])
        #expect(driver["name"] == .string("strata-check-layers"))
        #expect(driver["version"] == .string(LayeringCheck.version))
        #expect(driver["informationUri"] != nil)
        guard case .array(let rules)? = driver["rules"] else { Issue.record("no rules"); return }
        let arguments = CheckLayersTool.arguments(root: Fixture.folder.appendingPathComponent("layer-rank"))
        let policy = try LayerPolicy.load(from: URL(fileURLWithPath: arguments[arguments.firstIndex(of: "--policy")! + 1]))
        #expect(rules.map { $0["id"] } == Rule.allCases.map { .string($0.rawValue) })
        #expect(rules.map { $0["fullDescription"]?["text"] } == Rule.allCases.map { .string($0.why(in: policy)) })
        #expect(rules.allSatisfy { $0["shortDescription"]?["text"] != nil && $0["help"]?["text"] != nil })

        guard case .array(let results)? = run["results"] else { Issue.record("no results"); return }
        let expected = try Fixture.violations("layer-rank")
        #expect(results.count == expected.count)
        let store = try #require(results.first { $0["locations"].map { "\($0)".contains("Modules/Data/Store.swift") } == true })
        #expect(store["ruleId"] == .string("layer-rank"))
        #expect(store["level"] == .string("error"))
        guard case .array(let locations)? = store["locations"], let location = locations.first?["physicalLocation"] else {
            Issue.record("no location"); return
        }
        #expect(location["artifactLocation"]?["uri"] == .string("Modules/Data/Store.swift"))
        #expect(location["artifactLocation"]?["uriBaseId"] == .string("PACKAGE_ROOT"))
        #expect(location["region"]?["startLine"] == .number(3))
        let key = try #require(expected.first { $0.path == "Modules/Data/Store.swift" }).baselineKey
        #expect(store["partialFingerprints"]?["strataLayeringKey/v1"] == .string(OutputFormat.fingerprint(key + "#0")))
    }

    @Test("--format json carries schemaVersion and validates against Docs/Schemas/strata-check-layers-report.schema.json")
    func jsonValidates() async throws {
        let validator = try Self.schema("strata-check-layers-report.schema.json")
        let plain = try await CheckLayersTool.run(fixture: "layer-rank", ["--format", "json", "--no-cache"])
        #expect(plain.stdout.contains("\"schemaVersion\" : \"\(OutputFormat.jsonSchemaVersion)\""))
        #expect(try validator.problems(in: Data(plain.stdout.utf8)) == [])
        let folder = try Self.fixtureWithBaseline()
        let baselined = try await CheckLayersTool.run(CheckLayersTool.arguments(root: folder) + ["--format", "json"])
        #expect(try validator.problems(in: Data(baselined.stdout.utf8)) == [])
        #expect(baselined.stdout.contains("\"staleBaselineEntries\""))
        let clean = try await CheckLayersTool.run(fixture: "clean", ["--format", "json", "--no-cache"])
        #expect(try validator.problems(in: Data(clean.stdout.utf8)) == [])
        #expect(try validator.problems(in: Data(#"{"schemaVersion": "2.0"}"#.utf8)).contains("$.schemaVersion: does not match ^1\\.[0-9]+$"))
    }

    @Test("text output prints each rule's why once, under its first violation, and every violation's fix")
    func whyOncePerRule() async throws {
        let outcome = try await CheckLayersTool.run(fixture: "layer-rank", ["--no-cache"])
        let violations = try Fixture.violations("layer-rank")
        let rules = Set(violations.map(\.rule))
        #expect(outcome.stdout.components(separatedBy: "\n  Why: ").count - 1 == rules.count)
        #expect(outcome.stdout.components(separatedBy: "\n  Fix: ").count - 1 == violations.count)
        for rule in rules {
            let first = try #require(violations.first { $0.rule == rule })
            #expect(outcome.stdout.contains("\(first.path):\(first.line): [\(rule.rawValue)] \(first.message)\n  Why: \(first.why)\n"))
        }
    }
}
