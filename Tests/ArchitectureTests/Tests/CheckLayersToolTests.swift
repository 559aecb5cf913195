import Foundation
@testable import StrataLayering
import StrataTestSupport
import Testing

/// The planted fixtures again, now through the built `strata-check-layers` executable as a
/// child process: the tool `swift package check-layers` runs finds exactly what the library
/// finds, exits 1 on violations and 0 on a clean package, and speaks every format.
@Suite("strata-check-layers as a child process: every rule, every format, its exit codes")
struct CheckLayersToolTests {
    @Test("every planted fixture gives the same violations through the executable, with status 1 (0 when clean)", arguments: Fixture.cases)
    func everyFixtureThroughTheExecutable(_ name: String) async throws {
        let outcome = try await CheckLayersTool.run(fixture: name, ["--format", "json"])
        let expected = try Fixture.violations(name)
        #expect(outcome.status == (expected.isEmpty ? 0 : 1), "\(outcome)")
        let document = try JSONReportDocument.parse(outcome.stdout)
        #expect(document.violations.map(\.location) == expected.map(\.location))
        #expect(document.violations.map(\.fix) == expected.map(\.fix))
        #expect(document.count == expected.count)
    }

    @Test("the executable's fixtures prove every rule")
    func everyRuleThroughTheExecutable() async throws {
        var rules: Set<String> = []
        for name in Fixture.cases {
            let outcome = try await CheckLayersTool.run(fixture: name, ["--format", "json"])
            rules.formUnion(try JSONReportDocument.parse(outcome.stdout).violations.map(\.rule))
        }
        #expect(rules == Set(Rule.allCases.map(\.rawValue)))
    }

    @Test("text output: each violation with file:line, rule and fix, each rule's why once, then a summary")
    func textOutput() async throws {
        let outcome = try await CheckLayersTool.run(fixture: "layer-rank")
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains(
            "Modules/Data/Store.swift:3: [layer-rank] StrataData (data, rank 1) imports StrataDomain (domain, rank 2).\n  Fix: "
        ))
        #expect(outcome.stdout.components(separatedBy: "\n  Why: Layers are stacked").count == 2)
        #expect(outcome.stdout.contains("\n  Fix: Keep the arrow pointing down."))
        #expect(outcome.stdout.hasSuffix(
            "3 layering violations (layer-rank 3) in 5 targets, 5 Swift files. Run with --explain RULE for a rule's full "
                + "explanation.\n"
        ))
        #expect(outcome.stderr.isEmpty)
    }

    @Test("github output: one ::error annotation per violation with file, line and title, newlines escaped")
    func githubAnnotations() async throws {
        let outcome = try await CheckLayersTool.run(fixture: "layer-rank", ["--format", "github"])
        #expect(outcome.status == 1)
        let annotations = outcome.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(annotations.count == 3)
        let store = try #require(annotations.last)
        #expect(store.hasPrefix(
            "::error file=Modules/Data/Store.swift,line=3,title=layering%3A layer-rank::StrataData (data, rank 1) imports "
                + "StrataDomain (domain, rank 2).%0AWhy: Layers are stacked"
        ))
        #expect(store.contains("%0AFix: Keep the arrow pointing down."))
    }

    @Test("--graph dot and mermaid draw the package by layer with the violating edge in red, status 0")
    func graphThroughTheExecutable() async throws {
        let dot = try await CheckLayersTool.run(fixture: "layer-rank", ["--graph", "dot"])
        #expect(dot.status == 0, "\(dot)")
        #expect(dot.stdout.hasPrefix("digraph layers {"))
        #expect(dot.stdout.contains("StrataData -> StrataDomain [color=red, fontcolor=red, label=\"layer-rank\", style=dashed];"))
        let mermaid = try await CheckLayersTool.run(fixture: "layer-rank", ["--graph", "mermaid", "--graph-all"])
        #expect(mermaid.stdout.contains("subgraph layer") && mermaid.stdout.contains("strata_bench_store"))
    }

    @Test("a clean package exits 0 and says how much it read")
    func cleanPackage() async throws {
        let outcome = try await CheckLayersTool.run(fixture: "clean")
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout.hasPrefix("No layering violations in "))
    }

    @Test("--explain prints the rule's why with a ❌ and a ✅ example; an unknown rule lists them all (status 64)")
    func explainRules() async throws {
        for rule in Rule.allCases {
            let outcome = try await CheckLayersTool.run(["--explain", rule.rawValue, "--policy", "/nonexistent/layers.json"])
            #expect(outcome.status == 0, "\(outcome)")
            #expect(outcome.stdout.hasPrefix("\(rule.rawValue): \(rule.summary)\n"))
            #expect(outcome.stdout.contains("❌ Breaks it") && outcome.stdout.contains("✅ Follows it"))
        }
        let ranks = try await CheckLayersTool.run([
            "--explain", "layer-rank", "--policy", LayerPolicy.repositoryRoot.appendingPathComponent("layers.json").path,
        ])
        #expect(ranks.stdout.contains("cross-cutting (0), data and hosting runtime (1), domain (2)"))
        let unknown = try await CheckLayersTool.run(["--explain", "upward-import"])
        #expect(unknown.status == 64)
        #expect(unknown.stderrLines.first == "strata-check-layers: no rule \"upward-import\"; expected one of these:")
        #expect(unknown.stderrLines.count == 1 + Rule.allCases.count)
        #expect(unknown.stderr.contains("  composition-root "))
    }

    @Test("a usage error is one line on standard error with status 64; --help explains and exits 0")
    func usageErrorsAndHelp() async throws {
        let bad = try await CheckLayersTool.run(["--format", "xml"])
        #expect(bad.status == 64)
        #expect(bad.stderrLines == [
            "strata-check-layers: The value 'xml' is invalid for '--format <format>'. Please provide one of 'text', "
                + "'json', 'github', 'sarif' or 'diagnostics'. (see strata-check-layers --help)",
        ])
        let contradiction = try await CheckLayersTool.run(["--write-baseline", "--no-baseline"])
        #expect(contradiction.status == 64)
        #expect(contradiction.stderrLines.count == 1)
        let help = try await CheckLayersTool.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Exit status: 0 no violations"))
        #expect(help.stdout.contains("--explain <rule>") && help.stdout.contains("--graph <graph>"))
    }

    @Test("a missing or malformed policy is one line naming the file and the key, status 65")
    func unreadablePolicy() async throws {
        let root = Fixture.folder.appendingPathComponent("clean")
        let missing = try await CheckLayersTool.run(
            CheckLayersTool.arguments(root: root, policy: URL(fileURLWithPath: "/nonexistent/layers.json"))
        )
        #expect(missing.status == 65)
        #expect(missing.stderrLines == [
            "strata-check-layers: /nonexistent/layers.json: no policy file; expected a layers.json at the package root "
                + "describing the layers (see Docs/LearnLayering.md), or pass --policy FILE",
        ])
        let folder = try CheckLayersTool.copy(fixture: "clean")
        let policy = folder.appendingPathComponent("layers.json")
        try Data(#"{"layers": [{"name": "core", "rank": "zero", "modules": []}]}"#.utf8).write(to: policy)
        let malformed = try await CheckLayersTool.run(CheckLayersTool.arguments(root: folder, policy: policy))
        #expect(malformed.status == 65)
        #expect(malformed.stderrLines == [
            "strata-check-layers: layers.json: layers[0].rank: expected a whole number, found the string \"zero\"",
        ])
    }
}
