import Foundation

/// How violations are printed: for people (`text`), for programs (`json`), or as GitHub
/// Actions annotations (`github`: `::error file=…,line=…,title=…::…`, shown on the pull
/// request's diff).
public enum OutputFormat: String, CaseIterable, Sendable {
    /// `path:line: [rule] message`, then `Why:` and `Fix:` lines, then a summary.
    case text
    /// One JSON object: the violations with every field, and the counts.
    case json
    /// One `::error` workflow command per violation, then a summary line.
    case github

    /// The whole report for `violations` of `report`, ending in a newline.
    public func render(_ violations: [Violation], of report: LayeringReport, baseline: BaselineComparison? = nil) -> String {
        switch self {
        case .text: Self.text(violations, report: report, baseline: baseline)
        case .json: Self.json(violations, report: report, baseline: baseline)
        case .github: Self.github(violations, report: report, baseline: baseline)
        }
    }

    private static func text(_ violations: [Violation], report: LayeringReport, baseline: BaselineComparison?) -> String {
        var out = violations.map { $0.description + "\n\n" }.joined()
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
            let rules = Rule.allCases.compactMap { rule -> String? in
                let count = violations.filter { $0.rule == rule }.count
                return count == 0 ? nil : "\(rule.rawValue) \(count)"
            }
            let noun = violations.count == 1 ? "violation" : "violations"
            line = "\(violations.count) layering \(noun) (\(rules.joined(separator: ", "))) in \(scope). "
                + "Run with --explain RULE for a rule's full explanation."
        }
        if let baseline { line += " " + baseline.summary }
        return line
    }

    private static func json(_ violations: [Violation], report: LayeringReport, baseline: BaselineComparison?) -> String {
        let document = JSONReport(
            violations: violations.map(JSONReport.Entry.init), count: violations.count, targets: report.targetCount,
            files: report.fileCount, baselined: baseline?.baselined.count, fixedBaselineEntries: baseline?.fixed.count
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func github(_ violations: [Violation], report: LayeringReport, baseline: BaselineComparison?) -> String {
        var out = ""
        for violation in violations {
            let properties = "file=\(escapeProperty(violation.path)),line=\(violation.line),"
                + "title=\(escapeProperty("layering: " + violation.rule.rawValue))"
            let body = "\(violation.message)\nWhy: \(violation.why)\nFix: \(violation.fix)"
            out += "::error \(properties)::\(escapeData(body))\n"
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
}

/// The `--format json` document.
private struct JSONReport: Encodable {
    struct Entry: Encodable {
        let rule, file, message, why, fix: String
        let line: Int
        let target, subject: String?

        init(_ violation: Violation) {
            rule = violation.rule.rawValue
            file = violation.path
            line = violation.line
            message = violation.message
            why = violation.why
            fix = violation.fix
            target = violation.target
            subject = violation.subject
        }
    }

    let violations: [Entry]
    let count, targets, files: Int
    let baselined, fixedBaselineEntries: Int?
}
