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
        guard !reports.isEmpty else { return localized("No case reports.", ja: "症例報告はありません。") }
        var table = TextTable(
            headers: [
                "ID", localized("PATIENT", ja: "患者"), localized("AGE", ja: "年齢"), localized("GENDER", ja: "性別"),
                localized("FOLLOW", ja: "フォロー"), localized("CREATED", ja: "作成日"), localized("MEMO", ja: "メモ"),
            ],
            alignments: [.left, .left, .right]
        )
        table.rows = reports.map { report in
            [
                report.objectId ?? "",
                report.patientName,
                String(report.age),
                report.gender.name,
                yesNo(report.isFollow),
                DayText.day(report.createdAt, calendar: calendar),
                TextTable.truncate(report.memo, to: 32),
            ]
        }
        return table.render()
    }

    /// One report as labelled lines, one per declared field (``CaseReport/declaredFields``,
    /// through `DeclaredObject.labelledLines(of:calendar:)`): one-line fields with every control
    /// character escaped, multi-line ones (the memo) keeping their line breaks and tabs.
    static func detail(_ report: CaseReport, calendar: Calendar) -> String {
        TextTable.labelled([("id", TerminalText.escaped(report.objectId ?? ""))] + CaseReport.labelledLines(of: report, calendar: calendar))
    }

    /// `yes`/`no` for people (`はい`/`いいえ` in Japanese).
    static func yesNo(_ value: Bool) -> String { value.displayText }
}
