import Foundation
@testable import StrataLayering
import StrataTestSupport
import Testing

/// Baseline keys survive edits that do not touch the violation (its message names dependency
/// chains, which any manifest edit can change), old baseline files still load, and stale
/// entries are reported (failing the run with `--strict-baseline`).
@Suite("Baseline keys: rule, file, target, subject; stale entries reported")
struct BaselineKeyTests {
    /// A direct-dependency violation whose message names the chain `chain`.
    static func violation(chain: String, line: Int = 4) -> Violation {
        Violation(
            rule: .directDependency, path: "Sources/App/main.swift", line: line,
            message: "App imports Logging, which it reaches only through \(chain).", why: "w", fix: "f",
            target: "App", subject: "Logging"
        )
    }

    @Test("a violation whose message changed (a new dependency chain after a manifest edit) is still the baselined one")
    func messageChangeKeepsTheEntry() {
        let before = Self.violation(chain: "App → Core → Logging")
        let after = Self.violation(chain: "App → Core → Util → Logging", line: 9)
        let comparison = Baseline([before]).compare([after])
        #expect(comparison.new.isEmpty && comparison.baselined == [after] && comparison.fixed.isEmpty)
        #expect(before.baselineKey == "direct-dependency|Sources/App/main.swift|App|Logging")
    }

    @Test("thirty baselined violations stay baselined after a manifest edit changes every message")
    func manyMessagesChange() {
        let before = (1...30).map { Violation(
            rule: .directDependency, path: "Sources/T\($0)/a.swift", line: 1, message: "via A → B", why: "w", fix: "f",
            target: "T\($0)", subject: "Logging"
        ) }
        let after = before.map { Violation(
            rule: $0.rule, path: $0.path, line: 2, message: "via A → C → B", why: $0.why, fix: $0.fix, target: $0.target,
            subject: $0.subject
        ) }
        let comparison = Baseline(before).compare(after)
        #expect(comparison.new.isEmpty && comparison.baselined.count == 30 && comparison.fixed.isEmpty)
    }

    @Test("a baseline file written before (every entry with its message) loads and matches by the new key")
    func oldFilesLoad() throws {
        let folder = TemporaryRoot.directory("baseline-old")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("layers-baseline.json")
        let old = """
            {
              "$comment" : "Layering violations accepted when the rule was adopted.",
              "violations" : [
                {
                  "message" : "App imports Logging, which it reaches only through App → Core → Logging.",
                  "path" : "Sources/App/main.swift",
                  "rule" : "direct-dependency",
                  "subject" : "Logging",
                  "target" : "App"
                }
              ]
            }
            """
        try old.write(to: file, atomically: true, encoding: .utf8)
        let baseline = try Baseline.load(from: file)
        #expect(baseline.entries.first?.message?.hasSuffix("App → Core → Logging.") == true)
        let comparison = baseline.compare([Self.violation(chain: "App → Core → Util → Logging")])
        #expect(comparison.new.isEmpty && comparison.baselined.count == 1)
    }

    @Test("stale entries are listed as warnings (exit 0), and fail the run with --strict-baseline")
    func staleEntriesAreReported() async throws {
        let folder = try OutputSchemaTests.fixtureWithBaseline()
        let options = CheckLayersTool.arguments(root: folder) + ["--no-cache"]
        let withoutStale = try await CheckLayersTool.run(options + ["--format", "json", "--no-baseline"])
        let total = try JSONReportDocument.parse(withoutStale.stdout).count
        // Accept everything else too, so only the stale entry is left to report.
        let write = try await CheckLayersTool.run(options + ["--write-baseline"])
        #expect(write.status == 0, "\(write)")
        let file = folder.appendingPathComponent("layers-baseline.json")
        let written = try String(contentsOf: file, encoding: .utf8)
        try written.replacingOccurrences(of: "\"violations\" : [", with: """
            "violations" : [
                { "path" : "Modules/Gone.swift", "rule" : "layer-rank", "subject" : "StrataDomain", "target" : "StrataData" },
            """).write(to: file, atomically: true, encoding: .utf8)

        let lenient = try await CheckLayersTool.run(options)
        #expect(lenient.status == 0, "\(lenient)")
        #expect(lenient.stdout.contains(
            "warning: stale baseline entry [layer-rank] Modules/Gone.swift (target StrataData, StrataDomain): no such violation any "
                + "more; run --write-baseline to drop it.\n"
        ))
        #expect(lenient.stdout.hasSuffix(
            "Baseline: \(total) accepted violations still present, 1 entry fixed or stale (run --write-baseline to drop it).\n"
        ))
        let github = try await CheckLayersTool.run(options + ["--format", "github"])
        #expect(github.stdout.contains("::warning title=layering%3A stale baseline entry::warning: stale baseline entry"))

        let strict = try await CheckLayersTool.run(options + ["--strict-baseline"])
        #expect(strict.status == 1, "\(strict)")
        try written.write(to: file, atomically: true, encoding: .utf8)
        #expect(try await CheckLayersTool.run(options + ["--strict-baseline"]).status == 0)
    }
}
