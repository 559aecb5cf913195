public import Foundation

/// How violations are printed: for people (`text`), for programs (`json`, versioned by
/// ``OutputFormat/jsonSchemaVersion``), as GitHub Actions annotations (`github`:
/// `::error file=…,line=…,title=…::…`, shown on the pull request's diff), as a SARIF 2.1.0
/// log (`sarif`, for code-scanning services), or as compiler diagnostics (`diagnostics`:
/// `file:line:1: error: …`, which IDEs show on the line; the build-tool plugin's format).
public enum OutputFormat: String, CaseIterable, Sendable {
    /// `path:line: [rule] message` and `Fix:` per edge (``ViolationGroup``: one target's
    /// violations of one rule for one module, the other places under `Also at:`), each rule's
    /// `Why:` once (under its first violation), stale baseline entries as warnings, then a summary.
    case text
    /// One JSON object: the violations with every field, stale baseline entries and the counts
    /// (`Docs/Schemas/strata-check-layers-report.schema.json`).
    case json
    /// One `::error` workflow command per violation, a `::warning` per stale baseline entry,
    /// then a summary line.
    case github
    /// A SARIF 2.1.0 log: one run, every rule with its why and help, one result per violation
    /// (baselined ones too, suppressed), fingerprints from ``Violation/baselineKey``.
    case sarif
    /// `path:line:1: error: [rule] message` per violation with `note:` lines for the fix and
    /// (once per rule) the why, paths absolute when a root is given, then a summary.
    case diagnostics

    /// The whole report for `violations` of `report`, ending in a newline. `policy` gives the
    /// why of rules without violations (SARIF lists every rule); `root` makes `diagnostics`'
    /// paths absolute.
    public func render(
        _ violations: [Violation], of report: LayeringReport, baseline: BaselineComparison? = nil, policy: LayerPolicy? = nil,
        root: URL? = nil
    ) -> String {
        switch self {
        case .text: Self.text(violations, report: report, baseline: baseline)
        case .json: Self.json(violations, report: report, baseline: baseline)
        case .github: Self.github(violations, report: report, baseline: baseline)
        case .sarif: Self.sarif(violations, report: report, baseline: baseline, policy: policy)
        case .diagnostics: Self.diagnostics(violations, report: report, baseline: baseline, root: root)
        }
    }

    /// Each violation's location, message and fix; a rule's why only under its first violation
    /// (a package with 300 violations of two rules prints two whys, not 300).
    private static func text(_ violations: [Violation], report: LayeringReport, baseline: BaselineComparison?) -> String {
        var explained: Set<Rule> = []
        var out = ""
        for group in ViolationGroup.grouping(violations) {  // one block per edge, every place listed
            let first = group.violations[0]
            let message = group.violations.count == 1 ? first.message : group.message
            out += "\(first.path):\(first.line): [\(group.rule.rawValue)] \(message)\n"
            if group.violations.count > 1 { out += "  Also at: \(group.locations.dropFirst().joined(separator: ", "))\n" }
            if explained.insert(group.rule).inserted { out += "  Why: \(group.why)\n" }
            out += "  Fix: \(group.fix)\n\n"
        }
        for warning in baseline?.staleWarnings ?? [] { out += warning + "\n" }
        if baseline?.fixed.isEmpty == false { out += "\n" }
        out += summary(violations, report: report, baseline: baseline) + "\n"
        return out
    }

    /// `3 layering violations (layer-rank 2, direct-dependency 1) in 41 targets, 512 Swift files.`
    static func summary(_ violations: [Violation], report: LayeringReport, baseline: BaselineComparison?) -> String {
        let scope = "\(report.targetCount) targets, \(report.fileCount) Swift files"
        var line: String
        if violations.isEmpty {
            line = "No layering violations in \(scope)."
        } else {
            let counts = Dictionary(grouping: violations, by: \.rule).mapValues(\.count)
            let rules = Rule.allCases.compactMap { rule in counts[rule].map { "\(rule.rawValue) \($0)" } }
            let noun = violations.count == 1 ? "violation" : "violations"
            line = "\(violations.count) layering \(noun) (\(rules.joined(separator: ", "))) in \(scope). "
                + "Run with --explain RULE for a rule's full explanation."
        }
        if let baseline { line += " " + baseline.summary }
        return line
    }

    private static func github(_ violations: [Violation], report: LayeringReport, baseline: BaselineComparison?) -> String {
        var out = ""
        for violation in violations {
            let properties = "file=\(escapeProperty(violation.path)),line=\(violation.line),"
                + "title=\(escapeProperty("layering: " + violation.rule.rawValue))"
            let body = "\(violation.message)\nWhy: \(violation.why)\nFix: \(violation.fix)"
            out += "::error \(properties)::\(escapeData(body))\n"
        }
        for warning in baseline?.staleWarnings ?? [] {
            out += "::warning title=\(escapeProperty("layering: stale baseline entry"))::\(escapeData(warning))\n"
        }
        return out + summary(violations, report: report, baseline: baseline) + "\n"
    }

    /// GitHub's escaping of a workflow command's message.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// GitHub's escaping of a workflow command's property value.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// `document` as pretty, key-sorted JSON ending in a newline.
    static func encoded(_ document: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
