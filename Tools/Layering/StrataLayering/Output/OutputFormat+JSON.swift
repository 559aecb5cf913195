/// `--format json`: one document, versioned (``OutputFormat/jsonSchemaVersion``) and
/// described by `Docs/Schemas/strata-check-layers-report.schema.json`.
extension OutputFormat {
    /// The version of the `--format json` document: the major number changes when a field is
    /// removed or changes meaning, the minor one when a field is added.
    public static let jsonSchemaVersion = "1.0"

    static func json(_ violations: [Violation], report: LayeringReport, baseline: BaselineComparison?) -> String {
        encoded(JSONReport(
            schemaVersion: jsonSchemaVersion, tool: .init(name: "strata-check-layers", version: LayeringCheck.version),
            violations: violations.map(JSONReport.Entry.init), count: violations.count, targets: report.targetCount,
            files: report.fileCount, baselined: baseline?.baselined.count, fixedBaselineEntries: baseline?.fixed.count,
            staleBaselineEntries: baseline?.fixed.map(JSONReport.Stale.init)
        ))
    }
}

/// The `--format json` document.
private struct JSONReport: Encodable {
    struct Tool: Encodable {
        let name, version: String
    }

    struct Entry: Encodable {
        let rule, file, message, why, fix, baselineKey: String
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
            baselineKey = violation.baselineKey
        }
    }

    struct Stale: Encodable {
        let rule, file, baselineKey: String
        let target, subject, message: String?

        init(_ entry: Baseline.Entry) {
            rule = entry.rule
            file = entry.path
            target = entry.target
            subject = entry.subject
            message = entry.message
            baselineKey = entry.key
        }
    }

    let schemaVersion: String
    let tool: Tool
    let violations: [Entry]
    let count, targets, files: Int
    let baselined, fixedBaselineEntries: Int?
    let staleBaselineEntries: [Stale]?
}
