import Foundation
import StrataCrossCutting
import StrataDomain

/// Text output for case reports: a table for listings, labelled lines for one report.
enum ReportText {
    /// A table of reports (id, patient, age, gender, follow, created day, memo), or a sentence when empty.
    static func table(_ reports: [CaseReport], calendar: Calendar) -> String {
        guard !reports.isEmpty else { return "No case reports." }
        var table = TextTable(
            headers: ["ID", "PATIENT", "AGE", "GENDER", "FOLLOW", "CREATED", "MEMO"],
            alignments: [.left, .left, .right]
        )
        table.rows = reports.map { report in
            [
                report.objectId ?? "",
                report.patientName,
                String(report.age),
                report.gender.name,
                report.isFollow ? "yes" : "no",
                DayText.day(report.createdAt, calendar: calendar),
                TextTable.truncate(report.memo, to: 32),
            ]
        }
        return table.render()
    }

    /// One report as labelled lines.
    static func detail(_ report: CaseReport, calendar: Calendar) -> String {
        let lines: [(String, String)] = [
            ("id", report.objectId ?? ""),
            ("patient", report.patientName),
            ("age", String(report.age)),
            ("gender", report.gender.name),
            ("follow", report.isFollow ? "yes" : "no"),
            ("memo", report.memo),
            ("created", DayText.instant(report.createdAt)),
            ("updated", DayText.instant(report.updatedAt)),
        ]
        return labelled(lines)
    }

    /// `label  value` lines with the values aligned; continuation lines of a value are indented.
    static func labelled(_ lines: [(String, String)]) -> String {
        let width = lines.map(\.0.count).max() ?? 0
        let indent = String(repeating: " ", count: width + 2)
        return lines.map { label, value in
            let padded = label + String(repeating: " ", count: width - label.count) + "  "
            let valueLines = value.split(separator: "\n", omittingEmptySubsequences: false)
            return (padded + (valueLines.first.map(String.init) ?? ""))
                + valueLines.dropFirst().map { "\n" + indent + $0 }.joined()
        }.joined(separator: "\n")
    }
}
