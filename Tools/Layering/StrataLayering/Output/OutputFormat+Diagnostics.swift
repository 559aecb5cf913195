import Foundation

/// `--format diagnostics`: the compiler's shape, `file:line:column: error: message`, which
/// Xcode and editors show on the line when a build-tool plugin's command prints it.
extension OutputFormat {
    static func diagnostics(
        _ violations: [Violation], report: LayeringReport, baseline: BaselineComparison?, root: URL?
    ) -> String {
        var explained: Set<Rule> = []
        var out = ""
        for violation in violations {
            let path = root.map { $0.appendingPathComponent(violation.path).path } ?? violation.path
            let location = "\(path):\(max(1, violation.line)):1"
            out += "\(location): error: [\(violation.rule.rawValue)] \(violation.message)\n"
            out += "\(location): note: Fix: \(violation.fix)\n"
            if explained.insert(violation.rule).inserted { out += "\(location): note: Why: \(violation.why)\n" }
        }
        for warning in baseline?.staleWarnings ?? [] { out += warning + "\n" }
        return out + summary(violations, report: report, baseline: baseline) + "\n"
    }
}
