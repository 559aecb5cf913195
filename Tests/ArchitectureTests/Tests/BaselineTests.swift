import Foundation
@testable import StrataLayering
import StrataTestSupport
import Testing

/// `--write-baseline` records today's violations; later runs report only new ones and say how
/// many baseline entries were fixed — through the executable, on a copy of a fixture.
@Suite("Baseline: adopt the rule step by step")
struct BaselineTests {
    @Test("after --write-baseline the same violations pass; a fixed one is counted; a new one fails alone")
    func baselineReportsOnlyNewViolations() async throws {
        let folder = try CheckLayersTool.copy(fixture: "layer-rank")
        let options = CheckLayersTool.arguments(root: folder)

        let write = try await CheckLayersTool.run(options + ["--write-baseline"])
        #expect(write.status == 0, "\(write)")
        #expect(write.stdout == "Wrote 3 violation(s) to layers-baseline.json: later runs report only new ones.\n")
        let baseline = try String(contentsOf: folder.appendingPathComponent("layers-baseline.json"), encoding: .utf8)
        #expect(!baseline.contains("\"line\""), "baseline keys must not depend on line numbers")

        let again = try await CheckLayersTool.run(options)
        #expect(again.status == 0, "\(again)")
        #expect(again.stdout.hasSuffix(
            "No layering violations in 5 targets, 5 Swift files. Baseline: 3 accepted violations still present, none fixed.\n"
        ))

        // Lines move (a comment on top): still the same violations.
        let store = folder.appendingPathComponent("Modules/Data/Store.swift")
        let original = try String(contentsOf: store, encoding: .utf8)
        try ("// moved down a line\n" + original).write(to: store, atomically: true, encoding: .utf8)
        #expect(try await CheckLayersTool.run(options).status == 0)

        // Fix one: the baseline entry is reported as fixed.
        try original.replacingOccurrences(of: "import StrataDomain", with: "import StrataCrossCutting")
            .write(to: store, atomically: true, encoding: .utf8)
        let fixed = try await CheckLayersTool.run(options + ["--format", "json"])
        #expect(fixed.status == 0, "\(fixed)")
        let document = try JSONReportDocument.parse(fixed.stdout)
        #expect(document.baselined == 2 && document.fixedBaselineEntries == 1)

        // A new violation: reported alone, status 1.
        let clock = folder.appendingPathComponent("Modules/CrossCutting/Clock.swift")
        let clockText = try String(contentsOf: clock, encoding: .utf8)
        try (clockText + "\nimport StrataDomain\n").write(to: clock, atomically: true, encoding: .utf8)
        let new = try await CheckLayersTool.run(options + ["--format", "json"])
        #expect(new.status == 1)
        #expect(try JSONReportDocument.parse(new.stdout).violations.map(\.message) == [
            "StrataCrossCutting (cross-cutting, rank 0) imports StrataDomain (domain, rank 2).",
        ])
        let everything = try await CheckLayersTool.run(options + ["--no-baseline", "--format", "json"])
        #expect(try JSONReportDocument.parse(everything.stdout).count == 3)
    }

    @Test("a baseline entry accepts one violation: a second identical one is new")
    func entriesAreCounted() throws {
        let violation = Violation(
            rule: .layerRank, path: "A.swift", line: 3, message: "m", why: "w", fix: "f", target: "A", subject: "B"
        )
        let moved = Violation(
            rule: .layerRank, path: "A.swift", line: 9, message: "m", why: "w", fix: "f", target: "A", subject: "B"
        )
        let comparison = Baseline([violation]).compare([violation, moved])
        #expect(comparison.baselined == [violation] && comparison.new == [moved] && comparison.fixed.isEmpty)
        #expect(Baseline([violation, moved]).compare([]).fixed.count == 2)
        #expect(Baseline([violation]).compare([]).summary
            == "Baseline: 0 accepted violations still present, 1 entry fixed or stale (run --write-baseline to drop it).")
    }
}
