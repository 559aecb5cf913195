import Foundation
import StrataContainer
import StrataCrossCutting
import StrataDomain

/// Text output for case reports: a table for listings, labelled lines for one report (the
/// shapes `strata-host reports list|show` has always printed).
enum ReportText {
    /// A table of reports (id, patient, age, gender, follow, created day, memo), or a sentence
    /// when empty; `TextTable` escapes every control character in the cells.
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

    /// One report as labelled lines: one-line fields with every control character escaped,
    /// the memo keeping its line breaks and tabs (a store written before names refused control
    /// characters may still hold some).
    static func detail(_ report: CaseReport, calendar: Calendar) -> String {
        let lines: [(String, String)] = [
            ("id", TerminalText.escaped(report.objectId ?? "")),
            ("patient", TerminalText.escaped(report.patientName)),
            ("age", String(report.age)),
            ("gender", report.gender.name),
            ("follow", report.isFollow ? "yes" : "no"),
            ("memo", report.memo),
            ("created", DayText.instant(report.createdAt)),
            ("updated", DayText.instant(report.updatedAt)),
        ]
        return TextTable.labelled(lines)
    }
}
