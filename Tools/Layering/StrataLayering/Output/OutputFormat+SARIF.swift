import Foundation

/// `--format sarif`: a SARIF 2.1.0 log (OASIS), the format code-scanning services read.
///
/// One run: the driver names every rule (id, summary, why, the `--explain` text as help); each
/// violation is a result at its file (relative to `PACKAGE_ROOT`, the package root) and line,
/// fingerprinted by its ``Violation/baselineKey`` so a service tracks it across commits even
/// when lines move. With a baseline, the accepted violations are results too, suppressed
/// (`baselineState` `unchanged`), and stale entries are warnings of the invocation.
extension OutputFormat {
    /// The base every result's file is relative to: the package root.
    static let sarifRootID = "PACKAGE_ROOT"

    static func sarif(
        _ violations: [Violation], report: LayeringReport, baseline: BaselineComparison?, policy: LayerPolicy?
    ) -> String {
        let rules = Rule.allCases
        let shownWhy = Dictionary(violations.map { ($0.rule, $0.why) }, uniquingKeysWith: { first, _ in first })
        let descriptors = rules.map { rule in
            let why = policy.map { rule.why(in: $0) } ?? shownWhy[rule] ?? rule.summary
            let help = policy.map { rule.explanation(in: $0) } ?? "\(rule.summary)\n\nRun strata-check-layers --explain \(rule.rawValue)."
            return SARIFLog.Rule(
                id: rule.rawValue, shortDescription: .init(text: rule.summary), fullDescription: .init(text: why),
                help: .init(text: help), defaultConfiguration: .init(level: "error")
            )
        }
        var occurrences: [String: Int] = [:]
        func result(_ violation: Violation, state: String?, suppressed: Bool) -> SARIFLog.Result {
            let key = violation.baselineKey
            let occurrence = occurrences[key, default: 0]
            occurrences[key] = occurrence + 1
            let uri = violation.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? violation.path
            return SARIFLog.Result(
                ruleId: violation.rule.rawValue, ruleIndex: rules.firstIndex(of: violation.rule) ?? 0, level: "error",
                message: .init(text: "\(violation.message) Fix: \(violation.fix)"),
                locations: [.init(physicalLocation: .init(
                    artifactLocation: .init(uri: uri, uriBaseId: sarifRootID), region: .init(startLine: max(1, violation.line))
                ))],
                partialFingerprints: ["strataLayeringKey/v1": fingerprint("\(key)#\(occurrence)")],
                baselineState: state,
                suppressions: suppressed ? [.init(kind: "external", justification: "accepted in the layering baseline")] : nil,
                properties: .init(fix: violation.fix, target: violation.target, subject: violation.subject)
            )
        }
        var results = violations.map { result($0, state: baseline == nil ? nil : "new", suppressed: false) }
        results += (baseline?.baselined ?? []).map { result($0, state: "unchanged", suppressed: true) }
        let notifications = (baseline?.staleWarnings ?? []).map { SARIFLog.Notification(level: "warning", message: .init(text: $0)) }
        let log = SARIFLog(runs: [.init(
            tool: .init(driver: .init(
                name: "strata-check-layers", version: LayeringCheck.version, informationUri: LayeringCheck.informationURI,
                rules: descriptors
            )),
            originalUriBaseIds: [sarifRootID: .init(description: .init(text: "The root of the package checked."))],
            invocations: [.init(
                executionSuccessful: true, toolExecutionNotifications: notifications.isEmpty ? nil : notifications
            )],
            results: results
        )])
        return encoded(log)
    }

    /// A stable fingerprint of `text`: 16 hex digits (``StableHasher``).
    static func fingerprint(_ text: String) -> String {
        var hasher = StableHasher()
        hasher.add(text)
        return hasher.hex
    }
}
